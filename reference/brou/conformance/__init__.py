"""The conformance suite: the scenario corpus, the protocol, the harness that runs the
corpus against any implementation, and the reference engine behind the protocol."""

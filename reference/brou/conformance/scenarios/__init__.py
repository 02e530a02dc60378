"""Step 1 of the conformance suite: the scenario model, its selection, and the corpus's files."""

"""The conformance suite, in the order a scenario travels (docs/design.md, "The conformance
steps"): `scenarios` (the scenario model and the corpus's files), `protocol` (the line protocol,
the runner of a program, the reference engine behind it), `judging` (a step compared, a
scenario's verdict), `diagnosis` (the clause each failure breaks, the run's verdict), `cases`
(the corpus generated, boundaries, witnesses, fuzzing and shrinking) and `reporting` (text, JSON,
JUnit, the pytest plugin, `brou check` and `brou fuzz`).  Each step imports only from the
steps before it (tests/test_layers.py)."""

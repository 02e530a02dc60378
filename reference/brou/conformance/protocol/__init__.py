"""Step 2: the line protocol (conformance/PROTOCOL.md), the runner of a program, and the reference engine behind it."""

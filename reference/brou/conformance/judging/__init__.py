"""Step 3: judging an answer: a step compared with its expectation, a scenario's verdict."""

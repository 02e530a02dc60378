"""Step 5: making cases: the generated corpus, boundaries, witnesses, fuzzing and shrinking."""

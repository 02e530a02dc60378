"""Step 4: diagnosing: the clause each failure breaks, the run's verdict and what reproduces it."""

"""Step 6: reporting: text, JSON, JUnit, the pytest plugin and the commands `brou check`, `brou fuzz`, `brou coverage`."""

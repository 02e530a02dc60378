"""Makes the kit a package for the type checker only (the repository holds two `adapter.py`); the kit runs without it."""

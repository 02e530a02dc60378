"""The printable rulebook: Sphinx extension and pictures."""

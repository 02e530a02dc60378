# The API reference: Sphinx autodoc of the library's public modules, from their docstrings.
# Built by `make api` (and `make rulebook`, with the books) into build/api/, with warnings as
# errors; tests/test_api_reference.py builds it too.
from __future__ import annotations

from brou import __version__

project = "Brou: the library"
author = "The Brou project"
copyright = "2026, the Brou project"
version = release = __version__

extensions = ["sphinx.ext.autodoc"]
root_doc = "index"
exclude_patterns: list[str] = ["_build"]
language = "en"

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"undoc-members": False, "show-inheritance": True}
default_role = "code"  # `name` in a docstring is code, as the docstrings mean it

html_theme = "alabaster"
html_theme_options = {"description": "the rules of L'Homme de Brou and its family as a Python library",
                      "show_powered_by": False, "page_width": "1100px"}
html_show_sourcelink = False
html_copy_source = False

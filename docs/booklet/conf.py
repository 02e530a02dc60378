# The Sphinx configuration of the players' booklets (brou.book.booklet): one for every
# ruleset and both languages.  `python -m brou.book` writes a booklet's pages into a work
# folder and builds them with this configuration, setting the language and the title (-D).
# The theme and the screen style are the comparative edition's (docs/rulebook/), plus
# booklet.css; the PDF is laid out with _static/print.css.
from __future__ import annotations

from brou import __version__

language = "en"  # set per build: -D language=fr
project = "Brou"  # set per build: the booklet's title
author = "The Brou project"
copyright = "2026, the Brou project"
version = release = __version__

extensions = ["brou.book.booklet"]
root_doc = "index"
exclude_patterns: list[str] = []
nitpicky = True
smartquotes = True

html_theme = "alabaster"
html_static_path = ["../rulebook/_static", "_static"]
html_css_files = ["rulebook.css", "booklet.css"]
html_theme_options = {
    "description": "",
    "show_powered_by": False,
    "sidebar_width": "230px",
    "page_width": "1000px",
}
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None

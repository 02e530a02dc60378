# The rulebook's Sphinx configuration, one for both languages: the pages are in en/ and fr/,
# and `python -m brou.book` (make rulebook) builds each with language set to its folder.
# The rules, tables, pictures and appendices come from the spec through brou.book.sphinxext.
from __future__ import annotations

from brou import __version__

language = "en"  # set per build: -D language=fr
project = "Brou"
author = "The Brou project"
copyright = "2026, the Brou project"
version = release = __version__

extensions = ["brou.book.sphinxext"]
primary_domain = "brou"
root_doc = "index"
exclude_patterns: list[str] = []

# every link must resolve, and examples are numbered within their chapter: "Example 4.2"
nitpicky = True
numfig = True
numfig_secnum_depth = 1
smartquotes = True

html_theme = "alabaster"
templates_path = ["_templates"]
html_static_path = ["_static"]
templates_path = ["_templates"]  # the search field's words in the book's language
html_css_files = ["rulebook.css"]
html_theme_options = {
    "description": "",
    "show_powered_by": False,
    "sidebar_width": "230px",
    "page_width": "1100px",
}
html_show_sourcelink = False
html_copy_source = False
html_last_updated_fmt = None

TITLES = {
    "en": ("The rules of L'Homme de Brou, Brouc and their family", "Example %s"),
    "fr": ("Les règles de l'Homme de Brou, du Brouc et de leur famille", "Exemple %s"),
}


def _per_language(app: object, config: object) -> None:
    title, example = TITLES.get(getattr(config, "language", "en") or "en", TITLES["en"])
    config.html_title = title  # type: ignore[attr-defined]
    if getattr(config, "language", "en") == "fr":
        config.copyright = "2026, le projet Brou"  # type: ignore[attr-defined]
    config.numfig_format = {"figure": example, "table": "%s", "code-block": "%s", "section": "%s"}  # type: ignore[attr-defined]


# the links above every page of the site (_templates/layout.html): the other language, the PDFs
LANGUAGES = [("en", "English"), ("fr", "Français")]
LINK_LABELS = {
    "en": {"nav": "Language and PDF", "pdf": "The book as PDF", "booklets": "Players' booklets (PDF):"},
    "fr": {"nav": "Langue et PDF", "pdf": "Le livre en PDF", "booklets": "Livrets des joueurs (PDF)\u00a0:"},
}


def _page_links(app: object, pagename: str, templatename: str, context: dict, doctree: object) -> None:
    """The languages, and the players' booklets beside the book (booklet-RULESET-LANG.pdf, two
    folders above the site), those already there and those the same run builds (the config
    value brou_booklets, set by brou.book.build): their file names and titles, in the order of
    the rulesets."""
    from pathlib import Path

    from brou.book.model import ALL_RULESETS
    from brou.spec.rules import Rules

    lang = context.get("language") or "en"
    out = Path(app.outdir).parent.parent  # type: ignore[attr-defined]
    booklets = []
    for ruleset in ALL_RULESETS if pagename == root_doc else ():
        name = f"booklet-{ruleset}-{lang}.pdf"
        if (out / name).exists() or ruleset in app.config.brou_booklets.split(","):  # type: ignore[attr-defined]
            booklets.append((Rules.load(ruleset).data["title"][lang], name))
    context.update(brou_languages=LANGUAGES, brou_labels=LINK_LABELS.get(lang, LINK_LABELS["en"]),
                   brou_booklets=booklets)


def setup(app: object) -> None:
    app.add_config_value("brou_booklets", "", "html", str)  # type: ignore[attr-defined]
    app.connect("config-inited", _per_language)  # type: ignore[attr-defined]
    app.connect("html-page-context", _page_links)  # type: ignore[attr-defined]

"""Score sheets to print, for a ruleset's players' booklet (brou.book.booklet) and the
comparative edition (part 3 of issue 21).

`sheet_pages` gives, as reStructuredText in plain docutils constructs, what each numbered
call-out of the ruleset's blank sheet means, then the sheet itself on a page of its own: a
`.. raw:: html` block holding the SVG inline in `<div class="sheet-page">`, with the page
breaks written inline so that it prints on its own page without any style sheet.
brou.engine.sheet draws the sheets.
"""

from __future__ import annotations

import re

from ..engine.sheet import PAGE_H, PAGE_W, PRINT_WIDTH_MM, empty_sheet_svg, sheet_legend
from ..spec.rules import Rules

# the page of its own: a break before and after, none inside, centred
PAGE_STYLE = "break-before: page; page-break-before: always; break-after: page; page-break-after: always; " \
             "break-inside: avoid; page-break-inside: avoid; text-align: center; margin: 0"

_NAMES = {
    "marque": {"en": "The marque", "fr": "La marque"},
    "slate": {"en": "The slate", "fr": "L'ardoise"},
    "sheet": {"en": "Score sheet", "fr": "Feuille de marque"},
}
_INTRO = {
    "marque": {
        "en": "The next page is a blank marque to print: one sheet holds a whole match. The numbers in rings on "
              "the sheet refer to this list.",
        "fr": "La page suivante est une marque vierge à imprimer\u00a0: une feuille tient un match entier. Les "
              "numéros cerclés de la feuille renvoient à cette liste.",
    },
    "slate": {
        "en": "The next page is the slate drawn on paper, to print: one sheet holds a whole match, with room for "
              "nine games. The numbers in rings on the sheet refer to this list.",
        "fr": "La page suivante est l'ardoise dessinée sur papier, à imprimer\u00a0: une feuille tient un match "
              "entier, avec la place de neuf parties. Les numéros cerclés de la feuille renvoient à cette liste.",
    },
    "sheet": {
        "en": "The next page is a blank score sheet to print, one for each game. Write the players' names at the "
              "head of their columns. The numbers in rings on the sheet refer to this list.",
        "fr": "La page suivante est une feuille de marque vierge à imprimer, une par partie. Écrivez le nom des "
              "joueurs en tête de leurs colonnes. Les numéros cerclés de la feuille renvoient à cette liste.",
    },
}


def sheet_kind(rules: Rules) -> str:
    """`marque` (1802), `slate` (Brouc) or `sheet` (the games played each for himself)."""
    match = rules.data.get("match")
    if not match:
        return "sheet"
    return "marque" if match.get("unit") != "coches" else "slate"


def sheet_title(rules: Rules, lang: str) -> str:
    return _NAMES[sheet_kind(rules)][lang]


def page_svg(svg: str, width_mm: float = PRINT_WIDTH_MM) -> str:
    """A page-sized sheet made to print `width_mm` wide: its root's width and height in mm."""
    height_mm = width_mm * PAGE_H / PAGE_W
    return re.sub(r'^<svg ([^>]*?)width="\d+" height="\d+"', rf'<svg \1width="{width_mm:g}mm" height="{height_mm:.1f}mm"',
                  svg, count=1)


SHEET_PAGE_ID = "sheet-page-"  # + the ruleset: the id of a sheet's page of its own


def sheet_page_html(svg: str, ruleset: str) -> list[str]:
    """The lines of a `.. raw:: html` block: the sheet inline, on a page of its own (its id
    SHEET_PAGE_ID + `ruleset`, which the PDF's checks look for)."""
    body = page_svg(svg).strip().splitlines()
    return [".. raw:: html", "", f'   <div class="sheet-page" id="{SHEET_PAGE_ID}{ruleset}" style="{PAGE_STYLE}">',
            *("   " + line for line in body if line.strip()), "   </div>", ""]


def legend_lines(rules: Rules, lang: str) -> list[str]:
    """The numbered list that explains the call-outs of the ruleset's blank sheet."""
    out: list[str] = []
    for n, text in enumerate(sheet_legend(rules, lang), 1):
        out += [f"{n}. {_esc(text)}", ""]
    return out


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|")


def sheet_pages(rules: Rules, lang: str) -> list[str]:
    """reStructuredText lines: the blank score sheet(s) of `rules`, each on a full page,
    with their rows explained, in `lang`."""
    if lang not in ("en", "fr"):
        raise ValueError(f"no language '{lang}' for the score sheets (known: en, fr)")
    kind = sheet_kind(rules)
    lines = [f".. rubric:: {sheet_title(rules, lang)}", "", _INTRO[kind][lang], ""]
    lines += legend_lines(rules, lang)
    lines += sheet_page_html(empty_sheet_svg(rules, lang), rules.id)
    return lines

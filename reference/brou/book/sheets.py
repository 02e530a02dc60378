"""Score sheets to print, for a ruleset's players' booklet (brou.book.booklet) and the
comparative edition (part 3 of issue 21).

`sheet_pages` gives a booklet's last page, the table copy's sheet (issue 36): the blank sheet
and, under it in small type, what each of its numbered call-outs means, all on one page (a
`.. raw:: html` block holding the SVG inline and the list in `<div class="sheet-page">`, its
style written inline so that it holds together without any style sheet).  The comparative
edition prints the list, then the sheet on a page of its own (`legend_lines`,
`sheet_page_html`).  brou.engine.sheet_blank draws the sheets.
"""

from __future__ import annotations

import html
import re

from ..engine.sheet_blank import empty_sheet_svg, sheet_legend
from ..engine.sheet_page import PAGE_H, PAGE_W, PRINT_WIDTH_MM
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
        "en": "Print this page as it is: one sheet holds a whole match. The numbers in rings refer to the notes "
              "under the sheet.",
        "fr": "Imprimez cette page telle quelle\u00a0: une feuille tient un match entier. Les numéros cerclés "
              "renvoient aux notes sous la feuille.",
    },
    "slate": {
        "en": "The slate drawn on paper: print this page as it is; one sheet holds a whole match, with room for "
              "nine games. The numbers in rings refer to the notes under the sheet.",
        "fr": "L'ardoise dessinée sur papier\u00a0: imprimez cette page telle quelle\u00a0; une feuille tient un "
              "match entier, avec la place de neuf parties. Les numéros cerclés renvoient aux notes sous la "
              "feuille.",
    },
    "sheet": {
        "en": "Print this page, one for each game, and write the players' names at the head of their columns. "
              "The numbers in rings refer to the notes under the sheet.",
        "fr": "Imprimez cette page, une par partie, et écrivez le nom des joueurs en tête de leurs colonnes. Les "
              "numéros cerclés renvoient aux notes sous la feuille.",
    },
    "sheets": {
        "en": "A sheet for each number of players the game allows, a page each: print the one for your table, one "
              "for each game, and write the players' names at the head of their columns. The numbers in rings "
              "refer to the notes under each sheet.",
        "fr": "Une feuille pour chaque nombre de joueurs que permet le jeu, une page chacune\u00a0: imprimez celle de "
              "votre table, une par partie, et écrivez le nom des joueurs en tête de leurs colonnes. Les numéros "
              "cerclés renvoient aux notes sous chaque feuille.",
    },
}
BOOKLET_WIDTH_MM = 136.0  # the sheet on a booklet's last page, its notes under it
# the booklet's last page: nothing breaks it; the sheet centred, the notes in two columns of small type
ONE_PAGE_STYLE = "break-inside: avoid; page-break-inside: avoid; text-align: center; margin: 0"
INTRO_STYLE = "font-size: 8.5pt; font-style: italic; text-align: left; margin: 0 0 1.5mm 0"
LEGEND_STYLE = "columns: 2; column-gap: 6mm; font-size: 7.6pt; line-height: 1.3; text-align: left; " \
               "margin: 1.5mm 0 0 0; padding-left: 5mm"


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


def sheet_forms(rules: Rules) -> list[Rules]:
    """The ruleset at every number of players it allows (its parameter `form`: Brusquembille,
    L'Homme d'Auvergne, L'Hombre), fewest players first, the other parameters as `rules` has
    them; `rules` alone for a game of one form (1802, Brouc)."""
    options = (rules.data["parameters"].get("form") or {}).get("options") or []
    if len(options) < 2:
        return [rules]
    others = {k: v for k, v in rules.params.items() if k != "form"}
    forms = [Rules.load(rules.id, **others, form=f) for f in options]
    return sorted(forms, key=lambda r: (r.table_size, options.index(r.params["form"])))


def curly(text: str) -> str:
    """The typographic apostrophe for the straight one, in text that no smart quotes will see
    (raw HTML, SVG)."""
    return text.replace("'", "\u2019")


def sheet_pages(rules: Rules, lang: str, part: str = "") -> list[str]:
    """reStructuredText lines: a booklet's last pages, the blank score sheet of `rules` with what
    its call-outs mean under it, in `lang`, one page for each number of players the game allows
    (sheet_forms); `part`, the pages' name in the running head (the booklet prints no heading
    above the sheet, for room).  The first page's id is SHEET_PAGE_ID + the ruleset, the
    others' that and "-" + the form."""
    if lang not in ("en", "fr"):
        raise ValueError(f"no language '{lang}' for the score sheets (known: en, fr)")
    forms = sheet_forms(rules)
    kind = sheet_kind(rules)
    intro = _INTRO["sheets" if len(forms) > 1 else kind][lang]
    named = html.escape(part.replace("\\", "\\\\").replace("'", "\\27 "))  # a CSS string in an attribute
    out: list[str] = [".. raw:: html", ""]
    for n, form in enumerate(forms):
        body = page_svg(empty_sheet_svg(form, lang), BOOKLET_WIDTH_MM).strip().splitlines()
        items = [f"<li>{html.escape(curly(text), quote=False)}</li>" for text in sheet_legend(form, lang)]
        style = ONE_PAGE_STYLE + (f"; string-set: part '{named}'" if part else "")
        if n:
            style += "; break-before: page; page-break-before: always"
        page_id = SHEET_PAGE_ID + rules.id + (f"-{form.params['form']}" if n else "")
        out += [f'   <div class="sheet-page" id="{page_id}" style="{style}">']
        if n == 0:
            out += [f'   <p class="sheet-intro" style="{INTRO_STYLE}">{html.escape(curly(intro), quote=False)}</p>']
        out += [*("   " + line for line in body if line.strip()),
                f'   <ol class="sheet-legend" style="{LEGEND_STYLE}">', *(f"   {item}" for item in items), "   </ol>",
                "   </div>"]
    return out + [""]

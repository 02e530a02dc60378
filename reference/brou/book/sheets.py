"""Score sheets to print, for a ruleset's players' booklet (brou.book.booklet) and the
comparative edition.

Interface fixed for the booklet; brou.sheet draws the sheets.
"""

from __future__ import annotations

from ..rules import Rules


def sheet_pages(rules: Rules, lang: str) -> list[str]:
    """reStructuredText lines: the blank score sheet(s) of `rules`, each on a full page,
    with their rows explained, in `lang`."""
    raise NotImplementedError("brou.book.sheets.sheet_pages")

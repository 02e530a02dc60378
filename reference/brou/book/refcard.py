"""The one-page reference card of a ruleset's players' booklet (brou.book.booklet).

Interface fixed for the booklet; the card is drawn from the spec alone, so that a ruleset
added later gets its card with no new code.
"""

from __future__ import annotations

from ..rules import Rules


def reference_card(rules: Rules, lang: str) -> list[str]:
    """reStructuredText lines of the reference card of `rules` (at its defaults) in `lang`
    ("en" or "fr"), to be placed by the booklet on a page of its own."""
    raise NotImplementedError("brou.book.refcard.reference_card")

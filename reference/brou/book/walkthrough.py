"""A whole deal commented trick by trick, for a ruleset's players' booklet (brou.book.booklet).

Interface fixed for the booklet; the deal is played by the engine's bots from a seed, so
that a ruleset added later gets its commented deal with no new code.
"""

from __future__ import annotations

from ..rules import Rules


def commented_deal(rules: Rules, seed: int, lang: str) -> list[str]:
    """reStructuredText lines: one deal of `rules` played from `seed`, commented trick by
    trick with pictures, ending with its count and its score sheet, in `lang`."""
    raise NotImplementedError("brou.book.walkthrough.commented_deal")

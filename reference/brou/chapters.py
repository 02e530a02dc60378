"""The chapters of the rules (the middle part of a clause id: `hdb.play.follow`) and the page
of the rulebook that states each.

Below both the conformance layer (`brou coverage --clause` names a clause's page) and the
rulebook (`brou.book`, which draws its pictures from conformance scenarios), so that
neither imports the other for it.

The partnership games (`hdb.`, `brouc.`) share one set of chapters, set side by side in one
part of the book; Brusquembille (`brus.`) has a part of its own, whose chapters are named
with their prefix (`brus.talon`), so that `brus.play` is not 1802's `play`.
"""

from __future__ import annotations

# The chapters of the rules, in the order of play, as the middle part of a clause id.
CHAPTERS = ("players", "deck", "deal", "play", "info", "marriage", "count", "game", "match", "sheet")

# the page of the rulebook (docs/rulebook/<lang>/<page>.rst) that states each chapter
CHAPTER_DOC = {"players": "table", "deck": "table", "deal": "deal", "play": "play", "info": "play", "marriage": "marriages",
               "count": "counting", "game": "game", "match": "match", "sheet": "sheets"}

# Brusquembille's chapters, in the order of play, and their pages (prefixed `brus-`)
BRUS_CHAPTERS = ("brus.players", "brus.deck", "brus.deal", "brus.play", "brus.talon", "brus.count", "brus.stakes",
                 "brus.pay", "brus.match", "brus.info")
BRUS_CHAPTER_DOC = {"brus.players": "brus-players", "brus.deck": "brus-pack", "brus.deal": "brus-deal",
                    "brus.play": "brus-play", "brus.talon": "brus-drawing", "brus.count": "brus-count",
                    "brus.stakes": "brus-count", "brus.pay": "brus-brusquembilles", "brus.match": "brus-sessions",
                    "brus.info": "brus-information"}


def chapter_of(clause_id: str) -> str:
    """A clause's chapter: `play` for `hdb.play.follow`, `brus.talon` for `brus.talon.draw`."""
    prefix, chapter = clause_id.split(".")[:2]
    return f"{prefix}.{chapter}" if prefix == "brus" else chapter


def chapter_page(chapter: str) -> str:
    """The page of the rulebook that states a chapter (`play`, `brus.talon`)."""
    return BRUS_CHAPTER_DOC[chapter] if chapter.startswith("brus.") else CHAPTER_DOC[chapter]


def rulebook_page(clause_id: str) -> str:
    """Where the rulebook states a clause: its page and anchor, `play.html#hdb.play.follow`."""
    return f"{chapter_page(chapter_of(clause_id))}.html#{clause_id}"

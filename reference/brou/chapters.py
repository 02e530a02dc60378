"""The chapters of the rules (the middle part of a clause id: `hdb.play.follow`) and the page
of the rulebook that states each.

Below both the conformance layer (`brou coverage --clause` names a clause's page) and the
rulebook (`brou.book`, which draws its pictures from conformance scenarios), so that
neither imports the other for it.
"""

from __future__ import annotations

# The chapters of the rules, in the order of play, as the middle part of a clause id.
CHAPTERS = ("players", "deck", "deal", "play", "info", "marriage", "count", "game", "match", "sheet")

# the page of the rulebook (docs/rulebook/<lang>/<page>.rst) that states each chapter
CHAPTER_DOC = {"players": "table", "deck": "table", "deal": "deal", "play": "play", "info": "play", "marriage": "marriages",
               "count": "counting", "game": "game", "match": "match", "sheet": "sheets"}


def rulebook_page(clause_id: str) -> str:
    """Where the rulebook states a clause: its page and anchor, `play.html#hdb.play.follow`."""
    return f"{CHAPTER_DOC[clause_id.split('.')[1]]}.html#{clause_id}"

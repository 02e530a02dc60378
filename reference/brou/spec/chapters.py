"""The chapters of the rules (the middle part of a clause id: `hdb.play.follow`) and the page
of the rulebook that states each.

Below both the conformance layer (`brou coverage --clause` names a clause's page) and the
rulebook (`brou.book`, which draws its pictures from conformance scenarios), so that
neither imports the other for it.

The partnership games (`hdb.`, `brouc.`) share one set of chapters, set side by side in one
part of the book.  Every other game has a part of its own - Brusquembille (`brus.`),
L'Homme d'Auvergne (`auv.`), L'Hombre (`hom.`) - whose chapters are named with their prefix (`brus.talon`,
`auv.king`), so that `brus.play` is not 1802's `play`; `PARTS` lists them.
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

# L'Homme d'Auvergne's chapters, in the order of play, and their pages (prefixed `auv-`)
AUV_CHAPTERS = ("auv.players", "auv.deck", "auv.deal", "auv.turn", "auv.speech", "auv.king", "auv.play", "auv.count",
                "auv.match", "auv.stakes", "auv.info")
AUV_CHAPTER_DOC = {"auv.players": "auv-table", "auv.deck": "auv-table", "auv.deal": "auv-deal",
                   "auv.turn": "auv-speech", "auv.speech": "auv-speech", "auv.king": "auv-kings",
                   "auv.play": "auv-play", "auv.count": "auv-count", "auv.match": "auv-game",
                   "auv.stakes": "auv-game", "auv.info": "auv-information"}

# L'Hombre's chapters, in the order of play, and their pages (prefixed `hom-`)
HOM_CHAPTERS = ("hom.players", "hom.deck", "hom.deal", "hom.auction", "hom.contract", "hom.exchange", "hom.play",
                "hom.count", "hom.match", "hom.info")
HOM_CHAPTER_DOC = {"hom.players": "hom-table", "hom.deck": "hom-table", "hom.deal": "hom-deal",
                   "hom.auction": "hom-auction", "hom.contract": "hom-contracts", "hom.exchange": "hom-exchange",
                   "hom.play": "hom-play", "hom.count": "hom-count", "hom.match": "hom-game",
                   "hom.info": "hom-information"}

# the games with a part of their own: clause prefix -> (its chapters in order, their pages)
PARTS: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "brus": (BRUS_CHAPTERS, BRUS_CHAPTER_DOC),
    "auv": (AUV_CHAPTERS, AUV_CHAPTER_DOC),
    "hom": (HOM_CHAPTERS, HOM_CHAPTER_DOC),
}
# every chapter of those parts, and its page
PART_CHAPTERS = tuple(chapter for chapters, _ in PARTS.values() for chapter in chapters)
PART_CHAPTER_DOC = {chapter: page for _, pages in PARTS.values() for chapter, page in pages.items()}


def chapter_of(clause_id: str) -> str:
    """A clause's chapter: `play` for `hdb.play.follow`, `brus.talon` for `brus.talon.draw`."""
    prefix, chapter = clause_id.split(".")[:2]
    return f"{prefix}.{chapter}" if prefix in PARTS else chapter


def chapter_page(chapter: str) -> str:
    """The page of the rulebook that states a chapter (`play`, `brus.talon`, `auv.king`)."""
    return PART_CHAPTER_DOC[chapter] if "." in chapter else CHAPTER_DOC[chapter]


def rulebook_page(clause_id: str) -> str:
    """Where the rulebook states a clause: its page and anchor, `play.html#hdb.play.follow`."""
    return f"{chapter_page(chapter_of(clause_id))}.html#{clause_id}"

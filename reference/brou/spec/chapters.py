"""The chapters of the rules (the middle part of a clause id: `hdb.play.follow`) and the page
of the rulebook that states each.

Below both the conformance layer (`brou coverage --clause` names a clause's page and its
number in the players' booklet) and the
rulebook (`brou.book`, which draws its pictures from conformance scenarios), so that
neither imports the other for it.

The partnership games (`hdb.`, `brouc.`) share one set of chapters, set side by side in one
part of the book.  Every other game has a part of its own - Brusquembille (`brus.`),
L'Homme d'Auvergne (`auv.`), L'Hombre (`hom.`) - whose chapters are named with their prefix (`brus.talon`,
`auv.king`), so that `brus.play` is not 1802's `play`; `PARTS` lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules import Rules

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


# -- the players' booklets' numbering (brou.book.booklet; brou coverage --clause) ------------


def booklet_chapters(rules: Rules, titled: Mapping[str, Any] | None = None) -> list[tuple[str, list[str]]]:
    """The ruleset's chapters in the order of play (brou.spec.chapters; a chapter it does not list
    comes after, in the order of `titled`), each with its clauses in the ruleset's order, a
    clause that `replaces` others of the ruleset it extends taking the place of the first."""
    order = list(CHAPTERS + PART_CHAPTERS) + [c for c in (titled or {}) if c not in CHAPTERS + PART_CHAPTERS]
    grouped: dict[str, list[str]] = {}
    for cid in clause_order(rules):
        grouped.setdefault(chapter_of(cid), []).append(cid)
    known = [c for c in order if c in grouped]
    return [(c, grouped[c]) for c in known + [c for c in grouped if c not in known]]


def clause_order(rules: Rules) -> list[str]:
    """Every clause of the ruleset once, in its order; for a ruleset that extends another, a
    clause that replaces clauses of the other stands where the first of them stood, and one
    that replaces none follows the clause before it."""
    clauses = rules.data["clauses"]
    parent = rules.data.get("extends")
    if not parent:
        return list(clauses)
    before = {cid: n for n, cid in enumerate(clause_order(Rules.load(parent)))}
    keyed: list[tuple[float, int, str]] = []
    last = -1.0
    for n, (cid, data) in enumerate(clauses.items()):
        if cid in before:
            last = float(before[cid])
        elif data.get("replaces"):
            last = min(before.get(r, last) for r in data["replaces"]) - 0.5
        keyed.append((last, n, cid))
    return [cid for _, _, cid in sorted(keyed)]


def booklet_numbers(rules: Rules, titled: Mapping[str, Any] | None = None) -> dict[str, str]:
    """clause id -> its rule number in the players' booklet (the table copy), `4.2`: chapters
    numbered in the order of play, rules within them in the ruleset's order."""
    return {cid: f"{c}.{r}" for c, (_, ids) in enumerate(booklet_chapters(rules, titled), 1) for r, cid in enumerate(ids, 1)}

"""Small pictures for the commented deal of a players' booklet (brou.book.walkthrough, issue 21):
the hands as dealt, each with its player, and one trick as a strip of cards in the order played.

Drawn for any number of players and any pack, from card indices and labels the caller gives,
so they serve every ruleset.  The SVG follows brou.book.pictures' rules (presentation
attributes only, no CSS, one font list on every text), for WeasyPrint.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..rules import Rules
from .pictures import CARD_H, CARD_STEP, CARD_W, GOLD, GREY, INK, TRICK_H, TRICK_W, Lang, _card, _card_back, _Picture

NEUTRAL = "#4a5a6a"  # the plate of a player who plays for himself
HAND_LEFT = 92  # where the cards of a hand begin, right of the player's plate
ROW_H = CARD_H + 10
STRIP_STEP = 64  # from one card of a trick to the next


class HandRow(NamedTuple):
    """One row of the hands picture: a plate (label, colour), a note under it, the cards face
    up, and the cards to ring in gold (the turn-up)."""

    label: str
    colour: str
    note: str
    cards: Sequence[int]
    ringed: frozenset[int] = frozenset()


class Talon(NamedTuple):
    """The talon under the hands: its label, how many cards lie face down, and the card
    turned face up beside it (None: none)."""

    label: str
    face_down: int
    turned: int | None = None


class Play(NamedTuple):
    """One card of a trick: who played it (label, colour) and the card."""

    label: str
    colour: str
    card: int


def _plate(pic: _Picture, x: float, y: float, label: str, colour: str, width: float = 78, size: float = 11) -> None:
    """A player's name on a plate of his team's colour (pictures.py's plates)."""
    pic.el("rect", x=x, y=y, width=width, height=18, rx=4, fill=colour)
    pic.text(x + width / 2, y + 13, label, size=size, font_weight="bold", fill="#ffffff", text_anchor="middle")


def hands_picture(rules: Rules, rows: Sequence[HandRow], lang: Lang, title: str, talon: Talon | None = None) -> str:
    """The hands (walkthrough: "the hands as dealt"), one row per player, and the talon if any."""
    widest = max([len(r.cards) for r in rows] + [1])
    width = HAND_LEFT + widest * CARD_STEP + 10
    if talon is not None:
        width = max(width, HAND_LEFT + min(talon.face_down, 24) * 5 + CARD_W + 20 + 2 * CARD_STEP)
    height = len(rows) * ROW_H + (ROW_H if talon is not None else 0) + 6
    pic = _Picture()
    pic.el("rect", x=0, y=0, width=width, height=height, fill="#ffffff")
    for i, row in enumerate(rows):
        y = 6 + i * ROW_H
        _plate(pic, 6, y + 4, row.label, row.colour)
        if row.note:
            pic.text(45, y + 36, row.note, size=10, fill=GREY, text_anchor="middle", font_style="italic")
        for k, card in enumerate(row.cards):
            x = HAND_LEFT + k * CARD_STEP
            if card in row.ringed:
                pic.el("rect", x=x - 2.5, y=y - 2.5, width=CARD_W + 5, height=CARD_H + 5, rx=4, fill="none",
                       stroke=GOLD, stroke_width=2.5)
            _card(pic, rules, card, x, y, lang)
    if talon is not None:
        y = 6 + len(rows) * ROW_H
        _plate(pic, 6, y + 4, talon.label, NEUTRAL)
        shown = min(talon.face_down, 24)
        for k in range(shown):
            _card_back(pic, HAND_LEFT + k * 5, y)
        x = HAND_LEFT + max(shown - 1, 0) * 5 + CARD_W + 8
        if talon.face_down:
            pic.text(x, y + 25, f"\u00d7 {talon.face_down}", size=11, fill=INK)
            x += 40
        if talon.turned is not None:
            pic.el("rect", x=x - 2.5, y=y - 2.5, width=CARD_W + 5, height=CARD_H + 5, rx=4, fill="none",
                   stroke=GOLD, stroke_width=2.5)
            _card(pic, rules, talon.turned, x, y, lang)
    return pic.document(width, height, title)


def trick_picture(rules: Rules, plays: Sequence[Play], winner: int | None, lang: Lang, title: str) -> str:
    """One trick as a strip: the cards left to right in the order played, each under its
    player's plate; the winning card (`winner`, an index into `plays`) ringed in gold with a
    star under it."""
    width = len(plays) * STRIP_STEP + 6
    height = 22 + TRICK_H + 26
    pic = _Picture()
    pic.el("rect", x=0, y=0, width=width, height=height, fill="#ffffff")
    for i, play in enumerate(plays):
        left = 3 + i * STRIP_STEP
        _plate(pic, left + 1, 0, play.label, play.colour, width=STRIP_STEP - 4, size=10)
        x = left + (STRIP_STEP - 2 - TRICK_W) / 2
        y = 24
        if i == winner:
            pic.el("rect", x=x - 4, y=y - 3, width=TRICK_W + 8, height=TRICK_H + 6, rx=6, fill="none", stroke=GOLD,
                   stroke_width=3)
            pic.text(x + TRICK_W / 2, y + TRICK_H + 19, "\u2605", size=15, fill=GOLD, text_anchor="middle",
                     data_winner="star")
        _card(pic, rules, play.card, x, y, lang, big=True, data_order=i + 1)
    return pic.document(width, height, title)

"""Small pictures for the commented deal of a players' booklet (brou.book.walkthrough, issue 21):
the hands as dealt, and one trick as a strip of cards in the order played.

They are drawn by the engine's picture module (`brou.engine.picture.hands_picture`, `trick_picture`),
which the deal classes use too for `_repr_svg_`; the names are re-exported here for the book.
"""

from __future__ import annotations

from ..engine.picture import NEUTRAL, HandRow, Play, Talon, hands_picture, trick_picture

__all__ = ["NEUTRAL", "HandRow", "Play", "Talon", "hands_picture", "trick_picture"]

"""Who sits where: the one mapping between a deal's seats and a table's players.

The engines number seats from the deal's first player (seat 0, on the dealer's right, leads)
to the dealer (the last seat); a table numbers its players once for a whole session, so the
dealer moves from deal to deal.  `Seating(n, offset)` says that deal seat `s` is player
`(s + offset) % n`, and carries the sides (`rules.teams`, in seats): one player per side when
each plays for himself, two side by side in Brusquembille's pairs.  (The partnership engine's
table, its match and its view still do this arithmetic themselves; docs/design.md.)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seating:
    """Deal seats against table players, and the sides of the deal."""

    n: int
    offset: int
    sides: tuple[tuple[int, ...], ...]  # in seats

    def player(self, seat: int) -> int:
        return (seat + self.offset) % self.n

    def seat(self, player: int) -> int:
        return (player - self.offset) % self.n

    def side_of(self, seat: int) -> int:
        """The side (an index into `sides`) of a deal seat."""
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def player_sides(self) -> list[list[int]]:
        """The sides as lists of players, in the order of `sides`."""
        return [sorted(self.player(s) for s in side) for side in self.sides]

"""Who sits where: the one mapping between a deal's seats and a table's players.

The engines number seats from the deal's first player (seat 0, on the dealer's right, leads)
to the dealer (the last seat); a table numbers its players once for a whole session, so the
dealer moves from deal to deal.  `Seating(n, offset)` says that deal seat `s` is player
`(s + offset) % n`, and carries the sides (`rules.teams`, in seats): one player per side when
each plays for himself, two side by side in Brusquembille's pairs.  (The protocol's table and
the view seat every game through it; the partnership games' session records still turn teams by
the offset themselves; docs/design.md.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..spec.clauses import implements_clauses


@dataclass(frozen=True)
class Seating:
    """Deal seats against table players, and the sides of the deal."""

    n: int
    offset: int
    sides: tuple[tuple[int, ...], ...]  # in seats
    table: int = 0  # players at the table, when more than the deal's n (0: n)

    @property
    def at_table(self) -> int:
        """How many players sit at the table."""
        return self.table or self.n

    def player(self, seat: int) -> int:
        if not self.table or self.table == self.n:
            return (seat + self.offset) % self.n
        return self._by_seat[seat]

    def seat(self, player: int) -> int:
        """The deal seat of a table player; ValueError for the one who sits the deal out."""
        if not self.table or self.table == self.n:
            return (player - self.offset) % self.n
        order = self._by_seat
        if player not in order:
            raise ValueError(f"player {player} sits this deal out")
        return order.index(player)

    def sitting_out(self) -> list[int]:
        """The table players without a seat in this deal."""
        if not self.table or self.table == self.n:
            return []
        return list(self._out)

    @cached_property
    def _by_seat(self) -> tuple[int, ...]:
        """`_order`, worked out once for the seating (which never changes)."""
        return tuple(self._order())

    @cached_property
    def _out(self) -> tuple[int, ...]:
        order = self._by_seat
        return tuple(p for p in range(self.table) if p not in order)

    def _order(self) -> list[int]:
        """Table players by deal seat: from the dealer's right round to the dealer, passing
        over the player opposite the dealer (hom.players.four)."""
        t = self.table
        dealer = (self.n - 1 + self.offset) % t
        out = (dealer + t // 2) % t
        return [p for p in ((dealer + k) % t for k in range(1, t + 1)) if p != out][:self.n]

    def side_of(self, seat: int) -> int:
        """The side (an index into `sides`) of a deal seat."""
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def player_sides(self) -> list[list[int]]:
        """The sides as lists of players, in the order of `sides`."""
        return [sorted(self.player(s) for s in side) for side in self.sides]


implements_clauses(Seating._order, "hom.players.four")

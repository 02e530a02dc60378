"""The seatings of a league: for each pair of players, the tables that seat them so that, over
one seed's cards, each sits in every place the other does (docs/players.md, "Duplicate play").

A table's places are its sides (`Session.sides`): a team of two in 1802 and Brouc, a single
player in the games without fixed teams.  For a pair (A, B), the sides take A and B in turn
(side 0 A, side 1 B, side 2 A, ...), and the table is turned round its sides, each distinct
turn once: in 1802 and Brouc A is team 0 and B team 1, then the other way round; with an even
number of single places (L'Homme d'Auvergne by four) A holds the even seats, then the odd.  With
an odd number of sides (L'Hombre, Brusquembille by three) A would hold one place more than B, so
the turns of the opposite table (side 0 B) are played as well: each player then sits
in every seat as often as the other, holding as many places over the seed's tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

__all__ = ["Table", "patterns", "tables"]


def patterns(sides: int) -> list[tuple[int, ...]]:
    """For each table of a pair, which of the two (0: A, 1: B) holds each side: the distinct
    turns of 0, 1, 0, 1, ... and, with an odd number of sides, of 1, 0, 1, 0, ... too."""
    if sides < 2:
        raise ValueError(f"a league needs a table of two sides or more, not {sides}")
    out: list[tuple[int, ...]] = []
    for start in [0, 1] if sides % 2 else [0]:
        first = [(start + side) % 2 for side in range(sides)]
        for turn in range(sides):
            pattern = tuple(first[(side - turn) % sides] for side in range(sides))
            if pattern not in out:
                out.append(pattern)
    return out


@dataclass(frozen=True)
class Table:
    """One table of a seed: the pair of league players (indices, the first below the second),
    and the league player in each table player's seat (table player 0 first)."""

    pair: tuple[int, int]
    seats: tuple[int, ...]

    def holds(self, player: int) -> list[int]:
        """The table players that `player` plays."""
        return [seat for seat, who in enumerate(self.seats) if who == player]


def tables(players: int, sides: Sequence[Sequence[int]]) -> list[Table]:
    """Every table one seed is played at, in the league's fixed order: the pairs of players in
    order (0-1, 0-2, ..., 1-2, ...), and each pair's turns (`patterns`)."""
    seats = sorted(p for side in sides for p in side)
    if seats != list(range(len(seats))):
        raise ValueError(f"the sides {list(map(list, sides))} are not the table's players 0 to {len(seats) - 1}, each once")
    out = []
    for a, b in combinations(range(players), 2):
        for pattern in patterns(len(sides)):
            at = [0] * len(seats)
            for side, who in zip(sides, pattern, strict=True):
                for p in side:
                    at[p] = (a, b)[who]
            out.append(Table((a, b), tuple(at)))
    return out

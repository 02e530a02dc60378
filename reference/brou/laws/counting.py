"""Counting a deal: card points, rounding, marriage points, the result per team.

The rounding policy is the ruleset's `counting.rounding` (parameter `rounding`):

- cards-half-up: card points to the nearest ten, a last digit of 5 going up; the
  marriage points (always whole tens) are added afterwards;
- total-half-up: card and marriage points together, 5 going up (towards plus);
- total-half-away-from-zero: together, 5 going away from zero (-35 gives -40);
- complement-of-smaller: the team with the fewest card points rounds half up,
  the other gets the rest of the card points taken so far, rounded half up (the rest of
  the 120 once the deal is over); on equal card points the dealer's team (seats 1 and 3)
  rounds and the first leader's (seats 0 and 2) gets the rest (the club's worked example;
  docs/game.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from ..spec.clauses import implements_clauses
from ..spec.rules import Rules


class CountedDeal(Protocol):
    """What counting reads from a deal (a `brou.engine.homme.HommeDeal`, which this module does not
    import): per team the tricks taken, the cards won (a mask) and the marriage points;
    the tricks played as (leader, cards, winner)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def won(self) -> Sequence[int]: ...
    @property
    def team_tricks(self) -> Sequence[int]: ...
    @property
    def announced_points(self) -> Sequence[int]: ...
    @property
    def table_points(self) -> Sequence[int]: ...
    @property
    def tricks(self) -> Sequence[tuple[int, Sequence[int], int]]: ...


def half_up(points: int) -> int:
    """To the nearest ten, a last digit of 5 going up (towards plus)."""
    return (points + 5) // 10 * 10


def half_away_from_zero(points: int) -> int:
    """To the nearest ten, a last digit of 5 going away from zero."""
    return half_up(points) if points >= 0 else -half_up(-points)


class TeamResult(NamedTuple):
    """One team's count for a deal; `total` is what it marks for the deal."""

    tricks: int
    card_points: int
    announced: int
    table: int
    rounded_cards: int
    total: int


class DealResult(NamedTuple):
    """The count of a deal, team by team."""

    teams: tuple[TeamResult, ...]
    all_tricks: int | None  # the team that won every trick of a finished deal, if one did


def card_points(rules: Rules, cards: int) -> int:
    """The points of the cards in a mask (summed suit by suit from `rules.suit_points`)."""
    n = len(rules.ranks)
    full = (1 << n) - 1
    total = 0
    for table in rules.suit_points:
        total += table[cards & full]
        cards >>= n
    return total


implements_clauses(card_points, "hdb.count.card-points")


def rounded(rules: Rules, cards: Sequence[int], marriages: Sequence[int]) -> tuple[list[int], list[int]]:
    """(rounded card points, deal totals) per team under the ruleset's rounding policy."""
    policy = rules.rounding
    if policy == "complement-of-smaller":
        pack = sum(cards)
        top = max(range(len(cards)), key=lambda t: (cards[t], -t))
        marked = [half_up(c) for c in cards]
        marked[top] = half_up(pack) - sum(m for t, m in enumerate(marked) if t != top)
        return marked, [m + x for m, x in zip(marked, marriages, strict=True)]
    if policy == "cards-half-up":  # the rulesets' default, written out: it runs once per deal
        marked, totals = [], []
        for c, x in zip(cards, marriages, strict=True):
            m = (c + 5) // 10 * 10
            marked.append(m)
            totals.append(m + x)
        return marked, totals
    marked = [half_up(c) for c in cards]
    if policy == "total-half-up":
        return marked, [half_up(c + x) for c, x in zip(cards, marriages, strict=True)]
    if policy == "total-half-away-from-zero":
        return marked, [half_away_from_zero(c + x) for c, x in zip(cards, marriages, strict=True)]
    raise ValueError(f"unknown rounding policy {policy}")


implements_clauses(rounded, "hdb.count.rounding", "brouc.count.rounding")


def deal_result(state: CountedDeal) -> DealResult:
    """The count of a finished deal: only announced and table marriages score."""
    rules = state.rules
    cards = [card_points(rules, won) for won in state.won]
    marriages = [a + t for a, t in zip(state.announced_points, state.table_points, strict=True)]
    if rules.last_trick_bonus and state.tricks:
        cards[rules.team_of[state.tricks[-1][2]]] += rules.last_trick_bonus
    marked, totals = rounded(rules, cards, marriages)
    teams = tuple(map(TeamResult, state.team_tricks, cards, state.announced_points, state.table_points, marked, totals))
    played = len(state.tricks)
    sweep = state.team_tricks.index(played) if played == rules.hand_size and played in state.team_tricks else None
    return DealResult(teams, sweep)


implements_clauses(deal_result, "brouc.marriage.unannounced")

"""Marriages: what they are, when they are announced, what they score.

A marriage kind is a set of ranks of one suit (`marriages.kinds` in the spec); its
value is multiplied by `trump_factor` in trumps.  Announced marriages come from a
player's own hand at the moments the `announce_window` parameter allows; table
marriages come together in one trick and move `table_factor` times their value.
The kinds themselves (`rules.MarriageKind`) and the tables of the marriage exception
(`rules.exception_tables`) are compiled with the ruleset, in `brou.spec.rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..spec.clauses import implements_clauses

if TYPE_CHECKING:
    from ..spec.rules import Rules


def marriage_in(rules: Rules, suit: int, cards: int) -> int:
    """Index in `rules.kinds` of the largest marriage of `suit` among `cards`, or -1."""
    for i in range(len(rules.kinds) - 1, -1, -1):
        m = rules.kinds[i].masks[suit]
        if cards & m == m:
            return i
    return -1


implements_clauses(marriage_in, "hdb.marriage.kinds")


def value_of(rules: Rules, kind: int, suit: int, trump: int) -> int:
    """A marriage's value: the kind's value, times the trump factor in trumps."""
    value = rules.kinds[kind].value
    return value * rules.trump_factor if suit == trump else value


def announcing_seats(rules: Rules, moment: str, seat: int, team_tricks: Sequence[int], cards_left: int) -> tuple[int, ...]:
    """Who may announce now: `moment` is "after-trick" (won by `seat`) or "own-turn" (of `seat`).

    after-won-trick: the trick's winner, then his partner, after every trick;
    team-first-trick: the same, only after the team's first trick;
    own-turn-once-team-has-trick: the player to act, once his team has a trick;
    any-time-once-team-has-trick: the same, and out of turn too (`seat` need not be the
    player to act: see `announces_out_of_turn`).
    Nobody holding fewer cards than the smallest marriage is asked.
    """
    if cards_left < rules.smallest_marriage:
        return ()
    team = rules.team_of[seat]
    if moment == "after-trick":
        if rules.window == "after-won-trick" or (rules.window == "team-first-trick" and team_tricks[team] == 1):
            n = rules.n_players
            return tuple(sorted(rules.teams[team], key=lambda s: (s - seat) % n))
        return ()
    if rules.window in NEEDS_TEAM_TRICK and team_tricks[team] > 0:
        return (seat,)
    return ()


implements_clauses(announcing_seats, "hdb.marriage.announce-window", "brouc.marriage.announce-window")


# the windows where a player announces on his turn (or at any time) once his team has a trick
NEEDS_TEAM_TRICK = ("own-turn-once-team-has-trick", "any-time-once-team-has-trick")


def announces_out_of_turn(rules: Rules) -> bool:
    """Whether a player who is not to act may announce (announce_window=any-time-once-team-has-trick,
    the later S3 reading: at any time once his team has a trick, while he holds the cards)."""
    return rules.window == "any-time-once-team-has-trick"


def announceable(rules: Rules, hand: int, used: int, made: Sequence[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """Marriages a player may announce now: (suit, kind, kind it extends or -1).

    Every card must be in `hand` (cards already played are gone from it).  A marriage
    already announced by him is not announced again.  `used` holds the cards of his
    earlier announcements: one of them may count again only with `card_reuse` (and then
    the new marriage must bring a card not counted yet: K-Q after K-Q-J of the same suit
    is refused), or when `extend_to_grand` is `difference` and the new marriage enlarges
    an earlier one.
    """
    out = []
    for suit in range(len(rules.suits)):
        if not rules.marriage_probe(hand & rules.suit_mask[suit]):
            continue
        for k, kind in enumerate(rules.kinds):
            m = kind.masks[suit]
            if hand & m != m or (suit, k) in made:
                continue
            overlap = used & m
            if not overlap or (rules.card_reuse and m & ~used):  # reuse: at least one card not counted yet
                out.append((suit, k, -1))
            elif rules.extend_to_grand == "difference":
                for j in range(k):
                    if (suit, j) in made and rules.kinds[j].masks[suit] == overlap:
                        out.append((suit, k, j))
    return out


implements_clauses(announceable, "hdb.marriage.announce-in-hand")


def announcement_value(rules: Rules, suit: int, kind: int, extends: int, trump: int) -> int:
    """Points an announcement earns for the announcer's team (never taken from the others);
    raising an announced marriage earns the difference."""
    value = value_of(rules, kind, suit, trump)
    if extends >= 0:
        value -= value_of(rules, extends, suit, trump)
    return value


implements_clauses(announcement_value, "hdb.marriage.announce-score", "brouc.marriage.announce-score")


def table_marriages(rules: Rules, trick: Sequence[int], trump: int) -> list[tuple[int, int, int]]:
    """Marriages lying in a finished trick: (suit, kind, points each way).

    The winners gain `table_factor` times the value and every other team loses as
    much.  Two marriages in one trick both count, or only the one that came
    together first (parameter `marriages_in_one_trick`).
    """
    cards = 0
    for c in trick:
        cards |= 1 << c
    found = []
    for suit in range(len(rules.suits)):
        if not cards & rules.honours[suit]:
            continue
        k = marriage_in(rules, suit, cards)
        if k >= 0:
            found.append((suit, k, value_of(rules, k, suit, trump) * rules.table_factor))
    if len(found) > 1 and rules.in_one_trick == "first-only":
        found.sort(key=lambda f: _completed_at(rules, trick, f[0]))
        found = found[:1]
    return found


implements_clauses(table_marriages, "hdb.marriage.table", "brouc.marriage.table")


def table_marriage_counts(rules: Rules, marked: bool) -> bool:
    """Whether a trick's table marriages count once its winner has marked them (`mark`,
    table_marking=players) or gathered the trick as it is (`pass`): marked, they count
    (hdb.marriage.table); unmarked, they count for nobody, unless in 1802 parameter
    unmarked_table_marriage=counted-anyway counts them all the same."""
    return marked or rules.params.get("unmarked_table_marriage") == "counted-anyway"


implements_clauses(table_marriage_counts, "hdb.marriage.table-marked", "brouc.marriage.table-marked")


def _completed_at(rules: Rules, trick: Sequence[int], suit: int) -> int:
    """Position in the trick at which the smallest marriage of `suit` came together."""
    m, seen = rules.kinds[0].masks[suit], 0
    for i, c in enumerate(trick):
        seen |= 1 << c
        if seen & m == m:
            return i
    return len(trick)

"""Winning a game: the target, the last coup, claims and dehors, the vole and the cape,
partie et vole, la cape et dehors (et pas dédoublé), the 1802 concession, game values.

One behaviour per test, each naming the clause(s) it checks.  A deal inside a game is a
`HommeDeal` with a `GameContext` (each team's score before the deal); it offers the game
actions `claim`, `declare`, `declare-double`, `concede`, `accept`, `refuse` and ends with an
`Outcome(how, winner, marks, scores)`.  Expected values are read from the sources
(S1, Lalanne's transcription of the 1802 rules on Salon des jeux, sections 5, 6, 8, 9; S2,
Ulf Martin's German Brouc page on pagat.com, "Punkte und Partie", "La cape") and from the clause texts of the spec.

Positions are written as their eight tricks, each row giving the card of seat 0, 1, 2, 3
(not the order of play: the winner of a trick leads the next).  Every trick is of one
suit, so every card is a legal follow in both rulesets; the first trump trick is led by
its winner with the ace, so the Brouc overtrump rule never bites.  Seat 3 deals and holds
the turn-up, seat 0 leads; teams {0, 2} and {1, 3}.  No K-Q pair lies in one trick unless
a comment says so.  Card points: A 11, T 10, K 4, Q 3, J 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from brou import HommeDeal, IllegalAction
from brou.cards.deal import deal_from_cards
from brou.engine.homme import action_text
from brou.laws.game import GameContext, Outcome, game_value
from helpers import load

HDB = "homme-de-brou-1802"
BROUC = "brouc"
BOTH = [HDB, BROUC]
GAME_ACTIONS = ["claim", "declare", "declare-double", "concede", "accept", "refuse"]


class Coup:
    """A deal inside a game, built from its eight tricks (rows of cards by seat)."""

    def __init__(self, name: str, rows: Sequence[str], turnup: str, scores: tuple[int, int], **params: Any) -> None:
        self.rules = load(name, **params)
        self.rows = [row.split() for row in rows]
        hands = [[row[seat] for row in self.rows] for seat in range(4)]
        self.state = HommeDeal(self.rules, deal_from_cards(self.rules, hands, turnup), GameContext(scores))

    def settle(self) -> Coup:
        """Pass in the open announcement window (1802) or concession question, if any."""
        while self.state.phase in ("window", "concede"):
            self.state.apply_text("pass")
        return self

    def cards(self, n: int) -> Coup:
        """Play the next `n` cards as the rows say, passing windows and questions before a trick."""
        for _ in range(n):
            if not self.state.trick:
                self.settle()
            self.state.apply_text(self.rows[len(self.state.tricks)][self.state.to_act])
        return self

    def tricks(self, n: int = 1) -> Coup:
        return self.cards(4 * n)

    def rest(self) -> Coup:
        """Play the deal out as the rows say."""
        return self.cards(32 - 4 * len(self.state.tricks) - len(self.state.trick))

    def act(self, *texts: str) -> Coup:
        for text in texts:
            self.state.apply_text(text)
        return self

    def legal(self) -> set[str]:
        return {action_text(self.rules, a) for a in self.state.legal_actions()}

    @property
    def outcome(self) -> Outcome:
        assert self.state.is_over and self.state.outcome is not None
        return self.state.outcome


def snapshot(state: HommeDeal) -> tuple[Any, ...]:
    return (
        state.record(),
        state.phase,
        state.to_act,
        state.legal_actions(),
        state.declared,
        state.outcome,
        state.frozen,
        state.conceding,
        list(state.announced_points),
        list(state.table_points),
        [list(t[1]) for t in state.tricks],
        list(state.trick),
    )


def rejected(state: HommeDeal, text: str) -> str:
    """The IllegalAction code of `text`; the state must be left exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply_text(text)
    assert snapshot(state) == before
    return err.value.code


# -- positions ------------------------------------------------------------------------

# Spades trump (turn-up 7S).  Team 0 (seat 0) takes tricks 1 to 4, team 1 (seat 1) tricks 5
# to 8.  first_four(p): team 0's four tricks hold exactly p card points.
_FIRST_FOUR_71 = [
    "AS TS KS 9S",  # 25
    "AH TH QH 9H",  # 24
    "AD KD JD 9D",  # 17
    "QC JC 8C 7C",  # 5  -> team 0: 71
    "JS QS 8S 7S",  # 5
    "JH KH 8H 7H",  # 6
    "QD TD 8D 7D",  # 13
    "TC AC KC 9C",  # 25 -> team 1: 49
]
_FIRST_FOUR_CHANGES: dict[int, dict[int, str]] = {
    71: {},
    70: {2: "AD QD JD 9D", 6: "KD TD 8D 7D"},  # 16 / 14
    69: {2: "AD KD 9D 8D", 6: "QD TD JD 7D"},  # 15 / 15
    68: {2: "AD QD 9D 8D", 6: "KD TD JD 7D"},  # 14 / 16
    67: {2: "AD QD 9D 8D", 6: "KD TD JD 7D", 3: "KC 9C 8C 7C", 7: "QC AC TC JC"},  # clubs 4 / 26
    66: {2: "AD QD 9D 8D", 6: "KD TD JD 7D", 3: "QC 9C 8C 7C", 7: "KC AC TC JC"},  # clubs 3 / 27
    65: {2: "AD QD 9D 8D", 6: "KD TD JD 7D", 3: "QC 9C 8C 7C", 7: "KC AC TC JC",
         0: "AS TS QS 9S", 4: "JS KS 8S 7S"},  # spades 24 / 6
}


def first_four(p: int) -> list[str]:
    rows = list(_FIRST_FOUR_71)
    for index, row in _FIRST_FOUR_CHANGES[p].items():
        rows[index] = row
    return rows


# Spades trump (turn-up 7S).  Team 0 takes tricks 1 to 4 with 17 card points each, so it
# holds 51 after three tricks; in SEVENTEENS_50 the third trick holds 16 instead.
SEVENTEENS = [
    "AS KS JS 9S",
    "AH KH JH 9H",
    "AD KD JD 9D",
    "AC KC JC 9C",
    "8S TS QS 7S",
    "8H TH QH 7H",
    "8D TD QD 7D",
    "8C TC QC 7C",
]
SEVENTEENS_50 = SEVENTEENS[:2] + ["AD QD JD 9D"] + SEVENTEENS[3:6] + ["8D TD KD 7D", SEVENTEENS[7]]

# Spades trump (turn-up 7S).  Team 0 takes 75 card points (tricks 1 to 4), team 1 45.
SEVENTY_FIVE = [
    "AS TS KS JS",  # 27
    "AH TH KH JH",  # 27
    "AD KD 9D 8D",  # 15
    "KC JC 9C 8C",  # 6
    "9S QS 8S 7S",  # 3
    "9H QH 8H 7H",  # 3
    "QD TD JD 7D",  # 15
    "QC AC TC 7C",  # 24
]

# Spades trump (turn-up 7S).  Team 0 takes every trick: seat 0 tricks 1 to 4, seat 2 tricks
# 5 to 8.  Seat 2 holds K-Q of hearts until trick 4, so he can announce 20 after trick 1
# (1802) or on his turn in trick 2 (Brouc).  Team 0's card points by trick: 15 15 15 25 ...
SWEEP = [
    "AS KS 9S 8S",
    "AD KD 9D 8D",
    "AC KC 9C 8C",
    "AH TH KH 8H",
    "JS QS TS 7S",
    "JD QD TD 7D",
    "JC QC TC 7C",
    "9H JH QH 7H",
]
# The same, with K-Q of trumps together in the first trick (a table marriage for team 0,
# which holds 18 card points after it).
SWEEP_TABLE = ["AS KS QS 8S"] + SWEEP[1:4] + ["JS 9S TS 7S"] + SWEEP[5:]

# Spades trump (turn-up 7S).  Team 0 takes tricks 1 to 4 (77 card points); trick 5, led by
# seat 0, goes to seat 1 with K-Q of diamonds in it (a table marriage for team 1).
LOSE_FIFTH = [
    "AS TS KS 9S",  # 25
    "AH TH QH 9H",  # 24
    "AD TD JD 9D",  # 23
    "QC JC 8C 7C",  # 5
    "QD KD 8D 7D",  # 7, and K-Q of diamonds: 40 to team 1 and -40 to team 0 in 1802
    "JS QS 8S 7S",
    "JH KH 8H 7H",
    "TC AC KC 9C",
]

# Clubs trump (turn-up 7C).  Team 1 (seat 1) takes tricks 1 and 2 with 10 card points, team 0
# (seat 0) tricks 3 and 4 with 50; then team 0 the rest.  LOSER_NINE: 9 and 51.
LOSER_TEN = [
    "8S KS 7S JS",  # 6, seat 1
    "8H KH 7H 9H",  # 4, seat 1
    "AS 9S TS QS",  # 24, seat 0
    "AH JH TH QH",  # 26, seat 0
    "AD 9D KD 8D",
    "JD QD TD 7D",
    "AC KC 9C 8C",
    "JC QC TC 7C",
]
LOSER_NINE = [LOSER_TEN[0], "8H QH 7H 9H", LOSER_TEN[2], "AH JH TH KH"] + LOSER_TEN[4:]  # 3 and 27

# Hearts trump (turn-up 7H).  Team 1 takes trick 1 (15 card points), team 0 the other seven (105).
BOTH_REACH = [
    "9S AS 8S KS",
    "AH 9H KH 8H",
    "AD 9D KD 8D",
    "AC 9C KC 8C",
    "TS JS QS 7S",
    "TH JH QH 7H",
    "TD JD QD 7D",
    "TC JC QC 7C",
]


@pytest.mark.clause("hdb.deck.points")
def test_positions_are_what_the_comments_say() -> None:
    """The card points of the positions (a check of the test data, not of a clause)."""
    points = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}

    def trick_points(rows: list[str], first: int, last: int) -> int:
        return sum(points.get(c[0], 0) for row in rows[first:last] for c in row.split())

    for p in _FIRST_FOUR_CHANGES:
        assert trick_points(first_four(p), 0, 4) == p
    assert trick_points(SEVENTEENS, 0, 3) == 51
    assert trick_points(SEVENTEENS_50, 0, 3) == 50
    assert trick_points(SEVENTY_FIVE, 0, 4) == 75
    assert trick_points(LOSER_TEN, 0, 2) == 10 and trick_points(LOSER_TEN, 2, 4) == 50
    assert trick_points(LOSER_NINE, 0, 2) == 9 and trick_points(LOSER_NINE, 2, 4) == 51
    for rows in (first_four(71), SEVENTEENS, SEVENTEENS_50, SEVENTY_FIVE, SWEEP, SWEEP_TABLE, LOSE_FIFTH,
                 LOSER_TEN, LOSER_NINE, BOTH_REACH):
        assert sorted(c for row in rows for c in row.split()) == sorted(r + s for r in "ATKQJ987" for s in "SHDC")


# == 1802: the target and the last coup ===============================================


@pytest.mark.clause("hdb.game.target")
def test_1802_target_is_301() -> None:
    rules = load(HDB)
    assert rules.data["game"]["target"] == 301


@pytest.mark.clause("hdb.game.target", "hdb.game.claim-right")
def test_1802_claim_at_exactly_301_is_right() -> None:
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(4)
    coup.act("claim")
    assert coup.outcome.how == "claim-right" and coup.outcome.winner == 0


@pytest.mark.clause("hdb.game.target", "hdb.game.claim-wrong")
def test_1802_claim_at_300_is_wrong() -> None:
    coup = Coup(HDB, first_four(70), "7S", (230, 100)).tricks(4)
    coup.act("claim")
    assert coup.outcome.how == "claim-wrong" and coup.outcome.winner == 1


@pytest.mark.clause("hdb.game.last-coup")
@pytest.mark.parametrize("p", [65, 66, 67, 68, 69, 70])
def test_1802_from_230_with_65_to_70_makes_300_and_the_game_goes_on(p: int) -> None:
    """S1 section 5: 65 to 70 card points count 70, a total of 300; the game continues."""
    coup = Coup(HDB, first_four(p), "7S", (230, 100)).tricks(8)
    assert coup.outcome.how == "played-out"
    assert coup.outcome.winner is None
    assert coup.outcome.marks == (0, 0)
    assert coup.outcome.scores[0] == 300


@pytest.mark.clause("hdb.game.last-coup", "hdb.game.target")
def test_1802_from_230_with_71_wins_at_the_end_of_the_coup() -> None:
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(8)
    assert coup.outcome.how == "played-out"
    assert coup.outcome.winner == 0
    assert coup.outcome.scores[0] == 301


@pytest.mark.clause("hdb.game.last-coup")
def test_1802_the_winning_coup_is_counted_without_rounding() -> None:
    coup = Coup(HDB, SEVENTY_FIVE, "7S", (230, 100)).tricks(8)
    assert coup.outcome.winner == 0
    assert coup.outcome.scores == (305, 145)


@pytest.mark.clause("hdb.game.last-coup")
def test_1802_the_losers_count_in_the_last_coup_is_unrounded_by_default() -> None:
    """From 230 and 100: 71 and 49 card points; the losers' 149 makes a double game."""
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(8)
    assert coup.outcome.scores == (301, 149)
    assert coup.outcome.marks == (2, 0)


@pytest.mark.clause("hdb.game.last-coup")
def test_1802_loser_count_last_coup_rounded() -> None:
    """With loser_count_last_coup=rounded the losers' 49 count 50: 150, a single game."""
    coup = Coup(HDB, first_four(71), "7S", (230, 100), loser_count_last_coup="rounded").tricks(8)
    assert coup.outcome.winner == 0
    assert coup.outcome.marks == (1, 0)


@pytest.mark.clause("hdb.game.last-coup", "hdb.count.rounding")
def test_1802_both_ending_in_5_mark_130_between_them() -> None:
    coup = Coup(HDB, SEVENTY_FIVE, "7S", (0, 0)).tricks(8)
    assert coup.outcome.how == "played-out" and coup.outcome.winner is None
    assert coup.outcome.scores == (80, 50)


@pytest.mark.clause("hdb.game.last-coup")
def test_1802_both_reach_301_higher_total_wins_by_default() -> None:
    """From 280 and 290: team 1 reaches 305 first (trick 1), team 0 ends at 385."""
    coup = Coup(HDB, BOTH_REACH, "7H", (280, 290)).tricks(8)
    assert coup.outcome.scores == (385, 305)
    assert coup.outcome.winner == 0
    assert coup.outcome.marks == (1, 0)


@pytest.mark.clause("hdb.game.last-coup")
def test_1802_both_reach_301_first_during_play() -> None:
    coup = Coup(HDB, BOTH_REACH, "7H", (280, 290), both_reach_target="first-during-play").tricks(8)
    assert coup.outcome.winner == 1


@pytest.mark.clause("hdb.game.last-coup")
def test_1802_both_reach_301_replay() -> None:
    coup = Coup(HDB, BOTH_REACH, "7H", (280, 290), both_reach_target="replay").tricks(8)
    assert coup.outcome.how == "replay"
    assert coup.outcome.winner is None
    assert coup.outcome.marks == (0, 0)
    assert coup.outcome.scores == (280, 290)


# == 1802: game values =================================================================


@pytest.mark.clause("hdb.game.value")
@pytest.mark.parametrize(("loser", "parties"), [(300, 1), (150, 1), (149, 2), (1, 2), (0, 2), (-1, 4), (-10, 4)])
def test_1802_game_value_table(loser: int, parties: int) -> None:
    assert game_value(load(HDB), loser) == parties


@pytest.mark.clause("hdb.game.value", "hdb.game.claim-right")
@pytest.mark.parametrize(
    ("rows", "loser_before", "loser_count", "parties"),
    [
        (LOSER_TEN, 140, 150, 1),
        (LOSER_NINE, 140, 149, 2),
        (LOSER_TEN, -10, 0, 2),
        (LOSER_TEN, -20, -10, 4),
    ],
)
def test_1802_game_value_read_on_the_losers_count(rows: list[str], loser_before: int, loser_count: int, parties: int) -> None:
    """Team 0 (260) claims after trick 4; team 1 holds 10 (or 9) card points by then."""
    coup = Coup(HDB, rows, "7C", (260, loser_before)).tricks(4)
    coup.act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.scores[1] == loser_count
    assert coup.outcome.marks == (parties, 0)


# == 1802: claims ======================================================================


@pytest.mark.clause("hdb.game.claim")
def test_1802_claim_offered_to_the_player_asked_in_a_window() -> None:
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(1)
    assert coup.state.phase == "window" and coup.state.to_act == 0
    assert "claim" in coup.legal()


@pytest.mark.clause("hdb.game.claim")
def test_1802_claim_in_the_middle_of_a_trick_by_default() -> None:
    """claim_moment=own-turn: seat 2, second to play in trick 5, claims 301 for his team."""
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(4).cards(2)
    assert coup.state.to_act == 2 and coup.state.trick
    coup.act("claim")
    assert coup.outcome.how == "claim-right" and coup.outcome.winner == 0


@pytest.mark.clause("hdb.game.claim", "brouc.game.dehors")
@pytest.mark.parametrize("name", BOTH)
def test_claim_between_tricks_only_refused_in_a_trick(name: str) -> None:
    coup = Coup(name, first_four(71), "7S", (230, 100), claim_moment="between-tricks").tricks(4).cards(2)
    assert "claim" not in coup.legal()
    assert rejected(coup.state, "claim") == "claim-not-now"


@pytest.mark.clause("hdb.game.claim", "brouc.game.dehors")
@pytest.mark.parametrize("name", BOTH)
def test_claim_between_tricks_allowed_before_a_trick(name: str) -> None:
    coup = Coup(name, first_four(71), "7S", (230, 100), claim_moment="between-tricks").tricks(4).settle()
    assert coup.state.to_act == 0 and not coup.state.trick
    coup.act("claim")
    assert coup.outcome.how == "claim-right"


@pytest.mark.clause("hdb.game.claim")
def test_1802_claim_counts_marriages_announced_so_far() -> None:
    """270 + 15 card points + 20 (K-Q of hearts announced by seat 2 after trick 1) = 305."""
    coup = Coup(HDB, SWEEP, "7S", (270, 100)).tricks(1).act("pass", "announce KQH", "claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.scores[0] == 305


@pytest.mark.clause("hdb.game.claim")
def test_1802_same_claim_without_the_marriage_is_wrong() -> None:
    coup = Coup(HDB, SWEEP, "7S", (270, 100)).tricks(1).act("pass", "claim")
    assert coup.outcome.how == "claim-wrong"


@pytest.mark.clause("hdb.game.claim", "hdb.marriage.table")
def test_1802_claim_counts_table_marriages() -> None:
    """210 + 18 card points + 80 (K-Q of trumps won in trick 1) = 308; the losers lose 80."""
    coup = Coup(HDB, SWEEP_TABLE, "7S", (210, 100)).tricks(1).act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.scores == (308, 20)


@pytest.mark.clause("hdb.game.claim")
def test_1802_claim_ends_the_deal_at_once() -> None:
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(4).act("claim")
    assert coup.state.is_over and len(coup.state.tricks) == 4
    assert rejected(coup.state, "pass") == "deal-over"


@pytest.mark.clause("hdb.game.claim-right")
def test_1802_right_claim_stops_the_losers_count_at_the_moment() -> None:
    """Team 1 holds 140 + 10 card points at the claim; nothing after counts."""
    coup = Coup(HDB, LOSER_TEN, "7C", (260, 140)).tricks(4).act("claim")
    assert coup.outcome.winner == 0
    assert coup.outcome.scores == (310, 150)


@pytest.mark.clause("hdb.game.claim-right")
def test_1802_claim_frozen_count_rounded() -> None:
    """claim_frozen_count=cards-so-far-rounded: the losers' 9 card points count 10: 150, single."""
    coup = Coup(HDB, LOSER_NINE, "7C", (260, 140), claim_frozen_count="cards-so-far-rounded").tricks(4).act("claim")
    assert coup.outcome.winner == 0
    assert coup.outcome.marks == (1, 0)


@pytest.mark.clause("hdb.game.claim-right")
def test_1802_claim_frozen_count_marriages_only() -> None:
    """claim_frozen_count=marriages-only: the losers' 10 card points do not count: 140, double."""
    coup = Coup(HDB, LOSER_TEN, "7C", (260, 140), claim_frozen_count="marriages-only").tricks(4).act("claim")
    assert coup.outcome.winner == 0
    assert coup.outcome.marks == (2, 0)


@pytest.mark.clause("hdb.game.claim-wrong")
def test_1802_wrong_claim_gives_the_game_to_the_other_team() -> None:
    """Team 0 claims at 296 (230 + 66 after three tricks)."""
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(3).act("claim")
    assert coup.outcome.how == "claim-wrong"
    assert coup.outcome.winner == 1


@pytest.mark.clause("hdb.game.claim-wrong")
def test_1802_wrong_claimers_score_nothing_for_the_coup() -> None:
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(3).act("claim")
    assert coup.outcome.scores[0] == 230


@pytest.mark.clause("hdb.game.claim-wrong", "hdb.game.value")
@pytest.mark.parametrize(("claimers", "parties"), [(230, 1), (140, 2), (-10, 4)])
def test_1802_wrong_claim_parties_from_the_claimers_count(claimers: int, parties: int) -> None:
    """wrong_claim_parties=claimers-as-losers (default): the claimers are the losers."""
    coup = Coup(HDB, first_four(71), "7S", (claimers, 100)).tricks(3).act("claim")
    assert coup.outcome.winner == 1
    assert coup.outcome.marks == (0, parties)


@pytest.mark.clause("hdb.game.claim-wrong")
def test_1802_wrong_claim_parties_from_the_other_team() -> None:
    """wrong_claim_parties=other-team: read on the winners' count (100): a double game."""
    coup = Coup(HDB, first_four(71), "7S", (230, 100), wrong_claim_parties="other-team").tricks(3).act("claim")
    assert coup.outcome.winner == 1
    assert coup.outcome.marks == (0, 2)


@pytest.mark.clause("hdb.game.claim-wrong")
def test_1802_wrong_claim_cancels_the_coups_marriages_by_default() -> None:
    """wrong_claim_marriages=all: the 20 announced in the coup go too; 140 gives a double."""
    coup = Coup(HDB, SWEEP, "7S", (140, 100)).tricks(1).act("pass", "announce KQH", "claim")
    assert coup.outcome.how == "claim-wrong"
    assert coup.outcome.scores[0] == 140
    assert coup.outcome.marks == (0, 2)


@pytest.mark.clause("hdb.game.claim-wrong")
def test_1802_wrong_claim_keeps_the_marriages_with_card_points_only() -> None:
    """wrong_claim_marriages=card-points-only: the 20 stay; 160 gives a single game."""
    coup = Coup(HDB, SWEEP, "7S", (140, 100), wrong_claim_marriages="card-points-only")
    coup.tricks(1).act("pass", "announce KQH", "claim")
    assert coup.outcome.how == "claim-wrong"
    assert coup.outcome.scores[0] == 160
    assert coup.outcome.marks == (0, 1)


# == 1802: the vole ======================================================================


@pytest.mark.clause("hdb.game.vole")
def test_1802_vole_marks_three_parties_and_the_game_goes_on() -> None:
    coup = Coup(HDB, SWEEP, "7S", (200, 100)).tricks(8)
    assert coup.outcome.how == "all-tricks"
    assert coup.outcome.winner is None
    assert coup.outcome.marks == (3, 0)


@pytest.mark.clause("hdb.game.vole")
def test_1802_vole_annuls_the_coup_and_its_marriages() -> None:
    """The 120 card points and the 20 announced by seat 2 are cancelled: back to 200 and 100."""
    coup = Coup(HDB, SWEEP, "7S", (200, 100)).tricks(1).act("pass", "announce KQH", "pass").tricks(7)
    assert coup.outcome.how == "all-tricks"
    assert coup.outcome.scores == (200, 100)


@pytest.mark.clause("hdb.game.vole")
def test_1802_vole_on_the_first_coup_leaves_both_at_zero() -> None:
    coup = Coup(HDB, SWEEP, "7S", (0, 0)).tricks(8)
    assert coup.outcome.scores == (0, 0)
    assert coup.outcome.marks == (3, 0)


@pytest.mark.clause("hdb.game.vole")
def test_1802_vole_does_not_win_the_game_even_past_301() -> None:
    """From 250, the vole's 120 would make 370, but the coup is annulled (S1 8.1, 8.2)."""
    coup = Coup(HDB, SWEEP, "7S", (250, 100)).tricks(8)
    assert coup.outcome.how == "all-tricks"
    assert coup.outcome.winner is None
    assert coup.outcome.scores == (250, 100)


# == 1802: partie et vole ==================================================================


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_not_before_the_first_trick() -> None:
    coup = Coup(HDB, SWEEP, "7S", (200, 100))
    assert "declare" not in coup.legal()
    assert rejected(coup.state, "declare") == "declaration-not-allowed"


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_first_trick_parameter() -> None:
    coup = Coup(HDB, SWEEP, "7S", (200, 100), partie_et_vole_first_trick=True)
    assert "declare" in coup.legal()


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_by_the_player_on_lead_after_winning_the_first_trick() -> None:
    coup = Coup(HDB, SWEEP, "7S", (200, 100)).tricks(1)
    assert coup.state.to_act == 0 == coup.state.leader
    assert "declare" in coup.legal()


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_by_the_player_on_lead_when_play_resumes() -> None:
    coup = Coup(HDB, SWEEP, "7S", (200, 100)).tricks(1).settle()
    assert coup.state.phase == "play" and coup.state.to_act == 0
    assert "declare" in coup.legal()


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_not_by_the_partner_of_the_player_on_lead() -> None:
    """partie_et_vole_declarer=player-on-lead: seat 2, asked in the window after seat 0's trick."""
    coup = Coup(HDB, SWEEP, "7S", (200, 100)).tricks(1).act("pass")
    assert coup.state.phase == "window" and coup.state.to_act == 2
    assert "declare" not in coup.legal()
    assert rejected(coup.state, "declare") == "declaration-not-allowed"


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_declarer_any_player_of_team() -> None:
    coup = Coup(HDB, SWEEP, "7S", (200, 100), partie_et_vole_declarer="any-player-of-team").tricks(1).act("pass")
    assert coup.state.to_act == 2
    assert "declare" in coup.legal()


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_still_before_the_fifth_trick() -> None:
    coup = Coup(HDB, SWEEP, "7S", (100, 100)).tricks(4).settle()
    assert coup.state.to_act == coup.state.leader and len(coup.state.tricks) == 4
    assert "declare" in coup.legal()


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_too_late_once_four_tricks_are_past() -> None:
    """After five tricks, all won by team 0, seat 2 leads the sixth: too late."""
    coup = Coup(HDB, SWEEP, "7S", (100, 100)).tricks(5)
    assert coup.state.to_act == 2 and "declare" not in coup.legal()
    coup.settle()
    assert coup.state.to_act == 2 == coup.state.leader
    assert "declare" not in coup.legal()
    assert rejected(coup.state, "declare") == "declaration-not-allowed"


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_needs_every_trick_so_far() -> None:
    """Team 0 lost tricks 1 and 2 and won trick 3: seat 0 leads trick 4 but may not declare."""
    coup = Coup(HDB, LOSER_TEN, "7C", (200, 100)).tricks(3)
    assert coup.state.to_act == 0
    assert "declare" not in coup.legal()
    coup.settle()
    assert rejected(coup.state, "declare") == "declaration-not-allowed"


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_190_is_no_condition_by_default() -> None:
    coup = Coup(HDB, SWEEP, "7S", (100, 100)).tricks(1)
    assert "declare" in coup.legal()


@pytest.mark.clause("hdb.game.partie-et-vole")
@pytest.mark.parametrize(("score", "allowed"), [(180, False), (190, True)])
def test_1802_partie_et_vole_190_precondition(score: int, allowed: bool) -> None:
    coup = Coup(HDB, SWEEP, "7S", (score, 100), partie_et_vole_190="precondition").tricks(1)
    assert ("declare" in coup.legal()) == allowed


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_partie_et_vole_190_counts_the_marriages_already_marked() -> None:
    """S1 8.2: the team must have 190 "au moment de la déclaration"; marriages are marked as
    they come (S1 7.1, 9), the 120 of the eight tricks make up the rest.  From 170, seat 2
    announces 20 after trick 1: 190 on the marque when seat 0 leads trick 2."""
    coup = Coup(HDB, SWEEP, "7S", (170, 100), partie_et_vole_190="precondition")
    coup.tricks(1).act("pass", "announce KQH", "pass")
    assert coup.state.phase == "play" and coup.state.to_act == 0
    assert "declare" in coup.legal()


@pytest.mark.clause("hdb.game.partie-et-vole", "hdb.game.claim")
def test_1802_declared_team_may_not_claim() -> None:
    """escape_commitment=false: once bound, team 0 may not end the game with a plain claim."""
    coup = Coup(HDB, SWEEP, "7S", (290, 100)).tricks(1).act("declare")
    assert coup.state.declared == (0, False)
    assert coup.state.to_act == 0 and "claim" not in coup.legal()
    assert rejected(coup.state, "claim") == "claim-not-now"


@pytest.mark.clause("hdb.game.partie-et-vole", "hdb.game.claim")
def test_1802_escape_commitment_lets_the_declared_team_claim() -> None:
    """escape_commitment=true: 290 + 15 = 305 makes a plain right claim, worth the game's value
    only (a double, the losers being at 100), without the vole's three parties."""
    coup = Coup(HDB, SWEEP, "7S", (290, 100), escape_commitment=True).tricks(1).act("declare")
    assert "claim" in coup.legal()
    coup.act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.marks == (2, 0)


@pytest.mark.clause("hdb.game.partie-et-vole")
def test_1802_only_one_declaration() -> None:
    coup = Coup(HDB, SWEEP, "7S", (200, 100)).tricks(1).act("declare")
    assert "declare" not in coup.legal()
    assert rejected(coup.state, "declare") == "declaration-not-allowed"


@pytest.mark.clause("hdb.game.partie-et-vole-success")
@pytest.mark.parametrize(("loser", "parties"), [(150, 4), (100, 5), (-10, 7)])
def test_1802_partie_et_vole_made(loser: int, parties: int) -> None:
    """Declared after trick 1 from 200: every trick, 320; three parties plus the game's value."""
    coup = Coup(HDB, SWEEP, "7S", (200, loser)).tricks(1).act("declare").tricks(7)
    assert coup.outcome.how == "declaration-made"
    assert coup.outcome.winner == 0
    assert coup.outcome.marks == (parties, 0)
    assert coup.outcome.scores == (320, loser)


@pytest.mark.clause("hdb.game.partie-et-vole-success", "hdb.game.partie-et-vole-failure")
def test_1802_partie_et_vole_every_trick_but_short_of_301_is_not_made() -> None:
    """From 100: every trick but only 220; the declaration promised 301 as well."""
    coup = Coup(HDB, SWEEP, "7S", (100, 100)).tricks(1).act("declare").tricks(7)
    assert coup.outcome.how == "declaration-failed"
    assert coup.outcome.winner == 1


@pytest.mark.clause("hdb.game.partie-et-vole-failure")
def test_1802_partie_et_vole_fails_at_the_first_lost_trick() -> None:
    coup = Coup(HDB, LOSE_FIFTH, "7S", (200, 140)).tricks(1).act("declare").tricks(4)
    assert coup.state.is_over and len(coup.state.tricks) == 5
    assert coup.outcome.how == "declaration-failed"
    assert coup.outcome.winner == 1


@pytest.mark.clause("hdb.game.partie-et-vole-failure")
def test_1802_partie_et_vole_failure_marks_what_the_declarers_would_have() -> None:
    """The declarers would have marked 3 + 2 (the other team at 140 < 150)."""
    coup = Coup(HDB, LOSE_FIFTH, "7S", (200, 140)).tricks(1).act("declare").tricks(4)
    assert coup.outcome.marks == (0, 5)


@pytest.mark.clause("hdb.game.partie-et-vole-failure")
def test_1802_partie_et_vole_failure_counts_stop_before_the_lost_trick() -> None:
    """Trick 5 (7 card points and K-Q of diamonds, 40 each way) counts for nothing."""
    coup = Coup(HDB, LOSE_FIFTH, "7S", (200, 140)).tricks(1).act("declare").tricks(4)
    assert coup.outcome.scores == (277, 140)


@pytest.mark.clause("hdb.game.partie-et-vole-failure")
def test_1802_partie_et_vole_no_card_after_the_failure() -> None:
    coup = Coup(HDB, LOSE_FIFTH, "7S", (200, 140)).tricks(1).act("declare").tricks(4)
    assert coup.state.legal_actions() == []
    assert rejected(coup.state, "JS") == "deal-over"


# == 1802: the concession ======================================================================


@pytest.mark.clause("hdb.game.concession")
def test_1802_concession_asked_before_the_second_trick() -> None:
    """290 + 25 after trick 1, every trick to team 0: seat 1 (team 1) is asked first."""
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass")
    assert coup.state.phase == "concede"
    assert coup.state.to_act == 1
    assert coup.legal() == {"pass", "concede"}


@pytest.mark.clause("hdb.game.concession")
def test_1802_concession_asked_before_the_fourth_trick() -> None:
    """From 250: 275, 299, 316 after tricks 1, 2, 3: asked before trick 4 only."""
    coup = Coup(HDB, first_four(71), "7S", (250, 100))
    phases = []
    for _ in range(3):
        coup.tricks(1).act("pass", "pass")
        phases.append(coup.state.phase)
    assert phases == ["play", "play", "concede"]


@pytest.mark.clause("hdb.game.concession")
def test_1802_no_concession_before_the_fifth_trick() -> None:
    """From 230: 301 only after trick 4."""
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(4).act("pass", "pass")
    assert coup.state.phase == "play"
    assert rejected(coup.state, "concede") == "concession-not-open"


@pytest.mark.clause("hdb.game.concession")
def test_1802_no_concession_while_nobody_holds_301() -> None:
    coup = Coup(HDB, first_four(71), "7S", (230, 100)).tricks(3).act("pass", "pass")
    assert coup.state.phase == "play"
    assert "concede" not in coup.legal()
    assert rejected(coup.state, "concede") == "concession-not-open"


@pytest.mark.clause("hdb.game.concession")
def test_1802_no_concession_by_default_when_the_leaders_lost_a_trick() -> None:
    """concession=other-team-has-all-tricks: team 0 holds 304 after trick 3 but lost tricks 1, 2."""
    coup = Coup(HDB, LOSER_TEN, "7C", (280, 100)).tricks(3).act("pass", "pass")
    assert coup.state.phase == "play"


@pytest.mark.clause("hdb.game.concession")
def test_1802_concession_any() -> None:
    coup = Coup(HDB, LOSER_TEN, "7C", (280, 100), concession="any").tricks(3).act("pass", "pass")
    assert coup.state.phase == "concede"
    assert coup.state.to_act == 1


@pytest.mark.clause("hdb.game.concession")
def test_1802_concession_passed_play_resumes() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass", "pass")
    assert coup.state.phase == "play"
    assert coup.state.to_act == 0
    assert "concede" not in coup.legal()


@pytest.mark.clause("hdb.game.concession")
def test_1802_concession_asked_again_before_the_next_trick() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass", "pass").tricks(1).act("pass", "pass")
    assert coup.state.phase == "concede"


@pytest.mark.clause("hdb.game.concession")
def test_1802_no_concession_once_partie_et_vole_is_declared() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("declare", "pass", "pass")
    assert coup.state.phase == "play"


@pytest.mark.clause("hdb.game.concession", "hdb.game.concession-answer")
def test_1802_concession_answered_by_the_leader() -> None:
    """Spec, parameter concession: "The first player of the conceding team after the leader
    asks, the leader answers."  Seat 0 leads trick 2; seat 1 concedes; seat 0 answers."""
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass", "concede")
    assert coup.state.phase == "respond"
    assert coup.state.to_act == coup.state.leader == 0
    assert coup.legal() == {"accept", "refuse"}


@pytest.mark.clause("hdb.game.concession-answer")
def test_1802_concession_accepted_counts_the_game_now() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass", "concede", "accept")
    assert coup.outcome.how == "concession-accepted"
    assert coup.outcome.winner == 0
    assert coup.outcome.scores == (315, 100)
    assert coup.outcome.marks == (2, 0)


@pytest.mark.clause("hdb.game.concession-answer")
def test_1802_concession_refused_binds_the_refusers_to_the_vole() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass", "concede", "refuse")
    assert coup.state.declared == (0, False)
    assert coup.state.phase == "play" and coup.state.to_act == 0
    assert "claim" not in coup.legal()


@pytest.mark.clause("hdb.game.concession-answer", "hdb.game.partie-et-vole-failure")
def test_1802_concession_refused_then_a_lost_trick_ends_the_game() -> None:
    """The refusers lose trick 5: the conceders win and mark 3 + 2 (the refusers' would-be
    losers stood at 100); the counts stop before trick 5."""
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass", "concede", "refuse").tricks(4)
    assert coup.state.is_over and len(coup.state.tricks) == 5
    assert coup.outcome.how == "declaration-failed"
    assert coup.outcome.winner == 1
    assert coup.outcome.marks == (0, 5)
    assert coup.outcome.scores == (361, 100)


@pytest.mark.clause("hdb.game.concession-answer", "hdb.game.partie-et-vole-success")
def test_1802_concession_refused_then_every_trick_is_partie_et_vole() -> None:
    coup = Coup(HDB, SWEEP, "7S", (290, 100)).tricks(1).act("pass", "pass", "concede", "refuse").tricks(7)
    assert coup.outcome.how == "declaration-made"
    assert coup.outcome.marks == (5, 0)


@pytest.mark.clause("hdb.game.concession-answer", "hdb.game.partie-et-vole-success")
def test_1802_concession_any_refusers_who_lost_a_trick_make_no_vole() -> None:
    """concession=any: team 0 lost tricks 1 and 2, holds 304 and refuses before trick 4.
    Bound "exactly as if it had declared partie et vole" (take every trick), it can no longer
    make the vole: the refusal fails at once and the other team wins."""
    coup = Coup(HDB, LOSER_TEN, "7C", (280, 100), concession="any")
    coup.tricks(3).act("pass", "pass", "concede", "refuse")
    assert coup.outcome.how == "declaration-failed"
    assert coup.outcome.winner == 1
    assert coup.outcome.marks[0] == 0


# == errors ===================================================================================


@pytest.mark.clause("hdb.game.claim", "brouc.game.dehors")
@pytest.mark.parametrize("name", BOTH)
@pytest.mark.parametrize("action", GAME_ACTIONS)
def test_game_actions_need_a_game(name: str, action: str) -> None:
    rules = load(name)
    hands = [[row.split()[seat] for row in SWEEP] for seat in range(4)]
    state = HommeDeal(rules, deal_from_cards(rules, hands, "7S"))
    assert not {action_text(rules, a) for a in state.legal_actions()} & set(GAME_ACTIONS)
    assert rejected(state, action) == "not-in-a-game"


@pytest.mark.clause("hdb.game.concession")
def test_concede_when_not_asked() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100))
    assert rejected(coup.state, "concede") == "concession-not-open"


@pytest.mark.clause("hdb.game.concession-answer")
@pytest.mark.parametrize("answer", ["accept", "refuse"])
def test_answer_without_a_concession(answer: str) -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100))
    assert rejected(coup.state, answer) == "no-concession"


@pytest.mark.clause("hdb.game.concession-answer")
@pytest.mark.parametrize("answer", ["accept", "refuse"])
def test_answer_before_the_concession_is_made(answer: str) -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass")
    assert coup.state.phase == "concede"
    assert rejected(coup.state, answer) == "no-concession"


@pytest.mark.clause("hdb.game.concession")
def test_no_card_while_the_concession_is_asked() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass")
    assert rejected(coup.state, "AH") == "concession-pending"
    assert rejected(coup.state, "TH") == "concession-pending"


@pytest.mark.clause("hdb.game.concession-answer")
def test_no_card_while_the_concession_is_answered() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass", "concede")
    assert coup.state.phase == "respond"
    assert rejected(coup.state, "AH") == "concession-pending"


@pytest.mark.clause("hdb.game.concession")
def test_no_claim_while_the_concession_is_asked() -> None:
    coup = Coup(HDB, first_four(71), "7S", (290, 100)).tricks(1).act("pass", "pass")
    assert "claim" not in coup.legal()
    assert rejected(coup.state, "claim") in ("claim-not-now", "concession-pending")


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_brouc_has_no_concession() -> None:
    coup = Coup(BROUC, first_four(71), "7S", (290, 100)).tricks(1)
    assert coup.state.phase == "play"
    assert rejected(coup.state, "concede") == "concession-not-open"


# == Brouc: the target and dehors ================================================================


@pytest.mark.clause("brouc.game.target", "brouc.game.dehors")
def test_brouc_from_23_with_71_dehors_wins() -> None:
    """S2 "Punkte und Partie": a team writing "23" with 71 card points has 301."""
    coup = Coup(BROUC, first_four(71), "7S", (230, 100)).tricks(4)
    assert coup.state.to_act == 0 and "claim" in coup.legal()
    coup.act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.winner == 0
    assert coup.outcome.scores[0] == 301


@pytest.mark.clause("brouc.game.target", "brouc.game.dehors-wrong")
def test_brouc_exactly_300_is_not_more_than_300() -> None:
    coup = Coup(BROUC, first_four(70), "7S", (230, 100)).tricks(4).act("claim")
    assert coup.outcome.how == "claim-wrong"
    assert coup.outcome.winner == 1


@pytest.mark.clause("brouc.game.target", "brouc.game.dehors")
def test_brouc_on_25_dehors_with_51_card_points_mid_deal() -> None:
    """S3 (dossier): a team on 25 may claim as soon as it holds 51 card points."""
    coup = Coup(BROUC, SEVENTEENS, "7S", (250, 100)).tricks(3).act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.scores[0] == 301


@pytest.mark.clause("brouc.game.target", "brouc.game.dehors-wrong")
def test_brouc_on_25_dehors_with_50_card_points_is_wrong() -> None:
    coup = Coup(BROUC, SEVENTEENS_50, "7S", (250, 100)).tricks(3).act("claim")
    assert coup.outcome.how == "claim-wrong"
    assert coup.outcome.winner == 1


@pytest.mark.clause("brouc.game.target")
def test_brouc_no_game_without_dehors() -> None:
    """From 250, 71 card points make 321, but nobody declared: the deal is counted (rounded)
    and the game goes on."""
    coup = Coup(BROUC, first_four(71), "7S", (250, 100)).tricks(8)
    assert coup.outcome.how == "played-out"
    assert coup.outcome.winner is None
    assert coup.outcome.marks == (0, 0)
    assert coup.outcome.scores == (320, 150)


@pytest.mark.clause("brouc.game.target", "brouc.count.rounding")
def test_brouc_both_ending_in_5_mark_130_between_them() -> None:
    coup = Coup(BROUC, SEVENTY_FIVE, "7S", (0, 0)).tricks(8)
    assert coup.outcome.how == "played-out"
    assert coup.outcome.scores == (80, 50)


@pytest.mark.clause("brouc.game.dehors")
def test_brouc_dehors_counts_announced_marriages() -> None:
    """270 + 15 card points + 20 (seat 2 announces K-Q of hearts on his turn in trick 2) = 305."""
    coup = Coup(BROUC, SWEEP, "7S", (270, 100)).tricks(1).cards(2)
    assert coup.state.to_act == 2
    coup.act("announce KQH", "claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.scores[0] == 305


@pytest.mark.clause("brouc.game.dehors")
def test_brouc_same_dehors_without_the_marriage_is_wrong() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (270, 100)).tricks(1).cards(2).act("claim")
    assert coup.outcome.how == "claim-wrong"


@pytest.mark.clause("brouc.game.dehors", "brouc.marriage.table")
def test_brouc_dehors_counts_table_marriages() -> None:
    """250 + 18 card points + 40 (K-Q of trumps in trick 1, won by team 0) = 308."""
    coup = Coup(BROUC, SWEEP_TABLE, "7S", (250, 100)).tricks(1).act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.scores == (308, 60)


@pytest.mark.clause("brouc.game.dehors")
def test_brouc_team_written_above_300_may_declare_at_any_moment_by_default() -> None:
    coup = Coup(BROUC, first_four(71), "7S", (310, 100)).cards(2)
    assert coup.state.to_act == 2
    coup.act("claim")
    assert coup.outcome.how == "claim-right"


@pytest.mark.clause("brouc.game.dehors")
def test_brouc_dehors_above_300_before_first_card_allowed_at_the_start() -> None:
    coup = Coup(BROUC, first_four(71), "7S", (310, 100), dehors_above_300="before-first-card")
    coup.act("claim")
    assert coup.outcome.how == "claim-right"


@pytest.mark.clause("brouc.game.dehors")
def test_brouc_dehors_above_300_before_first_card_refused_later() -> None:
    coup = Coup(BROUC, first_four(71), "7S", (310, 100), dehors_above_300="before-first-card")
    assert coup.state.to_act == 0 and coup.legal() == {"pass", "claim"}  # the round before the first card
    coup.act("pass").act("pass").cards(2)
    assert coup.state.to_act == 2
    assert "claim" not in coup.legal()
    assert rejected(coup.state, "claim") == "claim-not-now"


@pytest.mark.clause("brouc.game.dehors", "brouc.game.cape-et-dehors")
def test_brouc_declared_team_may_not_say_dehors() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (290, 100)).act("declare").tricks(1)
    assert coup.state.to_act == 0
    assert "claim" not in coup.legal()
    assert rejected(coup.state, "claim") == "claim-not-now"


@pytest.mark.clause("brouc.game.dehors", "brouc.game.cape-et-dehors")
def test_brouc_escape_commitment_lets_the_declared_team_say_dehors() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (290, 100), escape_commitment=True).act("declare").tricks(1)
    assert "claim" in coup.legal()
    coup.act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.marks == (0, 2)


# == Brouc: wrong dehors, coches ===================================================================


@pytest.mark.clause("brouc.game.dehors-wrong")
def test_brouc_wrong_dehors_gives_the_game_to_the_other_team_whatever_its_score() -> None:
    coup = Coup(BROUC, first_four(71), "7S", (230, 0)).tricks(3).act("claim")
    assert coup.outcome.how == "claim-wrong"
    assert coup.outcome.winner == 1


@pytest.mark.clause("brouc.game.dehors-wrong", "brouc.game.coches")
@pytest.mark.parametrize(("other", "coches"), [(150, 1), (140, 2), (0, 2)])
def test_brouc_wrong_dehors_declarers_mark_what_the_others_would_have(other: int, coches: int) -> None:
    coup = Coup(BROUC, first_four(71), "7S", (230, other)).tricks(3).act("claim")
    assert coup.outcome.marks == (coches, 0)


@pytest.mark.clause("brouc.game.coches")
@pytest.mark.parametrize(("loser", "coches"), [(150, 1), (140, 2), (-20, 2)])
def test_brouc_losers_mark_one_coche_or_two_under_15(loser: int, coches: int) -> None:
    coup = Coup(BROUC, first_four(71), "7S", (230, loser)).tricks(4).act("claim")
    assert coup.outcome.winner == 0
    assert coup.outcome.marks == (0, coches)


@pytest.mark.clause("brouc.game.coches")
def test_brouc_coches_threshold_before_deal_by_default() -> None:
    """Team 1 writes "14" and has 10 card points at the dehors: still two coches."""
    coup = Coup(BROUC, LOSER_TEN, "7C", (260, 140)).tricks(4).act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.marks == (0, 2)


@pytest.mark.clause("brouc.game.coches")
def test_brouc_coches_threshold_at_dehors() -> None:
    """coches_threshold=at-dehors: 140 + 10 = 150 at the moment of dehors: one coche."""
    coup = Coup(BROUC, LOSER_TEN, "7C", (260, 140), coches_threshold="at-dehors").tricks(4).act("claim")
    assert coup.outcome.how == "claim-right"
    assert coup.outcome.marks == (0, 1)


@pytest.mark.clause("brouc.game.coches")
@pytest.mark.parametrize(("loser", "coches"), [(150, 1), (149, 2), (140, 2)])
def test_brouc_coche_table(loser: int, coches: int) -> None:
    assert game_value(load(BROUC), loser) == coches


# == Brouc: la cape ==================================================================================


@pytest.mark.clause("brouc.game.cape")
def test_brouc_cape_losers_mark_two_coches_and_the_game_goes_on() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (200, 100)).tricks(8)
    assert coup.outcome.how == "all-tricks"
    assert coup.outcome.winner is None
    assert coup.outcome.marks == (0, 2)


@pytest.mark.clause("brouc.game.cape")
def test_brouc_cape_scores_stand() -> None:
    coup = Coup(BROUC, SWEEP_TABLE, "7S", (200, 100)).tricks(1).cards(2).act("announce KQH").rest()
    assert coup.outcome.how == "all-tricks"
    assert coup.outcome.scores == (200, 100)


@pytest.mark.clause("brouc.game.cape", "brouc.game.cape-et-dehors")
def test_brouc_plain_cape_card_points_do_not_count_towards_the_game() -> None:
    """From 250 the cape's 120 would pass 300, but without a declaration it is a plain cape."""
    coup = Coup(BROUC, SWEEP, "7S", (250, 100)).tricks(8)
    assert coup.outcome.how == "all-tricks"
    assert coup.outcome.winner is None
    assert coup.outcome.scores == (250, 100)


# == Brouc: la cape et dehors, la cape, dehors et pas dédoublé =========================================


@pytest.mark.clause("brouc.game.cape-et-dehors")
@pytest.mark.parametrize(("score", "allowed"), [(180, False), (190, True)])
def test_brouc_cape_et_dehors_needs_19(score: int, allowed: bool) -> None:
    coup = Coup(BROUC, SWEEP, "7S", (score, 100))
    assert ("declare" in coup.legal()) == allowed
    if not allowed:
        assert rejected(coup.state, "declare") == "declaration-not-allowed"


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_brouc_cape_et_dehors_with_two_cards_in_hand() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (200, 100)).tricks(6)
    assert coup.state.to_act == 2 and coup.state.hands[2].bit_count() == 2
    assert "declare" in coup.legal()


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_brouc_cape_et_dehors_not_with_one_card_in_hand() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (200, 100)).tricks(7)
    assert coup.state.to_act == 2 and coup.state.hands[2].bit_count() == 1
    assert "declare" not in coup.legal()
    assert rejected(coup.state, "declare") == "declaration-not-allowed"


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_brouc_cape_et_dehors_needs_every_trick_so_far() -> None:
    coup = Coup(BROUC, LOSER_TEN, "7C", (200, 100)).tricks(3)
    assert coup.state.to_act == 0
    assert "declare" not in coup.legal()
    assert rejected(coup.state, "declare") == "declaration-not-allowed"


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_brouc_cape_et_dehors_all_tricks_parameter() -> None:
    coup = Coup(BROUC, LOSER_TEN, "7C", (200, 100), cape_et_dehors_all_tricks=False).tricks(3)
    assert "declare" in coup.legal()


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_brouc_cape_et_dehors_made_losers_mark_three() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (200, 150)).act("declare").tricks(8)
    assert coup.outcome.how == "declaration-made"
    assert coup.outcome.winner == 0
    assert coup.outcome.marks == (0, 3)


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_brouc_cape_et_dehors_declared_mid_deal() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (200, 150)).tricks(3).act("declare").tricks(5)
    assert coup.outcome.how == "declaration-made"
    assert coup.outcome.marks == (0, 3)


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_brouc_cape_et_dehors_failed_declarers_mark_three() -> None:
    """Team 0 declares at the start, takes tricks 1 to 4 and loses trick 5: the game ends there."""
    coup = Coup(BROUC, first_four(71), "7S", (200, 150)).act("declare").tricks(5)
    assert coup.state.is_over and len(coup.state.tricks) == 5
    assert coup.outcome.how == "declaration-failed"
    assert coup.outcome.winner == 1
    assert coup.outcome.marks == (3, 0)


@pytest.mark.clause("brouc.game.cape-pas-dedouble")
@pytest.mark.parametrize(("other", "allowed"), [(150, False), (140, True), (-30, True)])
def test_brouc_pas_dedouble_needs_the_others_at_14_or_less(other: int, allowed: bool) -> None:
    coup = Coup(BROUC, SWEEP, "7S", (200, other))
    assert "declare" in coup.legal()
    assert ("declare-double" in coup.legal()) == allowed
    if not allowed:
        assert rejected(coup.state, "declare-double") == "declaration-not-allowed"


@pytest.mark.clause("brouc.game.cape-pas-dedouble")
def test_brouc_pas_dedouble_needs_19_too() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (180, 100))
    assert "declare-double" not in coup.legal()


@pytest.mark.clause("brouc.game.cape-pas-dedouble")
def test_brouc_pas_dedouble_made_losers_mark_four() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (200, 140)).act("declare-double").tricks(8)
    assert coup.outcome.how == "declaration-made"
    assert coup.outcome.winner == 0
    assert coup.outcome.marks == (0, 4)


@pytest.mark.clause("brouc.game.cape-pas-dedouble")
def test_brouc_pas_dedouble_failed_declarers_mark_four() -> None:
    coup = Coup(BROUC, first_four(71), "7S", (200, 140)).act("declare-double").tricks(5)
    assert coup.outcome.how == "declaration-failed"
    assert coup.outcome.winner == 1
    assert coup.outcome.marks == (4, 0)


@pytest.mark.clause("brouc.game.cape-et-dehors", "brouc.game.cape-pas-dedouble")
def test_brouc_one_declaration_only() -> None:
    coup = Coup(BROUC, SWEEP, "7S", (200, 100)).act("declare")
    coup.cards(1)
    assert "declare" not in coup.legal() and "declare-double" not in coup.legal()
    assert rejected(coup.state, "declare-double") == "declaration-not-allowed"

"""Counting a deal: card points, rounding to tens, and the deal's total per team.

`brou.laws.counting.rounded(rules, cards, marriages)` gives (rounded card points, deal
totals) per team under the ruleset's `rounding` parameter (AMB-12, AMB-13);
`HommeDeal.result()` gives the whole count of a deal.
"""

from __future__ import annotations

import pytest

from brou.laws.counting import half_away_from_zero, half_up, rounded
from helpers import deal, finish, load, play, random_deal

HDB = "homme-de-brou-1802"
BROUC = "brouc"
RULESETS = [HDB, BROUC]
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
MARRIAGE_TOTALS = range(-300, 301, 10)  # marriage points are always whole tens

# The association's worked example (S4) as a Brouc deal, trump diamonds (turn-up 8D):
# team 0 takes 82 card points, wins KS-QS on the table (20) and seat 0 announces
# K-Q of trumps and K-Q of hearts (60); team 1 takes 38 and loses the table marriage.
S4_HANDS = [
    "7S 8S KH QH KD QD 7C 8C",
    "KS JS JH 9H AD 9D QC TC",
    "AS TS AH TH TD JD AC 9C",
    "QS 9S 8H 7H 7D 8D JC KC",
]
S4_TRICKS = [
    "7C QC AC JC",
    "AS QS announce KQD announce KQH 7S KS",
    "TS 9S 8S JS",
    "9C KC 8C TC",
    "AD TD 7D QD",
    "9D JD 8D KD",
    "QH 9H AH 7H",
    "TH 8H KH JH",
]
S4_PLAY = "  ".join(S4_TRICKS)
# The same cards under the 1802 rules, without announcing: both asked players pass after tricks 1 to 6.
_QUIET = [t.replace("announce KQD announce KQH ", "") for t in S4_TRICKS]
S4_PLAY_1802 = "  pass pass  ".join(_QUIET[:7]) + "  " + _QUIET[7]



def marks(name: str, cards: list[int], marriages: list[int] | None = None, **params: str) -> tuple[list[int], list[int]]:
    return rounded(load(name, **params), cards, marriages or [0] * len(cards))


# -- card points ------------------------------------------------------------


@pytest.mark.clause("hdb.count.card-points")
@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", range(100))
def test_card_points_of_a_deal_sum_to_120(name: str, seed: int) -> None:
    teams = random_deal(load(name), seed).result().teams
    assert sum(t.card_points for t in teams) == 120
    assert sum(t.tricks for t in teams) == 8


@pytest.mark.clause("hdb.count.card-points")
@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", range(100))
def test_card_points_are_the_cards_of_the_tricks_won(name: str, seed: int) -> None:
    state = random_deal(load(name), seed)
    rules = state.rules
    by_team = [0, 0]
    for _, cards, winner in state.tricks:
        by_team[rules.team_of[winner]] += sum(POINTS[rules.card_text(c)[0]] for c in cards)
    assert [t.card_points for t in state.result().teams] == by_team


@pytest.mark.clause("hdb.count.card-points")
@pytest.mark.parametrize("name", RULESETS)
def test_no_bonus_for_the_last_trick(name: str) -> None:
    rules = load(name)
    assert rules.last_trick_bonus == 0
    actions = S4_PLAY_1802 if name == HDB else S4_PLAY.replace("announce KQD announce KQH ", "")
    state = play(deal(rules, S4_HANDS, "8D"), actions)
    assert state.is_over
    assert state.tricks[-1][2] == 2  # team 0 wins the last trick
    assert [t.card_points for t in state.result().teams] == [82, 38]


@pytest.mark.clause("hdb.count.card-points")
def test_a_team_without_a_trick_has_no_card_points() -> None:
    # Seat 0 wins every trick: he holds all the trumps (clubs), and every lead is his.
    hands = [
        "AC TC KC QC JC 9C 8C AS",
        "TS KS QS JS AH TH KH QH",
        "9S 8S 7S JH 9H AD TD KD",
        "8H 7H QD JD 9D 8D 7D 7C",
    ]
    state = deal(load(HDB), hands, "7C")
    teams = finish(state).result().teams
    assert teams[1].tricks == 0
    assert teams[1].card_points == 0
    assert teams[0].card_points == 120


# -- rounding: the rule and the S1 / S2 examples ----------------------------


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
def test_half_up_units_0_to_4_dropped_5_to_9_up() -> None:
    for points in range(50, 55):
        assert half_up(points) == 50
    for points in range(55, 60):
        assert half_up(points) == 60
    assert half_up(0) == 0
    assert half_up(120) == 120
    assert half_up(4) == 0
    assert half_up(5) == 10


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
@pytest.mark.parametrize("name", RULESETS)
def test_rounding_default_is_cards_half_up(name: str) -> None:
    assert load(name).rounding == "cards-half-up"


@pytest.mark.clause("hdb.count.rounding")
@pytest.mark.parametrize("points", range(50, 60))
def test_s1_section_4_examples(points: int) -> None:
    marked, totals = marks(HDB, [points, 120 - points])
    assert marked[0] == (50 if points < 55 else 60)
    assert totals[0] == marked[0]


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
@pytest.mark.parametrize("name", RULESETS)
def test_75_and_45_mark_80_and_50_making_130(name: str) -> None:
    marked, totals = marks(name, [75, 45])
    assert marked == [80, 50]
    assert totals == [80, 50]
    assert sum(marked) == 130


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
@pytest.mark.parametrize("name", RULESETS)
def test_130_only_when_both_end_in_5(name: str) -> None:
    for team0 in range(121):
        team1 = 120 - team0
        marked, _ = marks(name, [team0, team1])
        assert all(m % 10 == 0 for m in marked)
        if team0 % 10 == 5 and team1 % 10 == 5:
            assert sum(marked) == 130, (team0, team1)
        else:
            assert sum(marked) == 120, (team0, team1)


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
@pytest.mark.parametrize("name", RULESETS)
def test_every_card_total_rounds_to_the_nearest_ten_5_up(name: str) -> None:
    for points in range(121):
        marked, _ = marks(name, [points, 120 - points])
        units = points % 10
        assert marked[0] == points - units + (10 if units >= 5 else 0), points


@pytest.mark.clause("hdb.count.rounding")
def test_1802_marriages_added_to_the_rounded_card_points() -> None:
    # Marriages are written as they happen; only the card points are rounded.
    marked, totals = marks(HDB, [55, 65], [80, -80])
    assert marked == [60, 70]
    assert totals == [140, -10]


# -- the association's worked example (S4) ----------------------------------


@pytest.mark.clause("brouc.count.rounding", "brouc.marriage.table", "brouc.marriage.announce-score")
def test_s4_worked_example_by_numbers() -> None:
    # Team 1: 82 card points, +20 table marriage, +60 announced; team 2: 38, -20.
    marked, totals = marks(BROUC, [82, 38], [20 + 60, -20])
    assert marked == [80, 40]
    assert totals == [160, 20]
    assert [t // 10 for t in totals] == [16, 2]  # as written on the slate


@pytest.mark.clause("brouc.count.rounding", "brouc.marriage.table", "brouc.marriage.announce-score")
def test_s4_worked_example_played_out() -> None:
    state = play(deal(load(BROUC), S4_HANDS, "8D"), S4_PLAY)
    assert state.is_over
    team1, team2 = state.result().teams
    assert (team1.card_points, team1.table, team1.announced) == (82, 20, 60)
    assert (team2.card_points, team2.table, team2.announced) == (38, -20, 0)
    assert (team1.rounded_cards, team2.rounded_cards) == (80, 40)
    assert (team1.total, team2.total) == (160, 20)


@pytest.mark.clause("brouc.count.rounding")
def test_s4_second_example_under_the_stated_rule() -> None:
    # AMB-13: the stated rule (default) gives 35 -> 40 and 85 -> 90; the club's example says 80.
    marked, _ = marks(BROUC, [35, 85])
    assert marked == [40, 90]


# -- AMB-12: what is rounded ------------------------------------------------


@pytest.mark.clause("brouc.count.rounding", "hdb.count.rounding")
@pytest.mark.parametrize("name", RULESETS)
def test_amb12_total_half_up_equals_cards_half_up(name: str) -> None:
    cards_rules = load(name)
    total_rules = load(name, rounding="total-half-up")
    for team0 in range(121):
        cards = [team0, 120 - team0]
        for m in MARRIAGE_TOTALS:
            marriages = [m, -m]
            assert rounded(total_rules, cards, marriages)[1] == rounded(cards_rules, cards, marriages)[1], (cards, marriages)


@pytest.mark.clause("brouc.count.rounding")
def test_amb12_away_from_zero_differs_on_negative_totals_ending_in_5() -> None:
    # Team 0: 5 card points and -40 in marriages, a total of -35.
    assert marks(BROUC, [5, 115], [-40, 40])[1][0] == -30
    assert marks(BROUC, [5, 115], [-40, 40], rounding="total-half-up")[1][0] == -30
    assert marks(BROUC, [5, 115], [-40, 40], rounding="total-half-away-from-zero")[1][0] == -40


@pytest.mark.clause("brouc.count.rounding")
def test_amb12_away_from_zero_helper() -> None:
    assert half_away_from_zero(-35) == -40
    assert half_away_from_zero(-34) == -30
    assert half_away_from_zero(-36) == -40
    assert half_away_from_zero(35) == 40
    assert half_up(-35) == -30


@pytest.mark.clause("brouc.count.rounding")
def test_amb12_away_from_zero_equals_half_up_unless_negative_ending_in_5() -> None:
    away = load(BROUC, rounding="total-half-away-from-zero")
    plain = load(BROUC)
    for team0 in range(121):
        cards = [team0, 120 - team0]
        for m in MARRIAGE_TOTALS:
            marriages = [m, -m]
            got, want = rounded(away, cards, marriages)[1], rounded(plain, cards, marriages)[1]
            for t in range(2):
                total = cards[t] + marriages[t]
                if total < 0 and total % 10 == 5:
                    assert got[t] == want[t] - 10, (cards, marriages)
                else:
                    assert got[t] == want[t], (cards, marriages)


@pytest.mark.clause("brouc.count.rounding")
@pytest.mark.parametrize("rounding", ["total-half-up", "total-half-away-from-zero"])
def test_amb12_rounded_card_points_are_unchanged(rounding: str) -> None:
    assert marks(BROUC, [75, 45], [0, 0], rounding=rounding) == ([80, 50], [80, 50])


# -- AMB-13: the club's example ---------------------------------------------


@pytest.mark.clause("brouc.count.rounding")
def test_amb13_complement_of_smaller_35_85() -> None:
    marked, totals = marks(BROUC, [35, 85], rounding="complement-of-smaller")
    assert marked == [40, 80]
    assert totals == [40, 80]


@pytest.mark.clause("brouc.count.rounding")
def test_amb13_complement_of_smaller_either_order() -> None:
    marked, _ = marks(BROUC, [85, 35], rounding="complement-of-smaller")
    assert marked == [80, 40]


@pytest.mark.clause("brouc.count.rounding")
def test_amb13_complement_of_smaller_always_120() -> None:
    for team0 in range(121):
        cards = [team0, 120 - team0]
        marked, _ = marks(BROUC, cards, rounding="complement-of-smaller")
        assert sum(marked) == 120, cards
        small = min(range(2), key=lambda t: cards[t])
        assert marked[small] == half_up(cards[small]), cards


@pytest.mark.clause("brouc.count.rounding")
def test_amb13_complement_of_smaller_adds_the_marriages() -> None:
    _, totals = marks(BROUC, [35, 85], [60, -20], rounding="complement-of-smaller")
    assert totals == [100, 60]


# -- the deal's total -------------------------------------------------------


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", range(100))
def test_deal_total_is_rounded_cards_plus_marriages(name: str, seed: int) -> None:
    for team in random_deal(load(name), seed).result().teams:
        assert team.rounded_cards == half_up(team.card_points)
        assert team.total == team.rounded_cards + team.announced + team.table


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("rounding", ["total-half-up", "complement-of-smaller"])
@pytest.mark.parametrize("seed", range(40))
def test_deal_total_under_other_rounding_options(name: str, rounding: str, seed: int) -> None:
    teams = random_deal(load(name, rounding=rounding), seed).result().teams
    for team in teams:
        assert team.total == team.rounded_cards + team.announced + team.table
    if rounding == "complement-of-smaller":
        assert sum(t.rounded_cards for t in teams) == 120


@pytest.mark.clause("brouc.count.rounding")
@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", range(40))
def test_deal_total_away_from_zero(name: str, seed: int) -> None:
    teams = random_deal(load(name, rounding="total-half-away-from-zero"), seed).result().teams
    for team in teams:
        assert team.total == half_away_from_zero(team.card_points + team.announced + team.table)


@pytest.mark.clause("hdb.count.rounding", "hdb.marriage.table")
def test_1802_deal_total_can_be_negative() -> None:
    # Team 1 loses K-Q-J of trumps on the table in trick 1 (-120) and plays on.
    hands = [
        "KS 7S KC 7H 8H 9H 7D 8D",
        "QS 8S QC TH JH 9D TD JD",
        "AS 9S JC AH KH QH AD KD",
        "TS JS AC TC 9C 8C 7C QD",
    ]
    state = finish(play(deal(load(HDB), hands, "7C"), "KC QC JC 7C"))
    team1 = state.result().teams[1]
    assert team1.table == -120 - 40  # and K-Q of spades, lost later in the deal
    assert team1.card_points == 59
    assert team1.total == 60 - 160

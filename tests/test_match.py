"""Matches: deals grouped into games and games into a match, the deal moving round the table.

`brou.engine.session.Session(rules, seed)` deals the k-th deal from the k-th SplitMix64 output of the
match seed, passes the deal to the dealer's right after every deal (parameter next_dealer),
and ends when a team has marked the target: the first to `match_target` parties wins
(1802, S1 section 9); the first to mark its fifth coche loses (Brouc, S2 "Match"; parameter
match_fifth_coche).  Players 0 and 2 are match team 0, players 1 and 3 match team 1; in each
deal the dealer sits at deal seat 3, so deal team t is match team (t + offset) % 2.

The property tests play 300 matches per ruleset and pair of bots (greedy against random,
chaos against chaos) and check every deal of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import pairwise
from typing import Any

import pytest

from brou import HommeDeal, parse_action
from brou.cards.deal import deal_from_cards, deal_from_seed, deal_texts
from brou.cards.shuffle import splitmix64
from brou.engine.bots import BOTS, random_bot
from brou.engine.session import Session, handover, match_winner, next_offset
from brou.laws.first_dealer import (
    DrawError,
    draw_first_dealer,
    draw_outcome,
    draw_seed,
    first_dealer_by_lot,
    first_dealer_from_draw,
)
from brou.laws.game import GameContext
from helpers import load

HDB = "homme-de-brou-1802"
BROUC = "brouc"
BOTH = [HDB, BROUC]
PAIRS = [("greedy", "random"), ("chaos", "chaos")]
SEEDS = range(300)


@cache
def matches(name: str, pair: tuple[str, str]) -> tuple[Session, ...]:
    """300 matches played to the end by a pair of bots (match team 0 plays bots[0])."""
    rules = load(name)
    out = []
    for seed in SEEDS:
        match = Session(rules, seed)
        match.play((BOTS[pair[0]], BOTS[pair[1]]), random.Random(seed))
        out.append(match)
    return tuple(out)


def played(name: str, seed: int, pair: tuple[str, str] = ("greedy", "random"), **params: Any) -> Session:
    match = Session(load(name, **params), seed)
    match.play((BOTS[pair[0]], BOTS[pair[1]]), random.Random(seed))
    return match


def offset_of(entry: dict[str, Any]) -> int:
    """The deal's offset: player p sits at deal seat (p - offset) % 4."""
    return int(-entry["seat_of_player"][0] % 4)


def to_match(values: tuple[int, ...] | list[int], offset: int) -> list[int]:
    out = [0, 0]
    for t in range(2):
        out[(t + offset) % 2] = values[t]
    return out


def all_matches() -> list[tuple[str, tuple[str, str]]]:
    return [(name, pair) for name in BOTH for pair in PAIRS]


CASES = pytest.mark.parametrize(("name", "pair"), all_matches(), ids=[f"{n}-{a}-{b}" for n, (a, b) in all_matches()])


# == the match's target ====================================================================


@pytest.mark.clause("hdb.match.target")
def test_1802_match_target_default_and_options() -> None:
    rules = load(HDB)
    assert rules.data["match"]["unit"] == "parties"
    assert rules.data["match"]["target"] == 10
    assert rules.params["match_target"] == 10
    assert load(HDB, match_target=14).data["match"]["target"] == 14


@pytest.mark.clause("hdb.match.target")
@pytest.mark.parametrize(("marks", "winner"), [([0, 0], None), ([9, 9], None), ([10, 3], 0), ([3, 10], 1), ([13, 9], 0)])
def test_1802_first_to_ten_parties_wins(marks: list[int], winner: int | None) -> None:
    assert match_winner(load(HDB), marks) == winner


@pytest.mark.clause("hdb.match.target")
@pytest.mark.parametrize(("marks", "winner"), [([10, 3], None), ([11, 11], None), ([12, 3], 0), ([3, 14], 1)])
def test_1802_match_target_12(marks: list[int], winner: int | None) -> None:
    assert match_winner(load(HDB, match_target=12), marks) == winner


@pytest.mark.clause("hdb.match.target")
@pytest.mark.parametrize("target", [12, 14])
def test_1802_match_to_12_or_14_parties_played(target: int) -> None:
    for seed in range(20):
        match = played(HDB, seed, match_target=target)
        record = match.record()
        assert record["target"] == target
        winner = record["winner"]
        assert record["marks"][winner] >= target > record["marks"][1 - winner]
        if len(record["deals"]) > 1:
            assert max(record["deals"][-2]["marks_after"]) < target


@pytest.mark.clause("brouc.match.coches")
@pytest.mark.parametrize(("marks", "winner"), [([0, 0], None), ([4, 4], None), ([5, 2], 1), ([2, 5], 0), ([6, 4], 1)])
def test_brouc_the_fifth_coche_loses(marks: list[int], winner: int | None) -> None:
    assert match_winner(load(BROUC), marks) == winner


@pytest.mark.clause("brouc.match.coches")
@pytest.mark.parametrize(("marks", "winner"), [([4, 4], None), ([5, 2], 0), ([2, 5], 1)])
def test_brouc_match_fifth_coche_wins(marks: list[int], winner: int | None) -> None:
    assert match_winner(load(BROUC, match_fifth_coche="wins"), marks) == winner


@pytest.mark.clause("brouc.match.coches")
def test_brouc_match_is_played_to_five_coches() -> None:
    rules = load(BROUC)
    assert rules.data["match"]["unit"] == "coches"
    assert rules.data["match"]["target"] == 5
    for seed in range(20):
        record = played(BROUC, seed).record()
        loser = 1 - record["winner"]
        assert record["marks"][loser] >= 5 > record["marks"][record["winner"]]


@pytest.mark.clause("brouc.match.coches")
def test_brouc_match_fifth_coche_wins_played() -> None:
    for seed in range(20):
        record = played(BROUC, seed, match_fifth_coche="wins").record()
        winner = record["winner"]
        assert record["marks"][winner] >= 5 > record["marks"][1 - winner]


# == the next dealer =======================================================================


@pytest.mark.clause("hdb.match.next-dealer")
@pytest.mark.parametrize("name", BOTH)
def test_next_offset_passes_the_deal_to_the_right(name: str) -> None:
    rules = load(name)
    assert [next_offset(rules, o) for o in range(4)] == [1, 2, 3, 0]


@pytest.mark.clause("hdb.match.next-dealer")
def test_1802_next_dealer_left() -> None:
    rules = load(HDB, next_dealer="left")
    assert [next_offset(rules, o) for o in range(4)] == [3, 0, 1, 2]


@pytest.mark.clause("hdb.match.next-dealer")
def test_1802_next_dealer_left_played() -> None:
    record = played(HDB, 5, next_dealer="left").record()
    dealers = [entry["dealer"] for entry in record["deals"]]
    first = record["first_dealer"]["dealer"]
    assert dealers == [(first - k) % 4 for k in range(len(dealers))]


@pytest.mark.clause("hdb.match.next-dealer")
def test_the_player_on_the_dealers_right_deals_next() -> None:
    """The dealer's right-hand neighbour is deal seat 0 (he receives first and leads):
    he is the next deal's dealer, at deal seat 3."""
    record = played(HDB, 1).record()
    deals = record["deals"]
    for before, after in pairwise(deals):
        right_of_dealer = before["seat_of_player"].index(0)
        assert after["dealer"] == right_of_dealer
        assert after["seat_of_player"][right_of_dealer] == 3


# == properties over 300 matches per ruleset and pair of bots =================================


@pytest.mark.clause("hdb.match.target", "brouc.match.coches")
@CASES
def test_matches_end_and_the_winner_meets_the_rule(name: str, pair: tuple[str, str]) -> None:
    for match in matches(name, pair):
        record = match.record()
        winner = record["winner"]
        assert match.is_over and winner in (0, 1)
        marks = record["marks"]
        if name == HDB:
            assert marks[winner] >= record["target"] > marks[1 - winner]
        else:
            assert marks[1 - winner] >= 5 > marks[winner]
        assert record["deals"][-1]["marks_after"] == marks


@pytest.mark.clause("hdb.match.target", "brouc.match.coches")
@CASES
def test_the_match_ends_at_the_first_deal_that_reaches_the_target(name: str, pair: tuple[str, str]) -> None:
    rules = load(name)
    for match in matches(name, pair):
        deals = match.record()["deals"]
        assert all(match_winner(rules, entry["marks_after"]) is None for entry in deals[:-1])
        assert match_winner(rules, deals[-1]["marks_after"]) == match.winner


@pytest.mark.clause("hdb.game.value", "brouc.game.coches")
@CASES
def test_marks_never_decrease(name: str, pair: tuple[str, str]) -> None:
    for match in matches(name, pair):
        total = [0, 0]
        for entry in match.record()["deals"]:
            assert all(m >= 0 for m in entry["marks"])
            total = [t + m for t, m in zip(total, entry["marks"], strict=True)]
            assert entry["marks_after"] == total


@pytest.mark.clause("hdb.match.next-dealer")
@CASES
def test_the_dealer_moves_one_seat_to_the_right_every_deal(name: str, pair: tuple[str, str]) -> None:
    for match in matches(name, pair):
        record = match.record()
        dealers = [entry["dealer"] for entry in record["deals"]]
        assert dealers == [(record["first_dealer"]["dealer"] + k) % 4 for k in range(len(dealers))]


@pytest.mark.clause("hdb.deal.packets", "brouc.deal.packets")
@CASES
def test_deal_seeds_are_the_successive_splitmix64_outputs(name: str, pair: tuple[str, str]) -> None:
    rules = load(name)
    for match in matches(name, pair):
        state = match.seed
        for entry in match.record()["deals"]:
            state, output = splitmix64(state)
            assert entry["seed"] == output
            assert entry["record"]["deal"] == deal_texts(rules, deal_from_seed(rules, output))


@pytest.mark.clause("hdb.game.target", "brouc.game.target", "brouc.game.cape")
@CASES
def test_each_deal_starts_from_the_match_scores(name: str, pair: tuple[str, str]) -> None:
    """A deal's context holds the match's scores (and carried marriages), seen from the deal's teams;
    a new game starts from zero."""
    for match in matches(name, pair):
        previous: dict[str, Any] | None = None
        for entry in match.record()["deals"]:
            offset = offset_of(entry)
            context = entry["record"]["context"]
            assert to_match(context["scores"], offset) == entry["scores_before"]
            assert to_match(context["carried"], offset) == entry["carried_in"]
            if previous is not None and previous["game_winner"] is not None:
                assert entry["scores_before"] == [0, 0]
            previous = entry


@pytest.mark.clause("hdb.match.target", "brouc.match.coches")
@CASES
def test_replaying_each_deal_gives_the_same_outcome(name: str, pair: tuple[str, str]) -> None:
    for match in matches(name, pair):
        for entry in match.record()["deals"]:
            state = HommeDeal.replay(entry["record"])
            outcome = state.outcome
            assert state.is_over and outcome is not None
            offset = offset_of(entry)
            assert outcome.how == entry["how"]
            assert to_match(outcome.marks, offset) == entry["marks"]
            assert to_match(outcome.scores, offset) == entry["scores_after"]
            winner = None if outcome.winner is None else (outcome.winner + offset) % 2
            assert winner == entry["game_winner"]


# == the cape's announced marriages go to the next deal (Brouc) ===================================

# Spades trump (turn-up 7S); rows give the cards of seats 0, 1, 2, 3 in each trick.  Team 0
# takes every trick; trick 1 holds K-Q of trumps (a table marriage for team 0); seat 2 holds
# K-Q of hearts and announces it on his turn in trick 2.
CAPE_ROWS = [
    "AS KS QS 8S",
    "AD KD 9D 8D",
    "AC KC 9C 8C",
    "AH TH KH 8H",
    "JS 9S TS 7S",
    "JD QD TD 7D",
    "JC QC TC 7C",
    "9H JH QH 7H",
]
# The same deal in the order of play, trick by trick.
CAPE_PLAY = [
    "AS", "KS", "QS", "8S",
    "AD", "KD", "announce KQH", "9D", "8D",
    "AC", "KC", "9C", "8C",
    "AH", "TH", "KH", "8H",
    "JS", "9S", "TS", "7S",
    "TD", "7D", "JD", "QD",
    "TC", "7C", "JC", "QC",
    "QH", "7H", "9H", "JH",
]


def match_with_a_cape(**params: Any) -> Session:
    """A Brouc match whose first deal (dealt by player 3, no game score yet) is CAPE_ROWS, played out."""
    rules = load(BROUC, **params)
    match = Session(rules, 0, first_dealer=3)
    hands = [[row.split()[seat] for row in CAPE_ROWS] for seat in range(4)]
    match.deal = HommeDeal(rules, deal_from_cards(rules, hands, "7S"), GameContext((0, 0), (0, 0)))
    for text in CAPE_PLAY:
        match.apply(parse_action(rules, text))
    return match


@pytest.mark.clause("brouc.game.cape")
def test_brouc_cape_in_a_match_marks_two_coches_and_scores_stand() -> None:
    match = match_with_a_cape()
    entry = match.deals[0]
    assert entry["how"] == "all-tricks"
    assert match.marks == [0, 2]
    assert match.scores == [0, 0]
    assert entry["scores_after"] == [0, 0]
    assert match.winner is None and len(match.deals) == 1


@pytest.mark.clause("brouc.game.cape")
def test_brouc_cape_carries_the_announced_marriage_not_the_table_one() -> None:
    match = match_with_a_cape()
    assert match.carried == [20, 0]


@pytest.mark.clause("brouc.game.cape")
def test_brouc_cape_marriage_counts_in_the_next_deal() -> None:
    """The next deal is dealt by player 0 (offset 1): match team 0 is its deal team 1."""
    match = match_with_a_cape()
    state = match.deal
    assert isinstance(state, HommeDeal) and state.context is not None
    assert state.context.carried == (0, 20)
    assert state.announced_points == [0, 20]
    rng = random.Random(0)
    while len(match.deals) == 1:
        match.apply(random_bot(match.deal, rng))
    entry = match.deals[1]
    assert entry["carried_in"] == [20, 0]
    own = sum(a["points"] for a in entry["announcements"] if a["team"] == 0)
    assert HommeDeal.replay(entry["record"]).result().teams[1].announced == 20 + own


@pytest.mark.clause("brouc.game.cape")
def test_brouc_cape_carry_over_cape_side_only() -> None:
    match = match_with_a_cape(cape_carry_over="cape-side-only")
    assert match.carried == [20, 0]
    state = match.deal
    assert isinstance(state, HommeDeal) and state.context is not None and state.context.carried == (0, 20)


# == the first dealer ===========================================================================


def _cards(rules: Any, rounds: Sequence[Sequence[str | None]]) -> list[list[int | None]]:
    return [[None if c is None else rules.card(c) for c in cards] for cards in rounds]


@pytest.mark.clause("hdb.match.first-dealer")
def test_1802_lowest_card_in_piquet_order_deals() -> None:
    """In the draw the ten ranks below the jack (Piquet order), unlike in play."""
    rules = load(HDB)
    assert first_dealer_from_draw(rules, _cards(rules, [["AS", "7H", "KD", "QC"]])) == 1
    assert first_dealer_from_draw(rules, _cards(rules, [["JS", "TH", "9D", "AC"]])) == 2
    assert first_dealer_from_draw(rules, _cards(rules, [["JS", "TH", "KD", "AC"]])) == 1


@pytest.mark.clause("hdb.match.first-dealer")
def test_1802_a_tie_is_drawn_again_by_the_tied_players_alone() -> None:
    rules = load(HDB)
    first = [["8S", "AH", "8D", "KC"]]
    assert draw_outcome(rules, _cards(rules, first)) == [0, 2]
    assert first_dealer_from_draw(rules, _cards(rules, [*first, ["QH", None, "JC", None]])) == 2
    with pytest.raises(DrawError, match="tie for the lowest card"):
        first_dealer_from_draw(rules, _cards(rules, first))
    with pytest.raises(DrawError, match="players 0, 2 draw, and they alone"):
        first_dealer_from_draw(rules, _cards(rules, [*first, ["QH", "9S", "JC", None]]))
    with pytest.raises(DrawError, match="already over"):
        first_dealer_from_draw(rules, _cards(rules, [*first, ["QH", None, "JC", None], ["QH", None, "JC", None]]))
    with pytest.raises(DrawError, match="drawn twice"):
        first_dealer_from_draw(rules, _cards(rules, [["8S", "8S", "8D", "KC"]]))


@pytest.mark.clause("hdb.match.first-dealer")
def test_1802_suit_order_settles_a_tie_clubs_lowest() -> None:
    rules = load(HDB, first_dealer_tie="suit-order")
    assert first_dealer_from_draw(rules, _cards(rules, [["8S", "AH", "8D", "KC"]])) == 2
    assert first_dealer_from_draw(rules, _cards(rules, [["7S", "7C", "7H", "7D"]])) == 1
    assert first_dealer_from_draw(rules, _cards(rules, [["7S", "9C", "7H", "KD"]])) == 2


@pytest.mark.clause("hdb.match.first-dealer")
def test_1802_seeded_draw_is_fair_and_follows_the_pure_rule() -> None:
    rules = load(HDB)
    counts = [0, 0, 0, 0]
    for seed in range(2000):
        draw = draw_first_dealer(rules, seed)
        assert draw.lot is None and first_dealer_from_draw(rules, draw.rounds) == draw.dealer
        assert [c is not None for c in draw.rounds[0]] == [True] * 4
        counts[draw.dealer] += 1
    assert all(430 < c < 570 for c in counts), counts


@pytest.mark.clause("brouc.match.first-dealer")
def test_brouc_first_dealer_by_lot() -> None:
    rules = load(BROUC)
    assert [first_dealer_by_lot(rules, lot) for lot in (0, 1, 6, 2**64 - 1)] == [0, 1, 2, 3]
    first = splitmix64(5)[1]
    draw = draw_first_dealer(rules, 5)
    assert (draw.lot, draw.dealer, draw.rounds) == (first, first % 4, [])
    with pytest.raises(DrawError, match="by lot"):
        draw_outcome(rules, [[0, 1, 2, 3]])


@pytest.mark.clause("hdb.match.first-dealer", "brouc.match.first-dealer")
@pytest.mark.parametrize("name", BOTH)
def test_a_match_starts_with_the_dealer_its_draw_seed_gives(name: str) -> None:
    """The draw uses the complement of the match seed: the deals keep the match seed's stream."""
    rules = load(name)
    for seed in range(20):
        match = Session(rules, seed)
        draw = draw_first_dealer(rules, draw_seed(seed))
        assert match.record()["first_dealer"] == draw.data(rules)
        assert (rules.dealer + match.offset) % 4 == draw.dealer
        dealt = deal_from_seed(rules, splitmix64(seed)[1])
        assert (match.deal.deal.hands, match.deal.deal.turnup) == (dealt.hands, dealt.turnup)
    assert Session(rules, 3, first_dealer=1).record()["first_dealer"] is None


@pytest.mark.clause("brouc.game.cape")
def test_handover_after_a_cape_passes_marks_scores_and_marriages() -> None:
    match = match_with_a_cape()
    passed = handover(HommeDeal.replay(match.deals[0]["record"]), 0)
    assert (passed.marks, passed.scores, passed.carried, passed.game_won) == ([0, 2], [0, 0], [20, 0], False)

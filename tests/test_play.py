"""The play of the cards: leading, following, overtrumping, the trick's winner, the next lead.

One behaviour per test, each naming the clause(s) it checks.  Positions are written
in card notation (rank A T K Q J 9 8 7, suit S H D C); unless a test says otherwise
spades are trump.  The expected sets are read from the clause statements; every
hand-written position is checked against the engine and against the independent
oracle (tests/oracle.py).  The differential tests at the end compare the two on
random positions and on random deals.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from brou.engine.homme import HommeDeal
from brou.errors import IllegalAction
from brou.laws.play import beats
from brou.spec.rules import Rules
from helpers import deal, legal_cards, legal_texts, load, play
from oracle import RANKS, SUITS, oracle_legal, oracle_winner

HDB = "homme-de-brou-1802"
BROUC = "brouc"
BOTH = [HDB, BROUC]


def cards(text: str) -> set[str]:
    return set(text.split())


def check_legal(rules: Rules, hand: str, trick: str, expected: str, trump: str = "S") -> None:
    """Both readings of the rules give `expected` for this position."""
    want = cards(expected)
    oracle = oracle_legal(
        rules.following, rules.marriage_exception, rules.undertrump_when_void, hand.split(), trick.split(), trump
    )
    assert oracle == want, f"oracle: hand {hand}, trick {trick}, trump {trump}"
    engine = legal_cards(rules, hand, trick, trump)
    assert engine == want, f"engine: hand {hand}, trick {trick}, trump {trump}: got {sorted(engine)}, want {sorted(want)}"


def engine_winner(rules: Rules, trick: str | list[str], trump: str) -> int:
    """Index in `trick` (cards in play order) of the card the engine's `beats` keeps as best."""
    played = [rules.card(c) for c in (trick.split() if isinstance(trick, str) else trick)]
    t = rules.suits.index(trump)
    best = 0
    for i in range(1, len(played)):
        if beats(rules, played[i], played[best], t):
            best = i
    return best


def play_cards(state: HommeDeal) -> set[str]:
    """The cards the player to act may play (announcements left out)."""
    return {a for a in legal_texts(state) if a != "pass" and not a.startswith("announce")}


def pass_window(state: HommeDeal) -> None:
    """Close an announcement window (1802 opens one after each trick) by passing."""
    while state.phase == "window":
        state.apply_text("pass")


def snapshot(state: HommeDeal) -> tuple[Any, ...]:
    return (
        state.record(),
        state.to_act,
        state.legal_actions(),
        list(state.hands),
        list(state.trick),
        [(leader, list(trick), winner) for leader, trick, winner in state.tricks],
        state.phase,
    )


def assert_rejected(state: HommeDeal, card: str, code: str) -> None:
    """Playing `card` raises IllegalAction(`code`) and leaves the state as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply_text(card)
    assert err.value.code == code
    assert snapshot(state) == before


# Deal X, trump spades (turn-up 9S).  Seat 1 has no heart; nobody holds a marriage.
DEAL_X = [
    "AH 9H AD KD AC KC 7D 8D",
    "AS 7S TD QD JD TC QC JC",
    "TH KH JH 9D 9C 8C 8S QS",
    "QH 8H 7H 7C TS KS JS 9S",
]
# Deal Y, trump spades (turn-up TS).  Seats 1 and 2 have no heart; nobody holds a marriage.
DEAL_Y = [
    "9S AH 9H KH AD KD AC 8D",
    "AS 7S TD QD JD TC QC JC",
    "8S QS JS 9D 7D 9C 8C KC",
    "TS KS TH QH JH 8H 7H 7C",
]


def deal_x(name: str, **params: Any) -> HommeDeal:
    return deal(load(name, **params), DEAL_X, "9S")


def deal_y(name: str, **params: Any) -> HommeDeal:
    return deal(load(name, **params), DEAL_Y, "TS")


# -- the lead (both rulesets) -------------------------------------------------


@pytest.mark.clause("hdb.play.lead")
@pytest.mark.parametrize("name", BOTH)
def test_leader_may_play_any_card(name: str) -> None:
    check_legal(load(name), "AH 7S KD 9C 8C", "", "AH 7S KD 9C 8C")


@pytest.mark.clause("hdb.play.lead")
@pytest.mark.parametrize("name", BOTH)
def test_seat_0_on_the_dealers_right_leads_the_first_trick(name: str) -> None:
    state = deal_x(name)
    assert state.to_act == 0
    assert play_cards(state) == cards(DEAL_X[0])


@pytest.mark.clause("hdb.play.lead")
@pytest.mark.parametrize("name", BOTH)
def test_play_goes_round_in_seat_order(name: str) -> None:
    state = deal_x(name)
    seen = []
    for card in ["9H", "TD", "JH", "8H"]:
        seen.append(state.to_act)
        state.apply_text(card)
    assert seen == [0, 1, 2, 3]


@pytest.mark.clause("hdb.play.lead")
@pytest.mark.parametrize("name", BOTH)
def test_only_seat_0_may_lead_the_first_trick(name: str) -> None:
    state = deal_x(name)
    with pytest.raises(IllegalAction) as err:
        state.apply_text("AS", seat=1)
    assert err.value.code == "wrong-seat"
    assert state.to_act == 0 and not state.trick


# -- 1802: following (Whist rule, the default) ---------------------------------


@pytest.mark.clause("hdb.play.follow")
def test_1802_must_follow_the_suit_led() -> None:
    check_legal(load(HDB), "AH 7H AS 9C", "9H", "AH 7H")


@pytest.mark.clause("hdb.play.follow")
def test_1802_may_follow_with_any_card_of_the_suit_led() -> None:
    check_legal(load(HDB), "AH 7H", "KH TH", "AH 7H")


@pytest.mark.clause("hdb.play.follow")
def test_1802_trump_lead_followed_with_any_trump() -> None:
    # no duty to overtrump under the Whist rule: the lower trump is fine too
    check_legal(load(HDB), "AS 8S KH", "9S", "AS 8S")


@pytest.mark.clause("hdb.play.follow")
@pytest.mark.parametrize("name", BOTH)
def test_playing_another_suit_while_holding_the_suit_led_is_rejected(name: str) -> None:
    state = play(deal_x(name), "9H TD")
    assert_rejected(state, "9D", "must-follow-suit")


@pytest.mark.clause("hdb.play.follow")
@pytest.mark.parametrize("name", BOTH)
def test_a_card_not_in_hand_is_rejected(name: str) -> None:
    state = deal_x(name)
    assert_rejected(state, "AS", "not-in-hand")


@pytest.mark.clause("hdb.play.follow")
@pytest.mark.parametrize("name", BOTH)
def test_a_card_not_in_hand_is_rejected_mid_trick(name: str) -> None:
    state = play(deal_x(name), "9H")
    assert_rejected(state, "TH", "not-in-hand")


@pytest.mark.clause("hdb.play.void-free")
def test_1802_void_player_may_ruff_or_discard() -> None:
    check_legal(load(HDB), "AS 7S KD 9C", "9H", "AS 7S KD 9C")


@pytest.mark.clause("hdb.play.void-free")
def test_1802_void_player_may_undertrump_a_ruff() -> None:
    check_legal(load(HDB), "9S 8C", "AH TS", "9S 8C")


@pytest.mark.clause("hdb.play.void-free")
def test_1802_void_player_may_discard_though_holding_a_higher_trump() -> None:
    check_legal(load(HDB), "AS 9S 8C", "AH TS", "AS 9S 8C")


@pytest.mark.clause("hdb.play.void-free")
def test_1802_void_in_trumps_on_a_trump_lead_plays_any_card() -> None:
    check_legal(load(HDB), "KH 7D 9C", "9S", "KH 7D 9C")


@pytest.mark.clause("hdb.play.void-free")
def test_1802_undertrump_accepted_in_play() -> None:
    state = play(deal_y(HDB), "AH AS")
    state.apply_text("8S")
    assert state.trick and state.to_act == 3


@pytest.mark.clause("hdb.play.void-free")
def test_1802_marriage_and_undertrump_options_change_nothing_under_whist() -> None:
    rules = load(HDB, marriage_exception="any-trump-play", undertrump_when_void=True)
    check_legal(rules, "9S 7S 8C", "AH TS", "9S 7S 8C")
    check_legal(rules, "AS QS 8S", "KS", "AS QS 8S")


# -- 1802 with following="brouc" (AMB-03) ---------------------------------------


@pytest.mark.clause("hdb.play.void-free", "brouc.play.no-undertrump")
def test_1802_brouc_option_forbids_undertrumping() -> None:
    check_legal(load(HDB, following="brouc"), "9S 8C", "AH TS", "8C")


@pytest.mark.clause("hdb.play.void-free", "brouc.play.overtrump")
def test_1802_brouc_option_requires_overtrumping_a_trump_lead() -> None:
    check_legal(load(HDB, following="brouc"), "AS 8S KH", "9S", "AS")


@pytest.mark.clause("hdb.play.void-free", "brouc.play.overtrump")
def test_1802_brouc_option_voluntary_ruffer_overtrumps_or_discards() -> None:
    check_legal(load(HDB, following="brouc"), "AS 9S 8C", "AH TS", "AS 8C")


@pytest.mark.clause("hdb.play.void-free", "brouc.play.marriage-exception")
def test_1802_brouc_option_keeps_the_marriage_exception() -> None:
    check_legal(load(HDB, following="brouc"), "AS QS 8S", "KS", "AS QS")


@pytest.mark.clause("hdb.play.void-free", "brouc.play.marriage-exception")
def test_1802_brouc_option_with_any_trump_play() -> None:
    check_legal(load(HDB, following="brouc", marriage_exception="any-trump-play"), "AS QS 9C", "AH KS", "AS QS 9C")


@pytest.mark.clause("hdb.play.void-free", "brouc.play.no-undertrump")
def test_1802_brouc_option_with_undertrump_when_void() -> None:
    check_legal(load(HDB, following="brouc", undertrump_when_void=True), "9S 8C", "AH TS", "9S 8C")


@pytest.mark.clause("hdb.play.void-free", "brouc.play.no-undertrump")
def test_1802_brouc_option_rejects_undertrump_in_play() -> None:
    state = play(deal_y(HDB, following="brouc"), "AH AS")
    assert_rejected(state, "8S", "no-undertrump")


# -- the trick's winner --------------------------------------------------------


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_highest_card_of_the_suit_led_wins(name: str) -> None:
    assert engine_winner(load(name), "9H AH 7H TH", "S") == 1


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_ten_beats_king(name: str) -> None:
    assert engine_winner(load(name), "KD 9D TD QD", "S") == 2


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_lowest_trump_beats_the_ace_led(name: str) -> None:
    assert engine_winner(load(name), "AH 7S TH KH", "S") == 1


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_highest_trump_wins(name: str) -> None:
    assert engine_winner(load(name), "AH 7S 9S TH", "S") == 2


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_led_trump_beaten_by_higher_trump(name: str) -> None:
    assert engine_winner(load(name), "9S 8S AS KH", "S") == 2


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_discards_never_win_even_aces(name: str) -> None:
    assert engine_winner(load(name), "7H AD AC TD", "S") == 0


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_trump_beats_a_higher_plain_card_in_play(name: str) -> None:
    state = play(deal_x(name), "AH 7S TH QH")
    assert state.tricks[0][2] == 1


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_a_discard_does_not_win_in_play(name: str) -> None:
    # TD outranks JH and 9H but is of another suit
    state = play(deal_x(name), "9H TD JH 8H")
    assert state.tricks[0][2] == 2


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_an_overruff_wins_the_trick(name: str) -> None:
    state = play(deal_y(name), "AH 7S")  # seat 1 ruffs with its lowest trump
    state.apply_text("JS")  # seat 2 overruffs
    state.apply_text("7H")
    assert state.tricks[0][2] == 2


# -- the next lead -------------------------------------------------------------


@pytest.mark.clause("hdb.play.next-lead")
@pytest.mark.parametrize("name", BOTH)
def test_trick_winner_leads_the_next_trick(name: str) -> None:
    state = play(deal_x(name), "9H TD JH 8H")
    pass_window(state)
    assert state.to_act == 2
    assert play_cards(state) == cards("TH KH 9D 9C 8C 8S QS")


@pytest.mark.clause("hdb.play.next-lead")
@pytest.mark.parametrize("name", BOTH)
def test_after_the_winner_leads_play_goes_on_round_the_table(name: str) -> None:
    state = play(deal_x(name), "9H TD JH 8H")
    pass_window(state)
    seen = []
    for card in ["9C", "7C", "AC", "TC"]:
        seen.append(state.to_act)
        state.apply_text(card)
    assert seen == [2, 3, 0, 1]
    assert state.tricks[1] == (2, tuple(state.rules.card(c) for c in ["9C", "7C", "AC", "TC"]), 0)


@pytest.mark.clause("hdb.play.next-lead")
@pytest.mark.parametrize("name", BOTH)
def test_the_ruffer_leads_after_winning(name: str) -> None:
    state = play(deal_x(name), "AH 7S TH QH")
    pass_window(state)
    assert state.to_act == 1


# -- Brouc: following ----------------------------------------------------------


@pytest.mark.clause("brouc.play.follow")
def test_brouc_must_follow_suit_even_holding_trumps() -> None:
    check_legal(load(BROUC), "AH 7H AS 9C", "9H", "AH 7H")


@pytest.mark.clause("brouc.play.follow")
def test_brouc_following_a_ruffed_plain_suit_any_card_of_it() -> None:
    check_legal(load(BROUC), "KH 7H AS", "AH TS", "KH 7H")


@pytest.mark.clause("brouc.play.follow")
def test_brouc_void_on_an_unruffed_plain_lead_plays_anything() -> None:
    check_legal(load(BROUC), "7S AS 9C", "AH", "7S AS 9C")


@pytest.mark.clause("brouc.play.follow")
def test_brouc_void_on_an_unruffed_plain_lead_after_a_discard_plays_anything() -> None:
    check_legal(load(BROUC), "7S 8S 9C", "AH KD", "7S 8S 9C")


@pytest.mark.clause("brouc.play.follow")
def test_brouc_void_without_trumps_discards_anything() -> None:
    check_legal(load(BROUC), "KD 9C", "AH TS", "KD 9C")


@pytest.mark.clause("brouc.play.follow")
def test_brouc_trump_lead_must_be_followed_with_trump() -> None:
    check_legal(load(BROUC), "AS KH 7D", "9S", "AS")


@pytest.mark.clause("brouc.play.follow")
def test_brouc_trump_lead_void_in_trumps_plays_anything() -> None:
    check_legal(load(BROUC), "KH 7D", "9S", "KH 7D")


@pytest.mark.clause("brouc.play.follow")
def test_brouc_discarding_on_a_trump_lead_while_holding_trump_is_rejected() -> None:
    state = play(deal_y(BROUC), "9S")
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply_text("TD")
    assert err.value.code == "must-follow-suit"
    assert snapshot(state) == before


# -- Brouc: overtrumping -------------------------------------------------------


@pytest.mark.clause("brouc.play.overtrump")
def test_trump_lead_must_be_overtrumped_when_able() -> None:
    check_legal(load(BROUC), "AS TS 8S KH", "9S", "AS TS")


@pytest.mark.clause("brouc.play.overtrump")
def test_overtrump_must_beat_the_best_trump_not_the_last() -> None:
    # 9S beats 8S but not JS; KS beats both (and K with J is no marriage)
    check_legal(load(BROUC), "KS 9S 7H", "JS 8S", "KS")


@pytest.mark.clause("brouc.play.overtrump")
def test_voluntary_ruffer_overtrumps_or_discards() -> None:
    check_legal(load(BROUC), "AS 7S 9C", "AH TS", "AS 9C")


@pytest.mark.clause("brouc.play.overtrump")
def test_ruffer_must_beat_an_overruff() -> None:
    # KS beats the first ruff 9S but not the overruff TS
    check_legal(load(BROUC), "AS KS 9C", "AH 9S TS", "AS 9C")


@pytest.mark.clause("brouc.play.overtrump", "brouc.play.only-trumps")
def test_only_trumps_with_a_higher_one_must_overtrump() -> None:
    check_legal(load(BROUC), "AS 7S", "AH TS", "AS")


@pytest.mark.clause("brouc.play.overtrump")
def test_trump_lead_lower_trump_while_holding_higher_is_rejected() -> None:
    state = play(deal_y(BROUC), "9S")
    assert play_cards(state) == {"AS"}
    assert_rejected(state, "7S", "must-overtrump")


# -- Brouc: trump led, only lower trumps ---------------------------------------


@pytest.mark.clause("brouc.play.trump-led-lower")
def test_trump_led_only_lower_trumps_any_trump() -> None:
    check_legal(load(BROUC), "8S 7S KH", "9S", "8S 7S")


@pytest.mark.clause("brouc.play.trump-led-lower")
def test_trump_led_and_overtrumped_only_lower_trumps_any_trump() -> None:
    check_legal(load(BROUC), "KS 7S 9D", "9S AS", "KS 7S")


@pytest.mark.clause("brouc.play.trump-led-lower")
def test_trump_led_lower_needs_all_trumps_lower() -> None:
    check_legal(load(BROUC), "AS 8S 7S", "9S", "AS")


@pytest.mark.clause("brouc.play.trump-led-lower", "brouc.play.no-undertrump")
def test_lower_trumps_are_free_only_on_a_trump_lead() -> None:
    # the same trumps on a ruffed plain lead, with another card held: discard
    check_legal(load(BROUC), "8S 7S KD", "AH 9S", "KD")


# -- Brouc: only trumps left -----------------------------------------------------


@pytest.mark.clause("brouc.play.only-trumps")
def test_ruffed_plain_lead_only_lower_trumps_any_trump() -> None:
    check_legal(load(BROUC), "9S 7S", "AH TS", "9S 7S")


@pytest.mark.clause("brouc.play.only-trumps")
def test_overruffed_plain_lead_only_lower_trumps_any_trump() -> None:
    check_legal(load(BROUC), "KS 8S", "AH 9S TS", "KS 8S")


@pytest.mark.clause("brouc.play.only-trumps")
def test_single_lower_trump_left_is_played() -> None:
    check_legal(load(BROUC), "7S", "AH TS KH", "7S")


@pytest.mark.clause("brouc.play.only-trumps", "brouc.play.no-undertrump")
def test_only_trumps_exception_lost_with_one_other_card() -> None:
    check_legal(load(BROUC), "9S 7S 8D", "AH TS", "8D")


# -- Brouc: the trump-marriage exception -----------------------------------------


@pytest.mark.clause("brouc.play.marriage-exception")
def test_queen_on_king_led_instead_of_overtrumping() -> None:
    check_legal(load(BROUC), "AS QS 7S", "KS", "AS QS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_king_to_a_queen_in_the_trick_under_a_ten() -> None:
    check_legal(load(BROUC), "AS KS 8S", "QS TS", "AS KS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_jack_extends_king_and_queen_in_the_trick() -> None:
    check_legal(load(BROUC), "AS JS 9S", "KS QS", "AS JS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_queen_to_king_and_jack_makes_the_grand_marriage() -> None:
    check_legal(load(BROUC), "AS QS 8S", "KS JS", "AS QS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_jack_on_king_alone_is_no_marriage() -> None:
    check_legal(load(BROUC), "AS JS 7S", "KS", "AS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_jack_on_queen_alone_is_no_marriage() -> None:
    check_legal(load(BROUC), "AS JS 7S", "QS", "AS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_king_on_jack_alone_is_no_marriage() -> None:
    check_legal(load(BROUC), "AS KS", "TS JS", "AS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_plain_king_in_the_trick_makes_no_trump_marriage() -> None:
    # the queen of trumps is below the ten led; the king in the trick is a heart
    check_legal(load(BROUC), "AS QS", "TS KH", "AS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_plain_king_and_queen_are_not_enlarged_by_the_trump_jack() -> None:
    check_legal(load(BROUC), "AS JS", "TS KH QH", "AS")


@pytest.mark.clause("brouc.play.marriage-exception", "brouc.play.only-trumps")
def test_marriage_card_for_a_player_holding_only_trumps() -> None:
    check_legal(load(BROUC), "AS QS 7S", "AH KS", "AS QS")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_marriage_exception_not_for_a_voluntary_ruffer_by_default() -> None:
    check_legal(load(BROUC), "AS QS 9C", "AH KS", "AS 9C")


@pytest.mark.clause("brouc.play.marriage-exception", "brouc.play.no-undertrump")
def test_marriage_card_below_the_ruff_is_an_undertrump_by_default() -> None:
    check_legal(load(BROUC), "KS 7S 9C", "AH QS AS", "9C")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_any_trump_play_lets_a_voluntary_ruffer_marry() -> None:
    check_legal(load(BROUC, marriage_exception="any-trump-play"), "AS QS 9C", "AH KS", "AS QS 9C")


@pytest.mark.clause("brouc.play.marriage-exception", "brouc.play.no-undertrump")
def test_any_trump_play_allows_a_marrying_undertrump() -> None:
    check_legal(load(BROUC, marriage_exception="any-trump-play"), "KS 7S 9C", "AH QS AS", "KS 9C")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_any_trump_play_still_needs_a_marriage() -> None:
    check_legal(load(BROUC, marriage_exception="any-trump-play"), "AS JS 9C", "AH KS", "AS 9C")


@pytest.mark.clause("brouc.play.marriage-exception")
def test_any_trump_play_leaves_a_trump_lead_unchanged() -> None:
    check_legal(load(BROUC, marriage_exception="any-trump-play"), "AS QS JS 7S", "KS", "AS QS")


# -- Brouc: no undertrumping -----------------------------------------------------


@pytest.mark.clause("brouc.play.no-undertrump")
def test_void_with_other_cards_may_not_undertrump() -> None:
    check_legal(load(BROUC), "9S 7S 8C", "AH TS", "8C")


@pytest.mark.clause("brouc.play.no-undertrump")
def test_undertrump_rejected_in_play() -> None:
    state = play(deal_y(BROUC), "AH AS")
    assert play_cards(state) == cards("9D 7D 9C 8C KC")
    assert_rejected(state, "8S", "no-undertrump")


@pytest.mark.clause("brouc.play.no-undertrump")
def test_undertrump_when_void_allows_a_lower_trump() -> None:
    check_legal(load(BROUC, undertrump_when_void=True), "9S 7S 8C", "AH TS", "9S 7S 8C")


@pytest.mark.clause("brouc.play.no-undertrump")
def test_undertrump_when_void_accepted_in_play() -> None:
    state = play(deal_y(BROUC, undertrump_when_void=True), "AH AS")
    state.apply_text("8S")
    assert state.to_act == 3


@pytest.mark.clause("brouc.play.no-undertrump", "brouc.play.overtrump")
def test_undertrump_when_void_still_overtrumps_when_able() -> None:
    check_legal(load(BROUC, undertrump_when_void=True), "AS 9S 8C", "AH TS", "AS 8C")


@pytest.mark.clause("brouc.play.no-undertrump", "brouc.play.overtrump")
def test_undertrump_when_void_does_not_touch_a_trump_lead() -> None:
    check_legal(load(BROUC, undertrump_when_void=True), "AS 8S 7H", "9S", "AS")


@pytest.mark.clause("brouc.play.no-undertrump", "brouc.play.marriage-exception")
def test_both_options_together() -> None:
    rules = load(BROUC, marriage_exception="any-trump-play", undertrump_when_void=True)
    check_legal(rules, "KS 7S 9C", "AH QS AS", "KS 7S 9C")


# -- differential: engine against the oracle --------------------------------------

COMBOS: list[tuple[str, dict[str, Any]]] = [
    (HDB, {"following": following, "marriage_exception": me, "undertrump_when_void": uw})
    for following in ("whist", "brouc")
    for me in ("must-trump-only", "any-trump-play")
    for uw in (False, True)
] + [
    (BROUC, {"marriage_exception": me, "undertrump_when_void": uw})
    for me in ("must-trump-only", "any-trump-play")
    for uw in (False, True)
]
COMBO_IDS = [f"{name}-{'-'.join(str(v) for v in params.values())}" for name, params in COMBOS]
DECK = [r + s for s in SUITS for r in RANKS]
N_POSITIONS = 20_000


def _draw(rng: random.Random, pool: list[str], trump: str, heavy: bool) -> str:
    """One card out of `pool`: uniformly, or (heavy) a trump half the time."""
    if heavy and rng.random() < 0.5:
        trumps = [c for c in pool if c[1] == trump]
        if trumps:
            card = rng.choice(trumps)
            pool.remove(card)
            return card
    card = pool.pop(rng.randrange(len(pool)))
    return card


def random_positions(seed: int, n: int) -> list[tuple[list[str], list[str], str]]:
    """`n` positions (hand, trick so far, trump); every other one is rich in trumps."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        trump = rng.choice(SUITS)
        pool = DECK[:]
        heavy = i % 2 == 1
        trick = [_draw(rng, pool, trump, heavy) for _ in range(rng.randint(0, 3))]
        hand = [_draw(rng, pool, trump, heavy) for _ in range(rng.randint(1, 8))]
        out.append((hand, trick, trump))
    return out


POSITIONS = random_positions(2024, N_POSITIONS)


@pytest.mark.clause(
    "hdb.play.follow",
    "hdb.play.void-free",
    "brouc.play.follow",
    "brouc.play.overtrump",
    "brouc.play.trump-led-lower",
    "brouc.play.only-trumps",
    "brouc.play.marriage-exception",
    "brouc.play.no-undertrump",
)
@pytest.mark.parametrize(("name", "params"), COMBOS, ids=COMBO_IDS)
def test_legal_cards_match_the_oracle(name: str, params: dict[str, Any]) -> None:
    rules = load(name, **params)
    policy, me, uw = rules.following, rules.marriage_exception, rules.undertrump_when_void
    mismatches = []
    for hand, trick, trump in POSITIONS:
        want = oracle_legal(policy, me, uw, hand, trick, trump)
        got = legal_cards(rules, " ".join(hand), " ".join(trick), trump)
        if got != want:
            mismatches.append((" ".join(hand), " ".join(trick), trump, sorted(got), sorted(want)))
    assert not mismatches, f"{len(mismatches)} positions differ, e.g. (hand, trick, trump, engine, oracle): {mismatches[:5]}"


@pytest.mark.clause(
    "brouc.play.trump-led-lower", "brouc.play.only-trumps", "brouc.play.marriage-exception", "brouc.play.no-undertrump"
)
def test_random_positions_reach_every_case() -> None:
    """The generator is rich enough: each option and exception changes some random positions."""
    counts = {"brouc-vs-whist": 0, "marriage-option": 0, "undertrump-option": 0, "marriage-used": 0, "lower-trumps": 0}
    for hand, trick, trump in POSITIONS:
        base = oracle_legal("brouc", "must-trump-only", False, hand, trick, trump)
        if base != oracle_legal("whist", "must-trump-only", False, hand, trick, trump):
            counts["brouc-vs-whist"] += 1
        if base != oracle_legal("brouc", "any-trump-play", False, hand, trick, trump):
            counts["marriage-option"] += 1
        if base != oracle_legal("brouc", "must-trump-only", True, hand, trick, trump):
            counts["undertrump-option"] += 1
        trick_trumps = [c for c in trick if c[1] == trump]
        if trick_trumps:
            top = min(RANKS.index(c[0]) for c in trick_trumps)
            lower = {c for c in base if c[1] == trump and RANKS.index(c[0]) > top}
            higher_held = any(c[1] == trump and RANKS.index(c[0]) < top for c in hand)
            if lower and higher_held:
                counts["marriage-used"] += 1
            elif lower:
                counts["lower-trumps"] += 1
    assert all(n >= 25 for n in counts.values()), counts


@pytest.mark.clause("hdb.play.trick-winner")
@pytest.mark.parametrize("name", BOTH)
def test_trick_winner_matches_the_oracle(name: str) -> None:
    rules = load(name)
    rng = random.Random(7)
    mismatches = []
    for i in range(N_POSITIONS):
        trump = rng.choice(SUITS)
        pool = DECK[:]
        trick = [_draw(rng, pool, trump, i % 2 == 1) for _ in range(rules.n_players)]
        got, want = engine_winner(rules, trick, trump), oracle_winner(trick, trump)
        if got != want:
            mismatches.append((" ".join(trick), trump, got, want))
    assert not mismatches, f"{len(mismatches)} tricks differ, e.g. (trick, trump, engine, oracle): {mismatches[:5]}"


N_DEALS = 60


@pytest.mark.clause("hdb.play.lead", "hdb.play.trick-winner", "hdb.play.next-lead")
@pytest.mark.parametrize(("name", "params"), COMBOS, ids=COMBO_IDS)
def test_random_deals_match_the_oracle(name: str, params: dict[str, Any]) -> None:
    """Whole deals with random legal plays: every legal set, every winner, every next leader."""
    rules = load(name, **params)
    policy, me, uw = rules.following, rules.marriage_exception, rules.undertrump_when_void
    rng = random.Random(11)
    for seed in range(N_DEALS):
        state = HommeDeal.from_seed(rules, seed)
        trump = rules.suits[state.trump_suit]
        assert state.to_act == rules.first_lead == 0
        while not state.is_over:
            pass_window(state)
            if state.is_over:
                break
            seat = state.to_act
            hand = rules.cards_text(state.hands[seat])
            trick = [rules.card_text(c) for c in state.trick]
            if trick:
                assert seat == (state.leader + len(trick)) % rules.n_players
            want = oracle_legal(policy, me, uw, hand, trick, trump)
            got = play_cards(state)
            assert got == want, (seed, len(state.tricks), seat, hand, trick, trump)
            card = rng.choice(sorted(got))
            n_tricks = len(state.tricks)
            state.apply_text(card)
            if len(state.tricks) > n_tricks:
                leader, played, winner = state.tricks[-1]
                texts = [rules.card_text(c) for c in played]
                assert winner == (leader + oracle_winner(texts, trump)) % rules.n_players, (seed, texts, trump)
                if not state.is_over:
                    pass_window(state)
                    assert state.to_act == winner
        assert len(state.tricks) == rules.n_tricks

"""The deck, the teams and the deal: packets, the turn-up, seeded and explicit deals.

Seats 0..3 in the order of play; seat 3 deals, seat 0 (the dealer's right) receives
first and leads.  The pack is dealt from the top (position 0) as `brou.cards.shuffle`
describes, so the dealer's last card is the last card of the pack.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from brou import HommeDeal, ParameterError, Rules
from brou.cards.deal import DealError, cut_pack, deal_from_cards, deal_from_pack, deal_from_seed, packet_positions, turn_up
from brou.cards.shuffle import shuffled
from brou.laws.counting import card_points
from brou.laws.play import beats
from helpers import deal, load, play

HDB = "homme-de-brou-1802"
BROUC = "brouc"
PATTERNS_1802 = [(3, 3, 2), (2, 3, 3), (3, 2, 3)]
SEEDS = range(1000)

# A legal 1802 / Brouc position (trump diamonds, the dealer's turn-up 9D).
HANDS = [
    "KS QS JS KH QH AC 7C 8C",
    "AS 7S 8S 9S TC 9C 7D 8D",
    "TS AH TH 9H KC QC JC AD",
    "JH 8H 7H TD KD QD JD 9D",
]


def positions_by_rule(packets: tuple[int, ...], players: int = 4, first: int = 0) -> list[list[int]]:
    """Where each seat's cards lie in the pack, worked out from the clause text:
    packet by packet, each round starting with `first` and going round in the order of play."""
    seats: list[list[int]] = [[] for _ in range(players)]
    top = 0
    for size in packets:
        for i in range(players):
            seats[(first + i) % players] += range(top, top + size)
            top += size
    return seats


def hand_mask(rules: Rules, pack: list[int], positions: list[int]) -> int:
    mask = 0
    for p in positions:
        mask |= 1 << pack[p]
    return mask


# -- players and deck -------------------------------------------------------


@pytest.mark.clause("hdb.players.teams")
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_two_teams_of_two_partners_opposite(name: str) -> None:
    rules = load(name)
    assert rules.n_players == 4
    assert rules.teams == ((0, 2), (1, 3))
    for seat in range(4):
        team = rules.team_of[seat]
        assert rules.team_of[(seat + 2) % 4] == team  # partner opposite
        assert rules.team_of[(seat + 1) % 4] != team  # an opponent on either side
        assert rules.team_of[(seat - 1) % 4] != team


@pytest.mark.clause("hdb.players.teams")
def test_a_trick_won_by_a_player_counts_for_his_team() -> None:
    # Seat 2 wins the first trick with KC over 9C / 7C: it is team 0's trick (seats 0 and 2).
    state = play(deal(load(HDB), HANDS, "9D"), "7C 9C KC 7H")
    assert state.tricks[0][2] == 2
    assert state.team_tricks == [1, 0]


@pytest.mark.clause("hdb.deck.cards")
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_pack_has_32_cards_eight_ranks_in_four_suits(name: str) -> None:
    rules = load(name)
    assert rules.n_cards == 32
    assert sorted(rules.suits) == ["C", "D", "H", "S"]
    assert len(rules.ranks) == 8
    texts = [rules.card_text(c) for c in range(rules.n_cards)]
    assert len(set(texts)) == 32
    assert {t[1] for t in texts} == set(rules.suits)
    for suit in rules.suits:
        assert sorted(t[0] for t in texts if t[1] == suit) == sorted("AKQJT987")


@pytest.mark.clause("hdb.deck.order")
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_card_order_within_a_suit(name: str) -> None:
    rules = load(name)
    order = "ATKQJ987"
    for suit in rules.suits:
        trump = next(s for s in range(4) if rules.suits[s] != suit)  # a plain suit is the one compared
        for hi, lo in combinations(order, 2):
            stronger, weaker = rules.card(hi + suit), rules.card(lo + suit)
            assert beats(rules, stronger, weaker, trump), f"{hi}{suit} should beat {lo}{suit}"
            assert not beats(rules, weaker, stronger, trump), f"{lo}{suit} should not beat {hi}{suit}"


@pytest.mark.clause("hdb.deck.order")
def test_card_order_in_a_played_trick() -> None:
    # Clubs led, no trump played: the ten of clubs beats the king, queen and nine.
    hands = [
        "KC 7S 8S 9S AH 7H 8H 9H",
        "TC AS TS KS QS JS TH KH",
        "QC 9C QH JH AD TD KD QD",
        "JC 8C 7C AC JD 9D 8D 7D",
    ]
    state = play(deal(load(HDB), hands, "7D"), "KC TC QC 8C")
    assert state.tricks[0][2] == 1


@pytest.mark.clause("hdb.deck.points")
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_card_points_by_rank(name: str) -> None:
    rules = load(name)
    expected = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    for c in range(rules.n_cards):
        text = rules.card_text(c)
        assert rules.points[c] == expected[text[0]], text
        assert card_points(rules, 1 << c) == expected[text[0]], text


@pytest.mark.clause("hdb.deck.points", "hdb.deck.cards")
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_the_pack_holds_120_points(name: str) -> None:
    rules = load(name)
    assert card_points(rules, (1 << rules.n_cards) - 1) == 120
    assert sum(rules.points) == 120


# -- packets ----------------------------------------------------------------


def test_packet_rule_helper_matches_the_default_written_out() -> None:
    # The 3-3-2 pattern written out by hand, so that the helper above is checked too.
    assert positions_by_rule((3, 3, 2)) == [
        [0, 1, 2, 12, 13, 14, 24, 25],
        [3, 4, 5, 15, 16, 17, 26, 27],
        [6, 7, 8, 18, 19, 20, 28, 29],
        [9, 10, 11, 21, 22, 23, 30, 31],
    ]


@pytest.mark.clause("hdb.deal.packets")
def test_default_packets_are_3_3_2() -> None:
    rules = load(HDB)
    assert rules.packets == (3, 3, 2)
    assert rules.params["packets"] == [3, 3, 2]


@pytest.mark.clause("hdb.deal.packets")
@pytest.mark.parametrize("packets", PATTERNS_1802)
def test_packet_positions_1802(packets: tuple[int, ...]) -> None:
    rules = load(HDB, packets=list(packets))
    seats, talon = packet_positions(rules)
    assert [list(s) for s in seats] == positions_by_rule(packets)
    assert talon == ()


@pytest.mark.clause("hdb.deal.packets")
@pytest.mark.parametrize("packets", PATTERNS_1802)
def test_seat_0_gets_the_first_packet_1802(packets: tuple[int, ...]) -> None:
    rules = load(HDB, packets=list(packets))
    first = packets[0]
    for seed in range(50):
        pack = shuffled(32, seed)
        hand = deal_from_seed(rules, seed).hands[0]
        for p in range(first):
            assert hand >> pack[p] & 1, (seed, p)


@pytest.mark.clause("hdb.deal.packets")
@pytest.mark.parametrize("packets", PATTERNS_1802)
def test_rounds_go_0_1_2_3_1802(packets: tuple[int, ...]) -> None:
    rules = load(HDB, packets=list(packets))
    for seed in range(50):
        pack = shuffled(32, seed)
        hands = deal_from_seed(rules, seed).hands
        top = 0
        for size in packets:
            for seat in range(4):
                for p in range(top, top + size):
                    assert hands[seat] >> pack[p] & 1, (seed, seat, p)
                top += size


@pytest.mark.clause("hdb.deal.packets")
@pytest.mark.parametrize("packets", PATTERNS_1802)
def test_seeded_hands_follow_the_packets_1802(packets: tuple[int, ...]) -> None:
    rules = load(HDB, packets=list(packets))
    expected = positions_by_rule(packets)
    for seed in range(200):
        pack = shuffled(32, seed)
        hands = deal_from_seed(rules, seed).hands
        assert list(hands) == [hand_mask(rules, pack, expected[seat]) for seat in range(4)]


@pytest.mark.clause("hdb.deal.packets", "brouc.deal.packets")
@pytest.mark.parametrize(("name", "packets"), [(HDB, p) for p in PATTERNS_1802] + [(BROUC, None)])
def test_dealers_last_card_is_the_last_card_of_the_pack(name: str, packets: tuple[int, ...] | None) -> None:
    rules = load(name, packets=list(packets)) if packets else load(name)
    seats, _ = packet_positions(rules)
    assert seats[rules.dealer][-1] == rules.n_cards - 1
    assert max(seats[rules.dealer]) == rules.n_cards - 1


@pytest.mark.clause("hdb.deal.packets")
@pytest.mark.parametrize("packets", [[4, 4], [1, 3, 4], [3, 3, 3]])
def test_1802_refuses_packets_outside_its_options(packets: list[int]) -> None:
    with pytest.raises(ParameterError, match="packets"):
        load(HDB, packets=packets)


@pytest.mark.clause("brouc.deal.packets")
def test_brouc_packets_are_1_3_4() -> None:
    rules = load(BROUC)
    assert rules.packets == (1, 3, 4)
    seats, talon = packet_positions(rules)
    assert [list(s) for s in seats] == positions_by_rule((1, 3, 4))
    assert [list(s) for s in seats] == [
        [0, 4, 5, 6, 16, 17, 18, 19],
        [1, 7, 8, 9, 20, 21, 22, 23],
        [2, 10, 11, 12, 24, 25, 26, 27],
        [3, 13, 14, 15, 28, 29, 30, 31],
    ]
    assert talon == ()


@pytest.mark.clause("brouc.deal.packets")
def test_brouc_seeded_hands_follow_the_packets() -> None:
    rules = load(BROUC)
    expected = positions_by_rule((1, 3, 4))
    for seed in range(200):
        pack = shuffled(32, seed)
        hands = deal_from_seed(rules, seed).hands
        assert hands[0] >> pack[0] & 1  # the first card goes to seat 0
        assert hands[1] >> pack[1] & 1
        assert list(hands) == [hand_mask(rules, pack, expected[seat]) for seat in range(4)]


@pytest.mark.clause("brouc.deal.packets")
def test_brouc_has_no_packets_parameter() -> None:
    assert "packets" not in load(BROUC).params


# -- hands ------------------------------------------------------------------


@pytest.mark.clause("hdb.deal.packets", "brouc.deal.packets", "hdb.deck.cards")
@pytest.mark.parametrize(("name", "packets"), [(HDB, p) for p in PATTERNS_1802] + [(BROUC, None)])
def test_every_seed_deals_8_distinct_cards_to_each_and_all_32(name: str, packets: tuple[int, ...] | None) -> None:
    rules = load(name, packets=list(packets)) if packets else load(name)
    full = (1 << 32) - 1
    for seed in SEEDS:
        d = deal_from_seed(rules, seed)
        assert [h.bit_count() for h in d.hands] == [8, 8, 8, 8], seed
        union = 0
        for h in d.hands:
            assert union & h == 0, seed  # no card in two hands
            union |= h
        assert union == full, seed
        assert d.talon == 0


@pytest.mark.clause("hdb.deal.packets", "brouc.deal.packets")
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_same_seed_same_deal(name: str) -> None:
    for seed in (0, 1, 7, 12345, 2**63 + 5, 2**64 - 1):
        first = deal_from_seed(load(name), seed)
        again = deal_from_seed(Rules.load(name), seed)
        assert first == again
        assert HommeDeal.from_seed(load(name), seed).hands == list(first.hands)


@pytest.mark.clause("hdb.deal.packets")
def test_different_seeds_give_different_deals() -> None:
    rules = load(HDB)
    deals = {deal_from_seed(rules, seed).hands for seed in range(200)}
    assert len(deals) == 200


@pytest.mark.clause("hdb.deal.packets")
def test_packet_pattern_changes_the_seeded_deal_not_the_pack() -> None:
    a = deal_from_seed(load(HDB, packets=[3, 3, 2]), 7)
    b = deal_from_seed(load(HDB, packets=[2, 3, 3]), 7)
    assert a.hands != b.hands
    assert a.turnup == b.turnup == shuffled(32, 7)[31]


# -- the turn-up ------------------------------------------------------------


@pytest.mark.clause("hdb.deal.turnup")
@pytest.mark.parametrize(("name", "packets"), [(HDB, p) for p in PATTERNS_1802] + [(BROUC, None)])
def test_turnup_is_the_dealers_last_card_and_sets_trump(name: str, packets: tuple[int, ...] | None) -> None:
    rules = load(name, packets=list(packets)) if packets else load(name)
    for seed in SEEDS:
        pack = shuffled(32, seed)
        d = deal_from_seed(rules, seed)
        assert d.turnup == pack[31], seed
        assert turn_up(rules, pack) == pack[31]
        assert d.hands[rules.dealer] >> d.turnup & 1, seed
        state = HommeDeal(rules, d)
        assert state.turnup == d.turnup
        assert rules.suits[state.trump_suit] == rules.card_text(d.turnup)[1], seed


@pytest.mark.clause("hdb.deal.turnup")
def test_all_four_suits_are_trump_for_some_seed() -> None:
    rules = load(HDB)
    trumps = {HommeDeal.from_seed(rules, seed).trump for seed in range(100)}
    assert trumps == {0, 1, 2, 3}


@pytest.mark.clause("hdb.deal.turnup")
@pytest.mark.parametrize("turnup", ["9D", "KD", "TD"])
def test_explicit_turnup_sets_trump(turnup: str) -> None:
    state = deal(load(HDB), HANDS, turnup)
    assert state.rules.card_text(state.turnup) == turnup
    assert state.rules.suits[state.trump_suit] == "D"


@pytest.mark.clause("hdb.deal.turnup")
def test_explicit_turnup_of_another_suit_sets_that_trump() -> None:
    # Same hands, the dealer turns JH: hearts are trump, so 7H now wins trick 1 over AC.
    state = play(deal(load(HDB), HANDS, "JH"), "AC TC JC 7H")
    assert state.rules.suits[state.trump_suit] == "H"
    assert state.tricks[0][2] == 3


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_1802_turnup_on_show_during_the_first_trick() -> None:
    state = deal(load(HDB), HANDS, "9D")
    assert state.turnup_on_show()
    for card in ["AC", "TC", "JC"]:
        play(state, card)
        assert state.turnup_on_show(), card


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_1802_turnup_taken_up_after_the_first_trick() -> None:
    state = play(deal(load(HDB), HANDS, "9D"), "AC TC JC 7H")
    assert len(state.tricks) == 1
    assert state.hands[3] >> state.turnup & 1  # still the dealer's, now in his hand
    assert not state.turnup_on_show()
    play(state, "pass pass")
    assert not state.turnup_on_show()


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_1802_dealer_may_play_the_turnup_in_the_first_trick() -> None:
    state = play(deal(load(HDB), HANDS, "9D"), "AC TC JC")
    assert "9D" in {state.rules.card_text(c) for c in state.rules.mask_to_list(state.legal_play_mask())}
    play(state, "9D")
    assert state.tricks[0][1][-1] == state.turnup
    assert state.tricks[0][2] == 3  # trumped
    assert not state.turnup_on_show()


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_1802_turnup_not_on_show_for_the_rest_of_the_deal() -> None:
    state = deal(load(HDB), HANDS, "9D")
    seen_after_first = []
    while not state.is_over:
        state.apply(state.legal_actions()[-1] if state.phase == "window" else state.legal_actions()[0])
        if state.tricks:
            seen_after_first.append(state.turnup_on_show())
    assert seen_after_first and not any(seen_after_first)


@pytest.mark.clause("brouc.deal.turnup-in-hand")
def test_brouc_turnup_never_on_show() -> None:
    state = deal(load(BROUC), HANDS, "9D")
    assert not state.turnup_on_show()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
        assert not state.turnup_on_show()


@pytest.mark.clause("brouc.deal.turnup-in-hand")
def test_brouc_turnup_is_in_the_dealers_hand_from_the_start() -> None:
    rules = load(BROUC)
    for seed in range(100):
        state = HommeDeal.from_seed(rules, seed)
        assert state.hands[rules.dealer] >> state.turnup & 1
        assert not state.turnup_on_show()


# -- deals given by hand ----------------------------------------------------


def split(hands: list[str]) -> list[list[str]]:
    return [h.split() for h in hands]


@pytest.mark.clause("hdb.deal.packets")
def test_explicit_deal_is_taken_as_given() -> None:
    rules = load(HDB)
    d = deal_from_cards(rules, split(HANDS), "9D")
    assert [rules.cards_text(h) for h in d.hands] == [sorted(h.split(), key=rules.card) for h in HANDS]
    assert rules.card_text(d.turnup) == "9D"


@pytest.mark.clause("hdb.deal.packets")
def test_explicit_deal_wrong_hand_size() -> None:
    hands = split(HANDS)
    hands[1] = hands[1][:7]
    with pytest.raises(DealError) as err:
        deal_from_cards(load(HDB), hands, "9D")
    assert "seat 1" in str(err.value)
    assert "7 cards" in str(err.value)
    assert "8" in str(err.value)


@pytest.mark.clause("hdb.deal.packets")
def test_explicit_deal_too_many_cards_in_a_hand() -> None:
    hands = split(HANDS)
    hands[2] = hands[2] + [hands[1].pop()]
    with pytest.raises(DealError) as err:
        deal_from_cards(load(HDB), hands, "9D")
    assert "seat 1 has 7 cards" in str(err.value) or "seat 2 has 9 cards" in str(err.value)


@pytest.mark.clause("hdb.deal.packets")
def test_explicit_deal_wrong_number_of_hands() -> None:
    with pytest.raises(DealError) as err:
        deal_from_cards(load(HDB), split(HANDS)[:3], "9D")
    assert "3 hands" in str(err.value)
    assert "4 players" in str(err.value)


@pytest.mark.clause("hdb.deck.cards")
def test_explicit_deal_duplicate_card_in_two_hands() -> None:
    hands = split(HANDS)
    hands[2][0] = "KS"  # also in seat 0's hand; TS is then missing
    with pytest.raises(DealError) as err:
        deal_from_cards(load(HDB), hands, "9D")
    message = str(err.value)
    assert "KS" in message
    assert "seat 2" in message and "seat 0" in message


@pytest.mark.clause("hdb.deck.cards")
def test_explicit_deal_duplicate_card_in_one_hand() -> None:
    hands = split(HANDS)
    hands[0][1] = "KS"  # KS twice in seat 0's hand
    with pytest.raises(DealError) as err:
        deal_from_cards(load(HDB), hands, "9D")
    message = str(err.value)
    assert "KS" in message
    assert "seat 0" in message


@pytest.mark.clause("hdb.deck.cards")
@pytest.mark.parametrize("bad", ["6S", "1H", "AX", "ASS", "", "ks"])
def test_explicit_deal_unknown_card(bad: str) -> None:
    hands = split(HANDS)
    hands[1][0] = bad
    with pytest.raises(DealError) as err:
        deal_from_cards(load(HDB), hands, "9D")
    message = str(err.value)
    assert "seat 1" in message
    assert f"'{bad}'" in message
    assert "unknown card" in message


@pytest.mark.clause("hdb.deal.turnup")
def test_explicit_deal_turnup_not_in_dealers_hand() -> None:
    with pytest.raises(DealError) as err:
        deal_from_cards(load(HDB), split(HANDS), "KS")
    message = str(err.value)
    assert "KS" in message
    assert "dealer" in message
    assert "seat 3" in message


@pytest.mark.clause("hdb.deal.turnup")
def test_explicit_deal_unknown_turnup() -> None:
    with pytest.raises(DealError) as err:
        deal_from_cards(load(HDB), split(HANDS), "XX")
    assert "'XX'" in str(err.value)
    assert "turn-up" in str(err.value)


@pytest.mark.clause("brouc.deal.turnup-in-hand")
def test_explicit_deal_turnup_not_in_dealers_hand_brouc() -> None:
    with pytest.raises(DealError, match="not in the dealer's hand"):
        deal_from_cards(load(BROUC), split(HANDS), "AS")


@pytest.mark.clause("brouc.deal.turnup-in-hand")
def test_brouc_has_no_turnup_in_first_window_parameter() -> None:
    # The turned card is in the dealer's hand from the start: there is nothing to choose.
    assert load(BROUC).turnup_in_first_window is True
    with pytest.raises(ParameterError, match="turnup_in_first_window"):
        load(BROUC, turnup_in_first_window=False)


def test_rules_and_deal_states_pickle() -> None:
    """Rules pickle as ruleset id and overrides, a HommeDeal as its record (OpenSpiel's
    serialisation of a Python state pickles what the state holds)."""
    import pickle
    import random

    from brou.laws.game import GameContext

    rules = Rules.load("homme-de-brou-1802", following="brouc")
    assert pickle.loads(pickle.dumps(rules)) is rules  # Rules.load is cached
    state = HommeDeal.from_seed(rules, 5, GameContext((200, 150)))
    rng = random.Random(5)
    for _ in range(20):
        state.apply(rng.choice([a for a in state.legal_actions() if a <= rules.pass_action]))
    again = pickle.loads(pickle.dumps(state))
    assert again.record() == state.record() and again.legal_actions() == state.legal_actions()


# == the cut ==================================================================================


@pytest.mark.clause("hdb.deal.cut")
def test_the_cut_puts_the_lifted_cards_under_the_rest() -> None:
    pack = list(range(32))
    assert cut_pack(pack, 5) == [*range(5, 32), *range(5)]
    assert cut_pack(pack, 31) == [31, *range(31)]


@pytest.mark.clause("hdb.deal.cut")
@pytest.mark.parametrize("name", ["homme-de-brou-1802", "brouc"])
def test_a_seeded_deal_is_cut_only_when_asked(name: str) -> None:
    rules = load(name)
    pack = shuffled(32, 7)
    assert deal_from_seed(rules, 7) == deal_from_pack(rules, pack)
    assert deal_from_seed(rules, 7, 12) == deal_from_pack(rules, pack[12:] + pack[:12])
    assert deal_from_seed(rules, 7, 12) != deal_from_seed(rules, 7)


@pytest.mark.clause("hdb.deal.cut")
@pytest.mark.parametrize("lifted", [0, 32, -1, 40, True])
def test_a_cut_lifts_at_least_one_card_and_not_all(lifted: int) -> None:
    with pytest.raises(DealError, match="a cut lifts from 1 to 31 cards"):
        deal_from_seed(load("brouc"), 7, lifted)

"""Brusquembille (brusquembille-1718) on the phase engine: one test per behaviour of each clause.

Seats 0..n-1 in the order of play from the dealer's right (seat 0 leads, the dealer is the
last seat).  Deals are built by hand: hands by seat, the stock in drawing order without the
turned card, and the turned card (drawn last).  The expected values come from the source
(Lalanne's transcription of the 1718 rules, B1), worked out here by hand.
"""

from __future__ import annotations

import random

import pytest

from brou.cards.deal import cut_pack, shuffled_pack
from brou.engine.bots import chaos_bot
from brou.engine.phases import PhaseDeal
from brou.engine.session import Session, deals_to_play, next_offset, points_winner
from brou.engine.view import view
from brou.errors import IllegalAction
from brou.laws.first_dealer import draw_first_dealer, draw_outcome
from brou.laws.ledger import BANK, POOL, balances
from brou.laws.payments import brusquembille_payments
from brou.laws.play import beats
from brou.laws.results import pool_shares
from brou.laws.talon import deal_with_talon, draws, talon_deal_from_cards, talon_deal_from_seed
from brou.spec.rules import Rules

BRUS = "brusquembille-1718"

# Three players, spades trump (the turned 8S); the stock drawn in this order, 8S last.
HANDS = [["AS", "KH", "9D"], ["TH", "QC", "8D"], ["AH", "JS", "9C"]]
STOCK = ["KS", "QS", "JH", "TS", "9S", "7H", "AD", "TD", "KD", "QD", "JD", "7D", "AC", "TC", "KC",
         "JC", "8C", "QH", "9H", "8H"]
TURNUP = "8S"


def rules(**params: object) -> Rules:
    return Rules.load(BRUS, **params)


def deal(r: Rules | None = None, hands: list[list[str]] | None = None, stock: list[str] | None = None,
         turnup: str = TURNUP) -> PhaseDeal:
    """A deal of these hands; the stock, if not given, is every other card of the pack, those of
    STOCK first in its order (so a deal that moves a few cards keeps most of the talon)."""
    r = r or rules()
    hands = hands or HANDS
    if stock is None:
        held = {c for h in hands for c in h} | {turnup}
        rest = [r.card_text(c) for c in range(r.n_indices) if r.pack >> c & 1]
        stock = [c for c in STOCK if c not in held] + [c for c in rest if c not in held and c not in STOCK]
    return PhaseDeal(r, talon_deal_from_cards(r, hands, stock, turnup))


def play(d: PhaseDeal, *cards: str) -> None:
    for card in cards:
        d.apply_text(card)


def playout(d: PhaseDeal, seed: int = 0) -> PhaseDeal:
    rng = random.Random(seed)
    while not d.is_over:
        d.apply(rng.choice(d.legal_actions()))
    return d


# -- players and the pack ---------------------------------------------------------------


@pytest.mark.clause("brus.players.count")
def test_three_play_each_for_himself() -> None:
    r = rules()
    assert r.n_players == 3 and r.teams == ((0,), (1,), (2,))


@pytest.mark.clause("brus.players.forms")
@pytest.mark.parametrize("form, n, teams", [
    ("two", 2, ((0,), (1,))), ("four", 4, ((0,), (1,), (2,), (3,))), ("four-partners", 4, ((0, 1), (2, 3))),
    ("five", 5, ((0,), (1,), (2,), (3,), (4,)))])
def test_the_other_forms(form: str, n: int, teams: tuple[tuple[int, ...], ...]) -> None:
    r = rules(form=form)
    assert (r.n_players, r.teams) == (n, teams)
    assert r.n_cards == (32 if n in (2, 4) else 30)


@pytest.mark.clause("brus.deck.cards")
@pytest.mark.parametrize("sevens, out", [("black", {"7S", "7C"}), ("red", {"7H", "7D"})])
def test_two_sevens_of_one_colour_leave_the_pack(sevens: str, out: set[str]) -> None:
    r = rules(sevens_removed=sevens)
    assert r.n_cards == 30
    missing = {r.card_text(c) for c in range(r.n_indices) if not r.pack >> c & 1}
    assert missing == out


@pytest.mark.clause("brus.deck.order")
def test_the_ten_is_second_unless_read_after_the_jack() -> None:
    r = rules()
    assert beats(r, r.card("TH"), r.card("KH"), r.suits.index("S"))
    assert not beats(r, r.card("TH"), r.card("AH"), r.suits.index("S"))
    late = rules(ten_rank="after-jack")
    assert beats(late, late.card("JH"), late.card("TH"), late.suits.index("S"))
    assert beats(late, late.card("TH"), late.card("9H"), late.suits.index("S"))


@pytest.mark.clause("brus.deck.points")
@pytest.mark.parametrize("form", ["three", "two", "four", "four-partners", "five"])
def test_the_pack_holds_120_points(form: str) -> None:
    r = rules(form=form)
    assert sum(r.points[c] for c in range(r.n_indices) if r.pack >> c & 1) == 120


# -- the deal ---------------------------------------------------------------------------


@pytest.mark.clause("brus.deal.packets")
def test_three_cards_each_one_at_a_time_from_the_dealers_right() -> None:
    r = rules()
    pack = shuffled_pack(r, 7)
    dealt = deal_with_talon(r, pack)
    for seat in range(3):
        assert dealt.hands[seat] == sum(1 << pack[p] for p in (seat, seat + 3, seat + 6))
    packets = rules(deal_packets="all-at-once")
    dealt = deal_with_talon(packets, pack)
    assert dealt.hands[1] == sum(1 << pack[p] for p in (3, 4, 5))


@pytest.mark.clause("brus.deal.talon")
@pytest.mark.parametrize("form, size", [("three", 21), ("two", 26), ("four", 20), ("four-partners", 20), ("five", 15)])
def test_the_undealt_cards_make_the_talon(form: str, size: int) -> None:
    r = rules(form=form)
    dealt = talon_deal_from_seed(r, 11)
    assert len(dealt.stock) == size
    assert sum(h.bit_count() for h in dealt.hands) + size == r.n_cards


@pytest.mark.clause("brus.deal.turned")
def test_the_talons_top_card_is_turned_slid_under_and_makes_trump() -> None:
    r = rules()
    pack = shuffled_pack(r, 7)
    dealt = deal_with_talon(r, pack)
    assert dealt.turnup == pack[9] and dealt.stock[-1] == pack[9] and dealt.stock[0] == pack[10]
    assert PhaseDeal(r, dealt).trump == r.suit_of[pack[9]]


@pytest.mark.clause("brus.deal.cut")
def test_a_cut_pack_is_dealt_from_its_new_top() -> None:
    r = rules()
    pack = shuffled_pack(r, 5)
    assert talon_deal_from_seed(r, 5, 12) == deal_with_talon(r, cut_pack(pack, 12))


# -- play -------------------------------------------------------------------------------


@pytest.mark.clause("brus.play.lead")
def test_the_dealers_right_leads() -> None:
    assert deal().to_act == 0


@pytest.mark.clause("brus.play.free")
def test_any_card_may_be_played_even_a_trump_while_holding_the_suit_led() -> None:
    d = deal(hands=[["AH", "KH", "9D"], ["TH", "QS", "8D"], ["AD", "JS", "9C"]])
    play(d, "AH")
    assert sorted(d.rules.card_text(c) for c in d.legal_actions()) == ["8D", "QS", "TH"]
    play(d, "QS")  # trumps while holding the ten of hearts
    play(d, "9C")
    assert d.tricks[-1][2] == 1


@pytest.mark.clause("brus.play.free")
@pytest.mark.parametrize("reading, code", [("free", None), ("follow-suit", "must-follow-suit")])
def test_after_the_talon_following_is_free_or_follows_suit_by_parameter(reading: str, code: str | None) -> None:
    r = rules(following_after_talon=reading)
    for seed in range(100):
        d = playout_until_stock_empty(r, seed)
        d.apply(min(d.legal_actions()))
        hand, suit = d.hands[d.to_act], r.suit_of[d.trick[0]]
        off = [c for c in range(r.n_indices) if hand >> c & 1 and r.suit_of[c] != suit]
        if off and hand & r.suit_mask[suit]:
            break
    else:
        pytest.fail("no position with a card of the suit led and another card in 100 seeds")
    if code is None:
        d.apply(off[0])
        assert len(d.trick) == 2
    else:
        with pytest.raises(IllegalAction) as info:
            d.apply(off[0])
        assert info.value.code == code
        assert set(d.legal_actions()) == {c for c in range(r.n_indices) if hand >> c & 1 and r.suit_of[c] == suit}


def playout_until_stock_empty(r: Rules, seed: int = 3) -> PhaseDeal:
    """A seeded deal played by the lowest legal card until the talon is gone and a new trick starts."""
    d = PhaseDeal(r, talon_deal_from_seed(r, seed))
    while d.stock or d.trick:
        d.apply(min(d.legal_actions()))
    return d


@pytest.mark.clause("brus.play.trick-winner")
def test_the_highest_trump_else_the_highest_of_the_suit_led_wins() -> None:
    d = deal()
    play(d, "AS", "TH", "JS")  # trumps: the ace of spades beats the jack
    assert d.tricks[-1][2] == 0
    d = deal(hands=[["KH", "AS", "9D"], ["TH", "QC", "8D"], ["AH", "JS", "9C"]])
    play(d, "KH", "TH", "AH")  # no trump: the ace of the suit led
    assert d.tricks[-1][2] == 2
    d = deal(hands=[["KH", "AS", "9D"], ["QC", "TH", "8D"], ["AD", "JS", "9C"]])
    play(d, "KH", "QC", "AD")  # off-suit cards never win
    assert d.tricks[-1][2] == 0


@pytest.mark.clause("brus.play.next-lead")
def test_the_winner_leads_next() -> None:
    d = deal(hands=[["KH", "AS", "9D"], ["TH", "QC", "8D"], ["AH", "JS", "9C"]])
    play(d, "KH", "TH", "AH")
    assert d.to_act == d.leader == 2


# -- the talon --------------------------------------------------------------------------


@pytest.mark.clause("brus.talon.draw")
def test_the_winner_draws_first_then_the_others_in_order_of_play() -> None:
    d = deal(hands=[["KH", "AS", "9D"], ["TH", "QC", "8D"], ["AH", "JS", "9C"]])
    play(d, "KH", "TH", "AH")
    r = d.rules
    assert [(e.seat, r.card_text(e.card)) for e in d.events] == [(2, "KS"), (0, "QS"), (1, "JH")]
    assert [h.bit_count() for h in d.hands] == [3, 3, 3]
    assert draws(3, 1, [5, 6, 7]) == [(1, 5), (2, 6), (0, 7)]


@pytest.mark.clause("brus.talon.last-draw")
def test_the_turned_trump_goes_to_the_last_drawer() -> None:
    d = playout(deal(), 4)
    last_round = [e for e in d.events if e.trick == 7]
    assert [e.seat for e in last_round][-1] == (d.tricks[6][2] + 2) % 3
    assert last_round[-1].card == d.rules.card(TURNUP)
    assert len(d.events) == 21


@pytest.mark.clause("brus.talon.last-tricks")
def test_three_more_tricks_without_drawing_once_the_talon_is_gone() -> None:
    d = playout(deal(), 2)
    assert len(d.tricks) == 10
    assert max(e.trick for e in d.events) == 7


# -- the count, the pool and the brusquembilles ------------------------------------------


@pytest.mark.clause("brus.count.points")
def test_each_player_counts_the_card_points_of_his_tricks() -> None:
    d = playout(deal(), 9)
    r = d.rules
    for seat, res in enumerate(d.seat_results()):
        cards = [c for _, trick, w in d.tricks if w == seat for c in trick]
        assert res.card_points == sum(r.points[c] for c in cards)
    assert sum(x.card_points for x in d.seat_results()) == 120
    pairs = playout(PhaseDeal(rules(form="four-partners"), talon_deal_from_seed(rules(form="four-partners"), 9)))
    assert pairs.side_points()[0] == sum(x.card_points for x in pairs.seat_results()[:2])


@pytest.mark.clause("brus.count.winner")
def test_the_most_points_takes_the_pool_and_a_tie_shares_it() -> None:
    r = rules()
    assert [(e.taker, e.jetons) for e in pool_shares(r, [70, 30, 20], 60, 10)] == [(0, 60)]
    assert [(e.taker, e.jetons) for e in pool_shares(r, [50, 20, 50], 60, 10)] == [(0, 30), (2, 30)]
    five = rules(form="five")
    shares = pool_shares(five, [40, 0, 40, 40, 0], 100, 6)
    assert balances(shares, 5) == [34, 0, 33, 33, 0]
    bank = pool_shares(rules(form="five", odd_jetons="bank"), [40, 0, 40, 40, 0], 100, 6)
    assert balances(bank, 5) == [33, 0, 33, 33, 0] and [e.jetons for e in bank if e.taker == BANK] == [1]


@pytest.mark.clause("brus.stakes.pool")
def test_each_player_puts_a_fiche_in_the_pool() -> None:
    d = deal()
    assert [(e.giver, e.taker, e.jetons) for e in d.ledger] == [(0, POOL, 20), (1, POOL, 20), (2, POOL, 20)]
    assert deal(rules(scoring="points")).ledger == []


@pytest.mark.clause("brus.pay.brusquembille")
def test_a_brusquembille_won_is_paid_by_each_other_player_and_one_lost_paid_to_each() -> None:
    r = rules()
    ace, ten = r.card("AS"), r.card("TH")
    entries = brusquembille_payments(r, [(0, ace), (1, ten), (2, r.card("JS"))], 0, 1)
    assert sorted((e.giver, e.taker, e.jetons) for e in entries) == [(1, 0, 1), (1, 0, 2), (1, 2, 1), (2, 0, 2)]
    d = deal()
    play(d, "AS", "TH", "JS")
    assert balances(d.ledger, 3) == [-20 + 4 + 1, -20 - 2 - 2, -20 - 2 + 1]


@pytest.mark.clause("brus.pay.when")
@pytest.mark.parametrize("params, paid", [({"form": "two"}, False), ({"form": "four-partners"}, False),
                                          ({"scoring": "points"}, False), ({"form": "four"}, True),
                                          ({"form": "five"}, True), ({}, True)])
def test_when_brusquembilles_are_paid(params: dict[str, str], paid: bool) -> None:
    r = rules(**params)
    d = playout(PhaseDeal(r, talon_deal_from_seed(r, 21)), 1)
    assert any(e.clause == "brus.pay.brusquembille" for e in d.ledger) == paid
    if paid and r.n_players == 4:
        ace = next(e for e in d.ledger if e.clause == "brus.pay.brusquembille" and e.jetons == 2)
        same = [e for e in d.ledger if e.card == ace.card]
        assert len(same) == 3  # with four each for himself, paid to (or by) the three others


# -- sessions ---------------------------------------------------------------------------


@pytest.mark.clause("brus.match.first-dealer")
def test_the_highest_card_in_piquet_order_deals() -> None:
    r = rules()
    assert draw_outcome(r, [[r.card("TS"), r.card("JH"), r.card("9C")]]) == 1  # the jack is above the ten at Piquet
    assert draw_outcome(r, [[r.card("KS"), r.card("KH"), r.card("9C")]]) == [0, 1]
    assert draw_outcome(r, [[r.card("KS"), r.card("KH"), r.card("9C")], [r.card("8S"), r.card("QD"), None]]) == 1
    pairs = rules(form="four-partners")
    assert draw_first_dealer(pairs, 3).dealer in (1, 3)
    assert all(round_[0] is None and round_[2] is None for round_ in draw_first_dealer(pairs, 3).rounds)


@pytest.mark.clause("brus.match.next-dealer")
def test_the_deal_passes_right_and_alternates_between_pairs() -> None:
    assert next_offset(rules(), 0) == 1
    assert next_offset(rules(form="four-partners"), 0) == 2


@pytest.mark.clause("brus.match.rounds")
def test_a_session_lasts_the_rounds_agreed() -> None:
    r = rules(rounds=1)
    assert deals_to_play(r) == 3 and deals_to_play(rules(scoring="points")) is None
    s = Session(r, 5)
    s.play((chaos_bot,), random.Random(5))
    assert len(s.deals) == 3 and sorted(d["dealer"] for d in s.deals) == [0, 1, 2]
    assert sum(s.jetons) == 0


@pytest.mark.clause("brus.match.points")
def test_the_game_for_points_ends_on_the_total() -> None:
    r = rules(scoring="points")
    assert points_winner(r, [250, 299, 10]) is None
    assert points_winner(r, [310, 305, 10]) == [0]
    assert points_winner(r, [310, 310, 10]) is None
    assert points_winner(rules(scoring="points", points_tie="shared"), [310, 310, 10]) == [0, 1]


# -- what each player sees --------------------------------------------------------------


@pytest.mark.clause("brus.info.own-hand")
def test_a_player_sees_his_own_cards_and_the_counts() -> None:
    v = view(deal(), 1)
    assert sorted(v["hand"]) == sorted(HANDS[1]) and v["held"] == [3, 3, 3] and v["talon"] == 21
    assert v["partner_hand"] is None


@pytest.mark.clause("brus.info.partners")
def test_partners_see_each_others_hands() -> None:
    r = rules(form="four-partners")
    d = PhaseDeal(r, talon_deal_from_seed(r, 2))
    assert view(d, 0)["partner_hand"] == r.cards_text(d.hands[1])
    assert view(d, 2)["partner_hand"] == r.cards_text(d.hands[3])
    four = rules(form="four")
    assert view(PhaseDeal(four, talon_deal_from_seed(four, 2)), 0)["partner_hand"] is None


@pytest.mark.clause("brus.info.trick-open")
def test_the_trick_on_the_table_is_seen_by_all() -> None:
    d = deal()
    play(d, "AS")
    assert view(d, 2)["trick"] == [{"player": 0, "card": "AS"}]


@pytest.mark.clause("brus.info.turned")
def test_the_turned_card_is_public_and_who_draws_it() -> None:
    d = deal()
    assert view(d, 0)["turnup"] == TURNUP and view(d, 0)["turnup_drawn_by"] is None
    playout(d, 3)
    holder = next(e.seat for e in d.events if e.card == d.rules.card(TURNUP))
    assert view(d, 0)["turnup_drawn_by"] == holder


def test_refused_cards_leave_the_deal_as_it_was() -> None:
    d = deal()
    before = d.record()
    for text, code in (("AH", "not-in-hand"), ("pass", "malformed-action"), ("7S", "unknown-card")):
        with pytest.raises(IllegalAction) as info:
            d.apply_text(text)
        assert info.value.code == code
    assert d.record() == before

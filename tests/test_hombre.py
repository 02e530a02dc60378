"""L'Hombre (hombre) on the phase engine: one test per behaviour of each clause.

Seats 0..2 in the order of speech and play from the dealer's right (seat 0, the first hand,
speaks and leads first; seat 2 deals).  Deals are built by hand with `talon_deal_from_cards`:
the talon is given whole, top first.  The expected values come from the source (H1, the Salon
des jeux page, cited by its parts) and H2's contract table, worked out here by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import pytest

from brou.engine.hombre import AUCTION, DECLARE, EXCHANGE, GIVEN_UP, STOPPED, HombreDeal
from brou.engine.phases import ALL_PASSED, DONE, PLAY, PLAYED
from brou.errors import IllegalAction
from brou.laws.auction import outcome, standing, words
from brou.laws.contracts import contract, contracts, playable, trump_choices
from brou.laws.following import matadors_of
from brou.laws.ledger import SHEET, Entry, balances
from brou.laws.play import beats
from brou.laws.results import CODILLE, REMISE, WON, hombre_outcome
from brou.laws.talon import talon_deal_from_cards
from brou.spec.rules import Rules, card_order

HOM = "hombre"

# Seat 0 holds both black matadors and strong hearts; seat 1 long spades and diamonds; seat 2
# small spades and hearts.  The talon, top first.
HANDS = [["AS", "AC", "7H", "AH", "KH", "QH", "JH", "KD", "KC"],
         ["KS", "QS", "JS", "7S", "6S", "QD", "JD", "AD", "2D"],
         ["5S", "4S", "3S", "2S", "2H", "3H", "4H", "QC", "JC"]]
TALON = ["5H", "6H", "7D", "6D", "5D", "4D", "3D", "7C", "6C", "5C", "4C", "3C", "2C"]


def rules(**params: object) -> Rules:
    return Rules.load(HOM, **params)


def deal(r: Rules | None = None, hands: Sequence[Sequence[str]] = HANDS, talon: Sequence[str] = TALON) -> HombreDeal:
    r = r or rules()
    return HombreDeal(r, talon_deal_from_cards(r, hands, talon, None))


def say(d: HombreDeal, *actions: str) -> None:
    for a in actions:
        d.apply_text(a)


def texts(r: Rules, cards: Sequence[int] | int) -> list[str]:
    if isinstance(cards, int):
        return r.cards_text(cards)
    return [r.card_text(c) for c in cards]


def trump_order(r: Rules, trump: int | None, suit: int) -> list[str]:
    order = card_order(r, trump)
    cls = [c for c in r.pack_cards if order.class_of[c] == suit]
    return [r.card_text(c) for c in sorted(cls, key=lambda c: order.place[c])]


def refused(d: HombreDeal, action: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        d.apply_text(action)
    return caught.value.code


# -- the table and the pack ----------------------------------------------------------------


@pytest.mark.clause("hom.players.count")
def test_three_play_and_the_winner_of_the_auction_plays_alone() -> None:
    r = rules()
    assert r.n_players == 3 and r.teams == ((0,), (1,), (2,))
    d = deal()
    say(d, "demande", "pass", "pass")
    assert d.hombre == 0


@pytest.mark.clause("hom.deck.cards")
def test_the_pack_has_forty_cards_without_tens_nines_eights() -> None:
    r = rules()
    assert r.n_cards == 40 and r.hand_size == 9 and r.talon_size == 13
    assert not {"T", "9", "8"} & set(r.ranks)


@pytest.mark.clause("hom.deck.plain-order")
def test_plain_orders_red_small_cards_upwards_black_downwards_no_black_ace() -> None:
    r = rules()
    hearts, spades = r.suits.index("H"), r.suits.index("S")
    diamonds = r.suits.index("D")
    assert trump_order(r, diamonds, hearts) == ["KH", "QH", "JH", "AH", "2H", "3H", "4H", "5H", "6H", "7H"]
    assert trump_order(r, diamonds, spades) == ["KS", "QS", "JS", "7S", "6S", "5S", "4S", "3S", "2S"]
    assert beats(r, r.card("2H"), r.card("7H"), diamonds) and not beats(r, r.card("7H"), r.card("2H"), diamonds)


@pytest.mark.clause("hom.deck.matadors")
def test_the_matadors_are_espadille_manille_baste_under_every_trump() -> None:
    r = rules()
    expected = {"S": ["AS", "2S", "AC"], "H": ["AS", "7H", "AC"], "D": ["AS", "7D", "AC"], "C": ["AS", "2C", "AC"]}
    for suit, symbol in enumerate(r.suits):
        mats = matadors_of(r, suit)
        assert sorted(texts(r, mats), key=trump_order(r, suit, suit).index) == expected[symbol]
        assert trump_order(r, suit, suit)[:3] == expected[symbol]
    # the black aces are trumps even when they are not of the trump suit
    hearts = r.suits.index("H")
    assert beats(r, r.card("AC"), r.card("AH"), hearts) and beats(r, r.card("AS"), r.card("7H"), hearts)


@pytest.mark.clause("hom.deck.trump-order")
def test_twelve_red_trumps_with_the_ponte_fourth_and_eleven_black() -> None:
    r = rules()
    hearts, clubs = r.suits.index("H"), r.suits.index("C")
    assert trump_order(r, hearts, hearts) == ["AS", "7H", "AC", "AH", "KH", "QH", "JH", "2H", "3H", "4H", "5H", "6H"]
    assert trump_order(r, clubs, clubs) == ["AS", "2C", "AC", "KC", "QC", "JC", "7C", "6C", "5C", "4C", "3C"]
    for suit, symbol in enumerate(r.suits):
        assert len(trump_order(r, suit, suit)) == (12 if symbol in "HD" else 11)


@pytest.mark.clause("hom.deck.nolo-order")
def test_without_trump_the_black_aces_are_the_lowest_of_their_suits() -> None:
    r = rules()
    spades, diamonds = r.suits.index("S"), r.suits.index("D")
    assert trump_order(r, None, spades) == ["KS", "QS", "JS", "7S", "6S", "5S", "4S", "3S", "2S", "AS"]
    assert trump_order(r, None, diamonds) == ["KD", "QD", "JD", "AD", "2D", "3D", "4D", "5D", "6D", "7D"]
    assert not beats(r, r.card("AS"), r.card("2S"), None)
    assert not beats(r, r.card("AS"), r.card("2H"), None)  # no trump: a card of another suit never wins


# -- the deal -------------------------------------------------------------------------------


@pytest.mark.clause("hom.deal.packets")
def test_nine_cards_each_in_threes_from_the_first_hand() -> None:
    r = rules()
    assert r.packets == (3, 3, 3) and r.first_receiver == 0 and r.dealer == 2


@pytest.mark.clause("hom.deal.talon")
def test_thirteen_cards_make_the_talon() -> None:
    d = deal()
    assert len(d.stock) == 13 and [d.rules.card_text(c) for c in d.stock] == TALON


# -- the auction ----------------------------------------------------------------------------


@pytest.mark.clause("hom.auction.order")
def test_first_duel_then_the_survivor_against_the_third() -> None:
    r = rules()
    said: list[tuple[int, str | None]] = [(0, "demande")]
    assert standing(r, said).to_speak == 1
    said.append((1, "tourne"))
    assert standing(r, said).to_speak == 0
    said.append((0, None))
    assert standing(r, said).to_speak == 2  # seat 1 survives and meets the third hand
    said.append((2, "sans-prendre"))
    assert standing(r, said).to_speak == 1
    said.append((1, None))
    assert standing(r, said).to_speak is None and outcome(r, said) == (2, "sans-prendre")


@pytest.mark.clause("hom.auction.order")
def test_the_first_hand_passing_at_once_lets_the_second_speak() -> None:
    r = rules()
    assert standing(r, [(0, None)]).to_speak == 1
    assert standing(r, [(0, None), (1, "demande")]).to_speak == 2
    assert outcome(r, [(0, None), (1, "demande"), (2, None)]) == (1, "demande")


@pytest.mark.clause("hom.auction.pass-final")
def test_a_player_who_passed_never_speaks_again() -> None:
    r = rules()
    said: list[tuple[int, str | None]] = [(0, None), (1, "demande"), (2, "tourne")]
    assert standing(r, said).to_speak == 1  # not seat 0, who passed
    d = deal()
    say(d, "pass", "demande", "tourne", "pass")
    assert d.hombre == 2 and d.bid == "tourne"


@pytest.mark.clause("hom.auction.priority")
def test_the_earlier_speaker_may_equal_the_later_must_go_higher() -> None:
    d = deal()
    say(d, "tourne")
    assert refused(d, "tourne") == "bid-too-low"  # seat 1 must name a higher rank
    assert refused(d, "nolo-en-demande") == "bid-too-low"  # nor the other contract of that rank
    say(d, "sans-prendre")
    say(d, "sans-prendre")  # seat 0, who spoke first, equals
    assert refused(d, "sans-prendre") == "bid-too-low"
    say(d, "pur-nolo")  # rank 6 over rank 5
    say(d, "sans-prendre-a-pique")  # seat 0 answers with the other contract of rank 6
    assert d.said[-1] == (0, "sans-prendre-a-pique")


@pytest.mark.clause("hom.auction.priority")
def test_the_third_hand_must_overbid_the_survivor() -> None:
    d = deal()
    say(d, "pass", "tourne")
    assert d.to_act == 2
    assert refused(d, "nolo-en-demande") == "bid-too-low"
    say(d, "grand-tourne") if False else say(d, "sans-prendre")
    say(d, "sans-prendre")  # seat 1 spoke before seat 2: he may equal
    assert d.to_act == 2


@pytest.mark.clause("hom.auction.priority")
def test_the_sources_worked_auctions() -> None:
    """H1 (auction): A first hand, B second, C dealer (seats 0, 1, 2)."""
    r = rules()
    first = [(0, None), (1, "demande"), (2, "nolo-en-demande"), (1, "tourne"), (2, None)]
    assert outcome(r, first) == (1, "tourne")
    third = [(0, "demande"), (1, "tourne"), (0, None), (2, "pur-nolo"), (1, "sans-prendre-a-pique"), (2, None)]
    assert outcome(r, third) == (1, "sans-prendre-a-pique")
    fourth = [(0, "demande"), (1, None), (2, None)]
    assert outcome(r, fourth) == (0, "demande")


@pytest.mark.clause("hom.auction.priority")
def test_the_second_worked_auction_needs_the_other_contract_reading() -> None:
    """H1's second example (B speaks first: seats B 0, A 1, C 2): C answers A's tourné with
    nolo en demande, the same rank; the rule refuses it, parameter equal_rank=other-contract
    takes it."""
    d = deal()
    say(d, "demande-a-pique", "tourne", "pass")
    assert refused(d, "nolo-en-demande") == "bid-too-low"
    d = deal(rules(equal_rank="other-contract"))
    say(d, "demande-a-pique", "tourne", "pass", "nolo-en-demande", "pass")
    assert (d.hombre, d.bid) == (2, "nolo-en-demande")
    assert d.contract is not None and d.contract.name == "nolo-en-demande"


@pytest.mark.clause("hom.auction.priority")
@pytest.mark.parametrize("first, answer", [("tourne", "nolo-en-demande"), ("sans-prendre-a-pique", "pur-nolo")])
@pytest.mark.parametrize("again", ["same", "other"])
def test_under_other_contract_the_earlier_keeps_his_right_to_equal(first: str, answer: str, again: str) -> None:
    """Answered at his own rank with the other contract, the earlier speaker may still equal,
    with the same contract or the other one (AMB-59, option other-contract); the later, who has
    then bid at that rank already, must go higher, so the two cannot alternate for ever."""
    d = deal(rules(equal_rank="other-contract"))
    say(d, first, answer)
    equal = first if again == "same" else answer
    say(d, equal)
    assert d.said[-1] == (0, equal)
    assert refused(d, first) == "bid-too-low" and refused(d, answer) == "bid-too-low"
    say(d, "nolo-ouvert")
    assert d.said[-1] == (1, "nolo-ouvert")


@pytest.mark.clause("hom.auction.priority")
def test_under_other_contract_the_later_answers_once_in_the_second_duel() -> None:
    """Seat 2 answers the survivor's tourné with nolo en demande; the survivor equals with
    tourné; seat 2 may not answer at that rank again."""
    d = deal(rules(equal_rank="other-contract"))
    say(d, "tourne", "pass", "nolo-en-demande", "tourne")
    assert refused(d, "nolo-en-demande") == "bid-too-low" and refused(d, "tourne") == "bid-too-low"
    say(d, "pass")
    assert (d.hombre, d.bid) == (0, "tourne")


@pytest.mark.clause("hom.auction.all-pass")
def test_all_pass_the_deal_is_not_played() -> None:
    d = deal()
    say(d, "pass", "pass", "pass")
    assert d.phase == DONE and d.ended == ALL_PASSED and d.hombre is None
    assert d.ledger == [] and d.winners() == []


@pytest.mark.clause("hom.auction.all-pass")
def test_after_two_passes_the_third_may_name_a_contract() -> None:
    d = deal()
    say(d, "pass", "pass", "demande")
    assert d.hombre == 2 and d.phase == DECLARE


# -- the contracts --------------------------------------------------------------------------


@pytest.mark.clause("hom.contract.table")
def test_the_contract_table_of_h2() -> None:
    r = rules()
    table = [(c.name, c.rank, c.won, c.codille) for c in contracts(r)]
    assert table == [("demande", 1, 1, 2), ("demande-a-pique", 2, 1, 2), ("tourne", 3, 2, 3),
                     ("nolo-en-demande", 3, 2, 3), ("grand-tourne", 4, 3, 4), ("sans-prendre", 5, 3, 4),
                     ("sans-prendre-a-pique", 6, 4, 5), ("pur-nolo", 6, 4, 5), ("nolo-ouvert", 7, 6, 7)]
    exchange = [c.name for c in contracts(r) if c.hombre_exchanges]
    assert max(contract(r, n).rank for n in exchange) < min(c.rank for c in contracts(r) if not c.hombre_exchanges)


@pytest.mark.clause("hom.contract.demande")
def test_the_winner_of_a_demande_may_play_any_exchange_contract_but_grand_tourne() -> None:
    d = deal()
    say(d, "demande", "pass", "pass")
    assert d.phase == DECLARE
    allowed = [words(d.rules)[w] for w in d.legal_words()]
    assert allowed == ["demande", "demande-a-pique", "tourne", "nolo-en-demande"]
    assert refused(d, "grand-tourne") == "cannot-name"
    say(d, "demande")
    assert [words(d.rules)[w] for w in d.legal_words()] == ["trump S", "trump H", "trump D", "trump C"]
    say(d, "trump H")
    assert d.trump == d.rules.suits.index("H") and d.phase == EXCHANGE


@pytest.mark.clause("hom.contract.sans-prendre")
def test_sans_prendre_names_a_trump_other_than_spades() -> None:
    d = deal()
    say(d, "sans-prendre", "pass", "pass")
    assert [words(d.rules)[w] for w in d.legal_words()] == ["sans-prendre", "sans-prendre-a-pique"]
    say(d, "sans-prendre")
    assert refused(d, "trump S") == "cannot-name"
    assert trump_choices(rules(sans_prendre_trump="any"), contract(rules(sans_prendre_trump="any"), "sans-prendre")) == (
        0, 1, 2, 3)
    say(d, "trump H")
    assert d.contract is not None and d.contract.name == "sans-prendre" and d.trump == 1


@pytest.mark.clause("hom.contract.a-pique")
def test_the_contracts_in_spades_have_spades_trump_without_naming() -> None:
    d = deal()
    say(d, "sans-prendre-a-pique", "pass", "pass")
    assert d.trump == d.rules.suits.index("S") and d.phase == EXCHANGE
    d = deal()
    say(d, "demande", "pass", "pass", "demande-a-pique")
    assert d.trump == d.rules.suits.index("S") and d.phase == EXCHANGE


@pytest.mark.clause("hom.contract.grand-tourne")
def test_grand_tourne_needs_espadille_and_baste_and_shows_them() -> None:
    d = deal()
    say(d, "pass")
    assert refused(d, "grand-tourne") == "cannot-name"  # seat 1 holds neither black ace
    d = deal()
    say(d, "grand-tourne", "pass", "pass")
    assert d.contract is not None and d.contract.name == "grand-tourne"
    shown = [(e.seat, d.rules.card_text(e.card)) for e in d.events if e.kind == "show"]
    assert shown == [(0, "AS"), (0, "AC")]
    assert d.turned and d.rules.card_text(d.turned[0][1]) == "5H" and d.trump == 1


@pytest.mark.clause("hom.contract.nolo")
def test_a_nolo_has_no_trump() -> None:
    d = deal()
    say(d, "pur-nolo", "pass", "pass")
    assert d.trump is None and d.phase == PLAY
    assert contract(d.rules, "pur-nolo").nolo and contract(d.rules, "nolo-en-demande").nolo


@pytest.mark.clause("hom.contract.nolo-ouvert")
def test_open_nolo_lays_the_hombre_hand_face_up() -> None:
    r = rules()
    assert contract(r, "nolo-ouvert").open and not contract(r, "pur-nolo").open
    d = deal()
    say(d, "nolo-ouvert", "pass", "pass")
    assert d.contract is not None and d.contract.open and d.phase == PLAY


# -- the exchange ---------------------------------------------------------------------------


@pytest.mark.clause("hom.exchange.hombre")
def test_the_hombre_discards_one_to_nine_and_draws_as_many() -> None:
    d = deal()
    say(d, "demande", "pass", "pass", "demande", "trump H")
    assert d.to_act == 0
    assert refused(d, "draw") == "too-few-discards"
    say(d, "KD", "KC", "draw")
    assert texts(d.rules, d.hands[0]) == sorted(["AS", "AC", "7H", "AH", "KH", "QH", "JH", "5H", "6H"],
                                                key=d.rules.card)
    assert [d.rules.card_text(c) for c in d.stock[:1]] == ["7D"] and len(d.stock) == 11
    assert [(e.kind, e.seat) for e in d.events] == [("discard", 0)] * 2 + [("draw", 0)] * 2


@pytest.mark.clause("hom.exchange.hombre")
def test_the_hombre_may_discard_his_whole_hand_but_no_more() -> None:
    d = deal()
    say(d, "demande", "pass", "pass", "demande", "trump H")
    say(d, *HANDS[0], "draw")
    assert len(d.stock) == 4 and bin(d.hands[0]).count("1") == 9
    say(d, "KS", "QS", "JS", "7S")  # the tier on the hombre's right: four is all the talon can replace
    assert d.legal_cards() == 0 and refused(d, "6S") == "too-many-discards"
    say(d, "draw")
    assert d.phase == PLAY and not d.stock


@pytest.mark.clause("hom.exchange.tiers")
def test_the_tiers_exchange_in_order_while_the_talon_lasts() -> None:
    d = deal()
    say(d, "pass", "demande", "pass", "demande", "trump D")  # seat 1 is hombre
    assert d.to_act == 1
    say(d, "QS", "JS", "7S", "6S", "KS", "draw")  # five, eight left
    assert d.to_act == 2  # the tier on his right first
    say(d, "5S", "4S", "3S", "2S", "2H", "3H", "4H", "QC", "draw")  # eight: the talon is empty
    assert d.phase == PLAY and d.to_act == 0 and not d.stock  # seat 0 is passed over


@pytest.mark.clause("hom.exchange.tiers")
def test_a_tier_may_keep_his_hand_and_in_sans_prendre_only_the_tiers_exchange() -> None:
    d = deal()
    say(d, "sans-prendre", "pass", "pass", "sans-prendre", "trump H")
    assert d.phase == EXCHANGE and d.to_act == 1
    say(d, "draw")  # no card changed
    assert d.to_act == 2 and len(d.stock) == 13
    say(d, "QC", "draw")
    assert d.phase == PLAY and len(d.stock) == 12


@pytest.mark.clause("hom.exchange.nolo")
def test_nolo_with_exchange_the_hombre_alone_exchanges() -> None:
    d = deal()
    say(d, "demande", "pass", "pass", "nolo-en-demande")
    assert d.phase == EXCHANGE and d.to_act == 0 and d.trump is None
    say(d, "AS", "draw")
    assert d.phase == PLAY and len(d.stock) == 12


@pytest.mark.clause("hom.exchange.nolo")
def test_pure_nolo_nobody_exchanges() -> None:
    d = deal()
    say(d, "pass", "pur-nolo", "pass")
    assert d.phase == PLAY and len(d.stock) == 13


@pytest.mark.clause("hom.exchange.tourne")
def test_tourne_turns_the_top_card_for_trump_and_asks_two_discards() -> None:
    d = deal()
    say(d, "tourne", "pass", "pass")
    assert d.trump == d.rules.suits.index("H")  # 5H on top of the talon
    assert [(e.kind, d.rules.card_text(e.card)) for e in d.events] == [("turn", "5H")]
    say(d, "KD")
    assert refused(d, "draw") == "too-few-discards"
    say(d, "KC", "draw")
    assert {"5H", "6H"} <= set(texts(d.rules, d.hands[0]))  # the turned card is drawn first


@pytest.mark.clause("hom.exchange.surrender")
def test_the_hombre_may_give_up_before_his_first_card_losing_remise() -> None:
    d = deal()
    say(d, "pass", "tourne", "pass")  # seat 1 hombre, tourné in hearts (5H turned)
    say(d, "QS", "JS", "draw", "draw", "draw")
    assert d.phase == PLAY and d.to_act == 0
    assert "surrender" not in [words(d.rules)[w] for w in d.legal_words()]  # seat 0 is a tier
    say(d, "KD")
    assert "surrender" in [words(d.rules)[w] for w in d.legal_words()]
    say(d, "surrender")
    assert d.phase == DONE and d.ended == GIVEN_UP and d.outcome == "surrender"
    assert d.ledger == [Entry(1, SHEET, 2, "hom.count.score", 0)]  # tourné: remise costs 2


@pytest.mark.clause("hom.exchange.surrender")
def test_no_surrender_after_the_first_card_nor_in_nolo_with_exchange() -> None:
    d = deal()
    say(d, "demande", "pass", "pass", "demande", "trump H", "KD", "draw", "draw", "draw")
    assert d.to_act == 0 and "surrender" in [words(d.rules)[w] for w in d.legal_words()]
    say(d, "AS", "KS", "2H")
    assert refused(d, "surrender") == "word-not-now"
    d = deal()
    say(d, "demande", "pass", "pass", "nolo-en-demande", "AS", "draw")
    assert refused(d, "surrender") == "word-not-now"


# -- play -----------------------------------------------------------------------------------


def played(contract_words: Sequence[str], *cards: str) -> HombreDeal:
    d = deal()
    say(d, *contract_words)
    say(d, *cards)
    return d


HEARTS_DEMANDE = ("demande", "pass", "pass", "demande", "trump H", "KD", "draw", "draw", "draw")


@pytest.mark.clause("hom.play.lead")
def test_the_first_hand_leads_and_each_winner_leads_next() -> None:
    d = played(HEARTS_DEMANDE)
    assert d.to_act == 0 == d.leader
    say(d, "KC", "KS", "QC")  # clubs led: seat 2's QC follows, KC wins
    assert d.tricks[-1][2] == 0 and d.to_act == 0


@pytest.mark.clause("hom.play.follow")
def test_follow_suit_void_any_card_no_duty_to_win() -> None:
    d = played(HEARTS_DEMANDE, "KC")
    # seat 1 has no club: any card, no duty to trump
    assert d.legal_cards() == d.hands[1]
    say(d, "2D")
    assert texts(d.rules, d.legal_cards()) == ["QC", "JC"]  # seat 2 follows, need not beat


@pytest.mark.clause("hom.play.follow")
def test_a_black_ace_is_a_trump_not_a_card_of_its_suit() -> None:
    """Hearts trump: a player whose only spade is the espadille is void in spades; on a trump
    led the espadille and the baste answer it as trumps."""
    hand = ["AS", "4S", "QC", "JC", "AD", "KC", "7C", "6C", "6H"]
    assert privilege(hand, "KS") == ["4S"]  # 4S held: he follows with it, not with the espadille
    hand = ["AS", "QC", "JC", "AD", "KC", "7C", "6C", "6H", "5H"]
    assert privilege(hand, "KS") == sorted(hand, key=rules().card) == sorted(hand, key=rules().card)
    hand = ["AS", "4H", "KS", "QC", "AD", "JC", "KC", "6C", "7C"]
    assert privilege(hand, "KH") == ["AS", "4H"]  # a trump led: his trumps, the espadille one of them
    hand = ["AC", "QS", "KS", "QC", "AD", "JC", "KC", "6C", "7C"]
    assert privilege(hand, "QH") == sorted(hand, key=rules().card)  # the baste alone: its privilege


@pytest.mark.clause("hom.play.trick-winner")
def test_the_highest_trump_wins_else_the_highest_of_the_suit_led() -> None:
    r = rules()
    hearts = r.suits.index("H")
    assert beats(r, r.card("2H"), r.card("KS"), hearts)
    assert beats(r, r.card("7H"), r.card("AH"), hearts)  # the manille over the ponte
    assert not beats(r, r.card("KD"), r.card("2S"), hearts)  # a discard never wins


# -- the matador's privilege (hom.play.matador-privilege) ------------------------------------


def privilege(hand1: Sequence[str], lead: str, second: str | None = None,
              hand2: Sequence[str] | None = None) -> list[str]:
    """The cards the player after the lead (or after `second`) may play, hearts trump."""
    r = rules()
    hands = [["KH", "QH", "JH", "2H", "3H", "KD", "QD", "JD", "2D"], list(hand1),
             list(hand2 or ["3D", "4D", "5D", "6D", "7D", "2C", "3C", "4C", "5C"])]
    if lead not in hands[0]:
        hands[0][0] = lead
    if second is not None and second not in hands[1]:
        hands[1][0] = second
    used = {c for h in hands for c in h}
    talon = [r.card_text(c) for c in r.pack_cards if r.card_text(c) not in used]
    d = HombreDeal(r, talon_deal_from_cards(r, hands, talon, None))
    say(d, "sans-prendre", "pass", "pass", "sans-prendre", "trump H")
    say(d, "draw", "draw")
    say(d, lead)
    if second is not None:
        say(d, second)
    return texts(r, d.legal_cards())


@pytest.mark.clause("hom.play.matador-privilege")
def test_a_plain_trump_led_does_not_force_a_lone_matador() -> None:
    hand = ["AC", "KS", "QS", "JS", "7S", "6S", "6C", "3S", "2S"]
    assert privilege(hand, "KH") == sorted(hand, key=rules().card)  # baste held alone: anything


@pytest.mark.clause("hom.play.matador-privilege")
def test_with_another_trump_he_must_play_trump_matador_optional() -> None:
    hand = ["AC", "4H", "QS", "JS", "7S", "6S", "6C", "3S", "2S"]
    assert privilege(hand, "KH") == ["4H", "AC"]


@pytest.mark.clause("hom.play.matador-privilege")
def test_a_higher_matador_led_forces_a_lower_one_held_alone() -> None:
    hand = ["AC", "KS", "QS", "JS", "7S", "6S", "6C", "3S", "2S"]
    assert privilege(hand, "7H") == ["AC"]  # the manille forces the baste


@pytest.mark.clause("hom.play.matador-privilege")
def test_a_lower_matador_led_does_not_force_a_higher_one() -> None:
    hand = ["AS", "KS", "QS", "JS", "7S", "6S", "6C", "3S", "2S"]
    assert privilege(hand, "AC") == sorted(hand, key=rules().card)  # the baste forces nothing


@pytest.mark.clause("hom.play.matador-privilege")
def test_manille_led_against_espadille_and_baste_any_trump() -> None:
    """H1's case: the manille led, the player holds only the espadille and the baste as trumps:
    he must play one of them (the baste is forced, or he takes with the espadille)."""
    hand = ["AS", "AC", "QS", "JS", "7S", "6S", "6C", "3S", "2S"]
    assert privilege(hand, "7H") == ["AS", "AC"]


@pytest.mark.clause("hom.play.matador-privilege")
def test_a_matador_played_second_forces_nothing() -> None:
    """A plain trump led, the second plays the espadille: the third's lone baste stays free."""
    third = ["AC", "3D", "4D", "5D", "6D", "2C", "3C", "4C", "5C"]
    allowed = privilege(["AS", "KS", "QS", "JS", "7S", "6S", "4S", "3S", "2S"], "KH", "AS", third)
    assert allowed == sorted(third, key=rules().card)


# -- the count --------------------------------------------------------------------------------


@pytest.mark.clause("hom.count.result")
@pytest.mark.parametrize(("tricks", "result"), [
    ((5, 4, 0), WON), ((5, 2, 2), WON), ((4, 3, 2), WON), ((4, 4, 1), REMISE), ((3, 3, 3), REMISE),
    ((4, 5, 0), CODILLE), ((3, 4, 2), CODILLE), ((2, 5, 2), CODILLE), ((9, 0, 0), WON)])
def test_won_remise_codille(tricks: tuple[int, int, int], result: str) -> None:
    r = rules()
    winners = [seat for seat, n in enumerate(tricks) for _ in range(n)]
    assert hombre_outcome(contract(r, "demande"), 0, winners) == result


@pytest.mark.clause("hom.count.nolo")
@pytest.mark.parametrize(("mine", "result"), [(0, WON), (1, REMISE), (2, CODILLE), (5, CODILLE)])
def test_nolo_no_trick_wins_one_remise_two_codille(mine: int, result: str) -> None:
    r = rules()
    winners = [1] * (9 - mine) + [2] * mine
    assert hombre_outcome(contract(r, "pur-nolo"), 2, winners) == result


def play_out(d: HombreDeal, choose: str = "first") -> None:
    """Play the deal to its end, each player the first (or last) card he may play."""
    while not d.is_over:
        cards = [a for a in d.legal_actions() if a < d.rules.n_indices]
        d.apply(cards[0] if choose == "first" else cards[-1])


@pytest.mark.clause("hom.count.score")
def test_only_the_hombre_scores_the_contract_value() -> None:
    d = deal()
    say(d, *HEARTS_DEMANDE)
    play_out(d)
    assert d.ended == PLAYED and d.outcome is not None
    points = balances(d.ledger, 3)
    row = contract(d.rules, "demande")
    expected = {WON: row.won, REMISE: -row.won, CODILLE: -row.codille}[d.outcome]
    assert points[0] == expected + {None: 0, "made": 1, "missed": -1}[d.vole] and points[1] == points[2] == 0


def vole_deal() -> HombreDeal:
    """Seat 0 in sans prendre, hearts, with every high trump: he takes the first five tricks."""
    hands = [["AS", "7H", "AC", "AH", "KH", "QH", "JH", "2H", "3H"],
             ["KS", "QS", "JS", "7S", "6S", "QD", "JD", "AD", "2D"],
             ["5S", "4S", "3S", "2S", "KD", "4H", "5H", "QC", "JC"]]
    talon = ["6H", "KC", "7D", "6D", "5D", "4D", "3D", "7C", "6C", "5C", "4C", "3C", "2C"]
    d = deal(hands=hands, talon=talon)
    say(d, "sans-prendre", "pass", "pass", "sans-prendre", "trump H", "draw", "draw")
    for lead in ("AS", "7H", "AC", "AH", "KH"):
        say(d, lead)
        while d.trick:
            d.apply(min(cards_of_hand(d)))
    return d


def cards_of_hand(d: HombreDeal) -> list[int]:
    return [a for a in d.legal_actions() if a < d.rules.n_indices]


@pytest.mark.clause("hom.count.vole")
def test_after_the_first_five_tricks_the_hombre_may_stop() -> None:
    d = vole_deal()
    assert [w for _, _, w in d.tricks] == [0] * 5
    assert "stop" in [words(d.rules)[w] for w in d.legal_words()]
    say(d, "stop")
    assert d.ended == STOPPED and d.outcome == WON and d.vole is None
    assert balances(d.ledger, 3) == [3, 0, 0]


@pytest.mark.clause("hom.count.vole")
def test_a_sixth_card_undertakes_the_vole() -> None:
    d = vole_deal()
    play_out(d)
    assert d.vole in ("made", "missed")
    hombre_tricks = sum(1 for _, _, w in d.tricks if w == 0)
    assert (d.vole == "made") == (hombre_tricks == 9)
    assert balances(d.ledger, 3)[0] == 3 + (1 if d.vole == "made" else -1)  # the win stands


@pytest.mark.clause("hom.count.vole")
def test_no_vole_in_a_nolo_nor_after_a_lost_trick() -> None:
    d = deal()
    say(d, "demande", "pass", "pass", "demande", "trump H", "KD", "draw", "draw", "draw")
    say(d, "KC", "KS", "JC")
    assert "stop" not in [words(d.rules)[w] for w in d.legal_words()]


# -- errors ---------------------------------------------------------------------------------


def test_cards_wait_for_the_contract() -> None:
    d = deal()
    assert refused(d, "AS") == "cards-not-yet"
    say(d, "demande", "pass", "pass")
    assert refused(d, "AS") == "cards-not-yet"


def test_words_out_of_turn_are_refused_and_change_nothing() -> None:
    d = deal()
    before = d.copy()
    assert refused(d, "draw") == "word-not-now"
    assert d.said == before.said and d.history == before.history
    with pytest.raises(IllegalAction) as caught:
        d.apply(d.rules.n_indices + 99)
    assert caught.value.code == "malformed-action"


def test_copy_is_independent() -> None:
    d = deal()
    say(d, "demande")
    other = d.copy()
    say(other, "pass", "pass")
    assert d.phase == AUCTION and other.phase == DECLARE and d.said == [(0, "demande")]


def test_random_deals_keep_every_card_and_end() -> None:
    import random

    from brou.laws.talon import talon_deal_from_seed
    r = rules()
    for seed in range(200):
        d = HombreDeal(r, talon_deal_from_seed(r, seed))
        rng = random.Random(seed)
        while not d.is_over:
            d.apply(rng.choice(d.legal_actions()))
            held = sum(bin(h).count("1") for h in d.hands) + len(d.stock) + sum(bin(x).count("1") for x in d.discards)
            assert held + sum(len(t[1]) for t in d.tricks) + len(d.trick) == 40
        assert sum(e.jetons for e in d.ledger if e.taker == SHEET) >= 0
        assert d.ended in (PLAYED, ALL_PASSED, STOPPED, GIVEN_UP)


def test_playable_depends_on_the_hand() -> None:
    r = rules()
    hand = r.mask(HANDS[1])
    assert [c.name for c in playable(r, contract(r, "demande"), hand)] == [
        "demande", "demande-a-pique", "tourne", "nolo-en-demande"]


# -- the deal's cut, the table of four, the game of coups, the first dealer ------------------


@pytest.mark.clause("hom.deal.cut")
def test_the_cut_moves_the_top_cards_under_the_pack() -> None:
    from brou.cards.deal import cut_pack, shuffled_pack
    from brou.laws.talon import talon_deal_from_seed
    r = rules()
    pack = shuffled_pack(r, 7)
    cut = talon_deal_from_seed(r, 7, 10)
    assert cut.hands[0] & (1 << pack[10]) and cut.stock[-1] == pack[9]
    assert cut_pack(pack, 10) == pack[10:] + pack[:10]


@pytest.mark.clause("hom.players.four")
def test_with_four_the_player_opposite_the_dealer_sits_out() -> None:
    from brou.cards.seating import Seating
    r = rules(form="four")
    assert r.n_players == 3 and r.table_size == 4
    for dealer in range(4):
        seating = Seating(3, (dealer - r.dealer) % 4, r.teams, 4)
        assert seating.player(r.dealer) == dealer
        assert seating.sitting_out() == [(dealer + 2) % 4]
        assert [seating.player(s) for s in range(3)] == [(dealer + 1) % 4, (dealer + 3) % 4, dealer]


@pytest.mark.clause("hom.match.coups")
@pytest.mark.parametrize(("form", "coups"), [("three", 30), ("four", 40)])
def test_a_game_is_thirty_coups_forty_with_four(form: str, coups: int) -> None:
    import random

    from brou.engine.bots import chaos_bot
    from brou.engine.session import Session
    session = Session(rules(form=form), 11)
    session.play((chaos_bot,), random.Random(11))
    record = session.record()
    assert len(record["deals"]) == coups and record["coups"] == coups
    top = max(record["jetons"])
    assert record["winners"] == [p for p, v in enumerate(record["jetons"]) if v == top]
    played = [d for d in record["deals"] if d["how"] == ALL_PASSED]
    assert all(d["jetons"] == [0] * len(record["jetons"]) for d in played)  # a coup not played counts, scoring nothing


@pytest.mark.clause("hom.match.next-dealer")
@pytest.mark.parametrize("form", ["three", "four"])
def test_the_first_hand_deals_next(form: str) -> None:
    import random

    from brou.engine.bots import chaos_bot
    from brou.engine.session import Session
    r = rules(form=form)
    session = Session(r, 5)
    session.play((chaos_bot,), random.Random(5))
    dealers = [d["dealer"] for d in session.record()["deals"]]
    assert all(b == (a + 1) % r.table_size for a, b in pairwise(dealers))


@pytest.mark.clause("hom.match.first-dealer")
def test_the_king_deals_the_queen_on_his_right_the_jack_on_his_left() -> None:
    from brou.laws.first_dealer import DrawError, draw_first_dealer, seats_drawn
    r = rules()
    assert seats_drawn(r, [[r.card("QH"), r.card("JC"), r.card("KS")]]) == 2
    assert seats_drawn(r, [[r.card("KD"), r.card("QH"), r.card("JC")]]) == 0
    with pytest.raises(DrawError):
        seats_drawn(r, [[r.card("JC"), r.card("QH"), r.card("KS")]])  # the queen on the king's left
    four = rules(form="four")
    assert seats_drawn(four, [[r.card("QH"), None, r.card("JC"), r.card("KS")]]) == 3
    for seed in range(20):
        drawn = draw_first_dealer(four, seed)
        assert drawn.rounds[0][(drawn.dealer + 2) % 4] is None

"""L'Homme d'Auvergne (homme-d-auvergne) on the phase engine: one test per behaviour of each clause.

Seats 0..n-1 in the order of play from the dealer's right (seat 0 speaks and leads first, the
dealer is the last seat).  Deals are built by hand with `talon_deal_from_cards(rules, hands,
talon, None)`: this game turns no card at the deal, so the talon is given whole, top first.
The expected values come from the source (Lalanne's restoration of the 1665 rules, A1,
sections 1 to 7) and the clause texts, worked out here by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

import pytest

from brou.cards.deal import DealError, cut_pack, packet_positions, shuffled_pack
from brou.compiled import is_compiled
from brou.engine.marks import marks_after, marks_winners
from brou.engine.phases import ALL_PASSED, DONE, NOT_TURNED, PLAY, PLAYED, SHOWING, SPEECH, TARGET, TURN_OFFER, PhaseDeal
from brou.engine.session import next_offset
from brou.engine.view import view
from brou.errors import IllegalAction, ParameterError
from brou.laws.first_dealer import draw_outcome
from brou.laws.ledger import SHEET, Entry, balances
from brou.laws.play import beats
from brou.laws.results import deal_winner, homme_entries, pool_entries
from brou.laws.speech import LEAVE, PASS, SHOW, TURN, WORDS
from brou.laws.speech import PLAY as SAY_PLAY
from brou.laws.talon import NO_TURNUP, deal_with_talon, talon_deal_from_cards, talon_deal_from_seed
from brou.spec.rules import Rules

AUV = "homme-d-auvergne"

# Four players; seat 3 deals.  The talon holds the twelve other cards.
HANDS = [["QS", "JS", "AS", "TH", "9D"],
         ["KH", "QH", "8S", "7C", "TD"],
         ["KD", "JH", "9H", "AC", "8C"],
         ["KC", "QC", "JC", "7S", "8D"]]


def rules(**params: object) -> Rules:
    return Rules.load(AUV, **params)


def deal(r: Rules | None = None, hands: Sequence[Sequence[str]] | None = None, top: Sequence[str] = (),
         marks: Sequence[int] | None = None) -> PhaseDeal:
    """A deal of these hands; the talon is `top` (its top cards, in order), then every other
    card of the pack in the pack's order."""
    r = r or rules()
    hands = hands or HANDS
    held = {c for h in hands for c in h} | set(top)
    rest = [r.card_text(c) for c in range(r.n_indices) if r.pack >> c & 1 and r.card_text(c) not in held]
    return PhaseDeal(r, talon_deal_from_cards(r, hands, [*top, *rest], None), marks=marks)


def say(d: PhaseDeal, *actions: str) -> None:
    for a in actions:
        d.apply_text(a)


def card(r: Rules, text: str) -> int:
    return r.card(text)


def king_entries(d: PhaseDeal) -> list[tuple[int, int, str, str]]:
    """The kings' entries of the ledger: (giver, taker, clause, king)."""
    return [(e.giver, e.taker, e.clause, d.rules.card_text(e.card)) for e in d.ledger
            if e.clause.startswith("auv.king") and e.card is not None]


def snapshot(d: PhaseDeal) -> tuple[Any, ...]:
    return (d.phase, d.to_act, list(d.hands), list(d.stock), list(d.turned), list(d.words), list(d.ledger),
            list(d.history), d.homme, d.trump, dict(d.shown), d.ended, list(d.trick), list(d.events))


def refused(d: PhaseDeal, action: str, code: str) -> None:
    """`action` is refused with `code`, and the deal is left exactly as it was."""
    before = snapshot(d)
    with pytest.raises(IllegalAction) as err:
        d.apply_text(action)
    assert err.value.code == code
    assert snapshot(d) == before


def named(hand: int, r: Rules) -> set[str]:
    return set(r.cards_text(hand))


# -- players and the pack ---------------------------------------------------------------


@pytest.mark.clause("auv.players.count")
def test_four_play_each_for_himself() -> None:
    r = rules()
    assert r.n_players == 4 and r.teams == ((0,), (1,), (2,), (3,)) and r.dealer == 3


@pytest.mark.clause("auv.players.count")
@pytest.mark.parametrize("form, n", [("two", 2), ("three", 3), ("four", 4), ("five", 5)])
def test_two_to_five_play_each_for_himself(form: str, n: int) -> None:
    r = rules(form=form)
    assert r.n_players == n
    assert r.teams == tuple((s,) for s in range(n))
    assert r.dealer == n - 1


@pytest.mark.clause("auv.deck.cards")
@pytest.mark.parametrize("form, size, talon", [("two", 28, 18), ("three", 28, 13), ("four", 32, 12), ("five", 32, 7)])
def test_sevens_leave_the_pack_for_two_or_three(form: str, size: int, talon: int) -> None:
    r = rules(form=form)
    missing = {r.card_text(c) for c in range(r.n_indices) if not r.pack >> c & 1}
    assert r.n_cards == size
    assert missing == ({"7S", "7H", "7D", "7C"} if size == 28 else set())
    dealt = talon_deal_from_seed(r, 5)
    assert len(dealt.stock) == talon and all(h.bit_count() == 5 for h in dealt.hands)


@pytest.mark.clause("auv.players.count", "auv.speech.round")
def test_form_two_a_deal_between_two_players() -> None:
    r = rules(form="two")
    hands = [["KS", "QS", "JS", "AS", "TS"], ["KH", "QH", "JH", "AH", "TH"]]
    d = deal(r, hands=hands, top=["9H"])
    say(d, "leave", "turn", "pass", "show", "play")  # the dealer (seat 1) turns, shows KH and plays
    assert d.homme == 1 and d.trump == r.suits.index("H") and d.to_act == 0
    say(d, "TS")
    assert named(d.legal_cards(), r) == {"KH", "QH", "JH", "AH", "TH"}  # void in spades: must trump
    say(d, "TH", "KH", "AS", "QH", "QS", "JH", "JS", "AH", "KS")
    assert [w for *_, w in d.tricks] == [1, 1, 1, 1, 1] and d.ended == PLAYED
    assert balances(d.ledger, 2) == [0, 2]


@pytest.mark.clause("auv.deck.cards")
def test_pack_with_four_twenty_eight_takes_the_sevens_out_at_four() -> None:
    r = rules(pack_with_four="twenty-eight")
    assert r.n_players == 4 and r.n_cards == 28 and r.talon_size == 8
    assert not any(r.pack >> r.card(f"7{s}") & 1 for s in "SHDC")
    assert rules(pack_with_four="thirty-two").n_cards == 32


@pytest.mark.clause("auv.deck.order")
def test_king_queen_jack_then_the_ace() -> None:
    r = rules()
    spades = r.suits.index("S")
    order = ["KH", "QH", "JH", "AH", "TH", "9H", "8H", "7H"]
    for high, low in pairwise(order):
        assert beats(r, r.card(high), r.card(low), spades)
        assert not beats(r, r.card(low), r.card(high), spades)


# -- the first dealer --------------------------------------------------------------------


@pytest.mark.clause("auv.match.first-dealer")
def test_the_highest_card_drawn_deals_the_jack_above_the_ace() -> None:
    r = rules()
    assert draw_outcome(r, [[r.card("AH"), r.card("JS"), r.card("7D"), r.card("TC")]]) == 1
    assert draw_outcome(r, [[r.card("9H"), r.card("8S"), r.card("KD"), r.card("QC")]]) == 2


@pytest.mark.clause("auv.match.first-dealer")
def test_first_dealer_tie_redraw_the_tied_players_alone_draw_again() -> None:
    r = rules(first_dealer_tie="redraw")
    first = [r.card("KH"), r.card("KS"), r.card("7D"), r.card("TC")]
    assert draw_outcome(r, [first]) == [0, 1]
    assert draw_outcome(r, [first, [r.card("9H"), r.card("QS"), None, None]]) == 1


@pytest.mark.clause("auv.match.first-dealer")
def test_first_dealer_tie_all_redraw_everyone_draws_again() -> None:
    r = rules(first_dealer_tie="all-redraw")
    first = [r.card("KH"), r.card("KS"), r.card("7D"), r.card("TC")]
    assert draw_outcome(r, [first]) == [0, 1, 2, 3]
    # the players who did not tie draw again too, and may win the second round
    assert draw_outcome(r, [first, [r.card("9H"), r.card("QS"), r.card("KD"), r.card("8C")]]) == 2


# -- the deal ---------------------------------------------------------------------------


@pytest.mark.clause("auv.deal.cut")
def test_a_cut_pack_is_dealt_from_its_new_top() -> None:
    r = rules()
    pack = shuffled_pack(r, 3)
    cut = cut_pack(pack, 9)
    assert cut == pack[9:] + pack[:9]
    dealt = talon_deal_from_seed(r, 3, cut=9)
    assert dealt == deal_with_talon(r, cut)
    assert dealt.hands[0] >> pack[9] & 1  # the first card after the cut goes to the dealer's right


@pytest.mark.clause("auv.deal.packets")
def test_five_each_by_three_then_two_from_the_dealers_right() -> None:
    r = rules()
    pack = shuffled_pack(r, 7)
    dealt = deal_with_talon(r, pack)
    for seat in range(4):
        positions = [3 * seat, 3 * seat + 1, 3 * seat + 2, 12 + 2 * seat, 13 + 2 * seat]
        assert dealt.hands[seat] == sum(1 << pack[p] for p in positions)


@pytest.mark.clause("auv.deal.packets")
def test_packets_two_three_deal_two_then_three() -> None:
    r = rules(packets="two-three")
    seats, rest = packet_positions(r)
    assert seats[0] == (0, 1, 8, 9, 10) and seats[3] == (6, 7, 17, 18, 19)
    assert rest == tuple(range(20, 32))


@pytest.mark.clause("auv.deal.talon")
def test_the_rest_is_the_talon_and_no_card_is_turned() -> None:
    r = rules()
    pack = shuffled_pack(r, 7)
    dealt = deal_with_talon(r, pack)
    assert dealt.turnup == NO_TURNUP
    assert list(dealt.stock) == pack[20:]  # face down, top first, nothing slid under
    d = PhaseDeal(r, dealt)
    assert d.trump is None and d.turned == [] and d.phase == TURN_OFFER


@pytest.mark.clause("auv.deal.talon")
def test_a_hand_built_deal_takes_no_turn_up() -> None:
    r = rules()
    rest = [r.card_text(c) for c in range(r.n_indices)
            if r.card_text(c) not in {x for h in HANDS for x in h}]
    with pytest.raises(DealError):
        talon_deal_from_cards(r, HANDS, rest[1:], rest[0])


# -- the turn-offer -----------------------------------------------------------------------


@pytest.mark.clause("auv.turn.offer")
def test_the_first_player_may_turn_the_top_card() -> None:
    d = deal(top=["7H"])
    assert d.phase == TURN_OFFER and d.to_act == 0
    assert d.legal_words() == [TURN, LEAVE]
    say(d, "turn")
    assert d.turned == [(0, d.rules.card("7H"))]
    assert d.trump == d.rules.suits.index("H")
    assert d.phase == SPEECH and d.to_act == 0


@pytest.mark.clause("auv.turn.offer")
def test_a_later_player_turns_and_the_speech_starts_at_the_dealers_right() -> None:
    d = deal(top=["7H"])
    say(d, "leave", "leave")
    assert d.phase == TURN_OFFER and d.to_act == 2
    say(d, "turn")
    assert d.turned == [(2, d.rules.card("7H"))]
    assert d.phase == SPEECH and d.to_act == 0  # the offer is closed; seat 3 was not asked


@pytest.mark.clause("auv.turn.offer")
def test_turner_dealer_the_dealer_turns_without_a_choice() -> None:
    r = rules(turner="dealer")
    d = deal(r, top=["7H", "7D"])
    assert d.turned == [(3, r.card("7H"))]
    assert d.phase == SPEECH and d.to_act == 0 and d.trump == r.suits.index("H")
    refused(d, "turn", "word-not-now")
    # a réjouissance is turned by the dealer too, with no offer
    say(d, "pass", "pass", "pass", "pass")
    assert d.turned == [(3, r.card("7H")), (3, r.card("7D"))] and d.phase == SPEECH


@pytest.mark.clause("auv.turn.nobody")
def test_nobody_turns_the_deal_is_not_played() -> None:
    d = deal(top=["7H"])
    say(d, "leave", "leave", "leave", "leave")
    assert d.is_over and d.ended == NOT_TURNED
    assert d.turned == [] and d.homme is None and d.ledger == [] and d.winners() == []


@pytest.mark.clause("auv.turn.nobody")
def test_turner_dealer_never_ends_not_turned() -> None:
    d = deal(rules(turner="dealer"), top=["7H"])
    assert d.phase == SPEECH and not d.is_over


# -- the speech ----------------------------------------------------------------------------


@pytest.mark.clause("auv.speech.round")
def test_the_first_speaker_plays_and_is_the_homme() -> None:
    d = deal(top=["9S"])  # KS is in the talon: nobody has a king to show
    say(d, "turn")
    assert d.legal_words() == [SAY_PLAY, PASS]
    say(d, "play")
    assert d.homme == 0 and d.phase == PLAY and d.to_act == 0


@pytest.mark.clause("auv.speech.round")
def test_a_later_speaker_plays_and_the_round_stops_there() -> None:
    d = deal(top=["9S"])
    say(d, "leave", "turn", "pass", "play")
    assert d.homme == 1 and d.phase == PLAY
    assert d.words[-2:] == [(0, PASS), (1, SAY_PLAY)]  # seats 2 and 3 do not speak


@pytest.mark.clause("auv.speech.rejouissance")
def test_all_pass_then_the_next_card_is_offered_a_rejouissance() -> None:
    d = deal(top=["9S", "7D"])
    say(d, "turn", "pass", "pass", "pass", "pass")
    assert d.phase == TURN_OFFER and d.to_act == 0 and not d.is_over
    say(d, "leave", "turn")
    assert d.turned[-1] == (1, d.rules.card("7D"))
    assert d.trump == d.rules.suits.index("D") and d.phase == SPEECH and d.to_act == 0
    say(d, "pass", "pass", "play")
    assert d.homme == 2


@pytest.mark.clause("auv.speech.rejouissance")
def test_nobody_turns_a_rejouissance_the_deal_is_not_played() -> None:
    d = deal(top=["9S", "7D"])
    say(d, "turn", "pass", "pass", "pass", "pass", "leave", "leave", "leave", "leave")
    assert d.is_over and d.ended == NOT_TURNED and d.homme is None


@pytest.mark.clause("auv.speech.rejouissance")
def test_three_rejouissances_at_most_then_all_passed() -> None:
    d = deal(top=["9S", "7D", "AH", "9C"])
    say(d, "turn", "pass", "pass", "pass", "pass")  # the first card turned
    for _ in range(2):  # the first two réjouissances
        say(d, "turn", "pass", "pass", "pass", "pass")
    assert d.phase == TURN_OFFER  # the third may still be turned
    say(d, "turn", "pass", "pass", "pass")
    assert len(d.turned) == 4 and not d.is_over
    say(d, "pass")
    assert d.is_over and d.ended == ALL_PASSED and d.homme is None and d.winners() == []
    assert len(d.stock) == 8  # no fifth card was turned


@pytest.mark.clause("auv.speech.trump")
def test_trump_is_the_suit_of_the_last_card_turned() -> None:
    d = deal(top=["9S", "7D", "AH"])
    say(d, "turn", "pass", "pass", "pass", "pass", "turn", "pass", "pass", "pass", "pass", "turn")
    assert d.trump == d.rules.suits.index("H")
    say(d, "pass", "pass", "pass", "play")
    assert d.phase == PLAY and d.trump == d.rules.suits.index("H")


@pytest.mark.clause("auv.speech.trump")
def test_the_same_suit_twice_and_playing_on_a_suit_passed() -> None:
    d = deal(top=["9S", "TS"])
    say(d, "turn", "pass", "pass", "pass", "pass", "turn")
    spades = d.rules.suits.index("S")
    assert [d.rules.suit_of[c] for _, c in d.turned] == [spades, spades]
    say(d, "play")  # seat 0 passed on spades, and now plays on spades
    assert d.homme == 0 and d.trump == spades and d.phase == PLAY


# -- the kings -----------------------------------------------------------------------------


@pytest.mark.clause("auv.king.turned")
def test_a_turned_king_scores_the_turner_at_once() -> None:
    d = deal(top=["KS"])
    say(d, "leave", "turn")
    assert d.ledger == [Entry(SHEET, 1, 1, "auv.king.turned", 0, d.rules.card("KS"))]
    assert d.phase == SPEECH  # before anyone has spoken


@pytest.mark.clause("auv.king.turned")
def test_turner_dealer_a_turned_king_scores_the_dealer() -> None:
    d = deal(rules(turner="dealer"), top=["KS"])
    assert king_entries(d) == [(SHEET, 3, "auv.king.turned", "KS")]


@pytest.mark.clause("auv.king.held", "auv.king.show")
def test_a_held_king_shown_when_its_holder_has_the_word_scores() -> None:
    d = deal(top=["7H"])  # seat 1 holds KH
    say(d, "turn", "pass")
    assert d.to_act == 1 and SHOW in d.legal_words()
    say(d, "show")
    assert king_entries(d) == [(SHEET, 1, "auv.king.held", "KH")]
    assert d.to_act == 1 and d.legal_words() == [SAY_PLAY, PASS]  # he still speaks, and shows once
    say(d, "pass")
    assert d.to_act == 2


@pytest.mark.clause("auv.king.show")
def test_a_king_is_shown_after_an_earlier_player_says_play() -> None:
    d = deal(top=["7H"])
    say(d, "turn", "play")
    assert d.homme == 0 and d.phase == SHOWING and d.to_act == 1
    assert d.legal_words() == [SHOW, PASS]
    say(d, "show")
    assert king_entries(d) == [(SHEET, 1, "auv.king.held", "KH")]
    assert d.phase == PLAY and d.to_act == 0


@pytest.mark.clause("auv.king.show")
def test_a_king_left_unshown_after_the_homme_is_named_does_not_score() -> None:
    d = deal(top=["7H"])
    say(d, "turn", "play", "pass")
    assert d.phase == PLAY and king_entries(d) == []


@pytest.mark.clause("auv.king.show")
def test_a_holder_before_the_homme_who_did_not_show_is_not_asked_again() -> None:
    hands = [HANDS[1], HANDS[0], HANDS[2], HANDS[3]]  # seat 0 holds KH
    d = deal(hands=hands, top=["7H"])
    say(d, "turn", "pass", "play")
    assert d.phase == PLAY and king_entries(d) == []


@pytest.mark.clause("auv.king.show")
def test_an_unshown_king_cannot_be_shown_in_a_later_round_unless_its_suit_comes_again() -> None:
    d = deal(top=["7H", "7D", "8H"])
    say(d, "turn", "pass", "pass", "pass", "pass")  # seat 1 passes without showing KH
    say(d, "turn", "pass")  # diamonds: seat 2 holds KD, seat 1 has nothing to show
    assert d.to_act == 1 and SHOW not in d.legal_words()
    refused(d, "show", "no-king-to-show")
    say(d, "pass", "pass", "pass")
    assert king_entries(d) == []
    say(d, "turn", "pass")  # hearts again: KH may be shown now
    assert d.to_act == 1 and SHOW in d.legal_words()
    say(d, "show")
    assert king_entries(d) == [(SHEET, 1, "auv.king.held", "KH")]


@pytest.mark.clause("auv.king.show")
def test_king_showing_automatic_the_held_king_scores_without_a_word() -> None:
    d = deal(rules(king_showing="automatic"), top=["7H"])
    say(d, "turn")
    assert king_entries(d) == [(SHEET, 1, "auv.king.held", "KH")]
    say(d, "pass")
    assert d.to_act == 1 and d.legal_words() == [SAY_PLAY, PASS]
    # the holder's king scored when its suit was turned: he holds no king still to score
    # (docs/errors.md, no-king-to-show), and nor does a player without it
    refused(d, "show", "no-king-to-show")
    say(d, "pass")
    refused(d, "show", "no-king-to-show")


@pytest.mark.clause("auv.king.show")
def test_king_showing_automatic_nobody_is_asked_to_show_after_the_homme_is_named() -> None:
    d = deal(rules(king_showing="automatic"), top=["7H"])
    say(d, "turn", "play")
    assert d.phase == PLAY and d.to_act == 0
    assert king_entries(d) == [(SHEET, 1, "auv.king.held", "KH")]


@pytest.mark.clause("auv.king.held")
def test_two_kings_for_one_player_over_rejouissances() -> None:
    hands = [["QS", "JS", "AS", "TH", "9D"], ["KH", "KD", "8S", "7C", "TD"],
             ["QH", "JH", "9H", "AC", "8C"], ["KC", "QC", "JC", "7S", "8D"]]
    d = deal(hands=hands, top=["7H", "7D"])
    say(d, "turn", "pass", "show", "pass", "pass", "pass")
    say(d, "turn", "pass", "show")
    assert king_entries(d) == [(SHEET, 1, "auv.king.held", "KH"), (SHEET, 1, "auv.king.held", "KD")]
    assert d.marks_now() is None and balances(d.ledger, 4) == [0, 2, 0, 0]


@pytest.mark.clause("auv.king.held")
def test_king_scoring_trump_and_others_the_other_kings_in_hand_score_too() -> None:
    hands = [["QS", "JS", "AS", "TH", "9D"], ["KH", "KD", "KC", "7C", "TD"],
             ["QH", "JH", "9H", "AC", "8C"], ["8S", "QC", "JC", "7S", "8D"]]
    d = deal(rules(king_scoring="trump-and-others"), hands=hands, top=["7H", "7D"])
    say(d, "turn", "pass", "show")
    assert sorted(k for *_, k in king_entries(d)) == ["KC", "KD", "KH"]
    assert balances(d.ledger, 4) == [0, 3, 0, 0]
    say(d, "pass", "pass", "pass")
    say(d, "turn", "pass")  # diamonds: KD has scored already, there is nothing more to show
    assert SHOW not in d.legal_words()


@pytest.mark.clause("auv.king.held")
def test_king_scoring_turned_suit_other_kings_in_hand_do_not_score() -> None:
    hands = [["QS", "JS", "AS", "TH", "9D"], ["KH", "KD", "KC", "7C", "TD"],
             ["QH", "JH", "9H", "AC", "8C"], ["8S", "QC", "JC", "7S", "8D"]]
    d = deal(hands=hands, top=["7H"])
    say(d, "turn", "pass", "show")
    assert king_entries(d) == [(SHEET, 1, "auv.king.held", "KH")]


@pytest.mark.clause("auv.king.held", "auv.king.turned")
def test_king_scoring_trump_only_only_the_trump_king_of_a_played_deal() -> None:
    r = rules(king_scoring="trump-only")
    d = deal(r, top=["7H", "7D"])
    say(d, "turn", "pass", "show")  # KH shown, but hearts will not be trump
    assert king_entries(d) == []
    say(d, "pass", "pass", "pass", "turn", "pass", "pass", "show")  # seat 2 shows KD, diamonds stay trump
    assert king_entries(d) == []
    say(d, "play")
    assert d.phase == PLAY and d.homme == 2
    assert king_entries(d) == [(SHEET, 2, "auv.king.held", "KD")]


@pytest.mark.clause("auv.king.turned")
def test_king_scoring_trump_only_a_turned_king_scores_only_once_played_on() -> None:
    r = rules(king_scoring="trump-only")
    d = deal(r, top=["KS"])
    say(d, "leave", "turn")
    assert d.ledger == []
    say(d, "play")
    assert king_entries(d) == [(SHEET, 1, "auv.king.turned", "KS")]
    # not played on: the turned king scores nothing
    d = deal(r, top=["KS", "7D"])
    say(d, "turn", "pass", "pass", "pass", "pass", "turn", "play")
    assert d.phase == SHOWING and d.to_act == 2  # seat 2 holds KD, the trump king
    say(d, "pass")
    assert d.phase == PLAY and king_entries(d) == []  # KS was turned, but spades are not trump


@pytest.mark.clause("auv.king.turned")
def test_king_scoring_trump_only_a_king_turned_earlier_scores_for_nobody_when_its_suit_comes_back() -> None:
    """Only the last round's trump king scores (AMB-50, option trump-only): a trump king turned
    in an earlier round was neither turned as the last card nor shown in the last round."""
    r = rules(king_scoring="trump-only")
    d = deal(r, top=["KS", "9S"])
    say(d, "turn", "pass", "pass", "pass", "pass")  # seat 0 turns KS; all pass
    say(d, "leave", "turn", "play")  # seat 1 turns 9S: spades again, and seat 0 plays on them
    assert d.phase == PLAY and d.trump == r.suits.index("S") and king_entries(d) == []
    d = deal(r, top=["9S", "KS"])  # the trump king turned as the last card scores for its turner
    say(d, "turn", "pass", "pass", "pass", "pass")
    say(d, "leave", "turn", "play")
    assert d.phase == PLAY and king_entries(d) == [(SHEET, 1, "auv.king.turned", "KS")]


@pytest.mark.clause("auv.king.once")
def test_kings_scored_in_a_deal_not_played_stay() -> None:
    d = deal(top=["KS", "7H", "7D", "TC"])
    say(d, "turn", "pass", "pass", "pass", "pass")  # seat 0 turns KS
    say(d, "turn", "pass", "show", "pass", "pass", "pass")  # hearts: seat 1 shows KH
    say(d, "turn", "pass", "pass", "show", "pass", "pass")  # diamonds: seat 2 shows KD
    say(d, "turn", "pass", "pass", "pass", "show", "pass")  # clubs: seat 3 shows KC; all passed
    assert d.ended == ALL_PASSED
    assert balances(d.ledger, 4) == [1, 1, 1, 1]  # four kings of four suits turned
    d = deal(top=["KS", "7H"])
    say(d, "turn", "pass", "pass", "pass", "pass", "leave", "leave", "leave", "leave")
    assert d.ended == NOT_TURNED and balances(d.ledger, 4) == [1, 0, 0, 0]


@pytest.mark.clause("auv.king.once")
def test_a_king_scores_only_once_when_its_suit_comes_again() -> None:
    d = deal(top=["7H", "8H"])
    say(d, "turn", "pass", "show", "pass", "pass", "pass", "turn", "pass")
    assert d.to_act == 1 and SHOW not in d.legal_words()
    refused(d, "show", "no-king-to-show")
    assert king_entries(d) == [(SHEET, 1, "auv.king.held", "KH")]


# A deal where seat 1's KH scores in the first round, spades is trump after a réjouissance,
# seat 0 (the homme) leads AH, seat 1 must give KH and seat 2, void in hearts, ruffs it.
TAKEN = [["AH", "TH", "9D", "8D", "7D"],
         ["KH", "8S", "QC", "JC", "TC"],
         ["9S", "JS", "QD", "JD", "TD"],
         ["8H", "9H", "AC", "9C", "8C"]]


def taken_deal(r: Rules | None = None, marks: Sequence[int] | None = None) -> PhaseDeal:
    d = deal(r, hands=TAKEN, top=["7H", "7S"], marks=marks)
    say(d, "turn", "pass", "show", "pass", "pass", "pass", "turn", "play")
    assert d.phase == PLAY and d.homme == 0
    return d


@pytest.mark.clause("auv.king.taken")
def test_a_scored_king_taken_moves_its_point_to_the_taker() -> None:
    d = taken_deal()
    assert d.legal_cards() == d.hands[0]
    say(d, "AH", "KH", "9S", "8H")
    assert d.tricks[-1][2] == 2
    assert king_entries(d)[-1] == (1, 2, "auv.king.taken", "KH")
    assert balances(d.ledger, 4) == [0, 0, 1, 0]


@pytest.mark.clause("auv.king.taken")
def test_taken_king_owner_pays_costs_the_owner_and_earns_nobody() -> None:
    d = taken_deal(rules(taken_king="owner-pays"))
    say(d, "AH", "KH", "9S", "8H")
    assert king_entries(d)[-1] == (1, SHEET, "auv.king.taken", "KH")
    assert balances(d.ledger, 4) == [0, 0, 0, 0]


@pytest.mark.clause("auv.king.taken")
def test_a_king_that_did_not_score_moves_nothing() -> None:
    d = deal(hands=TAKEN, top=["7S"])
    say(d, "turn", "play")  # KH never scored
    say(d, "AH", "KH", "9S", "8H")
    assert d.tricks[-1][2] == 2
    assert king_entries(d) == [] and balances(d.ledger, 4) == [0, 0, 0, 0]


# -- the play -----------------------------------------------------------------------------

# Spades trump (9S turned by seat 0, who plays); no king of spades in hand.
FOLLOW = [["AD", "QD", "JD", "TH", "9H"],
          ["QS", "JS", "AH", "8H", "7H"],
          ["7S", "8S", "KH", "QH", "JH"],
          ["KC", "QC", "JC", "TC", "9C"]]


def follow_deal() -> PhaseDeal:
    d = deal(hands=FOLLOW, top=["9S"])
    say(d, "turn", "play")
    assert d.phase == PLAY and d.trump == d.rules.suits.index("S")
    return d


@pytest.mark.clause("auv.play.lead")
def test_the_dealers_right_leads_and_the_winner_leads_next() -> None:
    d = follow_deal()
    assert d.to_act == 0 and d.legal_cards() == d.hands[0]
    say(d, "AD", "QS", "7S", "9C")
    assert d.tricks[0][2] == 1 and d.to_act == 1 and d.leader == 1


@pytest.mark.clause("auv.play.follow")
def test_a_player_must_follow_the_suit_led() -> None:
    d = follow_deal()
    say(d, "TH")
    r = d.rules
    assert named(d.legal_cards(), r) == {"AH", "8H", "7H"}
    refused(d, "QS", "must-follow-suit")  # a trump, while holding hearts
    say(d, "8H")
    assert named(d.legal_cards(), r) == {"KH", "QH", "JH"}


@pytest.mark.clause("auv.play.follow")
def test_trump_may_be_led_and_must_be_followed() -> None:
    d = follow_deal()
    say(d, "AD", "QS", "7S", "9C")  # seat 1 wins and leads
    say(d, "JS")
    r = d.rules
    assert named(d.legal_cards(), r) == {"8S"}  # seat 2 holds one more trump
    refused(d, "KH", "must-follow-suit")
    say(d, "8S")
    assert named(d.legal_cards(), r) == {"KC", "QC", "JC", "TC"}  # seat 3: no trump, any card


@pytest.mark.clause("auv.play.trump-if-void")
def test_void_in_the_suit_led_must_trump() -> None:
    d = follow_deal()
    say(d, "AD")
    assert named(d.legal_cards(), d.rules) == {"QS", "JS"}
    refused(d, "AH", "must-trump")


@pytest.mark.clause("auv.play.trump-if-void")
def test_after_a_ruff_a_void_player_must_trump_but_need_not_overtrump() -> None:
    d = follow_deal()
    say(d, "AD", "QS")
    assert named(d.legal_cards(), d.rules) == {"7S", "8S"}  # neither beats the queen; both allowed
    refused(d, "KH", "must-trump")
    say(d, "7S")
    assert named(d.legal_cards(), d.rules) == {"KC", "QC", "JC", "TC", "9C"}  # void of both: any card


@pytest.mark.clause("auv.play.trick-winner")
def test_the_highest_trump_else_the_highest_of_the_suit_led_wins() -> None:
    d = follow_deal()
    say(d, "AD", "QS", "7S", "9C")
    assert d.tricks[0][2] == 1  # QS the highest trump
    r = d.rules
    spades = r.suits.index("S")
    assert beats(r, r.card("JH"), r.card("AH"), spades)  # the jack above the ace
    assert not beats(r, r.card("KC"), r.card("7H"), spades)  # an off-suit card does not win
    assert beats(r, r.card("7S"), r.card("KH"), spades)


@pytest.mark.clause("auv.play.trick-winner")
def test_without_a_trump_the_highest_of_the_suit_led_wins() -> None:
    d = follow_deal()
    say(d, "AD", "QS", "7S", "9C")
    say(d, "AH", "KH", "KC")  # seat 3 void in hearts and in trumps: any card
    say(d, "TH")
    assert d.tricks[1][2] == 2  # KH


# -- the count ----------------------------------------------------------------------------


@pytest.mark.clause("auv.count.homme-wins")
@pytest.mark.parametrize("winners, deal_won_by", [
    ([0, 1, 0, 2, 0], 0),  # three tricks win
    ([1, 1, 1, 0, 0], 1),  # three tricks win, even taken first
    ([0, 1, 0, 1, 2], 0),  # 2-2-1: seat 0 reached two first
    ([1, 0, 1, 0, 2], 1),  # 2-2-1: seat 1 reached two first
    ([2, 0, 3, 0, 2], 0),  # 2-2-1 with the single trick elsewhere
])
def test_most_tricks_ties_to_the_first_to_reach_the_number(winners: list[int], deal_won_by: int) -> None:
    assert deal_winner(4, winners) == deal_won_by


@pytest.mark.clause("auv.count.homme-wins")
def test_five_players_one_trick_each_the_first_trick_wins() -> None:
    assert deal_winner(5, [3, 0, 1, 2, 4]) == 3
    r = rules(form="five")
    assert homme_entries(r, 3, [3, 0, 1, 2, 4]) == [Entry(SHEET, 3, 1, "auv.count.won", 5)]
    assert homme_entries(r, 0, [3, 0, 1, 2, 4])[0] == Entry(0, SHEET, 1, "auv.count.lost", 5)


@pytest.mark.clause("auv.count.homme-wins", "auv.count.lost")
@pytest.mark.parametrize("winners", [
    [1, 1, 2, 3, 1],  # no trick
    [0, 1, 1, 2, 2],  # one trick
    [1, 0, 1, 0, 2],  # two, reached after seat 1 reached two
])
def test_a_homme_with_no_trick_one_trick_or_two_reached_second_loses(winners: list[int]) -> None:
    r = rules()
    entries = homme_entries(r, 0, winners)
    assert entries[0] == Entry(0, SHEET, 1, "auv.count.lost", 5)


@pytest.mark.clause("auv.count.won")
def test_the_homme_who_wins_scores_one() -> None:
    assert homme_entries(rules(), 2, [2, 0, 2, 1, 2]) == [Entry(SHEET, 2, 1, "auv.count.won", 5)]


@pytest.mark.clause("auv.count.lost")
def test_loser_pays_each_opponent_the_homme_loses_one_and_each_opponent_scores() -> None:
    entries = homme_entries(rules(), 0, [1, 1, 1, 2, 0])
    assert balances(entries, 4) == [-1, 1, 1, 1]


@pytest.mark.clause("auv.count.lost")
def test_loser_pays_the_winner_only_the_deals_winner_scores() -> None:
    entries = homme_entries(rules(loser_pays="the-winner"), 0, [1, 2, 1, 2, 3])
    assert balances(entries, 4) == [-1, 1, 0, 0]  # seat 1 reached two first


# Spades trump; seat 1 holds every high spade and takes all five tricks against the homme.
SWEEP = [["7S", "8C", "8D", "8H", "7C"],
         ["KS", "QS", "JS", "AS", "TS"],
         ["KC", "QC", "JC", "AC", "TC"],
         ["KD", "QD", "JD", "AD", "TD"]]


@pytest.mark.clause("auv.count.lost", "auv.king.taken", "auv.king.show")
def test_a_deal_played_out_the_homme_loses_to_a_sweep() -> None:
    d = deal(hands=SWEEP, top=["9S"])
    say(d, "turn", "play", "show")  # seat 1 shows KS after seat 0 says play
    say(d, "7S", "TS", "TC", "TD")
    say(d, "AS", "AC", "AD", "7C")
    say(d, "JS", "JC", "JD", "8C")
    say(d, "QS", "QC", "QD", "8D")
    say(d, "KS", "KC", "KD", "8H")
    assert d.is_over and d.ended == PLAYED
    assert [w for *_, w in d.tricks] == [1, 1, 1, 1, 1]
    # KS won by its owner, KC and KD never scored: no king moves
    assert [c for *_, c in king_entries(d)] == ["KS"]
    assert balances(d.ledger, 4) == [-1, 2, 1, 1]
    assert d.winners() == [1]


@pytest.mark.clause("auv.count.won")
def test_a_deal_played_out_the_homme_wins() -> None:
    hands = [SWEEP[1], SWEEP[0], SWEEP[2], SWEEP[3]]  # seat 0 holds the high spades
    d = deal(hands=hands, top=["9S"])
    say(d, "turn", "show", "play")
    for led, *rest in [("TS", "7S", "TC", "TD"), ("AS", "7C", "AC", "AD"), ("JS", "8C", "JC", "JD"),
                       ("QS", "8D", "QC", "QD"), ("KS", "8H", "KC", "KD")]:
        say(d, led, *rest)
    assert d.ended == PLAYED and balances(d.ledger, 4) == [2, 0, 0, 0]
    assert [e.clause for e in d.ledger] == ["auv.king.held", "auv.count.won"]


@pytest.mark.clause("auv.count.debt")
def test_debts_owed_a_point_lost_without_points_is_owed_and_paid_back() -> None:
    r = rules()
    lost = homme_entries(r, 0, [1, 1, 1, 2, 0])
    after = marks_after(r, [0, 0, 0, 0], lost)
    assert after == [-1, 1, 1, 1]
    won = homme_entries(r, 0, [0, 0, 0, 1, 2])
    assert marks_after(r, after, won) == [0, 1, 1, 1]  # his first point pays the debt


@pytest.mark.clause("auv.count.debt")
def test_debts_forgiven_a_point_lost_without_points_is_not_marked() -> None:
    r = rules(debts="forgiven")
    after = marks_after(r, [0, 0, 0, 0], homme_entries(r, 0, [1, 1, 1, 2, 0]))
    assert after == [0, 1, 1, 1]
    assert marks_after(r, after, homme_entries(r, 0, [0, 0, 0, 1, 2])) == [1, 1, 1, 1]
    assert marks_after(r, [2, 0, 0, 0], [Entry(0, SHEET, 1, "auv.count.lost", 5)]) == [1, 0, 0, 0]


# -- the game to a number of marks ----------------------------------------------------------


@pytest.mark.clause("auv.match.target")
def test_a_turned_king_reaching_five_ends_the_game_at_once() -> None:
    d = deal(top=["KS"], marks=[0, 4, 0, 0])
    say(d, "leave", "turn")
    assert d.is_over and d.ended == TARGET and d.homme is None
    assert d.marks_now() == [0, 5, 0, 0] and d.winners_of_game() == [1]
    refused(d, "pass", "deal-over")


@pytest.mark.clause("auv.match.target")
def test_a_shown_king_reaching_five_ends_the_game_in_the_speech() -> None:
    d = deal(top=["7H"], marks=[0, 4, 0, 0])
    say(d, "turn", "pass", "show")
    assert d.ended == TARGET and d.winners_of_game() == [1]


@pytest.mark.clause("auv.match.target")
def test_a_king_taken_in_play_reaching_five_ends_the_game_mid_deal() -> None:
    d = taken_deal(marks=[0, 0, 4, 0])
    say(d, "AH", "KH", "9S", "8H")
    assert d.ended == TARGET and d.marks_now() == [0, 0, 5, 0] and len(d.tricks) == 1


@pytest.mark.clause("auv.match.target", "auv.king.turned", "auv.turn.offer")
def test_turner_dealer_a_king_turned_at_the_start_reaching_the_target_ends_the_game() -> None:
    d = deal(rules(turner="dealer"), top=["KS"], marks=[0, 0, 0, 4])
    assert d.marks_now() == [0, 0, 0, 5] and d.winners_of_game() == [3]
    assert d.is_over and d.ended == TARGET


@pytest.mark.clause("auv.match.target")
@pytest.mark.parametrize("target, over", [(5, True), (7, False)])
def test_target_five_or_seven(target: int, over: bool) -> None:
    d = deal(rules(target=target), top=["KS"], marks=[4, 0, 0, 0])
    say(d, "turn")
    assert d.is_over is over
    assert d.winners_of_game() == ([0] if over else None)
    if not over:
        d = deal(rules(target=target), top=["KS"], marks=[6, 0, 0, 0])
        say(d, "turn")
        assert d.ended == TARGET


@pytest.mark.clause("auv.match.target")
@pytest.mark.parametrize("target", [1, 3, 9, 99])
def test_any_agreed_target_from_1_to_99(target: int) -> None:
    """Any whole number from 1 to 99 may be agreed (a choice of the register): a player one
    point short reaches it with a king turned, one two points short does not."""
    d = deal(rules(target=target), top=["KS"], marks=[target - 1, 0, 0, 0])
    say(d, "turn")
    assert d.ended == TARGET and d.winners_of_game() == [0]
    if target > 1:
        d = deal(rules(target=target), top=["KS"], marks=[target - 2, 0, 0, 0])
        say(d, "turn")
        assert not d.is_over and d.winners_of_game() is None


@pytest.mark.parametrize("value", [0, 100, -3, True, "9", 2.5])
def test_a_target_out_of_range_is_refused_in_one_line(value: Any) -> None:
    with pytest.raises(ParameterError) as err:
        Rules.load(AUV, target=value)
    assert str(err.value) == f"parameter target={value!r} is not a whole number from 1 to 99"


@pytest.mark.clause("auv.match.target")
def test_target_tie_play_on_nobody_wins_two_at_five_together() -> None:
    r = rules()
    assert marks_winners(r, marks_after(r, [0, 4, 4, 0], homme_entries(r, 0, [1, 1, 1, 2, 0]))) is None
    assert marks_winners(r, [0, 6, 5, 5]) == [1]


@pytest.mark.clause("auv.match.target")
def test_target_tie_shared_the_players_level_at_the_target_win_together() -> None:
    r = rules(target_tie="shared")
    assert marks_winners(r, marks_after(r, [0, 4, 4, 0], homme_entries(r, 0, [1, 1, 1, 2, 0]))) == [1, 2]


@pytest.mark.clause("auv.match.target")
def test_target_tie_in_a_deal_played_out() -> None:
    for tie, winners in [("play-on", None), ("shared", [1, 2])]:
        d = deal(rules(target_tie=tie), hands=SWEEP, top=["9S"], marks=[0, 4, 4, 0])
        say(d, "turn", "play", "pass")  # seat 1 leaves KS unshown
        say(d, "7S", "TS", "TC", "TD", "AS", "AC", "AD", "7C", "JS", "JC", "JD", "8C")
        say(d, "QS", "QC", "QD", "8D", "KS", "KC", "KD", "8H")
        assert d.is_over and d.marks_now() == [-1, 5, 5, 1]
        assert d.winners_of_game() == winners


@pytest.mark.clause("auv.match.next-dealer")
def test_the_deal_passes_to_the_right_played_or_not() -> None:
    r = rules()
    assert [next_offset(r, o) for o in range(4)] == [1, 2, 3, 0]
    assert next_offset(rules(form="three"), 2) == 0


@pytest.mark.clause("auv.stakes.pool")
def test_no_pool_per_deal_the_game_has_one_winner() -> None:
    r = rules()
    assert pool_entries(r) == []  # the stake is put up once, for the game, not per deal
    assert marks_winners(r, [5, 3, 2, 0]) == [0]


# -- information ----------------------------------------------------------------------------


@pytest.mark.clause("auv.info.turned")
def test_turned_cards_words_and_kings_shown_are_recorded_in_the_open() -> None:
    d = deal(top=["7H", "7D"])
    say(d, "turn", "pass", "show", "pass", "pass", "pass", "leave", "turn")
    r = d.rules
    assert [(e.kind, e.seat, r.card_text(e.card)) for e in d.events] == [
        ("turn", 0, "7H"), ("show", 1, "KH"), ("turn", 1, "7D")]
    assert [WORDS[w] for _, w in d.words] == ["turn", "pass", "show", "pass", "pass", "pass", "leave", "turn"]


@pytest.mark.clause("auv.info.own-hand")
def test_the_talon_below_the_turned_cards_is_never_in_an_event() -> None:
    d = deal(top=["7H", "7D"])
    say(d, "turn", "pass", "show", "pass", "pass", "pass", "leave", "turn")
    public = {e.card for e in d.events}
    assert not public & set(d.stock)


@pytest.mark.clause("auv.info.own-hand", "auv.deal.talon")
def test_the_view_shows_no_turned_card_before_any_is_turned() -> None:
    d = deal(top=["7H"])
    seen = view(d, 0)
    assert "turnup" not in seen and seen["phase"] == "turn-offer" and seen["trump"] is None and seen["turned"] == []


# -- refusals leave the deal as it was -------------------------------------------------------


@pytest.mark.clause("auv.speech.round")
def test_a_card_before_the_homme_is_named_is_refused() -> None:
    d = deal(top=["7H"])
    refused(d, "QS", "cards-not-yet")
    say(d, "turn")
    refused(d, "QS", "cards-not-yet")
    say(d, "play")
    refused(d, "KH", "cards-not-yet")  # seat 1 is asked to show, not to play a card


@pytest.mark.clause("auv.turn.offer", "auv.speech.round")
def test_a_word_at_the_wrong_moment_is_refused() -> None:
    d = deal(top=["9S"])
    refused(d, "play", "word-not-now")
    refused(d, "pass", "word-not-now")
    say(d, "turn")
    refused(d, "turn", "word-not-now")
    refused(d, "leave", "word-not-now")
    say(d, "play")
    refused(d, "pass", "word-not-now")
    refused(d, "play", "word-not-now")


@pytest.mark.clause("auv.king.show")
def test_show_with_nothing_to_show_is_refused() -> None:
    d = deal(top=["7H"])
    refused(d, "show", "word-not-now")  # in the turn-offer
    say(d, "turn")
    refused(d, "show", "no-king-to-show")  # seat 0 holds no KH


@pytest.mark.clause("auv.turn.offer", "auv.speech.round", "auv.king.show")
def test_the_phases_in_order() -> None:
    d = deal(top=["7H"])
    phases = [d.phase]
    say(d, "turn")
    phases.append(d.phase)
    say(d, "play")
    phases.append(d.phase)
    say(d, "show")
    phases.append(d.phase)
    assert phases == [TURN_OFFER, SPEECH, SHOWING, PLAY] and DONE not in phases


@pytest.mark.clause("auv.king.turned")
@pytest.mark.skipif(is_compiled(), reason="monkeypatch cannot replace a function inside a compiled module")
def test_the_kings_fact_catches_an_earlier_trump_king_scored(monkeypatch: pytest.MonkeyPatch) -> None:
    """brou.prove's built trump-only deals refute an engine that scores a trump king turned in
    an earlier round for its turner (the reading AMB-50's option trump-only excludes)."""
    homme_d_auvergne = pytest.importorskip("brou.prove.homme_d_auvergne")
    import brou.engine.phases as phases_mod
    import brou.laws.kings as kings_mod

    assert homme_d_auvergne._auv_earlier_trump_king() is None

    def any_round(rules: Rules, turned: Sequence[tuple[int, int]], shown: dict[int, int], trump: int) -> list[Entry]:
        king = kings_mod.king_of(rules, trump)
        seat = next((s for s, c in turned if c == king), None)
        return [Entry(SHEET, seat, 1, "auv.king.turned", 0, king)] if seat is not None else []

    monkeypatch.setattr(phases_mod, "trump_king_entries", any_round)
    found = homme_d_auvergne._auv_earlier_trump_king()
    assert found is not None and "cards turned KH 7D 8H: engine 1 kings, encoding 0" in found


def test_each_word_constant_is_the_index_of_its_word() -> None:
    from brou.laws import speech

    assert [speech.WORDS[i] for i in (speech.TURN, speech.LEAVE, speech.PLAY, speech.PASS, speech.SHOW)] == list(speech.WORDS)

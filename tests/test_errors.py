"""Every documented error code is reachable, documented, and leaves the state unchanged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from brou import ACTION_CODES, HommeDeal, IllegalAction
from brou.cards.deal import deal_from_cards
from brou.engine.deals import new_deal
from brou.engine.phases import PhaseDeal
from brou.laws.game import GameContext
from brou.laws.talon import talon_deal_from_cards
from brou.spec.rules import Rules
from helpers import deal, load, play

DOC = (Path(__file__).parents[1] / "docs" / "errors.md").read_text(encoding="utf-8")

HANDS = ["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"]
# Brouc, clubs trump (turn-up AC). A: seat 1 is void in diamonds, seat 2 void in diamonds with only low trumps.
RUFF = ["AS KS 7S AH KH QH 7D 8D", "TS QS 9S TH JH 9H TC 8C", "JS 8S 8H 7H 7C 9C JC QC", "AD KD QD JD TD 9D AC KC"]
# B: seat 0 can lead a trump; seat 1 holds a higher and a lower trump.
TRUMP_LEAD = ["AS KS 7S AH KH QH 7D 8C", "TS QS 9S TH JH 9H TC 7C", "JS 8S 8H 7H 9C JC QC 8D", "AD KD QD JD TD 9D AC KC"]


def brouc_state() -> HommeDeal:
    return deal(load("brouc"), HANDS, "7C")


def hdb_state() -> HommeDeal:
    return deal(load("homme-de-brou-1802"), HANDS, "7C")


def in_game(name: str, scores: tuple[int, int], **params: object) -> HommeDeal:
    rules = load(name, **params)
    return HommeDeal(rules, deal_from_cards(rules, [h.split() for h in HANDS], "7C"), GameContext(scores))


MARRIAGE = ["KS 8S KH TH KD JD 9D 7D", "QS TS QH 8H AD TD QD 8D", "JS 9S JH 7H KC JC 9C 7C", "AS 7S AH 9H AC TC QC 8C"]


def marking(value: str) -> HommeDeal:
    return deal(load("brouc", table_marking=value), MARRIAGE, "9H")


# L'Homme d'Auvergne, four players: the talon turns the seven of hearts first; seat 1 holds no
# king of hearts and no spade, and a trump
AUV_HANDS = ["AS KS QS JS TS", "9H 8D 7D 7C 8C", "9S 8S 7S AD TD", "QH JH TH AC KC"]
AUV_TALON = ["7H", "AH", "KD", "QD", "JD", "9D", "QC", "JC", "TC", "9C", "KH", "8H"]


def auvergne(*actions: str) -> PhaseDeal:
    rules = Rules.load("homme-d-auvergne")
    state = PhaseDeal(rules, talon_deal_from_cards(rules, [h.split() for h in AUV_HANDS], AUV_TALON, None))
    for action in actions:
        state.apply_text(action)
    return state


# L'Hombre: seat 0 holds both black matadors and strong hearts; seat 1 neither black ace
HOM_HANDS = ["AS AC 7H AH KH QH JH KD KC", "KS QS JS 7S 6S QD JD AD 2D", "5S 4S 3S 2S 2H 3H 4H QC JC"]
HOM_TALON = ["5H", "6H", "7D", "6D", "5D", "4D", "3D", "7C", "6C", "5C", "4C", "3C", "2C"]


def hombre(*actions: str) -> PhaseDeal:
    rules = Rules.load("hombre")
    state = new_deal(rules, talon_deal_from_cards(rules, [h.split() for h in HOM_HANDS], HOM_TALON, None))
    for action in actions:
        state.apply_text(action)
    return state


def concession_asked() -> HommeDeal:
    # seat 3 trumps the first trick: team 1 holds 280 + 33, every trick so far; team 0 is asked first
    return play(in_game("homme-de-brou-1802", (0, 280)), "AS AH AD 7C pass pass")


CASES: dict[str, tuple[Callable[[], PhaseDeal], str, int | None]] = {
    # code: (state builder, action text, seat)
    "malformed-action": (brouc_state, "play AS", None),
    "unknown-card": (brouc_state, "1S", None),
    "wrong-seat": (brouc_state, "AS", 2),
    "not-in-hand": (brouc_state, "AH", None),
    "must-follow-suit": (lambda: play(deal(load("brouc"), RUFF, "AC"), "AS"), "TH", None),
    "must-overtrump": (lambda: play(deal(load("brouc"), TRUMP_LEAD, "AC"), "8C"), "7C", None),
    "no-undertrump": (lambda: play(deal(load("brouc"), RUFF, "AC"), "7D TC"), "7C", None),
    "play-in-window": (lambda: play(hdb_state(), "AS AH AD 7C"), "KC", None),
    "announce-not-now": (hdb_state, "announce KQS", None),
    "announce-needs-trick": (brouc_state, "announce KQS", None),
    "marriage-not-held": (lambda: play(hdb_state(), "AS AH AD 7C"), "announce KQH", None),
    "marriage-reused": (lambda: play(brouc_state(), "AS AH AD 7C announce KQC"), "announce KQC", None),
    "pass-not-allowed": (brouc_state, "pass", None),
    "not-in-a-game": (brouc_state, "claim", None),
    "claim-not-now": (lambda: play(in_game("brouc", (0, 0), claim_moment="between-tricks"), "AS"), "claim", None),
    "declaration-not-allowed": (lambda: in_game("brouc", (0, 0)), "declare", None),
    "concession-not-open": (lambda: in_game("homme-de-brou-1802", (0, 0)), "concede", None),
    "concession-pending": (concession_asked, "KS", None),
    "no-concession": (lambda: in_game("homme-de-brou-1802", (0, 0)), "accept", None),
    "dehors-round": (lambda: in_game("brouc", (0, 310), dehors_above_300="before-first-card"), "AH", None),
    # table_marking=players: the king and queen of spades fall in the first trick, which seat 0 wins
    "mark-pending": (lambda: play(marking("players"), "KS QS 9S 7S"), "KH", None),
    "marked-by-engine": (lambda: play(marking("engine"), "KS QS 9S 7S"), "mark", None),
    "nothing-to-mark": (lambda: marking("players"), "mark", None),
    "cards-not-yet": (auvergne, "AS", None),
    "word-not-now": (auvergne, "play", None),
    "no-king-to-show": (lambda: auvergne("turn"), "show", None),
    "must-trump": (lambda: auvergne("turn", "play", "AS"), "8D", None),
    "bid-too-low": (lambda: hombre("tourne"), "tourne", None),
    "cannot-name": (lambda: hombre("pass"), "grand-tourne", None),
    "too-few-discards": (lambda: hombre("tourne", "pass", "pass", "KD"), "draw", None),
    "too-many-discards": (lambda: hombre("demande", "pass", "pass", "demande", "trump H", *HOM_HANDS[0].split(), "draw",
                                         "KS", "QS", "JS", "7S"), "6S", None),
}


def test_every_code_has_a_case_and_a_doc_entry() -> None:
    assert set(CASES) | {"deal-over"} == set(ACTION_CODES)
    for code in ACTION_CODES:
        assert f"`{code}`" in DOC, f"{code} is not documented in docs/errors.md"


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_is_raised_and_state_unchanged(code: str) -> None:
    build, text, seat = CASES[code]
    state = build()
    before = (state.record(), state.to_act, state.phase, state.legal_actions(), list(state.hands))
    with pytest.raises(IllegalAction) as caught:
        state.apply_text(text, seat)
    assert caught.value.code == code, caught.value
    assert "\n" not in str(caught.value)
    assert (state.record(), state.to_act, state.phase, state.legal_actions(), list(state.hands)) == before


def test_deal_over() -> None:
    state = brouc_state()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction) as caught:
        state.apply_text("AS")
    assert caught.value.code == "deal-over"


def test_action_ids_out_of_range() -> None:
    state = brouc_state()
    for action in (-1, state.rules.pass_action + 8):  # the six game actions, then mark, follow pass
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        assert caught.value.code == "malformed-action"


@pytest.mark.parametrize("build", [brouc_state, hdb_state, auvergne, hombre])
@pytest.mark.parametrize("text", ["pass ", " pass", "AS ", " AS", "\tAS", "AS\n", "announce  KQS", "trump  H", "turn "])
def test_any_other_spacing_is_malformed_in_every_ruleset(build: Callable[[], PhaseDeal], text: str) -> None:
    """docs/errors.md: the notation writes each action one way; a space around it or two inside is
    malformed-action, before any rule of the moment, and the state is unchanged."""
    state = build()
    before = (state.record(), state.to_act, state.legal_actions())
    with pytest.raises(IllegalAction) as caught:
        state.apply_text(text)
    assert caught.value.code == "malformed-action", caught.value
    assert "\n" not in str(caught.value)
    assert (state.record(), state.to_act, state.legal_actions()) == before


@pytest.mark.parametrize("seat", [9, -1, "x", None])
def test_deal_over_comes_before_wrong_seat(seat: object) -> None:
    """docs/errors.md's order: once the deal is over, an action for any seat, even one that does not
    exist or is not a number, is deal-over; before that, such a seat is wrong-seat."""
    builds: tuple[Callable[[], PhaseDeal], ...] = (brouc_state, auvergne)
    for build in builds:
        state = build()
        if seat is not None:
            with pytest.raises(IllegalAction) as caught:
                state.apply_text("AS", seat)
            assert caught.value.code == "wrong-seat"
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        with pytest.raises(IllegalAction) as caught:
            state.apply_text("AS", seat)
        assert caught.value.code == "deal-over", (build, seat, caught.value)

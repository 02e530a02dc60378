"""The engine as a library (issue 22): what every deal class offers a Python user, from
`brou.engine.position.Position` (docs/game.md, "The engine as a library").

Every ruleset and several forms; property checks over seeded random playouts: undo after apply
gives an equal state with an equal hash, is_legal agrees with legal_actions on every action id,
legal_texts reads back through parse_action; perft against the corpus's counts.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import brou
from brou import BrouError, HombreDeal, HommeDeal, IllegalAction, NothingToUndo, PhaseDeal, Position, Rules
from brou.conformance.protocol.table import Table
from brou.conformance.scenarios.corpus import SCENARIO_DIR, load_file, rules_for
from brou.laws.game import GameContext
from helpers import seeded_deal as start

RULESETS = ("homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre")
# (ruleset, parameters): every ruleset with its default parameters, and other forms and readings
CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    *((r, {}) for r in RULESETS),
    ("homme-de-brou-1802", {"table_marking": "players"}),
    ("brusquembille-1718", {"form": "five"}),
    ("brusquembille-1718", {"form": "four-partners"}),
    ("homme-d-auvergne", {"form": "two"}),
    ("homme-d-auvergne", {"turner": "dealer"}),
    ("hombre", {"form": "four"}),
)
IDS = [r + "".join(f"-{k}={v}" for k, v in p.items()) for r, p in CASES]
# readings where players act out of turn (claims, announcements): inside a game
OUT_OF_TURN: tuple[tuple[str, dict[str, Any], tuple[int, int]], ...] = (
    ("homme-de-brou-1802", {"claim_moment": "any-moment", "announce_window": "any-time-once-team-has-trick"}, (200, 180)),
    ("brouc", {"announce_window": "any-time-once-team-has-trick", "table_marking": "players"}, (320, 190)),
)


def playout(state: Any, seed: int, out_of_turn: bool = False) -> Iterator[tuple[int, int | None]]:
    """A seeded random playout of `state`, in place: yields (action, seat) before applying each
    (seat None for the player to act; another seat's out-of-turn action when asked)."""
    rng = random.Random(seed)
    while not state.is_over:
        choices: list[tuple[int, int | None]] = [(a, None) for a in state.legal_actions()]
        if out_of_turn:
            choices += [(a, s) for s, actions in state.speakers().items() if s != state.to_act for a in actions]
        action, seat = rng.choice(choices)
        yield action, seat
        state.apply(action, seat)


def played(rules: Rules, seed: int, steps: int) -> Any:
    """The deal of `seed` after `steps` random actions (fewer if it ends sooner)."""
    state = start(rules, seed)
    for i, _ in enumerate(playout(state, seed)):
        if i + 1 == steps:
            break
    return state


def every_id(rules: Rules) -> range:
    """Every action id the game could have, and a few beyond: cards, words, announcements, game actions."""
    return range(-2, rules.n_indices + 80)


# -- the classes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_deal_class_is_a_position(ruleset: str) -> None:
    state = start(Rules.load(ruleset), 1)
    assert isinstance(state, Position)
    classes: dict[str, type[Position]] = {"homme-de-brou-1802": HommeDeal, "brouc": HommeDeal, "hombre": HombreDeal}
    assert type(state) is classes.get(ruleset, PhaseDeal)


def test_the_library_names_are_exported() -> None:
    for name in ("perft", "Position", "PhaseDeal", "HombreDeal", "NothingToUndo", "new_deal", "talon_deal_from_seed"):
        assert name in brou.__all__ and hasattr(brou, name)


# -- str ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "params"), CASES, ids=IDS)
def test_str_shows_ruleset_hands_trick_and_who_acts(ruleset: str, params: dict[str, Any]) -> None:
    rules = Rules.load(ruleset, **params)
    state: Any = played(rules, 2, 7)
    text = str(state)
    assert text.splitlines()[0].startswith(rules.data["title"]["en"]) and ruleset in text.splitlines()[0]
    for key, value in params.items():
        assert f"{key}={value}" in text.splitlines()[0]
    assert "Trump:" in text
    for seat in range(rules.n_players):
        assert f" seat {seat} " in text
    assert "Tricks won:" in text
    if not state.is_over:
        assert f"To act: seat {state.to_act} ({state.phase}): {' '.join(state.legal_texts())}" in text
        assert f"> seat {state.to_act} " in text
    assert "\n" in text and repr(state) != text  # __repr__ is left alone


@pytest.mark.parametrize(("ruleset", "params"), CASES, ids=IDS)
def test_str_of_a_finished_deal_gives_the_result(ruleset: str, params: dict[str, Any]) -> None:
    rules = Rules.load(ruleset, **params)
    state: Any = played(rules, 3, 10_000)
    assert state.is_over
    text = str(state)
    assert "The deal is over." in text and "To act" not in text
    if isinstance(state, HommeDeal):
        assert "Rounding:" in text and "team 0+2" in text
    else:
        assert "Ended: " + state.ended in text


def test_str_names_the_cards_of_the_trick_on_the_table() -> None:
    rules = Rules.load("brouc")
    state = HommeDeal.from_seed(rules, 5)
    first = state.legal_actions()[0]
    state.apply(first)
    assert f"Trick 1 of 8: 0:{rules.card_text(first)}" in str(state)


# -- equality and hash -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_same_deal_and_history_are_equal_with_equal_hashes(ruleset: str) -> None:
    rules = Rules.load(ruleset)
    a, b = played(rules, 4, 9), played(rules, 4, 9)
    assert a is not b and a == b and hash(a) == hash(b)
    assert a.copy() == a and hash(a.copy()) == hash(a)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_another_deal_or_another_history_is_unequal(ruleset: str) -> None:
    rules = Rules.load(ruleset)
    a = played(rules, 4, 9)
    assert a != played(rules, 5, 9)
    assert a != played(rules, 4, 8)
    assert a != start(rules, 4)


def test_other_parameters_make_another_state() -> None:
    a = HommeDeal.from_seed(Rules.load("homme-de-brou-1802"), 1)
    b = HommeDeal.from_seed(Rules.load("homme-de-brou-1802", table_marking="players"), 1)
    assert a.deal == b.deal and a != b


def test_a_game_context_makes_another_state() -> None:
    rules = Rules.load("brouc")
    assert HommeDeal.from_seed(rules, 1, GameContext((0, 0))) != HommeDeal.from_seed(rules, 1)
    assert HommeDeal.from_seed(rules, 1, GameContext((0, 0))) != HommeDeal.from_seed(rules, 1, GameContext((10, 0)))
    assert HommeDeal.from_seed(rules, 1, GameContext((10, 0))) == HommeDeal.from_seed(rules, 1, GameContext((10, 0)))


def test_the_out_of_turn_record_makes_another_state() -> None:
    rules = Rules.load("brouc", announce_window="any-time-once-team-has-trick")
    a = HommeDeal.from_seed(rules, 1)
    b = a.copy()
    b.out_of_turn.append((0, 2))  # the same history, as if its first action had been taken out of turn
    assert a.history == b.history and a != b


def test_deals_of_different_classes_are_never_equal() -> None:
    brus, hombre = Rules.load("brusquembille-1718"), Rules.load("hombre")
    assert start(brus, 1) != start(hombre, 1)
    assert start(Rules.load("brouc"), 1) != start(brus, 1)
    assert start(brus, 1) != "brusquembille"


def test_the_hash_changes_when_an_action_is_applied_and_a_copy_keeps_its_own() -> None:
    state = HommeDeal.from_seed(Rules.load("homme-de-brou-1802"), 6)
    before, kept = hash(state), state.copy()
    state.apply(state.legal_actions()[0])
    assert hash(state) != before and state != kept and hash(kept) == before
    assert {state, kept, kept.copy()} == {state, kept}


# -- undo --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "params"), CASES, ids=IDS)
def test_undo_after_apply_gives_an_equal_state(ruleset: str, params: dict[str, Any]) -> None:
    rules = Rules.load(ruleset, **params)
    for seed in range(6):
        state: Any = start(rules, seed)
        for action, seat in playout(state, seed):
            after = state.copy()
            after.apply(action, seat)
            assert after != state
            assert after.undo() == action
            assert after == state and hash(after) == hash(state)
            assert after.legal_actions() == state.legal_actions() and str(after) == str(state)
        assert state.is_over


@pytest.mark.parametrize(("ruleset", "params", "scores"), OUT_OF_TURN, ids=[c[0] for c in OUT_OF_TURN])
def test_undo_takes_back_actions_out_of_turn(ruleset: str, params: dict[str, Any], scores: tuple[int, int]) -> None:
    rules = Rules.load(ruleset, **params)
    taken = 0
    for seed in range(12):
        state = HommeDeal.from_seed(rules, seed, GameContext(scores))
        for action, seat in playout(state, seed, out_of_turn=True):
            taken += seat is not None
            after = state.copy()
            after.apply(action, seat)
            assert after.undo() == action
            assert after == state and after.out_of_turn == state.out_of_turn and after.speakers() == state.speakers()
    assert taken  # the playouts did act out of turn


@pytest.mark.parametrize("ruleset", RULESETS)
def test_undo_at_the_start_is_a_clear_error(ruleset: str) -> None:
    state = start(Rules.load(ruleset), 1)
    with pytest.raises(NothingToUndo) as caught:
        state.undo()
    assert isinstance(caught.value, IndexError) and isinstance(caught.value, BrouError)
    assert "\n" not in str(caught.value) and "nothing to undo" in str(caught.value)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_undo_all_the_way_back_gives_the_fresh_deal(ruleset: str) -> None:
    rules = Rules.load(ruleset)
    state = played(rules, 7, 12)
    taken = list(state.history)
    undone = [state.undo() for _ in taken]
    assert undone == taken[::-1] and state == start(rules, 7) and state.history == []


def test_undo_keeps_the_state_usable() -> None:
    state = played(Rules.load("hombre"), 8, 15)
    state.undo()
    action = state.legal_actions()[-1]
    state.apply(action)
    assert state.history[-1] == action


# -- is_legal, legal_texts, parse_action -------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "params"), CASES, ids=IDS)
def test_is_legal_agrees_with_legal_actions_on_every_action_id(ruleset: str, params: dict[str, Any]) -> None:
    rules = Rules.load(ruleset, **params)
    for seed in range(4):
        state: Any = start(rules, seed)
        for _ in playout(state, seed):
            legal = set(state.legal_actions())
            assert {a for a in every_id(rules) if state.is_legal(a)} == legal
            for action in legal:
                assert state.is_legal(state.action_text(action))
            for card in range(rules.n_indices):
                if card not in legal:
                    assert not state.is_legal(rules.card_text(card))


@pytest.mark.parametrize(("ruleset", "params"), CASES, ids=IDS)
def test_legal_texts_read_back_through_parse_action(ruleset: str, params: dict[str, Any]) -> None:
    rules = Rules.load(ruleset, **params)
    for seed in range(4):
        state: Any = start(rules, seed)
        for _ in playout(state, seed):
            texts = state.legal_texts()
            assert [state.parse_action(t) for t in texts] == state.legal_actions()
            assert texts == [state.action_text(a) for a in state.legal_actions()]
        assert state.legal_texts() == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_apply_text_plays_what_legal_texts_offer(ruleset: str) -> None:
    rules = Rules.load(ruleset)
    a, b = start(rules, 9), start(rules, 9)
    rng = random.Random(9)
    while not a.is_over:
        text = rng.choice(a.legal_texts())
        a.apply_text(text)
        b.apply(b.parse_action(text))
    assert a == b


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("junk", [None, 1.5, True, False, -1, 10**9, "", "  ", "ZZ", "AS AS", "announce", "trump",
                                  "trump X", "1S", b"AS", ["AS"], object()])
def test_is_legal_never_raises_on_junk(ruleset: str, junk: object) -> None:
    state = start(Rules.load(ruleset), 1)
    assert state.is_legal(junk) is False


def test_is_legal_takes_a_seat_for_actions_out_of_turn() -> None:
    rules = Rules.load("homme-de-brou-1802", claim_moment="any-moment")
    state = HommeDeal.from_seed(rules, 1, GameContext((100, 100)))
    other = (state.to_act + 1) % 4
    claim = state.parse_action("claim")
    assert state.legal_actions(other) == [claim]
    assert state.is_legal("claim", other) and state.is_legal(claim, other)
    assert not state.is_legal(state.legal_actions()[0], other)
    assert not state.is_legal("claim", "1")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_parse_action_refuses_junk_with_an_action_code(ruleset: str) -> None:
    state = start(Rules.load(ruleset), 1)
    for junk, code in (("ZZ", "unknown-card"), ("hello world", "malformed-action"), (3, "malformed-action")):
        with pytest.raises(IllegalAction) as caught:
            state.parse_action(junk)
        assert caught.value.code == code


# -- cards -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "params"), CASES, ids=IDS)
def test_card_text_and_parse_card_read_each_other(ruleset: str, params: dict[str, Any]) -> None:
    rules = Rules.load(ruleset, **params)
    for card in rules.pack_cards:
        assert rules.parse_card(rules.card_text(card)) == card
        with pytest.raises(IllegalAction) as caught:  # any text not in the notation, spaces included
            rules.parse_card(f" {rules.card_text(card)} ")
        assert caught.value.code == "malformed-action"
    assert rules.cards_text(rules.pack) == [rules.card_text(c) for c in rules.pack_cards]


def test_parse_card_refuses_what_is_no_card_of_the_pack() -> None:
    rules = Rules.load("homme-d-auvergne", form="two")  # 28 cards: the sevens left out
    assert rules.parse_card("TS") == rules.card("TS")
    for text, code in (("7S", "unknown-card"), ("XS", "unknown-card"), ("TX", "unknown-card"), ("T", "malformed-action"),
                       ("TSS", "malformed-action"), (7, "malformed-action")):
        with pytest.raises(IllegalAction) as caught:
            rules.parse_card(text)
        assert caught.value.code == code, text


# -- perft -------------------------------------------------------------------------------------------


def corpus_perfts(ruleset: str, largest: int = 3000) -> Iterator[tuple[str, Any, int, int]]:
    """(scenario id, state after its `do` steps, depth, count) for each perft count of the
    ruleset's perft scenarios small enough to count here."""
    for scenario in load_file(SCENARIO_DIR / ruleset / "perft" / "perft.yaml", check_schema=False):
        table = Table(rules_for(scenario), scenario.data["setup"])
        for step in scenario.data["steps"]:
            if "do" in step:
                for text in [step["do"]] if isinstance(step["do"], str) else step["do"]:
                    table.state.apply_text(text)
            elif step["count"] <= largest:
                yield scenario.id, table.state, step["perft"], step["count"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_perft_gives_the_corpus_counts(ruleset: str) -> None:
    checked = 0
    for ident, state, depth, count in corpus_perfts(ruleset):
        assert brou.perft(state, depth) == count, (ident, depth)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_perft_method_is_the_function_and_leaves_the_state_alone(ruleset: str) -> None:
    state = played(Rules.load(ruleset), 2, 5)
    before = state.copy()
    assert state.perft(3) == brou.perft(state, 3)
    assert state.perft(1) == len(state.legal_actions()) and state.perft(0) == 1
    assert state == before


def test_the_conformance_tables_count_with_the_public_perft() -> None:
    from brou.conformance.protocol import server
    assert server.perft is brou.perft


# -- the picture -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "params"), CASES, ids=IDS)
def test_the_svg_picture_is_well_formed_and_shows_every_card_held(ruleset: str, params: dict[str, Any]) -> None:
    rules = Rules.load(ruleset, **params)
    state: Any = played(rules, 2, 6)
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    shown = [g.get("data-card") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-card")]
    for hand in state.hands:
        for card in rules.cards_text(hand):
            assert card in shown
    for card in state.trick:
        assert rules.card_text(card) in shown


def test_a_partnership_deal_is_drawn_as_the_book_draws_it() -> None:
    from brou.book.pictures import deal_picture
    state = played(Rules.load("brouc"), 3, 9)
    assert state._repr_svg_() == deal_picture(state.rules, state)

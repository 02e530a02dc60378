"""Marking table marriages (parameter table_marking): the engine marks every one by default;
with `players` the winner of a trick holding one marks it (`mark`) or gathers it unmarked
(`pass`), and an unmarked marriage counts for nobody.

Seats 0..3 in the order of play; seat 3 deals, seat 0 leads; teams {0, 2} and {1, 3}.
In the hands below the king and queen of spades fall together in the trick `KS QS 9S 7S`
(seat 0 wins) or `KS QS 9S AS` (seat 3 wins); hearts are trump.
"""

from __future__ import annotations

import random

import pytest

from brou import HommeDeal, IllegalAction
from brou.cards.deal import deal_from_cards
from brou.engine.homme import MARK_ACTION, action_text, parse_action
from brou.laws.game import GameContext
from helpers import deal, legal_texts, load, play

HDB = "homme-de-brou-1802"
BROUC = "brouc"
HANDS = ["KS 8S KH TH KD JD 9D 7D", "QS TS QH 8H AD TD QD 8D", "JS 9S JH 7H KC JC 9C 7C", "AS 7S AH 9H AC TC QC 8C"]
BOTH = pytest.mark.clause("hdb.marriage.table-marked", "brouc.marriage.table-marked")


def marking(name: str, value: str = "players", scores: tuple[int, int] | None = None) -> HommeDeal:
    rules = load(name, table_marking=value)
    context = GameContext(scores) if scores is not None else None
    return HommeDeal(rules, deal_from_cards(rules, [h.split() for h in HANDS], "9H"), context)


@BOTH
@pytest.mark.parametrize(("name", "points"), [(HDB, 40), (BROUC, 20)])
def test_marked_counts_and_forgotten_does_not(name: str, points: int) -> None:
    state = play(marking(name), "KS QS 9S 7S")
    assert state.phase == "mark" and state.to_act == 0 and legal_texts(state) == {"mark", "pass"}
    assert state.table == [] and state.table_points == [0, 0] and state.marking
    marked = play(state.copy(), "mark")
    assert marked.table_points == [points, -points] and [t[1:] for t in marked.table] == [(0, 0, 0, points)]
    forgotten = play(state.copy(), "pass")
    assert forgotten.table_points == [0, 0] and forgotten.table == [] and len(forgotten.unmarked) == 1
    assert marked.result().teams[0].total == 10 + points and forgotten.result().teams[0].total == 10
    assert state.marking, "the copies did not share the pending marriage with the original"


@BOTH
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_engine_marking_is_the_default_and_unchanged(name: str) -> None:
    default = play(deal(load(name), HANDS, "9H"), "KS QS 9S 7S")
    explicit = play(marking(name, "engine"), "KS QS 9S 7S")
    assert default.table == explicit.table != [] and default.phase == explicit.phase != "mark"
    assert default.legal_actions() == explicit.legal_actions()
    assert load(name).table_marking == "engine"


@BOTH
@pytest.mark.parametrize(("name", "setup", "action", "code"), [
    (HDB, "", "mark", "nothing-to-mark"),
    (BROUC, "9D 8D 7H AH", "mark", "nothing-to-mark"),
    (HDB, "KS QS 9S 7S", "KH", "mark-pending"),
    (BROUC, "KS QS 9S 7S", "announce KQD", "mark-pending"),
])
def test_refusals_leave_the_state_unchanged(name: str, setup: str, action: str, code: str) -> None:
    state = play(marking(name), setup)
    before = state.record(), state.phase, state.to_act, list(state.marking)
    with pytest.raises(IllegalAction) as caught:
        state.apply_text(action)
    assert caught.value.code == code
    assert (state.record(), state.phase, state.to_act, list(state.marking)) == before


@BOTH
def test_mark_is_refused_under_engine_before_anything_else_about_it() -> None:
    state = play(marking(BROUC, "engine"), "KS QS 9S 7S")
    with pytest.raises(IllegalAction) as caught:
        state.apply_text("mark")
    assert caught.value.code == "marked-by-engine"
    done = play(marking(BROUC, "engine"), "")
    while not done.is_over:
        done.apply(done.legal_actions()[0])
    with pytest.raises(IllegalAction) as caught:
        done.apply_text("mark")
    assert caught.value.code == "deal-over"


@BOTH
def test_one_mark_marks_both_marriages_of_a_trick() -> None:
    state = play(marking(HDB), "KD QD KC QC")
    assert len(state.marking) == 2
    play(state, "mark")
    assert state.table_points == [80, -80] and len(state.table) == 2


@pytest.mark.clause("hdb.marriage.table-marked")
def test_1802_count_and_first_reached_wait_for_the_mark() -> None:
    # team 0 from 290: 7 card points, and 40 only if marked
    state = play(marking(HDB, scores=(290, 0)), "KS QS 9S 7S")
    assert state.first_reached == -1
    marked = play(state.copy(), "mark")
    assert marked.first_reached == 0 and marked.phase == "window"
    forgotten = play(state.copy(), "pass")
    assert forgotten.first_reached == -1 and forgotten.phase == "window"


@pytest.mark.clause("brouc.marriage.table-marked")
def test_a_trick_that_breaks_a_declaration_ends_the_game_unmarked() -> None:
    state = play(marking(BROUC, scores=(200, 0)), "declare KS QS 9S AS")
    assert state.is_over and state.outcome is not None and state.outcome.how == "declaration-failed"
    assert state.table == [] and len(state.unmarked) == 1 and not state.marking


@BOTH
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_the_action_text_and_id(name: str) -> None:
    rules = load(name, table_marking="players")
    assert parse_action(rules, "mark") == rules.pass_action + MARK_ACTION
    assert action_text(rules, rules.pass_action + MARK_ACTION) == "mark"


@BOTH
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_random_deals_replay_and_count_only_marked_marriages(name: str) -> None:
    rules = load(name, table_marking="players")
    seen = {"mark": 0, "pass": 0}
    for seed in range(60):
        rng = random.Random(seed)
        state = HommeDeal.from_seed(rules, seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            if state.phase == "mark":
                seen[action_text(rules, action)] += 1
            state.apply(action)
        again = HommeDeal.replay(state.record())
        assert again.table == state.table and again.unmarked == state.unmarked
        counted = [0, 0]
        for _, _, _, team, points in state.table:
            counted[team] += points
            counted[1 - team] -= points
        assert counted == state.table_points
        assert state.marking == []
    assert seen["mark"] and seen["pass"]


@BOTH
@pytest.mark.parametrize("name", ["python_homme_de_brou_1802", "python_brouc"])
def test_openspiel_counts_mark_where_the_parameter_allows_it(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import brou.openspiel  # noqa: F401  (registers the games)

    plain = pyspiel.load_game(name)
    players = pyspiel.load_game(f"{name}(table_marking=players)")
    assert players.num_distinct_actions() == plain.num_distinct_actions() + 1 == plain.rules.pass_action + 8
    state = players.new_initial_state()
    assert state.action_to_string(0, players.num_distinct_actions() - 1) == "mark"
    rng = random.Random(3)
    marks = 0
    for _ in range(200):
        if marks >= 3:
            break
        state = players.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            assert all(0 <= a < players.num_distinct_actions() for a in legal)
            marks += players.num_distinct_actions() - 1 in legal
            state.information_state_tensor(state.current_player())
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(legal))
    assert marks

"""What a player may see (brou.engine.view, the protocol's `view` observable): the information
rules hdb.info.*, checked over seeded random deals of both rulesets, in and out of a game,
and the harness's judgement of a view that shows too much."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from brou import HommeDeal, Rules
from brou.conformance.judging.compare import FAILED, PASSED, judge
from brou.conformance.protocol.server import Reference
from brou.conformance.scenarios.corpus import Scenario
from brou.engine.view import VIEWS, kind_fields, on_turn, view
from brou.laws.game import GameContext
from brou.spec import load_document
from brou.spec.clauses import all_implementations

RULESETS = ("homme-de-brou-1802", "brouc")
FIELDS, RECORDS = kind_fields("partnership")
HANDS = [["KS", "8S", "7S", "AH", "AD", "TD", "AC", "7C"], ["AS", "TS", "TH", "8H", "KD", "9D", "KC", "8C"],
         ["JS", "JH", "9H", "QD", "8D", "TC", "QC", "9C"], ["QS", "9S", "KH", "QH", "7H", "JD", "7D", "JC"]]


def _walk(ruleset: str, seed: int, game: bool) -> list[HommeDeal]:
    """Every state of a seeded random deal (inside a game: scores near the target, so
    that claims, declarations and concessions happen), the last one over."""
    rules = Rules.load(ruleset)
    rng = random.Random(seed)
    context = GameContext((rng.choice([120, 200, 290]), rng.choice([60, 250])), (0, 0)) if game else None
    state = HommeDeal.from_seed(rules, seed, context)
    out = [state.copy()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        out.append(state.copy())
    return out


def _states() -> list[HommeDeal]:
    return [s for ruleset in RULESETS for seed in range(30) for s in _walk(ruleset, seed, game=seed % 2 == 1)]


STATES = _states()


def _cards_in(value: Any) -> set[str]:
    """Every card text anywhere in a view."""
    return set(re.findall(r'"([AKQJT987][SHDC])"', json.dumps(value)))


def test_a_view_has_exactly_its_fields_and_is_json() -> None:
    for state in STATES[::7]:
        for seat in range(4):
            v = view(state, seat)
            assert tuple(v) == FIELDS
            assert json.loads(json.dumps(v)) == v


@pytest.mark.clause("hdb.info.own-hand")
def test_a_player_sees_his_own_cards_and_no_other_hand() -> None:
    """No card still in another player's hand appears anywhere in a view, save the turned
    card on show; his own hand is all there; the counts are everyone's."""
    for state in STATES:
        rules = state.rules
        for seat in range(4):
            v = view(state, seat)
            assert set(v["hand"]) == set(rules.cards_text(state.hands[seat]))
            assert v["held"] == [h.bit_count() for h in state.hands]
            others = {c for s in range(4) if s != seat for c in rules.cards_text(state.hands[s])}
            leaked = _cards_in({k: x for k, x in v.items() if k != "hand"}) & others
            assert leaked <= ({v["turnup"]} if v["turnup"] else set()), (seat, leaked)


@pytest.mark.clause("hdb.info.trick-open", "hdb.info.trick-piles", "hdb.info.spoken",
                    "hdb.info.table-marriage-shown", "hdb.info.scores-public")
def test_what_lies_on_the_table_is_the_same_for_everyone() -> None:
    """The trick in progress, the winners of the tricks, the announcements, declarations,
    table marriages, scores and outcome: one value for all four players."""
    public = ("phase", "to_act", "trump", "turnup", "held", "trick", "tricks", "announcements", "declared",
              "table", "scores", "carried", "outcome")
    for state in STATES:
        views = [view(state, seat) for seat in range(4)]
        for name in public:
            assert all(v[name] == views[0][name] for v in views), name
        v = views[0]
        rules = state.rules
        assert [c["card"] for c in v["trick"]] == [rules.card_text(c) for c in state.trick]
        assert [c["player"] for c in v["trick"]] == [(state.leader + k) % 4 for k in range(len(state.trick))]
        assert v["tricks"] == [w for _, _, w in state.tricks]
        assert len(v["announcements"]) == len(state.announcements) and len(v["table"]) == len(state.table)
        assert (v["scores"] is None) == (state.context is None) == (v["carried"] is None)
        assert (v["outcome"] is None) == (state.outcome is None)
        assert (v["declared"] is None) == (state.declared is None)


@pytest.mark.clause("hdb.info.last-trick", "hdb.info.trick-piles")
def test_the_last_trick_only_on_ones_turn_to_play() -> None:
    shown = 0
    for state in STATES:
        for seat in range(4):
            v = view(state, seat)
            if state.tricks and state.phase == "play" and state.to_act == seat:
                leader, cards, _ = state.tricks[-1]
                assert v["last_trick"] == {"trick": len(state.tricks), "cards": [
                    {"player": (leader + k) % 4, "card": state.rules.card_text(c)} for k, c in enumerate(cards)]}
                shown += 1
            else:
                assert v["last_trick"] is None
                # off his turn, no card of a finished trick is in his view but those of his hand's past: none
                gone = {state.rules.card_text(c) for _, cards, _ in state.tricks for c in cards}
                assert not _cards_in({k: x for k, x in v.items() if k not in ("table",)}) & gone
    assert shown > 200


@pytest.mark.clause("hdb.info.own-tricks")
def test_own_tricks_are_his_teams_and_only_on_his_turn() -> None:
    for state in STATES:
        for seat in range(4):
            v = view(state, seat)
            if not on_turn(state, seat):
                assert v["own_tricks"] is None
                continue
            team = state.rules.team_of[seat]
            mine = [i + 1 for i, (_, _, w) in enumerate(state.tricks) if state.rules.team_of[w] == team]
            assert [t["trick"] for t in v["own_tricks"]] == mine
            cards = {c["card"] for t in v["own_tricks"] for c in t["cards"]}
            assert cards == set(state.rules.cards_text(state.won[team]))


@pytest.mark.clause("hdb.info.own-hand")
def test_the_protocol_view_renumbers_players_and_teams() -> None:
    """With player 1 dealing, player 2 leads: the table's view is the deal's, renumbered."""
    reference = Reference()
    scenario = {"id": "x", "ruleset": "brouc", "setup": {"dealer": 1, "hands": HANDS, "turnup": "8C",
                                                          "game": {"scores": [150, 40]}},
                "steps": [{"act": "JS"}, {"act": "QS"}, {"act": "KS"}, {"act": "AS"}, {"observe": ["view"]}]}
    answer = reference.run(scenario)
    views = answer["results"][-1]["view"]
    assert [v["player"] for v in views] == [0, 1, 2, 3]
    assert views[0]["hand"] == ["8S", "7S", "AH", "AD", "TD", "AC", "7C"]
    assert views[0]["tricks"] == [1] and views[0]["scores"] == [150, 40]
    assert views[1]["last_trick"]["cards"][0] == {"player": 2, "card": "JS"}
    assert views[0]["table"] == [{"trick": 1, "marriage": "KQJS", "team": 1, "points": 30}]
    assert all(v["last_trick"] is None for v in views if v["player"] != 1)


def test_a_bad_seat_is_refused() -> None:
    state = STATES[0]
    for seat in (-1, 4, "0", True):
        with pytest.raises(ValueError, match="no seat"):
            view(state, seat)  # type: ignore[arg-type]


def test_each_field_names_a_clause_of_both_rulesets() -> None:
    implemented = all_implementations()
    for field in VIEWS["partnership"]:
        if field.clause is not None:
            assert field.clause in implemented
            assert field.clause in load_document("homme-de-brou-1802").data["clauses"]
    assert set(RECORDS) <= set(FIELDS)
    for shown in VIEWS.values():  # every game's: a clause some function implements, records of its own fields
        assert all(f.clause is None or f.clause in implemented for f in shown)
        assert len({f.name for f in shown}) == len(shown)


def test_the_protocol_tables_of_the_views_are_the_harness_own() -> None:
    """conformance/PROTOCOL.md's view tables (field, value, rule), one per kind of game in the
    order VIEWS lists them, name every field and, in the rule column, the clause the report lays
    a difference in it on: the page an implementer reads is the one the harness judges by (the
    view's `hombre` was laid on the auction's order while the page said hom.info.public)."""
    from helpers import REPO
    lines = (REPO / "conformance" / "PROTOCOL.md").read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("| field | value | rule |")]
    assert len(starts) == len(VIEWS)
    for kind, start in zip(VIEWS, starts, strict=True):
        page: dict[str, str | None] = {}
        for line in lines[start + 2:]:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rule = re.findall(r"`([\w.-]+)`", cells[-1])
            page.update({name: rule[0] if rule else None for name in re.findall(r"`(\w+)`", re.sub(r"\(.*?\)", "", cells[0]))})
        assert page == {f.name: f.clause for f in VIEWS[kind]}, kind

# -- the harness: a view that shows too much ---------------------------------------------


def _judge(expected: list[dict[str, Any]], got: list[dict[str, Any]]) -> Any:
    scenario = Scenario({"id": "x", "description": "x", "clauses": ["hdb.info.own-hand"], "ruleset": "brouc",
                         "setup": {"hands": HANDS, "turnup": "QH"}, "steps": [{"expect": {"view": expected}}]},
                        "file", 1)
    return judge(scenario, {"results": [{"view": got}]})


def _true_views(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    answer = Reference().run({"id": "x", "ruleset": "brouc", "setup": {"hands": HANDS, "turnup": "QH"},
                              "steps": steps + [{"observe": ["view"]}]})
    views: list[dict[str, Any]] = answer["results"][-1]["view"]
    return views


@pytest.mark.clause("hdb.info.last-trick")
def test_a_value_where_null_is_expected_fails() -> None:
    got = _true_views([{"act": a} for a in ("7S", "AS", "JS", "9S", "TS")])
    expected: list[dict[str, Any]] = [{"last_trick": None}, {"last_trick": None}, {}, {"last_trick": None}]
    assert _judge(expected, got).status == PASSED
    got[0]["last_trick"] = got[2]["last_trick"]
    verdict = _judge(expected, got)
    assert verdict.status == FAILED and "[0].last_trick" in verdict.detail


def test_a_field_more_fails_even_unasked() -> None:
    got = _true_views([])
    assert _judge([{}, {}, {}, {}], got).status == PASSED
    leaky = [dict(v) for v in got]
    leaky[1]["hands"] = [HANDS]
    verdict = _judge([{}, {}, {}, {}], leaky)
    assert verdict.status == FAILED and "[1].hands is no field" in verdict.detail
    leaky = [dict(v) for v in _true_views([{"act": "7S"}])]
    leaky[2]["trick"] = [{"player": 0, "card": "7S", "next": "AS"}]
    verdict = _judge([{}, {}, {}, {}], leaky)
    assert verdict.status == FAILED and "[2].trick[0].next" in verdict.detail


def test_a_missing_field_and_a_wrong_count_of_views_fail() -> None:
    got = _true_views([])
    short = [dict(v) for v in got]
    del short[3]["own_tricks"]
    assert "[3].own_tricks missing" in _judge([{}, {}, {}, {}], short).detail
    assert _judge([{}, {}, {}, {}], got[:3]).status == FAILED


def test_a_hand_in_any_order_passes() -> None:
    got = _true_views([])
    expected = [{"hand": sorted(v["hand"])} for v in got]
    got[0]["hand"] = list(reversed(got[0]["hand"]))
    assert _judge(expected, got).status == PASSED
    got[0]["hand"] = got[0]["hand"][1:]
    assert _judge(expected, got).status == FAILED

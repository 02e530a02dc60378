"""Every option used when it pays (issue 58, docs/option-situations.md): for each register entry
whose readings differ in what a player may do, the situations of tests/fixtures/option-situations.json
(written by tools/find-option-situations, chosen by the solver alone) are checked again here:

(a) the action is legal under its reading and another reading refuses it, cannot reach the
    position, or (for the entries whose readings differ in what the action is worth) does not
    find it worth taking;
(b) the double-dummy solver, run again on the true deal, still says it is the unique best by a
    clear margin;
(c) the search player, at the data's strength and seed, takes it.  Where it does not, the test
    is an expected failure that says why (`FINDINGS`), strict: it fails once the
    player takes the action.

Every entry of the register has a situation or a written reason, and every option of a searched
entry has one or the other too; an option's search, run again from the seed and for the deals
the file records, finds the same situation.  Positions with many cards in the hands, and L'Hombre
before its first card, are slow in the pure engine (`_slow`): those situations are checked by the
tests named `..._slowly`, marked slow (tests/conftest.py, SLOW)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from brou.players import Search
from brou.spec.ambiguities import load_register
from brou.spec.rules import Rules
from brou.study.options import (
    FORMAT,
    PLAYER,
    TARGETS,
    WHY,
    WORLDS,
    chosen_by,
    find,
    load,
    margin_of,
    option_record,
    option_rules,
    pays,
    readings,
    status_under,
    truth,
    why_option,
)

SLOW_CARDS = 24  # more cards than this in the hands: slow for the solver in the pure engine
SLOW_GAME_CARDS = 12  # ... in a deal of a game, valued for the game's value
DATA = Path(__file__).parent / "fixtures" / "option-situations.json"
RECORD: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
REGISTER = load_register()

# Situations where the search player does not take the action, by test id, each with what it
# does instead and why (reported with issue 58): strict, so that the test fails once it takes it.
FINDINGS: dict[str, str] = {}


def _situations() -> list[tuple[str, str, str, int, dict[str, Any]]]:
    out = []
    for entry in RECORD["entries"]:
        for ruleset, options in entry.get("rulesets", {}).items():
            for option, record in options.items():
                for k, situation in enumerate(record.get("situations", [])):
                    out.append((entry["id"], ruleset, option, k, situation))
    return out


SITUATIONS = _situations()


def _slow(situation: dict[str, Any]) -> bool:
    """Slow in the pure engine: L'Hombre before its first card (each action played on and solved
    from the first card, in the solver's values and the player's), positions with more than
    SLOW_CARDS cards in the hands (1802's first window, L'Homme d'Auvergne's speech), and
    positions of a deal of a game with more than SLOW_GAME_CARDS (solved for the game's value)."""
    hombre = situation["position"].startswith("hombre") and situation["phase"] != "play"
    in_game = getattr(load(situation["position"]), "context", None) is not None
    return hombre or situation["cards"] > SLOW_CARDS or (in_game and situation["cards"] > SLOW_GAME_CARDS)


def _params(kept: list[tuple[str, str, str, int, dict[str, Any]]], taken: bool = False) -> list[Any]:
    """The situations as test parameters; for the search player's test (`taken`), those it does
    not take marked as expected failures with the reason."""
    params = []
    for entry, ruleset, option, k, situation in kept:
        name = f"{entry}-{ruleset}-{option}-{k}"
        why = FINDINGS.get(name) if taken else None
        marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
        params.append(pytest.param(entry, ruleset, option, situation, id=name, marks=marks))
    return params


def _rules(entry: str, ruleset: str, option: str) -> Rules:
    return option_rules(REGISTER.entry(entry), ruleset, option)


# -- (a) the reading's own action ----------------------------------------------------------------


@pytest.mark.parametrize(("entry", "ruleset", "option", "situation"), _params(SITUATIONS))
def test_the_action_is_the_reading_s_own(entry: str, ruleset: str, option: str, situation: dict[str, Any]) -> None:
    state = load(situation["position"])
    assert state.rules == _rules(entry, ruleset, option), "the line carries the option's parameters"
    seat = situation["seat"]
    action = state.parse_action(situation["action"])
    legal = state.legal_actions(seat) if situation["out_of_turn"] else state.legal_actions()
    assert (seat != state.to_act) == situation["out_of_turn"]
    assert action in legal
    worth = TARGETS[entry].worth
    others = {name: status_under(situation["position"], _rules(entry, ruleset, name), seat, situation["action"], worth)[0]
              for name in readings(REGISTER.entry(entry), ruleset) if name != option}
    assert others == {name: o["status"] for name, o in situation["others"].items()}
    assert any(s in ("illegal", "impossible", "no-gain") for s in others.values()), others


# -- (b) the solver says it pays -------------------------------------------------------------------


def _pays(situation: dict[str, Any]) -> None:
    state = load(situation["position"])
    seat = situation["seat"]
    valued, values = truth(state, seat, state.parse_action(situation["action"]))
    assert valued == situation["valued"]
    assert values == pytest.approx(situation["values"])
    assert pays(state.rules, values, situation["action"]), (margin_of(values, situation["action"]), values)


@pytest.mark.parametrize(("entry", "ruleset", "option", "situation"),
                         [p for p in _params(SITUATIONS) if not _slow(p.values[3])])
def test_the_solver_says_it_pays(entry: str, ruleset: str, option: str, situation: dict[str, Any]) -> None:
    _pays(situation)


@pytest.mark.parametrize(("entry", "ruleset", "option", "situation"),
                         [p for p in _params(SITUATIONS) if _slow(p.values[3])])
def test_the_solver_says_it_pays_slowly(entry: str, ruleset: str, option: str, situation: dict[str, Any]) -> None:
    _pays(situation)


# -- (c) the search player takes it --------------------------------------------------------------------


def _taken(situation: dict[str, Any]) -> None:
    player = Search(worlds=RECORD["player"]["worlds"], early=RECORD["player"]["early"])
    chosen = chosen_by(situation["position"], situation["seat"], player, RECORD["player"]["seed"])
    assert chosen is not None, "asked out of turn, the player let the deal go on"
    assert chosen == situation["action"]


@pytest.mark.parametrize(("entry", "ruleset", "option", "situation"),
                         [p for p in _params(SITUATIONS, taken=True) if not _slow(p.values[3])])
def test_the_search_player_takes_it(entry: str, ruleset: str, option: str, situation: dict[str, Any]) -> None:
    _taken(situation)


@pytest.mark.parametrize(("entry", "ruleset", "option", "situation"),
                         [p for p in _params(SITUATIONS, taken=True) if _slow(p.values[3])])
def test_the_search_player_takes_it_slowly(entry: str, ruleset: str, option: str, situation: dict[str, Any]) -> None:
    _taken(situation)


# -- the data file ---------------------------------------------------------------------------------------


def test_every_entry_has_a_situation_or_a_reason() -> None:
    assert RECORD["format"] == FORMAT
    assert RECORD["player"] == PLAYER
    assert [e["id"] for e in RECORD["entries"]] == [e.id for e in REGISTER.entries]
    for record in RECORD["entries"]:
        entry = REGISTER.entry(record["id"])
        if entry.id not in TARGETS:
            assert record.get("why") == WHY[entry.id], entry.id
            continue
        assert set(record["rulesets"]) == set(TARGETS[entry.id].rulesets), entry.id
        for ruleset, options in record["rulesets"].items():
            wanted = {o.name for o in entry.options if ruleset in o.overrides or not o.playable}
            assert set(options) == wanted, (entry.id, ruleset)
            for option, found in options.items():
                assert found.get("situations") or found.get("why"), f"{entry.id} {ruleset} {option}: no situation, no reason"
                if not found.get("situations"):  # the reason as brou.study.options writes it today
                    assert found["why"] == why_option(entry.id, option, ruleset), (entry.id, ruleset, option)
        assert any(found.get("situations") for options in record["rulesets"].values() for found in options.values()) or \
            all(found.get("why") for options in record["rulesets"].values() for found in options.values()), entry.id


def test_each_situation_says_how_it_was_found() -> None:
    for entry, ruleset, option, _, situation in SITUATIONS:
        found = situation["found"]
        assert isinstance(found["seed"], int), (entry, ruleset, option)
        assert found["players"] in ("random", "careful", "careful+random"), (entry, ruleset, option)
        assert situation["unseen"] <= situation["cards"]
        assert 0 <= situation["worlds"]["best"] <= situation["worlds"]["dealt"] == WORLDS


def _searched() -> list[tuple[str, str, str, dict[str, Any]]]:
    return [(entry["id"], ruleset, option, record["searched"]) for entry in RECORD["entries"]
            for ruleset, options in entry.get("rulesets", {}).items() for option, record in options.items()
            if "searched" in record]


def test_every_search_ran_to_its_end() -> None:
    """No option's search was cut by a time bound, so the file is the same on any machine; each
    situation lies in the deals searched."""
    searched = _searched()
    assert searched
    for entry, ruleset, option, record in searched:
        assert "cut" not in record, (entry, ruleset, option, record)
        assert record["deals"] <= TARGETS[entry].deals, (entry, ruleset, option)
    for entry, ruleset, option, _, situation in SITUATIONS:
        record = next(r for e, rs, o, r in searched if (e, rs, o) == (entry, ruleset, option))
        assert record["seed"] <= situation["found"]["seed"] < record["seed"] + record["deals"]


# the options whose search is cheapest to run again (few deals, few cards solved)
AGAIN = [("AMB-45", "brusquembille-1718", "free"), ("AMB-41", "homme-de-brou-1802", "not-counted"),
         ("AMB-06", "homme-de-brou-1802", "after-won-trick")]


@pytest.mark.parametrize(("entry", "ruleset", "option"), AGAIN)
def test_the_search_finds_the_same_situation_again(entry: str, ruleset: str, option: str) -> None:
    """brou.study.options.find, from the seed and for the deals the file records, writes the
    same record."""
    record = next(o for e in RECORD["entries"] if e["id"] == entry for o in [e["rulesets"][ruleset][option]])
    searched = record["searched"]
    found, again = find(REGISTER, entry, ruleset, option, searched["seed"], searched["deals"])
    assert again == searched
    assert option_record(entry, ruleset, option, found, again) == json.loads(json.dumps(record))

"""One session for every ruleset (`brou.engine.session`, docs/design.md "8. Sessions"): its kind
from the ruleset's data, the kind's functions, the bots by side, the record's shape per kind.
The records themselves are the ones the matches and sessions gave before (tests/test_match.py,
tests/test_match_record.py, tests/test_brusquembille.py and the others hold their content)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from brou.engine.bots import BOTS, PHASE_BOTS, bots_of, chaos_bot
from brou.engine.homme import HommeDeal
from brou.engine.session import GAMES_AND_MARKS, KINDS, Session, next_offset, session_kind
from brou.spec.clauses import IMPLEMENTED_BY
from helpers import load

KINDS_OF: list[tuple[str, dict[str, Any], str]] = [
    ("homme-de-brou-1802", {}, GAMES_AND_MARKS),
    ("brouc", {}, GAMES_AND_MARKS),
    ("brusquembille-1718", {}, "pool"),
    ("brusquembille-1718", {"scoring": "points"}, "points"),
    ("homme-d-auvergne", {}, "marks"),
    ("hombre", {}, "coups"),
    ("hombre", {"form": "four"}, "coups"),
]
MATCH_KEYS = ["ruleset", "title", "params", "seed", "first_dealer", "teams", "unit", "target", "reaching_target",
              "deals", "games", "marks", "winner"]
TABLE_KEYS = ["ruleset", "title", "params", "seed", "first_dealer", "sides", "kind", "rounds", "coups", "target",
              "marks", "pot", "cave", "deals", "jetons", "totals", "winners"]


@pytest.mark.parametrize(("name", "params", "kind"), KINDS_OF)
def test_the_kind_is_the_rulesets_and_every_kind_plays_to_the_end(name: str, params: dict[str, Any], kind: str) -> None:
    rules = load(name, **params)
    assert session_kind(rules) == kind and kind in KINDS
    session = Session(rules, 4)
    session.play((chaos_bot,), random.Random(4))
    record = session.record()
    assert session.is_over and session.winners
    assert list(record) == (MATCH_KEYS if kind == GAMES_AND_MARKS else TABLE_KEYS)
    if kind == GAMES_AND_MARKS:
        assert session.winner is not None and session.sides[session.winner] == session.winners
    else:
        assert record["kind"] == kind and record["winners"] == session.winners


@pytest.mark.parametrize("name", ["homme-de-brou-1802", "brusquembille-1718"])
def test_two_bots_play_the_even_and_the_odd_players(name: str) -> None:
    """bots[p % 2] chooses for table player p: in 1802 one bot per team."""
    rules = load(name)
    session = Session(rules, 9)
    asked: list[tuple[str, int]] = []

    def bot(label: str) -> Any:
        def choose(deal: Any, rng: random.Random) -> int:
            asked.append((label, session.seating.player(deal.to_act)))
            return chaos_bot(deal, rng)
        return choose

    session.play((bot("even"), bot("odd")), random.Random(9))
    assert asked and all((label == "even") == (player % 2 == 0) for label, player in asked)


def test_the_bots_of_each_engine() -> None:
    assert bots_of(load("brouc")) is BOTS and bots_of(load("hombre")) is PHASE_BOTS
    assert set(BOTS) == set(PHASE_BOTS) == {"random", "greedy", "chaos"}
    session = Session(load("brouc"), 1)
    assert isinstance(session.deal, HommeDeal)


def test_one_function_moves_the_dealer_in_every_game() -> None:
    ids = ("hdb.match.next-dealer", "brus.match.next-dealer", "auv.match.next-dealer", "hom.match.next-dealer")
    assert {IMPLEMENTED_BY[i] for i in ids} == {"brou.engine.session.next_offset"}
    assert next_offset(load("homme-de-brou-1802"), 0) == 1
    assert next_offset(load("homme-de-brou-1802", next_dealer="left"), 0) == 3
    assert next_offset(load("brusquembille-1718", form="four-partners"), 1) == 3
    assert next_offset(load("hombre", form="four"), 3) == 0

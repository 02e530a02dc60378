"""Players by name with parameters (`brou.players.names`): the registry, the reading of a spec
(`pimc:samples=8:early=4`), and the commands that take them (`brou match --players`, `--bots`,
`brou study --players`, `brou league --players`)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from brou.cli import main
from brou.engine.bots import bots_of
from brou.errors import UsageError
from brou.players import PLAYER_NAMES, Pimc, careful_bot, pimc_bot, player_bot, players_of
from brou.players.names import REGISTRY, Maker, Param, PlayerSpec, parse_player, parse_players
from brou.players.pimc import EARLY_SAMPLES, SAMPLES
from brou.spec.rules import Rules

BROUC = Rules.load("brouc")


def test_a_plain_name_is_the_player_at_its_defaults() -> None:
    for name in PLAYER_NAMES:
        spec = parse_player(name)
        assert spec == PlayerSpec(name) and spec.text == name
        assert spec.bot(BROUC) is players_of(BROUC)[name]
    assert parse_player("pimc").values() == {"samples": SAMPLES, "early": EARLY_SAMPLES}
    assert parse_player("greedy").bot(BROUC) is bots_of(BROUC)["greedy"]
    assert parse_player("careful").bot(BROUC) is careful_bot and parse_player("pimc").bot(BROUC) is pimc_bot


def test_a_spec_sets_the_parameters_it_names() -> None:
    spec = parse_player("pimc:samples=8:early=4")
    assert spec.params == (("samples", 8), ("early", 4)) and spec.text == "pimc:samples=8:early=4"
    assert spec.bot(BROUC) == Pimc(samples=8, early=4)
    assert parse_player("pimc:early=4:samples=8") == spec  # kept in the order the player declares them
    assert parse_player("pimc:early=none").bot(BROUC) == Pimc(samples=SAMPLES, early=None)
    assert parse_player(" pimc : samples = 8 ").text == "pimc:samples=8"
    assert player_bot(BROUC, "pimc:samples=3") == Pimc(samples=3, early=EARLY_SAMPLES)


def test_a_comma_separates_players_and_a_parameter_after_it_continues_the_one_before() -> None:
    assert parse_players("pimc:samples=8,greedy") == (PlayerSpec("pimc", (("samples", 8),)), PlayerSpec("greedy"))
    both = (PlayerSpec("pimc", (("samples", 8), ("early", 4))), PlayerSpec("greedy"))
    assert parse_players("pimc:samples=8:early=4,greedy") == both
    assert parse_players("pimc:samples=8,early=4,greedy") == both
    assert [s.text for s in parse_players("random,careful,pimc:early=none,pimc")] == [
        "random", "careful", "pimc:early=none", "pimc"]


@pytest.mark.parametrize(("text", "says"), [
    ("foo", "no player 'foo' (the players: random, greedy, chaos, careful, pimc"),
    ("", "a player's name is empty"),
    ("greedy,,random", "a player's name is empty"),
    ("pimc:samples=0", "player pimc: samples is a whole number from 1 to 1000, not '0'"),
    ("pimc:samples=1001", "player pimc: samples is a whole number from 1 to 1000"),
    ("pimc:samples=8.5", "player pimc: samples is a whole number from 1 to 1000, not '8.5'"),
    ("pimc:samples=many", "not 'many'"),
    ("pimc:samples=none", "player pimc: samples is a whole number from 1 to 1000, not 'none'"),
    ("pimc:early=-1", "player pimc: early is a whole number from 1 to 1000 or none, not '-1'"),
    ("pimc:worlds=3", "player pimc has no parameter 'worlds' (it takes samples, early)"),
    ("greedy:samples=3", "player greedy has no parameter 'samples' (it takes no parameter)"),
    ("pimc:samples", "player pimc: a parameter is written KEY=VALUE, not 'samples'"),
    ("pimc:samples=3:samples=4", "player pimc: samples is given twice"),
    ("pimc:samples=3,samples=4", "player pimc: samples is given twice"),
    ("samples=3,pimc", "a parameter 'samples=3' with no player before it"),
    ("greedy,early=3", "player greedy has no parameter 'early'"),
    ("pimc:samples=" + "9" * 300, "a player's spec is at most 200 characters"),
    (",".join(["random"] * 100), "100 players named; at most 64"),
])
def test_a_bad_spec_is_one_line_naming_the_player_and_the_parameter(text: str, says: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_players(text)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_adding_a_player_is_one_entry_of_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the search player comes in: a factory taking the rules and typed parameters."""
    def make(rules: Rules, worlds: int, seconds: float) -> Any:
        return ("made", rules.id, worlds, seconds)

    entry = Maker("fixed", "a player for this test", make, (
        Param("worlds", int, 1, 64, 8, "worlds a decision"), Param("seconds", float, 0.01, 60, 1.0, "a decision's budget")))
    monkeypatch.setitem(REGISTRY, "fixed", entry)
    spec = parse_player("fixed:seconds=0.25")
    assert spec.values() == {"worlds": 8, "seconds": 0.25}
    made: Any = spec.bot(BROUC)
    assert made == ("made", "brouc", 8, 0.25)
    assert [s.text for s in parse_players("fixed:worlds=2,seconds=3,greedy")] == ["fixed:worlds=2:seconds=3.0", "greedy"]
    for bad, says in (("fixed:seconds=0", "seconds is a number from 0.01 to 60"),
                      ("fixed:seconds=nan", "not 'nan'"), ("fixed:seconds=inf", "not 'inf'")):
        with pytest.raises(UsageError, match=says):
            parse_player(bad)


# -- the commands ---------------------------------------------------------------------------------


def test_match_takes_specs_in_players_and_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--ruleset", "homme-d-auvergne", "--seed", "3", "--players",
                 "pimc:samples=1:early=1,greedy,careful,random", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["players"] == ["pimc:samples=1:early=1", "greedy", "careful", "random"]
    assert main(["match", "--ruleset", "homme-d-auvergne", "--seed", "3", "--bots", "pimc:samples=1,early=1,greedy",
                 "--json"]) == 0
    bots = json.loads(capsys.readouterr().out)
    assert bots["bots"] == ["pimc:samples=1:early=1", "greedy"]
    assert bots["players"] == ["pimc:samples=1:early=1", "greedy"] * 2


def test_a_spec_plays_as_the_player_it_names() -> None:
    """`pimc:samples=1` is Pimc(samples=1): the same choices from the same generator."""
    rules = Rules.load("homme-d-auvergne")
    from brou.engine.session import Session

    session = Session(rules, 5)
    while session.deal.phase != "play":
        session.apply(careful_bot(session.deal, random.Random(0)))
    named, made = player_bot(rules, "pimc:samples=2"), Pimc(samples=2)
    assert named(session.deal, random.Random(1)) == made(session.deal, random.Random(1))


@pytest.mark.parametrize(("args", "says"), [
    (["match", "--ruleset", "brouc", "--seed", "1", "--players", "greedy,random,pimc:samples=0,random"],
     "brou match: argument --players: player pimc: samples is a whole number from 1 to 1000, not '0'"),
    (["match", "--ruleset", "brouc", "--seed", "1", "--bots", "pimc:sample=3,greedy"],
     "brou match: argument --bots: player pimc has no parameter 'sample' (it takes samples, early)"),
    (["match", "--ruleset", "brouc", "--seed", "1", "--bots", "pimc:samples=3,greedy,random"],
     "--bots takes two players separated by a comma"),
    (["study", "AMB-55", "--players", "careful:x=1"], "brou study: player careful has no parameter 'x'"),
    (["league", "--ruleset", "brouc", "--players", "greedy,pimc:early=0"],
     "brou league: argument --players: player pimc: early is a whole number from 1 to 1000 or none, not '0'"),
])
def test_the_commands_refuse_a_bad_spec_in_one_line(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and says in err, err

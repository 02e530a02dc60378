"""`brou match --players`: one player's name per player at the table, beside --bots."""

from __future__ import annotations

import json

import pytest

from brou.cli import main
from brou.compiled import slow_warning


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["match", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_players_names_each_seat_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--ruleset", "brusquembille-1718", "--seed", "2", "--players", "careful,greedy,random",
                         "--json")
    assert (code, err) == (0, "")
    record = json.loads(out)
    assert record["players"] == ["careful", "greedy", "random"] and "bots" not in record


def test_bots_are_players_alternating(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--ruleset", "brouc", "--seed", "3", "--bots", "careful,greedy", "--json")
    assert code == 0
    bots = json.loads(out)
    code, out, _ = run(capsys, "--ruleset", "brouc", "--seed", "3", "--players", "careful,greedy,careful,greedy", "--json")
    assert code == 0
    players = json.loads(out)
    assert bots["players"] == players["players"] == ["careful", "greedy", "careful", "greedy"]
    assert bots["bots"] == ["careful", "greedy"]
    assert {k: v for k, v in bots.items() if k != "bots"} == players


def test_the_text_says_who_played(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--ruleset", "brouc", "--seed", "3", "--players", "careful,greedy,careful,random")
    assert code == 0
    assert out.rstrip().splitlines()[-1].startswith(
        "Nous (players 0 and 2): careful bot; Eux (players 1 and 3): greedy and random bots")
    code, out, _ = run(capsys, "--ruleset", "homme-d-auvergne", "--seed", "3", "--players", "careful,greedy,random,greedy")
    assert code == 0
    assert out.rstrip().splitlines()[-1] == "Players: 0 careful; 1 greedy; 2 random; 3 greedy."


@pytest.mark.parametrize(("args", "message"), [
    (("--players", "greedy,random"), "brou match: --players names 2 players; brouc is played by 4"),
    (("--players", "greedy,random,greedy,random", "--bots", "greedy,random"),
     "brou match: give --players or --bots, not both"),
    (("--players", "greedy,random,foo,random"), "no player 'foo' (the players: random, greedy"),
])
def test_wrong_players_are_one_line_and_status_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                                 message: str) -> None:
    code, out, err = run(capsys, "--ruleset", "brouc", "--seed", "3", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


@pytest.mark.slow("a whole match with the PIMC player on the pure solver")
def test_a_match_with_pimc_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--ruleset", "hombre", "--seed", "1", "--players", "pimc,greedy,pimc", "--json")
    warning = slow_warning("match")  # the one line where the engine runs as Python, as in an editable install
    assert (code, err) == (0, warning + "\n" if warning else "")
    assert json.loads(out)["players"] == ["pimc", "greedy", "pimc"]

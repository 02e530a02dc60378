"""Which engine an install builds and which one runs (brou.compiled, setup.py): what
`BROU_MYPYC` asks of a build, what `brou --version` says, and the one line on standard error
with which the commands that search say, where the engine runs as Python, that they will be
slow (docs/design.md, "Speed").  This environment is the editable install, pure Python;
tests/test_compiled.py and tests/test_install.py check the same in a compiled wheel and in one
built where no C compiler is."""

from __future__ import annotations

import importlib
import os
import re
from typing import Any

import pytest

from brou import compiled
from brou.cli.main import main, version

SLOW_LINE = "the engine runs as pure Python here"
POSITION = "brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS KS"


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if SLOW_LINE in line]


def test_brou_mypyc_asks_to_try_for_pure_or_for_compiled_or_fail() -> None:
    assert compiled.build_choice(None) == compiled.build_choice("") == "try"
    assert compiled.build_choice("0") == "pure"
    assert compiled.build_choice("1") == "must"
    for wrong in ("yes", "2", "true", " 1"):
        with pytest.raises(ValueError, match=re.escape("BROU_MYPYC is 0 (pure Python), 1 (compiled, or fail) or unset")):
            compiled.build_choice(wrong)


def test_the_version_says_the_engine_runs_pure_here_and_why(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out == f"brou {version()}; engine: pure Python (not built compiled: an editable install or a source tree)\n"


def fake_build(monkeypatch: pytest.MonkeyPatch, note: str, runs_compiled: bool) -> None:
    """This process as if its install had written `note` and its engine were (or were not) loaded compiled."""
    monkeypatch.setattr(compiled, "engine_note", lambda: note)
    monkeypatch.setattr(compiled, "is_compiled", lambda module=None: runs_compiled)


@pytest.mark.parametrize(("note", "runs_compiled", "pure", "text"), [
    ("compiled, profile-guided", True, False, "compiled with mypyc, profile-guided"),
    ("compiled", True, False, "compiled with mypyc"),
    ("compiled", False, True, "pure Python (BROU_PURE=1 is set)"),
    ("pure: BROU_MYPYC=0 was set", False, False, "pure Python (BROU_MYPYC=0 was set)"),
    ("pure: no C compiler could build an extension module here (cc: not found)", False, False,
     "pure Python (no C compiler could build an extension module here (cc: not found))"),
    ("", False, False, "pure Python (not built compiled: an editable install or a source tree)"),
])
def test_the_engine_text_says_how_the_install_built_it(monkeypatch: pytest.MonkeyPatch, note: str,
                                                       runs_compiled: bool, pure: bool, text: str) -> None:
    fake_build(monkeypatch, note, runs_compiled)
    monkeypatch.setattr(os, "environ", {**os.environ, compiled.PURE_VARIABLE: "1"} if pure else
                        {k: v for k, v in os.environ.items() if k != compiled.PURE_VARIABLE})
    assert compiled.engine_text() == text
    warning = compiled.slow_warning("solve")
    if runs_compiled:
        assert warning == ""
        return
    assert warning.startswith(f"brou solve: {SLOW_LINE} ({text.removeprefix('pure Python (')}")
    assert "\n" not in warning
    remedy = ("unset BROU_PURE for the compiled engine" if pure else
              "`pip install .` without BROU_MYPYC=0 gives the compiled engine" if "BROU_MYPYC=0" in note else
              "`pip install .` (not -e) where a C compiler is gives the compiled engine")
    assert warning.endswith(f": {remedy} (docs/solve.md, \"Speed\")"), warning


def test_a_solve_says_once_it_is_slow_here(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = call(capsys, "solve", "--from", POSITION)
    assert code == 0, err
    assert "Value for player" in out
    [line] = err.splitlines()
    assert line.startswith(f"brou solve: {SLOW_LINE}") and "`pip install .` (not -e) where a C compiler is" in line


def test_a_question_the_solver_cannot_answer_is_refused_before_the_engine_is_spoken_of(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = call(capsys, "solve", "--from", POSITION, "--goal", "jetons")
    assert code == 2 and err == "brou solve: brouc is solved for count, not 'jetons'\n", err


def test_a_match_with_a_searching_player_says_it_once(capsys: pytest.CaptureFixture[str]) -> None:
    """A whole game of L'Homme d'Auvergne: the sampling players solve at each card they play,
    the line is written once."""
    code, _, err = call(capsys, "match", "--ruleset", "homme-d-auvergne", "--seed", "1",
                        "--bots", "pimc:samples=1:early=1,random")
    assert code == 0, err
    assert len(warnings(err)) == 1 and err.startswith("brou match: " + SLOW_LINE), err


@pytest.mark.parametrize("args", [
    ("match", "--ruleset", "homme-d-auvergne", "--seed", "1", "--bots", "careful,greedy"),
    ("match", "--ruleset", "homme-d-auvergne", "--seed", "1"),
    ("deal", "--ruleset", "brouc", "--seed", "7"),
    ("check", "--id", "auv.match.target.king-turned.in-notation", "--no-progress"),
    ("validate", "brouc"),
])
def test_commands_that_do_not_search_say_nothing_of_the_engine(capsys: pytest.CaptureFixture[str],
                                                               args: tuple[str, ...]) -> None:
    code, _, err = call(capsys, *args)
    assert code == 0, err
    assert warnings(err) == [] and "pure Python" not in err


def test_nothing_is_said_where_the_engine_runs_compiled(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    fake_build(monkeypatch, "compiled", True)
    code, _, err = call(capsys, "solve", "--from", POSITION)
    assert code == 0 and err == "", err


class Stop(BaseException):
    """Raised where a command would start playing (past the command's own handling of errors):
    what it wrote before is what it says up front."""


def stop(*args: Any, **kwargs: Any) -> Any:
    raise Stop


@pytest.mark.parametrize(("players", "said"), [("careful", False), ("careful,search", True), ("pimc:samples=4", True)])
def test_a_study_says_it_once_before_it_plays_where_a_player_searches(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, players: str, said: bool) -> None:
    import brou.study.campaign

    monkeypatch.setattr(brou.study.campaign, "run_each", stop)  # the sessions on Dask: not played here
    with pytest.raises(Stop):
        main(["study", "AMB-13", "--deals", "2", "--players", players, "--no-progress"])
    found = warnings(capsys.readouterr().err)
    assert len(found) == said and all(line.startswith(f"brou study: {SLOW_LINE}") for line in found)


@pytest.mark.parametrize(("players", "said"), [("random,greedy", False), ("random,pimc", True)])
def test_a_league_says_it_once_before_it_plays_where_a_player_searches(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, players: str, said: bool) -> None:
    league_play = importlib.import_module("brou.league.play")  # (brou.league.play is also the function)

    monkeypatch.setattr(league_play, "play", stop)
    with pytest.raises(Stop):
        main(["league", "--ruleset", "homme-d-auvergne", "--players", players, "--deals", "2", "--no-progress"])
    found = warnings(capsys.readouterr().err)
    assert len(found) == said and all(line.startswith(f"brou league: {SLOW_LINE}") for line in found)


def test_brou_web_says_it_once_it_serves(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """After its address, before it serves (a port it cannot take is the one line of a refusal,
    tests/test_web.py)."""
    uvicorn = pytest.importorskip("uvicorn")
    monkeypatch.setattr(uvicorn.Server, "run", stop)  # the server: not started here (its socket is open)
    with pytest.raises(Stop):
        main(["web", "--port", "0", "--workers", "0"])
    out, err = capsys.readouterr()
    assert out.startswith("brou web: serving on http://127.0.0.1:")
    assert [line.split(":")[0] for line in warnings(err)] == ["brou web"]

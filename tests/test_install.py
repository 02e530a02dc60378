"""The package as a user gets it: a wheel built from this tree, installed with pip into a
fresh virtual environment, used from a folder outside the repository.

The spec, the schemas and the corpus must travel inside the wheel (brou/_data, read through
importlib.resources): `brou validate`, `brou deal`, `brou prove`, `brou check`, `brou fuzz`, `brou sources` and
`brou ambiguities` work with nothing of the source tree around.  The optional parts say
how to get them.  The wheel is built as a plain `pip install .` builds it where no C compiler
is (`CC=/nonexistent`): the pure engine, said in one line of the build's output, by
`brou --version`, and once by a command that searches (tests/test_compiled.py builds it where
one is).  One wheel and one environment serve every test of the module.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from helpers import REPO, Installed, build_wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    return Installed(tmp_path_factory.mktemp("install"), build={"CC": "/nonexistent"})


NO_COMPILER = "no C compiler could build an extension module here ("


def test_without_a_c_compiler_the_engine_is_installed_pure_and_the_build_says_so_once(installed: Installed) -> None:
    said = [line.strip() for line in installed.build_output.splitlines() if "installing the engine as pure Python" in line]
    assert len(said) == 1, installed.build_output[-3000:]
    assert said[0].startswith("brou: installing the engine as pure Python") and NO_COMPILER in said[0]
    assert "/nonexistent" in said[0]
    wheel = zipfile.ZipFile(installed.wheel)
    assert not [n for n in wheel.namelist() if n.endswith(".so")]  # nor one left from an earlier build of the tree
    assert wheel.read("brou/_engine.txt").decode().startswith("pure: " + NO_COMPILER)
    version = installed.run("--version")
    assert version.returncode == 0 and version.stderr == ""
    assert version.stdout.startswith("brou 0.1.0; engine: pure Python (" + NO_COMPILER), version.stdout


def test_brou_mypyc_0_builds_the_pure_engine_without_a_word_and_1_compiled_or_not_at_all(tmp_path: Path) -> None:
    """Asked for pure Python, the build says nothing of it (asked for: not news) and writes why
    into the package; asked for the compiled engine where no C compiler is, the build fails,
    naming why in one line."""
    pure = build_wheel(tmp_path / "pure", 600, BROU_MYPYC="0")
    assert pure.returncode == 0, pure.stderr[-2000:]
    assert "installing the engine as pure Python" not in pure.stdout + pure.stderr
    [wheel] = (tmp_path / "pure").glob("brou-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "brou/engine/phases.py" in names and not [n for n in names if n.endswith(".so")]
    assert zipfile.ZipFile(wheel).read("brou/_engine.txt").decode() == "pure: BROU_MYPYC=0 was set\n"
    must = build_wheel(tmp_path / "must", 600, BROU_MYPYC="1", CC="/nonexistent")
    assert must.returncode != 0 and not list((tmp_path / "must").glob("*.whl"))
    said = [line.strip() for line in (must.stdout + must.stderr).splitlines() if line.strip().startswith("brou: ")]
    assert said == ["brou: BROU_MYPYC=1 but " + NO_COMPILER + "[Errno 2] No such file or directory: '/nonexistent')"], said


def test_where_it_runs_pure_a_search_says_once_it_is_slow_and_how_to_get_it_compiled(installed: Installed) -> None:
    solved = installed.run("solve", "--from", "brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS KS")
    assert solved.returncode == 0, solved.stderr
    [line] = solved.stderr.splitlines()
    assert line.startswith(f"brou solve: the engine runs as pure Python here ({NO_COMPILER}")
    assert "`pip install .` (not -e) where a C compiler is gives the compiled engine" in line
    dealt = installed.run("deal", "--ruleset", "brouc", "--seed", "7")
    assert dealt.returncode == 0 and dealt.stderr == "", dealt.stderr


def test_the_wheel_carries_the_spec_the_corpus_and_the_typing_marker(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for needed in ("brou/py.typed", "brou/_data/spec/rulesets/brouc.yaml", "brou/_data/spec/schema/ruleset.schema.json",
                   "brou/_data/spec/ambiguities.yaml", "brou/_data/conformance/PROTOCOL.md",
                   "brou/_data/conformance/scenarios/brouc/play/overtrump.yaml"):
        assert needed in names, needed
    assert sum(n.endswith(".jsonl") for n in names) >= 50
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(installed.wheel).read(metadata).decode()
    assert "License-Expression: MIT" in text and "Requires-Python: >=3.11" in text and "Provides-Extra: openspiel" in text


def test_the_installed_package_reads_its_data_from_itself(installed: Installed) -> None:
    done = installed.python("import brou, brou.spec; print(brou.spec.DATA_ROOT); print(brou.__file__)")
    assert done.returncode == 0, done.stderr
    data_root, module = done.stdout.split()
    assert str(REPO) not in data_root and data_root.endswith("brou/_data") and str(REPO) not in module


def test_validate_deal_and_version(installed: Installed) -> None:
    validate = installed.run("validate")
    assert validate.returncode == 0, validate.stderr
    lines = validate.stdout.splitlines()
    assert all(line.startswith("ok ") for line in lines)
    assert [line.split(":")[0].rsplit("/", 1)[-1] for line in lines] == ["brouc.yaml", "brusquembille-1718.yaml",
                                                                          "hombre.yaml", "homme-d-auvergne.yaml",
                                                                          "homme-de-brou-1802.yaml"]
    deal = installed.run("deal", "--ruleset", "brouc", "--seed", "7", "--json")
    assert deal.returncode == 0, deal.stderr
    assert len(json.loads(deal.stdout)["deal"]["hands"]) == 4
    version = installed.run("--version")
    assert version.returncode == 0 and version.stdout.startswith("brou 0.1.0; engine: pure Python")


def test_the_notation_and_the_game_record_from_the_installed_package(installed: Installed) -> None:
    """A match's record written and replayed, a position played on, and the scenarios whose
    deal is given in the notation, all outside the repository."""
    record = installed.run("match", "--ruleset", "homme-d-auvergne", "--seed", "4", "--record", "game.brou")
    assert record.returncode == 0, record.stderr
    again = installed.run("match", "--from", "game.brou")
    assert again.returncode == 0 and "every one following from the one before" in again.stdout, again.stderr
    line = "brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS KS"
    deal = installed.run("deal", "--from", line)
    assert deal.returncode == 0 and deal.stdout.splitlines()[-1].startswith(f"Notation: {line} "), deal.stderr
    check = installed.run("check", "--id", "auv.match.target.king-turned.in-notation", "--report", "json", "--no-progress")
    assert check.returncode == 0 and json.loads(check.stdout)["counts"]["passed"] == 1, check.stderr[-2000:]


def test_check_runs_a_slice_of_the_corpus_through_the_protocol(installed: Installed) -> None:
    done = installed.run("check", "--clause", "brouc.play.overtrump", "--report", "json", "--no-progress")
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["counts"]["passed"] >= 5 and report["counts"]["failed"] == 0 and report["counts"]["errored"] == 0


def test_fuzz_runs_and_shrinks_from_the_installed_package(installed: Installed) -> None:
    """More than 200 cases: the search runs in a process of its own (`python -m brou.conformance.cases.fuzz`)."""
    done = installed.run("fuzz", "--deals", "250", "--report", "json", "--no-progress")
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["cases"] == 250
    broken = Path(__file__).parent / "fakes" / "broken.py"
    found = installed.run("fuzz", "--impl", f"{installed.bin / 'python'} {broken} drop-legal", "--deals", "5",
                          "--save", str(installed.work / "found"), "--no-progress")
    assert found.returncode == 1, found.stderr[-2000:]
    assert len(list((installed.work / "found").glob("fuzz.*.yaml"))) == 1


def test_the_concordance_travels_without_the_sources(installed: Installed) -> None:
    done = installed.run("sources", "--check")
    assert done.returncode == 0 and "the sources are not at hand" in done.stderr, done.stderr[-2000:]
    listed = installed.run("sources", "--json", "--source", "S4")
    assert listed.returncode == 0 and len(json.loads(listed.stdout)) == 4


def test_prove_and_the_register(installed: Installed) -> None:
    prove = installed.run("prove", "--fact", "crosscheck.rounding")
    assert prove.returncode == 0, prove.stderr
    assert "crosscheck.rounding" in prove.stdout and "proved" in prove.stdout
    register = installed.run("ambiguities", "--json")
    assert register.returncode == 0, register.stderr
    assert len(json.loads(register.stdout)["entries"]) >= 40


def test_the_openspiel_games_say_which_extra_they_need(installed: Installed) -> None:
    done = installed.python("import brou.openspiel")
    assert done.returncode != 0
    assert "pip install 'brou[openspiel]'" in done.stderr.strip().splitlines()[-1]

"""The engine compiled with mypyc (setup.py; brou.compiled): a wheel built from this tree as a
plain `pip install .` builds it where a C compiler is, installed into a fresh environment,
plays as the pure engine does.

The compiled process says it is compiled (`brou --version`, and no word of slowness from a
command that searches) and `BROU_PURE=1` gives it its `.py` files; the whole
corpus gets the same verdict, scenario by scenario, either way; the engine's own tests pass
against the compiled classes; and the diagnosis still finds a slip that only a mutant of the
clause's function reproduces (the mutants run in a pure child, brou.conformance.diagnosis.counterfactual).
One wheel and one environment serve every test of the module.
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
import zipfile

import pytest

from helpers import REPO, Installed, clean_env

# the engine's tests run against the compiled classes: copies, undo, the deal classes, the laws,
# the refusals of bad input (an int parameter of a compiled function would take True as 1); and
# the solver's, against minimax over the compiled engine
ENGINE_TESTS = ("tests/test_copy.py", "tests/test_one_engine.py", "tests/test_hombre.py", "tests/test_deal.py",
                "tests/test_play.py", "tests/test_following.py", "tests/test_view.py", "tests/test_out_of_turn.py",
                "tests/test_brusquembille.py", "tests/test_homme_d_auvergne.py", "tests/test_session.py",
                "tests/test_stateful.py", "tests/test_errors.py", "tests/test_library.py", "tests/test_shuffle.py",
                "tests/test_solve.py")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel a plain build makes (no BROU_MYPYC), pytest beside it."""
    return Installed(tmp_path_factory.mktemp("compiled"), also=("pytest>=8",), timeout=900)


IS_COMPILED = "import brou, brou.compiled as c; print(c.is_compiled(), brou.__file__)"


def test_the_engine_is_compiled_and_brou_pure_gives_its_python(compiled: Installed) -> None:
    done = compiled.python(IS_COMPILED)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "True" and str(REPO) not in done.stdout
    done = compiled.python(IS_COMPILED, BROU_PURE="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "False"


POSITION = "brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS KS"


def test_a_plain_build_compiles_and_brou_says_which_engine_runs(compiled: Installed) -> None:
    assert "installing the engine as pure Python" not in compiled.build_output
    assert zipfile.ZipFile(compiled.wheel).read("brou/_engine.txt").decode() == "compiled\n"
    version = compiled.run("--version")
    assert version.returncode == 0 and version.stdout == "brou 0.1.0; engine: compiled with mypyc\n", version.stdout
    solved = compiled.run("solve", "--from", POSITION)
    assert solved.returncode == 0 and "Value for player" in solved.stdout and solved.stderr == "", solved.stderr
    pure = compiled.run("--version", BROU_PURE="1")
    assert pure.stdout == "brou 0.1.0; engine: pure Python (BROU_PURE=1 is set)\n", pure.stdout
    solved = compiled.run("solve", "--from", POSITION, BROU_PURE="1")
    assert solved.returncode == 0 and "Value for player" in solved.stdout, solved.stderr
    [line] = solved.stderr.splitlines()
    assert line.startswith("brou solve: the engine runs as pure Python here (BROU_PURE=1 is set)")
    assert "unset BROU_PURE for the compiled engine" in line


REGISTRY = "import json; from brou.spec.clauses import all_implementations; print(json.dumps(all_implementations()))"


def test_every_clause_names_the_same_function_compiled_and_pure(compiled: Installed) -> None:
    """The registry (brou.spec.clauses) of a compiled process: the same function for every
    clause, a compiled method named by its class as a pure one is."""
    fast = compiled.python(REGISTRY)
    pure = compiled.python(REGISTRY, BROU_PURE="1")
    assert fast.returncode == 0 and pure.returncode == 0, fast.stderr + pure.stderr
    assert len(json.loads(fast.stdout)) > 150
    assert json.loads(fast.stdout) == json.loads(pure.stdout)


def _verdicts(done: subprocess.CompletedProcess[str]) -> dict[str, str]:
    report = json.loads(done.stdout)
    return {s["id"]: s["status"] for s in report["scenarios"]}


def test_the_corpus_gets_the_same_verdicts_compiled_and_pure(compiled: Installed) -> None:
    fast = compiled.run("check", "--report", "json")
    pure = compiled.run("check", "--report", "json", BROU_PURE="1")
    assert fast.returncode == 0 and pure.returncode == 0, fast.stderr[-1000:] + pure.stderr[-1000:]
    verdicts = _verdicts(fast)
    assert len(verdicts) > 12_000 and set(verdicts.values()) == {"passed"}
    assert verdicts == _verdicts(pure)


def test_the_engine_tests_pass_against_the_compiled_classes(compiled: Installed) -> None:
    check = compiled.python(IS_COMPILED, cwd=REPO)
    assert check.stdout.split()[0] == "True", check.stdout + check.stderr  # not the source tree's pure modules
    done = subprocess.run([str(compiled.bin / "python"), "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                           "-m", "not slow", *ENGINE_TESTS], cwd=REPO, capture_output=True, text=True, timeout=1200,
                          env=clean_env(), check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


FIND_THE_SLIP = textwrap.dedent("""
    import linecache, pickle, sys
    from brou.compiled import is_compiled
    from brou.conformance.judging.compare import FAILED
    from brou.conformance.scenarios.corpus import SCENARIO_DIR
    from brou.conformance.judging.reference import load_corpus, reference_verdict
    from brou.conformance.judging.verdict import Outcome
    from brou.conformance.diagnosis.localise import ranked
    if sys.argv[1] == "play":  # pure: the corpus's scenarios of the count, judged as a program with the slip
        from brou.conformance.diagnosis.mutants import mutable, mutants, played
        func = mutable("hom.count.result")
        tie = next(m for m in mutants(func) if m.was == "REMISE" and m.now == "CODILLE"
                   and "best_tier" in linecache.getline(m.code.co_filename, m.line))
        scenarios = [s for s in load_corpus([SCENARIO_DIR]) if s.ruleset == "hombre" and s.clauses[0].startswith("hom.count.")]
        verdicts = played(func, [tie], lambda m: [reference_verdict(s, 10.0) for s in scenarios], 60)[0]
        outcomes = [Outcome(s, v._replace(clause=s.clauses[0]) if v.status == FAILED else v)
                    for s, v in zip(scenarios, verdicts)]
        sys.stdout.buffer.write(pickle.dumps(outcomes))
    else:  # compiled: the verdict on them
        assert is_compiled()
        outcomes = pickle.load(sys.stdin.buffer)
        print(ranked("hombre", outcomes)[0].clause)
""")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="mutants are played in a forked child")
def test_a_compiled_process_finds_a_slip_only_a_mutant_reproduces(compiled: Installed) -> None:
    """L'Hombre's tie counted as codille (tests/test_mutants.py): the failures are made by the
    pure engine with the slip; the compiled process names the clause, its mutants played in a
    pure child."""
    script = compiled.work / "slip.py"
    script.write_text(FIND_THE_SLIP)
    python = str(compiled.bin / "python")
    played = subprocess.run([python, str(script), "play"], cwd=compiled.work, capture_output=True, timeout=600,
                            env=clean_env(BROU_PURE="1"), check=False)
    assert played.returncode == 0, played.stderr[-2000:]
    judged = subprocess.run([python, str(script), "judge"], cwd=compiled.work, input=played.stdout,
                            capture_output=True, timeout=600, env=clean_env(), check=False)
    assert judged.returncode == 0, judged.stderr[-2000:]
    assert judged.stdout.decode().split() == ["hom.count.result"]

"""The pytest plugin: `pytest --brou-impl COMMAND` gives one test per scenario."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

# an implementation that plays like the reference but forgets one legal action in every
# list of two or more, and announces itself without the perft feature
WRONG = '''
import json, sys
from brou.conformance.protocol.server import Reference
ref = Reference()
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("cmd") == "stop":
        break
    answer = ref.handle(msg)
    if msg.get("cmd") == "hello":
        answer["features"] = [f for f in answer["features"] if f != "perft"]
    for result in answer.get("results", []):
        if isinstance(result.get("legal"), list) and len(result["legal"]) > 1:
            result["legal"] = result["legal"][1:]
    print(json.dumps(answer), flush=True)
'''

SELECT = ["--brou-ruleset", "brouc", "--brou-id", "brouc.play.overtrump.*", "--brou-id", "brouc.perft.start-1",
          "-p", "no:cacheprovider"]


def test_one_test_per_scenario_against_the_reference(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess("--brou-impl", f"{sys.executable} -m brou serve", *SELECT)
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) >= 2 and "failed" not in outcomes and "error" not in outcomes
    assert result.ret == 0


def test_failures_name_the_clause_and_expected_failures_are_honoured(pytester: pytest.Pytester, tmp_path: Path) -> None:
    script = tmp_path / "wrong.py"
    script.write_text(WRONG, encoding="utf-8")
    result = pytester.runpytest_subprocess("--brou-impl", f"{sys.executable} {script}", *SELECT)
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed", 0) >= 1 and outcomes.get("skipped", 0) == 1  # the perft scenario: no perft feature
    result.stdout.fnmatch_lines(["*brouc.play.overtrump.ruff-must-overtrump*", "*legal: missing*",
                                 "*brouc.play.overtrump: Whoever plays a trump*"])
    assert result.ret == 1
    failing = sorted({line.split("::")[1].split(" ")[0] for line in result.outlines if line.startswith("FAILED ")})
    assert len(failing) == outcomes["failed"]
    xfail = tmp_path / "known.txt"
    xfail.write_text("".join(f"{ident}  the adapter drops an action\n" for ident in failing), encoding="utf-8")
    again = pytester.runpytest_subprocess("--brou-impl", f"{sys.executable} {script}", "--brou-xfail", str(xfail), *SELECT)
    counts = again.parseoutcomes()
    assert counts.get("xfailed", 0) == outcomes["failed"] and "failed" not in counts
    # a listed scenario that passes is reported (strict): lists cannot rot
    passing = next(line.split("::")[1].split(" ")[0] for line in
                   pytester.runpytest_subprocess("--brou-impl", f"{sys.executable} {script}", "-v", *SELECT).outlines
                   if " PASSED" in line and "::" in line)
    xfail.write_text(f"{passing}\n", encoding="utf-8")
    third = pytester.runpytest_subprocess("--brou-impl", f"{sys.executable} {script}", "--brou-xfail", str(xfail), *SELECT)
    assert third.ret == 1 and third.parseoutcomes().get("failed") == outcomes["failed"] + 1


def test_without_the_option_the_plugin_adds_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_alone():\n    assert True\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.parseoutcomes() == {"passed": 1}


def test_a_declared_failure_that_crashes_is_not_excused(pytester: pytest.Pytester, tmp_path: Path) -> None:
    """Expected failures, from the handshake or from --brou-xfail, excuse wrong answers only."""
    ident = "brouc.perft.start-1"
    fake = Path(__file__).resolve().parent / "fakes" / "broken.py"
    xfail = tmp_path / "known.txt"
    xfail.write_text(f"{ident}  it crashes\n", encoding="utf-8")
    result = pytester.runpytest_subprocess("--brou-impl", f"{sys.executable} {fake} crash --id {ident} --known {ident}",
                                           "--brou-xfail", str(xfail), "--brou-id", ident, "-p", "no:cacheprovider")
    assert result.parseoutcomes() == {"failed": 1}
    result.stdout.fnmatch_lines(["*errored: crash: the implementation exited with status 3*"])


def test_a_time_limit_that_is_no_number_of_seconds_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess("--brou-impl", "true", "--brou-timeout", "nan", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--brou-timeout: must be a number of seconds, more than 0 and at most 86400*"])

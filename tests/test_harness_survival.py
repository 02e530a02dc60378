"""The conformance harness against deliberately broken implementations (tests/fakes/broken.py).

Whatever an implementation does (hang, crash, print garbage or megabytes, answer out
of turn, speak another protocol version, answer wrongly without a word), `brou check`
must complete, give every scenario a status that says what happened, restart the
implementation when that can help and give up when it cannot, and exit with the
documented status.  Each test runs `harness.run` over a few tiny scenarios of its own
(written to a temporary folder, so the growing corpus does not change the counts); a
few run `brou check` end to end.

Timings are asserted generously: the machine is shared, so a bound says "not stuck",
never "fast".
"""

from __future__ import annotations

import io
import json
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest

from brou.conformance.diagnosis.run import Run, run
from brou.conformance.judging.reference import load_corpus
from brou.conformance.judging.verdict import MAX_START_FAILURES
from brou.conformance.protocol.bounds import MAX_LINE
from brou.conformance.protocol.runner import ImplementationError, InProcess, Subprocess
from brou.conformance.protocol.server import Reference
from brou.conformance.reporting import report
from brou.conformance.scenarios.corpus import Scenario
from helpers import SCENARIO_HANDS, whole_corpus

FAKE = Path(__file__).resolve().parent / "fakes" / "broken.py"
REPO = Path(__file__).resolve().parents[1]

HANDS = SCENARIO_HANDS

# Seven scenarios on one deal: t.start, t.follow and t.overtrump observe 'legal' lists of
# more than one action; t.follow and t.overtrump have an action that must be refused;
# t.perft needs the feature perft, t.param a parameter option, t.hdb the other ruleset.
SCENARIOS = f"""\
format: brou-scenarios/1
scenarios:
  - id: t.start
    description: the player after the dealer leads, with any card
    clauses: [hdb.play.lead]
    ruleset: brouc
    setup:
      dealer: 3
{HANDS}
    steps:
      - expect: {{to_act: 0, trump: H, legal: [AS, KS, JH, 9D, 8D, 7D, 8C, 7C]}}
  - id: t.follow
    description: a player who holds the suit led must follow it
    clauses: [brouc.play.follow]
    ruleset: brouc
    setup:
      dealer: 3
{HANDS}
    steps:
      - do: AS
      - expect: {{legal: [QS, JS]}}
      - reject: 9H
        code: must-follow-suit
      - do: QS
      - expect: {{trick: [AS, QS]}}
  - id: t.trick
    description: the highest card of the suit led wins the trick, and its winner leads
    clauses: [hdb.play.trick-winner]
    ruleset: brouc
    setup:
      dealer: 3
{HANDS}
    steps:
      - do: [AS, QS, TS, 8S]
      - expect: {{tricks: [0], to_act: 0}}
  - id: t.overtrump
    description: a player void in the suit led who trumps after a ruff must beat it
    clauses: [brouc.play.overtrump]
    ruleset: brouc
    setup:
      dealer: 3
{HANDS}
    steps:
      - do: [AS, QS, TS, 8S]
      - do: [KS, JS, 9S, 7S, 9D, AD, 8H]
      - expect: {{legal: [JC, AH, TH, KH, QH]}}
      - reject: 7H
        code: must-overtrump
      - do: AH
      - expect: {{tricks: [0, 0, 3], to_act: 3}}
  - id: t.perft
    description: two actions from the start of the deal
    clauses: [brouc.play.follow]
    ruleset: brouc
    setup:
      dealer: 3
{HANDS}
    steps:
      - do: AS
      - perft: 2
        count: 4
  - id: t.param
    description: a scenario with a parameter option that is not the default
    clauses: [brouc.play.no-undertrump]
    ruleset: brouc
    params: {{undertrump_when_void: true}}
    setup:
      dealer: 3
{HANDS}
    steps:
      - expect: {{to_act: 0}}
  - id: t.hdb
    description: the same deal under the rules of 1802
    clauses: [hdb.play.lead]
    ruleset: homme-de-brou-1802
    setup:
      dealer: 3
{HANDS}
    steps:
      - expect: {{to_act: 0}}
"""

FIVE = ("t.start", "t.follow", "t.trick", "t.overtrump", "t.perft")
ALL = FIVE + ("t.param", "t.hdb")
PASSED, FAILED, ERRORED, SKIPPED, XFAILED, XPASSED = "passed", "failed", "errored", "skipped", "xfailed", "xpassed"


@pytest.fixture(scope="module", autouse=True)
def fast_fakes() -> Iterator[None]:
    """Every fake starts with the reference's handshake computed once here (a tenth of a second each)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BROU_FAKE_HELLO", json.dumps(Reference().hello()))
        yield


@pytest.fixture(scope="module")
def scenario_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("scenarios")
    (folder / "survival.yaml").write_text(SCENARIOS, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def corpus(scenario_dir: Path) -> dict[str, Scenario]:
    scenarios = load_corpus([scenario_dir])
    assert [s.id for s in scenarios] == list(ALL)
    return {s.id: s for s in scenarios}


def fake_argv(mode: str, *args: str) -> list[str]:
    return [sys.executable, str(FAKE), mode, *args]


def check(corpus: dict[str, Scenario], mode: str, *args: str, ids: Sequence[str] = FIVE, timeout: float = 1.0,
          start_timeout: float = 20.0, max_hangs: int = 5) -> tuple[Run, Subprocess]:
    """Run the scenarios `ids` against `broken.py MODE ARGS`; the run must be complete."""
    impl = Subprocess(fake_argv(mode, *args), start_timeout=start_timeout)
    result = run(impl, [corpus[i] for i in ids], timeout=timeout, max_hangs=max_hangs)
    assert [o.scenario.id for o in result.outcomes] == list(ids)  # every scenario has an outcome, in order
    assert impl.proc is None  # nothing left running
    return result, impl


def statuses(result: Run) -> dict[str, str]:
    return {o.scenario.id: o.status for o in result.outcomes}


def details(result: Run) -> dict[str, str]:
    return {o.scenario.id: o.verdict.detail for o in result.outcomes}


def starts(count_file: Path) -> int:
    """How many times the fake was started (it writes its process id to the file given by --count)."""
    return len(count_file.read_text(encoding="utf-8").splitlines())


def assert_all_gone(count_file: Path) -> None:
    """Every process the fake started has ended and been reaped: none is left hanging."""
    for line in count_file.read_text(encoding="utf-8").splitlines():
        with pytest.raises(ProcessLookupError):
            os.kill(int(line), 0)


# -- the baseline --------------------------------------------------------------------------


def test_the_scenarios_pass_against_a_fake_that_misbehaves_nowhere(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "ok", ids=ALL)
    assert set(statuses(result).values()) == {PASSED}, details(result)
    assert result.exit_status == 0
    assert impl.restarts == 0 and result.restarts == 0
    assert result.hello is not None and result.hello["implementation"]["name"] == "broken-fake"


# -- hangs -------------------------------------------------------------------------------


def test_a_hang_on_every_scenario_costs_about_the_timeout_each(corpus: dict[str, Scenario]) -> None:
    ids = ("t.start", "t.follow")
    result, impl = check(corpus, "hang", ids=ids, timeout=0.3)
    assert statuses(result) == dict.fromkeys(ids, ERRORED)
    for detail in details(result).values():
        assert detail == "hang: no answer within 0.3 s during the scenario"
    assert impl.restarts == 1 and result.restarts == 1  # started afresh for the second scenario
    assert result.exit_status == 3
    for o in result.outcomes:
        assert o.seconds < 8, o  # the timeout plus a start, not minutes
    assert result.seconds < 20


def test_an_implementation_that_hangs_again_and_again_is_not_asked_again(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "hang", timeout=0.3, max_hangs=2)
    assert statuses(result) == dict.fromkeys(FIVE, ERRORED)
    detail = list(details(result).values())
    assert all(d.startswith("hang:") for d in detail[:2])
    assert all(d == "not run: the implementation hung on 2 scenarios in a row (see --max-hangs)" for d in detail[2:])
    assert impl.restarts == 1 and result.seconds < 20


def test_a_hang_on_one_scenario_is_errored_and_the_others_pass_after_a_restart(corpus: dict[str, Scenario],
                                                                               tmp_path: Path) -> None:
    count = tmp_path / "starts"
    # The timeout leaves room for a loaded machine: the restarted fake's first answer (it loads
    # the ruleset) must not be mistaken for a second hang (a CI run once saw it at 0.5 s).
    result, impl = check(corpus, "hang", "--id", "t.follow", "--count", str(count), timeout=4.0)
    assert statuses(result) == {"t.start": PASSED, "t.follow": ERRORED, "t.trick": PASSED, "t.overtrump": PASSED,
                                "t.perft": PASSED}, details(result)
    assert details(result)["t.follow"].startswith("hang: no answer within 4 s")
    assert impl.restarts == 1 and starts(count) == 2
    assert_all_gone(count)  # the sleeping one was killed
    assert result.exit_status == 3
    assert result.seconds < 20


def test_a_hang_in_the_handshake_is_tried_a_few_times_then_given_up(corpus: dict[str, Scenario], tmp_path: Path) -> None:
    count = tmp_path / "starts"
    result, _ = check(corpus, "hang-hello", "--count", str(count), start_timeout=0.3)
    assert statuses(result) == dict.fromkeys(FIVE, ERRORED)
    detail = list(details(result).values())
    for d in detail[:MAX_START_FAILURES]:
        assert d == "hang: no answer within 0.3 s during the handshake"
    for d in detail[MAX_START_FAILURES:]:
        assert d.startswith("the implementation could not be started: no answer within 0.3 s")
    assert starts(count) == MAX_START_FAILURES
    assert_all_gone(count)
    assert result.exit_status == 3
    assert result.seconds < 20


# -- crashes -------------------------------------------------------------------------------


def test_a_crash_at_start_errors_every_scenario_and_the_run_gives_up_quickly(corpus: dict[str, Scenario],
                                                                             tmp_path: Path) -> None:
    count = tmp_path / "starts"
    t0 = time.monotonic()
    result, impl = check(corpus, "crash-at-start", "--count", str(count), ids=ALL)
    assert statuses(result) == dict.fromkeys(ALL, ERRORED)
    detail = list(details(result).values())
    for d in detail[:MAX_START_FAILURES]:
        assert d.startswith("crash: the implementation exited with status 1 during the handshake"), d
        assert "(stderr: broken fake: cannot start (crash-at-start))" in d  # the last line of its stderr
    for d in detail[MAX_START_FAILURES:]:
        assert d.startswith("the implementation could not be started: the implementation exited with status 1"), d
    assert starts(count) == MAX_START_FAILURES  # not once per scenario
    assert impl.restarts == MAX_START_FAILURES - 1
    assert result.hello is None
    assert result.exit_status == 3
    assert time.monotonic() - t0 < 15


def test_a_crash_mid_run_errors_that_scenario_and_the_restarted_implementation_passes_the_rest(
        corpus: dict[str, Scenario], tmp_path: Path) -> None:
    count = tmp_path / "starts"
    result, impl = check(corpus, "crash", "--id", "t.trick", "--count", str(count))
    assert statuses(result) == {"t.start": PASSED, "t.follow": PASSED, "t.trick": ERRORED, "t.overtrump": PASSED,
                                "t.perft": PASSED}
    assert details(result)["t.trick"] == ("crash: the implementation exited with status 3 during the scenario "
                                          "(stderr: broken fake: crashing on t.trick)")
    assert starts(count) == 2 and impl.restarts == 1 and result.restarts == 1
    assert result.exit_status == 3
    assert result.seconds < 20


def test_a_crash_on_every_second_scenario_is_restarted_each_time(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "crash", "--nth", "2")  # counted afresh in each process
    assert list(statuses(result).values()) == [PASSED, ERRORED, PASSED, ERRORED, PASSED]
    assert impl.restarts == 2
    assert result.exit_status == 3


def test_an_implementation_that_closes_its_output_is_a_crash(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "close-stdout", "--id", "t.follow", ids=("t.start", "t.follow", "t.trick"))
    assert statuses(result) == {"t.start": PASSED, "t.follow": ERRORED, "t.trick": PASSED}
    assert details(result)["t.follow"] == "crash: the implementation closed its output during the scenario"
    assert impl.restarts == 1
    assert result.seconds < 20  # it is still alive: the harness waits for it 2 s, then kills it


# -- answers that are not answers -----------------------------------------------------------------


def test_a_line_that_is_not_json_is_malformed_and_later_scenarios_pass(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "garbage", "--id", "t.start")
    assert statuses(result) == {"t.start": ERRORED, "t.follow": PASSED, "t.trick": PASSED, "t.overtrump": PASSED,
                                "t.perft": PASSED}
    assert details(result)["t.start"] == \
        "malformed: answer to the scenario is not JSON: 'Traceback (most recent call last): not JSON'"
    assert impl.restarts == 1
    assert result.exit_status == 3


def test_a_handshake_that_is_not_json_is_tried_a_few_times_then_given_up(corpus: dict[str, Scenario],
                                                                         tmp_path: Path) -> None:
    count = tmp_path / "starts"
    result, _ = check(corpus, "garbage-hello", "--count", str(count))
    assert statuses(result) == dict.fromkeys(FIVE, ERRORED)
    detail = list(details(result).values())
    for d in detail[:MAX_START_FAILURES]:
        assert d.startswith("malformed: answer to the handshake is not JSON"), d
    for d in detail[MAX_START_FAILURES:]:
        assert d.startswith("the implementation could not be started: answer to the handshake is not JSON"), d
    assert starts(count) == MAX_START_FAILURES
    assert result.exit_status == 3


def test_json_nested_too_deep_is_malformed_not_a_harness_crash(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "deep-json", "--id", "t.follow", ids=("t.start", "t.follow", "t.trick"))
    assert statuses(result) == {"t.start": PASSED, "t.follow": ERRORED, "t.trick": PASSED}
    assert details(result)["t.follow"].startswith("malformed: answer to the scenario is not JSON")


def test_an_integer_too_long_to_decode_is_malformed_not_a_harness_crash(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "big-int", "--id", "t.perft", ids=("t.start", "t.perft", "t.trick"))
    assert statuses(result) == {"t.start": PASSED, "t.perft": ERRORED, "t.trick": PASSED}
    assert details(result)["t.perft"].startswith("malformed: answer to the scenario is not JSON")


def test_an_answer_with_the_wrong_seq_is_errored(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "wrong-seq", "--id", "t.follow", ids=("t.start", "t.follow", "t.trick"))
    assert statuses(result) == {"t.start": PASSED, "t.follow": ERRORED, "t.trick": PASSED}
    # seq 1 is the handshake, 2 t.start, 3 t.follow
    assert details(result)["t.follow"] == "wrong-seq: answer carries seq 4, expected 3"
    assert impl.restarts == 1
    assert result.exit_status == 3


def test_another_protocol_version_errors_every_scenario_without_retrying(corpus: dict[str, Scenario],
                                                                         tmp_path: Path) -> None:
    count = tmp_path / "starts"
    result, impl = check(corpus, "version", "--count", str(count))
    assert statuses(result) == dict.fromkeys(FIVE, ERRORED)
    detail = list(details(result).values())
    assert detail[0].startswith("version: ")
    for d in detail:
        assert "protocol version 2" in d and "speaks 1" in d, d
    assert starts(count) == 1 and impl.restarts == 0
    assert result.exit_status == 3
    assert result.seconds < 15


def test_a_line_of_megabytes_is_huge_output(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "huge", "--id", "t.follow", ids=("t.start", "t.follow", "t.trick"), timeout=5)
    assert statuses(result) == {"t.start": PASSED, "t.follow": ERRORED, "t.trick": PASSED}
    # read 64 kB at a time, the line is found too long before its end comes: either wording may be given
    detail = details(result)["t.follow"]
    assert detail.startswith(("huge-output: an answer of ", f"huge-output: more than {MAX_LINE:,} bytes")), detail
    assert impl.restarts == 1
    assert result.seconds < 20


def test_megabytes_without_a_line_end_are_huge_output(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "huge-no-newline", "--id", "t.follow", ids=("t.start", "t.follow", "t.trick"), timeout=5)
    assert statuses(result) == {"t.start": PASSED, "t.follow": ERRORED, "t.trick": PASSED}
    assert details(result)["t.follow"] == f"huge-output: more than {MAX_LINE:,} bytes without a line end during the scenario"
    assert impl.restarts == 1
    assert result.seconds < 20  # stopped at the limit, not at the 5 s timeout


# -- wrong answers -------------------------------------------------------------------------------


def test_silently_dropped_legal_actions_are_failures_with_expected_and_got(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "drop-legal")
    assert statuses(result) == {"t.start": FAILED, "t.follow": FAILED, "t.trick": PASSED, "t.overtrump": FAILED,
                                "t.perft": PASSED}
    by_id = {o.scenario.id: o.verdict for o in result.outcomes}
    start = by_id["t.start"]
    assert start.detail == "step 1: legal: missing 7C" and start.step == 1
    assert start.expected == ["AS", "KS", "JH", "9D", "8D", "7D", "8C", "7C"]
    assert start.got == ["AS", "KS", "JH", "9D", "8D", "7D", "8C"]
    assert by_id["t.follow"].detail == "step 2: legal: missing JS"
    assert (by_id["t.follow"].expected, by_id["t.follow"].got) == (["QS", "JS"], ["QS"])
    assert by_id["t.overtrump"].detail.startswith("step 3: legal: missing ")
    assert impl.restarts == 0  # a wrong answer is no reason to restart
    assert result.exit_status == 1


def test_an_accepted_illegal_action_is_a_failure(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "accept-all")
    assert statuses(result) == {"t.start": PASSED, "t.follow": FAILED, "t.trick": PASSED, "t.overtrump": FAILED,
                                "t.perft": PASSED}
    follow = next(o.verdict for o in result.outcomes if o.scenario.id == "t.follow")
    assert follow.detail == "step 3: 9H was accepted, it must be refused (must-follow-suit)"
    assert (follow.step, follow.expected, follow.got) == (3, "refused: must-follow-suit", "accepted")
    overtrump = next(o.verdict for o in result.outcomes if o.scenario.id == "t.overtrump")
    assert overtrump.detail == "step 4: 7H was accepted, it must be refused (must-overtrump)"
    assert result.exit_status == 1


def test_a_reported_error_is_errored_and_the_others_pass_without_a_restart(corpus: dict[str, Scenario]) -> None:
    result, impl = check(corpus, "error", "--id", "t.follow", "--id", "t.overtrump")
    assert statuses(result) == {"t.start": PASSED, "t.follow": ERRORED, "t.trick": PASSED, "t.overtrump": ERRORED,
                                "t.perft": PASSED}
    assert details(result)["t.follow"] == "the implementation reported an error: broken fake: cannot run t.follow"
    assert impl.restarts == 0
    assert result.exit_status == 3


# -- skips ---------------------------------------------------------------------------------


def test_a_skip_answer_is_skipped_not_failed(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "skip", "--id", "t.perft", "--id", "t.start")
    assert statuses(result) == {"t.start": SKIPPED, "t.follow": PASSED, "t.trick": PASSED, "t.overtrump": PASSED,
                                "t.perft": SKIPPED}
    assert details(result)["t.perft"] == "the implementation skipped it: broken fake: does not do t.perft"
    assert result.exit_status == 0


def test_what_the_handshake_lacks_is_skipped_before_it_is_asked(corpus: dict[str, Scenario]) -> None:
    """A ruleset or a parameter value it lacks skips the scenario; a feature its steps need
    (perft) only leaves those steps out: t.perft runs its action and passes."""
    result, _ = check(corpus, "limited", ids=ALL)
    assert statuses(result) == {"t.start": PASSED, "t.follow": PASSED, "t.trick": PASSED, "t.overtrump": PASSED,
                                "t.perft": PASSED, "t.param": SKIPPED, "t.hdb": SKIPPED}
    d = details(result)
    assert d["t.param"] == "parameter undertrump_when_void=True is not supported"
    assert d["t.hdb"] == "ruleset homme-de-brou-1802 is not supported"
    assert result.exit_status == 0


def test_a_handshake_with_malformed_params_is_an_error_not_a_harness_crash(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "bad-params", ids=("t.start", "t.param", "t.trick"))
    assert set(statuses(result).values()) == {ERRORED}
    assert details(result)["t.start"].startswith("malformed: ")


# -- declared failures -------------------------------------------------------------------------


def test_a_declared_failure_that_fails_is_xfailed_and_the_run_is_green(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "drop-legal", "--known", "t.start", ids=("t.start", "t.trick", "t.perft"))
    assert statuses(result) == {"t.start": XFAILED, "t.trick": PASSED, "t.perft": PASSED}
    assert details(result)["t.start"] == "expected (declared by the implementation): step 1: legal: missing 7C"
    assert result.exit_status == 0


def test_a_declared_failure_that_errors_stays_errored(corpus: dict[str, Scenario]) -> None:
    """Only a wrong answer can be excused, never a crash or a broken protocol."""
    result, _ = check(corpus, "crash", "--id", "t.trick", "--known", "t.trick", ids=("t.start", "t.trick", "t.perft"))
    assert statuses(result) == {"t.start": PASSED, "t.trick": ERRORED, "t.perft": PASSED}
    assert details(result)["t.trick"].startswith("crash: ")
    assert result.stale_xfails == []
    assert result.exit_status == 3


def test_a_declared_failure_that_passes_is_xpassed_and_fails_the_run(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "drop-legal", "--known", "t.start,t.trick", ids=("t.start", "t.trick", "t.perft"))
    assert statuses(result) == {"t.start": XFAILED, "t.trick": XPASSED, "t.perft": PASSED}
    assert "but passed: remove it from the list" in details(result)["t.trick"]
    assert result.exit_status == 1


def test_a_declared_failure_of_no_scenario_is_stale_and_fails_the_run(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "ok", "--known", "t.no-such-scenario", ids=("t.start", "t.trick"))
    assert statuses(result) == {"t.start": PASSED, "t.trick": PASSED}
    assert result.stale_xfails == ["t.no-such-scenario"]
    assert result.exit_status == 1


# -- the process itself -----------------------------------------------------------------------


def test_a_command_that_does_not_exist_is_fatal_at_once(corpus: dict[str, Scenario], tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-implementation")
    impl = Subprocess([missing, "--serve"])
    result = run(impl, [corpus[i] for i in FIVE], timeout=0.5)
    assert statuses(result) == dict.fromkeys(FIVE, ERRORED)
    detail = list(details(result).values())
    assert detail[0] == f"start: cannot start {missing}: No such file or directory"
    for d in detail[1:]:
        assert d == f"the implementation could not be started: cannot start {missing}: No such file or directory"
    assert impl.restarts == 0  # fatal: started once, never again
    assert result.exit_status == 3


def test_megabytes_on_stderr_do_not_block_the_run(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "stderr-noise", timeout=5)
    assert set(statuses(result).values()) == {PASSED}, details(result)
    assert result.exit_status == 0
    assert result.seconds < 20


@pytest.fixture(scope="module")
def run_with_control_characters(corpus: dict[str, Scenario]) -> Run:
    result, _ = check(corpus, "error", "--id", "t.follow", "--text", "bell\x07 and escape\x1b[0m", ids=("t.start", "t.follow"))
    return result


def test_control_characters_of_an_error_message_are_kept_in_the_verdict_and_the_json_report(
        run_with_control_characters: Run) -> None:
    result = run_with_control_characters
    assert statuses(result) == {"t.start": PASSED, "t.follow": ERRORED}
    assert details(result)["t.follow"] == "the implementation reported an error: bell\x07 and escape\x1b[0m"
    data = json.loads(json.dumps(report.to_json(result)))
    assert data["scenarios"][1]["detail"] == details(result)["t.follow"]


def test_control_characters_of_an_error_message_keep_the_junit_report_parseable(run_with_control_characters: Run) -> None:
    root = ET.fromstring(report.to_junit(run_with_control_characters))
    error = next(c for c in root.iter("testcase") if c.get("name") == "t.follow").find("error")
    assert error is not None and "bell" in error.get("message", "")


def test_an_implementation_name_with_brackets_is_printed_as_it_is(corpus: dict[str, Scenario]) -> None:
    result, _ = check(corpus, "ok", "--name", "odd[/bold] [red]name", ids=("t.start",))
    out = io.StringIO()
    report.print_text(result, out)
    assert "odd[/bold] [red]name" in out.getvalue()


# -- brou check, end to end --------------------------------------------------------------------


def brou_check(scenario_dir: Path, impl: Sequence[str], *args: str) -> subprocess.CompletedProcess[str]:
    """`brou check` run as a user would.  None of these fakes hangs, so the limit per scenario is
    generous: a loaded machine must not turn a slow answer into an error."""
    command = " ".join(shlex.quote(a) for a in impl)
    return subprocess.run([sys.executable, "-m", "brou", "check", "--impl", command, "--scenarios", str(scenario_dir),
                           "--timeout", "10", "--no-progress", *args],
                          cwd=REPO, capture_output=True, encoding="utf-8", errors="replace", timeout=120, check=False)


def flat(text: str) -> str:
    """The text with every run of white space made one space (the report wraps long lines)."""
    return " ".join(text.split())


def assert_no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stdout and "Traceback" not in done.stderr, done.stderr
    assert "internal error" not in done.stderr, done.stderr


def test_check_a_crashing_implementation_exits_3_with_the_table_and_a_json_report(scenario_dir: Path,
                                                                                   tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    done = brou_check(scenario_dir, fake_argv("crash", "--id", "t.follow"), "--id", "t.*", "--report", "json", "-o", str(out))
    assert_no_traceback(done)
    assert done.returncode == 3, done.stdout + done.stderr
    text = flat(done.stdout)
    assert "brouc.play.follow" in text and "errored" in text  # the table by clause
    assert "ERRORED t.follow" in text and "crash: the implementation exited with status 3" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "brou-report/1" and data["exit_status"] == 3 and data["restarts"] == 1
    assert {s["id"]: s["status"] for s in data["scenarios"]} == {
        "t.start": PASSED, "t.follow": ERRORED, "t.trick": PASSED, "t.overtrump": PASSED, "t.perft": PASSED,
        "t.param": PASSED, "t.hdb": PASSED}
    assert data["counts"] == {PASSED: 6, FAILED: 0, ERRORED: 1, SKIPPED: 0, XFAILED: 0, XPASSED: 0}


def test_check_a_wrong_implementation_exits_1_with_a_junit_report(scenario_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.xml"
    done = brou_check(scenario_dir, fake_argv("drop-legal"), "--report", "junit", "-o", str(out))
    assert_no_traceback(done)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "step 1: legal: missing 7C" in flat(done.stdout) and "expected: " in done.stdout and "got: " in done.stdout
    root = ET.parse(out).getroot()
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert set(cases) == set(ALL)
    failed = {name for name, c in cases.items() if c.find("failure") is not None}
    assert failed == {"t.start", "t.follow", "t.overtrump"}
    assert sum(int(s.get("failures", "0")) for s in root.iter("testsuite")) == 3


def test_check_a_lone_surrogate_in_an_answer_still_gives_a_json_report(scenario_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    # the fake answers {"error": "bad\udcffbyte"} (json.dumps escapes the lone surrogate)
    done = brou_check(scenario_dir, fake_argv("error", "--id", "t.follow", "--text", "bad\udcffbyte"),
                      "--id", "t.start", "--id", "t.follow", "--report", "json", "-o", str(out))
    assert_no_traceback(done)
    assert done.returncode == 3, done.stdout + done.stderr
    data = json.loads(out.read_text(encoding="utf-8", errors="surrogateescape"))
    assert {s["id"]: s["status"] for s in data["scenarios"]} == {"t.start": PASSED, "t.follow": ERRORED}


def test_check_a_missing_command_is_a_usage_error(scenario_dir: Path, tmp_path: Path) -> None:
    """Decided in issue 33: --impl naming no executable program is the command line's fault (exit 2)."""
    done = brou_check(scenario_dir, [str(tmp_path / "no-such-implementation")])
    assert_no_traceback(done)
    assert done.returncode == 2 and done.stdout == "", done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and "no such program" in done.stderr


def test_check_a_program_that_cannot_be_started_exits_3_without_a_traceback(scenario_dir: Path, tmp_path: Path) -> None:
    program = tmp_path / "bad-interpreter"
    program.write_text("#!/no/such/interpreter\n", encoding="utf-8")
    program.chmod(0o755)
    done = brou_check(scenario_dir, [str(program)])
    assert_no_traceback(done)
    assert done.returncode == 3, done.stdout + done.stderr
    assert "ERRORED t.start" in done.stdout
    assert "start: cannot start" in flat(done.stdout) and "No such file or directory" in flat(done.stdout)


def test_check_a_good_implementation_exits_0(scenario_dir: Path) -> None:
    done = brou_check(scenario_dir, fake_argv("stderr-noise", "--name", "quiet-fake"))
    assert_no_traceback(done)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Brou conformance: quiet-fake 0.1.0" in done.stdout
    assert "7 scenarios: 7 passed, 0 failed" in done.stdout


class _SecondAnswerLater(InProcess):
    """The reference engine without Brouc, whose second answer turns out, when the third
    scenario is sent, to have been given twice."""

    def __init__(self) -> None:
        super().__init__()
        self.sent = 0

    def start(self) -> dict[str, Any]:
        hello = super().start()
        hello["rulesets"].pop("brouc")
        return hello

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        self.sent += 1
        if self.sent == 3:
            raise ImplementationError("extra-output", "a second answer", previous=True)
        return super().run(request, timeout)


def test_an_answer_given_twice_is_laid_on_the_last_scenario_answered_past_a_skipped_one() -> None:
    corpus = whole_corpus()
    old = [s for s in corpus if s.ruleset == "homme-de-brou-1802" and s.origin == "hand-written"][:3]
    new = next(s for s in corpus if s.ruleset == "brouc")
    result = run(_SecondAnswerLater(), [old[0], old[1], new, old[2]])
    statuses = [o.status for o in result.outcomes]
    assert statuses == ["passed", "errored", "skipped", "passed"], statuses
    assert result.outcomes[1].verdict.detail.startswith("extra-output")

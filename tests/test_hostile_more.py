"""`brou check` against the attacks of issue 33 and after (tests/fakes/attacker.py), end to end.

The same promises as tests/test_hostile_implementations.py (whose cases, runner and
checks this module reuses): the run finishes in time, every scenario gets the right
status, the exit status is the documented one, the harness's peak resident memory stays
under MEMORY_BOUND, no process of the implementation is left running, and the text report
holds no raw control character.  Here the attacker also moves its children to process
groups of their own (setpgid), signals the harness, names files in its handshake, and
answers with lone surrogates, duplicate keys and the like.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_hostile_implementations import (
    MEMORY_BOUND,
    REPO,
    SCENARIOS,
    Case,
    E,
    F,
    Outcome,
    P,
    S,
    _pids,
    alive,
    kill_left_behind,
    run_jobs,
    three,
)

from helpers import ctrl_c_as_at_a_terminal

FAKE = Path(__file__).resolve().parent / "fakes" / "attacker.py"
HANG = ("--timeout", "1")  # long enough that a loaded machine does not take a slow start for a hang

CASES = [
    Case("ok", three(P, P, P), 0),
    # the handshake: what the harness reads because a program says so
    Case("hello-plays-name", three(E, E, E), 3, detail={"h.1": "unknown parameter 'name' for ruleset brouc"}),
    Case("hello-key-nul", three(P, P, P), 0),
    Case("hello-key-long", three(P, P, P), 0),
    Case("hello-key-paths", three(P, P, P), 0, seconds=10.0),
    Case("hello-key-system-file", three(P, P, P), 0),
    Case("hello-readings-unknown", three(E, E, E), 3, detail={"h.1": "no option no-such-option of no-such-entry"}),
    Case("hello-plays-huge", three(E, E, E), 3, detail={"h.1": "'rulesets.brouc': the reading it plays"}),
    Case("hello-plays-not-object", three(E, E, E), 3, detail={"h.1": "'plays' is an object"}),
    Case("hello-params-not-list", three(E, E, E), 3, detail={"h.1": "'rulesets.brouc.params' must be an object"}),
    Case("hello-rulesets-many", three(P, P, P), 0),
    Case("hello-rulesets-empty", three(S, S, S), 0),
    Case("hello-features-junk", three(P, P, P), 0),
    Case("hello-version-true", three(E, E, E), 3, detail={"h.1": "version: the implementation speaks protocol version true"}),
    Case("hello-version-float", three(E, E, E), 3, detail={"h.1": "version: the implementation speaks protocol version 1.0"}),
    Case("hello-implementation-string", three(P, P, P), 0),
    Case("hello-known-escapes", three(P, P, P), 1),  # two stale entries, shown escaped
    Case("hello-duplicate-key", three(E, E, E), 3, detail={"h.1": "protocol version 2"}),
    # processes that leave the process group, but not the session
    Case("pgid-child-crash", three(P, E, P), 3, detail={"h.2": "crash: the implementation exited with status 4"}),
    Case("pgid-grandchild", three(P, P, P), 0),
    Case("pgid-double-fork", three(P, P, P), 0),
    Case("pgid-many", three(P, P, P), 0),
    Case("pgid-kill-own-group", three(P, E, P), 3, detail={"h.2": "killed by signal 9 (SIGKILL)"}),
    # signals sent to the harness by the program or its children: dropped
    Case("sig-term-parent", three(P, P, P), 0),
    Case("sig-hup-parent", three(P, P, P), 0),
    Case("sig-int-parent", three(P, P, P), 0),
    Case("sig-usr1-parent", three(P, P, P), 0),
    Case("sig-usr2-parent", three(P, P, P), 0),
    Case("sig-alrm-parent", three(P, P, P), 0),
    Case("sig-term-parent-then-crash", three(P, E, P), 3, detail={"h.2": "crash: the implementation exited with status 6"}),
    Case("sig-child-terms-harness", three(P, P, P), 0),
    Case("sig-term-group-of-parent", three(P, P, P), 0),
    # where the answer goes, and when
    Case("exec-sleep", three(P, E, P), 3, options=HANG, detail={"h.2": "hang: no answer within 1 s"}),
    Case("answer-to-stderr", three(P, E, P), 3, options=HANG, detail={"h.2": "hang: no answer within 1 s"}),
    Case("stdout-to-devnull", three(P, E, P), 3, detail={"h.2": "crash: the implementation closed its output"}),
    Case("slow-drip", three(P, E, P), 3, options=HANG, detail={"h.2": "hang: no answer within 1 s"}),
    Case("slow-stderr-chatter", three(P, E, P), 3, options=HANG, detail={"h.2": "hang: no answer within 1 s"}),
    Case("slow-start", three(P, P, P), 0),
    Case("close-stderr", three(P, P, P), 0),
    Case("clumsy-unflushed", three(E, E, E), 3, options=("--start-timeout", "1"),
         detail={"h.1": "hang: no answer within 1 s during the handshake"}),
    # encodings and values
    Case("enc-error-surrogate", three(P, E, P), 3, detail={"h.2": "the implementation reported an error: bad"}),
    Case("enc-skip-surrogate", three(P, S, P), 0),
    Case("enc-raw-nul", three(P, E, P), 3, detail={"h.2": "is not JSON"}),
    Case("enc-overlong", three(P, E, P), 3, detail={"h.2": "is not UTF-8: byte 0xc0"}),
    Case("enc-value-surrogate", three(P, F, P), 1, detail={"h.2": "trump: value is"}),
    Case("val-seq-float", three(P, E, P), 3, detail={"h.2": "wrong-seq: answer carries seq 3.0, expected 3"}),
    Case("val-seq-huge", three(P, E, P), 3, detail={"h.2": "wrong-seq"}),
    Case("val-results-50k", three(P, E, P), 3, detail={"h.2": "50000 results for 1 steps"}),
    Case("val-error-and-results", three(P, E, P), 3, detail={"h.2": "reported an error: both"}),
    Case("val-skip-object", three(P, S, P), 0),
    Case("val-huge-key", three(P, P, P), 0),
    Case("val-duplicate-key", three(P, P, P), 0),  # the last of two equal keys counts
    # a clumsy implementer
    Case("clumsy-pretty", three(P, E, P), 3, detail={"h.2": "malformed: answer to the scenario is not JSON: '{'"}),
    Case("clumsy-echo", three(P, E, P), 3, detail={"h.2": "the answer has no 'results' list"}),
    Case("clumsy-trailing-space", three(P, P, P), 0),
    Case("clumsy-python-repr", three(P, E, P), 3, detail={"h.2": "is not JSON: \"{'seq'"}),
]


def job(case: Case, folder: Path) -> dict[str, Any]:
    """The run of brou check for a case, for tests/fakes/check_driver.py."""
    (folder / "hostile.yaml").write_text(SCENARIOS, encoding="utf-8")
    fake = [sys.executable, str(FAKE), case.mode, *case.fake, "--pids", str(folder / "pids")]
    argv = ["check", "--impl", " ".join(fake), "--scenarios", str(folder / "hostile.yaml"), "--no-progress",
            "--report", "json", "-o", str(folder / "report.json"), "--timeout", "5", "--start-timeout", "5",
            "--id", "h.[123]", *case.options]
    return {"name": case.name, "argv": argv, "out": str(folder / "stdout"), "err": str(folder / "stderr")}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Outcome]]:
    """Every case run once, four at a time (tests/fakes/check_driver.py); the processes left
    behind are killed at the end."""
    folders = {c.name: tmp_path_factory.mktemp(c.name) for c in CASES}
    results = run_jobs([job(c, folders[c.name]) for c in CASES], folders)
    yield results
    kill_left_behind(results)


def test_the_cases_are_many_and_distinct() -> None:
    assert len({c.name for c in CASES}) == len(CASES) >= 50


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_an_attacking_implementation(case: Case, outcomes: dict[str, Outcome]) -> None:
    got = outcomes[case.name]
    assert "Traceback" not in got.stderr and "internal error" not in got.stderr, got.stderr[-2000:]
    assert got.report is not None, (got.exit, got.stderr[-2000:])
    statuses = {s["id"]: s["status"] for s in got.report["scenarios"]}
    details = {s["id"]: s.get("detail", "") for s in got.report["scenarios"]}
    assert statuses == case.expect, details
    assert got.exit == case.exit == got.report["exit_status"], got.stderr[-2000:]
    for ident, part in case.detail.items():
        assert part in details[ident], details[ident]
    assert all(len(d) < 2_200 for d in details.values())
    assert got.seconds < case.seconds
    assert got.peak < MEMORY_BOUND, f"{got.peak / 2**20:.0f} MB"
    assert sum(alive(pid) for pid in got.pids) == case.left, got.pids
    assert not any(c in got.stdout for c in "\x1b\x07\x9b\u202e\r"), got.stdout[:2000]
    assert len(got.stdout) < 100_000


def test_every_child_of_a_setpgid_attack_was_started_and_killed(outcomes: dict[str, Outcome]) -> None:
    """The children really ran (their pids were noted), so `left == 0` means they were killed."""
    assert len(outcomes["pgid-many"].pids) >= 31
    assert len(outcomes["pgid-grandchild"].pids) >= 3
    assert len(outcomes["pgid-double-fork"].pids) >= 2


def test_escaped_stale_entries_of_the_handshake(outcomes: dict[str, Outcome]) -> None:
    text = outcomes["hello-known-escapes"].stdout
    assert "\\x1b]0;x\\x07" in text and "\\u202eh.8" in text


# -- brou fuzz meets the same handshake and the same processes ------------------------------------


def fuzz(tmp_path: Path, mode: str) -> tuple[subprocess.CompletedProcess[str], list[int]]:
    pids = tmp_path / "pids"
    command = f"{sys.executable} {FAKE} {mode} --on all --pids {pids}"
    done = subprocess.run([sys.executable, "-m", "brou", "fuzz", "--impl", command, "--deals", "2", "--shrink-seconds", "1",
                           "--no-progress", "--save", str(tmp_path / "found")], capture_output=True, encoding="utf-8",
                          cwd=REPO, timeout=120, check=False)
    return done, _pids(pids)


def test_fuzz_refuses_a_plays_entry_named_name_in_one_line(tmp_path: Path) -> None:
    done, _ = fuzz(tmp_path, "hello-plays-name")
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert "unknown parameter 'name'" in done.stdout + done.stderr


def test_fuzz_kills_the_children_in_groups_of_their_own(tmp_path: Path) -> None:
    done, pids = fuzz(tmp_path, "pgid-child-crash")
    assert done.returncode == 3 and "crash:" in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]
    assert len(pids) >= 2 and not any(alive(p) for p in pids), pids


# -- the user can still stop a run -----------------------------------------------------------------


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, -signal.SIGTERM), (signal.SIGINT, 130)])
def test_a_signal_from_outside_still_ends_the_run_and_its_programs(tmp_path: Path, signum: int, status: int) -> None:
    """The guard drops only the signals of the programs: the user's SIGTERM or Ctrl-C ends
    brou check (after the programs' sessions), within the poll loop's turn."""
    (tmp_path / "hostile.yaml").write_text(SCENARIOS, encoding="utf-8")
    pids = tmp_path / "pids"
    command = f"{sys.executable} {FAKE} pgid-many-then-hang --on h.1 --pids {pids}"  # 30 children, then no answer
    check = subprocess.Popen([sys.executable, "-m", "brou", "check", "--impl", command, "--scenarios",
                              str(tmp_path / "hostile.yaml"), "--id", "h.*", "--timeout", "60", "--no-progress"],
                             cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                             preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        deadline = time.monotonic() + 60
        while len(_pids(pids)) < 31 and time.monotonic() < deadline and check.poll() is None:
            time.sleep(0.05)
        assert len(_pids(pids)) >= 31, check.poll()
        sent = time.monotonic()
        os.kill(check.pid, signum)
        _, err = check.communicate(timeout=30)
        assert check.returncode == status, err[-2000:]
        assert time.monotonic() - sent < 10
        assert b"Traceback" not in err
    finally:
        if check.poll() is None:
            os.killpg(check.pid, signal.SIGKILL)
            check.wait()
    time.sleep(0.1)
    assert not any(alive(p) for p in _pids(pids)), _pids(pids)


def test_ctrl_c_still_ends_a_run_in_process() -> None:
    """No guard in process: nothing would read a held-back Ctrl-C there until the run ends."""
    check = subprocess.Popen([sys.executable, "-m", "brou", "check", "--in-process", "--ruleset", "brouc",
                              "--no-progress"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True, preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        time.sleep(2.0)  # loading or running: the run of these 5,000 scenarios takes far longer
        sent = time.monotonic()
        os.kill(check.pid, signal.SIGINT)
        _, err = check.communicate(timeout=30)
        assert check.returncode == 130 and err.decode().strip().endswith("brou: interrupted"), err[-2000:]
        assert time.monotonic() - sent < 5
    finally:
        if check.poll() is None:
            os.killpg(check.pid, signal.SIGKILL)
            check.wait()

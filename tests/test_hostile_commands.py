"""The newer commands (`brou solve`, `brou study`, `brou match`, `brou deal`, `brou prove
--record`) against hostile input, each case of its own kind: a closed standard stream, a
file or folder that cannot be written, a device or a FIFO where a file is expected, an
endless standard input, an absurd number, a huge argument, a signal (docs/robustness.md,
"The newer commands").

Each runs `brou` in a subprocess, as a user does, measuring its wall time and its peak
resident memory (tests/test_input_files.py's MAIN): a refusal is one line on standard
error, exit 2, never a traceback, at once, without reading or playing what it refuses.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest
from test_input_files import MAIN, SECONDS, Done

from brou.errors import MAX_MESSAGE
from brou.study.play import processes
from helpers import ctrl_c_as_at_a_terminal

MEGABYTES = 150  # the whole process, interpreter and libraries included: a refusal reads nothing large
POSITION = ("brouc 3 AS.KS.9D8D7D.8C7C.JH/QS.JS.ADTDKDQDJD.9H/TS9S.AC.TCKCQC.8H9C/8S7S.JC.7HAHTHKHQH QH - : AS")


def brou_io(folder: Path, *args: str, stdin: IO[bytes] | int | None = subprocess.DEVNULL,
            preexec: Callable[[], None] | None = None, timeout: float = 120.0) -> Done:
    """`brou ARGS` in a subprocess run from `folder`, its standard input given: status,
    output, wall time and peak resident memory."""
    peak = folder / ".peak"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", MAIN, str(peak), *args], cwd=folder, stdin=stdin,
                          capture_output=preexec is None, stderr=subprocess.PIPE if preexec else None,
                          preexec_fn=preexec, timeout=timeout, check=False)
    seconds = time.monotonic() - started
    return Done(done.returncode, (done.stdout or b"").decode("utf-8", "replace"),
                done.stderr.decode("utf-8", "replace"), seconds, int(peak.read_text(encoding="ascii")) / 1024)


def one_line_refusal(done: Done, *fragments: str) -> str:
    """The refusal's one line (exit 2), at once, small, holding each fragment."""
    assert done.status == 2, done
    assert "Traceback" not in done.err and done.out == "", done
    assert done.err.endswith("\n") and done.err.count("\n") == 1, done.err
    assert done.seconds < SECONDS and done.megabytes < MEGABYTES, done
    assert len(done.err) <= MAX_MESSAGE + 100, len(done.err)
    for fragment in fragments:
        assert fragment in done.err, (fragment, done.err)
    return done.err


# -- a closed standard output ---------------------------------------------------------------------


def _close_stdout() -> None:
    os.close(1)


def test_a_command_whose_output_is_closed_says_so_in_one_line(tmp_path: Path) -> None:
    done = brou_io(tmp_path, "validate", "brouc", preexec=_close_stdout)
    one_line_refusal(done, "brou validate: the standard output is closed")


def test_a_report_written_to_a_file_needs_no_standard_output(tmp_path: Path) -> None:
    done = brou_io(tmp_path, "check", "--in-process", "--no-progress", "--id", "brouc.play.follow*", "--output",
                   "report.txt", preexec=_close_stdout)
    assert done.status == 0 and "Traceback" not in done.err, done
    assert "passed" in (tmp_path / "report.txt").read_text(encoding="utf-8")


def test_a_closed_standard_input_is_one_line(tmp_path: Path) -> None:
    done = brou_io(tmp_path, "solve", "--from", "-", stdin=None, preexec=lambda: os.close(0))
    one_line_refusal(done, "standard input is closed")


# -- brou study --out: checked before any session is played ---------------------------------------


@pytest.mark.parametrize(("out", "says"), [
    pytest.param("/proc/brou-study", "No such file or directory", id="under-proc",
                 marks=pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="no /proc")),
    pytest.param("/sys/brou-study", "cannot write into", id="under-sys",
                 marks=pytest.mark.skipif(not os.path.isdir("/sys/kernel"), reason="no /sys")),
    pytest.param("x" * 300, "File name too long", id="name-too-long"),
    pytest.param("a-file", "it is not a folder", id="a-file"),
    pytest.param("folder", "figures.json: it is a folder", id="figures-json-is-a-folder"),
])
def test_study_out_that_cannot_be_written_is_refused_before_playing(tmp_path: Path, out: str, says: str) -> None:
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    (tmp_path / "folder" / "figures.json").mkdir(parents=True)
    # 100,000 sessions of Brouc would take hours: a refusal after playing could not come in time
    done = brou_io(tmp_path, "study", "AMB-13", "--deals", "100000", "--out", out)
    one_line_refusal(done, "brou study: ", says)


@pytest.mark.parametrize("deals", ["1" + "0" * 24, "1000000000", "100001"])
def test_study_deals_beyond_the_bound_are_refused_at_once(tmp_path: Path, deals: str) -> None:
    done = brou_io(tmp_path, "study", "AMB-13", "--deals", deals)
    one_line_refusal(done, "--deals is a number of sessions per reading from 1 to 100,000")


def test_study_seeds_past_the_last_are_refused(tmp_path: Path) -> None:
    one_line_refusal(brou_io(tmp_path, "study", "AMB-13", "--seed", str(2**64 - 3), "--deals", "5"),
                     "go past the last seed")


def test_study_processes_are_bounded_by_the_work_and_the_cores(tmp_path: Path) -> None:
    assert processes(200, 10_000) == os.cpu_count()
    assert processes(200, 3) == min(3, os.cpu_count() or 1)
    assert processes(1, 3) == 1
    done = brou_io(tmp_path, "study", "AMB-55", "--deals", "2", "--jobs", "200")
    assert done.status == 0 and done.out.startswith("AMB-55 homme-d-auvergne\n  2 games per reading"), done
    # one chunk of work: the two seeds under both readings (brou.study.chunk), so one worker
    assert f"{processes(200, 1)} processes play (200 asked" in done.err, done.err


# -- reads of a record or a position: bounded, a regular file or standard input --------------------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_match_from_a_device_is_refused_without_reading_it(tmp_path: Path, device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    one_line_refusal(brou_io(tmp_path, "match", "--from", device), "not a regular file")


def test_match_from_a_fifo_without_a_writer_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    one_line_refusal(brou_io(tmp_path, "match", "--from", "pipe", timeout=30), "not a regular file")


@pytest.mark.parametrize(("args", "says"), [
    (("match", "--from", "-"), "a game record on standard input is longer than 8,388,608 bytes"),
    (("solve", "--from", "-"), "a position on standard input is longer than 65,536 bytes"),
    (("deal", "--from", "-"), "a position on standard input is longer than 65,536 bytes"),
])
def test_an_endless_standard_input_is_read_up_to_the_bound(tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    with open("/dev/zero", "rb") as zeros:
        one_line_refusal(brou_io(tmp_path, *args, stdin=zeros), says)


def test_a_record_file_beyond_the_bound_is_refused_before_it_is_read(tmp_path: Path) -> None:
    with open(tmp_path / "big.txt", "wb") as f:
        f.truncate(9 << 20)
    one_line_refusal(brou_io(tmp_path, "match", "--from", "big.txt"), "has 9,437,184 bytes; a game record is at most")


def test_a_record_read_from_standard_input_is_replayed(tmp_path: Path) -> None:
    made = brou_io(tmp_path, "match", "--ruleset", "homme-d-auvergne", "--seed", "3", "--record", "game.txt")
    assert made.status == 0, made
    with open(tmp_path / "game.txt", "rb") as record:
        done = brou_io(tmp_path, "match", "--from", "-", stdin=record)
    assert done.status == 0 and "Replayed from -" in done.out, done


# -- what a message quotes of its input -------------------------------------------------------------


def test_a_ten_megabyte_position_is_not_echoed(tmp_path: Path) -> None:
    (tmp_path / "line.txt").write_text("brouc " + "x" * 10_000_000 + "\n", encoding="ascii")
    with open(tmp_path / "line.txt", "rb") as line:
        err = one_line_refusal(brou_io(tmp_path, "solve", "--from", "-", stdin=line), "longer than 65,536 bytes")
    assert len(err) < 200


@pytest.mark.parametrize("args", [
    ("ambiguity", "A" * 100_000),
    ("sources", "--source", "S" * 100_000),
    ("solve", "--from", "brouc 3 " + "AS" * 30_000),
    ("deal", "--ruleset", "R" * 100_000, "--seed", "1"),
    ("match", "--ruleset", "brouc", "--seed", "1", "--players", "P" * 100_000),
], ids=["ambiguity", "sources", "position", "ruleset", "players"])
def test_a_huge_argument_is_quoted_cut(tmp_path: Path, args: tuple[str, ...]) -> None:
    err = one_line_refusal(brou_io(tmp_path, *args))
    assert err.count(args[-1][0] * 100) <= 1 and len(err) <= MAX_MESSAGE + 100


# -- command lines ---------------------------------------------------------------------------------


def test_twenty_thousand_param_options_are_refused_at_once(tmp_path: Path) -> None:
    args = [a for _ in range(20_000) for a in ("--param", "rounding=total-half-up")]
    one_line_refusal(brou_io(tmp_path, "deal", "--ruleset", "brouc", "--seed", "1", *args),
                     "20,000 --param options; a command takes at most 500")


def test_a_ruleset_name_too_long_for_a_path_is_unknown(tmp_path: Path) -> None:
    one_line_refusal(brou_io(tmp_path, "deal", "--ruleset", "r" * 5_000, "--seed", "1"), "unknown ruleset")


@pytest.mark.parametrize(("args", "where"), [
    (("prove", "--record", "{bad}/facts.json"), "prove"),
    (("match", "--ruleset", "brouc", "--seed", "1", "--svg", "{bad}/sheet.svg"), "match"),
    (("match", "--ruleset", "brouc", "--seed", "1", "--record", "{bad}/game.txt"), "match"),
])
def test_an_output_file_that_cannot_be_created_is_refused_before_the_work(tmp_path: Path, args: tuple[str, ...],
                                                                       where: str) -> None:
    bad = "/proc" if os.path.isdir("/proc/self") else str(tmp_path / "missing")
    done = brou_io(tmp_path, *(a.replace("{bad}", bad) for a in args))
    one_line_refusal(done, f"brou {where}: cannot write")


# -- a signal during a study -------------------------------------------------------------------------


def _session_processes(sid: int) -> list[int]:
    """The live processes of session `sid` (read from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getsid(int(entry.name)) == sid:
                    out.append(int(entry.name))
            except OSError:
                continue
    return out


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="no /proc")
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_study_stopped_by_a_signal_keeps_what_it_finished(tmp_path: Path, signum: int, status: int) -> None:
    out = tmp_path / "out"
    child = subprocess.Popen([sys.executable, "-m", "brou", "study", "--all", "--deals", "2", "--jobs", "2",
                              "--out", str(out)], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True, preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        deadline = time.monotonic() + 180
        while not (out / "figures.json").exists():
            assert child.poll() is None and time.monotonic() < deadline, "no study finished"
            time.sleep(0.2)
        child.send_signal(signum)
        stdout, stderr = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    err = stderr.decode()
    assert child.returncode == status, err
    assert "Traceback" not in err and "ForkPoolWorker" not in err, err
    last = err.rstrip("\n").split("\n")[-1]
    assert last.startswith("brou study: interrupted after ") and f"written to {out}" in last, err
    kept: dict[str, Any] = json.loads((out / "figures.json").read_text(encoding="utf-8"))
    assert kept["studies"] and all((out / f"{s['entry']}-{s['ruleset']}.svg").exists() for s in kept["studies"])
    assert f"after {len(kept['studies'])} of " in last or f"after {len(kept['studies']) + 1} of " not in last
    assert stdout.decode().startswith(kept["studies"][0]["entry"])
    time.sleep(0.5)
    assert _session_processes(child.pid) == [], "a process of the study is left running"

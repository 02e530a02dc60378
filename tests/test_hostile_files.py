"""Hostile files, devices and command lines after issue 33, and the phase engines' API.

The kinds of tests/test_input_files.py (whose helpers this module reuses): a refusal is
one line on standard error and exit 2, within a bounded time and memory (the cases that
were slow or large are run as a subprocess and measured); the Python API refuses what is
no action with IllegalAction and leaves the state as it was.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_input_files import GOOD, GOOD_LINE, MAIN, NOT_ACTIONS, Done, brou, check, refused

from brou.cli import main
from brou.engine.deals import new_deal
from brou.engine.hombre import HombreDeal
from brou.engine.phases import PhaseDeal
from brou.errors import IllegalAction
from brou.laws.talon import talon_deal_from_seed
from brou.spec.rules import Rules


def in_process(*args: str) -> tuple[int, str, str]:
    """`brou ARGS` in this process: status, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdout", out)
        patch.setattr(sys, "stderr", err)
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def one_refusal(args: tuple[str, ...], *fragments: str) -> str:
    status, out, err = in_process(*args)
    assert status == 2 and out == "", (status, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for fragment in fragments:
        assert fragment in err, (fragment, err)
    return err


@pytest.fixture
def good(tmp_path: Path) -> Path:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    return tmp_path


# -- a full device ---------------------------------------------------------------------------------


def brou_to_full(folder: Path, *args: str) -> Done:
    """`brou ARGS` with its standard output on /dev/full."""
    peak = folder / ".peak"
    started = time.monotonic()
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-c", MAIN, str(peak), *args], cwd=folder, stdout=full,
                              stderr=subprocess.PIPE, timeout=120, check=False)
    return Done(done.returncode, "", done.stderr.decode("utf-8", "replace"), time.monotonic() - started,
                int(peak.read_text(encoding="ascii")) / 1024)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_standard_output_on_a_full_device_is_one_line(tmp_path: Path) -> None:
    refused(brou_to_full(tmp_path, "ambiguities"), "brou ambiguities: cannot write the output: No space left on device")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_report_on_a_full_device_is_one_line(good: Path) -> None:
    refused(check(good, "good.yaml", "-o", "/dev/full"), "brou check: cannot write the output: No space left")


# -- the expected-failure list, and coverage of a clause that does not exist -----------------------


def test_an_xfail_list_of_fifty_thousand_globs_is_refused_before_the_corpus_is_read(good: Path) -> None:
    (good / "xfail.txt").write_text("".join(f"x.{i}.* a reason\n" for i in range(50_000)), encoding="utf-8")
    line = refused(check(good, "good.yaml", "--xfail", "xfail.txt"), "xfail.txt:101:", "100 of them globs")
    assert len(line) < 300


def test_an_xfail_list_of_more_ids_than_a_handshake_may_declare_is_refused(good: Path) -> None:
    (good / "xfail.txt").write_text("".join(f"x.{i}\n" for i in range(10_001)), encoding="utf-8")
    refused(check(good, "good.yaml", "--xfail", "xfail.txt"), "xfail.txt:10001:", "at most 10,000 entries")


def test_an_xfail_pattern_longer_than_a_handshake_may_declare_is_refused(good: Path) -> None:
    (good / "xfail.txt").write_text("t." + "x" * 300 + "\n", encoding="utf-8")
    one_refusal(("check", "--in-process", "--scenarios", str(good / "good.yaml"), "--xfail", str(good / "xfail.txt")),
                "xfail.txt:1:", "at most 200 characters")


def test_coverage_of_an_unknown_clause_is_refused_without_reading_the_corpus(tmp_path: Path) -> None:
    done = brou(tmp_path, "coverage", "--clause", "nope\x1b[31m")
    refused(done, "brou coverage: no ruleset has a clause 'nope\\x1b[31m'")
    assert done.megabytes < 80  # the corpus read first took 103 MB


def test_coverage_of_a_clause_reads_only_its_scenarios(good: Path) -> None:
    status, out, err = in_process("coverage", "--clause", "brouc.play.follow", "--scenarios", str(good))
    assert status == 0 and "scenario t.good" in out and err == ""


# -- the program named by --impl -------------------------------------------------------------------


@pytest.mark.parametrize("command", ["no-such-brou-program --serve", "./missing", "/", "{file}"])
def test_impl_naming_no_executable_program_is_a_usage_error(good: Path, command: str) -> None:
    (good / "plain.txt").write_text("not a program\n", encoding="utf-8")
    command = command.format(file=good / "plain.txt")
    one_refusal(("check", "--impl", command, "--scenarios", str(good / "good.yaml"), "--no-progress"),
                "brou check: --impl:", "no such program")


# -- what a scenario folder holds ------------------------------------------------------------------


def test_a_fifo_in_a_scenario_folder_is_refused_not_skipped(good: Path) -> None:
    os.mkfifo(good / "pipe.yaml")
    one_refusal(("check", "--in-process", "--scenarios", str(good), "--no-progress"), "pipe.yaml", "not a regular file")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_a_device_in_a_scenario_folder_is_refused(good: Path) -> None:
    (good / "zero.jsonl").symlink_to("/dev/zero")
    one_refusal(("check", "--in-process", "--scenarios", str(good), "--no-progress"), "zero.jsonl", "not a regular file")


def test_a_broken_link_in_a_scenario_folder_is_refused(good: Path) -> None:
    (good / "gone.yaml").symlink_to(good / "nowhere.yaml")
    one_refusal(("check", "--in-process", "--scenarios", str(good), "--no-progress"), "gone.yaml", "no such file")


def test_a_folder_named_like_a_scenario_file_is_walked_not_read(good: Path) -> None:
    (good / "more.yaml").mkdir()
    (good / "more.yaml" / "line.jsonl").write_text(GOOD_LINE + "\n", encoding="utf-8")
    status, _, err = in_process("check", "--in-process", "--scenarios", str(good), "--no-progress")
    assert status == 0, err


def test_a_duplicate_key_in_a_json_line_is_refused_as_in_yaml(tmp_path: Path) -> None:
    line = GOOD_LINE.replace('"ruleset":"brouc"', '"ruleset":"brouc","ruleset":"homme-de-brou-1802"')
    (tmp_path / "dup.jsonl").write_text(line + "\n", encoding="utf-8")
    one_refusal(("check", "--in-process", "--scenarios", str(tmp_path / "dup.jsonl"), "--no-progress"),
                "dup.jsonl:1", "the key 'ruleset' is given twice")


# -- where the report goes -------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["{folder}", "{folder}/missing/report.txt"])
def test_a_report_that_cannot_be_written_is_one_line(good: Path, where: str) -> None:
    one_refusal(("check", "--in-process", "--scenarios", str(good / "good.yaml"), "--no-progress",
                 "-o", where.format(folder=good)), "brou check: cannot write")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_tracking_file_on_a_device_is_refused(good: Path) -> None:
    one_refusal(("check", "--in-process", "--scenarios", str(good / "good.yaml"), "--no-progress",
                 "--track", "/dev/full"), "--track /dev/full: not a regular file")


# -- the Python API of the phase engines -----------------------------------------------------------


def phase_deals() -> list[PhaseDeal]:
    deals: list[PhaseDeal] = []
    for ruleset in ("brusquembille-1718", "homme-d-auvergne", "hombre"):
        rules = Rules.load(ruleset)
        deals.append(new_deal(rules, talon_deal_from_seed(rules, 7)))
    return deals


def test_the_phase_deals_are_of_each_engine() -> None:
    kinds = [type(d) for d in phase_deals()]
    assert kinds[0] is PhaseDeal and kinds[2] is HombreDeal


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=lambda a: f"{type(a).__name__}-{NOT_ACTIONS.index(a)}")
def test_phase_apply_refuses_what_is_not_an_action_and_leaves_the_state(action: object) -> None:
    for deal in phase_deals():
        before = (deal.to_act, deal.legal_actions(), list(deal.history))
        started = time.monotonic()
        with pytest.raises(IllegalAction) as caught:
            deal.apply(action)
        assert time.monotonic() - started < 0.1
        assert caught.value.code == "malformed-action", (deal.rules.id, caught.value)
        assert len(str(caught.value)) < 300 and "\n" not in str(caught.value)
        assert (deal.to_act, deal.legal_actions(), list(deal.history)) == before


SEATS: list[object] = [10**5000, -(10**5000), 10**10, "x" * 100_000, type(None)]


@pytest.mark.parametrize("seat", SEATS, ids=lambda s: f"{type(s).__name__}-{SEATS.index(s)}")
def test_phase_apply_refuses_a_seat_that_is_none_with_a_short_message(seat: object) -> None:
    for deal in phase_deals():
        with pytest.raises(IllegalAction) as caught:
            deal.apply(deal.legal_actions()[0], seat)
        assert caught.value.code == "wrong-seat" and len(str(caught.value)) < 100


# -- what brou says when it fails itself -----------------------------------------------------------


@pytest.mark.parametrize(("raised", "status", "said"), [
    (RuntimeError("x" * 5_000), 70, "(5,000 characters)"),
    (KeyboardInterrupt(), 130, "brou: interrupted"),
    (OSError(28, "No space left on device"), 2, "cannot write the output: No space left on device"),
])
def test_a_failure_of_brou_itself_is_one_short_line(raised: BaseException, status: int, said: str) -> None:
    import importlib

    cli = importlib.import_module("brou.cli.main")  # the module: the attribute brou.cli.main is the function

    def fail(args: object) -> int:
        raise raised

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "cmd_deal", fail)
        patch.delenv("BROU_DEBUG", raising=False)
        got, out, err = in_process("deal", "--seed", "1")
    assert got == status and out == ""
    assert err.count("\n") == 1 and said in err and len(err) < 600, err

"""Hostile input files, command lines and API calls: each is refused with one line naming
what and where, exit status 2, no traceback, in bounded time and memory.

Each case writes its own file in a temporary folder and runs `brou` in a subprocess from
there (so names are short and relative), measuring the child's wall time and peak
resident memory (VmHWM, which the child reports as it exits).  Bounds are generous (the machine is shared): they say "not
stuck, not swollen", never "fast".  See docs/robustness.md (Input files).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from brou import spec
from brou.conformance.diagnosis.run import run
from brou.conformance.judging import reference
from brou.conformance.protocol.runner import InProcess
from brou.conformance.protocol.server import Reference
from brou.conformance.scenarios import corpus
from brou.engine.homme import HommeDeal
from brou.errors import IllegalAction
from brou.spec.rules import Rules
from helpers import SCENARIO_HANDS

SECONDS = 20.0  # a refusal takes well under a second; this only says "not stuck"
MEGABYTES = 100  # the whole `brou` process, interpreter and libraries included (about 50 MB)

HANDS = "      dealer: 3\n" + SCENARIO_HANDS

GOOD = f"""\
format: brou-scenarios/1
scenarios:
  - id: t.good
    description: a player who holds the suit led must follow it
    clauses: [brouc.play.follow]
    ruleset: brouc
    setup:
{HANDS}
    steps:
      - do: AS
      - expect: {{legal: [QS, JS]}}
      - reject: 9H
        code: must-follow-suit
"""

GOOD_LINE = ('{"id":"t.line","description":"the first player leads","clauses":["brouc.play.follow"],"ruleset":"brouc",'
             '"setup":{"dealer":3,"hands":[["AS","KS","9D","8D","7D","8C","7C","JH"],["QS","JS","AD","TD","KD","QD","JD","9H"],'
             '["TS","9S","AC","TC","KC","QC","8H","9C"],["8S","7S","JC","7H","AH","TH","KH","QH"]],"turnup":"QH"},'
             '"steps":[{"expect":{"to_act":0}}]}')


@dataclass
class Done:
    status: int
    out: str
    err: str
    seconds: float
    megabytes: float


# The child reports its own peak resident memory (VmHWM of its address space) on exit: the
# rusage of a child started from a large process (pytest after loading the corpus) keeps
# the parent's high-water mark across exec.
MAIN = """\
import atexit, sys
def peak():
    with open("/proc/self/status") as status, open(sys.argv[1], "w") as out:
        out.write(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
atexit.register(peak)
from brou.cli import main
sys.exit(main(sys.argv[2:]))
"""


MAIN_CALL = "from brou.cli import main; sys.exit(main(sys.argv[1:]))"


def brou(folder: Path, *args: str, timeout: float = 120.0) -> Done:
    """`brou ARGS` in a subprocess run from `folder`: status, output, wall time and peak RSS."""
    peak = folder / ".peak"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", MAIN, str(peak), *args], cwd=folder, capture_output=True,
                          timeout=timeout, check=False)
    seconds = time.monotonic() - started
    return Done(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"),
                seconds, int(peak.read_text(encoding="ascii")) / 1024)


def refused(done: Done, *fragments: str) -> str:
    """The one line of a refusal (exit 2), checked to hold each fragment."""
    assert done.status == 2, done
    assert "Traceback" not in done.err and done.out == "", done
    assert done.err.endswith("\n") and done.err.count("\n") == 1, done.err
    assert done.seconds < SECONDS and 10 < done.megabytes < MEGABYTES, done
    line = done.err.rstrip("\n")
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line


def check(folder: Path, name: str, *extra: str) -> Done:
    return brou(folder, "check", "--in-process", "--no-progress", "--scenarios", name, *extra)


# -- scenario files: (file name, content, what the one line must say) ----------------------------

def _yaml(old: str, new: str) -> bytes:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1).encode()


def _line(old: str, new: str) -> bytes:
    assert old in GOOD_LINE, old
    return (GOOD_LINE.replace(old, new, 1) + "\n").encode()


DEEP = 50_000
CASES: dict[str, tuple[str, bytes, tuple[str, ...]]] = {
    # reading
    "empty file": ("s.yaml", b"", ("s.yaml:1: the file is empty",)),
    "only a comment": ("s.yaml", b"# nothing\n", ("s.yaml:1: the file is empty",)),
    "not UTF-8": ("s.yaml", GOOD.encode().replace(b"must follow", b"doit suivre \xe9"),
                  ("s.yaml:4: not UTF-8 text (byte 0xe9)",)),
    "binary": ("s.yaml", b"format: x\n\x00\x01\x02", ("s.yaml:2: a binary file",)),
    "50,000 nested brackets": ("s.yaml", b"a: " + b"[" * DEEP + b"]" * DEEP, ("s.yaml:1: nested more than 32 deep",)),
    "10,000 nested mappings": ("s.yaml", b"a: " + b"{a: " * 10_000 + b"}" * 10_000, ("s.yaml:1: nested more than 32 deep",)),
    "block sequences nested on one line": ("s.yaml", b"- " * 100_000 + b"x\n", ("s.yaml:1: nested more than 32 deep",)),
    "a million nested brackets (2 MB)": ("s.yaml", b"[" * 1_000_000 + b"]" * 1_000_000,
                                         ("s.yaml: the file has 2,000,000 bytes",)),
    "400,000 values": ("s.yaml", b"a: [" + b"1," * 400_000 + b"1]\n", ("s.yaml:1: more than 50,000 values in one file",)),
    "40,000 empty scenarios (40,000 schema errors)": ("s.yaml", b"format: brou-scenarios/1\nscenarios:\n" + b"- {}\n" * 40_000,
                                                      ("s.yaml:3: at scenarios[0]", '"id" is a required property')),
    "billion laughs": ("s.yaml", b'a: &a ["lol","lol"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b]\n',
                       ("s.yaml:2: YAML aliases",)),
    "python tag": ("s.yaml", _yaml("format: brou-scenarios/1", "format: !!python/object/apply:os.system [ls]"),
                   ("s.yaml:1:", "could not determine a constructor")),
    "binary tag": ("s.yaml", _yaml("description: a player who holds the suit led must follow it",
                                   "description: !!binary aGVsbG8="),
                   ("s.yaml:4: at scenarios[0].description", "bytes value")),
    "duplicate key": ("s.yaml", _yaml("    ruleset: brouc\n", "    ruleset: brouc\n    ruleset: brouc\n"),
                      ("s.yaml:7:", "duplicate key 'ruleset'")),
    "a list, not a mapping": ("s.yaml", b"- format: brou-scenarios/1\n", ("s.yaml:1: a scenario file is a mapping",)),
    "scenarios not a list": ("s.yaml", b"format: brou-scenarios/1\nscenarios: {id: x}\n", ("s.yaml:2: at scenarios", "array")),
    "YAML syntax error": ("s.yaml", _yaml("steps:", "steps: ["), ("s.yaml:", "YAML syntax")),
    "an integer of 5,000 digits": ("s.yaml", _yaml("dealer: 3", "dealer: " + "9" * 5000), ("s.yaml:8:", "number too long")),
    "a date": ("s.yaml", _yaml("dealer: 3", "dealer: 2001-12-14"),
               ("s.yaml:8: at scenarios[0].setup.dealer", '"2001-12-14" is not of type "integer"')),
    # the format
    "step of an unknown kind": ("s.yaml", _yaml("      - do: AS", "      - jump: AS"),
                                ("s.yaml:16: at scenarios[0].steps[0]", "'jump' was unexpected")),
    "perft 12": ("s.yaml", _yaml("      - do: AS", "      - {perft: 12, count: 1}"),
                 ("s.yaml:16: at scenarios[0].steps[0].perft", "maximum of 9")),
    "missing steps": ("s.yaml", _yaml("    steps:\n      - do: AS\n      - expect: {legal: [QS, JS]}\n"
                                      "      - reject: 9H\n        code: must-follow-suit\n", ""),
                      ("s.yaml:3: at scenarios[0]", '"steps" is a required property')),
    "bad id": ("s.yaml", _yaml("id: t.good", "id: T Good"), ("s.yaml:3: at scenarios[0].id",)),
    "unknown ruleset": ("s.yaml", _yaml("ruleset: brouc", "ruleset: skat"), ("s.yaml:3: at t.good unknown ruleset 'skat'",)),
    "unknown clause": ("s.yaml", _yaml("[brouc.play.follow]", "[brouc.play.fly]"), ("s.yaml:3:", "clause 'brouc.play.fly'")),
    "unknown parameter": ("s.yaml", _yaml("    setup:", "    params: {speed: 3}\n    setup:"),
                          ("s.yaml:3:", "unknown parameter 'speed'")),
    "parameter value not an option": ("s.yaml", _yaml("    setup:", "    params: {rounding: sideways}\n    setup:"),
                                      ("s.yaml:3:", "rounding='sideways' is not one of")),
    "parameter value of the wrong type": ("s.yaml", _yaml("    setup:", "    params: {table_factor: true}\n    setup:"),
                                          ("s.yaml:3:", "table_factor=True is not one of [2, 1]")),
    "parameter value a mapping": ("s.yaml", _yaml("    setup:", "    params: {undertrump_when_void: {a: 1}}\n    setup:"),
                                  ("s.yaml:7: at scenarios[0].params.undertrump_when_void",)),
    "unknown error code": ("s.yaml", _yaml("code: must-follow-suit", "code: must-dance"),
                           ("s.yaml:3:", "unknown error code 'must-dance'")),
    # the substance: the reference engine plays it
    "a duplicate card": ("s.yaml", _yaml("[AS, KS, 9D", "[AS, AS, 9D"),
                         ("s.yaml:3: at t.good", "the reference engine cannot play it")),
    "31 cards": ("s.yaml", _yaml("[AS, KS, 9D, 8D, 7D, 8C, 7C, JH]", "[AS, KS, 9D, 8D, 7D, 8C, 7C]"),
                 ("s.yaml:3: at t.good", "cannot play it")),
    "the card 2S": ("s.yaml", _yaml("[AS, KS, 9D", "[2S, KS, 9D"), ("s.yaml:3: at t.good", "cannot play it")),
    "a turn-up not in the dealer's hand": ("s.yaml", _yaml("turnup: QH", "turnup: AS"),
                                           ("s.yaml:3: at t.good", "cannot play it")),
    "dealer 7": ("s.yaml", _yaml("dealer: 3", "dealer: 7"), ("s.yaml:3: at t.good", "setup.dealer: no player 7")),
    "three hands": ("s.yaml", _yaml("        - [8S, 7S, JC, 7H, AH, TH, KH, QH]\n", ""),
                    ("s.yaml:3: at t.good", "3 hands given")),
    "a do step the rules refuse": ("s.yaml", _yaml("      - do: AS", "      - do: 9H"),
                                   ("s.yaml:3: at t.good", "does not pass it: step 1: 9H was refused")),
    "a reject of a legal action": ("s.yaml", _yaml("reject: 9H", "reject: QS"),
                                   ("s.yaml:3: at t.good", "step 3: QS was accepted")),
    "an impossible expectation": ("s.yaml", _yaml("legal: [QS, JS]", "legal: [QS, JS, 9H]"),
                                  ("s.yaml:3: at t.good", "does not pass it: step 2")),
    # JSON lines
    "jsonl not UTF-8": ("g.jsonl", _line("the first", "le premier \xe9").replace("\xe9".encode(), b"\xe9"),
                        ("g.jsonl:1: not UTF-8 text (byte 0xe9)",)),
    "jsonl binary": ("g.jsonl", (GOOD_LINE + "\n").encode() + b"\x00" * 100, ("g.jsonl:2: a binary file",)),
    "jsonl nested too deep": ("g.jsonl", b"[" * 20_000 + b"]" * 20_000 + b"\n", ("g.jsonl:1: JSON nested too deep",)),
    "jsonl integer of 5,000 digits": ("g.jsonl", _line('"dealer":3', '"dealer":' + "9" * 5000),
                                      ("g.jsonl:1: JSON: a number too long",)),
    "jsonl line too long": ("g.jsonl", _line('"the first player leads"', '"' + "x" * 70_000 + '"'),
                            ("g.jsonl:1: a line of 70,", "the limit is 65,536")),
    "jsonl of blank lines": ("g.jsonl", b"\n \n\r\n" * 100_000, ("g.jsonl:1: the file holds no scenario",)),
    "jsonl not an object": ("g.jsonl", b"[1, 2]\n", ("g.jsonl:1: a scenario needs id",)),
    "jsonl syntax error": ("g.jsonl", (GOOD_LINE + "\n" + GOOD_LINE[:-3] + "\n").encode(), ("g.jsonl:2: JSON syntax",)),
    "jsonl parameter value a mapping": ("g.jsonl", _line('"ruleset":"brouc",',
                                                         '"ruleset":"brouc","params":{"rounding":{"a":1}},'),
                                        ("g.jsonl:1: at params.rounding",)),
    "jsonl id used twice": ("g.jsonl", (GOOD_LINE + "\n\n" + GOOD_LINE + "\n").encode(),
                            ("g.jsonl:3: scenario id 't.line' is used twice (first at g.jsonl:1)",)),
}


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Done | str]:
    """`brou check` on every case, four at a time (each is mostly the interpreter starting);
    a case whose run went wrong holds what happened, for its own test to report.  The folders
    are made before the threads start: pytest makes its temporary folders without a lock, and two
    threads making the first at once fail with FileExistsError."""
    folders = {case: tmp_path_factory.mktemp("case") for case in CASES}

    def one(case: str) -> Done | str:
        folder = folders[case]
        name, content, _ = CASES[case]
        (folder / name).write_bytes(content)
        try:
            return check(folder, name)
        except (OSError, ValueError, subprocess.SubprocessError) as exc:
            return f"{exc.__class__.__name__}: {exc}"

    with ThreadPoolExecutor(4) as pool:
        return dict(zip(CASES, pool.map(one, CASES), strict=True))


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_scenario_file_is_refused_in_one_line(checked: dict[str, Done | str], case: str) -> None:
    done = checked[case]
    assert isinstance(done, Done), done
    refused(done, *CASES[case][2])


def test_the_good_files_the_cases_are_made_from_pass(tmp_path: Path) -> None:
    """And a byte order mark and Windows line ends are accepted."""
    (tmp_path / "s.yaml").write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode())
    (tmp_path / "g.jsonl").write_bytes(b"\xef\xbb\xbf" + GOOD_LINE.encode() + b"\r\n")
    done = check(tmp_path, "s.yaml", "--scenarios", "g.jsonl")
    assert done.status == 0 and "2 passed" in done.out, done


def test_a_file_of_50_megabytes_is_refused_before_it_is_read(tmp_path: Path) -> None:
    with (tmp_path / "big.jsonl").open("wb") as f:
        f.truncate(50 << 20)  # sparse: nothing is written
    line = refused(check(tmp_path, "big.jsonl"), "big.jsonl: the file has 52,428,800 bytes; the limit is 8,388,608")
    assert line


def test_an_id_used_in_two_files_names_both(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(GOOD, encoding="utf-8")
    refused(check(tmp_path, "."), "b.yaml:3: scenario id 't.good' is used twice (first at a.yaml:3)")


def test_a_folder_a_missing_file_a_fifo_and_a_symlink_loop(tmp_path: Path) -> None:
    (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop2.yaml")
    (tmp_path / "loop2.yaml").symlink_to(tmp_path / "loop.yaml")
    os.mkfifo(tmp_path / "pipe.yaml")
    refused(check(tmp_path, "loop.yaml"), "loop.yaml: cannot read: too many levels of symbolic links")
    refused(check(tmp_path, "nothing.yaml"), "nothing.yaml: no such file")
    (tmp_path / "plain.yaml").write_text(GOOD, encoding="utf-8")
    refused(check(tmp_path, "plain.yaml/s.yaml"), "plain.yaml/s.yaml: cannot read: not a directory")
    refused(check(tmp_path, "pipe.yaml"), "pipe.yaml: is not a regular file")
    (tmp_path / "empty").mkdir()
    refused(check(tmp_path, "empty"), "empty: no scenario file (*.yaml, *.jsonl) in this folder")
    refused(brou(tmp_path, "validate", "empty"), "empty: is a folder, not a file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(GOOD, encoding="utf-8")
    path.chmod(0)
    refused(check(tmp_path, "s.yaml"), "s.yaml: cannot read: permission denied")


def test_a_file_name_with_a_newline_or_a_byte_that_is_not_utf8_is_escaped_on_one_line(tmp_path: Path) -> None:
    (tmp_path / "two\nlines.yaml").write_bytes(b"")
    refused(check(tmp_path, "two\nlines.yaml"), "two\\nlines.yaml:1: the file is empty")
    name = os.fsdecode(b"bad\xff.yaml")
    (tmp_path / name).write_bytes(b"")
    refused(check(tmp_path, name), "bad\\udcff.yaml:1: the file is empty")


# -- command lines ---------------------------------------------------------------------------


def test_a_parameter_value_that_is_a_mapping_on_the_command_line(tmp_path: Path) -> None:
    refused(brou(tmp_path, "deal", "--ruleset", "brouc", "--seed", "1", "--param", "undertrump_when_void={a: 1}"),
            "parameter undertrump_when_void: a value is a word, a number, true, false or a list of them")


def test_a_parameter_value_nested_60000_deep_or_full_of_aliases_on_the_command_line(tmp_path: Path) -> None:
    """It crashed the YAML parser (segmentation fault); now it is read as the text it is."""
    refused(brou(tmp_path, "deal", "--ruleset", "brouc", "--seed", "1", "--param", "rounding=" + "[" * 60_000),
            "parameter rounding='[[[[")
    laughs = "[&a [1,1,1,1,1,1,1,1,1], &b [*a,*a,*a,*a,*a,*a,*a,*a,*a], &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]]"
    refused(brou(tmp_path, "deal", "--ruleset", "brouc", "--seed", "1", "--param", "rounding=" + laughs),
            "parameter rounding='[&a [1,")


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e10"])
def test_a_time_limit_that_is_not_a_number_of_seconds(tmp_path: Path, value: str) -> None:
    refused(brou(tmp_path, "check", "--id", "x", "--timeout", value),
            "brou check: --timeout must be a number of seconds, more than 0")


def test_expected_failures_and_tracking_files_that_are_not_utf8(tmp_path: Path) -> None:
    (tmp_path / "s.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "bad.txt").write_bytes(b"t.good \xe9\n")
    refused(check(tmp_path, "s.yaml", "--xfail", "bad.txt"), "bad.txt: cannot read the expected-failure list")
    refused(check(tmp_path, "s.yaml", "--track", "bad.txt"), "bad.txt: not a tracking file of brou check")
    for option in ("--xfail", "--track"):
        refused(check(tmp_path, "s.yaml", option, "/dev/zero"), f"brou check: {option} /dev/zero: not a regular file")


def test_validate_takes_a_path_that_is_not_a_ruleset_id_as_a_path(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# Title\n\nSome *text*: [a link](x).\n", encoding="utf-8")
    refused(brou(tmp_path, "validate", "README.md"), "README.md:")
    (tmp_path / "deep.yaml").write_bytes(b"a: " + b"[" * DEEP)
    refused(brou(tmp_path, "validate", "deep.yaml"), "deep.yaml:1: nested more than 32 deep")
    refused(brou(tmp_path, "deal", "--ruleset", "README.md", "--seed", "1"), "README.md:")
    many = "format: brou-ruleset/1\nid: x\nclauses:\n" + "".join(f"  c{i}: 1\n" for i in range(24_000))
    (tmp_path / "errors.yaml").write_text(many, encoding="utf-8")  # 24,000 schema errors: the first are enough
    refused(brou(tmp_path, "validate", "errors.yaml"), "errors.yaml:1: at (top) 'clause_prefix' is a required property")


# -- perft and time -------------------------------------------------------------------------


def test_a_deep_perft_in_process_is_cut_off_by_the_time_limit() -> None:
    request = {"ruleset": "brouc", "params": {}, "setup": {"seed": 1}, "steps": [{"perft": 10}]}
    started = time.monotonic()
    answer = Reference().run(request, 0.2)
    assert "gave up after 0.2 s" in answer["error"] and time.monotonic() - started < 5
    scenario = corpus.Scenario({"id": "t.deep", "description": "deep", "clauses": ["brouc.play.follow"], "ruleset": "brouc",
                                "setup": {"seed": 1}, "steps": [{"perft": 10, "count": 1}]}, "t.yaml", 1)
    result = run(InProcess(), [scenario], timeout=0.2)
    assert result.outcomes[0].status == "errored" and "gave up" in result.outcomes[0].verdict.detail


def test_checking_a_file_against_the_reference_engine_is_bounded_in_time(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    deep = GOOD.replace("      - do: AS", "      - {perft: 9, count: 1}")
    (tmp_path / "s.yaml").write_text(deep, encoding="utf-8")
    monkeypatch.setattr(reference, "SUBSTANCE_SECONDS", 0.2)  # each scenario
    with pytest.raises(corpus.CorpusError, match=r"s\.yaml:3: at t\.good the reference engine cannot play it: .*gave up"):
        reference.load([tmp_path / "s.yaml"])
    monkeypatch.setattr(reference, "SUBSTANCE_TOTAL_SECONDS", 0.0)  # all of them
    with pytest.raises(corpus.CorpusError, match=r"s\.yaml:3: at t\.good checking .* takes more than 0 s"):
        reference.load([tmp_path / "s.yaml"])


def test_perft_depth_nine_from_the_start_of_a_deal_is_affordable() -> None:
    """The schema's bound: the deepest count it allows takes seconds, not hours."""
    from brou.conformance.protocol.server import perft

    started = time.monotonic()
    perft(HommeDeal.from_seed(Rules.load("homme-de-brou-1802"), 3), 9, time.monotonic() + 60)
    assert time.monotonic() - started < 60


# -- the verified files ----------------------------------------------------------------------------


def test_the_list_of_verified_files_is_the_shipped_corpus_as_it_is() -> None:
    """conformance/verified.jsonl names every shipped scenario file with its current hash and
    the index of its scenarios (run tools/verify-corpus after changing one);
    test_conformance proves them all against the reference engine."""
    header, *lines = corpus.VERIFIED.read_text(encoding="utf-8").splitlines()
    assert json.loads(header) == {"schema": hashlib.sha256((spec.SCHEMA_DIR / "scenario.schema.json").read_bytes()).hexdigest()}
    listed = {}
    for line in lines:
        entry = json.loads(line)
        listed[entry["file"]] = (entry["sha256"], [tuple(row) for row in entry["scenarios"]])
    shipped = {f.relative_to(corpus.CONFORMANCE_DIR).as_posix(): (hashlib.sha256(f.read_bytes()).hexdigest(),
                                                                  [corpus._row(s) for s in corpus.load_file(f)])
               for f in corpus.scenario_files()}
    assert listed == shipped


def test_without_the_list_every_file_is_checked_in_full(tmp_path: Path) -> None:
    assert corpus.verified_index(tmp_path / "missing.jsonl") == {}
    good = corpus.VERIFIED.read_text(encoding="utf-8").splitlines()
    (tmp_path / "bad.jsonl").write_text(good[0] + '\n{"sha256": "x", "scenarios": [[1, 2]]}\n', encoding="utf-8")
    assert corpus.verified_index(tmp_path / "bad.jsonl") == {}
    (tmp_path / "old.jsonl").write_text('{"schema": "0"}\n' + "\n".join(good[1:]) + "\n", encoding="utf-8")
    assert corpus.verified_index(tmp_path / "old.jsonl") == {}
    assert corpus.verified_index()  # the shipped list


def test_a_copy_of_a_shipped_file_that_was_changed_is_replayed(tmp_path: Path) -> None:
    source = next(f for f in corpus.scenario_files() if f.suffix == ".yaml")
    text = source.read_text(encoding="utf-8")
    (tmp_path / "same.yaml").write_text(text, encoding="utf-8")
    assert reference.load([tmp_path / "same.yaml"]).scenarios  # listed: not replayed, loads
    calls: list[str] = []
    original = reference.check_substance

    def spy(s: corpus.Scenario, seconds: float = reference.SUBSTANCE_SECONDS) -> None:
        calls.append(s.id)
        original(s, seconds)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reference, "check_substance", spy)
        reference.load([tmp_path / "same.yaml"])
        assert calls == []
        (tmp_path / "same.yaml").write_text(text + "\n# changed\n", encoding="utf-8")
        loaded = reference.load([tmp_path / "same.yaml"])
    assert calls == [s.id for s in loaded.scenarios]


# -- the Python API --------------------------------------------------------------------------------

NOT_ACTIONS: list[object] = [None, "AS", 1.5, [], True, False, 10**10, 10**5000, -1, -(10**5000), b"\x00"]


@pytest.mark.parametrize("action", NOT_ACTIONS, ids=lambda a: f"{type(a).__name__}-{NOT_ACTIONS.index(a)}")
def test_apply_refuses_what_is_not_an_action_at_once_and_leaves_the_state(action: object) -> None:
    state = HommeDeal.from_seed(Rules.load("brouc"), 7)
    before = (state.record(), state.to_act, state.legal_actions(), list(state.hands))
    started = time.monotonic()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert time.monotonic() - started < 0.1
    assert caught.value.code == "malformed-action" and "\n" not in str(caught.value)
    assert (state.record(), state.to_act, state.legal_actions(), list(state.hands)) == before


@pytest.mark.parametrize("text", [None, b"AS", 5, ["AS"]])
def test_apply_text_refuses_what_is_not_text(text: object) -> None:
    state = HommeDeal.from_seed(Rules.load("brouc"), 7)
    with pytest.raises(IllegalAction) as caught:
        state.apply_text(text)
    assert caught.value.code == "malformed-action"


def test_an_integer_of_another_type_counts_as_its_value() -> None:
    import numpy as np

    state = HommeDeal.from_seed(Rules.load("brouc"), 7)
    first = state.legal_actions()[0]
    state.apply(np.int64(first))
    state.apply(np.int32(state.legal_actions()[0]), np.int64(state.to_act))
    assert state.history[0] == first and all(type(a) is int for a in state.history)


def test_a_seat_that_is_not_a_number_is_the_wrong_seat() -> None:
    state = HommeDeal.from_seed(Rules.load("brouc"), 7)
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.legal_actions()[0], "0")
    assert caught.value.code == "wrong-seat"


# -- selecting before loading ---------------------------------------------------------------------


def test_one_clause_is_selected_while_loading_and_the_corpus_is_held_as_text() -> None:
    selection: Callable[[corpus.Scenario], bool] = lambda s: "brouc.play.overtrump" in s.clauses  # noqa: E731
    started = time.monotonic()
    loaded = reference.load(keep=selection)
    assert time.monotonic() - started < 10
    assert loaded.scenarios and len(loaded.ids) > 10_000
    assert all(selection(s) for s in loaded.scenarios)
    assert all(not hasattr(s, "__dict__") and isinstance(s.text, str) for s in loaded.scenarios)


def test_the_corpus_is_held_in_little_memory() -> None:
    """As text, with shared names: about 3.3 KB a scenario (as dictionaries: 45 KB)."""
    import tracemalloc

    tracemalloc.start()
    try:
        loaded = reference.load([corpus.SCENARIO_DIR / "brouc"])
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(loaded.scenarios) > 5_000 and held / len(loaded.scenarios) < 6_000, held


# -- the promises of a whole run (issue 14): memory of a full run, time to the first answer --------


def test_a_full_corpus_run_through_the_protocol_stays_under_150_megabytes(tmp_path: Path) -> None:
    """The whole corpus against `brou serve` (a subprocess, as any implementation): the
    harness's own peak resident memory stays under 150 MB, and every scenario passes."""
    done = brou(tmp_path, "check", "--report", "json", "--no-progress", timeout=600)
    assert done.status == 0, done.err[-2000:]
    counts = json.loads(done.out)["counts"]
    assert counts["passed"] > 10_000 and counts["failed"] == counts["errored"] == 0
    assert done.megabytes < 150, done.megabytes


# what only prove, the tests, the books and OpenSpiel need
HEAVY = ("z3", "hypothesis", "sphinx", "weasyprint", "pyspiel", "numpy")


def test_a_run_selecting_one_clause_reads_only_its_scenarios_and_no_heavy_library(tmp_path: Path) -> None:
    """What keeps a one-clause run quick to start (tools/bench times it: the first scenario is
    sent about 0.9 s after the command starts, against a 2 s target): the shipped files are
    selected from their verified index, so only the chosen scenarios are parsed and none is
    replayed against the engine, and none of the heavy optional libraries is imported."""
    parsed: list[int] = []
    replayed: list[str] = []
    original = corpus._scenarios

    def spy(*args: object, **kwargs: object) -> object:
        found = list(original(*args, **kwargs))  # type: ignore[arg-type]
        assert kwargs.get("check") is False, "a shipped file was parsed in full"
        parsed.append(len(found))
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(corpus, "_scenarios", spy)
        patch.setattr(reference, "check_substance", lambda s, *a: replayed.append(s.id))
        patch.setattr(reference, "substance_problem", lambda s, *a: replayed.append(s.id))
        loaded = reference.load(keep=lambda s: "hdb.deck.cards" in s.clauses, disputes=True)
    assert loaded.scenarios and sum(parsed) == len(loaded.scenarios) and replayed == []
    assert len(loaded.ids) > 50 * len(loaded.scenarios)  # the others were only listed
    adapter = tmp_path / "adapter.py"
    adapter.write_text("""\
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "stop":
        break
    if request["cmd"] == "hello":
        answer = {"brou": 1, "implementation": {"name": "skipper"}, "rulesets": {"homme-de-brou-1802": {"params": {}}},
                  "features": []}
    else:
        answer = {"skip": "not a player"}
    print(json.dumps(answer | {"seq": request["seq"]}), flush=True)
""", encoding="utf-8")
    loaded_heavy = f"sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r})"
    heavy = f"import atexit, sys; atexit.register(lambda: print({loaded_heavy}, file=sys.stderr)); " + MAIN_CALL
    done = subprocess.run([sys.executable, "-c", heavy, "check", "--clause", "hdb.deck.cards", "--impl",
                           f"{sys.executable} {adapter}", "--no-progress"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "skipped" in done.stdout and done.stderr.strip().splitlines()[-1] == "[]", done.stderr[-2000:]


# -- a folder with disputed scenarios ---------------------------------------------------------------

MADE_UP = """format: brou-scenarios/1
scenarios:
  - id: mine.hdb.first-to-act
    description: a reading no parameter plays (the player after the dealer does not lead)
    clauses: [hdb.deal.packets]
    ruleset: homme-de-brou-1802
    setup:
      seed: 12345
    steps:
      - expect: {to_act: 3}
"""


def test_a_folder_with_disputed_scenarios_runs_the_rest_and_names_each(tmp_path: Path) -> None:
    """A folder written by someone documenting other readings: the AMB-29 scenario of the
    `escape` reading with its parameter taken out, a made-up expectation, and the packet
    scenarios.  Each scenario the reference engine does not pass gets a line on stderr (where,
    the step and the difference, and how to play its reading: the parameter and register entry
    under which the reference passes it, or the register to propose it to); the others run
    and pass; the exit status is 2."""
    shipped = corpus.CONFORMANCE_DIR / "scenarios/homme-de-brou-1802"
    amb29 = (shipped / "ambiguities/AMB-29.yaml").read_text(encoding="utf-8")
    assert amb29.count('params: {"escape_commitment": true}') == 1
    (tmp_path / "amb29.yaml").write_text(amb29.replace('    params: {"escape_commitment": true}\n', ""), encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(MADE_UP, encoding="utf-8")
    (tmp_path / "packets.yaml").write_text((shipped / "deal/packets.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    done = brou(tmp_path, "check", "--in-process", "--no-progress", "--scenarios", ".")
    assert done.status == 2, done
    assert "Traceback" not in done.err
    assert "5 scenarios: 5 passed, 0 failed" in done.out
    assert "2 disputed scenarios not run (the reference engine does not pass them)" in done.out
    lines = done.err.splitlines()
    assert len(lines) == 2, done.err
    escape, made_up = lines
    assert escape.startswith("brou check: amb29.yaml:15: at hdb.ambiguity.amb-29.escape the reference engine does not "
                             "pass it: step 2: legal: missing claim; ")
    assert "passes it under escape_commitment=True (AMB-29 escape)" in escape
    assert "params: {escape_commitment: true} (brou deal --param escape_commitment=true)" in escape
    assert made_up.startswith("brou check: mine.yaml:3: at mine.hdb.first-to-act the reference engine does not pass it: "
                              "step 1: to_act: value is 0, expected 3; no single parameter value of homme-de-brou-1802 makes")
    assert 'propose it for the register (docs/ambiguities.md, "Adding an entry")' in made_up
    report = brou(tmp_path, "check", "--in-process", "--no-progress", "--scenarios", ".", "--report", "json")
    assert report.status == 2 and json.loads(report.out)["disputed"] == [line.removeprefix("brou check: ") for line in lines]
    alone = brou(tmp_path, "check", "--in-process", "--no-progress", "--scenarios", "mine.yaml")
    assert alone.status == 2 and alone.out == "" and alone.err == made_up + "\n"  # nothing else to run: the line alone

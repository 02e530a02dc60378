"""The `brou` command: `validate` and `deal`, exit codes, one-line errors.

Most tests call `brou.cli.main` in this process (fast); a few run the command in a real
subprocess, as a user would, to check exit codes, streams and determinism across processes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import takewhile
from pathlib import Path
from typing import Any

import pytest
import yaml

from brou import spec
from brou.cli.main import main, version

REPO = Path(__file__).resolve().parents[1]
BROKEN_REL = "tests/fixtures/broken"
BROKEN = REPO / BROKEN_REL
EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load((BROKEN / "expected.yaml").read_text(encoding="utf-8"))
FIXTURES = sorted(p.name for p in BROKEN.glob("*.yaml") if p.name != "expected.yaml")
SHIPPED_FILES = [str(p) for p in sorted(spec.RULESET_DIR.glob("*.yaml"))]
MAIN = "import sys; from brou.cli import main; sys.exit(main())"
RANKS, SUITS = "ATKQJ987", "SHDC"
ALL_CARDS = {r + s for s in SUITS for r in RANKS}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`brou ARGS` in a subprocess, from the repository root."""
    return subprocess.run([sys.executable, "-c", MAIN, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120, env=env, check=False)


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`brou ARGS` in this process: (exit status, stdout, stderr)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2, (code, err)
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].strip()
    return lines[0]


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # fixture paths (and the extends-loop fixtures) are read from here


# --- brou validate --------------------------------------------------------------------------


def test_validate_shipped_files_subprocess() -> None:
    proc = run("validate")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert len(lines) == len(SHIPPED_FILES)
    for line, file in zip(lines, SHIPPED_FILES, strict=True):
        assert line.startswith(f"ok {file}: ruleset "), line


def test_validate_by_id_and_path(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = call(capsys, "validate", "brouc", "homme-de-brou-1802", "spec/rulesets/brouc.yaml")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 3 and all(line.startswith("ok ") for line in lines)
    assert lines[0].startswith("ok brouc: ruleset brouc, ")
    assert lines[1].startswith("ok homme-de-brou-1802: ruleset homme-de-brou-1802, ")


@pytest.mark.parametrize("fixture", FIXTURES)
def test_validate_broken_fixture(capsys: pytest.CaptureFixture[str], fixture: str) -> None:
    name = f"{BROKEN_REL}/{fixture}"
    code, out, err = call(capsys, "validate", name)
    line = assert_one_line_error(code, out, err)
    assert out == ""
    assert line.startswith(f"brou validate: {BROKEN_REL}/{EXPECTED[fixture].get('file', fixture)}:"), line  # lines: test_spec
    assert EXPECTED[fixture]["message"] in line


# as a process: a YAML error and the two recursions (a stack as the command runs it); every fixture
# is checked in process above with the same assertions (test_validate_broken_fixture)
@pytest.mark.parametrize("fixture", ["yaml-syntax-error.yaml", "extends-loop-a.yaml", "recursive-alias.yaml"])
def test_validate_broken_fixture_subprocess(fixture: str) -> None:
    proc = run("validate", f"{BROKEN_REL}/{fixture}")
    line = assert_one_line_error(proc.returncode, proc.stdout, proc.stderr)
    assert line.startswith(f"brou validate: {BROKEN_REL}/{EXPECTED[fixture].get('file', fixture)}:"), line
    assert EXPECTED[fixture]["message"] in line


def test_validate_several_files_reports_every_broken_one(capsys: pytest.CaptureFixture[str]) -> None:
    names = ("empty.yaml", "hand-size-string.yaml", "extends-unknown.yaml", "teams-not-covering-seats.yaml")
    broken = [f"{BROKEN_REL}/{f}" for f in names]
    args = [broken[0], SHIPPED_FILES[0], broken[1], broken[2], SHIPPED_FILES[-1], broken[3]]
    code, out, err = call(capsys, "validate", *args)
    assert code == 2
    assert "Traceback" not in err
    errors = err.splitlines()
    assert len(errors) == len(broken)
    for line, name in zip(errors, broken, strict=True):
        assert line.startswith(f"brou validate: {name}:"), line
    oks = out.splitlines()
    assert [line.split(":")[0] for line in oks] == [f"ok {SHIPPED_FILES[0]}", f"ok {SHIPPED_FILES[-1]}"]


def test_validate_every_fixture_at_once_subprocess() -> None:
    proc = run("validate", *(f"{BROKEN_REL}/{f}" for f in FIXTURES))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    errors = proc.stderr.splitlines()
    reported = [f"{BROKEN_REL}/{EXPECTED[f].get('file', f)}" for f in FIXTURES]
    assert [line.removeprefix("brou validate: ").split(":")[0] for line in errors] == reported, proc.stderr


# --- brou deal ------------------------------------------------------------------------------


def test_deal_text_subprocess_is_the_same_on_two_runs() -> None:
    env1 = os.environ | {"PYTHONHASHSEED": "1"}
    env2 = os.environ | {"PYTHONHASHSEED": "2"}
    first = run("deal", "--ruleset", "brouc", "--seed", "7", env=env1)
    second = run("deal", "--ruleset", "brouc", "--seed", "7", env=env2)
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""
    assert first.stdout == second.stdout
    text = first.stdout
    lines = text.splitlines()
    assert "Brouc" in lines[0] and "seed 7" in lines[0]
    assert any(line.startswith("Trump: ") and "Turn-up " in line for line in lines)
    for seat in range(4):
        assert sum(1 for line in lines if line.startswith(f"  seat {seat} ")) == 1, f"seat {seat}"
    tricks = [line for line in lines if line.startswith("Trick ")]
    assert [t.split()[1] for t in tricks] == [str(n) for n in range(1, 9)]
    header = next(i for i, line in enumerate(lines) if "tricks" in line and "cards" in line and "deal" in line)
    assert lines[header + 1].startswith("team 0+2") and lines[header + 2].startswith("team 1+3")
    won = [int(lines[header + 1 + t].split()[2]) for t in range(2)]
    cards = [int(lines[header + 1 + t].split()[3]) for t in range(2)]
    assert sum(won) == 8 and sum(cards) == 120


def test_deal_text_in_process_matches_subprocess(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = call(capsys, "deal", "--ruleset", "brouc", "--seed", "7")
    assert (code, err) == (0, "")
    assert out == run("deal", "--ruleset", "brouc", "--seed", "7").stdout


def deal_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = call(capsys, "deal", *args, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def card_actions(data: dict[str, Any]) -> list[str]:
    return [a for a in data["actions"] if a in ALL_CARDS]


@pytest.mark.parametrize("ruleset", ["brouc", "homme-de-brou-1802"])
@pytest.mark.parametrize("seed", ["7", "0", "18446744073709551615"])
def test_deal_json(capsys: pytest.CaptureFixture[str], ruleset: str, seed: str) -> None:
    data = deal_json(capsys, "--ruleset", ruleset, "--seed", seed)
    assert data["ruleset"] == ruleset
    assert data["seed"] == data["play_seed"] == int(seed)
    hands = data["deal"]["hands"]
    assert len(hands) == 4 and all(len(hand) == 8 for hand in hands)
    assert {card for hand in hands for card in hand} == ALL_CARDS
    assert data["deal"]["turnup"] in hands[3], "the turn-up is the dealer's (seat 3) last card"
    assert data["deal"]["trump"] == data["deal"]["turnup"][-1]
    played = card_actions(data)
    assert len(played) == 32 and set(played) == ALL_CARDS
    others = [a for a in data["actions"] if a not in ALL_CARDS]
    assert all(a == "pass" or a.startswith("announce ") for a in others), others
    tricks = data["tricks"]
    assert len(tricks) == 8 and all(len(t["cards"]) == 4 for t in tricks)
    assert [c["card"] for t in tricks for c in t["cards"]] == played
    assert sum(t["points"] for t in tricks) == 120
    teams = data["result"]["teams"]
    assert sum(team["card_points"] for team in teams) == 120
    assert sum(team["tricks"] for team in teams) == 8
    # each seat plays the cards it was dealt
    for t in tricks:
        for c in t["cards"]:
            assert c["card"] in hands[c["seat"]]


def test_deal_json_subprocess_parses() -> None:
    proc = run("deal", "--ruleset", "brouc", "--seed", "7", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert len(data["tricks"]) == 8
    assert len(card_actions(data)) == 32


def test_deal_param_following_brouc_on_1802(capsys: pytest.CaptureFixture[str]) -> None:
    data = deal_json(capsys, "--ruleset", "homme-de-brou-1802", "--seed", "7", "--param", "following=brouc")
    assert data["params"]["following"] == "brouc"
    assert len(card_actions(data)) == 32
    plain = deal_json(capsys, "--ruleset", "homme-de-brou-1802", "--seed", "7")
    assert plain["params"]["following"] == "whist"
    assert plain["deal"]["hands"] == data["deal"]["hands"]


def test_deal_param_list_value(capsys: pytest.CaptureFixture[str]) -> None:
    data = deal_json(capsys, "--ruleset", "homme-de-brou-1802", "--seed", "7", "--param", "packets=[2, 3, 3]")
    assert data["params"]["packets"] == [2, 3, 3]
    default = deal_json(capsys, "--ruleset", "homme-de-brou-1802", "--seed", "7")
    assert data["deal"]["hands"] != default["deal"]["hands"], "the packet pattern changes who gets which card"


def test_play_seed_changes_the_play_not_the_hands(capsys: pytest.CaptureFixture[str]) -> None:
    base = deal_json(capsys, "--ruleset", "brouc", "--seed", "7")
    same = deal_json(capsys, "--ruleset", "brouc", "--seed", "7", "--play-seed", "7")
    assert same["actions"] == base["actions"]
    others = [deal_json(capsys, "--ruleset", "brouc", "--seed", "7", "--play-seed", str(n)) for n in (1, 2, 3)]
    for other in others:
        assert other["deal"] == base["deal"]
        assert other["seed"] == 7
    assert any(other["actions"] != base["actions"] for other in others)
    assert others[0]["play_seed"] == 1


def test_seed_changes_the_hands(capsys: pytest.CaptureFixture[str]) -> None:
    a = deal_json(capsys, "--ruleset", "brouc", "--seed", "7")
    b = deal_json(capsys, "--ruleset", "brouc", "--seed", "8")
    assert a["deal"]["hands"] != b["deal"]["hands"]


def test_seed_with_leading_zero_is_decimal(capsys: pytest.CaptureFixture[str]) -> None:
    """`--seed 010` is the whole number 10 (the error message promises whole numbers)."""
    assert deal_json(capsys, "--ruleset", "brouc", "--seed", "010") == deal_json(capsys, "--ruleset", "brouc", "--seed", "10")


# --- errors ---------------------------------------------------------------------------------

BAD_DEALS: list[tuple[list[str], str]] = [
    (["deal", "--ruleset", "nope", "--seed", "1"], "unknown ruleset 'nope'"),
    (["deal", "--ruleset", "brouc", "--seed", "-1"], "seed must be a whole number"),
    (["deal", "--ruleset", "brouc", "--seed", "18446744073709551616"], "seed must be a whole number"),
    (["deal", "--ruleset", "brouc", "--seed", "abc"], "seed must be a whole number"),
    (["deal", "--ruleset", "brouc", "--seed", "1", "--play-seed", "-3"], "seed must be a whole number"),
    (["deal", "--ruleset", "brouc", "--seed", "1", "--param", "nope=1"], "unknown parameter 'nope'"),
    (["deal", "--ruleset", "brouc", "--seed", "1", "--param", "following=whist"], "unknown parameter 'following'"),
    (["deal", "--ruleset", "brouc", "--seed", "1", "--param", "table_factor=3"], "table_factor=3 is not one of"),
    (["deal", "--ruleset", "homme-de-brou-1802", "--seed", "1", "--param", "following=strict"], "is not one of"),
    (["deal", "--ruleset", "brouc", "--seed", "1", "--param", "following"], "NAME=VALUE"),
    (["deal", "--ruleset", "brouc", "--seed", "1", "--param", "=brouc"], "NAME=VALUE"),
    (["deal", "--ruleset", f"{BROKEN_REL}/hand-size-string.yaml", "--seed", "1"],
     f"{BROKEN_REL}/hand-size-string.yaml:6: at deal.hand_size"),
    (["deal", "--ruleset", f"{BROKEN_REL}/extends-unknown.yaml", "--seed", "1"], "extends unknown ruleset"),
    (["deal", "--ruleset", f"{BROKEN_REL}/recursive-alias.yaml", "--seed", "1"], f"{BROKEN_REL}/recursive-alias.yaml:"),
    (["deal", "--ruleset", f"{BROKEN_REL}/no-such-file.yaml", "--seed", "1"], "no-such-file.yaml"),
    (["deal", "--ruleset", "brouc"], "--seed"),
    (["deal", "--seed", "1"], "--ruleset"),
    (["frobnicate"], "frobnicate"),
    (["deal", "--ruleset", "brouc", "--seed", "1", "--bogus"], "--bogus"),
    (["validate", "--bogus"], "--bogus"),
]


@pytest.mark.parametrize(("args", "fragment"), BAD_DEALS, ids=[" ".join(a) or "(none)" for a, _ in BAD_DEALS])
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: list[str], fragment: str) -> None:
    code, out, err = call(capsys, *args)
    line = assert_one_line_error(code, out, err)
    assert out == ""
    assert fragment in line, line


# as a process, one of each way out (a bad value, named; a broken file; the argument parser's own);
# every one of BAD_DEALS is checked in process (test_bad_input_is_one_line)
@pytest.mark.parametrize(("args", "fragment"), [
    (["deal", "--ruleset", "brouc", "--seed", "18446744073709551616"], "18446744073709551616"),
    (["deal", "--ruleset", "brouc", "--seed", "abc"], "'abc'"),
    (["deal", "--ruleset", f"{BROKEN_REL}/duplicate-key.yaml", "--seed", "1"], "duplicate key"),
    (["deal", "--ruleset", "brouc", "--seed", "1", "--bogus"], "--bogus"),
], ids=["seed-2**64", "seed-abc", "broken-ruleset-file", "unknown-option"])
def test_bad_input_subprocess(args: list[str], fragment: str) -> None:
    proc = run(*args)
    line = assert_one_line_error(proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert fragment in line, line


@pytest.mark.parametrize("args", [a for a, _ in BAD_DEALS], ids=[" ".join(a) for a, _ in BAD_DEALS])
def test_every_error_has_the_command_prefix(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = call(capsys, *args)
    line = assert_one_line_error(code, out, err)
    command = args[0] if args[0] in ("deal", "validate", "match", "check") else None
    assert line.startswith(f"brou {command}: " if command else "brou: "), line
    assert not line.startswith("brou: brou") and f"brou {command}: brou" not in line, line


def test_brou_alone_prints_its_help_and_version_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = call(capsys)
    assert code == 0 and err == ""
    assert out.startswith("usage: brou") and "check" in out and "prove" in out
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.startswith(f"brou {version()}; engine: ")  # which: tests/test_engine_choice.py


@pytest.mark.parametrize("args", [["validate", "--json"], ["ambiguities", "--json"], ["ambiguity", "AMB-05", "--json"],
                                  ["prove", "--fact", "crosscheck.rounding", "--json"]])
def test_json_output_of_the_table_commands(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = call(capsys, *args)
    assert code == 0, err
    data = json.loads(out)
    if args[0] == "validate":
        assert [d["ruleset"] for d in data] == sorted(spec.available_rulesets()) and all(d["ok"] for d in data)
    elif args[0] == "ambiguities":
        assert len(data["entries"]) >= 40 and data["entries"][0]["id"] == "AMB-01" and "match_target" in data["choices"]
    elif args[0] == "ambiguity":
        assert data["id"] == "AMB-05" and data["witness_scenarios"] and data["options"]
    else:
        assert [d["id"] for d in data] == ["crosscheck.rounding"] and data[0]["ok"] is True


def test_prove_record_writes_every_fact_and_takes_no_fact(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    code, out, err = call(capsys, "prove", "--record", str(tmp_path / "facts.json"), "--fact", "crosscheck.rounding")
    assert "--record writes the run of every fact" in assert_one_line_error(code, out, err)
    code, out, err = call(capsys, "prove", "--record", str(tmp_path / "none" / "facts.json"))
    assert "no folder" in assert_one_line_error(code, out, err)
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("ruleset", spec.available_rulesets())
def test_deal_from_a_position_plays_it_on_and_ends_with_its_notation(capsys: pytest.CaptureFixture[str],
                                                                    ruleset: str) -> None:
    code, out, err = call(capsys, "deal", "--ruleset", ruleset, "--seed", "5")
    assert code == 0, err
    whole = out.splitlines()[-1].removeprefix("Notation: ")
    deal, _, actions = whole.partition(" : ")
    start = f"{deal} : {' '.join(actions.split()[:5])}"
    code, again, err = call(capsys, "deal", "--from", start, "--json")
    assert code == 0, err
    data = json.loads(again)
    assert data["from"] == start and data["notation"].startswith(start)
    code, same, err = call(capsys, "deal", "--from", whole)
    assert code == 0 and same.splitlines()[-1] == f"Notation: {whole}", err


def test_deal_from_a_line_dealt_by_another_player_keeps_its_players(capsys: pytest.CaptureFixture[str]) -> None:
    """The notation printed is in the line's players; the table's seats are said to be the engine's."""
    line = "brouc 0 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 AS - scores=250,120 carried=0,20 : KS QS"
    code, out, err = call(capsys, "deal", "--from", line)
    assert code == 0, err
    last, note = out.splitlines()[-1], out.splitlines()[-2]
    assert last.startswith(f"Notation: {line} ") and "seat s is player (s + 1) mod 4 of the line given" in note
    code, out, err = call(capsys, "deal", "--from", "brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -")
    assert code == 0 and "Seats are the engine's" not in out, err


@pytest.mark.parametrize(("args", "says"), [
    (["deal"], "needs --ruleset and --seed, or --from POSITION"),
    (["deal", "--from", "brouc 3 AT", "--seed", "4"], "drop --seed"),
    (["deal", "--from", "brouc 3 AT"], "a deal has five fields"),
    (["deal", "--from", "brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : KS"], "action 1: 'KS'"),
])
def test_deal_from_what_is_not_a_position_is_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                                      says: str) -> None:
    code, out, err = call(capsys, *args)
    line = assert_one_line_error(code, out, err)
    assert line.startswith("brou deal: ") and says in line, line


def test_coverage_json_and_one_clause(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(capsys, "coverage", "--json")
    data = json.loads(out)
    assert code == (1 if data["uncovered"] else 0) and data["scenarios"] > 10_000
    assert data["coverage"]["brouc"]["brouc.play.overtrump"]["hand-written"] > 0
    code, out, _ = call(capsys, "coverage", "--clause", "brouc.play.overtrump", "--json")
    one = json.loads(out)
    assert code == 0 and one["implemented_by"] and one["scenarios"] and "brouc" in one["rulesets"]
    # the rule's number in the players' booklet, which prints no clause id: 4.3 in chapter 4, the play
    assert one["rulesets"]["brouc"]["booklet"]["rule"] == "4.3"
    assert one["rulesets"]["brouc"]["booklet"]["page"].endswith("booklet-brouc/rules.html#brouc.play.overtrump")
    code, out, _ = call(capsys, "coverage", "--clause", "hdb.play.lead")
    assert code == 0 and out.count("players' booklet: rule 4.1") == 2  # 1802 and Brouc


def test_check_summary_counts_the_loading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(capsys, "check", "--in-process", "--clause", "hdb.deck.cards", "--no-progress")
    assert code == 0
    assert "s loading)" in out.strip().splitlines()[-1]


def test_validate_json_names_a_broken_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(capsys, "validate", "--json", f"{BROKEN_REL}/duplicate-key.yaml")
    assert code == 2
    [result] = json.loads(out)
    assert result["ok"] is False and "duplicate key" in result["error"]


def test_register_table_shows_whole_questions_at_any_width() -> None:
    """The question column wraps instead of cutting: read back, AMB-40's question is whole."""
    from brou.spec.ambiguities import load_register, register_text

    question = load_register().entry("AMB-40").question
    for columns in (70, 100, 200):
        lines = register_text(columns=columns).splitlines()
        assert max(len(line) for line in lines[:-2]) <= columns
        start, end = lines[0].index("question"), lines[0].index("default")
        first = next(i for i, line in enumerate(lines) if line.startswith("AMB-40"))
        rows = [lines[first]] + list(takewhile(lambda line: line.startswith(" "), lines[first + 1:]))  # its continuation lines
        assert " ".join(line[start:end].strip() for line in rows).strip() == question


def test_match_svg_path_is_checked_before_the_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = call(capsys, "match", "--ruleset", "brouc", "--seed", "1", "--svg", str(tmp_path / "no" / "sheet.svg"))
    line = assert_one_line_error(code, out, err)
    assert out == "" and line.startswith("brou match: cannot write") and "no folder" in line


def test_console_script() -> None:
    """The installed `brou` entry point, next to this interpreter."""
    script = Path(sys.executable).parent / "brou"
    if not script.exists():
        pytest.skip(f"no console script at {script}")
    ok = subprocess.run([str(script), "validate"], cwd=REPO, capture_output=True, text=True, timeout=120, check=False)
    assert ok.returncode == 0, ok.stderr
    assert len(ok.stdout.splitlines()) == len(SHIPPED_FILES)
    bad = subprocess.run([str(script), "deal", "--ruleset", "brouc", "--seed", "abc"], cwd=REPO,
                         capture_output=True, text=True, timeout=120, check=False)
    assert_one_line_error(bad.returncode, bad.stdout, bad.stderr)


@pytest.mark.clause("hdb.deal.cut")
def test_deal_cut_deals_the_cut_pack_and_refuses_a_cut_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/shuffle.md's reference values: seed 7 in Brouc cut after 12 cards gives seat 0
    AS JS 7S AH KD QD QC JC and turns up 8C; a cut of one card turns up 8H; 32 is no cut."""
    data = deal_json(capsys, "--ruleset", "brouc", "--seed", "7", "--cut", "12")
    assert sorted(data["deal"]["hands"][0]) == sorted(["AS", "JS", "7S", "AH", "KD", "QD", "QC", "JC"])
    assert data["deal"]["turnup"] == "8C" and data["cut"] == 12
    assert deal_json(capsys, "--ruleset", "brouc", "--seed", "7", "--cut", "1")["deal"]["turnup"] == "8H"
    assert "cut" not in deal_json(capsys, "--ruleset", "brouc", "--seed", "7")
    code, out, err = call(capsys, "deal", "--ruleset", "brouc", "--seed", "7", "--cut", "32")
    assert code == 2 and not out and err.strip() == "brou deal: a cut lifts from 1 to 31 cards of the 32, not 32"


@pytest.mark.clause("hdb.match.first-dealer", "brouc.match.first-dealer")
def test_match_text_says_how_the_first_dealer_was_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 1 in 1802: players 0 and 1 tie with sevens, draw again, and player 0's eight is
    lower than player 1's jack; the sheet's first deal is dealt by him.  Brouc draws lots."""
    code, out, _ = call(capsys, "match", "--ruleset", "homme-de-brou-1802", "--seed", "1")
    assert code == 0
    assert out.splitlines()[0] == "First dealer: player 0 (cards drawn, by player: 7H 7C AH JH; then 8H JC - -)."
    code, out, _ = call(capsys, "match", "--ruleset", "homme-de-brou-1802", "--seed", "1", "--json")
    assert code == 0 and json.loads(out)["deals"][0]["dealer"] == 0
    code, out, _ = call(capsys, "match", "--ruleset", "brouc", "--seed", "3")
    assert code == 0 and out.splitlines()[0] == "First dealer: player 2, by lot."
    code, out, _ = call(capsys, "match", "--ruleset", "brouc", "--seed", "3", "--json")
    assert code == 0 and json.loads(out)["first_dealer"]["dealer"] == 2


def test_help_and_package_description_name_the_five_games(capsys: pytest.CaptureFixture[str]) -> None:
    """`brou --help` and pyproject.toml's description name every game the spec ships."""
    code, out, _ = call(capsys)
    assert code == 0
    text = " ".join(out.split())
    pyproject = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    description = next(line for line in pyproject.splitlines() if line.startswith("description = "))
    for name in ("L'Homme de Brou", "Brouc", "Brusquembille", "L'Homme d'Auvergne", "L'Hombre"):
        assert name in text, name
        assert name in description, name
    assert len(spec.available_rulesets()) == 5


def test_sources_help_lists_every_source_of_the_concordance(capsys: pytest.CaptureFixture[str]) -> None:
    """The ids `brou sources --source` accepts are listed in its help, read from the concordance."""
    from brou.spec.sources import load_concordance

    with pytest.raises(SystemExit) as exit_:
        main(["sources", "--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    ids = list(load_concordance()["sources"])
    assert len(ids) > 4 and "B1" in ids and "H1" in ids and "A1" in ids
    assert "only this source: " + ", ".join(ids) in text


def test_ambiguities_by_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    """`brou ambiguities --ruleset R`: only the entries that give R a default, and R's choices;
    an unknown ruleset is one line and exit status 2."""
    from brou.spec.ambiguities import load_register

    register = load_register()
    code, out, err = call(capsys, "ambiguities", "--ruleset", "hombre", "--json")
    assert code == 0, err
    data = json.loads(out)
    wanted = [e.id for e in register.entries if "hombre" in e.rulesets]
    assert [e["id"] for e in data["entries"]] == wanted and 0 < len(wanted) < len(register.entries)
    assert all("hombre" in e["defaults"] for e in data["entries"])
    assert data["choices"] == sorted(n for n, c in register.choices.items() if "hombre" in c["rulesets"])
    code, out, err = call(capsys, "ambiguities", "--ruleset", "brouc")
    assert code == 0, err
    ids = [line.split()[0] for line in out.splitlines() if line.startswith("AMB-")]
    assert ids == [e.id for e in register.entries if "brouc" in e.rulesets]
    assert f"{len(ids)} entries of brouc" in out
    line = assert_one_line_error(*call(capsys, "ambiguities", "--ruleset", "hombre-1700"))
    assert line.startswith("brou ambiguities: unknown ruleset 'hombre-1700'") and "hombre" in line


WRONG_DEALER = '''
import json, sys
from brou.conformance.protocol.server import Reference

reference = Reference()
for line in sys.stdin:
    message = json.loads(line)
    answer = reference.handle(message)
    if answer is None:
        break
    for result in answer.get("results", []):  # the first two cards of the first two hands swapped
        hands = result.get("deal", {}).get("hands") if isinstance(result.get("deal"), dict) else None
        if hands:
            hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    print(json.dumps(answer), flush=True)
'''


def test_a_scenario_with_a_list_parameter_runs_through_scenarios_and_impl(tmp_path: Path) -> None:
    """`packets: [2, 3, 3]` reaches the rules as a list on every path: the corpus's packet
    scenarios, in a file of their own (so checked and replayed when loaded), run against the
    reference server as a program and pass; against a program that deals wrongly they fail
    and the report shows each, with its clause, to the end (it stopped with exit 2)."""
    packets = tmp_path / "packets.yaml"
    packets.write_text((REPO / "conformance/scenarios/homme-de-brou-1802/deal/packets.yaml").read_text(encoding="utf-8"),
                       encoding="utf-8")
    serve = f"{sys.executable} -m brou serve"
    done = run("check", "--impl", serve, "--scenarios", str(packets))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 scenarios: 4 passed, 0 failed" in done.stdout
    fake = tmp_path / "wrong_dealer.py"
    fake.write_text(WRONG_DEALER, encoding="utf-8")
    done = run("check", "--impl", f"{sys.executable} {fake}", "--scenarios", str(packets))
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stderr == ""
    for ident in ("hdb.deal.packets.two-three-three", "hdb.deal.packets.three-two-three"):
        assert f"FAILED {ident}" in done.stdout
    assert done.stdout.count("  hdb.deal.packets: ") == 4  # the clause's statement under each failure
    assert "4 scenarios: 0 passed, 4 failed" in done.stdout


# -- brou spec: a ruleset as one document (conformance/PROTOCOL.md, "The rules as data") --


def test_spec_prints_brouc_with_what_it_takes_from_1802(capsys: pytest.CaptureFixture[str]) -> None:
    """Brouc's file is a merge patch on 1802's: its own file has no card points and no marriage
    values; `brou spec` prints them, the same as 1802's, and no `extends`."""
    own = yaml.safe_load((spec.RULESET_DIR / "brouc.yaml").read_text(encoding="utf-8"))
    assert "deck" not in own and "kinds" not in own.get("marriages", {})  # what the issue found missing
    code, out, err = call(capsys, "spec", "--ruleset", "brouc")
    assert code == 0 and err == ""
    assert out.startswith("# ruleset brouc, merged with the rulesets it extends (homme-de-brou-1802)")
    data = spec.read_yaml("out", out).data
    base = spec.load_document("homme-de-brou-1802").data
    assert data["id"] == "brouc" and "extends" not in data
    assert data["deck"] == base["deck"] and data["marriages"]["kinds"] == base["marriages"]["kinds"]
    assert [r["points"] for r in data["deck"]["ranks"]] == [11, 10, 4, 3, 2, 0, 0, 0]
    assert data == spec.published("brouc")
    assert data["parameters"]["rounding"]["default"] == "cards-half-up"  # Brouc's own value wins over 1802's
    code, out, err = call(capsys, "spec", "--ruleset", "brouc", "--json")
    assert code == 0 and err == "" and json.loads(out) == data


@pytest.mark.parametrize("ruleset", spec.available_rulesets())
def test_spec_yaml_reads_back_as_the_json(capsys: pytest.CaptureFixture[str], ruleset: str) -> None:
    """The YAML printed reads back, with the spec's own strict reader (no aliases), to the
    same data as the JSON; `--resolve` leaves no parameter reference and no `forms`."""
    _, text, _ = call(capsys, "spec", "--ruleset", ruleset)
    _, as_json, _ = call(capsys, "spec", "--ruleset", ruleset, "--json")
    assert spec.read_yaml("out", text).data == json.loads(as_json)
    code, out, _ = call(capsys, "spec", "--ruleset", ruleset, "--resolve", "--json")
    resolved = json.loads(out)
    assert code == 0 and "forms" not in resolved and '{"param": ' not in json.dumps(
        {k: v for k, v in resolved.items() if k not in ("parameters", "clauses")})


def test_spec_of_a_ruleset_without_extends_is_its_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(capsys, "spec", "--ruleset", "homme-de-brou-1802", "--json")
    assert code == 0
    assert json.loads(out) == spec.read_yaml(spec.RULESET_DIR / "homme-de-brou-1802.yaml").data


def test_spec_resolved_puts_the_chosen_values_in(capsys: pytest.CaptureFixture[str]) -> None:
    """`--resolve` replaces each `{param: NAME}` by its default; `--param` chooses another value
    (and resolves); the parameters section stays as written."""
    merged = spec.published("brouc")
    assert merged["counting"]["rounding"] == {"param": "rounding"}
    code, out, _ = call(capsys, "spec", "--ruleset", "brouc", "--resolve", "--json")
    assert code == 0 and json.loads(out)["counting"]["rounding"] == "cards-half-up"
    code, out, _ = call(capsys, "spec", "--ruleset", "brouc", "--param", "rounding=complement-of-smaller")
    assert code == 0 and "# parameters resolved: each at its default but rounding=complement-of-smaller" in out
    data = spec.read_yaml("out", out).data
    assert data["counting"]["rounding"] == "complement-of-smaller"
    assert data["parameters"] == merged["parameters"]
    assert '{"param"' not in json.dumps(data) and "'param'" not in repr(data)


@pytest.mark.parametrize("args, says", [
    (["spec", "--ruleset", "nope"], "brou spec: unknown ruleset 'nope' (known: brouc, "),
    (["spec"], "brou spec: the following arguments are required: --ruleset"),
    (["spec", "--ruleset", "brouc", "--param", "nope=1"], "brou spec: unknown parameter 'nope' for ruleset brouc"),
    (["spec", "--ruleset", "brouc", "--param", "rounding=x"], "brou spec: parameter rounding='x' is not one of"),
    (["spec", "--ruleset", "brouc", "--param", "rounding"], "brou spec: argument --param: a parameter is written NAME=VALUE"),
    (["spec", "--ruleset", f"{BROKEN_REL}/extends-loop-a.yaml"], "brou spec: tests/fixtures/broken/extends-loop-b.yaml"),
    (["spec", "--ruleset", f"{BROKEN_REL}/missing-deck.yaml"], "brou spec: tests/fixtures/broken/missing-deck.yaml"),
])
def test_spec_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    line = assert_one_line_error(*call(capsys, *args))
    assert line.startswith(says), line

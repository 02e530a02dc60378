"""`brou match`: a whole match between two bots, its score sheet, JSON and SVG."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from brou.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["match", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.clause("brouc.sheet.ardoise", "brouc.match.coches")
def test_brouc_match_prints_the_slate_as_it_grows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--ruleset", "brouc", "--seed", "3")
    assert (code, err) == (0, "")
    assert "donne 1 " in out and "1\u02b3\u1d49 partie" in out
    assert "Match gagné par" in out
    assert out.rstrip().splitlines()[-1].startswith("Nous (players 0 and 2): greedy bot; Eux (players 1 and 3): random bot")
    # printed deal by deal: each deal's line appears once
    assert out.count("donne 2 ") == 1


@pytest.mark.clause("hdb.sheet.marque", "hdb.match.target")
def test_1802_match_json_and_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "marque.svg"
    code, out, err = run(capsys, "--ruleset", "homme-de-brou-1802", "--seed", "4", "--json", "--svg", str(svg))
    assert (code, err) == (0, "")
    record = json.loads(out)
    assert record["winner"] in (0, 1) and record["unit"] == "parties"
    assert record["marks"][record["winner"]] >= record["target"]
    assert record["bots"] == ["greedy", "random"]
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")


def test_same_seed_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "--ruleset", "brouc", "--seed", "11", "--json")[1]
    assert run(capsys, "--ruleset", "brouc", "--seed", "11", "--json")[1] == first
    assert run(capsys, "--ruleset", "brouc", "--seed", "12", "--json")[1] != first


@pytest.mark.parametrize("args", [
    ("--ruleset", "brouc", "--seed", "3", "--bots", "greedy"),
    ("--ruleset", "brouc", "--seed", "3", "--bots", "greedy,nobody"),
    ("--ruleset", "nowhere", "--seed", "3"),
    ("--ruleset", "brouc", "--seed", "-3"),
    ("--ruleset", "brouc", "--seed", "3", "--param", "match_fifth_coche=never"),
    ("--ruleset", "homme-de-brou-1802", "--seed", "3", "--param", "after_last_trick=never"),
    ("--ruleset", "brouc", "--seed", "3", "--svg", "/nonexistent-dir/x.svg"),
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    code, _out, err = run(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err

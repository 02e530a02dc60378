"""Score sheets (brou.sheet): the 1802 marque (clause hdb.sheet.marque) and the Brouc
slate (clause brouc.sheet.ardoise), drawn from match records.

- For 200 seeded matches per ruleset (greedy against random, chaos against chaos) the
  sheet agrees with the engine: after every deal its running totals are the deal's
  `scores_after`, its tokens or coches per team are `marks_after`, and it closes as
  many games as the record has; every marriage is on it, written as the clause says.
- The text has one section per game, and `upto_deal=k` shows exactly the first k deals,
  each text being the beginning of the next (so the sheet can be printed as it grows).
- The SVG is well-formed XML with an `<svg>` root sized by width, height and viewBox,
  needs nothing from outside, and shows the team headings and the totals.
- Two small matches, checked by hand, give exactly the expected rows.
"""

from __future__ import annotations

import functools
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from brou import Rules
from brou.match import BOTS, Match
from brou.sheet import Row, ardoise_rows, marks_on_sheet, marque_rows, sheet_rows, sheet_svg, sheet_text, tally, tens

HDB = "homme-de-brou-1802"
BROUC = "brouc"
MATCHES = 200
RULESETS = [
    pytest.param(HDB, marks=pytest.mark.clause("hdb.sheet.marque"), id=HDB),
    pytest.param(BROUC, marks=pytest.mark.clause("brouc.sheet.ardoise"), id=BROUC),
]
SECTION = re.compile(r"^\u2500\u2500 (\d+)(?:re|e) partie ", re.MULTILINE)
DEAL_LINE = {HDB: re.compile(r"^coup (\d+) ", re.MULTILINE), BROUC: re.compile(r"^donne (\d+) ", re.MULTILINE)}


@functools.cache
def records(ruleset: str) -> tuple[dict[str, Any], ...]:
    """MATCHES seeded matches: even seeds greedy against random, odd seeds chaos against chaos."""
    rules = Rules.load(ruleset)
    out = []
    for seed in range(MATCHES):
        names = ("greedy", "random") if seed % 2 == 0 else ("chaos", "chaos")
        match = Match(rules, seed)
        match.play((BOTS[names[0]], BOTS[names[1]]), random.Random(seed))
        out.append(match.record())
    return tuple(out)


TOTALS = {HDB: "total", BROUC: "score"}


def running_totals(rows: list[Row], deal: dict[str, Any], kind: str) -> tuple[int | None, int | None]:
    """The totals the sheet shows once the deal is written: the marque's last total; on the
    slate the last score written in the deal's game (0 to 0 before any)."""
    shown = [r for r in rows if r.kind == kind and r.game == deal["game"] and r.coup <= deal["number"]]
    return (shown[-1].nous, shown[-1].eux) if shown else (0, 0)


# -- the sheet agrees with the engine -----------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_running_totals_are_the_scores_after_each_deal(ruleset: str) -> None:
    for record in records(ruleset):
        rows = sheet_rows(record)
        for deal in record["deals"]:
            assert running_totals(rows, deal, TOTALS[ruleset]) == tuple(deal["scores_after"]), (record["seed"], deal["number"])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tokens_or_coches_are_the_marks_after_each_deal(ruleset: str) -> None:
    for record in records(ruleset):
        rows = sheet_rows(record)
        for deal in record["deals"]:
            written = marks_on_sheet(r for r in rows if r.coup <= deal["number"])
            assert written == tuple(deal["marks_after"]), (record["seed"], deal["number"])
        assert marks_on_sheet(rows) == tuple(record["marks"])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_sheet_closes_each_game_of_the_record(ruleset: str) -> None:
    for record in records(ruleset):
        ends = [r for r in sheet_rows(record) if r.kind == "game"]
        assert len(ends) == len(record["games"])
        for row, game in zip(ends, record["games"], strict=True):
            assert (row.coup, row.game) == (game["deals"], game["number"])
            assert (row.nous or 0, row.eux or 0) == tuple(game["marks"])


@pytest.mark.clause("hdb.sheet.marque")
def test_marque_columns_add_up_to_the_totals() -> None:
    """Each coup: the totals before it, plus what is written in it, make its totals; the card
    points are the rounded ones except on the coup that ends the game."""
    for record in records(HDB):
        rows = marque_rows(record)
        for deal in record["deals"]:
            coup = [r for r in rows if r.coup == deal["number"]]
            sums = list(deal["scores_before"])
            for row in coup:
                if row.kind in ("marriage", "cards", "void"):
                    sums = [sums[0] + (row.nous or 0), sums[1] + (row.eux or 0)]
            assert sums == deal["scores_after"], (record["seed"], deal["number"])
            cards = [r for r in coup if r.kind == "cards"]
            if deal["game_winner"] is None and deal["how"] == "played-out":
                assert [(r.nous, r.eux) for r in cards] == [tuple(deal["rounded"])]
            for row in cards:
                assert all(v is None or v >= 0 for v in (row.nous, row.eux)), (record["seed"], deal["number"])
            if deal["how"] == "all-tricks":
                assert [r.kind for r in coup][-2:] == ["vole", "total"]
                assert all(r.kind == "annulled" for r in coup[:-2])


@pytest.mark.clause("hdb.sheet.marque")
def test_marque_writes_every_marriage_plus_and_minus() -> None:
    """An announcement: + for the announcer's team only; a table marriage: + for the trick's
    winners and - for the others (the 1802 ruleset deducts it)."""
    for record in records(HDB):
        rows = marque_rows(record)
        for deal in record["deals"]:
            written = [r for r in rows if r.coup == deal["number"] and r.kind in ("marriage", "annulled")]
            assert len(written) == len(deal["table"]) + len(deal["announcements"])
            expected = sorted([(a["team"], a["points"], None) for a in deal["announcements"]]
                              + [(t["team"], t["points"], -t["points"]) for t in deal["table"]], key=repr)
            seen = []
            for row in written:
                team = 0 if row.nous is not None and row.nous > 0 else 1
                seen.append((team, row.value(team), row.value(1 - team)))
            assert sorted(seen, key=repr) == expected, (record["seed"], deal["number"])


@pytest.mark.clause("brouc.sheet.ardoise")
def test_slate_writes_announcements_at_the_bottom_and_scores_in_tens() -> None:
    for record in records(BROUC):
        rows = ardoise_rows(record)
        for deal in record["deals"]:
            mine = [r for r in rows if r.coup == deal["number"]]
            bottom = [(0 if r.nous is not None else 1, r.nous or r.eux) for r in mine if r.kind == "announcement"]
            assert sorted(bottom) == sorted((a["team"], a["points"]) for a in deal["announcements"])
            for row in mine:
                if row.kind == "score" and deal["game_winner"] is None:
                    assert row.nous is not None and row.eux is not None
                    assert row.nous % 10 == 0 and row.eux % 10 == 0
                    assert "." not in tens(row.nous) + tens(row.eux)
            if deal["how"] == "all-tricks":
                assert [r.kind for r in mine if r.kind != "announcement"] == ["cape"]


@pytest.mark.clause("brouc.sheet.ardoise")
def test_tens_and_tally() -> None:
    assert [tens(p) for p in (230, 0, -20, 304, -25, 1000)] == ["23", "0", "-2", "30.4", "-2.5", "100"]
    assert [tally(n) for n in (0, 1, 4, 5, 6)] == ["\u2014", "|", "||||", "||||/", "||||/ |"]


# -- the text --------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_text_has_one_section_per_game(ruleset: str) -> None:
    for record in records(ruleset):
        text = sheet_text(record)
        games = [int(g) for g in SECTION.findall(text)]
        assert games == sorted({d["game"] for d in record["deals"]})
        finished = len(record["games"])
        assert len(games) in (finished, finished + 1)
        assert text.count("Match gagné par ") == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_text_up_to_deal_k_shows_exactly_the_first_k_deals(ruleset: str) -> None:
    for record in records(ruleset):
        previous = ""
        for k in range(len(record["deals"]) + 1):
            text = sheet_text(record, upto_deal=k)
            assert [int(n) for n in DEAL_LINE[ruleset].findall(text)] == list(range(1, k + 1))
            assert text.startswith(previous)
            previous = text
        assert previous == sheet_text(record)
        assert sheet_text(record, upto_deal=len(record["deals"]) + 5) == previous
    with pytest.raises(ValueError):
        sheet_text(records(ruleset)[0], upto_deal=-1)


# -- the picture -----------------------------------------------------------------------------


def _svg_root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    assert width > 0 and height > 0
    assert root.attrib["viewBox"].split() == ["0", "0", root.attrib["width"], root.attrib["height"]]
    assert "http:" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<image" not in svg and "@import" not in svg
    return root


@pytest.mark.parametrize("ruleset", RULESETS)
def test_svg_is_a_standalone_picture_with_headings_and_totals(ruleset: str) -> None:
    for record in records(ruleset):
        root = _svg_root(sheet_svg(record))
        texts = [t.strip() for t in root.itertext() if t.strip()]
        assert "Nous" in texts and "Eux" in texts
        rows = sheet_rows(record)
        for game in {d["game"] for d in record["deals"]}:
            shown = [r for r in rows if r.kind == TOTALS[ruleset] and r.game == game]
            if not shown:
                continue
            last = shown[-1]
            for value in (last.nous, last.eux):
                assert value is not None
                figure = str(value) if ruleset == HDB else tens(value)
                assert figure.replace("-", "\u2212") in texts, (record["seed"], game, figure)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_svg_of_an_empty_sheet_and_of_a_sheet_in_progress(ruleset: str) -> None:
    record = records(ruleset)[0]
    for k in (0, 1, len(record["deals"]) // 2):
        _svg_root(sheet_svg(record, upto_deal=k))


# -- hand-checked examples -------------------------------------------------------------------


def _deal(number: int, game: int, before: list[int], after: list[int], marks_after: list[int], **fields: Any) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "number": number, "game": game, "scores_before": before, "announcements": [], "table": [],
        "tricks": [4, 4], "card_points": [60, 60], "rounded": [60, 60], "how": "played-out",
        "game_winner": None, "marks": [0, 0], "carried_in": [0, 0], "scores_after": after, "marks_after": marks_after,
    }
    deal.update(fields)
    return deal


def _ann(team: int, marriage: str, points: int, after_trick: int) -> dict[str, Any]:
    return {"team": team, "player": team, "marriage": marriage, "points": points, "after_trick": after_trick}


def _table(team: int, marriage: str, points: int, trick: int) -> dict[str, Any]:
    return {"team": team, "marriage": marriage, "points": points, "trick": trick}


# The first three coups of the 1802 match of seed 4 (greedy against random): Eux win the
# first game quadruple (Nous end below zero), then make a vole that cancels two table
# marriages.  Table marriages there move twice their value (table_factor 2).
HDB_EXAMPLE: dict[str, Any] = {
    "ruleset": HDB, "title": "L'Homme de Brou (1802)", "params": {"match_target": 10}, "seed": 4,
    "unit": "parties", "target": 10, "reaching_target": "wins",
    "deals": [
        _deal(1, 1, [0, 0], [-20, 140], [0, 0], table=[_table(1, "KQS", 80, 8)], tricks=[5, 3],
              card_points=[61, 59], rounded=[60, 60]),
        _deal(2, 1, [-20, 140], [-87, 327], [0, 4],
              table=[_table(1, "KQH", 80, 3), _table(1, "KQJD", 60, 5), _table(0, "KQJS", 60, 7)],
              tricks=[1, 7], card_points=[13, 107], rounded=[10, 110], game_winner=1, marks=[0, 4]),
        _deal(3, 2, [0, 0], [0, 0], [0, 7], table=[_table(1, "KQJS", 60, 6), _table(1, "KQH", 40, 7)],
              tricks=[0, 8], card_points=[0, 120], rounded=[0, 120], how="all-tricks", marks=[0, 3]),
    ],
    "games": [{"number": 1, "winner": 1, "how": "played-out", "final": [-87, 327], "marks": [0, 4], "deals": 2}],
    "marks": [0, 7], "winner": None,
}

HDB_EXPECTED = [
    Row("marriage", 1, 1, -80, 80, "mariage \u2660 sur table, levée 8"),
    Row("cards", 1, 1, 60, 60, "levées"),
    Row("total", 1, 1, -20, 140, "total"),
    # -20 - 80 - 60 + 60 = -100, so Nous' 13 card points (unrounded: the game ends) make -87
    Row("marriage", 2, 1, -80, 80, "mariage \u2665 sur table, levée 3"),
    Row("marriage", 2, 1, -60, 60, "grand mariage \u2666 sur table, levée 5"),
    Row("marriage", 2, 1, 60, -60, "grand mariage \u2660 sur table, levée 7"),
    Row("cards", 2, 1, 13, 107, "levées, sans arrondi"),
    Row("total", 2, 1, -87, 327, "total"),
    Row("game", 2, 1, None, 4, "partie quadruple pour Eux"),
    Row("annulled", 3, 2, -60, 60, "grand mariage \u2660 sur table, levée 6, annulé"),
    Row("annulled", 3, 2, -40, 40, "mariage \u2665 sur table, levée 7, annulé"),
    Row("vole", 3, 2, None, 3, "vole de Eux : le coup ne compte pas"),
    Row("total", 3, 2, 0, 0, "total"),
]

# The first game of the Brouc match of seed 216 (greedy against random): Nous make a cape
# in the first deal (Eux mark two coches; Nous' announcement of 20 is carried), and
# declare dehors at the start of the seventh deal with 310.
BROUC_EXAMPLE: dict[str, Any] = {
    "ruleset": BROUC, "title": "Brouc (L'Etivaz)", "params": {"match_fifth_coche": "loses"}, "seed": 216,
    "unit": "coches", "target": 5, "reaching_target": "loses",
    "deals": [
        _deal(1, 1, [0, 0], [0, 0], [0, 2], announcements=[_ann(0, "KQS", 20, 5)], tricks=[8, 0],
              card_points=[120, 0], rounded=[120, 0], how="all-tricks", marks=[0, 2]),
        _deal(2, 1, [0, 0], [70, 90], [0, 2], announcements=[_ann(0, "KQS", 20, 4)], table=[_table(1, "KQD", 40, 1)],
              tricks=[5, 3], card_points=[70, 50], rounded=[70, 50], carried_in=[20, 0]),
        _deal(3, 1, [70, 90], [110, 170], [0, 2], tricks=[2, 6], card_points=[38, 82], rounded=[40, 80]),
        _deal(4, 1, [110, 170], [180, 220], [0, 2], table=[_table(0, "KQS", 20, 4)], tricks=[3, 5],
              card_points=[53, 67], rounded=[50, 70]),
        _deal(5, 1, [180, 220], [220, 300], [0, 2], tricks=[2, 6], card_points=[38, 82], rounded=[40, 80]),
        _deal(6, 1, [220, 300], [310, 330], [0, 2], tricks=[6, 2], card_points=[88, 32], rounded=[90, 30]),
        _deal(7, 1, [310, 330], [310, 330], [0, 3], tricks=[0, 0], card_points=[0, 0], rounded=[0, 0],
              how="claim-right", game_winner=0, marks=[0, 1]),
    ],
    "games": [{"number": 1, "winner": 0, "how": "claim-right", "final": [310, 330], "marks": [0, 1], "deals": 7}],
    "marks": [0, 3], "winner": None,
}

BROUC_EXPECTED = [
    Row("announcement", 1, 1, 20, None, "mariage \u2660"),
    Row("cape", 1, 1, None, 2, "la cape (Nous)"),
    Row("announcement", 2, 1, 20, None, "mariage \u2660"),
    # 70 cards + 20 announced + 20 carried from the cape - 40 lost on the table; 50 + 40
    Row("score", 2, 1, 70, 90, "avec les annonces de la cape"),
    Row("score", 3, 1, 110, 170, ""),
    Row("score", 4, 1, 180, 220, ""),
    Row("score", 5, 1, 220, 300, ""),
    Row("score", 6, 1, 310, 330, ""),
    Row("score", 7, 1, 310, 330, "Nous dehors"),
    Row("game", 7, 1, None, 1, "Eux : 1 coche"),
]


@pytest.mark.clause("hdb.sheet.marque")
def test_marque_hand_checked_example() -> None:
    assert marque_rows(HDB_EXAMPLE) == HDB_EXPECTED
    text = sheet_text(HDB_EXAMPLE)
    assert text.splitlines()[0] == "LA MARQUE \u00b7 L'Homme de Brou (1802) \u00b7 en 10 parties"
    assert "coup 2  mariage \u2665 sur table, levée 3" in text
    assert "(-60)" in text and "(+60)" in text
    assert "jetons : Nous \u2014   Eux \u25cf\u25cf\u25cf\u25cf\u25cf \u25cf\u25cf" in text
    assert "Match gagné" not in text  # the record's match is not over


@pytest.mark.clause("brouc.sheet.ardoise")
def test_ardoise_hand_checked_example() -> None:
    assert ardoise_rows(BROUC_EXAMPLE) == BROUC_EXPECTED
    lines = sheet_text(BROUC_EXAMPLE).splitlines()
    assert lines[0] == "L'ARDOISE \u00b7 Brouc (L'Etivaz) \u00b7 en 5 coches, la 5e perd"
    assert [line.split()[2:4] for line in lines if line.startswith("donne ")][1:] == [
        ["7", "9"], ["11", "17"], ["18", "22"], ["22", "30"], ["31", "33"], ["31", "33"]]
    assert lines[-1] == "         coches : Nous \u2014   Eux |||"

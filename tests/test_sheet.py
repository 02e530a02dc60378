"""Score sheets (brou.engine.sheet): the 1802 marque (clause hdb.sheet.marque) and the Brouc
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
from pathlib import Path
from typing import Any

import pytest
from docutils import nodes

from brou import Rules
from brou.book.sheets import BOOKLET_WIDTH_MM, sheet_forms, sheet_page_html, sheet_pages
from brou.engine.bots import BOTS
from brou.engine.session import Session
from brou.engine.sheet import Row, ardoise_rows, marks_on_sheet, marque_rows, sheet_rows, tens
from brou.engine.sheet_blank import empty_sheet_svg, sheet_legend
from brou.engine.sheet_page import PAGE_H, PAGE_W, PRINT_WIDTH_MM
from brou.engine.sheet_svg import _S_COL, sheet_svg
from brou.engine.sheet_text import sheet_text, tally

HDB = "homme-de-brou-1802"
BROUC = "brouc"
MATCHES = 200
RULESETS = [
    pytest.param(HDB, marks=pytest.mark.clause("hdb.sheet.marque"), id=HDB),
    pytest.param(BROUC, marks=pytest.mark.clause("brouc.sheet.ardoise"), id=BROUC),
]
SECTION = re.compile(r"^\u2500\u2500 (\d+)(?:\u02b3\u1d49|\u1d49) partie ", re.MULTILINE)
DEAL_LINE = {HDB: re.compile(r"^coup (\d+) ", re.MULTILINE), BROUC: re.compile(r"^donne (\d+) ", re.MULTILINE)}


@functools.cache
def records(ruleset: str) -> tuple[dict[str, Any], ...]:
    """MATCHES seeded matches: even seeds greedy against random, odd seeds chaos against chaos."""
    rules = Rules.load(ruleset)
    out = []
    for seed in range(MATCHES):
        names = ("greedy", "random") if seed % 2 == 0 else ("chaos", "chaos")
        match = Session(rules, seed)
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
        root = _svg_root(sheet_svg(record, lang="en"))
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
    assert lines[0] == "L'ARDOISE \u00b7 Brouc (L'Etivaz) \u00b7 en 5 coches, la 5\u1d49 perd"
    assert [line.split()[2:4] for line in lines if line.startswith("donne ")][1:] == [
        ["7", "9"], ["11", "17"], ["18", "22"], ["22", "30"], ["31", "33"], ["31", "33"]]
    assert lines[-1] == "         coches : Nous \u2014   Eux |||"


# -- the printed sheets (part 3 of issue 21) ------------------------------------------------
#
# Every ruleset's blank sheet in both languages, and the filled 1802 and Brouc sheets of the
# book: the page, the language of the labels, the size of the letters once printed, the call-
# outs and their explanation, the slate's nine games, where the slate puts the coches and the
# announced marriages.  The WeasyPrint renders share one session fixture (about 10 s).

ALL = ["homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre"]
LANGS = ["en", "fr"]
SVG_NS = "{http://www.w3.org/2000/svg}"
# words that give a label's language away (game terms such as Nous, Eux, coup, partie,
# coche, vole, dehors, la cape, jeton, fiche, homme and hombre are used in both)
FRENCH_ONLY = ("mariage", "cartes", "donneur", "atout", "résultat", "joueur", "enjeu", "départ", "avoir", "annonces",
               "au bas", "contrat", "feuille", "la marque", "l'ardoise", "équipe", "tours", "gagné", "valeur", "rejoué")
ENGLISH_ONLY = ("marriage", "cards", "dealer", "trump", "result", "player", "pool", "start", "holds", "announcements",
                "bottom", "contract", "score sheet", "the marque", "the slate", "game ", "side ", "rounds", "won",
                "value", "replay", "tokens")
PT_PER_MM = 72 / 25.4


def _text_elements(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(SVG_NS + "text"))


def _all_text(el: ET.Element) -> str:
    return "".join(el.itertext())


def _printed_sizes(svg: str, width_mm: float) -> list[tuple[float, str]]:
    """(size in pt once printed `width_mm` wide, text) of every text of the picture: its
    font-size attribute, or its classes' sizes in the picture's own style sheet."""
    root = ET.fromstring(svg)
    view_w = float(root.attrib["viewBox"].split()[2])
    css = {m.group(1): float(m.group(2)) for m in re.finditer(r"\.([\w-]+) \{[^}]*?font-size: ([\d.]+)px", svg)}
    out = []
    for el in root.iter(SVG_NS + "text"):
        if "font-size" in el.attrib:
            size = float(el.attrib["font-size"])
        else:
            sizes = [css[c] for c in el.attrib.get("class", "").split() if c in css]
            assert sizes, f"no font size for {_all_text(el)!r}"
            size = sizes[0]
        out.append((size * width_mm * PT_PER_MM / view_w, _all_text(el)))
    return out


def _callouts(svg: str) -> list[int]:
    """The numbers of the call-outs: bold figures alone in a text, in the order drawn."""
    return [int(t) for el in _text_elements(svg) if (t := _all_text(el)).isdigit() and el.attrib.get("font-weight") == "bold"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ALL)
def test_blank_sheet_is_a_printable_page(ruleset: str, lang: str) -> None:
    svg = empty_sheet_svg(ruleset, lang)
    assert not any(bad in svg for bad in ("<style", "class=", "filter", "<mask", "<marker", "url(#", "<image"))
    root = _svg_root(svg)
    assert root.attrib["viewBox"] == f"0 0 {PAGE_W} {PAGE_H}"
    assert 1.40 < PAGE_H / PAGE_W < 1.42  # the proportions of A4
    for el in root.iter():
        if el.tag == SVG_NS + "text":
            assert el.attrib.get("font-family") == "DejaVu Sans, Helvetica, Arial, sans-serif"
        # light ink: no dark fill anywhere but the letters
        fill = el.attrib.get("fill", "none")
        if el.tag != SVG_NS + "text" and fill.startswith("#"):
            assert sum(int(fill[i:i + 2], 16) for i in (1, 3, 5)) > 3 * 0xe0, (el.tag, fill)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ALL)
def test_blank_sheet_labels_are_in_the_language(ruleset: str, lang: str) -> None:
    texts = [_all_text(el).lower() for el in _text_elements(empty_sheet_svg(ruleset, lang))]
    wrong = FRENCH_ONLY if lang == "en" else ENGLISH_ONLY
    assert not [(t, w) for t in texts for w in wrong if w in t]


@pytest.mark.parametrize("lang", LANGS)
def test_filled_sheet_labels_are_in_the_language(lang: str) -> None:
    wrong = FRENCH_ONLY if lang == "en" else ENGLISH_ONLY
    for ruleset in (HDB, BROUC):
        for record in records(ruleset)[:20]:
            texts = [_all_text(el).lower() for el in _text_elements(sheet_svg(record, lang=lang))]
            assert not [(t, w) for t in texts for w in wrong if w in t], record["seed"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ALL)
def test_blank_sheet_letters_are_at_least_8_pt_on_a4(ruleset: str, lang: str) -> None:
    """Printed PRINT_WIDTH_MM wide (sheet_pages and the book print it so), no text is under 8 pt."""
    sizes = _printed_sizes(empty_sheet_svg(ruleset, lang), PRINT_WIDTH_MM)
    assert min(s for s, _ in sizes) >= 8, min(sizes)


@pytest.mark.parametrize("ruleset", [HDB, BROUC])
def test_filled_sheet_letters_are_at_least_8_pt_on_a4(ruleset: str) -> None:
    """The book prints a filled sheet PRINT_WIDTH_MM wide too; its letters, not 4 pt as they
    were, are at least 8 pt."""
    for record in records(ruleset)[:40]:
        for lang in LANGS:
            sizes = _printed_sizes(sheet_svg(record, lang=lang), PRINT_WIDTH_MM)
            assert min(s for s, _ in sizes) >= 8, (record["seed"], lang, min(sizes))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ALL)
def test_every_callout_is_explained(ruleset: str, lang: str) -> None:
    legend = sheet_legend(ruleset, lang)
    assert sorted(set(_callouts(empty_sheet_svg(ruleset, lang)))) == list(range(1, len(legend) + 1))
    assert all(len(item) > 30 for item in legend)


@pytest.mark.clause("brouc.sheet.ardoise")
@pytest.mark.parametrize("lang", LANGS)
def test_blank_slate_holds_nine_games(lang: str) -> None:
    """A match to five coches can take nine games (four lost by each team, then one)."""
    texts = [_all_text(el) for el in _text_elements(empty_sheet_svg(BROUC, lang))]
    heads = [f"Game {n}" for n in range(1, 10)] if lang == "en" else \
        ["1\u02b3\u1d49 partie"] + [f"{n}\u1d49 partie" for n in range(2, 10)]
    assert [t for t in texts if t in heads] == heads
    assert Rules.load(BROUC).data["match"]["target"] == 5


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_straight_apostrophe_on_a_sheet(ruleset: str, lang: str) -> None:
    """A sheet is SVG, which no smart quotes reach: it draws the typographic apostrophe itself
    (L\u2019Hombre, players\u2019 names), and so do the notes under it in the booklet."""
    texts = [_all_text(el) for el in _text_elements(empty_sheet_svg(ruleset, lang))]
    assert texts and not [t for t in texts if "'" in t]
    page = "\n".join(sheet_pages(Rules.load(ruleset), lang))
    assert "'" not in re.sub(r"<[^>]*>", "", page)


@pytest.mark.clause("brus.match.rounds")
def test_a_round_closes_with_a_line_a_reader_sees() -> None:
    """Issue 61: the line that closes a round was grey 146 beside 183; it is dark and thick now,
    under the start row, after every round and under the last deal."""
    rules = Rules.load("brusquembille-1718")
    svg = empty_sheet_svg(rules, "en")
    lines = re.findall(r'<line [^>]*stroke="([^"]+)" stroke-width="([0-9.]+)"', svg)
    closing = [(c, float(w)) for c, w in lines if float(w) >= 2]
    rounds = max(int(r) for r in rules.data["parameters"]["rounds"]["options"])
    assert len(closing) == rounds + 1  # under the start, then the end of each round
    for colour, _ in closing:
        grey = int(colour[1:3], 16)
        assert grey < 100  # against 180 for an ordinary line


def _game_parts(svg: str, lang: str) -> list[tuple[float, float, float, int]]:
    """For each game of the blank slate: the y of its heading, of its word "coches", of the
    word that heads its bottom, and how many lines are ruled between heading and coches."""
    bottom = "announcements" if lang == "en" else "annonces"
    texts = [(float(el.attrib["x"]), float(el.attrib["y"]), _all_text(el)) for el in _text_elements(svg)]
    lines = [(float(el.attrib["x1"]), float(el.attrib["x2"]), float(el.attrib["y1"]))
             for el in ET.fromstring(svg).iter(SVG_NS + "line") if el.attrib["y1"] == el.attrib["y2"]]
    out = []
    for x, y, text in texts:
        if not re.fullmatch(r"Game \d|\d+(?:\u02b3\u1d49|\u1d49) partie", text):
            continue
        coches = min(ty for tx, ty, t in texts if t == "coches" and abs(tx - x) < 1 and ty > y)
        low = min(ty for tx, ty, t in texts if t == bottom and abs(tx - x) < 1 and ty > y)
        ruled = sum(1 for x1, x2, ly in lines if x1 < x < x2 and y < ly < coches)
        out.append((y, coches, low, ruled))
    return out


@pytest.mark.clause("brouc.sheet.ardoise")
@pytest.mark.parametrize("lang", LANGS)
def test_blank_slate_puts_the_coches_under_the_scores_and_the_marriages_at_the_bottom(lang: str) -> None:
    """What the captions and the legend say: in each game the score lines, under them its
    coches, and at its bottom the announced marriages."""
    games = _game_parts(empty_sheet_svg(BROUC, lang), lang)
    assert len(games) == 9
    for head, coches, bottom, ruled in games:
        assert head < coches < bottom
        assert ruled >= 6  # the score lines, between the heading and the coches
    legend = sheet_legend(BROUC, lang)
    assert ("under its scores" if lang == "en" else "sous ses scores") in legend[2]
    assert ("under the coches" if lang == "en" else "sous les coches") in legend[3]


@pytest.mark.clause("brouc.sheet.ardoise")
def test_filled_slate_puts_the_coches_above_the_announced_marriages() -> None:
    """On the filled slate a game's end note and coches lie above the marriages announced in
    its column, never just under them."""
    for record in records(BROUC)[:40]:
        svg = sheet_svg(record)
        found = [(float(el.attrib["x"]), float(el.attrib["y"]), el.attrib.get("class", "")) for el in _text_elements(svg)]
        notes = [(x, y) for x, y, c in found if "note" in c]
        for x, y, c in found:
            if c != "bas":
                continue
            column = [ny for nx, ny in notes if abs(nx - x) <= _S_COL / 2]
            assert not [ny for ny in column if y < ny < y + 60], record["seed"]


@pytest.mark.clause("brouc.sheet.ardoise")
def test_the_slate_notation_is_explained() -> None:
    """30.4 is an exact count at the end of a game: thirty tens and four, 304 points."""
    assert tens(304) == "30.4" and tens(304, ",") == "30,4"
    assert "30.4 is 304 points" in sheet_legend(BROUC, "en")[1]
    assert "30,4 vaut 304 points" in sheet_legend(BROUC, "fr")[1]


@pytest.mark.clause("hdb.sheet.marque")
def test_filled_marque_has_a_line_per_coup_and_strikes_a_vole() -> None:
    svg = sheet_svg(HDB_EXAMPLE, lang="en")
    texts = [_all_text(el) for el in _text_elements(svg)]
    assert [t for t in texts if t in ("1", "2", "3")][:3] == ["1", "2", "3"]
    assert "\u221287" in texts and "327" in texts and "vole" in texts
    struck = [el for el in _text_elements(svg) if el.attrib.get("fill") == "#9aa0a6"]
    assert sorted(_all_text(el) for el in struck) == ["+40", "+60", "\u221240", "\u221260"]


def test_unknown_language() -> None:
    with pytest.raises(ValueError):
        empty_sheet_svg(HDB, "de")
    with pytest.raises(ValueError):
        sheet_pages(Rules.load(HDB), "de")


# -- the pages of the booklets: sheet_pages ------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ALL)
def test_sheet_pages_render_with_plain_docutils(ruleset: str, lang: str) -> None:
    """Plain docutils reads a booklet's last page without a warning: one raw block holding the
    sheet and, under it, one note per call-out; nothing that breaks the page inside it."""
    from docutils.core import publish_doctree

    rules = Rules.load(ruleset)
    lines = sheet_pages(rules, lang)
    doctree = publish_doctree("\n".join(lines), settings_overrides={"report_level": 2, "halt_level": 2})
    assert not list(doctree.findall(nodes.section))
    raw = [n.astext() for n in doctree.findall(nodes.raw)]
    assert len(raw) == 1
    forms = sheet_forms(rules)
    pages = raw[0].split('<div class="sheet-page"')[1:]
    assert len(pages) == len(forms)  # a page for each number of players
    for n, (form, sheet) in enumerate(zip(forms, pages, strict=True)):
        assert "break-inside: avoid" in sheet and "break-after" not in sheet
        assert ("break-before" in sheet) == (n > 0)  # the first follows the part's heading
        assert f'width="{BOOKLET_WIDTH_MM:g}mm"' in sheet
        assert sheet.index("<svg") < sheet.index('<ol class="sheet-legend"')  # the notes under the sheet
        assert sheet.count("<li>") == len(sheet_legend(form, lang))


@pytest.fixture(scope="session")
def printed_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], tuple[int, Path]]:
    """Each blank sheet's page rendered alone by WeasyPrint as an A4 PDF, with the book's
    margins: (pages, the PDF).  Ten small renders, about 10 s."""
    from weasyprint import CSS, HTML

    out = tmp_path_factory.mktemp("sheets")
    page_css = CSS(string="@page { size: A4; margin: 22mm 20mm 22mm 22mm; } body { margin: 0; }")
    done = {}
    for ruleset in ALL:
        for lang in LANGS:
            lines = sheet_page_html(empty_sheet_svg(ruleset, lang), ruleset)
            html = "\n".join(line[3:] for line in lines if line.startswith("   "))
            document = HTML(string=f"<html><body>{html}</body></html>").render(stylesheets=[page_css])
            target = out / f"{ruleset}-{lang}.pdf"
            document.write_pdf(str(target))
            done[(ruleset, lang)] = (len(document.pages), target)
    return done


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ALL)
def test_blank_sheet_fits_one_a4_page(printed_pages: dict[tuple[str, str], tuple[int, Path]], ruleset: str,
                                      lang: str) -> None:
    pages, pdf = printed_pages[(ruleset, lang)]
    assert pages == 1
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        width, height = document[0].get_size()
        assert (round(width / PT_PER_MM), round(height / PT_PER_MM)) == (210, 297)
        # the sheet is on the page: some ink below the middle of it
        image = document[0].render(scale=0.5).to_pil().convert("L")
        w, h = image.size
        assert image.crop((0, h * 2 // 3, w, h * 5 // 6)).getextrema()[0] < 200
    finally:
        document.close()


@pytest.mark.parametrize("ruleset", ALL)
def test_french_legend_spacing(ruleset: str) -> None:
    """French spacing in the explanations: a no-break space before : ; ! ? and none left plain."""
    for item in sheet_legend(ruleset, "fr"):
        assert not re.search(r" [:;!?]", item), item
        assert re.search(r"\u00a0[:;]", item) or ":" not in item, item

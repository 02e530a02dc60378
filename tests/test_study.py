"""`brou study` (brou.study): the statistics on known inputs, the pairing of the readings by
seed, a tiny study's figures agreeing with themselves, the command line's errors, and the
figures file (docs/studies/figures.json) agreeing with the register."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from brou.cli.main import main
from brou.spec.ambiguities import load_register
from brou.study import figures, mean, plans, play_sessions, ratio, study, unplayed, wilson
from brou.study.output import FIGURES_FILE, headline, load_figures, markdown, table_text

REGISTER = load_register()


# -- the statistics ---------------------------------------------------------------------------


def test_wilson_interval_on_known_values() -> None:
    r = wilson(5, 10)
    assert r.value == 0.5
    assert r.low == pytest.approx(0.2366, abs=1e-4) and r.high == pytest.approx(0.7634, abs=1e-4)
    zero = wilson(0, 10)
    assert zero.value == 0.0 and zero.low == pytest.approx(0.0, abs=1e-12)
    assert zero.high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10).high == pytest.approx(1.0) and wilson(10, 10).low == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0).value is None
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_means_on_known_values() -> None:
    m = mean([1.0, 2.0, 3.0])
    assert m.value == 2.0 and m.n == 3 and m.high is not None
    assert m.high - m.value == pytest.approx(1.959964 / 3 ** 0.5, rel=1e-6)  # sd 1, n 3
    assert mean([]).value is None and mean([4.0]).low == 4.0
    # per deal over sessions: every deal worth 2 gives 2 exactly, whatever the sessions' lengths
    same = ratio([2.0, 6.0, 10.0], [1, 3, 5])
    assert same.value == 2.0 and same.n == 9 and same.low == pytest.approx(2.0) and same.high == pytest.approx(2.0)
    spread = ratio([0.0, 10.0], [5, 5])
    assert spread.value == 1.0 and spread.low is not None and spread.high is not None
    assert spread.low < 1.0 < spread.high
    assert ratio([1.0], [0]).value is None


# -- the pairing and the figures ----------------------------------------------------------------


def test_readings_are_played_on_the_same_seeds_and_a_reading_against_itself_changes_nothing() -> None:
    a = play_sessions("homme-d-auvergne", {}, ["careful"], range(5, 9))
    b = play_sessions("homme-d-auvergne", {"target": 7}, ["careful"], range(5, 9))
    assert [s.seed for s in a] == [s.seed for s in b] == [5, 6, 7, 8]
    assert [s.cards for s in a] == [s.cards for s in b]  # the same first deal under both readings
    same = figures(a, a, 4)
    assert same["first_deal_changed"]["k"] == same["winner_changed"]["k"] == 0
    assert same["same_first_cards"]["k"] == 4
    with pytest.raises(ValueError):
        figures(a[1:], a[:-1], 4)
    # players by seat, a random one among them: its choices come from the seed, so a replay is the same
    mixed = play_sessions("brouc", {}, ["careful", "random"], range(2))
    assert mixed == play_sessions("brouc", {}, ["careful", "random"], range(2))


def test_a_tiny_study_agrees_with_itself() -> None:
    data = study("AMB-55", sessions=4, seed=3, jobs=1)
    (s,) = data["studies"]
    assert s["ruleset"] == "homme-d-auvergne" and s["default"] == "five" and s["sessions"] == 4
    default, seven = s["options"]
    assert default["option"] == "five" and seven["params"]["target"] == 7
    assert default["first_deal_changed"]["k"] == default["winner_changed"]["k"] == 0
    for o in s["options"]:
        assert o["sessions"] == 4
        assert o["deals_per_session"]["value"] == pytest.approx(o["deals"] / 4)
        assert all(m["n"] == o["deals"] for m in o["score_per_deal"])
        assert 0 <= o["contract_made"]["k"] <= o["contract_made"]["n"] <= o["deals"]
    # the same study on two processes gives the same figures
    assert study("AMB-55", sessions=4, seed=3, jobs=2) == data
    assert "AMB-55 homme-d-auvergne" in table_text(data) and "| five (default) |" in markdown(data)


def test_entries_with_no_two_playable_options_are_listed_with_why() -> None:
    assert not plans(REGISTER.entry("AMB-25")) and not plans(REGISTER.entry("AMB-68"))
    whys = {(u["entry"], u["ruleset"]): u["why"] for e in REGISTER.entries for u in unplayed(e)}
    assert "single option" in whys["AMB-25", "brouc"]
    assert whys["AMB-68", "hombre"].startswith("fewer than two options can be played")
    assert "several-nolo cannot be played" in whys["AMB-68", "hombre"]
    for entry in REGISTER.entries:  # every ruleset of every entry is studied or said why not
        studied = {p.ruleset for p in plans(entry)}
        assert studied | {r for (i, r) in whys if i == entry.id} == set(entry.rulesets)


# -- the command line --------------------------------------------------------------------------


@pytest.mark.parametrize("args, says", [
    (["study", "AMB-99"], "no ambiguity 'AMB-99'"),
    (["study", "AMB-55", "--ruleset", "hombre"], "not a question of hombre"),
    (["study", "AMB-55", "--ruleset", "nope"], "unknown ruleset 'nope'"),
    (["study", "AMB-55", "--deals", "0"], "--deals"),
    (["study", "AMB-55", "--deals", "many"], "--deals"),
    (["study", "AMB-55", "--jobs", "-1"], "--jobs"),
    (["study", "AMB-55", "--seed", "-3"], "--seed"),
    (["study", "AMB-55", "--players", "nobody"], "no player 'nobody'"),
    (["study", "AMB-55", "--out", "/nonexistent/folder/x"], "cannot write"),
    (["study"], "give an entry id or --all"),
    (["study", "AMB-55", "--all"], "give an entry id or --all"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("brou study: ") and says in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_file_as_out_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    assert main(["study", "AMB-55", "--out", str(tmp_path / "file")]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_the_command_writes_the_table_the_figures_and_the_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "studies"
    assert main(["study", "amb-55", "--deals", "3", "--jobs", "1", "--out", str(out)]) == 0
    assert "seven" in capsys.readouterr().out
    assert {p.name for p in out.iterdir()} == {"figures.json", "studies.md", "AMB-55-homme-d-auvergne.png",
                                               "AMB-55-homme-d-auvergne.svg", "sessions"}
    assert (out / "AMB-55-homme-d-auvergne.png").read_bytes()[:4] == b"\x89PNG"
    assert main(["study", "AMB-55", "--deals", "2", "--jobs", "1", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["studies"][0]["sessions"] == 2


# -- the figures file the register shows ----------------------------------------------------------


def _figures() -> dict[str, Any]:
    return load_figures(FIGURES_FILE)


def test_every_entry_with_playable_options_has_its_figures() -> None:
    data = _figures()
    found = {(s["entry"], s["ruleset"]): s for s in data["studies"]}
    wanted = [p for e in REGISTER.entries for p in plans(e)]
    missing = [f"{p.entry} {p.ruleset}" for p in wanted if (p.entry, p.ruleset) not in found]
    assert not missing, f"no figures in {FIGURES_FILE} for {', '.join(missing)}: run brou study --all --out docs/studies"
    assert len(found) == len(wanted), "figures for a study the register no longer has"
    for p in wanted:
        s = found[p.entry, p.ruleset]
        assert s["default"] == p.default and s["base"] == p.base
        assert [(o["option"], o["params"]) for o in s["options"]] == [(r.option, r.params) for r in p.readings]
        assert s["options"][0]["first_deal_changed"]["k"] == 0  # the default against itself
        assert headline(p.entry, p.ruleset, "en", data) and headline(p.entry, p.ruleset, "fr", data)
    assert data["unplayed"] == [u for e in REGISTER.entries for u in unplayed(e)]
    assert len({s["sessions"] for s in data["studies"]}) == 1 and len({s["seed"] for s in data["studies"]}) == 1


def test_the_deals_played_again_by_the_search_player_are_the_registers_studies_and_shown() -> None:
    """docs/studies/replayed/figures.json (brou study ... --replay-players search, and --steer):
    each study is one of the register's, with its options, played again by the search player
    within the replay's budget, with the chance-alone figure beside each change; and the
    register's headline shows what they say wherever a deal was played again."""
    from brou.study.chunk import CHUNK
    from brou.study.output import REPLAYED_FILE, headlines

    data = load_figures(REPLAYED_FILE)
    wanted = {(p.entry, p.ruleset): p for e in REGISTER.entries for p in plans(e)}
    assert data["studies"], f"no studies in {REPLAYED_FILE}"
    shown = 0
    for s in data["studies"]:
        p = wanted[s["entry"], s["ruleset"]]
        assert [(o["option"], o["params"]) for o in s["options"]] == [(r.option, r.params) for r in p.readings]
        assert s["replay"]["players"] == ["search"] and s["options"][0]["arising"] is None
        chunks = -(-s["sessions"] // CHUNK)
        for o in s["options"][1:]:
            a = o["arising"]
            assert a["replayed"] <= s["replay"]["deals"] * chunks
            assert a["replayed"] == a["result_changed"]["n"] == a["by_chance"]["n"]
            assert a["winner_changed"] is None  # one deal of a session played again, not the session
            if a["replayed"]:
                en = headlines(s["entry"], s["ruleset"], "en", load_figures(), data)
                assert en is not None and f"played again by search players in {a['replayed']} deals" in " ".join(en[1])
                shown += 1
    assert shown

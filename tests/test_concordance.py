"""The source concordance (spec/concordance.yaml, brou.spec.sources): every paragraph of S1, S2 and B1
and every recorded fact of S3, S4 (rules dossier) and B3, B4, B5 (family dossier) is mapped
to clauses or has a note saying why not; every clause that cites a source is named by a
paragraph of it; with the sources at hand, each paragraph has its entry, with the digest of its text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from brou.cli import main
from brou.spec import sources
from brou.spec.sources import digest, entries, facts, paragraphs, problems, shared_folder


def test_every_paragraph_is_encoded_or_accounted_for() -> None:
    folder = shared_folder()
    assert problems(folder) == []


def test_the_sources_are_read_where_they_are() -> None:
    folder = shared_folder()
    if folder is None:
        pytest.skip("the shared folder with the sources is not at hand")
    for sid in sources.load_concordance()["sources"]:
        assert len(sources.source_texts(folder, sid)) == len(list(entries(sid)))


def test_each_source_has_entries_with_clauses() -> None:
    data = sources.load_concordance()["sources"]
    assert set(data) == {"S1", "S2", "S3", "S4", "B1", "B3", "B4", "B5", "A1", "A2", "H1", "H2", "H3", "H4"}
    for sid in data:
        listed = list(entries(sid))
        assert sum(1 for e in listed if e.clauses) >= len(listed) // 3, sid


def _synthetic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, listed: list[str]) -> Path:
    """A shared folder holding one source of the given text, and a concordance whose entries
    were made for the paragraphs `listed`."""
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "s.txt").write_text(text, encoding="utf-8")
    data: dict[str, Any] = {"format": "brou-concordance/1", "sources": {"S1": {
        "ruleset": "homme-de-brou-1802", "file": "sources/s.txt", "kind": "paragraphs",
        "entries": [{"n": n, "section": "2", "digest": digest(p), "about": "a deal", "about_fr": "une donne",
                     "clauses": ["hdb.deal.packets"]}
                    for n, p in enumerate(listed, 1)]}}}
    monkeypatch.setattr(sources, "load_concordance", lambda: data)
    return tmp_path


def test_a_paragraph_without_entry_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _synthetic(tmp_path, monkeypatch, "One.\n\n  \nTwo.\nThree.\n", ["One.", "Two."])
    found = problems(folder)
    assert any("¶3: a paragraph with no entry" in p for p in found)


def test_a_changed_paragraph_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _synthetic(tmp_path, monkeypatch, "One.\nTwo, changed.\n", ["One.", "Two."])
    assert any("¶2: the paragraph's text is not the one" in p for p in problems(folder))


def test_an_entry_without_clause_or_note_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _synthetic(tmp_path, monkeypatch, "One.\n", ["One."])
    sources.load_concordance()["sources"]["S1"]["entries"][0]["clauses"] = []
    assert any("note" in p for p in problems(folder))


def test_a_clause_that_no_paragraph_names_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _synthetic(tmp_path, monkeypatch, "One.\n", ["One."])
    found = problems(folder)
    assert any(p.startswith("hdb.play.follow cites S1") for p in found)


def test_paragraphs_and_facts_are_cut_as_documented() -> None:
    assert paragraphs("Title\n\n   \n  Some   text  \nMore") == ["Title", "Some text", "More"]
    dossier = "Facts from S3 (x):\n- one\n  continued\n- two\n\nFacts from S4 (y):\n- three\n"
    assert facts(dossier, "S3") == ["one continued", "two"] and facts(dossier, "S4") == ["three"]
    assert digest(" a  b ") == digest("a b") and len(digest("a")) == 12


def test_facts_of_a_sources_table_row() -> None:
    """A source the dossier has no "Facts from" list of: its Sources table row, after "not shipped:"."""
    dossier = ("| id | source | where |\n|---|---|---|\n| B1 | a page | `sources/b.txt` |\n"
               "| B3 | a book | not shipped: one; two |\n\nFacts from S3 (x):\n- three\n")
    assert facts(dossier, "B3") == ["one", "two"]
    assert facts(dossier, "B1") == [] and facts(dossier, "B9") == []
    assert facts(dossier, "S3") == ["three"]


def test_every_brusquembille_clause_is_named_by_a_paragraph_of_b1() -> None:
    from brou.spec.rules import Rules

    named = {c for e in entries("B1") for c in e.clauses}
    assert set(Rules.load("brusquembille-1718").data["clauses"]) <= named
    assert [e.place for e in entries("B1")][:2] == ["¶1", "¶2"]


def test_the_command_prints_checks_and_gives_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sources", "--source", "S2"]) == 0
    out = capsys.readouterr().out
    assert "S2 " in out and "brouc." in out
    assert main(["sources", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["source"] for r in rows} == {"S1", "S2", "S3", "S4", "B1", "B3", "B4", "B5", "A1", "A2", "H1", "H2", "H3", "H4"}
    assert all(r["clauses"] or r["note"] for r in rows)
    assert main(["sources", "--check"]) == 0
    assert "0 problems" in capsys.readouterr().err
    assert main(["sources", "--source", "S9"]) == 2
    assert capsys.readouterr().err.startswith("brou sources: no source 'S9'")

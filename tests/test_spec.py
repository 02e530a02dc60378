"""The spec as data: loading, `extends` by JSON merge patch, schema and cross-reference checks, parameters.

Broken fixtures live in tests/fixtures/broken/, each breaking one thing; expected.yaml there
says where the loader must report it (file, line, path, message).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from brou import spec
from brou.errors import ParameterError, SpecError

REPO = Path(__file__).resolve().parents[1]
BROKEN = REPO / "tests" / "fixtures" / "broken"
BROKEN_REL = "tests/fixtures/broken"
EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load((BROKEN / "expected.yaml").read_text(encoding="utf-8"))
FIXTURES = sorted(p.name for p in BROKEN.glob("*.yaml") if p.name != "expected.yaml")
DOSSIER = REPO.parent / "shared" / "design" / "rules-dossier.md"
SHIPPED = ("homme-de-brou-1802", "brouc")


def expected_paths(entry: dict[str, Any]) -> list[str]:
    """The paths a fixture's error may name ("" when it has none)."""
    path = entry.get("path", "")
    return [str(p) for p in path] if isinstance(path, list) else [str(path)]


def load_and_check(name: str) -> spec.MergedDocument:
    merged = spec.load_document(name)
    spec.check_document(merged)
    return merged


def leaves(node: Any, path: tuple[str | int, ...] = ()) -> dict[tuple[str | int, ...], Any]:
    """Every scalar (and empty container) of a document, by path."""
    if isinstance(node, dict) and node:
        out: dict[tuple[str | int, ...], Any] = {}
        for key, value in node.items():
            out |= leaves(value, path + (key,))
        return out
    if isinstance(node, list) and node:
        out = {}
        for i, value in enumerate(node):
            out |= leaves(value, path + (i,))
        return out
    return {path: node}


def line_of_text(file: Path, text: str) -> int:
    """The 1-based line of the only line of `file` that is exactly `text`."""
    found = [i for i, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1) if line == text]
    assert len(found) == 1, (file, text, found)
    return found[0]


# --- the shipped rulesets -------------------------------------------------------------------


def test_shipped_rulesets_are_available() -> None:
    assert set(SHIPPED) <= set(spec.available_rulesets())


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_ruleset_validates_by_id(name: str) -> None:
    merged = load_and_check(name)
    assert merged.data["id"] == name
    assert merged.data["format"] == "brou-ruleset/1"


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_ruleset_validates_by_path(name: str) -> None:
    file = spec.RULESET_DIR / f"{name}.yaml"
    assert spec.ruleset_file(name) == file
    assert spec.ruleset_file(str(file)) == file
    assert load_and_check(str(file)).data == load_and_check(name).data


def test_brouc_chain_is_1802_then_brouc() -> None:
    merged = spec.load_document("brouc")
    assert [doc.data["id"] for doc in merged.chain] == ["homme-de-brou-1802", "brouc"]
    assert "extends" not in merged.chain[0].data


def test_where_names_the_file_that_gave_the_value() -> None:
    """A value Brouc overrides comes from brouc.yaml; one it inherits, from the 1802 file."""
    merged = spec.load_document("brouc")
    brouc_file = spec.RULESET_DIR / "brouc.yaml"
    base_file = spec.RULESET_DIR / "homme-de-brou-1802.yaml"
    assert merged.where(("deal", "packets")) == (str(brouc_file), line_of_text(brouc_file, "  packets: [1, 3, 4]"))
    assert merged.where(("deal", "hand_size")) == (str(base_file), line_of_text(base_file, "  hand_size: 8"))
    exposed = line_of_text(brouc_file, "  turnup_exposed: {param: turnup_exposed}")
    assert merged.where(("deal", "turnup_exposed")) == (str(brouc_file), exposed)
    assert merged.where(("players", "count")) == (str(base_file), line_of_text(base_file, "  count: 4"))


# --- broken fixtures ------------------------------------------------------------------------


def test_there_are_enough_broken_fixtures_and_each_has_an_expectation() -> None:
    assert len(FIXTURES) >= 15
    assert set(FIXTURES) == set(EXPECTED), "every fixture needs an entry in expected.yaml, and only fixtures"


@pytest.mark.parametrize("fixture", FIXTURES)
def test_broken_fixture_raises_one_line_spec_error(fixture: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # the fixtures are named by paths from the repository root
    entry = EXPECTED[fixture]
    name = f"{BROKEN_REL}/{fixture}"
    reported = f"{BROKEN_REL}/{entry.get('file', fixture)}"
    with pytest.raises(SpecError) as info:
        load_and_check(name)
    exc = info.value
    text = str(exc)
    assert "\n" not in text and "\r" not in text, text
    assert exc.file == reported, text
    assert exc.line == entry["line"], text
    assert exc.path in expected_paths(entry), text
    assert entry["message"] in exc.message, text
    assert text.startswith(f"{reported}:{entry['line']}:"), text
    if exc.path:
        assert f" at {exc.path} " in text
    assert entry["message"] in text


def test_broken_fixture_by_absolute_path_names_that_path() -> None:
    file = BROKEN / "hand-size-string.yaml"
    with pytest.raises(SpecError) as info:
        load_and_check(str(file))
    assert str(info.value) == f"{file}:6: at deal.hand_size 'eight' is not of type 'integer'"


def test_missing_file() -> None:
    with pytest.raises(SpecError, match="no such file") as info:
        spec.load_document(f"{BROKEN_REL}/no-such-fixture.yaml")
    assert info.value.file == f"{BROKEN_REL}/no-such-fixture.yaml"


def test_spec_error_text() -> None:
    assert str(SpecError("bad", "f.yaml", 3, "deal.packets")) == "f.yaml:3: at deal.packets bad"
    assert str(SpecError("bad", "f.yaml", 3)) == "f.yaml:3: bad"
    assert str(SpecError("bad", "f.yaml")) == "f.yaml: bad"
    assert str(SpecError("bad")) == "<spec>: bad"


def test_path_text() -> None:
    assert spec.path_text(()) == "(top)"
    assert spec.path_text(("deal", "packets", 0)) == "deal.packets[0]"
    assert spec.path_text(("clauses", "hdb.play.follow", "sources", 1, "source")) == "clauses.hdb.play.follow.sources[1].source"


def test_duplicate_key_nested(tmp_path: Path) -> None:
    file = tmp_path / "dup.yaml"
    file.write_text("deal:\n  hand_size: 8\n  talon: 0\n  hand_size: 9\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        spec.read_yaml(file)
    assert str(info.value) == f"{file}:4: at deal duplicate key 'hand_size'"


def test_read_yaml_keeps_lines(tmp_path: Path) -> None:
    file = tmp_path / "lines.yaml"
    file.write_text("# comment\na: 1\nb:\n  - x\n  - {c: 2}\n", encoding="utf-8")
    doc = spec.read_yaml(file)
    assert doc.data == {"a": 1, "b": ["x", {"c": 2}]}
    assert doc.lines[("a",)] == 2
    assert doc.lines[("b", 0)] == 4
    assert doc.lines[("b", 1, "c")] == 5
    assert doc.line_of(("b", 1, "c", "deeper")) == 5


# --- RFC 7386 merge patch -------------------------------------------------------------------

# RFC 7386 appendix A: (original, patch, result)
RFC7386_EXAMPLES: list[tuple[Any, Any, Any]] = [
    ({"a": "b"}, {"a": "c"}, {"a": "c"}),
    ({"a": "b"}, {"b": "c"}, {"a": "b", "b": "c"}),
    ({"a": "b"}, {"a": None}, {}),
    ({"a": "b", "b": "c"}, {"a": None}, {"b": "c"}),
    ({"a": ["b"]}, {"a": "c"}, {"a": "c"}),
    ({"a": "c"}, {"a": ["b"]}, {"a": ["b"]}),
    ({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}, {"a": {"b": "d"}}),
    ({"a": [{"b": "c"}]}, {"a": [1]}, {"a": [1]}),
    (["a", "b"], ["c", "d"], ["c", "d"]),
    ({"a": "b"}, ["c"], ["c"]),
    ({"a": "foo"}, None, None),
    ({"a": "foo"}, "bar", "bar"),
    ({"e": None}, {"a": 1}, {"e": None, "a": 1}),
    ([1, 2], {"a": "b", "c": None}, {"a": "b"}),
    ({}, {"a": {"bb": {"ccc": None}}}, {"a": {"bb": {}}}),
    # the example of RFC 7386 section 3
    (
        {"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"},
         "tags": ["example", "sample"], "content": "This will be unchanged"},
        {"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": None}, "tags": ["example"]},
        {"title": "Hello!", "author": {"givenName": "John"}, "tags": ["example"],
         "content": "This will be unchanged", "phoneNumber": "+01-123-456-7890"},
    ),
]


@pytest.mark.parametrize(("original", "patch", "result"), RFC7386_EXAMPLES)
def test_merge_patch_rfc7386_appendix_a(original: Any, patch: Any, result: Any) -> None:
    before = (copy.deepcopy(original), copy.deepcopy(patch))
    assert spec.merge_patch(original, patch) == result
    assert (original, patch) == before, "merge_patch must leave its inputs untouched"


def test_merge_patch_result_does_not_share_patched_mappings() -> None:
    original = {"a": {"b": 1}, "c": {"d": 2}}
    merged = spec.merge_patch(original, {"a": {"e": 3}})
    merged["a"]["b"] = 99
    assert original == {"a": {"b": 1}, "c": {"d": 2}}


def test_brouc_is_the_merge_patch_of_its_file_on_1802() -> None:
    base = spec.read_yaml(spec.RULESET_DIR / "homme-de-brou-1802.yaml").data
    patch = spec.read_yaml(spec.RULESET_DIR / "brouc.yaml").data
    assert spec.load_document("brouc").data == spec.merge_patch(base, patch)


# --- parameters -----------------------------------------------------------------------------


def test_resolve_defaults_leave_no_param_reference() -> None:
    data = spec.load_document("homme-de-brou-1802").data
    before = copy.deepcopy(data)
    body, chosen = spec.resolve(data)
    assert data == before, "resolve must not change the document"
    assert chosen == {name: p["default"] for name, p in data["parameters"].items()}
    assert body["play"]["following"]["policy"] == "whist"
    assert body["deal"]["packets"] == [3, 3, 2]
    assert body["marriages"]["table"]["factor"] == 2
    assert body["parameters"] == data["parameters"]
    assert body["clauses"] == data["clauses"]
    resolved = {k: v for k, v in body.items() if k not in ("parameters", "clauses")}
    assert "{'param':" not in repr(resolved)


def test_resolve_with_overrides() -> None:
    data = spec.load_document("homme-de-brou-1802").data
    body, chosen = spec.resolve(data, {"following": "brouc", "packets": [2, 3, 3], "table_factor": 1})
    assert body["play"]["following"]["policy"] == "brouc"
    assert body["deal"]["packets"] == [2, 3, 3]
    assert body["marriages"]["table"]["factor"] == 1
    assert chosen["following"] == "brouc"
    assert chosen["rounding"] == data["parameters"]["rounding"]["default"]


def test_resolve_unknown_parameter() -> None:
    data = spec.load_document("homme-de-brou-1802").data
    with pytest.raises(ParameterError, match="unknown parameter 'nope'"):
        spec.resolve(data, {"nope": 1})


def test_resolve_value_not_among_options() -> None:
    data = spec.load_document("homme-de-brou-1802").data
    with pytest.raises(ParameterError, match="following='strict' is not one of"):
        spec.resolve(data, {"following": "strict"})
    with pytest.raises(ParameterError, match="packets"):
        spec.resolve(data, {"packets": [1, 3, 4]})


def test_brouc_has_no_following_parameter() -> None:
    """Brouc deletes the `following` parameter: its rule is fixed, not an option."""
    data = spec.load_document("brouc").data
    with pytest.raises(ParameterError, match="unknown parameter 'following'"):
        spec.resolve(data, {"following": "whist"})


def test_parse_value() -> None:
    assert spec.parse_value("brouc") == "brouc"
    assert spec.parse_value("1") == 1
    assert spec.parse_value("true") is True
    assert spec.parse_value("[2, 3, 3]") == [2, 3, 3]


# --- Brouc is a short diff on 1802 -----------------------------------------------------------


def test_brouc_file_only_states_differences() -> None:
    raw = spec.read_yaml(spec.RULESET_DIR / "brouc.yaml").data
    assert raw["extends"] == "homme-de-brou-1802"
    for section in ("players", "deck", "trump", "counting"):
        assert section not in raw, f"brouc.yaml restates {section}, which it inherits unchanged"
    base_lines = (spec.RULESET_DIR / "homme-de-brou-1802.yaml").read_text(encoding="utf-8").count("\n")
    brouc_lines = (spec.RULESET_DIR / "brouc.yaml").read_text(encoding="utf-8").count("\n")
    assert brouc_lines < base_lines


def test_brouc_differs_from_1802_where_the_games_differ() -> None:
    base, _ = spec.resolve(spec.load_document("homme-de-brou-1802").data)
    brouc, _ = spec.resolve(spec.load_document("brouc").data)
    assert (base["play"]["following"]["policy"], brouc["play"]["following"]["policy"]) == ("whist", "brouc")
    assert (base["deal"]["packets"], brouc["deal"]["packets"]) == ([3, 3, 2], [1, 3, 4])
    assert (base["marriages"]["table"]["factor"], brouc["marriages"]["table"]["factor"]) == (2, 1)
    assert (base["marriages"]["announced"]["window"], brouc["marriages"]["announced"]["window"]) == (
        "after-won-trick", "own-turn-once-team-has-trick")
    # the rounding clause of 1802 gives way to Brouc's own
    assert "hdb.count.rounding" in base["clauses"] and "hdb.count.rounding" not in brouc["clauses"]
    assert "brouc.count.rounding" in brouc["clauses"] and "brouc.count.rounding" not in base["clauses"]
    assert "rounding" in brouc["clauses"]["brouc.count.rounding"]["params"]
    # and the rules themselves (not clauses, parameters, names) differ in a few places only
    # (the game and match sections differ wholesale: parties against coches; see tests/test_game.py)
    ignore = {"id", "title", "status", "sources", "clause_prefix", "extends", "clauses", "parameters", "game", "match"}
    a = leaves({k: v for k, v in base.items() if k not in ignore})
    b = leaves({k: v for k, v in brouc.items() if k not in ignore})
    differing = {path for path in a.keys() | b.keys() if a.get(path) != b.get(path)}
    assert {("play", "following", "policy"), ("marriages", "table", "factor"), ("marriages", "announced", "window")} <= differing
    assert len(differing) <= 15, sorted(differing, key=str)
    assert base["deck"] == brouc["deck"] and base["players"] == brouc["players"]


# --- clauses and ambiguities ----------------------------------------------------------------


def own_clauses(name: str) -> dict[str, Any]:
    """The clauses a ruleset file itself defines (not the null that deletes an inherited one)."""
    raw = spec.read_yaml(spec.RULESET_DIR / f"{name}.yaml").data
    return {cid: c for cid, c in raw.get("clauses", {}).items() if c is not None}


def test_clause_ids_are_unique_across_rulesets() -> None:
    seen: dict[str, str] = {}
    for name in SHIPPED:
        raw = spec.read_yaml(spec.RULESET_DIR / f"{name}.yaml").data
        for cid in own_clauses(name):
            assert cid not in seen, f"clause {cid} is defined by both {seen[cid]} and {name}"
            assert cid.split(".")[0] == raw["clause_prefix"], f"{name}: clause {cid} lacks the prefix {raw['clause_prefix']}"
            seen[cid] = name
    assert len(seen) >= 20


def test_deleted_clauses_exist_in_the_parent() -> None:
    raw = spec.read_yaml(spec.RULESET_DIR / "brouc.yaml").data
    deleted = [cid for cid, c in raw["clauses"].items() if c is None]
    assert deleted
    assert set(deleted) <= set(own_clauses("homme-de-brou-1802"))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_clause_has_english_and_french(name: str) -> None:
    for cid, clause in spec.load_document(name).data["clauses"].items():
        for lang in ("en", "fr"):
            text = clause.get(lang)
            assert isinstance(text, str) and text.strip(), f"{name}: clause {cid} has no {lang} statement"
        assert clause["en"].strip() != clause["fr"].strip(), f"{name}: clause {cid} is not translated"
        assert clause["sources"], f"{name}: clause {cid} cites no source"


def dossier_ambiguities() -> list[str]:
    if not DOSSIER.exists():
        pytest.skip(f"{DOSSIER} is not present (it lives outside the repository)")
    ids = re.findall(r"^\|\s*(AMB-\d{2})\s*\|", DOSSIER.read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert ids, "no ambiguity rows found in the dossier's register"
    return ids


def ruleset_ambiguities() -> dict[str, list[str]]:
    """Ambiguity id -> the rulesets/parameters that list it."""
    out: dict[str, list[str]] = {}
    for name in SHIPPED:
        for pname, param in spec.load_document(name).data["parameters"].items():
            for amb in param["ambiguity"]:
                out.setdefault(amb, []).append(f"{name}:{pname}")
    return out


def test_dossier_register_lists_amb_01_to_32() -> None:
    ids = dossier_ambiguities()
    assert len(ids) == len(set(ids)), "an ambiguity id appears twice in the dossier"
    assert {f"AMB-{n:02d}" for n in range(1, 33)} <= set(ids)


def test_every_dossier_ambiguity_is_a_parameter() -> None:
    covered = ruleset_ambiguities()
    missing = [amb for amb in dossier_ambiguities() if amb not in covered]
    assert not missing, f"ambiguities with no parameter in either ruleset: {missing}"


def test_every_parameter_ambiguity_is_in_the_register() -> None:
    """The register (spec/ambiguities.yaml) starts from the dossier's list and adds what encoding found."""
    from brou.spec.ambiguities import load_register

    known = {entry.id for entry in load_register().entries}
    if DOSSIER.exists():
        assert set(dossier_ambiguities()) <= known, "the register drops an entry of the dossier"
    unknown = {amb: where for amb, where in ruleset_ambiguities().items() if amb not in known}
    assert not unknown, f"parameters cite ambiguities the register does not list: {unknown}"


def test_a_ruleset_may_extend_brouc(tmp_path: Path) -> None:
    """A club's file over Brouc: Brouc's replacements of 1802's clauses stand (each names a
    clause up the chain, though Brouc deleted it)."""
    from brou.spec.rules import Rules

    file = tmp_path / "club.yaml"
    file.write_text("extends: brouc\nmatch:\n  target: 7\n", encoding="utf-8")
    rules = Rules.load(str(file))
    assert rules.id == "brouc" and rules.data["match"]["target"] == 7
    assert "hdb.game.target" not in rules.data["clauses"] and "brouc.game.target" in rules.data["clauses"]


def test_a_clause_data_path_reaches_each_item_or_the_item_it_names() -> None:
    data = spec.load_document("hombre").data
    assert [v for _, v in spec.data_values(data, "auction.contracts.tourne.won")] == [2]
    assert len(spec.data_values(data, "deck.ranks.points")) == len(data["deck"]["ranks"])
    assert spec.data_values(data, "deck.nothing") == []
    assert spec.data_places("orders.trump.order[:3]") == ("orders.trump.order", range(0, 3))
    assert spec.data_places("game.target") == ("game.target", None)


@pytest.mark.parametrize("path", sorted(spec.SCHEMA_DIR.glob("*.schema.json")), ids=lambda p: p.name)
def test_every_schema_is_valid_under_its_metaschema(path: Path) -> None:
    """The commands build their validators without checking the schema (it took most of their
    start); this checks each schema file once, here, against the draft 2020-12 metaschema."""
    import json

    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    broken = dict(schema, type="no-such-type")
    with pytest.raises(SchemaError):
        Draft202012Validator.check_schema(broken)

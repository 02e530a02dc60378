"""The ambiguity register (spec/ambiguities.yaml), its agreement with the rulesets, and its witnesses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from brou import Rules, ambiguities, spec
from brou.conformance.compare import FAILED, PASSED
from brou.conformance.corpus import Scenario, load_file
from brou.conformance.harness import run
from brou.conformance.runner import InProcess
from brou.errors import ParameterError, SpecError, UsageError

REGISTER = ambiguities.load_register()
FOUND = ("found", "partly-found")


def test_the_register_validates_against_its_schema() -> None:
    schema = json.loads(ambiguities.SCHEMA_FILE.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    errors = list(Draft202012Validator(schema).iter_errors(spec.read_yaml(ambiguities.REGISTER_FILE).data))
    assert not errors, errors[0].message


def test_ids_are_unique_stable_shaped_and_in_order() -> None:
    ids = [e.id for e in REGISTER.entries]
    assert len(ids) == len(set(ids))
    assert all(ambiguities.ID_SHAPE.match(i) for i in ids)
    assert ids == sorted(ids, key=lambda i: int(i[4:]))
    assert {f"AMB-{n:02d}" for n in range(1, 40)} <= set(ids)  # the dossier's 32 and those met while encoding


def test_register_and_rulesets_agree_both_ways() -> None:
    problems = ambiguities.agreement_problems(REGISTER)
    assert not problems, "\n".join(map(str, problems))


def test_every_playable_option_loads_and_the_others_say_why() -> None:
    for entry in REGISTER.entries:
        for option in entry.options:
            if not option.playable:
                assert option.why, f"{entry.id} {option.name}"
                for ruleset, overrides in option.overrides.items():
                    with pytest.raises(ParameterError):
                        Rules.load(ruleset, **overrides)
                continue
            for ruleset, overrides in option.overrides.items():
                assert Rules.load(ruleset, **overrides).params.items() >= overrides.items()


def _witness_scenarios() -> list[tuple[ambiguities.Entry, str, dict[str, Scenario]]]:
    out = []
    for entry in REGISTER.entries:
        for ruleset, record in entry.witness.items():
            if record["status"] in FOUND:
                path = Path(ambiguities.SCENARIO_DIR.parent.parent / record["file"])
                assert path == ambiguities.witness_file(ruleset, entry.id)
                out.append((entry, ruleset, {s.id: s for s in load_file(path)}))
    return out


WITNESSES = _witness_scenarios()


def test_every_found_pair_has_one_scenario_per_option_and_nothing_else() -> None:
    assert len(WITNESSES) >= 30
    for entry, ruleset, scenarios in WITNESSES:
        wanted: set[str] = set()
        for pair in entry.witness[ruleset]["pairs"]:
            if pair["found"]:
                wanted.update(ambiguities.scenario_ids(entry, ruleset, tuple(pair["options"])))
        assert set(scenarios) == wanted, entry.id
        for s in scenarios.values():
            assert s.ambiguity == entry.id and s.ruleset == ruleset and s.origin == "hand-written"
            assert s.clauses, s.id


def test_witness_scenarios_pass_against_the_reference() -> None:
    scenarios = [s for _, _, found in WITNESSES for s in found.values()]
    result = run(InProcess(), scenarios)
    bad = [(o.scenario.id, o.verdict.detail) for o in result.outcomes if o.status != PASSED]
    assert not bad, bad


def test_the_options_of_a_witness_really_differ() -> None:
    """Each option's actions, played under the other option's parameters, must fail: that is a witness."""
    swapped = []
    for entry, ruleset, scenarios in WITNESSES:
        for pair in entry.witness[ruleset]["pairs"]:
            if not pair["found"]:
                continue
            a, b = (scenarios[i] for i in ambiguities.scenario_ids(entry, ruleset, tuple(pair["options"])))
            for mine, other in ((a, b), (b, a)):
                assert mine.params != other.params
                swapped.append(Scenario(mine.data | {"params": other.params}, mine.file, mine.line))
    result = run(InProcess(), swapped)
    passing = [o.scenario.id for o in result.outcomes if o.status != FAILED]
    assert not passing, f"these witnesses also pass under the other option: {passing}"


@pytest.mark.parametrize("amb_id", ["AMB-01", "AMB-05", "AMB-19"])
def test_stored_witnesses_are_reproduced_by_the_search(amb_id: str) -> None:
    entry = REGISTER.entry(amb_id)
    for ruleset, path in ambiguities.witness_scenarios(entry):
        plan = ambiguities.PLANS[amb_id]
        found = []
        for pair in ambiguities.pairs(entry, ruleset):
            witness = ambiguities.search_pair(entry, ruleset, pair, plan)
            assert isinstance(witness, ambiguities.Witness)
            found += ambiguities.scenarios_of(entry, witness)
        assert ambiguities.scenario_text(entry, found) == path.read_text(encoding="utf-8")


def test_entries_without_witness_say_how_they_were_searched_or_why_not() -> None:
    for entry in REGISTER.entries:
        assert set(entry.witness) == set(entry.defaults), entry.id
        for record in entry.witness.values():
            assert record["status"] != "not-searched", entry.id
            if record["status"] in ("not-modelled", "single-option", "not-playable"):
                assert record["why"], entry.id
            for pair in record.get("pairs", []):
                if not pair["found"]:
                    assert pair["deals"] > 0 and pair["positions"] > 0 and pair["seeds"] and pair["why"], entry.id


def test_register_text_lists_every_entry() -> None:
    text = ambiguities.register_text()
    for entry in REGISTER.entries:
        assert entry.id in text
    assert "match_target" in text


def test_entry_text_names_every_option_and_plays_the_witness_out() -> None:
    for entry in REGISTER.entries:
        text = ambiguities.entry_text(entry.id)
        assert text.startswith(f"{entry.id}: ")
        for option in entry.options:
            assert f"  {option.name}: " in text, (entry.id, option.name)
    text = ambiguities.entry_text("amb-05")
    assert "under undertrump-false" in text and "under undertrump-true" in text
    assert "is refused (no-undertrump)" in text and "shared actions: " in text


def test_an_unknown_id_is_a_usage_error_naming_close_ids() -> None:
    assert REGISTER.entry("amb-5").id == REGISTER.entry("5").id == "AMB-05"
    with pytest.raises(UsageError, match=r"no ambiguity 'AMB-O5' in the register \(close: .*AMB-05") as info:
        ambiguities.entry_text("AMB-O5")
    assert "\n" not in str(info.value)


BROKEN = [
    ("format: brou-ambiguities/1\nentries: [\n", 3, "YAML syntax"),
    ("format: brou-ambiguities/2\nentries: [x]\n", 1, "brou-ambiguities/1"),
    ("format: brou-ambiguities/1\nentries:\n  - id: AMB-1\n", 3, "'question' is a required property"),
]


def _entry(amb_id: str, default: str = "a") -> str:
    return (f"  - id: {amb_id}\n    question: q\n    sources: [{{source: S1, says: s}}]\n"
            f"    options: [{{name: a}}, {{name: b}}]\n"
            f"    defaults: {{brouc: {{option: {default}, why: w}}}}\n    witness: {{}}\n")


@pytest.mark.parametrize(("text", "line", "message"), [
    *BROKEN,
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01") + _entry("AMB-01"), 9, "listed twice"),
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01", default="c"), 7, "is not an option"),
])
def test_a_broken_register_gives_one_line_naming_file_and_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "ambiguities.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        ambiguities.load_register(path)
    assert "\n" not in str(info.value)
    assert str(info.value).startswith(f"{path}:{line}:"), str(info.value)
    assert message in str(info.value)

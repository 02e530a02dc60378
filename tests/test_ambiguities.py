"""The ambiguity register (spec/ambiguities.yaml), its agreement with the rulesets, and its witnesses."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from brou import Rules, spec
from brou.conformance.cases import witnesses
from brou.conformance.diagnosis.run import run
from brou.conformance.judging.compare import FAILED, PASSED
from brou.conformance.protocol.runner import InProcess
from brou.conformance.scenarios.corpus import SCENARIO_DIR, Scenario, load_file
from brou.errors import ParameterError, SpecError, UsageError
from brou.spec import ambiguities

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
                path = Path(witnesses.SCENARIO_DIR.parent.parent / record["file"])
                assert path == witnesses.witness_file(ruleset, entry.id)
                out.append((entry, ruleset, {s.id: s for s in load_file(path)}))
    return out


WITNESSES = _witness_scenarios()


def test_every_found_pair_has_one_scenario_per_option_and_nothing_else() -> None:
    assert len(WITNESSES) >= 30
    for entry, ruleset, scenarios in WITNESSES:
        wanted: set[str] = set()
        for pair in entry.witness[ruleset]["pairs"]:
            if pair["found"]:
                wanted.update(witnesses.scenario_ids(entry, ruleset, tuple(pair["options"])))
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
            a, b = (scenarios[i] for i in witnesses.scenario_ids(entry, ruleset, tuple(pair["options"])))
            for mine, other in ((a, b), (b, a)):
                assert mine.params != other.params
                swapped.append(Scenario(mine.data | {"params": other.params}, mine.file, mine.line))
    result = run(InProcess(), swapped)
    passing = [o.scenario.id for o in result.outcomes if o.status != FAILED]
    assert not passing, f"these witnesses also pass under the other option: {passing}"


@pytest.mark.parametrize("amb_id", ["AMB-01", "AMB-05", "AMB-19", "AMB-42", "AMB-45", "AMB-48", "AMB-54", "AMB-57"])
def test_stored_witnesses_are_reproduced_by_the_search(amb_id: str) -> None:
    entry = REGISTER.entry(amb_id)
    for ruleset, path in witnesses.witness_scenarios(entry):
        plan = ambiguities.PLANS[amb_id]
        found = []
        for pair in witnesses.pairs(entry, ruleset):
            witness = witnesses.search_pair(entry, ruleset, pair, plan)
            assert isinstance(witness, witnesses.Witness)
            found += witnesses.scenarios_of(entry, witness)
        assert witnesses.scenario_text(entry, found) == path.read_text(encoding="utf-8")


def test_entries_without_witness_say_how_they_were_searched_or_why_not() -> None:
    for entry in REGISTER.entries:
        assert set(entry.witness) == set(entry.defaults), entry.id
        for record in entry.witness.values():
            assert record["status"] != "not-searched", entry.id
            if record["status"] in ("not-modelled", "single-option", "not-playable", "not-observable"):
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
        text = witnesses.entry_text(entry.id)
        assert text.startswith(f"{entry.id}: ")
        for option in entry.options:
            assert f"  {option.name}: " in text, (entry.id, option.name)
    text = witnesses.entry_text("amb-05")
    assert "under undertrump-false" in text and "under undertrump-true" in text
    assert "is refused (no-undertrump)" in text and "shared actions: " in text


def test_an_unknown_id_is_a_usage_error_naming_close_ids() -> None:
    assert REGISTER.entry("amb-5").id == REGISTER.entry("5").id == "AMB-05"
    with pytest.raises(UsageError, match=r"no ambiguity 'AMB-O5' in the register \(close: .*AMB-05") as info:
        witnesses.entry_text("AMB-O5")
    assert "\n" not in str(info.value)


BROKEN = [
    ("format: brou-ambiguities/1\nentries: [\n", 3, "YAML syntax"),
    ("format: brou-ambiguities/2\nentries: [x]\n", 1, "brou-ambiguities/1"),
    ("format: brou-ambiguities/1\nentries:\n  - id: AMB-1\n", 3, "'question' is a required property"),
]


def _entry(amb_id: str, default: str = "a") -> str:
    return (f"  - id: {amb_id}\n    question: q\n    question_fr: qf\n    sources: [{{source: S1, says: s, says_fr: sf}}]\n"
            f"    options: [{{name: a}}, {{name: b}}]\n"
            f"    defaults: {{brouc: {{option: {default}, why: w, why_fr: wf}}}}\n    witness: {{}}\n")


@pytest.mark.parametrize(("text", "line", "message"), [
    *BROKEN,
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01") + _entry("AMB-01"), 10, "listed twice"),
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01", default="c"), 8, "is not an option"),
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01").replace("    question_fr: qf\n", ""), 3,
     "'question_fr' is a required property"),
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01").replace(", says_fr: sf", ""), 6,
     "'says_fr' is a required property"),
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01").replace(", why_fr: wf", ""), 8,
     "'why_fr' is a required property"),
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01").replace("{name: b}", "{name: b, playable: false, why: y}"),
     7, "'why_fr'"),
    ("format: brou-ambiguities/1\nentries:\n" + _entry("AMB-01").replace("{name: b}", "{name: b, why: y}"),
     7, "'why_fr' is a dependency of 'why'"),
    ("format: brou-ambiguities/1\nchoices: {packets: {rulesets: [brouc], why: w}}\nentries:\n" + _entry("AMB-01"), 2,
     "'why_fr' is a required property"),
])
def test_a_broken_register_gives_one_line_naming_file_and_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "ambiguities.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        ambiguities.load_register(path)
    assert "\n" not in str(info.value)
    assert str(info.value).startswith(f"{path}:{line}:"), str(info.value)
    assert message in str(info.value)


# -- the French texts (the rulebook is printed in English and French) -------------------------------


def _texts(entry: ambiguities.Entry) -> list[tuple[str, str, str]]:
    """(where, English, French) for every text of an entry written by hand."""
    out = [("question", entry.question, entry.question_fr)]
    out += [(f"sources[{i}].says", s["says"], s.get("says_fr", "")) for i, s in enumerate(entry.sources)]
    out += [(f"options.{o.name}.why", o.why, o.why_fr) for o in entry.options if o.why or o.why_fr]
    out += [(f"defaults.{r}.why", d["why"], d.get("why_fr", "")) for r, d in entry.defaults.items()]
    return out


def test_every_text_has_its_french_and_it_is_not_the_english() -> None:
    assert len(REGISTER.entries) >= 39
    for entry in REGISTER.entries:
        for where, english, french in _texts(entry):
            assert english.strip(), (entry.id, where)
            assert french.strip(), f"{entry.id} {where}: no French"
            assert french.strip() != english.strip(), f"{entry.id} {where}: the French is the English"
    assert REGISTER.choices
    for name, choice in REGISTER.choices.items():
        assert choice["why"].strip() and choice.get("why_fr", "").strip(), name
        assert choice["why_fr"] != choice["why"], name


def test_the_french_keeps_the_numbers_and_source_names_of_the_english() -> None:
    """A translation neither drops nor adds a number (301, 190, S1 8.2.3) or a parameter name; the
    French may write ordinals in figures (la 2e levée) and "half up" as "5 vers le haut"."""
    def tokens(text: str) -> set[str]:
        return set(re.findall(r"S[0-9]+|-?[0-9]+|[a-z]+_[a-z0-9_]+", text))

    for entry in REGISTER.entries:
        for where, english, french in _texts(entry):
            en, fr = tokens(english), tokens(french)
            allowed = set()
            if re.search(r"\b(second|third|fourth)\b", english):
                allowed |= {"2", "3", "4"}
            if "half" in english:
                allowed.add("5")
            assert en <= fr and fr - en <= allowed, (entry.id, where, sorted(en), sorted(fr))


def test_entry_text_picks_the_language() -> None:
    entry = REGISTER.entry("AMB-07")
    assert entry.text("question") == entry.question
    assert entry.text("question", "fr") == entry.question_fr
    assert entry.text("says", "fr", 1) == entry.sources[1]["says_fr"]
    assert entry.text("says", "en", 1) == entry.sources[1]["says"]
    assert entry.text("default", "fr", "brouc") == entry.defaults["brouc"]["why_fr"]
    assert entry.text("option", "fr", "new-announcement") == entry.option("new-announcement").why_fr != ""
    assert entry.text("option", "en", "new-announcement") == entry.option("new-announcement").text() != ""
    assert entry.text("option", "fr", "never") == ""  # a playable option may say no why
    assert ambiguities.in_lang(REGISTER.choices["packets"], "why", "fr") == REGISTER.choices["packets"]["why_fr"]
    with pytest.raises(KeyError):
        entry.text("says", "fr", 9)
    with pytest.raises(KeyError):
        entry.text("default", "fr", "no-such-ruleset")
    with pytest.raises(ValueError, match="no language 'de'"):
        entry.text("question", "de")


def test_the_command_line_text_stays_in_english() -> None:
    text = ambiguities.register_text()
    one = witnesses.entry_text("AMB-05")
    for entry in REGISTER.entries[:8]:
        assert entry.question_fr[:40] not in text
    entry = REGISTER.entry("AMB-05")
    assert one.startswith(f"AMB-05: {entry.question}")
    assert entry.question_fr not in one and entry.sources[0]["says_fr"][:40] not in one


def test_rewriting_the_witness_blocks_keeps_everything_else() -> None:
    """tools/find-witnesses rewrites only the witness blocks: the French keys stay as they are."""
    text = ambiguities.REGISTER_FILE.read_text(encoding="utf-8")
    same = {e.id: e.witness for e in REGISTER.entries}
    assert ambiguities.rewrite_witnesses(text, same) == text
    block = {"brouc": {"status": "not-searched"}}
    changed = ambiguities.rewrite_witnesses(text, {"AMB-05": block})
    assert changed != text
    before, after = spec.read_yaml(ambiguities.REGISTER_FILE).data, _yaml_data(changed)
    for old, new in zip(before["entries"], after["entries"], strict=True):
        assert new["witness"] == (block if old["id"] == "AMB-05" else old["witness"]), old["id"]
        assert {k: v for k, v in new.items() if k != "witness"} == {k: v for k, v in old.items() if k != "witness"}
    assert after["choices"] == before["choices"]


def _yaml_data(text: str) -> dict[str, Any]:
    data = yaml.safe_load(text)
    assert isinstance(data, dict)
    return data


READING_FILES = ("AMB-28", "AMB-34", "AMB-35", "AMB-36", "AMB-37", "AMB-38", "AMB-39", "AMB-41")


@pytest.mark.parametrize("amb_id", READING_FILES)
def test_every_option_of_a_reading_file_has_its_own_scenarios(amb_id: str) -> None:
    """The hand-written readings/AMB-xx.yaml play every option of the entry, each under its own
    overrides, with ids <prefix>.reading.amb-xx.<option>.<case> naming the entry."""
    entry = REGISTER.entry(amb_id)
    for ruleset in entry.rulesets:
        path = SCENARIO_DIR / ruleset / "readings" / f"{amb_id}.yaml"
        scenarios = yaml.safe_load(path.read_text(encoding="utf-8"))["scenarios"]
        prefix = f"{ambiguities.PREFIX[ruleset]}.reading.{amb_id.lower()}."
        for option in entry.options:
            mine = [s for s in scenarios if s["id"].startswith(prefix + option.name + ".")]
            assert mine, f"{amb_id} {ruleset}: no scenario plays option {option.name}"
            for scenario in mine:
                assert scenario["ambiguity"] == amb_id and scenario["ruleset"] == ruleset
                assert option.overrides[ruleset].items() <= scenario["params"].items(), scenario["id"]

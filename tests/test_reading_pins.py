"""The corpus pins every option of the ambiguity register, not only its witness pair (issue 32).

For each entry of `spec/ambiguities.yaml` and each ruleset where a witness was found, the
hand-written scenarios of `conformance/scenarios/<ruleset>/readings/AMB-nn.yaml` check what
each option's text says, case by case. A scenario's id is
`<prefix>.reading.amb-nn.<option>.<case>`: its params hold the option's overrides (and, where the
entry only matters beside another parameter, that parameter too, e.g. `following: brouc` for
AMB-04 and AMB-05 in 1802). These tests read every readings file of every ruleset, so the
entries of all the games are checked by the same code.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from brou import ambiguities
from brou.conformance.compare import FAILED, PASSED
from brou.conformance.corpus import Scenario, load_file
from brou.conformance.harness import run
from brou.conformance.runner import InProcess

REGISTER = ambiguities.load_register()
SCENARIOS = Path(__file__).resolve().parent.parent / "conformance" / "scenarios"
FOUND = ("found", "partly-found")
ID = re.compile(r"^[a-z0-9]+\.reading\.amb-(\d\d)\.([a-z0-9-]+)\.([a-z0-9-]+)$")

# Entries whose witness was found but whose options are not pinned by readings yet, by
# (entry, ruleset). An entry listed here is excused only while it has no readings file: once a
# file exists, every playable option must be covered. Remove a line when its file is written.
NOT_YET: dict[tuple[str, str], str] = {
    # AMB-28: another engineer is modelling its options (not playable yet, no witness either).
    # Brusquembille, L'Homme d'Auvergne and L'Hombre (AMB-42 to AMB-61): the second half of issue 32.
    ("AMB-42", "brusquembille-1718"): "second half of issue 32",
    ("AMB-43", "brusquembille-1718"): "second half of issue 32",
    ("AMB-44", "brusquembille-1718"): "second half of issue 32",
    ("AMB-45", "brusquembille-1718"): "second half of issue 32",
    ("AMB-46", "brusquembille-1718"): "second half of issue 32",
    ("AMB-47", "brusquembille-1718"): "second half of issue 32",
    ("AMB-48", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-49", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-50", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-51", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-52", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-53", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-54", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-55", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-56", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-57", "homme-d-auvergne"): "second half of issue 32",
    ("AMB-59", "hombre"): "second half of issue 32",
    ("AMB-60", "hombre"): "second half of issue 32",
    ("AMB-61", "hombre"): "second half of issue 32",
}


def _option_of(s: Scenario) -> str:
    match = ID.match(s.id)
    assert match, f"{s.id}: a reading's id is <prefix>.reading.amb-nn.<option>.<case>"
    return match.group(2)


@cache
def _readings() -> dict[tuple[str, str], list[Scenario]]:
    """The readings scenarios by (entry, ruleset), from every `readings/AMB-nn.yaml`."""
    out: dict[tuple[str, str], list[Scenario]] = defaultdict(list)
    for path in sorted(SCENARIOS.glob("*/readings/AMB-*.yaml")):
        for s in load_file(path):
            assert s.ambiguity == path.stem, f"{s.id}: ambiguity {s.ambiguity}, file {path.name}"
            assert s.ruleset == path.parent.parent.name, f"{s.id}: ruleset {s.ruleset} in {path}"
            out[(path.stem, s.ruleset)].append(s)
    return dict(out)


def _playable(entry: ambiguities.Entry, ruleset: str) -> dict[str, Mapping[str, Any]]:
    """The options of an entry a ruleset plays, with their overrides."""
    return {o.name: o.overrides[ruleset] for o in entry.options if o.playable and ruleset in (o.overrides or {})}


def _differing_pairs(entry: ambiguities.Entry, ruleset: str) -> set[tuple[str, str]]:
    """The pairs of options the entry's witness shows to differ, both ways round."""
    pairs = set()
    for pair in entry.witness[ruleset].get("pairs", []):
        if pair["found"]:
            a, b = pair["options"]
            pairs.update({(a, b), (b, a)})
    return pairs


def _under(s: Scenario, entry: ambiguities.Entry, option: str, other: str) -> Scenario:
    """The scenario with the entry's parameters of its own option replaced by another option's."""
    options = _playable(entry, s.ruleset)
    params = {k: v for k, v in (s.params or {}).items() if k not in options[option]} | dict(options[other])
    return Scenario(s.data | {"params": params}, s.file, s.line)


def test_every_reading_names_its_entry_option_and_parameters() -> None:
    readings = _readings()
    assert readings, "no readings file found"
    for (amb_id, ruleset), scenarios in readings.items():
        entry = REGISTER.entry(amb_id)
        options = _playable(entry, ruleset)
        for s in scenarios:
            option = _option_of(s)
            assert f".amb-{amb_id[4:]}." in s.id, s.id
            assert option in options, f"{s.id}: {option} is not a playable option of {amb_id} in {ruleset}"
            assert (s.params or {}).items() >= options[option].items(), f"{s.id}: params lack the overrides of {option}"
            assert s.origin == "hand-written" and s.clauses and s.description, s.id


def test_every_entry_with_a_witness_has_each_option_pinned_twice() -> None:
    readings = _readings()
    missing = []
    for entry in REGISTER.entries:
        for ruleset, record in entry.witness.items():
            if record["status"] not in FOUND:
                continue
            scenarios = readings.get((entry.id, ruleset))
            if scenarios is None:
                if (entry.id, ruleset) not in NOT_YET:
                    missing.append(f"{entry.id} {ruleset}: no readings file")
                continue
            count = defaultdict(int, {name: 0 for name in _playable(entry, ruleset)})
            for s in scenarios:
                count[_option_of(s)] += 1
            missing += [f"{entry.id} {ruleset} {name}: {n} scenario(s)" for name, n in count.items() if n < 2]
    assert not missing, missing


def test_no_exemption_is_stale() -> None:
    """An exemption names an entry and ruleset that have a found witness."""
    for amb_id, ruleset in NOT_YET:
        assert REGISTER.entry(amb_id).witness[ruleset]["status"] in FOUND, (amb_id, ruleset)


def test_readings_pass_against_the_reference() -> None:
    scenarios = [s for found in _readings().values() for s in found]
    result = run(InProcess(), scenarios)
    bad = [(o.scenario.id, o.verdict.detail) for o in result.outcomes if o.status != PASSED]
    assert not bad, bad


def test_each_reading_fails_under_another_option_and_each_pair_is_told_apart() -> None:
    """Every reading fails under at least one other option of its entry, and for every pair of
    options the witness shows to differ, some reading of the first fails under the second."""
    swapped: list[Scenario] = []
    keys: list[tuple[str, str, str, str, str]] = []
    for (amb_id, ruleset), scenarios in _readings().items():
        entry = REGISTER.entry(amb_id)
        for s in scenarios:
            option = _option_of(s)
            for other in _playable(entry, ruleset):
                if other != option:
                    swapped.append(_under(s, entry, option, other))
                    keys.append((amb_id, ruleset, s.id, option, other))
    result = run(InProcess(), swapped)
    fails_under: dict[str, set[str]] = defaultdict(set)
    told_apart: set[tuple[str, str, str, str]] = set()
    for (amb_id, ruleset, sid, option, other), outcome in zip(keys, result.outcomes, strict=True):
        fails_under.setdefault(sid, set())
        if outcome.status == FAILED:
            fails_under[sid].add(other)
            told_apart.add((amb_id, ruleset, option, other))
    never = sorted(sid for sid, others in fails_under.items() if not others)
    assert not never, f"these readings pass under every other option: {never}"
    untold = []
    for amb_id, ruleset in _readings():
        entry = REGISTER.entry(amb_id)
        untold += [(amb_id, ruleset, a, b) for a, b in sorted(_differing_pairs(entry, ruleset))
                   if (amb_id, ruleset, a, b) not in told_apart]
    assert not untold, f"no reading of the first option fails under the second: {untold}"

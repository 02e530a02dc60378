"""The readings of the ambiguity register pinned by the corpus (issue 32).

A witness pair (`scenarios/<ruleset>/ambiguities/AMB-nn.yaml`) shows only that an entry's
options differ somewhere.  The files `scenarios/<ruleset>/readings/AMB-nn.yaml` pin what each
option says, case by case, so that an implementation reading an option slightly wrong fails
somewhere.  Their scenarios are named `<prefix>.reading.amb-nn.<option>.<case>`; a case whose
name starts with `unaffected-` is one where the text says the options agree (the option must
not apply there), and it must pass under every option of the entry; every other case must
fail (or be unplayable) under at least one other option of the entry.

The test reads every readings file generically, whichever ruleset or entry it belongs to.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from brou.conformance.diagnosis.run import run
from brou.conformance.judging.compare import PASSED
from brou.conformance.protocol.runner import InProcess
from brou.conformance.scenarios.corpus import SCENARIO_DIR, Scenario, load_file
from brou.spec import ambiguities

REGISTER = ambiguities.load_register()
FOUND = ("found", "partly-found")
ID_SHAPE = re.compile(r"^(?P<prefix>[a-z]+)\.reading\.(?P<amb>amb-[0-9]{2,})\.(?P<option>[a-z0-9-]+)\.(?P<case>[a-z0-9-]+)$")
UNAFFECTED = "unaffected-"
MIN_PER_OPTION = 2

# Entries with a witness whose readings are not pinned yet, by ruleset.  They are the other
# halves of issue 32 and the entries under repair, not forgotten ones:
EXEMPT: dict[str, set[str]] = {
    # 1802 and Brouc (AMB-01 to AMB-33): every entry with a witness is pinned (AMB-28 has none:
    # its options are being modelled; AMB-25 has a single option).
    # Brusquembille, L'Homme d'Auvergne and L'Hombre (AMB-42 to AMB-61): pinned on a branch of
    # their own; an exemption only excuses a missing file, so these lines are harmless once the
    # files are there.
    "brusquembille-1718": {f"AMB-{n:02d}" for n in range(42, 48)},
    "homme-d-auvergne": {f"AMB-{n:02d}" for n in range(48, 58)},
    "hombre": {f"AMB-{n:02d}" for n in range(59, 62)},
}
# Entries whose engine is under repair (kept apart, so that the lines above can go alone).  None
# now: AMB-50 (L'Homme d'Auvergne) and AMB-59 (L'Hombre) have their readings files.
EXEMPT_REPAIR: dict[str, set[str]] = {}


def _readings() -> dict[tuple[str, str], list[Scenario]]:
    """(ruleset, entry id) -> the scenarios of its readings file."""
    out: dict[tuple[str, str], list[Scenario]] = {}
    for path in sorted(SCENARIO_DIR.glob("*/readings/*.yaml")):
        out[(path.parent.parent.name, path.stem)] = load_file(path)
    return out


READINGS = _readings()


def _playable(entry: ambiguities.Entry, ruleset: str) -> dict[str, Mapping[str, Any]]:
    """option name -> its overrides for `ruleset`, for the options that can be played there."""
    return {o.name: o.overrides[ruleset] for o in entry.options if o.playable and ruleset in o.overrides}


def _under(s: Scenario, mine: Mapping[str, Any], other: Mapping[str, Any]) -> Scenario:
    """The scenario with its option's overrides replaced by another option's."""
    params = {k: v for k, v in s.params.items() if k not in mine} | dict(other)
    return Scenario(s.data | {"params": params}, s.file, s.line)


def _parts(s: Scenario) -> re.Match[str]:
    match = ID_SHAPE.match(s.id)
    assert match, f"{s.id}: not <prefix>.reading.amb-nn.<option>.<case>"
    return match


def test_there_are_readings_files() -> None:
    assert len(READINGS) >= 42


def test_every_witnessed_entry_has_readings_or_is_exempt() -> None:
    missing = []
    for entry in REGISTER.entries:
        for ruleset, record in entry.witness.items():
            exempt = EXEMPT.get(ruleset, set()) | EXEMPT_REPAIR.get(ruleset, set())
            if record["status"] in FOUND and (ruleset, entry.id) not in READINGS and entry.id not in exempt:
                missing.append(f"{ruleset} {entry.id}")
    assert not missing, f"witnessed entries with no readings file: {missing}"


@pytest.mark.parametrize(("ruleset", "amb_id"), sorted(READINGS))
def test_readings_are_named_and_set_as_their_option(ruleset: str, amb_id: str) -> None:
    entry = REGISTER.entry(amb_id)
    options = _playable(entry, ruleset)
    assert len(options) >= 2, f"{amb_id} has no two playable options for {ruleset}"
    others = {name for o in options.values() for name in o}
    counts = dict.fromkeys(options, 0)
    for s in READINGS[(ruleset, amb_id)]:
        parts = _parts(s)
        assert parts["prefix"] == ambiguities.PREFIX[ruleset] and parts["amb"] == amb_id.lower(), s.id
        assert s.ruleset == ruleset and s.origin == "hand-written" and s.clauses, s.id
        option = parts["option"]
        assert option in options, f"{s.id}: {option} is not a playable option of {amb_id}"
        overrides = options[option]
        assert s.params.items() >= overrides.items(), f"{s.id}: params {s.params} lack {dict(overrides)}"
        stray = {k for k in s.params if k in others and k not in overrides}
        assert not stray, f"{s.id}: sets {stray}, a parameter of another option"
        if not parts["case"].startswith(UNAFFECTED):
            counts[option] += 1
    thin = {o: n for o, n in counts.items() if n < MIN_PER_OPTION}
    assert not thin, f"{ruleset} {amb_id}: options with fewer than {MIN_PER_OPTION} pinning scenarios: {thin}"


def test_readings_pass_against_the_reference() -> None:
    scenarios = [s for found in READINGS.values() for s in found]
    result = run(InProcess(), scenarios)
    bad = [(o.scenario.id, o.verdict.detail) for o in result.outcomes if o.status != PASSED]
    assert not bad, bad


def test_each_reading_tells_its_option_from_the_others() -> None:
    """A pinning case fails under some other option; an `unaffected-` case passes under all."""
    variants: list[tuple[str, bool, Scenario]] = []
    for (ruleset, amb_id), found in READINGS.items():
        options = _playable(REGISTER.entry(amb_id), ruleset)
        for s in found:
            parts = _parts(s)
            mine = options[parts["option"]]
            for name, other in options.items():
                if name != parts["option"]:
                    variants.append((s.id, parts["case"].startswith(UNAFFECTED), _under(s, mine, other)))
    result = run(InProcess(), [v for _, _, v in variants])
    passes: dict[str, list[bool]] = {}
    for (sid, _, _), outcome in zip(variants, result.outcomes, strict=True):
        passes.setdefault(sid, []).append(outcome.status == PASSED)
    unaffected = {sid for sid, flag, _ in variants if flag}
    blind = sorted(sid for sid, seen in passes.items() if sid not in unaffected and all(seen))
    assert not blind, f"these readings pass under every other option of their entry: {blind}"
    moved = sorted(sid for sid in unaffected if not all(passes[sid]))
    assert not moved, f"these cases, where the options agree, fail under another option: {moved}"


def test_a_misnamed_reading_is_caught() -> None:
    """The name check is not vacuous: a reading of an option the entry does not have is refused."""
    s = READINGS[sorted(READINGS)[0]][0]
    bad = Scenario(s.data | {"id": s.id.replace(".reading.", ".readings.")}, s.file, s.line)
    with pytest.raises(AssertionError):
        _parts(bad)


def test_every_pair_the_witness_parts_is_told_apart() -> None:
    """For each pair of options whose witness was found (the register's `pairs`), some pinning
    reading of the first fails (or cannot be played) under the second, both ways round: the
    readings separate every pair of options the entry says differ, not only some of them."""
    variants: list[tuple[tuple[str, str, str, str], Scenario]] = []
    wanted: set[tuple[str, str, str, str]] = set()
    for (ruleset, amb_id), found in READINGS.items():
        entry = REGISTER.entry(amb_id)
        options = _playable(entry, ruleset)
        for pair in entry.witness[ruleset].get("pairs", []):
            if pair["found"]:
                a, b = pair["options"]
                wanted |= {(ruleset, amb_id, a, b), (ruleset, amb_id, b, a)}
        for s in found:
            parts = _parts(s)
            if parts["case"].startswith(UNAFFECTED):
                continue
            for name, other in options.items():
                if name != parts["option"]:
                    variants.append(((ruleset, amb_id, parts["option"], name), _under(s, options[parts["option"]], other)))
    result = run(InProcess(), [v for _, v in variants])
    told = {key for (key, _), outcome in zip(variants, result.outcomes, strict=True) if outcome.status != PASSED}
    untold = sorted(wanted - told)
    assert not untold, f"no reading of the first option fails under the second: {untold}"

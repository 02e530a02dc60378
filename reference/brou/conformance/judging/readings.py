"""What an implementation is sent of a scenario, from its handshake: the features it offers,
why it skips a scenario, and the readings it declared (the `plays` of its handshake): a scenario
judged under such a reading, the steps the reference engine itself departs from left out.  And
for a scenario the reference engine does not pass, the reading under which it does."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..protocol.bounds import as_text
from ..protocol.server import Reference
from ..scenarios.corpus import RUN_FEATURES, Omit, Scenario, parameter_default
from .compare import FAILED, PASSED, departures, expectations
from .reference import SUBSTANCE_SECONDS, Disputed, reference_verdict


def offered_features(hello: Mapping[str, Any]) -> frozenset[str]:
    """The features an implementation offers (its handshake's `features`)."""
    return frozenset(f for f in hello.get("features", []) if isinstance(f, str))


@dataclass(frozen=True)
class Reading:
    """A scenario judged under a reading the implementation declared (the `plays` or
    `readings` of its handshake): the parameters it is sent with, what of it is left out
    (the steps whose expectation the reference engine, under that reading, does not meet
    itself), how many steps that is, and where and why (for the report)."""

    params: dict[str, Any]
    omit: Omit | None = None
    steps: int = 0
    why: str = ""


def reading_of(s: Scenario, hello: Mapping[str, Any],
               features: frozenset[str] | None = None) -> tuple[Reading | None, str | None]:
    """A scenario against an implementation that plays another reading by default (the
    `plays` of its handshake: parameter values other than the spec's defaults).  Where the
    scenario leaves such a parameter at the spec's default and the implementation cannot
    play that default, the scenario runs under the implementation's reading: the reference
    engine plays it under that reading, and each step whose expectation it still meets is
    judged; a step where it does not is left out (an observable, a perft count, a refusal's
    code), and where the line of play itself parts (an action refused under the reading, or
    allowed), that step and all that follow.  A step is thus left out only where the
    reference itself, under the declared reading, disagrees with what the scenario expects.
    (None, None): no declared reading concerns it; (Reading, None): run it so; (None, why):
    nothing of it is left to judge under the reading (`features`: the implementation's)."""
    declared = (hello.get("rulesets", {}).get(s.ruleset) or {})
    plays: dict[str, Any] = declared.get("plays", {})
    supported = declared.get("params", {}) or {}
    other = {name: value for name, value in plays.items()
             if name not in s.params and parameter_default(s.ruleset, name) not in (supported.get(name) or [])}
    if not other:
        return None, None
    label = reading_label(s.ruleset, other)
    variant = Scenario(s.data | {"params": s.params | other}, s.file, s.line)
    answer = Reference().run(variant.request, SUBSTANCE_SECONDS)
    if "error" in answer:
        return None, (f"it depends on the reading: it holds for the spec's defaults; under {label}, which the "
                      f"implementation plays, the reference engine cannot play it ({as_text(answer['error'], 200)})")
    omit, parting = departures(variant, answer)
    if omit is None:
        return Reading(other), None
    full = {number for *_, number, _ in expectations(s, features)}
    kept = {number for *_, number, _ in expectations(s, features, omit)}
    left = sorted(n for n in full if n not in kept or n in omit.steps)
    where = _omit_text(omit, parting)
    if not kept:
        return None, (f"it depends on the reading: it holds for the spec's defaults; under {label}, which the "
                      f"implementation plays, the reference engine departs from it at every step judged: {where}")
    steps = "1 step depends" if len(left) == 1 else f"{len(left)} steps depend"
    return Reading(other, omit, len(left), f"{steps} on the reading {label}: {where}"), None


def _omit_text(omit: Omit, parting: str) -> str:
    """The steps an omission leaves out, in a few words: `step 7 (outcome)`, `from step 9 on (...)`."""
    parts = [f"step {n}" + (f" ({', '.join(sorted(names))})" if names else "") for n, names in sorted(omit.steps.items())]
    if omit.from_step is not None:
        parts.append(f"step {omit.from_step} and all after it" + (f" ({parting})" if parting else ""))
    return "; ".join(parts)


def reading_label(ruleset: str, params: Mapping[str, Any]) -> str:
    """Parameter values as text, each with the register entry and option it plays:
    `escape_commitment=True (AMB-29 escape)`."""
    register = _register_index()
    out = []
    for name, value in sorted(params.items()):
        entry = register.get((ruleset, name, json.dumps(value)))
        out.append(f"{name}={value}" + (f" ({entry[0]} {entry[1]})" if entry else ""))
    return ", ".join(out)


@lru_cache(maxsize=1)
def _register_index() -> dict[tuple[str, str, str], tuple[str, str]]:
    """(ruleset, parameter, JSON value) -> (register entry, option) for each option of the
    register that sets one parameter of a ruleset."""
    from ...spec.ambiguities import load_register

    out: dict[tuple[str, str, str], tuple[str, str]] = {}
    for entry in load_register().entries:
        for option in entry.options:
            for ruleset, overrides in option.overrides.items():
                if len(overrides) == 1:
                    (name, value), = overrides.items()
                    out.setdefault((ruleset, name, json.dumps(value)), (entry.id, option.name))
    return out


DISPUTE_SEARCH_SECONDS = 30.0  # for all the disputed scenarios of a run: trying each parameter option on them


def dispute_lines(disputed: Sequence[Disputed], seconds: float = DISPUTE_SEARCH_SECONDS) -> list[str]:
    """One line for each scenario the reference engine does not pass (brou check runs the
    others): where, what the reference answers (the step and the difference), and how to
    play the reading it expects: the parameter value (and its register entry) under which the
    reference passes it, or, if none does, to propose it for the register."""
    deadline = time.monotonic() + seconds
    out = []
    for d in disputed:
        line = str(d.error)
        if d.verdict.status == FAILED:
            line += "; " + _reading_hint(d.scenario, deadline)
        out.append(line)
    return out


def _reading_hint(s: Scenario, deadline: float) -> str:
    if time.monotonic() >= deadline:
        return "(no parameter tried on it: the time for that search is spent)"
    found = passing_reading(s, deadline)
    if found is None:
        return (f"no single parameter value of {s.ruleset} makes the reference engine pass it: if the sources allow "
                "the reading it expects, propose it for the register (docs/ambiguities.md, \"Adding an entry\")")
    (name, value), = found.items()
    text = value if isinstance(value, str) else json.dumps(value)
    return (f"the reference engine passes it under {reading_label(s.ruleset, found)}: to play that reading give the "
            f"scenario params: {{{name}: {text}}} (brou deal --param {name}={text})")


def passing_reading(s: Scenario, deadline: float) -> dict[str, Any] | None:
    """The first parameter value (by name, then in the order of its options) that, set on the
    scenario, makes the reference engine pass it; None if none does before the deadline."""
    from ...spec.rules import NOT_EXECUTABLE_YET, Rules

    parameters = Rules.load(s.ruleset).data["parameters"]
    for name in sorted(parameters):
        current = s.params.get(name, parameters[name].get("default"))
        for value in parameters[name]["options"]:
            if value == current or (name, tuple(value) if isinstance(value, list) else value) in NOT_EXECUTABLE_YET:
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            variant = Scenario(s.data | {"params": s.params | {name: value}}, s.file, s.line)
            if reference_verdict(variant, min(SUBSTANCE_SECONDS, left)).status == PASSED:
                return {name: value}
    return None


def skip_reason(s: Scenario, hello: Mapping[str, Any], offered: frozenset[str] | None = None) -> str | None:
    """Why the implementation cannot run this scenario, from its handshake, or None
    (`offered`: its features, `offered_features(hello)`, if known)."""
    rulesets = hello.get("rulesets", {})
    if s.ruleset not in rulesets:
        return f"ruleset {s.ruleset} is not supported"
    supported = (rulesets[s.ruleset] or {}).get("params", {}) or {}
    plays = (rulesets[s.ruleset] or {}).get("plays", {})
    for name, value in s.params.items():
        if value == parameter_default(s.ruleset, name) and name not in plays:
            continue
        options = supported.get(name)
        if plays.get(name) != value and (not isinstance(options, list) or value not in options):
            return f"parameter {name}={value} is not supported"
    offered = offered_features(hello) if offered is None else offered
    missing = [] if offered >= RUN_FEATURES else sorted(s.needs - offered)  # (a scenario needs only these)
    if missing:
        return "needs feature " + ", ".join(missing)
    return None

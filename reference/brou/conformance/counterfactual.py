"""Which reading of the rules an implementation plays: its failures replayed under each
parameter value of the ruleset.

Every parameter of a ruleset is a reading of one clause (or a few) that the sources leave
open: the table marriage counted once or twice, the concession before the fifth trick or
not. A program that plays another reading where the default is asked for fails where the two
readings part, and fails there exactly as the reference engine does under that reading. So
each failure is replayed by the reference engine with a parameter's default replaced by
another value; a value under which the reference fails the same step with the same answer
(the same observation, or the same action refused or accepted) reproduces it. A value that
reproduces most of the failures tried, and under which the reference still passes the
scenarios of its clauses that the program passes, names its clause as the broken rule and
the reading the program plays instead (brou.conformance.localise weighs it;
docs/conformance.md, "The verdict").

Deterministic and bounded: at most `TRIED` failures are replayed (one per scenario, spread
over the clauses where they show, in the run's order), a value is dropped as soon as it
misses twice more than it reproduces, and the whole search stops after `SECONDS`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..errors import BrouError
from ..rules import NOT_EXECUTABLE_YET, Rules
from .compare import FAILED, Verdict
from .corpus import Scenario, reference_verdict

TRIED = 8  # failures replayed at most, per ruleset
SECONDS = 20.0  # the whole search, per ruleset; what is not tried by then counts as not reproduced
STEP_SECONDS = 5.0  # the reference engine's time for one replay


@dataclass(frozen=True)
class Reproduction:
    """A parameter value under which the reference engine fails as the implementation does:
    the clauses whose reading it is, and how many of the failures tried it reproduces."""

    clauses: tuple[str, ...]
    param: str
    value: Any
    reproduced: int
    tried: int
    passes_kept: int = 0

    @property
    def text(self) -> str:
        value = self.value if isinstance(self.value, str) else repr(self.value).lower() \
            if isinstance(self.value, bool) else str(self.value)
        return f"{self.param}: {value}"


@cache
def _values(ruleset: str) -> tuple[tuple[str, Any, tuple[str, ...]], ...]:
    """Every (parameter, value other than its default, the clauses it is a reading of) of a
    ruleset."""
    data = Rules.load(ruleset).data
    owners: dict[str, list[str]] = {}
    for cid, clause in data["clauses"].items():
        for name in (clause or {}).get("params", []):
            owners.setdefault(name, []).append(cid)
    out = []
    for name in sorted(data["parameters"]):
        spec = data["parameters"][name]
        for value in spec["options"]:
            frozen = (name, tuple(value) if isinstance(value, list) else value)
            if value != spec.get("default") and frozen not in NOT_EXECUTABLE_YET and owners.get(name):
                out.append((name, value, tuple(owners[name])))
    return tuple(out)


_REASON = re.compile(r" \([^)]*\)")


def same_failure(mine: Verdict, theirs: Verdict) -> bool:
    """Whether two failed verdicts of one scenario fail the same step the same way: the same
    observation and answer, or the same action refused or accepted (the refusal's reason code
    aside: each program has its own)."""
    if mine.status != FAILED or theirs.status != FAILED or mine.step != theirs.step:
        return False
    if mine.observed is not None or theirs.observed is not None:
        return mine.observed == theirs.observed and mine.got == theirs.got
    return _REASON.sub("", mine.detail) == _REASON.sub("", theirs.detail)


def _chosen(failures: Sequence[tuple[Scenario, Verdict]]) -> list[tuple[Scenario, Verdict]]:
    """Up to TRIED failures, taken in turn from each clause where failures show (the run's
    order within each), so that one much-repeated symptom does not fill the sample."""
    by_clause: dict[str | None, list[tuple[Scenario, Verdict]]] = {}
    for s, v in failures:
        by_clause.setdefault(v.clause, []).append((s, v))
    queues = sorted(by_clause.values(), key=lambda q: -len(q))
    out: list[tuple[Scenario, Verdict]] = []
    while len(out) < TRIED and any(queues):
        for q in queues:
            if q and len(out) < TRIED:
                out.append(q.pop(0))
    return out


def _replay(s: Scenario, name: str, value: Any, seconds: float) -> Verdict | None:
    """The reference engine's verdict on the scenario played under `name: value` in place of
    the parameter's default; None for a scenario that sets the parameter to another value (a
    program may play that one right: the reading tried stands in for the default only)."""
    default = Rules.load(s.ruleset).data["parameters"][name].get("default")
    if s.params.get(name, default) != default:
        return None
    variant = Scenario(s.data | {"params": dict(s.params) | {name: value}}, s.file, s.line)
    try:
        return reference_verdict(variant, seconds)
    except (BrouError, KeyError, ValueError, TypeError, IndexError):
        return None


def reproductions(ruleset: str, failures: Sequence[tuple[Scenario, Verdict]],
                  passes: Sequence[Scenario] = (), seconds: float = SECONDS) -> list[Reproduction]:
    """The parameter values of `ruleset` that reproduce at least half the failures tried (and
    two, or the only one), and that the implementation's passes do not refute: the scenarios
    written for the reading's clauses that it passes, the reference passes too under that
    value (up to TRIED of them). Most reproduced first."""
    try:
        values = _values(ruleset)
    except BrouError:
        return []
    sample = _chosen([(s, v) for s, v in failures if s.ruleset == ruleset and v.status == FAILED])
    if not sample:
        return []
    deadline = time.monotonic() + seconds
    found = []
    for name, value, clauses in values:
        hit = miss = 0
        for s, theirs in sample:
            left = deadline - time.monotonic()
            if left <= 0 or miss > hit + 1:
                break
            mine = _replay(s, name, value, min(STEP_SECONDS, left))
            if mine is None:
                continue
            if same_failure(mine, theirs):
                hit += 1
            else:
                miss += 1
        # at least half of those tried, and two (or the only failure there is)
        if hit >= min(2, len(sample)) and 2 * hit >= hit + miss:
            kept = _passes_kept(ruleset, clauses, name, value, passes, deadline)
            if kept is not None:
                found.append(Reproduction(clauses, name, value, hit, hit + miss, kept))
    return sorted(found, key=lambda r: (-r.reproduced / max(r.tried, 1), -r.reproduced, r.param))


def _passes_kept(ruleset: str, clauses: tuple[str, ...], name: str, value: Any, passes: Sequence[Scenario],
                 deadline: float) -> int | None:
    """How many of the passed scenarios written for these clauses (their purpose first) the
    reference passes too under `name: value`; None if it fails one: the implementation does not
    play that reading there."""
    mine = [s for s in passes if s.ruleset == ruleset and s.clauses[:1] and s.clauses[0] in clauses]
    mine += [s for s in passes if s.ruleset == ruleset and s not in mine and any(c in clauses for c in s.clauses)]
    kept = 0
    for s in mine[:TRIED]:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        verdict = _replay(s, name, value, min(STEP_SECONDS, left))
        if verdict is None:
            continue
        if verdict.status == FAILED:
            return None
        kept += 1
    return kept


def by_clause(found: Sequence[Reproduction]) -> Mapping[str, Reproduction]:
    """The best reproduction of each clause."""
    out: dict[str, Reproduction] = {}
    for r in found:
        for c in r.clauses:
            out.setdefault(c, r)
    return out

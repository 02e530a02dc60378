"""Running the corpus against an implementation and collecting a verdict per scenario.

Statuses: passed; failed (the implementation departs from the rules); errored (it
misbehaved: crashed, hung, answered garbage or out of turn, or said it could not run
the scenario); skipped (it lacks a ruleset, a parameter option or a feature the
scenario needs); xfailed (a failure the implementation declared in advance); xpassed
(a declared failure that passed: the list is out of date, which counts as a failure).
"""

from __future__ import annotations

import fnmatch
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..errors import BrouError
from .compare import ERRORED, FAILED, PASSED, SKIPPED, Verdict, judge
from .corpus import Scenario, parameter_default, rules_for
from .runner import ImplementationError

XFAILED, XPASSED = "xfailed", "xpassed"
MAX_START_FAILURES = 3


class Implementation(Protocol):
    name: str

    def start(self) -> dict[str, Any]: ...

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]: ...

    def close(self) -> None: ...


class XfailError(BrouError):
    """An expected-failure list that cannot be read."""


@dataclass
class Outcome:
    """A scenario and its verdict."""

    scenario: Scenario
    verdict: Verdict
    seconds: float = 0.0

    @property
    def status(self) -> str:
        return self.verdict.status


@dataclass
class Run:
    """The result of one run: every selected scenario's outcome, and about the run."""

    implementation: str
    hello: dict[str, Any] | None
    outcomes: list[Outcome] = field(default_factory=list)
    stale_xfails: list[str] = field(default_factory=list)
    seconds: float = 0.0
    restarts: int = 0

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def exit_status(self) -> int:
        """0 all passed (skips and declared failures allowed); 1 a failure, an unexpected
        pass or a stale entry of the expected-failure list; 3 errors but no failure."""
        if self.count(FAILED) or self.count(XPASSED) or self.stale_xfails:
            return 1
        if self.count(ERRORED):
            return 3
        return 0


# -- selecting -----------------------------------------------------------------------


@dataclass
class Selection:
    """Filters: each list keeps a scenario that matches any of its entries."""

    rulesets: Sequence[str] = ()
    clauses: Sequence[str] = ()  # a clause id or a prefix of one (hdb.play, brouc.game.)
    features: Sequence[str] = ()
    ids: Sequence[str] = ()  # ids or glob patterns
    origins: Sequence[str] = ()

    def keeps(self, s: Scenario) -> bool:
        if self.rulesets and s.ruleset not in self.rulesets:
            return False
        if self.clauses and not any(c == p or c.startswith(p.rstrip(".") + ".") for c in s.clauses for p in self.clauses):
            return False
        if self.features and not any(f in s.features for f in self.features):
            return False
        if self.ids and not any(fnmatch.fnmatchcase(s.id, p) for p in self.ids):
            return False
        return not (self.origins and s.origin not in self.origins)


def read_xfail(path: Path) -> dict[str, str]:
    """An expected-failure list: one scenario id (or glob) per line, optionally followed
    by a reason; '#' starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise XfailError(f"{path}: cannot read the expected-failure list: {getattr(exc, 'strerror', None) or exc}") from None
    out: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        ident, _, reason = line.partition(" ")
        if ident in out:
            raise XfailError(f"{path}:{number}: '{ident}' is listed twice")
        out[ident] = reason.strip()
    return out


def skip_reason(s: Scenario, hello: Mapping[str, Any]) -> str | None:
    """Why the implementation cannot run this scenario, from its handshake, or None."""
    rulesets = hello.get("rulesets", {})
    if s.ruleset not in rulesets:
        return f"ruleset {s.ruleset} is not supported"
    supported = (rulesets[s.ruleset] or {}).get("params", {}) or {}
    for name, value in s.params.items():
        if value == parameter_default(s.ruleset, name):
            continue
        options = supported.get(name)
        if not isinstance(options, list) or value not in options:
            return f"parameter {name}={value} is not supported"
    features = set(hello.get("features", []))
    missing = sorted(s.features - features)
    if missing:
        return "needs feature " + ", ".join(missing)
    return None


# -- running -----------------------------------------------------------------------


def run(impl: Implementation, scenarios: Sequence[Scenario], *, timeout: float = 10.0,
        xfail: Mapping[str, str] | None = None, all_ids: Iterable[str] | None = None,
        progress: Callable[[Outcome], None] | None = None, max_hangs: int = 5) -> Run:
    """Run every scenario; an implementation that cannot be started is tried again
    MAX_START_FAILURES times in a row, and one that hangs on `max_hangs` scenarios in a
    row (0: no limit) is not asked again: its remaining scenarios are errored."""
    started = time.perf_counter()
    result = Run(impl.name, None)
    hello: dict[str, Any] | None = None
    start_failures = hangs = 0
    gave_up: str | None = None
    try:
        for s in scenarios:
            t0 = time.perf_counter()
            if gave_up is None and hello is None:
                try:
                    hello = impl.start()
                    start_failures = 0
                except ImplementationError as exc:
                    start_failures += 1
                    if exc.fatal or start_failures >= MAX_START_FAILURES:
                        gave_up = f"the implementation could not be started: {exc.detail}"
                    verdict = Verdict(ERRORED, f"{exc.kind}: {exc.detail}")
                    _record(result, s, verdict, t0, progress)
                    continue
                result.hello = result.hello or hello
            if gave_up is not None or hello is None:
                _record(result, s, Verdict(ERRORED, gave_up or "not started"), t0, progress)
                continue
            reason = skip_reason(s, hello)
            if reason is not None:
                _record(result, s, Verdict(SKIPPED, reason), t0, progress)
                continue
            try:
                answer = impl.run(s.request, timeout)
            except ImplementationError as exc:
                hello = None  # restarted before the next scenario
                hangs = hangs + 1 if exc.kind == "hang" else 0
                if exc.fatal:
                    gave_up = exc.detail
                elif max_hangs and hangs >= max_hangs:
                    gave_up = f"not run: the implementation hung on {hangs} scenarios in a row (see --max-hangs)"
                _record(result, s, Verdict(ERRORED, f"{exc.kind}: {exc.detail}"), t0, progress)
                continue
            hangs = 0
            if "skip" in answer:
                verdict = Verdict(SKIPPED, f"the implementation skipped it: {answer['skip']}")
            elif "error" in answer:
                verdict = Verdict(ERRORED, f"the implementation reported an error: {str(answer['error'])[:300]}")
            else:
                verdict = judge(s, answer, codes="error-codes" in hello.get("features", []))
            _record(result, s, verdict, t0, progress)
    finally:
        impl.close()
    result.restarts = max(0, getattr(impl, "restarts", 0))
    declared: dict[str, str] = dict(xfail or {})
    if result.hello:
        declared.update({k: "declared by the implementation" for k in result.hello.get("known_failures", [])})
    if declared:
        _apply_xfail(result, declared, all_ids)
    result.seconds = time.perf_counter() - started
    return result


def _record(result: Run, s: Scenario, verdict: Verdict, t0: float, progress: Callable[[Outcome], None] | None) -> None:
    outcome = Outcome(s, verdict, time.perf_counter() - t0)
    result.outcomes.append(outcome)
    if progress is not None:
        progress(outcome)


def _apply_xfail(result: Run, declared: Mapping[str, str], all_ids: Iterable[str] | None) -> None:
    patterns = list(declared)
    used: set[str] = set()
    for o in result.outcomes:
        hit = next((p for p in patterns if fnmatch.fnmatchcase(o.scenario.id, p)), None)
        if hit is None:
            continue
        used.add(hit)
        if o.status in (FAILED, ERRORED):
            o.verdict = o.verdict._replace(status=XFAILED, detail=f"expected ({declared[hit] or 'listed'}): {o.verdict.detail}")
        elif o.status == PASSED:
            o.verdict = Verdict(XPASSED, f"listed as an expected failure ({declared[hit] or 'no reason given'}) but passed: "
                                         "remove it from the list")
    ids = list(all_ids) if all_ids is not None else [o.scenario.id for o in result.outcomes]
    for p in patterns:
        if p not in used and not any(fnmatch.fnmatchcase(i, p) for i in ids):
            result.stale_xfails.append(p)


def clause_text(s: Scenario, clause: str) -> str:
    return str(rules_for(s).data["clauses"][clause]["en"])

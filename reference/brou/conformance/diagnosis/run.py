"""A run of the corpus against an implementation: every scenario's verdict
(brou.conformance.judging.verdict.verdict_of), each failure laid on the clause it breaks
(`diagnose.with_clause`), the declared failures applied (judging.expected), and the run's exit
status.  The report (brou.conformance.reporting.report) adds the run's verdict (`localise`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..judging.compare import ERRORED, FAILED, Verdict
from ..judging.expected import XPASSED, apply_xfail
from ..judging.verdict import Outcome, Prepared, Session, send_ahead, verdict_of
from ..protocol.bounds import cut
from ..protocol.runner import Ahead, Implementation
from ..scenarios.corpus import Scenario
from .diagnose import with_clause


@dataclass
class Run:
    """The result of one run: every selected scenario's outcome, and about the run."""

    implementation: str
    hello: dict[str, Any] | None
    outcomes: list[Outcome] = field(default_factory=list)
    stale_xfails: list[str] = field(default_factory=list)
    seconds: float = 0.0
    restarts: int = 0
    loading: float = 0.0  # seconds spent loading and checking the scenarios before the run (brou check)
    disputed: list[str] = field(default_factory=list)  # scenarios the reference engine does not pass, not run: a line each

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def exit_status(self) -> int:
        """0 all passed (skips and declared failures allowed); 1 a failure, an unexpected
        pass or a stale entry of the expected-failure list; 3 errors but no failure; 2
        before all these, scenarios the reference engine does not pass (not run: bad input)."""
        if self.disputed:
            return 2
        if self.count(FAILED) or self.count(XPASSED) or self.stale_xfails:
            return 1
        if self.count(ERRORED):
            return 3
        return 0


def run(impl: Implementation, scenarios: Sequence[Scenario], *, timeout: float = 10.0,
        xfail: Mapping[str, str] | None = None, all_ids: Iterable[str] | None = None,
        progress: Callable[[Outcome], None] | None = None, max_hangs: int = 5, whole_values: bool = False) -> Run:
    """Run every scenario; an implementation that cannot be started is tried again
    MAX_START_FAILURES times in a row, and one that hangs on `max_hangs` scenarios in a
    row (0: no limit) is not asked again: its remaining scenarios are errored.  A failure's
    values are kept cut short when long, or with `whole_values` whole (`diagnose.with_clause`)."""
    started = time.perf_counter()
    result = Run(impl.name, None)
    session = Session()
    sender = impl if isinstance(impl, Ahead) else None
    ahead: Prepared | None = None  # the next scenario, sent as soon as the answer to this one is in
    try:
        for i, s in enumerate(scenarios):

            def send_next(i: int = i) -> None:
                nonlocal ahead
                if sender is not None and i + 1 < len(scenarios):
                    ahead = send_ahead(sender, scenarios[i + 1], session)

            t0 = time.perf_counter()
            sent, ahead = ahead, None
            verdict = verdict_of(impl, s, session, timeout=timeout, max_hangs=max_hangs, ahead=sent, answered=send_next)
            verdict = with_clause(s, verdict, whole=whole_values)
            result.hello = result.hello or session.hello
            session.answered(_record(result, s, verdict, t0, progress))
    finally:
        session.finish(impl)
    result.restarts = max(0, getattr(impl, "restarts", 0))
    declared: dict[str, str] = dict(xfail or {})
    if result.hello:
        declared.update({k: "declared by the implementation" for k in result.hello.get("known_failures", [])})
    if declared:
        result.stale_xfails.extend(apply_xfail(result.outcomes, declared, all_ids))
    result.seconds = time.perf_counter() - started
    return result


def _record(result: Run, s: Scenario, verdict: Verdict, t0: float, progress: Callable[[Outcome], None] | None) -> Outcome:
    outcome = Outcome(s, verdict._replace(detail=cut(verdict.detail)), time.perf_counter() - t0)
    result.outcomes.append(outcome)
    if progress is not None:
        progress(outcome)
    return outcome

"""A scenario's verdict: the implementation started, the scenario prepared for what its
handshake offers (skipped, or under a reading it declared), sent, its answer taken and judged
(`compare.judge`).

Statuses: passed; failed (the implementation departs from the rules); errored (it
misbehaved: crashed, hung, answered garbage or out of turn, or said it could not run
the scenario); skipped (it lacks a ruleset, a parameter option or a feature the
scenario needs).  A run of many scenarios (brou.conformance.diagnosis.run) adds the
declared failures' statuses (`expected`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from ..protocol.bounds import as_text, cut
from ..protocol.runner import Ahead, Implementation, ImplementationError
from ..scenarios.corpus import FEATURES, Scenario
from .compare import ERRORED, FAILED, PASSED, SKIPPED, Verdict, judge
from .readings import Reading, offered_features, reading_of, skip_reason

PARTIAL = "passed with steps left out"  # the detail of a pass whose sheet or perft steps were not asked, or
# whose steps that depend on a declared reading were left out
MAX_START_FAILURES = 3


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
class Session:
    """Where a run stands with its implementation (brou check, brou fuzz)."""

    hello: dict[str, Any] | None = None  # None: (re)start it before the next scenario
    start_failures: int = 0
    hangs: int = 0
    gave_up: str | None = None  # why it is not asked any more
    last_answered: Outcome | None = None  # the outcome of the scenario it answered last
    _sent: bool = False  # the scenario being run was sent
    _answer_taken: bool = False  # and answered

    def answered(self, outcome: Outcome) -> None:
        """Note a scenario's outcome: an answer the implementation gives twice is laid on the
        last scenario it answered (one it was not sent, a skipped one, changes nothing)."""
        if self._answer_taken:
            self.last_answered = outcome
        elif self._sent:
            self.last_answered = None
        self._sent = self._answer_taken = False

    def finish(self, impl: Implementation) -> None:
        """Stop the implementation; output after its last answer errors that scenario."""
        extra = impl.finish()
        if extra and self.last_answered is not None:
            _blame(self.last_answered, Verdict(ERRORED, f"extra-output: {extra}"))
        impl.close()


class Prepared(NamedTuple):
    """What a scenario sends an implementation, worked out from its handshake (`prepare`):
    the request, the features it offers, the reading it is judged under and the scenario's
    data; or (`prepare_whole`) the whole scenario's request as text, and the results that
    pass it, as text (`compare.passing_results`), the data read only if the answer differs."""

    request: dict[str, Any] | None
    features: frozenset[str]
    reading: Reading | None
    data: dict[str, Any] | None
    text: bytes | None = None
    passing: bytes | None = None


def prepare(s: Scenario, hello: Mapping[str, Any]) -> Prepared | Verdict:
    """What the implementation of handshake `hello` is sent for scenario `s`, or the verdict
    without sending anything (skipped)."""
    data = s.data  # read once for this verdict
    s.note_features(data)
    features = offered_features(hello)
    reason = skip_reason(s, hello, features)
    if reason is not None:
        return Verdict(SKIPPED, reason)
    request = s.request_for(features, data=data)
    if not request["steps"]:  # every step asks for something it does not offer (perft)
        return Verdict(SKIPPED, "needs feature " + ", ".join(sorted(s.features - features)))
    reading, why = reading_of(s, hello, features)
    if why is not None:
        return Verdict(SKIPPED, why)
    if reading is not None:
        if reading.omit is not None:
            request = s.request_for(features, reading.omit, data)
        request["params"] = request["params"] | reading.params
    return Prepared(request, features, reading, data)


def prepare_whole(s: Scenario, hello: Mapping[str, Any], text: bytes, passing: bytes) -> Prepared | None:
    """What is sent for scenario `s`, given as text: `text` its whole request (`corpus.request_of`,
    compact JSON, ASCII) and `passing` the results that pass it (`compare.passing_results`, the
    same), for an implementation that offers every feature and is sent every scenario as it is
    (no skip, no reading: `prepare` would send that request); else None (`prepare` then)."""
    features = offered_features(hello)
    if not features >= ALL_FEATURES or skip_reason(s, hello, features) is not None:
        return None
    if reading_of(s, hello, features) != (None, None):
        return None
    return Prepared(None, features, None, None, text, passing)


ALL_FEATURES = frozenset(FEATURES)


def send_ahead(impl: Ahead, s: Scenario, session: Session, whole: tuple[bytes, bytes] | None = None) -> Prepared | None:
    """Send scenario `s` now, if the implementation is running, for `verdict_of(..., ahead=)`
    to take its answer; None if nothing was sent (it is then sent as usual).  The
    implementation sees the same messages in the same order: the next request goes once the
    last answer is in, only sooner.  `whole`: the scenario's request and passing results as
    text (`prepare_whole`), used where they are what is sent."""
    if session.gave_up is not None or session.hello is None:
        return None
    prepared = None if whole is None else prepare_whole(s, session.hello, *whole)
    if prepared is None:
        made = prepare(s, session.hello)
        if isinstance(made, Verdict):
            return None
        prepared = made
    impl.send(prepared.request, prepared.text)
    return prepared


def verdict_of(impl: Implementation, s: Scenario, session: Session, *, timeout: float = 10.0, max_hangs: int = 5,
               ahead: Prepared | None = None, answered: Callable[[], None] | None = None) -> Verdict:
    """One scenario's verdict (started, skipped, sent and judged: `compare.judge`; a failure is
    laid on the clause it breaks afterwards, by `brou.conformance.diagnosis.diagnose.with_clause`,
    which reads the values that differ whole and then cuts them short: a caller keeps a verdict
    only after it);
    an answer that turns out to be the previous scenario's second answer errors that scenario,
    and this one is asked again of a restarted implementation.  `ahead`: the scenario was sent
    already (`send_ahead`); `answered`: called once its answer is in, before it is judged (to
    send the next scenario ahead, say)."""
    if session.gave_up is not None or session.hello is None:
        ahead = None  # (nothing is sent ahead of an implementation not running)
    for _ in range(2):
        if session.gave_up is None and session.hello is None:
            try:
                session.hello = impl.start()
                session.start_failures = 0
            except ImplementationError as exc:
                session.start_failures += 1
                if exc.fatal or session.start_failures >= MAX_START_FAILURES:
                    session.gave_up = f"the implementation could not be started: {exc.detail}"
                session.last_answered = None
                return Verdict(ERRORED, f"{exc.kind}: {exc.detail}")
        if session.gave_up is not None or session.hello is None:
            return Verdict(ERRORED, session.gave_up or "not started")
        prepared = ahead if ahead is not None else prepare(s, session.hello)
        if isinstance(prepared, Verdict):
            return prepared
        request, features, reading, data, _, passing = prepared
        omit = reading.omit if reading is not None else None
        session._sent = True
        try:
            # sent already (`send_ahead`): its answer (None: exactly the passing results); else sent now
            if ahead is not None:
                answer = cast(Ahead, impl).receive(timeout, passing)
            else:
                assert request is not None
                answer = impl.run(request, timeout)
        except ImplementationError as exc:
            session.hello = None  # restarted before the next scenario
            if exc.previous:  # never laid on this scenario: it is asked again
                if session.last_answered is not None:
                    _blame(session.last_answered, Verdict(ERRORED, f"{exc.kind}: {exc.detail}"))
                session.last_answered = None
                ahead = None
                continue
            session.hangs = session.hangs + 1 if exc.kind == "hang" else 0
            if exc.fatal:
                session.gave_up = exc.detail
            elif max_hangs and session.hangs >= max_hangs:
                session.gave_up = f"not run: the implementation hung on {session.hangs} scenarios in a row (see --max-hangs)"
            session.last_answered = None
            return Verdict(ERRORED, f"{exc.kind}: {exc.detail}")
        finally:
            ahead = None
        session.hangs = 0
        session._answer_taken = True
        if answered is not None:
            answered()
        if answer is None:  # the results that pass the whole scenario, to the byte: nothing to judge
            return Verdict(PASSED)
        if "skip" in answer:
            return Verdict(SKIPPED, f"the implementation skipped it: {as_text(answer['skip'], 300)}")
        if "error" in answer:
            return Verdict(ERRORED, f"the implementation reported an error: {as_text(answer['error'], 300)}")
        verdict = judge(s, answer, codes="error-codes" in features, features=features, omit=omit, data=data, whole=True)
        if reading is not None and reading.steps:
            verdict = verdict._replace(reading_steps=reading.steps)
        if verdict.status == FAILED:  # laid on the clause it breaks by the diagnosis (diagnosis.diagnose.with_clause)
            return verdict
        lacking = [] if features >= ALL_FEATURES else sorted(s.features - features)
        if verdict.status == PASSED and (lacking or verdict.reading_steps):  # say what it passed without
            left = [f"{', '.join(lacking)} not offered"] if lacking else []
            left += [reading.why] if reading is not None and reading.steps else []
            return verdict._replace(detail=f"{PARTIAL}: {'; '.join(left)}")
        return verdict
    return Verdict(ERRORED, "not run: the implementation answered twice again")


def _blame(outcome: Outcome, verdict: Verdict) -> None:
    """Error an earlier scenario's outcome: the implementation misbehaved after answering it."""
    outcome.verdict = verdict._replace(detail=cut(verdict.detail))

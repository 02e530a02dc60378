"""Running the corpus against an implementation and collecting a verdict per scenario.

Statuses: passed; failed (the implementation departs from the rules); errored (it
misbehaved: crashed, hung, answered garbage or out of turn, or said it could not run
the scenario); skipped (it lacks a ruleset, a parameter option or a feature the
scenario needs); xfailed (a failure the implementation declared in advance: only a
wrong answer can be excused, never a crash or a broken protocol); xpassed (a declared
failure that passed: the list is out of date, which counts as a failure).
"""

from __future__ import annotations

import bisect
import fnmatch
import itertools
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, Protocol, cast, runtime_checkable

from ..errors import BrouError
from .bounds import as_text, cut
from .compare import ERRORED, FAILED, PASSED, SKIPPED, Verdict, departures, expectations, judge
from .corpus import (
    FEATURES,
    RUN_FEATURES,
    SUBSTANCE_SECONDS,
    Disputed,
    Omit,
    Scenario,
    parameter_default,
    reference_verdict,
    rules_for,
)
from .diagnose import failed_clause
from .protocol import MAX_KNOWN_FAILURES, MAX_KNOWN_GLOBS, MAX_PATTERN
from .runner import ImplementationError, is_glob
from .server import Reference

XFAILED, XPASSED = "xfailed", "xpassed"
PARTIAL = "passed with steps left out"  # the detail of a pass whose sheet or perft steps were not asked, or
# whose steps that depend on a declared reading were left out
MAX_START_FAILURES = 3


class Implementation(Protocol):
    name: str

    def start(self) -> dict[str, Any]: ...

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]: ...

    def finish(self) -> str | None:
        """Stop the implementation; what it wrote after its last answer, if anything."""

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


# -- selecting -----------------------------------------------------------------------


@dataclass
class Selection:
    """Filters: each list keeps a scenario that matches any of its entries."""

    rulesets: Sequence[str] = ()
    clauses: Sequence[str] = ()  # a clause id or a prefix of one (hdb.play, brouc.game.): the scenario's purpose
    features: Sequence[str] = ()
    ids: Sequence[str] = ()  # ids or glob patterns
    origins: Sequence[str] = ()

    def keeps(self, s: Scenario) -> bool:
        if self.rulesets and s.ruleset not in self.rulesets:
            return False
        purpose = s.clauses[0]  # what the scenario checks, not every clause it touches
        if self.clauses and not any(purpose == p or purpose.startswith(p.rstrip(".") + ".") for p in self.clauses):
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
    globs = itertools.count(1)
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        ident, _, reason = line.partition(" ")
        if ident in out:
            raise XfailError(f"{path}:{number}: '{ident}' is listed twice")
        if len(ident) > MAX_PATTERN or len(out) == MAX_KNOWN_FAILURES or (is_glob(ident) and next(globs) > MAX_KNOWN_GLOBS):
            raise XfailError(f"{path}:{number}: an expected-failure list holds at most {MAX_KNOWN_FAILURES:,} entries, "
                             f"{MAX_KNOWN_GLOBS} of them globs, each of at most {MAX_PATTERN} characters (as a handshake)")
        out[ident] = reason.strip()
    return out


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
    from ..spec.ambiguities import load_register

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
    from ..spec.rules import NOT_EXECUTABLE_YET, Rules

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


# -- running -----------------------------------------------------------------------


def run(impl: Implementation, scenarios: Sequence[Scenario], *, timeout: float = 10.0,
        xfail: Mapping[str, str] | None = None, all_ids: Iterable[str] | None = None,
        progress: Callable[[Outcome], None] | None = None, max_hangs: int = 5) -> Run:
    """Run every scenario; an implementation that cannot be started is tried again
    MAX_START_FAILURES times in a row, and one that hangs on `max_hangs` scenarios in a
    row (0: no limit) is not asked again: its remaining scenarios are errored."""
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
            result.hello = result.hello or session.hello
            session.answered(_record(result, s, verdict, t0, progress))
    finally:
        session.finish(impl)
    result.restarts = max(0, getattr(impl, "restarts", 0))
    declared: dict[str, str] = dict(xfail or {})
    if result.hello:
        declared.update({k: "declared by the implementation" for k in result.hello.get("known_failures", [])})
    if declared:
        _apply_xfail(result, declared, all_ids)
    result.seconds = time.perf_counter() - started
    return result


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


@runtime_checkable
class Ahead(Protocol):
    """An implementation that can be sent a request before the answer is wanted (`Subprocess`),
    the request given as text if need be, and that tells an answer that is exactly the results
    `passing` (None) without decoding it."""

    def send(self, request: Mapping[str, Any] | None, text: bytes | None = None) -> None: ...

    def receive(self, timeout: float, passing: bytes | None = None) -> dict[str, Any] | None: ...


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
    """One scenario's verdict (started, skipped, sent, judged and its failure laid on one
    clause); an answer that turns out to be the previous scenario's second answer errors
    that scenario, and this one is asked again of a restarted implementation.  `ahead`: the
    scenario was sent already (`send_ahead`); `answered`: called once its answer is in,
    before it is judged (to send the next scenario ahead, say)."""
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
        verdict = judge(s, answer, codes="error-codes" in features, features=features, omit=omit, data=data)
        if reading is not None and reading.steps:
            verdict = verdict._replace(reading_steps=reading.steps)
        if verdict.status == FAILED and not verdict.protocol:  # a protocol failure breaks no rule
            return verdict._replace(clause=failed_clause(s, verdict))
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


def _record(result: Run, s: Scenario, verdict: Verdict, t0: float, progress: Callable[[Outcome], None] | None) -> Outcome:
    outcome = Outcome(s, verdict._replace(detail=cut(verdict.detail)), time.perf_counter() - t0)
    result.outcomes.append(outcome)
    if progress is not None:
        progress(outcome)
    return outcome


class Expected:
    """Expected-failure patterns (pattern -> reason), matched fast: exact ids in a dict,
    each glob compiled once, with one regex of them all to say whether any matches."""

    def __init__(self, declared: Mapping[str, str]) -> None:
        self.reasons = dict(declared)
        self.exact = {p for p in declared if not is_glob(p)}
        self.globs = [(p, re.compile(fnmatch.translate(p))) for p in declared if is_glob(p)]
        self.any_glob = re.compile("|".join(f"(?:{rx.pattern})" for _, rx in self.globs)) if self.globs else None

    def match(self, ident: str) -> str | None:
        """The pattern an id matches (an exact id first), or None."""
        if ident in self.exact:
            return ident
        if self.any_glob is None or not self.any_glob.match(ident):
            return None
        return next(p for p, rx in self.globs if rx.match(ident))

    def stale(self, ids: Iterable[str]) -> list[str]:
        """The patterns that match none of these ids, in the order declared."""
        known = sorted(set(ids))
        stale = self.exact.difference(known)
        for p, rx in self.globs:
            prefix = re.split(r"[*?[]", p, maxsplit=1)[0]  # only ids that start with it can match
            if not any(rx.match(i) for i in _starting_with(known, prefix)):
                stale.add(p)
        return [p for p in self.reasons if p in stale]


def _starting_with(ordered: list[str], prefix: str) -> Iterator[str]:
    """The strings of a sorted list that start with the prefix."""
    for i in itertools.islice(ordered, bisect.bisect_left(ordered, prefix), None):
        if not i.startswith(prefix):
            return
        yield i


def _apply_xfail(result: Run, declared: Mapping[str, str], all_ids: Iterable[str] | None) -> None:
    """Declared failures: a failure becomes xfailed, a pass xpassed; an error stays an
    error (only a wrong answer can be excused)."""
    expected = Expected(declared)
    for o in result.outcomes:
        hit = expected.match(o.scenario.id)
        if hit is None:
            continue
        reason = declared[hit]
        if o.status == FAILED:
            o.verdict = o.verdict._replace(status=XFAILED, detail=cut(f"expected ({reason or 'listed'}): {o.verdict.detail}"))
        elif o.status == PASSED:
            o.verdict = Verdict(XPASSED, f"listed as an expected failure ({cut(reason or 'no reason given', 300)}) but passed: "
                                         "remove it from the list")
    ids = list(all_ids) if all_ids is not None else []
    result.stale_xfails.extend(expected.stale(ids + [o.scenario.id for o in result.outcomes]))


def clause_text(s: Scenario, clause: str) -> str:
    return str(rules_for(s).data["clauses"][clause]["en"])

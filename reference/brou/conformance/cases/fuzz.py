"""`brou fuzz`: random deals and action lines, played by an implementation and by the
reference engine and compared at every step; the first divergence is shrunk and written out as
a scenario of the corpus (docs/fuzzing.md).

The search draws each case's bytes from the seed (`case.search_bytes`), in a process of its own
when many cases are asked for (`_Cases`), so that the engine builds the next cases while the
implementation answers; each is played by the reference engine (`build.build`).  The harness
judges the implementation's answers exactly as `brou check` does
(`judging.verdict.verdict_of`, then `diagnosis.diagnose.with_clause`).  At the first case that
does not pass, a case of several deals is cut to begin at the deal that fails, if that deal alone
fails the same way (`_one_deal`: a `Start`, the match or session as it stood before that deal
given as setup, the bytes then read for the actions alone), a shorter one is looked for
(`shrink.shorter`), then hypothesis shrinks it (`shrink.shrink`) while the implementation still
fails in the same way; the smallest case is written as a scenario of one behaviour
(`shrink.one_behaviour`) whose first clause is the clause it breaks.  The report and the
scenario file: brou.conformance.reporting.fuzzing.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec

from ...errors import BrouError, UsageError
from ..diagnosis.diagnose import with_clause
from ..judging.compare import ERRORED, FAILED, SKIPPED, Verdict, passing_results
from ..judging.verdict import Outcome, Prepared, Session, send_ahead, verdict_of
from ..protocol.runner import Ahead, Implementation, ImplementationError, is_time_limit
from ..scenarios.corpus import Scenario, request_of
from .build import build
from .case import (
    Case,
    Offer,
    Start,
    Summary,
    search_bytes,
)
from .shrink import actions_of, cut_after, later_bytes, one_behaviour, same_fault, shorter, shrink

# -- running --------------------------------------------------------------------------------


@dataclass
class Finding:
    """The first case that did not pass, as found and as shrunk."""

    number: int  # the case's number in the search
    verdict: Verdict  # of the shrunk case, cut after its failing step
    scenario: dict[str, Any]  # the shrunk case as a scenario of the corpus
    found_steps: int  # steps of the case as found
    found_actions: int  # and the actions it took or tried
    shrink_seconds: float
    shrink_tries: int
    path: Path | None = None  # where the scenario was written
    found_deals: int = 1  # the deals the case found played
    from_deal: int = 0  # the deal of the case found (from 0) the shrunk case begins at, its match's or session's numbers as setup

    @property
    def kind(self) -> str:
        return "divergence" if self.verdict.status == FAILED else "error"


@dataclass
class FuzzRun:
    """What a fuzzing run did."""

    implementation: str
    seed: int
    rulesets: tuple[str, ...] = ()
    cases: int = 0
    seconds: float = 0.0
    by_ruleset: Counter[str] = field(default_factory=Counter)
    settings: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    actions: int = 0
    refused: int = 0
    skipped: int = 0
    deals: int = 0  # the deals played, several in a case that goes on to the next deals
    reach: Counter[str] = field(default_factory=Counter)  # what was asked beyond the deals (brou.conformance.cases.reach)
    finding: Finding | None = None
    start_error: str | None = None

    @property
    def exit_status(self) -> int:
        """0 no divergence; 1 a divergence (a wrong answer); 3 an error (a crash, a hang, a
        broken answer), as `brou check`, or every case skipped (nothing was checked)."""
        if self.finding is not None:
            return 1 if self.finding.kind == "divergence" else 3
        return 3 if self.start_error or (self.cases and self.skipped == self.cases) else 0


class _Judge:
    """Cases judged against the implementation, through the harness, each verdict kept for
    its scenario (hypothesis may ask for the same case again)."""

    def __init__(self, impl: Implementation, session: Session, timeout: float) -> None:
        self.impl, self.session, self.timeout = impl, session, timeout
        self.last: Outcome | None = None
        self.cache: dict[str, Verdict] = {}
        # the next case of the search, fetched (and sent, if the implementation takes requests
        # ahead) while this one's answer is judged (`fetch_next`)
        self.upcoming: tuple[tuple[int, bytes, Summary, Scenario], Prepared | None] | None = None
        self.sender = impl if isinstance(impl, Ahead) else None  # the implementation, if it takes requests ahead

    def __call__(self, case: Case) -> Verdict:
        return self.scenario(Scenario(case.data, "brou fuzz", 0))

    def scenario(self, s: Scenario, ahead: Prepared | None = None, answered: Callable[[], None] | None = None) -> Verdict:
        """The verdict on `s` (`ahead`: it was sent already, `judging.verdict.send_ahead`; `answered`:
        called once its answer is in, before it is judged)."""
        known = self.cache.get(s.text) if ahead is None else None
        if known is not None:
            return known
        before = self.last
        was = before.verdict.status if before is not None else None
        verdict = verdict_of(self.impl, s, self.session, timeout=self.timeout, max_hangs=0, ahead=ahead, answered=answered)
        verdict = with_clause(s, verdict)
        if verdict.status in (FAILED, ERRORED):
            self.drop()  # the search stops here: nothing else is asked before its answer is taken
        if before is not None and was != ERRORED and before.verdict.status == ERRORED:
            # it answered the case before twice: the harness errored that one, and asked this one again
            verdict = before.verdict._replace(detail=f"{before.verdict.detail} (after its answer to the case before)")
        outcome = Outcome(s, verdict)
        self.session.answered(outcome)
        self.last = outcome
        if verdict.status == ERRORED and self.session.gave_up is not None:
            self.session.gave_up = None  # shrinking asks again: start it afresh
        if verdict.status == ERRORED and verdict.detail.startswith("the implementation reported an error"):
            verdict = self._before_last_deal(s, verdict)
        self.cache[s.text] = verdict
        return verdict

    def fetch_next(self, cases: _Cases, send: bool) -> None:
        """Take the search's next case now, and send it if `send` and the implementation takes
        requests ahead (`judging.verdict.send_ahead`): it plays it while this one is judged."""
        number, data, summary, s, whole = cases.next_whole()
        sent = send_ahead(self.sender, s, self.session, whole) if send and self.sender is not None else None
        self.upcoming = (number, data, summary, s), sent

    def drop(self) -> None:
        """The answer to a case sent ahead that will not be judged (the search stops before
        it), taken and dropped; if it does not come right, the implementation is started afresh
        before it is asked anything else."""
        upcoming, self.upcoming = self.upcoming, None
        if upcoming is None or upcoming[1] is None or self.sender is None:
            return
        try:
            self.sender.receive(self.timeout)
        except ImplementationError:
            self.session.hello = None
        self.session.last_answered = None  # nothing it does after is laid on the case judged before

    def _before_last_deal(self, s: Scenario, verdict: Verdict) -> Verdict:
        """A case of several deals that the implementation cannot run at all (it refuses a `deal`
        step: it holds the match or session over, say) judged up to its last `deal` step, and
        so on back: a wrong answer there is what went wrong first (its step is the same in the
        whole case); else the error stands."""
        data = s.data
        deals = [i for i, step in enumerate(data["steps"]) if "deal" in step]
        if not deals:
            return verdict
        before = self.scenario(Scenario(data | {"steps": data["steps"][:deals[-1]]}, s.file, s.line))
        return before if before.status == FAILED else verdict


BACKGROUND_FROM = 200  # budgets of more cases than this are built in a process of their own
# the search's JSON, as json.dumps writes it (a case is made here, never circular: no cycles looked for)
_TEXT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
_ASCII = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def _search_main(argv: list[str]) -> int:
    """`python -m brou.conformance.cases.fuzz SEED OFFER`: the search's cases from case 1 on, one line
    each, until its output is closed: tab-separated JSON texts, [number, bytes as hex, summary,
    the scenario's fields of `_ABOUT`], the scenario, and (empty if none) its whole request
    and the results that pass it (`compare.passing_results`), ASCII, as `brou serve` writes them."""
    seed, offer = int(argv[0]), Offer.from_json(argv[1])
    out = sys.stdout
    number = 0
    try:
        while True:
            number += 1
            data = search_bytes(seed, number)
            case = build(data, offer)
            about = {k: case.data[k] for k in _ABOUT if k in case.data}
            passing = passing_results(case.data, case.refusals)
            whole = "" if passing is None else f"{_ASCII.encode(request_of(case.data))}\t{_ASCII.encode(passing)}"
            out.write(json.dumps([number, data.hex(), case.summary, about], separators=(",", ":")) + "\t"
                      + _TEXT.encode(case.data) + "\t" + whole + "\n")
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    except Exception as exc:  # a case the reference engine cannot build: said in one line, the run stops
        print(f"brou fuzz: the search stopped at case {number}: {exc.__class__.__name__}: {exc}"[:500], file=sys.stderr)
        return 70


def _summary(fields: list[Any]) -> Summary:
    """A case's summary as the search process wrote it (a JSON list: its tuple of names a list)."""
    summary = Summary(*fields)
    return summary._replace(asked=tuple(summary.asked))


# the fields of a scenario that `Scenario` is made from (with its text)
_ABOUT = ("id", "description", "clauses", "ruleset", "params", "origin")


CASES_PIPE = 1 << 20  # bytes of cases the search may write ahead (Linux's largest pipe for anyone)


class _Cases:
    """The search's cases in order: from a search process when many are wanted (the engine's
    work then overlaps the implementation's), else built here."""

    def __init__(self, seed: int, offer: Offer, background: bool) -> None:
        self.seed, self.offer = seed, offer
        self.number = 0
        self.process: subprocess.Popen[str] | None = None
        if background:
            self.process = subprocess.Popen([sys.executable, "-m", "brou.conformance.cases.fuzz", str(seed), offer.to_json()],
                                            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                                            encoding="utf-8", bufsize=1 << 16)
            with contextlib.suppress(ImportError, AttributeError, OSError):  # a longer queue of cases, where a pipe may grow
                import fcntl

                assert self.process.stdout is not None
                fcntl.fcntl(self.process.stdout.fileno(), fcntl.F_SETPIPE_SZ, CASES_PIPE)

    def next(self) -> tuple[int, bytes, Summary, Scenario]:
        number, data, summary, s, _ = self.next_whole()
        return number, data, summary, s

    def next_whole(self) -> tuple[int, bytes, Summary, Scenario, tuple[bytes, bytes] | None]:
        """The next case, and from a search process its whole request and passing results as
        text (`judging.verdict.prepare_whole`), or None."""
        if self.process is None:
            self.number += 1
            data = search_bytes(self.seed, self.number)
            case = build(data, self.offer)
            return self.number, data, case.summary, Scenario(case.data, "brou fuzz", self.number), None
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise BrouError(f"brou fuzz: the search process stopped (exit status {self.process.wait()})")
        head, text, *whole = line.rstrip("\n").split("\t")
        number, data, summary, about = json.loads(head)
        sent = (whole[0].encode("ascii"), whole[1].encode("ascii")) if len(whole) == 2 else None
        return number, bytes.fromhex(data), _summary(summary), Scenario(about, "brou fuzz", number, text), sent

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            if self.process.stdout is not None:
                self.process.stdout.close()
            self.process = None


def fuzz(impl: Implementation, *, seed: int = 0, deals: int | None = 1000, seconds: float | None = None,
         rulesets: tuple[str, ...] = (), timeout: float = 10.0, shrink_seconds: float = 60.0,
         progress: Callable[[FuzzRun], None] | None = None) -> FuzzRun:
    """Fuzz `impl` until the budget (cases, seconds) is spent or a case does not pass; that
    case is then shrunk (module docstring), for at most `shrink_seconds`."""
    if not is_time_limit(shrink_seconds):
        raise UsageError(f"brou fuzz: the shrink budget must be a number of seconds, more than 0 (not {shrink_seconds!r})")
    started = time.perf_counter()
    run = FuzzRun(impl.name if hasattr(impl, "name") else "implementation", seed)
    session = Session()
    try:
        try:
            session.hello = impl.start()
        except ImplementationError as exc:
            run.start_error = f"{exc.kind}: {exc.detail}"
            return run
        offer = Offer.of(session.hello, rulesets)
        run.rulesets = offer.rulesets
        judge = _Judge(impl, session, timeout)
        end = None if seconds is None else started + seconds
        background = deals is None or deals > BACKGROUND_FROM
        cases = _Cases(seed, offer, background)

        def fetch_next() -> None:  # with the search in a process of its own: the next case sent at once
            if deals is None or run.cases + 1 < deals:
                judge.fetch_next(cases, send=True)

        try:
            while (deals is None or run.cases < deals) and (end is None or time.perf_counter() < end):
                (number, data, summary, s), ahead = judge.upcoming or (cases.next(), None)
                judge.upcoming = None
                t0 = time.monotonic()
                verdict = judge.scenario(s, ahead, fetch_next if background else None)
                took = time.monotonic() - t0
                judge.cache.clear()  # the search never meets a case twice
                _count(run, summary, verdict)
                if progress is not None:
                    progress(run)
                if verdict.status in (FAILED, ERRORED):
                    cases.close()
                    run.seconds = time.perf_counter() - started  # the search; shrinking is timed apart
                    run.finding = _shrunk(judge, offer, data, s, verdict, number, shrink_seconds, seed, took)
                    return run
            judge.drop()
        finally:
            cases.close()
        run.seconds = time.perf_counter() - started
        return run
    finally:
        session.finish(impl)


def _count(run: FuzzRun, case: Summary, verdict: Verdict) -> None:
    run.cases += 1
    run.by_ruleset[case.ruleset] += 1
    run.settings[case.setting] += 1
    if case.seeded:
        run.settings["seeded"] += 1
    if case.variant:
        run.settings["variant"] += 1
    run.endings[case.ending] += 1
    run.actions += case.actions
    run.refused += case.refused
    run.deals += case.deals
    run.reach.update(case.asked)
    if verdict.status == SKIPPED:
        run.skipped += 1


_P = ParamSpec("_P")
RESERVED_RUNS = 3  # the shrink budget keeps time for this many runs of the slowest case: one behaviour's tries


class _Clock:
    """The shrink budget: the time left for the search, once RESERVED_RUNS runs of the slowest
    case judged so far are kept for writing one behaviour."""

    def __init__(self, seconds: float, slowest: float) -> None:
        self.deadline, self.slowest = time.monotonic() + seconds, slowest

    def left(self) -> float:
        return self.deadline - time.monotonic() - RESERVED_RUNS * self.slowest

    def timed(self, fails: Callable[_P, bool]) -> Callable[_P, bool]:
        def timed_fails(*args: _P.args, **kwargs: _P.kwargs) -> bool:
            t0 = time.monotonic()
            try:
                return fails(*args, **kwargs)
            finally:
                self.slowest = max(self.slowest, time.monotonic() - t0)
        return timed_fails


def _shrunk(judge: _Judge, offer: Offer, data: bytes, found: Scenario, verdict: Verdict, number: int,
            seconds: float, seed: int, found_seconds: float = 0.0) -> Finding:
    """The finding: a shorter case searched for (of a fresh deal, or of the same deal), the case
    then cut to begin at the deal of its match or session that shows the fault (`_one_deal`; a
    shorter case looked for again inside that deal), shrunk by hypothesis, cut again if it still
    spans deals and shrunk once more, then written as one behaviour (not for a hang: each try
    would take the time limit).  All of it within `seconds`: the search sends no case once
    they are spent, but for the time of three runs of the slowest case it met (`found_seconds`
    the case found), kept to try one behaviour; what was found by then stands."""
    t0 = time.perf_counter()
    clock = _Clock(seconds, found_seconds)
    tries = 0
    found_data = found.data
    found_deals = 1 + sum("deal" in step for step in found_data["steps"])
    judge.cache[found.text] = verdict  # judged already: the search may meet it again
    start: Start | None = None
    if not verdict.detail.startswith("hang"):
        def fails_from(candidate: bytes, where: Start | None) -> bool:
            again = judge(build(candidate, offer, where))
            return same_fault(verdict, again) and (verdict.clause is None or again.clause == verdict.clause)

        def fails_whole(candidate: bytes) -> bool:
            return fails_from(candidate, None)

        rng = random.Random(f"brou-fuzz-shorter:{seed}:{number}")
        # a short case of a fresh deal first: cut to one deal of the case, the deal is kept
        data, tries = shorter(data, actions_of(found_data), clock.timed(fails_whole), rng, clock.left)
        for second in (False, True):
            cut, where, more = _one_deal(judge, offer, data, start, clock.timed(fails_from), clock.left)
            tries += more
            if cut is None and second:
                break  # shrunk, and no later deal of it shows the fault alone

            def fails(candidate: bytes, where: Start | None = where) -> bool:
                return fails_from(candidate, where)

            if cut is not None:
                data, start = cut, where
                if clock.left() > 0:
                    data, more = shorter(data, actions_of(build(data, offer, start).data), clock.timed(fails), rng,
                                         clock.left)
                    tries += more
            if clock.left() > 0:
                data, more = shrink(data, clock.timed(fails), seconds, seed, clock.left)
                tries += more
    scenario = build(data, offer, start).data
    final = judge.scenario(Scenario(scenario, "brou fuzz", 0))
    if not same_fault(verdict, final):  # a flaky implementation: keep the case as found
        scenario, final, start = found_data, verdict, None
    if final.step is not None:
        candidates = [one_behaviour(scenario, final, False), one_behaviour(scenario, final, True),
                      cut_after(scenario, final.step)]
        for candidate in candidates:
            again = judge.scenario(Scenario(candidate, "brou fuzz", 0))
            if same_fault(final, again):
                scenario, final = candidate, again
                break
    return Finding(number, final, scenario, len(found_data["steps"]), actions_of(found_data),
                   time.perf_counter() - t0, tries, found_deals=found_deals, from_deal=0 if start is None else start.deal)


def _one_deal(judge: _Judge, offer: Offer, data: bytes, start: Start | None,
              fails: Callable[[bytes, Start | None], bool], left: Callable[[], float]) -> tuple[bytes | None, Start | None, int]:
    """The case `data` (beginning at `start`) cut to begin at the deal of its match or session
    where it fails, the numbers of the match or session before that deal given as setup
    (`Later`, `later_bytes`), if that fails as the case did; else at an earlier deal of it, the
    latest that does; else (None, start).  A fault that one deal shows is then shrunk inside
    that deal, rather than with the deals before it played out.  Also the cases tried."""
    case = build(data, offer, start)
    if not case.later:
        return None, start, 0
    step = judge(case).step  # judged already (the judge keeps its verdicts)
    first = 0 if start is None else start.deal
    tries = 0
    for k in range(len(case.later), 0, -1):
        later = case.later[k - 1]
        if (step is not None and later.step >= step - 1) or left() <= 0:
            continue  # the deal step itself, or after the failing step
        where = Start(case.data["ruleset"], dict(case.data.get("params", {})), later.setup, first + k)
        candidate = later_bytes(data, later, k)
        tries += 1
        if fails(candidate, where):
            return candidate, where, tries
    return None, start, tries


if __name__ == "__main__":
    sys.exit(_search_main(sys.argv[1:]))

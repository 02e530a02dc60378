"""The kill test of the mutation testing (docs/mutation.md): the conformance corpus, played in
process against the engine as mutmut has mutated it, failing at the first scenario that
does not pass.

It is not part of the project's test run: it is skipped unless mutmut runs it (mutmut sets
MUTANT_UNDER_TEST) or BROU_MUTATION=1 asks for it (to try it on the engine as it is).

mutmut forks one process per mutant from its main process, where this test has already run
on the unmutated engine (mutmut's "stats" and "clean" runs).  There, once, the corpus is
loaded and checked, and every scenario is played on its own, with the engine's caches
cleared, to learn which of the engine's functions it calls (through mutmut's trampolines,
in their "stats" mode); a scenario that fails on the unmutated engine cannot tell a mutant
apart: it is left out and reported (mutants/baseline-failures.txt); so is any scenario file matching one of the patterns
in BROU_MUTATION_EXCLUDE (comma-separated, to measure what a part of the corpus kills).
Each mutant's process
then only clears the engine's caches (filled by the unmutated engine) and plays, of the
scenarios that call the mutated function (the others run exactly as on the unmutated
engine), in this order:

1. the scenarios that killed the latest mutants (mutants/corpus-kills.jsonl): neighbouring
   mutants tend to fall to the same scenario;
2. the hand-written scenarios (one rule each: fast, and fast to fail);
3. the perft scenarios (every legal line a few moves deep);
4. the generated ones, one file after another in turn, so that each topic comes early;

and fails at the first that does not pass.  A scenario that runs over SCENARIO_SECONDS
fails as a hang, as `brou check` would report it (errored).  mutmut's trampolines decide
on every call which version of a function to run; in a mutant's process that decision is
the same on every call, so it is taken once, up front (`_dispatch_directly`).
"""

from __future__ import annotations

import fnmatch
import importlib
import json
import os
import signal
import sys
import time
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType, ModuleType
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from brou.conformance.scenarios.corpus import Scenario

UNDER_MUTMUT = "MUTANT_UNDER_TEST" in os.environ
# under mutmut, the mutated copy of the package is mutants/reference/brou: it is imported as
# `reference.brou` so that its modules carry the names mutmut gave its mutants
PACKAGE = "reference.brou" if UNDER_MUTMUT else "brou"
MUTATED = ("spec.rules", "cards.deal", "laws.play", "laws.marriages", "laws.counting", "laws.game",
           "engine.homme", "engine.session", "laws.first_dealer", "engine.sheet",
           # the phase engine (Brusquembille, L'Homme d'Auvergne, L'Hombre)
           "engine.phases", "laws.talon", "laws.speech", "laws.kings", "laws.payments", "laws.ledger", "laws.results",
           "engine.marks", "laws.contracts", "laws.auction", "laws.exchange", "engine.hombre",
           "laws.following", "cards.seating", "engine.view")
# kept while the scenarios' functions are recorded (it reads and checks the spec files): its
# mutants are played against every scenario
KEPT_CACHES = {"x__checked"}
# caches of the harness that hold what a mutated function gave: the fields a view must have
# (compare.view_fields keeps engine.view.fields' answer, so without clearing it a mutant of
# `fields` would never run)
HARNESS_CACHES = (("conformance.judging.compare", "view_fields"),)
# mutmut's names for the runs of the unmutated engine (the others are mutants, or "fail")
UNMUTATED = ("", "stats", "list_all_tests", "mutant_generation")
SCENARIO_SECONDS = 10.0
KILLERS_FIRST = 40  # how many of the latest killing scenarios go first
KILLS = Path("corpus-kills.jsonl")  # in mutants/, mutmut's working directory for the tests
BASELINE_FAILURES = Path("baseline-failures.txt")

pytestmark = pytest.mark.skipif(
    not UNDER_MUTMUT and os.environ.get("BROU_MUTATION") != "1",
    reason="the mutation kill test runs under mutmut (make mutation) or with BROU_MUTATION=1",
)


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def _active() -> str:
    return os.environ.get("MUTANT_UNDER_TEST", "")


class ScenarioTimeout(Exception):
    pass


class Corpus:
    """The scenarios that pass on the unmutated engine, in the order the kill test plays
    them, with the requests an implementation is sent, and for each of the engine's
    functions the scenarios that call it; and the scenarios that fail."""

    def __init__(self) -> None:
        started = time.perf_counter()
        # a setup given in the notation is written out by the loader (corpus.with_deal_expanded),
        # with the engine's own functions: keep what it was given, to write it out again in each
        # mutant's process (else a mutant that only breaks that step would go unseen)
        loader: Any = _module("conformance.scenarios.corpus")
        expand = loader.with_deal_expanded
        self.notation: dict[str, tuple[str, str, int]] = {}

        def keeping(data: Any, name: str, line: int) -> Any:
            out = expand(data, name, line)
            if out is not data:
                self.notation[data["id"]] = (json.dumps(data), name, line)
            return out

        loader.with_deal_expanded = keeping
        try:
            scenarios: list[Scenario] = _module("conformance.judging.reference").load_corpus()
        finally:
            loader.with_deal_expanded = expand
        self.loaded = len(scenarios)
        # what a part of the corpus kills: BROU_MUTATION_EXCLUDE="*/mutation/*,..." leaves files out
        patterns = [p for p in os.environ.get("BROU_MUTATION_EXCLUDE", "").split(",") if p]
        scenarios = [s for s in scenarios if not any(fnmatch.fnmatchcase(s.file, p) for p in patterns)]
        self.excluded = self.loaded - len(scenarios)
        self.failing: list[tuple[str, str]] = []
        passing: list[tuple[Scenario, set[str]]] = []
        with _recording() as recorder:
            for s in scenarios:
                _clear_engine_caches(keep=KEPT_CACHES)
                recorder.take()
                why = _play(_module("conformance.protocol.server").Reference(), s, self.request_of(s))
                functions = recorder.take()
                if why is None:
                    passing.append((s, functions))
                else:
                    self.failing.append((s.id, why))
        _clear_engine_caches()
        order = _ordered([s for s, _ in passing])
        position = {s.id: i for i, s in enumerate(order)}
        self.order = order
        self.requests = [s.request for s in order]
        self.index = position
        self.calling: dict[str, array[int]] | None = None
        if UNDER_MUTMUT:
            self.calling = {}
            for s, functions in passing:
                for f in functions:
                    self.calling.setdefault(f, array("I")).append(position[s.id])
            for positions in self.calling.values():
                positions[:] = array("I", sorted(positions))
            BASELINE_FAILURES.write_text("".join(f"{i}\t{why}\n" for i, why in self.failing), encoding="utf-8")
        self.seconds = time.perf_counter() - started

    def request_of(self, scenario: Scenario) -> dict[str, Any]:
        """What the scenario sends, its notation setup (if any) written out again now."""
        given = self.notation.get(scenario.id)
        if given is None:
            return scenario.request
        text, name, line = given
        loader: Any = _module("conformance.scenarios.corpus")
        request: dict[str, Any] = loader.request_of(loader.with_deal_expanded(json.loads(text), name, line))
        return request

    def request(self, i: int) -> dict[str, Any]:
        """What the scenario at position `i` sends."""
        return self.request_of(self.order[i]) if self.order[i].id in self.notation else self.requests[i]

    def selection(self, active: str) -> list[int] | None:
        """Positions of the scenarios that call the function of mutant `active`, or None for all."""
        function = active.partition("__mutmut_")[0]
        if self.calling is None or "__mutmut_" not in active or function.rpartition(".")[2] in KEPT_CACHES:
            return None
        return list(self.calling.get(function, ()))


def _ordered(scenarios: list[Scenario]) -> list[Scenario]:
    hand = [s for s in scenarios if s.origin != "generated" and "perft" not in s.features]
    perft = [s for s in scenarios if s.origin != "generated" and "perft" in s.features]
    by_file: dict[str, list[Scenario]] = {}
    for s in scenarios:
        if s.origin == "generated":
            by_file.setdefault(s.file, []).append(s)
    files = list(by_file.values())
    generated = [f[i] for i in range(max(map(len, files), default=0)) for f in files if i < len(f)]
    return hand + perft + generated


class Recorder:
    """The functions of the engine called since the last `take()` (mutmut's names), as
    mutmut's trampolines record them in their "stats" mode (empty unless under mutmut)."""

    def __init__(self, hits: set[str]) -> None:
        self.hits = hits
        self.seen: set[str] = set()

    def take(self) -> set[str]:
        out = set(self.hits)
        self.seen |= out
        self.hits.clear()
        return out


@contextmanager
def _recording() -> Iterator[Recorder]:
    """The engine unmutated, whatever mutant is active, with the functions it calls recorded.
    In mutmut's "stats" run, mutmut's own record (what it saw this test call) gets them too."""
    if not UNDER_MUTMUT:
        yield Recorder(set())
        return
    active = _active()
    hits: set[str] = importlib.import_module("mutmut.state").state()._stats
    before = set(hits)
    recorder = Recorder(hits)
    os.environ["MUTANT_UNDER_TEST"] = "stats"
    try:
        hits.clear()
        yield recorder
    finally:
        os.environ["MUTANT_UNDER_TEST"] = active
        recorder.take()
        hits.update(before | recorder.seen if active == "stats" else before)


_CORPUS: list[Corpus] = []


def _corpus() -> Corpus:
    if not _CORPUS:
        _CORPUS.append(Corpus())
    return _CORPUS[0]


def _engine_modules() -> Iterator[ModuleType]:
    for name in MUTATED:
        module = sys.modules.get(f"{PACKAGE}.{name}")
        if module is not None:
            yield module


def _clear_engine_caches(keep: set[str] | frozenset[str] = frozenset()) -> None:
    """Forget what the engine computed before (functools caches), but those in `keep`, and what
    the harness kept of its answers (HARNESS_CACHES)."""
    for module in _engine_modules():
        for name, value in vars(module).items():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and f"x_{name}" not in keep:
                clear()
    for module_name, name in HARNESS_CACHES:
        harness = sys.modules.get(f"{PACKAGE}.{module_name}")
        clear = getattr(getattr(harness, name, None), "cache_clear", None)
        if callable(clear):
            clear()


def _dispatch_directly(active: str) -> int:
    """Point each of mutmut's trampolines in the engine straight at the version of its
    function that it would call with mutant `active`, as mutmut's trampoline decides it
    (mutmut.mutation.trampoline): the mutant when it is one of this function's, else the
    original copy.  Class methods keep their trampoline.  Gives the number of trampolines
    pointed at the mutant (0 or 1: mutant names are unique)."""
    module_name, _, mutant = active.rpartition(".")
    pointed = 0
    for module in _engine_modules():
        holders = [vars(module)] + [vars(v) for v in vars(module).values() if isinstance(v, type)]
        for holder in holders:
            for value in list(holder.values()):
                function = value.__func__ if isinstance(value, staticmethod) else value
                if hasattr(function, "cache_clear"):
                    function = getattr(function, "__wrapped__", None)
                code = getattr(function, "__code__", None)
                closure = getattr(function, "__closure__", None)
                if code is None or code.co_freevars != ("trampoline",) or not closure:
                    continue
                inner = closure[0].cell_contents
                names = getattr(getattr(inner, "__code__", None), "co_freevars", ())
                if not {"mutants_dict", "decorated_func", "is_classmethod"} <= set(names):
                    continue  # already pointed (a function imported into another module)
                free = dict(zip(names, inner.__closure__, strict=True))
                if free["is_classmethod"].cell_contents:
                    continue
                versions = free["mutants_dict"].cell_contents
                target = versions["_mutmut_orig"]
                if module_name == free["decorated_func"].cell_contents.__module__ and mutant in versions:
                    target = versions[mutant]
                    pointed += 1
                closure[0].cell_contents = target
    return pointed


def _play(reference: Any, scenario: Scenario, request: dict[str, Any]) -> str | None:
    """None if the scenario passes, else why not."""
    compare = _module("conformance.judging.compare")
    answer = reference.run(request)
    if "error" in answer:
        return f"errored: the engine reported an error: {str(answer['error'])[:300]}"
    verdict = compare.judge(scenario, answer, codes=True)
    return None if verdict.status == compare.PASSED else f"{verdict.status}: {verdict.detail}"


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise ScenarioTimeout(f"no answer within {SCENARIO_SECONDS:g} s")


def _recent_killers(corpus: Corpus) -> list[int]:
    """Positions of the scenarios that killed the latest mutants, latest first."""
    try:
        with KILLS.open("rb") as handle:
            handle.seek(max(0, handle.seek(0, os.SEEK_END) - 16384))
            lines = handle.read().decode("utf-8", "replace").splitlines()[1:]
    except OSError:
        return []
    out: list[int] = []
    for line in reversed(lines):
        try:
            index = corpus.index.get(json.loads(line)["scenario"])
        except (ValueError, KeyError, TypeError):
            continue
        if index is not None and index not in out:
            out.append(index)
            if len(out) == KILLERS_FIRST:
                break
    return out


def _record_kill(scenario: Scenario, status: str, seconds: float, played: int) -> None:
    if not UNDER_MUTMUT or _active() in UNMUTATED or _active() == "fail":
        return
    entry = {"mutant": _active(), "scenario": scenario.id, "status": status, "seconds": round(seconds, 3),
             "played": played}
    with KILLS.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(entry) + "\n")


def test_corpus_kills() -> None:
    corpus = _corpus()
    if corpus.failing and not UNDER_MUTMUT:
        print(f"{len(corpus.failing)} scenarios fail on the engine as it is and are left out:", file=sys.stderr)
        for ident, reason in corpus.failing:
            print(f"    {ident}: {reason[:200]}", file=sys.stderr)
    assert corpus.order, "no scenario passes on the unmutated engine"
    active = _active()
    selected = corpus.selection(active) if UNDER_MUTMUT else None
    if UNDER_MUTMUT and active not in UNMUTATED and active != "fail":
        # the class methods' trampolines: the same answer, without reading the environment
        vars(importlib.import_module("mutmut.mutation.trampoline"))["get_mutant_under_test"] = lambda: active
        _dispatch_directly(active)
    _clear_engine_caches()
    if selected is None:
        selected = list(range(len(corpus.order)))
    first = [i for i in _recent_killers(corpus) if i in set(selected)] if UNDER_MUTMUT else []
    chosen = set(first)
    order = first + [i for i in selected if i not in chosen]
    reference = _module("conformance.protocol.server").Reference()
    started = time.perf_counter()
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        for played, i in enumerate(order, 1):
            scenario = corpus.order[i]
            signal.setitimer(signal.ITIMER_REAL, SCENARIO_SECONDS)
            why: str | None
            try:
                why = _play(reference, scenario, corpus.request(i))
            except ScenarioTimeout as exc:
                why = f"hang: {exc}"
            except Exception as exc:  # the engine crashed: the implementation errored
                why = f"crash: {type(exc).__name__}: {exc}"
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if why is not None:
                _record_kill(scenario, why.split(":", 1)[0], time.perf_counter() - started, played)
                pytest.fail(f"{scenario.id} ({scenario.where}): {why}", pytrace=False)
    finally:
        signal.signal(signal.SIGALRM, previous)

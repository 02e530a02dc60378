"""The reference engine judged on the scenarios themselves, and the corpus loaded with it.

A scenario file is checked in two ways before any of its scenarios judges an implementation:
its structure as it is read (brou.conformance.scenarios.corpus.select), and its substance here:
the reference engine plays each scenario in this process and must pass it, or the file is at
fault.  Both are skipped for a file listed in conformance/verified.jsonl (`write_verified`
lists every shipped file once all its scenarios are replayed; a test keeps it current).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..protocol.server import Reference
from ..scenarios.corpus import VERIFIED, CorpusError, Scenario, index_lines, select
from .compare import ERRORED, PASSED, Verdict, judge

SUBSTANCE_SECONDS = 10.0  # the reference engine's time for one scenario of a file being checked
SUBSTANCE_TOTAL_SECONDS = 120.0  # and for all the scenarios of one load (the whole corpus takes about 15 s)


def check_substance(s: Scenario, seconds: float = SUBSTANCE_SECONDS) -> None:
    """The reference engine plays the scenario in this process and passes it, or CorpusError:
    a scenario the rules contradict (a card twice, an action they refuse, an expectation no
    deal can meet) is the file's fault, not the implementation's."""
    problem = substance_problem(s, seconds)
    if problem is not None:
        raise problem[0]


def substance_problem(s: Scenario, seconds: float = SUBSTANCE_SECONDS) -> tuple[CorpusError, Verdict] | None:
    """None if the reference engine passes the scenario; else the error that says why (one
    line: file, line, id, the step and the difference) and the reference's verdict."""
    verdict = reference_verdict(s, seconds)
    if verdict.status == PASSED:
        return None
    message = verdict.detail if verdict.status == ERRORED else f"the reference engine does not pass it: {verdict.detail}"
    return CorpusError(message, s.file, s.line, s.id), verdict


def reference_verdict(s: Scenario, seconds: float | None = None) -> Verdict:
    """The reference engine's verdict on a scenario, played in this process (an error it
    reports is an errored verdict that says so)."""
    answer = Reference().run(s.request, seconds)
    if "error" in answer:
        return Verdict(ERRORED, f"the reference engine cannot play it: {answer['error']}")
    return judge(s, answer)


@dataclass
class Disputed:
    """A scenario selected that the reference engine does not pass (or cannot play): not run."""

    scenario: Scenario
    error: CorpusError  # one line: where, and what the reference answers (the step and the difference)
    verdict: Verdict


@dataclass
class Loaded:
    """Scenarios loaded from files: the ones selected, the ids of all, and (load with
    `disputes`) the selected ones the reference engine does not pass, left out."""

    scenarios: list[Scenario]
    ids: list[str]
    disputed: list[Disputed] = field(default_factory=list)


def load(paths: Iterable[Path] | None = None, keep: Callable[[Scenario], bool] | None = None, *,
         trust: bool = True, disputes: bool = False, bounded: bool = True) -> Loaded:
    """The scenarios under the given files or folders (default: the whole corpus) that `keep`
    keeps, checked: their structure (brou.conformance.scenarios.corpus.select), and the
    scenarios of a file not listed as verified (`trust`) replayed by the reference engine, within
    SUBSTANCE_TOTAL_SECONDS for all of them (`bounded`; not for the project's own tools).  A
    scenario the reference engine does not pass is a CorpusError, or with `disputes`, each
    such scenario is left out and listed in `Loaded.disputed` (brou check runs the rest)."""
    chosen, ids, unproven = select(paths, keep, trust=trust)
    budget = SUBSTANCE_TOTAL_SECONDS if bounded else float("inf")
    deadline = time.monotonic() + budget
    disputed: list[Disputed] = []
    for s in unproven:
        left = deadline - time.monotonic()
        if left <= 0:
            raise CorpusError(f"checking the scenarios against the reference engine takes more than "
                              f"{budget:g} s: select fewer (--id, --clause) or split the files",
                              s.file, s.line, s.id)
        if not disputes:
            check_substance(s, min(SUBSTANCE_SECONDS, left))
            continue
        problem = substance_problem(s, min(SUBSTANCE_SECONDS, left))
        if problem is not None:
            disputed.append(Disputed(s, *problem))
    if disputed:
        out = {id(d.scenario) for d in disputed}
        chosen = [s for s in chosen if id(s) not in out]
    return Loaded(chosen, ids, disputed)


def load_corpus(paths: Iterable[Path] | None = None) -> list[Scenario]:
    """Every scenario under the given files or folders (default: the whole corpus), checked."""
    return load(paths).scenarios


def write_verified(path: Path = VERIFIED) -> int:
    """Replay every shipped scenario against the reference engine (CorpusError at the first
    it does not pass), then list the schema's hash and each shipped file (path, hash, its
    scenarios' index); the number of files.  No time bound: the whole corpus is replayed
    on purpose, and a loaded machine may take minutes."""
    load(trust=False, bounded=False)
    lines = index_lines()
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines) - 1

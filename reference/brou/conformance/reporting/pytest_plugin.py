"""pytest plugin: `pytest --brou-impl "COMMAND"` adds one test per conformance scenario.

Installed with the package (entry point `pytest11`); it does nothing unless
`--brou-impl` is given.  Filters: `--brou-ruleset`, `--brou-clause`, `--brou-id`;
`--brou-timeout` (seconds per scenario); `--brou-xfail FILE` (expected failures, as
for `brou check --xfail`).  A scenario the implementation cannot run (missing ruleset,
parameter or feature) is skipped; an implementation that hangs, crashes or answers
garbage makes that test fail with what happened, and is restarted for the next one.
Expected failures excuse only wrong answers, never a crash or a broken protocol.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..judging.compare import FAILED, PASSED, judge
from ..judging.expected import Expected, read_xfail
from ..judging.readings import Reading, offered_features, reading_of, skip_reason
from ..judging.reference import load
from ..protocol.bounds import as_text
from ..protocol.runner import MAX_TIMEOUT, ImplementationError, Subprocess, is_time_limit
from ..scenarios.corpus import Scenario, Selection, clause_text


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("brou", "Brou conformance scenarios")
    group.addoption("--brou-impl", metavar="COMMAND", help="run the Brou conformance corpus against this program (one test each)")
    group.addoption("--brou-ruleset", action="append", default=[], help="only scenarios of this ruleset")
    group.addoption("--brou-clause", action="append", default=[], help="only scenarios checking this clause (or prefix)")
    group.addoption("--brou-id", action="append", default=[], help="only these scenario ids (globs allowed)")
    group.addoption("--brou-timeout", type=_seconds, default=10.0, help="seconds per scenario (default 10)")
    group.addoption("--brou-xfail", metavar="FILE", help="expected failures: an id (or glob) per line, then a reason")


def _seconds(text: str) -> float:
    """A time limit: a number of seconds, more than 0 and at most a day."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not is_time_limit(value):
        raise argparse.ArgumentTypeError(f"must be a number of seconds, more than 0 and at most {MAX_TIMEOUT:g}")
    return value


class _Session:
    """The implementation's process, shared by every scenario test of the session."""

    def __init__(self, command: str, timeout: float) -> None:
        self.impl = Subprocess(command)
        self.timeout = timeout
        self.hello: dict[str, Any] | None = None
        self.known = Expected({})
        self.fatal: str | None = None

    def ensure_started(self) -> dict[str, Any]:
        if self.fatal is not None:
            raise ImplementationError("start", self.fatal, fatal=True)
        if self.hello is None:
            try:
                self.hello = self.impl.start()
                self.known = Expected(dict.fromkeys(self.hello.get("known_failures", []), ""))
            except ImplementationError as exc:
                if exc.fatal:
                    self.fatal = exc.detail
                raise
        return self.hello

    @property
    def features(self) -> frozenset[str]:
        """The features the implementation offers."""
        return offered_features(self.hello or {})

    def run(self, scenario: Scenario, reading: Reading | None) -> dict[str, Any]:
        """The implementation's answer (the scenario sent under `reading`: its parameters
        added, the steps that depend on it left out); asked again of a restarted
        implementation if what came first was the previous scenario's second answer (that
        test has already been reported, so the fault cannot be laid on it here)."""
        request = scenario.request_for(self.features, reading.omit if reading is not None else None)
        if reading is not None:
            request["params"] = request["params"] | reading.params
        try:
            return self.impl.run(request, self.timeout)
        except ImplementationError as exc:
            self.hello = None
            if not exc.previous:
                raise
        self.ensure_started()
        try:
            return self.impl.run(request, self.timeout)
        except ImplementationError:
            self.hello = None
            raise


class ScenarioItem(pytest.Item):
    """One scenario as a pytest test."""

    def __init__(self, *, scenario: Scenario, brou: _Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        self.brou = brou
        for clause in scenario.clauses:
            self.keywords[clause] = True

    def runtest(self) -> None:
        s = self.scenario
        try:
            hello = self.brou.ensure_started()
        except ImplementationError as exc:
            raise ScenarioError(f"errored: {exc.kind}: {exc.detail}") from None
        reason = skip_reason(s, hello)
        if reason is not None:
            pytest.skip(reason)
        if not s.request_for(self.brou.features)["steps"]:
            pytest.skip("needs feature " + ", ".join(sorted(s.features - self.brou.features)))
        reading, why = reading_of(s, hello, self.brou.features)
        if why is not None:
            pytest.skip(why)
        try:
            answer = self.brou.run(s, reading)
        except ImplementationError as exc:
            raise ScenarioError(f"errored: {exc.kind}: {exc.detail}") from None
        if "skip" in answer:
            pytest.skip(f"the implementation skipped it: {as_text(answer['skip'], 300)}")
        if "error" in answer:
            raise ScenarioError(f"errored: the implementation reported an error: {as_text(answer['error'], 300)}")
        features = self.brou.features
        verdict = judge(s, answer, codes="error-codes" in features, features=features,
                        omit=reading.omit if reading is not None else None)
        declared = self.brou.known.match(s.id) is not None
        if verdict.status == PASSED:
            if declared:
                raise ScenarioError("xpassed: the implementation lists it as a known failure, but it passed: remove it")
            return
        if declared and verdict.status == FAILED:
            pytest.xfail(f"declared by the implementation: {verdict.detail}")
        lines = [f"{verdict.status}: {verdict.detail}"]
        if verdict.status == FAILED:
            lines += [f"expected: {verdict.expected!r}", f"got:      {verdict.got!r}"]
        lines += [f"{c}: {clause_text(s, c)}" for c in s.clauses]
        raise (ScenarioFailure if verdict.status == FAILED else ScenarioError)("\n".join(lines))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioError):
            s = self.scenario
            return f"{s.id} ({s.where})\n{s.description}\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return Path(self.scenario.file), self.scenario.line - 1, f"brou scenario {self.scenario.id}"


class ScenarioError(Exception):
    """A scenario that did not pass (failed or errored)."""


class ScenarioFailure(ScenarioError):
    """A scenario answered wrongly: the only kind an expected failure excuses."""


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    command = config.getoption("--brou-impl")
    if not command:
        return
    items.extend(_items(session, config, command))


def _items(session: pytest.Session, config: pytest.Config, command: str) -> Iterator[pytest.Item]:
    brou = _Session(command, config.getoption("--brou-timeout"))
    config.add_cleanup(brou.impl.close)
    selection = Selection(rulesets=config.getoption("--brou-ruleset"), clauses=config.getoption("--brou-clause"),
                          ids=config.getoption("--brou-id"))
    xfail_path = config.getoption("--brou-xfail")
    xfail = Expected(read_xfail(Path(xfail_path)) if xfail_path else {})

    for scenario in load(keep=selection.keeps).scenarios:  # selected while loading
        item = ScenarioItem.from_parent(session, name=scenario.id, scenario=scenario, brou=brou)
        hit = xfail.match(scenario.id)
        if hit is not None:
            item.add_marker(pytest.mark.xfail(reason=xfail.reasons[hit] or "expected failure", strict=True,
                                              raises=ScenarioFailure))
        yield item

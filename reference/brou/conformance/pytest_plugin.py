"""pytest plugin: `pytest --brou-impl "COMMAND"` adds one test per conformance scenario.

Installed with the package (entry point `pytest11`); it does nothing unless
`--brou-impl` is given.  Filters: `--brou-ruleset`, `--brou-clause`, `--brou-id`;
`--brou-timeout` (seconds per scenario); `--brou-xfail FILE` (expected failures, as
for `brou check --xfail`).  A scenario the implementation cannot run (missing ruleset,
parameter or feature) is skipped; an implementation that hangs, crashes or answers
garbage makes that test fail with what happened, and is restarted for the next one.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .compare import FAILED, PASSED, judge
from .corpus import Scenario, load
from .harness import Selection, clause_text, read_xfail, skip_reason
from .runner import ImplementationError, Subprocess


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("brou", "Brou conformance scenarios")
    group.addoption("--brou-impl", metavar="COMMAND", help="run the Brou conformance corpus against this program (one test each)")
    group.addoption("--brou-ruleset", action="append", default=[], help="only scenarios of this ruleset")
    group.addoption("--brou-clause", action="append", default=[], help="only scenarios checking this clause (or prefix)")
    group.addoption("--brou-id", action="append", default=[], help="only these scenario ids (globs allowed)")
    group.addoption("--brou-timeout", type=float, default=10.0, help="seconds per scenario (default 10)")
    group.addoption("--brou-xfail", metavar="FILE", help="expected failures: an id (or glob) per line, then a reason")


class _Session:
    """The implementation's process, shared by every scenario test of the session."""

    def __init__(self, command: str, timeout: float) -> None:
        self.impl = Subprocess(command)
        self.timeout = timeout
        self.hello: dict[str, Any] | None = None
        self.fatal: str | None = None

    def ensure_started(self) -> dict[str, Any]:
        if self.fatal is not None:
            raise ImplementationError("start", self.fatal, fatal=True)
        if self.hello is None:
            try:
                self.hello = self.impl.start()
            except ImplementationError as exc:
                if exc.fatal:
                    self.fatal = exc.detail
                raise
        return self.hello

    def run(self, scenario: Scenario) -> dict[str, Any]:
        try:
            return self.impl.run(scenario.request, self.timeout)
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
        try:
            answer = self.brou.run(s)
        except ImplementationError as exc:
            raise ScenarioError(f"errored: {exc.kind}: {exc.detail}") from None
        if "skip" in answer:
            pytest.skip(f"the implementation skipped it: {answer['skip']}")
        if "error" in answer:
            raise ScenarioError(f"errored: the implementation reported an error: {answer['error']}")
        verdict = judge(s, answer, codes="error-codes" in hello.get("features", []))
        declared = any(fnmatch.fnmatchcase(s.id, p) for p in hello.get("known_failures", []))
        if verdict.status == PASSED:
            if declared:
                raise ScenarioError("xpassed: the implementation lists it as a known failure, but it passed: remove it")
            return
        if declared:
            pytest.xfail(f"declared by the implementation: {verdict.detail}")
        lines = [f"{verdict.status}: {verdict.detail}"]
        if verdict.status == FAILED:
            lines += [f"expected: {verdict.expected!r}", f"got:      {verdict.got!r}"]
        lines += [f"{c}: {clause_text(s, c)}" for c in s.clauses]
        raise ScenarioError("\n".join(lines))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioError):
            s = self.scenario
            return f"{s.id} ({s.where})\n{s.description}\n{excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return Path(self.scenario.file), self.scenario.line - 1, f"brou scenario {self.scenario.id}"


class ScenarioError(Exception):
    """A scenario that did not pass (failed or errored)."""


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
    xfail = read_xfail(Path(xfail_path)) if xfail_path else {}

    for scenario in load(keep=selection.keeps).scenarios:  # selected while loading
        item = ScenarioItem.from_parent(session, name=scenario.id, scenario=scenario, brou=brou)
        reason = next((r or "expected failure" for p, r in xfail.items() if fnmatch.fnmatchcase(scenario.id, p)), None)
        if reason is not None:
            item.add_marker(pytest.mark.xfail(reason=reason, strict=True, raises=ScenarioError))
        yield item

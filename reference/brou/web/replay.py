"""Replay: a scenario of the conformance corpus stepped through on the reference table, and the
failures of `brou check --report json` reports shown at their failing step.

The corpus is listed once (`catalogue`: every scenario's id, ruleset, origin and clauses, read
from the verified index where a file is listed there, conformance/verified.jsonl, so that only
the scenario asked for is parsed), and a scenario is found by its id alone: no request names a
file.  `walk` plays a scenario on `brou.conformance.protocol.table.Table` and gives each step with what
it expects and what the reference engine answers, and the position before a given step
(`brou.web.board`).

A report (`Report`, from the JSON a `brou check --report json` run writes, conformance/report.py's
`to_json`) is uploaded as a request's body, read within bounds and kept in memory in short:
the implementation, the counts, the verdict, the table by clause, and each scenario's status,
with the failing step, the expected and the received value (cut as the harness cuts them) for
the failures.  `Reports` keeps the last `MAX_REPORTS`; `matrix` sets several side by side.
"""

from __future__ import annotations

import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from ..conformance.judging.compare import same_answer
from ..conformance.judging.reference import load
from ..conformance.protocol.table import Table
from ..conformance.scenarios.corpus import Scenario, file_hash, load_file, rules_for, scenario_files, verified_index
from ..engine.position import perft
from ..errors import BrouError, TimeLimit, message_line
from ..spec.rules import Rules
from .board import board
from .refusals import rule_of
from .requests import RequestError, read_json

MAX_REPORTS = 12  # reports kept in memory (the oldest dropped)
MAX_REPORT_BYTES = 32 * 1024 * 1024  # a report's body
MAX_VALUE = 2_000  # characters of JSON kept of an expected or received value, or a detail
MAX_SHOWN = 300  # characters of a name, a version, an implementation's command
PERFT_SECONDS = 1.0  # a perft step is counted again only if it takes at most this long
STATUSES = ("passed", "failed", "errored", "skipped", "xfailed", "xpassed")


@dataclass(frozen=True)
class Listed:
    """A scenario of the corpus as the catalogue lists it: enough to find and show it."""

    id: str
    ruleset: str
    origin: str
    clauses: tuple[str, ...]
    path: Path
    line: int

    def data(self) -> dict[str, Any]:
        return {"id": self.id, "ruleset": self.ruleset, "origin": self.origin, "clauses": list(self.clauses)}


@cache
def catalogue() -> dict[str, Listed]:
    """Every scenario of the corpus, by id (the verified index for the files it lists; any
    other file is read whole)."""
    index = verified_index()
    out: dict[str, Listed] = {}
    for path in scenario_files():
        raw = path.read_bytes()
        rows = index.get(file_hash(raw))
        if rows is not None:
            for sid, line, ruleset, origin, clauses, _, _ in rows:
                out.setdefault(sid, Listed(sid, ruleset, origin, tuple(clauses), path, line))
            continue
        try:
            found = load_file(path, check_schema=False)
        except BrouError:
            continue  # a file that cannot be read: its scenarios are not listed
        for s in found:
            out.setdefault(s.id, Listed(s.id, s.ruleset, s.origin, s.clauses, path, s.line))
    return out


def search(text: str = "", ruleset: str = "", origin: str = "", limit: int = 100, offset: int = 0) -> dict[str, Any]:
    """The scenarios whose id or clauses hold every word of `text`, of `ruleset` and `origin` if given."""
    words = text.lower().split()[:8]
    found = [s for s in catalogue().values()
             if (not ruleset or s.ruleset == ruleset) and (not origin or s.origin == origin)
             and all(w in s.id.lower() or any(w in c for c in s.clauses) for w in words)]
    found.sort(key=lambda s: (s.origin != "hand-written", s.id))
    return {"total": len(found), "offset": offset, "scenarios": [s.data() for s in found[offset:offset + limit]]}


@lru_cache(maxsize=64)
def scenario(scenario_id: str) -> Scenario:
    """The scenario with this id; RequestError (404) if the corpus has none."""
    listed = catalogue().get(scenario_id)
    if listed is None:
        shown = scenario_id if len(scenario_id) <= 80 else scenario_id[:80] + "..."
        raise RequestError(f"no scenario {shown!r} in the corpus", "path", 404)
    try:
        found = load([listed.path], keep=lambda s: s.id == scenario_id).scenarios
    except BrouError as exc:
        raise RequestError(f"scenario {scenario_id}: {exc}", "path", 422) from None
    if not found:
        raise RequestError(f"no scenario {scenario_id!r} in the corpus", "path", 404)
    return found[0]


def _cut(value: Any) -> Any:
    """A value kept to MAX_VALUE characters of JSON (else its cut JSON text)."""
    text = json.dumps(value, ensure_ascii=False)
    return value if len(text) <= MAX_VALUE else text[:MAX_VALUE] + f"... (cut: {len(text):,} characters in all)"


def _actions(step: Mapping[str, Any]) -> list[str]:
    given = step.get("do", step.get("reject"))
    return [given] if isinstance(given, str) else [str(a) for a in given or []]


def walk(s: Scenario, at: int | None, lang: str) -> dict[str, Any]:
    """The scenario stepped through on the reference table: every step with what it expects
    and what the reference engine answers, and the position before step `at + 1` (`at` steps
    done; None: all of them; -1: all but the last, where a witness's options part)."""
    data = s.data
    rules = rules_for(s)
    steps: list[dict[str, Any]] = []
    try:
        table = Table(rules, data["setup"])
    except BrouError as exc:
        raise RequestError(f"scenario {s.id}: the reference cannot set it up: {exc}", "path", 422) from None
    total = len(data["steps"])
    at = total if at is None else max(0, total - 1) if at < 0 else at
    if not 0 <= at <= total:
        raise RequestError(f"step is from 0 to {total}, not {at}", "query.at")
    shown = None
    for number, step in enumerate(data["steps"], 1):
        if number - 1 == at:
            shown = _position(table)
        steps.append(_step(table, number, step))
    if shown is None:
        shown = _position(table)
    return {"id": s.id, "description": s.description, "ruleset": s.ruleset, "title": rules.data["title"][lang],
            "params": s.params, "origin": s.origin, "ambiguity": s.ambiguity, "setup": _cut(data["setup"]),
            "clauses": [_rule(rules, c, lang) for c in s.clauses], "steps": steps, "at": at, "board": shown}


def _position(table: Table) -> dict[str, Any]:
    return board(table.state, table.seating, None)


def _rule(rules: Rules, clause: str, lang: str) -> dict[str, Any]:
    found = rule_of(rules, clause)
    return found.data(lang) if found is not None else {"number": "", "clause": clause, "text": "", "chapter": ""}


def _step(table: Table, number: int, step: Mapping[str, Any]) -> dict[str, Any]:
    """One step played on the reference table: its kind, what it expects, what the reference answers."""
    player = step.get("player")
    out: dict[str, Any] = {"number": number, "player": player}
    if "do" in step:
        answers = [table.act(a, player) for a in _actions(step)]
        refused = next((a for a in answers if not a["ok"]), None)
        out |= {"kind": "do", "text": " ".join(_actions(step)), "expected": "accepted",
                "reference": "accepted" if refused is None else {"refused": refused["code"], "message": refused["message"]},
                "agrees": refused is None}
    elif "reject" in step:
        answer = table.act(str(step["reject"]), player)
        answered = "accepted" if answer["ok"] else {"refused": answer["code"], "message": answer["message"]}
        out |= {"kind": "reject", "text": str(step["reject"]), "expected": {"refused": step.get("code")},
                "reference": answered, "agrees": not answer["ok"] and step.get("code") in (None, answer["code"])}
    elif "expect" in step:
        expect = step["expect"]
        got: dict[str, Any] = {}
        for name in expect:
            try:
                got[name] = table.observe(name)
            except BrouError as exc:
                got[name] = {"error": str(exc)}
        out |= {"kind": "expect", "text": ", ".join(expect), "expected": _cut(expect), "reference": _cut(got),
                "agrees": all(same_answer(name, expect[name], got[name]) for name in expect)}
    elif "deal" in step:
        try:
            table.next_deal(step["deal"])
            out |= {"kind": "deal", "text": "the next deal", "expected": "dealt", "reference": "dealt", "agrees": True}
        except BrouError as exc:
            out |= {"kind": "deal", "text": "the next deal", "expected": "dealt", "reference": {"error": str(exc)},
                    "agrees": False}
    else:
        depth = int(step.get("perft", 0))
        try:
            count: Any = perft(table.state, depth, time.monotonic() + PERFT_SECONDS)
        except TimeLimit:
            count = f"not counted here (over {PERFT_SECONDS:g} s)"
        out |= {"kind": "perft", "text": f"perft {depth}", "expected": step.get("count"), "reference": count,
                "agrees": count == step.get("count") or isinstance(count, str)}
    return out


# -- reports -------------------------------------------------------------------------------------


def _text(value: Any, limit: int = MAX_SHOWN) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return message_line(text, limit)


@dataclass
class Report:
    """A `brou check --report json` report, kept short (the module's docstring)."""

    id: str
    name: str
    implementation: str
    counts: dict[str, int]
    headline: str
    suspects: list[dict[str, Any]]
    clauses: dict[tuple[str, str], dict[str, int]]
    scenarios: dict[str, dict[str, Any]]
    exit_status: int | None
    file: str = ""  # the name of the file it was uploaded from, as the page gave it
    uploaded: float = field(default_factory=time.time)

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "file": self.file, "implementation": self.implementation,
                "counts": self.counts,
                "headline": self.headline, "suspects": self.suspects, "exit_status": self.exit_status,
                "scenarios": len(self.scenarios)}

    def failures(self, ruleset: str | None = None, clause: str | None = None) -> list[dict[str, Any]]:
        """The scenarios that did not pass (failed, errored, xpassed), of a clause if given."""
        return [{"id": sid, **s} for sid, s in self.scenarios.items()
                if s["status"] in ("failed", "errored", "xpassed")
                and (ruleset is None or s["ruleset"] == ruleset) and (clause is None or clause in s["clauses"])]


def _object(value: Any) -> dict[str, Any]:
    """A JSON object of a report, {} for anything else."""
    return value if isinstance(value, dict) else {}


def _int(value: Any) -> int:
    return value if type(value) is int and 0 <= value < 10**12 else 0


def read_report(raw: bytes, name: str = "") -> Report:
    """A report from a request's body; RequestError naming what is wrong and where."""
    if len(raw) > MAX_REPORT_BYTES:
        raise RequestError(f"a report is at most {MAX_REPORT_BYTES // 2**20} MiB, not {len(raw):,} bytes", "body", 413)
    data = read_json(raw)
    if data.get("format") != "brou-report/1":
        raise RequestError(f"not a report of brou check --report json: format is {_text(data.get('format'), 60)}, "
                           "not \"brou-report/1\"", "body.format")
    scenarios = data.get("scenarios")
    if not isinstance(scenarios, list):
        raise RequestError("a report's scenarios are a list", "body.scenarios")
    hello = _object(data.get("hello"))
    impl = _object(hello.get("implementation"))
    who = " ".join(_text(impl.get(k), 100) for k in ("name", "version") if isinstance(impl.get(k), str)).strip()
    command = _text(data.get("implementation", ""))
    kept: dict[str, dict[str, Any]] = {}
    clauses: dict[tuple[str, str], dict[str, int]] = {}
    for k, s in enumerate(scenarios):
        if not isinstance(s, dict) or not isinstance(s.get("id"), str) or s.get("status") not in STATUSES:
            raise RequestError("a scenario of a report has an id and a status (" + ", ".join(STATUSES) + ")",
                               f"body.scenarios[{k}]")
        ruleset = _text(s.get("ruleset", ""), 60)
        its = [_text(c, 100) for c in s.get("clauses", []) if isinstance(c, str)][:20] if isinstance(
            s.get("clauses"), list) else []
        entry: dict[str, Any] = {"status": s["status"], "ruleset": ruleset, "clauses": its}
        if s["status"] != "passed":
            entry["detail"] = _text(s.get("detail", ""), MAX_VALUE)
        if s["status"] == "failed":
            step = s.get("step")
            entry |= {"step": step if type(step) is int and step > 0 else None,
                      "clause": _text(s["clause"], 100) if isinstance(s.get("clause"), str) else None,
                      "observed": _text(s["observed"], 60) if isinstance(s.get("observed"), str) else None,
                      "expected": _cut(s.get("expected")), "got": _cut(s.get("got"))}
        kept[_text(s["id"], 200)] = entry
        for c in its:
            row = clauses.setdefault((ruleset, c), dict.fromkeys(STATUSES, 0))
            row[s["status"]] += 1
    counts = _object(data.get("counts"))
    verdict = _object(data.get("verdict"))
    suspects = [{"ruleset": _text(x.get("ruleset", ""), 60), "clause": _text(x.get("clause", ""), 100),
                 "evidence": _text(x.get("evidence", ""), MAX_VALUE)}
                for x in verdict.get("suspects", []) if isinstance(x, dict)][:10] if isinstance(
        verdict.get("suspects"), list) else []
    shown = who or command or (name and _text(name, 100)) or "an implementation"
    exit_status = data.get("exit_status")
    return Report(secrets.token_urlsafe(6), shown, command, {k: _int(counts.get(k)) for k in STATUSES},
                  _text(verdict.get("headline", ""), MAX_VALUE), suspects, clauses, kept,
                  exit_status if type(exit_status) is int else None, _text(name, 100) if name else "")


class Reports:
    """The reports uploaded to a server: the last MAX_REPORTS, by id."""

    def __init__(self, limit: int = MAX_REPORTS) -> None:
        self.limit = limit
        self.reports: OrderedDict[str, Report] = OrderedDict()

    def add(self, report: Report) -> Report:
        self.reports[report.id] = report
        while len(self.reports) > self.limit:
            self.reports.popitem(last=False)
        return report

    def get(self, report_id: str) -> Report:
        found = self.reports.get(report_id)
        if found is None:
            raise RequestError(f"no report {report_id[:40]!r} (uploaded reports are kept while the server runs, "
                               f"the last {self.limit})", "path", 404)
        return found

    def remove(self, report_id: str) -> None:
        self.get(report_id)
        del self.reports[report_id]


def matrix(reports: Sequence[Report]) -> dict[str, Any]:
    """Implementations against clauses: for each (ruleset, clause) any report has, each report's
    counts by status; and each report's verdict."""
    keys = sorted({k for r in reports for k in r.clauses})
    rows = [{"ruleset": ruleset, "clause": clause,
             "cells": [r.clauses.get((ruleset, clause)) for r in reports]} for ruleset, clause in keys]
    return {"reports": [r.summary() for r in reports], "rows": rows}


def failure(report: Report, scenario_id: str, lang: str) -> dict[str, Any]:
    """A report's failure of a scenario on the replay: the scenario walked to the step before the
    failing one, the implementation's answer and the verdict beside the expected one, and the
    clause the failure breaks."""
    entry = report.scenarios.get(scenario_id)
    if entry is None:
        raise RequestError(f"report {report.name} has no scenario {scenario_id[:80]!r}", "path", 404)
    s = scenario(scenario_id)
    step = entry.get("step")
    walked = walk(s, max(0, step - 1) if isinstance(step, int) and step <= len(s.data["steps"]) else 0, lang)
    clause = entry.get("clause")
    rules = rules_for(s)
    return walked | {"report": report.summary(), "failure": {
        "status": entry["status"], "step": step, "detail": entry.get("detail", ""), "observed": entry.get("observed"),
        "expected": entry.get("expected"), "got": entry.get("got"),
        "rule": _rule(rules, clause, lang) if isinstance(clause, str) else None}}

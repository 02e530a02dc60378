"""A fact (its statement in English and French, the clauses it is about, its check), what a
check finds, a fact's result and its status, running one fact, the table `brou prove` prints
and the record the rulebook lays out (docs/rulebook/facts.json)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3  # type: ignore[import-untyped]

from ..spec.tables import table_text as _table

PROVED, REFUTED, COUNTEREXAMPLE, ERROR = "proved", "refuted", "counterexample", "error"


class ReplayMismatch(AssertionError):
    """The engine did not confirm what the encoding predicted for a witness deal."""


@dataclass(frozen=True)
class Check:
    """What a fact's check found: `holds` True (proved), False (false, with a counterexample)."""

    holds: bool
    details: str
    counterexample: str | None = None
    witness: dict[str, Any] | None = None  # the deal and play shown (HommeDeal.record()), to replay


@dataclass(frozen=True)
class Fact:
    id: str
    statement: str
    rulesets: tuple[str, ...]
    clauses: tuple[str, ...]
    holds: bool  # what the project asserts; False: a naive statement kept to show its counterexample
    check: Callable[[int], Check] = field(repr=False)
    statement_fr: str = field(kw_only=True)  # the statement in French, for the bilingual rulebook

    def text(self, lang: str = "en") -> str:
        """The statement in `lang`: "en" or "fr"."""
        return _statement(self.statement, self.statement_fr, lang)

    @property
    def expected(self) -> str:
        return PROVED if self.holds else REFUTED


@dataclass(frozen=True)
class FactResult:
    id: str
    statement: str
    rulesets: tuple[str, ...]
    status: str
    expected: str
    seconds: float
    details: str
    counterexample: str | None
    witness: dict[str, Any] | None = None
    statement_fr: str = field(default="", kw_only=True)  # the fact's statement in French
    clauses: tuple[str, ...] = field(default=(), kw_only=True)  # the clauses the fact is about

    @property
    def ok(self) -> bool:
        return self.status == self.expected

    def text(self, lang: str = "en") -> str:
        """The statement in `lang`: "en" or "fr"."""
        return _statement(self.statement, self.statement_fr, lang)


def _statement(en: str, fr: str, lang: str) -> str:
    if lang not in ("en", "fr"):
        raise ValueError(f"no language '{lang}' (known: en, fr)")
    return fr if lang == "fr" else en


def run_fact(fact: Fact, seed: int) -> FactResult:
    """Run one fact in a z3 context of its own: the models z3 finds depend on the terms made
    before, so that a fact run alone (`brou prove --fact`) or after the others gives the same
    result for the same seed."""
    start = time.perf_counter()
    z3.z3._main_ctx = None  # the next term made starts a fresh default context (z3.main_ctx)
    try:
        found = fact.check(seed)
        status = PROVED if found.holds else (REFUTED if not fact.holds else COUNTEREXAMPLE)
        details, cex, witness = found.details, found.counterexample, found.witness
    except Exception as exc:  # a fact that cannot be run is reported, not raised
        status, details, cex, witness = ERROR, f"{type(exc).__name__}: {exc}", None, None
    return FactResult(fact.id, fact.statement, fact.rulesets, status, fact.expected,
                      time.perf_counter() - start, details, cex, witness, statement_fr=fact.statement_fr,
                      clauses=fact.clauses)


SEED = 1802  # the seed of `brou prove` and of the record the rulebook shows


def table_text(results: Sequence[FactResult]) -> str:
    """A readable table: one line per fact, then the details and counterexamples."""
    rows = [(r.id, r.status, r.expected, f"{r.seconds:.2f}", "" if r.ok else "<-- unexpected") for r in results]
    lines = [_table(("fact", "status", "expected", "seconds", ""), rows, right=("seconds",), no_wrap=("fact",))]
    lines.append(f"{len(results)} facts, {sum(r.ok for r in results)} as expected, {sum(r.seconds for r in results):.1f} s")
    lines.append("")
    for r in results:
        lines.append(f"{r.id} [{', '.join(r.rulesets)}]: {r.status}")
        lines.append(f"  {r.statement}")
        lines.append(f"  {r.details}")
        if r.counterexample:
            lines += ["  " + line for line in r.counterexample.splitlines() if line != r.details]
    return "\n".join(lines)


def result_data(result: FactResult) -> dict[str, Any]:
    """A fact's result as plain data (`brou prove --json`)."""
    return {"id": result.id, "statement": result.statement, "statement_fr": result.statement_fr,
            "rulesets": list(result.rulesets), "clauses": list(result.clauses), "status": result.status,
            "expected": result.expected, "ok": result.ok, "seconds": round(result.seconds, 3), "details": result.details,
            "counterexample": result.counterexample}


def record_data(results: Sequence[FactResult], seed: int = SEED) -> dict[str, Any]:
    """The record of a run of every fact (`brou prove --record FILE`), as the rulebook shows it:
    each result as `result_data` gives it, less the time it took, so that the same rules and
    engine give the same record byte for byte (tests/test_prove.py holds the shipped record
    to a fresh run)."""
    return {"command": "brou prove --record", "seed": seed,
            "facts": [{k: v for k, v in result_data(r).items() if k not in ("seconds", "ok")} for r in results]}


def record_results(data: dict[str, Any]) -> list[FactResult]:
    """The results a record holds (`record_data`), as the run gave them (no witness, no time)."""
    try:
        return [FactResult(f["id"], f["statement"], tuple(f["rulesets"]), f["status"], f["expected"], 0.0, f["details"],
                           f["counterexample"], statement_fr=f["statement_fr"], clauses=tuple(f["clauses"]))
                for f in data["facts"]]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a record of brou prove: a fact lacks {exc}") from None

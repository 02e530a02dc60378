"""The run's verdict: the rule most likely broken, not the rule where most failures show.

One broken rule makes scenarios fail far from it: a wrong order of the cards shows as wrong
trick winners, wrong card points, wrong windows. Each failure names the clause that decides
the step that went wrong (brou.conformance.diagnosis.diagnose); the verdict weighs every clause as the
one broken rule that would explain the whole run, passes included, and ranks them.

The evidence, for a hypothesis "clause h is broken" (one fault, as in most implementations
that fail a few rules), each against the hypothesis that h is fine:

- **Its own scenarios, and its neighbours'.** A hand-written or boundary scenario checks one
  behaviour, its purpose (its first clause). If h is broken, the scenarios whose purpose is h
  fail at any rate (`OWN`); those whose purpose is a rule reading h directly (the clauses'
  `uses` in the ruleset), or a rule h reads, fail at a low rate (`DOWNSTREAM`, `UPSTREAM`).
  Only the failures h can explain count for it: those that show on h or on a rule reading it
  (directly or further along the links; for a rule failures could be laid on and none is, with
  failures laid on one of its readers only, on the scenario's own rule, one between it and h,
  or one reading it: a failure shown on another rule reading h went round h, and is that
  rule's evidence), and, for a scenario of its own, on a rule next to it (which of two
  neighbours decided a step is where the per-failure diagnosis errs; the scenario says which
  behaviour it checks). If h is fine, a scenario of its own fails only by another
  fault (`BASELINE`).
- **Where the failures show.** The other scenarios' failures laid on h (`SHOWN`, on a
  logarithmic scale, so that thousands of alike failures do not drown the rest); a clause that
  no failure can ever be laid on (the order of the cards, their points) takes those laid on
  the rules reading it.
- **A variant that reproduces them.** A few failures are replayed by the reference engine under
  each variant of the ruleset (brou.conformance.diagnosis.counterfactual: another reading, a number or
  an order moved by one, a slip in the function that implements a clause); a variant of h
  under which it fails the same steps with the same answers, and passes what the program
  passes, is what the program has instead (`READING` for each failure reproduced, times the
  square of the share of those replayed: a variant that fails as the program does on half the
  failures replayed and otherwise on the rest is weaker evidence than half of one that fails
  as it does on all; and `OWN_READING` more for each of them that was written for h: that parts
  two clauses with alike variants, such as the two clauses of one function). A
  variant of a clause with no evidence of its own, whose failures reproduced are all laid on
  one rule reading it, is that rule's: the slip shows only through it (unless a clause with a
  failing scenario of its own has one reproducing as many).

Two rules of order stand over the scores, both for a clause with no evidence of its own (none
of its own scenarios fails, no failure is laid on it, no variant of it reproduces them): where
little fails, or every failure is of scenarios written for one rule, it does not head the rule
the failures name; and it comes after a nearer common cause (a suspect it is upstream of,
reading every rule the failures are laid on under it) unless its score leads by more than
`SHOWN`.

Each hypothesis gets the log-likelihood of the run under it; the highest is the verdict
("most likely broken: X (then Y, Z)"). A protocol failure (an answer not of the protocol's shape:
brou.conformance.judging.compare.shape_problem) breaks no rule: it is left out of the scores, and the
verdict names it first ("protocol failure: the `trick` observable is not a list of cards").
Scores are compared within a ruleset only; a run over several rulesets gives a verdict for each,
the ruleset with the most failures first.
docs/conformance.md, "The verdict", explains it with an example.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from ...errors import BrouError
from ...spec import used_clause
from ...spec.rules import Rules
from ..judging.compare import ERRORED, FAILED, PASSED, Verdict
from ..scenarios.corpus import Scenario
from .counterfactual import Reproduction, by_clause, reproductions
from .diagnose import PURPOSEFUL, chapter_rank, nameable, on_the_way, symptom_clause

# If clause h is broken, the scenarios written for a clause fail at a rate drawn from a Beta
# prior that depends on how that clause stands to h: uniform for h itself (a fault may break any
# share of its behaviours), mostly low for a clause that reads h (the error leaks into some of
# them) and for a clause h reads (checked through h's outcome). Set while measuring with
# tools/diagnosis-bench (docs/conformance.md).
OWN = (1.0, 1.0)
DOWNSTREAM = (1.0, 9.0)
FURTHER = (1.0, 19.0)  # a clause that reads h through another: the error leaks into fewer of them still
UPSTREAM = (1.0, 9.0)
BASELINE = 0.02  # if h is fine, how often a scenario written for it fails all the same (another fault)
SHOWN = 5.0  # weight of log(1 + the other scenarios' failures laid on h)
READING = 20.0  # weight of each failure that a variant of h reproduces, times the square of the share reproduced
OWN_READING = 5.0  # more for each of those written for h itself (a variant of two clauses, or two alike)
FEW = 3  # where little fails: at most this many failures of other scenarios laid on the rules reading a clause


class _Outcome(Protocol):
    @property
    def scenario(self) -> Scenario: ...

    @property
    def verdict(self) -> Verdict: ...


@dataclass(frozen=True)
class Suspect:
    """A clause as the broken rule: its ruleset, its score (a log-likelihood, higher is more
    likely) and the evidence in words."""

    ruleset: str
    clause: str
    score: float
    own_failed: int
    own_total: int
    explained: int
    failures: int
    reading: Reproduction | None = None

    @property
    def evidence(self) -> str:
        own = (f"{self.own_failed} of its {self.own_total} own scenarios fail" if self.own_total
               else "no scenario of its own")
        plays = "" if self.reading is None else (
            f"; fails as the reference does with {self.reading.text} ({self.reading.reproduced} of the "
            f"{self.reading.tried} failures replayed)")
        return f"{own}; explains {self.explained:,} of the {self.failures:,} failures{plays}"


@dataclass(frozen=True)
class Links:
    """The `uses` links of a ruleset's clauses: what each reads directly, and further up."""

    uses: Mapping[str, frozenset[str]]
    above: Mapping[str, frozenset[str]]


@cache
def links(ruleset: str) -> Links:
    """The ruleset's clauses' `uses`, resolved (a replaced clause stands for its replacement)."""
    clauses: Mapping[str, Any] = Rules.load(ruleset).data["clauses"]
    uses = {cid: frozenset(u for u in (used_clause(clauses, name) for name in (c or {}).get("uses", [])) if u)
            for cid, c in clauses.items()}
    above: dict[str, frozenset[str]] = {}

    def up(cid: str) -> frozenset[str]:
        if cid not in above:
            found: set[str] = set()
            for u in uses.get(cid, ()):
                found |= {u} | up(u)
            above[cid] = frozenset(found)
        return above[cid]

    for cid in uses:
        up(cid)
    return Links(uses, above)


@cache
def _resolved(ruleset: str, clause: str | None) -> str | None:
    """The clause as the ruleset names it (itself, or the clause that replaces it)."""
    if clause is None:
        return None
    try:
        clauses: Mapping[str, Any] = Rules.load(ruleset).data["clauses"]
    except BrouError:
        return clause
    return used_clause(clauses, clause) or clause


def _with_upstream(graph: Links, clauses: Iterable[str | None]) -> set[str]:
    """The clauses given and every clause they read, directly or further up: where a fault
    could be to show in them."""
    found: set[str] = set()
    for c in clauses:
        if c is not None:
            found |= {c} | graph.above.get(c, frozenset())
    return found


def _ledger_clauses(s: Scenario) -> set[str]:
    """The clauses the scenario's expected ledgers name (a ledger entry names its own clause)."""
    found: set[str] = set()
    if '"ledger"' not in s.text:
        return found
    for step in s.data.get("steps", []):
        expect = step.get("expect") if isinstance(step, dict) else None
        ledger = expect.get("ledger") if isinstance(expect, dict) else None
        if isinstance(ledger, list):
            found |= {e["clause"] for e in ledger if isinstance(e, dict) and isinstance(e.get("clause"), str)}
    return found


def protocol_failures(outcomes: Iterable[_Outcome]) -> list[tuple[str, int]]:
    """The run's protocol failures: each problem (`Verdict.protocol`) with the number of
    scenarios that fail so (or error: a result the harness cannot read, as a perft answer
    without its `count`), the most first."""
    return Counter(o.verdict.protocol for o in outcomes
                   if o.verdict.status in (FAILED, ERRORED) and o.verdict.protocol).most_common()


def suspects(outcomes: Iterable[_Outcome], limit: int = 3) -> list[Suspect]:
    """The clauses most likely broken, best first: `limit` for each ruleset with a failure
    of a rule (a protocol failure breaks none), the ruleset with the most failures first."""
    by_ruleset: dict[str, list[_Outcome]] = defaultdict(list)
    for o in outcomes:
        if not o.verdict.protocol:
            by_ruleset[o.scenario.ruleset].append(o)
    failing = Counter({r: sum(1 for o in os_ if o.verdict.status == FAILED) for r, os_ in by_ruleset.items()})
    out: list[Suspect] = []
    for ruleset, n in failing.most_common():
        if n:
            out += ranked(ruleset, by_ruleset[ruleset])[:limit]
    return out


def _beta(failed: int, total: int, a: float, b: float) -> float:
    """log P(`failed` of `total` scenarios fail), each failing at a rate drawn from Beta(a, b)."""
    def lbeta(x: float, y: float) -> float:
        return math.lgamma(x) + math.lgamma(y) - math.lgamma(x + y)
    return lbeta(failed + a, total - failed + b) - lbeta(a, b)


def ranked(ruleset: str, outcomes: Sequence[_Outcome]) -> list[Suspect]:
    """Every clause that could be the one broken rule of this ruleset's run, most likely first."""
    try:
        graph = links(ruleset)
    except BrouError:
        return []
    own_total: Counter[str] = Counter()  # purposeful scenarios run, by purpose
    own_failed: Counter[str] = Counter()
    shows: dict[str, Counter[str | None]] = defaultdict(Counter)  # their failures, by purpose: where each shows
    symptoms: Counter[str] = Counter()  # the other failures, by the clause each is laid on
    explains: Counter[str] = Counter()  # failures each clause could explain (named, listed, or read by these)
    names: Counter[str | None] = Counter()  # the failures, by the clause each names (the first failure shown's)
    nameable_here = set(nameable())
    outcomes = [o for o in outcomes if not o.verdict.protocol]  # a protocol failure breaks no rule
    for o in outcomes:
        if o.verdict.status not in (FAILED, PASSED):
            continue
        failed = o.verdict.status == FAILED
        nameable_here |= _ledger_clauses(o.scenario)
        named = _resolved(ruleset, o.verdict.clause) if failed else None
        purpose = _resolved(ruleset, o.scenario.clauses[0]) or o.scenario.clauses[0]
        # a move refused on the way to what the scenario checks, by another rule than the one it is
        # written for: its purpose was never reached
        purposeful = o.scenario.origin in PURPOSEFUL and not (
            failed and on_the_way(o.scenario, o.verdict) and named != purpose)
        if failed:
            names[named] += 1
            symptom = _resolved(ruleset, symptom_clause(o.scenario, o.verdict)) if purposeful else named
            explains.update(_with_upstream(graph, (named, symptom, *(_resolved(ruleset, c) for c in o.scenario.clauses))))
        if purposeful:
            own_total[purpose] += 1
            if failed:
                own_failed[purpose] += 1
                shows[purpose][symptom or named] += 1
        elif failed and named is not None:
            symptoms[named] += 1
    failures = sum(own_failed.values()) + sum(symptoms.values())
    if not failures:
        return []
    read_by: dict[str, set[str]] = defaultdict(set)  # the clauses that read each clause directly
    for cid, used in graph.uses.items():
        for u in used:
            read_by[u].add(cid)
    # the candidates: the clauses with evidence of their own (failures laid on them, or a failing
    # scenario of theirs that they can explain), and those no failure can be laid on (the order of
    # the cards...), whose evidence is in the rules that read them
    laid = set(symptoms) | {where for counts in shows.values() for where in counts if where is not None}
    # the variants (readings, numbers, orders) that reproduce the failures (brou.conformance.diagnosis.counterfactual),
    # each tried on the failures a fault in its clause could cause
    def could_cause(s: Scenario, v: Verdict) -> set[str]:
        return _with_upstream(graph, (_resolved(ruleset, v.clause), *(_resolved(ruleset, c) for c in s.clauses)))

    readings = dict(by_clause(reproductions(ruleset, [(o.scenario, o.verdict) for o in outcomes if o.verdict.status == FAILED],
                                            [o.scenario for o in outcomes if o.verdict.status == PASSED],
                                            reach=could_cause)))
    # a variant of a rule whose own scenarios all pass and on which no failure is laid, that
    # reproduces failures all laid on one rule reading it, is that rule's evidence: a slip in
    # what both use, seen only through the one (a marriage's kind found wrong only in the table);
    # unless a rule with a failing scenario of its own has a variant reproducing as many, the
    # better explanation. For a rule no failure can be laid on (the matadors, the order of the
    # cards), whose data shows only through its readers, only a slip in its function is so
    # moved: the matadors' function counting one more card, seen only in the privilege
    accounted = max((r.reproduced for c, r in readings.items() if own_failed[c]), default=0)
    for h, variant in list(readings.items()):
        shown = {_resolved(ruleset, c) for c in variant.shown}
        reader = next(iter(shown)) if len(shown) == 1 else None
        if (reader is not None and reader != h and not own_failed[h] and h not in laid
                and (h in nameable_here or variant.slip)
                and h in graph.above.get(reader, ()) and reader not in readings and variant.reproduced > accounted):
            readings[reader] = readings.pop(h)
    def neighbours(h: str) -> frozenset[str]:
        """The clauses h reads directly and those that read it directly."""
        return graph.uses.get(h, frozenset()) | read_by[h]

    # a failure of a scenario written for h that shows on a rule next to h (one it reads, or one
    # reading it) is h's own evidence: which of two neighbouring rules decided a step is where the
    # per-failure diagnosis errs (the order of the cards or the trick's rule, the result or what it
    # scores), and the scenario says which behaviour it checks
    def own_explained(h: str, where: str | None) -> bool:
        return where is None or where == h or h in graph.above.get(where, ()) or where in neighbours(h)

    # a failure of a scenario written for another rule p, linked to h, is h's if it shows on h or
    # on a rule reading h; but for a rule that failures could be laid on and none is, and whose
    # readers have failures laid on one of them only, only if it shows on p, or on a rule between
    # them or after p: a failure of p's scenario shown on that other reader went round h, and is
    # that reader's evidence (a rule whose failures show on several readers is their common cause)
    def through(h: str, p: str, where: str | None) -> bool:
        if where is None or where == h:
            return True
        above = graph.above.get(where, frozenset())
        return h in above and (h not in nameable_here or h in laid or len(laid_below(h)) > 1 or where == p
                               or p in above or where in graph.above.get(p, ()))

    @cache
    def laid_below(h: str) -> frozenset[str]:
        """The rules reading h, directly or further along, that failures are laid on."""
        return frozenset(where for where in laid if h in graph.above.get(where, ()))

    # where little fails and every failure names one clause, or every failure is of a scenario
    # written for it, that clause is a suspect, and a clause none of whose own scenarios fails
    # does not head the verdict over it (issue 63: one failure named the broken rule, and a
    # clause whose scenarios all pass was put first; six of Brouc's dehors, two of them shown on
    # who leads next, and who leads, its own scenarios passing, was put first)
    alone = next(iter(names)) if len(names) == 1 else None
    named_alone = alone if alone is not None and (failures <= FEW or own_failed[alone] == failures) else None
    if named_alone is None and failures <= FEW:  # a few failures, named apart, all of scenarios written for one rule
        named_alone = next((p for p, n in own_failed.items() if n == failures), None)
    # many failures of scenarios written for several rules, every one laid on one same rule: the
    # reading of each failure overrode each scenario's purpose, and that rule heads the verdict
    overriding = alone is not None and failures > FEW and len({p for p, n in own_failed.items() if n and p != alone}) >= 2
    candidates = [h for h in explains
                  if h in laid or h not in nameable_here or h in readings or h == named_alone or own_failed[h]
                  or any(own_explained(h, where) for where in shows[h])]
    accused = {h for h in candidates if own_failed[h] and h in laid}
    scored = []
    for h in candidates:
        score = 0.0
        shown_on_h = symptoms[h]  # the failures laid on h, of generated scenarios and of those written for far rules
        for purpose, total in own_total.items():
            if purpose == h:
                prior = OWN
            elif purpose in read_by[h]:
                prior = DOWNSTREAM
            elif h in accused and h in graph.above.get(purpose, ()):
                prior = FURTHER  # (only for a rule its own scenarios and the failures accuse: the error starts there)
            elif purpose in graph.uses.get(h, ()):
                prior = UPSTREAM
            else:
                shown_on_h += shows[purpose][h]  # a scenario of another rule, failing at a step h decides
                continue
            # only the failures h can explain count for it (they show on h or on a rule reading it);
            # against "h is fine", where they fail for another fault at the BASELINE rate
            explained = sum(n for where, n in shows[purpose].items()
                            if (own_explained(h, where) if prior is OWN else through(h, purpose, where)))
            if prior is FURTHER and not explained:
                continue  # far downstream, an error is rare: its absence says nothing
            passed = total - own_failed[purpose]
            score += _beta(explained, explained + passed, *prior)
            score -= explained * math.log(BASELINE) + passed * math.log(1 - BASELINE)
        # where the failures show: on h itself, or (when h can never be named) on the rules reading it
        score += SHOWN * math.log1p(shown_on_h)
        if h not in nameable_here:
            score += SHOWN * sum(math.log1p(symptoms[d]) for d in read_by[h])
        # a variant of h under which the reference fails as the implementation does
        reading = readings.get(h)
        if reading is not None:
            score += READING * reading.reproduced * (reading.reproduced / reading.tried) ** 2
            score += OWN_READING * sum(1 for p in reading.purposes if _resolved(ruleset, p) == h)
        scored.append(Suspect(ruleset, h, score, own_failed[h], own_total[h], explains[h], failures, reading))

    # a clause with no evidence of its own (no failing scenario of its own, no failure laid on it,
    # no variant of it reproducing them) is only an upstream cause of what fails: it heads the
    # verdict only as the common cause of failures laid on two or more of the rules reading it, or
    # of more than a few failures of other scenarios than their own (FEW), never over a clause the
    # failures name or its own scenarios accuse where little fails (one failure, or a few all laid
    # on one rule: that rule is the simpler explanation).  Nor does a clause whose only evidence is
    # a variant reproducing a few failures that are all laid on one other rule: a single refusal
    # or count is reproduced by many variants, and the rule it shows on is the simpler explanation
    def unsupported(h: str) -> bool:
        if own_failed[h] or h in laid:
            return False
        if h in readings:  # a variant of h that reproduces them, where a few all laid on one other rule name it
            return failures <= FEW and len(laid) == 1
        below = {where for where in laid if h in graph.above.get(where, ())}
        return len(below) < 2 and sum(symptoms[where] for where in below) <= FEW


    def below_the_named(h: str) -> bool:
        if overriding:
            return h != alone
        return named_alone is not None and h != named_alone and not own_failed[h]

    # of two common causes of what fails, one reading the other, the nearer one is the simpler
    # explanation: a clause with no evidence of its own comes after a suspect that it is
    # upstream of and that reads, or is, every rule the failures are laid on under it, unless its
    # score is ahead by more than the weight of the failures shown (SHOWN): fewer passing
    # scenarios of its own is no evidence (the number of players behind the pack, when every
    # failure is a card the pack should hold)
    score_of = {s.clause: s.score for s in scored}

    def behind_a_nearer_cause(h: str) -> bool:
        if own_failed[h] or h in laid or h in readings:
            return False
        below = [where for where in laid if h in graph.above.get(where, ())]
        return bool(below) and any(
            d != h and h in graph.above.get(d, ()) and score_of[h] - score_of[d] < SHOWN
            and all(w == d or d in graph.above.get(w, ()) for w in below)
            for d in score_of)

    return sorted(scored, key=lambda s: (below_the_named(s.clause), unsupported(s.clause),
                                         behind_a_nearer_cause(s.clause), -s.score, -s.explained,
                                         chapter_rank(s.clause), s.clause))


def headline(found: Sequence[Suspect], protocol: Sequence[tuple[str, int]] = ()) -> str:
    """The verdict in one line: the protocol failures first (`protocol_failures`), then "most
    likely broken: X (then Y, Z)", per ruleset."""
    broken = "; ".join(f"{problem} ({n:,} scenario{'s' if n != 1 else ''})" for problem, n in protocol)
    rules = _rules_line(found)
    return "; ".join(part for part in (f"protocol failure: {broken}" if broken else "", rules) if part)


def _rules_line(found: Sequence[Suspect]) -> str:
    if not found:
        return ""
    parts = []
    for ruleset in dict.fromkeys(s.ruleset for s in found):
        mine = [s.clause for s in found if s.ruleset == ruleset]
        then = f" (then {', '.join(mine[1:])})" if len(mine) > 1 else ""
        parts.append(f"{mine[0]}{then}" + (f" in {ruleset}" if len({s.ruleset for s in found}) > 1 else ""))
    return "most likely broken: " + "; ".join(parts)

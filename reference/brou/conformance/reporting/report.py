"""Reports of a run: the table by clause and the failures (text), JSON, JUnit XML,
and the changes since a tracked earlier run (`--track FILE`)."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO
from xml.etree import ElementTree as ET

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ... import __version__
from ...errors import BrouError
from ..diagnosis.diagnose import chapter_rank
from ..diagnosis.localise import Suspect, headline, links, protocol_failures, suspects
from ..diagnosis.run import Run
from ..judging.compare import ERRORED, FAILED, PASSED, SKIPPED
from ..judging.expected import XFAILED, XPASSED
from ..judging.verdict import PARTIAL, Outcome
from ..protocol.bounds import MAX_SHOWN, PROTOCOL_VERSION, printable
from ..scenarios.corpus import clause_text

COLUMNS = (PASSED, FAILED, ERRORED, SKIPPED, XFAILED, XPASSED)
NOT_PASSING = (FAILED, ERRORED, XPASSED)


class TrackError(BrouError):
    """A tracking file that is not one."""


def by_clause(run: Run) -> dict[tuple[str, str], dict[str, int]]:
    """(ruleset, clause) -> counts by status; a scenario counts for each clause it checks."""
    table: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: dict.fromkeys(COLUMNS, 0))
    for o in run.outcomes:
        for clause in o.scenario.clauses:
            table[(o.scenario.ruleset, clause)][o.status] += 1
    return dict(sorted(table.items()))


def summary_line(run: Run) -> str:
    parts = [f"{run.count(s)} {s}" for s in COLUMNS if run.count(s) or s in (PASSED, FAILED)]
    line = f"{len(run.outcomes)} scenarios: " + ", ".join(parts) + f" in {run.loading + run.seconds:.1f} s"
    if run.loading:
        line += f" ({run.loading:.1f} s loading)"
    partial = sum(1 for o in run.outcomes if o.status == PASSED and o.verdict.detail.startswith(PARTIAL)
                  and " not offered" in o.verdict.detail)
    if partial:
        line += f"; {partial} of the passed ran with steps left out (optional features not offered)"
    steps, scenarios = reading_steps(run)
    if steps:
        line += (f"; {steps:,} steps of {scenarios:,} scenarios left out for the readings the implementation "
                 "declared (their expectations depend on them)")
    if run.restarts:
        line += f"; the implementation was restarted {run.restarts} times"
    if run.stale_xfails:
        line += f"; {len(run.stale_xfails)} expected-failure entries match no scenario"
    if run.disputed:
        line += f"; {len(run.disputed)} disputed scenarios not run (the reference engine does not pass them)"
    return line


def reading_steps(run: Run) -> tuple[int, int]:
    """The steps left out because they depend on a reading the implementation declared, and
    the scenarios they belong to (run with the rest of their steps)."""
    counts = [o.verdict.reading_steps for o in run.outcomes if o.verdict.reading_steps]
    return sum(counts), len(counts)


def readings_played(run: Run) -> list[str]:
    """One line per ruleset the implementation plays with other defaults than the spec's
    (the `plays` of its handshake, checked by the runner)."""
    rulesets = (run.hello or {}).get("rulesets", {})
    out = []
    for name, declared in sorted(rulesets.items()):
        plays = declared.get("plays") if isinstance(declared, dict) else None
        if plays:
            out.append(f"reading played for {name}: " + ", ".join(f"{k}={v}" for k, v in sorted(plays.items())))
    return out


def print_text(run: Run, out: TextIO, failures: int = 20, changes: list[tuple[str, str, str]] | None = None) -> None:
    """The table by clause, then each failure (at most `failures`, 0 for all) with
    expected against got and the clause's statement, then the summary.  What comes
    from the implementation is cut and its control characters escaped."""
    console = Console(file=out, width=max(110, Console(file=out).width), highlight=False, soft_wrap=False)
    hello = run.hello or {}
    impl = hello.get("implementation", {}) if isinstance(hello.get("implementation"), dict) else {}
    who = " ".join(str(impl.get(k, "")) for k in ("name", "version")).strip() or run.implementation
    console.print(f"[bold]Brou conformance[/bold]: {escape(printable(who, 4 * MAX_SHOWN))} "
                  f"({escape(printable(run.implementation, MAX_SHOWN))})")
    verdict = suspects(run.outcomes)
    protocol = protocol_failures(run.outcomes)
    if verdict or protocol:  # first: the protocol failures and the rule most likely broken (brou.conformance.diagnosis.localise)
        console.print(f"[bold]{escape(headline(verdict, protocol))}[/bold]")
        for suspect in verdict:
            console.print(f"  - {suspect.clause}: {suspect.evidence}", markup=False)
    for line in readings_played(run):
        console.print(escape(printable(line, 4 * MAX_SHOWN)))
    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    table.add_column("ruleset")
    table.add_column("clause", no_wrap=True, min_width=max((len(c) for _, c in by_clause(run)), default=6))
    for status in COLUMNS:
        table.add_column(status, justify="right")
    for (ruleset, clause), counts in by_clause(run).items():
        style = "red" if any(counts[s] for s in NOT_PASSING) else ""
        table.add_row(ruleset, clause, *(str(counts[s]) if counts[s] else "." for s in COLUMNS), style=style)
    if changes is None:  # with --track, only what changed
        console.print(table)
    bad = shown_failures(run, verdict)
    if changes is not None:
        console.print()
        if not changes:
            console.print("No change since the tracked run.")
        for ident, before, after in changes:
            console.print(f"{printable(ident, MAX_SHOWN)}: {before} -> {after}", markup=False)
    if bad and changes is None:
        console.print()
        shown = bad if failures == 0 else bad[:failures]
        heads: dict[str, str] = {}  # each ruleset's rule most likely broken
        for suspect in verdict:
            heads.setdefault(suspect.ruleset, suspect.clause)
        for o in shown:
            s = o.scenario
            breaks = f"  breaks {o.verdict.clause}" if o.verdict.clause else "  breaks the protocol" if o.verdict.protocol else ""
            breaks += _reading_the_verdict(o, heads.get(s.ruleset))
            console.print(f"[bold]{o.status.upper()}[/bold] {escape(printable(s.id))}  ({escape(printable(s.where))})"
                          f"{escape(breaks)}", markup=True)
            console.print(f"  {printable(s.description)}", markup=False)
            console.print(f"  {printable(o.verdict.detail)}", markup=False)
            if o.verdict.step is not None and o.status == FAILED:
                console.print(f"  expected: {printable(json.dumps(o.verdict.expected, ensure_ascii=False))}", markup=False)
                console.print(f"  got:      {printable(json.dumps(o.verdict.got, ensure_ascii=False))}", markup=False)
            if not o.verdict.protocol:  # (a protocol failure breaks no clause: its detail says what is wrong)
                clause = o.verdict.clause or s.clauses[0]
                console.print(f"  {clause}: {clause_text(s, clause)}", markup=False)
        if len(shown) < len(bad):
            console.print(f"... and {len(bad) - len(shown)} more (--failures 0 shows all)")
    for p in run.stale_xfails[:failures or None]:
        console.print(f"expected-failure entry '{printable(p, MAX_SHOWN)}' matches no scenario: remove it", markup=False)
    if failures and len(run.stale_xfails) > failures:
        console.print(f"... and {len(run.stale_xfails) - failures:,} more such entries (--failures 0 shows all)")
    console.print()
    console.print(summary_line(run), markup=False, soft_wrap=True)  # one line, however long


def _reading_the_verdict(o: Outcome, head: str | None) -> str:
    """", which reads X" when a failure shows on another rule than X, the verdict's, and that rule
    reads X (directly or further along the clauses' `uses`): how the failure is evidence for it."""
    clause = o.verdict.clause
    if head is None or clause is None or clause == head:
        return ""
    try:
        above = links(o.scenario.ruleset).above.get(clause, frozenset())
    except BrouError:
        return ""
    return f", which reads {head}" if head in above else ""


def shown_failures(run: Run, verdict: list[Suspect] | None = None) -> list[Outcome]:
    """What did not pass, in the order the report shows it. Failures come first, grouped by
    the clause they break: first the protocol failures (they break no rule, and come first in the
    verdict), then the groups of the verdict's clauses, in its order (the
    evidence for the rule most likely broken comes first), then the clause most failures name
    (one broken rule makes many scenarios fail that name it, and a few others that name the
    rules it disturbs), on equal numbers the most basic rule first (by chapter); hand-written
    scenarios first within a group. Then the rest, in the order run. `verdict` is the run's
    (`suspects`), computed when not given."""
    bad = [o for o in run.outcomes if o.status in NOT_PASSING]
    named = Counter(o.verdict.clause for o in bad if o.status == FAILED and o.verdict.clause)
    found = suspects(run.outcomes) if verdict is None and named else verdict or []
    first = {s.clause: i for i, s in reversed(list(enumerate(found)))}

    def order(o: Outcome) -> tuple[int, int, int, int, int]:
        clause = o.verdict.clause
        if o.status == FAILED and o.verdict.protocol:
            return 0, -1, 0, 0, 0
        if o.status == FAILED and clause:
            return (0, first.get(clause, len(first)), -named[clause], chapter_rank(clause),
                    int(o.scenario.origin != "hand-written"))
        return 1, 0, 0, 0, 0

    return sorted(bad, key=order)


def verdict_data(found: list[Suspect], run: Run) -> dict[str, Any]:
    """The verdict as JSON: the headline, the protocol failures (each problem and how many
    scenarios fail so), the suspects with their evidence, and the clause the first failure shown
    names (or, for a protocol failure, what is wrong)."""
    shown = shown_failures(run, found)
    protocol = protocol_failures(run.outcomes)
    first = shown[0].verdict if shown else None
    return {"headline": headline(found, protocol),
            "protocol": [{"problem": problem, "scenarios": n} for problem, n in protocol],
            "suspects": [{"ruleset": s.ruleset, "clause": s.clause, "score": round(s.score, 2), "evidence": s.evidence}
                         for s in found],
            "first_failure_clause": first.clause if first is not None else None,
            **({"first_failure_protocol": first.protocol} if first is not None and first.protocol else {})}


def to_json(run: Run) -> dict[str, Any]:
    return {
        "format": "brou-report/1",
        "verdict": verdict_data(suspects(run.outcomes), run),
        "harness": {"version": __version__, "protocol": PROTOCOL_VERSION},
        "implementation": run.implementation,
        "hello": run.hello,
        "seconds": round(run.seconds, 3),
        "restarts": run.restarts,
        "counts": {s: run.count(s) for s in COLUMNS},
        "reading_steps": reading_steps(run)[0],
        "exit_status": run.exit_status,
        "stale_xfails": run.stale_xfails,
        "disputed": run.disputed,
        "clauses": [{"ruleset": r, "clause": c, **counts} for (r, c), counts in by_clause(run).items()],
        "scenarios": [
            {"id": o.scenario.id, "status": o.status, "ruleset": o.scenario.ruleset, "clauses": list(o.scenario.clauses),
             "file": o.scenario.where, **({"detail": o.verdict.detail} if o.verdict.detail else {}),
             **({"reading_steps": o.verdict.reading_steps} if o.verdict.reading_steps else {}),
             **({"step": o.verdict.step, "clause": o.verdict.clause, "observed": o.verdict.observed,
                 "expected": o.verdict.expected, "got": o.verdict.got}
                if o.status == FAILED else {}),
             **({"protocol": o.verdict.protocol} if o.verdict.protocol else {})}
            for o in run.outcomes
        ],
    }


_INVISIBLE = re.compile("[\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]")


def json_text(run: Run) -> str:
    """The JSON report as text, with the characters a terminal would act on or hide
    (C1 controls, bidirectional and zero-width characters) written as \\uNNNN escapes."""
    text = json.dumps(to_json(run), indent=1, ensure_ascii=False)
    return _INVISIBLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


def to_junit(run: Run) -> str:
    """JUnit XML: one test suite per ruleset, one test case per scenario (classname: the clause a
    failure breaks, `protocol` for a protocol failure, else the scenario's purpose, its first clause)."""
    root = ET.Element("testsuites", name="brou-conformance", tests=str(len(run.outcomes)), time=f"{run.seconds:.3f}")
    suites: dict[str, ET.Element] = {}
    counts: dict[str, dict[str, int]] = defaultdict(lambda: {"tests": 0, "failures": 0, "errors": 0, "skipped": 0})
    for o in run.outcomes:
        s = o.scenario
        suite = suites.get(s.ruleset)
        if suite is None:
            suite = suites[s.ruleset] = ET.SubElement(root, "testsuite", name=s.ruleset)
        classname = o.verdict.clause or ("protocol" if o.verdict.protocol else s.clauses[0])
        case = ET.SubElement(suite, "testcase", classname=classname, name=s.id, file=s.file,
                             line=str(s.line), time=f"{o.seconds:.4f}")
        c = counts[s.ruleset]
        c["tests"] += 1
        if o.status in (FAILED, XPASSED):
            c["failures"] += 1
            failure = ET.SubElement(case, "failure", message=_xml(o.verdict.detail[:500]))
            failure.text = _xml(_failure_text(o.scenario.description, o.verdict))
        elif o.status == ERRORED:
            c["errors"] += 1
            ET.SubElement(case, "error", message=_xml(o.verdict.detail[:500]))
        elif o.status in (SKIPPED, XFAILED):
            c["skipped"] += 1
            ET.SubElement(case, "skipped", message=_xml(o.verdict.detail[:500]))
    left: dict[str, int] = defaultdict(int)
    for o in run.outcomes:
        left[o.scenario.ruleset] += o.verdict.reading_steps
    found = suspects(run.outcomes)
    for name, suite in suites.items():
        for key, value in counts[name].items():
            suite.set(key, str(value))
        mine = [s for s in found if s.ruleset == name]
        properties = ET.Element("properties")
        protocol = protocol_failures(o for o in run.outcomes if o.scenario.ruleset == name)
        if protocol:  # answers not of the protocol's shape: no rule is broken by them
            ET.SubElement(properties, "property", name="protocol-failures", value=headline([], protocol))
        if mine:  # the verdict first: the rule most likely broken in this ruleset, then the next two
            ET.SubElement(properties, "property", name="most-likely-broken", value=headline(mine))
        if left[name]:  # steps left out because they depend on a declared reading (the rest of each scenario ran)
            ET.SubElement(properties, "property", name="steps-left-out-for-readings", value=str(left[name]))
        if len(properties):
            suite.insert(0, properties)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml(text: str) -> str:
    """The text with what XML 1.0 cannot hold written as \\xNN or \\uNNNN."""
    return _NOT_XML.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"), text)


def _failure_text(description: str, verdict: Any) -> str:
    lines = [description, verdict.detail]
    if verdict.step is not None:
        lines.append(f"expected: {json.dumps(verdict.expected, ensure_ascii=False)}")
        lines.append(f"got: {json.dumps(verdict.got, ensure_ascii=False)}")
    return "\n".join(lines)


# -- tracking ---------------------------------------------------------------------------


def read_track(path: Path) -> dict[str, str] | None:
    """The statuses of the tracked earlier run, or None if there was none."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # unreadable, not UTF-8, not JSON, nested too deep
        raise TrackError(f"{path}: not a tracking file of brou check ({exc.__class__.__name__})") from None
    if not isinstance(data, dict) or data.get("format") != "brou-track/1" or not isinstance(data.get("statuses"), dict):
        raise TrackError(f"{path}: not a tracking file of brou check (format brou-track/1)")
    return {str(k): str(v) for k, v in data["statuses"].items()}


def changes_since(before: Mapping[str, str] | None, run: Run, corpus_ids: set[str]) -> list[tuple[str, str, str]]:
    """(id, status before, status now) for each scenario run whose status changed ('new'
    if it was not run before), and (id, status before, 'gone') for a tracked scenario
    that is no longer in the corpus."""
    now = {o.scenario.id: o.status for o in run.outcomes}
    before = before or {}
    out = [(i, before.get(i, "new"), s) for i, s in now.items() if before.get(i) != s]
    out += [(i, s, "gone") for i, s in before.items() if i not in corpus_ids]
    return out


def write_track(path: Path, run: Run, before: Mapping[str, str] | None, corpus_ids: set[str]) -> None:
    """Save the statuses: this run's, and the earlier ones of scenarios not run this time."""
    statuses = {i: s for i, s in (before or {}).items() if i in corpus_ids}
    statuses.update({o.scenario.id: o.status for o in run.outcomes})
    tmp = path.with_name(path.name + ".tmp")
    text = json.dumps({"format": "brou-track/1", "statuses": statuses}, indent=0, sort_keys=True)
    tmp.write_text(text + "\n", encoding="utf-8")
    tmp.replace(path)

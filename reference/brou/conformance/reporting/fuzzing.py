"""A `brou fuzz` run reported: as text and as JSON (`report_text`, `report_data`, with the
verdict on the shrunk case, brou.conformance.diagnosis.localise), and the shrunk case written as
a scenario file of the corpus (`finished_scenario`, `write_scenario`)."""

from __future__ import annotations

import shlex
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from ...errors import one_line
from ..cases.fuzz import Finding, FuzzRun
from ..cases.generate import NoAliasDumper
from ..cases.shrink import actions_of
from ..diagnosis.localise import Suspect, headline, suspects
from ..judging.compare import FAILED
from ..judging.verdict import Outcome
from ..protocol.bounds import as_text
from ..scenarios.corpus import FORMAT, Scenario

# -- the found case as a scenario file ------------------------------------------------------


def finished_scenario(finding: Finding, run: FuzzRun) -> dict[str, Any]:
    """The shrunk case as a scenario of the corpus: its purpose, the clause it breaks
    (an error: the clauses it touches), an id and a description."""
    data = dict(finding.scenario)
    clause = finding.verdict.clause
    clauses = list(data["clauses"])
    if clause is not None:
        clauses = [clause] + [c for c in clauses if c != clause]
    what = finding.verdict.detail.splitlines()[0] if finding.verdict.detail else finding.kind
    named = (clause or clauses[0]).replace("_", "-")
    ident = f"fuzz.{named}.s{run.seed}-c{finding.number}"
    description = (f"found by brou fuzz --seed {run.seed} (case {finding.number}), shrunk from {finding.found_actions} "
                   f"actions{_over(finding)} to {actions_of(data)}{_from(finding)}: {what}")
    out: dict[str, Any] = {"id": ident, "description": " ".join(description.split())[:400], "clauses": clauses,
                           "ruleset": data["ruleset"]}
    if data.get("params"):
        out["params"] = data["params"]
    out |= {"origin": "fuzzed", "setup": data["setup"], "steps": data["steps"]}
    return out


def _over(finding: Finding) -> str:
    """The deals the case found played, if more than one."""
    return f" over {finding.found_deals} deals" if finding.found_deals > 1 else ""


def _from(finding: Finding) -> str:
    """Where the shrunk case begins, if at a later deal of the case found."""
    if not finding.from_deal:
        return ""
    kept = "match" if "match" in finding.scenario["setup"] else "session"
    return f", from its deal {finding.from_deal + 1} on (the {kept} as it stood then given as setup)"


def write_scenario(scenario: dict[str, Any], folder: Path) -> Path:
    """Write a found scenario as a YAML file of the corpus format in `folder` (a new file:
    an existing one is never overwritten)."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = scenario["id"]
    path = folder / f"{stem}.yaml"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.yaml"
    header = (f"# {scenario['description']}\n# Check it: brou check --impl COMMAND --scenarios {path.name}\n")
    body = yaml.dump({"format": FORMAT, "scenarios": [scenario]}, Dumper=NoAliasDumper, sort_keys=False,
                     default_flow_style=None, width=120, allow_unicode=True)
    path.write_text(header + body, encoding="utf-8")
    return path



# -- the report -----------------------------------------------------------------------------


def finding_suspects(finding: Finding) -> list[Suspect]:
    """The verdict on the shrunk case alone: the rule most likely broken (brou.conformance.diagnosis.localise)."""
    if finding.verdict.status != FAILED:
        return []
    try:
        scenario = Scenario(finding.scenario, "brou fuzz", finding.number)
    except (KeyError, TypeError, ValueError):
        return []
    return suspects([Outcome(scenario, finding.verdict)])


def report_data(run: FuzzRun) -> dict[str, Any]:
    """The run as JSON data (`brou fuzz --report json`)."""
    data: dict[str, Any] = {
        "implementation": run.implementation, "seed": run.seed, "rulesets": list(run.rulesets), "cases": run.cases,
        "seconds": round(run.seconds, 3), "cases_per_second": round(run.cases / run.seconds, 1) if run.seconds else None,
        "by_ruleset": dict(run.by_ruleset), "settings": dict(run.settings), "endings": dict(run.endings),
        "deals": run.deals, "deals_per_second": round(run.deals / run.seconds, 1) if run.seconds else None,
        "reach": dict(run.reach),
        "actions": run.actions, "refused": run.refused, "skipped": run.skipped, "exit_status": run.exit_status,
        "start_error": run.start_error, "finding": None}
    f = run.finding
    if f is not None:
        data["finding"] = {
            "kind": f.kind, "case": f.number, "clause": f.verdict.clause, "status": f.verdict.status,
            "verdict": [{"clause": v.clause, "evidence": v.evidence} for v in finding_suspects(f)],
            "step": f.verdict.step, "detail": f.verdict.detail, "expected": f.verdict.expected, "got": f.verdict.got,
            "found": {"steps": f.found_steps, "actions": f.found_actions, "deals": f.found_deals},
            "shrunk": {"steps": len(f.scenario["steps"]), "actions": actions_of(f.scenario),
                       "deals": 1 + sum("deal" in step for step in f.scenario["steps"]), "from_deal": f.from_deal + 1,
                       "seconds": round(f.shrink_seconds, 3), "cases_tried": f.shrink_tries},
            "scenario_file": str(f.path) if f.path else None, "scenario": f.scenario}
    return data


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def _counts(counter: Counter[str], order: tuple[str, ...] = ()) -> str:
    keys = [k for k in order if counter.get(k)] + sorted(k for k in counter if k not in order)
    return ", ".join(f"{k} {counter[k]:,}" for k in keys) or "none"


_ENDINGS = ("played-out", "all-tricks", "claim-right", "claim-wrong", "declaration-made", "declaration-failed",
            "concession-accepted", "replay", "cut")


def report_text(run: FuzzRun, command: str | None = None) -> str:
    """The run as text: what was tried, and the finding with how to replay it."""
    rate = f", {run.cases / run.seconds:,.0f} a second" if run.seconds else ""
    head = f"brou fuzz: {_plural(run.cases, 'case')} against {run.implementation} (seed {run.seed}) in {run.seconds:.1f} s{rate}"
    if run.start_error:
        return one_line(f"brou fuzz: the implementation could not be started: {run.start_error}") + "\n"
    lines = []
    if run.finding is None:
        lines.append(f"{head}: every answer agreed with the reference engine")
    else:
        lines.append(f"{head}: case {run.finding.number} "
                     + ("departs from the reference engine" if run.finding.kind == "divergence" else "errored"))
    lines.append(f"  cases    {_counts(run.by_ruleset)}; {_counts(run.settings, ('alone', 'game', 'match'))}")
    lines.append(f"  endings  {_counts(run.endings, _ENDINGS)}")
    skipped = f"; {_plural(run.skipped, 'case')} skipped" if run.skipped else ""
    lines.append(f"  actions  {run.actions:,} taken, {run.refused:,} refused{skipped}")
    further = run.reach.get("deal", 0)
    asked = ", ".join(f"{name} {run.reach[name]:,}" for name in ("view", "speakers", "perft") if run.reach.get(name))
    lines.append(f"  reach    {_plural(run.deals, 'deal')} ({further:,} dealt on in a match or session); "
                 f"asked besides: {asked or 'nothing'}")
    f = run.finding
    if f is not None:
        v = f.verdict
        verdict = finding_suspects(f)
        if verdict:
            lines.append(f"  verdict  {headline(verdict)}")
        if v.clause is not None:
            lines.append(f"  clause   {v.clause}")
        lines.append(f"  {'failed' if v.status == FAILED else 'error':8s} {one_line(v.detail)}")
        if v.status == FAILED:
            lines.append(f"  expected {as_text(v.expected, 300)}")
            lines.append(f"  got      {as_text(v.got, 300)}")
        lines.append(f"  shrunk   from {f.found_actions} actions ({f.found_steps} steps{_over(f).replace(' over', ',')}) to "
                     f"{actions_of(f.scenario)} actions ({len(f.scenario['steps'])} steps){_from(f)} "
                     f"in {f.shrink_seconds:.1f} s, {f.shrink_tries:,} cases tried")
        if f.path is not None:
            lines.append(f"  written  {f.path}")
            replay = f"brou check --impl {shlex.quote(command)}" if command else "brou check"
            lines.append(f"  replay   {replay} --scenarios {shlex.quote(str(f.path))}")
    return "\n".join(lines) + "\n"

"""`brou check` and `brou coverage`."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ... import spec
from ...errors import SpecError, UsageError, one_line
from ...spec.rules import Rules
from ...spec.tables import table_text
from ..diagnosis.run import Run, run
from ..judging.expected import read_xfail
from ..judging.readings import dispute_lines
from ..judging.reference import load, load_corpus
from ..judging.verdict import Outcome
from ..protocol.bounds import MAX_SHOWN, cut
from ..protocol.runner import MAX_TIMEOUT, Implementation, InProcess, SignalGuard, Subprocess, is_time_limit, reference_command
from ..scenarios.corpus import ORIGINS, Selection
from . import report


def _seconds(option: str, value: float, command: str = "check") -> float:
    """A time limit given on the command line: a number of seconds, more than 0 and at most a day."""
    if not is_time_limit(value):
        raise UsageError(f"brou {command}: {option} must be a number of seconds, more than 0 and at most {MAX_TIMEOUT:g} "
                         f"(got {value:g})")
    return value


def _implementation(args: argparse.Namespace, command: str = "check") -> Implementation:
    if getattr(args, "in_process", False):  # brou check only
        if args.impl is not None:
            raise UsageError("brou check: --in-process runs the reference engine; it cannot be used with --impl")
        return InProcess()
    if args.impl is not None:
        try:
            impl = Subprocess(args.impl, start_timeout=args.start_timeout)
        except ValueError as exc:
            raise UsageError(f"brou {command}: --impl needs a command ({exc})") from None
        program = impl.argv[0]
        found = shutil.which(program) if os.sep not in program else program
        if found is None or not os.path.isfile(found) or not os.access(found, os.X_OK):
            raise UsageError(one_line(f"brou {command}: --impl: {cut(program, MAX_SHOWN)}: no such program "
                                      "(not found, or not an executable file)"))
        return impl
    impl = Subprocess(reference_command(), start_timeout=args.start_timeout)
    impl.name = "reference engine (brou serve)"
    return impl


def cmd_check(args: argparse.Namespace) -> int:
    started = time.perf_counter()  # the summary's time counts the loading too
    _seconds("--timeout", args.timeout)
    _seconds("--start-timeout", args.start_timeout)
    if args.max_hangs < 0:
        raise UsageError("brou check: --max-hangs must be 0 or more")
    selection = Selection(args.ruleset, args.clause, args.feature, args.id, args.origin)
    xfail = read_xfail(_small_file(args.xfail, "--xfail")) if args.xfail else None  # refused before the corpus is read
    loaded = load([Path(p) for p in args.scenarios] or None, keep=selection.keeps, disputes=True)
    chosen = loaded.scenarios
    disputed = dispute_lines(loaded.disputed)  # each named on standard error; the others run
    if not chosen:
        if disputed:
            _print_disputed(disputed)
            return EXIT_DISPUTED
        raise UsageError("brou check: no scenario matches the filters")
    track_path = _small_file(args.track, "--track") if args.track else None
    before = report.read_track(track_path) if track_path else None
    impl = _implementation(args)
    # a program cannot end the run by signalling it (held before the progress thread starts; not in
    # process, where no poll loop would read the user's Ctrl-C)
    with SignalGuard() if isinstance(impl, Subprocess) else contextlib.nullcontext():
        result = _run_check(args, impl, chosen, xfail, loaded.ids)
    result.loading = max(0.0, time.perf_counter() - started - result.seconds)
    result.disputed = disputed
    corpus_ids = set(loaded.ids)
    changes = report.changes_since(before, result, corpus_ids) if track_path else None
    _write_report(args, result, changes)
    if track_path:
        try:
            report.write_track(track_path, result, before, corpus_ids)
        except OSError as exc:
            raise UsageError(f"brou check: cannot write {track_path}: {exc.strerror}") from None
    _print_disputed(disputed)
    return result.exit_status


def _run_check(args: argparse.Namespace, impl: Implementation, chosen: list[Any], xfail: dict[str, str] | None,
               ids: Any) -> Run:
    """The run of `brou check`, with its progress bar if asked."""
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    if show:
        progress = Progress(TextColumn("[bold]brou check"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[bad]}"),
                            TimeElapsedColumn(), TimeRemainingColumn(), console=Console(file=sys.stderr), transient=True)
        with progress:
            task = progress.add_task("check", total=len(chosen), bad="")
            bad = [0]

            def tick(o: Outcome) -> None:
                if o.status != "passed" and o.status != "skipped":
                    bad[0] += 1
                progress.update(task, advance=1, bad=f"[red]{bad[0]} not passing" if bad[0] else "")

            return run(impl, chosen, timeout=args.timeout, xfail=xfail, all_ids=ids, progress=tick,
                       max_hangs=args.max_hangs, whole_values=args.whole_values)
    return run(impl, chosen, timeout=args.timeout, xfail=xfail, all_ids=ids, max_hangs=args.max_hangs,
               whole_values=args.whole_values)


EXIT_DISPUTED = 2  # bad input: scenarios the reference engine does not pass


def _print_disputed(lines: list[str]) -> None:
    """The scenarios the reference engine does not pass, one line each on standard error."""
    for line in lines:
        print(one_line(f"brou check: {line}"), file=sys.stderr)


MAX_LIST_BYTES = 16 << 20


def _small_file(name: str, option: str) -> Path:
    """`name` as a path, UsageError if it is there but is no regular file of at most MAX_LIST_BYTES
    (`--xfail /dev/zero` would be read forever)."""
    path = Path(name)
    try:
        info = path.stat()
    except OSError:
        return path  # missing: the reader says so (a tracking file is created)
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_LIST_BYTES:
        raise UsageError(one_line(f"brou check: {option} {name}: not a regular file of at most {MAX_LIST_BYTES:,} bytes"))
    return path


def _write_report(args: argparse.Namespace, result: Any, changes: list[tuple[str, str, str]] | None) -> None:
    writers: dict[str, Callable[[], str]] = {
        "json": lambda: report.json_text(result),
        "junit": lambda: report.to_junit(result),
    }
    if args.report == "text":
        if args.output:
            with _open(args.output) as out:
                report.print_text(result, out, args.failures, changes)
        else:
            report.print_text(result, sys.stdout, args.failures, changes)
        return
    text = writers[args.report]()
    if args.output:
        with _open(args.output) as out:
            out.write(text)
        report.print_text(result, sys.stdout, args.failures, changes)
    else:
        sys.stdout.write(text.encode("utf-8", "backslashreplace").decode("utf-8"))
        print(report.summary_line(result), file=sys.stderr)


def _open(path: str) -> Any:
    try:
        return open(path, "w", encoding="utf-8", errors="backslashreplace")
    except OSError as exc:
        raise UsageError(f"brou check: cannot write {path}: {exc.strerror}") from None


def _known_clause(clause: str) -> dict[str, dict[str, Any]]:
    """A clause's statement and sources in each ruleset that has it; UsageError if none has."""
    rulesets = {}
    for ruleset in spec.available_rulesets():
        data = spec.load_document(ruleset).data["clauses"].get(clause)  # read, not compiled: fast
        if data is not None:
            rulesets[ruleset] = {"en": data["en"], "fr": data["fr"], "sources": data.get("sources", [])}
    if not rulesets:
        raise UsageError(one_line(f"brou coverage: no ruleset has a clause '{clause[:200]}'"))
    return rulesets


def clause_data(clause: str, corpus: list[Any]) -> dict[str, Any]:
    """Traceability from a clause id: statement and sources per ruleset, the function that
    implements it, its rulebook page, and the scenarios that check it."""
    from ...spec.chapters import rulebook_page
    from ...spec.clauses import all_implementations

    rulesets = _known_clause(clause)
    for ruleset, data in rulesets.items():
        number = booklet_rule(ruleset, clause)
        if number:
            data["booklet"] = {"rule": number,
                               "page": f"build/rulebook/<en|fr>/booklet-{ruleset}/rules.html#{clause}"}
    checking = [s for s in corpus if clause in s.clauses]
    return {"clause": clause, "rulesets": rulesets, "implemented_by": all_implementations().get(clause),
            "rulebook": f"build/rulebook/<en|fr>/html/{rulebook_page(clause)}",
            "scenarios": [{"id": s.id, "where": s.where} for s in checking if s.origin != "generated"],
            "generated": sum(1 for s in checking if s.origin == "generated")}


def booklet_rule(ruleset: str, clause: str) -> str:
    """The clause's rule number in the ruleset's players' booklet (`4.2`), "" if it has none."""
    from ...spec.chapters import booklet_numbers
    from ...spec.rules import Rules

    path = spec.SPEC_DIR / "booklets" / f"{ruleset}.yaml"
    try:
        titled = spec.read_yaml(path).data.get("chapters") if path.exists() else None
    except SpecError:
        titled = None
    return booklet_numbers(Rules.load(ruleset), titled).get(clause, "")


def _one_clause(clause: str, corpus: list[Any]) -> int:
    data = clause_data(clause, corpus)
    for ruleset, c in data["rulesets"].items():
        sources = "; ".join(f"{s['source']} {s.get('section', '')}".strip() for s in c["sources"])
        print(f"{clause} ({ruleset}): {c['en']}")
        print(f"  source: {sources}")
        if "booklet" in c:
            print(f"  players' booklet: rule {c['booklet']['rule']} ({c['booklet']['page']})")
    print(f"  implemented by: {data['implemented_by'] or '(none)'}")
    print(f"  rulebook: {data['rulebook']} (make rulebook)")
    for s in data["scenarios"]:
        print(f"  scenario {s['id']}  ({s['where']})")
    print(f"  and {data['generated']} generated scenarios" if data["generated"] else "  no generated scenario")
    return 0


def coverage(corpus: list[Any]) -> dict[str, dict[str, dict[str, int]]]:
    """ruleset -> clause -> {origin: number of scenarios}, every clause of every ruleset listed."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for ruleset in spec.available_rulesets():
        clauses = Rules.load(ruleset).data["clauses"]
        out[ruleset] = {c: dict.fromkeys(ORIGINS, 0) for c in clauses}
    for s in corpus:
        for c in s.clauses:
            out[s.ruleset][c][s.origin] += 1
    return out


def cmd_coverage(args: argparse.Namespace) -> int:
    """Print the clause coverage (or, with --json, write it as JSON); exit 1 if a clause has
    no hand-written scenario."""
    paths = [Path(p) for p in args.scenarios] or None
    if args.clause:
        clause = args.clause
        _known_clause(clause)  # refused before the corpus is read
        corpus = load(paths, keep=lambda s: clause in s.clauses).scenarios
        if args.json:
            print(json.dumps(clause_data(args.clause, corpus), indent=2, ensure_ascii=False))
            return 0
        return _one_clause(args.clause, corpus)
    corpus = load_corpus(paths)
    counts = coverage(corpus)
    uncovered = [f"{ruleset} {clause}" for ruleset, clauses in counts.items() for clause, n in clauses.items()
                 if not n["hand-written"]]
    if args.json:
        print(json.dumps({"scenarios": len(corpus), "coverage": counts, "uncovered": uncovered}, indent=2))
        return 1 if uncovered else 0
    # the shipped corpus's origins, and the cases found by brou fuzz when a folder of them is given
    origins = tuple(o for o in ORIGINS if o != "fuzzed" or any(s.origin == o for s in corpus))
    rows = [(ruleset, clause, *(str(n[k]) for k in origins)) for ruleset, clauses in counts.items()
            for clause, n in clauses.items()]
    print(table_text(("ruleset", "clause", *origins), rows, right=origins, no_wrap=("ruleset", "clause")))
    total = sum(len(c) for c in counts.values())
    print(f"\n{len(corpus)} scenarios; {total - len(uncovered)} of {total} clauses (counted per ruleset) "
          "have a hand-written scenario.")
    for line in uncovered:
        print(f"no hand-written scenario: {line}")
    return 1 if uncovered else 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    """`brou fuzz`: random cases against an implementation, compared with the reference engine
    at every step; the first that does not pass shrunk and written out (docs/fuzzing.md)."""
    from ..cases.fuzz import fuzz
    from .fuzzing import report_data, report_text, write_scenario

    _seconds("--timeout", args.timeout, "fuzz")
    _seconds("--start-timeout", args.start_timeout, "fuzz")
    if args.seconds is not None:
        _seconds("--seconds", args.seconds, "fuzz")
    _seconds("--shrink-seconds", args.shrink_seconds, "fuzz")  # nan and inf refused too, as every time option
    if args.deals is not None and args.deals < 1:
        raise UsageError("brou fuzz: --deals must be 1 or more")
    if not 0 <= args.seed < 1 << 64:
        raise UsageError("brou fuzz: --seed must be a whole number from 0 to 2^64 - 1")
    deals = args.deals if args.deals is not None or args.seconds is not None else DEFAULT_FUZZ_DEALS
    save = Path(args.save)
    if save.exists() and not save.is_dir():
        raise UsageError(f"brou fuzz: --save {args.save}: not a folder")
    impl = _implementation(args, "fuzz")
    with SignalGuard():  # as in brou check: a program cannot end the run by signalling it
        show = args.progress if args.progress is not None else sys.stderr.isatty()
        rulesets = tuple(args.ruleset)
        if show:
            progress = Progress(TextColumn("[bold]brou fuzz"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), console=Console(file=sys.stderr),
                                transient=True)
            with progress:
                task = progress.add_task("fuzz", total=deals, rate="")
                t0 = time.perf_counter()

                def tick(r: Any) -> None:
                    if r.cases % 50 == 0:
                        elapsed = time.perf_counter() - t0
                        progress.update(task, completed=r.cases, rate=f"{r.cases / elapsed:,.0f} cases/s" if elapsed else "")

                result = fuzz(impl, seed=args.seed, deals=deals, seconds=args.seconds, rulesets=rulesets,
                              timeout=args.timeout, shrink_seconds=args.shrink_seconds, progress=tick)
        else:
            result = fuzz(impl, seed=args.seed, deals=deals, seconds=args.seconds, rulesets=rulesets,
                          timeout=args.timeout, shrink_seconds=args.shrink_seconds)
    if result.finding is not None:
        from .fuzzing import finished_scenario

        scenario = finished_scenario(result.finding, result)
        result.finding.scenario = scenario
        try:
            result.finding.path = write_scenario(scenario, save)
        except OSError as exc:
            print(one_line(f"brou fuzz: cannot write the scenario into {save}: {exc.strerror}"), file=sys.stderr)
    text = report_text(result, args.impl)
    if args.report == "json":
        data = json.dumps(report_data(result), indent=2, ensure_ascii=False) + "\n"
        if args.output:
            with _open(args.output) as out:
                out.write(data)
            sys.stdout.write(text)
        else:
            sys.stdout.write(data)
            print(text.splitlines()[0], file=sys.stderr)
    elif args.output:
        with _open(args.output) as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return result.exit_status


DEFAULT_FUZZ_DEALS = 1000

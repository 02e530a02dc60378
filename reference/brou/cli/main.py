"""The `brou` command.

    brou                             this help; brou --version: the version
    brou validate [FILE ...]         check spec files against the schemas
    brou spec --ruleset R            a ruleset as one document, merged with the rulesets it extends
    brou deal --ruleset R --seed N   play one random legal deal and show it
    brou solve --from POSITION       solve a position double dummy: its value and each action's
    brou match --ruleset R --seed N  play a whole match between two bots, with its score sheet
    brou check [--impl COMMAND]      run the conformance corpus against an implementation
    brou fuzz [--impl COMMAND]       random deals against an implementation, the first divergence shrunk
    brou serve                       the reference engine speaking the conformance protocol
    brou coverage                    which clauses the corpus checks, and how often
    brou ambiguities [--ruleset R]   the register of open questions; brou ambiguity AMB-05: one entry
    brou prove                       the machine-checked facts about the rules (z3)
    brou sources                     every paragraph of the sources and the clauses that encode it

Exit status: 0 success; 1 (brou check) a scenario failed, (brou fuzz) a case
diverged; 3 (brou check) a scenario errored and none failed, (brou fuzz) a case
errored; 2 bad input (a spec or scenario file, a ruleset, a parameter, a seed, a
command line), reported as one line on standard error behind the prefix `brou CMD: `;
70 an internal error.  `--json` prints the result of validate, ambiguities, ambiguity,
prove, coverage, deal and match as JSON.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn

from .. import spec
from ..cards.deal import deal_from_seed
from ..cards.shuffle import MAX_SEED
from ..compiled import PURE_VARIABLE, engine_text, is_compiled, slow_warning
from ..engine.bots import acts_out_of_turn, next_move, seated
from ..engine.deals import new_deal
from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal
from ..engine.notation import MAX_LINE, parse_deal, position_notation
from ..engine.phases import PhaseDeal
from ..engine.positions import position_from
from ..engine.record import RecordError, final_result, parse_record, record_of, record_text, replay
from ..engine.session import GAMES_AND_MARKS, Session
from ..engine.sheet_svg import sheet_svg
from ..engine.sheet_text import sheet_text
from ..engine.text import deal_text, deal_to_data, session_text
from ..errors import BrouError, SpecError, UsageError, message_line, quoted
from ..laws.talon import talon_deal_from_seed
from ..players import PLAYER_NAMES, PlayerSpec, parse_players, players_of
from ..spec.rules import Rules
from ..spec.tables import table_text
from .files import MAX_RECORD_BYTES, read_line, read_text, writable_file, writable_folder

EXIT_OK, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 2, 70


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit 2) instead of a usage block."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def _seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number from 0 to {MAX_SEED}, not {quoted(text)}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed must be a whole number from 0 to {MAX_SEED}, not {value}")
    return value


def _param(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"a parameter is written NAME=VALUE, not {quoted(text)}")
    return name, spec.parse_value(value)


def version() -> str:
    """The installed package's version."""
    try:
        return metadata.version("brou")
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


def version_line() -> str:
    """`brou --version`: the version and which engine runs, compiled or pure and why
    (brou.compiled.engine_text)."""
    return f"brou {version()}; engine: {engine_text()}"


class VersionAction(argparse.Action):
    """`--version`: the version line as it is (argparse's own would wrap it), then exit 0."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="the version, and which engine runs: compiled or pure Python")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def slow_if_pure(command: str, players: Sequence[PlayerSpec] | None = None) -> None:
    """Where the engine runs as Python, one line on standard error before a command that
    searches (`players`: where one of them searches, brou.players.names.Maker) says it will be
    slow and how to get the compiled engine; nothing where it runs compiled."""
    if players is not None and not any(p.maker.searches for p in players):
        return
    warning = slow_warning(command)
    if warning:
        print(warning, file=sys.stderr, flush=True)


DESCRIPTION = ("Executable rules of five old French card games: L'Homme de Brou (1802), Brouc, Brusquembille "
               "(1718), L'Homme d'Auvergne and L'Hombre.")


class SourcesParser(Parser):
    """`brou sources`: its help lists the source ids of the concordance (spec/concordance.yaml),
    read only when the help is shown."""

    def format_help(self) -> str:
        from ..spec.sources import load_concordance

        ids = ", ".join(load_concordance()["sources"])
        for action in self._actions:
            if action.dest == "source":
                action.help = f"only this source: {ids}"
        return super().format_help()


def build_parser() -> Parser:
    parser = Parser(prog="brou", description=DESCRIPTION)
    parser.add_argument("--version", action=VersionAction)
    sub = parser.add_subparsers(dest="command", parser_class=Parser, metavar="COMMAND")

    validate = sub.add_parser("validate", help="check ruleset files against the schemas and the spec's own rules")
    validate.add_argument("files", nargs="*", help="ruleset files or ids (default: every file in spec/rulesets/)")
    validate.add_argument("--json", action="store_true", help="print the result of each file as JSON")

    deal = sub.add_parser("deal", help="play one random legal deal and show it")
    deal.add_argument("--ruleset", help=f"a ruleset id ({', '.join(spec.available_rulesets())}) or a file")
    deal.add_argument("--seed", type=_seed, help="the deal's seed (see docs/shuffle.md)")
    deal.add_argument("--from", dest="position", metavar="POSITION",
                      help="instead of --ruleset and --seed: a deal or a position in the notation of "
                           "docs/notation.md (one line; - reads it from standard input), played on from there")
    deal.add_argument("--cut", type=int, default=None, metavar="K",
                      help="the player on the dealer's left cuts K cards off the shuffled pack before the deal "
                           "(clause hdb.deal.cut; default: the pack is dealt as shuffled)")
    deal.add_argument("--play-seed", type=_seed, default=None, help="seed of the random choice of actions (default: --seed)")
    deal.add_argument("--param", type=_param, action="append", default=[], metavar="NAME=VALUE",
                      help="choose a parameter of the ruleset (an option of an ambiguity)")
    deal.add_argument("--json", action="store_true", help="print the deal as JSON")

    solve = sub.add_parser("solve", help="solve a position double dummy (every card known): the value the side to "
                                         "act can force, and each legal action's value (docs/solve.md)")
    solve.add_argument("--from", dest="position", metavar="POSITION",
                       help="a deal or a position in the notation of docs/notation.md (one line; - reads it from "
                            "standard input)")
    solve.add_argument("--ruleset", help=f"instead of --from: a ruleset id ({', '.join(spec.available_rulesets())})")
    solve.add_argument("--seed", type=_seed, help="with --ruleset: the deal's seed, solved from its first card (L'Hombre's "
                                                  "auction and exchange played by the careful player)")
    solve.add_argument("--param", type=_param, action="append", default=[], metavar="NAME=VALUE",
                       help="with --ruleset: choose a parameter of the ruleset")
    solve.add_argument("--for", dest="player", type=int, default=None, metavar="PLAYER",
                       help="whose side is solved, a player of the line (default: the player to act; in L'Hombre the "
                            "hombre)")
    solve.add_argument("--goal", help="what is counted where a game has a choice: Brusquembille's points (default) or "
                                      "jetons")
    solve.add_argument("--value-only", action="store_true",
                       help="the value alone, without each action's (one search instead of one per action)")
    solve.add_argument("--json", action="store_true", help="print the solution as JSON")

    match = sub.add_parser("match", help="play a whole match between two bots and print the score sheet as it grows")
    match.add_argument("--ruleset", help=f"a ruleset id ({', '.join(spec.available_rulesets())}) or a file")
    match.add_argument("--seed", type=_seed, help="the match's seed: it fixes every deal (see docs/shuffle.md)")
    match.add_argument("--from", dest="record_from", metavar="FILE",
                       help="instead of --ruleset and --seed: replay the game record FILE (docs/notation.md; - reads "
                            "standard input), checking every deal against the one before, and print its score sheet")
    match.add_argument("--record", metavar="FILE", help="also write the match's game record to FILE (docs/notation.md)")
    match.add_argument("--bots", type=_bots, metavar="BOT,BOT",
                       help=f"the players of team 0+2 and team 1+3 (in the other games: of the even and the odd "
                            f"players), from {', '.join(PLAYER_NAMES)} (default greedy,random), each a name or "
                            f"NAME:KEY=VALUE:KEY=VALUE (e.g. pimc:samples=8:early=4; docs/players.md); the same as "
                            f"--players with the two alternating")
    match.add_argument("--players", type=_players, metavar="P,P,...",
                       help="instead of --bots: one player per player at the table, player 0 first "
                            "(e.g. pimc:samples=8,pimc,greedy,random), named as for --bots")
    match.add_argument("--param", type=_param, action="append", default=[], metavar="NAME=VALUE",
                       help="choose a parameter of the ruleset (an option of an ambiguity)")
    match.add_argument("--json", action="store_true", help="print the match record as JSON")
    match.add_argument("--svg", metavar="FILE", help="also write the score sheet as an SVG picture")

    check = sub.add_parser("check", help="run the conformance corpus against an implementation (default: the reference engine)")
    check.add_argument("--impl", metavar="COMMAND",
                       help="the implementation's command line, run without a shell (see conformance/PROTOCOL.md); "
                            "default: the reference engine as a subprocess")
    check.add_argument("--in-process", action="store_true", help="call the reference engine directly instead of through a pipe")
    check.add_argument("--ruleset", action="append", default=[], help="only scenarios of this ruleset (repeatable)")
    check.add_argument("--clause", action="append", default=[], help="only scenarios checking this clause or clause prefix")
    check.add_argument("--feature", action="append", default=[], help="only scenarios needing this feature")
    check.add_argument("--id", action="append", default=[], help="only these scenario ids (glob patterns allowed)")
    check.add_argument("--origin", action="append", default=[],
                       choices=["hand-written", "generated", "perft", "boundary", "fuzzed"],
                       help="only hand-written, generated, perft, boundary or fuzzed scenarios (brou fuzz writes the last)")
    check.add_argument("--scenarios", action="append", default=[], metavar="PATH",
                       help="scenario files or folders (default: conformance/scenarios); a file not listed in "
                            "conformance/verified.jsonl is first checked against the reference engine")
    check.add_argument("--xfail", metavar="FILE", help="expected failures: a scenario id (or glob) per line, then a reason")
    check.add_argument("--timeout", type=float, default=10.0, help="seconds an implementation has for one scenario (default 10)")
    check.add_argument("--start-timeout", type=float, default=20.0, metavar="SECONDS",
                       help="seconds an implementation has to start and answer the handshake (default 20)")
    check.add_argument("--max-hangs", type=int, default=5, metavar="N",
                       help="stop asking an implementation that hung on N scenarios in a row (default 5; 0: never)")
    check.add_argument("--report", choices=["text", "json", "junit"], default="text", help="the report's format")
    check.add_argument("--output", "-o", metavar="FILE", help="write the report here (a JSON or JUnit report: default stdout)")
    check.add_argument("--track", metavar="FILE", help="show only what changed since the run saved in FILE, then save this one")
    check.add_argument("--failures", type=int, default=20, metavar="N", help="failures shown in full (0: all; default 20)")
    check.add_argument("--whole-values", action="store_true",
                       help="keep each failure's expected and received values whole in the report (by default a "
                            "value longer than 2,000 characters of JSON is cut: a long ledger's end is then not shown)")
    progress = check.add_mutually_exclusive_group()
    progress.add_argument("--progress", dest="progress", action="store_true", default=None, help="show a progress bar")
    progress.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")

    fuzz = sub.add_parser("fuzz", help="random deals and actions against an implementation, compared at every step "
                                       "with the reference engine; the first divergence shrunk and written as a scenario")
    fuzz.add_argument("--impl", metavar="COMMAND", help="the program to fuzz, speaking conformance/PROTOCOL.md "
                                                        "(default: the reference engine, brou serve)")
    fuzz.add_argument("--ruleset", action="append", default=[],
                      help="only this ruleset (repeatable; default: every ruleset it plays)")
    fuzz.add_argument("--deals", type=int, default=None, metavar="N",
                      help="cases to try (default 1000, or no limit with --seconds)")
    fuzz.add_argument("--seconds", type=float, default=None, metavar="S", help="stop trying new cases after this long")
    fuzz.add_argument("--seed", type=int, default=0, help="the seed of the cases (default 0): the same seed tries the same cases")
    fuzz.add_argument("--timeout", type=float, default=10.0, help="seconds the implementation has for one case (default 10)")
    fuzz.add_argument("--start-timeout", type=float, default=20.0, metavar="SECONDS",
                      help="seconds it has to start and answer the handshake (default 20)")
    fuzz.add_argument("--shrink-seconds", type=float, default=60.0, metavar="S",
                      help="how long shrinking a case that does not pass may take (default 60)")
    fuzz.add_argument("--save", default=".", metavar="DIR",
                      help="where the shrunk case is written as a scenario file (default: here)")
    fuzz.add_argument("--report", choices=["text", "json"], default="text", help="the report's format")
    fuzz.add_argument("--output", "-o", metavar="FILE", help="write the report here (default stdout)")
    fuzz_progress = fuzz.add_mutually_exclusive_group()
    fuzz_progress.add_argument("--progress", dest="progress", action="store_true", default=None, help="show a progress bar")
    fuzz_progress.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")

    sub.add_parser("serve", help="the reference engine speaking the conformance protocol on stdin/stdout")
    ambiguities = sub.add_parser("ambiguities", help="the ambiguity register: every open question, its default and witness")
    ambiguities.add_argument("--json", action="store_true", help="print the register as JSON")
    ambiguities.add_argument("--ruleset", metavar="RULESET",
                             help="only the entries that give this ruleset a default (and the choices it has)")
    ambiguity = sub.add_parser("ambiguity", help="one entry of the register, its witness played out under each option")
    ambiguity.add_argument("id", help="an entry id: AMB-05 (or amb-5, 5)")
    ambiguity.add_argument("--json", action="store_true", help="print the entry as JSON")
    prove = sub.add_parser("prove", help="the machine-checked facts about the rules (z3), as a table")
    prove.add_argument("--fact", action="append", default=[], metavar="ID", help="only this fact (repeatable)")
    prove.add_argument("--json", action="store_true", help="print the facts and their results as JSON")
    prove.add_argument("--record", metavar="FILE", type=Path,
                       help="also write the run of every fact to FILE, as the rulebook shows it "
                            "(docs/rulebook/facts.json), without timings")
    sub._parser_class = SourcesParser  # its help lists the sources, read when it is shown
    sources = sub.add_parser("sources", help="the source concordance: every paragraph of the sources, and the clauses "
                                             "that encode it or why none does")
    sub._parser_class = Parser
    sources.add_argument("--source", help="only this source (its id; `brou sources --help` lists them)")
    sources.add_argument("--check", action="store_true",
                         help="check the concordance (and, where the sources are at hand, every paragraph's entry)")
    sources.add_argument("--json", action="store_true", help="print the concordance as JSON")
    coverage = sub.add_parser("coverage", help="which clauses of each ruleset the corpus checks")
    coverage.add_argument("--scenarios", action="append", default=[], metavar="PATH", help="scenario files or folders")
    coverage.add_argument("--clause", metavar="ID",
                          help="one clause: its statement, its function, and the scenarios that check it")
    coverage.add_argument("--json", action="store_true", help="print the coverage (or the clause) as JSON")
    _study_parser(sub)
    _spec_parser(sub)
    _league_parser(sub)
    _web_parser(sub)
    return parser


def _port(text: str) -> int:
    """A TCP port, 0 (a free one) to 65535."""
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not {quoted(text)}")
    return int(text)


def _web_parser(sub: Any) -> None:
    """`brou web`'s arguments."""
    web = sub.add_parser("web", help="the games, the rules and the conformance reports in a browser: play against the "
                                     "players, replay scenarios and reports, read the register (docs/web.md)")
    web.add_argument("--host", default="127.0.0.1",
                     help="the address to listen on (default 127.0.0.1: this machine only); another, such as "
                          "0.0.0.0, lets every machine that reaches it play: no login, no encryption (docs/web.md)")
    web.add_argument("--port", type=_port, default=8000, help="the port (default 8000; 0: a free one)")
    web.add_argument("--open", action="store_true", help="open the address in the default browser")
    web.add_argument("--workers", type=int, default=1, choices=range(0, 9), metavar="N",
                     help="processes the players of the registry think in (default 1; 0: threads of the server)")
    web.add_argument("--solve-seconds", type=float, default=20.0, metavar="S",
                     help="the solver's time for one position before it is cut (default 20)")


def cmd_web(args: argparse.Namespace) -> int:
    """`brou web`: serve the application until Ctrl-C; its address printed first."""
    try:
        from ..web.app import Config
        from ..web.server import serve
    except ModuleNotFoundError as exc:
        raise UsageError(f"brou web needs the web extra (pip install 'brou[web]'): no module {exc.name}") from None
    if not 0.1 <= args.solve_seconds <= 3600:
        raise UsageError("brou web: --solve-seconds is a number of seconds from 0.1 to 3600")
    return serve(Config(host=args.host, bot_processes=args.workers, solve_seconds=args.solve_seconds), args.port,
                 args.open)


def _count(text: str) -> int:
    """A whole number of 1 or more (--deals, --jobs)."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {quoted(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {value}")
    return value


def _study_parser(sub: Any) -> None:
    """`brou study`'s arguments."""
    study = sub.add_parser("study", help="what each reading of a register entry changes: seeded sessions played under "
                                         "every playable option, paired by seed, with 95 %% intervals and plots")
    study.add_argument("id", nargs="*", help="entry ids: AMB-05 (or amb-5, 5); several are studied in one run")
    study.add_argument("--all", action="store_true", help="every entry with playable options (writes the table with --out)")
    study.add_argument("--ruleset", metavar="RULESET", help="only this ruleset of the entry")
    study.add_argument("--deals", type=_count, default=200, metavar="N",
                       help="sessions per reading (a match in 1802 and Brouc, a game elsewhere), seeds S..S+N-1 "
                            "(default 200)")
    study.add_argument("--seed", type=_seed, default=0, metavar="S", help="the first seed (default 0)")
    study.add_argument("--players", default="careful", metavar="A,B,...",
                       help="the players by seat, taken in turn (default: careful at every seat), each a name or "
                            "NAME:KEY=VALUE:KEY=VALUE (docs/players.md)")
    study.add_argument("--replay-players", metavar="A,B,...",
                       help="play again the deals where a reading arises by these players (specs, as --players), "
                            "under the default and under the reading, and say what changes there from their play: "
                            "the sessions stay the cheap players', the consequences are the strong ones' "
                            "(docs/ambiguities.md)")
    study.add_argument("--replay-deals", type=_count, default=1, metavar="K",
                       help="with --replay-players, at most K deals of each 25 seeds are played again, the first "
                            "where a reading arises (default 1; counted by chunk, so the figures do not depend on "
                            "the workers)")
    study.add_argument("--steer", action="store_true",
                       help="with --replay-players, a targeted study: the sessions are aimed at the entry's case "
                            "(brou.study.targeted.AIMS: the players take its kind of action now and then, start "
                            "inside a game near its end, or are players who never claim on their own), so that a "
                            "case plain play never meets comes up; how often it arises is then the aimed play's")
    study.add_argument("--jobs", type=_count, default=None, metavar="J",
                       help="Dask workers on this machine, one process each (default: one per core)")
    study.add_argument("--scheduler", metavar="ADDRESS",
                       help="play on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:PORT) instead of on "
                            "this machine; its workers need brou installed")
    study.add_argument("--out", metavar="DIR", type=Path,
                       help="keep every session in DIR/sessions (Parquet, a file per chunk as it finishes: the same "
                            "command run again goes on where it stopped) and write figures.json, studies.md and a "
                            "plot per entry and ruleset (PNG, SVG) into DIR")
    study.add_argument("--json", action="store_true", help="print the figures as JSON")
    study.add_argument("--no-progress", action="store_true", help="no progress on standard error")


def cmd_study(args: argparse.Namespace) -> int:
    """`brou study AMB-nn` or `brou study --all`: the sessions played on Dask, each chunk kept
    in the store as it finishes, the figures as a table (or JSON), and with --out the files,
    written again as each study is whole (an interrupted run keeps every chunk finished)."""
    from ..study.arising import Replay
    from ..study.campaign import run_each
    from ..study.output import output_names, table_text, write_all
    from ..study.play import check_players, check_seeds

    if args.all == bool(args.id):
        raise UsageError("brou study: give an entry id or --all, not " + ("both" if args.all else "neither"))
    if args.all and args.ruleset:
        raise UsageError("brou study: --ruleset chooses a ruleset of one entry; --all takes every one")
    if args.ruleset is not None and args.ruleset not in spec.available_rulesets():
        raise UsageError(f"brou study: unknown ruleset {quoted(args.ruleset)} (known: {', '.join(spec.available_rulesets())})")
    if args.scheduler is not None and args.jobs is not None:
        raise UsageError("brou study: --jobs sets the workers of a cluster on this machine; a --scheduler has its own")
    check_seeds(args.deals, args.seed)
    check_scheduler(args.scheduler)
    specs = parse_players(args.players)
    players = [spec.text for spec in specs]
    plans, unplayed = _chosen_studies(args, players)
    replay = None
    if args.replay_players is not None:
        replay_specs = parse_players(args.replay_players)
        replay = Replay(tuple(spec.text for spec in replay_specs), args.replay_deals)
        check_players(replay.players, sorted({p.ruleset for p in plans}))
        specs = (*specs, *replay_specs)
    elif args.replay_deals != 1:
        raise UsageError("brou study: --replay-deals counts the deals --replay-players play again; give both")
    if args.steer:
        from ..study.targeted import aim_of

        if replay is None:
            raise UsageError("brou study: --steer needs --replay-players: steered sessions are where a case is found, "
                             "the replay's players say what it changes")
        bare = sorted({p.entry for p in plans if aim_of(p) is None})
        if bare:
            raise UsageError(f"brou study: --steer: {', '.join(bare)} {'has' if len(bare) == 1 else 'have'} no aim "
                             "at its cases (brou.study.targeted.AIMS, brou.study.options.TARGETS)")
    if args.out is not None:
        writable_folder("study", args.out, output_names(((p.entry, p.ruleset) for p in plans), args.steer))
    slow_if_pure("study", specs)
    jobs = args.jobs if args.jobs is not None else (0 if args.scheduler else os.cpu_count() or 1)
    found: dict[tuple[str, str], dict[str, Any]] = {}
    order = [(p.entry, p.ruleset) for p in plans]

    def done() -> list[dict[str, Any]]:
        return [found[k] for k in order if k in found]

    previous = signal.signal(signal.SIGTERM, _terminated)
    previous_int = signal.signal(signal.SIGINT, _terminated)
    try:
        for finished in run_each(plans, args.deals, args.seed, players, jobs, args.scheduler, args.out,
                                 progress=not args.no_progress, replay=replay, steer=args.steer):
            key = (finished["entry"], finished["ruleset"])
            if args.out is not None:  # counted as finished once its files are written
                write_all({"studies": [s for k, s in ((k, found.get(k, finished if k == key else None)) for k in order)
                                       if s is not None], "unplayed": unplayed}, args.out, plotted=[finished])
            found[key] = finished
    except KeyboardInterrupt as exc:
        status = exc.args[0] if exc.args and isinstance(exc.args[0], int) else 130
        if found:
            _print_study({"studies": done(), "unplayed": []}, args.json, table_text)
        kept = f"; {len(found)} finished, written to {args.out}" if found and args.out is not None else (
            f"; {len(found)} finished, shown above" if found else "")
        stored = (f"; every chunk finished is kept in {args.out / 'sessions'}: the same command goes on from there"
                  if args.out is not None else "")
        print(message_line(f"brou study: interrupted after {len(found)} of {len(plans)} studies{kept}{stored}"),
              file=sys.stderr)
        return status
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, previous_int)
    _print_study({"studies": done(), "unplayed": unplayed}, args.json, table_text)
    return EXIT_OK


def _chosen_studies(args: argparse.Namespace, players: Sequence[str]) -> tuple[list[Any], list[dict[str, str]]]:
    """The studies `brou study` runs: every entry's (--all), or those of each id given, in order,
    each entry once; UsageError for an id, a ruleset or players that cannot be studied."""
    from ..spec.ambiguities import load_register
    from ..study.play import chosen

    if args.all:
        return chosen(None, args.ruleset, players)
    plans: list[Any] = []
    unplayed: list[dict[str, str]] = []
    register = load_register()
    for amb_id in dict.fromkeys(register.entry(i).id for i in args.id):
        some, none = chosen(amb_id, args.ruleset, players, register)
        plans += some
        unplayed += none
    return plans, unplayed


def check_scheduler(address: str | None) -> None:
    """UsageError unless a --scheduler address reads as one (tcp://HOST:PORT, HOST:PORT, or
    another of Dask's protocols): a typo is said before any connection is tried."""
    if address is None:
        return
    from urllib.parse import urlsplit

    url = urlsplit(address if "://" in address else "tcp://" + address)
    try:
        port = url.port
    except ValueError:
        port = None
    if url.scheme not in ("tcp", "tls", "ws", "wss", "inproc", "ucx") or not url.hostname or port is None:
        raise UsageError(f"brou study: --scheduler {quoted(address)} is not a scheduler's address (tcp://HOST:PORT)")


def _league_parser(sub: Any) -> None:
    """`brou league`'s arguments."""
    league = sub.add_parser("league", help="which player is better, and by how much: duplicate sessions (the same cards, "
                                           "the seats turned between each pair), each player's rating and each pair's "
                                           "mean gain per deal with its 95 %% interval (docs/players.md)")
    league.add_argument("--ruleset", required=True, help=f"a ruleset id ({', '.join(spec.available_rulesets())}) or a file")
    league.add_argument("--players", required=True, type=_players, metavar="P,P,...",
                        help=f"two players or more, each a name ({', '.join(PLAYER_NAMES)}) or NAME:KEY=VALUE:KEY=VALUE "
                             f"(e.g. pimc:samples=8:early=4; docs/players.md)")
    league.add_argument("--deals", type=_count, default=20, metavar="N",
                        help="the seeds S..S+N-1, each a session (a match in 1802 and Brouc, a game elsewhere) played "
                             "at every table of the league (default 20)")
    league.add_argument("--seed", type=_seed, default=0, metavar="S", help="the first seed (default 0)")
    league.add_argument("--session-deals", type=_count, default=None, metavar="K",
                        help="play only the first K deals of each session (default: whole sessions)")
    league.add_argument("--param", type=_param, action="append", default=[], metavar="NAME=VALUE",
                        help="choose a parameter of the ruleset (an option of an ambiguity)")
    league.add_argument("--jobs", type=_count, default=2, metavar="J", help="processes playing (default 2)")
    league.add_argument("--out", metavar="DIR", type=Path,
                        help="write sessions.csv (a row per session and seat), league.txt, league.md and league.json "
                             "into DIR, again as the league plays; seeds DIR already holds for the same league are "
                             "not played again, and the table counts every seed it holds")
    league.add_argument("--json", action="store_true", help="print the summary as JSON")
    league.add_argument("--no-progress", action="store_true", help="no progress on standard error")


def cmd_league(args: argparse.Namespace) -> int:
    """`brou league`: the league played, its table (or JSON) printed and with --out its files
    written, and written again as it plays; the seeds the --out folder already holds for the
    same league are not played again (brou.league.store); Ctrl-C or SIGTERM keep the seeds
    whose every table was played."""
    from ..league.output import FILES, summary, table_text, write_all
    from ..league.play import CHUNK, League, Played, Progress, check_league, play, to_play
    from ..league.store import Checkpoint, held
    from ..study.play import processes

    rules = _rules("league", args)
    title = rules.data["title"]["en"]
    league = League(args.ruleset, dict(args.param), tuple(p.text for p in args.players), args.seed, args.deals,
                    args.session_deals)
    check_league(league)
    played = Played(league)
    if args.out is not None:
        writable_folder("league", args.out, FILES)
        played.hold(*held(league, args.out))
    slow_if_pure("league", args.players)
    progress = None if args.no_progress else Progress()
    seeds = len(to_play(league, played))
    chunks = -(-seeds // CHUNK) * len(league.tables())
    if progress and played.held:
        print(f"brou league: {args.out} holds {played.held:,} seeds of this league, not played again; "
              f"{seeds:,} to play", file=sys.stderr, flush=True)
    if progress and 0 < processes(args.jobs, chunks) < args.jobs:
        print(f"brou league: {processes(args.jobs, chunks)} processes play ({args.jobs} asked: {os.cpu_count() or 1} "
              f"cores, {chunks:,} chunks of work)", file=sys.stderr, flush=True)
    checkpoint = Checkpoint(league, args.out, title) if args.out is not None else None

    def report(done: Played, total: int) -> None:
        if progress:
            progress(done, total)
        if checkpoint:
            checkpoint(done)

    previous = signal.signal(signal.SIGTERM, _terminated)
    status = EXIT_OK
    try:
        play(league, args.jobs, report, played)
    except KeyboardInterrupt as exc:
        status = exc.args[0] if exc.args and isinstance(exc.args[0], int) else 130
    finally:
        signal.signal(signal.SIGTERM, previous)
    if progress:
        progress.close()
    if played.complete:
        data = summary(league, played)
        text = table_text(data, title)
        if args.out is not None:
            write_all(data, played.kept(), text, title, args.out)
        print(json.dumps(data, indent=1, ensure_ascii=False) if args.json else text, end="\n" if args.json else "")
    if status != EXIT_OK:
        kept = (f"; the {played.complete:,} seeds whose every table was played are shown above"
                + (f" and written to {args.out} (the same command goes on from them)" if args.out is not None else "")
                ) if played.complete else ""
        print(message_line(f"brou league: interrupted after {played.complete:,} of {played.asked:,} seeds{kept}"),
              file=sys.stderr)
    return status


def _terminated(signum: int, frame: object) -> None:
    """Ctrl-C or SIGTERM during a study or a league: stopped, keeping what is done (exit 130 or
    143). The stop is also noted for the study's loop (brou.study.cluster.request_stop), which
    sees it even where Python swallows the exception (a garbage collector's callback)."""
    from ..study.cluster import request_stop

    request_stop(128 + signum)
    raise KeyboardInterrupt(128 + signum)


def _print_study(data: dict[str, Any], as_json: bool, table_text: Any) -> None:
    print(json.dumps(data, indent=1, ensure_ascii=False) if as_json else table_text(data), end="\n" if as_json else "")


def _spec_parser(sub: Any) -> None:
    """`brou spec`'s arguments."""
    spec_ = sub.add_parser("spec", help="a ruleset as one document, as an implementer reads it: its file merged with "
                                        "the rulesets it extends (Brouc's pack, card points and marriages are "
                                        "1802's), as YAML or JSON")
    spec_.add_argument("--ruleset", required=True,
                       help=f"a ruleset id ({', '.join(spec.available_rulesets())}) or a file")
    spec_.add_argument("--resolve", action="store_true",
                       help="replace every parameter reference by its value: its default, or the one --param chooses")
    spec_.add_argument("--param", type=_param, action="append", default=[], metavar="NAME=VALUE",
                       help="choose a parameter of the ruleset (an option of an ambiguity); implies --resolve")
    spec_.add_argument("--json", action="store_true", help="print the document as JSON")


def cmd_spec(args: argparse.Namespace) -> int:
    """`brou spec --ruleset R`: the merged ruleset (conformance/PROTOCOL.md, "The rules as data")."""
    _known_ruleset("spec", args.ruleset)
    chosen = dict(args.param)
    resolved = args.resolve or bool(chosen)
    data = spec.published(args.ruleset, chosen, resolved)
    if args.json:
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return EXIT_OK
    bases = [str(doc.data.get("id")) for doc in spec.load_document(args.ruleset).chain[:-1]]
    lines = [f"ruleset {data['id']}" + (f", merged with the rulesets it extends ({', '.join(reversed(bases))}): every "
                                        "value it takes from them is written here" if bases else ""),
             f"written by brou spec --ruleset {args.ruleset}"]
    if resolved:
        given = ", ".join(f"{name}={value}" for name, value in chosen.items())
        lines.append("parameters resolved: each at its default" + (f" but {given}" if given else ""))
    print(spec.published_yaml(data, "\n".join(lines)), end="")
    return EXIT_OK


def _players(text: str) -> tuple[PlayerSpec, ...]:
    """--players: one player's spec per player at the table (brou.players.names)."""
    try:
        return parse_players(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _bots(text: str) -> tuple[PlayerSpec, PlayerSpec]:
    """--bots: two players' specs, separated by a comma."""
    specs = _players(text)
    if len(specs) != 2:
        raise argparse.ArgumentTypeError(f"--bots takes two players separated by a comma, not {quoted(text)}")
    return specs[0], specs[1]


def cmd_validate(files: Sequence[str], as_json: bool = False) -> int:
    targets = list(files) or [str(p) for p in sorted(spec.RULESET_DIR.glob("*.yaml"))]
    results: list[dict[str, object]] = []
    for target in targets:
        try:
            merged = spec.load_document(target)
            spec.check_document(merged)
        except SpecError as exc:
            results.append({"file": target, "ok": False, "error": str(exc)})
            if not as_json:
                print(message_line(f"brou validate: {exc}"), file=sys.stderr)
            continue
        data = merged.data
        results.append({"file": target, "ok": True, "ruleset": data["id"], "clauses": len(data["clauses"]),
                        "parameters": len(data["parameters"])})
        if not as_json:
            print(f"ok {target}: ruleset {data['id']}, {len(data['clauses'])} clauses, {len(data['parameters'])} parameters")
    if as_json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
    return EXIT_BAD_INPUT if any(not r["ok"] for r in results) else EXIT_OK


def _known_ruleset(command: str, name: str) -> None:
    """UsageError unless `name` is a ruleset id or names a file."""
    try:
        found = spec.ruleset_file(name).exists()
    except OSError as exc:  # a name too long to be a path
        raise UsageError(f"brou {command}: unknown ruleset {quoted(name)}: {(exc.strerror or '').lower()}") from None
    if not found:
        known = ", ".join(spec.available_rulesets())
        raise UsageError(f"brou {command}: unknown ruleset {quoted(name)} (known: {known})")


def _rules(command: str, args: argparse.Namespace) -> Rules:
    _known_ruleset(command, args.ruleset)
    return Rules.load(args.ruleset, **dict(args.param))


def _record_tags(args: argparse.Namespace, names: Sequence[str]) -> dict[str, str]:
    """The tags `brou match --record` writes before the ones the record takes from the match."""
    params = "".join(f" --param {name}={value}" for name, value in args.param)
    return {"Event": f"brou match --ruleset {args.ruleset} --seed {args.seed}{params}",
            "Players": "; ".join(f"{name} bot" for name in names)}


def _player_specs(args: argparse.Namespace, rules: Rules) -> tuple[PlayerSpec, ...]:
    """Each player at the table: --players, else --bots alternating (default greedy,random)."""
    players = rules.table_size
    if args.players is None:
        bots = args.bots or (PlayerSpec("greedy"), PlayerSpec("random"))
        return tuple(bots[p % 2] for p in range(players))
    if len(args.players) != players:
        raise UsageError(f"brou match: --players names {len(args.players)} players; {rules.id} is played by {players}")
    return tuple(args.players)


def _write_record(args: argparse.Namespace, game: Session, names: Sequence[str]) -> None:
    """--record FILE: the match's game record, written whole or not at all."""
    if not args.record:
        return
    text = record_text(record_of(game, _record_tags(args, names)))
    target = Path(args.record)
    partial = target.with_name(f".{target.name}.partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise UsageError(f"brou match: cannot write {args.record}: {exc.strerror}") from None


def _replayed(args: argparse.Namespace) -> Session:
    """--from FILE: the game record read and replayed (RecordError, prefixed with the file's name)."""
    given = [name for name, value in (("--ruleset", args.ruleset), ("--seed", args.seed), ("--record", args.record))
             if value is not None] + (["--param"] if args.param else [])
    if given:
        raise UsageError(f"brou match: --from gives the ruleset and every deal; drop {', '.join(given)}")
    name = "<stdin>" if args.record_from == "-" else args.record_from
    text = read_text("match", args.record_from, MAX_RECORD_BYTES, "a game record")
    try:
        return replay(parse_record(text))
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from None


def cmd_match(args: argparse.Namespace) -> int:
    """`brou match`: a whole session between two bots, the first playing the even players (in 1802
    and Brouc team 0: players 0 and 2) and the second the odd ones (or one player per seat, --players);
    or a game record replayed."""
    if args.players is not None and args.bots is not None:
        raise UsageError("brou match: give --players or --bots, not both")
    if args.record_from is None:
        missing = [name for name, value in (("--ruleset", args.ruleset), ("--seed", args.seed)) if value is None]
        if missing:
            raise UsageError(f"brou match: needs {' and '.join(missing)}, or --from FILE (a game record)")
    for path in (args.svg, args.record):
        if path:
            writable_file("match", path)
    game = _replayed(args) if args.record_from is not None else None
    rules = game.rules if game is not None else _rules("match", args)
    if args.svg and rules.on_phases:
        raise UsageError(f"brou match: --svg draws the score sheet of the partnership games, not of {rules.id}")
    if game is not None:
        return _show_replayed(args, game)
    specs = _player_specs(args, rules)
    names = tuple(spec.text for spec in specs)
    slow_if_pure("match", specs)
    session = Session(rules, args.seed)
    bots = [spec.bot(rules) for spec in specs]
    rng = random.Random(args.seed)
    by_teams = session.kind == GAMES_AND_MARKS  # 1802, Brouc: the score sheet as it grows
    shown = ""
    if not args.json and session.draw is not None:
        print(_first_dealer_text(session.draw.data(rules)))
    asks = acts_out_of_turn(bots)
    while not session.is_over:
        deals = len(session.deals)
        session.apply(*next_move(session.deal, seated(bots, session.seating), rng, asks))
        if by_teams and len(session.deals) > deals and not args.json:
            text = sheet_text(session.record(), upto_deal=len(session.deals))
            print(text[len(shown):].lstrip("\n") if text.startswith(shown) else "\n" + text)
            shown = text
    record = session.record()
    if args.json:
        by_side = {} if args.players is not None else {"bots": [names[0], names[1]]}
        print(json.dumps(record | by_side | {"players": list(names)}, indent=2, ensure_ascii=False))
    elif by_teams:
        print(f"\nNous (players 0 and 2): {_side_text(names[0::2])}; Eux (players 1 and 3): {_side_text(names[1::2])}; "
              f"{len(record['deals'])} deals, {len(record['games'])} games.")
    else:
        print(session_text(record))
        if args.players is None:
            print(f"\nEven players: {names[0]} bot; odd players: {names[1]} bot.")
        else:
            print("\nPlayers: " + "; ".join(f"{p} {name}" for p, name in enumerate(names)) + ".")
    _write_svg(args, record)
    _write_record(args, session, names)
    return EXIT_OK


def _side_text(names: Sequence[str]) -> str:
    """`greedy bot`, or `pimc and greedy bots` where a team's two players differ."""
    return f"{names[0]} bot" if len(set(names)) == 1 else f"{' and '.join(names)} bots"


def _write_svg(args: argparse.Namespace, record: dict[str, Any]) -> None:
    if args.svg:
        try:
            Path(args.svg).write_text(sheet_svg(record), encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"brou match: cannot write {args.svg}: {exc.strerror}") from None


def _show_replayed(args: argparse.Namespace, game: Session) -> int:
    """`brou match --from FILE`: the replayed record's score sheet (or JSON), and its result."""
    record = game.record()
    result = final_result(game)
    if args.json:
        print(json.dumps(record | {"from": args.record_from, "result": result}, indent=2, ensure_ascii=False))
    else:
        print(sheet_text(record) if game.kind == GAMES_AND_MARKS else session_text(record))
        over = "the match is over" if game.is_over else "the match is not over"
        print(f"\nReplayed from {args.record_from}: {len(game.deals)} deals, every one following from the one "
              f"before; {over}. Result: {result}")
    _write_svg(args, record)
    return EXIT_OK


def _first_dealer_text(draw: dict[str, object]) -> str:
    """How a match's first dealer was chosen (hdb.match.first-dealer, brouc.match.first-dealer):
    `First dealer: player 2, by lot.` or `First dealer: player 0 (cards drawn, by player: 7H 7C AH JH; then 8H JC - -).`"""
    rounds = draw["rounds"]
    if not isinstance(rounds, list) or not rounds:
        return f"First dealer: player {draw['dealer']}, by lot."
    shown = "; then ".join(" ".join("-" if card is None else str(card) for card in cards) for cards in rounds)
    return f"First dealer: player {draw['dealer']} (cards drawn, by player: {shown})."


def _play_seed(args: argparse.Namespace) -> int:
    """The seed of the random legal play: --play-seed, else the deal's --seed, else 0."""
    return args.play_seed if args.play_seed is not None else args.seed if args.seed is not None else 0


def _origin(args: argparse.Namespace) -> dict[str, Any]:
    """Where the deal came from, for --json: its seed (and cut), or the notation it was read from."""
    out: dict[str, Any] = {"from": args.position} if args.position is not None else {"seed": args.seed}
    out["play_seed"] = _play_seed(args)
    if args.cut is not None:
        out["cut"] = args.cut
    return out


def _title(args: argparse.Namespace, rules: Rules) -> str:
    if args.position is not None:
        return f"{rules.data['title']['en']}, from the position given (then random legal play)"
    cut = "" if args.cut is None else f", cut {args.cut}"
    return f"{rules.data['title']['en']}, deal of seed {args.seed}{cut} (random legal play)"


def _start(args: argparse.Namespace) -> tuple[PhaseDeal | None, int | None]:
    """The position of --from (read from standard input for -) and its dealer, or None, None;
    UsageError for --from given with the options it replaces, or for neither."""
    if args.position is None:
        missing = [name for name, value in (("--ruleset", args.ruleset), ("--seed", args.seed)) if value is None]
        if missing:
            raise UsageError(f"brou deal: needs {' and '.join(missing)}, or --from POSITION")
        return None, None
    given = [name for name, value in (("--ruleset", args.ruleset), ("--seed", args.seed), ("--cut", args.cut))
             if value is not None] + (["--param"] if args.param else [])
    if given:
        raise UsageError(f"brou deal: --from gives the ruleset, its parameters and the deal; drop {', '.join(given)}")
    if args.position == "-":
        args.position = read_line("deal", MAX_LINE, "a position")
    parsed = parse_deal(args.position)
    return position_from(parsed), parsed.dealer


def _seats_note(rules: Rules, dealer: int | None) -> str | None:
    """How the text's seats (the engine's: the dealer last) stand to the players of the line
    given, when they differ."""
    n = rules.n_players
    if dealer is None or dealer == n - 1:
        return None
    return (f"Seats are the engine's, the dealer last: seat s is player (s + {dealer + 1}) mod {n} of the "
            f"line given (player {dealer} deals); the notation below is in the line's players.")


def cmd_deal(args: argparse.Namespace) -> int:
    """`brou deal`: one deal of any game played at random (legal play), as text or JSON."""
    start, dealer = _start(args)
    rules = start.rules if start is not None else _rules("deal", args)
    dealt = deal_from_seed if HommeDeal.plays(rules) else talon_deal_from_seed
    deal = start if start is not None else new_deal(rules, dealt(rules, args.seed, args.cut))
    rng = random.Random(_play_seed(args))
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    if args.json:
        data = deal_to_data(deal, _origin(args)) | {"notation": position_notation(deal, dealer)}
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(deal_text(deal, _title(args, rules)))
        note = _seats_note(rules, dealer)
        if note:
            print(note)
        print(f"Notation: {position_notation(deal, dealer)}")
    return EXIT_OK


def _solve_start(args: argparse.Namespace) -> tuple[PhaseDeal, int | None]:
    """The position `brou solve` solves and its dealer (None: the engine's seats are the players):
    --from's line, or the deal of --ruleset and --seed at its first card."""
    if args.position is not None:
        given = [name for name, value in (("--ruleset", args.ruleset), ("--seed", args.seed)) if value is not None]
        if given or args.param:
            raise UsageError(f"brou solve: --from gives the ruleset, its parameters and the deal; drop "
                             f"{', '.join(given + (['--param'] if args.param else []))}")
        if args.position == "-":
            args.position = read_line("solve", MAX_LINE, "a position")
        parsed = parse_deal(args.position)
        return position_from(parsed), parsed.dealer
    missing = [name for name, value in (("--ruleset", args.ruleset), ("--seed", args.seed)) if value is None]
    if missing:
        raise UsageError(f"brou solve: needs --from POSITION, or --ruleset and --seed (missing {' and '.join(missing)})")
    rules = _rules("solve", args)
    dealt = deal_from_seed if HommeDeal.plays(rules) else talon_deal_from_seed
    state = new_deal(rules, dealt(rules, args.seed))
    if isinstance(state, HombreDeal):  # the auction and the exchange are not solved: played as a careful player would
        careful = players_of(rules)["careful"]
        rng = random.Random(args.seed)
        while not state.is_over and state.phase != "play":
            state.apply(careful(state, rng))
    return state, None


def cmd_solve(args: argparse.Namespace) -> int:
    """`brou solve`: the value of a position double dummy and of each legal action, as a table or JSON.
    Players are the line's (for --ruleset and --seed, the engine's seats, the dealer last)."""
    from ..solve import solve
    from ..solve.solution import question

    state, dealer = _solve_start(args)
    rules = state.rules
    n = rules.n_players
    offset = 0 if dealer is None else (dealer + 1) % n
    seat = None
    if args.player is not None:
        if not 0 <= args.player < n:
            raise UsageError(f"brou solve: --for {args.player}: {rules.id} has players 0 to {n - 1}")
        seat = (args.player - offset) % n
    question(state, seat, args.goal)  # a question with no answer said before the line on the engine's speed
    slow_if_pure("solve")
    solution = solve(state, seat, args.goal, each=not args.value_only)

    def player(seat: int) -> int:
        """A seat of the engine as a player of the line."""
        return (seat + offset) % n

    notation = position_notation(state, dealer)
    rows: list[dict[str, Any]] = [{"action": state.action_text(action), "value": value, "best": value == solution.value}
            for action, value in solution.actions]
    if args.json:
        print(json.dumps({"position": notation, "goal": solution.goal, "for": player(solution.seat),
                          "side": sorted(player(s) for s in solution.side),
                          "to_act": None if state.is_over else player(solution.to_act), "value": solution.value,
                          "so_far": solution.so_far, "actions": rows, "nodes": solution.nodes,
                          "seconds": round(solution.seconds, 3)}, indent=2, ensure_ascii=False))
        return EXIT_OK
    side = ", ".join(f"player {p}" for p in sorted(player(s) for s in solution.side))
    print(f"{rules.data['title']['en']}, solved double dummy: {notation}")
    print(f"Value for {side} ({GOAL_TEXT[solution.goal]}): {solution.value:+d}"
          + (f", of which {solution.so_far:+d} already counted" if solution.so_far else ""))
    if state.is_over:
        print("The deal is over.")
    elif rows:
        who = "on that side" if solution.to_act in solution.side else "against it"
        print(f"Player {player(solution.to_act)} to act ({who}), each action's value:")
        width = max(len(row["action"]) for row in rows)
        for row in rows:
            print(f"  {row['action']:<{width}}  {row['value']:+6d}{'  best' if row['best'] else ''}")
    print(f"{solution.nodes:,} nodes searched in {solution.seconds:.2f} s.")
    return EXIT_OK


# what each value counts (docs/solve.md), as `brou solve` says it
GOAL_TEXT = {"count": "its count less the other team's: card points and marriages; in a game, 1000 a party or coche",
             "points": "its card points",
             "jetons": "its net jetons from every brusquembille payment, the others' brusquembilles included",
             "marks": "its marks",
             "score": "the hombre's points on the score sheet, as it gains or loses them (their sign changed for the tiers)"}


def cmd_sources(source: str | None, check: bool, as_json: bool) -> int:
    """`brou sources`: the concordance, or with --check what is wrong with it (exit 1)."""
    from ..spec.sources import concordance_rows, load_concordance, problems, shared_folder

    if source is not None and source not in load_concordance()["sources"]:
        raise UsageError(f"brou sources: no source {quoted(source)} in the concordance "
                         f"(it has {', '.join(load_concordance()['sources'])})")
    if check:
        folder = shared_folder()
        found = problems(folder)
        for line in found:
            print(line)
        where = f"the paragraphs read from {folder}" if folder else "the sources are not at hand: entries checked, paragraphs not"
        print(f"{len(found)} problems ({where})", file=sys.stderr)
        return 1 if found else EXIT_OK
    rows = concordance_rows(source)
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return EXIT_OK
    print(table_text(("paragraph", "what it says", "clauses, or why none"),
                     [(r["ref"], r["about"], _encoded_by(r["clauses"], r["note"])) for r in rows],
                     no_wrap=("paragraph",)))
    return EXIT_OK


def _encoded_by(clauses: Sequence[str], note: str | None) -> str:
    """A concordance row's last column: its clauses, then its note if it has both (a slip of
    the source, named at its paragraph), or the note alone."""
    if clauses and note:
        return ", ".join(clauses) + "; " + note
    return ", ".join(clauses) or str(note)


def cmd_prove(ids: Sequence[str], as_json: bool = False, record: Path | None = None) -> int:
    """Run the facts of brou.prove; exit 1 if one does not come out as the project states it.
    With `record`, the run of every fact is also written there (brou.prove.record_data)."""
    try:
        from ..prove import FACTS, record_data, result_data, run_all, table_text
    except ModuleNotFoundError as exc:
        if exc.name != "z3":
            raise
        raise UsageError("brou prove: needs the z3 solver: pip install 'brou[prove]'") from None

    known = {f.id for f in FACTS}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise UsageError(f"brou prove: no fact {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    if record is not None and ids:
        raise UsageError("brou prove: --record writes the run of every fact; it takes no --fact")
    if record is not None:
        writable_file("prove", record)
    if is_compiled():
        # the facts call the laws' own functions on z3's symbolic terms, which a function compiled
        # with mypyc refuses (it takes ints): they run on the .py files, in a child (brou.compiled)
        argv = [a for i in ids for a in ("--fact", i)] + (["--json"] if as_json else [])
        argv += ["--record", str(record)] if record is not None else []
        return subprocess.run([sys.executable, "-m", "brou", "prove", *argv], check=False,
                              env={**os.environ, PURE_VARIABLE: "1"}).returncode
    results = run_all(ids=list(ids) or None)
    if record is not None:
        record.write_text(json.dumps(record_data(results), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if as_json:
        print(json.dumps([result_data(r) for r in results], indent=2, ensure_ascii=False))
    else:
        print(table_text(results))
    return EXIT_OK if all(r.ok for r in results) else 1


def _one_prefix(command: str | None, message: str) -> str:
    """`message` behind the one prefix every error has: `brou CMD: ` (`brou: ` outside a command)."""
    if command is None:
        return message if message.startswith("brou") else "brou: " + message
    prefix = f"brou {command}: "
    for given in (prefix, "brou: "):
        if message.startswith(given):
            return prefix + message[len(given):]
    return prefix + message


WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})  # a full or failing device


def _cannot_write(command: str | None, exc: OSError) -> int:
    """A write to the standard output (or a report) that the device refused: one line, exit 2."""
    try:  # nothing more goes there, not even as Python exits
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # an output that is no file (brou.cli.main called with another sys.stdout)
        pass
    print(message_line(_one_prefix(command, f"cannot write the output: {exc.strerror}")), file=sys.stderr)
    return EXIT_BAD_INPUT


def _closed_streams() -> list[str]:
    """The standard streams the process was started without (`>&-`): each is opened on
    /dev/null, so that no file the command opens takes its number, and named."""
    closed = []
    for fd, stream, name in ((0, sys.stdin, "input"), (1, sys.stdout, "output"), (2, sys.stderr, "error")):
        if stream is not None:
            continue
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        closed.append(name)
    return closed


def _writes_to_stdout(args: argparse.Namespace) -> bool:
    """Whether the command's result goes to the standard output: every command's does, but a
    report written with --output."""
    return not (args.command in ("check", "fuzz") and getattr(args, "output", None))


MAX_PARAMS = 500  # --param options in one command line (a ruleset has at most a few dozen parameters)


def main(argv: Sequence[str] | None = None) -> int:
    """`brou`: the command's status; its standard output flushed before it is returned, so
    that a full device is one line and exit 2 rather than an error as Python exits."""
    closed = _closed_streams()
    try:
        status = _main(argv, stdout_closed="output" in closed)
    except KeyboardInterrupt:  # Ctrl-C: what was running is ended (brou check: the programs' sessions too)
        print("brou: interrupted", file=sys.stderr)
        return 130
    if sys.stdout is None:
        return status
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except OSError as exc:
        if exc.errno not in WRITE_FAILURES:
            raise
        return _cannot_write(None, exc)
    return status


def _main(argv: Sequence[str] | None = None, stdout_closed: bool = False) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    commands = {name for action in parser._subparsers._group_actions for name in getattr(action, "choices", {})}  # type: ignore[union-attr]
    command: str | None = next((w for w in words if not w.startswith("-")), None)
    command = command if command in commands else None  # for the prefix of an error in the command line itself
    try:
        params = sum(1 for w in words if w == "--param" or w.startswith("--param="))
        if params > MAX_PARAMS:
            raise UsageError(f"brou: {params:,} --param options; a command takes at most {MAX_PARAMS}")
        args = parser.parse_args(words)
        command = args.command
        if stdout_closed and (command is None or _writes_to_stdout(args)):
            raise UsageError("brou: the standard output is closed, so nothing could be shown; run it with an open "
                             "output (> FILE, or > /dev/null to keep only the exit status)")
        if command is None:
            parser.print_help()
            return EXIT_OK
        if args.command == "validate":
            return cmd_validate(args.files, args.json)
        if args.command == "match":
            return cmd_match(args)
        if args.command == "check":
            from ..conformance.reporting.cli import cmd_check

            return cmd_check(args)
        if args.command == "fuzz":
            from ..conformance.reporting.cli import cmd_fuzz

            return cmd_fuzz(args)
        if args.command == "serve":
            from ..conformance.protocol.server import serve

            return serve()
        if args.command == "ambiguities":
            from ..spec.ambiguities import register_data, register_text

            if args.ruleset is not None and args.ruleset not in spec.available_rulesets():
                known = ", ".join(spec.available_rulesets())
                raise UsageError(f"brou ambiguities: unknown ruleset '{args.ruleset}' (known: {known})")
            print(json.dumps(register_data(ruleset=args.ruleset), indent=2, ensure_ascii=False) if args.json
                  else register_text(ruleset=args.ruleset))
            return EXIT_OK
        if args.command == "ambiguity":
            from ..conformance.cases.witnesses import entry_data, entry_text

            print(json.dumps(entry_data(args.id), indent=2, ensure_ascii=False) if args.json else entry_text(args.id))
            return EXIT_OK
        if args.command == "prove":
            return cmd_prove(args.fact, args.json, args.record)
        if args.command == "sources":
            return cmd_sources(args.source, args.check, args.json)
        if args.command == "coverage":
            from ..conformance.reporting.cli import cmd_coverage

            return cmd_coverage(args)
        if args.command == "solve":
            return cmd_solve(args)
        if args.command == "study":
            return cmd_study(args)
        if args.command == "spec":
            return cmd_spec(args)
        if args.command == "league":
            return cmd_league(args)
        if args.command == "web":
            return cmd_web(args)
        return cmd_deal(args)
    except BrouError as exc:
        print(message_line(_one_prefix(command, str(exc))), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except Exception as exc:
        if isinstance(exc, OSError) and exc.errno in WRITE_FAILURES:
            return _cannot_write(command, exc)
        if os.environ.get("BROU_DEBUG"):
            raise
        text = str(exc)
        text = text if len(text) <= 300 else f"{text[:300]}... ({len(text):,} characters)"
        error = f"internal error ({exc.__class__.__name__}: {text}); set BROU_DEBUG=1 for the traceback"
        print(message_line(_one_prefix(command, error)), file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())


"""Playing a league: every table of every seed (`brou.league.seating`), each a session played
as `brou study` plays them (`brou.study.play.play_sessions`: a match in 1802 and Brouc, a game
elsewhere), in independent chunks of seeds, in one process or a pool, the rows of each session
and seat in a fixed order whatever the number of processes.

A chunk is one table and a range of seeds; the chunks come back in order (seeds first, then
tables), so the seeds whose every table is played are known at any moment, and an interrupted
league keeps them (`Played.done`).  Seeds already in `Played.done` when the league starts (read
back from its folder, `brou.league.store`) are not played again.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards.shuffle import MAX_SEED
from ..engine.session import Session
from ..errors import UsageError
from ..spec.rules import Rules
from ..study.cluster import duration
from ..study.play import Summary, play_sessions, processes, worker_start
from .seating import Table, tables

__all__ = ["CHUNK", "MAX_PLAYERS", "MAX_SEEDS", "MAX_SESSIONS", "MAX_SESSION_DEALS", "League", "Played", "Progress",
           "Row", "check_league", "play", "rows_of", "to_play"]

CHUNK = 1  # seeds of one table a worker plays at a time (one: a slow player's seeds are kept one by one)
MAX_PLAYERS = 8  # players in one league (28 pairs)
MAX_SEEDS = 100_000  # seeds in one run, as brou study's sessions per reading
MAX_SESSIONS = 200_000  # sessions in one run, every table of every seed (their rows stay in memory)
MAX_SESSION_DEALS = 10_000  # --session-deals


@dataclass(frozen=True)
class League:
    """What a league plays: a ruleset with its parameters, the players (specs, by index), the
    seeds seed..seed+seeds-1, and at most `session_deals` deals a session (None: whole sessions)."""

    ruleset: str
    params: dict[str, Any]
    players: tuple[str, ...]
    seed: int
    seeds: int
    session_deals: int | None = None

    def rules(self) -> Rules:
        return Rules.load(self.ruleset, **self.params)

    def sides(self) -> list[list[int]]:
        """The sides of the table (a session's: they do not depend on the seed)."""
        return Session(self.rules(), self.seed).sides

    def tables(self) -> list[Table]:
        """The tables every seed is played at, in order."""
        return tables(len(self.players), self.sides())

    def labels(self) -> list[str]:
        """Each player's name in the tables: its spec, with `#2`, `#3` for a spec named again."""
        seen: dict[str, int] = {}
        out = []
        for spec in self.players:
            seen[spec] = seen.get(spec, 0) + 1
            out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
        return out


@dataclass(frozen=True, slots=True)
class Row:
    """One seat of one session: the seed, the table (its index among the seed's), the table
    player, the league player there and the other of the pair, its side, the deals played, the
    side's score summed over them, whether the seat won the session, and its place (1: best;
    the sides ranked by winning, then by score)."""

    seed: int
    table: int
    seat: int
    player: int
    opponent: int
    side: int
    deals: int
    score: float
    won: bool
    place: int


def rows_of(summary: Summary, index: int, table: Table) -> list[Row]:
    """The rows of one session played at `table` (the `index`-th of its seed)."""
    sides = summary.sides
    totals = [sum(deal[i] for deal in summary.scores) for i in range(len(sides))]
    won = [any(p in summary.winners for p in side) for side in sides]
    keys = list(zip(won, totals, strict=True))
    places = [1 + sum(1 for other in keys if other > key) for key in keys]
    a, b = table.pair
    out = []
    for i, side in enumerate(sides):
        for seat in side:
            player = table.seats[seat]
            out.append(Row(summary.seed, index, seat, player, b if player == a else a, i, len(summary.scores),
                           totals[i], won[i], places[i]))
    return sorted(out, key=lambda r: r.seat)


def _chunk(args: tuple[League, int, Table, range]) -> list[Row]:
    """One table's sessions over a range of seeds, as rows (a worker's task)."""
    league, index, table, seeds = args
    specs = [league.players[p] for p in table.seats]
    summaries = play_sessions(league.ruleset, league.params, specs, seeds, league.session_deals)
    sides = league.sides()
    out = []
    for summary in summaries:
        if [list(side) for side in summary.sides] != sides:
            raise RuntimeError(f"{league.ruleset} seed {summary.seed}: the sides {summary.sides} are not the league's")
        out.extend(rows_of(summary, index, table))
    return out


@dataclass
class Played:
    """The rows so far and the seeds `done`, whose every table is played; `held` of them (and
    `held_seconds` of play) were read back from the league's folder rather than played in this
    run; `sessions` and `seconds`: this run's."""

    league: League
    rows: list[Row] = field(default_factory=list)
    done: set[int] = field(default_factory=set)
    sessions: int = 0
    seconds: float = 0.0
    held: int = 0
    held_seconds: float = 0.0

    @property
    def complete(self) -> int:
        """How many seeds have every table played (held ones included)."""
        return len(self.done)

    @property
    def asked(self) -> int:
        """How many seeds the league covers: those it asks and those held besides."""
        return len(self.done | set(range(self.league.seed, self.league.seed + self.league.seeds)))

    def kept(self) -> list[Row]:
        """The rows of the seeds done, by seed, table and seat."""
        return sorted((r for r in self.rows if r.seed in self.done), key=lambda r: (r.seed, r.table, r.seat))

    def hold(self, rows: Sequence[Row], seconds: float) -> None:
        """Take rows read back from the league's folder: their seeds are done and not played again."""
        self.rows.extend(rows)
        seeds = {r.seed for r in rows}
        self.done |= seeds
        self.held += len(seeds)
        self.held_seconds += seconds

    def ranges(self) -> list[tuple[int, int]]:
        """The seeds done as runs of consecutive seeds, first and last of each."""
        return [(run[0], run[-1]) for run in runs(sorted(self.done))]


def check_league(league: League) -> None:
    """UsageError unless the league can be played: two players or more, each a spec of the
    registry, the seeds within bounds, and not more sessions than MAX_SESSIONS."""
    from ..players import parse_player

    if not 2 <= len(league.players) <= MAX_PLAYERS:
        raise UsageError(f"a league compares 2 to {MAX_PLAYERS} players, not {len(league.players)}")
    for spec in league.players:
        parse_player(spec)
    if not 1 <= league.seeds <= MAX_SEEDS:
        raise UsageError(f"--deals is a number of seeds from 1 to {MAX_SEEDS:,}; split a larger league by --seed")
    if league.seed + league.seeds - 1 > MAX_SEED:
        raise UsageError(f"seeds {league.seed} to {league.seed} + {league.seeds:,} - 1 go past the last seed, {MAX_SEED}")
    if league.session_deals is not None and not 1 <= league.session_deals <= MAX_SESSION_DEALS:
        raise UsageError(f"--session-deals is a number of deals from 1 to {MAX_SESSION_DEALS:,}")
    per_seed = len(league.tables())
    if per_seed * league.seeds > MAX_SESSIONS:
        raise UsageError(f"{league.seeds:,} seeds at {per_seed} tables each are {per_seed * league.seeds:,} sessions; "
                         f"a league plays at most {MAX_SESSIONS:,} in one run: fewer seeds or players, or split it by --seed")


def runs(seeds: Sequence[int], most: int | None = None) -> list[range]:
    """The seeds (ascending) as ranges of consecutive seeds, each of at most `most` (None: any length)."""
    out: list[range] = []
    start = 0
    for i in range(1, len(seeds) + 1):
        if i == len(seeds) or seeds[i] != seeds[i - 1] + 1 or i - start == most:
            out.append(range(seeds[start], seeds[i - 1] + 1))
            start = i
    return out


def _tasks(league: League, order: Sequence[Table], chunks: Sequence[range]) -> Iterator[tuple[League, int, Table, range]]:
    for run in chunks:
        for index, table in enumerate(order):
            yield league, index, table, run


def to_play(league: League, played: Played) -> list[int]:
    """The league's seeds not yet done, ascending."""
    return [s for s in range(league.seed, league.seed + league.seeds) if s not in played.done]


def play(league: League, jobs: int = 2, progress: Callable[[Played, int], None] | None = None,
         played: Played | None = None) -> Played:
    """Play every table of every seed not yet done in at most `jobs` processes, the rows into
    `played` (made if None: a caller that keeps it has what was done if the league is
    interrupted); `progress(played, total sessions of this run)` after each chunk."""
    check_league(league)
    order = league.tables()
    out = played if played is not None else Played(league)
    seeds = to_play(league, out)
    total = len(order) * len(seeds)
    seed_runs = runs(seeds, CHUNK)
    chunks = len(seed_runs) * len(order)
    used = processes(jobs, chunks)
    tables_back: dict[int, int] = {}
    start = time.monotonic()
    pool = multiprocessing.Pool(used, initializer=worker_start) if used > 1 and chunks else None
    try:
        tasks = _tasks(league, order, seed_runs)
        results = pool.imap(_chunk, tasks) if pool else map(_chunk, tasks)
        for rows in results:
            out.rows.extend(rows)
            out.sessions += len({(r.seed, r.table) for r in rows})
            for seed in {r.seed for r in rows}:
                tables_back[seed] = tables_back.get(seed, 0) + 1
                if tables_back[seed] == len(order):
                    out.done.add(seed)
            out.seconds = time.monotonic() - start
            if progress:
                progress(out, total)
    finally:
        if pool:
            pool.terminate()
            pool.join()
    out.seconds = time.monotonic() - start
    return out


class Progress:
    """Progress on standard error: sessions done of all, the rate, and the time left; one line
    rewritten on a terminal, else a line every `every` seconds and the last."""

    def __init__(self, every: float = 10.0) -> None:
        self.every = every
        self.shown = -every
        self.tty = sys.stderr is not None and sys.stderr.isatty()

    def __call__(self, played: Played, total: int) -> None:
        now = played.seconds
        done = played.sessions
        if done < total and now - self.shown < (0.5 if self.tty else self.every):
            return
        self.shown = now
        rate = done / now if now > 0 else 0.0
        left = f", about {duration((total - done) / rate)} left" if rate and done < total else ""
        line = (f"brou league: {done:,} of {total:,} sessions ({100 * done / total:.0f} %), {played.complete:,} seeds "
                f"done, {rate:.2f} sessions/s, {duration(now)}{left}")
        if self.tty:
            end = "\n" if done == total else ""
            print(f"\r{line}\x1b[K", end=end, file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)

    def close(self) -> None:
        """End a rewritten line (an interrupted league)."""
        if self.tty and self.shown >= 0:
            print(file=sys.stderr, flush=True)

"""A league's folder (`brou league --out DIR`) as the store of what it played: the seeds it
holds are read back (`held`) and not played again, so a league stopped in any way, or split by
`--seed` into several runs, goes on in the same folder and its table counts every seed the
folder holds, each once.  While it plays, the folder is written again every so often
(`Checkpoint`), so a killed league loses only the seeds since the last writing.

A folder holds a league when it has `league.json` (brou.league.output.FORMAT); its seeds are
those of `sessions.csv` whose every table is there, each row consistent with the league's
tables.  A folder that holds another league (another ruleset, parameters, players or
`--session-deals`), or whose rows cannot be read as this league's, is refused before anything is
played (docs/players.md, "A league in several runs").
"""

from __future__ import annotations

import csv
import json
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import UsageError
from .output import COLUMNS, FORMAT, summary, table_text, write_all
from .play import League, Played, Row

__all__ = ["Checkpoint", "held"]

EVERY = 30.0  # seconds between two writings of the folder, at the least
COST = 10  # and at least this many times the last writing took (a large league's figures take seconds)


def _what_differs(data: dict[str, Any], league: League) -> list[str]:
    mine = {"ruleset": league.ruleset, "parameters": json.loads(json.dumps(league.params)),
            "players": league.labels(), "--session-deals": league.session_deals}
    theirs = {"ruleset": data.get("ruleset"), "parameters": data.get("params"), "players": data.get("players"),
              "--session-deals": data.get("session_deals")}
    return [f"{key} {_shown(theirs[key])} there, {_shown(mine[key])} here" for key in mine if mine[key] != theirs[key]]


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items()) or "none"
    return "none" if value is None else str(value)


def held(league: League, folder: Path) -> tuple[list[Row], float]:
    """The rows of the seeds `folder` already holds for this league (every table of the seed
    there) and the seconds spent playing them; nothing for a folder with no league.json.
    UsageError for a folder that holds another league or rows that are not this league's."""
    summary_path, rows_path = folder / "league.json", folder / "sessions.csv"
    if not summary_path.is_file():
        return [], 0.0
    where = f"brou league: {folder}"
    try:
        data = json.loads(summary_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UsageError(f"{where}/league.json is not a league's summary ({type(exc).__name__}): give another "
                         "--out") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UsageError(f"{where}/league.json is not a league's summary (no format {FORMAT}): give another --out")
    differs = _what_differs(data, league)
    if differs:
        raise UsageError(f"{where} holds another league ({'; '.join(differs)}): give another --out, or the same "
                         "league to go on with it")
    if not rows_path.is_file():
        return [], 0.0
    labels = league.labels()
    index = {label: i for i, label in enumerate(labels)}
    order = league.tables()
    sides = league.sides()
    side_of = {seat: i for i, side in enumerate(sides) for seat in side}
    by_seed: dict[int, list[Row]] = defaultdict(list)
    try:
        with open(rows_path, encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            if tuple(reader.fieldnames or ()) != COLUMNS:
                raise ValueError(f"its columns are not {','.join(COLUMNS)}")
            for r in reader:
                try:
                    row = Row(int(r["seed"]), int(r["table"]), int(r["seat"]), index[r["player"]],
                              index[r["opponent"]], int(r["side"]), int(r["deals"]), float(r["score"]),
                              bool(int(r["won"])), int(r["place"]))
                except (KeyError, TypeError, ValueError) as exc:
                    raise ValueError(f"line {reader.line_num}: not a row of this league ({exc})") from None
                if not 0 <= row.table < len(order) or order[row.table].seats[row.seat:row.seat + 1] != (row.player,) \
                        or side_of.get(row.seat) != row.side:
                    raise ValueError(f"line {reader.line_num}: seat {row.seat} of table {row.table} is not "
                                     f"{labels[row.player]}'s, or not of side {row.side}, in this league")
                by_seed[row.seed].append(row)
    except (OSError, UnicodeDecodeError, csv.Error, ValueError) as exc:
        raise UsageError(f"{where}/sessions.csv: {exc}: give another --out") from None
    seats = len(side_of)
    rows = []
    for _, found in sorted(by_seed.items()):
        keys = {(r.table, r.seat) for r in found}
        if len(found) == len(keys) == len(order) * seats:  # every table, each seat once: the seed is held
            rows.extend(found)
    seconds = data.get("seconds")
    return rows, float(seconds) if isinstance(seconds, (int, float)) else 0.0


class Checkpoint:
    """Writes the folder's files again from the seeds done, at most every EVERY seconds and
    never more often than COST times the last writing took; `now()` writes at once."""

    def __init__(self, league: League, folder: Path, title: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.league, self.folder, self.title, self.clock = league, folder, title, clock
        self.last = clock()
        self.cost = 0.0
        self.written = -1

    def __call__(self, played: Played) -> None:
        if played.complete and played.complete != self.written and self.clock() - self.last >= max(EVERY, COST * self.cost):
            self.now(played)

    def now(self, played: Played) -> None:
        start = self.clock()
        data = summary(self.league, played)
        write_all(data, played.kept(), table_text(data, self.title), self.title, self.folder)
        self.written = played.complete
        self.last = self.clock()
        self.cost = self.last - start

"""A league's result: its summary as data (`summary`, what `--json` prints and league.json
holds), as a table for the terminal (`table_text`) and as Markdown (`markdown`, the tables of
docs/players.md), and the files of `--out` (`write_all`): the summary, the tables, and a row
per session and seat as CSV (sessions.csv), each file written whole or not at all."""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine.session import GAMES_AND_MARKS, session_kind
from ..spec.tables import table_text as plain_table
from ..spec.tables import width
from ..study.output import written_whole
from ..study.play import unit_of
from .figures import ORDERS, pairs, ratings
from .play import League, Played, Row

__all__ = ["COLUMNS", "FILES", "FORMAT", "markdown", "summary", "table_text", "write_all", "write_rows"]

FORMAT = "brou-league/1"
FILES = ("sessions.csv", "league.txt", "league.md", "league.json")  # what --out writes, league.json last
COLUMNS = ("seed", "table", "seat", "player", "opponent", "side", "deals", "score", "score_per_deal", "won", "place")


def summary(league: League, played: Played) -> dict[str, Any]:
    """The league's figures from the seeds every table of which was played."""
    rules = league.rules()
    rows = played.kept()
    labels = league.labels()
    order = league.tables()
    firsts = [r for r in rows if r.seat == 0]
    match = session_kind(rules) == GAMES_AND_MARKS
    ranges = played.ranges()
    return {
        "format": FORMAT,
        "ruleset": league.ruleset,
        "params": league.params,
        "players": labels,
        "seed": ranges[0][0] if ranges else league.seed,
        "seeds": played.complete,
        "asked": played.asked,
        "ranges": [list(r) for r in ranges],
        "held": played.held,
        "session": "match" if match else "game",
        "session_deals": league.session_deals,
        "unit": unit_of(rules),
        "sides": league.sides(),
        "tables": [{"pair": [labels[p] for p in t.pair], "seats": [labels[p] for p in t.seats]} for t in order],
        "sessions": len(firsts),
        "deals": sum(r.deals for r in firsts),
        "seconds": round(played.seconds + played.held_seconds, 1),
        "ratings": ratings(rows, labels),
        "pairs": pairs(rows, labels),
    }


def _sessions_text(data: Mapping[str, Any]) -> str:
    word = data["session"] + ("es" if data["session"] == "match" else "s")
    if data["session_deals"] is not None:
        cut = data["session_deals"]
        return f"{data['sessions']:,} {word} cut at " + ("their first deal" if cut == 1 else f"{cut} deals")
    return f"{data['sessions']:,} {word}"


def _seeds_text(data: Mapping[str, Any], word: str = "") -> str:
    """'seeds 3 to 7 (5' or 'seeds 0 to 9, 20 to 29 (20', then `word`, and ' of N asked' where
    fewer were played."""
    ranges = data.get("ranges") or [[data["seed"], data["seed"] + data["seeds"] - 1]]
    shown = ", ".join(f"{a} to {b}" if a != b else f"{a}" for a, b in ranges)
    asked = f" of {data['asked']:,} asked" if data["seeds"] < data["asked"] else ""
    return f"seeds {shown} ({data['seeds']:,}{word}{asked}"


def _duration(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole} s" if whole < 60 else f"{whole // 60} min {whole % 60:02d} s"


def _signed(x: float | None) -> str:
    return "n/a" if x is None else f"{x:+.3g}" if abs(x) < 1 else f"{x:+.2f}"


def _share(r: Mapping[str, Any]) -> str:
    return "n/a" if r["value"] is None else f"{r['k']} ({100 * r['value']:.0f} %)"


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[str]) -> str:
    """A table whose cells are never folded: as wide as the terminal, or as its widest row."""
    natural = sum(max(len(c) for c in column) for column in zip(headers, *rows, strict=True)) + 2 * len(headers)
    return plain_table(headers, rows, right=right, no_wrap=headers, columns=max(width(), natural))


def table_text(data: Mapping[str, Any], title: str) -> str:
    """The league as text: what was played, the ratings, and each pair's gain."""
    n, pair_tables = len(data["players"]), len(data["tables"]) // max(1, len(data["pairs"]))
    lines = [f"{title}: a league of {n} players, {_seeds_text(data, ' seeds')}"
             + f"), each at {len(data['tables'])} tables ({pair_tables} a pair, each seat to each of the two in turn): "
             f"{_sessions_text(data)}, {data['deals']:,} deals, in {_duration(data['seconds'])}.",
             f"A player's score: {data['unit']}, its side's" + (" (a team's, at each of its seats)."
                                                                 if any(len(s) > 1 for s in data["sides"]) else "."),
             "", f"Ratings (openskill, Plackett-Luce; one update a session, the mean over {ORDERS} orders of the "
                 "sessions; the pair's result, the mean place of each one's seats):"]
    rows = [[str(i), r["player"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}", str(r["won"]),
             str(r["drawn"]), str(r["lost"])] for i, r in enumerate(data["ratings"], 1)]
    lines.append(_table(("rank", "player", "mu", "sigma", "mu - 3 sigma", "won", "drawn", "lost"), rows,
                        right=("rank", "mu", "sigma", "mu - 3 sigma", "won", "drawn", "lost")))
    lines += ["", "Pairs: A's mean gain per deal over B (A's score less B's on the same cards and seats), 95 % interval "
                  "over the seeds (Student's); the seeds on which each did better; the sessions A won, drew and lost "
                  "against B:"]
    rows = []
    for p in data["pairs"]:
        g = p["gain"]
        interval = "n/a" if g["low"] is None else f"[{_signed(g['low'])}, {_signed(g['high'])}]"
        won = p["sessions"]
        rows.append([p["a"], p["b"], _signed(g["value"]), interval, _share(p["a_better"]), _share(p["b_better"]),
                     str(p["even"]), f"{won['a_won']}-{won['drawn']}-{won['b_won']}"])
    lines.append(_table(("A", "B", "gain", "95 % interval", "A better", "B better", "even", "won-drawn-lost"), rows,
                        right=("gain", "even")))
    return "\n".join(lines) + "\n"


def markdown(data: Mapping[str, Any], title: str) -> str:
    """The league as Markdown (docs/players.md's tables): what was played, the ratings, the pairs."""
    lines = [f"**{title}**: players {', '.join(f'`{p}`' for p in data['players'])}; {_seeds_text(data)}"
             + f"), {_sessions_text(data)}, {data['deals']:,} deals, {_duration(data['seconds'])}. A score: "
             f"{data['unit']}" + (f"; parameters {', '.join(f'{k}={v}' for k, v in data['params'].items())}"
                                  if data["params"] else "") + ".",
             "", "| rank | player | mu | sigma | mu - 3 sigma | sessions won-drawn-lost |", "|---|---|---|---|---|---|"]
    lines += [f"| {i} | `{r['player']}` | {r['mu']:.2f} | {r['sigma']:.2f} | {r['ordinal']:.2f} | "
              f"{r['won']}-{r['drawn']}-{r['lost']} |" for i, r in enumerate(data["ratings"], 1)]
    lines += ["", "| A | B | A's gain a deal | 95 % interval | seeds A better, B better, even | sessions A won-drawn-lost |",
              "|---|---|---|---|---|---|"]
    for p in data["pairs"]:
        g, won = p["gain"], p["sessions"]
        interval = "n/a" if g["low"] is None else f"[{_signed(g['low'])}, {_signed(g['high'])}]"
        lines.append(f"| `{p['a']}` | `{p['b']}` | {_signed(g['value'])} | {interval} | {p['a_better']['k']}, "
                     f"{p['b_better']['k']}, {p['even']} | {won['a_won']}-{won['drawn']}-{won['b_won']} |")
    return "\n".join(lines) + "\n"


def write_rows(rows: Sequence[Row], labels: Sequence[str], path: Path) -> None:
    """A row per session and seat, as CSV (COLUMNS), written whole."""
    with written_whole(path) as temporary, open(temporary, "w", encoding="utf-8", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(COLUMNS)
        for r in rows:
            out.writerow([r.seed, r.table, r.seat, labels[r.player], labels[r.opponent], r.side, r.deals, f"{r.score:g}",
                          f"{r.score / r.deals:.6g}" if r.deals else "", int(r.won), r.place])


def write_all(data: Mapping[str, Any], rows: Sequence[Row], text: str, title: str, out: Path) -> None:
    """The files of --out: the rows, the table as text and as Markdown, then the summary (last:
    what it counts is written)."""
    out.mkdir(parents=True, exist_ok=True)
    write_rows(rows, data["players"], out / "sessions.csv")
    with written_whole(out / "league.txt") as path:
        path.write_text(text, encoding="utf-8")
    with written_whole(out / "league.md") as path:
        path.write_text(markdown(data, title), encoding="utf-8")
    with written_whole(out / "league.json") as path:
        path.write_text(json.dumps(dict(data), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

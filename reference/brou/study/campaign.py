"""A run of studies (`brou study AMB-nn`, `brou study --all`): the seeds each study still needs
cut into chunks (brou.study.chunk), the chunks played (brou.study.cluster), each kept in the
results store as it finishes (brou.study.store, or in memory without --out), and each study's
figures computed from the store as soon as all its seeds are there (`run_each`), with how often
each option's situation arises and what it changes when it does (`arising_figures`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

from ..spec.ambiguities import Register
from .arising import CANNOT_ARISE, Replay
from .chunk import Chunk, chunks_of, study_key, summary_of
from .cluster import Progress, play, processes
from .play import DEFAULT_PLAYERS, Plan, _study_data, check_seeds, chosen
from .stats import ratio, student, wilson
from .store import Store
from .targeted import Aim, aim_of

__all__ = ["MemoryStore", "arising_figures", "run", "run_each", "study", "study_all"]


class MemoryStore:
    """The rows of a run without --out, kept in memory (`Store`'s interface)."""

    def __init__(self) -> None:
        self.chunks: dict[str, list[dict[str, Any]]] = {}

    def done(self, key: str, seeds: range) -> set[int]:
        return {r["seed"] for r in self.chunks.get(key, []) if r["seed"] in seeds}

    def write(self, chunk: Chunk, rows: Sequence[dict[str, Any]]) -> None:
        self.chunks.setdefault(chunk.key, []).extend(rows)

    def rows(self, key: str, seeds: range, options: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, dict[int, dict[str, Any]]] = {o: {} for o in options}
        for r in self.chunks.get(key, []):
            if r["option"] in out and r["seed"] in seeds:
                out[r["option"]].setdefault(r["seed"], r)
        return {o: [by_seed[s] for s in sorted(by_seed)] for o, by_seed in out.items()}


def arising_figures(rows: Sequence[dict[str, Any]], default: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """How often an option's situation arises in the default's sessions (per deal, per session)
    and, in the deals where it does, how often the deal's result changes, each side's score
    change and its mean size (over the deals played again: every one, or a replay's), and among
    the sessions where it does, how often the winner changes (not with a replay, which plays
    deals, not sessions); with a replay, `by_chance`: how often the default's deal played again
    from another random state has another result, the players' chance alone (brou.study.arising.Replay);
    `unexplained`: sessions where it never arose and yet some deal's result differs (0 unless the
    detector misses a case)."""
    if [r["seed"] for r in rows] != [d["seed"] for d in default]:
        raise ValueError("an option and the default were not played on the same seeds")
    arose = [r["arose"] for r in rows]
    sides = max((len(r["totals"]) for r in rows), default=0)
    where = [(r, d) for r, d in zip(rows, default, strict=True) if r["arose"]]
    again = [len(r["changed"]) for r in rows]
    replayed_by = next((r.get("replayed_by") for r in rows if r.get("replayed_by")), None)

    def size(deal: Sequence[float]) -> float:  # a side's score moved, on average over the sides
        return sum(abs(x) for x in deal) / len(deal)

    def moved(r: dict[str, Any]) -> float:
        return float(sum(size(deal) for deal in r["delta"] if deal))

    if replayed_by:  # a few deals of many sessions: each deal one draw, not a session's deals taken together
        deals = [(c, d) for r in rows for c, d in zip(r["changed"], r["delta"], strict=True)]
        there: dict[str, Any] = {
            "result_changed": wilson(sum(1 for c, _ in deals if c), len(deals)).data(),
            "score_change": [student([d[i] for _, d in deals if d]).data() for i in range(sides)],
            "score_moved": student([size(d) for _, d in deals if d]).data(),
        }
    else:
        there = {
            "result_changed": _within(ratio([float(sum(r["changed"])) for r in rows], again).data()),
            "score_change": [ratio([sum(deal[i] for deal in r["delta"] if deal) for r in rows], again).data()
                             for i in range(sides)],
            "score_moved": ratio([moved(r) for r in rows], again).data(),
        }
    return {
        "per_deal": _within(ratio([float(a) for a in arose], [len(r["arising"]) for r in rows]).data()),
        "per_session": wilson(sum(1 for a in arose if a), len(rows)).data(),
        "replayed": sum(again),
        "replayed_by": replayed_by,
        "result_changed": there["result_changed"],
        "by_chance": wilson(sum(sum(r.get("noise") or []) for r in rows),
                            sum(len(r.get("noise") or []) for r in rows)).data() if replayed_by else None,
        "score_change": there["score_change"],
        "score_moved": there["score_moved"],
        "winner_changed": None if replayed_by else wilson(sum(1 for r, d in where if r["winners"] != d["winners"]),
                                                          len(where)).data(),
        "unexplained": sum(1 for r, d in zip(rows, default, strict=True) if not r["arose"] and r["every"] != d["every"]),
    }


def _within(m: dict[str, Any]) -> dict[str, Any]:
    """A share's interval kept within 0 and 1 (a ratio's normal interval may go past them)."""
    if m["value"] is None:
        return m
    return m | {"low": max(0.0, m["low"]), "high": min(1.0, m["high"])}


def _figures(plan: Plan, store: Any, sessions: int, seed: int, players: Sequence[str],
             replay: Replay | None = None, steer: bool = False) -> dict[str, Any]:
    """A study's figures from the store (every seed of it there)."""
    seeds = range(seed, seed + sessions)
    aim = aim_of(plan) if steer else None
    players = _players(players, aim)
    rows = store.rows(study_key(plan, players, replay, aim), seeds, [r.option for r in plan.readings])
    played = [[summary_of(r) for r in rows[reading.option]] for reading in plan.readings]
    data = _study_data(plan, played, sessions, seed, players)
    default = rows[plan.default]
    for option in data["options"]:
        option["arising"] = None if option["option"] == plan.default else arising_figures(rows[option["option"]],
                                                                                           default)
    data["cannot_arise"] = CANNOT_ARISE.get(plan.entry)
    data["replay"] = None if replay is None else {"players": list(replay.players), "deals": replay.deals,
                                                  "text": replay.text()}
    data["steered"] = (dict(aim.steer) or None) if aim else None
    data["standing"] = aim.standing.text() if aim and aim.standing else None
    return data


def _players(players: Sequence[str], aim: Aim | None) -> tuple[str, ...]:
    """Who plays a study's sessions: its aim's players if it has some, else the study's."""
    return aim.players if aim is not None and aim.players else tuple(players)


def run_each(studies: Sequence[Plan], sessions: int, seed: int, players: Sequence[str], jobs: int = 0,
             scheduler: str | None = None, out: Path | None = None, progress: bool = False,
             say: Callable[[str], None] | None = None, replay: Replay | None = None,
             steer: bool = False) -> Iterator[dict[str, Any]]:
    """Play every study (`sessions` seeds from `seed` under each reading) and yield each study's
    figures as soon as all its seeds are in the store, the studies already whole first.  With
    `out`, the store is `out`/sessions and a run stopped and started again plays only what it
    lacks; `jobs` Dask workers on this machine (0: in this process) or the cluster of
    `scheduler`; `progress`: sessions done, rate and time left on standard error (or `say`);
    `replay`: other players for the deals where a reading arises (brou.study.arising.Replay);
    `steer`: the sessions aimed at each entry's case (brou.study.targeted.aim_of)."""
    check_seeds(sessions, seed)
    if steer and replay is None:
        raise ValueError("a steered study's deals are played on by a replay's players: give one")
    seeds = range(seed, seed + sessions)
    store: Any = Store(out / "sessions").open() if out is not None else MemoryStore()
    todo: dict[str, list[Chunk]] = {}
    already = 0

    aims = {(p.entry, p.ruleset): aim_of(p) if steer else None for p in studies}

    def key_of(plan: Plan) -> str:
        aim = aims[plan.entry, plan.ruleset]
        return study_key(plan, _players(players, aim), replay, aim)

    for plan in studies:
        key = key_of(plan)
        have = store.done(key, seeds)
        already += len(have) * len(plan.readings)
        aim = aims[plan.entry, plan.ruleset]
        todo[key] = chunks_of(plan, _players(players, aim), [s for s in seeds if s not in have], replay,
                              aim) if len(have) < sessions else []
    total = sum(sessions * len(p.readings) for p in studies)
    chunks = [c for plan in studies for c in todo[key_of(plan)]]
    workers = processes(jobs, len(chunks)) if jobs else 0
    if progress and chunks and scheduler is None and jobs and workers < jobs:
        (say or _stderr)(f"{workers} processes play ({jobs} asked: {_cores()} cores, {len(chunks):,} chunks of work)")
    shown = Progress(total, already, say=say) if progress else None
    left = {key: len(cs) for key, cs in todo.items()}
    ready = [p for p in studies if not left[key_of(p)]]
    for plan in ready:
        yield _figures(plan, store, sessions, seed, players, replay, steer)
    with closing(play(chunks, workers, scheduler)) as playing:
        for chunk, rows in playing:
            store.write(chunk, rows)
            left[chunk.key] -= 1
            if shown:
                shown.add(chunk.sessions)
            if not left[chunk.key]:
                yield _figures(chunk.plan, store, sessions, seed, players, replay, steer)


def _stderr(line: str) -> None:
    import sys

    print(line, file=sys.stderr, flush=True)


def _cores() -> int:
    import os

    return os.cpu_count() or 1


def run(studies: Sequence[Plan], sessions: int, seed: int, players: Sequence[str], jobs: int = 0,
        scheduler: str | None = None, out: Path | None = None, replay: Replay | None = None) -> list[dict[str, Any]]:
    """Every study's figures (`run_each`), in the order of `studies`."""
    found = {(s["entry"], s["ruleset"]): s
             for s in run_each(studies, sessions, seed, players, jobs, scheduler, out, replay=replay)}
    return [found[(p.entry, p.ruleset)] for p in studies]


def study(amb_id: str, ruleset: str | None = None, sessions: int = 200, seed: int = 0,
          players: Sequence[str] = DEFAULT_PLAYERS, jobs: int = 0, register: Register | None = None,
          scheduler: str | None = None, out: Path | None = None, replay: Replay | None = None) -> dict[str, Any]:
    """The study of one entry (`brou study AMB-nn`): its figures per ruleset, and the rulesets with none and why."""
    plans_, skipped = chosen(amb_id, ruleset, players, register)
    return {"studies": run(plans_, sessions, seed, players, jobs, scheduler, out, replay), "unplayed": skipped}


def study_all(sessions: int, seed: int, players: Sequence[str] = DEFAULT_PLAYERS, jobs: int = 0,
              register: Register | None = None, scheduler: str | None = None,
              out: Path | None = None, replay: Replay | None = None) -> dict[str, Any]:
    """Every entry with playable options (`brou study --all`), and every entry or ruleset without, with why."""
    plans_, skipped = chosen(None, None, players, register)
    return {"studies": run(plans_, sessions, seed, players, jobs, scheduler, out, replay), "unplayed": skipped}

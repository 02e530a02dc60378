"""One chunk of a study's work, and the rows it gives (one per session) for the results store
(brou.study.store): a run of seeds of one study (an entry and a ruleset), each played under the
default reading and under every other option by the same players, and for each other option
how often its situation arises in the default's sessions and what it changes there
(brou.study.arising).

A chunk is what a Dask worker is given (brou.study.cluster): it holds only names and numbers,
its rows depend on nothing else (not on the worker nor on the order chunks are played in), and
`summary_of` reads a row back into the `Summary` the figures are computed from."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .arising import NEVER, Replay, consequences
from .play import Plan, Summary, play_sessions
from .targeted import Aim

__all__ = ["CHUNK", "Chunk", "chunks_of", "play_chunk", "study_key", "summary_of"]

CHUNK = 25  # sessions of each reading a chunk plays: small enough to lose little, large enough to cost little


def study_key(plan: Plan, players: Sequence[str], replay: Replay | None = None, aim: Aim | None = None) -> str:
    """What decides a study's sessions, as a short digest: its entry, ruleset, every reading's
    parameters, the players, who plays again the deals where a reading arises and how the
    sessions are aimed (brou.study.targeted).  Rows are kept under it: a register whose options
    changed, or other players, start a new set of rows and never mix with the old."""
    what: list[Any] = [plan.entry, plan.ruleset, [[r.option, r.params] for r in plan.readings], list(players)]
    if replay is not None:
        what.append([list(replay.players), replay.deals])
    if aim is not None and aim.steer:
        what.append([list(k) for k in aim.steer])
    if aim is not None and aim.standing is not None:
        s = aim.standing
        what.append(["standing", [list(r) for r in s.scores], list(s.carried), list(s.marks)])
    return hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Chunk:
    """Seeds `start`..`stop`-1 of a study (`plan`) played by `players` (specs), aimed at its
    case if an `aim` is given (brou.study.targeted), the deals where a reading arises played
    again by the replay's players if there is one."""

    plan: Plan
    players: tuple[str, ...]
    start: int
    stop: int
    replay: Replay | None = None
    aim: Aim | None = None

    @property
    def key(self) -> str:
        return study_key(self.plan, self.players, self.replay, self.aim)

    @property
    def sessions(self) -> int:
        """The sessions it plays: every seed under every reading."""
        return (self.stop - self.start) * len(self.plan.readings)


def chunks_of(plan: Plan, players: Sequence[str], seeds: Sequence[int], replay: Replay | None = None,
              aim: Aim | None = None) -> list[Chunk]:
    """The chunks that play `seeds` (in increasing order) of a study: runs of consecutive seeds
    within the same block of CHUNK (seeds CHUNK*k to CHUNK*(k+1)-1), so that a study resumed with
    other bounds plays the same chunks as before."""
    out: list[Chunk] = []
    start = previous = None
    for seed in seeds:
        if start is not None and previous is not None and (seed != previous + 1 or seed // CHUNK != start // CHUNK):
            out.append(Chunk(plan, tuple(players), start, previous + 1, replay, aim))
            start = None
        if start is None:
            start = seed
        previous = seed
    if start is not None and previous is not None:
        out.append(Chunk(plan, tuple(players), start, previous + 1, replay, aim))
    return out


def _row(chunk: Chunk, option: str, s: Summary) -> dict[str, Any]:
    return {
        "entry": chunk.plan.entry, "ruleset": chunk.plan.ruleset, "key": chunk.key, "option": option,
        "default": option == chunk.plan.default, "seed": s.seed,
        "players": ",".join(chunk.players) + ("".join(f" (steered: {k} {v:g})" for k, v in chunk.aim.steer)
                                              + (f" (from {chunk.aim.standing.text()})" if chunk.aim.standing else "")
                                              if chunk.aim else ""),
        "deals": len(s.scores), "winners": list(s.winners), "first": s.first, "every": s.every, "cards": s.cards,
        "first_dealer": s.first_dealer, "scores": [list(x) for x in s.scores],
        "totals": [sum(x[i] for x in s.scores) for i in range(len(s.sides))],
        "dealer": list(s.dealer), "eldest": list(s.eldest), "contract": list(s.contract),
        "sides": [list(x) for x in s.sides],
        "arising": [], "arose": 0, "first_arising": NEVER, "changed": [], "delta": [],
        "replayed_by": chunk.replay.text() if chunk.replay else "", "noise": [],
    }


def play_chunk(chunk: Chunk) -> list[dict[str, Any]]:
    """The chunk's rows: for each seed, the default reading's session, then each other option's
    with how often (deal by deal) its situation arose in the default's session and, in each deal
    where it did and that was played again (every one, or the replay's), whether that deal's
    result and scores change under it (brou.study.arising)."""
    plan, seeds = chunk.plan, range(chunk.start, chunk.stop)
    default = plan.readings[0]
    steer = dict(chunk.aim.steer) if chunk.aim else None
    standing = chunk.aim.standing if chunk.aim else None
    played = play_sessions(plan.ruleset, default.params, chunk.players, seeds, standing=standing, keep_states=True,
                           steer=steer)
    rows = [_row(chunk, default.option, s) for s in played]
    for reading in plan.readings[1:]:
        budget = chunk.replay.deals if chunk.replay else None
        for s, o in zip(played, play_sessions(plan.ruleset, reading.params, chunk.players, seeds, standing=standing,
                                              steer=steer), strict=True):
            deals = consequences(plan.ruleset, default.params, reading.params, s.seed, s.actions, chunk.players,
                                 s.states, standing, replay=chunk.replay, budget=budget)
            again = [d for d in deals if d.replayed]
            if budget is not None:
                budget -= len(again)
            rows.append(_row(chunk, reading.option, o) | {
                "arising": [d.step for d in deals], "arose": sum(1 for d in deals if d.step != NEVER),
                "first_arising": next((i for i, d in enumerate(deals) if d.step != NEVER), NEVER),
                "changed": [d.changed for d in again], "delta": [list(d.delta) for d in again],
                "noise": [bool(d.noise) for d in again if d.noise is not None]})
    return rows


def summary_of(row: dict[str, Any]) -> Summary:
    """A row read back as the summary of its session (without its actions)."""
    return Summary(int(row["seed"]), row["first"], row["every"], row["cards"], tuple(row["winners"]),
                   int(row["first_dealer"]), tuple(tuple(x) for x in row["scores"]), tuple(row["dealer"]),
                   tuple(row["eldest"]), tuple(row["contract"]), tuple(tuple(x) for x in row["sides"]))

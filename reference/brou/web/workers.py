"""Where the server's players of the registry think and the solver solves: off the event loop.

A decision of a player of the registry (`decide`) and a double-dummy solve (`solve_values`)
take a position in the notation (`brou.engine.notation`) and return plain data, so they run as
well in another process as in a thread.  `Workers` runs the players' decisions on a pool of
processes (`bot_processes`; 0: a pool of threads in the server's own process, for tests and
small machines), so that the search player's seconds of thought leave the server answering
everyone else, and each solve in a process of its own (`multiprocessing.Pool` of one), which
is ended when the solve passes its time (`solve_seconds`): the pure-Python solver needs from
a second to minutes early in a deal (docs/web.md, "The solver").  A decision that has not come
back within `bot_seconds` is given up and the careful player decides instead, in the server.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.pool
import random
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache
from typing import Any

from ..engine.bots import Bot
from ..engine.positions import parse_position
from ..players.careful import careful_bot
from ..players.names import parse_player
from ..solve import SolveError, solve


@lru_cache(maxsize=64)
def _bot(spec: str, ruleset_line: str) -> Bot:
    """The player of `spec` built for the rules of a position's ruleset field (kept: a player
    such as the search player remembers plans between decisions)."""
    from ..engine.notation import parse_rules

    return parse_player(spec).bot(parse_rules(ruleset_line))


def decide(spec: str, line: str, seed: int) -> int:
    """The action the player of `spec` takes in the position `line`, with a generator seeded by `seed`."""
    state = parse_position(line)
    return _bot(spec, line.split(" ", 1)[0])(state, random.Random(seed))


def careful_decision(line: str, seed: int) -> int:
    """The careful player's action in the position `line` (the stand-in for a decision given up)."""
    return careful_bot(parse_position(line), random.Random(seed))


def solve_values(line: str, seat: int | None) -> dict[str, Any]:
    """The solver's values of the position `line` for the side of deal seat `seat` (default:
    the solver's), as plain data: the value, each legal action's, the best ones.  A deal of 1802
    or Brouc inside a game is solved as a deal on its own, for the count (the game's own actions
    are not valued): the search over the game's outcome is far too slow before the last tricks."""
    state = parse_position(line)
    try:
        found = solve(state, seat, alone=True)
    except SolveError as exc:
        return {"error": str(exc)}
    return {"goal": found.goal, "seat": found.seat, "side": list(found.side), "value": found.value,
            "so_far": found.so_far, "to_act": found.to_act,
            "actions": [{"action": state.action_text(a), "value": v} for a, v in found.actions],
            "best": [state.action_text(a) for a in found.best], "nodes": found.nodes, "seconds": round(found.seconds, 3)}


class SolveTimeout(Exception):
    """A solve past its time: its process was ended."""


class Workers:
    """The pools the server thinks in (the module's docstring)."""

    def __init__(self, bot_processes: int = 1, bot_seconds: float = 60.0, solve_seconds: float = 20.0) -> None:
        self.bot_processes = bot_processes
        self.bot_seconds = bot_seconds
        self.solve_seconds = solve_seconds
        self._bots: Executor | None = None
        self._solver: multiprocessing.pool.Pool | None = None
        self._lock = threading.Lock()
        self._context = multiprocessing.get_context("spawn")  # no fork of a server with threads

    def _bot_pool(self) -> Executor:
        with self._lock:
            if self._bots is None:
                self._bots = (ProcessPoolExecutor(self.bot_processes, mp_context=self._context) if self.bot_processes
                              else ThreadPoolExecutor(2, thread_name_prefix="brou-bot"))
            return self._bots

    async def decide(self, spec: str, line: str, seed: int) -> tuple[int, str]:
        """The action of the player `spec` in the position `line`, and a note ("" unless the
        decision was given up after `bot_seconds` and the careful player took it instead)."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._bot_pool(), decide, spec, line, seed)
        try:
            return await asyncio.wait_for(future, self.bot_seconds), ""
        except TimeoutError:
            action = await loop.run_in_executor(None, careful_decision, line, seed)
            return action, f"{spec} took more than {self.bot_seconds:g} s: the careful player played for it"

    def _solver_pool(self) -> multiprocessing.pool.Pool:
        with self._lock:
            if self._solver is None:
                self._solver = self._context.Pool(1)
            return self._solver

    def _solve_blocking(self, line: str, seat: int | None) -> dict[str, Any]:
        pool = self._solver_pool()
        pending = pool.apply_async(solve_values, (line, seat))
        try:
            result: dict[str, Any] = pending.get(self.solve_seconds)
            return result
        except multiprocessing.TimeoutError:
            with self._lock:
                if self._solver is pool:
                    self._solver = None
            pool.terminate()  # the solve is cut: its process ended, a new one for the next
            raise SolveTimeout(f"the solver needs more than {self.solve_seconds:g} s for this position "
                               "(pure Python); ask again a trick or two later") from None

    async def solve(self, line: str, seat: int | None) -> dict[str, Any]:
        """The solver's values (`solve_values`), SolveTimeout past `solve_seconds`."""
        return await asyncio.get_running_loop().run_in_executor(None, self._solve_blocking, line, seat)

    def close(self) -> None:
        with self._lock:
            bots, solver = self._bots, self._solver
            self._bots = self._solver = None
        if bots is not None:
            bots.shutdown(wait=False, cancel_futures=True)
        if solver is not None:
            solver.terminate()

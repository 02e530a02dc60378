"""Shrinking the first case of `brou fuzz` that does not pass: a shorter case looked for
(`shorter`), hypothesis shrinking its bytes (`shrink`: the bytes are a failing example of its
database, not yet shrunk, which `hypothesis.find` replays and shrinks) while the implementation
still fails in the same way (`same_fault`), a case of several deals cut to begin at a later deal
(`later_bytes`), and the smallest case written as a scenario of one behaviour (`one_behaviour`)."""

from __future__ import annotations

import contextlib
import random
import time
import unittest
from collections.abc import Callable
from typing import Any

from ...cards.shuffle import MAX_SEED
from ..judging.compare import FAILED, Verdict
from .case import (
    ACTIONS,
    CASE_BYTES,
    LIMIT,
    MAX_ATTEMPTS,
    SEED,
    Choices,
    Later,
    reach_of,
)
from .reach import (
    DEALS_AT,
    MORE_DEALS,
    POINTS,
    R_DEALS,
    R_PERFT,
    R_PERFT_AT,
    R_SEED,
    R_SPEAKERS,
    R_SPEAKERS_AT,
    R_VIEW,
    R_VIEW_AT,
)


def same_fault(first: Verdict, other: Verdict) -> bool:
    """Whether a shrunk case fails as the case found did: a wrong answer, or an error of the same kind."""
    if first.status != other.status:
        return False
    return first.status == FAILED or first.detail.split(":", 1)[0] == other.detail.split(":", 1)[0]


def shrink(data: bytes, fails: Callable[[bytes], bool], seconds: float, seed: int,
           left: Callable[[], float] | None = None) -> tuple[bytes, int]:
    """The smallest bytes that hypothesis finds from `data` (which must fail) for which
    `fails` holds, within about `seconds`; and the number of cases tried.  (Hypothesis
    shrinks by itself, as it tries: not seeded, it still goes the same way for the same
    case, since its passes are deterministic but for their order.)"""
    from hypothesis import HealthCheck, Phase, Verbosity, find, settings
    from hypothesis import strategies as st
    from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes
    from hypothesis.errors import HypothesisException

    key = b"brou-fuzz"
    database = InMemoryExampleDatabase()
    # a case in the secondary corpus of `key` is one that failed and is not yet shrunk: the
    # reuse phase replays it, and the shrink phase shrinks it
    database.save(key + b".secondary", choices_to_bytes((data,)))
    deadline = time.monotonic() + seconds
    best = [data]
    seen: dict[bytes, bool] = {}

    def condition(candidate: bytes) -> bool:
        if candidate in seen:
            return seen[candidate]
        result = time.monotonic() < deadline and (left is None or left() > 0) and fails(candidate)
        seen[candidate] = result
        if result and (len(candidate), candidate) < (len(best[0]), best[0]):
            best[0] = candidate
        return result

    rules = settings(database=database, phases=[Phase.reuse, Phase.shrink], max_examples=100, deadline=None,
                     suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet)
    # nothing smaller failed, or the implementation is not deterministic: the best case seen stands
    with contextlib.suppress(HypothesisException, unittest.SkipTest):
        find(st.binary(max_size=len(data)), condition, settings=rules, database_key=key)
    return best[0], len(seen)


SHORTER_LIMITS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48)
SHORTER_TRIES = 24  # random cases tried at each number of actions


def shorter(data: bytes, actions: int, fails: Callable[[bytes], bool], rng: random.Random,
            left: Callable[[], float] = lambda: 1.0) -> tuple[bytes, int]:
    """Bytes of a case with fewer actions that fails as `data` does, if one turns up among
    random cases that keep its first bytes (ruleset, parameters, setting, scores, lopsided)
    and draw their actions afresh, every other one its deal too, with 1, 2, 3, 4, 6, ...
    actions; else `data`.  Shrinking keeps a case failing at every step, so it cannot trade
    a long deal for a short one: this search can.  Also the number of cases tried."""
    tries = 0
    reach = reach_of(Choices(data))
    for limit in SHORTER_LIMITS:
        if limit >= actions:
            break
        for k in range(SHORTER_TRIES):
            candidate = bytearray(data.ljust(CASE_BYTES, b"\0"))
            candidate[LIMIT] = limit
            if k % 2:
                candidate[SEED:ACTIONS] = rng.randbytes(ACTIONS - SEED)
            candidate[ACTIONS:ACTIONS + limit] = rng.randbytes(limit)
            candidate = candidate[:ACTIONS + limit] + reach  # the questions asked beyond the deal stay
            if left() <= 0:  # the shrink budget is spent
                return data, tries
            tries += 1
            if fails(bytes(candidate)):
                return bytes(candidate), tries
    return data, tries


def later_bytes(data: bytes, later: Later, deal: int) -> bytes:
    """The bytes of a case that starts at a further deal of the case `data` describes (its
    `deal`-th from 0, `later`; the setup comes from `Start`): the actions tried from that deal on,
    and the reach as it stood there (brou.conformance.cases.reach): the deals still to come, the seed
    of the next, and each question not yet asked at its place among the remaining actions."""
    c = Choices(data)
    limit = min(c.at(LIMIT), MAX_ATTEMPTS)
    before = later.attempts
    out = bytearray(c.at(i) for i in range(ACTIONS))
    out[LIMIT] = limit - before
    out += bytes(c.at(ACTIONS + before + i) for i in range(limit - before))
    reach = bytearray(reach_of(c))
    more = 1 + reach[R_DEALS] % MORE_DEALS if reach[R_DEALS] >= DEALS_AT else 0
    left = max(0, more - deal)
    reach[R_DEALS] = 0 if not left else next(d for d in range(DEALS_AT, 256) if d % MORE_DEALS == left - 1)
    seed = (int.from_bytes(reach[R_SEED:R_SEED + 8], "big") + deal) & MAX_SEED
    reach[R_SEED:R_SEED + 8] = seed.to_bytes(8, "big")
    for asked, point in ((R_VIEW, R_VIEW_AT), (R_SPEAKERS, R_SPEAKERS_AT), (R_PERFT, R_PERFT_AT)):
        if reach[point] % POINTS < before:  # asked in an earlier deal
            reach[asked] = 0
        else:
            reach[point] = reach[point] % POINTS - before
    return bytes(out + reach)


def cut_after(scenario: dict[str, Any], step: int) -> dict[str, Any]:
    """The scenario with the steps after `step` (from 1) left out."""
    return scenario | {"steps": scenario["steps"][:step]}


def one_behaviour(scenario: dict[str, Any], verdict: Verdict, keep_refusals: bool) -> dict[str, Any]:
    """The failing case as a scenario of one behaviour: the actions before its failing step
    as one `do` list (the refusals that passed left out unless `keep_refusals`), then the
    failing step, an observation only of what differs."""
    assert verdict.step is not None
    steps = scenario["steps"][:verdict.step]
    *before, last = steps
    kept: list[dict[str, Any]] = []
    for step in before:
        if "do" in step:
            if kept and "do" in kept[-1]:
                kept[-1]["do"].append(step["do"])
            else:
                kept.append({"do": [step["do"]]})
        elif "deal" in step or ("reject" in step and keep_refusals):  # a next deal: the actions after it are its own
            kept.append(dict(step))
    if "expect" in last and verdict.observed in last["expect"]:
        last = {"expect": {verdict.observed: last["expect"][verdict.observed]}}
    return scenario | {"steps": [*kept, last]}


def actions_of(scenario: dict[str, Any]) -> int:
    """The number of actions a scenario takes or tries."""
    return sum(len(s["do"]) if isinstance(s.get("do"), list) else 1 for s in scenario["steps"] if "do" in s or "reject" in s)

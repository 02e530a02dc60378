"""What a league says: each player's rating (openskill's Plackett-Luce model, one update a
session, averaged over `ORDERS` seeded orders of the sessions) and, for each pair, the mean gain per deal of one over the
other with a 95 % interval over the seeds, and how often each did better (docs/players.md,
"Reading the table").

A pair's gain on a seed is A's score per deal over all A's seats at the pair's tables of that
seed, less B's: both sat in the same places over the same cards, so the luck of the cards
cancels.  The seeds are independent, and the gain's interval is Student's over them (a paired
comparison: each seed is one difference).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, groupby
from typing import Any, Final

from openskill.models import PlackettLuce

from ..study.stats import student, wilson
from .play import Row

__all__ = ["ORDERS", "pairs", "rating_orders", "ratings", "session_results"]

ORDERS: Final = 20  # the orders of the sessions a rating is the mean over


def session_results(rows: Iterable[Row]) -> list[tuple[int, int, int, int]]:
    """Each session, in the rows' order, as (seed, A, B, result): result 1 where A's seats
    took a better place on average than B's, -1 where worse, 0 where equal."""
    out = []
    for (seed, _), group in groupby(rows, key=lambda r: (r.seed, r.table)):
        seats = list(group)
        a, b = min(seats[0].player, seats[0].opponent), max(seats[0].player, seats[0].opponent)
        place = {p: [r.place for r in seats if r.player == p] for p in (a, b)}
        mean_a, mean_b = (sum(place[p]) / len(place[p]) for p in (a, b))
        out.append((seed, a, b, (mean_a < mean_b) - (mean_a > mean_b)))
    return out


def rating_orders(sessions: int, orders: int = ORDERS) -> list[list[int]]:
    """The orders the sessions are rated in: their own (seed, then table), then `orders` - 1
    shuffles drawn from `random.Random(0)`."""
    rng = random.Random(0)
    out = [list(range(sessions))]
    for _ in range(orders - 1):
        order = list(range(sessions))
        rng.shuffle(order)
        out.append(order)
    return out


def ratings(rows: Sequence[Row], labels: Sequence[str], orders: int = ORDERS) -> list[dict[str, Any]]:
    """Each player's openskill rating (mu, sigma, and mu - 3 sigma, the conservative ordinal):
    one update a session, A and B ranked by their seats' mean place, a tie a draw, the sessions
    taken in each of `rating_orders` and mu and sigma averaged over those orders (a single order
    would let the last sessions weigh most: a run of late wins can reverse two players of equal
    results); and the sessions each won, drew and lost.  Best first."""
    model = PlackettLuce()
    results = session_results(rows)
    totals = [[0.0, 0.0] for _ in labels]
    record = [[0, 0, 0] for _ in labels]  # won, drawn, lost
    for _, a, b, result in results:
        record[a][1 - result] += 1
        record[b][1 + result] += 1
    ranks = {1: [1.0, 2.0], 0: [1.0, 1.0], -1: [2.0, 1.0]}
    chosen = rating_orders(len(results), orders)
    for order in chosen:
        rating = [model.rating(name=label) for label in labels]
        for k in order:
            _, a, b, result = results[k]
            [[rating[a]], [rating[b]]] = model.rate([[rating[a]], [rating[b]]], ranks=ranks[result])
        for total, r in zip(totals, rating, strict=True):
            total[0] += r.mu
            total[1] += r.sigma
    out = []
    for label, (mu, sigma), (w, d, lost) in zip(labels, totals, record, strict=True):
        mu, sigma = mu / len(chosen), sigma / len(chosen)
        out.append({"player": label, "mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma, "won": w, "drawn": d,
                    "lost": lost})
    return sorted(out, key=lambda x: -x["ordinal"])


def _per_deal(rows: Iterable[Row]) -> float | None:
    rows = list(rows)
    deals = sum(r.deals for r in rows)
    return sum(r.score for r in rows) / deals if deals else None


def seed_gains(rows: Sequence[Row], a: int, b: int) -> list[float]:
    """A's score per deal less B's on each seed where the two met, in seed order."""
    out = []
    met = [r for r in rows if {r.player, r.opponent} == {a, b}]
    for _, group in groupby(met, key=lambda r: r.seed):
        seats = list(group)
        mine, theirs = _per_deal(r for r in seats if r.player == a), _per_deal(r for r in seats if r.player == b)
        if mine is not None and theirs is not None:
            out.append(mine - theirs)
    return out


def pairs(rows: Sequence[Row], labels: Sequence[str]) -> list[dict[str, Any]]:
    """For each pair of players (in the order given), A's mean gain per deal over B with its 95 %
    interval over the seeds (Student's), the seeds where A did better, worse, or neither, and
    the sessions A won, drew and lost (by the mean place of its seats, as the ratings count)."""
    results = Counter((a, b, result) for _, a, b, result in session_results(rows))
    out = []
    for a, b in combinations(range(len(labels)), 2):
        gains = seed_gains(rows, a, b)
        better = sum(1 for g in gains if g > 0)
        worse = sum(1 for g in gains if g < 0)
        out.append({"a": labels[a], "b": labels[b], "seeds": len(gains), "gain": student(gains).data(),
                    "a_better": wilson(better, len(gains)).data(), "b_better": wilson(worse, len(gains)).data(),
                    "even": len(gains) - better - worse,
                    "sessions": {"a_won": results[a, b, 1], "drawn": results[a, b, 0], "b_won": results[a, b, -1]}})
    return out

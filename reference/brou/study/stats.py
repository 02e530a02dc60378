"""The statistics of a study: rates with Wilson intervals, means with normal intervals (or
Student's, `student`, for the few dozen seeds of a league), and means per deal taken over
sessions (the session is the unit sampled, so the interval allows for the deals of one session
being alike)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Z95", "Mean", "Rate", "mean", "ratio", "student", "t_quantile", "wilson"]

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


@dataclass(frozen=True)
class Rate:
    """`k` of `n`: the rate and its 95 % Wilson interval (None, None, None when `n` is 0)."""

    k: int
    n: int
    value: float | None
    low: float | None
    high: float | None

    def data(self) -> dict[str, Any]:
        return {"k": self.k, "n": self.n, "value": self.value, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Mean:
    """A mean over `n` units and its 95 % interval (None when `n` is 0; the mean itself when 1)."""

    n: int
    value: float | None
    low: float | None
    high: float | None

    def data(self) -> dict[str, Any]:
        return {"n": self.n, "value": self.value, "low": self.low, "high": self.high}


def wilson(k: int, n: int, z: float = Z95) -> Rate:
    """The rate k/n with its Wilson score interval (it stays inside [0, 1] and is sound near 0 and 1)."""
    if not 0 <= k <= n:
        raise ValueError(f"a rate of {k} in {n}")
    if n == 0:
        return Rate(0, 0, None, None, None)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Rate(k, n, p, max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Sequence[float], z: float = Z95) -> Mean:
    """The mean of independent values with the normal interval (sample standard deviation)."""
    n = len(values)
    if n == 0:
        return Mean(0, None, None, None)
    m = sum(values) / n
    if n == 1:
        return Mean(1, m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Mean(n, m, m - half, m + half)


def ratio(sums: Sequence[float], counts: Sequence[int], z: float = Z95) -> Mean:
    """The mean per unit (deal) of values summed per cluster (session): sum(sums)/sum(counts),
    with the normal interval of a ratio estimator over the clusters (the delta method), `n` the
    number of units; clusters with no unit count for nothing."""
    pairs = [(s, c) for s, c in zip(sums, counts, strict=True) if c]
    units = sum(c for _, c in pairs)
    if not units:
        return Mean(0, None, None, None)
    r = sum(s for s, _ in pairs) / units
    k = len(pairs)
    if k == 1:
        return Mean(units, r, r, r)
    cbar = units / k
    var = sum((s - r * c) ** 2 for s, c in pairs) / (k - 1) / (k * cbar * cbar)
    half = z * math.sqrt(var)
    return Mean(units, r, r - half, r + half)


def _t_within(t: float, df: int) -> float:
    """P(|T| <= t) for Student's T with `df` degrees of freedom, in closed form (Abramowitz and
    Stegun, Handbook of Mathematical Functions, 26.7.3 and 26.7.4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:
        total, term = 0.0, math.cos(theta)
        for k in range((df - 1) // 2):
            total += term
            term *= c2 * (2 * k + 2) / (2 * k + 3)
        return 2 / math.pi * (theta + math.sin(theta) * total) if df > 1 else 2 * theta / math.pi
    total, term = 0.0, 1.0
    for k in range(df // 2):
        total += term
        term *= c2 * (2 * k + 1) / (2 * k + 2)
    return math.sin(theta) * total


def t_quantile(df: int, level: float = 0.95) -> float:
    """The q with P(|T| <= q) = `level` for Student's T with `df` degrees of freedom (df of 1 or
    more): by bisection on the closed form up to 1,000 degrees, beyond by the first terms of
    its expansion about the normal quantile (Abramowitz and Stegun, 26.7.5), within 1e-8 there."""
    if df < 1:
        raise ValueError(f"Student's t with {df} degrees of freedom")
    if df > 1000:
        z = Z95 if level == 0.95 else _normal_quantile(level)
        return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df)
    low, high = 0.0, 1.0
    while _t_within(high, df) < level:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if _t_within(mid, df) < level else (low, mid)
    return (low + high) / 2


def _normal_quantile(level: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf((1 + level) / 2)


def student(values: Sequence[float], level: float = 0.95) -> Mean:
    """The mean of independent values with Student's t interval (sample standard deviation):
    for a few dozen values, where the normal interval would be too narrow."""
    n = len(values)
    if n == 0:
        return Mean(0, None, None, None)
    m = sum(values) / n
    if n == 1:
        return Mean(1, m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1, level) * math.sqrt(var / n)
    return Mean(n, m, m - half, m + half)

"""The statistics of a study: rates with Wilson intervals, means with normal intervals, and
means per deal taken over sessions (the session is the unit sampled, so the interval allows for
the deals of one session being alike)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Z95", "Mean", "Rate", "mean", "ratio", "wilson"]

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

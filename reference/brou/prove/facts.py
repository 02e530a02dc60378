"""Every fact of brou.prove, game by game in the order of the record (docs/rulebook/facts.json),
and running them."""

from __future__ import annotations

from collections.abc import Sequence

from . import brusquembille, hombre, homme_d_auvergne, homme_de_brou
from .results import SEED, Fact, FactResult, run_fact

FACTS: list[Fact] = [*homme_de_brou.FACTS, *brusquembille.FACTS, *homme_d_auvergne.FACTS, *hombre.FACTS]


def run_all(seed: int = SEED, ids: Sequence[str] | None = None) -> list[FactResult]:
    """Run every fact (or those of `ids`), deterministically for `seed`."""
    return [run_fact(f, seed) for f in FACTS if ids is None or f.id in ids]

"""The exchange with the talon (L'Hombre; docs/design.md, "The auction and the exchange").

Once the contract is known, the hombre discards and draws when his contract lets him, then
each tier in the order of play from the hombre's right, while the talon has cards
(hom.exchange.hombre, hom.exchange.tiers, hom.exchange.nolo).  Each says how many cards he
changes by discarding them one by one and then drawing as many from the top of the talon; in a
tourné the top card, turned to make trump, is the first he draws (hom.exchange.tourne).
"""

from __future__ import annotations

from ..spec.clauses import implements, implements_clauses
from ..spec.rules import Rules
from .contracts import Contract


@implements("hom.exchange.tiers")
def exchangers(rules: Rules, row: Contract, hombre: int) -> tuple[int, ...]:
    """The seats that may exchange, in order: the hombre if his contract lets him, then the
    tiers in the order of play from his right (the contracts with exchange and the sans prendre
    contracts; a nolo's are hom.exchange.nolo's, `nolo_exchange`).  A tier is passed over when
    the talon is empty by his turn (`discard_bounds`)."""
    n = rules.n_players
    hombre_may, tiers_may = nolo_exchange(row) if row.nolo else (row.hombre_exchanges, row.tiers_exchange)
    tiers = tuple((hombre + k) % n for k in range(1, n))
    return ((hombre,) if hombre_may else ()) + (tiers if tiers_may else ())


@implements("hom.exchange.nolo")
def nolo_exchange(row: Contract) -> tuple[bool, bool]:
    """Whether the hombre, and whether the tiers, may exchange in a nolo: the hombre of nolo with
    exchange (a row whose exchange is not `none`), as in a demande; the tiers never; nobody in
    pure and open nolo."""
    return row.exchange != "none", False


def discard_bounds(rules: Rules, row: Contract, seat: int, hombre: int, talon: int) -> tuple[int, int]:
    """The fewest and the most cards `seat` may discard with `talon` cards left to draw from: the
    hombre from the contract's minimum (one; two in a tourné) to nine, a tier from none (one
    under tier_discard=tiers-at-least-one: `tier_least`) to nine, never more than the talon can
    replace."""
    most = min(rules.data["exchange"]["discard_max"], talon)
    least = row.discard_min if seat == hombre else tier_least(rules)
    return min(least, most), most


implements_clauses(discard_bounds, "hom.exchange.hombre")


def tier_least(rules: Rules) -> int:
    """hom.exchange.tiers: the fewest cards a tier whom the talon can serve discards: none (parameter tier_discard
    `tiers-may-keep`), or one, like the hombre of a demande (`tiers-at-least-one`, AMB-66)."""
    return 1 if rules.data["exchange"]["tier_discard"] == "tiers-at-least-one" else 0

"""The ledger: every payment of a deal, as entries that move jetons between accounts.

An account is a player's deal seat (0 .. n-1), the pool of the deal (`POOL`), the bank
(`BANK`, where odd jetons may go) or the score sheet (`SHEET`: in a game to a number of marks,
L'Homme d'Auvergne, the points a player scores come from it and those he loses go back to it;
the unit is then a mark, not a jeton).  Each entry moves a positive number of jetons from one
account to another, so the ledger sums to zero by construction: what players win, other
players or the pool lost (brou.prove checks the payment rules keep it so; docs/proofs.md).
"""

from __future__ import annotations

from typing import Final, NamedTuple

POOL: Final = -1
BANK: Final = -2
SHEET: Final = -3


class Entry(NamedTuple):
    """One payment: `jetons` from account `giver` to account `taker`, by clause `clause`,
    after trick `trick` (1-based; 0 before the first trick)."""

    giver: int
    taker: int
    jetons: int
    clause: str
    trick: int
    card: int | None = None  # the brusquembille paid for, if any


def balances(entries: list[Entry], n: int) -> list[int]:
    """Each seat's net jetons over `entries` (the pool and the bank left out)."""
    out = [0] * n
    for giver, taker, jetons, _, _, _ in entries:
        if giver >= 0:
            out[giver] -= jetons
        if taker >= 0:
            out[taker] += jetons
    return out


def account_balance(entries: list[Entry], account: int) -> int:
    """The net jetons of one account (a seat, `POOL` or `BANK`)."""
    total = 0
    for giver, taker, jetons, _, _, _ in entries:
        if taker == account:
            total += jetons
        if giver == account:
            total -= jetons
    return total

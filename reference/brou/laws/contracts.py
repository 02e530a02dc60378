"""The contracts of a game with an auction, as rows of data (L'Hombre; docs/design.md, "The
auction and the exchange").

A ruleset's `auction.contracts` lists its contracts weakest first, each a row like OpenSpiel's
tarok contracts: a name, a rank (two contracts may share one), how trump is set, who exchanges
with the talon, the fewest cards the hombre discards, the cards the bidder must hold, whether
he may give up, which contracts its winner may play instead, and its two values (H2's columns:
won or remise, codille).  This module compiles the rows and answers what the clauses ask of
them; the auction (`brou.laws.auction`) and the exchange (`brou.laws.exchange`) read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ..spec.clauses import implements, implements_clauses
from ..spec.rules import Rules, cards_of

NAMED: Final = "named"
NAMED_NOT_SPADES: Final = "named-not-spades"
SPADES: Final = "spades"
TURNED: Final = "turned"
NONE: Final = "none"


@dataclass(frozen=True)
class Contract:
    """One row of the contract table."""

    name: str
    en: str
    fr: str
    rank: int
    trump: str  # named, named-not-spades, spades, turned, none
    exchange: str  # all, hombre, tiers, none
    discard_min: int
    needs: int  # the mask of the cards the bidder must hold and shows
    surrender: bool
    choose: tuple[str, ...]  # the contracts its winner may play (itself first)
    open: bool
    won: int
    codille: int

    @property
    def nolo(self) -> bool:
        """A contract to take no trick, without trump (`is_nolo`)."""
        return is_nolo(self)

    @property
    def hombre_exchanges(self) -> bool:
        return self.exchange in ("all", "hombre")

    @property
    def tiers_exchange(self) -> bool:
        return self.exchange in ("all", "tiers")


@implements("hom.contract.nolo")
def is_nolo(row: Contract) -> bool:
    """Whether `row` is a nolo: the hombre undertakes to take no trick and there is no trump, so
    the engine plays the order without trump (`orders.none`: no matador, no manille, no ponte)
    and the count is hom.count.nolo's."""
    return row.trump == NONE


@lru_cache(maxsize=64)
@implements("hom.contract.table")
def contracts(rules: Rules) -> tuple[Contract, ...]:
    """The ruleset's contracts, weakest first, compiled from `auction.contracts` (the values of
    H2's table; the rank orders the bids, and the contracts without exchange rank above those
    with); () for a game without an auction.  Compiled once per ruleset (the table is kept)."""
    section = rules.data.get("auction")
    if section is None:
        return ()
    permanent = rules.data.get("orders", {}).get("trump", {}).get("permanent", {})
    out = []
    for row in section["contracts"]:
        out.append(Contract(
            name=row["name"], en=row["en"], fr=row["fr"], rank=row["rank"], trump=row["trump"],
            exchange=row["exchange"], discard_min=row.get("discard_min", 0),
            needs=rules.mask([permanent[n] for n in row.get("needs", [])]), surrender=row["surrender"],
            choose=tuple(row.get("choose", [row["name"]])), open=bool(row.get("open", False)),
            won=row["won"], codille=row["codille"]))
    return tuple(out)


def has_auction(rules: Rules) -> bool:
    """Whether the ruleset's deals begin with an auction (L'Hombre)."""
    return "auction" in rules.phases


@lru_cache(maxsize=1024)
def contract(rules: Rules, name: str) -> Contract:
    """The contract called `name`; KeyError if the ruleset has none.  (Asked for each row at
    each word of an auction: one cache by ruleset and name.)"""
    for row in contracts(rules):
        if row.name == name:
            return row
    raise KeyError(name)


def may_name(rules: Rules, row: Contract, hand: int) -> bool:
    """Whether a player holding `hand` may name contract `row`: grand tourné only with both the
    espadille and the baste in hand (`needs`), which he shows when he plays it."""
    return hand & row.needs == row.needs


implements_clauses(may_name, "hom.contract.grand-tourne")


def playable(rules: Rules, bid: Contract, hand: int) -> tuple[Contract, ...]:
    """The contracts the winner of bid `bid` may play: a demande, or any other contract with
    exchange but grand tourné (its `choose`); a sans prendre, or sans prendre in spades; any
    other bid, itself."""
    return tuple(row for name in bid.choose for row in [contract(rules, name)] if may_name(rules, row, hand))


implements_clauses(playable, "hom.contract.demande", "hom.contract.sans-prendre")


def trump_choices(rules: Rules, row: Contract) -> tuple[int, ...]:
    """The trump suits the hombre may name for contract `row`: any (a demande), any but spades
    (a sans prendre, parameter sans_prendre_trump), spades alone (the contracts in spades);
    none for a tourné (the talon decides) or a nolo (no trump)."""
    spades = rules.suits.index("S")
    if row.trump == NAMED:
        return tuple(range(len(rules.suits)))
    if row.trump == NAMED_NOT_SPADES:
        return tuple(s for s in range(len(rules.suits)) if s != spades)
    if row.trump == SPADES:
        return (spades,)
    return ()


implements_clauses(trump_choices, "hom.contract.a-pique")


def shown_cards(rules: Rules, row: Contract) -> list[int]:
    """The cards the hombre shows when he plays `row` (grand tourné: the espadille and the baste)."""
    return cards_of(row.needs)

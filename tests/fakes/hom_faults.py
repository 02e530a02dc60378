"""L'Hombre with one rule broken: faults planted in the engine for tests/test_fuzz.py, in the
manner of tests/faults.py (`Faulty(TARGET, NAME, FAULT)`).

Each fault takes the engine's function and gives a faulty one (the target is where the engine
looks the function up: `brou.engine.hombre` for what it imported by name, the class `HombreDeal` for
a method, `brou.laws.following.PRIMITIVES` for a primitive of following):

- `later_may_equal` (`brou.laws.auction.may_bid`): the later of two bidders may name a contract of
  the standing bid's rank, as the earlier may (clause hom.auction.priority);
- `no_matador_privilege` (`PRIMITIVES["matador-privilege"]`): a player whose only trumps are
  matadors must play one on any trump lead (clause hom.play.matador-privilege);
- `espadille_a_spade` (`PRIMITIVES["follow-suit"]`): outside spades trump, the espadille follows
  spades and not trumps (clause hom.play.follow);
- `remise_won` (`brou.engine.hombre.hombre_outcome`): a remise in a contract to take tricks is counted
  won (clause hom.count.result);
- `nolo_one_trick_codille` (the same): a nolo with one trick is lost codille, not remise
  (clause hom.count.nolo);
- `no_vole_point` (`brou.engine.hombre.hombre_entries`): the vole undertaken scores nothing, made or
  missed (clause hom.count.vole);
- `nolo_tiers_exchange` (`brou.laws.exchange.nolo_exchange`): in nolo with exchange the tiers
  exchange after the hombre (clause hom.exchange.nolo);
- `tourne_one_discard` (`brou.engine.hombre.discard_bounds`): the hombre of a tourné may draw after one
  discard (clause hom.exchange.tourne);
- `surrender_later` (`HombreDeal._may_surrender`): the hombre may give up whenever he is to
  play, not only before his first card (clause hom.exchange.surrender).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from brou.engine.hombre import HombreDeal
from brou.laws.auction import Standing
from brou.laws.contracts import TURNED, Contract
from brou.laws.ledger import Entry
from brou.laws.results import CODILLE, REMISE, WON
from brou.spec.rules import Rules, card_order

MayBid = Callable[[Rules, int, Contract, Standing, int], bool]
Primitive = Callable[..., int]
HombreOutcome = Callable[..., str]
HombreEntries = Callable[..., list[Entry]]
NoloExchange = Callable[[Contract], tuple[bool, bool]]
Bounds = Callable[[Rules, Contract, int, int, int], tuple[int, int]]
MaySurrender = Callable[[HombreDeal], bool]


def later_may_equal(original: MayBid) -> MayBid:
    """The priority of the earlier speaker lost: either bidder may equal the standing rank."""
    def faulty(rules: Rules, seat: int, row: Contract, now: Standing, hand: int) -> bool:
        if now.bidder is not None and now.bid is not None and seat > now.bidder:
            return original(rules, 0, row, Standing(now.to_speak, seat + 1, now.bid, now.passed), hand)
        return original(rules, seat, row, now, hand)
    return faulty


def no_matador_privilege(original: Primitive) -> Primitive:
    """The matador's privilege that excuses nobody: follow-suit alone decides."""
    def faulty(rules: Rules, option: Any, hand: int, allowed: int, *rest: Any) -> int:
        return allowed
    return faulty


def espadille_a_spade(original: Primitive) -> Primitive:
    """Following with the espadille counted in spades, not in trumps, when spades are not trump."""
    def faulty(rules: Rules, option: Any, hand: int, allowed: int, led: int, trump: int | None, *rest: Any) -> int:
        spades, espadille = rules.suits.index("S"), 1 << rules.card("AS")
        if trump is None or trump == spades:
            return original(rules, option, hand, allowed, led, trump, *rest)
        mask = card_order(rules, trump).class_mask[led]
        mask = mask | espadille if led == spades else mask & ~espadille if led == trump else mask
        return allowed & mask or allowed
    return faulty


def remise_won(original: HombreOutcome) -> HombreOutcome:
    """A remise (as many tricks as the better tier) counted won, in a contract to take tricks."""
    def faulty(row: Contract, hombre: int, trick_winners: Sequence[int], n: int = 3) -> str:
        result = original(row, hombre, trick_winners, n)
        return WON if result == REMISE and not row.nolo else result
    return faulty


def nolo_one_trick_codille(original: HombreOutcome) -> HombreOutcome:
    """A nolo's hombre with one trick lost codille, as with two or more."""
    def faulty(row: Contract, hombre: int, trick_winners: Sequence[int], n: int = 3) -> str:
        result = original(row, hombre, trick_winners, n)
        return CODILLE if result == REMISE and row.nolo else result
    return faulty


def no_vole_point(original: HombreEntries) -> HombreEntries:
    """The hombre's points without the vole's, whether he made it or missed it."""
    def faulty(*args: Any) -> list[Entry]:
        return [e for e in original(*args) if e.clause != "hom.count.vole"]
    return faulty


def nolo_tiers_exchange(original: NoloExchange) -> NoloExchange:
    """Who exchanges in a nolo, with the tiers after the hombre in nolo with exchange too."""
    def faulty(row: Contract) -> tuple[bool, bool]:
        hombre, tiers = original(row)
        return hombre, tiers or hombre
    return faulty


def tourne_one_discard(original: Bounds) -> Bounds:
    """The discards of a tourné's hombre from one, as in a demande."""
    def faulty(rules: Rules, row: Contract, seat: int, hombre: int, talon: int) -> tuple[int, int]:
        least, most = original(rules, row, seat, hombre, talon)
        return (min(least, 1), most) if row.trump == TURNED else (least, most)
    return faulty


def surrender_later(original: MaySurrender) -> MaySurrender:
    """The hombre may give up at any of his turns of play, his first card played or not."""
    def faulty(self: HombreDeal) -> bool:
        return self.contract is not None and self.contract.surrender and self.to_act == self.hombre
    return faulty

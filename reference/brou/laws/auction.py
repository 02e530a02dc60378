"""The auction (L'Hombre; docs/design.md, "The auction and the exchange").

Seats are numbered in the order of speech (seat 0 the first hand, on the dealer's right; seat 2
the dealer).  An auction is the list of what was said, `(seat, contract name)` for a bid and
`(seat, None)` for a pass; every answer here is read off that list, so the auction has no state
of its own to keep in step.

The first hand and the second bid against each other until one passes; the survivor then bids
against the third hand, who speaks first in that duel (hom.auction.order).  Of two players
bidding against each other, the earlier speaker (the lower seat) may equal the other's rank, the
later must go higher (hom.auction.priority; under equal_rank `other-contract` the later may
also answer once with the other contract of the standing rank).  A pass is final (hom.auction.pass-final); when
the first two pass, the third may bid alone; when all three pass, the deal is not played
(hom.auction.all-pass).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from ..spec.clauses import implements_clauses
from ..spec.rules import Rules
from .contracts import Contract, contract, contracts, may_name, playable

Said = tuple[int, str | None]  # (seat, contract name) or (seat, None): a pass


@dataclass(frozen=True)
class Standing:
    """Where an auction stands: who speaks next (None once it is over), the last bid and its
    bidder (None if nobody has bid), the seats that have passed, and the last bid of the player
    to speak (None if he has not bid)."""

    to_speak: int | None
    bidder: int | None
    bid: str | None
    passed: frozenset[int]
    mine: str | None = None


def standing(rules: Rules, said: Sequence[Said]) -> Standing:
    """Walk the auction of three hands: the first duel (seats 0 and 1, seat 0 first; if seat 0
    passes at once, seat 1 still speaks once), then seat 2 against the survivor of that duel
    (seat 2 first); a seat that passed never speaks again, and in the second duel a pass ends
    the auction.  The auction is over when one player is left with a bid, or when all passed.
    (Walked once per auction in `_walked`: an auction is asked about several times a move.)"""
    return _walked(tuple(said))


implements_clauses(standing, "hom.auction.order")


@lru_cache(maxsize=4096)
def _walked(said: tuple[Said, ...]) -> Standing:
    """`standing` of an auction as a tuple (the same few auctions recur from deal to deal)."""
    passed: set[int] = set()
    spoken: set[int] = set()
    bidder: int | None = None
    bid: str | None = None
    speaker: int | None = 0
    for seat, name in said:
        spoken.add(seat)
        if name is None:
            passed.add(seat)
        else:
            bidder, bid = seat, name
        speaker = _after(seat, name, passed, spoken)
    mine = next((name for seat, name in reversed(said) if seat == speaker and name is not None), None)
    return Standing(speaker, bidder, bid, frozenset(passed), mine)


def _after(seat: int, name: str | None, passed: set[int], spoken: set[int]) -> int | None:
    """Who speaks after `seat` said `name` (None: a pass)."""
    if 2 not in spoken:  # the first duel, between seats 0 and 1
        other = 1 - seat
        if other not in spoken or (name is not None and still_bidding(other, passed)):
            return other
        return 2
    if name is None:
        return None  # a pass in the second duel ends the auction
    if seat == 2:  # seat 2 bid: the survivor of the first duel answers, if there is one
        survivor = next((s for s in (0, 1) if s not in passed), None)
        return survivor
    return 2


def still_bidding(seat: int, passed: set[int]) -> bool:
    """Whether `seat`, who has spoken in the first duel, is asked again when the other bids:
    not once he has passed, for a pass is final."""
    return seat not in passed


implements_clauses(still_bidding, "hom.auction.pass-final")


def may_bid(rules: Rules, seat: int, row: Contract, now: Standing, hand: int) -> bool:
    """Whether `seat` may name contract `row` now: any contract he may name (grand tourné needs
    its matadors) when no bid stands; else one of the standing bid's rank or higher if he spoke
    earlier in the deal than its bidder (either contract of a shared rank: he always keeps his
    right to equal), one of a higher rank if later (parameter equal_rank `other-contract`: or
    the other contract of the standing rank, once: a later speaker who has already bid at that
    rank, and was equalled there, must go higher, so that the two cannot answer each other at
    one rank for ever)."""
    if not may_name(rules, row, hand):
        return False
    if now.bid is None or now.bidder is None:
        return True
    standing_bid = contract(rules, now.bid)
    if seat < now.bidder:
        return row.rank >= standing_bid.rank
    if row.rank > standing_bid.rank:
        return True
    if rules.data["auction"]["equal_rank"] != "other-contract" or row.rank != standing_bid.rank:
        return False
    if now.mine is not None and contract(rules, now.mine).rank == standing_bid.rank:
        return False  # he has bid at this rank already and the earlier equalled him: he must go higher
    return row.name != standing_bid.name


implements_clauses(may_bid, "hom.auction.priority")


def legal_bids(rules: Rules, said: Sequence[Said], hand: int) -> list[Contract]:
    """The contracts the player to speak may name now (he may always pass)."""
    now = standing(rules, said)
    if now.to_speak is None:
        return []
    return [row for row in contracts(rules) if may_bid(rules, now.to_speak, row, now, hand)]


def outcome(rules: Rules, said: Sequence[Said]) -> tuple[int, str] | None:
    """Once the auction is over: (the hombre's seat, his bid), or None when all passed and the
    deal is not played (it counts as a coup all the same, `brou.engine.session`)."""
    now = standing(rules, said)
    if now.to_speak is not None or now.bidder is None or now.bid is None:
        return None
    return now.bidder, now.bid


implements_clauses(outcome, "hom.auction.all-pass")


# -- the words: action ids after the cards ----------------------------------------------
PASS: Final = "pass"
DRAW: Final = "draw"
SURRENDER: Final = "surrender"
STOP: Final = "stop"
PLAY_ON: Final = "play-on"
SPIL: Final = "spil"


@lru_cache(maxsize=64)
def words(rules: Rules) -> tuple[str, ...]:
    """The words of a game with an auction, in action-id order after the cards
    (`rules.n_indices + i` is `words(rules)[i]`): each contract's name (a bid in the auction,
    the contract played when the winner of a demande or a sans prendre chooses), `pass`,
    `trump S` for each suit (the trump named), `draw` (a player's discards are done: he draws
    as many), `surrender` (the hombre gives up) and `stop` (the hombre stops after the first
    five tricks rather than play for the vole); under surrender_moment=before-the-lead (AMB-62) a
    further word, `play-on` (the hombre, asked before the lead, keeps his contract), and under
    bids=spil-until-overbid (AMB-65) a last one, `spil` (a bid whose contract is not told)."""
    last = ((PLAY_ON,) if rules.data.get("exchange", {}).get("surrender") == "before-the-lead" else ()) + (
        (SPIL,) if spil_bidding(rules) else ())
    return (*(row.name for row in contracts(rules)), PASS, *(f"trump {s}" for s in rules.suits), DRAW, SURRENDER, STOP,
            *last)


@lru_cache(maxsize=64)
@lru_cache(maxsize=64)
def word_index(rules: Rules) -> dict[str, int]:
    """Each word's index in `words(rules)` (the first, where a word is there twice); made once
    per ruleset and shared: read it, never change it."""
    index: dict[str, int] = {}
    for i, name in enumerate(words(rules)):
        index.setdefault(name, i)
    return index


def trump_word(rules: Rules, suit: int) -> str:
    return f"trump {rules.suits[suit]}"


# -- "Spil" (bids=spil-until-overbid, AMB-65) ------------------------------------------------


def spil_bidding(rules: Rules) -> bool:
    """Whether bids are made as "Spil" and a contract named only to overbid (parameter bids
    `spil-until-overbid`, AMB-65) rather than named at once (`named-bids`)."""
    return bool(rules.data.get("auction", {}).get("bids") == "spil-until-overbid")


def bid_words(rules: Rules, said: Sequence[Said], hand: int) -> list[str]:
    """hom.auction.order and hom.auction.priority as the player to speak may apply them now
    (he may always pass): under `named-bids` the contracts of `legal_bids`; under
    `spil-until-overbid`, `spil` alone when no bid stands (a bid of some contract, not told);
    against a standing `spil`, any contract he may name (the spil is below every contract); and
    against a named contract, as under `named-bids`, a spil of his own counting as no bid (his
    contract is named now, to equal or overbid)."""
    if not spil_bidding(rules):
        return [row.name for row in legal_bids(rules, said, hand)]
    now = standing(rules, said)
    seat = now.to_speak
    if seat is None:
        return []
    if now.bid is None:
        return [SPIL]
    if now.bid == SPIL:
        return [row.name for row in contracts(rules) if may_name(rules, row, hand)]
    if now.mine == SPIL:
        now = replace(now, mine=None)
    return [row.name for row in contracts(rules) if may_bid(rules, seat, row, now, hand)]


def bid_choices(rules: Rules, bid: str, hand: int) -> tuple[Contract, ...]:
    """The contracts the winner of bid `bid` may play (hom.contract.demande,
    hom.contract.sans-prendre: `brou.laws.contracts.playable`); the winner of a `spil` never overbid
    names his contract only now, and may name any he could have bid."""
    if bid == SPIL:
        return tuple(row for row in contracts(rules) if may_name(rules, row, hand))
    return playable(rules, contract(rules, bid), hand)

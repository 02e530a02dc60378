"""Dealing: packets, the turn-up, deals from a seed or given by hand.

A seeded deal shuffles with `brou.cards.shuffle` and hands the pack out in the packets
of the ruleset (`deal.packets`): for each packet size, every seat from
`deal.first_receiver` on in the order of play takes that many cards from the top.
Cards left over form the talon (none in the rulesets of today).  The turn-up is
the dealer's last card; its suit is trump.  A cut (`cut_pack`) is made only when asked for:
without it the pack is dealt as shuffled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple, Protocol

from ..errors import BrouError
from ..spec.clauses import implements, implements_clauses
from ..spec.rules import Rules, cards_of
from .shuffle import shuffled


class DealError(BrouError):
    """A deal given by hand that the ruleset cannot play (wrong sizes, unknown or repeated cards)."""


class Deal(NamedTuple):
    """Who holds what at the start of a deal (masks by seat) and the turned card."""

    hands: tuple[int, ...]
    turnup: int
    talon: int = 0


@lru_cache(maxsize=64)
@implements("hdb.deal.packets", "brouc.deal.packets", "brus.deal.packets", "auv.deal.packets", "hom.deal.packets")
def packet_positions(rules: Rules) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Where each seat's cards lie in the pack (top = 0), in the order received, and the talon's.

    For each packet size in turn, every seat from `first_receiver` on, in the
    order of play, takes that many cards from the top."""
    n = rules.n_players
    seats: list[list[int]] = [[] for _ in range(n)]
    pos = 0
    for size in rules.packets:
        for i in range(n):
            seats[(rules.first_receiver + i) % n].extend(range(pos, pos + size))
            pos += size
    return tuple(map(tuple, seats)), tuple(range(pos, rules.n_cards))


def turn_up(rules: Rules, pack: Sequence[int]) -> int:
    """The dealer's last card, turned face up: its suit is trump."""
    return pack[packet_positions(rules)[0][rules.dealer][-1]]


implements_clauses(turn_up, "hdb.deal.turnup")


def turnup_on_show(rules: Rules, tricks_done: int, dealer_hand: int, turnup: int) -> bool:
    """Whether the turned card lies face up now: through the first trick, unless the dealer has
    played it (1802, turnup_exposed `first-trick`); in Brouc it goes into the dealer's hand at once."""
    return rules.turnup_exposed == "first-trick" and not tricks_done and bool(dealer_hand >> turnup & 1)


implements_clauses(turnup_on_show, "hdb.deal.turnup-exposed", "brouc.deal.turnup-in-hand")


def cut_pack(pack: Sequence[int], lifted: object) -> list[int]:
    """The pack after the cut (clause hdb.deal.cut): the player on the dealer's left lifts
    `lifted` cards off the top, at least one and not all, and puts them under the rest."""
    n = len(pack)
    if isinstance(lifted, bool) or not isinstance(lifted, int) or not 1 <= lifted < n:
        raise DealError(f"a cut lifts from 1 to {n - 1} cards of the {n}, not {lifted!r}")
    return [*pack[lifted:], *pack[:lifted]]


implements_clauses(cut_pack, "hdb.deal.cut", "brus.deal.cut", "auv.deal.cut", "hom.deal.cut")


def deal_from_seed(rules: Rules, seed: int, cut: object = None) -> Deal:
    """The deal that `seed` gives under this ruleset (see `brou.cards.shuffle`); with `cut`, the
    shuffled pack is cut that many cards from the top first (docs/shuffle.md, "The cut")."""
    pack = shuffled_pack(rules, seed)
    return deal_from_pack(rules, pack if cut is None else cut_pack(pack, cut))


def shuffled_pack(rules: Rules, seed: int) -> list[int]:
    """The pack that `seed` gives, top first: the shuffle of its n_cards positions, each
    position k standing for the pack's k-th card in index order (docs/shuffle.md); for a full
    pack the k-th card is card k."""
    positions = shuffled(rules.n_cards, seed)
    if rules.n_cards == rules.n_indices:
        return positions  # a full pack: position k is card k
    cards = rules.pack_cards
    return [cards[k] for k in positions]


def deal_from_pack(rules: Rules, pack: Sequence[int]) -> Deal:
    """The deal of a pack (card indices, top first) handed out in the ruleset's packets."""
    seats, talon = packet_positions(rules)
    hands = []
    for positions in seats:
        mask = 0
        for p in positions:
            mask |= 1 << pack[p]
        hands.append(mask)
    rest = 0
    for p in talon:
        rest |= 1 << pack[p]
    return Deal(tuple(hands), turn_up(rules, pack), rest)


def lay_out(rules: Rules, hands: Sequence[Sequence[int]], talon: Sequence[int]) -> list[int]:
    """A pack, top first, that deals each seat `hands[seat]` in that order (at its positions of
    `packet_positions`) and leaves `talon` in that order at the talon's positions."""
    seats, rest = packet_positions(rules)
    pack = [0] * rules.n_cards
    for positions, cards in zip((*seats, rest), (*hands, talon), strict=True):
        for p, card in zip(positions, cards, strict=True):
            pack[p] = card
    return pack


def pack_of(rules: Rules, deal: Deal) -> list[int]:
    """The canonical pack of a deal, top first, the inverse of `deal_from_pack`: each seat's
    cards in ascending id at its positions, except the turn-up, at the dealer's last one; the
    undealt cards, if any, in ascending id.  deal_from_pack(rules, pack_of(rules, d)) == d."""
    hands = [[c for c in cards_of(h) if (s, c) != (rules.dealer, deal.turnup)] for s, h in enumerate(deal.hands)]
    hands[rules.dealer].append(deal.turnup)
    return lay_out(rules, hands, cards_of(deal.talon))


def deal_from_cards(rules: Rules, hands: Sequence[Sequence[str]], turnup: str) -> Deal:
    """A deal given as card texts by seat; the turn-up must be one of the dealer's cards."""
    if len(hands) != rules.n_players:
        raise DealError(f"{len(hands)} hands given, the ruleset has {rules.n_players} players")
    masks = []
    seen: dict[int, int] = {}
    for seat, cards in enumerate(hands):
        mask = 0
        for text in cards:
            try:
                c = rules.card(str(text))
            except ValueError:
                raise DealError(f"seat {seat}: unknown card '{text}'") from None
            if not rules.pack >> c & 1:
                raise DealError(f"seat {seat}: {text} is not in the pack")
            if c in seen:
                where = "twice in this hand" if seen[c] == seat else f"also in the hand of seat {seen[c]}"
                raise DealError(f"seat {seat}: {text} is {where}")
            seen[c] = seat
            mask |= 1 << c
        if len(cards) != rules.hand_size:
            raise DealError(f"seat {seat} has {len(cards)} cards, each hand needs {rules.hand_size}")
        masks.append(mask)
    try:
        t = rules.card(str(turnup))
    except ValueError:
        raise DealError(f"turn-up: unknown card '{turnup}'") from None
    if not masks[rules.dealer] >> t & 1:
        raise DealError(f"turn-up {turnup} is not in the dealer's hand (seat {rules.dealer})")
    return Deal(tuple(masks), t, rules.pack & ~sum(masks))


class Dealt(Protocol):
    """What `deal_texts` reads of a deal: a `Deal`, or the phase engine's `TalonDeal`."""

    @property
    def hands(self) -> tuple[int, ...]: ...

    @property
    def turnup(self) -> int: ...


def deal_texts(rules: Rules, deal: Dealt) -> dict[str, object]:
    """The deal as data: {"hands": [[card, ...] by seat], "turnup": card}."""
    return {"hands": [rules.cards_text(h) for h in deal.hands], "turnup": rules.card_text(deal.turnup)}


def deal_from_data(rules: Rules, data: Mapping[str, object]) -> Deal:
    """Inverse of `deal_texts`."""
    hands = data.get("hands")
    turnup = data.get("turnup")
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands) or not isinstance(turnup, str):
        raise DealError("a deal needs 'hands' (a list of card lists by seat) and 'turnup' (a card)")
    return deal_from_cards(rules, hands, turnup)


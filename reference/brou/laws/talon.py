"""The talon: the stock left after the deal, its turned card, and the draw after each trick.

A deal of a game with a talon is `TalonDeal(hands, stock, turnup, trump)`: hands as masks by
seat, the stock as cards in the order they will be drawn (the turned card last: it lies half
under the stock), the turned card and trump, its suit (clauses brus.deal.talon,
brus.deal.turned, brus.talon.draw, brus.talon.last-draw).  A deal that turns no card (L'Homme
d'Auvergne, auv.deal.talon) keeps the whole talon face down, top first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ..cards.deal import DealError, cut_pack, lay_out, packet_positions, shuffled_pack
from ..spec.clauses import implements_clauses
from ..spec.rules import Rules, cards_of

NO_TURNUP: Final = -1  # TalonDeal.turnup of a deal that turns no card (deal.turnup: none, L'Homme d'Auvergne)
NO_TRUMP: Final = -1  # TalonDeal.trump of such a deal: trump is named later (the speech, the auction)


class TalonDeal(NamedTuple):
    """Who holds what at the start of a deal, the stock in drawing order, the turned card and
    trump, its suit (`NO_TURNUP` and `NO_TRUMP` if the deal turns none: then the stock is the
    face-down talon, top first)."""

    hands: tuple[int, ...]
    stock: tuple[int, ...]  # top first; the turned card, if any, is the last one
    turnup: int
    trump: int


def deal_with_talon(rules: Rules, pack: Sequence[int]) -> TalonDeal:
    """The deal of a pack (top first): the hands in the ruleset's packets (`deal.packet_positions`,
    clause brus.deal.packets), the undealt cards as the stock, whose top card is turned
    (`turned`) where the game turns one."""
    seats, rest = packet_positions(rules)
    dealt = []
    for positions in seats:
        mask = 0
        for p in positions:
            mask |= 1 << pack[p]
        dealt.append(mask)
    hands = tuple(dealt)
    stock = [pack[p] for p in rest]
    if not stock:
        raise DealError("a game with a talon needs cards left after the deal")
    if not turns_a_card(rules):
        return TalonDeal(hands, tuple(stock), NO_TURNUP, NO_TRUMP)
    return TalonDeal(hands, *turned(rules, stock))


implements_clauses(deal_with_talon, "brus.deal.talon")


def turned(rules: Rules, stock: Sequence[int]) -> tuple[tuple[int, ...], int, int]:
    """The stock (top first) once its top card is turned and slid under it, so that it is drawn
    last; that card; and trump, its suit."""
    return (*stock[1:], stock[0]), stock[0], rules.suit_of[stock[0]]


implements_clauses(turned, "brus.deal.turned")


def turns_a_card(rules: Rules) -> bool:
    """Whether the deal turns the talon's top card (Brusquembille) or leaves the whole talon
    face down (L'Homme d'Auvergne: the players turn its cards in the speech, `brou.laws.speech`)."""
    return bool(rules.data["deal"]["turnup"] != "none")


implements_clauses(turns_a_card, "auv.deal.talon", "hom.deal.talon")


def talon_pack_of(rules: Rules, deal: TalonDeal) -> list[int]:
    """The canonical pack of a deal with a talon, top first, the inverse of `deal_with_talon`:
    each seat's cards in ascending id at its positions, the talon in the order that gives the
    deal's stock (its turned card, drawn last, on top).  deal_with_talon(rules,
    talon_pack_of(rules, d)) == d."""
    stock = deal.stock if deal.turnup == NO_TURNUP else (deal.stock[-1], *deal.stock[:-1])
    return lay_out(rules, [cards_of(h) for h in deal.hands], stock)


def talon_deal_from_seed(rules: Rules, seed: int, cut: object = None) -> TalonDeal:
    """The deal `seed` gives (docs/shuffle.md), the pack cut `cut` cards from the top first if given."""
    pack = shuffled_pack(rules, seed)
    return deal_with_talon(rules, pack if cut is None else cut_pack(pack, cut))


def talon_deal_from_cards(rules: Rules, hands: Sequence[Sequence[str]], stock: Sequence[str],
                          turnup: str | None) -> TalonDeal:
    """A deal given as texts: hands by seat, the stock from its top (the turned card not in
    it), the turned card (None for a deal that turns none); together exactly the pack."""
    if len(hands) != rules.n_players:
        raise DealError(f"{len(hands)} hands given, the ruleset has {rules.n_players} players")
    seen: dict[int, str] = {}

    def take(text: object, where: str) -> int:
        try:
            c = rules.card(str(text))
        except ValueError:
            raise DealError(f"{where}: unknown card '{text}'") from None
        if not rules.pack >> c & 1:
            raise DealError(f"{where}: {text} is not in the pack")
        if c in seen:
            raise DealError(f"{where}: {text} is also {seen[c]}")
        seen[c] = where
        return c

    masks = []
    for seat, cards in enumerate(hands):
        if len(cards) != rules.hand_size:
            raise DealError(f"seat {seat} has {len(cards)} cards, each hand needs {rules.hand_size}")
        masks.append(sum(1 << take(t, f"seat {seat}") for t in cards))
    if not turns_a_card(rules):
        if turnup is not None:
            raise DealError(f"{rules.id} turns no card at the deal: give the whole talon, and no turn-up")
        if len(stock) != rules.talon_size:
            raise DealError(f"the talon has {len(stock)} cards; it needs {rules.talon_size}")
        return TalonDeal(tuple(masks), tuple(take(t, "talon") for t in stock), NO_TURNUP, NO_TRUMP)
    if turnup is None:
        raise DealError(f"{rules.id} turns the talon's top card: give the turn-up")
    if len(stock) != rules.talon_size - 1:
        raise DealError(f"the talon has {len(stock)} cards besides the turned one; it needs {rules.talon_size - 1}")
    drawn = [take(t, "talon") for t in stock]
    return TalonDeal(tuple(masks), *turned(rules, [take(turnup, "turn-up"), *drawn]))  # as it lay: turned card on top


def draws(n: int, winner: int, stock: Sequence[int]) -> list[tuple[int, int]]:
    """The draws after a trick while the stock lasts: (seat, card) for the trick's winner, then
    each other seat in the order of play, from the top of the stock; the stock's last card, the
    turned trump, goes to whoever draws last.  Nothing once the stock is gone."""
    if not stock:
        return []
    return [((winner + i) % n, stock[i]) for i in range(n)]


implements_clauses(draws, "brus.talon.draw", "brus.talon.last-draw")

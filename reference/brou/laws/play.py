"""Playing to a trick: who leads, which cards may be played, who wins the trick.

Every function here takes hands and tricks as bit masks (see `brou.spec.rules`).  The
following rules are primitives composed in the ruleset's data (`brou.laws.following`, one
function per clause); the presets `whist` and `brouc` are names for two lists, and
`LEGAL[preset]` is their fused function, which the engine calls on every move for speed
(`brou.laws.following.following_function`).  tests/test_following.py checks that each fused
function allows exactly what the composition of its primitives allows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..spec.clauses import implements_clauses
from ..spec.rules import Order, Rules, card_order


def first_to_act(rules: Rules) -> int:
    """The seat that leads the first trick: the dealer's right, seat 0."""
    return rules.first_lead


implements_clauses(first_to_act, "hdb.play.lead", "brus.play.lead", "auv.play.lead", "hom.play.lead")


def next_leader(rules: Rules, winner: int) -> int:
    """The seat that leads the next trick: the winner of the last one."""
    return winner


implements_clauses(next_leader, "hdb.play.next-lead")


def legal_whist(rules: Rules, hand: int, led: int, trump: int, best: int, trick: int) -> int:
    """Follow suit if you can; otherwise any card: the preset `whist` fused (`follow-suit`,
    hdb.play.follow and hdb.play.void-free, in `brou.laws.following`)."""
    return hand & rules.suit_mask[led] or hand


def marriage_exception_cards(rules: Rules, trumps_held: int, trump: int, trick: int) -> int:
    """Trumps held that make or enlarge a trump marriage with the trumps in the trick (the
    cards of brouc.play.marriage-exception, `brou.laws.following.marriage_exception`)."""
    table = rules.exception_table[trump]
    return table.get(trick & rules.honours[trump], 0) & trumps_held


def legal_brouc(rules: Rules, hand: int, led: int, trump: int, best: int, trick: int) -> int:
    """Follow suit; if void, trump or discard; a trump played must beat the trumps in the trick.

    Exceptions: trump led and no higher trump held, any trump (trump-led-lower);
    a ruffed plain lead and only lower trumps held, any trump (only-trumps); the
    K, Q or J that makes or enlarges a trump marriage in the trick may be played
    instead of overtrumping (marriage-exception, by a player bound to play trump
    unless the parameter `marriage_exception` is `any-trump-play`).  A void player
    with other cards and only lower trumps discards (no-undertrump) unless the
    parameter `undertrump_when_void` allows the lower trump.  The preset `brouc` fused: the
    primitives `follow-suit`, `overtrump`, `no-undertrump`, `marriage-exception` of
    `brou.laws.following`, which implement those clauses.
    """
    trump_mask = rules.suit_mask[trump]
    if led == trump:
        trumps = hand & trump_mask
        if not trumps:
            return hand
        higher = trumps & rules.stronger[best]
        if higher:
            return higher | marriage_exception_cards(rules, trumps, trump, trick)
        return trumps
    follow = hand & rules.suit_mask[led]
    if follow:
        return follow
    trumps = hand & trump_mask
    if not trumps or rules.suit_of[best] != trump:
        return hand  # no trump held, or nobody has trumped yet: anything goes
    higher = trumps & rules.stronger[best]
    others = hand & ~trump_mask
    if not others:
        if higher:
            return higher | marriage_exception_cards(rules, trumps, trump, trick)
        return trumps
    legal = others | higher
    if not higher and rules.undertrump_when_void:
        legal |= trumps
    if rules.marriage_exception == "any-trump-play":
        legal |= marriage_exception_cards(rules, trumps, trump, trick)
    return legal


LEGAL: dict[str, Callable[[Rules, int, int, int, int, int], int]] = {
    "whist": legal_whist,
    "brouc": legal_brouc,
}


def beats(rules: Rules, card: int, best: int, trump: int | None) -> bool:
    """Whether `card` takes the trick from `best`, the card winning it so far, with `trump` the
    trump suit (None: no trump): a stronger card of the same class (`brou.spec.rules.card_order`:
    a suit, or the trumps), or a trump on a card that is not one."""
    order = card_order(rules, trump)
    cls, best_cls = order.class_of[card], order.class_of[best]
    if cls == best_cls:
        return cls >= 0 and order.place[card] < order.place[best]
    return trump is not None and cls == trump


implements_clauses(beats, "hdb.play.trick-winner", "brus.play.trick-winner", "auv.play.trick-winner", "hom.play.trick-winner")


@lru_cache(maxsize=256)
def beating_cards(rules: Rules, trump: int | None) -> tuple[int, ...]:
    """For each card, the mask of cards that would take a trick it is winning (from `beats`),
    made once per order and pack: rulesets with the same order share it."""
    return _beating_table(card_order(rules, trump), rules.pack_cards, rules.n_indices, _Along(rules))


class _Along:
    """A value carried into a cached call without being part of its key (all are equal)."""

    __slots__ = ("value",)

    def __init__(self, value: Rules) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Along)

    def __hash__(self) -> int:
        return 0


@lru_cache(maxsize=256)
def _beating_table(order: Order, pack_cards: tuple[int, ...], n_indices: int, along: _Along) -> tuple[int, ...]:
    """`beating_cards` for the first ruleset with this order and pack (`beats` reads nothing
    else of its ruleset than the order)."""
    rules, trump = along.value, order.trump
    return tuple(
        sum(1 << card for card in pack_cards if beats(rules, card, best, trump))
        for best in range(n_indices)
    )


def why_illegal(rules: Rules, hand: int, card: int, led: int, trump: int, best: int) -> tuple[str, str]:
    """The error code and message for a card that the following rules do not allow: for the
    presets and for any list of `brou.laws.following`'s primitives, the code of the primitive that
    refuses it (`brou.laws.following.refusal`; tests/test_following.py checks they agree)."""
    name = rules.card_text(card)
    if not hand >> card & 1:
        return "not-in-hand", f"{name} is not in the hand of the player to act"
    if rules.suit_of[card] != led and hand & rules.suit_mask[led]:
        return "must-follow-suit", f"{name} does not follow {rules.suits[led]}, and the player holds {rules.suits[led]}"
    trumps = hand & rules.suit_mask[trump]
    if rules.suit_of[card] == trump and trumps & rules.stronger[best]:
        return "must-overtrump", f"{name} does not beat {rules.card_text(best)}, and the player holds a higher trump"
    return "no-undertrump", f"{name} would undertrump {rules.card_text(best)}; the player must discard another card"

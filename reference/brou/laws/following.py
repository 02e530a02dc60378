"""Following as named primitives: one function per primitive, and the composer.

A ruleset's `play.following` is a list of primitives (or a preset, a name for a list:
`rules.FOLLOWING_PRESETS`).  Each primitive is a function

    primitive(rules, option, hand, allowed, led, trump, best, trick, lead) -> allowed'

that reads the position (the player's hand, the class led, trump (None in a contract without
trump), the card winning the trick so far, the cards of the trick as a mask, the card led)
and the cards the primitives before it left `allowed`, and returns the cards allowed after
it.  The class led is the suit of the card led, or the trump suit for any trump: they differ
only where some cards are trumps whatever their suit (L'Hombre's espadille and baste,
`Rules.permanent_trumps`); `follow-suit` then reads the classes of the compiled order
(`brou.spec.rules.card_order`).  The card led (`lead`, -1 when the caller does not give it: the
partnership engine, whose presets never need it) is read by `matador-privilege` alone.  A narrowing primitive returns a
subset of `allowed`, which is `allowed` itself unless its condition holds, and never
nothing (the composer keeps `allowed` if it would).  The one exception, `marriage-exception`,
is an exception to the narrowing ones before it: it gives back the marriage card they took.
Whatever no primitive forbids stays allowed (hdb.play.void-free).

`following_function(rules)` is the function the engine calls on every move.  For the two
presets it is today's fused function (`brou.laws.play.LEGAL`: `legal_whist`, `legal_brouc`), for
speed; tests/test_following.py checks, over random positions, that each fused function
allows exactly what the composition of its primitives allows, and refuses each card with
the same code (`brou.laws.play.why_illegal`, docs/errors.md).  For any other list it is the
composed function, built once per compiled ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..spec.clauses import implements, implements_clauses
from ..spec.rules import Rules, card_order, cards_of
from .play import LEGAL, marriage_exception_cards

Primitive = Callable[..., int]  # (rules, option, hand, allowed, led, trump, best, trick, lead=-1) -> allowed
Legal = Callable[..., int]  # (rules, hand, led, trump, best, trick, lead=-1) -> the cards allowed


def free(rules: Rules, option: Any, hand: int, allowed: int, led: int, trump: int | None, best: int, trick: int,
         lead: int = -1) -> int:
    """No obligation at all: any card in hand may be played.

    No clause yet: no ruleset of the spec uses it (Brusquembille will, issue 18), so it has
    no `@implements`; tests/test_following.py covers it."""
    return allowed


def follow_suit(rules: Rules, option: Any, hand: int, allowed: int, led: int, trump: int | None, best: int,
                trick: int, lead: int = -1) -> int:
    """A player who holds a card of the class led plays one (refusal: must-follow-suit): of its
    suit, or a trump when a trump is led, the permanent trumps included (L'Hombre)."""
    if rules.permanent_trumps:
        return allowed & card_order(rules, trump).class_mask[led] or allowed
    return allowed & rules.suit_mask[led] or allowed


implements_clauses(follow_suit, "hdb.play.follow", "brouc.play.follow", "auv.play.follow", "hom.play.follow")


def trump_if_void(rules: Rules, option: Any, hand: int, allowed: int, led: int, trump: int | None, best: int,
                  trick: int, lead: int = -1) -> int:
    """A player who cannot follow a plain suit led plays a trump if he holds one, whether or not
    the trick is already trumped, and need not beat it (refusal: must-trump); holding neither,
    he plays any card."""
    if trump is None or led == trump or hand & rules.suit_mask[led]:
        return allowed
    return allowed & rules.suit_mask[trump]


implements_clauses(trump_if_void, "auv.play.trump-if-void")


def overtrump(rules: Rules, option: Any, hand: int, allowed: int, led: int, trump: int | None, best: int, trick: int,
              lead: int = -1) -> int:
    """Once a trump is winning the trick, a player holding a higher trump may not play a
    lower one (refusal: must-overtrump).  Holding no higher trump, nothing is asked here: on a
    trump lead he follows with any trump (trump-led-lower)."""
    if trump is None:
        return allowed
    trumps = hand & rules.suit_mask[trump]
    if rules.suit_of[best] != trump or not trumps & rules.stronger[best]:
        return allowed
    return allowed & ~(trumps & ~rules.stronger[best])


implements_clauses(overtrump, "brouc.play.overtrump", "brouc.play.trump-led-lower")


def no_undertrump(rules: Rules, option: Any, hand: int, allowed: int, led: int, trump: int | None, best: int,
                  trick: int, lead: int = -1) -> int:
    """A player void in a plain suit led that has been ruffed, with no trump able to beat the
    ruff, discards rather than undertrump (refusal: no-undertrump), unless he holds nothing but
    trumps (only-trumps) or the option `undertrump_when_void` lifts the ban."""
    if trump is None:
        return allowed
    trump_mask = rules.suit_mask[trump]
    trumps = hand & trump_mask
    if (option or led == trump or rules.suit_of[best] != trump or hand & rules.suit_mask[led]
            or trumps & rules.stronger[best] or not hand & ~trump_mask):
        return allowed
    return allowed & ~trump_mask


implements_clauses(no_undertrump, "brouc.play.no-undertrump", "brouc.play.only-trumps")


def marriage_exception(rules: Rules, option: Any, hand: int, allowed: int, led: int, trump: int | None, best: int,
                       trick: int, lead: int = -1) -> int:
    """A player bound to play a trump (trump led, or void holding only trumps) may play the
    K, Q or J of trumps that makes or enlarges a trump marriage with the trumps in the trick
    instead of overtrumping; with the option `any-trump-play`, a voluntary ruffer too.  An
    exception to the primitives before it: it gives back that card (`marriage_exception_cards`)."""
    if trump is None:
        return allowed
    trump_mask = rules.suit_mask[trump]
    trumps = hand & trump_mask
    if not trumps or rules.suit_of[best] != trump:
        return allowed
    if led != trump and (hand & rules.suit_mask[led] or (hand & ~trump_mask and option != "any-trump-play")):
        return allowed
    return allowed | marriage_exception_cards(rules, trumps, trump, trick)


implements_clauses(marriage_exception, "brouc.play.marriage-exception")


def matador_privilege(rules: Rules, option: Any, hand: int, allowed: int, led: int, trump: int | None, best: int,
                      trick: int, lead: int = -1) -> int:
    """On a trump lead, a player whose only trumps are matadors need not play one: he may play
    any card, unless the card led is a matador higher than one of his, which forces him to play
    a trump (any of his).  Only the card led forces: a matador played second forces nothing,
    and the baste, the lowest matador, forces none.  An exception to `follow-suit` before it:
    it gives back the cards that took away (`lead` -1: the card winning the trick stands for
    the card led)."""
    if trump is None or led != trump:
        return allowed
    order = card_order(rules, trump)
    trumps = hand & order.class_mask[trump]
    matadors = matadors_of(rules, trump)
    if not trumps or trumps & ~matadors:
        return allowed  # no trump, or a trump that is no matador: follow-suit asks for a trump
    led_card = best if lead < 0 else lead
    if matadors >> led_card & 1 and any(order.place[m] > order.place[led_card] for m in cards_of(trumps)):
        return allowed  # a higher matador led forces his lower one: he plays a trump
    return hand


implements_clauses(matador_privilege, "hom.play.matador-privilege")


@lru_cache(maxsize=256)
@implements("hom.deck.matadors")
def matadors_of(rules: Rules, trump: int) -> int:
    """The matadors under trump suit `trump`: the first `orders.trump.matadors` cards of the
    trump order (hom.deck.matadors; none where the ruleset names no matadors)."""
    count = rules.data.get("orders", {}).get("trump", {}).get("matadors", 0)
    order = card_order(rules, trump)
    return sum(1 << c for c in rules.pack_cards if order.class_of[c] == trump and order.place[c] < count)


PRIMITIVES: dict[str, Primitive] = {
    "free": free,
    "follow-suit": follow_suit,
    "trump-if-void": trump_if_void,
    "overtrump": overtrump,
    "no-undertrump": no_undertrump,
    "marriage-exception": marriage_exception,
    "matador-privilege": matador_privilege,
}

# The refusal code (docs/errors.md) of a card that a primitive takes away.
REFUSALS: dict[str, str] = {
    "follow-suit": "must-follow-suit",
    "trump-if-void": "must-trump",
    "overtrump": "must-overtrump",
    "no-undertrump": "no-undertrump",
}


def is_free(primitives: tuple[tuple[str, Any], ...]) -> bool:
    """Whether a list of primitives allows every card held (it is empty or only `free`): its
    composed function (`compose`) gives the hand back whatever the trick holds."""
    return all(name == "free" for name, _ in primitives)


def compose(primitives: tuple[tuple[str, Any], ...]) -> Legal:
    """The legal-cards function of a list of primitives, applied in order: each narrows the
    cards allowed when its condition holds, never to nothing, so whatever none of them forbids
    stays allowed (a void player under `follow-suit` alone plays any card: the Whist rule)."""
    steps = tuple((PRIMITIVES[name], option) for name, option in primitives if name != "free")
    # `free` allows what it is given, so it is left out; the usual short lists are unrolled (the
    # engine calls this on every card)
    if not steps:
        def legal_free(rules: Rules, hand: int, led: int, trump: int | None, best: int, trick: int,
                       lead: int = -1) -> int:
            return hand

        return legal_free
    if len(steps) == 1:
        ((step, option),) = steps

        def legal_one(rules: Rules, hand: int, led: int, trump: int | None, best: int, trick: int,
                      lead: int = -1) -> int:
            return step(rules, option, hand, hand, led, trump, best, trick, lead) or hand

        return legal_one
    if len(steps) == 2:
        (first, first_option), (second, second_option) = steps

        def legal_two(rules: Rules, hand: int, led: int, trump: int | None, best: int, trick: int,
                      lead: int = -1) -> int:
            allowed = first(rules, first_option, hand, hand, led, trump, best, trick, lead) or hand
            return second(rules, second_option, hand, allowed, led, trump, best, trick, lead) or allowed

        return legal_two

    def legal(rules: Rules, hand: int, led: int, trump: int | None, best: int, trick: int, lead: int = -1) -> int:
        allowed = hand
        for step, option in steps:
            allowed = step(rules, option, hand, allowed, led, trump, best, trick, lead) or allowed
        return allowed

    return legal


implements_clauses(compose, "hdb.play.void-free")


@lru_cache(maxsize=256)
def _composed(primitives: tuple[tuple[str, Any], ...]) -> Legal:
    return compose(primitives)


def following_function(rules: Rules) -> Legal:
    """The function the engine calls on every move: the fused function of a preset
    (`brou.laws.play.LEGAL`, looked up each time so that a test may replace it), else the
    composition of the ruleset's primitives, built once per list."""
    fused = LEGAL.get(rules.following)
    return fused if fused is not None else _composed(rules.following_primitives)


def refusal(rules: Rules, hand: int, card: int, led: int, trump: int | None, best: int, trick: int,
            lead: int = -1) -> str | None:
    """The code of the primitive that takes `card` away for good under the ruleset's list
    (None if the card is allowed; `not-in-hand` if it is not held)."""
    if not hand >> card & 1:
        return "not-in-hand"
    allowed, code = hand, None
    for name, option in rules.following_primitives:
        after = PRIMITIVES[name](rules, option, hand, allowed, led, trump, best, trick, lead) or allowed
        if allowed >> card & 1 and not after >> card & 1:
            code = REFUSALS.get(name, name)
        allowed = after
    return None if allowed >> card & 1 else code

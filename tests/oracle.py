"""A second, deliberately plain reading of the rules of play, for differential tests.

Written from the clause statements of spec/rulesets/*.yaml and the sources (S1
section 3, S2 "Spiel der Karten"), not from the engine: it works on lists of card
texts such as "TH" (rank then suit), with no masks and no precomputed tables, so
that a disagreement with `brou.laws.play` points at one of the two readings.

Ranks, strongest first: A T K Q J 9 8 7.  Suits: S H D C.
"""

from __future__ import annotations

RANKS = "ATKQJ987"  # strongest first (hdb.deck.order)
SUITS = "SHDC"
MARRIAGE_RANKS = "KQJ"  # the cards a trump marriage is made of (hdb.marriage.kinds)


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def strength(card: str) -> int:
    """Higher is stronger, within one suit (hdb.deck.order)."""
    return len(RANKS) - RANKS.index(rank(card))


def oracle_winner(trick: list[str], trump: str) -> int:
    """Index in `trick` (cards in play order, the first one led) of the card that wins it.

    Mirrors hdb.play.trick-winner: the highest trump in the trick wins; if there is
    no trump, the highest card of the suit led.  A card of any other suit (a discard)
    never wins.
    """
    trumps = [i for i, card in enumerate(trick) if suit(card) == trump]
    if trumps:
        candidates = trumps
    else:
        led = suit(trick[0])
        candidates = [i for i, card in enumerate(trick) if suit(card) == led]
    best = candidates[0]
    for i in candidates[1:]:
        if strength(trick[i]) > strength(trick[best]):
            best = i
    return best


def makes_trump_marriage(card: str, trick: list[str], trump: str) -> bool:
    """Whether `card` (a K, Q or J of trumps) makes or enlarges a trump marriage with
    the trumps already in `trick`.

    Mirrors brouc.play.marriage-exception with hdb.marriage.kinds: the marriages are
    K+Q (simple) and J+Q+K (grand).  K+J is none.  So: K with Q in the trick makes a
    simple one; Q with K makes a simple one (a grand one if J is there too); J
    enlarges K+Q already in the trick to a grand one.
    """
    if suit(card) != trump or rank(card) not in MARRIAGE_RANKS:
        return False
    in_trick = {rank(c) for c in trick if suit(c) == trump}
    together = in_trick | {rank(card)}
    return "K" in together and "Q" in together


def oracle_legal(
    policy: str,
    marriage_exception: str,
    undertrump_when_void: bool,
    hand: list[str],
    trick: list[str],
    trump: str,
) -> set[str]:
    """The cards of `hand` a player may play after the cards of `trick` (in play order).

    An empty trick: he leads, any card (hdb.play.lead).

    policy "whist" (1802 default, AMB-03): hdb.play.follow -- a card of the suit led
    if he holds one; hdb.play.void-free -- otherwise any card.  The two other
    parameters play no part.

    policy "brouc": brouc.play.follow -- the suit led if held; when void, a trump or
    a discard.  brouc.play.overtrump -- whoever plays a trump must beat every trump
    already in the trick if he holds a trump that does, except:
    brouc.play.trump-led-lower -- trump led and none of his trumps is high enough:
    any trump (and he must play one);
    brouc.play.only-trumps -- plain suit led and ruffed, he holds nothing but trumps
    and none high enough: any trump;
    brouc.play.marriage-exception -- a K, Q or J of trumps that makes or enlarges a
    trump marriage with the trumps in the trick may be played instead of
    overtrumping, by a player bound to play trump (trump led and he holds trump;
    void in a ruffed plain suit holding only trumps), and with
    marriage_exception == "any-trump-play" (AMB-04) also by a voluntary ruffer.
    brouc.play.no-undertrump -- void in a ruffed plain suit, holding other cards and
    no trump high enough: he may not play a lower trump (he discards), unless
    undertrump_when_void (AMB-05).  A void player on a plain lead nobody has
    trumped yet may play anything (every trump he has beats the trumps in the trick,
    there being none).
    """
    if not trick:
        return set(hand)
    led = suit(trick[0])
    of_led_suit = [c for c in hand if suit(c) == led]

    if policy == "whist":
        if of_led_suit:
            return set(of_led_suit)
        return set(hand)

    if policy != "brouc":
        raise ValueError(f"unknown following policy {policy!r}")

    trick_trumps = [c for c in trick if suit(c) == trump]
    my_trumps = [c for c in hand if suit(c) == trump]
    others = [c for c in hand if suit(c) != trump]
    if trick_trumps:
        top = max(strength(c) for c in trick_trumps)
        higher = [c for c in my_trumps if strength(c) > top]
    else:
        higher = list(my_trumps)
    lower = [c for c in my_trumps if c not in higher]
    marriage = [c for c in my_trumps if makes_trump_marriage(c, trick, trump)]

    if led == trump:
        if not my_trumps:
            return set(hand)  # void in trumps: any card
        if not higher:
            return set(my_trumps)  # trump-led-lower
        return set(higher) | set(marriage)  # overtrump, or a marriage card

    # a plain suit was led
    if of_led_suit:
        return set(of_led_suit)
    if not trick_trumps:
        return set(hand)  # not ruffed yet: ruff with any trump, or discard
    if not my_trumps:
        return set(hand)  # discard
    if not others:
        # only trumps: bound to play one
        if not higher:
            return set(my_trumps)  # only-trumps
        return set(higher) | set(marriage)
    # a voluntary ruffer: holds other cards as well
    legal = set(others) | set(higher)
    if marriage_exception == "any-trump-play":
        legal |= set(marriage)
    elif marriage_exception != "must-trump-only":
        raise ValueError(f"unknown marriage_exception {marriage_exception!r}")
    if undertrump_when_void and not higher:
        legal |= set(lower)
    return legal

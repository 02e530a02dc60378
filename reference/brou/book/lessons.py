"""What a card did in a commented deal, and what a better card would have done (issue 61: "each
notable card with its reason in a player's terms, the principle it shows, and where the solver
disagrees, what the better card would have won and why").

Nothing here reads a player's reasoning: an `Effect` is computed from what happened at the
table once the trick was over (who took it, its points, a table marriage in it, the other
side's trumps that fell to a trump led, a counting card kept back and where it went later),
and a `Difference` from the deal played out double dummy after the card played and after the
solver's best card (brou.book.played, `Note.played_line` and `Note.best_line`): the first place
the two lines part for the player's side.  brou.book.narrator says both in words
(brou.book.phrases, the keys `did-*`, `lesson-*` and `would-*`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine.deals import deal_kind
from ..engine.homme import HommeDeal
from ..engine.phases import PhaseDeal
from ..laws.play import beats
from ..solve.solution import side_of
from ..spec.rules import Rules, card_order, cards_of

# the effects, the most instructive first: a trick's lesson is that of its first card in this order
KINDS = ("gives-marriage", "makes-marriage", "draws-trumps", "saves", "ruffs", "overruffs", "gives-points",
         "smears", "cashes", "takes", "partner-takes", "spares")


@dataclass(frozen=True)
class Effect:
    """What one card did: `kind` (KINDS), the card points it speaks of, another card it speaks of
    (the queen that made the marriage, the ten kept back), that card's holder, a later trick
    (where the card kept back was played), how many (trumps drawn)."""

    kind: str
    points: int = 0
    card: int = -1
    holder: int = -1
    trick: int = 0
    count: int = 0
    choices: int = 0


@dataclass(frozen=True)
class TrickSeen:
    """A trick as the commentary replays it: its leader, cards and winner, the trump, each
    player's hand before his card and the cards the rules left him."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    trump: int | None
    hands: tuple[int, ...]
    legal: tuple[int, ...]


def worth(rules: Rules, card: int) -> int:
    """What a card is worth at the count: its points; a brusquembille's jetons weigh more."""
    return rules.points[card] + 5 * rules.jetons[card]


def marriage_cards(rules: Rules, suit: int, kind: int) -> list[int]:
    return [rules.card(r + rules.suits[suit]) for r in rules.kinds[kind].ranks]


def table_marriages(deal: PhaseDeal, index: int) -> list[tuple[int, int, int, int]]:
    """The table marriages of the trick at `index` (0-based): (suit, kind, team, points)."""
    if not isinstance(deal, HommeDeal):
        return []
    return [(suit, kind, team, points) for t, suit, kind, team, points in deal.table if t == index]


def card_effect(deal: PhaseDeal, tricks: Sequence[TrickSeen], number: int, position: int) -> Effect | None:
    """What the card at `position` of trick `number` (1-based) did in the finished `deal`, with
    how many cards the rules left its player (`choices`: a card forced shows no principle)."""
    effect = _effect(deal, tricks, number, position)
    if effect is None:
        return None
    return replace(effect, choices=tricks[number - 1].legal[position].bit_count())


def _effect(deal: PhaseDeal, tricks: Sequence[TrickSeen], number: int, position: int) -> Effect | None:
    rules = deal.rules
    n = rules.n_players
    seen = tricks[number - 1]
    seat = (seen.leader + position) % n
    card = seen.cards[position]
    side = partners(deal, seat)
    ours = seen.winner in side
    points = sum(rules.points[c] for c in seen.cards)
    order = card_order(rules, seen.trump)
    cls = order.class_of
    holder = {c: (seen.leader + i) % n for i, c in enumerate(seen.cards)}
    for suit, kind, team, value in table_marriages(deal, number - 1):
        pair = marriage_cards(rules, suit, kind)
        if card in pair:
            other = next(c for c in pair if c != card)
            taken = rules.teams[team]
            return Effect("makes-marriage" if seat in taken else "gives-marriage", value, other, holder[other])
    is_trump = seen.trump is not None and cls[card] == seen.trump
    led_trump = seen.trump is not None and cls[seen.cards[0]] == seen.trump
    if position == 0 and led_trump and ours:
        fallen = sum(1 for i, c in enumerate(seen.cards[1:], 1)
                     if cls[c] == seen.trump and (seen.leader + i) % n not in side)
        if fallen:
            return Effect("draws-trumps", points, count=fallen)
    if seat == seen.winner:
        if position == 0:
            return Effect("cashes", points)
        if is_trump and not led_trump:
            trumped = any(cls[c] == seen.trump for c in seen.cards[:position])
            return Effect("overruffs" if trumped else "ruffs", points)
        return Effect("takes", points)
    legal = cards_of(seen.legal[position])
    if not ours and position > 0:  # a lead's other choices change the whole trick: not weighed here
        cheaper = [c for c in legal if worth(rules, c) < worth(rules, card)]
        if worth(rules, card) and cheaper:
            return Effect("gives-points", rules.points[card], min(cheaper, key=lambda c: worth(rules, c)), seen.winner)
        dearer = [c for c in legal if worth(rules, c) > worth(rules, card) and
                  not beats(rules, c, _best(rules, seen, position), seen.trump)]
        if dearer:  # a card that counts kept back: said where his side took it later
            kept = max(dearer, key=lambda c: (worth(rules, c), order.place[c] * -1))
            later = _taken_later(deal, tricks, number, kept, side)
            if later:
                return Effect("saves", rules.points[kept], kept, seat, later)
        return None
    if worth(rules, card) and position > 0:
        return Effect("smears", rules.points[card])
    if position == 0 and ours:
        return Effect("partner-takes", points, holder=seen.winner)
    return None


def partners(deal: PhaseDeal, seat: int) -> tuple[int, ...]:
    """The seats that play with `seat`: his team, or the tiers of L'Hombre; in L'Homme
    d'Auvergne each player but the homme races for himself (the solver's side of the others is
    a side for the value, not partners at the table)."""
    if deal_kind(deal.rules) == "speech":
        return (seat,)
    return side_of(deal, seat)


def _best(rules: Rules, seen: TrickSeen, position: int) -> int:
    """The card that held the trick when the card at `position` was played."""
    best = seen.cards[0]
    for c in seen.cards[1:position]:
        if beats(rules, c, best, seen.trump):
            best = c
    return best


def _taken_later(deal: PhaseDeal, tricks: Sequence[TrickSeen], number: int, card: int, side: Sequence[int]) -> int:
    """The later trick in which `card` was played and taken by `side` (0: none)."""
    for later in tricks[number:]:
        if card in later.cards:
            return tricks.index(later) + 1 if later.winner in side else 0
    return 0


def trick_effects(deal: PhaseDeal, tricks: Sequence[TrickSeen], number: int) -> list[Effect | None]:
    return [card_effect(deal, tricks, number, i) for i in range(len(tricks[number - 1].cards))]


@dataclass(frozen=True)
class Difference:
    """Where the deal played out after the better card parts from the deal played out after the
    card played, for the player's side: `kind` "take" (the better card's trick would have been
    his side's, `points` in it, `card` its winning card), "marriage" (and a table marriage with it),
    "no-marriage" (the other side would not have had the table marriage), "later" (his side would
    have taken trick `trick` with `card`, held by `holder`), "tricks" (`count` tricks in place of
    `other`), "points" (`count` card points in place of `other`), "seat-tricks" (`holder` would
    have taken `count` tricks in the deal in place of `other`), "" (nothing to say)."""

    kind: str
    trick: int = 0
    card: int = -1
    holder: int = -1
    points: int = 0
    count: int = 0
    other: int = 0
    marriage: tuple[int, int] | None = None  # (suit, kind) of a table marriage it speaks of
    ended: tuple[str, str] | None = None  # how the deal would have ended, and how it ended, where they differ


def difference(start: PhaseDeal, played_line: Sequence[int], best_line: Sequence[int]) -> Difference:
    """Compare the two lines from the position `start` (before the card): the first trick where
    they part for the side of the player to act; and, where the game names how a deal ends
    (L'Hombre: won, remise, codille), the two ends when they differ."""
    a, b = start.copy(), start.copy()
    for action in played_line:
        a.apply(action)
    for action in best_line:
        b.apply(action)
    found = _parted(start, a, b)
    ends = getattr(b, "outcome", None), getattr(a, "outcome", None)  # a name in L'Hombre, a record in 1802 and Brouc
    if isinstance(ends[0], str) and isinstance(ends[1], str) and ends[0] != ends[1]:
        return replace(found, ended=(ends[0], ends[1]))
    return found


def _parted(start: PhaseDeal, a: PhaseDeal, b: PhaseDeal) -> Difference:
    """`difference` of the deal `a` played out after the card played and `b` after the better one."""
    rules = start.rules
    seat = start.to_act
    side = side_of(start, seat)
    first = len(start.tricks)
    n = rules.n_players
    for index in range(first, min(len(a.tricks), len(b.tricks))):
        (_lead_a, _cards_a, win_a), (lead_b, cards_b, win_b) = a.tricks[index], b.tricks[index]
        ours_a, ours_b = win_a in side, win_b in side
        if ours_a and not ours_b:
            break  # the played card wins a trick the better one does not: a trade, told by the counts
        marriages_a = table_marriages(a, index)
        marriages_b = table_marriages(b, index)
        theirs_a = [m for m in marriages_a if m[2] != rules.team_of[seat]]
        theirs_b = [m for m in marriages_b if m[2] != rules.team_of[seat]]
        if index == first and theirs_a and not theirs_b:
            suit, kind, _, _ = theirs_a[0]
            return Difference("no-marriage", index + 1, marriage=(suit, kind), points=theirs_a[0][3])
        if ours_b and not ours_a:
            won = cards_b[(win_b - lead_b) % n]
            ours_m = [m for m in marriages_b if m[2] == rules.team_of[seat]]
            points = sum(rules.points[c] for c in cards_b)
            if index == first:
                if ours_m:
                    return Difference("marriage", index + 1, won, win_b, points, marriage=ours_m[0][:2])
                return Difference("take", index + 1, won, win_b, points)
            return Difference("later", index + 1, won, win_b, points)
    tricks_a = sum(1 for _, _, w in a.tricks[first:] if w in side)
    tricks_b = sum(1 for _, _, w in b.tricks[first:] if w in side)
    if tricks_a != tricks_b:
        return Difference("tricks", count=tricks_b, other=tricks_a)
    points_a = sum(rules.points[c] for _, cards, w in a.tricks[first:] if w in side for c in cards)
    points_b = sum(rules.points[c] for _, cards, w in b.tricks[first:] if w in side for c in cards)
    if points_a != points_b and any(rules.points):
        return Difference("points", count=points_b, other=points_a)
    for s in range(n):  # the same for the side, not for one of its players (L'Hombre's tiers, codille)
        taken_a = sum(1 for _, _, w in a.tricks if w == s)
        taken_b = sum(1 for _, _, w in b.tricks if w == s)
        if taken_a != taken_b:
            return Difference("seat-tricks", holder=s, count=taken_b, other=taken_a)
    return Difference("")

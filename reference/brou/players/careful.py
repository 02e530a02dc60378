"""The careful player: plays as a sensible club player would, from his own hand and what the
table has seen, and says why (issue 36: the players' booklets comment a deal it plays).

`choose(deal)` gives the action of the player to act and its reason, a key of `REASONS`
(brou.book.walkthrough says each in a player's words).  It sees what that player sees: his own
hand, the cards played so far, the trump and what was said; never another hand, never the
stock.  It plays every ruleset the engine plays, by the same few habits:

- leading: the best card left in a plain suit if he holds one (with points, where cards
  count); trumps, to draw the other side's, when he holds the best trump and more trumps than
  are still out; otherwise a small card of his longest plain suit;
- following: when a partner already holds the trick for sure, points onto it (where cards
  count), the card that makes a marriage on the table for his side, else his smallest card;
  otherwise he takes the trick when he can keep it (the last to play, or with a card nothing
  unseen beats), as cheaply as he can, trumping a trick of points when he cannot follow; and
  when he cannot or need not take it, he throws his least useful card;
- the hombre of a contract to take no trick plays the highest card that stays under;
- before play, the plain words: in L'Homme d'Auvergne he turns the card, shows his king and
  plays holding three trumps (or two with the king); in L'Hombre he bids on his trumps, names
  his longest suit and keeps his trumps and high cards in the exchange; in 1802 and Brouc he
  announces a marriage as soon as he may, marks the marriages his side takes on the table and
  claims the game (dehors) the moment it is right, never declaring more than he has.

It is deterministic: the same deal, the same choices (ties go to the lowest card index).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from ..engine.hombre import HombreDeal
from ..engine.homme import (
    ACCEPT_ACTION,
    CLAIM_ACTION,
    CONCEDE,
    MARK,
    MARK_ACTION,
    RESPOND,
    ROUND,
    WINDOW,
    HommeDeal,
)
from ..engine.phases import PhaseDeal
from ..laws.auction import words
from ..laws.exchange import discard_bounds
from ..laws.game import count_so_far, reaches_target
from ..laws.kings import king_of
from ..laws.play import beats
from ..laws.speech import LEAVE, PASS, PLAY, SHOW, TURN, word_action
from ..spec.rules import Order, Rules, card_order, cards_of

# the reasons `choose` gives, each with what its number says (0: nothing)
REASONS: Final = (
    "only",  # the one card the rules leave him
    "lead-master",  # leads the best card left in its suit
    "lead-trumps",  # leads trumps to draw the other side's (number: trumps he holds)
    "lead-low",  # a card worth little, from a suit the others still hold
    "lead-nolo",  # the hombre of a nolo leads his lowest card
    "smear",  # his partner holds the trick: points onto it (number: the card's points)
    "partner",  # his partner holds the trick: his smallest card
    "table-marriage",  # the card that makes a marriage on the table for his side
    "win",  # takes the trick with the cheapest card that does (number: the card points in it so far)
    "win-master",  # takes the trick with a card nobody after him can beat (number: the same)
    "ruff",  # cannot follow and trumps the trick (number: the card points in it so far)
    "over",  # the hombre of a nolo stays under the trick with his highest card that does
    "duck",  # cannot take the trick: his least useful card
    "keep",  # could take it but keeps his card: a trick of nothing, others still to play
    "follow",  # every card he may play goes over the trick so far: the cheapest
    "announce",  # announces a marriage
    "mark",  # marks a marriage his side took on the table
    "claim",  # claims the game (dehors): his side has reached the target
    "pass",  # nothing to say now
    "accept",  # accepts the other side's concession
    "turn",  # turns the top card of the talon
    "say-play",  # says he plays: he is the homme (number: his trumps)
    "show",  # shows his king
    "pass-speech",  # passes in the speech (number: his trumps)
    "bid",  # bids a contract (number: trumps in his best suit)
    "pass-bid",  # passes in the auction (number: trumps in his best suit)
    "name-trump",  # names trumps (number: trumps he holds in it)
    "discard",  # discards a weak card in the exchange
    "draw",  # draws from the talon
    "stop",  # the hombre stops after the first five tricks
)


@dataclass(frozen=True)
class Choice:
    """An action and why: `reason` a key of REASONS, `number` what it speaks of."""

    action: int
    reason: str
    number: int = 0


def careful_bot(deal: PhaseDeal, rng: random.Random) -> int:
    """The careful player as a bot (`brou.engine.bots.Bot`): the action of `choose`; `rng` is
    not used (the player is deterministic)."""
    return choose(deal).action


def choose(deal: PhaseDeal) -> Choice:
    """The careful player's action for the player to act, and its reason."""
    rules = deal.rules
    legal = deal.legal_actions()
    if not legal:
        raise ValueError("no action to choose: the deal is over")
    if isinstance(deal, HommeDeal):
        return _partnership(deal, legal)
    if isinstance(deal, HombreDeal):
        if deal.phase != "play" or any(a >= rules.n_indices for a in legal):
            return _hombre_words(deal, legal)
        return _card(deal, [a for a in legal if a < rules.n_indices])
    if deal.phase != "play":
        return _speech(deal)
    return _card(deal, legal)


# -- what he knows ---------------------------------------------------------------------------


def played(deal: PhaseDeal) -> int:
    """The cards seen played: every trick and the one on the table."""
    mask = 0
    for _, cards, _ in deal.tricks:
        for card in cards:
            mask |= 1 << card
    for card in deal.trick:
        mask |= 1 << card
    return mask


def _unseen(deal: PhaseDeal, seat: int) -> int:
    """The cards of the pack that `seat` has not seen: not in his hand, not played."""
    pack = 0
    for card in deal.rules.pack_cards:
        pack |= 1 << card
    return pack & ~deal.hands[seat] & ~played(deal)


def side_of(deal: PhaseDeal, seat: int) -> int:
    """The side a seat plays for in this deal: the hombre or the homme (0) against the others
    (1) once there is one; else the ruleset's team."""
    alone = deal.hombre if isinstance(deal, HombreDeal) else deal.homme
    if alone is not None:
        return 0 if seat == alone else 1
    return deal.rules.team_of[seat]


def _worth(rules: Rules, card: int) -> int:
    """What a card is worth in the count: its points, and a brusquembille's jetons weigh more."""
    return rules.points[card] + 5 * rules.jetons[card]


def _useless_first(rules: Rules, order: Order, trump: int | None, cards: list[int]) -> list[int]:
    """The cards, the least useful first: fewest points, a plain card before a trump, the
    weakest within its suit."""
    return sorted(cards, key=lambda c: (_worth(rules, c), order.class_of[c] == trump, -order.place[c], c))


def _cheapest(order: Order, trump: int | None, cards: list[int]) -> int:
    """The weakest of some cards that all do the same job: a plain card before a trump."""
    return min(cards, key=lambda c: (order.class_of[c] == trump, -order.place[c], c))


def _master(order: Order, card: int, unseen: int) -> bool:
    """Whether no unseen card of the card's class is stronger (a plain card may still be
    trumped)."""
    return not order.stronger[card] & unseen


def _voids(deal: PhaseDeal, order: Order) -> list[int]:
    """Per seat, the classes (a bit each) he has shown he lacks by not following them, where the
    rules make everyone follow (not in a game that lets any card be played while a stock lasts)."""
    rules = deal.rules
    n = rules.n_players
    out = [0] * n
    if rules.following_after_talon:
        return out
    tricks = [*deal.tricks, (deal.leader, tuple(deal.trick), -1)]
    for leader, cards, _ in tricks:
        if not cards:
            continue
        led = order.class_of[cards[0]]
        for i, card in enumerate(cards[1:], 1):
            if order.class_of[card] != led:
                out[(leader + i) % n] |= 1 << led
    return out


@dataclass(frozen=True)
class _Sight:
    """What the player to act knows of the cards: the order, the cards he has not seen, and
    the classes each seat has shown he lacks."""

    order: Order
    trump: int | None
    unseen: int
    voids: list[int]
    free: bool  # nobody need follow now (a stock still to draw from, in Brusquembille)

    def holds(self, card: int, against: list[int]) -> bool:
        """Whether `card`, winning a trick, must stay best against the seats `against` still to
        play: no unseen card of its class is stronger, and a plain card cannot be trumped by
        them (no trump unseen, or each of them may still have to follow its suit)."""
        order = self.order
        if not _master(order, card, self.unseen):
            return False
        cls = order.class_of[card]
        if self.trump is None or cls == self.trump or not self.unseen & order.class_mask[self.trump]:
            return True
        if self.free or not self.unseen & order.class_mask[cls]:
            return False  # nobody need follow, or nobody else holds the suit: anyone may trump it
        return not any(self.voids[seat] >> cls & 1 for seat in against)


def _sight(deal: PhaseDeal, seat: int) -> _Sight:
    rules = deal.rules
    order = card_order(rules, deal.trump)
    primitives = rules.following_primitives if deal.stock or not rules.following_after_talon \
        else rules.following_after_talon
    free = all(name == "free" for name, _ in primitives)
    return _Sight(order, deal.trump, _unseen(deal, seat), _voids(deal, order), free)


def _others(deal: PhaseDeal, seat: int, seats: list[int]) -> list[int]:
    """The seats among `seats` that play against `seat`."""
    mine = side_of(deal, seat)
    return [s for s in seats if side_of(deal, s) != mine]


# -- the cards --------------------------------------------------------------------------------


def _card(deal: PhaseDeal, legal: list[int]) -> Choice:
    """A card for the player to act: his lead, or what he plays to the trick."""
    if len(legal) == 1:
        return Choice(legal[0], "only")
    if not deal.trick:
        return _lead(deal, legal)
    return _follow(deal, legal)


def _nolo_hombre(deal: PhaseDeal, seat: int) -> bool:
    return isinstance(deal, HombreDeal) and deal.contract is not None and deal.contract.nolo and seat == deal.hombre


def _lead(deal: PhaseDeal, legal: list[int]) -> Choice:
    rules, seat, trump = deal.rules, deal.to_act, deal.trump
    order = card_order(rules, trump)
    if _nolo_hombre(deal, seat):
        return Choice(_cheapest(order, trump, legal), "lead-nolo")
    sight = _sight(deal, seat)
    unseen = sight.unseen
    trumps = [c for c in legal if trump is not None and order.class_of[c] == trump]
    plain = [c for c in legal if c not in trumps]
    if trumps and trump is not None:
        best = min(trumps, key=lambda c: order.place[c])
        out = (unseen & order.class_mask[trump]).bit_count()
        if out and _master(order, best, unseen) and len(trumps) > out:
            return Choice(best, "lead-trumps", len(trumps))
    against = _others(deal, seat, [s for s in range(rules.n_players) if s != seat])
    masters = [c for c in plain if sight.holds(c, against)]
    if masters:
        return Choice(max(masters, key=lambda c: (_worth(rules, c), -order.place[c], -c)), "lead-master")
    pool = plain or legal
    suits: dict[int, list[int]] = {}
    for c in pool:
        suits.setdefault(order.class_of[c], []).append(c)
    # the least useful card of each suit; of those, the one worth least, from a suit the others
    # still hold (they must follow it rather than trump it), the longer the better
    def rank(k: int) -> tuple[int, int, int, int]:
        card = _useless_first(rules, order, trump, suits[k])[0]
        return (_worth(rules, card), -(unseen & order.class_mask[k]).bit_count(), -len(suits[k]), k)

    held = min(suits, key=rank)
    return Choice(_useless_first(rules, order, trump, suits[held])[0], "lead-low")


def _follow(deal: PhaseDeal, legal: list[int]) -> Choice:
    rules, seat, trump = deal.rules, deal.to_act, deal.trump
    n = rules.n_players
    sight = _sight(deal, seat)
    order = sight.order
    trick = deal.trick
    best = deal.best_card()
    top = (deal.leader + trick.index(best)) % n
    last = len(trick) == n - 1
    after = _others(deal, seat, [(seat + k) % n for k in range(1, n - len(trick))])
    counts = any(rules.points) or any(rules.jetons)
    points = sum(_worth(rules, c) for c in trick)
    throw = _useless_first(rules, order, trump, legal)
    if _nolo_hombre(deal, seat):
        under = [c for c in legal if not beats(rules, c, best, trump)]
        if under:
            return Choice(max(under, key=lambda c: (-order.place[c], c)), "over")
        return Choice(throw[0], "duck")
    if side_of(deal, top) == side_of(deal, seat) and top != seat and (last or sight.holds(best, after)):
        marriage = _table_marriage(deal, legal)
        if marriage is not None:
            return Choice(marriage, "table-marriage")
        if counts:
            plain = [c for c in legal if order.class_of[c] != trump] or legal
            gift = max(plain, key=lambda c: (_worth(rules, c), -order.place[c], -c))
            if _worth(rules, gift):
                return Choice(gift, "smear", rules.points[gift])
        return Choice(throw[0], "partner")
    winners = [c for c in legal if beats(rules, c, best, trump)]
    led_plain = order.class_of[trick[0]] != trump
    if winners:
        keep = [c for c in winners if sight.holds(c, after)]
        ruffs = [c for c in winners if trump is not None and order.class_of[c] == trump and led_plain]
        losers = [c for c in throw if c not in winners]
        reason = "win"
        if not losers and not last:
            reason = "follow"  # every card he may play goes over: the cheapest
        if last or not losers:
            card = _cheapest(order, trump, winners)
        elif keep:
            card, reason = _cheapest(order, trump, keep), "win-master"
        elif not counts:  # only tricks count: he takes every one he can, as cheaply as he can
            card = _cheapest(order, trump, winners)
        elif ruffs and points >= 10:
            card = _cheapest(order, trump, ruffs)
        elif not _worth(rules, losers[0]):
            return Choice(losers[0], "keep")
        else:  # every card he could keep back would give points away: he takes the trick instead
            card = min(winners, key=lambda c: (_worth(rules, c), order.class_of[c] == trump, -order.place[c], c))
        ruffing = trump is not None and order.class_of[card] == trump and led_plain and \
            order.class_of[best] != trump
        return Choice(card, "ruff" if ruffing and reason != "follow" else reason, sum(rules.points[c] for c in trick))
    return Choice(throw[0], "duck")


def _table_marriage(deal: PhaseDeal, legal: list[int]) -> int | None:
    """A legal card that completes a marriage with the cards already in the trick (1802 and
    Brouc: it counts for the side that takes the trick)."""
    if not isinstance(deal, HommeDeal):
        return None
    rules = deal.rules
    on_table = 0
    for card in deal.trick:
        on_table |= 1 << card
    for card in legal:
        with_it = on_table | 1 << card
        for kind in rules.kinds:
            for mask in kind.masks:
                if mask and with_it & mask == mask and on_table & mask != mask and mask >> card & 1:
                    return card
    return None


# -- 1802 and Brouc: announcements, marks, claims ----------------------------------------------


def _partnership(deal: HommeDeal, legal: list[int]) -> Choice:
    rules = deal.rules
    base = rules.pass_action
    seat = deal.to_act
    claim = base + CLAIM_ACTION
    if claim in legal and reaches_target(rules, count_so_far(deal, rules.team_of[seat])):
        return Choice(claim, "claim")
    announcements = [a for a in legal if rules.n_indices <= a < base]
    if announcements:
        return Choice(max(announcements, key=lambda a: (_announcement_rank(deal, a), -a)), "announce")
    phase = deal.phase
    if phase == MARK:
        return Choice(base + MARK_ACTION, "mark")
    if phase == RESPOND:
        return Choice(base + ACCEPT_ACTION, "accept")
    if phase in (WINDOW, ROUND, CONCEDE):
        return Choice(base, "pass")
    return _card(deal, [a for a in legal if 0 <= a < rules.n_indices])


def _announcement_rank(deal: HommeDeal, action: int) -> tuple[int, int]:
    """The bigger marriage first: in trumps, then the kind with more cards."""
    rules = deal.rules
    suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
    return (suit == deal.trump_suit, len(rules.kinds[kind].ranks))


# -- L'Homme d'Auvergne: the speech --------------------------------------------------------------


def _speech(deal: PhaseDeal) -> Choice:
    """Turn the card when offered, show a king, play with three trumps or two and the king."""
    rules, hand = deal.rules, deal.hands[deal.to_act]
    said = deal.legal_words()
    if TURN in said:
        return Choice(word_action(rules, TURN), "turn")
    if SHOW in said:
        return Choice(word_action(rules, SHOW), "show")
    trumps = 0 if deal.trump is None else (hand & rules.suit_mask[deal.trump]).bit_count()
    if PLAY in said and deal.trump is not None:
        king = hand >> king_of(rules, deal.trump) & 1
        if trumps >= 3 or (trumps >= 2 and king):
            return Choice(word_action(rules, PLAY), "say-play", trumps)
    if PASS in said:
        return Choice(word_action(rules, PASS), "pass-speech", trumps)
    return Choice(word_action(rules, LEAVE), "pass-speech", trumps)


# -- L'Hombre: the auction, trumps, the exchange --------------------------------------------------


def _trump_count(rules: Rules, hand: int, trump: int) -> int:
    """The trumps a hand would hold with `trump` for trump, the permanent ones included."""
    return (hand & card_order(rules, trump).class_mask[trump]).bit_count()


def _hombre_words(deal: HombreDeal, legal: list[int]) -> Choice:
    """Bid sans prendre with seven trumps in his best suit (not spades), demande with five, else
    pass; name his best suit; discard plain cards below the king (the hombre) or the queen (a
    tier) while the talon lasts; never give up; stop after five tricks."""
    rules, hand = deal.rules, deal.hands[deal.to_act]
    names = words(rules)
    base = rules.n_indices
    offered = [names[a - base] for a in legal if a >= base]

    def say(word: str) -> int:
        return base + names.index(word)

    suits = sorted(range(len(rules.suits)), key=lambda t: (-_trump_count(rules, hand, t), t))
    if deal.phase == "auction":
        best = max(_trump_count(rules, hand, t) for t in suits if rules.suits[t] != "S")
        for wanted, needed in (("sans-prendre", 7), ("demande", 5)):
            if best >= needed and wanted in offered:
                return Choice(say(wanted), "bid", best)
        return Choice(say("pass"), "pass-bid", best)
    if deal.phase == "declare":
        for t in suits:
            if f"trump {rules.suits[t]}" in offered:
                return Choice(say(f"trump {rules.suits[t]}"), "name-trump", _trump_count(rules, hand, t))
        return Choice(say(offered[0]), "pass")
    if deal.phase == "exchange":
        least, most = discard_bounds(rules, deal.contract, deal.to_act, deal.hombre, len(deal.stock)) \
            if deal.contract is not None and deal.hombre is not None else (0, 0)
        order = card_order(rules, deal.trump)
        keep_from = 1 if deal.to_act == deal.hombre else 2  # the king kept by the hombre; king and queen by a tier
        weak = sorted((c for c in cards_of(hand) if order.class_of[c] != deal.trump), key=lambda c: (-order.place[c], c))
        weak_cards = [c for c in weak if order.place[c] >= keep_from]
        if len(deal.discarding) < min(most, max(least, len(weak_cards))):
            rest = sorted(cards_of(hand), key=lambda c: (-order.place[c], c))
            return Choice(next(c for c in weak_cards + rest if hand >> c & 1), "discard")
        return Choice(say("draw"), "draw")
    if "stop" in offered:
        return Choice(say("stop"), "stop")
    if "play-on" in offered:
        return Choice(say("play-on"), "pass")
    cards = [a for a in legal if a < base]
    if cards:
        return _card(deal, cards)
    return Choice(legal[0], "pass")

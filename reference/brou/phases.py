"""The phase engine: a deal as the sequence of phases its ruleset names (docs/design.md,
"The family").

`PhaseDeal` plays the rulesets that have `phases` (Brusquembille today; L'Homme d'Auvergne
and L'Hombre add phases before play).  It sequences phases whose rules live in their
modules, one function per clause: `deal` (`brou.talon.deal_with_talon`), `play` (following
from `brou.following`, the trick's winner from `brou.play.beats`, then the ruleset's
`play.after_trick` steps: `draw`, `brou.talon.draws`; `pay-brusquembilles`,
`brou.payments`), and `count` (`brou.results`).  What the steps do that others may see is
written as events (`events`); every payment is a ledger entry (`brou.ledger`).

Seats are numbered from the first player (seat 0, on the dealer's right) to the dealer, as in
`brou.state`; actions are card ids (`0 .. n_indices-1`), the only actions of these games so
far.  `apply` checks before it changes anything, so a refused action leaves the state as it
was; `copy()` is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .clauses import implements
from .errors import IllegalAction
from .following import PRIMITIVES, REFUSALS, compose
from .ledger import POOL, Entry, account_balance, balances
from .payments import brusquembille_payments, pays_brusquembilles
from .play import beats, first_to_act
from .results import best_sides, pool_entries, pool_shares, side_points
from .rules import Rules, cards_of
from .talon import TalonDeal, draws

PLAY, DONE = "play", "done"


class Event(NamedTuple):
    """Something the engine did that the players see happen: a card drawn from the talon
    (`draw`, by `seat`; the card is public only for the turned one) after trick `trick`."""

    kind: str
    trick: int
    seat: int
    card: int


@dataclass(frozen=True)
class SeatResult:
    """One seat's count so far: tricks won, card points in them, net jetons of the ledger."""

    tricks: int
    card_points: int
    jetons: int


class PhaseDeal:
    """One deal of a ruleset on the phase engine.  Seats 0..n-1 in the order of play."""

    __slots__ = ("rules", "deal", "trump", "hands", "stock", "phase", "to_act", "leader", "trick", "tricks",
                 "won", "events", "ledger", "_follow", "_after_talon")

    def __init__(self, rules: Rules, deal: TalonDeal) -> None:
        if not rules.on_phases:
            raise ValueError(f"{rules.id} is a partnership game: brou.state.DealState plays it")
        self.rules = rules
        self.deal = deal
        self.trump = rules.suit_of[deal.turnup]
        self.hands = list(deal.hands)
        self.stock = list(deal.stock)
        self.phase = PLAY
        self.to_act = self.leader = first_to_act(rules)
        self.trick: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []  # (leader, cards in play order, winner)
        self.won = [0] * rules.n_players  # per seat: the cards of his tricks
        self.events: list[Event] = []
        self.ledger: list[Entry] = pool_entries(rules)
        self._follow = compose(rules.following_primitives)
        self._after_talon = compose(rules.following_after_talon or rules.following_primitives)

    # -- what may be done ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == DONE

    def _primitives(self) -> tuple[tuple[str, Any], ...]:
        if self.stock or not self.rules.following_after_talon:
            return self.rules.following_primitives
        return self.rules.following_after_talon

    @implements("brus.play.free")
    def legal_cards(self) -> int:
        """The cards the player to act may play: any card (`free`) while the stock lasts, and
        after it under `play.following_after_talon` (parameter following_after_talon)."""
        hand = self.hands[self.to_act]
        if not self.trick:
            return hand
        follow = self._follow if self.stock else self._after_talon
        led = self.rules.suit_of[self.trick[0]]
        best = self._best()[1]
        return follow(self.rules, hand, led, self.trump, best, sum(1 << c for c in self.trick))

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """The player to act's legal actions (card ids); nothing for anyone else, and nothing
        once the deal is over: these games have no action out of turn."""
        if self.phase == DONE or (seat is not None and seat != self.to_act):
            return []
        return cards_of(self.legal_cards())

    def speakers(self) -> dict[int, list[int]]:
        return {} if self.phase == DONE else {self.to_act: self.legal_actions()}

    # -- doing it --------------------------------------------------------------------

    def apply(self, action: int, seat: int | None = None) -> None:
        """Play card `action` for the player to act; IllegalAction (state unchanged) if the
        rules forbid it."""
        rules = self.rules
        if type(action) is not int:
            raise IllegalAction("malformed-action", f"an action is an action id (int), not {type(action).__name__}")
        if seat is not None:
            if type(seat) is not int or not 0 <= seat < rules.n_players:
                raise IllegalAction("wrong-seat", f"there is no seat {seat!r}")
            if seat != self.to_act and self.phase != DONE:
                raise IllegalAction("wrong-seat", f"seat {seat} may not act now; seat {self.to_act} is to act")
        if self.phase == DONE:
            raise IllegalAction("deal-over", "the deal is finished")
        if not 0 <= action < rules.n_indices:
            raise IllegalAction("malformed-action", f"no action has id {action}: the actions of {rules.id} are cards")
        hand = self.hands[self.to_act]
        if not hand >> action & 1:
            raise IllegalAction("not-in-hand", f"{rules.card_text(action)} is not in the hand of the player to act")
        if not self.legal_cards() >> action & 1:
            code = self._refusal(action)
            raise IllegalAction(code, f"{rules.card_text(action)} is refused here ({code})")
        self._play(action)

    def apply_text(self, text: str, seat: int | None = None) -> None:
        """Apply an action in the text notation: a card (`TH`)."""
        self.apply(parse_card(self.rules, text), seat)

    def _refusal(self, card: int) -> str:
        hand = self.hands[self.to_act]
        led = self.rules.suit_of[self.trick[0]]
        best = self._best()[1]
        trick = sum(1 << c for c in self.trick)
        allowed = hand
        for name, option in self._primitives():
            after = PRIMITIVES[name](self.rules, option, hand, allowed, led, self.trump, best, trick) or allowed
            if allowed >> card & 1 and not after >> card & 1:
                return REFUSALS.get(name, name)
            allowed = after
        return "must-follow-suit"

    def _best(self) -> tuple[int, int]:
        """(the seat winning the trick so far, his card)."""
        best_i = 0
        for i in range(1, len(self.trick)):
            if beats(self.rules, self.trick[i], self.trick[best_i], self.trump):
                best_i = i
        return (self.leader + best_i) % self.rules.n_players, self.trick[best_i]

    def _play(self, card: int) -> None:
        rules, n = self.rules, self.rules.n_players
        self.hands[self.to_act] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < n:
            self.to_act = (self.to_act + 1) % n
            return
        winner = self.trick_winner()
        plays = [((self.leader + i) % n, c) for i, c in enumerate(self.trick)]
        self.tricks.append((self.leader, tuple(self.trick), winner))
        self.won[winner] |= sum(1 << c for c in self.trick)
        number = len(self.tricks)
        for step in rules.after_trick:
            if step == "draw":
                for seat, drawn in draws(n, winner, self.stock):
                    self.hands[seat] |= 1 << drawn
                    self.events.append(Event("draw", number, seat, drawn))
                del self.stock[:n]
            elif step == "pay-brusquembilles" and pays_brusquembilles(rules):
                self.ledger += brusquembille_payments(rules, plays, winner, number)
        self.trick = []
        self.leader = self.to_act = self.next_leader(winner)
        if not any(self.hands):
            self._count()

    @implements("brus.play.trick-winner")
    def trick_winner(self) -> int:
        """The seat that takes the full trick on the table: the highest trump, else the highest
        card of the suit led (`brou.play.beats` over the ruleset's compiled order)."""
        return self._best()[0]

    @implements("brus.play.next-lead", "brus.talon.last-tricks")
    def next_leader(self, winner: int) -> int:
        """The winner of a trick leads the next; with the stock gone, play goes on the same way
        without drawing until the hands are empty."""
        return winner

    def _count(self) -> None:
        """The count phase: the pool goes to the side with the most card points."""
        self.phase = DONE
        pool = account_balance(self.ledger, POOL)
        self.ledger += pool_shares(self.rules, self.side_points(), pool, len(self.tricks))

    # -- what it comes to ------------------------------------------------------------

    def side_points(self) -> list[int]:
        return side_points(self.rules, self.won)

    def result(self) -> list[SeatResult]:
        """Per seat: tricks won, card points, net jetons so far (the pool's share once over)."""
        rules = self.rules
        jetons = balances(self.ledger, rules.n_players)
        return [SeatResult(sum(1 for _, _, w in self.tricks if w == seat),
                           sum(rules.points[c] for c in cards_of(self.won[seat])), jetons[seat])
                for seat in range(rules.n_players)]

    def winners(self) -> list[int] | None:
        """The sides with the most card points once the deal is over (None before)."""
        return best_sides(self.side_points()) if self.phase == DONE else None

    def copy(self) -> PhaseDeal:
        other = PhaseDeal.__new__(PhaseDeal)
        for name in PhaseDeal.__slots__:
            value = getattr(self, name)
            setattr(other, name, list(value) if isinstance(value, list) else value)
        return other

    def record(self) -> dict[str, Any]:
        """The deal as plain data: the deal and the actions taken, enough to replay it."""
        rules = self.rules
        return {"ruleset": rules.id, "params": dict(rules.overrides),
                "deal": {"hands": [rules.cards_text(h) for h in self.deal.hands],
                         "talon": [rules.card_text(c) for c in self.deal.stock[:-1]],
                         "turnup": rules.card_text(self.deal.turnup)},
                "actions": [rules.card_text(c) for _, cards, _ in self.tricks for c in cards]
                + [rules.card_text(c) for c in self.trick]}


def parse_card(rules: Rules, text: str) -> int:
    """The card id of a text; IllegalAction (`malformed-action`, `unknown-card`) if none: the
    only actions of these games are cards."""
    if type(text) is not str:
        raise IllegalAction("malformed-action", f"an action's text is a str, not {type(text).__name__}")
    word = text.strip()
    if len(word) != 2:
        raise IllegalAction("malformed-action", f"cannot read action '{text}': the actions of {rules.id} are cards")
    try:
        card = rules.card(word)
    except ValueError:
        raise IllegalAction("unknown-card", f"'{word}' is no card of this ruleset") from None
    if not rules.pack >> card & 1:
        raise IllegalAction("unknown-card", f"{word} is not in the pack of this deal")
    return card

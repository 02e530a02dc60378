"""The phase engine: a deal as the sequence of phases its ruleset names (docs/design.md,
"The family").

`PhaseDeal` plays the rulesets that have `phases` (Brusquembille today; L'Homme d'Auvergne
and L'Hombre add phases before play).  It sequences phases whose rules live in their
modules, one function per clause: `deal` (`brou.laws.talon.deal_with_talon`), `play` (following
from `brou.laws.following`, the trick's winner from `brou.laws.play.beats`, then the ruleset's
`play.after_trick` steps: `draw`, `brou.laws.talon.draws`; `pay-brusquembilles`,
`brou.laws.payments`), and `count` (`brou.laws.results`).  What the steps do that others may see is
written as events (`events`); every payment is a ledger entry (`brou.laws.ledger`).

Before play, L'Homme d'Auvergne has the phases `turn-offer` and `speech` (`brou.laws.speech`, with
the kings of `brou.laws.kings`): the players turn the talon's cards and name the homme; its count is
`most-tricks` (`brou.laws.results`), in marks, and a deal given the players' marks (`marks`) ends
the moment one of them reaches the game's target (`brou.engine.marks`).

Seats are numbered from the first player (seat 0, on the dealer's right) to the dealer, as in
every deal class (`brou.engine.homme.HommeDeal` for 1802 and Brouc); actions are card ids
(`0 .. n_indices-1`), then the words of the speech (`brou.laws.speech.WORDS`).  `apply` checks
before it changes anything, so a refused action leaves the state as it was; `copy()` is cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, Self

from ..errors import IllegalAction, brief
from ..laws.auction import words as auction_words
from ..laws.counting import card_points
from ..laws.following import PRIMITIVES, REFUSALS, Legal, compose
from ..laws.kings import (
    held_king_entries,
    king_of,
    scored_kings,
    showable_king,
    taken_king_entries,
    trump_king_entries,
    turned_king_entries,
)
from ..laws.ledger import POOL, Entry, account_balance, balances
from ..laws.payments import brusquembille_payments, pays_brusquembilles
from ..laws.play import beating_cards, first_to_act
from ..laws.results import best_sides, deal_winner, homme_entries, pool_entries, pool_shares, side_points
from ..laws.speech import (
    LEAVE,
    PASS,
    SHOW,
    TURN,
    WORDS,
    action_word,
    has_speech,
    may_turn_again,
    next_speaker,
    trump_of,
    turn_askers,
    word_action,
)
from ..laws.speech import PLAY as SAY_PLAY
from ..laws.talon import TalonDeal, draws
from ..spec.clauses import implements_clauses
from ..spec.rules import Rules, card_order, exact_text
from .marks import marks_after, marks_winners
from .picture import Talon, position_picture
from .position import Position

TURN_OFFER: Final = "turn-offer"
SPEECH: Final = "speech"
SHOWING: Final = "showing"
PLAY: Final = "play"
DONE: Final = "done"
# how a deal ended (PhaseDeal.ended): played out; nobody turned a card; all passed after the
# last réjouissance; a player reached the game's target
PLAYED: Final = "played-out"
NOT_TURNED: Final = "not-turned"
ALL_PASSED: Final = "all-passed"
TARGET: Final = "target"


class Event(NamedTuple):
    """Something that happened that the players see: a card drawn from the talon (`draw`, by
    `seat`; the card is public only for the turned one) after trick `trick`; a card turned
    from the talon (`turn`) or a king shown (`show`) in the speech, before the first trick
    (`trick` 0)."""

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


class PhaseDeal(Position):
    """One deal of a ruleset on the phase engine.  Seats 0..n-1 in the order of play.

    Equal deals have the same rules, deal, marks given and history of actions; `str()`,
    `undo()`, `is_legal()`, `legal_texts()`, `perft()` and the notebook picture come from
    `brou.engine.position.Position`."""

    __slots__ = ("rules", "deal", "trump", "hands", "stock", "phase", "to_act", "leader", "trick", "tricks",
                 "won", "events", "ledger", "_follow", "_after_talon", "turned", "homme", "words", "shown",
                 "ended", "marks", "history", "_class_of", "_beating", "_legal", "_legal_at", "_words",
                 "_words_at", "_led", "_top", "_top_seat", "_mask")

    def __init__(self, rules: Rules, deal: TalonDeal, marks: Sequence[int] | None = None, *,
                 copy_of: PhaseDeal | None = None) -> None:
        """A deal of `rules` dealt as `deal`, with the `marks` each seat has before it (a game to a
        target); or, with `copy_of`, a copy of that state (`copy`), nothing dealt again."""
        if copy_of is not None:
            self._copy_from(copy_of)
            return
        if not self.plays(rules):
            raise ValueError(f"{type(self).__name__} does not play {rules.id}")
        self.rules = rules
        self.deal = deal
        self.hands = list(deal.hands)
        self.stock = list(deal.stock)
        self.phase = PLAY
        self.to_act = self.leader = first_to_act(rules)
        self.trick: list[int] = []
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []  # (leader, cards in play order, winner)
        self.won = [0] * rules.n_players  # per seat: the cards of his tricks
        self.events: list[Event] = []
        self.ledger: list[Entry] = pool_entries(rules)
        self._follow, self._after_talon = self._following()
        self.turned: list[tuple[int, int]] = []  # (seat, card) of each card turned in the speech
        self.homme: int | None = None
        self.words: list[tuple[int, int]] = []  # (seat, word) of each word said before play
        self.shown: dict[int, int] = {}  # king -> seat, kings shown in the current round of speech
        self.ended: str | None = None
        self.marks = None if marks is None else list(marks)  # by seat, before the deal: the target applies
        self.history: list[int] = []  # every action taken, in order
        self.trump: int | None = None
        self._class_of: tuple[int, ...] = rules.suit_of  # per card: its class under the trump (brou.spec.rules.Order)
        self._beating = beating_cards(rules, None)  # per card: the cards that beat it under the trump (brou.laws.play.beats)
        # the cards and the words the player to act may play or say (`legal_cards`, `legal_words`),
        # kept for the state they were computed in: `_legal_at` and `_words_at` are the length of
        # the history then (-1: none kept)
        self._legal = 0
        self._legal_at = -1
        self._words: list[int] = []
        self._words_at = -1
        # the trick on the table, kept as its cards come (`_play`): the class led, the card winning
        # it so far and its seat (`brou.laws.play.beats`, through `_beating`), the mask of its cards
        self._led = self._top = self._top_seat = -1
        self._mask = 0
        self._begin()

    @classmethod
    def plays(cls, rules: Rules) -> bool:
        """Whether this deal class plays the ruleset: the rulesets with `phases` (1802 and Brouc,
        which have none yet, are `brou.engine.homme.HommeDeal`'s)."""
        return rules.on_phases

    def _following(self) -> tuple[Legal, Legal]:
        """The legal-cards functions while the stock lasts and after it: the compositions of the
        ruleset's primitives (`brou.laws.following.compose`)."""
        rules = self.rules
        return compose(rules.following_primitives), compose(rules.following_after_talon or rules.following_primitives)

    def _begin(self) -> None:
        """The first phase after the deal: the turn-offer (a game with a speech), else play with
        the turned card's suit as trump (a subclass with phases of its own begins them here)."""
        if has_speech(self.rules):
            self._offer_turn()
            self._check_target()  # the dealer's own turn (turner: dealer) may score a king
        else:
            self._set_trump(self.deal.trump)

    def _set_trump(self, trump: int | None) -> None:
        """Trump is now suit `trump` (None: no trump), and the class of each card with it."""
        self.trump = trump
        self._class_of = card_order(self.rules, trump).class_of
        self._beating = beating_cards(self.rules, trump)

    # -- what may be done ------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == DONE

    def _primitives(self) -> tuple[tuple[str, Any], ...]:
        if self.stock or not self.rules.following_after_talon:
            return self.rules.following_primitives
        return self.rules.following_after_talon

    def legal_cards(self) -> int:
        """The cards the player to act may play: any card (`free`) while the stock lasts, and
        after it under `play.following_after_talon` (parameter following_after_talon); nothing
        before play."""
        if self.phase != PLAY:
            return 0
        hand = self.hands[self.to_act]
        if not self.trick:
            return hand
        follow = self._follow if self.stock else self._after_talon
        return follow(self.rules, hand, self._led, self.trump, self._top, self._mask, self.trick[0])

    def legal_words(self) -> list[int]:
        """The words (indices into `brou.laws.speech.WORDS`) the player to act may say now."""
        if self.phase == TURN_OFFER:
            return [TURN, LEAVE]
        if self.phase == SPEECH:
            return [SAY_PLAY, PASS] + ([SHOW] if self.showable() is not None else [])
        if self.phase == SHOWING:
            return [SHOW, PASS]
        return []

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """The player to act's legal actions (card ids, then the words of the speech); nothing
        for anyone else, and nothing once the deal is over: these games have no action out of
        turn."""
        phase = self.phase
        if phase == DONE or (seat is not None and seat != self.to_act):
            return []
        if phase != PLAY:
            base = self.rules.n_indices  # word_action
            return [base + w for w in self._legal_words()]
        at = len(self.history)
        if self._legal_at != at:  # `_legal_cards()`, inline
            self._legal = self.legal_cards()
            self._legal_at = at
        return self.rules.mask_to_list(self._legal)

    def _legal_cards(self) -> int:
        """`legal_cards()`, computed once per state: asked by `legal_actions` and again by `apply`
        (the state is the length of the history: not to be asked while an action is applied)."""
        if self._legal_at != len(self.history):
            self._legal = self.legal_cards()
            self._legal_at = len(self.history)
        return self._legal

    def _legal_words(self) -> list[int]:
        """`legal_words()`, computed once per state (the list kept: not to be changed)."""
        if self._words_at != len(self.history):
            self._words = self.legal_words()
            self._words_at = len(self.history)
        return self._words

    def speakers(self) -> dict[int, list[int]]:
        return {} if self.phase == DONE else {self.to_act: self.legal_actions()}

    # -- doing it --------------------------------------------------------------------

    def apply(self, action: object, seat: object = None) -> None:
        """Take action `action` for the player to act (or for `seat`); IllegalAction (state
        unchanged) if the rules forbid it.  The common case first: a card that `legal_actions`
        has just listed for this state (its mask kept) is played at once; anything else goes
        through the deal class's checks (`_apply_checked`)."""
        if (seat is None and type(action) is int and action >= 0 and self.phase == PLAY
                and self._legal_at == len(self.history) and self._legal >> action & 1):
            self.history.append(action)
            self._play(action)
        else:
            self._apply_checked(action, seat)

    def _apply_checked(self, action: object, seat: object) -> None:
        """`apply` for any action: every check, in the order of docs/errors.md, then the action."""
        rules = self.rules
        if type(action) is not int:
            raise IllegalAction("malformed-action", f"an action is an action id (int), not {type(action).__name__}")
        phase = self.phase
        if phase == DONE:  # before the seat: deal-over comes first (docs/errors.md)
            raise IllegalAction("deal-over", "the deal is finished")
        if seat is not None:
            if type(seat) is not int or not 0 <= seat < rules.n_players:
                raise IllegalAction("wrong-seat", f"there is no seat {brief(seat)}")
            if seat != self.to_act:
                raise IllegalAction("wrong-seat", f"seat {seat} may not act now; seat {self.to_act} is to act")
        if not 0 <= action < rules.n_indices:  # not a card: a word of the speech, if the game has one
            speech = has_speech(rules)
            word = action_word(rules, action)
            if not speech or word is None:
                what = "cards and the words " + ", ".join(WORDS) if speech else "cards"
                raise IllegalAction("malformed-action", f"no action has id {brief(action)}: the actions of {rules.id} are {what}")
            self._say(word)
            return
        if phase != PLAY:
            raise IllegalAction("cards-not-yet", f"no card is played before the homme is named; the player asked may "
                                f"say {' or '.join(WORDS[w] for w in self.legal_words())}")
        if not self.hands[self.to_act] >> action & 1:
            raise IllegalAction("not-in-hand", f"{rules.card_text(action)} is not in the hand of the player to act")
        legal = self._legal if self._legal_at == len(self.history) else self._legal_cards()
        if not legal >> action & 1:
            code = self._refusal(action)
            raise IllegalAction(code, f"{rules.card_text(action)} is refused here ({code})")
        self.history.append(action)
        self._play(action)

    def apply_text(self, text: object, seat: object = None) -> None:
        """Apply an action in the text notation: a card (`TH`), or a word of the speech (`turn`,
        `leave`, `play`, `pass`, `show`) or of the auction and the exchange (`demande`, `trump H`,
        `draw`, ...)."""
        self.apply(self.parse_action(text), seat)

    # -- the library's hooks (brou.engine.position) ---------------------------------------------

    def action_text(self, action: int) -> str:
        """An action id as text: a card, or a word (`brou.engine.phases.action_text`)."""
        return action_text(self.rules, action)

    def parse_action(self, text: object) -> int:
        """The action id of a text: a word of the game (`words_of`), else a card (`parse_card`);
        IllegalAction (`malformed-action`, `unknown-card`) if it names none."""
        if type(text) is not str:
            raise IllegalAction("malformed-action", f"an action's text is a str, not {type(text).__name__}")
        word = exact_text(text)
        names = words_of(self.rules)
        if word in names:
            return self.rules.n_indices + names.index(word)
        return parse_card(self.rules, text)

    def _start(self) -> Self:
        return type(self)(self.rules, self.deal, self.marks)

    def _identity(self) -> tuple[Any, ...]:
        return super()._identity() + (self.deal, None if self.marks is None else tuple(self.marks))

    def _unit(self) -> str:
        """What the ledger counts in: jetons, or marks in a game with a speech."""
        return "marks" if has_speech(self.rules) else "jetons"

    def _head(self) -> list[str]:
        rules = self.rules
        trump = "not yet" if self.trump is None and self.phase != PLAY else \
            "none" if self.trump is None else rules.data["deck"]["suits"][self.trump]["en"]
        line = f"Trump: {trump}; dealer seat {rules.dealer}"
        turned = [c for _, c in self.turned] or ([self.deal.turnup] if self.deal.turnup >= 0 else [])
        if turned:
            line += "; turned " + " ".join(rules.card_text(c) for c in turned)
        lines = [line + f"; talon {len(self.stock)} card{'s' if len(self.stock) != 1 else ''}"]
        if self.homme is not None and has_speech(rules):
            lines.append(f"Homme: seat {self.homme}")
        return lines

    def _foot(self) -> list[str]:
        rules = self.rules
        lines = []
        if self.ledger:
            net = balances(self.ledger, rules.n_players)
            lines.append(f"{self._unit().capitalize()}: " + ", ".join(f"seat {s} {net[s]:+d}" for s in range(rules.n_players)))
        winners = self.winners()
        if winners is not None:
            seats = sorted(s for side in winners for s in rules.teams[side])
            lines.append(f"Ended: {self.ended}; " + (f"won by {', '.join(f'seat {s}' for s in seats)}" if seats
                                                      else "nobody won"))
        return lines

    def _picture(self) -> str:
        stock = self.stock
        turned = self.deal.turnup if self.deal.turnup >= 0 and stock and stock[-1] == self.deal.turnup else None
        down = len(stock) - (turned is not None)
        return position_picture(self, Talon("Talon", down, turned) if stock else None)

    # -- before play: the turn-offer and the speech (brou.laws.speech) ----------------------

    def _say(self, word: int) -> None:
        """A word of the turn-offer or the speech, checked, then done."""
        allowed = self._legal_words()
        if word not in allowed:
            # `show` in the speech with no king still to score: no-king-to-show under either
            # king_showing (under `automatic` the king already scored when its suit was turned)
            if word == SHOW and self.phase == SPEECH:
                raise IllegalAction("no-king-to-show", "the player asked holds no king of the turned suit still to score")
            now = " or ".join(WORDS[w] for w in allowed) or "a card"
            raise IllegalAction("word-not-now", f"'{WORDS[word]}' is not taken now; the player asked may say {now}")
        seat = self.to_act
        self.history.append(word_action(self.rules, word))
        self.words.append((seat, word))
        if word in (TURN, LEAVE):
            self._answer_offer(seat, word)
        elif word == SHOW:
            self._show(seat)
        elif word == SAY_PLAY:
            self._homme(seat)
        elif self.phase == SPEECH:  # pass
            after = next_speaker(self.rules, seat)
            if after is not None:
                self.to_act = after
            elif may_turn_again(self.rules, len(self.turned)):
                self._offer_turn()
            else:
                self._not_played(ALL_PASSED)
        else:  # pass: a later player asked to show after the homme was named leaves his king unshown
            self._ask_to_show(seat + 1)
        self._check_target()

    def _offer_turn(self) -> None:
        """Offer the talon's next card: to each player in turn, or turned by the dealer."""
        askers = turn_askers(self.rules)
        if askers:
            self.phase, self.to_act = TURN_OFFER, askers[0]
        else:
            self._answer_offer(self.rules.dealer, TURN)

    def _answer_offer(self, seat: int, word: int) -> None:
        """`seat`, asked (`turn_askers`), turns the talon's top card or leaves it: the next player
        asked is then asked, and once all have left it the deal is not played (auv.turn.nobody)."""
        if word == TURN:
            self._turn(seat, self.stock.pop(0))
            return
        askers = turn_askers(self.rules)
        later = askers[askers.index(seat) + 1:]
        if later:
            self.to_act = later[0]
        else:
            self._not_played(NOT_TURNED)

    def _turn(self, seat: int, card: int) -> None:
        """`seat` has turned `card`: trump is its suit, its king scores, and a round of speech begins."""
        rules = self.rules
        self.turned.append((seat, card))
        self.events.append(Event("turn", 0, seat, card))
        self._set_trump(trump_of(rules, self.turned))
        self.shown = {}
        self.ledger += turned_king_entries(rules, seat, card)
        if rules.data["speech"]["showing"] == "automatic":
            holder = self._holder(king_of(rules, rules.suit_of[card]))
            if holder is not None and self.showable(holder) is not None:
                self._show(holder)
        self.phase, self.to_act = SPEECH, 0

    def _holder(self, card: int) -> int | None:
        return next((s for s, hand in enumerate(self.hands) if hand >> card & 1), None)

    def showable(self, seat: int | None = None) -> int | None:
        """The king the player (by default the one asked) may show now, if any."""
        if not self.turned:
            return None
        seat = self.to_act if seat is None else seat
        done = set(scored_kings(self.ledger)) | set(self.shown)
        return showable_king(self.rules, self.hands[seat], self.rules.suit_of[self.turned[-1][1]], done)

    def _show(self, seat: int) -> None:
        rules = self.rules
        king = self.showable(seat)
        assert king is not None
        scored = held_king_entries(rules, seat, self.hands[seat], king, scored_kings(self.ledger))
        self.ledger += scored
        self.shown[king] = seat
        # every king that scores is shown (under trump-and-others, the others in the hand too)
        for card in [king] + [e.card for e in scored if e.card is not None and e.card != king]:
            self.events.append(Event("show", 0, seat, card))
        if self.phase == SHOWING:
            self._ask_to_show(seat + 1)

    def _homme(self, seat: int) -> None:
        """`seat` says he plays: he is the homme; later players holding the turned suit's king
        may still show it, then play begins."""
        self.homme = seat
        self._ask_to_show(seat + 1)

    def _ask_to_show(self, start: int) -> None:
        """Ask the next player from `start` who may show a king (under showing: shown); once
        nobody is left, play begins."""
        if self.rules.data["speech"]["showing"] == "shown":
            for seat in range(start, self.rules.n_players):
                if self.showable(seat) is not None:
                    self.phase, self.to_act = SHOWING, seat
                    return
        self._start_play()

    def _start_play(self) -> None:
        rules = self.rules
        assert self.trump is not None
        shown = dict(self.shown)
        if rules.data["speech"]["showing"] == "automatic":
            holder = self._holder(king_of(rules, self.trump))
            if holder is not None:
                shown[king_of(rules, self.trump)] = holder
        self.ledger += trump_king_entries(rules, self.turned, shown, self.trump)
        self.phase = PLAY
        self.to_act = self.leader = first_to_act(rules)

    def _not_played(self, how: str) -> None:
        """Nobody turned the card, or all passed after the last réjouissance: the deal is not
        played (the deal then passes to the right, `brou.engine.session.next_offset`); kings scored stay."""
        self.phase, self.ended = DONE, how

    def _check_target(self) -> None:
        """A deal given the players' marks ends the moment one of them wins the game."""
        if self.marks is not None and self.phase != DONE and self.winners_of_game() is not None:
            self.phase, self.ended = DONE, TARGET

    def marks_now(self) -> list[int] | None:
        """Each seat's marks with this deal's entries so far (None for a deal played alone)."""
        return None if self.marks is None else marks_after(self.rules, self.marks, self.ledger)

    def winners_of_game(self) -> list[int] | None:
        """The seats that have won the game to a number of marks by now, or None."""
        now = self.marks_now()
        return None if now is None else marks_winners(self.rules, now)

    def _refusal(self, card: int) -> str:
        hand, lead, led, best, trick = self.hands[self.to_act], self.trick[0], self._led, self._top, self._mask
        allowed = hand
        for name, option in self._primitives():
            after = PRIMITIVES[name](self.rules, option, hand, allowed, led, self.trump, best, trick, lead) or allowed
            if allowed >> card & 1 and not after >> card & 1:
                return REFUSALS.get(name, name)
            allowed = after
        return "must-follow-suit"

    def best_card(self) -> int:
        """The card winning the trick on the table so far (-1 with no card on it)."""
        return self._top

    def _play(self, card: int) -> None:
        """The player to act plays `card` (legal): it may take the trick so far (each card played
        beats the best before it or not: `brou.laws.play.beats`, through its table `_beating`)."""
        rules = self.rules
        n = rules.n_players
        seat = self.to_act
        bit = 1 << card
        self.hands[seat] ^= bit
        trick = self.trick
        trick.append(card)
        if len(trick) == 1:
            self._led, self._top, self._top_seat = self._class_of[card], card, seat
        elif self._beating[self._top] & bit:
            self._top, self._top_seat = card, seat
        self._mask |= bit
        if len(trick) == n:
            self._finish_trick()
        else:
            self.to_act = (seat + 1) % n

    def _finish_trick(self) -> None:
        """The trick is full: its winner takes it, then the ruleset's `play.after_trick` steps
        (the draws, the payments, the kings taken), then he leads the next, or the count."""
        rules = self.rules
        n = rules.n_players
        trick = self.trick
        winner = self.trick_winner()
        leader = self.leader
        self.tricks.append((leader, tuple(trick), winner))
        self.won[winner] |= self._mask
        number = len(self.tricks)
        for step in rules.after_trick:
            if step == "draw":
                stock, hands, events = self.stock, self.hands, self.events
                for seat, drawn in draws(n, winner, stock):
                    hands[seat] |= 1 << drawn
                    events.append(tuple.__new__(Event, ("draw", number, seat, drawn)))  # Event(...), without its __new__
                del stock[:n]
            elif step == "pay-brusquembilles" and pays_brusquembilles(rules):
                plays = [((leader + i) % n, c) for i, c in enumerate(trick)]
                self.ledger += brusquembille_payments(rules, plays, winner, number)
            elif step == "move-kings":
                plays = [((leader + i) % n, c) for i, c in enumerate(trick)]
                self.ledger += taken_king_entries(rules, plays, winner, scored_kings(self.ledger), number)
        self.trick = []
        self._led = self._top = self._top_seat = -1
        self._mask = 0
        self.leader = self.to_act = self.next_leader(winner)
        if self.marks is not None:  # only a trick's end moves marks during play: checked here, not after each card
            self._check_target()  # a king taken in the last trick may win the game before the count
        if not any(self.hands) and self.phase != DONE:
            self._count()

    def trick_winner(self) -> int:
        """The seat that takes the full trick on the table: the highest trump, else the highest
        card of the suit led (`brou.laws.play.beats` over the ruleset's compiled order), as
        `_play` keeps it."""
        return self._top_seat

    def next_leader(self, winner: int) -> int:
        """The winner of a trick leads the next; with the stock gone, play goes on the same way
        without drawing until the hands are empty."""
        return winner

    def _count(self) -> None:
        """The count phase: the pool goes to the side with the most card points
        (most-card-points), or the homme scores or loses his mark (most-tricks)."""
        self.phase, self.ended = DONE, PLAYED
        if self.rules.data["result"]["kind"] == "most-tricks":
            assert self.homme is not None
            self.ledger += homme_entries(self.rules, self.homme, [w for _, _, w in self.tricks])
            return
        pool = account_balance(self.ledger, POOL)
        self.ledger += pool_shares(self.rules, self.side_points(), pool, len(self.tricks))

    # -- what it comes to ------------------------------------------------------------

    def side_points(self) -> list[int]:
        return side_points(self.rules, self.won)

    def seat_results(self) -> list[SeatResult]:
        """Per seat: tricks won, card points, net jetons so far (the pool's share once over).
        (A partnership deal's count by team is `brou.engine.homme.HommeDeal.result()`.)"""
        rules = self.rules
        n = rules.n_players
        jetons = balances(self.ledger, n)
        tricks = [0] * n
        for _, _, w in self.tricks:
            tricks[w] += 1
        return [SeatResult(tricks[seat], card_points(rules, self.won[seat]), jetons[seat]) for seat in range(n)]

    def winners(self) -> list[int] | None:
        """Once the deal is over (None before): the sides with the most card points
        (most-card-points); the side of the deal's winner, the most tricks first reached
        (most-tricks), none if the cards were not played out."""
        if self.phase != DONE:
            return None
        if self.rules.data["result"]["kind"] == "most-tricks":
            if self.ended != PLAYED:
                return []
            return [self.rules.team_of[deal_winner(self.rules.n_players, [w for _, _, w in self.tricks])]]
        return best_sides(self.side_points())

    def copy(self) -> Self:
        return type(self)(self.rules, self.deal, copy_of=self)

    def _copy_from(self, other: PhaseDeal) -> None:
        """Every attribute of `other` into this state, the lists and dicts copied (one level: what
        they hold is immutable), so that the two move on apart; `copy` and `undo` use it.  Written
        out attribute by attribute, as a compiled class needs (tests/test_position.py checks that
        it misses none)."""
        self.rules = other.rules
        self.deal = other.deal
        self.trump = other.trump
        self.hands = other.hands[:]
        self.stock = other.stock[:]
        self.phase = other.phase
        self.to_act = other.to_act
        self.leader = other.leader
        self.trick = other.trick[:]
        self.tricks = other.tricks[:]
        self.won = other.won[:]
        self.events = other.events[:]
        self.ledger = other.ledger[:]
        self._follow = other._follow
        self._after_talon = other._after_talon
        self.turned = other.turned[:]
        self.homme = other.homme
        self.words = other.words[:]
        self.shown = dict(other.shown)
        self.ended = other.ended
        self.marks = None if other.marks is None else other.marks[:]
        self.history = other.history[:]
        self._class_of = other._class_of
        self._beating = other._beating
        self._legal = other._legal
        self._legal_at = other._legal_at
        self._words = other._words[:]
        self._words_at = other._words_at
        self._led = other._led
        self._top = other._top
        self._top_seat = other._top_seat
        self._mask = other._mask

    def record(self) -> dict[str, Any]:
        """The deal as plain data: the deal and the actions taken, enough to replay it."""
        rules = self.rules
        return {"ruleset": rules.id, "params": dict(rules.overrides), "deal": deal_data(rules, self.deal),
                "actions": [action_text(rules, a) for a in self.history]}


implements_clauses(PhaseDeal.legal_cards, "brus.play.free")
implements_clauses(PhaseDeal._answer_offer, "auv.turn.offer")
implements_clauses(PhaseDeal._not_played, "auv.turn.nobody")
implements_clauses(PhaseDeal.next_leader, "brus.play.next-lead", "brus.talon.last-tricks")


def deal_data(rules: Rules, deal: TalonDeal) -> dict[str, Any]:
    """A deal as plain data: hands by seat, the talon from its top (the turned card left out),
    the turned card (null for a deal that turns none)."""
    turns = deal.turnup >= 0
    return {"hands": [rules.cards_text(h) for h in deal.hands],
            "talon": [rules.card_text(c) for c in (deal.stock[:-1] if turns else deal.stock)],
            "turnup": rules.card_text(deal.turnup) if turns else None}


def words_of(rules: Rules) -> tuple[str, ...]:
    """The words of a ruleset, in action-id order after its cards: the speech's
    (`brou.laws.speech.WORDS`), the auction's and the exchange's (`brou.laws.auction.words`), or none."""
    if has_speech(rules):
        return WORDS
    if "auction" in rules.phases:
        return auction_words(rules)
    return ()


def action_text(rules: Rules, action: int) -> str:
    """An action id in the text notation: a card, or a word."""
    names = words_of(rules)
    index = action - rules.n_indices
    return names[index] if 0 <= index < len(names) else rules.card_text(action)


def parse_card(rules: Rules, text: str) -> int:
    """The card id of a text (`Rules.parse_card`); IllegalAction (`malformed-action`,
    `unknown-card`) if none: a card is the only action of these games that is no word."""
    if type(text) is str and len(text) != 2:
        raise IllegalAction("malformed-action", f"cannot read action '{text}': the actions of {rules.id} are cards")
    return rules.parse_card(text)

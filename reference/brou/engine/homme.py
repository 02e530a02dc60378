"""L'Homme de Brou 1802 and Brouc on the phase engine (docs/design.md, "One engine").

`HommeDeal` is `PhaseDeal` with the moments of a partnership deal as phases of its own, each
answering who is asked, what he may do, what an action does and what comes next:

- `play`: following (the fused function of the presets `whist` and `brouc`, the phase engine's
  fast path, `brou.laws.following.following_function`), the trick's winner (`brou.laws.play.beats`
  through `beating_cards`), the next lead (`brou.laws.play.next_leader`);
- announcing marriages (`brou.laws.marriages`): on one's turn in `play`, out of turn under
  announce_window=any-time-once-team-has-trick, and in the `window` after a trick;
- the table marriages of a trick, and under table_marking=players their marking by the trick's
  winner (`mark`, `brou.laws.marriages.table_marriage_counts`);
- inside a game (`GameContext`, `brou.laws.game`): claims and declarations on one's turn or out of
  turn where the reading allows, Brouc's dehors `round` before the first card and the round after
  the last, and 1802's concession (`concede`, then `respond`);
- the count (`brou.laws.counting.deal_result`) and the game's outcome (`brou.laws.game`).

Actions are small integers, as in OpenSpiel: `0 .. n_indices-1` play that card; then one id per
(suit, marriage kind) announces that marriage; then `pass`; then, inside a game, `claim`,
`declare`, `declare-double`, `concede`, `accept` and `refuse`; then `mark` (`action_text` /
`parse_action`: the text notation, `TH`, `announce KQH`, `pass`, `claim`).  It replaced the
partnership engine's `DealState` (whose name `brou.DealState` stays an alias of this class for one
release).  As in `PhaseDeal`, `apply` checks before it changes anything, so a refused action
leaves the state as it was; `copy()` is cheap and `record()` / `replay()` save and restore a deal.

Where it differs from `PhaseDeal`'s other games: `won` is per team (what the count reads),
`result()` is the partnership count by team (`brou.laws.counting.DealResult`), `seat_results()`
the per-seat count every deal class has, and `deal` is a `TalonDeal` with an empty stock.
"""

from __future__ import annotations

import operator
from typing import Any, Final, Self

from ..cards.deal import Deal, deal_from_data, deal_from_seed, turnup_on_show
from ..errors import IllegalAction, brief
from ..laws import game
from ..laws.counting import DealResult, card_points, deal_result
from ..laws.following import Legal, following_function
from ..laws.game import GameContext, Outcome
from ..laws.marriages import (
    NEEDS_TEAM_TRICK,
    announceable,
    announcement_value,
    announces_out_of_turn,
    announcing_seats,
    table_marriage_counts,
    table_marriages,
)
from ..laws.play import next_leader, why_illegal
from ..laws.talon import TalonDeal
from ..spec.rules import Rules, exact_text
from .phases import DONE, PLAY, PLAYED, PhaseDeal, SeatResult
from .picture import deal_picture, position_picture
from .position import Position, result_table

__all__ = ["ACCEPT_ACTION", "CLAIM_ACTION", "CONCEDE", "CONCEDE_ACTION", "DECLARE_ACTION", "DECLARE_DOUBLE_ACTION",
           "DONE", "GAME_ACTION_NAMES", "MARK", "MARK_ACTION", "PLAY", "REFUSE_ACTION", "RESPOND", "ROUND", "WINDOW",
           "HommeDeal", "action_text", "marriage_text", "parse_action"]

WINDOW: Final = "window"  # the window after a trick: the players asked announce or pass
ROUND: Final = "round"  # a round of claims: Brouc's before the first card (dehors_above_300=before-first-card), or
# the one after the last card (after_last_trick=one-round-in-seat-order); each player asked claims or passes
# 1802: a concession offered before a trick, then answered
CONCEDE: Final = "concede"
RESPOND: Final = "respond"
MARK: Final = "mark"  # table_marking=players: the winner of a trick holding a table marriage marks it or passes

# the actions after the cards and the announcements: pass, then the game's actions (pass_action + 1 .. + 6)
CLAIM_ACTION: Final = 1
DECLARE_ACTION: Final = 2
DECLARE_DOUBLE_ACTION: Final = 3
CONCEDE_ACTION: Final = 4
ACCEPT_ACTION: Final = 5
REFUSE_ACTION: Final = 6
GAME_ACTION_NAMES = {1: "claim", 2: "declare", 3: "declare-double", 4: "concede", 5: "accept", 6: "refuse"}
MARK_ACTION: Final = 7  # pass_action + 7: `mark`, in a deal on its own as in a game
MARK_NAME: Final = "mark"


class HommeDeal(PhaseDeal):
    """One deal of 1802 or Brouc, alone or inside a game (`context`).  Seats 0..n-1 in the
    order of play; the dealer is `rules.dealer`.  `won` is per team (what the count reads).

    Equal deals have the same rules, deal, game context and history of actions, out-of-turn
    ones included."""

    __slots__ = ("context", "outcome", "declared", "frozen", "conceded_at", "conceding", "first_reached",
                 "out_of_turn", "team_tricks", "window", "announcements", "made", "used", "announced_points",
                 "table", "table_points", "marking", "unmarked", "carried_later")


    def __init__(self, rules: Rules, deal: Deal | TalonDeal, context: GameContext | None = None, *,
                 copy_of: PhaseDeal | None = None) -> None:
        """A deal of `rules` dealt as `deal` (a `Deal`, or the phase engine's `TalonDeal` with no
        talon), inside a game when `context` is given; with `copy_of`, a copy of that state."""
        if copy_of is not None:
            super().__init__(rules, copy_of.deal, None, copy_of=copy_of)
            return
        self.context = context
        if isinstance(deal, Deal):
            deal = TalonDeal(deal.hands, (), deal.turnup, rules.suit_of[deal.turnup])
        super().__init__(rules, deal, None)

    @classmethod
    def plays(cls, rules: Rules) -> bool:
        return not rules.on_phases

    @property
    def trump_suit(self) -> int:
        """The trump suit, never None here: 1802 and Brouc always play the turned card's suit
        (hdb.deal.turnup)."""
        trump = self.trump
        assert trump is not None
        return trump

    @classmethod
    def from_seed(cls, rules: Rules, seed: int, context: GameContext | None = None) -> HommeDeal:
        return cls(rules, deal_from_seed(rules, seed), context)

    def _following(self) -> tuple[Legal, Legal]:
        """The fused function of a preset (the phase engine's fast path), else the composition
        (`following_function`); there is no stock."""
        follow = following_function(self.rules)
        return follow, follow

    def _begin(self) -> None:
        rules = self.rules
        n_teams = len(rules.teams)
        self._set_trump(self.deal.trump)
        self.won = [0] * n_teams  # per team: the cards of its tricks
        self.team_tricks = [0] * n_teams
        self.window: list[int] = []  # the seats still to be asked in a window or a round, the one asked first
        self.announcements: list[tuple[int, int, int, int, int, int]] = []  # seat, suit, kind, extends, points, after trick
        self.made: list[list[tuple[int, int]]] = [[] for _ in range(rules.n_players)]  # per seat: (suit, kind) announced
        self.used = [0] * rules.n_players  # per seat: the cards of his announcements
        self.announced_points = [0] * n_teams
        self.table: list[tuple[int, int, int, int, int]] = []  # trick index, suit, kind, winning team, points each way
        self.table_points = [0] * n_teams
        # table_marking=players: the finished trick's marriages awaiting its winner's mark, and
        # those he left unmarked (counting for nobody); entries shaped as in `table`
        self.marking: list[tuple[int, int, int, int, int]] = []
        self.unmarked: list[tuple[int, int, int, int, int]] = []
        self.out_of_turn: list[tuple[int, int]] = []  # (index in history, seat) of each action taken out of turn
        self.outcome: Outcome | None = None
        self.declared: tuple[int, bool] | None = None  # (team, double) bound to take every trick
        self.frozen: tuple[int, ...] | None = None
        self.conceded_at = -1  # the trick before which the concession question was last asked
        self.conceding = -1
        self.first_reached = -1  # 1802: the first team whose count reached the target during play
        # Brouc: marriages carried in from a cape; with carried_towards_dehors=carried-not-counted
        # they wait for the end of the deal (`_add_carried`), so no dehors can count them before
        self.carried_later: tuple[int, ...] = ()
        context = self.context
        if context is None:
            return
        if context.carried:
            if rules.params.get("carried_towards_dehors") == "carried-not-counted":
                self.carried_later = tuple(context.carried)
            else:
                for t, points in enumerate(context.carried):
                    self.announced_points[t] += points
        self._note_reached(0)
        asked = game.dehors_round(self)
        if asked:
            self._ask(ROUND, asked)

    # -- reading the state -------------------------------------------------------------

    @property
    def turnup(self) -> int:
        return self.deal.turnup

    def turnup_on_show(self) -> bool:
        """Whether the turned card lies face up (`brou.cards.deal.turnup_on_show`)."""
        return turnup_on_show(self.rules, len(self.tricks), self.hands[self.rules.dealer], self.deal.turnup)

    def legal_cards(self) -> int:
        """The cards the player to act may play (nothing out of `play`): any card to lead, else
        what the following rules allow (`following_function`: the presets' fused function)."""
        if self.phase != PLAY:
            return 0
        hand = self.hands[self.to_act]
        if not self.trick:
            return hand
        return self._follow(self.rules, hand, self._led, self.trump, self._top, self._mask)

    def legal_play_mask(self) -> int:
        """The cards the player to act may play, as a mask (`legal_cards()`, kept for the state)."""
        return self._legal_cards()

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Every action the player to act may take, as action ids, plays first; for another
        `seat`, what he may do out of turn (`out_of_turn_actions`)."""
        if seat is not None and seat != self.to_act:
            return self.out_of_turn_actions(seat)
        phase, rules = self.phase, self.rules
        if phase == PLAY:
            seat = self.to_act
            at = len(self.history)
            if self._legal_at != at:  # `_legal_cards()`, inline
                self._legal = self.legal_cards()
                self._legal_at = at
            out = rules.mask_to_list(self._legal)
            if not rules.windows_after_tricks and rules.marriage_probe(self.hands[seat]) and self._may_announce_on_turn(seat):
                out += self._announcement_ids(seat)
            if self.context is not None:
                out += self._game_actions(seat)
            return out
        base = rules.pass_action
        if phase == WINDOW:
            out = self._announcement_ids(self.to_act) + [base]
            if self.context is not None:
                out += self._game_actions(self.to_act)
            return out
        if phase == ROUND:
            return [base, base + CLAIM_ACTION]
        if phase == MARK:
            return [base + MARK_ACTION, base]
        if phase == CONCEDE:
            return [base, base + CONCEDE_ACTION]
        if phase == RESPOND:
            return [base + ACCEPT_ACTION, base + REFUSE_ACTION]
        return []

    def out_of_turn_actions(self, seat: object) -> list[int]:
        """What `seat`, not the player to act, may do now without moving the turn: the
        announcements of announce_window=any-time-once-team-has-trick (during play), and a claim
        where claim_moment=any-moment or, in Brouc, dehors_above_300=any-moment lets his team
        claim out of turn.  Never a card or a pass; nothing while a concession is asked or
        answered, nor once the deal is over."""
        if type(seat) is not int or not 0 <= seat < self.rules.n_players or seat == self.to_act:
            return []
        phase = self.phase
        if phase in (CONCEDE, RESPOND, DONE):
            return []
        if phase == ROUND and len(self.tricks) == self.rules.n_tricks:
            return []  # the round after the last card: only the player asked speaks
        out = []
        if phase == PLAY and announces_out_of_turn(self.rules) and self._may_announce_on_turn(seat):
            out += self._announcement_ids(seat)
        if self.context is not None and game.claims_out_of_turn(self, seat) and game.may_claim(self, seat):
            out.append(self.rules.pass_action + CLAIM_ACTION)
        return out

    def speakers(self) -> dict[int, list[int]]:
        """Who may speak now: each seat that may do something, with its actions."""
        return {seat: actions for seat in range(self.rules.n_players) if (actions := self.legal_actions(seat))}

    def result(self) -> DealResult:
        """The count of the deal by team (final once over): `brou.laws.counting.deal_result`."""
        return deal_result(self)

    def seat_results(self) -> list[SeatResult]:
        """Per seat: tricks won and the card points in them (no jetons: 0)."""
        rules = self.rules
        tricks, won = [0] * rules.n_players, [0] * rules.n_players
        for _, cards, winner in self.tricks:
            tricks[winner] += 1
            for card in cards:
                won[winner] |= 1 << card
        return [SeatResult(tricks[s], card_points(rules, won[s]), 0) for s in range(rules.n_players)]

    def side_points(self) -> list[int]:
        """Card points of each team so far."""
        return [card_points(self.rules, won) for won in self.won]

    def winners(self) -> list[int] | None:
        """Once the deal is over (None before): inside a game, the team that won the game in it
        (none if the game goes on); alone, the teams with the highest total for the deal."""
        if self.phase != DONE:
            return None
        if self.outcome is not None:
            return [] if self.outcome.winner is None else [self.outcome.winner]
        totals = [team.total for team in self.result().teams]
        return [t for t, total in enumerate(totals) if total == max(totals)]

    # -- acting ----------------------------------------------------------------------

    def _apply_checked(self, action: object, seat: object) -> None:
        """`apply` for any action, for the player to act or for `seat` (out of turn where the
        reading allows it); IllegalAction with a stable code, the state unchanged, if the rules
        forbid it.  An integer of another type (numpy.int64) counts as its value; anything else
        is refused with `malformed-action`."""
        rules = self.rules
        if type(action) is not int or (seat is not None and type(seat) is not int):
            number, place = _as_int(action), seat if seat is None else _as_int(seat)
            if number is None:
                hint = " (apply_text takes the text notation)" if isinstance(action, str) else ""
                raise IllegalAction("malformed-action", f"an action is an action id (int), not {type(action).__name__}{hint}")
            if seat is not None and place is None:
                if self.phase == DONE:  # deal-over comes before wrong-seat (docs/errors.md)
                    raise IllegalAction("deal-over", "the deal is finished")
                raise IllegalAction("wrong-seat", f"a seat is a number (int), not {type(seat).__name__}")
            self.apply(number, place)
            return
        phase = self.phase
        if phase == DONE:
            raise IllegalAction("deal-over", "the deal is finished")
        if seat is not None and seat != self.to_act:
            self._apply_out_of_turn(action, seat)
            return
        base = rules.pass_action
        if phase == ROUND and action not in (base, base + CLAIM_ACTION):
            when = "after the last card" if self.tricks else "before the first card"
            raise IllegalAction("dehors-round", f"seat {self.to_act} is asked {when}: 'claim' (dehors) or 'pass'")
        if phase == MARK and 0 <= action < base + MARK_ACTION and action != base:
            raise IllegalAction("mark-pending", f"seat {self.to_act} gathers a trick holding a table marriage: 'mark' or 'pass'")
        if 0 <= action < rules.n_indices:
            self._card(action)
        elif action == base:
            self._pass()
        elif rules.n_indices <= action < base:
            if phase in (CONCEDE, RESPOND):
                raise IllegalAction("announce-not-now", "a concession is being asked or answered")
            self._announce(action)
        elif base < action <= base + REFUSE_ACTION:
            self._game_action(action - base)
        elif action == base + MARK_ACTION:
            self._mark()
        else:
            shown = action if -10**9 < action < 10**9 else "out of range"
            raise IllegalAction("malformed-action", f"no action has id {shown}")

    def _apply_out_of_turn(self, action: int, seat: int) -> None:
        """An action of `seat`, who is not to act: refused with `wrong-seat` unless it is of a
        kind his reading lets him take out of turn (`out_of_turn_actions`); then checked as it
        would be on his turn.  The player to act stays the same."""
        rules = self.rules
        if not 0 <= seat < rules.n_players:
            raise IllegalAction("wrong-seat", f"there is no seat {brief(seat)}")
        claim = action == rules.pass_action + CLAIM_ACTION
        announce = rules.n_indices <= action < rules.pass_action
        if not (claim and game.claims_out_of_turn(self, seat)) and not (announce and announces_out_of_turn(rules)):
            raise IllegalAction("wrong-seat", f"seat {seat} may not take this out of turn; seat {self.to_act} is to act")
        count = len(self.history)
        if claim:
            self._game_action(CLAIM_ACTION, seat)
            self.out_of_turn.append((count, seat))
            return
        if self.phase in (CONCEDE, RESPOND):
            raise IllegalAction("announce-not-now", "a concession is being asked or answered")
        if self.phase in (MARK, WINDOW):
            raise IllegalAction("announce-not-now", "out of turn a marriage is announced only during play, not while "
                                f"seat {self.to_act} {'marks a trick' if self.phase == MARK else 'is asked to announce'}")
        self._announce(action, seat)
        self.out_of_turn.append((count, seat))

    def _ask(self, phase: str, seats: list[int]) -> None:
        """Open a window or a round: `seats` are asked in turn, the first now."""
        self.phase = phase
        self.window = seats
        self.to_act = seats[0]

    def _end(self, outcome: Outcome) -> None:
        """The deal ends inside its game with `outcome` (brou.laws.game)."""
        self.outcome = outcome
        self.phase, self.ended = DONE, outcome.how
        self.to_act = -1

    # -- play: the cards, the trick, what follows it ----------------------------------------

    def _card(self, card: int) -> None:
        phase = self.phase
        if phase == WINDOW:
            raise IllegalAction("play-in-window", f"seat {self.to_act} must announce or pass before play resumes")
        if phase in (CONCEDE, RESPOND):
            raise IllegalAction("concession-pending", "a concession is being asked or answered: no card may be played")
        if not self._legal_cards() >> card & 1:
            code, message = why_illegal(self.rules, self.hands[self.to_act], card, self._led, self.trump_suit, self._top)
            raise IllegalAction(code, message)
        self.history.append(card)
        self._play(card)

    def _finish_trick(self) -> None:
        """Gather the trick to its winner's team (`brou.laws.play.beats`), score its table
        marriages, or ask its winner to mark them; the winner leads next (`next_leader`)."""
        rules = self.rules
        winner = self._top_seat
        team = rules.team_of[winner]
        if self.declared is not None and self.declared[0] != team:
            self.frozen = tuple(game.count_so_far(self, t) for t in range(2))
        trick, mask = self.trick, self._mask
        self.won[team] |= mask
        self.team_tricks[team] += 1
        index = len(self.tricks)
        self.tricks.append((self.leader, tuple(trick), winner))
        if rules.marriage_probe(mask):
            self._score_table_marriages(index, trick, team)
        self.trick = []
        self._led = self._top = self._top_seat = -1
        self._mask = 0
        self.leader = next_leader(rules, winner)
        if self.marking:
            if self.frozen is None:
                self.phase, self.to_act = MARK, winner  # the winner marks the trick's marriages, or not
                return
            # a broken declaration ends the game at this trick: no time to mark
            self._settle_marking(False)
            return
        self._after_trick()

    def _after_trick(self) -> None:
        """What follows a finished trick (and its marking): the end of the deal or of the game,
        the round after the last card, the window after it, or the next lead."""
        rules = self.rules
        winner = self.leader
        index = len(self.tricks) - 1
        last = index + 1 == rules.n_tricks
        if self.context is not None:
            if self.frozen is not None and self.declared is not None:
                self._end(game.declaration_failed(self, *self.declared))
                return
            self._note_reached(rules.team_of[winner])
            if last:
                self._add_carried()
                asked = game.last_round(self)
                if asked:
                    self._ask(ROUND, asked)
                elif self.declared is not None:
                    self._end(game.declaration_made(self, *self.declared))
                else:
                    self._end(game.end_of_deal_outcome(self))
                return
        if last:
            self.phase, self.ended = DONE, PLAYED
            self.to_act = -1
            return
        seats = rules.windows_after_tricks and announcing_seats(
            rules, "after-trick", winner, self.team_tricks, rules.hand_size - index - 1)
        if seats:
            self._ask(WINDOW, list(seats))
        elif self.context is not None:
            self._resume_play()
        else:
            self.phase, self.to_act = PLAY, winner

    def _resume_play(self) -> None:
        """The leader is to lead the next trick; inside a game, a concession may be asked first."""
        self.phase, self.to_act = PLAY, self.leader
        if self.context is not None and self.conceded_at != len(self.tricks):
            conceding = game.concession_open(self)
            self.conceded_at = len(self.tricks)
            if conceding is not None:
                self.phase, self.conceding = CONCEDE, conceding
                self.to_act = self._first_seat_of(conceding, after=self.leader)

    def _add_carried(self) -> None:
        """Brouc (brouc.game.cape): marriages carried in from a cape, held back by
        carried_towards_dehors=carried-not-counted, join the deal's announced points once its last
        trick is finished, its marking (table_marking=players) included, before the last round and
        the count."""
        for t, points in enumerate(self.carried_later):
            self.announced_points[t] += points
        self.carried_later = ()

    def _note_reached(self, gaining: int) -> None:
        """Remember the first team whose count reaches the target during the coup (for
        hdb.game.last-coup, parameter both_reach_target), the team that just gained first."""
        if self.first_reached >= 0:
            return
        for t in (gaining, *(t for t in range(len(self.rules.teams)) if t != gaining)):
            if game.reaches_target(self.rules, game.count_so_far(self, t)):
                self.first_reached = t
                return

    def _first_seat_of(self, team: int, after: int) -> int:
        n = self.rules.n_players
        return next((after + i) % n for i in range(1, n + 1) if self.rules.team_of[(after + i) % n] == team)

    # -- table marriages and their mark (hdb.marriage.table, hdb.marriage.table-marked) ----------

    def _score_table_marriages(self, index: int, trick: list[int], team: int) -> None:
        rules = self.rules
        for suit, kind, points in table_marriages(rules, trick, self.trump_suit):
            if rules.table_marking == "players":
                self.marking.append((index, suit, kind, team, points))
            else:
                self._count_table((index, suit, kind, team, points))

    def _count_table(self, entry: tuple[int, int, int, int, int]) -> None:
        """A table marriage counts: its points to the trick's winners (and from the others)."""
        rules = self.rules
        team, points = entry[3], entry[4]
        self.table.append(entry)
        self.table_points[team] += points
        if rules.table_deducted:
            for other in range(len(rules.teams)):
                if other != team:
                    self.table_points[other] -= points

    def _mark(self) -> None:
        if self.rules.table_marking != "players":
            raise IllegalAction("marked-by-engine", "table marriages are marked by the engine here (table_marking: engine)")
        if self.phase != MARK:
            raise IllegalAction("nothing-to-mark", "no table marriage is waiting to be marked now")
        self._close_marking(True)

    def _close_marking(self, marked: bool) -> None:
        """The winner marks the trick's marriages (`mark`) or gathers it as it is (`pass`): they
        count or not (`table_marriage_counts`); then the deal goes on as after any trick."""
        self.history.append(self.rules.pass_action + (MARK_ACTION if marked else 0))
        self._settle_marking(marked)

    def _settle_marking(self, marked: bool) -> None:
        """The trick's marriages awaiting a mark count or not (`table_marriage_counts`), then
        the deal goes on as after any trick."""
        counts = table_marriage_counts(self.rules, marked)
        for entry in self.marking:
            if counts:
                self._count_table(entry)
            else:
                self.unmarked.append(entry)
        self.marking = []
        self._after_trick()

    # -- pass: in a window, a round, the mark, the concession's question ---------------------

    def _pass(self) -> None:
        phase = self.phase
        if phase == MARK:
            self._close_marking(False)
            return
        if phase == CONCEDE:
            self.history.append(self.rules.pass_action)
            self._resume_play()
            return
        if phase not in (ROUND, WINDOW):
            raise IllegalAction("pass-not-allowed", "there is no announcement window or concession question open: play a card")
        self.history.append(self.rules.pass_action)
        self.window.pop(0)
        if self.window:
            self.to_act = self.window[0]
        elif phase == WINDOW:
            self._resume_play()
        elif len(self.tricks) == self.rules.n_tricks:
            self._end(game.end_of_deal_outcome(self))  # nobody claimed after the last card: the count
        else:
            self.phase, self.to_act = PLAY, self.leader  # the round before the first card is over

    # -- announcing marriages (hdb.marriage.announce-window, announce-in-hand, announce-score) ----

    def _may_announce_on_turn(self, seat: int) -> bool:
        cards_left = self.hands[seat].bit_count()
        return seat in announcing_seats(self.rules, "own-turn", seat, self.team_tricks, cards_left)

    def _announce_hand(self, seat: int) -> int:
        """The cards a seat may announce from: its hand, less the 1802 turn-up while it is still
        on show, when parameter `turnup_in_first_window` says so."""
        hand = self.hands[seat]
        rules = self.rules
        if self.phase == WINDOW and len(self.tricks) == 1 and seat == rules.dealer and not rules.turnup_in_first_window:
            hand &= ~(1 << self.deal.turnup)
        return hand

    def _announcement_ids(self, seat: int) -> list[int]:
        """Announcement ids that the seat's hand allows, whatever the moment (none, cheaply, for
        a hand with no marriage at all)."""
        rules = self.rules
        if not rules.marriage_probe(self.hands[seat]):
            return []
        base, n_kinds = rules.n_indices, len(rules.kinds)
        options = announceable(rules, self._announce_hand(seat), self.used[seat], self.made[seat])
        return [base + suit * n_kinds + kind for suit, kind, _ in options]

    def _announce(self, action: int, seat: int | None = None) -> None:
        rules = self.rules
        seat = self.to_act if seat is None else seat
        suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
        name = marriage_text(rules, suit, kind)
        if self.phase != WINDOW and not self._may_announce_on_turn(seat):
            if rules.window in NEEDS_TEAM_TRICK and not self.team_tricks[rules.team_of[seat]]:
                raise IllegalAction("announce-needs-trick", f"seat {seat}'s team has not won a trick yet")
            raise IllegalAction("announce-not-now", f"no announcement may be made now (announce_window: {rules.window})")
        hand = self._announce_hand(seat)
        mask = rules.kinds[kind].masks[suit]
        options = [o for o in announceable(rules, hand, self.used[seat], self.made[seat]) if o[:2] == (suit, kind)]
        if not options:
            if hand & mask != mask:
                raise IllegalAction("marriage-not-held", f"seat {seat} does not hold {name} in hand")
            raise IllegalAction("marriage-reused", f"a card of {name} already counts in an announcement of seat {seat}")
        extends = options[0][2]
        points = announcement_value(rules, suit, kind, extends, self.trump_suit)
        team = rules.team_of[seat]
        self.history.append(action)
        self.announcements.append((seat, suit, kind, extends, points, len(self.tricks)))
        self.made[seat].append((suit, kind))
        self.used[seat] |= mask
        self.announced_points[team] += points
        if rules.announce_deducted:
            for other in range(len(rules.teams)):
                if other != team:
                    self.announced_points[other] -= points
        if self.context is not None:
            self._note_reached(team)

    # -- the game's actions: claims, declarations, the concession (brou.laws.game) -------------

    def _game_actions(self, seat: int) -> list[int]:
        base = self.rules.pass_action
        out = []
        if game.may_claim(self, seat):
            out.append(base + CLAIM_ACTION)
        if game.may_declare(self, seat, False):
            out.append(base + DECLARE_ACTION)
        if game.may_declare(self, seat, True):
            out.append(base + DECLARE_DOUBLE_ACTION)
        return out

    def _game_action(self, kind: int, seat: int | None = None) -> None:
        """claim, declare, declare-double, concede, accept, refuse, by the player to act or, for
        a claim out of turn, by `seat`."""
        rules = self.rules
        seat = self.to_act if seat is None else seat
        team = rules.team_of[seat]
        name = GAME_ACTION_NAMES[kind]
        phase = self.phase
        if self.context is None:
            raise IllegalAction("not-in-a-game", f"'{name}' needs a deal played inside a game")
        if kind == CONCEDE_ACTION:
            if phase != CONCEDE:
                raise IllegalAction("concession-not-open", "a concession may only be offered when the engine asks for it")
            self.history.append(rules.pass_action + kind)
            self.phase = RESPOND
            ahead = 1 - self.conceding
            # the leader answers when he is of the team at the target (as he is when it has every trick)
            self.to_act = self.leader if rules.team_of[self.leader] == ahead else self._first_seat_of(ahead, after=seat)
            return
        if kind in (ACCEPT_ACTION, REFUSE_ACTION):
            if phase != RESPOND:
                raise IllegalAction("no-concession", "there is no concession to answer")
            self.history.append(rules.pass_action + kind)
            self.declared, outcome = game.concession_answer(self, team, kind == ACCEPT_ACTION)
            if outcome is not None:
                self._end(outcome)
            else:
                self.phase, self.to_act = PLAY, self.leader
            return
        if phase in (CONCEDE, RESPOND):
            raise IllegalAction("concession-pending", f"a concession is being asked or answered: no '{name}' now")
        if kind == CLAIM_ACTION:
            if not game.may_claim(self, seat):
                raise IllegalAction("claim-not-now", f"seat {seat} may not claim now")
            self.history.append(rules.pass_action + kind)
            self._end(game.claim_outcome(self, team))
            return
        double = kind == DECLARE_DOUBLE_ACTION
        if not game.may_declare(self, seat, double):
            raise IllegalAction("declaration-not-allowed", f"seat {seat} may not declare {name} now")
        self.history.append(rules.pass_action + kind)
        self.declared = (team, double)

    # -- the library's hooks (brou.engine.position) ---------------------------------------------

    def action_text(self, action: int) -> str:
        """An action id as text: `TH`, `announce KQH`, `pass`, `claim` (`action_text`)."""
        return action_text(self.rules, action)

    def parse_action(self, text: object) -> int:
        """The action id of a text (`parse_action`); IllegalAction if it names none."""
        if type(text) is not str:
            raise IllegalAction("malformed-action", f"an action's text is a str, not {type(text).__name__}")
        return parse_action(self.rules, text)

    def _start(self) -> Self:
        return type(self)(self.rules, self.deal, self.context)

    def _steps(self) -> list[tuple[int, int | None]]:
        by = dict(self.out_of_turn)
        return [(action, by.get(index)) for index, action in enumerate(self.history)]

    def _identity(self) -> tuple[Any, ...]:
        return Position._identity(self) + (self.deal, self.context, tuple(self.out_of_turn))

    def _head(self) -> list[str]:
        rules = self.rules
        shown = ", face up" if self.turnup_on_show() else ""
        lines = [f"Trump: {rules.data['deck']['suits'][self.trump]['en']} (turn-up {rules.card_text(self.turnup)}"
                 f"{shown}); dealer seat {rules.dealer}"]
        if self.context is not None:
            lines.append("Game: scores before the deal " + "-".join(map(str, self.context.scores))
                         + (", carried " + "-".join(map(str, self.context.carried)) if self.context.carried else ""))
        return lines

    def _foot(self) -> list[str]:
        rules = self.rules
        lines = []
        if self.announcements:
            lines.append("Announced: " + ", ".join(f"seat {seat} {marriage_text(rules, suit, kind)} +{points}"
                                                   for seat, suit, kind, _, points, _ in self.announcements))
        if self.table:
            lines.append("On the table: " + ", ".join(f"{marriage_text(rules, suit, kind)} +{points} to team {team}"
                                                      for _, suit, kind, team, points in self.table))
        if self.declared is not None:
            lines.append(f"Declared: team {self.declared[0]}" + (" (double)" if self.declared[1] else ""))
        if self.is_over:
            lines += result_table(rules, self.result())
        if self.outcome is not None:
            winner = "nobody yet" if self.outcome.winner is None else f"team {self.outcome.winner}"
            lines.append(f"Outcome: {self.outcome.how}; game won by {winner}; scores "
                         + "-".join(map(str, self.outcome.scores)))
        return lines

    def _picture(self) -> str:
        if self.rules.n_players == 4 and len(self.rules.teams) == 2:
            return deal_picture(self.rules, self)
        return position_picture(self)

    # -- copies and records --------------------------------------------------------------

    def _copy_from(self, other: PhaseDeal) -> None:
        assert isinstance(other, HommeDeal)
        super()._copy_from(other)
        self.context = other.context
        self.outcome = other.outcome
        self.declared = other.declared
        self.frozen = other.frozen
        self.conceded_at = other.conceded_at
        self.conceding = other.conceding
        self.first_reached = other.first_reached
        self.out_of_turn = other.out_of_turn[:]
        self.team_tricks = other.team_tricks[:]
        self.window = other.window[:]
        self.announcements = other.announcements[:]
        self.made = [m[:] for m in other.made]
        self.used = other.used[:]
        self.announced_points = other.announced_points[:]
        self.table = other.table[:]
        self.table_points = other.table_points[:]
        self.marking = other.marking[:]
        self.unmarked = other.unmarked[:]
        self.carried_later = other.carried_later

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickled as its record (`record` / `replay`): the compiled rules hold functions."""
        return type(self).replay, (self.record(),)

    def record(self) -> dict[str, Any]:
        """The deal and its actions as plain data; `replay` rebuilds the deal."""
        rules = self.rules
        out: dict[str, Any] = {
            "ruleset": rules.id,
            "params": dict(rules.overrides),
            "deal": {"hands": [rules.cards_text(h) for h in self.deal.hands], "turnup": rules.card_text(self.turnup)},
            "actions": [action_text(rules, a) for a in self.history],
        }
        if self.context is not None:
            out["context"] = {"scores": list(self.context.scores), "carried": list(self.context.carried)}
        if self.out_of_turn:
            out["out_of_turn"] = [[index, seat] for index, seat in self.out_of_turn]
        return out

    @classmethod
    def replay(cls, record: dict[str, Any], rules: Rules | None = None) -> Self:
        rules = rules or Rules.load(record["ruleset"], **record.get("params", {}))
        ctx = record.get("context")
        context = GameContext(tuple(ctx["scores"]), tuple(ctx.get("carried", ()))) if ctx else None
        state = cls(rules, deal_from_data(rules, record["deal"]), context)
        by = {int(index): int(seat) for index, seat in record.get("out_of_turn", [])}
        for index, text in enumerate(record.get("actions", [])):
            state.apply_text(text, by.get(index))
        return state



def _as_int(value: object) -> int | None:
    """An integer of any integer type (numpy.int64) as an int; None for anything else (a bool too)."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def marriage_text(rules: Rules, suit: int, kind: int) -> str:
    return "".join(rules.kinds[kind].ranks) + rules.suits[suit]


def action_text(rules: Rules, action: int) -> str:
    """An action of 1802 or Brouc as text: `TH`, `announce KQH`, `pass`.  Every deal class
    (the phase engine's too) has the method `action_text`, which serves every ruleset."""
    if 0 <= action < rules.n_indices:
        return rules.card_text(action)
    if action == rules.pass_action:
        return "pass"
    if action == rules.pass_action + MARK_ACTION:
        return MARK_NAME
    if action > rules.pass_action:
        return GAME_ACTION_NAMES[action - rules.pass_action]
    suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
    return "announce " + marriage_text(rules, suit, kind)


def parse_action(rules: Rules, text: str) -> int:
    """The action id of a text of 1802 or Brouc; IllegalAction (`malformed-action`,
    `unknown-card`) if none.  The deal classes' method `parse_action` serves every ruleset."""
    words = exact_text(text).split()
    if words == ["pass"]:
        return rules.pass_action
    if words == [MARK_NAME]:
        return rules.pass_action + MARK_ACTION
    for game_kind, name in GAME_ACTION_NAMES.items():
        if words == [name]:
            return rules.pass_action + game_kind
    if len(words) == 2 and words[0] == "announce" and len(words[1]) >= 2:
        ranks, suit = words[1][:-1], words[1][-1]
        for k, kind in enumerate(rules.kinds):
            if sorted(ranks) == sorted(kind.ranks) and suit in rules.suits:
                return rules.n_indices + rules.suits.index(suit) * len(rules.kinds) + k
        raise IllegalAction("malformed-action", f"'{words[1]}' is no marriage of this ruleset")
    if len(words) == 1 and len(words[0]) == 2:
        return rules.parse_card(words[0])
    raise IllegalAction("malformed-action", f"cannot read action '{text}'")

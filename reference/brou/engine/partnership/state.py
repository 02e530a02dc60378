"""The state of one deal, and the actions that move it on.

Actions are small integers, as in OpenSpiel: `0 .. n_indices-1` play that card;
then one id per (suit, marriage kind) announces that marriage; then `pass` (in an
announcement window, or declining to concede); then, for a deal played inside a game
(`context`, see brou.laws.game), `claim`, `declare`, `declare-double`, `concede`, `accept`
and `refuse`; then `mark` (parameter `table_marking=players`: the winner of a trick
holding a table marriage marks it, or `pass`es and forgets it).  `action_text` /
`parse_action` convert to the text notation (`TH`, `announce KQH`, `pass`, `claim`).

`DealState.apply` checks an action against the rules and either applies it or
raises `IllegalAction` with a stable code, leaving the state exactly as it was
(every check happens before the first change).  An action comes from the player to
act, or, where a reading of the rules allows it, from another player out of turn
(`out_of_turn_actions`, `speakers`): that does not move the turn.  States are mutated in place;
`copy()` is cheap and `record()` / `DealState.replay()` save and restore a deal.
"""

from __future__ import annotations

from typing import Any

from ...cards.deal import Deal, deal_from_data, deal_from_seed, deal_texts, turnup_on_show
from ...errors import IllegalAction, brief
from ...laws import game
from ...laws.counting import DealResult, deal_result
from ...laws.following import following_function
from ...laws.game import GameContext, Outcome
from ...laws.marriages import (
    NEEDS_TEAM_TRICK,
    announceable,
    announcement_value,
    announces_out_of_turn,
    announcing_seats,
    table_marriage_counts,
    table_marriages,
)
from ...laws.play import beating_cards, first_to_act, next_leader, why_illegal
from ...spec.rules import Rules
from ..homme import (
    ACCEPT_ACTION,
    CLAIM_ACTION,
    CONCEDE_ACTION,
    DECLARE_ACTION,
    DECLARE_DOUBLE_ACTION,
    GAME_ACTION_NAMES,
    MARK_ACTION,
    REFUSE_ACTION,
    _as_int,
    action_text,
    marriage_text,
    parse_action,
)
from ..picture import deal_picture, position_picture
from ..position import Position, result_table

__all__ = ["ACCEPT_ACTION", "CLAIM_ACTION", "CONCEDE", "CONCEDE_ACTION", "DECLARE_ACTION", "DECLARE_DOUBLE_ACTION",
           "DONE", "GAME_ACTION_NAMES", "MARK", "MARK_ACTION", "PLAY", "REFUSE_ACTION", "RESPOND", "ROUND", "WINDOW",
           "DealState", "action_text", "marriage_text", "parse_action"]

PLAY, WINDOW, CONCEDE, RESPOND, DONE = "play", "window", "concede", "respond", "done"
ROUND = "round"  # a round of claims: Brouc's before the first card (dehors_above_300=before-first-card), or
# the one after the last card (after_last_trick=one-round-in-seat-order); each player asked claims or passes
MARK = "mark"  # table_marking=players: the winner of a trick holding a table marriage marks it or passes
# the action ids after the pass (game actions, `mark`) and the notation are brou.engine.homme's, the
# phase engine's deal of 1802 and Brouc, which plays as this one (tests/test_one_engine.py)


class DealState(Position):
    """One deal in progress.  Seats 0..n-1 in the order of play; the dealer is `rules.dealer`.

    Equal states have the same rules, deal, game context and history of actions, out-of-turn
    ones included; `str()`, `undo()`, `is_legal()`, `legal_texts()`, `perft()` and the notebook
    picture come from `brou.engine.position.Position`."""

    __slots__ = (
        "rules", "deal", "trump", "hands", "phase", "to_act", "leader", "trick", "trick_mask",
        "best", "best_seat", "tricks", "team_tricks", "won", "window", "announcements", "made",
        "used", "announced_points", "table", "table_points", "history", "is_over",
        "context", "outcome", "declared", "frozen", "conceded_at", "conceding", "first_reached", "out_of_turn",
        "marking", "unmarked", "carried_later",
        "_legal", "_follow", "_led", "_beating", "_ann", "_own_turn", "_n_players", "_honours", "_to_list", "_suit_of",
    )

    def __init__(self, rules: Rules, deal: Deal, context: GameContext | None = None) -> None:
        self.rules = rules
        self.deal = deal
        self.trump = rules.suit_of[deal.turnup]
        self.hands = list(deal.hands)
        self.phase = PLAY
        self.to_act = self.leader = first_to_act(rules)
        self.trick: list[int] = []
        self.trick_mask = 0
        self.best = -1
        self.best_seat = -1
        self.tricks: list[tuple[int, list[int], int]] = []  # (leader, cards in play order, winner); never changed once added
        n_teams = len(rules.teams)
        self.team_tricks = [0] * n_teams
        self.won = [0] * n_teams
        self.window: list[int] = []
        self.announcements: list[tuple[int, int, int, int, int, int]] = []  # seat, suit, kind, extends, points, after trick
        self.made: list[list[tuple[int, int]]] = [[] for _ in range(rules.n_players)]
        self.used = [0] * rules.n_players
        self.announced_points = [0] * n_teams
        self.table: list[tuple[int, int, int, int, int]] = []  # trick index, suit, kind, winning team, points each way
        self.table_points = [0] * n_teams
        # table_marking=players: the finished trick's marriages awaiting its winner's mark, and
        # those he left unmarked (counting for nobody); entries shaped as in `table`
        self.marking: list[tuple[int, int, int, int, int]] = []
        self.unmarked: list[tuple[int, int, int, int, int]] = []
        self.history: list[int] = []
        self.out_of_turn: list[tuple[int, int]] = []  # (index in history, seat) of each action taken out of turn
        self.is_over = False
        self._legal = self.hands[self.to_act]
        self._follow = following_function(rules)
        self._led = -1
        self._beating = beating_cards(rules, self.trump)
        self._own_turn = not rules.windows_after_tricks
        self._ann: list[list[int] | None] = [None] * rules.n_players
        # a deal inside a game (brou.laws.game): claims, declarations, concessions
        self.context = context
        self.outcome: Outcome | None = None
        self.declared: tuple[int, bool] | None = None  # (team, double) bound to take every trick
        self.frozen: tuple[int, ...] | None = None
        self.conceded_at = -1  # the trick before which the concession question was last asked
        self.conceding = -1
        self.first_reached = -1  # 1802: the first team whose count reached the target during play
        # Brouc: marriages carried in from a cape; with carried_towards_dehors=carried-not-counted
        # they wait for the end of the deal (`_add_carried`), so no dehors can count them before
        self.carried_later: tuple[int, ...] = ()
        if context is not None and context.carried:
            if rules.params.get("carried_towards_dehors") == "carried-not-counted":
                self.carried_later = tuple(context.carried)
            else:
                for t, points in enumerate(context.carried):
                    self.announced_points[t] += points
        if context is not None:
            self._note_reached(0)
            asked = game.dehors_round(self)
            if asked:
                self.phase = ROUND
                self.window = asked
                self.to_act = asked[0]
                self._legal = 0
        self._n_players = rules.n_players
        self._honours = rules.honours_all
        self._to_list = rules.mask_to_list
        self._suit_of = rules.suit_of

    @classmethod
    def from_seed(cls, rules: Rules, seed: int, context: GameContext | None = None) -> DealState:
        return cls(rules, deal_from_seed(rules, seed), context)

    # -- reading the state -------------------------------------------------

    @property
    def turnup(self) -> int:
        return self.deal.turnup

    def turnup_on_show(self) -> bool:
        """Whether the turned card lies face up: through the first trick, unless played (1802;
        `brou.cards.deal.turnup_on_show`)."""
        return turnup_on_show(self.rules, len(self.tricks), self.hands[self.rules.dealer], self.deal.turnup)

    def legal_play_mask(self) -> int:
        """The cards the player to act may play, as a mask (0 in a window or at the end).

        It is worked out once, whenever the turn passes (see `apply`), since both
        `legal_actions` and `apply` need it."""
        return self._legal

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Every action the player to act may take, as action ids, plays first; for
        another `seat`, what he may do out of turn (`out_of_turn_actions`)."""
        if seat is not None and seat != self.to_act:
            return self.out_of_turn_actions(seat)
        if self.phase is PLAY:
            out = self._to_list(self._legal)
            seat = self.to_act
            if self._own_turn:
                ann = self._ann[seat]
                if ann is None:
                    ann = self._ann[seat] = self._hand_announcements(seat)
                if ann and self._may_announce_on_turn(seat):
                    out += ann
            if self.context is not None:
                out += self._game_actions(seat)
            return out
        if self.phase is WINDOW:
            out = self._announcement_ids(self.to_act) + [self.rules.pass_action]
            if self.context is not None:
                out += self._game_actions(self.to_act)
            return out
        base = self.rules.pass_action
        if self.phase is ROUND:
            return [base, base + CLAIM_ACTION]
        if self.phase is MARK:
            return [base + MARK_ACTION, base]
        if self.phase is CONCEDE:
            return [base, base + CONCEDE_ACTION]
        if self.phase is RESPOND:
            return [base + ACCEPT_ACTION, base + REFUSE_ACTION]
        return []

    def out_of_turn_actions(self, seat: int) -> list[int]:
        """What `seat`, not the player to act, may do now without moving the turn: the
        announcements of announce_window=any-time-once-team-has-trick (during play), and
        a claim where claim_moment=any-moment or, in Brouc, dehors_above_300=any-moment
        lets his team claim out of turn.  Never a card or a pass; nothing while a
        concession is asked or answered, nor once the deal is over."""
        if type(seat) is not int or not 0 <= seat < self.rules.n_players or seat == self.to_act:
            return []
        if self.phase is CONCEDE or self.phase is RESPOND or self.phase is DONE:
            return []
        if self.phase is ROUND and len(self.tricks) == self.rules.n_tricks:
            return []  # the round after the last card: only the player asked speaks
        out = []
        if self.phase is PLAY and announces_out_of_turn(self.rules) and self._may_announce_on_turn(seat):
            out += self._hand_announcements(seat)
        if self.context is not None and game.claims_out_of_turn(self, seat) and game.may_claim(self, seat):
            out.append(self.rules.pass_action + CLAIM_ACTION)
        return out

    def speakers(self) -> dict[int, list[int]]:
        """Who may speak now: each seat that may do something, with its actions (the
        player to act's legal actions; the others' out-of-turn actions)."""
        return {seat: actions for seat in range(self.rules.n_players) if (actions := self.legal_actions(seat))}

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

    def _may_announce_on_turn(self, seat: int) -> bool:
        cards_left = self.hands[seat].bit_count()
        return seat in announcing_seats(self.rules, "own-turn", seat, self.team_tricks, cards_left)

    def _hand_announcements(self, seat: int) -> list[int]:
        """Announcement ids that the seat's hand allows, whatever the moment.

        Kept per seat in `_ann` (None: not worked out yet) when announcements are made
        on a player's own turn, and forgotten when the seat plays a marriage card or
        announces; a hand with no marriage at all is skipped cheaply."""
        rules = self.rules
        if not rules.marriage_probe(self.hands[seat]):
            return []
        return self._announcement_ids(seat)

    def _announce_hand(self, seat: int) -> int:
        """The cards a seat may announce from: its hand, less the 1802 turn-up while
        it is still on show, when parameter `turnup_in_first_window` says so."""
        hand = self.hands[seat]
        rules = self.rules
        if self.phase is WINDOW and len(self.tricks) == 1 and seat == rules.dealer and not rules.turnup_in_first_window:
            hand &= ~(1 << self.deal.turnup)
        return hand

    def _announcement_ids(self, seat: int) -> list[int]:
        rules = self.rules
        base, n_kinds = rules.n_indices, len(rules.kinds)
        options = announceable(rules, self._announce_hand(seat), self.used[seat], self.made[seat])
        return [base + suit * n_kinds + kind for suit, kind, _ in options]

    def result(self) -> DealResult:
        """The count of the deal (final once `is_over`)."""
        return deal_result(self)

    # -- acting ------------------------------------------------------------

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply `action` for the player to act (or check that `seat` is that player).

        The common case, a legal card played with no seat given, is handled here at
        once; everything else, errors included, goes through `_apply_other`.  Anything
        but an action id (an `int`, not a `bool`) is refused with `malformed-action`.
        """
        if seat is None and self.phase is PLAY and type(action) is int and action >= 0 and self._legal >> action & 1:
            bit = 1 << action
            seat = self.to_act
            hands = self.hands
            hands[seat] ^= bit
            self.history.append(action)
            trick = self.trick
            trick.append(action)
            if len(trick) == 1:
                self._led = self._suit_of[action]
                self.best = action
                self.best_seat = seat
            elif self._beating[self.best] & bit:
                self.best = action
                self.best_seat = seat
            if bit & self._honours and self._ann[seat]:
                self._ann[seat] = None
            self.trick_mask |= bit
            if len(trick) == self._n_players:
                self._finish_trick()
                return
            seat = self.to_act = (seat + 1) % self._n_players
            self._legal = self._follow(self.rules, hands[seat], self._led, self.trump, self.best, self.trick_mask)
            return
        self._apply_other(action, seat)

    def _apply_other(self, action: int, seat: int | None) -> None:
        rules = self.rules
        if type(action) is not int or (seat is not None and type(seat) is not int):
            # an integer of another type (numpy.int64) counts as its value; anything else is refused
            number, place = _as_int(action), seat if seat is None else _as_int(seat)
            if number is None:
                hint = " (apply_text takes the text notation)" if isinstance(action, str) else ""
                raise IllegalAction("malformed-action", f"an action is an action id (int), not {type(action).__name__}{hint}")
            if seat is not None and place is None:
                if self.phase is DONE:  # deal-over comes before wrong-seat (docs/errors.md)
                    raise IllegalAction("deal-over", "the deal is finished")
                raise IllegalAction("wrong-seat", f"a seat is a number (int), not {type(seat).__name__}")
            self.apply(number, place)
            return
        if self.phase is DONE:
            raise IllegalAction("deal-over", "the deal is finished")
        if seat is not None and seat != self.to_act:
            self._apply_out_of_turn(action, seat)
            return
        if self.phase is ROUND and action not in (rules.pass_action, rules.pass_action + CLAIM_ACTION):
            when = "after the last card" if self.tricks else "before the first card"
            raise IllegalAction("dehors-round", f"seat {self.to_act} is asked {when}: 'claim' (dehors) or 'pass'")
        if self.phase is MARK and 0 <= action < rules.pass_action + MARK_ACTION and action != rules.pass_action:
            raise IllegalAction("mark-pending", f"seat {self.to_act} gathers a trick holding a table marriage: 'mark' or 'pass'")
        if 0 <= action < rules.n_indices:
            if self.phase is WINDOW:
                raise IllegalAction("play-in-window", f"seat {self.to_act} must announce or pass before play resumes")
            if self.phase is CONCEDE or self.phase is RESPOND:
                raise IllegalAction("concession-pending", "a concession is being asked or answered: no card may be played")
            if not self._legal >> action & 1:
                code, message = why_illegal(rules, self.hands[self.to_act], action, self._led, self.trump, self.best)
                raise IllegalAction(code, message)
            self.apply(action)
        elif action == rules.pass_action:
            self._pass()
        elif rules.n_indices <= action < rules.pass_action:
            if self.phase is CONCEDE or self.phase is RESPOND:
                raise IllegalAction("announce-not-now", "a concession is being asked or answered")
            self._announce(action)
        elif rules.pass_action < action <= rules.pass_action + REFUSE_ACTION:
            self._game_action(action - rules.pass_action)
        elif action == rules.pass_action + MARK_ACTION:
            self._mark()
        else:
            shown = action if -10**9 < action < 10**9 else "out of range"
            raise IllegalAction("malformed-action", f"no action has id {shown}")

    def _apply_out_of_turn(self, action: int, seat: int) -> None:
        """An action of `seat`, who is not to act: refused with `wrong-seat` unless it is of
        a kind his reading lets him take out of turn (`out_of_turn_actions`); then checked as
        it would be on his turn.  The player to act stays the same."""
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
        if self.phase is CONCEDE or self.phase is RESPOND:
            raise IllegalAction("announce-not-now", "a concession is being asked or answered")
        if self.phase is MARK or self.phase is WINDOW:
            raise IllegalAction("announce-not-now", "out of turn a marriage is announced only during play, not while "
                                f"seat {self.to_act} {'marks a trick' if self.phase is MARK else 'is asked to announce'}")
        self._announce(action, seat)
        self.out_of_turn.append((count, seat))

    def apply_text(self, text: str, seat: int | None = None) -> None:
        """Apply an action written in the text notation (`TH`, `announce KQH`, `pass`)."""
        self.apply(self.parse_action(text), seat)

    # -- the library's hooks (brou.engine.position) --------------------------------------------

    def action_text(self, action: int) -> str:
        """An action id as text: `TH`, `announce KQH`, `pass`, `claim` (`brou.engine.partnership.state.action_text`)."""
        return action_text(self.rules, action)

    def parse_action(self, text: str) -> int:
        """The action id of a text (`brou.engine.partnership.state.parse_action`); IllegalAction if it names none."""
        if type(text) is not str:
            raise IllegalAction("malformed-action", f"an action's text is a str, not {type(text).__name__}")
        return parse_action(self.rules, text)

    def _start(self) -> DealState:
        return DealState(self.rules, self.deal, self.context)

    def _steps(self) -> list[tuple[int, int | None]]:
        by = dict(self.out_of_turn)
        return [(action, by.get(index)) for index, action in enumerate(self.history)]

    def _identity(self) -> tuple[Any, ...]:
        return super()._identity() + (self.deal, self.context, tuple(self.out_of_turn))

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

    def _finish_trick(self) -> None:
        """Gather the trick to its winner's team, score table marriages; the winner leads next
        (`brou.laws.play.next_leader`)."""
        rules = self.rules
        winner = self.best_seat
        team = rules.team_of[winner]
        if self.declared is not None and self.declared[0] != team:
            self.frozen = tuple(game.count_so_far(self, t) for t in range(2))
        trick_mask = self.trick_mask
        self.won[team] |= trick_mask
        self.team_tricks[team] += 1
        index = len(self.tricks)
        trick = self.trick
        self.tricks.append((self.leader, trick, winner))
        if rules.marriage_probe(trick_mask):
            self._score_table_marriages(index, trick, team)
        self.trick = []
        self.trick_mask = 0
        self.best = self.best_seat = self._led = -1
        self.leader = next_leader(rules, winner)
        if self.marking:
            if self.frozen is None:
                self.phase = MARK  # table_marking=players: the winner marks the trick's marriages, or not
                self.to_act = winner
                self._legal = 0
                return
            # a broken declaration ends the game at this trick: no time to mark
            for entry in self.marking:
                if table_marriage_counts(rules, False):
                    self._count_table(entry)
                else:
                    self.unmarked.append(entry)
            self.marking = []
        self._after_trick()

    def _after_trick(self) -> None:
        """What follows a finished trick (and its marking): the end of the deal or of the game,
        or the window after it, or the next lead."""
        rules = self.rules
        winner = self.leader
        team = rules.team_of[winner]
        index = len(self.tricks) - 1
        if self.context is not None:
            if self.frozen is not None and self.declared is not None:
                self._end(game.declaration_failed(self, *self.declared))
                return
            self._note_reached(team)
            if index + 1 == rules.n_tricks:
                self._add_carried()
                asked = game.last_round(self)
                if asked:
                    self.phase = ROUND
                    self.window = asked
                    self.to_act = asked[0]
                    self._legal = 0
                elif self.declared is not None:
                    self._end(game.declaration_made(self, *self.declared))
                else:
                    self._end(game.end_of_deal_outcome(self))
                return
        if index + 1 == rules.n_tricks:
            self.phase = DONE
            self.is_over = True
            self.to_act = -1
            self._legal = 0
            return
        seats = rules.windows_after_tricks and announcing_seats(
            rules, "after-trick", winner, self.team_tricks, rules.hand_size - index - 1)
        if seats:
            self.phase = WINDOW
            self.window = list(seats)
            self.to_act = seats[0]
            self._legal = 0
        elif self.context is not None:
            self._resume_play()
        else:
            self.phase = PLAY  # (it was MARK while the trick's marriages waited for their mark)
            self.to_act = winner
            self._legal = self.hands[winner]

    def _add_carried(self) -> None:
        """Brouc (brouc.game.cape): marriages carried in from a cape, held back by carried_towards_dehors=carried-not-counted,
        join the deal's announced points once its last card is played (before the count)."""
        for t, points in enumerate(self.carried_later):
            self.announced_points[t] += points
        self.carried_later = ()

    def _note_reached(self, gaining: int) -> None:
        """Remember the first team whose count reaches the target during the coup (for
        hdb.game.last-coup, parameter both_reach_target).  Called whenever a count rises (a
        trick with its table marriages, an announcement), with the team that just gained,
        which is looked at first since only its count went up."""
        if self.first_reached >= 0:
            return
        for t in (gaining, *(t for t in range(len(self.rules.teams)) if t != gaining)):
            if game.reaches_target(self.rules, game.count_so_far(self, t)):
                self.first_reached = t
                return

    def _score_table_marriages(self, index: int, trick: list[int], team: int) -> None:
        rules = self.rules
        for suit, kind, points in table_marriages(rules, trick, self.trump):
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
        rules = self.rules
        if rules.table_marking != "players":
            raise IllegalAction("marked-by-engine", "table marriages are marked by the engine here (table_marking: engine)")
        if self.phase is not MARK:
            raise IllegalAction("nothing-to-mark", "no table marriage is waiting to be marked now")
        self._close_marking(True)

    def _close_marking(self, marked: bool) -> None:
        """The winner of a trick holding table marriages turns up their lowest cards (`mark`)
        or gathers it as it is (`pass`): they count or not as `brou.laws.marriages.table_marriage_counts`
        says (hdb.marriage.table-marked).  Then the deal goes on as after any trick."""
        self.history.append(self.rules.pass_action + (MARK_ACTION if marked else 0))
        counts = table_marriage_counts(self.rules, marked)
        for entry in self.marking:
            if counts:
                self._count_table(entry)
            else:
                self.unmarked.append(entry)
        self.marking = []
        self._after_trick()

    def _pass(self) -> None:
        if self.phase is MARK:
            self._close_marking(False)
            return
        if self.phase is ROUND:
            self.history.append(self.rules.pass_action)
            self.window.pop(0)
            if self.window:
                self.to_act = self.window[0]
            elif len(self.tricks) == self.rules.n_tricks:
                self._end(game.end_of_deal_outcome(self))  # nobody claimed after the last card: the count
            else:
                self.phase = PLAY
                self.to_act = self.leader
                self._legal = self.hands[self.leader]
            return
        if self.phase is CONCEDE:
            self.history.append(self.rules.pass_action)
            self._resume_play()
            return
        if self.phase is not WINDOW:
            raise IllegalAction("pass-not-allowed", "there is no announcement window or concession question open: play a card")
        self.history.append(self.rules.pass_action)
        self.window.pop(0)
        if self.window:
            self.to_act = self.window[0]
        else:
            self._resume_play()

    def _resume_play(self) -> None:
        """The leader is to lead the next trick; inside a game, a concession may be asked first."""
        self.phase = PLAY
        self.to_act = self.leader
        self._legal = self.hands[self.leader]
        if self.context is not None and self.conceded_at != len(self.tricks):
            conceding = game.concession_open(self)
            self.conceded_at = len(self.tricks)
            if conceding is not None:
                self.phase = CONCEDE
                self.conceding = conceding
                self.to_act = self._first_seat_of(conceding, after=self.leader)
                self._legal = 0

    def _answer_concession(self, team: int, accepted: bool) -> None:
        """The team at the target answers the concession (`brou.laws.game.concession_answer`,
        hdb.game.concession-answer): the game ends, or play goes on, the team bound if it refused."""
        self.declared, outcome = game.concession_answer(self, team, accepted)
        if outcome is not None:
            self._end(outcome)
            return
        self.phase = PLAY
        self.to_act = self.leader
        self._legal = self.hands[self.leader]

    def _first_seat_of(self, team: int, after: int) -> int:
        n = self.rules.n_players
        return next((after + i) % n for i in range(1, n + 1) if self.rules.team_of[(after + i) % n] == team)

    def _game_action(self, kind: int, seat: int | None = None) -> None:
        """claim, declare, declare-double, concede, accept, refuse (brou.laws.game), by the player
        to act or, for a claim out of turn, by `seat`."""
        rules = self.rules
        seat = self.to_act if seat is None else seat
        team = rules.team_of[seat]
        name = GAME_ACTION_NAMES[kind]
        if self.context is None:
            raise IllegalAction("not-in-a-game", f"'{name}' needs a deal played inside a game")
        if kind in (CONCEDE_ACTION,):
            if self.phase is not CONCEDE:
                raise IllegalAction("concession-not-open", "a concession may only be offered when the engine asks for it")
            self.history.append(rules.pass_action + kind)
            self.phase = RESPOND
            ahead = 1 - self.conceding
            # the leader answers when he is of the team at the target (as he is when it has every trick)
            self.to_act = self.leader if rules.team_of[self.leader] == ahead else self._first_seat_of(ahead, after=seat)
            return
        if kind in (ACCEPT_ACTION, REFUSE_ACTION):
            if self.phase is not RESPOND:
                raise IllegalAction("no-concession", "there is no concession to answer")
            self.history.append(rules.pass_action + kind)
            self._answer_concession(team, kind == ACCEPT_ACTION)
            return
        if self.phase is CONCEDE or self.phase is RESPOND:
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

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self.phase = DONE
        self.is_over = True
        self.to_act = -1
        self._legal = 0

    def _announce(self, action: int, seat: int | None = None) -> None:
        rules = self.rules
        seat = self.to_act if seat is None else seat
        suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
        name = marriage_text(rules, suit, kind)
        if self.phase is not WINDOW and not self._may_announce_on_turn(seat):
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
        points = announcement_value(rules, suit, kind, extends, self.trump)
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
        self._ann[seat] = None
        if self.context is not None:
            self._note_reached(team)

    # -- copies and records ------------------------------------------------

    def copy(self) -> DealState:
        other = DealState.__new__(DealState)
        for name in DealState.__slots__:
            value = getattr(self, name)
            setattr(other, name, value[:] if type(value) is list else value)
        other.made = [m[:] for m in self.made]
        other._ann = [None if a is None else a[:] for a in self._ann]
        return other

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickled as its record (`record` / `replay`): the compiled rules hold functions."""
        return DealState.replay, (self.record(),)

    def record(self) -> dict[str, Any]:
        """The deal and its actions as plain data; `DealState.replay` rebuilds the state."""
        out: dict[str, Any] = {
            "ruleset": self.rules.id,
            "params": dict(self.rules.overrides),
            "deal": deal_texts(self.rules, self.deal),
            "actions": [action_text(self.rules, a) for a in self.history],
        }
        if self.context is not None:
            out["context"] = {"scores": list(self.context.scores), "carried": list(self.context.carried)}
        if self.out_of_turn:
            out["out_of_turn"] = [[index, seat] for index, seat in self.out_of_turn]
        return out

    @classmethod
    def replay(cls, record: dict[str, Any], rules: Rules | None = None) -> DealState:
        rules = rules or Rules.load(record["ruleset"], **record.get("params", {}))
        ctx = record.get("context")
        context = GameContext(tuple(ctx["scores"]), tuple(ctx.get("carried", ()))) if ctx else None
        state = cls(rules, deal_from_data(rules, record["deal"]), context)
        by = {int(index): int(seat) for index, seat in record.get("out_of_turn", [])}
        for index, text in enumerate(record.get("actions", [])):
            state.apply_text(text, by.get(index))
        return state

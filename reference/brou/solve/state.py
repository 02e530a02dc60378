"""The card play of a deal as a light state (docs/solve.md): what the double-dummy search moves
through, and what each move adds to the value searched.

`PlayState` holds what the play of a deal needs from its first card on: the hands as bit masks,
the trick on the table, the leader, the talon still to be drawn, and what each game keeps
besides (1802's and Brouc's announcements, windows and marks; L'Hombre's surrender, stop and
vole; L'Homme d'Auvergne's kings).  It never decides a rule itself: the cards a player may play
come from the engine's following function for the ruleset (`brou.laws.following`), the trick's
winner from its beating table (`brou.laws.play.beating_cards`), the marriages, the payments, the
kings and the count from the clauses' functions of `brou.laws`.  What it adds is only the order
of the moments, as the deal classes sequence them (`brou.engine.homme`, `phases`, `hombre`);
tests/test_solve.py checks at every node of its searches that it offers exactly the engine's
legal actions.  `apply` takes an action and `undo` takes it back, so that a search moves one
state and puts it back.

The search is built on it one layer at a time, each a subclass in a module of its own
(`brou.solve.bounds`, `endgame`, `ordering`, then `brou.solve.play.Play`, which is made from an
engine state); compiled, they are one group of mypyc's, and a call between them is a direct
call (docs/design.md, "Speed").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal
from ..engine.phases import PhaseDeal
from ..laws.auction import PLAY_ON, STOP, SURRENDER, word_index
from ..laws.contracts import Contract
from ..laws.following import following_function, matadors_of
from ..laws.kings import king_of, scored_kings, taken_king_entries
from ..laws.ledger import Entry
from ..laws.marriages import announceable, announcement_value, announcing_seats, table_marriage_counts, table_marriages, value_of
from ..laws.payments import brusquembille_payments
from ..laws.play import beating_cards, legal_brouc, legal_whist
from ..laws.results import hombre_entries, hombre_outcome, homme_entries
from ..spec.rules import Rules, card_order
from .bits import BIT, popcount, slot_of
from .native import append, i64, vec

# the kinds of deal (brou.engine.deals.deal_kind)
PARTNERSHIP: Final = 0  # 1802, Brouc
TALON: Final = 1  # Brusquembille
SPEECH: Final = 2  # L'Homme d'Auvergne
AUCTION: Final = 3  # L'Hombre
KINDS: Final = {"partnership": PARTNERSHIP, "talon": TALON, "speech": SPEECH, "auction": AUCTION}

# what is counted (docs/solve.md): the count's difference between the teams (1802, Brouc), card
# points or brusquembille jetons of a side (Brusquembille), marks (L'Homme d'Auvergne), the
# hombre's score (L'Hombre)
COUNT: Final = "count"
POINTS: Final = "points"
JETONS: Final = "jetons"
MARKS: Final = "marks"
SCORE: Final = "score"
GOALS: Final = {PARTNERSHIP: (COUNT,), TALON: (POINTS, JETONS), SPEECH: (MARKS,), AUCTION: (SCORE,)}

# the moments of the light state
PLAYING: Final = 0  # a card (and on one's turn the words the game allows)
WINDOW: Final = 1  # 1802: the window after a trick, announce or pass
MARKING: Final = 2  # table_marking=players: the trick's winner marks its marriages or not
OVER: Final = 3

# how a deal of L'Hombre ended (brou.engine.hombre)
HOW_PLAYED: Final = 0
HOW_STOPPED: Final = 1
HOW_CODILLE: Final = 2
HOW_SURRENDER: Final = 3

FUSED_WHIST: Final[i64] = 1  # `Play.fused`: brou.laws.play.legal_whist
FUSED_BROUC: Final[i64] = 2  # brou.laws.play.legal_brouc
NO_WORDS: Final[list[int]] = []  # `words`: none (never changed)
NO_MARRIAGES: Final[list[tuple[int, int, int]]] = []  # `_announceable`: none (never changed)
MARK_ACTION: Final = 7  # pass_action + 7 (brou.engine.homme.MARK_ACTION)
INFINITE: Final[i64] = 1_099_511_627_776  # 1 << 40 (written out: mypyc 2.4 shifts a constant 1 in 32 bits)
# what an entry of the undo stack holds back: a card that ends a trick (or engages a vole), a pass in
# a window, any other word, a card inside a trick
CARD: Final[i64] = 0
PASS: Final[i64] = 1
WORD_DONE: Final[i64] = 2
INSIDE: Final[i64] = 3
SAVED: Final[i64] = 11  # `_save`: the integers an entry other than a card inside a trick or a pass keeps
HELD: Final[i64] = 4  # and the lists it holds by reference
FOLLOW_SLOTS: Final[i64] = 1 << 14  # `_following`'s kept answers
ANNOUNCE_SLOTS: Final[i64] = 1 << 10  # `_announceable`'s



class PlayState:
    """The play of one deal, from a position in it, for one side (see the module's docstring).

    `side[s]` says whether seat s plays for the side whose value is searched; the others play
    against it together.  `apply` moves the state and `undo` puts it back."""

    def __init__(self, rules: Rules, kind: int, goal: str, side: list[bool]) -> None:
        self.rules = rules
        self.kind = kind
        self.goal = goal
        self.points_goal = goal == POINTS
        self.words_in_play = kind in (PARTNERSHIP, AUCTION)  # whether words may come with the cards
        self.side = side
        self.mine = vec[i64]([1 if on else 0 for on in side])  # `side` as machine integers
        # per team, +1 for the side's, -1 for the other (`_sign`)
        self.signs = vec[i64]([1 if side[team[0]] else -1 for team in rules.teams])
        # per suit and marriage kind (suit * kinds + kind), its cards
        self.kind_masks = vec[i64]([kind.masks[suit] for suit in range(len(rules.suits)) for kind in rules.kinds])
        self.kind_values = vec[i64]([kind.value for kind in rules.kinds])
        self.marriages = len(rules.kinds) > 0
        self.announce_values = vec[i64]()  # (`_set_trump`)
        self.table_values = vec[i64]()
        self.kind_cards: i64 = 0  # every card of a marriage (`_announceable`)
        for mask in self.kind_masks:
            self.kind_cards |= mask
        # `_announceable`'s answers (one slot each, the newest kept): per slot its key, the hand's
        # and the used marriage cards and the marriages made (-1: none), then the answer
        self.announce_keys = vec[i64]([-1] * (3 * ANNOUNCE_SLOTS))
        self.announce_found: list[list[tuple[int, int, int]]] = [NO_MARRIAGES] * ANNOUNCE_SLOTS
        n = rules.n_players
        self.n: i64 = n
        self.trump: i64 = -1
        self.trump_arg: int | None = None
        self.follow: Callable[..., int] = following_function(rules)
        # the preset's fused function called natively where it is one of them (`legal_cards`)
        self.fused: i64 = FUSED_WHIST if self.follow is legal_whist else FUSED_BROUC if self.follow is legal_brouc else 0
        self.after_talon: Callable[..., int] = self.follow
        # `_following`'s answers kept by their arguments (one slot each, the newest kept)
        self.follow_memo = vec[i64]([-1] * (3 * FOLLOW_SLOTS))  # per slot: its key's two words, the answer
        self.free = False  # whether `follow` lets every card through, so is not called (brou.laws.following.is_free)
        self.free_after_talon = False  # the same for `after_talon`
        self.class_of = vec[i64]()
        self.place = vec[i64]()
        self.stronger = vec[i64]()
        self.beating = vec[i64]()
        self.by_strength = vec[i64]()
        self.points = vec[i64](rules.points)
        # `_card_points`: rules.suit_points, the table of brou.laws.counting.card_points, in one row
        self.suit_points = vec[i64]([p for row in rules.suit_points for p in row])
        self.trumps = vec[i64]()  # the trump class, the strongest first
        self.trump_cards: i64 = 0  # and as a mask (none without a trump)
        self.value = vec[i64]([0] * rules.n_indices)  # per card: what it is worth to the trick's winner (ordering)
        self.eq_key = vec[i64]([0] * rules.n_indices)  # cards of equal key may be merged when they touch
        self.eq_code = vec[i64]([0] * rules.n_indices)  # the key as a small number (`key`)
        self.eq_mask = vec[i64]([0] * rules.n_indices)  # per card, the others of its class of equal key
        self.width: i64 = len(rules.ranks)
        self.n_suits: i64 = len(rules.suits)
        self.by_suit = False  # whether every class is a suit ordered as its cards' indices (`_suit_keys`)
        self.codes = vec[i64]()  # per suit and set of its places (suit << width | places): a number for its cards' keys
        self.stock_masks = vec[i64]()  # the talon still to draw, by the number of tricks played
        self.stock = vec[i64]()
        self.draws = False
        self.hands = vec[i64]([0] * n)
        self.leader: i64 = 0
        self.npos: i64 = 0  # cards on the table in the trick being played
        self.done: i64 = 0  # tricks finished in the deal
        self.first_done: i64 = 0  # tricks finished at the root
        self.stock_pos: i64 = 0
        self.gone: i64 = 0  # cards out of play: finished tricks, discards, a talon never drawn
        self.phase: i64 = PLAYING
        self.n_tricks: i64 = rules.n_tricks
        slots = (self.n_tricks + 1) * n
        self.tcards = vec[i64]([0] * slots)  # the trick's cards, at done * n + position
        self.ttop = vec[i64]([0] * slots)  # the card winning it after each card
        self.tseat = vec[i64]([0] * slots)  # and its seat
        self.tmask = vec[i64]([0] * slots)  # the trick's cards so far, as a mask
        # the winner of each trick finished, from the first of the deal (`done` of them)
        self.winners = vec[i64]([0] * self.n_tricks)
        self.counts = vec[i64]([0] * n)  # tricks won by each seat
        # 1802 and Brouc
        self.team_tricks = vec[i64]([0] * len(rules.teams))
        self.team_of = vec[i64](rules.team_of)  # `rules.team_of` as machine integers
        self.made: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.used: list[int] = [0] * n
        self.window: tuple[int, ...] = ()  # 1802: the seats of the window after a trick
        self.window_at: i64 = 0  # the one of them to act (those before have passed)
        self.marking: list[tuple[int, int, int, int, int]] = []
        self.turnup = -1
        self.announce_factor = 2 if rules.announce_deducted else 1
        self.table_factor = 2 if rules.table_deducted else 1
        # rules.marriage_probe as what it tests, on machine integers (`_probe`)
        shape = rules.marriage_probe_shape
        self.probe_all = shape is None
        self.probe_base: i64 = 0 if shape is None else shape[0]
        self.probe_shifts = vec[i64]([] if shape is None else shape[1])
        self.after_seats: list[tuple[int, ...] | None] = [None] * (6 * n)  # `_after_trick_seats`
        # `_marriages_of`: the table marriages of a trick by its cards, where their order cannot matter
        self.marriages_memo: dict[int, list[tuple[int, int, int]]] | None = (
            None if rules.in_one_trick == "first-only" else {})
        self.marked_by_engine = rules.table_marking != "players"
        # L'Homme d'Auvergne
        self.homme = -1
        self.scored: dict[int, int] = {}
        self.scored_mask = 0
        self.jeton_mask = sum(1 << c for c in rules.pack_cards if rules.jetons[c])
        self.homme_values: dict[tuple[int, ...], int] = {}
        # L'Hombre
        self.contract: Contract | None = None
        self.hombre = -1
        self.asking = False
        self.vole = 0  # 1: engaged
        self.how = HOW_PLAYED
        self.surrender_id = -1
        self.play_on_id = -1
        self.stop_id = -1
        self.vole_after = 0
        self.hombre_values: dict[tuple[int, int, int, int], int] = {}
        # the undo stack (`apply`, `undo`): per action its integers, then its kind on top; the
        # lists an action other than a card inside a trick may replace, kept by reference
        self.stack = vec[i64]()
        self.top: i64 = 0
        self.held: list[Any] = []
        self.held_top: i64 = 0
        self.history: list[int] = []  # the actions taken from the root, kept while `visit` is set
        self.visit: Callable[[list[int], list[int]], None] | None = None  # tests: each node's actions

    def _set_trump(self, trump: int | None) -> None:
        rules = self.rules
        self.trump_arg = trump
        self.trump = -1 if trump is None else trump
        order = card_order(rules, trump)
        self.class_of = vec[i64](order.class_of)
        self.place = vec[i64](order.place)
        self.stronger = vec[i64](order.stronger)
        self.beating = vec[i64](beating_cards(rules, trump))
        self.by_strength = vec[i64](sorted(rules.pack_cards, key=lambda c: (order.class_of[c], order.place[c])))
        self.trumps = vec[i64]([c for c in self.by_strength if self.class_of[c] == self.trump])
        self.trump_cards = sum(1 << c for c in self.trumps)
        # per suit and marriage kind, what announcing it and taking it in a trick are worth to the
        # count's difference (`_announce_bound`, `_table_bound`), from the marriage's value
        worth = [value_of(rules, kind, suit, self.trump) for suit in range(len(rules.suits))
                 for kind in range(len(rules.kinds))]
        self.announce_values = vec[i64]([value * self.announce_factor for value in worth])
        self.table_values = vec[i64]([value * rules.table_factor * self.table_factor for value in worth])

    def _of_homme(self, state: HommeDeal) -> None:
        self.team_tricks = vec[i64](state.team_tricks)
        self.made = [list(m) for m in state.made]
        self.used = list(state.used)
        self.turnup = state.deal.turnup
        phase = state.phase
        if phase == "window":
            self.phase, self.window, self.window_at = WINDOW, tuple(state.window), 0
        elif phase == "mark":
            self.phase, self.marking = MARKING, list(state.marking)
        elif phase != "play":
            raise ValueError(f"the light play does not start in phase {phase}")

    def _of_speech(self, state: PhaseDeal) -> None:
        assert state.homme is not None
        self.homme = state.homme
        self.scored = scored_kings(state.ledger)
        for card in self.scored:
            self.scored_mask |= 1 << card

    def _of_hombre(self, state: HombreDeal) -> None:
        rules = self.rules
        assert state.hombre is not None
        self.contract = state.contract
        self.hombre = state.hombre
        self.asking = state.asking
        self.vole = 1 if state.vole == "engaged" else 0
        index = word_index(rules)
        base = rules.n_indices
        self.surrender_id = base + index[SURRENDER]
        self.stop_id = base + index[STOP]
        self.play_on_id = base + index[PLAY_ON] if PLAY_ON in index else -1
        self.vole_after = int(rules.data["play"]["vole"]["after"])

    def _keys(self) -> None:
        """Each card's worth (for the move ordering) and its key of equivalence: cards that play
        a part of their own (a marriage's, a king's, a matador's) have a key no other card has."""
        rules = self.rules
        special = 0
        if self.kind == PARTNERSHIP:
            special = rules.honours_all
        elif self.kind == SPEECH:
            special = sum(1 << king_of(rules, s) for s in range(len(rules.suits)))
        elif self.kind == AUCTION and self.trump >= 0:
            special = matadors_of(rules, self.trump)
        for c in rules.pack_cards:
            worth = rules.points[c] * 8 + rules.jetons[c]
            self.value[c] = worth
            self.eq_key[c] = -1 - c if special >> c & 1 else worth
        self.eq_mask = vec[i64]([sum(1 << d for d in rules.pack_cards if self.class_of[d] == self.class_of[c]
                                     and self.eq_key[d] == self.eq_key[c] and d != c) for c in range(rules.n_indices)])
        codes = sorted(set(self.eq_key[c] for c in rules.pack_cards))
        for c in rules.pack_cards:
            self.eq_code[c] = codes.index(self.eq_key[c])
        width = self.width
        self.by_suit = width <= 8 and all(
            self.class_of[c] == rules.suit_of[c] and self.stronger[c] == ((1 << c) - 1) & rules.suit_mask[rules.suit_of[c]]
            for c in rules.pack_cards)
        if self.by_suit:
            numbers: dict[tuple[int, ...], int] = {}
            numbered = vec[i64]()
            for suit in range(self.n_suits):
                for places in range(1 << width):
                    held = tuple(self.eq_code[suit * width + r] for r in range(width) if places >> r & 1)
                    numbered = append(numbered, numbers.setdefault(held, len(numbers)))
            self.codes = numbered
        left = 0
        for card in self.stock:
            left |= BIT[card]
        n = self.n
        self.stock_masks = vec[i64]([0] * (self.rules.n_tricks + 1))
        for done in range(self.first_done, self.rules.n_tricks + 1):
            self.stock_masks[done] = left
            drawn = (done - self.first_done) * n
            for k in range(drawn, min(drawn + n, len(self.stock))):
                left &= ~BIT[self.stock[k]]

    def _place(self, base: i64, pos: i64, seat: i64, card: i64) -> None:
        """Card `card` of `seat` is the trick's card at `pos`: the best card so far after it."""
        i = base + pos
        self.tcards[i] = card
        ttop = self.ttop
        tseat = self.tseat
        tmask = self.tmask
        if pos == 0:
            ttop[i], tseat[i], tmask[i] = card, seat, BIT[card]
            return
        top, top_seat = ttop[i - 1], tseat[i - 1]
        if self.beating[top] >> card & 1:
            top, top_seat = card, seat
        ttop[i], tseat[i], tmask[i] = top, top_seat, tmask[i - 1] | BIT[card]

    def hands_mask(self) -> i64:
        out: i64 = 0
        for hand in self.hands:
            out |= hand
        return out

    # -- what may be done --------------------------------------------------------------------

    def _seat(self) -> i64:
        """The seat whose card is next in the trick."""
        seat = self.leader + self.npos
        return seat - self.n if seat >= self.n else seat

    def to_act(self) -> i64:
        if self.phase == WINDOW:
            return self.window[self.window_at]
        if self.phase == MARKING:
            return self.leader
        if self.asking:
            return self.hombre
        return self._seat()

    def legal_cards(self) -> i64:
        """The cards the player to act may play now (as the engine's `legal_cards`)."""
        if self.phase != PLAYING or self.asking:
            return 0
        seat = self._seat()
        hand = self.hands[seat]
        if self.npos == 0:
            return hand
        i = self.done * self.n + self.npos - 1
        first = self.done * self.n
        led = self.class_of[self.tcards[first]]
        if self.kind == PARTNERSHIP:
            return self._following(hand, led, self.ttop[i], self.tmask[i])
        if self.stock_pos < len(self.stock):
            if self.free:
                return hand
            follow = self.follow
        else:
            if self.free_after_talon:
                return hand
            follow = self.after_talon
        return follow(self.rules, hand, led, self.trump_arg, self.ttop[i], self.tmask[i], self.tcards[first])

    def _following(self, hand: i64, led: i64, top: i64, table: i64) -> i64:
        """The cards of `hand` that may follow in 1802 or Brouc, the trick led in class `led`, its
        best card `top` and its cards `table` (the ruleset's following function)."""
        held = hand << 10 | top << 4 | led + 1  # (a card below 64, a class below 15)
        slot = slot_of(held ^ table ^ table >> 31, FOLLOW_SLOTS)
        memo = self.follow_memo
        at = 3 * slot
        if memo[at] == held and memo[at + 1] == table:
            return memo[at + 2]
        if self.fused == FUSED_WHIST:
            legal = legal_whist(self.rules, hand, led, self.trump, top, table)
        elif self.fused == FUSED_BROUC:
            legal = legal_brouc(self.rules, hand, led, self.trump, top, table)
        else:
            legal = self.follow(self.rules, hand, led, self.trump, top, table)
        memo[at] = held
        memo[at + 1] = table
        memo[at + 2] = legal
        return legal

    def words(self) -> list[int]:
        """The actions besides cards the player to act may take now, in the engine's order."""
        rules = self.rules
        phase = self.phase
        if phase == WINDOW:
            return [*self._announcements(self.window[self.window_at], True), rules.pass_action]
        if phase == MARKING:
            return [rules.pass_action + MARK_ACTION, rules.pass_action]
        if phase != PLAYING:
            return NO_WORDS
        if self.kind == PARTNERSHIP:
            seat = self._seat()
            if not rules.windows_after_tricks and self._probe(self.hands[seat]) and self._may_announce_on_turn(seat):
                return self._announcements(seat, False)
            return NO_WORDS
        if self.kind == AUCTION:
            out = []
            if self._may_surrender():
                out.append(self.surrender_id)
            if self.asking:
                out.append(self.play_on_id)
            if self._may_stop():
                out.append(self.stop_id)
            return out
        return NO_WORDS

    def _probe(self, cards: i64) -> bool:
        """`rules.marriage_probe(cards)` (`brou.spec.rules.probe_shape`): False only when the
        cards hold no marriage at all."""
        if self.probe_all:
            return True
        x = cards & self.probe_base
        shifts = self.probe_shifts
        for k in range(len(shifts)):
            x &= cards >> shifts[k]
        return x != 0

    def legal_actions(self) -> list[int]:
        """Every legal action of the player to act, in the engine's order (`legal_actions()`)."""
        if self.phase == OVER:
            return []
        return self.rules.mask_to_list(self.legal_cards()) + self.words()

    def _may_announce_on_turn(self, seat: int) -> bool:
        return seat in announcing_seats(self.rules, "own-turn", seat, list(self.team_tricks), popcount(self.hands[seat]))

    def _announcements(self, seat: int, window: bool) -> list[int]:
        """Announcement ids the seat's hand allows (`HommeDeal._announcement_ids`)."""
        rules = self.rules
        hand = self.hands[seat]
        if not self._probe(hand):
            return NO_WORDS
        if window and self.done == 1 and seat == rules.dealer and not rules.turnup_in_first_window:
            hand &= ~BIT[self.turnup]
        found = self._announceable(seat, hand)
        if not found:
            return NO_WORDS
        base, n_kinds = rules.n_indices, len(rules.kinds)
        return [base + suit * n_kinds + kind for suit, kind, _ in found]

    def _announceable(self, seat: int, hand: i64) -> list[tuple[int, int, int]]:
        """`announceable` for the seat holding `hand` (hdb.marriage.announce-in-hand), kept by
        what its answer depends on: the marriage cards of the hand and of the seat's earlier
        announcements, and which marriages he made.  The list is shared: never changed."""
        cards = self.kind_cards
        n_kinds = len(self.kind_values)
        made: i64 = 0
        for suit, kind in self.made[seat]:
            made |= BIT[suit * n_kinds + kind]
        held = hand & cards
        used: i64 = self.used[seat] & cards
        slot = slot_of(held ^ used << 1 ^ made, ANNOUNCE_SLOTS)
        keys = self.announce_keys
        if keys[3 * slot] == held and keys[3 * slot + 1] == used and keys[3 * slot + 2] == made:
            return self.announce_found[slot]
        found = announceable(self.rules, hand, self.used[seat], self.made[seat])
        keys[3 * slot], keys[3 * slot + 1], keys[3 * slot + 2] = held, used, made
        self.announce_found[slot] = found
        return found

    def _may_surrender(self) -> bool:
        """`HombreDeal._may_surrender`: asked before the lead, or at his first card of the deal."""
        if self.asking:
            return True
        if self.done or self._seat() != self.hombre:
            return False
        if self.npos and self.rules.data["exchange"]["surrender"] == "before-the-lead":
            return False
        assert self.contract is not None
        return self.contract.surrender

    def _may_stop(self) -> bool:
        """`HombreDeal.may_stop`: the hombre leads the trick after the first five, all his."""
        if self.npos or self.leader != self.hombre or self.vole or self.done != self.vole_after:
            return False
        assert self.contract is not None
        return not self.contract.nolo and self.counts[self.hombre] == self.done

    # -- doing it ------------------------------------------------------------------------------

    def _push(self, word: i64) -> None:
        """One integer onto the undo stack."""
        if self.top == len(self.stack):
            self.stack = append(self.stack, word)
        else:
            self.stack[self.top] = word
        self.top += 1

    def _save(self, tag: i64) -> None:
        """What an action other than a card inside a trick may change, kept for `undo`: the
        integers on the stack, the lists by reference, since every change to them is made on a
        copy (`_announce`, `_after_trick`) or undone in turn (the hands, a window's passes, the
        trick counts, the teams' tricks)."""
        top = self.top
        while top + SAVED > len(self.stack):
            self.stack = append(self.stack, 0)
        stack = self.stack
        stack[top] = self.leader
        stack[top + 1] = self.npos
        stack[top + 2] = self.done
        stack[top + 3] = self.stock_pos
        stack[top + 4] = self.gone
        stack[top + 5] = self.phase
        stack[top + 6] = i64(1) if self.asking else i64(0)
        stack[top + 7] = self.vole
        stack[top + 8] = self.how
        stack[top + 9] = self.window_at
        stack[top + 10] = tag
        self.top = top + SAVED
        at = self.held_top
        held = self.held
        if at == len(held):
            held.extend([None] * HELD)
        held[at] = self.made
        held[at + 1] = self.used
        held[at + 2] = self.window
        held[at + 3] = self.marking
        self.held_top = at + HELD

    def apply(self, action: i64) -> i64:
        """Take a legal action; what it adds to the side's value now.  `undo` takes it back."""
        if self.visit is not None:
            self.history.append(action)
        rules = self.rules
        if action < rules.n_indices and self.phase == PLAYING:
            n = self.n
            if self.npos + 1 < n and not (self.npos == 0 and self.kind == AUCTION and self._may_stop()):
                seat = self._seat()
                self.hands[seat] ^= BIT[action]
                self._place(self.done * n, self.npos, seat, action)
                self.npos += 1
                self._push(INSIDE)
                return 0
            self._save(CARD)
            return self._card(action)
        if self.phase == WINDOW and action == rules.pass_action:
            self.window_at += 1
            self._push(PASS)
            if self.window_at == len(self.window):
                self.phase = PLAYING
            return 0
        self._save(WORD_DONE)
        if self.phase == MARKING:
            return self._close_marking(action != rules.pass_action)
        if self.kind == AUCTION:
            return self._hombre_word(action)
        return self._announce(action)

    def undo(self) -> None:
        """Take the last action back."""
        if self.visit is not None:
            self.history.pop()
        stack = self.stack
        top = self.top - 1
        tag = stack[top]
        n = self.n
        if tag == INSIDE:
            self.top = top
            self.npos -= 1
            self.hands[self._seat()] ^= BIT[self.tcards[self.done * n + self.npos]]
            return
        if tag == PASS:
            self.top = top
            self.window_at -= 1
            self.phase = WINDOW
            return
        stock_pos = self.stock_pos
        done = self.done
        top -= SAVED - 1
        self.top = top
        self.leader = stack[top]
        self.npos = stack[top + 1]
        self.done = stack[top + 2]
        self.stock_pos = stack[top + 3]
        self.gone = stack[top + 4]
        self.phase = stack[top + 5]
        self.asking = stack[top + 6] == 1
        self.vole = stack[top + 7]
        self.how = stack[top + 8]
        self.window_at = stack[top + 9]
        at = self.held_top - HELD
        self.held_top = at
        held = self.held
        self.made = held[at]
        self.used = held[at + 1]
        self.window = held[at + 2]
        self.marking = held[at + 3]
        for t in range(self.done, done):
            self.counts[self.winners[t]] -= 1
        if tag == CARD:
            slot = self.done * n + self.npos
            self.hands[self._seat()] ^= BIT[self.tcards[slot]]
            if done > self.done:
                winner = self.tseat[self.done * n + n - 1]
                if self.kind == PARTNERSHIP:
                    self.team_tricks[self.team_of[winner]] -= 1
                if stock_pos > self.stock_pos:  # the draws after the trick
                    for k in range(n):
                        self.hands[(winner + k) % n] ^= BIT[self.stock[self.stock_pos + k]]

    def _card(self, card: i64) -> i64:
        """A card that may end the trick or begin L'Hombre's vole (the state saved before)."""
        n = self.n
        if self.npos == 0 and self.kind == AUCTION and self._may_stop():
            self.vole = 1  # a card led after the first five tricks undertakes the vole
        seat = self._seat()
        self.hands[seat] ^= BIT[card]
        self._place(self.done * n, self.npos, seat, card)
        self.npos += 1
        if self.npos < n:
            return 0
        return self._finish_trick()

    def _finish_trick(self) -> i64:
        """The full trick to its winner, then what follows it in the game (`_finish_trick` of the
        deal classes); what it adds to the side's value."""
        rules = self.rules
        n = self.n
        i = self.done * n + n - 1
        leader = self.leader
        winner, mask = self.tseat[i], self.tmask[i]
        self.gone |= mask
        self.winners[self.done] = winner
        self.counts[winner] += 1
        self.done += 1
        self.leader = winner
        self.npos = 0
        gain: i64 = 0
        kind = self.kind
        if kind == PARTNERSHIP:
            return self._finish_homme(winner, mask)
        if kind == TALON:
            if self.points_goal:
                if self.mine[winner]:
                    gain = self._card_points(mask)
            elif rules.pays_brusquembilles and mask & self.jeton_mask:
                gain = self._net(brusquembille_payments(rules, self._plays(leader, i - n + 1), winner, self.done))
            if self.stock_pos < len(self.stock):
                for k in range(n):
                    self.hands[(winner + k) % n] |= BIT[self.stock[self.stock_pos + k]]
                self.stock_pos += n
        elif kind == SPEECH:
            if mask & self.scored_mask:
                gain = self._net(taken_king_entries(rules, self._plays(leader, i - n + 1), winner, self.scored, self.done))
        elif kind == AUCTION:
            assert self.contract is not None
            if (self.contract.nolo and self.counts[self.hombre] >= 2
                    and rules.data["play"]["nolo_codille"] == "stop-at-codille" and self.hands_mask()):
                self.how, self.phase = HOW_CODILLE, OVER
                return 0
        if not self.hands_mask():
            self.phase = OVER
        return gain

    def _plays(self, leader: int, first: int) -> list[tuple[int, int]]:
        """The finished trick's (seat, card) in the order played, `leader` first."""
        n = self.n
        return [((leader + k) % n, self.tcards[first + k]) for k in range(n)]

    def _card_points(self, mask: i64) -> i64:
        """`brou.laws.counting.card_points` (hdb.count.card-points) on the search's native ints:
        the same table, suit by suit."""
        width = self.width
        full = BIT[width] - 1
        size = BIT[width]
        total: i64 = 0
        for suit in range(self.n_suits):
            total += self.suit_points[suit * size + (mask >> suit * width & full)]
        return total

    def _net(self, entries: list[Entry]) -> int:
        """The side's net jetons (or marks) over ledger entries."""
        side = self.side
        total = 0
        for giver, taker, jetons, _, _, _ in entries:
            if giver >= 0 and side[giver]:
                total -= jetons
            if taker >= 0 and side[taker]:
                total += jetons
        return total

    # -- 1802 and Brouc ------------------------------------------------------------------------

    def _sign(self, team: i64) -> i64:
        """+1 for the side's team, -1 for the other: the value is the difference of the counts."""
        return self.signs[team]

    def _finish_homme(self, winner: i64, mask: i64) -> i64:
        rules = self.rules
        team = self.team_of[winner]
        self.team_tricks[team] += 1  # (taken back by `undo`)
        points = self._card_points(mask)
        last = self.done == self.n_tricks
        if last:
            points += rules.last_trick_bonus
        gain = self._sign(team) * points
        if self._probe(mask):
            found = self._marriages_of(mask)
            if found is None:
                first = (self.done - 1) * self.n
                found = table_marriages(rules, [self.tcards[first + k] for k in range(self.n)], self.trump)
            for suit, kind, value in found:
                if self.marked_by_engine:
                    gain += self._table_gain(team, value)
                else:
                    self.marking = [*self.marking, (self.done - 1, suit, kind, team, value)]
        if self.marking:
            self.phase = MARKING
            return gain
        return gain + self._after_trick()

    def _marriages_of(self, mask: i64) -> list[tuple[int, int, int]] | None:
        """`table_marriages` of a finished trick whose cards are `mask`, kept by its cards; None
        where the order they were played in may matter (marriages_in_one_trick=first-only)."""
        memo = self.marriages_memo
        if memo is None:
            return None
        found = memo.get(mask)
        if found is None:
            found = table_marriages(self.rules, self.rules.mask_to_list(mask), self.trump)
            memo[mask] = found
        return found

    def _table_gain(self, team: i64, value: i64) -> i64:
        """What a table marriage worth `value` taken by `team` moves the side's value."""
        return self._sign(team) * value * self.table_factor

    def _after_trick(self) -> i64:
        """`HommeDeal._after_trick` of a deal alone: the end, a window, or the next lead."""
        rules = self.rules
        if self.done == self.n_tricks:
            self.phase = OVER
            return 0
        seats = self._after_trick_seats() if rules.windows_after_tricks else ()
        if seats:
            self.phase, self.window, self.window_at = WINDOW, seats, 0
        else:
            self.phase = PLAYING
        return 0

    def _after_trick_seats(self) -> tuple[int, ...]:
        """Who may announce in the window after the trick the leader has just won
        (`announcing_seats`), kept by what it depends on: the winner, whether his team's tricks
        are none, one or more, and whether the hands are still large enough for a marriage."""
        rules = self.rules
        winner = self.leader
        tricks = self.team_tricks[self.team_of[winner]]
        left = rules.hand_size - self.done
        key = (winner * 3 + min(tricks, 2)) * 2
        if left < rules.smallest_marriage:
            key += 1
        found = self.after_seats[key]
        if found is None:
            found = announcing_seats(rules, "after-trick", winner, list(self.team_tricks), left)
            self.after_seats[key] = found
        return found

    def _close_marking(self, marked: bool) -> i64:
        gain = 0
        if table_marriage_counts(self.rules, marked):
            for entry in self.marking:
                gain += self._table_gain(entry[3], entry[4])
        self.marking = []
        return gain + self._after_trick()

    def _announce(self, action: i64) -> i64:
        rules = self.rules
        seat = self.to_act()
        suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
        hand = self.hands[seat]
        if self.phase == WINDOW and self.done == 1 and seat == rules.dealer and not rules.turnup_in_first_window:
            hand &= ~BIT[self.turnup]
        extends = next(e for s, k, e in self._announceable(seat, hand) if (s, k) == (suit, kind))
        self.made = [*self.made[:seat], [*self.made[seat], (suit, kind)], *self.made[seat + 1:]]
        self.used = self.used[:]
        self.used[seat] |= rules.kinds[kind].masks[suit]
        points = announcement_value(rules, suit, kind, extends, self.trump)
        return self._sign(self.team_of[seat]) * points * self.announce_factor

    # -- L'Hombre ----------------------------------------------------------------------------------

    def _hombre_word(self, action: i64) -> i64:
        if action == self.surrender_id:
            self.asking = False
            self.how, self.phase = HOW_SURRENDER, OVER
        elif action == self.play_on_id:
            self.asking = False
        else:
            self.how, self.phase = HOW_STOPPED, OVER
        return 0

    def _hombre_value(self) -> int:
        """The hombre's points for the deal as it ended (`brou.laws.results`), for the side."""
        counts = self.counts
        best = max(c for s, c in enumerate(counts) if s != self.hombre)
        found = self._points(self.how, self.vole, counts[self.hombre], best)
        return found if self.side[self.hombre] else -found

    def _points(self, how: int, vole: int, taken: int, best: int) -> int:
        """The hombre's points when he took `taken` tricks and the better tier `best`, a vole
        engaged or not (`brou.laws.results.hombre_outcome` and `hombre_entries`)."""
        key = (how, vole, taken, best)
        found = self.hombre_values.get(key)
        if found is None:
            assert self.contract is not None
            rules = self.rules
            other = (self.hombre + 1) % self.n
            winners = [self.hombre] * taken + [other] * best
            outcome = "surrender" if how == HOW_SURRENDER else hombre_outcome(self.contract, self.hombre, winners, self.n)
            made = None
            if vole:
                made = "made" if taken == rules.n_tricks else "missed"
            found = sum(e.jetons if e.taker == self.hombre else -e.jetons
                        for e in hombre_entries(rules, self.contract, self.hombre, outcome, made, taken + best))
            self.hombre_values[key] = found
        return found

    # -- the end ------------------------------------------------------------------------------------

    def terminal(self) -> i64:
        """What the end of the deal adds to the side's value (the count of L'Homme d'Auvergne,
        the hombre's points; nothing more in the games counted trick by trick)."""
        if self.kind == AUCTION:
            return self._hombre_value()
        if self.kind == SPEECH and self.homme >= 0:
            winners = [self.winners[t] for t in range(self.done)]
            key = tuple(winners)
            found = self.homme_values.get(key)
            if found is None:
                found = self._net(homme_entries(self.rules, self.homme, winners))
                self.homme_values[key] = found
            return found
        return 0

    def outcome_name(self) -> str:
        """L'Hombre, once over: won, remise, codille or surrender."""
        assert self.contract is not None
        if self.how == HOW_SURRENDER:
            return "surrender"
        winners = [s for s in range(self.n) for _ in range(self.counts[s])]
        return str(hombre_outcome(self.contract, self.hombre, winners, self.n))

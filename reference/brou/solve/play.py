"""The double-dummy search of the card play of a deal (docs/solve.md).

`Play` is the light state of the play (`brou.solve.state.PlayState`) made from an engine state
(`Play.of`), with the layers its search stands on: the bounds (`brou.solve.bounds`), the last
tricks (`brou.solve.endgame`) and the move ordering (`brou.solve.ordering`).

`search(alpha, beta)` is a fail-soft alpha-beta over the actions of the player to act, for
the side `side` against the others together: its value is what the rest of the deal adds to
that side's value (docs/solve.md says what the value is, game by game).  At the lead of each
trick a transposition table (`brou.solve.table`) keyed on the hands, the leader, the talon's
place and whatever else the rest depends on holds bounds of that value; cards that touch in the
order of their class in one hand and are worth the same are searched once; the move ordering
tries the table's best card first, then cheap winners, then cheap discards.  `solve` closes in
on the exact value by null-window searches.
"""

from __future__ import annotations

from typing import Final

from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal
from ..engine.phases import PhaseDeal
from ..laws.following import compose, is_free
from ..spec.rules import Rules
from .bits import BIT, PEXT, lowest
from .native import i64, vec
from .ordering import OrderedPlay, depth_row
from .state import AUCTION, INFINITE, KINDS, OVER, PARTNERSHIP, PLAYING, SPEECH, WINDOW
from .table import MISSING, Table, narrowed

NO_KEY: Final = vec[i64]()


class Play(OrderedPlay):
    """The play of one deal, from a position in it, for one side, and its search (see the
    module's docstring).

    `side[s]` says whether seat s plays for the side whose value is searched; the others play
    against it together.  The search moves the state and puts it back: after `search` it is
    as it was."""

    def __init__(self, rules: Rules, kind: int, goal: str, side: list[bool]) -> None:
        super().__init__(rules, kind, goal, side)
        self.owner = vec[i64]([0] * rules.n_indices)  # scratch for `key`
        self.table = Table()
        self.key_rows: list[vec[i64]] = []  # per depth, the node's key (`key`)

    # -- made from an engine state ---------------------------------------------------------

    @staticmethod
    def of(state: PhaseDeal, kind: str, goal: str, side: list[bool]) -> Play:
        """The light state of an engine state in play (`brou.engine.homme.HommeDeal`,
        `phases.PhaseDeal`, `hombre.HombreDeal`); `kind` is `brou.engine.deals.deal_kind`."""
        rules = state.rules
        play = Play(rules, KINDS[kind], goal, side)
        play._set_trump(state.trump)
        n = rules.n_players
        if play.kind != PARTNERSHIP:
            after = rules.following_after_talon or rules.following_primitives
            play.follow = compose(rules.following_primitives)
            play.after_talon = compose(after)
            play.free = is_free(rules.following_primitives)
            play.free_after_talon = is_free(after)
        play.hands = vec[i64](state.hands)
        play.leader = state.leader
        for t, (_, _, w) in enumerate(state.tricks):
            play.winners[t] = w
        play.done = play.first_done = len(state.tricks)
        for t in range(play.done):
            play.counts[play.winners[t]] += 1
        play.draws = "draw" in rules.after_trick
        play.stock = vec[i64](state.stock if play.draws else [])
        trick = list(state.trick)
        base = play.done * n
        for i, card in enumerate(trick):
            play._place(base, i, (state.leader + i) % n, card)
        play.npos = len(trick)
        alive = play.hands_mask() | (play.tmask[base + play.npos - 1] if trick else 0)
        for card in play.stock:
            alive |= BIT[card]
        play.gone = rules.pack & ~alive
        if isinstance(state, HommeDeal):
            play._of_homme(state)
        elif isinstance(state, HombreDeal):
            play._of_hombre(state)
        elif play.kind == SPEECH:
            play._of_speech(state)
        play._keys()
        return play

    # -- the search -----------------------------------------------------------------------------

    def key(self, row: vec[i64]) -> i64:
        """The transposition table's key at the lead of a trick, written into `row` (`key_rows`);
        its length: everything the rest of the deal depends on.  The cards are given by their
        places, not their names (as DDS's relative ranks): class by class from the strongest,
        each card still in play as its holder (a seat, or its place in the talon) and its key of
        equivalence, so that positions that differ only in which of the cards worth the same are
        still out share their entry."""
        count = self._suit_keys(row) if self.by_suit else self._class_keys(row)
        kind = self.kind
        if kind == PARTNERSHIP:
            teams: i64 = 0  # a bit per team that has a trick
            for team in range(len(self.team_tricks)):
                if self.team_tricks[team]:
                    teams |= BIT[team]
            row[count] = teams
            count += 1
            n_kinds: i64 = len(self.kind_values)
            for seat in range(self.n):
                hand = self.hands[seat]
                bits: i64 = 0  # the marriages he announced still whole in his hand, above his cards used
                for suit, kind_ in self.made[seat]:
                    mask = self.kind_masks[suit * n_kinds + kind_]
                    if hand & mask == mask:
                        bits |= BIT[suit * n_kinds + kind_]
                row[count] = bits << 48 | self.used[seat] & hand
                count += 1
        elif kind == SPEECH:
            for t in range(self.done):
                row[count] = self.winners[t]
                count += 1
        elif kind == AUCTION:
            for seat in range(self.n):
                row[count] = self.counts[seat]
                count += 1
            row[count] = self.vole
            count += 1
        return count

    def _suit_keys(self, row: vec[i64]) -> i64:
        """`key`'s cards where each class is a suit in the order of the cards' indices: per suit,
        the keys of equivalence of its cards still in play (a number, `codes`), then each hand's
        and the talon's cards of the suit among them, as bits of their places (`PEXT`)."""
        width = self.width
        full = BIT[width] - 1
        alive = self.rules.pack & ~self.gone
        stock = self.stock_masks[self.done] if len(self.stock) else i64(0)
        row[0] = self.leader
        row[1] = self.done
        hands = self.hands
        for suit in range(self.n_suits):
            shift = suit * width
            places = alive >> shift & full
            k = self.codes[suit << width | places]
            bits = places << 8
            for seat in range(self.n):
                k = k << width | PEXT[bits | hands[seat] >> shift & full]
            if stock:
                k = k << width | PEXT[bits | stock >> shift & full]
            row[2 + suit] = k
        return 2 + self.n_suits

    def _class_keys(self, row: vec[i64]) -> i64:
        """`key`'s cards in any order of the classes (L'Hombre's): each card still in play, class
        by class from the strongest, as its holder and its key of equivalence."""
        n = self.n
        row[0] = self.leader
        row[1] = self.done
        count: i64 = 2
        owner = self.owner
        for seat in range(n):
            hand = self.hands[seat]
            while hand:
                low = lowest(hand)
                owner[low] = seat
                hand ^= BIT[low]
        for k in range(self.stock_pos, len(self.stock)):
            owner[self.stock[k]] = n + k - self.stock_pos
        gone = self.gone
        cls: i64 = -1
        class_of = self.class_of
        for card in self.by_strength:
            if gone >> card & 1:
                continue
            if class_of[card] != cls:
                cls = class_of[card]
                row[count] = -1 - cls
                count += 1
            row[count] = owner[card] * 64 + self.eq_code[card]
            count += 1
        return count

    def _pass_window(self) -> i64:
        """1802's window after a trick: each seat in it that has nothing to announce passes, the
        one move he has, without a node of the search; how many passed (`undo` each)."""
        passed = 0
        pass_action = self.rules.pass_action
        while self.phase == WINDOW and not self._announcements(self.window[self.window_at], True):
            if self.visit is not None:
                self.visit(self.history, [pass_action])
            self.apply(pass_action)
            passed += 1
        return passed

    def search(self, alpha: i64, beta: i64) -> i64:
        """What the rest of the deal adds to the side's value, fail-soft within (alpha, beta)."""
        if self.phase == WINDOW:
            passed = self._pass_window()
            if passed:
                found = self.search(alpha, beta)
                for _ in range(passed):
                    self.undo()
                return found
        self.nodes += 1
        if self.phase == OVER:
            return self.terminal()
        keyed = self.phase == PLAYING and self.npos == 0 and not self.asking
        if keyed and self.done + 1 == self.n_tricks:
            return self.last_trick()
        row = NO_KEY
        length: i64 = 0
        best: i64 = -1
        low = -INFINITE
        high = INFINITE
        at = MISSING
        hashed: i64 = 0
        table = self.table
        emptied = table.emptied
        if keyed:
            # as long as the longest key: every card, a class mark before each, what the games add
            row = depth_row(self.key_rows, self.ply, 4 + 2 * self.rules.n_indices + 4 * self.n + self.n_tricks)
            length = self.key(row)
            at = table.find(row, length)
            hashed = table.hashed
            if at == MISSING:
                low, high = self.bounds()  # once per entry: the entry starts from them
            else:
                pool = table.pool
                low, high, best = pool[at + 1 + length], pool[at + 2 + length], pool[at + 3 + length]
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        if keyed and self.done + self.endgame_tricks >= self.n_tricks and self._cards_only():
            self.end_points = self._card_points(self.hands_mask())
            value = self._endgame(alpha, beta, False)  # (its entry is the table's)
            low, high = narrowed(low, high, value, alpha, beta)
            table.store(row, length, hashed, at if table.emptied == emptied else MISSING, low, high, i64(-1))
            return value
        maximising = self.mine[self.to_act()] == 1
        value = -INFINITE if maximising else INFINITE
        a, b = alpha, beta
        chosen: i64 = -1
        ply = self.ply
        count = self._order(best, ply)
        actions = self.rows[ply]
        self.ply = ply + 1
        for k in range(count):
            action = actions[k]
            gain = self.apply(action)
            found = gain + self.search(a - gain, b - gain)
            self.undo()
            if maximising:
                if found > value:
                    value, chosen = found, action
                    if value > a:
                        a = value
            elif found < value:
                value, chosen = found, action
                if value < b:
                    b = value
            if a >= b:
                break
        self.ply = ply
        if keyed:  # (the key's tricks played and announcements keep this position out of its own subtree)
            low, high = narrowed(low, high, value, alpha, beta)
            table.store(row, length, hashed, at if table.emptied == emptied else MISSING, low, high,
                        self.relative(chosen) if chosen >= 0 else i64(-1))
        return value

    def playout(self) -> int:
        """What the rest of the deal adds if every player takes the action `_order` tries first:
        a cheap guess of the value, for the first of the null-window searches (`solve`)."""
        total = 0
        taken = 0
        visit, self.visit = self.visit, None
        while self.phase != OVER:
            self._order(-1, self.ply)
            total += self.apply(self.rows[self.ply][0])
            taken += 1
        total += self.terminal()
        for _ in range(taken):
            self.undo()
        self.visit = visit
        return total

    def parity(self) -> int:
        """The parity every value of the rest of the deal has, or -1 where none is known: in 1802
        and Brouc each trick moves its card points from one side of the difference to the other
        and every marriage moves an even number, so the value has the parity of the points still
        to count (and of the last trick's bonus, still to come)."""
        rules = self.rules
        if self.kind != PARTNERSHIP or any(k.value % 2 for k in rules.kinds):
            return -1
        alive = self.hands_mask() | (self.tmask[self.done * self.n + self.npos - 1] if self.npos else 0)
        bonus = rules.last_trick_bonus if self.done < self.n_tricks else 0
        return (self._card_points(alive) + bonus) % 2

    def solve(self, guess: int = 0) -> int:
        """The exact value of what the rest of the deal adds: null-window searches that close in
        on it, the table kept between them, first at `guess`, then from the last answer in its
        direction by steps that double, until answers lie on both sides of the value, then
        halving the interval they leave (values of the wrong parity left out, `parity`)."""
        low, high = -INFINITE, INFINITE
        if self.phase == PLAYING and self.npos == 0 and not self.asking:
            low, high = self.bounds()
        elif self.phase != OVER:
            low, high = self.loose_bounds()
        parity = self.parity()
        step = 1 if parity < 0 else 2
        if parity >= 0:
            low += (low - parity) % 2
            high -= (high - parity) % 2
        value = min(max(guess, low + step), high)
        if parity >= 0:
            value -= (value - parity) % 2
        bar = value
        jump = step
        below = above = False  # whether a search has answered below its bar, or at or above it
        while low < high:
            value = self.search(bar - 1, bar)
            if value < bar:
                high = value if parity < 0 else value - (value - parity) % 2
                below = True
                bar = min(high, bar - jump)
            else:
                low = value if parity < 0 else value + (value - parity) % 2
                above = True
                bar = max(low + step, bar + jump)
            jump *= 2
            if (below and above) or not low < bar <= high:
                bar = low + step * (((high - low) // step + 1) // 2)
        return low

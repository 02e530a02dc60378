"""Bounds of the value of the rest of a deal, cheaply, without a search (docs/solve.md): the
points still in play less those one side surely takes with its top trumps, what marriages can
still move, L'Hombre's points from the tricks each can still take.  The transposition table's
entries start from them (`brou.solve.play.Play.search`), and so does `solve`'s first window.
"""

from __future__ import annotations

from ..spec.rules import Rules
from .bits import BIT, popcount
from .native import i64, vec
from .state import AUCTION, HOW_PLAYED, HOW_STOPPED, INFINITE, PARTNERSHIP, TALON, PlayState


class BoundedPlay(PlayState):
    """The light state with bounds of what the rest of its deal can add."""

    def __init__(self, rules: Rules, kind: int, goal: str, side: list[bool]) -> None:
        super().__init__(rules, kind, goal, side)
        rules = self.rules
        self.by_points = vec[i64](sorted(rules.pack_cards, key=lambda c: rules.points[c]))  # `_cheapest`
        self.least_points: i64 = min(rules.points[c] for c in rules.pack_cards)  # and the cards worth least
        self.least_mask: i64 = sum(1 << c for c in rules.pack_cards if rules.points[c] == self.least_points)
        self.ranges: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}

    def bounds(self) -> tuple[i64, i64]:
        """Bounds on what the rest of the deal can add, cheaply, at the lead of a trick: the
        points still in play, less those one side surely takes (`_sure`), and what marriages can
        still move (`_announce_bound`, `_table_bound`); L'Hombre's points from the tricks each
        can still take."""
        kind = self.kind
        if kind == PARTNERSHIP:
            alive = self.hands_mask()
            low, high = self._end_bounds(alive, self._card_points(alive))
            mine, others = self._announce_bound(alive)
            return low - others, high + mine
        if kind == TALON and self.points_goal:
            alive = self.hands_mask() | self.stock_masks[self.done]
            run, holder, run_points = self._top_run(alive)
            ours, theirs = self._sure(run, holder, run_points)
            return ours, self._card_points(alive) - theirs
        if kind == AUCTION and self.done:
            return self._hombre_range()
        return -INFINITE, INFINITE

    def loose_bounds(self) -> tuple[int, int]:
        """Bounds at any moment (a trick half played, a window, a mark): the points still in play
        or on the table, every marriage whose cards are still there, the marks pending."""
        kind = self.kind
        alive = self.hands_mask() | (self.tmask[self.done * self.n + self.npos - 1] if self.npos else 0)
        if kind == PARTNERSHIP:
            rules = self.rules
            spread = self._card_points(alive) + rules.last_trick_bonus
            for entry in self.marking:
                spread += abs(entry[4]) * self.table_factor
            for suit in range(len(rules.suits)):
                if rules.kinds and alive & rules.kinds[0].masks[suit] == rules.kinds[0].masks[suit]:
                    factor = rules.trump_factor if suit == self.trump else 1
                    spread += sum(k.value for k in rules.kinds) * factor * self.announce_factor
                    spread += max(k.value for k in rules.kinds) * factor * rules.table_factor * self.table_factor
            return -spread, spread
        if kind == TALON and self.points_goal:
            return 0, self._card_points(alive | self.stock_masks[self.done])
        if kind == AUCTION and self.done:
            return self._hombre_range()
        return -INFINITE, INFINITE

    def _top_run(self, alive: i64) -> tuple[i64, i64, i64]:
        """The top trumps still in play that one side holds, each of them above every trump the
        other side holds or the talon still hides (each takes the trick it falls in for that
        side, whatever happens), as a mask, that side (1 the side searched, 0 the others, -1
        none) and their card points."""
        alive &= self.trump_cards
        if not alive:
            return 0, -1, 0
        ours: i64 = 0  # the cards of the side's hands, and of the others'
        theirs: i64 = 0
        hands = self.hands
        sides = self.mine
        for seat in range(self.n):
            if sides[seat]:
                ours |= hands[seat]
            else:
                theirs |= hands[seat]
        holder: i64 = -1
        run: i64 = 0
        points: i64 = 0
        worth = self.points
        for card in self.trumps:
            bit = BIT[card]
            if not alive & bit:
                continue
            if ours & bit:
                mine: i64 = 1
            elif theirs & bit:
                mine = 0
            else:
                break  # in the talon
            if holder >= 0 and mine != holder:
                break
            holder = mine
            run |= bit
            points += worth[card]
        return run, holder, points

    def _sure(self, run: i64, holder: i64, points: i64) -> tuple[i64, i64]:
        """The points a side surely takes: its top trumps (`_top_run`) and, once nothing is left
        to draw, the cards the others must give to the tricks they fall in: the player holding
        most of them wins as many tricks with them, and every other player who holds none plays
        one card to each (his cheapest, at least): (the side's, the others'); `points` are the
        top trumps' own."""
        if holder < 0:
            return 0, 0
        if self.stock_pos >= len(self.stock):
            tricks: i64 = 1  # the tricks those trumps fall in, at least: those of its player holding most
            hands = self.hands
            mine = self.mine
            if run & (run - 1):
                for hand in hands:
                    tricks = max(tricks, popcount(hand & run))
            for s in range(self.n):
                hand = hands[s]
                if mine[s] != holder or hand & run == 0:
                    points += self._cheapest(hand, tricks)
        if holder == 1:
            return points, 0
        return 0, points

    def _cheapest(self, hand: i64, count: i64) -> i64:
        """The points of the `count` cheapest cards of a hand."""
        least = hand & self.least_mask  # the cards worth least: enough of them is the answer
        if least and (count == 1 or popcount(least) >= count):
            return count * self.least_points
        total: i64 = 0
        points = self.points
        for card in self.by_points:
            if count == 0:
                break
            if hand >> card & 1:
                total += points[card]
                count -= 1
        return total

    def _announce_bound(self, alive: i64) -> tuple[i64, i64]:
        """At most what announcements can still move the value: per suit, each kind one of the
        side's hands holds whole and has not announced, and the same for the others: (mine,
        others')."""
        if not self.marriages or not self._probe(alive):
            return 0, 0
        mine: i64 = 0
        others: i64 = 0
        hands = self.hands
        n_kinds: i64 = len(self.kind_values)
        for i in range(len(self.kind_masks)):
            mask = self.kind_masks[i]
            if alive & mask != mask:
                continue  # a card of it gone: no hand can announce it
            for seat in range(self.n):
                if hands[seat] & mask == mask and (i // n_kinds, i % n_kinds) not in self.made[seat]:
                    if self.mine[seat]:
                        mine += self.announce_values[i]
                    else:
                        others += self.announce_values[i]
        return mine, others

    def _table_bound(self, alive: i64, run: i64, holder: i64) -> tuple[i64, i64]:
        """At most what table marriages can still move the value: per suit, the largest kind whose
        cards lie one in each of as many hands as it has cards (they can fall in one trick; two
        in one hand cannot), up and down, or only for the side of the top trumps (`_top_run`,
        holder) when one of them is among its cards (the trick it falls in is that side's):
        (up, down)."""
        if not self.marriages or not self._probe(alive):
            return 0, 0
        up_total: i64 = 0
        down_total: i64 = 0
        hands = self.hands
        masks = self.kind_masks
        n = self.n
        n_kinds: i64 = len(self.kind_values)
        i: i64 = 0
        for _suit in range(self.n_suits):
            up: i64 = 0
            down: i64 = 0
            for _kind in range(n_kinds):  # (names of their own: one `_` for both would be a boxed int)
                mask = masks[i]
                if alive & mask == mask:  # (a card of it gone or in the talon: no trick takes it whole)
                    split = True  # no hand holds two of its cards (one card a trick)
                    for seat in range(n):
                        part = hands[seat] & mask
                        if part & (part - 1):
                            split = False
                            break
                    if split:
                        value = self.table_values[i]
                        if holder != 0 or not mask & run:
                            up = max(up, value)
                        if holder != 1 or not mask & run:
                            down = max(down, value)
                i += 1
            up_total += up
            down_total += down
        return up_total, down_total

    def _hombre_range(self) -> tuple[int, int]:
        """The least and the most the hombre's points can still be, from the tricks taken and
        those left (every split of them), a vole made or missed where one may still be played."""
        counts = self.counts
        hombre = self.hombre
        tiers = [counts[s] for s in range(self.n) if s != hombre]
        left = self.n_tricks - self.done
        may_vole = self.vole == 0 and counts[hombre] == self.done and self.done <= self.vole_after
        key = (counts[hombre], tiers[0], tiers[1] if len(tiers) > 1 else 0, left, self.vole, 1 if may_vole else 0)
        found = self.ranges.get(key)
        if found is None:
            values = []
            voles = [self.vole] + ([1] if may_vole else [])
            for k in range(left + 1):
                for j in range(left - k + 1):
                    best = max(tiers[0] + j, (tiers[1] if len(tiers) > 1 else 0) + left - k - j)
                    for vole in voles:
                        values.append(self._points(HOW_PLAYED, vole, counts[hombre] + k, best))
            if may_vole:
                values.append(self._points(HOW_STOPPED, 0, self.vole_after, 0))
            found = (min(values), max(values))
            self.ranges[key] = found
        if self.side[hombre]:
            return found
        return -found[1], -found[0]

    def _end_bounds(self, alive: i64, points: i64) -> tuple[i64, i64]:
        """`bounds` of 1802 and Brouc but the announcements to come, the hands' cards `alive`
        worth `points`: all of them in `_endgame`, where nothing can be announced any more
        (`_cards_only`) and the points are carried (`end_points`)."""
        run, holder, run_points = self._top_run(alive)
        ours, theirs = self._sure(run, holder, run_points)
        spread = points + self.rules.last_trick_bonus
        up, down = self._table_bound(alive, run, holder)
        return 2 * ours - spread - down, spread - 2 * theirs + up

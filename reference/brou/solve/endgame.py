"""The last tricks of a deal without a general search (docs/solve.md): the last trick played out
and counted, and the last tricks of a deal of 1802 or Brouc that is cards alone searched by an
alpha-beta over the hands only, with a table of its own.
"""

from __future__ import annotations

from typing import Final

from ..spec.rules import Rules
from .bits import BIT, LOW, lowest, slot_of
from .bounds import BoundedPlay
from .native import i64, vec
from .state import INFINITE, MARK_ACTION, MARKING, OVER, PARTNERSHIP, PLAYING, TALON
from .table import narrowed

ENDGAME_TRICKS: Final[i64] = 6  # `_endgame` takes over this many tricks before the end
END_FIRST: Final[i64] = 1 << 10  # `_endgame`'s table: one entry a slot, the newest kept; its slots at first
END_SLOTS: Final[i64] = 1 << 18  # and at most
EMPTY_END: Final[i64] = -1
TOTAL_SLOTS: Final[i64] = 1 << 12  # `_table_total`'s
NO_QUICK: Final[i64] = INFINITE + 1  # `_last_cards`: the last trick needs the full play


def end_slot(cards: i64, words: vec[i64], base: i64, count: i64, size: i64) -> i64:
    """The slot of `_endgame`'s table of `size` slots for a position: the cards in the hands and
    the leader (`cards`), and the `count` hands from `words[base]` on, mixed in one by one as
    `slot_of` mixes one word."""
    mixed = cards
    for k in range(count):
        mixed = ((mixed ^ mixed >> 29) & 0x7FFFFFFF) * 0x9E3779B1 ^ words[base + k]
    return slot_of(mixed, size)


class EndgamePlay(BoundedPlay):
    """The light state with its last tricks played out or searched on their own."""

    def __init__(self, rules: Rules, kind: int, goal: str, side: list[bool]) -> None:
        super().__init__(rules, kind, goal, side)
        self.total_cards = vec[i64]([0] * TOTAL_SLOTS)  # `_table_total`: the tricks' cards (0: none)
        self.total_values = vec[i64]([0] * TOTAL_SLOTS)
        self.nodes = 0
        # `_endgame`'s table, made at its first use: per slot, the hands but the last, then the
        # cards in the hands and the leader (EMPTY_END: no entry), then the entry's lower and upper
        # bounds, n + 2 words side by side (one probe reads one stretch of memory)
        self.end_words = vec[i64]()
        self.end_size: i64 = 0  # its slots
        self.end_stored: i64 = 2  # entries stored since it was made (2: make it at the first)
        self.endgame_tricks: i64 = ENDGAME_TRICKS  # `_endgame` searches the last tricks of a deal of cards alone
        self.end_points: i64 = 0  # `_endgame`: the card points still in the hands

    def last_trick(self) -> i64:
        """The last trick, every hand down to one card: played out, its marriages marked, and
        counted, without a search."""
        if self.visit is None and self.phase == PLAYING:
            kind = self.kind
            if kind == PARTNERSHIP or (kind == TALON and self.points_goal):
                quick = self._last_cards()
                if quick != NO_QUICK:
                    return quick
        total = 0
        taken = 0
        while self.phase != OVER:
            if self.visit is not None:
                self.visit(self.history, self.legal_actions())
            if self.phase == MARKING:
                action = self.rules.pass_action + MARK_ACTION
            else:
                hand = self.hands[self._seat()]
                action = lowest(hand)
            total += self.apply(action)
            taken += 1
        total += self.terminal()
        for _ in range(taken):
            self.undo()
        return total

    def _last_cards(self) -> i64:
        """`last_trick` where the trick adds only its card points (1802 and Brouc with the last
        trick's bonus and its table marriages, Brusquembille's points): the one card of each
        hand, the winner from the beating table, no move made; NO_QUICK where a table marriage
        in it is marked by its winner (table_marking=players) or depends on the order of the
        cards (`_marriages_of`): the full play counts those."""
        n = self.n
        leader = self.leader
        hands = self.hands
        worth = self.points
        top = lowest(hands[leader])
        winner = leader
        mask = hands[leader]
        points = worth[top]
        for k in range(1, n):
            seat = (leader + k) % n
            card = hands[seat]
            mask |= card
            c = lowest(card)
            points += worth[c]
            if self.beating[top] & card:
                top, winner = c, seat
        if self.kind == TALON:
            return points if self.mine[winner] else i64(0)
        return self._counted(self.team_of[winner], mask, points, True)

    def _counted(self, team: i64, mask: i64, points: i64, last: bool) -> i64:
        """What a trick of 1802 or Brouc with the cards `mask` (worth `points`), taken by `team`,
        adds to the side's value (as `_finish_homme` counts it): its card points, the last
        trick's bonus where `last`, its table marriages; NO_QUICK where one of them is marked by
        its winner (table_marking=players) or depends on the order of the cards
        (`_marriages_of`)."""
        if last:
            points += self.rules.last_trick_bonus
        sign = self.signs[team]  # (`_sign`, `_table_gain`)
        gain = sign * points
        if self._probe(mask):
            if not self.marked_by_engine or self.marriages_memo is None:
                return NO_QUICK
            gain += sign * self._table_total(mask) * self.table_factor
        return gain

    def _table_total(self, mask: i64) -> i64:
        """What the table marriages of a finished trick whose cards are `mask` are worth together
        (`_marriages_of`, which must not be None), kept by the cards in a small table of machine
        integers (one slot each, the newest kept)."""
        slot = slot_of(mask, TOTAL_SLOTS)
        if self.total_cards[slot] == mask:
            return self.total_values[slot]
        found = self._marriages_of(mask)
        assert found is not None
        total: i64 = 0
        for _, _, value in found:
            total += value
        self.total_cards[slot] = mask
        self.total_values[slot] = total
        return total

    def _cards_only(self) -> bool:
        """Whether the rest of a deal of 1802 or Brouc is cards alone: no hand may announce a
        marriage (`announceable` is empty, with a cheap `_probe` first), so nobody will (a hand
        only loses cards, and what fewer cards allow is part of what more allowed) and every
        window is passed; what was announced before no longer moves the value; the table
        marriages are counted by the engine and their value does not depend on the order of
        the trick's cards (`_marriages_of`).  Then `_endgame` searches it."""
        if (self.kind != PARTNERSHIP or self.probe_all or not self.marked_by_engine or self.marriages_memo is None
                or self.visit is not None):
            return False
        for seat in range(self.n):
            hand = self.hands[seat]
            if self._probe(hand) and self._announceable(seat, hand):
                return False
        return True

    def _endgame(self, alpha: i64, beta: i64, own_entry: bool) -> i64:
        """`search` at the lead of a trick of a deal that is cards alone (`_cards_only`), near its
        end: the same value, by an alpha-beta over the hands alone, without the words, the undo
        stack and the general key, each trick counted where it is finished (as `_finish_homme`
        and `_last_cards` count it).  Its own table holds bounds by the hands and the leader
        (`own_entry`: not at the position the general search handed over, which the general
        table keeps); a position it has no entry for starts from `_end_bounds`."""
        self.nodes += 1
        if self.done + 1 == self.n_tricks:
            return self._last_cards()
        n = self.n
        alive = self.hands_mask()
        cards = alive | self.leader << self.rules.n_indices  # and who leads
        low, high = -INFINITE, INFINITE
        base: i64 = 0
        if own_entry:
            size = self.end_size
            if 8 * self.end_stored >= size and size < END_SLOTS:
                self._end_table(max(END_FIRST, 4 * size))
                size = self.end_size
            hands = self.hands
            words = self.end_words
            base = end_slot(cards, hands, 0, n - 1, size) * (n + 2)
            same = words[base + n - 1] == cards
            if same:
                for seat in range(n - 1):
                    if words[base + seat] != hands[seat]:
                        same = False
                        break
            if same:
                low, high = words[base + n], words[base + n + 1]
            else:
                low, high = self._end_bounds(alive, self.end_points)
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        value = self._end_card(0, -1, -1, self.leader, 0, 0, alpha, beta)
        if own_entry:
            low, high = narrowed(low, high, value, alpha, beta)
            self.end_stored += 1
            words = self.end_words
            hands = self.hands
            for seat in range(n - 1):
                words[base + seat] = hands[seat]
            words[base + n - 1] = cards
            words[base + n] = low
            words[base + n + 1] = high
        return value

    def _end_table(self, size: i64) -> None:
        """`_endgame`'s table made anew with `size` slots (a power of two), its entries moved into
        it: it grows as the search meets more positions, so that a small search makes only a
        small one."""
        n = self.n
        stride = n + 2
        words = self.end_words
        self.end_words = vec[i64]([EMPTY_END] * (size * stride))
        self.end_stored = 0
        for k in range(self.end_size):
            base = k * stride
            cards = words[base + n - 1]
            if cards != EMPTY_END:
                at = end_slot(cards, words, base, n - 1, size) * stride
                for j in range(stride):
                    self.end_words[at + j] = words[base + j]
        self.end_size = size

    def _end_card(self, npos: i64, led: i64, top: i64, top_seat: i64, table: i64, points: i64, alpha: i64,
                  beta: i64) -> i64:
        """`_endgame` at the card `npos` of the trick; after the lead, the trick led in class
        `led`, its best card `top` (of `top_seat`), its cards `table` and their `points`."""
        if npos:
            self.nodes += 1
        n = self.n
        seat = self.leader + npos
        if seat >= n:
            seat -= n
        hands = self.hands
        legal = self._following(hands[seat], led, top, table) if npos else hands[seat]
        maximising = self.mine[seat] == 1
        ours = self.mine[top_seat] == self.mine[seat]
        value = -INFINITE if maximising else INFINITE
        beating = self.beating[top] if npos else i64(-1)  # (the lead takes the trick so far)
        values = self.value
        place = self.place
        stronger = self.stronger
        gone = self.gone
        eq_mask = self.eq_mask
        while legal:
            # leading, the strongest card left of its class first, the ones worth most first, then
            # the cheapest; following, points onto a trick one's side holds, a cheap winner onto
            # the other's, else a cheap card
            card: i64 = -1
            score: i64 = -INFINITE
            rest = legal
            while rest:
                part = rest & 0xFFFF  # `lowest`, written out: the loop is the search's hottest
                if part:
                    c = LOW[part]
                else:
                    part = rest >> 16 & 0xFFFF
                    c = 16 + LOW[part] if part else 32 + LOW[rest >> 32 & 0xFFFF]
                rest &= rest - 1
                worth = values[c]
                if npos == 0:
                    s = (1000 + worth) if stronger[c] & ~gone & ~hands[seat] == 0 else -worth
                elif ours:
                    s = worth - (i64(500) if beating >> c & 1 else i64(0))
                elif beating >> c & 1:
                    s = 600 - place[c] * 4 - worth
                else:
                    s = -worth * 4 + place[c]
                if s > score:
                    card, score = c, s
            legal ^= BIT[card]
            if legal & eq_mask[card]:
                legal &= ~self._equivalent(card, legal)
            hands[seat] ^= BIT[card]
            wins = beating >> card & 1 == 1
            if npos + 1 < n:
                found = self._end_card(npos + 1, led if npos else self.class_of[card], card if wins else top,
                                       seat if wins else top_seat, table | BIT[card], points + self.points[card],
                                       alpha, beta)
            else:
                found = self._end_trick(seat if wins else top_seat, table | BIT[card], points + self.points[card],
                                        alpha, beta)
            hands[seat] ^= BIT[card]
            if maximising:
                if found > value:
                    value = found
                    if value > alpha:
                        alpha = value
            elif found < value:
                value = found
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return value

    def _equivalent(self, card: i64, legal: i64) -> i64:
        """The cards of `legal` that are worth the same as `card` and touch it in their class's
        order, through cards out of play or of the same kind (as `_order` merges them)."""
        same = legal & self.eq_mask[card]
        if not same:
            return 0
        allowed = same | self.gone
        stronger = self.stronger
        found: i64 = 0
        rest = same
        while rest:
            c = lowest(rest)
            rest ^= BIT[c]
            if (stronger[c] ^ stronger[card]) & ~BIT[c] & ~BIT[card] & ~allowed == 0:
                found |= BIT[c]
        return found

    def _end_trick(self, winner: i64, mask: i64, points: i64, alpha: i64, beta: i64) -> i64:
        """`_endgame` once a trick's last card is down: what the trick adds (as `_finish_homme`
        counts it), and the rest of the deal from its winner's lead."""
        done = self.done + 1
        gain = self._counted(self.team_of[winner], mask, points, done == self.n_tricks)
        assert gain != NO_QUICK  # (`_cards_only`)
        if done == self.n_tricks:
            return gain
        leader, gone = self.leader, self.gone
        self.leader, self.done, self.gone = winner, done, gone | mask
        self.end_points -= points
        rest = self._endgame(alpha - gain, beta - gain, True)
        self.end_points += points
        self.leader, self.done, self.gone = leader, done - 1, gone
        return gain + rest

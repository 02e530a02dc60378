"""The double-dummy search's move ordering (docs/solve.md, "How it searches"): the actions to
search at a node, best first: the table's best action, then cheap winners, then cheap discards;
cards that touch in their class's order and are worth the same searched once.
"""

from __future__ import annotations

from typing import Final

from ..spec.rules import Rules
from .bits import BIT, lowest, popcount
from .endgame import EndgamePlay
from .native import i64, vec
from .state import MARKING, NO_WORDS, PARTNERSHIP, PLAYING

WORD: Final = 1 << 20  # `relative`: a word kept as the table's best action


def depth_row(rows: list[vec[i64]], ply: i64, width: i64) -> vec[i64]:
    """`rows[ply]`, the row a node `ply` calls deep into writes (its actions, its key), made of
    `width` zeros the first time it is asked for and kept for every later node that deep."""
    while len(rows) <= ply:
        rows.append(vec[i64]([0] * width))
    return rows[ply]


class OrderedPlay(EndgamePlay):
    """The light state with the order its actions are searched in."""

    def __init__(self, rules: Rules, kind: int, goal: str, side: list[bool]) -> None:
        super().__init__(rules, kind, goal, side)
        self.ply: i64 = 0  # the depth of the search's node: its row in `rows`
        self.rows: list[vec[i64]] = []  # per depth, the actions to search (`_order`)

    def relative(self, action: i64) -> i64:
        """An action as the table keeps it: a card by its class and how many cards of that class
        still in play are stronger (so that it names the same card in every position of the
        entry, `key`), a word by its id above the cards."""
        if action >= self.rules.n_indices:
            return WORD + action
        return self.class_of[action] * 64 + popcount(self.stronger[action] & ~self.gone)

    def _order(self, best: i64, ply: i64) -> i64:
        """The actions to search here, best first, written into `rows[ply]`; how many: the legal
        ones, cards that are worth the same and touch in their class's order merged into the
        strongest; the table's best action, then a guess.  In 1802 and Brouc, a player who may
        announce a marriage announces before he plays or passes, and the winner of a trick with
        a table marriage marks it: each adds to his side's count and takes nothing from what he
        may do after (docs/solve.md), so the other actions there can only be worth as much or
        less."""
        row = depth_row(self.rows, ply, self.rules.pass_action + 16)  # every card and word, at most
        words = self.words() if self.words_in_play or self.phase != PLAYING else NO_WORDS
        legal = self.legal_cards()
        if self.visit is not None:
            self.visit(self.history, self.rules.mask_to_list(legal) + words)
        count: i64 = 0
        if self.kind == PARTNERSHIP and words:
            if self.phase == MARKING:
                row[0] = words[0]  # mark: the marriages count for the winner's side
                return 1
            for word in words:
                if word < self.rules.pass_action:
                    row[count] = word
                    count += 1
            if count:
                return count
        if not legal:
            for word in words:
                row[count] = word
                count += 1
            return count
        if not words and legal & (legal - 1) == 0:
            row[0] = lowest(legal)  # one card: nothing to order
            return 1
        n = self.n
        seat = self._seat()
        # each card after its guess, as one number: -guess * 64 + card, in order
        gone = self.gone
        stronger = self.stronger
        class_of = self.class_of
        eq_key = self.eq_key
        prev: i64 = -1
        npos = self.npos
        i = self.done * n + npos - 1
        top: i64 = self.ttop[i] if npos else i64(-1)
        ours = npos > 0 and self.mine[self.tseat[i]] == self.mine[seat]
        beating: i64 = self.beating[top] if npos else i64(0)
        order: i64 = legal if self.by_suit else i64(0)  # the strength order is the cards' order: lowest bit first
        walk: i64 = 0
        card: i64 = 0
        guess: i64 = 0
        strength = self.by_strength
        by_suit = self.by_suit
        values = self.value
        place = self.place
        hand = self.hands[seat]
        while True:
            if by_suit:
                if not order:
                    break
                card = lowest(order)
                order ^= BIT[card]
            else:
                if walk == len(strength):
                    break
                card = strength[walk]
                walk += 1
                if not legal >> card & 1:
                    continue
            if (prev >= 0 and class_of[prev] == class_of[card] and eq_key[prev] == eq_key[card]
                    and stronger[card] & ~stronger[prev] & ~BIT[prev] & ~gone == 0):
                prev = card
                continue
            prev = card
            worth: i64 = values[card]
            if best >= 0 and best == class_of[card] * 64 + popcount(stronger[card] & ~gone):
                guess = 1 << 20
            elif npos == 0:
                top_of_class = stronger[card] & ~gone & ~hand == 0
                guess = (1000 + worth) if top_of_class else -worth - place[card]
            elif ours:
                guess = worth - (i64(500) if beating >> card & 1 else i64(0))
            elif beating >> card & 1:
                guess = 600 + place[card] * 4 - worth
            else:
                guess = -worth * 4 - (8 - place[card])
            item: i64 = -guess * 64 + card
            k = count
            while k > 0 and row[k - 1] > item:  # a few cards: an insertion sort
                row[k] = row[k - 1]
                k -= 1
            row[k] = item
            count += 1
        for k in range(count):
            row[k] &= 63
        for word in words:
            row[count] = word
            count += 1
        return count

    def groups(self, legal: int) -> dict[int, int]:
        """The legal cards `_order` merges into another, each with the card searched for it."""
        out: dict[int, int] = {}
        rep = prev = -1
        for card in self.by_strength:
            if not legal >> card & 1:
                continue
            if (prev >= 0 and self.class_of[prev] == self.class_of[card] and self.eq_key[prev] == self.eq_key[card]
                    and self.stronger[card] & ~self.stronger[prev] & ~BIT[prev] & ~self.gone == 0):
                out[card] = rep
            else:
                rep = card
            prev = card
        return out

"""The double-dummy search's transposition table (docs/solve.md, "How it searches"): bounds of
the value of positions at the lead of a trick, by their key, in machine integers.

A key is a row of integers (`brou.solve.play.Play.key`), each below 1 << 62, given as a vector and
how many of its first integers are the key.  The table is open
addressing: a slot holds the key's hash and where its entry lies in `pool`, one row of integers
after another: the key's length, the key, then the entry's lower bound, upper bound and best
action.  A lookup compares the whole key, never the hash alone, so two positions never share an
entry.  The slots double whenever half of them are taken; past MOST entries the table is
emptied, as a table of bounded size must be: the search stays exact, it only searches again
what it forgot.

Everything is a `vec[i64]` (`brou.solve.native`): compiled, the table is arrays of machine words
with no Python object per entry; run as Python, the same code works on lists of ints.
"""

from __future__ import annotations

from typing import Final

from .native import append, i64, vec

FIRST: Final[i64] = 1 << 10  # slots at first; doubled whenever half are taken
MOST: Final[i64] = 1_000_000  # entries before the table is emptied
HASH_BITS: Final[i64] = (1 << 40) - 1
EMPTY: Final[i64] = -1
MISSING: Final[i64] = -1  # `find`: no entry


def hashed(key: vec[i64], begin: i64, n: i64) -> i64:
    """The hash of the n integers of `key` from `begin` (below 1 << 40)."""
    h: i64 = n
    for k in range(begin, begin + n):
        word = key[k]
        h = (h * 1_000_003 ^ word ^ word >> 40) & HASH_BITS
    return h


def narrowed(low: int, high: int, value: int, alpha: int, beta: int) -> tuple[int, int]:
    """A transposition entry's bounds (low, high) after a search of (alpha, beta) found `value`:
    an upper bound when it failed low, a lower bound when it failed high, else exact."""
    if value <= alpha:
        return low, min(high, value)
    if value >= beta:
        return max(low, value), high
    return value, value


class Table:
    """Bounds (low, high) and a best action per key; see the module's docstring."""

    def __init__(self) -> None:
        self.size: i64 = FIRST
        self.slots = vec[i64]([EMPTY] * FIRST)  # where the slot's entry begins in `pool`
        self.hashes = vec[i64]([0] * FIRST)
        self.pool = vec[i64]()
        self.entries: i64 = 0
        self.emptied: i64 = 0  # times emptied: an entry's place from before is no longer its
        self.slot: i64 = 0  # `find`: the slot it ended on (the key's, or the empty one for it)
        self.hashed: i64 = 0  # `find`: the key's hash

    def __len__(self) -> int:
        return self.entries

    def clear(self) -> None:
        """Forget every entry."""
        self.size = FIRST
        self.slots = vec[i64]([EMPTY] * FIRST)
        self.hashes = vec[i64]([0] * FIRST)
        self.pool = vec[i64]()
        self.entries = 0
        self.emptied += 1

    def find(self, key: vec[i64], n: i64) -> i64:
        """Where the entry of the key (the first n integers of `key`) lies in `pool` (its bounds
        at `+ 1 + n`), or MISSING; either way it leaves the slot for `store`, and the key's hash
        in `hashed`."""
        return self._lookup(key, n, hashed(key, 0, n))

    def _lookup(self, key: vec[i64], n: i64, h: i64) -> i64:
        """`find` of a key whose hash is h."""
        self.hashed = h
        slots = self.slots
        hashes = self.hashes
        pool = self.pool
        mask = self.size - 1
        i = h & mask
        while True:
            at = slots[i]
            if at == EMPTY:
                self.slot = i
                return MISSING
            if hashes[i] == h and pool[at] == n:
                same = True
                for k in range(n):
                    if pool[at + 1 + k] != key[k]:
                        same = False
                        break
                if same:
                    self.slot = i
                    return at
            i = (i + 1) & mask

    def store(self, key: vec[i64], n: i64, h: i64, at: i64, low: i64, high: i64, best: i64) -> None:
        """Write the entry of the key (its first n integers, its hash h as `find` left it): in
        place at `at` where `find` gave it (and the table was not emptied since), else where it
        is now, else a new one (the table emptied first when full)."""
        if at == MISSING:
            at = self._lookup(key, n, h)
        if at != MISSING:
            pool = self.pool
            pool[at + 1 + n] = low
            pool[at + 2 + n] = high
            pool[at + 3 + n] = best
            return
        if self.entries >= MOST:
            self.clear()
            self._lookup(key, n, h)
        elif 2 * (self.entries + 1) > self.size:
            self._grow()
            self._lookup(key, n, h)
        pool = self.pool
        begin: i64 = len(pool)
        pool = append(pool, n)
        for k in range(n):
            pool = append(pool, key[k])
        pool = append(pool, low)
        pool = append(pool, high)
        pool = append(pool, best)
        self.pool = pool
        self.slots[self.slot] = begin
        self.hashes[self.slot] = self.hashed
        self.entries += 1

    def _grow(self) -> None:
        """Twice the slots, every entry in its new slot."""
        size = self.size * 2
        mask = size - 1
        slots = vec[i64]([EMPTY] * size)
        hashes = vec[i64]([0] * size)
        pool = self.pool
        at: i64 = 0
        while at < len(pool):
            n = pool[at]
            h = hashed(pool, at + 1, n)
            i = h & mask
            while slots[i] != EMPTY:
                i = (i + 1) & mask
            slots[i] = at
            hashes[i] = h
            at += n + 4
        self.size = size
        self.slots = slots
        self.hashes = hashes

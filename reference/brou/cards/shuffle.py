"""The documented shuffle: the same seed gives the same deal in any language.

Generator: SplitMix64 (Steele, Lea and Flood, 2014).  The state starts as the seed,
an unsigned 64-bit integer; each draw adds 0x9E3779B97F4A7C15 to the state
(mod 2**64) and returns the state mixed by

    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod 2**64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64
    z =  z ^ (z >> 31)

Shuffle of n cards (a uniform random permutation, in mixed radix):

1. Let k be the number of 64-bit words needed to hold n! (k = 2 for 32 cards,
   since 32! < 2**118) and L = n! * floor(2**(64k) / n!).
2. Draw k words x1 .. xk and form X = x1 * 2**(64(k-1)) + ... + xk.  If X >= L,
   draw k more and form X again (rare: fewer than 1 in 1000 seeds for 32 cards),
   so that X is uniform on a whole number of copies of n!.
3. Start from the deck in canonical order (card index 0 .. n-1: suits in the
   ruleset's order, ranks strongest first within each suit: AS TS KS ... 8C 7C).
   For i = n-1 down to 1: j = X mod (i+1); X = X div (i+1); swap positions i and j
   (Fisher-Yates with the digits of X).
4. Position 0 of the result is the top of the pack, dealt first.

Languages without 128-bit integers can keep X as k words and divide by i+1 with
schoolbook long division.  tests/test_shuffle.py holds reference permutations.
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial
from typing import Final

MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
MIX1: Final = 0xBF58476D1CE4E5B9
MIX2: Final = 0x94D049BB133111EB
MAX_SEED = MASK64


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: (new state, 64-bit output)."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return state, z ^ (z >> 31)


@lru_cache(maxsize=16)
def _words_and_limit(n: int) -> tuple[int, int]:
    count = factorial(n)
    k = max(1, (count.bit_length() + 63) // 64)
    return k, (1 << (64 * k)) // count * count


def swaps(n: int, seed: int) -> list[int]:
    """The positions j that `seed` gives to swap with positions n - 1 down to 1 (steps 1, 2
    and 4 above): j = X mod (i + 1), X = X div (i + 1)."""
    return _digits(_number(n, seed), n)


@lru_cache(maxsize=16)
def _word_chunks(n: int) -> tuple[tuple[int, int, int], ...]:
    """The radices n, n - 1, ..., 2 in runs whose product stays below 2**62: (first i, last i
    + 1, product) for each run, i counting down."""
    runs = []
    i = n - 1
    while i >= 1:
        product, m = 1, i
        while m >= 1 and product * (m + 1) < 1 << 62:
            product *= m + 1
            m -= 1
        runs.append((i, m, product))
        i = m
    return tuple(runs)


def _digits(x: int, n: int) -> list[int]:
    """The j of steps 2 and 4 for i = n - 1 down to 1: j = X mod (i + 1), X = X div (i + 1).
    Worked a machine word at a time (the same digits, faster than dividing the big X 31 times):
    X is divided by the product of the next radices that fits in 62 bits, and the digits of
    the remainder in those radices are X's."""
    out = []
    for first, last, product in _word_chunks(n):
        x, rest = divmod(x, product)
        for i in range(first, last, -1):
            out.append(rest % (i + 1))  # % and // rather than divmod: compiled, machine arithmetic
            rest //= i + 1
    return out


def _number(n: int, seed: int) -> int:
    """X, the number `seed` gives for a shuffle of n cards (steps 1 and 2 above)."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to {MAX_SEED}")
    k, limit = _words_and_limit(n)
    state = seed
    while True:
        x = 0
        for _ in range(k):
            state, z = splitmix64(state)
            x = x << 64 | z
        if x < limit:
            return x


def permuted(n: int, js: list[int]) -> list[int]:
    """The canonical order of range(n) with positions n - 1 down to 1 swapped with the
    positions `js` (step 4 above; each j from 0 to i)."""
    deck = list(range(n))
    for i, j in zip(range(n - 1, 0, -1), js, strict=True):
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def shuffled(n: int, seed: int) -> list[int]:
    """The permutation of range(n) that `seed` gives (steps 1 to 4 above):
    `permuted(n, swaps(n, seed))`, each swap made as its position is drawn."""
    x = _number(n, seed)
    deck = list(range(n))
    for first, last, product in _word_chunks(n):  # `_digits`, each swap made as its j comes
        x, rest = divmod(x, product)
        for i in range(first, last, -1):
            j = rest % (i + 1)
            rest //= i + 1
            deck[i], deck[j] = deck[j], deck[i]
    return deck

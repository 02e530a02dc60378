"""The cards of the double-dummy search as bits of machine integers (docs/solve.md): how many a
mask holds, its lowest, the cards of a set of places packed together (`PEXT`), and the slot of a
word in a table of kept answers.

The search's ints are `i64`, mypyc's machine integers (`brou.solve.native`), which have no
`bit_count`: these tables answer 16 bits at a time.
"""

from __future__ import annotations

from typing import Final

from .native import i64, vec


def _pext_table() -> list[int]:
    """For each set of places `a` (8 bits) and cards `h`, at index a * 256 + h: the cards of `h`
    among `a` packed to the low bits in order (the `pext` instruction)."""
    out = []
    for a in range(256):
        for h in range(256):
            packed = 0
            k = 0
            for r in range(8):
                if a >> r & 1:
                    if h >> r & 1:
                        packed |= 1 << k
                    k += 1
            out.append(packed)
    return out


PEXT: Final = vec[i64](_pext_table())
BIT: Final = vec[i64]([1 << k for k in range(63)])  # BIT[k] is 1 << k: mypyc 2.4 shifts a constant 1 in 32 bits
POP: Final = vec[i64]([k.bit_count() for k in range(1 << 16)])  # the bits set in 16 bits
LOW: Final = vec[i64]([(k & -k).bit_length() - 1 for k in range(1 << 16)])  # the lowest bit set in 16 bits (-1: none)


def popcount(mask: i64) -> i64:
    """The cards in a mask (below 1 << 48), by 16 bits at a time: a native int has no
    `bit_count` (the search's ints are `i64`, mypyc's machine integers)."""
    return POP[mask & 0xFFFF] + POP[mask >> 16 & 0xFFFF] + POP[mask >> 32 & 0xFFFF]


def lowest(mask: i64) -> i64:
    """The index of the lowest card of a mask that is not empty (below 1 << 48)."""
    if mask & 0xFFFF:
        return LOW[mask & 0xFFFF]
    if mask >> 16 & 0xFFFF:
        return 16 + LOW[mask >> 16 & 0xFFFF]
    return 32 + LOW[mask >> 32 & 0xFFFF]


def slot_of(word: i64, size: i64) -> i64:
    """The slot of a word (below 1 << 62) in a table of `size` slots (a power of two, at most
    1 << 39): the word folded into 31 bits, then a multiplicative hash (below 1 << 63)."""
    return (((word ^ word >> 29) & 0x7FFFFFFF) * 0x9E3779B1) >> 24 & (size - 1)


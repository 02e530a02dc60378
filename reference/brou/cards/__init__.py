"""The cards: small value types and their text, below the rules of any chapter.

The shuffle (`shuffle`: the documented seeded permutation), the packets, the cut and a dealt
deal (`deal`: `Deal`), seats and players around the table (`seating`: `Seating`). A module
here may import `brou.errors` and `brou.spec`, nothing else of `brou` (tests/test_layers.py).
"""

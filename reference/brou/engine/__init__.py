"""The engine: the phase engine and what every deal offers a library user.

The deal classes and their phases (`phases`: `PhaseDeal`; `homme`: `HommeDeal`, 1802 and Brouc;
`hombre`: `HombreDeal`), the choice of
the class for a ruleset (`deals`), what any position offers (`position`: text, equality, undo,
perft; `positions`, `picture`, `notation`), the view of one player in every game (`view`), the
text of a deal of every game and of a session (`text`), the session of several deals in every
game (`session`, `marks`), the bots that play them (`bots`), the game record (`record`), and
1802's and Brouc's score sheets (`sheet`: the marque and the slate). A module here may import
`brou.errors`, `brou.spec`, `brou.cards`, `brou.laws` and the engine's own modules, nothing
above it: neither the conformance layer nor the products (tests/test_layers.py).
"""

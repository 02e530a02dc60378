"""The engine: the phase engine and what every deal offers a library user.

The deal classes and their phases (`phases`: `PhaseDeal`; `homme`: `HommeDeal`, 1802 and Brouc;
`hombre`: `HombreDeal`), the choice of
the class for a ruleset (`deals`), what any position offers (`position`: text, equality, undo,
perft; `positions`, `picture`, `notation`), the view of one player in every game (`view`), the
text of a deal of every game and of a session (`text`), the session of several deals in every
game (`session`, `marks`), the bots that play them (`bots`) and the game record (`record`).
`engine.partnership` holds what is still 1802's and Brouc's own (their sheets) until it joins the rest
(docs/design.md, "One engine"). A module here may import
`brou.errors`, `brou.spec`, `brou.cards`, `brou.laws` and the engine's own modules, nothing
above it: neither the conformance layer nor the products (tests/test_layers.py).
"""

"""The laws: the rules of each chapter, one function per clause (`@implements`), as the Laws
of bridge are the rules of the game.

Following and the trick (`play`, `following`), marriages, counting, the game's claims and
values (`game`), the talon, the speech, the auction and the contracts, the exchange, kings,
payments, the ledger and the results of a deal, and the draw for the first dealer
(`first_dealer`). These are functions of the compiled rules and
of plain values: no deal class lives here. A module here may import `brou.errors`, `brou.spec`
and `brou.cards`, and the other laws, nothing else of `brou` (tests/test_layers.py).
"""

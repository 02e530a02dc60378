"""The partnership engine of L'Homme de Brou (1802) and Brouc: the second engine, which a later
step of issue 35 brings onto the phase engine (docs/design.md, "One engine").

One deal in progress (`state`: `HommeDeal`), what each player sees of it (`view`), its text
and data (`text`), the games and matches (`match`) and the score sheets (`sheet`). It is part
of the engine's layer: a module here may import what `brou.engine` may, and the phase engine's
own modules (tests/test_layers.py).
"""

"""What is still 1802's and Brouc's own, beside their deal class on the phase engine
(`brou.engine.homme.HommeDeal`), until it joins the rest (docs/design.md, "One engine"): the
score sheets (`sheet`; what a player sees and the text of a deal are every game's,
`brou.engine.view` and `brou.engine.text`); `match` keeps the former name of the match
(`Match`, now `brou.engine.session.Session`) for one release. It is part of the engine's layer:
a module here may import what `brou.engine` may, and the phase engine's own modules
(tests/test_layers.py).
"""

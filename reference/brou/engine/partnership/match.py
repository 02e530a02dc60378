"""What `brou.engine.partnership.match` was until issue 35: 1802's and Brouc's matches, which
`brou.engine.session.Session` plays now with every other game's sessions (docs/design.md,
"8. Sessions").  Its documented name, `Match` (docs/game.md until then), stays for one release.
"""

from ..session import Session

Match = Session  # the former name of 1802's and Brouc's match: an alias of Session for one release

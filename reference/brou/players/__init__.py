"""Players: the bots of the engine (`brou.engine.bots`) and the players built on it, by name.

`careful` (`brou.players.careful`) plays every game from what its seat sees and says why; the
players' booklets comment a deal it plays.  `players_of(rules)` is every player that plays a
ruleset, by name, for `brou match --bots` and the books.
"""

from __future__ import annotations

from ..engine.bots import BOTS, Bot, bots_of
from ..spec.rules import Rules
from .careful import Choice, careful_bot, choose

__all__ = ["PLAYER_NAMES", "Bot", "Choice", "careful_bot", "choose", "players_of"]

PLAYER_NAMES = (*BOTS, "careful")  # every game has a player of each name


def players_of(rules: Rules) -> dict[str, Bot]:
    """Every player of `rules` by name: the engine's bots, then the careful player."""
    return {**bots_of(rules), "careful": careful_bot}

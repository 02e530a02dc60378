"""Players: the bots of the engine (`brou.engine.bots`) and the players built on it, by name.

`careful` (`brou.players.careful`) plays every game from what its seat sees and says why; the
players' booklets comment a deal it plays.  `pimc` (`brou.players.pimc`) sees what
`brou.engine.view.view` shows its seat (its own cards, every card played, what was said or
shown, the turned card where it lies face up, a partner's hand where partners show theirs),
deals the unseen cards again consistently with all of it, solves each world double-dummy
(`brou.solve`) and takes the best action on average.  `players_of(rules)` is every player that plays a
ruleset, by name, for `brou match --bots` and the books.
"""

from __future__ import annotations

from ..engine.bots import BOTS, Bot, bots_of
from ..spec.rules import Rules
from .careful import Choice, careful_bot, choose
from .pimc import Pimc, pimc_bot

__all__ = ["PLAYER_NAMES", "Bot", "Choice", "Pimc", "careful_bot", "choose", "pimc_bot", "players_of"]

PLAYER_NAMES = (*BOTS, "careful", "pimc")  # every game has a player of each name


def players_of(rules: Rules) -> dict[str, Bot]:
    """Every player of `rules` by name: the engine's bots, then the careful player and the PIMC player."""
    return {**bots_of(rules), "careful": careful_bot, "pimc": pimc_bot}

"""Players: the bots of the engine (`brou.engine.bots`) and the players built on it, by name.

`careful` (`brou.players.careful`) plays every game from what its seat sees and says why; the
players' booklets comment a deal it plays.  `pimc` (`brou.players.pimc`) sees what
`brou.engine.view.view` shows its seat (its own cards, every card played, what was said or
shown, the turned card where it lies face up, a partner's hand where partners show theirs),
deals the unseen cards again consistently with all of it, solves each world double-dummy
(`brou.solve`) and takes the best action on average; `search` (`brou.players.search`) decides
every phase so, the auction, the exchange, the speech and the game's claims and declarations
included, weighting the worlds by how well they explain what the others said.  `players_of(rules)` is every player that plays a
ruleset, by name, for `brou match --bots` and the books.
"""

from __future__ import annotations

from ..engine.bots import BOTS, Bot, bots_of
from ..spec.rules import Rules
from .careful import Choice, careful_bot, choose
from .pimc import Pimc, pimc_bot
from .search import Search, search_bot

__all__ = ["PLAYER_NAMES", "Bot", "Choice", "Pimc", "Search", "careful_bot", "choose", "pimc_bot", "players_of",
           "search_bot"]

PLAYER_NAMES = (*BOTS, "careful", "pimc", "search")  # every game has a player of each name


def players_of(rules: Rules) -> dict[str, Bot]:
    """Every player of `rules` by name: the engine's bots, then the careful player, the PIMC
    player and the search player."""
    return {**bots_of(rules), "careful": careful_bot, "pimc": pimc_bot, "search": search_bot}

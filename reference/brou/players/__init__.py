"""Players: the bots of the engine (`brou.engine.bots`) and the players built on it, by name.

`careful` (`brou.players.careful`) plays every game from what its seat sees and says why; the
players' booklets comment a deal it plays.  `pimc` (`brou.players.pimc`) sees what
`brou.engine.view.view` shows its seat (its own cards, every card played, what was said or
shown, the turned card where it lies face up, a partner's hand where partners show theirs),
deals the unseen cards again consistently with all of it, solves each world double-dummy
(`brou.solve`) and takes the best action on average; `search` (`brou.players.search`) decides
every phase so, the auction, the exchange, the speech and the game's claims and declarations
included, weighting the worlds by how well they explain what the others said.
`brou.players.names` is the registry of
every player by name, with the parameters each takes (`pimc:samples=8:early=4`), and reads a
player's spec; `players_of(rules)` is every player that plays a ruleset, by name, at its
defaults, for the books.
"""

from __future__ import annotations

from ..engine.bots import Bot
from ..spec.rules import Rules
from .careful import Choice, careful_bot, choose
from .names import REGISTRY, PlayerSpec, parse_player, parse_players
from .pimc import Pimc, pimc_bot
from .search import Search, search_bot

__all__ = ["PLAYER_NAMES", "REGISTRY", "Bot", "Choice", "Pimc", "PlayerSpec", "Search", "careful_bot", "choose",
           "parse_player", "parse_players", "pimc_bot", "player_bot", "players_of", "search_bot"]

PLAYER_NAMES = tuple(REGISTRY)  # every game has a player of each name


def players_of(rules: Rules) -> dict[str, Bot]:
    """Every player of `rules` by name, at its defaults: the engine's bots, then the careful
    player, the PIMC player and the others of the registry."""
    return {name: PlayerSpec(name).bot(rules) for name in REGISTRY}


def player_bot(rules: Rules, spec: str | PlayerSpec) -> Bot:
    """The player a spec names (`pimc:samples=8`), built for `rules`; UsageError for a bad spec."""
    return (spec if isinstance(spec, PlayerSpec) else parse_player(spec)).bot(rules)

"""Players as the table copy names them: by their seats, never by a number from 0.

The engines number a session's players 0, 1, 2 ... in the order of play.  The books name
them as players would: in the partnership games (two sides of two) by the points of the
compass, South first, partners facing each other; in the games where each plays for himself
(or in Brusquembille's pairs) by first names.  Both follow the ruleset's direction of play
(`players.direction`): counterclockwise, each next player sits on the right of the one
before (South, East, North, West); clockwise, on his left (South, West, North, East).
"""

from __future__ import annotations

from ..spec.rules import Rules

COMPASS = {
    "en": {"S": "South", "E": "East", "N": "North", "W": "West"},
    "fr": {"S": "Sud", "E": "Est", "N": "Nord", "W": "Ouest"},
}
# first names for the games where each plays for himself: the rules speak of every player as "he",
# and so do the commented deals, in French too ("seul contre tous"), so the names are men's
NAMES = ("Albert", "Bruno", "Charles", "Denis", "Émile", "Félix")
SIDE = {"en": ("right", "left"), "fr": ("droite", "gauche")}


def direction(rules: Rules) -> str:
    """`counterclockwise` or `clockwise`: which way the deal, the speech and the play go round."""
    return str(rules.data["players"]["direction"])


def compass(rules: Rules) -> bool:
    """Whether the players are named by the compass: four players in two sides of two."""
    teams = rules.data["players"]["teams"]
    return rules.n_players == 4 and len(teams) == 2 and all(len(t) == 2 for t in teams)


def seat_name(rules: Rules, player: int, lang: str, table: int = 0) -> str:
    """The name of the session's player `player` (0 is the first in the order of play);
    `table` is the number of players at the table when more sit there than play a deal."""
    if compass(rules):
        order = "SENW" if direction(rules) == "counterclockwise" else "SWNE"
        return COMPASS[lang][order[player % 4]]
    return NAMES[player % max(table or rules.n_players, 1)]


def seat_names(rules: Rules, lang: str, table: int = 0) -> list[str]:
    """Every player's name, in the order of play."""
    return [seat_name(rules, p, lang, table) for p in range(table or rules.n_players)]


def next_side(rules: Rules, lang: str) -> str:
    """`right` or `left` (`droite`, `gauche`): where the next player in the order of play sits."""
    return SIDE[lang][0 if direction(rules) == "counterclockwise" else 1]

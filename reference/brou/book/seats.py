"""Players as the table copy names them: by their seats, never by a number from 0.

The engines number a session's players 0, 1, 2 ... in the order of play.  The books name
them as players would: in the partnership games (two sides of two) by the points of the
compass, South first, partners facing each other; in the games where each plays for himself
(or in Brusquembille's pairs) by first names.  Both follow the ruleset's direction of play
(`players.direction`): counterclockwise, each next player sits on the right of the one
before (South, East, North, West); clockwise, on his left (South, West, North, East).
"""

from __future__ import annotations

import html
import math

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


PLAN_WORDS = {
    "en": ("The seats round the table: the arrows show the way the deal, the lead and the play go round.",
           "Seats round the table"),
    "fr": ("Les places autour de la table\u00a0: les flèches montrent le sens de la donne, de l\u2019entame et du jeu.",
           "Les places autour de la table"),
}


def table_svg(rules: Rules, lang: str) -> str:
    """The table seen from above (the booklet's first page): each player's name at his seat,
    partners facing each other in their side's colour, and arrows from each seat to the next in
    the order of play (counterclockwise: to the right)."""
    from ..engine.picture import FONT, GREY, NEUTRAL, TEAM_COLOURS

    names = seat_names(rules, lang, rules.table_size)
    n = len(names)
    width, height, cx, cy, r = 240, 200, 120, 100, 50
    turn = -1 if direction(rules) == "counterclockwise" else 1  # on screen, y down: -1 is counterclockwise
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{PLAN_WORDS[lang][1]}">',
             f"<title>{PLAN_WORDS[lang][1]}</title>",
             '<defs><marker id="plan-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
             f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{GREY}"/></marker></defs>',
             f'<ellipse cx="{cx}" cy="{cy}" rx="{r + 8}" ry="{r}" fill="#e9efe6" stroke="#9fb09a" stroke-width="1.2"/>']
    at = [math.radians(90 + turn * 360 * k / n) for k in range(n)]
    arc = r + 22
    for k in range(n):  # an arrow from seat k to seat k + 1, on a circle round the table
        a = at[k]
        b = a + turn * 2 * math.pi / n
        span = (b - a) * 0.62
        start, end = a + (b - a - span) / 2, a + (b - a + span) / 2
        x0, y0 = cx + (arc + 10) * math.cos(start), cy + arc * math.sin(start)
        x1, y1 = cx + (arc + 10) * math.cos(end), cy + arc * math.sin(end)
        sweep = 0 if turn < 0 else 1
        parts.append(f'<path d="M{x0:.1f},{y0:.1f} A{arc + 10},{arc} 0 0 {sweep} {x1:.1f},{y1:.1f}" fill="none" '
                     f'stroke="{GREY}" stroke-width="1.4" marker-end="url(#plan-arrow)"/>')
    pairs = compass(rules)
    for k, name in enumerate(names):
        x, y = cx + (r + 6) * math.cos(at[k]) * 1.16, cy + (r - 4) * math.sin(at[k]) * 1.16
        w = max(44, 7.2 * len(name) + 14)
        colour = TEAM_COLOURS[k % 2] if pairs else NEUTRAL
        parts.append(f'<rect x="{x - w / 2:.1f}" y="{y - 10:.1f}" width="{w:.1f}" height="20" rx="5" fill="{colour}"/>')
        parts.append(f'<text x="{x:.1f}" y="{y + 4.5:.1f}" font-family="{FONT}" font-size="12" font-weight="bold" '
                     f'fill="#ffffff" text-anchor="middle">{html.escape(name)}</text>')
    return "\n".join([*parts, "</svg>"]) + "\n"

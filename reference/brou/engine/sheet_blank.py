"""The blank score sheet of any ruleset, to print and fill in by hand (part 3 of issue 21):
`empty_sheet_svg` draws it on an A4 page in light ink, letters of 8 pt or more when printed
PRINT_WIDTH_MM wide, with numbered call-outs that `sheet_legend` explains: the marque for a
whole 1802 match, the slate for nine Brouc games (`brou.engine.sheet_svg`), and for
Brusquembille, L'Homme d'Auvergne and L'Hombre, which keep their score per player, a table of
jetons or points per player and deal drawn from their rules.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .sheet import english_ordinal, is_marque, ordinal
from .sheet_page import (
    HEAD_FILL,
    PAGE,
    PAGE_H,
    PAGE_W,
    ROW_H,
    TABLE_TOP,
    TEXT_INK,
    X0,
    Col,
    Group,
    Svg,
    blank_rows,
    check_lang,
    draw_callout,
    fr_typo,
    page_head,
    rows_top,
    table_head,
    table_rules,
)
from .sheet_svg import MARQUE_FOOT, marque_svg, slate_page

if TYPE_CHECKING:
    from ..spec.rules import Rules


# The games played each for himself: a column group per player (or side), a row per deal.
_P_WORDS = {
    "fr": {"brus": "Feuille de la Brusquembille", "auv": "Feuille de l'Homme d'Auvergne", "hom": "Feuille de l'Hombre",
           "deal": "coup", "dealer": "donneur", "brusq": "brusq. \u00b1", "pool": "enjeu \u00b1", "holds": "avoir",
           "points": "points", "total": "total", "player": "nom", "side": "noms", "start": "départ",
           "end": "gain/perte", "trump": "atout", "homme": "homme", "result": "résultat", "hombre": "hombre",
           "contract": "contrat", "plus": "\u00b1", "players": "{n} joueurs", "pairs": "en deux équipes",
           "seated": "{n} à la table, {p} jouent chaque coup", "rounds": "un tour : {d} coups",
           "fiche": "une fiche = {j} jetons", "to": "en {n} points", "coups": "{n} coups",
           "values": "Valeur des contrats (gagné / codille ; la vole \u00b1 {v})\u00a0:",
           "aces": "Brusquembilles\u00a0: {cards}. Chaque ligne \u00b1 fait zéro sur l'ensemble des joueurs.",
           "ace": "as", "ten": "dix", "jeton": "{n} jeton", "jetons": "{n} jetons"},
    "en": {"brus": "Brusquembille score sheet", "auv": "L'Homme d'Auvergne score sheet", "hom": "L'Hombre score sheet",
           "deal": "deal", "dealer": "dealer", "brusq": "brusq. \u00b1", "pool": "pool \u00b1", "holds": "holds",
           "points": "points", "total": "total", "player": "name", "side": "names", "start": "start",
           "end": "won/lost", "trump": "trump", "homme": "homme", "result": "result", "hombre": "hombre",
           "contract": "contract", "plus": "\u00b1", "players": "{n} players", "pairs": "in two pairs",
           "seated": "{n} at the table, {p} play each coup", "rounds": "a round: {d} deals",
           "fiche": "a fiche = {j} jetons", "to": "to {n} points", "coups": "{n} coups",
           "values": "Contract values (won / codille; the vole \u00b1 {v}):",
           "aces": "Brusquembilles: {cards}. Each line of \u00b1 adds up to zero over the players.",
           "ace": "ace", "ten": "ten", "jeton": "{n} jeton", "jetons": "{n} jetons"},
}


def _sides(rules: Rules, w: Mapping[str, str]) -> list[Group]:
    """A group of columns per side, its heading left blank for the players' names (a small
    "name" in its corner): a player, or a pair playing together; at L'Hombre with four, everyone
    at the table (one sits each deal out)."""
    if rules.table_size != rules.n_players:
        return [Group("", 0, w["player"]) for _ in range(rules.table_size)]
    return [Group("", 0, w["side"] if len(side) > 1 else w["player"]) for side in rules.teams]


def _player_table(svg: Svg, lead: Sequence[Col], per_side: Sequence[tuple[str, float, int]], sides: Sequence[Group],
                  rows: int, row_h: float, strong: Iterable[int] = (), labels: Mapping[int, str] | None = None) -> float:
    """A table: the `lead` columns, then the `per_side` columns (heading, share of the width,
    call-out) under each side; `rows` rows of `row_h`; `labels` a word across the lead columns
    of some rows.  Return the table's bottom."""
    room = PAGE_W - 40 - X0 - sum(c.width for c in lead)
    share = sum(s for _, s, _ in per_side)
    cols = list(lead)
    for i in range(len(sides)):
        cols += [Col(h, room / len(sides) * s / share, n if i == 0 else 0) for h, s, n in per_side]
    groups = [Group("", len(lead))] + [g._replace(span=len(per_side)) for g in sides]
    xs = table_head(svg, TABLE_TOP, groups, cols)
    top = rows_top()
    bottoms = [top + (r + 1) * row_h for r in range(rows)]
    for r, word in (labels or {}).items():
        y0 = top + r * row_h
        svg.el("rect", x=xs[0], y=y0, width=xs[len(lead)] - xs[0], height=row_h, fill=HEAD_FILL)
        svg.text(xs[0] + 8, y0 + row_h / 2 + 6, word, class_="label")
    table_rules(svg, xs, TABLE_TOP, bottoms, groups, strong=strong, merged={r: len(lead) for r in labels or {}})
    return bottoms[-1]


def _foot_lines(svg: Svg, y: float, lines: Sequence[str], callout: int = 0) -> None:
    for i, line in enumerate(lines):
        svg.text(X0, y + i * 26, line, class_="label")
    if callout:
        draw_callout(svg, 26, y - 6, callout)


def _brusquembille_page(rules: Rules, lang: str) -> tuple[str, list[str]]:
    """Brusquembille (clauses brus.stakes.pool, brus.pay.brusquembille, brus.count.winner,
    brus.match.rounds, brus.match.points): jetons, or points, per player and deal."""
    w = _P_WORDS[lang]
    svg = Svg(PAGE)
    session, stakes = rules.data["session"], rules.data["stakes"]
    by_points = session["kind"] == "points"
    paid = rules.pays_brusquembilles
    per_round = rules.table_size
    head = [rules.data["title"][lang], w["players"].format(n=rules.table_size)]
    if any(len(team) > 1 for team in rules.teams):
        head[-1] += " " + w["pairs"]
    if by_points:
        head.append(w["to"].format(n=session["target"]))
        per_side: list[tuple[str, float, int]] = [(w["points"], 1, 2), (w["total"], 1.2, 3)]
        keys = ["brus.deal", "brus.points", "brus.total"]
    else:
        head += [w["rounds"].format(r=session["rounds"], d=per_round), w["fiche"].format(j=stakes["fiche"])]
        if paid and rules.table_size >= 4:  # no room for three columns a player: one \u00b1 for the deal
            per_side = [(w["plus"], 1.0, 2), (w["holds"], 1.0, 3)]
            keys = ["brus.deal", "brus.both", "brus.holds", "brus.start", "brus.end"]
        else:
            per_side = ([(w["brusq"], 1.05, 2)] if paid else []) + [(w["pool"], 1.0, 3 if paid else 2),
                                                                    (w["holds"], 0.95, 4 if paid else 3)]
            keys = ["brus.deal"] + (["brus.brusq"] if paid else []) + ["brus.pool", "brus.holds", "brus.start",
                                                                       "brus.end"]
    page_head(svg, w["brus"], fr_typo(" \u00b7 ".join(head), lang))
    lead = [Col(w["deal"], 58, 1), Col(w["dealer"], 88)]
    foot = 96
    if by_points:
        rows = blank_rows(foot)
        bottom = _player_table(svg, lead, per_side, _sides(rules, w), rows, ROW_H)
    else:
        most = max(int(r) for r in rules.data["parameters"]["rounds"]["options"])
        deals = most * per_round
        row_h = min(54.0, (PAGE_H - rows_top() - foot) / (deals + 2))
        labels = {0: w["start"], deals + 1: w["end"]}
        bottom = _player_table(svg, lead, per_side, _sides(rules, w), deals + 2, row_h,
                               strong=[0, deals] + [k * per_round for k in range(1, most)], labels=labels)
        draw_callout(svg, 26, rows_top() + row_h / 2, len(keys) - 1)
        draw_callout(svg, 26, bottom - row_h / 2, len(keys))
    if paid and not by_points:
        values = rules.data["payments"]["brusquembilles"]
        names = {"A": w["ace"], "T": w["ten"]}
        cards = ", ".join(f"{names.get(k, k)} {(w['jetons'] if v > 1 else w['jeton']).format(n=v)}"
                          for k, v in values.items())
        _foot_lines(svg, bottom + 44, [fr_typo(w["aces"].format(cards=cards), lang)])
    return svg.document(PAGE_W, PAGE_H, w["brus"]), keys


def _auvergne_page(rules: Rules, lang: str) -> tuple[str, list[str]]:
    """L'Homme d'Auvergne (clauses auv.king.*, auv.count.*, auv.match.target): points per
    player, a row per deal, played or not."""
    w = _P_WORDS[lang]
    svg = Svg(PAGE)
    head = [rules.data["title"][lang], w["players"].format(n=rules.table_size),
            w["to"].format(n=rules.data["session"]["target"])]
    page_head(svg, w["auv"], " \u00b7 ".join(head))
    lead = [Col(w["deal"], 58, 1), Col(w["dealer"], 96), Col(w["trump"], 64, 2), Col(w["homme"], 90, 3),
            Col(w["result"], 96, 4)]
    per_side = [(w["plus"], 0.85, 5), (w["total"], 1.15, 6)]
    _player_table(svg, lead, per_side, _sides(rules, w), blank_rows(24), ROW_H)
    return svg.document(PAGE_W, PAGE_H, w["auv"]), ["auv.deal", "auv.trump", "auv.homme", "auv.result",
                                                     "auv.plus", "auv.total"]


def _hombre_page(rules: Rules, lang: str) -> tuple[str, list[str]]:
    """L'Hombre (clauses hom.count.*, hom.match.coups): a row per coup, the hombre's contract
    and result, points per player; the contracts' values under the table."""
    w = _P_WORDS[lang]
    svg = Svg(PAGE)
    coups = int(rules.data["session"]["coups"])
    seats = w["players"].format(n=rules.table_size) if rules.table_size == rules.n_players else \
        w["seated"].format(n=rules.table_size, p=rules.n_players)
    head = [rules.data["title"][lang], seats, w["coups"].format(n=coups)]
    page_head(svg, w["hom"], " \u00b7 ".join(head))
    lead = [Col("coup", 58, 1), Col(w["dealer"], 90), Col(w["hombre"], 90, 2), Col(w["contract"], 150, 3),
            Col(w["result"], 100, 4)]
    per_side = [(w["plus"], 0.85, 5), (w["total"], 1.15, 6)]
    contracts = rules.data["auction"]["contracts"]
    per_line = 3
    foot = 70 + 26 * math.ceil(len(contracts) / per_line)
    row_h = min(float(ROW_H), (PAGE_H - rows_top() - foot) / coups)
    bottom = _player_table(svg, lead, per_side, _sides(rules, w), coups, row_h,
                           strong=[k - 1 for k in range(10, coups, 10)])
    vole = rules.data["play"].get("vole") or {"value": 0}
    y = bottom + 40
    draw_callout(svg, 26, y - 6, 7)
    svg.text(X0, y, fr_typo(w["values"].format(v=vole["value"]), lang), class_="label")
    col_w = (PAGE_W - 40 - X0) / per_line
    for i, c in enumerate(contracts):
        r, k = divmod(i, per_line)
        svg.text(X0 + k * col_w, y + 28 + r * 26, f"{c[lang]} {c['won']} / {c['codille']}", class_="label",
                 fill=TEXT_INK)
    return svg.document(PAGE_W, PAGE_H, w["hom"]), ["hom.coup", "hom.hombre", "hom.contract", "hom.result",
                                                     "hom.plus", "hom.total", "hom.values"]


# What each numbered call-out of a blank sheet stands for, in each language; {fields} are
# read from the ruleset (sheet_legend).
_LEGEND: dict[str, dict[str, str]] = {
    "hdb.coup": {
        "en": "Coup: the number of the deal in the match. The marker writes one line for each coup.",
        "fr": "Coup\u00a0: le numéro de la donne dans le match. Le marqueur écrit une ligne par coup.",
    },
    "hdb.marriages": {
        "en": "Marriages \u00b1: each marriage as soon as it is made. An announced marriage is written plus, for the "
              "announcer's team only. A marriage on the table is written plus, at {factor} its value, for the team "
              "that takes the trick, and the same figure minus for the other team.",
        "fr": "Mariages \u00b1\u00a0: chaque mariage dès qu'il est fait. Un mariage annoncé s'écrit en plus, pour "
              "l'équipe de l'annonceur seulement. Un mariage sur table s'écrit en plus, à {factor} sa valeur, pour "
              "l'équipe qui fait la levée, et le même chiffre en moins pour l'autre équipe.",
    },
    "hdb.cards": {
        "en": "Cards: at the end of the coup, each team's card points, rounded to the ten; the coup that ends a game "
              "is counted exactly. A vole is written here instead: its marriages are struck out and the coup does "
              "not count.",
        "fr": "Cartes\u00a0: à la fin du coup, les points de cartes de chaque équipe, arrondis à la dizaine\u00a0; le "
              "coup qui finit une partie se compte exactement. Une vole s'inscrit ici à la place\u00a0: ses mariages "
              "sont barrés et le coup ne compte pas.",
    },
    "hdb.total": {
        "en": "Total: each team's running total, read out before the next coup. The first team to reach 301 wins "
              "the game (partie).",
        "fr": "Total\u00a0: le total de chaque équipe, annoncé avant le coup suivant. La première équipe à 301 gagne "
              "la partie.",
    },
    "hdb.parties": {
        "en": "Parties: when a game ends, the parties its winners mark: one, two if the losers have under 150, four "
              "if they are under zero; a vole marks three. A double line under that coup closes the game, and the "
              "next one starts again from zero.",
        "fr": "Parties\u00a0: à la fin d'une partie, les parties que marquent les gagnants\u00a0: une, deux si les "
              "perdants ont moins de 150, quatre s'ils sont sous zéro\u00a0; une vole en marque trois. Un double "
              "trait sous ce coup ferme la partie, et la suivante repart de zéro.",
    },
    "hdb.tokens": {
        "en": "Parties of the match: the players keep them as tokens; on paper, tick a ring for each. The first "
              "team to {target} parties wins the match.",
        "fr": "Parties du match\u00a0: les joueurs les comptent en jetons\u00a0; sur papier, cochez un rond pour "
              "chacune. La première équipe à {target} parties gagne le match.",
    },
    "brouc.game": {
        "en": "Game: a column for each game, Nous on the left and Eux on the right. A match to {target} coches can "
              "take {games} games: {most} lost by each team, then one more.",
        "fr": "Partie\u00a0: une colonne par partie, Nous à gauche et Eux à droite. Un match en {target} coches peut "
              "demander {games} parties\u00a0: {most} perdues par chaque équipe, puis une dernière.",
    },
    "brouc.scores": {
        "en": "Scores: after each deal, each team's running score in tens without the final zero: 23 stands for "
              "230. A game ends when a team declares dehors, and that count is exact, not rounded, so the last line "
              "of a game may keep its units after a point: 30.4 is 304 points, thirty tens and four.",
        "fr": "Scores\u00a0: après chaque donne, le score de chaque équipe en dizaines sans le zéro final\u00a0: 23 "
              "vaut 230. Une partie finit quand une équipe se déclare dehors, et ce compte est exact, sans "
              "arrondi\u00a0; la dernière ligne d'une partie peut donc garder ses unités après une virgule\u00a0: "
              "30,4 vaut 304 points, trente dizaines et quatre.",
    },
    "brouc.coches": {
        "en": "Coches of the game, under its scores: the team that lost it marks one coche, or two if its score is "
              "under 15 (150 points). A cape marks two coches and leaves the scores as they were; la cape et dehors "
              "marks three, la cape, dehors et pas dédoublé four.",
        "fr": "Coches de la partie, sous ses scores\u00a0: l'équipe qui l'a perdue y marque une coche, ou deux si son "
              "score est sous 15 (150 points). Une cape marque deux coches et laisse les scores tels quels\u00a0; la "
              "cape et dehors en marque trois, la cape, dehors et pas dédoublé quatre.",
    },
    "brouc.bottom": {
        "en": "At the bottom, under the coches: each announced marriage in figures, for its team, as soon as it is "
              "announced; it counts in the score at the end of the deal. Marriages on the table are not written: "
              "the trick keeps their lowest card face up.",
        "fr": "Au bas, sous les coches\u00a0: chaque mariage annoncé, en chiffres, pour son équipe, dès "
              "l'annonce\u00a0; il entre dans le score à la fin de la donne. Les mariages sur table ne s'écrivent "
              "pas\u00a0: la levée garde leur plus petite carte face visible.",
    },
    "brouc.match": {
        "en": "Coches of the match: every coche of every game, in fives (four strokes crossed by the fifth). The "
              "team that marks its {nth} coche {fate} the match.",
        "fr": "Coches du match\u00a0: toutes les coches de toutes les parties, par cinq (quatre traits barrés par "
              "le cinquième). L'équipe qui marque sa {nth} coche {fate} le match.",
    },
    "brus.deal": {
        "en": "Deal and dealer: one line for each deal. A round is one deal by each player; a stronger line "
              "closes it. The players agree before play how many rounds make the game; the sheet has room for "
              "{most}.",
        "fr": "Coup et donneur\u00a0: une ligne par coup. Un tour est une donne par chaque joueur\u00a0; un trait "
              "plus fort le ferme. Les joueurs conviennent avant de jouer du nombre de tours de la partie\u00a0; "
              "la feuille a la place de {most} tours.",
    },
    "brus.brusq": {
        "en": "Brusquembilles \u00b1: the jetons a player was paid (+) or paid out (\u2212) during the deal for the "
              "aces and tens played, settled after each trick.",
        "fr": "Brusquembilles \u00b1\u00a0: les jetons qu'un joueur a reçus (+) ou payés (\u2212) pendant le coup "
              "pour les as et les dix joués, réglés après chaque levée.",
    },
    "brus.both": {
        "en": "\u00b1: the jetons a player won (+) or paid (\u2212) in the deal: the aces and tens, settled after each "
              "trick, and the pool, {stake} jetons from everyone, +{won} for the player with the most card points "
              "(players tied for the most share it).",
        "fr": "\u00b1\u00a0: les jetons qu'un joueur a gagnés (+) ou payés (\u2212) dans le coup\u00a0: les as et les "
              "dix, réglés après chaque levée, et l'enjeu, {stake} jetons de chacun, +{won} pour celui qui a le plus "
              "de points (les ex æquo en tête se le partagent).",
    },
    "brus.pool": {
        "en": "Pool \u00b1: everyone puts {stake} jetons in the pool before the deal; the player with the most card "
              "points takes it, +{won} for him and \u2212{stake} for each other player (players tied for the most "
              "share it).",
        "fr": "Enjeu \u00b1\u00a0: chacun met {stake} jetons à l'enjeu avant le coup\u00a0; celui qui a le plus de "
              "points le prend, +{won} pour lui et \u2212{stake} pour chacun des autres (les ex æquo en tête se le "
              "partagent).",
    },
    "brus.holds": {
        "en": "Holds: the jetons each player has after the deal, the line above plus this deal's \u00b1.",
        "fr": "Avoir\u00a0: les jetons de chaque joueur après le coup, la ligne du dessus plus les \u00b1 du coup.",
    },
    "brus.start": {
        "en": "Start: each player's stake, {per_round} fiches for each round to be played and {jetons} jetons "
              "(for a game of {rounds} rounds, {start} jetons).",
        "fr": "Départ\u00a0: la cave de chaque joueur, {per_round} fiches par tour à jouer et {jetons} jetons "
              "(pour une partie de {rounds} tours, {start} jetons).",
    },
    "brus.end": {
        "en": "Won or lost: what each player holds at the end less his stake.",
        "fr": "Gain ou perte\u00a0: ce que chaque joueur possède à la fin, moins sa cave.",
    },
    "brus.points": {
        "en": "Points: each player's card points in the deal.",
        "fr": "Points\u00a0: les points de cartes de chaque joueur dans le coup.",
    },
    "brus.total": {
        "en": "Total: the running total. The game ends after the deal in which someone reaches {target}; the "
              "highest total wins.",
        "fr": "Total\u00a0: le cumul de chacun. La partie finit après le coup où quelqu'un atteint {target}\u00a0; le "
              "plus haut total gagne.",
    },
    "auv.deal": {
        "en": "Deal and dealer: one line for every deal, played or not (nobody turned a card, or everyone passed).",
        "fr": "Coup et donneur\u00a0: une ligne par coup, joué ou non (personne n'a retourné de carte, ou tous ont "
              "passé).",
    },
    "auv.trump": {
        "en": "Trump: the suit of the last card turned.",
        "fr": "Atout\u00a0: la couleur de la dernière carte retournée.",
    },
    "auv.homme": {
        "en": "Homme: the player who said he plays, alone against all the others.",
        "fr": "Homme\u00a0: le joueur qui a dit qu'il joue, seul contre tous les autres.",
    },
    "auv.result": {
        "en": "Result: won if the homme took more tricks than each other player (level at the top, if he got "
              "there first), otherwise lost.",
        "fr": "Résultat\u00a0: gagné si l'homme a fait plus de levées que chacun des autres (à égalité en tête, "
              "s'il y est arrivé le premier), sinon perdu.",
    },
    "auv.plus": {
        "en": "\u00b1: each player's points in the deal: +1 for a king turned or shown; a king that scored and is "
              "taken in a trick, \u22121 for its holder and +1 for the taker; the homme +1 if he wins; if he loses, "
              "\u22121 for him and +1 {loser}.",
        "fr": "\u00b1\u00a0: les points de chacun dans le coup\u00a0: +1 pour un roi retourné ou montré\u00a0; un roi "
              "qui a compté et qui est pris dans une levée, \u22121 pour son détenteur et +1 pour le preneur\u00a0; "
              "l'homme +1 s'il gagne\u00a0; s'il perd, \u22121 pour lui et +1 {loser}.",
    },
    "auv.total": {
        "en": "Total: the running points. A point lost by a player who has none is owed, written below zero and "
              "paid back out of his next points. The first to {target} wins at once, even during the speech.",
        "fr": "Total\u00a0: le cumul des points. Un point perdu par qui n'en a pas est dû, écrit sous zéro et rendu "
              "sur ses prochains points. Le premier à {target} gagne sur-le-champ, même pendant la parole.",
    },
    "hom.coup": {
        "en": "Coup: one line for each coup, played or not; a game is {coups} coups, and a stronger line marks "
              "every tenth.",
        "fr": "Coup\u00a0: une ligne par coup, joué ou non\u00a0; une partie dure {coups} coups, et un trait plus fort "
              "marque chaque dizaine.",
    },
    "hom.hombre": {
        "en": "Hombre: the player who won the auction and plays alone against the two others.",
        "fr": "Hombre\u00a0: le joueur qui a remporté les enchères et joue seul contre les deux autres.",
    },
    "hom.contract": {
        "en": "Contract: what the hombre plays, with its trump suit.",
        "fr": "Contrat\u00a0: ce que joue l'hombre, avec sa couleur d'atout.",
    },
    "hom.result": {
        "en": "Result: won, remise (the hombre ties with the better of the two others) or codille (one of them has "
              "more tricks); a vole made or failed.",
        "fr": "Résultat\u00a0: gagné, remise (l'hombre fait autant de levées que le meilleur des deux autres) ou "
              "codille (l'un d'eux en fait plus)\u00a0; la vole réussie ou manquée.",
    },
    "hom.plus": {
        "en": "\u00b1: only the hombre scores: + the contract's first value if he wins, \u2212 that value for a "
              "remise or a surrender, \u2212 its second value for a codille; a vole made adds a point, a vole "
              "failed takes one off.",
        "fr": "\u00b1\u00a0: seul l'hombre marque\u00a0: + la première valeur du contrat s'il gagne, \u2212 cette "
              "valeur en cas de remise ou d'abandon, \u2212 la seconde en cas de codille\u00a0; une vole réussie "
              "ajoute un point, une vole manquée en retire un.",
    },
    "hom.total": {
        "en": "Total: each player's running points; after the last coup the highest total wins.",
        "fr": "Total\u00a0: le cumul de chaque joueur\u00a0; après le dernier coup, le plus haut total gagne.",
    },
    "hom.values": {
        "en": "Contract values, from the rules: the first figure is won for a win, the second lost for a codille.",
        "fr": "Valeur des contrats, d'après la règle\u00a0: le premier chiffre se gagne en cas de gain, le second se "
              "perd en cas de codille.",
    },
}

_MARQUE_KEYS = ["hdb.coup", "hdb.marriages", "hdb.cards", "hdb.total", "hdb.parties", "hdb.tokens"]
_SLATE_KEYS = ["brouc.game", "brouc.scores", "brouc.coches", "brouc.bottom", "brouc.match"]


def _rules(rules_or_ruleset_id: Rules | str) -> Rules:
    if isinstance(rules_or_ruleset_id, str):
        from ..spec.rules import Rules  # the sheets themselves need no engine

        return Rules.load(rules_or_ruleset_id)
    return rules_or_ruleset_id


def _blank_record(rules: Rules, lang: str) -> dict[str, Any]:
    spec = rules.data["match"]
    return {"ruleset": rules.id, "title": rules.data["title"][lang], "unit": spec["unit"], "target": spec["target"],
            "reaching_target": spec["reaching_target"], "deals": [], "winner": None}


def _blank(rules: Rules, lang: str) -> tuple[str, list[str]]:
    """The blank sheet of `rules` on a page and the keys of its call-outs, in order."""
    check_lang(lang)
    if rules.data.get("match"):
        record = _blank_record(rules, lang)
        if is_marque(record):
            return marque_svg(record, [], lang, blank_rows(MARQUE_FOOT)), list(_MARQUE_KEYS)
        return slate_page(record, lang, _most_games(int(record["target"]))), list(_SLATE_KEYS)
    kind = rules.data["result"]["kind"]
    if kind == "most-card-points":
        return _brusquembille_page(rules, lang)
    if kind == "most-tricks":
        return _auvergne_page(rules, lang)
    return _hombre_page(rules, lang)


def _most_games(target: int) -> int:
    """The most games a match to `target` coches can take: each team loses target - 1, one
    coche at a time, then one more game ends it."""
    return 2 * (target - 1) + 1


def sheet_legend(rules_or_ruleset_id: Rules | str, lang: str = "fr") -> list[str]:
    """What each numbered call-out of the ruleset's blank sheet stands for, in `lang` (part 3
    of issue 21): the n-th string explains call-out n."""
    rules = _rules(rules_or_ruleset_id)
    _, keys = _blank(rules, lang)
    fields: dict[str, object] = {}
    if rules.data.get("match"):
        target = int(rules.data["match"]["target"])
        loses = rules.data["match"]["reaching_target"] == "loses"
        factor = int(rules.data["marriages"]["table"].get("factor", 1))
        fields = {"target": target, "games": _most_games(target), "most": target - 1,
                  "nth": english_ordinal(target) if lang == "en" else ordinal(target),
                  "fate": ("loses" if loses else "wins") if lang == "en" else ("perd" if loses else "gagne"),
                  "factor": {1: "", 2: "twice" if lang == "en" else "deux fois"}.get(factor, f"{factor} \u00d7")}
    else:
        session = rules.data["session"]
        stakes = rules.data.get("stakes") or {}
        stake = int(stakes.get("fiche", 0)) * int(stakes.get("pool_per_coup", 0))
        rounds = int(session.get("rounds") or 0)
        options = rules.data["parameters"].get("rounds", {}).get("options", [rounds])
        loser = rules.data["result"].get("loser_pays", "each-opponent")
        fields = {"target": session.get("target"), "coups": session.get("coups"), "rounds": rounds,
                  "most": max(int(o) for o in options), "stake": stake, "won": stake * (rules.table_size - 1),
                  "per_round": stakes.get("fiches_per_round"), "jetons": stakes.get("jetons"),
                  "start": rounds * int(stakes.get("fiches_per_round", 0)) * int(stakes.get("fiche", 0))
                  + int(stakes.get("jetons", 0)),
                  "loser": ("for each other player" if loser == "each-opponent" else "for the player who won the deal")
                  if lang == "en" else ("pour chacun des autres" if loser == "each-opponent"
                                        else "pour celui qui a gagné le coup")}
    text = [_LEGEND[k][lang].format(**fields) for k in keys]
    return [re.sub(r" +", " ", t).strip() for t in text]  # not split(): it would take the no-break spaces


def empty_sheet_svg(rules_or_ruleset_id: Rules | str, lang: str = "fr") -> str:
    """A blank score sheet of the ruleset to print and fill in by hand, on an A4 page in light
    ink (part 3 of issue 21), in `lang`: the 1802 marque (clause hdb.sheet.marque), the Brouc
    slate with room for nine games (clause brouc.sheet.ardoise), or a sheet of points or jetons
    per player for Brusquembille, L'Homme d'Auvergne and L'Hombre.  Its numbered call-outs
    are explained by sheet_legend; printed PRINT_WIDTH_MM wide, no text is under 8 pt."""
    return _blank(_rules(rules_or_ruleset_id), lang)[0]

"""The one-page reference card of a ruleset's players' booklet (brou.book.booklet; issue 21:
"card values; the following rule as a flowchart; the marriage values as numbers; parties or
coches").

`reference_card(rules, lang)` reads the compiled ruleset and its data alone: the orders and
card points (`deck`, `orders`, `payments`), the following primitives (drawn by
brou.book.flowchart), the marriage kinds and how they score (`marriages`), and how a game is
scored (`game` and `match`, or `result`, `speech`, `stakes`, `session` and the contracts of
`auction`); each part appears only when the ruleset has its data, so a ruleset added later
gets its card with no new code.  The words are keyed by the schema's values, not by ruleset.
One part is the booklet's prose, not the ruleset's data: the steps of a deal (`Step`, from the
booklet's `card_steps`), which the booklet passes in.

The lines are plain reStructuredText (a `container` of class `refcard`, rubrics, list-tables
with captions, the flowchart as `raw` SVG): they render with docutils alone and inside a
Sphinx page.  The card carries its style, docs/rulebook/_static/refcard.css (scoped to
`div.refcard`), in a raw `<style>`, so that it fits one A4 page wherever it is placed
(tests/test_refcard.py renders each card alone and counts its pages).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from ..engine.sheet import english_ordinal, ordinal
from ..spec.rules import Rules, card_order
from .flowchart import following_chart, typeset
from .phrases import NUMBERS
from .pictures import RANKS, RED_SUITS, SUIT_SIGNS

LANGS = ("en", "fr")
STATIC = Path(__file__).resolve().parents[3] / "docs" / "rulebook" / "_static"
CSS = STATIC / "refcard.css"
PRINT_CSS = STATIC / "print.css"  # the printed book's page and type, under the card's own style

W: dict[str, dict[str, str]] = {
    "en": {
        "card": "Reference card", "cards": "The cards", "following": "What you may play to a trick",
        "steps": "A deal, step by step", "step-rules": "rule {n}", "step-rules-n": "rules {n}",
        "marriages": "Marriages", "scoring": "Scoring",
        "draw": "After each trick, while the stock lasts, its winner draws the top card, then each other player "
                "in the order of play.", "draw-turnup": " The turned trump, left under the stock, is drawn last.",
        "order-caption": "Which card beats which, strongest first",
        "suits": "Suits", "order": "Order, strongest first", "order-short": "Order", "names": "Named cards",
        "plain": "Plain suit", "trump": "Trumps", "no-trump": "Without trump (nolo)",
        "every-suit": "The cards, strongest first, in every suit, trumps included",
        "with-points": ", with their points",
        "points-caption": "Card points", "rank": "Card", "points": "Points", "jetons": "Jetons",
        "pack": "Pack: {n} cards, {total} card points in all.", "pack-nopoints": "Pack: {n} cards.",
        "out": "Out of the pack: {cards}.",
        "matadors": "Bold: the matadors, the first {n} trumps.",
        "marriage": "Marriage", "ranks": "Cards", "m-caption": "Marriage values, in points",
        "announced": "Announced", "table": "On the table", "in-trumps": "in trumps",
        "simple": "simple", "grand": "grand",
        "announced-how": "**Announced**: held in hand and announced {window}; scored {credited} for the "
                         "announcer's team; the other team {deducted}.",
        "table-how": "**On the table**: brought together in one trick, whoever played its cards; the team that "
                     "wins the trick gains {factor} the value, {credited}; the other team {deducted}.",
        "factor-1": "once", "factor-2": "twice", "factor-n": "{n} times",
        "loses-same": "loses as much", "loses-nothing": "loses nothing",
        "after-won-trick": "right after a trick, by its winner then his partner",
        "team-first-trick": "after his team's first trick",
        "own-turn-once-team-has-trick": "on his own turn, before playing, once his team has won a trick",
        "any-time-once-team-has-trick": "at any moment once his team has won a trick",
        "immediately": "at once", "end-of-deal": "at the end of the deal",
        "game": "A game", "match": "A match",
        "at-end-of-coup": "the first team to reach {target} points at the end of a deal wins the game "
                          "(or sooner, by claiming it).",
        "by-declaration": "a team that has {target} points or more wins only by declaring itself out "
                          "(*dehors*) on its turn; a wrong declaration loses the game.",
        "v-caption": "What a game is worth, in {unit}, marked by the {by}",
        "parties": "parties", "coches": "coches", "winner": "winners", "loser": "losers",
        "below-first": "losers' count below {n}", "below": "losers' count below {n}",
        "otherwise": "losers' count {n} or more", "any": "any other end",
        "all-tricks-loser": "*{name}*, every trick of a deal, undeclared: the other team marks {n} {unit}; the "
                            "deal does not count and the game goes on.",
        "all-tricks-winner": "*{name}*: a team that takes every trick of a deal marks {n} {unit}; the deal's points "
                             "are struck out and the game goes on.",
        "agreed": "the first team to mark the number of {unit} agreed before play, {options}, wins the match "
                  "(this copy: {n}).",
        "declared": "*{name}*, declared and made", "declared-from": "*{name}*, declared at {n} or more and made",
        "declared-plus": "the game's value +\u00a0{n}",
        "double": "*{name}* (the other team at {n} or less)",
        "declared-failed": "A declaration that fails gives the same to the other team.",
        "match-wins": "the first team to mark {n} {unit} wins the match.",
        "match-loses": "the team that marks its {nth} {unit} loses the match.",
        "rounding": "Card points are marked in tens at the end of a deal: units 0 to 4 are dropped, "
                    "5 to 9 go up to the next ten.",
        "most-card-points": "Each deal, the player with the most card points in his tricks takes the pool; "
                            "players tied for the most share it.",
        "most-card-points-points": "Each player adds up his card points deal after deal; after the deal in "
                                   "which someone reaches {target}, the highest total wins.",
        "brusquembilles": "**Brusquembilles** ({list}): after each trick, whoever played one and won the trick "
                          "is paid its worth by every other player; whoever played one and lost it pays its "
                          "worth to every other player.",
        "jeton": "jeton", "jetons-word": "jetons",
        "stakes": "**Stakes**: a fiche is worth {fiche} jetons; each player starts with {per_round} fiches a round "
                  "to be played and {jetons} jetons, and puts {pool} fiche in the pool at each deal.",
        "rounds": "**A game**: as many rounds as the players agree before play (the source's example: {n}), a round "
                  "being one deal by each player in turn.",
        "most-tricks": "The homme (the first to play on the turned suit) wins the deal with more tricks than "
                       "each other player; at a tie at the top, whoever reached it first.",
        "homme-wins": "the homme wins the deal", "homme-loses": "the homme loses the deal",
        "each-opponent": "\u22121 for the homme, +1 for each opponent",
        "the-winner": "\u22121 for the homme, +1 for the deal's winner",
        "plus-one": "+1 for the homme",
        "k-caption": "Points, each player for himself",
        "turned-suit-turned": "a king turned from the talon", "turned-suit-held": "the king of the turned suit",
        "turned-suit-turned-who": "+1 for its turner", "turned-suit-held-who": "+1 for its holder",
        "shown": ", if its holder shows it when he has the word", "automatic": "",
        "trump-and-others": "the king of trumps, and each other king in the same hand",
        "trump-only": "the king of trumps of a deal played",
        "moves": "A king that scored and is won in a trick by another player: its point goes to the trick's "
                 "winner.",
        "owner-pays": "A king that scored and is won in a trick by another player: its holder loses that point.",
        "marks": "**A game**: the first player to reach {target} points wins, at once.",
        "owed": "A point lost by a player who has none is owed.", "forgiven": "A player never goes below zero.",
        "contracts": "The contracts, weakest first", "contract": "Contract", "c-rank": "Rank",
        "c-trump": "Trump", "c-exchange": "Exchange", "c-won": "Win or remise", "c-codille": "Codille",
        "named": "named", "named-not-spades": "named, not ♠", "spades": "♠", "turned": "turned",
        "none": "none", "ex-all": "hombre, then tiers", "ex-hombre": "hombre only", "ex-tiers": "tiers only",
        "ex-none": "none",
        "hombre": "The hombre wins with more tricks than each tier: he scores the first value. With as many as "
                  "the better tier (remise), or giving up, he loses it; when a tier has more (codille), he loses "
                  "the second value. Only the hombre scores.",
        "vole": "**Vole**: a hombre who has taken the first {after} tricks and leads again undertakes to take "
                "them all: {value} more if he does, {value} less if he does not.",
        "coups": "**A game**: {n} coups{more}; a coup not played counts.",
        "coups-at": "{n} with {table} at the table",
    },
    "fr": {
        "card": "Aide-mémoire", "cards": "Les cartes", "following": "Que jouer dans une levée",
        "steps": "Une donne, pas à pas", "step-rules": "règle {n}", "step-rules-n": "règles {n}",
        "marriages": "Les mariages", "scoring": "Le compte",
        "draw": "Après chaque levée, tant que dure le talon, son gagnant prend la carte du dessus, puis chacun "
                "des autres dans l'ordre du jeu.", "draw-turnup": " La retourne, glissée sous le talon, est prise en dernier.",
        "order-caption": "Quelle carte bat quelle autre, de la plus forte à la plus faible",
        "suits": "Couleurs", "order": "Ordre, de la plus forte à la plus faible", "order-short": "Ordre",
        "names": "Cartes nommées",
        "plain": "Couleur ordinaire", "trump": "Atout", "no-trump": "Sans atout (nolo)",
        "every-suit": "Les cartes, de la plus forte à la plus faible, dans toutes les couleurs, atout compris",
        "with-points": ", avec leur valeur",
        "points-caption": "Valeur des cartes", "rank": "Carte", "points": "Points", "jetons": "Jetons",
        "pack": "Jeu : {n} cartes, {total} points en tout.", "pack-nopoints": "Jeu : {n} cartes.",
        "out": "Retirées du jeu : {cards}.",
        "matadors": "En gras : les matadors, les {n} premiers atouts.",
        "marriage": "Mariage", "ranks": "Cartes", "m-caption": "Valeur des mariages, en points",
        "announced": "Annoncé", "table": "Sur table", "in-trumps": "en atout",
        "simple": "simple", "grand": "grand",
        "announced-how": "**Annoncé** : tenu en main et annoncé {window} ; compté {credited} à l'équipe de "
                         "l'annonceur ; l'autre équipe {deducted}.",
        "table-how": "**Sur table** : réuni dans une levée, quels qu'en soient les joueurs ; l'équipe qui gagne "
                     "la levée reçoit {factor} la valeur, {credited} ; l'autre équipe {deducted}.",
        "factor-1": "une fois", "factor-2": "deux fois", "factor-n": "{n} fois",
        "loses-same": "en perd autant", "loses-nothing": "ne perd rien",
        "after-won-trick": "juste après une levée, par celui qui l'a gagnée puis par son partenaire",
        "team-first-trick": "après la première levée de son équipe",
        "own-turn-once-team-has-trick": "à son tour, avant de jouer, dès que son équipe a fait une levée",
        "any-time-once-team-has-trick": "à tout moment dès que son équipe a fait une levée",
        "immediately": "aussitôt", "end-of-deal": "à la fin de la donne",
        "game": "La partie", "match": "Le match",
        "at-end-of-coup": "la première équipe qui atteint {target} points à la fin d'un coup gagne la partie "
                          "(ou plus tôt, en l'annonçant).",
        "by-declaration": "une équipe à {target} points ou plus ne gagne qu'en se déclarant « dehors » à son "
                          "tour ; un « dehors » faux perd la partie.",
        "v-caption": "Ce que vaut une partie, en {unit}, marquées par les {by}",
        "parties": "parties", "coches": "coches", "winner": "gagnants", "loser": "perdants",
        "below-first": "compte des perdants sous {n}", "below": "compte des perdants sous {n}",
        "otherwise": "compte des perdants de {n} ou plus", "any": "toute autre fin",
        "all-tricks-loser": "*{name}* sans annonce\u00a0: l'autre équipe marque {n} {unit}\u00a0; la donne ne compte "
                            "pas, la partie continue.",
        "all-tricks-winner": "*{name}*\u00a0: l'équipe qui fait toutes les levées d'un coup marque {n} {unit}\u00a0; les "
                             "points du coup sont annulés et la partie continue.",
        "agreed": "la première équipe qui marque le nombre de {unit} convenu avant de jouer, {options}, gagne le match "
                  "(ce livret\u00a0: {n}).",
        "declared": "« {name} », annoncée et réussie", "declared-from": "« {name} », annoncée à {n} ou plus et réussie",
        "declared-plus": "valeur de la partie +\u00a0{n}",
        "double": "« {name} » (l'autre équipe à {n} ou moins)",
        "declared-failed": "Une annonce manquée donne autant à l'autre équipe.",
        "match-wins": "la première équipe qui marque {n} {unit} gagne le match.",
        "match-loses": "l'équipe qui marque sa {nth} {unit_one} perd le match.",
        "rounding": "En fin de donne, les points de cartes se marquent en dizaines\u00a0: unités de 0 à 4 à la baisse, de 5 "
                    "à 9 à la hausse.",
        "most-card-points": "À chaque coup, le joueur qui a le plus de points dans ses levées prend l'enjeu ; "
                            "des joueurs à égalité le partagent.",
        "most-card-points-points": "Chacun additionne ses points de coup en coup ; après le coup où "
                                   "quelqu'un atteint {target}, le plus gros total gagne.",
        "brusquembilles": "**Brusquembilles** ({list}) : après chaque levée, qui en a joué une et gagne la levée "
                          "en reçoit la valeur de chacun des autres ; qui en a joué une et perd la levée en paie "
                          "la valeur à chacun des autres.",
        "jeton": "jeton", "jetons-word": "jetons",
        "stakes": "**Enjeux** : une fiche vaut {fiche} jetons ; chacun commence avec {per_round} fiches par tour "
                  "à jouer et {jetons} jetons, et met {pool} fiche à l'enjeu à chaque coup.",
        "rounds": "**La partie** : autant de tours que les joueurs en conviennent avant de jouer (l'exemple de la "
                  "source : {n}), chaque joueur donnant une fois par tour.",
        "most-tricks": "L'homme (le premier qui joue sur la couleur retournée) gagne le coup s'il fait plus de "
                       "levées que chacun des autres ; à égalité en tête, s'il y est arrivé le premier.",
        "homme-wins": "l'homme gagne le coup", "homme-loses": "l'homme perd le coup",
        "each-opponent": "\u22121 pour l'homme, +1 pour chaque adversaire",
        "the-winner": "\u22121 pour l'homme, +1 pour le gagnant du coup",
        "plus-one": "+1 pour l'homme",
        "k-caption": "Les points, chacun pour soi",
        "turned-suit-turned": "un roi retourné du talon", "turned-suit-held": "le roi de la couleur retournée",
        "turned-suit-turned-who": "+1 pour qui l'a retourné", "turned-suit-held-who": "+1 pour qui le tient",
        "shown": ", si son détenteur le montre quand il a la parole", "automatic": "",
        "trump-and-others": "le roi d'atout, et chaque autre roi de la même main",
        "trump-only": "le roi d'atout d'un coup joué",
        "moves": "Un roi qui a compté et qu'un autre joueur gagne dans une levée : son point passe au gagnant "
                 "de la levée.",
        "owner-pays": "Un roi qui a compté et qu'un autre joueur gagne dans une levée : son détenteur perd ce point.",
        "marks": "**La partie** : le premier joueur qui atteint {target} points gagne, sur-le-champ.",
        "owed": "Un point perdu par qui n'en a pas est dû.", "forgiven": "Un joueur ne descend jamais sous zéro.",
        "contracts": "Les contrats, du plus faible au plus fort", "contract": "Contrat", "c-rank": "Rang",
        "c-trump": "Atout", "c-exchange": "Écart", "c-won": "Gain ou remise", "c-codille": "Codille",
        "named": "nommé", "named-not-spades": "nommé, sauf ♠", "spades": "♠", "turned": "retourné",
        "none": "aucun", "ex-all": "l'hombre, puis les tiers", "ex-hombre": "l'hombre seul",
        "ex-tiers": "les tiers seuls", "ex-none": "aucun",
        "hombre": "L'hombre gagne s'il fait plus de levées que chaque tiers : il marque la première valeur. "
                  "Avec autant que le meilleur tiers (remise), ou s'il abandonne, il la perd ; si un tiers en "
                  "fait plus (codille), il perd la seconde. Seul l'hombre marque.",
        "vole": "**Vole** : l'hombre qui a fait les {after} premières levées et entame encore s'engage à les "
                "faire toutes : {value} de plus s'il réussit, {value} de moins sinon.",
        "coups": "**La partie** : {n} coups{more} ; un coup non joué compte.",
        "coups-at": "{n} à {table} joueurs",
    },
}

def word(lang: str, key: str, **values: Any) -> str:
    return typeset(W[lang][key].format(**values), lang)


_SPECIAL = re.compile(r"([\\`_|])")


def esc(text: str) -> str:
    """Spec text as reStructuredText text (stars are kept: the words mark bold with them)."""
    return _SPECIAL.sub(r"\\\1", text)


def rank_text(rank: str, lang: str) -> str:
    return RANKS[lang].get(rank, rank)


RED = "refcard-red"  # the role (a docutils `.. role::`, a span of that class) of a red suit's sign


def suit_sign(symbol: str, attached: bool = False) -> str:
    """A suit's sign as reStructuredText, red for hearts and diamonds (`attached`: right after
    a rank, with the escaped space inline markup needs)."""
    sign = SUIT_SIGNS.get(symbol, symbol)
    if symbol not in RED_SUITS:
        return sign
    return ("\\ " if attached else "") + f":{RED}:`{sign}`"


def card_text(rules: Rules, card: int, lang: str) -> str:
    text = rules.card_text(card)
    return rank_text(text[0], lang) + suit_sign(text[1], attached=True)


def _table(title: str, header: Sequence[str] | None, rows: Iterable[Sequence[str]], widths: Sequence[int],
           klass: str) -> list[str]:
    """A list-table with a caption (its title)."""
    out = [f".. list-table:: {title}", f"   :class: {klass}", "   :widths: " + " ".join(str(w) for w in widths)]
    if header:
        out.append("   :header-rows: 1")
    out.append("")
    for row in ([header] if header else []) + list(rows):
        for n, cell in enumerate(row):
            out.append(("   * - " if n == 0 else "     - ") + (cell or "\u2014"))
    return out + [""]


# -- the cards ----------------------------------------------------------------------------


def _suits_text(rules: Rules, suits: Sequence[int]) -> str:
    return " ".join(suit_sign(rules.suits[s]) for s in suits)


def _subsequence(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    it = iter(long)
    return all(x in it for x in short)


def _grouped(rows: list[tuple[int, tuple[str, ...], str]]) -> list[tuple[list[int], tuple[str, ...], str]]:
    """Suits whose row reads the same, together (in suit order); a suit with cards out of the
    pack (`deck.omit`, said below the table) goes with a suit whose order holds its own."""
    groups: list[tuple[list[int], tuple[str, ...], str]] = []
    for suit, cells, names in rows:
        for n, (suits, seen, seen_names) in enumerate(groups):
            if seen_names == names and (_subsequence(cells, seen) or _subsequence(seen, cells)):
                groups[n] = (suits + [suit], max(seen, cells, key=len), names)
                break
        else:
            groups.append(([suit], cells, names))
    return groups


def _class_cards(rules: Rules, trump: int | None, cls: int) -> list[int]:
    order = card_order(rules, trump)
    return sorted((c for c in rules.pack_cards if order.class_of[c] == cls), key=lambda c: order.place[c])


def trump_names(rules: Rules, trump: int) -> dict[int, str]:
    """Names of cards of the trump order under `trump`: the permanent trumps by their names in
    the spec, and the ranks the trump order promotes above their place in the plain order (the
    schema's words: the manille, a matador, and the ponte, not one)."""
    orders = rules.data.get("orders", {})
    section = orders.get("trump", {})
    names = {rules.card(text): name for name, text in section.get("permanent", {}).items()}
    matadors = section.get("matadors", 0)
    order = card_order(rules, trump)
    plain = card_order(rules, next(s for s in range(len(rules.suits)) if s != trump))
    n = len(rules.ranks)
    own = [c for c in _class_cards(rules, trump, trump) if c // n == trump and c not in names]
    for c in own:
        if any(plain.place[d] < plain.place[c] and order.place[d] > order.place[c] for d in own):
            names[c] = "manille" if order.place[c] < matadors else "ponte"
    return names


def _order_cells(rules: Rules, cards: list[int], suit: int, lang: str, bold: int = 0,
                 trumps: bool = True) -> tuple[str, ...]:
    """A class's cards strongest first: a rank alone for a card of the suit, rank and suit for a
    permanent trump (whatever its suit; not in an order without trump); the first `bold` in bold."""
    n = len(rules.ranks)
    out = []
    for i, c in enumerate(cards):
        own = c // n == suit and not (trumps and rules.permanent_trumps >> c & 1)
        text = rank_text(rules.ranks[c % n], lang) if own else card_text(rules, c, lang)
        out.append(f"**{text}**" if i < bold else text)
    return tuple(out)


def _named(rules: Rules, trump: int, lang: str) -> str:
    """The named cards of the trump order under `trump`, strongest first."""
    order = card_order(rules, trump)
    names = trump_names(rules, trump)
    cells = _order_cells(rules, sorted(names, key=lambda c: order.place[c]), trump, lang)
    return ", ".join(f"{cell} {esc(names[c])}" for cell, c in zip(cells, sorted(names, key=lambda c: order.place[c]),
                                                               strict=True))


def cards_part(rules: Rules, lang: str) -> list[str]:
    """The orders (plain, trumps, without trump) and each card's points (and jetons)."""
    n_suits = len(rules.suits)
    matadors = int(rules.data.get("orders", {}).get("trump", {}).get("matadors", 0))
    plain_rows, trump_rows = [], []
    for s in range(n_suits):
        other = (s + 1) % n_suits
        plain_rows.append((s, _order_cells(rules, _class_cards(rules, other, s), s, lang), ""))
        trump_rows.append((s, _order_cells(rules, _class_cards(rules, s, s), s, lang, matadors), _named(rules, s, lang)))
    # points, jetons: a column per rank, in the plain order of the suit with the most cards
    fullest = max(range(n_suits), key=lambda s: len(_class_cards(rules, (s + 1) % n_suits, s)))
    ranks = [rules.ranks[c % len(rules.ranks)] for c in _class_cards(rules, (fullest + 1) % n_suits, fullest)]
    points = {r: rules.points[rules.ranks.index(r)] for r in rules.ranks}
    jetons = (rules.data.get("payments") or {}).get("brusquembilles", {})
    total = sum(rules.points[c] for c in rules.pack_cards)
    body = [[word(lang, "points")] + [str(points[r]) for r in ranks]] if total else []
    if jetons:
        body.append([word(lang, "jetons")] + [str(jetons[r]) if jetons.get(r) else "" for r in ranks])
    notes = [word(lang, "pack", n=rules.n_cards, total=total) if total else word(lang, "pack-nopoints", n=rules.n_cards)]
    if all(p[1] == t[1] for p, t in zip(plain_rows, trump_rows, strict=True)) and len(_grouped(plain_rows)) == 1:
        # one order for every suit, trumps included: one table, the ranks as columns
        caption = word(lang, "every-suit") + (word(lang, "with-points") if body else "")
        cells = [rank_text(r, lang) for r in ranks]
        if body:
            out = _table(caption, [word(lang, "rank")] + cells, body, [16] + [10] * len(ranks), "refcard-points")
        else:
            out = _table(caption, None, [[word(lang, "order-short")] + cells], [16] + [10] * len(ranks), "refcard-points")
    else:
        rows: list[list[str]] = []
        any_names = any(names for _, _, names in trump_rows)
        for suits, cells_, _ in _grouped(plain_rows):
            rows.append([f"{word(lang, 'plain')} {_suits_text(rules, suits)}", " ".join(cells_)])
        for suits, cells_, names in _grouped(trump_rows):
            rows.append([f"{word(lang, 'trump')} {_suits_text(rules, suits)}", " ".join(cells_)]
                        + ([names] if any_names else []))
        if "none" in rules.data.get("orders", {}):
            none_rows = [(s, _order_cells(rules, _class_cards(rules, None, s), s, lang, trumps=False), "")
                         for s in range(n_suits)]
            for suits, cells_, _ in _grouped(none_rows):
                rows.append([f"{word(lang, 'no-trump')} {_suits_text(rules, suits)}", " ".join(cells_)])
        width = 3 if any_names else 2
        rows = [r + [""] * (width - len(r)) for r in rows]
        header = [word(lang, "suits"), word(lang, "order")] + ([word(lang, "names")] if any_names else [])
        out = _table(word(lang, "order-caption"), header, rows, [25, 43, 32] if any_names else [30, 70],
                     "refcard-order")
        if body:
            out += _table(word(lang, "points-caption"), [word(lang, "rank")] + [rank_text(r, lang) for r in ranks],
                          body, [16] + [10] * len(ranks), "refcard-points")
    omitted = [c for c in range(rules.n_indices) if not rules.pack >> c & 1]
    if omitted:
        notes.append(word(lang, "out", cards=" ".join(card_text(rules, c, lang) for c in omitted)))
    if matadors:
        notes.append(word(lang, "matadors", n=matadors))
    return out + [" ".join(notes), ""]


# -- the following rule -----------------------------------------------------------------


def following_part(rules: Rules, lang: str) -> list[str]:
    """The following rule as a flowchart (brou.book.flowchart), raw SVG."""
    svg = following_chart(rules, lang)
    out = [".. raw:: html", ""] + ["   " + line if line else "" for line in svg.splitlines()] + [""]
    if "draw" in rules.after_trick and rules.talon_size:
        turnup = rules.data["deal"].get("turnup") == "talon-top"
        out += [word(lang, "draw") + (word(lang, "draw-turnup") if turnup else ""), ""]
    return out


# -- the marriages --------------------------------------------------------------------------


def _factor(lang: str, n: int) -> str:
    return word(lang, f"factor-{n}") if n in (1, 2) else word(lang, "factor-n", n=n)


def marriages_part(rules: Rules, lang: str) -> list[str]:
    """The marriage values as numbers: announced and on the table, in a plain suit and in
    trumps, with what each means in the caption's notes (clauses *.marriage.*)."""
    data = rules.data.get("marriages")
    if not data or not data.get("kinds"):
        return []
    trump, table = int(data["trump_factor"]), int(data["table"]["factor"])
    announced = data["announced"]["window"] != "never"
    header = [word(lang, "marriage"), word(lang, "ranks")]
    if announced:
        header += [word(lang, "announced"), f"{word(lang, 'announced')} {word(lang, 'in-trumps')}"]
    if table:
        header += [word(lang, "table"), f"{word(lang, 'table')} {word(lang, 'in-trumps')}"]
    rows = []
    for name, kind in sorted(data["kinds"].items(), key=lambda item: len(item[1]["ranks"])):
        value = int(kind["value"])
        ranks = sorted(kind["ranks"], key=rules.ranks.index)
        row = [esc(W[lang].get(name, name)), " ".join(rank_text(r, lang) for r in ranks)]
        if announced:
            row += [str(value), str(value * trump)]
        if table:
            row += [str(value * table), str(value * table * trump)]
        rows.append(row)
    out = _table(word(lang, "m-caption"), header, rows, [11, 9] + [20] * (len(header) - 2), "refcard-marriages")
    notes = []
    if announced:
        a = data["announced"]
        notes.append(word(lang, "announced-how", window=word(lang, a["window"]), credited=word(lang, a["credited"]),
                          deducted=word(lang, "loses-same" if a["deducted_from_others"] else "loses-nothing")))
    if table:
        t = data["table"]
        notes.append(word(lang, "table-how", factor=_factor(lang, table), credited=word(lang, t["credited"]),
                          deducted=word(lang, "loses-same" if t["deducted_from_others"] else "loses-nothing")))
    for note in notes:
        out += ["- " + note]
    return out + [""]


# -- scoring ------------------------------------------------------------------------------


def _game_part(rules: Rules, lang: str) -> list[str]:
    """A partnership game (`game`, `match`): the target, what a game is worth, the match."""
    game, match = rules.data["game"], rules.data.get("match", {})
    unit = match.get("unit", "parties")
    out = [f"- **{word(lang, 'game')}**: " if lang == "en" else f"- **{word(lang, 'game')}**\u00a0: "]
    out[0] += word(lang, game["win"], target=game["target"])
    rows = []
    steps = game["value"]
    for i, step in enumerate(steps):
        if "below" in step:
            case = word(lang, "below", n=step["below"])
        elif i:
            case = word(lang, "otherwise", n=steps[i - 1]["below"])
        else:
            case = word(lang, "any")
        rows.append([case, str(step["value"])])
    all_tricks = game.get("all_tricks")  # not a game's end: said under the table (the game goes on)
    decl = game.get("declaration")
    if decl:
        value = word(lang, "declared-plus", n=decl["value"]) if game["marked_by"] == "winner" else str(decl["value"])
        # the score it asks for: always when declared during play (brou.laws.game), else by parameter
        floor = decl["moment"] != "before-lead" or rules.params.get("partie_et_vole_190") == "precondition"
        rows.append([word(lang, "declared-from" if floor else "declared", name=esc(decl["name"]), n=decl["min_score"]),
                     value])
        if decl.get("double"):
            d = decl["double"]
            rows.append([word(lang, "double", name=esc(d["name"]), n=d["max_other_score"]), str(d["value"])])
    units = word(lang, unit)
    caption = word(lang, "v-caption", unit=units, by=word(lang, game["marked_by"]))
    out += [""] + _table(caption, None, rows, [74, 26], "refcard-values")
    notes = []
    if decl:
        notes.append(word(lang, "declared-failed"))
    if all_tricks:
        n = int(all_tricks["value"])
        notes.append(word(lang, f"all-tricks-{game['marked_by']}", name=esc(all_tricks["name"]), n=n,
                          unit=units if n > 1 else units[:-1]))
    options = (rules.data["parameters"].get("match_target") or {}).get("options") or []
    if match and len(options) > 1:
        listed = ", ".join(str(o) for o in options[:-1]) + (" or " if lang == "en" else " ou ") + str(options[-1])
        notes.append(f"**{word(lang, 'match')}**" + ("\u00a0: " if lang == "fr" else ": ")
                     + word(lang, "agreed", unit=units, options=listed, n=match["target"]))
    elif match:
        key = "match-wins" if match["reaching_target"] == "wins" else "match-loses"
        one = units[:-1] if units.endswith("s") else units
        notes.append(f"**{word(lang, 'match')}**" + ("\u00a0: " if lang == "fr" else ": ")
                     + word(lang, key, n=match["target"], unit=units if key == "match-wins" else one, unit_one=one,
                             nth=english_ordinal(match["target"]) if lang == "en" else ordinal(match["target"])))
    if rules.rounding == "cards-half-up":
        notes.append(word(lang, "rounding"))
    return out + ["- " + n for n in notes] + [""]


def _jetons(lang: str, n: int) -> str:
    return f"{n} {word(lang, 'jeton' if n == 1 else 'jetons-word')}"


def _phase_part(rules: Rules, lang: str) -> list[str]:
    """A game on the phase engine: its result, payments, stakes, kings, contracts, session."""
    data = rules.data
    out: list[str] = []
    result = data.get("result", {})
    session = data.get("session", {})
    kind = result.get("kind")
    items: list[str] = []
    if kind == "most-card-points":
        if session.get("kind") == "points":
            items.append(word(lang, "most-card-points-points", target=session.get("target")))
        else:
            items.append(word(lang, "most-card-points"))
    payments = data.get("payments") or {}
    if payments.get("brusquembilles") and payments.get("paid") == "pool":
        listed = ", ".join(f"{rank_text(r, lang)} = {_jetons(lang, n)}" for r, n in payments["brusquembilles"].items())
        items.append(word(lang, "brusquembilles", list=listed))
    stakes = data.get("stakes")
    if stakes and session.get("kind") == "pool":
        items.append(word(lang, "stakes", fiche=stakes["fiche"], per_round=stakes["fiches_per_round"],
                          jetons=stakes["jetons"], pool=stakes["pool_per_coup"]))
        if session.get("rounds"):
            items.append(word(lang, "rounds", n=session["rounds"]))
    if kind == "most-tricks":
        items.append(word(lang, "most-tricks"))
    if kind == "hombre":
        items.append(word(lang, "hombre"))
    out += ["- " + i for i in items] + ([""] if items else [])
    rows: list[list[str]] = []
    if kind == "most-tricks":
        rows += [[word(lang, "homme-wins"), word(lang, "plus-one")],
                 [word(lang, "homme-loses"), word(lang, result.get("loser_pays", "each-opponent"))]]
    speech = data.get("speech")
    if speech:
        shown = word(lang, speech["showing"])
        if speech["kings"] == "turned-suit":
            rows += [[word(lang, "turned-suit-turned"), word(lang, "turned-suit-turned-who")],
                     [word(lang, "turned-suit-held") + shown, word(lang, "turned-suit-held-who")]]
        else:
            rows += [[word(lang, speech["kings"]) + shown, word(lang, "turned-suit-held-who")]]
    if rows:
        out += _table(word(lang, "k-caption"), None, rows, [60, 40], "refcard-values")
    tail: list[str] = []
    if data.get("play", {}).get("taken_king"):
        tail.append(word(lang, data["play"]["taken_king"]))
    if session.get("kind") == "marks":
        tail.append(word(lang, "marks", target=session["target"]))
        if session.get("debts"):
            tail.append(word(lang, session["debts"]))
    contracts = data.get("auction", {}).get("contracts")
    if contracts:
        body = [[esc(c[lang]), str(c["rank"]), word(lang, c["trump"]), word(lang, "ex-" + c["exchange"]),
                 str(c["won"]), str(c["codille"])] for c in contracts]
        out += _table(word(lang, "contracts"), [word(lang, k) for k in ("contract", "c-rank", "c-trump", "c-exchange",
                                                                         "c-won", "c-codille")],
                      body, [30, 9, 17, 24, 12, 10], "refcard-contracts")
    vole = data.get("play", {}).get("vole")
    if vole:
        tail.append(word(lang, "vole", after=vole["after"], value=vole["value"]))
    if session.get("kind") == "coups":
        tail.append(word(lang, "coups", n=session["coups"], more=_coups_at_other_forms(rules, lang)))
    return out + ["- " + t for t in tail] + ([""] if tail else [])


def _coups_at_other_forms(rules: Rules, lang: str) -> str:
    """After the coups of a game at the card's form (hom.match.coups), those of each other form
    of the ruleset (parameter `form`) whose game is of another length: " (40 with four at the
    table)"; "" where there is none."""
    form = rules.data.get("parameters", {}).get("form")
    others = []
    for option in form["options"] if form else ():
        if option == rules.params.get("form", form["default"]):
            continue
        other = Rules.load(rules.id, **{**rules.overrides, "form": option})
        if other.data["session"]["coups"] != rules.data["session"]["coups"]:
            others.append(word(lang, "coups-at", n=other.data["session"]["coups"], table=NUMBERS[lang][other.table_size]))
    return f" ({'; '.join(others)})" if others else ""


def scoring_part(rules: Rules, lang: str) -> list[str]:
    """How a game is scored: parties or coches (`game`, `match`), or the phase games' result."""
    if "game" in rules.data:
        return _game_part(rules, lang)
    return _phase_part(rules, lang)


# -- the steps of a deal --------------------------------------------------------------------


class Step(NamedTuple):
    """One phase of a deal as the card prints it (a booklet's `card_steps`): its name, what
    happens, and the numbers of the rules it sums up, as the booklet numbers them."""

    head: str
    text: str
    rules: tuple[str, ...]


def rule_span(numbers: Sequence[str]) -> str:
    """Rule numbers as a reader cites them: a run within one chapter as a range (4.1 to 4.4, with an en dash)."""
    keyed = sorted(set(numbers), key=lambda n: tuple(int(x) for x in n.split(".")))
    runs: list[list[str]] = []
    for n in keyed:
        chapter, rule = n.split(".")
        if runs:
            last_chapter, last_rule = runs[-1][-1].split(".")
            if last_chapter == chapter and int(last_rule) + 1 == int(rule):
                runs[-1].append(n)
                continue
        runs.append([n])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}\u2013{run[-1]}" for run in runs)


def steps_part(steps: Sequence[Step], lang: str) -> list[str]:
    """The phases of a deal, in order of play: each its name, its rules, and what happens."""
    out = [".. rst-class:: refcard-steps", ""]
    for step in steps:
        key = "step-rules" if len(step.rules) == 1 else "step-rules-n"
        out.append(f"- **{esc(step.head)}** ({word(lang, key, n=rule_span(step.rules))}). {esc(step.text)}")
    return out + [""]


# -- the card -------------------------------------------------------------------------------


def reference_card(rules: Rules, lang: str, steps: Sequence[Step] = ()) -> list[str]:
    """reStructuredText lines of the reference card of `rules` (at its defaults) in `lang`
    ("en" or "fr"), to be placed by the booklet on a page of its own; `steps`, the phases of a
    deal in the booklet's words, after the cards."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    body = [f".. rubric:: {word(lang, 'cards')}", ""] + cards_part(rules, lang)
    if steps:
        body += [f".. rubric:: {word(lang, 'steps')}", ""] + steps_part(steps, lang)
    body += [f".. rubric:: {word(lang, 'following')}", ""] + following_part(rules, lang)
    marriages = marriages_part(rules, lang)
    if marriages:
        body += [f".. rubric:: {word(lang, 'marriages')}", ""] + marriages
    scoring = scoring_part(rules, lang)
    if scoring:
        body += [f".. rubric:: {word(lang, 'scoring')}", ""] + scoring
    style = [".. raw:: html", "", "   <style>"] + ["   " + line for line in CSS.read_text(encoding="utf-8").splitlines()
                                                   if line.strip()] + ["   </style>", ""]
    return ([f".. role:: {RED}", "", ".. container:: refcard", ""]
            + ["   " + line if line else "" for line in style + body] + [""])


def standalone_html(rules: Rules, lang: str, steps: Sequence[Step] = ()) -> str:
    """The card alone as an HTML page, laid out by plain docutils under the printed book's
    print.css (the card brings its own style), below a part heading as the booklet gives it
    (an h2, the card has no title of its own): what tests/test_refcard.py gives WeasyPrint to
    count its pages."""
    from docutils.core import publish_parts

    parts = publish_parts("\n".join(reference_card(rules, lang, steps)), writer="html5",
                          settings_overrides={"report_level": 2, "halt_level": 2, "output_encoding": "unicode"})
    page = PRINT_CSS.read_text(encoding="utf-8")
    title = word(lang, "card")
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><style>\n{page}</style></head>\n'
            f'<body><h2>{html.escape(title)}</h2>\n{parts["body"]}</body></html>\n')

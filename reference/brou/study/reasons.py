"""Every option of the register shows what it changes, or says why it cannot (issue 59; docs/
ambiguities.md, "Why some readings change nothing"): an option of a study shows a change when
some study of it, played by the careful players (docs/studies/figures.json) or played again by
the search players, plain or aimed at its case (docs/studies/replayed/figures.json), finds a
deal or a session whose result differs (`shows_change`).  An option that shows none has a
written reason here (`WHY_NOTHING`), in English and French: its readings cannot part in play,
or they are one game, or good players meet its case and do the same under both readings, or
its case is dealt by the cards too rarely to be met.  `gaps` lists the options with neither,
and the options with a reason that a study contradicts; a test keeps both lists empty."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..spec.ambiguities import PLANS

__all__ = ["CANNOT_ARISE", "WHY_NOTHING", "Reason", "gaps", "shows_change", "why_nothing"]


# entries whose readings cannot part in the study's play, and why (the figures show the reason,
# a test checks that the detector never fires for them)
CANNOT_ARISE = {
    "AMB-01": "the next dealer is the dealer's right or left neighbour, both of the other side, so every deal is "
              "dealt and played the same by seat of the deal and every side's count is the same; only which of two "
              "partners holds which hand changes, and that matters only when partners are different players",
    "AMB-58": "the table's players are numbered in the order of play, so whether that order runs to the right or "
              "to the left is a name for the same deals: each seat deals, bids and plays after the same players "
              "either way, whoever sits there",
}


@dataclass(frozen=True)
class Reason:
    """Why an option's readings change nothing, in English and in French."""

    en: str
    fr: str

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


HDB, BROUC, BRUS, HOM = "homme-de-brou-1802", "brouc", "brusquembille-1718", "hombre"
_NEXT_DEALER = Reason(
    CANNOT_ARISE["AMB-01"],
    "le donneur suivant est le voisin de droite ou de gauche du donneur, tous deux du camp adverse\u202f: chaque donne "
    "se joue la même place par place et chaque camp compte de même\u202f; seul change lequel des deux partenaires "
    "tient quelle main, ce qui ne compte que si les partenaires sont des joueurs différents")
_ROUNDING = Reason(
    PLANS["AMB-12"].same["total-half-up"],
    "les mariages valent des dizaines entières\u202f: arrondir les cartes seules ou les cartes et les mariages "
    "ensemble, toujours à la demie supérieure, donne toujours le même total")
_NO_CLAIM = Reason(
    PLANS["AMB-28"].same["no-claim"],
    "le compte venant d'abord et rien ne se disant après lui, aucune demande n'est entendue après la dernière carte "
    "non plus\u202f: les deux lectures sont un même jeu")
# (entry, ruleset, option) -> why the option shows no change in any study
WHY_NOTHING: Final[dict[tuple[str, str, str], Reason]] = {
    ("AMB-01", HDB, "left"): _NEXT_DEALER,
    ("AMB-01", BROUC, "left"): _NEXT_DEALER,
    ("AMB-12", HDB, "total-half-up"): _ROUNDING,
    ("AMB-12", BROUC, "total-half-up"): _ROUNDING,
    ("AMB-28", HDB, "no-claim"): _NO_CLAIM,
    ("AMB-28", BROUC, "no-claim"): _NO_CLAIM,
    # the case arises, and good players do the same under both readings
    ("AMB-06", BROUC, "any-time-once-team-has-trick"): Reason(
        "a marriage's two cards stay in its holder's hand until he plays one of them, at his own turn, where the "
        "default lets him announce it if his team has a trick; announcing out of turn, once it has one, comes "
        "sooner but counts the same marriage for the same points, so the reading changes when it is counted, not "
        "what",
        "les deux cartes d'un mariage restent dans la main de celui qui le tient jusqu'à ce qu'il en joue une, à son "
        "tour, où la lecture par défaut le laisse l'annoncer si son équipe a une levée\u202f; l'annoncer hors de son "
        "tour, dès qu'elle en a une, vient plus tôt mais compte le même mariage pour les mêmes points\u202f: la "
        "lecture change le moment où il est compté, non ce qui l'est"),
    ("AMB-18", HDB, "precondition"): Reason(
        "the reading only takes away declarations below 190; a declaration pays only for a team that then takes "
        "every trick, and there playing them out undeclared is worth as much (the solver valued both alike in the "
        "positions met), so the players lose nothing they would use",
        "cette lecture ne retire que les déclarations au-dessous de 190\u202f; une déclaration ne rapporte qu'à une "
        "équipe qui fait ensuite toutes les levées, et alors les jouer sans rien déclarer vaut autant (le solveur "
        "les estime pareilles dans les positions rencontrées)\u202f: les joueurs ne perdent rien dont ils se "
        "serviraient"),
    ("AMB-19", HDB, "before-first-trick"): Reason(
        "a declaration pays only for a team that takes every trick; such a team, having taken the first, leads "
        "the second, where every reading lets it declare for the same value, so declaring before the first trick "
        "is never worth more",
        "une déclaration ne rapporte qu'à une équipe qui fait toutes les levées\u202f; une telle équipe, ayant fait "
        "la première, entame la deuxième, où toute lecture la laisse déclarer pour la même valeur\u202f: déclarer "
        "avant la première levée ne vaut jamais plus"),
    ("AMB-30", HDB, "any-player-of-team"): Reason(
        "a declaration pays only for a team that takes every trick, so one of its players leads each trick up to "
        "the fifth, where the default lets him declare for the same value; declaring at another player's turn "
        "comes earlier, never for more",
        "une déclaration ne rapporte qu'à une équipe qui fait toutes les levées\u202f: l'un de ses joueurs entame "
        "donc chaque levée jusqu'à la cinquième, où la lecture par défaut le laisse déclarer pour la même "
        "valeur\u202f; déclarer au tour d'un autre joueur vient plus tôt, jamais pour plus"),
    ("AMB-36", HDB, "partner-too"): Reason(
        "a declaration pays only for a team that takes every trick, and the trick's winner, who leads next, may "
        "declare at his lead for the same value as his partner in the window",
        "une déclaration ne rapporte qu'à une équipe qui fait toutes les levées, et le gagnant de la levée, qui "
        "entame la suivante, peut déclarer à son entame pour la même valeur que son partenaire dans la fenêtre"),
    ("AMB-37", HDB, "with-card-points"): Reason(
        "the teams that their card points alone lift to 190 could not take every trick in the positions met, "
        "where declaring loses the game; and where a team can take every trick, playing them out undeclared is "
        "worth what declaring is",
        "les équipes que leurs seuls points de cartes portent à 190 ne pouvaient pas faire toutes les levées dans "
        "les positions rencontrées, où déclarer perd la partie\u202f; et là où une équipe peut toutes les faire, les "
        "jouer sans rien déclarer vaut autant que déclarer"),
    ("AMB-58", HOM, "clockwise"): Reason(
        CANNOT_ARISE["AMB-58"],
        "le moteur numérote les joueurs dans l'ordre du jeu\u202f: que cet ordre tourne à droite ou à gauche ne fait "
        "que nommer autrement les mêmes donnes, chaque place donnant, enchérissant et jouant après les mêmes joueurs"),
}


def why_nothing(entry: str, ruleset: str, option: str) -> Reason | None:
    """The written reason an option shows no change, or None."""
    return WHY_NOTHING.get((entry, ruleset, option))


def _positive(m: Mapping[str, Any] | None, key: str = "value") -> bool:
    return bool(m) and m is not None and m.get(key) is not None and m[key] > 0


def shows_change(study: Mapping[str, Any], option: Mapping[str, Any]) -> bool:
    """Whether an option's figures in a study find a result that differs: in the study's
    sessions (its players', aimed at the case or not) some deal's result or the winner
    (`any_deal_changed`, `winner_changed`); in deals played again by a replay's players, the
    deal's result or a side's score."""
    a = option.get("arising") or {}
    again = bool(study.get("replay")) and (_positive(a.get("result_changed")) or _positive(a.get("score_moved")))
    return again or _positive(option.get("any_deal_changed"), "k") or _positive(option.get("winner_changed"), "k")


def _options(figures: Mapping[str, Any]) -> Iterable[tuple[tuple[str, str, str], bool]]:
    for study in figures.get("studies", []):
        for option in study["options"][1:]:
            yield (study["entry"], study["ruleset"], option["option"]), shows_change(study, option)


def gaps(figures: Mapping[str, Any], replayed: Mapping[str, Any]) -> tuple[list[tuple[str, str, str]],
                                                                             list[tuple[str, str, str]]]:
    """The options of the studies in `figures` that show no change in it nor in `replayed` and
    have no written reason; and the options with a reason that some study shows changing."""
    changed: dict[tuple[str, str, str], bool] = {}
    for key, shown in [*_options(figures), *_options(replayed)]:
        changed[key] = changed.get(key, False) or shown
    studied = {key for key, _ in _options(figures)}
    bare = sorted(k for k in studied if not changed[k] and k not in WHY_NOTHING)
    contradicted = sorted(k for k in WHY_NOTHING if changed.get(k))
    return bare, contradicted

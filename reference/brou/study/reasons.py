"""Every option of the register shows what it changes when good players play it, or says why it
cannot (issue 59; docs/ambiguities.md, "Why some readings change nothing"): an option of a
study shows a change when its deals where the case arises, played again by the search player
in a study with a replay, plain or aimed at its case (docs/studies/replayed/figures.json), have
another result or score under it (`shows_change`).  An option that shows none has a written
reason here (`WHY_NOTHING`), in English and French: its readings cannot part in play, or they
are one game, or good players meet its case and do the same under both readings, or what it
changes lies outside the deal where it arises.  `gaps` lists the options with neither, and
the options with a reason that a replay contradicts; a test keeps both lists empty."""

from __future__ import annotations

from collections.abc import Mapping
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
_ESCAPE = Reason(
    "a bound team can escape only while it has taken every trick (a lost trick ends its declaration at once), "
    "and it may escape at any later turn as well; the solver values claiming now and playing on alike there, so "
    "the search player plays on and never escaped in the deals played again, and both readings gave it the same "
    "deal; the careful players, who claim the moment they reach 301, escape, and their aimed matches change",
    "une équipe engagée ne peut s'échapper que tant qu'elle a fait toutes les levées (une levée perdue fait tomber "
    "sa déclaration sur-le-champ), et elle le peut aussi à tout tour suivant\u202f; le solveur estime alors "
    "autant réclamer tout de suite que continuer\u202f: le joueur qui cherche continue et ne s'est jamais échappé "
    "dans les donnes rejouées, si bien que les deux lectures lui ont donné la même donne\u202f; les joueurs "
    "prudents, qui réclament dès qu'ils atteignent 301, s'échappent, et leurs matchs dirigés changent")
_LAST_ROUND = Reason(
    "the reading adds a round of claims once the last card is played; every card is then known, a claim is right "
    "only where the count already gives the team the game and a wrong one loses it, and in the deals played "
    "again the search player always passed, so the count decided under both readings; the careful players claim "
    "where they may, which writes the game as a claim, and some of their matches change",
    "la lecture ajoute un tour de réclamations une fois la dernière carte jouée\u202f; toutes les cartes sont "
    "alors connues, une réclamation n'est juste que là où le compte donne déjà la partie à l'équipe, et une fausse "
    "la perd\u202f; dans les donnes rejouées, le joueur qui cherche a toujours passé, si bien que le compte a "
    "décidé sous les deux lectures\u202f; les joueurs prudents réclament où ils le peuvent, ce qui inscrit la "
    "partie comme réclamée, et quelques-uns de leurs matchs changent")
# (entry, ruleset, option) -> why the option shows no change in any study
WHY_NOTHING: Final[dict[tuple[str, str, str], Reason]] = {
    # their readings cannot part in play, or are one game: the case never arises
    ("AMB-01", HDB, "left"): _NEXT_DEALER,
    ("AMB-01", BROUC, "left"): _NEXT_DEALER,
    ("AMB-12", HDB, "total-half-up"): _ROUNDING,
    ("AMB-12", BROUC, "total-half-up"): _ROUNDING,
    ("AMB-28", HDB, "no-claim"): _NO_CLAIM,
    ("AMB-28", BROUC, "no-claim"): _NO_CLAIM,
    ("AMB-58", HOM, "clockwise"): Reason(
        CANNOT_ARISE["AMB-58"],
        "le moteur numérote les joueurs dans l'ordre du jeu\u202f: que cet ordre tourne à droite ou à gauche ne fait "
        "que nommer autrement les mêmes donnes, chaque place donnant, enchérissant et jouant après les mêmes joueurs"),
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
    ("AMB-28", HDB, "one-round-in-seat-order"): _LAST_ROUND,
    ("AMB-28", BROUC, "one-round-in-seat-order"): _LAST_ROUND,
    ("AMB-29", HDB, "escape"): _ESCAPE,
    ("AMB-29", BROUC, "escape"): _ESCAPE,
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
    ("AMB-59", HOM, "other-contract"): Reason(
        "in the deals played again the search player never answered a bid with the other contract of the same "
        "rank, the one action the reading adds, so both readings gave it the same deal; the careful players, "
        "steered to name contracts at random, did, and their aimed games change",
        "dans les donnes rejouées, le joueur qui cherche n'a jamais répondu à une enchère par l'autre contrat du même "
        "rang, la seule action que la lecture ajoute\u202f: les deux lectures lui ont donné la même donne\u202f; "
        "les joueurs prudents, poussés à nommer des contrats au hasard, l'ont fait, et leurs parties dirigées "
        "changent"),
    # what the reading changes lies after the deal where it arises
    ("AMB-22", BROUC, "wins"): Reason(
        "the reading decides whether the team that marks the fifth coche loses or wins the match, which is read "
        "after the deal that marks it; the players play each deal for its game, so that deal is played and counted "
        "alike under both readings, its replays do not differ, and only the match's winner does",
        "la lecture décide si l'équipe qui marque la cinquième coche perd ou gagne le match, ce qui se lit après la "
        "donne qui la marque\u202f; les joueurs jouent chaque donne pour sa partie, si bien que cette donne se joue et "
        "se compte de même sous les deux lectures et que ses donnes rejouées ne diffèrent pas\u202f: seul change le "
        "vainqueur du match"),
    ("AMB-23", BROUC, "cape-side-only"): Reason(
        "what the reading changes is carried out of the deal where it arises: the losers' announced marriages go "
        "with the cape into the next deal or not, so the cape's own deal is counted alike and its replays cannot "
        "differ; the next deal starts from other carried marriages, which the aimed matches show (some deal's "
        "result changes in a few of them)",
        "ce que la lecture change sort de la donne où le cas se présente\u202f: les mariages annoncés des perdants "
        "passent ou non avec la cape dans la donne suivante, si bien que la donne de la cape se compte de même et "
        "que ses donnes rejouées ne peuvent différer\u202f; la donne suivante part d'autres mariages reportés, ce "
        "que montrent les matchs dirigés (une donne au moins y change dans quelques-uns)"),
    ("AMB-47", BRUS, "shared"): Reason(
        "the reading decides who wins a game for points when players tie at the top after its last deal; that "
        "deal is counted alike under both readings, so its replays cannot differ, and only the game's winners do "
        "(in the few games where the tie comes)",
        "la lecture décide qui gagne une partie aux points quand des joueurs sont à égalité en tête après sa "
        "dernière donne\u202f; cette donne se compte de même sous les deux lectures, si bien que ses donnes "
        "rejouées ne peuvent différer\u202f: seuls changent les gagnants de la partie (dans les rares parties où "
        "l'égalité vient)"),
    ("AMB-69", BRUS, "dealers"): Reason(
        "the reading sets how many deals a round of two pairs lasts, so it decides whether another deal is played, "
        "not how a deal is played or counted: the deal after which the readings part counts alike, and only the "
        "session's length and winners change",
        "la lecture fixe combien de donnes dure un tour de deux paires\u202f: elle décide si une autre donne se "
        "joue, non comment une donne se joue ni se compte\u202f; la donne après laquelle les lectures se séparent "
        "se compte de même, et seuls changent la longueur de la séance et ses gagnants"),
}


def why_nothing(entry: str, ruleset: str, option: str) -> Reason | None:
    """The written reason an option shows no change, or None."""
    return WHY_NOTHING.get((entry, ruleset, option))


def _positive(m: Mapping[str, Any] | None) -> bool:
    return bool(m) and m is not None and m.get("value") is not None and m["value"] > 0


def shows_change(study: Mapping[str, Any], option: Mapping[str, Any]) -> bool:
    """Whether an option's deals played again by a study's replay players (the search player,
    brou.study.arising.Replay) change: the deal's result or a side's score, in some deal where
    the case arose.  A study without a replay shows the careful players' play only: False."""
    a = option.get("arising") or {}
    return bool(study.get("replay")) and (_positive(a.get("result_changed")) or _positive(a.get("score_moved")))


def _studied(figures: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    return [(s["entry"], s["ruleset"], o["option"]) for s in figures.get("studies", []) for o in s["options"][1:]]


def gaps(figures: Mapping[str, Any], replayed: Mapping[str, Any]) -> tuple[list[tuple[str, str, str]],
                                                                             list[tuple[str, str, str]]]:
    """The options of the register's studies (`figures`) whose deals played again by good
    players (`replayed`: studies with a replay, plain or aimed) change nothing, or were never
    played again, and that have no written reason; and the options with a reason that some
    replay shows changing."""
    changed: dict[tuple[str, str, str], bool] = {}
    for study in replayed.get("studies", []):
        if not study.get("replay"):
            continue
        for option in study["options"][1:]:
            key = (study["entry"], study["ruleset"], option["option"])
            changed[key] = changed.get(key, False) or shows_change(study, option)
    bare = sorted(k for k in _studied(figures) if not changed.get(k) and k not in WHY_NOTHING)
    contradicted = sorted(k for k in WHY_NOTHING if changed.get(k))
    return bare, contradicted

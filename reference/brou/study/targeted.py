"""A targeted study (docs/ambiguities.md, "A targeted study"): sessions aimed at the case a
reading is about, for the entries whose case plain play meets rarely or never.  An aim (`Aim`)
nudges the session players toward the entry's kind of action (`steer`: an action's kind,
brou.study.options.kind_of, or the action's own text such as L'Hombre's `tourne`, to the
probability the player to act takes one where he may); for an entry about the end of a game it
starts every session inside a game of a match (`standing`, brou.study.play.Standing: the
scores, carried marriages and marks drawn per seed); and where the case needs them it names the
players (`random`, who never claims on his own).  How often the case arises is then the aimed
play's, not a table's: the figures say so, beside the plain study's rate.

An entry's aim is its row of `AIMS` if it has one, else the steering the search for option
situations gives it (brou.study.options.TARGETS), else none."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from .options import TARGETS
from .play import Plan, Standing

__all__ = ["AIMS", "Aim", "aim_of"]


@dataclass(frozen=True)
class Aim:
    """How a targeted study's sessions are aimed at its case: the steering, in a fixed order,
    the standing they start from (None: the start of a match), and the players who play them
    (specs, as `--players` gives them; empty: the study's own)."""

    steer: tuple[tuple[str, float], ...] = ()
    standing: Standing | None = None
    players: tuple[str, ...] = ()


def _aim(steer: Mapping[str, float] | None = None, players: tuple[str, ...] = (), **standing: Any) -> Aim:
    return Aim(tuple(sorted((steer or {}).items())), Standing(**standing) if standing else None, players)


NEAR: Final = ((220, 300), (220, 300))
HDB, BROUC, HOM = "homme-de-brou-1802", "brouc", "hombre"
# entries aimed otherwise than by the search for option situations' steering, by ruleset
AIMS: Final[dict[str, dict[str, Aim]]] = {
    # both teams past 301 at the end of the same coup, nobody having claimed: both near it, and
    # players who never claim on their own (the careful player claims the moment he may)
    "AMB-15": {HDB: _aim(players=("random",), scores=((260, 300), (260, 300)))},
    # a wrong claim: the players claim now and then where they may
    "AMB-16": {HDB: _aim({"claim": 0.05}, scores=((0, 300), (0, 300)))},
    "AMB-17": {HDB: _aim({"claim": 0.04, "announce": 0.95}, scores=((0, 300), (0, 300)))},
    # a concession near the end of a game, the team at 301 not claiming first
    "AMB-20": {HDB: _aim({"concede": 0.9}, players=("random",), scores=NEAR)},
    # a cape in a match with marriages carried in
    "AMB-23": {BROUC: _aim({"announce": 0.95}, scores=((0, 300), (0, 300)), carried=(20, 60), marks=(0, 2))},
    # a team bound by its declaration near 301, where a plain claim would end the game
    "AMB-29": {HDB: _aim({"declare": 0.9}, scores=((240, 300), (0, 300))),
               BROUC: _aim({"declare": 0.9}, scores=((240, 300), (0, 300)))},
    # a concession while a declaration binds
    "AMB-32": {HDB: _aim({"declare": 0.9, "concede": 0.9}, scores=((240, 300), (0, 300)))},
    # the moment before the fifth trick, a team near 301 having taken the first four: players who
    # neither claim nor concede on their own (a refused concession before it binds the team, and
    # binds out the concession asked there)
    "AMB-34": {HDB: _aim(players=("random",), scores=((270, 300), (0, 300)))},
    # a declaration by a team far below 301
    "AMB-35": {HDB: _aim({"declare": 0.9}, scores=((0, 150), (0, 150)))},
    # a trick's winner gathering a table marriage without marking it (the base: players mark)
    "AMB-41": {HDB: _aim({"pass": 0.5})},
    # L'Hombre: contracts named at random now and then, so that two bidders meet at one rank, nolos
    # and tournés are played
    "AMB-59": {HOM: _aim({"bid": 0.5})},
    "AMB-63": {HOM: _aim({"bid": 0.5})},
    # a tourné (named by its action, as nobody would overbid it at random), its card turned from the talon
    "AMB-64": {HOM: _aim({"tourne": 0.9})},
    "AMB-67": {HOM: _aim({"bid": 0.5})},
}


def aim_of(plan: Plan) -> Aim | None:
    """The aim of a targeted study of `plan` (the module's docstring); None if it has none."""
    rows = AIMS.get(plan.entry)
    if rows is not None:
        return rows.get(plan.ruleset)
    target = TARGETS.get(plan.entry)
    if target is None or plan.ruleset not in target.rulesets or not target.steer:
        return None
    return Aim(tuple(sorted(target.steer.items())))

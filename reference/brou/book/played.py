"""The commented deals' play, recorded (issues 37 and 61): each players' booklet comments the
first deal of a session played by the search player (`brou.players.search`, docs/players.md)
in every seat, and says where the double-dummy solver (`brou.solve`) finds a better card than
the one played (in 1802 and Brouc, the deal of a game valued as a deal on its own: the count's
difference) and what that card would have won.

Playing that deal costs the search player and the solver seconds to minutes, too much for
every build of the books; so the actions and the solver's findings are recorded in
`spec/booklets/deals.json` (`record`, run by `tools/booklet-deals`), and the books replay them
(`recorded`).  A record holds the ruleset, the seed, the player's name, every action of the
deal, and the notes: for each card after which the solver's best play for the side of its
player was worth more, the action's index in the history, the best card (the lowest of the
best), the values of both and the goal they are in, and the deal played out double dummy after
each of the two cards (brou.book.lessons compares them).  tests/test_booklet_deals.py plays
the records again and finds the same actions and notes (slow).

`play_deal` plays a booklet's deal from its seed: as recorded, else by the careful player in
every seat, each action with the careful player's reason (`PlayedDeal`, which
brou.book.walkthrough comments).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..engine.phases import PhaseDeal
from ..engine.session import Session
from ..players import players_of
from ..players.careful import Choice, choose
from ..solve import solve
from ..spec import SPEC_DIR
from ..spec.rules import Rules

RECORD_FILE = SPEC_DIR / "booklets" / "deals.json"
PLAYER = "search"  # the player of the commented deals (brou.players.search)


@dataclass(frozen=True)
class Note:
    """Where the solver, with every card in view, finds a better card than the one played at
    `index` of the deal's history: the best card, the values of both for the player's side (in
    `goal`: brou.solve's values, docs/solve.md)."""

    index: int
    best: int
    played_value: int
    best_value: int
    goal: str
    played_line: tuple[int, ...] = ()  # the card played, then the deal played out double dummy
    best_line: tuple[int, ...] = ()  # the best card, then the same

    @property
    def gain(self) -> int:
        return self.best_value - self.played_value


@dataclass(frozen=True)
class Recorded:
    """A deal's recorded play: the actions of its history and the solver's notes on them."""

    ruleset: str
    seed: int
    player: str
    actions: tuple[int, ...]
    notes: tuple[Note, ...]

    def data(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "seed": self.seed, "player": self.player, "actions": list(self.actions),
                "notes": [[n.index, n.best, n.played_value, n.best_value, n.goal, list(n.played_line),
                           list(n.best_line)] for n in self.notes]}


def _note(row: Sequence[Any]) -> Note:
    i, b, p, v, g = row[:5]
    lines = [tuple(int(a) for a in line) for line in row[5:7]]
    return Note(int(i), int(b), int(p), int(v), str(g), *lines)


def _of_data(data: dict[str, Any]) -> Recorded:
    return Recorded(str(data["ruleset"]), int(data["seed"]), str(data["player"]),
                    tuple(int(a) for a in data["actions"]), tuple(_note(row) for row in data["notes"]))


def load_records(path: Path | None = None) -> dict[str, Recorded]:
    """The recorded deals by ruleset id ({} when the file is absent; default RECORD_FILE)."""
    path = RECORD_FILE if path is None else path
    if not path.is_file():
        return {}
    return {ruleset: _of_data(data) for ruleset, data in json.loads(path.read_text(encoding="utf-8")).items()}


def write_records(records: dict[str, Recorded], path: Path | None = None) -> None:
    path = RECORD_FILE if path is None else path
    text = json.dumps({r: records[r].data() for r in sorted(records)}, indent=1, ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")


def recorded(rules: Rules, seed: int, path: Path | None = None) -> Recorded | None:
    """The record of the first deal of `rules` from `seed`, if one was made for this very ruleset
    (its default form: a ruleset with other parameters is played live by the careful player)."""
    record = load_records(path).get(rules.id)
    if record is None or record.seed != seed or rules.data != Rules.load(rules.id).data:
        return None
    return record


def solver_notes(rules: Rules, seed: int, actions: tuple[int, ...]) -> tuple[Note, ...]:
    """Replay the first deal of `rules` from `seed` through `actions` and, before each card played
    where the solver takes the position (`_solvable`), solve it for the side of the player to act
    (1802's and Brouc's deal of a game as a deal on its own: the count's difference, the points
    the commentary speaks of): a note where the card played is worth less than the best."""
    session = Session(rules, seed)
    deal = session.deal
    notes: list[Note] = []
    for index, action in enumerate(actions):
        if 0 <= action < rules.n_indices and _solvable(deal):
            seat = deal.to_act
            solution = solve(deal, seat=seat, alone=True)
            values = dict(solution.actions)
            if action in values and values[action] < solution.value:
                best = min(solution.best)
                notes.append(Note(index, best, values[action], solution.value, solution.goal,
                                  played_out(deal, action), played_out(deal, best)))
        session.apply(action)
    return tuple(notes)


def played_out(deal: PhaseDeal, action: int) -> tuple[int, ...]:
    """`action` taken in a copy of `deal`, then the deal played to its end double dummy (each
    player to act takes the lowest of the solver's best actions for his side): the actions, what
    the commentary compares to say what a better card would have won (brou.book.lessons)."""
    line = deal.copy()
    line.apply(action)
    actions = [action]
    while not line.is_over:
        solution = solve(line, seat=line.to_act, alone=True)  # a deal of a game as a deal on its own, as the notes
        actions.append(min(solution.best))
        line.apply(actions[-1])
    return tuple(actions)


def _solvable(deal: PhaseDeal) -> bool:
    """Whether the solver values this position's cards: play under way (L'Hombre's auction and
    exchange are not searched) and more than one action to choose from."""
    return deal.phase == "play" and not deal.is_over and len(deal.legal_actions()) > 1


def play(rules: Rules, seed: int, player: str = PLAYER) -> Recorded:
    """The first deal of a session of `rules` from `seed`, `player` in every seat (its random
    choices seeded by `seed`), and the solver's notes on it."""
    session = Session(rules, seed)
    deal = session.deal
    bot = players_of(rules)[player]
    rng = random.Random(seed)
    actions: list[int] = []
    while not deal.is_over:
        action = bot(deal, rng)
        actions.append(action)
        session.apply(action)
    done = tuple(actions)
    return Recorded(rules.id, seed, player, done, solver_notes(rules, seed, done))


@dataclass(frozen=True)
class PlayedDeal:
    """A finished deal: the engine's state, the table player of each deal seat, the record of
    the match or session after it (what its score sheet is drawn from), the deal's number in
    it, the careful player's choice behind each action of the deal's history (None where the
    deal was not played by it; reason "weighed" where the recorded player chose otherwise), the
    player who deals next (None: the session is over), who played (`player`: "careful", or the
    player of a recorded deal) and the solver's notes on the cards played
    (brou.book.played)."""

    rules: Rules
    seed: int
    deal: PhaseDeal
    players: tuple[int, ...]
    record: dict[str, Any]
    number: int = 1
    choices: tuple[Choice | None, ...] = ()
    next_dealer: int | None = None
    player: str = "careful"
    notes: tuple[Note, ...] = ()

    @property
    def tricks(self) -> list[tuple[int, Sequence[int], int]]:
        return list(self.deal.tricks)

    @property
    def winners(self) -> list[int]:
        """The table player who won each trick."""
        return [self.players[w] for _, _, w in self.deal.tricks]

    @property
    def dealer(self) -> int:
        return self.players[self.rules.dealer]


@lru_cache(maxsize=32)
def play_deal(rules: Rules, seed: int) -> PlayedDeal:
    """The first deal of a match (or session) of `rules` from `seed`: as recorded for the booklet
    (brou.book.played: the search player in every seat, with the solver's notes), else every
    player careful.  Each action keeps the careful player's reason where he would have played
    it too."""
    record = recorded(rules, seed)
    session = Session(rules, seed)
    deal, seating = session.deal, session.seating
    choices: list[Choice] = []
    planned = iter(record.actions) if record is not None else None
    while not deal.is_over:
        choice = choose(deal)
        if planned is not None:
            action = next(planned)
            if action != choice.action:
                choice = Choice(action, WEIGHED)
        choices.append(choice)
        session.apply(choice.action)
    players = tuple(seating.player(s) for s in range(rules.n_players))
    following = None if session.is_over else session.seating.player(rules.dealer)
    if record is None:
        return PlayedDeal(rules, seed, deal, players, session.record(), choices=tuple(choices), next_dealer=following)
    return PlayedDeal(rules, seed, deal, players, session.record(), choices=tuple(choices), next_dealer=following,
                      player=record.player, notes=record.notes)


WEIGHED = "weighed"  # the recorded player's card where the careful player would have played another
SOLVER_NOTES = 3  # the solver's notes a commented deal tells at most: the largest gains

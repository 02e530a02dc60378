"""What every deal class offers a library user: the mixin `Position`, and `perft`.

`brou.engine.homme.HommeDeal` (1802, Brouc), `brou.engine.phases.PhaseDeal` (Brusquembille, L'Homme
d'Auvergne) and its subclass `brou.engine.hombre.HombreDeal` (L'Hombre) all inherit `Position`, which
gives them, once for all:

- `str(state)`: the position as a table (ruleset, trump, hands, the trick, tricks won, who
  acts and what he may do, the result once over); each class adds its own lines (`_head`,
  `_foot`);
- `==` and `hash`: two states are equal when they have the same rules (ruleset id and
  parameter overrides), the same deal, the same starting context and the same history of
  actions (`_identity`).  States are mutable: a state's hash changes when an action is
  applied or undone, so a state kept in a set or as a dict key must not be moved on (as
  python-chess says of its `Board`);
- `undo()`, `is_legal(action)`, `legal_texts()`, `perft(depth)`, `_repr_svg_()` (a picture
  for notebooks, `brou.engine.picture`).

A deal class gives the hooks: `action_text(action)`, `parse_action(text)`, `_start()` (a
fresh state at the start of the same deal), `_steps()` (the history with the seat of each
action taken out of turn), `_identity()`, `_head()`, `_foot()`, `_picture()`.

The text helpers of a partnership deal's account (`hand_text`, `team_name`, `result_table`)
live here so that the deal classes and `brou.engine.text` share them.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any, Protocol, Self, cast

from ..errors import BrouError, NothingToUndo, TimeLimit
from ..laws.counting import DealResult
from ..spec.rules import Rules
from .notation import Noted, position_notation
from .picture import Drawn


class Playable(Protocol):
    """What perft needs of a deal: every deal class has it."""

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int | None = None) -> list[int]: ...

    def copy(self) -> Playable: ...

    def apply(self, action: int, seat: int | None = None) -> None: ...


def perft(state: Playable, depth: int, deadline: float | None = None) -> int:
    """The number of legal action sequences of `depth` actions from `state` (a sequence that
    ends the deal sooner counts once); TimeLimit once `time.monotonic()` passes `deadline`.
    Only the player to act's actions count: actions out of turn are in no sequence
    (conformance/PROTOCOL.md).  `state` is any deal class; it is left as it was."""
    if depth == 0 or state.is_over:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    if deadline is not None and time.monotonic() > deadline:
        raise TimeLimit("perft: out of time")
    total = 0
    for action in actions:
        child = state.copy()
        child.apply(action)
        total += perft(child, depth - 1, deadline)
    return total


def frozen(value: Any) -> Any:
    """A parameter value as a hashable value: dicts as sorted pairs, lists as tuples."""
    if isinstance(value, dict):
        return tuple(sorted((key, frozen(v)) for key, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


class Position:
    """The library side of a deal class (see the module's docstring); no state of its own."""

    __slots__ = ()

    rules: Rules  # set by each deal class
    history: list[int]

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """The legal action ids of the player to act (or of `seat`, out of turn)."""
        raise NotImplementedError

    def apply(self, action: object, seat: object = None) -> None:
        """Take an action (of the player to act, or of `seat` out of turn)."""
        raise NotImplementedError

    # -- the hooks of each deal class -------------------------------------------------------

    def action_text(self, action: int) -> str:
        """An action id in the text notation of this deal's game."""
        raise NotImplementedError

    def parse_action(self, text: object) -> int:
        """The action id of a text in this deal's notation; IllegalAction (`malformed-action`,
        `unknown-card`) if it names none."""
        raise NotImplementedError

    def _copy_from(self, other: Self) -> None:
        """Every attribute of `other`, a state of the same class, into this one."""
        raise NotImplementedError

    def _start(self) -> Self:
        """A fresh state at the start of the same deal (same rules, deal and context)."""
        raise NotImplementedError

    def _steps(self) -> list[tuple[int, int | None]]:
        """The history as (action, seat): the seat for an action taken out of turn, else None."""
        return [(action, None) for action in self.history]

    def _identity(self) -> tuple[Hashable, ...]:
        """What equality and the hash compare: rules, deal, starting context, history."""
        return (self.rules.id, frozen(self.rules.overrides), tuple(self.history))

    def _head(self) -> list[str]:
        """The lines of the table under its title: trump, turned card, talon, contract."""
        return []

    def _foot(self) -> list[str]:
        """The lines at the end of the table: what the deal has come to (the result once over)."""
        return []

    def _picture(self) -> str:
        """The position as SVG (`brou.engine.picture`)."""
        raise NotImplementedError

    # -- what every deal class gets -----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Position)
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        """Consistent with `==`; it changes when an action is applied or undone (a mutable state)."""
        return hash(self._identity())

    def undo(self) -> int:
        """Take back the last action and return it; NothingToUndo (an IndexError too) at the start.

        Done by replaying the history less its last action from the start of the deal: correct
        first, and linear in the length of the deal."""
        steps = self._steps()
        if not steps:
            raise NothingToUndo("nothing to undo: no action has been taken in this deal")
        fresh = self._start()
        for action, seat in steps[:-1]:
            fresh.apply(action, seat)
        self._copy_from(fresh)
        return steps[-1][0]

    def is_legal(self, action: object, seat: object = None) -> bool:
        """Whether `action`, an action id or its text (`AS`, `pass`, `trump S`), is legal now for
        the player to act (or, for another `seat`, out of turn).  Never raises: anything that is
        no action of this game is not legal."""
        if isinstance(action, str):
            try:
                action = self.parse_action(action)
            except BrouError:
                return False
        if type(action) is not int or (seat is not None and type(seat) is not int):
            return False
        return action in self.legal_actions(seat)

    def legal_texts(self, seat: int | None = None) -> list[str]:
        """`legal_actions()` in the text notation, in the same order."""
        return [self.action_text(action) for action in self.legal_actions(seat)]

    def perft(self: Playable, depth: int) -> int:
        """`brou.perft(self, depth)`: the number of legal action sequences of `depth` actions."""
        return perft(self, depth)

    def __str__(self: Tabled) -> str:
        return position_text(self)

    def __repr__(self) -> str:
        """`<HommeDeal brouc 3 ... : AS KS>`: the position in the notation (docs/notation.md),
        which `brou.parse_position` reads back."""
        return f"<{type(self).__name__} {position_notation(cast(Noted, self))}>"  # every deal class has its deal

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, for notebooks (`brou.engine.picture`)."""
        return self._picture()


# -- the table ------------------------------------------------------------------------------


def hand_text(rules: Rules, mask: int) -> str:
    """`S: A K 9   H: T 8   D: -   C: Q 7` (every suit shown, strongest first)."""
    parts = []
    n = len(rules.ranks)
    for s, suit in enumerate(rules.suits):
        ranks = [rules.ranks[c % n] for c in rules.mask_to_list(mask & rules.suit_mask[s])]
        parts.append(f"{suit}: {' '.join(ranks) or '-'}")
    return "   ".join(parts)


def team_name(rules: Rules, team: int) -> str:
    return "team " + "+".join(str(s) for s in rules.teams[team])


def result_table(rules: Rules, result: DealResult) -> list[str]:
    """The count of a partnership deal, a line per team: tricks, card points, rounded,
    announced, table marriages, total; then who won every trick, and how it was counted."""
    lines = [f"{'':<12}{'tricks':>7}{'cards':>7}{'rounded':>9}{'announced':>11}{'table':>7}{'deal':>7}"]
    for t, r in enumerate(result.teams):
        lines.append(f"{team_name(rules, t):<12}{r.tricks:>7}{r.card_points:>7}{r.rounded_cards:>9}"
                     f"{r.announced:>11}{r.table:>7}{r.total:>7}")
    if result.all_tricks is not None:
        lines.append(f"{team_name(rules, result.all_tricks)} won every trick.")
    lines.append(f"Rounding: {rules.rounding}; table marriages x{rules.table_factor}; "
                 f"marriages credited {rules.announce_credited}.")
    return lines


class Tabled(Drawn, Protocol):
    """What `position_text` reads of a deal besides what a picture reads: every deal class has it."""

    @property
    def phase(self) -> str: ...

    def legal_texts(self, seat: int | None = None) -> list[str]: ...

    def _head(self) -> list[str]: ...

    def _foot(self) -> list[str]: ...


def position_text(state: Tabled) -> str:
    """A deal as a table: the ruleset and its parameters, the deal class's own lines (trump,
    turned card, talon, contract), each seat's hand, the trick on the table, the tricks won,
    who is to act and what he may do, then the deal class's closing lines (the result)."""
    rules = state.rules
    n = rules.n_players
    params = ", ".join(f"{key}={value}" for key, value in sorted(rules.overrides.items()))
    lines = [f"{rules.data['title']['en']} ({rules.id}{'; ' + params if params else ''})"]
    lines += state._head()
    acting = -1 if state.is_over else state.to_act
    for seat in range(n):
        notes = ("dealer" if seat == rules.dealer else "") + (" to act" if seat == acting else "")
        lines.append(f"{'>' if seat == acting else ' '} seat {seat} {notes.strip():<15} {hand_text(rules, state.hands[seat])}")
    done = len(state.tricks)
    if done < rules.n_tricks and not state.is_over:
        played = "  ".join(f"{(state.leader + i) % n}:{rules.card_text(c)}" for i, c in enumerate(state.trick))
        lines.append(f"Trick {done + 1} of {rules.n_tricks}: {played or 'no card played yet'}")
    if done:
        leader, cards, winner = state.tricks[-1]
        played = "  ".join(f"{(leader + i) % n}:{rules.card_text(c)}" for i, c in enumerate(cards))
        lines.append(f"Last trick: {played} -> seat {winner}")
    won = [0] * len(rules.teams)
    for _, _, winner in state.tricks:
        won[rules.team_of[winner]] += 1
    sides = [team_name(rules, t) if len(rules.teams[t]) > 1 else f"seat {rules.teams[t][0]}" for t in range(len(won))]
    lines.append("Tricks won: " + ", ".join(f"{side} {count}" for side, count in zip(sides, won, strict=True)))
    if state.is_over:
        lines.append("The deal is over.")
    else:
        lines.append(f"To act: seat {state.to_act} ({state.phase}): {' '.join(state.legal_texts()) or 'nothing'}")
    lines += state._foot()
    return "\n".join(lines)

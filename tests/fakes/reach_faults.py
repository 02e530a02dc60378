"""Faults that only what `brou fuzz` asks beyond one deal can find (brou.conformance.cases.reach), in
the manner of tests/faults.py (`Faulty(TARGET, NAME, FAULT)`): each is wrong in one answer the
fuzzer did not ask for before, and right in every other.

- `last_trick_any_time` (in `brou.engine.view.VIEWS["partnership"]`, its `last_trick` field): a player's view
  shows him the last trick
  at any moment, not only on his turn to play (clause hdb.info.last-trick): only `view` shows it;
- `no_speaking_out_of_turn` (the `speakers` observable of `brou.conformance.protocol.table`): `speakers` lists nothing for the
  players not to act, even one who may claim (Brouc's dehors) out of turn: only `speakers`;
- `finished_counts_none` (in `brou.conformance.protocol.server.perft`): a perft counts a sequence that
  ends the deal as no sequence at all, rather than one: only `perft`;
- `marks_forgotten` (in `Table.next_deal`): the next deal of a match starts from the marks the
  match had before the deal just played, as if that deal had marked nothing: only a second deal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import brou.engine.view
from brou.conformance.protocol.table import Table
from brou.engine.position import Playable
from brou.engine.view import Field


def last_trick_any_time(original: tuple[Field, ...]) -> tuple[Field, ...]:
    """The fields of 1802's view with `last_trick` as if it were always the player's turn to
    play (hdb.info.last-trick)."""
    def always(deal: Any, seat: int) -> bool:
        return True

    def faulty(state: Any, look: Any) -> Any:
        saved = brou.engine.view.on_turn
        brou.engine.view.on_turn = always
        try:
            return brou.engine.view.last_trick(state, look)
        finally:
            brou.engine.view.on_turn = saved
    return tuple(f._replace(show=faulty) if f.name == "last_trick" else f for f in original)


def no_speaking_out_of_turn(original: Callable[[Any], list[list[str]]]) -> Callable[[Any], list[list[str]]]:
    """`speakers` with the player to act's actions only."""
    def faulty(table: Any) -> list[list[str]]:
        to_act = table.observe("to_act")
        return [actions if player == to_act else [] for player, actions in enumerate(original(table))]
    return faulty


def finished_counts_none(original: Callable[..., int]) -> Callable[..., int]:
    """perft with a finished deal counted 0 (the base case forgotten), not 1."""
    def faulty(state: Playable, depth: int, deadline: float | None = None) -> int:
        if state.is_over:
            return 0
        actions = state.legal_actions()
        if depth == 1:
            return len(actions)
        total = 0
        for action in actions:
            child = state.copy()
            child.apply(action)
            total += faulty(child, depth - 1, deadline)
        return total
    return faulty


def marks_forgotten(original: Callable[[Table, Any], dict[str, Any]]) -> Callable[[Table, Any], dict[str, Any]]:
    """The next deal of a match dealt with the marks before the last deal kept."""
    def faulty(table: Table, given: Any) -> dict[str, Any]:
        before = table.before
        answer = original(table, given)
        if before is not None and table.before is not None:
            table.before = {**table.before, "marks": before["marks"]}
        return answer
    return faulty

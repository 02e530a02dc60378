"""A position of any ruleset read from its line of notation (docs/notation.md): the deal
class that plays the ruleset (`brou.engine.deals.new_deal`), the deal, and each action applied as the engine
applies it.  `brou.engine.notation` reads and writes the line itself; this module sits above the
deal classes, which show their line as their `repr()`.
"""

from __future__ import annotations

from ..errors import IllegalAction
from .deals import new_deal
from .notation import DealText, NotationError, action_token, parse_deal
from .phases import PhaseDeal


def position_from(parsed: DealText) -> PhaseDeal:
    """The engine's state for a parsed deal or position: the deal, then each action applied
    (IllegalAction, in a NotationError naming the action, if one is not legal there)."""
    rules = parsed.rules
    state = new_deal(rules, parsed.deal, parsed.marks, parsed.context)
    n = rules.n_players
    for k, (text, player) in enumerate(parsed.actions, 1):
        seat = None if player is None else (player - parsed.offset) % n
        try:
            state.apply_text(text, seat)
        except IllegalAction as exc:
            raise refused_action(k, action_token(text, player), exc) from None
    return state


def refused_action(k: int, token: str, exc: IllegalAction) -> NotationError:
    """The error for the k-th action of a line (`token`, as written) that the engine refuses."""
    return NotationError(f"action {k}: '{token}' [{exc.code}]: {exc.message}")


def parse_position(text: str) -> PhaseDeal:
    """The state of a line of notation: a deal (no action yet) or a position."""
    return position_from(parse_deal(text))

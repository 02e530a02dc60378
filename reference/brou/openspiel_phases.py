"""What the OpenSpiel games of the phase engine share (`python_brusquembille`,
`python_homme_d_auvergne`): their parameters read from the ruleset's, the deal dealt card by
card by chance nodes in pack order, the engine's deal held for cloning and pickling, and the
small text and tensor helpers.  Needs OpenSpiel: imported only by those two modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyspiel

from .deal import packet_positions
from .openspiel import ParameterValueError
from .phases import PhaseDeal
from .rules import Rules, cards_of
from .talon import TalonDeal


def parameter_specification(ruleset: str, names: Sequence[str]) -> dict[str, Any]:
    """The defaults of the ruleset's parameters `names`, as OpenSpiel game parameters."""
    params = Rules.load(ruleset).data["parameters"]
    return {name: params[name]["default"] for name in names}


def read_rules(short_name: str, ruleset: str, names: Sequence[str], params: dict[str, Any]) -> Rules:
    """The rules from OpenSpiel parameters (the ruleset's parameters `names`); a one-line
    ParameterValueError naming the parameter for a value the game cannot take."""
    spec = Rules.load(ruleset).data["parameters"]
    overrides: dict[str, Any] = {}
    for name in names:
        if name not in params:
            continue
        value, options = params[name], [str(o) for o in spec[name]["options"]]
        if not isinstance(value, str) or value not in options:
            raise ParameterValueError(f"{short_name}: parameter {name}={value!r} is not one of {', '.join(options)}")
        if value != str(spec[name]["default"]):
            overrides[name] = value
    return Rules.load(ruleset, **overrides)


def receivers(rules: Rules) -> tuple[int, ...]:
    """The seat that receives the card at each pack position (-1: the talon), from the
    ruleset's packets (`brou.deal.packet_positions`)."""
    seats, _ = packet_positions(rules)
    out = [-1] * rules.n_cards
    for seat, positions in enumerate(seats):
        for p in positions:
            out[p] = seat
    return tuple(out)


def chance_outcomes(undealt: int) -> list[tuple[int, float]]:
    """The next card of the shuffled pack: each card not yet dealt, equally likely."""
    left = cards_of(undealt)
    p = 1.0 / len(left)
    return [(c, p) for c in sorted(left)]


class DealBox:
    """Holds a state's PhaseDeal for OpenSpiel, which clones a Python state by deep-copying its
    `__dict__` and serialises it by pickling that: a copy is `PhaseDeal.copy()`, a pickle its
    rules, its deal and the actions taken (`PhaseDeal.history`), replayed on loading (the
    compiled following functions are closures, which pickle cannot take)."""

    __slots__ = ("deal",)

    def __init__(self, deal: PhaseDeal | None) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> DealBox:
        return DealBox(None if self.deal is None else self.deal.copy())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        deal = self.deal
        if deal is None:
            return DealBox, (None,)
        return replayed_box, (deal.rules, deal.deal, list(deal.history))


def replayed_box(rules: Rules, dealt: TalonDeal, actions: list[int]) -> DealBox:
    """The box of a deal replayed from its start: `actions` applied to `dealt`."""
    deal = PhaseDeal(rules, dealt)
    for action in actions:
        deal.apply(action)
    return DealBox(deal)


def load_game(game_string: str) -> Any:
    """The game of a game string (how a pickled game loads)."""
    return pyspiel.load_game(game_string)


def unpickle_state(game: Any, serialized: str) -> Any:
    """A state from its game and its OpenSpiel serialisation (how a pickled state loads)."""
    return game.deserialize_state(serialized)


def cards_line(rules: Rules, mask: int) -> str:
    """Cards as text separated by spaces, `-` for none."""
    return " ".join(rules.cards_text(mask)) or "-"


def trick_text(rules: Rules, leader: int, cards: Sequence[int]) -> str:
    """`0:AS 1:TS 2:7D`: a trick's cards by seat from its leader, `-` for none."""
    if not cards:
        return "-"
    return " ".join(f"{(leader + k) % rules.n_players}:{rules.card_text(c)}" for k, c in enumerate(cards))


def tricks_text(rules: Rules, deal: PhaseDeal) -> str:
    """`0:AS 1:TS 2:7D >0 | ...`: each finished trick's cards by seat, and its winner."""
    return " | ".join(trick_text(rules, leader, cards) + f" >{w}" for leader, cards, w in deal.tricks) or "-"


def set_cards(row: Any, mask: int) -> None:
    """Ones in a tensor row at the cards of `mask`."""
    for card in cards_of(mask):
        row[card] = 1

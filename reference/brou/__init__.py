"""Brou: the rules of L'Homme de Brou (1802) and Brouc as data, and the engine that runs them.

    from brou import Rules, DealState
    rules = Rules.load("brouc")                 # or Rules.load("homme-de-brou-1802", following="brouc")
    state = DealState.from_seed(rules, 7)       # the documented shuffle, see brou.shuffle
    state.legal_actions()                       # action ids; brou.action_text(rules, a) -> "TH"
    state.apply(a)                              # or raises IllegalAction(code, message), state unchanged
    state.result()                              # card points, marriages, rounded points per team
"""

from importlib.metadata import PackageNotFoundError, version

from .clauses import IMPLEMENTED_BY
from .deal import Deal, DealError, deal_from_cards, deal_from_seed
from .errors import ACTION_CODES, BrouError, IllegalAction, ParameterError, SpecError
from .rules import Rules
from .state import DealState, action_text, parse_action

try:
    __version__ = version("brou")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "ACTION_CODES",
    "IMPLEMENTED_BY",
    "BrouError",
    "Deal",
    "DealError",
    "DealState",
    "IllegalAction",
    "ParameterError",
    "Rules",
    "SpecError",
    "action_text",
    "deal_from_cards",
    "deal_from_seed",
    "parse_action",
]

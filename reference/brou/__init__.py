"""Brou: the rules of L'Homme de Brou (1802), Brouc, Brusquembille (1718), L'Homme d'Auvergne and L'Hombre
as data, and the engine that runs them.

    from brou import Rules, HommeDeal
    rules = Rules.load("brouc")                 # or Rules.load("homme-de-brou-1802", following="brouc")
    state = HommeDeal.from_seed(rules, 7)       # the documented shuffle, see brou.cards.shuffle
    state.legal_actions()                       # action ids; state.legal_texts() -> ["TH", ...]
    state.apply(a)                              # or raises IllegalAction(code, message), state unchanged
    state.apply_text("TH"); state.undo()        # text notation; take the last action back
    print(state)                                # the position as a table; brou.perft(state, 3)
    state.result()                              # card points, marriages, rounded points per team

The games on the phase engine (Brusquembille, L'Homme d'Auvergne, L'Hombre) are dealt with
`new_deal(rules, talon_deal_from_seed(rules, seed))` and answer the same calls (docs/game.md,
"The engine as a library").  `DealState`, the name of 1802's and Brouc's deal class before they
came onto the phase engine, stays an alias of `HommeDeal` for one release.
"""

from importlib.metadata import PackageNotFoundError, version

from . import compiled

if compiled.asked_pure():  # BROU_PURE=1: the engine's .py files, even where it was compiled (brou.compiled)
    compiled.prefer_pure()

from .cards.deal import Deal, DealError, deal_from_cards, deal_from_seed
from .engine.deals import new_deal
from .engine.hombre import HombreDeal
from .engine.homme import HommeDeal, action_text, parse_action
from .engine.notation import NotationError, deal_notation, parse_deal, position_notation
from .engine.phases import PhaseDeal
from .engine.position import Position, perft
from .engine.positions import parse_position
from .engine.record import RecordError, parse_record, record_text, replay
from .engine.session import Session
from .errors import ACTION_CODES, BrouError, IllegalAction, NothingToUndo, ParameterError, SpecError, TimeLimit
from .laws.talon import TalonDeal, talon_deal_from_seed
from .spec.clauses import IMPLEMENTED_BY
from .spec.rules import Rules

DealState = HommeDeal  # the former name of 1802's and Brouc's deal class: an alias for one release

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
    "HombreDeal",
    "HommeDeal",
    "IllegalAction",
    "NotationError",
    "NothingToUndo",
    "ParameterError",
    "PhaseDeal",
    "Position",
    "RecordError",
    "Rules",
    "Session",
    "SpecError",
    "TalonDeal",
    "TimeLimit",
    "action_text",
    "deal_from_cards",
    "deal_from_seed",
    "deal_notation",
    "new_deal",
    "parse_action",
    "parse_deal",
    "parse_position",
    "parse_record",
    "perft",
    "position_notation",
    "record_text",
    "replay",
    "talon_deal_from_seed",
]

"""Which deal class plays a ruleset on the phase engine: `HombreDeal` for a game with an
auction (L'Hombre), `PhaseDeal` for the others.  Tables, sessions, the fuzzer and the OpenSpiel
games make their deals here, so that none of them needs to know which game it plays.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..laws.contracts import has_auction
from ..laws.talon import TalonDeal
from ..spec.rules import Rules
from .hombre import HombreDeal
from .phases import PhaseDeal


def new_deal(rules: Rules, deal: TalonDeal, marks: Sequence[int] | None = None) -> PhaseDeal:
    """A deal of `rules` on the phase engine; `marks` (a game to a number of marks) as `PhaseDeal` takes them."""
    if has_auction(rules):
        return HombreDeal(rules, deal)
    return PhaseDeal(rules, deal, marks)

"""Which deal class plays a ruleset: `HommeDeal` for 1802 and Brouc, `HombreDeal` for a game
with an auction (L'Hombre), `PhaseDeal` for the others.  Tables, sessions, the fuzzer and the
OpenSpiel games make their deals here, so that none of them needs to know which game it plays.
`deal_kind` names the four kinds of deal, for what differs by kind only in data (the view's fields,
the text of a deal).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.deal import Deal
from ..laws.contracts import has_auction
from ..laws.game import GameContext
from ..laws.speech import has_speech
from ..laws.talon import TalonDeal
from ..spec.rules import Rules
from .hombre import HombreDeal
from .homme import HommeDeal
from .phases import PhaseDeal


def new_deal(rules: Rules, deal: TalonDeal | Deal, marks: Sequence[int] | None = None,
             context: GameContext | None = None) -> PhaseDeal:
    """A deal of `rules`: `marks` (a game to a number of marks) as `PhaseDeal` takes them,
    `context` (a deal of 1802 or Brouc inside a game) as `HommeDeal` takes it."""
    if HommeDeal.plays(rules):
        return HommeDeal(rules, deal, context)
    if isinstance(deal, Deal):
        raise ValueError(f"{rules.id} is dealt with a talon: a TalonDeal (brou.laws.talon.talon_deal_from_seed)")
    if has_auction(rules):
        return HombreDeal(rules, deal)
    return PhaseDeal(rules, deal, marks)


def deal_kind(rules: Rules) -> str:
    """The kind of a ruleset's deals: `partnership` (1802, Brouc), `auction` (L'Hombre), `speech`
    (L'Homme d'Auvergne) or `talon` (Brusquembille)."""
    if HommeDeal.plays(rules):
        return "partnership"
    if has_auction(rules):
        return "auction"
    return "speech" if has_speech(rules) else "talon"

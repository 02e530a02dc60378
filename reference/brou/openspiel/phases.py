"""What the OpenSpiel games of the phase engine share (`python_brusquembille`,
`python_homme_d_auvergne`): their parameters read from the ruleset's, the deal dealt card by
card by chance nodes in pack order, the engine's deal held for cloning and pickling, and the
small text and tensor helpers.  Needs OpenSpiel: imported only by those two modules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from typing import Any

import pyspiel

from ..cards.deal import packet_positions
from ..engine.deals import new_deal
from ..engine.phases import DONE, PhaseDeal
from ..laws.talon import TalonDeal, deal_with_talon
from ..spec.rules import Rules, cards_of
from .partnership import ParameterValueError

CHANCE, TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)


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
    ruleset's packets (`brou.cards.deal.packet_positions`)."""
    seats, _ = packet_positions(rules)
    out = [-1] * rules.n_cards
    for seat, positions in enumerate(seats):
        for p in positions:
            out[p] = seat
    return tuple(out)


def chance_outcomes(undealt: int) -> list[tuple[int, float]]:
    """The next card of the shuffled pack: each card not yet dealt, equally likely."""
    left = cards_of(undealt)  # in order
    return list(zip(left, repeat(1.0 / len(left))))


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


class PhaseGame(pyspiel.Game):  # type: ignore[misc]
    """What the phase games share: pickled as their game string (unpickling imports the game's
    module, which registers it), and never copied, since a game never changes."""

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return load_game, (str(self),)

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


class PhaseState(pyspiel.State):  # type: ignore[misc]
    """What the states of the phase games share: the deal dealt by chance, card by card in pack
    order (`deal_card`), then the engine's PhaseDeal, its player to act and its legal actions;
    pickled as its game and its history.  The game gives `rules` and `receiver` (the seat that
    receives each position of the pack, -1 for the talon)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._game = game
        self.dealt: list[int] = []  # the pack, top first, as far as chance has dealt it
        self.received = [0] * game.rules.n_players  # the cards dealt to each seat so far
        self.undealt = game.rules.pack
        self._box = DealBox(None)

    @property
    def rules(self) -> Rules:
        rules: Rules = self._game.rules
        return rules

    @property
    def deal(self) -> PhaseDeal | None:
        """The engine's deal once every card is dealt (None while dealing)."""
        return self._box.deal

    @deal.setter
    def deal(self, deal: PhaseDeal | None) -> None:
        self._box = DealBox(deal)

    def __reduce__(self) -> tuple[Any, tuple[Any, str]]:
        """Pickled as its game and its history (OpenSpiel's serialisation)."""
        return unpickle_state, (self._game, self.serialize())

    def current_player(self) -> int:
        deal = self._box.deal
        if deal is None:
            return CHANCE
        if deal.phase == DONE:  # deal.is_over
            return TERMINAL
        return deal.to_act

    def is_terminal(self) -> bool:
        deal = self._box.deal
        return deal is not None and deal.phase == DONE  # deal.is_over

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._box.deal
        assert deal is not None and player == deal.to_act
        return sorted(deal.legal_actions())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> Any:
        """A state `player_id` cannot tell from this one (used by ISMCTS): the game's `resample`,
        seeded from the sampler when given (else from the history), so it is deterministic."""
        seed = len(self.history()) * 7919 + player_id
        if callable(probability_sampler):
            seed += int(probability_sampler() * 2**31)
        return self.resample(player_id, random.Random(seed))

    def resample(self, player: int, rng: random.Random, attempts: int = 10_000) -> Any:
        """This deal with the cards `player` has not seen moved among the places he has not
        seen, and the same actions taken: each game says what its players see."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the shuffled pack: each card not yet dealt, equally likely."""
        return chance_outcomes(self.undealt)

    def deal_card(self, action: int) -> bool:
        """A chance node's card, while dealing: to its seat or the talon; the last one makes
        the engine's deal.  False once the deal is made (the action is a player's)."""
        if self._box.deal is not None:
            return False
        dealt = self.dealt
        seat = self._game.receiver[len(dealt)]
        dealt.append(action)
        if seat >= 0:
            self.received[seat] |= 1 << action
        self.undealt &= ~(1 << action)
        rules = self._game.rules
        if len(dealt) == rules.n_cards:
            self.deal = new_deal(rules, deal_with_talon(rules, dealt))
        return True


def replayed_box(rules: Rules, dealt: TalonDeal, actions: list[int]) -> DealBox:
    """The box of a deal replayed from its start: `actions` applied to `dealt`, in the deal class
    of its ruleset (`brou.engine.deals.new_deal`: L'Hombre's HombreDeal)."""
    deal = new_deal(rules, dealt)
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

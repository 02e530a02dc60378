"""One OpenSpiel game for the family, `BrouGame(ruleset, params)`, and its state, `BrouState`.

One episode is one deal.  Chance deals the shuffled pack one card per chance node, in pack
order, each card not yet dealt equally likely: pack position k goes where the ruleset puts it
(a hand by the ruleset's packets, or the talon).  Then the players act with the engine's
action ids (`Position.legal_actions`, `apply`) until the engine ends the deal; the returns
come from its result.  Seat 0 leads, the dealer is the last seat; OpenSpiel's player i is the
engine's seat i.  The game is sequential and on turn only: what some readings of 1802 and
Brouc let a player do out of turn is offered to nobody.

What differs between the engines lies in `engine_deal` (the deal from the chance outcomes),
`action_text` and `deal_returns`; what differs between the games, in `brou.openspiel.rulesets`
(sizes, bounds, parameters) and `brou.openspiel.observation` (what a player sees).
"""

from __future__ import annotations

import random
from itertools import repeat
from typing import Any

try:
    import numpy  # noqa: F401  (the observer's tensors)
    import pyspiel
except ModuleNotFoundError as exc:  # the optional part: say how to get it
    raise ModuleNotFoundError(f"brou.openspiel needs OpenSpiel and numpy ({exc.name} is missing): "
                              "pip install 'brou[openspiel]'", name=exc.name) from None

from ..cards.deal import Deal, packet_positions
from ..engine.deals import new_deal
from ..engine.homme import HommeDeal
from ..engine.homme import action_text as partnership_text
from ..engine.phases import PhaseDeal
from ..engine.phases import action_text as phase_text
from ..laws.game import GameContext, game_rules
from ..laws.ledger import balances
from ..laws.talon import TalonDeal, deal_with_talon
from ..spec.rules import Rules
from .observation import BrouObserver, sight_of
from .rulesets import CARRIED_RANGE, DEFAULT_SCORE, RULESETS, SCORE_RANGE, Kind, pays_jetons, sizes

CHANCE, TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
EngineDeal = PhaseDeal  # HommeDeal (1802, Brouc), HombreDeal and PhaseDeal itself


class ParameterValueError(ValueError):
    """A game parameter with a value the game cannot take."""


# -- what differs between the engines -------------------------------------------------


def engine_deal(game: BrouGame, dealt: list[int], received: list[int]) -> EngineDeal:
    """The engine's deal once chance has dealt the whole pack (`dealt`, top first; `received`,
    each seat's cards): a partnership deal of its hands and turn-up inside the game's context,
    or a phase deal of its hands and talon."""
    rules = game.rules
    if rules.on_phases:
        return new_deal(rules, deal_with_talon(rules, dealt))
    return HommeDeal(rules, Deal(tuple(received), dealt[game.turnup_position]), game.context)


def action_text(rules: Rules, action: int) -> str:
    """A player's action id in the engine's text notation."""
    return phase_text(rules, action) if rules.on_phases else partnership_text(rules, action)


def deal_returns(game: BrouGame, deal: EngineDeal) -> list[float]:
    """Each seat's return for a finished deal: in 1802 and Brouc his team's `team_value`; on
    the phase engine his net over the ledger (jetons, marks, points) or, where the utility asks
    for card points, his side's card points less an equal share of the pack's."""
    rules = game.rules
    if isinstance(deal, HommeDeal):
        value = team_value(game, deal)
        return [value if team == 0 else -value for team in rules.team_of]
    if game.jetons:
        return [float(j) for j in balances(deal.ledger, rules.n_players)]
    points = deal.side_points()
    return [points[rules.team_of[s]] - game.points_share for s in range(rules.n_players)]


def team_value(game: BrouGame, deal: HommeDeal) -> float:
    """The return of deal team 0 in 1802 and Brouc (team 1 gets its negative), by `utility`:
    the marks (for the team, or against it where the loser marks), the points its count moved
    less the other's, or the marks plus those points over the game's target."""
    outcome = deal.outcome
    assert outcome is not None and game.context is not None
    before = game.context.scores
    marks = game.marks_sign * (outcome.marks[0] - outcome.marks[1])
    points = (outcome.scores[0] - before[0]) - (outcome.scores[1] - before[1])
    if game.utility == "marks":
        return float(marks)
    if game.utility == "points":
        return float(points)
    return marks + points / game.target


# -- parameters -------------------------------------------------------------------------


def to_spiel(value: Any) -> Any:
    """A ruleset parameter value as an OpenSpiel parameter (bool, int, str): a list of small
    numbers (packets [3, 3, 2]) is written as the number of its digits (332)."""
    if isinstance(value, list | tuple):
        return int("".join(str(v) for v in value))
    return value


def _ruleset_parameters(kind: Kind) -> dict[str, dict[str, Any]]:
    """The ruleset's parameters the game takes, each with its default and options."""
    params: dict[str, dict[str, Any]] = Rules.load(kind.ruleset).data["parameters"]
    return params if kind.parameters is None else {name: params[name] for name in kind.parameters}


def _marked_by_loser(ruleset: str) -> bool:
    return bool(game_rules(Rules.load(ruleset))["marked_by"] == "loser")


def parameter_specification(kind: Kind) -> dict[str, Any]:
    """The game's parameters with their defaults: the ruleset's it takes, the game context
    (`score0`, `score1`, and `carried0`, `carried1` where the loser marks: Brouc), `utility`."""
    spec = {name: to_spiel(p["default"]) for name, p in _ruleset_parameters(kind).items()}
    if kind.in_a_game:
        spec["score0"] = spec["score1"] = DEFAULT_SCORE
        if _marked_by_loser(kind.ruleset):
            spec["carried0"] = spec["carried1"] = 0
    if kind.utilities:
        spec["utility"] = kind.utilities[0]
    return spec


def read_parameters(kind: Kind, params: dict[str, Any]) -> tuple[Rules, GameContext | None, str]:
    """The rules, the game context (1802, Brouc) and the utility from OpenSpiel parameters; a
    one-line ParameterValueError naming the parameter for a value the game cannot take."""
    short_name = kind.short_name
    overrides: dict[str, Any] = {}
    for name, p in _ruleset_parameters(kind).items():
        if name not in params:
            continue
        value = params[name]
        by_text = {str(to_spiel(o)): o for o in p["options"]}
        chosen = by_text.get(str(value))
        if chosen is None or (isinstance(chosen, bool) != isinstance(value, bool)):
            raise ParameterValueError(f"{short_name}: parameter {name}={value!r} is not one of {', '.join(by_text)}")
        if chosen != p["default"]:
            overrides[name] = chosen
    context = None
    if kind.in_a_game:
        scores = tuple(_int_param(short_name, params, f"score{t}", DEFAULT_SCORE, SCORE_RANGE) for t in range(2))
        carried = tuple(_int_param(short_name, params, f"carried{t}", 0, CARRIED_RANGE) for t in range(2))
        context = GameContext(scores, carried if any(carried) else ())
    utility = params.get("utility", kind.utilities[0] if kind.utilities else "")
    if kind.utilities and utility not in kind.utilities:
        raise ParameterValueError(f"{short_name}: parameter utility={utility!r} is not one of {', '.join(kind.utilities)}")
    try:
        rules = Rules.load(kind.ruleset, **overrides)
    except Exception as error:  # a reading the engine does not play yet (brou.spec.rules.NOT_EXECUTABLE_YET)
        raise ParameterValueError(f"{short_name}: {error}") from None
    return rules, context, str(utility)


def _int_param(short_name: str, params: dict[str, Any], name: str, default: int, bounds: tuple[int, int]) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not bounds[0] <= value <= bounds[1]:
        raise ParameterValueError(
            f"{short_name}: parameter {name}={value!r} must be a whole number from {bounds[0]} to {bounds[1]}")
    return value


def game_type(kind: Kind, zero: bool = True) -> Any:
    """The OpenSpiel game type of a game of the family."""
    return pyspiel.GameType(
        short_name=kind.short_name,
        long_name=kind.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=kind.players[1],
        min_num_players=kind.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=parameter_specification(kind),
    )


# -- the game -----------------------------------------------------------------------------


class BrouGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of a ruleset of the family as an OpenSpiel game (`ruleset`: a ruleset id of
    `brou.openspiel.rulesets.RULESETS`); pickled as its game string."""

    def __init__(self, ruleset: str, params: dict[str, Any] | None = None) -> None:
        kind = RULESETS[ruleset]
        params = {**GAME_TYPES[kind.short_name].parameter_specification, **(params or {})}  # as load_game has them
        rules, context, utility = read_parameters(kind, params)
        size = sizes(rules, utility, context)
        info = pyspiel.GameInfo(
            num_distinct_actions=size.n_actions,
            max_chance_outcomes=rules.n_indices,  # outcomes are card ids
            num_players=rules.n_players,
            min_utility=size.low,
            max_utility=size.high,
            utility_sum=0.0 if size.zero_sum else None,
            max_game_length=size.length,
        )
        # the registered type, or GENERAL_SUM where the parameters make a zero-sum game's returns
        # not sum to zero (Brusquembille's odd jetons to the bank)
        spiel_type = GAME_TYPES[kind.short_name] if size.zero_sum == kind.zero_sum else game_type(kind, size.zero_sum)
        super().__init__(spiel_type, info, params)
        self.kind = kind
        self.rules = rules
        self.context = context
        self.utility = utility
        seats, _ = packet_positions(rules)
        receiver = [-1] * rules.n_cards  # the seat that receives the card at each pack position; -1: the talon
        for seat, positions in enumerate(seats):
            for p in positions:
                receiver[p] = seat
        self.receiver = tuple(receiver)
        # the turned card's position: the dealer's last card (1802, Brouc), else the talon's first
        self.turnup_position = seats[rules.dealer][-1] if not rules.on_phases else (
            receiver.index(-1) if -1 in receiver else rules.n_cards)
        self.jetons = pays_jetons(rules, utility)
        self.points_share = sum(rules.points[c] for c in rules.pack_cards) / len(rules.teams)
        if context is not None:
            self.target = int(game_rules(rules)["target"])
            self.marks_sign = 1 if game_rules(rules)["marked_by"] == "winner" else -1
        self.sight = sight_of(self)
        self.note = self.sight.note

    def new_initial_state(self) -> BrouState:
        return BrouState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> BrouObserver:
        return BrouObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its game string (the compiled rules hold functions); unpickling imports
        `brou.openspiel`, which registers the games."""
        return load_game, (str(self),)

    def __deepcopy__(self, memo: dict[int, Any]) -> BrouGame:
        return self  # a game never changes


class DealBox:
    """Holds a state's engine deal for OpenSpiel, which clones a Python state by deep-copying its
    `__dict__` and serialises it by pickling that: a copy is the engine's `copy()`, a pickle the
    deal's (a partnership deal's record) or the phase deal's start and actions, replayed on
    loading (the compiled following functions are closures, which pickle cannot take)."""

    __slots__ = ("deal",)

    def __init__(self, deal: EngineDeal | None) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> DealBox:
        return DealBox(None if self.deal is None else self.deal.copy())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        deal = self.deal
        if deal is None or isinstance(deal, HommeDeal):
            return DealBox, (deal,)
        return replayed_box, (deal.rules, deal.deal, list(deal.history))


def replayed_box(rules: Rules, dealt: TalonDeal, actions: list[int]) -> DealBox:
    """The box of a phase deal replayed from its start: `actions` applied to `dealt`."""
    deal = new_deal(rules, dealt)
    for action in actions:
        deal.apply(action)
    return DealBox(deal)


class BrouState(pyspiel.State):  # type: ignore[misc]
    """A deal being dealt by chance, card by card in pack order, then played on the engine's
    deal (`deal`); pickled as its game and its history."""

    def __init__(self, game: BrouGame) -> None:
        super().__init__(game)
        self._game = game
        self.dealt: list[int] = []  # the pack, top first, as far as chance has dealt it
        self.received = [0] * game.rules.n_players  # the cards dealt to each seat so far
        self.undealt = game.rules.pack
        self.actors: list[int] = []  # the seat of each player action, in order
        self.said: list[tuple[int, int, int]] = []  # what the game's sight notes of the actions (L'Homme's words)
        self._box = DealBox(None)
        self._player = CHANCE  # current_player, kept as each action is applied

    @property
    def rules(self) -> Rules:
        rules: Rules = self._game.rules
        return rules

    @property
    def deal(self) -> Any:
        """The engine's deal once every card is dealt (None while dealing)."""
        return self._box.deal

    def __reduce__(self) -> tuple[Any, tuple[Any, str]]:
        """Pickled as its game and its history (OpenSpiel's serialisation)."""
        return unpickle_state, (self._game, self.serialize())

    # -- the OpenSpiel interface --

    def current_player(self) -> int:
        return self._player

    def is_terminal(self) -> bool:
        return self._player == TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._box.deal
        assert deal is not None and player == deal.to_act
        return sorted(deal.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the shuffled pack: each card not yet dealt, equally likely."""
        left = self._game.rules.mask_to_list(self.undealt)  # in order
        return list(zip(left, repeat(1.0 / len(left))))

    def _apply_action(self, action: int) -> None:
        deal = self._box.deal
        if deal is None:  # a chance node's card: to its seat or the talon; the last makes the deal
            dealt = self.dealt
            game = self._game
            seat = game.receiver[len(dealt)]
            dealt.append(action)
            if seat >= 0:
                self.received[seat] |= 1 << action
            self.undealt &= ~(1 << action)
            if len(dealt) == game.rules.n_cards:
                deal = self._box.deal = engine_deal(game, dealt, self.received)
                self._player = TERMINAL if deal.is_over else deal.to_act
            return
        seat = deal.to_act
        note = self._game.note
        noted = None if note is None else note(deal, action)
        deal.apply(action)
        self.actors.append(seat)
        if noted is not None:
            self.said.append(noted)
        self._player = TERMINAL if deal.is_over else deal.to_act

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {self.rules.card_text(action)}"
        return action_text(self.rules, action)

    def returns(self) -> list[float]:
        deal = self._box.deal
        if deal is None or not deal.is_over:
            return [0.0] * self.rules.n_players
        return deal_returns(self._game, deal)

    def __str__(self) -> str:
        rules = self.rules
        deal = self._box.deal
        if deal is None:
            hands = " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(self.received))
            return f"dealing, {len(self.dealt)} of {rules.n_cards} cards dealt; {hands}"
        return "\n".join(self._game.sight.state_lines(self))

    # -- search: other worlds the player cannot tell from this one --

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> BrouState:
        """A state `player_id` cannot tell from this one (used by ISMCTS): `resample`, seeded
        from the sampler when given (else from the history), so it is deterministic."""
        seed = len(self.history()) * 7919 + player_id
        if callable(probability_sampler):
            seed += int(probability_sampler() * 2**31)
        return self.resample(player_id, random.Random(seed))

    def resample(self, player: int, rng: random.Random, attempts: int = 10_000) -> BrouState:
        """This deal with the cards `player` has not seen moved among the places he has not
        seen, and the same actions taken (`brou.openspiel.worlds`)."""
        from .worlds import resample

        world: BrouState = resample(self, player, rng, attempts)
        return world


def load_game(game_string: str) -> BrouGame:
    """The game of a game string (how a pickled game loads)."""
    game: BrouGame = pyspiel.load_game(game_string)
    return game


def unpickle_state(game: BrouGame, serialized: str) -> BrouState:
    """A state from its game and its OpenSpiel serialisation (how a pickled state loads)."""
    state: BrouState = game.deserialize_state(serialized)
    return state


# -- registration ---------------------------------------------------------------------------


def game_class(ruleset: str) -> type[BrouGame]:
    """What OpenSpiel calls to make a registered game: a class (a callable that is not one is
    released after the interpreter, at exit) whose instances are `BrouGame` of one ruleset."""

    def __init__(self: BrouGame, params: dict[str, Any] | None = None) -> None:
        BrouGame.__init__(self, ruleset, params)

    return type(f"BrouGame[{ruleset}]", (BrouGame,), {"__init__": __init__, "__doc__": f"BrouGame of {ruleset}"})


GAME_TYPES = {kind.short_name: game_type(kind, kind.zero_sum) for kind in RULESETS.values()}


def register() -> None:
    """Register the five games under their short names (the names of earlier releases too)."""
    registered = set(pyspiel.registered_names())
    for kind in RULESETS.values():
        if kind.short_name not in registered:  # a reload, or `python -m` after an import
            pyspiel.register_game(GAME_TYPES[kind.short_name], game_class(kind.ruleset))


register()

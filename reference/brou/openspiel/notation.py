"""The notation (docs/notation.md) and the OpenSpiel games: a line read into the state of the
registered game, and the line of a state written back.

    import brou.openspiel.notation as bon
    state = bon.openspiel_state("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - scores=200,200 : AS")
    bon.openspiel_notation(state, dealer=3)   # the same line

`openspiel_state` loads the game of the line's ruleset (`python_brouc`,
`python_homme_de_brou_1802`, `python_brusquembille`, `python_homme_d_auvergne`,
`python_hombre`) with the line's parameters that differ from the defaults and, in 1802 and
Brouc, its game context (`scores=` as `score0`, `score1`; `carried=` as `carried0`,
`carried1`), deals the line's deal through the chance nodes (`canonical_pack`), and applies
each action.  Every one of these games plays the engine's action ids, so an action's id is
the engine's `parse_action` of its text.

Seats.  In every game the dealer is the last seat (n - 1) and OpenSpiel's player i is the
engine's seat i.  A line dealt by player d is turned round the table so that d sits last:
OpenSpiel's player i is the line's player (i + d + 1) mod n (`DealText.offset`).  The dealer
is not part of the state: `openspiel_notation(state, d)` writes the line from d's seat again
(by default from n - 1, so that players are seats).

What OpenSpiel cannot hold is refused with a NotationError naming the field: an action out of
turn (`@P`: the games are played on turn only), a parameter the game does not expose (the
session's parameters of the phase games, L'Hombre's `form` and `direction`), a deal of 1802 or
Brouc on its own (the games play a deal inside a game: give `scores=`), a context outside the
game's bounds, an action that is not legal there.
"""

from __future__ import annotations

from typing import Any

try:
    import pyspiel
except ModuleNotFoundError as exc:  # the optional part: say how to get it
    raise ModuleNotFoundError(f"brou.openspiel.notation needs OpenSpiel ({exc.name} is missing): "
                              "pip install 'brou[openspiel]'", name=exc.name) from None

from ..cards.deal import Deal, pack_of
from ..engine.notation import DealText, NotationError, action_token, parse_deal, position_notation, ruleset_text
from ..engine.positions import refused_action
from ..errors import IllegalAction
from ..laws.game import GameContext
from ..laws.talon import TalonDeal, talon_pack_of
from ..spec.rules import Rules
from .game import BrouState, ParameterValueError, to_spiel
from .rulesets import CARRIED_RANGE, RULESETS, SCORE_RANGE

# the registered game of each ruleset
GAMES: dict[str, str] = {ruleset: kind.short_name for ruleset, kind in RULESETS.items()}
# the game context of 1802 and Brouc: the notation's field, its game parameters' prefix (one per team), their bounds
CONTEXT = (("scores", "score", SCORE_RANGE), ("carried", "carried", CARRIED_RANGE))


def canonical_pack(rules: Rules, deal: Deal | TalonDeal) -> list[int]:
    """The pack, top first, whose chance outcomes deal `deal` (`brou.cards.deal.pack_of`,
    `brou.laws.talon.talon_pack_of`)."""
    if rules.on_phases and isinstance(deal, TalonDeal):
        return talon_pack_of(rules, deal)
    return pack_of(rules, Deal(deal.hands, deal.turnup))  # 1802, Brouc: a HommeDeal keeps its deal as a TalonDeal


def exposed_parameters(short_name: str) -> dict[str, Any]:
    """The parameters of a registered game, with their defaults."""
    for game_type in pyspiel.registered_games():
        if game_type.short_name == short_name:
            return dict(game_type.parameter_specification)
    raise KeyError(short_name)  # pragma: no cover - every game of GAMES is registered on import


def game_parameters(parsed: DealText) -> tuple[str, dict[str, Any]]:
    """The game of a parsed line and its parameters: the ruleset's parameters that differ from
    their defaults and, in 1802 and Brouc, the game context; NotationError for what the game
    does not take."""
    rules = parsed.rules
    short = GAMES[rules.id]
    spec = exposed_parameters(short)
    params: dict[str, Any] = {}
    for name, entry in rules.data["parameters"].items():
        value = rules.params[name]
        if value == entry["default"]:
            continue
        if name not in spec:
            has = ", ".join(n for n in rules.data["parameters"] if n in spec)
            raise NotationError(f"parameters: {short} does not expose {name} (it takes {has})")
        params[name] = to_spiel(value)
    if rules.on_phases:
        return short, params  # parse_deal refuses a context there
    if parsed.context is None:
        raise NotationError(f"scores: {short} plays a deal inside a game: give the scores before it "
                            f"(scores=200,200 is the game's default)")
    for field, prefix, (low, high) in CONTEXT:
        for team, value in enumerate(getattr(parsed.context, field)):
            name = f"{prefix}{team}"
            if name not in spec:
                if value:
                    raise NotationError(f"{field}: {short} carries no marriages into a deal (carried= is Brouc's)")
                continue
            if not low <= value <= high:
                raise NotationError(f"{field}: {value} is outside what {short} takes ({low} to {high})")
            params[name] = value
    return short, params


def _context(game: Any) -> GameContext:
    return GameContext(game.context.scores, game.context.carried or (0,) * len(game.context.scores))


def _check_game(game: Any, short: str, parsed: DealText) -> None:
    """NotationError unless `game` is the game of the line (any `utility`)."""
    name = game.get_type().short_name
    if name != short:
        raise NotationError(f"ruleset: the line is {parsed.rules.id} ({short}); the game is {name}")
    if game.rules.params != parsed.rules.params:
        raise NotationError(f"parameters: the line is {ruleset_text(parsed.rules)}; the game is {ruleset_text(game.rules)}")
    if parsed.context is not None and _context(game) != parsed.context:
        raise NotationError(f"scores: the line's game context {tuple(parsed.context)} is not the game's {tuple(_context(game))}")


def openspiel_state(line: str, game: Any = None) -> Any:
    """The OpenSpiel state of a line of notation (a deal or a position), in `game` if given (it
    must be the line's game: same ruleset, parameters and context), else in the game loaded
    from the line.  The line's dealer sits last (the module's docstring, "Seats")."""
    parsed = parse_deal(line)
    for k, (text, player) in enumerate(parsed.actions, 1):
        if player is not None:
            raise NotationError(f"action {k}: '{action_token(text, player)}': OpenSpiel's games are played on turn only, "
                                "with no action out of turn")
    short, params = game_parameters(parsed)
    if game is None:
        try:
            game = pyspiel.load_game(short, params)
        except ParameterValueError as exc:  # pragma: no cover - parse_deal has checked the rules
            raise NotationError(f"parameters: {exc}") from None
    else:
        _check_game(game, short, parsed)
    state = game.new_initial_state()
    for card in canonical_pack(parsed.rules, parsed.deal):
        state.apply_action(card)
    assert (state.deal.deal.hands, state.deal.deal.turnup) == (parsed.deal.hands, parsed.deal.turnup)
    for k, (text, _) in enumerate(parsed.actions, 1):
        engine = state.deal
        try:
            action = engine.parse_action(text)
            if action not in state.legal_actions():
                engine.copy().apply(action)  # the engine's reason
                raise NotationError(f"action {k}: '{action_token(text)}': not legal in {short} here")
        except IllegalAction as exc:
            raise refused_action(k, action_token(text), exc) from None
        state.apply_action(action)
    return state


def openspiel_notation(state: Any, dealer: int | None = None) -> str:
    """The line of a state of one of the games once dealt, from `dealer`'s seat (default: the
    last seat, so that players are OpenSpiel's); NotationError while chance is still dealing."""
    if not isinstance(state, BrouState):
        raise NotationError(f"state: a {type(state).__name__} is no state of brou's OpenSpiel games")
    n = state.rules.n_players
    if state.deal is None:
        raise NotationError(f"state: still dealing ({len(state.dealt)} of {state.rules.n_cards} cards dealt); "
                            "a line starts once every card is dealt")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n):
        raise NotationError(f"dealer: {dealer!r} is not a player of {state.rules.id} (0 to {n - 1})")
    return position_notation(state.deal, dealer)

"""Brouc and L'Homme de Brou (1802) as OpenSpiel games.

    import pyspiel
    import brou.openspiel  # registers the games (these two and the three others)
    game = pyspiel.load_game("python_brouc(undertrump_when_void=True)")
    game = pyspiel.load_game("python_homme_de_brou_1802(following=brouc,score0=250)")

Importing this module registers `python_brouc` and `python_homme_de_brou_1802`
with `pyspiel.register_game`; `pyspiel` is imported in the modules of `brou.openspiel`,
nowhere else in the package.  The rules are the engine's (`brou.engine.homme.HommeDeal` inside a
`brou.laws.game.GameContext`); this module only translates.

One episode is one deal played inside a game:

- the deal is dealt by n_cards chance nodes (32), one per card, in the order of the pack:
  chance node k hands the card at pack position k to the seat the ruleset's packets
  give it (`brou.cards.deal.packet_positions`), each remaining card equally likely; the
  turn-up is the dealer's last card, as at the table;
- then the four seats act (seat 0 leads, the dealer is seat 3; teams {0, 2} and
  {1, 3}): plays, announcements, passes, claims, declarations and the concession,
  exactly when the ruleset allows them;
- the deal ends as the engine ends it (played out, a claim, a declaration made or
  failed, a concession accepted), with a `brou.laws.game.Outcome`.

The game is sequential and on turn only: the actions some readings let a player take
out of turn (`HommeDeal.out_of_turn_actions`, docs/game.md "Who may speak") are offered
to nobody, so under those readings a player claims or announces on his own turns
(docs/openspiel.md, "One episode").

Game parameters: every parameter of the ruleset (spec `parameters:` section) with
its default (lists such as `packets` are written `3-3-2`), and the game context:
`score0`, `score1` (each deal team's score before the deal, default 200, so that a
claim can be right and a declaration is allowed), for Brouc `carried0`, `carried1`
(marriages carried in from a cape, default 0), and `utility`.

Returns, per team (both partners get the same value, the other team its negative,
so the game is zero-sum), with `utility`:

- `marks-and-points` (default): the marks of the deal (parties won in 1802, coches
  marked by the other team in Brouc, counted for a team and against the other), plus
  the points the team's count moved minus the other's, divided by the game's target;
- `marks`: the marks only (most deals mark nothing);
- `points`: the count moved only (a vole or cape moves no count).

Information state (perfect recall) and observation, string and tensor, show a player
what the ruleset lets him see: his own cards, the trump suit, the turn-up card where
it lies face up (1802; in Brouc only the dealer knows which card it was), every
public action (plays, announcements, passes, game actions: every action of a player
is public) and the scores before the deal.  The observation (no recall) is what is in
front of him now, as `brou.engine.partnership.view.view` gives it: his hand, the turn-up while on show, the
trick on the table, on his turn to play the last trick and his team's tricks (clauses
hdb.info.last-trick and hdb.info.own-tricks, parameter `observation`), the announcements
made, the declaration and concession in progress.

`python -m brou.openspiel --playthrough DIR` rewrites the golden playthroughs.
See docs/openspiel.md.
"""

from __future__ import annotations

import random
import sys
from typing import Any

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:  # the optional part: say how to get it
    raise ModuleNotFoundError(f"brou.openspiel needs OpenSpiel and numpy ({exc.name} is missing): "
                              "pip install 'brou[openspiel]'", name=exc.name) from None

from ..cards.deal import Deal, packet_positions
from ..engine.homme import HommeDeal, action_text
from ..engine.partnership.view import on_turn
from ..errors import IllegalAction
from ..laws.game import GameContext, game_rules
from ..spec.rules import Rules

GAMES = {"python_brouc": "brouc", "python_homme_de_brou_1802": "homme-de-brou-1802"}
LONG_NAMES = {"brouc": "Brouc (L'Etivaz)", "homme-de-brou-1802": "L'Homme de Brou (Academie universelle des jeux, 1802)"}
UTILITIES = ("marks-and-points", "marks", "points")
DEFAULT_SCORE = 200
SCORE_RANGE = (-1000, 1000)
CARRIED_RANGE = (0, 500)
N_GAME_ACTIONS = 7  # pass, then claim, declare, declare-double, concede, accept, refuse
PHASES = ("play", "window", "concede", "respond", "done", "round", "mark")  # the last with table_marking=players only


def n_actions(rules: Rules) -> int:
    """Distinct action ids: cards, announcements, pass and the six game actions, then `mark`
    where the trick's winner marks table marriages himself (table_marking=players)."""
    return rules.pass_action + N_GAME_ACTIONS + (1 if rules.table_marking == "players" else 0)


def n_phases(rules: Rules) -> int:
    return len(PHASES) if rules.table_marking == "players" else len(PHASES) - 1


class ParameterValueError(ValueError):
    """A game parameter with a value the game cannot take."""


# -- parameters -----------------------------------------------------------------


def to_spiel(value: Any) -> Any:
    """A ruleset parameter value as an OpenSpiel parameter (bool, int, str): a list of
    small numbers (packets [3, 3, 2]) is written as the number of its digits (332)."""
    if isinstance(value, list | tuple):
        return int("".join(str(v) for v in value))
    return value


def _ruleset_parameters(ruleset: str) -> dict[str, dict[str, Any]]:
    params: dict[str, dict[str, Any]] = Rules.load(ruleset).data["parameters"]
    return params


def parameter_specification(ruleset: str) -> dict[str, Any]:
    """The OpenSpiel game parameters of a ruleset, with their defaults."""
    spec = {name: to_spiel(p["default"]) for name, p in _ruleset_parameters(ruleset).items()}
    spec["score0"] = spec["score1"] = DEFAULT_SCORE
    if _marked_by_loser(ruleset):
        spec["carried0"] = spec["carried1"] = 0
    spec["utility"] = UTILITIES[0]
    return spec


def _marked_by_loser(ruleset: str) -> bool:
    return bool(game_rules(Rules.load(ruleset))["marked_by"] == "loser")


def read_parameters(ruleset: str, short_name: str, params: dict[str, Any]) -> tuple[Rules, GameContext, str]:
    """Rules, the game context and the utility from OpenSpiel parameters; a one-line
    ParameterValueError naming the parameter for a value the game cannot take."""
    spec = _ruleset_parameters(ruleset)
    overrides: dict[str, Any] = {}
    for name, p in spec.items():
        if name not in params:
            continue
        value = params[name]
        by_text = {str(to_spiel(o)): o for o in p["options"]}
        chosen = by_text.get(str(value))
        if chosen is None or (isinstance(chosen, bool) != isinstance(value, bool)):
            options = ", ".join(by_text)
            raise ParameterValueError(f"{short_name}: parameter {name}={value!r} is not one of {options}")
        if chosen != p["default"]:
            overrides[name] = chosen
    scores = tuple(_int_param(short_name, params, f"score{t}", DEFAULT_SCORE, SCORE_RANGE) for t in range(2))
    carried = tuple(_int_param(short_name, params, f"carried{t}", 0, CARRIED_RANGE) for t in range(2))
    utility = params.get("utility", UTILITIES[0])
    if utility not in UTILITIES:
        raise ParameterValueError(f"{short_name}: parameter utility={utility!r} is not one of {', '.join(UTILITIES)}")
    try:
        rules = Rules.load(ruleset, **overrides)
    except Exception as error:  # a reading the engine does not play yet (brou.spec.rules.NOT_EXECUTABLE_YET)
        raise ParameterValueError(f"{short_name}: {error}") from None
    return rules, GameContext(scores, carried if any(carried) else ()), str(utility)


def _int_param(short_name: str, params: dict[str, Any], name: str, default: int, bounds: tuple[int, int]) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not bounds[0] <= value <= bounds[1]:
        raise ParameterValueError(
            f"{short_name}: parameter {name}={value!r} must be a whole number from {bounds[0]} to {bounds[1]}")
    return value


# -- bounds ----------------------------------------------------------------------


def _bounds(rules: Rules, utility: str, context: GameContext) -> tuple[float, float, int]:
    """(min utility, max utility, longest episode), generous but safe."""
    g = game_rules(rules)
    decl = g.get("declaration") or {}
    marks = max(int(s["value"]) for s in g["value"])
    marks += max(int(decl.get("value", 0)), int((decl.get("double") or {}).get("value", 0)), int(g["all_tricks"]["value"]))
    card_total = sum(rules.points) + rules.last_trick_bonus + 10  # + rounding
    marriage_total = sum(k.value for k in rules.kinds) * len(rules.suits) * max(1, rules.trump_factor)
    # announced (deducted from the others too) and on the table (each way, factor), carried in
    points = card_total + 2 * marriage_total * (1 + max(1, rules.table_factor)) + sum(context.carried)
    target = int(g["target"])
    bound = {"marks": float(2 * marks), "points": float(2 * points), "marks-and-points": 2 * marks + 2 * points / target}[utility]
    n_marriages = len(rules.suits) * len(rules.kinds)
    # after_last_trick=one-round-in-seat-order: one claim or pass each once the last card is played
    last_round = rules.n_players if rules.params.get("after_last_trick") == "one-round-in-seat-order" else 0
    length = (rules.n_cards  # chance nodes
              + rules.n_cards  # plays
              + rules.n_players * n_marriages  # announcements
              + (rules.n_tricks - 1) * rules.n_players  # passes in the windows
              + 2 + 2 * rules.n_tricks  # claim, declaration, concessions asked and answered
              + (rules.n_tricks if rules.table_marking == "players" else 0)  # a mark or a pass per trick
              + last_round)
    return -bound, bound, length


# -- the game --------------------------------------------------------------------


def _game_type(short_name: str, ruleset: str) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=LONG_NAMES[ruleset],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=4,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=parameter_specification(ruleset),
    )


class BrouGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of a ruleset inside a game, as an OpenSpiel game."""

    short_name = ""
    ruleset = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules, context, utility = read_parameters(self.ruleset, self.short_name, params)
        low, high, length = _bounds(rules, utility, context)
        info = pyspiel.GameInfo(
            num_distinct_actions=n_actions(rules),
            max_chance_outcomes=rules.n_indices,  # outcomes are card ids
            num_players=rules.n_players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(GAME_TYPES[self.short_name], info, params)
        self.rules = rules
        self.context = context
        self.utility = utility
        seats, _ = packet_positions(rules)
        receiver = [0] * rules.n_cards
        for seat, positions in enumerate(seats):
            for p in positions:
                receiver[p] = seat
        self.receiver = tuple(receiver)  # the seat that receives the card at each pack position
        self.turnup_position = seats[rules.dealer][-1]
        self.target = int(game_rules(rules)["target"])
        self.marks_sign = 1 if game_rules(rules)["marked_by"] == "winner" else -1

    def new_initial_state(self) -> BrouState:
        return BrouState(self)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its game string (the compiled rules hold functions); unpickling
        imports this module, which registers the games."""
        return _load_game, (str(self),)

    def __deepcopy__(self, memo: dict[int, Any]) -> BrouGame:
        return self  # a game never changes

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> BrouObserver:
        return BrouObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class BrouState(pyspiel.State):  # type: ignore[misc]
    """A deal being dealt (chance nodes) or played (the engine's HommeDeal)."""

    def __init__(self, game: BrouGame) -> None:
        super().__init__(game)
        self._game = game
        self.rules = game.rules
        self.dealt: list[int] = []  # cards in pack order, as the chance nodes dealt them
        self.received = [0] * game.rules.n_players  # mask of the cards each seat has received
        self.deal: HommeDeal | None = None
        self.actors: list[int] = []  # the seat of each player action, in order
        self.undealt = game.rules.pack
        self._resamples = 0
        self._copying: list[int] | None = None  # while a clone's history is rebuilt: the players still to act

    def __deepcopy__(self, memo: dict[int, Any]) -> BrouState:
        """The clone OpenSpiel asks for (State.clone): the history is pushed onto a fresh
        state without the engine replaying it, then the engine's state is copied."""
        other = BrouState(self._game)
        players = [int(pyspiel.PlayerId.CHANCE)] * len(self.dealt) + self.actors
        other._copying = players[::-1]
        for action in self.history():
            other.apply_action(action)
        other._copying = None
        other.dealt = self.dealt[:]
        other.received = self.received[:]
        other.undealt = self.undealt
        other.deal = None if self.deal is None else self.deal.copy()
        other.actors = self.actors[:]
        other._resamples = self._resamples
        return other

    def __reduce__(self) -> tuple[Any, tuple[Any, str]]:
        """Pickled as its game and its history (OpenSpiel's serialisation)."""
        return _unpickle_state, (self._game, self.serialize())

    # -- the OpenSpiel interface --

    def current_player(self) -> int:
        if self._copying is not None:
            return self._copying[-1]
        deal = self.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return deal.to_act

    def is_terminal(self) -> bool:
        return self.deal is not None and self.deal.is_over

    def _legal_actions(self, player: int) -> list[int]:
        assert self.deal is not None and player == self.deal.to_act
        return sorted(self.deal.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self.rules.mask_to_list(self.undealt)
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        if self._copying is not None:
            self._copying.pop()
            return
        if self.deal is None:
            seat = self._game.receiver[len(self.dealt)]
            self.dealt.append(action)
            self.received[seat] |= 1 << action
            self.undealt &= ~(1 << action)
            if len(self.dealt) == self.rules.n_cards:
                turnup = self.dealt[self._game.turnup_position]
                self.deal = HommeDeal(self.rules, Deal(tuple(self.received), turnup), self._game.context)
            return
        seat = self.deal.to_act
        self.deal.apply(action)
        self.actors.append(seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.rules.card_text(action)}"
        return action_text(self.rules, action)

    def returns(self) -> list[float]:
        deal = self.deal
        if deal is None or not deal.is_over or deal.outcome is None:
            return [0.0] * self.rules.n_players
        value = team_value(self._game, deal)
        return [value if self.rules.team_of[p] == 0 else -value for p in range(self.rules.n_players)]

    def __str__(self) -> str:
        rules = self.rules
        if self.deal is None:
            hands = " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(self.received))
            return f"dealing, {len(self.dealt)} of {rules.n_cards} cards dealt; {hands}"
        deal = self.deal
        lines = [
            f"trump {rules.suits[deal.trump]}, turn-up {rules.card_text(deal.turnup)}, scores {list(self._game.context.scores)}",
            "hands " + " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(deal.hands)),
            "actions " + _actions_text(rules, self.actors, deal.history),
        ]
        if deal.is_over and deal.outcome is not None:
            o = deal.outcome
            lines.append(f"outcome {o.how}, winner {o.winner}, marks {list(o.marks)}, scores {list(o.scores)}")
        else:
            lines.append(f"phase {deal.phase}, seat {deal.to_act} to act")
        return "\n".join(lines)

    # -- search: other worlds the player cannot tell from this one --

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> BrouState:
        """A state that `player_id` cannot tell from this one (used by ISMCTS): the other
        hands redealt at random, consistent with every public action; seeded from the
        sampler (when given) and a per-state counter, so it is deterministic."""
        self._resamples += 1
        seed = self._resamples
        if callable(probability_sampler):
            seed += int(probability_sampler() * 2**31) * 7919
        return self.resample(player_id, random.Random(seed))

    def resample(self, player: int, rng: random.Random, attempts: int = 10_000) -> BrouState:
        """A state `player` cannot tell from this one, other hands dealt with `rng`.

        The cards a player has played or announced were dealt to him; the 1802 turn-up is
        the dealer's; a player who did not follow a suit holds none of it.  The rest are
        dealt at random under those constraints, and the public actions replayed through
        the engine, which rejects a world where one of them would be illegal (the Brouc
        duty to overtrump, for instance); then another is drawn."""
        game = self._game
        rules = self.rules
        deal = self.deal
        if deal is None:
            return self._redeal_partial(player, rng)
        n = rules.n_players
        fixed = [0] * n
        fixed[player] = deal.deal.hands[player]
        void = [0] * n  # per seat, a mask of the suits it has shown out of
        probe = HommeDeal(rules, deal.deal, game.context)
        for seat, action in zip(self.actors, deal.history, strict=True):
            if action < rules.n_indices:
                fixed[seat] |= 1 << action
                led = probe._led
                if led >= 0 and rules.suit_of[action] != led:
                    void[seat] |= rules.suit_mask[led]
            elif action < rules.pass_action:
                suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
                fixed[seat] |= rules.kinds[kind].masks[suit]
            probe.apply(action)
        exposed = rules.turnup_exposed != "none"
        if exposed:
            fixed[rules.dealer] |= 1 << deal.turnup
        placed = 0
        for mask in fixed:
            placed |= mask
        unknown = [c for c in rules.pack_cards if not placed >> c & 1]
        room = [rules.hand_size - fixed[s].bit_count() for s in range(n)]
        trump = deal.trump
        for _ in range(attempts):
            hands = self._assign(unknown, fixed, room, void, player, rng)
            if hands is None:
                continue
            if exposed or player == rules.dealer:
                turnup = deal.turnup
            else:  # Brouc: any trump the dealer was dealt may be the card turned
                trumps = rules.mask_to_list(hands[rules.dealer] & rules.suit_mask[trump])
                if not trumps:
                    continue
                turnup = rng.choice(trumps)
            world = self._world(hands, turnup, player, rng)
            if world is not None:
                return world
        raise RuntimeError(f"no consistent world found in {attempts} attempts")  # pragma: no cover

    def _assign(self, unknown: list[int], fixed: list[int], room: list[int], void: list[int],
                player: int, rng: random.Random) -> list[int] | None:
        hands = list(fixed)
        left = list(room)
        cards = unknown[:]
        rng.shuffle(cards)
        for c in cards:
            bit = 1 << c
            seats = [s for s in range(len(hands)) if s != player and left[s] > 0 and not void[s] & bit]
            if not seats:
                return None
            s = rng.choices(seats, weights=[left[t] for t in seats])[0]
            hands[s] |= bit
            left[s] -= 1
        return hands

    def _world(self, hands: list[int], turnup: int, player: int, rng: random.Random) -> BrouState | None:
        """The state dealt `hands` (the turn-up at the dealer's last position, the player's
        own cards where they were), with this state's player actions; None if one is illegal."""
        game = self._game
        rules = self.rules
        assert self.deal is not None
        pack = self._pack(hands, turnup, player, rng)
        world = HommeDeal(rules, Deal(tuple(hands), turnup), game.context)
        try:
            for action in self.deal.history:
                world.apply(action)
        except IllegalAction:
            return None
        state = BrouState(game)
        for card in pack:
            state.apply_action(card)
        for action in self.deal.history:
            state.apply_action(action)
        return state

    def _pack(self, hands: list[int], turnup: int, player: int, rng: random.Random) -> list[int]:
        """The cards in pack order that deal `hands`: the player's own as they came."""
        game = self._game
        rules = self.rules
        pools: list[list[int]] = []
        for s, h in enumerate(hands):
            cards = [c for c in rules.mask_to_list(h) if not (s == rules.dealer and c == turnup)]
            rng.shuffle(cards)
            pools.append(cards)
        pack = []
        for position, seat in enumerate(game.receiver):
            if seat == player:
                card = self.dealt[position]
                if card in pools[seat]:
                    pools[seat].remove(card)
            elif position == game.turnup_position:
                card = turnup
            else:
                card = pools[seat].pop()
            pack.append(card)
        return pack

    def _redeal_partial(self, player: int, rng: random.Random) -> BrouState:
        """During the deal: the cards the player has seen stay, the others are redrawn."""
        game = self._game
        state = BrouState(game)
        seen = self.received[player]
        exposed = self.rules.turnup_exposed != "none"
        if exposed and len(self.dealt) > game.turnup_position:
            seen |= 1 << self.dealt[game.turnup_position]
        others = [c for c in self.rules.pack_cards if not seen >> c & 1]
        rng.shuffle(others)
        for position, card in enumerate(self.dealt):
            visible = game.receiver[position] == player or (exposed and position == game.turnup_position)
            state.apply_action(card if visible else others.pop())
        return state


def _load_game(game_string: str) -> BrouGame:
    game: BrouGame = pyspiel.load_game(game_string)
    return game


def _unpickle_state(game: BrouGame, serialized: str) -> BrouState:
    state: BrouState = game.deserialize_state(serialized)
    return state


def team_value(game: BrouGame, deal: HommeDeal) -> float:
    """The return of deal team 0 (team 1 gets its negative)."""
    outcome = deal.outcome
    assert outcome is not None
    before = game.context.scores
    marks = game.marks_sign * (outcome.marks[0] - outcome.marks[1])
    points = (outcome.scores[0] - before[0]) - (outcome.scores[1] - before[1])
    if game.utility == "marks":
        return float(marks)
    if game.utility == "points":
        return float(points)
    return marks + points / game.target


# -- what a player sees ----------------------------------------------------------


class BrouObserver:
    """Observer (the PyObserver interface of open_spiel.python.observation).

    perfect_recall: the information state: the player's cards as dealt, the trump, the
    turn-up if he saw it, the scores, every public action so far.  Otherwise the
    observation: what lies in front of him now.  public_info / private_info select the
    public part (everything but the hand) and the private part (the hand)."""

    def __init__(self, game: BrouGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game = game
        rules = game.rules
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info
        n, c, t = rules.n_players, rules.n_indices, rules.n_tricks
        n_marriages = len(rules.suits) * len(rules.kinds)
        pieces: list[tuple[str, tuple[int, ...]]] = [("seat", (n,))]
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            pieces += [("hand", (c,))]
            if self.recall:
                pieces += [("dealt", (c,)), ("turnup_known", (c,))]
        elif self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            pieces += [("hands", (n, c))]
        if self.public:
            pieces += [("trump", (len(rules.suits),)), ("turnup_on_show", (c,))]
            if self.recall:
                pieces += [("tricks", (t, n, c)), ("leaders", (t, n)), ("announcements", (n, n_marriages, t + 1))]
            else:
                pieces += [("trick", (n, c)), ("last_trick", (n, c)), ("team_won", (c,)),
                           ("announced", (n, n_marriages))]
            pieces += [("tricks_won", (2, t + 1)), ("phase", (n_phases(rules),)), ("to_act", (n,)), ("game", (6,)),
                       ("scores", (4,))]
            if rules.table_marking == "players":
                pieces += [("marked", (t,))]  # per trick: its table marriages marked (hdb.info.table-marriage-shown)
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in pieces:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[index:index + length].reshape(shape)
            index += length

    # -- tensors --

    def set_from(self, state: BrouState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        game = self.game
        rules = game.rules
        d["seat"][player] = 1
        deal = state.deal
        if "hand" in d:
            _set_cards(d["hand"], deal.hands[player] if deal is not None else state.received[player])
        if "dealt" in d:
            _set_cards(d["dealt"], state.received[player])
            known = _turnup_known(state, player)
            if known is not None:
                d["turnup_known"][known] = 1
        if "hands" in d:
            for s in range(rules.n_players):
                _set_cards(d["hands"][s], deal.hands[s] if deal is not None else state.received[s])
        if not self.public:
            return
        ctx = game.context
        d["scores"][:] = [ctx.scores[0] / 100, ctx.scores[1] / 100,
                          (ctx.carried or (0, 0))[0] / 100, (ctx.carried or (0, 0))[1] / 100]
        trump = _trump_known(state)
        if trump is not None:
            d["trump"][trump] = 1
        if deal is None:
            return
        if deal.turnup_on_show():
            d["turnup_on_show"][deal.turnup] = 1
        tricks = deal.tricks
        if self.recall:
            for i, (leader, cards, _) in enumerate(tricks):
                d["leaders"][i, leader] = 1
                for k, card in enumerate(cards):
                    d["tricks"][i, (leader + k) % rules.n_players, card] = 1
            if deal.trick:
                i = len(tricks)
                d["leaders"][i, deal.leader] = 1
                for k, card in enumerate(deal.trick):
                    d["tricks"][i, (deal.leader + k) % rules.n_players, card] = 1
            for seat, suit, kind, _, _, after in deal.announcements:
                d["announcements"][seat, suit * len(rules.kinds) + kind, after] = 1
        else:
            for k, card in enumerate(deal.trick):
                d["trick"][(deal.leader + k) % rules.n_players, card] = 1
            if tricks and on_turn(deal, player):  # hdb.info.last-trick, hdb.info.own-tricks: on his turn only
                leader, cards, _ = tricks[-1]
                for k, card in enumerate(cards):
                    d["last_trick"][(leader + k) % rules.n_players, card] = 1
                _set_cards(d["team_won"], deal.won[rules.team_of[player]])
            for seat, suit, kind, _, _, _ in deal.announcements:
                d["announced"][seat, suit * len(rules.kinds) + kind] = 1
        for team in range(2):
            d["tricks_won"][team, deal.team_tricks[team]] = 1
        d["phase"][PHASES.index(deal.phase)] = 1
        if "marked" in d:
            for index, *_ in deal.table:
                d["marked"][index] = 1
        if deal.to_act >= 0:
            d["to_act"][deal.to_act] = 1
        d["game"][:] = _game_flags(state)

    # -- strings --

    def string_from(self, state: BrouState, player: int) -> str:
        game = self.game
        rules = game.rules
        deal = state.deal
        parts = [f"seat {player}"]
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            hand = deal.hands[player] if deal is not None else state.received[player]
            parts.append("hand " + _cards(rules, hand))
            if self.recall:
                parts.append("dealt " + _cards(rules, state.received[player]))
                known = _turnup_known(state, player)
                if known is not None:
                    parts.append("turn-up " + rules.card_text(known))
        elif self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            hands = deal.hands if deal is not None else state.received
            parts.append("hands " + " ".join(f"{s}:{_cards(rules, h)}" for s, h in enumerate(hands)))
        if not self.public:
            return "\n".join(parts)
        ctx = game.context
        scores = f"scores {ctx.scores[0]}-{ctx.scores[1]}"
        if ctx.carried:
            scores += f", carried {ctx.carried[0]}-{ctx.carried[1]}"
        parts.append(scores)
        trump = _trump_known(state)
        if deal is None:
            parts.append(f"dealing, {len(state.dealt)} cards dealt" + ("" if trump is None else f", trump {rules.suits[trump]}"))
            return "\n".join(parts)
        parts.append(f"trump {rules.suits[deal.trump]}")
        if deal.turnup_on_show():
            parts.append(f"on show {rules.card_text(deal.turnup)}")
        if self.recall:
            parts.append("actions " + _actions_text(rules, state.actors, deal.history))
        else:
            parts.append("trick " + _trick_text(rules, deal.leader, deal.trick))
            looks = on_turn(deal, player)  # hdb.info.last-trick, hdb.info.own-tricks: on his turn only
            if deal.tricks and looks:
                leader, cards, winner = deal.tricks[-1]
                parts.append(f"last trick {_trick_text(rules, leader, list(cards))} won by {winner}")
            team = rules.team_of[player]
            parts.append(f"tricks {deal.team_tricks[0]}-{deal.team_tricks[1]}"
                         + (f", team {team} has " + _cards(rules, deal.won[team]) if looks else ""))
            if deal.announcements:
                parts.append("announced " + " ".join(
                    f"{seat}:{''.join(rules.kinds[kind].ranks)}{rules.suits[suit]}"
                    for seat, suit, kind, _, _, _ in deal.announcements))
            flags = _game_flags(state)
            names = ("team 0 declared", "team 1 declared", "double", "concession asked of team 0",
                     "concession asked of team 1", "concession offered")
            said = [name for name, flag in zip(names, flags, strict=True) if flag]
            if said:
                parts.append(", ".join(said))
        parts.append("over" if deal.is_over else f"{deal.phase}, seat {deal.to_act} to act")
        return "\n".join(parts)


def _actions_text(rules: Rules, seats: list[int], actions: list[int]) -> str:
    """`0:AS 1:TS 2:announce_KQC 2:pass`: who did what, in order."""
    return " ".join(f"{s}:{action_text(rules, a).replace(' ', '_')}" for s, a in zip(seats, actions, strict=True))


def _cards(rules: Rules, mask: int) -> str:
    return " ".join(rules.cards_text(mask)) or "-"


def _trick_text(rules: Rules, leader: int, cards: list[int]) -> str:
    if not cards:
        return "-"
    return " ".join(f"{(leader + k) % rules.n_players}:{rules.card_text(c)}" for k, c in enumerate(cards))


def _set_cards(row: Any, mask: int) -> None:
    while mask:
        low = mask & -mask
        row[low.bit_length() - 1] = 1
        mask ^= low


def _turnup_known(state: BrouState, player: int) -> int | None:
    """The turn-up card if the player has seen it: in 1802 everyone (it is turned face
    up), in Brouc only the dealer (it goes into his hand at once; the others learn the
    trump suit only)."""
    game = state._game
    if len(state.dealt) <= game.turnup_position:
        return None
    if game.rules.turnup_exposed == "none" and player != game.rules.dealer:
        return None
    return state.dealt[game.turnup_position]


def _trump_known(state: BrouState) -> int | None:
    game = state._game
    if len(state.dealt) <= game.turnup_position:
        return None
    return game.rules.suit_of[state.dealt[game.turnup_position]]


def _game_flags(state: BrouState) -> list[int]:
    """declared by team 0, by team 1, double; concession asked of team 0, of team 1; offered."""
    deal = state.deal
    assert deal is not None
    flags = [0] * 6
    if deal.declared is not None:
        flags[deal.declared[0]] = 1
        flags[2] = int(deal.declared[1])
    if deal.phase in ("concede", "respond") and deal.conceding >= 0:
        flags[3 + deal.conceding] = 1
        flags[5] = int(deal.phase == "respond")
    return flags


# -- registration ------------------------------------------------------------------


class BroucGame(BrouGame):
    """python_brouc"""

    short_name = "python_brouc"
    ruleset = "brouc"


class HommeDeBrou1802Game(BrouGame):
    """python_homme_de_brou_1802"""

    short_name = "python_homme_de_brou_1802"
    ruleset = "homme-de-brou-1802"


GAME_TYPES = {short: _game_type(short, ruleset) for short, ruleset in GAMES.items()}
GAME_CLASSES: dict[str, type[BrouGame]] = {"python_brouc": BroucGame, "python_homme_de_brou_1802": HommeDeBrou1802Game}
_registered = set(pyspiel.registered_names())
for _short, _cls in GAME_CLASSES.items():
    if _short not in _registered:  # `python -m brou.openspiel` after an import, or a reload
        pyspiel.register_game(GAME_TYPES[_short], _cls)


# -- golden playthroughs ---------------------------------------------------------------

# per game: the seed of the golden playthrough (chosen for a deal that shows announcements
# and a claim; see tests/playthroughs/)
PLAYTHROUGH_SEEDS = {"python_brouc": 7, "python_homme_de_brou_1802": 3}


def golden_actions(game_string: str, seed: int) -> list[int]:
    """The actions of a golden playthrough: the deal drawn uniformly with random.Random(seed),
    then brou.engine.partnership.match.greedy_bot for every seat (random play that claims when the claim is
    right), so the deal is played out rather than ended by a random claim."""
    from ..engine.partnership.match import greedy_bot

    game = pyspiel.load_game(game_string)
    state = game.new_initial_state()
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        action = rng.choice(state.chance_outcomes())[0] if state.is_chance_node() else greedy_bot(state.deal, rng)
        actions.append(action)
        state.apply_action(action)
    return actions


def playthrough(game_string: str, actions: list[int] | None = None, seed: int | None = None) -> str:
    """OpenSpiel's playthrough (open_spiel.python.algorithms.generate_playthrough) of
    `actions`, by default the golden actions of the game's seed."""
    from open_spiel.python.algorithms import generate_playthrough

    if seed is None:
        seed = PLAYTHROUGH_SEEDS.get(game_string, 0)
    if actions is None:
        actions = golden_actions(game_string, seed)
    text: str = generate_playthrough.playthrough(game_string, actions, seed=seed)
    return text


def playthrough_actions(text: str) -> tuple[str, list[int]]:
    """The game string and the actions recorded in a playthrough (as OpenSpiel's replay reads them)."""
    game = ""
    actions = []
    for line in text.splitlines():
        if line.startswith("game: "):
            game = line[len("game: "):]
        elif line.startswith("action: "):
            actions.append(int(line[len("action: "):]))
    return game, actions


def main(argv: list[str] | None = None) -> int:
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m brou.openspiel", description="the golden OpenSpiel playthroughs")
    parser.add_argument("--playthrough", metavar="DIR", default="tests/playthroughs",
                        help="write DIR/<game>.txt for each game (default tests/playthroughs)")
    args = parser.parse_args(argv)
    out = Path(args.playthrough)
    out.mkdir(parents=True, exist_ok=True)
    for name in GAMES:
        path = out / f"{name}.txt"
        path.write_text(playthrough(name), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

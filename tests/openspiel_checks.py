"""Checks the OpenSpiel games share (brou.openspiel, one game for the five rulesets): the
states of seeded random deals, cloning, serialising and pickling at every step, resampling an
information state, and ISMCTS playing a deal through it.  pyspiel and OpenSpiel's algorithms
are imported by the test modules that skip without them."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

Choose = Callable[[Any, random.Random], int]


def uniform(state: Any, rng: random.Random) -> int:
    """A legal action drawn uniformly."""
    return int(rng.choice(state.legal_actions()))


def sampled_states(game: Any, deals: int, seed: int, choose: Choose = uniform, ends: bool = True) -> list[Any]:
    """Every state of `deals` seeded random deals where a player acts (`choose` picks his
    action), and with `ends` each deal's final state; chance draws uniformly."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            out.append(state.clone())
            state.apply_action(choose(state, rng))
        if ends:
            out.append(state)
    return out


def check_clone_serialise_pickle(game: Any, rng: random.Random, deals: int, choose: Choose = uniform) -> list[Any]:
    """games_sim_test's checks: the game and its type pickle; at every move of `deals` random
    deals a state survives OpenSpiel serialisation and pickling (its deal of the same class, the
    same information state), and a clone given the same action stays equal; at the end there
    are no legal actions.  Returns the final states."""
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    ends = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            again = pyspiel().deserialize_game_and_state(pyspiel().serialize_game_and_state(game, state))[1]
            assert str(again) == str(state) and again.history() == state.history()
            loaded = pickle.loads(pickle.dumps(state))
            assert str(loaded) == str(state) and loaded.information_state_string(1) == state.information_state_string(1)
            assert type(loaded.deal) is type(state.deal)
            action = rng.choice(state.chance_outcomes())[0] if state.is_chance_node() else choose(state, rng)
            clone = state.clone()
            state.apply_action(action)
            clone.apply_action(action)
            assert str(clone) == str(state) and clone.history() == state.history()
            assert type(clone.deal) is type(state.deal)
            assert clone.information_state_string(0) == state.information_state_string(0)
        assert state.legal_actions() == []
        assert len(state.history()) <= game.max_game_length()
        ends.append(state)
    return ends


def same_for(world: Any, state: Any, player: int) -> None:
    """`player` cannot tell `world` from `state`: the same observation and information state,
    strings and tensors."""
    assert world.observation_string(player) == state.observation_string(player)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.observation_tensor(player) == state.observation_tensor(player)
    assert world.information_state_tensor(player) == state.information_state_tensor(player)


def pyspiel() -> Any:
    """OpenSpiel's module (imported by the test modules, which skip without it)."""
    import pyspiel as spiel

    return spiel


def check_resample(states: Sequence[Any], rng: random.Random, count: int) -> None:
    """For `count` of `states`, each player's `resample` keeps what he saw (information state
    string and tensor, the player to act, every action after the deal's chance nodes), and so
    does `resample_from_infostate`; the hidden cards move in more than `count` of the worlds."""
    game = states[0].get_game()
    n_cards = game.rules.n_cards
    moved = 0
    for state in rng.sample(list(states), count):
        for player in range(game.num_players()):
            world = state.resample(player, rng)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.current_player() == state.current_player()
            assert world.history()[n_cards:] == state.history()[n_cards:]
            moved += world.history() != state.history()
        again = state.resample_from_infostate(0, None)
        assert again.information_state_string(0) == state.information_state_string(0)
    assert moved > count


def ismcts_deal(game: Any, choose: Choose = uniform) -> Any:
    """A deal where OpenSpiel's ISMCTSBot plays seat 0 (through resample_from_infostate) and
    random play (`choose`) the others; every move the bot makes is legal.  Returns the terminal state."""
    from open_spiel.python.algorithms import ismcts, mcts

    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), uct_c=2.0,
                           max_simulations=20, random_state=np.random.RandomState(1))
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(choose(state, rng))
    return state

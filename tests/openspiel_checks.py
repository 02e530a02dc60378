"""Checks the OpenSpiel games of the phase engine share (python_brusquembille,
python_homme_d_auvergne): resampling an information state, and ISMCTS playing a deal through it.
pyspiel and OpenSpiel's algorithms are imported by the test modules that skip without them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np


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


def ismcts_deal(game: Any) -> Any:
    """A deal where OpenSpiel's ISMCTSBot plays seat 0 (through resample_from_infostate) and
    random play the others; every move the bot makes is legal.  Returns the terminal state."""
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
            state.apply_action(rng.choice(state.legal_actions()))
    return state

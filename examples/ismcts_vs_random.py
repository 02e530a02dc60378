#!/usr/bin/env python3
"""OpenSpiel's information-set MCTS against random play, deal after deal.

    .venv/bin/python examples/ismcts_vs_random.py                      # Brouc, 200 deals
    .venv/bin/python examples/ismcts_vs_random.py --game python_homme_de_brou_1802 --deals 300
    .venv/bin/python examples/ismcts_vs_random.py --simulations 50 --seed 3

One team is played by OpenSpiel's own ISMCTSBot (open_spiel.python.algorithms.ismcts),
the other by random play; the teams swap every deal, so each sits in every seat.
Random play here is uniform over the plays, announcements and passes, and never
claims, declares or concedes on its own initiative (it answers a concession at random),
as brou.engine.bots.random_bot: uniform over every legal action would claim at random and
lose nearly every deal at once.  The search's rollouts play the same way, on the
engine directly (brou.engine.homme.HommeDeal), and the search draws the hidden cards with
`BrouState.resample`, which keeps every world consistent with what the player saw.

Everything is seeded: the same arguments print the same table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import brou.openspiel as bo
from brou.engine.homme import ACCEPT_ACTION, REFUSE_ACTION, HommeDeal

QUIET = (0, ACCEPT_ACTION, REFUSE_ACTION)  # pass, and the answers to a concession


def quiet_choice(deal: HommeDeal, rng: random.Random) -> int:
    """Random legal play that starts no claim, declaration or concession."""
    legal = deal.legal_actions()
    base = deal.rules.pass_action
    quiet = [a for a in legal if a < base or a - base in QUIET]
    return rng.choice(quiet or legal)


class RandomBot(pyspiel.Bot):  # type: ignore[misc]
    """Random play through the OpenSpiel interface (see quiet_choice)."""

    def __init__(self, seed: int) -> None:
        pyspiel.Bot.__init__(self)
        self.rng = random.Random(seed)

    def step(self, state: Any) -> int:
        return quiet_choice(state.deal, self.rng)

    def restart_at(self, state: Any) -> None:
        pass


class QuietRollouts(mcts.Evaluator):  # type: ignore[misc]
    """The value of a state: the mean return of random quiet play to the end, on the engine."""

    def __init__(self, n_rollouts: int, seed: int) -> None:
        self.n_rollouts = n_rollouts
        self.rng = random.Random(seed)

    def evaluate(self, state: Any) -> Any:
        game = state.get_game()
        total = 0.0
        for _ in range(self.n_rollouts):
            deal = state.deal.copy()
            while not deal.is_over:
                deal.apply(quiet_choice(deal, self.rng))
            total += bo.team_value(game, deal)
        value = total / self.n_rollouts
        return np.array([value if game.rules.team_of[p] == 0 else -value for p in range(game.num_players())])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def play(game_name: str, deals: int, simulations: int, seed: int) -> dict[str, Any]:
    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    searcher = ismcts.ISMCTSBot(
        game, QuietRollouts(1, seed), uct_c=2.0, max_simulations=simulations,
        random_state=np.random.RandomState(seed), final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    searcher.set_resampler(lambda state, player: state.resample(player, rng))
    random_bot = RandomBot(seed + 1)
    chance = random.Random(seed + 2)
    wins = [0, 0, 0]  # searcher ahead, random ahead, level
    total = 0.0
    returns: list[float] = []
    begin = time.perf_counter()
    for number in range(deals):
        search_team = number % 2  # deal team of the searcher: 0 (seats 0 and 2) or 1
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance.choice(state.chance_outcomes())[0])
                continue
            seat = state.current_player()
            bot = searcher if game.rules.team_of[seat] == search_team else random_bot
            legal = state.legal_actions()
            state.apply_action(legal[0] if len(legal) == 1 else bot.step(state))
        value = state.returns()[search_team]  # seat search_team belongs to the searcher's team
        returns.append(value)
        total += value
        wins[0 if value > 0 else 1 if value < 0 else 2] += 1
    seconds = time.perf_counter() - begin
    mean = total / deals
    spread = float(np.std(returns, ddof=1) / np.sqrt(deals)) if deals > 1 else 0.0
    return {"game": game_name, "deals": deals, "simulations": simulations, "seed": seed,
            "ahead": wins[0], "behind": wins[1], "level": wins[2], "mean_return": mean,
            "standard_error": spread, "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="python_brouc", help="an OpenSpiel game string (default python_brouc)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=30, help="ISMCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    r = play(args.game, args.deals, args.simulations, args.seed)
    print(f"{r['game']}: ISMCTS ({r['simulations']} simulations a move) against random play, "
          f"{r['deals']} deals, teams swapping seats each deal, seed {r['seed']}")
    print(f"{'team':<10}{'deals ahead':>13}{'mean return':>14}")
    print(f"{'ISMCTS':<10}{r['ahead']:>13}{r['mean_return']:>+14.3f}")
    print(f"{'random':<10}{r['behind']:>13}{-r['mean_return']:>+14.3f}")
    print(f"level: {r['level']} deals; standard error of the mean return {r['standard_error']:.3f}; "
          f"{r['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The PIMC player (`brou.players.pimc`) as an OpenSpiel bot, for any of the five games.

    import pyspiel
    import brou.openspiel
    from brou.openspiel.bots import PimcBot
    game = pyspiel.load_game("python_hombre")
    bots = [PimcBot(p, seed=p) for p in range(game.num_players())]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)

The bot plays the engine deal behind the state (`BrouState.deal`) with the player's own rules of
sight: it is handed the whole state, as every OpenSpiel bot is, and reads only what
`brou.engine.view.view` shows its seat.  OpenSpiel's action ids are the engine's.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from ..players.pimc import EARLY_SAMPLES, SAMPLES, Pimc


class PimcBot(pyspiel.Bot):  # type: ignore[misc]
    """`pyspiel.Bot` for player `player_id`: `samples` worlds a decision (`early` in the first
    tricks of 1802 and Brouc), seeded by `seed`."""

    def __init__(self, player_id: int, seed: int = 0, samples: int = SAMPLES, early: int | None = EARLY_SAMPLES) -> None:
        pyspiel.Bot.__init__(self)
        self._player_id = player_id
        self._pimc = Pimc(samples, early)
        self._rng = random.Random(seed)

    def player_id(self) -> int:
        return self._player_id

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: each decision is made afresh from the state."""

    def step(self, state: Any) -> int:
        """The action the PIMC player takes in the deal behind `state` (its player to act)."""
        deal = state.deal
        if deal is None or deal.to_act != state.current_player():
            raise ValueError("the PIMC bot plays a dealt state's player to act, not a chance node")
        return self._pimc(deal, self._rng)

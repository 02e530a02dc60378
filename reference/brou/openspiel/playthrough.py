"""The golden playthroughs of 1802 and Brouc (tests/playthroughs/): `python -m brou.openspiel
--playthrough DIR` rewrites them."""

from __future__ import annotations

import random

import pyspiel

from . import game as _registered  # noqa: F401  (registers the games)

# per game: the seed of the golden playthrough (chosen for a deal that shows announcements
# and a claim; see tests/playthroughs/)
PLAYTHROUGH_SEEDS = {"python_brouc": 7, "python_homme_de_brou_1802": 3}


def golden_actions(game_string: str, seed: int) -> list[int]:
    """The actions of a golden playthrough: the deal drawn uniformly with random.Random(seed),
    then brou.engine.bots.greedy_bot for every seat (random play that claims when the claim is
    right), so the deal is played out rather than ended by a random claim."""
    from ..engine.bots import greedy_bot

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
    for name in PLAYTHROUGH_SEEDS:
        path = out / f"{name}.txt"
        path.write_text(playthrough(name), encoding="utf-8")
        print(f"wrote {path}")
    return 0

"""The OpenSpiel observations agree with the engine's `view` (brou.engine.view, the protocol's
`view` observable): over seeded random deals of both games, under several game contexts
and parameters, each player's observation tensor and string are rebuilt from his view
alone, piece by piece, and must be exactly what the game gives.

That checks both ways at once: (a) the observation is a function of the view, so two
states that give a player the same view give him the same observation (nothing leaks
beyond the view); (b) each piece of the observation is the matching field of the view
(nothing the view shows is missing or different).  A third test groups states by view
and checks (a) directly, with the worlds `resample` redeals behind each state.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_checks import sampled_states  # noqa: E402

import brou.openspiel  # noqa: E402  (registers the games)
from brou.engine.view import view  # noqa: E402
from brou.spec.rules import Rules  # noqa: E402

GAMES = [
    "python_homme_de_brou_1802",
    "python_homme_de_brou_1802(score0=290,score1=120)",  # concessions, claims, partie et vole
    "python_homme_de_brou_1802(score0=-40,score1=260,announce_window=own-turn-once-team-has-trick)",
    "python_brouc",
    "python_brouc(turnup_exposed=first-trick,score0=250,score1=60)",
    "python_brouc(dehors_above_300=before-first-card,score0=305,score1=190,carried0=40)",
    "python_homme_de_brou_1802(table_marking=players,score0=200,score1=150)",  # the mark phase, marked tricks
    "python_brouc(table_marking=players)",
]
PHASES = ("play", "window", "concede", "respond", "done", "round", "mark")


def _states(game_string: str, deals: int, seed: int) -> list[Any]:
    """Every state of `deals` seeded random deals where a player acts (mostly quiet
    actions, now and then a game action), and each deal's final state."""
    base = pyspiel.load_game(game_string).rules.pass_action

    def choose(state: Any, rng: random.Random) -> int:
        legal = state.legal_actions()
        quiet = [a for a in legal if a <= base]
        action: int = rng.choice(quiet if quiet and rng.random() < 0.95 else legal)
        return action

    return sampled_states(pyspiel.load_game(game_string), deals, seed, choose)


def _card(rules: Rules, text: str) -> int:
    return rules.card(text)


def _marriage(rules: Rules, text: str) -> int:
    """The column of a marriage (`KQH`) in the observation: suit x kinds + kind."""
    ranks, suit = text[:-1], text[-1]
    kind = next(k for k, kind in enumerate(rules.kinds) if sorted(kind.ranks) == sorted(ranks))
    return rules.suits.index(suit) * len(rules.kinds) + kind


def _flags(v: dict[str, Any]) -> list[int]:
    """declared by team 0, by team 1, double; concession asked of team 0, of team 1; offered."""
    flags = [0] * 6
    if v["declared"] is not None:
        flags[v["declared"]["team"]] = 1
        flags[2] = int(v["declared"]["double"])
    if v["phase"] == "concede":  # the player asked is of the team that may concede
        flags[3 + v["to_act"] % 2] = 1
    elif v["phase"] == "respond":  # the player answering is of the other team
        flags[3 + 1 - v["to_act"] % 2] = 1
        flags[5] = 1
    return flags


def tensor_from_view(game: Any, v: dict[str, Any]) -> np.ndarray:
    """The observation tensor, built from the view alone."""
    rules = game.rules
    observer = brou.openspiel.BrouObserver(game, pyspiel.IIGObservationType(perfect_recall=False), None)
    d = observer.dict
    d["seat"][v["player"]] = 1
    for card in v["hand"]:
        d["hand"][_card(rules, card)] = 1
    d["trump"][rules.suits.index(v["trump"])] = 1
    if v["turnup"] is not None:
        d["turnup_on_show"][_card(rules, v["turnup"])] = 1
    for seen in v["trick"]:
        d["trick"][seen["player"], _card(rules, seen["card"])] = 1
    if v["last_trick"] is not None:
        for seen in v["last_trick"]["cards"]:
            d["last_trick"][seen["player"], _card(rules, seen["card"])] = 1
    for trick in v["own_tricks"] or []:
        for seen in trick["cards"]:
            d["team_won"][_card(rules, seen["card"])] = 1
    for a in v["announcements"]:
        d["announced"][a["player"], _marriage(rules, a["marriage"])] = 1
    for team in range(2):
        d["tricks_won"][team, sum(rules.team_of[w] == team for w in v["tricks"])] = 1
    d["phase"][PHASES.index("done" if v["phase"] == "over" else v["phase"])] = 1
    if "marked" in d:
        for marriage in v["table"]:
            d["marked"][marriage["trick"] - 1] = 1
    if v["to_act"] is not None:
        d["to_act"][v["to_act"]] = 1
    d["game"][:] = _flags(v)
    d["scores"][:] = [v["scores"][0] / 100, v["scores"][1] / 100, v["carried"][0] / 100, v["carried"][1] / 100]
    return observer.tensor.copy()


def string_from_view(game: Any, v: dict[str, Any]) -> str:
    """The observation string, built from the view alone."""
    rules = game.rules

    def cards(texts: list[str]) -> str:
        return " ".join(sorted(texts, key=rules.card)) or "-"

    def trick(seen: list[dict[str, Any]]) -> str:
        return " ".join(f"{s['player']}:{s['card']}" for s in seen) or "-"

    parts = [f"seat {v['player']}", "hand " + cards(v["hand"])]
    scores = f"scores {v['scores'][0]}-{v['scores'][1]}"
    if game.context.carried:  # the game's parameters, not the deal: whether the ruleset carries marriages
        scores += f", carried {v['carried'][0]}-{v['carried'][1]}"
    parts += [scores, f"trump {v['trump']}"]
    if v["turnup"] is not None:
        parts.append(f"on show {v['turnup']}")
    parts.append("trick " + trick(v["trick"]))
    if v["last_trick"] is not None:
        parts.append(f"last trick {trick(v['last_trick']['cards'])} won by {v['tricks'][-1]}")
    won = [sum(rules.team_of[w] == t for w in v["tricks"]) for t in range(2)]
    line = f"tricks {won[0]}-{won[1]}"
    if v["own_tricks"] is not None:
        taken = [s["card"] for t in v["own_tricks"] for s in t["cards"]]
        line += f", team {rules.team_of[v['player']]} has " + cards(taken)
    parts.append(line)
    if v["announcements"]:
        parts.append("announced " + " ".join(f"{a['player']}:{a['marriage']}" for a in v["announcements"]))
    names = ("team 0 declared", "team 1 declared", "double", "concession asked of team 0",
             "concession asked of team 1", "concession offered")
    said = [name for name, flag in zip(names, _flags(v), strict=True) if flag]
    if said:
        parts.append(", ".join(said))
    parts.append("over" if v["phase"] == "over" else f"{v['phase']}, seat {v['to_act']} to act")
    return "\n".join(parts)


@pytest.mark.clause("hdb.info.last-trick", "hdb.info.own-tricks", "hdb.info.own-hand", "hdb.info.trick-open",
                    "hdb.info.spoken", "hdb.info.scores-public")
@pytest.mark.parametrize("game_string", GAMES)
def test_observation_is_the_view(game_string: str) -> None:
    """(a) and (b): every player's observation, tensor and string, is rebuilt from his view."""
    states = _states(game_string, deals=12, seed=17)
    game = states[0].get_game()
    looked = 0
    for state in states:
        for player in range(game.rules.n_players):
            v = view(state.deal, player)
            got = np.asarray(state.observation_tensor(player), dtype=np.float32)
            want = tensor_from_view(game, v)
            assert np.array_equal(got, want), (game_string, player, str(state))
            assert state.observation_string(player) == string_from_view(game, v), (game_string, player, str(state))
            looked += v["last_trick"] is not None
    assert looked > 50  # the looking back on one's turn was exercised


@pytest.mark.clause("hdb.info.own-hand", "hdb.info.last-trick", "hdb.info.own-tricks")
@pytest.mark.parametrize("game_string", ["python_homme_de_brou_1802", "python_brouc"])
def test_the_same_view_gives_the_same_observation(game_string: str) -> None:
    """(a) directly: states grouped by (player, view), the seeded states and worlds redealt
    behind them; each group has one observation (tensor and string)."""
    rng = random.Random(23)
    states = [s for s in _states(game_string, deals=6, seed=29) if not s.is_terminal()]
    seen: dict[tuple[int, str], tuple[bytes, str]] = {}
    shared = 0
    for state in rng.sample(states, 80):
        for player in range(4):
            for world in (state, state.resample(player, rng), state.resample(player, rng)):
                key = (player, json.dumps(view(world.deal, player), sort_keys=True))
                obs = (np.asarray(world.observation_tensor(player), dtype=np.float32).tobytes(), world.observation_string(player))
                if key in seen:
                    shared += 1
                    assert seen[key] == obs, (game_string, player)
                seen[key] = obs
    assert shared > 300  # many states a player cannot tell apart


def test_the_view_before_the_fix_would_leak() -> None:
    """The last trick is in the observation of the player to play only: the others' views
    and observations are the same whatever that trick held (hdb.info.last-trick)."""
    states = [s for s in _states("python_homme_de_brou_1802", deals=4, seed=31)
              if s.deal is not None and s.deal.tricks and s.deal.phase == "play" and not s.deal.trick]
    assert states
    for state in states:
        to_act = state.deal.to_act
        for player in range(4):
            shown = "last trick" in state.observation_string(player)
            assert shown == (player == to_act)
            assert (view(state.deal, player)["last_trick"] is not None) == (player == to_act)

"""The OpenSpiel games (brou.openspiel): OpenSpiel's own checks, what each player sees,
returns, parameters, the golden playthroughs and the ISMCTS example.

`pyspiel.random_sim_test` is OpenSpiel's C++ test of a game's API.  OpenSpiel's
`games_sim_test.py` (open_spiel/python/tests/games_sim_test.py, shipped in the wheel
but written for absltest over every registered game) is reimplemented here for our two
games, check for check: the game and its type survive pickling, each state survives
OpenSpiel serialisation and pickling at move 1, 2, 4, 8 ..., a clone taken before each
action and given the same action stays equal to the state, and at the end there are no
legal actions and the returns are each player's return, within the game's bounds.
"""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_checks import sampled_states  # noqa: E402

import brou.openspiel as bo  # noqa: E402
import brou.openspiel.playthrough as bp  # noqa: E402
from brou import HommeDeal, Rules, action_text  # noqa: E402
from brou.cards.deal import Deal  # noqa: E402
from brou.laws.game import GameContext  # noqa: E402

ROOT = Path(__file__).parent.parent
PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
NAMES = sorted(bp.PLAYTHROUGH_SEEDS)  # the games of 1802 and Brouc
SIMS = 1000


def _game(name: str) -> Any:
    return pyspiel.load_game(name)


def _quiet(state: Any, rng: random.Random) -> int:
    """Mostly random plays, announcements and passes; now and then a game action, so
    that deals are played deep as well as ended early."""
    legal = state.legal_actions()
    base = state.get_game().rules.pass_action
    quiet = [a for a in legal if a <= base]
    action: int = rng.choice(quiet if quiet and rng.random() < 0.97 else legal)
    return action


def _sampled_states(name: str, n_deals: int, seed: int) -> list[Any]:
    return sampled_states(_game(name), n_deals, seed, _quiet, ends=False)


# -- OpenSpiel's checks -------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test(name: str) -> None:
    """OpenSpiel's C++ random simulation test, serialisation included, 1,000 games."""
    pyspiel.random_sim_test(_game(name), num_sims=SIMS, serialize=True, verbose=False)


@pytest.mark.parametrize("game_string", [
    "python_brouc(undertrump_when_void=True,announce_window=after-won-trick,table_factor=2,score0=290,score1=100)",
    "python_homme_de_brou_1802(following=brouc,packets=233,partie_et_vole_190=precondition,concession=any,score0=300)",
    "python_homme_de_brou_1802(utility=points,score0=-50,score1=290)",
    "python_brouc(utility=marks,carried0=40,escape_commitment=True)",
    # the readings of AMB-28, 34 to 39 and 41 (the round after the last card lengthens an episode)
    "python_homme_de_brou_1802(after_last_trick=one-round-in-seat-order,concession_before_trick_5=True,score0=280,"
    "declared_vole_short_of_target=vole-only,partie_et_vole_window=partner-too,partie_et_vole_190=precondition,"
    "partie_et_vole_190_counts=with-card-points,table_marking=players,unmarked_table_marriage=counted-anyway)",
    "python_brouc(after_last_trick=one-round-in-seat-order,carried_towards_dehors=carried-not-counted,carried1=60,"
    "written_at_game_end=slate-as-it-stood,score0=290)",
    # AMB-35's third reading: a declared vole short of 301 wins the game (scores low enough to be short)
    "python_homme_de_brou_1802(declared_vole_short_of_target=declaration-made,score0=60,score1=150)",
])
def test_random_sim_test_with_parameters(game_string: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(game_string), num_sims=100, serialize=True, verbose=False)


def _check_serialisation(game: Any, state: Any) -> None:
    new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(new_game) == str(game)
    assert str(new_state) == str(state)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


def _sim_game(game: Any, rng: np.random.RandomState, choose: Any) -> int:
    """games_sim_test.GamesSimTest.sim_game, for one game; returns the number of actions."""
    total_actions, next_serialize_check = 0, 1
    state = game.new_initial_state()
    while not state.is_terminal():
        total_actions += 1
        if total_actions >= next_serialize_check:
            _check_serialisation(game, state)
            next_serialize_check *= 2
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes
            actions, probs = zip(*outcomes, strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            assert state.is_player_node()
            action = choose(state)
            clone = state.clone()
            assert str(state) == str(clone) and state.history() == clone.history()
            state.apply_action(action)
            clone.apply_action(action)
            assert str(state) == str(clone) and state.history() == clone.history()
    assert total_actions <= game.max_game_length()
    assert state.legal_actions() == []
    for player in range(game.num_players()):
        assert state.legal_actions(player) == []
    returns = state.returns()
    for player in range(game.num_players()):
        assert state.player_return(player) == returns[player]
        assert game.min_utility() <= returns[player] <= game.max_utility()
    return total_actions


@pytest.mark.parametrize("name", NAMES)
def test_games_sim_test_checks(name: str) -> None:
    """games_sim_test's checks over 1,000 uniformly random games and 200 deep ones."""
    game = _game(name)
    assert game.min_utility() < game.max_utility()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert pickle.loads(pickle.dumps(game.get_type())) == game.get_type()
    rng = np.random.RandomState(2026)
    for _ in range(SIMS):
        _sim_game(game, rng, lambda s: int(rng.choice(s.legal_actions(s.current_player()))))
    deep = random.Random(7)
    lengths = [_sim_game(game, rng, lambda s: _quiet(s, deep)) for _ in range(200)]
    assert max(lengths) >= 64  # some deals played to the end: 32 chance nodes and 32 cards


# -- the game's definition --------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(bo.GAMES))
def test_one_game_for_the_five(name: str) -> None:
    """Each registered name is `BrouGame` of its ruleset with `BrouState` states; a game made
    directly is the registered one (type, string, pickle) and passes OpenSpiel's API test."""
    game = _game(name)
    assert isinstance(game, bo.BrouGame) and isinstance(game.new_initial_state(), bo.BrouState)
    made = bo.BrouGame(bo.GAMES[name], {})
    assert str(made) == str(game) and made.get_type() == game.get_type()
    assert str(pickle.loads(pickle.dumps(made))) == str(game)
    pyspiel.random_sim_test(made, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_parameters_are_the_rulesets(name: str) -> None:
    game = _game(name)
    rules = Rules.load(bo.GAMES[name])
    params = game.get_parameters()
    for param, spec in rules.data["parameters"].items():
        assert params[param] == bo.to_spiel(spec["default"])
    assert params["score0"] == params["score1"] == bo.DEFAULT_SCORE
    assert params["utility"] == "marks-and-points"
    assert game.num_players() == 4
    assert game.num_distinct_actions() == rules.pass_action + 7 == 47
    assert game.max_chance_outcomes() == 32
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_a_parameter_reaches_the_rules() -> None:
    game = pyspiel.load_game("python_homme_de_brou_1802(following=brouc,packets=233,undertrump_when_void=True)")
    assert game.rules.following == "brouc" and game.rules.packets == (2, 3, 3) and game.rules.undertrump_when_void
    assert pyspiel.load_game("python_brouc(score0=250,score1=-20,carried1=30)").context == GameContext((250, -20), (0, 30))


@pytest.mark.parametrize(("game_string", "message"), [
    ("python_homme_de_brou_1802(packets=334)", "python_homme_de_brou_1802: parameter packets=334 is not one of 332, 233, 323"),
    ("python_brouc(rounding=nearest)", "parameter rounding='nearest' is not one of"),
    ("python_brouc(score0=5000)", "parameter score0=5000 must be a whole number from -1000 to 1000"),
    ("python_brouc(utility=wins)", "parameter utility='wins' is not one of marks-and-points, marks, points"),
    ("python_homme_de_brou_1802(after_last_trick=never)", "parameter after_last_trick='never' is not one of"),
    ("python_brouc(following=brouc)", "Unknown parameter 'following'"),
    ("python_brouc(card_reuse=sometimes)", "Wrong type for parameter card_reuse"),
])
def test_bad_parameters(game_string: str, message: str) -> None:
    with pytest.raises(Exception, match=None) as caught:
        pyspiel.load_game(game_string)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value).strip()


@pytest.mark.parametrize(("game_string", "message"), [
    ("python_brusquembille(form=six)", "parameter form='six' is not one of three, two, four, four-partners, five"),
    ("python_brusquembille(utility=marks)", "parameter utility='marks' is not one of stakes, card-points"),
    ("python_homme_d_auvergne(form=six)", "parameter form='six' is not one of four, two, three, five"),
    ("python_homme_d_auvergne(turner=homme)", "parameter turner='homme' is not one of any-in-turn, dealer"),
    ("python_hombre(equal_rank=same)", "parameter equal_rank='same' is not one of higher-rank, other-contract"),
    ("python_hombre(talon_rest=open)", "parameter talon_rest='open' is not one of hidden, shown"),
])
def test_bad_parameters_of_the_phase_games(game_string: str, message: str) -> None:
    """A value the ruleset does not have: a one-line ParameterValueError naming it."""
    with pytest.raises(bo.ParameterValueError) as caught:
        pyspiel.load_game(game_string)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_action_ids_and_texts() -> None:
    game = _game("python_brouc")
    state = game.new_initial_state()
    rules = game.rules
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, rules.card("TH")) == "deal TH"
    names = [state.action_to_string(0, a) for a in range(game.num_distinct_actions())]
    assert names[:3] == ["AS", "TS", "KS"] and names[31] == "7C"
    assert names[32:40] == [action_text(rules, a) for a in range(32, 40)] and names[32] == "announce KQS"
    assert names[40:] == ["pass", "claim", "declare", "declare-double", "concede", "accept", "refuse"]


@pytest.mark.parametrize("name", NAMES)
def test_chance_nodes_deal_the_pack(name: str) -> None:
    """32 chance nodes, each uniform over the cards left; the turn-up is the dealer's last card."""
    game = _game(name)
    state = game.new_initial_state()
    rng = random.Random(1)
    pack = []
    for k in range(32):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 32 - k and all(abs(p - 1 / (32 - k)) < 1e-12 for _, p in outcomes)
        card = rng.choice(outcomes)[0]
        pack.append(card)
        state.apply_action(card)
    assert not state.is_chance_node()
    rules = game.rules
    from brou.cards.deal import packet_positions
    seats, _ = packet_positions(rules)
    for seat, positions in enumerate(seats):
        assert state.deal.deal.hands[seat] == sum(1 << pack[p] for p in positions)
    assert state.deal.turnup == pack[seats[rules.dealer][-1]]


# -- returns ------------------------------------------------------------------------------------


def _play_engine(name: str, seed: int) -> tuple[Any, HommeDeal]:
    """A deal through the wrapper, and the same deal and actions straight through the engine."""
    game = _game(name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(_quiet(state, rng))
    engine = HommeDeal(game.rules, Deal(state.deal.deal.hands, state.deal.turnup), game.context)
    for action in state.deal.history:
        engine.apply(action)
    return state, engine


@pytest.mark.parametrize("name", NAMES)
def test_returns_are_the_engines_outcome_per_team(name: str) -> None:
    hows = set()
    for seed in range(150):
        state, engine = _play_engine(name, seed)
        assert engine.is_over and engine.outcome is not None and engine.outcome == state.deal.outcome
        hows.add(engine.outcome.how)
        r = state.returns()
        assert r[0] == r[2] == -r[1] == -r[3]
        game = state.get_game()
        o, before = engine.outcome, game.context.scores
        marks = game.marks_sign * (o.marks[0] - o.marks[1])
        points = (o.scores[0] - before[0]) - (o.scores[1] - before[1])
        assert r[0] == pytest.approx(marks + points / game.target)
    assert {"played-out", "claim-wrong"} <= hows


def test_utilities() -> None:
    for utility in ("marks", "points"):
        game = pyspiel.load_game(f"python_homme_de_brou_1802(utility={utility})")
        state = game.new_initial_state()
        rng = random.Random(4)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node() else _quiet(state, rng))
        o = state.deal.outcome
        expected = (o.marks[0] - o.marks[1]) if utility == "marks" else (o.scores[0] - 200) - (o.scores[1] - 200)
        assert state.returns()[0] == expected


# -- what each player sees -------------------------------------------------------------------------


def _views(state: Any, player: int) -> tuple[Any, ...]:
    return (state.information_state_string(player), tuple(state.information_state_tensor(player)),
            state.observation_string(player), tuple(state.observation_tensor(player)))


@pytest.mark.parametrize("name", NAMES)
def test_no_hidden_card_leaks(name: str) -> None:
    """Redeal the cards a player cannot see (consistently with every public action):
    his information state and observation, strings and tensors, do not change."""
    rng = random.Random(11)
    states = _sampled_states(name, 12, seed=5)
    differing = 0
    for state in rng.sample(states, 150):
        for player in range(4):
            world = state.resample(player, rng)
            assert _views(world, player) == _views(state, player)
            assert world.deal.hands[player] == state.deal.hands[player]
            assert world.history()[32:] == state.history()[32:]  # the same public actions
            differing += world.deal.deal.hands != state.deal.deal.hands
    assert differing > 400  # the hidden cards did move


def test_swapping_two_hidden_cards_changes_nothing_for_the_others() -> None:
    """By hand: seats 1 and 2 swap a card before play; seats 0 and 3 see the same."""
    game = _game("python_homme_de_brou_1802")
    from brou.cards.deal import packet_positions
    seats, _ = packet_positions(game.rules)
    pack = list(range(32))
    a, b = seats[1][0], seats[2][0]
    swapped = pack[:]
    swapped[a], swapped[b] = swapped[b], swapped[a]
    one, two = game.new_initial_state(), game.new_initial_state()
    for x, y in zip(pack, swapped, strict=True):
        one.apply_action(x)
        two.apply_action(y)
    for player in (0, 3):
        assert _views(one, player) == _views(two, player)
    for player in (1, 2):
        assert _views(one, player) != _views(two, player)


def test_turnup_visibility() -> None:
    """1802: the turn-up lies face up for everyone; Brouc: the others learn the trump suit only."""
    for name, exposed in (("python_homme_de_brou_1802", True), ("python_brouc", False)):
        state = _sampled_states(name, 1, seed=3)[0]
        card = state.get_game().rules.card_text(state.deal.turnup)
        for player in range(4):
            text = state.information_state_string(player)
            assert ("turn-up " + card in text) == (exposed or player == 3)
            assert f"trump {card[1]}" in text
        assert ("on show " + card in state.observation_string(0)) == exposed


def test_observation_shows_last_trick_and_own_tricks_only() -> None:
    """On his turn to play a player sees the last trick and his team's tricks, never the
    other team's; at any other moment neither (hdb.info.last-trick, hdb.info.own-tricks)."""
    states = [s for s in _sampled_states("python_brouc", 4, seed=9) if len(s.deal.tricks) >= 3 and not s.deal.trick
              and s.deal.phase == "play" and s.deal.to_act >= 0]
    state = states[0]
    seat = state.deal.to_act
    team = seat % 2
    rules = state.get_game().rules
    text = state.observation_string(seat)
    leader, cards, _ = state.deal.tricks[-1]
    assert "last trick " + " ".join(f"{(leader + k) % 4}:{rules.card_text(c)}" for k, c in enumerate(cards)) in text
    assert f"team {team} has " + (" ".join(rules.cards_text(state.deal.won[team])) or "-") in text
    for card in rules.cards_text(state.deal.won[1 - team]):
        if card not in [rules.card_text(c) for c in cards]:
            assert card not in text.split("last trick")[1].split("\n", 1)[1]
    for other in range(4):
        if other != seat:
            assert "last trick" not in state.observation_string(other)
            assert " has " not in state.observation_string(other)


# -- resampling for search ------------------------------------------------------------------------


def test_resample_during_the_deal_and_determinism() -> None:
    game = _game("python_brouc")
    state = game.new_initial_state()
    for card in range(10):
        state.apply_action(card)
    world = state.resample(2, random.Random(1))
    assert world.received[2] == state.received[2] and len(world.history()) == 10
    assert _views(world, 2) == _views(state, 2)
    later = next(s for s in _sampled_states("python_brouc", 5, seed=2) if len(s.deal.tricks) >= 3)
    assert str(later.resample(1, random.Random(5))) == str(later.resample(1, random.Random(5)))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    assert later.resample_from_infostate(1, sampler).information_state_string(1) == later.information_state_string(1)


# -- the golden playthroughs ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough(name: str) -> None:
    """Like OpenSpiel's playthrough_test: replay the recorded actions and compare the text.
    Regenerate with `python -m brou.openspiel --playthrough tests/playthroughs`."""
    text = (PLAYTHROUGHS / f"{name}.txt").read_text(encoding="utf-8")
    game_string, actions = bp.playthrough_actions(text)
    assert game_string == name
    assert actions == bp.golden_actions(name, bp.PLAYTHROUGH_SEEDS[name])
    assert bp.playthrough(game_string, actions) == text


# -- the example -----------------------------------------------------------------------------------


def test_ismcts_example_runs() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "ismcts_vs_random.py"), "--deals", "2",
                           "--simulations", "5", "--game", "python_homme_de_brou_1802"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "ISMCTS" in done.stdout and "random" in done.stdout and "mean return" in done.stdout


def test_factored_observations() -> None:
    """The public and private halves of the observation, and the all-hands view."""
    from open_spiel.python.observation import make_observation

    state = next(s for s in _sampled_states("python_homme_de_brou_1802", 3, seed=4) if len(s.deal.tricks) >= 2)
    game = state.get_game()
    kinds = {
        "public": pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
        "private": pyspiel.IIGObservationType(public_info=False, perfect_recall=False,
                                              private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER),
        "all": pyspiel.IIGObservationType(public_info=True, perfect_recall=False,
                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
    }
    views = {name: make_observation(game, kind) for name, kind in kinds.items()}
    hand = " ".join(game.rules.cards_text(state.deal.hands[1]))
    public = views["public"].string_from(state, 1)
    assert hand not in public and "trick" in public
    assert views["private"].string_from(state, 1) == f"seat 1\nhand {hand}"
    assert all(" ".join(game.rules.cards_text(h)) in views["all"].string_from(state, 0) for h in state.deal.hands if h)
    views["public"].set_from(state, 1)
    assert "hand" not in views["public"].dict and views["public"].dict["trump"].sum() == 1
    views["private"].set_from(state, 1)
    assert views["private"].dict["hand"].sum() == bin(state.deal.hands[1]).count("1")

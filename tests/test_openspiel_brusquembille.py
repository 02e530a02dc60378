"""The OpenSpiel game python_brusquembille (brou.openspiel.brusquembille): OpenSpiel's own
checks for every form, returns against the engine's ledger, the utility bounds, parameters,
and what each player sees (the observation is a function of brou.engine.view.view; hidden
cards moved around change neither the observation nor the information state)."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_checks import check_clone_serialise_pickle, check_resample, ismcts_deal, sampled_states  # noqa: E402

import brou.openspiel as ob  # noqa: E402  (registers python_brusquembille)
from brou.cards.deal import shuffled_pack  # noqa: E402
from brou.engine.phases import PhaseDeal  # noqa: E402
from brou.engine.view import view  # noqa: E402
from brou.errors import IllegalAction  # noqa: E402
from brou.laws.ledger import BANK, account_balance, balances  # noqa: E402
from brou.laws.talon import talon_deal_from_seed  # noqa: E402
from brou.openspiel.rulesets import RULESETS  # noqa: E402
from brou.spec.rules import Rules  # noqa: E402

FORMS = ["three", "two", "four", "four-partners", "five"]
NAME = "python_brusquembille"


def _game(params: str = "") -> Any:
    return pyspiel.load_game(f"{NAME}({params})" if params else NAME)


def _play(game: Any, rng: random.Random, stop: int | None = None) -> Any:
    """A uniformly random deal (chance and players), stopped after `stop` actions if given."""
    state = game.new_initial_state()
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# -- OpenSpiel's checks -------------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
def test_random_sim_test(form: str) -> None:
    """OpenSpiel's C++ API test, serialisation included, for each form."""
    pyspiel.random_sim_test(_game(f"form={form}"), num_sims=60, serialize=True, verbose=False)


@pytest.mark.parametrize("params", [
    "ten_rank=after-jack,deal_packets=all-at-once,sevens_removed=red",
    "form=five,following_after_talon=follow-suit",
    "form=four,odd_jetons=bank",
    "scoring=points",
    "form=four-partners,utility=card-points",
])
def test_random_sim_test_with_parameters(params: str) -> None:
    pyspiel.random_sim_test(_game(params), num_sims=20, serialize=True, verbose=False)


@pytest.mark.parametrize("form", FORMS)
def test_clone_serialise_pickle(form: str) -> None:
    """games_sim_test's checks (openspiel_checks.check_clone_serialise_pickle); every deal is
    every card dealt, then every card played."""
    game = _game(f"form={form}")
    for state in check_clone_serialise_pickle(game, random.Random(5), 5):
        assert len(state.history()) == game.max_game_length()


# -- the game's definition --------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
def test_players_and_pack_from_the_form(form: str) -> None:
    game = _game(f"form={form}")
    rules = Rules.load("brusquembille-1718", form=form)
    assert game.num_players() == rules.n_players
    assert game.max_game_length() == 2 * rules.n_cards
    state = game.new_initial_state()
    assert sorted(a for a, _ in state.chance_outcomes()) == sorted(rules.pack_cards)


def test_parameters() -> None:
    params = _game().get_parameters()
    spec = Rules.load("brusquembille-1718").data["parameters"]
    for name in RULESETS["brusquembille-1718"].parameters or ():
        assert params[name] == spec[name]["default"]
    assert params["utility"] == "stakes"
    assert "rounds" not in params  # a session's parameter, not a deal's
    game = _game("ten_rank=after-jack,sevens_removed=red")
    assert game.rules.params["ten_rank"] == "after-jack"
    assert not game.rules.pack >> game.rules.card("7H") & 1 and game.rules.pack >> game.rules.card("7S") & 1


# -- returns ------------------------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
def test_same_ledger_as_the_phase_engine(form: str) -> None:
    """The deal seed s gives (brou.laws.talon.talon_deal_from_seed), dealt through the chance nodes
    card by card in pack order, is the engine's deal; the same cards played reach the same
    ledger, and the returns are each seat's net jetons over it."""
    game = _game(f"form={form}")
    rules = game.rules
    rng = random.Random(11)
    for seed in range(20):
        state = game.new_initial_state()
        for card in shuffled_pack(rules, seed):
            state.apply_action(card)
        engine = PhaseDeal(rules, talon_deal_from_seed(rules, seed))
        assert state.deal.deal == engine.deal
        while not state.is_terminal():
            card = rng.choice(state.legal_actions())
            assert sorted(engine.legal_actions()) == state.legal_actions()
            state.apply_action(card)
            engine.apply(card)
        assert engine.is_over
        assert state.deal.ledger == engine.ledger
        assert state.returns() == [float(j) for j in balances(engine.ledger, rules.n_players)]


@pytest.mark.parametrize("params", [f"form={f}" for f in FORMS] + ["scoring=points", "form=five,utility=card-points"])
def test_returns_sum_to_zero_within_the_bounds(params: str) -> None:
    game = _game(params)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    rng = random.Random(3)
    seen = set()
    for _ in range(300):
        state = _play(game, rng)
        returns = state.returns()
        assert sum(returns) == 0
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        seen.update(returns)
    assert len(seen) >= 3 and min(seen) < 0 < max(seen)  # two and two pairs: -20, 0 (a tie), 20


def test_card_points_returns() -> None:
    """utility=card-points (and stakes under scoring=points): each seat's side card points less
    an equal share of the pack's 120; partners get their side's."""
    rng = random.Random(8)
    for params, share in [("scoring=points", 40), ("form=four-partners,utility=card-points", 60)]:
        game = _game(params)
        for _ in range(20):
            state = _play(game, rng)
            points = state.deal.side_points()
            want = [points[game.rules.team_of[s]] - share for s in range(game.num_players())]
            assert state.returns() == want
            assert sum(points) == 120


def test_the_bounds_from_the_rules() -> None:
    """Worked by hand: three players put 20 each in the pool (a sole winner nets 40), and the
    eight brusquembilles (12 jetons) move at most 12 + (3 - 2) x 12 to or from one seat, each
    playing ten cards; five players play six cards, so 12 + 3 x (4 x 2 + 2 x 1); two players
    and two pairs pay none, and a pair shares the pool."""
    bounds = {form: (_game(f"form={form}").min_utility(), _game(f"form={form}").max_utility()) for form in FORMS}
    assert bounds["three"] == (-20 - 24, 40 + 24)
    assert bounds["five"] == (-20 - 42, 80 + 42)
    assert bounds["four"] == (-20 - 36, 60 + 36)
    assert bounds["two"] == (-20, 20)
    assert bounds["four-partners"] == (-20, 20)
    assert (_game("scoring=points").min_utility(), _game("scoring=points").max_utility()) == (-40, 80)


def test_bounds_hold_for_extreme_play() -> None:
    """Seat 0 wins what it can and the others throw their brusquembilles away: returns stay
    within the bounds, and come near the top one."""
    game = _game()
    rules = game.rules
    rng = random.Random(4)
    best = game.min_utility()
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            seat = state.current_player()
            if seat == 0:  # the strongest card: trumps first, then by rank
                card = min(legal, key=lambda c: (rules.suit_of[c] != state.deal.trump, c % 8))
            else:  # a brusquembille if it cannot win, else the weakest
                card = max(legal, key=lambda c: (rules.jetons[c], -(c % 8)))
            state.apply_action(card)
        assert game.min_utility() <= min(state.returns()) and max(state.returns()) <= game.max_utility()
        best = max(best, state.returns()[0])
    assert best >= 50  # of the bound 64


def test_bank_makes_it_general_sum() -> None:
    """odd_jetons=bank with four or five each for himself: a pool shared three ways leaves odd
    jetons to the bank, so the game is GENERAL_SUM and returns plus the bank sum to zero."""
    assert _game("form=three,odd_jetons=bank").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert _game("form=four-partners,odd_jetons=bank").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    for form in ("four", "five"):
        game = _game(f"form={form},odd_jetons=bank")
        assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
        rng = random.Random(2)
        for _ in range(50):
            state = _play(game, rng)
            assert sum(state.returns()) + account_balance(state.deal.ledger, BANK) == 0
    # a three-way tie at five players: 100 jetons shared by three, one to the bank
    rules = Rules.load("brusquembille-1718", form="five", odd_jetons="bank")
    from brou.laws.results import pool_shares

    entries = pool_shares(rules, [40, 40, 40, 0, 0], 100, 6)
    assert sum(e.jetons for e in entries if e.taker == BANK) == 1


# -- what each player sees ----------------------------------------------------------------


def _states(params: str, deals: int, seed: int) -> list[Any]:
    return sampled_states(_game(params), deals, seed)


@pytest.mark.clause("brus.info.own-hand", "brus.info.partners", "brus.info.turned", "brus.info.trick-open")
@pytest.mark.parametrize("form", FORMS)
def test_the_same_view_gives_the_same_observation(form: str) -> None:
    """States grouped by (player, view), the seeded states and the worlds behind them with the
    hidden cards moved (`_hidden_world`, which the view does not tell apart): each group has
    one observation, tensor and string; and the hand pieces are the view's hand (and partner's)."""
    rng = random.Random(21)
    states = _states(f"form={form}", deals=8, seed=13)
    game = states[0].get_game()
    rules = game.rules
    observer = ob.BrouObserver(game, pyspiel.IIGObservationType(perfect_recall=False), None)
    seen: dict[tuple[int, str], tuple[bytes, str]] = {}
    shared = 0
    for state in rng.sample(states, 50):
        for player in range(game.num_players()):
            worlds = [state] + [w for w in (_hidden_world(state, player, rng) for _ in range(2)) if w is not None]
            for world in worlds:
                v = view(world.deal, player)
                obs = (np.asarray(world.observation_tensor(player), dtype=np.float32).tobytes(),
                       world.observation_string(player))
                key = (player, json.dumps(v, sort_keys=True))
                if key in seen:
                    shared += 1
                    assert seen[key] == obs
                seen[key] = obs
                observer.set_from(world, player)
                assert observer.dict["hands"][0].nonzero()[0].tolist() == sorted(rules.card(c) for c in v["hand"])
                if rules.partners_see_hands:
                    assert observer.dict["hands"][1].nonzero()[0].tolist() == sorted(
                        rules.card(c) for c in v["partner_hand"])
    assert shared > 100  # players cannot tell the worlds apart


def _hidden_world(state: Any, player: int, rng: random.Random) -> Any | None:
    """The same deal with every card the player has not seen shuffled among the places he did
    not see (other hands, the stock), the same cards played; None if a play became illegal."""
    game = state.get_game()
    rules = game.rules
    deal = state.deal
    seen = 1 << deal.deal.turnup
    mates = [s for s in rules.teams[rules.team_of[player]]] if rules.partners_see_hands else [player]
    for seat in mates:
        seen |= deal.deal.hands[seat]
        seen |= sum(1 << e.card for e in deal.events if e.seat == seat)
    plays = [c for _, cards, _ in deal.tricks for c in cards] + list(deal.trick)
    seen |= sum(1 << c for c in plays)
    hidden = [c for c in rules.pack_cards if not seen >> c & 1]
    moved = hidden[:]
    rng.shuffle(moved)
    to = dict(zip(hidden, moved, strict=True))
    world = game.new_initial_state()
    for card in state.dealt:
        world.apply_action(to.get(card, card))
    try:
        for card in plays:
            world.apply_action(card)
    except IllegalAction:  # a play the moved cards make illegal (under follow-suit)
        return None
    return world


@pytest.mark.clause("brus.info.own-hand", "brus.info.partners", "brus.info.turned")
@pytest.mark.parametrize("params", [f"form={f}" for f in FORMS] + ["following_after_talon=follow-suit"])
def test_hidden_cards_do_not_show(params: str) -> None:
    """Moving the cards a player has not seen (others' hands, the stock) changes neither his
    observation nor his information state, strings and tensors; the worlds do differ."""
    rng = random.Random(19)
    states = [s for s in _states(params, deals=6, seed=7)]
    game = states[0].get_game()
    differ = 0
    for state in rng.sample(states, 40):
        for player in range(game.num_players()):
            world = _hidden_world(state, player, rng)
            if world is None:
                continue
            differ += str(world) != str(state)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
    assert differ > 20


def test_information_state_has_own_draws_and_partners() -> None:
    """The information state keeps the cards dealt and drawn (his and, in two pairs, his
    partner's), which the observation does not; the turned card shows who drew it."""
    for form in ("three", "four-partners"):
        game = _game(f"form={form}")
        rules = game.rules
        state = _play(game, random.Random(6), stop=rules.n_cards + rules.talon_size + rules.n_players)
        deal = state.deal
        assert not deal.is_over and not deal.stock
        text = state.information_state_string(1)
        obs = state.observation_string(1)
        mine = [f"{e.trick}:{rules.card_text(e.card)}" for e in deal.events if e.seat == 1]
        assert "\ndrew " + " ".join(mine) in text and "drew" not in obs.replace("drawn by", "")
        assert "dealt " + " ".join(rules.cards_text(deal.deal.hands[1])) in text
        drawer = next(e.seat for e in deal.events if e.card == deal.deal.turnup)
        assert f"drawn by {drawer}" in obs
        assert ("partner drew" in text) == (form == "four-partners")
        assert ("partner hand" in obs) == (form == "four-partners")


def test_public_and_private_observers_split_the_observation() -> None:
    """The public observation has no cards of any hand, the private one only the player's."""
    game = _game("form=four-partners")
    state = _play(game, random.Random(9), stop=80)
    public = ob.BrouObserver(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE), None)
    private = ob.BrouObserver(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER), None)
    everyone = ob.BrouObserver(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS), None)
    assert "hands" not in public.dict and "trick" in public.dict
    assert set(private.dict) == {"seat", "hands"}
    for player in range(4):
        public.set_from(state, player)
        private.set_from(state, player)
        everyone.set_from(state, player)
        hands = [game.rules.mask(view(state.deal, player)["hand"]),
                 game.rules.mask(view(state.deal, player)["partner_hand"])]
        assert [sum(1 << int(c) for c in row.nonzero()[0]) for row in private.dict["hands"]] == hands
        assert [sum(1 << int(c) for c in row.nonzero()[0]) for row in everyone.dict["hands"]] == state.deal.hands
        assert "hand" not in public.string_from(state, player)


@pytest.mark.parametrize("params", ["form=three", "form=four-partners", "form=five,following_after_talon=follow-suit"])
def test_resample_keeps_what_the_player_saw(params: str) -> None:
    """`resample` (and resample_from_infostate) gives a state the player cannot tell from this
    one, with the same history of plays, and the hidden cards do move."""
    rng = random.Random(31)
    states = [s for s in _states(params, deals=4, seed=3) if not s.is_terminal()]
    check_resample(states, rng, 30)


def test_ismcts_plays_a_deal() -> None:
    """OpenSpiel's ISMCTSBot plays seat 0 of a deal through resample_from_infostate."""
    game = _game()
    state = ismcts_deal(game)
    assert sum(state.returns()) == 0

"""The OpenSpiel game python_homme_d_auvergne (brou.openspiel.homme_d_auvergne): OpenSpiel's
own checks for every form, returns against the engine's ledger, the utility bounds,
parameters, and what each player sees (hidden cards moved around, the kings among them,
change neither the observation nor the information state)."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_checks import check_clone_serialise_pickle, check_resample, ismcts_deal, same_for, sampled_states  # noqa: E402

import brou.openspiel as oh  # noqa: E402  (registers python_homme_d_auvergne)
from brou.cards.deal import shuffled_pack  # noqa: E402
from brou.engine.phases import SHOWING, PhaseDeal  # noqa: E402
from brou.engine.view import view  # noqa: E402
from brou.errors import IllegalAction  # noqa: E402
from brou.laws.kings import king_of  # noqa: E402
from brou.laws.ledger import balances  # noqa: E402
from brou.laws.speech import WORDS  # noqa: E402
from brou.laws.talon import talon_deal_from_seed  # noqa: E402
from brou.openspiel.observation import shown_kings  # noqa: E402
from brou.openspiel.rulesets import RULESETS  # noqa: E402
from brou.spec.rules import Rules  # noqa: E402

FORMS = ["two", "three", "four", "five"]
NAME = "python_homme_d_auvergne"
VARIANTS = [
    "turner=dealer,king_showing=automatic",
    "form=five,king_scoring=trump-and-others,taken_king=owner-pays",
    "form=three,king_scoring=trump-only,loser_pays=the-winner",
    "pack_with_four=twenty-eight,packets=two-three",
]


def _game(params: str = "") -> Any:
    return pyspiel.load_game(f"{NAME}({params})" if params else NAME)


def _play(game: Any, rng: random.Random) -> Any:
    """A uniformly random deal (chance and players)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# -- OpenSpiel's checks -------------------------------------------------------------------


@pytest.mark.parametrize("params", [f"form={f}" for f in FORMS] + VARIANTS)
def test_random_sim_test(params: str) -> None:
    """OpenSpiel's C++ API test, serialisation included, for each form and some variants."""
    pyspiel.random_sim_test(_game(params), num_sims=15, serialize=True, verbose=False)


@pytest.mark.parametrize("form", FORMS)
def test_clone_serialise_pickle(form: str) -> None:
    """games_sim_test's checks (openspiel_checks.check_clone_serialise_pickle)."""
    check_clone_serialise_pickle(_game(f"form={form}"), random.Random(5), 4)


# -- the game's definition --------------------------------------------------------------


@pytest.mark.parametrize("form", FORMS)
def test_players_pack_and_actions_from_the_form(form: str) -> None:
    game = _game(f"form={form}")
    rules = Rules.load("homme-d-auvergne", form=form)
    assert game.num_players() == rules.n_players
    assert game.num_distinct_actions() == rules.n_indices + len(WORDS)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = game.new_initial_state()
    assert sorted(a for a, _ in state.chance_outcomes()) == sorted(rules.pack_cards)
    assert len(rules.pack_cards) == (28 if form in ("two", "three") else 32)


def test_parameters() -> None:
    params = _game().get_parameters()
    spec = Rules.load("homme-d-auvergne").data["parameters"]
    for name in RULESETS["homme-d-auvergne"].parameters or ():
        assert params[name] == spec[name]["default"]
    assert "target" not in params and "debts" not in params  # the session's, not a deal's
    game = _game("turner=dealer,king_scoring=trump-only")
    assert game.rules.params["turner"] == "dealer" and game.rules.params["king_scoring"] == "trump-only"


# -- returns ------------------------------------------------------------------------------


@pytest.mark.parametrize("params", [f"form={f}" for f in FORMS] + VARIANTS[:3])
def test_same_ledger_as_the_phase_engine(params: str) -> None:
    """The deal seed s gives (brou.laws.talon.talon_deal_from_seed), dealt through the chance nodes
    card by card in pack order, is the engine's deal; the same actions reach the same ledger,
    and the returns are each seat's net marks over it (PhaseDeal.seat_results()'s jetons)."""
    game = _game(params)
    rules = game.rules
    rng = random.Random(11)
    for seed in range(25):
        state = game.new_initial_state()
        for card in shuffled_pack(rules, seed):
            state.apply_action(card)
        engine = PhaseDeal(rules, talon_deal_from_seed(rules, seed))
        assert state.deal.deal == engine.deal
        while not state.is_terminal():
            assert sorted(engine.legal_actions()) == state.legal_actions()
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            engine.apply(action)
        assert engine.is_over
        assert state.deal.ledger == engine.ledger
        assert state.returns() == [float(j) for j in balances(engine.ledger, rules.n_players)]
        assert state.returns() == [float(r.jetons) for r in engine.seat_results()]


@pytest.mark.parametrize("params", [f"form={f}" for f in FORMS] + VARIANTS)
def test_returns_within_the_bounds_and_not_zero_sum(params: str) -> None:
    game = _game(params)
    rng = random.Random(3)
    sums, seen = set(), set()
    for _ in range(150):
        returns = _play(game, rng).returns()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        sums.add(sum(returns))
        seen.update(returns)
    assert len(sums) > 1  # general-sum: a lost homme gives every opponent a mark
    assert min(seen) == -1


def test_the_bounds_from_the_rules() -> None:
    """Worked by hand: a homme lost costs one mark and nothing else takes one away for good (a
    taken king only takes back the mark it scored); a seat gains at most the four kings (one
    under trump-only) and the count's mark."""
    assert (_game().min_utility(), _game().max_utility()) == (-1, 5)
    assert (_game("form=two,king_scoring=trump-and-others").max_utility()) == 5
    assert (_game("king_scoring=trump-only").min_utility(), _game("king_scoring=trump-only").max_utility()) == (-1, 2)


def test_the_top_bound_is_reached() -> None:
    """Under trump-and-others: seat 0 holds the four kings and the ace of spades, the queen of
    spades is turned and the other spades lie in the talon; he turns it, shows his kings (four
    marks), plays and takes every trick (the fifth)."""
    game = _game("king_scoring=trump-and-others")
    rules = game.rules
    hands = [["KS", "KH", "KD", "KC", "AS"], ["QH", "JH", "AH", "TH", "9H"], ["QD", "JD", "AD", "TD", "9D"],
             ["QC", "JC", "AC", "TC", "9C"]]
    talon = ["QS", "JS", "TS", "9S", "8S", "7S", "8H", "7H", "8D", "7D", "8C", "7C"]
    pack = [-1] * rules.n_cards
    for seat, cards in enumerate(hands):
        for position, card in zip([p for p, s in enumerate(game.receiver) if s == seat], cards, strict=True):
            pack[position] = rules.card(card)
    for position, card in zip([p for p, s in enumerate(game.receiver) if s < 0], talon, strict=True):
        pack[position] = rules.card(card)
    state = game.new_initial_state()
    for action in pack:
        state.apply_action(action)
    for word in ("turn", "show", "play"):
        state.apply_action(rules.n_indices + WORDS.index(word))
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])  # seat 0 leads; the others follow as they must
    assert state.deal.homme == 0 and [w for _, _, w in state.deal.tricks] == [0] * 5
    assert state.returns() == [5.0, 0.0, 0.0, 0.0]


# -- what each player sees ----------------------------------------------------------------


def _states(params: str, deals: int, seed: int) -> list[Any]:
    return sampled_states(_game(params), deals, seed)


def _seen(state: Any, player: int) -> int:
    """The cards `player` has seen: his own as dealt, the cards turned, the kings shown or
    scored in the speech, every card played."""
    deal = state.deal
    seen = deal.deal.hands[player] | sum(1 << c for _, c in deal.turned)
    seen |= sum(1 << c for _, c in shown_kings(deal))
    seen |= sum(1 << c for _, cards, _ in deal.tricks for c in cards) | sum(1 << c for c in deal.trick)
    return int(seen)


def _world(state: Any, moved: dict[int, int]) -> Any | None:
    """The same deal with the cards moved as `moved` says, the same actions taken; None if an
    action became illegal or the public record changed (who acted and is to act, the marks)."""
    game = state.get_game()
    world = game.new_initial_state()
    n = game.rules.n_cards
    for card in state.history()[:n]:
        world.apply_action(moved.get(card, card))
    actors = []
    try:
        for action in state.history()[n:]:
            actors.append(world.current_player())
            world.apply_action(action)
    except (IllegalAction, pyspiel.SpielError):
        return None
    actors.append(world.current_player())  # whose turn it is now is public too (the documented leak)
    if actors != [h.player for h in state.full_history()[n:]] + [state.current_player()] \
            or world.deal.ledger != state.deal.ledger:
        return None
    return world


def _hidden_world(state: Any, player: int, rng: random.Random) -> Any | None:
    """The same deal with every card the player has not seen shuffled among the places he did
    not see (the other hands, the talon's unturned cards)."""
    seen = _seen(state, player)
    hidden = [c for c in state.get_game().rules.pack_cards if not seen >> c & 1]
    moved = hidden[:]
    rng.shuffle(moved)
    return _world(state, dict(zip(hidden, moved, strict=True)))


@pytest.mark.clause("auv.info.own-hand", "auv.info.turned")
@pytest.mark.parametrize("params", [f"form={f}" for f in FORMS] + VARIANTS[:3])
def test_hidden_cards_do_not_show(params: str) -> None:
    """Moving the cards a player has not seen (others' hands, the talon below the cards
    turned) changes neither his observation nor his information state, strings and tensors;
    the worlds do differ."""
    rng = random.Random(19)
    states = _states(params, deals=8, seed=7)
    game = states[0].get_game()
    differ = 0
    for state in rng.sample(states, 40):
        for player in range(game.num_players()):
            world = _hidden_world(state, player, rng)
            if world is None:
                continue
            differ += str(world) != str(state)
            same_for(world, state, player)
    assert differ > 30


@pytest.mark.clause("auv.info.own-hand", "auv.info.turned")
@pytest.mark.parametrize("params", [f"form={f}" for f in FORMS] + VARIANTS[:3])
def test_the_same_view_gives_the_same_observation(params: str) -> None:
    """States grouped by (player, brou.engine.view.view), the seeded states and the worlds
    behind them with the hidden cards moved: each group has one observation, tensor and
    string, so the observation says nothing the view does not."""
    rng = random.Random(21)
    states = _states(params, deals=8, seed=13)
    game = states[0].get_game()
    seen: dict[tuple[int, str], tuple[bytes, str]] = {}
    shared = 0
    for state in rng.sample(states, 40):
        for player in range(game.num_players()):
            worlds = [state] + [w for w in (_hidden_world(state, player, rng) for _ in range(2)) if w is not None]
            for world in worlds:
                obs = (np.asarray(world.observation_tensor(player), dtype=np.float32).tobytes(),
                       world.observation_string(player))
                key = (player, json.dumps(view(world.deal, player), sort_keys=True))
                if key in seen:
                    shared += 1
                    assert seen[key] == obs
                seen[key] = obs
    assert shared > 40


@pytest.mark.clause("auv.king.show", "auv.info.turned")
@pytest.mark.parametrize("form", ["three", "five"])
def test_who_holds_a_king_does_not_show(form: str) -> None:
    """In the speech, a king of the turned suit not shown, swapped with another card the
    player has not seen (in another hand or the talon), changes nothing he sees, unless the
    public record changes (its holder asked to show after a `play`: the documented leak)."""
    rng = random.Random(23)
    states = [s for s in _states(f"form={form}", deals=40, seed=29) if s.deal.turned and s.deal.homme is None]
    game = states[0].get_game()
    rules = game.rules
    swapped = 0
    for state in states:
        king = king_of(rules, rules.suit_of[state.deal.turned[-1][1]])
        for player in range(game.num_players()):
            seen = _seen(state, player)
            if seen >> king & 1:
                continue
            others = [c for c in rules.pack_cards if c != king and not seen >> c & 1]
            other = rng.choice(others)
            world = _world(state, {king: other, other: king})
            if world is None:
                continue
            swapped += world.deal.hands != state.deal.hands
            same_for(world, state, player)
    assert swapped > 30


def test_the_showing_turn_tells_who_holds_the_king() -> None:
    """The documented leak: after a `play`, the player asked to show or pass holds the king of
    the turned suit, whatever he answers."""
    states = [s for s in _states("form=five", deals=150, seed=2) if not s.is_terminal() and s.deal.phase == SHOWING]
    assert states
    for state in states:
        deal = state.deal
        king = king_of(deal.rules, deal.rules.suit_of[deal.turned[-1][1]])
        assert deal.hands[deal.to_act] >> king & 1 and deal.to_act > deal.homme


def test_strings_show_own_hand_and_the_public_record() -> None:
    """The information state has the hand as dealt and every trick's cards; the observation the
    hand now and the trick winners; neither has another seat's hand."""
    game = _game()
    rules = game.rules
    rng = random.Random(6)
    state = next(s for s in (_play(game, rng) for _ in range(20)) if s.deal.tricks)
    for player in range(game.num_players()):
        text = state.information_state_string(player)
        obs = state.observation_string(player)
        assert "dealt " + " ".join(rules.cards_text(state.deal.deal.hands[player])) in text
        assert "tricks " in text and "won by " in obs and "dealt" not in obs
        assert f"homme {state.deal.homme}" in obs and "marks " in obs
        for seat in range(game.num_players()):
            if seat != player:
                hand = " ".join(rules.cards_text(state.deal.deal.hands[seat]))
                assert hand not in text


def test_public_and_private_observers_split_the_observation() -> None:
    """The public observation has no cards of any hand, the private one only the player's."""
    game = _game()
    rng = random.Random(9)
    states = [s for s in _states("", deals=3, seed=4) if s.deal is not None]
    public = oh.BrouObserver(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE), None)
    private = oh.BrouObserver(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER), None)
    everyone = oh.BrouObserver(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS), None)
    assert "hands" not in public.dict and "trick" in public.dict
    assert set(private.dict) == {"seat", "hands"}
    for state in rng.sample(states, 10):
        texts = set()
        for player in range(4):
            public.set_from(state, player)
            private.set_from(state, player)
            everyone.set_from(state, player)
            assert [sum(1 << int(c) for c in row.nonzero()[0]) for row in private.dict["hands"]] == [
                state.deal.hands[player]]
            assert [sum(1 << int(c) for c in row.nonzero()[0]) for row in everyone.dict["hands"]] == state.deal.hands
            assert "hand" not in public.string_from(state, player)
            texts.add(public.string_from(state, player).split("\n", 1)[1])
            assert np.array_equal(public.dict["marks"], balances(state.deal.ledger, 4))
        assert len(texts) == 1  # the public record is the same for everyone


@pytest.mark.parametrize("params", ["", "form=five", "form=two,king_showing=automatic",
                                    "king_scoring=trump-and-others,turner=dealer"])
def test_resample_keeps_what_the_player_saw(params: str) -> None:
    """`resample` (and resample_from_infostate) gives a state the player cannot tell from this
    one, with the same actions after the deal, and the hidden cards do move."""
    rng = random.Random(31)
    states = [s for s in _states(params, deals=6, seed=3) if not s.is_terminal()]
    check_resample(states, rng, 25)


def test_ismcts_plays_a_deal() -> None:
    """OpenSpiel's ISMCTSBot plays seat 0 of a deal through resample_from_infostate."""
    game = _game()
    state = ismcts_deal(game)
    assert len(state.returns()) == game.num_players()

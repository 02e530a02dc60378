"""The OpenSpiel game python_hombre (brou.openspiel.hombre): OpenSpiel's own checks for the
default and each parameter, serialisation, returns against the engine's ledger, the utility
bounds, a deal all pass, and what each player sees (the cards he has not seen moved around,
another's discards among them, change neither his observation nor his information state; the
open nolo hombre's hand shows)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_checks import check_clone_serialise_pickle, ismcts_deal, same_for, sampled_states  # noqa: E402

import brou.openspiel as oh  # noqa: E402  (registers python_hombre)
from brou.cards.deal import shuffled_pack  # noqa: E402
from brou.engine.hombre import EXCHANGE, HombreDeal  # noqa: E402
from brou.engine.phases import PLAY  # noqa: E402
from brou.errors import IllegalAction  # noqa: E402
from brou.laws.auction import legal_bids, standing, words  # noqa: E402
from brou.laws.ledger import SHEET, balances  # noqa: E402
from brou.laws.talon import talon_deal_from_seed  # noqa: E402
from brou.openspiel.observation import drawn  # noqa: E402
from brou.openspiel.rulesets import RULESETS, max_bids  # noqa: E402
from brou.spec.rules import Rules, cards_of  # noqa: E402

NAME = "python_hombre"
# the default, then each value of each parameter that changes play
VARIANTS = ["", "equal_rank=other-contract", "sans_prendre_trump=any", "talon_rest=shown"]


def _game(params: str = "") -> Any:
    return pyspiel.load_game(f"{NAME}({params})" if params else NAME)


def _word(game: Any, word: str) -> int:
    return int(game.rules.n_indices + words(game.rules).index(word))


def _choose(state: Any, rng: random.Random, passing: float) -> int:
    """A random legal action; in the auction, pass with probability `passing`, else a contract
    drawn uniformly among those the player may name (uniform play would raise every auction
    to open nolo, the highest, and leave the exchange unplayed)."""
    legal = state.legal_actions()
    word = _word(state.get_game(), "pass")
    if word not in legal or len(legal) == 1:
        return int(rng.choice(legal))
    return word if rng.random() < passing else int(rng.choice([a for a in legal if a != word]))


def _play(game: Any, rng: random.Random, passing: float = 0.5) -> Any:
    """A random deal (chance and players, `_choose`)."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(_choose(state, rng, passing))
    return state


def _dealt(game: Any, seed: int) -> Any:
    state = game.new_initial_state()
    for card in shuffled_pack(game.rules, seed):
        state.apply_action(card)
    return state


# -- OpenSpiel's checks -------------------------------------------------------------------


@pytest.mark.parametrize("params", VARIANTS)
def test_random_sim_test(params: str) -> None:
    """OpenSpiel's C++ API test, serialisation included, for the default and each parameter."""
    pyspiel.random_sim_test(_game(params), num_sims=25, serialize=True, verbose=False)


def test_clone_serialise_pickle() -> None:
    """games_sim_test's checks (openspiel_checks.check_clone_serialise_pickle): a pickled or
    cloned state's deal comes back a HombreDeal."""
    ends = check_clone_serialise_pickle(_game("talon_rest=shown"), random.Random(5), 4,
                                        lambda state, rng: _choose(state, rng, 0.2))
    assert all(type(state.deal) is HombreDeal for state in ends)


# -- the game's definition --------------------------------------------------------------


def test_players_pack_and_actions() -> None:
    game = _game()
    rules = Rules.load("hombre")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 40 + len(words(rules)) == 57
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = game.new_initial_state()
    assert sorted(a for a, _ in state.chance_outcomes()) == list(range(40))
    assert sum(1 for r in game.receiver if r < 0) == 13


def test_parameters() -> None:
    params = _game().get_parameters()
    spec = Rules.load("hombre").data["parameters"]
    assert set(params) == set(RULESETS["hombre"].parameters or ())
    for name in RULESETS["hombre"].parameters or ():
        assert params[name] == spec[name]["default"]
    game = _game("equal_rank=other-contract,sans_prendre_trump=any,talon_rest=shown")
    assert game.rules.params["equal_rank"] == "other-contract" and game.rules.params["sans_prendre_trump"] == "any"
    assert game.sight.talon_shown


def test_the_bounds_from_the_contract_table() -> None:
    """Worked by hand from H2's table: the most lost is open nolo's codille (7); the most won is
    open nolo won (6), more than sans prendre in spades with the vole (4 + 1)."""
    for params in VARIANTS:
        assert (_game(params).min_utility(), _game(params).max_utility()) == (-7, 6)


def test_the_bounds_are_reached() -> None:
    """Uniform play raises most auctions to open nolo, and reaches both bounds: its codille
    (-7) and its win (6)."""
    game = _game()
    rng = random.Random(0)
    seen: set[float] = set()
    for _ in range(400):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
        seen.update(state.returns())
    assert min(seen) == game.min_utility() and max(seen) == game.max_utility()


@pytest.mark.clause("hom.auction.order", "hom.auction.priority", "hom.auction.pass-final")
def test_the_longest_auction_fits_the_bound() -> None:
    """Every auction under equal_rank=higher-rank, searched through (`brou.laws.auction.standing`
    decides what comes next; a hand with every card may name any contract): the longest has
    15 words (the first hand equals each rank the second names, 1 to 7, then two passes),
    within `max_bids`, so within max_game_length."""
    rules = Rules.load("hombre")
    every = (1 << 40) - 1
    memo: dict[Any, int] = {}

    def longest(said: list[tuple[int, str | None]]) -> int:
        now = standing(rules, said)
        if now.to_speak is None:
            return 0
        key = (now.to_speak, now.bidder, now.bid, now.passed, frozenset(s for s, _ in said))
        if key not in memo:
            memo[key] = 1 + max([longest([*said, (now.to_speak, None)])]
                                + [longest([*said, (now.to_speak, row.name)]) for row in legal_bids(rules, said, every)])
        return memo[key]

    assert longest([]) == 15 <= max_bids(rules)


# -- returns ------------------------------------------------------------------------------


@pytest.mark.parametrize("params", VARIANTS)
def test_same_ledger_as_the_engine(params: str) -> None:
    """The deal seed s gives (brou.laws.talon.talon_deal_from_seed), dealt through the chance nodes
    card by card in pack order, is the engine's deal; the same actions reach the same ledger,
    and the returns are each seat's net points over it, from and to the score sheet only."""
    game = _game(params)
    rules = game.rules
    rng = random.Random(11)
    played = 0
    for seed in range(30):
        state = _dealt(game, seed)
        engine = HombreDeal(rules, talon_deal_from_seed(rules, seed))
        assert state.deal.deal == engine.deal
        while not state.is_terminal():
            assert sorted(engine.legal_actions()) == state.legal_actions()
            action = _choose(state, rng, 0.5)
            state.apply_action(action)
            engine.apply(action)
        assert engine.is_over and engine.history == state.deal.history
        assert state.deal.ledger == engine.ledger
        assert all(SHEET in (e.giver, e.taker) for e in engine.ledger)
        assert state.returns() == [float(j) for j in balances(engine.ledger, 3)]
        played += engine.hombre is not None
    assert played > 10


@pytest.mark.clause("hom.count.score")
def test_returns_within_the_bounds_only_the_hombre_scores() -> None:
    game = _game()
    rng = random.Random(3)
    sums, endings = set(), set()
    for _ in range(300):
        state = _play(game, rng)
        returns = state.returns()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        deal = state.deal
        tiers = [r for s, r in enumerate(returns) if s != deal.hombre]
        assert tiers == [0.0] * (3 if deal.hombre is None else 2)
        sums.add(sum(returns))
        endings.add(deal.ended)
    assert len(sums) > 2  # general-sum
    assert {"played-out", "surrender", "all-passed"} <= endings


@pytest.mark.clause("hom.auction.all-pass")
@pytest.mark.parametrize("params", VARIANTS)
def test_all_pass_ends_with_zeros(params: str) -> None:
    game = _game(params)
    state = _dealt(game, 4)
    for seat in range(3):
        assert state.current_player() == seat
        state.apply_action(_word(game, "pass"))
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]
    assert state.deal.ended == "all-passed" and state.legal_actions() == []
    assert "auction 0:pass 1:pass 2:pass" in state.information_state_string(2)


def test_a_stop_and_a_surrender_end_the_deal() -> None:
    """A hombre who surrenders loses the contract's first value; one who stops after five
    tricks won has won it."""
    game = _game()
    rng = random.Random(8)
    stop, surrender = _word(game, "stop"), _word(game, "surrender")
    seen = set()
    for _ in range(400):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            if stop in legal:
                state.apply_action(stop)
                continue
            action = _choose(state, rng, 0.2)
            state.apply_action(action if action != surrender else min(legal))
        deal = state.deal
        if deal.ended in ("stopped", "surrender"):
            value = deal.contract.won
            assert state.returns()[deal.hombre] == (value if deal.ended == "stopped" else -value)
            seen.add(deal.ended)
    assert "stopped" in seen


# -- what each player sees ----------------------------------------------------------------


def _states(params: str, deals: int, seed: int) -> list[Any]:
    """Every state of `deals` random deals (`_choose`), the chance nodes left out."""
    return sampled_states(_game(params), deals, seed, lambda state, rng: _choose(state, rng, 0.5))


def _seen(state: Any, player: int) -> int:
    """The cards whose place `player` knows (hom.info.own-hand, hom.info.public): his own as
    dealt, those he discarded and drew, the card turned, the matadors shown, every card played,
    the open nolo hombre's hand, the talon's rest after the exchanges when it is shown."""
    deal = state.deal
    seen = deal.deal.hands[player] | deal.discards[player]
    for e in deal.events:
        if e.seat == player or e.kind in ("turn", "show"):
            seen |= 1 << e.card
    seen |= sum(1 << c for _, cards, _ in deal.tricks for c in cards) | sum(1 << c for c in deal.trick)
    if deal.contract is not None and deal.contract.open:
        seen |= deal.deal.hands[deal.hombre]
    if state.get_game().sight.talon_shown and deal.contract is not None and deal.phase not in ("auction", "declare", EXCHANGE):
        seen |= sum(1 << c for c in deal.stock)
    return int(seen)


def _world(state: Any, moved: dict[int, int]) -> Any | None:
    """The same deal with the cards renamed as `moved` says, wherever they are, and the same
    actions taken (a discard of a renamed card renamed too); None if an action became illegal."""
    game = state.get_game()
    world = game.new_initial_state()
    n = game.rules.n_cards
    for card in state.history()[:n]:
        world.apply_action(moved.get(card, card))
    try:
        for action in state.history()[n:]:
            world.apply_action(moved.get(action, action) if action < n else action)
    except (IllegalAction, pyspiel.SpielError):
        return None
    return world


def _hidden_world(state: Any, player: int, rng: random.Random) -> Any | None:
    seen = _seen(state, player)
    hidden = [c for c in range(40) if not seen >> c & 1]
    moved = hidden[:]
    rng.shuffle(moved)
    return _world(state, dict(zip(hidden, moved, strict=True)))


@pytest.mark.clause("hom.info.own-hand", "hom.info.public")
@pytest.mark.parametrize("params", ["", "talon_rest=shown"])
def test_hidden_cards_do_not_show(params: str) -> None:
    """Moving the cards a player has not seen (others' hands, their discards and the cards
    they drew, the talon) changes neither his observation nor his information state, strings
    and tensors; the worlds differ, other players' discards among them."""
    rng = random.Random(19)
    states = [s for s in _states(params, deals=25, seed=7) if s.deal is not None]
    differ = discards = 0
    for state in rng.sample(states, 80):
        for player in range(3):
            world = _hidden_world(state, player, rng)
            if world is None:
                continue
            differ += str(world) != str(state)
            discards += any(world.deal.discards[s] != state.deal.discards[s] for s in range(3) if s != player)
            same_for(world, state, player)
    assert differ > 60 and discards > 5


@pytest.mark.clause("hom.info.own-hand")
def test_a_tier_sees_his_discards_and_draws_not_another_s() -> None:
    """In the exchange and after, each player's tensor has his own discards and draws and
    nobody else's; the counts of the others' discards are public."""
    rng = random.Random(4)
    states = [s for s in _states("", deals=40, seed=5)
              if s.deal is not None and s.deal.phase in (EXCHANGE, PLAY) and any(s.deal.discards)]
    assert len(states) > 20
    game = states[0].get_game()
    observer = oh.BrouObserver(game, pyspiel.IIGObservationType(perfect_recall=True), None)
    for state in rng.sample(states, 20):
        deal = state.deal
        for player in range(3):
            observer.set_from(state, player)
            d = observer.dict
            assert d["discards"].shape == (1, 40) and d["drawn"].shape == (1, 40)
            assert sum(1 << int(c) for c in d["discards"][0].nonzero()[0]) == deal.discards[player]
            assert sum(1 << int(c) for c in d["drawn"][0].nonzero()[0]) == drawn(deal, player)
            assert [int(np.argmax(row)) for row in d["discard_counts"]] == [len(cards_of(m)) for m in deal.discards]
            text = state.information_state_string(player)
            for seat in range(3):
                if seat != player and deal.discards[seat]:
                    assert " ".join(game.rules.cards_text(deal.discards[seat])) not in text


@pytest.mark.clause("hom.info.own-hand")
def test_strings_show_own_hand_not_another_s() -> None:
    game = _game()
    rules = game.rules
    rng = random.Random(6)
    state = next(s for s in (_play(game, rng, passing=0.3) for _ in range(20)) if s.deal.tricks)
    for player in range(3):
        text = state.information_state_string(player)
        obs = state.observation_string(player)
        assert "dealt " + " ".join(rules.cards_text(state.deal.deal.hands[player])) in text
        assert "tricks " in text and "won by " in obs and "dealt" not in obs
        assert f"hombre {state.deal.hombre}, contract {state.deal.contract.name}" in obs
        for seat in range(3):
            if seat != player:
                assert " ".join(rules.cards_text(state.deal.deal.hands[seat])) not in text


def _contract_deal(game: Any, contract: str, seed: int = 1) -> Any:
    """Seat 0 names `contract`, the others pass."""
    state = _dealt(game, seed)
    state.apply_action(_word(game, contract))
    state.apply_action(_word(game, "pass"))
    state.apply_action(_word(game, "pass"))
    return state


@pytest.mark.clause("hom.contract.nolo-ouvert", "hom.info.public")
def test_the_open_nolo_hombre_s_hand_shows() -> None:
    """In open nolo every tier sees the hombre's hand, in the tensors and the strings, as he
    plays it down; in pure nolo nobody does."""
    game = _game()
    rules = game.rules
    state = _contract_deal(game, "nolo-ouvert")
    assert state.deal.contract.name == "nolo-ouvert" and state.deal.phase == PLAY
    rng = random.Random(1)
    while not state.is_terminal():
        hand = state.deal.hands[0]
        for tier in (1, 2):
            assert f"open hand {' '.join(rules.cards_text(hand)) or '-'}" in state.information_state_string(tier)
            tensor = np.asarray(state.information_state_tensor(tier))
            assert sum(1 << c for c in range(40) if tensor[_offset(game, "open_hand") + c]) == hand
        state.apply_action(rng.choice(state.legal_actions()))
    closed = _contract_deal(game, "pur-nolo")
    assert "open hand" not in closed.information_state_string(1)
    assert " ".join(rules.cards_text(closed.deal.hands[0])) not in closed.information_state_string(1)


def _offset(game: Any, piece: str) -> int:
    """Where `piece` begins in the information state tensor."""
    observer = oh.BrouObserver(game, pyspiel.IIGObservationType(perfect_recall=True), None)
    index = 0
    for name, array in observer.dict.items():
        if name == piece:
            return index
        index += array.size
    raise KeyError(piece)


@pytest.mark.clause("hom.exchange.tourne", "hom.contract.grand-tourne")
def test_the_turned_card_and_the_matadors_show() -> None:
    game = _game()
    rules = game.rules
    state = _contract_deal(game, "tourne")
    turned = state.deal.turned[0][1]
    assert state.deal.trump == rules.suit_of[turned]
    for player in range(3):
        assert f"turned {rules.card_text(turned)}" in state.observation_string(player)
        assert f"trump {rules.suits[state.deal.trump]}" in state.observation_string(player)
    # grand tourné: a deal whose first hand holds the espadille and the baste
    matadors = rules.mask(["AS", "AC"])
    seed = next(s for s in range(500) if talon_deal_from_seed(rules, s).hands[0] & matadors == matadors)
    state = _contract_deal(game, "grand-tourne", seed)
    for player in range(3):
        assert "shown AS AC" in state.observation_string(player) or "shown AC AS" in state.observation_string(player)


@pytest.mark.clause("hom.info.public")
def test_the_talon_rest_shows_only_under_shown() -> None:
    """Under talon_rest=shown the talon's cards left after the exchanges are public once play
    begins; under hidden, never."""
    for params, shows in (("talon_rest=shown", True), ("", False)):
        game = _game(params)
        state = _contract_deal(game, "sans-prendre")
        passing_draw = _word(game, "draw")
        while state.deal.phase != PLAY:
            legal = state.legal_actions()
            state.apply_action(passing_draw if passing_draw in legal else legal[0])
        rest = " ".join(game.rules.cards_text(sum(1 << c for c in state.deal.stock)))
        assert state.deal.stock
        assert (f"talon rest {rest}" in state.observation_string(1)) is shows


# -- search ------------------------------------------------------------------------------


@pytest.mark.parametrize("params", ["", "talon_rest=shown"])
def test_resample_keeps_what_the_player_saw(params: str) -> None:
    """`resample` (and resample_from_infostate) gives a state the player cannot tell from this
    one, with the same words after the deal, and the hidden cards do move."""
    rng = random.Random(31)
    states = [s for s in _states(params, deals=10, seed=3) if not s.is_terminal()]
    game = states[0].get_game()
    n_cards = game.rules.n_cards
    moved = 0
    for state in rng.sample(states, 30):
        for player in range(3):
            world = state.resample(player, rng)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.current_player() == state.current_player()
            words_after = [a for a in world.history()[n_cards:] if a >= n_cards]
            assert words_after == [a for a in state.history()[n_cards:] if a >= n_cards]
            moved += world.history() != state.history()
        again = state.resample_from_infostate(0, None)
        assert again.information_state_string(0) == state.information_state_string(0)
    assert moved > 30


def test_ismcts_plays_a_deal() -> None:
    """OpenSpiel's ISMCTSBot plays seat 0 of a deal through resample_from_infostate."""
    assert len(ismcts_deal(_game()).returns()) == 3


# -- the auction ends under every reading ------------------------------------------------------


def test_the_auction_is_bounded_under_other_contract() -> None:
    """Under equal_rank=other-contract the two contracts of one rank cannot alternate for ever:
    once answered at his own rank, the earlier speaker must go higher."""
    game = _game("equal_rank=other-contract")
    state = _dealt(game, 0)
    for _ in range(game.sight.max_bids // 2 + 1):
        for word in ("tourne", "nolo-en-demande"):
            if _word(game, word) not in state.legal_actions():
                return
            state.apply_action(_word(game, word))
    assert len(state.deal.said) <= game.sight.max_bids

"""Property tests over random deals: 10,000 per ruleset, plus every parameter variant.

Each example is one deal from a hypothesis-drawn seed, played to the end by random
legal actions.  At every step:

- the player to act has a legal action until the deal ends, and none after;
- every legal action is accepted (tried on a copy), every offered card is in the hand;
- the offered plays agree with tests/oracle.py, a plain re-implementation of the
  following rules written from the clause texts (differential testing);
- a random action that is not offered is rejected with a documented code, and the
  state is exactly as it was;
- the 32 cards are each in exactly one place: a hand, the trick on the table, or a
  team's won cards.

At the end the card points sum to 120, the deal total is the rounded card points plus
the marriage points, and table marriages cancel out between the teams when the
ruleset deducts them.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brou import ACTION_CODES, HommeDeal, IllegalAction, Rules
from brou.cards.shuffle import MAX_SEED
from helpers import check_conservation, own_attributes
from oracle import oracle_legal

CACHES = {"_ann"}  # worked out on demand: two equal states may differ in what they have worked out so far


def snapshot(state: HommeDeal, caches: bool = True) -> tuple[Any, ...]:
    """Every slot of the state (less the caches, if asked), lists turned to tuples, for exact comparison."""
    out = []
    for name in own_attributes(HommeDeal):
        if not caches and name in CACHES:
            continue
        value = getattr(state, name)
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        out.append(value)
    return tuple(out)


def check_plays_against_oracle(state: HommeDeal, legal: list[int]) -> None:
    rules = state.rules
    plays = {rules.card_text(a) for a in legal if a < rules.n_cards}
    hand = rules.cards_text(state.hands[state.to_act])
    assert plays <= set(hand)
    trick = [rules.card_text(c) for c in state.trick]
    trump = rules.suits[state.trump_suit]
    expected = oracle_legal(rules.following, rules.marriage_exception, rules.undertrump_when_void, hand, trick, trump)
    assert plays == expected, (hand, trick, rules.suits[state.trump_suit])


def play_checked_deal(rules: Rules, seed: int, rng: random.Random) -> HommeDeal:
    state = HommeDeal.from_seed(rules, seed)
    all_ids = range(rules.pass_action + 7)  # cards, announcements, pass and the six game actions
    while not state.is_over:
        check_conservation(state)
        legal = state.legal_actions()
        assert legal, "the player to act has no legal action"
        if state.phase == "play":
            check_plays_against_oracle(state, legal)
        for action in legal:
            state.copy().apply(action)
        illegal = [a for a in all_ids if a not in legal]
        if illegal:
            before = snapshot(state)
            with pytest.raises(IllegalAction) as caught:
                state.apply(rng.choice(illegal))
            assert caught.value.code in ACTION_CODES
            assert snapshot(state) == before, "a rejected action changed the state"
        state.apply(rng.choice(legal))
    check_conservation(state)
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction) as caught:
        state.apply(0)
    assert caught.value.code == "deal-over"
    check_result(state)
    return state


def check_result(state: HommeDeal) -> None:
    rules = state.rules
    result = state.result()
    assert sum(t.card_points for t in result.teams) == 120
    assert sum(t.tricks for t in result.teams) == rules.n_tricks
    rounded_sum = sum(t.rounded_cards for t in result.teams)
    assert rounded_sum in (120, 130)
    if rules.rounding == "cards-half-up":
        both_end_in_5 = all(t.card_points % 10 == 5 for t in result.teams)
        assert (rounded_sum == 130) == both_end_in_5
        for t in result.teams:
            assert t.total == t.rounded_cards + t.announced + t.table
    if rules.table_deducted:
        assert sum(t.table for t in result.teams) == 0
    assert sum(t.announced for t in result.teams) == sum(a[4] for a in state.announcements)
    if result.all_tricks is not None:
        assert result.teams[result.all_tricks].tricks == rules.n_tricks
    replayed = HommeDeal.replay(state.record())
    assert snapshot(replayed, caches=False) == snapshot(state, caches=False)


SETTINGS = settings(max_examples=10_000, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", ["brouc", "homme-de-brou-1802"])
def test_ten_thousand_random_deals(name: str) -> None:
    rules = Rules.load(name)

    @SETTINGS
    @given(seed=st.integers(0, MAX_SEED), play_seed=st.integers(0, 2**32))
    def deal(seed: int, play_seed: int) -> None:
        play_checked_deal(rules, seed, random.Random(play_seed))

    deal()


def _variants() -> list[tuple[str, dict[str, Any]]]:
    """Every combination of the play and marriage parameters, for each ruleset."""
    names = ["following", "marriage_exception", "undertrump_when_void", "announce_window", "extend_to_grand",
             "card_reuse", "turnup_in_first_window", "marriages_in_one_trick", "table_factor", "rounding", "packets"]
    out = []
    for ruleset in ["brouc", "homme-de-brou-1802"]:
        params = Rules.load(ruleset).data["parameters"]
        present = [n for n in names if n in params]
        # one parameter moved at a time from the defaults, to every option
        for n in present:
            for option in params[n]["options"]:
                if option != params[n]["default"]:
                    out.append((ruleset, {n: option}))
        # and all announcement options together, where they interact
        for window, extend, reuse in product(params["announce_window"]["options"], ["never", "difference"], [False, True]):
            out.append((ruleset, {"announce_window": window, "extend_to_grand": extend, "card_reuse": reuse}))
    return out


VARIANTS = _variants()


VARIANT_IDS = [f"{n}-" + "-".join(f"{k}={v}" for k, v in p.items()) for n, p in VARIANTS]


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=VARIANT_IDS)
def test_parameter_variants(name: str, params: dict[str, Any]) -> None:
    rules = Rules.load(name, **params)

    @settings(max_examples=150, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, MAX_SEED), play_seed=st.integers(0, 2**32))
    def deal(seed: int, play_seed: int) -> None:
        play_checked_deal(rules, seed, random.Random(play_seed))

    deal()


def test_announcement_heavy_play() -> None:
    """Random play that announces whenever it can, so that announcement paths are well exercised."""
    for name in ["brouc", "homme-de-brou-1802"]:
        rules = Rules.load(name)
        announced = 0
        for seed in range(300):
            state = HommeDeal.from_seed(rules, seed)
            rng = random.Random(seed)
            while not state.is_over:
                legal = state.legal_actions()
                announce = [a for a in legal if rules.n_cards <= a < rules.pass_action]
                state.apply(announce[0] if announce else rng.choice(legal))
                announced += bool(announce)
            check_result(state)
        assert announced > 50, name

"""`copy()` and `undo()` of every deal class take every attribute (`_copy_from`, written out
attribute by attribute so that the compiled classes can have it): over seeded random deals of
the five rulesets, at every step the copy holds what the state holds in every slot of its class,
shares none of its lists or dicts, and moves on apart from it; undo gives the state it had."""

from __future__ import annotations

import random

import pytest

from brou.engine.deals import new_deal
from brou.engine.homme import HommeDeal
from brou.engine.phases import PhaseDeal
from brou.laws.talon import talon_deal_from_seed
from brou.spec.rules import Rules
from helpers import own_attributes

RULESETS = ("homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre")


def dealt(rules: Rules, seed: int) -> PhaseDeal:
    if HommeDeal.plays(rules):
        return HommeDeal.from_seed(rules, seed)
    return new_deal(rules, talon_deal_from_seed(rules, seed))


def slot_names(cls: type) -> list[str]:
    """The attributes of a deal class and its bases (`helpers.own_attributes`)."""
    return list(dict.fromkeys(name for klass in cls.__mro__ for name in own_attributes(klass)))


def same_slots(a: PhaseDeal, b: PhaseDeal, functions: bool = True) -> None:
    """Every slot of `a`'s class is equal in `b`, and no list or dict is shared (the functions
    of following compared only if `functions`: a state started afresh composes its own)."""
    names = slot_names(type(a))
    assert len(names) >= 32, names  # PhaseDeal has 32 of its own
    for name in names:
        x, y = getattr(a, name), getattr(b, name)
        if callable(x) and not functions:
            continue
        assert x == y, name
        if isinstance(x, (list, dict)):
            assert x is not y, f"{name} is shared between a state and its copy"
            if isinstance(x, list):
                inner = [p is q for p, q in zip(x, y, strict=True) if isinstance(p, list)]
                assert not any(inner), f"{name}: an inner list is shared"


@pytest.mark.parametrize("name", RULESETS)
def test_a_copy_holds_every_attribute_and_moves_on_apart(name: str) -> None:
    rules = Rules.load(name)
    rng = random.Random(name)
    for seed in range(12):
        state = dealt(rules, seed)
        while not state.is_over:
            twin = state.copy()
            assert type(twin) is type(state)
            same_slots(state, twin)
            action = rng.choice(state.legal_actions())
            state.apply(action)
            assert twin.history != state.history  # the copy did not move with the state
            twin.apply(action)
            if not state.is_over:
                assert twin.legal_actions() == state.legal_actions()  # the caches of legal actions alike too
            same_slots(state, twin)


@pytest.mark.parametrize("name", RULESETS)
def test_undo_gives_back_every_attribute(name: str) -> None:
    rules = Rules.load(name)
    rng = random.Random(f"undo {name}")
    for seed in range(6):
        state = dealt(rules, seed)
        while not state.is_over:
            before = state.copy()
            action = rng.choice(state.legal_actions())
            state.apply(action)
            assert state.undo() == action
            assert state.legal_actions() == before.legal_actions()
            same_slots(before, state, functions=False)
            state.apply(action)

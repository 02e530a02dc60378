"""1802 and Brouc on the phase engine: `brou.engine.homme.HommeDeal` (docs/design.md, "One engine").

HommeDeal replaced the partnership engine's `DealState` once this test, then a differential one,
had played both side by side and found them alike.  What stays checks HommeDeal against itself
where that checks something: over seeded random deals, under every option of every parameter of
the two rulesets (one parameter changed at a time, and in the slow sweep random combinations
too), alone and inside a game (scores chosen near the targets, marriages carried into Brouc's
deals), with out-of-turn claims and announcements taken where the reading allows them, a copy
fed the same actions stays equal to the state in every observable (every seat asked), undo
gives the state its record replays to, a finished deal replays to itself; at every step a
sample of refused actions (for the player to act, out of turn, and some that are no action at
all) is refused with a code of `brou.errors.ACTION_CODES`, leaving the state as it was, and a
sample of each seat's legal actions is taken.  The corpus through the protocol table is
`brou check`'s and tests/test_conformance.py's.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from brou.cards.deal import Deal, deal_from_seed
from brou.engine.homme import HommeDeal
from brou.engine.notation import position_notation
from brou.errors import ACTION_CODES, IllegalAction
from brou.laws.game import GameContext
from brou.laws.play import beating_cards
from brou.spec.rules import Rules
from helpers import random_params

RULESETS = ("homme-de-brou-1802", "brouc")
SCORES = (0, 40, 120, 180, 190, 240, 270, 290, 300, 301, 320, -30)  # near the marks that matter: 190, 301
CARRIED = ((0, 0), (20, 0), (0, 40), (10, 30))


def readings(name: str) -> list[dict[str, Any]]:
    """The defaults, then each option of each parameter other than its default, alone."""
    params = Rules.load(name).data["parameters"]
    out: list[dict[str, Any]] = [{}]
    for param, entry in params.items():
        out += [{param: option} for option in entry.get("options", ()) if option != entry["default"]]
    return out


READINGS = [(name, reading) for name in RULESETS for reading in readings(name)]


def _id(case: tuple[str, dict[str, Any]]) -> str:
    name, reading = case
    return name + ("[" + ",".join(f"{k}={v}" for k, v in reading.items()) + "]" if reading else "")


def a_context(rules: Rules, rng: random.Random) -> GameContext:
    scores = (rng.choice(SCORES), rng.choice(SCORES))
    carried = rng.choice(CARRIED) if rules.id == "brouc" and rng.random() < 0.3 else ()
    return GameContext(scores, carried)


def _code(state: HommeDeal, action: object, seat: object) -> str | None:
    """The refusal code of `action` for `seat`, or None if it was taken (it must not be)."""
    try:
        state.apply(action, seat)
    except IllegalAction as exc:
        return exc.code
    return None


def same(a: HommeDeal, b: HommeDeal, where: str) -> None:
    """Every observable of the two deals alike, every seat asked."""
    n = a.rules.n_players
    assert a.history == b.history, where
    assert (a.phase, a.to_act, a.is_over, a.leader) == (b.phase, b.to_act, b.is_over, b.leader), where
    for seat in (None, -1, *range(n), n):
        assert a.legal_actions(seat) == b.legal_actions(seat), f"{where}: seat {seat}"
    assert a.speakers() == b.speakers(), where
    assert a.legal_play_mask() == b.legal_play_mask(), where
    assert a.hands == b.hands and list(a.trick) == b.trick, where
    assert a.tricks == b.tricks and a.won == b.won and a.team_tricks == b.team_tricks, where
    assert (a.announcements, a.table, a.unmarked, a.marking) == (b.announcements, b.table, b.unmarked, b.marking), where
    assert (a.declared, a.frozen, a.first_reached, a.out_of_turn) == (b.declared, b.frozen, b.first_reached, b.out_of_turn)
    assert a.turnup_on_show() == b.turnup_on_show(), where
    assert a.result() == b.result() and a.seat_results() == b.seat_results(), where
    assert a.outcome == b.outcome, where
    assert str(a) == str(b), where
    assert position_notation(a) == position_notation(b), where


def refusals(a: HommeDeal, rng: random.Random, where: str) -> None:
    """A sample of actions refused to the player to act, to another seat, and of things that
    are no action: each refused with a code of the catalogue, the state left as it was."""
    rules = a.rules
    n = rules.n_players
    top = rules.pass_action + 9
    before = a.copy()
    tries: list[tuple[object, object]] = []
    legal = set(a.legal_actions())
    wrong = [x for x in range(-2, top) if x not in legal]
    tries += [(x, None) for x in rng.sample(wrong, min(4, len(wrong)))]
    if not a.is_over and wrong:
        tries.append((rng.choice(wrong), a.to_act))
    other = rng.randrange(n)
    if other != a.to_act:
        allowed = set(a.legal_actions(other))
        tries += [(x, other) for x in rng.sample(range(-1, top), 3) if x not in allowed]
    if rng.random() < 0.1:
        tries += [(True, None), ("AS", None), (1.0, None), (0, "1"), (rules.pass_action, n), (rules.pass_action, -1)]
    for action, seat in tries:
        code = _code(a, action, seat)
        assert code in ACTION_CODES, f"{where}: {action!r} by {seat!r}: {code}"
    same(a, before, where + " (after refusals)")


def takes(a: HommeDeal, rng: random.Random) -> None:
    """A sample of each seat's legal actions: each taken by a copy (the state untouched)."""
    for seat, actions in a.speakers().items():
        for action in rng.sample(actions, min(2, len(actions))):
            a.copy().apply(action, None if seat == a.to_act else seat)


def strong_deal(rules: Rules, rng: random.Random) -> tuple[Deal, list[int]]:
    """A deal where team 0 (seats 0 and 2) holds the sixteen strongest cards but the turn-up (the
    dealer's lowest trump), so that it may take every trick: la cape, a vole, partie et vole made,
    a concession.  With it, each card's strength: how many cards of the pack it beats."""
    trump = rng.randrange(len(rules.suits))
    beating = beating_cards(rules, trump)
    cards = list(rules.pack_cards)
    strength = [sum(1 for y in cards if beating[y] >> c & 1) for c in range(rules.n_indices)]
    order = sorted(cards, key=lambda c: -strength[c])
    turnup = [c for c in order if rules.suit_of[c] == trump][-1]
    rest = [c for c in order if c != turnup]
    size = rules.hand_size
    strong, weak = rest[:2 * size], rest[2 * size:]
    rng.shuffle(strong)
    rng.shuffle(weak)
    by_seat = [strong[:size], weak[:size], strong[size:], weak[size:] + [turnup]]
    hands = tuple(sum(1 << c for c in cards) for cards in by_seat)
    return Deal(hands, turnup, 0), strength


def choose(a: HommeDeal, rng: random.Random, strength: list[int] | None) -> tuple[int, int | None]:
    """An action to take: mostly the player to act's (a claim or a declaration seldom, so that
    deals go on), now and then one out of turn; with `strength`, team 0 plays its strongest card."""
    rules = a.rules
    claim, declare, double = (rules.pass_action + k for k in (1, 2, 3))
    others = [(x, s) for s, xs in a.speakers().items() if s != a.to_act for x in xs]
    if others and rng.random() < 0.1:
        return rng.choice(others)
    own = a.legal_actions()
    if claim in own and len(own) > 1 and rng.random() < 0.95:
        own = [x for x in own if x != claim]
    if strength is None and len(own) > 1 and rng.random() < 0.7:
        own = [x for x in own if x not in (declare, double)] or own
    cards = [x for x in own if x < rules.n_indices]
    greedy = strength is not None and cards and rules.team_of[a.to_act] == 0 and rng.random() < 0.9
    if greedy and strength is not None and (len(cards) == len(own) or rng.random() < 0.8):
        own = [max(cards, key=lambda c: strength[c])]
    return rng.choice(own), (a.to_act if rng.random() < 0.2 else None)


def play_checked(rules: Rules, seed: int, context: GameContext | None, rng: random.Random, strong: bool = False) -> int:
    """One deal played with a copy beside it, checked at every step; the number of actions taken.
    The deal of `seed`, or with `strong` one where team 0 may take every trick (`strong_deal`)."""
    deal, strength = strong_deal(rules, rng) if strong else (deal_from_seed(rules, seed), None)
    a = HommeDeal(rules, deal, context)
    b = a.copy()
    where = f"{rules.id} {dict(rules.overrides)} seed {seed} context {context}" + (" strong" if strong else "")
    steps = 0
    while True:
        at = f"{where} after {[a.action_text(x) for x in a.history]}"
        same(a, b, at)
        refusals(a, rng, at)
        takes(a, rng)
        if a.is_over:
            break
        action, seat = choose(a, rng, strength)
        a.apply(action, seat)
        b.apply(action, seat)
        steps += 1
        roll = rng.random()
        if roll < 0.03:
            b = a.copy()
        elif roll < 0.05 and a.history:
            assert a.undo() == b.undo() == action
            same(a, HommeDeal.replay(a.record()), at + " (undone, and replayed)")
            a.apply(action, seat)
            b.apply(action, seat)
    again = HommeDeal.replay(a.record())
    assert again == a and str(again) == str(a)
    same(again, a, where + " (replayed)")
    return steps


def sweep(cases: list[tuple[str, dict[str, Any]]], seeds: range, seed_of_rng: int) -> int:
    rng = random.Random(seed_of_rng)
    total = 0
    for name, reading in cases:
        rules = Rules.load(name, **reading)
        for seed in seeds:
            total += play_checked(rules, seed, None, rng, strong=seed % 2 == 1)
            total += play_checked(rules, seed, a_context(rules, rng), rng, strong=seed % 2 == 1)
    return total


@pytest.mark.parametrize("name", RULESETS)
def test_every_reading_plays_consistently(name: str) -> None:
    """Each reading of `name` (the defaults and every option alone): two deals alone and two
    inside a game, checked at every step."""
    cases = [case for case in READINGS if case[0] == name]
    assert sweep(cases, range(2), 35) > 0


@pytest.mark.parametrize("name", RULESETS)
def test_deals_inside_a_game_near_the_target_play_consistently(name: str) -> None:
    """The game's moments (claims, partie et vole, the concession, Brouc's dehors rounds) come
    most often near the target: deals inside games whose scores lie there, under random readings."""
    rng = random.Random(36)
    base = Rules.load(name)
    for seed in range(40):
        rules = Rules.load(name, **random_params(base, rng, 0.3))
        scores = (rng.choice((240, 270, 290, 301, 320)), rng.choice((120, 190, 290, 301)))
        play_checked(rules, seed, GameContext(scores, rng.choice(CARRIED) if name == "brouc" else ()), rng, strong=seed % 3 == 0)


@pytest.mark.slow("HommeDeal checked at every step: every reading, many deals, random combinations")
@pytest.mark.parametrize("name", RULESETS)
def test_many_deals_under_every_reading_and_random_combinations_play_consistently(name: str) -> None:
    cases = [case for case in READINGS if case[0] == name]
    sweep(cases, range(2, 22), 37)
    rng = random.Random(38)
    base = Rules.load(name)
    for seed in range(600):
        rules = Rules.load(name, **random_params(base, rng, 0.4))
        play_checked(rules, seed, a_context(rules, rng) if seed % 3 else None, rng, strong=seed % 4 == 0)

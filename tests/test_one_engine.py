"""1802 and Brouc on the phase engine: `brou.engine.homme.HommeDeal` plays as
`brou.engine.partnership.state.DealState` (docs/design.md, "One engine").

The differential test plays both engines side by side over seeded random deals, under every
option of every parameter of the two rulesets (one parameter changed at a time, and in the slow
sweep random combinations too), alone and inside a game (scores chosen near the targets, marriages
carried into Brouc's deals), with out-of-turn claims and announcements taken where the reading
allows them.  After every action, every seat is asked: the same legal actions for each, the same
speakers, the same observables (phase, to_act, is_over, history, result, outcome, the Position's
text and notation); at every step a sample of refused actions (for the player to act, out of
turn, and some that are no action at all) must be refused by both with the same code, leaving
both as they were.  Copies and undo are taken now and then, so that they are compared too.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from brou.cards.deal import Deal, deal_from_seed
from brou.conformance.corpus import SCENARIO_DIR, load_corpus, request_of
from brou.conformance.server import Table
from brou.engine.homme import HommeDeal
from brou.engine.notation import position_notation
from brou.engine.partnership.state import DealState
from brou.engine.position import perft
from brou.errors import BrouError, IllegalAction
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


def _code(state: DealState | HommeDeal, action: object, seat: object) -> str | None:
    """The refusal code of `action` for `seat`, or None if it was taken (it must not be)."""
    try:
        state.apply(action, seat)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return exc.code
    return None


def same(a: DealState, b: HommeDeal, where: str) -> None:
    """Every observable of the two deals alike, every seat asked."""
    n = a.rules.n_players
    assert a.history == b.history, where
    assert (a.phase, a.to_act, a.is_over, a.leader) == (b.phase, b.to_act, b.is_over, b.leader), where
    for seat in (None, -1, *range(n), n):
        assert a.legal_actions(seat) == b.legal_actions(seat), f"{where}: seat {seat}"
    assert a.speakers() == b.speakers(), where
    assert a.legal_play_mask() == b.legal_play_mask(), where
    assert a.hands == b.hands and list(a.trick) == b.trick, where
    assert [(lead, list(cards), w) for lead, cards, w in a.tricks] == [(lead, list(cards), w) for lead, cards, w in b.tricks]
    assert (a.announcements, a.table, a.unmarked, a.marking) == (b.announcements, b.table, b.unmarked, b.marking), where
    assert (a.declared, a.frozen, a.first_reached, a.out_of_turn) == (b.declared, b.frozen, b.first_reached, b.out_of_turn)
    assert a.turnup_on_show() == b.turnup_on_show(), where
    assert a.result() == b.result(), where
    assert a.outcome == b.outcome, where
    assert str(a) == str(b), where
    assert position_notation(a) == position_notation(b), where


def refusals(a: DealState, b: HommeDeal, rng: random.Random, where: str) -> None:
    """A sample of actions refused to the player to act, to another seat, and of things that
    are no action: the same code from both, and neither changed."""
    rules = a.rules
    n = rules.n_players
    top = rules.pass_action + 9
    before = len(a.history)
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
        code_a, code_b = _code(a, action, seat), _code(b, action, seat)
        assert code_a is not None and code_a == code_b, f"{where}: {action!r} by {seat!r}: {code_a} / {code_b}"
    assert len(a.history) == before and len(b.history) == before, where


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


def choose(a: DealState, rng: random.Random, strength: list[int] | None) -> tuple[int, int | None]:
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


def play_both(rules: Rules, seed: int, context: GameContext | None, rng: random.Random, strong: bool = False) -> int:
    """One deal played on both engines, compared at every step; the number of actions taken.
    The deal of `seed`, or with `strong` one where team 0 may take every trick (`strong_deal`)."""
    deal, strength = strong_deal(rules, rng) if strong else (deal_from_seed(rules, seed), None)
    a, b = DealState(rules, deal, context), HommeDeal(rules, deal, context)
    where = f"{rules.id} {dict(rules.overrides)} seed {seed} context {context}" + (" strong" if strong else "")
    steps = 0
    while True:
        at = f"{where} after {[a.action_text(x) for x in a.history]}"
        same(a, b, at)
        refusals(a, b, rng, at)
        if a.is_over:
            break
        action, seat = choose(a, rng, strength)
        a.apply(action, seat)
        b.apply(action, seat)
        steps += 1
        roll = rng.random()
        if roll < 0.03:
            a, b = a.copy(), b.copy()
        elif roll < 0.05 and a.history:
            assert a.undo() == b.undo()
            same(a, b, at + " (undone)")
            a.apply(action, seat)
            b.apply(action, seat)
    assert a.record() == b.record()
    again = HommeDeal.replay(b.record())
    assert again == b and str(again) == str(b)
    return steps


def sweep(cases: list[tuple[str, dict[str, Any]]], seeds: range, seed_of_rng: int) -> int:
    rng = random.Random(seed_of_rng)
    total = 0
    for name, reading in cases:
        rules = Rules.load(name, **reading)
        for seed in seeds:
            total += play_both(rules, seed, None, rng, strong=seed % 2 == 1)
            total += play_both(rules, seed, a_context(rules, rng), rng, strong=seed % 2 == 1)
    return total


@pytest.mark.parametrize("name", RULESETS)
def test_every_reading_plays_alike_on_both_engines(name: str) -> None:
    """Each reading of `name` (the defaults and every option alone): two deals alone and two
    inside a game, compared at every step."""
    cases = [case for case in READINGS if case[0] == name]
    assert sweep(cases, range(2), 35) > 0


@pytest.mark.parametrize("name", RULESETS)
def test_deals_inside_a_game_near_the_target_play_alike(name: str) -> None:
    """The game's moments (claims, partie et vole, the concession, Brouc's dehors rounds) come
    most often near the target: deals inside games whose scores lie there, under random readings."""
    rng = random.Random(36)
    base = Rules.load(name)
    for seed in range(40):
        rules = Rules.load(name, **random_params(base, rng, 0.3))
        scores = (rng.choice((240, 270, 290, 301, 320)), rng.choice((120, 190, 290, 301)))
        play_both(rules, seed, GameContext(scores, rng.choice(CARRIED) if name == "brouc" else ()), rng, strong=seed % 3 == 0)


@pytest.mark.slow("HommeDeal and DealState side by side: every reading, many deals, random combinations")
@pytest.mark.parametrize("name", RULESETS)
def test_many_deals_under_every_reading_and_random_combinations_play_alike(name: str) -> None:
    cases = [case for case in READINGS if case[0] == name]
    sweep(cases, range(2, 22), 37)
    rng = random.Random(38)
    base = Rules.load(name)
    for seed in range(600):
        rules = Rules.load(name, **random_params(base, rng, 0.4))
        play_both(rules, seed, a_context(rules, rng) if seed % 3 else None, rng, strong=seed % 4 == 0)


def replay_corpus(name: str, every: int, each_step: bool) -> int:
    """Every `every`-th scenario of the corpus of `name`, as the protocol sends it, played at two
    tables (`brou.conformance.server.Table`), one on each engine: every action taken or refused
    alike (the same code), every observation of the scenario alike, every perft alike; every
    observable compared after each step (`each_step`) or at the end.  A `deal` step (the next
    deal of a match) is played at both tables, the second's new deal put on the phase engine
    again.  The number of scenarios played."""
    rng = random.Random(39)
    played = 0
    for scenario in load_corpus([SCENARIO_DIR / name])[::every]:
        request = request_of(scenario.data)
        rules = Rules.load(request["ruleset"], **request["params"])
        try:
            one, two = Table(rules, request["setup"]), Table(rules, request["setup"])
        except BrouError:
            continue  # a setup the engine refuses: no deal to compare
        two.state = HommeDeal(rules, one.state.deal, one.state.context)  # type: ignore[assignment]
        for number, step in enumerate(request["steps"], 1):
            where = f"{scenario.id} step {number}"
            if "act" in step:
                assert one.act(step["act"], step.get("player")) == two.act(step["act"], step.get("player")), where
            elif "observe" in step:
                for key in step["observe"]:
                    assert one.observe(key) == two.observe(key), f"{where}: {key}"
            elif "deal" in step:
                done = one.next_deal(step["deal"])
                assert two.next_deal(step["deal"]) == done, where
                two.state = HommeDeal(rules, two.state.deal, two.state.context)  # type: ignore[assignment]
            else:
                assert perft(one.state, int(step["perft"])) == perft(two.state, int(step["perft"])), where
            if each_step:
                same(one.state, cast(HommeDeal, two.state), where)
        same(one.state, cast(HommeDeal, two.state), scenario.id)
        refusals(one.state, cast(HommeDeal, two.state), rng, scenario.id)
        played += 1
    return played


@pytest.mark.parametrize("name", RULESETS)
def test_a_sample_of_the_corpus_plays_alike(name: str) -> None:
    """One scenario in twenty-five of the corpus of `name` on both engines, compared at its end."""
    assert replay_corpus(name, 25, False) > 100


@pytest.mark.slow("every scenario of 1802 and Brouc on both engines, compared after every step")
@pytest.mark.parametrize("name", RULESETS)
def test_the_whole_corpus_plays_alike_step_by_step(name: str) -> None:
    assert replay_corpus(name, 1, True) > 2000

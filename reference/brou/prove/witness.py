"""Witness deals of L'Homme de Brou and Brouc: concrete deals and plays that show what an
encoding predicts, replayed on the engine (brou.engine.homme) as anyone can replay them."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..cards.deal import deal_from_cards, deal_from_seed
from ..engine.homme import HommeDeal, action_text
from ..laws.game import GameContext
from ..spec.rules import Rules
from .results import ReplayMismatch


def witness_text(state: HommeDeal) -> str:
    record = state.record()
    hands = "; ".join(f"seat {i}: {' '.join(h)}" for i, h in enumerate(record["deal"]["hands"]))
    ctx = f" scores before {record['context']['scores']}" if "context" in record else ""
    params = f" params {record['params']}" if record["params"] else ""
    return (f"{record['ruleset']}{params}{ctx}; turn-up {record['deal']['turnup']}; {hands}; "
            f"actions: {' '.join(record['actions'])}")


def replayed(state: HommeDeal) -> HommeDeal:
    """The deal rebuilt from its record by the engine (HommeDeal.replay), as anyone can do."""
    return HommeDeal.replay(state.record(), state.rules)


def random_play(rules: Rules, rng: random.Random, context: GameContext | None = None) -> HommeDeal:
    """A seeded deal played out by random card, announcement and pass actions (no game action)."""
    state = HommeDeal(rules, deal_from_seed(rules, rng.getrandbits(63)), context)
    limit = rules.pass_action
    while not state.is_over:
        actions = [a for a in state.legal_actions() if a <= limit]
        state.apply(rng.choice(actions))
    return state


def search(rules: Rules, seed: int, accept: Callable[[HommeDeal], bool], context: GameContext | None = None,
           limit: int = 50_000) -> HommeDeal:
    rng = random.Random(seed)
    for _ in range(limit):
        state = random_play(rules, rng, context)
        if accept(state):
            return replayed(state)
    raise ReplayMismatch(f"no deal of {limit} random ones realises the model")


# Every king, queen and jack falls with its ace in one of the first four tricks, all won by
# seats 0 and 2 (team 0): four grand table marriages, spades (trump) among them, for team 0.
GRAND_DEAL = (
    "AS AH AD AC TS TH TD TC",
    "KS KH KD KC 9S 9H 9D 9C",
    "QS QH QD QC 8S 8H 8D 8C",
    "JS JH JD JC 7S 7H 7D 7C",
)
GRAND_PLAY = [f"{r}{s}" for s in "SHDC" for r in "AKQJ"] + [f"{r}{s}" for s in "SHDC" for r in "T987"]


# The same deal swept without any marriage: each king falls with its ace, each queen with its ten.
PLAIN_PLAY = [c for s in "SHDC" for c in (f"A{s}", f"K{s}", f"8{s}", f"J{s}", f"T{s}", f"9{s}", f"Q{s}", f"7{s}")]


def grand_deal(rules: Rules, context: GameContext | None = None, declare_before: int | None = None,
               play: Sequence[str] = GRAND_PLAY) -> HommeDeal:
    """GRAND_DEAL played as `play` (GRAND_PLAY or PLAIN_PLAY), passing in every window and
    concession question; `declare` by the player to act before trick `declare_before` (1-based),
    if given.  Returned as rebuilt by the engine from its record."""
    state = HommeDeal(rules, deal_from_cards(rules, [h.split() for h in GRAND_DEAL], "JS"), context)
    for i, card in enumerate(play):
        while state.phase in ("window", "concede"):
            state.apply_text("pass")
        if declare_before is not None and i == 4 * (declare_before - 1):
            state.apply_text("declare")
        state.apply_text(card)
    return replayed(state)


def offers_declaration(rules: Rules, score: int, before_trick: int) -> bool:
    """Whether the engine offers `declare` to team 0's player on lead before trick `before_trick`
    of GRAND_DEAL (played as PLAIN_PLAY), team 0 written at `score`."""
    state = HommeDeal(rules, deal_from_cards(rules, [h.split() for h in GRAND_DEAL], "JS"), GameContext((score, 0)))
    for card in PLAIN_PLAY[: 4 * (before_trick - 1)]:
        while state.phase in ("window", "concede"):
            state.apply_text("pass")
        state.apply_text(card)
    while state.phase in ("window", "concede"):
        state.apply_text("pass")
    return "declare" in {action_text(rules, a) for a in state.legal_actions()}

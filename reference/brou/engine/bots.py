"""Bots: plain players that choose an action of a deal, for `brou match`, the rulebook's
walkthroughs, the OpenSpiel playthroughs and the tests; a session plays them one per side of
the table (`brou.engine.session.Session.play`).

Each engine has its own, by name (`bots_of`): for 1802 and Brouc (`HommeDeal`), `random` plays
any legal card or announcement but never claims, declares or concedes on its own initiative,
`greedy` plays like it but claims as soon as the claim is right, and `chaos` takes any legal
action, wrong claims included (for tests); for the games on the phase engine, `random` (as
`chaos`) takes any legal card or word, and `greedy` is the plain player of
`brou.engine.text.greedy_bot`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..cards.seating import Seating
from ..laws.game import count_so_far, reaches_target
from ..spec.rules import Rules
from .homme import CLAIM_ACTION, CONCEDE_ACTION, DECLARE_ACTION, DECLARE_DOUBLE_ACTION, HommeDeal
from .phases import PhaseDeal
from .text import greedy_bot as plain_bot

Bot = Callable[[PhaseDeal, random.Random], int]  # a player: the action it chooses in a deal
# A bot may also act out of turn where the rules let a seat other than the player to act do
# something (a claim at any moment, AMB-14, AMB-31; an announcement at any time, AMB-06): it then
# has a method `out_of_turn(deal, seat, rng) -> int | None`, asked before the player to act
# (`next_move`); a bot without it is never asked out of turn.
Move = tuple[int, int | None]  # an action and the seat taking it out of turn (None: the player to act)
Step = int | tuple[int, int]  # an action as a log keeps it: alone, or with the seat that took it out of turn

_STARTS_GAME_END = (CLAIM_ACTION, DECLARE_ACTION, DECLARE_DOUBLE_ACTION, CONCEDE_ACTION)


def _game_kind(state: PhaseDeal, action: int) -> int:
    return action - state.rules.pass_action if action > state.rules.pass_action else 0


def random_bot(state: PhaseDeal, rng: random.Random) -> int:
    """Random legal play that never claims, declares or concedes on its own initiative
    (it answers a concession at random): a deal of 1802 or Brouc."""
    legal = state.legal_actions()
    quiet = [a for a in legal if _game_kind(state, a) not in _STARTS_GAME_END]
    return rng.choice(quiet or legal)


def greedy_bot(state: PhaseDeal, rng: random.Random) -> int:
    """Claims (or declares dehors) as soon as the claim is right; otherwise plays like random_bot:
    a deal of 1802 or Brouc."""
    assert isinstance(state, HommeDeal)
    legal = state.legal_actions()
    claim = state.rules.pass_action + CLAIM_ACTION
    if claim in legal and reaches_target(state.rules, count_so_far(state, state.rules.team_of[state.to_act])):
        return claim
    return random_bot(state, rng)


def chaos_bot(state: PhaseDeal, rng: random.Random) -> int:
    """Any legal action at random: in 1802 and Brouc wrong claims and hopeless declarations
    included (for tests); in the games on the phase engine, their random player."""
    return rng.choice(state.legal_actions())


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "chaos": chaos_bot}  # 1802 and Brouc
PHASE_BOTS: dict[str, Bot] = {"random": chaos_bot, "greedy": plain_bot, "chaos": chaos_bot}  # the others


def bots_of(rules: Rules) -> dict[str, Bot]:
    """The bots of the engine that plays `rules`, by name."""
    return PHASE_BOTS if rules.on_phases else BOTS


def next_move(deal: PhaseDeal, bot_at: Callable[[int], Bot], rng: random.Random, asks: bool = True) -> Move:
    """The next action of a deal played by bots, and who takes it: first, each seat after the
    player to act, in seat order, that may act now though it is not its turn and whose bot acts
    out of turn (its `out_of_turn`) and takes an action there; else the player to act's choice.
    `asks` False (no bot of the table acts out of turn) skips the question."""
    if asks:
        speakers = deal.speakers()
        if len(speakers) > 1:
            n = deal.rules.n_players
            for k in range(1, n):
                seat = (deal.to_act + k) % n
                ask = getattr(bot_at(seat), "out_of_turn", None) if seat in speakers else None
                if ask is not None and (action := ask(deal, seat, rng)) is not None:
                    return action, seat
    return bot_at(deal.to_act)(deal, rng), None


def seated(bots: Sequence[Bot], seating: Seating) -> Callable[[int], Bot]:
    """The bot at each seat of a deal: `bots[p % len(bots)]` for the table player p sitting there."""
    return lambda seat: bots[seating.player(seat) % len(bots)]


def acts_out_of_turn(bots: Sequence[Bot]) -> bool:
    """Whether any of `bots` may act out of turn (`next_move`'s `asks`)."""
    return any(hasattr(bot, "out_of_turn") for bot in bots)

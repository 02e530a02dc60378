"""Players asked out of turn (brou.engine.bots.next_move): where a reading lets a seat act though
it is not its turn (1802's and Brouc's claim at any moment, AMB-14), a bot that acts out of turn
is asked before the player to act, the session, the studies and their replay carry the seat."""

from __future__ import annotations

import random

from brou.engine.bots import Bot, acts_out_of_turn, bots_of, next_move, seated
from brou.engine.homme import CLAIM_ACTION
from brou.engine.phases import PhaseDeal
from brou.engine.session import Session
from brou.spec.rules import Rules
from brou.study.arising import NEVER, arising
from brou.study.play import play_sessions

ANY_MOMENT = {"claim_moment": "any-moment"}


class EagerClaimer:
    """Plays as the greedy bot on its turn; out of turn, claims whenever it may (right or not)."""

    def __init__(self, rules: Rules) -> None:
        self.inner = bots_of(rules)["random"]
        self.asked: list[int] = []

    def __call__(self, deal: PhaseDeal, rng: random.Random) -> int:
        return self.inner(deal, rng)

    def out_of_turn(self, deal: PhaseDeal, seat: int, rng: random.Random) -> int | None:
        self.asked.append(seat)
        claim = deal.rules.pass_action + CLAIM_ACTION
        return claim if claim in deal.legal_actions(seat) else None


def test_a_seat_that_may_act_out_of_turn_is_asked_and_its_action_taken_for_it() -> None:
    rules = Rules.load("homme-de-brou-1802", **ANY_MOMENT)
    session = Session(rules, 3)
    claimer = EagerClaimer(rules)
    plain = bots_of(rules)["random"]
    bots: list[Bot] = [plain, claimer]  # the odd team claims out of turn
    rng = random.Random(0)
    deal = session.deal
    action, seat = next_move(deal, seated(bots, session.seating), rng, acts_out_of_turn(bots))
    odd = [s for s in range(4) if session.seating.player(s) % 2 == 1]
    assert seat in odd and seat != deal.to_act
    assert action == rules.pass_action + CLAIM_ACTION
    assert set(claimer.asked) <= set(odd)


def test_nobody_is_asked_out_of_turn_where_the_reading_gives_no_such_moment() -> None:
    rules = Rules.load("homme-de-brou-1802")  # own-turn: the default
    session = Session(rules, 3)
    claimer = EagerClaimer(rules)
    bots: list[Bot] = [bots_of(rules)["random"], claimer]
    for _ in range(20):
        action, seat = next_move(session.deal, seated(bots, session.seating), random.Random(1), True)
        assert seat is None
        session.apply(action, seat)
    assert claimer.asked == []


def test_a_bot_without_out_of_turn_is_never_asked() -> None:
    rules = Rules.load("homme-de-brou-1802", **ANY_MOMENT)
    bots = [bots_of(rules)["random"], bots_of(rules)["greedy"]]
    assert not acts_out_of_turn(bots)
    session = Session(rules, 3)
    to_act = session.deal.to_act
    action, seat = next_move(session.deal, seated(bots, session.seating), random.Random(1), True)
    assert seat is None and action in session.deal.legal_actions(to_act)


def test_a_session_played_with_a_claim_out_of_turn_replays_under_its_own_reading() -> None:
    """Session.play takes the claim out of turn; a study's log keeps it with its seat and the
    detector replays it: under the same reading the two engines never part, under a reading
    without such a moment they part at that very action."""
    rules = Rules.load("homme-de-brou-1802", **ANY_MOMENT)
    session = Session(rules, 5)
    session.play([bots_of(rules)["random"], EagerClaimer(rules)], random.Random(5))
    assert session.is_over
    summaries = play_sessions("homme-de-brou-1802", ANY_MOMENT, ["random"], [5], deals=1)
    assert not any(isinstance(step, tuple) for deal in summaries[0].actions for step in deal)  # nobody asked
    steps = [(rules.pass_action + CLAIM_ACTION, 1)]
    first = Session(rules, 7)
    legal_for_1 = first.deal.legal_actions(1)
    assert rules.pass_action + CLAIM_ACTION in legal_for_1 and first.deal.to_act != 1
    assert arising("homme-de-brou-1802", ANY_MOMENT, ANY_MOMENT, 7, [steps]) == (NEVER,)
    assert arising("homme-de-brou-1802", ANY_MOMENT, {"claim_moment": "own-turn"}, 7, [steps]) != (NEVER,)

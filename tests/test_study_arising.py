"""Whether a reading's situation arises, deal by deal (brou.study.arising), and what it changes
where it does: the session taken on under other rules (`Session.under`), the detector never
firing where the readings cannot part (a reading against itself, AMB-01 with the same player at
the seats of a side: `CANNOT_ARISE`) and firing where they can, a session where it never arose
being the default's own, and the deal played again under the other reading being the option's
session's own deal where the two first part."""

from __future__ import annotations

import pytest

from brou.engine.session import Session
from brou.players import player_bot
from brou.spec.ambiguities import load_register
from brou.spec.rules import Rules
from brou.study.arising import CANNOT_ARISE, NEVER, Replay, _played_again, arising, arose_in, consequences
from brou.study.play import chosen, plans, play_sessions

REGISTER = load_register()


def test_a_session_taken_on_under_the_same_rules_is_the_same_session() -> None:
    rules = Rules.load("brouc")
    session = Session(rules, 11)
    played = play_sessions("brouc", {}, ["careful"], [11], deals=3)[0]
    for step in [a for deal in played.actions[:2] for a in deal]:
        assert isinstance(step, int)  # the careful player is never asked out of turn
        session.apply(step)
    again = session.under(rules)
    assert again.deal.deal == session.deal.deal and again.dealer == session.dealer
    assert again.deals == session.deals and again.scores == session.scores and again.marks == session.marks
    before = (session.deal.to_act, session.deal.legal_actions())
    again.apply(again.deal.legal_actions()[0])  # its deal and standing are its own: playing on leaves the first
    assert (session.deal.to_act, session.deal.legal_actions()) == before and session.deal is not again.deal
    assert session.deals is not again.deals and session.scores is not again.scores


def test_a_reading_against_itself_never_arises() -> None:
    for ruleset in ("homme-de-brou-1802", "homme-d-auvergne", "hombre"):
        for s in play_sessions(ruleset, {}, ["careful"], range(2), deals=4):
            assert arising(ruleset, {}, {}, s.seed, s.actions, players=["careful"]) == (NEVER,) * len(s.actions)


@pytest.mark.parametrize(("entry", "players"), [*((e, ["careful"]) for e in sorted(CANNOT_ARISE)),
                                                 ("AMB-58", ["careful", "random", "greedy"])])
def test_an_entry_whose_readings_cannot_part_never_arises_and_says_why(entry: str, players: list[str]) -> None:
    assert len(CANNOT_ARISE[entry]) > 40  # a reason, in words
    studies, _ = chosen(entry)
    assert studies
    for plan in studies:
        default = plan.readings[0]
        for s in play_sessions(plan.ruleset, default.params, players, range(3), deals=6):
            for reading in plan.readings[1:]:
                steps = arising(plan.ruleset, default.params, reading.params, s.seed, s.actions, players=players)
                assert arose_in(steps) == 0, (plan.ruleset, reading.option, s.seed, steps)


def test_amb_01_arises_when_partners_are_different_players() -> None:
    """Who deals next matters once the partners of a side are not the same player: the detector
    sees it (the reason CANNOT_ARISE gives holds only with the same player at a side's seats)."""
    players = ["careful", "careful", "random", "random"]  # partners 0 and 2 differ, and 1 and 3
    (plan,) = [p for p in plans(REGISTER.entry("AMB-01")) if p.ruleset == "brouc"]
    s = play_sessions("brouc", plan.readings[0].params, players, [4], deals=3)[0]
    steps = arising("brouc", plan.readings[0].params, plan.readings[1].params, 4, s.actions, players=players)
    # it arises as each deal ends: the next is dealt by another player (then held by others)
    assert steps[:2] == (len(s.actions[0]), len(s.actions[1])), steps


def test_a_reading_of_which_card_beats_which_arises_as_the_deal_starts() -> None:
    """AMB-43 (where Brusquembille's ten ranks): the careful players choose by the cards' order,
    so under the other reading they may play otherwise before any trick is won otherwise (seed
    39: every deal's result the same at first, the sessions' plays not).  The order every seat
    plays by is part of what the detector compares, so the case arises at each deal's start,
    and no session differs where it did not arise."""
    (plan,) = plans(REGISTER.entry("AMB-43"))
    default, other = plan.readings
    mine = play_sessions(plan.ruleset, default.params, ["careful"], [39])[0]
    theirs = play_sessions(plan.ruleset, other.params, ["careful"], [39])[0]
    assert mine.actions[0] != theirs.actions[0] and mine.scores[0] == theirs.scores[0]
    steps = arising(plan.ruleset, default.params, other.params, 39, mine.actions, players=["careful"])
    assert steps == (0,) * len(mine.actions)


@pytest.mark.parametrize(("entry", "ruleset"), [("AMB-05", "homme-de-brou-1802"), ("AMB-05", "brouc"),
                                                ("AMB-55", "homme-d-auvergne")])
def test_where_it_never_arises_nothing_changes_and_where_it_first_does_the_deal_played_again_is_the_options(
        entry: str, ruleset: str) -> None:
    (plan,) = [p for p in plans(REGISTER.entry(entry)) if p.ruleset == ruleset]
    default, other = plan.readings[0], plan.readings[1]
    players = ["careful", "random"]
    mine = play_sessions(ruleset, default.params, players, range(4), keep_states=True)
    theirs = play_sessions(ruleset, other.params, players, range(4))
    arose = 0
    for s, o in zip(mine, theirs, strict=True):
        deals = consequences(ruleset, default.params, other.params, s.seed, s.actions, players, s.states)
        assert len(deals) == len(s.actions)
        first = next((i for i, d in enumerate(deals) if d.step != NEVER), None)
        if first is None:  # never parted: the option's session is the default's
            assert (o.every, o.winners, o.scores) == (s.every, s.winners, s.scores)
            continue
        arose += 1
        assert s.scores[:first] == o.scores[:first]  # the same until the deal where it first arises
        if first < len(o.scores):
            assert o.scores[first] == tuple(a + b for a, b in zip(s.scores[first], deals[first].delta, strict=True))
        for d in deals:
            assert (d.step == NEVER) == (not d.delta) or d.changed
            assert d.changed or not any(d.delta)
    assert arose, "the situation should arise in a few sessions of this entry"


def test_a_replay_by_the_session_players_themselves_gives_what_the_sessions_give() -> None:
    """The careful player draws nothing at random, so his replays under the default reading are
    the deals as played: every deal's figures as without a replay, and chance changes nothing."""
    (plan,) = [p for p in plans(REGISTER.entry("AMB-05")) if p.ruleset == "brouc"]
    default, other = plan.readings[0], plan.readings[1]
    for s in play_sessions("brouc", default.params, ["careful"], range(3), keep_states=True):
        plain = consequences("brouc", default.params, other.params, s.seed, s.actions, ["careful"], s.states)
        again = consequences("brouc", default.params, other.params, s.seed, s.actions, ["careful"], s.states,
                             replay=Replay(("careful",), 99))
        assert [(d.step, d.changed, d.delta) for d in plain] == [(d.step, d.changed, d.delta) for d in again]
        assert all(d.noise is False for d in again if d.replayed)
        assert all(d.noise is None for d in plain)


def test_a_replay_plays_again_its_budget_of_deals_and_shows_what_its_players_do_with_a_reading() -> None:
    """AMB-06 (when 1802 and Brouc allow an announcement): the careful players announce where
    every reading allows it, so in their own replays nothing changes; players who announce at
    any moment allowed (random ones) meet the moments one reading forbids, and the results
    change, at most `budget` deals a session played again."""
    (plan,) = [p for p in plans(REGISTER.entry("AMB-06")) if p.ruleset == "brouc"]
    default, other = plan.readings[0], plan.readings[1]
    changed = noise = replayed = 0
    for s in play_sessions("brouc", default.params, ["careful"], range(4), keep_states=True):
        plain = consequences("brouc", default.params, other.params, s.seed, s.actions, ["careful"], s.states)
        assert not any(d.changed for d in plain)
        again = consequences("brouc", default.params, other.params, s.seed, s.actions, ["careful"], s.states,
                             replay=Replay(("random",), 2), budget=2)
        assert [d.step for d in again] == [d.step for d in plain]  # the arising is the sessions' own
        done = [d for d in again if d.replayed]
        assert len(done) == min(2, sum(1 for d in plain if d.step != NEVER))
        assert done == [d for d in again if d.step != NEVER][:len(done)]  # the first where it arises
        changed += sum(d.changed for d in done)
        noise += sum(bool(d.noise) for d in done)
        replayed += len(done)
    assert replayed == 8 and changed and noise


def test_replays_draw_common_random_numbers_so_the_same_deal_under_the_same_rules_is_played_the_same() -> None:
    """Each decision of a replay draws from a generator seeded by the deal's actions so far: two
    plays of one deal by random players under the same rules are the same play."""
    rules = Rules.load("brouc")
    bots = [player_bot(rules, "random")]
    one, two = Session(rules, 7), Session(rules, 7)
    assert _played_again(one, bots, None, "7:0") == _played_again(two, bots, None, "7:0")
    three = Session(rules, 7)
    assert _played_again(three, bots, None, "7:0:again") != _played_again(Session(rules, 7), bots, None, "7:0")

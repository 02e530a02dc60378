"""Acting out of turn: who may speak besides the player to act, and what it does.

The readings that allow it (docs/game.md, "Who may speak"): Brouc dehors for a team
written above 300 under dehors_above_300=any-moment (the default), claim_moment=any-moment,
announce_window=any-time-once-team-has-trick.  An out-of-turn action never moves the turn;
everything else given for another seat is refused with wrong-seat, the state unchanged.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from brou import HommeDeal, IllegalAction
from brou.cards.deal import deal_from_cards
from brou.conformance.compare import ERRORED, FAILED, PASSED, judge
from brou.conformance.corpus import Scenario
from brou.conformance.harness import skip_reason
from brou.conformance.server import Reference, perft
from brou.conformance.table import Table
from brou.engine.homme import action_text
from brou.laws.game import GameContext
from helpers import load

HDB = "homme-de-brou-1802"
BROUC = "brouc"
# seat 0 leads; seat 3 deals.  Seat 0 holds KS QS, seat 2 KC QC, seat 3 KH QH (hearts trump).
HANDS = [["KS", "QS", "AH", "7H", "AD", "7D", "9C", "7C"], ["9S", "TS", "9H", "TH", "KD", "QD", "8C", "JC"],
         ["AS", "8S", "8H", "JH", "9D", "TD", "KC", "QC"], ["7S", "JS", "KH", "QH", "8D", "JD", "AC", "TC"]]


def state(name: str, scores: tuple[int, int] | None = None, **params: Any) -> HommeDeal:
    rules = load(name, **params)
    context = None if scores is None else GameContext(scores)
    return HommeDeal(rules, deal_from_cards(rules, HANDS, "QH"), context)


def texts(s: HommeDeal) -> dict[int, list[str]]:
    return {seat: [action_text(s.rules, a) for a in actions] for seat, actions in s.speakers().items()}


def play(s: HommeDeal, line: str) -> HommeDeal:
    for text in line.split():
        s.apply_text(text)
    return s


@pytest.mark.clause("brouc.game.dehors")
def test_a_team_above_300_may_declare_dehors_out_of_turn_and_the_game_ends() -> None:
    s = play(state(BROUC, (320, 250)), "KS")
    assert texts(s)[2] == ["claim"] and texts(s)[0] == ["claim"] and 3 not in texts(s)
    s.apply_text("claim", 2)
    assert s.is_over and s.outcome is not None and s.outcome.how == "claim-right" and s.outcome.winner == 0


@pytest.mark.clause("brouc.game.dehors")
@pytest.mark.parametrize("moment", ["own-turn", "before-first-card"])
def test_other_readings_of_amb_31_refuse_dehors_out_of_turn(moment: str) -> None:
    s = state(BROUC, (320, 250), dehors_above_300=moment)
    if moment == "own-turn":
        play(s, "KS")
    before = s.record()
    with pytest.raises(IllegalAction) as err:
        s.apply_text("claim", 2)
    assert err.value.code == "wrong-seat"
    assert s.record() == before and s.out_of_turn_actions(2) == []


@pytest.mark.clause("hdb.game.claim")
def test_by_default_a_claim_comes_only_on_ones_turn() -> None:
    s = play(state(HDB, (200, 100)), "AD KD 9D 8D pass pass KS")
    assert set(texts(s)) == {s.to_act}
    with pytest.raises(IllegalAction) as err:
        s.apply_text("claim", 2)
    assert err.value.code == "wrong-seat"


@pytest.mark.clause("hdb.game.claim", "hdb.game.claim-wrong")
def test_claim_moment_any_moment_lets_every_player_claim_out_of_turn() -> None:
    s = play(state(HDB, (100, 100), claim_moment="any-moment"), "AD KD")
    assert s.to_act == 2 and all("claim" in texts(s)[seat] for seat in range(4))
    s.apply_text("claim", 1)
    assert s.outcome is not None and s.outcome.how == "claim-wrong" and s.outcome.winner == 0


@pytest.mark.clause("hdb.game.claim")
def test_a_declared_team_may_not_escape_by_a_claim_out_of_turn() -> None:
    s = state(HDB, (290, 100), claim_moment="any-moment")
    s.declared = (0, False)
    assert "claim" not in texts(s).get(2, [])
    with pytest.raises(IllegalAction) as err:
        s.apply_text("claim", 2)
    assert err.value.code == "claim-not-now"


@pytest.mark.clause("brouc.marriage.announce-window")
def test_an_announcement_out_of_turn_scores_and_leaves_the_turn_where_it_was() -> None:
    s = play(state(BROUC, announce_window="any-time-once-team-has-trick"), "AD KD 9D 8D KS")
    assert s.to_act == 1 and texts(s)[2] == ["announce KQC"]
    legal = s.legal_actions()
    s.apply_text("announce KQC", 2)
    assert s.to_act == 1 and s.legal_actions() == legal and s.announced_points == [20, 0]
    assert 2 not in texts(s)
    for text, seat, code in [("announce KQC", 2, "marriage-reused"), ("announce KQH", 3, "announce-needs-trick"),
                             ("TS", 2, "wrong-seat"), ("pass", 2, "wrong-seat"), ("claim", 2, "wrong-seat")]:
        with pytest.raises(IllegalAction) as err:
            s.apply_text(text, seat)
        assert err.value.code == code, text


@pytest.mark.clause("brouc.marriage.announce-window")
def test_any_time_plays_as_own_turn_for_the_player_to_act() -> None:
    """The new option changes only what others may do: the player to act's actions and the
    perft counts (on-turn sequences) are those of own-turn-once-team-has-trick."""
    for seed in range(20):
        rng = random.Random(seed)
        a = HommeDeal.from_seed(load(BROUC), seed)
        b = HommeDeal.from_seed(load(BROUC, announce_window="any-time-once-team-has-trick"), seed)
        while not a.is_over:
            assert a.legal_actions() == b.legal_actions()
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
        assert perft(HommeDeal.from_seed(b.rules, seed), 3) == perft(HommeDeal.from_seed(a.rules, seed), 3)


def test_out_of_turn_actions_are_recorded_with_their_seat_and_replayed() -> None:
    s = play(state(BROUC, announce_window="any-time-once-team-has-trick"), "AD KD 9D 8D KS")
    s.apply_text("announce KQC", 2)
    play(s, "TS")
    record = s.record()
    assert record["out_of_turn"] == [[5, 2]]
    again = HommeDeal.replay(record)
    assert again.history == s.history and again.announcements == s.announcements and again.to_act == s.to_act


def test_a_seat_that_does_not_exist_is_the_wrong_seat() -> None:
    s = state(BROUC, (320, 250))
    for seat in (4, -1, 10**9):
        with pytest.raises(IllegalAction) as err:
            s.apply_text("claim", seat)
        assert err.value.code == "wrong-seat"
        assert s.out_of_turn_actions(seat) == []


def test_nobody_speaks_once_the_deal_is_over() -> None:
    s = state(BROUC, (320, 250))
    s.apply_text("claim", 2)
    assert s.speakers() == {}
    with pytest.raises(IllegalAction) as err:
        s.apply_text("claim", 0)
    assert err.value.code == "deal-over"


def test_the_protocol_table_maps_players_to_seats() -> None:
    """With player 1 dealing, player 2 leads (deal seat 0): speakers and player stay the table's."""
    table = Table(load(BROUC), {"dealer": 1, "hands": HANDS, "turnup": "JC", "game": {"scores": [320, 250]}})
    speakers = table.observe("speakers")
    assert table.observe("to_act") == 2 and speakers[0] == ["claim"] and speakers[1] == speakers[3] == []
    assert table.act("claim", 5)["code"] == "wrong-seat" and table.act("claim", True)["code"] == "wrong-seat"
    assert table.act("claim", 1)["code"] == "wrong-seat"
    assert table.act("claim", 0) == {"ok": True}
    assert table.observe("outcome")["winner"] == 0


# -- the protocol: feature out-of-turn -------------------------------------------------------


def _scenario(steps: list[dict[str, Any]]) -> Scenario:
    data = {"id": "t.out-of-turn", "description": "d", "clauses": ["brouc.game.dehors"], "ruleset": BROUC,
            "setup": {"hands": HANDS, "turnup": "QH", "game": {"scores": [320, 250]}}, "steps": steps}
    return Scenario(data, "test", 1)


def test_a_step_with_a_player_is_sent_with_it_and_needs_the_feature() -> None:
    s = _scenario([{"do": ["KS", "TS"]}, {"reject": "claim", "player": 3, "code": "wrong-seat"}, {"do": "claim", "player": 2}])
    assert s.request["steps"] == [{"act": "KS"}, {"act": "TS"}, {"act": "claim", "player": 3}, {"act": "claim", "player": 2}]
    assert s.needs == {"game", "out-of-turn"}
    assert skip_reason(s, {"rulesets": {BROUC: {"params": {}}}, "features": ["game"]}) == "needs feature out-of-turn"
    assert skip_reason(s, Reference().hello()) is None
    assert judge(s, Reference().run(s.request)).status == PASSED


def test_speakers_are_judged_player_by_player_each_as_a_set() -> None:
    want = [["claim", "AS"], [], ["claim"], []]
    s = _scenario([{"expect": {"speakers": want}}])
    assert s.needs == {"game", "out-of-turn"}
    assert judge(s, {"results": [{"speakers": [["AS", "claim"], [], ["claim"], []]}]}).status == PASSED
    v = judge(s, {"results": [{"speakers": [["AS", "claim"], [], [], []]}]})
    assert v.status == FAILED and "player 2: missing claim" in v.detail and v.observed == "speakers"
    assert judge(s, {"results": [{"speakers": [["AS", "claim"], [], ["claim"]]}]}).status == FAILED
    assert judge(s, {"results": [{"speakers": {"0": []}}]}).status == ERRORED
    assert judge(s, {"results": [{"speakers": [["AS", 1], [], ["claim"], []]}]}).status == ERRORED


READINGS = [
    (HDB, {"claim_moment": "any-moment", "announce_window": "any-time-once-team-has-trick"}, (200, 180)),
    (HDB, {"claim_moment": "any-moment", "table_marking": "players"}, (280, 150)),
    (HDB, {"announce_window": "any-time-once-team-has-trick", "table_marking": "players"}, (150, 150)),
    (BROUC, {"announce_window": "any-time-once-team-has-trick", "table_marking": "players"}, (320, 190)),
    (BROUC, {"dehors_above_300": "any-moment"}, (310, 305)),
    (BROUC, {"announce_window": "any-time-once-team-has-trick", "dehors_above_300": "before-first-card"}, (320, 100)),
]


@pytest.mark.clause("brouc.game.dehors", "hdb.game.claim", "hdb.marriage.announce-window")
@pytest.mark.parametrize(("name", "params", "scores"), READINGS)
def test_an_action_out_of_turn_is_taken_exactly_when_it_is_listed(name: str, params: dict[str, Any],
                                                                   scores: tuple[int, int]) -> None:
    """At every moment of seeded random deals, for every seat that is not to act, each
    claim and announcement id is taken by `apply(action, seat)` exactly when
    `legal_actions(seat)` lists it; a refusal leaves the state as it was, an action taken
    leaves the player to act where he was (every phase: play, windows, marking, the dehors
    round, concessions)."""
    rules = load(name, **params)
    rng = random.Random(17)
    base = rules.pass_action
    candidates = [*range(rules.n_cards, base), base + 1]  # every announcement, and claim
    moments = 0
    for seed in range(12):
        s = HommeDeal.from_seed(rules, seed, GameContext(scores))
        while not s.is_over:
            for seat in range(rules.n_players):
                if seat == s.to_act:
                    continue
                listed = set(s.legal_actions(seat))
                for action in candidates:
                    trial = s.copy()
                    before = trial.record()
                    where = f"seed {seed}, {s.phase}: {action_text(rules, action)} by seat {seat}"
                    try:
                        trial.apply(action, seat)
                    except IllegalAction:
                        assert action not in listed, f"{where} listed but refused"
                        assert trial.record() == before
                        continue
                    assert action in listed, f"{where} taken but not listed"
                    assert trial.is_over or trial.to_act == s.to_act
            moments += 1
            legal = s.legal_actions()
            quiet = [a for a in legal if a <= base or a == base + 7] or legal
            s.apply(rng.choice(quiet))
    assert moments > 200

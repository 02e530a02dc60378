"""Property tests over whole matches: 1,000 per ruleset.

Each example is a match from a hypothesis-drawn seed, played by a pair of bots drawn
from greedy (claims as soon as it is right), random (never claims) and chaos (any
legal action, wrong claims and hopeless declarations included).  For every deal:

- the deal ends and the match goes on, or the match ends, never both nor neither;
- a game ends only in a way the ruleset allows, and a deal that does not end the game
  changes the scores only as the rules say (rounded points added; nothing for a vole
  or a cape, or a replayed coup);
- the claimers' count is at the target for a right claim and below it for a wrong one;
- at most one team marks parties or coches in a deal; marks never go back;
- the score sheet (brou.engine.sheet) shows the scores and marks the engine has.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import snapshot
from test_sheet import TOTALS, running_totals

from brou import ACTION_CODES, IllegalAction, Rules
from brou.cards.shuffle import MAX_SEED
from brou.engine.bots import BOTS
from brou.engine.homme import HommeDeal
from brou.engine.session import Session
from brou.engine.sheet import marks_on_sheet, sheet_rows

GAME_ENDINGS = {
    "homme-de-brou-1802": {"played-out", "claim-right", "claim-wrong", "declaration-made", "declaration-failed",
                           "concession-accepted"},
    "brouc": {"claim-right", "claim-wrong", "declaration-made", "declaration-failed"},
}
DEAL_ENDINGS = {
    "homme-de-brou-1802": {"played-out", "all-tricks", "replay"},
    "brouc": {"played-out", "all-tricks"},
}
PAIRS = [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"), ("chaos", "chaos"), ("chaos", "greedy")]


def check_match(rules: Rules, match: Session) -> None:
    record = match.record()
    assert match.is_over and record["winner"] in (0, 1)
    marks = [0, 0]
    scores = [0, 0]
    target = rules.data["game"]["target"]
    for entry in record["deals"]:
        how = entry["how"]
        assert entry["scores_before"] == scores
        if entry["game_winner"] is None:
            assert how in DEAL_ENDINGS[rules.id], how
            if how == "played-out":
                expected = [scores[m] + entry["rounded"][m] + sum(a["points"] for a in entry["announcements"] if a["team"] == m)
                            + entry["carried_in"][m] + _table(rules, entry, m) for m in range(2)]
                assert entry["scores_after"] == expected
            else:
                assert entry["scores_after"] == scores
            scores = entry["scores_after"]
        else:
            assert how in GAME_ENDINGS[rules.id], how
            winner = entry["game_winner"]
            if how == "claim-right":
                assert entry["scores_after"][winner] >= target
            if how == "played-out":
                assert entry["scores_after"][winner] >= target
            scores = [0, 0]
        assert sum(1 for m in entry["marks"] if m) <= 1
        assert all(m >= 0 for m in entry["marks"])
        marks = [marks[m] + entry["marks"][m] for m in range(2)]
        assert entry["marks_after"] == marks
        replayed = HommeDeal.replay(entry["record"], rules)
        assert replayed.outcome is not None and replayed.outcome.how == how
    rows = sheet_rows(record)  # the score sheet shows what the engine has, deal after deal
    for entry in record["deals"]:
        assert running_totals(rows, entry, TOTALS[rules.id]) == tuple(entry["scores_after"])
        assert marks_on_sheet(r for r in rows if r.coup <= entry["number"]) == tuple(entry["marks_after"])
    spec = rules.data["match"]
    assert record["marks"] == marks
    reached = [m for m in range(2) if marks[m] >= spec["target"]]
    assert len(reached) == 1
    assert record["winner"] == (reached[0] if spec["reaching_target"] == "wins" else 1 - reached[0])
    assert sum(1 for e in record["deals"] if e["game_winner"] is not None) == len(record["games"])


def _table(rules: Rules, entry: dict[str, object], m: int) -> int:
    total = 0
    for t in entry["table"]:  # type: ignore[attr-defined]
        if t["team"] == m:
            total += t["points"]
        elif rules.table_deducted:
            total -= t["points"]
    return total


@pytest.mark.parametrize("name", ["brouc", "homme-de-brou-1802"])
def test_a_thousand_random_matches(name: str) -> None:
    rules = Rules.load(name)

    @settings(max_examples=1000, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, MAX_SEED), pair=st.sampled_from(PAIRS))
    def match(seed: int, pair: tuple[str, str]) -> None:
        m = Session(rules, seed)
        m.play((BOTS[pair[0]], BOTS[pair[1]]), random.Random(seed))
        check_match(rules, m)

    match()


@pytest.mark.parametrize("name", ["brouc", "homme-de-brou-1802"])
def test_game_actions_are_offered_exactly_when_allowed(name: str) -> None:
    """In 300 matches of chaos bots (which take claims, declarations and concessions when
    offered): at every step, every offered action is accepted (on a copy) and a random action
    that is not offered is rejected with a documented code, leaving the state as it was."""
    rules = Rules.load(name)
    all_ids = range(rules.pass_action + 7)
    for seed in range(300):
        rng = random.Random(seed)
        match = Session(rules, seed)
        while not match.is_over:
            state = match.deal
            assert isinstance(state, HommeDeal)
            legal = state.legal_actions()
            for action in legal:
                state.copy().apply(action)
            illegal = [a for a in all_ids if a not in legal]
            before = snapshot(state)
            with pytest.raises(IllegalAction) as caught:
                state.apply(rng.choice(illegal))
            assert caught.value.code in ACTION_CODES
            assert snapshot(state) == before
            match.apply(rng.choice(legal))

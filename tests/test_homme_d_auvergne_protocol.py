"""L'Homme d'Auvergne through the protocol (`brou.conformance.protocol.table.Table`, PROTOCOL.md "Games with a speech") and
the command line (`brou deal`, `brou match`)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from brou.cli import main
from brou.conformance.protocol.server import Reference
from brou.engine.phases import PhaseDeal
from brou.engine.session import Session
from brou.laws.talon import talon_deal_from_cards
from brou.spec.rules import Rules

RULESET = "homme-d-auvergne"
# player 1 holds the king of hearts; the talon turns 7H, then QS, then KD
HANDS = [["JS", "8S", "9H", "8H", "AC"], ["QS", "AS", "KH", "JC", "9C"], ["7S", "AD", "TD", "9D", "7C"],
         ["QD", "JD", "8D", "QC", "8C"]]
TALON = ["7H", "KS", "KD", "AH", "9S", "7D", "TH", "JH", "QH", "KC", "TS", "TC"]


def run(setup: dict[str, Any], steps: list[dict[str, Any]], **params: Any) -> list[dict[str, Any]]:
    answer = Reference().run({"ruleset": RULESET, "params": params, "setup": setup, "steps": steps})
    results: list[dict[str, Any]] = answer["results"]
    return results


def given(**more: Any) -> dict[str, Any]:
    return {"hands": HANDS, "talon": TALON} | more


def test_a_king_shown_in_the_speech_scores_and_is_in_the_ledger() -> None:
    seen = run(given(), [{"act": "turn"}, {"act": "pass"}, {"observe": ["legal"]}, {"act": "show"},
                         {"observe": ["events", "ledger", "result", "to_act", "legal"]}])
    assert set(seen[2]["legal"]) == {"play", "pass", "show"}
    last = seen[-1]
    assert last["events"] == [{"trick": 0, "player": 0, "turn": "7H"}, {"trick": 0, "player": 1, "show": "KH"}]
    assert last["ledger"] == [{"trick": 0, "from": "sheet", "to": 1, "marks": 1, "card": "KH", "clause": "auv.king.held"}]
    assert [r["marks"] for r in last["result"]] == [0, 1, 0, 0]
    assert last["to_act"] == 1 and set(last["legal"]) == {"play", "pass"}


def test_a_rejouissance_turns_a_king_for_its_turner_and_all_passing_ends_the_deal() -> None:
    # 7H: all pass; the next card KS is turned by player 0 (a king: he scores); all pass; KD by
    # player 2 (he scores); all pass; AH by player 3; all pass: three réjouissances are used up
    steps: list[dict[str, Any]] = [{"act": "turn"}] + [{"act": "pass"}] * 4
    steps += [{"act": "turn"}] + [{"act": "pass"}] * 4
    steps += [{"act": "leave"}, {"act": "leave"}, {"act": "turn"}] + [{"act": "pass"}] * 4
    steps += [{"act": "leave"}, {"act": "leave"}, {"act": "leave"}, {"act": "turn"}] + [{"act": "pass"}] * 4
    steps.append({"observe": ["over", "outcome", "trump", "talon"]})
    last = run(given(), steps)[-1]
    assert last["over"] is True and last["trump"] == "H" and last["talon"] == 8
    assert last["outcome"] == {"how": "all-passed", "homme": None, "winner": None, "marks": [1, 0, 1, 0]}


def test_after_play_a_later_holder_of_the_king_is_asked_to_show_it() -> None:
    # player 0 plays on hearts; player 1, who holds the king of hearts, may still show it
    seen = run(given(), [{"act": "turn"}, {"act": "play"}, {"observe": ["homme", "to_act", "legal"]}, {"act": "show"},
                         {"observe": ["to_act", "legal", "ledger"]}])
    assert seen[2] == {"homme": 0, "to_act": 1, "legal": ["show", "pass"]}
    assert seen[4]["to_act"] == 0 and seen[4]["legal"] == ["JS", "8S", "9H", "8H", "AC"]
    assert [e["clause"] for e in seen[4]["ledger"]] == ["auv.king.held"]


def test_the_game_ends_at_once_when_a_king_reaches_the_target() -> None:
    seen = run(given(session={"deals": 4, "marks": [0, 4, 2, 1]}),
               [{"act": "turn"}, {"act": "pass"}, {"act": "show"}, {"observe": ["over", "outcome", "session", "legal"]}])
    last = seen[-1]
    assert last["over"] is True and last["legal"] == []
    assert last["outcome"] == {"how": "target", "homme": None, "winner": None, "marks": [0, 1, 0, 0]}
    assert last["session"] == {"deals": 5, "marks": [0, 5, 2, 1], "winners": [1], "next_dealer": 0}


def test_a_deal_not_played_passes_the_deal_and_a_deal_step_deals_the_next() -> None:
    seen = run(given(session={"marks": [1, 0, 0, 0]}),
               [{"act": "leave"}] * 4 + [{"observe": ["session"]}, {"deal": {"seed": 5}},
                                          {"observe": ["to_act", "legal", "session"]}])
    assert seen[4]["session"] == {"deals": 1, "marks": [1, 0, 0, 0], "winners": None, "next_dealer": 0}
    assert seen[6]["to_act"] == 1 and seen[6]["legal"] == ["turn", "leave"]
    assert seen[6]["session"]["deals"] == 1


@pytest.mark.parametrize("setup, params, words", [
    (given(turnup="7H"), {}, "turns no card"),
    ({"hands": HANDS}, {}, "setup.talon"),
    (given(talon=TALON[:-1]), {}, "the talon has 11 cards"),
    (given(session={"marks": [5, 0, 0, 0]}), {}, "already won"),
    (given(session={"jetons": [0, 0, 0, 0]}), {}, "keeps marks"),
    (given(session={"marks": [-1, 0, 0, 0]}), {"debts": "forgiven"}, "fewer than 0"),
])
def test_setups_that_cannot_be_played_are_errors(setup: dict[str, Any], params: dict[str, Any], words: str) -> None:
    answer = Reference().run({"ruleset": RULESET, "params": params, "setup": setup, "steps": [{"observe": ["to_act"]}]})
    assert "error" in answer and words in answer["error"], answer


def test_refusals_leave_the_state_as_it_was() -> None:
    seen = run(given(), [{"act": "JS"}, {"act": "play"}, {"act": "show"}, {"act": "turn"}, {"act": "show"},
                         {"act": "pass"}, {"act": "pass"}, {"act": "play"}, {"act": "turn"}, {"act": "7H"},
                         {"observe": ["to_act", "words"]}])
    codes = [r.get("code") for r in seen[:-1]]
    assert codes == ["cards-not-yet", "word-not-now", "word-not-now", None, "no-king-to-show", None, None, None,
                     "word-not-now", "not-in-hand"]
    assert seen[-1]["to_act"] == 0


def test_the_view_shows_the_speech_and_hides_the_hands() -> None:
    views = run(given(), [{"act": "turn"}, {"act": "pass"}, {"act": "show"}, {"observe": ["view"]}])[-1]["view"]
    assert [v["player"] for v in views] == [0, 1, 2, 3]
    for p, v in enumerate(views):
        assert sorted(v["hand"]) == sorted(HANDS[p])
        assert v["phase"] == "speech" and v["turned"] == [{"player": 0, "card": "7H"}]
        assert v["shown"] == [{"player": 1, "card": "KH"}] and v["marks"] == [0, 1, 0, 0]
        assert v["talon"] == 11 and v["held"] == [5, 5, 5, 5] and v["homme"] is None
        assert set(v) == {"player", "phase", "to_act", "trump", "hand", "held", "talon", "turned", "words", "shown",
                          "homme", "trick", "tricks", "marks"}


def test_a_session_ends_exactly_when_its_marks_reach_the_target() -> None:
    rules = Rules.load(RULESET)
    for seed in range(20):
        session = Session(rules, seed)
        session.play((lambda deal, rng: rng.choice(deal.legal_actions()),), random.Random(seed))
        record = session.record()
        marks = record["marks"]
        assert record["winners"] and max(marks) >= 5
        assert all(marks[w] == max(marks) for w in record["winners"])
        assert record["pot"] == {"stakes": 4, "taken_by": record["winners"]}  # auv.stakes.pool
        before = [0] * rules.n_players
        for deal in record["deals"][:-1]:  # nobody had won before the last deal
            before = deal["marks"]
            assert max(before) < 5 or sorted(before).count(max(before)) > 1


def test_a_deal_replays_from_its_record() -> None:
    rules = Rules.load(RULESET)
    rng = random.Random(3)
    deal = PhaseDeal(rules, talon_deal_from_cards(rules, HANDS, TALON, None))
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    record = deal.record()
    again = PhaseDeal(rules, talon_deal_from_cards(rules, record["deal"]["hands"], record["deal"]["talon"], None))
    for action in record["actions"]:
        again.apply_text(action)
    assert again.ledger == deal.ledger and again.tricks == deal.tricks and again.ended == deal.ended


def test_brou_deal_tells_the_speech(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--ruleset", RULESET, "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Speech: P0 turns JC; P0 play; P3 shows KC" in out
    assert "P3 > sheet" not in out and "Marks: P0 -1, P1 +1, P2 +1, P3 +2" in out


def test_brou_deal_json_replays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--ruleset", RULESET, "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rules = Rules.load(RULESET)
    deal = PhaseDeal(rules, talon_deal_from_cards(rules, data["deal"]["hands"], data["deal"]["talon"], None))
    for action in data["actions"]:
        deal.apply_text(action)
    assert deal.is_over and [r["marks"] for r in data["result"]] == [r.jetons for r in deal.seat_results()]


@pytest.mark.parametrize("params, last", [([], "Winner: P"), (["--param", "target=7"], "Winner")])
def test_brou_match_plays_a_game_to_the_target(capsys: pytest.CaptureFixture[str], params: list[str], last: str) -> None:
    assert main(["match", "--ruleset", RULESET, "--seed", "3", *params]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert any(line.startswith("Game to") for line in out)
    assert any(line.startswith(last) for line in out)

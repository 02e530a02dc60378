"""Brusquembille through the protocol (`brou.conformance.protocol.table.Table`) and the command line (`brou deal`,
`brou match`)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from brou.cli import main
from brou.conformance.protocol.server import Reference

RULESET = "brusquembille-1718"
HANDS = [["AS", "KH", "9D"], ["TH", "QC", "8D"], ["AH", "JS", "9C"]]
TALON = ["KS", "QS", "JH", "TS", "9S", "7H", "AD", "TD", "KD", "QD", "JD", "7D", "AC", "TC", "KC", "JC", "8C",
         "QH", "9H", "8H"]


def run(setup: dict[str, Any], steps: list[dict[str, Any]], **params: Any) -> dict[str, Any]:
    return Reference().run({"ruleset": RULESET, "params": params, "setup": setup, "steps": steps})


def given(**more: Any) -> dict[str, Any]:
    return {"hands": HANDS, "talon": TALON, "turnup": "8S"} | more


def test_a_trick_draws_and_pays_by_player() -> None:
    out = run(given(), [{"act": "AS"}, {"act": "TH"}, {"act": "JS"},
                        {"observe": ["events", "result", "ledger", "talon", "to_act"]}])
    seen = out["results"][-1]
    assert seen["events"] == [{"trick": 1, "player": 0, "draw": "KS"}, {"trick": 1, "player": 1, "draw": "QS"},
                              {"trick": 1, "player": 2, "draw": "JH"}]
    assert [r["jetons"] for r in seen["result"]] == [-15, -24, -21]
    assert seen["talon"] == 18 and seen["to_act"] == 0
    assert {e["clause"] for e in seen["ledger"]} == {"brus.stakes.pool", "brus.pay.brusquembille"}


def test_a_dealer_moves_the_players() -> None:
    seen = run(given(dealer=0), [{"observe": ["to_act", "legal"]}])["results"][0]
    assert seen["to_act"] == 1 and sorted(seen["legal"]) == sorted(HANDS[1])


@pytest.mark.parametrize("setup, params, words", [
    (given(dealer=0), {"form": "four-partners"}, "rightmost player of a pair"),
    ({"hands": HANDS, "turnup": "8S"}, {}, "setup.talon"),
    (given(game={"scores": [0, 0]}), {}, "no game or match"),
    (given(talon=TALON[:-1]), {}, "the talon has 19 cards"),
    (given(turnup="7S"), {}, "not in the pack"),
    (given(session={"deals": 6}), {}, "already over"),
])
def test_setups_that_cannot_be_played_are_errors(setup: dict[str, Any], params: dict[str, Any], words: str) -> None:
    out = run(setup, [{"observe": ["to_act"]}], **params)
    assert words in out["error"], out


def lowest_cards(seed: int, **params: Any) -> list[str]:
    """The cards of a seeded deal played by the lowest legal card each time."""
    from brou.engine.phases import PhaseDeal
    from brou.laws.talon import talon_deal_from_seed
    from brou.spec.rules import Rules

    rules = Rules.load(RULESET, **params)
    deal, out = PhaseDeal(rules, talon_deal_from_seed(rules, seed)), []
    while not deal.is_over:
        card = min(deal.legal_actions())
        out.append(rules.card_text(card))
        deal.apply(card)
    return out


def test_a_session_adds_up_deal_after_deal() -> None:
    steps: list[dict[str, Any]] = [{"deal": {"seed": 8}}, *[{"act": c} for c in lowest_cards(7)],
             {"observe": ["session", "result"]},
             {"deal": {"seed": 8}}, {"observe": ["session", "to_act"]}]
    out = run({"seed": 7, "session": {"deals": 1, "jetons": [5, 0, -5], "totals": [60, 30, 30]}}, steps[1:])
    after, result = out["results"][-3]["session"], out["results"][-3]["result"]
    assert after["deals"] == 2 and after["winners"] is None
    assert after["jetons"] == [j + r["jetons"] for j, r in zip([5, 0, -5], result, strict=True)]
    assert after["totals"] == [t + r["card_points"] for t, r in zip([60, 30, 30], result, strict=True)]
    assert after["next_dealer"] == 0 and out["results"][-1]["session"]["deals"] == 2
    assert out["results"][-1]["to_act"] == 1  # player 0 deals the next deal, player 1 leads
    early = run({"seed": 7, "session": {}}, steps[:1])
    assert "still being played" in early["error"]
    last = run({"seed": 7, "session": {"deals": 2}}, [*steps[1:-3], {"observe": ["session"]}, {"deal": {"seed": 8}}],
               rounds=1)
    assert "session was over" in last["error"]


def test_a_deal_step_needs_a_session() -> None:
    out = run(given(), [{"deal": {"seed": 3}}])
    assert "needs a session" in out["error"]


def test_brou_deal_shows_draws_and_payments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--ruleset", RULESET, "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Trick  1: P0 QS, P1 7H, P2 AD -> P2 (14); draws P2 JS P0 KC P1 9C; paid P0>P2 2, P1>P2 2" in out
    *_, jetons, line = out.rstrip().splitlines()
    assert jetons == "Jetons: P0 +49, P1 -26, P2 -23"
    assert line.startswith(f"Notation: {RULESET} 2 ") and line.endswith(" TC")  # the deal and its 30 actions


def test_brou_deal_json_replays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--ruleset", RULESET, "--seed", "7", "--param", "form=five", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["deal"]["hands"]) == 5 and len(data["actions"]) == 30
    assert sum(r["jetons"] for r in data["result"]) == 0


@pytest.mark.parametrize("params, last", [([], "Winner: P0"), (["--param", "scoring=points"], "Winner")])
def test_brou_match_plays_a_session(capsys: pytest.CaptureFixture[str], params: list[str], last: str) -> None:
    assert main(["match", "--ruleset", RULESET, "--seed", "3", *params]) == 0
    lines = capsys.readouterr().out.rstrip().splitlines()
    assert lines[0].startswith("First dealer: player ")
    assert any(line.startswith(last) for line in lines)


def test_brou_match_refuses_an_svg_for_a_session(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--ruleset", RULESET, "--seed", "3", "--svg", "x.svg"]) == 2
    assert "score sheet" in capsys.readouterr().err

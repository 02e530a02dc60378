"""A targeted study's aims (brou.study.targeted): each names a study of the register, its players
can play it, its standing is inside a game of a match; a steering may name an action itself
(L'Hombre's `tourne`); and `brou study --steer` plays an aimed study end to end."""

from __future__ import annotations

import json
import random
from pathlib import Path

from brou.cli.main import main
from brou.engine.session import GAMES_AND_MARKS, session_kind
from brou.spec.ambiguities import load_register
from brou.spec.rules import Rules
from brou.study.play import _steered, check_players, plans
from brou.study.targeted import AIMS, aim_of

REGISTER = load_register()


def test_every_aim_names_a_study_its_players_can_play() -> None:
    for entry, rows in AIMS.items():
        studied = {p.ruleset: p for p in plans(REGISTER.entry(entry))}
        for ruleset, aim in rows.items():
            assert ruleset in studied, f"{entry}: no study for {ruleset}"
            assert aim_of(studied[ruleset]) is aim
            assert aim.steer or aim.standing or aim.players, f"{entry} {ruleset}: an aim that aims at nothing"
            if aim.players:
                check_players(aim.players, [ruleset])
            if aim.standing is not None:
                assert session_kind(Rules.load(ruleset)) == GAMES_AND_MARKS
                for lo, hi in aim.standing.scores:
                    assert 0 <= lo <= hi <= 300  # inside a game: nobody has reached 301 yet


def test_a_steering_may_name_the_action_itself() -> None:
    """`tourne` is the text of one bid of L'Hombre's auction, not a kind: steered at 1, it is the
    only action ever nudged."""
    from brou.engine.session import Session

    deal = Session(Rules.load("hombre"), 3).deal
    rng = random.Random(0)
    chosen = {deal.action_text(a) for a in (_steered(deal, {"tourne": 1.0}, rng) for _ in range(20)) if a is not None}
    assert chosen == {"tourne"}


def test_brou_study_steer_plays_an_aimed_study(tmp_path: Path) -> None:
    out = tmp_path / "aimed"
    assert main(["study", "AMB-15", "--deals", "2", "--steer", "--replay-players", "careful", "--jobs", "1",
                 "--no-progress", "--out", str(out)]) == 0
    (study,) = json.loads((out / "figures.json").read_text(encoding="utf-8"))["studies"]
    assert study["players"] == ["random"] and study["steered"] is None
    assert study["standing"].startswith("the first game's scores drawn from 260..300")
    assert (out / "AMB-15-homme-de-brou-1802-steered.svg").is_file()


def test_one_deal_played_again_is_one_deal() -> None:
    """A rare case played again once is said in the singular, in the table and the headline."""
    from brou.study.output import arising_text

    rate = {"k": 1, "n": 1, "value": 1.0, "low": 0.2, "high": 1.0}
    mean = {"n": 1, "value": 0.0, "low": 0.0, "high": 0.0}
    a = {"per_deal": rate, "per_session": rate, "replayed": 1, "replayed_by": "search, the first deal",
         "result_changed": rate, "by_chance": rate, "score_moved": mean, "score_change": [mean], "winner_changed": None}
    assert "(1 deal played again by search" in arising_text(a)
    assert "(2 deals played again by search" in arising_text(a | {"replayed": 2})

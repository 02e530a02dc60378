"""Every option of the register's studies shows a change where the search player plays its deals
again, or has a written reason why it shows none (brou.study.reasons; issue 59): checked
against the committed figures (docs/studies/figures.json names the studies, docs/studies/
replayed/ holds the search player's replays)."""

from __future__ import annotations

import json
from typing import Any

from brou.spec.ambiguities import load_register
from brou.study.output import REPLAYED_FILE, headlines, load_figures
from brou.study.play import plans
from brou.study.reasons import WHY_NOTHING, gaps, shows_change

REGISTER = load_register()


def _replayed() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REPLAYED_FILE.read_text(encoding="utf-8"))
    return data


def test_every_option_shows_a_change_or_says_why_it_cannot() -> None:
    bare, contradicted = gaps(load_figures(), _replayed())
    assert bare == [], f"options with no change in any study and no written reason: {bare}"
    assert contradicted == [], f"options with a reason that a study shows changing: {contradicted}"


def test_each_reason_names_a_studied_option_in_both_languages() -> None:
    studied = {(p.entry, p.ruleset, r.option) for e in REGISTER.entries for p in plans(e) for r in p.readings[1:]}
    for key, reason in WHY_NOTHING.items():
        assert key in studied, f"{key}: not an option of a study (a default, or gone from the register)"
        assert len(reason.en) > 40 and len(reason.fr) > 40 and reason.en != reason.fr, key


def test_a_change_is_read_from_the_deals_good_players_played_again() -> None:
    zero = {"k": 0, "n": 40, "value": 0.0, "low": 0.0, "high": 0.088}
    some = zero | {"k": 3, "value": 0.075}
    flat = {"result_changed": zero, "score_moved": {"n": 40, "value": 0.0, "low": 0.0, "high": 0.0}}
    replayed = {"replay": {"players": ["search"]}}
    assert not shows_change(replayed, {"arising": flat})
    assert shows_change(replayed, {"arising": flat | {"result_changed": some}})
    assert shows_change(replayed, {"arising": flat | {"score_moved": {"n": 40, "value": 1.5, "low": 0.1, "high": 2.9}}})
    assert not shows_change(replayed, {"arising": None})  # never arose
    assert not shows_change({"replay": None}, {"arising": flat | {"result_changed": some}})  # careful play only


def test_the_register_headline_gives_the_reason() -> None:
    en = headlines("AMB-12", "brouc", "en")
    fr = headlines("AMB-12", "brouc", "fr")
    assert en is not None and "why the deals played again do not change: marriages are worth whole tens" in en[1][0]
    assert fr is not None and ("pourquoi les donnes rejouées ne changent pas\u00a0: les mariages valent des dizaines "
                               "entières") in fr[1][0]

"""The machine-checked facts (brou.prove): every fact has its expected status, every deal it
shows is replayed here on the engine and checked again, and the cross-check that ties the
z3 encodings to the engine is shown to fail when the encoding is wrong."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest
import z3  # type: ignore[import-untyped]

from brou import prove
from brou.book.text import FACTS_RECORD
from brou.engine.homme import HommeDeal
from brou.laws import ledger, payments, results, talon
from brou.laws.counting import card_points
from brou.prove import brusquembille, following, homme_de_brou, logic
from brou.spec.rules import Rules

HDB, BROUC = prove.HDB, prove.BROUC
SEED = 1802


@cache
def result(fact_id: str) -> prove.FactResult:
    (fact,) = [f for f in prove.FACTS if f.id == fact_id]
    return prove.run_fact(fact, SEED)


def replay(res: prove.FactResult) -> HommeDeal:
    assert res.witness is not None, f"{res.id} shows no deal"
    return HommeDeal.replay(res.witness)


def proved(fact_id: str) -> prove.FactResult:
    res = result(fact_id)
    assert res.status == prove.PROVED, f"{fact_id}: {res.status}: {res.details}"
    return res


def test_facts_are_listed_with_statements_and_existing_rulesets() -> None:
    ids = [f.id for f in prove.FACTS]
    assert len(ids) == len(set(ids))
    for fact in prove.FACTS:
        assert fact.statement and set(fact.rulesets) <= {HDB, BROUC, prove.BRUS, prove.AUV, prove.HOM}
        assert fact.expected in (prove.PROVED, prove.REFUTED)


def test_every_fact_states_itself_in_french_too() -> None:
    """The rulebook is printed in English and French: each fact has a French statement, which is
    not the English one and keeps its numbers (301, 190, -110, the rounding window)."""
    assert len(prove.FACTS) >= 23
    for fact in prove.FACTS:
        assert fact.statement_fr.strip(), f"{fact.id}: no French statement"
        assert fact.statement_fr != fact.statement, fact.id
        assert fact.text("fr") == fact.statement_fr and fact.text() == fact.text("en") == fact.statement
        numbers = [re.findall(r"-?[0-9]+", t.replace("100,000", "100000").replace("100 000", "100000"))
                   for t in (fact.statement, fact.statement_fr)]
        assert sorted(numbers[0]) == sorted(numbers[1]), (fact.id, numbers)
    with pytest.raises(ValueError, match="no language"):
        prove.FACTS[0].text("de")


def test_a_result_carries_the_french_but_the_table_stays_english() -> None:
    fact = prove.Fact("demo.fact", "Every card is a card.", (HDB,), (), True, lambda seed: prove.Check(True, "trivially"),
                      statement_fr="Toute carte est une carte.")
    res = prove.run_fact(fact, SEED)
    assert res.status == prove.PROVED and res.ok
    assert res.statement == fact.statement and res.statement_fr == fact.statement_fr == res.text("fr")
    text = prove.table_text([res])
    assert fact.statement in text and fact.statement_fr not in text


# -- the cross-checks: the encodings are the engine's rules ------------------------------


@pytest.mark.clause("hdb.play.follow", "hdb.play.void-free", "brouc.play.follow", "brouc.play.overtrump",
                    "brouc.play.trump-led-lower", "brouc.play.only-trumps", "brouc.play.marriage-exception",
                    "brouc.play.no-undertrump")
def test_following_encodings_agree_with_the_engine() -> None:
    res = proved("crosscheck.following")
    assert "100000" in res.details
    # every part of the Brouc rule is exercised by the sample
    counts = following.exception_counts(Rules.load(BROUC), following.sample_positions(Rules.load(BROUC), 20_000, SEED))
    assert all(n > 50 for n in counts.values()), counts


@pytest.fixture(scope="module")
def sample() -> following.Sample:
    return following.sample_positions(Rules.load(BROUC), 20_000, SEED)


@pytest.mark.clause("brouc.play.overtrump", "brouc.play.trump-led-lower", "brouc.play.only-trumps",
                    "brouc.play.marriage-exception", "brouc.play.no-undertrump")
@pytest.mark.parametrize("part", following.EXCEPTIONS)
def test_the_crosscheck_catches_an_encoding_without_one_part_of_the_rule(sample: following.Sample, part: str) -> None:
    rules = Rules.load(BROUC)
    assert following.crosscheck_following(rules, sample) is None
    found = following.crosscheck_following(rules, sample, frozenset([part]))
    assert found is not None and "encoding" in found and "engine" in found


@pytest.mark.clause("brouc.play.no-undertrump")
def test_lifting_the_undertrump_ban_is_the_parameter(sample: following.Sample) -> None:
    """With undertrump_when_void the ban is lifted, so an encoding without it is right there."""
    rules = Rules.load(BROUC, undertrump_when_void=True)
    assert following.crosscheck_following(rules, sample, frozenset(["no-undertrump"])) is None


@pytest.mark.clause("brouc.play.only-trumps")
def test_a_wrong_encoding_makes_the_crosscheck_fact_report_a_counterexample(monkeypatch: pytest.MonkeyPatch) -> None:
    def without_only_trumps(lg: Any, rules: Rules, p: Any, drop: frozenset[str] = frozenset()) -> list[Any]:
        return following.brouc_f(lg, rules, p, drop | {"only-trumps"})

    monkeypatch.setitem(prove.FOLLOWING_F, "brouc", without_only_trumps)
    (fact,) = [f for f in prove.FACTS if f.id == "crosscheck.following"]
    res = prove.run_fact(fact, SEED)
    assert res.status == prove.COUNTEREXAMPLE and not res.ok
    assert res.counterexample is not None and res.counterexample.startswith("brouc")


@pytest.mark.clause("hdb.play.follow", "brouc.play.follow")
def test_the_whist_encoding_is_not_the_brouc_engine(monkeypatch: pytest.MonkeyPatch, sample: following.Sample) -> None:
    monkeypatch.setitem(prove.FOLLOWING_F, "brouc", following.whist_f)
    assert following.crosscheck_following(Rules.load(BROUC), sample) is not None


@pytest.mark.clause("brouc.play.overtrump")
def test_the_z3_term_check_catches_a_wrong_z3_backend(monkeypatch: pytest.MonkeyPatch, sample: following.Sample) -> None:
    rules = Rules.load(BROUC)
    assert following.crosscheck_z3_terms(rules, sample, 20) is None
    monkeypatch.setattr(prove.Z3Logic, "or_", lambda self, *xs: z3.And(*xs) if xs else z3.BoolVal(False))
    assert following.crosscheck_z3_terms(rules, sample, 20) is not None


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
def test_rounding_encodings_agree_with_the_engine() -> None:
    proved("crosscheck.rounding")


# -- fact 1: rounded card points sum to 120 or 130 ----------------------------------------


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
@pytest.mark.parametrize("policy", homme_de_brou.ROUNDINGS)
def test_rounded_card_points_sum_to_120_or_130(policy: str) -> None:
    res = proved(f"rounding.sum-120-or-130.{policy}")
    assert ("never attained" in res.details) == (policy == "complement-of-smaller")


@pytest.mark.clause("hdb.count.rounding", "brouc.count.rounding")
@pytest.mark.parametrize("policy", ["cards-half-up", "total-half-up"])
def test_130_exactly_when_both_end_in_5(policy: str) -> None:
    proved(f"rounding.130-iff-both-end-in-5.{policy}")


@pytest.mark.clause("hdb.count.rounding")
@pytest.mark.parametrize("policy", ["total-half-away-from-zero", "complement-of-smaller"])
def test_other_roundings_break_the_130_rule_on_a_replayed_deal(policy: str) -> None:
    res = result(f"rounding.130-iff-both-end-in-5.{policy}")
    assert res.status == prove.REFUTED and res.ok, res.details
    state = replay(res)
    assert state.rules.rounding == policy and state.is_over
    teams = state.result().teams
    cards = [t.card_points for t in teams]
    assert cards == [card_points(state.rules, w) for w in state.won]
    assert all(c % 10 == 5 for c in cards)
    assert sum(t.total - t.announced - t.table for t in teams) == 120


# -- fact 2: what rounding decides about 301 (1802) ---------------------------------------


@pytest.mark.clause("hdb.game.last-coup", "hdb.count.rounding")
def test_the_naive_301_statement_is_refuted_by_a_replayed_coup() -> None:
    res = result("hdb.301.naive")
    assert res.status == prove.REFUTED, res.details
    state = replay(res)
    assert state.context is not None and state.context.scores[0] == 230
    out = state.outcome
    assert out is not None and out.how == "played-out" and out.winner == 0
    assert 301 <= out.scores[0] <= 304  # the exact count wins...
    assert 230 + state.result().teams[0].total <= 300  # ...where the rounded one would not


@pytest.mark.clause("hdb.game.last-coup", "hdb.count.rounding")
@pytest.mark.parametrize("policy", homme_de_brou.ROUNDINGS)
def test_rounding_decides_only_just_above_301(policy: str) -> None:
    top = 305 if policy == "complement-of-smaller" else 304
    proved(f"hdb.301.rounding-decides-only-301-{top}.{policy}")


# -- fact 3: a legal card always exists --------------------------------------------------


@pytest.mark.clause("hdb.play.follow", "hdb.play.void-free")
def test_whist_never_leaves_a_player_without_a_card() -> None:
    proved("play.never-stuck.whist")


@pytest.mark.clause("brouc.play.follow", "brouc.play.overtrump", "brouc.play.trump-led-lower", "brouc.play.only-trumps",
                    "brouc.play.marriage-exception", "brouc.play.no-undertrump")
def test_brouc_never_leaves_a_player_without_a_card() -> None:
    proved("play.never-stuck.brouc")


@pytest.mark.clause("brouc.play.trump-led-lower")
def test_without_an_exception_a_player_can_be_stuck() -> None:
    """The proof is not vacuous: the same query finds a stuck player once an exception is dropped."""
    rules = Rules.load(BROUC)
    p = following.z3_position(rules)
    legal = following.brouc_f(prove.Z3Logic(), rules, p, frozenset(["trump-led-lower"]))
    ok, model = logic.prove(z3.Or(legal), prove.well_formed(rules, p))
    assert not ok and model is not None


# -- fact 4: declarations from 190 -------------------------------------------------------


@pytest.mark.clause("hdb.game.partie-et-vole", "hdb.game.partie-et-vole-success", "hdb.game.partie-et-vole-failure")
def test_partie_et_vole_from_190() -> None:
    state = replay(proved("hdb.partie-et-vole.190"))
    out = state.outcome
    assert out is not None and out.how == "declaration-made" and out.scores[0] == 310
    assert state.result().teams[0].announced == state.result().teams[0].table == 0


@pytest.mark.clause("brouc.game.cape-et-dehors")
def test_la_cape_et_dehors_from_190() -> None:
    state = replay(proved("brouc.cape-et-dehors.190"))
    out = state.outcome
    assert out is not None and out.how == "declaration-made"
    assert state.context is not None and state.context.scores[0] == 190


@pytest.mark.clause("hdb.game.partie-et-vole", "hdb.marriage.table")
def test_partie_et_vole_from_minus_110_with_four_table_grand_marriages() -> None:
    state = replay(proved("hdb.partie-et-vole.least-score"))
    out = state.outcome
    assert state.context is not None and state.context.scores[0] == -110
    assert out is not None and out.how == "declaration-made" and out.scores[0] == 310


@pytest.mark.clause("brouc.game.cape-et-dehors", "brouc.game.cape")
def test_a_brouc_sweep_from_40_passes_300_but_is_a_plain_cape() -> None:
    state = replay(proved("brouc.cape-et-dehors.least-score"))
    out = state.outcome
    assert out is not None and out.how == "all-tricks"
    assert 40 + state.result().teams[0].total == 310


# -- fact 5: the largest and smallest result of a deal -----------------------------------


@pytest.mark.clause("hdb.count.card-points", "hdb.marriage.kinds", "hdb.marriage.table")
def test_1802_deal_results_lie_between_minus_300_and_420() -> None:
    state = replay(proved("hdb.deal.extremes"))
    assert [t.total for t in state.result().teams] == [420, -300]


@pytest.mark.clause("brouc.marriage.table", "brouc.marriage.announce-score")
def test_brouc_deal_results_lie_between_minus_150_and_270() -> None:
    state = replay(proved("brouc.deal.extremes"))
    assert [t.total for t in state.result().teams] == [270, -150]


# -- Brusquembille: payments, the pool, the draw, the pack's points ----------------------

BRUS_IDS = ("brus.pay.zero-sum", "brus.pay.trick-extremes", "brus.pool.shared-out", "brus.talon.each-card-once",
            "brus.deck.points-120")


def run_brus(fact_id: str) -> prove.FactResult:
    """The fact run now (not the cached result): for the tests that break a function first."""
    (fact,) = [f for f in prove.FACTS if f.id == fact_id]
    return prove.run_fact(fact, SEED)


def test_brusquembille_facts_are_listed_for_their_ruleset_and_clauses() -> None:
    clauses = set(Rules.load(prove.BRUS).data["clauses"])
    for fact_id in BRUS_IDS:
        (fact,) = [f for f in prove.FACTS if f.id == fact_id]
        assert fact.rulesets == (prove.BRUS,) and fact.holds
        assert fact.clauses and set(fact.clauses) <= clauses, fact.clauses


@pytest.mark.clause("brus.pay.brusquembille", "brus.pay.when")
def test_brusquembille_payments_are_zero_sum() -> None:
    res = proved("brus.pay.zero-sum")
    for form in brusquembille.BRUS_FORMS:
        assert f"{form} (" in res.details


@pytest.mark.clause("brus.pay.brusquembille")
def test_the_payments_crosscheck_catches_an_engine_that_forgets_the_tens(monkeypatch: pytest.MonkeyPatch) -> None:
    right = payments.brusquembille_payments

    def no_tens(rules: Rules, plays: Any, winner: int, trick: int) -> list[Any]:
        return [e for e in right(rules, plays, winner, trick) if e.card is None or rules.jetons[e.card] != 1]

    monkeypatch.setattr(payments, "brusquembille_payments", no_tens)
    res = run_brus("brus.pay.zero-sum")
    assert res.status == prove.COUNTEREXAMPLE and res.counterexample is not None
    assert "encoding" in res.counterexample and "engine" in res.counterexample


@pytest.mark.clause("brus.pay.when")
def test_the_payments_fact_catches_payments_in_the_game_for_points(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(payments, "pays_brusquembilles", lambda rules: rules.n_players != 2)
    res = run_brus("brus.pay.zero-sum")
    assert res.status == prove.COUNTEREXAMPLE and "brus.pay.when" in res.details


@pytest.mark.clause("brus.pay.brusquembille")
def test_a_payment_rule_that_is_not_zero_sum_is_refuted_by_z3() -> None:
    """The zero-sum query is not vacuous: a rule that counts one player too many (a brusquembille
    won paid n times its worth, one lost costing n times) is not zero-sum among the n players."""
    rules = Rules.load(prove.BRUS)
    n = rules.n_players
    cards, leader, winner, paid, premises = brusquembille._trick_vars(rules)
    seats = [logic.seat_f(logic.Z3_ARITH, leader, i, n) for i in range(n)]
    worths = [brusquembille.worth_f(logic.Z3_ARITH, rules, c) for c in cards]
    assert logic.prove(z3.Sum(brusquembille.trick_payments_f(logic.Z3_ARITH, n, seats, worths, winner, paid)) == 0, *premises)[0]
    greedy = brusquembille.trick_payments_f(logic.Z3_ARITH, n + 1, [*seats, z3.IntVal(n)], [*worths, z3.IntVal(0)], winner, paid)
    ok, model = logic.prove(z3.Sum(greedy[:n]) == 0, *premises)
    assert not ok and model is not None


@pytest.mark.clause("brus.pay.brusquembille")
def test_the_most_a_trick_pays_is_reached_on_the_engine() -> None:
    res = proved("brus.pay.trick-extremes")
    assert "three most 8" in res.details and "five least -10" in res.details
    # a bound one jeton too low is refuted, one too high is never reached
    assert not brusquembille.fact_brus_trick_extremes({"three": (7, -6)})(SEED).holds
    assert not brusquembille.fact_brus_trick_extremes({"three": (9, -6)})(SEED).holds
    assert not brusquembille.fact_brus_trick_extremes({"four": (12, -7)})(SEED).holds


@pytest.mark.clause("brus.count.winner", "brus.stakes.pool")
def test_the_pool_is_shared_out_whole() -> None:
    res = proved("brus.pool.shared-out")
    assert "four-partners bank" in res.details


@pytest.mark.clause("brus.count.winner")
def test_the_pool_crosscheck_catches_an_engine_that_keeps_odd_jetons(monkeypatch: pytest.MonkeyPatch) -> None:
    right = results.pool_shares

    def keeps_odd(rules: Rules, points: Any, pool: int, trick_count: int) -> list[Any]:
        out = right(rules, points, pool, trick_count)
        return [e for e in out if e.jetons != 1 or e.taker == ledger.BANK] if len(out) > 1 else out

    monkeypatch.setattr(results, "pool_shares", keeps_odd)
    res = run_brus("brus.pool.shared-out")
    assert res.status == prove.COUNTEREXAMPLE and res.counterexample is not None and "engine" in res.counterexample


@pytest.mark.clause("brus.count.winner")
def test_odd_jetons_given_round_and_round_would_break_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """z3 sees it when the encoding gives odd jetons to the sharing players only while fewer remain
    than there are players: an encoding without that limit gives more than the pool."""
    def unbounded(ar: Any, rules: Rules, points: Any, pool: Any, to_bank: bool) -> tuple[list[Any], Any]:
        got, bank = right(ar, rules, points, pool, to_bank)
        return [g + ar.ite(pool > 1, 1, 0) for g in got], bank

    right = brusquembille.pool_shares_f
    monkeypatch.setattr(brusquembille, "pool_shares_f", unbounded)
    res = run_brus("brus.pool.shared-out")
    assert res.status == prove.COUNTEREXAMPLE


@pytest.mark.clause("brus.talon.draw", "brus.talon.last-draw", "brus.deal.talon", "brus.talon.last-tricks")
def test_every_stock_card_is_drawn_once() -> None:
    res = proved("brus.talon.each-card-once")
    assert "three (7 rounds of 3)" in res.details and "two (13 rounds of 2)" in res.details


def _reverse_order(n: int, winner: Any, stock: Any) -> list[tuple[Any, int]]:
    return [((winner - i) % n, stock[i]) for i in range(n)] if stock else []


def _twice_the_top(n: int, winner: Any, stock: Any) -> list[tuple[Any, int]]:
    return [((winner + i) % n, stock[i // 2]) for i in range(n)] if stock else []


def _winner_draws_twice(n: int, winner: Any, stock: Any) -> list[tuple[Any, int]]:
    return [(winner if i < 2 else (winner + i) % n, stock[i]) for i in range(n)] if stock else []


@pytest.mark.clause("brus.talon.draw", "brus.talon.last-draw")
@pytest.mark.parametrize("wrong", [_reverse_order, _twice_the_top, _winner_draws_twice])
def test_a_wrong_draw_gives_a_z3_counterexample(monkeypatch: pytest.MonkeyPatch, wrong: Any) -> None:
    """Drawing against the order of play hands the turned card to the winner's other neighbour;
    the others break one card each or one card a player."""
    monkeypatch.setattr(talon, "draws", wrong)
    res = run_brus("brus.talon.each-card-once")
    assert res.status == prove.COUNTEREXAMPLE, res.details
    assert "z3 model" in res.details and "winner_trick_" in res.details


@pytest.mark.clause("brus.deck.points", "brus.deck.cards", "brus.count.points", "brus.players.forms")
def test_the_pack_holds_120_points_in_every_form() -> None:
    res = proved("brus.deck.points-120")
    assert "five red (30 cards)" in res.details and "two black (32 cards)" in res.details


@pytest.mark.clause("brus.count.points")
def test_sides_that_overlap_would_count_a_card_twice() -> None:
    rules = Rules.load(prove.BRUS)
    _, sides, premises = brusquembille.side_points_z3(rules, ((0,), (1,), (1, 2)))
    ok, model = logic.prove(z3.Sum(sides) == 120, *premises)
    assert not ok and model is not None


# -- the whole run -----------------------------------------------------------------------


def test_every_fact_has_its_expected_status_and_the_table_shows_it() -> None:
    results = [result(f.id) for f in prove.FACTS]
    wrong = [(r.id, r.status, r.details) for r in results if not r.ok]
    assert not wrong
    text = prove.table_text(results)
    assert all(r.id in text for r in results)
    assert f"{len(results)} facts, {len(results)} as expected" in text


def test_the_record_the_rulebook_shows_is_that_of_a_fresh_run() -> None:
    """docs/rulebook/facts.json, which the rulebook lays out, is what every fact gives today,
    byte for byte as `brou prove --record` writes it."""
    fresh = prove.record_data([result(f.id) for f in prove.FACTS], SEED)
    shipped = json.loads(FACTS_RECORD.read_text(encoding="utf-8"))
    differ = sorted({f["id"] for f in shipped["facts"]} ^ {f["id"] for f in fresh["facts"]}
                    | {a["id"] for a, b in zip(shipped["facts"], fresh["facts"], strict=False) if a != b})
    assert shipped == fresh, f"{differ}: run `brou prove --record docs/rulebook/facts.json`"
    assert [f.id for f in prove.record_results(shipped)] == [f.id for f in prove.FACTS]


def test_a_record_that_is_not_one_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="lacks 'details'"):
        prove.record_results({"facts": [{"id": "x", "statement": "", "statement_fr": "", "rulesets": [],
                                         "status": "proved", "expected": "proved", "clauses": []}]})


def test_runs_are_deterministic() -> None:
    (fact,) = [f for f in prove.FACTS if f.id == "rounding.130-iff-both-end-in-5.complement-of-smaller"]
    first, second = prove.run_fact(fact, 7), prove.run_fact(fact, 7)
    assert first.counterexample == second.counterexample and first.witness == second.witness

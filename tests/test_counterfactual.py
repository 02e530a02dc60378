"""Which reading an implementation plays (brou.conformance.diagnosis.counterfactual): its failures
replayed by the reference engine under each other value of the ruleset's parameters."""

from __future__ import annotations

import tempfile
from pathlib import Path

from brou.conformance.diagnosis.counterfactual import (
    _numbers,
    _readings,
    _replaced,
    _replay,
    _Variant,
    reproductions,
    same_failure,
)
from brou.conformance.diagnosis.localise import ranked
from brou.conformance.judging.compare import FAILED, PASSED, Verdict
from brou.conformance.judging.reference import load_corpus, reference_verdict
from brou.conformance.judging.verdict import Outcome
from brou.conformance.scenarios.corpus import SCENARIO_DIR, Scenario


def _variant(ruleset: str, what: str, value: object) -> _Variant:
    return next(v for v in _readings(ruleset) + _numbers(ruleset) if v.what == what and str(v.value) == str(value))


def _played_under(ruleset: str, what: str, value: object, chapter: str) -> list[Outcome]:
    """The corpus's scenarios of `ruleset` written for a clause of `chapter` (their first),
    judged as a program that has `what: value`: the reference engine under that variant."""
    out = []
    variant = _variant(ruleset, what, value)
    with tempfile.TemporaryDirectory() as folder:
        for s in load_corpus([SCENARIO_DIR]):
            if s.ruleset == ruleset and s.clauses[0].startswith(chapter):
                verdict = _replay(s, variant, Path(folder)) or reference_verdict(s, 10.0)
                out.append(Outcome(s, verdict._replace(clause=s.clauses[0]) if verdict.status == FAILED else verdict))
    return out


def test_a_program_that_counts_table_marriages_once_is_found_playing_that_reading() -> None:
    """table_factor 1 in 1802 (the default counts a table marriage twice): the reading is found
    from the failures alone, and names the clause first in the verdict with its evidence."""
    outcomes = _played_under("homme-de-brou-1802", "table_factor", 1, "hdb.marriage.")
    failures = [(o.scenario, o.verdict) for o in outcomes if o.verdict.status == FAILED]
    assert failures, "table_factor 1 must fail some marriage scenarios"
    found = reproductions("homme-de-brou-1802", failures, [o.scenario for o in outcomes if o.verdict.status == PASSED],
                          mutant_replays=0)  # the readings and numbers: no mutant searched
    assert [(r.what, r.value) for r in found][:1] == [("table_factor", 1)]
    assert found[0].clauses == ("hdb.marriage.table",) and found[0].reproduced == found[0].tried >= 2
    top = ranked("homme-de-brou-1802", outcomes)[0]
    assert top.clause == "hdb.marriage.table" and "with table_factor: 1" in top.evidence


def test_a_reading_refuted_by_a_pass_is_not_offered() -> None:
    """Failures another reading would reproduce, but a scenario of that reading's clause that the
    program passes fails under it: not that reading."""
    outcomes = _played_under("homme-de-brou-1802", "table_factor", 1, "hdb.marriage.")
    failures = [(o.scenario, o.verdict) for o in outcomes if o.verdict.status == FAILED]
    table = [o.scenario for o in outcomes if o.scenario.clauses[0] == "hdb.marriage.table"]
    # as if the program passed every table marriage scenario: table_factor 1 is refuted there
    assert reproductions("homme-de-brou-1802", failures, table) == []


def test_the_same_failure_is_the_same_step_and_answer_whatever_the_refusal_code() -> None:
    a = Verdict(FAILED, "step 1, action 7 of 12: 9S was refused (concession-pending), it is legal", 1)
    b = Verdict(FAILED, "step 1, action 7 of 12: 9S was refused (not-your-turn), it is legal", 1)
    assert same_failure(a, b)
    assert not same_failure(a, b._replace(step=2))
    seen = Verdict(FAILED, "step 2: table", 2, None, [1], None, "table")
    assert same_failure(seen, seen) and not same_failure(seen, seen._replace(got=[2]))
    assert not same_failure(seen, Verdict(PASSED))


def test_a_scenario_that_sets_the_parameter_is_not_replayed() -> None:
    s = Scenario({"id": "x", "description": "d", "clauses": ["hdb.marriage.table"], "ruleset": "homme-de-brou-1802",
                  "origin": "hand-written", "params": {"table_factor": 1}, "setup": {}, "steps": []}, "test", 1)
    assert _replay(s, _variant("homme-de-brou-1802", "table_factor", 1), Path(".")) is None


def test_a_program_whose_jack_is_worth_one_point_is_found_with_that_number() -> None:
    """A number a clause states (its `data`: the cards' points), one less for the jack: found from
    the failures of the counting scenarios, and named first with the number it has."""
    outcomes = _played_under("homme-de-brou-1802", "deck.ranks.J.points", 1, "hdb.count.")
    failures = [(o.scenario, o.verdict) for o in outcomes if o.verdict.status == FAILED]
    found = reproductions("homme-de-brou-1802", failures, [o.scenario for o in outcomes if o.verdict.status == PASSED],
                          mutant_replays=0)  # the readings and numbers: no mutant searched
    assert found and found[0].clauses == ("hdb.deck.points",)
    assert found[0].text == "deck.ranks.J.points: 1 (the rules: 2)"
    assert ranked("homme-de-brou-1802", outcomes)[0].clause == "hdb.deck.points"


def test_a_row_of_the_contract_table_read_one_lower_is_the_table() -> None:
    """L'Hombre's open nolo scored 5 and 6, not 6 and 7: its codille then pays the row's win, so no
    single number moved reproduces every failure (the codille moved to 6 reads as the codille paid
    the win's value, hom.count.score). The whole row moved by one does, and names the table."""
    outcomes = _played_under("hombre", "auction.contracts.nolo-ouvert.won and auction.contracts.nolo-ouvert.codille",
                             "5 and 6", "hom.count.")
    failures = [(o.scenario, o.verdict) for o in outcomes if o.verdict.status == FAILED]
    assert len(failures) >= 2
    found = reproductions("hombre", failures, [o.scenario for o in outcomes if o.verdict.status == PASSED],
                          mutant_replays=0)  # the readings and numbers: no mutant searched
    assert found[0].clauses == ("hom.contract.table",) and found[0].reproduced == found[0].tried
    assert found[0].text == ("auction.contracts.nolo-ouvert.won and auction.contracts.nolo-ouvert.codille: "
                             "5 and 6 (the rules: 6 and 7)")
    assert not [r for r in found if r.what in ("auction.contracts.nolo-ouvert.won", "auction.contracts.nolo-ouvert.codille")
                and r.reproduced == r.tried]  # one number alone reproduces only some


def test_only_the_rows_of_a_table_move_whole() -> None:
    """A row is a named item of a list of three or more (the contracts); two numbers of one record
    that is no row (1802's declaration: its trick and its score) never move together."""
    rows = {(v.what, v.value) for v in _numbers("hombre")
            if " and " in v.what and v.what.endswith(".codille") and v.what.split(".")[2] == v.what.split(".")[-2]}
    assert len(rows) == 2 * 9  # each of the nine contracts one lower and one higher
    assert ("auction.contracts.demande.won and auction.contracts.demande.codille", "0 and 1") in rows
    assert not [v for v in _numbers("homme-de-brou-1802") if "before_trick and" in v.what]


def test_numbers_are_moved_by_one_and_lists_by_one_item() -> None:
    moved = {(v.what, str(v.value)) for v in _numbers("homme-de-brou-1802")}
    assert {("game.target", "300"), ("game.target", "302"), ("game.concession.before_tricks", "[2, 3]"),
            ("game.concession.before_tricks", "[2, 3, 4, 5]")} <= moved
    assert ("deck.ranks.9.points", "-1") not in moved  # never below zero


def test_a_change_within_the_places_a_clause_names_is_that_clauses() -> None:
    """L'Hombre's matadors are the first three places of each trump order (their clause's data:
    `orders.trump.order[:3]`): the baste above the manille is a variant of the matadors; a king
    moved below the queen is one of the trump order."""
    owners = {(v.what, v.value): v.clauses for v in _numbers("hombre")}
    assert owners[("orders.trump.order.black", "espadille baste 2 K Q J 7 6 5 4 3")] == ("hom.deck.matadors",)
    assert owners[("orders.trump.order.black", "espadille 2 baste Q K J 7 6 5 4 3")] == ("hom.deck.trump-order",)


def test_a_card_in_the_places_a_clause_names_may_be_another_card() -> None:
    """The red manille as the two: the seven and the two swapped, which touches the matadors'
    places, is their clause's; a change that leaves those places alone is the order's."""
    owners = {(v.what, v.value): v.clauses for v in _numbers("hombre")}
    assert owners[("orders.trump.order.red", "espadille 2 baste A K Q J 7 3 4 5 6")] == ("hom.deck.matadors",)
    assert owners[("orders.trump.order.red", "espadille 7 baste K A Q J 2 3 4 5 6")] == ("hom.deck.trump-order",)


def test_in_a_short_order_one_rank_moves_to_any_place() -> None:
    """Brusquembille's draw for the first dealer (its clause's data) with the ten ranked second,
    as in play: neither a swap of neighbours nor a move to the top or the bottom."""
    owners = {(v.what, v.value): v.clauses for v in _numbers("brusquembille-1718")}
    assert owners[("session.first_dealer.order", "A T K Q J 9 8 7")] == ("brus.match.first-dealer",)


def test_open_ended_places_are_the_places_the_list_has() -> None:
    """`order[2:]` names every place from the third: each card there swapped with each card
    before them but its neighbour (a neighbours' swap is made elsewhere), not a billion places
    walked."""
    swapped = [v for _, v, _ in _replaced(["A", "K", "Q", "J"], [range(2, 1 << 30)])]
    assert swapped == [["Q", "K", "A", "J"], ["J", "K", "Q", "A"], ["A", "J", "Q", "K"]]


def test_a_program_that_does_not_read_the_match_target_is_found_playing_ten_whatever_is_asked() -> None:
    """A program that plays 1802's match to ten coches whatever `match_target` the scenario asks:
    the scenarios that ask for twelve or fourteen fail, and the variant that plays the default
    wherever another value is asked reproduces them (a reading played where the scenario asks
    for the default would not: those scenarios pass)."""
    outcomes = _played_under("homme-de-brou-1802", "match_target", "10 whatever the scenario asks", "hdb.match.")
    failures = [(o.scenario, o.verdict) for o in outcomes if o.verdict.status == FAILED]
    assert failures and all(s.params.get("match_target", 10) != 10 for s, _ in failures)
    found = reproductions("homme-de-brou-1802", failures, [o.scenario for o in outcomes if o.verdict.status == PASSED],
                          mutant_replays=0)  # the readings and numbers: no mutant searched
    assert [r.text for r in found][:1] == ["match_target: 10 whatever the scenario asks (the rules: the value it asks)"]
    assert len(found[0].shown) == found[0].reproduced  # where each failure it reproduces is laid


def test_a_parameter_of_two_values_not_read_is_its_default_played_where_the_other_is_asked() -> None:
    """Of two values, the other one played whatever is asked is the reading itself (played where
    the default is asked, the scenarios asking for it unchanged): it is not offered twice."""
    readings = [(v.what, str(v.value)) for v in _readings("homme-de-brou-1802") if v.what == "table_factor"]
    assert readings == [("table_factor", "1"), ("table_factor", "2 whatever the scenario asks")]
    always = _variant("homme-de-brou-1802", "table_factor", "2 whatever the scenario asks")
    asks = Scenario({"id": "x", "description": "d", "clauses": ["hdb.marriage.table"], "ruleset": "homme-de-brou-1802",
                     "origin": "hand-written", "params": {"table_factor": 2}, "setup": {}, "steps": []}, "test", 1)
    assert always.play(asks, Path(".")) is None  # it asks for what the program plays
    other = always.play(Scenario(asks.data | {"params": {"table_factor": 1}}, "test", 1), Path("."))
    assert other is not None and other.params["table_factor"] == 2


def test_numbers_are_also_doubled_and_zeroed() -> None:
    """A number counted twice, or not at all: a marriage's value doubled, a card's points zero."""
    moved = {(v.what, str(v.value)) for v in _numbers("homme-de-brou-1802")}
    assert {("game.target", "602"), ("game.target", "0"), ("deck.ranks.A.points", "22"),
            ("deck.ranks.A.points", "0")} <= moved

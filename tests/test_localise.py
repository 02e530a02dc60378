"""The run's verdict (brou.conformance.diagnosis.localise): the rule most likely broken comes first in every report.

The verdict's accuracy is measured, not asserted, by tools/diagnosis-bench over the faults of the
independent engines (docs/conformance.md, "The verdict"); these tests pin its behaviour on a few
cases and its place in the reports.
"""

from __future__ import annotations

import io
import sys
from functools import cache
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
import yaml
from faults import Faulty, _rounding_five_down

from brou.conformance.diagnosis.diagnose import following_clause, nameable
from brou.conformance.diagnosis.localise import Suspect, headline, links, ranked, suspects
from brou.conformance.diagnosis.run import run
from brou.conformance.judging.compare import FAILED, PASSED, Verdict
from brou.conformance.judging.reference import load_corpus
from brou.conformance.judging.verdict import Outcome
from brou.conformance.reporting.report import print_text, to_json, to_junit
from brou.conformance.scenarios.corpus import SCENARIO_DIR, Scenario
from brou.errors import SpecError
from brou.laws import counting
from brou.spec import check_document, load_document
from helpers import load

REPO = Path(__file__).resolve().parents[1]


def _scenario(ident: str, clauses: list[str], origin: str = "hand-written", ruleset: str = "homme-de-brou-1802") -> Scenario:
    return Scenario({"id": ident, "description": "d", "clauses": clauses, "ruleset": ruleset, "origin": origin,
                     "setup": {}, "steps": []}, "test", 1)


def _outcome(s: Scenario, failed: bool, clause: str | None = None) -> Outcome:
    return Outcome(s, Verdict(FAILED, "x", None, None, None, clause) if failed else Verdict(PASSED))


def test_an_upstream_rule_whose_own_scenarios_fail_comes_before_the_rule_where_it_shows() -> None:
    """The ten ranked below the king: the tricks it decides within a plain suit are laid on the
    card order, those decided among trumps on the trick's winner; one of the order's own
    scenarios fails, the five of the trick's winner pass: the order first."""
    outcomes = [_outcome(_scenario("order.1", ["hdb.deck.order"]), True, "hdb.deck.order")]
    outcomes += [_outcome(_scenario(f"order.{i}", ["hdb.deck.order"]), False) for i in range(2, 6)]
    outcomes += [_outcome(_scenario(f"winner.{i}", ["hdb.play.trick-winner"]), False) for i in range(5)]
    outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.play.lead", "hdb.play.trick-winner"], "generated"), True,
                          "hdb.deck.order" if i < 120 else "hdb.play.trick-winner") for i in range(200)]
    found = ranked("homme-de-brou-1802", outcomes)
    assert found[0].clause == "hdb.deck.order"
    assert "hdb.play.trick-winner" in [s.clause for s in found[:3]]
    assert found[0].own_failed == 1 and found[0].own_total == 5 and found[0].failures == 201


def test_a_rule_no_failure_can_be_laid_on_takes_the_failures_of_the_rules_reading_it() -> None:
    """The pack (hdb.deck.cards): no failure is ever laid on it; with one of its own scenarios
    failing, the failures laid on the packets, which read it, are its evidence too."""
    outcomes = [_outcome(_scenario("cards.1", ["hdb.deck.cards"]), True, "hdb.deal.packets")]
    outcomes += [_outcome(_scenario(f"cards.{i}", ["hdb.deck.cards"]), False) for i in range(2, 4)]
    outcomes += [_outcome(_scenario(f"packets.{i}", ["hdb.deal.packets"]), False) for i in range(4)]
    outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.deal.packets"], "generated"), True, "hdb.deal.packets")
                 for i in range(50)]
    assert "hdb.deck.cards" not in nameable()
    assert ranked("homme-de-brou-1802", outcomes)[0].clause == "hdb.deck.cards"


def test_the_rule_whose_own_scenarios_fail_wins_when_the_upstream_ones_pass() -> None:
    """The same symptoms, but the trick's winner has failing scenarios of its own and the order none."""
    outcomes = [_outcome(_scenario(f"order.{i}", ["hdb.deck.order"]), False) for i in range(5)]
    outcomes += [_outcome(_scenario(f"winner.{i}", ["hdb.play.trick-winner"]), i < 2, "hdb.play.trick-winner")
                 for i in range(5)]
    outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.play.trick-winner"], "generated"), True, "hdb.play.trick-winner")
                 for i in range(200)]
    assert ranked("homme-de-brou-1802", outcomes)[0].clause == "hdb.play.trick-winner"


def test_a_scenario_of_its_own_failing_on_a_neighbour_is_its_evidence() -> None:
    """A scenario written for the trick's winner fails where the diagnosis lays the step on the
    card order (a later card of the suit led taken to win): it is the trick winner's own
    evidence, which makes the trick's winner a suspect (it was none: the one failure showed on
    a rule it reads), ranked with the order by their scores."""
    outcomes = [_outcome(_scenario("winner.0", ["hdb.play.trick-winner"]), True, "hdb.deck.order")]
    outcomes += [_outcome(_scenario(f"winner.{i}", ["hdb.play.trick-winner"]), False) for i in range(1, 5)]
    outcomes += [_outcome(_scenario(f"order.{i}", ["hdb.deck.order"]), False) for i in range(15)]
    found = {s.clause: s for s in ranked("homme-de-brou-1802", outcomes)}
    assert found["hdb.play.trick-winner"].own_failed == 1 and "hdb.deck.order" in found


def test_a_rule_no_failure_can_be_laid_on_comes_after_the_nearer_rule_that_explains_as_much() -> None:
    """The pack (hdb.deck.cards), none of its own scenarios failing, and the packets, which read
    it and on which every failure is laid: the pack explains no more, and is ahead on its score
    only by having fewer passing scenarios of its own (2 against 29), which is no evidence; the
    packets, nearer, come first however many fail (`test_one_failure_heads_the_verdict_with_the_clause_it_names`).
    With one of its own scenarios failing, the pack has evidence of its own and heads by its score."""
    def run_with(n: int, pack_failing: int = 0) -> list[str]:
        outcomes = [_outcome(_scenario(f"cards.{i}", ["hdb.deck.cards"]), i < pack_failing, "hdb.deck.cards")
                    for i in range(2)]
        outcomes += [_outcome(_scenario(f"packets.{i}", ["hdb.deal.packets"]), i < 1, "hdb.deal.packets")
                     for i in range(30)]
        outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.deal.packets"], "generated"), True, "hdb.deal.packets")
                     for i in range(n)]
        return [s.clause for s in ranked("homme-de-brou-1802", outcomes)]
    assert run_with(0)[0] == run_with(40)[0] == run_with(400)[0] == "hdb.deal.packets"
    assert run_with(40, pack_failing=1)[0] == "hdb.deck.cards"


def test_a_move_refused_on_the_way_is_no_evidence_against_the_scenarios_purpose() -> None:
    """A hand-written scenario whose `do` step is refused with a code of when such a move may come,
    with steps after it that check what it is for, never reached its purpose: it neither accuses
    its purpose nor counts as one of its runs, and its failure is laid where it shows (here on
    the announcement's moment, as the generated deals' failures); refused as not in the hand, it
    stays its purpose's evidence (the deal went another way before it)."""
    def run(code: str) -> dict[str, Suspect]:
        way = Scenario({"id": "follow.0", "description": "d", "clauses": ["hdb.play.follow"], "ruleset":
                        "homme-de-brou-1802", "origin": "hand-written", "setup": {},
                        "steps": [{"do": ["AS", "announce KQH"]}, {"expect": {"to_act": 1}}]}, "test", 1)
        refused = Verdict(FAILED, f"step 1, action 2 of 2: announce KQH was refused ({code}), it is legal", 1,
                          "accepted", f"refused: {code}", "hdb.marriage.announce-window")
        outcomes = [Outcome(way, refused)]
        outcomes += [_outcome(_scenario(f"follow.{i}", ["hdb.play.follow"]), False) for i in range(1, 4)]
        outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.play.lead"], "generated"), True, "hdb.marriage.announce-window")
                     for i in range(20)]
        return {s.clause: s for s in ranked("homme-de-brou-1802", outcomes)}
    found = run("announce-not-now")
    assert "hdb.play.follow" not in found or (found["hdb.play.follow"].own_failed, found["hdb.play.follow"].own_total) == (0, 3)
    assert max(found.values(), key=lambda s: s.score).clause == "hdb.marriage.announce-window"
    kept = run("not-in-hand")["hdb.play.follow"]
    assert (kept.own_failed, kept.own_total) == (1, 4)


def test_one_failure_heads_the_verdict_with_the_clause_it_names() -> None:
    """A run with one failure (issue 63): a clause none of whose scenarios fails and on which no
    failure is laid (the pack, upstream of everything) does not head the verdict over the clause
    the failure names, though its few passing scenarios cost it less than the one failure of
    thirty-one costs the rounding."""
    outcomes = [_outcome(_scenario(f"cards.{i}", ["hdb.deck.cards"], ruleset="brouc"), False) for i in range(4)]
    outcomes += [_outcome(_scenario("rounding.0", ["brouc.count.rounding"], ruleset="brouc"), True, "brouc.count.rounding")]
    outcomes += [_outcome(_scenario(f"rounding.{i}", ["brouc.count.rounding"], ruleset="brouc"), False) for i in range(1, 31)]
    outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.deck.cards", "brouc.count.rounding"], "generated", "brouc"), False)
                 for i in range(100)]
    found = ranked("brouc", outcomes)
    assert found[0].clause == "brouc.count.rounding"
    assert "most likely broken: brouc.count.rounding" in headline(found)


def test_a_protocol_failure_is_named_in_every_report_and_left_out_of_the_verdict() -> None:
    """An answer not of the protocol's shape (the `trick` as records): a protocol failure, laid on
    no clause, named first in the text, JSON and JUnit reports, not counted against a rule."""
    from brou.conformance.diagnosis.run import Run
    from brou.conformance.judging.compare import judge, passing_results

    s = next(x for x in load_corpus([SCENARIO_DIR / "homme-de-brou-1802" / "play"])
             if x.id == "hdb.play.lead.turn-passes-counterclockwise")
    results = passing_results(s.data, [])
    assert results is not None
    where = next(i for i, r in enumerate(results) if r.get("trick"))

    def answer(trick: Any) -> dict[str, Any]:
        return {"results": [r | {"trick": trick} if i == where else r for i, r in enumerate(results)]}

    verdict = judge(s, answer([{"player": 0, "card": c} for c in results[where]["trick"]]))
    assert verdict.status == FAILED and verdict.protocol == "the `trick` observable is not a list of cards"
    assert "protocol failure" in verdict.detail
    assert judge(s, answer(["7S"])).protocol == ""  # a card, the wrong one: a rule's failure
    withheld = judge(s, answer([None] * len(results[where]["trick"])))  # the protocol's null: a card not shown
    assert withheld.status == FAILED and withheld.protocol == ""
    rule = _outcome(_scenario("winner.0", ["hdb.play.trick-winner"]), True, "hdb.play.trick-winner")
    result = Run("x", None, [Outcome(s, verdict), Outcome(s, verdict), rule])
    assert [f.clause for f in suspects(result.outcomes)][:1] == ["hdb.play.trick-winner"]
    assert suspects(result.outcomes[:2]) == []
    out = io.StringIO()
    print_text(result, out)
    text = out.getvalue()
    assert "protocol failure: the `trick` observable is not a list of cards (2 scenarios); most likely broken: " in text
    assert "breaks the protocol" in text
    data = to_json(result)
    assert data["verdict"]["protocol"] == [{"problem": "the `trick` observable is not a list of cards", "scenarios": 2}]
    assert data["verdict"]["first_failure_protocol"] == "the `trick` observable is not a list of cards"
    assert data["scenarios"][0]["clause"] is None and data["scenarios"][0]["protocol"]
    root = ET.fromstring(to_junit(result).split("\n", 1)[1])
    prop = root.find("testsuite/properties/property[@name='protocol-failures']")
    assert prop is not None and "not a list of cards" in prop.get("value", "")
    assert root.find("testsuite/testcase[@classname='protocol']") is not None


def test_a_result_the_harness_cannot_read_is_a_protocol_failure_of_the_verdict() -> None:
    """A perft answer without its `count` errors the scenario (the harness cannot read it): the
    verdict names it as a protocol failure, counted over the scenarios that error so (the value
    given left out, so that they add up), and lays it on no rule."""
    from brou.conformance.diagnosis.localise import protocol_failures
    from brou.conformance.diagnosis.run import Run
    from brou.conformance.judging.compare import ERRORED, judge, passing_results

    perfts = [x for x in load_corpus([SCENARIO_DIR / "brouc"]) if any("perft" in step for step in x.data["steps"])][:2]
    assert len(perfts) == 2
    outcomes = []
    for s in perfts:
        results = passing_results(s.data, [])
        assert results is not None
        verdict = judge(s, {"results": [{"perft": r["count"]} if "count" in r else r for r in results]})
        assert verdict.status == ERRORED and "malformed result" in verdict.detail
        assert verdict.protocol == 'a perft result needs "count": a whole number'
        outcomes.append(Outcome(s, verdict))
    assert protocol_failures(outcomes) == [('a perft result needs "count": a whole number', 2)]
    assert suspects(outcomes) == []
    data = to_json(Run("x", None, outcomes))
    assert data["verdict"]["headline"] == 'protocol failure: a perft result needs "count": a whole number (2 scenarios)'
    # an error that is no answer of the wrong shape (a program that gave too few results) is not one
    short = judge(perfts[0], {"results": []})
    assert short.status == ERRORED and short.protocol == ""


def test_a_match_without_carried_is_not_of_the_protocols_shape() -> None:
    """PROTOCOL.md gives `match` four fields, `carried` among them ([0, 0] but after a cape): an
    answer leaving it out is not of the protocol's shape, whatever the marks; a wrong number in it
    is a rule's failure."""
    from brou.conformance.judging.compare import shape_problem

    want = {"marks": [3, 1], "winner": None, "next_dealer": 0, "carried": [0, 0]}
    assert shape_problem("match", want, {k: v for k, v in want.items() if k != "carried"}) == (
        "the `match` observable is not a record {marks, winner, next_dealer, carried}")
    assert shape_problem("match", want, want | {"carried": [40, 0]}) is None


def test_a_number_that_is_no_player_is_not_of_the_protocols_shape() -> None:
    """Players are numbered from 0 (PROTOCOL.md, "The table"; five at most): `to_act` given as -1
    once the deal is over, rather than `null`, or a trick won by player 7, is not of the
    protocol's shape; another player is a rule's failure."""
    from brou.conformance.judging.compare import shape_problem

    assert shape_problem("to_act", None, -1) == "the `to_act` observable is not a player or null"
    assert shape_problem("tricks", [0, 2], [0, 7]) == "the `tricks` observable is not a list of players"
    assert shape_problem("to_act", 1, 2) is None and shape_problem("to_act", None, 3) is None


def test_a_record_field_named_as_another_game_names_it_is_a_protocol_failure() -> None:
    """The schema of answers allows every game's fields (`marks`, `points`, `jetons` in a ledger);
    an answer whose records lack a field every expected record has and give one none has names
    it otherwise: not of the protocol's shape. A record with more fields than a scenario lists, or
    a value apart, is not that."""
    from brou.conformance.judging.compare import shape_problem

    want = [{"trick": 5, "from": 0, "to": "sheet", "marks": 1, "card": None, "clause": "auv.count.lost"}]
    renamed = [{("points" if k == "marks" else k): v for k, v in e.items()} for e in want]
    assert shape_problem("ledger", want, renamed) == (
        "the `ledger` observable's records name a field otherwise (points for marks)")
    assert shape_problem("ledger", want, [want[0] | {"marks": 2}]) is None
    whole = {"marks": [1, 0], "winner": None, "next_dealer": 0, "carried": [0, 0]}
    assert shape_problem("match", {"marks": [1, 0]}, whole) is None  # a scenario listing one field


def test_no_failure_no_verdict() -> None:
    outcomes = [_outcome(_scenario("a", ["hdb.deck.order"]), False)]
    assert suspects(outcomes) == [] and headline([]) == ""


def test_the_verdict_of_a_planted_fault_and_its_place_in_every_report() -> None:
    """Brouc with card points ending in 5 rounded down: the verdict names the rounding first, and
    the text, JSON and JUnit reports give the verdict before anything else."""
    corpus = [s for s in load_corpus([SCENARIO_DIR / "brouc"]) if s.origin in ("hand-written", "boundary", "generated")]
    result = run(Faulty(counting, "rounded", _rounding_five_down), corpus)
    found = suspects(result.outcomes)
    assert found[0].clause == "brouc.count.rounding"
    assert headline(found).startswith("most likely broken: brouc.count.rounding (then ")
    out = io.StringIO()
    print_text(result, out)
    lines = out.getvalue().splitlines()
    assert lines[1].startswith("most likely broken: brouc.count.rounding")
    data = to_json(result)
    assert list(data)[:2] == ["format", "verdict"]
    assert data["verdict"]["suspects"][0]["clause"] == "brouc.count.rounding"
    assert data["verdict"]["first_failure_clause"] is not None
    suite = ET.fromstring(to_junit(result).split("\n", 1)[1]).find("testsuite")
    assert suite is not None
    prop = suite.find("properties/property[@name='most-likely-broken']")
    assert prop is not None and prop.get("value", "").startswith("most likely broken: brouc.count.rounding")


def test_every_ruleset_links_its_clauses_without_a_circle() -> None:
    """Each ruleset's `uses` resolve to its clauses; the trick's winner reads the card order."""
    for ruleset in ("homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre"):
        graph = links(ruleset)
        clauses = set(load(ruleset).data["clauses"])
        assert all(u in clauses for used in graph.uses.values() for u in used)
        assert all(c not in graph.above[c] for c in graph.above)
    assert "hdb.deck.order" in links("brouc").above["hdb.play.trick-winner"]
    assert "brouc.marriage.table" in links("brouc").uses["brouc.game.target"]  # hdb.marriage.table, replaced


@pytest.mark.parametrize(("uses", "message"), [
    (["hdb.no.such"], "'hdb.no.such' is not a clause of this ruleset"),
    (["hdb.play.next-lead"], "go round in a circle"),
])
def test_a_wrong_uses_is_refused(tmp_path: Any, uses: list[str], message: str) -> None:
    """A `uses` naming no clause, or closing a circle (the trick's winner read by the next lead, which
    it would read), is refused with the place in the file."""
    path = SCENARIO_DIR.parents[1] / "spec" / "rulesets" / "homme-de-brou-1802.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["clauses"]["hdb.play.trick-winner"]["uses"] = uses
    changed = tmp_path / "homme-de-brou-1802.yaml"
    changed.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(SpecError, match=message):
        check_document(load_document(str(changed)))


def test_the_marriage_exception_is_named_on_a_trump_lead() -> None:
    """Trump led, a higher trump in hand: a lower honour that completes a marriage is the
    exception's to allow, a lower plain trump the overtrump's to refuse."""
    rules = load("brouc")
    card, hearts = rules.card, rules.suits.index("H")
    hand = sum(1 << card(c) for c in ("AH", "QH", "9H", "7S"))
    trick = [card("KH")]  # the king of trumps led: the queen would make a marriage with it
    assert following_clause(rules, hand, card("QH"), trick, hearts, card("KH")) == "brouc.play.marriage-exception"
    assert following_clause(rules, hand, card("9H"), trick, hearts, card("KH")) == "brouc.play.overtrump"


def test_every_clause_the_diagnosis_names_is_a_clause() -> None:
    """The clauses the diagnosis can lay a failure on exist in some ruleset."""
    known = {c for r in ("homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre")
             for c in load(r).data["clauses"]}
    assert nameable() <= known, sorted(nameable() - known)
    assert "hdb.deck.cards" not in nameable() and "hdb.play.trick-winner" in nameable()


@cache
def _corpus_of(ruleset: str) -> dict[str, Scenario]:
    return {s.id: s for s in load_corpus([SCENARIO_DIR / ruleset])}


@pytest.mark.parametrize(("ruleset", "fault", "scenario", "clause"), [
    ("homme-de-brou-1802", "next-dealer-left", "gen.hdb.game.00002", "hdb.match.next-dealer"),
    ("homme-de-brou-1802", "marriage-values-swapped", "gen.hdb.deal.00001", "hdb.marriage.kinds"),
    ("homme-de-brou-1802", "partner-leads-next", "gen.hdb.deal.00001", "hdb.play.next-lead"),
    ("brouc", "no-marriage-exception", "gen.brouc.deal.00017", "brouc.play.marriage-exception"),
    # the misses of issue-63-f, one kind each (docs/conformance.md): the dealer's marriage with the
    # turned card in a later window (Brouc: in his hand from the start), not the window
    ("brouc", "turnup-not-for-marriage", "gen.brouc.deal.00005", "brouc.deal.turnup-in-hand"),
    # an announcement refused with the other code of its moment: the moment's rule, not the hand's
    ("brouc", "needs-trick-code-not-now", "gen.brouc.deal.00017", "brouc.marriage.announce-window"),
    # a card the reference refuses by a rule of following, refused not-in-hand: that rule, not who leads
    ("brusquembille-1718", "tests/independent/brusquembille.py:follow-refused-not-in-hand", "gen.brus.variant.00038",
     "brus.play.free"),
    # a kind of payment the program never makes: the rule of when it is made, not the payment's amount
    ("brusquembille-1718", "tests/independent/brusquembille.py:four-not-paid", "gen.brus.deal.00003", "brus.pay.when"),
    # two players' tricks counted together: who plays with whom, not the result
    ("hombre", "tests/independent/hombre.py:tiers-share-tricks", "gen.hom.deal.00001", "hom.players.count"),
    # the lowest of three or more cards of the suit led taking the trick: the trick's rule, not the order
    ("hombre", "tests/independent/hombre.py:nolo-lowest-wins", "gen.hom.deal.00001", "hom.play.trick-winner"),
    # the misses of issue-63-g: the teams' tricks of another pairing of the players (partners side by side)
    ("brouc", "partners-side-by-side", "gen.brouc.deal.00004", "hdb.players.teams"),
    # a team given the rest of the pack's points mid-deal: the count, not the cards' points
    ("homme-de-brou-1802", "eux-cards-complement", "hdb.ambiguity.amb-11.single", "hdb.count.card-points"),
    # another code where the reference's is that of an open concession
    ("homme-de-brou-1802", "claim-code-in-concession", "hdb.game.concession.pending", "hdb.game.concession"),
    # a word that names no card refused unknown-card: not the pack's rule
    ("brusquembille-1718", "tests/independent/brusquembille.py:word-unknown-card", "gen.brus.deal.00002",
     "brus.play.free"),
    # a word the phase does not take, refused with another rule's code: the phase's rule
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:show-in-offer-no-king", "gen.auv.deal.00048",
     "auv.turn.offer"),
    # the misses of issue-63-h: a marriage raised to the grand scored in full, not the raise's difference
    ("homme-de-brou-1802", "raise-to-grand-full-value", "hdb.reading.amb-07.difference.raise-scores-ten",
     "hdb.marriage.announce-window"),
    # four each for himself played as two pairs: the pool paid to a pair (a ledger longer than the report keeps)
    ("brusquembille-1718", "tests/independent/brusquembille.py:four-plays-in-pairs", "gen.brus.deal.00003",
     "brus.players.forms"),
    # the words kept only since the last réjouissance: what is public, not who speaks
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:words-cleared-on-rejouissance", "gen.auv.deal.00011",
     "auv.info.turned"),
    # a seeded deal cut one card short: the cut, not the packets
    ("hombre", "tests/independent/hombre.py:cut-one-short", "hom.deal.cut.seed-7-cut-10", "hom.deal.cut"),
    # with four at the table, a result row for each player of the deal only: the one who sits out
    ("hombre", "tests/independent/hombre.py:four-result-three-entries", "gen.hom.deal.00002", "hom.players.four"),
    # the misses of issue-63-i: an announcement refused for the hand where the moment refuses it
    ("homme-de-brou-1802", "tests/independent/adapter.py:held-checked-before-moment", "gen.hdb.deal.00006",
     "hdb.marriage.announce-in-hand"),
    # a trick won without the trump, the turned card drawn: the trump's rule, not the trick's
    ("brusquembille-1718", "tests/independent/brusquembille.py:no-trump-once-drawn", "gen.brus.deal.00001",
     "brus.deal.turned"),
    # two trumps ranked otherwise where an earlier trick refutes the first trump winning: the order
    ("brusquembille-1718", "tests/independent/brusquembille.py:ten-after-nine", "gen.brus.variant.00060",
     "brus.deck.order"),
    # no card points counted mid-deal: when they are counted, not what the cards are worth
    ("brusquembille-1718", "tests/independent/brusquembille.py:card-points-at-end-only", "gen.brus.deal.00002",
     "brus.count.points"),
    # the contract of an earlier bid of the auction played: which bid stands
    ("hombre", "tests/independent/hombre.py:first-named-contract", "gen.hom.deal.00001", "hom.auction.order"),
    # a contract still to choose after a bid that fixes it: that bid's contract
    ("hombre", "tests/independent/hombre.py:a-pique-opens-choice", "gen.hom.deal.00006", "hom.contract.a-pique"),
    # the misses of issue-63-j: the next card offered at once after all passed, a réjouissance's offer
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:rejouissance-turned-at-once", "gen.auv.deal.00011",
     "auv.speech.rejouissance"),
    # the misses of issue-63-k: no card points counted mid-deal (1802), when they are counted
    ("homme-de-brou-1802", "cards-counted-at-end", "hdb.ambiguity.amb-10.both", "hdb.count.card-points"),
    # the jack and nine of trumps given other points: the trick of trumps the cards' own scenario plays
    ("homme-de-brou-1802", "belote-trump-points", "hdb.deck.points.trumps-count-as-any-suit", "hdb.deck.points"),
    # a card of the pack refused unknown-card where the reference takes it: the program's pack lacks it
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:four-pack-default-28", "gen.auv.deal.00117",
     "auv.deck.cards"),
    # a seeded deal of the pack cut before it is shuffled: the cut, not the packets
    ("hombre", "tests/independent/hombre.py:cut-before-shuffle", "hom.deal.cut.seed-7-cut-10", "hom.deal.cut"),
    # the shuffle's positions landing on other cards (the pack listed in another order): the pack's rule
    ("hombre", "tests/independent/hombre.py:pack-ranks-ascending", "hom.deal.cut.seed-7-cut-10", "hom.deck.cards"),
    # a word refused otherwise in the exchange: what the exchange takes (the hombre's), not giving up
    ("hombre", "tests/independent/hombre.py:exchange-words-malformed", "gen.hom.deal.00032", "hom.exchange.hombre"),
    # the misses of issue-63-l: 1802's declare-double, a form of declaring it lacks, taken as a declaration
    ("homme-de-brou-1802", "declare-double-as-declare", "gen.hdb.game.01515", "hdb.game.partie-et-vole"),
    # as many hands as the hands given, not a hand for each of the four at the table
    ("hombre", "tests/independent/hombre.py:form-from-hands", "gen.hom.seeded.00008", "hom.players.four"),
    # the dealer's hand dealt without the turned card: where the turned card lies (Brouc: in his hand)
    ("brouc", "deal-turnup-set-aside", "gen.brouc.seeded.00132", "brouc.deal.turnup-in-hand"),
    # each trick's team given for its winner: the pile it goes to
    ("homme-de-brou-1802", "tricks-by-team", "gen.hdb.deal.00001", "hdb.info.trick-piles"),
    # one failure, named by its scenario's clause and shown on another rule: the clause it names is a
    # suspect even where the diagnosis can name it (it heads the verdict, the failures being few)
    ("hombre", "tests/independent/hombre.py:four-default-dealer-two", "hom.protocol.four-default-dealer",
     "hom.players.four"),
    # the misses of issue-63-aa: a perft count first apart where play begins, what may be led
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:first-lead-trump", "auv.perft.four.speech-1-any-in-turn",
     "auv.play.follow"),
    # a move refused on the way to what a scenario checks: the move's own rule (the dealer's word)
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:dealer-must-play",
     "auv.speech.errors.speech-words-in-offer", "auv.speech.round"),
    # a turned king shown as well: how a turned king scores, not the offer
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:turned-king-shown", "gen.auv.deal.00001",
     "auv.king.turned"),
    # the deal counted with tricks still to play: when the deal is judged, not what it scores
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:deal-stops-at-three", "gen.auv.deal.00015",
     "auv.count.homme-wins"),
    # the hands of the pack not cut, whatever the talon: the cut, not the packets nor the talon
    ("brusquembille-1718", "tests/independent/brusquembille.py:cut-talon-only", "brus.deal.cut.seed-7-cut-9",
     "brus.deal.cut"),
    # a seven refused with four each for himself: the forms' whole pack, not the pack of three
    ("brusquembille-1718", "tests/independent/brusquembille.py:four-removes-sevens", "gen.brus.deal.00003",
     "brus.players.forms"),
    # with four, cards dealt to the one sitting out: who plays the deal, not the packets
    ("hombre", "tests/independent/hombre.py:four-deals-round-four", "hom.deal.packets.four-dealer-3", "hom.players.four"),
    # the misses of issue-63-ab: the teams' card points each what another way of crediting a trick's
    # cards gives (the winners counting only what the others played into it): the count, not the cards
    ("homme-de-brou-1802", "captured-only", "hdb.ambiguity.amb-10.both", "hdb.count.card-points"),
    # the trick in progress shown with its last card alone: what the record shows, not who wins it
    ("homme-de-brou-1802", "trick-shows-last-card", "bnd.hdb.play.follow.inside-1", "hdb.info.trick-open"),
    # each announcement's points given as its team's total so far: the record, not the marriages' values
    ("homme-de-brou-1802", "announcements-cumulative-points", "gen.hdb.deal.00001", "hdb.info.spoken"),
    # marriages lying in a team's tricks, never announced, counted at the end: Brouc's unannounced rule
    ("brouc", "pile-marriage-counts", "bnd.brouc.game.cape-et-dehors.inside-1", "brouc.marriage.unannounced"),
    # more tricks than were played (the cards won counted): what is counted, not who won each trick
    ("brusquembille-1718", "tests/independent/brusquembille.py:result-tricks-cards-won", "brus.ambiguity.amb-43.after-ace",
     "brus.count.points"),
    # the same payment cited by another clause: the rule that makes it, not the one cited
    ("brusquembille-1718", "tests/independent/brusquembille.py:brusquembille-clause-pay-when", "gen.brus.deal.00001",
     "brus.pay.brusquembille"),
    # the views' phase still play once the last trick is played: how long play lasts
    ("brusquembille-1718", "tests/independent/brusquembille.py:view-phase-play-when-over",
     "brus.mutation.view.after-the-last-trick", "brus.talon.last-tricks"),
    # who is to act shown to that player alone: what each may see, not the deal gone otherwise
    ("brusquembille-1718", "tests/independent/brusquembille.py:view-to-act-own-only", "brus.info.own-hand.start",
     "brus.info.own-hand"),
    # the hombre's exchange left out of the exchange record, the tiers' kept: the hombre's rule
    ("hombre", "tests/independent/hombre.py:hombre-exchange-unrecorded", "hom.exchange.hombre.whole-hand",
     "hom.exchange.hombre"),
    # the misses of issue-63-ac: the per-player lists sized for four where five play: how many play
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:deal-lists-of-four",
     "auv.count.homme-wins.five-one-each-first-trick", "auv.players.count"),
    # a declaration listed among the announced marriages: what the record shows, not what they score
    ("homme-de-brou-1802", "declaration-listed-as-spoken", "bnd.hdb.game.partie-et-vole.inside-1", "hdb.info.spoken"),
    # the tiers listed in a nolo's exchange, where only the hombre exchanges: the nolo's exchange
    ("hombre", "tests/independent/hombre.py:nolo-tiers-listed", "gen.hom.deal.00011", "hom.exchange.nolo"),
    # a table marriage's cards named in another order: what the record shows, not the marriage made
    ("brouc", "table-named-in-play-order", "brouc.ambiguity.amb-11.single", "hdb.info.table-marriage-shown"),
    # the misses of issue-63-ad: a player whose only word is pass not asked (his pass said for
    # him): the auction's order, not the finality of a pass
    ("hombre", "tests/independent/hombre.py:only-pass-said-for-him", "gen.hom.deal.00001", "hom.auction.order"),
    # the third hand, the first two having passed, kept the word after his bid: his rule, alone
    ("hombre", "tests/independent/hombre.py:third-alone-keeps-word", "gen.hom.deal.00025", "hom.auction.all-pass"),
    # the winners of one team's tricks listed, the other team's left out: the piles, not who won
    ("brouc", "tricks-own-team-only", "brouc.game.coches.announced-not-written-before-deal", "hdb.info.trick-piles"),
    # a seeded deal whose cut put the lifted packet under the rest turned over: the cut, not the packets
    ("homme-d-auvergne", "tests/independent/homme_d_auvergne.py:cut-packet-reversed", "auv.deal.cut.seed-7-cut-20",
     "auv.deal.cut"),
])
def test_a_failure_is_laid_on_the_rule_that_decides_it(ruleset: str, fault: str, scenario: str, clause: str) -> None:
    """Through the harness, an implementation written outside the engine (tests/independent) with one
    fault (`FILE:NAME`, or NAME of tests/independent/adapter.py), in its own process: the match's
    next dealer, the kinds' values, who leads after a trick, the marriage exception, and one of each
    kind of miss of the blind batches since issue-63-f; each failure names that rule, not the first
    clause the scenario lists nor where it shows. (That one failure then heads the verdict is
    checked apart: test_one_failure_heads_the_verdict_with_the_clause_it_names.)"""
    from brou.conformance.protocol.runner import Subprocess

    file, _, fault = fault.rpartition(":")
    s = _corpus_of(ruleset)[scenario]
    impl = Subprocess([sys.executable, str(REPO / (file or "tests/independent/adapter.py")), "--fault", fault])
    [only] = run(impl, [s], timeout=60, whole_values=True).outcomes
    assert only.verdict.status == FAILED and only.verdict.clause == clause


def test_the_clauses_the_diagnosis_names_are_found_without_its_source() -> None:
    """Read from the module's constants (a compiled module has no source beside it), the same clauses."""
    from brou.conformance.diagnosis import diagnose
    from brou.engine.view import view_clauses
    found = {c for c in diagnose._constants() if diagnose._CLAUSE_ID.fullmatch(f'"{c}"') and not c.startswith("brou.")}
    assert (found | view_clauses()) - set(diagnose.PACK_RULES) == nameable()


def test_a_card_of_no_pack_refused_with_another_code_is_the_packs_rule() -> None:
    """A run with one failure (issue 63, batch `issue-63-e`, `deck-52-card-names`): a card of a
    52-card pack refused `not-in-hand` where the pack's rule refuses it `unknown-card`. It was
    laid on who leads (the step is a lead), whose variant reproduces that one refusal; the code
    the reference gives is the pack's check, made right after the text (docs/errors.md), so the
    failure shows on the pack's rule and the verdict heads with it. The other way round, a card
    of the pack refused `unknown-card` is the pack's rule too."""
    from brou.conformance.diagnosis.diagnose import _refused_by
    from brou.spec.rules import Rules
    for ruleset, pack in (("homme-de-brou-1802", "hdb.deck.cards"), ("brouc", "hdb.deck.cards"),
                          ("hombre", "hom.deck.cards"), ("brusquembille-1718", "brus.deck.cards")):
        rules = Rules.load(ruleset)
        assert _refused_by(rules, None, Verdict(FAILED, "", 1, "not-in-hand", "unknown-card")) == pack
        assert _refused_by(rules, None, Verdict(FAILED, "", 1, "unknown-card", "not-in-hand")) == pack
    assert _refused_by(Rules.load("brouc"), None, Verdict(FAILED, "", 1, "unknown-card", "unknown-card")) is None
    corpus = {s.id: s for s in load_corpus() if s.ruleset == "homme-de-brou-1802"}
    failing = corpus["hdb.deck.cards.no-sixes-or-lower"]
    outcomes = [Outcome(failing, Verdict(FAILED, "step 1: 6S refused with code not-in-hand, expected unknown-card", 1,
                                         "unknown-card", "not-in-hand", "hdb.deck.cards"))]
    outcomes += [_outcome(s, False) for s in corpus.values()
                 if s is not failing and s.clauses[0] in ("hdb.deck.cards", "hdb.play.lead")]
    found = ranked("homme-de-brou-1802", outcomes)
    assert found[0].clause == "hdb.deck.cards", [(s.clause, s.score) for s in found]


def test_a_few_failures_that_name_one_clause_put_it_before_a_clause_whose_scenarios_all_pass() -> None:
    """Issue 63 (batch `issue-63-e`, L'Hombre's first dealer drawn with the wrong modulus): the one
    failure, a scenario written for the first dealer failing at who speaks first, names the first
    dealer; the auction's priority, none of whose scenarios fails, came first, the failure showing
    at a step it decides. Where few fail and all name one clause, a clause none of whose own
    scenarios fails comes after it. (Since `issue-63-h`, who is asked first after a drawn dealer
    also shows on the draw's rule, and the auction's priority is no longer a suspect at all.)"""
    corpus = [s for s in load_corpus() if s.ruleset == "hombre"]
    failing = next(s for s in corpus if s.id == "hom.protocol.seat-draw-seed-1-four")
    outcomes = [Outcome(failing, Verdict(FAILED, "step 1: to_act: value is 3, expected 2", 1, 2, 3,
                                         "hom.match.first-dealer", "to_act"))]
    outcomes += [_outcome(s, False) for s in corpus if s is not failing
                 and s.clauses[0] in ("hom.match.first-dealer", "hom.auction.priority", "hom.players.four")]
    found = ranked("hombre", outcomes)
    assert found[0].clause == "hom.match.first-dealer", [(s.clause, s.score) for s in found]


def test_a_card_refused_for_a_concession_the_reference_never_opened_is_the_concessions_rule() -> None:
    """Issue 63 (batch `issue-63-j`, 1802's concession offered after a lost trick): the program
    refuses the next card `concession-pending` where the reference, which never let the
    concession be offered, takes it. Only the concession's rule opens that state: the failure
    shows on it (when a concession may be offered), not on who leads."""
    from brou.conformance.diagnosis.diagnose import _open_only_by, symptom_clause
    s = next(s for s in load_corpus() if s.id == "hdb.game.claim-right.param-rounded-count")
    refused = Verdict(FAILED, "step 4, action 1 of 2: KS was refused (concession-pending), it is legal", 4,
                      "accepted", "refused: concession-pending")
    assert symptom_clause(s, refused) == "hdb.game.concession"
    assert _open_only_by(refused._replace(got="refused: must-follow-suit")) is None
    assert _open_only_by(refused._replace(expected="must-follow-suit")) is None


def test_who_is_asked_first_after_a_drawn_dealer_shows_on_the_draw() -> None:
    """Issue 63 (batch `issue-63-h`, L'Homme d'Auvergne's winner of the draw made to speak first):
    nine scenarios of the first dealer, each failing at who is asked first before any action,
    showed on the turn-offer's rule (who speaks after the dealer), none of whose own scenarios
    fails, and it headed the verdict. In a deal whose dealer is drawn, the seat asked first
    shows on the draw's rule; with the dealer given, on the turn-offer's."""
    from brou.conformance.diagnosis.diagnose import symptom_clause
    corpus = {s.id: s for s in load_corpus() if s.ruleset == "homme-d-auvergne"}
    drawn = corpus["auv.match.first-dealer.highest-card"]
    assert "draw" in drawn.data["setup"]
    asked = Verdict(FAILED, "step 1: to_act: value is 1, expected 2", 1, 2, 1, None, "to_act")
    assert symptom_clause(drawn, asked) == "auv.match.first-dealer"
    given = next(s for s in corpus.values() if "draw" not in s.data["setup"] and "dealer" in s.data["setup"]
                 and s.data["steps"] and "to_act" in s.data["steps"][0].get("expect", {}))
    assert symptom_clause(given, asked._replace(expected=given.data["steps"][0]["expect"]["to_act"])) != \
        "auv.match.first-dealer"


@pytest.mark.parametrize(("scenario", "step"), [("auv.play.errors.deal-over", 3),
                                                ("auv.protocol.deal-over-before-wrong-seat", 4)])
def test_an_action_refused_otherwise_after_a_deal_ended_unplayed_is_the_rule_that_ended_it(scenario: str,
                                                                                            step: int) -> None:
    """Issue 63 (batch `issue-63-e`, a L'Homme d'Auvergne deal nobody turned still taking words):
    a card the reference refuses `deal-over`, the deal being over unplayed, refused by the program
    as `cards-not-yet` (it is still before the card play) is the rule that ended the deal, not who
    leads (where the failure shows, whatever the scenario was written for); likewise a player
    asked where the reference asks nobody."""
    from brou.conformance.diagnosis.diagnose import symptom_clause
    s = next(s for s in load_corpus() if s.id == scenario)
    assert symptom_clause(s, Verdict(FAILED, "", step, "deal-over", "cards-not-yet")) == "auv.turn.nobody"
    if scenario == "auv.play.errors.deal-over":  # its last step: nobody is asked, the program asks seat 0
        assert symptom_clause(s, Verdict(FAILED, "", 4, None, 0, None, "to_act")) == "auv.turn.nobody"


def test_a_sessions_card_point_totals_apart_are_the_points_added_up_in_the_game_for_jetons_too() -> None:
    """Issue 63 (batch `issue-63-e`, Brusquembille in pairs, each player's total kept apart from his
    partner's): the session's `totals` differ in a game for jetons; the card points added up deal
    after deal are `brus.match.points`'s, whatever the game is played for, not the rounds'."""
    from brou.conformance.diagnosis.diagnose import symptom_clause
    s = next(s for s in load_corpus() if s.id == "brus.ambiguity.amb-69.players")
    apart = Verdict(FAILED, "step 2: session: totals[0] is 21, expected 54", 2, None, None, None, "session")
    assert symptom_clause(s, apart) == "brus.match.points"
    deals = Verdict(FAILED, "step 2: session: deals is 1, expected 2", 2, None, None, None, "session")
    assert symptom_clause(s, deals) == "brus.match.rounds"


def test_of_two_common_causes_with_no_evidence_of_their_own_the_nearer_comes_first() -> None:
    """L'Homme d'Auvergne's talon cards unknown to a program: a card of the talon taken up and
    played is refused `unknown-card`, laid on the pack (41) and on showing a king (7). The pack
    and the number of players above it both explain them, none of their own scenarios failing;
    the pack, nearer, reads the number of players and is read by showing: it comes first."""
    rules = "homme-d-auvergne"
    outcomes = [_outcome(_scenario(f"cards.{i}", ["auv.deck.cards"], ruleset=rules), False) for i in range(14)]
    outcomes += [_outcome(_scenario(f"count.{i}", ["auv.players.count"], ruleset=rules), False) for i in range(5)]
    outcomes += [_outcome(_scenario(f"show.{i}", ["auv.king.show"], ruleset=rules), False) for i in range(13)]
    outcomes += [_outcome(_scenario(f"gen.{i}", ["auv.turn.offer"], "generated", rules), True,
                          "auv.deck.cards" if i < 41 else "auv.king.show") for i in range(48)]
    found = [s.clause for s in ranked(rules, outcomes)]
    assert found.index("auv.deck.cards") < found.index("auv.players.count")


def test_failures_shown_on_a_sibling_reader_are_that_readers_evidence() -> None:
    """1802's concession offered without 301 (issue-63-n): the target's own scenarios (5 of 5) and
    those of the other rules reading it (the last coup, the value) fail where the program opens a
    concession the reference never opens, every failure laid on the concession. Those of the last
    coup and the value went round the target through the concession, not through their own rule:
    they are the concession's evidence, and the concession, 15 of its own 29 failing, comes first."""
    rules = "homme-de-brou-1802"
    concession = "hdb.game.concession"
    assert "hdb.game.target" in links(rules).uses[concession] and "hdb.game.target" in nameable()
    outcomes = [_outcome(_scenario(f"target.{i}", ["hdb.game.target"]), True, concession) for i in range(5)]
    outcomes += [_outcome(_scenario(f"concession.{i}", [concession]), i < 15, concession) for i in range(29)]
    outcomes += [_outcome(_scenario(f"last-coup.{i}", ["hdb.game.last-coup"]), i < 23, concession) for i in range(34)]
    outcomes += [_outcome(_scenario(f"value.{i}", ["hdb.game.value"]), i < 9, concession) for i in range(18)]
    found = [s.clause for s in ranked(rules, outcomes)]
    assert found[:2] == [concession, "hdb.game.target"]
    # failures laid on two of its readers make the target their common cause: its readers'
    # scenarios count for it again, wherever among them they show
    score = {s.clause: s.score for s in ranked(rules, outcomes)}
    outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.play.lead"], "generated"), True, "hdb.game.last-coup")
                 for i in range(3)]
    again = {s.clause: s.score for s in ranked(rules, outcomes)}
    assert again["hdb.game.target"] > score["hdb.game.target"] + 50


def test_failures_all_of_one_rules_scenarios_put_it_before_a_rule_whose_scenarios_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Brouc's dehors asked of every player (issue-63-n): six of its forty scenarios fail and
    nothing else does; two of them show on who leads next. Who leads next, its own scenarios
    passing, does not head the verdict over the rule every failing scenario was written for."""
    from brou.conformance.diagnosis import localise

    rules = "brouc"
    shown_on = {f"dehors.{i}": "hdb.play.next-lead" for i in range(2)}
    monkeypatch.setattr(localise, "symptom_clause", lambda s, v: shown_on.get(s.id, v.clause))
    outcomes = [_outcome(_scenario(f"dehors.{i}", ["brouc.game.dehors"], ruleset=rules), i < 6, "brouc.game.dehors")
                for i in range(40)]
    outcomes += [_outcome(_scenario(f"next.{i}", ["hdb.play.next-lead"], ruleset=rules), False) for i in range(2)]
    outcomes += [_outcome(_scenario(f"gen.{i}", ["brouc.deal.packets"], "generated", rules), False) for i in range(50)]
    assert ranked(rules, outcomes)[0].clause == "brouc.game.dehors"


def test_a_variant_of_a_rule_that_shows_only_through_one_reader_is_that_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Brouc's table marriages of the last trick left out: every failure is laid on the table,
    and a slip in the function that finds a marriage's kind (which the table reads) reproduces
    half of them, while every scenario of the kinds passes and no failure is laid on them. The
    slip is in what the table does with the kinds: the table comes first, with that evidence."""
    from brou.conformance.diagnosis import localise
    from brou.conformance.diagnosis.counterfactual import Reproduction

    slip = Reproduction(("hdb.marriage.kinds",), "brou.laws.marriages.marriage_in, line 24", "0", "1", 4, 8, 3,
                        ("hdb.play.lead",) * 4, ("brouc.marriage.table",) * 4)
    monkeypatch.setattr(localise, "reproductions", lambda *args, **kwargs: [slip])
    outcomes = [_outcome(_scenario(f"kinds.{i}", ["hdb.marriage.kinds"], ruleset="brouc"), False) for i in range(6)]
    outcomes += [_outcome(_scenario(f"table.{i}", ["brouc.marriage.table"], ruleset="brouc"), False) for i in range(23)]
    outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.play.lead"], "generated", "brouc"), True, "brouc.marriage.table")
                 for i in range(188)]
    found = ranked("brouc", outcomes)
    assert found[0].clause == "brouc.marriage.table"
    assert "marriage_in, line 24" in found[0].evidence
    assert all(s.reading is None for s in found if s.clause == "hdb.marriage.kinds")


def test_a_slip_in_the_function_of_a_rule_no_failure_names_is_its_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    """L'Hombre's privilege read for two matadors or more: every failure is laid on the
    privilege, and a slip in the function that finds the matadors (which no failure can be laid
    on) reproduces most of them. The slip shows only through the privilege: the privilege comes
    first. A number or order of the matadors' data so reproducing them stays theirs, whose
    evidence is always in the rules reading them."""
    from brou.conformance.diagnosis import localise
    from brou.conformance.diagnosis.counterfactual import Reproduction

    def run(reading: Reproduction) -> list[Any]:
        monkeypatch.setattr(localise, "reproductions", lambda *args, **kwargs: [reading])
        outcomes = [_outcome(_scenario(f"matadors.{i}", ["hom.deck.matadors"], ruleset="hombre"), False) for i in range(3)]
        outcomes += [_outcome(_scenario(f"privilege.{i}", ["hom.play.matador-privilege"], ruleset="hombre"), i < 5,
                              "hom.play.matador-privilege") for i in range(12)]
        outcomes += [_outcome(_scenario(f"gen.{i}", ["hom.deal.packets"], "generated", "hombre"), True,
                              "hom.play.matador-privilege") for i in range(32)]
        return ranked("hombre", outcomes)

    slip = Reproduction(("hom.deck.matadors",), "brou.laws.following.matadors_of, line 162", "2", "1", 6, 8, 16,
                        ("hom.deal.packets",) * 6, ("hom.play.matador-privilege",) * 6)
    assert slip.slip
    found = run(slip)
    assert found[0].clause == "hom.play.matador-privilege"
    assert "matadors_of, line 162" in found[0].evidence
    data = Reproduction(("hom.deck.matadors",), "orders.trump.matadors", "4", "3", 6, 8, 16,
                        ("hom.deal.packets",) * 6, ("hom.play.matador-privilege",) * 6)
    assert not data.slip
    assert run(data)[0].clause == "hom.deck.matadors"


def test_a_variant_failing_otherwise_on_half_the_failures_weighs_less_than_the_rule_they_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every failure is laid on the game's value, two of them in scenarios of the last coup; a
    reading of the last coup fails as the program does on two of the four replayed and otherwise
    on the other two. A variant's weight
    grows with the square of the share it reproduces, so half of them is weak evidence and the
    rule the failures name comes first; one reproducing all four puts its clause first."""
    from brou.conformance.diagnosis import localise
    from brou.conformance.diagnosis.counterfactual import Reproduction

    def first(reproduced: int) -> str:
        reading = Reproduction(("hdb.game.last-coup",), "loser_count_last_coup", "unrounded", "rounded",
                               reproduced, 4, 10, ("hdb.play.lead",) * reproduced, ("hdb.game.value",) * reproduced)
        monkeypatch.setattr(localise, "reproductions", lambda *args, **kwargs: [reading])
        outcomes = [_outcome(_scenario(f"coup.{i}", ["hdb.game.last-coup"]), i < 2, "hdb.game.value") for i in range(30)]
        outcomes += [_outcome(_scenario(f"value.{i}", ["hdb.game.value"]), i < 1, "hdb.game.value") for i in range(10)]
        outcomes += [_outcome(_scenario(f"gen.{i}", ["hdb.play.lead"], "generated"), True, "hdb.game.value")
                     for i in range(8)]
        return ranked("homme-de-brou-1802", outcomes)[0].clause

    assert first(2) == "hdb.game.value"
    assert first(4) == "hdb.game.last-coup"


def test_a_few_failures_all_of_one_rules_scenarios_put_it_first_though_named_apart() -> None:
    """Issue 63 (batch `issue-63-v`, Brusquembille's pool of a three-way tie under `many_tied:
    returned` sent to the bank): three failures, all of scenarios written for the tie's rule
    (brus.count.winner), two named by it and one shown on the brusquembilles' payments, none of
    whose own scenarios fails; the payments came first, the tie's eighteen passing scenarios
    costing it more than the one failure shown elsewhere. Where few fail and every failure is of
    one rule's scenarios, that rule heads the verdict over a clause whose own scenarios all pass."""
    corpus = [s for s in load_corpus() if s.ruleset == "brusquembille-1718"]
    winner = [s for s in corpus if s.clauses[0] == "brus.count.winner"]
    failing = winner[:3]
    outcomes = [_outcome(s, True, "brus.count.winner" if i else "brus.pay.brusquembille") for i, s in enumerate(failing)]
    outcomes += [_outcome(s, False) for s in corpus if s not in failing
                 and s.clauses[0] in ("brus.count.winner", "brus.pay.brusquembille", "brus.play.lead")]
    assert len(winner) > 10
    found = ranked("brusquembille-1718", outcomes)
    assert found[0].clause == "brus.count.winner", [(s.clause, round(s.score, 2)) for s in found]


def test_many_failures_of_several_rules_scenarios_all_laid_on_one_rule_put_it_first() -> None:
    """Issue 63 (batch `issue-63-x`, Brusquembille's seeded deal turning the second card after the
    hands): sixty failures, of scenarios written for the packets, the pack, the talon and the
    turned card, every one laid on the turned card (the `deal` observable's talon and turned card
    apart); the talon, which no failure can name, and the packets, all of whose scenarios fail,
    came first. Where more than a few fail and every failure overrides its scenario's purpose to
    name one rule, that rule heads the verdict."""
    corpus = [s for s in load_corpus() if s.ruleset == "brusquembille-1718"]
    outcomes = []
    for purpose, failing in (("brus.deal.packets", 11), ("brus.deck.cards", 5), ("brus.deal.talon", 1),
                             ("brus.deal.turned", 2)):
        own = [s for s in corpus if s.clauses[0] == purpose]
        outcomes += [_outcome(s, i < failing, "brus.deal.turned" if i < failing else None) for i, s in enumerate(own)]
    outcomes += [_outcome(_scenario(f"gen.{i}", ["brus.deal.packets", "brus.play.lead"], "generated",
                                    "brusquembille-1718"), True, "brus.deal.turned") for i in range(40)]
    found = ranked("brusquembille-1718", outcomes)
    assert found[0].clause == "brus.deal.turned", [(s.clause, round(s.score, 2)) for s in found[:4]]

"""Each failure names one clause, and the first failure shown names the broken rule.

Single-bug implementations are made by planting one fault in the reference engine; the
corpus of the fault's ruleset is run against it in process; the failures are put in the
order the report shows them (brou.conformance.reporting.report.shown_failures), and the first one
must name the clause the fault breaks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from faults import DIAGNOSIS_FAULTS as FAULTS
from faults import Faulty, _rounding_five_down

from brou.conformance.diagnosis.diagnose import chapter_rank, following_clause, symptom_clause
from brou.conformance.diagnosis.localise import links, suspects
from brou.conformance.diagnosis.run import run
from brou.conformance.judging.compare import FAILED, Verdict
from brou.conformance.judging.reference import load_corpus
from brou.conformance.protocol.runner import InProcess
from brou.conformance.reporting.report import shown_failures
from brou.conformance.scenarios.corpus import SCENARIO_DIR, Scenario, Selection, rules_for
from brou.laws import counting
from helpers import load


@cache
def corpus(ruleset: str) -> tuple[Scenario, ...]:
    return tuple(s for s in load_corpus([SCENARIO_DIR / ruleset]) if s.origin != "perft")


def verdict_of(ruleset: str, impl: InProcess) -> tuple[str | None, str | None]:
    """The verdict's first clause and the clause the first failure shown names."""
    result = run(impl, list(corpus(ruleset)))
    shown = shown_failures(result)
    found = suspects(result.outcomes)
    return (found[0].clause if found else None), (shown[0].verdict.clause if shown else None)


@pytest.mark.parametrize(("ruleset", "clause", "module", "name", "fault"), FAULTS, ids=[f"{f[0]}:{f[1]}" for f in FAULTS])
def test_the_verdict_names_the_broken_clause(ruleset: str, clause: str, module: Any, name: str,
                                             fault: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
    """The verdict's first clause is the broken one; the first failure shown names it or a rule that reads it."""
    first, shown = verdict_of(ruleset, Faulty(module, name, fault))
    assert first == clause
    assert shown is not None and (shown == clause or clause in links(ruleset).above.get(shown, ()))


def test_every_failure_names_one_clause_of_its_ruleset() -> None:
    result = run(Faulty(counting, "rounded", _rounding_five_down), list(corpus("brouc")))
    failed = [o for o in result.outcomes if o.status == FAILED]
    assert failed
    clauses = load("brouc").data["clauses"]
    assert all(o.verdict.clause in clauses for o in failed)
    shown = [o.verdict.clause for o in shown_failures(result)]
    verdict = [s.clause for s in suspects(result.outcomes)]
    groups = list(dict.fromkeys(shown))
    # the verdict's clauses first, in its order; then the clause named most often first
    lead = [c for c in groups if c in verdict]
    assert groups[:len(lead)] == lead and lead == [c for c in verdict if c in groups]
    rest = [c for c in shown if c not in verdict]
    counts = [rest.count(c) for c in rest]
    assert counts == sorted(counts, reverse=True)
    for a, b in itertools.pairwise(dict.fromkeys(rest)):  # on equal numbers, the most basic chapter first
        assert rest.count(a) > rest.count(b) or chapter_rank(a or "") <= chapter_rank(b or "")


def test_following_clause_names_the_rule_that_decides_a_card() -> None:
    rules = load("brouc")
    card = rules.card
    hand = sum(1 << card(c) for c in ("AH", "9H", "7S", "8D"))  # trumps: hearts
    trick = [card("KS"), card("QH")]  # spades led, ruffed by the queen of hearts
    assert following_clause(rules, hand, card("7S"), trick, rules.suits.index("H"), card("QH")) == "brouc.play.follow"
    void = sum(1 << card(c) for c in ("AH", "9H", "8D"))
    assert following_clause(rules, void, card("9H"), trick, rules.suits.index("H"), card("QH")) == "brouc.play.overtrump"
    assert following_clause(rules, void, card("AH"), trick, rules.suits.index("H"), card("QH")) == "brouc.play.overtrump"
    whist = load("homme-de-brou-1802")
    assert following_clause(whist, void, whist.card("8D"), trick, 1, card("QH")) == "hdb.play.void-free"


def test_clause_selects_by_purpose() -> None:
    chosen = [s for s in corpus("brouc") if Selection(clauses=["brouc.play.overtrump"]).keeps(s)]
    assert chosen and all(s.clauses[0] == "brouc.play.overtrump" for s in chosen)
    assert all(s.origin != "generated" for s in chosen)



def _scenario(ruleset: str, scenario_id: str) -> Scenario:
    return next(s for s in corpus(ruleset) if s.id == scenario_id)


def _step(s: Scenario, found: Callable[[dict[str, Any]], bool]) -> int:
    return next(i for i, step in enumerate(s.data["steps"], 1) if found(step))


def test_a_claim_after_a_refused_concession_is_laid_on_the_answer() -> None:
    """What a team may claim or declare once it has refused a concession is what the refusal
    binds it to (hdb.game.concession-answer), not the claim's own rule."""
    s = _scenario("homme-de-brou-1802", "hdb.game.concession-answer.refused-no-claim")
    claim = _step(s, lambda step: step.get("reject") == "claim")
    declare = _step(s, lambda step: step.get("reject") == "declare")
    assert symptom_clause(s, Verdict(FAILED, "claim was accepted, it must be refused (claim-not-now)", claim)) == \
        "hdb.game.concession-answer"
    assert symptom_clause(s, Verdict(FAILED, "declare was accepted, it must be refused", declare)) == \
        "hdb.game.concession-answer"
    # a claim with no concession refused is the claim's rule
    plain = next(x for x in corpus("homme-de-brou-1802") if x.origin == "hand-written" and "refuse" not in str(x.data["steps"])
                 and any(step.get("reject") == "claim" for step in x.data["steps"]))
    step = _step(plain, lambda st: st.get("reject") == "claim")
    assert symptom_clause(plain, Verdict(FAILED, "claim was accepted, it must be refused", step)) == "hdb.game.claim"


def test_a_deal_ended_early_is_laid_on_how_long_play_lasts() -> None:
    """Brusquembille: a program that says nobody is to act (the deal over) where a player is to
    lead breaks the rule that play goes on until the hands are empty, not the rule of who leads."""
    s = next(s for s in corpus("brusquembille-1718") if s.origin == "generated"
             and any(isinstance(st.get("expect", {}).get("to_act"), int) for st in s.data["steps"]))
    step = _step(s, lambda st: isinstance(st.get("expect", {}).get("to_act"), int))
    seat = s.data["steps"][step - 1]["expect"]["to_act"]
    ended = Verdict(FAILED, f"to_act: value is null, expected {seat}", step, seat, None, observed="to_act")
    assert symptom_clause(s, ended) == "brus.talon.last-tricks"
    other = (seat + 1) % 2
    wrong_seat = Verdict(FAILED, f"to_act: value is {other}, expected {seat}", step, seat, other, observed="to_act")
    assert symptom_clause(s, wrong_seat) == "brus.play.next-lead"


def test_the_turned_card_drawn_by_another_player_is_laid_on_the_last_draw() -> None:
    """Brusquembille: the turned trump in another drawer's events, view or hand is the last draw's
    rule (brus.talon.last-draw), and the scenario written for it names it, not the draws."""
    s = _scenario("brusquembille-1718", "brus.talon.last-draw.turned-trump")
    step = _step(s, lambda st: "events" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["events"]
    got = [dict(e) for e in want]
    got[-3]["draw"], got[-1]["draw"] = want[-1]["draw"], want[-3]["draw"]  # the turned nine to the first drawer
    verdict = Verdict(FAILED, "events: [18].draw is ...", step, want, got, observed="events")
    assert symptom_clause(s, verdict) == "brus.talon.last-draw"
    other = [dict(e) for e in want]
    other[3]["draw"], other[4]["draw"] = want[4]["draw"], want[3]["draw"]  # two ordinary cards drawn the other way
    assert symptom_clause(s, verdict._replace(got=other)) == "brus.talon.draw"
    played = _scenario("brusquembille-1718", "brus.talon.last-draw.drawer-plays-it")
    legal = _step(played, lambda st: "legal" in st.get("expect", {}))
    hand = Verdict(FAILED, "legal: missing 9H; not allowed 7H", legal, ["QC", "9C", "9H"], ["QC", "9C", "7H"], observed="legal")
    assert symptom_clause(played, hand) == "brus.talon.last-draw"


def test_the_cards_held_in_a_view_are_each_games_own_hand() -> None:
    """L'Hombre and L'Homme d'Auvergne: a view's hand, count of cards held or talon apart is laid
    on the game's own-hand rule (hom.info.own-hand, auv.info.own-hand), as in the other games,
    not on what is said aloud."""
    for ruleset, scenario_id, clause in (("hombre", "hom.info.public.auction-contract-exchange", "hom.info.own-hand"),
                                         ("homme-d-auvergne", "auv.info.turned.speech", "auv.info.own-hand")):
        s = _scenario(ruleset, scenario_id)
        step = _step(s, lambda st: "view" in st.get("expect", {}))
        want = s.data["steps"][step - 1]["expect"]["view"]
        for field in ("held", "hand", "talon"):
            got = [dict(v) for v in want]
            got[1][field] = None  # another player's count (or hand) hidden
            verdict = Verdict(FAILED, f"view: [1].{field} is null", step, want, got, observed="view")
            assert symptom_clause(s, verdict) == clause, (ruleset, field)


def test_hombre_payments_the_other_way_are_who_won_only_near_the_line() -> None:
    """L'Hombre: a ledger whose payments go the other way, the points right, is the result
    judged otherwise (hom.count.result) where the hombre's tricks are near the line between a
    win and a remise (four or five); after a surrender, which no trick decides, it is the
    payments written the other way (hom.count.score)."""
    def swapped(ruleset: str, scenario_id: str) -> str | None:
        s = _scenario(ruleset, scenario_id)
        step = _step(s, lambda st: bool(st.get("expect", {}).get("ledger")))
        want = s.data["steps"][step - 1]["expect"]["ledger"]
        got = [dict(e, **{"from": e["to"], "to": e["from"]}) for e in want]
        return symptom_clause(s, Verdict(FAILED, "ledger: [0].from is ...", step, want, got, observed="ledger"))

    assert swapped("hombre", "hom.contract.table.demande-remise") == "hom.count.score"  # he surrendered
    assert swapped("hombre", "hom.count.result.won-4-3-2") == "hom.count.result"
    assert swapped("hombre", "hom.count.result.remise-4-4-1") == "hom.count.result"


def test_stopping_offered_in_a_nolo_is_the_nolos_count() -> None:
    """L'Hombre: `stop` (the vole) offered or refused apart is the vole's rule, but in a nolo,
    which has no vole, it is the nolo's count (hom.count.nolo)."""
    s = _scenario("hombre", "hom.contract.nolo.no-trump")
    step = _step(s, lambda st: "legal" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["legal"]
    offered = Verdict(FAILED, "legal: not allowed stop", step, want, [*want, "stop"], observed="legal")
    assert symptom_clause(s, offered) == "hom.count.nolo"
    vole = _scenario("hombre", "hom.count.result.won-5-after-five")  # a demande: the hombre may stop
    step = _step(vole, lambda st: "stop" in (st.get("expect", {}).get("legal") or []))
    want = vole.data["steps"][step - 1]["expect"]["legal"]
    refused = Verdict(FAILED, "legal: missing stop", step, want, [c for c in want if c != "stop"], observed="legal")
    assert symptom_clause(vole, refused) == "hom.count.vole"


def test_a_player_asked_at_the_first_lead_who_could_show_the_king_is_the_showing() -> None:
    """L'Homme d'Auvergne: play has begun, and the program asks a player who holds the turned
    suit's king unshown (he passed without showing it): it is still asking him to show it
    (auv.king.show); a player with no such king asked is who leads (auv.play.lead)."""
    s = _scenario("homme-d-auvergne", "auv.king.show.passed-holder-not-asked")
    step = _step(s, lambda st: "to_act" in st.get("expect", {}))
    holder = Verdict(FAILED, "to_act: value is 2, expected 0", step, 0, 2, observed="to_act")
    assert symptom_clause(s, holder) == "auv.king.show"
    other = Verdict(FAILED, "to_act: value is 1, expected 0", step, 0, 1, observed="to_act")
    assert symptom_clause(s, other) == "auv.play.lead"


def test_the_winners_a_side_of_another_pairing_are_the_forms() -> None:
    """Brusquembille in two pairs: winners who make a side only if the partners are the other
    neighbours (1 with 2, 3 with 0) or the players opposite break the form's rule
    (brus.players.forms); the right pair short of one player is not that."""
    s = _scenario("brusquembille-1718", "brus.players.forms.pairs-sit-next-to-each-other")
    step = _step(s, lambda st: "outcome" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["outcome"]
    for winners in ([2, 1], [0, 2]):
        verdict = Verdict(FAILED, "outcome: winners ...", step, want, dict(want, winners=winners), observed="outcome")
        assert symptom_clause(s, verdict) == "brus.players.forms", winners
    short = Verdict(FAILED, "outcome: winners ...", step, want, dict(want, winners=[2]), observed="outcome")
    assert symptom_clause(s, short) != "brus.players.forms"


def test_a_tier_asked_to_play_instead_of_exchanging_is_who_exchanges() -> None:
    """L'Hombre: where the reference asks a tier to exchange (`draw` among his words) and the
    program has him play (his cards, with the hombre's `surrender` of the first card), the
    words apart are who exchanges (hom.exchange.tiers), not the surrender the program offers."""
    s = _scenario("hombre", "hom.exchange.hombre.discards-and-draws")  # the hombre has exchanged: tier 1 to draw
    step = _step(s, lambda st: st.get("expect", {}).get("to_act") == 1)
    want = s.data["steps"][step - 1]["expect"]["legal"]
    got = [c for c in want if c != "draw"] + ["surrender"]
    verdict = Verdict(FAILED, "legal: missing draw; not allowed surrender", step, want, got, observed="legal")
    assert symptom_clause(s, verdict) == "hom.exchange.tiers"
    alone = Verdict(FAILED, "legal: not allowed surrender", step, want, [*want, "surrender"], observed="legal")
    assert symptom_clause(s, alone) == "hom.exchange.surrender"


def test_card_points_apart_are_the_cards_worth_only_if_a_rank_worth_another_number_explains_them() -> None:
    """Brusquembille: card points whose total differs are what the cards are worth
    (brus.deck.points) where one rank worth another number gives each player's difference (the
    aces worth ten: players 0 and 2 took two aces each, two points less each); a difference no
    rank explains (points for a player who took no trick) is how they are counted
    (brus.count.points)."""
    s = _scenario("brusquembille-1718", "brus.players.forms.pairs-sit-next-to-each-other")
    step = _step(s, lambda st: "result" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["result"]

    def laid(points: list[int]) -> str | None:
        got = [dict(row, card_points=p) for row, p in zip(want, points, strict=True)]
        return symptom_clause(s, Verdict(FAILED, "result: [0].card_points ...", step, want, got, observed="result"))

    assert [row["card_points"] for row in want] == [53, 0, 54, 13]
    assert laid([51, 0, 52, 13]) == "brus.deck.points"
    assert laid([53, 5, 54, 13]) == "brus.count.points"


def test_a_free_choice_under_a_trump_lead_is_laid_on_the_trump_led_exception() -> None:
    """Brouc: a plain card allowed under a trump lead that the player cannot beat breaks the
    trump-led exception (he still plays a trump, any one), not following."""
    rules = load("brouc")
    card, hearts = rules.card, rules.suits.index("H")
    hand = sum(1 << card(c) for c in ("TH", "8H", "AD", "JS"))
    trick = [card("AH"), card("7H")]
    assert following_clause(rules, hand, card("AD"), trick, hearts, card("AH")) == "brouc.play.trump-led-lower"
    higher = sum(1 << card(c) for c in ("TH", "8H", "AD", "JS"))
    assert following_clause(rules, higher, card("AD"), [card("9H")], hearts, card("9H")) == "brouc.play.follow"


def test_the_turned_card_on_show_is_laid_on_its_exposure() -> None:
    """1802: the dealer's turned card alone missing from his legal cards in the first trick, or
    refused as not in his hand, is the turn-up's exposure (hdb.deal.turnup-exposed)."""
    s = _scenario("homme-de-brou-1802", "hdb.deal.turnup-exposed.only-card-of-the-suit-led")
    legal = _step(s, lambda st: "legal" in st.get("expect", {}))
    apart = ["QS", "9S", "JD", "7D", "AC", "JC", "9C"]  # his hand without the nine of hearts: no heart, any card
    offered = Verdict(FAILED, "legal: missing 9H; not allowed QS", legal, ["9H"], apart, observed="legal")
    assert symptom_clause(s, offered) == "hdb.deal.turnup-exposed"
    play = _step(s, lambda st: st.get("do") == "9H")
    refused = Verdict(FAILED, "9H was refused (not-in-hand), it is legal", play, "accepted", "refused: not-in-hand")
    assert symptom_clause(s, refused) == "hdb.deal.turnup-exposed"
    elsewhere = refused._replace(detail="9H was refused (must-follow-suit), it is legal", got="refused: must-follow-suit")
    assert symptom_clause(s, elsewhere) != "hdb.deal.turnup-exposed"


def test_a_question_the_reference_never_asks_is_laid_on_its_rule_not_on_the_claim() -> None:
    """The program asks for a concession (`concede`, `pass`) where the reference plays on (cards,
    `claim`, `declare`): the two sides are not at the same moment, and the concession's word
    tells which; a claim or a declaration, offered at every turn of play, does not."""
    s = _scenario("homme-de-brou-1802", "bnd.hdb.game.partie-et-vole.inside-1")
    step = next(i for i, st in enumerate(s.data["steps"], 1) if "claim" in (st.get("expect", {}).get("legal") or []))
    want = s.data["steps"][step - 1]["expect"]["legal"]
    asked = Verdict(FAILED, "legal", step, want, ["concede", "pass"], observed="legal")
    assert symptom_clause(s, asked) == "hdb.game.concession"


def test_a_king_shown_left_out_of_the_public_record_is_what_is_public() -> None:
    """L'Homme d'Auvergne: the program accepted the king shown, and its record of what was
    turned and shown leaves it out, the rest as it is: what is public (auv.info.turned), not
    showing. A record with another king in its place is showing's."""
    s, step = next((x, i) for x in corpus("homme-d-auvergne") for i, st in enumerate(x.data["steps"], 1)
                   if any(isinstance(e, dict) and "show" in e for e in st.get("expect", {}).get("events") or []))
    want = s.data["steps"][step - 1]["expect"]["events"]
    left_out = [e for e in want if "show" not in e]
    assert symptom_clause(s, Verdict(FAILED, "events", step, want, left_out, observed="events")) == "auv.info.turned"
    other = [dict(e, show="KS" if e["show"] != "KS" else "KH") if "show" in e else e for e in want]
    assert symptom_clause(s, Verdict(FAILED, "events", step, want, other, observed="events")) == "auv.king.show"


def test_lower_bids_offered_where_a_bid_stands_are_the_auctions_order() -> None:
    """L'Hombre: where a bid stands, the program offers every contract the player could name
    were none standing, lower ones among them (the second duel begun afresh): which bid stands
    is the auction's order (hom.auction.order). Offering the standing rank to the later speaker
    as well is the priority within a rank (hom.auction.priority)."""
    from brou.conformance.diagnosis.diagnose import _played_to
    from brou.laws.auction import standing
    from brou.laws.contracts import contracts, may_name

    for s in corpus("hombre"):
        if s.origin != "generated":
            continue
        rules = rules_for(s)
        for i, st in enumerate(s.data["steps"], 1):
            want = st.get("expect", {}).get("legal")
            if not want:
                continue
            state = _played_to(rules, s, Verdict(FAILED, "", i, None, None)).state
            now = standing(rules, state.said) if state.phase == "auction" else None
            if now is None or now.bid is None or now.to_speak is None or now.to_speak < (now.bidder or 0):
                continue
            rank = {row.name: row.rank for row in contracts(rules)}
            free = [row.name for row in contracts(rules) if may_name(rules, row, state.hands[now.to_speak])]
            if not any(rank[n] < rank[now.bid] for n in free):
                continue
            afresh = Verdict(FAILED, "legal", i, want, [*free, "pass"], observed="legal")
            assert symptom_clause(s, afresh) == "hom.auction.order"
            equal = [n for n in free if rank[n] == rank[now.bid] and n not in want]
            if equal:
                within = Verdict(FAILED, "legal", i, want, [*want, *equal], observed="legal")
                assert symptom_clause(s, within) == "hom.auction.priority"
                return
    raise AssertionError("no generated L'Hombre step has a later speaker facing a bid at a rank he may equal")


def _dealer_later_with_turnup(ruleset: str) -> tuple[Scenario, int, list[str]]:
    """A scenario, a step after the first trick where the dealer, holding the turned card, is
    shown his legal cards, and those cards as his hand without the turned card would give."""
    from brou.conformance.diagnosis.diagnose import _played_to

    for s in corpus(ruleset):
        rules = rules_for(s)
        for i, step in enumerate(s.data["steps"], 1):
            if step.get("expect", {}).get("legal") is None:
                continue
            state = _played_to(rules, s, Verdict(FAILED, "", i, None, None)).state
            if (len(state.tricks) > 1 and state.to_act == rules.dealer and state.hands[rules.dealer] >> state.turnup & 1
                    and state.legal_cards() != 1 << state.turnup):
                apart = state.copy()
                apart.hands[rules.dealer] &= ~(1 << state.turnup)
                mask = apart.legal_cards()
                return s, i, [rules.card_text(c) for c in range(mask.bit_length()) if mask >> c & 1]
    raise AssertionError(f"no step of {ruleset} has the dealer holding the turned card after the first trick")


def test_the_turned_card_never_taken_up_is_laid_on_its_exposure() -> None:
    """1802: after the first trick the dealer takes the turned card into his hand; legal cards
    offered as if he never had are the turn-up's rule (hdb.deal.turnup-exposed). In Brouc the
    card is his from the start, like any other, and the same answer says nothing of it."""
    s, step, apart = _dealer_later_with_turnup("homme-de-brou-1802")
    want = s.data["steps"][step - 1]["expect"]["legal"]
    offered = Verdict(FAILED, "legal", step, want, apart, observed="legal")
    assert symptom_clause(s, offered) == "hdb.deal.turnup-exposed"
    s, step, apart = _dealer_later_with_turnup("brouc")
    want = s.data["steps"][step - 1]["expect"]["legal"]
    offered = Verdict(FAILED, "legal", step, want, apart, observed="legal")
    assert symptom_clause(s, offered) not in ("hdb.deal.turnup-exposed", "brouc.deal.turnup-in-hand")


def test_other_points_for_the_same_end_are_what_a_result_scores() -> None:
    """L'Hombre: an outcome or a result whose points alone differ is laid on the score the result
    earns (hom.count.score, which reads the contract table), not on the result."""
    s = next(x for x in corpus("hombre") if x.origin == "generated"
             and any(isinstance(st.get("expect", {}).get("outcome"), dict) and "points" in st["expect"]["outcome"]
                     for st in x.data["steps"]))
    step = _step(s, lambda st: isinstance(st.get("expect", {}).get("outcome"), dict))
    want = s.data["steps"][step - 1]["expect"]["outcome"]
    got = dict(want, points=[p * 2 for p in want["points"]])
    assert symptom_clause(s, Verdict(FAILED, "outcome: points", step, want, got, observed="outcome")) == "hom.count.score"
    assert "hom.contract.table" in links("hombre").above["hom.count.score"]


def test_the_same_payment_made_the_other_way_is_who_won() -> None:
    """L'Hombre: the hombre paying the sheet what the sheet should pay him is the result judged
    otherwise (hom.count.result); the same direction with other points is what it scores; a
    result whose points alone have the sign changed is the result too."""
    s = _scenario("hombre", "hom.count.result.won-4-3-2")
    step = _step(s, lambda st: "ledger" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["ledger"]
    turned = [dict(e, **{"from": e["to"], "to": e["from"]}) for e in want]
    assert symptom_clause(s, Verdict(FAILED, "ledger: [0].from", step, want, turned, observed="ledger")) == "hom.count.result"
    doubled = [dict(e, points=e["points"] * 2) for e in want]
    assert symptom_clause(s, Verdict(FAILED, "ledger: [0].points", step, want, doubled, observed="ledger")) == "hom.count.score"
    rows = s.data["steps"][step - 1]["expect"]["result"]
    negated = [dict(r, points=-r["points"]) for r in rows]
    assert symptom_clause(s, Verdict(FAILED, "result: [0].points", step, rows, negated, observed="result")) == "hom.count.result"
    assert symptom_clause(s, Verdict(FAILED, "result: [0].points", step, rows, [dict(r, points=2 * r["points"]) for r in rows],
                                     observed="result")) == "hom.count.score"


def test_a_lost_deals_payments_for_a_won_deals_are_who_won() -> None:
    """L'Homme d'Auvergne: the payments of a lost deal (auv.count.lost) where those of a won one
    are expected (auv.count.won) are laid on the rule both read, who won (auv.count.homme-wins)."""
    s = _scenario("homme-d-auvergne", "auv.count.homme-wins.five-one-each-first-trick")
    step = _step(s, lambda st: "ledger" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["ledger"]
    lost = [{"trick": 5, "from": 0, "to": "sheet", "marks": 1, "card": None, "clause": "auv.count.lost"}] + [
        {"trick": 5, "from": "sheet", "to": seat, "marks": 1, "card": None, "clause": "auv.count.lost"} for seat in range(1, 5)]
    verdict = Verdict(FAILED, "ledger: list has 5 entries, expected 1", step, want, lost, observed="ledger")
    assert symptom_clause(s, verdict) == "auv.count.homme-wins"
    more = [dict(want[0], marks=2)]
    assert symptom_clause(s, verdict._replace(got=more)) == "auv.count.won"


def test_a_player_asked_after_a_contract_without_his_exchange_is_still_exchanging() -> None:
    """L'Hombre: after a pure nolo, where nobody exchanges, a program that asks the hombre or a
    tier rather than the first hand is still exchanging (hom.exchange.nolo); after a demande
    where all three exchanged, another seat asked is who leads (hom.play.lead)."""
    s = _scenario("hombre", "hom.exchange.nolo.pur-nolo-nobody")
    step = _step(s, lambda st: "to_act" in st.get("expect", {}))
    for seat in (1, 2):
        asked = Verdict(FAILED, f"to_act: value is {seat}, expected 0", step, 0, seat, observed="to_act")
        assert symptom_clause(s, asked) == "hom.exchange.nolo"
    demande = _scenario("hombre", "hom.exchange.surrender.before-first-card")
    first = _step(demande, lambda st: "to_act" in st.get("expect", {}))
    other = Verdict(FAILED, "to_act: value is 1, expected 0", first, 0, 1, observed="to_act")
    assert symptom_clause(demande, other) == "hom.play.lead"


def test_an_announcement_refused_by_an_earlier_check_is_that_checks_rule() -> None:
    """1802 and Brouc: an announcement the reference refuses for the hand (marriage-not-held) and
    the program for the moment (announce-not-now) breaks the moment's rule, which is checked first
    (docs/errors.md); the other way round (issue 63, batch `issue-63-i`), the program checked the
    hand first: the hand's rule; for another action, nothing is decided here."""
    from brou.conformance.diagnosis.diagnose import _earlier_check

    moment = Verdict(FAILED, "announce KQJC refused with code announce-not-now, expected marriage-not-held", 3,
                     "marriage-not-held", "announce-not-now")
    assert _earlier_check("announce KQJC", moment) == "hdb.marriage.announce-window"
    hand = moment._replace(expected="announce-not-now", got="marriage-not-held")
    assert _earlier_check("announce KQJC", hand) == "hdb.marriage.announce-in-hand"
    assert _earlier_check("announce KQJC", hand._replace(got="must-follow-suit")) is None
    assert _earlier_check("claim", moment) is None


def test_a_seat_that_threw_off_asked_to_lead_is_who_leads() -> None:
    """L'Homme d'Auvergne: after a trick, a program asking to lead a player whose card was neither
    of the suit led nor a trump (it could win under no order of the cards) has another rule of
    who leads, not another winner."""
    from brou.conformance.diagnosis.diagnose import _could_not_win

    rules = load("homme-d-auvergne")
    card, hearts = rules.card, rules.suits.index("H")
    trick = (0, tuple(card(c) for c in ("KS", "7S", "8D", "9H")), 0)  # spades led, a diamond, a heart trump
    assert _could_not_win(rules, trick, 2, hearts)  # the eight of diamonds
    assert not _could_not_win(rules, trick, 1, hearts)  # a spade
    assert not _could_not_win(rules, trick, 3, hearts)  # a trump
    assert not _could_not_win(rules, trick, 0, hearts) and not _could_not_win(rules, trick, 7, hearts)


def test_a_speech_apart_right_after_a_show_is_the_shows_rule() -> None:
    """L'Homme d'Auvergne: showing a king is not the player's word (auv.king.show). A program that
    asks the next player after a show, or names another homme where the reference's homme had
    shown a king, breaks the show's rule; the same homme apart with no show is the speech's."""
    s = _scenario("homme-d-auvergne", "auv.king.show.word-kept")
    asked = _step(s, lambda st: "to_act" in st.get("expect", {}) and "homme" not in st["expect"])
    next_one = Verdict(FAILED, "to_act: value is 3, expected 2", asked, 2, 3, observed="to_act")
    assert symptom_clause(s, next_one) == "auv.king.show"
    homme = _step(s, lambda st: "homme" in st.get("expect", {}))
    other = Verdict(FAILED, "homme: value is 3, expected 2", homme, 2, 3, observed="homme")
    assert symptom_clause(s, other) == "auv.king.show"
    plain = _scenario("homme-d-auvergne", "auv.king.show.passed-holder-not-asked")
    apart = Verdict(FAILED, "homme: value is 2, expected 3", 2, 3, 2, observed="homme")
    assert symptom_clause(plain, apart) == "auv.speech.round"


def test_an_unplayed_deal_left_out_of_the_count_is_the_rule_that_left_it_unplayed() -> None:
    """L'Homme d'Auvergne: a session whose count of deals is one short after a deal nobody turned
    breaks auv.turn.nobody (the deal passes on as after any other); after all passed to the last
    réjouissance, auv.speech.rejouissance; another field of the session keeps its own rule."""
    s = _scenario("homme-d-auvergne", "auv.turn.nobody.counts-as-a-deal")
    step = _step(s, lambda st: "session" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["session"]
    short = Verdict(FAILED, "session: deals is 2, expected 3", step, want, dict(want, deals=2), observed="session")
    assert symptom_clause(s, short) == "auv.turn.nobody"
    passed = _scenario("homme-d-auvergne", "auv.match.next-dealer.other-dealer-all-passed")
    last = len(passed.data["steps"])
    want = passed.data["steps"][last - 1]["expect"]["session"]
    assert symptom_clause(passed, Verdict(FAILED, "session: deals is 0, expected 1", last, want, dict(want, deals=0),
                                          observed="session")) == "auv.speech.rejouissance"
    dealer = Verdict(FAILED, "session: next_dealer is 1, expected 2", last, want, dict(want, next_dealer=1),
                     observed="session")
    assert symptom_clause(passed, dealer) == "auv.match.next-dealer"


def test_another_trump_in_a_tourne_is_the_turned_card() -> None:
    """L'Hombre: in a tourné the trump is the suit of the card turned from the talon; a program
    whose contract or trump differs only in that suit turned another card (hom.exchange.tourne),
    where a contract that names its trump differing only there is the contract's."""
    s = _scenario("hombre", "hom.exchange.tourne.turned-card-drawn-first")
    step = _step(s, lambda st: "trump" in st.get("expect", {}))
    assert symptom_clause(s, Verdict(FAILED, 'trump: value is "C", expected "H"', step, "H", "C",
                                     observed="trump")) == "hom.exchange.tourne"
    plays = _scenario("hombre", "hom.contract.demande.plays-tourne")
    at = _step(plays, lambda st: "contract" in st.get("expect", {}))
    want = plays.data["steps"][at - 1]["expect"]["contract"]
    other = Verdict(FAILED, 'contract: trump is "C", expected "H"', at, want, dict(want, trump="C"), observed="contract")
    assert symptom_clause(plays, other) == "hom.exchange.tourne"
    named = _scenario("hombre", "hom.contract.demande.names-trump")
    said = _step(named, lambda st: "contract" in st.get("expect", {}) and st["expect"]["contract"].get("trump"))
    want = named.data["steps"][said - 1]["expect"]["contract"]
    assert symptom_clause(named, Verdict(FAILED, 'contract: trump is "C", expected "D"', said, want, dict(want, trump="C"),
                                         observed="contract")) != "hom.exchange.tourne"


def test_a_refusal_with_another_code_is_the_rule_of_the_references_code() -> None:
    """An action both refuse, the program with another code: the rule whose check gives the
    reference's code (docs/errors.md) is the one it applied otherwise: must-follow-suit in
    Brouc is brouc.play.follow; a card in L'Hombre's auction (cards-not-yet) the auction's
    order; a card after Brusquembille's last trick (deal-over) how long play lasts. The same
    code, or an action the program accepts, is left to the other rules."""
    from types import SimpleNamespace

    from brou.conformance.diagnosis.diagnose import _refused_by

    def refused(want: str, got: str) -> Verdict:
        return Verdict(FAILED, f"AS refused with code {got}, expected {want}", 3, want, got)

    brouc, hombre, brus = load("brouc"), load("hombre"), load("brusquembille-1718")
    playing = SimpleNamespace(phase="play")
    assert _refused_by(brouc, playing, refused("must-follow-suit", "must-overtrump")) == "brouc.play.follow"
    assert _refused_by(brouc, playing, refused("must-overtrump", "must-follow-suit")) == "brouc.play.overtrump"
    assert _refused_by(load("homme-de-brou-1802"), playing, refused("must-follow-suit", "not-in-hand")) == "hdb.play.follow"
    assert _refused_by(hombre, SimpleNamespace(phase="auction"), refused("cards-not-yet", "word-not-now")) \
        == "hom.auction.order"
    assert _refused_by(brus, SimpleNamespace(phase="done"), refused("deal-over", "not-in-hand")) == "brus.talon.last-tricks"
    assert _refused_by(brouc, playing, refused("must-follow-suit", "must-follow-suit")) is None
    assert _refused_by(brouc, playing, refused("must-follow-suit", "accepted")) is None
    assert _refused_by(hombre, playing, refused("deal-over", "not-in-hand")) is None  # no rule of how long play lasts


def test_a_deal_the_program_ends_early_is_how_the_phase_ends_a_deal() -> None:
    """L'Hombre: after two passes the reference asks the third hand; a program that asks nobody,
    or refuses his word as `deal-over`, ended the auction early (hom.auction.all-pass), not
    another priority."""
    s = _scenario("hombre", "hom.auction.all-pass.third-hand-alone")
    step = _step(s, lambda st: "to_act" in st.get("expect", {}))
    nobody = Verdict(FAILED, "to_act: value is null, expected 2", step, 2, None, observed="to_act")
    assert symptom_clause(s, nobody) == "hom.auction.all-pass"
    other = Verdict(FAILED, "to_act: value is 0, expected 2", step, 2, 0, observed="to_act")
    assert symptom_clause(s, other) != "hom.auction.all-pass"


def test_a_black_ace_apart_in_a_nolo_is_the_nolo_or_its_order() -> None:
    """L'Hombre: in a nolo the espadille is a spade; a program whose legal cards in a nolo differ
    by a black ace, or that gives a trick to one as if it were a trump (played to another suit,
    or above a king, queen or jack of its own), breaks hom.contract.nolo (no trump), not
    following; one that gives it a trick within its suit over lower cards only ranks it
    otherwise (hom.deck.nolo-order: the black ace lowest)."""
    s = _scenario("hombre", "hom.contract.nolo.espadille-is-a-spade")
    step = _step(s, lambda st: st.get("expect", {}).get("legal") == ["AS"])
    ace = Verdict(FAILED, "legal: missing AS", step, ["AS"], ["KD", "QD"], observed="legal")
    assert symptom_clause(s, ace) == "hom.contract.nolo"
    tricks = _step(s, lambda st: "tricks" in st.get("expect", {}))  # 2S, AS, 3S: the ace above the two and three
    won = Verdict(FAILED, "tricks: [0] is 1, expected 2", tricks, [2], [1], observed="tricks")
    assert symptom_clause(s, won) == "hom.deck.nolo-order"
    clubs = _scenario("hombre", "hom.count.nolo.with-exchange-won")  # the last trick: QC, 7C and the espadille
    last = _step(clubs, lambda st: "tricks" in st.get("expect", {}))
    want = clubs.data["steps"][last - 1]["expect"]["tricks"]
    trumped = Verdict(FAILED, "tricks: [8] is 2, expected 0", last, want, [*want[:8], 2], observed="tricks")
    assert symptom_clause(clubs, trumped) == "hom.contract.nolo"


def test_the_last_card_above_the_lead_taken_as_winner_is_the_tricks_rule() -> None:
    """A trick given to the last card above the card led, played after the best one, is the
    trick's rule read card against lead (no order gives that), not the order of the cards; a
    trick given to an earlier card of the suit led is the order."""
    from brou.conformance.diagnosis.diagnose import _plain_order

    rules = load("brusquembille-1718")
    card = rules.card
    spades = rules.suits.index("S")
    trump = rules.suits.index("H")
    assert spades != trump
    later = (0, tuple(card(c) for c in ("8S", "AS", "JS")), 1)  # the ace wins; the jack is above the eight, later
    assert _plain_order(rules, later, 2, trump) is None
    earlier = (0, tuple(card(c) for c in ("8S", "JS", "AS")), 2)  # the jack, played before the ace, taken as winner
    assert _plain_order(rules, earlier, 1, trump) == "brus.deck.order"


def test_play_refused_on_a_suit_passed_before_is_the_trumps_rule() -> None:
    """L'Homme d'Auvergne: a player who passed on diamonds may play on them when they come up
    again (auv.speech.trump); a program that refuses his `play`, or leaves it out of his words,
    breaks that rule, not the speech's order. On the first diamond, the same refusal is the speech's."""
    s = _scenario("homme-d-auvergne", "auv.speech.trump.same-suit-twice-play-after-pass")
    step = _step(s, lambda st: st.get("do") == "play")
    refused = Verdict(FAILED, f"step {step}: play was refused (word-not-now), it is legal", step, "accepted",
                      "refused: word-not-now")
    assert symptom_clause(s, refused) == "auv.speech.trump"
    again = _scenario("homme-d-auvergne", "auv.king.show.suit-turned-again")  # diamonds again, player 2 passed them
    asked = _step(again, lambda st: "legal" in st.get("expect", {}))
    missing = Verdict(FAILED, "legal: missing play", asked, ["play", "pass", "show"], ["pass", "show"], observed="legal")
    assert symptom_clause(again, missing) == "auv.speech.trump"
    first = _scenario("homme-d-auvergne", "auv.king.held.shown-on-his-word")
    at = _step(first, lambda st: st.get("expect", {}).get("legal") == ["play", "pass"])
    assert symptom_clause(first, Verdict(FAILED, "legal: missing play", at, ["play", "pass"], ["pass"],
                                         observed="legal")) != "auv.speech.trump"


def test_an_overtrump_measured_against_another_trump_is_the_overtrumps_rule() -> None:
    """Brouc: a player who cannot beat the best trump of the trick but holds one above another of
    its trumps, refused a lower trump as `must-overtrump` (or given only the trumps above that
    other one), meets a program that measures "higher" against the wrong trump: the overtrump's
    rule (brouc.play.overtrump), not the exception that lets him play any trump."""
    from types import SimpleNamespace

    from brou.conformance.diagnosis.diagnose import _overtrump_measured_otherwise

    rules = load("brouc")
    card = rules.card
    hearts = rules.suits.index("H")

    def state(*held: str) -> Any:
        trick = [card("JH"), card("AH")]  # a trump led, then the ace of trumps: the best
        return SimpleNamespace(trick=trick, trump=hearts, to_act=2, hands=[0, 0, sum(1 << card(c) for c in held), 0],
                               best_card=lambda: card("AH"))

    assert _overtrump_measured_otherwise(rules, state("QH", "7H"), ["7H"], None) == "brouc.play.overtrump"
    assert _overtrump_measured_otherwise(rules, state("QH", "7H"), ["7H"], ["QH"]) == "brouc.play.overtrump"
    assert _overtrump_measured_otherwise(rules, state("QH", "7H"), ["7H"], ["7H"]) is None  # not the trumps above the jack
    assert _overtrump_measured_otherwise(rules, state("9H", "7H"), ["7H"], None) is None  # none above another trump
    assert _overtrump_measured_otherwise(load("homme-de-brou-1802"), state("QH", "7H"), ["7H"], None) is None


def test_a_lead_refused_by_a_rule_of_following_is_what_may_be_played() -> None:
    """A card led, refused by the program with a code of following (no card is on the table to
    follow), or a legal set at a lead that is only part of the player's cards, is the rule of what
    may be played (L'Homme d'Auvergne's says a trump may be led), not who leads."""
    from types import SimpleNamespace

    from brou.conformance.diagnosis.diagnose import _lead_restricted

    leading = SimpleNamespace(phase="play", trick=[], to_act=1)
    following = SimpleNamespace(phase="play", trick=[3], to_act=1)
    code = Verdict(FAILED, "step 1, action 3 of 9: QH was refused (must-follow-suit), it is legal", 1, "accepted",
                   "refused: must-follow-suit")
    assert _lead_restricted(load("homme-d-auvergne"), leading, code, "QH") == "auv.play.follow"
    assert _lead_restricted(load("brouc"), leading, code, "QH") == "brouc.play.follow"
    assert _lead_restricted(load("homme-de-brou-1802"), leading, code, "QH") == "hdb.play.follow"
    assert _lead_restricted(load("homme-d-auvergne"), following, code, "QH") is None  # a card to follow
    seat = Verdict(FAILED, "QH was refused (wrong-seat), it is legal", 1, "accepted", "refused: wrong-seat")
    assert _lead_restricted(load("homme-d-auvergne"), leading, seat, "QH") is None  # who leads
    part = Verdict(FAILED, "legal: missing QH", 1, ["QH", "7S", "9D"], ["7S", "9D"], observed="legal")
    assert _lead_restricted(load("homme-d-auvergne"), leading, part, None) == "auv.play.follow"
    other = Verdict(FAILED, "legal: missing QH", 1, ["QH", "7S", "9D"], ["7S", "8C"], observed="legal")
    assert _lead_restricted(load("homme-d-auvergne"), leading, other, None) is None  # another player's cards


def test_brusquembilles_paid_in_the_game_for_points_are_when_they_are_paid() -> None:
    """Brusquembille for points: jetons apart by exactly what the trick's ace and ten would pay
    are the rule of when brusquembilles are paid (brus.pay.when: never in the game for points),
    not how they are paid; other jetons apart stay on the result's rule."""
    s = _scenario("brusquembille-1718", "brus.reading.amb-70.pool.most-points-takes-the-pool")
    step = _step(s, lambda st: st.get("expect", {}).get("result") == [{"jetons": -20}] * 3)
    want = [{"jetons": -20}] * 3
    # the first trick: AS (player 0) wins over TS (player 1) and 8S: +4 and +1 for player 0, -2 and -2 for
    # player 1, -2 and +1 for player 2
    paid = [{"jetons": -15}, {"jetons": -24}, {"jetons": -21}]
    verdict = Verdict(FAILED, "result: [0].jetons is -15, expected -20", step, want, paid, observed="result")
    assert symptom_clause(s, verdict) == "brus.pay.when"
    other = [{"jetons": -10}, {"jetons": -25}, {"jetons": -25}]
    assert symptom_clause(s, verdict._replace(got=other)) != "brus.pay.when"


def test_hands_dealt_under_a_talon_laid_off_the_top_are_the_talons_rule() -> None:
    """L'Hombre from a seed: the talon is what is left after the hands (hom.deal.talon). A
    program whose hands are those of the same pack with the talon laid off its top breaks that
    rule, not the packets; hands apart otherwise are the packets'."""
    from brou.cards.deal import packet_positions, shuffled_pack
    from brou.conformance.protocol.table import Table
    from brou.laws.talon import deal_with_talon

    s = _scenario("hombre", "hom.deal.packets.seed-7")
    step = _step(s, lambda st: "deal" in st.get("expect", {}))
    table = Table(load("hombre"), s.data["setup"])
    rules = table.rules
    pack = shuffled_pack(rules, int(s.data["setup"]["seed"]))
    talon = len(packet_positions(rules)[1])
    other = deal_with_talon(rules, [*pack[talon:], *pack[:talon]])
    hands: list[list[str]] = [[] for _ in range(rules.table_size)]
    for seat, mask in enumerate(other.hands):
        hands[table.seating.player(seat)] = [rules.card_text(c) for c in range(rules.n_indices) if mask >> c & 1]
    want = s.data["steps"][step - 1]["expect"]["deal"]
    verdict = Verdict(FAILED, "deal: hands[0][0] is \"2D\", expected \"2S\"", step, want, {"hands": hands}, observed="deal")
    assert symptom_clause(s, verdict) == "hom.deal.talon"
    turned = [hands[-1], *hands[:-1]]  # the same hands to other players: the packets
    assert symptom_clause(s, verdict._replace(got={"hands": turned})) == "hom.deal.packets"


def test_another_player_sitting_out_is_who_sits_out() -> None:
    """L'Hombre with four: a deal that gives no cards to a player the reference deals to, or an
    auction where the player who sits out on the reference bids, breaks hom.players.four (the one
    opposite the dealer sits out), not the packets nor the auction's order."""
    s = _scenario("hombre", "hom.deal.packets.four-dealer-3")
    want = s.data["steps"][0]["expect"]["deal"]
    emptied = {**want, "hands": [[], want["hands"][0], *want["hands"][2:]]}
    out = Verdict(FAILED, 'deal: hands[0] has 0 entries, expected 9: got [], expected ["2S"]', 1, want, emptied,
                  observed="deal")
    assert symptom_clause(s, out) == "hom.players.four"
    swapped = {**want, "hands": [want["hands"][2], [], want["hands"][0], *want["hands"][3:]]}
    dealt = Verdict(FAILED, 'deal: hands[0][0] is "AD", expected "2S"', 1, want, swapped, observed="deal")
    assert symptom_clause(s, dealt) == "hom.deal.packets"  # the right one out, the others' hands apart
    bids = _scenario("hombre", "hom.players.four.dealer-zero")  # player 2 sits out
    step = _step(bids, lambda st: "auction" in st.get("expect", {}))
    said = bids.data["steps"][step - 1]["expect"]["auction"]
    by_him = [{"player": 2, "bid": "demande"}, *said[1:]]
    assert symptom_clause(bids, Verdict(FAILED, "auction: [0].player is 2, expected 1", step, said, by_him,
                                        observed="auction")) == "hom.players.four"
    other_bid = [{"player": 1, "bid": "tourne"}, *said[1:]]
    assert symptom_clause(bids, Verdict(FAILED, 'auction: [0].bid is "tourne", expected "demande"', step, said,
                                        other_bid, observed="auction")) != "hom.players.four"


def test_a_turn_moved_on_by_an_announcement_is_the_announcement_window() -> None:
    """Brouc: a player who announces still plays his card; a program that then asks the next
    player, offers his cards or refuses the announcer's card breaks what the window says of an
    announcement (brouc.marriage.announce-window), not who leads."""
    s = _scenario("brouc", "brouc.marriages.announce-window.own-trick-before-lead")
    step = _step(s, lambda st: st.get("expect", {}).get("trick") == [])  # right after `announce KQS`
    asked = Verdict(FAILED, "to_act: value is 1, expected 0", step, 0, 1, observed="to_act")
    assert symptom_clause(s, asked) == "brouc.marriage.announce-window"
    play = _step(s, lambda st: st.get("do") == "KS")
    refused = Verdict(FAILED, f"step {play}: KS was refused (not-in-hand), it is legal", play, "accepted",
                      "refused: not-in-hand")
    assert symptom_clause(s, refused) == "brouc.marriage.announce-window"
    before = _step(s, lambda st: "legal" in st.get("expect", {}))  # before the announcement: who leads
    led = Verdict(FAILED, "to_act: value is 1, expected 0", before, 0, 1, observed="to_act")
    assert symptom_clause(s, led) != "brouc.marriage.announce-window"


def test_an_accepted_concession_valued_on_the_winners_count_is_the_answer() -> None:
    """1802: an accepted concession is counted at once, the value read on the losers' count like
    any game's. Marks read on the accepting team's count break hdb.game.concession-answer; other
    marks stay the value's table (hdb.game.value)."""
    s = _scenario("homme-de-brou-1802", "hdb.game.concession-answer.accepted")
    step = _step(s, lambda st: "outcome" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["outcome"]
    assert want["how"] == "concession-accepted"
    winners = {**want, "marks": [1, 0]}  # 301 against 100: one partie on the winners' 301, two on the losers' 100
    assert want["marks"] == [2, 0] and want["scores"] == [301, 100]
    assert symptom_clause(s, Verdict(FAILED, "outcome: marks[0] is 1, expected 2", step, want, winners,
                                     observed="outcome")) == "hdb.game.concession-answer"
    four = {**want, "marks": [4, 0]}
    assert symptom_clause(s, Verdict(FAILED, "outcome: marks[0] is 4, expected 2", step, want, four,
                                     observed="outcome")) == "hdb.game.value"


def test_hombre_points_off_the_contracts_row_are_the_table() -> None:
    """L'Hombre: the hombre scores his contract's first value for a win, its second for a codille
    (hom.count.score, reading hom.contract.table). Points that are neither of the row's numbers
    are a number of the table; the row's other number is which of them is scored."""
    s = _scenario("hombre", "hom.count.nolo.open-won")
    step = _step(s, lambda st: "result" in st.get("expect", {}))
    want = s.data["steps"][step - 1]["expect"]["result"]
    assert want[2]["points"] == 6  # open nolo: 6, codille 7
    five = [*want[:2], {**want[2], "points": 5}]
    assert symptom_clause(s, Verdict(FAILED, "result: [2].points is 5, expected 6", step, want, five,
                                     observed="result")) == "hom.contract.table"
    seven = [*want[:2], {**want[2], "points": 7}]  # the codille's number for a win: which is scored
    assert symptom_clause(s, Verdict(FAILED, "result: [2].points is 7, expected 6", step, want, seven,
                                     observed="result")) == "hom.count.score"


def test_someone_asked_to_act_once_the_deal_is_over_is_how_long_play_lasts() -> None:
    """Brusquembille: once the hands are played out nobody is to act; a program that still names
    the last trick's winner plays on past the end (brus.talon.last-tricks), in `to_act` or in a
    view, as one that ends the deal early does."""
    s = _scenario("brusquembille-1718", "brus.talon.last-tricks.no-draw")
    step = _step(s, lambda st: "to_act" in st.get("expect", {}) and st["expect"]["to_act"] is None)
    on = Verdict(FAILED, "to_act: value is 2, expected null", step, None, 2, observed="to_act")
    assert symptom_clause(s, on) == "brus.talon.last-tricks"
    view = _scenario("brusquembille-1718", "brus.mutation.view.after-the-last-trick")
    at = _step(view, lambda st: "view" in st.get("expect", {}))
    want = view.data["steps"][at - 1]["expect"]["view"]
    got = [{**want[0], "to_act": 2}, *want[1:]]
    assert symptom_clause(view, Verdict(FAILED, "view: [0].to_act is 2, expected null", at, want, got,
                                        observed="view")) == "brus.talon.last-tricks"


def _at(s: Scenario, number: int, name: str) -> Any:
    """The value the scenario's step `number` expects of observable `name`."""
    return s.data["steps"][number - 1]["expect"][name]


def _observed(s: Scenario, number: int, name: str, got: Any) -> str | None:
    return symptom_clause(s, Verdict(FAILED, f"{name}: differs", number, _at(s, number, name), got, observed=name))


def test_a_record_of_who_led_each_trick_is_the_record_not_the_winner() -> None:
    """1802: `tricks` gives each trick's winner (hdb.info.trick-piles). A program that gives who
    led each one, while play went on as the reference's (the winners led), keeps the wrong
    record; a single trick given to another player is still the trick's rule."""
    s = _scenario("homme-de-brou-1802", "hdb.counting.card-points.whole-pack-120")
    step = _step(s, lambda st: "tricks" in st.get("expect", {}))
    winners = _at(s, step, "tricks")
    assert winners == [0, 3, 2, 1, 2, 1, 2, 3]
    assert _observed(s, step, "tricks", [0, *winners[:-1]]) == "hdb.info.trick-piles"  # player 0 led the first
    assert _observed(s, step, "tricks", [*winners[:-1], 2]) != "hdb.info.trick-piles"


def test_a_marriage_offered_with_the_turned_card_once_played_is_the_hands_rule() -> None:
    """1802: in the window after the first trick, the dealer who played the turned card in it no
    longer holds it; a marriage offered with it breaks what an announcement needs in hand
    (hdb.marriage.announce-in-hand), not the turned card's exposure."""
    s = _scenario("homme-de-brou-1802", "gen.hdb.deal.01201")
    assert _at(s, 12, "legal") == ["pass"]
    assert _observed(s, 12, "legal", ["pass", "announce KQH"]) == "hdb.marriage.announce-in-hand"


def test_the_partner_asked_to_answer_a_concession_is_who_answers() -> None:
    """1802: a concession is answered by the other team from its player on lead on; a program
    asking his partner breaks the answer's rule; one asking a player of the conceding team did
    not open the question (the concession's rule)."""
    s = _scenario("homme-de-brou-1802", "hdb.game.concession-answer.accepted")
    step = _step(s, lambda st: "to_act" in st.get("expect", {}))
    assert _at(s, step, "to_act") == 0
    assert _observed(s, step, "to_act", 2) == "hdb.game.concession-answer"
    assert _observed(s, step, "to_act", 1) == "hdb.game.concession"


def test_the_player_after_the_winner_asked_to_lead_is_who_leads() -> None:
    """1802: after a trick, legal cards that are the hand of the player after its winner are the
    lead passed on (hdb.play.next-lead), even where another order of the cards would have him win
    the trick; another player's hand that such an order explains is still another winner."""
    from brou.conformance.diagnosis.diagnose import _given_otherwise, _replayed
    from brou.conformance.protocol.table import Table

    s = _scenario("homme-de-brou-1802", "gen.hdb.deal.00004")
    step = 13
    table = Table(rules_for(s), s.data["setup"])
    _replayed(table, s, Verdict(FAILED, "", step, None, None, observed="legal"))
    state = table.state
    winner = state.tricks[-1][2]
    assert not state.trick and state.to_act == winner

    def hand(seat: int) -> list[str]:
        return [state.rules.card_text(c) for c in state.rules.mask_to_list(state.hands[seat])]

    def otherwise(seat: int) -> str | None:
        return _given_otherwise(state.rules, state.tricks, len(state.tricks) - 1, seat, state.trump)

    after = (winner + 1) % 4
    assert otherwise(after) is not None  # an order of the cards under which he won it
    assert _observed(s, step, "legal", hand(after)) == "hdb.play.next-lead"
    others = [seat for seat in range(4) if seat not in (winner, after) and otherwise(seat) is not None]
    assert others
    for seat in others:
        assert _observed(s, step, "legal", hand(seat)) == otherwise(seat)


def test_cards_drawn_and_not_shown_in_the_public_record_are_what_is_public() -> None:
    """Brusquembille: every draw is in `events`, its card too. A record with the cards drawn as
    `null` is a reading of what is public (brus.info.turned), not a draw made otherwise."""
    s = _scenario("brusquembille-1718", "gen.brus.deal.00001")
    want = _at(s, 7, "events")
    assert _observed(s, 7, "events", [{**e, "draw": None} for e in want]) == "brus.info.turned"
    other = [{**want[0], "draw": want[1]["draw"]}, *want[1:]]
    assert _observed(s, 7, "events", other) != "brus.info.turned"


def test_each_partner_given_his_own_tricks_points_is_how_points_are_counted() -> None:
    """Brusquembille in two pairs: each player's points in the outcome are his side's (partners
    add theirs together: brus.count.points); each his own tricks' is that rule, not who wins."""
    s = _scenario("brusquembille-1718", "brus.count.points.partners-add")
    step = _step(s, lambda st: "outcome" in st.get("expect", {}))
    want = _at(s, step, "outcome")
    assert want["points"] == [63, 63, 57, 57]
    assert _observed(s, step, "outcome", {**want, "points": [63, 0, 32, 25]}) == "brus.count.points"
    assert _observed(s, step, "outcome", {**want, "points": [63, 63, 60, 60]}) != "brus.count.points"


def test_the_card_under_the_rejouissances_card_is_the_rejouissance() -> None:
    """L'Homme d'Auvergne: a réjouissance turns the talon's next card. A program that sets it
    aside and turns the one under it has the réjouissance otherwise (auv.speech.rejouissance):
    the trump it gives is that card's suit, and its record names that card."""
    s = _scenario("homme-d-auvergne", "gen.auv.deal.00034")
    step = _step(s, lambda st: "events" in st.get("expect", {}))
    want = _at(s, step, "events")
    assert [e["turn"] for e in want] == ["QD", "8S"]
    assert _observed(s, step, "events", [want[0], {**want[1], "turn": "AS"}]) == "auv.speech.rejouissance"  # the next card
    assert _observed(s, step, "events", [want[0], {**want[1], "turn": "7C"}]) != "auv.speech.rejouissance"
    t = _scenario("homme-d-auvergne", "gen.auv.deal.00018")
    at = _step(t, lambda st: "trump" in st.get("expect", {}))
    assert _at(t, at, "trump") == "D"
    assert _observed(t, at, "trump", "H") == "auv.speech.rejouissance"
    assert _observed(t, at, "trump", "C") != "auv.speech.rejouissance"


def test_the_marriages_a_cape_carried_in_left_out_are_the_capes_rule() -> None:
    """Brouc: the marriages a cape carries into the next deal count in it (brouc.game.cape). A
    count that is the reference's less exactly them breaks that rule, not the marriages'."""
    s = _scenario("brouc", "brouc.game.cape.carried-in")
    step = _step(s, lambda st: "result" in st.get("expect", {}))
    want = _at(s, step, "result")
    assert want[0]["marriages"] == 40
    assert _observed(s, step, "result", [{**want[0], "marriages": 0}, want[1]]) == "brouc.game.cape"
    assert _observed(s, step, "result", [{**want[0], "marriages": 20}, want[1]]) != "brouc.game.cape"


def test_the_slates_score_without_the_table_marriages_is_what_is_not_written() -> None:
    """Brouc: a table marriage is not written on the slate but counts in the deal's score. A
    slate whose score leaves out exactly the deal's table marriages took "not written" for "not
    counted" (brouc.marriage.table-marked)."""
    s = _scenario("brouc", "gen.brouc.game.00004")
    step = _step(s, lambda st: "sheet" in st.get("expect", {}))
    want = _at(s, step, "sheet")
    assert want == [{"kind": "score", "nous": 260, "eux": 70}]
    assert _observed(s, step, "sheet", [{**want[0], "nous": 220, "eux": 110}]) == "brouc.marriage.table-marked"
    assert _observed(s, step, "sheet", [{**want[0], "nous": 250, "eux": 80}]) != "brouc.marriage.table-marked"


def test_a_finished_trick_still_shown_is_how_long_a_trick_lies_open() -> None:
    """1802: between two tricks the `trick` in progress is empty. A program still giving the
    cards of the trick just finished keeps it open too long (hdb.info.trick-open), which is not
    who won it."""
    s = _scenario("homme-de-brou-1802", "hdb.play.void-free.ruff")
    step = _step(s, lambda st: st.get("expect", {}).get("trick") == [])
    assert _observed(s, step, "trick", ["AD", "7H", "TD", "JC"]) == "hdb.info.trick-open"
    assert _observed(s, step, "trick", ["AD"]) != "hdb.info.trick-open"


def test_the_winners_given_newest_first_are_the_records_order() -> None:
    """1802: `tricks` lists the winners in the order the tricks were finished; newest first, as
    the pile lies, is the record (hdb.info.trick-piles)."""
    s = _scenario("homme-de-brou-1802", "hdb.counting.card-points.whole-pack-120")
    step = _step(s, lambda st: "tricks" in st.get("expect", {}))
    winners = _at(s, step, "tricks")
    assert _observed(s, step, "tricks", winners[::-1]) == "hdb.info.trick-piles"


def test_a_marriage_written_that_a_broken_partie_et_vole_strikes_out_is_the_failures_rule() -> None:
    """1802: the table marriage of the trick that breaks partie et vole is struck out of the
    marque (`annulled`); a program writing it as a marriage, the same numbers, breaks the rule
    that strikes it (hdb.game.partie-et-vole-failure), not the marque's."""
    s = _scenario("homme-de-brou-1802", "gen.hdb.game.00007")
    step = 35
    want = _at(s, step, "sheet")
    assert want[0]["kind"] == "annulled"
    written = [{**want[0], "kind": "marriage"}, *want[1:]]
    assert _observed(s, step, "sheet", written) == "hdb.game.partie-et-vole-failure"
    other = [{**want[0], "kind": "marriage", "nous": 0}, *want[1:]]
    assert _observed(s, step, "sheet", other) != "hdb.game.partie-et-vole-failure"


def test_the_lead_passed_round_once_the_stock_is_gone_is_how_the_last_tricks_are_played() -> None:
    """Brusquembille: after a trick its winner leads (brus.play.next-lead). Once the stock is
    gone, the lead right until then, a program asking the player after the trick's leader passes
    the lead round in turn, which breaks how play goes on without drawing
    (brus.talon.last-tricks); another player asked is still who leads, and so is the lead passed
    round while the stock lasts (it would have shown from the second trick)."""
    from brou.conformance.diagnosis.diagnose import _replayed
    from brou.conformance.protocol.table import Table

    s = _scenario("brusquembille-1718", "gen.brus.deal.00001")

    def at(step: int) -> tuple[int, int, list[int]]:
        table = Table(rules_for(s), s.data["setup"])
        _replayed(table, s, Verdict(FAILED, "", step, None, None, observed="to_act"))
        state = table.state
        assert state.tricks and not state.trick
        after = table.player((state.tricks[-1][0] + 1) % 3)
        others = [p for p in range(3) if p not in (after, _at(s, step, "to_act"))]
        return len(state.stock), after, others

    early = _step(s, lambda st: "tricks" in st.get("expect", {}) and "to_act" in st["expect"])
    late = 49
    stock, after, others = at(late)
    assert stock == 0 and after != _at(s, late, "to_act")
    assert _observed(s, late, "to_act", after) == "brus.talon.last-tricks"
    assert all(_observed(s, late, "to_act", p) == "brus.play.next-lead" for p in others)
    stock, after, _ = at(early)
    assert stock > 0 and after != _at(s, early, "to_act")
    assert _observed(s, early, "to_act", after) == "brus.play.next-lead"


def test_every_players_jetons_off_by_one_sum_is_the_stake() -> None:
    """Brusquembille: a session's `jetons` are each player's net jetons. Every player's off by
    the same sum counts in what he started with (brus.stakes.pool); one player's alone is not."""
    s = _scenario("brusquembille-1718", "brus.ambiguity.amb-47.play-on")
    step = _step(s, lambda st: "session" in st.get("expect", {}))
    want = _at(s, step, "session")
    assert want["jetons"] == [0, 0, 0]
    assert _observed(s, step, "session", {**want, "jetons": [20, 20, 20]}) == "brus.stakes.pool"
    assert _observed(s, step, "session", {**want, "jetons": [20, 0, 0]}) != "brus.stakes.pool"


def test_a_coup_ended_where_a_team_reaches_the_target_is_the_last_coups_rule() -> None:
    """1802 inside a game: a coup that takes a team to 301 is played out (hdb.game.last-coup). A
    program that ends the deal there (nothing legal, an action refused `deal-over`) breaks that
    rule, not the window or the claim whose step it is; a deal ended early where no team is at
    301 is not laid on it."""
    s = _scenario("homme-de-brou-1802", "gen.hdb.game.00001")
    assert _at(s, 9, "legal") == ["pass", "claim", "declare"]
    assert _observed(s, 9, "legal", []) == "hdb.game.last-coup"
    early = _step(s, lambda st: bool(st.get("expect", {}).get("legal")))  # the first card of the coup
    assert early < 9
    assert _observed(s, early, "legal", []) != "hdb.game.last-coup"


def test_a_lower_trump_allowed_to_a_hand_of_trumps_only_is_that_exception() -> None:
    """Brouc: a player holding nothing but trumps on a ruffed plain lead may play any trump only
    if none beats the ruff (brouc.play.only-trumps). A program offering him a lower trump while he
    holds a higher one reads that exception otherwise, not the overtrump."""
    s = _scenario("brouc", "gen.brouc.deal.00007")
    assert _at(s, 58, "legal") == ["AC"]
    assert _observed(s, 58, "legal", ["AC", "8C"]) == "brouc.play.only-trumps"


def test_the_auction_offered_again_once_it_is_over_is_a_pass_that_was_not_final() -> None:
    """L'Hombre: the auction ends when all but one have passed; a program still offering the
    auction's words, a pass among them, asks a player who passed (hom.auction.pass-final). Where
    the first two passed and the third bid alone (pass, pass, demande), his bid is the contract at
    once: an auction held open there breaks that rule (hom.auction.all-pass; issue-63-ad)."""
    s = _scenario("hombre", "gen.hom.deal.00047")  # pass, demande, pass: a duel ended
    want = _at(s, 8, "legal")
    assert want == ["demande", "demande-a-pique", "tourne", "nolo-en-demande"]
    reopened = [*want, "sans-prendre", "sans-prendre-a-pique", "pur-nolo", "nolo-ouvert", "pass"]
    assert _observed(s, 8, "legal", reopened) == "hom.auction.pass-final"
    assert _observed(s, 8, "legal", [*want, "sans-prendre"]) != "hom.auction.pass-final"
    alone = _scenario("hombre", "gen.hom.deal.00030")  # pass, pass, demande
    assert _at(alone, 7, "legal") == want
    assert _observed(alone, 7, "legal", reopened) == "hom.auction.all-pass"


def test_marriages_announced_written_otherwise_are_what_is_shown_of_them() -> None:
    """1802: `announcements` gives each announcer, his marriage and its points (hdb.info.spoken).
    The same marriages with the same points, their speaker given by his team or their suit
    left out, are what the record shows, not what they are worth; another player of the same
    team given for one speaker and not the other is not that."""
    s = _scenario("homme-de-brou-1802", "hdb.deal.turnup-exposed.announced-after-first-trick")
    want = _at(s, 4, "announcements")
    assert want == [{"player": 3, "marriage": "KQH", "points": 40}]
    assert _observed(s, 4, "announcements", [{**want[0], "player": 1}]) == "hdb.info.spoken"  # his team, 1
    assert _observed(s, 4, "announcements", [{**want[0], "marriage": "KQ"}]) == "hdb.info.spoken"
    assert _observed(s, 4, "announcements", [{**want[0], "points": 20}]) != "hdb.info.spoken"
    assert _observed(s, 4, "announcements", [{**want[0], "marriage": "KQS"}]) != "hdb.info.spoken"


def test_table_marriages_named_by_part_of_their_cards_are_how_the_table_is_shown() -> None:
    """1802: `table` names each table marriage by its cards (hdb.info.table-marriage-shown). The
    same marriages and points named by their lowest card are what is shown of them, not the
    table's rule."""
    s = _scenario("homme-de-brou-1802", "hdb.ambiguity.amb-10.first-only")
    want = _at(s, 2, "table")
    assert want == [{"trick": 2, "marriage": "KQS", "team": 0, "points": 40}]
    assert _observed(s, 2, "table", [{**want[0], "marriage": "QS"}]) == "hdb.info.table-marriage-shown"
    assert _observed(s, 2, "table", [{**want[0], "marriage": "QS", "points": 20}]) != "hdb.info.table-marriage-shown"


def test_an_announcer_with_one_card_refused_as_not_holding_the_marriage_misses_the_moment() -> None:
    """Brouc: with fewer cards in hand than a marriage has, an announcement is refused by the
    moment, `announce-not-now` (docs/errors.md). A program refusing it `marriage-not-held` left
    that out of the window's rule; with two cards or more, the same two codes still say the
    hand was checked before the moment."""
    one = _scenario("brouc", "gen.brouc.deal.00001")
    assert one.data["steps"][66] == {"reject": "announce KQH", "code": "announce-not-now"}
    refused = Verdict(FAILED, "announce KQH refused with code marriage-not-held", 67, "announce-not-now", "marriage-not-held")
    assert symptom_clause(one, refused) == "brouc.marriage.announce-window"
    many = _scenario("brouc", "brouc.reading.amb-06.after-won-trick.not-during-play")
    assert symptom_clause(many, refused._replace(step=2)) == "hdb.marriage.announce-in-hand"


def test_the_last_tricks_brusquembilles_left_unpaid_are_how_the_last_tricks_are_played() -> None:
    """Brusquembille: once the stock is gone the last tricks are played as before, without
    drawing (brus.talon.last-tricks), their brusquembilles paid. A ledger that is the
    reference's less exactly those payments plays them otherwise; one payment missing from a
    trick with a draw is still the payment's rule."""
    s = _scenario("brusquembille-1718", "gen.brus.deal.00001")
    want = _at(s, 71, "ledger")
    late = [e for e in want if e["clause"] == "brus.pay.brusquembille" and e["trick"] > 7]  # 23 cards of stock, 3 players
    assert late and len(late) < len(want) - 3
    assert _observed(s, 71, "ledger", [e for e in want if e not in late]) == "brus.talon.last-tricks"
    early = next(e for e in want if e["clause"] == "brus.pay.brusquembille" and e["trick"] <= 7)
    assert _observed(s, 71, "ledger", [e for e in want if e is not early]) != "brus.talon.last-tricks"


def test_the_trick_in_progress_shown_in_another_order_is_how_the_trick_lies_open() -> None:
    """Brusquembille: `trick` gives the cards of the trick in progress in the order played
    (brus.info.trick-open). The same cards in another order are shown otherwise; other cards
    are not that."""
    s = _scenario("brusquembille-1718", "brus.play.free.discard-holding-suit-led")
    assert _at(s, 4, "trick") == ["JS", "8D"]
    assert _observed(s, 4, "trick", ["8D", "JS"]) == "brus.info.trick-open"
    assert _observed(s, 4, "trick", ["JS", "9D"]) != "brus.info.trick-open"


def test_a_trick_given_to_the_suit_led_after_a_ruff_won_is_the_tricks_rule() -> None:
    """Brusquembille: a trick won by a trump, given to the best card of the suit led, reads as no
    trump at all (brus.deal.turned) only where the tricks before it, played as it was (with
    the stock, or after it), went as they would without trump; a ruff that won before it says
    the program has a trump and ranks it otherwise (brus.play.trick-winner)."""
    from brou.conformance.diagnosis.diagnose import _no_trump, _replayed
    from brou.conformance.protocol.table import Table

    ruffed = _scenario("brusquembille-1718", "gen.brus.deal.00008")
    assert _at(ruffed, 29, "tricks") == [3, 1, 2]
    assert _observed(ruffed, 29, "tricks", [3, 1, 1]) == "brus.play.trick-winner"
    s = _scenario("brusquembille-1718", "gen.brus.deal.00001")  # its tenth trick, after the stock
    given = [*_at(s, 70, "tricks")[:9], 2]
    assert _observed(s, 70, "tricks", given) == "brus.deal.turned"
    table = Table(rules_for(s), s.data["setup"])
    _replayed(table, s, Verdict(FAILED, "", 70, None, None, observed="tricks"))
    state = table.state
    assert _no_trump(state.rules, state.tricks, 9, table.seat(2), state.trump) is None  # a ruff won while drawing


def test_a_talon_counting_the_discards_is_where_the_exchange_puts_them() -> None:
    """L'Hombre: the cards discarded in the exchange are set aside (hom.exchange.hombre). A talon
    larger by exactly the cards discarded so far put them back under it; larger by another
    number is still the talon's count."""
    s = _scenario("hombre", "hom.deal.talon.drawn-from-top")
    assert _at(s, 2, "talon") == 10  # three discarded, three drawn
    assert _observed(s, 2, "talon", 13) == "hom.exchange.hombre"
    assert _observed(s, 2, "talon", 12) != "hom.exchange.hombre"


def test_a_player_asked_who_sits_the_deal_out_is_who_sits_out() -> None:
    """L'Hombre with four: the player opposite each coup's dealer sits it out (hom.players.four).
    A program asking him to act has another player sitting out; asking another player who
    plays is still the auction's order."""
    s = _scenario("hombre", "hom.match.next-dealer.four-at-table")  # player 0 deals, player 2 sits out
    assert _at(s, 4, "to_act") == 1
    assert _observed(s, 4, "to_act", 2) == "hom.players.four"
    assert _observed(s, 4, "to_act", 3) != "hom.players.four"


def test_a_second_round_dealt_in_another_order_is_the_packets() -> None:
    """L'Homme d'Auvergne from a seed: hands whose first packets are the reference's and whose
    second packets go round the table in another order are still a deal in packets, each
    player one packet a round (auv.deal.packets), not the pack listed in another order
    (auv.deck.cards); cards handed out in no round at all are the pack's."""
    s = _scenario("homme-d-auvergne", "auv.deal.packets.three-two-seed-7")
    want = _at(s, 1, "deal")
    hands = [list(h) for h in want["hands"]]  # in the order dealt: three, then two
    hands[1][3:], hands[3][3:] = hands[3][3:], hands[1][3:]
    apart = Verdict(FAILED, 'deal: hands[1][3] is "JD", expected "QS"', 1, want, {**want, "hands": hands}, observed="deal")
    assert symptom_clause(s, apart) == "auv.deal.packets"
    cards = sorted(c for h in want["hands"] for c in h)
    strewn = [cards[i::4] for i in range(4)]  # the cards of the hands, one by one round a pack in another order
    scattered = Verdict(FAILED, 'deal: hands[0][0] is "7C", expected "8H"', 1, want, {**want, "hands": strewn},
                        observed="deal")
    assert symptom_clause(s, scattered) == "auv.deck.cards"


def test_a_plain_card_offered_on_a_trump_lead_to_a_matador_holder_is_the_privilege() -> None:
    """L'Hombre: on a trump lead, a program that lets a player holding a matador and another
    trump play a plain card stretches the matador's privilege (hom.play.matador-privilege) to
    him; one that lets a player holding trumps but no matador do so breaks following
    (hom.play.follow)."""
    s = _scenario("hombre", "hom.play.matador-privilege.other-trump-held")
    step = _step(s, lambda st: "legal" in st.get("expect", {}))
    assert _at(s, step, "legal") == ["AC", "4H"]
    assert _observed(s, step, "legal", ["AC", "4H", "KS", "QS", "JS", "KD", "QD", "JD", "AD"]) == \
        "hom.play.matador-privilege"
    data = {**s.data, "id": "x.no-matador"}
    data["setup"] = {"hands": [s.data["setup"]["hands"][0], ["6H", *s.data["setup"]["hands"][1][1:]],
                               s.data["setup"]["hands"][2]],
                     "talon": [c if c != "6H" else "AC" for c in s.data["setup"]["talon"]]}
    data["steps"] = [s.data["steps"][0], {"expect": {"legal": ["6H", "4H"]}}]
    plain = Scenario(data, "file", 1)
    assert symptom_clause(plain, Verdict(FAILED, "legal: differs", 2, ["6H", "4H"], ["6H", "4H", "KS"],
                                         observed="legal")) == "hom.play.follow"


def test_the_turned_card_alone_offered_to_the_dealer_in_the_first_trick_is_its_exposure() -> None:
    """1802: the dealer holding the turned card in the first trick, offered it alone where the
    reference offers it among the other cards of the suit led, is made to play it: what becomes
    of the turned card while it lies on show (hdb.deal.turnup-exposed), not following."""
    s = _scenario("homme-de-brou-1802", "gen.hdb.deal.00002")
    assert _at(s, 7, "legal") == ["QC", "JC", "9C"] and s.data["setup"]["turnup"] == "QC"
    assert _observed(s, 7, "legal", ["QC"]) == "hdb.deal.turnup-exposed"
    assert _observed(s, 7, "legal", ["JC"]) != "hdb.deal.turnup-exposed"  # another card alone: following


def test_a_table_of_the_last_tricks_marriages_only_is_what_is_shown() -> None:
    """1802: a `table` that lists only the marriages of the last trick finished (the older piles
    taken as turned down) is what is shown of the table (hdb.info.table-marriage-shown); one
    that leaves out the last trick's marriage is what counts there (hdb.marriage.table)."""
    s = _scenario("homme-de-brou-1802", "bnd.hdb.game.value.inside-1")
    step = _step(s, lambda st: "table" in st.get("expect", {}))
    want = _at(s, step, "table")
    assert [e["trick"] for e in want] == [2, 8]
    assert _observed(s, step, "table", want[1:]) == "hdb.info.table-marriage-shown"
    assert _observed(s, step, "table", want[:1]) == "hdb.marriage.table"


def test_a_show_withheld_from_one_whose_king_has_scored_is_what_scores_once() -> None:
    """L'Homme d'Auvergne: a player who showed the king of diamonds, offered no `show` for his
    king of clubs on the réjouissance, is read as scoring only one king (auv.king.once); a
    `show` withheld from one who has scored nothing yet is showing's (auv.king.show)."""
    s = _scenario("homme-d-auvergne", "auv.king.held.two-kings-over-rejouissances")
    assert _at(s, 2, "legal") == ["play", "pass", "show"]
    assert _observed(s, 2, "legal", ["play", "pass"]) == "auv.king.once"
    data = {**s.data, "id": "x.first-show", "steps": [{"do": ["turn", "pass", "pass"]},
                                                      {"expect": {"legal": ["play", "pass", "show"]}}]}
    first = Scenario(data, "file", 1)
    assert symptom_clause(first, Verdict(FAILED, "legal: missing show", 2, ["play", "pass", "show"], ["play", "pass"],
                                         observed="legal")) == "auv.king.show"


def test_announcements_of_the_last_window_only_are_what_was_said() -> None:
    """1802: an `announcements` record holding only the marriages announced since the last trick
    finished (the earlier ones forgotten once spoken) is what is said (hdb.info.spoken); one that
    leaves out the marriage just announced is still what an announcement scores."""
    s = _scenario("homme-de-brou-1802", "hdb.marriages.announce-window.keep-one-back")
    want = _at(s, 6, "announcements")
    assert len(want) == 2
    assert _observed(s, 6, "announcements", want[1:]) == "hdb.info.spoken"
    assert _observed(s, 6, "announcements", want[:1]) != "hdb.info.spoken"


def test_every_trick_winner_in_another_order_is_the_record() -> None:
    """1802 and Brouc: a `tricks` holding every trick's winner, in another order than the tricks
    were played (one team's pile, then the other's), is the record of the tricks
    (hdb.info.trick-piles), not who won them; Brouc keeps the 1802 clause."""
    for ruleset in ("homme-de-brou-1802", "brouc"):
        s = next(x for x in corpus(ruleset) if x.origin == "generated"
                 and any(len(st.get("expect", {}).get("tricks", [])) >= 6 for st in x.data["steps"]))
        step = _step(s, lambda st: len(st.get("expect", {}).get("tricks", [])) >= 6)
        want = _at(s, step, "tricks")
        piles = [w for w in want if w % 2 == 0] + [w for w in want if w % 2 == 1]
        if piles == want:
            piles = want[::-1]
        assert piles != want
        assert _observed(s, step, "tricks", piles) == "hdb.info.trick-piles", ruleset


def test_every_players_jetons_off_by_one_fiche_is_the_stake() -> None:
    """Brusquembille: a `result` whose jetons are each the reference's plus (or less) one fiche,
    the same for every player, leaves out the stake each puts in the pool (brus.stakes.pool);
    jetons moved from one player to another are a payment's."""
    s = _scenario("brusquembille-1718", "brus.players.forms.pairs-sit-next-to-each-other")
    want = _at(s, 2, "result")
    fiche = load("brusquembille-1718").data["stakes"]["fiche"]
    unstaked = [{**r, "jetons": r["jetons"] + fiche} for r in want]
    assert _observed(s, 2, "result", unstaked) == "brus.stakes.pool"
    moved = [{**r, "jetons": r["jetons"] + (fiche if i == 0 else -fiche if i == 1 else 0)} for i, r in enumerate(want)]
    assert _observed(s, 2, "result", moved) != "brus.stakes.pool"


def test_the_jetons_of_the_deals_before_added_to_this_ones_are_the_games_rounds() -> None:
    """Brusquembille in a session: a `result` whose jetons are each the reference's plus what the
    deals before left to that player (`setup.session.jetons`) gives the game's totals as one
    deal's (brus.match.rounds, what a game of several deals is); one player's alone is not."""
    s = _scenario("brusquembille-1718", "brus.protocol.session-during-a-deal")
    before = s.data["setup"]["session"]["jetons"]
    want = _at(s, 2, "result")
    carried = [{**r, "jetons": r["jetons"] + b} for r, b in zip(want, before, strict=True)]
    assert _observed(s, 2, "result", carried) == "brus.match.rounds"
    one = [{**r, "jetons": r["jetons"] + (before[0] if i == 0 else 0)} for i, r in enumerate(want)]
    assert _observed(s, 2, "result", one) != "brus.match.rounds"


def test_a_speakers_list_for_another_number_of_players_is_how_many_play() -> None:
    """Brusquembille for three: `speakers` with a fourth, empty list is the list of a table of
    four (brus.players.count); a list missing actions is still a rule of play."""
    s = _scenario("brusquembille-1718", "brus.play.lead.dealer-right")
    want = _at(s, 1, "speakers")
    assert len(want) == 3

    def named(got: Any, detail: str) -> str | None:
        return symptom_clause(s, Verdict(FAILED, f"speakers: {detail}", 1, want, got, observed="speakers"))
    assert named([*want, []], "4 players given, expected 3") == "brus.players.count"
    assert named([*want, ["AS"]], "4 players given, expected 3") != "brus.players.count"


def test_a_pass_offered_beside_the_exchange_is_the_exchange() -> None:
    """L'Hombre: in the exchange, a `pass` offered to the tier asked beside his cards and `draw`,
    as the reference offers them, is the exchange's word (hom.exchange.tiers), not the auction
    reopened (hom.auction.pass-final)."""
    s = _scenario("hombre", "hom.exchange.hombre.discards-and-draws")  # the hombre exchanges, then tier 1
    steps = [i for i, st in enumerate(s.data["steps"], 1) if "draw" in st.get("expect", {}).get("legal", [])]
    clauses = [symptom_clause(s, Verdict(FAILED, "legal: not allowed pass", i, _at(s, i, "legal"),
                                         [*_at(s, i, "legal"), "pass"], observed="legal")) for i in steps]
    assert clauses == ["hom.exchange.hombre", "hom.exchange.tiers"]


def test_a_deal_ended_when_a_suit_comes_again_is_the_trumps_rule() -> None:
    """L'Homme d'Auvergne: a program that ends the deal (`deal-over`) when a réjouissance turns
    a suit already turned in it breaks the rule that a suit may come again and be played
    (auv.speech.trump); ended on a new suit's speech, it is the réjouissance's."""
    s = _scenario("homme-d-auvergne", "auv.king.once.not-twice")
    actions = s.data["steps"][0]["do"]
    def ended_at(index: int) -> str | None:
        return symptom_clause(s, Verdict(FAILED, f"step 1, action {index} of {len(actions)}: {actions[index - 1]} was "
                                         "refused (deal-over), it is legal", 1, "accepted", "refused: deal-over"))
    assert ended_at(13) == "auv.speech.trump"
    assert ended_at(2) == "auv.speech.rejouissance"


def test_a_drawn_card_refused_as_not_in_hand_within_a_trick_is_the_draw() -> None:
    """Brusquembille: a card refused `not-in-hand` within a trick, that the player holds on the
    reference only because he drew it from the stock, was drawn by another on the program: the
    draw (brus.talon.draw), not who plays."""
    s = _scenario("brusquembille-1718", "brus.ambiguity.amb-69.players")
    actions = s.data["steps"][0]["do"]
    refused = Verdict(FAILED, f"step 1, action 7 of {len(actions)}: {actions[6]} was refused (not-in-hand), it is legal",
                      1, "accepted", "refused: not-in-hand")
    assert symptom_clause(s, refused) == "brus.talon.draw"


def test_a_record_of_the_very_entries_written_otherwise_is_what_it_shows() -> None:
    """1802: a record holding the reference's very entries written otherwise is what the record
    shows, whatever the scenario was written for: the trick's cards newest first
    (hdb.info.trick-open), the announcements in another order (hdb.info.spoken), the table's
    tricks numbered from 0 (hdb.info.table-marriage-shown), no finished trick listed while the
    deal goes on (hdb.info.trick-piles)."""
    from brou.conformance.diagnosis.diagnose import failed_clause
    s = _scenario("homme-de-brou-1802", "hdb.play.follow.must-follow-suit-led")
    want = _at(s, 6, "trick")
    assert len(want) == 2
    assert failed_clause(s, Verdict(FAILED, "trick: differs", 6, want, want[::-1], observed="trick")) == \
        "hdb.info.trick-open"
    said = _scenario("homme-de-brou-1802", "hdb.marriages.announce-window.keep-one-back")
    assert _observed(said, 6, "announcements", _at(said, 6, "announcements")[::-1]) == "hdb.info.spoken"
    shown = _scenario("homme-de-brou-1802", "bnd.hdb.game.value.inside-1")
    step = _step(shown, lambda st: "table" in st.get("expect", {}))
    table = _at(shown, step, "table")
    assert _observed(shown, step, "table", [{**e, "trick": e["trick"] - 1} for e in table]) == \
        "hdb.info.table-marriage-shown"
    assert _observed(shown, step, "table", [{**e, "trick": e["trick"] - i} for i, e in enumerate(table)]) != \
        "hdb.info.table-marriage-shown"  # not one offset: which trick each fell in
    played = _scenario("homme-de-brou-1802", "hdb.counting.card-points.only-finished-tricks")
    assert _at(played, 4, "tricks") == [0, 3, 2]  # three tricks played, the deal going on
    assert failed_clause(played, Verdict(FAILED, "tricks: differs", 4, [0, 3, 2], [], observed="tricks")) == \
        "hdb.info.trick-piles"


def test_a_trump_honour_that_would_marry_in_the_trick_offered_to_one_holding_the_suit_is_the_exception() -> None:
    """Brouc: a trump honour offered to a player who holds the plain suit led, where the other
    honour of the trump marriage lies in the trick, stretches the marriage exception
    (brouc.play.marriage-exception) to him; any other trump offered so is following's."""
    s = _scenario("brouc", "gen.brouc.deal.00010")
    assert s.data["setup"]["turnup"] == "AS" and _at(s, 48, "legal") == ["9C"]
    assert _observed(s, 48, "legal", ["KS", "9C"]) == "brouc.play.marriage-exception"
    rules = load("brouc")
    spade, club = rules.suits.index("S"), rules.suits.index("C")
    hand = 1 << rules.card("KS") | 1 << rules.card("9C")
    assert following_clause(rules, hand, rules.card("KS"), [rules.card("7C"), rules.card("QS")], spade,
                            rules.card("QS")) == "brouc.play.marriage-exception"
    assert following_clause(rules, hand, rules.card("KS"), [rules.card("7C"), rules.card("8C")], spade,
                            rules.card("8C")) == "brouc.play.follow"
    assert club != spade


def test_a_hombre_named_before_the_auction_is_won_is_the_auctions_order() -> None:
    """L'Hombre: the `hombre` observable naming the player with the standing bid while the
    auction lasts, where the reference names none until it is won, is who becomes hombre
    (hom.auction.order), whatever the scenario was written for."""
    from brou.conformance.diagnosis.diagnose import failed_clause
    s = _scenario("hombre", "hom.auction.priority.source-example-two-refused")
    assert _at(s, 4, "hombre") is None
    assert failed_clause(s, Verdict(FAILED, "hombre: value is 1, expected null", 4, None, 1, observed="hombre")) == \
        "hom.auction.order"


def test_a_table_whose_team_is_given_as_a_player_of_it_is_what_is_shown() -> None:
    """1802: a `table` whose entries give, for the team, the player of that team who won the
    trick is the table written otherwise (hdb.info.table-marriage-shown); an entry given to the
    other team is what counts there (hdb.marriage.table)."""
    s = _scenario("homme-de-brou-1802", "bnd.hdb.game.value.inside-1")
    step = _step(s, lambda st: "table" in st.get("expect", {}))
    table = _at(s, step, "table")
    assert [e["team"] for e in table] == [1, 0]
    assert _observed(s, step, "table", [{**table[0], "team": 3}, {**table[1], "team": 2}]) == \
        "hdb.info.table-marriage-shown"
    assert _observed(s, step, "table", [{**table[0], "team": 0}, table[1]]) != "hdb.info.table-marriage-shown"


def test_records_run_together_or_held_back_are_what_was_said() -> None:
    """1802 and Brouc: an `announcements` that lists the table marriages among the announced
    ones, or gives every announcement's points as 0 while the deal goes on, is what is said
    (hdb.info.spoken), not what a marriage is worth."""
    s = _scenario("homme-de-brou-1802", "bnd.hdb.game.value.inside-1")
    step = _step(s, lambda st: "table" in st.get("expect", {}))
    assert _at(s, step, "announcements") == []
    as_said = [{"player": e["team"], "marriage": e["marriage"], "points": e["points"]} for e in _at(s, step, "table")]
    assert _observed(s, step, "announcements", as_said) == "hdb.info.spoken"
    assert _observed(s, step, "announcements", [{**as_said[0], "marriage": "KQH"}, *as_said[1:]]) != "hdb.info.spoken"
    b = _scenario("brouc", "brouc.game.coches.announced-not-written-before-deal")
    said = _at(b, 4, "announcements")
    assert _observed(b, 4, "announcements", [{**e, "points": 0} for e in said]) == "hdb.info.spoken"
    assert _observed(b, 4, "announcements", [{**e, "points": 10} for e in said]) != "hdb.info.spoken"


def test_a_show_accepted_in_play_is_showings_rule() -> None:
    """L'Homme d'Auvergne: `show` accepted once play has begun, where the reference refuses it
    `word-not-now`, is showing's rule (auv.king.show), not following."""
    s = _scenario("homme-d-auvergne", "gen.auv.variant.00027")
    assert symptom_clause(s, Verdict(FAILED, "step 20: show was accepted, it must be refused (word-not-now)", 20,
                                     "refused: word-not-now", "accepted")) == "auv.king.show"


def test_kings_struck_or_turned_cards_put_back_at_a_rejouissance() -> None:
    """L'Homme d'Auvergne, after a réjouissance: a ledger less the kings scored in an earlier
    round of speech strikes them off (auv.king.once: they stay scored), one less the king of the
    suit just turned is that king's own rule; a talon larger by the cards turned for the
    réjouissances put them back under it (auv.speech.rejouissance)."""
    struck = _scenario("homme-d-auvergne", "gen.auv.deal.00029")
    assert [e["card"] for e in _at(struck, 22, "ledger")] == ["KS"]
    assert _observed(struck, 22, "ledger", []) == "auv.king.once"
    turned_now = _scenario("homme-d-auvergne", "gen.auv.deal.00025")
    assert [e["clause"] for e in _at(turned_now, 17, "ledger")] == ["auv.king.turned"]
    assert _observed(turned_now, 17, "ledger", []) != "auv.king.once"
    back = _scenario("homme-d-auvergne", "gen.auv.deal.00011")
    assert _at(back, 22, "talon") == 11
    assert _observed(back, 22, "talon", 12) == "auv.speech.rejouissance"
    assert _observed(back, 22, "talon", 13) != "auv.speech.rejouissance"

"""Property tests of L'Homme d'Auvergne on the phase engine (brou.engine.phases), over random deals.

Each example is one deal from a hypothesis-drawn seed, in one form (two, three, four, five) and
a random choice of turner, king_scoring, king_showing, taken_king and loser_pays, played to its
end by random legal actions (words of the speech, then cards).  At every step, against
statements written here from the clauses (not by calling the engine's own functions):

- the legal cards are the cards of the suit led if the player holds one, else his trumps if the
  suit led is a plain suit and he holds one, else his whole hand; nothing else forbids a card
  (auv.play.follow, auv.play.trump-if-void); no card before the homme is named;
- at most 1 + 3 cards are turned, and trump is the suit of the last one (auv.speech.*);
- each king scores at most once in the speech (auv.king.once);
- every ledger entry moves marks between a seat and another seat or the score sheet, so the
  ledger sums to zero with the sheet;
- an action the engine must refuse (a card before the homme is named, a word at the wrong
  moment, a king shown that the player cannot show, a card not held, a card the following rule
  refuses) raises IllegalAction with the code of docs/errors.md and leaves the deal unchanged.

At the end of a deal played out: five tricks, each led by the previous winner, and the count's
entries as auv.count.homme-wins, auv.count.won and auv.count.lost say; the deal replayed from its
record is the same deal.

The last tests show that the Auvergne facts of brou.prove fail on a wrong engine.
Deterministic (derandomize, no example database).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_brusquembille_properties import replay, snapshot

from brou import ACTION_CODES, IllegalAction, prove
from brou.cards.shuffle import MAX_SEED
from brou.engine import phases
from brou.engine.phases import PLAY, SHOWING, SPEECH, TURN_OFFER, PhaseDeal
from brou.laws import kings, results
from brou.laws.ledger import SHEET, Entry, account_balance
from brou.laws.speech import WORDS
from brou.laws.talon import talon_deal_from_seed
from brou.spec.rules import Rules, cards_of

AUV = "homme-d-auvergne"
FORMS = ("two", "three", "four", "five")
CHOICES = {"turner": ["any-in-turn", "dealer"], "king_scoring": ["turned-suit", "trump-and-others", "trump-only"],
           "king_showing": ["shown", "automatic"], "taken_king": ["moves", "owner-pays"],
           "loser_pays": ["each-opponent", "the-winner"]}
PARAMS = st.fixed_dictionaries({name: st.sampled_from(opts) for name, opts in CHOICES.items()})
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
KING = "K"


def word(rules: Rules, name: str) -> int:
    return rules.n_indices + WORDS.index(name)


def kings_of(rules: Rules) -> list[int]:
    return [c for c in cards_of(rules.pack) if rules.card_text(c)[0] == KING]


def turned_cards(deal: PhaseDeal) -> list[int]:
    return [e.card for e in deal.events if e.kind == "turn"]


def expected_legal(deal: PhaseDeal) -> list[int]:
    """The cards the clauses allow the player to act: auv.play.follow, then auv.play.trump-if-void."""
    rules = deal.rules
    if deal.phase != PLAY:
        return []
    hand = deal.hands[deal.to_act]
    if not deal.trick:
        return cards_of(hand)
    turned = turned_cards(deal)
    trump = rules.suit_of[turned[-1]]
    led = rules.suit_of[deal.trick[0]]
    of_led = [c for c in cards_of(hand) if rules.suit_of[c] == led]
    trumps = [c for c in cards_of(hand) if rules.suit_of[c] == trump]
    if of_led:
        return of_led
    if led != trump and trumps:
        return trumps
    return cards_of(hand)


def showable(deal: PhaseDeal, seat: int) -> bool:
    """Whether `seat` holds the king of the suit last turned and it has neither scored in hand nor
    been shown since that card was turned (auv.king.show, auv.king.once)."""
    rules = deal.rules
    turned = turned_cards(deal)
    if not turned:
        return False
    king = next(k for k in kings_of(rules) if rules.suit_of[k] == rules.suit_of[turned[-1]])
    last_turn = max(i for i, e in enumerate(deal.events) if e.kind == "turn")
    shown_now = any(e.kind == "show" and e.card == king for e in deal.events[last_turn:])
    scored = any(e.card == king and e.clause == "auv.king.held" for e in deal.ledger)
    return bool(deal.hands[seat] >> king & 1) and not scored and not shown_now


def expected_code(deal: PhaseDeal, action: int) -> str | None:
    """The code docs/errors.md gives for action id `action` now (None: legal)."""
    rules = deal.rules
    if deal.is_over:
        return "deal-over"
    if action >= rules.n_indices:
        w = WORDS[action - rules.n_indices]
        allowed = {TURN_OFFER: {"turn", "leave"}, SPEECH: {"play", "pass"}, SHOWING: {"show", "pass"}}.get(deal.phase, set())
        if deal.phase == SPEECH and showable(deal, deal.to_act):
            allowed = allowed | {"show"}
        if w in allowed:
            return None
        if w == "show" and deal.phase == SPEECH:  # under either showing: an automatic king has scored already
            return "no-king-to-show"
        return "word-not-now"
    if deal.phase != PLAY:
        return "cards-not-yet"
    if not deal.hands[deal.to_act] >> action & 1:
        return "not-in-hand"
    if action in expected_legal(deal):
        return None
    rules_led = rules.suit_of[deal.trick[0]]
    held = deal.hands[deal.to_act]
    return "must-follow-suit" if any(rules.suit_of[c] == rules_led for c in cards_of(held)) else "must-trump"


def deal_winner_by_the_rule(n: int, winners: list[int]) -> int:
    """auv.count.homme-wins read from A1 section 5: three tricks or more win; at two each, the
    first to two; at one each, the winner of the first trick."""
    counts = [winners.count(p) for p in range(n)]
    top = max(counts)
    if top >= 3:
        return counts.index(top)
    if top == 2:
        second = {p: [i for i, w in enumerate(winners) if w == p][1] for p in range(n) if counts[p] == 2}
        return min(second, key=lambda p: second[p])
    return winners[0]


def count_by_the_rule(rules: Rules, homme: int, winners: list[int]) -> list[tuple[int, int]]:
    """(giver, taker) of each mark the count moves (auv.count.won, auv.count.lost)."""
    n = rules.n_players
    winner = deal_winner_by_the_rule(n, winners)
    if winner == homme:
        return [(SHEET, homme)]
    gainers = [s for s in range(n) if s != homme] if rules.data["result"]["loser_pays"] == "each-opponent" else [winner]
    return [(homme, SHEET)] + [(SHEET, s) for s in gainers]


def check_step(deal: PhaseDeal) -> None:
    rules, n = deal.rules, deal.rules.n_players
    turned = turned_cards(deal)
    assert len(turned) <= 4 and [c for _, c in deal.turned] == turned
    if turned:
        assert deal.trump == rules.suit_of[turned[-1]]
    if not deal.is_over:
        legal = deal.legal_actions()
        cards = [a for a in legal if a < rules.n_indices]
        assert cards == expected_legal(deal)
        if deal.phase != PLAY:
            assert not cards and legal
    scored = [e.card for e in deal.ledger if e.clause in ("auv.king.turned", "auv.king.held")]
    assert len(scored) == len(set(scored)), "a king scored twice"
    assert all(c in kings_of(rules) for c in scored)
    assert all(e.jetons == 1 and e.giver != e.taker and {e.giver, e.taker} <= {*range(n), SHEET} for e in deal.ledger)
    assert sum(account_balance(deal.ledger, a) for a in [*range(n), SHEET]) == 0


def check_end(deal: PhaseDeal) -> None:
    rules, n = deal.rules, deal.rules.n_players
    if deal.ended != phases.PLAYED:
        assert not deal.tricks and not any(e.clause.startswith("auv.count") for e in deal.ledger)
        return
    assert len(deal.tricks) == 5 and deal.homme is not None
    lead = 0
    for first, cards, won in deal.tricks:
        assert first == lead and len(cards) == n
        lead = won
    winners = [w for _, _, w in deal.tricks]
    count = [(e.giver, e.taker) for e in deal.ledger if e.clause.startswith("auv.count")]
    assert sorted(count) == sorted(count_by_the_rule(rules, deal.homme, winners))
    assert deal.winners() == [deal_winner_by_the_rule(n, winners)]


def try_refused(deal: PhaseDeal, rng: random.Random) -> str | None:
    """Offer one action the engine must refuse now, if there is one: the code expected, checked."""
    rules = deal.rules
    candidates = [a for a in range(rules.n_indices + len(WORDS)) if (a >= rules.n_indices or rules.pack >> a & 1)
                  and expected_code(deal, a) is not None]
    if not candidates:
        return None
    action = rng.choice(candidates)
    want = expected_code(deal, action)
    before = (snapshot(deal, compiled=False), deal.record())
    with pytest.raises(IllegalAction) as info:
        deal.apply(action)
    assert info.value.code == want, (rules.card_text(action) if action < rules.n_indices else WORDS[action - rules.n_indices],
                                     deal.phase, info.value.code, want)
    assert want in ACTION_CODES
    assert (snapshot(deal, compiled=False), deal.record()) == before, f"refusing {action} ({want}) changed the deal"
    return want


def play_out(form: str, params: dict[str, Any], seed: int, choice_seed: int, seen: set[str]) -> PhaseDeal:
    rules = Rules.load(AUV, form=form, **params)
    deal = PhaseDeal(rules, talon_deal_from_seed(rules, seed))
    rng = random.Random(choice_seed)
    check_step(deal)
    while not deal.is_over:
        code = try_refused(deal, rng)
        if code:
            seen.add(code)
        legal = deal.legal_actions()
        # lean towards the words that keep the speech going, so that réjouissances happen
        talk = [a for a in legal if a >= rules.n_indices and WORDS[a - rules.n_indices] in ("turn", "show", "pass")]
        deal.apply(rng.choice(talk if talk and rng.random() < 0.5 else legal))
        check_step(deal)
    check_end(deal)
    assert deal.legal_actions() == []
    with pytest.raises(IllegalAction, match="deal-over"):
        deal.apply(0)
    again = replay(rules, deal.record())
    assert snapshot(again, compiled=False) == snapshot(deal, compiled=False)
    seen.add(deal.ended or "")
    return deal


@pytest.mark.clause("auv.play.follow", "auv.play.trump-if-void", "auv.speech.trump", "auv.king.once", "auv.count.homme-wins",
                    "auv.count.won", "auv.count.lost")
@pytest.mark.parametrize("form", FORMS)
@SETTINGS
@given(params=PARAMS, seed=st.integers(0, MAX_SEED), choice_seed=st.integers(0, 2**32))
def test_random_deals_follow_the_clauses(form: str, params: dict[str, Any], seed: int, choice_seed: int) -> None:
    play_out(form, params, seed, choice_seed, set())


@pytest.mark.parametrize("form", FORMS)
def test_random_deals_reach_every_refusal_and_ending(form: str) -> None:
    """The deals these tests play do meet each refusal and end played out (seeded, no hypothesis)."""
    rng = random.Random(1665)
    seen: set[str] = set()
    for _ in range(30):
        params = {name: rng.choice(opts) for name, opts in CHOICES.items()}
        play_out(form, params, rng.randrange(MAX_SEED), rng.getrandbits(32), seen)
    want = {"cards-not-yet", "word-not-now", "no-king-to-show", "not-in-hand", "must-follow-suit", "played-out"}
    want |= {"must-trump"} if form != "two" else set()
    assert want <= seen, sorted(want - seen)


def test_the_rule_read_here_parts_ties_as_the_source_says() -> None:
    assert deal_winner_by_the_rule(3, [1, 0, 0, 1, 2]) == 0  # both at two: seat 0 got there at trick 3
    assert deal_winner_by_the_rule(5, [3, 0, 1, 2, 4]) == 3  # one each: the first trick's winner
    assert deal_winner_by_the_rule(4, [1, 2, 2, 2, 1]) == 2


# -- the Auvergne facts of brou.prove fail on a wrong engine -----------------------------


def _run(fact_id: str) -> prove.FactResult:
    (fact,) = [f for f in prove.FACTS if f.id == fact_id]
    return prove.run_fact(fact, 1802)


@pytest.mark.clause("auv.count.homme-wins")
def test_a_tie_at_two_parted_by_the_first_trick_is_a_counterexample(monkeypatch: pytest.MonkeyPatch) -> None:
    def first_trick_parts_ties(n: int, winners: tuple[int, ...]) -> int:
        counts = [winners.count(p) for p in range(n)]
        top = max(counts)
        return next(w for w in winners if counts[w] == top)
    monkeypatch.setattr(results, "deal_winner", first_trick_parts_ties)
    res = _run("auv.count.homme-wins")
    assert res.status == prove.COUNTEREXAMPLE and "form three: z3 model" in res.details, res.details


@pytest.mark.clause("auv.count.lost")
def test_a_count_that_pays_only_the_winner_is_a_counterexample(monkeypatch: pytest.MonkeyPatch) -> None:
    def only_the_winner(rules: Rules, homme: int, winners: Any) -> list[Entry]:
        w = results.deal_winner(rules.n_players, winners)
        if w == homme:
            return [Entry(SHEET, homme, 1, "auv.count.won", 5)]
        return [Entry(homme, SHEET, 1, "auv.count.lost", 5), Entry(SHEET, w, 1, "auv.count.lost", 5)]
    monkeypatch.setattr(results, "homme_entries", only_the_winner)
    res = _run("auv.count.lost.each-opponent")
    assert res.status == prove.COUNTEREXAMPLE and "form three" in res.details, res.details


@pytest.mark.clause("auv.king.taken")
def test_a_taken_king_that_costs_nothing_is_a_counterexample(monkeypatch: pytest.MonkeyPatch) -> None:
    def owner_keeps(rules: Rules, plays: Any, winner: int, scored: Any, trick: int) -> list[Entry]:
        return [Entry(SHEET, winner, 1, "auv.king.taken", trick, card) for seat, card in plays
                if scored.get(card) == seat and seat != winner]
    monkeypatch.setattr(kings, "taken_king_entries", owner_keeps)
    res = _run("auv.king.taken.moves-one-mark")
    assert res.status == prove.COUNTEREXAMPLE and "form two" in res.details, res.details

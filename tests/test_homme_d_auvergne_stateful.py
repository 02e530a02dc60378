"""A stateful test of L'Homme d'Auvergne's deal (brou.engine.phases.PhaseDeal): a hypothesis rule-based
state machine lets hypothesis choose every step of a deal, as tests/test_brusquembille_stateful.py
does for Brusquembille.

Each example draws a form (two, three, four, five), a choice of turner, king_scoring,
king_showing, taken_king and loser_pays, a seed, and sometimes the players' marks before the deal
(so that a king scored in the speech or the count can end the game, auv.match.target).  The
steps are legal actions (words of the speech and cards, by id, by id with the seat, or as text)
and refused ones: a card before the homme is named, a word at the wrong moment, a king shown
that cannot be, a card not held, a card the following rule refuses, anything once the deal is
over.  Besides the deal under test the machine keeps a `copy()` and a deal replayed from its
`record()` (each renewed by a rule) and gives them the same steps.

After every step, the checks of tests/test_homme_d_auvergne_properties.py (legal cards, turned
cards and trump, kings scored once, the ledger with the score sheet summing to zero), a legal
action for the player to act until the end and none after, and the copy and the replayed deal
equal to the deal slot by slot.  A refused action raises IllegalAction with the code for the
situation, the same on the copies, and leaves all three as they were.  At the end: the count as
auv.count.* says, or the target reached.

Deterministic (derandomize, no example database); shrinking is left out, as in
tests/test_stateful.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test
from test_brusquembille_properties import replay, snapshot
from test_homme_d_auvergne_properties import AUV, CHOICES, FORMS, check_end, check_step, expected_code

from brou import ACTION_CODES, IllegalAction
from brou.cards.shuffle import MAX_SEED
from brou.engine.marks import marks_after
from brou.engine.phases import TARGET, PhaseDeal
from brou.laws.speech import WORDS
from brou.laws.talon import talon_deal_from_seed
from brou.spec.rules import Rules

PARAMS = st.fixed_dictionaries({"form": st.sampled_from(FORMS)},
                               optional={name: st.sampled_from(opts) for name, opts in CHOICES.items()})
SETTINGS = settings(max_examples=120, stateful_step_count=50, deadline=None, derandomize=True, database=None,
                    phases=(Phase.explicit, Phase.reuse, Phase.generate),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SEEN: set[str] = set()


def replay_with_marks(rules: Rules, record: dict[str, Any], marks: list[int] | None) -> PhaseDeal:
    """The deal rebuilt from its record, given the same marks (the record is of the deal alone)."""
    if marks is None:
        return replay(rules, record)
    plain = replay(rules, {**record, "actions": []})
    deal = PhaseDeal(rules, plain.deal, marks)
    for text in record["actions"]:
        deal.apply_text(text)
    return deal


class AuvergneMachine(RuleBasedStateMachine):
    """One deal of L'Homme d'Auvergne driven by hypothesis, with a copy and a replay alongside."""

    @initialize(params=PARAMS, seed=st.integers(0, MAX_SEED), data=st.data(), with_marks=st.sampled_from([True, False]))
    def start(self, params: dict[str, Any], seed: int, data: st.DataObject, with_marks: bool) -> None:
        self.deal_rules = Rules.load(AUV, **params)
        n = self.deal_rules.n_players
        target = self.deal_rules.data["session"]["target"]
        self.marks = data.draw(st.lists(st.sampled_from([target - 1, target - 2, target - 1, 0, -1, 2]), min_size=n, max_size=n),
                                label="marks") \
            if with_marks else None
        self.deal = PhaseDeal(self.deal_rules, talon_deal_from_seed(self.deal_rules, seed), self.marks)
        self.twin = self.deal.copy()
        self.restored = replay_with_marks(self.deal_rules, self.deal.record(), self.marks)
        SEEN.update(f"{k}={v}" for k, v in params.items())

    def deals(self) -> list[PhaseDeal]:
        return [self.deal, self.twin, self.restored]

    # -- acting ------------------------------------------------------------------

    @precondition(lambda self: not self.deal.is_over)
    @rule(data=st.data(), how=st.sampled_from(["id", "seat", "text"]), moves=st.integers(1, 8))
    def act(self, data: st.DataObject, how: str, moves: int) -> None:
        """A few legal actions (words, then cards), the invariants checked after each."""
        rules = self.deal_rules
        for _ in range(moves):
            if self.deal.is_over:
                break
            action = data.draw(st.sampled_from(self.deal.legal_actions()), label="action")
            text = WORDS[action - rules.n_indices] if action >= rules.n_indices else rules.card_text(action)
            for d in self.deals():
                if how == "text":
                    d.apply_text(text)
                elif how == "seat":
                    d.apply(action, d.to_act)
                else:
                    d.apply(action)
            SEEN.add(f"phase:{self.deal.phase}")
            self.check_all()
        if self.deal.is_over:
            SEEN.add(f"ended:{self.deal.ended}")

    def reject(self, attempt: Callable[[PhaseDeal], None], expected: str | None, what: str) -> None:
        """The attempt must be refused with `expected` on the deal and its copies, changing nothing."""
        if expected is None:
            return
        before = [(snapshot(d, compiled=False), d.record()) for d in self.deals()]
        codes: list[str | None] = []
        for d in self.deals():
            try:
                attempt(d)
            except IllegalAction as exc:
                codes.append(exc.code)
            else:
                codes.append(None)
        assert codes[0] == expected, f"{what}: refused with {codes[0]!r}, expected {expected!r}"
        assert expected in ACTION_CODES
        assert codes == [expected] * 3, f"{what}: the copies refuse it differently: {codes}"
        after = [(snapshot(d, compiled=False), d.record()) for d in self.deals()]
        assert after == before, f"{what} ({expected}) changed the deal"
        SEEN.add(f"code:{expected}")

    @rule(data=st.data(), kind=st.sampled_from(["held", "card", "word", "any"]))
    def illegal(self, data: st.DataObject, kind: str) -> None:
        """An action the engine must refuse now, chosen among cards of the pack or words."""
        deal, rules = self.deal, self.deal_rules
        pool = [a for a in range(rules.n_indices) if rules.pack >> a & 1] if kind != "word" else []
        if kind == "held":  # a card he holds: refused by the following rule, if any is
            pool = [a for a in pool if not deal.is_over and deal.hands[deal.to_act] >> a & 1]
        pool += [rules.n_indices + i for i in range(len(WORDS))] if kind != "card" else []
        refused = [a for a in pool if expected_code(deal, a) is not None]
        if not refused:
            return
        action = data.draw(st.sampled_from(refused), label="refused")
        self.reject(lambda d: d.apply(action), expected_code(deal, action), f"action {action} in {deal.phase}")

    @rule(replay_it=st.booleans())
    def save(self, replay_it: bool) -> None:
        """A fresh copy, or a fresh replay of the record, driven alongside from now on."""
        if replay_it:
            self.restored = replay_with_marks(self.deal_rules, self.deal.record(), self.marks)
        else:
            self.twin = self.deal.copy()

    # -- the invariants ------------------------------------------------------------

    def check_all(self) -> None:
        self.clauses_hold()
        self.someone_can_act_until_the_end()
        self.copies_agree()

    @invariant()
    def clauses_hold(self) -> None:
        check_step(self.deal)

    @invariant()
    def someone_can_act_until_the_end(self) -> None:
        deal = self.deal
        legal = deal.legal_actions()
        if deal.is_over:
            assert legal == [] and deal.speakers() == {}
            if deal.ended == TARGET:
                assert self.marks is not None
                now = marks_after(self.deal_rules, self.marks, deal.ledger)
                assert max(now) >= self.deal_rules.data["session"]["target"]
            else:
                check_end(deal)
        else:
            assert legal and len(set(legal)) == len(legal)
            assert deal.speakers() == {deal.to_act: legal}
            assert all(deal.legal_actions(s) == [] for s in range(self.deal_rules.n_players) if s != deal.to_act)

    @invariant()
    def copies_agree(self) -> None:
        mine = snapshot(self.deal, compiled=False)
        assert snapshot(self.twin, compiled=False) == mine, "the copy differs from the deal"
        assert snapshot(self.restored, compiled=False) == mine, "the replayed deal differs from the deal"
        assert self.twin.record() == self.restored.record() == self.deal.record()


REACHED = {*(f"form={f}" for f in FORMS), "phase:turn-offer", "phase:speech", "phase:play", "ended:played-out",
           "ended:target", "code:cards-not-yet", "code:word-not-now", "code:not-in-hand", "code:must-follow-suit",
           "code:deal-over"}


def test_homme_d_auvergne_deal_machine() -> None:
    SEEN.clear()
    run_state_machine_as_test(AuvergneMachine, settings=SETTINGS)
    missing = sorted(REACHED - SEEN)
    assert not missing, f"the machine no longer reaches {missing} (adjust the strategies, not the engine)"

"""A stateful test of L'Hombre's deal (brou.engine.hombre.HombreDeal): a hypothesis rule-based state
machine lets hypothesis choose every step of a deal, as tests/test_homme_d_auvergne_stateful.py
does for L'Homme d'Auvergne.

Each example draws a choice of equal_rank, sans_prendre_trump, talon_rest and direction and a
seed.  The steps are legal actions (bids and passes, the contract and trump named, discards and
draws, cards, surrender and stop; by id, by id with the seat, or as text) and refused ones: a
card before the contract, a card not held, a card the following rule refuses, a discard beyond
what the talon can replace, a bid too low, a contract or trump that cannot be named, a draw too
early, a word of another moment, anything once the deal is over.  Besides the deal under test the
machine keeps a `copy()` and a deal replayed from its `record()` (each renewed by a rule) and
gives them the same steps.

After every step, the checks of tests/test_hombre_properties.py (every card in one place, the
auction, the exchanges, the legal cards and words, the ledger), a legal action for the player to
act until the end and none after, and the copy and the replayed deal equal to the deal slot by
slot.  A refused action raises IllegalAction with the code for the situation, the same on the
copies, and leaves all three as they were.  At the end: the result and the points as hom.count.*
say.

Deterministic (derandomize, no example database); shrinking is left out, as in
tests/test_stateful.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test
from test_hombre_properties import CHOICES, HOM, all_actions, check_end, check_step, expected_code, replay, snapshot

from brou import ACTION_CODES, IllegalAction
from brou.cards.shuffle import MAX_SEED
from brou.engine.hombre import AUCTION, EXCHANGE, HombreDeal
from brou.engine.phases import DONE
from brou.laws.auction import words
from brou.laws.talon import talon_deal_from_seed
from brou.spec.rules import Rules

PARAMS = st.fixed_dictionaries({}, optional={name: st.sampled_from(opts) for name, opts in CHOICES.items()})
# 200 examples: derandomized, yet what hypothesis draws depends on the modules loaded (it mixes
# in constants read from their source), so a lone run and the whole suite see different deals;
# at 100 a lone run missed bid-too-low, at 150 it reached every code of REACHED
SETTINGS = settings(max_examples=200, stateful_step_count=60, deadline=None, derandomize=True, database=None,
                    phases=(Phase.explicit, Phase.reuse, Phase.generate),
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SEEN: set[str] = set()


class HombreMachine(RuleBasedStateMachine):
    """One deal of L'Hombre driven by hypothesis, with a copy and a replay alongside."""

    @initialize(params=PARAMS, seed=st.integers(0, MAX_SEED))
    def start(self, params: dict[str, Any], seed: int) -> None:
        self.deal_rules = Rules.load(HOM, **params)
        self.deal = HombreDeal(self.deal_rules, talon_deal_from_seed(self.deal_rules, seed))
        self.twin = self.deal.copy()
        self.restored = replay(self.deal_rules, self.deal.record())
        SEEN.update(f"{k}={v}" for k, v in params.items())

    def deals(self) -> list[HombreDeal]:
        return [self.deal, self.twin, self.restored]

    # -- acting ------------------------------------------------------------------

    @precondition(lambda self: self.deal.phase != DONE)
    @rule(data=st.data(), how=st.sampled_from(["id", "seat", "text"]), moves=st.integers(1, 4),
          passing=st.booleans())
    def act(self, data: st.DataObject, how: str, moves: int, passing: bool) -> None:
        """A few legal actions in one phase, the invariants checked after each; `passing`: in
        the auction, pass (so that deals get played) rather than draw among the bids."""
        rules = self.deal_rules
        names = words(rules)
        for _ in range(moves):
            if self.deal.phase == DONE:
                break
            legal, phase = self.deal.legal_actions(), self.deal.phase
            pass_id = rules.n_indices + names.index("pass")
            action = pass_id if passing and pass_id in legal else data.draw(st.sampled_from(legal), label="action")
            text = names[action - rules.n_indices] if action >= rules.n_indices else rules.card_text(action)
            for d in self.deals():
                if how == "text":
                    d.apply_text(text)
                elif how == "seat":
                    d.apply(action, d.to_act)
                else:
                    d.apply(action)
            SEEN.add(f"phase:{self.deal.phase}")
            self.check_all()
            if self.deal.phase != phase:
                break  # a new phase: the other rules get their turn at its start
        if self.deal.phase == DONE:
            SEEN.add(f"ended:{self.deal.ended}")

    def reject(self, attempt: Callable[[HombreDeal], None], expected: str | None, what: str) -> None:
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
        pool = [a for a in all_actions(rules) if (a < rules.n_indices) == (kind != "word") or kind == "any"]
        if kind == "held":  # a card he holds: refused by the following rule or the exchange, if any is
            pool = [a for a in pool if deal.phase != DONE and deal.hands[deal.to_act] >> a & 1]
        refused = [a for a in pool if expected_code(deal, a) is not None]
        if not refused:
            return
        action = data.draw(st.sampled_from(refused), label="refused")
        self.reject(lambda d: d.apply(action), expected_code(deal, action), f"action {action} in {deal.phase}")

    @rule(word=st.sampled_from(["draw", "surrender", "stop", "pass"]))
    def say_now(self, word: str) -> None:
        """A word of one moment said now: refused (too-few-discards, word-not-now, ...) unless open."""
        deal, rules = self.deal, self.deal_rules
        action = rules.n_indices + words(rules).index(word)
        self.reject(lambda d: d.apply(action), expected_code(deal, action), f"'{word}' in {deal.phase}")

    @precondition(lambda self: self.deal.phase in (AUCTION, EXCHANGE))
    @rule(data=st.data())
    def bid_or_draw_refused(self, data: st.DataObject) -> None:
        """In the auction and the exchange, whose moments are short: a word or a held card refused
        now (bid-too-low, cannot-name, too-few-discards, too-many-discards, ...)."""
        deal, rules = self.deal, self.deal_rules
        pool = [a for a in all_actions(rules) if a >= rules.n_indices or deal.hands[deal.to_act] >> a & 1]
        refused = [a for a in pool if expected_code(deal, a) is not None]
        if not refused:
            return
        action = data.draw(st.sampled_from(refused), label="refused")
        self.reject(lambda d: d.apply(action), expected_code(deal, action), f"action {action} in {deal.phase}")

    @precondition(lambda self: self.deal.phase == AUCTION and any(w for _, w in self.deal.said))
    @rule(data=st.data())
    def bid_now(self, data: st.DataObject) -> None:
        """A contract named over a standing bid: bid-too-low (or cannot-name) unless it outranks it."""
        rules = self.deal_rules
        names = [w for w in words(rules) if w in {row["name"] for row in rules.data["auction"]["contracts"]}]
        action = rules.n_indices + words(rules).index(data.draw(st.sampled_from(names), label="contract"))
        self.reject(lambda d: d.apply(action), expected_code(self.deal, action), "a bid")

    @precondition(lambda self: self.deal.phase == EXCHANGE)
    @rule()
    def draw_now(self) -> None:
        """`draw` in the exchange: too-few-discards before the hombre has discarded his least."""
        rules = self.deal_rules
        action = rules.n_indices + words(rules).index("draw")
        self.reject(lambda d: d.apply(action), expected_code(self.deal, action), "draw")

    @precondition(lambda self: self.deal.phase != DONE)
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        """A legal action offered for another seat: wrong-seat."""
        seat = data.draw(st.sampled_from([s for s in range(3) if s != self.deal.to_act]), label="seat")
        action = self.deal.legal_actions()[0]
        self.reject(lambda d: d.apply(action, seat), "wrong-seat", f"seat {seat} out of turn")

    @rule(replay_it=st.booleans())
    def save(self, replay_it: bool) -> None:
        """A fresh copy, or a fresh replay of the record, driven alongside from now on."""
        if replay_it:
            self.restored = replay(self.deal_rules, self.deal.record())
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
        if deal.phase == DONE:
            assert legal == []
            check_end(deal)
        else:
            assert legal and len(set(legal)) == len(legal)
            assert all(deal.legal_actions(s) == [] for s in range(3) if s != deal.to_act)
            assert deal.legal_actions(deal.to_act) == legal

    @invariant()
    def copies_agree(self) -> None:
        mine = snapshot(self.deal, compiled=False)
        assert snapshot(self.twin, compiled=False) == mine, "the copy differs from the deal"
        assert snapshot(self.restored, compiled=False) == mine, "the replayed deal differs from the deal"
        assert self.twin.record() == self.restored.record() == self.deal.record()


# what the machine must reach in one run.  Not too-few-discards: `draw_now` meets it only in the
# few steps between the exchange's start and the hombre's first discard, and a run of 200
# examples missed it under one seed in three (a change of the modules loaded changes what
# hypothesis draws); tests/test_hombre.py and the scenarios of hombre/exchange.yaml check it.
REACHED = {"phase:auction", "phase:exchange", "phase:play", "ended:played-out", "ended:all-passed",
           "code:cards-not-yet", "code:word-not-now", "code:not-in-hand", "code:must-follow-suit", "code:bid-too-low",
           "code:deal-over", "code:wrong-seat", "equal_rank=other-contract"}


def test_hombre_deal_machine() -> None:
    SEEN.clear()
    run_state_machine_as_test(HombreMachine, settings=SETTINGS)
    missing = sorted(REACHED - SEEN)
    assert not missing, f"the machine no longer reaches {missing} (adjust the strategies, not the engine)"

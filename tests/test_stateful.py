"""Stateful tests: hypothesis rule-based state machines drive one deal with legal and illegal actions.

Where tests/test_properties.py plays whole random deals, the machines here let hypothesis choose
every step of a deal.  One machine per ruleset (`test_deal_machine[brouc]`,
`test_deal_machine[homme-de-brou-1802]`); each example draws

- a parameter set: every parameter of the ruleset left at its default or set to one of its
  options (the options `Rules.load` refuses as recorded but not executable are left out).
  After the run, every option of every parameter must have been played: an option the draws
  missed gets a few examples of its own, with that option fixed;
- a deal and a way of playing it: a seeded deal played at random; the same with the cards
  steered towards one team taking every trick; or a stacked deal (seats 0 and 2 hold the
  strongest cards) played out to the vole or cape, or bound by a declaration;
- no game, or a game (`GameContext`) with scores over the whole range and often near the target
  of 301 (and marriages carried over from a cape, in Brouc), so that claims (dehors), declarations
  and concessions happen.

The steps are legal actions (by id, by id with the seat given, or as text; announcements, claims
and declarations by rules of their own, wrong claims taken seldom so that deals go on) and rejected
ones: an action id that is not legal (a card not held, a held card that the following rules forbid,
an announcement not allowed, a pass or a game action at the wrong moment, an id out of range), a
text that is malformed or names nothing, a legal action given for the wrong seat, anything once
the deal is over.  Besides the state under test the machine keeps a `copy()` of it and a
`HommeDeal.replay(record())` of it (each renewed by a rule) and gives them the same steps.

After every step it checks:

- card conservation: the 32 cards are each in exactly one place (a hand, the trick on the
  table, a team's won cards);
- points conservation: the card points of the won tricks, the hands and the trick sum to 120;
  each table marriage counts its value (times the trump factor in trumps) times `table_factor`
  for the trick's winners and as much against the other team (both rulesets deduct it:
  `state.table_points` sums to zero); announced marriages count for the announcer's team and cost
  the other team nothing (`state.announced_points` is what was announced, plus what a Brouc cape
  carried into the deal);
- a rejected action raises IllegalAction with a code of ACTION_CODES, the one docs/errors.md
  gives for the situation, and leaves the state exactly as it was (every slot, record(),
  legal_actions(), result()); the copies refuse it with the same code;
- the player to act has at least one legal action until the deal ends, and none after;
- the copy and the replayed state equal the state field by field (and a finished deal replays
  from its record to the same state): saving and restoring gives the identical game.

The runs are deterministic (derandomize, no example database): 200 examples of up to 100 steps per
machine, about 25 s for the file.  A failure is not shrunk by default (shrinking these machines
takes minutes); to shrink it and keep it as a regression scenario, run

    BROU_KEEP_REGRESSIONS=1 .venv/bin/pytest tests/test_stateful.py

The failing machine then writes its shrunk example (deal, parameters, game context, the accepted
actions as `do` steps, the rejected ones as `reject` steps with the code the engine gave, and an
`expect` step with what the engine observed at the end) to
`conformance/scenarios/<ruleset>/regressions/<digest>.yaml`, id `brouc.regression.<digest>` or
`hdb.regression.<digest>`, and names the file in a note on the failure.  The `expect` step is what
the engine did, bug included: correct it by hand to what the rules say, and mark the machine's test
`xfail(strict=True)` with the reason until the engine is fixed.  `DealMachine.regression` and
`write_regression` can be called on any machine (see `test_regression_writer`).
"""


from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
import yaml
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

from brou import ACTION_CODES, HommeDeal, IllegalAction, ParameterError, Rules, action_text, parse_action
from brou.cards.deal import Deal, deal_from_cards, deal_from_seed, deal_texts
from brou.cards.shuffle import MAX_SEED
from brou.conformance.judging.compare import PASSED, judge
from brou.conformance.protocol.server import Reference
from brou.conformance.protocol.table import Table
from brou.conformance.scenarios.corpus import FORMAT, SCENARIO_DIR, Scenario, check_references, load_file
from brou.engine.homme import (
    ACCEPT_ACTION,
    CLAIM_ACTION,
    CONCEDE,
    CONCEDE_ACTION,
    DECLARE_ACTION,
    DECLARE_DOUBLE_ACTION,
    DONE,
    MARK,
    MARK_ACTION,
    PLAY,
    REFUSE_ACTION,
    RESPOND,
    ROUND,
    WINDOW,
)
from brou.laws import game
from brou.laws.counting import card_points
from brou.laws.game import GameContext
from brou.laws.marriages import value_of
from brou.laws.play import beats
from helpers import check_conservation, own_attributes

RULESETS = ("brouc", "homme-de-brou-1802")
PREFIX = {"brouc": "brouc", "homme-de-brou-1802": "hdb"}
KEEP_ENV = "BROU_KEEP_REGRESSIONS"

KEEP = os.environ.get(KEEP_ENV) == "1"
# shrinking a failure of these machines takes minutes: only when the failure is to be kept
PHASES = (Phase.explicit, Phase.reuse, Phase.generate) + ((Phase.shrink,) if KEEP else ())
SETTINGS = settings(max_examples=200, stateful_step_count=100, deadline=None, derandomize=True, database=None,
                    phases=PHASES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
FEW = settings(SETTINGS, max_examples=10)


def playable_options(ruleset: str) -> dict[str, list[Any]]:
    """Each parameter's options that the engine plays (Rules.load refuses the others)."""
    out: dict[str, list[Any]] = {}
    for name, param in Rules.load(ruleset).data["parameters"].items():
        options = []
        for option in param["options"]:
            try:
                Rules.load(ruleset, **{name: option})
            except ParameterError:
                continue
            options.append(option)
        out[name] = options
    return out


OPTIONS = {name: playable_options(name) for name in RULESETS}
SEEN: dict[str, set[str]] = {name: set() for name in RULESETS}  # what the examples reached: options, phases, codes, outcomes


def option_key(name: str, value: Any) -> str:
    return f"{name}={json.dumps(value)}"


# -- what is compared ------------------------------------------------------------

CACHES = {"_ann"}  # worked out on demand: equal states may differ in what they have worked out so far
FIXED = {"deal", "context", "trump", "_beating", "_honours", "_suit_of", "_n_players"}  # set once, never changed


def _copied(value: Any) -> Any:
    """A copy of a slot's value that later changes to the state cannot reach (lists, nested)."""
    if isinstance(value, list):
        return [_copied(v) if isinstance(v, list | tuple) else v for v in value]
    if isinstance(value, tuple) and any(isinstance(v, list) for v in value):
        return tuple(_copied(v) for v in value)
    return value


def observe(state: HommeDeal) -> dict[str, Any]:
    """Everything observable of a state: every slot (less caches and the engine's own
    functions), the record, the legal actions and the count so far."""
    slots: dict[str, Any] = {}
    for name in own_attributes(HommeDeal):
        value = getattr(state, name)
        if name in CACHES or callable(value):
            continue
        if name == "rules":
            value = (value.id, json.dumps(value.overrides, sort_keys=True))
        slots[name] = value if name in FIXED else _copied(value)
    return {"slots": slots, "record": state.record(), "legal": state.legal_actions(), "result": state.result()}


def expected_codes(state: HommeDeal, action: int) -> set[str]:
    """The codes docs/errors.md gives for an action id that is not legal now."""
    rules = state.rules
    base = rules.pass_action
    if state.phase == DONE:
        return {"deal-over"}
    if state.phase == ROUND and action not in (base, base + CLAIM_ACTION):
        return {"dehors-round"}
    if state.phase == MARK and 0 <= action < base + MARK_ACTION and action != base:
        return {"mark-pending"}
    asking = state.phase in (CONCEDE, RESPOND)
    if 0 <= action < rules.n_cards:
        if state.phase == WINDOW:
            return {"play-in-window"}
        if asking:
            return {"concession-pending"}
        if not state.hands[state.to_act] >> action & 1:
            return {"not-in-hand"}
        return {"must-follow-suit", "must-overtrump", "no-undertrump"}
    if rules.n_cards <= action < base:
        if asking:
            return {"announce-not-now"}
        return {"announce-not-now", "announce-needs-trick", "marriage-not-held", "marriage-reused"}
    if action == base:
        return {"pass-not-allowed"}
    if base < action <= base + REFUSE_ACTION:
        kind = action - base
        if state.context is None:
            return {"not-in-a-game"}
        if kind == CONCEDE_ACTION:
            return {"concession-not-open"}
        if kind in (ACCEPT_ACTION, REFUSE_ACTION):
            return {"no-concession"}
        if asking:
            return {"concession-pending"}
        return {"claim-not-now"} if kind == CLAIM_ACTION else {"declaration-not-allowed"}
    if action == base + MARK_ACTION:
        return {"marked-by-engine"} if rules.table_marking != "players" else {"nothing-to-mark"}
    return {"malformed-action"}


JUNK_TEXTS = ["", " ", "announce", "announce KQ", "announce KQX", "announce AKH", "announce KQH now", "announce  KQJS",
              "announce QKH", "announce JQKC", "1H", "TX", "th", "T H", "10H", "AS KS", "pass pass", "PASS", "Claim",
              "claim now", "declare double", "declare-triple", "concede!", "accept refuse", "XX", "K", "announceKQH"]
TEXTS = st.one_of(st.sampled_from(JUNK_TEXTS), st.text(st.characters(min_codepoint=32, max_codepoint=0x17F), max_size=8))


def context_strategy(ruleset: str) -> st.SearchStrategy[GameContext | None]:
    """No game, or a game with scores over the whole range and often near the target 301."""
    score = st.one_of(st.integers(-150, 330), st.integers(240, 305), st.integers(19, 31).map(lambda s: 10 * s))
    carried: st.SearchStrategy[tuple[int, ...]] = st.just(())
    if ruleset == "brouc":  # a cape carries the announced marriages into the next deal
        carried = st.one_of(st.just(()), st.tuples(*[st.sampled_from([0, 0, 20, 40, 60, 80, 100])] * 2))
    game = st.builds(GameContext, st.tuples(score, score), carried)
    return st.tuples(st.sampled_from([False, True, True]), game).map(lambda drawn: drawn[1] if drawn[0] else None)


def stacked_deal(rules: Rules, seed: int) -> Deal:
    """A deal where seats 0 and 2 hold the sixteen strongest cards but the dealer's turn-up (the
    lowest trump): with steered play, vole, cape and declarations made happen."""
    rng = random.Random(seed)
    n_ranks = len(rules.ranks)
    trump = rng.randrange(len(rules.suits))
    cards = sorted(range(rules.n_cards), key=lambda c: (rules.suit_of[c] != trump, c % n_ranks, rng.random()))
    turnup = cards.pop(n_ranks - 1)  # the lowest trump
    strong, weak = cards[:16], cards[16:]
    rng.shuffle(strong)
    rng.shuffle(weak)
    size = rules.hand_size
    hands = [strong[:size], weak[:size], strong[size:], weak[size:] + [turnup]]
    return deal_from_cards(rules, [[rules.card_text(c) for c in hand] for hand in hands], rules.card_text(turnup))


# -- the machine -----------------------------------------------------------------------

Step = tuple[str, str, str | None]  # ("do" | "reject", action text, code of a rejection)


class DealMachine(RuleBasedStateMachine):
    """One deal driven by hypothesis; subclasses name the ruleset."""

    ruleset: ClassVar[str] = ""
    last: ClassVar[DealMachine | None] = None  # the machine of the last example (the shrunk one after a failure)

    def __init__(self) -> None:
        super().__init__()
        type(self).last = self
        self.log: list[Step] = []
        self.params: dict[str, Any] = {}
        self.sweep = self.bind = self.patient = False

    # -- setting up ------------------------------------------------------------

    def setup(self, params: dict[str, Any], seed: int, context: GameContext | None, mode: str = "random") -> None:
        """mode: "random" (a seeded deal, random play), "steered" (the same, cards steered towards
        a sweep, a declaration made whenever one is allowed) or "stacked" (seats 0 and 2 dealt the
        strongest cards, play steered; "stacked-bound": and declarations made)."""
        self.params = params
        self.sweep = mode != "random"
        self.bind = mode in ("steered", "stacked-bound")
        self.patient = mode == "stacked"  # no claim, no declaration: the sweep is played out to the vole or cape
        self.deal_rules = Rules.load(self.ruleset, **params)
        deal = stacked_deal(self.deal_rules, seed) if mode.startswith("stacked") else deal_from_seed(self.deal_rules, seed)
        self.state = HommeDeal(self.deal_rules, deal, context)
        self.twin = self.state.copy()
        self.restored = HommeDeal.replay(self.state.record())
        for name, options in OPTIONS[self.ruleset].items():
            self._saw(option_key(name, params.get(name, self.deal_rules.data["parameters"][name]["default"])))
            assert options
        self._saw("context" if context is not None else "no-context")
        self._saw(f"mode:{mode}")

    def _saw(self, what: str) -> None:
        SEEN[self.ruleset].add(what)

    def states(self) -> list[HommeDeal]:
        return [self.state, self.twin, self.restored]

    # -- acting ----------------------------------------------------------------

    def accept(self, action: int, how: str = "id") -> None:
        """Apply a legal action to the state and its copies, by id, with the seat, or as text."""
        text = action_text(self.deal_rules, action)
        self.log.append(("do", text, None))
        self._saw(f"phase:{self.state.phase}")
        if action > self.deal_rules.pass_action:
            self._saw(f"action:{text}")
        for s in self.states():
            if how == "text":
                s.apply_text(text)
            elif how == "seat":
                s.apply(action, s.to_act)
            else:
                s.apply(action)
        if self.state.outcome is not None:
            self._saw(f"outcome:{self.state.outcome.how}")
        if self.state.is_over and self.state.result().all_tricks is not None:
            self._saw("every-trick-to-one-team")

    def reject(self, attempt: Callable[[HommeDeal], None], text: str | None, allowed: set[str]) -> None:
        """The attempt must raise IllegalAction with an allowed code on the state and its copies,
        leaving each exactly as it was."""
        before = [observe(s) for s in self.states()]
        codes: list[str | None] = []
        for s in self.states():
            try:
                attempt(s)
            except IllegalAction as exc:
                codes.append(exc.code)
            else:
                codes.append(None)
        if text is not None and 0 < len(text) <= 40 and text.isprintable():
            self.log.append(("reject", text, codes[0]))
        assert codes[0] is not None, f"{text!r} was accepted; it must be refused ({sorted(allowed)})"
        assert codes[0] in ACTION_CODES
        assert codes[0] in allowed, f"{text!r} refused with {codes[0]!r}, expected one of {sorted(allowed)}"
        assert codes[1] == codes[0] and codes[2] == codes[0], f"the copies refuse {text!r} differently: {codes}"
        for s, b in zip(self.states(), before, strict=True):
            assert observe(s) == b, f"rejecting {text!r} ({codes[0]}) changed the state"
        self._saw(f"code:{codes[0]}")

    def reject_id(self, action: int) -> None:
        rules = self.deal_rules
        text = action_text(rules, action) if 0 <= action <= rules.pass_action + MARK_ACTION else None
        self.reject(lambda s: s.apply(action), text, expected_codes(self.state, action))

    def reject_text(self, text: str) -> None:
        try:
            action = parse_action(self.deal_rules, text)
        except IllegalAction as exc:
            assert exc.code in ("malformed-action", "unknown-card")
            allowed = {exc.code}
        else:
            if not self.state.is_over and action in self.state.legal_actions():
                return  # a legal action after all
            allowed = expected_codes(self.state, action)
        self.reject(lambda s: s.apply_text(text), text, allowed)

    # -- the rules of the machine ------------------------------------------------

    def _legal(self) -> list[int]:
        return self.state.legal_actions()

    def _game_moves(self) -> list[int]:
        base = self.deal_rules.pass_action
        moves = {base + CLAIM_ACTION, base + DECLARE_ACTION, base + DECLARE_DOUBLE_ACTION}
        return [a for a in self._legal() if a in moves]

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data(), how=st.sampled_from(["id", "seat", "text"]), moves=st.integers(1, 8))
    def play(self, data: st.DataObject, how: str, moves: int) -> None:
        """A few legal cards, passes, concessions or answers, the invariants checked after each
        (announcements and claims have rules of their own).  In a sweep example the cards are
        steered towards one team taking every trick."""
        state, rules = self.state, self.deal_rules
        for move in range(moves * 4 if self.sweep else moves):  # steered deals go on to their end
            if state.is_over:
                return
            if move:
                self.check_all()
            if self.sweep and state.phase == PLAY:
                base = rules.pass_action
                declare = [a for a in self._game_moves() if a in (base + DECLARE_ACTION, base + DECLARE_DOUBLE_ACTION)]
                if declare and state.declared is None and self.bind:  # bound to take every trick, as the steering plays
                    self.accept(data.draw(st.sampled_from(declare), label="declaration"))
                else:
                    self.accept(self._steered_card(), how)
                continue
            game_moves = set(self._game_moves())
            choices = [a for a in self._legal() if a not in game_moves and not rules.n_cards <= a < rules.pass_action]
            self.accept(data.draw(st.sampled_from(choices), label="action"), how)

    def _steered_card(self) -> int:
        """The sweeping team (the declared one, or the one with every trick so far, or the
        leader's) plays its strongest card, the other team its weakest."""
        state, rules = self.state, self.deal_rules
        if state.declared is not None:
            team = state.declared[0]
        elif state.tricks and len({rules.team_of[w] for _, _, w in state.tricks}) == 1:
            team = rules.team_of[state.tricks[0][2]]
        else:
            team = rules.team_of[state.leader]

        def strength(card: int) -> tuple[bool, bool, int]:
            wins = not state.trick or beats(rules, card, state.best_card(), state.trump)
            return wins, rules.suit_of[card] == state.trump, -(card % len(rules.ranks))

        cards = rules.mask_to_list(state.legal_play_mask())
        return (max if rules.team_of[state.to_act] == team else min)(cards, key=strength)

    @precondition(lambda self: not self.state.is_over and any(
        self.deal_rules.n_cards <= a < self.deal_rules.pass_action for a in self.state.legal_actions()))
    @rule(data=st.data())
    def announce(self, data: st.DataObject) -> None:
        rules = self.deal_rules
        choices = [a for a in self._legal() if rules.n_cards <= a < rules.pass_action]
        self.accept(data.draw(st.sampled_from(choices), label="announcement"))

    @precondition(lambda self: not self.state.is_over and not self.patient and self.state.context is not None
                  and bool(self._game_moves()))
    @rule(data=st.data(), now=st.integers(0, 7))
    def claim_or_declare(self, data: st.DataObject, now: int) -> None:
        """Any claim or declaration; a claim ends the deal, so it is taken one time in eight."""
        action = data.draw(st.sampled_from(self._game_moves()), label="game action")
        if action == self.deal_rules.pass_action + CLAIM_ACTION and now:
            return
        self.accept(action)

    @precondition(lambda self: not self.state.is_over and not self.patient and self.state.context is not None
                  and self._right_claim())
    @rule()
    def claim_when_right(self) -> None:
        """A claim that is right (the team's count is at the target)."""
        self.accept(self.deal_rules.pass_action + CLAIM_ACTION)

    def _right_claim(self) -> bool:
        state = self.state
        if self.deal_rules.pass_action + CLAIM_ACTION not in state.legal_actions():
            return False
        return game.reaches_target(self.deal_rules, game.count_so_far(state, self.deal_rules.team_of[state.to_act]))

    @rule(data=st.data(), kind=st.sampled_from(["id", "not-held", "held", "text", "seat"]))
    def illegal(self, data: st.DataObject, kind: str) -> None:
        """A rejected action: an id that is not legal, a card of another hand, a card of the hand
        that the following rules forbid, a text, a legal action given for the wrong seat."""
        state, rules = self.state, self.deal_rules
        legal = set(self._legal())
        held = state.hands[state.to_act] if not state.is_over else 0
        if kind == "held" and state.phase == PLAY and held & ~state.legal_play_mask():
            barred = held & ~state.legal_play_mask()
            trumps = barred & rules.suit_mask[state.trump_suit]  # a trump too low: must-overtrump, no-undertrump
            if trumps and data.draw(st.booleans(), label="a trump"):
                barred = trumps
            self.reject_id(data.draw(st.sampled_from(rules.mask_to_list(barred)), label="held"))
        elif kind == "not-held":
            others = [c for c in range(rules.n_cards) if not held >> c & 1 and c not in legal]
            self.reject_id(data.draw(st.sampled_from(others), label="not held"))
        elif kind == "text":
            self.reject_text(data.draw(TEXTS, label="text"))
        elif kind == "seat":
            seat = data.draw(st.integers(-1, rules.n_players + 1), label="seat")
            if state.is_over:
                self.reject(lambda s: s.apply(0, seat), None, {"deal-over"})
                return
            if seat == state.to_act:
                seat = (seat + 1) % rules.n_players
            # not of a kind the seat may take out of turn (then it is checked as that action is)
            free = 0 <= seat < rules.n_players and game.claims_out_of_turn(state, seat)
            anyone = rules.window == "any-time-once-team-has-trick"
            offered = {a for a in legal if not (free and a == rules.pass_action + 1)
                       and not (anyone and rules.n_cards <= a < rules.pass_action)}
            action = data.draw(st.sampled_from(sorted(offered or legal)), label="legal action")
            if offered:
                self.reject(lambda s: s.apply(action, seat), None, {"wrong-seat"})
        else:
            ids = [a for a in range(-2, rules.pass_action + REFUSE_ACTION + 3) if a not in legal]
            self.reject_id(data.draw(st.sampled_from(ids), label="illegal id"))

    @rule(replay=st.booleans())
    def save(self, replay: bool) -> None:
        """A fresh copy, or a fresh replay of the record, to be driven alongside from now on."""
        if replay:
            self.restored = HommeDeal.replay(self.state.record())
        else:
            self.twin = self.state.copy()

    def check_all(self) -> None:
        self.cards_are_conserved()
        self.points_are_conserved()
        self.marriages_are_accounted()
        self.someone_can_act_until_the_end()
        self.copies_agree()

    # -- the invariants ---------------------------------------------------------

    @invariant()
    def cards_are_conserved(self) -> None:
        state, rules = self.state, self.deal_rules
        assert rules.n_cards == 32
        check_conservation(state)
        assert state._mask == sum(1 << c for c in state.trick)
        assert sum(len(cards) for _, cards, _ in state.tricks) == bin(state.won[0] | state.won[1]).count("1")

    @invariant()
    def points_are_conserved(self) -> None:
        state, rules = self.state, self.deal_rules
        assert sum(rules.points) == 120
        in_hands = sum(card_points(rules, h) for h in state.hands)
        won = sum(card_points(rules, w) for w in state.won)
        assert in_hands + card_points(rules, state._mask) + won == 120
        result = state.result()
        assert sum(t.card_points for t in result.teams) == won
        assert sum(t.tricks for t in result.teams) == len(state.tricks)

    @invariant()
    def marriages_are_accounted(self) -> None:
        state, rules = self.state, self.deal_rules
        teams = range(len(rules.teams))
        table = [0 for _ in teams]
        for index, suit, kind, team, points in state.table:
            assert 0 <= index < len(state.tricks)
            assert team == rules.team_of[state.tricks[index][2]]
            assert points == value_of(rules, kind, suit, state.trump_suit) * rules.table_factor
            for t in teams:
                table[t] += points if t == team else -points if rules.table_deducted else 0
        assert state.table_points == table
        assert rules.table_deducted, "both rulesets take a table marriage from the other team"
        assert sum(state.table_points) == 0
        assert not rules.announce_deducted, "an announcement costs the other team nothing"
        carried = state.context.carried if state.context is not None and state.context.carried else (0,) * len(table)
        if state.carried_later:  # carried_towards_dehors=carried-not-counted: held back until the last
            # trick is finished, its marking (table_marking=players) included
            assert tuple(state.carried_later) == tuple(carried)
            assert len(state.tricks) < rules.n_tricks or state.phase == MARK
            carried = (0,) * len(table)
        announced = list(carried)
        for seat, _, _, _, points, _ in state.announcements:
            announced[rules.team_of[seat]] += points
        assert state.announced_points == announced

    @invariant()
    def someone_can_act_until_the_end(self) -> None:
        state = self.state
        legal = state.legal_actions()
        if state.is_over:
            assert legal == [] and state.to_act == -1 and state.phase == DONE
            assert (state.outcome is not None) == (state.context is not None)
        else:
            assert legal, "the player to act has no legal action"
            assert len(set(legal)) == len(legal)
            assert 0 <= state.to_act < self.deal_rules.n_players
            for a in legal:
                assert parse_action(self.deal_rules, action_text(self.deal_rules, a)) == a
            if state.phase == PLAY:
                assert set(self.deal_rules.mask_to_list(state.legal_play_mask())) <= set(legal)

    @invariant()
    def copies_agree(self) -> None:
        mine = observe(self.state)
        assert observe(self.twin) == mine, "the copy differs from the state"
        assert observe(self.restored) == mine, "the replayed state differs from the state"
        if self.state.is_over:
            assert observe(HommeDeal.replay(self.state.record())) == mine, "the finished deal replays differently"

    # -- keeping a failure ---------------------------------------------------

    def regression(self, failure: str) -> dict[str, Any]:
        """This machine's deal and steps as a scenario (conformance/README.md)."""
        rules, state = self.deal_rules, self.state
        setup: dict[str, Any] = {"dealer": rules.n_players - 1, **deal_texts(rules, state.deal)}
        if state.context is not None:
            setup["game"] = {"scores": list(state.context.scores)}
            if state.context.carried:
                setup["game"]["carried"] = list(state.context.carried)
        steps: list[dict[str, Any]] = []
        for kind, text, code in self.log:
            if kind == "do":
                if steps and "do" in steps[-1]:
                    steps[-1]["do"].append(text)
                else:
                    steps.append({"do": [text]})
            else:
                steps.append({"reject": text, **({"code": code} if code else {})})
        table = Table(rules, setup)
        expect: dict[str, Any] | None = None
        try:
            for _, text, _ in self.log:
                table.act(text)
            names = ["to_act", "legal", "trick", "tricks", "over", "announcements", "table", "result"]
            expect = {name: table.observe(name) for name in names + (["outcome"] if state.context else [])}
        except Exception as exc:  # the engine crashed on the way: the steps alone show it
            failure += f" (replay: {exc.__class__.__name__})"
        if expect is not None:
            steps.append({"expect": expect, "note": "observed when the failure was kept: correct it to the rules"})
        if not steps:
            steps.append({"expect": {"over": False}})
        prefix = PREFIX[self.ruleset]
        clauses = ["hdb.deck.cards", "hdb.deck.points", f"{prefix}.play.follow"]
        if table.state.announcements:
            clauses.append(f"{prefix}.marriage.announce-score")
        if table.state.table:
            clauses.append(f"{prefix}.marriage.table")
        if state.context is not None:
            clauses.append(f"{prefix}.game.target")
        body = {"ruleset": self.ruleset, "params": self.params, "setup": setup, "steps": steps}
        digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:10]
        line = " ".join(failure.split())[:200] or "a failure"
        return {"id": f"{prefix}.regression.{digest}",
                "description": f"shrunk failure kept by tests/test_stateful.py: {line}",
                "clauses": clauses, **body}


class _NoAliasDumper(yaml.SafeDumper):
    """Scenario files are read with aliases refused: write every value out."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write_regression(scenario: dict[str, Any], root: Path = SCENARIO_DIR) -> Path:
    """Write a scenario (DealMachine.regression) to <root>/<ruleset>/regressions/<digest>.yaml."""
    folder: Path = root / str(scenario["ruleset"]) / "regressions"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (str(scenario["id"]).rsplit(".", 1)[1] + ".yaml")
    header = "# A shrunk failure of tests/test_stateful.py (BROU_KEEP_REGRESSIONS=1): check the expectations by hand.\n"
    body = yaml.dump({"format": FORMAT, "scenarios": [scenario]}, Dumper=_NoAliasDumper, sort_keys=False,
                     default_flow_style=None, width=120, allow_unicode=True)
    path.write_text(header + body, encoding="utf-8")
    return path


def run_machine(machine: type[DealMachine], how: settings = SETTINGS, root: Path = SCENARIO_DIR) -> None:
    """Run a machine; with BROU_KEEP_REGRESSIONS=1, a failure's shrunk example is written to the corpus."""
    machine.last = None
    try:
        run_state_machine_as_test(machine, settings=how)
    except BaseException as exc:
        last = machine.last
        if KEEP and last is not None and hasattr(last, "state"):
            failure = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            path = write_regression(last.regression(failure), root)
            exc.add_note(f"the shrunk example is kept as a regression scenario: {path}")
        raise


def make_machine(ruleset: str, fixed: dict[str, Any] | None = None) -> type[DealMachine]:
    """A machine for a ruleset; `fixed`: parameters set in every example, the others drawn."""
    fixed = fixed or {}
    params = st.fixed_dictionaries({name: st.just(value) for name, value in fixed.items()},
                                   optional={name: st.sampled_from(opts) for name, opts in OPTIONS[ruleset].items()
                                             if name not in fixed})

    class Machine(DealMachine):
        @initialize(params=params, seed=st.integers(0, MAX_SEED), context=context_strategy(ruleset),
                    mode=st.sampled_from(["random", "random", "random", "steered", "stacked", "stacked-bound"]))
        def start(self, params: dict[str, Any], seed: int, context: GameContext | None, mode: str) -> None:
            self.setup(params, seed, context, mode)

    Machine.ruleset = ruleset
    suffix = "".join(f"_{k}_{v}" for k, v in fixed.items())
    Machine.__name__ = Machine.__qualname__ = f"DealMachine_{PREFIX[ruleset]}{suffix}"
    return Machine


MACHINES = {name: make_machine(name) for name in RULESETS}

# what the examples must reach, so that the checks above meet claims, declarations, sweeps and
# concessions (a failure here: adjust the strategies, not the engine); SEEN holds all they reached
_REACHED = {"context", "no-context", "mode:stacked", "every-trick-to-one-team", "action:claim", "action:declare",
            "outcome:claim-right", "outcome:claim-wrong", "code:wrong-seat", "code:malformed-action", "code:unknown-card",
            "code:not-in-hand", "code:must-follow-suit", "code:not-in-a-game", "code:deal-over"}
REACHED = {"brouc": _REACHED, "homme-de-brou-1802": _REACHED | {"phase:concede", "phase:respond"}}


@pytest.mark.clause("hdb.deck.cards", "hdb.deck.points", "hdb.marriage.announce-score", "brouc.marriage.announce-score",
                    "hdb.marriage.table", "brouc.marriage.table")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_deal_machine(ruleset: str) -> None:
    seen = SEEN[ruleset]
    seen.clear()
    run_machine(MACHINES[ruleset])
    # every option of every parameter is played: those the draws missed get a few examples of their own
    for name, options in OPTIONS[ruleset].items():
        for option in options:
            if option_key(name, option) not in seen:
                run_machine(make_machine(ruleset, {name: option}), FEW)
    missing = [option_key(n, o) for n, opts in OPTIONS[ruleset].items() for o in opts if option_key(n, o) not in seen]
    assert not missing, f"parameter options never played: {missing}"
    # and the machines reach what they are built for (a failure here: adjust the strategies, not the engine)
    unreached = sorted(REACHED[ruleset] - seen)
    assert not unreached, f"the machines no longer reach {unreached}"


def test_regression_writer(tmp_path: Path) -> None:
    """The helper writes a scenario that the corpus loader accepts and the reference engine passes."""
    for ruleset in RULESETS:
        machine = MACHINES[ruleset]()
        machine.setup({"card_reuse": True}, 7, GameContext((250, 280)))
        machine.reject_text("announce XYZ")
        while not machine.state.is_over and len(machine.log) < 20:
            legal = machine.state.legal_actions()
            if machine.state.phase == PLAY:
                machine.reject_id(machine.deal_rules.pass_action + ACCEPT_ACTION)
            machine.accept(legal[0], "text")
            machine.copies_agree()
        path = write_regression(machine.regression("an example\non two lines"), tmp_path)
        assert path.parent == tmp_path / ruleset / "regressions"
        [scenario] = load_file(path)
        check_references([scenario])
        assert isinstance(scenario, Scenario) and scenario.id.startswith(PREFIX[ruleset] + ".regression.")
        assert any("reject" in step for step in scenario.data["steps"])
        verdict = judge(scenario, Reference().run(scenario.request))
        assert verdict.status == PASSED, verdict

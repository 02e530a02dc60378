"""Boundary scenarios: positions just inside and just outside the edge of a clause's condition.

For every clause whose condition has an edge (EDGES lists them, with the edge each has), this
module writes scenarios in pairs, one on each side, with the clause as their purpose and
`origin: boundary` (files `conformance/scenarios/<ruleset>/boundary/*.jsonl`, written by
`tools/generate-corpus`; `brou check --origin boundary` selects them).  Every expectation is
what the reference engine (`brou.conformance.protocol.table.Table`) gives; nothing is written by hand.

How the positions are found:

- following (brouc.play.*, hdb.play.follow, hdb.play.void-free): z3.  The position of the
  player to act is the `Position` of brou.prove and his legal cards are the encodings
  `brouc_f` / `whist_f` that `brou prove` cross-checks against the engine; each card's place
  (a hand, the trick, an earlier trick) is a z3 variable.  The constraints say which side of
  the edge the position is on (a probe card refused inside, the same kind of card accepted
  outside, or the other way round for an exception), that the cards already in the trick were
  legal for whoever played them (the same encodings), and that the earlier tricks can be
  played as whole tricks of one suit (each suit's earlier cards a multiple of four, the leader
  of the position reachable).  The model is made canonical: the least place of each card in
  turn (push, check, pop), so z3's own choices do not show.  The deal is then completed (the
  earlier tricks laid out, the turn-up the dealer's first trump) and replayed by the engine;
  a completion the engine does not confirm is blocked and z3 asked again.
- counts (301 and 300, 190, "19", "14", 150, 0): the deal is GRAND_DEAL of brou.prove (or a
  seeded deal for counts that need odd card points), and z3 solves the scores before the
  deal (in tens) so that the count lands exactly on each side of the edge.
- rounding at 4 and 5, table marriages, announced marriages: a seeded search (z3 cannot
  help with where the cards fall in random play): the first seeded deal, random legal play
  from a fixed seed, whose play shows the edge's side; the search is deterministic.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import z3  # type: ignore[import-untyped]

from ...prove import FOLLOWING_F, Position, Z3Logic, marriage_cards_f, well_formed
from ...spec.rules import Rules, cards_of
from ..protocol.server import Reference
from ..protocol.table import Table
from ..scenarios.corpus import SCENARIO_DIR

HDB = "homme-de-brou-1802"
BROUC = "brouc"
PREFIX = {HDB: "hdb", BROUC: "brouc"}

# every edge-bearing clause, with the edges its boundary scenarios cover
EDGES: dict[str, tuple[str, ...]] = {
    "brouc.play.follow": ("holds the suit led or not",),
    "brouc.play.overtrump": ("a trump above the best in the trick held or not (ruff)",
                             "a trump in the trick or not"),
    "brouc.play.trump-led-lower": ("trump led: every trump held lower than the best or not",),
    "brouc.play.only-trumps": ("ruffed plain lead: nothing but lower trumps held, or another card too",),
    "brouc.play.no-undertrump": ("ruffed plain lead, lower trumps and other cards: undertrump_when_void false or true",),
    "brouc.play.marriage-exception": ("a trump honour below the best that makes a trump marriage or not",
                                      "a voluntary ruffer: marriage_exception must-trump-only or any-trump-play"),
    "hdb.play.follow": ("holds the suit led or not",),
    "hdb.play.void-free": ("a void player's lower trump on a ruff: following whist or brouc",),
    "hdb.game.target": ("an exact count of 301 or 300 at the end of a deal",),
    "brouc.game.target": ("dehors at a count of 301 or 300",),
    "hdb.game.value": ("the losers' count at 149 or 150", "the losers' count at -1 or 0"),
    "brouc.game.coches": ("the losers written at 140 or 150",),
    "hdb.game.partie-et-vole": ("written at 190 or 180, with partie_et_vole_190 a precondition",),
    "hdb.game.partie-et-vole-success": ("written at 190 or 180: the sweep reaches 301 or not",),
    "brouc.game.cape-et-dehors": ('written at "19" or "18"',),
    "brouc.game.cape-pas-dedouble": ('the others written at "14" or "15"',),
    "hdb.count.rounding": ("card points ending in 4 or 5",),
    "brouc.count.rounding": ("card points ending in 4 or 5",),
    "hdb.marriage.table": ("king and queen in one trick or in two",),
    "brouc.marriage.table": ("king and queen in one trick or in two",),
    "hdb.marriage.announce-in-hand": ("both cards held or one played",),
    "hdb.marriage.announce-window": ("in the window after a won trick or on the player's turn",),
    "brouc.marriage.announce-window": ("the team has a trick or not",),
    "hdb.marriage.announce-score": ("grand (jack held) or simple",),
    "brouc.marriage.announce-score": ("grand (jack held) or simple",),
}


# =====================================================================================
# Following: z3 positions
# =====================================================================================

Constraint = Callable[["Where"], Any]


@dataclass(frozen=True)
class PlayEdge:
    """One side of a following edge: where the player to act stands and what must hold there.

    `hand_size` is the cards the player holds (8: the first trick), `before` the cards
    already in the trick, `leader` the seat that led it; `condition` the z3 constraint on the
    position and on the probe card (refused or accepted); `params` the parameter overrides."""

    clause: str
    ruleset: str
    side: str  # "inside" or "outside"
    number: int
    hand_size: int
    before: int
    leader: int
    condition: Constraint
    text: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"bnd.{PREFIX[self.ruleset]}.{self.clause.split('.', 1)[1]}.{self.side}-{self.number}"


class Where:
    """The z3 encoding of a deal at the moment the player to act plays to a trick.

    `at[c][l]` says card c lies at place l: 0 to 3 the hand of that seat now, 4 + j the j-th
    card of the trick, EARLIER (4 + before) an earlier trick; `suit[s]` that s is trump;
    `probe[c]` that c is the probe card.  `pos` is the player's Position (brou.prove) and
    `legal` his legal cards by the ruleset's encoding (brouc_f or whist_f)."""

    def __init__(self, rules: Rules, edge: PlayEdge) -> None:
        n, n_suits = rules.n_indices, len(rules.suits)
        self.rules, self.edge = rules, edge
        self.earlier = 4 + edge.before
        self.actor = (edge.leader + edge.before) % rules.n_players
        self.at = [[z3.Bool(f"at_{rules.card_text(c)}_{place}") for place in range(self.earlier + 1)] for c in range(n)]
        self.trump_is = [z3.Bool(f"trump_{rules.suits[s]}") for s in range(n_suits)]
        self.probe = [z3.Bool(f"probe_{rules.card_text(c)}") for c in range(n)]
        self.cons: list[Any] = [z3.PbEq([(x, 1) for x in row], 1) for row in self.at]
        self.cons += [z3.PbEq([(x, 1) for x in self.trump_is], 1), z3.PbEq([(x, 1) for x in self.probe], 1)]
        led = [z3.Or([self.at[c][4] for c in range(n) if rules.suit_of[c] == s]) for s in range(n_suits)]
        self.pos = self._position(self.actor, edge.before, led, "actor")
        self.legal = self._legal(self.pos)
        self.cons += [well_formed(rules, self.pos), *[z3.Implies(self.probe[c], self.pos.hand[c]) for c in range(n)]]
        self._deal_shape()

    def variables(self) -> list[list[Any]]:
        """The one-hot groups whose choice makes the position: the trump, each card's place, the probe."""
        return [self.trump_is, *self.at, self.probe]

    def _position(self, seat: int, before: int, led: list[Any], name: str) -> Position[Any]:
        rules = self.rules
        n = rules.n_indices
        hand = [z3.Or(self.at[c][seat], self.at[c][4 + before]) if seat != self.actor else self.at[c][seat] for c in range(n)]
        trick = [z3.Or([self.at[c][4 + j] for j in range(before)]) for c in range(n)]
        best = [z3.Bool(f"best_{name}_{rules.card_text(c)}") for c in range(n)]
        return Position(hand, trick, best, led, self.trump_is, z3.BoolVal(rules.marriage_exception == "any-trump-play"),
                        z3.BoolVal(rules.undertrump_when_void))

    def _legal(self, p: Position[Any]) -> list[Any]:
        return FOLLOWING_F[self.rules.following](Z3Logic(), self.rules, p)

    def _deal_shape(self) -> None:
        """Sizes of hands and trick, the earlier cards' play (whole tricks of one suit), the
        legality of the cards already in the trick, a trump for the dealer to turn up."""
        rules, edge = self.rules, self.edge
        n, players, earlier = rules.n_indices, rules.n_players, self.earlier
        played = {(edge.leader + j) % players for j in range(edge.before)}
        for place in range(earlier):
            size = 1 if place >= 4 else edge.hand_size - 1 if place in played else edge.hand_size
            self.cons.append(z3.PbEq([(self.at[c][place], 1) for c in range(n)], size))
        suits = range(len(rules.suits))
        in_earlier = [[self.at[c][earlier] for c in range(n) if rules.suit_of[c] == s] for s in suits]
        self.cons += [z3.Or([z3.PbEq([(x, 1) for x in xs], k) for k in range(0, len(xs) + 1, 4)]) for xs in in_earlier]
        # earlier tricks: trumps first, each played from the weakest up (the last player wins it),
        # then plain suits, whose last trick can be won by anyone
        if edge.hand_size == rules.hand_size:
            self.cons.append(z3.BoolVal(edge.leader == rules.first_lead))
        else:
            plain = z3.Or([z3.And(z3.Not(self.trump_is[s]), z3.Or(in_earlier[s])) for s in suits])
            tricks = (rules.first_lead - edge.leader) % players  # trump tricks that bring the lead to the leader
            self.cons.append(z3.Or(plain, *[z3.And(self.trump_is[s], z3.PbEq([(x, 1) for x in in_earlier[s]], 4 * tricks))
                                            for s in suits]))
        dealer = rules.dealer
        dealer_places = [dealer] + [4 + j for j in range(edge.before) if (edge.leader + j) % players == dealer]
        trumps_earlier = z3.Or([z3.And(self.trump_is[s], z3.Or(in_earlier[s])) for s in suits])
        self.cons.append(z3.Or(trumps_earlier, *[z3.And(self.trump_is[rules.suit_of[c]], self.at[c][p])
                                                  for c in range(n) for p in dealer_places]))
        led = self.pos.led
        for j in range(1, edge.before):
            seat = (edge.leader + j) % players
            p = self._position(seat, j, list(led), f"seat{seat}")
            legal = self._legal(p)
            self.cons += [well_formed(rules, p), *[z3.Implies(self.at[c][4 + j], legal[c]) for c in range(n)]]

    # -- what the edge conditions are written with ------------------------------------

    def of(self, pred: Sequence[Any]) -> Any:
        """The probe card has the property `pred` (one z3 term per card)."""
        return z3.Or([z3.And(self.probe[c], pred[c]) for c in range(self.rules.n_indices)])

    def is_trump(self) -> list[Any]:
        return [self.pos.trump[self.rules.suit_of[c]] for c in range(self.rules.n_indices)]

    def of_led(self) -> list[Any]:
        return [self.pos.led[self.rules.suit_of[c]] for c in range(self.rules.n_indices)]

    def trump_led(self) -> Any:
        return z3.Or([z3.And(self.pos.led[s], self.pos.trump[s]) for s in range(len(self.rules.suits))])

    def held(self, pred: Sequence[Any]) -> Any:
        return z3.Or([z3.And(self.pos.hand[c], pred[c]) for c in range(self.rules.n_indices)])

    def ruffed(self) -> Any:
        t = self.is_trump()
        return z3.Or([z3.And(self.pos.trick[c], t[c]) for c in range(self.rules.n_indices)])

    def tops(self) -> list[Any]:
        """Trumps above every trump in the trick."""
        rules, t = self.rules, self.is_trump()
        return [z3.And(t[c], z3.Not(z3.Or([self.pos.trick[d] for d in cards_of(rules.stronger[c])] or [z3.BoolVal(False)])))
                for c in range(rules.n_indices)]

    def honour(self) -> list[Any]:
        return [z3.BoolVal(bool(self.rules.honours_all >> c & 1)) for c in range(self.rules.n_indices)]

    def probe_legal(self) -> Any:
        return self.of(self.legal)

    def not_(self, xs: Sequence[Any]) -> list[Any]:
        return [z3.Not(x) for x in xs]

    def and_(self, *xss: Sequence[Any]) -> list[Any]:
        return [z3.And(*xs) for xs in zip(*xss, strict=True)]


def _solver() -> Any:
    """A finite-domain solver (the constraints are booleans and small counts), seeded."""
    z3.set_param("smt.random_seed", 0)
    solver = z3.SolverFor("QF_FD")
    solver.set("random_seed", 0)
    return solver


def _canonical(solver: Any, groups: Sequence[Sequence[Any]]) -> list[int] | None:
    """The least model, group by group, or None: each one-hot group in turn gets the first
    member that keeps the constraints satisfiable (members before the current model's are
    tried in order), so the answer does not depend on how z3 searches."""
    if solver.check() != z3.sat:
        return None
    model = solver.model()
    chosen: list[int] = []
    for group in groups:
        pick = next(i for i, x in enumerate(group) if z3.is_true(model.eval(x, model_completion=True)))
        for i in range(pick):
            solver.push()
            solver.add(group[i])
            if solver.check() == z3.sat:
                model = solver.model()
                solver.pop()
                pick = i
                break
            solver.pop()
        solver.add(group[pick])
        chosen.append(pick)
    return chosen


def _layout(rules: Rules, edge: PlayEdge, loc: Sequence[int], trump: int) -> tuple[list[int], list[str]]:
    """The deal (each seat's hand) and the actions up to the position: the earlier cards as
    whole tricks of one suit, trumps first from the weakest up, then plain suits, the last
    plain trick won by the position's leader; then the cards already in the trick."""
    n_players = rules.n_players
    earlier = 4 + edge.before
    hands = [0] * n_players
    for c, where in enumerate(loc):
        if where < 4:
            hands[where] |= 1 << c
        elif where < earlier:
            hands[(edge.leader + where - 4) % n_players] |= 1 << c
    groups: list[list[int]] = []
    suits = [trump] + [s for s in range(len(rules.suits)) if s != trump]
    for s in suits:
        cards = sorted((c for c in range(rules.n_indices) if loc[c] == earlier and rules.suit_of[c] == s), reverse=True)
        groups += [cards[i:i + 4] for i in range(0, len(cards), 4)]  # weakest first: a higher index is weaker
    plays: list[str] = []
    leader = rules.first_lead
    for number, group in enumerate(groups):
        is_trump = rules.suit_of[group[0]] == trump
        last = number == len(groups) - 1
        if is_trump:
            order = group  # ascending: each card beats the ones before it
            winner = (leader + 3) % n_players
        else:
            winner = edge.leader if last else leader
            order = list(group)
            top = min(order)  # the strongest card goes to the winner's turn
            order.remove(top)
            order.insert((winner - leader) % n_players, top)
        for i, card in enumerate(order):
            hands[(leader + i) % n_players] |= 1 << card
            plays.append(rules.card_text(card))
        leader = winner
    trick = sorted((c for c in range(rules.n_indices) if 4 <= loc[c] < earlier), key=lambda c: loc[c])
    plays += [rules.card_text(c) for c in trick]
    return hands, plays


def _drive(table: Table, plays: Sequence[str]) -> list[str]:
    """The actions that play `plays` at this table: each card, with a `pass` for every
    announcement window or question on the way."""
    actions: list[str] = []
    for card in plays:
        while table.state.phase != "play":
            actions.append("pass")
            assert table.act("pass")["ok"]
        outcome = table.act(card)
        if not outcome["ok"]:
            raise ValueError(f"{card}: {outcome['code']}")
        actions.append(card)
    while table.state.phase != "play" and not table.state.is_over:
        actions.append("pass")
        assert table.act("pass")["ok"]
    return actions


def play_scenario(reference: Reference, edge: PlayEdge, attempts: int = 20) -> dict[str, Any]:
    """The scenario of one side of a following edge: z3 finds the position, the engine plays it."""
    rules = reference.rules(edge.ruleset, edge.params)
    where = Where(rules, edge)
    solver = _solver()
    solver.add(*where.cons, edge.condition(where))
    groups = where.variables()
    for _ in range(attempts):
        values = _canonical(solver, groups)
        if values is None:
            raise ValueError(f"{edge.id}: no position on this side of the edge")
        trump, loc, probe = values[0], values[1:-1], values[-1]
        found = _scenario_from(rules, edge, trump, loc, probe)
        if found is not None:
            return found
        solver = _solver()
        solver.add(*where.cons, edge.condition(where), z3.Not(z3.And([g[v] for g, v in zip(groups, values, strict=True)])))
    raise ValueError(f"{edge.id}: no position the engine confirms in {attempts} attempts")


def _scenario_from(rules: Rules, edge: PlayEdge, trump: int, loc: Sequence[int], probe: int) -> dict[str, Any] | None:
    hands, plays = _layout(rules, edge, loc, trump)
    turnup = next(c for c in range(rules.n_indices) if hands[rules.dealer] >> c & 1 and rules.suit_of[c] == trump)
    setup = {"dealer": rules.dealer, "hands": [rules.cards_text(h) for h in hands], "turnup": rules.card_text(turnup)}
    try:
        table = Table(rules, setup)
        actions = _drive(table, plays)
    except (ValueError, AssertionError):
        return None
    state = table.state
    if state.to_act != where_actor(edge) or len(state.tricks) != rules.hand_size - edge.hand_size:
        return None
    legal = table.observe("legal")
    name = rules.card_text(probe)
    steps: list[dict[str, Any]] = [{"do": actions}] if actions else []
    steps.append({"expect": {"to_act": where_actor(edge), "trick": table.observe("trick"), "legal": legal}})
    cards = [a for a in legal if len(a) == 2]
    if name in legal:
        steps.append({"do": name})
    else:
        probe_table = Table(rules, setup)
        _drive(probe_table, plays)
        result = probe_table.act(name)
        if result["ok"]:
            return None
        steps.append({"reject": name, "code": result["code"]})
        steps.append({"do": cards[0]})
    table2 = Table(rules, setup)
    _drive(table2, plays)
    table2.act(steps[-1]["do"])
    steps.append({"expect": {"trick": table2.observe("trick")}})
    trick_text = " ".join(table.observe("trick"))
    trick_number = len(state.tricks) + 1
    described = (f"{edge.text}; trick {trick_number}, {rules.suits[trump]} trumps, {trick_text} played, player "
                 f"{where_actor(edge)} holds {' '.join(rules.cards_text(state.hands[state.to_act]))}: {name} is "
                 f"{'accepted' if name in legal else 'refused'}")
    scenario: dict[str, Any] = {
        "id": edge.id, "description": described,
        "clauses": list(dict.fromkeys([edge.clause, *_play_clauses(rules)])), "ruleset": edge.ruleset,
    }
    if edge.params:
        scenario["params"] = dict(edge.params)
    scenario |= {"origin": "boundary", "setup": setup, "steps": steps}
    return scenario


def where_actor(edge: PlayEdge) -> int:
    return (edge.leader + edge.before) % 4


def _play_clauses(rules: Rules) -> list[str]:
    if rules.id == BROUC:
        return ["brouc.play.follow", "hdb.play.trick-winner", "hdb.play.next-lead"]
    return ["hdb.play.follow", "hdb.play.void-free", "hdb.play.trick-winner", "hdb.play.next-lead"]


def _play_edges() -> list[PlayEdge]:
    """Every side of every following edge (the conditions, in the words of the clauses)."""
    edges: list[PlayEdge] = []

    def add(clause: str, ruleset: str, side: str, number: int, shape: tuple[int, int, int], condition: Constraint,
            text: str, params: dict[str, Any] | None = None) -> None:
        edges.append(PlayEdge(clause, ruleset, side, number, *shape, condition, text, params or {}))

    # follow suit: a card of another suit is refused while the suit led is held, accepted once it is not
    def discard(w: Where, held: bool) -> Any:
        off = w.and_(w.not_(w.of_led()), w.not_(w.is_trump()))
        led_held = w.held(w.of_led())
        return z3.And(z3.Not(w.trump_led()), w.of(off), led_held if held else z3.Not(led_held),
                      z3.Not(w.probe_legal()) if held else w.probe_legal())

    for ruleset, clause in ((BROUC, "brouc.play.follow"), (HDB, "hdb.play.follow")):
        add(clause, ruleset, "inside", 1, (8, 1, 0), lambda w: discard(w, True),
            "inside the obligation to follow: the player holds the suit led, so a card of another plain suit is refused")
        add(clause, ruleset, "outside", 1, (8, 1, 0), lambda w: discard(w, False),
            "just outside the obligation to follow: the player holds none of the suit led, so a card of another plain "
            "suit is accepted")

    # overtrump on a ruff: a lower trump refused while a higher one is held; accepted when the trick has no trump
    def lower_trump(w: Where, ruffed: bool, over: bool | None, legal: bool, trump_led: bool = False) -> Any:
        tops = w.tops()
        parts = [w.of(w.is_trump()), z3.Not(w.of(tops)) if ruffed or trump_led else z3.BoolVal(True),
                 w.probe_legal() if legal else z3.Not(w.probe_legal())]
        if trump_led:
            parts.append(w.trump_led())
        else:
            parts += [z3.Not(w.trump_led()), z3.Not(w.held(w.of_led())), w.ruffed() if ruffed else z3.Not(w.ruffed())]
        if over is not None:
            can_over = w.held(tops)
            parts.append(can_over if over else z3.Not(can_over))
        return z3.And(*parts)

    add("brouc.play.overtrump", BROUC, "inside", 1, (8, 2, 0), lambda w: lower_trump(w, True, True, False),
        "inside the overtrump obligation: a plain lead was ruffed and the void player holds a trump above the ruff, "
        "so a lower trump is refused")
    add("brouc.play.overtrump", BROUC, "outside", 1, (8, 2, 0), lambda w: lower_trump(w, False, None, True),
        "just outside the overtrump obligation: the void player's plain lead has not been ruffed, so any trump is accepted")
    add("brouc.play.overtrump", BROUC, "inside", 2, (8, 1, 0), lambda w: lower_trump(w, False, True, False, True),
        "inside the overtrump obligation on a trump lead: the player holds a trump above the one led, so a lower "
        "trump is refused")
    add("brouc.play.trump-led-lower", BROUC, "inside", 1, (8, 1, 0), lambda w: lower_trump(w, False, False, True, True),
        "inside the trump-led-lower exception: trump was led and every trump the player holds is lower, so a "
        "lower trump is accepted")
    add("brouc.play.trump-led-lower", BROUC, "outside", 1, (8, 1, 0), lambda w: lower_trump(w, False, True, False, True),
        "just outside the trump-led-lower exception: trump was led and the player holds one trump above it, so a "
        "lower trump is refused")

    def only_trumps(w: Where, only: bool) -> Any:
        other = w.held(w.not_(w.is_trump()))
        return z3.And(lower_trump(w, True, False, only), z3.Not(other) if only else other)

    add("brouc.play.only-trumps", BROUC, "inside", 1, (3, 2, 0), lambda w: only_trumps(w, True),
        "inside the only-trumps exception: a plain lead was ruffed and the player holds nothing but trumps lower "
        "than the ruff, so a lower trump is accepted")
    add("brouc.play.only-trumps", BROUC, "outside", 1, (3, 2, 0), lambda w: only_trumps(w, False),
        "just outside the only-trumps exception: a plain lead was ruffed and the player holds lower trumps and one "
        "other card, so a lower trump is refused")
    add("brouc.play.no-undertrump", BROUC, "inside", 1, (8, 2, 0), lambda w: only_trumps(w, False),
        "inside the ban on undertrumping: a plain lead was ruffed and the void player holds other cards and only "
        "lower trumps, so a lower trump is refused")
    add("brouc.play.no-undertrump", BROUC, "outside", 1, (8, 2, 0),
        lambda w: z3.And(lower_trump(w, True, False, True), w.held(w.not_(w.is_trump()))),
        "just outside the ban on undertrumping: the same kind of position with undertrump_when_void true, so the "
        "lower trump is accepted", {"undertrump_when_void": True})
    add("brouc.play.no-undertrump", BROUC, "outside", 2, (3, 2, 0), lambda w: only_trumps(w, True),
        "just outside the ban on undertrumping: a plain lead was ruffed and the player holds nothing but lower "
        "trumps, so a lower trump is accepted")

    def honour(w: Where, makes: bool, trump_led: bool) -> Any:
        hon = w.and_(w.is_trump(), w.honour(), w.not_(w.tops()))
        parts = [w.of(hon), w.probe_legal() if makes else z3.Not(w.probe_legal())]
        if trump_led:
            parts += [w.trump_led(), w.held(w.tops())]
        else:
            parts += [z3.Not(w.trump_led()), z3.Not(w.held(w.of_led())), w.ruffed(), w.held(w.not_(w.is_trump())),
                      z3.Not(w.held(w.tops()))]
        return z3.And(*parts)

    add("brouc.play.marriage-exception", BROUC, "inside", 1, (8, 2, 0), lambda w: honour(w, True, True),
        "inside the marriage exception: trump was led, the player holds a higher trump, and a lower trump honour "
        "that makes a trump marriage with the trick is accepted")
    add("brouc.play.marriage-exception", BROUC, "outside", 1, (8, 2, 0), lambda w: honour(w, False, True),
        "just outside the marriage exception: trump was led, the player holds a higher trump, and a lower trump "
        "honour that makes no marriage with the trick is refused")
    add("brouc.play.marriage-exception", BROUC, "inside", 2, (8, 2, 0), lambda w: honour(w, True, False),
        "inside the marriage exception for a voluntary ruffer (marriage_exception any-trump-play): a plain lead was "
        "ruffed and a lower trump honour that makes a trump marriage is accepted",
        {"marriage_exception": "any-trump-play"})
    add("brouc.play.marriage-exception", BROUC, "outside", 2, (8, 2, 0), lambda w: z3.And(
        w.of(w.and_(w.is_trump(), w.honour(), w.not_(w.tops()))), z3.Not(w.probe_legal()), z3.Not(w.trump_led()),
        z3.Not(w.held(w.of_led())), w.ruffed(), w.held(w.not_(w.is_trump())), z3.Not(w.held(w.tops())),
        _makes_marriage(w)),
        "just outside the marriage exception: the same voluntary ruffer under the default must-trump-only, so the "
        "trump honour that would make a marriage is refused")

    add("hdb.play.void-free", HDB, "inside", 1, (8, 2, 0), lambda w: lower_trump(w, True, True, True),
        "inside the Whist freedom of a void player: a plain lead was ruffed and the void player, who holds a higher "
        "trump, may still play a lower one")
    add("hdb.play.void-free", HDB, "outside", 1, (8, 2, 0), lambda w: lower_trump(w, True, True, False),
        "just outside the Whist freedom (following set to brouc): the same kind of position, and the lower trump is "
        "refused", {"following": "brouc"})
    return edges


def _makes_marriage(w: Where) -> Any:
    """The probe card would make or enlarge a trump marriage with the trick (the encoding of
    brouc.play.marriage-exception in brou.prove)."""
    rules = w.rules
    makes = [marriage_cards_f(Z3Logic(), rules, w.pos, c) if rules.honours_all >> c & 1 else z3.BoolVal(False)
             for c in range(rules.n_indices)]
    return w.of(makes)


PLAY_EDGES = _play_edges()


# =====================================================================================
# Counts, rounding, marriages: scores solved by z3, deals found by a seeded search
# =====================================================================================


def solve_score(delta: int, target: int, low: int = -300, high: int = 300) -> int | None:
    """z3: the written score (in tens, from `low` to `high`) that a deal adding `delta` to
    it brings to exactly `target`, or None."""
    s = z3.Int("score_before")
    solver = z3.Solver()
    solver.set("random_seed", 0)
    solver.add(s % 10 == 0, s >= low, s <= high, s + delta == target)
    if solver.check() != z3.sat:
        return None
    value: int = solver.model().eval(s).as_long()
    return value


def least_score_reaching(delta: int, target: int) -> int | None:
    """z3: the least written score in tens, at most 300, that a deal adding `delta` brings to
    `target` or more, or None."""
    s = z3.Int("score_before")
    opt = z3.Optimize()
    opt.add(s % 10 == 0, s <= 300, s >= -300, s + delta >= target)
    opt.minimize(s)
    if opt.check() != z3.sat:
        return None
    value: int = opt.model().eval(s).as_long()
    return value


def _in_game(rules: Rules, setup: dict[str, Any], actions: Sequence[str]) -> list[str]:
    """The cards of `actions` played inside the game of `setup`: every window and question passed."""
    return _drive(Table(rules, setup), [a for a in actions if a != "pass"])


def least_declaring_score(rules: Rules) -> int:
    """z3: the least written score (in tens) from which a team taking every trick (120 card
    points) with no marriage reaches the game's target (301, or more than 300)."""
    s = z3.Int("score_before")
    opt = z3.Optimize()
    opt.add(s % 10 == 0, s + 120 >= int(rules.data["game"]["target"]) if "target" in rules.data["game"] else s + 120 > 300)
    opt.minimize(s)
    assert opt.check() == z3.sat
    value: int = opt.model().eval(s).as_long()
    return value


def random_deal(rules: Rules, seed: int, announce: bool = False) -> Iterator[tuple[Table, list[str]]]:
    """Seeded random legal play of the deal of `seed` (dealer 3): yields the table and the
    actions so far before each action (the table must not be changed by the caller)."""
    rng = random.Random(seed)
    table = Table(rules, {"seed": seed, "dealer": rules.dealer})
    actions: list[str] = []
    while not table.state.is_over:
        yield table, actions
        legal = table.observe("legal")
        cards = [a for a in legal if len(a) == 2]
        if table.state.phase != "play":
            extra = [a for a in legal if a.startswith("announce")] if announce else []
            choice = extra[0] if extra and rng.random() < 0.5 else "pass"
        else:
            choice = rng.choice(cards)
        assert table.act(choice)["ok"]
        actions.append(choice)
    yield table, actions


def _setup(rules: Rules, seed: int) -> dict[str, Any]:
    table = Table(rules, {"seed": seed, "dealer": rules.dealer})
    deal = table.observe("deal")
    return {"dealer": rules.dealer, "hands": deal["hands"], "turnup": deal["turnup"]}


def _replay(rules: Rules, setup: dict[str, Any], actions: Sequence[str]) -> Table:
    table = Table(rules, setup)
    for action in actions:
        result = table.act(action)
        if not result["ok"]:
            raise ValueError(f"{action}: {result['code']}")
    return table


def _end(table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"over": table.observe("over"), "tricks": table.observe("tricks"), "table": table.observe("table"),
                           "announcements": table.observe("announcements"), "result": table.observe("result")}
    if table.state.context is not None:
        out["outcome"] = table.observe("outcome")
    return out


def _scenario(sid: str, ruleset: str, clauses: Sequence[str], text: str, setup: dict[str, Any],
              steps: list[dict[str, Any]], params: dict[str, Any] | None = None) -> dict[str, Any]:
    scenario: dict[str, Any] = {"id": sid, "description": text, "clauses": list(dict.fromkeys(clauses)), "ruleset": ruleset}
    if params:
        scenario["params"] = dict(params)
    return scenario | {"origin": "boundary", "setup": setup, "steps": steps}


def _played_steps(rules: Rules, setup: dict[str, Any], actions: Sequence[str], at: int | None = None,
                  probe: tuple[str, str | None] | None = None, expect_at: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Steps that play `actions`; at index `at`, what is expected there and the probe action
    (refused with its code, or accepted: code None); then the end of the deal."""
    table = Table(rules, setup)
    steps: list[dict[str, Any]] = []
    cut = len(actions) if at is None else at
    if cut:
        steps.append({"do": list(actions[:cut])})
        for action in actions[:cut]:
            table.act(action)
    if at is not None:
        if expect_at:
            steps.append({"expect": {name: table.observe(name) for name in expect_at}})
        if probe is not None:
            action, code = probe
            if code is None:
                assert table.act(action)["ok"]
                steps.append({"do": action})
            else:
                result = table.act(action)
                assert not result["ok"] and result["code"] == code, (action, result)
                steps.append({"reject": action, "code": code})
        rest = list(actions[cut:])
        if rest:
            for action in rest:
                assert table.act(action)["ok"], action
            steps.append({"do": rest})
    steps.append({"expect": _end(table)})
    return steps


def _search(rules: Rules, start: int, accept: Callable[[Table, list[str]], Any], announce: bool = False,
            limit: int = 5000) -> tuple[int, list[str], Any]:
    """The first seed from `start` (and its actions up to the moment) where `accept` gives
    something other than None: a seeded search, deterministic."""
    for seed in range(start, start + limit):
        for table, actions in random_deal(rules, seed, announce):
            found = accept(table, actions)
            if found is not None:
                return seed, list(actions), found
    raise ValueError(f"no deal among seeds {start} to {start + limit} shows the edge")


def _team_delta(table: Table, team: int) -> int:
    """What the deal so far adds to a team's count: card points and marriages (exact)."""
    result = table.observe("result")[team]
    return int(result["card_points"]) + int(result["marriages"])


def count_scenarios(reference: Reference) -> Iterator[dict[str, Any]]:
    """Counts at 301/300 (and Brouc's more than 300), 190 ("19"), "14", 150 and 0."""
    hdb, brouc = reference.rules(HDB, {}), reference.rules(BROUC, {})

    # 1802, hdb.game.target: a deal played out; team 0's exact count 301 wins, 300 does not
    for side, end in (("inside", 1), ("outside", 0)):
        def ends(table: Table, actions: list[str], end: int = end) -> Any:
            if not table.state.is_over or table.state.result().all_tricks is not None:
                return None
            delta = _team_delta(table, 0)
            return delta if delta % 10 == end and 60 <= delta <= 120 else None

        seed, actions, delta = _search(hdb, 1, ends)
        s0 = solve_score(delta, 300 + end)
        assert s0 is not None
        setup = _setup(hdb, seed) | {"game": {"scores": [s0, 100]}}
        actions = _in_game(hdb, setup, actions)
        table = _replay(hdb, setup, actions)
        assert table.observe("outcome")["winner"] == (0 if end else None)
        yield _scenario(f"bnd.hdb.game.target.{side}-1", HDB, ["hdb.game.target", "hdb.game.last-coup"],
                        f"{side} the target: from {s0}, team 0 takes {delta} points in a deal played out, an exact count of "
                        f"{300 + end}, which {'wins the game' if end else 'falls one short of 301: the game goes on'}",
                        setup, _played_steps(hdb, setup, actions))

    # Brouc, brouc.game.target: dehors at a count of 301 is right, at 300 wrong
    for side, end in (("inside", 1), ("outside", 0)):
        def claimable(table: Table, actions: list[str], end: int = end) -> Any:
            state = table.state
            if state.phase != "play" or state.is_over or state.to_act not in (0, 2) or not state.tricks:
                return None
            delta = _team_delta(table, 0)
            return delta if delta % 10 == end and delta >= 30 else None

        seed, actions, delta = _search(brouc, 1, claimable)
        s0 = solve_score(delta, 300 + end)
        assert s0 is not None
        setup = _setup(brouc, seed) | {"game": {"scores": [s0, 100]}}
        actions = _in_game(brouc, setup, actions)
        yield _scenario(f"bnd.brouc.game.target.{side}-1", BROUC,
                        ["brouc.game.target", "brouc.game.dehors", "brouc.game.coches" if end else "brouc.game.dehors-wrong"],
                        f"{side} the target: from {s0}, team 0 has taken {delta} points when it declares dehors, a count of "
                        f"{300 + end}, {'more than 300: it wins' if end else 'not more than 300: the dehors is wrong'}",
                        setup, _played_steps(brouc, setup, actions, len(actions), ("claim", None), ("legal",)))
        if end:
            # brouc.game.coches: the loser written under 150 marks two coches, at 150 one
            for side2, other in (("inside", 140), ("outside", 150)):
                setup2 = _setup(brouc, seed) | {"game": {"scores": [s0, other]}}
                yield _scenario(f"bnd.brouc.game.coches.{side2}-1", BROUC, ["brouc.game.coches", "brouc.game.dehors"],
                                f"{side2} the two-coche game: team 0 declares dehors rightly at 301 and the losers were written "
                                f"at {other}, {'under' if other < 150 else 'not under'} 150",
                                setup2, _played_steps(brouc, setup2, actions, len(actions), ("claim", None)))

    # 1802, hdb.game.value: the losers' exact count at 149 / 150 (two parties or one), -1 / 0 (four or two)
    for side, end in (("inside", 9), ("outside", 0)):
        def loses(table: Table, actions: list[str], end: int = end) -> Any:
            if not table.state.is_over or table.state.result().all_tricks is not None:
                return None
            d0, d1 = _team_delta(table, 0), _team_delta(table, 1)
            return (d0, d1) if d1 % 10 == end and d0 >= 50 else None

        seed, actions, (d0, d1) = _search(hdb, 1, loses)
        s0 = least_score_reaching(d0, 301)
        assert s0 is not None
        for edge, count in ((150, 149 if end else 150), (0, -1 if end else 0)):
            s1 = solve_score(d1, count)
            assert s1 is not None
            setup = _setup(hdb, seed) | {"game": {"scores": [s0, s1]}}
            played = _in_game(hdb, setup, actions)
            table = _replay(hdb, setup, played)
            outcome = table.observe("outcome")
            assert outcome["winner"] == 0, outcome
            yield _scenario(f"bnd.hdb.game.value.{side}-{1 if edge == 150 else 2}", HDB, ["hdb.game.value", "hdb.game.last-coup"],
                            f"{side} the edge at {edge} of a game's value: team 0 reaches 301 and the losers' exact count is "
                            f"{count}, so the winners mark {outcome['marks'][0]}",
                            setup, _played_steps(hdb, setup, played))

    # declarations from 190 (1802 partie et vole; Brouc's "19") and Brouc's "14"
    from ...prove import GRAND_DEAL, PLAIN_PLAY

    grand = {"dealer": 3, "hands": [h.split() for h in GRAND_DEAL], "turnup": "JS"}
    least = least_declaring_score(hdb)
    for name, params in (("partie-et-vole", {"partie_et_vole_190": "precondition"}), ("partie-et-vole-success", {})):
        rules = reference.rules(HDB, params)
        for side, score in (("inside", least), ("outside", least - 10)):
            setup = grand | {"game": {"scores": [score, 0]}}
            table = Table(rules, setup)
            plays = _drive(table, PLAIN_PLAY[:4])
            allowed = "declare" in table.observe("legal")
            probe: tuple[str, str | None] = ("declare", None if allowed else "declaration-not-allowed")
            rest = _drive_after(rules, setup, plays, probe, PLAIN_PLAY[4:])
            yield _scenario(f"bnd.hdb.game.{name}.{side}-1", HDB, [f"hdb.game.{name}", "hdb.game.partie-et-vole"],
                            f"{side} the 190 of partie et vole ({'as a precondition' if params else 'the default reading'}): "
                            f"team 0, written at {score}, has the first trick and "
                            + ("declares; taking every trick it reaches " + str(score + 120)
                               if allowed else "may not declare below 190"),
                            setup, _played_steps(rules, setup, [*plays, *rest], len(plays), probe, ("legal",)), params)
    least_b = least_declaring_score(brouc)
    most = int(brouc.data["game"]["declaration"]["double"]["max_other_score"])
    for clause, scores, word in (("brouc.game.cape-et-dehors", ((least_b, 0), (least_b - 10, 0)), "declare"),
                                 ("brouc.game.cape-pas-dedouble", ((least_b, most), (least_b, most + 10)), "declare-double")):
        for side, pair in zip(("inside", "outside"), scores, strict=True):
            setup = grand | {"game": {"scores": list(pair)}}
            table = Table(brouc, setup)
            allowed = word in table.observe("legal")
            probe = (word, None if allowed else "declaration-not-allowed")
            rest = _drive_after(brouc, setup, [], probe, PLAIN_PLAY)
            line = f'"19" ({least_b}) for the declarers' if word == "declare" else f'"14" ({most}) for the others'
            yield _scenario(f"bnd.{clause}.{side}-1", BROUC, [clause, "brouc.game.cape-et-dehors"],
                            f"{side} the edge at {line}: written at {pair[0]} and {pair[1]}, team 0 "
                            + ("declares before the first card and takes every trick" if allowed else "may not declare"),
                            setup, _played_steps(brouc, setup, rest, 0, probe, ("legal",)))


def _drive_after(rules: Rules, setup: dict[str, Any], before: Sequence[str], probe: tuple[str, str | None],
                 plays: Sequence[str]) -> list[str]:
    """The actions after the probe that play `plays` (windows and questions passed)."""
    table = _replay(rules, setup, before)
    action, code = probe
    if code is None:
        table.act(action)
    return _drive(table, plays)


def rounding_scenarios(reference: Reference) -> Iterator[dict[str, Any]]:
    """Rounding at 4 and 5: the first seeded deals whose team 0 card points are 10k+4 and
    10k+5 for one k (seeded search)."""
    for ruleset, clause in ((HDB, "hdb.count.rounding"), (BROUC, "brouc.count.rounding")):
        rules = reference.rules(ruleset, {})
        seen: dict[int, dict[int, tuple[int, list[str]]]] = {4: {}, 5: {}}
        for seed in range(1, 5000):
            *_, (table, actions) = random_deal(rules, seed)
            points = int(table.observe("result")[0]["card_points"])
            if points % 10 in seen and points // 10 not in seen[points % 10]:
                seen[points % 10][points // 10] = (seed, list(actions))
                if points // 10 in seen[4] and points // 10 in seen[5]:
                    tens = points // 10
                    break
        else:
            raise ValueError("no pair of deals ending in 4 and 5")
        for side, unit in (("inside", 4), ("outside", 5)):
            seed, actions = seen[unit][tens]
            setup = _setup(rules, seed)
            table = _replay(rules, setup, actions)
            result = table.observe("result")[0]
            yield _scenario(f"bnd.{PREFIX[ruleset]}.count.rounding.{side}-1", ruleset, [clause, "hdb.count.card-points"],
                            f"{'inside' if unit == 4 else 'just past'} the rounding down: team 0 takes {result['card_points']} "
                            f"card points, marked {result['rounded']}",
                            setup, _played_steps(rules, setup, actions))


def marriage_scenarios(reference: Reference) -> Iterator[dict[str, Any]]:
    """Table marriages (king and queen in one trick, or split across two), and announced
    marriages (held or not, in the window or not, grand or simple): seeded searches."""
    for ruleset in (HDB, BROUC):
        yield from _marriages(reference.rules(ruleset, {}))


def _marriages(rules: Rules) -> Iterator[dict[str, Any]]:
    """The marriage scenarios of one ruleset."""
    ruleset = rules.id
    prefix = PREFIX[ruleset]
    clause = f"{prefix}.marriage.table"

    def together(table: Table, actions: list[str]) -> Any:
        return True if table.state.is_over and table.state.table else None

    def split(table: Table, actions: list[str]) -> Any:
        state = table.state
        if not state.is_over or state.table:
            return None
        for (_, a, _), (_, b, _) in zip(state.tricks, state.tricks[1:], strict=False):
            for suit in range(len(rules.suits)):
                k, q = rules.card("K" + rules.suits[suit]), rules.card("Q" + rules.suits[suit])
                if (k in a and q in b) or (q in a and k in b):
                    return rules.suits[suit]
        return None

    for side, accept, what in (("inside", together, "a king and queen of one suit fall in one trick: a table marriage"),
                               ("outside", split, "a king and queen of one suit fall in two tricks in a row: no table "
                                                  "marriage")):
        seed, actions, _ = _search(rules, 1, accept)
        setup = _setup(rules, seed)
        yield _scenario(f"bnd.{prefix}.marriage.table.{side}-1", ruleset, [clause], f"{side} the table marriage: {what}",
                        setup, _played_steps(rules, setup, actions))

    # announced marriages: each edge a probe action accepted on one side, refused on the other
    def holds(table: Table, kind: str) -> list[str]:
        """Announcements of marriages of `kind` ("KQ" or "KQJ") the player to act holds whole."""
        state = table.state
        if state.is_over:
            return []
        hand = state.hands[state.to_act]
        out = []
        for suit in rules.suits:
            if hand & rules.mask([r + suit for r in kind]) == rules.mask([r + suit for r in kind]):
                grand = rules.mask([r + suit for r in "KQJ"])
                if kind == "KQJ" or hand & grand != grand:
                    out.append(f"announce {kind}{suit}")
        return out

    def dealt_lost(table: Table, kind: str) -> list[str]:
        state = table.state
        if state.is_over:
            return []
        seat, out = state.to_act, []
        for suit in rules.suits:
            pair = rules.mask(["K" + suit, "Q" + suit])
            if state.deal.hands[seat] & pair == pair and (state.hands[seat] & pair).bit_count() == 1:
                out.append(f"announce KQ{suit}")
        return out

    window = f"{prefix}.marriage.announce-window"
    score = f"{prefix}.marriage.announce-score"
    no_window = "announce-not-now" if ruleset == HDB else "announce-needs-trick"
    cases: list[tuple[str, str, Callable[[Table, str], list[str]], str, str | None, str]] = [
        ("hdb.marriage.announce-in-hand", "inside", holds, "KQ", None,
         "inside the rule that an announced marriage is held: the player holds its king and queen and announces it"),
        ("hdb.marriage.announce-in-hand", "outside", dealt_lost, "KQ", "marriage-not-held",
         "just outside the rule that an announced marriage is held: the player was dealt its king and queen but has "
         "played one of them, so announcing it is refused"),
        (window, "inside", holds, "KQ", None,
         "inside the announcement window: the player holds a marriage at a moment he may announce it"),
        (window, "outside", holds, "KQ", no_window,
         "just outside the announcement window: the player holds a marriage, but "
         + ("it is his turn to play, not the window after a trick his team won" if ruleset == HDB
            else "his team has not won a trick yet") + ", so announcing it is refused"),
        (score, "inside", holds, "KQJ", None,
         "the grand side of the marriage's value: the player holds king, queen and jack and announces the grand "
         "marriage"),
        (score, "outside", holds, "KQ", None,
         "the simple side of the marriage's value: the player holds king and queen without the jack and announces "
         "the simple marriage"),
    ]
    for case_clause, side, find, kind, code, text in cases:
        def accept(table: Table, actions: list[str], find: Any = find, kind: str = kind, code: str | None = code) -> Any:
            for action in find(table, kind):
                result = _replay(rules, table_setup(table), actions).act(action)
                if (code is None and result["ok"]) or (code is not None and result.get("code") == code):
                    return action
            return None

        seed, actions, action = _search(rules, 1, accept)
        setup = _setup(rules, seed)
        rest = _rest(rules, setup, actions, action, code, 1)
        steps = _played_steps(rules, setup, [*actions, *rest], len(actions), (action, code), ("legal",))
        number = "1"
        yield _scenario(f"bnd.{prefix}.marriage.{case_clause.rsplit('.', 1)[1]}.{side}-{number}", ruleset,
                        [case_clause, window if case_clause != window else "hdb.marriage.announce-in-hand"],
                        f"{text} ({action[9:]})", setup, steps)


def table_setup(table: Table) -> dict[str, Any]:
    """The setup (explicit hands) of a table's deal."""
    rules = table.rules
    return {"dealer": table.dealer, "hands": [rules.cards_text(table.state.deal.hands[table.player(s)]) for s in range(4)],
            "turnup": rules.card_text(table.state.deal.turnup)}


def _rest(rules: Rules, setup: dict[str, Any], actions: Sequence[str], probe: str, code: str | None,
          seed: int) -> list[str]:
    """After the probe: the deal played to its end by random legal cards (windows passed)."""
    table = _replay(rules, setup, actions)
    if code is None:
        assert table.act(probe)["ok"]
    rng = random.Random(seed)
    out: list[str] = []
    while not table.state.is_over:
        cards = [a for a in table.observe("legal") if len(a) == 2]
        choice = "pass" if table.state.phase != "play" else rng.choice(cards)
        assert table.act(choice)["ok"]
        out.append(choice)
    return out


# =====================================================================================
# Writing
# =====================================================================================


def scenarios(ruleset: str) -> Iterator[dict[str, Any]]:
    """The boundary scenarios of one ruleset, in a fixed order."""
    reference = Reference()
    for edge in PLAY_EDGES:
        if edge.ruleset == ruleset:
            yield play_scenario(reference, edge)
    for produce in (count_scenarios, rounding_scenarios, marriage_scenarios):
        for scenario in produce(reference):
            if scenario["ruleset"] == ruleset:
                yield scenario


def dumps(scenario: dict[str, Any]) -> str:
    return json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))


def write_boundary(root: Path = SCENARIO_DIR) -> dict[Path, int]:
    """Write every boundary file; returns the number of scenarios per file."""
    written: dict[Path, int] = {}
    for ruleset in PREFIX:
        folder = root / ruleset / "boundary"
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.jsonl"):
            old.unlink()
        found = list(scenarios(ruleset))
        path = folder / "boundary.jsonl"
        path.write_text("".join(dumps(s) + "\n" for s in found), encoding="utf-8")
        written[path] = len(found)
    return written


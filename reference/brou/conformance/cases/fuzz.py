"""`brou fuzz`: random deals and action lines, played by an implementation and by the
reference engine and compared at every step; the first divergence is shrunk by hypothesis
and written out as a scenario of the corpus (docs/fuzzing.md).

A case is a string of bytes.  `build` reads every decision of the case from it, one byte
each, in a fixed order (`Choices`; past the end every byte reads 0): first the number of
actions to try, then the ruleset, the parameters, the setting (a deal alone, inside a game,
inside a match), the dealer, the scores, the deal, then one byte per action.  A byte of 0
is always the simplest decision (the spec's default, the deal alone, the first legal
action, no swap in the pack), so bytes that are fewer and smaller make a smaller case, and
the first byte bounds the number of steps.

The search draws the bytes itself from the seed (`search_bytes`), in a process of its own
when many cases are asked for (`_Cases`), so that the engine builds the next cases while the
implementation answers: deals are dealt by the documented shuffle (docs/shuffle.md), scores
lie near every threshold of the game, some deals are lopsided, claims come when they are
right, and about one action in sixteen is illegal.  Each case is a scenario whose
expectations the reference engine gives as it plays: who acts, the legal actions and the
trick after every action, the tricks and the count after every trick, everything at the end.
The harness judges the implementation's answers exactly as `brou check` does
(`judging.verdict.verdict_of`, then `diagnosis.diagnose.with_clause`).  At the first case that does not pass, a case of several deals is
cut to begin at the deal that fails, if that deal alone fails the same way (`_one_deal`: a
`Start`, the match or session as it stood before that deal given as setup, the bytes then read
for the actions alone), a shorter one is looked for (`shorter`), then hypothesis shrinks it
(`shrink`: the bytes are a failing example of its database, not yet shrunk, which
`hypothesis.find` replays and shrinks) while the implementation still fails in the same way;
the smallest case is written as a scenario of one behaviour (`one_behaviour`) whose first
clause is the clause it breaks.

Brusquembille (the rulesets of `generate.PHASE_RULESETS`, on the phase engine) comes after the
partnership games in the ruleset's choice, so that an implementation of 1802 and Brouc alone
sees the cases it always saw.  Its cases read the same bytes in a layout of their own
(`_build_phase`): a byte per parameter (the form first), the dealer, a session near its end,
the deal, then a byte per action (a card, or about one in sixteen refused).  L'Homme d'Auvergne,
the game with a speech, comes last, so that an implementation of the other three alone sees the
cases it saw before; its cases have a third layout (`_build_speech`): a byte per parameter (the
form first), the dealer, a game near its target, the deal (lopsided: kings moved into one
hand), then a byte per action (a word of the speech or a card of play, or about one in sixteen
refused).  L'Hombre, the game with an auction, comes after it, last, so that an implementation
of the other four alone sees the cases it saw before; its cases have a fourth layout
(`_build_hombre`): a byte per parameter (the form first), the dealer, a game at its last coups,
the style of the bidding, the deal of 40 cards (lopsided: the matadors or a long suit moved
into one hand), then a byte per action (a bid, a contract, a trump, a discard, `draw`,
`surrender`, `stop` or a card, or about one in sixteen refused).  Every case is played by the
protocol's table (`brou.conformance.protocol.table.Table`).

Beyond its deal, every layout reads a block of reach bytes just after the action bytes it may
read (`reach_of`, brou.conformance.cases.reach): where the implementation offers the features, the
case goes on to the next deals of its match or session (`deal` steps) and asks one player's
`view`, `speakers` and a small `perft`, each once, at a point the block chooses.  Nothing of the
deal changes with it, so an implementation without those features sees the cases it always saw.
"""

from __future__ import annotations

import contextlib
import json
import random
import shlex
import subprocess
import sys
import time
import unittest
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, ParamSpec

import yaml

from ...cards.deal import Deal, deal_from_pack, deal_from_seed
from ...cards.seating import Seating
from ...cards.shuffle import MAX_SEED, permuted, swaps
from ...engine.hombre import AUCTION as HOMBRE_AUCTION
from ...engine.hombre import DECLARE as HOMBRE_DECLARE
from ...engine.hombre import EXCHANGE as HOMBRE_EXCHANGE
from ...engine.hombre import GIVEN_UP as HOMBRE_GIVEN_UP
from ...engine.hombre import STOPPED as HOMBRE_STOPPED
from ...engine.hombre import HombreDeal
from ...engine.homme import (
    CLAIM_ACTION,
    CONCEDE_ACTION,
    DECLARE_ACTION,
    DECLARE_DOUBLE_ACTION,
    MARK_ACTION,
    HommeDeal,
    action_text,
)
from ...engine.phases import ALL_PASSED, DONE, NOT_TURNED, PLAY, PLAYED, SPEECH, TURN_OFFER, PhaseDeal
from ...engine.phases import action_text as phase_action_text
from ...engine.session import deals_to_play
from ...errors import BrouError, UsageError
from ...laws.auction import DRAW as HOMBRE_DRAW
from ...laws.auction import PASS as HOMBRE_PASS
from ...laws.auction import words as hombre_words
from ...laws.contracts import SPADES as HOMBRE_SPADES
from ...laws.contracts import TURNED as HOMBRE_TURNED
from ...laws.contracts import contract as hombre_contract
from ...laws.contracts import contracts as hombre_contracts
from ...laws.contracts import has_auction
from ...laws.game import count_so_far, game_rules, reaches_target
from ...laws.speech import LEAVE, PASS, SHOW, TURN, WORDS, has_speech, word_action
from ...laws.speech import PLAY as SAY_PLAY
from ...laws.talon import TalonDeal, deal_with_talon, talon_deal_from_seed
from ...spec.rules import Rules, card_order, cards_of
from ..diagnosis.diagnose import with_clause
from ..diagnosis.localise import Suspect, headline, suspects
from ..judging.compare import ERRORED, FAILED, SKIPPED, Verdict, passing_results
from ..judging.verdict import Outcome, Prepared, Session, send_ahead, verdict_of
from ..protocol.runner import Ahead, Implementation, ImplementationError, is_time_limit
from ..protocol.table import Table
from ..scenarios.corpus import FORMAT, Scenario, parameter_default, request_of
from .generate import PHASE_RULESETS, RULESETS, NoAliasDumper, clauses_touched
from .reach import (
    DEALS_AT,
    MORE_DEALS,
    POINTS,
    R_DEALS,
    R_PERFT,
    R_PERFT_AT,
    R_SEED,
    R_SPEAKERS,
    R_SPEAKERS_AT,
    R_VIEW,
    R_VIEW_AT,
    REACH_BYTES,
    Reach,
)

# -- the layout of a case's bytes ----------------------------------------------------------

LIMIT, RULESET, VARIANT, PARAMS, SETTING, DEALER, SCORES, CARRIED, MARKS, LOPSIDED, SEEDED, SEED, STYLE, CLOSE, DIGITS = (
    0, 1, 2, 3, 9, 10, 11, 15, 16, 18, 19, 20, 28, 29, 30)
MAX_DIGITS = 31  # the swaps of a pack of 32 cards (docs/shuffle.md, step 4)
ACTIONS = DIGITS + MAX_DIGITS  # one byte per action from here on
MAX_ATTEMPTS = 160  # actions tried in one case, at most (a deal takes about 40 to 60)
CASE_BYTES = ACTIONS + MAX_ATTEMPTS

ILLEGAL = 16  # action bytes from 256 - ILLEGAL up try an action the rules forbid
VARIANT_AT = 176  # a VARIANT byte from here up sets one to three parameters to other options
LOPSIDED_AT = 176  # a LOPSIDED byte from here up moves strong cards to one team
SEEDED_AT = 224  # a SEEDED byte from here up sends the deal as its seed (feature seeded-deal)
GAME_AT, MATCH_AT = 96, 200  # a SETTING byte: below GAME_AT a deal alone, from MATCH_AT up inside a match
CLOSE_AT = 192  # a CLOSE byte from here up: both teams start the deal just under the target (a close finish)
PATIENT_AT = 128  # a STYLE byte from here up: the players do not hurry to claim when they may (so both teams pass 301)

# scores before the deal (setup.game.scores), around each threshold of the game: the target,
# the declarations' 190 (Brouc's "19") and 140 ("14"), the game values' 100 and 150, zero
SCORE_BASES = {"brouc": (0, 140, 150, 190, 230, 250, 270, 280, 290, 300, 320, -30),
               "homme-de-brou-1802": (0, 100, 150, 190, 230, 250, 270, 280, 290, 300, 290, 50, -30)}
SCORE_STEPS = {"brouc": (0, -10, 10, -20, 20, -30, 30),  # the slate writes tens
               "homme-de-brou-1802": (0, -1, 1, -5, 5, -10, 10, -4, 4, -9, 9)}  # the marque writes points
MAX_SCORE = {"brouc": 400, "homme-de-brou-1802": 300}  # 1802 ends the game at 301

JUNK = ("XS", "1H", "AHS", "announce", "announce KQ", "announce KXH", "bid", "play AS")

PER_TRICK = ("tricks", "result", "table", "announcements")
AT_START = ("to_act", "legal", "trump")
AT_END = ("over", "tricks", "trick", "announcements", "table", "result")


class Choices:
    """The decisions of a case, read from its bytes (0 past the end)."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def at(self, index: int) -> int:
        return self.data[index] if index < len(self.data) else 0

    def below(self, index: int, n: int) -> int:
        return self.at(index) % n if n > 1 else 0


def reach_of(c: Choices) -> bytes:
    """The reach bytes of a case (brou.conformance.cases.reach): the REACH_BYTES just after the action
    bytes it may read, so that a case cut shorter keeps them, and bytes past them read 0."""
    base = ACTIONS + min(c.at(LIMIT), MAX_ATTEMPTS)
    return bytes(c.at(base + i) for i in range(REACH_BYTES))


@dataclass(frozen=True)
class Offer:
    """What an implementation plays, from its handshake: the rulesets, for each the
    parameter values it plays by default (where they differ from the spec's) and the other
    values it supports, and its optional features."""

    rulesets: tuple[str, ...]
    plays: Mapping[str, Mapping[str, Any]]
    options: Mapping[str, tuple[tuple[str, tuple[Any, ...]], ...]]
    features: frozenset[str]

    @classmethod
    def of(cls, hello: Mapping[str, Any], wanted: tuple[str, ...] = ()) -> Offer:
        declared = hello.get("rulesets") or {}
        # the rulesets on the phase engine come after the partnership games, so that an
        # implementation of those alone sees the cases it always saw (the RULESET byte)
        known = tuple(r for r in (*RULESETS, *PHASE_RULESETS) if r in declared)
        if wanted:
            missing = [r for r in wanted if r not in known]
            if missing:
                raise UsageError(f"brou fuzz: the implementation does not play {', '.join(missing)} "
                                 f"(it plays {', '.join(known) or 'no ruleset of the spec'})")
            known = tuple(r for r in known if r in wanted)
        if not known:
            raise UsageError("brou fuzz: the implementation plays no ruleset of the spec")
        plays: dict[str, dict[str, Any]] = {}
        options: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = {}
        for ruleset in known:
            entry = declared[ruleset] or {}
            plays[ruleset] = dict(entry.get("plays") or {})
            spec_params = Rules.load(ruleset).data["parameters"]
            others = []
            for name, values in sorted((entry.get("params") or {}).items()):
                if name not in spec_params or not isinstance(values, list):
                    continue
                played = plays[ruleset].get(name, parameter_default(ruleset, name))
                chosen = tuple(v for v in values if v != played and v in spec_params[name]["options"])
                if chosen:
                    others.append((name, chosen))
            options[ruleset] = tuple(others)
        features = frozenset(f for f in hello.get("features", []) if isinstance(f, str))
        return cls(known, plays, options, features)

    def to_json(self) -> str:
        return json.dumps({"rulesets": list(self.rulesets), "plays": self.plays, "features": sorted(self.features),
                           "options": {r: [[name, list(values)] for name, values in o] for r, o in self.options.items()}})

    @classmethod
    def from_json(cls, text: str) -> Offer:
        data = json.loads(text)
        options = {r: tuple((name, tuple(values)) for name, values in o) for r, o in data["options"].items()}
        return cls(tuple(data["rulesets"]), data["plays"], options, frozenset(data["features"]))


class Summary(NamedTuple):
    """What a case was and how it went, for the run's counts."""

    ruleset: str
    setting: str  # alone, game or match
    variant: bool  # parameters other than the implementation's reading
    seed: int | None  # the shuffle seed its deal is the deal of, if any
    seeded: bool  # the deal sent as its seed
    ending: str  # how the deal ended (an outcome's `how`, `played-out` alone, `cut` if stopped early)
    actions: int
    refused: int
    deals: int = 1  # the deals it played (several: `deal` steps, a match or session going on)
    asked: tuple[str, ...] = ()  # what it asked beyond its deals: view, speakers, perft; deal for each further deal


class Later(NamedTuple):
    """A further deal of a case, as a case could start from it: the index of its `deal` step
    among the case's steps, the actions tried before it, and the setup of a scenario that starts
    at that deal (`_later_setup`)."""

    step: int
    attempts: int
    setup: dict[str, Any]


class Start(NamedTuple):
    """Where a case shrunk across deals begins (`_shrunk`): at deal `deal` (from 0) of the case
    found, a deal of its match or session, with the numbers the match or session had before it
    given as setup (`setup.game` and `setup.match`, or `setup.session`), under the case's ruleset
    and parameters.  Its bytes then choose only the actions, the players' style and what is asked
    beyond the deal; their setup bytes are not read."""

    ruleset: str
    params: dict[str, Any]
    setup: dict[str, Any]
    deal: int


class Case(NamedTuple):
    """One case: the scenario (its expectations given by the reference engine), its summary,
    the messages of the reference engine's refusals, in order (`compare.passing_results`), and
    its further deals, each as a case could start from it."""

    data: dict[str, Any]
    summary: Summary
    refusals: tuple[str, ...] = ()
    later: tuple[Later, ...] = ()


# -- building a case ------------------------------------------------------------------------

_RULES: dict[tuple[str, str], Rules] = {}


def _rules(ruleset: str, params: Mapping[str, Any]) -> Rules:
    key = (ruleset, repr(sorted(params.items())))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = Rules.load(ruleset, **params)
    return rules


def _params(c: Choices, ruleset: str, offer: Offer) -> tuple[dict[str, Any], Rules]:
    """The implementation's own reading, and with a VARIANT byte high enough one to three of
    the parameters it supports set to another of their values."""
    params = dict(offer.plays.get(ruleset, {}))
    options = offer.options.get(ruleset, ())
    v = c.at(VARIANT)
    changed = 0 if v < VARIANT_AT or not options else 1 + v % 3
    for k in range(changed):
        name, values = options[c.below(PARAMS + 2 * k, len(options))]
        params[name] = values[c.below(PARAMS + 2 * k + 1, len(values))]
    try:
        return params, _rules(ruleset, params)
    except BrouError:  # options that do not go together: the implementation's own reading
        params = dict(offer.plays.get(ruleset, {}))
        return params, _rules(ruleset, params)


def _deal(c: Choices, rules: Rules, seeded: bool) -> tuple[Deal, int | None]:
    """The deal: from its seed (SEED bytes) if `seeded`, else the pack the DIGITS bytes
    shuffle (each the j of one swap, docs/shuffle.md step 4), possibly made lopsided; and
    the seed whose deal it is, if any."""
    seed = int.from_bytes(bytes(c.at(SEED + i) for i in range(8)), "big") & MAX_SEED
    if seeded:
        return deal_from_seed(rules, seed), seed
    n = rules.n_cards
    js = [c.at(DIGITS + k) % (i + 1) for k, i in enumerate(range(n - 1, 0, -1))]
    deal = deal_from_pack(rules, [rules.pack_cards[k] for k in permuted(n, js)])
    lop = c.at(LOPSIDED)
    if lop >= LOPSIDED_AT:
        return _lopsided(rules, deal, lop & 1, 2 + (lop >> 1) % 7), None
    return deal, (seed if js == swaps(n, seed) else None)


def _lopsided(rules: Rules, deal: Deal, team: int, moves: int) -> Deal:
    """The deal with up to `moves` strongest cards of the other team (trumps first, then by
    points) swapped for the weakest of `team` (the turn-up stays with the dealer)."""
    trump = rules.suit_of[deal.turnup]

    def strength(card: int) -> int:
        return (100 if rules.suit_of[card] == trump else 0) + rules.points[card] * 4 + (7 - card % 8)

    hands = list(deal.hands)
    for _ in range(moves):
        inside = [(strength(x), s, x) for s in range(rules.n_players) if rules.team_of[s] == team
                  for x in cards_of(hands[s]) if x != deal.turnup]
        outside = [(strength(x), s, x) for s in range(rules.n_players) if rules.team_of[s] != team
                   for x in cards_of(hands[s]) if x != deal.turnup]
        weak, strong = min(inside), max(outside)
        if strong[0] <= weak[0]:
            break
        hands[weak[1]] ^= (1 << weak[2]) | (1 << strong[2])
        hands[strong[1]] ^= (1 << weak[2]) | (1 << strong[2])
    return deal._replace(hands=tuple(hands))


def _setting(c: Choices, ruleset: str, rules: Rules, offer: Offer) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The game (scores near the thresholds, Brouc's carried marriages) and the match, or None."""
    b = c.at(SETTING)
    if b < GAME_AT or "game" not in offer.features:
        return None, None
    bases, steps = SCORE_BASES[ruleset], SCORE_STEPS[ruleset]
    if c.at(CLOSE) >= CLOSE_AT:  # each team 1 to 40 points under the target
        unit = 10 if ruleset == "brouc" else 1
        last = int(game_rules(rules)["target"]) - 1
        scores = [last - unit * (c.below(SCORES + 2 * t, 40 // unit)) for t in range(2)]
    else:
        scores = [min(MAX_SCORE[ruleset], bases[c.below(SCORES + 2 * t, len(bases))]
                      + steps[c.below(SCORES + 2 * t + 1, len(steps))]) for t in range(2)]
    game: dict[str, Any] = {"scores": scores}
    carried = c.at(CARRIED)
    if ruleset == "brouc" and carried >= 224:
        game["carried"] = [20 * (carried % 3), 20 * (carried // 3 % 3)]
    match = None
    if b >= MATCH_AT and "match" in offer.features:
        target = int(rules.data["match"]["target"])
        match = {"marks": [c.below(MARKS + t, target) for t in range(2)]}
    return game, match


def _illegal(state: HommeDeal, legal_now: list[int], b: int) -> str:
    """An action the rules forbid now: a card of the hand that may not be played, another
    action id, or a text that is no action."""
    rules = state.rules
    legal = set(legal_now)
    pick = b - (256 - ILLEGAL)
    if pick < 8:
        hand = [x for x in cards_of(state.hands[state.to_act]) if x not in legal]
        if hand:
            return rules.card_text(hand[pick % len(hand)])
    if pick < 13:
        others = [a for a in range(rules.pass_action + len(_GAME_KINDS) + 1) if a not in legal]
        if others:
            return action_text(rules, others[(b * 7) % len(others)])
    return JUNK[pick % len(JUNK)]


_GAME_KINDS = (CLAIM_ACTION, DECLARE_ACTION, DECLARE_DOUBLE_ACTION, CONCEDE_ACTION, 5, 6)


def _pick(state: HommeDeal, legal: list[int], b: int, patient: bool) -> str:
    """The action a byte chooses: an illegal one from 256 - ILLEGAL up; else a game action
    (claim, declaration, concession and its answer) in a band below that, wide when the
    action is the natural one (a claim that is right, a concession asked for), narrow
    otherwise (a right claim too, for `patient` players); else a card, an announcement or a
    pass (0: the first legal action)."""
    rules = state.rules
    if b >= 256 - ILLEGAL:
        return _illegal(state, legal, b)
    base = rules.pass_action
    quiet = [a for a in legal if a <= base]
    special = [a for a in legal if a > base]
    if not special:
        return action_text(rules, quiet[b % len(quiet)])
    if not quiet:
        return action_text(rules, special[b % len(special)])
    tempt = 1
    if base + CLAIM_ACTION in special and not patient and state.context is not None \
            and reaches_target(rules, count_so_far(state, rules.team_of[state.to_act])):
        tempt = 120
    elif base + CONCEDE_ACTION in special:
        tempt = 100
    elif base + MARK_ACTION in special:
        tempt = 160  # a trick's winner mostly marks his table marriage (table_marking=players)
    elif base + DECLARE_ACTION in special or base + DECLARE_DOUBLE_ACTION in special:
        tempt = 12
    if b >= 256 - ILLEGAL - tempt:
        return action_text(rules, special[b % len(special)])
    return action_text(rules, quiet[b % len(quiet)])


def build(data: bytes, offer: Offer, start: Start | None = None) -> Case:
    """The case that these bytes describe, played by the reference engine (module docstring);
    with `start`, the case that begins there, its bytes read for its actions alone."""
    c = Choices(data)
    ruleset = offer.rulesets[c.below(RULESET, len(offer.rulesets))] if start is None else start.ruleset
    if ruleset in PHASE_RULESETS:
        if has_auction(_rules(ruleset, {})):
            return _build_hombre(c, ruleset, offer, start)
        if has_speech(_rules(ruleset, {})):
            return _build_speech(c, ruleset, offer, start)
        return _build_phase(c, ruleset, offer, start)
    if start is None:
        params, rules = _params(c, ruleset, offer)
        game, match = _setting(c, ruleset, rules, offer)
        n = rules.n_players
        dealer = (n - 1 + c.at(DEALER)) % n
        seeded = c.at(SEEDED) >= SEEDED_AT and "seeded-deal" in offer.features
        deal, seed = _deal(c, rules, seeded)
        offset = (dealer + 1) % n
        setup: dict[str, Any] = {"dealer": dealer}
        if seeded:
            setup["seed"] = seed
        else:
            setup["hands"] = [rules.cards_text(deal.hands[(p - offset) % n]) for p in range(n)]
            setup["turnup"] = rules.card_text(deal.turnup)
        if game is not None:
            setup["game"] = game
        if match is not None:
            setup["match"] = match
    else:
        params, rules, setup, seeded, seed = _started(start)
        game, match = setup.get("game"), setup.get("match")
    table = Table(rules, setup)
    state = table.state
    steps: list[dict[str, Any]] = [{"expect": _observe(table, AT_START + (("deal",) if seeded else ()))}]
    limit = min(c.at(LIMIT), MAX_ATTEMPTS)
    patient = c.at(STYLE) >= PATIENT_AT
    attempts = refused = 0
    refusals: list[str] = []  # the reference engine's messages, in order
    legal = state.legal_actions()
    reach = Reach(reach_of(c), offer.features, match is not None)
    prefix = RULESETS[ruleset]
    sheet = game is not None and "sheet" in offer.features
    names = AT_END + (("outcome",) if game is not None else ()) + (("match",) if match is not None else ()) \
        + (("sheet",) if sheet else ())
    clauses: list[str] = []
    ending = ""
    later: list[Later] = []
    while True:
        while not state.is_over and attempts < limit:
            reach.due(attempts, table, steps)
            text = _pick(state, legal, c.at(ACTIONS + attempts), patient)
            attempts += 1
            tricks = len(state.tricks)
            answer = table.act(text)
            if answer["ok"]:
                steps.append({"do": text})
                legal = state.legal_actions()
            else:
                refused += 1
                steps.append({"reject": text, "code": answer["code"]})
                refusals.append(answer["message"])
            # after a trick, its winner and the count come first: a wrong winner is named as such,
            # not as the wrong player to lead that follows from it; then the legal actions, which
            # say more than who acts (a question asked or not, a window open or not)
            seen = _observe(table, PER_TRICK) if len(state.tricks) > tricks else {}
            seen |= {"legal": [action_text(rules, a) for a in legal], "to_act": table.observe("to_act"),
                     "trick": table.observe("trick")}
            steps.append({"expect": seen})
        ending = ending or ("cut" if not state.is_over else (state.outcome.how if state.outcome is not None else "played-out"))
        clauses += clauses_touched(prefix, table, game is not None, sheet, match is not None)
        goes_on = attempts < limit and reach.goes_on(table, lambda: table.observe("match")["winner"] is not None)
        if not goes_on:
            reach.pending(table, steps)
        steps.append({"expect": _observe(table, names)})
        if not goes_on:
            break
        later.append(Later(len(steps), attempts, {}))
        reach.deal(table, steps, seeded, lambda: _observe(table, AT_START + ("start",) + (("deal",) if seeded else ())))
        later[-1] = later[-1]._replace(setup=_later_setup(table, steps[later[-1].step]["deal"]))
        state = table.state
        legal = state.legal_actions()
    if reach.asked["deal"]:
        clauses.append("hdb.match.next-dealer")  # both rulesets have it (Brouc takes it from 1802)
    setting = "alone" if game is None else "game" if match is None else "match"
    summary = Summary(ruleset, setting, params != dict(offer.plays.get(ruleset, {})), seed, seeded, ending,
                      attempts - refused, refused, 1 + reach.asked["deal"], reach.asked_names())
    scenario: dict[str, Any] = {
        "id": "fuzz", "description": "a fuzzed case",
        "clauses": list(dict.fromkeys(clauses)),
        "ruleset": ruleset}
    if params:
        scenario["params"] = params
    scenario |= {"origin": "fuzzed", "setup": setup, "steps": steps}
    return Case(scenario, summary, tuple(refusals), tuple(later))


def _started(start: Start) -> tuple[dict[str, Any], Rules, dict[str, Any], bool, int | None]:
    """A case's parameters, rules and setup where it begins at `start`; whether its deal is
    sent as a seed, and the seed."""
    setup = json.loads(json.dumps(start.setup))  # a copy: the case's scenario holds it
    return dict(start.params), _rules(start.ruleset, start.params), setup, "seed" in setup, setup.get("seed")


def _later_setup(table: Table, given: Mapping[str, Any]) -> dict[str, Any]:
    """The setup of a scenario that starts at the deal the table has just dealt: its dealer, the
    deal as its `deal` step gave it (a seed, or the hands), and what the match (its game's
    written scores, carried marriages where there are any, and the marks) or the session (the
    deals played, the players' counts) stood at before it."""
    setup: dict[str, Any] = {"dealer": table.dealer, **given}
    if table.game.carry == "match":
        start = table.observe("start")
        game: dict[str, Any] = {"scores": list(start["scores"])}
        if any(start["carried"]):
            game["carried"] = list(start["carried"])
        setup |= {"game": game, "match": {"marks": list(start["marks"])}}
    else:
        assert table.before is not None
        setup["session"] = {name: list(value) if isinstance(value, list) else value for name, value in table.before.items()}
    return setup


# -- cases of a game on the phase engine (Brusquembille) ----------------------------------------
#
# The same bytes, read in a layout of their own after LIMIT and RULESET: one byte per parameter
# (PHASE_PARAMS, in order), the dealer, the session (on or not, deals played, jetons, totals, a
# tie at the top), then LOPSIDED, SEEDED, SEED and DIGITS where the partnership games have them
# (so `shorter` keeps the setup and draws the deal afresh as it does for those), then the actions.

PH_PARAMS, PH_DEALER, PH_SESSION, PH_DEALS, PH_JETONS, PH_TOTALS, PH_TIE = 2, 12, 13, 14, 15, 16, 17
# the parameters a case may set, each by its own byte; the last three only inside a session
PHASE_PARAMS = ("form", "sevens_removed", "ten_rank", "deal_packets", "following_after_talon", "odd_jetons", "scoring",
                "rounds", "points_target", "points_tie")
SESSION_PARAMS = frozenset({"rounds", "points_target", "points_tie"})
PARAM_AT = 200  # a parameter byte from here up sets it to another option (the form: every byte chooses)
SESSION_AT = 128  # a PH_SESSION byte from here up plays the deal inside a session (feature session)
TIE_AT = 128  # a PH_TIE byte from here up levels the two best players (jetons, or sides' totals)
JETON_STEPS = (0, 1, -1, 2, -2, 3, -3, 5, -5, 10, -10, 20, -20, 40, -40)  # jetons won or lost in a session
POINT_GAPS = (1, 2, 3, 5, 10, 15, 20, 30, 40, 60, 80, 119)  # how far under the target a side's total lies
PHASE_JUNK = ("pass", "claim", "announce KQ", "mark", "AHS", "play AS")  # no card: malformed-action
PHASE_UNKNOWN = ("XS", "1H", "ZZ")  # no card of any pack: unknown-card

PHASE_AT_START = ("to_act", "legal", "trump", "talon")
PHASE_PER_TRICK = ("tricks", "talon", "events", "ledger", "result")
PHASE_AT_END = ("over", "tricks", "trick", "talon", "events", "ledger", "result", "outcome")

_PHASE_PLAY = ("play.lead", "play.free", "play.trick-winner", "play.next-lead", "talon.draw", "talon.last-draw",
               "talon.last-tricks")
_PHASE_END = ("count.points", "count.winner", "deck.points")
_PHASE_DEAL = ("deal.packets", "deal.talon", "deal.turned")


def _phase_params(c: Choices, ruleset: str, offer: Offer, session: bool) -> tuple[dict[str, Any], Rules]:
    """The implementation's own reading, with each parameter it supports set to another of its
    values by its byte: the form by every byte (0 the reading's), the others from PARAM_AT up;
    the session's parameters only inside a session."""
    played = dict(offer.plays.get(ruleset, {}))
    params = dict(played)
    options = dict(offer.options.get(ruleset, ()))
    for k, name in enumerate(PHASE_PARAMS):
        others = options.get(name, ())
        b = c.at(PH_PARAMS + k)
        if not others or (name in SESSION_PARAMS and not session):
            continue
        if name == "form" and b % (len(others) + 1):
            params[name] = others[b % (len(others) + 1) - 1]
        elif name != "form" and b >= PARAM_AT:
            params[name] = others[b % len(others)]
    try:
        return params, _rules(ruleset, params)
    except BrouError:  # options that do not go together: the implementation's own reading
        return played, _rules(ruleset, played)


def _phase_deal(c: Choices, rules: Rules, seeded: bool) -> tuple[TalonDeal, int | None]:
    """The deal: from its seed (SEED bytes, docs/shuffle.md "Games with a talon") if `seeded`,
    else the pack the DIGITS bytes shuffle (each the j of one swap), possibly made lopsided; and
    the seed whose deal it is, if any."""
    seed = int.from_bytes(bytes(c.at(SEED + i) for i in range(8)), "big") & MAX_SEED
    if seeded:
        return talon_deal_from_seed(rules, seed), seed
    n = rules.n_cards
    js = [c.at(DIGITS + k) % (i + 1) for k, i in enumerate(range(n - 1, 0, -1))]
    deal = deal_with_talon(rules, [rules.pack_cards[k] for k in permuted(n, js)])
    lop = c.at(LOPSIDED)
    if lop >= LOPSIDED_AT:
        return _phase_lopsided(rules, deal, lop % rules.n_players, 1 + (lop >> 3) % 3), None
    return deal, (seed if js == swaps(n, seed) else None)


def _phase_lopsided(rules: Rules, deal: TalonDeal, seat: int, moves: int) -> TalonDeal:
    """The deal with up to `moves` of the strongest cards of the other hands and the talon
    (trumps first, then aces and tens, by points) swapped for the weakest of `seat`'s hand (the
    turned card stays where it is)."""
    trump = rules.suit_of[deal.turnup]

    def strength(card: int) -> int:
        return (100 if rules.suit_of[card] == trump else 0) + rules.points[card] * 4 + (7 - card % 8)

    hands, stock = list(deal.hands), list(deal.stock)
    for _ in range(moves):
        mine = min((strength(x), x) for x in cards_of(hands[seat]))
        where = [(strength(x), s, x) for s in range(rules.n_players) if s != seat for x in cards_of(hands[s])]
        where += [(strength(x), -1 - i, x) for i, x in enumerate(stock[:-1])]
        strong = max(where)
        if strong[0] <= mine[0]:
            break
        hands[seat] ^= (1 << mine[1]) | (1 << strong[2])
        if strong[1] >= 0:
            hands[strong[1]] ^= (1 << mine[1]) | (1 << strong[2])
        else:
            stock[-1 - strong[1]] = mine[1]
    return TalonDeal(tuple(hands), tuple(stock), deal.turnup, deal.trump)


def _phase_session(c: Choices, rules: Rules, seating: Seating) -> dict[str, Any]:
    """The session before this deal, near its end: for the pool one to three deals before the
    last (byte 0: the last deal), jetons apart or level at the top; for points the sides' totals
    just under the target, now and then two of them level."""
    n = rules.n_players
    sides = seating.player_sides()
    limit = deals_to_play(rules)
    b = c.at(PH_JETONS)
    rng = random.Random(b)
    jetons = [0 if b == 0 else rng.choice(JETON_STEPS) * (1 + rng.randrange(3)) for _ in range(n)]
    level = c.at(PH_TIE) >= TIE_AT
    if limit is not None:
        deals = limit - 1 - c.below(PH_DEALS, min(limit, 3))
        if level and b:
            top = sorted(range(n), key=lambda p: -jetons[p])
            jetons[top[1]] = jetons[top[0]]
        side_totals = [40 * deals * len(side) // n for side in sides]
    else:
        deals = 1 + c.below(PH_DEALS, 12)
        target = int(rules.data["session"]["target"])
        t = c.at(PH_TOTALS)
        trng = random.Random(t)
        side_totals = [0 if t == 0 else target - trng.choice(POINT_GAPS) for _ in sides]
        if level and t and len(sides) > 1:
            best = sorted(range(len(sides)), key=lambda k: -side_totals[k])
            side_totals[best[1]] = side_totals[best[0]]
    totals = [0] * n
    for side, total in zip(sides, side_totals, strict=True):
        for p in side:
            totals[p] = total
    return {"deals": deals, "jetons": jetons, "totals": totals}


def _phase_illegal(table: Table, b: int) -> str:
    """A card or text the rules refuse now: a card of the pack the player does not hold, a card
    of his hand he may not play (following_after_talon=follow-suit), no card at all, a card of
    no pack or of another pack (a seven taken out)."""
    state, rules = table.state, table.rules
    hand = state.hands[state.to_act]
    pick = b - (256 - ILLEGAL)
    if pick < 10:  # a card of his hand the rules refuse (rare: only after the talon), else one he does not hold
        legal = state.legal_cards()
        refused = [x for x in cards_of(hand & ~legal)]
        if refused:
            return rules.card_text(refused[b % len(refused)])
        others = [x for x in rules.pack_cards if not hand >> x & 1]
        return rules.card_text(others[(b * 7) % len(others)])
    if pick < 13:
        return PHASE_JUNK[b % len(PHASE_JUNK)]
    outside = [x for x in range(rules.n_indices) if not rules.pack >> x & 1]
    if outside and pick < 15:
        return rules.card_text(outside[b % len(outside)])
    return PHASE_UNKNOWN[b % len(PHASE_UNKNOWN)]


def _build_phase(c: Choices, ruleset: str, offer: Offer, start: Start | None = None) -> Case:
    """A case of a ruleset on the phase engine (the layout above), or from `start` (`build`)."""
    if start is None:
        in_session = c.at(PH_SESSION) >= SESSION_AT and "session" in offer.features
        params, rules = _phase_params(c, ruleset, offer, in_session)
        n = rules.n_players
        step = int(rules.data["session"]["next_dealer_step"])
        dealers = [p for p in range(n) if p % step == rules.dealer % step]  # in two pairs, 1 or 3
        dealer = dealers[(len(dealers) - 1 + c.at(PH_DEALER)) % len(dealers)]
        seating = Seating(n, (dealer - rules.dealer) % n, rules.teams)
        seeded = c.at(SEEDED) >= SEEDED_AT and "seeded-deal" in offer.features
        deal, seed = _phase_deal(c, rules, seeded)
        setup: dict[str, Any] = {"dealer": dealer}
        if seeded:
            setup["seed"] = seed
        else:
            setup["hands"] = [rules.cards_text(deal.hands[seating.seat(p)]) for p in range(n)]
            setup["talon"] = [rules.card_text(x) for x in deal.stock[:-1]]
            setup["turnup"] = rules.card_text(deal.turnup)
        if in_session:
            setup["session"] = _phase_session(c, rules, seating)
    else:
        params, rules, setup, seeded, seed = _started(start)
        n, in_session = rules.n_players, "session" in setup
    table = Table(rules, setup)
    state = table.state
    steps: list[dict[str, Any]] = [{"expect": _observe(table, PHASE_AT_START + (("deal",) if seeded else ()))}]
    limit = min(c.at(LIMIT), MAX_ATTEMPTS)
    attempts = refused = 0
    refusals: list[str] = []  # the reference engine's messages, in order
    reach = Reach(reach_of(c), offer.features, in_session)
    ending = ""
    later: list[Later] = []
    while True:
        while not state.is_over and attempts < limit:
            reach.due(attempts, table, steps)
            b = c.at(ACTIONS + attempts)
            if b >= 256 - ILLEGAL:
                text = _phase_illegal(table, b)
            else:
                legal = state.legal_actions()
                text = rules.card_text(legal[b % len(legal)])
            attempts += 1
            tricks, drawn, paid = len(state.tricks), len(state.events), len(state.ledger)
            answer = table.act(text)
            if answer["ok"]:
                steps.append({"do": text})
            else:
                refused += 1
                steps.append({"reject": text, "code": answer["code"]})
                refusals.append(answer["message"])
            # after a trick: its winner, the draws and the payments first (a wrong draw is named
            # as such, not as the wrong hand that follows from it), then who acts and what he may
            # play; the draws and the ledger when the trick added to them (the count, every time)
            seen: dict[str, Any] = {}
            if len(state.tricks) > tricks:
                names = [name for name in PHASE_PER_TRICK if (name != "events" or len(state.events) > drawn)
                         and (name != "ledger" or len(state.ledger) > paid)]
                seen = _observe(table, tuple(names))
            seen |= _observe(table, ("legal", "to_act", "trick"))
            steps.append({"expect": seen})
        ending = ending or ("played-out" if state.is_over else "cut")
        goes_on = attempts < limit and reach.goes_on(table, lambda: table.observe("session")["winners"] is not None)
        if not goes_on:
            reach.pending(table, steps)
        steps.append({"expect": _observe(table, PHASE_AT_END + (("session",) if in_session else ()))})
        if not goes_on:
            break
        later.append(Later(len(steps), attempts, {}))
        reach.deal(table, steps, seeded, lambda: _observe(table, PHASE_AT_START + ("session",) + (("deal",) if seeded else ())))
        later[-1] = later[-1]._replace(setup=_later_setup(table, steps[later[-1].step]["deal"]))
        state = table.state
    prefix = PHASE_RULESETS[ruleset]
    clauses = [*_PHASE_PLAY, *(_PHASE_END if state.is_over else ()), *(_PHASE_DEAL if seeded else ())]
    if rules.data["session"]["kind"] == "pool":
        clauses.append("stakes.pool")
    if rules.pays_brusquembilles:
        clauses.append("pay.brusquembille")
    clauses.append("pay.when")
    if n != 3:
        clauses.append("players.forms")
    if in_session:
        clauses += ["match.rounds" if deals_to_play(rules) is not None else "match.points", "match.next-dealer"]
    summary = Summary(ruleset, "session" if in_session else "alone", params != dict(offer.plays.get(ruleset, {})), seed,
                      seeded, ending, attempts - refused, refused, 1 + reach.asked["deal"], reach.asked_names())
    scenario: dict[str, Any] = {"id": "fuzz", "description": "a fuzzed case",
                                "clauses": [f"{prefix}.{clause}" for clause in clauses], "ruleset": ruleset}
    if params:
        scenario["params"] = params
    scenario |= {"origin": "fuzzed", "setup": setup, "steps": steps}
    return Case(scenario, summary, tuple(refusals), tuple(later))


# -- cases of a game with a speech (L'Homme d'Auvergne) -----------------------------------------
#
# The same bytes again, in a third layout after LIMIT and RULESET: one byte per parameter
# (SPEECH_PARAMS, in order, the form first), the dealer, the session (on or not, the marks, two
# players level, a debt, the deals played), then LOPSIDED, SEEDED, SEED and DIGITS where the
# other layouts have them (so `shorter` keeps the setup and draws the deal afresh), then the
# actions: a word of the speech or a card of play, or about one in sixteen refused.

SP_PARAMS, SP_DEALER, SP_SESSION, SP_MARKS, SP_TIE, SP_DEBT, SP_DEALS, SP_STYLE = 2, 13, 14, 15, 16, 17, 28, 29
SPEECH_PARAMS = ("form", "turner", "king_scoring", "king_showing", "taken_king", "loser_pays", "pack_with_four",
                 "packets", "target", "target_tie", "debts")
SPEECH_SESSION_PARAMS = frozenset({"target", "target_tie", "debts"})
KINGS_AT = 160  # the king_scoring byte sets another reading from here up (kings are what the speech is about)
DEBT_AT = 192  # a SP_DEBT byte from here up puts one player below zero (debts: owed)
RELUCTANT_AT = 192  # a SP_STYLE byte from here up: the players turn but hardly ever play (réjouissances, all pass)
RELUCTANT_PLAY = 224  # a reluctant player says `play` only with a byte from here up (below 256 - ILLEGAL)
MARK_GAPS = (0, 0, 1, 1, 2, 3, 4)  # how far under the target (less one) a player's marks lie
SPEECH_JUNK = ("claim", "bid", "announce KQ", "turn KS", "AHS", "")  # no action: malformed-action
KING = "K"

SPEECH_AT_START = ("to_act", "legal", "trump", "talon")
SPEECH_AFTER_WORDS = ("words", "homme", "trump", "events", "ledger")  # when play begins
SPEECH_PER_TRICK = ("tricks", "ledger", "result")
# at the end the tricks first, then the outcome (a wrong deal winner is named as such, not by the
# marks written from it), then the rest
SPEECH_AT_END = ("tricks", "outcome", "over", "words", "homme", "trump", "talon", "events", "trick", "ledger", "result")


def _speech_params(c: Choices, ruleset: str, offer: Offer, session: bool) -> tuple[dict[str, Any], Rules]:
    """The implementation's own reading, with each parameter it supports set to another of its
    values by its byte: the form by every byte (0 the reading's), king_scoring from KINGS_AT up,
    the others from PARAM_AT up; the session's parameters only inside a session."""
    played = dict(offer.plays.get(ruleset, {}))
    params = dict(played)
    options = dict(offer.options.get(ruleset, ()))
    for k, name in enumerate(SPEECH_PARAMS):
        others = options.get(name, ())
        b = c.at(SP_PARAMS + k)
        if not others or (name in SPEECH_SESSION_PARAMS and not session):
            continue
        if name == "form":
            if b % (len(others) + 1):
                params[name] = others[b % (len(others) + 1) - 1]
        elif b >= (KINGS_AT if name == "king_scoring" else PARAM_AT):
            params[name] = others[b % len(others)]
    try:
        return params, _rules(ruleset, params)
    except BrouError:  # options that do not go together: the implementation's own reading
        return played, _rules(ruleset, played)


def _speech_deal(c: Choices, rules: Rules, seeded: bool) -> tuple[TalonDeal, int | None]:
    """The deal: from its seed if `seeded`, else the pack the DIGITS bytes shuffle (the whole
    talon face down), possibly made lopsided; and the seed whose deal it is, if any."""
    seed = int.from_bytes(bytes(c.at(SEED + i) for i in range(8)), "big") & MAX_SEED
    if seeded:
        return talon_deal_from_seed(rules, seed), seed
    n = rules.n_cards
    js = [c.at(DIGITS + k) % (i + 1) for k, i in enumerate(range(n - 1, 0, -1))]
    deal = deal_with_talon(rules, [rules.pack_cards[k] for k in permuted(n, js)])
    lop = c.at(LOPSIDED)
    if lop >= LOPSIDED_AT:
        return _speech_lopsided(rules, deal, lop % rules.n_players, 1 + (lop >> 3) % 3, bool(lop & 4)), None
    return deal, (seed if js == swaps(n, seed) else None)


def _speech_lopsided(rules: Rules, deal: TalonDeal, seat: int, moves: int, suited: bool) -> TalonDeal:
    """The deal with up to `moves` kings of the other hands and the talon swapped into `seat`'s
    hand for its lowest cards that are no kings (the king rules fire: a king shown, scored, taken);
    if `suited`, the talon's top card swapped for a card of the first of his kings' suits."""
    king = rules.ranks.index(KING)
    is_king = [c % len(rules.ranks) == king for c in range(rules.n_indices)]
    hands, stock = list(deal.hands), list(deal.stock)
    for _ in range(moves):
        mine = [x for x in cards_of(hands[seat]) if not is_king[x]]
        where = [(s, x) for s in range(rules.n_players) if s != seat for x in cards_of(hands[s]) if is_king[x]]
        where += [(-1 - i, x) for i, x in enumerate(stock) if is_king[x]]
        if not mine or not where:
            break
        low = max(mine, key=lambda x: x % len(rules.ranks))  # the ranks run from the king down
        s, k = where[0]
        hands[seat] ^= (1 << low) | (1 << k)
        if s >= 0:
            hands[s] ^= (1 << low) | (1 << k)
        else:
            stock[-1 - s] = low
    kings = [x for x in cards_of(hands[seat]) if is_king[x]]
    if suited and kings:
        suit = rules.suit_of[kings[0]]
        same = [i for i, x in enumerate(stock) if i and rules.suit_of[x] == suit and not is_king[x]]
        if same and rules.suit_of[stock[0]] != suit:
            stock[0], stock[same[0]] = stock[same[0]], stock[0]
    return TalonDeal(tuple(hands), tuple(stock), deal.turnup, deal.trump)


def _speech_session(c: Choices, rules: Rules) -> dict[str, Any]:
    """The game before this deal, near its end: each player's marks just under the target (byte
    0: none yet), now and then the two best level, one below zero (debts: owed)."""
    n = rules.n_players
    target = int(rules.data["session"]["target"])
    b = c.at(SP_MARKS)
    rng = random.Random(b)
    marks = [0 if b == 0 else target - 1 - rng.choice(MARK_GAPS) for _ in range(n)]
    if c.at(SP_TIE) >= TIE_AT and b:
        top = sorted(range(n), key=lambda p: -marks[p])
        marks[top[1]] = marks[top[0]]
    d = c.at(SP_DEBT)
    if d >= DEBT_AT and rules.data["session"]["debts"] == "owed":
        marks[d % n] = -1 - d % 3
    return {"deals": c.below(SP_DEALS, 24), "marks": marks}


def _speech_pick(state: PhaseDeal, b: int, reluctant: bool) -> str:
    """The legal action a byte chooses (0: the first legal one: turn, play, show in the showing,
    the lowest card).  `reluctant` players turn the card offered but say `play` only with a
    byte from RELUCTANT_PLAY up, showing their king when they may on an odd byte."""
    rules = state.rules
    legal = state.legal_actions()
    if reluctant and state.phase == TURN_OFFER:
        return WORDS[LEAVE if b < 32 else TURN]
    if reluctant and state.phase == SPEECH:
        if b >= RELUCTANT_PLAY:
            return WORDS[SAY_PLAY]
        show = word_action(rules, SHOW)
        return WORDS[SHOW if show in legal and b % 2 else PASS]
    return phase_action_text(rules, legal[b % len(legal)])


def _speech_illegal(table: Table, b: int) -> str:
    """An action the rules refuse now.  Before play: a card of the hand (cards-not-yet), a word
    not taken now (word-not-now; `show` with no king, no-king-to-show), no action at all.  In
    play: a card of the hand that does not follow or trump (must-follow-suit, must-trump), else
    one not held (not-in-hand), a word (word-not-now), a card of no pack, no action at all."""
    state, rules = table.state, table.rules
    hand = state.hands[state.to_act]
    pick = b - (256 - ILLEGAL)
    legal = set(state.legal_actions())
    if state.phase != PLAY:
        if pick < 5:
            cards = cards_of(hand)
            return rules.card_text(cards[b % len(cards)])
        if pick < 8 and state.phase == SPEECH and word_action(rules, SHOW) not in legal:
            return WORDS[SHOW]
        if pick < 13:
            words = [w for i, w in enumerate(WORDS) if word_action(rules, i) not in legal]
            return words[b % len(words)]
        return SPEECH_JUNK[b % len(SPEECH_JUNK)]
    if pick < 9:
        refused = cards_of(hand & ~state.legal_cards())
        if refused:
            return rules.card_text(refused[b % len(refused)])
        others = [x for x in rules.pack_cards if not hand >> x & 1]
        return rules.card_text(others[(b * 7) % len(others)])
    if pick < 12:
        return WORDS[b % len(WORDS)]
    outside = [x for x in range(rules.n_indices) if not rules.pack >> x & 1]
    if outside and pick < 14:
        return rules.card_text(outside[b % len(outside)])
    return (SPEECH_JUNK + PHASE_UNKNOWN)[b % (len(SPEECH_JUNK) + len(PHASE_UNKNOWN))]


def _speech_clauses(state: PhaseDeal, seeded: bool, in_session: bool) -> list[str]:
    """The clauses the case went through (as generate's for a deal played out): the turn-offer
    and the speech, a réjouissance, a deal not played, kings turned, shown, scored or taken,
    following and the count when they happened; the deal from a seed; the game to the target."""
    rules = state.rules
    clauses = ["auv.turn.offer"] if rules.data["speech"]["turner"] != "dealer" else []
    if state.turned:
        clauses += ["auv.speech.round", "auv.speech.trump"]
    if len(state.turned) > 1 or state.ended == ALL_PASSED:
        clauses.append("auv.speech.rejouissance")
    if state.ended == NOT_TURNED:
        clauses.append("auv.turn.nobody")
    if any(e.kind == "show" for e in state.events):
        clauses.append("auv.king.show")
    written = {e.clause for e in state.ledger}
    clauses += [c for c in ("auv.king.turned", "auv.king.held", "auv.king.taken") if c in written]
    if state.tricks or state.trick:
        clauses += ["auv.play.lead", "auv.play.follow", "auv.play.trump-if-void", "auv.play.trick-winner"]
    if state.ended == PLAYED:
        clauses += ["auv.count.homme-wins", "auv.count.won" if "auv.count.won" in written else "auv.count.lost"]
    if seeded:
        clauses += ["auv.deal.packets", "auv.deal.talon", "auv.deck.cards"]
    if in_session:
        clauses += ["auv.match.target", "auv.match.next-dealer", "auv.count.debt"]
    if rules.n_players != 4:
        clauses.append("auv.players.count")
    return list(dict.fromkeys(clauses)) or ["auv.turn.offer"]


def _speech_start(table: Table, seeded: bool) -> tuple[str, ...]:
    """What is observed as a deal starts (the turn and the ledger when the dealer turned a card)."""
    return SPEECH_AT_START + (("events", "ledger") if table.state.events else ()) + (("deal",) if seeded else ())


def _build_speech(c: Choices, ruleset: str, offer: Offer, start: Start | None = None) -> Case:
    """A case of a game with a speech (the layout above), or from `start` (`build`)."""
    if start is None:
        in_session = c.at(SP_SESSION) >= SESSION_AT and "session" in offer.features
        params, rules = _speech_params(c, ruleset, offer, in_session)
        n = rules.n_players
        dealer = (n - 1 + c.at(SP_DEALER)) % n
        seating = Seating(n, (dealer - rules.dealer) % n, rules.teams)
        seeded = c.at(SEEDED) >= SEEDED_AT and "seeded-deal" in offer.features
        deal, seed = _speech_deal(c, rules, seeded)
        setup: dict[str, Any] = {"dealer": dealer}
        if seeded:
            setup["seed"] = seed
        else:
            setup["hands"] = [rules.cards_text(deal.hands[seating.seat(p)]) for p in range(n)]
            setup["talon"] = [rules.card_text(x) for x in deal.stock]
        if in_session:
            setup["session"] = _speech_session(c, rules)
    else:
        params, rules, setup, seeded, seed = _started(start)
        in_session = "session" in setup
    table = Table(rules, setup)
    state = table.state
    steps: list[dict[str, Any]] = [{"expect": _observe(table, _speech_start(table, seeded))}]
    limit = min(c.at(LIMIT), MAX_ATTEMPTS)
    reluctant = c.at(SP_STYLE) >= RELUCTANT_AT
    attempts = refused = 0
    refusals: list[str] = []  # the reference engine's messages, in order
    reach = Reach(reach_of(c), offer.features, in_session)
    first_ending = ""
    later: list[Later] = []
    while True:
        while not state.is_over and attempts < limit:
            reach.due(attempts, table, steps)
            b = c.at(ACTIONS + attempts)
            text = _speech_illegal(table, b) if b >= 256 - ILLEGAL else _speech_pick(state, b, reluctant)
            attempts += 1
            phase, turned, tricks, paid = state.phase, len(state.turned), len(state.tricks), len(state.ledger)
            answer = table.act(text)
            if answer["ok"]:
                steps.append({"do": text})
            else:
                refused += 1
                steps.append({"reject": text, "code": answer["code"]})
                refusals.append(answer["message"])
            if state.is_over:
                break  # the end's observations follow: the tricks, then the outcome first
            # the end of the speech: what it said and wrote, before who leads; a card turned: the
            # trump; after a trick: its winner and the marks it moved first, then who acts and may do what
            seen: dict[str, Any] = {}
            if phase != PLAY and state.phase == PLAY:
                seen = _observe(table, SPEECH_AFTER_WORDS)
            elif len(state.turned) > turned:
                seen = _observe(table, ("trump",))
            elif len(state.tricks) > tricks:
                seen = _observe(table, tuple(name for name in SPEECH_PER_TRICK if name != "ledger" or len(state.ledger) > paid))
            seen |= _observe(table, ("legal", "to_act", "trick"))
            steps.append({"expect": seen})
        first_ending = first_ending or (state.ended if state.is_over and state.ended is not None else "cut")
        goes_on = attempts < limit and reach.goes_on(table, lambda: table.observe("session")["winners"] is not None)
        if not goes_on:
            reach.pending(table, steps)
        steps.append({"expect": _observe(table, SPEECH_AT_END + (("session",) if in_session else ()))})
        if not goes_on:
            break
        later.append(Later(len(steps), attempts, {}))
        reach.deal(table, steps, seeded, lambda: _observe(table, _speech_start(table, seeded) + ("session",)))
        later[-1] = later[-1]._replace(setup=_later_setup(table, steps[later[-1].step]["deal"]))
        state = table.state
    ending = first_ending
    summary = Summary(ruleset, "session" if in_session else "alone", params != dict(offer.plays.get(ruleset, {})), seed,
                      seeded, ending, attempts - refused, refused, 1 + reach.asked["deal"], reach.asked_names())
    scenario: dict[str, Any] = {"id": "fuzz", "description": "a fuzzed case",
                                "clauses": _speech_clauses(state, seeded, in_session), "ruleset": ruleset}
    if params:
        scenario["params"] = params
    scenario |= {"origin": "fuzzed", "setup": setup, "steps": steps}
    return Case(scenario, summary, tuple(refusals), tuple(later))


# -- cases of a game with an auction (L'Hombre) --------------------------------------------------
#
# The same bytes once more, in a fourth layout after LIMIT and RULESET: one byte per parameter
# (HOMBRE_PARAMS, in order, the form first), the dealer, the session (on or not, coups before the
# last, the points, two players level at the top), the style of the bidding, then LOPSIDED,
# SEEDED, SEED and DIGITS where the other layouts have them (so `shorter` keeps the setup and
# draws the deal afresh), then the actions: a bid, a contract chosen, a trump named, a discard,
# `draw`, `surrender`, `stop` (`play-on`, `spil` under the readings that have them) or a card, or
# about one in sixteen refused.  The pack has 40 cards:
# its 39 swaps are the 31 DIGITS bytes, then the 8 SEED bytes (which a deal sent as its seed reads
# as the seed instead).

HO_PARAMS, HO_DEALER, HO_SESSION, HO_DEALS, HO_POINTS, HO_TIE, HO_STYLE = 2, 12, 13, 14, 15, 16, 28
HOMBRE_PARAMS = ("form", "equal_rank", "sans_prendre_trump", "talon_rest", "surrender_moment", "nolo_codille",
                 "turned_black_ace", "bids", "tier_discard", "open_hand")  # bytes 2 to 11: all there is room for
HOMBRE_PARAM_AT = (0, 128, 128, 200, 232, 232, 232, 232, 232, 232)  # a byte from here up sets another option (form: every byte)
# a HO_STYLE byte chooses how keen the players are to bid: an auction byte below the style's cut
# passes (byte 0 always passes), from it up bids, the lowest bid allowed five times in eight
BID_CUTS = (48, 96, 144, 192)
RAISE = 20  # each rank already bid raises the cut by this much: the auction seldom climbs to the top
GREEDY = 4  # a HO_STYLE byte with this bit: the players discard much (the talon runs out, a tier goes without)
STRONG = 6  # trumps of one suit (black aces counted) that make a player bid whenever he may
HOMBRE_JUNK = ("claim", "bid", "announce KQ", "turn KS", "AHS", "", "trump", "trump X")  # malformed-action
HOMBRE_UNKNOWN = ("XS", "1H", "ZZ", "TS", "9H", "8C")  # no card of this pack: unknown-card
POINT_STEPS = (0, 1, -1, 2, -2, 3, -3, 4, -4, 6, -6, 10, -10, 15, -15)  # a player's points in a session

HOMBRE_AT_START = ("to_act", "legal", "trump", "talon")
HOMBRE_AFTER_AUCTION = ("auction", "hombre", "contract", "trump", "events")  # the auction over
HOMBRE_AFTER_DECLARE = ("contract", "trump", "events")  # the contract or the trump named
HOMBRE_AFTER_EXCHANGE = ("exchange", "events", "talon")  # a player drew
HOMBRE_PER_TRICK = ("tricks", "result")
# at the end the tricks first, then the outcome (a wrong result is named as such, not by the
# points written from it), then the rest; with a vole undertaken the ledger before the outcome
# (the vole's point is an entry of its own, the outcome's points are its sum)
HOMBRE_AT_END = ("tricks", "outcome", "over", "auction", "hombre", "contract", "trump", "exchange", "talon", "events",
                 "trick", "ledger", "result")


def _hombre_params(c: Choices, ruleset: str, offer: Offer) -> tuple[dict[str, Any], Rules]:
    """The implementation's own reading, with each parameter it supports set to another of its
    values by its byte: the form by every byte (0 the reading's), the others from their
    HOMBRE_PARAM_AT up."""
    played = dict(offer.plays.get(ruleset, {}))
    params = dict(played)
    options = dict(offer.options.get(ruleset, ()))
    for k, name in enumerate(HOMBRE_PARAMS):
        others = options.get(name, ())
        b = c.at(HO_PARAMS + k)
        if not others:
            continue
        if name == "form":
            if b % (len(others) + 1):
                params[name] = others[b % (len(others) + 1) - 1]
        elif b >= HOMBRE_PARAM_AT[k]:
            params[name] = others[b % len(others)]
    try:
        return params, _rules(ruleset, params)
    except BrouError:  # options that do not go together: the implementation's own reading
        return played, _rules(ruleset, played)


def _hombre_deal(c: Choices, rules: Rules, seeded: bool) -> tuple[TalonDeal, int | None]:
    """The deal: from its seed if `seeded`, else the pack of 40 that the DIGITS and SEED bytes
    shuffle (the whole talon face down), possibly made lopsided; and the seed whose deal it is,
    if any (a pack shuffled from bytes is no seed's)."""
    seed = int.from_bytes(bytes(c.at(SEED + i) for i in range(8)), "big") & MAX_SEED
    if seeded:
        return talon_deal_from_seed(rules, seed), seed
    n = rules.n_cards
    digits = [c.at(DIGITS + k) for k in range(MAX_DIGITS)] + [c.at(SEED + k) for k in range(8)]
    js = [digits[k] % (i + 1) for k, i in enumerate(range(n - 1, 0, -1))]
    deal = deal_with_talon(rules, [rules.pack_cards[k] for k in permuted(n, js)])
    lop = c.at(LOPSIDED)
    if lop >= LOPSIDED_AT:
        return _hombre_lopsided(rules, deal, lop), None
    return deal, None


def _hombre_lopsided(rules: Rules, deal: TalonDeal, lop: int) -> TalonDeal:
    """The deal with strong cards gathered into one hand (seat `lop` >> 1 mod 3), each swapped for
    a card of that hand that is not wanted (the last): on an even byte the espadille and the
    baste (grand tourné may be named; a lone matador meets a trump lead), on an odd byte the two
    black aces and the best three to seven trumps of one suit (sans prendre, the vole)."""
    seat = (lop >> 1) % rules.n_players
    espadille, baste = rules.card("AS"), rules.card("AC")
    wanted = [espadille, baste]
    if lop & 1:
        suit = (lop >> 3) % len(rules.suits)
        order = card_order(rules, suit)
        trumps = sorted((x for x in rules.pack_cards if order.class_of[x] == suit and x not in wanted),
                        key=lambda x: order.place[x])
        wanted += trumps[:4 + (lop >> 5) % 4]
    hands, stock = list(deal.hands), list(deal.stock)
    for card in wanted:
        if hands[seat] >> card & 1:
            continue
        spare = [x for x in cards_of(hands[seat]) if x not in wanted]
        if not spare:
            break
        low = spare[-1]
        hands[seat] ^= (1 << low) | (1 << card)
        holder = next((s for s in range(rules.n_players) if hands[s] >> card & 1 and s != seat), None)
        if holder is not None:
            hands[holder] ^= (1 << low) | (1 << card)
        else:
            stock[stock.index(card)] = low
    return TalonDeal(tuple(hands), tuple(stock), deal.turnup, deal.trump)


def _hombre_session(c: Choices, rules: Rules, at_table: int) -> dict[str, Any]:
    """The game before this coup, near its end: the last coup (byte 0) or one or two before it,
    each player's points (byte 0: none yet), now and then the two best level."""
    limit = deals_to_play(rules)
    assert limit is not None
    b = c.at(HO_POINTS)
    rng = random.Random(b)
    points = [0 if b == 0 else rng.choice(POINT_STEPS) * (1 + rng.randrange(3)) for _ in range(at_table)]
    if c.at(HO_TIE) >= TIE_AT and b:
        top = sorted(range(at_table), key=lambda p: -points[p])
        points[top[1]] = points[top[0]]
    deals = limit - 1 - (c.at(HO_DEALS) % 3 if c.at(HO_DEALS) >= 192 else 0)
    return {"deals": deals, "points": points}


def _long_suit(rules: Rules, hand: int) -> tuple[int, int]:
    """(the most trumps `hand` would hold under one suit, the black aces counted; that suit)."""
    return max((sum(1 for x in cards_of(hand) if card_order(rules, s).class_of[x] == s), s)
               for s in range(len(rules.suits)))


def _hombre_pick(state: HombreDeal, b: int, cut: int, greedy: bool) -> str:
    """The legal action a byte chooses.  In the auction: a pass below `cut`, raised by the rank
    bid so far (byte 0 always passes), else a bid, the lowest allowed five times in eight; a
    player with STRONG trumps of one suit bids whenever he may, the byte's bid.  Declaring:
    the byte's contract, and as trump the strong player's long suit when he may name it.  In
    the exchange `draw` on a byte that is a multiple of three once the player may (byte 0: a tier
    keeps his hand), else a discard.  In play the byte's legal action (0: the first, a card
    before the words); the hombre leading on an odd byte leads his best trump.  (Enough sense
    that every contract, all passing, giving up and the vole come up.)"""
    rules = state.rules
    legal = state.legal_actions()
    names = hombre_words(rules)
    base = rules.n_indices
    hand = state.hands[state.to_act]
    if state.phase == HOMBRE_AUCTION:
        bids = [a for a in legal if names[a - base] != HOMBRE_PASS]
        strong = _long_suit(rules, hand)[0] >= STRONG
        named = {row.name for row in hombre_contracts(rules)}  # not `spil` (bids=spil-until-overbid), below them all
        said = [bid for _, bid in state.said if bid is not None and bid in named]
        rank = hombre_contract(rules, said[-1]).rank if said else 0
        if not bids or (not strong and b < min(cut + RAISE * rank, 256 - ILLEGAL - 16)):
            return HOMBRE_PASS
        if strong:  # a trump contract, the byte's
            trumps = [a for a in bids if names[a - base] in named and not hombre_contract(rules, names[a - base]).nolo] or bids
            return names[trumps[b % len(trumps)] - base]
        return names[(bids[0] if b % 8 < 5 else bids[b % len(bids)]) - base]
    if state.phase == HOMBRE_DECLARE and _long_suit(rules, hand)[0] >= STRONG:
        if state.contract is None:  # the contract bid, to take tricks
            return names[legal[0] - base]
        mine = base + names.index(f"trump {rules.suits[_long_suit(rules, hand)[1]]}")
        if mine in legal:
            return names[mine - base]
    if state.phase == HOMBRE_EXCHANGE:
        draw = base + names.index(HOMBRE_DRAW)
        cards = [a for a in legal if a < base]
        if draw in legal and (b % (8 if greedy else 3) == 0 or not cards):
            return HOMBRE_DRAW
        return rules.card_text(cards[b % len(cards)])
    if (state.phase == PLAY and b % 2 and state.to_act == state.hombre and not state.trick
            and state.trump is not None):
        order = card_order(rules, state.trump)
        trumps = [x for x in legal if x < base and order.class_of[x] == state.trump]
        if trumps:
            return rules.card_text(min(trumps, key=lambda x: order.place[x]))
    action = legal[b % len(legal)]
    return rules.card_text(action) if action < base else names[action - base]


def _hombre_illegal(table: Table, b: int) -> str:
    """An action the rules refuse now.  In the auction: a contract not allowed (bid-too-low; grand
    tourné without its matadors, cannot-name), a card (cards-not-yet), a word of another moment
    (word-not-now).  Declaring: a contract or a trump not open (cannot-name), a card, another
    word.  In the exchange: `draw` before the least (too-few-discards), a discard past the most
    (too-many-discards), a card not held (not-in-hand), a word.  In play: a card of the hand
    that does not follow (must-follow-suit), else one not held, a word.  Anywhere, now and
    then, no action at all (malformed-action) or a card of no pack (unknown-card)."""
    state, rules = table.state, table.rules
    names = hombre_words(rules)
    hand = state.hands[state.to_act]
    pick = b - (256 - ILLEGAL)
    legal = set(state.legal_actions())
    not_now = [w for i, w in enumerate(names) if rules.n_indices + i not in legal]
    contract_names = [row.name for row in hombre_contracts(rules)]
    refused_words = [w for w in not_now if w in contract_names or w.startswith("trump ")]
    other_words = [w for w in not_now if w not in refused_words]
    held = cards_of(hand)
    not_held = [x for x in rules.pack_cards if not hand >> x & 1]
    if pick >= 14:
        return HOMBRE_UNKNOWN[b % len(HOMBRE_UNKNOWN)]
    if pick >= 12:
        return HOMBRE_JUNK[b % len(HOMBRE_JUNK)]
    if state.phase in (HOMBRE_AUCTION, HOMBRE_DECLARE):
        if state.phase == HOMBRE_AUCTION:
            refused_words = [w for w in refused_words if w in contract_names]
        if pick < 6 and refused_words:
            return refused_words[b % len(refused_words)]
        if pick < 8 and held:
            return rules.card_text(held[b % len(held)])
        return other_words[b % len(other_words)]
    if state.phase == HOMBRE_EXCHANGE:
        if pick < 8:
            if HOMBRE_DRAW in not_now:
                return HOMBRE_DRAW
            if not state.legal_cards() and held:
                return rules.card_text(held[b % len(held)])
        if pick < 10:
            return rules.card_text(not_held[(b * 7) % len(not_held)])
        return not_now[b % len(not_now)]
    if pick < 9:
        refused = cards_of(hand & ~state.legal_cards())
        if refused:
            return rules.card_text(refused[b % len(refused)])
        return rules.card_text(not_held[(b * 7) % len(not_held)])
    return not_now[b % len(not_now)]


def _hombre_clauses(table: Table, seeded: bool, in_session: bool) -> list[str]:
    """The clauses the case went through: the auction (a pass, bidders against each other, all
    passing), the contract and what it chose, the exchanges (the hombre's, a tourné's, the
    tiers', a nolo's), giving up, following (the matador's privilege on a trump lead), the count
    (a nolo's, the vole); the deal from a seed; the session; four at the table."""
    state, rules = table.state, table.rules
    said = state.said
    clauses = ["hom.auction.order"]
    if any(bid is None for _, bid in said):
        clauses.append("hom.auction.pass-final")
    if sum(bid is not None for _, bid in said) > 1 or state.ended == ALL_PASSED:
        clauses.append("hom.auction.priority")
    if state.ended == ALL_PASSED:
        clauses.append("hom.auction.all-pass")
    row = state.contract
    if state.bid == "demande" and row is not None:
        clauses.append("hom.contract.demande")
    if state.bid == "sans-prendre" and row is not None:
        clauses.append("hom.contract.sans-prendre")
    if row is not None:
        clauses.append("hom.contract.table")
        if row.trump == HOMBRE_SPADES:
            clauses.append("hom.contract.a-pique")
        if row.needs:
            clauses.append("hom.contract.grand-tourne")
        if row.nolo:
            clauses.append("hom.contract.nolo")
        if row.open:
            clauses.append("hom.contract.nolo-ouvert")
    if state.exchanges or state.phase == HOMBRE_EXCHANGE:
        clauses.append("hom.exchange.hombre" if row is not None and row.hombre_exchanges else "hom.exchange.tiers")
        if row is not None and row.trump == HOMBRE_TURNED:
            clauses.append("hom.exchange.tourne")
        if len(state.exchanges) > 1 or (row is not None and not row.hombre_exchanges):
            clauses.append("hom.exchange.tiers")
    if row is not None and row.nolo:
        clauses.append("hom.exchange.nolo")
    if state.ended == HOMBRE_GIVEN_UP or (row is not None and row.surrender and state.phase in (PLAY, DONE)):
        clauses.append("hom.exchange.surrender")
    played = [t[0] for t in state.tricks] + ([state.trick[0]] if state.trick else [])
    if played:
        clauses += ["hom.play.lead", "hom.play.follow", "hom.play.trick-winner"]
        if state.trump is not None:
            order = card_order(rules, state.trump)
            if any(order.class_of[x] == state.trump for x in played):
                clauses.append("hom.play.matador-privilege")
            clauses += ["hom.deck.matadors", "hom.deck.trump-order", "hom.deck.plain-order"]
        else:
            clauses.append("hom.deck.nolo-order")
    if state.is_over and row is not None:
        clauses += ["hom.count.nolo" if row.nolo else "hom.count.result", "hom.count.score"]
        if state.vole is not None or state.ended == HOMBRE_STOPPED:
            clauses.append("hom.count.vole")
    if seeded:
        clauses += ["hom.deal.packets", "hom.deal.talon", "hom.deck.cards"]
    if in_session:
        clauses += ["hom.match.coups", "hom.match.next-dealer"]
    clauses.append("hom.players.four" if table.seating.at_table == 4 else "hom.players.count")
    return list(dict.fromkeys(clauses))


def _build_hombre(c: Choices, ruleset: str, offer: Offer, start: Start | None = None) -> Case:
    """A case of a game with an auction (the layout above), or from `start` (`build`)."""
    if start is None:
        in_session = c.at(HO_SESSION) >= SESSION_AT and "session" in offer.features
        params, rules = _hombre_params(c, ruleset, offer)
        at_table = rules.table_size
        dealer = (at_table - 1 + c.at(HO_DEALER)) % at_table
        seating = Seating(rules.n_players, (dealer - rules.dealer) % at_table, rules.teams, at_table)
        seeded = c.at(SEEDED) >= SEEDED_AT and "seeded-deal" in offer.features
        deal, seed = _hombre_deal(c, rules, seeded)
        setup: dict[str, Any] = {"dealer": dealer}
        if seeded:
            setup["seed"] = seed
        else:
            out = set(seating.sitting_out())
            setup["hands"] = [[] if p in out else rules.cards_text(deal.hands[seating.seat(p)]) for p in range(at_table)]
            setup["talon"] = [rules.card_text(x) for x in deal.stock]
        if in_session:
            setup["session"] = _hombre_session(c, rules, at_table)
    else:
        params, rules, setup, seeded, seed = _started(start)
        in_session = "session" in setup
    table = Table(rules, setup)
    state = table.state
    steps: list[dict[str, Any]] = [{"expect": _observe(table, HOMBRE_AT_START + (("deal",) if seeded else ()))}]
    limit = min(c.at(LIMIT), MAX_ATTEMPTS)
    style = c.at(HO_STYLE)
    cut, greedy = BID_CUTS[style % len(BID_CUTS)], bool(style & GREEDY)
    attempts = refused = 0
    refusals: list[str] = []  # the reference engine's messages, in order
    reach = Reach(reach_of(c), offer.features, in_session)
    first_ending = ""
    later: list[Later] = []
    while True:
        while not state.is_over and attempts < limit:
            reach.due(attempts, table, steps)
            b = c.at(ACTIONS + attempts)
            text = _hombre_illegal(table, b) if b >= 256 - ILLEGAL else _hombre_pick(state, b, cut, greedy)
            attempts += 1
            phase, named, drawn, tricks = state.phase, state.contract, len(state.exchanges), len(state.tricks)
            answer = table.act(text)
            if answer["ok"]:
                steps.append({"do": text})
            else:
                refused += 1
                steps.append({"reject": text, "code": answer["code"]})
                refusals.append(answer["message"])
            if state.is_over:
                break  # the end's observations follow: the tricks, then the outcome first
            # the auction over: what it said and settled; a contract or a trump named; a player's
            # draw: the exchanges and the cards moved; after a trick: its winner first; then who
            # acts and may do what
            seen: dict[str, Any] = {}
            if phase == HOMBRE_AUCTION and state.phase != HOMBRE_AUCTION:
                seen = _observe(table, HOMBRE_AFTER_AUCTION)
            elif phase == HOMBRE_DECLARE and (state.phase != HOMBRE_DECLARE or state.contract is not named):
                seen = _observe(table, HOMBRE_AFTER_DECLARE)
            elif len(state.exchanges) > drawn:
                seen = _observe(table, HOMBRE_AFTER_EXCHANGE)
            elif len(state.tricks) > tricks:
                seen = _observe(table, HOMBRE_PER_TRICK)
            seen |= _observe(table, ("legal", "to_act", "trick"))
            steps.append({"expect": seen})
        first_ending = first_ending or (state.ended if state.is_over and state.ended is not None else "cut")
        goes_on = attempts < limit and reach.goes_on(table, lambda: table.observe("session")["winners"] is not None)
        if not goes_on:
            reach.pending(table, steps)
        end: tuple[str, ...] = HOMBRE_AT_END
        if state.vole is not None:
            end = ("tricks", "ledger", *(name for name in HOMBRE_AT_END if name not in ("tricks", "ledger")))
        steps.append({"expect": _observe(table, end + (("session",) if in_session else ()))})
        if not goes_on:
            break
        later.append(Later(len(steps), attempts, {}))
        reach.deal(table, steps, seeded, lambda: _observe(table, HOMBRE_AT_START + ("session",) + (("deal",) if seeded else ())))
        later[-1] = later[-1]._replace(setup=_later_setup(table, steps[later[-1].step]["deal"]))
        state = table.state
    ending = first_ending
    summary = Summary(ruleset, "session" if in_session else "alone", params != dict(offer.plays.get(ruleset, {})), seed,
                      seeded, ending, attempts - refused, refused, 1 + reach.asked["deal"], reach.asked_names())
    scenario: dict[str, Any] = {"id": "fuzz", "description": "a fuzzed case",
                                "clauses": _hombre_clauses(table, seeded, in_session), "ruleset": ruleset}
    if params:
        scenario["params"] = params
    scenario |= {"origin": "fuzzed", "setup": setup, "steps": steps}
    return Case(scenario, summary, tuple(refusals), tuple(later))


def _observe(table: Table, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: table.observe(name) for name in names}


def search_bytes(seed: int, number: int) -> bytes:
    """The bytes of the search's case `number` under `seed`: the deal is the documented
    shuffle of a seed drawn here, four cases in five play the deal out."""
    rng = random.Random(f"brou-fuzz:{seed}:{number}")
    out = bytearray(rng.randbytes(CASE_BYTES))
    out[LIMIT] = 255 if rng.random() < 0.8 else rng.randrange(0, 80)
    deal_seed = rng.getrandbits(64)
    out[SEED:SEED + 8] = deal_seed.to_bytes(8, "big")
    out[DIGITS:DIGITS + MAX_DIGITS] = bytes(swaps(MAX_DIGITS + 1, deal_seed))
    # the reach (brou.conformance.cases.reach) from a generator of its own, so that the bytes above
    # are the ones they always were; placed after the action bytes the case may read
    base = ACTIONS + min(out[LIMIT], MAX_ATTEMPTS)
    out = out.ljust(base + REACH_BYTES, b"\0")
    out[base:base + REACH_BYTES] = random.Random(f"brou-fuzz-reach:{seed}:{number}").randbytes(REACH_BYTES)
    return bytes(out)


# -- running --------------------------------------------------------------------------------


@dataclass
class Finding:
    """The first case that did not pass, as found and as shrunk."""

    number: int  # the case's number in the search
    verdict: Verdict  # of the shrunk case, cut after its failing step
    scenario: dict[str, Any]  # the shrunk case as a scenario of the corpus
    found_steps: int  # steps of the case as found
    found_actions: int  # and the actions it took or tried
    shrink_seconds: float
    shrink_tries: int
    path: Path | None = None  # where the scenario was written
    found_deals: int = 1  # the deals the case found played
    from_deal: int = 0  # the deal of the case found (from 0) the shrunk case begins at, its match's or session's numbers as setup

    @property
    def kind(self) -> str:
        return "divergence" if self.verdict.status == FAILED else "error"


@dataclass
class FuzzRun:
    """What a fuzzing run did."""

    implementation: str
    seed: int
    rulesets: tuple[str, ...] = ()
    cases: int = 0
    seconds: float = 0.0
    by_ruleset: Counter[str] = field(default_factory=Counter)
    settings: Counter[str] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    actions: int = 0
    refused: int = 0
    skipped: int = 0
    deals: int = 0  # the deals played, several in a case that goes on to the next deals
    reach: Counter[str] = field(default_factory=Counter)  # what was asked beyond the deals (brou.conformance.cases.reach)
    finding: Finding | None = None
    start_error: str | None = None

    @property
    def exit_status(self) -> int:
        """0 no divergence; 1 a divergence (a wrong answer); 3 an error (a crash, a hang, a
        broken answer), as `brou check`, or every case skipped (nothing was checked)."""
        if self.finding is not None:
            return 1 if self.finding.kind == "divergence" else 3
        return 3 if self.start_error or (self.cases and self.skipped == self.cases) else 0


class _Judge:
    """Cases judged against the implementation, through the harness, each verdict kept for
    its scenario (hypothesis may ask for the same case again)."""

    def __init__(self, impl: Implementation, session: Session, timeout: float) -> None:
        self.impl, self.session, self.timeout = impl, session, timeout
        self.last: Outcome | None = None
        self.cache: dict[str, Verdict] = {}
        # the next case of the search, fetched (and sent, if the implementation takes requests
        # ahead) while this one's answer is judged (`fetch_next`)
        self.upcoming: tuple[tuple[int, bytes, Summary, Scenario], Prepared | None] | None = None
        self.sender = impl if isinstance(impl, Ahead) else None  # the implementation, if it takes requests ahead

    def __call__(self, case: Case) -> Verdict:
        return self.scenario(Scenario(case.data, "brou fuzz", 0))

    def scenario(self, s: Scenario, ahead: Prepared | None = None, answered: Callable[[], None] | None = None) -> Verdict:
        """The verdict on `s` (`ahead`: it was sent already, `judging.verdict.send_ahead`; `answered`:
        called once its answer is in, before it is judged)."""
        known = self.cache.get(s.text) if ahead is None else None
        if known is not None:
            return known
        before = self.last
        was = before.verdict.status if before is not None else None
        verdict = verdict_of(self.impl, s, self.session, timeout=self.timeout, max_hangs=0, ahead=ahead, answered=answered)
        verdict = with_clause(s, verdict)
        if verdict.status in (FAILED, ERRORED):
            self.drop()  # the search stops here: nothing else is asked before its answer is taken
        if before is not None and was != ERRORED and before.verdict.status == ERRORED:
            # it answered the case before twice: the harness errored that one, and asked this one again
            verdict = before.verdict._replace(detail=f"{before.verdict.detail} (after its answer to the case before)")
        outcome = Outcome(s, verdict)
        self.session.answered(outcome)
        self.last = outcome
        if verdict.status == ERRORED and self.session.gave_up is not None:
            self.session.gave_up = None  # shrinking asks again: start it afresh
        if verdict.status == ERRORED and verdict.detail.startswith("the implementation reported an error"):
            verdict = self._before_last_deal(s, verdict)
        self.cache[s.text] = verdict
        return verdict

    def fetch_next(self, cases: _Cases, send: bool) -> None:
        """Take the search's next case now, and send it if `send` and the implementation takes
        requests ahead (`judging.verdict.send_ahead`): it plays it while this one is judged."""
        number, data, summary, s, whole = cases.next_whole()
        sent = send_ahead(self.sender, s, self.session, whole) if send and self.sender is not None else None
        self.upcoming = (number, data, summary, s), sent

    def drop(self) -> None:
        """The answer to a case sent ahead that will not be judged (the search stops before
        it), taken and dropped; if it does not come right, the implementation is started afresh
        before it is asked anything else."""
        upcoming, self.upcoming = self.upcoming, None
        if upcoming is None or upcoming[1] is None or self.sender is None:
            return
        try:
            self.sender.receive(self.timeout)
        except ImplementationError:
            self.session.hello = None
        self.session.last_answered = None  # nothing it does after is laid on the case judged before

    def _before_last_deal(self, s: Scenario, verdict: Verdict) -> Verdict:
        """A case of several deals that the implementation cannot run at all (it refuses a `deal`
        step: it holds the match or session over, say) judged up to its last `deal` step, and
        so on back: a wrong answer there is what went wrong first (its step is the same in the
        whole case); else the error stands."""
        data = s.data
        deals = [i for i, step in enumerate(data["steps"]) if "deal" in step]
        if not deals:
            return verdict
        before = self.scenario(Scenario(data | {"steps": data["steps"][:deals[-1]]}, s.file, s.line))
        return before if before.status == FAILED else verdict


BACKGROUND_FROM = 200  # budgets of more cases than this are built in a process of their own
# the search's JSON, as json.dumps writes it (a case is made here, never circular: no cycles looked for)
_TEXT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)
_ASCII = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def _search_main(argv: list[str]) -> int:
    """`python -m brou.conformance.cases.fuzz SEED OFFER`: the search's cases from case 1 on, one line
    each, until its output is closed: tab-separated JSON texts, [number, bytes as hex, summary,
    the scenario's fields of `_ABOUT`], the scenario, and (empty if none) its whole request
    and the results that pass it (`compare.passing_results`), ASCII, as `brou serve` writes them."""
    seed, offer = int(argv[0]), Offer.from_json(argv[1])
    out = sys.stdout
    number = 0
    try:
        while True:
            number += 1
            data = search_bytes(seed, number)
            case = build(data, offer)
            about = {k: case.data[k] for k in _ABOUT if k in case.data}
            passing = passing_results(case.data, case.refusals)
            whole = "" if passing is None else f"{_ASCII.encode(request_of(case.data))}\t{_ASCII.encode(passing)}"
            out.write(json.dumps([number, data.hex(), case.summary, about], separators=(",", ":")) + "\t"
                      + _TEXT.encode(case.data) + "\t" + whole + "\n")
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    except Exception as exc:  # a case the reference engine cannot build: said in one line, the run stops
        print(f"brou fuzz: the search stopped at case {number}: {exc.__class__.__name__}: {exc}"[:500], file=sys.stderr)
        return 70


def _summary(fields: list[Any]) -> Summary:
    """A case's summary as the search process wrote it (a JSON list: its tuple of names a list)."""
    summary = Summary(*fields)
    return summary._replace(asked=tuple(summary.asked))


# the fields of a scenario that `Scenario` is made from (with its text)
_ABOUT = ("id", "description", "clauses", "ruleset", "params", "origin")


CASES_PIPE = 1 << 20  # bytes of cases the search may write ahead (Linux's largest pipe for anyone)


class _Cases:
    """The search's cases in order: from a search process when many are wanted (the engine's
    work then overlaps the implementation's), else built here."""

    def __init__(self, seed: int, offer: Offer, background: bool) -> None:
        self.seed, self.offer = seed, offer
        self.number = 0
        self.process: subprocess.Popen[str] | None = None
        if background:
            self.process = subprocess.Popen([sys.executable, "-m", "brou.conformance.cases.fuzz", str(seed), offer.to_json()],
                                            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                                            encoding="utf-8", bufsize=1 << 16)
            with contextlib.suppress(ImportError, AttributeError, OSError):  # a longer queue of cases, where a pipe may grow
                import fcntl

                assert self.process.stdout is not None
                fcntl.fcntl(self.process.stdout.fileno(), fcntl.F_SETPIPE_SZ, CASES_PIPE)

    def next(self) -> tuple[int, bytes, Summary, Scenario]:
        number, data, summary, s, _ = self.next_whole()
        return number, data, summary, s

    def next_whole(self) -> tuple[int, bytes, Summary, Scenario, tuple[bytes, bytes] | None]:
        """The next case, and from a search process its whole request and passing results as
        text (`judging.verdict.prepare_whole`), or None."""
        if self.process is None:
            self.number += 1
            data = search_bytes(self.seed, self.number)
            case = build(data, self.offer)
            return self.number, data, case.summary, Scenario(case.data, "brou fuzz", self.number), None
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise BrouError(f"brou fuzz: the search process stopped (exit status {self.process.wait()})")
        head, text, *whole = line.rstrip("\n").split("\t")
        number, data, summary, about = json.loads(head)
        sent = (whole[0].encode("ascii"), whole[1].encode("ascii")) if len(whole) == 2 else None
        return number, bytes.fromhex(data), _summary(summary), Scenario(about, "brou fuzz", number, text), sent

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            if self.process.stdout is not None:
                self.process.stdout.close()
            self.process = None


def _same_fault(first: Verdict, other: Verdict) -> bool:
    """Whether a shrunk case fails as the case found did: a wrong answer, or an error of the same kind."""
    if first.status != other.status:
        return False
    return first.status == FAILED or first.detail.split(":", 1)[0] == other.detail.split(":", 1)[0]


def shrink(data: bytes, fails: Callable[[bytes], bool], seconds: float, seed: int,
           left: Callable[[], float] | None = None) -> tuple[bytes, int]:
    """The smallest bytes that hypothesis finds from `data` (which must fail) for which
    `fails` holds, within about `seconds`; and the number of cases tried.  (Hypothesis
    shrinks by itself, as it tries: not seeded, it still goes the same way for the same
    case, since its passes are deterministic but for their order.)"""
    from hypothesis import HealthCheck, Phase, Verbosity, find, settings
    from hypothesis import strategies as st
    from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes
    from hypothesis.errors import HypothesisException

    key = b"brou-fuzz"
    database = InMemoryExampleDatabase()
    # a case in the secondary corpus of `key` is one that failed and is not yet shrunk: the
    # reuse phase replays it, and the shrink phase shrinks it
    database.save(key + b".secondary", choices_to_bytes((data,)))
    deadline = time.monotonic() + seconds
    best = [data]
    seen: dict[bytes, bool] = {}

    def condition(candidate: bytes) -> bool:
        if candidate in seen:
            return seen[candidate]
        result = time.monotonic() < deadline and (left is None or left() > 0) and fails(candidate)
        seen[candidate] = result
        if result and (len(candidate), candidate) < (len(best[0]), best[0]):
            best[0] = candidate
        return result

    rules = settings(database=database, phases=[Phase.reuse, Phase.shrink], max_examples=100, deadline=None,
                     suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet)
    # nothing smaller failed, or the implementation is not deterministic: the best case seen stands
    with contextlib.suppress(HypothesisException, unittest.SkipTest):
        find(st.binary(max_size=len(data)), condition, settings=rules, database_key=key)
    return best[0], len(seen)


SHORTER_LIMITS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48)
SHORTER_TRIES = 24  # random cases tried at each number of actions


def shorter(data: bytes, actions: int, fails: Callable[[bytes], bool], rng: random.Random,
            left: Callable[[], float] = lambda: 1.0) -> tuple[bytes, int]:
    """Bytes of a case with fewer actions that fails as `data` does, if one turns up among
    random cases that keep its first bytes (ruleset, parameters, setting, scores, lopsided)
    and draw their actions afresh, every other one its deal too, with 1, 2, 3, 4, 6, ...
    actions; else `data`.  Shrinking keeps a case failing at every step, so it cannot trade
    a long deal for a short one: this search can.  Also the number of cases tried."""
    tries = 0
    reach = reach_of(Choices(data))
    for limit in SHORTER_LIMITS:
        if limit >= actions:
            break
        for k in range(SHORTER_TRIES):
            candidate = bytearray(data.ljust(CASE_BYTES, b"\0"))
            candidate[LIMIT] = limit
            if k % 2:
                candidate[SEED:ACTIONS] = rng.randbytes(ACTIONS - SEED)
            candidate[ACTIONS:ACTIONS + limit] = rng.randbytes(limit)
            candidate = candidate[:ACTIONS + limit] + reach  # the questions asked beyond the deal stay
            if left() <= 0:  # the shrink budget is spent
                return data, tries
            tries += 1
            if fails(bytes(candidate)):
                return bytes(candidate), tries
    return data, tries


def later_bytes(data: bytes, later: Later, deal: int) -> bytes:
    """The bytes of a case that starts at a further deal of the case `data` describes (its
    `deal`-th from 0, `later`; the setup comes from `Start`): the actions tried from that deal on,
    and the reach as it stood there (brou.conformance.cases.reach): the deals still to come, the seed
    of the next, and each question not yet asked at its place among the remaining actions."""
    c = Choices(data)
    limit = min(c.at(LIMIT), MAX_ATTEMPTS)
    before = later.attempts
    out = bytearray(c.at(i) for i in range(ACTIONS))
    out[LIMIT] = limit - before
    out += bytes(c.at(ACTIONS + before + i) for i in range(limit - before))
    reach = bytearray(reach_of(c))
    more = 1 + reach[R_DEALS] % MORE_DEALS if reach[R_DEALS] >= DEALS_AT else 0
    left = max(0, more - deal)
    reach[R_DEALS] = 0 if not left else next(d for d in range(DEALS_AT, 256) if d % MORE_DEALS == left - 1)
    seed = (int.from_bytes(reach[R_SEED:R_SEED + 8], "big") + deal) & MAX_SEED
    reach[R_SEED:R_SEED + 8] = seed.to_bytes(8, "big")
    for asked, point in ((R_VIEW, R_VIEW_AT), (R_SPEAKERS, R_SPEAKERS_AT), (R_PERFT, R_PERFT_AT)):
        if reach[point] % POINTS < before:  # asked in an earlier deal
            reach[asked] = 0
        else:
            reach[point] = reach[point] % POINTS - before
    return bytes(out + reach)


def cut_after(scenario: dict[str, Any], step: int) -> dict[str, Any]:
    """The scenario with the steps after `step` (from 1) left out."""
    return scenario | {"steps": scenario["steps"][:step]}


def one_behaviour(scenario: dict[str, Any], verdict: Verdict, keep_refusals: bool) -> dict[str, Any]:
    """The failing case as a scenario of one behaviour: the actions before its failing step
    as one `do` list (the refusals that passed left out unless `keep_refusals`), then the
    failing step, an observation only of what differs."""
    assert verdict.step is not None
    steps = scenario["steps"][:verdict.step]
    *before, last = steps
    kept: list[dict[str, Any]] = []
    for step in before:
        if "do" in step:
            if kept and "do" in kept[-1]:
                kept[-1]["do"].append(step["do"])
            else:
                kept.append({"do": [step["do"]]})
        elif "deal" in step or ("reject" in step and keep_refusals):  # a next deal: the actions after it are its own
            kept.append(dict(step))
    if "expect" in last and verdict.observed in last["expect"]:
        last = {"expect": {verdict.observed: last["expect"][verdict.observed]}}
    return scenario | {"steps": [*kept, last]}


def actions_of(scenario: dict[str, Any]) -> int:
    """The number of actions a scenario takes or tries."""
    return sum(len(s["do"]) if isinstance(s.get("do"), list) else 1 for s in scenario["steps"] if "do" in s or "reject" in s)


def fuzz(impl: Implementation, *, seed: int = 0, deals: int | None = 1000, seconds: float | None = None,
         rulesets: tuple[str, ...] = (), timeout: float = 10.0, shrink_seconds: float = 60.0,
         progress: Callable[[FuzzRun], None] | None = None) -> FuzzRun:
    """Fuzz `impl` until the budget (cases, seconds) is spent or a case does not pass; that
    case is then shrunk (module docstring), for at most `shrink_seconds`."""
    if not is_time_limit(shrink_seconds):
        raise UsageError(f"brou fuzz: the shrink budget must be a number of seconds, more than 0 (not {shrink_seconds!r})")
    started = time.perf_counter()
    run = FuzzRun(impl.name if hasattr(impl, "name") else "implementation", seed)
    session = Session()
    try:
        try:
            session.hello = impl.start()
        except ImplementationError as exc:
            run.start_error = f"{exc.kind}: {exc.detail}"
            return run
        offer = Offer.of(session.hello, rulesets)
        run.rulesets = offer.rulesets
        judge = _Judge(impl, session, timeout)
        end = None if seconds is None else started + seconds
        background = deals is None or deals > BACKGROUND_FROM
        cases = _Cases(seed, offer, background)

        def fetch_next() -> None:  # with the search in a process of its own: the next case sent at once
            if deals is None or run.cases + 1 < deals:
                judge.fetch_next(cases, send=True)

        try:
            while (deals is None or run.cases < deals) and (end is None or time.perf_counter() < end):
                (number, data, summary, s), ahead = judge.upcoming or (cases.next(), None)
                judge.upcoming = None
                t0 = time.monotonic()
                verdict = judge.scenario(s, ahead, fetch_next if background else None)
                took = time.monotonic() - t0
                judge.cache.clear()  # the search never meets a case twice
                _count(run, summary, verdict)
                if progress is not None:
                    progress(run)
                if verdict.status in (FAILED, ERRORED):
                    cases.close()
                    run.seconds = time.perf_counter() - started  # the search; shrinking is timed apart
                    run.finding = _shrunk(judge, offer, data, s, verdict, number, shrink_seconds, seed, took)
                    return run
            judge.drop()
        finally:
            cases.close()
        run.seconds = time.perf_counter() - started
        return run
    finally:
        session.finish(impl)


def _count(run: FuzzRun, case: Summary, verdict: Verdict) -> None:
    run.cases += 1
    run.by_ruleset[case.ruleset] += 1
    run.settings[case.setting] += 1
    if case.seeded:
        run.settings["seeded"] += 1
    if case.variant:
        run.settings["variant"] += 1
    run.endings[case.ending] += 1
    run.actions += case.actions
    run.refused += case.refused
    run.deals += case.deals
    run.reach.update(case.asked)
    if verdict.status == SKIPPED:
        run.skipped += 1


_P = ParamSpec("_P")
RESERVED_RUNS = 3  # the shrink budget keeps time for this many runs of the slowest case: one behaviour's tries


class _Clock:
    """The shrink budget: the time left for the search, once RESERVED_RUNS runs of the slowest
    case judged so far are kept for writing one behaviour."""

    def __init__(self, seconds: float, slowest: float) -> None:
        self.deadline, self.slowest = time.monotonic() + seconds, slowest

    def left(self) -> float:
        return self.deadline - time.monotonic() - RESERVED_RUNS * self.slowest

    def timed(self, fails: Callable[_P, bool]) -> Callable[_P, bool]:
        def timed_fails(*args: _P.args, **kwargs: _P.kwargs) -> bool:
            t0 = time.monotonic()
            try:
                return fails(*args, **kwargs)
            finally:
                self.slowest = max(self.slowest, time.monotonic() - t0)
        return timed_fails


def _shrunk(judge: _Judge, offer: Offer, data: bytes, found: Scenario, verdict: Verdict, number: int,
            seconds: float, seed: int, found_seconds: float = 0.0) -> Finding:
    """The finding: a shorter case searched for (of a fresh deal, or of the same deal), the case
    then cut to begin at the deal of its match or session that shows the fault (`_one_deal`; a
    shorter case looked for again inside that deal), shrunk by hypothesis, cut again if it still
    spans deals and shrunk once more, then written as one behaviour (not for a hang: each try
    would take the time limit).  All of it within `seconds`: the search sends no case once
    they are spent, but for the time of three runs of the slowest case it met (`found_seconds`
    the case found), kept to try one behaviour; what was found by then stands."""
    t0 = time.perf_counter()
    clock = _Clock(seconds, found_seconds)
    tries = 0
    found_data = found.data
    found_deals = 1 + sum("deal" in step for step in found_data["steps"])
    judge.cache[found.text] = verdict  # judged already: the search may meet it again
    start: Start | None = None
    if not verdict.detail.startswith("hang"):
        def fails_from(candidate: bytes, where: Start | None) -> bool:
            again = judge(build(candidate, offer, where))
            return _same_fault(verdict, again) and (verdict.clause is None or again.clause == verdict.clause)

        def fails_whole(candidate: bytes) -> bool:
            return fails_from(candidate, None)

        rng = random.Random(f"brou-fuzz-shorter:{seed}:{number}")
        # a short case of a fresh deal first: cut to one deal of the case, the deal is kept
        data, tries = shorter(data, actions_of(found_data), clock.timed(fails_whole), rng, clock.left)
        for second in (False, True):
            cut, where, more = _one_deal(judge, offer, data, start, clock.timed(fails_from), clock.left)
            tries += more
            if cut is None and second:
                break  # shrunk, and no later deal of it shows the fault alone

            def fails(candidate: bytes, where: Start | None = where) -> bool:
                return fails_from(candidate, where)

            if cut is not None:
                data, start = cut, where
                if clock.left() > 0:
                    data, more = shorter(data, actions_of(build(data, offer, start).data), clock.timed(fails), rng,
                                         clock.left)
                    tries += more
            if clock.left() > 0:
                data, more = shrink(data, clock.timed(fails), seconds, seed, clock.left)
                tries += more
    scenario = build(data, offer, start).data
    final = judge.scenario(Scenario(scenario, "brou fuzz", 0))
    if not _same_fault(verdict, final):  # a flaky implementation: keep the case as found
        scenario, final, start = found_data, verdict, None
    if final.step is not None:
        candidates = [one_behaviour(scenario, final, False), one_behaviour(scenario, final, True),
                      cut_after(scenario, final.step)]
        for candidate in candidates:
            again = judge.scenario(Scenario(candidate, "brou fuzz", 0))
            if _same_fault(final, again):
                scenario, final = candidate, again
                break
    return Finding(number, final, scenario, len(found_data["steps"]), actions_of(found_data),
                   time.perf_counter() - t0, tries, found_deals=found_deals, from_deal=0 if start is None else start.deal)


def _one_deal(judge: _Judge, offer: Offer, data: bytes, start: Start | None,
              fails: Callable[[bytes, Start | None], bool], left: Callable[[], float]) -> tuple[bytes | None, Start | None, int]:
    """The case `data` (beginning at `start`) cut to begin at the deal of its match or session
    where it fails, the numbers of the match or session before that deal given as setup
    (`Later`, `later_bytes`), if that fails as the case did; else at an earlier deal of it, the
    latest that does; else (None, start).  A fault that one deal shows is then shrunk inside
    that deal, rather than with the deals before it played out.  Also the cases tried."""
    case = build(data, offer, start)
    if not case.later:
        return None, start, 0
    step = judge(case).step  # judged already (the judge keeps its verdicts)
    first = 0 if start is None else start.deal
    tries = 0
    for k in range(len(case.later), 0, -1):
        later = case.later[k - 1]
        if (step is not None and later.step >= step - 1) or left() <= 0:
            continue  # the deal step itself, or after the failing step
        where = Start(case.data["ruleset"], dict(case.data.get("params", {})), later.setup, first + k)
        candidate = later_bytes(data, later, k)
        tries += 1
        if fails(candidate, where):
            return candidate, where, tries
    return None, start, tries


# -- the found case as a scenario file ------------------------------------------------------


def finished_scenario(finding: Finding, run: FuzzRun) -> dict[str, Any]:
    """The shrunk case as a scenario of the corpus: its purpose, the clause it breaks
    (an error: the clauses it touches), an id and a description."""
    data = dict(finding.scenario)
    clause = finding.verdict.clause
    clauses = list(data["clauses"])
    if clause is not None:
        clauses = [clause] + [c for c in clauses if c != clause]
    what = finding.verdict.detail.splitlines()[0] if finding.verdict.detail else finding.kind
    named = (clause or clauses[0]).replace("_", "-")
    ident = f"fuzz.{named}.s{run.seed}-c{finding.number}"
    description = (f"found by brou fuzz --seed {run.seed} (case {finding.number}), shrunk from {finding.found_actions} "
                   f"actions{_over(finding)} to {actions_of(data)}{_from(finding)}: {what}")
    out: dict[str, Any] = {"id": ident, "description": " ".join(description.split())[:400], "clauses": clauses,
                           "ruleset": data["ruleset"]}
    if data.get("params"):
        out["params"] = data["params"]
    out |= {"origin": "fuzzed", "setup": data["setup"], "steps": data["steps"]}
    return out


def _over(finding: Finding) -> str:
    """The deals the case found played, if more than one."""
    return f" over {finding.found_deals} deals" if finding.found_deals > 1 else ""


def _from(finding: Finding) -> str:
    """Where the shrunk case begins, if at a later deal of the case found."""
    if not finding.from_deal:
        return ""
    kept = "match" if "match" in finding.scenario["setup"] else "session"
    return f", from its deal {finding.from_deal + 1} on (the {kept} as it stood then given as setup)"


def write_scenario(scenario: dict[str, Any], folder: Path) -> Path:
    """Write a found scenario as a YAML file of the corpus format in `folder` (a new file:
    an existing one is never overwritten)."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = scenario["id"]
    path = folder / f"{stem}.yaml"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.yaml"
    header = (f"# {scenario['description']}\n# Check it: brou check --impl COMMAND --scenarios {path.name}\n")
    body = yaml.dump({"format": FORMAT, "scenarios": [scenario]}, Dumper=NoAliasDumper, sort_keys=False,
                     default_flow_style=None, width=120, allow_unicode=True)
    path.write_text(header + body, encoding="utf-8")
    return path



# -- the report -----------------------------------------------------------------------------


def finding_suspects(finding: Finding) -> list[Suspect]:
    """The verdict on the shrunk case alone: the rule most likely broken (brou.conformance.diagnosis.localise)."""
    if finding.verdict.status != FAILED:
        return []
    try:
        scenario = Scenario(finding.scenario, "brou fuzz", finding.number)
    except (KeyError, TypeError, ValueError):
        return []
    return suspects([Outcome(scenario, finding.verdict)])


def report_data(run: FuzzRun) -> dict[str, Any]:
    """The run as JSON data (`brou fuzz --report json`)."""
    data: dict[str, Any] = {
        "implementation": run.implementation, "seed": run.seed, "rulesets": list(run.rulesets), "cases": run.cases,
        "seconds": round(run.seconds, 3), "cases_per_second": round(run.cases / run.seconds, 1) if run.seconds else None,
        "by_ruleset": dict(run.by_ruleset), "settings": dict(run.settings), "endings": dict(run.endings),
        "deals": run.deals, "deals_per_second": round(run.deals / run.seconds, 1) if run.seconds else None,
        "reach": dict(run.reach),
        "actions": run.actions, "refused": run.refused, "skipped": run.skipped, "exit_status": run.exit_status,
        "start_error": run.start_error, "finding": None}
    f = run.finding
    if f is not None:
        data["finding"] = {
            "kind": f.kind, "case": f.number, "clause": f.verdict.clause, "status": f.verdict.status,
            "verdict": [{"clause": v.clause, "evidence": v.evidence} for v in finding_suspects(f)],
            "step": f.verdict.step, "detail": f.verdict.detail, "expected": f.verdict.expected, "got": f.verdict.got,
            "found": {"steps": f.found_steps, "actions": f.found_actions, "deals": f.found_deals},
            "shrunk": {"steps": len(f.scenario["steps"]), "actions": actions_of(f.scenario),
                       "deals": 1 + sum("deal" in step for step in f.scenario["steps"]), "from_deal": f.from_deal + 1,
                       "seconds": round(f.shrink_seconds, 3), "cases_tried": f.shrink_tries},
            "scenario_file": str(f.path) if f.path else None, "scenario": f.scenario}
    return data


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def _counts(counter: Counter[str], order: tuple[str, ...] = ()) -> str:
    keys = [k for k in order if counter.get(k)] + sorted(k for k in counter if k not in order)
    return ", ".join(f"{k} {counter[k]:,}" for k in keys) or "none"


_ENDINGS = ("played-out", "all-tricks", "claim-right", "claim-wrong", "declaration-made", "declaration-failed",
            "concession-accepted", "replay", "cut")


def report_text(run: FuzzRun, command: str | None = None) -> str:
    """The run as text: what was tried, and the finding with how to replay it."""
    from ...errors import one_line
    from ..protocol.bounds import as_text

    rate = f", {run.cases / run.seconds:,.0f} a second" if run.seconds else ""
    head = f"brou fuzz: {_plural(run.cases, 'case')} against {run.implementation} (seed {run.seed}) in {run.seconds:.1f} s{rate}"
    if run.start_error:
        return one_line(f"brou fuzz: the implementation could not be started: {run.start_error}") + "\n"
    lines = []
    if run.finding is None:
        lines.append(f"{head}: every answer agreed with the reference engine")
    else:
        lines.append(f"{head}: case {run.finding.number} "
                     + ("departs from the reference engine" if run.finding.kind == "divergence" else "errored"))
    lines.append(f"  cases    {_counts(run.by_ruleset)}; {_counts(run.settings, ('alone', 'game', 'match'))}")
    lines.append(f"  endings  {_counts(run.endings, _ENDINGS)}")
    skipped = f"; {_plural(run.skipped, 'case')} skipped" if run.skipped else ""
    lines.append(f"  actions  {run.actions:,} taken, {run.refused:,} refused{skipped}")
    further = run.reach.get("deal", 0)
    asked = ", ".join(f"{name} {run.reach[name]:,}" for name in ("view", "speakers", "perft") if run.reach.get(name))
    lines.append(f"  reach    {_plural(run.deals, 'deal')} ({further:,} dealt on in a match or session); "
                 f"asked besides: {asked or 'nothing'}")
    f = run.finding
    if f is not None:
        v = f.verdict
        verdict = finding_suspects(f)
        if verdict:
            lines.append(f"  verdict  {headline(verdict)}")
        if v.clause is not None:
            lines.append(f"  clause   {v.clause}")
        lines.append(f"  {'failed' if v.status == FAILED else 'error':8s} {one_line(v.detail)}")
        if v.status == FAILED:
            lines.append(f"  expected {as_text(v.expected, 300)}")
            lines.append(f"  got      {as_text(v.got, 300)}")
        lines.append(f"  shrunk   from {f.found_actions} actions ({f.found_steps} steps{_over(f).replace(' over', ',')}) to "
                     f"{actions_of(f.scenario)} actions ({len(f.scenario['steps'])} steps){_from(f)} "
                     f"in {f.shrink_seconds:.1f} s, {f.shrink_tries:,} cases tried")
        if f.path is not None:
            lines.append(f"  written  {f.path}")
            replay = f"brou check --impl {shlex.quote(command)}" if command else "brou check"
            lines.append(f"  replay   {replay} --scenarios {shlex.quote(str(f.path))}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(_search_main(sys.argv[1:]))

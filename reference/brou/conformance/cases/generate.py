"""The generated part of the corpus: seeded random and targeted play of the reference
engine, written down with full expectations, and perft counts.

Every scenario here comes from a fixed seed, so `generate(...)` gives the same files
byte for byte each time (tools/generate-corpus writes them; a test regenerates a
sample and compares).  Kinds, per ruleset:

- deal:    a deal from given hands, random legal play; the legal actions before every
           action, now and then an illegal action that must be refused with its code,
           and the tricks, announcements, table marriages and count at the end;
- game:    a deal inside a game (random scores, sometimes a match), played by bots that
           claim, declare and concede, right or wrong; the game's outcome, the score
           sheet's rows, and for a match the marks;
- variant: like `deal`, under one to three parameters set to other options;
- seeded:  a deal from a seed: the hands and turn-up the documented shuffle gives.

Perft scenarios (`perft`) count the legal action sequences from fixed positions.

Rulesets on the phase engine (`PHASE_RULESETS`: Brusquembille, L'Homme d'Auvergne) have their
own, smaller set (`PHASE_COUNTS`), played through the protocol's `Table` (L'Homme
d'Auvergne's deals begin with the speech: random legal words, then cards):

- deal:    a seeded deal of one form (three, two, four, four-partners, five, in turn), random
           legal play; the legal cards before every action, now and then a refused action
           with its code, the trick and the talon at the end of each trick, the draws
           (events), the ledger and the count at a few points, the outcome at the end;
- variant: the same under one or two parameters of the deal set to other options;
- seeded:  the hands, talon and turned card a seed deals, with each form's dealer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from ...cards.shuffle import splitmix64
from ...engine.hombre import GIVEN_UP, STOPPED, HombreDeal
from ...engine.homme import HommeDeal, action_text
from ...engine.phases import ALL_PASSED, PhaseDeal
from ...errors import IllegalAction
from ...laws.auction import words as auction_words
from ...laws.contracts import TURNED, has_auction
from ...laws.game import count_so_far, reaches_target
from ...laws.speech import WORDS, has_speech, word_action
from ...spec.rules import Rules, cards_of
from ..protocol.server import Reference, perft
from ..protocol.table import Table
from ..scenarios.corpus import FORMAT, SCENARIO_DIR

RULESETS = {"homme-de-brou-1802": "hdb", "brouc": "brouc"}
# scenarios per kind and ruleset (the corpus's size)
COUNTS = {"deal": 2400, "game": 1600, "variant": 900, "seeded": 200}
PER_FILE = 200

# the clauses that every played deal exercises, by ruleset
_PLAY_CLAUSES = {
    "hdb": ["hdb.play.lead", "hdb.play.follow", "hdb.play.void-free", "hdb.play.trick-winner", "hdb.play.next-lead"],
    "brouc": ["hdb.play.lead", "brouc.play.follow", "brouc.play.overtrump", "brouc.play.trump-led-lower",
              "brouc.play.only-trumps", "brouc.play.marriage-exception", "brouc.play.no-undertrump",
              "hdb.play.trick-winner", "hdb.play.next-lead"],
}
_COUNT_CLAUSES = {"hdb": ["hdb.count.card-points", "hdb.count.rounding"],
                  "brouc": ["hdb.count.card-points", "brouc.count.rounding"]}
_ANNOUNCE_CLAUSES = {
    "hdb": ["hdb.marriage.announce-window", "hdb.marriage.announce-in-hand", "hdb.marriage.announce-score"],
    "brouc": ["brouc.marriage.announce-window", "hdb.marriage.announce-in-hand", "brouc.marriage.announce-score"],
}
_TABLE_CLAUSES = {"hdb": ["hdb.marriage.table"], "brouc": ["brouc.marriage.table"]}
_OUTCOME_CLAUSES = {
    "hdb": {"played-out": ["hdb.game.last-coup", "hdb.game.target"], "all-tricks": ["hdb.game.vole"],
            "claim-right": ["hdb.game.claim", "hdb.game.claim-right", "hdb.game.value"],
            "claim-wrong": ["hdb.game.claim", "hdb.game.claim-wrong", "hdb.game.value"],
            "declaration-made": ["hdb.game.partie-et-vole", "hdb.game.partie-et-vole-success"],
            "declaration-failed": ["hdb.game.partie-et-vole", "hdb.game.partie-et-vole-failure"],
            "concession-accepted": ["hdb.game.concession", "hdb.game.concession-answer"],
            "replay": ["hdb.game.last-coup"]},
    "brouc": {"played-out": ["brouc.game.target"], "all-tricks": ["brouc.game.cape"],
              "claim-right": ["brouc.game.dehors", "brouc.game.coches"],
              "claim-wrong": ["brouc.game.dehors", "brouc.game.dehors-wrong"],
              "declaration-made": ["brouc.game.cape-et-dehors"], "declaration-failed": ["brouc.game.cape-et-dehors"]},
}
_SHEET_CLAUSE = {"hdb": "hdb.sheet.marque", "brouc": "brouc.sheet.ardoise"}
_MATCH_CLAUSES = {"hdb": ["hdb.match.target", "hdb.match.next-dealer"], "brouc": ["brouc.match.coches", "hdb.match.next-dealer"]}
_DEAL_CLAUSES = {"hdb": ["hdb.deal.packets", "hdb.deal.turnup"], "brouc": ["brouc.deal.packets", "hdb.deal.turnup"]}


def _seeds(start: int) -> Iterator[int]:
    state = start
    while True:
        state, value = splitmix64(state)
        yield value


def _hands(table: Table) -> dict[str, Any]:
    deal = table.observe("deal")
    return {"dealer": table.dealer, "hands": deal["hands"], "turnup": deal["turnup"]}


def _illegal(state: HommeDeal, rng: random.Random) -> str | None:
    """An action the player to act may not take now (a card, an announcement, a pass or a
    game action), or None if none is at hand."""
    rules = state.rules
    legal = set(state.legal_actions())
    n_actions = rules.pass_action + (7 if state.context is not None else 1)
    candidates = [a for a in range(n_actions) if a not in legal]
    if not candidates:
        return None
    # prefer the interesting ones: a card of the hand the rules forbid now
    hand = [a for a in candidates if a < rules.n_indices and state.hands[state.to_act] >> a & 1]
    pool = hand if hand and rng.random() < 0.7 else candidates
    return action_text(rules, rng.choice(pool))


def _code(state: HommeDeal, text: str) -> str:
    probe = state.copy()
    try:
        probe.apply_text(text)
    except IllegalAction as exc:
        return exc.code
    raise AssertionError(f"{text} was expected to be illegal")


def _play(table: Table, rng: random.Random, chooser: Any, illegal_rate: float) -> list[dict[str, Any]]:
    """Play the deal to its end; the steps: the legal actions before each action, the
    action, and now and then a refused one."""
    state = table.state
    steps: list[dict[str, Any]] = []
    while not state.is_over:
        legal = table.observe("legal")
        steps.append({"expect": {"legal": legal}})
        if rng.random() < illegal_rate:
            bad = _illegal(state, rng)
            if bad is not None:
                steps.append({"reject": bad, "code": _code(state, bad)})
        action = chooser(state, rng)
        text = action_text(state.rules, action)
        state.apply(action)
        steps.append({"do": text})
    return _merge_do(steps)


def _merge_do(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive accepted actions as one `do` list (there are none when every action is
    preceded by its legal set, but the final steps of a deal may be)."""
    out: list[dict[str, Any]] = []
    for step in steps:
        if "do" in step and out and "do" in out[-1]:
            prev = out[-1]["do"]
            out[-1]["do"] = (prev if isinstance(prev, list) else [prev]) + [step["do"]]
        else:
            out.append(step)
    return out


def _random_choice(state: HommeDeal, rng: random.Random) -> int:
    legal = state.legal_actions()
    quiet = [a for a in legal if a <= state.rules.pass_action]
    return rng.choice(quiet or legal)


def _game_choice(state: HommeDeal, rng: random.Random) -> int:
    """Claims when right (and sometimes when wrong), declares and concedes now and then."""
    legal = state.legal_actions()
    base = state.rules.pass_action
    team = state.rules.team_of[state.to_act]
    claim = base + 1
    if claim in legal:
        right = reaches_target(state.rules, count_so_far(state, team))
        if (right and rng.random() < 0.8) or rng.random() < 0.01:
            return claim
    special = [a for a in legal if a > base + 1]
    if special and rng.random() < 0.15:
        return rng.choice(special)
    quiet = [a for a in legal if a <= base]
    return rng.choice(quiet or legal)


def _end_expect(table: Table, game: bool, sheet: bool, match: bool) -> dict[str, Any]:
    expect: dict[str, Any] = {"over": True, "tricks": table.observe("tricks"),
                              "announcements": table.observe("announcements"), "table": table.observe("table")}
    if len(table.state.tricks) == table.rules.n_tricks:
        expect["result"] = table.observe("result")
    if game:
        expect["outcome"] = table.observe("outcome")
    if sheet:
        expect["sheet"] = table.observe("sheet")
    if match:
        expect["match"] = table.observe("match")
    return expect


def clauses_touched(prefix: str, table: Table, game: bool, sheet: bool, match: bool) -> list[str]:
    state = table.state
    clauses = list(_PLAY_CLAUSES[prefix])
    if len(state.tricks) == table.rules.n_tricks:
        clauses += _COUNT_CLAUSES[prefix]
    if state.announcements:
        clauses += _ANNOUNCE_CLAUSES[prefix]
    if state.table:
        clauses += _TABLE_CLAUSES[prefix]
    if state.unmarked or (state.table and table.rules.table_marking == "players"):
        clauses.append(f"{prefix}.marriage.table-marked")  # marked or not by the trick's winner
    if game and state.outcome is not None:
        clauses += _OUTCOME_CLAUSES[prefix].get(state.outcome.how, [])
    if sheet:
        clauses.append(_SHEET_CLAUSE[prefix])
    if match:
        clauses += _MATCH_CLAUSES[prefix]
    return list(dict.fromkeys(clauses))


def _deal_scenario(reference: Reference, ruleset: str, kind: str, number: int, seed: int,
                   params: dict[str, Any]) -> dict[str, Any]:
    prefix = RULESETS[ruleset]
    rng = random.Random(seed)
    rules = reference.rules(ruleset, params)
    dealer = rng.randrange(rules.n_players)
    table = Table(rules, {"seed": seed, "dealer": dealer})
    setup = _hands(table)
    illegal_rate = 0.08
    steps = _play(table, rng, _random_choice, illegal_rate)
    steps.append({"expect": _end_expect(table, False, False, False)})
    what = "random legal play" + (" under " + ", ".join(f"{k}={v}" for k, v in params.items()) if params else "")
    scenario: dict[str, Any] = {
        "id": f"gen.{prefix}.{kind}.{number:05d}",
        "description": f"{what} of the deal of seed {seed}; legal actions checked before every action",
        "clauses": clauses_touched(prefix, table, False, False, False),
        "ruleset": ruleset,
    }
    if params:
        scenario["params"] = params
    scenario |= {"origin": "generated", "setup": setup, "steps": steps}
    return scenario


def _game_scenario(reference: Reference, ruleset: str, number: int, seed: int) -> dict[str, Any]:
    prefix = RULESETS[ruleset]
    rng = random.Random(seed)
    rules = reference.rules(ruleset, {})
    dealer = rng.randrange(rules.n_players)
    # scores from the whole range a game passes through, weighted towards the end of a game
    scores = [rng.choice([rng.randrange(-6, 31), rng.randrange(15, 31), rng.randrange(22, 31)]) * 10 for _ in range(2)]
    carried = [rng.choice([0, 0, 0, 20, 40]) for _ in range(2)] if prefix == "brouc" and rng.random() < 0.1 else [0, 0]
    match = rng.random() < 0.3
    marks = [rng.randrange(0, rules.data["match"]["target"]) for _ in range(2)] if match else None
    setup_game: dict[str, Any] = {"scores": scores}
    if any(carried):
        setup_game["carried"] = carried
    spec: dict[str, Any] = {"seed": seed, "dealer": dealer, "game": setup_game}
    if marks is not None:
        spec["match"] = {"marks": marks}
    table = Table(rules, spec)
    setup = _hands(table) | {"game": setup_game}
    if marks is not None:
        setup["match"] = {"marks": marks}
    sheet = rng.random() < 0.5
    steps = _play(table, rng, _game_choice, 0.05)
    steps.append({"expect": _end_expect(table, True, sheet, match)})
    outcome = table.state.outcome
    how = outcome.how if outcome else "?"
    return {
        "id": f"gen.{prefix}.game.{number:05d}",
        "description": f"a deal of seed {seed} inside a game from {scores[0]} to {scores[1]}, played by bots; it ends {how}",
        "clauses": clauses_touched(prefix, table, True, sheet, match),
        "ruleset": ruleset,
        "origin": "generated",
        "setup": setup,
        "steps": steps,
    }


def _seeded_scenario(reference: Reference, ruleset: str, number: int, seed: int) -> dict[str, Any]:
    prefix = RULESETS[ruleset]
    rules = reference.rules(ruleset, {})
    dealer = seed % rules.n_players
    table = Table(rules, {"seed": seed, "dealer": dealer})
    return {
        "id": f"gen.{prefix}.seeded.{number:05d}",
        "description": f"the hands and turn-up that seed {seed} deals with player {dealer} dealing",
        "clauses": _DEAL_CLAUSES[prefix],
        "ruleset": ruleset,
        "origin": "generated",
        "setup": {"dealer": dealer, "seed": seed},
        "steps": [{"expect": {name: table.observe(name) for name in ("deal", "trump", "to_act")}}],
    }


def _variant_params(rules: Rules, rng: random.Random) -> dict[str, Any]:
    """One to three parameters set to another option than the default (only those the
    engine plays in a single deal)."""
    candidates = []
    for name, p in rules.data["parameters"].items():
        others = [o for o in p["options"] if o != p["default"] and not (isinstance(o, str) and (name, o) in _LATER_OPTIONS)]
        if others and name in _DEAL_PARAMS:
            candidates.append((name, others))
    chosen = rng.sample(candidates, rng.randint(1, min(3, len(candidates))))
    return {name: rng.choice(others) for name, others in sorted(chosen)}


# options added after the corpus was generated, left out so that the same seeds still make the
# stored files (announce_window=any-time-once-team-has-trick differs from own-turn-once-team-has-trick
# only out of turn, which generated scenarios do not observe)
_LATER_OPTIONS = {("announce_window", "any-time-once-team-has-trick")}

# parameters that change what happens inside one deal played from given hands
_DEAL_PARAMS = ("following", "marriage_exception", "undertrump_when_void", "announce_window", "extend_to_grand", "card_reuse",
                "turnup_in_first_window", "marriages_in_one_trick", "table_factor", "rounding")


def generate(ruleset: str, kind: str, count: int | None = None) -> list[dict[str, Any]]:
    """The generated scenarios of one kind for one ruleset, in order."""
    if ruleset in PHASE_RULESETS:
        return generate_phase(ruleset, kind, count)
    reference = Reference()
    total = COUNTS[kind] if count is None else count
    base = {"deal": 1, "game": 2, "variant": 3, "seeded": 4}[kind] * 1_000_003 + (0 if ruleset == "brouc" else 7_919)
    seeds = _seeds(base)
    out = []
    for number in range(1, total + 1):
        seed = next(seeds)
        if kind == "deal":
            out.append(_deal_scenario(reference, ruleset, kind, number, seed, {}))
        elif kind == "variant":
            rng = random.Random(seed ^ 0x5EED)
            params = _variant_params(reference.rules(ruleset, {}), rng)
            out.append(_deal_scenario(reference, ruleset, kind, number, seed, params))
        elif kind == "game":
            out.append(_game_scenario(reference, ruleset, number, seed))
        else:
            out.append(_seeded_scenario(reference, ruleset, number, seed))
    return out


def dumps(scenario: dict[str, Any]) -> str:
    return json.dumps(scenario, ensure_ascii=False, separators=(",", ":"))


def write_generated(root: Path = SCENARIO_DIR) -> dict[Path, int]:
    """Write every generated file; returns the number of scenarios per file."""
    written: dict[Path, int] = {}
    for ruleset in [*RULESETS, *PHASE_RULESETS]:
        folder = root / ruleset / "generated"
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.jsonl"):
            old.unlink()
        for kind in PHASE_COUNTS if ruleset in PHASE_RULESETS else COUNTS:
            scenarios = generate(ruleset, kind)
            for start in range(0, len(scenarios), PER_FILE):
                chunk = scenarios[start:start + PER_FILE]
                path = folder / f"{kind}-{start // PER_FILE + 1:02d}.jsonl"
                path.write_text("".join(dumps(s) + "\n" for s in chunk), encoding="utf-8")
                written[path] = len(chunk)
    return written


# -- perft ----------------------------------------------------------------------------------

PERFT_DEPTH = {"homme-de-brou-1802": 9, "brouc": 8}
PERFT_SEEDS = (1, 2, 3, 5, 8, 13)


def perft_scenarios(ruleset: str) -> list[dict[str, Any]]:
    """For fixed deals: the number of legal action sequences of each length up to a depth,
    from the start of the deal and from a position in mid-deal."""
    prefix = RULESETS[ruleset]
    reference = Reference()
    rules = reference.rules(ruleset, {})
    depth = PERFT_DEPTH[ruleset]
    out: list[dict[str, Any]] = []
    for seed in PERFT_SEEDS:
        table = Table(rules, {"seed": seed})
        setup = _hands(table)
        counts: list[dict[str, Any]] = [{"perft": d, "count": perft(table.state, d)} for d in range(1, depth + 1)]
        out.append({
            "id": f"{prefix}.perft.start-{seed}",
            "description": f"legal action sequences of 1 to {depth} actions from the start of the deal of seed {seed}",
            "clauses": list(dict.fromkeys(_PLAY_CLAUSES[prefix] + _ANNOUNCE_CLAUSES[prefix])),
            "ruleset": ruleset, "origin": "perft", "setup": setup, "steps": counts,
        })
        # mid-deal: after the first three tricks of a seeded random play
        rng = random.Random(seed)
        state = table.state
        moves = []
        while len(state.tricks) < 3:
            action = _random_choice(state, rng)
            moves.append(action_text(rules, action))
            state.apply(action)
        counts = [{"perft": d, "count": perft(state, d)} for d in range(1, depth + 1)]
        out.append({
            "id": f"{prefix}.perft.trick-4-{seed}",
            "description": f"legal action sequences of 1 to {depth} actions after three tricks of the deal of seed {seed}",
            "clauses": list(dict.fromkeys(_PLAY_CLAUSES[prefix] + _ANNOUNCE_CLAUSES[prefix])),
            "ruleset": ruleset, "origin": "perft", "setup": setup, "steps": [{"do": moves}] + counts,
        })
        # the last trick: every sequence ends the deal before the deepest counts (counted once each)
        moves = list(moves)
        while len(state.tricks) < 7 and not state.is_over:
            action = _random_choice(state, rng)
            moves.append(action_text(rules, action))
            state.apply(action)
        counts = [{"perft": d, "count": perft(state, d)} for d in range(1, depth + 1)]
        out.append({
            "id": f"{prefix}.perft.last-trick-{seed}",
            "description": f"legal action sequences of 1 to {depth} actions before the last trick of the deal of seed "
                           f"{seed}: a sequence that ends the deal sooner counts once",
            "clauses": list(dict.fromkeys(_PLAY_CLAUSES[prefix] + _ANNOUNCE_CLAUSES[prefix])),
            "ruleset": ruleset, "origin": "perft", "setup": setup, "steps": [{"do": moves}] + counts,
        })
    return out


class NoAliasDumper(yaml.SafeDumper):
    """Scenario files are read with aliases refused: write every value out."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write_perft(root: Path = SCENARIO_DIR) -> dict[Path, int]:
    written = {}
    for ruleset in [*RULESETS, *PHASE_RULESETS]:
        folder = root / ruleset / "perft"
        folder.mkdir(parents=True, exist_ok=True)
        scenarios = phase_perft_scenarios(ruleset) if ruleset in PHASE_RULESETS else perft_scenarios(ruleset)
        path = folder / "perft.yaml"
        header = ("# Perft counts (tools/generate-corpus): the number of legal action sequences of each length,\n"
                  "# every action counted (cards, announcements, passes).  A sequence that ends the deal early counts once.\n")
        body = yaml.dump({"format": FORMAT, "scenarios": scenarios}, Dumper=NoAliasDumper, sort_keys=False,
                         default_flow_style=None, width=120)
        path.write_text(header + body, encoding="utf-8")
        written[path] = len(scenarios)
    return written


# -- rulesets on the phase engine (Brusquembille) ---------------------------------------------

PHASE_RULESETS = {"brusquembille-1718": "brus", "homme-d-auvergne": "auv", "hombre": "hom"}
# scenarios per kind (kept small: a deal of Brusquembille is 30 or 32 cards of free play)
PHASE_COUNTS = {"deal": 200, "variant": 60, "seeded": 40}
_FORMS = {"brus": ("three", "two", "four", "four-partners", "five"), "auv": ("four", "two", "three", "five"),
          "hom": ("three", "four")}
PHASE_FORMS = _FORMS["brus"]
# parameters that change one deal played from given cards (the pack and the way of dealing change
# the cards themselves: seeded and variant deals are given as cards dealt under them)
_PHASE_PARAMS = {"brus": ("ten_rank", "following_after_talon", "odd_jetons", "sevens_removed", "deal_packets"),
                 "auv": ("turner", "king_scoring", "king_showing", "taken_king", "loser_pays", "pack_with_four", "packets"),
                 "hom": ("equal_rank", "sans_prendre_trump")}

_PHASE_PLAY_CLAUSES = {"brus": ["brus.play.lead", "brus.play.free", "brus.play.trick-winner", "brus.play.next-lead",
                                "brus.talon.draw", "brus.talon.last-draw", "brus.talon.last-tricks"],
                       "auv": [], "hom": []}  # what the deal went through: _speech_clauses, _auction_clauses
_PHASE_END_CLAUSES = {"brus": ["brus.count.points", "brus.count.winner", "brus.deck.points"], "auv": [], "hom": []}
_PHASE_DEAL_CLAUSES = {"brus": ["brus.deal.packets", "brus.deal.talon", "brus.deal.turned"],
                       "auv": ["auv.deal.packets", "auv.deal.talon", "auv.deck.cards"],
                       "hom": ["hom.deal.packets", "hom.deal.talon", "hom.deck.cards"]}


def _speech_clauses(state: PhaseDeal) -> list[str]:
    """The clauses a deal with a speech, played out, went through: the turn-offer and the speech
    always; a réjouissance, a deal not played, kings scored or taken, play and the count only when
    they happened."""
    clauses = ["auv.turn.offer"] if state.words and state.rules.data["speech"]["turner"] != "dealer" else []
    if state.turned:
        clauses += ["auv.speech.round", "auv.speech.trump"]
    if len(state.turned) > 1 or state.ended == "all-passed":
        clauses.append("auv.speech.rejouissance")
    if state.ended == "not-turned":
        clauses.append("auv.turn.nobody")
    written = {e.clause for e in state.ledger}
    clauses += [c for c in ("auv.king.turned", "auv.king.held", "auv.king.taken") if c in written]
    if state.tricks:
        clauses += ["auv.play.lead", "auv.play.follow", "auv.play.trump-if-void", "auv.play.trick-winner",
                    "auv.count.homme-wins", "auv.count.won" if "auv.count.won" in written else "auv.count.lost"]
    return clauses


def _auction_clauses(state: HombreDeal) -> list[str]:
    """The clauses a deal with an auction (L'Hombre), played out, went through: the auction
    always; the contract, the exchange, play and the count only when they happened."""
    rules = state.rules
    clauses = ["hom.deal.packets", "hom.deal.talon", "hom.auction.order"]
    if any(bid is None for _, bid in state.said):
        clauses.append("hom.auction.pass-final")
    if sum(1 for _, bid in state.said if bid is not None) > 1:
        clauses.append("hom.auction.priority")
    if state.ended == ALL_PASSED:
        clauses.append("hom.auction.all-pass")
    if rules.table_size != rules.n_players:
        clauses.append("hom.players.four")
    row = state.contract
    if row is None:
        return clauses
    clauses.append("hom.players.count")
    if state.bid == "demande":
        clauses.append("hom.contract.demande")
    if state.bid == "sans-prendre":
        clauses.append("hom.contract.sans-prendre")
    clauses.append({"demande-a-pique": "hom.contract.a-pique", "sans-prendre-a-pique": "hom.contract.a-pique",
                    "grand-tourne": "hom.contract.grand-tourne", "nolo-ouvert": "hom.contract.nolo-ouvert"}.get(
                        row.name, "hom.contract.nolo" if row.nolo else "hom.contract.table"))
    if row.trump == TURNED:
        clauses.append("hom.exchange.tourne")
    if row.nolo:
        clauses.append("hom.exchange.nolo")
    elif any(seat == state.hombre for seat, _ in state.exchanges):
        clauses.append("hom.exchange.hombre")
    if any(seat != state.hombre for seat, _ in state.exchanges):
        clauses.append("hom.exchange.tiers")
    if state.ended == GIVEN_UP:
        clauses += ["hom.exchange.surrender", "hom.count.score"]
        return clauses
    if state.tricks:
        clauses += ["hom.play.lead", "hom.play.follow", "hom.play.trick-winner"]
        if not row.nolo:
            clauses.append("hom.play.matador-privilege")
    clauses.append("hom.count.nolo" if row.nolo else "hom.count.result")
    if state.ended == STOPPED or state.vole is not None:
        clauses.append("hom.count.vole")
    clauses.append("hom.count.score")
    return clauses


def _phase_dealer(rules: Rules, rng: random.Random) -> int:
    """A dealer the form allows (in two pairs, only the rightmost player of a pair deals)."""
    step = rules.data["session"]["next_dealer_step"]
    if has_auction(rules):
        return rng.choice(range(rules.table_size))
    return rng.choice([p for p in range(rules.n_players) if p % step == rules.dealer % step])


def _phase_illegal(table: Table, rng: random.Random) -> str | None:
    """An action the player to act may not play now: a card of his hand the rules refuse, a
    card he does not hold, a card outside the pack, or no card at all."""
    state, rules = table.state, table.rules
    legal = set(state.legal_actions())
    hand = state.hands[state.to_act]
    if has_auction(rules):
        names = auction_words(rules)
        said = [w for i, w in enumerate(names) if rules.n_indices + i not in legal]
        if rng.random() < (0.2 if state.phase == "play" else 0.7):  # a word most often before play
            return rng.choice(said) if said else None
        refused = [c for c in range(rules.n_indices) if hand >> c & 1 and c not in legal]
        if refused and rng.random() < 0.8:
            return rules.card_text(rng.choice(refused))
        return rules.card_text(rng.choice([c for c in range(rules.n_indices) if rules.pack >> c & 1 and not hand >> c & 1]))
    if has_speech(rules) and state.phase != "play":
        words = [w for w in WORDS if word_action(rules, WORDS.index(w)) not in legal]
        return rng.choice(words) if rng.random() < 0.7 else rules.card_text(rng.choice(cards_of(hand)))
    if has_speech(rules) and rng.random() < 0.3:
        return rng.choice(WORDS)
    refused = [c for c in range(rules.n_indices) if hand >> c & 1 and c not in legal]
    if refused and rng.random() < 0.8:
        return rules.card_text(rng.choice(refused))
    choice = rng.random()
    if choice < 0.6:
        others = [c for c in range(rules.n_indices) if rules.pack >> c & 1 and not hand >> c & 1]
        return rules.card_text(rng.choice(others))
    if choice < 0.8:
        outside = [c for c in range(rules.n_indices) if not rules.pack >> c & 1]
        if outside:
            return rules.card_text(rng.choice(outside))
    return rng.choice(["pass", "claim"])


def _phase_code(table: Table, text: str) -> str:
    saved, table.state = table.state, table.state.copy()
    try:
        answer = table.act(text)
    finally:
        table.state = saved
    assert not answer["ok"], f"{text} was expected to be refused"
    return str(answer["code"])


def _phase_play(table: Table, rng: random.Random, illegal_rate: float) -> list[dict[str, Any]]:
    """Play the deal to its end by random legal cards.  Steps: the legal cards before each
    card; now and then a refused action; after each trick the trick's winners so far and the
    talon left; after the first trick, after the last draw and at the end the draws, the
    ledger and the count."""
    state, rules = table.state, table.rules
    n = rules.n_players
    last_draw = (rules.talon_size + n - 1) // n  # the trick after which the talon is gone
    speech, auction = has_speech(rules), has_auction(rules)
    steps: list[dict[str, Any]] = []
    while not state.is_over:
        steps.append({"expect": {"legal": table.observe("legal")}})
        if rng.random() < illegal_rate:
            bad = _phase_illegal(table, rng)
            if bad is not None:
                steps.append({"reject": bad, "code": _phase_code(table, bad)})
        before, speaking = len(state.tricks), state.phase != "play"
        card = table.action_text(_phase_choice(state, rng) if auction else rng.choice(state.legal_actions()))
        answer = table.act(card)
        assert answer["ok"], answer
        steps.append({"do": card})
        if speech and speaking and state.phase == "play":
            steps.append({"expect": {name: table.observe(name) for name in ("homme", "trump", "words", "events", "ledger",
                                                                            "to_act")}})
        if auction and speaking and state.phase in ("play", "done"):
            steps.append({"expect": {name: table.observe(name) for name in ("auction", "hombre", "contract", "exchange",
                                                                            "events", "talon", "to_act")}})
        if len(state.tricks) > before:
            done = len(state.tricks)
            expect: dict[str, Any] = {"trick": [], "tricks": table.observe("tricks"), "talon": table.observe("talon")}
            if (speech or auction) and not state.is_over:
                expect |= {name: table.observe(name) for name in ("ledger", "result")}
            elif done in (1, last_draw) and not state.is_over:
                expect |= {name: table.observe(name) for name in ("events", "ledger", "result")}
            if not state.is_over:
                expect["to_act"] = table.observe("to_act")
            steps.append({"expect": expect})
    steps.append({"expect": {name: table.observe(name) for name in ("over", "events", "ledger", "result", "outcome")}})
    return _merge_do(steps)


def _phase_choice(state: PhaseDeal, rng: random.Random) -> int:
    """A random legal action of a deal with an auction, weighted so that deals reach every
    contract: in the auction a pass about half the time, else one of the three lowest bids
    open; in play a card far more often than a surrender or a stop."""
    legal = state.legal_actions()
    cards = [a for a in legal if a < state.rules.n_indices]
    if state.phase == "auction":
        bids = legal[:-1]  # the pass is the last word open
        if not bids or rng.random() < 0.45:
            return legal[-1]
        return rng.choice(bids[:3])
    if state.phase == "play" and cards and len(cards) < len(legal) and rng.random() < 0.9:
        return rng.choice(cards)
    return rng.choice(legal)


def _phase_setup(table: Table) -> dict[str, Any]:
    deal = table.observe("deal")
    return {"dealer": table.dealer, **deal}


def _phase_variant_params(rules: Rules, rng: random.Random) -> dict[str, Any]:
    """One or two parameters of the deal set to another option than the default."""
    candidates = []
    for name in _PHASE_PARAMS[PHASE_RULESETS[rules.id]]:
        p = rules.data["parameters"][name]
        others = [o for o in p["options"] if o != p["default"]]
        if others:
            candidates.append((name, others))
    chosen = rng.sample(candidates, rng.randint(1, 2))
    return {name: rng.choice(others) for name, others in sorted(chosen)}


def _phase_deal_scenario(reference: Reference, ruleset: str, kind: str, number: int, seed: int,
                         params: dict[str, Any]) -> dict[str, Any]:
    prefix = PHASE_RULESETS[ruleset]
    rng = random.Random(seed)
    rules = reference.rules(ruleset, params)
    dealer = _phase_dealer(rules, rng)
    table = Table(rules, {"seed": seed, "dealer": dealer})
    setup = _phase_setup(table)
    steps = _phase_play(table, rng, 0.08)
    clauses = list(_PHASE_PLAY_CLAUSES[prefix]) + list(_PHASE_END_CLAUSES[prefix])
    what = "random legal play" + (" under " + ", ".join(f"{k}={v}" for k, v in params.items()) if params else "")
    if prefix == "hom":
        assert isinstance(table.state, HombreDeal)
        return {"id": f"gen.{prefix}.{kind}.{number:05d}",
                "description": f"{what} of the deal of seed {seed} dealt by player {dealer}: random bids, contract, "
                               "exchange and cards; legal actions checked before every action",
                "clauses": list(dict.fromkeys(_auction_clauses(table.state))), "ruleset": ruleset, "params": params,
                "origin": "generated", "setup": setup, "steps": steps}
    if prefix == "auv":
        clauses = _speech_clauses(table.state)
        return {"id": f"gen.{prefix}.{kind}.{number:05d}",
                "description": f"{what} of the deal of seed {seed} dealt by player {dealer}; legal actions checked "
                               "before every action",
                "clauses": clauses, "ruleset": ruleset, "params": params, "origin": "generated", "setup": setup,
                "steps": steps}
    if table.state.ledger:
        clauses.append(f"{prefix}.stakes.pool" if rules.data["session"]["kind"] == "pool" else f"{prefix}.match.points")
    if rules.pays_brusquembilles:
        clauses.append(f"{prefix}.pay.brusquembille")
    clauses.append(f"{prefix}.pay.when")
    if rules.n_players != 3:
        clauses.append(f"{prefix}.players.forms")
    scenario: dict[str, Any] = {
        "id": f"gen.{prefix}.{kind}.{number:05d}",
        "description": f"{what} of the deal of seed {seed} dealt by player {dealer}; legal cards checked before every card",
        "clauses": list(dict.fromkeys(clauses)),
        "ruleset": ruleset,
        "params": params,
        "origin": "generated", "setup": setup, "steps": steps,
    }
    return scenario


def _phase_seeded_scenario(reference: Reference, ruleset: str, number: int, seed: int, form: str) -> dict[str, Any]:
    prefix = PHASE_RULESETS[ruleset]
    params = {"form": form}
    rules = reference.rules(ruleset, params)
    dealer = _phase_dealer(rules, random.Random(seed))
    table = Table(rules, {"seed": seed, "dealer": dealer})
    what = "the hands and talon" if has_speech(rules) or has_auction(rules) else "the hands, talon and turned card"
    players = rules.table_size if has_auction(rules) else rules.n_players
    return {
        "id": f"gen.{prefix}.seeded.{number:05d}",
        "description": f"{what} that seed {seed} deals with {players} players ({form}), player {dealer} dealing",
        "clauses": _PHASE_DEAL_CLAUSES[prefix],
        "ruleset": ruleset,
        "params": params,
        "origin": "generated",
        "setup": {"dealer": dealer, "seed": seed},
        "steps": [{"expect": {name: table.observe(name) for name in ("deal", "trump", "talon", "to_act")}}],
    }


_BASE_SEED = {"brusquembille-1718": 104_729, "hombre": 32_452_843}


def generate_phase(ruleset: str, kind: str, count: int | None = None) -> list[dict[str, Any]]:
    """The generated scenarios of one kind for a ruleset on the phase engine, in order; the
    forms in turn (deal number k plays form k mod 5)."""
    reference = Reference()
    total = PHASE_COUNTS[kind] if count is None else count
    base = {"deal": 1, "variant": 3, "seeded": 4}[kind] * 1_000_003 + _BASE_SEED.get(ruleset, 15_485_863)
    seeds = _seeds(base)
    forms = _FORMS[PHASE_RULESETS[ruleset]]
    out = []
    for number in range(1, total + 1):
        seed = next(seeds)
        form = forms[(number - 1) % len(forms)]
        if kind == "deal":
            out.append(_phase_deal_scenario(reference, ruleset, kind, number, seed, {"form": form}))
        elif kind == "variant":
            rng = random.Random(seed ^ 0x5EED)
            params = {"form": form} | _phase_variant_params(reference.rules(ruleset, {"form": form}), rng)
            out.append(_phase_deal_scenario(reference, ruleset, kind, number, seed, params))
        else:
            out.append(_phase_seeded_scenario(reference, ruleset, number, seed, form))
    return out


PHASE_PERFT_DEPTH = 4
PHASE_PERFT_SEEDS = (1, 2, 3)


def phase_perft_scenarios(ruleset: str) -> list[dict[str, Any]]:
    """For fixed deals of each form: the number of legal card sequences of 1 to 4 cards from the
    start of the deal, and from the first trick after the talon is gone (where
    following_after_talon=follow-suit narrows the choice, so it is counted under both)."""
    prefix = PHASE_RULESETS[ruleset]
    if prefix == "auv":
        return speech_perft_scenarios(ruleset)
    if prefix == "hom":
        return auction_perft_scenarios(ruleset)
    reference = Reference()
    out: list[dict[str, Any]] = []
    clauses = ["brus.play.free", "brus.play.next-lead", "brus.talon.draw", "brus.talon.last-tricks"]
    for form in PHASE_FORMS:
        for seed in PHASE_PERFT_SEEDS:
            rules = reference.rules(ruleset, {"form": form})
            table = Table(rules, {"seed": seed})
            setup = _phase_setup(table)
            counts: list[dict[str, Any]] = [{"perft": d, "count": perft(table.state, d)}
                                            for d in range(1, PHASE_PERFT_DEPTH + 1)]
            out.append({"id": f"{prefix}.perft.{form}.start-{seed}",
                        "description": f"legal card sequences of 1 to {PHASE_PERFT_DEPTH} cards from the start of the deal "
                                       f"of seed {seed} ({form})",
                        "clauses": clauses, "ruleset": ruleset, "params": {"form": form}, "origin": "perft",
                        "setup": setup, "steps": counts})
            # after the last draw: play random cards until the talon is gone
            rng = random.Random(seed)
            state = table.state
            moves = []
            while state.stock or state.trick:
                card = rng.choice(state.legal_actions())
                moves.append(rules.card_text(card))
                state.apply(card)
            for following in ("free", "follow-suit"):
                late = reference.rules(ruleset, {"form": form, "following_after_talon": following})
                replay = Table(late, setup)
                for card_text in moves:
                    replay.state.apply_text(card_text)
                counts = [{"perft": d, "count": perft(replay.state, d)} for d in range(1, PHASE_PERFT_DEPTH + 1)]
                out.append({"id": f"{prefix}.perft.{form}.after-talon-{seed}-{following}",
                            "description": f"legal card sequences of 1 to {PHASE_PERFT_DEPTH} cards once the talon of the "
                                           f"deal of seed {seed} ({form}) is gone, under following_after_talon={following}",
                            "clauses": clauses, "ruleset": ruleset,
                            "params": {"form": form, "following_after_talon": following}, "origin": "perft",
                            "setup": setup, "steps": [{"do": moves}] + counts})
            # the last trick: the deal ends before the deepest counts (each such sequence counted once)
            moves = list(moves)
            while state.legal_actions() and sum(h.bit_count() for h in state.hands) > rules.n_players:
                card = rng.choice(state.legal_actions())
                moves.append(rules.card_text(card))
                state.apply(card)
            counts = [{"perft": d, "count": perft(state, d)} for d in range(1, PHASE_PERFT_DEPTH + 1)]
            out.append({"id": f"{prefix}.perft.{form}.last-trick-{seed}",
                        "description": f"legal card sequences of 1 to {PHASE_PERFT_DEPTH} cards before the last trick of the "
                                       f"deal of seed {seed} ({form}): a sequence that ends the deal sooner counts once",
                        "clauses": clauses, "ruleset": ruleset, "params": {"form": form}, "origin": "perft",
                        "setup": setup, "steps": [{"do": moves}] + counts})
    return out


def speech_perft_scenarios(ruleset: str) -> list[dict[str, Any]]:
    """For fixed deals of each form of a game with a speech: the number of legal action
    sequences of 1 to 4 actions from the start of the deal (the words of the turn-offer and the
    speech, kings shown), under each reading of who turns; and of 1 to 4 cards from the first
    lead, once the first player has turned the card and said play."""
    prefix = PHASE_RULESETS[ruleset]
    reference = Reference()
    out: list[dict[str, Any]] = []
    for form in _FORMS[prefix]:
        for seed in PHASE_PERFT_SEEDS:
            for turner in ("any-in-turn", "dealer"):
                rules = reference.rules(ruleset, {"form": form, "turner": turner})
                table = Table(rules, {"seed": seed})
                setup = _phase_setup(table)
                counts: list[dict[str, Any]] = [{"perft": d, "count": perft(table.state, d)}
                                                for d in range(1, PHASE_PERFT_DEPTH + 1)]
                out.append({"id": f"{prefix}.perft.{form}.speech-{seed}-{turner}",
                            "description": f"legal action sequences of 1 to {PHASE_PERFT_DEPTH} actions from the start "
                                           f"of the deal of seed {seed} ({form}, turner={turner})",
                            "clauses": [f"{prefix}.turn.offer", f"{prefix}.speech.round", f"{prefix}.speech.rejouissance",
                                        f"{prefix}.king.show"],
                            "ruleset": ruleset, "params": {"form": form, "turner": turner}, "origin": "perft",
                            "setup": setup, "steps": counts})
            rules = reference.rules(ruleset, {"form": form})
            table = Table(rules, {"seed": seed})
            setup = _phase_setup(table)
            words = ["turn"]
            table.act("turn")
            while table.state.phase != "play":
                word = "show" if "show" in table.observe("legal") else "play" if table.state.phase == "speech" else "pass"
                words.append(word)
                table.act(word)
            counts = [{"perft": d, "count": perft(table.state, d)} for d in range(1, PHASE_PERFT_DEPTH + 1)]
            out.append({"id": f"{prefix}.perft.{form}.play-{seed}",
                        "description": f"legal card sequences of 1 to {PHASE_PERFT_DEPTH} cards from the first lead of the "
                                       f"deal of seed {seed} ({form}), the first player having turned the card and played",
                        "clauses": [f"{prefix}.play.follow", f"{prefix}.play.trump-if-void", f"{prefix}.play.trick-winner"],
                        "ruleset": ruleset, "params": {"form": form}, "origin": "perft",
                        "setup": setup, "steps": [{"do": words}] + counts})
    return out


def _settle(table: Table, contract_words: list[str]) -> list[str]:
    """Say `contract_words` (the auction and the contract), then do the exchange: the hombre
    discards the fewest cards he may (the first ones of his legal list) and each tier keeps his
    hand; the actions done, up to the first lead."""
    done = []
    for word in contract_words:
        answer = table.act(word)
        assert answer["ok"], (word, answer)
        done.append(word)
    state = table.state
    assert isinstance(state, HombreDeal)
    while state.phase == "exchange":
        legal = table.observe("legal")
        action = "draw" if "draw" in legal else legal[0]
        assert table.act(action)["ok"]
        done.append(action)
    return done


# the contracts the perft positions are reached through: the auction, then the contract named
_PERFT_CONTRACTS = {"demande": ["demande", "pass", "pass", "demande", "trump H"],
                    "tourne": ["tourne", "pass", "pass"],
                    "sans-prendre": ["pass", "pass", "sans-prendre", "sans-prendre", "trump D"]}


def auction_perft_scenarios(ruleset: str) -> list[dict[str, Any]]:
    """For fixed deals of each form of a game with an auction (L'Hombre): the number of legal
    action sequences of 1 to 4 actions from the start of the deal (the bids, under each reading
    of equal_rank); from the hombre's exchange in a demande and in a tourné (the discards and the
    draw); from the tiers' exchange in a sans prendre; and of 1 to 4 cards from the first lead of
    a demande in hearts."""
    prefix = PHASE_RULESETS[ruleset]
    reference = Reference()
    out: list[dict[str, Any]] = []

    def counts(state: PhaseDeal) -> list[dict[str, Any]]:
        return [{"perft": d, "count": perft(state, d)} for d in range(1, PHASE_PERFT_DEPTH + 1)]

    for form in _FORMS[prefix]:
        for seed in PHASE_PERFT_SEEDS:
            for equal_rank in ("higher-rank", "other-contract"):
                params = {"form": form, "equal_rank": equal_rank}
                table = Table(reference.rules(ruleset, params), {"seed": seed})
                out.append({"id": f"{prefix}.perft.{form}.auction-{seed}-{equal_rank}",
                            "description": f"legal action sequences of 1 to {PHASE_PERFT_DEPTH} actions from the start "
                                           f"of the deal of seed {seed} ({form}, equal_rank={equal_rank}): the bids",
                            "clauses": [f"{prefix}.auction.order", f"{prefix}.auction.pass-final",
                                        f"{prefix}.auction.priority", f"{prefix}.auction.all-pass"],
                            "ruleset": ruleset, "params": params, "origin": "perft",
                            "setup": _phase_setup(table), "steps": counts(table.state)})
            params = {"form": form}
            for name, clauses in (("demande", ["exchange.hombre", "contract.demande"]),
                                  ("tourne", ["exchange.hombre", "exchange.tourne"]),
                                  ("sans-prendre", ["exchange.tiers", "contract.sans-prendre"])):
                table = Table(reference.rules(ruleset, params), {"seed": seed})
                setup = _phase_setup(table)
                said = list(_PERFT_CONTRACTS[name])
                for word in said:
                    assert table.act(word)["ok"], word
                out.append({"id": f"{prefix}.perft.{form}.exchange-{name}-{seed}",
                            "description": f"legal action sequences of 1 to {PHASE_PERFT_DEPTH} actions from the first "
                                           f"exchange of a {name} in the deal of seed {seed} ({form}): discards and draw",
                            "clauses": [f"{prefix}.{c}" for c in clauses], "ruleset": ruleset, "params": params,
                            "origin": "perft", "setup": setup, "steps": [{"do": said}] + counts(table.state)})
            table = Table(reference.rules(ruleset, params), {"seed": seed})
            setup = _phase_setup(table)
            done = _settle(table, list(_PERFT_CONTRACTS["demande"]))
            out.append({"id": f"{prefix}.perft.{form}.play-{seed}",
                        "description": f"legal action sequences of 1 to {PHASE_PERFT_DEPTH} actions from the first lead "
                                       f"of the deal of seed {seed} ({form}), player 0's demande in hearts, the hombre "
                                       "having changed one card and the tiers none",
                        "clauses": [f"{prefix}.play.lead", f"{prefix}.play.follow", f"{prefix}.play.matador-privilege",
                                    f"{prefix}.play.trick-winner", f"{prefix}.exchange.surrender"],
                        "ruleset": ruleset, "params": params, "origin": "perft",
                        "setup": setup, "steps": [{"do": done}] + counts(table.state)})
    return out

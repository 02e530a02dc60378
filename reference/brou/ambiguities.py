"""The ambiguity register (spec/ambiguities.yaml) and the search for witnesses.

The register lists every open question the sources leave: what each source says, the
options (each a set of parameter overrides per ruleset), the default each ruleset takes
and whether a witness was found.  A witness is a concrete deal and a sequence of actions,
legal under two options, after which the options part: a different set of legal actions,
a refused action, a different count, outcome, match or score sheet.  Witnesses are found
by playing seeded random deals (and a few built deals) through the conformance adapter
(`brou.conformance.server.Table`), so what differs is exactly what the protocol shows;
each is stored as one scenario per option in conformance/scenarios/<ruleset>/ambiguities/.
"""

from __future__ import annotations

import difflib
import json
import random
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from . import spec
from .conformance.corpus import SCENARIO_DIR, load_file

__all__ = ["LANGS", "PLANS", "SCENARIO_DIR", "Entry", "Option", "Plan", "Register", "Witness", "agreement_problems",
           "check_register", "entry_data", "entry_text", "find_witnesses", "in_lang", "load_register", "register_data",
           "register_text", "search_pair", "witness_file"]
from .conformance.server import Table
from .deal import deal_from_seed, deal_texts
from .errors import BrouError, ParameterError, SpecError, UsageError
from .game import count_so_far, reaches_target
from .rules import Rules
from .tables import table_text

REGISTER_FILE = spec.SPEC_DIR / "ambiguities.yaml"
SCHEMA_FILE = spec.SCHEMA_DIR / "ambiguities.schema.json"
PREFIX = {"homme-de-brou-1802": "hdb", "brouc": "brouc"}
ID_SHAPE = re.compile(r"^AMB-[0-9]{2,}$")
LANGS = ("en", "fr")  # every text written by hand is in English (`key`) and French (`key_fr`)


# -- the register ------------------------------------------------------------------------


def in_lang(record: Mapping[str, Any], key: str, lang: str = "en") -> str:
    """The text `key` of a register record (a source, a default, a choice) in `lang`: `key`
    in English, `key_fr` in French; "" if the record has no such text."""
    if lang not in LANGS:
        raise ValueError(f"no language '{lang}' (known: {', '.join(LANGS)})")
    return str(record.get(key if lang == "en" else f"{key}_{lang}", ""))


@dataclass(frozen=True)
class Option:
    """One reading: its parameter overrides per ruleset; `playable` False if the engine cannot play it.
    `why` (with its French `why_fr`) is required when it is not playable, allowed otherwise."""

    name: str
    overrides: dict[str, dict[str, Any]]
    playable: bool = True
    why: str = ""
    why_fr: str = ""

    def text(self, lang: str = "en") -> str:
        """`why` in `lang` ("en" or "fr"); "" if the option says no why."""
        return in_lang({"why": self.why, "why_fr": self.why_fr}, "why", lang)


@dataclass
class Entry:
    """One open question of the register.  `question_fr` is the French of `question`; each
    source's `says` and each default's `why` have their French under `says_fr` and `why_fr`
    (`text` picks the language)."""

    id: str
    question: str
    question_fr: str
    sources: list[dict[str, str]]
    options: list[Option]
    defaults: dict[str, dict[str, str]]
    witness: dict[str, dict[str, Any]]
    line: int
    raw: dict[str, Any] = field(repr=False, default_factory=dict)

    def option(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def text(self, field: str, lang: str = "en", key: str | int | None = None) -> str:
        """One text of the entry in `lang` ("en" or "fr"): "question"; "says" of source number
        `key` (0-based, in the order listed); "default", the why of the default of ruleset `key`;
        "option", the why of option `key` ("" if it gives none).  KeyError if there is no such text."""
        if field == "question" and key is None:
            return in_lang({"question": self.question, "question_fr": self.question_fr}, "question", lang)
        if field == "says" and isinstance(key, int) and 0 <= key < len(self.sources):
            return in_lang(self.sources[key], "says", lang)
        if field == "default" and isinstance(key, str) and key in self.defaults:
            return in_lang(self.defaults[key], "why", lang)
        if field == "option" and isinstance(key, str) and any(o.name == key for o in self.options):
            return self.option(key).text(lang)
        raise KeyError(f"{self.id} has no text {field!r}" + ("" if key is None else f" for {key!r}"))

    @property
    def rulesets(self) -> list[str]:
        return list(self.defaults)

    def params(self, ruleset: str) -> list[str]:
        """The parameters of `ruleset` that this entry's options set."""
        out: list[str] = []
        for option in self.options:
            for name in option.overrides.get(ruleset, {}):
                if name not in out:
                    out.append(name)
        return out


@dataclass
class Register:
    """The whole register, with the document it came from (for file:line errors)."""

    entries: list[Entry]
    choices: dict[str, dict[str, Any]]
    doc: spec.Document

    def entry(self, amb_id: str) -> Entry:
        """The entry `amb_id` (AMB-05, amb-5 or 5); UsageError naming close ids if none."""
        wanted = amb_id.strip().upper()
        number = re.fullmatch(r"(?:AMB-?)?0*([0-9]+)", wanted)
        if number:
            wanted = f"AMB-{int(number.group(1)):02d}"
        for entry in self.entries:
            if entry.id == wanted:
                return entry
        close = difflib.get_close_matches(wanted, [e.id for e in self.entries], n=4, cutoff=0.5)
        hint = f" (close: {', '.join(close)})" if close else f" (known: {self.entries[0].id} to {self.entries[-1].id})"
        raise UsageError(f"no ambiguity '{amb_id}' in the register{hint}")

    def error(self, message: str, path: spec.Path_) -> SpecError:
        return SpecError(message, self.doc.file, self.doc.line_of(path), spec.path_text(path))


def _validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def load_register(path: Path | str | None = None) -> Register:
    """Read and check the register's shape; SpecError (one line, file:line) if it cannot be used."""
    doc = spec.read_yaml(path or REGISTER_FILE)
    errors = sorted(_validator().iter_errors(doc.data),
                    key=lambda e: (doc.line_of(tuple(e.absolute_path)) or 0, len(e.absolute_path)))
    if errors:
        error = errors[0]
        where: spec.Path_ = tuple(error.absolute_path)
        message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
        raise SpecError(message, doc.file, doc.line_of(where), spec.path_text(where))
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(doc.data["entries"]):
        line = doc.line_of(("entries", i)) or 1
        if raw["id"] in seen:
            raise SpecError(f"ambiguity {raw['id']} is listed twice (first at line {seen[raw['id']]})", doc.file, line,
                            f"entries[{i}].id")
        seen[raw["id"]] = line
        options = [Option(o["name"], o.get("overrides", {}), o.get("playable", True), o.get("why", ""), o.get("why_fr", ""))
                   for o in raw["options"]]
        names = [o.name for o in options]
        for j, name in enumerate(names):
            if names.index(name) != j:
                raise SpecError(f"option '{name}' is listed twice", doc.file, doc.line_of(("entries", i, "options", j)),
                                f"entries[{i}].options[{j}]")
        for ruleset, default in raw["defaults"].items():
            if default["option"] not in names:
                at: spec.Path_ = ("entries", i, "defaults", ruleset, "option")
                raise SpecError(f"default '{default['option']}' is not an option of {raw['id']} ({', '.join(names)})",
                                doc.file, doc.line_of(at), spec.path_text(at))
        entries.append(Entry(raw["id"], raw["question"], raw["question_fr"], raw["sources"], options, raw["defaults"],
                             raw.get("witness", {}), line, raw))
    return Register(entries, doc.data.get("choices", {}), doc)


def agreement_problems(register: Register) -> list[SpecError]:
    """Where the register and the rulesets disagree: every parameter that names an ambiguity
    is an option of that entry and the other way round, every option's overrides load, each
    stated default is the ruleset's default, and a parameter naming no ambiguity is a choice."""
    problems: list[SpecError] = []
    by_id = {e.id: (i, e) for i, e in enumerate(register.entries)}
    for ruleset in spec.available_rulesets():
        merged = spec.load_document(ruleset)
        params: dict[str, Any] = merged.data["parameters"]
        for pname, pspec in params.items():
            tags: list[str] = pspec["ambiguity"]
            if not tags and pname not in register.choices:
                problems.append(merged.error(f"parameter {pname} names no ambiguity and is not a choice of the register",
                                             ("parameters", pname, "ambiguity")))
            covered: set[str] = set()
            for tag in tags:
                if tag not in by_id:
                    problems.append(merged.error(f"{tag} is not an entry of the register", ("parameters", pname, "ambiguity")))
                    continue
                i, entry = by_id[tag]
                values = [o.overrides[ruleset][pname] for o in entry.options if pname in o.overrides.get(ruleset, {})]
                if not values:
                    problems.append(register.error(f"{ruleset} parameter {pname} names {tag}, but no option of {tag} sets it",
                                                   ("entries", i, "options")))
                covered.update(json.dumps(v) for v in values)
            missing = [v for v in pspec["options"] if tags and json.dumps(v) not in covered]
            if missing:
                problems.append(merged.error(f"option(s) {missing} of {pname} belong to no option of {', '.join(tags)}",
                                             ("parameters", pname, "options")))
    for i, entry in enumerate(register.entries):
        for j, option in enumerate(entry.options):
            path: spec.Path_ = ("entries", i, "options", j)
            for ruleset, overrides in option.overrides.items():
                try:
                    params = spec.load_document(ruleset).data["parameters"]
                except SpecError:
                    problems.append(register.error(f"unknown ruleset '{ruleset}'", path + ("overrides", ruleset)))
                    continue
                for pname in overrides:
                    if pname not in params:
                        problems.append(register.error(f"{ruleset} has no parameter {pname}", path + ("overrides", ruleset)))
                    elif entry.id not in params[pname]["ambiguity"]:
                        problems.append(register.error(f"{ruleset} parameter {pname} does not name {entry.id} in its ambiguity "
                                                       "list", path + ("overrides", ruleset)))
                try:
                    Rules.load(ruleset, **overrides)
                except ParameterError as exc:
                    if option.playable:
                        problems.append(register.error(f"does not load: {exc}", path + ("overrides", ruleset)))
            if not option.playable and not option.why:
                problems.append(register.error("an option the engine cannot play says why", path))
        for ruleset, default in entry.defaults.items():
            option = entry.option(default["option"])
            if ruleset not in option.overrides:
                continue
            defaults = Rules.load(ruleset).params
            for pname, value in option.overrides[ruleset].items():
                if defaults.get(pname) != value:
                    problems.append(register.error(f"{ruleset} takes {pname}={defaults.get(pname)!r} by default, not "
                                                   f"{value!r} (option {option.name})", ("entries", i, "defaults", ruleset)))
    return problems


def check_register(path: Path | str | None = None) -> Register:
    """Load the register and check it against the rulesets; the first problem is raised."""
    register = load_register(path)
    problems = agreement_problems(register)
    if problems:
        raise problems[0]
    return register


# -- playing a deal under two options -------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How to search one entry: the table (a bare deal, a game or a match), the scores drawn,
    how often the bots claim, declare, concede and announce, and built deals where random
    deals are hopeless.  `same` says why a pair of options is expected never to differ."""

    context: str = "deal"  # deal | game | match
    scores: tuple[tuple[int, int], tuple[int, int]] = ((0, 300), (0, 300))
    marks: tuple[int, int] = (0, 4)
    carried: tuple[int, int] = (0, 0)
    deals: int = 400
    claim: float = 0.0
    claim_right: float = 0.0
    declare: float = 0.0
    concede: float = 0.5
    announce: float = 0.7
    honours: float = 0.0
    built: str = ""
    speakers: bool = False  # observe what every player may do (out-of-turn actions), not only the player to act
    base: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    same: Mapping[str, str] = field(default_factory=dict)


NEAR = ((200, 300), (200, 300))
PLANS: dict[str, Plan] = {
    "AMB-01": Plan(context="match", deals=20),
    "AMB-03": Plan(deals=50),
    "AMB-04": Plan(deals=4000, honours=0.8, announce=0.0, base={"homme-de-brou-1802": {"following": "brouc"}}),
    "AMB-05": Plan(deals=400, base={"homme-de-brou-1802": {"following": "brouc"}}),
    "AMB-06": Plan(deals=100, speakers=True),
    "AMB-07": Plan(deals=1500, announce=0.95),
    "AMB-08": Plan(deals=1500, announce=0.95),
    "AMB-09": Plan(deals=1500, announce=0.95, honours=0.3),
    "AMB-10": Plan(deals=300, built="two-marriages", honours=0.95, announce=0.0),
    "AMB-11": Plan(deals=300, honours=0.5),
    "AMB-12": Plan(deals=3000, honours=0.6, announce=0.3, same={
        "total-half-up": "marriages are worth whole tens, so rounding the cards alone and rounding cards and marriages "
                         "together, both half up, always give the same total"}),
    "AMB-13": Plan(deals=200),
    "AMB-14": Plan(context="game", deals=50, scores=((0, 150), (0, 150)), speakers=True),
    "AMB-15": Plan(context="game", deals=1500, scores=((220, 300), (220, 300)), concede=0.0),
    "AMB-16": Plan(context="game", deals=600, claim=0.05),
    "AMB-17": Plan(context="game", deals=1500, claim=0.04, announce=0.95),
    "AMB-18": Plan(context="game", deals=300, scores=((0, 180), (0, 180))),
    "AMB-19": Plan(context="game", deals=50),
    "AMB-20": Plan(context="game", deals=2000, scores=((220, 300), (220, 300)), concede=0.9),
    "AMB-21": Plan(context="game", deals=300, scores=((190, 290), (0, 290))),
    "AMB-22": Plan(context="match", deals=600, marks=(3, 4), scores=NEAR, claim=0.05, claim_right=0.9),
    "AMB-23": Plan(context="match", deals=600, built="cape", carried=(20, 60), marks=(0, 2), announce=0.95),
    "AMB-26": Plan(context="game", deals=2000, scores=((180, 300), (-40, 200)), claim_right=0.6),
    "AMB-27": Plan(context="game", deals=2000, scores=((200, 300), (100, 160)), claim_right=0.8, claim=0.02),
    "AMB-29": Plan(context="game", deals=600, scores=((150, 300), (0, 300)), declare=0.9, claim=0.2),
    "AMB-30": Plan(context="game", deals=200, scores=((150, 300), (0, 300))),
    "AMB-31": Plan(context="game", deals=300, scores=((310, 340), (0, 290)), speakers=True),
    "AMB-32": Plan(context="game", deals=3000, scores=((240, 300), (0, 300)), declare=0.9, concede=0.9),
    "AMB-33": Plan(context="game", deals=3000, scores=((240, 300), (80, 170)), concede=0.0),
}


@dataclass
class Witness:
    """A deal and shared actions after which two options differ."""

    ruleset: str
    options: tuple[str, str]
    params: tuple[dict[str, Any], dict[str, Any]]
    setup: dict[str, Any]
    actions: list[str]
    observed: tuple[dict[str, Any], dict[str, Any]]
    probe: tuple[str, tuple[dict[str, Any], dict[str, Any]]] | None  # an action legal under one option only
    seed: int
    deals: int
    positions: int
    probe_player: int | None = None  # the player who takes the probe's action out of turn (None: the player to act)


@dataclass
class Searched:
    """A search that found nothing: how far it went."""

    ruleset: str
    options: tuple[str, str]
    deals: int
    positions: int


SHORTER = 20  # once a witness is found, this many more deals are tried for a shorter one
OBSERVED = ("to_act", "legal", "over", "announcements", "table", "result")


def observe(table: Table, names: Sequence[str]) -> dict[str, Any]:
    return {name: table.observe(name) for name in names}


def _names(setup: Mapping[str, Any], over: bool, speakers: bool = False) -> list[str]:
    names = list(OBSERVED) + (["speakers"] if speakers else [])
    if "game" in setup:
        names.append("outcome")
        if over:
            names.append("sheet")
    if "match" in setup:
        names.append("match")
    return names


def _built_hands(kind: str, rng: random.Random) -> tuple[list[list[str]], str]:
    """Deals made on purpose: 'two-marriages' (hearts shared by players 0 and 1, KS and QS
    with players 2 and 3, so one trick can hold two marriages); 'cape' (player 0 holds seven
    trumps and an ace, the dealer the last trump, turned up)."""
    suits, ranks = "SHDC", "ATKQJ987"
    deck = [r + s for s in suits for r in ranks]
    if kind == "two-marriages":
        hands = [["KH", "AH", "TH", "JH"], ["QH", "9H", "8H", "7H"], ["KS"], ["QS"]]
        rest = [c for c in deck if c[1] != "H" and c not in ("KS", "QS")]
        rng.shuffle(rest)
        hands[0] += [c for c in rest if c[1] != "S"][:4]
        rest = [c for c in rest if c not in hands[0]]
        hands[1] += [c for c in rest if c[1] != "S"][:4]
        rest = [c for c in rest if c not in hands[1]]
        hands[2] += rest[:7]
        hands[3] += rest[7:14]
        turnup = next(c for c in hands[3] if c != "QS")
        return hands, turnup
    if kind == "cape":
        trump = rng.choice(suits)
        trumps = [r + trump for r in ranks]
        plain = [c for c in deck if c[1] != trump]
        ace = rng.choice([c for c in plain if c[0] == "A"])
        rest = [c for c in plain if c != ace]
        rng.shuffle(rest)
        hands = [trumps[:7] + [ace], rest[:8], rest[8:16], rest[16:23] + [trumps[7]]]
        return hands, trumps[7]
    raise ValueError(f"unknown built deal '{kind}'")


def _setup(rules: Rules, plan: Plan, seed: int, rng: random.Random) -> dict[str, Any]:
    if plan.built:
        hands, turnup = _built_hands(plan.built, rng)
    else:
        texts: dict[str, Any] = deal_texts(rules, deal_from_seed(rules, seed))
        hands, turnup = [list(h) for h in texts["hands"]], str(texts["turnup"])
    setup: dict[str, Any] = {"hands": hands, "turnup": turnup}
    if plan.context != "deal":
        scores = [rng.randrange(lo, hi + 1, 10) if hi > lo else lo for lo, hi in ((s[0] // 10 * 10, s[1]) for s in plan.scores)]
        if rng.random() < 0.5:
            scores.reverse()
        game: dict[str, Any] = {"scores": scores}
        if plan.carried != (0, 0) and rules.data["game"]["marked_by"] == "loser":
            game["carried"] = [rng.randrange(plan.carried[0], plan.carried[1] + 1, 20) for _ in range(2)]
        setup["game"] = game
    if plan.context == "match":
        setup["match"] = {"marks": [rng.randint(*plan.marks) for _ in range(2)]}
    return setup


def choose(table: Table, legal: list[str], plan: Plan, rng: random.Random) -> str:
    """The bots' move: game actions with the plan's probabilities, else announcements, else a card."""
    state = table.state
    if "declare" in legal or "declare-double" in legal:
        decl = [a for a in legal if a.startswith("declare")]
        if rng.random() < plan.declare:
            return rng.choice(decl)
    if "claim" in legal:
        right = reaches_target(state.rules, count_so_far(state, state.rules.team_of[state.to_act]))
        if rng.random() < (plan.claim_right if right else plan.claim):
            return "claim"
    if "concede" in legal:
        return "concede" if rng.random() < plan.concede else "pass"
    if "accept" in legal:
        return rng.choice(["accept", "refuse"])
    announce = [a for a in legal if a.startswith("announce")]
    if announce and rng.random() < plan.announce:
        return rng.choice(announce)
    cards = [a for a in legal if len(a) == 2]
    if not cards:
        return "pass" if "pass" in legal else rng.choice(legal)
    honours = [c for c in cards if c[0] in "KQJ"]
    if honours and rng.random() < plan.honours:
        return rng.choice(honours)
    return rng.choice(cards)


def _differ(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """The observables that differ; the score sheet only when nothing else does, so that a
    witness checks its outcome with what every implementation of the game has (the `sheet`
    feature is optional, and a scenario expecting it is skipped without it)."""
    differ = [k for k in a if k in b and a[k] != b[k]]
    # what the player to act may do differs in `speakers` too: it is kept for what only others may do
    return [k for k in differ if k != "sheet" and (k != "speakers" or differ == ["speakers"])] or differ


def search_pair(entry: Entry, ruleset: str, names: tuple[str, str], plan: Plan) -> Witness | Searched:
    """Play seeded deals under both options until they differ; seed k draws deal k."""
    base = dict(plan.base.get(ruleset, {}))
    params = (base | entry.option(names[0]).overrides.get(ruleset, {}), base | entry.option(names[1]).overrides.get(ruleset, {}))
    rules = (Rules.load(ruleset, **params[0]), Rules.load(ruleset, **params[1]))
    positions = 0
    best: Witness | None = None
    played = 0
    for seed in range(plan.deals):
        if best is not None and seed >= best.seed + SHORTER:
            break
        played += 1
        rng = random.Random(f"{entry.id}/{ruleset}/{names[0]}/{names[1]}/{seed}")
        setup = _setup(rules[0], plan, seed, rng)
        tables = (Table(rules[0], setup), Table(rules[1], setup))
        actions: list[str] = []
        while True:
            positions += 1
            over = tables[0].state.is_over and tables[1].state.is_over
            names_seen = _names(setup, over, plan.speakers)
            seen = (observe(tables[0], names_seen), observe(tables[1], names_seen))
            differ = _differ(*seen)
            if differ:
                observed = ({k: seen[0][k] for k in differ}, {k: seen[1][k] for k in differ})
                if best is None or len(actions) < len(best.actions):
                    probe, player = _probe(tables, seen) if "speakers" not in differ else _probe_speakers(tables, seen)
                    best = Witness(ruleset, names, params, setup, actions, observed, probe, seed, 0, 0, player)
                break
            if over:
                break
            action = choose(tables[0], seen[0]["legal"], plan, rng)
            for table in tables:
                answer = table.act(action)
                assert answer["ok"], (entry.id, seed, actions, action, answer)
            actions.append(action)
    if best is not None:
        best.deals, best.positions = played, positions
        return best
    return Searched(ruleset, names, plan.deals, positions)


def _probe_speakers(tables: tuple[Table, Table], seen: tuple[dict[str, Any], dict[str, Any]]
                    ) -> tuple[tuple[str, tuple[dict[str, Any], dict[str, Any]]] | None, int | None]:
    """An action that a player other than the one to act may take under one option only, with
    each table's answer, and that player."""
    for player, (mine, other) in enumerate(zip(seen[0]["speakers"], seen[1]["speakers"], strict=True)):
        extra = sorted(set(mine) ^ set(other))
        if extra and player != seen[0].get("to_act"):
            out = []
            for table in tables:
                saved, table.state = table.state, table.state.copy()
                out.append(table.act(extra[0], player))
                table.state = saved
            return (extra[0], (out[0], out[1])), player
    return None, None


def _probe(tables: tuple[Table, Table], seen: tuple[dict[str, Any], dict[str, Any]]
           ) -> tuple[tuple[str, tuple[dict[str, Any], dict[str, Any]]] | None, None]:
    """An action legal under one option and not the other, with each table's answer."""
    legal = [set(s.get("legal") or []) for s in seen]
    extra = sorted(legal[0] ^ legal[1])
    if not extra or seen[0].get("to_act") != seen[1].get("to_act"):
        return None, None
    action = extra[0]
    answers = tuple(table.state.copy() for table in tables)
    out: list[dict[str, Any]] = []
    for table, copy in zip(tables, answers, strict=True):
        saved, table.state = table.state, copy
        out.append(table.act(action))
        table.state = saved
    return (action, (out[0], out[1])), None


def pairs(entry: Entry, ruleset: str) -> list[tuple[str, str]]:
    """The pairs searched: the ruleset's default against every other playable option."""
    default = entry.defaults[ruleset]["option"]
    others = [o.name for o in entry.options if o.playable and o.name != default and ruleset in o.overrides]
    return [(default, o) for o in others]


# -- scenarios ---------------------------------------------------------------------------


def witness_file(ruleset: str, amb_id: str) -> Path:
    return SCENARIO_DIR / ruleset / "ambiguities" / f"{amb_id}.yaml"


# pairs named when they were their entry's only one: their scenario ids stay as they were
# (ids never change) after an option was added to the entry
FIRST_PAIRS = {("AMB-14", ("own-turn", "between-tricks"))}


def scenario_ids(entry: Entry, ruleset: str, names: tuple[str, str]) -> tuple[str, str]:
    stem = f"{PREFIX[ruleset]}.ambiguity.{entry.id.lower()}"
    if len(pairs(entry, ruleset)) == 1 or (entry.id, names) in FIRST_PAIRS:
        return f"{stem}.{names[0]}", f"{stem}.{names[1]}"
    return f"{stem}.{names[0]}-vs-{names[1]}", f"{stem}.{names[1]}"


def _clauses(entry: Entry, ruleset: str, params: Mapping[str, Any]) -> list[str]:
    clauses = Rules.load(ruleset).data["clauses"]
    bent = set(entry.params(ruleset))
    out = [cid for cid, c in clauses.items() if bent & set(c.get("params", []))]
    return out or [cid for cid, c in clauses.items() if set(params) & set(c.get("params", []))]


def _summary(observed: Mapping[str, Any], probe: tuple[str, dict[str, Any]] | None) -> str:
    """A short account of what an option shows at the witness's point."""
    parts = []
    if probe is not None:
        action, answer = probe
        parts.append(f"{action} is {'accepted' if answer['ok'] else 'refused (' + str(answer.get('code')) + ')'}")
    for name, value in observed.items():
        if name == "legal" and probe is None:
            parts.append("legal actions " + " ".join(value))
        elif name == "table":
            table = ", ".join(f"{t['marriage']} {t['points']} to team {t['team']}" for t in value)
            parts.append("table marriages " + (table or "none"))
        elif name == "announcements":
            made = ", ".join(f"{a['marriage']} by {a['player']} for {a['points']}" for a in value)
            parts.append("announcements " + (made or "none"))
        elif name == "result":
            parts.append("deal totals " + " and ".join(str(t.get("total")) for t in value))
        elif name == "outcome" and isinstance(value, dict):
            parts.append(f"outcome {value['how']}, winner {value['winner']}, marks {value['marks']}, scores {value['scores']}")
        elif name == "outcome":
            parts.append("the deal goes on")
        elif name == "match":
            parts.append(f"match marks {value['marks']}, winner {value['winner']}, next dealer {value['next_dealer']}, "
                         f"carried {value['carried']}")
        elif name == "sheet":
            parts.append("the score sheet's rows differ")
        elif name == "speakers":
            if probe is None:
                parts.append("players who may act " + "; ".join(f"{p}: {' '.join(v)}" for p, v in enumerate(value) if v))
        elif name != "legal":
            parts.append(f"{name} {json.dumps(value)}")
    return "; ".join(parts)


def scenarios_of(entry: Entry, w: Witness) -> list[dict[str, Any]]:
    """The two scenarios of a witness, one per option."""
    ids = scenario_ids(entry, w.ruleset, w.options)
    out = []
    for k in range(2):
        steps: list[dict[str, Any]] = []
        if w.actions:
            steps.append({"do": list(w.actions)})
        steps.append({"expect": w.observed[k]})
        probe = None
        if w.probe is not None:
            action, answers = w.probe
            probe = (action if w.probe_player is None else f"{action} by player {w.probe_player}", answers[k])
            by = {} if w.probe_player is None else {"player": w.probe_player}
            if answers[k]["ok"]:
                steps.append({"do": action} | by)
            else:
                steps.append({"reject": action, "code": answers[k]["code"]} | by)
        where = f"after {len(w.actions)} shared actions" if w.actions else "at the start"
        description = f"{entry.id} witness, option {w.options[k]}: {where}, {_summary(w.observed[k], probe)}"
        out.append({"id": ids[k], "description": description, "clauses": _clauses(entry, w.ruleset, w.params[k]),
                    "ruleset": w.ruleset, "ambiguity": entry.id, "params": w.params[k], "setup": w.setup, "steps": steps})
    return out


def _flow(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def scenario_text(entry: Entry, scenarios: Sequence[Mapping[str, Any]]) -> str:
    """A witness file: YAML whose values are written as JSON (flow style), so it is stable and short."""
    lines = [f"# Witness of {entry.id}: one scenario per option, written by tools/find-witnesses (do not edit by hand).",
             "format: brou-scenarios/1", "scenarios:"]
    for s in scenarios:
        lines.append(f"  - id: {s['id']}")
        for key in ("description", "clauses", "ruleset", "ambiguity", "params", "setup"):
            lines.append(f"    {key}: {_flow(s[key])}")
        lines.append("    steps:")
        for step in s["steps"]:
            lines.append("      - " + _flow(step))
    return "\n".join(lines) + "\n"


# -- the search over the register ---------------------------------------------------------------


def search_entry(entry: Entry, progress: Callable[[str], None] | None = None) -> dict[str, dict[str, Any]]:
    """Search every ruleset and pair of an entry; write its witness files; return its witness block."""
    plan = PLANS.get(entry.id)
    block: dict[str, dict[str, Any]] = {}
    for ruleset in entry.rulesets:
        prior = entry.witness.get(ruleset, {})
        if plan is None and prior.get("pairs"):  # a witness written by hand (AMB-02): kept as it is
            block[ruleset] = dict(prior)
            continue
        if plan is None or not pairs(entry, ruleset):
            block[ruleset] = {k: v for k, v in prior.items() if k in ("status", "why")} or {"status": "not-searched"}
            continue
        records: list[dict[str, Any]] = []
        scenarios: list[dict[str, Any]] = []
        for pair in pairs(entry, ruleset):
            found = search_pair(entry, ruleset, pair, plan)
            if isinstance(found, Witness):
                scenarios += scenarios_of(entry, found)
                records.append({"options": list(pair), "found": True, "seed": found.seed, "deals": found.deals,
                                "positions": found.positions, "shared_actions": len(found.actions)})
            else:
                why = plan.same.get(pair[1], "not expected: more deals or a built deal might find one")
                records.append({"options": list(pair), "found": False, "deals": found.deals, "positions": found.positions,
                                "seeds": f"0-{found.deals - 1}", "why": why})
            if progress:
                progress(f"{entry.id} {ruleset} {pair[0]} / {pair[1]}: {'found' if records[-1]['found'] else 'none'}")
        path = witness_file(ruleset, entry.id)
        if scenarios:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(scenario_text(entry, scenarios), encoding="utf-8")
        elif path.exists():
            path.unlink()
        hits = sum(r["found"] for r in records)
        status = "found" if hits == len(records) else ("partly-found" if hits else "never-differs")
        block[ruleset] = {"status": status, "search": f"{PLANS_NOTE} {_plan_text(plan, ruleset)}", "pairs": records}
        if scenarios:
            block[ruleset]["file"] = str(path.relative_to(SCENARIO_DIR.parent.parent))
    return block


PLANS_NOTE = "seeded deals, random play (brou.ambiguities.PLANS):"


def _plan_text(plan: Plan, ruleset: str) -> str:
    parts = [plan.context]
    if plan.context != "deal":
        parts.append(f"scores {plan.scores[0][0]}..{plan.scores[0][1]} / {plan.scores[1][0]}..{plan.scores[1][1]}")
    if plan.context == "match":
        parts.append(f"marks {plan.marks[0]}..{plan.marks[1]}")
    if plan.built:
        parts.append(f"built deal {plan.built}")
    if plan.carried != (0, 0):
        parts.append(f"carried marriages up to {plan.carried[1]}")
    for name in ("claim", "claim_right", "declare", "honours"):
        if getattr(plan, name):
            parts.append(f"{name} {getattr(plan, name)}")
    if plan.base.get(ruleset):
        parts.append(f"with {_flow(dict(plan.base[ruleset]))}")
    return ", ".join(parts)


def _witness_yaml(block: Mapping[str, Mapping[str, Any]]) -> list[str]:
    lines = ["    witness:"]
    for ruleset, record in block.items():
        lines.append(f"      {ruleset}:")
        for key, value in record.items():
            if key == "pairs":
                lines.append("        pairs:")
                lines += [f"          - {_flow(p)}" for p in value]
            else:
                lines.append(f"        {key}: {_flow(value)}")
    return lines


def rewrite_witnesses(text: str, blocks: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> str:
    """The register's text with the `witness:` block of the given entries replaced (it is each entry's last key)."""
    body, newline = (text[:-1], "\n") if text.endswith("\n") else (text, "")
    lines = body.split("\n")
    out: list[str] = []
    current: str | None = None
    skipping = False
    for line in lines:
        start = re.match(r"^  - id: (AMB-[0-9]+)\s*$", line)
        if start or (line and not line.startswith(" ")):
            skipping = False
            current = start.group(1) if start else None
        if skipping:
            continue
        if current is not None and current in blocks and line == "    witness:":
            out += _witness_yaml(blocks[current])
            skipping = True
            continue
        out.append(line)
    return "\n".join(out) + newline


def find_witnesses(ids: Sequence[str] = (), progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Search the given entries (all by default), rewrite their witness files and their
    witness blocks in the register; return the blocks."""
    register = load_register()
    entries = [register.entry(i) for i in ids] if ids else register.entries
    blocks = {entry.id: search_entry(entry, progress) for entry in entries}
    REGISTER_FILE.write_text(rewrite_witnesses(REGISTER_FILE.read_text(encoding="utf-8"), blocks), encoding="utf-8")
    return blocks


def main(argv: Sequence[str] | None = None) -> int:
    """tools/find-witnesses [AMB-xx ...]"""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        blocks = find_witnesses(args, progress=lambda s: print(s, flush=True))
    except BrouError as exc:
        print(f"find-witnesses: {exc}", file=sys.stderr)
        return 2
    print(f"{len(blocks)} entries searched; register and witness files rewritten")
    return 0


# -- text for the command line ---------------------------------------------------------------------


def _status(entry: Entry) -> str:
    parts = []
    for ruleset, record in entry.witness.items():
        parts.append(f"{PREFIX.get(ruleset, ruleset)} {record.get('status', '?')}")
    return ", ".join(parts) or "-"


def _default_text(entry: Entry) -> str:
    return ", ".join(f"{PREFIX.get(r, r)} {d['option']}" for r, d in entry.defaults.items())


def register_text(path: Path | str | None = None, columns: int | None = None) -> str:
    """The register as a table at the terminal's width (or `columns`): id, question (whole),
    default per ruleset, witness status."""
    register = load_register(path)
    rows = [(e.id, e.question, _default_text(e), _status(e)) for e in register.entries]
    lines = [table_text(("id", "question", "default", "witness"), rows, no_wrap=("id",), wide=("question",), columns=columns)]
    found = sum(1 for e in register.entries if any(w.get("status") in ("found", "partly-found") for w in e.witness.values()))
    lines.append(f"{len(register.entries)} entries, {found} with a witness; `brou ambiguity AMB-xx` shows one")
    if register.choices:
        lines.append("choices left to the players (not ambiguities): " + ", ".join(register.choices))
    return "\n".join(lines)


def register_data(path: Path | str | None = None) -> dict[str, Any]:
    """The register as plain data (`brou ambiguities --json`): each entry's id, question in
    both languages, default option per ruleset and witness status per ruleset; the choices."""
    register = load_register(path)
    entries = [{"id": e.id, "question": e.question, "question_fr": e.question_fr,
                "defaults": {r: d["option"] for r, d in e.defaults.items()},
                "witness": {r: w.get("status") for r, w in e.witness.items()}} for e in register.entries]
    return {"entries": entries, "choices": sorted(register.choices)}


def entry_data(amb_id: str, path: Path | str | None = None) -> dict[str, Any]:
    """One entry as written in the register (`brou ambiguity ID --json`), with its witness
    scenarios as the corpus holds them."""
    entry = load_register(path).entry(amb_id)
    scenarios = [s.data for _, file in witness_scenarios(entry) for s in load_file(file)]
    return dict(entry.raw) | {"witness_scenarios": scenarios}


def _wrap(text: str, indent: str = "  ", width: int = 100) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent) or [indent]


def entry_text(amb_id: str, path: Path | str | None = None) -> str:
    """One entry: question, sources, options and overrides, defaults and why, and each
    witness played out under its options side by side."""
    register = load_register(path)
    entry = register.entry(amb_id)
    lines = [f"{entry.id}: {entry.question}", "", "sources:"]
    for s in entry.sources:
        where = s["source"] + (f" {s['section']}" if s.get("section") else "")
        lines += _wrap(f"{where}: {s['says']}")
    lines += ["", "options:"]
    for o in entry.options:
        overrides = "; ".join(f"{PREFIX.get(r, r)} {_flow(p)}" for r, p in o.overrides.items()) or "no parameter"
        mark = "" if o.playable else "  [the engine cannot play it]"
        lines.append(f"  {o.name}: {overrides}{mark}")
        if o.why:
            lines += _wrap(o.why, "      ")
    lines += ["", "defaults:"]
    for ruleset, d in entry.defaults.items():
        lines.append(f"  {ruleset}: {d['option']}")
        lines += _wrap(d["why"], "      ")
    for ruleset, record in entry.witness.items():
        lines += ["", f"witness ({ruleset}): {record.get('status', '?')}"]
        if record.get("why"):
            lines += _wrap(str(record["why"]))
        for p in record.get("pairs", []):
            if not p.get("found"):
                lines += _wrap(f"{p['options'][0]} / {p['options'][1]}: no difference in {p['deals']} deals, "
                               f"{p['positions']} positions (seeds {p['seeds']}): {p['why']}")
        lines += _played_out(entry, ruleset)
    return "\n".join(lines)


def _played_out(entry: Entry, ruleset: str) -> list[str]:
    path = witness_file(ruleset, entry.id)
    if not path.exists():
        return []
    scenarios = load_file(path)
    out: list[str] = []
    for pair in pairs(entry, ruleset):
        ids = scenario_ids(entry, ruleset, pair)
        found = [next((s for s in scenarios if s.id == i), None) for i in ids]
        if found[0] is None or found[1] is None:
            continue
        a, b = found[0].data, found[1].data
        setup = a["setup"]
        out.append(f"  {pair[0]} / {pair[1]}:")
        if "hands" in setup:
            hands = " | ".join(f"{p}: {' '.join(h)}" for p, h in enumerate(setup["hands"]))
            out.append(f"    hands: {hands}; turnup {setup['turnup']}")
        else:
            draw = f"; draw for the first dealer: {_flow(setup['draw'])}" if "draw" in setup else ""
            out.append(f"    seed {setup['seed']}{draw}")
        if "game" in setup:
            out.append(f"    game: {_flow(setup['game'])}" + (f", match: {_flow(setup['match'])}" if "match" in setup else ""))
        first = a["steps"][0]
        shared: list[str] = first["do"] if isinstance(first.get("do"), list) else []
        out += _wrap("shared actions: " + (" ".join(shared) or "none"), "    ", 110)
        for name, scenario in ((pair[0], a), (pair[1], b)):
            out.append(f"    under {name} {_flow(scenario['params'])}:")
            for step in scenario["steps"][1 if shared else 0:]:
                if "expect" in step:
                    for key, value in step["expect"].items():
                        out += _wrap(f"{key}: {_flow(value)}", "      ", 110)
                elif "reject" in step:
                    out.append(f"      {step['reject']} is refused ({step.get('code')})")
                elif "do" in step:
                    out.append(f"      {step['do']} is accepted")
    return out


def witness_scenarios(entry: Entry) -> Iterator[tuple[str, Path]]:
    """(ruleset, file) of every witness file an entry has."""
    for ruleset in entry.rulesets:
        path = witness_file(ruleset, entry.id)
        if path.exists():
            yield ruleset, path

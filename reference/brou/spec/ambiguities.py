"""The ambiguity register (spec/ambiguities.yaml) and the plans of the search for witnesses.

The register lists every open question the sources leave: what each source says, the
options (each a set of parameter overrides per ruleset), the default each ruleset takes
and whether a witness was found.  A witness is a concrete deal and a sequence of actions,
legal under two options, after which the options part: a different set of legal actions,
a refused action, a different count, outcome, match or score sheet.  This module reads and
checks the register and says how each entry is searched (`PLANS`); the search itself plays
seeded random deals (and a few built deals) through the conformance adapter, so what
differs is exactly what the protocol shows, and lives in the conformance layer
(`brou.conformance.cases.witnesses`, run by tools/find-witnesses), which stores each witness as
one scenario per option in conformance/scenarios/<ruleset>/ambiguities/.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from .. import spec
from ..errors import ParameterError, SpecError, UsageError, quoted
from .rules import Rules
from .tables import table_text

__all__ = ["LANGS", "PLANS", "Entry", "Option", "Plan", "Register", "agreement_problems", "check_register", "flow",
           "in_lang", "load_register", "register_data", "register_text", "rewrite_witnesses"]

REGISTER_FILE = spec.SPEC_DIR / "ambiguities.yaml"
SCHEMA_FILE = spec.SCHEMA_DIR / "ambiguities.schema.json"
PREFIX = {"homme-de-brou-1802": "hdb", "brouc": "brouc", "brusquembille-1718": "brus", "homme-d-auvergne": "auv",
          "hombre": "hom"}
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
        ids = [e.id for e in self.entries]
        close = difflib.get_close_matches(wanted, ids, n=4, cutoff=0.5)
        # a letter typed for a digit that looks like it (AMB-O5, AMB-l2): that id first
        misread = re.sub(r"(?<=^AMB-)([0-9OIL]+)$", lambda m: m.group(1).translate(str.maketrans("OIL", "011")), wanted)
        if misread != wanted and misread in ids:
            close = [misread] + [c for c in close if c != misread][:3]
        hint = f" (close: {', '.join(close)})" if close else f" (known: {self.entries[0].id} to {self.entries[-1].id})"
        raise UsageError(f"no ambiguity {quoted(amb_id)} in the register{hint}")

    def error(self, message: str, path: spec.Path_) -> SpecError:
        return SpecError(message, self.doc.file, self.doc.line_of(path), spec.path_text(path))


def _validator() -> Draft202012Validator:
    """The register schema's validator (the schema itself is checked by the tests, not at each run)."""
    return Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


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
            if "range" in pspec and ruleset not in register.choices.get(pname, {}).get("rulesets", []):
                problems.append(merged.error(f"parameter {pname} takes any number in its range, so it must be a choice of "
                                             f"the register for {ruleset}", ("parameters", pname, "range")))
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


# -- how each entry is searched (brou.conformance.cases.witnesses plays the deals) ----------------


@dataclass(frozen=True)
class Plan:
    """How to search one entry: the table (a bare deal, a game or a match), the scores drawn,
    how often the bots claim, declare, concede and announce, and built deals where random
    deals are hopeless.  `same` says why a pair of options is expected never to differ."""

    context: str = "deal"  # deal | game | match; session (the phase engine: a deal inside a session); draw (the
    # phase engine: the first dealer drawn from the seed, the deal given as cards)
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
    setup: str = "hands"  # phase-engine rulesets: "hands" (the seed's deal given as cards) or "seed" (the seed itself)
    totals: int = 0  # context session: each player's card points before the deal (marks, for a game with a speech)
    played: int = 0  # context session: the deals already played before this one
    views: bool = False  # compare every player's view too (an option that changes only what is seen)
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
    # a loser on exactly 0: losers start the deal on 0 and the winners, near 301, claim early
    "AMB-24": Plan(context="game", deals=2000, scores=((270, 300), (0, 0)), claim_right=0.9, concede=0.0),
    "AMB-26": Plan(context="game", deals=2000, scores=((180, 300), (-40, 200)), claim_right=0.6),
    "AMB-27": Plan(context="game", deals=2000, scores=((200, 300), (100, 160)), claim_right=0.8, claim=0.02),
    # after the last card: a round of claims shows at once; no-claim plays as the default does
    "AMB-28": Plan(context="game", deals=40, scores=NEAR, concede=0.0, same={
        "no-claim": "with the count first and nothing said after it, no claim is heard after the last card either: "
                    "the two readings are one game"}),
    "AMB-29": Plan(context="game", deals=600, scores=((150, 300), (0, 300)), declare=0.9, claim=0.2),
    "AMB-30": Plan(context="game", deals=200, scores=((150, 300), (0, 300))),
    "AMB-31": Plan(context="game", deals=300, scores=((310, 340), (0, 290)), speakers=True),
    "AMB-32": Plan(context="game", deals=3000, scores=((240, 300), (0, 300)), declare=0.9, concede=0.9),
    "AMB-33": Plan(context="game", deals=3000, scores=((240, 300), (80, 170)), concede=0.0),
    # the concession asked before trick 5: a built deal where player 0 takes the first tricks, near 301
    "AMB-34": Plan(context="game", deals=600, built="cape", scores=((270, 300), (0, 300)), concede=0.0),
    # every trick taken after a declaration, the count short of 301: low scores, the built cape deal
    "AMB-35": Plan(context="game", deals=300, built="cape", scores=((0, 150), (0, 150)), declare=0.9, concede=0.0),
    "AMB-36": Plan(context="game", deals=400, scores=((150, 300), (0, 300)), concede=0.0),
    "AMB-37": Plan(context="game", deals=600, scores=((100, 180), (100, 180)), concede=0.0,
                   base={"homme-de-brou-1802": {"partie_et_vole_190": "precondition"}}),
    "AMB-38": Plan(context="game", deals=300, carried=(20, 60), scores=((240, 300), (0, 300)), claim_right=0.9),
    "AMB-39": Plan(context="game", deals=300, scores=((280, 300), (0, 300)), claim_right=0.9, claim=0.05),
    # the turned card on show or not: only the players' views tell
    "AMB-40": Plan(deals=20, views=True),
    # the winner of a trick holding two marriages passes instead of marking (the bots always pass there)
    "AMB-41": Plan(deals=300, built="two-marriages", honours=0.95, announce=0.0,
                   base={"homme-de-brou-1802": {"table_marking": "players"}}),
    # Brusquembille (the phase engine): a deal is all there is; the pack and the deal are compared
    # from the seed itself, the rules of play and the count from the seed's deal given as cards
    "AMB-42": Plan(deals=20, setup="seed"),
    "AMB-43": Plan(deals=50),
    "AMB-44": Plan(deals=20, setup="seed"),
    "AMB-45": Plan(deals=50),
    "AMB-46": Plan(deals=3000, base={"brusquembille-1718": {"form": "five"}}),
    # the last deal of a game for points, every player 60 short of the total
    "AMB-47": Plan(deals=3000, context="session", totals=240, base={"brusquembille-1718": {"scoring": "points"}}),
    # two pairs, one round agreed, one deal already played: the second deal ends the session if a
    # round is one deal per dealer
    "AMB-69": Plan(deals=5, context="session", played=1,
                   base={"brusquembille-1718": {"form": "four-partners", "rounds": 1}}),
    "AMB-70": Plan(deals=5, base={"brusquembille-1718": {"scoring": "points"}}),
    # five each for himself: three of them tied at the top (two tied share under either reading)
    "AMB-71": Plan(deals=4000, base={"brusquembille-1718": {"form": "five"}}),
    # L'Homme d'Auvergne (the phase engine with a speech): the pack from the seed itself, the rest from
    # the seed's cards given as hands and the whole talon, the bots saying any legal word or card
    "AMB-48": Plan(deals=20, setup="seed"),
    "AMB-49": Plan(deals=20),
    "AMB-50": Plan(deals=400),
    "AMB-51": Plan(deals=400),
    "AMB-52": Plan(deals=3000),
    "AMB-53": Plan(deals=1000),
    # the game: every player at no mark (a point lost by one who has none), one short of five
    # (whoever scores a mark reaches five but not seven; a lost deal brings several there at once)
    "AMB-54": Plan(deals=1000, context="session", totals=0),
    "AMB-55": Plan(deals=1000, context="session", totals=4),
    "AMB-56": Plan(deals=3000, context="session", totals=4),
    # the draw for the first dealer, from the seed, before the seed's deal
    "AMB-57": Plan(deals=400, context="draw"),
    # L'Hombre (the phase engine with an auction): the seed's cards as hands and the whole talon,
    # the bots taking any legal bid, word or card (AMB-58, the direction, changes nothing the
    # engine does: its entry says why, and is not searched)
    "AMB-59": Plan(deals=2000),
    "AMB-60": Plan(deals=2000),
    "AMB-61": Plan(deals=200, views=True),
    "AMB-62": Plan(deals=2000),
    "AMB-63": Plan(deals=3000),
    # a turned black ace: about one tourné in six has the espadille or the baste on top
    "AMB-64": Plan(deals=3000),
    "AMB-65": Plan(deals=200),
    "AMB-66": Plan(deals=1000),
    "AMB-67": Plan(deals=2000, views=True),
}


# -- the witness blocks of the register ----------------------------------------------------------


def flow(value: Any) -> str:
    """A value as one line of JSON: the flow style of the register's witness blocks and of the witness files."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _witness_yaml(block: Mapping[str, Mapping[str, Any]]) -> list[str]:
    lines = ["    witness:"]
    for ruleset, record in block.items():
        lines.append(f"      {ruleset}:")
        for key, value in record.items():
            if key == "pairs":
                lines.append("        pairs:")
                lines += [f"          - {flow(p)}" for p in value]
            else:
                lines.append(f"        {key}: {flow(value)}")
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


# -- text for the command line ---------------------------------------------------------------------


def _status(entry: Entry) -> str:
    parts = []
    for ruleset, record in entry.witness.items():
        parts.append(f"{PREFIX.get(ruleset, ruleset)} {record.get('status', '?')}")
    return ", ".join(parts) or "-"


def _default_text(entry: Entry) -> str:
    return ", ".join(f"{PREFIX.get(r, r)} {d['option']}" for r, d in entry.defaults.items())


def _selected(register: Register, ruleset: str | None) -> tuple[list[Entry], list[str]]:
    """The entries and choices of the register, or with `ruleset` only those of that ruleset:
    the entries that give it a default, the choices that name it."""
    if ruleset is None:
        return list(register.entries), sorted(register.choices)
    entries = [e for e in register.entries if ruleset in e.rulesets]
    choices = sorted(name for name, choice in register.choices.items() if ruleset in choice.get("rulesets", []))
    return entries, choices


def register_text(path: Path | str | None = None, columns: int | None = None, ruleset: str | None = None) -> str:
    """The register as a table at the terminal's width (or `columns`): id, question (whole),
    default per ruleset, witness status; with `ruleset`, only that ruleset's entries."""
    register = load_register(path)
    entries, choices = _selected(register, ruleset)
    rows = [(e.id, e.question, _default_text(e), _status(e)) for e in entries]
    lines = [table_text(("id", "question", "default", "witness"), rows, no_wrap=("id",), wide=("question",), columns=columns)]
    found = sum(1 for e in entries if any(w.get("status") in ("found", "partly-found") for w in e.witness.values()))
    of = "" if ruleset is None else f" of {ruleset}"
    lines.append(f"{len(entries)} entries{of}, {found} with a witness; `brou ambiguity AMB-xx` shows one")
    if choices:
        lines.append("choices left to the players (not ambiguities): " + ", ".join(choices))
    return "\n".join(lines)


def register_data(path: Path | str | None = None, ruleset: str | None = None) -> dict[str, Any]:
    """The register as plain data (`brou ambiguities --json`): each entry's id, question in
    both languages, default option per ruleset and witness status per ruleset; the choices;
    with `ruleset`, only the entries and choices of that ruleset."""
    register = load_register(path)
    selected, choices = _selected(register, ruleset)
    entries = [{"id": e.id, "question": e.question, "question_fr": e.question_fr,
                "defaults": {r: d["option"] for r, d in e.defaults.items()},
                "witness": {r: w.get("status") for r, w in e.witness.items()}} for e in selected]
    return {"entries": entries, "choices": choices}



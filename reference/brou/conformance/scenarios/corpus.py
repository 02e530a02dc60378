"""The scenario corpus: loading, checking, and what an implementation is shown.

Scenario files live under `conformance/scenarios/<ruleset>/<topic>/`.  Hand-written
files are YAML (a mapping with `format: brou-scenarios/1` and a list `scenarios`);
generated files are JSON lines, one scenario per line, with the same shape (JSON is
the part of YAML that parses fifty times faster, which matters for ten thousand
scenarios).  Both are described by `spec/schema/scenario.schema.json`.

`Scenario.request` is what an implementation receives: the setup and, for each step,
only the action to take or the names of what to report, never the expectations.
"""

from __future__ import annotations

import fnmatch
import hashlib
import io
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import jsonschema_rs

from ... import spec
from ...errors import ACTION_CODES, ParameterError, SpecError, one_line
from ...spec.rules import NOT_EXECUTABLE_YET, Rules

CONFORMANCE_DIR = Path(os.environ.get("BROU_CONFORMANCE_DIR", spec.DATA_ROOT / "conformance"))
SCENARIO_DIR = CONFORMANCE_DIR / "scenarios"
FORMAT = "brou-scenarios/1"
# where a scenario comes from (its `origin`, as the schema lists them)
ORIGINS = ("hand-written", "generated", "perft", "boundary", "fuzzed")

# what a scenario may need beyond playing one deal from given hands (PROTOCOL.md, "Features")
FEATURES = ("game", "match", "sheet", "seeded-deal", "perft", "error-codes", "view", "deals", "draw", "cut", "out-of-turn",
            "session")
# what the setup needs: without one of these a scenario cannot be played, and is skipped whole
# (out-of-turn: an action by a given player, or the `speakers` observable)
RUN_FEATURES = frozenset({"game", "match", "seeded-deal", "deals", "draw", "cut", "out-of-turn", "session"})
# the feature an observable needs; a game on the phase engine has its outcome without `game`
_NEEDS = {"outcome": "game", "sheet": "sheet", "match": "match", "deal": "seeded-deal", "view": "view", "start": "deals",
          "speakers": "out-of-turn", "session": "session"}
# the features without which a step or an observable may be left out (`kept_step`): an
# implementation offering all of them is sent every step whole (`all_steps`)
_STEP_FEATURES = frozenset({*_NEEDS.values(), "perft"})


_FEATURE_SETS: dict[frozenset[str], frozenset[str]] = {}


class CorpusError(SpecError):
    """A scenario file that cannot be used: one line naming file, line and what is wrong."""


class Scenario:
    """One scenario, as loaded, with where it came from and what it needs.

    It keeps its text (compact JSON), not its data: `data` reads the text again when
    asked, so that a run over ten thousand scenarios holds a few kilobytes for each."""

    __slots__ = ("text", "id", "description", "clauses", "ruleset", "params", "origin", "ambiguity",
                 "file", "line", "_features", "source")

    def __init__(self, data: dict[str, Any], file: str, line: int, text: str | None = None) -> None:
        self.text = text if text is not None else json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        self.id: str = data["id"]
        self.description: str = data["description"]
        self.clauses: tuple[str, ...] = tuple(map(sys.intern, data["clauses"]))  # a few names, shared
        self.ruleset: str = sys.intern(data["ruleset"])
        self.params: dict[str, Any] = data.get("params") or {}
        self.origin: str = sys.intern(data.get("origin", "hand-written"))
        self.ambiguity: str | None = data.get("ambiguity")
        self.source: str | None = data.get("source")
        self.file = file
        self.line = line
        self._features: frozenset[str] | None = None

    @property
    def features(self) -> frozenset[str]:
        """The features (PROTOCOL.md) the scenario uses (`--feature` selects by them)."""
        if self._features is None:
            self.note_features(self.data)
        assert self._features is not None
        return self._features

    def note_features(self, data: Mapping[str, Any]) -> None:
        """Work out `features` from the scenario's data already read (`data`), unless known."""
        if self._features is None:
            features = features_of(data)
            self._features = _FEATURE_SETS.setdefault(features, features)  # a few sets, shared

    @property
    def data(self) -> dict[str, Any]:
        """The scenario's data (a fresh copy each time)."""
        data: dict[str, Any] = json.loads(self.text)
        return data

    @property
    def needs(self) -> frozenset[str]:
        """The features without which the scenario cannot be played at all (its setup):
        an implementation lacking one skips the whole scenario.  The others it uses
        (`sheet`, `perft`) only leave out the steps that ask for them."""
        return self.features & RUN_FEATURES

    @property
    def request(self) -> dict[str, Any]:
        """What the implementation is sent (made when asked: each scenario is sent once)."""
        return request_of(self.data)

    def request_for(self, features: Iterable[str], omit: Omit | None = None,
                    data: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """What an implementation offering `features` is sent: the steps it cannot answer left
        out, and what `omit` leaves out (a declared reading); `data`: the scenario's data, if
        already read."""
        return request_of(self.data if data is None else data, frozenset(features), omit)

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def __repr__(self) -> str:
        return f"Scenario({self.id!r})"


def features_of(data: Mapping[str, Any]) -> frozenset[str]:
    """The features (PROTOCOL.md) the scenario uses, in its setup or in its steps
    (`Scenario.needs`: those it cannot be played without)."""
    setup = data["setup"]
    need: set[str] = set()
    observed: set[str] = set()
    if "game" in setup:
        need.add("game")
    if "match" in setup:
        need.add("match")
    if "seed" in setup:
        need.add("seeded-deal")
    if "draw" in setup:
        need.add("draw")
    if "cut" in setup:
        need.add("cut")
    if "session" in setup:
        need.add("session")
    for step in data["steps"]:
        if "perft" in step:
            need.add("perft")
        elif "deal" in step:
            need.update(("deals", "session" if "session" in setup else "match"))
            if "seed" in step["deal"]:
                need.add("seeded-deal")
            if "cut" in step["deal"]:
                need.add("cut")
        elif "player" in step:
            need.add("out-of-turn")
        elif "expect" in step:
            observed.update(step["expect"])
    for k in observed:
        feature = _need(k, data["ruleset"])
        if feature is not None:
            need.add(feature)
    if "deals" in need and "session" not in need:
        need.add("match")
    if "sheet" in need or "match" in need:
        need.add("game")
    return frozenset(need)


@lru_cache(maxsize=64)
def _on_phases(ruleset: str) -> bool:
    """Whether a ruleset runs on the phase engine (it names `phases`); False if it cannot be read."""
    try:
        return "phases" in spec.load_document(ruleset).data
    except SpecError:
        return False


def _need(observable: str, ruleset: str) -> str | None:
    """The feature an observable needs in a scenario of this ruleset, or None."""
    if observable == "outcome" and _on_phases(ruleset):
        return None  # the deal's result (PROTOCOL.md, "Games with a talon"), not a game's
    return _NEEDS.get(observable)


class Omit(NamedTuple):
    """What of a scenario is left out when it is judged under a reading the implementation
    declared (brou.conformance.judging.readings.reading_of): by step number (from 1), the observables left out of an
    `expect` step, or "code" for a refusal whose error code differs (None: the whole step);
    and `from_step`, the first step left out with all that follow (the line of play parts
    there: an action the reading refuses, or one it allows that the scenario refuses)."""

    steps: Mapping[int, frozenset[str] | None]
    from_step: int | None = None


def all_steps(features: frozenset[str] | None, omit: Omit | None = None) -> bool:
    """Whether `step_kept` keeps every step whole: nothing omitted, and every feature a step
    or an observable may need is offered (None: every feature)."""
    return omit is None and (features is None or features >= _STEP_FEATURES)


def step_kept(number: int, step: Mapping[str, Any], features: frozenset[str] | None, ruleset: str = "",
              omit: Omit | None = None) -> Mapping[str, Any] | None:
    """Scenario step `number` (from 1) as it is sent and judged: `kept_step`, and before it
    what `omit` leaves out of it (None: the step is left out whole)."""
    if omit is not None:
        if omit.from_step is not None and number >= omit.from_step:
            return None
        left = omit.steps.get(number, frozenset())
        if left is None:
            return None
        if left and "expect" in step:
            expect = {k: v for k, v in step["expect"].items() if k not in left}
            if not expect:
                return None
            step = {"expect": expect}
        elif "code" in left:
            step = {k: v for k, v in step.items() if k != "code"}
    return kept_step(step, features, ruleset)


def kept_step(step: Mapping[str, Any], features: frozenset[str] | None, ruleset: str = "") -> Mapping[str, Any] | None:
    """A scenario step as an implementation offering `features` (None: every feature) runs
    it: an `expect` without the observables it cannot report, a perft step only with
    `perft`; None for a step left out whole."""
    if features is None:
        return step
    if "perft" in step:
        return step if "perft" in features else None
    if "expect" in step:
        expect = {k: v for k, v in step["expect"].items() if (n := _need(k, ruleset)) is None or n in features}
        if not expect:
            return None
        return step if len(expect) == len(step["expect"]) else {"expect": expect}
    return step


def request_of(data: Mapping[str, Any], features: frozenset[str] | None = None, omit: Omit | None = None) -> dict[str, Any]:
    """The scenario as an implementation sees it: setup and steps, no expectations; with
    `features`, only the steps and observables such an implementation can answer; with
    `omit`, without what a declared reading leaves out."""
    steps: list[dict[str, Any]] = []
    whole = all_steps(features, omit)
    for number, given in enumerate(data["steps"], 1):
        step = given if whole else step_kept(number, given, features, data["ruleset"], omit)
        if step is None:
            continue
        by = {"player": step["player"]} if "player" in step else {}
        if "do" in step:
            actions = step["do"]
            for action in [actions] if isinstance(actions, str) else actions:
                steps.append({"act": action} | by)
        elif "reject" in step:
            steps.append({"act": step["reject"]} | by)
        elif "expect" in step:
            steps.append({"observe": sorted(step["expect"])})
        elif "deal" in step:
            steps.append({"deal": step["deal"]})
        else:
            steps.append({"perft": step["perft"]})
    return {"id": data["id"], "ruleset": data["ruleset"], "params": data.get("params") or {},
            "setup": data["setup"], "steps": steps}


# -- loading -----------------------------------------------------------------------
#
# A file is checked in two ways before any of its scenarios judges an implementation.
# Structure, always: size, encoding, nesting, the schema, and what the schema cannot say
# (the ruleset, its parameters and clauses exist, error codes are documented, ids are
# unique across the files), here (`select`).  Substance: the reference engine plays the
# scenario in this process and must pass it, or the file is at fault (the next step's,
# brou.conformance.judging.reference.load).  Both are skipped for a file whose
# content is listed in VERIFIED (conformance/verified.jsonl: each shipped file's SHA-256
# and an index of its scenarios, written by tools/verify-corpus after replaying them all;
# a test keeps it current), and the index selects before the file is parsed.

MAX_FILE_BYTES = 8 << 20  # a JSON lines file (the largest shipped: 0.65 MB)
MAX_LINE_BYTES = 64 << 10  # one JSON line, one scenario (the largest shipped: 4.5 KB)
VERIFIED = CONFORMANCE_DIR / "verified.jsonl"


@lru_cache(maxsize=2)
def _validator(what: str) -> Any:
    """A compiled validator (jsonschema-rs: the corpus is too large for a pure-Python one)
    for a whole file ("file") or one scenario ("scenario")."""
    root = json.loads((spec.SCHEMA_DIR / "scenario.schema.json").read_text(encoding="utf-8"))
    if what == "scenario":
        root = {"$schema": root["$schema"], "$defs": root["$defs"], "$ref": "#/$defs/scenario"}
    return jsonschema_rs.validator_for(root)


def schema_error(data: Any, what: str) -> tuple[str, tuple[str | int, ...]] | None:
    """The first schema error of a file's data or of one scenario: (message, path), or None."""
    try:
        _validator(what).validate(data)  # the first error only (iter_errors finds them all first)
    except jsonschema_rs.ValidationError as error:
        return _short(error.message), tuple(error.instance_path)
    return None


def scenario_files(root: Path | None = None) -> list[Path]:
    root = root or SCENARIO_DIR
    # a FIFO, a device or a broken link under a scenario's name is kept, to be refused when read
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".jsonl") and not p.is_dir())


def _relative(path: Path) -> str:
    try:
        return one_line(str(Path(os.path.abspath(path)).relative_to(Path.cwd())))
    except (ValueError, OSError):
        return one_line(str(path))


def _read(path: Path, name: str) -> bytes:
    limit = MAX_FILE_BYTES if path.suffix == ".jsonl" else spec.MAX_YAML_BYTES
    try:
        return spec.read_bytes(path, limit, name)
    except SpecError as exc:
        raise CorpusError(exc.message, exc.file, exc.line, exc.path) from None


def load_file(path: Path, check_schema: bool = True) -> list[Scenario]:
    """The scenarios of one file, read and checked against the schema; CorpusError (one
    line, file:line) if it cannot be used."""
    name = _relative(path)
    return list(_scenarios(_read(path, name), path.suffix, name, check_schema))


def _scenarios(raw: bytes, suffix: str, name: str, check: bool, lines: set[int] | None = None) -> Iterator[Scenario]:
    """The scenarios of a file's bytes, one by one (only those at `lines` if given);
    `check`: against the schema."""
    try:
        text = spec.decode_text(raw, name)  # checks the encoding
        doc = None if suffix == ".jsonl" else spec.read_yaml(name, text)
    except SpecError as exc:
        raise CorpusError(exc.message, exc.file, exc.line, exc.path) from None
    if doc is None:
        del text
        yield from _jsonl(raw, name, check, lines)
        return
    if not isinstance(doc.data, dict):
        raise CorpusError("a scenario file is a mapping with 'format' and 'scenarios'", name, 1)
    if check:
        problem = schema_error(doc.data, "file")
        if problem is not None:
            message, where = problem
            raise CorpusError(message, name, doc.line_of(where), spec.path_text(where))
    elif not isinstance(doc.data.get("scenarios"), list):
        raise CorpusError("a scenario file is a mapping with 'format' and a list 'scenarios'", name, 1)
    for i, s in enumerate(doc.data["scenarios"]):
        line = doc.line_of(("scenarios", i)) or 1
        if lines is None or line in lines:
            yield Scenario(with_deal_expanded(s, name, doc.line_of(("scenarios", i, "setup", "deal")) or line), name, line)


class DuplicateKey(ValueError):
    """A JSON object that gives one key twice."""


def _no_duplicate_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of a JSON line, DuplicateKey if a key comes twice (json.loads keeps the last)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKey(one_line(key[:100]))
        out[key] = value
    return out


def _jsonl(raw: bytes, name: str, check: bool, lines: set[int] | None) -> Iterator[Scenario]:
    """The scenarios of a JSON lines file's bytes (known to be UTF-8), one line at a time."""
    found = False
    for number, chunk in enumerate(io.BytesIO(raw), 1):
        line = chunk.decode("utf-8-sig" if number == 1 else "utf-8").strip()
        if not line or (lines is not None and number not in lines):
            found = found or bool(line)
            continue
        found = True
        if len(line) > MAX_LINE_BYTES:
            raise CorpusError(f"a line of {len(line):,} characters; the limit is {MAX_LINE_BYTES:,}", name, number)
        try:
            data = json.loads(line, object_pairs_hook=_no_duplicate_key if check else None)
        except DuplicateKey as exc:  # as YAML refuses them; a verified file was checked so when listed
            raise CorpusError(f"the key '{exc}' is given twice in one object", name, number) from None
        except json.JSONDecodeError as exc:
            raise CorpusError(f"JSON syntax: {exc.msg} (column {exc.colno})", name, number) from None
        except RecursionError:
            raise CorpusError("JSON nested too deep", name, number) from None
        except ValueError:  # an integer of thousands of digits
            raise CorpusError("JSON: a number too long to read", name, number) from None
        required = ("id", "description", "clauses", "ruleset", "setup", "steps")
        if not isinstance(data, dict) or not all(k in data for k in required):
            raise CorpusError("a scenario needs id, description, clauses, ruleset, setup and steps", name, number)
        if check:
            problem = schema_error(data, "scenario")
            if problem is not None:
                raise CorpusError(problem[0], name, number, spec.path_text(problem[1]))
        expanded = with_deal_expanded(data, name, number)
        yield Scenario(expanded, name, number, line if expanded is data else None)
    if not found:
        raise CorpusError("the file holds no scenario", name, 1)


def with_deal_expanded(data: Any, name: str, line: int) -> Any:
    """A scenario whose setup gives its deal in the notation (`setup.deal`, docs/notation.md)
    with the deal written out as the protocol sends it: `hands` by player, `turnup`, `talon`,
    `dealer`, `game` for a deal of 1802 or Brouc inside a game, `session.marks` for one of a
    game to a number of marks; the scenario itself if it
    has no such deal.  CorpusError if the line is not a deal of the scenario's ruleset and
    parameters."""
    setup = data.get("setup") if isinstance(data, dict) else None
    if not isinstance(setup, dict) or "deal" not in setup:
        return data
    from ...engine.notation import NotationError, parse_deal, players_deal, table_context
    from ...laws.talon import TalonDeal

    where = "setup.deal"
    try:
        parsed = parse_deal(setup["deal"])
    except NotationError as exc:
        raise CorpusError(f"{exc}", name, line, where) from None
    if parsed.actions:
        raise CorpusError("a setup's deal has no actions: give them as steps", name, line, where)
    rules = parsed.rules
    params = data.get("params") or {}
    if rules.id != data.get("ruleset") or dict(rules.overrides) != dict(params):
        raise CorpusError(f"the deal is one of {rules.id} {dict(rules.overrides) or ''}, the scenario's of "
                          f"{data.get('ruleset')} {dict(params) or ''}".replace(" }", "}"), name, line, where)
    if parsed.context is not None and "game" in setup:
        raise CorpusError("the deal gives the game's scores (scores=): no setup.game beside it", name, line, where)
    hands, turnup, talon = players_deal(parsed.deal, parsed.offset)
    out = {k: v for k, v in setup.items() if k != "deal"}
    out["dealer"] = parsed.dealer
    out["hands"] = [rules.cards_text(h) for h in hands]
    if isinstance(parsed.deal, TalonDeal):  # a game with a talon: the talon, even when empty of drawn cards
        out["talon"] = [rules.card_text(c) for c in talon]
    if turnup is not None:
        out["turnup"] = rules.card_text(turnup)
    if parsed.context is not None:
        out["game"] = table_context(rules, parsed.offset, parsed.context)
    if parsed.marks is not None:  # a deal of a game to a number of marks: the players' marks
        session = dict(out.get("session") or {})
        if "marks" in session:
            raise CorpusError("the deal gives the players' marks (marks=): no setup.session.marks beside it",
                              name, line, where)
        n = rules.n_players
        session["marks"] = [parsed.marks[(p - parsed.offset) % n] for p in range(n)]
        out["session"] = session
    if "match" in out and "game" not in out:
        raise CorpusError("a setup with a match needs the game's scores: scores=A,B in the deal, or setup.game",
                          name, line, where)
    return {**data, "setup": out}


def _short(message: str) -> str:
    message = one_line(message)
    return message if len(message) <= 160 else message[:157] + "..."


@lru_cache(maxsize=32)
def _rules(ruleset: str, params: str = "{}") -> Rules:
    """The rules of a ruleset under parameters given as their JSON text (the cache key): the
    values reach the rules as the scenario wrote them, a list as a list (`packets: [2, 3, 3]`)."""
    return Rules.load(ruleset, **json.loads(params))


def rules_for(scenario: Scenario) -> Rules:
    return _rules(scenario.ruleset, json.dumps(scenario.params, sort_keys=True))


def parameter_default(ruleset: str, name: str) -> Any:
    """The default of a ruleset's parameter (None if it has no such parameter)."""
    spec_ = _rules(ruleset).data["parameters"].get(name)
    return None if spec_ is None else spec_.get("default")


def _hashable(value: Any) -> Any:
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


@lru_cache(maxsize=1)
def _known_rulesets() -> frozenset[str]:
    return frozenset(spec.available_rulesets())


@lru_cache(maxsize=8)
def _ruleset(ruleset: str) -> dict[str, Any]:
    """A shipped ruleset's merged document: its clauses and parameters, without compiling it
    (brou validate and the test suite check the shipped rulesets)."""
    return spec.load_document(ruleset).data


def check_references(scenarios: Iterable[Scenario]) -> None:
    """What the schema cannot say (see `_check_scenario`), and ids unique across the scenarios."""
    seen: dict[str, str] = {}
    for s in scenarios:
        if s.id in seen:
            raise CorpusError(f"scenario id '{s.id}' is used twice (first at {seen[s.id]})", s.file, s.line)
        seen[s.id] = s.where
        _check_scenario(s)


def _check_scenario(s: Scenario, codes: bool = True) -> None:
    """The ruleset, its parameters and options and the clauses exist, and (`codes`) the error
    codes expected are documented ones."""
    known = _known_rulesets()
    if s.ruleset not in known:
        raise CorpusError(f"unknown ruleset '{s.ruleset}' (known: {', '.join(sorted(known))})", s.file, s.line, s.id)
    base = _ruleset(s.ruleset)
    try:
        spec.check_overrides(base, s.params)
        for name, value in s.params.items():
            if (name, _hashable(value)) in NOT_EXECUTABLE_YET:
                raise ParameterError(f"parameter {name}={value} is a recorded reading that the engine does not play yet")
    except ParameterError as exc:
        raise CorpusError(str(exc), s.file, s.line, s.id) from None
    for clause in s.clauses:
        if clause not in base["clauses"]:
            raise CorpusError(f"clause '{clause}' is not a clause of ruleset {s.ruleset}", s.file, s.line, s.id)
    if codes and "reject" in s.text:
        for step in s.data["steps"]:
            code = step.get("code")
            if code is not None and code not in ACTION_CODES:
                raise CorpusError(f"unknown error code '{code}' (docs/errors.md)", s.file, s.line, s.id)


Row = tuple[str, int, str, str, list[str], list[str], dict[str, Any]]  # id, line, ruleset, origin, clauses, features, params
ROW_FIELDS = 7


def verified_index(path: Path = VERIFIED) -> dict[str, list[Row]]:
    """SHA-256 -> the scenarios of a file the reference engine passes, as listed (empty if
    the list is missing, unreadable or made under another scenario schema: every file is
    then checked in full).  Read at each
    load, not kept: it is 3 MB of text and 20 MB as Python lists."""
    try:
        header, *lines = spec.read_bytes(path, MAX_FILE_BYTES).decode("utf-8").splitlines()
        if json.loads(header) != {"schema": _schema_hash()}:
            return {}  # verified against another version of the format
        index = {entry["sha256"]: [tuple(row) for row in entry["scenarios"]] for entry in map(json.loads, lines)}
    except (SpecError, ValueError, KeyError, TypeError):
        return {}
    return index if all(len(row) == ROW_FIELDS for rows in index.values() for row in rows) else {}


def _schema_hash() -> str:
    return file_hash((spec.SCHEMA_DIR / "scenario.schema.json").read_bytes())


def file_hash(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _listed(row: Row, file: str) -> Scenario:
    """A scenario of a verified file as its index lists it: enough to select it, not to run it."""
    s = Scenario.__new__(Scenario)
    s.id, s.line, s.ruleset, s.origin, clauses, features, s.params = row
    s.clauses, s._features, s.file, s.text = tuple(clauses), frozenset(features), file, ""
    return s


def _row(s: Scenario) -> Row:
    return s.id, s.line, s.ruleset, s.origin, list(s.clauses), sorted(s.features), s.params


def select(paths: Iterable[Path] | None = None, keep: Callable[[Scenario], bool] | None = None, *,
           trust: bool = True) -> tuple[list[Scenario], list[str], list[Scenario]]:
    """The scenarios under the given files or folders (default: the whole corpus) that `keep`
    keeps, their structure checked (see above), the ids of all the scenarios read, and those
    kept from files not listed in VERIFIED (with `trust`; without it, every file), whose
    substance is still to be checked (brou.conformance.judging.reference.load).  A verified
    file is selected from its index and read only for the scenarios kept."""
    files: list[Path] = []
    for p in paths if paths is not None else [SCENARIO_DIR]:
        p = Path(p)
        if p.is_dir():
            found = scenario_files(p)
            if not found:
                raise CorpusError("no scenario file (*.yaml, *.jsonl) in this folder", _relative(p))
            files.extend(found)
        else:
            files.append(p)
    index = verified_index() if trust else {}
    seen: dict[str, str] = {}
    chosen: list[Scenario] = []
    unproven: list[Scenario] = []

    def note(s: Scenario) -> bool:
        if s.id in seen:
            raise CorpusError(f"scenario id '{s.id}' is used twice (first at {seen[s.id]})", s.file, s.line)
        seen[s.id] = s.where
        return keep is None or keep(s)

    for path in files:
        name = _relative(path)
        raw = _read(path, name)
        rows = index.get(file_hash(raw))
        if rows is None:
            for s in _scenarios(raw, path.suffix, name, check=True):
                kept = note(s)
                _check_scenario(s)
                if kept:
                    chosen.append(s)
                    unproven.append(s)
            continue
        wanted = set()
        for row in rows:
            listed = _listed(row, name)
            if note(listed):
                _check_scenario(listed, codes=False)
                wanted.add(listed.line)
        if wanted:
            chosen.extend(_scenarios(raw, path.suffix, name, check=False, lines=wanted))
    return chosen, list(seen), unproven


def index_lines() -> list[str]:
    """The lines of VERIFIED for the shipped files as they are: the schema's hash, then each
    file (path, hash, its scenarios' index).  Written once every scenario is replayed
    (brou.conformance.judging.reference.write_verified)."""
    lines = [json.dumps({"schema": _schema_hash()})]
    for f in scenario_files():
        raw = f.read_bytes()
        entry = {"file": f.relative_to(CONFORMANCE_DIR).as_posix(), "sha256": file_hash(raw),
                 "scenarios": [_row(s) for s in _scenarios(raw, f.suffix, "", check=False)]}
        lines.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
    return lines


@dataclass
class Selection:
    """Filters: each list keeps a scenario that matches any of its entries."""

    rulesets: Sequence[str] = ()
    clauses: Sequence[str] = ()  # a clause id or a prefix of one (hdb.play, brouc.game.): the scenario's purpose
    features: Sequence[str] = ()
    ids: Sequence[str] = ()  # ids or glob patterns
    origins: Sequence[str] = ()

    def keeps(self, s: Scenario) -> bool:
        if self.rulesets and s.ruleset not in self.rulesets:
            return False
        purpose = s.clauses[0]  # what the scenario checks, not every clause it touches
        if self.clauses and not any(purpose == p or purpose.startswith(p.rstrip(".") + ".") for p in self.clauses):
            return False
        if self.features and not any(f in s.features for f in self.features):
            return False
        if self.ids and not any(fnmatch.fnmatchcase(s.id, p) for p in self.ids):
            return False
        return not (self.origins and s.origin not in self.origins)


def clause_text(s: Scenario, clause: str) -> str:
    return str(rules_for(s).data["clauses"][clause]["en"])

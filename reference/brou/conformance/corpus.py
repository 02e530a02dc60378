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

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema_rs

from .. import spec
from ..errors import ACTION_CODES, ParameterError, SpecError, one_line
from ..rules import NOT_EXECUTABLE_YET, Rules

ROOT = Path(__file__).resolve().parents[3]
CONFORMANCE_DIR = Path(os.environ.get("BROU_CONFORMANCE_DIR", ROOT / "conformance"))
SCENARIO_DIR = CONFORMANCE_DIR / "scenarios"
FORMAT = "brou-scenarios/1"

# what a scenario may need beyond playing one deal from given hands (PROTOCOL.md, "Features")
FEATURES = ("game", "match", "sheet", "seeded-deal", "perft", "error-codes")
_NEEDS = {"outcome": "game", "sheet": "sheet", "match": "match", "deal": "seeded-deal"}


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
        self.clauses: tuple[str, ...] = tuple(data["clauses"])
        self.ruleset: str = data["ruleset"]
        self.params: dict[str, Any] = data.get("params") or {}
        self.origin: str = data.get("origin", "hand-written")
        self.ambiguity: str | None = data.get("ambiguity")
        self.source: str | None = data.get("source")
        self.file = file
        self.line = line
        self._features: frozenset[str] | None = None

    @property
    def features(self) -> frozenset[str]:
        """The features (PROTOCOL.md) an implementation needs to run this scenario."""
        if self._features is None:
            self._features = features_of(self.data)
        return self._features

    @property
    def data(self) -> dict[str, Any]:
        """The scenario's data (a fresh copy each time)."""
        data: dict[str, Any] = json.loads(self.text)
        return data

    @property
    def request(self) -> dict[str, Any]:
        """What the implementation is sent (made when asked: each scenario is sent once)."""
        return request_of(self.data)

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def __repr__(self) -> str:
        return f"Scenario({self.id!r})"


def features_of(data: Mapping[str, Any]) -> frozenset[str]:
    """The features (PROTOCOL.md) an implementation needs to run this scenario."""
    setup = data["setup"]
    need: set[str] = set()
    if "game" in setup:
        need.add("game")
    if "match" in setup:
        need.add("match")
    if "seed" in setup:
        need.add("seeded-deal")
    for step in data["steps"]:
        if "perft" in step:
            need.add("perft")
        elif "expect" in step:
            for k in step["expect"]:
                if k in _NEEDS:
                    need.add(_NEEDS[k])
    if "sheet" in need or "match" in need:
        need.add("game")
    return frozenset(need)


def request_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario as an implementation sees it: setup and steps, no expectations."""
    steps: list[dict[str, Any]] = []
    for step in data["steps"]:
        if "do" in step:
            actions = step["do"]
            for action in [actions] if isinstance(actions, str) else actions:
                steps.append({"act": action})
        elif "reject" in step:
            steps.append({"act": step["reject"]})
        elif "expect" in step:
            steps.append({"observe": sorted(step["expect"])})
        else:
            steps.append({"perft": step["perft"]})
    return {"id": data["id"], "ruleset": data["ruleset"], "params": data.get("params") or {},
            "setup": data["setup"], "steps": steps}


# -- loading -----------------------------------------------------------------------
#
# A file is checked in two ways before any of its scenarios judges an implementation.
# Structure, always: size, encoding, nesting, the schema, and what the schema cannot say
# (the ruleset, its parameters and clauses exist, error codes are documented, ids are
# unique across the files).  Substance: the reference engine plays the scenario in this
# process and must pass it, or the file is at fault.  Substance is skipped for a file
# whose content is listed in VERIFIED (conformance/verified.sha256, written by
# tools/verify-corpus after replaying every shipped scenario; a test keeps it current).

MAX_FILE_BYTES = 8 << 20  # a JSON lines file (the largest shipped: 0.65 MB)
MAX_LINE_BYTES = 64 << 10  # one JSON line, one scenario (the largest shipped: 4.5 KB)
SUBSTANCE_SECONDS = 10.0  # the reference engine's time for one scenario of a file being checked
VERIFIED = CONFORMANCE_DIR / "verified.sha256"


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
    for error in _validator(what).iter_errors(data):
        return _short(error.message), tuple(error.instance_path)
    return None


def scenario_files(root: Path | None = None) -> list[Path]:
    root = root or SCENARIO_DIR
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".jsonl") and p.is_file())


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
    """The scenarios of one file, structure checked; CorpusError (one line, file:line) if it cannot be used."""
    name = _relative(path)
    return list(_scenarios(_read(path, name), path.suffix, name, check_schema))


def _scenarios(raw: bytes, suffix: str, name: str, check: bool) -> Iterator[Scenario]:
    try:
        text = spec.decode_text(raw, name)
        if suffix == ".jsonl":
            yield from _jsonl(text, name, check)
            return
        doc = spec.read_yaml(name, text)
    except SpecError as exc:
        raise CorpusError(exc.message, exc.file, exc.line, exc.path) from None
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
        yield Scenario(s, name, doc.line_of(("scenarios", i)) or 1)


def _jsonl(text: str, name: str, check: bool) -> Iterator[Scenario]:
    for number, line in enumerate(text.split("\n"), 1):
        line = line.strip()
        if not line:
            continue
        if len(line) > MAX_LINE_BYTES:
            raise CorpusError(f"a line of {len(line):,} characters; the limit is {MAX_LINE_BYTES:,}", name, number)
        try:
            data = json.loads(line)
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
        yield Scenario(data, name, number, line)


def _short(message: str) -> str:
    message = one_line(message)
    return message if len(message) <= 160 else message[:157] + "..."


@lru_cache(maxsize=32)
def _rules(ruleset: str, params: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules.load(ruleset, **dict(params))


def rules_for(scenario: Scenario) -> Rules:
    return _rules(scenario.ruleset, tuple(sorted((k, _hashable(v)) for k, v in scenario.params.items())))


def parameter_default(ruleset: str, name: str) -> Any:
    """The default of a ruleset's parameter (None if it has no such parameter)."""
    spec_ = _rules(ruleset, ()).data["parameters"].get(name)
    return None if spec_ is None else spec_.get("default")


def _hashable(value: Any) -> Any:
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


@lru_cache(maxsize=1)
def _known_rulesets() -> frozenset[str]:
    return frozenset(spec.available_rulesets())


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
    base = _rules(s.ruleset, ())
    try:
        spec.check_overrides(base.data, s.params)
        for name, value in s.params.items():
            if (name, _hashable(value)) in NOT_EXECUTABLE_YET:
                raise ParameterError(f"parameter {name}={value} is a recorded reading that the engine does not play yet")
    except ParameterError as exc:
        raise CorpusError(str(exc), s.file, s.line, s.id) from None
    for clause in s.clauses:
        if clause not in base.data["clauses"]:
            raise CorpusError(f"clause '{clause}' is not a clause of ruleset {s.ruleset}", s.file, s.line, s.id)
    if codes and "reject" in s.text:
        for step in s.data["steps"]:
            code = step.get("code")
            if code is not None and code not in ACTION_CODES:
                raise CorpusError(f"unknown error code '{code}' (docs/errors.md)", s.file, s.line, s.id)


def check_substance(s: Scenario, seconds: float = SUBSTANCE_SECONDS) -> None:
    """The reference engine plays the scenario in this process and passes it, or CorpusError:
    a scenario the rules contradict (a card twice, an action they refuse, an expectation no
    deal can meet) is the file's fault, not the implementation's."""
    from .compare import PASSED, judge
    from .server import Reference

    answer = Reference().run(s.request, seconds)
    if "error" in answer:
        raise CorpusError(f"the reference engine cannot play it: {answer['error']}", s.file, s.line, s.id)
    verdict = judge(s, answer)
    if verdict.status != PASSED:
        raise CorpusError(f"the reference engine does not pass it: {verdict.detail}", s.file, s.line, s.id)


@lru_cache(maxsize=4)
def verified_hashes(path: Path = VERIFIED) -> frozenset[str]:
    """The SHA-256 of every file whose scenarios the reference engine passes (none if the list is missing)."""
    try:
        text = spec.read_bytes(path, 1 << 20).decode("ascii")
    except (SpecError, UnicodeDecodeError):
        return frozenset()
    return frozenset(line.split()[0] for line in text.splitlines() if line.strip())


def file_hash(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


@dataclass
class Loaded:
    """Scenarios loaded from files: the ones selected, and the ids of all."""

    scenarios: list[Scenario]
    ids: list[str]


def load(paths: Iterable[Path] | None = None, keep: Callable[[Scenario], bool] | None = None, *,
         trust: bool = True) -> Loaded:
    """The scenarios under the given files or folders (default: the whole corpus) that `keep`
    keeps, streamed file by file, checked (see above); `trust=False` replays even the
    scenarios of verified files."""
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
    verified = verified_hashes() if trust else frozenset()
    seen: dict[str, str] = {}
    chosen: list[Scenario] = []
    unproven: list[Scenario] = []
    for path in files:
        name = _relative(path)
        raw = _read(path, name)
        proven = file_hash(raw) in verified
        for s in _scenarios(raw, path.suffix, name, check=not proven):
            if s.id in seen:
                raise CorpusError(f"scenario id '{s.id}' is used twice (first at {seen[s.id]})", s.file, s.line)
            seen[s.id] = s.where
            kept = keep is None or keep(s)
            if kept or not proven:
                _check_scenario(s, codes=not proven)
            if kept:
                chosen.append(s)
                if not proven:
                    unproven.append(s)
    for s in unproven:
        check_substance(s)
    return Loaded(chosen, list(seen))


def load_corpus(paths: Iterable[Path] | None = None) -> list[Scenario]:
    """Every scenario under the given files or folders (default: the whole corpus), checked."""
    return load(paths).scenarios


def write_verified(path: Path = VERIFIED) -> int:
    """Replay every shipped scenario against the reference engine (CorpusError at the first
    it does not pass), then list the shipped files' hashes; the number of files."""
    load(trust=False)
    lines = [f"{file_hash(f.read_bytes())}  {f.relative_to(CONFORMANCE_DIR).as_posix()}" for f in scenario_files()]
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    verified_hashes.cache_clear()
    return len(lines)

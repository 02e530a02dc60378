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

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema_rs

from .. import spec
from ..errors import ParameterError, SpecError
from ..rules import Rules

CONFORMANCE_DIR = Path(os.environ.get("BROU_CONFORMANCE_DIR", spec.DATA_ROOT / "conformance"))
SCENARIO_DIR = CONFORMANCE_DIR / "scenarios"
FORMAT = "brou-scenarios/1"

# what a scenario may need beyond playing one deal from given hands (PROTOCOL.md, "Features")
FEATURES = ("game", "match", "sheet", "seeded-deal", "perft", "error-codes")
_NEEDS = {"outcome": "game", "sheet": "sheet", "match": "match", "deal": "seeded-deal"}


class CorpusError(SpecError):
    """A scenario file that cannot be used: one line naming file, line and what is wrong."""


class Scenario:
    """One scenario, as loaded, with where it came from and what it needs."""

    __slots__ = ("data", "id", "description", "clauses", "ruleset", "params", "origin", "ambiguity",
                 "file", "line", "features", "source")

    def __init__(self, data: dict[str, Any], file: str, line: int) -> None:
        self.data = data
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
        self.features = features_of(data)

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
            need.update(_NEEDS[k] for k in step["expect"] if k in _NEEDS)
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
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load_file(path: Path, check_schema: bool = True) -> list[Scenario]:
    """The scenarios of one file; CorpusError (one line, file:line) if it cannot be used."""
    name = _relative(path)
    if path.suffix == ".jsonl":
        return list(_load_jsonl(path, name, check_schema))
    try:
        doc = spec.read_yaml(path)
    except SpecError as exc:
        raise CorpusError(exc.message, exc.file, exc.line, exc.path) from None
    if not isinstance(doc.data, dict):
        raise CorpusError("a scenario file is a mapping with 'format' and 'scenarios'", name, 1)
    problem = schema_error(doc.data, "file")
    if problem is not None:
        message, where = problem
        raise CorpusError(message, name, doc.line_of(where), spec.path_text(where))
    return [Scenario(s, name, doc.line_of(("scenarios", i)) or 1) for i, s in enumerate(doc.data["scenarios"])]


def _load_jsonl(path: Path, name: str, check_schema: bool) -> Iterator[Scenario]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise CorpusError(f"JSON syntax: {exc.msg} (column {exc.colno})", name, number) from None
            required = ("id", "description", "clauses", "ruleset", "setup", "steps")
            if not isinstance(data, dict) or not all(k in data for k in required):
                raise CorpusError("a scenario needs id, description, clauses, ruleset, setup and steps", name, number)
            if check_schema:
                problem = schema_error(data, "scenario")
                if problem is not None:
                    raise CorpusError(problem[0], name, number, spec.path_text(problem[1]))
            yield Scenario(data, name, number)


def _short(message: str) -> str:
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


def check_references(scenarios: Iterable[Scenario]) -> None:
    """What the schema cannot say: rulesets and parameters exist, clauses belong to the
    scenario's ruleset, ids are unique across the corpus."""
    seen: dict[str, str] = {}
    known = set(spec.available_rulesets())
    for s in scenarios:
        if s.id in seen:
            raise CorpusError(f"scenario id '{s.id}' is used twice (first at {seen[s.id]})", s.file, s.line)
        seen[s.id] = s.where
        if s.ruleset not in known:
            raise CorpusError(f"unknown ruleset '{s.ruleset}' (known: {', '.join(sorted(known))})", s.file, s.line, s.id)
        try:
            rules = rules_for(s)
        except ParameterError as exc:
            raise CorpusError(str(exc), s.file, s.line, s.id) from None
        for clause in s.clauses:
            if clause not in rules.data["clauses"]:
                raise CorpusError(f"clause '{clause}' is not a clause of ruleset {s.ruleset}", s.file, s.line, s.id)


def load_corpus(paths: Iterable[Path] | None = None, check_schema: bool = True) -> list[Scenario]:
    """Every scenario under the given files or folders (default: the whole corpus), checked."""
    files: list[Path] = []
    for p in paths if paths is not None else [SCENARIO_DIR]:
        p = Path(p)
        if p.is_dir():
            files.extend(scenario_files(p))
        elif p.exists():
            files.append(p)
        else:
            raise CorpusError("no such file or folder", _relative(p))
    scenarios = [s for f in files for s in load_file(f, check_schema)]
    check_references(scenarios)
    return scenarios

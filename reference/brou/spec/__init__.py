"""Reading the rules as data: YAML files, `extends` chains, schema checks, parameters.

A ruleset file is read with PyYAML's safe loader only.  Every node's line is kept,
so that any problem, from a YAML syntax error to a value the schema rejects or a
parameter reference that leads nowhere, is reported as one line naming the file,
the line and the path inside the document (`SpecError`).

`extends: ID` makes a file a JSON merge patch (RFC 7386) on the ruleset ID:
mappings merge, `null` deletes, any other value replaces.  The merged document is
checked against `spec/schema/ruleset.schema.json`; then each `{param: NAME}` is
replaced by the parameter's default or by the override given for it.
"""

from __future__ import annotations

import datetime
import itertools
import json
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from ..errors import ParameterError, SpecError, one_line

Path_ = tuple[str | int, ...]

def data_root() -> Path:
    """Where the spec and the conformance corpus are: inside the installed package
    (`brou/_data/`, copied there when the wheel is built, read through importlib.resources),
    else the source tree this module lies in (a checkout, an editable install)."""
    packaged = resources.files("brou") / "_data"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3]


DATA_ROOT = data_root()
SPEC_DIR = Path(os.environ.get("BROU_SPEC_DIR", DATA_ROOT / "spec"))
RULESET_DIR = SPEC_DIR / "rulesets"
SCHEMA_DIR = SPEC_DIR / "schema"

_RULESET_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def path_text(path: Path_) -> str:
    """`deal.packets[0]`-style text for a path inside a document."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top)"


@dataclass
class Document:
    """A YAML document with the line of every node, by path."""

    file: str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, path: Path_) -> int | None:
        """Line of the deepest node on `path` that this document holds."""
        for n in range(len(path), -1, -1):
            if path[:n] in self.lines:
                return self.lines[path[:n]]
        return None


MAX_YAML_BYTES = 1 << 20  # a YAML file (a ruleset, the register, hand-written scenarios) of at most 1 MiB
MAX_DEPTH = 32  # collections nested at most 32 deep (the deepest shipped file: 9)
MAX_SCHEMA_ERRORS = 100  # schema errors gathered to choose the one reported
MAX_NODES = 50_000  # values (scalars, mappings, lists) in one YAML file (the most in a shipped file: 3,665)


def read_bytes(file: Path | str, limit: int, name: str | None = None) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; SpecError (one line) otherwise."""
    name = name or one_line(str(file))
    try:
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens at once, and is refused below
        try:
            info = os.fstat(fd)
            if stat.S_ISDIR(info.st_mode):
                raise SpecError("is a folder, not a file", name)
            if not stat.S_ISREG(info.st_mode):
                raise SpecError("is not a regular file", name)
            if info.st_size > limit:
                raise SpecError(f"the file has {info.st_size:,} bytes; the limit is {limit:,}", name)
        except BaseException:
            os.close(fd)
            raise
        with open(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise SpecError("no such file", name) from None
    except OSError as exc:
        raise SpecError(f"cannot read: {(exc.strerror or exc.__class__.__name__).lower()}", name) from None
    if len(data) > limit:
        raise SpecError(f"the file has more than {limit:,} bytes", name)
    return data


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 text (a leading byte order mark is dropped); SpecError naming the line of a NUL
    byte (a binary file) or of the first byte that is not UTF-8."""
    nul = data.find(b"\0")
    if nul >= 0:
        raise SpecError("a binary file, not text (a NUL byte)", name, data.count(b"\n", 0, nul) + 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SpecError(f"not UTF-8 text (byte 0x{data[exc.start]:02x})", name, line) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_yaml(file: Path | str, text: str | None = None) -> Document:
    """Load one YAML file (or its `text`) safely, keeping lines: at most MAX_YAML_BYTES,
    UTF-8, nested at most MAX_DEPTH deep with at most MAX_NODES values (counted on the
    parser's events before any tree is built), no aliases, no duplicate keys, only the
    values JSON has."""
    name = one_line(str(file))
    if text is None:
        text = decode_text(read_bytes(file, MAX_YAML_BYTES, name), name)
    try:
        depth = nodes = 0
        for event in yaml.parse(text, Loader=_Loader):
            line = event.start_mark.line + 1 if event.start_mark else None
            if isinstance(event, yaml.AliasEvent):
                raise SpecError("YAML aliases (*name) are not allowed in spec files: write the value out", name, line)
            if isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                nodes += 1
                if nodes > MAX_NODES:
                    raise SpecError(f"more than {MAX_NODES:,} values in one file", name, line)
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise SpecError(f"nested more than {MAX_DEPTH} deep", name, line)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = " ".join(str(exc.problem or exc.context or "invalid YAML").split())
        if "maximum nesting depth" in problem:  # libyaml's own limit (1,000 since PyYAML 6.0.4), met while reading ahead
            raise SpecError(f"nested more than {MAX_DEPTH} deep", name, line) from None
        raise SpecError(f"YAML syntax: {problem}", name, line) from None
    except yaml.YAMLError as exc:
        raise SpecError(f"YAML: {' '.join(str(exc).split())}", name) from None
    if node is None:
        raise SpecError("the file is empty", name, 1)
    doc = Document(name, None)
    doc.data = _construct(node, (), doc, None, _Loader(""))
    return doc


def _construct(node: yaml.Node, path: Path_, doc: Document, line: int | None, loader: yaml.SafeLoader) -> Any:
    """Build the value of `node`, noting its line: a mapping value's key line, an item's own line."""
    doc.lines[path] = line if line is not None else node.start_mark.line + 1
    if not isinstance(node, yaml.ScalarNode) and node.tag not in _PLAIN_TAGS:  # !!set, !!omap, !!python/object
        raise SpecError(f"YAML: could not determine a constructor for the tag {one_line(node.tag)}", doc.file,
                        node.start_mark.line + 1, path_text(path))
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node, path, doc, loader)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise SpecError(f"a key must be a string, not {key!r}", doc.file, key_node.start_mark.line + 1, path_text(path))
            key = str(key)
            if key in out:
                raise SpecError(f"duplicate key '{key}'", doc.file, key_node.start_mark.line + 1, path_text(path))
            out[key] = _construct(value_node, path + (key,), doc, key_node.start_mark.line + 1, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_construct(item, path + (i,), doc, None, loader) for i, item in enumerate(node.value)]
    return _scalar(node, path, doc, loader)


def _scalar(node: yaml.Node, path: Path_, doc: Document, loader: yaml.SafeLoader) -> Any:
    if not isinstance(node, yaml.ScalarNode):
        raise SpecError("a key must be a plain value", doc.file, node.start_mark.line + 1, path_text(path))
    try:
        value = loader.construct_object(node)
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc)
        raise SpecError(f"YAML: {' '.join(str(problem).split())}", doc.file, node.start_mark.line + 1, path_text(path)) from None
    except ValueError:  # an integer of thousands of digits
        raise SpecError("YAML: a number too long to read", doc.file, node.start_mark.line + 1, path_text(path)) from None
    if isinstance(value, (datetime.date, datetime.datetime)):
        return node.value  # what JSON has: a date or a time stays the text it is written as
    if value is not None and not isinstance(value, (str, int, float)):  # !!binary, !!set
        raise SpecError(f"YAML: a {type(value).__name__} value ({node.tag}) is not allowed: write a plain value",
                        doc.file, node.start_mark.line + 1, path_text(path))
    return value


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7386: apply `patch` to `target` and return the result (inputs untouched)."""
    if not isinstance(patch, Mapping):
        return patch
    out = dict(target) if isinstance(target, Mapping) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = merge_patch(out.get(key), value)
    return out


def ruleset_file(name: str, relative_to: Path | None = None) -> Path:
    """The file of ruleset `name`: a ruleset id (`brouc`) names spec/rulesets/ID.yaml; anything
    else (`README.md`, `my/rules`), or on the command line (no `relative_to`) a name that
    exists as a file or folder, is a path (from `relative_to` if given)."""
    if _RULESET_ID.fullmatch(name) and (relative_to is not None or not os.path.lexists(name)):
        return RULESET_DIR / f"{name}.yaml"
    return relative_to / name if relative_to is not None else Path(name)


@lru_cache(maxsize=8)
def _schema(name: str) -> Draft202012Validator:
    """A schema's validator, read once per process (each ruleset file read is validated against
    it).  The schema itself is checked against its metaschema by the tests
    (tests/test_spec.py), not at each run: that check took most of a command's start."""
    with open(SCHEMA_DIR / name, encoding="utf-8") as f:
        return Draft202012Validator(json.load(f))


@dataclass
class MergedDocument:
    """A ruleset after its `extends` chain is merged; `origin` finds a path's file."""

    data: dict[str, Any]
    chain: list[Document]

    def where(self, path: Path_) -> tuple[str, int | None]:
        """The file and line that gave the value at `path` (the last file to set it)."""
        best: tuple[int, str, int | None] | None = None
        for doc in self.chain:  # base first, so later files win ties
            for n in range(len(path), -1, -1):
                if path[:n] in doc.lines:
                    if best is None or n >= best[0]:
                        best = (n, doc.file, doc.lines[path[:n]])
                    break
        return (best[1], best[2]) if best else (self.chain[-1].file, None)

    def where_deleted(self, path: Path_) -> tuple[str, int | None]:
        """For a path missing from the merged data: the last file that names it (as `null`)."""
        for doc in reversed(self.chain):
            if path in doc.lines:
                return doc.file, doc.lines[path]
        return self.chain[-1].file, None

    def error(self, message: str, path: Path_) -> SpecError:
        file, line = self.where(path)
        return SpecError(message, file, line, path_text(path))


def load_document(name: str) -> MergedDocument:
    """Read ruleset `name` and every file it extends, and merge them."""
    chain: list[Document] = []
    seen: set[Path] = set()
    file = ruleset_file(name)
    if file.parent == RULESET_DIR and not file.exists():
        raise SpecError(f"no ruleset '{name}' (known: {', '.join(available_rulesets())})", one_line(name))
    while True:
        seen.add(Path(os.path.realpath(file)))
        doc = read_yaml(file)
        if not isinstance(doc.data, dict):
            raise SpecError("a ruleset must be a mapping", doc.file, doc.line_of(()))
        chain.insert(0, doc)
        parent = doc.data.get("extends")
        if parent is None:
            break
        if not isinstance(parent, str):
            raise SpecError("extends must name a ruleset id", doc.file, doc.line_of(("extends",)), "extends")
        file = ruleset_file(parent, relative_to=file.parent)
        if Path(os.path.realpath(file)) in seen:
            raise SpecError(f"extends chain loops back to '{parent}'", doc.file, doc.line_of(("extends",)), "extends")
        if not file.exists():
            raise SpecError(f"extends unknown ruleset '{parent}'", doc.file, doc.line_of(("extends",)), "extends")
    data: Any = {}
    for doc in chain:
        data = merge_patch(data, doc.data)
    return MergedDocument(data, chain)


def published(name: str, overrides: Mapping[str, Any] | None = None, resolved: bool = False) -> dict[str, Any]:
    """Ruleset `name` as one self-contained document, as an implementer reads it (`brou spec`):
    the files of its `extends` chain merged and checked, without `extends` (Brouc, a patch on
    1802, then shows the pack, the card points and the marriages it takes from 1802).  With
    `resolved` (or any `overrides`), every `{param: NAME}` is replaced by the parameter's
    value, its default unless `overrides` chooses another, and the chosen form is applied;
    the `parameters` and `clauses` sections stay as written."""
    merged = load_document(name)
    check_document(merged)
    data = {key: value for key, value in merged.data.items() if key != "extends"}
    if resolved or overrides:
        data, _ = resolve(data, overrides)
    return data


def published_yaml(data: Mapping[str, Any], header: str = "") -> str:
    """A document as YAML that `read_yaml` reads back to the same data: no anchors or aliases
    (a value used twice is written twice), keys in their order, text as it is (UTF-8);
    `header`, if given, as comment lines at the top."""

    # a copy through JSON shares no list or mapping, so the dumper writes no alias (a class of
    # its own, derived from yaml's, is not one that the compiled build can make)
    fresh = json.loads(json.dumps(dict(data)))
    text = yaml.safe_dump(fresh, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)
    comment = "".join(f"# {line}".rstrip() + "\n" for line in header.splitlines())
    return comment + text


def _schema_error(merged: MergedDocument, error: ValidationError) -> SpecError:
    # anyOf over {param: X} and a literal: report the branch the value was aiming at
    while error.context:
        error = best_match(error.context)
    path: Path_ = tuple(error.absolute_path)
    if "propertyNames" in error.schema_path and isinstance(error.instance, str):
        path += (error.instance,)  # a bad key: point at the key itself
    elif error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = sorted(set(error.instance) - set(known))
        path += tuple(extra[:1])
    elif error.validator == "required" and isinstance(error.instance, dict):
        required = error.validator_value if isinstance(error.validator_value, list) else []
        missing = [p for p in required if p not in error.instance]
        file, line = merged.where_deleted(path + tuple(missing[:1]))
        if line is not None:
            return SpecError(error.message, file, line, path_text(path + tuple(missing[:1])))
    message = error.message
    if len(message) > 160:
        message = message[:157] + "..."
    return merged.error(message, path)


PARTNERSHIP_SECTIONS = ("marriages", "counting", "game", "match")


def check_document(merged: MergedDocument) -> None:
    """Schema check, then the cross-references the schema cannot express."""
    validator = _schema("ruleset.schema.json")
    first = itertools.islice(validator.iter_errors(merged.data), MAX_SCHEMA_ERRORS)  # not tens of thousands
    errors = sorted(first, key=lambda e: (list(map(str, e.absolute_path)), e.message))
    if errors:
        raise _schema_error(merged, best_match(errors))
    data = merged.data
    if "phases" not in data:  # a partnership game (brou.engine.homme) needs the sections it plays
        for key in PARTNERSHIP_SECTIONS:
            if key not in data:
                raise merged.error(f"'{key}' is a required property (a ruleset without phases is a partnership game)", ())
    params = data["parameters"]
    refs = list(_param_refs(data, ()))
    for path, name in refs:
        if name not in params:
            raise merged.error(f"refers to undefined parameter '{name}'", path)
    for name, spec in params.items():
        if "range" in spec and not (spec["range"][0] <= spec["range"][1]
                                    and all(type(o) is int and spec["range"][0] <= o <= spec["range"][1]
                                            for o in spec["options"])):
            raise merged.error("range must run from low to high and hold every option, all whole numbers",
                               ("parameters", name, "range"))
        if spec["default"] not in spec["options"]:
            message = f"default {spec['default']!r} is not one of the options {spec['options']}"
            raise merged.error(message, ("parameters", name, "default"))
    suits = [s["symbol"] for s in data["deck"]["suits"]]
    ranks = [r["symbol"] for r in data["deck"]["ranks"]]
    for listing, what in ((suits, "suit"), (ranks, "rank")):
        dup = {x for x in listing if listing.count(x) > 1}
        if dup:
            raise merged.error(f"{what} {sorted(dup)[0]} is listed twice", ("deck", f"{what}s"))
    for name, spec in params.items():
        if "values" in spec and sorted(map(str, spec["values"])) != sorted(map(str, spec["options"])):
            raise merged.error("values must give data for each option, and only for the options", ("parameters", name, "values"))
    for kind, spec in data.get("marriages", {"kinds": {}})["kinds"].items():
        for i, rank in enumerate(spec["ranks"]):
            if rank not in ranks:
                raise merged.error(f"marriage rank '{rank}' is not a rank of the deck", ("marriages", "kinds", kind, "ranks", i))
    if "forms" in data and "form" not in params:
        raise merged.error("a ruleset with forms needs a parameter 'form' to choose one", ("forms",))
    for form in (data.get("forms") or {None: {}}):
        if form is not None and form not in params["form"]["options"]:
            raise merged.error(f"form '{form}' is not an option of parameter 'form'", ("forms", form))
        _check_table(merged, with_form(data, form), params, "" if form is None else f" (form {form})")
    prefix = data["clause_prefix"]
    known_prefixes = {doc.data.get("clause_prefix") for doc in merged.chain}
    sources = data["sources"]
    for cid, clause in data["clauses"].items():
        if cid.split(".")[0] not in known_prefixes:
            raise merged.error(f"clause id must start with '{prefix}.' (or a prefix of a ruleset it extends)", ("clauses", cid))
        for i, src in enumerate(clause["sources"]):
            if src["source"] not in sources:
                raise merged.error(f"unknown source '{src['source']}'", ("clauses", cid, "sources", i, "source"))
        for i, pname in enumerate(clause.get("params", [])):
            if pname not in params:
                raise merged.error(f"unknown parameter '{pname}'", ("clauses", cid, "params", i))
    _check_replaces(merged)
    _check_uses(merged)
    _check_data_paths(merged)


def _choices(node: Any, params: Mapping[str, Any], path: Path_) -> list[tuple[Path_, Any]]:
    """The values a field may take: itself, or each option of the parameter it names (the
    option's data where the parameter has `values`)."""
    if isinstance(node, dict) and set(node) == {"param"}:
        spec = params[node["param"]]
        values = spec.get("values")
        return [(("parameters", node["param"], "options", i), values[o] if values else o)
                for i, o in enumerate(spec["options"])]
    return [(path, node)]


def _check_table(merged: MergedDocument, data: Mapping[str, Any], params: Mapping[str, Any], form: str) -> None:
    """Seats, the pack and the deal's arithmetic of one form of the ruleset."""
    suits = [s["symbol"] for s in data["deck"]["suits"]]
    ranks = [r["symbol"] for r in data["deck"]["ranks"]]
    players = data["players"]
    n = players["count"]
    seats = sorted(s for team in players["teams"] for s in team)
    if seats != list(range(n)):
        message = f"teams must share seats 0..{n - 1} exactly once each, not {players['teams']}{form}"
        raise merged.error(message, ("players", "teams"))
    for key in ("dealer", "first_lead"):
        if players[key] >= n:
            raise merged.error(f"seat {players[key]} does not exist with {n} players{form}", ("players", key))
    deal = data["deal"]
    if deal["first_receiver"] >= n:
        raise merged.error(f"seat {deal['first_receiver']} does not exist with {n} players{form}", ("deal", "first_receiver"))
    for path, cards in _choices(data["deck"].get("omit", []), params, ("deck", "omit")):
        if not isinstance(cards, list):
            raise merged.error(f"cards left out of the pack are a list of cards, not {cards!r}", path)
        for card in cards:
            if not isinstance(card, str) or len(card) != 2 or card[0] not in ranks or card[1] not in suits:
                raise merged.error(f"'{card}' is not a card of the deck", path)
        deck_size = len(suits) * len(ranks) - len(set(cards))
        if deal["talon"] == "rest":
            if n * deal["hand_size"] >= deck_size:
                message = f"{n} hands of {deal['hand_size']} leave no talon of the {deck_size} cards{form}"
                raise merged.error(message, ("deal", "hand_size"))
        elif n * deal["hand_size"] + deal["talon"] != deck_size:
            message = f"{n} hands of {deal['hand_size']} and a talon of {deal['talon']} do not use the {deck_size} cards{form}"
            raise merged.error(message, ("deal", "hand_size"))
    for path, packets in _choices(deal["packets"], params, ("deal", "packets")):
        if not isinstance(packets, list) or sum(packets) != deal["hand_size"]:
            raise merged.error(f"packets {packets} do not add up to the hand size {deal['hand_size']}", path)


def _check_replaces(merged: MergedDocument) -> None:
    """A clause's `replaces` names clauses of an extended ruleset that this one deletes, each once."""
    data = merged.data
    # every clause of the rulesets up the chain, those one of them replaced included (a ruleset
    # that extends Brouc inherits Brouc's replacements of 1802's clauses)
    inherited = {cid for doc in merged.chain[:-1] for cid in (doc.data.get("clauses") or {})}
    seen: dict[str, str] = {}
    for cid, clause in data["clauses"].items():
        for i, old in enumerate(clause.get("replaces", [])):
            path = ("clauses", cid, "replaces", i)
            if old not in inherited:
                raise merged.error(f"'{old}' is not a clause of a ruleset this one extends", path)
            if old in data["clauses"]:
                raise merged.error(f"'{old}' is still a clause of this ruleset; delete it (null) to replace it", path)
            if old in seen:
                raise merged.error(f"'{old}' is already replaced by {seen[old]}", path)
            seen[old] = cid


def used_clause(clauses: Mapping[str, Any], used: str) -> str | None:
    """A clause named in `uses`, as the ruleset has it: itself, or the clause that replaces it."""
    if used in clauses:
        return used
    return next((cid for cid, c in clauses.items() if used in (c or {}).get("replaces", [])), None)


_PLACES = re.compile(r"\[(\d*):(\d*)\]$")


def data_places(path: str) -> tuple[str, range | None]:
    """A clause's `data` path without its places, and the places: `orders.trump.order[:3]` is
    the first three places of each order under `orders.trump.order` (the matadors), None for
    the whole value."""
    m = _PLACES.search(path)
    if m is None:
        return path, None
    return path[:m.start()], range(int(m.group(1) or 0), int(m.group(2)) if m.group(2) else 1 << 30)


def data_values(data: Mapping[str, Any], path: str) -> list[tuple[tuple[str | int, ...], Any]]:
    """The values a clause's `data` path names in a ruleset's data, each with its full path
    (a list is walked into each of its items: `deck.ranks.points` is every rank's points,
    unless the key names one item by its symbol, name or id: `auction.contracts.tourne.won`);
    empty when the path leads nowhere. Places at its end (`[:3]`) are left to the caller
    (`data_places`): the values are the whole lists."""
    found: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    for key in data_places(path)[0].split("."):
        step: list[tuple[tuple[str | int, ...], Any]] = []
        for where, node in found:
            if isinstance(node, list):
                named = [(where + (i,), item) for i, item in enumerate(node) if item_name(item) == key]
                if named:  # the item of that name (a contract, a rank)
                    step += named
                    continue
                items: list[tuple[tuple[str | int, ...], Any]] = [(where + (i,), item) for i, item in enumerate(node)]
            else:
                items = [(where, node)]
            step += [(inner + (key,), item[key]) for inner, item in items if isinstance(item, dict) and key in item]
        found = step
    return found


def item_name(item: Any) -> str | None:
    """The name a list item goes by in a data path: its `symbol`, `name` or `id`."""
    if not isinstance(item, dict):
        return None
    found = next((item[k] for k in ("symbol", "name", "id") if k in item), None)
    return None if found is None else str(found)


def _check_data_paths(merged: MergedDocument) -> None:
    """A clause's `data` names data the ruleset has."""
    for cid, clause in merged.data["clauses"].items():
        for i, path in enumerate((clause or {}).get("data", [])):
            if path.split(".")[0] in ("clauses", "parameters", "sources") or not data_values(merged.data, path):
                raise merged.error(f"'{path}' names no data of this ruleset", ("clauses", cid, "data", i))


def _check_uses(merged: MergedDocument) -> None:
    """A clause's `uses` names clauses of the ruleset (or clauses it replaces), and following
    them never comes back to where it started."""
    clauses = merged.data["clauses"]
    graph: dict[str, list[str]] = {}
    for cid, clause in clauses.items():
        graph[cid] = []
        for i, used in enumerate(clause.get("uses", [])):
            found = used_clause(clauses, used)
            if found is None:
                raise merged.error(f"'{used}' is not a clause of this ruleset", ("clauses", cid, "uses", i))
            if found == cid:
                raise merged.error(f"'{used}' is this clause itself", ("clauses", cid, "uses", i))
            graph[cid].append(found)
    done: set[str] = set()

    def visit(cid: str, path: list[str]) -> None:
        if cid in path:
            cycle = " -> ".join([*path[path.index(cid):], cid])
            raise merged.error(f"the clauses' uses go round in a circle: {cycle}", ("clauses", cid, "uses"))
        if cid in done:
            return
        for used in graph[cid]:
            visit(used, [*path, cid])
        done.add(cid)

    for cid in graph:
        visit(cid, [])


def _param_refs(node: Any, path: Path_) -> Any:
    if isinstance(node, dict):
        if set(node) == {"param"} and isinstance(node["param"], str):
            yield path, node["param"]
            return
        for key, value in node.items():
            if key in ("parameters", "clauses") and not path:
                continue
            yield from _param_refs(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _param_refs(value, path + (i,))


def check_overrides(data: Mapping[str, Any], overrides: Mapping[str, Any]) -> None:
    """ParameterError unless each override names a parameter of the ruleset and gives one
    of its options (of the same type: `true` is not the option `1`)."""
    params = data["parameters"]
    for name, value in overrides.items():
        if name not in params:
            known = ", ".join(sorted(params))
            raise ParameterError(f"unknown parameter '{one_line(str(name))[:60]}' for ruleset {data['id']} (known: {known})")
        if not any(type(value) is type(option) and value == option for option in params[name]["options"]):
            if "range" in params[name]:
                low, high = params[name]["range"]
                if type(value) is int and low <= value <= high:
                    continue
                raise ParameterError(f"parameter {name}={one_line(repr(value))[:60]} is not a whole number from {low} to "
                                     f"{high}")
            raise ParameterError(f"parameter {name}={one_line(repr(value))[:60]} is not one of {params[name]['options']}")


def resolve(data: dict[str, Any], overrides: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Replace every {param: NAME} by its value (the data of `values` when the parameter's
    options are names for data), after applying the chosen `form`; return (rules, chosen
    parameters)."""
    params = data["parameters"]
    chosen = {name: spec["default"] for name, spec in params.items()}
    check_overrides(data, overrides or {})
    chosen.update(overrides or {})
    values = {name: spec["values"][chosen[name]] for name, spec in params.items() if "values" in spec}
    data = with_form(data, chosen.get("form"))

    def sub(node: Any) -> Any:
        if isinstance(node, dict):
            if set(node) == {"param"}:
                return values.get(node["param"], chosen[node["param"]])
            return {k: sub(v) for k, v in node.items()}
        if isinstance(node, list):
            return [sub(v) for v in node]
        return node

    body = {k: (v if k in ("parameters", "clauses") else sub(v)) for k, v in data.items()}
    return body, chosen


def with_form(data: dict[str, Any], form: Any) -> dict[str, Any]:
    """The ruleset with the merge patch of form `form` applied (`forms`, chosen by parameter
    `form`: a game's forms for other numbers of players, docs/design.md); `forms` itself is
    dropped.  A ruleset without forms is returned as it is."""
    if "forms" not in data:
        return data
    patched = merge_patch({k: v for k, v in data.items() if k != "forms"}, data["forms"].get(form, {}))
    return dict(patched)


def parse_value(text: str) -> Any:
    """A parameter value from the command line, read as a YAML scalar or list with the
    bounds of `read_yaml` (no aliases, nesting, size); the text itself if it is not one."""
    try:
        return read_yaml("--param", text).data if text.strip() else None
    except SpecError:
        return text


def available_rulesets() -> list[str]:
    """Ids of the rulesets shipped under spec/rulesets/."""
    return sorted(p.stem for p in RULESET_DIR.glob("*.yaml"))


def source_field(source: Mapping[str, Any], key: str, lang: str = "en") -> str:
    """A field of a source in `lang`: one text for both languages (a name), or the text of
    `lang` where the field holds words (`{en: Danish clubs, fr: clubs danois}`)."""
    value = source[key]
    if isinstance(value, Mapping):
        return str(value.get(lang) or value["en"])
    return str(value)


def citation(source: Mapping[str, Any], lang: str = "en") -> str:
    """A source of a ruleset's `sources` as one line a reader can follow: author, title,
    where and when it appeared, the work it renders, its address."""
    parts = [source_field(source, key, lang) for key in ("author",) if key in source]
    parts.append(f"« {source['title']} »" if lang == "fr" else f"“{source['title']}”")
    parts += [source_field(source, key, lang) for key in ("in", "date") if key in source]
    if "original" in source:
        parts.append(("d'après " if lang == "fr" else "after ") + source_field(source, "original", lang))
    if "url" in source:
        parts.append(str(source["url"]))
    return ", ".join(parts)

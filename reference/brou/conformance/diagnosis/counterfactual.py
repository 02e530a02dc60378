"""Which reading of the rules, number, order or slip of logic an implementation has
otherwise: its failures replayed by the reference engine under each variant of the ruleset.

Three kinds of variant, each tied to the clauses it belongs to:

- **A reading.** Every parameter of a ruleset is a reading of one clause (or a few) that the
  sources leave open: the table marriage counted once or twice, the concession before the
  fifth trick or not. The variant plays another value where the scenario asks for the
  default (a scenario that sets the parameter to another value is left out: a program may
  play that value right), or plays one value whatever the scenario asks (a program that
  does not read the parameter: the default where the scenario asks for another, or, of
  three values or more, any one of them where it asks for another).
- **A number or an order moved by one.** The data a clause states (its `data` paths in the
  ruleset: the target, the cards' points, a contract's value, an order of the cards) with one
  number one more or one less (or doubled, or zero: counted twice, or not at all), a list of
  numbers one longer or one shorter, an order with two neighbours swapped or one card moved to
  the top or the bottom, the places of an order a clause names (the matadors: its first three)
  holding another card, the numbers of two neighbouring items swapped (the queen's points
  and the jack's), and a row of a table moved whole by one (a contract's win and codille): the
  slips a program is most likely to have.
- **A slip in the rule's function.** A mutant of the one function that implements a clause,
  or of a function it calls (brou.conformance.diagnosis.mutants: a comparison turned, a number moved by
  one, a constant for another...): a fault of logic rather than of data. Only the mutants
  whose line runs in enough of the failures' replays are tried, each in a child process.

A program that has a variant fails where it parts from the rules, and fails there exactly as
the reference engine does under that variant. So a few failures are replayed under each
variant; a variant under which the reference fails the same step with the same answer (the
same observation, as the judge compares it, or the same action refused or accepted)
reproduces them. A variant that reproduces most of the failures tried, and under which the
reference still passes the scenarios of its clauses that the program passes, names its
clause as the broken rule and what the program has instead (brou.conformance.diagnosis.localise weighs
it; docs/conformance.md, "The verdict").

Deterministic and bounded: at most `TRIED` failures are replayed (one per scenario, spread
over the clauses where they show, in the run's order), a variant is dropped as soon as it
misses twice more than it reproduces, and the search is counted in replays, not in seconds:
the readings, numbers and orders stop after `REPLAYS` replays of a scenario by the reference
engine, the mutants after `MUTANT_REPLAYS` more. The same failures on any machine, busy or
idle, fast or slow, try the same variants and give the same verdict (docs/design.md, "The
variant search is counted in replays"). A replay itself is bounded by `STEP_SECONDS` and a
mutant by its CPU time: only a variant that loops meets a clock.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import itertools
import math
import os
import pickle
import re
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from types import FunctionType
from typing import Any

import yaml

from ...compiled import PURE_VARIABLE, is_compiled
from ...errors import BrouError
from ...spec import data_places, data_values, item_name, load_document
from ...spec.rules import NOT_EXECUTABLE_YET, Rules
from ..judging.compare import FAILED, Verdict, same_answer
from ..judging.reference import reference_verdict
from ..scenarios.corpus import Scenario
from .mutants import Mutant, callees, implemented_by, lines_run, mutable, mutants, played

TRIED = 8  # failures replayed at most, per ruleset
REPLAYS = 1200  # replays for the readings, numbers and orders, per ruleset; what is left untried is not reproduced
MUTANT_LEAST = 2  # failures a mutant must reproduce, however few are tried
MUTANT_REPLAYS = 3000  # replays for the mutants of the clauses' functions, per ruleset
STEP_SECONDS = 5.0  # the reference engine's time for one replay (a variant that loops)
SAFETY_SECONDS = 1800.0  # the clock's time a search in a child process may take before it is stopped


class Budget:
    """Replays left to the search: each replay of a scenario by the reference engine under a
    variant spends one."""

    def __init__(self, replays: float) -> None:
        self.left = replays
        self.spent = 0

    def take(self) -> bool:
        """One replay, if any is left."""
        if self.left <= 0:
            return False
        self.spend(1)
        return True

    def spend(self, replays: int) -> bool:
        """Replays made elsewhere (a mutant's, in its child); whether the budget is now spent."""
        self.left -= replays
        self.spent += replays
        return self.left <= 0


@dataclass(frozen=True)
class Reproduction:
    """A variant under which the reference engine fails as the implementation does: the
    clauses it belongs to, what it changes (`what: value`, where the rules have `default`),
    how many of the failures tried it reproduces, and what those failures' scenarios were
    written for."""

    clauses: tuple[str, ...]
    what: str
    value: Any
    default: Any
    reproduced: int
    tried: int
    passes_kept: int = 0
    purposes: tuple[str, ...] = ()  # the clause each failure reproduced was written for (its first)
    shown: tuple[str | None, ...] = ()  # the clause each failure reproduced is laid on

    @property
    def text(self) -> str:
        return f"{self.what}: {_text(self.value)} (the rules: {_text(self.default)})"

    @property
    def slip(self) -> bool:
        """Whether the variant is a slip in a function (a mutant), not another reading, number or
        order of the rules' data."""
        return _SLIP.search(self.what) is not None


def _slip_what(function: str, line: int) -> str:
    """What a mutant changes, as the evidence names it: its function and line."""
    return f"{function}, line {line}"


_SLIP = re.compile(r", line \d+$")


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else str(value)


@dataclass(frozen=True)
class _Variant:
    clauses: tuple[str, ...]
    what: str
    value: Any
    default: Any
    play: Callable[[Scenario, Path], Scenario | None]  # the scenario under the variant (None: not concerned)
    least: int | None = None  # failures it must reproduce (None: two, or the only one there is)


@cache
def _readings(ruleset: str) -> tuple[_Variant, ...]:
    """Every parameter value other than its default, with the clauses it is a reading of."""
    data = Rules.load(ruleset).data
    owners: dict[str, list[str]] = {}
    for cid, clause in data["clauses"].items():
        for name in (clause or {}).get("params", []):
            owners.setdefault(name, []).append(cid)
    out = []
    for name in sorted(data["parameters"]):
        if not owners.get(name):
            continue
        spec = data["parameters"][name]
        default = spec.get("default")
        executable = [v for v in spec["options"]
                      if (name, tuple(v) if isinstance(v, list) else v) not in NOT_EXECUTABLE_YET]
        for value in executable:
            if value != default:
                out.append(_Variant(tuple(owners[name]), name, value, default, _with_param(name, value, default)))
        for value in executable:
            # the parameter not read: one value played whatever the scenario asks (where there
            # are two values, the other one so played is the reading above, or the default)
            if value == default or len(executable) > 2:
                out.append(_Variant(tuple(owners[name]), name, f"{_text(value)} whatever the scenario asks",
                                    "the value it asks", _always(name, value, default)))
    return tuple(out)


def _set_param(s: Scenario, name: str, value: Any) -> Scenario:
    """The scenario with the parameter set to `value`."""
    return Scenario(s.data | {"params": dict(s.params) | {name: value}}, s.file, s.line)


def _with_param(name: str, value: Any, default: Any) -> Callable[[Scenario, Path], Scenario | None]:
    def play(s: Scenario, _: Path) -> Scenario | None:
        if s.params.get(name, default) != default:
            return None  # it asks for another value, which the program may play right
        return _set_param(s, name, value)
    return play


def _always(name: str, value: Any, default: Any) -> Callable[[Scenario, Path], Scenario | None]:
    """The scenario played with `value` for the parameter, where it asks for another one (an
    implementation that does not read the parameter, or reads it wrong)."""
    def play(s: Scenario, _: Path) -> Scenario | None:
        if s.params.get(name, default) == value:
            return None  # it asks for that value, which the program plays
        return _set_param(s, name, value)
    return play


ANYWHERE = 8  # an order of at most this many cards or ranks has each moved to any place (49 orders at most)


def _moved(value: Any) -> Iterator[tuple[tuple[str, ...], Any, str]]:
    """The value's variants, each as (the keys inside it, the new value, how it is written):
    a number one less (not below zero) and one more, twice itself (counted twice) and zero
    (not counted); a list of numbers one shorter and one longer (its last number, plus one);
    an order (a list of cards or ranks, strongest first) with two neighbours swapped, or one of
    them moved to the top or the bottom (in a short order, to any place); a mapping, each of its
    values so."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield from (((), v, _written(v)) for v in dict.fromkeys((value - 1, value + 1, 2 * value, 0))
                    if v >= 0 and v != value)
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from (((str(key), *keys), v, text) for keys, v, text in _moved(inner))
    elif _numbers_list(value):
        for v in ([*value[:-1]], [*value, value[-1] + 1]) if len(value) > 1 else ([*value, value[-1] + 1],):
            yield (), v, _written(v)
    elif isinstance(value, list) and len(value) > 2:
        seen = {_written(value)}
        for i in range(len(value)):
            for order in (_swapped(value, i, i + 1), _to(value, i, 0), _to(value, i, len(value) - 1)):
                written = _written(order)
                if len(order) == len(value) and written not in seen:
                    seen.add(written)
                    yield (), order, written
        if len(value) <= ANYWHERE:  # a short order (the ranks of a suit): one card moved to any place
            for i in range(len(value)):
                for where in range(len(value)):
                    order = _to(value, i, where)
                    written = _written(order)
                    if written not in seen:
                        seen.add(written)
                        yield (), order, written


def _numbers_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def _written(value: Any) -> str:
    """A value as the evidence shows it: an order as its cards' names (`A T K Q`), else as is."""
    if isinstance(value, list) and not _numbers_list(value):
        return " ".join(item_name(v) or str(v) for v in value)
    return str(value)


def _swapped(items: list[Any], i: int, j: int) -> list[Any]:
    if j >= len(items):
        return []
    out = list(items)
    out[i], out[j] = out[j], out[i]
    return out


def _to(items: list[Any], i: int, where: int) -> list[Any]:
    out = list(items)
    out.insert(where, out.pop(i))
    return out


def _label(data: Any, path: tuple[str | int, ...]) -> str:
    """A data path as a reader names it: `deck.ranks.J.points`, `auction.contracts.tourne.won`."""
    parts, node = [], data
    for key in path:
        item = node[key]
        if isinstance(key, int):
            parts.append(item_name(item) or str(key))
        else:
            parts.append(key)
        node = item
    return ".".join(parts)


@cache
def _numbers(ruleset: str) -> tuple[_Variant, ...]:
    """Every number and order the ruleset's clauses state (their `data`), moved by one, and the
    cards in the places a clause names (`orders.trump.order[:3]`) each swapped with another; a
    change touching those places is that clause's, any other the clauses' that name the whole
    value."""
    data = load_document(ruleset).data
    whole: dict[str, list[str]] = {}  # a path -> the clauses stating all of it
    parts: dict[str, list[tuple[str, range]]] = {}  # a path -> the clauses stating places of it
    for cid, clause in data["clauses"].items():
        for path in (clause or {}).get("data", []):
            base, places = data_places(path)
            if places is None:
                whole.setdefault(base, []).append(cid)
            else:
                parts.setdefault(base, []).append((cid, places))
    out = []
    for path in [*whole, *(p for p in parts if p not in whole)]:
        named_places = [named for _, named in parts.get(path, [])]
        for where, value in data_values(data, path):
            for keys, other, text in [*_moved(value), *_replaced(value, named_places)]:
                full = (*where, *keys)
                section, edited = _edited(data, [(full, other)])
                was = _at(data, full)
                changed = _changed_places(was, other)
                owners = tuple(c for c, named in parts.get(path, []) if any(k in named for k in changed))
                if owners or whole.get(path):
                    overlay = {"extends": ruleset, section: edited}
                    out.append(_Variant(owners or tuple(whole[path]), _label(data, full), text, _written(was),
                                        _with_data(overlay)))
        if whole.get(path):
            out += _swapped_values(data, ruleset, data_values(data, path), tuple(whole[path]))
    return tuple(out + _rows_moved(data, ruleset, whole))


def _rows_moved(data: Mapping[str, Any], ruleset: str, whole: Mapping[str, Sequence[str]]) -> list[_Variant]:
    """The numbers one clause states of one row of a table (a named item of a list of three or
    more: a contract's win and codille, `auction.contracts.won` and `.codille`) all one less, or all
    one more: the row read as its neighbour's, a slip that no single number moved by one
    reproduces where the number moved then stands for another of the row's (open nolo's codille
    written 6, its win's number)."""
    out: list[_Variant] = []
    groups: dict[tuple[tuple[str, ...], str], list[str]] = {}  # (the clauses, the items' path) -> their fields
    for path, owners in whole.items():
        prefix, _, field = path.rpartition(".")
        if prefix:
            groups.setdefault((tuple(owners), prefix), []).append(field)
    for (owners, prefix), fields in groups.items():
        if len(fields) < 2:
            continue
        rows: dict[tuple[str | int, ...], list[tuple[tuple[str | int, ...], int]]] = {}
        for field in fields:
            for where, value in data_values(data, f"{prefix}.{field}"):
                if isinstance(value, int) and not isinstance(value, bool):
                    rows.setdefault(where[:-1], []).append((where, value))
        for item, numbers in rows.items():
            table = _at(data, item[:-1])
            if len(numbers) < 2 or not isinstance(table, list) or len(table) < 3 or item_name(_at(data, item)) is None:
                continue
            for step in (-1, 1):
                if any(v + step < 0 for _, v in numbers):
                    continue
                section, edited = _edited(data, [(where, value + step) for where, value in numbers])
                out.append(_Variant(owners, " and ".join(_label(data, w) for w, _ in numbers),
                                    " and ".join(str(v + step) for _, v in numbers),
                                    " and ".join(str(v) for _, v in numbers),
                                    _with_data({"extends": ruleset, section: edited})))
    return out


def _at(data: Any, path: Sequence[str | int]) -> Any:
    """The value at a full data path (`("auction", "contracts", 8, "won")`)."""
    for key in path:
        data = data[key]
    return data


def _edited(data: Mapping[str, Any], changes: Sequence[tuple[tuple[str | int, ...], Any]]) -> tuple[str, Any]:
    """The section of the data the changes are in (each a full path and its new value, all in one
    section), and a copy of it with them made."""
    section = str(changes[0][0][0])
    edited = copy.deepcopy(data[section])
    for where, value in changes:
        _at(edited, where[1:-1])[where[-1]] = value
    return section, edited


def _swapped_values(data: Mapping[str, Any], ruleset: str, values: Sequence[tuple[tuple[str | int, ...], Any]],
                    owners: tuple[str, ...]) -> list[_Variant]:
    """The numbers of one data path taken from neighbouring items (two ranks' points, two
    contracts' values), each two that differ swapped: the slip of writing one for the other."""
    out = []
    for (one, a), (two, b) in itertools.pairwise(values):
        if not (isinstance(a, int) and isinstance(b, int)) or isinstance(a, bool) or isinstance(b, bool) or a == b \
                or one[0] != two[0]:
            continue
        section, edited = _edited(data, [(one, b), (two, a)])
        out.append(_Variant(owners, f"{_label(data, one)} and {_label(data, two)}", f"{b} and {a}", f"{a} and {b}",
                            _with_data({"extends": ruleset, section: edited})))
    return out


def _replaced(value: Any, places: Sequence[range]) -> Iterator[tuple[tuple[str, ...], Any, str]]:
    """An order whose places named by a clause (the matadors, `[:3]`) hold another card: each
    card there swapped with each card elsewhere (the neighbours' swaps are `_moved`'s); in a
    mapping of orders (by colour), each order so."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from (((str(key), *keys), v, text) for keys, v, text in _replaced(inner, places))
        return
    if not isinstance(value, list) or _numbers_list(value):
        return
    named = [any(k in r for r in places) for k in range(len(value))]  # `[3:]` is open-ended: only the list's places
    for i in range(len(value)):
        for j in range(len(value)):
            if named[i] and not named[j] and abs(i - j) > 1:
                order = _swapped(value, i, j)
                yield (), order, _written(order)


def _changed_places(was: Any, now: Any) -> set[int]:
    """The places of a list where the variant differs (none for a number)."""
    if not isinstance(was, list) or not isinstance(now, list):
        return set()
    return {i for i in range(max(len(was), len(now))) if i >= len(was) or i >= len(now) or was[i] != now[i]}


def _with_data(overlay: Mapping[str, Any]) -> Callable[[Scenario, Path], Scenario | None]:
    text = yaml.safe_dump(dict(overlay), allow_unicode=True, sort_keys=False)

    def play(s: Scenario, folder: Path) -> Scenario | None:
        file = folder / f"variant-{hashlib.sha256(text.encode()).hexdigest()[:16]}.yaml"
        if not file.exists():
            file.write_text(text, encoding="utf-8")
        return Scenario(s.data | {"ruleset": str(file)}, s.file, s.line)
    return play


_REASON = re.compile(r" \([^)]*\)")


def same_failure(mine: Verdict, theirs: Verdict) -> bool:
    """Whether two failed verdicts of one scenario fail the same step the same way: the same
    observation and answer (as the judge compares them: a hand's cards in any order...), or the
    same action refused or accepted (the refusal's reason code aside: each program has its own)."""
    if mine.status != FAILED or theirs.status != FAILED or mine.step != theirs.step:
        return False
    if mine.observed is not None or theirs.observed is not None:
        return (mine.observed is not None and mine.observed == theirs.observed
                and same_answer(mine.observed, mine.got, theirs.got))
    return _REASON.sub("", mine.detail) == _REASON.sub("", theirs.detail)


def _chosen(failures: Sequence[tuple[Scenario, Verdict]]) -> list[tuple[Scenario, Verdict]]:
    """Up to TRIED failures, taken in turn from each clause where failures show (the run's
    order within each), so that one much-repeated symptom does not fill the sample."""
    by_clause: dict[str | None, list[tuple[Scenario, Verdict]]] = {}
    for s, v in failures:
        by_clause.setdefault(v.clause, []).append((s, v))
    queues = sorted(by_clause.values(), key=lambda q: -len(q))
    out: list[tuple[Scenario, Verdict]] = []
    while len(out) < TRIED and any(queues):
        for q in queues:
            if q and len(out) < TRIED:
                out.append(q.pop(0))
    return out


def _replay(s: Scenario, variant: _Variant, folder: Path) -> Verdict | None:
    """The reference engine's verdict on the scenario under the variant (None when the variant
    does not concern it, or the reference cannot play it)."""
    played = variant.play(s, folder)
    if played is None:
        return None
    try:
        return reference_verdict(played, STEP_SECONDS)
    except (BrouError, KeyError, ValueError, TypeError, IndexError, OSError):
        return None


def reproductions(ruleset: str, failures: Sequence[tuple[Scenario, Verdict]],
                  passes: Sequence[Scenario] = (), replays: int = REPLAYS,
                  mutant_replays: int = MUTANT_REPLAYS,
                  reach: Callable[[Scenario, Verdict], Collection[str]] | None = None) -> list[Reproduction]:
    """The variants of `ruleset` that reproduce at least half the failures tried (and two, or
    the only one there is; a mutant, two at least), and that the implementation's passes do
    not refute: the scenarios it passes that were written for the variant's clauses, or for
    the rules the failures were written for, the reference passes too under the variant (up
    to TRIED of each). Most reproduced first. With `reach` (the clauses a fault could be in to
    cause a failure), a variant of none of them is not replayed on it: a miss, and only the
    functions of the clauses reached are mutated. `replays` bounds the readings, numbers and
    orders, `mutant_replays` the mutants (replays of a scenario by the reference engine)."""
    try:
        variants = _readings(ruleset) + _numbers(ruleset)
    except BrouError:
        return []
    sample = _chosen([(s, v) for s, v in failures if s.ruleset == ruleset and v.status == FAILED])
    if not sample:
        return []
    # one run's report is often written twice (a file and the text): the search is done once
    key = hashlib.sha256(repr((ruleset, [(s.id, v.step, v.detail) for s, v in sample],
                               sorted(s.id for s in passes), replays, mutant_replays)).encode()).hexdigest()
    if key not in _DONE:
        if is_compiled():
            _DONE[key] = _search_in_pure_child(ruleset, sample, passes, replays, mutant_replays, reach)
        else:
            _DONE[key] = _search(ruleset, variants, sample, passes, replays, mutant_replays, reach)
        while len(_DONE) > 8:
            _DONE.pop(next(iter(_DONE)))
    return _DONE[key]


_DONE: dict[str, list[Reproduction]] = {}


def _search(ruleset: str, variants: Sequence[_Variant], sample: Sequence[tuple[Scenario, Verdict]],
            passes: Sequence[Scenario], replays: int, mutant_replays: int,
            reach: Callable[[Scenario, Verdict], Collection[str]] | None) -> list[Reproduction]:
    found = []
    with tempfile.TemporaryDirectory(prefix="brou-variants-") as folder:
        budget = Budget(replays)  # the readings, numbers and orders, replayed here
        for variant in variants:
            if budget.left <= 0:
                break
            found.append(_tried(ruleset, variant, sample, passes, Path(folder), budget, reach))
        # no mutants where the engine's modules or a child process cannot be had: the rest stands
        with contextlib.suppress(ImportError, OSError):
            found += _mutants_tried(ruleset, sample, passes, Path(folder), Budget(mutant_replays), reach)
    return sorted((r for r in found if r is not None),
                  key=lambda r: (-r.reproduced / max(r.tried, 1), -r.reproduced, r.what))


def _search_in_pure_child(ruleset: str, sample: Sequence[tuple[Scenario, Verdict]], passes: Sequence[Scenario],
                          replays: int, mutant_replays: int,
                          reach: Callable[[Scenario, Verdict], Collection[str]] | None) -> list[Reproduction]:
    """`_search` in a child process that imports the engine's `.py` files (`BROU_PURE=1`,
    brou.compiled): this one runs the compiled engine, and a mutant replaces a function's code,
    which a compiled function has none of.  `reach` is answered here for the sample.  Nothing
    found if the child fails (as where no mutant can be had)."""
    answers = None if reach is None else {_reach_key(s, v): tuple(reach(s, v)) for s, v in sample}
    payload = pickle.dumps((ruleset, list(sample), list(passes), replays, mutant_replays, answers))
    command = [sys.executable, "-c", "from brou.conformance.diagnosis.counterfactual import search_child; search_child()"]
    try:
        done = subprocess.run(command, input=payload, capture_output=True, check=False,
                              env={**os.environ, PURE_VARIABLE: "1"},
                              timeout=SAFETY_SECONDS)
        found = pickle.loads(done.stdout) if done.returncode == 0 else []
    except (OSError, subprocess.TimeoutExpired, pickle.UnpicklingError, EOFError, AttributeError):
        return []
    return [r for r in found if isinstance(r, Reproduction)]


def _reach_key(s: Scenario, v: Verdict) -> str:
    return repr((s.id, v.clause, v.step, v.detail))


@dataclass(frozen=True)
class _Answered:
    """`reach` answered in advance for a sample's failures (what the child of
    `_search_in_pure_child` gets)."""

    answers: Mapping[str, tuple[str, ...]]

    def __call__(self, s: Scenario, v: Verdict) -> Collection[str]:
        return self.answers.get(_reach_key(s, v), ())


def search_child() -> None:
    """The child of `_search_in_pure_child`: its question pickled on stdin, the reproductions
    pickled on stdout."""
    ruleset, sample, passes, replays, mutant_replays, answers = pickle.load(sys.stdin.buffer)
    reach = None if answers is None else _Answered(answers)
    found = _search(ruleset, _readings(ruleset) + _numbers(ruleset), sample, passes, replays, mutant_replays, reach)
    sys.stdout.buffer.write(pickle.dumps(found))


def _mutants_tried(ruleset: str, sample: Sequence[tuple[Scenario, Verdict]], passes: Sequence[Scenario],
                   folder: Path, budget: Budget,
                   reach: Callable[[Scenario, Verdict], Collection[str]] | None) -> list[Reproduction | None]:
    """The mutants of the functions of the clauses a fault could be in, tried as `_tried` does,
    each function's in one child process; only those whose line runs in the replays of enough
    failures to reproduce them. Each mutant spends from `budget` the replays it made in the
    child (one at least; a mutant that looped or ended its child, as many as one may make)."""
    found: list[Reproduction | None] = []
    funcs = list(_functions(ruleset, _reached(ruleset, sample, reach)))
    runs = [lines_run([f for f, _ in funcs], partial(_replay, s, _AS_IS, folder)) for s, _ in sample]
    need = max(MUTANT_LEAST, (len(sample) + 1) // 2)
    most = len(sample) + 2 * TRIED  # the replays of one `_tried` at most

    def enough(result: tuple[Reproduction | None, int] | None) -> bool:
        return budget.spend(most if result is None else max(result[1], 1))

    for func, owned in funcs:
        if budget.left <= 0:
            break
        covered = Counter(line for run in runs for line in run.get(func, ()))
        if not covered:
            continue
        batch = [m for m in mutants(func) if covered[m.line] >= need]
        # one of thousands of slips may fail one step as the program does by chance: two at least
        variants_of = {m: _Variant(owned, _slip_what(m.function, m.line), m.now, m.was, _as_is, least=MUTANT_LEAST)
                       for m in batch}
        work = partial(_tried_mutant, ruleset, variants_of, sample, passes, folder, reach)
        found += [None if r is None else r[0] for r in played(func, batch, work, STEP_SECONDS, enough)]
    return found


def _tried(ruleset: str, variant: _Variant, sample: Sequence[tuple[Scenario, Verdict]], passes: Sequence[Scenario],
           folder: Path, budget: Budget,
           reach: Callable[[Scenario, Verdict], Collection[str]] | None) -> Reproduction | None:
    """The variant replayed on the failures, then on the passes (`_passes_kept`): a
    reproduction if it reproduces at least half of the failures tried, and `least` of them,
    and no pass refutes it. Each replay spends one of `budget`."""
    hit = miss = 0
    purposes: list[str] = []  # the clauses the failures reproduced were written for
    shown: list[str | None] = []  # and those they are laid on
    for s, theirs in sample:
        if miss > hit + 1:
            break
        if reach is not None and not any(c in reach(s, theirs) for c in variant.clauses):
            miss += 1
            continue
        if not budget.take():
            break
        mine = _replay(s, variant, folder)
        if mine is None:
            continue
        if same_failure(mine, theirs):
            hit += 1
            purposes += s.clauses[:1]
            shown.append(theirs.clause)
        else:
            miss += 1
    if hit < (min(2, len(sample)) if variant.least is None else variant.least) or 2 * hit < hit + miss:
        return None
    kept = _passes_kept(ruleset, variant, passes, folder, budget, {s.clauses[0] for s, _ in sample if s.clauses})
    if kept is None:
        return None
    return Reproduction(variant.clauses, variant.what, variant.value, variant.default, hit, hit + miss, kept,
                        tuple(purposes), tuple(shown))


def _reached(ruleset: str, sample: Sequence[tuple[Scenario, Verdict]],
             reach: Callable[[Scenario, Verdict], Collection[str]] | None) -> list[str]:
    """The ruleset's clauses a fault could be in to cause the failures: those the failures
    name or are written for first, then those further up, the most failures first."""
    clauses = Rules.load(ruleset).data["clauses"]
    direct: Counter[str] = Counter()
    reached: Counter[str] = Counter()
    for s, v in sample:
        direct.update({c for c in (v.clause, *s.clauses) if c is not None and c in clauses})
        reached.update(c for c in (reach(s, v) if reach is not None else clauses) if c in clauses)
    return sorted(reached, key=lambda c: (-direct[c], -reached[c], c))


def _functions(ruleset: str, clauses: Sequence[str]) -> Iterator[tuple[FunctionType, tuple[str, ...]]]:
    """The functions whose mutants are tried (brou.conformance.diagnosis.mutants), with the clauses of the
    ruleset each stands for: the function of each clause, in the clauses' order, standing for
    every clause given that it implements (one function, several rules the fault could be in:
    a slip of it is evidence for each; not for those the fault cannot reach, whose passing
    scenarios would refute a slip that is not theirs); then the functions these call that
    implement no clause of the ruleset (a helper, or a function written for another game's
    rule), each standing for the clause that calls it."""
    mine = Rules.load(ruleset).data["clauses"]
    reached = set(clauses)
    done: set[FunctionType] = set()
    helpers: list[tuple[str, FunctionType]] = []
    for cid in clauses:
        func = mutable(cid)
        if func is None or func in done:
            continue
        done.add(func)
        yield func, tuple(c for c in implemented_by(func) if c in reached) or (cid,)
        helpers += [(cid, f) for f in callees(func)]
    for cid, func in helpers:
        if func not in done and not any(c in mine for c in implemented_by(func)):
            done.add(func)
            yield func, (cid,)


def _tried_mutant(ruleset: str, variants: Mapping[Mutant, _Variant], sample: Sequence[tuple[Scenario, Verdict]],
                  passes: Sequence[Scenario], folder: Path,
                  reach: Callable[[Scenario, Verdict], Collection[str]] | None,
                  mutant: Mutant) -> tuple[Reproduction | None, int]:
    """One mutant tried (in the child of `mutants.played`), with the replays it made; a mutant
    that breaks the engine reproduces nothing."""
    budget = Budget(math.inf)
    try:
        return _tried(ruleset, variants[mutant], sample, passes, folder, budget, reach), budget.spent
    except Exception:  # (a mutant may break anything)
        return None, budget.spent


def _as_is(s: Scenario, _: Path) -> Scenario:
    return s


_AS_IS = _Variant((), "", None, None, _as_is)  # the reference as it is


def _passes_kept(ruleset: str, variant: _Variant, passes: Sequence[Scenario], folder: Path,
                 budget: Budget, purposes: Collection[str]) -> int | None:
    """How many of the passed scenarios written for the variant's clauses (their purpose
    first), and of those written for the rules the failures were written for (`purposes`), the
    reference passes too under it (up to TRIED of each); None if it fails one: the
    implementation does not have that variant there."""
    clauses = variant.clauses
    mine = [s for s in passes if s.ruleset == ruleset and s.clauses[:1] and s.clauses[0] in clauses]
    mine += [s for s in passes if s.ruleset == ruleset and s not in mine and any(c in clauses for c in s.clauses)]
    theirs = [s for s in passes if s.ruleset == ruleset and s.clauses[:1] and s.clauses[0] in purposes and s not in mine]
    kept = 0
    for s in mine[:TRIED] + theirs[:TRIED]:
        if not budget.take():
            break
        verdict = _replay(s, variant, folder)
        if verdict is None:
            continue
        if verdict.status == FAILED:
            return None
        kept += 1
    return kept


def by_clause(found: Sequence[Reproduction]) -> Mapping[str, Reproduction]:
    """The best reproduction of each clause."""
    out: dict[str, Reproduction] = {}
    for r in found:
        for c in r.clauses:
            out.setdefault(c, r)
    return out

"""Traceability: clause ids link the spec, the one function that implements each, and the tests.

- every clause of every ruleset is implemented by exactly one function (`@implements`, or
  `implements_clauses` after it in the compiled modules),
  and every id a function claims exists in the spec;
- every clause is checked by at least one test (`@pytest.mark.clause(...)`), and every
  id a test names exists;
- every parameter the rules refer to is named by a clause, so a reader of a clause sees
  which open question can bend it;
- every clause of every ruleset is checked by at least one hand-written conformance
  scenario of that ruleset, and scenarios name only clauses of their ruleset (the corpus
  loader refuses others); `brou coverage --clause ID` walks from a clause to the rest.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

import brou
from brou import spec
from brou.spec.clauses import FUNCTIONS, IMPLEMENTED_BY

TESTS = Path(__file__).parent
RULESETS = spec.available_rulesets()


def _all_modules() -> None:
    for info in pkgutil.walk_packages(brou.__path__, "brou."):
        if info.name.rpartition(".")[2] != "__main__":  # those run the command line, or rewrite the playthroughs
            importlib.import_module(info.name)


def _clauses() -> dict[str, set[str]]:
    """clause id -> rulesets that have it."""
    out: dict[str, set[str]] = {}
    for name in RULESETS:
        for cid in spec.load_document(name).data["clauses"]:
            out.setdefault(cid, set()).add(name)
    return out


def _tested_ids() -> set[str]:
    ids: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        for call in re.findall(r"mark\.clause\(([^)]*)\)", path.read_text(encoding="utf-8")):
            ids.update(re.findall(r"\"([a-z0-9.-]+)\"", call))
    return ids


def _resolve(dotted: str) -> Any:
    module_name, _, rest = dotted.partition(".")
    module_parts = dotted.split(".")
    for i in range(len(module_parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(module_parts[:i]))
        except ImportError:
            continue
        for attr in module_parts[i:]:
            obj = getattr(obj, attr)
        return obj
    raise AssertionError(f"cannot resolve {dotted} ({module_name}, {rest})")


def test_the_rulesets_exist() -> None:
    assert {"homme-de-brou-1802", "brouc"} <= set(RULESETS)


def test_every_clause_has_one_implementing_function() -> None:
    _all_modules()
    missing = sorted(set(_clauses()) - set(IMPLEMENTED_BY))
    assert not missing, f"clauses with no @implements function: {missing}"


def test_every_implemented_id_is_a_clause() -> None:
    _all_modules()
    unknown = sorted(set(IMPLEMENTED_BY) - set(_clauses()))
    assert not unknown, f"@implements names clauses the spec does not have: {unknown}"


def test_implementing_functions_exist_and_say_what_they_do() -> None:
    _all_modules()
    for cid, dotted in IMPLEMENTED_BY.items():
        func = inspect.unwrap(_resolve(dotted))
        assert inspect.isfunction(func) or inspect.ismethod(func), (cid, dotted)
        assert inspect.getdoc(func), f"{dotted} (implements {cid}) has no docstring"
        assert FUNCTIONS[cid] is func, (cid, dotted)  # the very function that was marked


def test_every_clause_is_checked_by_a_test() -> None:
    untested = sorted(set(_clauses()) - _tested_ids())
    assert not untested, f"clauses no test names with @pytest.mark.clause: {untested}"


def test_tests_name_only_existing_clauses() -> None:
    unknown = sorted(_tested_ids() - set(_clauses()))
    assert not unknown, f"tests name clauses the spec does not have: {unknown}"


@pytest.mark.parametrize("name", RULESETS)
def test_every_parameter_the_rules_use_is_named_by_a_clause(name: str) -> None:
    data = spec.load_document(name).data
    used = {n for _, n in spec._param_refs(data, ())}
    named = {p for clause in data["clauses"].values() for p in clause.get("params", [])}
    assert used <= named, f"{name}: parameters used by the rules but named by no clause: {sorted(used - named)}"


def test_every_clause_of_every_ruleset_has_a_hand_written_scenario() -> None:
    from brou.conformance.reporting.cli import coverage
    from helpers import whole_corpus

    table = coverage(list(whole_corpus()))
    missing = [f"{r} {c}" for r, clauses in table.items() for c, n in clauses.items() if not n["hand-written"]]
    assert not missing, f"clauses no hand-written scenario checks: {missing}"


def test_the_map_is_whole_without_the_optional_extras(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain `pip install` has no OpenSpiel: the modules of that extra cannot be imported, and
    the map of clauses to functions (which the verdict's mutants read, in `brou check`) is
    still found whole."""
    import sys

    from brou.spec.clauses import all_implementations

    whole = dict(all_implementations())
    for name in [m for m in sys.modules if m.startswith("brou.openspiel")] + ["brou.openspiel"]:
        monkeypatch.setitem(sys.modules, name, None)  # importing it raises ImportError
    assert all_implementations() == whole

"""Traceability: which function implements which clause of the spec.

Every normative clause of a ruleset (spec/rulesets/*.yaml, `clauses`) is
implemented by exactly one function of this package, marked `@implements(id)`.
`IMPLEMENTED_BY` maps a clause id to that function's dotted name; the tests check
that the map and the spec agree in both directions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

IMPLEMENTED_BY: dict[str, str] = {}
FUNCTIONS: dict[str, Callable[..., object]] = {}  # clause id -> the function itself, as it was marked


def all_implementations() -> dict[str, str]:
    """IMPLEMENTED_BY once every module of the engine has been imported (each registers its
    clauses when it is imported): clause id -> dotted name of its function."""
    import importlib
    import pkgutil
    from pathlib import Path

    # the modules of the package, found by path, folder by folder: the package itself is not
    # imported here (tests/test_layers.py), since it imports this module
    package = __name__.split(".")[0]  # brou: this module is brou.spec.clauses
    skipped = {f"{package}.{name}" for name in ("__main__", "conformance", "book")}

    def import_all(folder: Path, prefix: str) -> None:
        for info in pkgutil.iter_modules([str(folder)]):
            name = f"{prefix}.{info.name}"
            if name in skipped or info.name == "__main__":
                continue
            try:
                importlib.import_module(name)
            except ImportError:
                continue  # a module of an optional extra not installed (brou.openspiel): it implements no clause
            if info.ispkg:
                import_all(folder / info.name, name)

    import_all(Path(__file__).parent.parent, package)
    return IMPLEMENTED_BY


def dotted_name(func: Callable[..., object]) -> str:
    """module.qualname of a function or method, pure or compiled: a method that mypyc compiled
    comes to a decorator as a descriptor that has no `__module__`, only its class."""
    module = getattr(func, "__module__", None) or getattr(getattr(func, "__objclass__", None), "__module__", "")
    return f"{module}.{func.__qualname__}"


def implements(*clause_ids: str) -> Callable[[F], F]:
    """Mark a function as the implementation of the given clauses (a decorator; in the modules
    that mypyc compiles, `implements_clauses` after the function instead)."""

    def mark(func: F) -> F:
        name = dotted_name(func)
        for cid in clause_ids:
            if cid in IMPLEMENTED_BY and IMPLEMENTED_BY[cid] != name:
                raise RuntimeError(f"clause {cid} is implemented twice: {IMPLEMENTED_BY[cid]} and {name}")
            IMPLEMENTED_BY[cid] = name
            FUNCTIONS[cid] = func
        return func

    return mark


def implements_clauses(func: Callable[..., object], *clause_ids: str) -> None:
    """`@implements(*clause_ids)` without the decorator, written on the line after the function
    (after the class, for a method): in the modules mypyc compiles (brou.compiled), a decorated
    function is called through Python even from compiled code, which costs L'Hombre about a
    seventh of its time; an undecorated one is called natively (docs/design.md, "Speed")."""
    implements(*clause_ids)(func)

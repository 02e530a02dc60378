"""One definition, two backends: the operations the encodings of brou.prove are written over
(`Logic` for booleans, `Arith` for integers), built as z3 terms for the proofs and as Python
values for the cross-checks against the engine; the calls to z3 (`prove`, `satisfiable`);
and the small encodings more than one game uses (`seat_f`, `engine_table`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any, Generic, TypeVar

import z3  # type: ignore[import-untyped]

Z3_TIMEOUT_MS = 30_000
N_Z3_POSITIONS = 60  # of the cases a cross-check samples, the first ones also evaluated through the z3 terms

B = TypeVar("B")


class Logic(Generic[B]):
    """Boolean operations; `B` is a z3 term, or a bit-sliced Python int (one bit per position)."""

    def const(self, value: bool) -> B:
        raise NotImplementedError

    def and_(self, *xs: B) -> B:
        raise NotImplementedError

    def or_(self, *xs: B) -> B:
        raise NotImplementedError

    def not_(self, x: B) -> B:
        raise NotImplementedError


class Z3Logic(Logic[Any]):
    def const(self, value: bool) -> Any:
        return z3.BoolVal(value)

    def and_(self, *xs: Any) -> Any:
        return z3.And(*xs) if xs else z3.BoolVal(True)

    def or_(self, *xs: Any) -> Any:
        return z3.Or(*xs) if xs else z3.BoolVal(False)

    def not_(self, x: Any) -> Any:
        return z3.Not(x)


class LaneLogic(Logic[int]):
    """Bit-sliced booleans: bit `32 * i` of an int is the value at position `i`."""

    def __init__(self, ones: int) -> None:
        self.ones = ones

    def const(self, value: bool) -> int:
        return self.ones if value else 0

    def and_(self, *xs: int) -> int:
        return reduce(lambda a, b: a & b, xs, self.ones)

    def or_(self, *xs: int) -> int:
        return reduce(lambda a, b: a | b, xs, 0)

    def not_(self, x: int) -> int:
        return x ^ self.ones


@dataclass(frozen=True)
class Arith:
    """Integer operations for the rounding formulas: z3 (`/` is floor division for a positive
    divisor in SMT-LIB) or Python."""

    div: Callable[[Any, int], Any]
    ite: Callable[[Any, Any, Any], Any]


PY_ARITH = Arith(lambda a, b: a // b, lambda c, a, b: a if c else b)
Z3_ARITH = Arith(lambda a, b: a / b, lambda c, a, b: z3.If(c, a, b))


def prove(claim: Any, *premises: Any, tactic: Any = None) -> tuple[bool, Any]:
    """(True, None) if the premises imply the claim; (False, model) otherwise.  `tactic`: a z3
    tactic to solve with instead of the default solver."""
    solver = z3.Solver() if tactic is None else tactic.solver()
    solver.set("timeout", Z3_TIMEOUT_MS)
    solver.add(*premises)
    solver.add(z3.Not(claim))
    answer = solver.check()
    if answer == z3.unsat:
        return True, None
    if answer == z3.sat:
        return False, solver.model()
    raise RuntimeError(f"z3 answered {answer}: {solver.reason_unknown()}")


def satisfiable(*constraints: Any) -> Any:
    """A model of the constraints, or None."""
    solver = z3.Solver()
    solver.set("timeout", Z3_TIMEOUT_MS)
    solver.add(*constraints)
    answer = solver.check()
    if answer == z3.unknown:
        raise RuntimeError(f"z3 answered unknown: {solver.reason_unknown()}")
    return solver.model() if answer == z3.sat else None


def model_text(model: Any, names: Sequence[Any]) -> str:
    """`name = value` for z3 variables, or `(label, term)` pairs."""
    pairs = [item if isinstance(item, tuple) else (str(item), item) for item in names]
    return ", ".join(f"{label} = {model.eval(term, model_completion=True)}" for label, term in pairs)


def seat_f(ar: Arith, leader: Any, i: int, n: int) -> Any:
    """The seat of the `i`-th card of a trick led by `leader` (0 <= leader, i < n): the engine's
    `(leader + i) % n`, written without `%` (z3 takes seconds over `mod` with five players)."""
    return ar.ite(leader + i >= n, leader + i - n, leader + i)


def engine_table(n: int, ws: Sequence[Any], value: Callable[[tuple[int, ...]], Any]) -> Any:
    """A z3 term equal to `value(seq)` whenever the z3 integers `ws` take the values `seq`
    (each in 0 .. n-1): the engine's own function, tabulated over its whole finite domain and
    written as nested if-then-else (n ** len(ws) leaves), so that z3 reasons about exactly it."""
    def tree(prefix: tuple[int, ...]) -> Any:
        if len(prefix) == len(ws):
            out = value(prefix)
            return z3.BoolVal(out) if isinstance(out, bool) else z3.IntVal(out)
        k = len(prefix)
        term = tree((*prefix, n - 1))
        for v in reversed(range(n - 1)):
            term = z3.If(ws[k] == v, tree((*prefix, v)), term)
        return term
    return tree(())

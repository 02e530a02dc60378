"""Mutants of the function that implements a clause: the reference engine with one slip in
that function, for the replays of brou.conformance.diagnosis.counterfactual.

A program that breaks a rule by its logic (the trump taken from the wrong card, a tie counted
as a loss, the cut lifted from the bottom) plays no other reading, number or order of the
ruleset; but its failures are often those of the reference engine with one small change in
the one function that implements the rule (brou.spec.clauses: one function per clause). This is
mutation-based fault localisation (Papadakis and Le Traon, "Metallaxis-FL", 2015): a mutant
of clause h under which the reference fails the same steps with the same answers, and still
passes what the program passes, is evidence that the program's fault is in h.

The slips, each a standard mutation operator, one change per mutant:

- a comparison turned (`<` and `<=`, `>` and `>=`, `<` and `>`, `==` and `!=`, `in` and
  `not in`); a condition negated; `and` and `or` swapped; a `not` dropped;
- a whole number one more or one less (an index 0 becomes -1: the last card, not the first);
  a name compared or counted with one added or taken away;
- `+` and `-` swapped; two sequences joined the other way round (`a + b` as `b + a`, where one
  side is a tuple or list written out: the hombre's turn before the tiers' or after them);
  `min` and `max`, `any` and `all` swapped; `True` and `False`;
- a function that answers yes or no (`-> bool`) answering `True`, or `False`, where it
  computes its answer;
- a constant of the module (`REMISE`) where the function names another (`CODILLE`);
- a slice's bound negated in every slice that has it (`pack[k:]` and `pack[:k]` taken from
  the other end), or a slice's two halves swapped;
- a sequence read from its other end: every index, slice and `pop` of it mirrored at once
  (`stock[0]` and `stock[1:]` become `stock[-1]` and `stock[:-1]`: the bottom card, not the top);
- one statement that assigns left out (but not one that calls another clause's function: its
  effect gone looks like that clause broken, whose own mutants stand for it).

A mutant is played in a child process (`os.fork`, where the platform has it): it cannot hang
the harness or leave its results in the engine's caches. Where there is no fork, there are no
mutants. How many are played is the caller's to say from their results (`played`'s `enough`:
the search counts replays, not seconds); each mutant is bounded in the child by a profiling
timer, which only a mutant that loops meets.
"""

from __future__ import annotations
import __future__

import ast
import contextlib
import copy
import inspect
import os
import pickle
import select
import signal
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from types import CodeType, FrameType, FunctionType
from typing import Any, TypeVar

from ...spec.clauses import FUNCTIONS, all_implementations

T = TypeVar("T")

WALL_SAFETY = 60.0  # seconds of the clock a child may go without answering before it is stopped


class _Overtime(BaseException):
    """A mutant that used up its CPU time (the profiling timer's signal, in the child; not an
    Exception, which the engine's own handlers could take for theirs)."""


def _overtime(signum: int, frame: FrameType | None) -> None:
    raise _Overtime

_COMPARE: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE), ast.Gt: (ast.GtE, ast.Lt), ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,), ast.In: (ast.NotIn,), ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
}
_SWAPPED_CALLS = {"min": "max", "max": "min", "any": "all", "all": "any"}


@dataclass(frozen=True)
class Mutant:
    """One slip in a function: where (its dotted name and the line in its file), the source
    as written and as the mutant has it, and the mutant's code."""

    function: str
    line: int
    was: str
    now: str
    code: CodeType


@cache
def mutable(clause: str) -> FunctionType | None:
    """The plain function that implements a clause (as `@implements` marked it, inside any
    cache wrapper), or None where its code cannot be replaced (a closure, a method that uses
    `super`)."""
    all_implementations()
    func = FUNCTIONS.get(clause)
    return func if isinstance(func, FunctionType) and not func.__code__.co_freevars else None


def implemented_by(func: Callable[..., object]) -> tuple[str, ...]:
    """The clauses `func` implements (every clause `@implements` marked it for), in the order
    they were marked."""
    all_implementations()
    return tuple(cid for cid, f in FUNCTIONS.items() if f is func)


@cache
def callees(func: FunctionType) -> tuple[FunctionType, ...]:
    """The engine's functions that `func` calls by name (a function of the engine's modules, or
    a method of its own class called on `self`), each once, in the order of the source: a
    clause's function often leaves part of its rule to them."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    except (OSError, TypeError, SyntaxError):
        return ()
    out: list[FunctionType] = []
    for node in ast.walk(tree):
        found = _called(node, func)
        if (found is not None and found is not func and found not in out and not found.__code__.co_freevars
                and found.__module__.startswith("brou.") and not found.__module__.startswith("brou.conformance")):
            out.append(found)
    return tuple(out)


def _called(node: ast.AST, func: FunctionType) -> FunctionType | None:
    """The plain function a call in `func`'s source calls by name (a function of its module, or
    a method of its own class called on `self`), if it is one."""
    if not isinstance(node, ast.Call):
        return None
    found: Any = None
    if isinstance(node.func, ast.Name):
        found = func.__globals__.get(node.func.id)
    elif isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and node.func.value.id == "self":
        owner = func.__globals__.get(func.__qualname__.split(".")[0]) if "." in func.__qualname__ else None
        found = inspect.getattr_static(owner, node.func.attr, None) if isinstance(owner, type) else None
    found = inspect.unwrap(found) if callable(found) else None
    return found if isinstance(found, FunctionType) else None


@cache
def mutants(func: FunctionType) -> tuple[Mutant, ...]:
    """Every mutant of the function, in the order of its source."""
    try:
        lines, first = inspect.getsourcelines(func)
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except (OSError, TypeError, SyntaxError):
        return ()
    definition = tree.body[0]
    if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return ()
    definition.decorator_list = []
    ast.increment_lineno(tree, first - 1)
    name = f"{func.__module__}.{func.__qualname__}"
    out = []
    seen: set[str] = set()
    for changed, was, now, line in _slips(tree, func):
        code = _compiled(changed, func)
        key = ast.dump(changed)
        if code is not None and key not in seen:
            seen.add(key)
            out.append(Mutant(name, line, was, now, code))
    return tuple(out)


def _compiled(tree: ast.Module, func: FunctionType) -> CodeType | None:
    """The code of the function in the tree, compiled as the engine's modules are (None if it
    does not compile, or would not fit in the function's place)."""
    try:
        module = compile(ast.fix_missing_locations(tree), func.__code__.co_filename, "exec", dont_inherit=True,
                         flags=__future__.annotations.compiler_flag)
    except (SyntaxError, ValueError, TypeError):
        return None
    for const in module.co_consts:
        if isinstance(const, CodeType) and const.co_name == func.__code__.co_name:
            return const if const.co_freevars == func.__code__.co_freevars else None
    return None


def _slips(tree: ast.Module, func: FunctionType) -> Iterator[tuple[ast.Module, str, str, int]]:
    """(the mutated tree, the source as written, as mutated, its line) for each slip."""
    definition = tree.body[0]
    skip = _messages(definition)
    nodes = list(ast.walk(definition))
    constants = _constants(definition, func)
    clause_functions = {inspect.unwrap(f) for f in FUNCTIONS.values()} - {func}
    for index, node in enumerate(nodes):
        if id(node) in skip:
            continue
        for now in _replacements(node, constants):
            if now is None and any(_called(n, func) in clause_functions for n in ast.walk(node)):
                continue  # leaving out another clause's call is a slip of that clause, found in its own function
            changed = copy.deepcopy(tree)
            if _put(changed, list(ast.walk(changed.body[0]))[index], now):
                yield changed, _text(node), "(left out)" if now is None else _text(now), getattr(node, "lineno", 0)
    # a yes-or-no function answering yes, or no, where it computes its answer (PIT's TRUE_RETURNS, FALSE_RETURNS)
    returns = getattr(definition, "returns", None)
    if returns is not None and ast.unparse(returns) == "bool":
        for index, node in enumerate(nodes):
            if isinstance(node, ast.Return) and node.value is not None and not isinstance(node.value, ast.Constant):
                for answer in (True, False):
                    changed = copy.deepcopy(tree)
                    if _put(changed, list(ast.walk(changed.body[0]))[index], ast.Return(ast.Constant(answer))):
                        yield changed, _text(node), f"return {answer}", node.lineno
    # a slice's bound taken from the other end, in every slice that has it
    bounds = {ast.unparse(b): b for n in nodes if isinstance(n, ast.Slice) and id(n) not in skip
              for b in (n.lower, n.upper) if b is not None}
    for text, bound in sorted(bounds.items()):
        changed = copy.deepcopy(tree)
        for n in ast.walk(changed.body[0]):
            if isinstance(n, ast.Slice):
                for field in ("lower", "upper"):
                    b = getattr(n, field)
                    if b is not None and ast.unparse(b) == text:
                        setattr(n, field, _negated(b))
        yield changed, f"every slice at {text}", f"at {ast.unparse(_negated(bound))}", bound.lineno
    # a sequence read from its other end: every index, slice and pop of it mirrored at once
    ends: dict[str, int] = {}
    for n in nodes:
        if id(n) not in skip and _mirrored(n) is not None:
            ends.setdefault(_end_of(n), getattr(n, "lineno", 0))
    for text, line in sorted(ends.items()):
        changed = copy.deepcopy(tree)
        for n in list(ast.walk(changed.body[0])):
            mirror = _mirrored(n)
            if mirror is not None and _end_of(n) == text:
                _put(changed, n, mirror)
        yield changed, f"{text} from its first end", f"{text} from its last end", line


def _end_of(node: ast.AST) -> str:
    """The sequence a subscript or `pop` reads (its source)."""
    value = node.value if isinstance(node, ast.Subscript) else node.func.value  # type: ignore[attr-defined]
    return ast.unparse(value)


def _mirrored(node: ast.AST) -> ast.expr | None:
    """The node reading its sequence from the other end (`s[0]` and `s[-1]`, `s[2]` and `s[-3]`,
    `s[1:]` and `s[:-1]`, `s[:k]` and `s[-k:]`, `s.pop(0)` and `s.pop()`), or None if it reads
    none at a fixed place (an index that is a name or a key, a slice with a step)."""
    if isinstance(node, ast.Subscript):
        index = node.slice
        if isinstance(index, ast.Slice):
            if index.step is not None:
                return None
            lower = None if index.upper is None else _negated(index.upper)
            start = index.lower
            upper = None if start is None or (isinstance(start, ast.Constant) and start.value == 0) else _negated(start)
            return ast.Subscript(node.value, ast.Slice(lower, upper), node.ctx)
        if isinstance(index, ast.Constant) and type(index.value) is int:
            return ast.Subscript(node.value, ast.Constant(-1 - index.value), node.ctx)
        if (isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub) and isinstance(index.operand, ast.Constant)
                and type(index.operand.value) is int):
            return ast.Subscript(node.value, ast.Constant(index.operand.value - 1), node.ctx)
        return None
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "pop"
            and not node.keywords and len(node.args) <= 1):
        if not node.args:
            return ast.Call(node.func, [ast.Constant(0)], [])
        mirror = _mirrored(ast.Subscript(node.func.value, node.args[0], ast.Load()))
        if isinstance(mirror, ast.Subscript):
            return ast.Call(node.func, [mirror.slice], [])
    return None


def _messages(definition: ast.AST) -> set[int]:
    """The nodes of the function's signature, docstring, `raise` and `assert` statements and
    f-strings: no slip there changes play."""
    out: set[int] = set()
    body = getattr(definition, "body", [])
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        out |= {id(n) for n in ast.walk(body[0])}
    for node in ast.walk(definition):
        if isinstance(node, (ast.Raise, ast.JoinedStr, ast.Assert, ast.arguments)):
            out |= {id(n) for n in ast.walk(node)}
    if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) and definition.returns is not None:
        out |= {id(n) for n in ast.walk(definition.returns)}
    return out


def _constants(definition: ast.AST, func: FunctionType) -> dict[str, list[str]]:
    """The module constants (upper-case names of words or numbers) the function names, grouped
    by type: each may stand for another of its type."""
    names = sorted({n.id for n in ast.walk(definition) if isinstance(n, ast.Name) and n.id.isupper()})
    groups: dict[str, list[str]] = {}
    for name in names:
        value = func.__globals__.get(name)
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            groups.setdefault(type(value).__name__, []).append(name)
    return {name: [o for o in group if o != name] for group in groups.values() for name in group}


def _replacements(node: ast.AST, constants: dict[str, list[str]]) -> Iterator[ast.AST | None]:
    """The slips of one node: what stands in its place in each (None: the statement is left
    out), made of copies of its parts."""
    n = copy.deepcopy(node)
    if isinstance(n, ast.Compare) and len(n.ops) == 1:
        for op in _COMPARE.get(type(n.ops[0]), ()):
            yield ast.Compare(n.left, [op()], n.comparators)
        for shift in (ast.Add, ast.Sub):  # a name compared with one added or taken away
            if isinstance(n.left, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
                yield ast.Compare(ast.BinOp(n.left, shift(), ast.Constant(1)), n.ops, n.comparators)
            if isinstance(n.comparators[0], (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
                yield ast.Compare(n.left, n.ops, [ast.BinOp(n.comparators[0], shift(), ast.Constant(1))])
    elif isinstance(n, ast.Constant) and type(n.value) is int:
        yield from (ast.Constant(n.value + 1), ast.Constant(n.value - 1))
    elif isinstance(n, ast.Constant) and type(n.value) is bool:
        yield ast.Constant(not n.value)
    elif isinstance(n, ast.BoolOp):
        yield ast.BoolOp(ast.Or() if isinstance(n.op, ast.And) else ast.And(), n.values)
    elif isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not):
        yield n.operand
    elif isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub)):
        yield ast.BinOp(n.left, ast.Sub() if isinstance(n.op, ast.Add) else ast.Add(), n.right)
        if isinstance(n.op, ast.Add) and (_sequence(n.left) or _sequence(n.right)):
            yield ast.BinOp(n.right, ast.Add(), n.left)  # two sequences joined the other way round
    elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _SWAPPED_CALLS:
        yield ast.Call(ast.Name(_SWAPPED_CALLS[n.func.id], ast.Load()), n.args, n.keywords)
    elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in constants:
        yield from (ast.Name(other, ast.Load()) for other in constants[n.id])
    elif isinstance(n, (ast.If, ast.While, ast.IfExp)):
        n.test = ast.UnaryOp(ast.Not(), n.test)
        yield n
    elif isinstance(n, ast.Slice) and (n.lower is None) != (n.upper is None):
        yield ast.Slice(n.upper, n.lower, n.step)  # the other half
    elif isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        yield None


def _sequence(node: ast.expr) -> bool:
    """Whether the expression is a tuple or list written out (or a choice between such), so
    that `+` joins sequences, whose order counts, not numbers."""
    if isinstance(node, ast.IfExp):
        return _sequence(node.body) or _sequence(node.orelse)
    return isinstance(node, (ast.Tuple, ast.List))


def _negated(node: ast.expr) -> ast.expr:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return node.operand
    return ast.UnaryOp(ast.USub(), node)


def _put(tree: ast.Module, target: ast.AST, replacement: ast.AST | None) -> bool:
    """Put `replacement` in `target`'s place in the tree (None: leave the statement out, `pass`
    where it is alone in its block); False if the target is not found."""
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is target and replacement is not None:
                setattr(parent, field, replacement)
                return True
            if isinstance(value, list) and any(v is target for v in value):
                i = next(i for i, v in enumerate(value) if v is target)
                if replacement is not None:
                    value[i] = replacement
                elif len(value) > 1:
                    del value[i]
                else:
                    value[i] = ast.Pass()
                return True
    return False


def _text(node: ast.AST) -> str:
    """The node's source as the evidence shows it: its first line."""
    try:
        return ast.unparse(node).splitlines()[0]
    except (ValueError, IndexError, AttributeError):
        return ast.dump(node)[:60]


def lines_run(funcs: Sequence[FunctionType], work: Callable[[], object]) -> dict[FunctionType, set[int]]:
    """The lines of each function (its own code and the comprehensions in it) that run while
    `work` does: a mutant changes nothing where its line does not run.  The engine's caches are
    emptied first, so that a function whose answer a cache keeps (a table per ruleset) runs."""
    codes: dict[CodeType, FunctionType] = {}
    for func in funcs:
        stack = [func.__code__]
        while stack:
            code = stack.pop()
            codes[code] = func
            stack += [c for c in code.co_consts if isinstance(c, CodeType)]
    out: dict[FunctionType, set[int]] = {}

    def on_call(frame: FrameType, event: str, arg: object) -> Any:
        func = codes.get(frame.f_code)
        if func is None:
            return None
        lines = out.setdefault(func, set())

        def on_line(frame: FrameType, event: str, arg: object) -> Any:
            if event == "line":
                lines.add(frame.f_lineno)
            return on_line
        return on_line

    _empty(_engine_caches())
    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        work()
    finally:
        sys.settrace(previous)
    return out


def played(func: FunctionType, batch: Sequence[Mutant], work: Callable[[Mutant], T], seconds_each: float,
           enough: Callable[[T | None], bool] = lambda _: False) -> list[T | None]:
    """What `work(m)` returns with each mutant `m` of the batch in turn in place of the function,
    computed in a child process, so that a mutant can neither hang this one nor leave its results
    in this one's caches. None for a mutant that fails or uses more than `seconds_each` of CPU
    time. Stops after the first result for which `enough` is true (the caller's budget, spent
    as each result comes in order: the same on any machine); nothing where the platform cannot
    fork."""
    out: list[T | None] = []
    if not hasattr(os, "fork"):
        return out
    while len(out) < len(batch):
        got, stopped = _child(func, batch[len(out):], work, seconds_each, enough)
        out += got
        if stopped or len(out) == len(batch):
            break
        out.append(None)  # the one it stopped on
        if enough(None):
            break
    return out


def _child(func: FunctionType, batch: Sequence[Mutant], work: Callable[[Mutant], T], seconds_each: float,
           enough: Callable[[T | None], bool]) -> tuple[list[T | None], bool]:
    """One child playing the batch from its start: the results it gave before it ended, was
    stopped for going silent, or gave one for which `enough` is true (and whether it did)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: it never returns
        os.close(read)
        try:
            _play_each(func, batch, work, write, seconds_each)
        finally:
            os._exit(0)
    os.close(write)
    out: list[T | None] = []
    buffer = b""
    try:
        while len(out) < len(batch):
            if not select.select([read], [], [], WALL_SAFETY + seconds_each)[0]:
                break
            chunk = os.read(read, 1 << 16)
            if not chunk:
                break
            buffer += chunk
            while len(buffer) >= 4 and len(buffer) >= 4 + int.from_bytes(buffer[:4], "big"):
                size = int.from_bytes(buffer[:4], "big")
                out.append(_loaded(buffer[4:4 + size]))
                buffer = buffer[4 + size:]
                if enough(out[-1]):
                    return out, True
    finally:
        os.close(read)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    return out, False


def _play_each(func: FunctionType, batch: Sequence[Mutant], work: Callable[[Mutant], T], write: int,
               seconds_each: float) -> None:
    """In the child: each mutant in place of the function, `work` done (for `seconds_each` of
    CPU time at most: a profiling timer), its result written (the parent stops the child once
    it has had enough); the engine's caches emptied first (a table computed with the function as
    written would hide the mutant), and between two mutants every cache of the engine that
    computed something."""
    caches = _caches()
    _empty(_engine_caches())  # what the parent computed with the function as written must not serve a mutant
    original = func.__code__
    signal.signal(signal.SIGPROF, _overtime)
    with os.fdopen(write, "wb", buffering=0) as pipe:
        for mutant in batch:
            before = [c.cache_info().misses for c in caches]
            func.__code__ = mutant.code
            try:
                signal.setitimer(signal.ITIMER_PROF, seconds_each)
                result: Any = work(mutant)
            except (Exception, _Overtime):  # a mutant may break anything, or loop: it then reproduces nothing
                result = None
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
            func.__code__ = original
            for cache, misses in zip(caches, before, strict=True):
                if cache.cache_info().misses != misses:
                    cache.cache_clear()
            data = pickle.dumps(result)
            pipe.write(len(data).to_bytes(4, "big") + data)


def _loaded(data: bytes) -> Any:
    try:
        return pickle.loads(data)
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
        return None


def _engine_caches() -> list[Any]:
    """The engine's caches of what its functions compute (the tables kept per ruleset, the
    cached clause functions): `_caches` but those that outlive a mutant, which read the spec's
    files and compile the rulesets (a mutant is played on the rulesets as loaded) or belong to
    the conformance tools themselves."""
    from ...spec import _schema
    from ...spec.rules import _checked, _load

    kept = (_checked, _load, _schema)
    tools = __name__.rsplit(".", 1)[0] + "."
    return [c for c in _caches() if c not in kept and not c.__module__.startswith(tools)]


def _empty(caches: Sequence[Any]) -> None:
    for kept in caches:
        kept.cache_clear()


def _caches() -> list[Any]:
    """The engine's function caches (functools): a result computed while a mutant was in place
    must not serve the next one."""
    out = []
    for name, module in list(sys.modules.items()):
        if name.startswith("brou") and module is not None:
            for value in list(vars(module).values()):
                for item in (value, *(vars(value).values() if isinstance(value, type) else ())):
                    if callable(getattr(item, "cache_info", None)) and item not in out:
                        out.append(item)
    return out

"""The layers of `brou` (docs/design.md, "The layers"): the import graph has no cycle, and the
engine never imports the conformance layer.

The graph is read from the source files with `ast`, not by importing them: every import
counts as an edge, at the top of a module, under `if TYPE_CHECKING:` or inside a function.
The subpackages `brou.conformance` and `brou.book` are one node each (their modules import
each other freely); every other module of `brou` is a node of its own.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import brou

PACKAGE = Path(brou.__file__).parent
LAYERS = ("brou.conformance", "brou.book")  # subpackages taken as one node each
# the modules allowed to import the conformance layer: products built on it
MAY_IMPORT_CONFORMANCE = ("brou.conformance", "brou.book", "brou.cli", "brou.openspiel")


def _module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _node(module: str) -> str:
    for layer in LAYERS:
        if module == layer or module.startswith(layer + "."):
            return layer
    return module


def _imported(tree: ast.Module, module: str, is_package: bool, known: set[str]) -> Iterator[str]:
    """Every module of `brou` that `tree` (the source of `module`) imports, anywhere in it."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name.split(".")[0] == "brou")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if source.split(".")[0] != "brou":
                continue
            # `from ...laws import game` imports the module brou.laws.game; `from ..spec.rules import Rules`
            # imports brou.spec.rules
            submodules = [f"{source}.{alias.name}" for alias in node.names if f"{source}.{alias.name}" in known]
            if submodules:
                yield from submodules
            if not submodules or len(submodules) < len(node.names):
                yield source


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """module -> modules it imports, every module of the package by its dotted name."""
    files = {_module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    known = set(files)
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets = set()
        for target in _imported(tree, module, path.name == "__init__.py", known):
            # `import brou.x.y` names brou.x.y; an attribute of a module counts as its module
            while target not in known and "." in target:
                target = target.rpartition(".")[0]
            if target in known:
                targets.add(target)
        graph[module] = targets
    return graph


def layer_graph(graph: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """The graph with each subpackage of LAYERS as one node, edges inside a node dropped."""
    out: dict[str, set[str]] = {}
    for module, targets in graph.items():
        node = _node(module)
        out.setdefault(node, set()).update(_node(t) for t in targets if _node(t) != node)
    return out


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected component of more than one node (Tarjan), each as
    the nodes along it, the first repeated at the end."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_a_cycle(graph, component) for component in components]


def _a_cycle(graph: Mapping[str, set[str]], component: set[str]) -> list[str]:
    """A shortest cycle through the component's first node (breadth first, inside the component)."""
    start = min(component)
    parent: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(graph.get(v, ())):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(parent[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w in component and w not in parent:
                    parent[w] = v
                    following.append(w)
        frontier = following
    raise AssertionError(f"no cycle in component {sorted(component)}")


def test_the_graph_is_read_from_the_sources() -> None:
    """The reader sees the imports it must: a few edges known to be there."""
    graph = import_graph()
    assert "brou.spec.rules" in graph["brou.engine.partnership.state"]
    assert "brou.laws.game" in graph["brou.engine.partnership.state"]  # `from ...laws import game`
    assert "brou.conformance.server" in graph["brou.conformance.runner"]
    assert "brou.spec.rules" in graph["brou.conformance.runner"]  # inside a function
    assert any(m.startswith("brou.conformance") for m in graph["brou.cli.main"])


def test_the_import_graph_has_no_cycle() -> None:
    found = cycles(layer_graph(import_graph()))
    assert not found, "import cycle(s): " + "; ".join(" -> ".join(c) for c in found)


def test_only_the_products_import_the_conformance_layer() -> None:
    graph = import_graph()
    wrong = sorted(f"{module} -> {target}" for module, targets in graph.items() for target in targets
                   if _node(target) == "brou.conformance"
                   and not any(module == m or module.startswith(m + ".") for m in MAY_IMPORT_CONFORMANCE))
    assert not wrong, "the conformance layer imported from below it: " + "; ".join(wrong)


def test_a_cycle_is_found_and_reported() -> None:
    """The checks themselves: a made-up graph with a circle through a layer."""
    graph = {"brou.a": {"brou.b"}, "brou.b": {"brou.conformance.x"}, "brou.conformance.x": {"brou.conformance.y"},
             "brou.conformance.y": {"brou.a"}, "brou.c": {"brou.a"}}
    assert cycles(layer_graph(graph)) == [["brou.a", "brou.b", "brou.conformance", "brou.a"]]
    assert cycles({"brou.a": {"brou.b"}, "brou.b": set()}) == []

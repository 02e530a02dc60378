"""The layers of `brou` (docs/design.md, "The layers" and "The map"): the package's folders
are ordered, no module imports one of a folder above its own, the import graph has no cycle,
the engine never imports the conformance layer, and no module stands for a folder that does
not exist.  Inside the conformance layer the same for its steps (docs/design.md, "The
conformance steps"): its sub-packages in the order a scenario travels, each importing only
from the steps before it, and no module of the layer outside them.

The graph is read from the source files with `ast`, not by importing them: every import
counts as an edge, at the top of a module, under `if TYPE_CHECKING:` or inside a function.
For the cycles, each step of the conformance layer and the subpackage `brou.book` are one
node each (their modules import each other freely); every other module of `brou` is a node of
its own.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import brou

PACKAGE = Path(brou.__file__).parent
# the steps of the conformance layer, in the order a scenario travels (docs/design.md, "The
# conformance steps"): a module of one may import the modules of its own step and of the steps
# before it, none of a step after it
CONFORMANCE_STEPS = ("brou.conformance.scenarios", "brou.conformance.protocol", "brou.conformance.judging",
                     "brou.conformance.diagnosis", "brou.conformance.cases", "brou.conformance.reporting")
LAYERS = (*CONFORMANCE_STEPS, "brou.book")  # subpackages taken as one node each
# the modules allowed to import the conformance layer: products built on it
MAY_IMPORT_CONFORMANCE = ("brou.conformance", "brou.book", "brou.web", "brou.cli", "brou.openspiel")

# The folders of the package from the bottom (docs/design.md, "The map"): a module may import
# the modules of its own folder and of the folders of a lower rank, none of a higher one.
# `brou.errors` and `brou.compiled` are
# modules at the top of the package that stand as folders of their own.
RANKS = {
    "brou.errors": 0,
    "brou.compiled": 0,
    "brou.spec": 1,
    "brou.cards": 2,
    "brou.laws": 3,
    "brou.engine": 4,
    "brou.solve": 5,
    "brou.players": 6,
    "brou.conformance": 6,
    **{step: 6 for step in CONFORMANCE_STEPS},  # in their own order (CONFORMANCE_STEPS)
    "brou.prove": 6,
    "brou.openspiel": 6,
    "brou.study": 7,
    "brou.league": 8,
    "brou.book": 9,
    "brou.web": 9,  # `brou web`: a product beside the books, on the study and the conformance layer
    "brou.cli": 10,
}
# The package's own `__init__` re-exports the library (the spec, the cards, the laws and the
# engine), so it stands at the engine's rank: the conformance layer and the rulebook import it
# for `__version__`; nothing below the engine may. `python -m brou` is the command line's.
PACKAGE_RANKS = {"brou": RANKS["brou.engine"], "brou.__main__": RANKS["brou.cli"]}
# the modules that stay at the top of the package; every other module lies in a folder
TOP_LEVEL = {"__init__", "__main__", "errors", "compiled"}
# imports that break the order of the folders, each named and said why (none today)
EXCEPTIONS: dict[tuple[str, str], str] = {}


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


def folder(module: str) -> str:
    """The folder of RANKS a module lies in (the longest that names it), or the module itself
    for the package's own `__init__` and `__main__`."""
    if module in PACKAGE_RANKS:
        return module
    found = [f for f in RANKS if module == f or module.startswith(f + ".")]
    if not found:
        raise AssertionError(f"{module} lies in no folder of the map (tests/test_layers.py, RANKS)")
    return max(found, key=len)


def rank(module: str) -> int:
    name = folder(module)
    return PACKAGE_RANKS[name] if name in PACKAGE_RANKS else RANKS[name]


def in_conformance(module: str) -> bool:
    return module == "brou.conformance" or module.startswith("brou.conformance.")


def step(module: str) -> int | None:
    """The place of a module's step in CONFORMANCE_STEPS, or None outside them."""
    return next((i for i, s in enumerate(CONFORMANCE_STEPS) if module == s or module.startswith(s + ".")), None)


def later_steps(graph: Mapping[str, set[str]]) -> list[str]:
    """Every import of a module of the conformance layer from a later step than its own, or of
    its package `brou.conformance` (which holds no step), as `module -> target`."""
    wrong = []
    for module, targets in graph.items():
        if not in_conformance(module):
            continue
        for target in targets:
            here, there = step(module), step(target)
            if in_conformance(target) and (there is None or (here is not None and there > here) or here is None):
                wrong.append(f"{module} -> {target}")
    return sorted(wrong)


def upward(graph: Mapping[str, set[str]]) -> list[str]:
    """Every import of a module from a folder above its own, as `module -> target`, but the
    EXCEPTIONS."""
    return sorted(f"{module} -> {target}" for module, targets in graph.items() for target in targets
                  if rank(target) > rank(module) and (module, target) not in EXCEPTIONS)


def folder_graph(graph: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """The graph with each folder of RANKS as one node, edges inside a folder dropped."""
    out: dict[str, set[str]] = {}
    for module, targets in graph.items():
        node = folder(module)
        out.setdefault(node, set()).update(folder(t) for t in targets if folder(t) != node)
    return out


def stray_modules(root: Path = PACKAGE) -> list[str]:
    """The modules and folders that stand outside the map: a module at the top of the package
    but those of TOP_LEVEL, a folder that is none of RANKS (or a subpackage of the engine but
    `partnership`), a module whose name begins with a folder's name (`openspiel_hombre` for
    `openspiel/hombre`) or with `phase_` (the phase engine is the folder `engine`)."""
    folders = {name.rpartition(".")[2] for name in RANKS}
    stray = [f"{path.stem}.py" for path in sorted(root.glob("*.py")) if path.stem not in TOP_LEVEL]
    for path in sorted(root.rglob("__init__.py")):
        package = _module_name(path, root)
        if package != root.name and package not in RANKS:
            stray.append(f"{package} (a folder outside the map)")
    conformance = root / "conformance"
    stray += [f"{_module_name(path, root)} (a module of the conformance layer outside its steps)"
              for path in sorted(conformance.glob("*.py")) if path.name != "__init__.py"]
    for path in sorted(root.rglob("*.py")):
        module = _module_name(path, root)
        stem = path.stem
        phase_named = stem.startswith("phase_") and not module.startswith("brou.conformance.")
        if any(stem.startswith(f + "_") for f in folders) or phase_named:
            stray.append(f"{module} (a name that stands for a folder)")
    return stray


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
    assert "brou.spec.rules" in graph["brou.engine.homme"]
    assert "brou.laws.game" in graph["brou.engine.homme"]  # `from ...laws import game`
    assert "brou.spec" in graph["brou.spec.rules"]  # `from .. import spec`: the package, the reader of the spec
    assert "brou.conformance.protocol.server" in graph["brou.conformance.protocol.runner"]
    assert "brou.spec.rules" in graph["brou.conformance.protocol.runner"]  # inside a function
    assert any(m.startswith("brou.conformance") for m in graph["brou.cli.main"])
    assert "brou.openspiel.game" in graph["brou.openspiel"]  # `import brou.openspiel` registers every game


def test_the_import_graph_has_no_cycle() -> None:
    found = cycles(layer_graph(import_graph()))
    assert not found, "import cycle(s): " + "; ".join(" -> ".join(c) for c in found)


def test_the_folders_have_no_cycle() -> None:
    found = cycles(folder_graph(import_graph()))
    assert not found, "import cycle(s) between folders: " + "; ".join(" -> ".join(c) for c in found)


def test_no_folder_imports_one_above_it() -> None:
    wrong = upward(import_graph())
    assert not wrong, "imported from a folder above (docs/design.md, \"The map\"): " + "; ".join(wrong)


def test_the_exceptions_are_still_needed() -> None:
    graph = import_graph()
    gone = sorted(f"{module} -> {target}" for module, target in EXCEPTIONS if target not in graph.get(module, set()))
    assert not gone, "an exception of the folders' order that no import needs any more: " + "; ".join(gone)


def test_the_conformance_steps_are_in_order() -> None:
    """A scenario's steps: no module of the conformance layer imports one of a later step."""
    wrong = later_steps(import_graph())
    assert not wrong, "imported from a later step of the conformance layer (docs/design.md, \"The conformance steps\"): " \
        + "; ".join(wrong)


def test_only_the_products_import_the_conformance_layer() -> None:
    graph = import_graph()
    wrong = sorted(f"{module} -> {target}" for module, targets in graph.items() for target in targets
                   if in_conformance(target) and not in_conformance(module)
                   and folder(module) not in MAY_IMPORT_CONFORMANCE)
    assert not wrong, "the conformance layer imported from below it: " + "; ".join(wrong)


def test_the_openspiel_games_do_not_import_the_proofs() -> None:
    """`brou.openspiel` may import everything of `brou` but `prove` (docs/design.md, "The map")."""
    graph = import_graph()
    wrong = sorted(f"{module} -> {target}" for module, targets in graph.items() for target in targets
                   if folder(module) == "brou.openspiel" and _node(target) == "brou.prove")
    assert not wrong, "the OpenSpiel games import the proofs: " + "; ".join(wrong)


def test_every_module_lies_in_a_folder_of_the_map() -> None:
    stray = stray_modules()
    assert not stray, "outside the folders of the map (docs/design.md, \"The map\"): " + "; ".join(stray)
    for module in import_graph():
        folder(module)  # raises for a module in no folder of RANKS


def test_a_cycle_is_found_and_reported() -> None:
    """The checks themselves: a made-up graph with a circle through a layer, and one between
    two steps of the conformance layer (each step is a node: a circle between them is one)."""
    graph = {"brou.a": {"brou.b"}, "brou.b": {"brou.conformance.judging.x"},
             "brou.conformance.judging.x": {"brou.conformance.judging.y"},
             "brou.conformance.judging.y": {"brou.a"}, "brou.c": {"brou.a"}}
    assert cycles(layer_graph(graph)) == [["brou.a", "brou.b", "brou.conformance.judging", "brou.a"]]
    assert cycles({"brou.a": {"brou.b"}, "brou.b": set()}) == []
    steps = {"brou.conformance.judging.compare": {"brou.conformance.scenarios.corpus"},
             "brou.conformance.scenarios.corpus": {"brou.conformance.judging.compare"}}
    assert cycles(layer_graph(steps)) == [["brou.conformance.judging", "brou.conformance.scenarios",
                                           "brou.conformance.judging"]]
    assert cycles(folder_graph(steps)) == cycles(layer_graph(steps))


def test_an_import_from_a_later_step_is_found() -> None:
    """The checks themselves: the scenario model that takes the judge's verdict, the protocol
    that takes a module of the layer's own package, a report that takes the cases (allowed)."""
    graph = {"brou.conformance.scenarios.corpus": {"brou.conformance.judging.compare", "brou.spec.rules"},
             "brou.conformance.protocol.server": {"brou.conformance.scenarios.corpus", "brou.conformance.x"},
             "brou.conformance.reporting.cli": {"brou.conformance.cases.fuzz"}}
    assert later_steps(graph) == ["brou.conformance.protocol.server -> brou.conformance.x",
                                  "brou.conformance.scenarios.corpus -> brou.conformance.judging.compare"]


def test_an_import_from_above_is_found() -> None:
    """The checks themselves: a law that imports the engine, the engine that imports the
    command line, a circle between folders of one rank."""
    graph = {"brou.laws.play": {"brou.spec.rules", "brou.engine.phases"}, "brou.engine.phases": {"brou.laws.play"},
             "brou.engine.homme": {"brou.engine.picture", "brou.cli.tables"}, "brou": {"brou.engine.phases"},
             "brou.conformance.x": {"brou", "brou.prove"}, "brou.prove": {"brou.openspiel.y"},
             "brou.openspiel.y": {"brou.conformance.x"}}
    assert upward(graph) == ["brou.engine.homme -> brou.cli.tables", "brou.laws.play -> brou.engine.phases"]
    assert sorted(cycles(folder_graph(graph))) == [["brou.conformance", "brou.prove", "brou.openspiel", "brou.conformance"],
                                                   ["brou.engine", "brou.laws", "brou.engine"]]


def test_a_module_outside_the_map_is_found(tmp_path: Path) -> None:
    """The checks themselves: names that stand for a folder, at the top or inside one."""
    root = tmp_path / "brou"
    for name in ("__init__.py", "errors.py", "phase_view.py", "openspiel_hombre.py", "engine/__init__.py",
                 "engine/phases.py", "engine/engine_view.py", "widgets/__init__.py", "conformance/__init__.py",
                 "conformance/protocol/__init__.py", "conformance/protocol/phase_table.py", "conformance/loose.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("", encoding="utf-8")
    assert stray_modules(root) == ["openspiel_hombre.py", "phase_view.py", "brou.widgets (a folder outside the map)",
                                   "brou.conformance.loose (a module of the conformance layer outside its steps)",
                                   "brou.engine.engine_view (a name that stands for a folder)",
                                   "brou.openspiel_hombre (a name that stands for a folder)",
                                   "brou.phase_view (a name that stands for a folder)"]

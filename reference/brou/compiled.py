"""The compiled engine: which modules mypyc compiles, how an install chose to build them, whether
this process runs them compiled, and how to run the pure ones instead (docs/design.md, "Speed").

`pip install .` compiles the modules of `COMPILED` with mypyc, from the same typed source, as
black and mypy ship, wherever a C compiler can build an extension module; where none can, it
installs them as Python, with the same results, and says so in one line (`BROU_MYPYC`,
`build_choice`).  setup.py writes how it built the package into it (`ENGINE_NOTE`), which
`brou --version` reads back (`engine_text`), and the commands that search say once where they
run pure (`slow_warning`).  A compiled wheel keeps the `.py` files beside the compiled ones, and
`BROU_PURE=1` in the environment makes a process import those: the mutants of the diagnosis
(`brou.conformance.diagnosis.mutants`) replace a function's code, which a compiled function has none of,
so their replays run in a child with `BROU_PURE=1`.  tools/build-compiled compiles the engine
twice with GCC, the second time guided by the profile of a training run (`pgo_flags`).

This module is read by `setup.py` and tools/build-compiled on their own: it imports nothing of
the package.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# the cards, the laws, the deal classes and the compiled rules: what a deal runs through; and the
# double-dummy solver's search (brou.solve)
COMPILED = (
    "brou.cards.deal", "brou.cards.seating", "brou.cards.shuffle",
    "brou.laws.auction", "brou.laws.contracts", "brou.laws.counting", "brou.laws.exchange",
    "brou.laws.first_dealer", "brou.laws.following", "brou.laws.game", "brou.laws.kings",
    "brou.laws.ledger", "brou.laws.marriages", "brou.laws.payments", "brou.laws.play",
    "brou.laws.results", "brou.laws.speech", "brou.laws.talon",
    "brou.engine.deals", "brou.engine.hombre", "brou.engine.homme", "brou.engine.marks",
    "brou.engine.phases", "brou.engine.position",
    "brou.spec.rules",
    "brou.solve.bits", "brou.solve.bounds", "brou.solve.endgame", "brou.solve.ordering", "brou.solve.play",
    "brou.solve.solution", "brou.solve.state", "brou.solve.table",
)

PURE_VARIABLE = "BROU_PURE"
MYPYC_VARIABLE = "BROU_MYPYC"  # how an install builds the engine (`build_choice`)
PGO_VARIABLE = "BROU_PGO"  # a profile-guided build (`pgo_flags`, tools/build-compiled)
ENGINE_NOTE = "_engine.txt"  # in the built package, beside this module: how setup.py built the engine (`engine_note`)
# what a compiled engine gains on a pure one where it searches: the solver's median deal, measured
# from a plain install (docs/design.md, "Speed")
SEARCH_SLOWER = "about fifty times"


def build_choice(setting: str | None) -> str:
    """What `BROU_MYPYC` asks of a build: unset or empty, `try` (compiled where a C compiler can
    build it, else pure and said in one line); `0`, `pure`; `1`, `must` (compiled, or the
    install fails with the compiler's error).  ValueError for any other value."""
    choices = {None: "try", "": "try", "0": "pure", "1": "must"}
    if setting not in choices:
        raise ValueError(f"{MYPYC_VARIABLE} is 0 (pure Python), 1 (compiled, or fail) or unset (compiled where a C "
                         f"compiler is), not {setting!r}")
    return choices[setting]


def pgo_flags(setting: str) -> tuple[list[str], list[str]]:
    """The C compiler's and the linker's extra flags of a profile-guided build with GCC, as
    `BROU_PGO` asks for it: `generate:DIR`, an instrumented engine that adds to the profile in
    DIR each time a process running it exits; `use:DIR`, the engine compiled again with that
    profile (what the training run did not reach is compiled as without one); empty, none.
    Both take `-fno-semantic-interposition`, as CPython is built: no other library will stand in
    for a function of the engine, so GCC may inline the calls between them (the profile must be
    made by the same flags as it is used with).  `tools/build-compiled` runs the three steps
    (docs/design.md, "Speed")."""
    if not setting:
        return [], []
    how, _, folder = setting.partition(":")
    if how not in ("generate", "use") or not folder:
        raise ValueError(f"{PGO_VARIABLE} is generate:DIR or use:DIR, not {setting!r}")
    both = ["-fno-semantic-interposition", f"-fprofile-dir={folder}"]
    if how == "generate":
        return ["-fprofile-generate", *both], ["-fprofile-generate"]
    return ["-fprofile-use", *both, "-fprofile-partial-training", "-Wno-missing-profile"], []


def engine_note() -> str:
    """How setup.py built this package's engine, as it wrote it into the package: `compiled`,
    `compiled, profile-guided`, or `pure: WHY`; empty where no build wrote it (an editable
    install, a source tree on the path)."""
    try:
        return (Path(__file__).parent / ENGINE_NOTE).read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def pure_reason() -> str:
    """Why the engine runs as Python here, in words; empty where it runs compiled."""
    if is_compiled():
        return ""
    if asked_pure():
        return f"{PURE_VARIABLE}=1 is set"
    note = engine_note()
    if note.startswith("pure: "):
        return note.removeprefix("pure: ")
    if note:
        return f"the install was built {note}, but this process imported the engine's .py files"
    return "not built compiled: an editable install or a source tree"


def engine_text() -> str:
    """Which engine runs, for `brou --version`: `compiled with mypyc` (`, profile-guided` where
    tools/build-compiled built it so), or `pure Python (WHY)`."""
    if is_compiled():
        how = engine_note().removeprefix("compiled").lstrip(", ")
        return "compiled with mypyc" + (f", {how}" if how else "")
    return f"pure Python ({pure_reason()})"


def slow_warning(command: str) -> str:
    """The one line a command that searches (`brou solve`, a search player's match) writes on
    standard error where the engine runs as Python, naming why and how to get the compiled
    engine; empty where it runs compiled."""
    reason = pure_reason()
    if not reason:
        return ""
    note = engine_note()
    if asked_pure() and note.startswith("compiled"):
        remedy = f"unset {PURE_VARIABLE} for the compiled engine"
    elif note.startswith(f"pure: {MYPYC_VARIABLE}=0"):
        remedy = f"`pip install .` without {MYPYC_VARIABLE}=0 gives the compiled engine"
    else:
        remedy = "`pip install .` (not -e) where a C compiler is gives the compiled engine"
    return (f"brou {command}: the engine runs as pure Python here ({reason}), {SEARCH_SLOWER} slower to search "
            f"than compiled: {remedy} (docs/solve.md, \"Speed\")")


def asked_pure() -> bool:
    """Whether the environment asks for the pure modules (`BROU_PURE=1`)."""
    return os.environ.get(PURE_VARIABLE) == "1"


def is_compiled(module: ModuleType | None = None) -> bool:
    """Whether the engine runs compiled here: `module` (by default `brou.engine.phases`, which
    the package imports) was loaded from an extension module, not from its `.py`."""
    if module is None:
        module = sys.modules.get("brou.engine.phases")
    path = getattr(module, "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds each module of `COMPILED` as its `.py` file, ahead of its compiled form."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None,
                  ) -> importlib.machinery.ModuleSpec | None:
        if name not in COMPILED:
            return None
        leaf = name.rpartition(".")[2] + ".py"
        for folder in path or ():
            source = Path(folder) / leaf
            if source.is_file():
                return importlib.util.spec_from_file_location(name, source)
        return None


def prefer_pure() -> None:
    """From now on, import the modules of `COMPILED` from their `.py` files (`BROU_PURE=1`);
    called by `brou/__init__.py` before it imports any of them."""
    if not any(isinstance(finder, _PureFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder())

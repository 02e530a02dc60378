"""The compiled engine: which modules mypyc compiles, whether this process runs them compiled,
and how to run the pure ones instead (docs/design.md, "Speed").

`pip install .` with `BROU_MYPYC=1` (and `make bench`) compiles the modules of `COMPILED`
with mypyc, from the same typed source, as black and mypy ship; a plain install, or one where no
C compiler is, runs them as Python, with the same results.  A compiled wheel keeps the `.py`
files beside the compiled ones, and `BROU_PURE=1` in the environment makes a process import
those: the mutants of the diagnosis (`brou.conformance.diagnosis.mutants`) replace a function's code,
which a compiled function has none of, so their replays run in a child with `BROU_PURE=1`.
`make bench`'s environment is compiled twice with GCC, the second time guided by the profile of
a training run (`pgo_flags`, tools/build-compiled), which notes how it built it (`build_note`).

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
PGO_VARIABLE = "BROU_PGO"  # a profile-guided build (`pgo_flags`, tools/build-compiled)
BUILD_NOTE = "brou-build.txt"  # in an environment tools/build-compiled made: how it built the engine (`build_note`)


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


def build_note() -> str:
    """How tools/build-compiled built the engine of this environment (`profile-guided` or
    `compiled, no profile`), as it wrote it beside the environment's Python; empty where it did
    not make the environment."""
    try:
        return (Path(sys.prefix) / BUILD_NOTE).read_text(encoding="utf-8").strip()
    except OSError:
        return ""


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

"""brou.compiled: the list of the modules mypyc compiles names modules that exist, and the
finder of `BROU_PURE=1` imports each from its `.py` file (tests/test_compiled.py builds the
compiled engine itself; this runs everywhere)."""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from brou import compiled

REFERENCE = Path(compiled.__file__).resolve().parents[1]


def test_every_module_named_for_compiling_exists_and_is_no_package() -> None:
    for name in compiled.COMPILED:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        assert not spec.origin.endswith("__init__.py"), name
    assert len(set(compiled.COMPILED)) == len(compiled.COMPILED)


def test_the_pure_finder_finds_the_py_file_of_a_compiled_module_and_nothing_else() -> None:
    finder = compiled._PureFinder()
    folder = str(REFERENCE / "brou" / "engine")
    spec = finder.find_spec("brou.engine.phases", [folder])
    assert spec is not None and spec.origin == os.path.join(folder, "phases.py")
    assert finder.find_spec("brou.engine.view", [folder]) is None  # not compiled: the usual finders
    assert finder.find_spec("brou.engine.phases", ["/nowhere"]) is None


def test_brou_pure_runs_the_python_files_and_says_so() -> None:
    code = "import brou, brou.compiled as c, sys; print(c.asked_pure(), c.is_compiled(), type(sys.meta_path[0]).__name__)"
    env = {**os.environ, "BROU_PURE": "1", "PYTHONPATH": str(REFERENCE)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "_PureFinder"]
    assert not compiled.is_compiled(importlib.import_module("brou.engine.phases"))  # this tree: pure

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

import pytest

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


def test_the_flags_of_a_profile_guided_build_are_those_brou_pgo_asks_for() -> None:
    assert compiled.pgo_flags("") == ([], [])
    instrumented, linked = compiled.pgo_flags("generate:/tmp/profile")
    assert instrumented[0] == "-fprofile-generate" and linked == ["-fprofile-generate"]
    guided, linked = compiled.pgo_flags("use:/tmp/profile")
    assert guided[0] == "-fprofile-use" and linked == []
    assert "-fprofile-partial-training" in guided  # what the training missed is compiled as without a profile
    for both in ("-fprofile-dir=/tmp/profile", "-fno-semantic-interposition"):  # made and used alike
        assert both in instrumented and both in guided
    for wrong in ("use", "use:", "train:/tmp/profile", "/tmp/profile"):
        with pytest.raises(ValueError, match="BROU_PGO is generate:DIR or use:DIR"):
            compiled.pgo_flags(wrong)

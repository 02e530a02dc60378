"""The build steps pyproject.toml cannot say: the spec and the corpus go into the wheel, and
with `BROU_MYPYC=1` the engine is compiled.

`spec/` and `conformance/` stay at the top of the source tree, where the project and its
readers keep them; building a wheel copies them into the package as `brou/_data/`, where
`brou.paths` finds them once installed.  An editable install reads them in place.

`BROU_MYPYC=1 pip install .` compiles the modules `brou.compiled.COMPILED` names with mypyc (the
typed Python, one source; about a minute of one core): about twice as fast.  Without it, or in
an editable install, the package is pure Python (docs/design.md, "Speed").  `BROU_PGO` adds the
flags of a profile-guided build with GCC (`brou.compiled.pgo_flags`; tools/build-compiled runs
it: an instrumented build, a training run, the build that uses its profile).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

DATA = ("spec", "conformance")


class BuildWithData(build_py):
    """build_py, then the data folders into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "brou" / "_data"
        shutil.rmtree(target, ignore_errors=True)  # nothing left from an earlier build of the tree
        for name in DATA:
            shutil.copytree(Path(name), target / name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def compiled_modules() -> list[Any]:
    """The extension modules mypyc builds when `BROU_MYPYC=1`, else none."""
    if os.environ.get("BROU_MYPYC") != "1":
        return []
    spec = importlib.util.spec_from_file_location("brou_compiled", Path("reference/brou/compiled.py"))
    assert spec is not None and spec.loader is not None
    listing = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(listing)  # the list alone: the package is not importable here
    from mypyc.build import mypycify

    paths = [f"reference/{name.replace('.', '/')}.py" for name in listing.COMPILED]
    # the build's environment has mypy but not the stubs of the package's dependencies
    extensions = list(mypycify(["--ignore-missing-imports", "--no-warn-return-any", "--no-warn-unused-ignores",
                                *paths], opt_level="3", group_name="brou_engine"))
    compile_flags, link_flags = listing.pgo_flags(os.environ.get(listing.PGO_VARIABLE, ""))
    for extension in extensions:  # a profile-guided build, BROU_PGO (tools/build-compiled)
        extension.extra_compile_args = [*extension.extra_compile_args, *compile_flags]
        extension.extra_link_args = [*extension.extra_link_args, *link_flags]
    return extensions


setup(cmdclass={"build_py": BuildWithData}, ext_modules=compiled_modules())

"""The build step pyproject.toml cannot say: the spec and the corpus go into the wheel.

`spec/` and `conformance/` stay at the top of the source tree, where the project and its
readers keep them; building a wheel copies them into the package as `brou/_data/`, where
`brou.paths` finds them once installed.  An editable install reads them in place.
"""

from __future__ import annotations

import shutil
from pathlib import Path

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


setup(cmdclass={"build_py": BuildWithData})

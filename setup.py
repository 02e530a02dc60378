"""The build steps pyproject.toml cannot say: the spec and the corpus go into the wheel, and the
engine is compiled with mypyc wherever a C compiler can build it.

`spec/` and `conformance/` stay at the top of the source tree, where the project and its
readers keep them; building a wheel copies them into the package as `brou/_data/`, where
`brou.paths` finds them once installed.  An editable install reads them in place.

`pip install .` compiles the modules `brou.compiled.COMPILED` names with mypyc (the typed
Python, one source; two to three minutes of one core), which makes the solver some fifty
times faster.  It first asks the C compiler for an extension module's one-line file; where that fails
(no compiler, no Python headers), or the compiled build itself fails, the package is installed
as pure Python, said in one line of the build's output, and written into the package
(`brou.compiled.ENGINE_NOTE`, which `brou --version` reads).  `BROU_MYPYC=0` asks for pure
Python, `BROU_MYPYC=1` for the compiled engine or a failed install (`brou.compiled.build_choice`).
An editable install (`pip install -e`, the Makefile's) stays pure Python: the tests of mutants
replace the engine's functions' code, which compiled ones have none of.  `BROU_PGO` adds the
flags of a profile-guided build with GCC (`brou.compiled.pgo_flags`; tools/build-compiled runs
it: an instrumented build, a training run, the build that uses its profile).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

DATA = ("spec", "conformance")
GROUP = "brou_engine"  # mypyc's shared library of the compiled modules: brou_engine__mypyc


def listing() -> ModuleType:
    """brou.compiled, read on its own: the package is not importable here."""
    spec = importlib.util.spec_from_file_location("brou_compiled", Path("reference/brou/compiled.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


def compiled_modules(compiled: ModuleType) -> list[Any]:
    """The extension modules mypyc builds of the modules of `COMPILED`, with the flags of a
    profile-guided build where `BROU_PGO` asks for one."""
    from mypyc.build import mypycify

    paths = [f"reference/{name.replace('.', '/')}.py" for name in compiled.COMPILED]
    # the build's environment has mypy but not the stubs of the package's dependencies
    extensions = list(mypycify(["--ignore-missing-imports", "--no-warn-return-any", "--no-warn-unused-ignores",
                                *paths], opt_level="3", group_name=GROUP))
    compile_flags, link_flags = compiled.pgo_flags(os.environ.get(compiled.PGO_VARIABLE, ""))
    for extension in extensions:  # a profile-guided build, BROU_PGO (tools/build-compiled)
        extension.extra_compile_args = [*extension.extra_compile_args, *compile_flags]
        extension.extra_link_args = [*extension.extra_link_args, *link_flags]
    return extensions


def one_line(error: BaseException) -> str:
    """An error's message on one short line."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:199] + "…"


class BuildEngine(build_ext):
    """The engine compiled with mypyc where it can be, else left pure, and the choice written
    into the package (module docstring).  `ext_modules` holds a stand-in until `run`, so that
    setuptools runs this command and installs the package as a platform's; mypyc runs only when
    the package is built, not each time pip asks setup.py for the metadata."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.extensions = []  # not the stand-in: `run` decides, and `builder` builds
        self.builder: build_ext | None = None
        self.compiled = listing()
        try:
            self.choice = self.compiled.build_choice(os.environ.get(self.compiled.MYPYC_VARIABLE))
        except ValueError as error:  # a value of BROU_MYPYC that asks nothing: said in one line
            raise SystemExit(f"brou: {error}") from None

    def compiler_problem(self) -> str:
        """Why no extension module can be compiled here, or empty: the C compiler (CC, else
        Python's) asked to compile a file that includes Python.h."""
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder) / "probe.c"
            source.write_text("#include <Python.h>\nint brou_probe(void) { return 0; }\n", encoding="utf-8")
            try:
                compiler = new_compiler()
                customize_compiler(compiler)
                compiler.compile([str(source)], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]])
            except Exception as error:  # CompileError, a missing program: nothing of it is kept
                return f"no C compiler could build an extension module here ({one_line(error)})"
        return ""

    def run(self) -> None:
        if self.editable_mode:  # the source tree's .py files; no note in the tree
            return
        self.remove_compiled()  # nothing left from an earlier build of the tree
        why_pure = f"{self.compiled.MYPYC_VARIABLE}=0 was set" if self.choice == "pure" else self.compiler_problem()
        if why_pure and self.choice == "must":
            raise SystemExit(f"brou: {self.compiled.MYPYC_VARIABLE}=1 but {why_pure}")
        if not why_pure:
            try:  # setuptools' own command, made with the true list in place of the stand-in
                self.distribution.ext_modules = compiled_modules(self.compiled)
                builder = build_ext(self.distribution)
                builder.force, builder.parallel, builder.inplace = self.force, self.parallel, self.inplace
                builder.ensure_finalized()
                builder.run()
                self.builder = builder
            except (Exception, SystemExit) as error:
                if self.choice == "must":
                    raise
                why_pure = f"the compiled build failed ({one_line(error)})"
                self.remove_compiled()
        if why_pure and self.choice != "pure":  # asked for: not news
            print(f"brou: installing the engine as pure Python, its search {self.compiled.SEARCH_SLOWER} slower than "
                  f"compiled: {why_pure}; `brou --version` says which engine runs", file=sys.stderr, flush=True)
        note = f"pure: {why_pure}" if why_pure else "compiled" + self.profile_note()
        Path(self.build_lib, "brou").mkdir(parents=True, exist_ok=True)
        Path(self.build_lib, "brou", self.compiled.ENGINE_NOTE).write_text(note + "\n", encoding="utf-8")

    def get_outputs(self) -> list[str]:
        return self.builder.get_outputs() if self.builder is not None else []

    def profile_note(self) -> str:
        how = os.environ.get(self.compiled.PGO_VARIABLE, "").partition(":")[0]
        return {"generate": ", instrumented for a profile", "use": ", profile-guided"}.get(how, "")

    def remove_compiled(self) -> None:
        """The extension modules of the built package, gone (a pure build must not carry an
        earlier build's; a failed one must not carry half of one)."""
        root = Path(self.build_lib)
        suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
        for path in [*root.glob(f"{GROUP}__mypyc*"), *(root / "brou").rglob("*")]:
            if path.name.endswith(suffixes):
                path.unlink()


setup(cmdclass={"build_py": BuildWithData, "build_ext": BuildEngine},
      ext_modules=[Extension("brou._engine", sources=[])])  # BuildEngine sets the true list

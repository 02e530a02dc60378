# Every target installs what it needs into .venv first, so each works on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: install test test-slow lint run bench bench-diagnosis rulebook api clean chromium

# editable (-e): the engine stays pure Python here, as the tests of mutants need (setup.py); a plain
# `pip install .` compiles it with mypyc where a C compiler is
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	touch $@

# the engine compiled with mypyc (BROU_MYPYC=1, setup.py; brou.compiled), installed from this tree
# into its own environment, rebuilt when the code or the data change: what `make bench` measures;
# with GCC, profile-guided (tools/build-compiled: an instrumented build, tools/pgo-train, the build
# with the profile)
MYPYC_VENV := .venv-mypyc
SCRIPTS := tools/build-compiled tools/pgo-train tools/find-option-situations tools/speech-rollouts tools/diagnosis-bench  # type-checked one at a time: each is a __main__
MPY := $(MYPYC_VENV)/bin/python
MYPYC_STAMP := $(MYPYC_VENV)/.installed
MYPYC_SOURCES := $(shell find reference spec conformance -type f -not -path '*/__pycache__/*' -not -path '*.egg-info/*' -not -name '*.so') pyproject.toml setup.py tools/build-compiled tools/pgo-train

$(MYPYC_STAMP): $(MYPYC_SOURCES)
	$(PYTHON) tools/build-compiled $(MYPYC_VENV)
	touch $@

install: $(STAMP)

## the main job: check the spec, then the conformance run of the whole corpus against the
## built-in reference engine, through the protocol (a subprocess), as for any implementation
run: $(STAMP)
	$(VENV)/bin/brou validate
	$(VENV)/bin/brou check

## the tests (on two cores: pytest-xdist) but those marked slow, then the type and lint checks.
## The tests start `brou` in a new process some hundreds of times: where the environment says
## not to write bytecode (PYTHONDONTWRITEBYTECODE, as some machine images do) each of them would
## compile the package again (0.4 s of a core each), so the test targets let Python keep it in
## __pycache__ (ignored by git).  A worker that is done takes tests from the other (worksteal),
## so one long test at the end does not leave a core idle.
TEST_ENV := PYTHONDONTWRITEBYTECODE=
test: $(STAMP)
	$(TEST_ENV) $(PY) -m pytest -n 2 --dist worksteal -m "not slow"
	$(PY) -m mypy
	for script in $(SCRIPTS); do $(PY) -m mypy $$script || exit 1; done
	$(VENV)/bin/ruff check .

## the tests marked slow (tests/conftest.py, SLOW): the properties at scale, every z3 fact,
## OpenSpiel's simulations, the books, the wheel, brou web in Chromium; CI runs them after make test
test-slow: $(STAMP) chromium
	$(TEST_ENV) $(PY) -m pytest -n 2 --dist worksteal -m slow

## Debian's Chromium, which tests/test_web_browser.py drives (Playwright, in the dev extra, drives
## it; no browser is downloaded): installed with apt-get where it is missing (as root, or with
## sudo); without apt-get the browser test is skipped and says why
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
chromium:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif command -v apt-get >/dev/null; then $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q chromium; \
	else echo "no apt-get here: install Chromium at $(CHROMIUM) for tests/test_web_browser.py (skipped without it)"; fi

lint: $(STAMP)
	$(PY) -m mypy
	for script in $(SCRIPTS); do $(PY) -m mypy $$script || exit 1; done
	$(VENV)/bin/ruff check .

## the printable rulebook, HTML and PDF, English and French, into build/rulebook/ (docs/rulebook/)
rulebook: $(STAMP) api
	$(PY) -m brou.book

## the API reference, generated from the docstrings (Sphinx autodoc, warnings as errors), into build/api/
api: $(STAMP)
	$(PY) -m sphinx -W --keep-going -q -b html docs/api build/api

## the speed table (the engine compiled with mypyc; `$(PY) tools/bench` gives the pure one's), then the diagnosis benchmark (docs/conformance.md, "The verdict": 694 single-bug
## implementations through brou check, some hours on 2 cores; the held-out part alone, --part held-out, 42 of them), then brou web under load (200 tables at once, docs/web.md)
bench: $(BENCH_STAMP) $(MYPYC_STAMP)
	$(MPY) tools/bench --book-python $(PY)
	$(PY) tools/diagnosis-bench
	$(PY) tools/web-bench

bench-diagnosis: $(STAMP)
	$(PY) tools/diagnosis-bench

clean:
	rm -rf $(VENV) $(MYPYC_VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build

## mutation testing of the engine's rule code against the conformance corpus (docs/mutation.md):
## a fresh mutmut run (9,043 mutants: about an hour and a half on 2 cores; docs/mutation.md shows how to run a part), then the numbers and the surviving mutants
MUTATION_STAMP := $(VENV)/.installed-mutation

$(MUTATION_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,mutation]'
	touch $@

.PHONY: mutation
mutation: $(MUTATION_STAMP)
	$(PY) tools/mutation run --fresh
	$(PY) tools/mutation summary

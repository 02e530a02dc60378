"""Small builders for tests: positions written in card notation."""

from __future__ import annotations

import fcntl
import importlib.machinery
import importlib.util
import os
import pickle
import random
import signal
import subprocess
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from brou.cards.deal import deal_from_cards, deal_from_seed
from brou.engine.deals import new_deal
from brou.engine.homme import HommeDeal, action_text
from brou.engine.phases import PhaseDeal
from brou.laws.following import following_function
from brou.laws.game import GameContext
from brou.laws.play import beats
from brou.laws.talon import talon_deal_from_seed
from brou.spec.rules import Rules

if TYPE_CHECKING:
    from brou.conformance.scenarios.corpus import Scenario

REPO = Path(__file__).resolve().parents[1]


def load_tool(name: str) -> types.ModuleType:
    """A script of tools/ (a `__main__` without a .py name) loaded as a module, to test its functions."""
    loader = importlib.machinery.SourceFileLoader(name.replace("-", "_"), str(REPO / "tools" / name))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def ctrl_c_as_at_a_terminal() -> None:
    """A `preexec_fn` for a test that sends Ctrl-C to the command it starts: SIGINT back to its
    default in the child, as a shell at a terminal starts a command.  A test run started in the
    background or under nohup ignores SIGINT, every child inherits that (POSIX), and the
    command would then rightly never see the Ctrl-C the test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without PYTHONPATH or BROU_ settings (a source tree on the path, with its
    egg-info, would pass for the package installed), plus `extra`."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("BROU_", "PYTHON"))} | extra


def build_wheel(dist: Path, timeout: float, **env: str) -> subprocess.CompletedProcess[str]:
    """`pip wheel -v` of this tree into `dist`, with the environment variables `env`: what it
    did and wrote.  One build at a time from this tree (pytest-xdist may run two modules that
    build): the builds share the tree's build/ folder, and two at once spoil each other's files."""
    (REPO / "build").mkdir(exist_ok=True)
    with open(REPO / "build" / "wheel.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-v", "-w", str(dist)],
                              capture_output=True, text=True, timeout=timeout, env=clean_env(**env), check=False)


PURE_ENGINE_LINE = ": the engine runs as pure Python here ("  # brou.compiled.slow_warning


def but_the_engine_line(err: str) -> str:
    """Standard error without the line a command that searches writes first where the engine
    runs as Python (brou.compiled.slow_warning): what the command says either way."""
    return "".join(line for line in err.splitlines(keepends=True) if PURE_ENGINE_LINE not in line)


class Installed:
    """A fresh virtual environment holding a wheel built from this tree as `pip wheel` builds it
    (with the environment variables `build`), and a folder outside the repository
    (tests/test_install.py builds where no C compiler is, tests/test_compiled.py as a plain
    install does where one is); `build_output`, what the build wrote (pip -v).  `also`: more to
    install beside the wheel; `timeout`: seconds for a command run there (the builds and
    installs get 300 more)."""

    def __init__(self, root: Path, build: Mapping[str, str] | None = None, also: Sequence[str] = (),
                 timeout: float = 600) -> None:
        self.root = root
        self.timeout = timeout
        dist = root / "dist"
        built = build_wheel(dist, timeout + 300, **(build or {}))
        assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
        self.build_output = built.stdout + built.stderr
        [self.wheel] = dist.glob("brou-*.whl")
        venv = root / "venv"
        self.pip_run([sys.executable, "-m", "venv", str(venv)])
        self.bin = venv / "bin"
        self.pip_run([str(self.bin / "python"), "-m", "pip", "install", "--quiet", f"{self.wheel}[prove]", *also])
        self.work = root / "elsewhere"
        self.work.mkdir()

    def pip_run(self, argv: Sequence[str], **env: str) -> str:
        """What the command wrote, both streams; it must succeed."""
        done = subprocess.run(argv, capture_output=True, text=True, timeout=self.timeout + 300, env=clean_env(**env),
                              check=False)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        return done.stdout + done.stderr

    def run(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        """`brou ARGS` from the installed console script, run outside the repository."""
        return subprocess.run([str(self.bin / "brou"), *args], cwd=self.work, capture_output=True, text=True,
                              timeout=self.timeout, env=clean_env(**env), check=False)

    def python(self, code: str, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
        """`python -c CODE` in the environment, outside the repository unless `cwd` says."""
        return subprocess.run([str(self.bin / "python"), "-c", code], cwd=cwd or self.work, capture_output=True,
                              text=True, timeout=self.timeout, env=clean_env(**env), check=False)


def own_attributes(cls: type) -> tuple[str, ...]:
    """The attributes a deal class declares itself: its `__slots__`, or, where mypyc compiled
    it (a compiled class keeps no `__slots__`), the attributes' descriptors in its dict."""
    slots = cls.__dict__.get("__slots__")
    if slots is not None:
        return tuple(slots)
    kinds = (types.MemberDescriptorType, types.GetSetDescriptorType)
    return tuple(name for name, value in vars(cls).items() if isinstance(value, kinds) and not name.startswith("__"))


def load(name: str, **params: Any) -> Rules:
    """A ruleset by id ("brouc", "homme-de-brou-1802") with parameter overrides."""
    return Rules.load(name, **params)


def mask(rules: Rules, cards: str) -> int:
    """`"AS KS 9H"` -> bit mask."""
    return rules.mask(cards.split())


def texts(rules: Rules, m: int) -> set[str]:
    return set(rules.cards_text(m))


def legal_cards(rules: Rules, hand: str, trick: str, trump: str) -> set[str]:
    """The cards of `hand` the following policy allows after the cards of `trick` (in play order)."""
    cards = [rules.card(c) for c in trick.split()]
    t = rules.suits.index(trump)
    h = mask(rules, hand)
    if not cards:
        return texts(rules, h)
    best = cards[0]
    for c in cards[1:]:
        if beats(rules, c, best, t):
            best = c
    trick_mask = sum(1 << c for c in cards)
    return texts(rules, following_function(rules)(rules, h, rules.suit_of[cards[0]], t, best, trick_mask))


def deal(rules: Rules, hands: list[str], turnup: str) -> HommeDeal:
    """A state at the start of a deal; `hands` by seat, each `"AS KS ..."`; the turn-up is in seat 3's hand."""
    return HommeDeal(rules, deal_from_cards(rules, [h.split() for h in hands], turnup))


def play(state: HommeDeal, actions: str) -> HommeDeal:
    """Apply actions written `"AS 7S pass announce KQH"` (split on commas or runs of two spaces too)."""
    for text in _split(actions):
        state.apply_text(text)
    return state


def finish(state: HommeDeal) -> HommeDeal:
    """Play the deal out: the first legal card on each turn, `pass` in every window, no announcement."""
    while not state.is_over:
        if state.phase == "window":
            play(state, "pass")
        else:
            state.apply(state.rules.mask_to_list(state.legal_play_mask())[0])
    return state


def random_deal(rules: Rules, seed: int) -> HommeDeal:
    """A seeded deal played out by random legal actions (announcements included)."""
    state = HommeDeal.from_seed(rules, seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def legal_texts(state: HommeDeal) -> set[str]:
    return {action_text(state.rules, a) for a in state.legal_actions()}


def _split(actions: str) -> list[str]:
    out: list[str] = []
    words = actions.replace(",", " ").split()
    i = 0
    while i < len(words):
        if words[i] == "announce":
            out.append(f"announce {words[i + 1]}")
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def check_conservation(state: HommeDeal) -> None:
    """Every card of the pack is in exactly one place: a hand, the trick in play, a team's tricks."""
    places = [*state.hands, state._mask, *state.won]
    total = 0
    for mask in places:
        assert total & mask == 0, "a card is in two places"
        total |= mask
    assert total == (1 << state.rules.n_cards) - 1, "a card is missing"


# The deal of the worked exchange of PROTOCOL.md, as the `hands` and `turnup` of a scenario's
# setup written in YAML (indented for a scenario of a list): the harness's own tests use it.
SCENARIO_HANDS = """\
      hands:
        - [AS, KS, 9D, 8D, 7D, 8C, 7C, JH]
        - [QS, JS, AD, TD, KD, QD, JD, 9H]
        - [TS, 9S, AC, TC, KC, QC, 8H, 9C]
        - [8S, 7S, JC, 7H, AH, TH, KH, QH]
      turnup: QH"""


def seeded_deal(rules: Rules, seed: int, context: GameContext | None = None,
                marks: Sequence[int] | None = None) -> PhaseDeal:
    """The deal of `seed` in any ruleset: a HommeDeal for a partnership game (in the game
    `context`), else the phase engine's deal (PhaseDeal or HombreDeal; `marks` by seat for
    a game to a number of marks)."""
    dealt = talon_deal_from_seed(rules, seed) if rules.on_phases else deal_from_seed(rules, seed)
    return new_deal(rules, dealt, marks, context)


def random_params(rules: Rules, rng: random.Random, rate: float) -> dict[str, Any]:
    """Each parameter of the ruleset that has options set, with probability `rate`, to one of
    them drawn from `rng` (the rest left at the default)."""
    chosen = {}
    for name, entry in rules.data["parameters"].items():
        if rng.random() < rate and entry.get("options"):
            chosen[name] = rng.choice(entry["options"])
    return chosen


T = TypeVar("T")


@cache
def whole_corpus() -> tuple[Scenario, ...]:
    """The shipped corpus, loaded once per process (about 4 s of a core) for the tests that read it
    all (tests/test_conformance.py, test_traceability.py, test_harness_survival.py)."""
    from brou.conformance.judging.reference import load_corpus

    return tuple(load_corpus())


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], T]) -> T:
    """`make(folder)` run once per test run, its result shared by the pytest-xdist workers.

    Each worker has its own session fixtures, so a book would be built once per worker that
    runs one of its tests.  The first worker to ask builds it, holding a lock in the folder
    the workers share; the others wait for the lock and read the result it left there."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, above each worker's own
    done = root / f"{name}.pickle"
    with open(root / f"{name}.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.exists():
            result: T = pickle.loads(done.read_bytes())
            return result
        folder = root / name
        folder.mkdir(exist_ok=True)
        result = make(folder)
        done.write_bytes(pickle.dumps(result))
        return result

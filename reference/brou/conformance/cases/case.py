"""A case of `brou fuzz`: its bytes, the decisions they hold, and what it was (docs/fuzzing.md).

A case is a string of bytes.  `build.build` reads every decision of the case from it, one byte
each, in a fixed order (`Choices`; past the end every byte reads 0): first the number of
actions to try, then the ruleset, then in the layout of the ruleset's kind of game (a `Layout`:
`partnership`, `talon`, `speech`, `auction`) its parameters, its setting (a deal alone, inside
a game, a match or a session), the dealer, the scores, the deal, then one byte per action.  A
byte of 0 is always the simplest decision (the spec's default, the deal alone, the first legal
action, no swap in the pack), so bytes that are fewer and smaller make a smaller case, and the
first byte bounds the number of steps.  Every layout keeps LOPSIDED, SEEDED, SEED and DIGITS
at the same places, so that `shrink.shorter` keeps a case's setup and draws its deal afresh
alike for every game.

The search draws the bytes itself from the seed (`search_bytes`): deals are dealt by the
documented shuffle (docs/shuffle.md), scores lie near every threshold of the game, some deals
are lopsided, claims come when they are right, and about one action in sixteen is illegal.

Beyond its deal, every layout reads a block of reach bytes just after the action bytes it may
read (`reach_of`, brou.conformance.cases.reach): where the implementation offers the features, the
case goes on to the next deals of its match or session (`deal` steps) and asks one player's
`view`, `speakers` and a small `perft`, each once, at a point the block chooses.  Nothing of the
deal changes with it, so an implementation without those features sees the cases it always saw.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...cards.shuffle import MAX_SEED, swaps
from ...errors import UsageError
from ...spec.rules import Rules
from ..protocol.table import Table
from ..scenarios.corpus import parameter_default
from .generate import PHASE_RULESETS, RULESETS
from .reach import REACH_BYTES

# -- the layout of a case's bytes, the same for every game -------------------------------------

LIMIT, RULESET, VARIANT, PARAMS, SETTING, DEALER, SCORES, CARRIED, MARKS, LOPSIDED, SEEDED, SEED, STYLE, CLOSE, DIGITS = (
    0, 1, 2, 3, 9, 10, 11, 15, 16, 18, 19, 20, 28, 29, 30)
MAX_DIGITS = 31  # the swaps of a pack of 32 cards (docs/shuffle.md, step 4)
ACTIONS = DIGITS + MAX_DIGITS  # one byte per action from here on
MAX_ATTEMPTS = 160  # actions tried in one case, at most (a deal takes about 40 to 60)
CASE_BYTES = ACTIONS + MAX_ATTEMPTS

ILLEGAL = 16  # action bytes from 256 - ILLEGAL up try an action the rules forbid
VARIANT_AT = 176  # a VARIANT byte from here up sets one to three parameters to other options
LOPSIDED_AT = 176  # a LOPSIDED byte from here up moves strong cards to one team
SEEDED_AT = 224  # a SEEDED byte from here up sends the deal as its seed (feature seeded-deal)
PARAM_AT = 200  # a parameter byte from here up sets it to another option (the form: every byte chooses)
SESSION_AT = 128  # a PH_SESSION byte from here up plays the deal inside a session (feature session)
TIE_AT = 128  # a PH_TIE byte from here up levels the two best players (jetons, or sides' totals)
PHASE_UNKNOWN = ("XS", "1H", "ZZ")  # no card of any pack: unknown-card


class Choices:
    """The decisions of a case, read from its bytes (0 past the end)."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def at(self, index: int) -> int:
        return self.data[index] if index < len(self.data) else 0

    def below(self, index: int, n: int) -> int:
        return self.at(index) % n if n > 1 else 0


def reach_of(c: Choices) -> bytes:
    """The reach bytes of a case (brou.conformance.cases.reach): the REACH_BYTES just after the action
    bytes it may read, so that a case cut shorter keeps them, and bytes past them read 0."""
    base = ACTIONS + min(c.at(LIMIT), MAX_ATTEMPTS)
    return bytes(c.at(base + i) for i in range(REACH_BYTES))


@dataclass(frozen=True)
class Offer:
    """What an implementation plays, from its handshake: the rulesets, for each the
    parameter values it plays by default (where they differ from the spec's) and the other
    values it supports, and its optional features."""

    rulesets: tuple[str, ...]
    plays: Mapping[str, Mapping[str, Any]]
    options: Mapping[str, tuple[tuple[str, tuple[Any, ...]], ...]]
    features: frozenset[str]

    @classmethod
    def of(cls, hello: Mapping[str, Any], wanted: tuple[str, ...] = ()) -> Offer:
        declared = hello.get("rulesets") or {}
        # the rulesets on the phase engine come after the partnership games, so that an
        # implementation of those alone sees the cases it always saw (the RULESET byte)
        known = tuple(r for r in (*RULESETS, *PHASE_RULESETS) if r in declared)
        if wanted:
            missing = [r for r in wanted if r not in known]
            if missing:
                raise UsageError(f"brou fuzz: the implementation does not play {', '.join(missing)} "
                                 f"(it plays {', '.join(known) or 'no ruleset of the spec'})")
            known = tuple(r for r in known if r in wanted)
        if not known:
            raise UsageError("brou fuzz: the implementation plays no ruleset of the spec")
        plays: dict[str, dict[str, Any]] = {}
        options: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = {}
        for ruleset in known:
            entry = declared[ruleset] or {}
            plays[ruleset] = dict(entry.get("plays") or {})
            spec_params = Rules.load(ruleset).data["parameters"]
            others = []
            for name, values in sorted((entry.get("params") or {}).items()):
                if name not in spec_params or not isinstance(values, list):
                    continue
                played = plays[ruleset].get(name, parameter_default(ruleset, name))
                chosen = tuple(v for v in values if v != played and v in spec_params[name]["options"])
                if chosen:
                    others.append((name, chosen))
            options[ruleset] = tuple(others)
        features = frozenset(f for f in hello.get("features", []) if isinstance(f, str))
        return cls(known, plays, options, features)

    def to_json(self) -> str:
        return json.dumps({"rulesets": list(self.rulesets), "plays": self.plays, "features": sorted(self.features),
                           "options": {r: [[name, list(values)] for name, values in o] for r, o in self.options.items()}})

    @classmethod
    def from_json(cls, text: str) -> Offer:
        data = json.loads(text)
        options = {r: tuple((name, tuple(values)) for name, values in o) for r, o in data["options"].items()}
        return cls(tuple(data["rulesets"]), data["plays"], options, frozenset(data["features"]))


class Summary(NamedTuple):
    """What a case was and how it went, for the run's counts."""

    ruleset: str
    setting: str  # alone, game or match
    variant: bool  # parameters other than the implementation's reading
    seed: int | None  # the shuffle seed its deal is the deal of, if any
    seeded: bool  # the deal sent as its seed
    ending: str  # how the deal ended (an outcome's `how`, `played-out` alone, `cut` if stopped early)
    actions: int
    refused: int
    deals: int = 1  # the deals it played (several: `deal` steps, a match or session going on)
    asked: tuple[str, ...] = ()  # what it asked beyond its deals: view, speakers, perft; deal for each further deal


class Later(NamedTuple):
    """A further deal of a case, as a case could start from it: the index of its `deal` step
    among the case's steps, the actions tried before it, and the setup of a scenario that starts
    at that deal (`later_setup`)."""

    step: int
    attempts: int
    setup: dict[str, Any]


class Start(NamedTuple):
    """Where a case shrunk across deals begins (`fuzz._shrunk`): at deal `deal` (from 0) of the case
    found, a deal of its match or session, with the numbers the match or session had before it
    given as setup (`setup.game` and `setup.match`, or `setup.session`), under the case's ruleset
    and parameters.  Its bytes then choose only the actions, the players' style and what is asked
    beyond the deal; their setup bytes are not read."""

    ruleset: str
    params: dict[str, Any]
    setup: dict[str, Any]
    deal: int


class Case(NamedTuple):
    """One case: the scenario (its expectations given by the reference engine), its summary,
    the messages of the reference engine's refusals, in order (`compare.passing_results`), and
    its further deals, each as a case could start from it."""

    data: dict[str, Any]
    summary: Summary
    refusals: tuple[str, ...] = ()
    later: tuple[Later, ...] = ()


# -- what every layout shares ------------------------------------------------------------------

_RULES: dict[tuple[str, str], Rules] = {}


def rules_of(ruleset: str, params: Mapping[str, Any]) -> Rules:
    """A ruleset's rules under these parameters (kept: a search meets the same few again and again)."""
    key = (ruleset, repr(sorted(params.items())))
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = Rules.load(ruleset, **params)
    return rules


Fresh = tuple[dict[str, Any], Rules, dict[str, Any], bool, int | None]  # params, rules, setup, seeded, seed


def started(start: Start) -> Fresh:
    """A case's parameters, rules and setup where it begins at `start`; whether its deal is
    sent as a seed, and the seed."""
    setup = json.loads(json.dumps(start.setup))  # a copy: the case's scenario holds it
    return dict(start.params), rules_of(start.ruleset, start.params), setup, "seed" in setup, setup.get("seed")


def later_setup(table: Table, given: Mapping[str, Any]) -> dict[str, Any]:
    """The setup of a scenario that starts at the deal the table has just dealt: its dealer, the
    deal as its `deal` step gave it (a seed, or the hands), and what the match (its game's
    written scores, carried marriages where there are any, and the marks) or the session (the
    deals played, the players' counts) stood at before it."""
    setup: dict[str, Any] = {"dealer": table.dealer, **given}
    if table.game.carry == "match":
        start = table.observe("start")
        game: dict[str, Any] = {"scores": list(start["scores"])}
        if any(start["carried"]):
            game["carried"] = list(start["carried"])
        setup |= {"game": game, "match": {"marks": list(start["marks"])}}
    else:
        assert table.before is not None
        setup["session"] = {name: list(value) if isinstance(value, list) else value for name, value in table.before.items()}
    return setup


def seed_of(c: Choices) -> int:
    """The shuffle seed the SEED bytes give (a deal sent as its seed, or the seed a shuffled
    pack is checked against)."""
    return int.from_bytes(bytes(c.at(SEED + i) for i in range(8)), "big") & MAX_SEED


def digits_of(c: Choices, n: int) -> list[int]:
    """The swaps that shuffle a pack of `n` cards from the DIGITS bytes: each the j of one swap
    (docs/shuffle.md, step 4)."""
    return [c.at(DIGITS + k) % (i + 1) for k, i in enumerate(range(n - 1, 0, -1))]


def observe(table: Table, names: tuple[str, ...]) -> dict[str, Any]:
    """What the table answers for each of these observables."""
    return {name: table.observe(name) for name in names}


class Layout:
    """How the bytes of a case of one kind of game are read, and what of its deals is
    observed: a subclass per kind (`partnership`, `talon`, `speech`, `auction`), made for one
    case once its table is set (`build.build` plays the case; the class's `fresh` reads its
    setup).  `series`: the deal is part of a match or a session that a `deal` step goes on with."""

    series: bool

    def __init__(self, c: Choices, table: Table, setup: Mapping[str, Any], offer: Offer, seeded: bool) -> None:
        self.c, self.table, self.setup, self.offer, self.seeded = c, table, setup, offer, seeded

    @staticmethod
    def fresh(c: Choices, ruleset: str, offer: Offer) -> Fresh:
        """The parameters, rules and setup that the case's bytes choose, whether its deal is sent
        as a seed, and the seed whose deal it is (None if none)."""
        raise NotImplementedError

    def at_start(self) -> tuple[str, ...]:
        """What is observed as the case's first deal starts."""
        raise NotImplementedError

    def pick(self, b: int) -> str:
        """The action byte `b` chooses now: a legal one, or from 256 - ILLEGAL up one the rules refuse."""
        raise NotImplementedError

    def before(self) -> Any:
        """What `seen` needs of the deal as it was before the action."""
        raise NotImplementedError

    def seen(self, before: Any, ok: bool) -> dict[str, Any] | None:
        """What is observed after an action (`ok`: taken, not refused), or None for nothing
        (the deal over: its end's observations follow)."""
        raise NotImplementedError

    def ending(self) -> str:
        """How the first deal ended (the run's counts): `cut` if it was stopped early."""
        raise NotImplementedError

    def deal_played(self) -> None:
        """Note what a deal just ended went through (before its end is observed)."""

    def won(self) -> bool:
        """Whether the match or the session is won: no further deal."""
        raise NotImplementedError

    def at_end(self) -> tuple[str, ...]:
        """What is observed as a deal ends."""
        raise NotImplementedError

    def at_next(self) -> tuple[str, ...]:
        """What is observed as a further deal starts (the match's or the session's numbers too)."""
        raise NotImplementedError

    def dealt(self) -> None:
        """Note that the table has dealt a further deal."""

    def setting(self) -> str:
        """The case's setting, for the run's counts: alone, game, match or session."""
        raise NotImplementedError

    def clauses(self, dealt_on: bool) -> list[str]:
        """The clauses the case went through (`dealt_on`: it dealt a further deal)."""
        raise NotImplementedError


class SessionLayout(Layout):
    """A kind of game played alone or in a session (`talon`, `speech`, `auction`): the session
    is won when it names its winners."""

    def won(self) -> bool:
        return bool(self.table.observe("session")["winners"] is not None)

    def setting(self) -> str:
        return "session" if self.series else "alone"


def search_bytes(seed: int, number: int) -> bytes:
    """The bytes of the search's case `number` under `seed`: the deal is the documented
    shuffle of a seed drawn here, four cases in five play the deal out."""
    rng = random.Random(f"brou-fuzz:{seed}:{number}")
    out = bytearray(rng.randbytes(CASE_BYTES))
    out[LIMIT] = 255 if rng.random() < 0.8 else rng.randrange(0, 80)
    deal_seed = rng.getrandbits(64)
    out[SEED:SEED + 8] = deal_seed.to_bytes(8, "big")
    out[DIGITS:DIGITS + MAX_DIGITS] = bytes(swaps(MAX_DIGITS + 1, deal_seed))
    # the reach (brou.conformance.cases.reach) from a generator of its own, so that the bytes above
    # are the ones they always were; placed after the action bytes the case may read
    base = ACTIONS + min(out[LIMIT], MAX_ATTEMPTS)
    out = out.ljust(base + REACH_BYTES, b"\0")
    out[base:base + REACH_BYTES] = random.Random(f"brou-fuzz-reach:{seed}:{number}").randbytes(REACH_BYTES)
    return bytes(out)

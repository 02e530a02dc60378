"""Players by name, with parameters: the registry of every player (`REGISTRY`, one `Maker` an
entry) and the reading of a player's spec, `name` or `name:key=value:key=value`
(docs/players.md, "Naming a player").

A spec names a player of the registry and sets some of the parameters it declares, each with
its type and bounds: `pimc:samples=8:early=4`.  A list of players (`brou match --players`,
`brou study --players`, `brou league --players`) separates them by commas, and a `key=value`
item after a comma continues the player before it, so `pimc:samples=8,early=4,greedy` is the
same two players as `pimc:samples=8:early=4,greedy`.  Anything wrong in a spec is a UsageError
of one line naming the player and the parameter.  Adding a player is one entry of `REGISTRY`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.bots import Bot, bots_of
from ..errors import UsageError, quoted
from ..spec.rules import Rules
from . import search
from .careful import careful_bot
from .pimc import EARLY_SAMPLES, SAMPLES, Pimc, pimc_bot

__all__ = ["MAX_PLAYERS", "REGISTRY", "Maker", "Param", "PlayerSpec", "parse_player", "parse_players", "players_text",
           "registry_data"]

Value = int | float | None
MAX_PLAYERS = 64  # players in one list (a table seats at most six; a league compares a few)
MAX_SPEC = 200  # characters of one player's spec


@dataclass(frozen=True)
class Param:
    """A parameter a player takes: a whole number (`kind` int) or a number (float) from `low`
    to `high`, its default, and whether `none` is a value of it (the factory then takes None)."""

    name: str
    kind: type[int] | type[float]
    low: float
    high: float
    default: Value
    about: str
    none: bool = False

    def expected(self) -> str:
        """What the parameter takes, in words."""
        what = "a whole number" if self.kind is int else "a number"
        low, high = (int(self.low), int(self.high)) if self.kind is int else (self.low, self.high)
        return f"{what} from {low} to {high}" + (" or none" if self.none else "")

    def read(self, player: str, text: str) -> Value:
        """The value `text` gives the parameter; UsageError naming the player and the parameter."""
        if self.none and text.strip().lower() == "none":
            return None
        value: float
        try:
            value = int(text, 10) if self.kind is int else float(text)
        except ValueError:
            raise UsageError(f"player {player}: {self.name} is {self.expected()}, not {quoted(text)}") from None
        if not math.isfinite(value) or not self.low <= value <= self.high:
            raise UsageError(f"player {player}: {self.name} is {self.expected()}, not {quoted(text)}")
        return value


@dataclass(frozen=True)
class Maker:
    """A player of the registry: its name, what it is, the parameters it takes, its factory,
    `make(rules, **params)` with every parameter given (the defaults filled in), and whether it
    searches with the double-dummy solver (`brou.solve`: slow where the engine runs as Python)."""

    name: str
    about: str
    make: Callable[..., Bot]
    params: tuple[Param, ...] = ()
    searches: bool = False

    def param(self, name: str) -> Param:
        """The parameter `name`; UsageError if the player takes none of that name."""
        for p in self.params:
            if p.name == name:
                return p
        takes = f"it takes {', '.join(p.name for p in self.params)}" if self.params else "it takes no parameter"
        raise UsageError(f"player {self.name} has no parameter {quoted(name)} ({takes})")

    def usage(self) -> str:
        """The player and its parameters, for a command's help and docs/players.md."""
        if not self.params:
            return self.name
        return self.name + "".join(f":{p.name}=" + ("N" if p.kind is int else "X") for p in self.params)


def _engine_bot(name: str) -> Callable[..., Bot]:
    def make(rules: Rules) -> Bot:
        return bots_of(rules)[name]

    return make


def _careful(rules: Rules) -> Bot:
    return careful_bot


def _pimc(rules: Rules, samples: int, early: int | None) -> Bot:
    if samples == SAMPLES and early == EARLY_SAMPLES:
        return pimc_bot
    return Pimc(samples=samples, early=early)


# Every player by name, in the order the commands list them.  A new player is one entry here.
def _search(rules: Rules, worlds: int | None, early: int, before: int | None, surprise: float, seconds: float | None) -> Bot:
    player = search.Search(worlds=worlds, early=early, before=before, surprise=surprise, seconds=seconds)
    return search.search_bot if player == search.search_bot else player


REGISTRY: dict[str, Maker] = {m.name: m for m in (
    Maker("random", "any legal action at random (in 1802 and Brouc, never claims, declares or concedes on its own)",
          _engine_bot("random")),
    Maker("greedy", "the engine's plain player (in 1802 and Brouc, random play that claims as soon as it is right)",
          _engine_bot("greedy")),
    Maker("chaos", "any legal action at random, wrong claims included (for tests)", _engine_bot("chaos")),
    Maker("careful", "the hand-written player, from what its seat sees, with a reason for each action", _careful),
    Maker("pimc", "sampling over the double-dummy solver for the card play, the careful player elsewhere", _pimc, (
        Param("samples", int, 1, 1000, SAMPLES, "worlds solved a decision"),
        Param("early", int, 1, 1000, EARLY_SAMPLES, "worlds a decision in the first tricks of 1802 and Brouc "
                                                    "(none: samples throughout)", none=True)), searches=True),
    Maker("search", "every phase decided by search over the worlds dealt again, weighted by the others' words", _search, (
        Param("worlds", int, 1, 1000, None, "worlds a decision (none: the game's own, "
                                            f"{search.GAME_WORLDS['speech']} in L'Homme d'Auvergne, else {search.WORLDS})",
              none=True),
        Param("early", int, 1, 1000, search.EARLY, "worlds a decision in the first tricks of 1802 and Brouc"),
        Param("before", int, 1, 1000, None, "worlds a decision before the card play: L'Hombre's auction and exchange, "
                                            "L'Homme d'Auvergne's speech (none: the card play's, or where worlds is none "
                                            f"too the game's own, {search.GAME_BEFORE['speech']} in L'Homme "
                                            "d'Auvergne)", none=True),
        Param("surprise", float, 0.0, 1.0, search.SURPRISE, "a world's weight for each word the others would not "
                                                             "have said"),
        Param("seconds", float, 0.0, 86400.0, None, "stop dealing worlds once a decision has taken this long "
                                                    "(none: no limit; the play then depends on the machine)", none=True)),
          searches=True),
)}


@dataclass(frozen=True)
class PlayerSpec:
    """A player of the registry and the parameters a spec set (in the order the player declares
    them); `text` is its spec as the commands print it."""

    name: str
    params: tuple[tuple[str, Value], ...] = ()

    @property
    def maker(self) -> Maker:
        return REGISTRY[self.name]

    @property
    def text(self) -> str:
        return self.name + "".join(f":{k}={'none' if v is None else v}" for k, v in self.params)

    def values(self) -> dict[str, Value]:
        """Every parameter's value: the spec's, else the default."""
        return {p.name: p.default for p in self.maker.params} | dict(self.params)

    def bot(self, rules: Rules) -> Bot:
        """The player built for `rules`."""
        return self.maker.make(rules, **self.values())

    def __str__(self) -> str:
        return self.text


def _maker(name: str) -> Maker:
    if not name:
        raise UsageError("a player's name is empty")
    if name not in REGISTRY:
        raise UsageError(f"no player {quoted(name)} (the players: {', '.join(REGISTRY)})")
    return REGISTRY[name]


def _with(maker: Maker, given: Mapping[str, Value], item: str) -> dict[str, Value]:
    key, sep, value = item.partition("=")
    key = key.strip()
    if not sep or not key:
        raise UsageError(f"player {maker.name}: a parameter is written KEY=VALUE, not {quoted(item)}")
    param = maker.param(key)
    if key in given:
        raise UsageError(f"player {maker.name}: {key} is given twice")
    return {**given, key: param.read(maker.name, value.strip())}


def _spec(maker: Maker, given: Mapping[str, Value]) -> PlayerSpec:
    return PlayerSpec(maker.name, tuple((p.name, given[p.name]) for p in maker.params if p.name in given))


def parse_player(text: str) -> PlayerSpec:
    """The player of a spec, `name` or `name:key=value:key=value`; UsageError in one line."""
    if len(text) > MAX_SPEC:
        raise UsageError(f"a player's spec is at most {MAX_SPEC} characters, not {quoted(text)}")
    name, *items = text.strip().split(":")
    maker = _maker(name.strip())
    given: dict[str, Value] = {}
    for item in items:
        given = _with(maker, given, item)
    return _spec(maker, given)


def parse_players(text: str, limit: int = MAX_PLAYERS) -> tuple[PlayerSpec, ...]:
    """The players of a list separated by commas, each a spec (`parse_player`); an item
    `key=value` (no name) continues the player before it.  UsageError in one line."""
    items = text.split(",")
    if len(items) > limit:
        raise UsageError(f"{len(items):,} players named; at most {limit}")
    specs: list[tuple[Maker, dict[str, Value]]] = []
    for item in items:
        head = item.split(":")[0]
        if "=" in head:
            if not specs:
                raise UsageError(f"a parameter {quoted(item.strip())} with no player before it")
            maker, given = specs[-1]
            for part in item.split(":"):
                given = _with(maker, given, part)
            specs[-1] = (maker, given)
            continue
        spec = parse_player(item)
        specs.append((spec.maker, dict(spec.params)))
    return tuple(_spec(m, g) for m, g in specs)


def players_text(specs: Sequence[PlayerSpec]) -> str:
    """A list of players as the commands take it back."""
    return ",".join(s.text for s in specs)


def registry_data() -> list[dict[str, Any]]:
    """Every player and its parameters, as data (for a command's help and the docs)."""
    return [{"name": m.name, "about": m.about,
             "params": [{"name": p.name, "takes": p.expected(), "default": p.default, "about": p.about} for p in m.params]}
            for m in REGISTRY.values()]

"""The one-line notation of a deal and of a position (docs/notation.md), for every ruleset.

    brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS KS QS JS

A deal: the ruleset (with the parameters that differ from its defaults in brackets), the
player who deals, the hands by player from player 0 (each by suit in the ruleset's suit
order, spades, hearts, diamonds, clubs, the ranks in the pack's order, a void suit empty),
the turned card or `-`, the talon from its top or `-` (the turned card left out of it), and
for a deal inside a game of 1802 or Brouc the scores before it (`scores=`, and `carried=`
when marriages are carried into it), for a deal of L'Homme d'Auvergne inside a game to a
number of marks each player's marks before it (`marks=`).  A position adds a colon between two spaces and the
actions so far, each as the engine writes it with `_` for a space (`announce_KQH`,
`trump_S`), and `@P` after an action a player takes out of turn.

Players are the table's, as in the protocol and the scenarios: the dealer given, player
(dealer + 1) leads; the engine's seat s is player (s + dealer + 1) mod n.

`parse_deal` reads it (`brou.engine.positions.parse_position` gives the engine's state of a line),
`deal_notation` and `position_notation` write it (`repr()` of a deal class shows it), and
parse(write(x)) == x for every deal and every position of every ruleset (tests/test_notation.py).
A text that is not the notation raises NotationError (a BrouError) naming the field and what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..cards.deal import Deal, DealError, deal_from_cards
from ..errors import BrouError, ParameterError, SpecError, quoted
from ..laws.game import GameContext
from ..laws.talon import NO_TURNUP, TalonDeal, talon_deal_from_cards
from ..spec import available_rulesets
from ..spec.rules import Rules, cards_of
from .marks import marks_winners


class Noted(Protocol):
    """What the notation reads off a deal class (`brou.engine.position.Position`): the rules, the
    deal, the actions taken and how each is written; a deal of 1802 or Brouc also has its
    `context` and its `out_of_turn` record."""

    rules: Rules
    history: list[int]

    @property
    def deal(self) -> Deal | TalonDeal: ...

    def action_text(self, action: int) -> str: ...


NONE = "-"  # a field with nothing in it: no turned card, no talon
SPACE = "_"  # stands for a space inside an action's text
CONTEXT_FIELDS = ("scores", "carried")  # the game a deal of 1802 or Brouc is part of
MARKS = "marks"  # the game to a number of marks a deal of L'Homme d'Auvergne is part of

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_RULESET = re.compile(r"([a-z0-9-]+)(?:\[([^\]]*)\])?\Z")
_PLAYER = re.compile(r"(0|[1-9][0-9]*)\Z")


class NotationError(BrouError):
    """A text that is not a deal or a position in the notation: the message names the field."""


@dataclass(frozen=True)
class DealText:
    """A deal as the notation holds it: the rules, the dealer (a player), the deal in the
    engine's seats, and the game it is part of: the scores of 1802 and Brouc (`context`),
    the marks by seat of L'Homme d'Auvergne (`marks`); None: a deal on its own."""

    rules: Rules
    dealer: int
    deal: Deal | TalonDeal
    context: GameContext | None = None
    actions: tuple[tuple[str, int | None], ...] = field(default=())  # a position's: text, player out of turn
    marks: tuple[int, ...] | None = None

    @property
    def offset(self) -> int:
        """The engine's seat s is player (s + offset) mod n."""
        return (self.dealer + 1) % self.rules.n_players


# -- writing -------------------------------------------------------------------------


def value_text(value: object) -> str:
    """A parameter's value as the notation writes it: true/false, an integer, integers joined
    by `+` (a list), or the option's word."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "+".join(str(v) for v in value)
    return str(value)


def ruleset_text(rules: Rules) -> str:
    """`brouc`, or `brouc[undertrump_when_void=true,rounding=total-half-up]` (parameters in
    the order of the ruleset's parameter list)."""
    order = list(rules.data["parameters"])
    names = sorted(rules.overrides, key=lambda n: (order.index(n) if n in order else len(order), n))
    params = ",".join(f"{name}={value_text(rules.overrides[name])}" for name in names)
    return f"{rules.id}[{params}]" if params else rules.id


def hand_text(rules: Rules, mask: int) -> str:
    """A hand by suit, `AT9.K..QJ87`: the suits in the ruleset's order, each suit's ranks in
    the pack's order."""
    n = len(rules.ranks)
    by_suit: list[list[str]] = [[] for _ in rules.suits]
    for card in sorted(cards_of(mask)):  # a card's id is its suit's index * n + its rank's index
        by_suit[card // n].append(rules.ranks[card % n])
    return ".".join("".join(ranks) for ranks in by_suit)


def deal_notation(rules: Rules, deal: Deal | TalonDeal, dealer: int | None = None,
                  context: GameContext | None = None, marks: Sequence[int] | None = None) -> str:
    """A deal on one line (the module's docstring).  `deal` holds the engine's seats; `dealer`
    is the player who deals (default: the last player, so that seats are players); `marks`
    by seat, for a deal of a game to a number of marks."""
    n = rules.n_players
    dealer = n - 1 if dealer is None else dealer
    offset = (dealer + 1) % n
    by_player, turnup, talon = players_deal(deal, offset)
    fields = [ruleset_text(rules), str(dealer), "/".join(hand_text(rules, h) for h in by_player),
              NONE if turnup is None else rules.card_text(turnup), "".join(rules.card_text(c) for c in talon) or NONE]
    if context is not None:
        for name, values in table_context(rules, offset, context).items():
            fields.append(f"{name}=" + ",".join(str(v) for v in values))
    if marks is not None:
        fields.append(f"{MARKS}=" + ",".join(str(marks[(p - offset) % n]) for p in range(n)))
    return " ".join(fields)


def players_deal(deal: Deal | TalonDeal, offset: int) -> tuple[list[int], int | None, tuple[int, ...]]:
    """The deal as the table sees it, when seat s is player (s + offset) mod n: each player's
    hand from player 0 (masks), the turned card (None if the deal turns none), and the talon
    from its top without the turned card (empty when every card is dealt)."""
    n = len(deal.hands)
    by_player = [deal.hands[(p - offset) % n] for p in range(n)]
    if not isinstance(deal, TalonDeal):
        return by_player, deal.turnup, ()
    if deal.turnup == NO_TURNUP:
        return by_player, None, deal.stock
    return by_player, deal.turnup, deal.stock[:-1]


def table_teams(rules: Rules, offset: int) -> list[int]:
    """For each of the engine's teams (in seats), the table's team (in players: team 0 holds
    players 0 and 2) of the same players, when seat s is player (s + offset) mod n."""
    n = rules.n_players
    return [rules.team_of[(seats[0] + offset) % n] for seats in rules.teams]


def table_context(rules: Rules, offset: int, context: GameContext) -> dict[str, list[int]]:
    """The game a deal is part of, by the table's teams: `scores`, and `carried` if any."""
    table = table_teams(rules, offset)
    out: dict[str, list[int]] = {}
    for name in CONTEXT_FIELDS:
        values = getattr(context, name)
        if name == "scores" or any(values):  # no marriages carried: carried= left out
            out[name] = [values[table.index(k)] for k in range(len(values))]
    return out


def action_token(text: str, player: int | None = None) -> str:
    """An action's text as a token of the notation: `announce KQH` -> `announce_KQH`; `@P`
    for a player who acts out of turn."""
    return text.replace(" ", SPACE) + ("" if player is None else f"@{player}")


def position_notation(state: Noted, dealer: int | None = None) -> str:
    """A deal and the actions taken so far, on one line: the deal, then a colon between two
    spaces, then the actions."""
    rules = state.rules
    n = rules.n_players
    dealer = n - 1 if dealer is None else dealer
    offset = (dealer + 1) % n
    line = deal_notation(rules, state.deal, dealer, getattr(state, "context", None), getattr(state, "marks", None))
    by = dict(getattr(state, "out_of_turn", ()))
    tokens = [action_token(state.action_text(a), None if i not in by else (by[i] + offset) % n)
              for i, a in enumerate(state.history)]
    return f"{line} : {' '.join(tokens)}" if tokens else line


# -- reading -------------------------------------------------------------------------


MAX_LINE = 64 * 1024  # characters of a deal or position line (the longest L'Hombre position: under 1,000)


def _fail(where: str, what: str) -> NotationError:
    return NotationError(f"{where}: {what}")


def parse_value(rules: Rules, name: str, text: str) -> object:
    """A parameter's value from its text, of the type of the parameter's default."""
    entry = rules.data["parameters"].get(name)
    if entry is None:
        known = ", ".join(rules.data["parameters"])
        raise _fail("parameters", f"{rules.id} has no parameter {quoted(name)} (it has {known})")
    default = entry.get("default")
    try:
        if isinstance(default, bool):
            if text not in ("true", "false"):
                raise ValueError
            return text == "true"
        if isinstance(default, int):
            return int(text)
        if isinstance(default, list):
            return [int(v) for v in text.split("+")]
    except ValueError:
        raise _fail("parameters", f"{name}={text}: not a value of the type of its default "
                                  f"({value_text(default)})") from None
    return text


def parse_rules(text: str) -> Rules:
    """The ruleset field: `brouc` or `brouc[name=value,...]`."""
    match = _RULESET.match(text)
    if not match:
        raise _fail("ruleset", f"{quoted(text)} is not a ruleset id with its parameters in brackets "
                               "(brouc[rounding=total-half-up])")
    ruleset, params = match.group(1), match.group(2)
    if ruleset not in available_rulesets():
        raise _fail("ruleset", f"no ruleset {quoted(ruleset)} (known: {', '.join(available_rulesets())})")
    try:
        base = Rules.load(ruleset)
        chosen: dict[str, Any] = {}
        for item in (params.split(",") if params else []):
            name, eq, value = item.partition("=")
            if not eq or not _NAME.match(name) or not value:
                raise _fail("parameters", f"{quoted(item)} is not name=value")
            if name in chosen:
                raise _fail("parameters", f"{name} is given twice")
            chosen[name] = parse_value(base, name, value)
        return Rules.load(ruleset, **chosen) if chosen else base
    except (ParameterError, SpecError) as exc:
        raise _fail("parameters", str(exc)) from None


def parse_hand(rules: Rules, text: str, player: int) -> list[str]:
    """One hand by suit (`AT9.K..QJ87`) as card texts."""
    suits = text.split(".")
    if len(suits) != len(rules.suits):
        raise _fail(f"hands: player {player}", f"{quoted(text)} has {len(suits)} suits separated by '.'; "
                                               f"{rules.id} has {len(rules.suits)} ({'.'.join(rules.suits)})")
    cards = []
    for suit, ranks in zip(rules.suits, suits, strict=True):
        for rank in ranks:
            if rank not in rules.ranks:
                raise _fail(f"hands: player {player}", f"{quoted(rank)} is no rank of {rules.id} ({''.join(rules.ranks)})")
            cards.append(rank + suit)
    return cards


def _cards(rules: Rules, text: str, where: str) -> list[str]:
    if text == NONE:
        return []
    if len(text) % 2:
        raise _fail(where, f"{quoted(text)} is not cards of two characters each (7S8HKD)")
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def _pair(text: str, where: str) -> tuple[int, ...]:
    try:
        return tuple(int(v) for v in text.split(","))
    except ValueError:
        raise _fail(where, f"{quoted(text)} is not integers separated by ','") from None


def parse_deal(text: str) -> DealText:
    """A deal, or a position (its actions in `actions`), from its line of notation."""
    if not isinstance(text, str):
        raise NotationError(f"a deal in the notation is text, not {type(text).__name__}")
    if len(text) > MAX_LINE:
        raise NotationError(f"a deal in the notation is at most {MAX_LINE:,} characters; this one has {len(text):,}")
    line = text.strip()
    if "\n" in line:
        raise NotationError("a deal in the notation is one line")
    deal_part, colon, action_part = line.partition(" : ")
    if not colon and line.endswith(" :"):
        deal_part, colon = line[:-2], " :"
    fields = deal_part.split()
    if len(fields) < 5:
        names = ("ruleset", "dealer", "hands", "turn-up", "talon")
        raise NotationError(f"a deal has five fields ({', '.join(names)}); this has {len(fields)}: {quoted(line)}")
    rules = parse_rules(fields[0])
    n = rules.n_players
    if not _PLAYER.match(fields[1]) or int(fields[1]) >= n:
        raise _fail("dealer", f"{quoted(fields[1])} is not a player of {rules.id} (0 to {n - 1})")
    dealer = int(fields[1])
    offset = (dealer + 1) % n
    hands = fields[2].split("/")
    if len(hands) != n:
        raise _fail("hands", f"{len(hands)} hands separated by '/'; {rules.id} deals to {n} players")
    by_player = [parse_hand(rules, h, p) for p, h in enumerate(hands)]
    by_seat = [by_player[(s + offset) % n] for s in range(n)]
    for name, text in (("turn-up", fields[3]), ("talon", fields[4])):
        if "=" in text:
            raise _fail(name, f"{quoted(text)} stands where the {name} should ('-' if there is none)")
    turnup = None if fields[3] == NONE else fields[3]
    talon = _cards(rules, fields[4], "talon")
    context, marks = _context(rules, fields[5:], offset)
    try:
        if rules.on_phases:
            deal: Deal | TalonDeal = talon_deal_from_cards(rules, by_seat, talon, turnup)
        else:
            if talon:
                raise _fail("talon", f"{rules.id} deals every card: its talon is '-'")
            if turnup is None:
                raise _fail("turn-up", f"{rules.id} turns up the dealer's last card: give it")
            deal = deal_from_cards(rules, by_seat, turnup)
    except DealError as exc:
        raise _fail("deal", _players(str(exc), offset, n)) from None
    actions = _actions(rules, action_part, n) if colon else ()
    if colon and not actions:
        raise _fail("actions", "' : ' is followed by no action")
    return DealText(rules, dealer, deal, context, actions, marks)


def _players(message: str, offset: int, n: int) -> str:
    """A deal error of the engine, its seats said as the notation's players."""
    return re.sub(r"\bseat (\d+)", lambda m: f"player {(int(m.group(1)) + offset) % n}", message)


def plays_to_marks(rules: Rules) -> bool:
    """Whether the ruleset's game is played to a number of marks (L'Homme d'Auvergne): its
    deals may carry the players' marks (`marks=`)."""
    return bool(rules.on_phases and rules.data.get("session", {}).get("kind") == MARKS)


def _context(rules: Rules, fields: Sequence[str], offset: int) -> tuple[GameContext | None, tuple[int, ...] | None]:
    """The fields after the talon: the game context of 1802 and Brouc, the marks by seat of a
    game to a number of marks."""
    given: dict[str, tuple[int, ...]] = {}
    for item in fields:
        name, eq, value = item.partition("=")
        if not eq or name not in (*CONTEXT_FIELDS, MARKS):
            raise _fail("deal", f"{quoted(item)} after the talon: only {' and '.join(f'{c}=A,B' for c in CONTEXT_FIELDS)}"
                                f" (1802, Brouc) or {MARKS}=A,B,C (a game to a number of marks) may follow it,"
                                " then ' : ' and the actions")
        if name in given:
            raise _fail(name, "given twice")
        given[name] = _pair(value, name)
    if not given:
        return None, None
    n = rules.n_players
    if MARKS in given:
        if not plays_to_marks(rules):
            raise _fail(MARKS, f"{rules.id} plays no game to a number of marks: marks= is for L'Homme d'Auvergne")
        if len(given) > 1:
            raise _fail(MARKS, f"marks= goes alone: {', '.join(k + '=' for k in given if k != MARKS)} is for 1802 and Brouc")
        marks = given[MARKS]
        if len(marks) != n:
            raise _fail(MARKS, f"{len(marks)} values; {rules.id} deals to {n} players")
        if rules.data["session"].get("debts") == "forgiven" and min(marks) < 0:
            raise _fail(MARKS, f"{quoted(','.join(map(str, marks)))}: with debts forgiven no player is below 0 marks")
        if marks_winners(rules, marks) is not None:
            raise _fail(MARKS, f"{quoted(','.join(map(str, marks)))}: the game is already won "
                               f"(target {rules.data['session']['target']}), no deal follows it")
        return None, tuple(marks[(s + offset) % n] for s in range(n))
    if rules.on_phases:
        raise _fail("scores", f"{rules.id} plays a deal without the scores of a game: scores= is for 1802 and Brouc")
    if "scores" not in given:
        raise _fail("carried", "carried= needs the scores (scores=A,B)")
    teams = len(rules.teams)
    for name, values in given.items():
        if len(values) != teams:
            raise _fail(name, f"{len(values)} values; {rules.id} has {teams} teams")
    table = table_teams(rules, offset)
    scores, carried = ([values[table[e]] for e in range(teams)]
                       for values in (given["scores"], given.get("carried", (0,) * teams)))
    return GameContext(tuple(scores), tuple(carried)), None


def _actions(rules: Rules, text: str, n: int) -> tuple[tuple[str, int | None], ...]:
    out = []
    for k, token in enumerate(text.split(), 1):
        word, at, player = token.partition("@")
        if not word or (at and (not _PLAYER.match(player) or int(player) >= n)):
            raise _fail(f"action {k}", f"{quoted(token)} is not an action, with @P (a player of 0 to {n - 1}) if out of turn")
        if at and rules.on_phases:
            raise _fail(f"action {k}", f"{quoted(token)}: {rules.id} has no action out of turn")
        out.append((word.replace(SPACE, " "), int(player) if at else None))
    return tuple(out)

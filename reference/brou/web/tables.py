"""The tables of `brou web`: a deal or a whole session of any ruleset, some players human, the
others players of the registry (`brou.players.names`), played on the engine's `Session`.

A `GameTable` is defined by where its deals come from (a seed, a game record pasted in, or one
position in the notation pasted in), who sits at each place, and the log of every action taken
so far.  Everything else is rebuilt from those: undo takes the log back to before the last
human action and plays it again from the start, so a table never holds more than its log and
the engine's own state.  What a player is shown is the engine's `view` of his seat (the
information clauses, `brou.engine.view`), with his legal and illegal actions; an illegal try is
answered with the rule that refuses it (`brou.web.refusals`).

`TableStore` keeps the tables of a server: at most `max_tables`, each dropped once idle for
`idle_seconds`; a table plays at most `MAX_DEALS` deals and its log at most `MAX_ACTIONS`
actions, so each table's memory is bounded.  Nothing here waits for a player of the registry:
the server asks `next_bot` who is to play and hands the position to its workers
(`brou.web.workers`), then applies the answer with `apply_bot`, which drops it if the table has
moved on meanwhile (`version`).
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..book.played import PlayedDeal
from ..book.walkthrough import deal_count
from ..cards.deal import Deal
from ..cards.seating import Seating
from ..engine.deals import deal_kind
from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal, action_text
from ..engine.notation import DealText, NotationError, parse_deal, position_notation, ruleset_text
from ..engine.phases import PhaseDeal, words_of
from ..engine.positions import position_from
from ..engine.record import RecordError, parse_record, record_of, record_text, replay
from ..engine.session import Session
from ..engine.sheet_svg import sheet_svg
from ..engine.view import view
from ..errors import BrouError, IllegalAction, ParameterError, SpecError, UsageError, quoted
from ..laws.auction import words as auction_words
from ..laws.game import game_rules
from ..laws.talon import TalonDeal
from ..players.names import PlayerSpec, parse_player
from ..spec import available_rulesets
from ..spec.rules import Rules
from .board import board, seat_of
from .refusals import Rule, refusal_rule, rule_numbers
from .register import the_register
from .requests import RequestError
from .said import PLAYER_WORD, said_rows, word_label

MAX_DEALS = 300  # deals a table plays (a Brouc match is about 30, a game of L'Hombre 30 to 40 coups)
MAX_ACTIONS = 30_000  # actions in a table's log (a deal has at most about 60)
MAX_PASTE = 200_000  # characters of a record or a position pasted in
MAX_PARAMS = 64  # parameters and readings given for one table
HUMAN = "you"  # a seat taken by a person, in a table's request
# the players of the registry a table may seat, and the bounds their parameters take here: a
# decision of the search player is cut at `seconds` (it deals no more worlds after), the
# sampling player's worlds are capped so that no decision takes minutes
BOT_LIMITS: dict[str, dict[str, float]] = {"pimc": {"samples": 64, "early": 64},
                                           "search": {"worlds": 64, "early": 64, "seconds": 30.0}}
SEARCH_SECONDS = 5.0  # the search player's `seconds` when a table does not give it


class Refused(BrouError):
    """An action the rules refuse at a table: the engine's code and message, and the rule behind it."""

    def __init__(self, exc: IllegalAction, rule: Rule | None, where: str) -> None:
        super().__init__(f"{exc.code}: {exc.message}")
        self.code = exc.code
        self.message = exc.message
        self.rule = rule
        self.where = where


# -- what a table is made of ----------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """Who sits at a table player's place: a person, or a player of the registry."""

    human: bool
    spec: PlayerSpec | None = None

    @property
    def text(self) -> str:
        return HUMAN if self.human or self.spec is None else self.spec.text


def read_seat(text: object, where: str) -> Seat:
    """A seat of a table's request: "you", or a player's spec (`careful`, `pimc:samples=4`,
    `search:worlds=4`), its parameters within BOT_LIMITS; the search player's `seconds` set to
    SEARCH_SECONDS when not given, so that no decision runs unbounded."""
    if not isinstance(text, str):
        raise RequestError(f"a seat is \"{HUMAN}\" or a player's name, not {type(text).__name__}", where)
    if text.strip() == HUMAN:
        return Seat(True)
    try:
        spec = parse_player(text)
    except UsageError as exc:
        raise RequestError(str(exc), where) from None
    values = dict(spec.params)
    for name, high in BOT_LIMITS.get(spec.name, {}).items():
        value = values.get(name)
        if isinstance(value, (int, float)) and value > high:
            raise RequestError(f"player {spec.name}: {name} is at most {high:g} at a table of brou web, not {value:g}",
                             where)
    if spec.name == "search" and values.get("seconds") is None:
        values["seconds"] = SEARCH_SECONDS
        spec = PlayerSpec(spec.name, tuple((p.name, values[p.name]) for p in spec.maker.params if p.name in values))
    return Seat(False, spec)


@cache
def rulesets() -> tuple[str, ...]:
    """The rulesets of the package, listed once (the spec does not change while the server runs)."""
    return tuple(available_rulesets())


def read_rules(ruleset: object, params: object, readings: object) -> Rules:
    """The rules of a table: a ruleset id, parameters by name (each one of its options), and
    readings of the register by entry (`{"AMB-05": "undertrump-true"}`: that option's overrides
    for this ruleset).  RequestError naming the field for anything else."""
    if not isinstance(ruleset, str) or ruleset not in rulesets():
        shown = quoted(ruleset) if isinstance(ruleset, str) else type(ruleset).__name__
        raise RequestError(f"no ruleset {shown} (known: {', '.join(rulesets())})", "body.ruleset")
    chosen: dict[str, Any] = {}
    for field_name, given in (("readings", readings), ("params", params)):
        if given is None:
            continue
        if not isinstance(given, dict):
            raise RequestError(f"{field_name} is an object of names and values", f"body.{field_name}")
        if len(given) > MAX_PARAMS:
            raise RequestError(f"at most {MAX_PARAMS} {field_name}, not {len(given):,}", f"body.{field_name}")
    readings = readings if isinstance(readings, dict) else {}
    params = params if isinstance(params, dict) else {}
    register = the_register() if readings else None
    for amb, option in readings.items():
        where = f"body.readings.{str(amb)[:40]}"
        assert register is not None
        try:
            entry = register.entry(str(amb))
        except UsageError as exc:
            raise RequestError(str(exc), where) from None
        names = [o.name for o in entry.options]
        if option not in names:
            raise RequestError(f"{entry.id} has no option {quoted(str(option))} (options: {', '.join(names)})", where)
        chosen_option = entry.option(str(option))
        if not chosen_option.playable:
            raise RequestError(f"{entry.id}: the engine cannot play option {option}", where)
        overrides = chosen_option.overrides.get(ruleset)
        if overrides is None:
            raise RequestError(f"{entry.id} is not a question of {ruleset}", where)
        for name, value in overrides.items():
            if name in chosen and chosen[name] != value:
                raise RequestError(f"{entry.id} sets {name}={value}, which another reading sets to {chosen[name]}", where)
            chosen[name] = value
    known = Rules.load(ruleset).data["parameters"]
    for name, value in params.items():
        where = f"body.params.{str(name)[:40]}"
        if name not in known:
            raise RequestError(f"{ruleset} has no parameter {quoted(str(name))}", where)
        if isinstance(value, dict) or (isinstance(value, list) and not all(type(v) is int for v in value)):
            raise RequestError("a parameter's value is a word, a number, true, false or a list of numbers", where)
        if name in chosen and chosen[name] != value:
            raise RequestError(f"{name}={value} disagrees with a reading that sets it to {chosen[name]}", where)
        chosen[name] = value
    try:
        return Rules.load(ruleset, **chosen)
    except (ParameterError, SpecError, ValueError, TypeError) as exc:
        raise RequestError(str(exc).splitlines()[0] if str(exc) else "a parameter the ruleset does not take",
                         "body.params") from None


# -- where the deals come from ---------------------------------------------------------------


@dataclass
class Origin:
    """A table's deals: from a seed (`seed`), from a game record pasted in (its deals, then from
    the seed once they run out), or one position pasted in (`position`: a deal alone)."""

    seed: int
    record: list[DealText] | None = None
    first_dealer: int | None = None
    position: DealText | None = None


class _Fed:
    """A session's deals from a record first, then from the seed's stream: `Session(dealt=...)`."""

    def __init__(self, rules: Rules, deals: Sequence[DealText], seed: int) -> None:
        self.rules = rules
        self.deals = deals
        self.rng = random.Random(seed)

    def __call__(self, session: Session) -> Deal | TalonDeal:
        k = len(session.deals)
        if k < len(self.deals):
            return self.deals[k].deal
        from ..cards.deal import deal_from_seed
        from ..laws.talon import talon_deal_from_seed

        dealt = talon_deal_from_seed if self.rules.on_phases else deal_from_seed
        return dealt(self.rules, self.rng.getrandbits(64))


def read_paste(text: object, where: str = "body.paste") -> tuple[Rules, Origin, list[tuple[int, int | None]]]:
    """A position (one line of notation) or a game record pasted in: its rules, its origin, and
    its actions as a table's log (action ids, and the deal seat of one taken out of turn).
    RequestError with the notation's or the record's own message otherwise."""
    if not isinstance(text, str):
        raise RequestError("a position or a record is text", where)
    if len(text) > MAX_PASTE:
        raise RequestError(f"a position or a record is at most {MAX_PASTE:,} characters, not {len(text):,}", where)
    body = text.strip()
    if not body:
        raise RequestError("nothing pasted: a line of notation or a game record", where)
    if body.startswith("[") or "\n1." in body or body.startswith("1."):
        return _read_record(body, where)
    try:
        parsed = parse_deal(" ".join(body.split()))
        state = position_from(parsed)  # every action checked, as `brou deal --from` does
    except (NotationError, IllegalAction) as exc:
        raise RequestError(f"not a position: {exc}", where) from None
    log = list(zip(state.history, _out_of_turn(state), strict=True))
    bare = DealText(parsed.rules, parsed.dealer, parsed.deal, parsed.context, (), parsed.marks)
    return parsed.rules, Origin(0, position=bare), log


def _out_of_turn(state: PhaseDeal) -> list[int | None]:
    """The deal seat of each action of a state's history taken out of turn (None for the others)."""
    return [seat for _, seat in state._steps()]


def _read_record(body: str, where: str) -> tuple[Rules, Origin, list[tuple[int, int | None]]]:
    try:
        record = parse_record(body)
        session = replay(record)  # every deal checked against the one before, as `brou match --from` does
    except RecordError as exc:
        raise RequestError(f"not a game record: {exc}", where) from None
    if not record.deals:
        raise RequestError("a game record with no deal", where)
    rules = session.rules
    deals = [parse_deal(d.line) for d in record.deals]
    first = session.deals[0]["dealer"] if session.deals else session.dealer
    seed = int(record.tags["Seed"]) if record.tags.get("Seed", "").isdigit() else 0
    origin = Origin(seed, record=deals, first_dealer=first)
    log: list[tuple[int, int | None]] = []
    for text in deals:
        probe = position_from(text)
        log += list(zip(probe.history, _out_of_turn(probe), strict=True))
    return rules, origin, log


# -- a table ---------------------------------------------------------------------------------


@dataclass
class Finished:
    """A deal just over, kept for the players to see: the deal, its seating, its number."""

    deal: PhaseDeal
    seating: Seating
    number: int


@dataclass
class GameTable:
    """One table: its rules, seats, mode (`deal`: one deal; `session`: to the end of the
    session), whether every hand is shown (`open`), its deals' origin and its log."""

    id: str
    rules: Rules
    seats: list[Seat]
    mode: str
    origin: Origin
    open: bool = False
    log: list[tuple[int, int | None]] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)  # the table player who took each action of the log
    version: int = 0
    touched: float = field(default_factory=time.monotonic)
    thinking: bool = False  # a player of the registry is choosing
    note: str = ""  # what the server says about the last bot's move (cut, replaced)
    paused: bool = False  # a deal just ended: the players see it before the next is played
    finished: Finished | None = None
    session: Session | None = None
    lone: PhaseDeal | None = None
    lone_seating: Seating | None = None
    bot_seed: int = 0
    # the last score sheet drawn, by language and deals done: it changes only when a deal ends,
    # and drawing 1802's marque takes milliseconds (one kept, so a table's memory stays bounded)
    _sheet: tuple[tuple[str, int], dict[str, Any]] | None = field(default=None, repr=False)
    _counted: tuple[tuple[str, int, int], dict[str, Any]] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self._build(list(self.log))

    # -- building and replaying -------------------------------------------------------------

    def _fresh(self) -> None:
        origin, rules = self.origin, self.rules
        self._sheet = None
        self.finished = None
        self.paused = False
        if origin.position is not None:
            parsed = origin.position
            self.session = None
            self.lone = position_from(parsed)
            self.lone_seating = Seating(rules.n_players, parsed.offset, rules.teams)
            return
        self.lone = None
        if origin.record is not None:
            self.session = Session(rules, 0, origin.first_dealer, _Fed(rules, origin.record, origin.seed))
        else:
            self.session = Session(rules, origin.seed)

    def _build(self, log: Sequence[tuple[int, int | None]]) -> None:
        """The table from its origin with `log` applied (IllegalAction if an action is refused)."""
        self._fresh()
        self.log = []
        self.actors = []
        for action, seat in log:
            self._apply(action, seat)
        self.paused = False  # a table rebuilt (undo, a paste) shows where it stands, not the deal before

    @property
    def deal(self) -> PhaseDeal:
        if self.session is not None:
            return self.session.deal
        assert self.lone is not None
        return self.lone

    @property
    def seating(self) -> Seating:
        if self.session is not None:
            return self.session.seating
        assert self.lone_seating is not None
        return self.lone_seating

    @property
    def deals_done(self) -> int:
        return len(self.session.deals) if self.session is not None else int(self.deal.is_over)

    @property
    def over(self) -> bool:
        """Whether the table has nothing left to play: its one deal, or its session, is over."""
        if self.session is None:
            return self.deal.is_over
        if self.mode == "deal":
            return self.deals_done >= 1
        return self.session.is_over or self.deals_done >= MAX_DEALS

    def _apply(self, action: int, seat: int | None) -> None:
        if len(self.log) >= MAX_ACTIONS:
            raise RequestError(f"this table has taken its {MAX_ACTIONS:,} actions: open a new one", status=409)
        session = self.session
        actor = self.player_of(self.deal.to_act if seat is None else seat)
        if session is None:
            self.deal.apply(action, seat)
            if self.deal.is_over:
                self.finished = Finished(self.deal, self.seating, 1)
                self.paused = True
        else:
            before, seating, number = session.deal, session.seating, len(session.deals) + 1
            session.apply(action, seat)
            if before.is_over:
                self.finished = Finished(before, seating, number)
                self.paused = True
        self.log.append((action, seat))
        self.actors.append(actor)

    # -- who plays --------------------------------------------------------------------------

    def player_of(self, seat: int) -> int:
        return self.seating.player(seat)

    def seat_of(self, player: int) -> int | None:
        """The deal seat of a table player, None if he sits this deal out."""
        try:
            return self.seating.seat(player)
        except ValueError:
            return None

    @property
    def to_act(self) -> int | None:
        """The table player to act, None once over."""
        return None if self.deal.is_over or self.over else self.player_of(self.deal.to_act)

    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s.human]

    def next_bot(self) -> tuple[int, PlayerSpec] | None:
        """The player of the registry to act now, if it is one's turn (None while a deal just
        over is shown, or once the table is over)."""
        player = self.to_act
        if player is None or self.paused:
            return None
        seat = self.seats[player]
        return None if seat.human or seat.spec is None else (player, seat.spec)

    def position_line(self) -> str:
        return position_notation(self.deal)

    # -- what players do --------------------------------------------------------------------

    def _check_player(self, player: object, where: str) -> int:
        if type(player) is not int or not 0 <= player < len(self.seats):
            raise RequestError(f"no player {player!r} at this table (players 0 to {len(self.seats) - 1})", where)
        if not self.seats[player].human:
            raise RequestError(f"player {player} is {self.seats[player].text}, not a person", where, 409)
        return player

    def act(self, player: object, text: object) -> None:
        """A person's action (its text in the notation: `AS`, `pass`, `announce KQH`, `trump S`),
        on his turn or out of turn where the rules let him.  Refused (with the rule) if the rules
        forbid it, RequestError if the request is wrong; the table is unchanged either way."""
        who = self._check_player(player, "body.player")
        if not isinstance(text, str) or len(text) > 40:
            raise RequestError("an action is a text of at most 40 characters (AS, pass, announce KQH)", "body.action")
        if self.over:
            raise RequestError("this table is over: undo, or open a new one", "body.action", 409)
        if self.paused:
            raise RequestError("a deal has just ended: go on to the next deal first (POST .../next)", "body.action", 409)
        deal = self.deal
        seat = self.seat_of(who)
        try:
            action = deal.parse_action(text)
            if seat is None:
                raise IllegalAction("wrong-seat", f"player {who} sits this deal out")
            out_of_turn = None if seat == deal.to_act else seat
            self._apply(action, out_of_turn)  # the engine checks every rule before it changes anything
        except IllegalAction as exc:
            raise Refused(exc, refusal_rule(deal, text, exc.code, seat), "body.action") from None
        self._moved()

    def apply_bot(self, version: int, action: int) -> bool:
        """A player of the registry's action, chosen when the table was at `version`: applied
        if the table has not moved since (else dropped: False)."""
        if version != self.version or self.next_bot() is None:
            return False
        self._apply(action, None)
        self._moved()
        return True

    def go_on(self) -> None:
        """The players have seen the deal just over: play the next one."""
        self.paused = False
        self._moved()

    def undo(self) -> None:
        """Take back the last action a person took, and every action after it."""
        humans = set(self.humans())
        cut = next((k for k in range(len(self.log) - 1, -1, -1) if self.actors[k] in humans), None)
        if cut is None:
            raise RequestError("nothing to undo: no person has acted at this table yet", "body", 409)
        self._build(self.log[:cut])
        self.note = ""
        self._moved()

    def _moved(self) -> None:
        self.version += 1
        self.touched = time.monotonic()

    # -- what is shown ----------------------------------------------------------------------

    def record(self) -> str:
        """The game record so far (a position alone: its line)."""
        if self.session is None:
            return self.position_line() + "\n"
        return record_text(record_of(self.session, {"Event": "brou web"}))

    def sheet(self, lang: str) -> dict[str, Any]:
        """The score so far: the marque or the slate as SVG in 1802 and Brouc, else each deal's
        jetons, points or marks by player."""
        session = self.session
        if session is None:
            return {"kind": "deal", "players": len(self.seats), "rows": [], "totals": None}
        key = (lang, len(session.deals))
        if self._sheet is None or self._sheet[0] != key:
            self._sheet = key, self._draw_sheet(session, lang)
        return self._sheet[1]

    def _draw_sheet(self, session: Session, lang: str) -> dict[str, Any]:
        data = session.record()
        if not self.rules.on_phases:
            return {"kind": "match", "svg": sheet_svg(data, lang=lang) if data["deals"] else None,
                    "marks": data["marks"], "teams": data["teams"]}
        kind = session.kind
        unit = {"marks": "marks", "pool": "jetons", "points": "points", "coups": "points"}.get(kind, "jetons")
        rows = []
        for d in data["deals"]:
            values = d["marks"] if kind == "marks" else d["points"] if kind == "points" else d["jetons"]
            rows.append({"number": d["number"], "dealer": d["dealer"], "values": values, "winners": d["winners"]})
        totals = data["marks"] if kind == "marks" else data["totals"] if kind == "points" else data["jetons"]
        return {"kind": kind, "unit": unit, "players": self.rules.table_size, "rows": rows, "totals": totals,
                "winners": data["winners"]}

    def state(self, viewer: int | None, lang: str) -> dict[str, Any]:
        """What `viewer` (a table player, None: the person to act, or the first) is shown."""
        humans = self.humans()
        if viewer is None:
            acting = self.to_act
            viewer = acting if acting in humans else (humans[0] if humans else 0)
        done = self.finished if self.paused or self.over else None
        # a deal just over stays on the table until the players go on (the session has dealt the next)
        deal, seating = (done.deal, done.seating) if done is not None else (self.deal, self.seating)
        seat = seat_of(seating, viewer)
        seen = view(deal, seat, seating) if seat is not None else view(deal, None, seating, player=viewer)
        n = len(self.seats)
        sitting_out = seating.sitting_out()
        players = []
        for p in range(n):
            s = seat_of(seating, p)
            players.append({"player": p, "who": self.seats[p].text, "human": self.seats[p].human,
                            "seat": s, "dealer": s == self.rules.dealer if s is not None else False,
                            "out": p in sitting_out, "side": None if s is None else seating.side_of(s)})
        shown = None if self.open or deal.is_over or not humans else {viewer}
        out: dict[str, Any] = {
            "id": self.id, "version": self.version, "ruleset": self.rules.id, "title": self.rules.data["title"][lang],
            "ruleset_line": ruleset_text(self.rules), "mode": self.mode, "open": self.open,
            "seed": self.origin.seed if self.origin.position is None and self.origin.record is None else None,
            "kind": deal_kind(self.rules), "players": players, "viewer": viewer, "view": seen,
            "board": board(deal, seating, shown),
            "deal_number": self.deals_done + (0 if self.over or deal.is_over else 1),
            "to_act": self.to_act, "thinking": self.thinking, "paused": self.paused, "over": self.over,
            "said": said_rows(self.rules, seen, n, lang),
            "note": self.note, "actions": self._actions(viewer, lang), "position": self.position_line(),
            "can_undo": any(a in humans for a in self.actors),
            "finished": self._finished(lang) if self.paused or self.over else None,
            "sheet": self.sheet(lang),
        }
        return out

    def _actions(self, player: int, lang: str) -> dict[str, Any] | None:
        """What `player` may try now: every card of his hand (legal or not) and the words of the
        moment (legal ones, and the others of the phase, which are refused with their rule), each
        word with its label in `lang` (the action sent is the word itself)."""
        if not self.seats[player].human or self.over or self.paused:
            return None
        deal, seat = self.deal, self.seat_of(player)
        if seat is None or deal.is_over:
            return None
        on_turn = seat == deal.to_act
        legal = set(deal.legal_actions(None if on_turn else seat))
        if not on_turn and not legal:
            return None
        rules = self.rules
        cards = [{"card": rules.card_text(c), "legal": c in legal} for c in rules.mask_to_list(deal.hands[seat])]
        words = [deal.action_text(a) for a in sorted(legal) if a >= rules.n_indices]
        others = [w for w in phase_words(deal, seat) if w not in words] if on_turn else []
        return {"player": player, "on_turn": on_turn, "cards": cards if on_turn or any(c["legal"] for c in cards) else [],
                "words": [{"text": w, "label": word_label(rules, w, lang), "legal": w in words} for w in words + others]}

    def _finished(self, lang: str) -> dict[str, Any] | None:
        done = self.finished
        if done is None:
            return None
        deal, seating = done.deal, done.seating
        rules = self.rules
        hands = {str(seating.player(s)): rules.cards_text(h) for s, h in enumerate(deal.deal.hands)}
        entry = self.session.deals[done.number - 1] if self.session is not None and done.number <= len(
            self.session.deals) else None
        return {"number": done.number, "notation": position_notation(deal), "dealt": hands,
                "seats": [seating.player(s) for s in range(rules.n_players)],
                "entry": _plain(entry) if entry is not None else None, "count": self._count(done, lang)}

    def _count(self, done: Finished, lang: str) -> dict[str, Any]:
        """The count of the deal just over in `lang`, as the booklet's commented deal writes it
        (`brou.book.walkthrough.deal_count`): the table and what the deal came to, rules cited
        by their numbers in the booklet, players named as at the table."""
        key = (lang, done.number, self.version)
        if self._counted is not None and self._counted[0] == key:
            return self._counted[1]
        session = self.session
        last = session is not None and done.number == len(session.deals)
        following = session.seating.player(self.rules.dealer) if session is not None and last and \
            not self.over else None
        played = PlayedDeal(self.rules, self.origin.seed, done.deal,
                            tuple(done.seating.player(s) for s in range(self.rules.n_players)), {},
                            number=done.number, next_dealer=following)
        word = PLAYER_WORD[lang]
        count = deal_count(played, lang, rule_numbers(self.rules), [f"{word} {p}" for p in range(len(self.seats))])
        out = {"header": count.header, "rows": count.rows, "said": count.said}
        self._counted = key, out
        return out


def _plain(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A session's record of a deal as JSON-ready data (tuples as lists, no objects)."""
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if isinstance(value, (str, int, float, bool)) or value is None:
            out[key] = value
        elif isinstance(value, (list, tuple)):
            out[key] = [v if isinstance(v, (str, int, float, bool)) or v is None else str(v) for v in value]
        elif isinstance(value, dict):
            out[key] = {str(k): v for k, v in value.items() if isinstance(v, (str, int, float, bool, list)) or v is None}
    return out


def phase_words(deal: PhaseDeal, seat: int) -> list[str]:
    """The words of the moment, legal or not, that a person at `seat` may try: L'Hombre's bids
    in the auction and trumps when naming one; L'Homme d'Auvergne's words of the offer, the
    speech or the showing of kings; in 1802 and Brouc the announcements (`announcements`)."""
    rules = deal.rules
    if isinstance(deal, HommeDeal):
        return announcements(deal, seat)
    if isinstance(deal, HombreDeal):
        names = auction_words(rules)
        if deal.phase == "auction":
            return [w for w in names if not w.startswith("trump ") and w not in ("draw", "surrender", "stop")]
        if deal.phase == "declare":
            return [w for w in names if w.startswith("trump ")]
        return []
    if rules.on_phases and words_of(rules):
        return list({"turn-offer": ("turn", "leave"), "speech": ("play", "pass", "show"),
                     "showing": ("show", "pass")}.get(deal.phase, ()))
    return []


def announcements(deal: HommeDeal, seat: int) -> list[str]:
    """What a player of 1802 or Brouc may try to announce while the cards are played or in the
    window after a trick: each marriage whose cards he holds (hdb.marriage.announce-in-hand:
    one he does not hold is no announcement to offer), and in a game the claim and the
    declarations the ruleset has (hdb.game.claim, hdb.game.partie-et-vole,
    brouc.game.cape-pas-dedouble), whether or not the rules let him now."""
    if deal.phase not in ("play", "window"):
        return []
    rules = deal.rules
    hand = deal.hands[seat]
    out = [action_text(rules, rules.n_indices + suit * len(rules.kinds) + k)
           for suit in range(len(rules.suits)) for k, kind in enumerate(rules.kinds)
           if hand & kind.masks[suit] == kind.masks[suit]]
    if deal.context is not None:
        out.append("claim")
        declaration = game_rules(rules).get("declaration")
        if declaration:
            out += ["declare", "declare-double"] if "double" in declaration else ["declare"]
    return out


# -- the tables of a server -------------------------------------------------------------------


class TableStore:
    """The tables of a server, by id: at most `max_tables`, each dropped once idle for
    `idle_seconds` (`expire`, run by the server every minute and before a table is opened)."""

    def __init__(self, max_tables: int = 2_000, idle_seconds: float = 3_600.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.tables: dict[str, GameTable] = {}

    def expire(self) -> list[str]:
        """Drop the tables idle for longer than `idle_seconds`; their ids."""
        now = self.clock()
        gone = [k for k, t in self.tables.items() if now - t.touched > self.idle_seconds and not t.thinking]
        for k in gone:
            del self.tables[k]
        return gone

    def get(self, table_id: str) -> GameTable:
        table = self.tables.get(table_id)
        if table is None:
            shown = table_id if len(table_id) <= 40 else table_id[:40] + "..."
            raise RequestError(f"no table {shown!r} (it never was, or it was closed or left idle for "
                             f"{self.idle_seconds / 60:g} minutes)", "path", 404)
        table.touched = self.clock()
        return table

    def open(self, request: Mapping[str, Any]) -> GameTable:
        """A new table from a request: `ruleset`, `params`, `readings`, `seats` (one per table
        player: "you" or a player's spec), `mode` (`deal` or `session`), `seed`, `open`; or
        `paste` (a position or a record) with `seats`, `open` and `mode` (a record goes on as a
        session unless `mode` is `deal`; a position is one deal)."""
        self.expire()
        if len(self.tables) >= self.max_tables:
            raise RequestError(f"{len(self.tables):,} tables are open, the most this server keeps: close one or wait "
                             f"until idle ones expire", "body", 503)
        known = {"ruleset", "params", "readings", "seats", "mode", "seed", "open", "paste"}
        unknown = sorted(str(k) for k in request if k not in known)
        if unknown:
            raise RequestError(f"unknown field {quoted(unknown[0][:40])} (fields: {', '.join(sorted(known))})",
                             f"body.{unknown[0][:40]}")
        pasted = request.get("paste") is not None
        mode = request.get("mode", "session" if pasted else "deal")  # a record pasted in goes on as a game
        if mode not in ("deal", "session"):
            raise RequestError(f"mode is \"deal\" or \"session\", not {quoted(str(mode)[:40])}", "body.mode")
        open_hands = request.get("open", False)
        if not isinstance(open_hands, bool):
            raise RequestError("open is true or false", "body.open")
        log: list[tuple[int, int | None]] = []
        if pasted:
            if "ruleset" in request or "params" in request or "readings" in request:
                raise RequestError("a pasted position or record gives its own ruleset and parameters", "body.paste")
            rules, origin, log = read_paste(request["paste"])
            if origin.position is not None:
                mode = "deal"
        else:
            rules = read_rules(request.get("ruleset"), request.get("params"), request.get("readings"))
            seed = request.get("seed")
            if seed is None:
                seed = secrets.randbelow(1_000_000)
            if type(seed) is not int or not 0 <= seed < 2**63:
                raise RequestError("seed is a whole number from 0 to 2**63 - 1", "body.seed")
            origin = Origin(seed)
        seats_given = request.get("seats")
        n = rules.table_size
        if seats_given is None:
            seats_given = [HUMAN] + ["careful"] * (n - 1)
        if not isinstance(seats_given, list) or len(seats_given) != n:
            raise RequestError(f"seats is a list of {n} players for {rules.id}" + (
                f" (this reading seats {n})" if n != Rules.load(rules.id).table_size else ""), "body.seats")
        seats = [read_seat(s, f"body.seats[{k}]") for k, s in enumerate(seats_given)]
        table_id = secrets.token_urlsafe(9)
        try:
            table = GameTable(table_id, rules, seats, mode, origin, open_hands, log=log,
                              bot_seed=origin.seed ^ 0x5DEECE66D)
        except IllegalAction as exc:  # a record's action that its own replay took: should not happen
            raise RequestError(f"the pasted actions do not replay: {exc}", "body.paste") from None
        table.touched = self.clock()
        self.tables[table_id] = table
        return table

    def close(self, table_id: str) -> None:
        self.get(table_id)
        del self.tables[table_id]

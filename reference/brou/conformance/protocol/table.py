"""The table the protocol server plays each scenario on (conformance/PROTOCOL.md), for every ruleset.

`Table(rules, setup)` seats the protocol's fixed players (numbered once for the scenario; the
dealer given, drawn, or the last player; the player on his right leads) at a deal of the engine
that plays the ruleset (`brou.engine.deals.new_deal`), through `brou.cards.seating.Seating`.  It
takes actions, deals the next deal of a match or a session (a `deal` step) and answers the
observables by name.

What differs from one kind of game to another is named once, in a `Game` record (`GAMES`): what
a deal passes on to the next one (the partnership games' game and match, or a session of jetons
and card points, of marks, of points) and which observables it answers.  Each observable is one
function, registered (`observes`) for the kinds of game that answer it: the record's `answers`
is the registry `observe` reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards.deal import Deal, deal_from_cards, deal_from_seed
from ...cards.seating import Seating
from ...engine.deals import new_deal
from ...engine.hombre import HombreDeal
from ...engine.homme import HommeDeal, marriage_text
from ...engine.marks import marks_after, marks_winners
from ...engine.phases import PLAYED, PhaseDeal
from ...engine.session import carried_over, deal_entry, deals_to_play, handover, match_winner, next_offset, session_winners
from ...engine.sheet import sheet_rows
from ...engine.view import view
from ...errors import BrouError, IllegalAction
from ...laws.contracts import has_auction
from ...laws.first_dealer import dealer_of_draw
from ...laws.game import GameContext, Outcome
from ...laws.ledger import BANK, POOL, SHEET, account_balance, balances
from ...laws.results import deal_winner
from ...laws.speech import WORDS, has_speech
from ...laws.talon import TalonDeal, talon_deal_from_cards, talon_deal_from_seed, turns_a_card
from ...spec.rules import Rules, cards_of

Observe = Callable[["Table"], Any]
Record = dict[str, Any]


@dataclass(frozen=True)
class Game:
    """What one kind of game does its own way at the table.

    `carry` is what a deal passes on to the next (`match`: the partnership games' game and
    match, `setup.game` and `setup.match`; `session`: `setup.session`), `ended` how a `deal`
    step after its end is refused; `counts` are a session's numbers by player, the first the
    unit of the ledger's entries, and `refuses` the other games' counts a setup's session is
    refused for (the rest are not read); `over` says why a setup's session is already over, or None;
    `seats` and `no_player` say how many sit at the table and that a player is none of them;
    `answers` are the observables, by name (filled by `observes`)."""

    name: str
    carry: str
    ended: str
    counts: tuple[str, ...] = ()
    refuses: tuple[str, ...] = ()
    over: Callable[[Table, Record], str | None] = lambda table, record: None
    seats: str = "the ruleset has {table} players"
    no_player: str = "there is no player {player!r}"
    answers: dict[str, Observe] = field(default_factory=dict)


def _pool_over(table: Table, record: Record) -> str | None:
    winners = session_winners(table.rules, table.seating.player_sides(), record["deals"], record["jetons"], record["totals"])
    return "that session is already over" if winners else None


def _marks_over(table: Table, record: Record) -> str | None:
    marks = record["marks"]
    if marks_winners(table.rules, marks) is not None:
        return "that game is already won"
    if table.rules.data["session"]["debts"] == "forgiven" and min(marks) < 0:
        return "with debts forgiven no player has fewer than 0 marks"
    return None


def _coups_over(table: Table, record: Record) -> str | None:
    limit = deals_to_play(table.rules)
    if limit is not None and record["deals"] >= limit:
        return f"a game is {limit} coups; {record['deals']} are already played"
    return None


PARTNERSHIP = Game("partnership", "match", "the match was won")
POOL_OR_POINTS = Game("pool-or-points", "session", "the session was over", ("jetons", "totals"),
                      (), _pool_over)
SPEECH = Game("speech", "session", "the session was over", ("marks",), ("jetons", "totals"),
              _marks_over)
AUCTION = Game("auction", "session", "the session was over", ("points",),
               ("jetons", "totals", "marks"), _coups_over, "{table} sit at the table",
               "there is no player {player!r} at a table of {table}")
PHASES = (POOL_OR_POINTS, SPEECH, AUCTION)
GAMES = (PARTNERSHIP, *PHASES)


def game_of(rules: Rules) -> Game:
    """The kind of game a ruleset is: a partnership game (1802, Brouc, on `HommeDeal`), a game
    with an auction (L'Hombre), with a speech (L'Homme d'Auvergne), or neither (Brusquembille)."""
    if not rules.on_phases:
        return PARTNERSHIP
    if has_auction(rules):
        return AUCTION
    return SPEECH if has_speech(rules) else POOL_OR_POINTS


class Notation:
    """A ruleset's texts, worked out once and shared by every table that plays it (its `Rules`
    never changes): each card's text by card id, and the actions' texts and the actions of
    texts, remembered as the deal classes give them (`action_text`, `parse_action`: functions
    of the rules alone; a text that names no action is not remembered)."""

    __slots__ = ("cards", "texts", "actions")

    def __init__(self, rules: Rules) -> None:
        self.cards: tuple[str, ...] = tuple(rules.card_text(c) for c in range(rules.n_indices))
        self.texts: dict[int, str] = {}
        self.actions: dict[str, int] = {}

    def text(self, state: Any, action: int) -> str:
        """An action's text (`state.action_text`)."""
        text = self.texts.get(action)
        if text is None:
            text = self.texts[action] = str(state.action_text(action))
        return text

    def action(self, state: Any, text: str) -> int:
        """The action a text names (`state.parse_action`: IllegalAction if none)."""
        action = self.actions.get(text) if type(text) is str else None
        if action is None:
            action = state.parse_action(text)
            if type(text) is str:
                self.actions[text] = action
        return action


_NOTATIONS: dict[Rules, Notation] = {}  # not weak: a compiled Rules takes no weak reference


def notation(rules: Rules) -> Notation:
    """The ruleset's `Notation`, made once for each `Rules` (the last few hundred kept: a fuzzed
    run loads hundreds of readings)."""
    made = _NOTATIONS.get(rules)
    if made is None:
        if len(_NOTATIONS) >= 256:
            _NOTATIONS.clear()
        made = _NOTATIONS[rules] = Notation(rules)
    return made


class Table:
    """One scenario's deal at a table of fixed players, and the deals after it."""

    rules: Rules
    game: Game
    seating: Seating
    dealer: int
    before: Record | None  # the match's or the session's numbers before this deal (None: none given)
    state: Any  # the deal: HommeDeal, PhaseDeal or HombreDeal (brou.engine.deals.new_deal); callers know which
    notation: Notation
    shown: dict[str, dict[Any, Record]]  # `events` and `ledger`: each entry's record as observed, for this seating

    def __init__(self, rules: Rules, setup: Mapping[str, Any]) -> None:
        self.rules = rules
        self.notation = notation(rules)
        self.game = game = game_of(rules)
        if game.carry == "session" and ("game" in setup or "match" in setup):
            raise BrouError(f"setup: {rules.id} has no game or match of the partnership games (no 'game', 'match')")
        self._seat_round(self._first_dealer(setup))
        deal = self._deal(setup, "setup")
        if game.carry == "match":
            self.before = {"marks": list(setup["match"]["marks"])} if "match" in setup else None
            given = setup.get("game")
            context = None if given is None else self._context(given["scores"], given.get("carried", [0, 0]))
        else:
            self.before = self._session(setup.get("session"))
            context = None
        self.state = new_deal(rules, deal, self._deal_marks(), context)

    def _first_dealer(self, setup: Mapping[str, Any]) -> int:
        """The dealer of the first deal: drawn (`draw`), given (`dealer`) or the last player; in
        two pairs, one of the players who deal (`session.next_dealer_step`)."""
        rules, table = self.rules, self.rules.table_size
        if "draw" in setup:
            if "dealer" in setup:
                raise BrouError("setup: the dealer is given or drawn (draw), not both")
            dealer = dealer_of_draw(rules, setup["draw"])
        else:
            dealer = setup.get("dealer", table - 1)
            if type(dealer) is not int or not 0 <= dealer < table:
                raise BrouError(f"setup.dealer: no player {dealer!r} at a table of {table}")
        step = int(rules.data.get("session", {}).get("next_dealer_step", 1))
        if step > 1 and dealer % step != rules.dealer % step:
            dealers = ", ".join(str(p) for p in range(table) if p % step == rules.dealer % step)
            raise BrouError(f"setup.dealer: in this form only the rightmost player of a pair deals ({dealers})")
        return dealer

    def _seat_round(self, dealer: int) -> None:
        rules = self.rules
        self.dealer = dealer
        self.seating = Seating(rules.n_players, (dealer - rules.dealer) % rules.table_size, rules.teams, rules.table_size)
        self.shown = {"events": {}, "ledger": {}}

    def _deal(self, given: Mapping[str, Any], where: str) -> Deal | TalonDeal:
        """The deal of a setup or of a `deal` step: a seed (and a cut), or the hands by player
        (the player sitting the deal out, with four at L'Hombre's table, holds `[]`) with the
        turn-up, or with a game dealt with a talon, the talon from its top (the turned card
        apart) and the turn-up if the game turns one."""
        rules = self.rules
        if "seed" in given:
            from_seed = talon_deal_from_seed if rules.on_phases else deal_from_seed
            return from_seed(rules, int(given["seed"]), given.get("cut"))
        if "cut" in given:
            raise BrouError(f"{where}.cut: a cut needs a seed (hands given are already cut)")
        talon = rules.on_phases
        turns = turns_a_card(rules) if talon else True
        if talon and not turns and "turnup" in given:
            raise BrouError(f"{where}.turnup: {rules.id} turns no card at the deal; give the hands and the whole talon")
        if talon and "talon" not in given:
            apart = " (the turned card apart)" if turns else ""
            raise BrouError(f"{where}.talon: {rules.id} deals a talon; give its cards from the top{apart}")
        hands, table = given["hands"], rules.table_size
        if len(hands) != table:
            raise BrouError(f"{where}.hands: {len(hands)} hands given, {self.game.seats.format(table=table)}")
        for player in self.seating.sitting_out():
            if hands[player]:
                raise BrouError(f"{where}.hands: player {player} sits this deal out and holds no card")
        by_seat = [hands[self.seating.player(s)] for s in range(rules.n_players)]
        if not talon:
            return deal_from_cards(rules, by_seat, given["turnup"])
        return talon_deal_from_cards(rules, by_seat, given["talon"], given.get("turnup"))

    def _session(self, given: Any) -> Record | None:
        """setup.session: the deals played before this one and the game's counts by player."""
        if given is None:
            return None
        counts, n = self.game.counts, self.rules.table_size
        if any(name in given for name in self.game.refuses):
            kept = ", ".join(repr(name) for name in ("deals", *counts))
            raise BrouError(f"setup.session: {self.rules.id} keeps {counts[0]} by player ({kept})")
        record: Record = {"deals": int(given.get("deals", 0))}
        for name in counts:
            record[name] = [int(v) for v in given.get(name, [0] * n)]
            if len(record[name]) != n:
                each = "each" if len(counts) > 1 else "them"
                raise BrouError(f"setup.session: {' and '.join(counts)} are by player, {n} of {each}")
        problem = self.game.over(self, record)
        if problem is not None:
            raise BrouError(f"setup.session: {problem}")
        return record

    def _deal_marks(self) -> list[int] | None:
        """The players' marks by deal seat in a game to a number of marks (the deal ends the
        moment one of them wins the game); None for every other deal."""
        if self.game is not SPEECH or self.before is None:
            return None
        return [self.before["marks"][self.seating.player(s)] for s in range(self.rules.n_players)]

    def _context(self, scores: Sequence[int], carried: Sequence[int]) -> GameContext:
        """A partnership deal inside a game: the scores and the carried marriages by deal team."""
        return GameContext(*(tuple(int(values[self.team(t)]) for t in range(2)) for values in (scores, carried)))

    def team(self, deal_team: int) -> int:
        """The table's team (0: players 0 and 2) of a partnership deal's team."""
        return (deal_team + self.seating.offset) % 2

    def player(self, seat: int) -> int:
        return self.seating.player(seat)

    def seat(self, player: int) -> int:
        return self.seating.seat(player)

    def action_text(self, action: int) -> str:
        return self.notation.text(self.state, action)

    # -- steps (PROTOCOL.md, "Steps and their results") ----------------------------------

    def act(self, text: str, player: Any = None) -> dict[str, Any]:
        """One action, of the player to act or (feature out-of-turn) of the `player` given."""
        state = self.state
        try:
            if player is None:
                state.apply(self.notation.action(state, text))  # state.apply_text, its texts remembered
            else:
                seating = self.seating
                if type(player) is not int or not 0 <= player < seating.at_table or player in seating.sitting_out():
                    # refused as wrong-seat, after what docs/errors.md puts first: the text, then deal-over
                    state.parse_action(text)
                    if state.is_over:
                        raise IllegalAction("deal-over", "the deal is finished")
                    raise IllegalAction("wrong-seat", self._no_seat(player))
                state.apply(self.notation.action(state, text), seating.seat(player))
        except IllegalAction as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}
        return {"ok": True}

    def _no_seat(self, player: Any) -> str:
        """Why an `act` step's player has no seat in the deal: no such player, or (with four at
        L'Hombre's table) he sits the deal out."""
        if type(player) is int and player in self.seating.sitting_out():
            return f"player {player} sits this deal out"
        return self.game.no_player.format(player=player, table=self.seating.at_table)

    def next_deal(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """A `deal` step: the next deal of the match or the session, once this one is over and
        the match or session is not; the deal moves (`brou.engine.session.next_offset`) and what the match or
        session counts adds up (`_passed_on`)."""
        game, rules = self.game, self.rules
        if self.before is None:
            raise BrouError(f"a 'deal' step needs a {game.carry} (setup.{game.carry})")
        if not self.state.is_over:
            raise BrouError("a 'deal' step came while the deal was still being played")
        after = self._passed_on()
        if after is None:
            raise BrouError(f"a 'deal' step came after {game.ended}")
        following = next_offset(rules, self.seating.offset)
        self.seating = Seating(rules.n_players, following, rules.teams, rules.table_size)
        self.shown = {"events": {}, "ledger": {}}
        self.dealer = self.seating.player(rules.dealer)
        deal = self._deal(given, "deal")
        context = None
        if game.carry == "match":
            context = self._context(after.pop("scores"), after.pop("carried"))
        self.before = after
        self.state = new_deal(rules, deal, self._deal_marks(), context)
        return {"ok": True}

    def _passed_on(self) -> Record | None:
        """What the deal just played passes on to the next (None: the match or the session is
        over): the marks, and the scores and carried marriages of the next deal's game
        (`brou.engine.session.handover`), or the session's counts."""
        before = self.before
        assert before is not None
        if self.game.carry == "match":
            passed = handover(self.state, self.seating.offset)
            marks = [m + x for m, x in zip(before["marks"], passed.marks, strict=True)]
            if match_winner(self.rules, marks) is not None:
                return None
            return {"marks": marks, "scores": passed.scores, "carried": passed.carried}
        after = self.observe("session")
        return None if after["winners"] is not None else {name: after[name] for name in before}

    # -- observations (PROTOCOL.md, "What can be observed") ------------------------------

    def observe(self, name: str) -> Any:
        answer = self.game.answers.get(name)
        if answer is None:
            raise BrouError(f"nothing called '{name}' can be observed in {self.rules.id}")
        return answer(self)

    def by_player(self, by_seat: Sequence[Any], empty: Any = 0) -> list[Any]:
        """Values by deal seat as values by table player (`empty` for a player sitting out)."""
        seating = self.seating
        if seating.table == seating.n:
            return [by_seat[seating.seat(p)] for p in range(seating.n)]
        seats = {seating.player(s): s for s in range(seating.n)}
        return [by_seat[seats[p]] if p in seats else empty for p in range(seating.at_table)]

    def account(self, account: int) -> int | str:
        """A ledger account: the pool, the bank, the score sheet, or a player."""
        return "pool" if account == POOL else "bank" if account == BANK else "sheet" if account == SHEET else self.player(account)

    def following_dealer(self) -> int:
        rules = self.rules
        return Seating(rules.n_players, next_offset(rules, self.seating.offset), rules.teams,
                       rules.table_size).player(rules.dealer)


def observes(name: str, *games: Game) -> Callable[[Observe], Observe]:
    """Register an observable's function for the kinds of game that answer it."""
    def register(answer: Observe) -> Observe:
        for game in games:
            assert name not in game.answers, (name, game.name)
            game.answers[name] = answer
        return answer
    return register


# -- what every game answers alike ------------------------------------------------------


@observes("to_act", *GAMES)
def to_act(table: Table) -> int | None:
    state = table.state
    return None if state.is_over else table.seating.player(state.to_act)


@observes("legal", *GAMES)
def legal(table: Table) -> list[str]:
    state, texts, text = table.state, table.notation.texts, table.notation.text
    return [texts.get(a) or text(state, a) for a in state.legal_actions()]


@observes("speakers", *GAMES)
def speakers(table: Table) -> list[list[str]]:
    """By player: what he may do now (the player to act: `legal`; the others: their
    out-of-turn actions, most often none; nothing for a player sitting the deal out)."""
    state, seating, text = table.state, table.seating, table.notation.text
    out = seating.sitting_out()
    return [[] if p in out else [text(state, a) for a in state.legal_actions(seating.seat(p))]
            for p in range(seating.at_table)]


@observes("trick", *GAMES)
def trick(table: Table) -> list[str]:
    cards = table.notation.cards
    return [cards[c] for c in table.state.trick]


@observes("tricks", *GAMES)
def tricks(table: Table) -> list[int]:
    player = table.seating.player
    return [player(winner) for _, _, winner in table.state.tricks]


@observes("trump", *GAMES)
def trump(table: Table) -> str | None:
    suit = table.state.trump
    return None if suit is None else table.rules.suits[suit]


@observes("over", *GAMES)
def over(table: Table) -> bool:
    return bool(table.state.is_over)


@observes("deal", *GAMES)
def deal(table: Table) -> dict[str, Any]:
    """The deal as dealt: the hands by player, the talon from its top (the turned card apart),
    the turned card."""
    dealt, rules, cards = table.state.deal, table.rules, table.notation.cards
    out: dict[str, Any] = {"hands": table.by_player([[cards[c] for c in cards_of(h)] for h in dealt.hands], [])}
    turns = not rules.on_phases or turns_a_card(rules)
    if rules.on_phases:
        out["talon"] = [cards[c] for c in (dealt.stock[:-1] if turns else dealt.stock)]
    if turns:
        out["turnup"] = cards[dealt.turnup]
    return out


# -- the partnership games: 1802 and Brouc ----------------------------------------------


@observes("announcements", PARTNERSHIP)
def announcements(table: Table) -> list[dict[str, Any]]:
    rules = table.rules
    return [{"player": table.player(seat), "marriage": marriage_text(rules, suit, kind), "points": points}
            for seat, suit, kind, _, points, _ in table.state.announcements]


@observes("table", PARTNERSHIP)
def table_marriages(table: Table) -> list[dict[str, Any]]:
    rules = table.rules
    return [{"trick": index + 1, "marriage": marriage_text(rules, suit, kind), "team": table.team(team), "points": points}
            for index, suit, kind, team, points in table.state.table]


@observes("result", PARTNERSHIP)
def team_result(table: Table) -> list[dict[str, int]]:
    out: list[dict[str, int]] = [{}, {}]
    for t, r in enumerate(table.state.result().teams):
        out[table.team(t)] = {"tricks": r.tricks, "card_points": r.card_points, "marriages": r.announced + r.table,
                              "rounded": r.rounded_cards, "total": r.total}
    return out


@observes("outcome", PARTNERSHIP)
def game_outcome(table: Table) -> dict[str, Any] | None:
    outcome = table.state.outcome
    if outcome is None:
        return None
    marks, scores = [0, 0], [0, 0]
    for t in range(2):
        marks[table.team(t)] = outcome.marks[t]
        scores[table.team(t)] = outcome.scores[t]
    winner = None if outcome.winner is None else table.team(outcome.winner)
    return {"how": outcome.how, "winner": winner, "marks": marks, "scores": scores}


def _match(table: Table, name: str) -> Record:
    if table.before is None:
        raise BrouError(f"'{name}' is observed only in a scenario whose setup has a match")
    return table.before


@observes("match", PARTNERSHIP)
def match(table: Table) -> dict[str, Any]:
    marks = list(_match(table, "match")["marks"])
    outcome = game_outcome(table)
    if outcome is not None:
        marks = [m + x for m, x in zip(marks, outcome["marks"], strict=True)]
    carried = [0, 0]
    for t, points in enumerate(carried_over(table.state)):
        carried[table.team(t)] = points
    return {"marks": marks, "winner": match_winner(table.rules, marks) if outcome else None,
            "next_dealer": table.following_dealer(), "carried": carried}


def _game_before(table: Table) -> tuple[list[int], list[int]]:
    """The written scores and the carried marriages before this deal, by team."""
    context = table.state.context
    if context is None:
        return [0, 0], [0, 0]
    scores, carried = [0, 0], [0, 0]
    for t in range(2):
        scores[table.team(t)], carried[table.team(t)] = context.scores[t], context.carried[t]
    return scores, carried


@observes("start", PARTNERSHIP)
def start(table: Table) -> dict[str, Any]:
    """What the deal being played started from: its dealer, and the written scores, the
    carried marriages and the marks before it (feature deals)."""
    marks = _match(table, "start")["marks"]
    scores, carried = _game_before(table)
    return {"dealer": table.dealer, "scores": scores, "carried": carried, "marks": list(marks)}


@observes("sheet", PARTNERSHIP)
def sheet(table: Table) -> list[dict[str, Any]]:
    """The rows this deal writes on the score sheet (the marque or the slate): while the
    deal is played, the marriages written so far; once it is over, all of them."""
    state: HommeDeal = table.state
    context = state.context
    if context is None:
        raise BrouError("'sheet' is observed only in a scenario whose setup has a game")
    scores_before, carried_in = _game_before(table)
    in_play = state.outcome is None
    if in_play:  # the rows so far: count the deal as if it ended now, keep its marriages
        state = state.copy()
        state.outcome = Outcome("played-out", None, (0, 0), context.scores)
    entry = deal_entry(state, table.seating.offset, number=1, game=1, seed=None,
                                         scores_before=scores_before, carried_in=carried_in)
    spec = table.rules.data["match"]
    rows = sheet_rows({"unit": spec["unit"], "reaching_target": spec["reaching_target"], "deals": [entry]})
    if in_play:
        rows = [row for row in rows if row.kind in ("marriage", "announcement")]
    return [{"kind": row.kind, "nous": row.nous, "eux": row.eux} for row in rows]


# -- the games on the phase engine: a talon, a ledger, a session (PROTOCOL.md, "Games with a talon")


@observes("talon", *PHASES)
def talon(table: Table) -> int:
    return len(table.state.stock)


@observes("events", *PHASES)
def events(table: Table) -> list[dict[str, Any]]:
    shown, out = table.shown["events"], []
    for e in table.state.events:
        record = shown.get(e)
        if record is None:
            record = shown[e] = {"trick": e.trick, "player": table.player(e.seat), e.kind: table.notation.cards[e.card]}
        out.append(record.copy())
    return out


@observes("ledger", *PHASES)
def ledger(table: Table) -> list[dict[str, Any]]:
    shown, out = table.shown["ledger"], []
    for e in table.state.ledger:
        record = shown.get(e)
        if record is None:
            record = shown[e] = {"trick": e.trick, "from": table.account(e.giver), "to": table.account(e.taker),
                                 table.game.counts[0]: e.jetons,
                                 "card": None if e.card is None else table.notation.cards[e.card], "clause": e.clause}
        out.append(record.copy())
    return out


@observes("result", *PHASES)
def seat_result(table: Table) -> list[dict[str, int]]:
    """By player: tricks, (Brusquembille) card points, and the deal's net jetons, marks or points."""
    unit = table.game.counts[0]
    if "totals" in table.game.counts:  # a session that adds up card points
        rows = [{"tricks": r.tricks, "card_points": r.card_points, unit: r.jetons} for r in table.state.seat_results()]
    else:
        rows = [{"tricks": r.tricks, unit: r.jetons} for r in table.state.seat_results()]
    return table.by_player(rows, {"tricks": 0, unit: 0})


def _net(table: Table) -> list[int]:
    """The deal's net of the ledger, by player."""
    return table.by_player(balances(table.state.ledger, table.rules.n_players))


def _session(table: Table) -> Record:
    if table.before is None:
        raise BrouError("'session' is observed only in a scenario whose setup has a session")
    return table.before


@observes("session", POOL_OR_POINTS, AUCTION)
def session(table: Table) -> dict[str, Any]:
    """The session with this deal counted once it is over: deals played, each player's net
    jetons or points (and card points, his side's), the winners or null, who deals next."""
    before, rules, state = _session(table), table.rules, table.state
    counts = table.game.counts
    deals, totals = before["deals"], {name: list(before[name]) for name in counts}
    winners = None
    if state.is_over:
        deals += 1
        for p, net in enumerate(_net(table)):
            totals[counts[0]][p] += net
        if "totals" in totals:
            points, team_of, seat = state.side_points(), rules.team_of, table.seating.seat
            for p in range(rules.n_players):
                totals["totals"][p] += points[team_of[seat(p)]]
        player_sides = table.seating.player_sides()
        winners = session_winners(rules, player_sides, deals, totals[counts[0]], totals.get("totals", totals[counts[0]]))
    return {"deals": deals, **totals, "winners": winners, "next_dealer": table.following_dealer()}


@observes("outcome", POOL_OR_POINTS)
def pool_outcome(table: Table) -> dict[str, Any] | None:
    state: PhaseDeal = table.state
    winners = state.winners()
    if winners is None:
        return None
    rules = table.rules
    points = state.side_points()
    shares = [0] * rules.n_players
    for entry in state.ledger:
        if entry.clause == "brus.count.winner" and entry.taker >= 0:
            shares[table.player(entry.taker)] += entry.jetons
    return {"how": "played-out",
            "winners": sorted(table.player(s) for side in winners for s in rules.teams[side]),
            "points": [points[rules.team_of[table.seat(p)]] for p in range(rules.n_players)],
            "shares": shares,
            "bank": account_balance(state.ledger, BANK)}


# -- a game with a speech: L'Homme d'Auvergne (PROTOCOL.md, "Games with a speech") ---------


@observes("homme", SPEECH)
def homme(table: Table) -> int | None:
    seat = table.state.homme
    return None if seat is None else table.player(seat)


@observes("words", SPEECH)
def words(table: Table) -> list[dict[str, Any]]:
    return [{"player": table.player(seat), "word": WORDS[word]} for seat, word in table.state.words]


@observes("outcome", SPEECH)
def speech_outcome(table: Table) -> dict[str, Any] | None:
    state = table.state
    if not state.is_over:
        return None
    winner = deal_winner(table.rules.n_players, [w for _, _, w in state.tricks]) if state.ended == PLAYED else None
    return {"how": state.ended, "homme": homme(table), "winner": None if winner is None else table.player(winner),
            "marks": _net(table)}


@observes("session", SPEECH)
def marks_session(table: Table) -> dict[str, Any]:
    """The game so far, this deal's marks counted as they are written: deals played (this
    one once over), each player's marks, the winners or null, who deals next."""
    before, rules, state = _session(table), table.rules, table.state
    by_seat = table._deal_marks()
    assert by_seat is not None
    marks = table.by_player(marks_after(rules, by_seat, state.ledger))
    winners = marks_winners(rules, marks)
    return {"deals": before["deals"] + (1 if state.is_over else 0), "marks": marks,
            "winners": None if winners is None else sorted(winners), "next_dealer": table.following_dealer()}


# -- a game with an auction: L'Hombre (PROTOCOL.md, "Games with an auction") -------------


@observes("auction", AUCTION)
def auction(table: Table) -> list[dict[str, Any]]:
    return [{"player": table.player(seat), "bid": "pass" if bid is None else bid} for seat, bid in table.state.said]


@observes("hombre", AUCTION)
def hombre(table: Table) -> int | None:
    seat = table.state.hombre
    return None if seat is None else table.player(seat)


@observes("contract", AUCTION)
def contract(table: Table) -> dict[str, Any] | None:
    row = table.state.contract
    if row is None:
        return None
    suit = table.state.trump
    return {"name": row.name, "trump": None if suit is None else table.rules.suits[suit]}


@observes("exchange", AUCTION)
def exchange(table: Table) -> list[dict[str, int]]:
    """Who exchanged how many cards, in order (a player who kept his hand: 0)."""
    return [{"player": table.player(seat), "discarded": count} for seat, count in table.state.exchanges]


@observes("outcome", AUCTION)
def hombre_outcome(table: Table) -> dict[str, Any] | None:
    state: HombreDeal = table.state
    if not state.is_over:
        return None
    return {"how": state.ended, "hombre": hombre(table), "contract": None if state.contract is None else state.contract.name,
            "result": state.outcome, "vole": state.vole, "points": _net(table)}


@observes("view", PARTNERSHIP, POOL_OR_POINTS, SPEECH, AUCTION)
def views(table: Table) -> list[dict[str, Any]]:
    """What each player at the table may see now, by player (brou.engine.view; PROTOCOL.md, "The
    view"); a player who sits the deal out (L'Hombre with four) sees it from outside."""
    seating = table.seating
    out = seating.sitting_out()
    return [view(table.state, None if p in out else seating.seat(p), seating, p) for p in range(seating.at_table)]

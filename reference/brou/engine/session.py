"""A session: the deals played at one table, from the draw for the first dealer to the end, in
every game (docs/design.md, "8. Sessions").

Its kind is the ruleset's (`session_kind`): `games-and-marks`, deals grouped into games and
games into a match (1802's parties, Brouc's coches: the ruleset's `match` section); `pool`,
rounds played for a pool, and `points`, a game to a total of card points (Brusquembille,
clauses brus.match.*); `marks`, a game to a number of marks (L'Homme d'Auvergne,
`brou.engine.marks`: it ends the moment a player reaches the target); `coups`, a number of coups
(L'Hombre).  One class, `Session`, plays them all: it draws the first dealer from the draw seed
(`brou.laws.first_dealer.draw_first_dealer` with `draw_seed(seed)`, so the draw takes nothing
from the deals' stream), deals deal k from the k-th SplitMix64 output of the seed (see
brou.cards.shuffle; a session does not cut, since a cut of a uniformly shuffled pack adds no
chance), moves the deal after each one (`next_offset`) and keeps what each deal gave.  What is
the kind's is in `KINDS`, one small function each: what a deal starts from, what a finished
deal gives and hands on to the next, who has won (None while the session goes on), and the
record.  A session replayed from its game record (`brou.engine.record`) takes its deals from
the record instead (`dealt`).

Players are numbered at the table once for the session: a deal's seat `s` is player
`seating.player(s)` (`brou.cards.seating.Seating`).  The sides are lists of players, fixed for
the session: in 1802 and Brouc team 0 is players 0 and 2 (the "Nous" of the 1802 marque), team 1
players 1 and 3, so deal team `t` is team `(t + offset) % 2`.  `Session.record()` is the whole
session as plain data: what `brou match --json`, the game record and the score sheets
(`brou.engine.sheet`) read.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards.deal import Deal, deal_from_seed
from ..cards.seating import Seating
from ..cards.shuffle import splitmix64
from ..errors import BrouError
from ..laws.first_dealer import FirstDraw, draw_first_dealer, draw_seed
from ..laws.game import GameContext
from ..laws.ledger import balances
from ..laws.results import stakes
from ..laws.talon import TalonDeal, talon_deal_from_seed
from ..spec.clauses import implements
from ..spec.rules import Rules
from .bots import Bot, acts_out_of_turn, next_move, seated
from .deals import new_deal
from .hombre import HombreDeal
from .homme import HommeDeal, marriage_text
from .marks import marks_winners, pot
from .notation import position_notation
from .phases import PhaseDeal

GAMES_AND_MARKS = "games-and-marks"  # the kind of 1802's and Brouc's matches (their `match` section)
# the next deal, in the engine's seats, given the session as it stands before it
Dealt = Callable[["Session"], Deal | TalonDeal]


def session_kind(rules: Rules) -> str:
    """The kind of a ruleset's sessions: its `session.kind`, or `games-and-marks` for a ruleset
    whose sessions are matches (a `match` section: 1802, Brouc)."""
    section = rules.data.get("session")
    return GAMES_AND_MARKS if section is None else str(section["kind"])


def match_rules(rules: Rules) -> dict[str, Any]:
    """The `match` section of a ruleset whose sessions are games and marks."""
    result: dict[str, Any] = rules.data["match"]
    return result


@implements("hdb.match.next-dealer", "brus.match.next-dealer", "auv.match.next-dealer", "hom.match.next-dealer")
def next_offset(rules: Rules, offset: int) -> int:
    """After a deal, played or not, the deal passes to the dealer's right, to the player who led
    it (deal seat 0), or in 1802 with next_dealer=left to his left (deal seat 2); in
    Brusquembille's two pairs it alternates between the rightmost players of the pairs
    (`session.next_dealer_step`: 2); with four at L'Hombre's table it goes round all four."""
    section = rules.data.get("session")
    step = int(section["next_dealer_step"]) if section else 1 if match_rules(rules)["next_dealer"] == "right" else -1
    return (offset + step) % rules.table_size


# -- games and marks (1802, Brouc) ---------------------------------------------------------


@implements("hdb.match.target", "brouc.match.coches")
def match_winner(rules: Rules, marks: list[int]) -> int | None:
    """The team that has won the match, if any: the first to mark the target number of
    parties wins (1802); the first to mark the fifth coche loses (Brouc, parameter
    match_fifth_coche)."""
    spec = match_rules(rules)
    for team, marked in enumerate(marks):
        if marked >= spec["target"]:
            return team if spec["reaching_target"] == "wins" else 1 - team
    return None


@dataclass
class Handover:
    """What a finished deal passes on, in match teams: the marks it adds, the scores the
    next deal starts from (0 to 0 once a game is won), the marriages carried into it, and
    whether a game was won."""

    marks: list[int]
    scores: list[int]
    carried: list[int]
    game_won: bool


def handover(state: HommeDeal, offset: int) -> Handover:
    """What the finished deal `state`, dealt at `offset`, passes on to the next deal: its
    marks, the scores (a game won starts the next at 0 to 0) and the carried marriages
    (`carried_over`), from deal teams to match teams."""
    outcome = state.outcome
    assert outcome is not None
    marks, scores, carried = [0, 0], [0, 0], [0, 0]
    won = outcome.winner is not None
    kept = carried_over(state)
    for t in range(2):
        m = (t + offset) % 2
        marks[m] = outcome.marks[t]
        if not won:
            scores[m] = outcome.scores[t]
            carried[m] = kept[t]
    return Handover(marks, scores, carried, won)


def carried_over(state: HommeDeal) -> tuple[int, int]:
    """What a finished deal hands on to the next one, per deal team: after a Brouc cape
    (clause brouc.game.cape) the announced marriages of both sides, or with parameter
    cape_carry_over=cape-side-only those of the cape team only; otherwise nothing.  Table
    marriages are never carried."""
    rules = state.rules
    outcome = state.outcome
    if outcome is None or outcome.how != "all-tricks" or rules.data["game"]["marked_by"] != "loser":
        return (0, 0)
    cape_team = state.team_tricks.index(rules.n_tricks)
    both = rules.params.get("cape_carry_over", "both-sides") == "both-sides"
    return (state.announced_points[0] if both or cape_team == 0 else 0,
            state.announced_points[1] if both or cape_team == 1 else 0)


def deal_entry(state: HommeDeal, offset: int, *, number: int, game: int, seed: int | None,
               scores_before: list[int], carried_in: list[int]) -> dict[str, Any]:
    """A finished deal of a game as the match record keeps it, in match teams (players 0
    and 2 are team 0): what the score sheets (brou.engine.sheet) are drawn from."""
    outcome = state.outcome
    assert outcome is not None
    rules = state.rules
    n = rules.n_players

    def team(t: int) -> int:
        return (t + offset) % 2

    marks = [0, 0]
    scores_after = [0, 0]
    for t in range(2):
        marks[team(t)] += outcome.marks[t]
        scores_after[team(t)] = outcome.scores[t]
    result = state.result()
    entry: dict[str, Any] = {
        "number": number,
        "game": game,
        "dealer": (rules.dealer + offset) % n,
        "seed": seed,
        "seat_of_player": [(p - offset) % n for p in range(n)],
        "record": state.record(),
        "scores_before": list(scores_before),
        "announcements": [
            {"team": team(rules.team_of[seat]), "player": (seat + offset) % n,
             "marriage": marriage_text(rules, suit, kind), "points": points, "after_trick": after}
            for seat, suit, kind, extends, points, after in state.announcements
        ],
        "table": [
            {"team": team(t), "marriage": marriage_text(rules, suit, kind), "points": points, "trick": index + 1}
            for index, suit, kind, t, points in state.table
        ],
        "tricks": [0, 0],
        "card_points": [0, 0],
        "rounded": [0, 0],
        "how": outcome.how,
        "game_winner": None if outcome.winner is None else team(outcome.winner),
        "marks": marks,
        "carried_in": list(carried_in),
        "scores_after": scores_after,
    }
    for t, team_result in enumerate(result.teams):
        entry["tricks"][team(t)] = team_result.tricks
        entry["card_points"][team(t)] = team_result.card_points
        entry["rounded"][team(t)] = team_result.rounded_cards
    return entry


# -- rounds, points and coups (Brusquembille, L'Hombre) ------------------------------------


@implements("brus.match.rounds", "hom.match.coups")
def deals_to_play(rules: Rules) -> int | None:
    """For a session played for the pool: the agreed number of rounds, each a deal by every
    player at the table in turn; in two pairs, where only the rightmost player of each pair
    deals, a round is as many deals as players (`session.round_deals` players, the default) or
    one deal by each of the two dealers (`dealers`; parameter pairs_round, AMB-69); for a game of
    coups (L'Hombre), its coups, 30 (40 with four at the table), a coup not played counting as
    one; None for the game for points, which ends on its total."""
    session = rules.data["session"]
    if session["kind"] == "coups":
        return int(session["coups"])
    if session["kind"] != "pool":
        return None
    per_round = rules.n_players
    if session.get("round_deals", "players") == "dealers":  # the players who deal in turn
        per_round = len({(int(session["next_dealer_step"]) * k) % rules.table_size for k in range(rules.table_size)})
    return int(session["rounds"]) * per_round


@implements("brus.match.points")
def points_winner(rules: Rules, totals: list[int]) -> list[int] | None:
    """For the game for points: once a side's total reaches the target at the end of a deal,
    the sides with the highest total; tied at the top, under points_tie=play-on nobody yet
    (another deal is played), under shared all of them.  None while nobody has reached it."""
    session = rules.data["session"]
    if max(totals) < session["target"]:
        return None
    top = max(totals)
    best = [side for side, t in enumerate(totals) if t == top]
    if len(best) > 1 and session["tie_at_target"] == "play-on":
        return None
    return best


def session_winners(rules: Rules, sides: list[list[int]], deals: int, jetons: list[int],
                    totals: list[int]) -> list[int] | None:
    """The players who have won a session for the pool, for points or of coups once `deals`
    deals are over, or None while it goes on: for the pool, after the rounds agreed
    (`deals_to_play`), the players with the most jetons; for points, the players of the sides
    `points_winner` names.  `sides` are lists of players; `jetons` and `totals` (card points,
    each player his side's) are by player.  A game of coups ends after its coups, won by the
    players with the most points (`jetons`)."""
    limit = deals_to_play(rules)
    if limit is not None:
        if deals < limit:
            return None
        top = max(jetons)
        return [p for p, v in enumerate(jetons) if v == top]
    best = points_winner(rules, [totals[side[0]] for side in sides])
    return None if best is None else sorted(p for side in best for p in sides[side])


def cave(rules: Rules) -> int:
    """What each player starts a session for the pool with, in jetons: his fiches (per round
    played) and his loose jetons (brus.stakes.pool)."""
    s = stakes(rules)
    return s["fiches_per_round"] * int(rules.data["session"]["rounds"]) * s["fiche"] + s["jetons"]


# -- the session ---------------------------------------------------------------------------


class Session:
    """A session in progress; `deal` is the deal being played.  The first dealer is drawn from
    the seed (`draw_first_dealer` with `draw_seed(seed)`) unless `first_dealer` is given; the
    deals come from the seed unless `dealt` gives them (a replayed record)."""

    def __init__(self, rules: Rules, seed: int, first_dealer: int | None = None, dealt: Dealt | None = None) -> None:
        self.rules = rules
        self.kind = session_kind(rules)
        self._kind = KINDS[self.kind]
        self._dealt = dealt
        self.seeded = dealt is None  # the deals come from the seed (not from a record)
        self.seed = seed
        self._seed_state = seed
        n = rules.table_size
        self.draw: FirstDraw | None = None
        if first_dealer is None:
            self.draw = draw_first_dealer(rules, draw_seed(seed))
            first_dealer = self.draw.dealer
        if not 0 <= first_dealer < n:
            raise BrouError(f"first dealer: no player {first_dealer} at a table of {n}")
        self.seating = Seating(rules.n_players, (first_dealer - rules.dealer) % n, rules.teams, n)
        # by players: fixed for the session (pairs deal every other seat; at L'Hombre each for himself)
        self.sides = [[p] for p in range(n)] if n != rules.n_players else sorted(self.seating.player_sides())
        self.marks = [0] * len(self.sides)  # by side: a match's parties or coches, a game's marks
        self.jetons = [0] * n  # by player
        self.scores = [0, 0]  # games and marks: the game's score by team, and the marriages carried
        self.carried = [0, 0]
        self.game = 1  # games and marks: the game being played, and those won
        self.games: list[dict[str, Any]] = []
        self.deals: list[dict[str, Any]] = []
        self.winners: list[int] | None = None  # the players who won, once the session is over
        self._deal_next()

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def winner(self) -> int | None:
        """The side whose players have won, when they are one side: a match's team (0, players 0
        and 2, or 1); None while the session goes on, or when several sides share the win."""
        return self.sides.index(self.winners) if self.winners in self.sides else None

    @property
    def by_marks(self) -> bool:
        """Whether the game is played to a number of marks (L'Homme d'Auvergne)."""
        return self.kind == "marks"

    @property
    def offset(self) -> int:
        """Where the deal stands: deal seat `s` is player `(s + offset) % n` (`Seating`)."""
        return self.seating.offset

    @property
    def dealer(self) -> int:
        """The table player who deals the current deal."""
        return self.seating.player(self.rules.dealer)

    def _new_deal(self) -> PhaseDeal:
        marks, context = self._kind.starts(self)
        if self._dealt is not None:
            self._deal_seed: int | None = None
            return new_deal(self.rules, self._dealt(self), marks, context)
        self._seed_state, self._deal_seed = splitmix64(self._seed_state)
        dealt = (talon_deal_from_seed if self.rules.on_phases else deal_from_seed)(self.rules, self._deal_seed)
        return new_deal(self.rules, dealt, marks, context)

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply an action to the current deal (`seat`: a player's out of turn, in deal seats, as
        `PhaseDeal.apply` takes it); when the deal ends, count it and deal the next."""
        self.deal.apply(action, seat)
        if self.deal.is_over:
            self._close_deal()

    def _close_deal(self) -> None:
        self.deals.append(self._kind.counted(self, self.deal))
        rules = self.rules
        self.seating = Seating(rules.n_players, next_offset(rules, self.seating.offset), rules.teams, rules.table_size)
        self.winners = self._kind.winners(self)
        if self.winners is None:
            self._deal_next()

    def _deal_next(self) -> None:
        """Deal the next deal; one that ends as it is dealt (L'Homme d'Auvergne with turner=dealer:
        the dealer turns a king that brings him to the target, auv.match.target) is counted at once."""
        self.deal = self._new_deal()
        if self.deal.is_over:
            self._close_deal()

    def under(self, rules: Rules) -> Session:
        """This session as it stands at the start of its current deal, under other rules of
        the same game (another reading of an ambiguity, brou.study.arising): the same
        standing (the table's seating, the marks, jetons, scores and carried marriages, the
        games and deals played) and the current deal dealt again from the same deal seed under
        `rules`, before any action (a deal that ends as it is dealt is counted at once)."""
        other = object.__new__(Session)
        other.__dict__.update(self.__dict__)
        other.rules = rules
        other.kind = session_kind(rules)
        other._kind = KINDS[other.kind]
        other.marks, other.jetons = list(self.marks), list(self.jetons)
        other.scores, other.carried = list(self.scores), list(self.carried)
        other.games, other.deals = list(self.games), list(self.deals)
        if self._dealt is not None or self._deal_seed is None:
            raise BrouError("only a session dealt from its seed can be dealt again under other rules")
        marks, context = other._kind.starts(other)
        dealt = (talon_deal_from_seed if rules.on_phases else deal_from_seed)(rules, self._deal_seed)
        other.deal = new_deal(rules, dealt, marks, context)
        if other.deal.is_over:
            other._close_deal()
        return other

    def _notation(self, deal: PhaseDeal) -> str:
        """A finished deal's line: its players are the table's; at a table of more (L'Hombre
        with four) the deal's seats."""
        rules = self.rules
        return position_notation(deal, self.seating.player(rules.dealer) if rules.table_size == rules.n_players else None)

    def _player_totals(self) -> list[int]:
        """Each player's total of card points over the session (a pair's players share theirs)."""
        return [sum(d["points"][p] for d in self.deals) for p in range(self.rules.table_size)]

    def play(self, bots: Sequence[Bot], rng: random.Random, max_deals: int = 100_000) -> None:
        """Play to the end: `bots[p % len(bots)]` chooses for table player p (two bots: one for
        the even players and one for the odd, in 1802 and Brouc one per team; one: every player),
        a bot that acts out of turn asked where its seat may (`brou.engine.bots.next_move`)."""
        asks = acts_out_of_turn(bots)
        while not self.is_over:
            if len(self.deals) >= max_deals:
                raise RuntimeError(f"the session did not end within {max_deals} deals")
            action, seat = next_move(self.deal, seated(bots, self.seating), rng, asks)
            self.apply(action, seat)

    def record(self) -> dict[str, Any]:
        """The whole session as plain data (`brou match --json`, the game record, the score sheets)."""
        return {
            "ruleset": self.rules.id,
            "title": self.rules.data["title"]["fr"],
            "params": dict(self.rules.params),
            "seed": self.seed if self.seeded else None,  # None: the deals came from a record
            "first_dealer": None if self.draw is None else self.draw.data(self.rules),
        } | self._kind.record(self)


# -- what each kind does --------------------------------------------------------------------


def _no_game(session: Session) -> tuple[list[int] | None, GameContext | None]:
    """A deal of a session for the pool, for points or of coups starts from nothing."""
    return None, None


def _in_game(session: Session) -> tuple[list[int] | None, GameContext | None]:
    """A deal of a match starts inside its game: the scores and the carried marriages, by deal team."""
    def by_deal_team(values: list[int]) -> tuple[int, ...]:
        return tuple(values[(t + session.offset) % 2] for t in range(2))

    return None, GameContext(by_deal_team(session.scores), by_deal_team(session.carried))


def _at_marks(session: Session) -> tuple[list[int] | None, GameContext | None]:
    """A deal of a game to a number of marks starts from the players' marks, by deal seat."""
    return [session.marks[session.seating.player(s)] for s in range(session.rules.n_players)], None


def _game_counted(session: Session, deal: PhaseDeal) -> dict[str, Any]:
    """A finished deal of a match (`deal_entry`), and what it hands on (`handover`): the marks
    it adds, the game it wins, the scores and the marriages the next deal starts from."""
    assert isinstance(deal, HommeDeal)
    offset = session.offset
    entry = deal_entry(deal, offset, number=len(session.deals) + 1, game=session.game, seed=session._deal_seed,
                       scores_before=session.scores, carried_in=session.carried)
    passed = handover(deal, offset)
    for m in range(2):
        session.marks[m] += passed.marks[m]
    if passed.game_won:
        assert deal.outcome is not None
        session.games.append({"number": session.game, "winner": entry["game_winner"], "how": deal.outcome.how,
                              "final": entry["scores_after"], "marks": entry["marks"], "deals": entry["number"]})
        session.game += 1
    session.scores = passed.scores
    session.carried = passed.carried
    entry["marks_after"] = list(session.marks)
    entry["notation"] = session._notation(deal)
    return entry


def _jetons_counted(session: Session, deal: PhaseDeal) -> dict[str, Any]:
    """A finished deal on the phase engine: its ledger's balance added to each player's jetons,
    its card points and its winners, by table player (L'Hombre: its contract and its end)."""
    rules, seating = session.rules, session.seating
    n, table = rules.n_players, rules.table_size
    net = balances(deal.ledger, n)
    points = deal.side_points()
    for seat in range(n):
        session.jetons[seating.player(seat)] += net[seat]
    seats = {seating.player(s): s for s in range(n)}
    entry: dict[str, Any] = {
        "number": len(session.deals) + 1,
        "dealer": seating.player(rules.dealer),
        "notation": session._notation(deal),
        "seed": session._deal_seed,
        "trump": None if deal.trump is None else rules.suits[deal.trump],
        "points": [points[rules.team_of[seats[p]]] if p in seats else 0 for p in range(table)],
        "winners": sorted(seating.player(s) for side in deal.winners() or [] for s in rules.teams[side]),
        "jetons": [net[seats[p]] if p in seats else 0 for p in range(table)],
    }
    if isinstance(deal, HombreDeal):
        entry |= {"how": deal.ended, "hombre": None if deal.hombre is None else seating.player(deal.hombre),
                  "contract": None if deal.contract is None else deal.contract.name,
                  "result": deal.outcome, "vole": deal.vole, "sitting_out": seating.sitting_out()}
    return entry


def _marks_counted(session: Session, deal: PhaseDeal) -> dict[str, Any]:
    """A finished deal of a game to a number of marks: as `_jetons_counted`, and the marks it
    leaves each player with, which the next deal starts from."""
    entry = _jetons_counted(session, deal)
    after = deal.marks_now()
    assert after is not None
    seating = session.seating
    session.marks = [after[seating.seat(p)] for p in range(session.rules.n_players)]
    return entry | {"how": deal.ended, "homme": None if deal.homme is None else seating.player(deal.homme),
                    "marks": list(session.marks)}


def _games_won(session: Session) -> list[int] | None:
    """A match is won by a team (`match_winner`): its players."""
    team = match_winner(session.rules, session.marks)
    return None if team is None else session.sides[team]


def _table_won(session: Session) -> list[int] | None:
    """A session for the pool, for points or of coups (`session_winners`)."""
    return session_winners(session.rules, session.sides, len(session.deals), session.jetons,
                           session._player_totals())


def _marks_won(session: Session) -> list[int] | None:
    """A game to a number of marks (`marks_winners`)."""
    return marks_winners(session.rules, session.marks)


def _match_record(session: Session) -> dict[str, Any]:
    """What a match adds to its record: its teams, its unit and target, its deals and games,
    its marks and the team that won."""
    spec = match_rules(session.rules)
    return {
        "teams": session.sides,
        "unit": spec["unit"],
        "target": spec["target"],
        "reaching_target": spec["reaching_target"],
        "deals": session.deals,
        "games": session.games,
        "marks": list(session.marks),
        "winner": session.winner,
    }


def _table_record(session: Session) -> dict[str, Any]:
    """What a session on the phase engine adds to its record: its sides, its kind and what ends
    it, its deals, the jetons and card points of each player, and the players who won."""
    rules = session.rules
    spec = rules.data["session"]
    kind = session.kind
    return {
        "sides": session.sides,
        "kind": kind,
        "rounds": spec.get("rounds") if kind == "pool" else None,
        "coups": spec.get("coups") if kind == "coups" else None,
        "target": spec.get("target") if kind in ("points", "marks") else None,
        "marks": list(session.marks) if session.by_marks else None,
        "pot": pot(rules.n_players, session.winners) if session.by_marks and session.winners else None,
        "cave": cave(rules) if kind == "pool" else None,
        "deals": session.deals,
        "jetons": list(session.jetons),
        "totals": session._player_totals(),
        "winners": session.winners,
    }


@dataclass(frozen=True)
class Kind:
    """What is a kind of session's own: what a deal starts from (marks by deal seat, a game's
    context), what a finished deal gives and hands on (its entry in the record, the session's
    standing updated), who has won (None while the session goes on), and its record's fields."""

    starts: Callable[[Session], tuple[list[int] | None, GameContext | None]]
    counted: Callable[[Session, PhaseDeal], dict[str, Any]]
    winners: Callable[[Session], list[int] | None]
    record: Callable[[Session], dict[str, Any]]


KINDS: dict[str, Kind] = {
    GAMES_AND_MARKS: Kind(_in_game, _game_counted, _games_won, _match_record),
    "pool": Kind(_no_game, _jetons_counted, _table_won, _table_record),
    "points": Kind(_no_game, _jetons_counted, _table_won, _table_record),
    "coups": Kind(_no_game, _jetons_counted, _table_won, _table_record),
    "marks": Kind(_at_marks, _marks_counted, _marks_won, _table_record),
}

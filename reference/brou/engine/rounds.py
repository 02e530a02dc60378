"""A session of deals on the phase engine: rounds played for a pool, or a game to a total of
card points (Brusquembille, clauses brus.match.*), or a game to a number of marks (L'Homme
d'Auvergne, `brou.engine.marks`: it ends the moment a player reaches the target).

`Session(rules, seed)` draws the first dealer from the seed (`brou.engine.partnership.match.draw_first_dealer`
with `draw_seed(seed)`, the highest card dealing), deals each deal from the seed's SplitMix64
stream as `brou.engine.partnership.match.Match` does, moves the deal after each one (`next_offset`) and keeps the
ledger of every deal.  Players are numbered at the table once for the session; a deal's seat
`s` is player `(s + offset) % n` (`brou.cards.seating.Seating`).  A session replayed from its game
record (`brou.engine.record`) takes its deals from the record instead (`dealt`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..cards.seating import Seating
from ..cards.shuffle import splitmix64
from ..errors import BrouError
from ..laws.ledger import balances
from ..laws.results import stakes
from ..laws.talon import TalonDeal, talon_deal_from_seed
from ..spec.clauses import implements
from ..spec.rules import Rules
from .deals import new_deal
from .hombre import HombreDeal
from .marks import marks_winners, pot
from .notation import position_notation
from .partnership.match import FirstDraw, draw_first_dealer, draw_seed
from .phases import PhaseDeal

PhaseBot = Callable[[PhaseDeal, random.Random], int]
Dealt = Callable[["Session"], TalonDeal]  # the next deal, in the engine's seats, given the session as it stands before it


def random_bot(deal: PhaseDeal, rng: random.Random) -> int:
    """A legal card chosen at random."""
    return rng.choice(deal.legal_actions())


@implements("brus.match.next-dealer", "auv.match.next-dealer", "hom.match.next-dealer")
def next_offset(rules: Rules, offset: int) -> int:
    """After a deal, played or not, the deal passes to the right, to the player who led it (deal
    seat 0, the first hand); in two pairs it alternates between the rightmost players of the
    pairs (`session.next_dealer_step`: 2); with four at L'Hombre's table it goes round all four."""
    return (offset + int(rules.data["session"]["next_dealer_step"])) % rules.table_size


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
    """The players who have won the session once `deals` deals are over, or None while it goes
    on: for the pool, after the rounds agreed (`deals_to_play`), the players with the most
    jetons; for points, the players of the sides `points_winner` names.  `sides` are lists of
    players; `jetons` and `totals` (card points, each player his side's) are by player.  A game
    of coups ends after its coups, won by the players with the most points (`jetons`)."""
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


class Session:
    """A session in progress; `deal` is the deal being played.  The first dealer is drawn from
    the seed unless `first_dealer` is given; the deals come from the seed unless `dealt`
    gives them (a replayed record)."""

    def __init__(self, rules: Rules, seed: int, first_dealer: int | None = None, dealt: Dealt | None = None) -> None:
        if not rules.on_phases:
            raise BrouError(f"{rules.id} is played by brou.engine.partnership.match, not brou.engine.rounds")
        self.rules = rules
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
        self.seating = Seating(rules.n_players, (first_dealer - rules.dealer) % n, rules.teams, rules.table_size)
        self.jetons = [0] * n  # by player
        self.marks = [0] * n  # by player: a game to a number of marks
        # by players: fixed for the session (pairs deal every other seat; at L'Hombre each for himself)
        self.sides = [[p] for p in range(n)] if n != rules.n_players else sorted(self.seating.player_sides())
        self.deals: list[dict[str, Any]] = []
        self.winners: list[int] | None = None
        self._deal_next()

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def by_marks(self) -> bool:
        """Whether the game is played to a number of marks (L'Homme d'Auvergne)."""
        return bool(self.rules.data["session"]["kind"] == "marks")

    @property
    def dealer(self) -> int:
        """The table player who deals the current deal."""
        return self.seating.player(self.rules.dealer)

    def _new_deal(self) -> PhaseDeal:
        marks = [self.marks[self.seating.player(s)] for s in range(self.rules.n_players)] if self.by_marks else None
        if self._dealt is not None:
            self._deal_seed: int | None = None
            return new_deal(self.rules, self._dealt(self), marks)
        self._seed_state, self._deal_seed = splitmix64(self._seed_state)
        return new_deal(self.rules, talon_deal_from_seed(self.rules, self._deal_seed), marks)

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply an action to the current deal (`seat`: as `PhaseDeal.apply` takes it); when it
        ends, count it and deal the next."""
        self.deal.apply(action, seat)
        if self.deal.is_over:
            self._close_deal()

    def _close_deal(self) -> None:
        rules, deal, seating = self.rules, self.deal, self.seating
        n, table = rules.n_players, rules.table_size
        net = balances(deal.ledger, n)
        points = deal.side_points()
        for seat in range(n):
            self.jetons[seating.player(seat)] += net[seat]
        seats = {seating.player(s): s for s in range(n)}
        record: dict[str, Any] = {
            "number": len(self.deals) + 1,
            "dealer": seating.player(rules.dealer),
            # the line's players are the table's; at a table of more (L'Hombre with four) the deal's seats
            "notation": position_notation(deal, seating.player(rules.dealer) if table == n else None),
            "seed": self._deal_seed,
            "trump": None if deal.trump is None else rules.suits[deal.trump],
            "points": [points[rules.team_of[seats[p]]] if p in seats else 0 for p in range(table)],
            "winners": sorted(seating.player(s) for side in deal.winners() or [] for s in rules.teams[side]),
            "jetons": [net[seats[p]] if p in seats else 0 for p in range(table)],
        }
        if isinstance(deal, HombreDeal):
            record |= {"how": deal.ended, "hombre": None if deal.hombre is None else seating.player(deal.hombre),
                       "contract": None if deal.contract is None else deal.contract.name,
                       "result": deal.outcome, "vole": deal.vole, "sitting_out": seating.sitting_out()}
        if self.by_marks:
            after = deal.marks_now()
            assert after is not None
            self.marks = [after[seating.seat(p)] for p in range(n)]
            record |= {"how": deal.ended, "homme": None if deal.homme is None else seating.player(deal.homme),
                       "marks": list(self.marks)}
        self.deals.append(record)
        self.seating = Seating(n, next_offset(rules, seating.offset), rules.teams, table)
        if self.by_marks:
            self.winners = marks_winners(rules, self.marks)
        else:
            self.winners = session_winners(rules, self.sides, len(self.deals), self.jetons, self._player_totals())
        if self.winners is None:
            self._deal_next()

    def _deal_next(self) -> None:
        """Deal the next deal; one that ends as it is dealt (L'Homme d'Auvergne with turner=dealer:
        the dealer turns a king that brings him to the target, auv.match.target) is counted at once."""
        self.deal = self._new_deal()
        if self.deal.is_over:
            self._close_deal()

    def _player_totals(self) -> list[int]:
        """Each player's total of card points over the session (a pair's players share theirs)."""
        rules = self.rules
        return [sum(d["points"][p] for d in self.deals) for p in range(rules.table_size)]

    def play(self, bot: PhaseBot, rng: random.Random, max_deals: int = 10_000) -> None:
        """Play to the end, `bot` choosing for every player."""
        while not self.is_over:
            if len(self.deals) >= max_deals:
                raise RuntimeError(f"the session did not end within {max_deals} deals")
            self.apply(bot(self.deal, rng))

    def record(self) -> dict[str, Any]:
        """The whole session as plain data (`brou match --json`)."""
        rules = self.rules
        session = rules.data["session"]
        return {
            "ruleset": rules.id,
            "title": rules.data["title"]["fr"],
            "params": dict(rules.params),
            "seed": self.seed if self.seeded else None,  # None: the deals came from a record
            "first_dealer": None if self.draw is None else self.draw.data(rules),
            "sides": self.sides,
            "kind": session["kind"],
            "rounds": session.get("rounds") if session["kind"] == "pool" else None,
            "coups": session.get("coups") if session["kind"] == "coups" else None,
            "target": session.get("target") if session["kind"] in ("points", "marks") else None,
            "marks": list(self.marks) if self.by_marks else None,
            "pot": pot(rules.n_players, self.winners) if self.by_marks and self.winners else None,
            "cave": cave(rules) if session["kind"] == "pool" else None,
            "deals": self.deals,
            "jetons": list(self.jetons),
            "totals": self._player_totals(),
            "winners": self.winners,
        }

"""A match: deals grouped into games, games into a match, with the dealer moving on.

Players 0 to 3 keep their places for the whole match; match team 0 is players 0
and 2 (the "Nous" of the 1802 marque), team 1 players 1 and 3.  In each deal the
dealer sits at deal seat 3, so player `p` sits at deal seat `(p - offset) % 4` and
deal team `t` is match team `(t + offset) % 2`; after each deal the deal passes to
the dealer's right (`offset + 1`), or to his left with parameter next_dealer.

The deals of a match come from its seed: deal k (from 0) uses the k-th output of
SplitMix64 started at the match seed (see brou.cards.shuffle), so a match seed fixes
every deal in any language.  The first dealer is drawn from the match's draw seed,
the bitwise complement of the match seed (`draw_seed`; `draw_first_dealer` says how,
docs/shuffle.md "The first dealer"), so the draw takes nothing from the deals' stream.
The match does not cut (a cut of a uniformly shuffled pack adds no chance).  A match replayed
from its game record (`brou.engine.record`) takes its deals from the record instead (`dealt`).
`Match.record()` is the whole match as plain data, which is what the score sheets (brou.engine.partnership.sheet),
`brou match --json` and the game record show.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards.deal import Deal, shuffled_pack
from ...cards.shuffle import MASK64, splitmix64
from ...errors import BrouError
from ...laws.game import GameContext, count_so_far, reaches_target
from ...spec.clauses import implements
from ...spec.rules import Rules
from ..homme import CLAIM_ACTION, CONCEDE_ACTION, DECLARE_ACTION, DECLARE_DOUBLE_ACTION, HommeDeal, marriage_text
from ..notation import position_notation

Bot = Callable[[HommeDeal, random.Random], int]
Dealt = Callable[["Match"], Deal]  # the next deal, in the engine's seats, given the match as it stands before it


def match_rules(rules: Rules) -> dict[str, Any]:
    result: dict[str, Any] = rules.data["match"]
    return result


@implements("hdb.match.next-dealer")
def next_offset(rules: Rules, offset: int) -> int:
    """After a deal the dealer's right-hand neighbour (deal seat 0) deals, or with
    next_dealer=left his left-hand neighbour (deal seat 2)."""
    step = 1 if match_rules(rules)["next_dealer"] == "right" else -1
    return (offset + step) % rules.n_players


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


# -- the first dealer ----------------------------------------------------------------


class DrawError(BrouError):
    """A draw for the first dealer that cannot be read (cards missing, repeated, a draw not over)."""


def _draw_spec(rules: Rules) -> dict[str, Any]:
    """How the first dealer is chosen: `match.first_dealer`, or `session.first_dealer` for a
    game on the phase engine."""
    section = rules.data.get("match") or rules.data.get("session") or {}
    spec: dict[str, Any] = section.get("first_dealer") or {"draw": "lot"}
    return spec


@implements("hdb.match.first-dealer", "brus.match.first-dealer", "auv.match.first-dealer")
def draw_outcome(rules: Rules, rounds: Sequence[Sequence[int | None]]) -> int | list[int]:
    """Clauses hdb.match.first-dealer and brus.match.first-dealer: the first dealer from the
    cards drawn, round by round (card indices by player, None for a player who does not draw
    in that round): the lowest card in the draw order (1802; Piquet: A K Q J T 9 8 7, so the
    seven is lowest) deals, or the highest (Brusquembille); only the players `drawers` names
    draw (Brusquembille's pairs: the rightmost of each), by default all.  A tie is settled by
    parameter first_dealer_tie: `redraw`, the tied players alone draw again in the next round;
    `all-redraw`, every player who drew draws again (L'Homme d'Auvergne, auv.match.first-dealer);
    `suit-order`, the lowest suit wins, the ruleset's suit order read from its end (clubs, then
    diamonds, hearts, spades).  The players still to draw if the rounds given end on a tie;
    DrawError for rounds that do not fit."""
    spec = _draw_spec(rules)
    if spec["draw"] == "seats":
        return seats_drawn(rules, rounds)
    if spec["draw"] not in ("lowest-card", "highest-card"):
        raise DrawError(f"in {rules.id} the first dealer is chosen by lot, not by drawing cards")
    n = rules.n_players
    order = list(spec["order"])
    pick = max if spec["draw"] == "lowest-card" else min
    drawing = list(spec.get("drawers", range(n)))
    if not rounds:
        raise DrawError("a draw needs at least one round of cards")
    for number, cards in enumerate(rounds, 1):
        if len(drawing) == 1:
            raise DrawError(f"draw round {number}: the draw was already over, player {drawing[0]} deals")
        drawn = {p: c for p, c in enumerate(cards) if c is not None}
        if len(cards) != n or sorted(drawn) != drawing:
            raise DrawError(f"draw round {number}: players {', '.join(map(str, drawing))} draw, and they alone")
        if len(set(drawn.values())) != len(drawn):
            raise DrawError(f"draw round {number}: a card is drawn twice")
        low = pick(order.index(rules.card_text(c)[:-1]) for c in drawn.values())
        tied = [p for p in drawing if order.index(rules.card_text(drawn[p])[:-1]) == low]
        if len(tied) > 1 and spec["tie"] == "suit-order":
            suit = max(rules.suits.index(rules.card_text(drawn[p])[-1]) for p in tied)
            tied = [p for p in tied if rules.suits.index(rules.card_text(drawn[p])[-1]) == suit]
        drawing = tied if len(tied) == 1 or spec["tie"] != "all-redraw" else list(spec.get("drawers", range(n)))
    return drawing[0] if len(drawing) == 1 else drawing


@implements("hom.match.first-dealer")
def seats_drawn(rules: Rules, rounds: Sequence[Sequence[int | None]]) -> int:
    """The seats drawn with a king, a queen and a jack (`order`), given by player once they are
    seated: the king deals first, the queen sits on his right (the next player in the order of
    play), the jack on his left; with four at the table the fourth, who draws nothing (None),
    sits opposite the dealer.  DrawError for cards seated otherwise."""
    king, queen, jack = _draw_spec(rules)["order"]
    n = rules.table_size
    if len(rounds) != 1 or len(rounds[0]) != n:
        raise DrawError(f"the seats are drawn in one round, a card or null for each of the {n} players")
    ranks = [None if c is None else rules.card_text(c)[:-1] for c in rounds[0]]
    if ranks.count(king) != 1:
        raise DrawError(f"the seats are drawn with one {king}, one {queen} and one {jack}")
    dealer = ranks.index(king)
    expected = {dealer: king, (dealer + 1) % n: queen, (dealer - 1) % n: jack}
    for player, rank in enumerate(ranks):
        if rank != expected.get(player):
            want = expected.get(player) or "no card"
            raise DrawError(f"player {player} drew {rank or 'no card'}; seated by the draw, he holds {want}")
    return dealer


def dealer_of_draw(rules: Rules, draw: Mapping[str, Any]) -> int:
    """The first dealer a protocol setup's `draw` names: the cards drawn, round by round (texts
    by player, null for a player who does not draw), or a draw seed; BrouError naming the round
    of a card that is no card of the ruleset."""
    if "seed" in draw:
        return draw_first_dealer(rules, int(draw["seed"])).dealer
    rounds = []
    for number, cards in enumerate(draw["cards"], 1):
        row: list[int | None] = []
        for text in cards:
            try:
                row.append(None if text is None else rules.card(str(text)))
            except ValueError:
                raise BrouError(f"setup.draw: round {number}: unknown card '{text}'") from None
        rounds.append(row)
    return first_dealer_from_draw(rules, rounds)


def first_dealer_from_draw(rules: Rules, rounds: Sequence[Sequence[int | None]]) -> int:
    """The first dealer of a finished draw (`draw_outcome`); DrawError if it ends on a tie."""
    outcome = draw_outcome(rules, rounds)
    if isinstance(outcome, list):
        which = "highest" if _draw_spec(rules)["draw"] == "highest-card" else "lowest"
        players = ", ".join(map(str, outcome))
        if _draw_spec(rules)["tie"] == "all-redraw":
            raise DrawError(f"the draw is not over: a tie for the {which} card, and players {players} draw again")
        raise DrawError(f"the draw is not over: players {players} tie for the {which} card and draw again")
    return outcome


@implements("brouc.match.first-dealer")
def first_dealer_by_lot(rules: Rules, lot: int) -> int:
    """Clause brouc.match.first-dealer: the player a lot names, the lot being a 64-bit word
    drawn uniformly: the word modulo the number of players (4 divides 2**64, so each player
    is exactly as likely)."""
    return lot % rules.n_players


@dataclass
class FirstDraw:
    """A seeded draw for the first dealer: the dealer, and the cards drawn (rounds, by
    player, None for a player not drawing) or the lot drawn."""

    dealer: int
    rounds: list[list[int | None]] = field(default_factory=list)
    lot: int | None = None

    def data(self, rules: Rules) -> dict[str, Any]:
        return {"dealer": self.dealer, "lot": self.lot,
                "rounds": [[None if c is None else rules.card_text(c) for c in cards] for cards in self.rounds]}


def draw_seed(match_seed: int) -> int:
    """The seed of a match's draw for the first dealer: the match seed's bitwise complement."""
    return match_seed ^ MASK64


def draw_first_dealer(rules: Rules, seed: int) -> FirstDraw:
    """The draw for the first dealer that `seed` gives (docs/shuffle.md, "The first dealer").
    SplitMix64 starts at `seed`; each round takes its next output w.  By lot: the lot is w.
    By cards: the pack is shuffled with seed w (brou.cards.shuffle) and the players who draw in the
    round, in player order, take its top cards one each; a tie redrawn is a new round."""
    if not 0 <= seed <= MASK64:
        raise DrawError(f"a draw seed is a whole number from 0 to {MASK64}")
    state = seed
    spec = _draw_spec(rules)
    if spec["draw"] == "lot":
        state, lot = splitmix64(state)
        return FirstDraw(first_dealer_by_lot(rules, lot), lot=lot)
    if spec["draw"] == "seats":
        state, word = splitmix64(state)
        ranks = list(spec["order"])
        picked: dict[str, int] = {}
        for card in shuffled_pack(rules, word):
            picked.setdefault(rules.card_text(card)[:-1], card)
        t = rules.table_size
        dealer = word % t
        seated: list[int | None] = [None] * t
        for place, rank in zip((dealer, (dealer + 1) % t, (dealer - 1) % t), ranks, strict=True):
            seated[place] = picked[rank]
        return FirstDraw(seats_drawn(rules, [seated]), [seated])
    n = rules.n_players
    rounds: list[list[int | None]] = []
    drawing = list(spec.get("drawers", range(n)))
    while True:
        state, word = splitmix64(state)
        pack = iter(shuffled_pack(rules, word))
        rounds.append([next(pack) if p in drawing else None for p in range(n)])
        outcome = draw_outcome(rules, rounds)
        if isinstance(outcome, int):
            return FirstDraw(outcome, rounds)
        drawing = outcome


# -- what one deal hands on to the next ------------------------------------------------


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


class Match:
    """A match in progress; `deal` is the deal being played.  The first dealer is drawn from
    the seed (`draw_first_dealer` with `draw_seed(seed)`) unless `first_dealer` is given; the
    deals come from the seed unless `dealt` gives them (a replayed record)."""

    def __init__(self, rules: Rules, seed: int, first_dealer: int | None = None, dealt: Dealt | None = None) -> None:
        self.rules = rules
        self._dealt = dealt
        self.seeded = dealt is None  # the deals come from the seed (not from a record)
        self.seed = seed
        self._seed_state = seed
        n = rules.n_players
        self.draw: FirstDraw | None = None
        if first_dealer is None:
            self.draw = draw_first_dealer(rules, draw_seed(seed))
            first_dealer = self.draw.dealer
        if not 0 <= first_dealer < n:
            raise BrouError(f"first dealer: no player {first_dealer} at a table of {n}")
        self.offset = (first_dealer - rules.dealer) % n
        self.scores = [0, 0]
        self.marks = [0, 0]
        self.carried = [0, 0]
        self.game = 1
        self.deals: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []
        self.winner: int | None = None
        self.deal = self._new_deal()

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def match_team(self, deal_team: int) -> int:
        return (deal_team + self.offset) % 2

    def _to_deal(self, values: list[int]) -> tuple[int, ...]:
        return tuple(values[self.match_team(t)] for t in range(2))

    @property
    def dealer(self) -> int:
        """The player who deals the current deal."""
        return (self.rules.dealer + self.offset) % self.rules.n_players

    def _new_deal(self) -> HommeDeal:
        context = GameContext(self._to_deal(self.scores), self._to_deal(self.carried))
        if self._dealt is not None:
            self._deal_seed: int | None = None
            return HommeDeal(self.rules, self._dealt(self), context)
        self._seed_state, deal_seed = splitmix64(self._seed_state)
        state = HommeDeal.from_seed(self.rules, deal_seed, context)
        self._deal_seed = deal_seed
        return state

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply an action to the current deal (`seat`: a player's out of turn, in deal seats);
        when the deal ends, count it and deal the next."""
        self.deal.apply(action, seat)
        if self.deal.is_over:
            self._close_deal()

    def _close_deal(self) -> None:
        state = self.deal
        outcome = state.outcome
        assert outcome is not None
        rules = self.rules
        entry = deal_entry(state, self.offset, number=len(self.deals) + 1, game=self.game, seed=self._deal_seed,
                           scores_before=self.scores, carried_in=self.carried)
        passed = handover(state, self.offset)
        marks = entry["marks"]
        for m in range(2):
            self.marks[m] += passed.marks[m]
        if passed.game_won:
            self.games.append({"number": self.game, "winner": entry["game_winner"], "how": outcome.how,
                               "final": entry["scores_after"], "marks": marks, "deals": entry["number"]})
            self.game += 1
        self.scores = passed.scores
        self.carried = passed.carried
        entry["marks_after"] = list(self.marks)
        entry["notation"] = position_notation(state, entry["dealer"])
        self.deals.append(entry)
        self.winner = match_winner(rules, self.marks)
        self.offset = next_offset(rules, self.offset)
        if self.winner is None:
            self.deal = self._new_deal()

    def play(self, bots: tuple[Bot, Bot], rng: random.Random, max_deals: int = 100_000) -> None:
        """Play to the end: bots[t] chooses for the players of match team t."""
        while not self.is_over:
            if len(self.deals) >= max_deals:
                raise RuntimeError(f"the match did not end within {max_deals} deals")
            state = self.deal
            team = self.match_team(self.rules.team_of[state.to_act])
            self.apply(bots[team](state, rng))

    def record(self) -> dict[str, Any]:
        spec = match_rules(self.rules)
        return {
            "ruleset": self.rules.id,
            "title": self.rules.data["title"]["fr"],
            "params": dict(self.rules.params),
            "seed": self.seed if self.seeded else None,  # None: the deals came from a record
            "first_dealer": None if self.draw is None else self.draw.data(self.rules),
            "teams": [[0, 2], [1, 3]],
            "unit": spec["unit"],
            "target": spec["target"],
            "reaching_target": spec["reaching_target"],
            "deals": self.deals,
            "games": self.games,
            "marks": list(self.marks),
            "winner": self.winner,
        }


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
    and 2 are team 0): what the score sheets (brou.engine.partnership.sheet) are drawn from."""
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


# -- bots ----------------------------------------------------------------------------

_STARTS_GAME_END = (CLAIM_ACTION, DECLARE_ACTION, DECLARE_DOUBLE_ACTION, CONCEDE_ACTION)


def _game_kind(state: HommeDeal, action: int) -> int:
    return action - state.rules.pass_action if action > state.rules.pass_action else 0


def random_bot(state: HommeDeal, rng: random.Random) -> int:
    """Random legal play that never claims, declares or concedes on its own initiative
    (it answers a concession at random)."""
    legal = state.legal_actions()
    quiet = [a for a in legal if _game_kind(state, a) not in _STARTS_GAME_END]
    return rng.choice(quiet or legal)


def greedy_bot(state: HommeDeal, rng: random.Random) -> int:
    """Claims (or declares dehors) as soon as the claim is right; otherwise plays like random_bot."""
    legal = state.legal_actions()
    claim = state.rules.pass_action + CLAIM_ACTION
    if claim in legal and reaches_target(state.rules, count_so_far(state, state.rules.team_of[state.to_act])):
        return claim
    return random_bot(state, rng)


def chaos_bot(state: HommeDeal, rng: random.Random) -> int:
    """Any legal action at random, wrong claims and hopeless declarations included (for tests)."""
    return rng.choice(state.legal_actions())


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "chaos": chaos_bot}

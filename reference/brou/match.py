"""A match: deals grouped into games, games into a match, with the dealer moving on.

Players 0 to 3 keep their places for the whole match; match team 0 is players 0
and 2 (the "Nous" of the 1802 marque), team 1 players 1 and 3.  In each deal the
dealer sits at deal seat 3, so player `p` sits at deal seat `(p - offset) % 4` and
deal team `t` is match team `(t + offset) % 2`; after each deal the deal passes to
the dealer's right (`offset + 1`), or to his left with parameter next_dealer.

The deals of a match come from its seed: deal k (from 0) uses the k-th output of
SplitMix64 started at the match seed (see brou.shuffle), so a match seed fixes
every deal in any language.  `Match.record()` is the whole match as plain data,
which is what the score sheets (brou.sheet) and `brou match --json` show.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .clauses import implements
from .game import GameContext, count_so_far, reaches_target
from .rules import Rules
from .shuffle import splitmix64
from .state import CLAIM_ACTION, CONCEDE_ACTION, DECLARE_ACTION, DECLARE_DOUBLE_ACTION, DealState, marriage_text

Bot = Callable[[DealState, random.Random], int]


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


class Match:
    """A match in progress; `deal` is the deal being played."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self._seed_state = seed
        self.offset = 0
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

    def _new_deal(self) -> DealState:
        self._seed_state, deal_seed = splitmix64(self._seed_state)
        context = GameContext(self._to_deal(self.scores), self._to_deal(self.carried))
        state = DealState.from_seed(self.rules, deal_seed, context)
        self._deal_seed = deal_seed
        return state

    def apply(self, action: int) -> None:
        """Apply an action to the current deal; when the deal ends, count it and deal the next."""
        self.deal.apply(action)
        if self.deal.is_over:
            self._close_deal()

    def _close_deal(self) -> None:
        state = self.deal
        outcome = state.outcome
        assert outcome is not None
        rules = self.rules
        entry = deal_entry(state, self.offset, number=len(self.deals) + 1, game=self.game, seed=self._deal_seed,
                           scores_before=self.scores, carried_in=self.carried)
        marks = entry["marks"]
        for m in range(2):
            self.marks[m] += marks[m]
        self.carried = [0, 0]
        if outcome.winner is not None:
            self.games.append({"number": self.game, "winner": entry["game_winner"], "how": outcome.how,
                               "final": entry["scores_after"], "marks": marks, "deals": entry["number"]})
            self.scores = [0, 0]
            self.game += 1
        else:
            self.scores = list(entry["scores_after"])
            carried = carried_over(state)
            for t in range(2):
                self.carried[self.match_team(t)] = carried[t]
        entry["marks_after"] = list(self.marks)
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
            "seed": self.seed,
            "teams": [[0, 2], [1, 3]],
            "unit": spec["unit"],
            "target": spec["target"],
            "reaching_target": spec["reaching_target"],
            "deals": self.deals,
            "games": self.games,
            "marks": list(self.marks),
            "winner": self.winner,
        }


def carried_over(state: DealState) -> tuple[int, int]:
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


def deal_entry(state: DealState, offset: int, *, number: int, game: int, seed: int | None,
               scores_before: list[int], carried_in: list[int]) -> dict[str, Any]:
    """A finished deal of a game as the match record keeps it, in match teams (players 0
    and 2 are team 0): what the score sheets (brou.sheet) are drawn from."""
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


def _game_kind(state: DealState, action: int) -> int:
    return action - state.rules.pass_action if action > state.rules.pass_action else 0


def random_bot(state: DealState, rng: random.Random) -> int:
    """Random legal play that never claims, declares or concedes on its own initiative
    (it answers a concession at random)."""
    legal = state.legal_actions()
    quiet = [a for a in legal if _game_kind(state, a) not in _STARTS_GAME_END]
    return rng.choice(quiet or legal)


def greedy_bot(state: DealState, rng: random.Random) -> int:
    """Claims (or declares dehors) as soon as the claim is right; otherwise plays like random_bot."""
    legal = state.legal_actions()
    claim = state.rules.pass_action + CLAIM_ACTION
    if claim in legal and reaches_target(state.rules, count_so_far(state, state.rules.team_of[state.to_act])):
        return claim
    return random_bot(state, rng)


def chaos_bot(state: DealState, rng: random.Random) -> int:
    """Any legal action at random, wrong claims and hopeless declarations included (for tests)."""
    return rng.choice(state.legal_actions())


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "chaos": chaos_bot}

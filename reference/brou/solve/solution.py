"""The double-dummy solver: a position with every card known, its value and each legal action's
(docs/solve.md).

`solve(state)` takes an engine state (`brou.engine.deals.new_deal`, or a position read from the
notation, `brou.engine.positions.parse_position`) and gives a `Solution`: the side whose value is
searched, the value the player to act can force for it (or against it), and the value of each
of his legal actions.  The play is searched on the light state of `brou.solve.play`; what comes
before play (L'Homme d'Auvergne's speech) and a deal of 1802 or Brouc inside a game (its claims,
declarations and concession) are searched over the engine's own states, copied and moved on
(`_Engine`), down to where the light state can take over.  L'Hombre's auction and exchange are
not searched: its positions are solved from the first card of play.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass
from typing import Any, Final

from ..engine.deals import deal_kind
from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal
from ..engine.phases import PhaseDeal
from ..errors import BrouError
from ..laws.counting import card_points
from ..laws.ledger import SHEET, balances
from ..laws.results import side_points
from ..spec.rules import Rules
from .play import Play
from .state import COUNT, GOALS, INFINITE, JETONS, KINDS, MARKS, POINTS
from .table import narrowed

GAME_MARK: Final = 1000  # a deal of a game: each party or coche counts this many points (docs/solve.md)
BRUSQUEMBILLE: Final = "brus.pay.brusquembille"


class SolveError(BrouError):
    """A position the solver does not take: one before L'Hombre's first card, a seat or a goal
    the game does not have."""


@dataclass(frozen=True)
class Solution:
    """What `solve` found.  Seats are the engine's (seat 0 the first to play).

    `value` is the side's value at the end of the deal under best play from here by both sides
    (`so_far` of it is already counted), `actions` each legal action of `to_act` with the value
    after it, in the engine's order, `best` those of them that reach `value`."""

    goal: str
    seat: int
    side: tuple[int, ...]
    to_act: int
    value: int
    so_far: int
    actions: tuple[tuple[int, int], ...]
    nodes: int
    seconds: float

    @property
    def best(self) -> tuple[int, ...]:
        return tuple(action for action, value in self.actions if value == self.value)


def goals(rules: Rules) -> tuple[str, ...]:
    """The values a ruleset's deals can be solved for, the default first."""
    return GOALS[KINDS[deal_kind(rules)]]


def side_of(state: PhaseDeal, seat: int) -> tuple[int, ...]:
    """The seats that play together with `seat`: his team (1802, Brouc), his side (Brusquembille
    in pairs; alone otherwise), the hombre or the two tiers (L'Hombre), the homme or the others
    once he is known, himself alone before (L'Homme d'Auvergne)."""
    rules: Rules = state.rules
    kind = deal_kind(rules)
    if kind in ("partnership", "talon"):
        return tuple(sorted(rules.teams[rules.team_of[seat]]))
    lone = state.hombre if isinstance(state, HombreDeal) else state.homme if kind == "speech" else None
    if lone is None:
        return (seat,)
    if seat == lone:
        return (lone,)
    return tuple(s for s in range(rules.n_players) if s != lone)


def default_seat(state: PhaseDeal) -> int:
    """Whose side is searched by default: the hombre in L'Hombre (he plays against the two tiers
    together), else the player to act (seat 0 once the deal is over)."""
    if isinstance(state, HombreDeal) and state.hombre is not None:
        return state.hombre
    return 0 if state.is_over else state.to_act


def score(state: PhaseDeal, goal: str, side: tuple[int, ...]) -> int:
    """The side's value as the engine counts it so far; the deal's value once it is over
    (docs/solve.md): the count's difference (1802, Brouc; in a game, the outcome), the side's
    card points or its net over every brusquembille payment, whoever's brusquembille it is for
    (Brusquembille), its marks (L'Homme d'Auvergne), the
    hombre's points (L'Hombre; the tiers' the same with its sign changed)."""
    rules = state.rules
    kind = deal_kind(rules)
    if isinstance(state, HommeDeal):
        team = rules.team_of[side[0]]
        if state.context is not None and state.outcome is not None:
            return _outcome_value(state, team)
        return _count(state, team)
    if isinstance(state, HombreDeal):
        return _hombre_points(state, side)
    if kind == "talon" and goal == POINTS:
        return side_points(rules, state.won)[rules.team_of[side[0]]]
    entries = state.ledger
    if kind == "talon":
        entries = [e for e in entries if e.clause == BRUSQUEMBILLE]
    net = balances(entries, rules.n_players)
    return sum(net[s] for s in side)


def _hombre_points(state: HombreDeal, side: tuple[int, ...]) -> int:
    """L'Hombre: what the score sheet has written for the hombre so far (`hom.count.score`,
    `hom.count.vole`: nothing before the deal ends, nor in a deal nobody played), for his side;
    for the tiers' side the same with its sign changed.  The tiers have no entries of their own
    (the hombre is paid from the sheet, not by them), so their ledger would sum to 0."""
    hombre = state.hombre
    if hombre is None:
        return 0
    points = 0
    for giver, taker, jetons, _, _, _ in state.ledger:
        if taker == hombre and giver == SHEET:
            points += jetons
        elif giver == hombre and taker == SHEET:
            points -= jetons
    return points if hombre in side else -points


def _count(state: HommeDeal, team: int) -> int:
    """The count's difference so far between `team` and the other in a deal of 1802 or Brouc
    (the last trick's bonus once all are played), whether or not the deal is inside a game."""
    rules = state.rules
    counts = [card_points(rules, state.won[t]) + state.announced_points[t] + state.table_points[t]
              for t in range(len(rules.teams))]
    if state.is_over and state.tricks and len(state.tricks) == rules.n_tricks:
        counts[rules.team_of[state.tricks[-1][2]]] += rules.last_trick_bonus
    return counts[team] - sum(c for t, c in enumerate(counts) if t != team)


def _outcome_value(state: HommeDeal, team: int) -> int:
    """A deal of a game, ended: GAME_MARK for each party the team marks (1802) or each coche the
    other marks (Brouc), less the same the other way; and when the game goes on, the difference
    of what the two teams added to their scores."""
    rules = state.rules
    outcome = state.outcome
    assert outcome is not None and state.context is not None
    other = 1 - team
    sign = 1 if rules.data["game"]["marked_by"] == "winner" else -1
    value = sign * GAME_MARK * (outcome.marks[team] - outcome.marks[other])
    if outcome.winner is None:
        before = state.context.scores
        value += (outcome.scores[team] - before[team]) - (outcome.scores[other] - before[other])
    return value


def light(state: PhaseDeal, alone: bool = False) -> bool:
    """Whether the light state of `brou.solve.play` takes this position: play under way (1802's
    and Brouc's windows and marks included) in a deal on its own, or in a deal of a game solved
    as if on its own (`alone`: for L'Homme d'Auvergne, once the deal is dealt again without the
    game's marks, `brou.players.pimc.alone`); L'Hombre from its first card."""
    phase = state.phase
    if isinstance(state, HommeDeal):
        return (state.context is None or alone) and phase in ("play", "window", "mark")
    if deal_kind(state.rules) == "speech":
        return phase == "play" and (state.marks is None or alone)
    return phase == "play"


def solve(state: PhaseDeal, seat: int | None = None, goal: str | None = None, each: bool = True,
          alone: bool = False) -> Solution:
    """Solve an engine state double dummy for the side of `seat` (default: `default_seat`):
    the value it comes to under best play, and each legal action's (docs/solve.md); with
    `each=False` the value alone (`actions` empty), a search of the position itself rather than
    one for each action.  With `alone`, a deal of 1802 or Brouc inside a game is solved as a
    deal on its own, for the count's difference: its cards, announcements, passes and marks are
    valued, and the game's own actions (claims, declarations, the concession) are left out of
    `actions` (the PIMC player's card play in a game, docs/solve.md); a deal over is worth its
    count's difference, as the last card was.  Python's cycle collector
    is paused meanwhile: the search makes millions of small tuples and lists, none in a cycle,
    and the collections they would set off cost time and free nothing."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _solve(state, seat, goal, each, alone)
    finally:
        if paused:
            gc.enable()


def question(state: PhaseDeal, seat: int | None, goal: str | None) -> tuple[str, int]:
    """The goal and the seat `solve` answers for (the defaults filled in); SolveError in one
    line where the position cannot be solved so, before any search (`brou solve` asks first)."""
    rules = state.rules
    choices = goals(rules)
    goal = choices[0] if goal is None else goal
    if goal not in choices:
        raise SolveError(f"{rules.id} is solved for {' or '.join(choices)}, not '{goal}'")
    if deal_kind(rules) == "auction" and state.phase in ("auction", "declare", "exchange"):
        raise SolveError(f"L'Hombre is solved from the first card of play; this position is in the {state.phase} "
                         "(give it with the auction and the exchange played)")
    seat = default_seat(state) if seat is None else seat
    if type(seat) is not int or not 0 <= seat < rules.n_players:
        raise SolveError(f"there is no seat {seat} in {rules.id} (seats 0 to {rules.n_players - 1})")
    return goal, seat


def _solve(state: PhaseDeal, seat: int | None, goal: str | None, each: bool, alone: bool) -> Solution:
    started = time.perf_counter()
    rules = state.rules
    goal, seat = question(state, seat, goal)
    kind = deal_kind(rules)
    side = side_of(state, seat)
    # a deal of a game solved alone: its play as a deal on its own, and once over its count's difference
    alone = alone and isinstance(state, HommeDeal) and state.context is not None and (state.is_over or light(state, True))
    so_far = _count(state, state.rules.team_of[seat]) if isinstance(state, HommeDeal) and alone else score(state, goal, side)
    if state.is_over:
        return Solution(goal, seat, side, -1, so_far, so_far, (), 0, time.perf_counter() - started)
    to_act = state.to_act
    if light(state, alone):
        play = Play.of(state, kind, goal, [s in side for s in range(rules.n_players)])
        if not each:
            value = so_far + play.solve(play.playout())
            return Solution(goal, seat, side, to_act, value, so_far, (), play.nodes, time.perf_counter() - started)
        values, nodes = root_values(play)
        values = [(a, so_far + v) for a, v in values]
    else:
        engine = _Engine(goal, side)
        if not each:
            value = engine.value(state, -INFINITE, INFINITE)
            return Solution(goal, seat, side, to_act, value, so_far, (), engine.nodes, time.perf_counter() - started)
        values = [(a, engine.value(_moved(state, a), -INFINITE, INFINITE)) for a in state.legal_actions()]
        nodes = engine.nodes
    pick = max if to_act in side else min
    value = pick(v for _, v in values)
    return Solution(goal, seat, side, to_act, value, so_far, tuple(values), nodes, time.perf_counter() - started)


def root_values(play: Play) -> tuple[list[tuple[int, int]], int]:
    """Each legal action of the light state's player to act, with what the rest of the deal adds
    after it; cards merged by the search (`Play._order`) share the value of the one searched.  The
    first action's search starts from a playout's guess, each later one from the best value found
    so far: the actions of a position are mostly worth about the same."""
    legal = play.legal_actions()
    group = play.groups(play.legal_cards())
    found: dict[int, int] = {}
    pick = max if play.side[play.to_act()] else min
    for action in legal:
        if action in group:
            continue
        gain = play.apply(action)
        guess = pick(found.values()) - gain if found else play.playout()
        found[action] = gain + play.solve(guess)
        play.undo()
    return [(a, found[group.get(a, a)]) for a in legal], play.nodes


def _moved(state: PhaseDeal, action: int) -> PhaseDeal:
    child = state.copy()
    child.apply(action)
    return child


class _Engine:
    """Alpha-beta over the engine's own states (copied and moved on), for the positions the light
    state does not take; the light state takes over as soon as it can.  A deal of 1802 or Brouc
    inside a game keeps a table of values by what its future depends on (`_signature`)."""

    def __init__(self, goal: str, side: tuple[int, ...]) -> None:
        self.goal = goal
        self.side = side
        self.nodes = 0
        self.table: dict[tuple[Any, ...], tuple[int, int]] = {}

    def value(self, state: PhaseDeal, alpha: int, beta: int) -> int:
        """The side's value at the end of the deal from `state`, fail-soft within (alpha, beta)."""
        self.nodes += 1
        if state.is_over:
            return score(state, self.goal, self.side)
        rules = state.rules
        if light(state):
            play = Play.of(state, deal_kind(rules), self.goal, [s in self.side for s in range(rules.n_players)])
            rest = play.solve()
            self.nodes += play.nodes
            return score(state, self.goal, self.side) + rest
        key = _signature(state) if isinstance(state, HommeDeal) else None
        if key is not None:
            entry = self.table.get(key)
            if entry is not None:
                low, high = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
        maximising = state.to_act in self.side
        value = -INFINITE if maximising else INFINITE
        a, b = alpha, beta
        for action in state.legal_actions():
            found = self.value(_moved(state, action), a, b)
            if maximising:
                value = max(value, found)
                a = max(a, value)
            else:
                value = min(value, found)
                b = min(b, value)
            if a >= b:
                break
        if key is not None:
            low, high = self.table.get(key, (-INFINITE, INFINITE))
            self.table[key] = narrowed(low, high, value, alpha, beta)
        return value


def _signature(state: HommeDeal) -> tuple[Any, ...]:
    """What the rest of a deal of 1802 or Brouc inside a game depends on: the cards, the trick,
    the counts, the announcements, what is pending (window, round, mark, concession) and bound
    (a declaration, a count frozen), the first team at the target, and the last trick's winner."""
    tricks = state.tricks
    return (state.phase, state.to_act, state.leader, tuple(state.hands), tuple(state.trick), tuple(state.won),
            tuple(state.team_tricks), tuple(state.announced_points), tuple(state.table_points),
            tuple(tuple(m) for m in state.made), tuple(state.used), tuple(state.window), tuple(state.marking),
            state.declared, state.frozen, state.conceded_at, state.conceding, state.first_reached,
            state.carried_later, len(tricks), tricks[-1][2] if tricks else -1)


__all__ = ["COUNT", "GAME_MARK", "JETONS", "MARKS", "POINTS", "Solution", "SolveError", "default_seat", "goals",
           "score", "side_of", "solve"]

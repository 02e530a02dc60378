"""The double-dummy solver (brou.solve, docs/solve.md): exact against a plain minimax over the
engine's own legal actions on endings of a few tricks, under the parameters that change play; at
every node its search visits, the light state offers exactly the engine's legal actions; the
notation's positions solve as the states they stand for; what it refuses.

The positions are seeded: a deal from its seed, random legal actions until a few tricks are left
(and sometimes a few cards into the trick, a window, a mark, L'Hombre's question before the
lead), inside a game near its target for 1802 and Brouc, before play for L'Homme d'Auvergne.
`make test` plays a few hundred; the slow test thousands, up to four tricks from the end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from brou.cards.deal import deal_from_seed
from brou.cli.main import main
from brou.engine.deals import deal_kind, new_deal
from brou.engine.hombre import HombreDeal
from brou.engine.homme import HommeDeal
from brou.engine.notation import NotationError, position_notation
from brou.engine.phases import PLAY, PhaseDeal
from brou.engine.positions import parse_position
from brou.laws.game import GameContext
from brou.laws.ledger import balances
from brou.laws.marriages import NEEDS_TEAM_TRICK
from brou.laws.talon import talon_deal_from_seed
from brou.solve import GAME_MARK, Solution, SolveError, goals, score, solve
from brou.solve.endgame import ENDGAME_TRICKS
from brou.solve.play import Play
from brou.solve.solution import light, root_values, side_of
from brou.solve.state import INFINITE
from brou.spec.rules import Rules, card_order
from helpers import but_the_engine_line

# the parameters that change the play, each set a reading of its ruleset (the defaults first)
READINGS: dict[str, list[dict[str, Any]]] = {
    "homme-de-brou-1802": [
        {},
        {"following": "brouc"},
        {"following": "brouc", "undertrump_when_void": True, "marriage_exception": "any-trump-play"},
        {"announce_window": "team-first-trick", "turnup_in_first_window": False},
        {"announce_window": "own-turn-once-team-has-trick", "extend_to_grand": "difference", "card_reuse": True},
        {"announce_window": "any-time-once-team-has-trick"},
        {"table_marking": "players", "marriages_in_one_trick": "first-only"},
        {"table_marking": "players", "unmarked_table_marriage": "counted-anyway", "table_factor": 1},
    ],
    "brouc": [
        {},
        {"marriage_exception": "any-trump-play", "undertrump_when_void": True},
        {"announce_window": "after-won-trick", "extend_to_grand": "difference"},
        {"announce_window": "team-first-trick", "card_reuse": True},
        {"table_marking": "players", "table_factor": 2, "marriages_in_one_trick": "first-only"},
        {"marriages_in_one_trick": "first-only"},
    ],
    "brusquembille-1718": [
        {},
        {"following_after_talon": "follow-suit", "ten_rank": "after-jack", "sevens_removed": "red"},
        {"form": "two"},
        {"form": "four"},
        {"form": "four-partners"},
        {"form": "five", "scoring": "points"},
    ],
    "homme-d-auvergne": [
        {},
        {"form": "two", "taken_king": "owner-pays"},
        {"form": "three", "king_scoring": "trump-and-others", "loser_pays": "the-winner"},
        {"form": "five", "king_scoring": "trump-only", "king_showing": "automatic"},
        {"pack_with_four": "twenty-eight", "packets": "two-three"},
    ],
    "hombre": [
        {},
        {"nolo_codille": "stop-at-codille"},
        {"surrender_moment": "before-the-lead", "bids": "spil-until-overbid"},
        {"form": "four", "turned_black_ace": "turn-the-next"},
    ],
}
CASES = [(ruleset, params) for ruleset, readings in READINGS.items() for params in readings]


def _id(case: tuple[str, dict[str, Any]]) -> str:
    ruleset, params = case
    return ruleset + "".join(f"[{k}={v}]" for k, v in params.items())


def dealt(rules: Rules, seed: int, context: GameContext | None = None) -> PhaseDeal:
    if HommeDeal.plays(rules):
        return new_deal(rules, deal_from_seed(rules, seed), context=context)
    return new_deal(rules, talon_deal_from_seed(rules, seed))


def endings(rules: Rules, count: int, seed: int, most: int) -> Iterator[PhaseDeal]:
    """`count` positions of the play with at most `most` tricks left, seeded: random legal actions
    from the deal (a card or a pass rather than an announcement four times in five, so that some
    marriages are still to announce late in the deal), stopped at a random moment of one of the
    last tricks."""
    rng = random.Random(seed)
    made = 0
    tries = 0
    while made < count:
        tries += 1
        state = dealt(rules, rng.randrange(1 << 30))
        left = rng.randint(1, most)
        stop = rng.random()
        while not state.is_over:
            late = state.phase not in ("auction", "declare", "exchange", "turn-offer", "speech", "showing") and \
                len(state.tricks) >= rules.n_tricks - left
            if late and rng.random() < stop:
                break
            actions = state.legal_actions()
            plain = [a for a in actions if a < rules.n_indices or a == rules.pass_action]
            low = [a for a in plain if not rules.honours_all >> a & 1]
            state.apply(rng.choice(low if low and rng.random() < 0.8 else plain if plain and rng.random() < 0.8
                                   else actions))
        if not state.is_over and light(state):
            made += 1
            yield state
        assert tries < 50 * count, "too few positions in play"


def minimax(state: PhaseDeal, goal: str, side: tuple[int, ...]) -> int:
    """The side's value by plain minimax over the engine's own legal actions, counted by the engine
    at the end of the deal (`brou.solve.score`)."""
    if state.is_over:
        return score(state, goal, side)
    values = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        values.append(minimax(child, goal, side))
    return max(values) if state.to_act in side else min(values)


class Checker:
    """The `visit` of a light state's search: at every node, the actions it offers are the
    engine's legal actions in the same state (reached by the same actions from the root)."""

    def __init__(self, root: PhaseDeal) -> None:
        self.states: dict[tuple[int, ...], PhaseDeal] = {(): root}
        self.nodes = 0

    def state(self, history: tuple[int, ...]) -> PhaseDeal:
        found = self.states.get(history)
        if found is None:
            found = self.state(history[:-1]).copy()
            found.apply(history[-1])
            self.states[history] = found
        return found

    def __call__(self, history: list[int], actions: list[int]) -> None:
        self.nodes += 1
        expected = self.state(tuple(history)).legal_actions()
        assert actions == expected, (history, actions, expected)


def checked(state: PhaseDeal, goal: str | None = None) -> tuple[Solution, int]:
    """`solve` on a light position, its search watched by a `Checker`; the nodes it checked."""
    solution = solve(state, goal=goal)
    rules = state.rules
    play = Play.of(state, deal_kind(rules), solution.goal, [s in solution.side for s in range(rules.n_players)])
    assert play.legal_actions() == state.legal_actions()
    checker = Checker(state)
    play.visit = checker
    values, _ = root_values(play)
    assert [(a, solution.so_far + v) for a, v in values] == list(solution.actions)
    return solution, checker.nodes


def compare(state: PhaseDeal, goal: str | None = None) -> int:
    """The solver's value of every legal action against minimax; the nodes checked."""
    solution, nodes = checked(state, goal)
    expected = []
    for action in state.legal_actions():
        child = state.copy()
        child.apply(action)
        expected.append((action, minimax(child, solution.goal, solution.side)))
    assert list(solution.actions) == expected, repr(state)
    pick = max if solution.to_act in solution.side else min
    assert solution.value == pick(v for _, v in expected)
    assert solution.best and all(dict(expected)[a] == solution.value for a in solution.best)
    assert solve(state, goal=goal, each=False).value == solution.value
    return nodes


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_the_solver_is_minimax_on_endings(case: tuple[str, dict[str, Any]]) -> None:
    ruleset, params = case
    rules = Rules.load(ruleset, **params)
    nodes = 0
    # 20 positions a reading (the slow sweep, test_thousands_of_endings, 100 to 400); L'Hombre's
    # endings are small (20 of them hold fewer than 100 nodes): 40
    for state in endings(rules, 40 if ruleset == "hombre" else 20, 37, 3):
        nodes += compare(state)
    assert nodes > 100


@pytest.mark.parametrize("ruleset", ["brouc", "homme-de-brou-1802"])
def test_an_announcement_to_make_is_minimax(ruleset: str) -> None:
    """Positions where the player to act may announce a marriage on his turn (Brouc's default;
    1802 under own-turn-once-team-has-trick): announcing and every card, each valued exactly
    (the search plays the announcement first, docs/solve.md)."""
    params = {} if ruleset == "brouc" else {"announce_window": "own-turn-once-team-has-trick"}
    rules = Rules.load(ruleset, **params)
    found = [s for s in endings(rules, 600, 46, 3) if any(rules.n_indices <= a < rules.pass_action
                                                           for a in s.legal_actions())]
    assert len(found) >= 5
    for state in found[:10]:
        compare(state)


def test_l_hombre_s_words_in_play() -> None:
    """The hombre's stop after the first five tricks, all his (or the sixth card, which engages
    the vole), valued as minimax values them; his surrender at his first card, and under
    surrender_moment=before-the-lead his question before the lead, offered as the engine offers
    them and valued as the engine counts them."""
    rng = random.Random(47)
    rules = Rules.load("hombre")
    stops = 0
    while stops < 3:
        state = _in_play(rules, rng)
        if state is None or state.contract is None or state.contract.nolo:
            continue
        hombre, trump = state.hombre, state.trump
        order = card_order(rules, trump)
        while not state.is_over and len(state.tricks) < 5 and all(w == hombre for _, _, w in state.tricks):
            cards = [a for a in state.legal_actions() if a < rules.n_indices]
            strength = sorted(cards, key=lambda c: (order.class_of[c] != trump, order.place[c]))
            state.apply(strength[0] if state.to_act == hombre else strength[-1])
        if not state.is_over and state.may_stop():
            stops += 1
            compare(state)
    for params in ({}, {"surrender_moment": "before-the-lead"}):
        rules = Rules.load("hombre", **params)
        seen = 0
        while seen < 4:
            state = _in_play(rules, rng)
            if state is None:
                continue
            while not state.is_over and not state.tricks and state.to_act != state.hombre:
                state.apply(rng.choice(state.legal_actions()))
            words = [a for a in state.legal_actions() if a >= rules.n_indices]
            if state.tricks or not words:
                continue
            seen += 1
            solution, _ = checked_root(state)
            for action in words:
                child = _moved(state, action)
                if child.is_over:
                    assert dict(solution.actions)[action] == score(child, solution.goal, solution.side)


def _in_play(rules: Rules, rng: random.Random) -> HombreDeal | None:
    """A deal of L'Hombre at its first card (random auction and exchange), or None if not played."""
    state = dealt(rules, rng.randrange(1 << 30))
    assert isinstance(state, HombreDeal)
    while not state.is_over and state.phase != "play":
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_over else state


def checked_root(state: PhaseDeal) -> tuple[Solution, Play]:
    """`solve`, and the light state's actions at the root against the engine's."""
    solution = solve(state)
    rules = state.rules
    play = Play.of(state, deal_kind(rules), solution.goal, [s in solution.side for s in range(rules.n_players)])
    assert play.legal_actions() == state.legal_actions()
    return solution, play


@pytest.mark.parametrize("ruleset", ["brouc", "homme-de-brou-1802"])
def test_the_search_of_the_last_tricks_is_the_general_search(ruleset: str) -> None:
    """1802's and Brouc's last tricks, once no hand can announce a marriage, are searched on the
    hands alone (`Play._endgame`, docs/solve.md): from positions as many tricks before the end as
    it takes over (ENDGAME_TRICKS) or nearer, every action's value is the general search's, which
    runs with the endgame off."""
    rules = Rules.load(ruleset)
    entered = 0
    for state in endings(rules, 12, 53, ENDGAME_TRICKS):
        side = side_of(state, state.to_act)
        values = []
        for tricks in (0, ENDGAME_TRICKS):
            play = Play.of(state, deal_kind(rules), "count", [s in side for s in range(rules.n_players)])
            play.endgame_tricks = tricks
            entered += tricks > 0 and play._cards_only()
            values.append(root_values(play)[0])
        assert values[0] == values[1], repr(state)
    assert entered >= 3


@pytest.mark.parametrize("ruleset", ["brouc", "homme-de-brou-1802"])
def test_a_marriage_announced_and_still_held_leaves_the_cards_alone(ruleset: str) -> None:
    """A hand that still holds a marriage it has announced can announce nothing more from it (it
    only loses cards), so the rest of the deal is cards alone (`Play._cards_only`): from positions
    four tricks before the end where one does, reached by announcing whatever may be, every
    action's value with the endgame on is the general search's."""
    rules = Rules.load(ruleset)
    rng = random.Random(71)
    held = tries = 0
    while held < 6:
        tries += 1
        assert tries < 300, "too few positions where an announced marriage is still held"
        state = dealt(rules, rng.randrange(1 << 30))
        while not state.is_over and (len(state.tricks) < rules.n_tricks - 4 or state.phase != PLAY or state.trick):
            actions = state.legal_actions()
            words = [a for a in actions if rules.n_indices <= a < rules.pass_action]
            state.apply(words[0] if words else rng.choice(actions))
        if state.is_over or not light(state):
            continue
        side = [s in side_of(state, state.to_act) for s in range(rules.n_players)]
        play = Play.of(state, deal_kind(rules), "count", side)
        if not (play._cards_only() and any(play._probe(hand) for hand in state.hands)):
            continue
        general = Play.of(state, deal_kind(rules), "count", side)
        general.endgame_tricks = 0
        assert root_values(play)[0] == root_values(general)[0], repr(state)
        held += 1


def test_brusquembille_jetons_are_minimax_on_endings() -> None:
    rules = Rules.load("brusquembille-1718")
    for state in endings(rules, 30, 38, 3):
        compare(state, "jetons")


def test_a_deal_of_a_game_is_minimax_on_endings() -> None:
    """1802 and Brouc inside a game near the target: claims, declarations, concessions and the
    rounds are actions of the search over the engine's states (`brou.solve.solution._Engine`)."""
    rng = random.Random(39)
    for ruleset, params in (("homme-de-brou-1802", {}), ("homme-de-brou-1802", {"claim_moment": "between-tricks",
                            "after_last_trick": "one-round-in-seat-order", "concession": "any"}),
                            ("brouc", {}), ("brouc", {"dehors_above_300": "own-turn"})):
        rules = Rules.load(ruleset, **params)
        made = 0
        while made < 12:
            scores = (rng.randrange(150, 330), rng.randrange(150, 330))
            state = dealt(rules, rng.randrange(1 << 30), GameContext(scores))
            while not state.is_over and len(state.tricks) < rules.n_tricks - 2:
                actions = state.legal_actions()
                cards = [a for a in actions if a < rules.n_indices]
                state.apply(rng.choice(cards if cards and rng.random() < 0.95 else actions))
            if state.is_over:
                continue
            made += 1
            solution = solve(state)
            expected = []
            for action in state.legal_actions():
                child = state.copy()
                child.apply(action)
                expected.append((action, minimax(child, solution.goal, solution.side)))
            assert list(solution.actions) == expected, repr(state)


def test_a_deal_of_a_game_solved_alone_values_its_own_actions() -> None:
    """solve(..., alone=True) in a deal of a game: the values of a deal on its own, for the same
    cards, and no value for the game's actions."""
    rules = Rules.load("brouc")
    for seed in range(3):
        in_game = new_deal(rules, deal_from_seed(rules, seed), context=GameContext((100, 120)))
        on_its_own = new_deal(rules, deal_from_seed(rules, seed))
        rng = random.Random(seed)
        while len(on_its_own.tricks) < rules.n_tricks - 3:
            cards = [a for a in on_its_own.legal_actions() if a < rules.n_indices]
            action = rng.choice(cards)
            on_its_own.apply(action)
            while in_game.phase != PLAY:
                in_game.apply(rules.pass_action)
            in_game.apply(action)
        alone = solve(in_game, alone=True)
        assert alone.actions == solve(on_its_own).actions
        assert all(a < rules.pass_action for a, _ in alone.actions)
        assert alone.value == solve(on_its_own).value


def minimax_to_play(state: PhaseDeal, goal: str, side: tuple[int, ...]) -> int:
    """Minimax over the engine's actions before play; from the first card, the light state's
    value (checked against minimax above)."""
    if state.is_over:
        return score(state, goal, side)
    if light(state):
        return solve(state, seat=side[0], goal=goal).value
    values = [minimax_to_play(_moved(state, a), goal, side) for a in state.legal_actions()]
    return max(values) if state.to_act in side else min(values)


def test_l_homme_d_auvergne_is_solved_from_the_speech() -> None:
    """Before play the speech's words are searched over the engine's states, and the light
    state takes over at the first card; a deal inside a game to a number of marks (where a king
    taken may end it) is searched over the engine's states to the end."""
    rules = Rules.load("homme-d-auvergne", form="two")
    rng = random.Random(40)
    made = 0
    while made < 4:
        state = dealt(rules, rng.randrange(1 << 30))
        while not state.is_over and state.phase in ("turn-offer", "speech", "showing") and rng.random() < 0.5:
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over or state.phase == "play":
            continue
        made += 1
        solution = solve(state)
        expected = [(a, minimax_to_play(_moved(state, a), solution.goal, solution.side)) for a in state.legal_actions()]
        assert list(solution.actions) == expected
    for state in endings(Rules.load("homme-d-auvergne", form="three"), 4, 40, 2):
        deal, colon, actions = position_notation(state).partition(" : ")
        for marks in ("4,4,4", "3,4,3", "2,2,2"):  # the highest with which the deal is still going on
            try:
                marked = parse_position(f"{deal} marks={marks}{colon}{actions}")
            except NotationError:
                continue
            if not marked.is_over:
                break
        solution = solve(marked)
        assert not light(marked)
        assert list(solution.actions) == [(a, minimax(_moved(marked, a), "marks", solution.side))
                                          for a in marked.legal_actions()]


def brusquembille_jetons(state: PhaseDeal, side: tuple[int, ...]) -> int:
    """Brusquembille's jetons counted plainly from the tricks, not from the ledger: an ace is
    worth 2 and a ten 1; its player, if he took the trick, is paid that by each other player,
    else pays it to each; the side's net over every payment it makes or receives, whoever's
    brusquembille it is for (docs/solve.md)."""
    rules = state.rules
    n = rules.n_players
    if not rules.pays_brusquembilles:
        return 0
    total = 0
    for leader, cards, winner in state.tricks:
        for k, card in enumerate(cards):
            worth = {"A": 2, "T": 1}.get(rules.ranks[card % len(rules.ranks)], 0)
            player = (leader + k) % n
            for other in range(n):
                if other == player:
                    continue
                giver, taker = (other, player) if player == winner else (player, other)
                total += worth * ((taker in side) - (giver in side))
    return total


def plain_minimax(state: PhaseDeal, side: tuple[int, ...], count: Any) -> int:
    """Minimax over the engine's legal actions, the deal over counted by `count(state, side)`."""
    if state.is_over:
        return int(count(state, side))
    values = [plain_minimax(_moved(state, a), side, count) for a in state.legal_actions()]
    return max(values) if state.to_act in side else min(values)


def own_brusquembilles(state: PhaseDeal, side: tuple[int, ...]) -> int:
    """The reading docs/solve.md does not take: only the payments for the side's own
    brusquembilles."""
    rules = state.rules
    return sum(e.jetons * ((e.taker in side) - (e.giver in side)) for e in state.ledger
               if e.clause == "brus.pay.brusquembille" and e.card is not None
               and any(card == e.card and (leader + k) % rules.n_players in side
                       for leader, cards, _ in state.tricks for k, card in enumerate(cards)))


@pytest.mark.parametrize("params", [{}, {"form": "four"}, {"form": "five", "scoring": "points"}])
def test_brusquembille_jetons_are_every_payment_the_side_makes_or_receives(params: dict[str, Any]) -> None:
    """`--goal jetons` is the side's net over every brusquembille payment, its own
    brusquembilles' and the others' (docs/solve.md): on endings, every action's value is a
    plain minimax of that count made from the tricks; counting only the side's own
    brusquembilles would give other values (nothing is paid in the game for points)."""
    rules = Rules.load("brusquembille-1718", **params)
    other = 0
    for state in endings(rules, 12, 64, 2):
        seat = (state.to_act + len(state.tricks)) % rules.n_players  # the player to act or another
        solution = solve(state, seat=seat, goal="jetons")
        assert solution.side == (seat,)
        assert list(solution.actions) == [(a, plain_minimax(_moved(state, a), (seat,), brusquembille_jetons))
                                          for a in state.legal_actions()], repr(state)
        other += solution.value != plain_minimax(state, (seat,), own_brusquembilles)
    assert (other > 0) == rules.pays_brusquembilles


class Budget(Exception):
    """`own_marks` went past its budget of nodes."""


def own_marks(state: PhaseDeal, seat: int, alpha: int, beta: int, budget: list[int]) -> int:
    """The player's own marks (his net of the ledger, the engine's count) at the end of the deal,
    by a plain alpha-beta over the engine's actions: he maximises them, every other player
    minimises them, before and after a homme is named; `budget[0]` nodes at most."""
    budget[0] -= 1
    if budget[0] < 0:
        raise Budget
    if state.is_over:
        return balances(state.ledger, state.rules.n_players)[seat]
    mine = state.to_act == seat
    value = -INFINITE if mine else INFINITE
    for action in state.legal_actions():
        found = own_marks(_moved(state, action), seat, alpha, beta, budget)
        if mine:
            value = max(value, found)
            alpha = max(alpha, value)
        else:
            value = min(value, found)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


# positions of L'Homme d'Auvergne for three before the homme is named, and the player solved for: four of
# the first six that `speech_positions` finds (seed 41, under 8,000 nodes), those whose `switching` is quick
BEFORE_THE_HOMME = [
    ("homme-d-auvergne[form=three] 2 8.Q.T8.Q/K.KJT.9./T.9..KA9 - 9STC8HADJDASQSJCJSQDAHKD8C : turn", 1),
    ("homme-d-auvergne[form=three] 2 K.K9.QJ./QT...KJ8/A8.QA.A. - ACTHTC9DJS8D8HQCTD9C9SKDJH : leave leave", 1),
    ("homme-d-auvergne[form=three] 2 JA.A..K8/Q.KQT..9/9.J.T9.J - ACKDJD8SAD8DQDTSTCKSQC9H8H", 0),
    ("homme-d-auvergne[form=three] 2 A8.AT.K./.KQ.QA.K/JT.J.8.Q - TDJDTCQS8C9DJC9CKS9H9SAC8H", 1),
]


def speech_positions(rules: Rules, seed: int, most: int) -> Iterator[tuple[PhaseDeal, int, list[tuple[int, int]]]]:
    """Positions of the turned card's offer or the speech, before the homme is named, with a
    player and each action's value for his own marks by `own_marks`: those whose plain search
    stays under `most` nodes (a deal searched from its speech by plain alpha-beta can take millions)."""
    rng = random.Random(seed)
    while True:
        state = dealt(rules, rng.randrange(1 << 30))
        while not state.is_over and state.phase in ("turn-offer", "speech") and rng.random() < 0.7:
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over or state.homme is not None or state.phase not in ("turn-offer", "speech"):
            continue
        for seat in range(rules.n_players):
            budget = [most]
            try:
                yield state, seat, [(a, own_marks(_moved(state, a), seat, -INFINITE, INFINITE, budget))
                                    for a in state.legal_actions()]
            except Budget:
                continue


def test_l_homme_d_auvergne_before_the_homme_is_named_is_the_player_alone() -> None:
    """Before the homme is known the side is the player alone for the whole search, whoever the
    speech then names (docs/solve.md, "Which side"): every action's value is his own marks by a
    plain alpha-beta over the engine's states from the speech to the end.  In some of these
    positions a side that became the homme or the others once one is named would give another
    value (`switching`)."""
    switched = 0
    for line, seat in BEFORE_THE_HOMME:
        state = parse_position(line)
        assert state.homme is None and state.phase in ("turn-offer", "speech")
        expected = [(a, own_marks(_moved(state, a), seat, -INFINITE, INFINITE, [10_000]))
                    for a in state.legal_actions()]
        solution = solve(state, seat=seat)
        assert solution.side == (seat,) and list(solution.actions) == expected, line
        switched += expected != [(a, switching(_moved(state, a), seat, -INFINITE, INFINITE))
                                 for a in state.legal_actions()]
    assert switched >= 3


def switching(state: PhaseDeal, seat: int, alpha: int, beta: int) -> int:
    """The reading docs/solve.md does not take: alpha-beta over the engine's states for the
    player alone until the homme is named, then the value of the side `seat` is on once he is
    (the homme, or the others together: their marks summed), from the first card on."""
    if state.is_over:
        return balances(state.ledger, state.rules.n_players)[seat]
    if light(state):
        return solve(state, seat=seat, each=False).value
    mine = state.to_act == seat
    value = -INFINITE if mine else INFINITE
    for action in state.legal_actions():
        found = switching(_moved(state, action), seat, alpha, beta)
        if mine:
            value = max(value, found)
            alpha = max(alpha, value)
        else:
            value = min(value, found)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


@pytest.mark.slow("plain alpha-beta from the speech to the end of the deal, 40 positions")
@pytest.mark.parametrize("params", [{"form": "three"}, {"form": "three", "king_scoring": "trump-and-others",
                                                        "loser_pays": "the-winner"}])
def test_l_homme_d_auvergne_before_the_homme_is_named_on_many_positions(params: dict[str, Any]) -> None:
    """The same on 20 positions a reading, found at random (those whose plain search stays under
    40,000 nodes)."""
    rules = Rules.load("homme-d-auvergne", **params)
    positions = speech_positions(rules, 43, 40_000)
    for _ in range(20):
        state, seat, expected = next(positions)
        assert list(solve(state, seat=seat).actions) == expected, (repr(state), seat)

def _moved(state: PhaseDeal, action: int) -> PhaseDeal:
    child = state.copy()
    child.apply(action)
    return child


@pytest.mark.parametrize("ruleset", list(READINGS))
def test_a_position_in_the_notation_solves_as_its_state(ruleset: str) -> None:
    rules = Rules.load(ruleset)
    for state in endings(rules, 3, 41, 3):
        line = position_notation(state)
        again = parse_position(line)
        assert repr(again) == repr(state)
        first, second = solve(state), solve(again)
        assert (first.value, first.actions, first.side, first.goal) == (second.value, second.actions, second.side,
                                                                         second.goal)


@pytest.mark.parametrize("ruleset", ["homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre"])
def test_the_light_state_s_marriage_probe_is_the_rules(ruleset: str) -> None:
    """`Play._probe`, the marriage probe on machine integers (brou.spec.rules.probe_shape), says
    what `rules.marriage_probe` says, on random sets of cards and on every pair of one suit."""
    rules = Rules.load(ruleset)
    play = Play(rules, 0, "count", [True] * rules.n_players)
    rng = random.Random(11)
    masks = [rng.getrandbits(rules.n_indices) & rules.pack for _ in range(2000)]
    masks += [1 << a | 1 << b for a in rules.pack_cards for b in rules.pack_cards if rules.suit_of[a] == rules.suit_of[b]]
    assert [play._probe(m) for m in masks] == [rules.marriage_probe(m) for m in masks]
    assert any(rules.marriage_probe(m) for m in masks) == bool(rules.kinds)


def test_the_side_searched_and_its_value() -> None:
    """The team of the player to act in 1802 and Brouc (the value is the difference of the two
    counts: the other team's is its negation); the hombre in L'Hombre, or the two tiers."""
    rules = Rules.load("brouc")
    state = next(endings(rules, 1, 42, 3))
    mine = solve(state)
    assert mine.side == tuple(sorted(rules.teams[rules.team_of[state.to_act]]))
    theirs = solve(state, seat=(state.to_act + 1) % 4)
    assert theirs.value == -mine.value
    assert [v for _, v in theirs.actions] == [-v for _, v in mine.actions]
    hombre = next(endings(Rules.load("hombre"), 1, 43, 3))
    assert isinstance(hombre, HombreDeal) and hombre.hombre is not None
    assert solve(hombre).side == side_of(hombre, hombre.hombre) == (hombre.hombre,)
    tiers = solve(hombre, seat=(hombre.hombre + 1) % 3)
    assert tiers.value == -solve(hombre).value and len(tiers.side) == 2


def test_l_homme_d_auvergne_once_the_homme_is_known_is_the_homme_against_the_others() -> None:
    """Before, a player alone; after, the homme alone or his opponents together (they all score
    when he loses, auv.count.lost): their value is the sum of their marks."""
    rules = Rules.load("homme-d-auvergne", form="three")
    state = next(endings(rules, 1, 44, 3))
    assert state.homme is not None
    homme = state.homme
    others = tuple(s for s in range(3) if s != homme)
    assert side_of(state, homme) == (homme,)
    assert side_of(state, others[0]) == side_of(state, others[1]) == others
    theirs = solve(state, seat=others[0])
    assert theirs.side == others
    assert theirs.value == minimax(state, "marks", others)
    assert solve(state, seat=homme).side == (homme,)
    assert side_of(dealt(rules, 44), 0) == (0,)


def test_a_deal_over_is_its_count() -> None:
    rules = Rules.load("homme-de-brou-1802")
    state = dealt(rules, 7)
    rng = random.Random(7)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    solution = solve(state)
    assert solution.actions == () and solution.value == solution.so_far == score(state, "count", solution.side)


def last_moves(rules: Rules, count: int, seed: int, context: GameContext | None = None
               ) -> Iterator[tuple[PhaseDeal, int, PhaseDeal]]:
    """`count` deals played at random to their end (cards and passes mostly, so that a deal of a
    game is mostly played out): each as the position one action before its end, that action and
    the deal over.  Deals whose last action came where the solver does not go, or with more than
    two tricks still to play where only the engine's states are searched, are skipped (L'Hombre's
    deals passed by all end in the auction)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        state = dealt(rules, rng.randrange(1 << 30), context)
        before, last = state, -1
        while not state.is_over:
            actions = state.legal_actions()
            plain = [a for a in actions if a < rules.n_indices or a == rules.pass_action]
            before, last = state.copy(), rng.choice(plain if plain and rng.random() < 0.95 else actions)
            state.apply(last)
        if before.phase in ("auction", "declare", "exchange") and isinstance(before, HombreDeal):
            continue
        if not light(before) and len(before.tricks) < rules.n_tricks - 2:
            continue
        made += 1
        yield before, last, state


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_a_finished_deal_is_worth_what_its_last_action_was(case: tuple[str, dict[str, Any]]) -> None:
    """A deal over, solved for any seat and goal, is worth what the position one action before
    gives that action for the same seat: the value that seat's side gets (issue 63: a finished
    L'Hombre deal solved for a tier gave 0, the tiers' ledger entries summed while the hombre is
    paid from the sheet).  L'Hombre's tiers get the hombre's points with the sign changed."""
    ruleset, params = case
    rules = Rules.load(ruleset, **params)
    paid = 0
    for before, last, over in last_moves(rules, 8, 61):
        for goal in goals(rules):
            for seat in range(rules.n_players):
                value = dict(solve(before, seat=seat, goal=goal).actions)[last]
                solution = solve(over, seat=seat, goal=goal)
                assert solution.value == solution.so_far == value, (repr(before), seat, goal)
                assert solution.actions == () and solution.side == side_of(over, seat)
        if isinstance(over, HombreDeal):
            assert over.hombre is not None
            hombre = solve(over, seat=over.hombre).value
            sheet = sum(e.jetons if e.taker == over.hombre else -e.jetons for e in over.ledger)
            assert hombre == sheet
            assert all(solve(over, seat=t).value == -hombre for t in range(rules.n_players) if t != over.hombre)
            paid += hombre != 0
    assert paid >= 4 or deal_kind(rules) != "auction"


@pytest.mark.parametrize("ruleset", ["homme-de-brou-1802", "brouc"])
def test_a_finished_deal_of_a_game_is_worth_what_its_last_action_was(ruleset: str) -> None:
    """The same inside a game near its target: the deal over is worth its outcome, as its last
    action was; solved alone (for the count's difference, as the PIMC player solves its card
    play), a deal its last card ended is worth its count's difference, as that card was."""
    rules = Rules.load(ruleset)
    alone = 0
    for scores in ((250, 240), (280, 200), (210, 290)):
        for before, last, over in last_moves(rules, 4, sum(scores), GameContext(scores)):
            for seat in range(rules.n_players):
                assert dict(solve(before, seat=seat).actions)[last] == solve(over, seat=seat).value, repr(before)
                if light(before, True) and last < rules.n_indices:
                    alone += 1
                    value = dict(solve(before, seat=seat, alone=True).actions)[last]
                    solution = solve(over, seat=seat, alone=True)
                    assert solution.value == solution.so_far == value, repr(before)
                    assert abs(value) < GAME_MARK
    assert alone >= 8


def test_a_whole_deal_of_l_homme_d_auvergne_from_its_first_card() -> None:
    rules = Rules.load("homme-d-auvergne")
    rng = random.Random(44)
    state = dealt(rules, 3)
    while state.phase != "play":
        state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            state = dealt(rules, rng.randrange(100))
    solution = solve(state)
    assert len(solution.actions) == len(state.legal_actions()) and solution.nodes > 0


def test_what_the_solver_refuses() -> None:
    hombre = dealt(Rules.load("hombre"), 3)
    with pytest.raises(SolveError, match="first card of play"):
        solve(hombre)
    state = dealt(Rules.load("brouc"), 3)
    with pytest.raises(SolveError, match="no seat 4"):
        solve(state, seat=4)
    with pytest.raises(SolveError, match="not 'jetons'"):
        solve(state, goal="jetons")


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_brou_solve_prints_the_value_and_each_action(capsys: pytest.CaptureFixture[str]) -> None:
    """`brou solve --from LINE`: the side's value and a line per legal action; --json the same
    as data; players are the line's (here player 1 deals, so seat s is player s + 2)."""
    rules = Rules.load("brouc")
    state = next(endings(rules, 1, 48, 2))
    line = position_notation(state, 1)
    solution = solve(state)
    code, out, err = call(capsys, "solve", "--from", line)
    assert code == 0 and not but_the_engine_line(err)
    assert f": {solution.value:+d}" in out.splitlines()[1]
    assert f"Player {(state.to_act + 2) % 4} to act" in out
    for text, (_, value) in zip(state.legal_texts(), solution.actions, strict=True):
        assert any(row.split()[:2] == [text, f"{value:+d}"] for row in out.splitlines())
    code, out, err = call(capsys, "solve", "--from", line, "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == solution.value and data["position"] == line
    assert [row["action"] for row in data["actions"]] == state.legal_texts()
    assert data["to_act"] == (state.to_act + 2) % 4 and data["goal"] == "count"
    other = (state.to_act + 3) % 4  # a player of the other team
    code, out, err = call(capsys, "solve", "--from", line, "--json", "--for", str(other))
    assert json.loads(out)["value"] == -solution.value
    code, out, err = call(capsys, "solve", "--from", line, "--value-only")
    assert code == 0 and f": {solution.value:+d}" in out.splitlines()[1] and "best" not in out


def test_brou_solve_a_finished_l_hombre_deal_for_each_player(capsys: pytest.CaptureFixture[str]) -> None:
    """`brou solve --from LINE --for PLAYER` on a L'Hombre deal played to its last card: the
    hombre's points for him, the same negated for each tier (issue 63: 0 for the tiers)."""
    rules = Rules.load("hombre")
    paid = 0
    for _, _, over in last_moves(rules, 4, 65):
        assert isinstance(over, HombreDeal) and over.hombre is not None
        line = position_notation(over, 2)  # player 2 deals: the players are the engine's seats
        values = []
        for player in range(3):
            code, out, err = call(capsys, "solve", "--from", line, "--for", str(player), "--json")
            assert code == 0 and not but_the_engine_line(err)
            values.append(json.loads(out)["value"])
        hombre = values[over.hombre]
        assert hombre == solve(over).value
        assert all(v == -hombre for p, v in enumerate(values) if p != over.hombre)
        paid += hombre != 0
    assert paid >= 2


def test_brou_solve_from_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """--ruleset and --seed: the deal from its first card (L'Homme d'Auvergne's speech included)."""
    code, out, _ = call(capsys, "solve", "--ruleset", "homme-d-auvergne", "--seed", "3", "--param", "form=two",
                        "--json")
    data = json.loads(out)
    assert code == 0 and data["goal"] == "marks" and data["actions"]
    rules = Rules.load("homme-d-auvergne", form="two")
    assert data["value"] == solve(dealt(rules, 3)).value


@pytest.mark.parametrize("args, message", [
    ((), "needs --from POSITION, or --ruleset and --seed"),
    (("--from", "brouc 3 nonsense"), "a deal has five fields"),
    (("--from", "-", "--ruleset", "brouc"), "drop --ruleset"),
    (("--ruleset", "brouc", "--seed", "3", "--for", "4"), "--for 4: brouc has players 0 to 3"),
    (("--ruleset", "brouc", "--seed", "3", "--goal", "jetons"), "not 'jetons'"),
    (("--from", "hombre 2 Q62.QJ6.J4.4/.73.A7.QA763/K743.4.K62.J - KHKCAH2C5C2HQD5DAS3D5S5HJS"), "first card of play"),
])
def test_brou_solve_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                                  message: str) -> None:
    code, out, err = call(capsys, "solve", *args)
    assert code == 2 and not out and len(err.splitlines()) == 1, err
    assert err.startswith("brou solve: ") and message in err


def sweep(rules: Rules) -> tuple[int, int]:
    """How many endings the slow test plays for a reading, and from how many tricks before the
    end: as far as plain minimax goes in a minute or two (it grows as the factorial of the hands,
    to the power of the players)."""
    n = rules.n_players
    kind = deal_kind(rules)
    if kind == "partnership":  # announcing on one's turn multiplies the actions of every turn
        return 100, 3 if rules.window in NEEDS_TEAM_TRICK else 4
    if kind == "talon":
        return (400, 4) if n <= 3 else (200, 3) if n == 4 else (100, 3)
    if kind == "speech":
        return 300, 5 if n <= 3 else 4
    return 300, 5


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_thousands_of_endings(case: tuple[str, dict[str, Any]]) -> None:
    """The slow sweep: 100 to 400 positions a reading (5,700 in all), up to four tricks before the
    end (three where players announce on their turns, five where three players or fewer hold five
    cards or more), every action against minimax and every node's actions against the engine's."""
    ruleset, params = case
    rules = Rules.load(ruleset, **params)
    count, most = sweep(rules)
    for state in endings(rules, count, 45, most):
        compare(state)

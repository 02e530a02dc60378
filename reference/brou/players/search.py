"""The search player: every decision of every phase valued by search over the deals the seat
cannot tell apart, weighted by how likely the others' words were (issue 58, docs/players.md).

It sees what the PIMC player sees (`brou.players.pimc`: its own cards, every card played, what
was said or shown) and deals the unseen cards again in the same way (`pimc.Worlds`).  Unlike it,
it decides every phase itself:

- **Inference.**  Each world is weighted by how well it explains what the others said: the
  history is replayed in it, and at each step where another player said a word rather than
  played a card (a bid, a word of the speech, an announcement, a pass of the window, a claim or
  a declaration), or could have said one, the careful player (`brou.players.careful`) is asked
  what he would have done there with that world's cards.  Where he would have done the same
  kind of thing (the same word; or a card where a card was played), the world keeps its weight;
  where not, it is multiplied by `surprise` (0.1 by default): a player who passed in the
  auction rarely holds the hand the careful player bids on, one who played a card rather than
  announce rarely held a marriage.  Which card a player chose is not read: the careful player's
  card play is too plain a model of anyone's.
- **Card play** (and 1802's and Brouc's announcements, passes and marks, and a deal of a game
  while many cards are out): each world is solved double dummy for its side, every legal action
  valued in one search (`brou.solve.solve`), as the PIMC player does; in a deal of a game the
  world is solved as a deal on its own, for the count (`alone`); a deal of a game of L'Homme
  d'Auvergne is dealt again without the game's marks (`pimc.alone`), so that its card play is
  solved as a deal's on its own.
- **What comes before the card play** (L'Hombre's auction, its naming of the contract and trump,
  its exchange; L'Homme d'Auvergne's offer, speech and showing of kings): each legal action is
  taken in each world, the deal is played on by the careful player at every seat until the
  card play begins (or the deal ends: every player passed), and that position is solved for the
  seat's side, its value shared among the side's players (a tier of L'Hombre counts half the
  tiers' value, one of L'Homme d'Auvergne's others his share of theirs): as bridge programs value
  a bid by the contracts it leads to, played double dummy in the worlds dealt.  Positions that
  two actions lead to are solved once; where there are many actions (nine cards to discard, ten
  bids), all are valued in the first `first` worlds and only the `keep` best of them, with the
  careful player's, in the others.
- **The game's own actions** in a deal of 1802 or Brouc (claims, declarations, a concession asked
  or answered, the round of claims): once few cards are out (`exact_cards`), each world is
  solved over the engine's states for the game's value itself (a party or coche is worth
  `brou.solve.GAME_MARK`), every legal action valued exactly; before that, each game action and
  the deal's own play are compared by playing each world to its end with the careful player at
  every seat, and a game action is taken only where it does better on average; otherwise the
  card, announcement or pass is chosen as above.  Where the reading lets a seat claim or
  declare out of turn, it is asked then too (`out_of_turn`, `brou.engine.bots.next_move`), and
  values those actions against letting the deal go on in the same way.

`worlds` sets its strength (how many worlds a decision; unset, the game's own: 12, and 48 in
L'Homme d'Auvergne, whose card play is cheap and hides 27 cards; fewer, `early`, in the first
tricks of 1802 and Brouc, the solver's costliest; `before`, before the card play, where a
decision's worlds are cheap and few of them leave its values noisy: unset, as many as the card
play's, except 64 in L'Homme d'Auvergne where `worlds` is unset too); `seconds`, if given, stops
dealing worlds once a decision has taken that long (at least one world is always solved), at the
cost of play that depends on the machine's speed.  With `seconds` unset it is deterministic for a
given random generator.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..engine.deals import deal_kind
from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal
from ..engine.notation import position_notation
from ..engine.phases import PhaseDeal
from ..laws.auction import words
from ..laws.exchange import discard_bounds
from ..solve import goals, score, side_of, solve
from ..solve.play import Play
from ..solve.solution import light, root_values
from ..spec.rules import card_order, cards_of
from .careful import careful_bot
from .pimc import EARLY_CARDS, Worlds, alone, in_game, mates, own_actions, restart

WORLDS: Final = 12  # worlds a decision by default
# ... where a game's card play is cheap and gains from more, by deal kind (docs/players.md, "More
# worlds in L'Homme d'Auvergne"): L'Homme d'Auvergne's 27 unseen cards, 12 of them in the talon
GAME_WORLDS: Final = {"speech": 48}
GAME_BEFORE: Final = {"speech": 64}  # worlds a decision before the card play, by deal kind (else: the worlds)
EARLY: Final = 4  # ... while more than EARLY_CARDS cards are in the hands of 1802 and Brouc
SURPRISE: Final = 0.1  # a world's weight is multiplied by this at each word the model would not have said
EXACT_CARDS: Final = 12  # in a deal of a game, the game's value is searched exactly once this few cards are in the hands
KEEP: Final = 4  # before the card play, the actions still valued after the first worlds (and the careful player's)
FIRST: Final = 2  # ... the worlds every action is valued in

_RNG: Final = random.Random(0)  # the careful player's generator: he does not use it


def _model(deal: PhaseDeal) -> int:
    return careful_bot(deal, _RNG)


def _is_card(deal: PhaseDeal, action: int) -> bool:
    return action < deal.rules.n_indices


def surprise_weight(world: PhaseDeal, seat: int, surprise: float = SURPRISE,
                    model: Callable[[PhaseDeal], int] = _model) -> float:
    """How well a world explains what the other players said (the module's docstring): 1,
    multiplied by `surprise` at each step of another player where a word was said, or could have
    been, and the model would have done another kind of thing with this world's cards."""
    steps = world._steps()
    probe = _fresh(world)
    sees = mates(world, seat)
    weight = 1.0
    for action, by in steps:
        actor = probe.to_act if by is None else by
        if by is None and actor not in sees:
            legal = probe.legal_actions()
            if len(legal) > 1 and not all(_is_card(probe, a) for a in legal):
                expected = model(probe)
                same = expected == action or (_is_card(probe, expected) and _is_card(probe, action))
                if not same:
                    weight *= surprise
        probe.apply(action, by)
    return weight


def _fresh(deal: PhaseDeal) -> PhaseDeal:
    """The deal from its first action: the same cards, rules and context."""
    return restart(deal, deal.deal)


def settled(state: PhaseDeal) -> PhaseDeal:
    """`state` played on by the careful player at every seat until the solver takes it (the card
    play under way) or the deal is over; `state` itself is moved on."""
    while not state.is_over and not light(state):
        state.apply(_model(state))
    return state


def share(state: PhaseDeal, seat: int) -> float:
    """The value of an ended deal, or of one the solver takes, for `seat`: his side's value (the
    solver's, double dummy) divided among the side's players; in L'Homme d'Auvergne, a race to a
    number of marks where a lost deal gives each opponent a mark rather than taking it from
    anyone, his marks less the mean of the others' at the end of the deal played double dummy
    (`race`)."""
    if deal_kind(state.rules) == "speech":
        return race(state if state.is_over else principal_variation(state), seat)
    solution = solve(state, seat=seat, each=False)
    return solution.value / len(solution.side)


def principal_variation(state: PhaseDeal) -> PhaseDeal:
    """A copy of `state` played to its end double dummy: each player to act takes the action
    best for his side (the solver's, ties to the lowest action id).  Where the solver's light
    state takes the position, each side's light state is made once and moved along the line, its
    transposition table kept from one step to the next (the values are exact either way: making
    it again at every step cost more than the searches did)."""
    line = state.copy()
    rules = line.rules
    kind = deal_kind(rules)
    goal = goals(rules)[0]
    plays: dict[tuple[int, ...], Play] = {}
    while not line.is_over:
        if light(line):
            side = side_of(line, line.to_act)
            play = plays.get(side)
            if play is None:
                play = plays[side] = Play.of(line, kind, goal, [s in side for s in range(rules.n_players)])
            found, _ = root_values(play)
            top = max(value for _, value in found)
            action = min(a for a, value in found if value == top)
        else:
            plays.clear()
            action = min(solve(line, seat=line.to_act).best)
        line.apply(action)
        for play in plays.values():
            play.apply(action)
    return line


def race(ended: PhaseDeal, seat: int) -> float:
    """What an ended deal of L'Homme d'Auvergne is worth to `seat`: the marks it gave him less
    the mean of the marks it gave each other player (auv.count.won, auv.count.lost, the kings)."""
    rules = ended.rules
    goal = goals(rules)[0]
    marks = [score(ended, goal, (s,)) for s in range(rules.n_players)]
    others = [m for s, m in enumerate(marks) if s != seat]
    return marks[seat] - sum(others) / len(others)


def _played_out(state: PhaseDeal) -> PhaseDeal:
    """`state` played to its end by the careful player at every seat (moved on)."""
    while not state.is_over:
        state.apply(_model(state))
    return state


@dataclass
class _Means:
    """Weighted sums of values over the worlds of one decision, by key (an action, or GOING_ON),
    each key with the weight of the worlds it was valued in."""

    totals: dict[int, float] = field(default_factory=dict)
    weights: dict[int, float] = field(default_factory=dict)

    def add(self, weight: float, values: dict[int, float]) -> None:
        if weight <= 0:
            return
        for key, value in values.items():
            self.totals[key] = self.totals.get(key, 0.0) + weight * value
            self.weights[key] = self.weights.get(key, 0.0) + weight

    def mean(self, key: int) -> float:
        weight = self.weights.get(key, 0.0)
        return self.totals[key] / weight if weight else 0.0


GOING_ON: Final = -1  # the key of the deal's own play, against which a game action is measured


@dataclass(frozen=True)
class Values:
    """What a decision found: each action's weighted mean value (`actions`), in the units the
    solver gives where it decides, and, in a deal of a game while many cards are out, each game
    action's value played out and that of going on with the deal's own play (`game`, `going_on`),
    in the game's units; `worlds` the worlds solved."""

    actions: dict[int, float]
    game: dict[int, float]
    going_on: float | None
    worlds: int

    def best(self) -> int:
        """The action chosen: a game action where one does better on average than going on,
        else the best of the others (ties: the lowest action id)."""
        if self.game and (self.going_on is None or max(self.game.values()) > self.going_on):
            return min(self.game, key=lambda a: (-self.game[a], a))
        return min(self.actions, key=lambda a: (-self.actions[a], a))


@dataclass(frozen=True)
class Search:
    """The search player as a bot (`brou.engine.bots.Bot`): `worlds` a decision (None: the
    game's own, `count`; `early` in the first tricks of 1802 and Brouc), `before` before the card
    play (None: `count_before`), each weighted by `surprise` at each word the others would not
    have said; `seconds` (None: no limit) stops dealing worlds once a decision has taken that
    long; `exact_cards` is where a deal of a game begins to be searched for the game's value."""

    worlds: int | None = None
    early: int = EARLY
    before: int | None = None
    surprise: float = SURPRISE
    seconds: float | None = None
    exact_cards: int = EXACT_CARDS
    keep: int = KEEP
    first: int = FIRST

    def __call__(self, deal: PhaseDeal, rng: random.Random) -> int:
        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.values(deal, rng).best()

    def count(self, deal: PhaseDeal) -> int:
        """Worlds for this decision: `worlds`, unset the game's own (`GAME_WORLDS`, else
        `WORLDS`); `early` in the first tricks of 1802 and Brouc."""
        worlds = self.worlds if self.worlds is not None else GAME_WORLDS.get(deal_kind(deal.rules), WORLDS)
        if isinstance(deal, HommeDeal) and sum(h.bit_count() for h in deal.hands) > EARLY_CARDS:
            return max(1, min(self.early, worlds))
        return max(1, worlds)

    def count_before(self, deal: PhaseDeal) -> int:
        """Worlds for a decision before the card play: `before`; unset, as many as a decision
        of the card play (`count`), except where `worlds` is unset too and the game has its own
        (`GAME_BEFORE`)."""
        if self.before is not None:
            return max(1, self.before)
        own = GAME_BEFORE.get(deal_kind(deal.rules)) if self.worlds is None else None
        return own or self.count(deal)

    def values(self, deal: PhaseDeal, rng: random.Random) -> Values:
        """The decision of the player to act: each legal action valued over the worlds."""
        seat = deal.to_act
        legal = deal.legal_actions()
        sampler = Worlds(deal, seat)
        in_a_game = in_game(deal)
        exact = in_a_game and sum(h.bit_count() for h in deal.hands) <= self.exact_cards
        if isinstance(deal, HombreDeal) and deal.phase == "exchange":
            return self._exchange(deal, rng, sampler, seat, legal)
        if not in_a_game and not light(deal, alone=True):
            return self._before_play(deal, rng, sampler, seat, legal)
        means, game = _Means(), _Means()
        own = own_actions(deal, legal) if isinstance(deal, HommeDeal) and in_a_game and not exact else list(legal)
        extra = [a for a in legal if a not in own]
        started = time.monotonic()
        worlds = 0
        for _ in range(self.count(deal)):
            world = alone(sampler.world(rng))
            worlds += 1
            weight = surprise_weight(world, seat, self.surprise)
            if own:
                solution = solve(world, seat=seat, alone=in_a_game and not exact)
                means.add(weight, {a: float(v) for a, v in solution.actions if a in own})
            if extra:
                game.add(weight, self._played(world, seat, own, extra))
            if self.seconds is not None and time.monotonic() - started >= self.seconds:
                break
        actions = {a: means.mean(a) for a in own}
        return Values(actions, {a: game.mean(a) for a in extra}, game.mean(GOING_ON) if own and extra else None,
                      worlds)

    def out_of_turn(self, deal: PhaseDeal, seat: int, rng: random.Random) -> int | None:
        """An action of `seat` though it is not its turn, where the reading lets it (a claim at
        any moment, AMB-14 and AMB-31; `brou.engine.bots.next_move` asks): in a deal of a game,
        each game action the seat may take now is valued over its worlds against letting the
        deal go on, as on its turn (exactly once `exact_cards` or fewer cards are in the hands,
        else by playing each world out), and taken only where it does better on average."""
        if not isinstance(deal, HommeDeal) or not in_game(deal):
            return None
        legal = deal.legal_actions(seat)
        extra = [a for a in legal if a not in own_actions(deal, legal)]
        if not extra:
            return None
        exact = sum(h.bit_count() for h in deal.hands) <= self.exact_cards
        sampler = Worlds(deal, seat)
        means = _Means()
        started = time.monotonic()
        for _ in range(self.count(deal)):
            world = alone(sampler.world(rng))
            weight = surprise_weight(world, seat, self.surprise)
            found: dict[int, float] = {}
            for action in extra:
                state = world.copy()
                state.apply(action, seat)
                found[action] = share(state if exact or state.is_over else _played_out(state), seat)
            found[GOING_ON] = share(world.copy() if exact else _played_out(world.copy()), seat)
            means.add(weight, found)
            if self.seconds is not None and time.monotonic() - started >= self.seconds:
                break
        best = min(extra, key=lambda a: (-means.mean(a), a))
        return best if means.mean(best) > means.mean(GOING_ON) else None

    def _before_play(self, deal: PhaseDeal, rng: random.Random, sampler: Worlds, seat: int,
                     legal: Sequence[int]) -> Values:
        """A decision before the card play: each action taken in each world and the deal played
        on to the card play, solved there (`_halved`); an action after which the seat speaks
        again at once is valued by its best plan (`own_plans`)."""
        plans = own_plans(deal, legal)
        model = _model(deal)
        careful = next((k for k, plan in enumerate(plans) if plan[0] == model), 0)
        found, worlds = self._halved(deal, rng, sampler, seat, dict(enumerate(plans)), careful)
        best: dict[int, float] = {}
        for k, plan in enumerate(plans):
            best[plan[0]] = max(best.get(plan[0], found[k]), found[k])
        return Values({a: best[a] for a in legal}, {}, None, worlds)

    def _exchange(self, deal: HombreDeal, rng: random.Random, sampler: Worlds, seat: int,
                  legal: Sequence[int]) -> Values:
        """L'Hombre's exchange, card by card in the engine, decided as a whole: each plan (discard
        the k least useful cards, then draw, for each k the rules allow) is played in the worlds
        and the deal played on to the card play and solved (`_halved`); the best plan's first
        step is the action, and its next steps are kept for the next decisions of the same
        exchange (the positions they lead to, `_PLANS`), which are then taken without search."""
        known = _PLANS.get(_plan_key(self, deal))
        if known is not None and known in legal:
            return Values({a: float(a == known) for a in legal}, {}, None, 0)
        plans = exchange_plans(deal)
        model = _model(deal)
        careful = next((k for k, plan in enumerate(plans) if plan[0] == model), 0)
        found, worlds = self._halved(deal, rng, sampler, seat, dict(enumerate(plans)), careful)
        best = min(found, key=lambda k: (-found[k], k))
        _remember(self, deal, plans[best])
        first = plans[best][0]
        return Values({a: found[best] if a == first else found[best] - 1.0 for a in legal}, {}, None, worlds)

    def _halved(self, deal: PhaseDeal, rng: random.Random, sampler: Worlds, seat: int,
                choices: dict[int, tuple[int, ...]], model: int) -> tuple[dict[int, float], int]:
        """Each choice (a key and the actions it takes) valued over the worlds (`_rolled`);
        where there are more than `keep` choices, all are valued in the first `first` worlds and
        only the `keep` best of them (and `model`, the careful player's) in the others: one round
        of successive halving.  A choice dropped ranks below every one kept."""
        means = _Means()
        memo: dict[str, float] = {}
        chosen = list(choices)
        total = self.count_before(deal)
        cut = min(self.first, total) if len(chosen) > self.keep else total
        started = time.monotonic()
        worlds = 0
        for k in range(total):
            if k == cut:
                ranked = sorted(chosen, key=lambda c: (-means.mean(c), c))[:self.keep]
                chosen = ranked + ([model] if model in choices and model not in ranked else [])
            world = alone(sampler.world(rng))
            worlds += 1
            weight = surprise_weight(world, seat, self.surprise)
            means.add(weight, {c: self._rolled(world, choices[c], seat, memo) for c in chosen})
            if self.seconds is not None and time.monotonic() - started >= self.seconds:
                break
        floor = min((means.mean(c) for c in chosen), default=0.0)
        return {c: means.mean(c) if c in chosen else min(means.mean(c), floor - 1e-9) for c in choices}, worlds

    @staticmethod
    def _rolled(world: PhaseDeal, actions: int | Sequence[int], seat: int, memo: dict[str, float]) -> float:
        """The seat's share after `actions` (one or several) in `world`, the deal played on by
        the careful player until the solver takes it (positions reached twice solved once)."""
        state = world.copy()
        for action in (actions,) if isinstance(actions, int) else actions:
            state.apply(action)
        settled(state)
        key = position_notation(state)
        if key not in memo:
            memo[key] = share(state, seat)
        return memo[key]

    @staticmethod
    def _played(world: PhaseDeal, seat: int, own: Sequence[int], extra: Sequence[int]) -> dict[int, float]:
        """A deal of a game while many cards are out: each game action, and going on with the
        careful player's own action (or the first of the deal's own actions), played to the end
        of the deal by the careful player at every seat and valued for the game."""
        found: dict[int, float] = {}
        for action in extra:
            state = world.copy()
            state.apply(action)
            found[action] = share(_played_out(state), seat)
        if own:
            state = world.copy()
            model = _model(state)
            state.apply(model if model in own else own[0])
            found[GOING_ON] = share(_played_out(state), seat)
        return found


def own_plans(deal: PhaseDeal, legal: Sequence[int]) -> list[tuple[int, ...]]:
    """The plans a decision before the card play compares: each legal action alone, except, in
    L'Homme d'Auvergne's speech, an action after which the same seat is asked again at once in
    the same phase (a king shown, then `play` or `pass`: auv.king.show), which is followed by
    each word it may say then.  Valued alone, such an action would be valued by the careful player's next word
    (he plays after showing), not by the seat's best (showing, then passing, keeps the king's
    mark without playing).  L'Hombre's bid that ends the auction, followed by the naming of the
    contract, is still valued with the careful player's naming."""
    if deal_kind(deal.rules) != "speech":
        return [(a,) for a in legal]
    seat = deal.to_act
    out: list[tuple[int, ...]] = []
    for action in legal:
        after = deal.copy()
        after.apply(action)
        # asked again at once, in the same phase (a card turned in between would tell the seat
        # what the worlds do not know yet)
        again = not after.is_over and after.to_act == seat and after.phase == deal.phase
        follow = after.legal_actions() if again else []
        if len(follow) > 1 and not light(after, alone=True):
            out += [(action, word) for word in follow]
        else:
            out.append((action,))
    return out


def exchange_plans(deal: HombreDeal) -> list[tuple[int, ...]]:
    """The plans of the player exchanging in L'Hombre: for each number k of cards the rules let
    him still discard, his k least useful cards (the careful player's order: plain cards below
    the king, or for a tier the queen, the weakest first; then the rest, weakest first), then
    the draw."""
    rules = deal.rules
    seat = deal.to_act
    hand = deal.hands[seat]
    assert deal.contract is not None and deal.hombre is not None
    least, most = discard_bounds(rules, deal.contract, seat, deal.hombre, len(deal.stock))
    done = len(deal.discarding)
    order = card_order(rules, deal.trump)
    keep_from = 1 if seat == deal.hombre else 2
    ranked = sorted(cards_of(hand), key=lambda c: (order.class_of[c] == deal.trump or order.place[c] < keep_from,
                                                   -order.place[c], c))
    draw = rules.n_indices + words(rules).index("draw")
    lowest = max(0, least - done)
    return [(*ranked[:k], draw) for k in range(lowest, max(lowest, most - done) + 1) if k <= len(ranked)]


# the rest of each exchange plan chosen, by the position it continues from (Search._exchange):
# the plan is made once, at its first card, and each later card follows it
_PLANS: dict[tuple[str, str], int] = {}
_PLANS_KEPT: Final = 4096


def _plan_key(player: Search, deal: PhaseDeal) -> tuple[str, str]:
    return repr(player), position_notation(deal)


def _remember(player: Search, deal: HombreDeal, plan: Sequence[int]) -> None:
    """Keep each later step of an exchange plan made at `deal`, by the position it follows; the
    plan counts from the cards `deal` has discarded already (a player who takes over in the
    middle of an exchange, as a study's replay does, makes it there)."""
    if len(_PLANS) > _PLANS_KEPT:
        _PLANS.clear()
    done = len(deal.discarding)
    state = deal.copy()
    for action in plan[:-1]:
        state.apply(action)
        _PLANS[_plan_key(player, state)] = plan[len(state.discarding) - done] if state.phase == "exchange" else plan[-1]


search_bot = Search()

"""The PIMC player: perfect-information Monte Carlo over the double-dummy solver (issue 37,
docs/solve.md, "Players that use it").

It sees what `brou.engine.view.view` shows its seat: its own cards (as dealt, drawn and
discarded), every card played, what was said or shown (1802's marriages, L'Homme d'Auvergne's
turned cards and kings, L'Hombre's matadors, an open nolo hand, the talon's rest where it is
shown), the turned card when it lies face up (and, for the dealer, Brouc's turned trump), and a
partner's hand where partners show theirs (Brusquembille in pairs).  Every other card is unseen.

To choose, it deals the unseen cards again (`Worlds.world`): each unseen card goes to a place
it may be now (another player's hand, a place in the talon, L'Hombre's discards), a player never
receiving a card the rules would have made him play at a trick where he played another (a void
shown by not following, a trump not played when he had to trump or overtrump); then it replays
the deal's whole history in that world and keeps it only if every action is legal there and the
seat's view is the same.  It solves each world for its seat (`brou.solve.solve`) and takes the
action with the best mean value (ties: the lowest action id).  What comes before the card play
in L'Hombre and L'Homme d'Auvergne it plays as the careful player: L'Hombre's auction and
exchange, which the solver does not search, and L'Homme d'Auvergne's offer, speech and showing
of kings, which it does search, but for a player alone against all the others, since the homme
is not known yet: after a pass, the coming homme's opponents count against him too, so the
solver undervalues passing (docs/solve.md, "Against the greedy players", measures both).  Once
the homme is known, each world is solved for the homme against the others together
(`brou.solve.side_of`). A single legal action it plays without solving. In a deal of a game of
1802 or Brouc, what concerns the game (a claim, the round of claims, a concession asked or
answered) it also leaves to the careful player, who claims the moment his side has reached the
target; its cards, announcements, passes and marks it chooses by solving each world as a deal on
its own, for the count's difference (`solve(..., alone=True)`): the game's value, read off the
outcome, would make the solver search the whole deal over the engine's own states.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from ..engine.hombre import HombreDeal
from ..engine.homme import MARK, MARK_ACTION, WINDOW, HommeDeal
from ..engine.phases import PLAY, PhaseDeal
from ..engine.view import view
from ..errors import IllegalAction
from ..laws.talon import TalonDeal
from ..solve import solve
from .careful import careful_bot, played

SAMPLES: Final = 12  # worlds solved per decision by default
EARLY_SAMPLES: Final = 4  # ... while more than EARLY_CARDS cards are in the hands of 1802 and Brouc
EARLY_CARDS: Final = 20
ATTEMPTS: Final = 200  # draws before a world is given up as unfindable


def mates(deal: PhaseDeal, seat: int) -> list[int]:
    """The seats whose cards `seat` sees: his own, and his partner's where partners show their
    hands (brus.info.partners)."""
    rules = deal.rules
    if rules.partners_see_hands:
        return sorted(rules.teams[rules.team_of[seat]])
    return [seat]


def turnup_known(deal: PhaseDeal, seat: int) -> bool:
    """Whether `seat` knows the turned card of 1802 or Brouc: face up (1802), or his own (Brouc's dealer)."""
    return deal.rules.turnup_exposed != "none" or seat == deal.rules.dealer


def seen(deal: PhaseDeal, seat: int) -> int:
    """The cards whose place `seat` knows (the module's docstring)."""
    rules = deal.rules
    dealt = deal.deal
    mask = played(deal)
    sees = mates(deal, seat)
    for s in sees:
        mask |= dealt.hands[s] | deal.hands[s]
    for e in deal.events:
        if e.kind in ("turn", "show") or e.seat in sees:
            mask |= 1 << e.card
    if isinstance(deal, HommeDeal):
        if turnup_known(deal, seat):
            mask |= 1 << dealt.turnup
        for s, suit, k, *_ in deal.announcements:
            mask |= rules.kinds[k].masks[suit] & dealt.hands[s]
    elif isinstance(deal, HombreDeal):
        mask |= deal.discards[seat]
        if deal.contract is not None and deal.hombre is not None:
            if deal.contract.open and deal.hand_laid_open():
                mask |= dealt.hands[deal.hombre]
            if deal.phase != "exchange" and rules.data["exchange"]["talon_rest"] == "shown":
                for c in deal.stock:
                    mask |= 1 << c
    elif view(deal, seat).get("turnup") is not None:  # Brusquembille's turned card, public
        mask |= 1 << dealt.turnup
    return mask


def alone(world: PhaseDeal) -> PhaseDeal:
    """`world` as a deal played on its own: a deal of L'Homme d'Auvergne inside a game (given the
    players' marks, which end it the moment one of them reaches the target) dealt again without
    the marks and its steps replayed, so that the solver's light state takes its card play, as a
    deal of 1802 or Brouc inside a game is solved on its own (`in_game`); any other deal as it is."""
    if isinstance(world, HommeDeal) or world.marks is None:
        return world
    fresh = type(world)(world.rules, world.deal, None)
    for action, by in world._steps():
        fresh.apply(action, by)
    return fresh


def restart(deal: PhaseDeal, dealt: TalonDeal) -> PhaseDeal:
    """A fresh deal of the same class, rules and context, dealt as `dealt`."""
    if isinstance(deal, HommeDeal):
        return HommeDeal(deal.rules, dealt, deal.context)
    return type(deal)(deal.rules, dealt, deal.marks)


@dataclass(frozen=True)
class Group:
    """Unseen cards in one place now: `size` of them, none of `forbidden`."""

    key: tuple[str, int]
    cards: tuple[int, ...]  # the deal's own cards there (relabelled, never read for the choice)
    forbidden: int


class Worlds:
    """The deals `seat` cannot tell from `deal` (the module's docstring): built once per
    decision, then `world(rng)` for each sample."""

    def __init__(self, deal: PhaseDeal, seat: int) -> None:
        self.deal = deal
        self.seat = seat
        rules = deal.rules
        dealt = deal.deal
        everything = 0
        for h in dealt.hands:
            everything |= h
        for c in dealt.stock:
            everything |= 1 << c
        self.hidden = everything & ~seen(deal, seat)
        self.cards = rules.mask_to_list(self.hidden)
        self.steps = deal._steps()
        forbidden = self._forbidden()
        groups: list[Group] = []
        for s in range(rules.n_players):
            here = deal.hands[s] & self.hidden
            if here:
                groups.append(Group(("held", s), tuple(rules.mask_to_list(here)), forbidden[s]))
        for i, c in enumerate(deal.stock):
            if self.hidden >> c & 1:
                groups.append(Group(("stock", i), (c,), 0))
        if isinstance(deal, HombreDeal):
            for s in range(rules.n_players):
                here = deal.discards[s] & self.hidden
                if here:
                    groups.append(Group(("discards", s), tuple(rules.mask_to_list(here)), 0))
        assert sum(len(g.cards) for g in groups) == len(self.cards), "an unseen card in no place"
        # the most constrained places first, then in the order of their keys
        self.groups = sorted(groups, key=lambda g: ((self.hidden & ~g.forbidden).bit_count(), g.key))
        self.view = view(deal, seat)

    def _forbidden(self) -> list[int]:
        """Per seat, the unseen cards he cannot hold now: each card that, held beside the card he
        played at a trick since his last draw, would have made that card illegal."""
        deal = self.deal
        rules = deal.rules
        n = rules.n_players
        out = [0] * n
        drawn = [0] * n
        probe = restart(deal, deal.deal)
        sees = mates(deal, self.seat)
        for action, by in self.steps:
            s = probe.to_act if by is None else by
            if (action < rules.n_indices and probe.phase == PLAY and probe.trick and by is None
                    and s not in sees):
                keep = probe.hands[s]
                for c in self.cards:
                    probe.hands[s] = 1 << action | 1 << c
                    if not probe.legal_cards() >> action & 1:
                        out[s] |= 1 << c
                probe.hands[s] = keep
            probe.apply(action, by)
            draws = [e.seat for e in probe.events if e.kind == "draw"]
            for t in range(n):
                if draws.count(t) != drawn[t]:
                    drawn[t] = draws.count(t)
                    out[t] = 0
        return out

    def _assign(self, rng: random.Random) -> dict[int, int] | None:
        """A relabelling of the unseen cards, each place given unseen cards it may hold (the most
        constrained first); None if a place finds too few."""
        pool = self.cards[:]
        rng.shuffle(pool)
        to: dict[int, int] = {}
        for g in self.groups:
            chosen = [c for c in pool if not g.forbidden >> c & 1][:len(g.cards)]
            if len(chosen) < len(g.cards):
                return None
            for c in chosen:
                pool.remove(c)
            to.update(zip(g.cards, sorted(chosen), strict=True))
        return to

    def _matched(self, rng: random.Random) -> dict[int, int] | None:
        """A relabelling of the unseen cards that gives every place cards it may hold whenever
        any does: each place's cards drawn in a random order, a card kept only if the places
        still to fill can then be filled (Hall's condition over the places with forbidden
        cards; the others take any card); None if no relabelling gives every place its cards."""
        hidden = self.hidden
        need = [len(g.cards) for g in self.groups]
        bound = [i for i, g in enumerate(self.groups) if g.forbidden & hidden]
        # each set of bound places, with the cards none of them may hold
        subsets: list[tuple[list[int], int]] = []
        for k in range(1, 1 << len(bound)):
            places = [bound[j] for j in range(len(bound)) if k >> j & 1]
            barred = hidden
            for i in places:
                barred &= self.groups[i].forbidden
            subsets.append((places, barred))

        def fillable(left: int) -> bool:
            for places, barred in subsets:
                wanted = sum(need[i] for i in places)
                if wanted and (left & ~barred).bit_count() < wanted:
                    return False
            return True

        left = hidden
        if not fillable(left):
            return None
        pool = self.cards[:]
        rng.shuffle(pool)
        to: dict[int, int] = {}
        for i, g in enumerate(self.groups):
            chosen: list[int] = []
            for c in pool:
                if len(chosen) == len(g.cards):
                    break
                if not left >> c & 1 or g.forbidden >> c & 1:
                    continue
                need[i] -= 1
                if fillable(left & ~(1 << c)):
                    left &= ~(1 << c)
                    chosen.append(c)
                else:
                    need[i] += 1
            if len(chosen) < len(g.cards):
                return None
            to.update(zip(g.cards, sorted(chosen), strict=True))
        return to

    def _built(self, to: dict[int, int], rng: random.Random) -> PhaseDeal | None:
        """The world the relabelling `to` gives, its steps played again, if it is one `seat`
        cannot tell from this deal (every step legal in it, the same view); else None."""
        deal = self.deal
        rules = deal.rules
        dealt = deal.deal
        hands = tuple(sum(1 << to.get(c, c) for c in rules.mask_to_list(h)) for h in dealt.hands)
        stock = tuple(to.get(c, c) for c in dealt.stock)
        turnup = to.get(dealt.turnup, dealt.turnup)
        if isinstance(deal, HommeDeal) and not turnup_known(deal, self.seat):
            trumps = rules.mask_to_list(hands[rules.dealer] & rules.suit_mask[dealt.trump])
            if not trumps:
                return None
            turnup = rng.choice(trumps)
        world = restart(deal, TalonDeal(hands, stock, turnup, dealt.trump))
        try:
            for action, by in self.steps:
                world.apply(to.get(action, action) if action < rules.n_indices else action, by)
        except IllegalAction:
            return None
        return world if view(world, self.seat) == self.view else None

    def world(self, rng: random.Random, attempts: int = ATTEMPTS) -> PhaseDeal:
        """A deal `seat` cannot tell from this one, at the same moment; RuntimeError if none is
        found in `attempts` draws of the quick relabelling (`_assign`), then as many of the one
        that fills every place whenever it can (`_matched`: the quick one fails most draws
        where a few cards may go to one place only)."""
        for attempt in range(attempts):
            to = self._assign(rng)
            if to is None:
                if attempt < attempts // 2:
                    continue
                to = dict(zip(self.cards, rng.sample(self.cards, len(self.cards)), strict=True))
            world = self._built(to, rng)
            if world is not None:
                return world
        for _ in range(attempts):
            matched = self._matched(rng)
            if matched is None:
                break
            world = self._built(matched, rng)
            if world is not None:
                return world
        raise RuntimeError(f"no world consistent with seat {self.seat}'s view in {attempts} draws")


def samples_for(deal: PhaseDeal, samples: int, early: int | None) -> int:
    """How many worlds to solve: `early` in 1802 and Brouc while more than EARLY_CARDS cards are
    in the hands (the costly first tricks), else `samples`."""
    if early is not None and isinstance(deal, HommeDeal) and sum(h.bit_count() for h in deal.hands) > EARLY_CARDS:
        return min(early, samples)
    return samples


def values(deal: PhaseDeal, rng: random.Random, samples: int) -> dict[int, float]:
    """The mean value of each legal action of the player to act over `samples` worlds he cannot
    tell from `deal`, each solved for his side (a deal of a game as a deal on its own: its
    game's actions are not valued, `in_game`)."""
    seat = deal.to_act
    worlds = Worlds(deal, seat)
    in_a_game = in_game(deal)
    total: dict[int, float] = {}
    for _ in range(samples):
        solution = solve(alone(worlds.world(rng)), seat=seat, alone=in_a_game)
        for action, value in solution.actions:
            total[action] = total.get(action, 0) + value
    return {action: value / samples for action, value in total.items()}


def in_game(deal: PhaseDeal) -> bool:
    """Whether `deal` is a deal of 1802 or Brouc inside a game (it has claims and declarations)."""
    return isinstance(deal, HommeDeal) and deal.context is not None


def game_choice(deal: HommeDeal, legal: list[int]) -> int | None:
    """In a deal of a game, the careful player's action where it concerns the game: in the round
    of claims, a concession asked or answered, or a claim (he claims once his side has reached
    the target); None where the deal's own play is to be chosen."""
    action = careful_bot(deal, random.Random(0))  # deterministic: the generator is not used
    if deal.phase not in (PLAY, WINDOW, MARK) or action not in own_actions(deal, legal):
        return action
    return None


def own_actions(deal: HommeDeal, legal: list[int]) -> list[int]:
    """The legal actions that belong to the deal itself (cards, announcements, a window's pass, a
    mark), not to the game."""
    rules = deal.rules
    base = rules.pass_action
    own = [a for a in legal if a < base]
    if deal.phase in (WINDOW, MARK):
        own += [a for a in legal if a in (base, base + MARK_ACTION)]
    return own


@dataclass(frozen=True)
class Pimc:
    """The PIMC player as a bot (`brou.engine.bots.Bot`): `samples` worlds a decision, `early`
    of them in the first tricks of 1802 and Brouc (None: `samples` throughout)."""

    samples: int = SAMPLES
    early: int | None = EARLY_SAMPLES

    def __call__(self, deal: PhaseDeal, rng: random.Random) -> int:
        legal = deal.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not isinstance(deal, HommeDeal) and deal.phase != PLAY:  # an auction, exchange, offer, speech or showing
            return careful_bot(deal, rng)
        if isinstance(deal, HommeDeal) and in_game(deal):
            game = game_choice(deal, legal)
            if game is not None:
                return game
            legal = own_actions(deal, legal)
            if len(legal) == 1:
                return legal[0]
        mean = values(deal, rng, samples_for(deal, self.samples, self.early))
        return min(legal, key=lambda a: (-mean[a], a))


pimc_bot = Pimc()

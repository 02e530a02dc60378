"""L'Homme d'Auvergne (1665) as an OpenSpiel game, `python_homme_d_auvergne`.

    import pyspiel
    import brou.openspiel.homme_d_auvergne  # registers python_homme_d_auvergne
    game = pyspiel.load_game("python_homme_d_auvergne(form=five,king_scoring=trump-and-others)")

The rules are the phase engine's (`brou.engine.phases.PhaseDeal`, with `brou.laws.speech` and
`brou.laws.kings`); this module only translates.  One episode is one deal (a coup):

- chance: the shuffled pack, one card per chance node in pack order (28 or 32 nodes), the
  outcome being the card id, as in python_brusquembille: pack position k goes to a hand (the
  ruleset's packets) or to the talon, whose order is so dealt before anyone speaks;
- then the players act: in the turn-offer `turn` or `leave`, in the speech `play`, `pass`
  or `show`, then cards.  Actions are the engine's: card ids `0 .. n_indices-1`, then the
  words of `brou.laws.speech.WORDS` (`n_indices + i`);
- the deal ends when every card is played, when nobody turns a card, or when all pass after
  the last réjouissance.

Returns: each seat's net marks over the deal's ledger (`brou.laws.ledger.balances`, which
`PhaseDeal.result()[seat].jetons` holds): kings scored, kings taken, the homme's count.  The
session's marks (target, debts) are not part of one deal.  The marks come from the score
sheet, not from the other players (a lost homme gives every opponent a mark), so the game is
GENERAL_SUM; the utility bounds are `bounds`.

Observation (no recall) and information state (perfect recall): the player's hand (and, for
the information state, his hand as dealt); the public record: the cards turned and by whom,
trump, every word said by whom in which round, the kings shown, the homme, the trick on the
table (every trick's cards, for the information state), who won each trick, the marks so far,
whose turn, the phase.  The talon stays hidden except the cards turned; nobody's hidden cards
show (auv.info.own-hand, auv.info.turned).

A leak the rules' procedure implies (auv.king.show, A1's own procedure): once a player says
`play`, the engine asks only the later players who hold the turned suit's king whether to
show it, so whose turn it is then - public, as in any game - tells everyone who holds that
king, even if he declines to show it.  With king_showing=automatic the king shows itself
(and under king_scoring=trump-only its mark tells who holds the trump king); that is the rule
and public too.  Nothing else about the kings follows from what the players see.
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:  # the optional part: say how to get it
    raise ModuleNotFoundError(f"brou.openspiel.homme_d_auvergne needs OpenSpiel and numpy ({exc.name} is missing): "
                              "pip install 'brou[openspiel]'", name=exc.name) from None

from ..engine.phases import DONE, PLAY, SHOWING, SPEECH, TURN_OFFER, PhaseDeal, action_text
from ..laws.ledger import balances
from ..laws.speech import WORDS, action_word, turn_askers
from ..spec.rules import Rules
from .phases import (
    PhaseGame,
    PhaseState,
    cards_line,
    parameter_specification,
    read_rules,
    receivers,
    set_cards,
    trick_text,
    tricks_text,
)

SHORT_NAME = "python_homme_d_auvergne"
RULESET = "homme-d-auvergne"
# the ruleset's parameters that change one deal (target, target_tie, debts and
# first_dealer_tie belong to the session: brou.engine.marks)
PLAY_PARAMETERS = ("form", "packets", "pack_with_four", "turner", "king_scoring", "king_showing", "taken_king",
                   "loser_pays")
PHASES = (TURN_OFFER, SPEECH, SHOWING, PLAY, DONE)
MAX_PLAYERS = 5


# -- sizes and bounds ------------------------------------------------------------


def n_turns(rules: Rules) -> int:
    """The most cards turned in a deal: the first and up to `speech.rejouissances` more, as
    far as the talon goes."""
    return min(1 + int(rules.data["speech"]["rejouissances"]), rules.talon_size)


def max_game_length(rules: Rules) -> int:
    """An upper bound on the actions of a deal: every card dealt; for each card turned, a
    turn-offer (at most one word per player: the leaves and the turn, none when the dealer
    turns) and a round of speech (at most one word per player, one show and, after `play`,
    one player asked to show: the turned suit has one king); every card of the hands played."""
    n = rules.n_players
    offer = len(turn_askers(rules))
    return rules.n_cards + n_turns(rules) * (offer + n + 1) + n * rules.hand_size


def bounds(rules: Rules) -> tuple[float, float]:
    """(min utility, max utility): true bounds from the rules.  Marks only come from the score
    sheet in the speech (a king scores once: at most the four kings, one under
    king_scoring=trump-only); a taken king moves its point from its owner, who had scored it,
    to the taker (or to the sheet), so a seat's kings net between 0 and the kings that can
    score; the count gives the homme +1 or -1, an opponent 0 or +1."""
    kings = 1 if rules.data["speech"]["kings"] == "trump-only" else len(rules.suits)
    return -1.0, float(kings + 1)


# -- the game --------------------------------------------------------------------


GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="L'Homme d'Auvergne (La Maison des jeux academiques, 1665)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=True,
    parameter_specification=parameter_specification(RULESET, PLAY_PARAMETERS),
)


class HommeGame(PhaseGame):
    """One deal of L'Homme d'Auvergne as an OpenSpiel game; num_players from the form."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules = read_rules(SHORT_NAME, RULESET, PLAY_PARAMETERS, params)
        low, high = bounds(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.n_indices + len(WORDS),  # card ids, then the words
            max_chance_outcomes=rules.n_indices,  # outcomes are card ids
            num_players=rules.n_players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=max_game_length(rules),
        )
        super().__init__(GAME_TYPE, info, params)
        self.rules = rules
        self.receiver = receivers(rules)  # the seat that receives the card at each pack position; -1: the talon
        self.n_turns = n_turns(rules)
        self.n_tricks = rules.n_tricks

    def new_initial_state(self) -> HommeState:
        return HommeState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> HommeObserver:
        return HommeObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class HommeState(PhaseState):
    """A deal being dealt (chance nodes) or played (the engine's PhaseDeal)."""

    _game: HommeGame

    def __init__(self, game: HommeGame) -> None:
        super().__init__(game)
        self.said: list[tuple[int, int, int]] = []  # (round, seat, word): round r is the r-th card turned, from 0

    def _apply_action(self, action: int) -> None:
        if self.deal_card(action):
            return
        deal = self._box.deal
        assert deal is not None
        word = action_word(self.rules, action)
        said = None
        if word is not None:  # the round of the card offered (turn-offer) or talked about (speech)
            said = (len(deal.turned) - (deal.phase != TURN_OFFER), deal.to_act, word)
        deal.apply(action)
        if said is not None:
            self.said.append(said)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.rules.card_text(action)}"
        return action_text(self.rules, action)

    def resample(self, player: int, rng: random.Random, attempts: int = 10_000) -> HommeState:
        """This deal with every card `player` has not seen moved at random among the places he
        has not seen (the other hands, the talon's cards not turned), and the same actions
        taken.  He has seen his own cards, the cards turned, the kings shown and every card
        played.  A world that the actions do not fit - a word or a card that is not legal
        there, another player asked before an action or after the last (the showing asks only
        a king's holder), other marks written (a king shown by itself) - is drawn again."""
        rules = self.rules
        seen = self.received[player]
        deal = self.deal
        actions: list[int] = []
        asked: list[int] = []
        if deal is not None:
            seen |= sum(1 << e.card for e in deal.events)  # the cards turned and the kings shown
            seen |= sum(1 << c for _, cards, _ in deal.tricks for c in cards) | sum(1 << c for c in deal.trick)
            replay = PhaseDeal(rules, deal.deal, deal.marks)
            for action in deal.history:
                asked.append(replay.to_act)
                replay.apply(action)
            actions = list(deal.history)
        hidden = [c for c in self.dealt if not seen >> c & 1]
        for _ in range(attempts):
            moved = hidden[:]
            rng.shuffle(moved)
            to = dict(zip(hidden, moved, strict=True))
            world = HommeState(self._game)
            for card in self.dealt:
                world.apply_action(to.get(card, card))
            there = world.deal
            if there is None:
                return world
            fits = True
            for action, who in zip(actions, asked, strict=True):
                if there.to_act != who or action not in there.legal_actions():
                    fits = False
                    break
                world.apply_action(action)
            if (fits and deal is not None and (there.phase, there.to_act) == (deal.phase, deal.to_act)
                    and there.events == deal.events and there.ledger == deal.ledger):
                return world
        raise RuntimeError(f"no consistent world found in {attempts} attempts")  # pragma: no cover

    def returns(self) -> list[float]:
        deal = self.deal
        if deal is None or not deal.is_over:
            return [0.0] * self.rules.n_players
        return deal_returns(deal)

    def __str__(self) -> str:
        rules = self.rules
        deal = self.deal
        if deal is None:
            hands = " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(self.received))
            return f"dealing, {len(self.dealt)} of {rules.n_cards} cards dealt; {hands}"
        lines = [
            "hands " + " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(deal.hands)),
            "talon " + ("".join(rules.card_text(c) for c in deal.stock) or "-"),
            *public_lines(self, recall=True),
        ]
        return "\n".join(lines)


def deal_returns(deal: PhaseDeal) -> list[float]:
    """Each seat's net marks over a finished deal's ledger."""
    return [float(m) for m in balances(deal.ledger, deal.rules.n_players)]


# -- what a player sees ----------------------------------------------------------


def shown_kings(deal: PhaseDeal) -> list[tuple[int, int]]:
    """(seat, king) of every king shown in the speech, in order, as `brou.engine.view.speech_view`
    has them: under king_scoring=trump-and-others the other kings that scored with the one
    shown count in the marks, not by name."""
    return [(e.seat, e.card) for e in deal.events if e.kind == "show"]


def public_lines(state: HommeState, recall: bool) -> list[str]:
    """What every player sees of a dealt deal, as lines: the phase and who acts, the cards
    turned, the words by round, the kings shown, the homme, the tricks (every trick's cards
    with `recall`, else the winners and the trick on the table), the marks."""
    rules = state.rules
    deal = state.deal
    assert deal is not None
    turned = " ".join(f"{s}:{rules.card_text(c)}" for s, c in deal.turned) or "-"
    trump = "-" if deal.trump is None else rules.suits[deal.trump]
    rounds = [" ".join(f"{s}:{WORDS[w]}" for r, s, w in state.said if r == i) for i in range(state._game.n_turns)]
    words = " | ".join(r for r in rounds if r) or "-"
    shown = " ".join(f"{s}:{rules.card_text(c)}" for s, c in shown_kings(deal)) or "-"
    lines = [
        "over" if deal.is_over else f"{deal.phase}, seat {deal.to_act} to act",
        f"turned {turned}, trump {trump}",
        f"words {words}",
        f"shown {shown}, homme {'-' if deal.homme is None else deal.homme}",
    ]
    if recall:
        lines.append("tricks " + tricks_text(rules, deal))
    else:
        lines.append("won by " + (" ".join(str(w) for _, _, w in deal.tricks) or "-"))
    lines += ["trick " + trick_text(rules, deal.leader, deal.trick),
              "marks " + " ".join(str(m) for m in balances(deal.ledger, rules.n_players))]
    return lines


class HommeObserver:
    """Observer (the PyObserver interface of open_spiel.python.observation).

    Without perfect recall, the observation: the player's hand and the public record (the
    cards turned, the words, the kings shown, the homme, the trick on the table, who won each
    trick, the marks, whose turn).  With it, the information state: his hand as dealt too, and
    every trick's cards by seat.  public_info selects the public record; private_info
    SINGLE_PLAYER the player's own cards, ALL_PLAYERS every seat's."""

    def __init__(self, game: HommeGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game = game
        rules = game.rules
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info
        n, c, t, r = rules.n_players, rules.n_indices, game.n_tricks, game.n_turns
        self.n_seen = {pyspiel.PrivateInfoType.SINGLE_PLAYER: 1,
                       pyspiel.PrivateInfoType.ALL_PLAYERS: n}.get(self.private, 0)
        pieces: list[tuple[str, tuple[int, ...]]] = [("seat", (n,))]
        if self.n_seen:
            pieces += [("hands", (self.n_seen, c))]
            if self.recall:
                pieces += [("dealt", (self.n_seen, c))]
        if self.public:
            pieces += [("phase", (len(PHASES),)), ("turned", (r, c)), ("turned_by", (r, n)),
                       ("trump", (len(rules.suits),)), ("words", (r, n, len(WORDS))), ("shown", (n, c)),
                       ("homme", (n,))]
            if self.recall:
                pieces += [("tricks", (t, n, c)), ("leaders", (t, n))]
            else:
                pieces += [("trick", (n, c))]
            pieces += [("trick_winners", (t, n)), ("marks", (n,)), ("to_act", (n,))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in pieces:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[index:index + length].reshape(shape)
            index += length

    def seen_seats(self, player: int) -> list[int]:
        """The seats whose cards the player sees: himself (SINGLE_PLAYER), every seat
        (ALL_PLAYERS), none (no private information)."""
        if self.n_seen == 1:
            return [player]
        return list(range(self.n_seen))

    # -- tensors --

    def set_from(self, state: HommeState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        rules = self.game.rules
        d["seat"][player] = 1
        deal = state.deal
        for row, seat in enumerate(self.seen_seats(player)):
            set_cards(d["hands"][row], state.received[seat] if deal is None else deal.hands[seat])
            if self.recall:
                set_cards(d["dealt"][row], state.received[seat])
        if not self.public or deal is None:
            return
        d["phase"][PHASES.index(deal.phase)] = 1
        for i, (seat, card) in enumerate(deal.turned):
            d["turned"][i, card] = 1
            d["turned_by"][i, seat] = 1
        if deal.trump is not None:
            d["trump"][deal.trump] = 1
        for r, seat, word in state.said:
            d["words"][r, seat, word] = 1
        for seat, king in shown_kings(deal):
            d["shown"][seat, king] = 1
        if deal.homme is not None:
            d["homme"][deal.homme] = 1
        n = rules.n_players
        if self.recall:
            played = [(leader, list(cards)) for leader, cards, _ in deal.tricks]
            if deal.trick:
                played.append((deal.leader, deal.trick))
            for i, (leader, cards) in enumerate(played):
                d["leaders"][i, leader] = 1
                for k, card in enumerate(cards):
                    d["tricks"][i, (leader + k) % n, card] = 1
        else:
            for k, card in enumerate(deal.trick):
                d["trick"][(deal.leader + k) % n, card] = 1
        for i, (_, _, winner) in enumerate(deal.tricks):
            d["trick_winners"][i, winner] = 1
        d["marks"][:] = balances(deal.ledger, n)
        if not deal.is_over:
            d["to_act"][deal.to_act] = 1

    # -- strings --

    def string_from(self, state: HommeState, player: int) -> str:
        rules = self.game.rules
        deal = state.deal
        parts = [f"seat {player}"]
        single = self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        for seat in self.seen_seats(player):
            who = "" if single else f"{seat} "
            parts.append(f"{who}hand {cards_line(rules, state.received[seat] if deal is None else deal.hands[seat])}")
            if self.recall:
                parts.append(f"{who}dealt {cards_line(rules, state.received[seat])}")
        if not self.public:
            return "\n".join(parts)
        if deal is None:
            parts.append(f"dealing, {len(state.dealt)} cards dealt")
        else:
            parts += public_lines(state, self.recall)
        return "\n".join(parts)


# -- registration ------------------------------------------------------------------

if SHORT_NAME not in set(pyspiel.registered_names()):  # a reload, or `python -m` after an import
    pyspiel.register_game(GAME_TYPE, HommeGame)

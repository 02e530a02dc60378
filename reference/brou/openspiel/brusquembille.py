"""Brusquembille (1718) as an OpenSpiel game, `python_brusquembille`.

    import pyspiel
    import brou.openspiel  # registers python_brusquembille, with the four other games
    game = pyspiel.load_game("python_brusquembille(form=five,ten_rank=after-jack)")

This module registers the game when it is imported, which `import brou.openspiel` does; it
builds on `brou.openspiel.partnership` (its `ParameterValueError`).  The rules are the phase
engine's (`brou.engine.phases.PhaseDeal`); this module only translates.

One episode is one deal (a coup):

- chance: the shuffled pack, one card per chance node in pack order (30 or 32 nodes), the
  outcome being the card id; pack position k goes where `brou.laws.talon.deal_with_talon` puts it:
  a hand (the ruleset's packets), or the stock, whose top card is turned and slid under it, so
  the whole order of the talon is dealt by chance before the first card is played;
- then the seats play cards (seat 0, on the dealer's right, leads; the dealer is the last
  seat); draws from the talon and the brusquembille payments are the engine's, nobody chooses;
- the deal ends when every card is played; the pool goes to the most card points.

Returns (parameter `utility`): `stakes` (default) is what the deal is played for under
`scoring`: with `scoring=pool`, each seat's net jetons over the deal's ledger (the fiche he
put in the pool, his share of it, the brusquembilles paid and received; `brou.laws.ledger.balances`);
with `scoring=points`, where no jeton moves, his side's card points less an equal share of
the pack's points.  `card-points` asks for the latter under either scoring.  Both sum to zero,
except the jetons under `odd_jetons=bank` with four or five playing each for himself, where
the odd jetons of a shared pool leave the table: that game is declared GENERAL_SUM.

Observation (no recall) and information state (perfect recall): built from
`brou.engine.view.view`, what the player may see (his hand, his partner's in two pairs, the
turned card and who drew it, the trick on the table, who won each trick, the cards held, the
talon, the jetons); the information state adds his own cards as dealt and drawn (and his
partner's, in two pairs) and every trick's cards with their players.  `resample` (and
`resample_from_infostate`, for ISMCTS) redeals what the player has not seen.
See docs/openspiel.md, "python_brusquembille".
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:  # the optional part: say how to get it
    raise ModuleNotFoundError(f"brou.openspiel.brusquembille needs OpenSpiel and numpy ({exc.name} is missing): "
                              "pip install 'brou[openspiel]'", name=exc.name) from None

from ..engine.phases import PhaseDeal
from ..engine.view import view
from ..errors import IllegalAction
from ..laws.ledger import balances
from ..laws.results import pool_entries, pool_shares, stakes
from ..spec.rules import Rules
from .partnership import ParameterValueError
from .phases import (
    PhaseGame,
    PhaseState,
    cards_line,
    read_rules,
    receivers,
    set_cards,
    trick_text,
    tricks_text,
)
from .phases import parameter_specification as ruleset_parameters

SHORT_NAME = "python_brusquembille"
RULESET = "brusquembille-1718"
# the ruleset's parameters that change one deal (rounds, points_target and points_tie belong
# to the session: brou.engine.rounds)
PLAY_PARAMETERS = ("form", "sevens_removed", "ten_rank", "deal_packets", "following_after_talon", "odd_jetons", "scoring")
UTILITIES = ("stakes", "card-points")
MAX_PLAYERS = 5


# -- parameters -----------------------------------------------------------------


def parameter_specification() -> dict[str, Any]:
    """The game's parameters with their defaults: the ruleset's, then `utility`."""
    spec = ruleset_parameters(RULESET, PLAY_PARAMETERS)
    spec["utility"] = UTILITIES[0]
    return spec


def read_parameters(params: dict[str, Any]) -> tuple[Rules, str]:
    """The rules and the utility from OpenSpiel parameters; a one-line ParameterValueError
    naming the parameter for a value the game cannot take."""
    rules = read_rules(SHORT_NAME, RULESET, PLAY_PARAMETERS, params)
    utility = params.get("utility", UTILITIES[0])
    if utility not in UTILITIES:
        raise ParameterValueError(f"{SHORT_NAME}: parameter utility={utility!r} is not one of {', '.join(UTILITIES)}")
    return rules, str(utility)


def pays_jetons(rules: Rules, utility: str) -> bool:
    """Whether the returns are jetons (`stakes` under scoring=pool), else card points."""
    return utility == "stakes" and rules.data["session"]["kind"] == "pool"


# -- bounds ----------------------------------------------------------------------


def pool_extremes(rules: Rules) -> tuple[int, int]:
    """(least, most) a seat's pool can net him in a deal: his fiche lost, or his share of the
    pool less his fiche, over every set of sides that may tie for the most card points
    (`brou.laws.results.pool_shares` itself, odd jetons included)."""
    pool = sum(e.jetons for e in pool_entries(rules))
    if not pool:
        return 0, 0
    put = pool // rules.n_players
    n_sides = len(rules.teams)
    low, high = 0, 0
    for subset in range(1, 1 << n_sides):
        points = [subset >> side & 1 for side in range(n_sides)]
        got = [0] * rules.n_players
        for e in pool_shares(rules, points, pool, 0):
            if e.taker >= 0:
                got[e.taker] += e.jetons
        low, high = min(low, min(got) - put), max(high, max(got) - put)
    return low, high


def brusquembille_extreme(rules: Rules) -> int:
    """The most jetons brusquembilles can move to or from one seat in a deal: a brusquembille
    he plays moves its worth once per other player, one another plays moves it once to or from
    him, and he plays one card per trick, so at most the sum of all worths plus (n - 2) times
    the sum of the n_tricks largest (brus.pay.brusquembille)."""
    if not rules.pays_brusquembilles:
        return 0
    worths = sorted((rules.jetons[c] for c in rules.pack_cards if rules.jetons[c]), reverse=True)
    return sum(worths) + (rules.n_players - 2) * sum(worths[:rules.n_tricks])


def bounds(rules: Rules, utility: str) -> tuple[float, float]:
    """(min utility, max utility): true bounds from the rules, not necessarily reached."""
    if pays_jetons(rules, utility):
        low, high = pool_extremes(rules)
        brus = brusquembille_extreme(rules)
        return float(low - brus), float(high + brus)
    total = sum(rules.points[c] for c in rules.pack_cards)
    share = total / len(rules.teams)
    return -share, total - share


def zero_sum(rules: Rules, utility: str) -> bool:
    """Whether every deal's returns sum to zero: not when the jetons are the returns and the odd
    jetons of a shared pool may go to the bank (odd_jetons=bank, four or five each for himself)."""
    if not pays_jetons(rules, utility) or rules.data["result"].get("odd_jetons") != "bank":
        return True
    pool = sum(e.jetons for e in pool_entries(rules))
    n_sides = len(rules.teams)
    for subset in range(1, 1 << n_sides):
        points = [subset >> side & 1 for side in range(n_sides)]
        if any(e.taker < 0 for e in pool_shares(rules, points, pool, 0)):
            return False
    return True


# -- the game --------------------------------------------------------------------


def _game_type(zero: bool = True) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="La Brusquembille (Academie universelle des jeux, 1718)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=True,
        parameter_specification=parameter_specification(),
    )


GAME_TYPE = _game_type()


class BrusquembilleGame(PhaseGame):
    """One deal of Brusquembille as an OpenSpiel game; num_players from the form."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules, utility = read_parameters(params)
        low, high = bounds(rules, utility)
        zero = zero_sum(rules, utility)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.n_indices,  # actions are card ids
            max_chance_outcomes=rules.n_indices,  # outcomes are card ids
            num_players=rules.n_players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero else None,
            max_game_length=2 * rules.n_cards,  # every card dealt, then every card played
        )
        super().__init__(GAME_TYPE if zero else _game_type(zero=False), info, params)
        self.rules = rules
        self.utility = utility
        self.jetons = pays_jetons(rules, utility)
        self.receiver = receivers(rules)  # the seat that receives the card at each pack position; -1: the stock
        self.turnup_position = self.receiver.index(-1)
        self.n_tricks = rules.n_tricks
        self.n_draws = rules.talon_size // rules.n_players  # tricks followed by a draw
        self.points_share = sum(rules.points[c] for c in rules.pack_cards) / len(rules.teams)

    def new_initial_state(self) -> BrusquembilleState:
        return BrusquembilleState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> BrusquembilleObserver:
        return BrusquembilleObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class BrusquembilleState(PhaseState):
    """A deal being dealt (chance nodes) or played (the engine's PhaseDeal)."""

    _game: BrusquembilleGame

    def _apply_action(self, action: int) -> None:
        if not self.deal_card(action):
            deal = self._box.deal
            assert deal is not None
            deal.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.rules.card_text(action)}"
        return self.rules.card_text(action)

    def returns(self) -> list[float]:
        deal = self.deal
        n = self.rules.n_players
        if deal is None or not deal.is_over:
            return [0.0] * n
        return deal_returns(self._game, deal)

    # -- search: other worlds the player cannot tell from this one --

    def resample(self, player: int, rng: random.Random, attempts: int = 10_000) -> BrusquembilleState:
        """This deal with every card `player` has not seen (in other hands, in the stock) moved
        at random among the places he has not seen, and the same cards played.  He has seen his
        own cards as dealt and drawn, his partner's in two pairs, the turned card and every card
        played.  A world where a play becomes illegal (following_after_talon=follow-suit) is
        drawn again."""
        rules = self.rules
        seen = 0
        for seat in _mates(rules, player):
            seen |= self.received[seat]
        turned = _turned(self)
        if turned is not None:
            seen |= 1 << turned
        plays: list[int] = []
        deal = self.deal
        if deal is not None:
            for seat in _mates(rules, player):
                seen |= sum(1 << e.card for e in deal.events if e.kind == "draw" and e.seat == seat)
            plays = [c for _, cards, _ in deal.tricks for c in cards] + list(deal.trick)
            seen |= sum(1 << c for c in plays)
        hidden = [c for c in self.dealt if not seen >> c & 1]
        for _ in range(attempts):
            moved = hidden[:]
            rng.shuffle(moved)
            to = dict(zip(hidden, moved, strict=True))
            world = BrusquembilleState(self._game)
            for card in self.dealt:
                world.apply_action(to.get(card, card))
            try:
                for card in plays:
                    world.apply_action(card)
            except IllegalAction:
                continue
            return world
        raise RuntimeError(f"no consistent world found in {attempts} attempts")  # pragma: no cover

    def __str__(self) -> str:
        rules = self.rules
        deal = self.deal
        if deal is None:
            hands = " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(self.received))
            return f"dealing, {len(self.dealt)} of {rules.n_cards} cards dealt; {hands}"
        jetons = balances(deal.ledger, rules.n_players)
        lines = [
            f"trump {rules.suits[deal.trump or 0]}, turned {rules.card_text(deal.deal.turnup)}",
            "hands " + " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(deal.hands)),
            "stock " + ("".join(rules.card_text(c) for c in deal.stock) or "-"),
            "tricks " + tricks_text(rules, deal),
            "trick " + trick_text(rules, deal.leader, deal.trick),
            "jetons " + " ".join(str(j) for j in jetons),
            "over" if deal.is_over else f"seat {deal.to_act} to act",
        ]
        return "\n".join(lines)


def deal_returns(game: BrusquembilleGame, deal: PhaseDeal) -> list[float]:
    """Each seat's return for a finished deal: his net jetons over the ledger, or his side's
    card points less an equal share of the pack's (the game's `utility`)."""
    rules = game.rules
    if game.jetons:
        return [float(j) for j in balances(deal.ledger, rules.n_players)]
    points = deal.side_points()
    return [points[rules.team_of[s]] - game.points_share for s in range(rules.n_players)]


# -- what a player sees ----------------------------------------------------------


class BrusquembilleObserver:
    """Observer (the PyObserver interface of open_spiel.python.observation).

    Without perfect recall, the observation: the player's `brou.engine.view.view`, nothing
    else.  With it, the information state: the view's fields, plus the cards he (and, in two
    pairs, his partner) was dealt and drew trick by trick, and every trick's cards by seat.
    public_info selects what all see; private_info SINGLE_PLAYER the player's own cards (and
    his partner's, when partners see each other's hands), ALL_PLAYERS every seat's."""

    def __init__(self, game: BrusquembilleGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game = game
        rules = game.rules
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info
        n, c, t = rules.n_players, rules.n_indices, game.n_tricks
        self.n_seen = {pyspiel.PrivateInfoType.SINGLE_PLAYER: 2 if rules.partners_see_hands else 1,
                       pyspiel.PrivateInfoType.ALL_PLAYERS: n}.get(self.private, 0)
        pieces: list[tuple[str, tuple[int, ...]]] = [("seat", (n,))]
        if self.n_seen:
            pieces += [("hands", (self.n_seen, c))]
            if self.recall:
                pieces += [("dealt", (self.n_seen, c)), ("drawn", (self.n_seen, max(1, game.n_draws), c))]
        if self.public:
            pieces += [("trump", (len(rules.suits),)), ("turnup", (c,)), ("turnup_drawn_by", (n,)),
                       ("held", (n, rules.hand_size + 1)), ("talon", (rules.talon_size + 1,))]
            if self.recall:
                pieces += [("tricks", (t, n, c)), ("leaders", (t, n))]
            else:
                pieces += [("trick", (n, c))]
            pieces += [("trick_winners", (t, n)), ("jetons", (n,)), ("to_act", (n,)), ("over", (1,))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in pieces:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[index:index + length].reshape(shape)
            index += length

    def seen_seats(self, player: int) -> list[int]:
        """The seats whose cards the player sees: himself, then his partner in two pairs; with
        private_info ALL_PLAYERS every seat in order; none without private information."""
        rules = self.game.rules
        if self.n_seen == rules.n_players and self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return list(range(rules.n_players))
        if not self.n_seen:
            return []
        return [player] + [s for s in rules.teams[rules.team_of[player]] if s != player][: self.n_seen - 1]

    # -- tensors --

    def set_from(self, state: BrusquembilleState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        game = self.game
        rules = game.rules
        d["seat"][player] = 1
        deal = state.deal
        v = None if deal is None else view(deal, player)
        seats = self.seen_seats(player)
        for row, seat in enumerate(seats):
            set_cards(d["hands"][row], _hand(rules, state, v, player, seat))
            if self.recall:
                set_cards(d["dealt"][row], state.received[seat])
                for e in deal.events if deal is not None else ():
                    if e.kind == "draw" and e.seat == seat:
                        d["drawn"][row, e.trick - 1, e.card] = 1
        if not self.public:
            return
        if deal is None:
            turned = _turned(state)
            if turned is not None:
                d["trump"][rules.suit_of[turned]] = 1
                d["turnup"][turned] = 1
            for s in range(rules.n_players):
                d["held"][s, state.received[s].bit_count()] = 1
            d["talon"][min(rules.talon_size, len(state.dealt) - sum(h.bit_count() for h in state.received))] = 1
            return
        assert v is not None
        if self.recall:
            n = rules.n_players
            for i, (leader, cards, _) in enumerate(deal.tricks):
                d["leaders"][i, leader] = 1
                for k, card in enumerate(cards):
                    d["tricks"][i, (leader + k) % n, card] = 1
            if deal.trick:
                i = len(deal.tricks)
                d["leaders"][i, deal.leader] = 1
                for k, card in enumerate(deal.trick):
                    d["tricks"][i, (deal.leader + k) % n, card] = 1
        set_public_from_view(self, v)

    # -- strings --

    def string_from(self, state: BrusquembilleState, player: int) -> str:
        rules = self.game.rules
        deal = state.deal
        v = None if deal is None else view(deal, player)
        parts = [f"seat {player}"]
        single = self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        for seat in self.seen_seats(player):
            who = ("" if seat == player else "partner ") if single else f"{seat} "
            parts.append(f"{who}hand {cards_line(rules, _hand(rules, state, v, player, seat))}")
            if self.recall:
                parts.append(f"{who}dealt {cards_line(rules, state.received[seat])}")
                draws = [f"{e.trick}:{rules.card_text(e.card)}" for e in (deal.events if deal is not None else ())
                         if e.kind == "draw" and e.seat == seat]
                if draws:
                    parts.append(f"{who}drew " + " ".join(draws))
        if not self.public:
            return "\n".join(parts)
        if deal is None:
            turned = _turned(state)
            line = f"dealing, {len(state.dealt)} cards dealt"
            if turned is not None:
                line += f", turned {rules.card_text(turned)}"
            parts.append(line)
            return "\n".join(parts)
        assert v is not None
        if self.recall:
            parts.append(public_string_from_view(v, trick_history=tricks_text(rules, deal)))
        else:
            parts.append(public_string_from_view(v))
        return "\n".join(parts)


def set_public_from_view(observer: BrusquembilleObserver, v: dict[str, Any]) -> None:
    """The public pieces of the tensor, from the view `v` alone (its `player` is the seat:
    offset 0): trump, the turned card and who drew it, cards held, the talon, the trick on the
    table (without recall), who won each trick, the jetons in fiches, whose turn, over."""
    rules = observer.game.rules
    d = observer.dict
    d["trump"][rules.suits.index(v["trump"])] = 1
    d["turnup"][rules.card(v["turnup"])] = 1
    if v["turnup_drawn_by"] is not None:
        d["turnup_drawn_by"][v["turnup_drawn_by"]] = 1
    for s, held in enumerate(v["held"]):
        d["held"][s, held] = 1
    d["talon"][v["talon"]] = 1
    if "trick" in d:
        for seen in v["trick"]:
            d["trick"][seen["player"], rules.card(seen["card"])] = 1
    for i, winner in enumerate(v["tricks"]):
        d["trick_winners"][i, winner] = 1
    fiche = stakes(rules)["fiche"] or 1
    d["jetons"][:] = [j / fiche for j in v["jetons"]]
    if v["to_act"] is not None:
        d["to_act"][v["to_act"]] = 1
    d["over"][0] = float(v["phase"] == "over")


def public_string_from_view(v: dict[str, Any], trick_history: str | None = None) -> str:
    """The public lines of the strings, from the view `v` (and, for the information state, the
    cards of the tricks gone, `trick_history`)."""
    turned = f"trump {v['trump']}, turned {v['turnup']}"
    turned += " under the talon" if v["turnup_drawn_by"] is None else f" drawn by {v['turnup_drawn_by']}"
    trick = " ".join(f"{s['player']}:{s['card']}" for s in v["trick"]) or "-"
    lines = [turned, "held " + " ".join(str(h) for h in v["held"]) + f", talon {v['talon']}"]
    if trick_history is not None:
        lines.append("tricks " + trick_history)
    else:
        lines.append("won by " + (" ".join(str(w) for w in v["tricks"]) or "-"))
    lines += ["trick " + trick, "jetons " + " ".join(str(j) for j in v["jetons"]),
              "over" if v["phase"] == "over" else f"seat {v['to_act']} to act"]
    return "\n".join(lines)


def _hand(rules: Rules, state: BrusquembilleState, v: dict[str, Any] | None, player: int, seat: int) -> int:
    """The cards of `seat` now: for the player and his partner, as his view shows them
    (`hand`, `partner_hand`); while dealing, the cards received; for any other seat (private
    information of all players), the engine's hand."""
    if v is None:
        return state.received[seat]
    if seat == player:
        return rules.mask(v["hand"])
    if v["partner_hand"] is not None and rules.team_of[seat] == rules.team_of[player]:
        return rules.mask(v["partner_hand"])
    assert state.deal is not None
    return state.deal.hands[seat]


def _mates(rules: Rules, player: int) -> list[int]:
    """The seats whose cards `player` sees: his own, and his partner's when partners show each
    other their hands (brus.info.partners)."""
    return list(rules.teams[rules.team_of[player]]) if rules.partners_see_hands else [player]


def _turned(state: BrusquembilleState) -> int | None:
    """The turned card once chance has dealt it (it lies face up for all to see)."""
    position = state._game.turnup_position
    return state.dealt[position] if len(state.dealt) > position else None


# -- registration ------------------------------------------------------------------

if SHORT_NAME not in set(pyspiel.registered_names()):  # a reload, or `python -m` after an import
    pyspiel.register_game(GAME_TYPE, BrusquembilleGame)

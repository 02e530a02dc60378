"""L'Hombre (the Danish contracts) as an OpenSpiel game, `python_hombre`.

    import pyspiel
    import brou.openspiel.hombre  # registers python_hombre
    game = pyspiel.load_game("python_hombre(equal_rank=other-contract,talon_rest=shown)")

The rules are the phase engine's (`brou.engine.hombre.HombreDeal`, with `brou.laws.auction`,
`brou.laws.contracts` and `brou.laws.exchange`); this module only translates.  One episode is one deal
(a coup) of three players:

- chance: the shuffled pack, one card per chance node in pack order (40 nodes), the outcome
  being the card id, as in the other phase games: pack position k goes to a hand (three
  packets of three) or to the talon (13 cards), whose order is so dealt before anyone speaks;
- then the players act with the engine's ids: card ids `0 .. 39` (a card played, or discarded
  in the exchange), then `40 + i` for `brou.laws.auction.words(rules)[i]`: the nine contracts (a bid
  in the auction, or the contract chosen by the winner of a demande or a sans prendre), `pass`,
  `trump S` .. `trump C`, `draw` (a player's discards are done), `surrender`, `stop` (and,
  only under surrender_moment=before-the-lead, `play-on`, then only under
  bids=spil-until-overbid, `spil`, last, so that the default game's ids do not move);
- the deal ends when the nine tricks are played, when the hombre surrenders or stops after
  the first five tricks, when all three pass (nobody plays: every return is 0), or, under
  nolo_codille=stop-at-codille, when the hombre of a nolo takes his second trick.

Every parameter of the ruleset that changes a deal is a game parameter (`PLAY_PARAMETERS`),
the readings of register entries AMB-59 to AMB-67 among them.

Returns: only the hombre scores (hom.count.score), in points, to and from the score sheet
(`brou.laws.ledger.SHEET`): each seat's net over the deal's ledger.  The tiers' returns are always
0, so the game is GENERAL_SUM; the bounds come from the contract table (`bounds`).

Observation (no recall) and information state (perfect recall), as hom.info.own-hand and
hom.info.public have it: the player's hand (and, for the information state, his hand as
dealt), the cards he discarded and those he drew; the public record: the auction (who said
what), the hombre, the contract, trump, the card turned in a tourné, the matadors shown for a
grand tourné, how many cards each player discarded (not which), the hombre's hand in open
nolo, the talon's rest once the exchanges are over under talon_rest=shown, the trick on the
table (every trick's cards, for the information state), who won each trick, a vole engaged,
whose turn, the phase.  Nobody sees another's discards, nor the cards he drew.
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as exc:  # the optional part: say how to get it
    raise ModuleNotFoundError(f"brou.openspiel.hombre needs OpenSpiel and numpy ({exc.name} is missing): "
                              "pip install 'brou[openspiel]'", name=exc.name) from None

from ..engine.hombre import AUCTION, DECLARE, EXCHANGE, HombreDeal
from ..engine.phases import DONE, PLAY, PhaseDeal, action_text
from ..laws.auction import PASS, SPIL, spil_bidding, words
from ..laws.contracts import contracts
from ..laws.ledger import balances
from ..spec.rules import Rules, cards_of
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

SHORT_NAME = "python_hombre"
RULESET = "hombre"
# the ruleset's parameters that change one deal (form and direction only seat the players and
# name the ways round the table: seats here are in the order of speech and play)
PLAY_PARAMETERS = ("equal_rank", "bids", "sans_prendre_trump", "talon_rest", "surrender_moment", "nolo_codille",
                   "turned_black_ace", "tier_discard", "open_hand")
PHASES = (AUCTION, DECLARE, EXCHANGE, PLAY, DONE)
ENDINGS = ("played-out", "stopped", "surrender", "all-passed")  # and "codille" under nolo_codille=stop-at-codille


def endings(rules: Rules) -> tuple[str, ...]:
    """How a deal may end: `ENDINGS`, and a nolo ended at its hombre's second trick under
    nolo_codille=stop-at-codille (AMB-63), last so that the default game's tensors keep their shape."""
    return ENDINGS + (("codille",) if rules.data["play"]["nolo_codille"] == "stop-at-codille" else ())


# -- sizes and bounds ------------------------------------------------------------


def max_bids(rules: Rules) -> int:
    """An upper bound on the words of an auction: two duels, in each of which at most three bids
    fall on one rank (the later speaker reaches it or, under equal_rank=other-contract, answers
    the earlier's contract with the other one of that rank; the earlier equals it; the later must
    then go higher), then a final pass; and one pass to open the second duel."""
    ranks = len({row.rank for row in contracts(rules)})
    spil = 1 if spil_bidding(rules) else 0  # bids=spil-until-overbid: a spil opens each duel
    return 2 * (3 * ranks + 1 + spil) + 1


def max_game_length(rules: Rules) -> int:
    """An upper bound on the actions of a deal: every card dealt; the auction; the contract
    chosen and trump named; the exchange (at most the talon's cards discarded, and one `draw`
    per player); every card of the hands played, one `surrender` and one `stop` (and one
    `play-on` under surrender_moment=before-the-lead)."""
    asked = 1 if rules.data["exchange"]["surrender"] == "before-the-lead" else 0  # `play-on` (AMB-62)
    return (rules.n_cards + max_bids(rules) + 2 + rules.talon_size + rules.n_players + rules.n_players * rules.hand_size + 2
            + asked)


def bounds(rules: Rules) -> tuple[float, float]:
    """(min utility, max utility): true bounds from the contract table.  The most a hombre can
    lose is a codille's value (a surrender or a remise loses the smaller first value, and a
    missed vole comes after a win); the most he can gain is a win with a vole made, in a
    contract with trump (a nolo has no vole).  A tier's return is 0."""
    vole = int(rules.data["play"]["vole"]["value"])
    rows = contracts(rules)
    low = max(row.codille for row in rows)
    high = max(row.won + (0 if row.nolo else vole) for row in rows)
    return -float(low), float(high)


# -- the game --------------------------------------------------------------------


GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="L'Hombre (the Danish contracts)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=3,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=True,
    parameter_specification=parameter_specification(RULESET, PLAY_PARAMETERS),
)


class HombreGame(PhaseGame):
    """One deal of L'Hombre as an OpenSpiel game, three players."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        rules = read_rules(SHORT_NAME, RULESET, PLAY_PARAMETERS, params)
        low, high = bounds(rules)
        self.words = words(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.n_indices + len(self.words),  # card ids, then the words
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
        self.contracts = tuple(row.name for row in contracts(rules))
        self.bid_names = self.contracts + ((SPIL,) if spil_bidding(rules) else ())  # what a bid may say, pass aside
        self.max_bids = max_bids(rules)
        self.talon_shown = rules.data["exchange"]["talon_rest"] == "shown"

    def new_initial_state(self) -> HombreState:
        return HombreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> HombreObserver:
        return HombreObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class HombreState(PhaseState):
    """A deal being dealt (chance nodes) or played (the engine's HombreDeal)."""

    _game: HombreGame

    @property
    def hombre_deal(self) -> HombreDeal | None:
        """The engine's deal once every card is dealt (None while dealing), as a HombreDeal."""
        deal = self._box.deal
        assert deal is None or isinstance(deal, HombreDeal)
        return deal

    def _apply_action(self, action: int) -> None:
        if self.deal_card(action):
            return
        deal = self._box.deal
        assert deal is not None
        deal.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.rules.card_text(action)}"
        return action_text(self.rules, action)

    def returns(self) -> list[float]:
        deal = self.deal
        if deal is None or not deal.is_over:
            return [0.0] * self.rules.n_players
        return deal_returns(deal)

    # -- ISMCTS --

    def resample(self, player: int, rng: random.Random, attempts: int = 10_000) -> HombreState:
        """This deal with the cards `player` has not seen relabelled at random among themselves,
        wherever they lie (the other hands, the talon, the others' discards and draws), and the
        same actions taken, each hidden card discarded replaced by its new label.  He has seen
        his own cards as dealt, what he discarded and drew, the card turned, the matadors shown,
        every card played, the hombre's hand in open nolo and, under talon_rest=shown, the
        talon's rest after the exchanges.  The auction, the declaration and the exchange's
        counts do not depend on hidden cards beyond those shown; a play that the rules of
        following refuse in the new world makes it drawn again."""
        seen = self.seen(player)
        hidden = [c for c in self.dealt if not seen >> c & 1]
        deal = self.hombre_deal
        actions = [] if deal is None else list(deal.history)
        for _ in range(attempts):
            moved = hidden[:]
            rng.shuffle(moved)
            to = dict(zip(hidden, moved, strict=True))
            world = HombreState(self._game)
            for card in self.dealt:
                world.apply_action(to.get(card, card))
            there = world.deal
            if there is None:
                return world
            fits = True
            for action in actions:
                action = to.get(action, action) if action < self.rules.n_indices else action
                if action not in there.legal_actions():
                    fits = False
                    break
                world.apply_action(action)
            if fits:
                return world
        raise RuntimeError(f"no consistent world found in {attempts} attempts")  # pragma: no cover

    def seen(self, player: int) -> int:
        """The mask of the cards whose place `player` knows."""
        seen = self.received[player]
        deal = self.hombre_deal
        if deal is None:
            return seen
        seen |= deal.discards[player] | deal.hands[player]
        for e in deal.events:  # a card may show twice (the turned card is the hombre's first drawn): or, not sum
            if e.kind in ("turn", "show") or e.seat == player:
                seen |= 1 << e.card
        seen |= sum(1 << c for _, cards, _ in deal.tricks for c in cards) | sum(1 << c for c in deal.trick)
        if open_hand(deal) is not None and deal.hombre is not None:
            seen |= self.received[deal.hombre]  # open nolo has no exchange: his hand is his hand as dealt
        if self._game.talon_shown and talon_rest_shown(deal):
            seen |= sum(1 << c for c in deal.stock)
        return seen

    def __str__(self) -> str:
        rules = self.rules
        deal = self.hombre_deal
        if deal is None:
            hands = " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(self.received))
            return f"dealing, {len(self.dealt)} of {rules.n_cards} cards dealt; {hands}"
        lines = [
            "hands " + " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(deal.hands)),
            "talon " + ("".join(rules.card_text(c) for c in deal.stock) or "-"),
            "discards " + " ".join(f"{s}:{''.join(rules.cards_text(m)) or '-'}" for s, m in enumerate(deal.discards)),
            *public_lines(self, recall=True),
        ]
        return "\n".join(lines)


def deal_returns(deal: PhaseDeal) -> list[float]:
    """Each seat's net points over a finished deal's ledger (only the hombre's are not 0)."""
    return [float(m) for m in balances(deal.ledger, deal.rules.n_players)]


# -- what a player sees ----------------------------------------------------------


def open_hand(deal: HombreDeal) -> int | None:
    """The hombre's hand, laid face up in open nolo (hom.contract.nolo-ouvert; under
    open_hand=after-the-first-trick once the first trick is gathered); None otherwise."""
    if deal.contract is None or not deal.contract.open or not deal.hand_laid_open():
        return None
    assert deal.hombre is not None
    return deal.hands[deal.hombre]


def talon_rest_shown(deal: HombreDeal) -> bool:
    """Whether the exchanges are over (play begun), when talon_rest=shown lays the rest of the
    talon face up; a deal that all passed never had them."""
    return deal.contract is not None and deal.phase in (PLAY, DONE)


def drawn(deal: HombreDeal, seat: int) -> int:
    """The cards `seat` drew from the talon."""
    return sum(1 << e.card for e in deal.events if e.kind == "draw" and e.seat == seat)


def discard_counts(deal: HombreDeal) -> list[int]:
    """How many cards each seat discarded (public: each says how many)."""
    return [len(cards_of(m)) for m in deal.discards]


def public_lines(state: HombreState, recall: bool) -> list[str]:
    """What every player sees of a dealt deal, as lines: the phase and who acts, the auction,
    the hombre, the contract and trump, the card turned and the matadors shown, the discard
    counts, the open hand, the talon's rest (talon_rest=shown), the tricks (every trick's cards
    with `recall`, else the winners and the trick on the table), the vole, the points."""
    rules = state.rules
    deal = state.hombre_deal
    assert deal is not None
    auction = " ".join(f"{s}:{PASS if name is None else name}" for s, name in deal.said) or "-"
    contract = "-" if deal.contract is None else deal.contract.name
    trump = "-" if deal.trump is None else rules.suits[deal.trump]
    turned = " ".join(rules.card_text(c) for _, c in deal.turned) or "-"
    shown = cards_line(rules, sum(1 << e.card for e in deal.events if e.kind == "show"))
    hand = open_hand(deal)
    lines = [
        f"over ({deal.ended})" if deal.is_over else f"{deal.phase}, seat {deal.to_act} to act",
        f"auction {auction}",
        f"hombre {'-' if deal.hombre is None else deal.hombre}, contract {contract}, trump {trump}",
        f"turned {turned}, shown {shown}",
        "discarded " + " ".join(f"{s}:{k}" for s, k in enumerate(discard_counts(deal))),
    ]
    if hand is not None:
        lines.append(f"open hand {cards_line(rules, hand)}")
    if state._game.talon_shown and talon_rest_shown(deal):
        lines.append(f"talon rest {cards_line(rules, sum(1 << c for c in deal.stock))}")
    if recall:
        lines.append("tricks " + tricks_text(rules, deal))
    else:
        lines.append("won by " + (" ".join(str(w) for _, _, w in deal.tricks) or "-"))
    lines += ["trick " + trick_text(rules, deal.leader, deal.trick),
              f"vole {deal.vole or '-'}",
              "points " + " ".join(str(m) for m in balances(deal.ledger, rules.n_players))]
    return lines


class HombreObserver:
    """Observer (the PyObserver interface of open_spiel.python.observation).

    Without perfect recall, the observation: the player's hand, his discards and draws, and the
    public record (the auction, the hombre, the contract, trump, the card turned, the matadors
    shown, the discard counts, the open hand, the talon's rest when shown, the trick on the
    table, who won each trick, the vole, whose turn).  With it, the information state: his hand
    as dealt too, and every trick's cards by seat.  public_info selects the public record;
    private_info SINGLE_PLAYER the player's own cards, ALL_PLAYERS every seat's."""

    def __init__(self, game: HombreGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game = game
        rules = game.rules
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info
        n, c, t = rules.n_players, rules.n_indices, rules.n_tricks
        bids = len(game.bid_names) + 1  # the contracts (and spil, under bids=spil-until-overbid), then pass
        self.n_seen = {pyspiel.PrivateInfoType.SINGLE_PLAYER: 1,
                       pyspiel.PrivateInfoType.ALL_PLAYERS: n}.get(self.private, 0)
        pieces: list[tuple[str, tuple[int, ...]]] = [("seat", (n,))]
        if self.n_seen:
            pieces += [("hands", (self.n_seen, c)), ("discards", (self.n_seen, c)), ("drawn", (self.n_seen, c))]
            if self.recall:
                pieces += [("dealt", (self.n_seen, c))]
        if self.public:
            pieces += [("phase", (len(PHASES),)), ("auction", (game.max_bids, n, bids)), ("hombre", (n,)),
                       ("contract", (len(game.contracts),)), ("trump", (len(rules.suits),)), ("turned", (c,)),
                       ("shown", (c,)), ("discard_counts", (n, rules.talon_size + 1)), ("open_hand", (c,)),
                       ("talon_rest", (c,))]
            if self.recall:
                pieces += [("tricks", (t, n, c)), ("leaders", (t, n))]
            else:
                pieces += [("trick", (n, c))]
            pieces += [("trick_winners", (t, n)), ("vole", (1,)), ("ended", (len(endings(rules)),)), ("to_act", (n,))]
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

    def set_from(self, state: HombreState, player: int) -> None:
        self.tensor.fill(0)
        d = self.dict
        game = self.game
        rules = game.rules
        d["seat"][player] = 1
        deal = state.hombre_deal
        for row, seat in enumerate(self.seen_seats(player)):
            set_cards(d["hands"][row], state.received[seat] if deal is None else deal.hands[seat])
            if deal is not None:
                set_cards(d["discards"][row], deal.discards[seat])
                set_cards(d["drawn"][row], drawn(deal, seat))
            if self.recall:
                set_cards(d["dealt"][row], state.received[seat])
        if not self.public or deal is None:
            return
        d["phase"][PHASES.index(deal.phase)] = 1
        for i, (seat, name) in enumerate(deal.said[:game.max_bids]):
            d["auction"][i, seat, len(game.bid_names) if name is None else game.bid_names.index(name)] = 1
        if deal.hombre is not None:
            d["hombre"][deal.hombre] = 1
        if deal.contract is not None:
            d["contract"][game.contracts.index(deal.contract.name)] = 1
        if deal.trump is not None and deal.contract is not None:
            d["trump"][deal.trump] = 1
        for _, card in deal.turned:
            d["turned"][card] = 1
        set_cards(d["shown"], sum(1 << e.card for e in deal.events if e.kind == "show"))
        for seat, k in enumerate(discard_counts(deal)):
            d["discard_counts"][seat, k] = 1
        hand = open_hand(deal)
        if hand is not None:
            set_cards(d["open_hand"], hand)
        if game.talon_shown and talon_rest_shown(deal):
            set_cards(d["talon_rest"], sum(1 << c for c in deal.stock))
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
        d["vole"][0] = deal.vole is not None
        ends = endings(deal.rules)
        if deal.ended in ends:
            d["ended"][ends.index(deal.ended)] = 1
        if not deal.is_over:
            d["to_act"][deal.to_act] = 1

    # -- strings --

    def string_from(self, state: HombreState, player: int) -> str:
        rules = self.game.rules
        deal = state.hombre_deal
        parts = [f"seat {player}"]
        single = self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        for seat in self.seen_seats(player):
            who = "" if single else f"{seat} "
            parts.append(f"{who}hand {cards_line(rules, state.received[seat] if deal is None else deal.hands[seat])}")
            if self.recall:
                parts.append(f"{who}dealt {cards_line(rules, state.received[seat])}")
            if deal is not None:
                parts.append(f"{who}discarded {cards_line(rules, deal.discards[seat])}, "
                             f"drew {cards_line(rules, drawn(deal, seat))}")
        if not self.public:
            return "\n".join(parts)
        if deal is None:
            parts.append(f"dealing, {len(state.dealt)} cards dealt")
        else:
            parts += public_lines(state, self.recall)
        return "\n".join(parts)


# -- registration ------------------------------------------------------------------

if SHORT_NAME not in set(pyspiel.registered_names()):  # a reload, or `python -m` after an import
    pyspiel.register_game(GAME_TYPE, HombreGame)

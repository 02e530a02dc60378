"""What a player of the family's OpenSpiel game sees: the observer (`BrouObserver`, the
PyObserver interface of open_spiel.python.observation) and each game's sight of a deal.

Without perfect recall the observation, what is in front of the player now, as the engine's
view of him gives it (`brou.engine.view.view`); with it the
information state, which adds his cards as dealt and every trick's cards by seat.  public_info
selects what all see, private_info SINGLE_PLAYER the player's own cards (and his partner's where
partners see each other's hands), ALL_PLAYERS every seat's.  A sight (one per game) lists the
pieces of the tensor, fills them, writes the strings' lines, and says which cards a player has
seen (`seen`, for `brou.openspiel.worlds`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np
import pyspiel

from ..engine.hombre import AUCTION, DECLARE, EXCHANGE, HombreDeal
from ..engine.homme import action_text as partnership_text
from ..engine.phases import DONE, PLAY, SHOWING, SPEECH, TURN_OFFER, PhaseDeal
from ..engine.view import on_turn, view
from ..laws.auction import PASS, SPIL, spil_bidding
from ..laws.contracts import contracts
from ..laws.game import GameContext
from ..laws.ledger import balances
from ..laws.results import stakes
from ..laws.speech import WORDS, action_word
from ..spec.rules import Rules, cards_of
from .rulesets import max_bids, n_turns


class BrouGame(Protocol):
    """What a sight reads of its game (`brou.openspiel.game.BrouGame`, which imports this module)."""

    rules: Rules
    context: GameContext | None
    turnup_position: int
    sight: Sight


class BrouState(Protocol):
    """What a sight reads of a state (`brou.openspiel.game.BrouState`)."""

    dealt: list[int]
    received: list[int]
    actors: list[int]
    said: list[tuple[int, int, int]]

    @property
    def deal(self) -> Any: ...


Pieces = list[tuple[str, tuple[int, ...]]]
SINGLE, ALL = pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.ALL_PLAYERS


class BrouObserver:
    """Observer of a game of the family: the tensor's pieces (`dict`, views into `tensor`) and
    strings, each game's as its sight has them; the first piece is the player's seat."""

    def __init__(self, game: BrouGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game = game
        self.sight = game.sight
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info
        rules = game.rules
        self.n_seen = {SINGLE: self.sight.n_single, ALL: rules.n_players}.get(self.private, 0)
        pieces: Pieces = [("seat", (rules.n_players,)), *self.sight.pieces(self)]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for name, shape in pieces:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[index:index + length].reshape(shape)
            index += length

    def seen_seats(self, player: int) -> list[int]:
        """The seats whose cards the player sees: himself, then his partner where partners see
        each other's hands; with private_info ALL_PLAYERS every seat in order; none without
        private information."""
        rules = self.game.rules
        if self.private == ALL:
            return list(range(rules.n_players))
        if not self.n_seen:
            return []
        return [player] + [s for s in rules.teams[rules.team_of[player]] if s != player][: self.n_seen - 1]

    def set_from(self, state: BrouState, player: int) -> None:
        self.tensor.fill(0)
        self.dict["seat"][player] = 1
        self.sight.fill(self, state, player)

    def string_from(self, state: BrouState, player: int) -> str:
        return "\n".join([f"seat {player}", *self.sight.lines(self, state, player)])


# -- what the sights share --------------------------------------------------------------


def set_cards(row: Any, mask: int) -> None:
    """Ones in a tensor row at the cards of `mask`."""
    for card in cards_of(mask):
        row[card] = 1


def cards_line(rules: Rules, mask: int) -> str:
    """Cards as text separated by spaces, `-` for none."""
    return " ".join(rules.cards_text(mask)) or "-"


def trick_text(rules: Rules, leader: int, cards: Sequence[int]) -> str:
    """`0:AS 1:TS 2:7D`: a trick's cards by seat from its leader, `-` for none."""
    if not cards:
        return "-"
    return " ".join(f"{(leader + k) % rules.n_players}:{rules.card_text(c)}" for k, c in enumerate(cards))


def tricks_text(rules: Rules, deal: Any) -> str:
    """`0:AS 1:TS 2:7D >0 | ...`: each finished trick's cards by seat, and its winner."""
    return " | ".join(trick_text(rules, leader, cards) + f" >{w}" for leader, cards, w in deal.tricks) or "-"


def hands_text(rules: Rules, hands: Sequence[int]) -> str:
    """`0:ASTS 1:- ...`: every seat's cards."""
    return " ".join(f"{s}:{''.join(rules.cards_text(h))}" for s, h in enumerate(hands))


def trick_pieces(obs: BrouObserver, rules: Rules, n_tricks: int) -> Pieces:
    """Every trick's cards by seat and its leader (recall), else the trick on the table."""
    n, c = rules.n_players, rules.n_indices
    return [("tricks", (n_tricks, n, c)), ("leaders", (n_tricks, n))] if obs.recall else [("trick", (n, c))]


def set_tricks(obs: BrouObserver, deal: Any) -> None:
    """The trick pieces: with recall every trick's cards by seat and its leader, the one on the
    table too; without, the trick on the table by seat."""
    d = obs.dict
    n = deal.rules.n_players
    if obs.recall:
        played = [(leader, cards) for leader, cards, _ in deal.tricks]
        if deal.trick:
            played.append((deal.leader, deal.trick))
        for i, (leader, cards) in enumerate(played):
            d["leaders"][i, leader] = 1
            for k, card in enumerate(cards):
                d["tricks"][i, (leader + k) % n, card] = 1
    else:
        for k, card in enumerate(deal.trick):
            d["trick"][(deal.leader + k) % n, card] = 1


def set_winners(obs: BrouObserver, deal: Any) -> None:
    """Who won each finished trick."""
    for i, (_, _, winner) in enumerate(deal.tricks):
        obs.dict["trick_winners"][i, winner] = 1


def tricks_lines(rules: Rules, deal: Any, recall: bool) -> list[str]:
    """Every trick's cards with `recall`, else who won each; then the trick on the table."""
    won = " ".join(str(w) for _, _, w in deal.tricks) or "-"
    return ["tricks " + tricks_text(rules, deal) if recall else "won by " + won,
            "trick " + trick_text(rules, deal.leader, deal.trick)]


class Sight:
    """What one game shows its players (see the module's docstring); the default: the player's
    hand (and as dealt, with recall), nothing public."""

    n_single = 1  # the seats whose cards a player sees of his own: him (and his partner)
    # what the strings need of a player action, taken before the engine applies it (`BrouState.said`)
    note: Callable[[Any, int], tuple[int, int, int] | None] | None = None

    def __init__(self, game: BrouGame) -> None:
        self.game = game
        self.rules = game.rules

    def pieces(self, obs: BrouObserver) -> Pieces:
        raise NotImplementedError

    def fill(self, obs: BrouObserver, state: BrouState, player: int) -> None:
        raise NotImplementedError

    def lines(self, obs: BrouObserver, state: BrouState, player: int) -> list[str]:
        raise NotImplementedError

    def state_lines(self, state: BrouState) -> list[str]:
        """The whole state once dealt, for `str(state)`."""
        raise NotImplementedError

    def seen(self, state: BrouState, player: int) -> int:
        """The cards whose place `player` knows."""
        return state.received[player]

    def hand(self, state: BrouState, seat: int) -> int:
        """The cards `seat` holds now (received so far, while dealing)."""
        deal = state.deal
        cards: int = state.received[seat] if deal is None else deal.hands[seat]
        return cards


def sight_of(game: BrouGame) -> Sight:
    """The sight of a game's ruleset."""
    rules = game.rules
    if not rules.on_phases:
        return PartnershipSight(game)
    if "auction" in rules.phases:
        return HombreSight(game)
    if "speech" in rules.phases:
        return HommeSight(game)
    return TalonSight(game)


# -- 1802 and Brouc -----------------------------------------------------------------------

PARTNERSHIP_PHASES = ("play", "window", "concede", "respond", "done", "round", "mark")  # mark: table_marking=players
FLAG_NAMES = ("team 0 declared", "team 1 declared", "double", "concession asked of team 0",
              "concession asked of team 1", "concession offered")


class PartnershipSight(Sight):
    """1802 and Brouc: his own cards, the trump, the turn-up where it lies face up (1802; in
    Brouc only the dealer knows it), every public action (recall) or what lies in front of him
    (`brou.engine.view.view`: the trick, on his turn to play the last trick and his
    team's tricks, the announcements, the declaration and concession in progress), the scores."""

    def pieces(self, obs: BrouObserver) -> Pieces:
        rules = self.rules
        n, c, t = rules.n_players, rules.n_indices, rules.n_tricks
        n_marriages = len(rules.suits) * len(rules.kinds)
        n_phases = len(PARTNERSHIP_PHASES) - (0 if rules.table_marking == "players" else 1)
        pieces: Pieces = []
        if obs.private == SINGLE:
            pieces += [("hand", (c,))]
            if obs.recall:
                pieces += [("dealt", (c,)), ("turnup_known", (c,))]
        elif obs.private == ALL:
            pieces += [("hands", (n, c))]
        if obs.public:
            pieces += [("trump", (len(rules.suits),)), ("turnup_on_show", (c,))]
            if obs.recall:
                pieces += [*trick_pieces(obs, rules, t), ("announcements", (n, n_marriages, t + 1))]
            else:
                pieces += [*trick_pieces(obs, rules, t), ("last_trick", (n, c)), ("team_won", (c,)),
                           ("announced", (n, n_marriages))]
            pieces += [("tricks_won", (2, t + 1)), ("phase", (n_phases,)), ("to_act", (n,)), ("game", (6,)),
                       ("scores", (4,))]
            if rules.table_marking == "players":
                pieces += [("marked", (t,))]  # per trick: its table marriages marked (hdb.info.table-marriage-shown)
        return pieces

    def fill(self, obs: BrouObserver, state: BrouState, player: int) -> None:
        d = obs.dict
        rules = self.rules
        deal = state.deal
        if "hand" in d:
            set_cards(d["hand"], self.hand(state, player))
        if "dealt" in d:
            set_cards(d["dealt"], state.received[player])
            known = self.turnup_known(state, player)
            if known is not None:
                d["turnup_known"][known] = 1
        if "hands" in d:
            for s in range(rules.n_players):
                set_cards(d["hands"][s], self.hand(state, s))
        if not obs.public:
            return
        ctx = self.game.context
        assert ctx is not None
        carried = ctx.carried or (0, 0)
        d["scores"][:] = [ctx.scores[0] / 100, ctx.scores[1] / 100, carried[0] / 100, carried[1] / 100]
        trump = self.trump_known(state)
        if trump is not None:
            d["trump"][trump] = 1
        if deal is None:
            return
        if deal.turnup_on_show():
            d["turnup_on_show"][deal.turnup] = 1
        set_tricks(obs, deal)
        if obs.recall:
            for seat, suit, kind, _, _, after in deal.announcements:
                d["announcements"][seat, suit * len(rules.kinds) + kind, after] = 1
        else:
            if deal.tricks and on_turn(deal, player):  # hdb.info.last-trick, hdb.info.own-tricks: on his turn only
                leader, cards, _ = deal.tricks[-1]
                for k, card in enumerate(cards):
                    d["last_trick"][(leader + k) % rules.n_players, card] = 1
                set_cards(d["team_won"], deal.won[rules.team_of[player]])
            for seat, suit, kind, _, _, _ in deal.announcements:
                d["announced"][seat, suit * len(rules.kinds) + kind] = 1
        for team in range(2):
            d["tricks_won"][team, deal.team_tricks[team]] = 1
        d["phase"][PARTNERSHIP_PHASES.index(deal.phase)] = 1
        if "marked" in d:
            for index, *_ in deal.table:
                d["marked"][index] = 1
        if deal.to_act >= 0:
            d["to_act"][deal.to_act] = 1
        d["game"][:] = game_flags(deal)

    def lines(self, obs: BrouObserver, state: BrouState, player: int) -> list[str]:
        rules = self.rules
        deal = state.deal
        parts = []
        if obs.private == SINGLE:
            parts.append("hand " + cards_line(rules, self.hand(state, player)))
            if obs.recall:
                parts.append("dealt " + cards_line(rules, state.received[player]))
                known = self.turnup_known(state, player)
                if known is not None:
                    parts.append("turn-up " + rules.card_text(known))
        elif obs.private == ALL:
            parts.append("hands " + " ".join(f"{s}:{cards_line(rules, self.hand(state, s))}"
                                             for s in range(rules.n_players)))
        if not obs.public:
            return parts
        ctx = self.game.context
        assert ctx is not None
        scores = f"scores {ctx.scores[0]}-{ctx.scores[1]}"
        if ctx.carried:
            scores += f", carried {ctx.carried[0]}-{ctx.carried[1]}"
        parts.append(scores)
        trump = self.trump_known(state)
        if deal is None:
            parts.append(f"dealing, {len(state.dealt)} cards dealt" + ("" if trump is None else f", trump {rules.suits[trump]}"))
            return parts
        parts.append(f"trump {rules.suits[deal.trump]}")
        if deal.turnup_on_show():
            parts.append(f"on show {rules.card_text(deal.turnup)}")
        if obs.recall:
            parts.append("actions " + actions_text(rules, state.actors, deal.history))
        else:
            parts.append("trick " + trick_text(rules, deal.leader, deal.trick))
            looks = on_turn(deal, player)  # hdb.info.last-trick, hdb.info.own-tricks: on his turn only
            if deal.tricks and looks:
                leader, cards, winner = deal.tricks[-1]
                parts.append(f"last trick {trick_text(rules, leader, cards)} won by {winner}")
            team = rules.team_of[player]
            parts.append(f"tricks {deal.team_tricks[0]}-{deal.team_tricks[1]}"
                         + (f", team {team} has " + cards_line(rules, deal.won[team]) if looks else ""))
            if deal.announcements:
                parts.append("announced " + " ".join(
                    f"{seat}:{''.join(rules.kinds[kind].ranks)}{rules.suits[suit]}"
                    for seat, suit, kind, _, _, _ in deal.announcements))
            said = [name for name, flag in zip(FLAG_NAMES, game_flags(deal), strict=True) if flag]
            if said:
                parts.append(", ".join(said))
        parts.append("over" if deal.is_over else f"{deal.phase}, seat {deal.to_act} to act")
        return parts

    def state_lines(self, state: BrouState) -> list[str]:
        rules = self.rules
        deal = state.deal
        ctx = self.game.context
        assert ctx is not None
        lines = [
            f"trump {rules.suits[deal.trump]}, turn-up {rules.card_text(deal.turnup)}, scores {list(ctx.scores)}",
            "hands " + hands_text(rules, deal.hands),
            "actions " + actions_text(rules, state.actors, deal.history),
        ]
        if deal.is_over and deal.outcome is not None:
            o = deal.outcome
            lines.append(f"outcome {o.how}, winner {o.winner}, marks {list(o.marks)}, scores {list(o.scores)}")
        else:
            lines.append(f"phase {deal.phase}, seat {deal.to_act} to act")
        return lines

    def seen(self, state: BrouState, player: int) -> int:
        """His own cards and, in 1802, the turn-up (dealing: a dealt deal is redealt by
        `brou.openspiel.worlds.partnership_world`)."""
        known = self.turnup_known(state, player)
        return state.received[player] | (0 if known is None else 1 << known)

    def turnup_known(self, state: BrouState, player: int) -> int | None:
        """The turn-up card if the player has seen it: in 1802 everyone (it is turned face
        up), in Brouc only the dealer (it goes into his hand at once; the others learn the
        trump suit only)."""
        position = self.game.turnup_position
        if len(state.dealt) <= position:
            return None
        if self.rules.turnup_exposed == "none" and player != self.rules.dealer:
            return None
        return state.dealt[position]

    def trump_known(self, state: BrouState) -> int | None:
        position = self.game.turnup_position
        if len(state.dealt) <= position:
            return None
        return self.rules.suit_of[state.dealt[position]]


def actions_text(rules: Rules, seats: list[int], actions: list[int]) -> str:
    """`0:AS 1:TS 2:announce_KQC 2:pass`: who did what, in order."""
    return " ".join(f"{s}:{partnership_text(rules, a).replace(' ', '_')}" for s, a in zip(seats, actions, strict=True))


def game_flags(deal: Any) -> list[int]:
    """declared by team 0, by team 1, double; concession asked of team 0, of team 1; offered."""
    flags = [0] * 6
    if deal.declared is not None:
        flags[deal.declared[0]] = 1
        flags[2] = int(deal.declared[1])
    if deal.phase in ("concede", "respond") and deal.conceding >= 0:
        flags[3 + deal.conceding] = 1
        flags[5] = int(deal.phase == "respond")
    return flags


# -- Brusquembille --------------------------------------------------------------------------


class TalonSight(Sight):
    """Brusquembille: the player's `brou.engine.view.view` (his hand, his partner's in two
    pairs, the turned card and who drew it, the trick on the table, who won each trick, the
    cards held, the talon, the jetons); the information state adds the cards he (and, in two
    pairs, his partner) was dealt and drew trick by trick, and every trick's cards by seat."""

    def __init__(self, game: BrouGame) -> None:
        super().__init__(game)
        self.n_single = 2 if self.rules.partners_see_hands else 1
        self.n_draws = self.rules.talon_size // self.rules.n_players  # tricks followed by a draw

    def pieces(self, obs: BrouObserver) -> Pieces:
        rules = self.rules
        n, c, t = rules.n_players, rules.n_indices, rules.n_tricks
        pieces: Pieces = []
        if obs.n_seen:
            pieces += [("hands", (obs.n_seen, c))]
            if obs.recall:
                pieces += [("dealt", (obs.n_seen, c)), ("drawn", (obs.n_seen, max(1, self.n_draws), c))]
        if obs.public:
            pieces += [("trump", (len(rules.suits),)), ("turnup", (c,)), ("turnup_drawn_by", (n,)),
                       ("held", (n, rules.hand_size + 1)), ("talon", (rules.talon_size + 1,)),
                       *trick_pieces(obs, rules, t),
                       ("trick_winners", (t, n)), ("jetons", (n,)), ("to_act", (n,)), ("over", (1,))]
        return pieces

    def fill(self, obs: BrouObserver, state: BrouState, player: int) -> None:
        d = obs.dict
        rules = self.rules
        deal = state.deal
        v = None if deal is None else view(deal, player)
        for row, seat in enumerate(obs.seen_seats(player)):
            set_cards(d["hands"][row], self.seen_hand(state, v, player, seat))
            if obs.recall:
                set_cards(d["dealt"][row], state.received[seat])
                for e in deal.events if deal is not None else ():
                    if e.kind == "draw" and e.seat == seat:
                        d["drawn"][row, e.trick - 1, e.card] = 1
        if not obs.public:
            return
        if deal is None:
            turned = self.turned(state)
            if turned is not None:
                d["trump"][rules.suit_of[turned]] = 1
                d["turnup"][turned] = 1
            for s in range(rules.n_players):
                d["held"][s, state.received[s].bit_count()] = 1
            d["talon"][min(rules.talon_size, len(state.dealt) - sum(h.bit_count() for h in state.received))] = 1
            return
        assert v is not None
        if obs.recall:
            set_tricks(obs, deal)
        self.set_public_from_view(obs, v)

    def set_public_from_view(self, obs: BrouObserver, v: dict[str, Any]) -> None:
        """The public pieces of the tensor, from the view `v` alone (its `player` is the seat:
        offset 0): trump, the turned card and who drew it, cards held, the talon, the trick on
        the table (without recall), who won each trick, the jetons in fiches, whose turn, over."""
        rules = self.rules
        d = obs.dict
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

    def lines(self, obs: BrouObserver, state: BrouState, player: int) -> list[str]:
        rules = self.rules
        deal = state.deal
        v = None if deal is None else view(deal, player)
        parts = []
        single = obs.private == SINGLE
        for seat in obs.seen_seats(player):
            who = ("" if seat == player else "partner ") if single else f"{seat} "
            parts.append(f"{who}hand {cards_line(rules, self.seen_hand(state, v, player, seat))}")
            if obs.recall:
                parts.append(f"{who}dealt {cards_line(rules, state.received[seat])}")
                draws = [f"{e.trick}:{rules.card_text(e.card)}" for e in (deal.events if deal is not None else ())
                         if e.kind == "draw" and e.seat == seat]
                if draws:
                    parts.append(f"{who}drew " + " ".join(draws))
        if not obs.public:
            return parts
        if deal is None:
            turned = self.turned(state)
            line = f"dealing, {len(state.dealt)} cards dealt"
            if turned is not None:
                line += f", turned {rules.card_text(turned)}"
            return [*parts, line]
        assert v is not None
        return [*parts, public_string_from_view(v, tricks_text(rules, deal) if obs.recall else None)]

    def state_lines(self, state: BrouState) -> list[str]:
        rules = self.rules
        deal = state.deal
        jetons = balances(deal.ledger, rules.n_players)
        return [
            f"trump {rules.suits[deal.trump or 0]}, turned {rules.card_text(deal.deal.turnup)}",
            "hands " + hands_text(rules, deal.hands),
            "stock " + ("".join(rules.card_text(c) for c in deal.stock) or "-"),
            "tricks " + tricks_text(rules, deal),
            "trick " + trick_text(rules, deal.leader, deal.trick),
            "jetons " + " ".join(str(j) for j in jetons),
            "over" if deal.is_over else f"seat {deal.to_act} to act",
        ]

    def seen_hand(self, state: BrouState, v: dict[str, Any] | None, player: int, seat: int) -> int:
        """The cards of `seat` now: for the player and his partner, as his view shows them
        (`hand`, `partner_hand`); while dealing, the cards received; for any other seat (private
        information of all players), the engine's hand."""
        rules = self.rules
        if v is None:
            return state.received[seat]
        if seat == player:
            return rules.mask(v["hand"])
        if v["partner_hand"] is not None and rules.team_of[seat] == rules.team_of[player]:
            return rules.mask(v["partner_hand"])
        return self.hand(state, seat)

    def mates(self, player: int) -> list[int]:
        """The seats whose cards `player` sees: his own, and his partner's when partners show
        each other their hands (brus.info.partners)."""
        rules = self.rules
        return list(rules.teams[rules.team_of[player]]) if rules.partners_see_hands else [player]

    def turned(self, state: BrouState) -> int | None:
        """The turned card once chance has dealt it (it lies face up for all to see)."""
        position = self.game.turnup_position
        return state.dealt[position] if len(state.dealt) > position else None

    def seen(self, state: BrouState, player: int) -> int:
        """His own cards as dealt and drawn, his partner's in two pairs, the turned card and
        every card played."""
        seen = 0
        for seat in self.mates(player):
            seen |= state.received[seat]
        turned = self.turned(state)
        if turned is not None:
            seen |= 1 << turned
        deal = state.deal
        if deal is not None:
            for seat in self.mates(player):
                seen |= sum(1 << e.card for e in deal.events if e.kind == "draw" and e.seat == seat)
            seen |= played(deal)
        return seen


def played(deal: Any) -> int:
    """Every card played so far."""
    mask: int = sum(1 << c for _, cards, _ in deal.tricks for c in cards) | sum(1 << c for c in deal.trick)
    return mask


def public_string_from_view(v: dict[str, Any], trick_history: str | None = None) -> str:
    """The public lines of Brusquembille's strings, from the view `v` (and, for the information
    state, the cards of the tricks gone, `trick_history`)."""
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


# -- L'Homme d'Auvergne -----------------------------------------------------------------------

HOMME_PHASES = (TURN_OFFER, SPEECH, SHOWING, PLAY, DONE)


def note_word(deal: PhaseDeal, action: int) -> tuple[int, int, int] | None:
    """(round, seat, word) of a word: its round the card offered (turn-offer) or talked about
    (speech), from 0; None for a card."""
    word = action_word(deal.rules, action)
    if word is None:
        return None
    return len(deal.turned) - (deal.phase != TURN_OFFER), deal.to_act, word


class RecordSight(Sight):
    """A game with a public record before play (L'Homme d'Auvergne's speech, L'Hombre's auction
    and exchange): its strings are each seen seat's cards, then the record (`public_lines`)."""

    def lines(self, obs: BrouObserver, state: BrouState, player: int) -> list[str]:
        parts = own_lines(self, obs, state, player)
        if not obs.public:
            return parts
        if state.deal is None:
            return [*parts, f"dealing, {len(state.dealt)} cards dealt"]
        return [*parts, *self.public_lines(state, obs.recall)]

    def public_lines(self, state: BrouState, recall: bool) -> list[str]:
        """What every player sees of a dealt deal (every trick's cards with `recall`)."""
        raise NotImplementedError

    def state_lines(self, state: BrouState) -> list[str]:
        rules = self.rules
        deal = state.deal
        return ["hands " + hands_text(rules, deal.hands),
                "talon " + ("".join(rules.card_text(c) for c in deal.stock) or "-"),
                *self.hidden_lines(deal), *self.public_lines(state, recall=True)]

    def hidden_lines(self, deal: Any) -> list[str]:
        """What `str(state)` shows besides the hands and the talon that nobody sees."""
        return []


class HommeSight(RecordSight):
    """L'Homme d'Auvergne: the player's hand (and as dealt); the public record: the cards turned
    and by whom, trump, every word by whom in which round, the kings shown, the homme, the trick
    on the table (every trick's cards, recall), who won each trick, the marks, whose turn, the
    phase.  The talon stays hidden but the cards turned (auv.info.own-hand, auv.info.turned)."""

    def __init__(self, game: BrouGame) -> None:
        super().__init__(game)
        self.note = note_word

    def pieces(self, obs: BrouObserver) -> Pieces:
        rules = self.rules
        n, c, t, r = rules.n_players, rules.n_indices, rules.n_tricks, n_turns(rules)
        pieces: Pieces = []
        if obs.n_seen:
            pieces += [("hands", (obs.n_seen, c))]
            if obs.recall:
                pieces += [("dealt", (obs.n_seen, c))]
        if obs.public:
            pieces += [("phase", (len(HOMME_PHASES),)), ("turned", (r, c)), ("turned_by", (r, n)),
                       ("trump", (len(rules.suits),)), ("words", (r, n, len(WORDS))), ("shown", (n, c)),
                       ("homme", (n,)), *trick_pieces(obs, rules, t),
                       ("trick_winners", (t, n)), ("marks", (n,)), ("to_act", (n,))]
        return pieces

    def fill(self, obs: BrouObserver, state: BrouState, player: int) -> None:
        d = obs.dict
        deal = state.deal
        for row, seat in enumerate(obs.seen_seats(player)):
            set_cards(d["hands"][row], self.hand(state, seat))
            if obs.recall:
                set_cards(d["dealt"][row], state.received[seat])
        if not obs.public or deal is None:
            return
        d["phase"][HOMME_PHASES.index(deal.phase)] = 1
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
        set_tricks(obs, deal)
        set_winners(obs, deal)
        d["marks"][:] = balances(deal.ledger, self.rules.n_players)
        if not deal.is_over:
            d["to_act"][deal.to_act] = 1

    def public_lines(self, state: BrouState, recall: bool) -> list[str]:
        """What every player sees of a dealt deal: the phase and who acts, the cards turned, the
        words by round, the kings shown, the homme, the tricks, the marks."""
        rules = self.rules
        deal = state.deal
        turned = " ".join(f"{s}:{rules.card_text(c)}" for s, c in deal.turned) or "-"
        trump = "-" if deal.trump is None else rules.suits[deal.trump]
        rounds = [" ".join(f"{s}:{WORDS[w]}" for r, s, w in state.said if r == i) for i in range(n_turns(rules))]
        words = " | ".join(r for r in rounds if r) or "-"
        shown = " ".join(f"{s}:{rules.card_text(c)}" for s, c in shown_kings(deal)) or "-"
        return [
            "over" if deal.is_over else f"{deal.phase}, seat {deal.to_act} to act",
            f"turned {turned}, trump {trump}",
            f"words {words}",
            f"shown {shown}, homme {'-' if deal.homme is None else deal.homme}",
            *tricks_lines(rules, deal, recall),
            "marks " + " ".join(str(m) for m in balances(deal.ledger, rules.n_players)),
        ]

    def seen(self, state: BrouState, player: int) -> int:
        """His own cards, the cards turned, the kings shown and every card played."""
        seen = state.received[player]
        deal = state.deal
        if deal is not None:
            seen |= sum(1 << e.card for e in deal.events) | played(deal)  # the cards turned and the kings shown
        return seen


def shown_kings(deal: PhaseDeal) -> list[tuple[int, int]]:
    """(seat, king) of every king shown in the speech, in order, as `brou.engine.view.view` (`shown`)
    has them: under king_scoring=trump-and-others the other kings that scored with the one
    shown count in the marks, not by name."""
    return [(e.seat, e.card) for e in deal.events if e.kind == "show"]


def own_lines(sight: Sight, obs: BrouObserver, state: BrouState, player: int) -> list[str]:
    """The hand of each seat the player sees (and as dealt, with recall)."""
    rules = sight.rules
    single = obs.private == SINGLE
    parts = []
    for seat in obs.seen_seats(player):
        who = "" if single else f"{seat} "
        parts.append(f"{who}hand {cards_line(rules, sight.hand(state, seat))}")
        if obs.recall:
            parts.append(f"{who}dealt {cards_line(rules, state.received[seat])}")
        if isinstance(state.deal, HombreDeal):
            deal = state.deal
            parts.append(f"{who}discarded {cards_line(rules, deal.discards[seat])}, "
                         f"drew {cards_line(rules, drawn(deal, seat))}")
    return parts


# -- L'Hombre -----------------------------------------------------------------------------------

HOMBRE_PHASES = (AUCTION, DECLARE, EXCHANGE, PLAY, DONE)
ENDINGS = ("played-out", "stopped", "surrender", "all-passed")  # and "codille" under nolo_codille=stop-at-codille


def endings(rules: Rules) -> tuple[str, ...]:
    """How a deal may end: `ENDINGS`, and a nolo ended at its hombre's second trick under
    nolo_codille=stop-at-codille (AMB-63), last so that the default game's tensors keep their shape."""
    return ENDINGS + (("codille",) if rules.data["play"]["nolo_codille"] == "stop-at-codille" else ())


class HombreSight(RecordSight):
    """L'Hombre (hom.info.own-hand, hom.info.public): the player's hand (and as dealt), the cards
    he discarded and drew; the public record: the auction, the hombre, the contract, trump, the
    card turned in a tourné, the matadors shown, how many cards each discarded (not which), the
    hombre's hand in open nolo, the talon's rest under talon_rest=shown once the exchanges are
    over, the trick on the table (every trick's cards, recall), who won each trick, a vole
    engaged, how the deal ended, whose turn, the phase."""

    def __init__(self, game: BrouGame) -> None:
        super().__init__(game)
        rules = self.rules
        self.contracts = tuple(row.name for row in contracts(rules))
        self.bid_names = self.contracts + ((SPIL,) if spil_bidding(rules) else ())  # what a bid may say, pass aside
        self.max_bids = max_bids(rules)
        self.talon_shown = rules.data["exchange"]["talon_rest"] == "shown"

    def pieces(self, obs: BrouObserver) -> Pieces:
        rules = self.rules
        n, c, t = rules.n_players, rules.n_indices, rules.n_tricks
        bids = len(self.bid_names) + 1  # the contracts (and spil, under bids=spil-until-overbid), then pass
        pieces: Pieces = []
        if obs.n_seen:
            pieces += [("hands", (obs.n_seen, c)), ("discards", (obs.n_seen, c)), ("drawn", (obs.n_seen, c))]
            if obs.recall:
                pieces += [("dealt", (obs.n_seen, c))]
        if obs.public:
            pieces += [("phase", (len(HOMBRE_PHASES),)), ("auction", (self.max_bids, n, bids)), ("hombre", (n,)),
                       ("contract", (len(self.contracts),)), ("trump", (len(rules.suits),)), ("turned", (c,)),
                       ("shown", (c,)), ("discard_counts", (n, rules.talon_size + 1)), ("open_hand", (c,)),
                       ("talon_rest", (c,)), *trick_pieces(obs, rules, t),
                       ("trick_winners", (t, n)), ("vole", (1,)), ("ended", (len(endings(rules)),)), ("to_act", (n,))]
        return pieces

    def fill(self, obs: BrouObserver, state: BrouState, player: int) -> None:
        d = obs.dict
        deal = state.deal
        for row, seat in enumerate(obs.seen_seats(player)):
            set_cards(d["hands"][row], self.hand(state, seat))
            if deal is not None:
                set_cards(d["discards"][row], deal.discards[seat])
                set_cards(d["drawn"][row], drawn(deal, seat))
            if obs.recall:
                set_cards(d["dealt"][row], state.received[seat])
        if not obs.public or deal is None:
            return
        d["phase"][HOMBRE_PHASES.index(deal.phase)] = 1
        for i, (seat, name) in enumerate(deal.said[:self.max_bids]):
            d["auction"][i, seat, len(self.bid_names) if name is None else self.bid_names.index(name)] = 1
        if deal.hombre is not None:
            d["hombre"][deal.hombre] = 1
        if deal.contract is not None:
            d["contract"][self.contracts.index(deal.contract.name)] = 1
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
        if self.talon_shown and talon_rest_shown(deal):
            set_cards(d["talon_rest"], sum(1 << c for c in deal.stock))
        set_tricks(obs, deal)
        set_winners(obs, deal)
        d["vole"][0] = deal.vole is not None
        ends = endings(deal.rules)
        if deal.ended in ends:
            d["ended"][ends.index(deal.ended)] = 1
        if not deal.is_over:
            d["to_act"][deal.to_act] = 1

    def public_lines(self, state: BrouState, recall: bool) -> list[str]:
        """What every player sees of a dealt deal: the phase and who acts, the auction, the
        hombre, the contract and trump, the card turned and the matadors shown, the discard
        counts, the open hand, the talon's rest (talon_rest=shown), the tricks, the vole, the
        points."""
        rules = self.rules
        deal = state.deal
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
        if self.talon_shown and talon_rest_shown(deal):
            lines.append(f"talon rest {cards_line(rules, sum(1 << c for c in deal.stock))}")
        return [*lines, *tricks_lines(rules, deal, recall), f"vole {deal.vole or '-'}",
                "points " + " ".join(str(m) for m in balances(deal.ledger, rules.n_players))]

    def hidden_lines(self, deal: Any) -> list[str]:
        rules = self.rules
        return ["discards " + " ".join(f"{s}:{''.join(rules.cards_text(m)) or '-'}" for s, m in enumerate(deal.discards))]

    def seen(self, state: BrouState, player: int) -> int:
        """His own cards as dealt, what he discarded and drew, the card turned, the matadors
        shown, every card played, the hombre's hand in open nolo and, under talon_rest=shown,
        the talon's rest after the exchanges."""
        seen: int = state.received[player]
        deal = state.deal
        if deal is None:
            return seen
        seen |= deal.discards[player] | deal.hands[player]
        for e in deal.events:  # a card may show twice (the turned card is the hombre's first drawn): or, not sum
            if e.kind in ("turn", "show") or e.seat == player:
                seen |= 1 << e.card
        seen |= played(deal)
        if open_hand(deal) is not None and deal.hombre is not None:
            seen |= state.received[deal.hombre]  # open nolo has no exchange: his hand is his hand as dealt
        if self.talon_shown and talon_rest_shown(deal):
            seen |= sum(1 << c for c in deal.stock)
        return seen


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

"""The draw for the first dealer of a session, in every game (clauses `*.match.first-dealer`;
docs/shuffle.md, "The first dealer").

By lot (Brouc), by the lowest or the highest card drawn (1802, Brusquembille, L'Homme
d'Auvergne), a tie drawn again as the reading says, or by the seats drawn with a king, a queen
and a jack (L'Hombre).  The rules of the draw are the ruleset's `first_dealer`, in its `match`
section (1802, Brouc) or its `session` section (the others).  `draw_outcome` reads a draw made
at the table, `draw_first_dealer` makes the draw a seed gives: a session draws from its draw
seed (`draw_seed`, the complement of the session's seed), so the draw takes nothing from the
deals' stream.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards.deal import shuffled_pack
from ..cards.shuffle import MASK64, splitmix64
from ..errors import BrouError
from ..spec.clauses import implements_clauses
from ..spec.rules import Rules


class DrawError(BrouError):
    """A draw for the first dealer that cannot be read (cards missing, repeated, a draw not over)."""


def _draw_spec(rules: Rules) -> dict[str, Any]:
    """How the first dealer is chosen: `match.first_dealer`, or `session.first_dealer` for a
    game on the phase engine."""
    section = rules.data.get("match") or rules.data.get("session") or {}
    spec: dict[str, Any] = section.get("first_dealer") or {"draw": "lot"}
    return spec


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


implements_clauses(draw_outcome, "hdb.match.first-dealer", "brus.match.first-dealer", "auv.match.first-dealer")


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


implements_clauses(seats_drawn, "hom.match.first-dealer")


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


def first_dealer_by_lot(rules: Rules, lot: int) -> int:
    """Clause brouc.match.first-dealer: the player a lot names, the lot being a 64-bit word
    drawn uniformly: the word modulo the number of players (4 divides 2**64, so each player
    is exactly as likely)."""
    return lot % rules.n_players


implements_clauses(first_dealer_by_lot, "brouc.match.first-dealer")


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


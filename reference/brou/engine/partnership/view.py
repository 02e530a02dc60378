"""What one player may see of a deal at this moment: the `view` observable.

`view(state, seat)` gives, as plain JSON-ready data, everything the information rules
(clauses `hdb.info.*`, and the turn-up clauses `hdb.deal.turnup-exposed` /
`brouc.deal.turnup-in-hand`) let the player at deal seat `seat` see now, and nothing
else; a field that he may not see at this moment is `null`.  Players and teams are
numbered as the deal's seats (seat 0 leads, the dealer is `rules.dealer`, teams as in
`rules.teams`); `offset` renumbers them for a table whose players keep their numbers
whoever deals (conformance/PROTOCOL.md: player = (seat + offset) % n, team = (team +
offset) % 2), as the protocol's `Table` does.

The fields (PROTOCOL.md, "The view", defines them for implementers):

- `player`: the player whose view this is;
- `phase`: `play`, `window` (announcements after a trick), `round` (Brouc, the dehors
  question before the first card), `concede`, `respond`, `mark` (table_marking=players: the
  trick's winner marks its table marriages) or `over`; `to_act`: the player
  to act, `null` once the deal is over (both public: everyone sees whose turn it is);
- `trump`: the trump suit; `turnup`: the turned card while it lies face up, else `null`;
- `hand`: his own cards (the turned card too, while it is his); `held`: how many cards
  each player holds;
- `trick`: the trick in progress, `[{"player", "card"}]` in the order played;
- `tricks`: the winner of each finished trick;
- `last_trick`: the last finished trick, `{"trick", "cards": [{"player", "card"}]}`,
  only while it is his turn to play, else `null`;
- `own_tricks`: every trick his team has won, in the same form, only while it is his
  turn to play, else `null`;
- `announcements`: `[{"player", "marriage", "points"}]`; `declared`: the team bound by a
  declaration (partie et vole, la cape et dehors) `{"team", "double"}`, else `null`;
- `table`: the table marriages, `[{"trick", "marriage", "team", "points"}]`;
- `scores`, `carried`: in a game, each team's written score before the deal and the
  marriages carried into it (Brouc, after a cape); `null` for a deal played alone;
  `outcome`: in a game, `null` until the deal ends, then `{"how", "winner", "marks",
  "scores"}` (as the protocol's `outcome`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...spec.clauses import implements
from ..homme import CONCEDE, DONE, MARK, PLAY, RESPOND, ROUND, WINDOW, HommeDeal, marriage_text

# every field of a view, in the order given (PROTOCOL.md, "The view")
FIELDS = ("player", "phase", "to_act", "trump", "turnup", "hand", "held", "trick", "tricks", "last_trick",
          "own_tricks", "announcements", "declared", "table", "scores", "carried", "outcome")
# the fields of the records a view holds (a card of a trick: "trick", also in the "cards" of a
# trick looked at); a field more is a leak (brou.conformance.compare)
RECORDS = {"trick": ("player", "card"), "last_trick": ("trick", "cards"), "own_tricks": ("trick", "cards"),
           "announcements": ("player", "marriage", "points"), "declared": ("team", "double"),
           "table": ("trick", "marriage", "team", "points"), "outcome": ("how", "winner", "marks", "scores")}
# the clause behind each field (brou.conformance.diagnose names it for a failure)
CLAUSE_OF = {"to_act": "hdb.play.next-lead", "trump": "hdb.deal.turnup", "turnup": "hdb.deal.turnup-exposed",
             "hand": "hdb.info.own-hand", "held": "hdb.info.own-hand", "trick": "hdb.info.trick-open",
             "tricks": "hdb.info.trick-piles", "last_trick": "hdb.info.last-trick", "own_tricks": "hdb.info.own-tricks",
             "announcements": "hdb.info.spoken", "declared": "hdb.info.spoken", "table": "hdb.info.table-marriage-shown",
             "scores": "hdb.info.scores-public", "carried": "hdb.info.scores-public", "outcome": "hdb.info.scores-public"}
PHASES = {PLAY: "play", WINDOW: "window", ROUND: "round", CONCEDE: "concede", RESPOND: "respond", MARK: "mark",
          DONE: "over"}


class _Seating:
    """Deal seats and deal teams renumbered as a table's players and teams."""

    __slots__ = ("n", "offset")

    def __init__(self, n: int, offset: int) -> None:
        self.n = n
        self.offset = offset

    def player(self, seat: int) -> int:
        return (seat + self.offset) % self.n

    def team(self, team: int) -> int:
        return (team + self.offset) % 2

    def teams(self, values: tuple[int, ...] | list[int]) -> list[int]:
        out = [0] * len(values)
        for t, value in enumerate(values):
            out[self.team(t)] = value
        return out


def view(state: HommeDeal, seat: int, offset: int = 0) -> dict[str, Any]:
    """What the player at deal seat `seat` may see of `state` now (the module's docstring)."""
    rules = state.rules
    if type(seat) is not int or not 0 <= seat < rules.n_players:
        raise ValueError(f"no seat {seat!r} at a table of {rules.n_players}")
    at = _Seating(rules.n_players, offset)
    hand, held = own_hand(state, seat, at)
    announcements, declared = spoken(state, at)
    scores, carried, outcome = written_scores(state, at)
    return {
        "player": at.player(seat),
        "phase": PHASES[state.phase],
        "to_act": None if state.is_over else at.player(state.to_act),
        "trump": rules.suits[state.trump],
        "turnup": rules.card_text(state.turnup) if state.turnup_on_show() else None,
        "hand": hand,
        "held": held,
        "trick": trick_in_progress(state, at),
        "tricks": trick_piles(state, at),
        "last_trick": last_trick(state, seat, at),
        "own_tricks": own_tricks(state, seat, at),
        "announcements": announcements,
        "declared": declared,
        "table": table_marriages_shown(state, at),
        "scores": scores,
        "carried": carried,
        "outcome": outcome,
    }


def on_turn(state: HommeDeal, seat: int) -> bool:
    """Whether it is the seat's turn to play a card (the moment S1 3 allows looking back)."""
    return state.phase is PLAY and state.to_act == seat


@implements("hdb.info.own-hand")
def own_hand(state: HommeDeal, seat: int, at: _Seating) -> tuple[list[str], list[int]]:
    """hdb.info.own-hand: a player sees his own cards and no other's; how many each holds is plain."""
    held = [0] * state.rules.n_players
    for s, cards in enumerate(state.hands):
        held[at.player(s)] = cards.bit_count()
    return state.rules.cards_text(state.hands[seat]), held


def _cards(state: HommeDeal, leader: int, cards: Sequence[int], at: _Seating) -> list[dict[str, Any]]:
    n = state.rules.n_players
    return [{"player": at.player((leader + k) % n), "card": state.rules.card_text(c)} for k, c in enumerate(cards)]


@implements("hdb.info.trick-open")
def trick_in_progress(state: HommeDeal, at: _Seating) -> list[dict[str, Any]]:
    """hdb.info.trick-open: the cards of the trick being played lie face up, each before its player."""
    return _cards(state, state.leader, state.trick, at)


@implements("hdb.info.trick-piles")
def trick_piles(state: HommeDeal, at: _Seating) -> list[int]:
    """hdb.info.trick-piles: finished tricks go face down to their team's pile, one crosswise on
    another; who won each is public, their cards are not."""
    return [at.player(winner) for _, _, winner in state.tricks]


@implements("hdb.info.last-trick")
def last_trick(state: HommeDeal, seat: int, at: _Seating) -> dict[str, Any] | None:
    """hdb.info.last-trick: on his turn to play, any player may look at the last finished trick."""
    if not state.tricks or not on_turn(state, seat):
        return None
    leader, cards, _ = state.tricks[-1]
    return {"trick": len(state.tricks), "cards": _cards(state, leader, cards, at)}


@implements("hdb.info.own-tricks")
def own_tricks(state: HommeDeal, seat: int, at: _Seating) -> list[dict[str, Any]] | None:
    """hdb.info.own-tricks: on his turn to play, a player may look through his own team's tricks
    (never the other team's)."""
    if not on_turn(state, seat):
        return None
    team_of = state.rules.team_of
    return [{"trick": i + 1, "cards": _cards(state, leader, cards, at)}
            for i, (leader, cards, winner) in enumerate(state.tricks) if team_of[winner] == team_of[seat]]


@implements("hdb.info.spoken")
def spoken(state: HommeDeal, at: _Seating) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """hdb.info.spoken: announcements and declarations are said aloud, so every player knows them."""
    rules = state.rules
    announcements = [{"player": at.player(s), "marriage": marriage_text(rules, suit, kind), "points": points}
                     for s, suit, kind, _, points, _ in state.announcements]
    declared = None
    if state.declared is not None:
        declared = {"team": at.team(state.declared[0]), "double": state.declared[1]}
    return announcements, declared


@implements("hdb.info.table-marriage-shown")
def table_marriages_shown(state: HommeDeal, at: _Seating) -> list[dict[str, Any]]:
    """hdb.info.table-marriage-shown: a trick holding a marriage keeps its lowest card face up on
    the pile, so every player knows the marriage, its trick and who took it."""
    rules = state.rules
    return [{"trick": index + 1, "marriage": marriage_text(rules, suit, kind), "team": at.team(team), "points": points}
            for index, suit, kind, team, points in state.table]


@implements("hdb.info.scores-public")
def written_scores(state: HommeDeal, at: _Seating) -> tuple[list[int] | None, list[int] | None, dict[str, Any] | None]:
    """hdb.info.scores-public: the score sheet (marque, slate) is open to all, and so is how a
    deal ends: the scores before the deal, the marriages carried in, the outcome once over."""
    context = state.context
    if context is None:
        return None, None, None
    carried = at.teams(context.carried) if context.carried else [0, 0]
    outcome = None
    if state.outcome is not None:
        o = state.outcome
        outcome = {"how": o.how, "winner": None if o.winner is None else at.team(o.winner),
                   "marks": at.teams(o.marks), "scores": at.teams(o.scores)}
    return at.teams(context.scores), carried, outcome

"""What one player may see of a deal at this moment, in every game: the `view` observable.

`view(deal, seat, offset)` gives, as plain JSON-ready data, what the information clauses
(`hdb.info.*`, `brus.info.*`, `auv.info.*`, `hom.info.*`) let the player at deal seat `seat`
see now, and nothing else; a field he may not see at this moment is `null`.  Players are
numbered as a table numbers them: player = (seat + offset) % n, team = (team + offset) % 2
(conformance/PROTOCOL.md); `offset` may instead be the table's `Seating` (L'Hombre with four at
the table, where the player who sits the deal out, `seat` None, sees what is public).

Each field is one function of (deal, look) implementing its clause; which fields a game shows,
in their order, is the table `VIEWS`, one entry per kind of deal (`brou.engine.deals.deal_kind`): the partnership
games (1802, Brouc), a game with a talon (Brusquembille), with a speech (L'Homme d'Auvergne),
with an auction (L'Hombre).  PROTOCOL.md ("The view" and each game's part) defines every field
for implementers; each `Field` also names the clause a difference in it is laid on
(`clause_of`, for brou.conformance.diagnosis.diagnose) and the keys of the records it holds (`fields`, for
brou.conformance.judging.compare: a key more is a leak).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from ..cards.seating import Seating
from ..laws.ledger import balances
from ..laws.speech import WORDS
from ..spec.clauses import implements
from ..spec.rules import Rules
from .deals import deal_kind
from .hombre import HombreDeal
from .homme import HommeDeal, marriage_text
from .phases import PLAY, PhaseDeal


class Look(NamedTuple):
    """Who looks: his deal seat (None: he sits the deal out), his player number, the table's seating."""

    seat: int | None
    player: int
    at: Seating


class Field(NamedTuple):
    """A field of a view: its name, the function giving it, the clause a difference in it is
    laid on (None: none), the keys of the records it holds."""

    name: str
    show: Callable[[Any, Look], Any]
    clause: str | None = None
    record: tuple[str, ...] = ()


def _team(at: Seating, team: int) -> int:
    """A deal team as the table numbers it (two teams)."""
    return (team + at.offset) % 2


def _teams(at: Seating, values: Sequence[int]) -> list[int]:
    """Values by deal team, by table team."""
    out = [0] * len(values)
    for t, value in enumerate(values):
        out[_team(at, t)] = value
    return out


def _by_player(at: Seating, values: Sequence[int]) -> list[int]:
    """Values by deal seat, by table player (0 for a player who sits the deal out)."""
    n = len(values)
    if not at.table or at.table == n:  # every player seated: the seats turned by the offset
        k = at.offset % n
        return [*values[n - k:], *values[:n - k]]
    out = [0] * at.at_table
    for s, value in enumerate(values):
        out[at.player(s)] = value
    return out


def _cards(deal: PhaseDeal, leader: int, cards: Sequence[int], at: Seating) -> list[dict[str, Any]]:
    """Cards played from `leader` on, each with its player."""
    n, text = deal.rules.n_players, deal.rules.card_text
    return [{"player": at.player((leader + k) % n), "card": text(c)} for k, c in enumerate(cards)]


# -- the fields every game shows --------------------------------------------------------------

def player(deal: PhaseDeal, look: Look) -> int:
    """The player whose view it is."""
    return look.player


def phase(deal: PhaseDeal, look: Look) -> str:
    """The phase of the deal, public: everyone sees what the player to act is asked; `over` once done."""
    return "over" if deal.is_over else deal.phase


def to_act(deal: PhaseDeal, look: Look) -> int | None:
    """The player to act, public; None once the deal is over."""
    return None if deal.is_over else look.at.player(deal.to_act)


def trump(deal: PhaseDeal, look: Look) -> str | None:
    """The trump suit; None while there is none (before a card is turned, a contract without trump)."""
    return None if deal.trump is None else deal.rules.suits[deal.trump]


@implements("hdb.info.own-hand", "brus.info.own-hand", "auv.info.own-hand", "hom.info.own-hand")
def hand(deal: PhaseDeal, look: Look) -> list[str]:
    """A player sees his own cards and no other's (every card he drew is his to see); the
    player who sits the deal out holds none."""
    return [] if look.seat is None else deal.rules.cards_text(deal.hands[look.seat])


def held(deal: PhaseDeal, look: Look) -> list[int]:
    """How many cards each player holds is plain (hdb.info.own-hand and its kin)."""
    return _by_player(look.at, [cards.bit_count() for cards in deal.hands])


def talon(deal: PhaseDeal, look: Look) -> int:
    """How many cards the talon keeps face down (brus.info.own-hand and its kin)."""
    return len(deal.stock)


@implements("hdb.info.trick-open", "brus.info.trick-open")
def trick(deal: PhaseDeal, look: Look) -> list[dict[str, Any]]:
    """The cards of the trick being played lie face up, each before its player."""
    return _cards(deal, deal.leader, deal.trick, look.at)


@implements("hdb.info.trick-piles")
def tricks(deal: PhaseDeal, look: Look) -> list[int]:
    """Finished tricks go face down to their winner's pile (in 1802 one crosswise on another):
    who won each is public, their cards are not."""
    return [look.at.player(winner) for _, _, winner in deal.tricks]


def net(deal: PhaseDeal, look: Look) -> list[int]:
    """Each player's net jetons, marks or points so far: paid and written in the open."""
    return _by_player(look.at, balances(deal.ledger, deal.rules.n_players))


# -- 1802 and Brouc ---------------------------------------------------------------------------

def on_turn(deal: HommeDeal, seat: int) -> bool:
    """Whether it is the seat's turn to play a card (the moment S1 3 allows looking back)."""
    return deal.phase == PLAY and deal.to_act == seat


def turnup(deal: HommeDeal, look: Look) -> str | None:
    """The turned card while it lies face up (hdb.deal.turnup-exposed; Brouc's stays in the
    dealer's hand, brouc.deal.turnup-in-hand), else None."""
    return deal.rules.card_text(deal.turnup) if deal.turnup_on_show() else None


@implements("hdb.info.last-trick")
def last_trick(deal: HommeDeal, look: Look) -> dict[str, Any] | None:
    """On his turn to play, any player may look at the last finished trick."""
    if not deal.tricks or look.seat is None or not on_turn(deal, look.seat):
        return None
    leader, cards, _ = deal.tricks[-1]
    return {"trick": len(deal.tricks), "cards": _cards(deal, leader, cards, look.at)}


@implements("hdb.info.own-tricks")
def own_tricks(deal: HommeDeal, look: Look) -> list[dict[str, Any]] | None:
    """On his turn to play, a player may look through his own team's tricks (never the other team's)."""
    if look.seat is None or not on_turn(deal, look.seat):
        return None
    team_of = deal.rules.team_of
    return [{"trick": i + 1, "cards": _cards(deal, leader, cards, look.at)}
            for i, (leader, cards, winner) in enumerate(deal.tricks) if team_of[winner] == team_of[look.seat]]


@implements("hdb.info.spoken")
def announcements(deal: HommeDeal, look: Look) -> list[dict[str, Any]]:
    """Announcements and declarations are said aloud, so every player knows them: the marriages announced."""
    rules = deal.rules
    return [{"player": look.at.player(s), "marriage": marriage_text(rules, suit, k), "points": points}
            for s, suit, k, _, points, _ in deal.announcements]


def declared(deal: HommeDeal, look: Look) -> dict[str, Any] | None:
    """The team bound by a declaration, said aloud (hdb.info.spoken), else None."""
    if deal.declared is None:
        return None
    return {"team": _team(look.at, deal.declared[0]), "double": deal.declared[1]}


@implements("hdb.info.table-marriage-shown")
def table(deal: HommeDeal, look: Look) -> list[dict[str, Any]]:
    """A trick holding a marriage keeps its lowest card face up on the pile, so every player
    knows the marriage, its trick and who took it."""
    rules = deal.rules
    return [{"trick": index + 1, "marriage": marriage_text(rules, suit, k), "team": _team(look.at, team),
             "points": points} for index, suit, k, team, points in deal.table]


@implements("hdb.info.scores-public")
def scores(deal: HommeDeal, look: Look) -> list[int] | None:
    """The score sheet (marque, slate) is open to all, and so is how a deal ends: in a game,
    each team's score before the deal; None for a deal alone."""
    return None if deal.context is None else _teams(look.at, deal.context.scores)


def carried(deal: HommeDeal, look: Look) -> list[int] | None:
    """In a game, the marriages each team carries in (Brouc, after a cape), public (hdb.info.scores-public)."""
    context = deal.context
    if context is None:
        return None
    return _teams(look.at, context.carried) if context.carried else [0, 0]


def outcome(deal: HommeDeal, look: Look) -> dict[str, Any] | None:
    """In a game, how the deal ended once over, public (hdb.info.scores-public); else None."""
    o = deal.outcome
    if deal.context is None or o is None:
        return None
    return {"how": o.how, "winner": None if o.winner is None else _team(look.at, o.winner),
            "marks": _teams(look.at, o.marks), "scores": _teams(look.at, o.scores)}


# -- Brusquembille ----------------------------------------------------------------------------

@implements("brus.info.turned")
def turned_card(deal: PhaseDeal, look: Look) -> str:
    """The turned card, public the whole deal (every other drawn card is seen by its drawer only)."""
    return deal.rules.card_text(deal.deal.turnup)


def turnup_drawn_by(deal: PhaseDeal, look: Look) -> int | None:
    """The player who drew the turned card (brus.info.turned), None while it lies under the talon."""
    return next((look.at.player(e.seat) for e in deal.events if e.kind == "draw" and e.card == deal.deal.turnup), None)


@implements("brus.info.partners")
def partner_hand(deal: PhaseDeal, look: Look) -> list[str] | None:
    """Partners who may show each other their hands (Brusquembille in two pairs) see them; else None."""
    rules = deal.rules
    if look.seat is None or not rules.partners_see_hands:
        return None
    partners = [s for s in rules.teams[rules.team_of[look.seat]] if s != look.seat]
    return rules.cards_text(deal.hands[partners[0]]) if partners else None


# -- L'Homme d'Auvergne -----------------------------------------------------------------------

@implements("auv.info.turned")
def turned(deal: PhaseDeal, look: Look) -> list[dict[str, Any]]:
    """The cards turned in the speech are public, each with who turned it (so are the words and the kings shown)."""
    return [{"player": look.at.player(s), "card": deal.rules.card_text(c)} for s, c in deal.turned]


def words(deal: PhaseDeal, look: Look) -> list[dict[str, Any]]:
    """The words said in the speech, aloud (auv.info.turned)."""
    return [{"player": look.at.player(s), "word": WORDS[w]} for s, w in deal.words]


def shown(deal: PhaseDeal, look: Look) -> list[dict[str, Any]]:
    """The kings shown in the speech (L'Hombre: the matadors shown for a grand tourné), public."""
    text = deal.rules.card_text
    return [{"player": look.at.player(e.seat), "card": text(e.card)} for e in deal.events if e.kind == "show"]


def homme(deal: PhaseDeal, look: Look) -> int | None:
    """The homme once the speech has one, public; else None."""
    return None if deal.homme is None else look.at.player(deal.homme)


# -- L'Hombre ---------------------------------------------------------------------------------

@implements("hom.info.public")
def auction(deal: HombreDeal, look: Look) -> list[dict[str, Any]]:
    """The bids are said aloud (so are the hombre, the contract and trump, how many cards each
    exchanged, the card a tourné turns and the matadors shown)."""
    return [{"player": look.at.player(s), "bid": "pass" if bid is None else bid} for s, bid in deal.said]


def hombre(deal: HombreDeal, look: Look) -> int | None:
    """The hombre once the auction has one, public; else None."""
    return None if deal.hombre is None else look.at.player(deal.hombre)


def contract(deal: HombreDeal, look: Look) -> str | None:
    """The contract once named, public; else None."""
    return None if deal.contract is None else deal.contract.name


def exchange(deal: HombreDeal, look: Look) -> list[dict[str, Any]]:
    """How many cards each player exchanged, public."""
    return [{"player": look.at.player(s), "discarded": k} for s, k in deal.exchanges]


def tourne_card(deal: HombreDeal, look: Look) -> str | None:
    """The card a tourné turns, public; else None."""
    return next((deal.rules.card_text(e.card) for e in deal.events if e.kind == "turn"), None)


@implements("hom.contract.nolo-ouvert")
def open_hand(deal: HombreDeal, look: Look | None = None) -> list[str] | None:
    """In open nolo, the hombre's hand, laid face up for all from the first card of play (or,
    under open_hand=after-the-first-trick, from the end of the first trick) to the end; None in
    any other contract, and before (`HombreDeal.hand_laid_open`)."""
    if not deal.hand_laid_open() or deal.hombre is None:
        return None
    return deal.rules.cards_text(deal.hands[deal.hombre])


def discards(deal: HombreDeal, look: Look) -> list[str]:
    """A player sees his own discards (hom.info.own-hand)."""
    return [] if look.seat is None else deal.rules.cards_text(deal.discards[look.seat])


def talon_rest(deal: HombreDeal, look: Look) -> list[str] | None:
    """The talon's last cards once the exchanges are over, under talon_rest `shown`; else None."""
    rules = deal.rules
    if deal.phase not in ("play", "done") or rules.data["exchange"]["talon_rest"] != "shown":
        return None
    return rules.cards_text(sum(1 << c for c in deal.stock))


# -- which fields each game shows -------------------------------------------------------------

CARD: tuple[str, ...] = ("player", "card")
VIEWS: dict[str, tuple[Field, ...]] = {
    "partnership": (
        Field("player", player), Field("phase", phase), Field("to_act", to_act, "hdb.play.next-lead"),
        Field("trump", trump, "hdb.deal.turnup"), Field("turnup", turnup, "hdb.deal.turnup-exposed"),
        Field("hand", hand, "hdb.info.own-hand"), Field("held", held, "hdb.info.own-hand"),
        Field("trick", trick, "hdb.info.trick-open", CARD), Field("tricks", tricks, "hdb.info.trick-piles"),
        Field("last_trick", last_trick, "hdb.info.last-trick", ("trick", "cards")),
        Field("own_tricks", own_tricks, "hdb.info.own-tricks", ("trick", "cards")),
        Field("announcements", announcements, "hdb.info.spoken", ("player", "marriage", "points")),
        Field("declared", declared, "hdb.info.spoken", ("team", "double")),
        Field("table", table, "hdb.info.table-marriage-shown", ("trick", "marriage", "team", "points")),
        Field("scores", scores, "hdb.info.scores-public"), Field("carried", carried, "hdb.info.scores-public"),
        Field("outcome", outcome, "hdb.info.scores-public", ("how", "winner", "marks", "scores"))),
    "talon": (
        Field("player", player), Field("phase", phase), Field("to_act", to_act, "brus.play.next-lead"),
        Field("trump", trump, "brus.deal.turned"), Field("turnup", turned_card, "brus.info.turned"),
        Field("turnup_drawn_by", turnup_drawn_by, "brus.info.turned"), Field("hand", hand, "brus.info.own-hand"),
        Field("held", held, "brus.info.own-hand"), Field("talon", talon, "brus.info.own-hand"),
        Field("partner_hand", partner_hand, "brus.info.partners"), Field("trick", trick, "brus.info.trick-open", CARD),
        Field("tricks", tricks, "brus.info.trick-open"), Field("jetons", net, "brus.pay.brusquembille")),
    # a field with no clause: a difference in it is laid on none by the view (these named
    # Brusquembille's clauses, which L'Homme d'Auvergne and L'Hombre neither have nor replace);
    # the hand, the cards held and the talon are each game's own-hand, as in the games above
    "speech": (
        Field("player", player), Field("phase", phase), Field("to_act", to_act), Field("trump", trump),
        Field("hand", hand, "auv.info.own-hand"), Field("held", held, "auv.info.own-hand"),
        Field("talon", talon, "auv.info.own-hand"),
        Field("turned", turned, "auv.info.turned", CARD),
        Field("words", words, "auv.info.turned", ("player", "word")), Field("shown", shown, "auv.info.turned", CARD),
        Field("homme", homme, "auv.speech.round"), Field("trick", trick, None, CARD), Field("tricks", tricks),
        Field("marks", net, "auv.king.held")),
    "auction": (
        Field("player", player), Field("phase", phase), Field("to_act", to_act), Field("trump", trump),
        Field("hand", hand, "hom.info.own-hand"), Field("held", held, "hom.info.own-hand"),
        Field("talon", talon, "hom.info.own-hand"), Field("auction", auction, "hom.info.public", ("player", "bid")),
        Field("hombre", hombre, "hom.info.public"), Field("contract", contract, "hom.info.public"),
        Field("exchange", exchange, "hom.info.public", ("player", "discarded")),
        Field("turned", tourne_card, "hom.info.public"), Field("shown", shown, "hom.info.public", CARD),
        Field("open_hand", open_hand, "hom.contract.nolo-ouvert"),
        Field("discards", discards, "hom.info.own-hand"), Field("talon_rest", talon_rest, "hom.info.own-hand"),
        Field("trick", trick, None, CARD), Field("tricks", tricks), Field("points", net, "hom.count.score")),
}


def kind_fields(name: str) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The fields of a view of this kind, and the keys of the records they hold."""
    shown_ = VIEWS[name]
    return tuple(f.name for f in shown_), {f.name: f.record for f in shown_ if f.record}


def fields(rules: Rules) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The fields of a view of this ruleset, and the keys of the records they hold."""
    return kind_fields(deal_kind(rules))


def clause_of(rules: Rules, name: str) -> str | None:
    """The clause a difference in field `name` of this ruleset's view is laid on (None: none)."""
    return next((f.clause for f in VIEWS[deal_kind(rules)] if f.name == name), None)


_kind = lru_cache(maxsize=64)(deal_kind)  # by ruleset (Rules hash by identity), read by every view


@lru_cache(maxsize=256)
def _seating(n: int, offset: int, sides: tuple[tuple[int, ...], ...]) -> Seating:
    return Seating(n, offset, sides)


def view_clauses() -> set[str]:
    """Every clause a difference in a view's field is laid on, in any game."""
    return {f.clause for shown_ in VIEWS.values() for f in shown_ if f.clause is not None}


def view(deal: PhaseDeal, seat: int | None, offset: int | Seating = 0, player: int | None = None) -> dict[str, Any]:
    """What the player at deal seat `seat` may see of `deal` now (the module's docstring): each
    field of the deal's kind, in order.  `offset` numbers the players, or is the table's
    seating; `player` is the number of a player who sits the deal out (`seat` None)."""
    rules = deal.rules
    if seat is not None and (type(seat) is not int or not 0 <= seat < rules.n_players):
        raise ValueError(f"no seat {seat!r} at a table of {rules.n_players}")
    at = offset if isinstance(offset, Seating) else _seating(rules.n_players, offset, rules.teams)
    if seat is not None:
        player = at.player(seat)
    elif player is None:
        raise ValueError("a player who sits the deal out is named by his player number")
    look = Look(seat, player, at)
    return {name: show(deal, look) for name, show, _, _ in VIEWS[_kind(rules)]}

"""What one player may see of a deal on the phase engine (Brusquembille, L'Homme d'Auvergne): its
`view`.

`view(deal, seat, offset)` gives what the information clauses (brus.info.*) let the player
at deal seat `seat` see now, and nothing else; a field he may not see is `null`.  Players are
numbered as a table numbers them: player = (seat + offset) % n (conformance/PROTOCOL.md).

The fields (PROTOCOL.md, "The view" defines them for implementers):

- `player`; `phase` (`play` or `over`); `to_act` (`null` once over);
- `trump`; `turnup`: the turned card, public the whole deal; `turnup_drawn_by`: the player
  who drew it, `null` while it lies under the talon;
- `hand`: his own cards; `held`: how many cards each player holds; `talon`: how many cards
  are left to draw, the turned one included;
- `partner_hand`: his partner's cards when partners see each other's hands (Brusquembille in
  two pairs), else `null`;
- `trick`: the trick in progress, `[{"player", "card"}]`; `tricks`: the winner of each
  finished trick;
- `jetons`: each player's net jetons so far (payments are made in the open).

A game with a speech before play (L'Homme d'Auvergne, clauses auv.info.*) has its own fields
(`SPEECH_FIELDS`): `player`, `phase` (`turn-offer`, `speech`, `showing`, `play` or `over`),
`to_act`, `trump` (`null` before a card is turned), `hand`, `held`, `talon` (cards left face
down), `turned` (`[{"player", "card"}]`), `words` (`[{"player", "word"}]`), `shown` (the kings
shown, `[{"player", "card"}]`), `homme`, `trick`, `tricks`, `marks` (each player's net marks
of the deal so far).
"""

from __future__ import annotations

from typing import Any

from ..cards.seating import Seating
from ..laws.contracts import has_auction
from ..laws.ledger import balances
from ..laws.speech import WORDS, has_speech
from ..spec.clauses import implements
from ..spec.rules import Rules
from .hombre import HombreDeal
from .phases import PhaseDeal

FIELDS: tuple[str, ...] = ("player", "phase", "to_act", "trump", "turnup", "turnup_drawn_by", "hand", "held", "talon",
                           "partner_hand", "trick", "tricks", "jetons")
RECORDS: dict[str, tuple[str, ...]] = {"trick": ("player", "card")}
SPEECH_FIELDS: tuple[str, ...] = ("player", "phase", "to_act", "trump", "hand", "held", "talon", "turned", "words",
                                  "shown", "homme", "trick", "tricks", "marks")
SPEECH_RECORDS: dict[str, tuple[str, ...]] = {"trick": ("player", "card"), "turned": ("player", "card"),
                                              "words": ("player", "word"), "shown": ("player", "card")}
CLAUSE_OF = {"to_act": "brus.play.next-lead", "trump": "brus.deal.turned", "turnup": "brus.info.turned",
             "turnup_drawn_by": "brus.info.turned", "hand": "brus.info.own-hand", "held": "brus.info.own-hand",
             "talon": "brus.info.own-hand", "partner_hand": "brus.info.partners", "trick": "brus.info.trick-open",
             "tricks": "brus.info.trick-open", "jetons": "brus.pay.brusquembille",
             # L'Homme d'Auvergne
             "turned": "auv.info.turned", "words": "auv.info.turned", "shown": "auv.info.turned",
             "homme": "auv.speech.round", "marks": "auv.king.held",
             # L'Hombre
             "auction": "hom.info.public", "hombre": "hom.auction.order", "contract": "hom.info.public",
             "exchange": "hom.info.public", "open_hand": "hom.contract.nolo-ouvert", "discards": "hom.info.own-hand",
             "talon_rest": "hom.info.own-hand", "points": "hom.count.score"}


def fields(rules: Rules) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The fields of a view of this ruleset, and of the records it holds."""
    if has_auction(rules):
        return HOMBRE_FIELDS, HOMBRE_RECORDS
    return (SPEECH_FIELDS, SPEECH_RECORDS) if has_speech(rules) else (FIELDS, RECORDS)


@implements("brus.info.own-hand", "brus.info.trick-open", "brus.info.turned", "brus.info.partners")
def view(deal: PhaseDeal, seat: int, offset: int = 0) -> dict[str, Any]:
    """What the player at deal seat `seat` may see now: his hand and, in two pairs, his
    partner's; the number of cards each holds and the talon's; the trick on the table; who
    won each trick; the turned card and who drew it (every other drawn card is seen by its
    drawer only, so it is in his hand and nowhere else); the jetons paid."""
    rules = deal.rules
    n = rules.n_players
    player = (seat + offset) % n
    if has_speech(rules):
        return speech_view(deal, seat, offset)

    def who(s: int) -> int:
        return (s + offset) % n

    partners = [s for s in rules.teams[rules.team_of[seat]] if s != seat]
    drawn_by = next((who(e.seat) for e in deal.events if e.kind == "draw" and e.card == deal.deal.turnup), None)
    jetons = balances(deal.ledger, n)
    return {
        "player": player,
        "phase": "over" if deal.is_over else "play",
        "to_act": None if deal.is_over else who(deal.to_act),
        "trump": None if deal.trump is None else rules.suits[deal.trump],
        "turnup": rules.card_text(deal.deal.turnup),
        "turnup_drawn_by": drawn_by,
        "hand": rules.cards_text(deal.hands[seat]),
        "held": [deal.hands[(p - offset) % n].bit_count() for p in range(n)],
        "talon": len(deal.stock),
        "partner_hand": rules.cards_text(deal.hands[partners[0]]) if rules.partners_see_hands and partners else None,
        "trick": [{"player": who((deal.leader + i) % n), "card": rules.card_text(c)} for i, c in enumerate(deal.trick)],
        "tricks": [who(w) for _, _, w in deal.tricks],
        "jetons": [jetons[(p - offset) % n] for p in range(n)],
    }


@implements("auv.info.own-hand", "auv.info.turned")
def speech_view(deal: PhaseDeal, seat: int, offset: int = 0) -> dict[str, Any]:
    """What the player at deal seat `seat` may see of a deal with a speech: his own hand, how
    many cards each holds and the talon keeps face down; the cards turned, the words said, the
    kings shown and the homme, all public; the trick on the table, who won each trick, and the
    marks written so far."""
    rules = deal.rules
    n = rules.n_players

    def who(s: int) -> int:
        return (s + offset) % n

    marks = balances(deal.ledger, n)
    shown = [e for e in deal.events if e.kind == "show"]
    return {
        "player": who(seat),
        "phase": "over" if deal.is_over else deal.phase,
        "to_act": None if deal.is_over else who(deal.to_act),
        "trump": None if deal.trump is None else rules.suits[deal.trump],
        "hand": rules.cards_text(deal.hands[seat]),
        "held": [deal.hands[(p - offset) % n].bit_count() for p in range(n)],
        "talon": len(deal.stock),
        "turned": [{"player": who(s), "card": rules.card_text(c)} for s, c in deal.turned],
        "words": [{"player": who(s), "word": WORDS[w]} for s, w in deal.words],
        "shown": [{"player": who(e.seat), "card": rules.card_text(e.card)} for e in shown],
        "homme": None if deal.homme is None else who(deal.homme),
        "trick": [{"player": who((deal.leader + i) % n), "card": rules.card_text(c)} for i, c in enumerate(deal.trick)],
        "tricks": [who(w) for _, _, w in deal.tricks],
        "marks": [marks[(p - offset) % n] for p in range(n)],
    }


HOMBRE_FIELDS: tuple[str, ...] = ("player", "phase", "to_act", "trump", "hand", "held", "talon", "auction", "hombre",
                                  "contract", "exchange", "turned", "shown", "open_hand", "discards", "talon_rest",
                                  "trick", "tricks", "points")
HOMBRE_RECORDS: dict[str, tuple[str, ...]] = {"trick": ("player", "card"), "auction": ("player", "bid"),
                                              "exchange": ("player", "discarded"), "shown": ("player", "card")}


@implements("hom.contract.nolo-ouvert")
def open_hand(deal: HombreDeal) -> list[str] | None:
    """In open nolo, the hombre's hand, laid face up for all from the first card of play (or,
    under open_hand=after-the-first-trick, from the end of the first trick) to the end; None in
    any other contract, and before (`HombreDeal.hand_laid_open`)."""
    if not deal.hand_laid_open() or deal.hombre is None:
        return None
    return deal.rules.cards_text(deal.hands[deal.hombre])


@implements("hom.info.own-hand", "hom.info.public")
def hombre_view(deal: HombreDeal, seat: int | None, seating: Seating, player: int | None = None) -> dict[str, Any]:
    """What the player at deal seat `seat` may see of a deal of L'Hombre: his own hand and his
    own discards; how many cards each holds and the talon keeps; the bids, the hombre, the
    contract and trump, how many cards each exchanged, the card turned in a tourné, the
    matadors shown for a grand tourné and, in open nolo, the hombre's hand once the contract is
    settled; the talon's last cards once the exchanges are over if parameter talon_rest is
    `shown`; the trick on the table, who won each trick, and the points written so far.
    Players are numbered round the table (`seating`); with four at the table, the player who
    sits the deal out (`seat` None, `player` his number) sees what is public, and holds no card."""
    rules = deal.rules
    n = rules.n_players
    who = seating.player
    seats = {who(s): s for s in range(n)}
    table = seating.at_table
    points = balances(deal.ledger, n)
    row = deal.contract
    settled = deal.phase in ("play", "done")
    return {
        "player": who(seat) if seat is not None else player,
        "phase": "over" if deal.is_over else deal.phase,
        "to_act": None if deal.is_over else who(deal.to_act),
        "trump": None if deal.trump is None else rules.suits[deal.trump],
        "hand": rules.cards_text(deal.hands[seat]) if seat is not None else [],
        "held": [deal.hands[seats[p]].bit_count() if p in seats else 0 for p in range(table)],
        "talon": len(deal.stock),
        "auction": [{"player": who(s), "bid": "pass" if bid is None else bid} for s, bid in deal.said],
        "hombre": None if deal.hombre is None else who(deal.hombre),
        "contract": None if row is None else row.name,
        "exchange": [{"player": who(s), "discarded": k} for s, k in deal.exchanges],
        "turned": next((rules.card_text(e.card) for e in deal.events if e.kind == "turn"), None),
        "shown": [{"player": who(e.seat), "card": rules.card_text(e.card)} for e in deal.events if e.kind == "show"],
        "open_hand": open_hand(deal),
        "discards": rules.cards_text(deal.discards[seat]) if seat is not None else [],
        "talon_rest": (rules.cards_text(sum(1 << c for c in deal.stock))
                       if settled and rules.data["exchange"]["talon_rest"] == "shown" else None),
        "trick": [{"player": who((deal.leader + i) % n), "card": rules.card_text(c)} for i, c in enumerate(deal.trick)],
        "tricks": [who(w) for _, _, w in deal.tricks],
        "points": [points[seats[p]] if p in seats else 0 for p in range(table)],
    }

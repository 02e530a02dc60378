"""What one player may see of a deal on the phase engine (Brusquembille): its `view`.

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
"""

from __future__ import annotations

from typing import Any

from .clauses import implements
from .ledger import balances
from .phases import PhaseDeal

FIELDS: tuple[str, ...] = ("player", "phase", "to_act", "trump", "turnup", "turnup_drawn_by", "hand", "held", "talon",
                           "partner_hand", "trick", "tricks", "jetons")
RECORDS: dict[str, tuple[str, ...]] = {"trick": ("player", "card")}
CLAUSE_OF = {"to_act": "brus.play.next-lead", "trump": "brus.deal.turned", "turnup": "brus.info.turned",
             "turnup_drawn_by": "brus.info.turned", "hand": "brus.info.own-hand", "held": "brus.info.own-hand",
             "talon": "brus.info.own-hand", "partner_hand": "brus.info.partners", "trick": "brus.info.trick-open",
             "tricks": "brus.info.trick-open", "jetons": "brus.pay.brusquembille"}


@implements("brus.info.own-hand", "brus.info.trick-open", "brus.info.turned", "brus.info.partners")
def view(deal: PhaseDeal, seat: int, offset: int = 0) -> dict[str, Any]:
    """What the player at deal seat `seat` may see now: his hand and, in two pairs, his
    partner's; the number of cards each holds and the talon's; the trick on the table; who
    won each trick; the turned card and who drew it (every other drawn card is seen by its
    drawer only, so it is in his hand and nowhere else); the jetons paid."""
    rules = deal.rules
    n = rules.n_players
    player = (seat + offset) % n

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

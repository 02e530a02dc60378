"""The reference engine behind the protocol for rulesets on the phase engine (Brusquembille).

`PhaseTable` plays one scenario as `server.Table` does for the partnership games: players are
numbered 0 to n-1 in the order of play and keep their numbers; `setup.dealer` (default the
last player) deals and the player after him leads.  The deal is `hands` by player, `talon`
(the cards to be drawn, from the top, the turned card left out) and `turnup`, or a `seed`
(and a `cut`); or the dealer is drawn (`draw`).  Observables are those of PROTOCOL.md,
"Games with a talon": counts by player, draws as events, payments as ledger entries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards.seating import Seating
from ..engine.phases import PhaseDeal, action_text
from ..engine.session import next_offset, session_winners
from ..engine.view import view
from ..errors import BrouError
from ..laws.first_dealer import dealer_of_draw
from ..laws.ledger import BANK, POOL, account_balance, balances
from ..laws.talon import TalonDeal, talon_deal_from_cards, talon_deal_from_seed, turns_a_card
from ..spec.rules import Rules
from .seated import SeatedTable


class PhaseTable(SeatedTable):
    """One scenario's deal of a game on the phase engine, at a table of fixed players."""

    state: PhaseDeal
    unit = "jetons"  # what the ledger's entries move (a game with a speech: marks)

    def __init__(self, rules: Rules, setup: Mapping[str, Any]) -> None:
        n = rules.n_players
        self.rules = rules
        if "game" in setup or "match" in setup:
            raise BrouError(f"setup: {rules.id} has no game or match of the partnership games (no 'game', 'match')")
        if "draw" in setup:
            if "dealer" in setup:
                raise BrouError("setup: the dealer is given or drawn (draw), not both")
            dealer = dealer_of_draw(rules, setup["draw"])
        else:
            dealer = setup.get("dealer", n - 1)
            if type(dealer) is not int or not 0 <= dealer < n:
                raise BrouError(f"setup.dealer: no player {dealer!r} at a table of {n}")
        step = rules.data["session"]["next_dealer_step"]
        if step > 1 and dealer % step != rules.dealer % step:
            dealers = ", ".join(str(p) for p in range(n) if p % step == rules.dealer % step)
            raise BrouError(f"setup.dealer: in this form only the rightmost player of a pair deals ({dealers})")
        self.dealer = dealer
        self.seating = Seating(n, (dealer - rules.dealer) % n, rules.teams)
        deal = self._deal(setup)
        self.session = self._session(setup.get("session"))
        self.state = PhaseDeal(rules, deal, self._deal_marks())

    def _session(self, given: Any) -> dict[str, Any] | None:
        """setup.session: the session so far, before this deal (deals played, each player's net
        jetons and card points), or None for a deal played alone."""
        if given is None:
            return None
        n = self.rules.n_players
        deals = int(given.get("deals", 0))
        jetons = [int(j) for j in given.get("jetons", [0] * n)]
        totals = [int(t) for t in given.get("totals", [0] * n)]
        if len(jetons) != n or len(totals) != n:
            raise BrouError(f"setup.session: jetons and totals are by player, {n} of each")
        if session_winners(self.rules, self.seating.player_sides(), deals, jetons, totals):
            raise BrouError("setup.session: that session is already over")
        return {"deals": deals, "jetons": jetons, "totals": totals}

    def _deal_marks(self) -> list[int] | None:
        """The players' marks by deal seat, for a deal that ends when the game is won (a game to
        a number of marks: SpeechTable); None here."""
        return None

    def _deal(self, setup: Mapping[str, Any]) -> TalonDeal:
        """The deal of a setup or of a `deal` step: hands by player, the talon from its top and
        the turned card (a game that turns none: the whole talon, no turned card), or a seed
        (and a cut)."""
        rules, n = self.rules, self.rules.n_players
        if "seed" in setup:
            return talon_deal_from_seed(rules, int(setup["seed"]), setup.get("cut"))
        if "cut" in setup:
            raise BrouError("setup.cut: a cut needs a seed (hands given are already cut)")
        hands = setup["hands"]
        if "talon" not in setup:
            apart = " (the turned card apart)" if turns_a_card(rules) else ""
            raise BrouError(f"setup.talon: {rules.id} deals a talon; give its cards from the top{apart}")
        if len(hands) != n:
            raise BrouError(f"setup.hands: {len(hands)} hands given, the ruleset has {n} players")
        return talon_deal_from_cards(rules, [hands[self.player(s)] for s in range(n)], setup["talon"],
                                     setup.get("turnup"))

    def next_deal(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """A `deal` step: the next deal of the session, once this one is over and the session
        is not; the deal moves (`brou.engine.rounds.next_offset`, whether the last one was played or
        not) and what the session counts adds up (`_carried`)."""
        if self.session is None:
            raise BrouError("a 'deal' step needs a session (setup.session)")
        if not self.state.is_over:
            raise BrouError("a 'deal' step came while the deal was still being played")
        after = self._obs_session()
        if after["winners"] is not None:
            raise BrouError("a 'deal' step came after the session was over")
        self.session = {k: after[k] for k in self.session}
        rules = self.rules
        self.seating = Seating(rules.n_players, next_offset(rules, self.seating.offset), rules.teams)
        self.dealer = self.player(rules.dealer)
        self.state = PhaseDeal(rules, self._deal(given), self._deal_marks())
        return {"ok": True}

    text_of = staticmethod(action_text)

    def player(self, seat: int) -> int:
        return self.seating.player(seat)

    def seat(self, player: int) -> int:
        return self.seating.seat(player)

    # -- observations (PROTOCOL.md, "Games with a talon"; the shared ones: SeatedTable) --

    def _account(self, account: int) -> int | str:
        return "pool" if account == POOL else "bank" if account == BANK else self.player(account)

    def _obs_talon(self) -> int:
        return len(self.state.stock)

    def _obs_result(self) -> list[dict[str, int]]:
        by_seat = self.state.seat_results()
        return [{"tricks": r.tricks, "card_points": r.card_points, "jetons": r.jetons}
                for r in (by_seat[self.seat(p)] for p in range(self.rules.n_players))]

    def _obs_outcome(self) -> dict[str, Any] | None:
        state = self.state
        winners = state.winners()
        if winners is None:
            return None
        rules = self.rules
        points = state.side_points()
        shares = [0] * rules.n_players
        for entry in state.ledger:
            if entry.clause == "brus.count.winner" and entry.taker >= 0:
                shares[self.player(entry.taker)] += entry.jetons
        return {"how": "played-out",
                "winners": sorted(self.player(s) for side in winners for s in rules.teams[side]),
                "points": [points[rules.team_of[self.seat(p)]] for p in range(rules.n_players)],
                "shares": shares,
                "bank": account_balance(state.ledger, BANK)}

    def _obs_events(self) -> list[dict[str, Any]]:
        return [{"trick": e.trick, "player": self.player(e.seat), "draw": self.rules.card_text(e.card)}
                for e in self.state.events]

    def _obs_ledger(self) -> list[dict[str, Any]]:
        return [{"trick": e.trick, "from": self._account(e.giver), "to": self._account(e.taker), self.unit: e.jetons,
                 "card": None if e.card is None else self.rules.card_text(e.card), "clause": e.clause}
                for e in self.state.ledger]

    def _obs_deal(self) -> dict[str, Any]:
        deal, rules, n = self.state.deal, self.rules, self.rules.n_players
        return {"hands": [rules.cards_text(deal.hands[self.seat(p)]) for p in range(n)],
                "talon": [rules.card_text(c) for c in deal.stock[:-1]],
                "turnup": rules.card_text(deal.turnup)}

    def _obs_session(self) -> dict[str, Any]:
        """The session with this deal counted once it is over: deals played, each player's net
        jetons and card points (his side's), the winners or null, who deals next."""
        if self.session is None:
            raise BrouError("'session' is observed only in a scenario whose setup has a session")
        rules, n, state = self.rules, self.rules.n_players, self.state
        deals, jetons, totals = self.session["deals"], list(self.session["jetons"]), list(self.session["totals"])
        if state.is_over:
            deals += 1
            net, points = balances(state.ledger, n), state.side_points()
            for p in range(n):
                jetons[p] += net[self.seat(p)]
                totals[p] += points[rules.team_of[self.seat(p)]]
        winners = session_winners(rules, self.seating.player_sides(), deals, jetons, totals) if state.is_over else None
        following = Seating(n, next_offset(rules, self.seating.offset), rules.teams)
        return {"deals": deals, "jetons": jetons, "totals": totals, "winners": winners,
                "next_dealer": following.player(rules.dealer)}

    def _obs_view(self) -> list[dict[str, Any]]:
        n = self.rules.n_players
        return [view(self.state, self.seat(p), self.seating.offset) for p in range(n)]

"""The reference engine behind the protocol for a game with an auction: L'Hombre
(conformance/PROTOCOL.md, "Games with an auction").

`HombreTable` is `PhaseTable` with what this game does differently: no card is turned at the
deal (the setup gives `hands` and the whole `talon`); the bids, the contract and trump named,
the discards, `draw`, `surrender` and `stop` are actions; only the hombre scores, in points on
the score sheet; a session is a number of coups.  With four at the table (parameter form=four)
players are numbered 0 to 3 round the table, `hands` has four entries and the player opposite
the dealer, who sits the deal out, holds none (`[]`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards.seating import Seating
from ..engine.deals import new_deal
from ..engine.hombre import HombreDeal
from ..engine.session import deals_to_play, next_offset
from ..engine.view import view as hombre_view
from ..errors import BrouError
from ..laws.first_dealer import dealer_of_draw
from ..laws.ledger import SHEET, balances
from ..laws.talon import TalonDeal, talon_deal_from_cards, talon_deal_from_seed
from ..spec.rules import Rules
from .phase_table import PhaseTable


class HombreTable(PhaseTable):
    """One scenario's deal of L'Hombre, at a table of three (or four) fixed players."""

    state: HombreDeal
    unit = "points"

    def __init__(self, rules: Rules, setup: Mapping[str, Any]) -> None:
        table = rules.table_size
        self.rules = rules
        if "game" in setup or "match" in setup:
            raise BrouError(f"setup: {rules.id} has no game or match of the partnership games (no 'game', 'match')")
        if "draw" in setup:
            if "dealer" in setup:
                raise BrouError("setup: the dealer is given or drawn (draw), not both")
            dealer = dealer_of_draw(rules, setup["draw"])
        else:
            dealer = setup.get("dealer", table - 1)
            if type(dealer) is not int or not 0 <= dealer < table:
                raise BrouError(f"setup.dealer: no player {dealer!r} at a table of {table}")
        self.dealer = dealer
        self.seating = Seating(rules.n_players, (dealer - rules.dealer) % table, rules.teams, table)
        deal = self._deal(setup)
        self.session = self._session(setup.get("session"))
        self.state = self._new(deal)

    def _new(self, deal: TalonDeal) -> HombreDeal:
        state = new_deal(self.rules, deal)
        assert isinstance(state, HombreDeal)
        return state

    @property
    def at_table(self) -> int:
        return self.rules.table_size

    def seat_of_actor(self, player: Any) -> int | None:
        """With four at the table, the player sitting the deal out has no seat in it: an action
        given for him is refused with wrong-seat (PROTOCOL.md, "Games with an auction")."""
        if type(player) is not int or not 0 <= player < self.at_table or player in self.seating.sitting_out():
            return None
        return self.seat(player)

    def no_seat(self, player: Any) -> str:
        if type(player) is int and player in self.seating.sitting_out():
            return f"player {player} sits this deal out"
        return f"there is no player {player!r} at a table of {self.at_table}"

    def _session(self, given: Any) -> dict[str, Any] | None:
        """setup.session: the coups played before this deal and each player's points."""
        if given is None:
            return None
        n = self.at_table
        if "jetons" in given or "totals" in given or "marks" in given:
            raise BrouError(f"setup.session: {self.rules.id} keeps points by player ('deals', 'points')")
        deals = int(given.get("deals", 0))
        points = [int(p) for p in given.get("points", [0] * n)]
        if len(points) != n:
            raise BrouError(f"setup.session: points are by player, {n} of them")
        limit = deals_to_play(self.rules)
        if limit is not None and deals >= limit:
            raise BrouError(f"setup.session: a game is {limit} coups; {deals} are already played")
        return {"deals": deals, "points": points}

    def _deal(self, setup: Mapping[str, Any]) -> TalonDeal:
        """The deal of a setup or of a `deal` step: hands by player (with four at the table, the
        player sitting out holds `[]`) and the whole talon from its top, or a seed (and a cut)."""
        rules = self.rules
        if "seed" in setup:
            return talon_deal_from_seed(rules, int(setup["seed"]), setup.get("cut"))
        if "cut" in setup:
            raise BrouError("setup.cut: a cut needs a seed (hands given are already cut)")
        if "turnup" in setup:
            raise BrouError(f"setup.turnup: {rules.id} turns no card at the deal; give the hands and the whole talon")
        if "talon" not in setup:
            raise BrouError(f"setup.talon: {rules.id} deals a talon; give its cards from the top")
        hands = setup["hands"]
        if len(hands) != self.at_table:
            raise BrouError(f"setup.hands: {len(hands)} hands given, {self.at_table} sit at the table")
        for player in self.seating.sitting_out():
            if hands[player]:
                raise BrouError(f"setup.hands: player {player} sits this deal out and holds no card")
        return talon_deal_from_cards(rules, [hands[self.player(s)] for s in range(rules.n_players)], setup["talon"], None)

    def next_deal(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """A `deal` step: the next coup, once this one is over and the game is not."""
        if self.session is None:
            raise BrouError("a 'deal' step needs a session (setup.session)")
        if not self.state.is_over:
            raise BrouError("a 'deal' step came while the deal was still being played")
        after = self._obs_session()
        if after["winners"] is not None:
            raise BrouError("a 'deal' step came after the session was over")
        self.session = {"deals": after["deals"], "points": after["points"]}
        rules = self.rules
        self.seating = Seating(rules.n_players, next_offset(rules, self.seating.offset), rules.teams, self.at_table)
        self.dealer = self.player(rules.dealer)
        self.state = self._new(self._deal(given))
        return {"ok": True}

    # -- observations (PROTOCOL.md, "Games with an auction") -------------------------

    def _account(self, account: int) -> int | str:
        return "sheet" if account == SHEET else super()._account(account)

    def _by_player(self, by_seat: Sequence[Any], empty: Any = 0) -> list[Any]:
        seats = {self.player(s): s for s in range(self.rules.n_players)}
        return [by_seat[seats[p]] if p in seats else empty for p in range(self.at_table)]

    def _who(self, seat: int | None) -> int | None:
        return None if seat is None else self.player(seat)

    def _obs_auction(self) -> list[dict[str, Any]]:
        return [{"player": self.player(seat), "bid": "pass" if bid is None else bid} for seat, bid in self.state.said]

    def _obs_hombre(self) -> int | None:
        return self._who(self.state.hombre)

    def _obs_contract(self) -> dict[str, Any] | None:
        row = self.state.contract
        if row is None:
            return None
        trump = self.state.trump
        return {"name": row.name, "trump": None if trump is None else self.rules.suits[trump]}

    def _obs_exchange(self) -> list[dict[str, int]]:
        """Who exchanged how many cards, in order (a player who kept his hand: 0)."""
        return [{"player": self.player(seat), "discarded": count} for seat, count in self.state.exchanges]

    def _obs_result(self) -> list[dict[str, int]]:
        by_seat = self.state.seat_results()
        rows = [{"tricks": r.tricks, "points": r.jetons} for r in by_seat]
        return self._by_player(rows, {"tricks": 0, "points": 0})

    def _obs_outcome(self) -> dict[str, Any] | None:
        state = self.state
        if not state.is_over:
            return None
        return {"how": state.ended, "hombre": self._obs_hombre(),
                "contract": None if state.contract is None else state.contract.name,
                "result": state.outcome, "vole": state.vole,
                "points": self._by_player(balances(state.ledger, self.rules.n_players))}

    def _obs_events(self) -> list[dict[str, Any]]:
        return [{"trick": e.trick, "player": self.player(e.seat), e.kind: self.rules.card_text(e.card)}
                for e in self.state.events]

    def _obs_deal(self) -> dict[str, Any]:
        deal, rules = self.state.deal, self.rules
        return {"hands": self._by_player([rules.cards_text(h) for h in deal.hands], []),
                "talon": [rules.card_text(c) for c in deal.stock]}

    def _obs_session(self) -> dict[str, Any]:
        """The game so far with this coup counted once over: coups played, each player's
        points, the winners (the most points once the coups are played) or null, who deals next."""
        if self.session is None:
            raise BrouError("'session' is observed only in a scenario whose setup has a session")
        rules, state = self.rules, self.state
        deals, points = self.session["deals"], list(self.session["points"])
        if state.is_over:
            deals += 1
            for p, net in enumerate(self._by_player(balances(state.ledger, rules.n_players))):
                points[p] += net
        limit = deals_to_play(rules)
        winners = None
        if state.is_over and limit is not None and deals >= limit:
            top = max(points)
            winners = [p for p, v in enumerate(points) if v == top]
        following = Seating(rules.n_players, next_offset(rules, self.seating.offset), rules.teams, self.at_table)
        return {"deals": deals, "points": points, "winners": winners, "next_dealer": following.player(rules.dealer)}

    def _obs_speakers(self) -> list[list[str]]:
        """By player at the table: what he may do now; nothing for the player sitting out (with
        four at the table), as every list by player (PROTOCOL.md, "Games with an auction")."""
        out = set(self.seating.sitting_out())
        return [[] if p in out else [self.action_text(a) for a in self.state.legal_actions(self.seat(p))]
                for p in range(self.at_table)]

    def _obs_view(self) -> list[dict[str, Any]]:
        out = self.seating.sitting_out()
        return [hombre_view(self.state, None if p in out else self.seat(p), self.seating, p) for p in range(self.at_table)]


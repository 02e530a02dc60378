"""The reference engine behind the protocol for a game with a speech before play: L'Homme
d'Auvergne (conformance/PROTOCOL.md, "Games with a speech").

`SpeechTable` is `PhaseTable` with what this game does differently: no card is turned at the
deal (the setup gives `hands` and the whole `talon`, no `turnup`); the words of the speech are
actions; the count is in marks, and the game to a number of marks ends the moment a player
reaches the target, so a deal inside a session (`setup.session`: the marks so far) may end in
the speech.
"""

from __future__ import annotations

from typing import Any

from ..cards.seating import Seating
from ..engine.marks import marks_after, marks_winners
from ..engine.phases import PLAYED
from ..engine.session import next_offset
from ..errors import BrouError
from ..laws.ledger import SHEET, balances
from ..laws.results import deal_winner
from ..laws.speech import WORDS
from .phase_table import PhaseTable


class SpeechTable(PhaseTable):
    """One scenario's deal of L'Homme d'Auvergne, at a table of fixed players."""

    unit = "marks"

    def _session(self, given: Any) -> dict[str, Any] | None:
        """setup.session: the deals played before this one and each player's marks."""
        if given is None:
            return None
        n = self.rules.n_players
        if "jetons" in given or "totals" in given:
            raise BrouError(f"setup.session: {self.rules.id} keeps marks by player ('deals', 'marks')")
        deals = int(given.get("deals", 0))
        marks = [int(m) for m in given.get("marks", [0] * n)]
        if len(marks) != n:
            raise BrouError(f"setup.session: marks are by player, {n} of them")
        if marks_winners(self.rules, marks) is not None:
            raise BrouError("setup.session: that game is already won")
        if self.rules.data["session"]["debts"] == "forgiven" and min(marks) < 0:
            raise BrouError("setup.session: with debts forgiven no player has fewer than 0 marks")
        return {"deals": deals, "marks": marks}

    def _deal_marks(self) -> list[int] | None:
        """The players' marks by deal seat: the deal ends the moment one of them wins the game."""
        if self.session is None:
            return None
        return [self.session["marks"][self.player(s)] for s in range(self.rules.n_players)]

    # -- observations (PROTOCOL.md, "Games with a speech") ----------------------------

    def _account(self, account: int) -> int | str:
        return "sheet" if account == SHEET else super()._account(account)

    def _by_player(self, by_seat: list[int]) -> list[int]:
        return [by_seat[self.seat(p)] for p in range(self.rules.n_players)]

    def _obs_homme(self) -> int | None:
        homme = self.state.homme
        return None if homme is None else self.player(homme)

    def _obs_words(self) -> list[dict[str, Any]]:
        return [{"player": self.player(seat), "word": WORDS[word]} for seat, word in self.state.words]

    def _obs_result(self) -> list[dict[str, int]]:
        by_seat = self.state.seat_results()
        return [{"tricks": r.tricks, "marks": r.jetons} for r in (by_seat[self.seat(p)] for p in range(self.rules.n_players))]

    def _obs_outcome(self) -> dict[str, Any] | None:
        state = self.state
        if not state.is_over:
            return None
        played = state.ended == PLAYED
        winner = deal_winner(self.rules.n_players, [w for _, _, w in state.tricks]) if played else None
        return {"how": state.ended, "homme": self._obs_homme(),
                "winner": None if winner is None else self.player(winner),
                "marks": self._by_player(balances(state.ledger, self.rules.n_players))}

    def _obs_events(self) -> list[dict[str, Any]]:
        return [{"trick": e.trick, "player": self.player(e.seat), e.kind: self.rules.card_text(e.card)}
                for e in self.state.events]

    def _obs_deal(self) -> dict[str, Any]:
        deal, rules, n = self.state.deal, self.rules, self.rules.n_players
        return {"hands": [rules.cards_text(deal.hands[self.seat(p)]) for p in range(n)],
                "talon": [rules.card_text(c) for c in deal.stock]}

    def _obs_session(self) -> dict[str, Any]:
        """The game so far, this deal's marks counted as they are written: deals played (this
        one once over), each player's marks, the winners or null, who deals next."""
        if self.session is None:
            raise BrouError("'session' is observed only in a scenario whose setup has a session")
        rules, n, state = self.rules, self.rules.n_players, self.state
        marks = self._deal_marks()
        assert marks is not None
        by_seat = marks_after(rules, marks, state.ledger)
        marks = self._by_player(by_seat)
        winners = marks_winners(rules, marks)
        following = Seating(n, next_offset(rules, self.seating.offset), rules.teams)
        return {"deals": self.session["deals"] + (1 if state.is_over else 0), "marks": marks,
                "winners": None if winners is None else sorted(winners),
                "next_dealer": following.player(rules.dealer)}

"""What the protocol's two tables share: a deal played at a table of fixed players.

`server.Table` (1802, Brouc, on `brou.engine.homme.HommeDeal`) and `phase_table.PhaseTable`
(Brusquembille, on `brou.engine.phases.PhaseDeal`) differ in their setups and in some observables;
taking an action, looking an observable up by name, and the observables both engines answer
alike (who acts, what he may do, the trick, the tricks, trump, whether it is over) are here,
once.  (`perft`, which counts over either engine, is the engine's: `brou.perft`.)
"""

from __future__ import annotations

from typing import Any, Protocol

from ..engine.homme import action_text
from ..engine.position import Playable
from ..errors import BrouError, IllegalAction
from ..spec.rules import Rules


class Played(Playable, Protocol):
    """What a table reads of its deal, whichever engine plays it."""

    to_act: int

    @property
    def trump(self) -> int | None: ...  # None before any card is turned (L'Homme d'Auvergne's speech)

    @property
    def trick(self) -> list[int]: ...

    @property
    def tricks(self) -> list[Any]: ...  # (leader, cards, winner) each

    def apply_text(self, text: str, seat: int | None = None) -> None: ...

    def parse_action(self, text: str) -> int: ...


class SeatedTable:
    """A deal at a table whose players keep their numbers: subclasses set `rules` and `state`
    and say which deal seat each player sits in (`player`, `seat`)."""

    rules: Rules
    state: Played

    def player(self, seat: int) -> int:
        raise NotImplementedError

    def seat(self, player: int) -> int:
        raise NotImplementedError

    def act(self, text: str, player: Any = None) -> dict[str, Any]:
        """One action, of the player to act or (feature out-of-turn) of the `player` given."""
        try:
            if player is None:
                self.state.apply_text(text)
            else:
                seat = self.seat_of_actor(player)
                if seat is None:
                    # refused as wrong-seat, after what docs/errors.md puts first: the text, then deal-over
                    self.state.parse_action(text)
                    if self.state.is_over:
                        raise IllegalAction("deal-over", "the deal is finished")
                    raise IllegalAction("wrong-seat", self.no_seat(player))
                self.state.apply_text(text, seat)
        except IllegalAction as exc:
            return {"ok": False, "code": exc.code, "message": exc.message}
        return {"ok": True}

    def seat_of_actor(self, player: Any) -> int | None:
        """The deal seat of the player an `act` step names, or None if he has none in this
        deal (no such player at the table)."""
        if type(player) is not int or not 0 <= player < self.rules.n_players:
            return None
        return self.seat(player)

    def no_seat(self, player: Any) -> str:
        """Why `seat_of_actor` found no seat for `player`."""
        return f"there is no player {player!r}"

    # -- observations (PROTOCOL.md, "What can be observed") --------------------------

    def observe(self, name: str) -> Any:
        method = getattr(self, "_obs_" + name, None)
        if method is None:
            raise BrouError(f"nothing called '{name}' can be observed in {self.rules.id}")
        return method()

    def _obs_to_act(self) -> int | None:
        return None if self.state.is_over else self.player(self.state.to_act)

    # an action id in the text notation of this table's engine: text_of(rules, action)
    text_of = staticmethod(action_text)

    def action_text(self, action: int) -> str:
        return self.text_of(self.rules, action)

    def _obs_legal(self) -> list[str]:
        text_of, rules = self.text_of, self.rules
        return [text_of(rules, a) for a in self.state.legal_actions()]

    def _obs_speakers(self) -> list[list[str]]:
        """By player: what he may do now (the player to act: `legal`; the others: their
        out-of-turn actions, most often none)."""
        text_of, rules = self.text_of, self.rules
        return [[text_of(rules, a) for a in self.state.legal_actions(self.seat(p))]
                for p in range(self.rules.n_players)]

    def _obs_trick(self) -> list[str]:
        return [self.rules.card_text(c) for c in self.state.trick]

    def _obs_tricks(self) -> list[int]:
        return [self.player(winner) for _, _, winner in self.state.tricks]

    def _obs_trump(self) -> str | None:
        trump = self.state.trump
        return None if trump is None else self.rules.suits[trump]

    def _obs_over(self) -> bool:
        return self.state.is_over

"""The reference engine behind the conformance protocol (conformance/PROTOCOL.md).

`Reference.handle(message)` answers one protocol message; `serve()` reads JSON lines
on standard input and answers on standard output (`brou serve`).  `Table` plays one
scenario: it maps the protocol's fixed players (the dealer given, the player on his
right leading, team 0 = players 0 and 2) to the engine's deal seats (the dealer last).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Mapping
from typing import IO, Any

from .. import __version__, spec
from ..cards.deal import deal_from_cards, deal_from_seed
from ..engine.homme import HommeDeal, marriage_text
from ..engine.partnership.sheet import sheet_rows
from ..engine.position import perft as perft  # the engine's (brou.perft); the tests and the generator find it here too
from ..engine.session import carried_over, deal_entry, handover, match_winner, next_offset
from ..engine.view import view
from ..errors import BrouError, TimeLimit
from ..laws.contracts import has_auction
from ..laws.first_dealer import dealer_of_draw
from ..laws.game import GameContext, Outcome
from ..laws.speech import has_speech
from ..spec.rules import Rules
from .corpus import FEATURES
from .hombre_table import HombreTable
from .phase_table import PhaseTable
from .protocol import PROTOCOL_VERSION
from .seated import SeatedTable
from .speech_table import SpeechTable

NAME = "brou-reference"


class Table(SeatedTable):
    """One scenario's deal at a table of fixed players."""

    state: HommeDeal

    def __init__(self, rules: Rules, setup: Mapping[str, Any]) -> None:
        n = rules.n_players
        self.rules = rules
        if "draw" in setup:
            if "dealer" in setup:
                raise BrouError("setup: the dealer is given or drawn (draw), not both")
            dealer = dealer_of_draw(rules, setup["draw"])
        else:
            dealer = int(setup.get("dealer", n - 1))
        if not 0 <= dealer < n:
            raise BrouError(f"setup.dealer: no player {dealer} at a table of {n}")
        self.dealer = dealer
        self.offset = (dealer + 1) % n  # deal seat s is player (s + offset) % n
        deal = self._deal(setup, "setup")
        game = setup.get("game")
        context = None
        if game is not None:
            context = GameContext(self._to_deal_teams(game["scores"]), self._to_deal_teams(game.get("carried", [0, 0])))
        self.scores_before = list(game["scores"]) if game else [0, 0]
        self.carried_in = list(game.get("carried", [0, 0])) if game else [0, 0]
        self.marks_before: list[int] | None = list(setup["match"]["marks"]) if "match" in setup else None
        self.state = HommeDeal(rules, deal, context)

    def _deal(self, given: Mapping[str, Any], where: str) -> Any:
        """The deal of a setup or of a `deal` step: hands by player and turn-up, or a seed
        (and a cut), with the dealer of `self.offset`."""
        rules, n = self.rules, self.rules.n_players
        if "seed" in given:
            return deal_from_seed(rules, int(given["seed"]), given.get("cut"))
        if "cut" in given:
            raise BrouError(f"{where}.cut: a cut needs a seed (hands given are already cut)")
        hands = given["hands"]
        if len(hands) != n:
            raise BrouError(f"{where}.hands: {len(hands)} hands given, the ruleset has {n} players")
        return deal_from_cards(rules, [hands[self.player(s)] for s in range(n)], given["turnup"])

    def next_deal(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """A `deal` step: the next deal of the match, once the deal is over and the match is
        not; the dealer moves (next_offset), and the marks, the scores (0 to 0 after a game
        won) and the carried marriages are passed on (brou.engine.session.handover)."""
        state = self.state
        if self.marks_before is None:
            raise BrouError("a 'deal' step needs a match (setup.match)")
        if not state.is_over:
            raise BrouError("a 'deal' step came while the deal was still being played")
        passed = handover(state, self.offset)
        marks = [m + x for m, x in zip(self.marks_before, passed.marks, strict=True)]
        if match_winner(self.rules, marks) is not None:
            raise BrouError("a 'deal' step came after the match was won")
        self.offset = next_offset(self.rules, self.offset)
        self.dealer = (self.rules.dealer + self.offset) % self.rules.n_players
        deal = self._deal(given, "deal")
        self.scores_before, self.carried_in, self.marks_before = passed.scores, passed.carried, marks
        context = GameContext(self._to_deal_teams(passed.scores), self._to_deal_teams(passed.carried))
        self.state = HommeDeal(self.rules, deal, context)
        return {"ok": True}

    def player(self, seat: int) -> int:
        return (seat + self.offset) % self.rules.n_players

    def seat(self, player: int) -> int:
        return (player - self.offset) % self.rules.n_players

    def team(self, deal_team: int) -> int:
        return (deal_team + self.offset) % 2

    def _to_deal_teams(self, values: list[int]) -> tuple[int, ...]:
        return tuple(int(values[self.team(t)]) for t in range(2))

    def perft(self, depth: int, deadline: float | None = None) -> int:
        return perft(self.state, depth, deadline)

    # -- observations (PROTOCOL.md, "What can be observed"; the shared ones: SeatedTable) --

    def _obs_announcements(self) -> list[dict[str, Any]]:
        return [{"player": self.player(seat), "marriage": marriage_text(self.rules, suit, kind), "points": points}
                for seat, suit, kind, _, points, _ in self.state.announcements]

    def _obs_table(self) -> list[dict[str, Any]]:
        return [{"trick": index + 1, "marriage": marriage_text(self.rules, suit, kind), "team": self.team(team), "points": points}
                for index, suit, kind, team, points in self.state.table]

    def _obs_result(self) -> list[dict[str, int]]:
        out: list[dict[str, int]] = [{}, {}]
        for t, r in enumerate(self.state.result().teams):
            out[self.team(t)] = {"tricks": r.tricks, "card_points": r.card_points, "marriages": r.announced + r.table,
                                 "rounded": r.rounded_cards, "total": r.total}
        return out

    def _obs_outcome(self) -> dict[str, Any] | None:
        outcome = self.state.outcome
        if outcome is None:
            return None
        marks, scores = [0, 0], [0, 0]
        for t in range(2):
            marks[self.team(t)] = outcome.marks[t]
            scores[self.team(t)] = outcome.scores[t]
        winner = None if outcome.winner is None else self.team(outcome.winner)
        return {"how": outcome.how, "winner": winner, "marks": marks, "scores": scores}

    def _obs_match(self) -> dict[str, Any]:
        if self.marks_before is None:
            raise BrouError("'match' is observed only in a scenario whose setup has a match")
        marks = list(self.marks_before)
        outcome = self._obs_outcome()
        if outcome is not None:
            marks = [m + x for m, x in zip(marks, outcome["marks"], strict=True)]
        following = next_offset(self.rules, self.offset)
        carried = [0, 0]
        for t, points in enumerate(carried_over(self.state)):
            carried[self.team(t)] = points
        return {"marks": marks, "winner": match_winner(self.rules, marks) if outcome else None,
                "next_dealer": (self.rules.dealer + following) % self.rules.n_players, "carried": carried}

    def _obs_start(self) -> dict[str, Any]:
        """What the deal being played started from: its dealer, and the written scores, the
        carried marriages and the marks before it (feature deals)."""
        if self.marks_before is None:
            raise BrouError("'start' is observed only in a scenario whose setup has a match")
        return {"dealer": self.dealer, "scores": list(self.scores_before), "carried": list(self.carried_in),
                "marks": list(self.marks_before)}

    def _obs_deal(self) -> dict[str, Any]:
        deal = self.state.deal
        n = self.rules.n_players
        return {"hands": [self.rules.cards_text(deal.hands[(p - self.offset) % n]) for p in range(n)],
                "turnup": self.rules.card_text(deal.turnup)}

    def _obs_view(self) -> list[dict[str, Any]]:
        """What each player may see now, by player (brou.engine.partnership.view; PROTOCOL.md, "The view")."""
        n = self.rules.n_players
        return [view(self.state, (p - self.offset) % n, self.offset) for p in range(n)]

    def _obs_sheet(self) -> list[dict[str, Any]]:
        """The rows this deal writes on the score sheet (the marque or the slate): while the
        deal is played, the marriages written so far; once it is over, all of them."""
        state = self.state
        context = state.context
        if context is None:
            raise BrouError("'sheet' is observed only in a scenario whose setup has a game")
        in_play = state.outcome is None
        if in_play:  # the rows so far: count the deal as if it ended now, keep its marriages
            state = state.copy()
            state.outcome = Outcome("played-out", None, (0, 0), context.scores)
        entry = deal_entry(state, self.offset, number=1, game=1, seed=None,
                           scores_before=self.scores_before, carried_in=self.carried_in)
        spec = self.rules.data["match"]
        record = {"unit": spec["unit"], "reaching_target": spec["reaching_target"], "deals": [entry]}
        rows = sheet_rows(record)
        if in_play:
            rows = [row for row in rows if row.kind in ("marriage", "announcement")]
        return [{"kind": row.kind, "nous": row.nous, "eux": row.eux} for row in rows]


def table_for(rules: Rules, setup: Mapping[str, Any]) -> Table | PhaseTable:
    """The table that plays a scenario of this ruleset: `HombreTable` for a game with an
    auction (L'Hombre), `SpeechTable` for a game on the phase engine with a speech before play
    (L'Homme d'Auvergne), `PhaseTable` for one without (Brusquembille), `Table` for a
    partnership game (1802, Brouc)."""
    if not rules.on_phases:
        return Table(rules, setup)
    if has_auction(rules):
        return HombreTable(rules, setup)
    return SpeechTable(rules, setup) if has_speech(rules) else PhaseTable(rules, setup)



def _values(spec: Mapping[str, Any]) -> list[Any]:
    """What the engine plays of one parameter: its options, then, for a parameter that takes
    any whole number of a range (L'Homme d'Auvergne's target), every other number of it."""
    options = list(spec["options"])
    if "range" in spec:
        low, high = spec["range"]
        options += [n for n in range(low, high + 1) if n not in options]
    return options

class Reference:
    """The reference engine as a protocol implementation."""

    def __init__(self) -> None:
        self._rules: dict[str, Rules] = {}

    def hello(self) -> dict[str, Any]:
        rulesets = {}
        for name in spec.available_rulesets():
            params = Rules.load(name).data["parameters"]
            rulesets[name] = {"params": {p: _values(v) for p, v in params.items()}}
        return {"brou": PROTOCOL_VERSION, "implementation": {"name": NAME, "version": __version__, "language": "python"},
                "rulesets": rulesets, "features": list(FEATURES)}

    def rules(self, ruleset: str, params: Mapping[str, Any]) -> Rules:
        key = json.dumps([ruleset, params], sort_keys=True)
        rules = self._rules.get(key)
        if rules is None:
            rules = self._rules[key] = Rules.load(ruleset, **params)
        return rules

    def run(self, scenario: Mapping[str, Any], seconds: float | None = None) -> dict[str, Any]:
        """The results of a scenario's steps, or {"error": why} if it cannot be played
        (in `seconds` if given: the time limit of a run in process)."""
        deadline = None if seconds is None else time.monotonic() + seconds
        try:
            table = table_for(self.rules(scenario["ruleset"], scenario.get("params") or {}), scenario["setup"])
            results: list[Any] = []
            for step in scenario["steps"]:
                if "act" in step:
                    results.append(table.act(step["act"], step.get("player")))
                elif "observe" in step:
                    results.append({name: table.observe(name) for name in step["observe"]})
                elif "deal" in step:
                    results.append(table.next_deal(step["deal"]))
                else:
                    results.append({"count": perft(table.state, int(step["perft"]), deadline)})
        except TimeLimit:
            return {"error": f"the reference engine gave up after {seconds:g} s (perft too deep)"}
        except BrouError as exc:
            return {"error": str(exc)}
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            return {"error": f"malformed scenario ({exc.__class__.__name__}: {exc})"}
        return {"results": results}

    def handle(self, message: Mapping[str, Any]) -> dict[str, Any] | None:
        """The answer to one message (None for `stop`)."""
        seq = message.get("seq")
        cmd = message.get("cmd")
        if cmd == "hello":
            return {"seq": seq} | self.hello()
        if cmd == "run":
            scenario = message.get("scenario")
            if not isinstance(scenario, dict):
                return {"seq": seq, "error": "a run request needs a 'scenario' object"}
            return {"seq": seq} | self.run(scenario)
        if cmd == "stop":
            return None
        return {"seq": seq, "error": f"unknown command {cmd!r}"}


def serve(stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Answer protocol messages, one JSON line each, until `stop` or the end of input."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    reference = Reference()
    for line in stdin:
        if not line.strip():
            continue
        problem = "a message is a JSON object"
        try:
            message = json.loads(line)
        except (ValueError, RecursionError) as exc:
            message, problem = None, f"cannot read the message: {getattr(exc, 'msg', exc.__class__.__name__)}"
        if not isinstance(message, dict):
            stdout.write(json.dumps({"seq": None, "error": problem}) + "\n")
            stdout.flush()
            continue
        answer = reference.handle(message)
        if answer is None:
            break
        stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0

"""What a fuzzed case asks beyond the deal it plays (docs/fuzzing.md, "Beyond one deal"): the
next deals of a match or a session (`deal` steps, feature `deals`), a player's `view` (feature
`view`), who may speak (`speakers`, feature `out-of-turn`) and a small `perft` (feature
`perft`), each at a point of the case its bytes choose.

A case's bytes hold these decisions in a block of their own, `REACH_BYTES` long, just after the
action bytes the case may read (`brou.conformance.cases.case.reach_of`).  A byte of 0 is the simplest
decision here too: no further deal, nothing more asked.  None of it changes a deal's actions
or what is observed of them: an implementation that offers none of these features sees the
cases it saw before they were fuzzed, byte for byte, and one that offers them sees the same
cases with steps added.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ...cards.shuffle import MAX_SEED
from ...engine.position import Playable, perft
from ...errors import TimeLimit

REACH_BYTES = 15
# the block: further deals, then for each question its byte (asked or not, and how) and its
# point (the action before which it is asked), then the seed of the next deals (8 bytes)
R_DEALS, R_VIEW, R_VIEW_AT, R_SPEAKERS, R_SPEAKERS_AT, R_PERFT, R_PERFT_AT, R_SEED = 0, 1, 2, 3, 4, 5, 6, 7

DEALS_AT = 64  # an R_DEALS byte from here up deals on, once the deal is over (a match or session going on)
MORE_DEALS = 3  # further deals in one case, at most (the case's actions bound them too)
VIEW_AT = 224  # an R_VIEW byte from here up asks one player's view, once (an eighth of the cases)
SPEAKERS_AT = 224  # an R_SPEAKERS byte from here up asks who may speak, once
PERFT_AT = 232  # an R_PERFT byte from here up asks a perft, once (about one case in eleven)
POINTS = 64  # a question is asked before action `point % POINTS` of the case (at the end if it has fewer)
PERFT_DEPTH = 3  # the deepest perft asked
PERFT_LEAVES = 120  # a perft whose count one level up is above this is asked one level up (its cost stays small)
PERFT_SECONDS = 0.5  # the reference's time for one perft; past it the question is left out

# what each question needs the implementation to offer (conformance/PROTOCOL.md, "Features")
NEEDS = {"view": "view", "speakers": "out-of-turn", "perft": "perft", "deal": "deals"}


class ReachTable(Protocol):
    """What the reach asks of a table of `brou.conformance` (any of the four)."""

    @property
    def state(self) -> Playable: ...

    def observe(self, name: str) -> Any: ...

    def next_deal(self, given: Mapping[str, Any]) -> dict[str, Any]: ...


class Reach:
    """The questions a case asks beyond its deal, read from its reach bytes: each, if the
    implementation offers its feature, at its point; and how many deals it goes on for."""

    def __init__(self, data: bytes, features: frozenset[str], goes_on: bool) -> None:
        def at(i: int) -> int:
            return data[i] if i < len(data) else 0

        self.points: dict[str, int] = {}
        for name, (byte, point, threshold) in {"view": (R_VIEW, R_VIEW_AT, VIEW_AT),
                                                "speakers": (R_SPEAKERS, R_SPEAKERS_AT, SPEAKERS_AT),
                                                "perft": (R_PERFT, R_PERFT_AT, PERFT_AT)}.items():
            if at(byte) >= threshold and NEEDS[name] in features:
                self.points[name] = at(point) % POINTS
        self.view_byte = at(R_VIEW)
        self.depth = 1 + at(R_PERFT) % PERFT_DEPTH
        d = at(R_DEALS)
        self.more = 1 + d % MORE_DEALS if d >= DEALS_AT and goes_on and NEEDS["deal"] in features else 0
        self.seed = int.from_bytes(bytes(at(R_SEED + i) for i in range(8)), "big") & MAX_SEED
        self.asked: Counter[str] = Counter()

    def due(self, attempts: int, table: ReachTable, steps: list[dict[str, Any]]) -> None:
        """The questions whose point is the case's action `attempts` (from 0), asked before it."""
        for name in [name for name, point in self.points.items() if point == attempts]:
            self._ask(name, table, steps)

    def pending(self, table: ReachTable, steps: list[dict[str, Any]]) -> None:
        """The questions not asked yet (their point lies past the case's last action): at the end."""
        for name in list(self.points):
            self._ask(name, table, steps)

    def _ask(self, name: str, table: ReachTable, steps: list[dict[str, Any]]) -> None:
        del self.points[name]
        if name == "view":  # one player's view; the others' entries ask nothing
            views = table.observe("view")
            seat = self.view_byte % len(views)
            steps.append({"expect": {"view": [views[p] if p == seat else {} for p in range(len(views))]}})
        elif name == "speakers":
            steps.append({"expect": {"speakers": table.observe("speakers")}})
        else:
            counted = small_perft(table.state, self.depth)
            if counted is None:
                return
            steps.append({"perft": counted[0], "count": counted[1]})
        self.asked[name] += 1

    def goes_on(self, table: ReachTable, over: Callable[[], bool]) -> bool:
        """Whether the case deals on: deals left, this deal over, and the match or the session
        not (`over`)."""
        return self.more > 0 and table.state.is_over and not over()

    def deal(self, table: ReachTable, steps: list[dict[str, Any]], seeded: bool,
             start: Callable[[], dict[str, Any]]) -> None:
        """The next deal (`goes_on`): a `deal` step, the hands as the next seed deals them (or
        the seed, for a case sent as its seed), then what the new deal starts from (`start`)."""
        self.more -= 1
        seed = (self.seed + self.asked["deal"]) & MAX_SEED
        table.next_deal({"seed": seed})
        steps.append({"deal": {"seed": seed} if seeded else table.observe("deal")})
        steps.append({"expect": start()})
        self.asked["deal"] += 1

    def asked_names(self) -> tuple[str, ...]:
        """What was asked beyond the deal, a name each time (`deal` once a further deal)."""
        return tuple(self.asked.elements())


def small_perft(state: Playable, depth: int) -> tuple[int, int] | None:
    """(depth, count) of a perft from `state` at `depth` or less: a level whose count is above
    PERFT_LEAVES is not gone under, so the count costs a few hundred positions at most.  None
    if even that takes the reference more than PERFT_SECONDS (a loaded machine)."""
    import time

    deadline = time.monotonic() + PERFT_SECONDS
    try:
        count = perft(state, 1, deadline)
        level = 1
        while level < depth and count <= PERFT_LEAVES and not state.is_over:
            level += 1
            count = perft(state, level, deadline)
    except TimeLimit:
        return None
    return level, count

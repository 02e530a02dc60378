"""Pictures for the rulebook: a conformance scenario drawn as a table seen from above.

The drawing itself is the engine's (`brou.engine.picture`: `deal_picture`, the cards, the SVG writer),
which the deal classes also use for `_repr_svg_`; the names the book has always imported are
re-exported here.  `scenario_picture` replays a scenario of the conformance corpus and draws it
with the corpus's player numbers; `load_scenario` finds a hand-written scenario by its id.
"""

from __future__ import annotations

from functools import lru_cache

from ..conformance.protocol.table import Table
from ..conformance.scenarios.corpus import SCENARIO_DIR, Scenario, load_file, rules_for
from ..engine.picture import FONT, RANKS, RED_SUITS, SUIT_SIGNS, TEAM_COLOURS, Lang, card_label, deal_picture
from ..errors import BrouError

__all__ = ["FONT", "RANKS", "RED_SUITS", "SUIT_SIGNS", "TEAM_COLOURS", "Lang", "UnknownScenario", "card_label",
           "deal_picture", "hand_written", "load_scenario", "replay_scenario", "scenario_picture"]


class UnknownScenario(BrouError, KeyError):
    """No hand-written scenario has the id asked for."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown scenario"


# -- scenarios ----------------------------------------------------------------------


@lru_cache(maxsize=1)
def hand_written() -> dict[str, Scenario]:
    """Every hand-written scenario (the YAML files, not the generated JSON lines), by id."""
    out: dict[str, Scenario] = {}
    for path in sorted(SCENARIO_DIR.rglob("*.yaml")):
        for scenario in load_file(path, check_schema=False):
            out.setdefault(scenario.id, scenario)
    return out


def load_scenario(scenario_id: str) -> Scenario:
    """The hand-written scenario with this id (conformance/scenarios/**/*.yaml);
    UnknownScenario (a BrouError and a KeyError) naming the id if there is none."""
    found = hand_written().get(scenario_id)
    if found is None:
        raise UnknownScenario(f"no hand-written scenario has the id '{scenario_id}' (looked in {SCENARIO_DIR}/**/*.yaml)")
    return found


def replay_scenario(scenario: Scenario, upto: int | None = None) -> Table:
    """The scenario's setup with its actions applied (every `do` action, or the first
    `upto` of them, each action of a `do` list counting as one); `reject` and `expect`
    steps change nothing and are skipped.  BrouError if an action is refused."""
    table = Table(rules_for(scenario), scenario.data["setup"])
    done = 0
    for step in scenario.data["steps"]:
        if "do" not in step:
            continue
        actions = step["do"]
        for action in [actions] if isinstance(actions, str) else actions:
            if upto is not None and done >= upto:
                return table
            answer = table.act(action, step.get("player"))
            if not answer["ok"]:
                raise BrouError(f"scenario {scenario.id}: action '{action}' refused ({answer['code']}: {answer['message']})")
            done += 1
    return table


def scenario_picture(scenario: Scenario | str, *, lang: Lang = "en", upto: int | None = None,
                     trick: int | None = None, show_hands: bool = True, title: str | None = None) -> str:
    """A corpus scenario drawn after its `do` actions (or the first `upto`), with the
    corpus's player numbers; `scenario` is a Scenario or a hand-written scenario's id."""
    if isinstance(scenario, str):
        scenario = load_scenario(scenario)
    table = replay_scenario(scenario, upto)
    return deal_picture(table.rules, table.state, lang=lang, trick=trick, show_hands=show_hands, title=title,
                        offset=table.seating.offset)

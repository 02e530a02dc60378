"""A case of `brou fuzz` played by the reference engine: one loop over the engine's deals for
every game (`build`), the game's own reading of the bytes and of what is observed given by its
`Layout` (`partnership`: 1802 and Brouc; `talon`: Brusquembille; `speech`: L'Homme d'Auvergne;
`auction`: L'Hombre).  Each case is a scenario whose expectations the reference engine gives as it
plays: who acts, the legal actions and the trick after every action, the tricks and the count
after every trick, everything at the end of each deal, on the protocol's table
(`brou.conformance.protocol.table.Table`).

The rulesets on the phase engine (`generate.PHASE_RULESETS`) come after the partnership games in
the ruleset's choice, Brusquembille first, L'Homme d'Auvergne then, L'Hombre last, so that an
implementation of the earlier games alone sees the cases it always saw."""

from __future__ import annotations

from typing import Any

from ...laws.contracts import has_auction
from ...laws.speech import has_speech
from ..protocol.table import Table
from .auction import Auction
from .case import (
    ACTIONS,
    LIMIT,
    MAX_ATTEMPTS,
    RULESET,
    Case,
    Choices,
    Later,
    Layout,
    Offer,
    Start,
    Summary,
    later_setup,
    observe,
    reach_of,
    rules_of,
    started,
)
from .generate import PHASE_RULESETS
from .partnership import Partnership
from .reach import Reach
from .speech import Speech
from .talon import Talon


def layout_of(ruleset: str) -> type[Layout]:
    """The layout of a ruleset's cases, by its kind of game."""
    if ruleset not in PHASE_RULESETS:
        return Partnership
    rules = rules_of(ruleset, {})
    return Auction if has_auction(rules) else Speech if has_speech(rules) else Talon


def build(data: bytes, offer: Offer, start: Start | None = None) -> Case:
    """The case that these bytes describe, played by the reference engine (`case`); with
    `start`, the case that begins there, its bytes read for its actions alone."""
    c = Choices(data)
    ruleset = offer.rulesets[c.below(RULESET, len(offer.rulesets))] if start is None else start.ruleset
    kind = layout_of(ruleset)
    params, rules, setup, seeded, seed = kind.fresh(c, ruleset, offer) if start is None else started(start)
    table = Table(rules, setup)
    game = kind(c, table, setup, offer, seeded)
    steps: list[dict[str, Any]] = [{"expect": observe(table, game.at_start())}]
    limit = min(c.at(LIMIT), MAX_ATTEMPTS)
    attempts = refused = 0
    refusals: list[str] = []  # the reference engine's messages, in order
    reach = Reach(reach_of(c), offer.features, game.series)
    ending = ""
    later: list[Later] = []
    while True:  # a deal, then the next of its match or session while the reach deals on
        while not table.state.is_over and attempts < limit:
            reach.due(attempts, table, steps)
            text = game.pick(c.at(ACTIONS + attempts))
            attempts += 1
            before = game.before()
            answer = table.act(text)
            if answer["ok"]:
                steps.append({"do": text})
            else:
                refused += 1
                steps.append({"reject": text, "code": answer["code"]})
                refusals.append(answer["message"])
            seen = game.seen(before, answer["ok"])
            if seen is not None:
                steps.append({"expect": seen})
        ending = ending or game.ending()
        game.deal_played()
        goes_on = attempts < limit and reach.goes_on(table, game.won)
        if not goes_on:
            reach.pending(table, steps)
        steps.append({"expect": observe(table, game.at_end())})
        if not goes_on:
            break
        later.append(Later(len(steps), attempts, {}))
        reach.deal(table, steps, seeded, lambda: observe(table, game.at_next()))
        later[-1] = later[-1]._replace(setup=later_setup(table, steps[later[-1].step]["deal"]))
        game.dealt()
    summary = Summary(ruleset, game.setting(), params != dict(offer.plays.get(ruleset, {})), seed, seeded, ending,
                      attempts - refused, refused, 1 + reach.asked["deal"], reach.asked_names())
    scenario: dict[str, Any] = {"id": "fuzz", "description": "a fuzzed case", "clauses": game.clauses(bool(reach.asked["deal"])),
                                "ruleset": ruleset}
    if params:
        scenario["params"] = params
    scenario |= {"origin": "fuzzed", "setup": setup, "steps": steps}
    return Case(scenario, summary, tuple(refusals), tuple(later))

"""The search for witnesses of the ambiguity register (spec/ambiguities.yaml, `brou.spec.ambiguities`).

For each entry and each ruleset it applies to, the ruleset's default option is played
against each other option on seeded deals (and a few built deals), as the entry's plan in
`brou.spec.ambiguities.PLANS` says, through the protocol's table (`brou.conformance.protocol.table.Table`), so what
differs is exactly what the protocol shows.  A witness is written as one scenario per option
in conformance/scenarios/<ruleset>/ambiguities/, and the entry's `witness:` block in the
register is rewritten (tools/find-witnesses).  `entry_text` and `entry_data` show an entry
with its witnesses played out (`brou ambiguity AMB-xx`).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...cards.deal import deal_from_seed, deal_texts
from ...errors import BrouError
from ...laws.contracts import has_auction
from ...laws.game import count_so_far, reaches_target
from ...laws.speech import has_speech
from ...spec.ambiguities import PLANS, PREFIX, REGISTER_FILE, Entry, Plan, flow, load_register, rewrite_witnesses
from ...spec.rules import Rules
from ..protocol.table import Table
from ..scenarios.corpus import SCENARIO_DIR, load_file

__all__ = ["SCENARIO_DIR", "Searched", "Witness", "choose", "entry_data", "entry_text", "find_witnesses", "main", "observe",
           "pairs", "scenario_ids", "scenario_text", "scenarios_of", "search_entry", "search_pair", "witness_file",
           "witness_scenarios"]


@dataclass
class Witness:
    """A deal and shared actions after which two options differ."""

    ruleset: str
    options: tuple[str, str]
    params: tuple[dict[str, Any], dict[str, Any]]
    setup: dict[str, Any]
    actions: list[str]
    observed: tuple[dict[str, Any], dict[str, Any]]
    probe: tuple[str, tuple[dict[str, Any], dict[str, Any]]] | None  # an action legal under one option only
    seed: int
    deals: int
    positions: int
    probe_player: int | None = None  # the player who takes the probe's action out of turn (None: the player to act)


@dataclass
class Searched:
    """A search that found nothing: how far it went."""

    ruleset: str
    options: tuple[str, str]
    deals: int
    positions: int


SHORTER = 20  # once a witness is found, this many more deals are tried for a shorter one
OBSERVED = ("to_act", "legal", "over", "announcements", "table", "result")
# what is compared for a ruleset on the phase engine (Brusquembille): the deal as dealt when it
# comes from a seed, then play, the tricks, the count by player and the deal's outcome
PHASE_OBSERVED = ("to_act", "legal", "over", "tricks", "result", "outcome")


def observe(table: Table, names: Sequence[str]) -> dict[str, Any]:
    return {name: table.observe(name) for name in names}


def _names(setup: Mapping[str, Any], over: bool, speakers: bool = False, on_phases: bool = False,
           views: bool = False) -> list[str]:
    if on_phases:
        return ((["deal"] if "seed" in setup else []) + list(PHASE_OBSERVED) + (["session"] if "session" in setup else [])
                + (["view"] if views else []))
    names = list(OBSERVED) + (["speakers"] if speakers else []) + (["view"] if views else [])
    if "game" in setup:
        names.append("outcome")
        if over:
            names.append("sheet")
    if "match" in setup:
        names.append("match")
    return names


def _built_hands(kind: str, rng: random.Random) -> tuple[list[list[str]], str]:
    """Deals made on purpose: 'two-marriages' (hearts shared by players 0 and 1, KS and QS
    with players 2 and 3, so one trick can hold two marriages); 'cape' (player 0 holds seven
    trumps and an ace, the dealer the last trump, turned up)."""
    suits, ranks = "SHDC", "ATKQJ987"
    deck = [r + s for s in suits for r in ranks]
    if kind == "two-marriages":
        hands = [["KH", "AH", "TH", "JH"], ["QH", "9H", "8H", "7H"], ["KS"], ["QS"]]
        rest = [c for c in deck if c[1] != "H" and c not in ("KS", "QS")]
        rng.shuffle(rest)
        hands[0] += [c for c in rest if c[1] != "S"][:4]
        rest = [c for c in rest if c not in hands[0]]
        hands[1] += [c for c in rest if c[1] != "S"][:4]
        rest = [c for c in rest if c not in hands[1]]
        hands[2] += rest[:7]
        hands[3] += rest[7:14]
        turnup = next(c for c in hands[3] if c != "QS")
        return hands, turnup
    if kind == "cape":
        trump = rng.choice(suits)
        trumps = [r + trump for r in ranks]
        plain = [c for c in deck if c[1] != trump]
        ace = rng.choice([c for c in plain if c[0] == "A"])
        rest = [c for c in plain if c != ace]
        rng.shuffle(rest)
        hands = [trumps[:7] + [ace], rest[:8], rest[8:16], rest[16:23] + [trumps[7]]]
        return hands, trumps[7]
    raise ValueError(f"unknown built deal '{kind}'")


def _phase_setup(rules: Rules, plan: Plan, seed: int) -> dict[str, Any]:
    """A deal of the phase engine: seed `seed` itself (the pack and the deal are what the options
    change), or the cards it deals, given as hands, talon and turned card (so that the options
    that change only play or the count start from the same cards); a game with a speech turns no
    card at the deal (hands and the whole talon) and keeps marks in its session; context `draw`
    draws the first dealer from the seed too."""
    speech = has_speech(rules)
    auction = has_auction(rules)
    # a game with a speech keeps marks by player, a game with an auction points
    kept = "marks" if speech else "points" if auction else "totals"
    session: dict[str, Any] = {"session": {kept: [plan.totals] * rules.table_size}} if plan.context == "session" else {}
    if plan.context == "session" and plan.played:
        session["session"]["deals"] = plan.played
    if plan.context == "draw":  # the first dealer drawn from the seed, before the seed's deal
        session = {"draw": {"seed": seed}}
    if plan.setup == "seed":
        return {"seed": seed} | session
    deal = Table(rules, {"seed": seed}).observe("deal")
    if speech or auction:  # no card turned at the deal: the hands and the whole talon
        return {"hands": [list(h) for h in deal["hands"]], "talon": list(deal["talon"])} | session
    return {"hands": [list(h) for h in deal["hands"]], "talon": list(deal["talon"]), "turnup": deal["turnup"]} | session


def _setup(rules: Rules, plan: Plan, seed: int, rng: random.Random) -> dict[str, Any]:
    if rules.on_phases:
        return _phase_setup(rules, plan, seed)
    if plan.built:
        hands, turnup = _built_hands(plan.built, rng)
    else:
        texts: dict[str, Any] = deal_texts(rules, deal_from_seed(rules, seed))
        hands, turnup = [list(h) for h in texts["hands"]], str(texts["turnup"])
    setup: dict[str, Any] = {"hands": hands, "turnup": turnup}
    if plan.context != "deal":
        scores = [rng.randrange(lo, hi + 1, 10) if hi > lo else lo for lo, hi in ((s[0] // 10 * 10, s[1]) for s in plan.scores)]
        if rng.random() < 0.5:
            scores.reverse()
        game: dict[str, Any] = {"scores": scores}
        if plan.carried != (0, 0) and rules.data["game"]["marked_by"] == "loser":
            game["carried"] = [rng.randrange(plan.carried[0], plan.carried[1] + 1, 20) for _ in range(2)]
        setup["game"] = game
    if plan.context == "match":
        setup["match"] = {"marks": [rng.randint(*plan.marks) for _ in range(2)]}
    return setup


def choose(table: Table, legal: list[str], plan: Plan, rng: random.Random) -> str:
    """The bots' move: game actions with the plan's probabilities, else announcements, else a card
    (the only actions of a game on the phase engine)."""
    if table.rules.on_phases:
        return rng.choice(legal)
    state = table.state
    if "declare" in legal or "declare-double" in legal:
        decl = [a for a in legal if a.startswith("declare")]
        if rng.random() < plan.declare:
            return rng.choice(decl)
    if "claim" in legal:
        right = reaches_target(state.rules, count_so_far(state, state.rules.team_of[state.to_act]))
        if rng.random() < (plan.claim_right if right else plan.claim):
            return "claim"
    if "concede" in legal:
        return "concede" if rng.random() < plan.concede else "pass"
    if "accept" in legal:
        return rng.choice(["accept", "refuse"])
    announce = [a for a in legal if a.startswith("announce")]
    if announce and rng.random() < plan.announce:
        return rng.choice(announce)
    cards = [a for a in legal if len(a) == 2]
    if not cards:
        return "pass" if "pass" in legal else rng.choice(legal)
    honours = [c for c in cards if c[0] in "KQJ"]
    if honours and rng.random() < plan.honours:
        return rng.choice(honours)
    return rng.choice(cards)


def _differ(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """The observables that differ; the score sheet only when nothing else does, so that a
    witness checks its outcome with what every implementation of the game has (the `sheet`
    feature is optional, and a scenario expecting it is skipped without it)."""
    differ = [k for k in a if k in b and a[k] != b[k]]
    # what the player to act may do differs in `speakers` too: it is kept for what only others may do
    return [k for k in differ if k != "sheet" and (k != "speakers" or differ == ["speakers"])] or differ


def search_pair(entry: Entry, ruleset: str, names: tuple[str, str], plan: Plan) -> Witness | Searched:
    """Play seeded deals under both options until they differ; seed k draws deal k."""
    base = dict(plan.base.get(ruleset, {}))
    params = (base | entry.option(names[0]).overrides.get(ruleset, {}), base | entry.option(names[1]).overrides.get(ruleset, {}))
    rules = (Rules.load(ruleset, **params[0]), Rules.load(ruleset, **params[1]))
    positions = 0
    best: Witness | None = None
    played = 0
    for seed in range(plan.deals):
        if best is not None and seed >= best.seed + SHORTER:
            break
        played += 1
        rng = random.Random(f"{entry.id}/{ruleset}/{names[0]}/{names[1]}/{seed}")
        setup = _setup(rules[0], plan, seed, rng)
        tables = (Table(rules[0], setup), Table(rules[1], setup))
        actions: list[str] = []
        while True:
            positions += 1
            over = tables[0].state.is_over and tables[1].state.is_over
            names_seen = _names(setup, over, plan.speakers, rules[0].on_phases, plan.views)
            seen = (observe(tables[0], names_seen), observe(tables[1], names_seen))
            differ = _differ(*seen)
            if differ:
                observed = ({k: seen[0][k] for k in differ}, {k: seen[1][k] for k in differ})
                if best is None or len(actions) < len(best.actions):
                    probe, player = _probe(tables, seen) if "speakers" not in differ else _probe_speakers(tables, seen)
                    best = Witness(ruleset, names, params, setup, actions, observed, probe, seed, 0, 0, player)
                break
            if over:
                break
            action = choose(tables[0], seen[0]["legal"], plan, rng)
            for table in tables:
                answer = table.act(action)
                assert answer["ok"], (entry.id, seed, actions, action, answer)
            actions.append(action)
    if best is not None:
        best.deals, best.positions = played, positions
        return best
    return Searched(ruleset, names, plan.deals, positions)


def _probe_speakers(tables: tuple[Table, Table], seen: tuple[dict[str, Any], dict[str, Any]]
                    ) -> tuple[tuple[str, tuple[dict[str, Any], dict[str, Any]]] | None, int | None]:
    """An action that a player other than the one to act may take under one option only, with
    each table's answer, and that player."""
    for player, (mine, other) in enumerate(zip(seen[0]["speakers"], seen[1]["speakers"], strict=True)):
        extra = sorted(set(mine) ^ set(other))
        if extra and player != seen[0].get("to_act"):
            out = []
            for table in tables:
                saved, table.state = table.state, table.state.copy()
                out.append(table.act(extra[0], player))
                table.state = saved
            return (extra[0], (out[0], out[1])), player
    return None, None


def _probe(tables: tuple[Table, Table], seen: tuple[dict[str, Any], dict[str, Any]]
           ) -> tuple[tuple[str, tuple[dict[str, Any], dict[str, Any]]] | None, None]:
    """An action legal under one option and not the other, with each table's answer."""
    legal = [set(s.get("legal") or []) for s in seen]
    extra = sorted(legal[0] ^ legal[1])
    if not extra or seen[0].get("to_act") != seen[1].get("to_act"):
        return None, None
    action = extra[0]
    answers = tuple(table.state.copy() for table in tables)
    out: list[dict[str, Any]] = []
    for table, copy in zip(tables, answers, strict=True):
        saved, table.state = table.state, copy
        out.append(table.act(action))
        table.state = saved
    return (action, (out[0], out[1])), None


def pairs(entry: Entry, ruleset: str) -> list[tuple[str, str]]:
    """The pairs searched: the ruleset's default against every other playable option."""
    default = entry.defaults[ruleset]["option"]
    others = [o.name for o in entry.options if o.playable and o.name != default and ruleset in o.overrides]
    return [(default, o) for o in others]


# -- scenarios ---------------------------------------------------------------------------


def witness_file(ruleset: str, amb_id: str) -> Path:
    return SCENARIO_DIR / ruleset / "ambiguities" / f"{amb_id}.yaml"


# pairs named when they were their entry's only one: their scenario ids stay as they were
# (ids never change) after an option was added to the entry
FIRST_PAIRS = {("AMB-14", ("own-turn", "between-tricks"))}


def scenario_ids(entry: Entry, ruleset: str, names: tuple[str, str]) -> tuple[str, str]:
    stem = f"{PREFIX[ruleset]}.ambiguity.{entry.id.lower()}"
    if len(pairs(entry, ruleset)) == 1 or (entry.id, names) in FIRST_PAIRS:
        return f"{stem}.{names[0]}", f"{stem}.{names[1]}"
    return f"{stem}.{names[0]}-vs-{names[1]}", f"{stem}.{names[1]}"


def _clauses(entry: Entry, ruleset: str, params: Mapping[str, Any]) -> list[str]:
    clauses = Rules.load(ruleset).data["clauses"]
    bent = set(entry.params(ruleset))
    out = [cid for cid, c in clauses.items() if bent & set(c.get("params", []))]
    return out or [cid for cid, c in clauses.items() if set(params) & set(c.get("params", []))]


def _summary(observed: Mapping[str, Any], probe: tuple[str, dict[str, Any]] | None) -> str:
    """A short account of what an option shows at the witness's point."""
    parts = []
    if probe is not None:
        action, answer = probe
        parts.append(f"{action} is {'accepted' if answer['ok'] else 'refused (' + str(answer.get('code')) + ')'}")
    for name, value in observed.items():
        if name == "legal" and probe is None:
            parts.append("legal actions " + " ".join(value))
        elif name == "table":
            table = ", ".join(f"{t['marriage']} {t['points']} to team {t['team']}" for t in value)
            parts.append("table marriages " + (table or "none"))
        elif name == "announcements":
            made = ", ".join(f"{a['marriage']} by {a['player']} for {a['points']}" for a in value)
            parts.append("announcements " + (made or "none"))
        elif name == "result" and value and "marks" in value[0]:
            parts.append("tricks " + " ".join(str(t["tricks"]) for t in value)
                         + ", marks " + " ".join(str(t["marks"]) for t in value))
        elif name == "result" and value and "jetons" in value[0]:
            parts.append("card points " + " ".join(str(t["card_points"]) for t in value)
                         + ", jetons " + " ".join(str(t["jetons"]) for t in value))
        elif name == "result":
            parts.append("deal totals " + " and ".join(str(t.get("total")) for t in value))
        elif name == "outcome" and isinstance(value, dict) and "shares" in value:
            parts.append(f"winners {value['winners']}, pool shares {value['shares']}, bank {value['bank']}")
        elif name == "outcome" and isinstance(value, dict) and "homme" in value:
            parts.append(f"outcome {value['how']}, homme {json.dumps(value['homme'])}, winner {json.dumps(value['winner'])}, "
                         f"marks {value['marks']}")
        elif name == "outcome" and isinstance(value, dict) and "hombre" in value:
            parts.append(f"outcome {value['how']}, hombre {json.dumps(value['hombre'])}, result {json.dumps(value['result'])}, "
                         f"points {value['points']}")
        elif name == "outcome" and isinstance(value, dict):
            parts.append(f"outcome {value['how']}, winner {value['winner']}, marks {value['marks']}, scores {value['scores']}")
        elif name == "outcome":
            parts.append("the deal goes on")
        elif name == "match":
            parts.append(f"match marks {value['marks']}, winner {value['winner']}, next dealer {value['next_dealer']}, "
                         f"carried {value['carried']}")
        elif name == "sheet":
            parts.append("the score sheet's rows differ")
        elif name == "tricks":
            parts.append("tricks won by " + " ".join(str(p) for p in value))
        elif name == "deal":
            parts.append("hands " + " | ".join(" ".join(h) for h in value["hands"])
                         + (f", turned {value['turnup']}" if "turnup" in value else f", talon {' '.join(value['talon'])}"))
        elif name == "speakers":
            if probe is None:
                parts.append("players who may act " + "; ".join(f"{p}: {' '.join(v)}" for p, v in enumerate(value) if v))
        elif name != "legal":
            parts.append(f"{name} {json.dumps(value)}")
    return "; ".join(parts)


def scenarios_of(entry: Entry, w: Witness) -> list[dict[str, Any]]:
    """The two scenarios of a witness, one per option."""
    ids = scenario_ids(entry, w.ruleset, w.options)
    out = []
    for k in range(2):
        steps: list[dict[str, Any]] = []
        if w.actions:
            steps.append({"do": list(w.actions)})
        steps.append({"expect": w.observed[k]})
        probe = None
        if w.probe is not None:
            action, answers = w.probe
            probe = (action if w.probe_player is None else f"{action} by player {w.probe_player}", answers[k])
            by = {} if w.probe_player is None else {"player": w.probe_player}
            if answers[k]["ok"]:
                steps.append({"do": action} | by)
            else:
                steps.append({"reject": action, "code": answers[k]["code"]} | by)
        where = f"after {len(w.actions)} shared actions" if w.actions else "at the start"
        description = f"{entry.id} witness, option {w.options[k]}: {where}, {_summary(w.observed[k], probe)}"
        out.append({"id": ids[k], "description": description, "clauses": _clauses(entry, w.ruleset, w.params[k]),
                    "ruleset": w.ruleset, "ambiguity": entry.id, "params": w.params[k], "setup": w.setup, "steps": steps})
    return out


def scenario_text(entry: Entry, scenarios: Sequence[Mapping[str, Any]]) -> str:
    """A witness file: YAML whose values are written as JSON (flow style), so it is stable and short."""
    lines = [f"# Witness of {entry.id}: one scenario per option, written by tools/find-witnesses (do not edit by hand).",
             "format: brou-scenarios/1", "scenarios:"]
    for s in scenarios:
        lines.append(f"  - id: {s['id']}")
        for key in ("description", "clauses", "ruleset", "ambiguity", "params", "setup"):
            lines.append(f"    {key}: {flow(s[key])}")
        lines.append("    steps:")
        for step in s["steps"]:
            lines.append("      - " + flow(step))
    return "\n".join(lines) + "\n"



# -- the search over the register ---------------------------------------------------------------


def search_entry(entry: Entry, progress: Callable[[str], None] | None = None) -> dict[str, dict[str, Any]]:
    """Search every ruleset and pair of an entry; write its witness files; return its witness block."""
    plan = PLANS.get(entry.id)
    block: dict[str, dict[str, Any]] = {}
    for ruleset in entry.rulesets:
        prior = entry.witness.get(ruleset, {})
        if plan is None and prior.get("pairs"):  # a witness written by hand (AMB-02): kept as it is
            block[ruleset] = dict(prior)
            continue
        if plan is None or not pairs(entry, ruleset):
            block[ruleset] = {k: v for k, v in prior.items() if k in ("status", "why")} or {"status": "not-searched"}
            continue
        records: list[dict[str, Any]] = []
        scenarios: list[dict[str, Any]] = []
        for pair in pairs(entry, ruleset):
            found = search_pair(entry, ruleset, pair, plan)
            if isinstance(found, Witness):
                scenarios += scenarios_of(entry, found)
                records.append({"options": list(pair), "found": True, "seed": found.seed, "deals": found.deals,
                                "positions": found.positions, "shared_actions": len(found.actions)})
            else:
                why = plan.same.get(pair[1], "not expected: more deals or a built deal might find one")
                records.append({"options": list(pair), "found": False, "deals": found.deals, "positions": found.positions,
                                "seeds": f"0-{found.deals - 1}", "why": why})
            if progress:
                progress(f"{entry.id} {ruleset} {pair[0]} / {pair[1]}: {'found' if records[-1]['found'] else 'none'}")
        path = witness_file(ruleset, entry.id)
        if scenarios:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(scenario_text(entry, scenarios), encoding="utf-8")
        elif path.exists():
            path.unlink()
        hits = sum(r["found"] for r in records)
        status = "found" if hits == len(records) else ("partly-found" if hits else "never-differs")
        block[ruleset] = {"status": status, "search": f"{PLANS_NOTE} {_plan_text(plan, ruleset)}", "pairs": records}
        if scenarios:
            block[ruleset]["file"] = str(path.relative_to(SCENARIO_DIR.parent.parent))
    return block


PLANS_NOTE = "seeded deals, random play (brou.spec.ambiguities.PLANS):"


def _plan_text(plan: Plan, ruleset: str) -> str:
    parts = [plan.context]
    if Rules.load(ruleset).on_phases:
        parts.append("from the seed" if plan.setup == "seed" else "the seed's cards given as hands and talon")
    if plan.context == "session":
        unit = "marks" if has_speech(Rules.load(ruleset)) else "card points"
        parts.append(f"every player at {plan.totals} {unit} before the deal")
        if plan.played:
            parts.append(f"{plan.played} deal(s) already played")
    elif plan.context == "draw":
        parts.append("the first dealer drawn from the seed")
    elif plan.context != "deal":
        parts.append(f"scores {plan.scores[0][0]}..{plan.scores[0][1]} / {plan.scores[1][0]}..{plan.scores[1][1]}")
    if plan.context == "match":
        parts.append(f"marks {plan.marks[0]}..{plan.marks[1]}")
    if plan.built:
        parts.append(f"built deal {plan.built}")
    if plan.carried != (0, 0):
        parts.append(f"carried marriages up to {plan.carried[1]}")
    for name in ("claim", "claim_right", "declare", "honours"):
        if getattr(plan, name):
            parts.append(f"{name} {getattr(plan, name)}")
    if plan.base.get(ruleset):
        parts.append(f"with {flow(dict(plan.base[ruleset]))}")
    return ", ".join(parts)


def find_witnesses(ids: Sequence[str] = (), progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Search the given entries (all by default), rewrite their witness files and their
    witness blocks in the register; return the blocks."""
    register = load_register()
    entries = [register.entry(i) for i in ids] if ids else register.entries
    blocks = {entry.id: search_entry(entry, progress) for entry in entries}
    REGISTER_FILE.write_text(rewrite_witnesses(REGISTER_FILE.read_text(encoding="utf-8"), blocks), encoding="utf-8")
    return blocks


def main(argv: Sequence[str] | None = None) -> int:
    """tools/find-witnesses [AMB-xx ...]"""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        blocks = find_witnesses(args, progress=lambda s: print(s, flush=True))
    except BrouError as exc:
        print(f"find-witnesses: {exc}", file=sys.stderr)
        return 2
    print(f"{len(blocks)} entries searched; register and witness files rewritten")
    return 0


# -- one entry with its witnesses, for the command line (`brou ambiguity AMB-xx`) -----------------


def entry_data(amb_id: str, path: Path | str | None = None) -> dict[str, Any]:
    """One entry as written in the register (`brou ambiguity ID --json`), with its witness
    scenarios as the corpus holds them."""
    entry = load_register(path).entry(amb_id)
    scenarios = [s.data for _, file in witness_scenarios(entry) for s in load_file(file)]
    return dict(entry.raw) | {"witness_scenarios": scenarios}


def _wrap(text: str, indent: str = "  ", width: int = 100) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent) or [indent]


def entry_text(amb_id: str, path: Path | str | None = None) -> str:
    """One entry: question, sources, options and overrides, defaults and why, and each
    witness played out under its options side by side."""
    register = load_register(path)
    entry = register.entry(amb_id)
    lines = [f"{entry.id}: {entry.question}", "", "sources:"]
    for s in entry.sources:
        where = s["source"] + (f" {s['section']}" if s.get("section") else "")
        lines += _wrap(f"{where}: {s['says']}")
    lines += ["", "options:"]
    for o in entry.options:
        overrides = "; ".join(f"{PREFIX.get(r, r)} {flow(p)}" for r, p in o.overrides.items()) or "no parameter"
        mark = "" if o.playable else "  [the engine cannot play it]"
        lines.append(f"  {o.name}: {overrides}{mark}")
        if o.why:
            lines += _wrap(o.why, "      ")
    lines += ["", "defaults:"]
    for ruleset, d in entry.defaults.items():
        lines.append(f"  {ruleset}: {d['option']}")
        lines += _wrap(d["why"], "      ")
    for ruleset, record in entry.witness.items():
        lines += ["", f"witness ({ruleset}): {record.get('status', '?')}"]
        if record.get("why"):
            lines += _wrap(str(record["why"]))
        for p in record.get("pairs", []):
            if not p.get("found"):
                lines += _wrap(f"{p['options'][0]} / {p['options'][1]}: no difference in {p['deals']} deals, "
                               f"{p['positions']} positions (seeds {p['seeds']}): {p['why']}")
        lines += _played_out(entry, ruleset)
    return "\n".join(lines)


def _played_out(entry: Entry, ruleset: str) -> list[str]:
    path = witness_file(ruleset, entry.id)
    if not path.exists():
        return []
    scenarios = load_file(path)
    out: list[str] = []
    for pair in pairs(entry, ruleset):
        ids = scenario_ids(entry, ruleset, pair)
        found = [next((s for s in scenarios if s.id == i), None) for i in ids]
        if found[0] is None or found[1] is None:
            continue
        a, b = found[0].data, found[1].data
        setup = a["setup"]
        out.append(f"  {pair[0]} / {pair[1]}:")
        if "hands" in setup:
            hands = " | ".join(f"{p}: {' '.join(h)}" for p, h in enumerate(setup["hands"]))
            talon = f"; talon {' '.join(setup['talon'])}" if "talon" in setup else ""
            turnup = f"; turnup {setup['turnup']}" if "turnup" in setup else ""
            draw = f"; draw for the first dealer: {flow(setup['draw'])}" if "draw" in setup else ""
            out.append(f"    hands: {hands}{talon}{turnup}{draw}")
        else:
            draw = f"; draw for the first dealer: {flow(setup['draw'])}" if "draw" in setup else ""
            out.append(f"    seed {setup['seed']}{draw}")
        if "game" in setup:
            out.append(f"    game: {flow(setup['game'])}" + (f", match: {flow(setup['match'])}" if "match" in setup else ""))
        first = a["steps"][0]
        shared: list[str] = first["do"] if isinstance(first.get("do"), list) else []
        out += _wrap("shared actions: " + (" ".join(shared) or "none"), "    ", 110)
        for name, scenario in ((pair[0], a), (pair[1], b)):
            out.append(f"    under {name} {flow(scenario['params'])}:")
            for step in scenario["steps"][1 if shared else 0:]:
                if "expect" in step:
                    for key, value in step["expect"].items():
                        out += _wrap(f"{key}: {flow(value)}", "      ", 110)
                elif "reject" in step:
                    out.append(f"      {step['reject']} is refused ({step.get('code')})")
                elif "do" in step:
                    out.append(f"      {step['do']} is accepted")
    return out


def witness_scenarios(entry: Entry) -> Iterator[tuple[str, Path]]:
    """(ruleset, file) of every witness file an entry has."""
    for ruleset in entry.rulesets:
        path = witness_file(ruleset, entry.id)
        if path.exists():
            yield ruleset, path

"""What each reading changes: seeded sessions played under every playable option of a register
entry, the same seeds for every option, and the figures compared with the ruleset's default.

A study of an entry for a ruleset (`study`) plays seeds seed..seed+N-1 under each option: the
ruleset loaded with the plan's base parameters (`brou.spec.ambiguities.PLANS`, the form a
question needs to arise: Brusquembille for five, the game for points) and the option's
overrides, as the search for witnesses does.  Each session (`brou.engine.session.Session`) is
summed up (`Summary`) and the summaries give the figures (`figures`): how often the first
deal's result and the session's winner change against the default option on the same seed, the
mean score of each side per deal, the eldest hand's and the dealer's advantage, how often a
contract is made, and the deals a session lasts."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards.shuffle import MAX_SEED
from ..engine.bots import Step, acts_out_of_turn, next_move, seated
from ..engine.session import GAMES_AND_MARKS, Session, session_kind
from ..errors import UsageError
from ..players import parse_player, player_bot
from ..spec.ambiguities import PLANS, Entry, Register, load_register
from ..spec.rules import Rules
from .options import kind_of
from .stats import Mean, Rate, mean, ratio, wilson

__all__ = [
    "DEFAULT_PLAYERS",
    "MAX_SESSIONS",
    "Plan",
    "Reading",
    "Summary",
    "chosen",
    "figures",
    "plans",
    "play_sessions",
    "processes",
    "unplayed",
]

DEFAULT_PLAYERS = ("careful",)
MAX_SESSIONS = 100_000  # sessions per reading in one run (the register's studies: 500; 100,000 of Brouc take days on two cores)
# what a first deal's score-sheet entry says, per kind of session: what is compared between readings
RESULT_KEYS = {GAMES_AND_MARKS: ("how", "scores_after", "marks", "game_winner", "carried_in"),
               "other": ("how", "jetons", "points", "winners", "marks", "hombre", "homme", "contract", "result")}


@dataclass(frozen=True)
class Summary:
    """One session, as far as the figures need it: the first deal's result (a key compared
    between readings) and its cards and dealer; a digest of every deal's result; the players who won; the first dealer; per deal
    each side's score, the dealer's and the eldest hand's side (-1: none acted), and the
    contract (None: none was played, else whether it was made); the sides, each a tuple of
    table players (the league reads each player's score from them); the actions of each deal,
    in order (one taken out of turn with its seat, `brou.engine.bots.Step`), and the state of
    the players' random generator as each deal's first action was
    chosen (what brou.study.arising replays and plays again under another reading)."""

    seed: int
    first: str
    every: str
    cards: str
    winners: tuple[int, ...]
    first_dealer: int
    scores: tuple[tuple[float, ...], ...]
    dealer: tuple[int, ...]
    eldest: tuple[int, ...]
    contract: tuple[bool | None, ...]
    sides: tuple[tuple[int, ...], ...] = ()
    actions: tuple[tuple[Step, ...], ...] = ()
    states: tuple[Any, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Reading:
    """One option of an entry for a ruleset: its name and the parameters it is played with."""

    option: str
    params: dict[str, Any]


@dataclass(frozen=True)
class Plan:
    """A study to play: an entry, a ruleset, the default and every playable option (the default first)."""

    entry: str
    ruleset: str
    default: str
    readings: tuple[Reading, ...]
    base: dict[str, Any]


def unit_of(rules: Rules) -> str:
    """What a side's score per deal is, in words."""
    kind = session_kind(rules)
    if kind == GAMES_AND_MARKS:
        return "points scored in the deal (the game's score after it less before)"
    if kind == "points":
        return "card points of the deal"
    if kind == "marks":
        return "marks won or lost in the deal"
    return "jetons won or lost in the deal"


def contract_of(rules: Rules) -> str | None:
    """What "a contract made" means for a ruleset, or None where the game has none."""
    if rules.id == "hombre":
        return "the hombre wins"
    if rules.id == "homme-d-auvergne":
        return "the player who plays makes it"
    return None


def _scores(rules: Rules, kind: str, sides: list[list[int]], entry: dict[str, Any]) -> tuple[float, ...]:
    if kind == GAMES_AND_MARKS:
        return tuple(float(entry["scores_after"][t] - entry["scores_before"][t]) for t in range(len(sides)))
    key = "points" if kind == "points" else "jetons"
    return tuple(float(sum(entry[key][p] for p in side)) for side in sides)


def _contract(entry: dict[str, Any]) -> bool | None:
    if entry.get("hombre") is not None:
        return bool(entry.get("result") == "won")
    if entry.get("homme") is not None:
        return entry.get("how") == "played-out" and entry["homme"] in entry["winners"]
    return None


@dataclass(frozen=True)
class Standing:
    """Where a targeted study's sessions start (docs/ambiguities.md, "A targeted study"): inside
    the first game of a match of 1802 or Brouc, each team's score (in tens, from `scores`, the
    two ranges given to the teams in an order drawn too), the marriages carried into it (Brouc,
    in twenties, from `carried`) and the games each team has marked (from `marks`), drawn from
    a generator seeded by the session's seed alone: every reading of a study starts the same
    seed from the same standing, as the witness search draws its games
    (brou.conformance.cases.witnesses)."""

    scores: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    carried: tuple[int, int] = (0, 0)
    marks: tuple[int, int] = (0, 0)

    def drawn(self, seed: int) -> tuple[list[int], list[int], list[int]]:
        """The scores, carried marriages and marks by team (table numbering) for `seed`."""
        rng = random.Random(f"standing:{seed}")
        scores = [rng.randrange(lo // 10 * 10, hi + 1, 10) if hi > lo else lo for lo, hi in self.scores]
        if rng.random() < 0.5:
            scores.reverse()
        carried = [rng.randrange(self.carried[0], self.carried[1] + 1, 20) if self.carried[1] else 0 for _ in range(2)]
        return scores, carried, [rng.randint(*self.marks) for _ in range(2)]

    def text(self) -> str:
        """The standing in words, for the figures."""
        (a, b), (c, d) = self.scores
        parts = [f"the first game's scores drawn from {a}..{b} and {c}..{d}"]
        if self.carried[1]:
            parts.append(f"marriages carried into it {self.carried[0]}..{self.carried[1]}")
        if self.marks[1]:
            parts.append(f"games marked {self.marks[0]}..{self.marks[1]}")
        return ", ".join(parts)


def begun(rules: Rules, seed: int, standing: Standing | None = None) -> Session:
    """A session of `rules` from `seed` as drawn and dealt, or with a `standing` taken inside a
    game: the standing set and the first deal dealt again from the same deal seed under it."""
    session = Session(rules, seed)
    if standing is None:
        return session
    if session.kind != GAMES_AND_MARKS:
        raise ValueError(f"{rules.id}: a standing inside a game is for a match of games (1802, Brouc)")
    scores, carried, marks = standing.drawn(seed)
    session.scores, session.marks = scores, marks
    if rules.data["game"]["marked_by"] == "loser":  # Brouc: the losers mark, and marriages are carried
        session.carried = carried
    return session.under(rules)


def play_sessions(ruleset: str, params: dict[str, Any], players: Sequence[str], seeds: Sequence[int],
                  deals: int | None = None, standing: Standing | None = None, keep_states: bool = False,
                  steer: Mapping[str, float] | None = None) -> list[Summary]:
    """Play a session from each seed under `ruleset` with `params`, the player `players[p %
    len(players)]` (a spec: `careful`, `pimc:samples=8`) choosing for table player p (the bots'
    own choices drawn from random.Random(seed)); with `deals`, each session stops after that
    many deals if it is not over (its winners then none).  With `standing`, each session starts
    inside a game (`begun`).  Each summary keeps every action of every deal (what
    brou.study.arising replays), and with `keep_states` the players' random state as each deal
    began (what it plays again under another reading).  With `steer` (an action's kind,
    brou.study.options.kind_of, to a probability), the player to act takes an action of a
    steered kind with its probability when he may, as the search for option situations does, so
    that the moments a rare reading is about come up."""
    rules = Rules.load(ruleset, **params)
    bots = [player_bot(rules, spec) for spec in players]
    asks = acts_out_of_turn(bots)
    kind = session_kind(rules)
    keys = RESULT_KEYS[GAMES_AND_MARKS if kind == GAMES_AND_MARKS else "other"]
    out = []
    for seed in seeds:
        session, rng = begun(rules, seed, standing), random.Random(seed)
        cards = json.dumps([session.dealer, list(session.deal.deal)], default=str)
        first_dealer = session.dealer if not session.deals else session.deals[0]["dealer"]
        eldest: dict[int, int] = {}
        actions: dict[int, list[Step]] = {}
        states: dict[int, Any] = {}
        while not session.is_over and (deals is None or len(session.deals) < deals):
            if len(session.deals) > 100_000:
                raise RuntimeError(f"{ruleset} seed {seed}: the session did not end within 100,000 deals")
            number = len(session.deals)
            player = session.seating.player(session.deal.to_act)
            eldest.setdefault(number, player)
            if keep_states and number not in states:
                states[number] = rng.getstate()
            nudged = _steered(session.deal, steer, rng) if steer else None
            action, seat = (nudged, None) if nudged is not None else next_move(
                session.deal, seated(bots, session.seating), rng, asks)
            actions.setdefault(number, []).append(action if seat is None else (action, seat))
            session.apply(action, seat)
        sides = session.sides
        side_of = {p: i for i, side in enumerate(sides) for p in side}
        played = session.deals
        results = [{k: d[k] for k in keys if k in d} for d in played]
        out.append(Summary(
            seed, json.dumps(results[0], sort_keys=True),
            hashlib.sha256(json.dumps(results, sort_keys=True).encode()).hexdigest(), cards,
            tuple(sorted(session.winners or [])), first_dealer,
            tuple(_scores(rules, kind, sides, d) for d in played),
            tuple(side_of.get(d["dealer"], -1) for d in played),
            tuple(side_of.get(eldest[i], -1) if i in eldest else -1 for i in range(len(played))),
            tuple(_contract(d) for d in played), tuple(tuple(side) for side in sides),
            tuple(tuple(actions.get(i, ())) for i in range(len(played))),
            tuple(states.get(i) for i in range(len(played)))))
    return out


def _steered(deal: Any, steer: Mapping[str, float], rng: random.Random) -> int | None:
    """An action of a steered kind for the player to act, each legal one drawn with its kind's
    probability (brou.study.options: the same nudge as the search for option situations), or
    its text's where the steering names the action itself (L'Hombre's `tourne`); None where
    none is drawn."""
    nudged = [a for a in deal.legal_actions()
              if rng.random() < steer.get(kind_of(deal, a), steer.get(deal.action_text(a), 0.0))]
    return rng.choice(nudged) if nudged else None


# -- the figures -----------------------------------------------------------------------------


def _advantage(summary: Summary, who: tuple[int, ...]) -> tuple[float, int]:
    """The sum over a session's deals of the net of one side (the dealer's or the eldest's):
    its score less the mean score of the other sides; and the deals counted."""
    total, count = 0.0, 0
    for scores, side in zip(summary.scores, who, strict=True):
        if side < 0 or len(scores) < 2:
            continue
        others = [s for i, s in enumerate(scores) if i != side]
        total += scores[side] - sum(others) / len(others)
        count += 1
    return total, count


def figures(summaries: Sequence[Summary], default: Sequence[Summary], n_sides: int) -> dict[str, Any]:
    """The figures of one reading against the default's sessions on the same seeds (the lists in seed order)."""
    if [s.seed for s in summaries] != [s.seed for s in default]:
        raise ValueError("a reading and the default were not played on the same seeds")
    n = len(summaries)
    pairs = list(zip(summaries, default, strict=True))
    counts = [len(s.scores) for s in summaries]
    per_side = [ratio([sum(d[i] for d in s.scores) for s in summaries], counts) for i in range(n_sides)]
    dealer = [_advantage(s, s.dealer) for s in summaries]
    eldest = [_advantage(s, s.eldest) for s in summaries]
    made = [c for s in summaries for c in s.contract if c is not None]
    won = sum(1 for s in summaries if s.first_dealer in s.winners)

    def data(x: Rate | Mean) -> dict[str, Any]:
        return x.data()

    return {
        "sessions": n,
        "deals": sum(counts),
        "first_deal_changed": data(wilson(sum(1 for a, b in pairs if a.first != b.first), n)),
        "same_first_cards": data(wilson(sum(1 for a, b in pairs if a.cards == b.cards), n)),
        "winner_changed": data(wilson(sum(1 for a, b in pairs if a.winners != b.winners), n)),
        "any_deal_changed": data(wilson(sum(1 for a, b in pairs if a.every != b.every), n)),
        "score_per_deal": [data(m) for m in per_side],
        "dealer_advantage": data(ratio([t for t, _ in dealer], [c for _, c in dealer])),
        "eldest_advantage": data(ratio([t for t, _ in eldest], [c for _, c in eldest])),
        "first_dealer_wins": data(wilson(won, n)),
        "contract_made": data(wilson(sum(made), len(made))) if made else None,
        "deals_per_session": data(mean([float(c) for c in counts])),
    }


# -- which studies there are -------------------------------------------------------------------


def _playable(entry: Entry, ruleset: str) -> list[str]:
    return [o.name for o in entry.options if o.playable and ruleset in o.overrides]


def plans(entry: Entry, ruleset: str | None = None) -> list[Plan]:
    """The studies of an entry: one per ruleset it concerns (or `ruleset` only) with two playable options or more."""
    out = []
    base_of = PLANS[entry.id].base if entry.id in PLANS else {}
    for r in [ruleset] if ruleset else entry.rulesets:
        names = _playable(entry, r)
        default = entry.defaults[r]["option"]
        if len(names) < 2 or default not in names:
            continue
        base = dict(base_of.get(r, {}))
        order = [default] + [n for n in names if n != default]
        readings = tuple(Reading(n, base | entry.option(n).overrides[r]) for n in order)
        out.append(Plan(entry.id, r, default, readings, base))
    return out


def unplayed(entry: Entry) -> list[dict[str, str]]:
    """The rulesets of an entry with no study, and why (for the table, never a silent gap)."""
    out = []
    for r in entry.rulesets:
        names = _playable(entry, r)
        default = entry.defaults[r]["option"]
        if len(names) >= 2 and default in names:
            continue
        if len(entry.options) == 1:
            why = "a single option: nothing to compare"
        else:
            parts = [f"{o.name} cannot be played" if not o.playable else f"{o.name} sets no parameter of {r}"
                     for o in entry.options if o.name not in names]
            if default not in names:
                parts.append(f"the default is {default}")
            why = "fewer than two options can be played (" + "; ".join(parts) + "; the register says why)"
        out.append({"entry": entry.id, "ruleset": r, "why": why})
    return out


# -- running ------------------------------------------------------------------------------------


def worker_start() -> None:
    """A worker of the pool leaves Ctrl-C to the command, and is ended by SIGTERM as a process
    is (not by a handler the command may have set before the pool was made): the pool stops
    it, without each worker printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def check_players(players: Sequence[str], rulesets: Sequence[str]) -> None:
    """UsageError unless each is a player's spec (brou.players.names) and there are no more than seats."""
    for spec in players:
        parse_player(spec)
    for r in rulesets:
        rules = Rules.load(r)
        if not 1 <= len(players) <= rules.table_size:
            raise UsageError(f"brou study: {len(players)} players for {r}, which seats {rules.table_size}")


def check_seeds(sessions: int, seed: int) -> None:
    """UsageError unless `sessions` is within MAX_SESSIONS and the seeds stay within MAX_SEED."""
    if not 1 <= sessions <= MAX_SESSIONS:
        raise UsageError(f"brou study: --deals is a number of sessions per reading from 1 to {MAX_SESSIONS:,}; "
                         f"split a larger study by --seed")
    if seed + sessions - 1 > MAX_SEED:
        raise UsageError(f"brou study: seeds {seed} to {seed} + {sessions:,} - 1 go past the last seed, {MAX_SEED}")


def _key(ruleset: str, params: dict[str, Any]) -> tuple[str, str]:
    """What a reading plays: its ruleset and every parameter's value (a default reading is the
    plain ruleset, whatever entry it stands in, and is played once)."""
    return ruleset, json.dumps(Rules.load(ruleset, **params).params, sort_keys=True, default=str)


def processes(jobs: int, tasks: int) -> int:
    """The processes that play: as asked, but no more than the chunks of work or the cores."""
    return max(1, min(jobs, tasks, os.cpu_count() or 1))


def _study_data(plan: Plan, played: list[list[Summary]], sessions: int, seed: int,
                players: Sequence[str]) -> dict[str, Any]:
    rules = Rules.load(plan.ruleset, **plan.readings[0].params)
    n_sides = len(Session(rules, seed).sides)
    return {
        "entry": plan.entry,
        "ruleset": plan.ruleset,
        "default": plan.default,
        "base": plan.base,
        "seed": seed,
        "sessions": sessions,
        "players": list(players),
        "session": "match" if session_kind(rules) == GAMES_AND_MARKS else "game",
        "unit": unit_of(rules),
        "sides": [[p for p in side] for side in Session(rules, seed).sides],
        "contract": contract_of(rules),
        "options": [{"option": r.option, "params": r.params} | figures(s, played[0], n_sides)
                    for r, s in zip(plan.readings, played, strict=True)],
    }


def chosen(amb_id: str | None, ruleset: str | None = None, players: Sequence[str] = DEFAULT_PLAYERS,
           register: Register | None = None) -> tuple[list[Plan], list[dict[str, str]]]:
    """The studies of one entry (`brou study AMB-nn`, its rulesets or `ruleset`), or of every
    entry (`amb_id` None: `brou study --all`), and the rulesets with none and why; UsageError
    for an entry, a ruleset or players that cannot be studied."""
    reg = register or load_register()
    if amb_id is None:
        plans_ = [p for e in reg.entries for p in plans(e)]
        skipped = [u for e in reg.entries for u in unplayed(e)]
    else:
        entry = reg.entry(amb_id)
        if ruleset is not None and ruleset not in entry.rulesets:
            raise UsageError(f"brou study: {entry.id} is not a question of {ruleset} "
                             f"(it concerns {', '.join(entry.rulesets)})")
        plans_ = plans(entry, ruleset)
        skipped = [u for u in unplayed(entry) if ruleset is None or u["ruleset"] == ruleset]
    check_players(players, sorted({p.ruleset for p in plans_}))
    return plans_, skipped

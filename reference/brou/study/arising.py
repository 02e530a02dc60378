"""Whether the situation a reading is about arises, deal by deal: one detector for every entry
of the register (docs/ambiguities.md, "How often it arises").

A session played under the default reading is replayed action by action, and beside it the
engine of another reading is kept in step: the same actions applied to it.  At the start of
each deal the other reading's engine is taken from the default's session as it stands
(`Session.under`: the same standing, the deal dealt again from the same deal seed under the
other rules; the first deal from the seed itself, so that a reading of the draw for the first
dealer is seen too).  The situation **arises** in a deal at the first step where the two
engines part:

- what the players may do differs (each seat that may act and its legal actions), or what a
  seat that may act sees (its `view`: its hand, the table, the scores, the outcome shown), or
  which card beats which (the order every seat plays by: AMB-43's ten);
- the action played is not legal under the other reading;
- the deal ends under one reading and not the other, or its count differs: the result of the
  deal as the score sheet keeps it, the session's standing after it (marks, jetons, the game's
  scores and carried marriages, the games won), who has won the session, the side of the next
  dealer.

Everything is compared by side or in the table's numbering, not by seat of a deal, and a seat
by the player (the spec) who sits there: a reading that only changes which of two partners
holds a hand (1802's next dealer to the left or the right, AMB-01) does not arise when the
partners are the same player (`CANNOT_ARISE` says why for each such entry).  A deal's step is
0 when the two part as the deal is dealt, k when they part at its k-th action (before it, on
it, or after it); -1 when they never do.

Where it arises, what it changes (`consequences`): the deal is played again from its start
under the other reading, by the same players drawing from the same random state, and its
count compared with the default's: whether its result changes, and each side's score.  Up to
the step where the readings part the two plays are the same; from there each reading goes its
own way.  With a `Replay`, the deal is played on by stronger players from the action where the
readings part, under both readings, from common random numbers, and once more under the
default for what chance alone changes (docs/ambiguities.md, "Played again by stronger players").
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.bots import Step, acts_out_of_turn, next_move, seated
from ..engine.session import GAMES_AND_MARKS, Session, session_kind
from ..engine.view import view
from ..players import player_bot
from ..spec.rules import Rules, card_order
from .play import RESULT_KEYS, Standing, _scores, begun
from .reasons import CANNOT_ARISE

__all__ = ["CANNOT_ARISE", "NEVER", "Deal", "Replay", "arising", "arose_in", "consequences"]

NEVER = -1  # a deal where the situation did not arise

@dataclass(frozen=True)
class Deal:
    """One deal of a session under the default reading, against the other reading: the step at
    which the two part (NEVER: they do not); where they part and the deal is played again
    (`replayed`), whether the deal's result changes under the other reading, and each side's
    score there less under the default (empty where either play ends the session first); with
    a replay (`Replay`), whether the default's deal played again from another random state
    has another result too (`noise`: the players' chance alone)."""

    step: int
    changed: bool = False
    delta: tuple[float, ...] = ()
    replayed: bool = False
    noise: bool | None = None


def _state(session: Session, players: Sequence[str]) -> tuple[Any, ...]:
    """What the players of the current deal may do now and what each who may act sees, by seat
    of the deal (the two sessions compared stand at the same seating), with the player who sits
    there, and what every seat knows of the cards: which beats which (the order under the
    deal's trump, `card_order`), since a player chooses by it before any trick goes otherwise
    (AMB-43, where the ten ranks).  A seat that may not act is not looked at: what it sees
    differently shows when it acts, or in the deal's count."""
    deal = session.deal
    if deal.is_over:
        return ("over",)
    speakers = deal.speakers()
    at = session.seating
    who = [players[at.player(seat) % len(players)] if players else "" for seat in range(deal.rules.n_players)]
    return deal.to_act, who[deal.to_act] if deal.to_act is not None else None, card_order(deal.rules, deal.trump).place, [
        (seat, who[seat], sorted(speakers[seat]), view(deal, seat, at)) for seat in sorted(speakers)]


def _result(session: Session, entry: dict[str, Any]) -> str:
    kind = GAMES_AND_MARKS if session.kind == GAMES_AND_MARKS else "other"
    return json.dumps({k: entry[k] for k in RESULT_KEYS[kind] if k in entry}, sort_keys=True, default=str)


def _standing(session: Session, since: int, players: Sequence[str]) -> tuple[Any, ...]:
    """What the deals closed since deal `since` gave, and the session's standing after them, by
    side or by table player: each deal's result as the score sheet keeps it, the marks,
    jetons, scores, carried marriages and games, the winners, the next dealer's side, and the
    player (spec) at each seat of the next deal."""
    results = [_result(session, d) for d in session.deals[since:]]
    next_side = None if session.is_over else next(
        (i for i, side in enumerate(session.sides) if session.dealer in side), None)
    at = session.seating
    seats = [players[at.player(seat) % len(players)] for seat in range(session.rules.n_players)] if players else []
    return (results, list(session.marks), list(session.jetons), list(session.scores), list(session.carried),
            len(session.games), sorted(session.winners or []), next_side, seats)


def _deal_step(session: Session, shadow: Session, actions: Sequence[Step], players: Sequence[str]) -> int:
    """Replay one deal's actions on `session` (at the deal's start), with `shadow` (the other
    reading, at the same start) kept in step until the two part: the step where they do
    (NEVER if they do not).  `session` ends at the start of the next deal either way."""
    number = len(session.deals)
    step = NEVER
    if (_state(session, players) != _state(shadow, players) or len(shadow.deals) != number
            or _standing(session, number, players) != _standing(shadow, number, players)):
        step = 0
    for k, taken in enumerate(actions, 1):
        action, seat = (taken, None) if isinstance(taken, int) else taken
        if step == NEVER and action not in shadow.deal.legal_actions(seat):
            step = k
        session.apply(action, seat)
        if step != NEVER:
            continue
        shadow.apply(action, seat)
        closed = len(session.deals) > number
        if closed != (len(shadow.deals) > number):
            step = k
        elif closed:
            if _standing(session, number, players) != _standing(shadow, number, players):
                step = k
        elif _state(session, players) != _state(shadow, players):
            step = k
    return step


def _played_again(counter: Session, bots: Sequence[Any], state: Any, keyed: str | None = None,
                  prefix: Sequence[Step] = ()) -> dict[str, Any] | None:
    """The current deal of `counter` played to its end by `bots` after the actions `prefix`,
    drawing from a generator at `state`, or with `keyed`, each decision from a generator seeded
    by `keyed` and the deal's actions so far (common random numbers: two readings whose deals
    stand at the same actions draw the same worlds, so that they part only where a player's
    choice does): its score-sheet entry (None if the session ends before it is counted)."""
    number = len(counter.deals)
    rng = random.Random()
    if state is not None:
        rng.setstate(state)
    asks = acts_out_of_turn(bots)
    history: list[str] = []
    for taken in prefix:
        action, seat = (taken, None) if isinstance(taken, int) else taken
        counter.apply(action, seat)
        history.append(f"{action}@{seat}" if seat is not None else str(action))
    while len(counter.deals) == number and not counter.is_over:
        if keyed is not None:
            rng = random.Random(f"{keyed}|{' '.join(history)}")
        action, seat = next_move(counter.deal, seated(bots, counter.seating), rng, asks)
        counter.apply(action, seat)
        history.append(f"{action}@{seat}" if seat is not None else str(action))
    return counter.deals[number] if len(counter.deals) > number else None


@dataclass(frozen=True)
class Replay:
    """Other players for the deals where a reading arises (`consequences`): such a deal is taken
    as the session's players played it up to the action where the readings part, and played on
    from there by `players` (specs) under the default reading and under the other, each decision
    drawing from a generator seeded by the deal's actions so far (the same under both readings
    until a choice parts them), and the two counts compared; and once more under the default
    from other generators, for how often the players' own chance alone changes the deal's
    result.  Only the first `deals` deals where it arises in each chunk of a study
    (25 seeds, brou.study.chunk) are played again, so that an entry whose case arises in every
    deal costs no more than `deals` replays a chunk while a rare one has all of its own.  The
    sessions and the arising stay the session players' (cheap); the consequences are the
    replay players' (dear)."""

    players: tuple[str, ...]
    deals: int = 1

    def text(self) -> str:
        """How a study's figures name it: the players, and how many deals of a chunk."""
        deals = "the first deal" if self.deals == 1 else f"the first {self.deals} deals"
        return f"{','.join(self.players)}, {deals} of each 25 seeds where it arises"


def _at_start(base: Session | None, rules: Rules, seed: int, standing: Standing | None) -> Session:
    """The deal `base` stands at the start of, dealt again under `rules`; the first deal (no
    `base`) dealt from the session's seed (and `standing`), so that a reading of the draw for
    the first dealer is seen too."""
    return begun(rules, seed, standing) if base is None else base.under(rules)


def consequences(ruleset: str, params: dict[str, Any], other: dict[str, Any], seed: int,
                 actions: Sequence[Sequence[Step]], players: Sequence[str] = (), states: Sequence[Any] = (),
                 standing: Standing | None = None, replay: Replay | None = None,
                 budget: int | None = None) -> tuple[Deal, ...]:
    """For each deal of a session played under `params` by `players` (its actions, deal by
    deal, and its players' random states, as `play_sessions` keeps them; from `standing` if it
    started inside a game), where the reading with `other` parts from it and, when `states` are given,
    what that changes in the deal (the module's docstring): played again under `other` by the
    same players and compared with the deal as played, or, with `replay`, played again under
    both readings by the replay's players, at most `budget` deals (None: every one)."""
    other_rules = Rules.load(ruleset, **other)
    session = begun(Rules.load(ruleset, **params), seed, standing)
    again_by = (replay.players if replay else players) if states else ()
    bots = [player_bot(other_rules, spec) for spec in again_by]
    mine_bots = [player_bot(session.rules, spec) for spec in again_by] if replay else []
    left = len(actions) if budget is None else budget
    out = []
    for number, deal_actions in enumerate(actions):
        if len(session.deals) > number:  # ended as it was dealt: judged with the deal before
            out.append(Deal(NEVER))
            continue
        if session.is_over:
            raise ValueError(f"{ruleset} seed {seed}: the actions go past the end of the session")
        shadow = _at_start(session if number else None, other_rules, seed, standing)
        again = bool(bots) and left > 0
        # the deal's start, kept to be dealt again from (the first deal is dealt from the seed itself)
        base = session.under(session.rules) if again and number > 0 else None
        step = _deal_step(session, shadow, deal_actions, players)
        if step == NEVER or not again:
            out.append(Deal(step))
            continue
        counter = _at_start(base, other_rules, seed, standing)
        mine_counters = [_at_start(base, session.rules, seed, standing) for _ in range(2)] if replay else []
        left -= 1
        keyed = f"{seed}:{number}" if replay else None
        before = deal_actions[:max(step - 1, 0)] if replay else ()  # a replay plays on from where they part
        theirs = _played_again(counter, bots, states[number], keyed, before)
        noise = None
        if mine_counters:
            played = mine_counters[0]
            mine = _played_again(played, mine_bots, states[number], keyed, before)
            chance = _played_again(mine_counters[1], mine_bots, None, f"{seed}:{number}:again", before)
            noise = (mine is None) != (chance is None) or (
                mine is not None and chance is not None and _result(played, mine) != _result(mine_counters[1], chance))
        else:
            mine, played = session.deals[number], session
        if theirs is None or mine is None:
            out.append(Deal(step, (theirs is None) != (mine is None), replayed=True, noise=noise))
            continue
        kind, other_kind = session_kind(session.rules), session_kind(other_rules)
        ours = _scores(session.rules, kind, played.sides, mine)
        after = _scores(other_rules, other_kind, counter.sides, theirs)
        out.append(Deal(step, _result(played, mine) != _result(counter, theirs),
                        tuple(a - b for a, b in zip(after, ours, strict=True)), True, noise))
    return tuple(out)


def arising(ruleset: str, params: dict[str, Any], other: dict[str, Any], seed: int,
            actions: Sequence[Sequence[Step]], standing: Standing | None = None,
            players: Sequence[str] = ()) -> tuple[int, ...]:
    """For each deal of a session played under `params` (its actions, deal by deal, as
    `play_sessions` keeps them; from `standing` if it started inside a game), the step at which
    the reading with `other` parts from it (NEVER where it does not): the module's docstring."""
    return tuple(d.step for d in consequences(ruleset, params, other, seed, actions, players, (), standing))


def arose_in(steps: Sequence[int]) -> int:
    """The deals of a session where the situation arose."""
    return sum(1 for s in steps if s != NEVER)

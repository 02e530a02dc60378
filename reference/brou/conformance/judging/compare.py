"""Judging an implementation's answers against a scenario's expectations.

`judge(scenario, answer, codes)` gives a `Verdict`: passed; failed (the first step
whose answer differs, with what was expected and what came back); or errored (the
answer is not shaped as the protocol says, so nothing can be judged).  Any JSON value
in any place of an answer gets one of these verdicts; the values a verdict keeps are
cut to a bounded size (brou.conformance.protocol.bounds).

A failed observation whose value does not have the shape the protocol gives that observable
(conformance/protocol/run.answer.schema.json: the `trick` as records rather than cards) is a
protocol failure (`Verdict.protocol` says what is wrong): it breaks the protocol, not a rule, and
is laid on no clause.
"""

from __future__ import annotations

import json
import marshal
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

import jsonschema_rs

from ...engine import view
from ...errors import BrouError
from ...spec.rules import Rules
from ..protocol.bounds import as_text, bounded, cut
from ..scenarios.corpus import CONFORMANCE_DIR, Omit, Scenario, all_steps, step_kept

PASSED, FAILED, ERRORED, SKIPPED = "passed", "failed", "errored", "skipped"


class Verdict(NamedTuple):
    """What became of one scenario.  `detail` says why for anything but a pass:
    the step (from 1), what was expected and what the implementation gave."""

    status: str
    detail: str = ""
    step: int | None = None
    expected: Any = None
    got: Any = None
    clause: str | None = None  # a failure: the one clause it breaks (brou.conformance.diagnosis.diagnose)
    observed: str | None = None  # a failure at an `expect` step: the observable that differs
    reading_steps: int = 0  # steps left out, whole or in part, because they depend on a declared reading
    protocol: str = ""  # a failure where the answer does not have the protocol's shape: what is wrong (`shape_problem`)


class Malformed(Exception):
    pass


def _text(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= 300 else text[:297] + "..."


def expectations(scenario: Scenario, features: frozenset[str] | None = None,
                 omit: Omit | None = None, data: Mapping[str, Any] | None = None) -> list[tuple[str, Any, int, str]]:
    """One (kind, expected, scenario step number, where) per request step: ("accept",
    action), ("reject", (action, code or None)), ("observe", {name: value}), ("perft", count), ("deal", what);
    with `features`, for the steps an implementation offering them is sent (corpus.kept_step);
    with `omit`, without what a declared reading leaves out (corpus.step_kept); `data`: the
    scenario's data, if already read."""
    out: list[tuple[str, Any, int, str]] = []
    whole = all_steps(features, omit)
    for number, given in enumerate((scenario.data if data is None else data)["steps"], 1):
        step = given if whole else step_kept(number, given, features, scenario.ruleset, omit)
        if step is None:
            continue
        where = f"step {number}"
        if "do" in step:
            actions = step["do"]
            if isinstance(actions, str):
                out.append(("accept", actions, number, where))
            else:
                out.extend(("accept", a, number, f"{where}, action {i} of {len(actions)}") for i, a in enumerate(actions, 1))
        elif "reject" in step:
            out.append(("reject", (step["reject"], step.get("code")), number, where))
        elif "expect" in step:
            out.append(("observe", step["expect"], number, where))
        elif "deal" in step:
            out.append(("deal", "the next deal", number, where))
        else:
            out.append(("perft", step["count"], number, where))
    return out


def passing_results(data: Mapping[str, Any], refusals: Sequence[str]) -> list[Any] | None:
    """The results of an answer to the whole scenario (`corpus.request_of(data)`: every step
    sent) that meets every expectation as the reference engine words it: each observation's
    names in the request's order, each refusal with its code and, in order, the messages
    `refusals`; None if the scenario has a refusal without a code.  An answer whose results
    are exactly these passes (`judge`), whatever the messages say: `brou fuzz` sends them
    with a case, so that an answer the same to the byte needs no judging."""
    out: list[Any] = []
    said = iter(refusals)
    for step in data["steps"]:
        if "do" in step:
            out += [{"ok": True}] * (1 if isinstance(step["do"], str) else len(step["do"]))
        elif "reject" in step:
            if step.get("code") is None:
                return None
            out.append({"ok": False, "code": step["code"], "message": next(said, "")})
        elif "expect" in step:
            expect = step["expect"]
            out.append({name: expect[name] for name in sorted(expect)})
        elif "deal" in step:
            out.append({"ok": True})
        else:
            out.append({"count": step["count"]})
    return out


def judge(scenario: Scenario, answer: Mapping[str, Any], codes: bool = True, features: frozenset[str] | None = None,
          omit: Omit | None = None, data: Mapping[str, Any] | None = None, whole: bool = False) -> Verdict:
    """Compare an implementation's `results` with the scenario; `codes`: compare the
    error codes of rejections (feature error-codes); `features`: the implementation's, when
    it was sent only the steps it can answer (`Scenario.request_for`); `omit`: what a
    declared reading left out of the request; `data`: the scenario's data, if already read.
    A failure keeps the values that differ as JSON cut short when they are long (`bounded`),
    or with `whole` as they are: for the diagnosis, which reads a long ledger or result
    whole and then cuts them (`bounded_values`)."""
    keep: Callable[[Any], Any] = _as_is if whole else bounded
    results = answer.get("results")
    expected = expectations(scenario, features, omit, data)
    if not isinstance(results, list):
        return Verdict(ERRORED, "the answer has no 'results' list")
    if len(results) != len(expected):
        return Verdict(ERRORED, f"{len(results)} results for {len(expected)} steps")
    fields = view_fields(scenario.ruleset)
    for (kind, want, number, where), got in zip(expected, results, strict=True):
        try:
            problem = _compare_step(kind, want, got, codes, fields)
        except Malformed as exc:
            return Verdict(ERRORED, f"{where}: malformed result: {exc}", number, protocol=malformed_problem(exc))
        if problem is not None:
            detail, exp, have, observed = problem
            shape = shape_problem(observed, exp, have) if observed is not None else None
            if shape is not None:
                return Verdict(FAILED, f"{where}: protocol failure: {shape} ({detail})", number, keep(exp),
                               keep(have), observed=observed, protocol=shape)
            return Verdict(FAILED, f"{where}: {detail}", number, keep(exp), keep(have), observed=observed)
    return Verdict(PASSED)


def _as_is(value: Any) -> Any:
    return value


_GOT = re.compile(r", got .*$", re.S)


def malformed_problem(exc: Malformed) -> str:
    """What is wrong with a result not of the protocol's shape, as the verdict counts it: the
    problem without the value given, so that the scenarios failing the same way add up."""
    return _GOT.sub("", str(exc))


def bounded_values(verdict: Verdict) -> Verdict:
    """The verdict with its expected and received values cut short when long (`bounded`)."""
    return verdict._replace(expected=bounded(verdict.expected), got=bounded(verdict.got))


# what each observable is, in the protocol's words (conformance/PROTOCOL.md), for a protocol failure
SHAPES = {
    "to_act": "a player or null", "legal": "a list of distinct actions",
    "speakers": "a list, by player, of lists of distinct actions", "trick": "a list of cards",
    "tricks": "a list of players", "trump": "a suit or null", "over": "true or false",
    "announcements": "a list of {player, marriage, points}", "table": "a list of {trick, marriage, team, points}",
    "result": "a list of records, one per team or player", "outcome": "null or a record of how the deal ended",
    "auction": "a list of {player, bid}", "hombre": "a player or null", "contract": "null or {name, trump}",
    "exchange": "a list of {player, discarded}", "events": "a list of {trick, player} records, each with its card",
    "homme": "a player or null", "words": "a list of {player, word}",
    "ledger": "a list of payments {trick, from, to, card, clause} with their jetons, marks or points",
    "talon": "a number of cards", "session": "a record {deals, winners, next_dealer, ...}",
    "match": "a record {marks, winner, next_dealer, carried}", "start": "a record {dealer, scores, carried, marks}",
    "deal": "a record {hands, and a turnup or a talon}", "sheet": "a list of rows {kind, nous, eux}",
    "view": "a list of views, one per player",
}
# `view` is judged field by field (a field more is a leak, a rule's failure): its shape is a list of objects
_VIEW_SHAPE = {"type": "array", "items": {"type": "object"}}


@cache
def _shape_validator(name: str) -> Any:
    """A validator of one observable's value against the protocol's schema of answers (None for
    an observable the schema does not describe)."""
    root = json.loads((CONFORMANCE_DIR / "protocol" / "run.answer.schema.json").read_text(encoding="utf-8"))
    defs = root.get("$defs", {})
    shape = _VIEW_SHAPE if name == "view" else defs.get("observation", {}).get("properties", {}).get(name)
    if shape is None:
        return None
    return jsonschema_rs.validator_for({"$schema": root["$schema"], "$defs": defs, **shape})


def shape_problem(name: str, expected: Any, got: Any) -> str | None:
    """What is wrong with an observation that does not have the protocol's shape ("the `trick`
    observable is not a list of cards"), or None: it has, or the expected value has not either (a
    shape the schema does not describe well enough to judge by)."""
    try:
        validator = _shape_validator(name)
    except (OSError, ValueError):  # no schema beside the corpus: nothing judged by it
        return None
    if validator is None or not validator.is_valid(expected):
        return None
    try:
        if validator.is_valid(got) or validator.is_valid(_withheld_filled(expected, got)):
            renamed = _renamed(expected, got)
            return None if renamed is None else f"the `{name}` observable's records name a field otherwise ({renamed})"
    except UnicodeError:  # a string no UTF-8 can carry (a lone surrogate): not of any shape the protocol gives
        pass
    return f"the `{name}` observable is not {SHAPES.get(name, 'of the shape the protocol gives it')}"


def _renamed(expected: Any, got: Any) -> str | None:
    """Where the answer's records (a record, or a list of them) lack a field every expected
    record has and have one none of them has: a field named otherwise than the protocol names it
    for this game ("points for marks"), whatever the schema, which gives every game's fields,
    allows; None otherwise."""
    def records(value: Any) -> list[dict[str, Any]]:
        if isinstance(value, dict):
            return [value]
        return [r for r in value if isinstance(r, dict)] if isinstance(value, list) else []
    want, given = records(expected), records(got)
    if not want or not given:
        return None
    always = set.intersection(*(set(r) for r in want))
    known = set().union(*(set(r) for r in want))
    missing = sorted(always - set().union(*(set(r) for r in given)))
    extra = sorted(set().union(*(set(r) for r in given)) - known)
    return f"{', '.join(extra)} for {', '.join(missing)}" if missing and extra else None


def _withheld_filled(expected: Any, got: Any) -> Any:
    """The answer with each `null` the reference has a card, a number or a word for filled in:
    a value withheld (a card drawn without showing it) is what the protocol's `null` says
    elsewhere (a card not shown), a reading of what is public, not an answer of another shape."""
    if got is None and isinstance(expected, (str, int)):
        return expected
    if isinstance(got, list) and isinstance(expected, list) and len(got) == len(expected):
        return [_withheld_filled(e, g) for e, g in zip(expected, got, strict=True)]
    if isinstance(got, dict) and isinstance(expected, dict):
        return {k: _withheld_filled(expected[k], v) if k in expected else v for k, v in got.items()}
    return got


def departures(scenario: Scenario, answer: Mapping[str, Any]) -> tuple[Omit | None, str]:
    """Where another engine's answer to the whole scenario (the reference engine's under a
    reading an implementation declared) departs from the scenario's expectations, as what to
    leave out of it (None: nothing departs), and what happened where the line of play parts
    (""): an `expect` step loses the observables that differ, a perft step or a refusal's
    error code that differs is left out, and an action refused that the scenario plays (or
    allowed that it refuses), or a deal not dealt, leaves out its step and all that follow."""
    results = answer.get("results")
    expected = expectations(scenario)
    if not isinstance(results, list) or len(results) != len(expected):
        return Omit({}, 1), "no answer to judge by"
    fields = view_fields(scenario.ruleset)
    steps: dict[int, frozenset[str] | None] = {}
    for (kind, want, number, _), got in zip(expected, results, strict=True):
        try:
            problem = _compare_step(kind, want, got, True, fields)
        except Malformed as exc:
            return Omit(steps, number), f"step {number}: malformed result: {exc}"
        if problem is None:
            continue
        if kind == "observe":
            names = frozenset(n for n, v in want.items() if _compare_value(n, v, got[n], fields) is not None)
            steps[number] = names
        elif kind == "perft":
            steps[number] = None
        elif kind == "reject" and got.get("ok") is False:
            steps[number] = frozenset({"code"})
        else:
            return Omit(steps, number), f"step {number}: {problem[0]}"
    return (Omit(steps) if steps else None), ""


ViewFields = tuple[tuple[str, ...], dict[str, tuple[str, ...]]]
PARTNERSHIP_FIELDS: ViewFields = view.kind_fields("partnership")  # 1802's and Brouc's, where no ruleset says

# the fields of a view that hold a set of cards, compared in any order: a hand, a partner's
# hand, the open nolo's hand, a player's discards, the talon's cards shown once play begins
CARD_SETS = ("hand", "partner_hand", "open_hand", "discards", "talon_rest")


@lru_cache(maxsize=64)
def view_fields(ruleset: str) -> ViewFields:
    """The fields of a view, and of the records it holds, for a ruleset (brou.engine.view.fields)."""
    try:
        rules = Rules.load(ruleset)
    except BrouError:  # an unknown ruleset is reported where the scenario is loaded
        return PARTNERSHIP_FIELDS
    return view.fields(rules)


def _compare_step(kind: str, want: Any, got: Any, codes: bool,
                  fields: ViewFields = PARTNERSHIP_FIELDS,
                  ) -> tuple[str, Any, Any, str | None] | None:
    """None if the result is right; else (what is wrong, expected, got, the observable that differs)."""
    if kind == "accept" and type(got) is dict and got.get("ok") is True:  # the common case, fast
        return None
    if not isinstance(got, dict):
        raise Malformed(f"expected an object, got {_text(got)}")
    if kind in ("accept", "reject"):
        ok = got.get("ok")
        if not isinstance(ok, bool):
            raise Malformed(f"an action's result needs \"ok\": true or false, got {_text(got)}")
        if kind == "accept":
            if not ok:
                code = as_text(got.get("code"), 80)
                return f"{want} was refused ({code}), it is legal", "accepted", f"refused: {code}", None
            return None
        action, code = want
        if ok:
            must = f"{action} was accepted, it must be refused" + (f" ({code})" if code else "")
            return must, f"refused: {code}", "accepted", None
        if codes and code is not None and got.get("code") != code:
            return f"{action} refused with code {as_text(got.get('code'), 80)}, expected {code}", code, got.get("code"), None
        return None
    if kind == "deal":
        return None if got.get("ok") is True else ("the next deal was not dealt", {"ok": True}, got, None)
    if kind == "perft":
        count = got.get("count")
        if not isinstance(count, int) or isinstance(count, bool):
            raise Malformed(f"a perft result needs \"count\": a whole number, got {_text(got)}")
        return None if count == want else (f"perft count {count}, expected {want}", want, count, None)
    if len(got) == len(want):  # the common case, fast: the names asked, every value the same (`_same`)
        try:
            if marshal.dumps([want[name] for name in got], 2) == marshal.dumps(list(got.values()), 2):
                return None
        except (KeyError, ValueError):  # a name not asked, or not a JSON value: the exact comparison decides
            pass
    for name, value in want.items():
        if name not in got:
            raise Malformed(f"'{name}' was asked for and not given")
        if _same(value, got[name]):  # the common case, fast
            continue
        problem = _compare_value(name, value, got[name], fields)
        if problem is not None:
            return f"{name}: {problem}", value, got[name], name
    return None


# the scalars a JSON value is made of, compared exactly by type and ==
_SCALARS = frozenset({str, int, bool, float, type(None)})


def _same(want: Any, got: Any) -> bool:
    """Whether two JSON values are the same, types included (1, 1.0 and true differ), judged
    fast: True only if they are (False may still be the same, in another order of a record's
    keys, say).  Records and lists by their marshalled bytes (version 2: no references, a
    string the same whether interned or not)."""
    kind = type(want)
    if kind is not type(got):
        return False
    if kind in _SCALARS:
        return bool(want == got)
    try:
        return marshal.dumps(want, 2) == marshal.dumps(got, 2)
    except ValueError:  # not a JSON value: the exact comparison decides
        return False


def _compare_value(name: str, want: Any, got: Any,
                   fields: ViewFields = PARTNERSHIP_FIELDS) -> str | None:
    if _same(want, got):  # the common case, fast
        return None
    if name == "legal":
        if not isinstance(got, list) or not all(isinstance(a, str) for a in got):
            raise Malformed(f"'legal' must be a list of actions, got {_text(got)}")
        given, wanted = set(got), set(want)
        if len(given) != len(got):
            return f"an action is listed twice: {_text(got)}"
        missing = [a for a in want if a not in given]
        extra = [a for a in got if a not in wanted]
        if missing or extra:
            parts = []
            if missing:
                parts.append(f"missing {' '.join(missing)}")
            if extra:
                more = f" and {len(extra) - 20:,} more" if len(extra) > 20 else ""
                parts.append(f"not allowed {' '.join(cut(a, 40) for a in extra[:20])}{more}")
            return "; ".join(parts)
        return None
    if name == "view":
        return _compare_views(want, got, fields)
    if name == "speakers":
        if not isinstance(got, list) or not all(isinstance(p, list) and all(isinstance(a, str) for a in p) for p in got):
            raise Malformed(f"'speakers' must be a list (by player) of action lists, got {_text(got)}")
        if len(got) != len(want):
            return f"{len(got)} players given, expected {len(want)}"
        for player, (w, g) in enumerate(zip(want, got, strict=True)):
            problem = _compare_value("legal", w, g)
            if problem is not None:
                return f"player {player}: {problem}"
        return None
    if name == "deal" and isinstance(want, dict) and isinstance(got, dict) and "hands" in want:
        hands = got.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands):
            raise Malformed(f"'deal.hands' must be a list of card lists, got {_text(hands)}")
        # the cards of a hand in any order
        want = want | {"hands": [sorted(h) for h in want["hands"]]}
        got = got | {"hands": [sorted(h) for h in hands]}
    return _partial(want, got)


def same_answer(name: str, one: Any, other: Any) -> bool:
    """Whether two answers to observation `name` are the same as the judge compares them (the
    cards of a hand, the legal actions, a view's card sets: in any order)."""
    try:
        return _compare_value(name, one, other) is None and _compare_value(name, other, one) is None
    except Malformed:
        return False


def _compare_views(want: list[Any], got: Any, fields: ViewFields) -> str | None:
    """`view`: one view per player, each with exactly the fields PROTOCOL.md defines (a field
    more, at the top or in a record, is a leak: failed), compared on the fields the scenario
    gives; a field it gives as null must be null (what the player may not see now)."""
    FIELDS, RECORDS = fields
    if not isinstance(got, list) or len(got) != len(want):
        return f"expected one view per player ({len(want)}), got {_text(got)}"
    for player, one in enumerate(got):
        if not isinstance(one, dict):
            return f"[{player}] is {_text(one)}, expected a view (an object)"
        extra = [key for key in one if key not in FIELDS]
        if extra:
            return f"[{player}].{cut(str(extra[0]), 40)} is no field of a view (what it shows may leak)"
        missing = [key for key in FIELDS if key not in one]
        if missing:
            return f"[{player}].{missing[0]} missing: a view gives every field, null for what may not be seen"
        problem = _record_keys(one, f"[{player}]", RECORDS)
        if problem is not None:
            return problem
    def as_sets(one: Any) -> Any:  # the fields that are sets of cards, in any order (PROTOCOL.md, "Order")
        if not isinstance(one, dict):
            return one
        return one | {k: sorted(one[k], key=str) for k in CARD_SETS if isinstance(one.get(k), list)}

    wanted = [as_sets(w) for w in want]
    given = [as_sets(g) for g in got]
    return _partial(wanted, given)


def _record_keys(one: Mapping[str, Any], where: str, RECORDS: Mapping[str, tuple[str, ...]]) -> str | None:
    """A field more in a record of a view (a card of the trick, a trick looked at, ...)."""
    for name, keys in RECORDS.items():
        value = one.get(name)
        for i, item in enumerate(value if isinstance(value, list) else [value]):
            records = [(f"{where}.{name}[{i}]" if isinstance(value, list) else f"{where}.{name}", item, keys)]
            cards = item.get("cards") if isinstance(item, dict) else None
            if isinstance(cards, list):
                records += [(f"{records[0][0]}.cards[{k}]", card, RECORDS["trick"]) for k, card in enumerate(cards)]
            for at, record, allowed in records:
                extra = [key for key in record if key not in allowed] if isinstance(record, dict) else []
                if extra:
                    return f"{at}.{cut(str(extra[0]), 40)} is no field of a view (what it shows may leak)"
    return None


def _partial(want: Any, got: Any, where: str = "") -> str | None:
    """Records (objects) are compared on the fields the scenario gives; lists item by
    item; anything else exactly."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{where or 'value'} is {_text(got)}, expected {_text(want)}"
        for key, value in want.items():
            if key not in got:
                return f"{where}{'.' if where else ''}{key} missing, expected {_text(value)}"
            problem = _partial(value, got[key], f"{where}{'.' if where else ''}{key}")
            if problem is not None:
                return problem
        return None
    if isinstance(want, list):
        if not isinstance(got, list):
            return f"{where or 'value'} is {_text(got)}, expected a list {_text(want)}"
        if len(got) != len(want):
            return f"{where or 'list'} has {len(got)} entries, expected {len(want)}: got {_text(got)}, expected {_text(want)}"
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            problem = _partial(w, g, f"{where}[{i}]")
            if problem is not None:
                return problem
        return None
    if type(want) is not type(got) and not (want is None or got is None):
        return f"{where or 'value'} is {_text(got)}, expected {_text(want)}"
    return None if want == got else f"{where or 'value'} is {_text(got)}, expected {_text(want)}"

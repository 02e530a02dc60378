#!/usr/bin/env python3
"""Starting kit: a Brou conformance adapter in Python 3.11 (stdlib only), to be wired to your own engine.

It speaks the whole protocol of conformance/PROTOCOL.md (handshake, scenarios, stop) and, out of
the box, answers only what needs no engine: the observables of a deal before its first action.
Every other scenario is answered with `skip`, so `brou check --impl "python3 adapter.py"` passes
from the start. Search for `YOUR ENGINE:` to find the places to fill in.

Run it:  brou check --impl "python3 examples/adapters/python/adapter.py"
"""

from __future__ import annotations

import json
import sys
from typing import Any

PROTOCOL_VERSION = 1

# YOUR ENGINE: the rulesets you play, each with the parameter values you support besides the
# defaults ({"undertrump_when_void": [True]}); a scenario needing anything else is skipped.
RULESETS: dict[str, dict[str, Any]] = {"brouc": {"params": {}}, "homme-de-brou-1802": {"params": {}}}

# YOUR ENGINE: add the optional parts as you implement them:
# "game", "match", "sheet", "seeded-deal", "perft", "error-codes", "view" (PROTOCOL.md, "Features").
FEATURES: list[str] = []


def log(text: str) -> None:
    """Write a line to standard error: the harness keeps it and quotes it when something goes wrong."""
    print(text, file=sys.stderr, flush=True)


class CannotRun(Exception):
    """The scenario needs something this adapter cannot do yet: it is answered with `skip`."""


class Refused(Exception):
    """An action the rules forbid, with its code from docs/errors.md (needed with feature error-codes)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Table:
    """One deal being played: the bridge between the protocol and your engine."""

    def __init__(self, scenario: dict[str, Any]) -> None:
        """Set up the deal of a scenario (its `setup`: dealer, hands and turnup, or seed; game; match)."""
        setup = scenario["setup"]
        self.ruleset: str = scenario["ruleset"]
        self.params: dict[str, Any] = scenario.get("params", {})
        self.dealer: int = setup.get("dealer", 3)
        if "seed" in setup:
            # YOUR ENGINE: deal from the seed as docs/shuffle.md specifies (feature seeded-deal).
            raise CannotRun("seeded deals are not implemented")
        self.hands: list[list[str]] = setup["hands"]
        self.turnup: str = setup["turnup"]
        # YOUR ENGINE: create your deal here, from self.ruleset, self.params, self.dealer,
        # self.hands, self.turnup, and setup.get("game") / setup.get("match") if you play them.
        self.actions_taken = 0

    def act(self, action: str) -> None:
        """Take an action of the player to act; raise Refused (changing nothing) if the rules forbid it."""
        # YOUR ENGINE: apply the action: "TH", "announce KQH", "pass", "claim", "declare", ...
        # On a refusal: raise Refused("must-follow-suit", "TH does not follow: the player holds a spade")
        raise CannotRun("actions are not implemented")

    def observe(self, name: str) -> Any:
        """The value of one observable (PROTOCOL.md, "Observables")."""
        if self.actions_taken == 0:
            # Before the first action these need no engine.
            if name == "to_act":
                return (self.dealer + 1) % 4
            if name == "trump":
                return self.turnup[1]
            if name in ("trick", "tricks"):
                return []
            if name == "over":
                return False
        # YOUR ENGINE: to_act, legal, trick, tricks, trump, over, announcements, table, result,
        # and with their features outcome, match, deal, sheet, view.
        raise CannotRun(f"observable {name} is not implemented")

    def perft(self, depth: int) -> int:
        """The number of legal action sequences of this length from here (feature perft)."""
        # YOUR ENGINE: count them (copy your state, try every legal action, recurse).
        raise CannotRun("perft is not implemented")


def hello(seq: int) -> dict[str, Any]:
    """The handshake answer: the protocol version, who we are, what we support."""
    return {
        "seq": seq,
        "brou": PROTOCOL_VERSION,
        "implementation": {"name": "my-brou", "version": "0.0.1", "language": "python"},  # YOUR ENGINE: your name
        "rulesets": RULESETS,
        "features": FEATURES,
        # "known_failures": ["brouc.play.*"],  # optional: scenario ids or globs you know you fail
    }


def run(seq: int, scenario: dict[str, Any]) -> dict[str, Any]:
    """Play a scenario's steps in order: one result per step, or `skip` / `error` for the whole scenario."""
    try:
        table = Table(scenario)
        results: list[dict[str, Any]] = []
        for step in scenario["steps"]:
            if "act" in step:
                try:
                    table.act(step["act"])
                    table.actions_taken += 1
                    results.append({"ok": True})
                except Refused as refusal:
                    results.append({"ok": False, "code": refusal.code, "message": refusal.message})
            elif "observe" in step:
                results.append({name: table.observe(name) for name in step["observe"]})
            elif "perft" in step:
                results.append({"count": table.perft(step["perft"])})
            else:
                raise CannotRun(f"unknown step {sorted(step)}")
        return {"seq": seq, "results": results}
    except CannotRun as why:
        return {"seq": seq, "skip": str(why)}
    except Exception as bug:  # a bug of the engine: reported as errored, and the adapter keeps serving
        log(f"scenario {scenario.get('id')}: {type(bug).__name__}: {bug}")
        return {"seq": seq, "error": f"{type(bug).__name__}: {bug}"}


def send(message: dict[str, Any]) -> None:
    """Write one answer: one line of JSON, UTF-8, flushed at once (the harness waits for it)."""
    sys.stdout.buffer.write((json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"))
    sys.stdout.buffer.flush()


def main() -> None:
    """Read one request per line until `stop` or the end of input, and answer each."""
    for raw in sys.stdin.buffer:  # bytes, decoded as UTF-8 whatever the locale
        line = raw.decode("utf-8")
        if not line.strip():
            continue
        request = json.loads(line)
        command = request.get("cmd")
        if command == "hello":
            if request.get("brou") != PROTOCOL_VERSION:
                log(f"the harness speaks protocol {request.get('brou')}, this adapter {PROTOCOL_VERSION}")
            send(hello(request["seq"]))
        elif command == "run":
            send(run(request["seq"], request["scenario"]))
        elif command == "stop":
            return
        else:
            send({"seq": request.get("seq", 0), "error": f"unknown command {command!r}"})


if __name__ == "__main__":
    main()

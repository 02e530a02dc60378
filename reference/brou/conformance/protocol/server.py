"""The reference engine behind the conformance protocol (conformance/PROTOCOL.md).

`Reference.handle(message)` answers one protocol message; `serve()` reads JSON lines
on standard input and answers on standard output (`brou serve`).  Each scenario is played
on a `brou.conformance.protocol.table.Table`, whatever its ruleset.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Mapping
from typing import IO, Any

from ... import __version__, spec
from ...engine.position import perft as perft  # the engine's (brou.perft); the tests and the generator find it here too
from ...errors import BrouError, TimeLimit
from ...spec.rules import Rules
from ..scenarios.corpus import FEATURES
from .bounds import PROTOCOL_VERSION
from .table import Table

NAME = "brou-reference"


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
            table = Table(self.rules(scenario["ruleset"], scenario.get("params") or {}), scenario["setup"])
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


# an answer as compact JSON, as json.dumps writes it: its values are the engine's own, never
# circular, so the encoder need not look for cycles (a fifth faster on a long answer)
_ANSWER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


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
        stdout.write(_ANSWER.encode(answer) + "\n")
        stdout.flush()
    return 0

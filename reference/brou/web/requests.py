"""What the server takes from a request, and how it says no: `RequestError` (a 4xx answer of one
line naming what and where), and JSON bodies read within bounds (`read_json`).

A body is read whole only up to its bound (the server counts the bytes as they come and stops
past it: 413); it must be UTF-8 JSON, an object at the top, nested at most `MAX_DEPTH` deep and
with at most `MAX_CONTAINERS` arrays and objects, both counted on the bytes before anything is
decoded (as the conformance harness counts an implementation's answers, docs/robustness.md).
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import BrouError, message_line

MAX_DEPTH = 64
MAX_CONTAINERS = 200_000


class RequestError(BrouError):
    """A request the server cannot take: `status` its HTTP status (4xx, or 503 when the server
    is full), `where` what in the request is wrong (`body.seats[2]`, `path`, `query.step`)."""

    def __init__(self, message: str, where: str = "body", status: int = 400) -> None:
        super().__init__(message)
        self.message = message_line(message, 300)
        self.where = where
        self.status = status


def shape_problem(raw: bytes) -> str | None:
    """Why a body is too deeply nested or holds too many arrays and objects, None if it is not
    (counted on the bytes, strings skipped)."""
    depth = containers = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            containers += 1
            if depth > MAX_DEPTH:
                return f"nested more than {MAX_DEPTH} deep"
            if containers > MAX_CONTAINERS:
                return f"more than {MAX_CONTAINERS:,} arrays and objects"
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return None


def read_json(raw: bytes, where: str = "body") -> dict[str, Any]:
    """A request body as a JSON object; RequestError (400) saying what is wrong with it and where."""
    if not raw.strip():
        raise RequestError("the body is empty: a JSON object is expected", where)
    problem = shape_problem(raw)
    if problem is not None:
        raise RequestError(f"the body is {problem}", where)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(f"the body is not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}", where) from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RequestError(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", where) from None
    except (ValueError, RecursionError) as exc:
        raise RequestError(f"malformed JSON: {exc}", where) from None
    if not isinstance(data, dict):
        raise RequestError(f"the body is JSON but not an object ({type(data).__name__})", where)
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")

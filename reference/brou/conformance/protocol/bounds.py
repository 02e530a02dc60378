"""The protocol's version and bounds (conformance/PROTOCOL.md): JSON lines over standard
input and output, one request and one answer each, numbered by `seq`, and the bounds the
harness holds an implementation to (docs/robustness.md); and keeping what an implementation
says small and harmless: cut texts and values (saying how big they were) and escape control
characters before anything is printed."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

PROTOCOL_VERSION = 1
MAX_LINE = 4 * 1024 * 1024  # bytes of one answer line; a longer one is a protocol error
MAX_DEPTH = 64  # nesting of arrays and objects in one answer; deeper is a protocol error
MAX_CONTAINERS = 100_000  # arrays and objects in one answer (each costs memory decoded); more is a protocol error
MAX_KNOWN_FAILURES = 10_000  # entries of the handshake's known_failures; more is a handshake error
MAX_KNOWN_GLOBS = 100  # of which glob patterns (with *, ? or [)
MAX_PATTERN = 200  # characters of one known_failures entry

MAX_DETAIL = 2_000  # characters of a verdict's detail (why a scenario did not pass)
MAX_VALUE = 2_000  # characters of an expected or received value kept as JSON
MAX_SHOWN = 300  # characters of a name, a version, a pattern shown in the report
MAX_STDERR = 16 * 1024  # bytes of an implementation's standard error kept (the last ones)

_UNSAFE = frozenset(("Cc", "Cf", "Cs", "Co", "Zl", "Zp"))


def cut(text: str, limit: int = MAX_DETAIL) -> str:
    """The text, or its beginning and how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... (cut: {len(text):,} characters in all)"


def as_text(value: Any, limit: int = MAX_DETAIL) -> str:
    """A string as it is, anything else as JSON; cut."""
    if isinstance(value, str):
        return cut(value, limit)
    return cut(json.dumps(value, ensure_ascii=False), limit)


def bounded(value: Any, limit: int = MAX_VALUE) -> Any:
    """A JSON value kept as it is if its JSON is short, else as its cut JSON text."""
    if isinstance(value, bool | int | float) or value is None:
        return value
    text = json.dumps(value, ensure_ascii=False)
    return value if len(text) <= limit else cut(text, limit)


def printable(text: str, limit: int = MAX_DETAIL) -> str:
    """The text cut, with control and format characters (escape sequences, bidirectional
    overrides, line ends) written as \\xNN or \\uNNNN: safe to print on a terminal."""
    text = cut(text, limit)
    if text.isprintable():
        return text
    return "".join(c if unicodedata.category(c) not in _UNSAFE else c.encode("unicode_escape", "backslashreplace")
                   .decode("ascii") for c in text)

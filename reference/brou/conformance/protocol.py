"""Constants of the conformance protocol (conformance/PROTOCOL.md): JSON lines over
standard input and output, one request and one answer each, numbered by `seq`, and
the bounds the harness holds an implementation to (docs/robustness.md)."""

from __future__ import annotations

PROTOCOL_VERSION = 1
MAX_LINE = 4 * 1024 * 1024  # bytes of one answer line; a longer one is a protocol error
MAX_DEPTH = 64  # nesting of arrays and objects in one answer; deeper is a protocol error
MAX_CONTAINERS = 100_000  # arrays and objects in one answer (each costs memory decoded); more is a protocol error
MAX_KNOWN_FAILURES = 10_000  # entries of the handshake's known_failures; more is a handshake error
MAX_KNOWN_GLOBS = 100  # of which glob patterns (with *, ? or [)
MAX_PATTERN = 200  # characters of one known_failures entry

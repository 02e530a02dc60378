"""Constants of the conformance protocol (conformance/PROTOCOL.md): JSON lines over
standard input and output, one request and one answer each, numbered by `seq`."""

from __future__ import annotations

PROTOCOL_VERSION = 1
MAX_LINE = 4 * 1024 * 1024  # an answer longer than this is recorded as an error

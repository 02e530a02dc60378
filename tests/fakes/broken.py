"""A deliberately broken implementation of the conformance protocol (tests/test_harness_survival.py).

    python tests/fakes/broken.py MODE [--id ID]... [--nth N] [--known ID,...] [--name NAME] [--count FILE]

It answers like the reference engine (brou.conformance.protocol.server.Reference) except where
MODE says otherwise.  A misbehaviour of a `run` happens on the scenarios chosen by
`--id` (repeatable) or on the N-th run request this process receives (`--nth`, counted
afresh after each restart); with neither, on every run.

Modes about the process and the handshake:
    ok               no misbehaviour at all (with --known / --name: only the handshake differs)
    crash-at-start   prints to stderr and exits 1 before reading anything
    hang-hello       never answers the handshake
    garbage-hello    answers the handshake with a line that is not JSON
    version          the handshake says "brou": 2
    bad-params       the handshake gives the parameters of brouc as a list, not an object
    limited          the handshake lacks the feature perft, the ruleset homme-de-brou-1802 and
                     every parameter option but the defaults
    stderr-noise     writes megabytes to stderr (at start and for every run) and answers correctly
Modes about a run:
    hang             sleeps instead of answering
    crash            exits with status 3 (os._exit) instead of answering
    close-stdout     closes its standard output and stays alive
    garbage          answers a line that is not JSON
    deep-json        answers a line of 100,000 '[' (JSON nested too deep for the decoder)
    big-int          answers with a perft count of 5,000 digits
    wrong-seq        answers with the seq number plus one
    huge             answers a valid JSON line of 5 MB
    huge-no-newline  writes 5 MB without a line end, then sleeps
    error            answers {"error": ...}
    skip             answers {"skip": ...}
    drop-legal       drops the last action of every 'legal' list of more than one action
    accept-all       reports every refused action as accepted
Options:
    --known IDS      the handshake declares these scenario ids (comma-separated) as known failures
    --name NAME      the implementation's name in the handshake
    --count FILE     append a line to FILE each time the process starts: its process id
    --text TEXT      the message of an error or a skip (default: names the scenario)
Environment:
    BROU_FAKE_HELLO  the reference's handshake as JSON, to start faster (default: asked of the reference)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

NOISE = b"noise " * 40_000 + b"\n"  # 240 kB, several times a pipe's buffer
BIG = 5 * 1024 * 1024  # more than brou.conformance.protocol.bounds.MAX_LINE


def write_line(data: bytes) -> None:
    sys.stdout.buffer.write(data + b"\n")
    sys.stdout.buffer.flush()


def answer(message: dict[str, Any]) -> None:
    write_line(json.dumps(message, separators=(",", ":")).encode())


def corrupt(mode: str, results: list[Any]) -> list[Any]:
    """The reference's results, silently made wrong."""
    out: list[Any] = []
    for result in results:
        result = dict(result)
        if mode == "drop-legal" and isinstance(result.get("legal"), list) and len(result["legal"]) > 1:
            result["legal"] = result["legal"][:-1]
        if mode == "accept-all" and result.get("ok") is False:
            result = {"ok": True}
        out.append(result)
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--id", action="append", default=[])
    parser.add_argument("--nth", type=int, default=None)
    parser.add_argument("--known", default="")
    parser.add_argument("--name", default="broken-fake")
    parser.add_argument("--count", default=None)
    parser.add_argument("--text", default=None)
    args = parser.parse_args()
    mode: str = args.mode

    if args.count:
        with open(args.count, "a", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()}\n")
    if mode == "crash-at-start":
        print("broken fake: cannot start (crash-at-start)", file=sys.stderr)
        return 1
    if mode == "stderr-noise":
        sys.stderr.buffer.write(NOISE * 4)
        sys.stderr.buffer.flush()

    from brou.conformance.protocol.server import Reference  # after the early exits: starting costs nothing

    reference = Reference()
    runs = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        seq = message.get("seq")
        cmd = message.get("cmd")
        if cmd == "stop":
            return 0
        if cmd == "hello":
            if mode == "hang-hello":
                time.sleep(3600)
            if mode == "garbage-hello":
                write_line(b"hello there, not JSON")
                continue
            cached = os.environ.get("BROU_FAKE_HELLO")  # the reference's handshake, computed once by the tests
            hello = json.loads(cached) if cached else reference.hello()
            hello["implementation"]["name"] = args.name
            if mode == "version":
                hello["brou"] = 2
            if mode == "bad-params":
                hello["rulesets"]["brouc"]["params"] = ["undertrump_when_void"]
            if mode == "limited":
                hello["features"] = [f for f in hello["features"] if f != "perft"]
                del hello["rulesets"]["homme-de-brou-1802"]
                for params in hello["rulesets"]["brouc"]["params"].values():
                    del params[1:]
            if args.known:
                hello["known_failures"] = args.known.split(",")
            answer({"seq": seq} | hello)
            continue
        runs += 1
        scenario = message["scenario"]
        chosen = scenario["id"] in args.id if args.id else (runs == args.nth if args.nth is not None else True)
        if mode == "stderr-noise":
            sys.stderr.buffer.write(NOISE)
            sys.stderr.buffer.flush()
        if chosen:
            if mode == "hang":
                time.sleep(3600)
            elif mode == "crash":
                print(f"broken fake: crashing on {scenario['id']}", file=sys.stderr, flush=True)
                os._exit(3)
            elif mode == "close-stdout":
                os.close(1)
                time.sleep(3600)
            elif mode == "garbage":
                write_line(b"Traceback (most recent call last): not JSON")
                continue
            elif mode == "deep-json":
                write_line(b"[" * 100_000)
                continue
            elif mode == "big-int":
                write_line(b'{"seq": %d, "results": [{"count": %s}]}' % (seq, b"1" * 5000))
                continue
            elif mode == "wrong-seq":
                answer({"seq": seq + 1} | reference.run(scenario))
                continue
            elif mode == "huge":
                answer({"seq": seq, "padding": "x" * BIG} | reference.run(scenario))
                continue
            elif mode == "huge-no-newline":
                sys.stdout.buffer.write(b" " * BIG)
                sys.stdout.buffer.flush()
                time.sleep(3600)
            elif mode == "error":
                answer({"seq": seq, "error": args.text or f"broken fake: cannot run {scenario['id']}"})
                continue
            elif mode == "skip":
                answer({"seq": seq, "skip": args.text or f"broken fake: does not do {scenario['id']}"})
                continue
            elif mode in ("drop-legal", "accept-all"):
                result = reference.run(scenario)
                answer({"seq": seq, "results": corrupt(mode, result["results"])})
                continue
        answer({"seq": seq} | reference.run(scenario))
    return 0


if __name__ == "__main__":
    sys.exit(main())

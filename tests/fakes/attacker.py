"""More hostile implementations of the conformance protocol (tests/test_hostile_more.py).

    python tests/fakes/attacker.py MODE [--on ID] [--pids FILE]

Like tests/fakes/hostile.py (whose canned answers it reuses), it imports nothing of the
project.  Its modes are the attacks tried after issue 33: handshake fields that name
files or parameters the harness must not trust (`hello-*`), processes that leave the
process group or signal the harness (`pgid-*`, `sig-*`), time (`slow-*`), encodings and
values (`enc-*`, `val-*`), and the slips of a clumsy implementer (`clumsy-*`).  The
misbehaviour happens on the scenario `--on` (default h.2), or in the handshake.
`--pids FILE`: every process it starts appends its process id there.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from typing import Any

from hostile import HELLO, MB, line, note_pid, results, write

BUFFERED = open(1, "wb", buffering=1 << 16, closefd=False)  # noqa: SIM115 - written to, never flushed
SPEC_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "spec", "rulesets", "brouc.yaml")


def sleeper(pids: str | None, own_group: bool = False, then: Callable[[], None] | None = None) -> int:
    """Fork a child that optionally moves to a process group of its own (setpgid: still in
    the session), notes its pid, runs `then`, and sleeps; the child's pid.  Returns only
    once the child has done all that, so the attack is in place before the program answers
    (else the harness could end the child first, and the test count one pid short)."""
    ready, done = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(ready)
        if own_group:
            os.setpgid(0, 0)
        note_pid(pids)
        if then is not None:
            then()
        os.write(done, b".")
        os.close(done)
        time.sleep(120)
        os._exit(0)
    os.close(done)
    os.read(ready, 1)
    os.close(ready)
    return pid


def hello_answer(mode: str, seq: Any) -> bytes:
    """The handshake answer of MODE."""
    hello = json.loads(json.dumps(HELLO))
    brouc = hello["rulesets"]["brouc"]
    extra: dict[str, Any] = {}
    if mode == "hello-plays-name":
        brouc["plays"] = {"name": "brusquembille-1718"}
    if mode == "hello-key-nul":
        extra = {"brouc\x00/etc/passwd": {"params": {}, "plays": {"cards": 1}}}
    if mode == "hello-key-long":
        extra = {"r" * 5000: {"params": {}, "plays": {"cards": 1}}}
    if mode == "hello-key-paths":  # one file by a hundred spellings
        extra = {"/" * i + SPEC_FILE.lstrip("/"): {"params": {}, "plays": {"cards": 1}} for i in range(1, 101)}
    if mode == "hello-key-system-file":
        extra = {"/etc/passwd": {"params": {}, "readings": {"x": "y"}}, "/dev/zero": {"plays": {"a": 1}}}
    if mode == "hello-readings-unknown":
        brouc["readings"] = {"no-such-entry": "no-such-option"}
    if mode == "hello-plays-huge":
        brouc["plays"] = {"trump_rule": list(range(100_000))}
    if mode == "hello-plays-not-object":
        brouc["plays"] = ["trump_rule"]
    if mode == "hello-params-not-list":
        brouc["params"] = {"trump_rule": "x"}
    if mode == "hello-rulesets-many":
        extra = {f"game-{i}": {"params": {}} for i in range(30_000)}
    if mode == "hello-rulesets-empty":
        hello["rulesets"] = {}
    if mode == "hello-features-junk":
        hello["features"] = [f"f{i}\x1b[31m" for i in range(30_000)]
    if mode == "hello-version-true":
        hello["brou"] = True
    if mode == "hello-version-float":
        hello["brou"] = 1.0
    if mode == "hello-implementation-string":
        hello["implementation"] = "just a string"
    if mode == "hello-known-escapes":
        hello["known_failures"] = ["h.9\x1b]0;x\x07", "\u202eh.8"]
    hello["rulesets"].update(extra)
    if mode == "hello-duplicate-key":  # the last of two equal keys counts
        text = json.dumps({"seq": seq} | hello)
        return (text[:-1] + ', "brou": 2}\n').encode()
    return line({"seq": seq} | hello)


def signal_parent(signum: int) -> None:
    os.kill(os.getppid(), signum)
    time.sleep(0.2)  # the harness reads it while this answer is pending


def bad_answer(mode: str, seq: int, scenario: dict[str, Any], pids: str | None) -> bytes | None:
    """What MODE answers to the chosen scenario (None: the right answer)."""
    good: dict[str, Any] = {"seq": seq, "results": results(scenario)}
    # processes and process groups
    if mode == "pgid-child-crash":
        sleeper(pids, own_group=True)
        os._exit(4)
    if mode == "pgid-grandchild":  # a child in its own group, whose child makes another
        def another() -> None:
            sleeper(pids, own_group=True)

        sleeper(pids, own_group=True, then=another)
        time.sleep(0.1)
    if mode == "pgid-double-fork":  # the grandchild is orphaned, still in the session
        if os.fork() == 0:
            sleeper(pids)
            os._exit(0)
        os.wait()
    if mode == "pgid-many":
        for _ in range(30):
            sleeper(pids, own_group=True)
    if mode == "pgid-many-then-hang":  # for a run that the user stops
        for _ in range(30):
            sleeper(pids, own_group=True)
        time.sleep(120)
    if mode == "pgid-kill-own-group":
        os.killpg(0, signal.SIGKILL)
    # signals to the harness
    named = {"sig-term-parent": signal.SIGTERM, "sig-hup-parent": signal.SIGHUP, "sig-int-parent": signal.SIGINT,
             "sig-usr1-parent": signal.SIGUSR1, "sig-usr2-parent": signal.SIGUSR2, "sig-alrm-parent": signal.SIGALRM}
    if mode in named:
        signal_parent(named[mode])
    if mode == "sig-term-parent-then-crash":
        os.kill(os.getppid(), signal.SIGTERM)
        os._exit(6)
    if mode == "sig-child-terms-harness":  # a child of the program, in its own group, signals the harness
        harness = os.getppid()
        sleeper(pids, own_group=True, then=lambda: os.kill(harness, signal.SIGTERM))
        time.sleep(0.3)
    if mode == "sig-term-group-of-parent":
        os.killpg(os.getpgid(os.getppid()), signal.SIGTERM)
        time.sleep(0.2)
    # where the answer goes
    if mode == "exec-sleep":
        os.execv("/bin/sleep", ["sleep", "120"])
    if mode == "answer-to-stderr":
        os.write(2, line(good))
        time.sleep(120)
    if mode == "stdout-to-devnull":
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        write(line(good))
        time.sleep(120)
    # time
    if mode == "slow-drip":  # every byte arrives, the whole answer too late
        for byte in line(good):
            write(bytes([byte]))
            time.sleep(0.05)
        return b""
    if mode == "slow-stderr-chatter":  # busy on stderr, never answering
        for _ in range(12_000):
            os.write(2, b"working...\n")
            time.sleep(0.01)
    simple: dict[str, Callable[[], bytes]] = {
        "enc-error-surrogate": lambda: b'{"seq": %d, "error": "bad \\ud800 half \\u0000 nul \\u001b[31m"}\n' % seq,
        "enc-skip-surrogate": lambda: b'{"seq": %d, "skip": "\\udfff\\u202e"}\n' % seq,
        "enc-raw-nul": lambda: line(good)[:-1] + b"\x00\n",
        "enc-overlong": lambda: b'{"seq": %d, "results": [{"trump": "\xc0\xaf"}]}\n' % seq,
        "enc-value-surrogate": lambda: line({"seq": seq, "results": [{"to_act": 0, "trump": "\ud800"}]}),
        "val-seq-float": lambda: line(good | {"seq": float(seq)}),
        "val-seq-huge": lambda: b'{"seq": %s, "results": []}\n' % (b"9" * 4000),
        "val-results-50k": lambda: line({"seq": seq, "results": [{"to_act": 0}] * 50_000}),
        "val-error-and-results": lambda: line(good | {"error": "both"}),
        "val-skip-object": lambda: line({"seq": seq, "skip": {"why": ["x"]}}),
        "val-huge-key": lambda: line({"seq": seq, "results": [r | {"k" * MB: 1} for r in good["results"]]}),
        "val-duplicate-key": lambda: b'{"seq": %d, "results": [{"to_act": 3}], "results": %s}\n' % (
            seq, json.dumps(good["results"]).encode()),
        "clumsy-pretty": lambda: json.dumps(good, indent=2).encode() + b"\n",
        "clumsy-echo": lambda: line({"seq": seq, "cmd": "run", "scenario": scenario}),
        "clumsy-trailing-space": lambda: line(good)[:-1] + b" \t \n",
        "clumsy-python-repr": lambda: repr(good).encode() + b"\n",
    }
    if mode in simple:
        return simple[mode]()
    return None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--on", default="h.2")
    parser.add_argument("--pids", default=None)
    args = parser.parse_args()
    mode: str = args.mode
    note_pid(args.pids)
    if mode == "slow-start":
        time.sleep(1.0)
    if mode == "close-stderr":
        os.close(2)
    stdin = sys.stdin.buffer
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        message = json.loads(raw)
        seq, cmd = message.get("seq"), message.get("cmd")
        if cmd == "stop":
            return 0
        if cmd == "hello":
            if mode == "clumsy-unflushed":  # writes to a buffer it never flushes
                BUFFERED.write(line({"seq": seq} | HELLO))
                continue
            write(hello_answer(mode, seq))
            continue
        scenario = message["scenario"]
        bad = bad_answer(mode, seq, scenario, args.pids) if args.on in (scenario["id"], "all") else None
        write(bad if bad is not None else line({"seq": seq, "results": results(scenario)}))


if __name__ == "__main__":
    sys.exit(main())

"""A hostile implementation of the conformance protocol (tests/test_hostile_implementations.py).

    python tests/fakes/hostile.py MODE [--on ID] [--pids FILE]

It imports nothing of the project (it starts in a few milliseconds) and answers the
scenarios of the test module from canned values: `observe` of to_act, trump, legal,
trick, deal; `act` of AS (accepted) and 9H (refused, must-follow-suit).  MODE says how
it misbehaves: in the handshake (modes `hello-*`, `known-*`, `start-*`), on every
request, or on the scenario `--on` only (default h.2; `all`: on every scenario).  `--pids FILE`: every process it
starts appends its process id there, so that the test can check none is left.
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

DEAL = {"hands": [["QS", "7S", "8H", "KD", "QD", "9D", "TC", "9C"], ["KS", "TH", "QH", "7H", "AD", "TD", "JD", "7C"],
                  ["9S", "KH", "JH", "9H", "8D", "7D", "QC", "8C"], ["AS", "TS", "JS", "8S", "AH", "AC", "KC", "JC"]],
        "turnup": "JC"}  # brouc, seed 7
VALUES: dict[str, Any] = {"to_act": 0, "trump": "H", "legal": ["AS", "KS", "JH", "9D", "8D", "7D", "8C", "7C"],
                          "trick": ["AS"], "deal": DEAL}
HELLO: dict[str, Any] = {"brou": 1, "implementation": {"name": "hostile-fake", "version": "1", "language": "python"},
                         "rulesets": {"brouc": {"params": {}}}, "features": ["seeded-deal", "error-codes"]}
MB = 1024 * 1024
ESCAPES = "\x1b]0;pwned\x07\x1b[2J\x1b[31mred\u202egnp.exe\x9b1m"


def results(scenario: dict[str, Any]) -> list[Any]:
    """The right results, from the canned values."""
    out: list[Any] = []
    for step in scenario["steps"]:
        if "observe" in step:
            out.append({name: VALUES[name] for name in step["observe"]})
        elif step.get("act") == "AS":
            out.append({"ok": True})
        else:
            out.append({"ok": False, "code": "must-follow-suit", "message": "follow suit"})
    return out


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def line(message: Any) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def note_pid(path: str | None) -> None:
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()}\n")


def spawn_child(path: str | None, new_session: bool) -> None:
    """A child that keeps the pipes open and sleeps (in a session of its own if asked)."""
    if os.fork() == 0:
        if new_session:
            os.setsid()
        note_pid(path)
        time.sleep(120)
        os._exit(0)


def hello_answer(mode: str, seq: Any) -> bytes | None:
    """The handshake answer of MODE (None: do not answer)."""
    hello = dict(HELLO)
    if mode == "hello-never":
        time.sleep(120)
    if mode == "hello-garbage":
        return b"HELLO! not JSON\n"
    if mode == "hello-version":
        hello["brou"] = 2
    if mode == "hello-not-object":
        return b"[1, 2, 3]\n"
    if mode == "hello-wrong-seq":
        seq = seq + 7
    if mode == "hello-utf16":
        return json.dumps({"seq": seq} | hello).encode("utf-16") + "\n".encode("utf-16-le")
    if mode == "hello-huge-name":
        hello["implementation"] = {"name": "N" * (2 * MB), "version": "v" * (MB // 2), "language": ESCAPES * 1000}
    if mode == "hello-escapes":
        hello["implementation"] = {"name": ESCAPES, "version": "\x1b[5m", "language": "\r\n"}
    if mode == "known-too-many":
        hello["known_failures"] = [f"x.{i}" for i in range(100_001)]
    if mode == "known-many-ok":
        hello["known_failures"] = [f"x.{i}" for i in range(10_000)]
    if mode == "known-globs":
        hello["known_failures"] = [f"x.{i}.*" for i in range(101)]
    if mode == "known-long":
        hello["known_failures"] = ["h." + "x" * 10_000]
    if mode in ("known-star-crash", "known-star-wrong"):
        hello["known_failures"] = ["*"]
    if mode == "known-not-strings":
        hello["known_failures"] = [1, {"a": 2}]
    if mode == "hello-twice":
        return line({"seq": seq} | hello) * 2
    if mode == "hello-no-read":
        return line({"seq": seq} | hello) + b"".join(line({"seq": n, "results": []}) for n in range(2, 20))
    return line({"seq": seq} | hello)


def bad_answer(mode: str, seq: int, scenario: dict[str, Any], args: argparse.Namespace) -> bytes | None:
    """The answer of MODE to the chosen scenario; None: answer right."""
    good: dict[str, Any] = {"seq": seq, "results": results(scenario)}
    if mode == "hang":
        time.sleep(120)
    if mode == "hang-ignore-term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        time.sleep(120)
    if mode == "crash":
        os._exit(3)
    if mode == "signal":
        os.kill(os.getpid(), signal.SIGSEGV)
    if mode == "close-stdout":
        os.close(1)
        time.sleep(120)
    if mode == "fork-then-crash":
        spawn_child(args.pids, False)
        os._exit(4)
    if mode == "setsid-then-crash":
        spawn_child(args.pids, True)
        os._exit(4)
    if mode == "stderr-flood-crash":
        os.write(2, b"e" * (4 * MB) + ("last words " + ESCAPES + "\n").encode())
        os._exit(5)
    simple: dict[str, Callable[[], bytes]] = {  # made only when asked for
        "garbage": lambda: b"Segmentation fault (core dumped)\n",
        "not-object": lambda: b"[1, 2]\n",
        "null": lambda: b"null\n",
        "string": lambda: b"\"results\"\n",
        "utf16": lambda: line(good).decode().encode("utf-16-le"),
        "latin1": lambda: b'{"seq": %d, "results": [{"to_act": 0, "trump": "\xe9"}]}\n' % seq,
        "bom": lambda: b"\xef\xbb\xbf" + line(good),
        "nan": lambda: b'{"seq": %d, "results": [{"to_act": NaN}]}\n' % seq,
        "infinity": lambda: b'{"seq": %d, "results": [{"to_act": -Infinity}]}\n' % seq,
        "float-overflow": lambda: b'{"seq": %d, "results": [{"to_act": 1e400}]}\n' % seq,
        "deep-100000": lambda: b"[" * 100_000 + b"\n",
        "deep-500": lambda: b'{"seq": %d, "results": [{"to_act": %s%s}]}\n' % (seq, b"[" * 500, b"]" * 500),
        "int-5000": lambda: b'{"seq": %d, "results": [{"to_act": %s}]}\n' % (seq, b"7" * 5000),
        "int-4000": lambda: b'{"seq": %d, "results": [{"to_act": %s}]}\n' % (seq, b"7" * 4000),
        "seq-plus-one": lambda: line(good | {"seq": seq + 1}),
        "seq-string": lambda: line(good | {"seq": str(seq)}),
        "seq-bool": lambda: line(good | {"seq": True}),
        "seq-missing": lambda: line({"results": good["results"]}),
        "twice-at-once": lambda: line(good) * 2,
        "extra-log-line": lambda: line(good) + b"debug: done\n",
        "huge-line": lambda: line(good | {"padding": "x" * (5 * MB)}),
        "huge-no-newline": lambda: b" " * (5 * MB),
        "big-wrong-value": lambda: line({"seq": seq, "results": [{"to_act": "w" * (3 * MB + MB // 2), "trump": "H"}]}),
        "big-skip": lambda: line({"seq": seq, "skip": ESCAPES + "s" * (3 * MB)}),
        "big-error": lambda: line({"seq": seq, "error": ESCAPES + "e" * (3 * MB)}),
        "error-object": lambda: line({"seq": seq, "error": {"why": [1, 2, {"deep": ESCAPES}]}}),
        "results-short": lambda: line({"seq": seq, "results": good["results"][:-1]}),
        "results-not-list": lambda: line({"seq": seq, "results": {"0": good["results"]}}),
        "results-not-objects": lambda: line({"seq": seq, "results": [1, "two", None, [4]]}),
        "results-wrong-types": lambda: line({"seq": seq, "results": [{"to_act": "0", "legal": [1, None]}, {"ok": "yes"},
                                                                     {"ok": False, "code": ["x"]}, {"trick": {"AS": 1}}]}),
        "ok-not-bool": lambda: line({"seq": seq, "results": [good["results"][0], {"ok": 1}] + good["results"][2:]}),
        "deal-int-cards": lambda: line({"seq": seq, "results": [
            {"deal": {"hands": [[1, 2], [3], [None], [True]], "turnup": 5}, "to_act": 0}]}),
        "deal-mixed-cards": lambda: line({"seq": seq, "results": [
            {"deal": {"hands": [["AS", 1, {"x": 1}], [[]], [], ["KS"]], "turnup": "JC"}, "to_act": 0}]}),
        "deal-not-object": lambda: line({"seq": seq, "results": [{"deal": [DEAL], "to_act": 0}]}),
        "blank-lines-first": lambda: b"\n\n  \n" + line(good),
        "blank-flood": lambda: b"\n" * (20 * MB) + line(good),
        "many-objects": lambda: b'{"seq": %d, "results": [%s{}]}\n' % (seq, b"{}," * 1_390_000),
        "many-strings": lambda: line({"seq": seq, "results": [{"to_act": 0,
                                                                "trump": [f"{i % 100:02}" for i in range(800_000)]}]}),
        "wrong": lambda: line({"seq": seq, "results": [{**r, "to_act": 1} if "to_act" in r else r for r in good["results"]]}),
        "crlf": lambda: line(good)[:-1] + b"\r\n",
    }
    if mode in simple:
        return simple[mode]()
    if mode == "self-stop":
        os.kill(os.getpid(), signal.SIGSTOP)
    if mode == "drip":  # the answer in pieces, a little apart
        data = line(good)
        for i in range(0, len(data), 7):
            write(data[i:i + 7])
            time.sleep(0.01)
        return b""
    if mode == "twice-then-exit":
        write(line(good) * 2)
        os._exit(0)
    if mode == "twice-later":
        write(line(good))
        time.sleep(0.05)
        return line(good)
    return None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--on", default="h.2")
    parser.add_argument("--pids", default=None)
    args = parser.parse_args()
    mode: str = args.mode
    note_pid(args.pids)
    if mode == "start-crash":
        print("hostile fake: cannot start", file=sys.stderr)
        return 1
    if mode == "start-close-stdin":  # reads the handshake, closes its input, answers, and sleeps
        seq = json.loads(sys.stdin.buffer.readline())["seq"]
        os.close(0)
        write(line({"seq": seq} | HELLO))
        time.sleep(120)
    if mode == "start-fork":
        spawn_child(args.pids, False)
    if mode == "stderr-flood":
        os.write(2, b"noise " * MB)
    if mode == "banner":
        write(b"adapter 1.0 ready\n")
    stdin = sys.stdin.buffer
    while True:
        raw = stdin.readline()
        if not raw:
            return 0
        message = json.loads(raw)
        seq, cmd = message.get("seq"), message.get("cmd")
        if cmd == "stop":
            if mode == "ignore-stop":
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                time.sleep(120)
            return 0
        if cmd == "hello":
            answer = hello_answer(mode, seq)
            if answer is not None:
                write(answer)
            if mode == "hello-then-exit":
                return 0
            if mode in ("no-read", "hello-no-read"):
                time.sleep(120)
            continue
        scenario = message["scenario"]
        if mode == "stderr-flood":
            os.write(2, b"noise " * (2 * MB))
        bad = None
        if args.on in (scenario["id"], "all"):
            bad = bad_answer({"known-star-crash": "crash", "known-star-wrong": "wrong"}.get(mode, mode), seq, scenario, args)
        if mode == "close-stdin-then-answer":  # it will not read another request
            os.close(0)
        write(bad if bad is not None else line({"seq": seq, "results": results(scenario)}))
        if mode == "close-stdin-then-answer":
            time.sleep(120)



if __name__ == "__main__":
    sys.exit(main())

"""Runs `brou check` many times, each in a process forked from this one after importing
brou once (tests/test_hostile_implementations.py): a run costs its work, not Python's start.

    python tests/fakes/check_driver.py JOBS < runs.jsonl

Each input line: {"name": ..., "argv": [arguments of brou], "out": FILE, "err": FILE}.
Each output line, as runs end: {"name", "exit", "seconds", "peak"}: the exit status of
`brou check`, its wall time, and the peak resident memory in bytes of that process (and
of the processes it reaped), from wait4.  A run that lasts more than LIMIT seconds is
killed (exit -9).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time

import brou.conformance.reporting.cli  # noqa: F401 - imported once, before the forks
from brou.cli import main as brou_main

LIMIT = 90.0


def start(job: dict[str, str]) -> int:
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)  # a program that signals its harness's process group reaches this run only
        out = os.open(job["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        err = os.open(job["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(out, 1)
        os.dup2(err, 2)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        status = 70
        try:
            status = brou_main(job["argv"])
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)
    return pid


def main() -> int:
    jobs = [json.loads(line) for line in sys.stdin if line.strip()]
    width = int(sys.argv[1])
    running: dict[int, tuple[str, float]] = {}
    while jobs or running:
        while jobs and len(running) < width:
            job = jobs.pop(0)
            running[start(job)] = (job["name"], time.monotonic())
        pid, status, usage = os.wait4(-1, os.WNOHANG)
        if not pid:
            now = time.monotonic()
            for late, (_, began) in running.items():
                if now - began > LIMIT:
                    os.kill(late, signal.SIGKILL)
            time.sleep(0.01)
            continue
        name, began = running.pop(pid)
        print(json.dumps({"name": name, "exit": os.waitstatus_to_exitcode(status), "seconds": time.monotonic() - began,
                          "peak": usage.ru_maxrss * 1024}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

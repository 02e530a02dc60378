"""The starting kits of examples/adapters: each speaks the protocol and passes `brou check` with everything skipped or right."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

REPO = Path(__file__).resolve().parents[1]
MAIN = "import sys; from brou.cli import main; sys.exit(main())"
PROTOCOL = REPO / "conformance" / "protocol"
NODE = shutil.which("node")
KITS = {
    "python": [sys.executable, "examples/adapters/python/adapter.py"],
    "node": [NODE or "node", "examples/adapters/node/adapter.js"],
}


def kit(name: str) -> list[str]:
    """The command line of a kit; skips the test when Node is missing."""
    if name == "node" and NODE is None:
        pytest.skip("node is not on PATH: the Node kit cannot be run")
    return KITS[name]


def check(command: list[str], *args: str) -> tuple[int, dict[str, Any]]:
    """`brou check --impl COMMAND ARGS --report json` in a subprocess: (exit status, report)."""
    impl = " ".join(shlex.quote(part) for part in command)
    done = subprocess.run([sys.executable, "-c", MAIN, "check", "--impl", impl, "--report", "json", "--no-progress", *args],
                          cwd=REPO, capture_output=True, text=True, timeout=300, check=False)
    return done.returncode, json.loads(done.stdout)


@pytest.mark.parametrize("name", sorted(KITS))
def test_kit_handshake_answers_by_the_schema(name: str) -> None:
    """hello then stop: one answer line, valid against hello.answer, and a clean exit."""
    requests = '{"seq": 1, "cmd": "hello", "brou": 1}\n{"seq": 0, "cmd": "stop"}\n'
    done = subprocess.run(kit(name), input=requests, cwd=REPO, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    answer = json.loads(lines[0])
    jsonschema.validate(answer, json.loads((PROTOCOL / "hello.answer.schema.json").read_text(encoding="utf-8")))
    assert answer["seq"] == 1 and answer["brou"] == 1 and answer["features"] == []


@pytest.mark.parametrize("name", sorted(KITS))
def test_kit_runs_a_slice_of_the_corpus(name: str) -> None:
    """On brouc.play.overtrump a fresh kit is asked, skips, fails nothing and exits 0."""
    status, report = check(kit(name), "--ruleset", "brouc", "--clause", "brouc.play.overtrump")
    counts = report["counts"]
    assert status == 0, counts
    assert counts["failed"] == 0 and counts["errored"] == 0
    assert counts["skipped"] > 0
    assert report["hello"]["implementation"]["name"] == "my-brou"
    # the kit itself was asked: some scenarios were skipped by its answer, not only by the harness
    assert any(s["detail"].startswith("the implementation skipped it") for s in report["scenarios"] if s["status"] == "skipped")


@pytest.mark.parametrize("name", sorted(KITS))
def test_kit_answers_what_needs_no_engine(name: str) -> None:
    """The observables of a deal before its first action are answered, and right."""
    status, report = check(kit(name), "--id", "brouc.deal.turnup.*")
    assert status == 0, report["counts"]
    assert report["counts"]["failed"] == 0 and report["counts"]["errored"] == 0
    assert {"brouc.deal.turnup.given-hands", "brouc.deal.turnup.same-hands-other-card"} <= {
        s["id"] for s in report["scenarios"] if s["status"] == "passed"}

"""The independent Brusquembille of tests/independent passes its ruleset's corpus, and lists its faults well.

tests/independent/brusquembille.py is written from the published pages only; without a fault it must
pass every scenario of brusquembille-1718 it is sent. Its planted faults (`--list-faults`) are test
data for the diagnosis of `brou check`: each names a clause of the ruleset.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[1]
MAIN = "import sys; from brou.cli import main; sys.exit(main())"
ENGINE = "tests/independent/brusquembille.py"
RULESET = "brusquembille-1718"
# 519 scenarios in the corpus when written, every one run; a floor leaves room for withdrawals
MIN_PASSED = 480


def test_the_engine_passes_its_ruleset() -> None:
    """No failure, no error, and nearly every scenario run (skips only for what it does not announce)."""
    impl = f"{shlex.quote(sys.executable)} {ENGINE}"
    done = subprocess.run([sys.executable, "-c", MAIN, "check", "--impl", impl, "--ruleset", RULESET,
                           "--report", "json", "--no-progress", "--timeout", "60"],
                          cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    report: dict[str, Any] = json.loads(done.stdout)
    counts = report["counts"]
    bad = [(s["id"], s.get("detail", "")[:300]) for s in report["scenarios"] if s["status"] in ("failed", "errored")]
    assert done.returncode == 0, bad[:5]
    assert counts["failed"] == 0 and counts["errored"] == 0, bad[:5]
    assert counts["passed"] >= MIN_PASSED, counts
    run = counts["passed"] + counts["failed"] + counts["errored"]
    assert run >= 0.75 * (run + counts["skipped"]), counts


def test_the_faults_are_listed_with_clauses_of_the_ruleset() -> None:
    """`--list-faults` is a JSON list of {name, clause, description}, names unique, clauses in the YAML."""
    done = subprocess.run([sys.executable, ENGINE, "--list-faults"], cwd=REPO, capture_output=True, text=True,
                          timeout=60, check=True)
    faults = json.loads(done.stdout)
    spec = yaml.safe_load((REPO / "spec" / "rulesets" / f"{RULESET}.yaml").read_text(encoding="utf-8"))
    clauses = set(spec["clauses"])
    assert isinstance(faults, list) and len(faults) >= 14
    names = [f["name"] for f in faults]
    assert len(names) == len(set(names))
    for fault in faults:
        assert set(fault) - {"batch"} == {"name", "clause", "description"}, fault  # batch: when it was written
        assert re.fullmatch(r"issue-63(-[b-z]|-a[a-z])?", fault.get("batch", "issue-63")), fault
        assert all(isinstance(fault[k], str) and fault[k] for k in fault), fault
        assert fault["clause"] in clauses or fault["clause"] == "protocol", fault  # protocol: an answer not of its shape
    chapters = {f["clause"].split(".")[1] for f in faults if f["clause"] != "protocol"}
    assert {"deck", "deal", "play", "talon", "count", "pay", "stakes", "match"} <= chapters


def test_an_unknown_fault_is_refused() -> None:
    """A fault name the engine does not know stops it at once, with exit status 2."""
    done = subprocess.run([sys.executable, ENGINE, "--fault", "no-such-fault"], cwd=REPO, capture_output=True,
                          text=True, timeout=60, input="", check=False)
    assert done.returncode == 2
    assert "no-such-fault" in done.stderr

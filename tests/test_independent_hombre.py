"""The independent L'Hombre engine (tests/independent/hombre.py), written from the published pages alone.

Without a fault it passes the ruleset's corpus; its list of planted faults (the diagnosis benchmark,
issue 34) is well formed and names clauses of the ruleset; a fault planted is caught.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
MAIN = "import sys; from brou.cli import main; sys.exit(main())"
ENGINE = "tests/independent/hombre.py"


def check(*extra: str) -> tuple[int, dict[str, Any]]:
    """Run `brou check` on the hombre corpus against the engine (extra: its own arguments)."""
    impl = " ".join([shlex.quote(sys.executable), ENGINE, *extra])
    done = subprocess.run([sys.executable, "-c", MAIN, "check", "--impl", impl, "--ruleset", "hombre",
                           "--report", "json", "--no-progress", "--timeout", "60"],
                          cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    return done.returncode, json.loads(done.stdout)


@pytest.fixture(scope="module")
def report() -> tuple[int, dict[str, Any]]:
    """The JSON report of the engine without a fault."""
    return check()


def test_the_engine_passes_the_hombre_corpus(report: tuple[int, dict[str, Any]]) -> None:
    """Exit status 0, nothing failed or errored, and most of the ruleset's scenarios run."""
    status, result = report
    counts = result["counts"]
    bad = [(s["id"], s["status"], s.get("detail")) for s in result["scenarios"] if s["status"] in ("failed", "errored")]
    assert status == 0, (counts, bad)
    assert counts["failed"] == 0 and counts["errored"] == 0, counts
    assert counts["passed"] >= 440, counts


def test_the_list_of_faults_names_clauses_of_the_ruleset() -> None:
    """--list-faults: at least 16 faults, distinct names, each with a description and a clause of hombre.yaml."""
    done = subprocess.run([sys.executable, ENGINE, "--list-faults"], cwd=REPO, capture_output=True, text=True,
                          timeout=60, check=True)
    faults = json.loads(done.stdout)
    clauses = yaml.safe_load((REPO / "spec/rulesets/hombre.yaml").read_text(encoding="utf-8"))["clauses"]
    assert len(faults) >= 16
    assert len({f["name"] for f in faults}) == len(faults)
    for fault in faults:
        assert set(fault) - {"batch"} == {"name", "clause", "description"}, fault  # batch: when it was written
        assert re.fullmatch(r"issue-63(-[b-z]|-a[a-z])?", fault.get("batch", "issue-63")), fault
        assert fault["clause"] in clauses or fault["clause"] == "protocol", fault  # protocol: an answer not of its shape
        assert fault["description"], fault


def test_a_planted_fault_is_caught() -> None:
    """With the trick going to the first trump played, some scenarios fail."""
    status, result = check("--fault", "first-trump-wins")
    assert status == 1
    assert result["counts"]["failed"] > 0

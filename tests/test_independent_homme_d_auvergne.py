"""The independent L'Homme d'Auvergne of tests/independent passes its ruleset's corpus, and lists its faults.

The engine is written from the published pages alone; its planted faults (`--fault NAME`) are test
data for the diagnosis benchmark (issue 34), so their list must name clauses of the ruleset.
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
ENGINE = "tests/independent/homme_d_auvergne.py"
RULESET = REPO / "spec" / "rulesets" / "homme-d-auvergne.yaml"


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    """The JSON report of `brou check` of the engine, no fault planted, on the ruleset's corpus."""
    impl = f"{shlex.quote(sys.executable)} {ENGINE}"
    done = subprocess.run([sys.executable, "-c", MAIN, "check", "--impl", impl, "--ruleset", "homme-d-auvergne",
                           "--report", "json", "--no-progress", "--timeout", "60"],
                          cwd=REPO, capture_output=True, text=True, timeout=600, check=False)
    result: dict[str, Any] = json.loads(done.stdout)
    result["status"] = done.returncode
    return result


def test_engine_passes_the_ruleset_corpus(report: dict[str, Any]) -> None:
    """Exit status 0, nothing failed or errored, and at least three quarters of the corpus run."""
    counts = report["counts"]
    bad = [(s["id"], s["status"], s.get("detail")) for s in report["scenarios"] if s["status"] in ("failed", "errored")]
    assert report["status"] == 0, (counts, bad)
    assert counts["failed"] == 0 and counts["errored"] == 0, counts
    assert counts["passed"] >= 440, counts
    assert counts["passed"] >= 0.75 * len(report["scenarios"]), counts


def test_fault_list_names_clauses_of_the_ruleset() -> None:
    """`--list-faults` is a JSON list of {name, clause, description}, names unique, clauses real."""
    done = subprocess.run([sys.executable, ENGINE, "--list-faults"], cwd=REPO, capture_output=True, text=True,
                          timeout=60, check=True)
    faults = json.loads(done.stdout)
    clauses = set(yaml.safe_load(RULESET.read_text(encoding="utf-8"))["clauses"])
    assert isinstance(faults, list) and len(faults) >= 14
    for item in faults:
        assert set(item) - {"batch"} == {"name", "clause", "description"}, item  # batch: when it was written
        assert re.fullmatch(r"issue-63(-[b-z]|-a[a-z])?", item.get("batch", "issue-63")), item
        assert all(isinstance(v, str) and v for v in item.values()), item
        assert item["clause"] in clauses or item["clause"] == "protocol", item  # protocol: an answer not of its shape
    assert len({f["name"] for f in faults}) == len(faults)


def test_engine_is_written_without_the_reference() -> None:
    """The engine imports nothing of brou and reads nothing of reference/."""
    source = (REPO / ENGINE).read_text(encoding="utf-8")
    assert "import brou" not in source and "from brou" not in source
    assert "reference/" not in source


def test_unknown_fault_is_refused() -> None:
    """A fault name the engine does not know stops it with status 2."""
    done = subprocess.run([sys.executable, ENGINE, "--fault", "no-such-fault"], cwd=REPO, capture_output=True,
                          text=True, timeout=60, input="", check=False)
    assert done.returncode == 2

"""The independent engine of tests/independent, written from the published pages alone, passes the whole corpus.

One `brou check` of the whole corpus through a pipe (about 30 to 60 s): the proof that the pages
(PROTOCOL.md, docs/, the rulesets) are enough to write a conforming implementation.
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

REPO = Path(__file__).resolve().parents[1]
MAIN = "import sys; from brou.cli import main; sys.exit(main())"
ADAPTER = "tests/independent/adapter.py"
FEATURES = {"game", "match", "sheet", "seeded-deal", "perft", "error-codes"}
# the only reasons a scenario may be skipped: a feature, a parameter value or a ruleset the adapter
# does not declare (it plays 1802 and Brouc, written before Brusquembille, L'Homme d'Auvergne and L'Hombre joined)
SKIP_FEATURE = re.compile(r"needs feature (?P<features>[a-z-]+(, [a-z-]+)*)")
SKIP_PARAM = re.compile(r"parameter \w+=.+ is not supported")
SKIP_RULESET = re.compile(r"ruleset (brusquembille-1718|homme-d-auvergne|hombre) is not supported")


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    """The JSON report of `brou check --impl "python tests/independent/adapter.py"` on the whole corpus."""
    impl = f"{shlex.quote(sys.executable)} {ADAPTER}"
    # a generous limit per scenario: the slowest (a Brouc perft) takes 4 s alone, and the suite
    # runs on two workers of a machine that may be slower; this test is about answers, not speed
    done = subprocess.run([sys.executable, "-c", MAIN, "check", "--impl", impl, "--report", "json", "--no-progress",
                           "--timeout", "120"],
                          cwd=REPO, capture_output=True, text=True, timeout=900, check=False)
    result: dict[str, Any] = json.loads(done.stdout)
    result["status"] = done.returncode
    return result


def test_independent_engine_passes_the_corpus(report: dict[str, Any]) -> None:
    """Exit status 0, nothing failed or errored, and most of the corpus passed."""
    counts = report["counts"]
    bad = [(s["id"], s["status"], s.get("detail")) for s in report["scenarios"] if s["status"] in ("failed", "errored")]
    assert report["status"] == 0, (counts, bad)
    assert counts["failed"] == 0 and counts["errored"] == 0, counts
    assert counts["passed"] > 10500, counts
    assert set(report["hello"]["features"]) == FEATURES


def test_independent_engine_skips_only_what_it_does_not_declare(report: dict[str, Any]) -> None:
    """Every skip is the harness's, for an undeclared feature or parameter value; the adapter itself skips nothing."""
    for scenario in report["scenarios"]:
        if scenario["status"] != "skipped":
            continue
        detail = scenario["detail"]
        feature = SKIP_FEATURE.fullmatch(detail)
        if feature is not None:
            assert not set(feature["features"].split(", ")) & FEATURES, (scenario["id"], detail)
        else:
            assert SKIP_PARAM.fullmatch(detail) or SKIP_RULESET.fullmatch(detail), (scenario["id"], detail)

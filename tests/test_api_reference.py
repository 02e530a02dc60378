"""The API reference (docs/api, `make api`): Sphinx autodoc of the library's public modules
builds with warnings as errors, and documents what a user reaches for first."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs" / "api"


def test_the_api_reference_builds_clean_and_documents_the_library(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           str(DOCS), str(tmp_path / "api")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    pages = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "api").glob("*.html")}
    wanted = {"deals.html": ["brou.engine.position.Position.undo", "brou.engine.position.Position.is_legal",
                             "brou.engine.position.perft", "brou.engine.homme.HommeDeal.from_seed",
                             "brou.engine.phases.PhaseDeal", "brou.engine.hombre.HombreDeal"],
              "notation.html": ["brou.engine.notation.parse_deal", "brou.engine.notation.position_notation",
                                "brou.engine.positions.parse_position"],
              "rules.html": ["brou.spec.rules.Rules.load", "brou.spec.rules.Rules.parse_card", "brou.cards.deal.deal_from_cards"],
              "errors.html": ["brou.errors.IllegalAction", "brou.errors.NothingToUndo"]}
    for page, anchors in wanted.items():
        missing = [a for a in anchors if f'id="{a}"' not in pages[page]]
        assert not missing, f"{page} lacks {missing}"

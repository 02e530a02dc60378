from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from brou.book.build import Built


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "clause(*ids): the spec clauses a test checks (see tests/test_traceability.py)")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """The rulebook in both languages, HTML and PDF, built once per test run (a few minutes),
    whichever worker asks first, and shared by the tests that read it (tests/test_rulebook.py,
    tests/test_french.py)."""
    from brou.book.build import LANGS, build
    from helpers import built_once

    return {b.lang: b for b in built_once(tmp_path_factory, "rulebook", lambda out: build(LANGS, out, with_pdf=True))}

"""The README's Python example runs as written (issue 22: the example uses the library's API)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has no Python example"
    exec(compile(blocks[0], str(README), "exec"), {})
    out = capsys.readouterr().out
    assert "['AD', 'TD', 'JD']" in out and "<HommeDeal brouc 3 " in out and "DealResult(" in out

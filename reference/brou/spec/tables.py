"""Tables printed by the command line, laid out by rich at the terminal's width.

Long cells wrap inside their column instead of being cut, so a question of the register
or a fact's name is always shown whole; the width is the terminal's (or `COLUMNS`), 100
when the output is not a terminal.
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

NOT_A_TERMINAL_WIDTH = 100


def width() -> int:
    """The terminal's width in columns (`COLUMNS` wins; 100 when there is no terminal)."""
    return shutil.get_terminal_size((NOT_A_TERMINAL_WIDTH, 24)).columns


def table_text(headers: Sequence[str], rows: Sequence[Sequence[str]], *, right: Sequence[str] = (),
               columns: int | None = None, no_wrap: Sequence[str] = (), wide: Sequence[str] = ()) -> str:
    """`rows` under `headers` as plain text (no colour), `columns` wide (default: `width()`).
    Columns named in `right` are right-aligned; those in `no_wrap` are never wrapped (ids);
    those in `wide` take twice the share of the room left (long texts)."""
    table = Table(show_edge=False, box=None, header_style="", pad_edge=False, show_lines=False, expand=bool(wide))
    for name in headers:
        table.add_column(name, justify="right" if name in right else "left", no_wrap=name in no_wrap, overflow="fold",
                         ratio=None if name in no_wrap else (2 if name in wide else 1))
    for row in rows:
        table.add_row(*row)
    out = io.StringIO()
    Console(file=out, width=columns or width(), color_system=None, highlight=False, soft_wrap=False).print(table)
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").split("\n"))

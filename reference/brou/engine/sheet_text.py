"""The score sheets of a match as monospaced text (`sheet_text`, what `brou match` prints):
the 1802 marque (clause hdb.sheet.marque) and the Brouc slate (clause brouc.sheet.ardoise), from
their rows (`brou.engine.sheet`), in French, the language of the table at Brou and at L'Etivaz.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .sheet import (
    TEAMS,
    Record,
    Row,
    ardoise_rows,
    coches_word,
    deals_upto,
    is_marque,
    marque_rows,
    match_end,
    ordinal,
    sheet_title,
    tens,
)


def _dots(n: int) -> str:
    return " ".join("\u25cf" * min(5, n - i) for i in range(0, n, 5)) or "\u2014"


def tally(n: int) -> str:
    """Coches as tally strokes: `|||`, a fifth crossing four: `||||/ |`."""
    groups = ["||||/"] * (n // 5) + (["|" * (n % 5)] if n % 5 else [])
    return " ".join(groups) or "\u2014"


def _signed(v: int | None) -> str:
    return "" if v is None else f"{v:+d}"


def _plain(v: int | None) -> str:
    return "" if v is None else str(v)


def _rule(title: str, width: int) -> str:
    head = f"\u2500\u2500 {title} "
    return head + "\u2500" * max(3, width - len(head))


def _join(lines: list[str]) -> str:
    """The lines of a text sheet; the match's last line is set off by a blank line."""
    if len(lines) > 1 and lines[-1].startswith("Match ") and lines[-2]:
        lines.insert(-1, "")
    return "\n".join(lines)


_MW = 66  # width of the marque's text


def _marque_line(coup: str, label: str, nous: str, eux: str) -> str:
    """A line of the marque; a struck-out value's closing parenthesis hangs past the digits."""
    nous, eux = (c if c.endswith(")") or not c else c + " " for c in (nous, eux))
    return f"{coup:<8}{label:<45}{nous:>7}{eux:>7}".rstrip()


def _marque_text(record: Record, deals: Sequence[Mapping[str, Any]]) -> str:
    shown = {int(d["number"]) for d in deals}
    rows = [r for r in marque_rows(record) if r.coup in shown]
    lines = [sheet_title(record, "LA MARQUE"), ""]
    game = 0
    tokens = [0, 0]
    for i, row in enumerate(rows):
        if row.game != game:
            game = row.game
            lines += [_rule(f"{ordinal(game)} partie", _MW), _marque_line("", "", "Nous", "Eux")]
        first = f"coup {row.coup}" if i == 0 or rows[i - 1].coup != row.coup else ""
        if row.kind in ("marriage", "void"):
            lines.append(_marque_line(first, row.label, _signed(row.nous), _signed(row.eux)))
        elif row.kind == "annulled":
            cells = [f"({_signed(v)})" if v is not None else "" for v in (row.nous, row.eux)]
            lines.append(_marque_line(first, row.label, *cells))
        elif row.kind in ("cards", "total"):
            lines.append(_marque_line(first, row.label, _plain(row.nous), _plain(row.eux)))
        elif row.kind in ("vole", "game"):
            cells = ["\u25cf" * v if v else "" for v in (row.nous, row.eux)]
            lines.append(_marque_line(first, row.label, *cells))
        else:
            lines.append(_marque_line(first, row.label, "", ""))
        marked = [r for r in rows if r.coup == row.coup and r.kind in ("vole", "game")]
        if marked and (i + 1 == len(rows) or rows[i + 1].coup != row.coup):
            for r in marked:
                for t in range(2):
                    tokens[t] += r.value(t) or 0
            lines.append(f"{'':8}jetons : Nous {_dots(tokens[0])}   Eux {_dots(tokens[1])}")
            if marked[-1].kind == "game":
                lines.append("")  # the game is over: a blank line before the next one
    return _join(lines + match_end(record, deals, "parties"))


_AW = 70  # width of the slate's text


def _ardoise_line(first: str, nous: str, eux: str, bas_nous: str, bas_eux: str, note: str) -> str:
    return f"{first:<9}{nous:>6}{eux:>6}    {bas_nous:<11}{bas_eux:<11}{note}".rstrip()


def _ardoise_text(record: Record, deals: Sequence[Mapping[str, Any]]) -> str:
    shown = {int(d["number"]) for d in deals}
    rows = [r for r in ardoise_rows(record) if r.coup in shown]
    lines = [sheet_title(record, "L'ARDOISE"), ""]
    coches = [0, 0]
    game = 0
    by_coup: dict[int, list[Row]] = {}
    for row in rows:
        by_coup.setdefault(row.coup, []).append(row)
    for n in sorted(by_coup):
        entries = by_coup[n]
        if entries[0].game != game:
            game = entries[0].game
            lines += [_rule(f"{ordinal(game)} partie", _AW),
                      f"{'':9}{'ardoise':^12}    au bas",
                      _ardoise_line("", "Nous", "Eux", "Nous", "Eux", "")]
        bas_nous, bas_eux = (" ".join(str(v) for r in entries if r.kind == "announcement" and (v := r.value(t)) is not None)
                             for t in range(2))
        for row in entries:
            if row.kind == "score":
                lines.append(_ardoise_line(f"donne {n}", tens(row.nous or 0), tens(row.eux or 0), bas_nous, bas_eux, row.label))
            elif row.kind == "cape":
                lines.append(_ardoise_line(f"donne {n}", "", "", bas_nous, bas_eux, row.label + " : les scores restent"))
            if row.kind in ("cape", "game"):
                marker = 0 if row.nous else 1
                lines.append(_ardoise_line("", "", "", "", "", f"{TEAMS[marker]} : {coches_word(row.value(marker) or 0)}"))
                for t in range(2):
                    coches[t] += row.value(t) or 0
                lines.append(f"{'':9}coches : Nous {tally(coches[0])}   Eux {tally(coches[1])}")
                if row.kind == "game":
                    lines.append("")  # the game is over: a blank line before the next one
    return _join(lines + match_end(record, deals, "coches"))


def sheet_text(record: Record, upto_deal: int | None = None) -> str:
    """The record's score sheet as a monospaced table, the marque (clause hdb.sheet.marque)
    or the slate (clause brouc.sheet.ardoise), optionally only its first `upto_deal` deals.

    The text of the first k deals is the beginning of the text of the first k + 1, so a
    sheet can be printed as it grows."""
    deals = deals_upto(record, upto_deal)
    return _marque_text(record, deals) if is_marque(record) else _ardoise_text(record, deals)

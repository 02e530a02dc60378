"""The drawing of the score sheets: a small SVG writer (`Svg`, `svg_attrs`, which the other
pictures of the engine and of the book use too) and the printed page the sheets are laid out on,
an A4 page in light ink: its head, its ruled tables, its numbered call-outs (explained by
`brou.engine.sheet_blank.sheet_legend`), the parties' tokens.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple
from xml.sax.saxutils import escape, quoteattr

from .sheet import RED_SUITS

# -- SVG -------------------------------------------------------------------------------


def svg_attrs(attrs: Mapping[str, object]) -> str:
    """SVG attributes from keywords (font_size -> font-size, class_ -> class), escaped; None is left out."""
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.1f}".rstrip("0").rstrip(".")
        out.append(f" {name}={quoteattr(str(value))}")
    return "".join(out)


class Svg:
    """A tiny SVG writer: elements as strings, attributes escaped.

    With `styles` (class name -> presentation attributes) it writes for a plain
    renderer (the printed rulebook goes through PyMuPDF, which reads no CSS): a text's
    classes become attributes on the element, and red suit signs a `fill`.  `ink` is
    the colour of drawn lines (chalk on the slate)."""

    def __init__(self, styles: Mapping[str, Mapping[str, object]] | None = None, ink: str = "") -> None:
        self.parts: list[str] = []
        self.styles = styles
        self.ink = ink

    _attrs = staticmethod(svg_attrs)

    def el(self, tag: str, **attrs: object) -> None:
        self.parts.append(f"<{tag}{self._attrs(attrs)}/>")

    def text(self, x: float, y: float, content: str, **attrs: object) -> None:
        body = escape(content.replace("'", APOSTROPHE))
        if self.styles is None:
            for sign in RED_SUITS:
                body = body.replace(sign, f'<tspan class="red">{sign}</tspan>')
            self.parts.append(f"<text{self._attrs({'x': x, 'y': y, **attrs})}>{body}</text>")
            return
        styled: dict[str, object] = dict(self.styles["text"])
        for name in str(attrs.pop("class_", "")).split():
            styled.update(self.styles[name])
        red = self._attrs(self.styles["red"])
        for sign in RED_SUITS:
            body = body.replace(sign, f"<tspan{red}>{sign}</tspan>")
        self.parts.append(f"<text{self._attrs({'x': x, 'y': y, **styled, **attrs})}>{body}</text>")

    def raw(self, text: str) -> None:
        self.parts.append(text)

    def document(self, width: float, height: float, title: str) -> str:
        w, h = math.ceil(width), math.ceil(height)
        title = title.replace("'", APOSTROPHE)
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                f'role="img" aria-label={quoteattr(title)}>\n<title>{escape(title)}</title>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


APOSTROPHE = "\u2019"  # every text drawn on a sheet has the typographic apostrophe, never the straight one


def minus_signs(text: str) -> str:
    return text.replace("-", "\u2212")


# -- printed sheets: an A4 page in light ink --------------------------------------------------
#
# Every blank sheet, and the filled marque, is drawn on a page of PAGE_W x PAGE_H units (the
# proportions of A4) meant to be printed PRINT_WIDTH_MM wide, so that a unit is half a point:
# no text is smaller than 17 units (8.5 pt).  The ruling is light grey, there is no dark fill,
# and numbered call-outs (sheet_legend explains them) mark what each part is for.

PAGE_W, PAGE_H = 940, 1330
PRINT_WIDTH_MM = 165.0
X0 = 50  # left edge of the tables; the call-outs stand in the margin before it
RULE = "#b4b8bb"
RULE_STRONG = "#8e9397"
RULE_CLOSE = "#4a4f54"  # the line that closes a round, a game or ten coups: dark enough to see at a glance
HEAD_FILL = "#f3f3f1"
TEXT_INK = "#33383d"
_SOFT = "#676c71"
INK = "#22304f"  # what the marker wrote, on a filled sheet
_PRINT_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
PAGE: dict[str, dict[str, object]] = {
    "text": {"font_family": _PRINT_FONT, "fill": TEXT_INK},
    "title": {"font_size": 34},
    "sub": {"font_size": 17, "fill": _SOFT},
    "group": {"font_size": 21, "font_weight": "bold", "text_anchor": "middle"},
    "col": {"font_size": 17, "text_anchor": "middle", "fill": _SOFT},
    "label": {"font_size": 17, "fill": _SOFT},
    "num": {"font_size": 20, "text_anchor": "end", "fill": INK},
    "total": {"font_size": 20, "font_weight": "bold", "text_anchor": "end", "fill": INK},
    "word": {"font_size": 17, "text_anchor": "middle", "fill": INK},
    "gone": {"fill": "#9aa0a6"},
    "callout": {"font_size": 17, "font_weight": "bold", "text_anchor": "middle", "fill": _SOFT},
    "red": {"fill": "#b03a2e"},
}
ROW_H = 29  # a written line: 5.1 mm at print size
_STRIP, _GROUP_H, _COL_H = 34, 44, 36  # the call-outs above a table, its group and column heads
TABLE_TOP = 122


class Col(NamedTuple):
    """A column of a printed table: its heading, its width, the call-out above it (0: none)."""

    head: str
    width: float
    callout: int = 0


class Group(NamedTuple):
    """Columns under one heading (a team, a player); `note` is a small grey word in its corner."""

    head: str
    span: int
    note: str = ""


def fr_typo(text: str, lang: str) -> str:
    """French spacing: a no-break space before : ; ! ? (a label written with a plain space)."""
    if lang != "fr":
        return text
    for sign in ":;!?":
        text = text.replace(f" {sign}", f"\u00a0{sign}")
    return text


def draw_callout(svg: Svg, x: float, y: float, n: int) -> None:
    """A numbered call-out: a ring with the number of its explanation (sheet_legend)."""
    svg.el("circle", cx=x, cy=y, r=13, fill="#ffffff", stroke=_SOFT, stroke_width=1.2)
    svg.text(x, y + 6, str(n), class_="callout")


def page_head(svg: Svg, title: str, subtitle: str, names: Sequence[str] = (), callout: int = 0) -> None:
    """The title, the subtitle, and on the right lines to write the players' names on."""
    svg.text(X0, 62, title, class_="title")
    svg.text(X0, 96, subtitle, class_="sub")
    for i, name in enumerate(names):
        y = 62 + i * 34
        svg.text(560, y, name, class_="label")
        svg.el("line", x1=620, y1=y + 4, x2=PAGE_W - 40, y2=y + 4, stroke=RULE, stroke_width=1)
    if callout and names:
        draw_callout(svg, 534, 56, callout)


def table_head(svg: Svg, top: float, groups: Sequence[Group], cols: Sequence[Col]) -> list[float]:
    """The heads of a table from `top`: call-outs, group headings, column headings; return the
    columns' left edges and the table's right edge."""
    xs = [float(X0)]
    for col in cols:
        xs.append(xs[-1] + col.width)
    y_group = top + _STRIP
    y_cols = y_group + _GROUP_H
    svg.el("rect", x=xs[0], y=y_group, width=xs[-1] - xs[0], height=_GROUP_H + _COL_H, fill=HEAD_FILL)
    i = 0
    for group in groups:
        left, right = xs[i], xs[i + group.span]
        if group.head:
            svg.text((left + right) / 2, y_group + 29, group.head, class_="group")
        if group.note:
            svg.text(left + 6, y_group + 17, group.note, class_="label", font_size=17)
        i += group.span
    for c, col in enumerate(cols):
        svg.text((xs[c] + xs[c + 1]) / 2, y_cols + 24, col.head, class_="col")
        if col.callout:
            draw_callout(svg, (xs[c] + xs[c + 1]) / 2, top + _STRIP / 2, col.callout)
    svg.el("line", x1=xs[0], y1=y_cols, x2=xs[-1], y2=y_cols, stroke=RULE, stroke_width=1)
    return xs


def table_rules(svg: Svg, xs: Sequence[float], top: float, bottoms: Sequence[float], groups: Sequence[Group],
                 strong: Iterable[int] = (), double: Iterable[int] = (), merged: Mapping[int, int] | None = None
                 ) -> None:
    """The ruling of a table whose heads start at `top` and whose rows end at `bottoms`: light
    lines, stronger between groups, under the rows in `strong`, doubled under those in `double`;
    row r of `merged` is one cell across its first merged[r] columns."""
    y_group = top + _STRIP
    y_rows = y_group + _GROUP_H + _COL_H
    bottom = bottoms[-1] if bottoms else y_rows
    edges = {0, len(xs) - 1}
    i = 0
    for group in groups:
        i += group.span
        edges.add(i)
    merged = merged or {}
    for c, x in enumerate(xs):
        y1 = y_group if c in edges else y_group + _GROUP_H
        # the line, broken where a row is merged across it
        cuts = sorted(r for r, n in merged.items() if 0 < c < n)
        spans = []
        for r in cuts:
            spans.append((y1, bottoms[r - 1] if r else y_rows))
            y1 = bottoms[r]
        spans.append((y1, bottom))
        for a, b in spans:
            if b > a:
                svg.el("line", x1=x, y1=a, x2=x, y2=b, stroke=RULE_STRONG if c in edges else RULE,
                       stroke_width=1.5 if c in edges else 1)
    strong, double = set(strong), set(double)
    for r, y in enumerate(bottoms):
        if r in strong:  # a closing line (a round, a game, ten coups)
            svg.el("line", x1=xs[0], y1=y, x2=xs[-1], y2=y, stroke=RULE_CLOSE, stroke_width=2.4)
            continue
        last = r == len(bottoms) - 1
        svg.el("line", x1=xs[0], y1=y, x2=xs[-1], y2=y, stroke=RULE_STRONG if last else RULE,
               stroke_width=1.5 if last else 1)
        if r in double:
            svg.el("line", x1=xs[0], y1=y + 4, x2=xs[-1], y2=y + 4, stroke=RULE_STRONG, stroke_width=1.5)
    svg.el("line", x1=xs[0], y1=y_group, x2=xs[-1], y2=y_group, stroke=RULE_STRONG, stroke_width=1.5)
    svg.el("line", x1=xs[0], y1=y_group + _GROUP_H + _COL_H, x2=xs[-1], y2=y_group + _GROUP_H + _COL_H,
           stroke=RULE_STRONG, stroke_width=1.5)


def rows_top(top: float = TABLE_TOP) -> float:
    return top + _STRIP + _GROUP_H + _COL_H


def blank_rows(foot: float, row_h: float = ROW_H, top: float = TABLE_TOP) -> int:
    """How many rows of `row_h` fit on the page above a foot `foot` units high."""
    return int((PAGE_H - rows_top(top) - foot) // row_h)


def draw_token(svg: Svg, x: float, y: float) -> None:
    svg.el("circle", cx=x, cy=y, r=7, fill="#c08b3e", stroke="#7d5520", stroke_width=1.2)
    svg.el("circle", cx=x - 1.8, cy=y - 2, r=2.2, fill="#e6c48c")


def draw_ring(svg: Svg, x: float, y: float) -> None:
    svg.el("circle", cx=x, cy=y, r=10, fill="none", stroke=RULE_STRONG, stroke_width=1.2)


def check_lang(lang: str) -> None:
    if lang not in ("en", "fr"):
        raise ValueError(f"no language '{lang}' for a score sheet (known: en, fr)")

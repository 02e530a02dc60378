"""The score sheet of a match as an SVG picture (`sheet_svg`), in English or French: the 1802
marque on paper, a line per coup (clause hdb.sheet.marque), on the printed page of
`brou.engine.sheet_page`; the Brouc slate in chalk (clause brouc.sheet.ardoise), three games to a
band.  The rows come from `brou.engine.sheet`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .sheet import (
    TEAMS,
    Record,
    Row,
    ardoise_rows,
    deals_upto,
    is_marque,
    marks_on_sheet,
    marque_rows,
    match_end,
    ordinal,
    sheet_title,
    tens,
)
from .sheet_page import (
    HEAD_FILL,
    INK,
    PAGE,
    PAGE_H,
    PAGE_W,
    ROW_H,
    RULE,
    RULE_STRONG,
    TABLE_TOP,
    X0,
    Col,
    Group,
    Svg,
    check_lang,
    draw_callout,
    draw_ring,
    draw_token,
    fr_typo,
    minus_signs,
    page_head,
    rows_top,
    table_head,
    table_rules,
)

# The 1802 marque (clause hdb.sheet.marque): a row per coup, ruled for Nous and Eux.
_M_WORDS = {
    "fr": {"title": "La marque", "coup": "coup", "marriages": "mariages \u00b1", "cards": "cartes", "total": "total",
           "parties": "parties", "tokens": "Parties (jetons)", "vole": "vole", "replay": "rejoué"},
    "en": {"title": "The marque", "coup": "coup", "marriages": "marriages \u00b1", "cards": "cards", "total": "total",
           "parties": "parties", "tokens": "Parties (tokens)", "vole": "vole", "replay": "replay"},
}
_M_FIG = 56  # room for one figure in a marriages cell; three to a line
_M_TOKENS = 4  # tokens to a line in a parties cell
MARQUE_FOOT = 100


class _Coup(NamedTuple):
    """A coup of the marque as its row shows it: per team the marriage figures (text, struck
    out), the card points (a figure, a word, or nothing), the total, the parties marked."""

    number: int
    figures: tuple[list[tuple[str, bool]], list[tuple[str, bool]]]
    cards: tuple[str, str]
    totals: tuple[str, str]
    parties: tuple[int, int]
    ends_game: bool

    def lines(self) -> int:
        return max(1, *(math.ceil(len(f) / 3) for f in self.figures),
                   *(math.ceil(p / _M_TOKENS) for p in self.parties))


def _marque_coups(rows: Sequence[Row], lang: str) -> list[_Coup]:
    """The marque's rows (marque_rows) gathered into one row per coup."""
    w = _M_WORDS[lang]
    out: list[_Coup] = []
    for n in sorted({r.coup for r in rows}):
        mine = [r for r in rows if r.coup == n]
        figures: tuple[list[tuple[str, bool]], list[tuple[str, bool]]] = ([], [])
        cards, totals, parties = ["", ""], ["", ""], [0, 0]
        voided = {t for r in mine if r.kind == "void" for t in range(2) if r.value(t)}
        for r in mine:
            for t in range(2):
                v = r.value(t)
                if r.kind in ("marriage", "annulled") and v is not None:
                    figures[t].append((minus_signs(f"{v:+d}"), r.kind == "annulled" or t in voided))
                elif r.kind == "cards":
                    cards[t] = "\u2014" if v is None else str(v)
                elif r.kind == "total" and v is not None:
                    totals[t] = minus_signs(str(v))
                elif r.kind in ("vole", "game") and v:
                    parties[t] += v
                    if r.kind == "vole":
                        cards[t] = w["vole"]
                elif r.kind == "replay":
                    cards[t] = w["replay"]
        out.append(_Coup(n, figures, (cards[0], cards[1]), (totals[0], totals[1]), (parties[0], parties[1]),
                         any(r.kind == "game" for r in mine)))
    return out


def marque_svg(record: Record, deals: Sequence[Mapping[str, Any]], lang: str = "fr", rows: int | None = None) -> str:
    """The marque on a page: filled with the record's coups, or (`rows`) blank with that many rows."""
    w = _M_WORDS[lang]
    shown = {int(d["number"]) for d in deals}
    coups = [] if rows is not None else _marque_coups([r for r in marque_rows(record) if r.coup in shown], lang)
    svg = Svg(PAGE)
    blank = rows is not None

    def callout(n: int) -> int:  # the call-outs are explained beside the blank sheet only
        return n if blank else 0

    cols = [Col(w["coup"], 56, callout(1))]
    for t in range(2):
        first = t == 0
        cols += [Col(w["marriages"], 3 * _M_FIG + 2, callout(2) if first else 0),
                 Col(w["cards"], 72, callout(3) if first else 0), Col(w["total"], 96, callout(4) if first else 0)]
    cols += [Col(TEAMS[0], 60, callout(5)), Col(TEAMS[1], 60)]
    groups = [Group("", 1), Group(TEAMS[0], 3), Group(TEAMS[1], 3), Group(w["parties"], 2)]
    title = sheet_title(record, "", lang).lstrip(" \u00b7")
    page_head(svg, w["title"], title, TEAMS if blank else ())
    xs = table_head(svg, TABLE_TOP, groups, cols)
    y = rows_top()
    bottoms: list[float] = []
    double: list[int] = []
    for i, coup in enumerate(coups):
        h = coup.lines() * ROW_H
        base = y + 21
        svg.text(xs[1] - 10, base, str(coup.number), class_="label", text_anchor="end")
        for t in range(2):
            c = 1 + 3 * t
            for k, (text, struck) in enumerate(coup.figures[t]):
                right = xs[c] + (k % 3 + 1) * _M_FIG - 6
                yy = base + (k // 3) * ROW_H
                svg.text(right, yy, text, class_="num gone" if struck else "num")
                if struck:
                    svg.el("line", x1=right - 12.5 * len(text) - 2, y1=yy - 5, x2=right + 3, y2=yy - 8,
                           stroke=INK, stroke_width=1.3)
            card = coup.cards[t]
            if card[:1].isdigit() or card == "\u2014":
                svg.text(xs[c + 2] - 8, base, card, class_="num")
            elif card:
                svg.text((xs[c + 1] + xs[c + 2]) / 2, base - 1, card, class_="word")
            svg.text(xs[c + 3] - 8, base, coup.totals[t], class_="total")
            for k in range(coup.parties[t]):
                draw_token(svg, xs[7 + t] + 12 + (k % _M_TOKENS) * 12, y + ROW_H / 2 + (k // _M_TOKENS) * ROW_H)
        y += h
        bottoms.append(y)
        if coup.ends_game:
            double.append(i)
    for _ in range(rows or 0):
        y += ROW_H
        bottoms.append(y)
    table_rules(svg, xs, TABLE_TOP, bottoms, groups, double=double)
    # the tokens of the match: a ring for each of the parties the match is played to
    fy = y + 48
    if blank:
        draw_callout(svg, 26, fy - 6, 6)
    svg.text(X0, fy, w["tokens"], class_="label")
    marks = marks_on_sheet(r for r in marque_rows(record) if r.coup in shown) if not blank else (0, 0)
    target = int(record["target"])
    for t in range(2):
        x, ty = X0 + 220, fy + t * 32
        svg.text(x, ty, TEAMS[t], class_="label")
        for k in range(max(target, marks[t])):
            cx = x + 70 + k * 24 + (k // 5) * 8
            if k < marks[t]:
                draw_token(svg, cx, ty - 6)
            else:
                draw_ring(svg, cx, ty - 6)
    height = PAGE_H if blank else fy + 56
    end = [] if blank else match_end(record, deals, "parties", lang)
    if end:
        svg.text(X0, fy + 76, fr_typo(end[0], lang), class_="label")
        height = fy + 96
    return svg.document(PAGE_W, height, sheet_title(record, w["title"], lang))


# The slate: chalk on slate, in a wooden frame.  Three games to a band, letters at least 15
# units high, so that printed 165 mm wide no text is under 8 pt.
_S_ROW = 30
_S_COL = 220
_S_PER_BAND = 3
_S_END = 54  # room under a finished game's scores: how it ended, its coches
_S_BAS = 23
_S_BAS_HEAD = 24  # the line that names the bottom of a band
_CHALK = "#efece2"
# No SVG filter: WeasyPrint, which prints the rulebook, draws a filtered rectangle black and
# cuts letters in a filtered group.  Faint chalk is solid chalk blended over the slate's mid
# tone #303639 (0.9, 0.85, 0.8, 0.7 and 0.4 of the chalk), not opacity: WeasyPrint cuts off
# the left part of semi-transparent text anchored in the middle.
_SLATE_STYLE = """<style>
text { font-family: 'Segoe Print', 'Bradley Hand', 'Chalkboard SE', 'Comic Neue', 'DejaVu Sans', sans-serif;
       fill: #efece2; }
.title { font-size: 28px; }
.sub { font-size: 15px; fill: #b6b5af; letter-spacing: 0.4px; }
.head { font-size: 17px; text-anchor: middle; fill: #dcdad1; }
.partie { font-size: 16px; text-anchor: middle; fill: #c9c8c0; }
.score { font-size: 23px; text-anchor: middle; }
.old { fill: #7c7f7d; }
.note { font-size: 15px; text-anchor: middle; fill: #d2d1c9; }
.bas { font-size: 17px; text-anchor: middle; fill: #dcdad1; }
.team { font-size: 17px; }
.foot { font-size: 16px; fill: #dcdad1; }
.red { fill: #f4bcb3; }
</style>"""
_SLATE_DEFS = (
    '<defs><linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">'
    '<stop offset="0" stop-color="#a8773f"/><stop offset="0.5" stop-color="#8a5a2b"/>'
    '<stop offset="1" stop-color="#6a4220"/></linearGradient>'
    '<radialGradient id="slate" cx="0.45" cy="0.35" r="0.9">'
    '<stop offset="0" stop-color="#3c4447"/><stop offset="1" stop-color="#25292b"/></radialGradient>'
    '</defs>'
)


def _chalk_line(svg: Svg, x1: float, y1: float, x2: float, y2: float, width: float = 1.8) -> None:
    svg.el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=svg.ink or _CHALK, stroke_width=width, stroke_linecap="round",
           opacity=0.7)


def _tally_strokes(svg: Svg, x: float, y: float, n: int, height: float = 20, step: float = 7) -> float:
    """Draw n coches as tally strokes, the fifth across the four, from (x, y) (top left);
    return the x where they end."""
    gap = step * 2.2
    width = 3 * step + gap
    for i in range(n):
        group, k = divmod(i, 5)
        gx = x + group * width
        if k < 4:
            xx = gx + k * step
            _chalk_line(svg, xx, y + (1 if k % 2 and height > 15 else 0), xx + 0.8, y + height, max(1.5, 2.1 * height / 20))
        else:
            _chalk_line(svg, gx - step * 0.6, y + height * 0.85, gx + 3 * step + step * 0.6, y + height * 0.15,
                        max(1.5, 2.1 * height / 20))
    return x + math.ceil(n / 5) * width - gap if n else x


def _tally_width(n: int, step: float) -> float:
    full, rest = divmod(n, 5)
    width = full * (3 * step + step * 2.2) + max(rest - 1, 0) * step
    return width - (step * 2.2 if full and not rest else 0)


def _game_height(game: Sequence[Row]) -> float:
    lines = sum(1 for r in game if r.kind in ("score", "cape"))
    return 62 + lines * _S_ROW + (_S_END if game[-1].kind == "game" else 8)


_S_WORDS = {
    "fr": {"slate": "L'ardoise", "coches": "coches", "bottom": "annonces", "cape": "cape", "decimal": ","},
    "en": {"slate": "The slate", "coches": "coches", "bottom": "announcements", "cape": "cape",
           "decimal": "."},
}


def _game_name(n: int, lang: str) -> str:
    return f"Game {n}" if lang == "en" else f"{ordinal(n)} partie"


def ardoise_svg(record: Record, deals: Sequence[Mapping[str, Any]], lang: str = "fr") -> str:
    """The slate of a match in chalk (clause brouc.sheet.ardoise): a column per game, three to
    a band; under each band the announced marriages, at the bottom as on the slate."""
    w = _S_WORDS[lang]
    shown = {int(d["number"]) for d in deals}
    rows = [r for r in ardoise_rows(record, lang) if r.coup in shown]
    games: list[list[Row]] = []
    for row in rows:
        if not games or games[-1][0].game != row.game:
            games.append([])
        games[-1].append(row)
    bands = [games[i:i + _S_PER_BAND] for i in range(0, len(games), _S_PER_BAND)] or [[]]

    def bas_of(game: list[Row], team: int) -> list[int]:
        return [v for r in game if r.kind == "announcement" and (v := r.value(team)) is not None]

    frame, pad = 20, 28
    ncols = max(len(b) for b in bands) or 1
    inner_w = max(ncols * _S_COL, 600)
    width = 2 * frame + 2 * pad + inner_w
    head_h = 112
    heights = []
    for band in bands:
        score_h = max((_game_height(g) for g in band), default=62.0)
        bas_lines = max((max(len(bas_of(g, 0)), len(bas_of(g, 1))) for g in band), default=0)
        heights.append((score_h, max(bas_lines, 1)))
    body = sum(score_h + 16 + _S_BAS_HEAD + b * _S_BAS + 22 for score_h, b in heights)
    height = 2 * frame + head_h + body + 50
    svg = Svg()
    svg.raw(_SLATE_STYLE)
    svg.raw(_SLATE_DEFS)
    svg.el("rect", x=0, y=0, width=width, height=height, rx=16, fill="url(#wood)")
    svg.el("rect", x=frame - 3, y=frame - 3, width=width - 2 * frame + 6, height=height - 2 * frame + 6, rx=6,
           fill="none", stroke="#4e3118", stroke_width=2, opacity=0.6)
    svg.el("rect", x=frame, y=frame, width=width - 2 * frame, height=height - 2 * frame, rx=4, fill="url(#slate)")
    x0 = frame + pad
    right = width - frame - pad
    svg.text(x0, frame + 46, "Brouc", class_="title")
    svg.text(x0, frame + 74, sheet_title(record, "", lang).split(" \u00b7 ")[-1], class_="sub")  # the goal
    # the coches of the match, top right
    coches = marks_on_sheet(rows)
    cx0 = right - 200
    svg.text(cx0, frame + 26, w["coches"], class_="sub")
    for t in range(2):
        ty = frame + 54 + t * 30
        svg.text(cx0, ty, TEAMS[t], class_="team")
        if coches[t]:
            _tally_strokes(svg, cx0 + 60, ty - 17, coches[t])
        else:
            svg.text(cx0 + 60, ty, "\u2014", class_="team")
    y: float = frame + head_h
    _chalk_line(svg, frame + 14, y - 10, width - frame - 14, y - 8, 1.4)
    for bi, (band, (score_h, bas_lines)) in enumerate(zip(bands, heights, strict=True)):
        top = y
        bas_top = top + score_h + 16
        for c, game in enumerate(band):
            cx = x0 + c * _S_COL
            mid = cx + _S_COL / 2
            xs = (cx + _S_COL / 4, cx + 3 * _S_COL / 4)
            svg.text(mid, top + 22, _game_name(game[0].game, lang), class_="partie")
            for t in range(2):
                svg.text(xs[t], top + 46, TEAMS[t], class_="head")
            _chalk_line(svg, cx + 16, top + 54, cx + _S_COL - 16, top + 55)
            if c:
                _chalk_line(svg, cx, top + 4, cx + 1, bas_top + _S_BAS_HEAD + bas_lines * _S_BAS + 8, 1.2)
            yy = top + 62
            last_score = max((i for i, r in enumerate(game) if r.kind == "score"), default=-1)
            for i, row in enumerate(game):
                if row.kind == "score":
                    yy += _S_ROW
                    cls = "score" if i == last_score else "score old"
                    for t in range(2):
                        svg.text(xs[t], yy - 6, minus_signs(tens(row.value(t) or 0, w["decimal"])), class_=cls)
                elif row.kind == "cape":
                    yy += _S_ROW
                    marker = 0 if row.nous else 1
                    svg.text(xs[1 - marker], yy - 9, w["cape"], class_="note")
                    n = row.value(marker) or 0
                    _tally_strokes(svg, xs[marker] - _tally_width(n, 6) / 2, yy - 21, n, height=13, step=6)
            _chalk_line(svg, mid, top + 34, mid + 1, yy + 4)
            if game[-1].kind == "game":
                end = game[-1]
                how = game[last_score].label if last_score >= 0 else ""
                svg.text(mid, yy + 22, fr_typo(how, lang), class_="note")
                marker = 0 if end.nous else 1
                n = end.value(marker) or 0
                _tally_strokes(svg, xs[marker] - _tally_width(n, 6) / 2, yy + 30, n, height=13, step=6)
                _chalk_line(svg, cx + 24, yy + 50, cx + _S_COL - 24, yy + 51, 1.3)
            # the bottom of the slate: the announcements, in figures
            for t in range(2):
                for i, v in enumerate(bas_of(game, t)):
                    svg.text(xs[t], bas_top + _S_BAS_HEAD + 20 + i * _S_BAS, str(v), class_="bas")
        _chalk_line(svg, frame + 14, bas_top - 2, width - frame - 14, bas_top, 1.6)
        svg.text(x0, bas_top + 18, w["bottom"], class_="sub")
        y = bas_top + _S_BAS_HEAD + bas_lines * _S_BAS + 22
        if bi + 1 < len(bands):
            _chalk_line(svg, frame + 14, y - 8, width - frame - 14, y - 7, 1.4)
    end_line = match_end(record, deals, "coches", lang)
    if end_line:
        svg.text(x0, height - frame - 18, fr_typo(end_line[0], lang), class_="foot")
    return svg.document(width, height, sheet_title(record, w["slate"], lang))


def slate_page(record: Record, lang: str = "fr", games: int = 9) -> str:
    """The blank slate on a page in light ink (clause brouc.sheet.ardoise): `games` games (nine,
    the most a match to five coches can need), three to a band; in each, the scores in tens,
    the coches of the game under them, and the announced marriages at its bottom."""
    w = _S_WORDS[lang]
    svg = Svg(PAGE)
    page_head(svg, w["slate"], fr_typo(sheet_title(record, "", lang).lstrip(" \u00b7"), lang))
    # the coches of the match, top right
    svg.text(650, 40, w["coches"], class_="label")
    for t in range(2):
        hy = 70 + t * 34
        svg.text(650, hy, TEAMS[t], class_="label")
        svg.el("line", x1=700, y1=hy + 4, x2=PAGE_W - 40, y2=hy + 4, stroke=RULE, stroke_width=1)
    draw_callout(svg, 624, 64, 5)
    per_band = 3
    bands = math.ceil(games / per_band)
    top0 = 130.0
    band_h = (PAGE_H - top0 - 12) / bands
    col_w = (PAGE_W - X0 - 40) / per_band
    strip, coche_h, bas_lines, bas_h = 24, 36, 2, 28
    score_lines = max(3, int((band_h - 56 - 2 * strip - coche_h - bas_lines * bas_h - 14) // ROW_H))
    for g in range(games):
        b, c = divmod(g, per_band)
        top = top0 + b * band_h
        x = X0 + c * col_w
        left, right = x + 8, x + col_w - 8
        mid = x + col_w / 2
        xs = (x + col_w / 4, x + 3 * col_w / 4)

        def rule(y: float, strong: bool = False, left: float = left, right: float = right) -> None:
            svg.el("line", x1=left, y1=y, x2=right, y2=y, stroke=RULE_STRONG if strong else RULE,
                   stroke_width=1.5 if strong else 1)

        def label_strip(y: float, text: str, left: float = left, right: float = right, mid: float = mid) -> float:
            """A light strip across the game with the name of what is written under it."""
            svg.el("rect", x=left, y=y, width=right - left, height=strip, fill=HEAD_FILL)
            svg.text(mid, y + 18, text, class_="label", text_anchor="middle")
            return y + strip

        svg.el("rect", x=left, y=top, width=right - left, height=56, fill=HEAD_FILL)
        svg.text(mid, top + 22, _game_name(g + 1, lang), class_="col")
        for t in range(2):
            svg.text(xs[t], top + 48, TEAMS[t], class_="group")
        y = top + 56
        rule(y, True)
        for _ in range(score_lines):
            y += ROW_H
            rule(y)
        # under the scores, the coches of this game: a box for each team
        coches_top = y
        y = label_strip(y, w["coches"]) + coche_h
        rule(y, True)
        # at its bottom, the announced marriages
        bas_top = y
        y = label_strip(y, w["bottom"])
        for _ in range(bas_lines):
            y += bas_h
            rule(y)
        svg.el("line", x1=mid, y1=top + 28, x2=mid, y2=coches_top, stroke=RULE_STRONG, stroke_width=1.2)
        for y1, y2 in ((coches_top + strip, bas_top), (bas_top + strip, y)):
            svg.el("line", x1=mid, y1=y1, x2=mid, y2=y2, stroke=RULE_STRONG, stroke_width=1.2)
        for xx in (left, right):
            svg.el("line", x1=xx, y1=top, x2=xx, y2=y, stroke=RULE, stroke_width=1)
        if g == 0:
            draw_callout(svg, 26, top + 28, 1)
            draw_callout(svg, 26, top + 56 + ROW_H * 1.5, 2)
            draw_callout(svg, 26, coches_top + strip, 3)
            draw_callout(svg, 26, bas_top + strip, 4)
    return svg.document(PAGE_W, PAGE_H, sheet_title(record, w["slate"], lang))


def sheet_svg(record: Record, upto_deal: int | None = None, lang: str = "fr") -> str:
    """The record's score sheet as a standalone SVG picture, in `lang`: the 1802 marque on
    paper, a line per coup (clause hdb.sheet.marque), or the Brouc slate in chalk (clause
    brouc.sheet.ardoise)."""
    check_lang(lang)
    deals = deals_upto(record, upto_deal)
    return marque_svg(record, deals, lang) if is_marque(record) else ardoise_svg(record, deals, lang)

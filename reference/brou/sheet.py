"""Score sheets of a match: the 1802 marque and the Brouc slate (ardoise).

Both are drawn from a match record (`brou.match.Match.record()`), as plain data, with
no engine call: a sheet is what a marker writes while watching the game, and the record
holds everything he sees.  Match team 0 (players 0 and 2) is "Nous", team 1 "Eux".

- The 1802 marque (clause hdb.sheet.marque; S1 section 9): a sheet of paper ruled in
  two columns, Nous and Eux.  The marker writes each marriage when it is made, plus for
  the team that makes it and, for a marriage on the table, minus for the other team;
  at the end of the coup each team's card points, rounded (exact on the coup that ends
  the game); then the running totals he announces before the next coup.  A vole cancels
  the coup: its marriages are struck out and it earns three parties.  Parties are
  counters (jetons), shown as tokens.
- The Brouc slate (clause brouc.sheet.ardoise; S2 "Punkte und Partie", S4): each team's
  running score in tens without the final zero ("23" for 230); the announced marriages
  in figures at the bottom of the slate as they are made, counted in at the end of the
  deal; the coches of each team as tally strokes.  A cape marks its coches and leaves
  the scores; a game's end starts a new column.

`marque_rows` and `ardoise_rows` give the sheets as `Row`s, in the order the marker
writes them; `sheet_text` lays the right one out as a monospaced table, `sheet_svg`
draws it (paper and ink, or slate and chalk).  The sheets are written in French, the
language of the table at Brou and at L'Etivaz.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from .clauses import implements

if TYPE_CHECKING:
    from .rules import Rules

Record = Mapping[str, Any]

TEAMS = ("Nous", "Eux")
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = ("\u2665", "\u2666")

RowKind = Literal[
    # the 1802 marque
    "marriage", "annulled", "cards", "void", "total", "vole", "replay", "game",
    # the Brouc slate ("game" too)
    "announcement", "score", "cape",
]


class Row(NamedTuple):
    """One entry of a score sheet, as the marker writes it.

    kind:   marque: "marriage" (points, + or -), "annulled" (a marriage struck out: by a
            vole, a replayed coup, or the trick that broke a partie et vole), "cards"
            (card points of the coup), "void" (what a wrong claim takes back from the
            claimers), "total" (the running totals), "vole" (the parties of a vole),
            "replay" (a coup to play again), "game" (the parties of a won game);
            slate: "announcement" (an announced marriage, in figures, at the bottom),
            "score" (the running scores, in points; the slate shows them in tens),
            "cape" (the coches of a cape), "game" (the coches of a game);
    coup:   the deal's number in the match, from 1;
    game:   the game's number in the match, from 1;
    nous, eux: the value for each team, None where nothing is written: points, or for
            "vole", "game" and "cape" the parties or coches marked;
    label:  what the marker would say about the entry.
    """

    kind: RowKind
    coup: int
    game: int
    nous: int | None
    eux: int | None
    label: str = ""

    def value(self, team: int) -> int | None:
        return self.nous if team == 0 else self.eux


# -- reading the record ------------------------------------------------------------


def _deals(record: Record, upto_deal: int | None) -> list[Mapping[str, Any]]:
    deals: list[Mapping[str, Any]] = list(record["deals"])
    if upto_deal is None:
        return deals
    if upto_deal < 0:
        raise ValueError(f"upto_deal must be 0 or more, not {upto_deal}")
    return deals[:upto_deal]


def _is_marque(record: Record) -> bool:
    return record.get("unit") != "coches"


def marriage_name(text: str) -> str:
    """`KQH` -> `mariage \u2665`, `KQJS` -> `grand mariage \u2660`."""
    suit = SUIT_SIGNS.get(text[-1:], text[-1:])
    return ("grand mariage " if len(text) > 3 else "mariage ") + suit


def _marriages(deal: Mapping[str, Any]) -> list[tuple[int, bool, str, int, int]]:
    """The deal's marriages in the order they were made: (team, on the table, text, points, trick).

    A table marriage is made when its trick is complete; an announcement after
    `after_trick` tricks, so after the table marriage of that trick."""
    events: list[tuple[tuple[int, int], tuple[int, bool, str, int, int]]] = []
    for t in deal["table"]:
        events.append(((int(t["trick"]), 0), (int(t["team"]), True, str(t["marriage"]), int(t["points"]), int(t["trick"]))))
    for a in deal["announcements"]:
        after = int(a["after_trick"])
        events.append(((after, 1), (int(a["team"]), False, str(a["marriage"]), int(a["points"]), after)))
    events.sort(key=lambda e: e[0])
    return [e[1] for e in events]


def _marks_pair(marks: Sequence[int]) -> tuple[int | None, int | None]:
    return (int(marks[0]) or None, int(marks[1]) or None)


def _sweeper(deal: Mapping[str, Any]) -> int:
    tricks = [int(t) for t in deal["tricks"]]
    return tricks.index(max(tricks))


PARTIE_WORDS = {1: "simple", 2: "double", 3: "triple", 4: "quadruple"}


def _partie(n: int) -> str:
    return f"partie {PARTIE_WORDS[n]}" if n in PARTIE_WORDS else f"{n} parties"


def _coches(n: int) -> str:
    return f"{n} coche" + ("s" if n > 1 else "")


# -- the 1802 marque -----------------------------------------------------------------

_CARDS_LABELS = {
    "claim-right": "levées, à l'arrêt, sans arrondi",
    "declaration-failed": "levées, jusqu'à la levée perdue",
    "concession-accepted": "levées, à l'abandon, sans arrondi",
}


def _marque_cards_label(how: str, winner: int | None) -> str:
    """The card points of a coup are rounded, except on the coup that ends the game."""
    if winner is None:
        return "levées"
    return _CARDS_LABELS.get(how, "levées, sans arrondi")


def _marque_game_label(how: str, winner: int, parties: int) -> str:
    won, lost = TEAMS[winner], TEAMS[1 - winner]
    if how == "claim-wrong":
        return f"fausse annonce de {lost} : {_partie(parties)}"
    if how == "declaration-made":
        return f"partie et vole réussie : {parties} parties"
    if how == "declaration-failed":
        return f"partie et vole manquée : {parties} parties"
    if how == "concession-accepted":
        return f"abandon : {_partie(parties)} pour {won}"
    return f"{_partie(parties)} pour {won}"


@implements("hdb.sheet.marque")
def marque_rows(record: Record) -> list[Row]:
    """The 1802 marque, row by row as the marker writes it (clause hdb.sheet.marque)."""
    rows: list[Row] = []
    for deal in record["deals"]:
        rows.extend(_coup_rows(deal))
    return rows


def _coup_rows(deal: Mapping[str, Any]) -> list[Row]:
    """One coup of the marque: its marriages, its card points, the totals, the parties."""
    n, g, how = int(deal["number"]), int(deal["game"]), str(deal["how"])
    winner: int | None = None if deal["game_winner"] is None else int(deal["game_winner"])
    rows: list[Row] = []
    # a coup whose points are all cancelled, or (a failed partie et vole) the trick it failed on
    cancelled_trick = -1
    if how in ("all-tricks", "replay"):
        cancelled_trick = 0
    elif how == "declaration-failed" and winner is not None and int(deal["tricks"][winner]):
        cancelled_trick = sum(int(t) for t in deal["tricks"])
    written = [int(s) for s in deal["scores_before"]]
    for team, on_table, text, points, trick in _marriages(deal):
        values: list[int | None] = [None, None]
        values[team] = points
        if on_table:
            values[1 - team] = -points
            label = f"{marriage_name(text)} sur table, levée {trick}"
        else:
            label = f"{marriage_name(text)} annoncé"
        if cancelled_trick == 0 or (on_table and trick == cancelled_trick):
            rows.append(Row("annulled", n, g, values[0], values[1], label + ", annulé"))
            continue
        for t in range(2):
            written[t] += values[t] or 0
        rows.append(Row("marriage", n, g, values[0], values[1], label))
    after = [int(s) for s in deal["scores_after"]]
    cards: list[int | None] = [after[t] - written[t] for t in range(2)]
    if how == "all-tricks":
        sweeper = TEAMS[_sweeper(deal)]
        rows.append(Row("vole", n, g, *_marks_pair(deal["marks"]), f"vole de {sweeper} : le coup ne compte pas"))
    elif how == "replay":
        rows.append(Row("replay", n, g, None, None, "301 des deux côtés : coup à rejouer"))
    elif how == "claim-wrong" and winner is not None:
        # the claimers count nothing on this coup: what they were written is taken back
        claimers = 1 - winner
        void = cards[claimers]
        cards[claimers] = None
        rows.append(Row("cards", n, g, cards[0], cards[1], "levées, sans arrondi"))
        if void:
            values = [None, None]
            values[claimers] = void
            rows.append(Row("void", n, g, values[0], values[1], f"fausse annonce : rien pour {TEAMS[claimers]}"))
    else:
        rows.append(Row("cards", n, g, cards[0], cards[1], _marque_cards_label(how, winner)))
    rows.append(Row("total", n, g, after[0], after[1], "total"))
    if winner is not None:
        parties = int(deal["marks"][winner])
        rows.append(Row("game", n, g, *_marks_pair(deal["marks"]), _marque_game_label(how, winner, parties)))
    return rows


# -- the Brouc slate -----------------------------------------------------------------


def tens(points: int) -> str:
    """A score as the slate shows it, in tens without the final zero: 230 -> `23`,
    -20 -> `-2`; an exact count at the end of a game keeps its units: 304 -> `30.4`."""
    sign = "-" if points < 0 else ""
    whole, units = divmod(abs(points), 10)
    return f"{sign}{whole}" + (f".{units}" if units else "")


def _ardoise_end_label(how: str, winner: int, marks: Sequence[int]) -> str:
    won, lost = TEAMS[winner], TEAMS[1 - winner]
    stake = int(sum(marks))
    if how == "claim-right":
        return f"{won} dehors"
    if how == "claim-wrong":
        return f"{lost} dehors, à tort"
    name = "la cape, dehors et pas dédoublé" if stake >= 4 else "la cape et dehors"
    if how == "declaration-made":
        return f"{name} ({won})"
    if how == "declaration-failed":
        return f"{name} ({lost}) manquée"
    return f"partie à {won}"


@implements("brouc.sheet.ardoise")
def ardoise_rows(record: Record) -> list[Row]:
    """The Brouc slate, entry by entry as the marker writes it (clause brouc.sheet.ardoise)."""
    rows: list[Row] = []
    for deal in record["deals"]:
        n, g, how = int(deal["number"]), int(deal["game"]), str(deal["how"])
        for team, on_table, text, points, _ in _marriages(deal):
            if on_table:
                continue  # kept by leaving the lowest card face up, not written
            values: list[int | None] = [None, None]
            values[team] = points
            rows.append(Row("announcement", n, g, values[0], values[1], marriage_name(text)))
        winner = deal["game_winner"]
        after = [int(s) for s in deal["scores_after"]]
        if how == "all-tricks":
            rows.append(Row("cape", n, g, *_marks_pair(deal["marks"]), f"la cape ({TEAMS[_sweeper(deal)]})"))
        else:
            if winner is not None:
                label = _ardoise_end_label(how, int(winner), deal["marks"])
            elif any(deal.get("carried_in", (0, 0))):
                label = "avec les annonces de la cape"
            else:
                label = ""
            rows.append(Row("score", n, g, after[0], after[1], label))
        if winner is not None:
            marks = deal["marks"]
            marker = 0 if marks[0] else 1
            rows.append(Row("game", n, g, *_marks_pair(marks), f"{TEAMS[marker]} : {_coches(int(marks[marker]))}"))
    return rows


def sheet_rows(record: Record) -> list[Row]:
    """The rows of the record's sheet: the marque for parties, the slate for coches."""
    return marque_rows(record) if _is_marque(record) else ardoise_rows(record)


def marks_on_sheet(rows: Iterable[Row]) -> tuple[int, int]:
    """Parties (tokens) or coches per team, as the sheet's rows mark them."""
    total = [0, 0]
    for row in rows:
        if row.kind in ("vole", "game", "cape"):
            for t in range(2):
                total[t] += row.value(t) or 0
    return total[0], total[1]


# -- text ------------------------------------------------------------------------------


def _ordinal(n: int) -> str:
    return "1re" if n == 1 else f"{n}e"


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


def _title(record: Record, sheet: str) -> str:
    name = str(record.get("title", record.get("ruleset", "")))
    target = int(record["target"])
    if _is_marque(record):
        goal = f"en {target} parties"
    else:
        fate = "perd" if record.get("reaching_target", "loses") == "loses" else "gagne"
        goal = f"en {target} coches, la {_ordinal(target)} {fate}"
    return f"{sheet} \u00b7 {name} \u00b7 {goal}"


def _match_end(record: Record, deals: Sequence[Mapping[str, Any]], unit: str) -> list[str]:
    if len(deals) < len(record["deals"]) or record.get("winner") is None or not deals:
        return []
    winner = int(record["winner"])
    marks = [int(m) for m in record["marks"]]
    line = f"Match gagné par {TEAMS[winner]} ({unit} : Nous {marks[0]}, Eux {marks[1]})."
    last = deals[-1]
    if last["game_winner"] is None:
        line += f" La {_ordinal(int(last['game']))} partie reste inachevée."
    return [line]


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
    lines = [_title(record, "LA MARQUE"), ""]
    game = 0
    tokens = [0, 0]
    for i, row in enumerate(rows):
        if row.game != game:
            game = row.game
            lines += [_rule(f"{_ordinal(game)} partie", _MW), _marque_line("", "", "Nous", "Eux")]
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
    return _join(lines + _match_end(record, deals, "parties"))


_AW = 70  # width of the slate's text


def _ardoise_line(first: str, nous: str, eux: str, bas_nous: str, bas_eux: str, note: str) -> str:
    return f"{first:<9}{nous:>6}{eux:>6}    {bas_nous:<11}{bas_eux:<11}{note}".rstrip()


def _ardoise_text(record: Record, deals: Sequence[Mapping[str, Any]]) -> str:
    shown = {int(d["number"]) for d in deals}
    rows = [r for r in ardoise_rows(record) if r.coup in shown]
    lines = [_title(record, "L'ARDOISE"), ""]
    coches = [0, 0]
    game = 0
    by_coup: dict[int, list[Row]] = {}
    for row in rows:
        by_coup.setdefault(row.coup, []).append(row)
    for n in sorted(by_coup):
        entries = by_coup[n]
        if entries[0].game != game:
            game = entries[0].game
            lines += [_rule(f"{_ordinal(game)} partie", _AW),
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
                lines.append(_ardoise_line("", "", "", "", "", f"{TEAMS[marker]} : {_coches(row.value(marker) or 0)}"))
                for t in range(2):
                    coches[t] += row.value(t) or 0
                lines.append(f"{'':9}coches : Nous {tally(coches[0])}   Eux {tally(coches[1])}")
                if row.kind == "game":
                    lines.append("")  # the game is over: a blank line before the next one
    return _join(lines + _match_end(record, deals, "coches"))


def sheet_text(record: Record, upto_deal: int | None = None) -> str:
    """The record's score sheet as a monospaced table, the marque (clause hdb.sheet.marque)
    or the slate (clause brouc.sheet.ardoise), optionally only its first `upto_deal` deals.

    The text of the first k deals is the beginning of the text of the first k + 1, so a
    sheet can be printed as it grows."""
    deals = _deals(record, upto_deal)
    return _marque_text(record, deals) if _is_marque(record) else _ardoise_text(record, deals)


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


class _Svg:
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
        body = escape(content)
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
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                f'role="img" aria-label={quoteattr(title)}>\n<title>{escape(title)}</title>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


def _minus(text: str) -> str:
    return text.replace("-", "\u2212")


# The marque: paper, ink, tokens.
_ROW = 22
_COUP_W, _LABEL_W, _NUM_W = 46, 250, 74
_COL_W = _COUP_W + _LABEL_W + 2 * _NUM_W
_GAP = 30
_MARGIN = 34
_INK = "#22304f"
_PRINT_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
# the marque's styles as presentation attributes, for the printed blank sheet
_MARQUE_PRINT: dict[str, dict[str, object]] = {
    "text": {"font_family": _PRINT_FONT, "fill": "#22304f"},
    "head": {"font_size": 17, "font_style": "italic"},
    "title": {"font_size": 22, "font_style": "italic"},
    "sub": {"font_size": 11, "fill": "#7b7466"},
    "partie": {"font_size": 12, "font_style": "italic", "font_weight": "bold"},
    "coup": {"font_size": 11, "fill": "#7b7466"},
    "label": {"font_size": 11, "fill": "#7b7466", "font_style": "italic"},
    "num": {"font_size": 13, "text_anchor": "end"},
    "small": {"font_size": 11, "text_anchor": "end"},
    "total": {"font_size": 14, "font_weight": "bold", "text_anchor": "end"},
    "gone": {"fill": "#9a94a0"},
    "red": {"fill": "#a8322d"},
    "foot": {"font_size": 13, "font_style": "italic"},
}
_MARQUE_STYLE = """<style>
text { font-family: Georgia, 'Palatino Linotype', 'DejaVu Serif', serif; fill: #22304f; }
.head { font-size: 19px; font-style: italic; }
.title { font-size: 24px; font-style: italic; }
.sub { font-size: 12px; fill: #7b7466; letter-spacing: 0.5px; }
.partie { font-size: 13px; font-style: italic; font-weight: bold; }
.coup { font-size: 11px; fill: #7b7466; }
.label { font-size: 11.5px; fill: #7b7466; font-style: italic; }
.num { font-size: 14px; text-anchor: end; }
.small { font-size: 12px; text-anchor: end; }
.total { font-size: 15px; font-weight: bold; text-anchor: end; }
.gone { fill: #9a94a0; }
.red { fill: #a8322d; }
.foot { font-size: 14px; font-style: italic; }
</style>"""


def _pack(blocks: Sequence[int], per_column: int, max_columns: int) -> list[list[int]]:
    """Blocks (games, their heights in rows) split in order into as few columns as hold
    per_column rows each (at most max_columns), the tallest column as short as can be."""
    n = len(blocks)
    if not n:
        return [[]]
    k = min(n, max_columns, max(1, math.ceil(sum(blocks) / per_column)))
    prefix = [0]
    for size in blocks:
        prefix.append(prefix[-1] + size)
    # best[j][i]: the tallest column when the first i blocks fill j columns; cut[j][i]: where the last starts
    inf = prefix[-1] + 1
    best = [[inf] * (n + 1) for _ in range(k + 1)]
    cut = [[0] * (n + 1) for _ in range(k + 1)]
    best[0][0] = 0
    for j in range(1, k + 1):
        for i in range(1, n + 1):
            for start in range(j - 1, i):
                height = max(best[j - 1][start], prefix[i] - prefix[start])
                if height < best[j][i]:
                    best[j][i], cut[j][i] = height, start
    columns: list[list[int]] = []
    end = n
    for j in range(k, 0, -1):
        start = cut[j][end]
        columns.insert(0, list(range(start, end)))
        end = start
    return columns


def _token(svg: _Svg, x: float, y: float) -> None:
    svg.el("circle", cx=x, cy=y, r=6.2, fill="#c08b3e", stroke="#7d5520", stroke_width=1.2)
    svg.el("circle", cx=x - 1.6, cy=y - 1.8, r=2.0, fill="#e6c48c", opacity=0.8)


def _tokens(svg: _Svg, x_right: float, y: float, n: int) -> None:
    """n tokens in a row ending at x_right, groups of five."""
    step = 15
    for i in range(n):
        offset = (n - 1 - i) * step + ((n - 1 - i) // 5) * 5
        _token(svg, x_right - offset, y)


class _Blank(NamedTuple):
    """An empty sheet to print: how many lines (per column of the marque, per game on the
    slate) and how many columns (of the marque, or games side by side on the slate)."""

    rows: int
    columns: int


def _token_places(svg: _Svg, x: float, y: float, n: int) -> None:
    """n empty rings from x, in groups of five, where tokens are put or ticked."""
    for i in range(n):
        svg.el("circle", cx=x + i * 15 + (i // 5) * 5, cy=y, r=6.2, fill="none", stroke="#9a8a6a", stroke_width=1)


def _marque_svg(record: Record, deals: Sequence[Mapping[str, Any]], blank: _Blank | None = None) -> str:
    shown = {int(d["number"]) for d in deals}
    rows = [r for r in marque_rows(record) if r.coup in shown]
    games: list[list[Row]] = []
    for row in rows:
        if not games or games[-1][0].game != row.game:
            games.append([])
        games[-1].append(row)
    # a game's block: its heading, its rows, and a total row takes a little more room
    blocks = [1 + len(g) for g in games]
    packed = _pack(blocks, 44, 3)
    rows_high = max((sum(blocks[i] for i in col) for col in packed), default=0)
    if blank is not None:
        packed = [[] for _ in range(blank.columns)]
        rows_high = blank.rows
    top = 96
    body_h = (rows_high + 1) * _ROW
    width = 2 * _MARGIN + len(packed) * _COL_W + (len(packed) - 1) * _GAP
    foot_h = 108
    height = top + body_h + foot_h
    svg = _Svg() if blank is None else _Svg(_MARQUE_PRINT)
    if blank is None:
        svg.raw(_MARQUE_STYLE)
    svg.el("rect", x=6, y=8, width=width - 10, height=height - 10, fill="#000", opacity=0.10, rx=3)
    svg.el("rect", x=2, y=2, width=width - 8, height=height - 8, fill="#fbf7ec", stroke="#d8cdb2", rx=3)
    svg.text(_MARGIN, 44, "La marque", class_="title")
    svg.text(_MARGIN, 66, _title(record, "").lstrip(" \u00b7").upper(), class_="sub")
    y0 = top
    for c, col in enumerate(packed):
        x = _MARGIN + c * (_COL_W + _GAP)
        x_n = x + _COUP_W + _LABEL_W
        x_e = x_n + _NUM_W
        x_end = x_e + _NUM_W
        bottom = y0 + body_h
        # the ruled paper
        for i in range(rows_high + 2):
            yy = y0 + i * _ROW + 6
            svg.el("line", x1=x, y1=yy, x2=x_end, y2=yy, stroke="#c6d6e6", stroke_width=0.8)
        svg.el("line", x1=x + _COUP_W - 6, y1=y0 - 26, x2=x + _COUP_W - 6, y2=bottom + 8, stroke="#e2a3a0", stroke_width=1)
        for xx in (x_n, x_e):
            svg.el("line", x1=xx, y1=y0 - 26, x2=xx, y2=bottom + 8, stroke=_INK, stroke_width=1.1)
        svg.text(x_n + _NUM_W / 2, y0 - 8, "Nous", class_="head", text_anchor="middle")
        svg.text(x_e + _NUM_W / 2, y0 - 8, "Eux", class_="head", text_anchor="middle")
        svg.el("line", x1=x, y1=y0 + 0.5, x2=x_end, y2=y0 + 0.5, stroke=_INK, stroke_width=1.1)
        line = 0
        for gi in col:
            line += 1
            base = y0 + line * _ROW
            svg.text(x + 4, base, f"{_ordinal(games[gi][0].game)} partie", class_="partie")
            coup = 0
            for row in games[gi]:
                line += 1
                base = y0 + line * _ROW
                if row.coup != coup:
                    coup = row.coup
                    svg.text(x + _COUP_W - 12, base, str(coup), class_="coup", text_anchor="end")
                if row.kind != "total":
                    # a struck-out marriage shows as struck out, without the word
                    svg.text(x + _COUP_W + 2, base, row.label.removesuffix(", annulé"), class_="label")
                for t, xx in ((0, x_n), (1, x_e)):
                    v = row.value(t)
                    right = xx + _NUM_W - 10
                    if row.kind in ("vole", "game"):
                        if v:
                            _tokens(svg, right - 4, base - 4.5, v)
                        continue
                    if v is None:
                        continue
                    if row.kind in ("marriage", "annulled"):
                        text = _minus(f"{v:+d}")
                        cls = "small" if row.kind == "marriage" else "small gone"
                        svg.text(right, base, text, class_=cls)
                        if row.kind == "annulled":
                            svg.el("line", x1=right - 7 * len(text) - 2, y1=base - 3.5, x2=right + 3, y2=base - 5.5,
                                   stroke=_INK, stroke_width=1.1)
                    elif row.kind == "total":
                        svg.el("line", x1=xx + 12, y1=base - 16, x2=right + 2, y2=base - 16, stroke=_INK, stroke_width=0.9)
                        svg.text(right, base, _minus(str(v)), class_="total")
                    else:
                        svg.text(right, base, _minus(str(v)), class_="num")
                if row.kind == "game":
                    yy = base + 7
                    for dy in (0, 3):
                        svg.el("line", x1=x + _COUP_W - 6, y1=yy + dy, x2=x_end, y2=yy + dy, stroke=_INK, stroke_width=0.9)
    # the tokens each team holds
    marks = marks_on_sheet(rows)
    fy = top + body_h + 34
    svg.text(_MARGIN, fy, "Jetons", class_="foot")
    for t in range(2):
        yy = fy + t * 26
        svg.text(_MARGIN + 74, yy, TEAMS[t], class_="foot")
        if blank is not None:  # a place for each token the game can bring
            _token_places(svg, _MARGIN + 130, yy - 5, int(record["target"]))
            continue
        if marks[t]:
            _tokens(svg, _MARGIN + 130 + (marks[t] - 1) * 15 + ((marks[t] - 1) // 5) * 5, yy - 5, marks[t])
        else:
            svg.text(_MARGIN + 124, yy, "\u2014", class_="foot")
        svg.text(_MARGIN + 124 + marks[t] * 15 + (marks[t] // 5) * 5 + 14, yy, f"({marks[t]})", class_="sub")
    end = _match_end(record, deals, "parties")
    if end:
        svg.text(width - _MARGIN - 6, fy + 13, end[0], class_="foot", text_anchor="end")
    return svg.document(width, height, _title(record, "La marque"))


# The slate: chalk on slate, in a wooden frame.
_S_ROW = 27
_S_COL = 180
_S_PER_BAND = 5
_S_END = 50  # room under a finished game's scores: how it ended, its coches
_S_BAS = 21
_CHALK = "#efece2"
_S_BLANK_BAS = 4  # lines for the announcements at the bottom of a blank slate
_PRINT_INK = "#2a3236"
# the slate's styles as presentation attributes, for the printed blank slate
_SLATE_PRINT: dict[str, dict[str, object]] = {
    "text": {"font_family": _PRINT_FONT, "fill": _PRINT_INK},
    "title": {"font_size": 24},
    "sub": {"font_size": 11, "fill": "#5f6569"},
    "head": {"font_size": 14, "text_anchor": "middle"},
    "partie": {"font_size": 13, "text_anchor": "middle", "fill": "#5f6569"},
    "score": {"font_size": 20, "text_anchor": "middle"},
    "old": {"fill": "#9aa0a3"},
    "note": {"font_size": 11, "text_anchor": "middle", "fill": "#5f6569"},
    "bas": {"font_size": 14, "text_anchor": "middle"},
    "team": {"font_size": 15},
    "foot": {"font_size": 13},
    "red": {"fill": "#b03a2e"},
}
# Faint chalk is solid chalk blended over the slate's mid tone #303639 (0.9, 0.85, 0.8, 0.7 and
# 0.4 of the chalk), not opacity: WeasyPrint, which prints the rulebook, cuts off the left part
# of semi-transparent text anchored in the middle.
_SLATE_STYLE = """<style>
text { font-family: 'Segoe Print', 'Bradley Hand', 'Chalkboard SE', 'Comic Neue', 'DejaVu Sans', sans-serif;
       fill: #efece2; }
.title { font-size: 26px; }
.sub { font-size: 12px; fill: #b6b5af; letter-spacing: 0.4px; }
.head { font-size: 15px; text-anchor: middle; fill: #dcdad1; }
.partie { font-size: 14px; text-anchor: middle; fill: #c9c8c0; }
.score { font-size: 21px; text-anchor: middle; }
.old { fill: #7c7f7d; }
.note { font-size: 11.5px; text-anchor: middle; fill: #d2d1c9; }
.bas { font-size: 15px; text-anchor: middle; fill: #dcdad1; }
.team { font-size: 16px; }
.foot { font-size: 14px; fill: #dcdad1; }
.red { fill: #f4bcb3; }
</style>"""
_SLATE_DEFS = (
    '<defs><linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">'
    '<stop offset="0" stop-color="#a8773f"/><stop offset="0.5" stop-color="#8a5a2b"/>'
    '<stop offset="1" stop-color="#6a4220"/></linearGradient>'
    '<radialGradient id="slate" cx="0.45" cy="0.35" r="0.9">'
    '<stop offset="0" stop-color="#3c4447"/><stop offset="1" stop-color="#25292b"/></radialGradient>'
    '<filter id="dust" x="0" y="0" width="1" height="1">'
    '<feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="2" seed="7"/>'
    '<feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.06 0"/></filter>'
    '<filter id="chalk" x="-2%" y="-2%" width="104%" height="104%">'
    '<feTurbulence type="fractalNoise" baseFrequency="1.1" numOctaves="1" seed="3" result="grain"/>'
    '<feDisplacementMap in="SourceGraphic" in2="grain" scale="1.6" xChannelSelector="R" yChannelSelector="G"/>'
    '</filter></defs>'
)


def _chalk_line(svg: _Svg, x1: float, y1: float, x2: float, y2: float, width: float = 1.8) -> None:
    svg.el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=svg.ink or _CHALK, stroke_width=width, stroke_linecap="round",
           opacity=0.7)


def _guide(svg: _Svg, x1: float, y1: float, x2: float, y2: float) -> None:
    """A faint ruled line of the printed blank slate, to write on."""
    svg.el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#c4c1b6", stroke_width=0.7)


def _tally_strokes(svg: _Svg, x: float, y: float, n: int, height: float = 20, step: float = 7) -> float:
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


def _ardoise_svg(record: Record, deals: Sequence[Mapping[str, Any]], blank: _Blank | None = None) -> str:
    shown = {int(d["number"]) for d in deals}
    rows = [r for r in ardoise_rows(record) if r.coup in shown]
    games: list[list[Row]] = []
    for row in rows:
        if not games or games[-1][0].game != row.game:
            games.append([])
        games[-1].append(row)
    bands = [games[i:i + _S_PER_BAND] for i in range(0, len(games), _S_PER_BAND)] or [[]]
    if blank is not None:  # one band of empty games
        bands = [[[] for _ in range(blank.columns)]]

    def bas_of(game: list[Row], team: int) -> list[int]:
        return [v for r in game if r.kind == "announcement" and (v := r.value(team)) is not None]

    frame, pad = 20, 28
    ncols = max(len(b) for b in bands) or 1
    inner_w = max(ncols * _S_COL, 560)
    width = 2 * frame + 2 * pad + inner_w
    head_h = 104
    heights = []
    for band in bands:
        if blank is not None:
            heights.append((62.0 + blank.rows * _S_ROW + _S_END, _S_BLANK_BAS))
            continue
        score_h = max((_game_height(g) for g in band), default=62.0)
        bas_lines = max((max(len(bas_of(g, 0)), len(bas_of(g, 1))) for g in band), default=0)
        heights.append((score_h, max(bas_lines, 1)))
    body = sum(score_h + 16 + b * _S_BAS + 22 for score_h, b in heights)
    height = 2 * frame + head_h + body + 46
    # the blank slate is printed: plain colours, a pale slate, lines and letters in ink
    svg = _Svg() if blank is None else _Svg(_SLATE_PRINT, _PRINT_INK)
    if blank is None:
        svg.raw(_SLATE_STYLE)
        svg.raw(_SLATE_DEFS)
    svg.el("rect", x=0, y=0, width=width, height=height, rx=16, fill="url(#wood)" if blank is None else "#8a5a2b")
    svg.el("rect", x=frame - 3, y=frame - 3, width=width - 2 * frame + 6, height=height - 2 * frame + 6, rx=6,
           fill="none", stroke="#4e3118", stroke_width=2, opacity=0.6)
    svg.el("rect", x=frame, y=frame, width=width - 2 * frame, height=height - 2 * frame, rx=4,
           fill="url(#slate)" if blank is None else "#f4f3ee")
    if blank is None:
        svg.el("rect", x=frame, y=frame, width=width - 2 * frame, height=height - 2 * frame, rx=4, filter="url(#dust)")
        svg.raw('<g filter="url(#chalk)">')
    x0 = frame + pad
    right = width - frame - pad
    svg.text(x0, frame + 46, "Brouc", class_="title")
    svg.text(x0, frame + 70, _title(record, "").lstrip(" \u00b7"), class_="sub")
    # the coches of the match, top right
    coches = marks_on_sheet(rows)
    cx0 = right - 200
    svg.text(cx0, frame + 26, "coches", class_="sub")
    for t in range(2):
        ty = frame + 52 + t * 30
        svg.text(cx0, ty, TEAMS[t], class_="team")
        if blank is not None:
            _guide(svg, cx0 + 60, ty + 3, right, ty + 3)
        elif coches[t]:
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
            svg.text(mid, top + 22, f"{_ordinal(game[0].game)} partie" if game else "partie", class_="partie")
            for t in range(2):
                svg.text(xs[t], top + 46, TEAMS[t], class_="head")
            _chalk_line(svg, cx + 16, top + 54, cx + _S_COL - 16, top + 55)
            if c:
                _chalk_line(svg, cx, top + 4, cx + 1, bas_top + bas_lines * _S_BAS + 8, 1.2)
            yy = top + 62
            last_score = max((i for i, r in enumerate(game) if r.kind == "score"), default=-1)
            for i, row in enumerate(game):
                if row.kind == "score":
                    yy += _S_ROW
                    cls = "score" if i == last_score else "score old"
                    for t in range(2):
                        svg.text(xs[t], yy - 6, _minus(tens(row.value(t) or 0)), class_=cls)
                elif row.kind == "cape":
                    yy += _S_ROW
                    marker = 0 if row.nous else 1
                    svg.text(xs[1 - marker], yy - 9, "cape", class_="note")
                    n = row.value(marker) or 0
                    _tally_strokes(svg, xs[marker] - _tally_width(n, 6) / 2, yy - 21, n, height=13, step=6)
            if blank is not None:  # faint lines to write the scores on, then room for the coches
                for _ in range(blank.rows):
                    yy += _S_ROW
                    for t in range(2):
                        _guide(svg, xs[t] - _S_COL / 4 + 14, yy - 2, xs[t] + _S_COL / 4 - 14, yy - 2)
                svg.text(mid, yy + 20, "coches", class_="note")
                _chalk_line(svg, cx + 24, yy + 46, cx + _S_COL - 24, yy + 47, 1.3)
            _chalk_line(svg, mid, top + 34, mid + 1, yy + 4)
            if game and game[-1].kind == "game":
                end = game[-1]
                how = game[last_score].label if last_score >= 0 else ""
                svg.text(mid, yy + 20, how, class_="note")
                marker = 0 if end.nous else 1
                n = end.value(marker) or 0
                _tally_strokes(svg, xs[marker] - _tally_width(n, 6) / 2, yy + 27, n, height=13, step=6)
                _chalk_line(svg, cx + 24, yy + 46, cx + _S_COL - 24, yy + 47, 1.3)
            # the bottom of the slate: the announcements, in figures
            for t in range(2):
                for i, v in enumerate(bas_of(game, t)):
                    svg.text(xs[t], bas_top + 19 + i * _S_BAS, str(v), class_="bas")
                if blank is not None:
                    for i in range(bas_lines):
                        yb = bas_top + 21 + i * _S_BAS
                        _guide(svg, xs[t] - _S_COL / 4 + 14, yb, xs[t] + _S_COL / 4 - 14, yb)
        _chalk_line(svg, frame + 14, bas_top - 2, width - frame - 14, bas_top, 1.6)
        if bi == 0:
            svg.text(right, bas_top - 8, "annonces", class_="sub", text_anchor="end")
        y = bas_top + bas_lines * _S_BAS + 22
        if bi + 1 < len(bands):
            _chalk_line(svg, frame + 14, y - 8, width - frame - 14, y - 7, 1.4)
    end_line = _match_end(record, deals, "coches")
    if end_line:
        svg.text(x0, height - frame - 18, end_line[0], class_="foot")
    if blank is None:
        svg.raw("</g>")
    return svg.document(width, height, _title(record, "L'ardoise"))


def sheet_svg(record: Record, upto_deal: int | None = None) -> str:
    """The record's score sheet as a standalone SVG picture: the 1802 marque on paper
    (clause hdb.sheet.marque) or the Brouc slate in chalk (clause brouc.sheet.ardoise)."""
    deals = _deals(record, upto_deal)
    return _marque_svg(record, deals) if _is_marque(record) else _ardoise_svg(record, deals)


def empty_sheet_svg(rules_or_ruleset_id: Rules | str, rows: int | None = None, columns: int | None = None) -> str:
    """A blank score sheet to print and fill in by hand, drawn like `sheet_svg` in plain
    colours: the 1802 marque, ruled in Nous and Eux with room for the tokens (clause
    hdb.sheet.marque), or the Brouc slate, games side by side with room for the
    announcements at the bottom and the coches (clause brouc.sheet.ardoise).

    rows: ruled lines per column of the marque (default 36), score lines per game on the
    slate (default 10); columns: columns of the marque (default 1), games on the slate (3)."""
    if isinstance(rules_or_ruleset_id, str):
        from .rules import Rules  # the sheets themselves need no engine

        rules_or_ruleset_id = Rules.load(rules_or_ruleset_id)
    rules = rules_or_ruleset_id
    spec = rules.data["match"]
    record = {"ruleset": rules.id, "title": rules.data["title"]["fr"], "unit": spec["unit"], "target": spec["target"],
              "reaching_target": spec["reaching_target"], "deals": [], "winner": None}
    if _is_marque(record):
        blank = _Blank(36 if rows is None else rows, 1 if columns is None else columns)
        if blank.rows < 1 or blank.columns < 1:
            raise ValueError(f"a blank marque needs at least one row and one column, not {blank.rows} and {blank.columns}")
        return _marque_svg(record, [], blank)
    blank = _Blank(10 if rows is None else rows, 3 if columns is None else columns)
    if blank.rows < 1 or blank.columns < 1:
        raise ValueError(f"a blank slate needs at least one row and one game, not {blank.rows} and {blank.columns}")
    return _ardoise_svg(record, [], blank)

"""Score sheets of a match: the 1802 marque and the Brouc slate (ardoise).

Both are drawn from a match record (`brou.engine.session.Session.record()`), as plain data, with
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
writes them; `sheet_text` lays the right one out as a monospaced table, in French, the
language of the table at Brou and at L'Etivaz; `sheet_svg` draws it in English or French
(the marque on paper, a line per coup; the slate in chalk).

`empty_sheet_svg` draws the blank sheet of any ruleset, to print (part 3 of issue 21): an
A4 page in light ink, letters of 8 pt or more when printed PRINT_WIDTH_MM wide, numbered
call-outs that `sheet_legend` explains: the marque for a whole 1802 match, the slate for
nine Brouc games, and for Brusquembille, L'Homme d'Auvergne and L'Hombre, which keep their
score per player, a table of jetons or points per player and deal drawn from their rules.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from ..spec.clauses import implements

if TYPE_CHECKING:
    from ..spec.rules import Rules

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


def tens(points: int, decimal: str = ".") -> str:
    """A score as the slate shows it, in tens without the final zero: 230 -> `23`,
    -20 -> `-2`; a game ends on an exact count, not rounded, whose units are kept after a
    point (a comma in French): 304 -> `30.4`, thirty tens and four."""
    sign = "-" if points < 0 else ""
    whole, units = divmod(abs(points), 10)
    return f"{sign}{whole}" + (f"{decimal}{units}" if units else "")


_END_WORDS = {
    "fr": {"dehors": "{won} dehors", "wrong": "{lost} dehors, à tort", "cape": "la cape et dehors",
           "double": "la cape, dehors et pas dédoublé", "made": "{name} ({won})", "failed": "{name} ({lost}) manquée",
           "game": "partie à {won}", "carried": "avec les annonces de la cape", "swept": "la cape ({team})",
           "coches": "{team} : {n} coche{s}"},
    "en": {"dehors": "{won}: dehors", "wrong": "{lost}: dehors, wrongly", "cape": "la cape et dehors",
           "double": "la cape, dehors et pas dédoublé", "made": "{name} ({won})", "failed": "{name} ({lost}), failed",
           "game": "game to {won}", "carried": "with the announcements of the cape", "swept": "la cape ({team})",
           "coches": "{team}: {n} coche{s}"},
}


def _ardoise_end_label(how: str, winner: int, marks: Sequence[int], lang: str = "fr") -> str:
    w = _END_WORDS[lang]
    won, lost = TEAMS[winner], TEAMS[1 - winner]
    stake = int(sum(marks))
    if how == "claim-right":
        return w["dehors"].format(won=won)
    if how == "claim-wrong":
        return w["wrong"].format(lost=lost)
    name = w["double"] if stake >= 4 else w["cape"]
    if how == "declaration-made":
        return w["made"].format(name=name, won=won)
    if how == "declaration-failed":
        return w["failed"].format(name=name, lost=lost)
    return w["game"].format(won=won)


@implements("brouc.sheet.ardoise")
def ardoise_rows(record: Record, lang: str = "fr") -> list[Row]:
    """The Brouc slate, entry by entry as the marker writes it (clause brouc.sheet.ardoise);
    the labels in `lang` (the text sheet is French)."""
    w = _END_WORDS[lang]
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
            rows.append(Row("cape", n, g, *_marks_pair(deal["marks"]), w["swept"].format(team=TEAMS[_sweeper(deal)])))
        else:
            if winner is not None:
                label = _ardoise_end_label(how, int(winner), deal["marks"], lang)
            elif any(deal.get("carried_in", (0, 0))):
                label = w["carried"]
            else:
                label = ""
            rows.append(Row("score", n, g, after[0], after[1], label))
        if winner is not None:
            marks = deal["marks"]
            marker = 0 if marks[0] else 1
            k = int(marks[marker])
            rows.append(Row("game", n, g, *_marks_pair(marks),
                            w["coches"].format(team=TEAMS[marker], n=k, s="s" if k > 1 else "")))
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


def _title(record: Record, sheet: str, lang: str = "fr") -> str:
    """The sheet's title line: its name, the ruleset, the goal of the match, in `lang`."""
    name = str(record.get("title", record.get("ruleset", "")))
    if lang != "fr" and record.get("ruleset"):
        from ..spec.rules import Rules  # the spec's title in the language; the sheets need no engine

        name = str(Rules.load(str(record["ruleset"])).data["title"][lang])
    target = int(record["target"])
    loses = record.get("reaching_target", "loses") == "loses"
    if lang == "en":
        if _is_marque(record):
            goal = f"to {target} parties"
        else:
            goal = f"to {target} coches, the {target}th {'loses' if loses else 'wins'}"
    elif _is_marque(record):
        goal = f"en {target} parties"
    else:
        goal = f"en {target} coches, la {_ordinal(target)} {'perd' if loses else 'gagne'}"
    return f"{sheet} \u00b7 {name} \u00b7 {goal}"


def _match_end(record: Record, deals: Sequence[Mapping[str, Any]], unit: str, lang: str = "fr") -> list[str]:
    if len(deals) < len(record["deals"]) or record.get("winner") is None or not deals:
        return []
    winner = int(record["winner"])
    marks = [int(m) for m in record["marks"]]
    last = deals[-1]
    if lang == "en":
        line = f"Match won by {TEAMS[winner]} ({unit}: Nous {marks[0]}, Eux {marks[1]})."
        if last["game_winner"] is None:
            line += f" Game {int(last['game'])} is left unfinished."
        return [line]
    line = f"Match gagné par {TEAMS[winner]} ({unit} : Nous {marks[0]}, Eux {marks[1]})."
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


# -- printed sheets: an A4 page in light ink --------------------------------------------------
#
# Every blank sheet, and the filled marque, is drawn on a page of PAGE_W x PAGE_H units (the
# proportions of A4) meant to be printed PRINT_WIDTH_MM wide, so that a unit is half a point:
# no text is smaller than 17 units (8.5 pt).  The ruling is light grey, there is no dark fill,
# and numbered call-outs (sheet_legend explains them) mark what each part is for.

PAGE_W, PAGE_H = 940, 1330
PRINT_WIDTH_MM = 165.0
_X0 = 50  # left edge of the tables; the call-outs stand in the margin before it
_RULE = "#b4b8bb"
_RULE_STRONG = "#8e9397"
_HEAD_FILL = "#f3f3f1"
_TEXT = "#33383d"
_SOFT = "#676c71"
_INK = "#22304f"  # what the marker wrote, on a filled sheet
_PRINT_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
_PAGE: dict[str, dict[str, object]] = {
    "text": {"font_family": _PRINT_FONT, "fill": _TEXT},
    "title": {"font_size": 34},
    "sub": {"font_size": 17, "fill": _SOFT},
    "group": {"font_size": 21, "font_weight": "bold", "text_anchor": "middle"},
    "col": {"font_size": 17, "text_anchor": "middle", "fill": _SOFT},
    "label": {"font_size": 17, "fill": _SOFT},
    "num": {"font_size": 20, "text_anchor": "end", "fill": _INK},
    "total": {"font_size": 20, "font_weight": "bold", "text_anchor": "end", "fill": _INK},
    "word": {"font_size": 17, "text_anchor": "middle", "fill": _INK},
    "gone": {"fill": "#9aa0a6"},
    "callout": {"font_size": 17, "font_weight": "bold", "text_anchor": "middle", "fill": _SOFT},
    "red": {"fill": "#b03a2e"},
}
_ROW_H = 29  # a written line: 5.1 mm at print size
_STRIP, _GROUP_H, _COL_H = 34, 44, 36  # the call-outs above a table, its group and column heads
_TABLE_TOP = 122


class _Col(NamedTuple):
    """A column of a printed table: its heading, its width, the call-out above it (0: none)."""

    head: str
    width: float
    callout: int = 0


class _Group(NamedTuple):
    """Columns under one heading (a team, a player); `note` is a small grey word in its corner."""

    head: str
    span: int
    note: str = ""


def _fr_typo(text: str, lang: str) -> str:
    """French spacing: a no-break space before : ; ! ? (a label written with a plain space)."""
    if lang != "fr":
        return text
    for sign in ":;!?":
        text = text.replace(f" {sign}", f"\u00a0{sign}")
    return text


def _callout(svg: _Svg, x: float, y: float, n: int) -> None:
    """A numbered call-out: a ring with the number of its explanation (sheet_legend)."""
    svg.el("circle", cx=x, cy=y, r=13, fill="#ffffff", stroke=_SOFT, stroke_width=1.2)
    svg.text(x, y + 6, str(n), class_="callout")


def _page_head(svg: _Svg, title: str, subtitle: str, names: Sequence[str] = (), callout: int = 0) -> None:
    """The title, the subtitle, and on the right lines to write the players' names on."""
    svg.text(_X0, 62, title, class_="title")
    svg.text(_X0, 96, subtitle, class_="sub")
    for i, name in enumerate(names):
        y = 62 + i * 34
        svg.text(560, y, name, class_="label")
        svg.el("line", x1=620, y1=y + 4, x2=PAGE_W - 40, y2=y + 4, stroke=_RULE, stroke_width=1)
    if callout and names:
        _callout(svg, 534, 56, callout)


def _table_head(svg: _Svg, top: float, groups: Sequence[_Group], cols: Sequence[_Col]) -> list[float]:
    """The heads of a table from `top`: call-outs, group headings, column headings; return the
    columns' left edges and the table's right edge."""
    xs = [float(_X0)]
    for col in cols:
        xs.append(xs[-1] + col.width)
    y_group = top + _STRIP
    y_cols = y_group + _GROUP_H
    svg.el("rect", x=xs[0], y=y_group, width=xs[-1] - xs[0], height=_GROUP_H + _COL_H, fill=_HEAD_FILL)
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
            _callout(svg, (xs[c] + xs[c + 1]) / 2, top + _STRIP / 2, col.callout)
    svg.el("line", x1=xs[0], y1=y_cols, x2=xs[-1], y2=y_cols, stroke=_RULE, stroke_width=1)
    return xs


def _table_rules(svg: _Svg, xs: Sequence[float], top: float, bottoms: Sequence[float], groups: Sequence[_Group],
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
                svg.el("line", x1=x, y1=a, x2=x, y2=b, stroke=_RULE_STRONG if c in edges else _RULE,
                       stroke_width=1.5 if c in edges else 1)
    strong, double = set(strong), set(double)
    for r, y in enumerate(bottoms):
        heavy = r in strong or r == len(bottoms) - 1
        svg.el("line", x1=xs[0], y1=y, x2=xs[-1], y2=y, stroke=_RULE_STRONG if heavy else _RULE,
               stroke_width=1.5 if heavy else 1)
        if r in double:
            svg.el("line", x1=xs[0], y1=y + 4, x2=xs[-1], y2=y + 4, stroke=_RULE_STRONG, stroke_width=1.5)
    svg.el("line", x1=xs[0], y1=y_group, x2=xs[-1], y2=y_group, stroke=_RULE_STRONG, stroke_width=1.5)
    svg.el("line", x1=xs[0], y1=y_group + _GROUP_H + _COL_H, x2=xs[-1], y2=y_group + _GROUP_H + _COL_H,
           stroke=_RULE_STRONG, stroke_width=1.5)


def _rows_top(top: float = _TABLE_TOP) -> float:
    return top + _STRIP + _GROUP_H + _COL_H


def _blank_rows(foot: float, row_h: float = _ROW_H, top: float = _TABLE_TOP) -> int:
    """How many rows of `row_h` fit on the page above a foot `foot` units high."""
    return int((PAGE_H - _rows_top(top) - foot) // row_h)


def _token(svg: _Svg, x: float, y: float) -> None:
    svg.el("circle", cx=x, cy=y, r=7, fill="#c08b3e", stroke="#7d5520", stroke_width=1.2)
    svg.el("circle", cx=x - 1.8, cy=y - 2, r=2.2, fill="#e6c48c")


def _ring(svg: _Svg, x: float, y: float) -> None:
    svg.el("circle", cx=x, cy=y, r=10, fill="none", stroke=_RULE_STRONG, stroke_width=1.2)


# The 1802 marque (clause hdb.sheet.marque): a row per coup, ruled for Nous and Eux.
_M_WORDS = {
    "fr": {"title": "La marque", "coup": "coup", "marriages": "mariages \u00b1", "cards": "cartes", "total": "total",
           "parties": "parties", "tokens": "Parties (jetons)", "vole": "vole", "replay": "rejoué"},
    "en": {"title": "The marque", "coup": "coup", "marriages": "marriages \u00b1", "cards": "cards", "total": "total",
           "parties": "parties", "tokens": "Parties (tokens)", "vole": "vole", "replay": "replay"},
}
_M_FIG = 56  # room for one figure in a marriages cell; three to a line
_M_TOKENS = 4  # tokens to a line in a parties cell
_M_FOOT = 100


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
                    figures[t].append((_minus(f"{v:+d}"), r.kind == "annulled" or t in voided))
                elif r.kind == "cards":
                    cards[t] = "\u2014" if v is None else str(v)
                elif r.kind == "total" and v is not None:
                    totals[t] = _minus(str(v))
                elif r.kind in ("vole", "game") and v:
                    parties[t] += v
                    if r.kind == "vole":
                        cards[t] = w["vole"]
                elif r.kind == "replay":
                    cards[t] = w["replay"]
        out.append(_Coup(n, figures, (cards[0], cards[1]), (totals[0], totals[1]), (parties[0], parties[1]),
                         any(r.kind == "game" for r in mine)))
    return out


def _marque_svg(record: Record, deals: Sequence[Mapping[str, Any]], lang: str = "fr", rows: int | None = None) -> str:
    """The marque on a page: filled with the record's coups, or (`rows`) blank with that many rows."""
    w = _M_WORDS[lang]
    shown = {int(d["number"]) for d in deals}
    coups = [] if rows is not None else _marque_coups([r for r in marque_rows(record) if r.coup in shown], lang)
    svg = _Svg(_PAGE)
    blank = rows is not None

    def callout(n: int) -> int:  # the call-outs are explained beside the blank sheet only
        return n if blank else 0

    cols = [_Col(w["coup"], 56, callout(1))]
    for t in range(2):
        first = t == 0
        cols += [_Col(w["marriages"], 3 * _M_FIG + 2, callout(2) if first else 0),
                 _Col(w["cards"], 72, callout(3) if first else 0), _Col(w["total"], 96, callout(4) if first else 0)]
    cols += [_Col(TEAMS[0], 60, callout(5)), _Col(TEAMS[1], 60)]
    groups = [_Group("", 1), _Group(TEAMS[0], 3), _Group(TEAMS[1], 3), _Group(w["parties"], 2)]
    title = _title(record, "", lang).lstrip(" \u00b7")
    _page_head(svg, w["title"], title, TEAMS if blank else ())
    xs = _table_head(svg, _TABLE_TOP, groups, cols)
    y = _rows_top()
    bottoms: list[float] = []
    double: list[int] = []
    for i, coup in enumerate(coups):
        h = coup.lines() * _ROW_H
        base = y + 21
        svg.text(xs[1] - 10, base, str(coup.number), class_="label", text_anchor="end")
        for t in range(2):
            c = 1 + 3 * t
            for k, (text, struck) in enumerate(coup.figures[t]):
                right = xs[c] + (k % 3 + 1) * _M_FIG - 6
                yy = base + (k // 3) * _ROW_H
                svg.text(right, yy, text, class_="num gone" if struck else "num")
                if struck:
                    svg.el("line", x1=right - 12.5 * len(text) - 2, y1=yy - 5, x2=right + 3, y2=yy - 8,
                           stroke=_INK, stroke_width=1.3)
            card = coup.cards[t]
            if card[:1].isdigit() or card == "\u2014":
                svg.text(xs[c + 2] - 8, base, card, class_="num")
            elif card:
                svg.text((xs[c + 1] + xs[c + 2]) / 2, base - 1, card, class_="word")
            svg.text(xs[c + 3] - 8, base, coup.totals[t], class_="total")
            for k in range(coup.parties[t]):
                _token(svg, xs[7 + t] + 12 + (k % _M_TOKENS) * 12, y + _ROW_H / 2 + (k // _M_TOKENS) * _ROW_H)
        y += h
        bottoms.append(y)
        if coup.ends_game:
            double.append(i)
    for _ in range(rows or 0):
        y += _ROW_H
        bottoms.append(y)
    _table_rules(svg, xs, _TABLE_TOP, bottoms, groups, double=double)
    # the tokens of the match: a ring for each of the parties the match is played to
    fy = y + 48
    if blank:
        _callout(svg, 26, fy - 6, 6)
    svg.text(_X0, fy, w["tokens"], class_="label")
    marks = marks_on_sheet(r for r in marque_rows(record) if r.coup in shown) if not blank else (0, 0)
    target = int(record["target"])
    for t in range(2):
        x, ty = _X0 + 220, fy + t * 32
        svg.text(x, ty, TEAMS[t], class_="label")
        for k in range(max(target, marks[t])):
            cx = x + 70 + k * 24 + (k // 5) * 8
            if k < marks[t]:
                _token(svg, cx, ty - 6)
            else:
                _ring(svg, cx, ty - 6)
    height = PAGE_H if blank else fy + 56
    end = [] if blank else _match_end(record, deals, "parties", lang)
    if end:
        svg.text(_X0, fy + 76, _fr_typo(end[0], lang), class_="label")
        height = fy + 96
    return svg.document(PAGE_W, height, _title(record, w["title"], lang))


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


def _chalk_line(svg: _Svg, x1: float, y1: float, x2: float, y2: float, width: float = 1.8) -> None:
    svg.el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=svg.ink or _CHALK, stroke_width=width, stroke_linecap="round",
           opacity=0.7)


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


_S_WORDS = {
    "fr": {"slate": "L'ardoise", "coches": "coches", "bottom": "annonces", "cape": "cape", "decimal": ","},
    "en": {"slate": "The slate", "coches": "coches", "bottom": "announcements", "cape": "cape",
           "decimal": "."},
}


def _game_name(n: int, lang: str) -> str:
    return f"Game {n}" if lang == "en" else f"{_ordinal(n)} partie"


def _ardoise_svg(record: Record, deals: Sequence[Mapping[str, Any]], lang: str = "fr") -> str:
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
    svg = _Svg()
    svg.raw(_SLATE_STYLE)
    svg.raw(_SLATE_DEFS)
    svg.el("rect", x=0, y=0, width=width, height=height, rx=16, fill="url(#wood)")
    svg.el("rect", x=frame - 3, y=frame - 3, width=width - 2 * frame + 6, height=height - 2 * frame + 6, rx=6,
           fill="none", stroke="#4e3118", stroke_width=2, opacity=0.6)
    svg.el("rect", x=frame, y=frame, width=width - 2 * frame, height=height - 2 * frame, rx=4, fill="url(#slate)")
    x0 = frame + pad
    right = width - frame - pad
    svg.text(x0, frame + 46, "Brouc", class_="title")
    svg.text(x0, frame + 74, _title(record, "", lang).split(" \u00b7 ")[-1], class_="sub")  # the goal
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
                        svg.text(xs[t], yy - 6, _minus(tens(row.value(t) or 0, w["decimal"])), class_=cls)
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
                svg.text(mid, yy + 22, _fr_typo(how, lang), class_="note")
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
    end_line = _match_end(record, deals, "coches", lang)
    if end_line:
        svg.text(x0, height - frame - 18, _fr_typo(end_line[0], lang), class_="foot")
    return svg.document(width, height, _title(record, w["slate"], lang))


def _slate_page(record: Record, lang: str = "fr", games: int = 9) -> str:
    """The blank slate on a page in light ink (clause brouc.sheet.ardoise): `games` games (nine,
    the most a match to five coches can need), three to a band; in each, the scores in tens,
    the coches of the game under them, and the announced marriages at its bottom."""
    w = _S_WORDS[lang]
    svg = _Svg(_PAGE)
    _page_head(svg, w["slate"], _fr_typo(_title(record, "", lang).lstrip(" \u00b7"), lang))
    # the coches of the match, top right
    svg.text(650, 40, w["coches"], class_="label")
    for t in range(2):
        hy = 70 + t * 34
        svg.text(650, hy, TEAMS[t], class_="label")
        svg.el("line", x1=700, y1=hy + 4, x2=PAGE_W - 40, y2=hy + 4, stroke=_RULE, stroke_width=1)
    _callout(svg, 624, 64, 5)
    per_band = 3
    bands = math.ceil(games / per_band)
    top0 = 130.0
    band_h = (PAGE_H - top0 - 12) / bands
    col_w = (PAGE_W - _X0 - 40) / per_band
    strip, coche_h, bas_lines, bas_h = 24, 36, 2, 28
    score_lines = max(3, int((band_h - 56 - 2 * strip - coche_h - bas_lines * bas_h - 14) // _ROW_H))
    for g in range(games):
        b, c = divmod(g, per_band)
        top = top0 + b * band_h
        x = _X0 + c * col_w
        left, right = x + 8, x + col_w - 8
        mid = x + col_w / 2
        xs = (x + col_w / 4, x + 3 * col_w / 4)

        def rule(y: float, strong: bool = False, left: float = left, right: float = right) -> None:
            svg.el("line", x1=left, y1=y, x2=right, y2=y, stroke=_RULE_STRONG if strong else _RULE,
                   stroke_width=1.5 if strong else 1)

        def label_strip(y: float, text: str, left: float = left, right: float = right, mid: float = mid) -> float:
            """A light strip across the game with the name of what is written under it."""
            svg.el("rect", x=left, y=y, width=right - left, height=strip, fill=_HEAD_FILL)
            svg.text(mid, y + 18, text, class_="label", text_anchor="middle")
            return y + strip

        svg.el("rect", x=left, y=top, width=right - left, height=56, fill=_HEAD_FILL)
        svg.text(mid, top + 22, _game_name(g + 1, lang), class_="col")
        for t in range(2):
            svg.text(xs[t], top + 48, TEAMS[t], class_="group")
        y = top + 56
        rule(y, True)
        for _ in range(score_lines):
            y += _ROW_H
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
        svg.el("line", x1=mid, y1=top + 28, x2=mid, y2=coches_top, stroke=_RULE_STRONG, stroke_width=1.2)
        for y1, y2 in ((coches_top + strip, bas_top), (bas_top + strip, y)):
            svg.el("line", x1=mid, y1=y1, x2=mid, y2=y2, stroke=_RULE_STRONG, stroke_width=1.2)
        for xx in (left, right):
            svg.el("line", x1=xx, y1=top, x2=xx, y2=y, stroke=_RULE, stroke_width=1)
        if g == 0:
            _callout(svg, 26, top + 28, 1)
            _callout(svg, 26, top + 56 + _ROW_H * 1.5, 2)
            _callout(svg, 26, coches_top + strip, 3)
            _callout(svg, 26, bas_top + strip, 4)
    return svg.document(PAGE_W, PAGE_H, _title(record, w["slate"], lang))


# The games played each for himself: a column group per player (or side), a row per deal.
_P_WORDS = {
    "fr": {"brus": "Feuille de la Brusquembille", "auv": "Feuille de l'Homme d'Auvergne", "hom": "Feuille de l'Hombre",
           "deal": "coup", "dealer": "donneur", "brusq": "brusq. \u00b1", "pool": "enjeu \u00b1", "holds": "avoir",
           "points": "points", "total": "total", "player": "nom", "side": "noms", "start": "départ",
           "end": "gain/perte", "trump": "atout", "homme": "homme", "result": "résultat", "hombre": "hombre",
           "contract": "contrat", "plus": "\u00b1", "players": "{n} joueurs", "rounds": "un tour : {d} coups",
           "fiche": "une fiche = {j} jetons", "to": "en {n} points", "coups": "{n} coups",
           "values": "Valeur des contrats (gagné / codille ; la vole \u00b1 {v})\u00a0:",
           "aces": "Brusquembilles\u00a0: {cards}. Chaque ligne \u00b1 fait zéro sur l'ensemble des joueurs.",
           "ace": "as", "ten": "dix", "jeton": "{n} jeton", "jetons": "{n} jetons"},
    "en": {"brus": "Brusquembille score sheet", "auv": "L'Homme d'Auvergne score sheet", "hom": "L'Hombre score sheet",
           "deal": "deal", "dealer": "dealer", "brusq": "brusq. \u00b1", "pool": "pool \u00b1", "holds": "holds",
           "points": "points", "total": "total", "player": "name", "side": "names", "start": "start",
           "end": "won/lost", "trump": "trump", "homme": "homme", "result": "result", "hombre": "hombre",
           "contract": "contract", "plus": "\u00b1", "players": "{n} players", "rounds": "a round: {d} deals",
           "fiche": "a fiche = {j} jetons", "to": "to {n} points", "coups": "{n} coups",
           "values": "Contract values (won / codille; the vole \u00b1 {v}):",
           "aces": "Brusquembilles: {cards}. Each line of \u00b1 adds up to zero over the players.",
           "ace": "ace", "ten": "ten", "jeton": "{n} jeton", "jetons": "{n} jetons"},
}


def _sides(rules: Rules, w: Mapping[str, str]) -> list[_Group]:
    """A group of columns per side, its heading left blank for the players' names (a small
    "name" in its corner): a player, or a pair playing together; at L'Hombre with four, everyone
    at the table (one sits each deal out)."""
    if rules.table_size != rules.n_players:
        return [_Group("", 0, w["player"]) for _ in range(rules.table_size)]
    return [_Group("", 0, w["side"] if len(side) > 1 else w["player"]) for side in rules.teams]


def _player_table(svg: _Svg, lead: Sequence[_Col], per_side: Sequence[tuple[str, float, int]], sides: Sequence[_Group],
                  rows: int, row_h: float, strong: Iterable[int] = (), labels: Mapping[int, str] | None = None) -> float:
    """A table: the `lead` columns, then the `per_side` columns (heading, share of the width,
    call-out) under each side; `rows` rows of `row_h`; `labels` a word across the lead columns
    of some rows.  Return the table's bottom."""
    room = PAGE_W - 40 - _X0 - sum(c.width for c in lead)
    share = sum(s for _, s, _ in per_side)
    cols = list(lead)
    for i in range(len(sides)):
        cols += [_Col(h, room / len(sides) * s / share, n if i == 0 else 0) for h, s, n in per_side]
    groups = [_Group("", len(lead))] + [g._replace(span=len(per_side)) for g in sides]
    xs = _table_head(svg, _TABLE_TOP, groups, cols)
    top = _rows_top()
    bottoms = [top + (r + 1) * row_h for r in range(rows)]
    for r, word in (labels or {}).items():
        y0 = top + r * row_h
        svg.el("rect", x=xs[0], y=y0, width=xs[len(lead)] - xs[0], height=row_h, fill=_HEAD_FILL)
        svg.text(xs[0] + 8, y0 + row_h / 2 + 6, word, class_="label")
    _table_rules(svg, xs, _TABLE_TOP, bottoms, groups, strong=strong, merged={r: len(lead) for r in labels or {}})
    return bottoms[-1]


def _foot_lines(svg: _Svg, y: float, lines: Sequence[str], callout: int = 0) -> None:
    for i, line in enumerate(lines):
        svg.text(_X0, y + i * 26, line, class_="label")
    if callout:
        _callout(svg, 26, y - 6, callout)


def _brusquembille_page(rules: Rules, lang: str) -> tuple[str, list[str]]:
    """Brusquembille (clauses brus.stakes.pool, brus.pay.brusquembille, brus.count.winner,
    brus.match.rounds, brus.match.points): jetons, or points, per player and deal."""
    w = _P_WORDS[lang]
    svg = _Svg(_PAGE)
    session, stakes = rules.data["session"], rules.data["stakes"]
    by_points = session["kind"] == "points"
    paid = rules.pays_brusquembilles
    per_round = rules.table_size
    head = [rules.data["title"][lang], w["players"].format(n=rules.table_size)]
    if by_points:
        head.append(w["to"].format(n=session["target"]))
        per_side: list[tuple[str, float, int]] = [(w["points"], 1, 2), (w["total"], 1.2, 3)]
        keys = ["brus.deal", "brus.points", "brus.total"]
    else:
        head += [w["rounds"].format(r=session["rounds"], d=per_round), w["fiche"].format(j=stakes["fiche"])]
        per_side = ([(w["brusq"], 1.05, 2)] if paid else []) + [(w["pool"], 1.0, 3 if paid else 2),
                                                                (w["holds"], 0.95, 4 if paid else 3)]
        keys = ["brus.deal"] + (["brus.brusq"] if paid else []) + ["brus.pool", "brus.holds", "brus.start", "brus.end"]
    _page_head(svg, w["brus"], _fr_typo(" \u00b7 ".join(head), lang))
    lead = [_Col(w["deal"], 58, 1), _Col(w["dealer"], 88)]
    foot = 96
    if by_points:
        rows = _blank_rows(foot)
        bottom = _player_table(svg, lead, per_side, _sides(rules, w), rows, _ROW_H)
    else:
        most = max(int(r) for r in rules.data["parameters"]["rounds"]["options"])
        deals = most * per_round
        row_h = min(54.0, (PAGE_H - _rows_top() - foot) / (deals + 2))
        labels = {0: w["start"], deals + 1: w["end"]}
        bottom = _player_table(svg, lead, per_side, _sides(rules, w), deals + 2, row_h,
                               strong=[0, deals] + [k * per_round for k in range(1, most)], labels=labels)
        _callout(svg, 26, _rows_top() + row_h / 2, len(keys) - 1)
        _callout(svg, 26, bottom - row_h / 2, len(keys))
    if paid and not by_points:
        values = rules.data["payments"]["brusquembilles"]
        names = {"A": w["ace"], "T": w["ten"]}
        cards = ", ".join(f"{names.get(k, k)} {(w['jetons'] if v > 1 else w['jeton']).format(n=v)}"
                          for k, v in values.items())
        _foot_lines(svg, bottom + 44, [_fr_typo(w["aces"].format(cards=cards), lang)])
    return svg.document(PAGE_W, PAGE_H, w["brus"]), keys


def _auvergne_page(rules: Rules, lang: str) -> tuple[str, list[str]]:
    """L'Homme d'Auvergne (clauses auv.king.*, auv.count.*, auv.match.target): points per
    player, a row per deal, played or not."""
    w = _P_WORDS[lang]
    svg = _Svg(_PAGE)
    head = [rules.data["title"][lang], w["players"].format(n=rules.table_size),
            w["to"].format(n=rules.data["session"]["target"])]
    _page_head(svg, w["auv"], " \u00b7 ".join(head))
    lead = [_Col(w["deal"], 58, 1), _Col(w["dealer"], 96), _Col(w["trump"], 64, 2), _Col(w["homme"], 90, 3),
            _Col(w["result"], 96, 4)]
    per_side = [(w["plus"], 0.85, 5), (w["total"], 1.15, 6)]
    _player_table(svg, lead, per_side, _sides(rules, w), _blank_rows(24), _ROW_H)
    return svg.document(PAGE_W, PAGE_H, w["auv"]), ["auv.deal", "auv.trump", "auv.homme", "auv.result",
                                                     "auv.plus", "auv.total"]


def _hombre_page(rules: Rules, lang: str) -> tuple[str, list[str]]:
    """L'Hombre (clauses hom.count.*, hom.match.coups): a row per coup, the hombre's contract
    and result, points per player; the contracts' values under the table."""
    w = _P_WORDS[lang]
    svg = _Svg(_PAGE)
    coups = int(rules.data["session"]["coups"])
    head = [rules.data["title"][lang], w["players"].format(n=rules.table_size), w["coups"].format(n=coups)]
    _page_head(svg, w["hom"], " \u00b7 ".join(head))
    lead = [_Col("coup", 58, 1), _Col(w["dealer"], 90), _Col(w["hombre"], 90, 2), _Col(w["contract"], 150, 3),
            _Col(w["result"], 100, 4)]
    per_side = [(w["plus"], 0.85, 5), (w["total"], 1.15, 6)]
    contracts = rules.data["auction"]["contracts"]
    per_line = 3
    foot = 70 + 26 * math.ceil(len(contracts) / per_line)
    row_h = min(float(_ROW_H), (PAGE_H - _rows_top() - foot) / coups)
    bottom = _player_table(svg, lead, per_side, _sides(rules, w), coups, row_h,
                           strong=[k - 1 for k in range(10, coups, 10)])
    vole = rules.data["play"].get("vole") or {"value": 0}
    y = bottom + 40
    _callout(svg, 26, y - 6, 7)
    svg.text(_X0, y, _fr_typo(w["values"].format(v=vole["value"]), lang), class_="label")
    col_w = (PAGE_W - 40 - _X0) / per_line
    for i, c in enumerate(contracts):
        r, k = divmod(i, per_line)
        svg.text(_X0 + k * col_w, y + 28 + r * 26, f"{c[lang]} {c['won']} / {c['codille']}", class_="label",
                 fill=_TEXT)
    return svg.document(PAGE_W, PAGE_H, w["hom"]), ["hom.coup", "hom.hombre", "hom.contract", "hom.result",
                                                     "hom.plus", "hom.total", "hom.values"]


# What each numbered call-out of a blank sheet stands for, in each language; {fields} are
# read from the ruleset (sheet_legend).
_LEGEND: dict[str, dict[str, str]] = {
    "hdb.coup": {
        "en": "Coup: the number of the deal in the match. The marker writes one line for each coup.",
        "fr": "Coup\u00a0: le numéro de la donne dans le match. Le marqueur écrit une ligne par coup.",
    },
    "hdb.marriages": {
        "en": "Marriages \u00b1: each marriage as soon as it is made. An announced marriage is written plus, for the "
              "announcer's team only. A marriage on the table is written plus, at {factor} its value, for the team "
              "that takes the trick, and the same figure minus for the other team.",
        "fr": "Mariages \u00b1\u00a0: chaque mariage dès qu'il est fait. Un mariage annoncé s'écrit en plus, pour "
              "l'équipe de l'annonceur seulement. Un mariage sur table s'écrit en plus, à {factor} sa valeur, pour "
              "l'équipe qui fait la levée, et le même chiffre en moins pour l'autre équipe.",
    },
    "hdb.cards": {
        "en": "Cards: at the end of the coup, each team's card points, rounded to the ten; the coup that ends a game "
              "is counted exactly. A vole is written here instead: its marriages are struck out and the coup does "
              "not count.",
        "fr": "Cartes\u00a0: à la fin du coup, les points de cartes de chaque équipe, arrondis à la dizaine\u00a0; le "
              "coup qui finit une partie se compte exactement. Une vole s'inscrit ici à la place\u00a0: ses mariages "
              "sont barrés et le coup ne compte pas.",
    },
    "hdb.total": {
        "en": "Total: each team's running total, read out before the next coup. The first team to reach 301 wins "
              "the game (partie).",
        "fr": "Total\u00a0: le total de chaque équipe, annoncé avant le coup suivant. La première équipe à 301 gagne "
              "la partie.",
    },
    "hdb.parties": {
        "en": "Parties: when a game ends, the parties its winners mark: one, two if the losers have under 150, four "
              "if they are under zero; a vole marks three. A double line under that coup closes the game, and the "
              "next one starts again from zero.",
        "fr": "Parties\u00a0: à la fin d'une partie, les parties que marquent les gagnants\u00a0: une, deux si les "
              "perdants ont moins de 150, quatre s'ils sont sous zéro\u00a0; une vole en marque trois. Un double "
              "trait sous ce coup ferme la partie, et la suivante repart de zéro.",
    },
    "hdb.tokens": {
        "en": "Parties of the match: the players keep them as tokens; on paper, tick a ring for each. The first "
              "team to {target} parties wins the match.",
        "fr": "Parties du match\u00a0: les joueurs les comptent en jetons\u00a0; sur papier, cochez un rond pour "
              "chacune. La première équipe à {target} parties gagne le match.",
    },
    "brouc.game": {
        "en": "Game: a column for each game, Nous on the left and Eux on the right. A match to {target} coches can "
              "take {games} games: {most} lost by each team, then one more.",
        "fr": "Partie\u00a0: une colonne par partie, Nous à gauche et Eux à droite. Un match en {target} coches peut "
              "demander {games} parties\u00a0: {most} perdues par chaque équipe, puis une dernière.",
    },
    "brouc.scores": {
        "en": "Scores: after each deal, each team's running score in tens without the final zero: 23 stands for "
              "230. A game ends when a team declares dehors, and that count is exact, not rounded, so the last line "
              "of a game may keep its units after a point: 30.4 is 304 points, thirty tens and four.",
        "fr": "Scores\u00a0: après chaque donne, le score de chaque équipe en dizaines sans le zéro final\u00a0: 23 "
              "vaut 230. Une partie finit quand une équipe se déclare dehors, et ce compte est exact, sans "
              "arrondi\u00a0; la dernière ligne d'une partie peut donc garder ses unités après une virgule\u00a0: "
              "30,4 vaut 304 points, trente dizaines et quatre.",
    },
    "brouc.coches": {
        "en": "Coches of the game, under its scores: the team that lost it marks one coche, or two if its score is "
              "under 15 (150 points). A cape marks two coches and leaves the scores as they were; la cape et dehors "
              "marks three, la cape, dehors et pas dédoublé four.",
        "fr": "Coches de la partie, sous ses scores\u00a0: l'équipe qui l'a perdue y marque une coche, ou deux si son "
              "score est sous 15 (150 points). Une cape marque deux coches et laisse les scores tels quels\u00a0; la "
              "cape et dehors en marque trois, la cape, dehors et pas dédoublé quatre.",
    },
    "brouc.bottom": {
        "en": "At the bottom, under the coches: each announced marriage in figures, for its team, as soon as it is "
              "announced; it counts in the score at the end of the deal. Marriages on the table are not written: "
              "the trick keeps their lowest card face up.",
        "fr": "Au bas, sous les coches\u00a0: chaque mariage annoncé, en chiffres, pour son équipe, dès "
              "l'annonce\u00a0; il entre dans le score à la fin de la donne. Les mariages sur table ne s'écrivent "
              "pas\u00a0: la levée garde leur plus petite carte face visible.",
    },
    "brouc.match": {
        "en": "Coches of the match: every coche of every game, in fives (four strokes crossed by the fifth). The "
              "team that marks its {target}th coche {fate} the match.",
        "fr": "Coches du match\u00a0: toutes les coches de toutes les parties, par cinq (quatre traits barrés par "
              "le cinquième). L'équipe qui marque sa {target}e coche {fate} le match.",
    },
    "brus.deal": {
        "en": "Deal and dealer: one line for each deal. A round is one deal by each player; a stronger line "
              "closes it. The players agree before play how many rounds make the game; the sheet has room for "
              "{most}.",
        "fr": "Coup et donneur\u00a0: une ligne par coup. Un tour est une donne par chaque joueur\u00a0; un trait "
              "plus fort le ferme. Les joueurs conviennent avant de jouer du nombre de tours de la partie\u00a0; "
              "la feuille a la place de {most} tours.",
    },
    "brus.brusq": {
        "en": "Brusquembilles \u00b1: the jetons a player was paid (+) or paid out (\u2212) during the deal for the "
              "aces and tens played, settled after each trick.",
        "fr": "Brusquembilles \u00b1\u00a0: les jetons qu'un joueur a reçus (+) ou payés (\u2212) pendant le coup "
              "pour les as et les dix joués, réglés après chaque levée.",
    },
    "brus.pool": {
        "en": "Pool \u00b1: everyone puts {stake} jetons in the pool before the deal; the player with the most card "
              "points takes it, +{won} for him and \u2212{stake} for each other player (players tied for the most "
              "share it).",
        "fr": "Enjeu \u00b1\u00a0: chacun met {stake} jetons à l'enjeu avant le coup\u00a0; celui qui a le plus de "
              "points le prend, +{won} pour lui et \u2212{stake} pour chacun des autres (les ex æquo en tête se le "
              "partagent).",
    },
    "brus.holds": {
        "en": "Holds: the jetons each player has after the deal, the line above plus this deal's \u00b1.",
        "fr": "Avoir\u00a0: les jetons de chaque joueur après le coup, la ligne du dessus plus les \u00b1 du coup.",
    },
    "brus.start": {
        "en": "Start: each player's stake, {per_round} fiches for each round to be played and {jetons} jetons "
              "(for a game of {rounds} rounds, {start} jetons).",
        "fr": "Départ\u00a0: la cave de chaque joueur, {per_round} fiches par tour à jouer et {jetons} jetons "
              "(pour une partie de {rounds} tours, {start} jetons).",
    },
    "brus.end": {
        "en": "Won or lost: what each player holds at the end less his stake.",
        "fr": "Gain ou perte\u00a0: ce que chaque joueur possède à la fin, moins sa cave.",
    },
    "brus.points": {
        "en": "Points: each player's card points in the deal.",
        "fr": "Points\u00a0: les points de cartes de chaque joueur dans le coup.",
    },
    "brus.total": {
        "en": "Total: the running total. The game ends after the deal in which someone reaches {target}; the "
              "highest total wins.",
        "fr": "Total\u00a0: le cumul de chacun. La partie finit après le coup où quelqu'un atteint {target}\u00a0; le "
              "plus haut total gagne.",
    },
    "auv.deal": {
        "en": "Deal and dealer: one line for every deal, played or not (nobody turned a card, or everyone passed).",
        "fr": "Coup et donneur\u00a0: une ligne par coup, joué ou non (personne n'a retourné de carte, ou tous ont "
              "passé).",
    },
    "auv.trump": {
        "en": "Trump: the suit of the last card turned.",
        "fr": "Atout\u00a0: la couleur de la dernière carte retournée.",
    },
    "auv.homme": {
        "en": "Homme: the player who said he plays, alone against all the others.",
        "fr": "Homme\u00a0: le joueur qui a dit qu'il joue, seul contre tous les autres.",
    },
    "auv.result": {
        "en": "Result: won if the homme took more tricks than each other player (level at the top, if he got "
              "there first), otherwise lost.",
        "fr": "Résultat\u00a0: gagné si l'homme a fait plus de levées que chacun des autres (à égalité en tête, "
              "s'il y est arrivé le premier), sinon perdu.",
    },
    "auv.plus": {
        "en": "\u00b1: each player's points in the deal: +1 for a king turned or shown; a king that scored and is "
              "taken in a trick, \u22121 for its holder and +1 for the taker; the homme +1 if he wins; if he loses, "
              "\u22121 for him and +1 {loser}.",
        "fr": "\u00b1\u00a0: les points de chacun dans le coup\u00a0: +1 pour un roi retourné ou montré\u00a0; un roi "
              "qui a compté et qui est pris dans une levée, \u22121 pour son porteur et +1 pour le preneur\u00a0; "
              "l'homme +1 s'il gagne\u00a0; s'il perd, \u22121 pour lui et +1 {loser}.",
    },
    "auv.total": {
        "en": "Total: the running points. A point lost by a player who has none is owed, written below zero and "
              "paid back out of his next points. The first to {target} wins at once, even during the speech.",
        "fr": "Total\u00a0: le cumul des points. Un point perdu par qui n'en a pas est dû, écrit sous zéro et rendu "
              "sur ses prochains points. Le premier à {target} gagne sur-le-champ, même pendant la parole.",
    },
    "hom.coup": {
        "en": "Coup: one line for each coup, played or not; a game is {coups} coups, and a stronger line marks "
              "every tenth.",
        "fr": "Coup\u00a0: une ligne par coup, joué ou non\u00a0; une partie dure {coups} coups, et un trait plus fort "
              "marque chaque dizaine.",
    },
    "hom.hombre": {
        "en": "Hombre: the player who won the auction and plays alone against the two others.",
        "fr": "Hombre\u00a0: le joueur qui a remporté les enchères et joue seul contre les deux autres.",
    },
    "hom.contract": {
        "en": "Contract: what the hombre plays, with its trump suit.",
        "fr": "Contrat\u00a0: ce que joue l'hombre, avec sa couleur d'atout.",
    },
    "hom.result": {
        "en": "Result: won, remise (the hombre ties with the better of the two others) or codille (one of them has "
              "more tricks); a vole made or failed.",
        "fr": "Résultat\u00a0: gagné, remise (l'hombre fait autant de levées que le meilleur des deux autres) ou "
              "codille (l'un d'eux en fait plus)\u00a0; la vole réussie ou manquée.",
    },
    "hom.plus": {
        "en": "\u00b1: only the hombre scores: + the contract's first value if he wins, \u2212 that value for a "
              "remise or a surrender, \u2212 its second value for a codille; a vole made adds a point, a vole "
              "failed takes one off.",
        "fr": "\u00b1\u00a0: seul l'hombre marque\u00a0: + la première valeur du contrat s'il gagne, \u2212 cette "
              "valeur en cas de remise ou d'abandon, \u2212 la seconde en cas de codille\u00a0; une vole réussie "
              "ajoute un point, une vole manquée en retire un.",
    },
    "hom.total": {
        "en": "Total: each player's running points; after the last coup the highest total wins.",
        "fr": "Total\u00a0: le cumul de chaque joueur\u00a0; après le dernier coup, le plus haut total gagne.",
    },
    "hom.values": {
        "en": "Contract values, from the rules: the first figure is won for a win, the second lost for a codille.",
        "fr": "Valeur des contrats, d'après la règle\u00a0: le premier chiffre se gagne en cas de gain, le second se "
              "perd en cas de codille.",
    },
}

_MARQUE_KEYS = ["hdb.coup", "hdb.marriages", "hdb.cards", "hdb.total", "hdb.parties", "hdb.tokens"]
_SLATE_KEYS = ["brouc.game", "brouc.scores", "brouc.coches", "brouc.bottom", "brouc.match"]


def _rules(rules_or_ruleset_id: Rules | str) -> Rules:
    if isinstance(rules_or_ruleset_id, str):
        from ..spec.rules import Rules  # the sheets themselves need no engine

        return Rules.load(rules_or_ruleset_id)
    return rules_or_ruleset_id


def _blank_record(rules: Rules, lang: str) -> dict[str, Any]:
    spec = rules.data["match"]
    return {"ruleset": rules.id, "title": rules.data["title"][lang], "unit": spec["unit"], "target": spec["target"],
            "reaching_target": spec["reaching_target"], "deals": [], "winner": None}


def _check_lang(lang: str) -> None:
    if lang not in ("en", "fr"):
        raise ValueError(f"no language '{lang}' for a score sheet (known: en, fr)")


def _blank(rules: Rules, lang: str) -> tuple[str, list[str]]:
    """The blank sheet of `rules` on a page and the keys of its call-outs, in order."""
    _check_lang(lang)
    if rules.data.get("match"):
        record = _blank_record(rules, lang)
        if _is_marque(record):
            return _marque_svg(record, [], lang, _blank_rows(_M_FOOT)), list(_MARQUE_KEYS)
        return _slate_page(record, lang, _most_games(int(record["target"]))), list(_SLATE_KEYS)
    kind = rules.data["result"]["kind"]
    if kind == "most-card-points":
        return _brusquembille_page(rules, lang)
    if kind == "most-tricks":
        return _auvergne_page(rules, lang)
    return _hombre_page(rules, lang)


def _most_games(target: int) -> int:
    """The most games a match to `target` coches can take: each team loses target - 1, one
    coche at a time, then one more game ends it."""
    return 2 * (target - 1) + 1


def sheet_legend(rules_or_ruleset_id: Rules | str, lang: str = "fr") -> list[str]:
    """What each numbered call-out of the ruleset's blank sheet stands for, in `lang` (part 3
    of issue 21): the n-th string explains call-out n."""
    rules = _rules(rules_or_ruleset_id)
    _, keys = _blank(rules, lang)
    fields: dict[str, object] = {}
    if rules.data.get("match"):
        target = int(rules.data["match"]["target"])
        loses = rules.data["match"]["reaching_target"] == "loses"
        factor = int(rules.data["marriages"]["table"].get("factor", 1))
        fields = {"target": target, "games": _most_games(target), "most": target - 1,
                  "fate": ("loses" if loses else "wins") if lang == "en" else ("perd" if loses else "gagne"),
                  "factor": {1: "", 2: "twice" if lang == "en" else "deux fois"}.get(factor, f"{factor} \u00d7")}
    else:
        session = rules.data["session"]
        stakes = rules.data.get("stakes") or {}
        stake = int(stakes.get("fiche", 0)) * int(stakes.get("pool_per_coup", 0))
        rounds = int(session.get("rounds") or 0)
        options = rules.data["parameters"].get("rounds", {}).get("options", [rounds])
        loser = rules.data["result"].get("loser_pays", "each-opponent")
        fields = {"target": session.get("target"), "coups": session.get("coups"), "rounds": rounds,
                  "most": max(int(o) for o in options), "stake": stake, "won": stake * (rules.table_size - 1),
                  "per_round": stakes.get("fiches_per_round"), "jetons": stakes.get("jetons"),
                  "start": rounds * int(stakes.get("fiches_per_round", 0)) * int(stakes.get("fiche", 0))
                  + int(stakes.get("jetons", 0)),
                  "loser": ("for each other player" if loser == "each-opponent" else "for the player who won the deal")
                  if lang == "en" else ("pour chacun des autres" if loser == "each-opponent"
                                        else "pour celui qui a gagné le coup")}
    text = [_LEGEND[k][lang].format(**fields) for k in keys]
    return [re.sub(r" +", " ", t).strip() for t in text]  # not split(): it would take the no-break spaces


def empty_sheet_svg(rules_or_ruleset_id: Rules | str, lang: str = "fr") -> str:
    """A blank score sheet of the ruleset to print and fill in by hand, on an A4 page in light
    ink (part 3 of issue 21), in `lang`: the 1802 marque (clause hdb.sheet.marque), the Brouc
    slate with room for nine games (clause brouc.sheet.ardoise), or a sheet of points or jetons
    per player for Brusquembille, L'Homme d'Auvergne and L'Hombre.  Its numbered call-outs
    are explained by sheet_legend; printed PRINT_WIDTH_MM wide, no text is under 8 pt."""
    return _blank(_rules(rules_or_ruleset_id), lang)[0]


def sheet_svg(record: Record, upto_deal: int | None = None, lang: str = "fr") -> str:
    """The record's score sheet as a standalone SVG picture, in `lang`: the 1802 marque on
    paper, a line per coup (clause hdb.sheet.marque), or the Brouc slate in chalk (clause
    brouc.sheet.ardoise)."""
    _check_lang(lang)
    deals = _deals(record, upto_deal)
    return _marque_svg(record, deals, lang) if _is_marque(record) else _ardoise_svg(record, deals, lang)

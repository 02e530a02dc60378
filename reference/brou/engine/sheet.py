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
writes them (`sheet_rows` the right one for a record); this module holds them and the words
both sheets use.  `brou.engine.sheet_text.sheet_text` lays them out as a monospaced table, in
French, the language of the table at Brou and at L'Etivaz; `brou.engine.sheet_svg.sheet_svg`
draws them in English or French (the marque on paper, a line per coup; the slate in chalk), on
the printed page of `brou.engine.sheet_page`; `brou.engine.sheet_blank.empty_sheet_svg` draws
the blank sheet of any ruleset, to print (part 3 of issue 21).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from ..spec.clauses import implements

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


def deals_upto(record: Record, upto_deal: int | None) -> list[Mapping[str, Any]]:
    deals: list[Mapping[str, Any]] = list(record["deals"])
    if upto_deal is None:
        return deals
    if upto_deal < 0:
        raise ValueError(f"upto_deal must be 0 or more, not {upto_deal}")
    return deals[:upto_deal]


def is_marque(record: Record) -> bool:
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


def coches_word(n: int) -> str:
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
    return marque_rows(record) if is_marque(record) else ardoise_rows(record)


def marks_on_sheet(rows: Iterable[Row]) -> tuple[int, int]:
    """Parties (tokens) or coches per team, as the sheet's rows mark them."""
    total = [0, 0]
    for row in rows:
        if row.kind in ("vole", "game", "cape"):
            for t in range(2):
                total[t] += row.value(t) or 0
    return total[0], total[1]


# -- the words of both sheets, in text and drawn --------------------------------------


def english_ordinal(n: int) -> str:
    """An English ordinal in figures: 1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ordinal(n: int) -> str:
    """A French ordinal in figures, its letters raised as French typography wants: 1ʳᵉ, 2ᵉ."""
    return "1\u02b3\u1d49" if n == 1 else f"{n}\u1d49"


def sheet_title(record: Record, sheet: str, lang: str = "fr") -> str:
    """The sheet's title line: its name, the ruleset, the goal of the match, in `lang`."""
    name = str(record.get("title", record.get("ruleset", "")))
    if lang != "fr" and record.get("ruleset"):
        from ..spec.rules import Rules  # the spec's title in the language; the sheets need no engine

        name = str(Rules.load(str(record["ruleset"])).data["title"][lang])
    target = int(record["target"])
    loses = record.get("reaching_target", "loses") == "loses"
    if lang == "en":
        if is_marque(record):
            goal = f"to {target} parties"
        else:
            goal = f"to {target} coches, the {english_ordinal(target)} {'loses' if loses else 'wins'}"
    elif is_marque(record):
        goal = f"en {target} parties"
    else:
        goal = f"en {target} coches, la {ordinal(target)} {'perd' if loses else 'gagne'}"
    return f"{sheet} \u00b7 {name} \u00b7 {goal}"


def match_end(record: Record, deals: Sequence[Mapping[str, Any]], unit: str, lang: str = "fr") -> list[str]:
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
        line += f" La {ordinal(int(last['game']))} partie reste inachevée."
    return [line]

"""Pictures of a deal in progress, as standalone SVG: the engine's and the book's.

`deal_picture` draws one moment of a partnership deal (`brou.engine.homme.HommeDeal`) the way a
rulebook would: the four players around a table, each hand face up on its side, the trick in
the middle, the trump and the turn-up in a corner, the tricks each team has taken in the other.
`hands_picture` (the hands, one row per player, and the talon) and `trick_picture` (one trick as
a strip of cards in the order played) are drawn for any number of players and any pack, from
card indices and labels the caller gives, so they serve every ruleset; `position_picture` puts
the two together for a deal on the phase engine.  The deal classes draw themselves with these
(`_repr_svg_`, brou.engine.position) and the printed book (`brou.book.pictures`,
`brou.book.walkthrough`) uses them as they are: this module reads a deal through the protocol
`Drawn`, so it names no deal class.

The pictures are written for a limited renderer (WeasyPrint makes the PDF of the printed book,
brou.book.build): plain presentation attributes only, no CSS, filters, masks or markers, one
font list on every text element.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Literal, NamedTuple, Protocol
from xml.sax.saxutils import escape, quoteattr

from ..errors import BrouError
from ..spec.rules import Rules
from .sheet_page import svg_attrs


class Drawn(Protocol):
    """What a picture reads of a deal: `brou.engine.homme.HommeDeal` and `brou.engine.phases.PhaseDeal` alike."""

    @property
    def rules(self) -> Rules: ...
    @property
    def hands(self) -> list[int]: ...
    @property
    def trick(self) -> list[int]: ...
    @property
    def leader(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def tricks(self) -> Sequence[tuple[int, Sequence[int], int]]: ...


class Dealt(Drawn, Protocol):
    """What `deal_picture` reads besides: a partnership deal's trump and turned card."""

    @property
    def trump_suit(self) -> int: ...
    @property
    def turnup(self) -> int: ...


Lang = Literal["en", "fr"]

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = ("H", "D")
RANKS = {
    "en": {"A": "A", "T": "10", "K": "K", "Q": "Q", "J": "J"},
    "fr": {"A": "A", "T": "10", "K": "R", "Q": "D", "J": "V"},
}
WORDS = {
    "en": {"player": "Player", "dealer": "dealer", "to_play": "to play", "wins": "Player {p} wins the trick",
           "trump": "Trump", "turnup": "turn-up", "tricks": "Tricks", "team": "team", "trick": "Trick",
           "of": "of", "empty": "no card played yet", "over": "the deal is over", "trump_label": "Trump:",
           "turnup_label": "turn-up:"},
    "fr": {"player": "Joueur", "dealer": "donneur", "to_play": "à jouer", "wins": "Le joueur {p} remporte la levée",
           "trump": "Atout", "turnup": "retourne", "tricks": "Levées", "team": "équipe", "trick": "Levée",
           "of": "sur", "empty": "aucune carte jouée", "over": "la donne est finie",
           "trump_label": "Atout\u00a0:", "turnup_label": "retourne\u00a0:"},
}

WIDTH, HEIGHT = 560, 420
TITLE_BAND = 28
INK = "#202830"
GREY = "#6b6b6b"
RED = "#c62828"
TEAM_COLOURS = ("#2b5c9e", "#b8660b")  # players 0+2, players 1+3
ACT_FILL, ACT_STROKE, ACT_TEXT = "#fff1bf", "#d9a400", "#8a6200"
GOLD = "#d9a400"
FELT, FELT_EDGE = "#dfeadb", "#93ad90"
CARD_W, CARD_H, CARD_STEP = 28, 40, 31
TRICK_W, TRICK_H = 34, 48
CENTRE = (280.0, 208.0)
# where each position's trick card lies, from the table's centre: bottom, right, top, left
TRICK_SPOTS = ((0.0, 60.0), (70.0, 0.0), (0.0, -60.0), (-70.0, 0.0))


# -- a small SVG writer ---------------------------------------------------------------


class _Picture:
    """Elements as strings, attributes escaped, every text in the book's font list."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    _attrs = staticmethod(svg_attrs)

    def el(self, tag: str, **attrs: object) -> None:
        self.parts.append(f"<{tag}{self._attrs(attrs)}/>")

    def text(self, x: float, y: float, content: str, size: float = 12, **attrs: object) -> None:
        head = self._attrs({"x": x, "y": y, "font_family": FONT, "font_size": size, "fill": INK} | attrs)
        self.parts.append(f"<text{head}>{escape(content)}</text>")

    def open(self, tag: str, **attrs: object) -> None:
        self.parts.append(f"<{tag}{self._attrs(attrs)}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def document(self, width: float, height: float, label: str) -> str:
        w, h = math.ceil(width), math.ceil(height)
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                f'role="img" aria-label={quoteattr(label)}>\n<title>{escape(label)}</title>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """A rough width of a line of DejaVu Sans, enough to size a label's plate."""
    return len(text) * size * (0.66 if bold else 0.6)


# -- cards ------------------------------------------------------------------------------


def card_label(rules: Rules, card: int, lang: Lang = "en") -> str:
    """A card as the book prints it: rank in the language's letters, "10" for the ten,
    and the suit sign (`10\u2665`, French `D\u2660` for the queen of spades)."""
    text = rules.card_text(card)
    return _rank(text[0], lang) + SUIT_SIGNS.get(text[1], text[1])


def _rank(symbol: str, lang: Lang) -> str:
    return RANKS[lang].get(symbol, symbol)


def _card(pic: _Picture, rules: Rules, card: int, x: float, y: float, lang: Lang, *, big: bool = False,
          **data: object) -> None:
    """A face-up card with its top-left corner at (x, y): rank over suit, red for hearts and diamonds."""
    text = rules.card_text(card)
    w, h = (TRICK_W, TRICK_H) if big else (CARD_W, CARD_H)
    colour = RED if text[1] in RED_SUITS else INK
    rank = _rank(text[0], lang)
    pic.open("g", data_card=text, data_label=card_label(rules, card, lang), **data)
    pic.el("rect", x=x, y=y, width=w, height=h, rx=3, fill="#ffffff", stroke=GREY, stroke_width=0.9)
    rank_size = (15 if big else 13) - (1.5 if len(rank) > 1 else 0)
    pic.text(x + w / 2, y + (20 if big else 16), rank, size=rank_size, font_weight="bold", fill=colour,
             text_anchor="middle")
    pic.text(x + w / 2, y + (41 if big else 34), SUIT_SIGNS.get(text[1], text[1]), size=19 if big else 16,
             fill=colour, text_anchor="middle")
    pic.close("g")


def card_picture(rules: Rules, card: int, lang: Lang = "en") -> str:
    """One card face up, alone, as standalone SVG: the book's card (`brou web` draws every card
    of its tables with it)."""
    pic = _Picture()
    _card(pic, rules, card, 0.5, 0.5, lang, big=True)
    return pic.document(TRICK_W + 1, TRICK_H + 1, card_label(rules, card, lang))


def card_back_picture() -> str:
    """The back of a card, alone, as standalone SVG."""
    pic = _Picture()
    _card_back(pic, 0.5, 0.5)
    return pic.document(CARD_W + 1, CARD_H + 1, "card back")


def _card_back(pic: _Picture, x: float, y: float) -> None:
    pic.el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=3, fill="#4f6f9f", stroke=GREY, stroke_width=0.9)
    pic.el("rect", x=x + 3, y=y + 3, width=CARD_W - 6, height=CARD_H - 6, rx=2, fill="none", stroke="#d9e2ef",
           stroke_width=0.8)


# -- what the picture shows -----------------------------------------------------------


class _Moment:
    """The moment drawn: hands, the trick in the middle, tricks taken, who acts."""

    def __init__(self, state: Drawn, trick: int | None) -> None:
        rules = state.rules
        n = rules.n_players
        self.hands = list(state.hands)
        done = len(state.tricks)
        if trick is None:
            trick = done - 1 if not state.trick and done else None
            self.to_act = -1 if state.is_over else state.to_act
        else:
            if trick < 0:
                trick += done
            if not 0 <= trick < done:
                raise BrouError(f"trick {trick}: the deal has {done} complete trick{'s' if done != 1 else ''}")
            # give back the cards played after that trick
            for leader, cards, _ in state.tricks[trick + 1:]:
                for i, card in enumerate(cards):
                    self.hands[(leader + i) % n] |= 1 << card
            for i, card in enumerate(state.trick):
                self.hands[(state.leader + i) % n] |= 1 << card
            if trick == done - 1 and not state.trick:
                self.to_act = -1 if state.is_over else state.to_act
            else:  # the winner leads the next trick
                self.to_act = state.tricks[trick][2] if trick + 1 < rules.n_tricks else -1
        self.index: int
        self.winner: int | None
        if trick is None:
            self.index = done
            self.leader = state.leader
            self.cards = list(state.trick)
            self.winner = None
            counted = state.tricks
        else:
            self.index = trick
            self.leader, cards, winner = state.tricks[trick]
            self.cards = list(cards)
            self.winner = winner
            counted = state.tricks[:trick + 1]
        self.team_tricks = [0] * len(rules.teams)
        for _, _, winner in counted:
            self.team_tricks[rules.team_of[winner]] += 1
        self.over = state.is_over and (trick is None or trick == done - 1)


# -- the deal picture ---------------------------------------------------------------


def deal_picture(rules: Rules, state: Dealt, *, lang: Lang = "en", trick: int | None = None,
                 show_hands: bool = True, title: str | None = None, offset: int = 0) -> str:
    """A deal in progress as a standalone SVG picture, about 560 x 420 (clauses hdb.play.*).

    Players are numbered as in the conformance corpus: deal seat s is player
    (s + offset) % 4 (offset 0: the engine's seats; `scenario_picture` passes the
    scenario's).  Player 0 sits at the bottom and play goes round counter-clockwise,
    each player leading to his right-hand neighbour.  `trick` is the index of a
    complete trick to show, with the hands as they were just after it; by default the
    trick being played, or the last complete one when no card of the next is down yet.
    `show_hands=False` draws the hands face down.  Labels in English or French (`lang`).
    """
    if lang not in WORDS:
        raise BrouError(f"lang must be 'en' or 'fr', not {lang!r}")
    n = rules.n_players
    if n != 4 or len(rules.teams) != 2:
        raise BrouError(f"a deal picture shows four players in two teams; ruleset {rules.id} has {n} players")
    words = WORDS[lang]
    moment = _Moment(state, trick)
    pic = _Picture()
    top = TITLE_BAND if title else 0
    height = HEIGHT + top
    pic.el("rect", x=0, y=0, width=WIDTH, height=height, fill="#ffffff")
    if title:
        pic.text(WIDTH / 2, 19, title, size=14, font_weight="bold", text_anchor="middle")
    pic.open("g", transform=f"translate(0,{top})" if top else None)

    def player(seat: int) -> int:
        return (seat + offset) % n

    def team_of_player(p: int) -> int:
        return (rules.team_of[(p - offset) % n] + offset) % 2

    team_names = ["", ""]
    for t, seats in enumerate(rules.teams):
        team_names[(t + offset) % 2] = f"{words['team']} " + "+".join(str(p) for p in sorted(player(s) for s in seats))

    # the table
    pic.el("rect", x=150, y=80, width=260, height=258, rx=18, fill=FELT, stroke=FELT_EDGE, stroke_width=1.5)
    _trick_in_middle(pic, rules, moment, words, lang, player, team_of_player)
    for seat in range(n):
        p = player(seat)
        _player_side(pic, rules, moment, seat, p, team_of_player(p), words, lang, show_hands,
                     dealer=seat == rules.dealer)
    _trump_box(pic, rules, state, words, lang)
    _tricks_box(pic, moment, team_names, words, offset)
    pic.close("g")
    label = f"{words['trick']} {moment.index + 1}, {words['trump'].lower()} {SUIT_SIGNS[rules.suits[state.trump_suit]]}"
    return pic.document(WIDTH, height, title or label)


def _name_plate(pic: _Picture, x: float, y: float, name: str, team: int, anchor: str = "start") -> float:
    """The player's name on a plate of his team's colour, baseline y; returns its right end."""
    w = _text_width(name, 12, bold=True) + 12
    left = x - w / 2 if anchor == "middle" else x
    pic.el("rect", x=left, y=y - 13, width=w, height=18, rx=4, fill=TEAM_COLOURS[team])
    pic.text(left + w / 2, y, name, size=12, font_weight="bold", fill="#ffffff", text_anchor="middle")
    return left + w


def _player_side(pic: _Picture, rules: Rules, moment: _Moment, seat: int, p: int, team: int,
                 words: Mapping[str, str], lang: Lang, show_hands: bool, *, dealer: bool) -> None:
    """One player's place: name plate, dealer and to-play notes, his hand."""
    cards = rules.mask_to_list(moment.hands[seat])
    position = p % 4  # 0 bottom, 1 right, 2 top, 3 left
    acting = seat == moment.to_act
    name = f"{words['player']} {p}"
    notes = [words["dealer"]] if dealer else []
    if position in (0, 2):
        per_row, rows = max(len(cards), 1), 1
        hand_w = per_row * CARD_STEP - (CARD_STEP - CARD_W)
        hx = WIDTH / 2 - hand_w / 2
        hy = 350.0 if position == 0 else 30.0
        label_y = 412.0 if position == 0 else 17.0
    else:
        per_row = 4
        rows = max(1, math.ceil(len(cards) / per_row))
        hand_w = per_row * CARD_STEP - (CARD_STEP - CARD_W)
        hx = 12.0 if position == 3 else WIDTH - 12.0 - hand_w
        hy = 178.0
        label_y = 150.0
    hand_h = rows * (CARD_H + 4) - 4
    if acting:
        pic.el("rect", x=hx - 5, y=hy - 5, width=(hand_w if cards else CARD_W) + 10, height=hand_h + 10, rx=6,
               fill=ACT_FILL, stroke=ACT_STROKE, stroke_width=2)
    # the name and what the player is
    if position in (0, 2):  # one line: name, dealer, to play
        dealer_w = 8 + _text_width(notes[0], 12) if notes else 0
        act_w = 10 + _text_width(words["to_play"], 12, bold=True) if acting else 0
        total = _text_width(name, 12, bold=True) + 12 + dealer_w + act_w
        right = _name_plate(pic, WIDTH / 2 - total / 2, label_y, name, team)
        if notes:
            pic.text(right + 8, label_y, notes[0], size=12)
        if acting:
            pic.text(right + dealer_w + 10, label_y, words["to_play"], size=12, font_weight="bold", fill=ACT_TEXT)
    else:
        right = _name_plate(pic, hx, label_y, name, team)
        if notes:
            pic.text(right + 7, label_y, notes[0], size=12)
        if acting:
            pic.text(hx, label_y + 17, words["to_play"], size=12, font_weight="bold", fill=ACT_TEXT)
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        x, y = hx + col * CARD_STEP, hy + row * (CARD_H + 4)
        if show_hands:
            _card(pic, rules, card, x, y, lang, data_player=p)
        else:
            _card_back(pic, x, y)


def _trick_in_middle(pic: _Picture, rules: Rules, moment: _Moment, words: Mapping[str, str], lang: Lang,
                     player: Callable[[int], int], team_of_player: Callable[[int], int]) -> None:
    """The trick on the table: each card before its player, with its order; the winner ringed."""
    n = rules.n_players
    cx, cy = CENTRE
    heading = f"{words['trick']} {moment.index + 1} {words['of']} {rules.n_tricks}"
    if moment.index >= rules.n_tricks:
        heading = words["over"]
    pic.text(cx, 100, heading, size=12, font_weight="bold", text_anchor="middle", fill="#3d5a3a")
    if not moment.cards:
        pic.text(cx, cy + 4, words["empty"], size=11, text_anchor="middle", fill="#3d5a3a", font_style="italic")
        return
    for i, card in enumerate(moment.cards):
        seat = (moment.leader + i) % n
        p = player(seat)
        dx, dy = TRICK_SPOTS[p % 4]
        x, y = cx + dx - TRICK_W / 2, cy + dy - TRICK_H / 2
        won = moment.winner == seat
        if won:
            pic.el("rect", x=x - 4, y=y - 4, width=TRICK_W + 8, height=TRICK_H + 8, rx=6, fill="none", stroke=GOLD,
                   stroke_width=3)
        _card(pic, rules, card, x, y, lang, big=True, data_player=p, data_order=i + 1)
        # the order of play, in a small disc at the card's outer corner; the lead filled
        bx = x - 9 if dx <= 0 else x + TRICK_W + 9
        by = y - 7 if dy <= 0 else y + TRICK_H + 7
        if dx == 0:
            bx = x - 10
            by = y + 9 if dy < 0 else y + TRICK_H - 9
        if i == 0:
            pic.el("circle", cx=bx, cy=by, r=8, fill=INK)
            pic.text(bx, by + 4, "1", size=11, font_weight="bold", fill="#ffffff", text_anchor="middle")
        else:
            pic.el("circle", cx=bx, cy=by, r=8, fill="#ffffff", stroke=INK, stroke_width=1)
            pic.text(bx, by + 4, str(i + 1), size=11, fill=INK, text_anchor="middle")
        if won:
            sx = x + TRICK_W + 10 if dx <= 0 else x - 10
            pic.text(sx, y + 14, "\u2605", size=16, fill=GOLD, text_anchor="middle", data_winner="star")
    if moment.winner is not None:
        p = player(moment.winner)
        team = team_of_player(p)
        pic.text(cx, 326, "\u2605 " + words["wins"].format(p=p), size=12, font_weight="bold",
                 fill=TEAM_COLOURS[team], text_anchor="middle", data_winner="label")


def _trump_box(pic: _Picture, rules: Rules, state: Dealt, words: Mapping[str, str], lang: Lang) -> None:
    """The trump suit and the turned card, top left."""
    pic.el("rect", x=8, y=8, width=124, height=60, rx=5, fill="#ffffff", stroke="#9a9a9a", stroke_width=1)
    suit = rules.suits[state.trump_suit]
    colour = RED if suit in RED_SUITS else INK
    pic.text(16, 32, words["trump_label"], size=13, font_weight="bold")
    pic.text(100, 34, SUIT_SIGNS[suit], size=22, fill=colour, text_anchor="middle")
    turnup = state.turnup
    pic.text(16, 56, words["turnup_label"], size=12)
    pic.text(100, 56, card_label(rules, turnup, lang), size=13, font_weight="bold",
             fill=RED if rules.card_text(turnup)[1] in RED_SUITS else INK, text_anchor="middle", data_turnup="1")


def _tricks_box(pic: _Picture, moment: _Moment, team_names: list[str], words: Mapping[str, str], offset: int) -> None:
    """The tricks each team has taken so far, top right; doubles as the key to the team colours."""
    x0 = WIDTH - 8 - 124
    pic.el("rect", x=x0, y=8, width=124, height=60, rx=5, fill="#ffffff", stroke="#9a9a9a", stroke_width=1)
    pic.text(x0 + 8, 24, words["tricks"], size=12, font_weight="bold")
    for team in range(2):
        y = 41 + team * 17
        count = moment.team_tricks[(team - offset) % 2]
        pic.el("rect", x=x0 + 8, y=y - 9, width=10, height=10, rx=2, fill=TEAM_COLOURS[team])
        pic.text(x0 + 23, y, team_names[team], size=11)
        pic.text(x0 + 116, y, str(count), size=12, font_weight="bold", text_anchor="end", data_tricks=team)


# -- hands and tricks, for any number of players ------------------------------------------


NEUTRAL = "#4a5a6a"  # the plate of a player who plays for himself
HAND_LEFT = 92  # where the cards of a hand begin, right of the player's plate
ROW_H = CARD_H + 10
STRIP_STEP = 64  # from one card of a trick to the next


class HandRow(NamedTuple):
    """One row of the hands picture: a plate (label, colour), a note under it, the cards face
    up, and the cards to ring in gold (the turn-up)."""

    label: str
    colour: str
    note: str
    cards: Sequence[int]
    ringed: frozenset[int] = frozenset()


class Talon(NamedTuple):
    """The talon under the hands: its label, how many cards lie face down, and the card
    turned face up beside it (None: none)."""

    label: str
    face_down: int
    turned: int | None = None


class Play(NamedTuple):
    """One card of a trick: who played it (label, colour) and the card."""

    label: str
    colour: str
    card: int


def _plate(pic: _Picture, x: float, y: float, label: str, colour: str, width: float = 78, size: float = 11) -> None:
    """A player's name on a plate of his team's colour (pictures.py's plates)."""
    pic.el("rect", x=x, y=y, width=width, height=18, rx=4, fill=colour)
    pic.text(x + width / 2, y + 13, label, size=size, font_weight="bold", fill="#ffffff", text_anchor="middle")


def hands_picture(rules: Rules, rows: Sequence[HandRow], lang: Lang, title: str, talon: Talon | None = None) -> str:
    """The hands (walkthrough: "the hands as dealt"), one row per player, and the talon if any."""
    width, height = _hands_size(rows, talon)
    pic = _Picture()
    pic.el("rect", x=0, y=0, width=width, height=height, fill="#ffffff")
    _draw_hands(pic, rules, rows, lang, talon)
    return pic.document(width, height, title)


def _hands_size(rows: Sequence[HandRow], talon: Talon | None) -> tuple[int, int]:
    widest = max([len(r.cards) for r in rows] + [1])
    width = HAND_LEFT + widest * CARD_STEP + 10
    if talon is not None:
        width = max(width, HAND_LEFT + min(talon.face_down, 24) * 5 + CARD_W + 20 + 2 * CARD_STEP)
    return width, len(rows) * ROW_H + (ROW_H if talon is not None else 0) + 6


def _draw_hands(pic: _Picture, rules: Rules, rows: Sequence[HandRow], lang: Lang, talon: Talon | None) -> None:
    for i, row in enumerate(rows):
        y = 6 + i * ROW_H
        _plate(pic, 6, y + 4, row.label, row.colour)
        if row.note:
            pic.text(45, y + 36, row.note, size=10, fill=GREY, text_anchor="middle", font_style="italic")
        for k, card in enumerate(row.cards):
            x = HAND_LEFT + k * CARD_STEP
            if card in row.ringed:
                pic.el("rect", x=x - 2.5, y=y - 2.5, width=CARD_W + 5, height=CARD_H + 5, rx=4, fill="none",
                       stroke=GOLD, stroke_width=2.5)
            _card(pic, rules, card, x, y, lang)
    if talon is not None:
        y = 6 + len(rows) * ROW_H
        _plate(pic, 6, y + 4, talon.label, NEUTRAL)
        shown = min(talon.face_down, 24)
        for k in range(shown):
            _card_back(pic, HAND_LEFT + k * 5, y)
        x = HAND_LEFT + max(shown - 1, 0) * 5 + CARD_W + 8
        if talon.face_down:
            pic.text(x, y + 25, f"\u00d7 {talon.face_down}", size=11, fill=INK)
            x += 40
        if talon.turned is not None:
            pic.el("rect", x=x - 2.5, y=y - 2.5, width=CARD_W + 5, height=CARD_H + 5, rx=4, fill="none",
                   stroke=GOLD, stroke_width=2.5)
            _card(pic, rules, talon.turned, x, y, lang)


STRIP_H = 22 + TRICK_H + 26  # the height of a trick strip


def trick_picture(rules: Rules, plays: Sequence[Play], winner: int | None, lang: Lang, title: str) -> str:
    """One trick as a strip: the cards left to right in the order played, each under its
    player's plate; the winning card (`winner`, an index into `plays`) ringed in gold with a
    star under it."""
    width = len(plays) * STRIP_STEP + 6
    height = STRIP_H
    pic = _Picture()
    pic.el("rect", x=0, y=0, width=width, height=height, fill="#ffffff")
    _draw_trick(pic, rules, plays, winner, lang)
    return pic.document(width, height, title)


def _draw_trick(pic: _Picture, rules: Rules, plays: Sequence[Play], winner: int | None, lang: Lang,
                top: int = 0) -> None:
    for i, play in enumerate(plays):
        left = 3 + i * STRIP_STEP
        _plate(pic, left + 1, top, play.label, play.colour, width=STRIP_STEP - 4, size=10)
        x = left + (STRIP_STEP - 2 - TRICK_W) / 2
        y = top + 24
        if i == winner:
            pic.el("rect", x=x - 4, y=y - 3, width=TRICK_W + 8, height=TRICK_H + 6, rx=6, fill="none", stroke=GOLD,
                   stroke_width=3)
            pic.text(x + TRICK_W / 2, y + TRICK_H + 19, "\u2605", size=15, fill=GOLD, text_anchor="middle",
                     data_winner="star")
        _card(pic, rules, play.card, x, y, lang, big=True, data_order=i + 1)


# -- a position of any deal -----------------------------------------------------------------


def position_picture(state: Drawn, talon: Talon | None = None) -> str:
    """The position now, for any ruleset: each seat's hand (the player to act noted), the talon
    if the caller gives one, and the trick on the table as a strip (the last trick, its winner
    ringed, when no card of the next is down).  Seats are the engine's, labels in English."""
    rules = state.rules
    n = rules.n_players
    words = WORDS["en"]
    colours = TEAM_COLOURS if len(rules.teams) == 2 and n == 4 else (NEUTRAL,) * len(rules.teams)
    acting = -1 if state.is_over else state.to_act
    rows = [HandRow(f"{words['player']} {seat}", colours[rules.team_of[seat] % len(colours)],
                    ", ".join(note for note, on in ((words["dealer"], seat == rules.dealer),
                                                    (words["to_play"], seat == acting)) if on),
                    rules.mask_to_list(state.hands[seat]))
            for seat in range(n)]
    leader, cards, winner = state.leader, list(state.trick), None
    if not cards and state.tricks:
        leader, done, won = state.tricks[-1]
        cards, winner = list(done), (won - leader) % n
    plays = [Play(f"{words['player']} {(leader + i) % n}", colours[rules.team_of[(leader + i) % n] % len(colours)], c)
             for i, c in enumerate(cards)]
    hands_w, hands_h = _hands_size(rows, talon)
    width = max(hands_w, len(plays) * STRIP_STEP + 6)
    height = hands_h + (STRIP_H if plays else 0)
    pic = _Picture()
    pic.el("rect", x=0, y=0, width=width, height=height, fill="#ffffff")
    _draw_hands(pic, rules, rows, "en", talon)
    if plays:
        _draw_trick(pic, rules, plays, winner, "en", top=hands_h)
    title = f"{rules.id}: " + (words["over"] if state.is_over else
                               f"{words['trick']} {len(state.tricks) + 1} {words['of']} {rules.n_tricks}")
    return pic.document(width, height, title)

"""The following rule of a ruleset as a flowchart (issue 21, the reference card).

`following_chart(rules, lang)` draws, as one SVG picture, the decision diagram of the
ruleset's `play.following`: one node for each following primitive (brou.laws.following), in the
order the engine applies them, each a question with a "yes" branch to what it asks of the
player; where the stock decides (a game with a talon drawn after each trick, whose
`following_after_talon` may differ), one chart while the stock lasts and one once it is gone.
Nothing here knows a ruleset: a ruleset that lists the same primitives gets its chart with
no new code, and a new primitive needs only its entry in `NODES`.

The picture follows pictures.py's rules for WeasyPrint: presentation attributes only, no CSS,
markers or filters (arrowheads are drawn as triangles), one font list on every text; labels
are 11 px (8.25 pt when the picture is printed at its size, at most 620 px wide).
"""

from __future__ import annotations

import math
import re
import textwrap
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..engine.sheet_page import svg_attrs
from ..spec.rules import Rules
from .pictures import FONT, RANKS

WIDTH = 620.0
SIZE = 11.0  # label size in px: 8.25 pt printed at 96 px to the inch
LINE = 13.0
PAD = 5.0
INK = "#202830"
GREY = "#5f6770"
ASK_FILL, ASK_EDGE = "#eef3fa", "#4a6b96"
DO_FILL, DO_EDGE = "#fdf3dc", "#b07d12"
END_FILL, END_EDGE = "#e6f2e3", "#4f7d46"
YES_INK, NO_INK = "#2f6b2a", "#8a2f2f"

# The situations a question is asked in: the player holds a card of the class led, or not.
FOLLOW, VOID = "follow", "void"
BOTH = frozenset({FOLLOW, VOID})


@dataclass(frozen=True)
class Node:
    """How a primitive is drawn: the question (empty: a plain statement, no branch), what
    "yes" asks, an optional note on the "no" side (an exception that needs no box of its
    own); `scope`: the situations the primitive can act in; `after_yes`: the situation its
    "yes" leaves the player in (for whether a later primitive still applies)."""

    ask: dict[str, str]
    yes: dict[str, str]
    scope: frozenset[str] = BOTH
    after_yes: frozenset[str] = BOTH
    no_note: dict[str, str] | None = None
    before: str = ""  # an exemption from that primitive's duty: asked before it, and its "yes" ends the chart


def _ranks_text(ranks: list[str], lang: str) -> str:
    """Ranks in the language's letters, "K, Q or J" / "R, D ou V"."""
    letters = [RANKS[lang].get(r, r) for r in ranks]
    if len(letters) < 2:
        return "".join(letters)
    return ", ".join(letters[:-1]) + (" or " if lang == "en" else " ou ") + letters[-1]


def _permanent_names(rules: Rules) -> list[str]:
    return list(rules.data.get("orders", {}).get("trump", {}).get("permanent", {}))


def node(rules: Rules, name: str, option: Any) -> Node:
    """The drawing of primitive `name` with its option, its words taken from the ruleset's
    data where it has them (the marriage ranks, the permanent trumps' names)."""
    if name == "free":
        return Node({}, {"en": "Play any card: no need to follow suit or to trump, even holding the suit led",
                         "fr": "Jouez la carte que vous voulez : ni obligation de fournir, ni de couper, "
                               "même en ayant la couleur entamée"})
    if name == "follow-suit":
        permanent = _permanent_names(rules)
        extra_en = extra_fr = ""
        if permanent:
            names_en, names_fr = " and ".join(permanent), " et ".join(permanent)
            extra_en = f" (a trump led asks for a trump, the {names_en} included)"
            extra_fr = f" (un atout entamé demande un atout, {names_fr} compris)"
        return Node({"en": "Do you hold a card of the suit led?" + extra_en,
                     "fr": "Avez-vous une carte de la couleur entamée ?" + extra_fr},
                    {"en": "Play a card of that suit", "fr": "Fournissez : jouez une carte de cette couleur"},
                    after_yes=frozenset({FOLLOW}))
    if name == "trump-if-void":
        return Node({"en": "No card of the plain suit led: do you hold a trump?",
                     "fr": "Pas de carte de la couleur entamée : avez-vous un atout ?"},
                    {"en": "Play a trump; it need not beat a trump already played",
                     "fr": "Coupez : jouez un atout, sans obligation de monter sur un atout déjà joué"},
                    scope=frozenset({VOID}), after_yes=frozenset({VOID}))
    if name == "overtrump":
        return Node({"en": "Are you playing a trump while a trump wins the trick, and do you hold a higher one?",
                     "fr": "Vous jouez atout, un atout mène la levée : en avez-vous un plus fort ?"},
                    {"en": "Play a higher trump (overtrump)", "fr": "Montez : jouez un atout plus fort"},
                    no_note={"en": "exception: on a trump lead, with only lower trumps, any trump",
                             "fr": "exception : sur entame d'atout, si tous vos atouts sont plus faibles, "
                                   "l'atout de votre choix"})
    if name == "no-undertrump":
        if option:
            return Node({"en": "Void in a plain suit that was ruffed, and no trump to beat the ruff?",
                         "fr": "Sans la couleur entamée, déjà coupée, et sans atout pour surcouper ?"},
                        {"en": "You may play a lower trump or discard", "fr": "Sous-coupez ou défaussez-vous, au choix"},
                        scope=frozenset({VOID}), after_yes=frozenset({VOID}))
        return Node({"en": "Void in a plain suit that was ruffed, no trump to beat the ruff, other cards in hand?",
                     "fr": "Sans la couleur entamée, déjà coupée, sans atout pour surcouper, avec d'autres cartes ?"},
                    {"en": "Do not undertrump: discard a card of another suit",
                     "fr": "Ne sous-coupez pas : défaussez-vous d'une autre couleur"},
                    scope=frozenset({VOID}), after_yes=frozenset({VOID}),
                    no_note={"en": "exception: holding nothing but trumps, any trump",
                             "fr": "exception : avec rien que des atouts en main, l'atout de votre choix"})
    if name == "marriage-exception":
        ranks: list[str] = []
        for kind in rules.kinds:
            ranks += [r for r in kind.ranks if r not in ranks]
        ranks.sort(key=rules.ranks.index)
        who_en = "Playing a trump, by duty or by choice" if option == "any-trump-play" else "Bound to play a trump"
        who_fr = "Vous jouez atout, par obligation ou par choix" if option == "any-trump-play" \
            else "Tenu de jouer atout"
        return Node({"en": f"{who_en}: does your {_ranks_text(ranks, 'en')} of trumps make or enlarge a trump "
                           "marriage with the trumps in the trick?",
                     "fr": f"{who_fr} : votre {_ranks_text(ranks, 'fr')} d'atout forme-t-il ou agrandit-il un "
                           "mariage d'atout avec les atouts de la levée ?"},
                    {"en": "You may play that card instead of overtrumping",
                     "fr": "Vous pouvez jouer cette carte au lieu de monter"})
    if name == "matador-privilege":
        return Node({"en": "A trump is led and your only trumps are matadors?",
                     "fr": "Atout entamé, et vos seuls atouts sont des matadors ?"},
                    {"en": "You need not play one, unless the card led is a higher matador: then play a trump",
                     "fr": "Vous n'êtes pas tenu d'en jouer un, sauf si la carte entamée est un matador plus fort : "
                           "jouez alors un atout"},
                    scope=frozenset({FOLLOW}), after_yes=frozenset(), before="follow-suit")
    raise KeyError(f"no flowchart node for the following primitive '{name}'")


def phases(rules: Rules) -> list[tuple[dict[str, str] | None, tuple[tuple[str, Any], ...]]]:
    """The charts to draw: the ruleset's primitives, and where a stock is drawn after each trick,
    its primitives while the stock lasts and once it is gone (brus.talon.last-tricks)."""
    if rules.talon_size and "draw" in rules.after_trick:
        after = rules.following_after_talon or rules.following_primitives
        if after == rules.following_primitives:  # the same rule throughout: one chart, no title
            return [(None, after)]
        return [({"en": "While the stock lasts", "fr": "Tant qu'il reste des cartes au talon"},
                 rules.following_primitives),
                ({"en": "Once the stock is gone", "fr": "Une fois le talon épuisé"}, after)]
    return [(None, rules.following_primitives)]


_FR_SPACE = [(re.compile(r" ([:;!?»])"), "\u00a0\\1"), (re.compile(r"« "), "«\u00a0")]


def typeset(text: str, lang: str) -> str:
    """French spacing: a non-breaking space before : ; ! ? » and after «."""
    if lang != "fr":
        return text
    for pattern, repl in _FR_SPACE:
        text = pattern.sub(repl, text)
    return text


def _wrap(text: str, width: float, size: float = SIZE, lang: str = "en", bold: bool = False) -> list[str]:
    """Lines of `text` that fit `width` px in DejaVu Sans at `size` (about 0.53 em a character,
    0.6 in bold), French spaces kept unbroken."""
    chars = max(8, int(width / (size * (0.6 if bold else 0.53))))
    return textwrap.wrap(typeset(text, lang), chars, break_on_hyphens=False) or [""]


class _Svg:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def el(self, tag: str, **attrs: object) -> None:
        self.parts.append(f"<{tag}{svg_attrs(attrs)}/>")

    def open(self, tag: str, **attrs: object) -> None:
        self.parts.append(f"<{tag}{svg_attrs(attrs)}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def text(self, x: float, y: float, content: str, size: float = SIZE, **attrs: object) -> None:
        head = svg_attrs({"x": x, "y": y, "font_family": FONT, "font_size": size, "fill": INK} | attrs)
        body = escape(content.replace("'", "\u2019"))  # the typographic apostrophe: no smart quotes reach an SVG
        self.parts.append(f"<text{head}>{body}</text>")

    def box(self, x: float, y: float, w: float, lines: list[str], fill: str, edge: str, *, bold: bool = False,
            rx: float = 5) -> float:
        """A box of wrapped lines with its top-left corner at (x, y); returns its height."""
        h = len(lines) * LINE + 2 * PAD - 1
        self.el("rect", x=x, y=y, width=w, height=h, rx=rx, fill=fill, stroke=edge, stroke_width=1.2)
        for i, line in enumerate(lines):
            self.text(x + w / 2, y + PAD + SIZE - 1 + i * LINE, line, text_anchor="middle",
                      font_weight="bold" if bold else None)
        return h

    def arrow(self, points: list[tuple[float, float]], colour: str = GREY) -> None:
        """A line through `points` ending in a drawn arrowhead."""
        self.el("polyline", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points), fill="none", stroke=colour,
                stroke_width=1.3)
        (x0, y0), (x1, y1) = points[-2], points[-1]
        angle = math.atan2(y1 - y0, x1 - x0)
        tip = [(x1, y1)]
        for side in (-1, 1):
            a = angle + math.pi - side * 0.45
            tip.append((x1 + 7 * math.cos(a), y1 + 7 * math.sin(a)))
        self.el("polygon", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in tip), fill=colour)

    def document(self, width: float, height: float, label: str) -> str:
        w, h = math.ceil(width), math.ceil(height)
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
                f'role="img" aria-label={quoteattr(label)}>\n<title>{escape(label)}</title>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


WORDS = {
    "en": {"yes": "yes", "no": "no", "then": "then",
           "any": "Play any card: a trump or a card of another suit", "any-card": "Play any card",
           "rest": "Play any card the steps above allow",
           "title": "The following rule"},
    "fr": {"yes": "oui", "no": "non", "then": "puis",
           "any": "Jouez n'importe quelle carte : un atout ou une autre couleur",
           "any-card": "Jouez n'importe quelle carte",
           "rest": "Jouez n'importe quelle carte que les cases ci-dessus permettent",
           "title": "La règle du jeu de la carte"},
}

ASK_X, ASK_W = 0.0, 352.0
DO_X = 406.0
DO_W = WIDTH - DO_X - 2
GAP = 19.0


def _drawing_order(nodes: list[tuple[str, Node]]) -> list[tuple[str, Node]]:
    """The nodes in the order a reader asks the questions: an exemption (`before`) just above
    the duty it lifts, so that nobody is told to play a card before being told he need not."""
    out = [item for item in nodes if not item[1].before]
    for item in nodes:
        if item[1].before:
            names = [name for name, _ in out]
            out.insert(names.index(item[1].before) if item[1].before in names else len(out), item)
    return out


def _chart(pic: _Svg, rules: Rules, primitives: tuple[tuple[str, Any], ...], lang: str, top: float) -> float:
    """One chart from `top`; returns its bottom."""
    w = WORDS[lang]
    spine = ASK_X + ASK_W / 2
    y = top
    nodes = _drawing_order([(name, node(rules, name, option)) for name, option in primitives])
    merged = False  # whether a "yes" branch has come back to the spine: the end is then "what is left"
    pending: list[tuple[float, float]] = []  # the "then" lines to bring down to the next question
    for i, (name, n) in enumerate(nodes):
        later = [m for _, m in nodes[i + 1:]]
        gap = GAP if i else 0
        if i:
            pic.arrow([(spine, y), (spine, y + gap)])
        if i > 0 and nodes[i - 1][1].ask:
            pic.text(spine - 6, y + gap / 2 + 4, w["no"], fill=NO_INK, font_weight="bold", text_anchor="end")
        for x, from_y in pending:  # join the spine just above this question
            join = y + gap / 2
            pic.el("polyline", points=f"{x:.1f},{from_y:.1f} {x:.1f},{join:.1f} {spine + 1:.1f},{join:.1f}",
                   fill="none", stroke=GREY, stroke_width=1.3)
            label_w = len(w["then"]) * SIZE * 0.55 + 8  # on the line, over a white plate
            pic.el("rect", x=x - 12 - label_w, y=join - 7, width=label_w, height=14, fill="#ffffff")
            pic.text(x - 12 - label_w / 2, join + 4, w["then"], fill=GREY, text_anchor="middle", font_style="italic")
        pending = []
        y += gap
        pic.open("g", data_primitive=name)
        if not n.ask:  # a statement: no branch
            h = pic.box(ASK_X, y, WIDTH - 2, _wrap(n.yes[lang], WIDTH - 20, lang=lang, bold=True), END_FILL, END_EDGE, bold=True)
            pic.close("g")
            y += h
            merged = True
            continue
        ask_lines = _wrap(n.ask[lang], ASK_W - 16, lang=lang)
        continues = any(m.scope & n.after_yes for m in later)
        yes_lines = _wrap(n.yes[lang], DO_W - 14, lang=lang, bold=not continues)
        row_h = max(len(ask_lines), len(yes_lines)) * LINE + 2 * PAD - 1
        pic.box(ASK_X, y + (row_h - (len(ask_lines) * LINE + 2 * PAD - 1)) / 2, ASK_W, ask_lines, ASK_FILL, ASK_EDGE)
        do_y = y + (row_h - (len(yes_lines) * LINE + 2 * PAD - 1)) / 2
        do_h = pic.box(DO_X, do_y, DO_W, yes_lines, DO_FILL if continues else END_FILL,
                       DO_EDGE if continues else END_EDGE, bold=not continues)
        mid = y + row_h / 2
        pic.arrow([(ASK_X + ASK_W, mid), (DO_X, mid)], YES_INK)
        pic.text((ASK_X + ASK_W + DO_X) / 2, mid - 4, w["yes"], fill=YES_INK, font_weight="bold",
                 text_anchor="middle")
        y += row_h
        if n.no_note:  # beside the way down: the exception on the "no" side
            note = _wrap(n.no_note[lang], WIDTH - spine - 30, lang=lang)
            for j, line in enumerate(note):
                pic.text(spine + 8, y + SIZE + 3 + j * LINE, line, fill=NO_INK, font_style="italic")
            pic.el("line", x1=spine, y1=y, x2=spine, y2=y + len(note) * LINE + 4, stroke=GREY, stroke_width=1.3)
            y += len(note) * LINE + 4
        pic.close("g")
        if continues:
            pending.append((WIDTH - 14, do_y + do_h))
            merged = True
    if nodes and nodes[-1][1].ask:  # the last question's "no": whatever is left
        pic.arrow([(spine, y), (spine, y + GAP)])
        pic.text(spine - 6, y + GAP / 2 + 4, w["no"], fill=NO_INK, font_weight="bold", text_anchor="end")
        y += GAP
        # what is left: any card, or (when a question about the void case came before) any card at all
        end = "rest" if merged else "any-card" if any(n.scope == {VOID} for _, n in nodes) else "any"
        h = pic.box(ASK_X, y, ASK_W, _wrap(w[end], ASK_W - 16, lang=lang, bold=True), END_FILL, END_EDGE, bold=True)
        y += h
    return y


def following_chart(rules: Rules, lang: str) -> str:
    """The ruleset's following rule as a standalone SVG decision diagram in `lang` (issue 21:
    "the following rule as a flowchart"); every node carries `data-primitive`."""
    if lang not in WORDS:
        raise ValueError(f"lang must be 'en' or 'fr', not {lang!r}")
    pic = _Svg()
    y = 2.0
    for n, (title, primitives) in enumerate(phases(rules)):
        if title:
            if n:
                y += 10
            pic.text(2, y + SIZE + 1, typeset(title[lang], lang), size=SIZE + 1, font_weight="bold")
            y += SIZE + 7
        y = _chart(pic, rules, primitives, lang, y)
    return pic.document(WIDTH, y + 2, WORDS[lang]["title"])

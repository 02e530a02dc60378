"""Line breaks in print: a workaround for a line-breaking fault of WeasyPrint and the check
that finds what it would leave.

WeasyPrint (70, with Pango 1.50) sometimes ends a line after a single word.  The cause: a
text box that ends in a space (or a no-break space, as French puts after «) right before an
inline element.  Pango lets trailing white space hang past the line's end, so it lays the
whole box on one line, but WeasyPrint measures it with the space, finds it too wide, and
takes the path meant for a box whose first word does not fit: it keeps only that word
("Denmark" alone, the rest of the sentence on the next line).  Moving the space inside the
element that follows (`right. <em>Some` -> `right.<em> Some`, `« <a>` -> `«<a> `) leaves the
box no trailing space, Pango wraps it where it overflows, and the line breaks where it should.
`glue_spaces` does that to the HTML before layout; `early_breaks` reads the laid-out pages and
names any line that still ends while the next line's first word would have fitted, so that
the build can refuse the PDF (build.pdf).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

# a space, then the opening tag of an emphasis or a link (never a span: a no-break span must
# keep its break opportunity outside it); a no-break space, then any inline opening tag (it is
# no break opportunity, wherever it stands)
_SPACE_BEFORE = re.compile(r" (<(?:em|strong|i|b|a)(?:\s[^>]*)?>)")
_NO_BREAK_BEFORE = re.compile("([\u00a0\u202f])(<(?:em|strong|i|b|a|span|code)(?:\\s[^>]*)?>)")

# how much room must be left on a line, beyond its next word, for the break to count as a
# fault: a tenth of the line (Pango's widths and ours differ by a few pixels, and a line a
# little short is no fault; the faults leave half a line or more)
SLACK = 0.1


def glue_spaces(page: str) -> str:
    """The HTML with each space before an emphasis or a link moved inside it (`x <em>y` ->
    `x<em> y`), and each no-break space before an inline element, down to its text."""
    page = _SPACE_BEFORE.sub(r"\1 ", page)
    while True:
        moved = _NO_BREAK_BEFORE.sub(r"\2\1", page)
        if moved == page:
            return page
        page = moved


def _text(box: Any) -> str:
    from weasyprint.formatting_structure import boxes

    if isinstance(box, boxes.TextBox):
        return str(box.text)
    return "".join(_text(child) for child in getattr(box, "children", []))


def _leaves(box: Any) -> Iterator[Any]:
    from weasyprint.formatting_structure import boxes

    if isinstance(box, boxes.TextBox):
        yield box
    elif isinstance(box, (boxes.InlineBox, boxes.LineBox)):
        for child in box.children:
            yield from _leaves(child)
    else:  # an inline-block, an image: one unbreakable thing
        yield box


def _first_word_width(line: Any) -> float:
    """The width of the first unbreakable run of `line`: up to its first space, or a whole
    box that may not break (an inline-block, a no-wrap span)."""
    from weasyprint.formatting_structure import boxes

    width = 0.0
    for leaf in _leaves(line):
        if not isinstance(leaf, boxes.TextBox) or leaf.style["white_space"] in ("nowrap", "pre"):
            width += float(leaf.margin_width())
            continue
        text = str(leaf.text)
        word = text.lstrip(" ")
        cut = word.find(" ")
        if cut < 0:
            width += float(leaf.width)
            continue
        return width + float(leaf.width) * (len(text) - len(word) + cut) / len(text)
    return width


def _forced(line: Any) -> bool:
    """Whether `line` ends in a forced break (a `<br>`)."""
    last = line
    while getattr(last, "children", None):
        if getattr(last, "element_tag", None) == "br":
            return True
        last = last.children[-1]
    return getattr(last, "element_tag", None) == "br"


def _boxes(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", []):
        yield from _boxes(child)


def early_breaks(document: Any) -> list[str]:
    """Every line of a laid-out WeasyPrint document that ends although the next line's first
    word would have fitted on it (beside any float), as `page N: "...end" | "word"`."""
    from weasyprint.formatting_structure import boxes

    found: list[str] = []
    for number, page in enumerate(document.pages, 1):
        every = list(_boxes(page._page_box))
        floats = [b for b in every if b.is_floated()]
        for block in every:
            lines = [c for c in getattr(block, "children", []) if isinstance(c, boxes.LineBox)]
            for line, after in pairwise(lines):
                room = block.width
                for fl in floats:
                    if (fl.position_y < line.position_y + line.height
                            and line.position_y < fl.position_y + fl.margin_height()
                            and block.content_box_x() < fl.position_x + fl.margin_width()
                            and fl.position_x < block.content_box_x() + block.width):
                        room -= fl.margin_width()
                word = _text(after).strip().split(" ")[0]
                if not word or _forced(line):
                    continue
                space = block.style["font_size"] * 0.25
                if line.width + space + _first_word_width(after) + SLACK * room < room:
                    found.append(f'page {number}: "{_text(line).strip()[-40:]}" | "{word}"')
    return found

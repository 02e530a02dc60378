"""Checks of a laid-out PDF, shared by the rulebook's tests and the booklets' (issue 21):
the text as a reader copies it (pypdfium2), identifiers split in it, pages left half blank,
the outline.  Each function takes a PDF file; none builds anything.

- `page_texts(pdf)`: the text of each page, as pdfium extracts it (lines end in "\\r\\n";
  a line that ends on a "-" is joined to the next by U+FFFE, pdfium's mark of a word
  hyphenated at a line end).
- `split_identifiers(texts, identifiers)`: the identifiers printed with a hyphen, soft
  hyphen, zero-width space or line break inside them (a line break right after a dot or an
  underscore is allowed: the book breaks long identifiers there on purpose, adding no
  character), with how many times.
- `hyphen_breaks(texts)`: every word that holds an identifier's characters (`.` or `_`)
  and is cut by a hyphenation or a line break after a "-".
- `half_blank_pages(pdf)`: pages whose text, pictures and rules end above the middle of
  the page, leaving out the last page of each chapter (the page before an outline entry
  of `chapter_level`) and the first pages (title, contents).
- `outline(pdf)`: the bookmarks, (level, title, page index).
- `pages(pdf)`: each page's characters with their boxes, fonts and text objects (pdfium);
  `Page.text(CODE)` its text with code masked and pictures (SVG text) left out.
- `page_margins(css)`: the top and bottom margins of a print style sheet's page, the bands
  of its running head and page number; `band_intrusions(pdf, top, bottom)`: the body's text
  found in those bands (the margin boxes' own text told apart: WeasyPrint draws it last).
- `fill(pdf, top, bottom)`: how far down each page is used; `sparse_pages`: the pages used
  less than 15 %, the last page of a chapter aside.
- `overprinted(pdf)`: glyphs printed over others (a word too wide for its table column).
- `french_faults(text)`: French typography broken in a page's text (a space before : ; ! ?
  that is not a no-break one, « » without their no-break spaces, l” for l').
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path


def destinations(pdf: Path) -> dict[str, int]:
    """The PDF's named destinations (the HTML ids): name -> page index, from 0."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    pages = {str(name): reader.get_destination_page_number(dest) for name, dest in reader.named_destinations.items()}
    return {name: page for name, page in pages.items() if page is not None}


def page_texts(pdf: Path) -> list[str]:
    """The text of each page, in order."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        out = []
        for page in document:
            textpage = page.get_textpage()
            out.append(textpage.get_text_range())
            textpage.close()
            page.close()
        return out
    finally:
        document.close()


_JOIN = re.compile(r"([\w.-]+)(\u2010\r?\n|\u00ad\r?\n|\ufffe|\u200b\r?\n?|\u00ad|\u2010(?=\w)|\r?\n)([\w.-]+)")


def split_identifiers(texts: Sequence[str], identifiers: Iterable[str]) -> dict[str, int]:
    """Identifier -> how many times it is printed split (issue 21, part 2): cut by an inserted
    hyphen, soft hyphen or zero-width space, or by a line break anywhere but right after a
    dot or an underscore (pdfium's U+FFFE, a break after a "-", is such a cut).  The words on
    either side of every break are joined again and looked up, with their dotted prefixes.
    An identifier that is also a plain word (the parameter `rounding`) is not looked up: the
    prose may hyphenate the word."""
    known = {i for i in identifiers if re.search(r"[-._\d]", i)}  # "rounding" is also a word of prose
    out: dict[str, int] = {}
    for match in _JOIN.finditer("\f".join(texts)):
        left, mark, right = match.groups()
        if mark.strip("\r\n") == "" and left.endswith((".", "_")):
            continue  # a line break where the book allows one
        joined = (left + ("-" if mark == "\ufffe" else "") + right).rstrip(".")
        cut = len(left)
        candidates = [joined] + [joined[:n] for n in range(cut, len(joined)) if joined[n] == "."]
        found = next((c for c in candidates if c in known), None)
        if found is not None:
            out[found] = out.get(found, 0) + 1
    return out


_CUT = re.compile(r"[\w.]*[.\w][\u2010\u00ad\u200b\ufffe]\s*[\w.-]*")


def hyphen_breaks(texts: Sequence[str]) -> list[str]:
    """Every word cut by a hyphen, soft hyphen, zero-width space or pdfium's line-end hyphen
    mark, that holds a dot or an underscore (an identifier, not a word of prose)."""
    return [m.group(0) for m in _CUT.finditer("\f".join(texts)) if re.search(r"\w[._]\w", m.group(0))]


def outline(pdf: Path) -> list[tuple[int, str, int]]:
    """The PDF's bookmarks, in order: (level from 0, title, page index from 0)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        out = []
        for item in document.get_toc(max_depth=16):
            dest = item.get_dest()
            out.append((item.level, item.get_title(), dest.get_index() if dest is not None else -1))
        return out
    finally:
        document.close()


TEXT, PATH, IMAGE, FORM = 1, 2, 3, 5  # pdfium's FPDF_PAGEOBJ_* kinds


def content_bottoms(pdf: Path, margin: float = 62.0) -> list[float | None]:
    """For each page, how far down its content goes, as a fraction of the page height from
    the top (None for an empty page): text, images and drawn rules, leaving out the running
    heads and the page number (anything within `margin` points of the page's top or bottom
    edge; the book's margins are 22 mm, 62 points)."""
    import pypdfium2

    kinds = (TEXT, PATH, IMAGE, FORM)
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        out: list[float | None] = []
        for page in document:
            height = page.get_height()
            lowest = None
            for obj in page.get_objects(filter=kinds, max_depth=1):
                _left, bottom, _right, top = obj.get_bounds()
                if top > height - margin or bottom < margin:
                    continue  # the running head, the page number
                if obj.type == PATH and top - bottom > 0.8 * (height - 2 * margin):
                    continue  # a box drawn round the whole page's area, not content
                lowest = bottom if lowest is None else min(lowest, bottom)
            out.append(None if lowest is None else (height - lowest) / height)
            page.close()
        return out
    finally:
        document.close()


def half_blank_pages(pdf: Path, chapter_level: int = 1, skip: int = 2, whole_pages: str | None = None) -> list[int]:
    """The pages (numbered from 1) whose content ends above the middle of the page, but for
    the first `skip` pages, the last page of each chapter or part (a page followed by one
    where a bookmark of `chapter_level` or less starts), the page before one that an element
    whose id starts with `whole_pages` has to itself (a score sheet), and the book's last page."""
    bottoms = content_bottoms(pdf)
    starts = {page for level, _title, page in outline(pdf) if level <= chapter_level}
    if whole_pages:
        starts |= {page for name, page in destinations(pdf).items() if name.startswith(whole_pages)}
    ends = {page - 1 for page in starts} | {len(bottoms) - 1}
    return [n + 1 for n, bottom in enumerate(bottoms)
            if n >= skip and n not in ends and (bottom is None or bottom < 0.5)]


# -- the characters of a page, with where they are and in what font --------------------------

MM = 72 / 25.4  # points in a millimetre


@dataclass(frozen=True)
class Char:
    """One character pdfium reads on a page: `generated` when pdfium made it up (a space for a
    gap, a line end), else drawn, by the text object `obj` in the font `font`, in a picture or
    not (`picture`: WeasyPrint draws an SVG's text a glyph at a time, each glyph a text object
    of its own, where the page's text comes in runs); `box` its glyph's box in points, (left,
    bottom, right, top), y up from the page's bottom edge."""

    text: str
    box: tuple[float, float, float, float]
    base: float  # the baseline's height
    font: str
    generated: bool
    obj: int
    picture: bool = False


@dataclass(frozen=True)
class Page:
    """A page's size (points) and its characters, in the order they are drawn."""

    number: int  # from 1
    width: float
    height: float
    chars: tuple[Char, ...]

    def text(self, code: str | None = None) -> str:
        """The page's text, pictures left out: pdfium's line ends as "\\n", and its generated
        spaces (where glyphs stand apart with no space drawn between them) as ordinary spaces;
        with `code`, each run of monospaced characters replaced by that string."""
        out: list[str] = []
        in_code = in_picture = False
        for c in self.chars:
            if not c.generated:
                in_picture = c.picture
            if in_picture:
                continue  # a picture's glyphs, and the spaces pdfium puts between them
            if c.generated:
                out.append("\n" if c.text in "\r\n" else " ")
                in_code = False
                continue
            mono = code is not None and "Mono" in c.font
            if mono and not in_code:
                out.append(code or "")
            elif not mono:
                out.append(c.text)
            in_code = mono
        return "".join(out).replace("\n\n", "\n")


def pages(pdf: Path) -> list[Page]:
    """Every page of `pdf`, with its characters (pdfium's text page)."""
    import ctypes

    import pypdfium2

    pdfium = pypdfium2.raw
    document = pypdfium2.PdfDocument(str(pdf))
    left, right, bottom, top, x, y = (ctypes.c_double() for _ in range(6))
    name, flags = ctypes.create_string_buffer(128), ctypes.c_int()
    out = []
    try:
        for number, page in enumerate(document, 1):
            textpage = page.get_textpage()
            chars = []
            for i in range(textpage.count_chars()):
                pdfium.FPDFText_GetCharBox(textpage.raw, i, left, right, bottom, top)
                pdfium.FPDFText_GetCharOrigin(textpage.raw, i, x, y)
                generated = bool(pdfium.FPDFText_IsGenerated(textpage.raw, i))
                font = ""
                if not generated:
                    pdfium.FPDFText_GetFontInfo(textpage.raw, i, name, len(name), ctypes.byref(flags))
                    font = name.value.decode("latin-1")
                obj = ctypes.cast(pdfium.FPDFText_GetTextObject(textpage.raw, i), ctypes.c_void_p).value or 0
                chars.append(Char(chr(pdfium.FPDFText_GetUnicode(textpage.raw, i)),
                                  (left.value, bottom.value, right.value, top.value), y.value, font, generated, obj))
            out.append(Page(number, page.get_width(), page.get_height(), _pictures(chars)))
            textpage.close()
            page.close()
        return out
    finally:
        document.close()


def _pictures(chars: list[Char], run: int = 3) -> tuple[Char, ...]:
    """`chars` with those of pictures marked: runs of at least `run` drawn characters (pdfium's
    generated ones aside) each drawn alone by a text object of its own."""
    alone = Counter(c.obj for c in chars if not c.generated)
    drawn = [n for n, c in enumerate(chars) if not c.generated]
    marked = set()
    start = 0
    for k in range(len(drawn) + 1):
        if k < len(drawn) and alone[chars[drawn[k]].obj] == 1:
            continue
        if k - start >= run:
            marked.update(drawn[start:k])
        start = k + 1
    return tuple(replace(c, picture=True) if n in marked else c for n, c in enumerate(chars))


_LENGTH = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0, "px": 0.75}


def page_margins(css: Path) -> tuple[float, float]:
    """The top and bottom margins, in points, of the first `@page` rule of a print style sheet:
    the bands of its @top-* and @bottom-* margin boxes (the running head, the page number)."""
    rule = re.search(r"@page\s*\{([^@}]*)", css.read_text(encoding="utf-8"))
    margin = re.search(r"(?<![-\w])margin\s*:\s*([^;}]+)", rule.group(1)) if rule else None
    if margin is None:
        raise ValueError(f"{css.name}: no margin in its first @page rule")
    values = [float(v[:-2]) * _LENGTH[v[-2:]] for v in margin.group(1).split()]
    return values[0], values[2] if len(values) > 2 else values[0]  # CSS: top [right [bottom [left]]]


def _drawn(chars: Iterable[Char]) -> list[Char]:
    return [c for c in chars if not c.generated and c.text.strip()]


def margin_box_objects(page: Page, top: float, bottom: float, tolerance: float = 0.5) -> set[int]:
    """The text objects of the page's margin boxes (the running head, the page number), given
    the page's top and bottom margins: WeasyPrint draws the margin boxes after the page's
    content, the @top-* ones first.  Walking back from the last text object drawn: those
    wholly in the bottom margin, then those wholly in the top margin on one baseline."""
    objects: dict[int, list[Char]] = {}
    for c in _drawn(page.chars):
        objects.setdefault(c.obj, []).append(c)
    found: set[int] = set()
    order = list(objects)[::-1]
    while order and all(c.box[3] <= bottom + tolerance for c in objects[order[0]]):
        found.add(order.pop(0))
    head = None
    while order and all(c.box[1] >= page.height - top - tolerance for c in objects[order[0]]):
        base = objects[order[0]][0].base
        if head is not None and abs(base - head) > tolerance:
            break
        head = base
        found.add(order.pop(0))
    return found


def band_intrusions(pdf: Path, top: float, bottom: float, tolerance: float = 0.5) -> dict[int, str]:
    """Page number -> the text of the body that runs into the top or bottom margin, the bands
    of the running head and the page number (print.css's @top-* and @bottom-* margin boxes):
    every character but the margin boxes' own must lie between the page's top margin and its
    bottom margin, within `tolerance` points."""
    out: dict[int, str] = {}
    for page in pages(pdf):
        boxes = margin_box_objects(page, top, bottom, tolerance)
        outside = [c.text for c in _drawn(page.chars) if c.obj not in boxes
                   and (c.box[3] > page.height - top + tolerance or c.box[1] < bottom - tolerance)]
        if outside:
            out[page.number] = "".join(outside)
    return out


def fill(pdf: Path, top: float, bottom: float) -> list[float]:
    """How much of each page's body is used, from 0 (empty) to 1: how far down its text,
    pictures and drawn rules go below the top margin, as a share of the height between the
    margins (the running head and the page number left out)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        drawn = [[(obj.type, obj.get_bounds()) for obj in page.get_objects(filter=(PATH, IMAGE, FORM), max_depth=1)]
                 for page in document]
    finally:
        document.close()
    out = []
    for page, objects in zip(pages(pdf), drawn, strict=True):
        area_top, area = page.height - top, page.height - top - bottom
        boxes = margin_box_objects(page, top, bottom)
        lows = [c.box[1] for c in _drawn(page.chars) if c.obj not in boxes]
        lows += [b for kind, (_l, b, _r, t) in objects if b < area_top and t > bottom
                 and not (kind == PATH and t - b > 0.8 * area)]  # not a frame round the whole page
        out.append(0.0 if not lows else min(1.0, (area_top - max(min(lows), bottom)) / area))
    return out


def sparse_pages(pdf: Path, top: float, bottom: float, least: float = 0.15, chapter_level: int = 1,
                 breaks: Sequence[str] | None = None) -> list[int]:
    """The pages (from 1) used less than `least` of their height (`fill`), but for the last page
    of a chapter (a page followed by one where a bookmark of `chapter_level` or less starts)
    and the book's last page; with `breaks`, only the page before one where a named destination
    starting with one of `breaks` stands (a page break the book forces) and the last page."""
    used = fill(pdf, top, bottom)
    if breaks is None:
        starts = {page for level, _title, page in outline(pdf) if level <= chapter_level}
    else:
        starts = {page for name, page in destinations(pdf).items() if name.startswith(tuple(breaks))}
    ends = {page - 1 for page in starts} | {len(used) - 1}
    return [n + 1 for n, share in enumerate(used) if share < least and n not in ends]


# -- French typography in a PDF's text --------------------------------------------------------

CODE = "\u2063"  # what `Page.text` puts for a run of code: an invisible separator, which no check reads as a space
_FRENCH_FAULTS = (
    ("an ordinary space before a mark", re.compile(r"[ \t][:;!?](?=[\s»)]|$)")),
    ("no space before a mark", re.compile(r"[^\s\u00a0\u202f(\[«/:;!?.\d][:;!?](?=[\s»)]|$)")),
    ("a quote for an apostrophe", re.compile(r"(?i)(?<![^\W\d_])(?:[cdjlmnst]|qu)[\u201d\u201c](?=[^\W\d_])")),
    ("« without a no-break space after it", re.compile(r"«(?![\u00a0\u202f])")),
    ("» without a no-break space before it", re.compile(r"(?<![\u00a0\u202f])»")),
)
_NOT_PROSE = re.compile(r"https?://\S+|\b\d{1,2}:\d{2}\b|\b[\w.-]+\.(?:fr|ch|com|org|de|dk|htm|html)\b\S*")


def french_faults(text: str) -> list[tuple[str, str]]:
    """Where `text` (a French page, code already put out of the way, `Page.text(CODE)`) breaks
    the Imprimerie nationale's rules (docs/rulebook.md, "French"): an ordinary space, or none,
    before : ; ! ?; a « or » without its no-break space; an elided word's apostrophe printed as
    a quote (l”homme).  Addresses and times of day are not prose.  (what, the words around it)"""
    text = _NOT_PROSE.sub(CODE, text)
    return [(what, text[max(0, m.start() - 30):m.end() + 20].replace("\n", " "))
            for what, pattern in _FRENCH_FAULTS for m in pattern.finditer(text)]


def overprinted(pdf: Path, share: float = 0.3) -> dict[int, list[str]]:
    """Page number -> the characters printed over others (`a/b`: a over b), pictures aside:
    two glyphs of different text objects whose boxes overlap by more than `share` of the
    smaller one (a word too wide for its table column runs into the next one)."""
    out: dict[int, list[str]] = {}
    for page in pages(pdf):
        glyphs = [c for c in _drawn(page.chars) if not c.picture and c.box[2] > c.box[0] and c.box[3] > c.box[1]]
        grid: dict[tuple[int, int], list[Char]] = {}
        found = []
        for c in glyphs:
            cells = {(int(x // 8), int(y // 8)) for x in (c.box[0], c.box[2]) for y in (c.box[1], c.box[3])}
            for other in {id(o): o for cell in cells for o in grid.get(cell, [])}.values():
                if other.obj == c.obj:
                    continue
                width = min(c.box[2], other.box[2]) - max(c.box[0], other.box[0])
                height = min(c.box[3], other.box[3]) - max(c.box[1], other.box[1])
                smaller = min((b.box[2] - b.box[0]) * (b.box[3] - b.box[1]) for b in (c, other))
                if width > 0 and height > 0 and width * height > share * smaller:
                    found.append(f"{c.text}/{other.text}")
            for cell in cells:
                grid.setdefault(cell, []).append(c)
        if found:
            out[page.number] = found
    return out

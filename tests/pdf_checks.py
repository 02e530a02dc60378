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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
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

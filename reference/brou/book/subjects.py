"""The subject index of the comparative edition (issue 61): terms, people and places.

The entries are in docs/rulebook/subjects.yaml: a heading in each language and the forms
(regular expressions on whole words) that find it in the text.  The HTML site's index page
links each entry to the chapters where one of its forms occurs (`chapters_of`, from the
doctrees); the PDF's gives page numbers: the book is laid out once with the index's
heading alone on its last page, the pages of the reading part are searched as laid out
(`pages_of`), and the index, laid out on its own with the same style and numbering
(`index_html`), takes the place of that last page (brou.book.build.pdf).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

SUBJECTS_FILE = Path(__file__).resolve().parents[3] / "docs" / "rulebook" / "subjects.yaml"
KINDS = ("terms", "people", "places")
DOC = "subjects"  # the page of the index
APPARATUS_DOCS = ("parameters", "facts", "scenarios", "clauses")  # the implementer's appendices, not indexed
PLACEHOLDER = "brou-subject-index"  # the class of the index's body, filled in the PDF
TITLES = {
    "en": {"terms": "Terms of the games", "people": "People, bodies and works", "places": "Places"},
    "fr": {"terms": "Termes des jeux", "people": "Personnes, institutions et ouvrages", "places": "Lieux"},
}


@dataclass(frozen=True, eq=False)  # hashed by identity: one object per entry (`subjects`)
class Subject:
    kind: str
    heading: Mapping[str, str]
    forms: Mapping[str, re.Pattern[str]]

    def found(self, text: str, lang: str) -> bool:
        return self.forms[lang].search(text) is not None


@cache
def subjects() -> tuple[Subject, ...]:
    """Every entry of subjects.yaml; the terms found whatever their case, names as written."""
    data = yaml.safe_load(SUBJECTS_FILE.read_text(encoding="utf-8"))
    out = []
    for kind in KINDS:
        for entry in data[kind]:
            forms = {}
            for lang in ("en", "fr"):
                words = (entry.get("forms") or {}).get(lang) or [re.escape(entry[lang])]
                either = [w.replace("'", "['\u2019]") for w in words]  # the text's apostrophe is typographic
                flags = re.IGNORECASE if kind == "terms" else 0
                forms[lang] = re.compile(r"(?<![\w-])(?:" + "|".join(either) + r")(?![\w-])", flags)
            out.append(Subject(kind, {"en": entry["en"], "fr": entry["fr"]}, forms))
    return tuple(out)


def sorted_subjects(kind: str, lang: str) -> list[Subject]:
    """The entries of `kind` in the order of their headings in `lang`, accents aside."""
    import unicodedata

    def key(s: Subject) -> str:
        plain = unicodedata.normalize("NFKD", s.heading[lang].lower())
        return re.sub(r"^(?:l'|la |le |les )", "", "".join(c for c in plain if not unicodedata.combining(c)))

    return sorted((s for s in subjects() if s.kind == kind), key=key)


def ranges(pages: Iterable[int]) -> str:
    """Page numbers as an index prints them: runs joined by an en dash (`3, 7-9, 12`)."""
    numbers = sorted(set(pages))
    out: list[str] = []
    at = 0
    while at < len(numbers):
        end = at
        while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
            end += 1
        out.append(str(numbers[at]) if end == at else f"{numbers[at]}\u2013{numbers[end]}")
        at = end + 1
    return ", ".join(out)


def found_in(texts: Mapping[Any, str], lang: str) -> dict[Subject, list[Any]]:
    """For each entry, the keys of `texts` (pages or chapters, in order) whose text holds one
    of its forms; an entry found nowhere is left out."""
    out: dict[Subject, list[Any]] = {}
    for subject in subjects():
        where = [key for key, text in texts.items() if subject.found(text, lang)]
        if where:
            out[subject] = where
    return out


def index_html(found: Mapping[Subject, Sequence[int]], lang: str) -> str:
    """The body of the index in the PDF: a part per kind, each entry with its pages."""
    out = []
    for kind in KINDS:
        rows = [s for s in sorted_subjects(kind, lang) if s in found]
        if not rows:
            continue
        out.append(f'<p class="subject-kind">{html.escape(TITLES[lang][kind])}</p><ul class="subjects">')
        out += [f'<li><span class="subject">{html.escape(s.heading[lang])}</span>'
                f'<span class="subject-pages">{ranges(found[s])}</span></li>' for s in rows]
        out.append("</ul>")
    return "".join(out)


def page_texts(document: Any) -> Iterator[str]:
    """The text of each page of a WeasyPrint document as laid out, running heads and feet aside."""
    from weasyprint.formatting_structure import boxes

    def walk(box: Any) -> Iterator[str]:
        if isinstance(box, boxes.MarginBox):
            return
        if isinstance(box, boxes.TextBox):
            yield box.text
            return
        for child in getattr(box, "children", ()):
            yield from walk(child)

    for page in document.pages:
        yield " ".join(walk(page._page_box)).replace("\u00ad", "").replace("\u200b", "")

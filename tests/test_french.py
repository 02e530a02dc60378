"""French as French readers expect (issue 21, part 4; docs/rulebook.md, "French"): the
typography of brou.book.typography (U+202F before ; ! ?, U+00A0 before : and inside « »,
an elided word's apostrophe never printed as a quote), its fixer of the sources
(tools/french-typography), the spec's French strings already set, and the French books: the
HTML edition (the session's build, conftest.built, shared with tests/test_rulebook.py),
checked text by text (no ordinary space before a mark or inside guillemets, no English
words, the concordance in French), and the text of every French PDF, the edition's and the
players' booklets' (tests/pdf_checks.py)."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pdf_checks
import pytest
import yaml
from docutils import nodes
from docutils.core import publish_doctree

from brou.book import text
from brou.book.build import LANGS, Built, build
from brou.book.typography import (
    NBSP,
    NNBSP,
    NotFixable,
    decimal,
    fix_rst,
    fix_yaml,
    fr,
    french_doctree,
    is_french_key,
    rank,
    section,
)
from brou.spec import available_rulesets, sources
from brou.spec.sources import NOTE_KINDS, Entry, entries
from helpers import built_once

ROOT = Path(__file__).resolve().parents[1]
SPEC_FILES = [*sorted((ROOT / "spec").glob("*.yaml")), *sorted((ROOT / "spec" / "rulesets").glob("*.yaml"))]
FR_PAGES = sorted((ROOT / "docs" / "rulebook" / "fr").glob("*.rst"))

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


# -- fr() ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("raw", "want"), [
    ("Note : voir", f"Note{NBSP}: voir"),
    ("Note: voir", f"Note{NBSP}: voir"),
    ("oui ; non", f"oui{NNBSP}; non"),
    ("quoi?! non", f"quoi{NNBSP}?! non"),
    ("il dit « dehors » ici", f"il dit «{NBSP}dehors{NBSP}» ici"),
    ("il dit «dehors» ici", f"il dit «{NBSP}dehors{NBSP}» ici"),
    (f"déjà{NBSP}; réglé", f"déjà{NNBSP}; réglé"),
])
def test_fr_sets_the_space_before_a_mark_and_inside_guillemets(raw: str, want: str) -> None:
    assert fr(raw) == want
    assert fr(want) == want


@pytest.mark.parametrize("untouched", ["14:15", "https://salondesjeux.fr/hombre.htm?x=1", "(?)", "S1 §\u00a07.1",
                                       "3-3-2", "hdb.play.follow"])
def test_fr_leaves_what_is_not_a_phrase_mark(untouched: str) -> None:
    assert fr(untouched) == untouched


def test_french_numbers_and_ranks() -> None:
    assert decimal(30.4, "fr") == "30,4" and decimal(30.4, "en") == "30.4"
    assert [rank(r, "fr") for r in "KQJTA9"] == ["R", "D", "V", "10", "A", "9"]
    assert rank("K", "en") == "K"
    assert section("Spiel der Karten, first exception", "fr") == "Spiel der Karten, première exception"
    assert section("contracts", "fr") == "contrats" and section("contracts", "en") == "contracts"
    assert section("Punkte und Partie", "fr") == "Punkte und Partie"


def test_french_labels_are_set() -> None:
    for key, label in text.words("fr").items():
        assert fr(label) == label, key
    assert text.words("fr")["ruleset"] == "Jeu"


def test_the_concordance_cells_are_in_the_books_language() -> None:
    """The English book prints the note as written; the French one about_fr, and the note's
    kind in French before note_fr."""
    entry = Entry("S1", 1, "0", "0" * 12, "Page title.", (), "heading: the page's title", "Titre de la page.",
                  "le titre de la page")
    assert text.concordance_cells(entry, "en") == ("§0 ¶1", "Page title.", "heading: the page's title")
    assert text.concordance_cells(entry, "fr") == ("§0 ¶1", "Titre de la page.", f"titre{NBSP}: le titre de la page")
    bare = Entry("H1", 3, "contracts", "0" * 12, "Names the contracts.", ("hom.auction.bid",), None,
                 "Nomme les contrats.", None)
    assert text.concordance_cells(bare, "fr") == ("contrats ¶3", "Nomme les contrats.", None)
    assert set(text.NOTE_KINDS_FR) == set(NOTE_KINDS)


def test_the_concordance_takes_french_texts() -> None:
    entry = {"n": 1, "section": "0", "digest": "0" * 12, "about": "Page title.", "clauses": [],
             "note": "heading: the page's title", "about_fr": "Titre de la page.", "note_fr": "le titre de la page"}
    data = {"format": "brou-concordance/1", "sources": {"S1": {"ruleset": "homme-de-brou-1802", "file": "s.txt",
                                                                 "kind": "paragraphs", "entries": [entry]}}}
    assert sources.schema_problems(data) == []
    entry["note_fr"] = "heading: le titre"
    assert sources.schema_problems(data), "note_fr must not repeat the note's kind"
    entry.update(note_fr="le titre de la page", clauses=["hdb.deal.packets"])
    del entry["note"]
    assert any("note_fr" in p for p in sources.schema_problems(data)), "a note_fr without its note"


def test_the_french_section_names_are_french() -> None:
    """The project's English names of a source's parts (H1's, the dossiers' facts) are French
    in the French book; the sources' own headings stay (S2's German ones)."""
    for e in entries():
        if e.source.startswith("H") or e.section == "facts":
            assert section(e.section, "fr") != e.section or e.section == "nolo", e.ref  # nolo: French too
    assert section("Karten", "fr") == "Karten"


# -- the fixer ------------------------------------------------------------------------------


SAMPLE = """\
# a comment : with a space ; kept
title:
  en: "Rules: the deal ; see « this »"
  fr: "Règles : la donne ; voir « ceci »"
note: {en: plain text, fr: la donne ; la levée}
items:
- why: 'the same : left as it is'
  why_fr: Pourquoi ? Parce que « la cape »
- 'plain : quoted'
"""


def test_fix_yaml_rewrites_the_french_strings_only_and_is_idempotent() -> None:
    fixed = fix_yaml(SAMPLE)
    assert fixed != SAMPLE and fix_yaml(fixed) == fixed
    changed = [(a, b) for a, b in zip(SAMPLE.splitlines(), fixed.splitlines(), strict=True) if a != b]
    assert [a.split(":")[0].strip() for a, _ in changed] == ["fr", "note", "why_fr"]
    before, after = yaml.safe_load(SAMPLE), yaml.safe_load(fixed)
    assert after["title"] == {"en": before["title"]["en"], "fr": f"Règles{NBSP}: la donne{NNBSP}; voir «{NBSP}ceci{NBSP}»"}
    assert after["note"]["en"] == "plain text" and after["items"][0]["why"] == before["items"][0]["why"]
    assert after["items"][1] == "plain : quoted"


def test_fix_yaml_on_the_spec_undone_restores_it() -> None:
    """Take the spec's French spaces out again (ordinary spaces): the fixer puts back exactly
    the files as they are, byte for byte."""
    for path in SPEC_FILES:
        text_ = path.read_text(encoding="utf-8")
        undone = text_.replace(NNBSP, " ").replace(NBSP, " ")
        if undone != text_:
            assert fix_yaml(undone, path.name) == text_, path.name


def test_fix_yaml_refuses_a_french_string_on_several_lines() -> None:
    with pytest.raises(NotFixable, match="several lines"):
        fix_yaml("a:\n  fr: >\n    une ligne ;\n    deux\n")


def _french_strings(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            if is_french_key(k) and isinstance(v, str):
                yield v
            yield from _french_strings(v)
    elif isinstance(node, list):
        for x in node:
            yield from _french_strings(x)


def test_the_spec_french_strings_are_already_set() -> None:
    """A new French string must be typed with its spaces (or tools/french-typography run)."""
    for path in SPEC_FILES:
        text_ = path.read_text(encoding="utf-8")
        assert fix_yaml(text_, path.name) == text_, f"{path.name}: run tools/french-typography"
        french = list(_french_strings(yaml.safe_load(text_)))
        for string in french:
            assert not re.search(r" [:;!?](\s|$)|« | »", string), string


def test_the_french_pages_are_already_set() -> None:
    for path in FR_PAGES:
        assert fix_rst(path.read_text(encoding="utf-8")) == path.read_text(encoding="utf-8"), \
            f"{path.name}: run tools/french-typography"


def test_fix_rst_keeps_markup_and_grows_an_underline() -> None:
    page = ("Titre : un\n=========\n\n.. brou-example:: hdb.x\n   :upto: 3\n\n   Légende : la donne ;\n"
            "   voir ``a : b`` et :brou:clause:`hdb.play` : bien.\n\n- « mot » : x\n")
    fixed = fix_rst(page)
    assert fixed.splitlines()[:2] == [f"Titre{NBSP}: un", "=" * 10]
    assert "   :upto: 3" in fixed and "``a : b``" in fixed
    assert f":brou:clause:`hdb.play`{NBSP}: bien." in fixed and f"la donne{NNBSP};" in fixed
    assert f"- «{NBSP}mot{NBSP}»{NBSP}: x" in fixed
    assert fix_rst(fixed) == fixed


def test_fix_rst_gives_an_elided_word_before_markup_its_apostrophe() -> None:
    """`l'*hombre*` printed `l”hombre`: the smart quotes close a quote at the end of a text
    before markup.  The fixer types the apostrophe itself, which they leave alone."""
    fixed = fix_rst("Dans l'*Académie*, d'``x`` et qu':brou:clause:`y`, l'homme.\n")
    assert fixed == "Dans l\u2019*Académie*, d\u2019``x`` et qu\u2019:brou:clause:`y`, l'homme.\n"
    assert fix_rst(fixed) == fixed


def test_the_tool_checks_the_sources() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "french-typography"), "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


# -- documents --------------------------------------------------------------------------------


def test_french_doctree_sets_marks_after_markup_and_field_names() -> None:
    doc = publish_doctree("Voir ``hdb.x``: la règle ; et *« dehors »* !\n\n:Sources: S1\n",
                          settings_overrides={"language_code": "fr", "report_level": 5})
    french_doctree(doc)
    assert doc.children[0].astext() == f"Voir hdb.x{NBSP}: la règle{NNBSP}; et «{NBSP}dehors{NBSP}»{NNBSP}!"
    field_name = next(iter(doc.findall(nodes.field_name)))
    assert field_name.astext() == f"Sources{NBSP}"


def test_french_doctree_gives_back_the_apostrophe_the_smart_quotes_closed() -> None:
    doc = publish_doctree("Dans l'*Académie* et l'*homme*, « qu'*il* » dit.\n",
                          settings_overrides={"language_code": "fr", "report_level": 5, "smart_quotes": True})
    french_doctree(doc)
    assert doc.children[0].astext() == f"Dans l\u2019Académie et l\u2019homme, «{NBSP}qu\u2019il{NBSP}» dit."


def test_french_faults_finds_each_fault_and_leaves_code_addresses_and_times() -> None:
    clean = (f"Voir{NBSP}: ceci{NNBSP}; «{NBSP}dehors{NBSP}» à 10:30, https://a.fr/x?y=1 {pdf_checks.CODE} "
             f"et l\u2019homme{NNBSP}!")
    assert pdf_checks.french_faults(clean) == []
    found = [what for what, _ in pdf_checks.french_faults("Voir : a. Voir: b. l\u201dhomme «dehors»")]
    assert found == ["an ordinary space before a mark", "no space before a mark", "a quote for an apostrophe",
                     "« without a no-break space after it", "» without a no-break space before it"]


# -- the French book ------------------------------------------------------------------------------


BLOCKS = {"p", "li", "dt", "dd", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "figcaption",
          "title", "div", "ul", "ol", "table", "tr", "section", "figure", "nav"}
CODE = {"code", "pre", "kbd", "samp", "script", "style"}


class Texts(HTMLParser):
    """The visible texts of a page, one per block, code replaced by a letter (it is context
    for the marks after it, never checked); and the words of input fields."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.fields: list[str] = []
        self.current: list[str] = []
        self.code = 0

    def flush(self) -> None:
        joined = "".join(self.current)
        if joined.strip():
            self.blocks.append(joined)
        self.current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in CODE:
            self.code += 1
            self.current.append("x")
        elif tag in BLOCKS or tag == "br":
            self.flush()
        if tag == "input":
            self.fields += [v or "" for k, v in attrs if k in ("value", "placeholder")]

    def handle_endtag(self, tag: str) -> None:
        if tag in CODE:
            self.code = max(0, self.code - 1)
        elif tag in BLOCKS:
            self.flush()

    def handle_data(self, data: str) -> None:
        if not self.code:
            self.current.append(data)


@pytest.fixture(scope="session")
def french_html(built: dict[str, Built]) -> dict[str, Texts]:
    """Every page's texts in the French HTML book (built once per session, conftest.built)."""
    found = {}
    for page in sorted(built["fr"].html.parent.glob("*.html")):
        parser = Texts()
        parser.feed(page.read_text(encoding="utf-8"))
        parser.flush()
        found[page.name] = parser
    return found


BAD_SPACE = re.compile(r"[ \t\n][:;!?](?=\s|$)|«[ \t\n]|[ \t\n]»|«[^\s\u00a0\u202f]|[^\s\u00a0\u202f]»")


def test_no_ordinary_space_before_a_mark_or_inside_guillemets(french_html: dict[str, Texts]) -> None:
    bad = [(name, block.strip()[:120]) for name, page in french_html.items() for block in page.blocks
           if BAD_SPACE.search(block)]
    assert not bad, f"{len(bad)} texts, first: {bad[:5]}"


ENGLISH = ["Engine", "Scenarios", "Search", "Player ", "Cited by", "Rulesets", "Ruleset", "hand-written",
           "Example ", "Contents", "wins the trick", "Trump", "Parameters", "Quick search", "Go", "Next", "Previous",
           "first exception", "last paragraph", "contracts", "auction", "Related Topics", "Documentation overview",
           "careful", "brou study", "editors", "editor", "and d'Alembert", "Wikipedia", "Danish clubs", "edition"]


def test_no_english_words_in_the_french_book(french_html: dict[str, Texts]) -> None:
    words = re.compile("|".join(rf"(?<![\w.-]){re.escape(w.strip())}(?![\w.-])" for w in ENGLISH))
    found = sorted({(name, m.group(0)) for name, page in french_html.items()
                    for t in page.blocks + page.fields for m in words.finditer(t)})
    assert not found, found[:20]
    fields = {f for page in french_html.values() for f in page.fields}
    assert {"Rechercher", "Chercher"} <= fields


def test_the_listing_describes_scenarios_in_french(built: dict[str, Built]) -> None:
    """The appendix of scenarios describes each by its example's caption, not the corpus's English."""
    page = (built["fr"].html.parent / "scenarios.html").read_text(encoding="utf-8")
    descriptions = [re.sub(r"<[^>]+>", "", d) for d in re.findall(r'class="scenario-description">(.*?)</p>', page, re.S)]
    assert len(descriptions) >= 10
    english = [d for d in descriptions if re.search(r"\b(the|and|of|wins|dealer|trick)\b", d)]
    assert not english, english[:3]
    assert all(re.search(r"\b(le|la|les|une?|des)\b", d) for d in descriptions)


def _words(fragment: str) -> str:
    """Text compared as read: tags out, quotes straight, dots three, every run of spaces one space."""
    out = re.sub(r"<[^>]+>", "", fragment)
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2026", "...")):
        out = out.replace(curly, straight)
    return re.sub(r"[\s\u00a0\u202f]+", " ", html.unescape(out)).strip()


def test_the_french_concordance_is_written_in_french(built: dict[str, Built]) -> None:
    """Every entry of the concordance has its French summary (about_fr) and, without clauses,
    its French note (note_fr), and the French book prints those, not the English ones."""
    listed = list(entries())
    untranslated = [e.ref for e in listed if not e.about_fr or (not e.clauses and not e.note_fr)]
    assert not untranslated, (f"{len(untranslated)} of {len(listed)} entries of spec/concordance.yaml have no "
                              f"about_fr (or, without clauses, no note_fr); first: {untranslated[:5]}")
    page = _words((built["fr"].html.parent / "concordance.html").read_text(encoding="utf-8"))
    for e in listed:
        _place, says, why = text.concordance_cells(e, "fr")
        assert _words(fr(says)) in page, e.ref
        assert why is None or _words(why) in page, e.ref
    english = [e.ref for e in listed if _words(e.about) != _words(e.about_fr) and _words(e.about) in page]
    assert not english, english[:5]


@pytest.fixture(scope="session")
def booklets(tmp_path_factory: pytest.TempPathFactory) -> list[Built]:
    """Every players' booklet in both languages, HTML and PDF: the build of tests/test_booklet.py,
    made once for both when they run in one session (helpers.built_once)."""
    return built_once(tmp_path_factory, "booklets",
                      lambda out: build(LANGS, out, with_pdf=True, which=available_rulesets()))


def _faults(pdf: Path) -> list[tuple[int, str, str]]:
    """Where a French PDF's text breaks French typography (page, what, the words around it)."""
    return [(page.number, what, where) for page in pdf_checks.pages(pdf)
            for what, where in pdf_checks.french_faults(page.text(pdf_checks.CODE))]


def test_the_french_edition_pdf_is_set_in_french(built: dict[str, Built]) -> None:
    """The PDF's text as a reader copies it, code and pictures aside (tests/pdf_checks.py:
    `french_faults`): the spaces before : ; ! ? and inside « », and no l” for an elided l'."""
    pdf = built["fr"].pdf
    assert pdf is not None
    found = _faults(pdf)
    assert not found, f"{len(found)} faults, first: {found[:5]}"


def test_the_french_booklets_pdfs_are_set_in_french(booklets: list[Built]) -> None:
    found = {b.book: _faults(b.pdf) for b in booklets if b.lang == "fr" and b.pdf is not None}
    assert len(found) == len(available_rulesets())
    bad = {book: (len(faults), faults[:3]) for book, faults in found.items() if faults}
    assert not bad, bad


def test_the_french_pdf_prints_no_english_words(built: dict[str, Built]) -> None:
    """The French PDF as read: no English left by the study's figures ("joueurs careful", "(brou
    study)") nor by the sources' authors ("Diderot and d'Alembert (editors)") (issue 61)."""
    pdf = built["fr"].pdf
    assert pdf is not None
    english = re.compile(r"(?<![\w.-])(?:brou study|careful|and d'Alembert|editors?|Wikipedia contributors|"
                         r"Danish clubs|same seeds|games per reading)(?![\w.-])")
    found = [(n + 1, m.group(0)) for n, t in enumerate(pdf_checks.page_texts(pdf))
             for m in english.finditer(t.replace("\u2019", "'"))]
    assert not found, found[:10]

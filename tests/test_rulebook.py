"""The printable rulebook (docs/rulebook/, brou.book): built once here in both languages,
HTML and PDF, warnings as errors, then checked: every clause of the spec appears once,
with its anchor, in the page of its chapter and in the book's language; every internal
link resolves; every entry of the register, parameter and source has its target; the
PDF holds every clause's anchor as a named destination.  Plus the model's side-by-side
grouping, the escaping of spec text, and a broken page failing the build in one line."""

from __future__ import annotations

import html
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pdf_checks import (
    band_intrusions,
    destinations,
    fill,
    half_blank_pages,
    hyphen_breaks,
    outline,
    overprinted,
    page_margins,
    page_texts,
    sparse_pages,
    split_identifiers,
)

from brou.book import text
from brou.book.build import EXIT_FAILED, EXIT_USAGE, LANGS, SOURCE, BuildFailed, Built, main, sphinx, unbreakable
from brou.book.model import (
    ALONE,
    AUV,
    AUV_CHAPTERS,
    BRUS,
    BRUS_CHAPTERS,
    CHAPTERS,
    HOM_CHAPTERS,
    NEW,
    OLD,
    RULESETS,
    Book,
    pair_rows,
    rulebook_page,
)
from brou.book.sheets import SHEET_PAGE_ID

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PRINT_CSS = SOURCE / "_static" / "print.css"
ID = re.compile(r'\sid="([^"]+)"')
HREF = re.compile(r'<a\s[^>]*href="([^"]+)"')


@pytest.fixture(scope="session")
def book() -> Book:
    return Book()


def pages(b: Built) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in b.html.parent.glob("*.html")}


def ids_by_page(b: Built) -> dict[str, Counter[str]]:
    return {name: Counter(ID.findall(content)) for name, content in pages(b).items()}


def plain(fragment: str) -> str:
    """Text of an HTML fragment, quotes straightened, spaces collapsed (smartquotes and line breaks)."""
    out = html.unescape(re.sub(r"<[^>]+>", "", fragment))
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'),
                            ("\u00ab\u00a0", "\u00ab "), ("\u00a0\u00bb", " \u00bb")):
        out = out.replace(curly, straight)
    return re.sub(r"\s+", " ", out)


# -- the model ---------------------------------------------------------------------------


def test_blocks_place_every_clause_once(book: Book) -> None:
    placed = Counter(cid for chapter in CHAPTERS + BRUS_CHAPTERS + AUV_CHAPTERS + HOM_CHAPTERS
                     for block in book.blocks(chapter) for cid in block.clauses)
    assert set(placed) == set(book.clauses)
    assert all(n == 1 for n in placed.values())


def test_side_by_side_blocks_pair_each_replacement(book: Book) -> None:
    """Every Brouc clause that replaces 1802 clauses stands beside them, in one block."""
    for chapter in CHAPTERS:
        for block in book.blocks(chapter):
            for cid in block.right:
                assert set(book.clauses[cid].replaces) <= set(block.left)
            if block.kind == "side-by-side":
                assert all(book.clauses[c].rulesets == (OLD,) for c in block.left)
                assert all(book.clauses[c].rulesets == (NEW,) for c in block.right)


def test_shared_clause_is_one_block(book: Book) -> None:
    blocks = [b for b in book.blocks("play") if "hdb.play.lead" in b.clauses]
    assert len(blocks) == 1 and blocks[0].kind == "both" and book.clauses["hdb.play.lead"].rulesets == RULESETS


def test_play_chapter_sets_whist_beside_brouc_following(book: Book) -> None:
    block = next(b for b in book.blocks("play") if "hdb.play.void-free" in b.clauses)
    assert block.kind == "side-by-side"
    assert block.left == ("hdb.play.follow", "hdb.play.void-free")
    assert block.right[:2] == ("brouc.play.follow", "brouc.play.overtrump")
    assert "brouc.play.no-undertrump" in block.right


def test_rows_set_each_1802_clause_beside_its_replacements(book: Book) -> None:
    """Issue 21, part 2: 1802's following faces Brouc's, and the Brouc rules that replace
    nothing each have a row of their own, in Brouc's order."""
    block = next(b for b in book.blocks("play") if "hdb.play.void-free" in b.clauses)
    assert block.rows[0] == (("hdb.play.follow", "hdb.play.void-free"), ("brouc.play.follow",))
    assert [r for _, (r,) in block.rows[1:]] == list(block.right[1:])
    assert all(not left for left, _ in block.rows[1:])
    for chapter in CHAPTERS:
        for b in book.blocks(chapter):
            assert [c for left, _ in b.rows for c in left] == list(b.left if b.rows else ())
            for left, right in b.rows:
                for cid in right:
                    assert set(book.clauses[cid].replaces) <= set(left)


def test_pair_rows_places_a_clause_alone_after_the_one_it_follows() -> None:
    rows = pair_rows(("a", "b", "c"), ("x", "y", "z"), {"x": ["a"], "z": ["c"]})
    assert rows == ((("a",), ("x",)), ((), ("y",)), (("b",), ()), (("c",), ("z",)))


def test_side_by_side_table_has_one_row_per_pair_and_no_empty_column(book: Book) -> None:
    block = next(b for b in book.blocks("play") if "hdb.play.void-free" in b.clauses)
    lines = text.block_lines(block, "en")
    assert lines.count(".. list-table::") == 1 and lines.count("   * - ") == 1  # one row under the heading
    table_end = lines.index(".. brou-clause:: brouc.play.overtrump")
    assert "       .. brou-clause:: brouc.play.follow" in lines[:table_end]
    assert lines.count("1802 has no such rule.") == len(block.right) - 1


def test_statement_sets_identifiers_as_code(book: Book) -> None:
    line = text.statement(book, book.clauses["brouc.play.no-undertrump"].data["variants"]["fr"])
    assert "\\ ``undertrump_when_void``\\ " in line and "\\ ``any-trump-play``\\ " in line
    plain = text.statement(book, book.clauses["brouc.play.no-undertrump"].statement("fr"))
    assert "sous-couper" in plain and "``sous-couper``" not in plain
    assert "``brouc.play.*``" in text.statement(book, book.clauses["hdb.play.void-free"].data["variants"]["en"])


def test_unbreakable_cuts_identifiers_of_the_text_and_leaves_style_and_pictures() -> None:
    page = ('<html><body><p>see <span class="pre">hom.play.follow</span> and AMB-05, '
            '<span class="pre">hdb.play.void-free</span></p>'
            '<style>div.refcard p { margin: 0 }</style><svg><text>30.4 hom.deal.talon</text></svg>'
            '<p>salondesjeux.fr</p></body></html>')
    out = unbreakable(page)
    assert '<span class="pre segmented">hom.\u200bplay.\u200bfollow</span>' in out
    assert '<span class="pre segmented">hdb.\u200bplay.\u200b<span class="nobr">void-free</span></span>' in out
    assert '<span class="nobr">AMB-05</span>' in out and '<span class="nohyph">salondesjeux.fr</span>' in out
    assert "<style>div.refcard p { margin: 0 }</style><svg><text>30.4 hom.deal.talon</text></svg>" in out


def test_concession_has_no_brouc_counterpart(book: Book) -> None:
    kinds = {b.left: b.kind for b in book.blocks("game")}
    assert kinds[("hdb.game.concession",)] == "old-only"


def test_every_clause_has_its_engine_function(book: Book) -> None:
    assert set(book.implemented_by) >= set(book.clauses)


def test_brusquembille_chapters_stand_alone_in_the_rulesets_order(book: Book) -> None:
    own = list(book.rules[BRUS].data["clauses"])
    placed = [cid for chapter in BRUS_CHAPTERS for block in book.blocks(chapter) for cid in block.clauses]
    assert sorted(placed) == sorted(own) and all(c.startswith("brus.") for c in placed)
    assert {b.kind for chapter in BRUS_CHAPTERS for b in book.blocks(chapter)} == {"alone"}
    talon = [c for c in own if c.startswith("brus.talon.")]
    assert [b.left[0] for b in book.blocks("brus.talon")] == talon
    assert not any(c.startswith("brus.") for chapter in CHAPTERS for b in book.blocks(chapter) for c in b.clauses)
    lines = text.rules(book, "brus.talon", "en")
    assert lines[0] == ".. brou-clause:: brus.talon.draw" and "1802 has no such rule." not in lines
    assert rulebook_page("brus.talon.draw") == "brus-drawing.html#brus.talon.draw"
    assert rulebook_page("brus.play.free") == "brus-play.html#brus.play.free"
    assert rulebook_page("hdb.play.follow") == "play.html#hdb.play.follow"


def test_auvergne_chapters_stand_alone_in_the_rulesets_order(book: Book) -> None:
    own = list(book.rules[AUV].data["clauses"])
    placed = [cid for chapter in AUV_CHAPTERS for block in book.blocks(chapter) for cid in block.clauses]
    assert sorted(placed) == sorted(own) and all(c.startswith("auv.") for c in placed)
    assert {b.kind for chapter in AUV_CHAPTERS for b in book.blocks(chapter)} == {"alone"}
    assert [b.left[0] for b in book.blocks("auv.king")] == [c for c in own if c.startswith("auv.king.")]
    assert not any(c.startswith("auv.") for chapter in CHAPTERS + BRUS_CHAPTERS + HOM_CHAPTERS
                   for b in book.blocks(chapter) for c in b.clauses)
    assert text.tags(book.clauses["auv.king.taken"], "fr") == "L'Homme d'Auvergne"
    assert rulebook_page("auv.king.taken") == "auv-kings.html#auv.king.taken"
    assert rulebook_page("auv.turn.offer") == "auv-speech.html#auv.turn.offer"


def test_brusquembille_pack_and_citations(book: Book) -> None:
    table = text.cards(book, "en", BRUS)
    ranks = [line.split("``")[1] for line in table if line.startswith("     - ``") and len(line.split("``")[1]) == 1]
    assert ranks[:8] == ["A", "T", "K", "Q", "J", "9", "8", "7"]
    assert text.source_cite({"source": "B1", "section": "6"}, "en") == ":brou:source:`B1 \u00b66 <B1>`"
    assert text.source_cite({"source": "S1", "section": "7.4"}, "en") == ":brou:source:`S1 §7.4 <S1>`"
    with pytest.raises(KeyError, match="no ruleset 'whist'"):
        text.cards(book, "en", "whist")


def test_spec_text_is_escaped() -> None:
    assert text.esc("clauses brouc.play.* apply") == r"clauses brouc.play.\* apply"
    assert text.esc("a_b `c` |d|") == r"a\_b \`c\` \|d\|"


def test_unknown_chapter_is_refused(book: Book) -> None:
    with pytest.raises(KeyError, match="no chapter 'bidding'"):
        text.rules(book, "bidding", "en")


# -- the built book ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_clause_has_its_anchor_once_in_its_chapter(built: dict[str, Built], book: Book, lang: str) -> None:
    by_page = ids_by_page(built[lang])
    for cid in book.clauses:
        where = {page: ids[cid] for page, ids in by_page.items() if ids[cid]}
        assert where == {rulebook_page(cid).split("#")[0]: 1}, cid


@pytest.mark.parametrize("lang", LANGS)
def test_every_clause_is_stated_in_the_books_language(built: dict[str, Built], book: Book, lang: str) -> None:
    content = pages(built[lang])
    for cid, clause in book.clauses.items():
        page = content[rulebook_page(cid).split("#")[0]]
        start = page.index(f'id="{cid}"')
        block = plain(page[start:page.index("</div>", start)])
        assert plain(clause.statement(lang)) in block, cid


@pytest.mark.parametrize("lang", LANGS)
def test_every_internal_link_resolves(built: dict[str, Built], lang: str) -> None:
    content = pages(built[lang])
    ids = {name: set(ID.findall(page)) for name, page in content.items()}
    checked = 0
    for name, page in content.items():
        for href in HREF.findall(html.unescape(page)):
            if re.match(r"[a-z]+:", href) or href.startswith("_"):
                continue  # another site, or a static file
            if href.startswith("../"):  # the other language's site, or a PDF beside the sites
                assert (built[lang].html.parent / href).resolve().exists(), f"{name}: link to a missing file {href}"
                continue
            target, _, fragment = href.partition("#")
            target = target or name
            assert target in content, f"{name}: link to a missing page {href}"
            if fragment:
                assert fragment in ids[target], f"{name}: link to a missing anchor {href}"
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("lang", LANGS)
def test_register_parameters_sources_and_facts_have_targets(built: dict[str, Built], book: Book, lang: str) -> None:
    by_page = ids_by_page(built[lang])
    wanted = {"ambiguities.html": [e.id for e in text.register().entries],
              "parameters.html": [f"param-{p}" for p in book.parameters()],
              "sources.html": [f"source-{s}" for s in book.sources],
              "facts.html": [f"fact-{f.id}" for f in text.facts()]}
    for page, anchors in wanted.items():
        missing = [a for a in anchors if not by_page[page][a]]
        assert not missing, f"{page} lacks {missing}"


def test_facts_hold_as_the_project_asserts() -> None:
    assert all(f.ok for f in text.facts())


@pytest.mark.parametrize("lang", LANGS)
def test_examples_are_numbered_pictures_linked_to_their_scenarios(built: dict[str, Built], lang: str) -> None:
    content = pages(built[lang])
    play = content["play.html"]
    assert re.search(r'caption-number">(Example|Exemple) 4\.1', play)
    assert play.count('<img class="brou-picture"') == 5
    examples = {m for page in content.values() for m in re.findall(r'id="example-([^"]+)"', page)}
    listed = set(re.findall(r'id="scenario-([^"]+)"', content["scenarios.html"]))
    assert examples and examples == listed


@pytest.mark.parametrize("lang", LANGS)
def test_score_sheets_empty_and_filled(built: dict[str, Built], lang: str) -> None:
    """The partnership games' sheets blank and filled, the other games' blank; every blank one
    inline on a page of its own (tests/test_sheet.py checks the sheets themselves)."""
    ids = ids_by_page(built[lang])["sheets.html"]
    for ruleset in RULESETS:
        assert ids[f"sheet-{ruleset}-empty"] == 1 and ids[f"sheet-{ruleset}-seed-3"] == 1
    for ruleset in ALONE:
        assert ids[f"sheet-{ruleset}-empty"] == 1
    assert pages(built[lang])["sheets.html"].count('<div class="sheet-page"') == len(RULESETS) + len(ALONE)


def test_glossary_has_the_french_terms(built: dict[str, Built]) -> None:
    for lang in LANGS:
        glossary = plain(pages(built[lang])["glossary.html"])
        for term in ("coup", "levée", "pli", "mariage", "vole", "la cape", "dehors", "coche", "ardoise",
                     "brusquembille", "cave", "fiche", "jeton", "talon"):
            assert term in glossary, (lang, term)


def test_french_book_is_in_french(built: dict[str, Built]) -> None:
    fr = plain(pages(built["fr"])["play.html"])
    assert "Qui possède une carte de la couleur entamée doit en jouer une." in fr
    assert "A player who holds a card of the suit led must play one." not in fr
    brus = plain(pages(built["fr"])["brus-play.html"])
    assert "Chacun joue la carte qu'il veut" in brus and "A player may play any card" not in brus
    auv = plain(pages(built["fr"])["auv-play.html"])
    assert "Un joueur doit fournir de la couleur jouée s'il en a" in auv and "must play a card of the suit" not in auv


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_holds_every_clause_anchor(built: dict[str, Built], book: Book, lang: str) -> None:
    from pypdf import PdfReader

    b = built[lang]
    assert b.pdf is not None and b.pdf.read_bytes()[:5] == b"%PDF-"
    reader = PdfReader(b.pdf)
    assert b.pages == len(reader.pages) > 60
    destinations = set(reader.named_destinations)
    missing = [cid for cid in book.clauses if cid not in destinations]
    assert not missing
    assert {e.id for e in text.register().entries} <= destinations


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_has_a_contents_page_with_chapters(built: dict[str, Built], lang: str) -> None:
    from pypdf import PdfReader

    pdf = built[lang].pdf
    assert pdf is not None
    reader = PdfReader(pdf)
    contents = reader.pages[1].extract_text()
    assert ("Contents" if lang == "en" else "Table des matières") in contents
    assert re.search(r"4\. \S.*\d+", contents)
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    assert len(outline) >= 1


# -- the printed book (issue 21, part 2) ---------------------------------------------------
# These read the PDFs built once above (about 2 s a language: pdfium's text and outline).


def printed_identifiers(book: Book) -> set[str]:
    """Every identifier the book may print: clause ids, scenario ids, parameters, register
    ids, engine functions, fact ids."""
    from brou.book.pictures import hand_written

    return (set(book.clauses) | set(hand_written()) | set(book.parameters()) | set(book.implemented_by.values())
            | {e.id for e in text.register().entries} | {f.id for f in text.facts()})


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_splits_no_identifier(built: dict[str, Built], book: Book, lang: str) -> None:
    """Copied from the PDF, every identifier reads whole: no hyphen, soft hyphen or zero-width
    space inside one, and a line break only right after a dot or an underscore."""
    pdf = built[lang].pdf
    assert pdf is not None
    texts = page_texts(pdf)
    assert split_identifiers(texts, printed_identifiers(book)) == {}
    assert hyphen_breaks(texts) == []
    assert "hdb.play.void-free" in "".join(texts)


def test_split_identifiers_finds_every_kind_of_cut() -> None:
    ids = {"hdb.play.void-free", "undertrump_when_void", "brus.perft.three.start-1"}
    texts = ["the rule hdb.play.void\ufffefree and under\u2010\r\ntrump_when_void, bru\r\ns.perft.three.start-1"]
    assert split_identifiers(texts, ids) == {"hdb.play.void-free": 1, "undertrump_when_void": 1,
                                             "brus.perft.three.start-1": 1}
    assert split_identifiers(["hdb.play.\r\nvoid-free and undertrump_\r\nwhen_void"], ids) == {}
    assert hyphen_breaks(texts) == ["hdb.play.void\ufffefree", "under\u2010\r\ntrump_when_void"]
    assert hyphen_breaks(["mar\u2010\r\nriages. A rule"]) == []


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_clause_index_gives_every_clauses_page(built: dict[str, Built], book: Book, lang: str) -> None:
    pdf = built[lang].pdf
    assert pdf is not None
    where = {name: page + 1 for name, page in destinations(pdf).items()}  # pages numbered from 1
    texts = page_texts(pdf)
    start = where["document-clauses"] - 1  # the index's first page (its title is in every page's running head)
    assert ("Index of clauses" if lang == "en" else "Index des clauses") in texts[start]
    index = re.sub(r"(?<=[._])\r?\n", "", "\n".join(texts[start:]))
    for cid in sorted(book.clauses):  # each row opens with the clause and its page
        pages = re.findall(rf"(?<![\w.-]){re.escape(cid)},\s*p\.\u00a0(\d+)", index)
        assert pages == [str(where[cid])], (cid, pages)


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_leaves_few_pages_half_blank(built: dict[str, Built], lang: str) -> None:
    """Examples flow two to a page and a part's chapters run on: before, 19 pages in each
    language ended above their middle (not counting the ends of chapters, nor the legend of
    a blank score sheet, which has the next page to itself); now 1 or 2."""
    pdf = built[lang].pdf
    assert pdf is not None
    assert len(half_blank_pages(pdf, whole_pages=SHEET_PAGE_ID)) <= 4


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_keeps_the_body_out_of_the_running_head_and_foot(built: dict[str, Built], lang: str) -> None:
    """No text runs into the bands of print.css's margin boxes (a field list split over two
    pages was drawn into the running head: its grid is now kept whole)."""
    pdf = built[lang].pdf
    assert pdf is not None
    assert band_intrusions(pdf, *page_margins(PRINT_CSS)) == {}


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_has_no_near_empty_page(built: dict[str, Built], lang: str) -> None:
    """Every page is at least 15 % used, but for the page before one that the book starts anew
    (the first chapter, a score sheet's page, the subject index) and the last: a widowed row,
    bullet or field list left alone on a page was the fault, and then a chapter ending with a
    line or two on a page of its own (issue 61: chapters now run on)."""
    pdf = built[lang].pdf
    assert pdf is not None
    breaks = ["document-intro", "document-subjects", SHEET_PAGE_ID]
    assert sparse_pages(pdf, *page_margins(PRINT_CSS), breaks=breaks) == []


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_prints_no_text_over_other_text(built: dict[str, Built], lang: str) -> None:
    """No glyph over another: a default too wide for its column of a parameter's table, laid
    out at fixed widths, ran into the next column."""
    pdf = built[lang].pdf
    assert pdf is not None
    assert overprinted(pdf) == {}


def test_the_page_checks_find_text_in_the_running_head_and_a_near_empty_page(tmp_path: Path) -> None:
    """The checks above on a small book laid out with the edition's page: a word too wide for
    its column, a paragraph moved up into the running head, and a page of one line that ends
    no chapter."""
    from weasyprint import CSS, HTML

    words = " ".join(["word"] * 60)
    cells = ("<table style='table-layout: fixed; width: 100%'><tr><td style='width: 10%; white-space: nowrap'>"
             "a-default-too-wide-for-its-column</td><td>why</td></tr></table>")
    page = (f"<h1>One</h1><p>one line</p>{cells}<p style='page-break-before: always'>{words * 6}</p>"
            f"<p style='page-break-before: always; position: relative; top: -14mm'>{words}</p>"
            f"<p>{words * 10}</p>")
    pdf = tmp_path / "book.pdf"
    page_rule = re.search(r"@page \{.*?\n\}", PRINT_CSS.read_text(encoding="utf-8"), re.S)
    assert page_rule is not None
    HTML(string=f"<html><body>{page}</body></html>").write_pdf(
        pdf, stylesheets=[CSS(string=page_rule.group(0) + " h1 { string-set: book-title content(text) }")])
    top, bottom = page_margins(PRINT_CSS)
    assert top == bottom == pytest.approx(22 * 72 / 25.4)
    assert list(overprinted(pdf)) == [1]
    assert list(band_intrusions(pdf, top, bottom)) == [3]
    assert fill(pdf, top, bottom)[0] < 0.15 and sparse_pages(pdf, top, bottom) == [1]


def test_what_a_fact_covers_is_whole() -> None:
    """The scope of a check is cut at its first ';' or ':' outside brackets: "take tricks
    (demande: ...)" was cut at the colon inside the brackets."""
    for result in text.facts():
        line = text._covers(result, "en")
        assert line.count("(") == line.count(")"), (result.id, line)
    one = next(r for r in text.facts() if r.id == "hom.count.one-result")
    assert text._covers(one, "en").endswith("(demande: the outcome reads only the contract's nolo flag) "
                                             "and the nolos (pur-nolo).")


@pytest.mark.parametrize("lang", LANGS)
def test_pdf_outline_reaches_every_clause_and_register_entry(built: dict[str, Built], book: Book,
                                                              lang: str) -> None:
    pdf = built[lang].pdf
    assert pdf is not None
    titles = Counter(title for _level, title, _page in outline(pdf))
    assert all(titles[cid] == 1 for cid in book.clauses), [c for c in book.clauses if titles[c] != 1][:5]
    for entry in text.register().entries:
        assert sum(n for t, n in titles.items() if t.startswith(entry.id + " ")) == 1, entry.id


@pytest.mark.parametrize("lang", LANGS)
def test_paired_clauses_share_a_table_row(built: dict[str, Built], book: Book, lang: str) -> None:
    content = pages(built[lang])
    for chapter in CHAPTERS:
        for block in book.blocks(chapter):
            for left, right in block.rows:
                if not (left and right):
                    continue
                page = content[rulebook_page(left[0]).split("#")[0]]
                rows = [r for r in re.findall(r"<tr.*?</tr>", page, re.S) if f'id="{left[0]}"' in r]
                assert len(rows) == 1, left
                assert set(re.findall(r'class="brou-clause[^"]*" id="([^"]+)"', rows[0])) == set(left + right)


# -- failures ----------------------------------------------------------------------------


def test_a_link_to_a_missing_clause_fails_the_build_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "rulebook"
    shutil.copytree(SOURCE, source)
    intro = source / "en" / "intro.rst"
    intro.write_text(intro.read_text(encoding="utf-8") + "\nSee :brou:clause:`hdb.play.no-such-rule`.\n", encoding="utf-8")
    with pytest.raises(BuildFailed) as caught:
        sphinx("en", "html", tmp_path / "out", source)
    message = str(caught.value)
    assert "\n" not in message
    assert "hdb.play.no-such-rule" in message and "intro" in message


def test_a_page_that_leaves_out_a_chapter_fails_the_build(tmp_path: Path) -> None:
    source = tmp_path / "rulebook"
    shutil.copytree(SOURCE, source)
    match = source / "en" / "match.rst"
    match.write_text(match.read_text(encoding="utf-8").replace(".. brou-rules:: match", ""), encoding="utf-8")
    with pytest.raises(BuildFailed, match="leaves out 5 target"):
        sphinx("en", "html", tmp_path / "out", source)


def test_cli_refuses_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "--no-pdf"]) == EXIT_USAGE
    assert "unknown language 'de'" in capsys.readouterr().err


def test_cli_reports_a_failed_build_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    def failing(*args: object, **kwargs: object) -> list[Built]:
        raise BuildFailed("the en rulebook (html) has 1 problem(s); first: x")

    monkeypatch.setattr("brou.book.build.build", failing)
    assert main(["--lang", "en", "--no-pdf", "--out", str(tmp_path)]) == EXIT_FAILED
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("python -m brou.book: ")


def test_coverage_names_the_rulebook_paragraph_of_a_clause(built: dict[str, Built],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """From a clause, `brou coverage --clause` reaches its function and its paragraph in the book."""
    from brou.cli import main as brou

    assert brou(["coverage", "--clause", "brouc.play.overtrump"]) == 0
    out = capsys.readouterr().out
    assert "implemented by: brou.laws.following.overtrump" in out
    page, anchor = re.search(r"rulebook: build/rulebook/<en\|fr>/html/(\S+)#(\S+)", out).groups()  # type: ignore[union-attr]
    for lang in LANGS:
        assert f'id="{anchor}"' in pages(built[lang])[page]
    assert brou(["coverage", "--clause", "brus.talon.draw"]) == 0
    page, anchor = re.search(r"rulebook: build/rulebook/<en\|fr>/html/(\S+)#(\S+)",  # type: ignore[union-attr]
                             capsys.readouterr().out).groups()
    assert page == "brus-drawing.html"
    for lang in LANGS:
        assert f'id="{anchor}"' in pages(built[lang])[page]


# -- the comparative edition's content and the site (issue 21, parts 2 and 5) ----------
# These reuse the one session build (`built`: both languages, HTML and PDF; 202 s on the shared
# machine, 13 minutes while seven builds ran); on their own they read files, about a second.


def test_marriage_tables_give_every_value_as_a_number_under_a_caption(book: Book) -> None:
    """1802's table marriages move 40, 80, 60 and 120 each way; no "+1 times" shorthand is left."""
    for lang in LANGS:
        lines = text.marriages(book, lang)
        tables = [line for line in lines if line.startswith(".. list-table::")]
        assert len(tables) == 3 and all(len(t) > len(".. list-table:: ") for t in tables), tables
        assert not any("\u00d7" in line for line in lines)
        rows = "\n".join(lines).split("   * - ")
        winners = next(r for r in rows if r.startswith("1802") and ("wins the trick" in r or "gagne la levée" in r))
        assert re.findall(r"- (\S+)", winners)[1:] == ["40", "80", "60", "120"]
        others = next(r for r in rows if r.startswith("1802") and ("the other team" in r or "l'autre équipe" in r)
                      and ("On the table" in r or "Sur table" in r))
        assert re.findall(r"- (\S+)", others)[1:] == ["\u221240", "\u221280", "\u221260", "\u2212120"]


@pytest.mark.parametrize("lang", LANGS)
def test_marriage_tables_are_captioned_in_the_book(built: dict[str, Built], lang: str) -> None:
    page = pages(built[lang])["marriages.html"]
    assert page.count("<caption>") >= 3
    assert "+1 \u00d7" not in page and ">120<" in page


def test_no_example_comes_before_the_chapter_of_a_clause_it_cites() -> None:
    """In the order of the toctrees, each example's page is at or after the page of every
    clause its scenario cites (the counting example after rounding, issue 21, part 2)."""
    from brou.book.pictures import load_scenario

    for lang in LANGS:
        index = (SOURCE / lang / "index.rst").read_text(encoding="utf-8")
        order = [line.strip() for block in index.split(".. toctree::")[1:]
                 for line in block.split("\n\n", 2)[1].splitlines() if line.strip()]
        assert order[:3] == ["intro", "table", "deal"], order
        position = {doc: n for n, doc in enumerate(order)}
        shown = 0
        for doc in order:
            for sid in re.findall(r"\.\. brou-example:: (\S+)", (SOURCE / lang / f"{doc}.rst").read_text(encoding="utf-8")):
                shown += 1
                for cid in load_scenario(sid).clauses:
                    page = rulebook_page(cid).split(".html")[0]
                    assert position[page] <= position[doc], f"{lang}: {sid} in {doc} cites {cid} of {page}"
        assert shown >= 10


@pytest.mark.parametrize("lang", LANGS)
def test_appendices_hold_no_code_blocks(built: dict[str, Built], lang: str) -> None:
    """The facts, parameters, scenarios and sources read as tables and text: no z3 log or YAML
    printed as code."""
    content = pages(built[lang])
    for name in ("facts.html", "parameters.html", "scenarios.html", "sources.html", "ambiguities.html",
                 "concordance.html"):
        assert "<pre>" not in content[name] and "highlight-" not in content[name], name
    assert len(re.findall(r'<table class="[^"]*\bfacts\b', content["facts.html"])) == 1
    assert "scenario-steps" in content["scenarios.html"] and "setup:" not in plain(content["scenarios.html"])


@pytest.mark.parametrize("lang", LANGS)
def test_sources_are_cited_by_author_title_and_address(built: dict[str, Built], book: Book, lang: str) -> None:
    content = pages(built[lang])
    sources = plain(content["sources.html"])
    for sid, source in book.sources.items():
        assert source["title"] in sources, sid
        if source.get("url"):
            assert f'href="{html.escape(source["url"])}"' in content["sources.html"], sid
    for name, page in content.items():
        shown = plain(page)
        assert "../shared" not in shown and not re.search(r"\w\.txt\b", shown), name


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_links_to_itself_in_the_other_language_and_to_the_pdf(built: dict[str, Built], lang: str) -> None:
    other = "fr" if lang == "en" else "en"
    site = built[lang].html.parent
    for name, page in pages(built[lang]).items():
        switch = re.findall(r'<a class="brou-language"[^>]*href="([^"]+)"', page)
        assert switch == [f"../../{other}/html/{name}"], name
        assert (site / switch[0]).resolve().exists(), name
        pdf = re.findall(r'<a class="brou-pdf" href="([^"]+)"', page)
        assert pdf == [f"../../rulebook-{lang}.pdf"] and (site / pdf[0]).resolve().exists(), name


def test_the_pdf_has_no_language_switch(built: dict[str, Built]) -> None:
    single = built["en"].html.parent.parent / "singlehtml" / "index.html"
    assert "brou-language" not in single.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_long_identifiers_break_only_after_their_dots(built: dict[str, Built], lang: str) -> None:
    page = pages(built[lang])["play.html"]
    assert '<span class="pre">brouc.</span><wbr><span class="pre">play.</span><wbr>' in page


# -- the reading edition (issue 61) -----------------------------------------------------------

APPARATUS = {"en": ("Engine:", "Scenarios:", "Parameters:", "hand-written", "seed 3"),
             "fr": ("Moteur\u00a0:", "Scénarios\u00a0:", "Paramètres\u00a0:", "écrits à la main", "germe 3")}


def reading_pages(pdf: Path) -> list[str]:
    """The texts of the pages before the implementer's appendices (the index of clauses first)."""
    return page_texts(pdf)[:destinations(pdf)["document-clauses"]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_reading_part_has_no_apparatus(built: dict[str, Built], book: Book, lang: str) -> None:
    """The rules, the register and the reader's appendices print no engine function, scenario
    or parameter lines under the clauses, nor a seed under a figure; the index of clauses holds
    them, one row per clause, which each clause's head links to (and which links back)."""
    pdf = built[lang].pdf
    assert pdf is not None
    found = [(n + 1, word) for n, t in enumerate(reading_pages(pdf)) for word in APPARATUS[lang] if word in t]
    assert not found, found[:10]
    functions = {f for f in book.implemented_by.values() if f}
    assert not [f for t in reading_pages(pdf) for f in functions if f in t]
    content = pages(built[lang])
    play = content["play.html"]
    assert 'class="clause-meta' not in play and 'example-meta' not in play
    assert 'href="clauses.html#trace-brouc.play.overtrump"' in play
    index = content["clauses.html"]
    for cid in book.clauses:
        assert index.count(f'id="trace-{cid}"') == 1, cid
    row = index[index.index('id="trace-brouc.play.overtrump"'):]
    row = row[:row.index("</tr>")]
    assert "brou.laws.following.overtrump" in plain(row) and 'href="play.html#brouc.play.overtrump"' in row


WORDS_OF_THE_INDEX = {"en": ("Index of subjects", ("trump", "marriage", "codille"),
                             ("Académie universelle des jeux", "Diderot, Denis", "Lalanne"),
                             ("Lyon", "L'Etivaz", "Vaud", "Paris")),
                      "fr": ("Index des matières", ("atout", "mariage", "codille"),
                             ("Académie universelle des jeux", "Diderot, Denis", "Lalanne"),
                             ("Lyon", "L'Etivaz", "Vaud", "Paris"))}


@pytest.mark.parametrize("lang", LANGS)
def test_the_pdf_ends_with_a_subject_index_of_terms_people_and_places(built: dict[str, Built], lang: str) -> None:
    """The subject index is the book's last part: terms, people and places, each with the pages
    where the reading part names it, and those pages do name it."""
    from brou.book.subjects import subjects

    pdf = built[lang].pdf
    assert pdf is not None
    texts = page_texts(pdf)
    start = destinations(pdf)["document-subjects"]
    title, terms, people, places = WORDS_OF_THE_INDEX[lang]
    assert title in texts[start]
    index = re.sub(r"\s+", " ", " ".join(texts[start:]))
    forms = {s.heading[lang]: s.forms[lang] for s in subjects()}
    for heading in (*terms, *people, *places):
        either = re.escape(heading).replace("'", "['\u2019]")
        found = re.search(rf"(?<![\w(]){either} ?\u2014 ((?:\d+(?:\u2013\d+)?(?:, )?)+)", index)
        assert found, heading
        first = int(re.split(r"[,\u2013]", found.group(1))[0])
        page = re.sub(r"\s+", " ", texts[first - 1])
        assert forms[heading].search(page), (heading, first)


@pytest.mark.parametrize("lang", LANGS)
def test_a_blank_sheet_has_its_caption_on_its_page(built: dict[str, Built], lang: str) -> None:
    pdf = built[lang].pdf
    assert pdf is not None
    where = destinations(pdf)
    texts = page_texts(pdf)
    caption = {"en": "A blank 1802 marque", "fr": "Une marque de 1802 vierge"}[lang]
    assert caption in re.sub(r"\s+", " ", texts[where[f"{SHEET_PAGE_ID}homme-de-brou-1802"]])

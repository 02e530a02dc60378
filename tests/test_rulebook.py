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

from brou.book import text
from brou.book.build import EXIT_FAILED, EXIT_USAGE, LANGS, SOURCE, BuildFailed, Built, main, sphinx
from brou.book.model import (
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
    rulebook_page,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

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
    ids = ids_by_page(built[lang])["sheets.html"]
    for ruleset in RULESETS:
        assert ids[f"sheet-{ruleset}-empty"] == 1 and ids[f"sheet-{ruleset}-seed-3"] == 1


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
    assert "implemented by: brou.following.overtrump" in out
    page, anchor = re.search(r"rulebook: build/rulebook/<en\|fr>/html/(\S+)#(\S+)", out).groups()  # type: ignore[union-attr]
    for lang in LANGS:
        assert f'id="{anchor}"' in pages(built[lang])[page]
    assert brou(["coverage", "--clause", "brus.talon.draw"]) == 0
    page, anchor = re.search(r"rulebook: build/rulebook/<en\|fr>/html/(\S+)#(\S+)",  # type: ignore[union-attr]
                             capsys.readouterr().out).groups()
    assert page == "brus-drawing.html"
    for lang in LANGS:
        assert f'id="{anchor}"' in pages(built[lang])[page]

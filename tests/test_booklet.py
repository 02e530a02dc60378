"""The players' booklets (issue 21, part 1; brou.book.booklet): every ruleset's booklet built
once here, in both languages, HTML and PDF (one session fixture; its time is printed), then
checked: every clause of the ruleset once, numbered, in the order of play, numbers
consecutive; no engine or scenario lines; the quick start in the booklet's language; the
reference card on a page of its own; every clause id whole in the PDF's text.  Plus the data
files against their schema (a broken one fails in one line naming file and field) and the
statements free of parameter names."""

from __future__ import annotations

import html
import re
import time
from pathlib import Path

import pytest
from pdf_checks import band_intrusions, destinations, page_margins, sparse_pages

from brou.book import booklet
from brou.book.build import LANGS, Built, build
from brou.book.sheets import SHEET_PAGE_ID, sheet_forms, sheet_title
from brou.engine.sheet_blank import empty_sheet_svg, sheet_legend
from brou.errors import SpecError
from brou.spec import available_rulesets
from brou.spec.ambiguities import load_register
from brou.spec.chapters import booklet_chapters, clause_order
from brou.spec.rules import Rules
from helpers import built_once

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

RULESETS = available_rulesets()
RULE = re.compile(r'<div class="booklet-rule[^"]*" id="([^"]+)">\s*<p><span class="rule-number">([0-9.]+)</span>')
TAG = re.compile(r"<[^>]+>")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Built]:
    """Every booklet in both languages, HTML and PDF (its time is printed: pytest -s)."""
    clock = time.perf_counter()
    done = built_once(tmp_path_factory, "booklets", lambda out: build(LANGS, out, with_pdf=True, which=RULESETS))
    print(f"\nbooklets: {len(done)} built (or read from the worker that built them), HTML and PDF, "
          f"in {time.perf_counter() - clock:.1f} s")
    return {(b.book, b.lang): b for b in done}


def page(b: Built, name: str) -> str:
    return (b.html.parent / f"{name}.html").read_text(encoding="utf-8")


def plain(fragment: str) -> str:
    """Text of an HTML fragment, apostrophes and double quotes straightened (smartquotes),
    spaces collapsed."""
    text = html.unescape(TAG.sub(" ", fragment)).replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split())


def pdf_text(b: Built) -> list[str]:
    from pypdf import PdfReader

    assert b.pdf is not None
    return [p.extract_text() or "" for p in PdfReader(b.pdf).pages]


# -- the data files -----------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_has_a_booklet_file_that_checks(ruleset: str) -> None:
    data = booklet.load_booklet(ruleset).data
    assert data["ruleset"] == ruleset and data["quick_start"] and data["irregularities"]


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "booklets"
    folder.mkdir()
    text = booklet.booklet_file("brouc").read_text(encoding="utf-8")
    assert old in text
    (folder / "brouc.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_a_broken_field_is_one_line_naming_file_and_field(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "deal_seed: 109", "deal_seed: three")
    with pytest.raises(SpecError) as caught:
        booklet.load_booklet("brouc", folder)
    message = str(caught.value)
    assert "\n" not in message and "brouc.yaml" in message and "deal_seed" in message


def test_a_missing_field_is_named(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "subtitle:", "sub_title:")
    with pytest.raises(SpecError, match=r"brouc\.yaml:\d+: at (subtitle|sub_title)"):
        booklet.load_booklet("brouc", folder)


def test_an_irregularity_citing_no_clause_of_the_ruleset_is_named(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "clauses: [brouc.game.dehors, ", "clauses: [hom.play.follow, ")
    with pytest.raises(SpecError, match=r"at irregularities\[\d+\]\.clauses\[0\] no clause 'hom\.play\.follow'"):
        booklet.load_booklet("brouc", folder)


def test_a_card_step_citing_no_clause_of_the_ruleset_is_named(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "clauses: [brouc.deal.packets, ", "clauses: [hom.deal.packets, ")
    with pytest.raises(SpecError, match=r"at card_steps\[0\]\.clauses\[0\] no clause 'hom\.deal\.packets'"):
        booklet.load_booklet("brouc", folder)


def _names_a_parameter(statement: str, parameters: dict[str, object]) -> list[str]:
    """The parameters a statement names: a name with an underscore, or a name set to one of
    its options ("following set to brouc", "table_marking à players"), or the word parameter."""
    found = [p for p in parameters if "_" in p and re.search(rf"\b{p}\b", statement)]
    for name, entry in parameters.items():
        for option in (entry or {}).get("options", []) if isinstance(entry, dict) else []:
            if re.search(rf"\b{re.escape(name)}\b\W+(set to |à |= )?{re.escape(str(option))}\b", statement):
                found.append(name)
    if re.search(r"\bparam(eter|ètre)", statement, re.I):
        found.append("parameter")
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_booklet_statement_names_a_parameter(ruleset: str) -> None:
    rules = Rules.load(ruleset)
    parameters = rules.data["parameters"]
    wrong = {f"{cid} ({lang}): {names}" for cid, clause in rules.data["clauses"].items() for lang in LANGS
             if (names := _names_a_parameter(clause[lang], parameters))}
    assert not wrong


def test_the_parameter_check_finds_the_variants() -> None:
    """The check above can fail: the sentences moved to `variants` are what it catches."""
    rules = Rules.load("homme-de-brou-1802")
    variants = rules.data["clauses"]["hdb.play.void-free"]["variants"]
    assert _names_a_parameter(variants["en"], rules.data["parameters"]) == ["following"]
    assert _names_a_parameter(variants["fr"], rules.data["parameters"]) == ["following"]


def test_a_replacing_clause_stands_where_the_replaced_one_stood() -> None:
    order = clause_order(Rules.load("brouc"))
    assert order.index("brouc.deal.packets") < order.index("hdb.deal.cut")
    assert order.index("hdb.play.lead") < order.index("brouc.play.follow") < order.index("brouc.play.overtrump") \
        < order.index("hdb.play.trick-winner")


# -- the booklets as built -------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_clause_once_numbered_in_the_order_of_play(built: dict[tuple[str, str], Built], ruleset: str,
                                                         lang: str) -> None:
    rules = Rules.load(ruleset)
    found = RULE.findall(page(built[ruleset, lang], "rules"))
    ids = [cid for cid, _ in found]
    assert sorted(ids) == sorted(rules.data["clauses"])  # each once, none else
    titled = booklet.load_booklet(ruleset).data["chapters"]
    assert ids == [cid for _, chapter in booklet_chapters(rules, titled) for cid in chapter]
    chapter_of = {cid: c for c, (_, chapter) in enumerate(booklet_chapters(rules, titled), 1) for cid in chapter}
    expected, previous = [], (0, 0)
    for cid in ids:
        c = chapter_of[cid]
        previous = (c, previous[1] + 1 if c == previous[0] else 1)
        expected.append(f"{previous[0]}.{previous[1]}")
    assert [n for _, n in found] == expected


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_engine_or_scenario_lines(built: dict[tuple[str, str], Built], ruleset: str, lang: str) -> None:
    text = plain(page(built[ruleset, lang], "rules"))
    for word in ("Engine:", "Scenarios:", "Sources:", "Moteur", "Scénarios", "Parameters:", "Paramètres"):
        assert word not in text


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_quick_start_is_there_in_the_language(built: dict[tuple[str, str], Built], ruleset: str,
                                                  lang: str) -> None:
    text = plain(page(built[ruleset, lang], "index"))
    other = "fr" if lang == "en" else "en"
    for item in booklet.load_booklet(ruleset).data["quick_start"]:
        assert plain(html.escape(item["text"][lang]))[:60] in text
        assert plain(html.escape(item["text"][other]))[:60] not in text


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_reference_card_is_on_a_page_of_its_own(built: dict[tuple[str, str], Built], ruleset: str,
                                                    lang: str) -> None:
    b = built[ruleset, lang]
    assert b.pdf is not None
    where = destinations(b.pdf)
    start, end, deal = where["document-card"], where[booklet.CARD_END], where["document-deal"]
    assert start == end and deal == start + 1


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_title_and_quick_start_fill_the_first_page_and_the_rules_follow(
        built: dict[tuple[str, str], Built], ruleset: str, lang: str) -> None:
    b = built[ruleset, lang]
    assert b.pdf is not None
    assert destinations(b.pdf)["document-rules"] == 1  # 0-based: the second page
    first = pdf_text(b)[0].replace("\u2019", "'")
    last_item = booklet.load_booklet(ruleset).data["quick_start"][-1]["text"][lang]
    assert " ".join(last_item.replace("\u2019", "'").split()[-4:]) in " ".join(first.split())


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_table_copy_stays_short(built: dict[tuple[str, str], Built], ruleset: str, lang: str) -> None:
    """Eight A4 pages as in issue 36, plus a page for "Before you play" and one for each sheet
    after the first (a sheet for every number of players, issue 61)."""
    assert 0 < built[ruleset, lang].pages <= 8 + 1 + len(sheet_forms(Rules.load(ruleset))) - 1


# what a players' copy never prints: the spec's and the engine's apparatus, players by number, the
# sampling player's words (issue 61: "the card that did best over the hands he imagined")
IMPLEMENTERS = re.compile(
    r"imagin|over the hands|sampl|\bworlds?\b|échantillon|"
    r"\b(?:hdb|brouc|brus|auv|hom)\.[a-z]|\bAMB-?\d|\b(?:engine|bots?|greedy|seeds?|scenarios?|clauses?|register|"
    r"parameters?|default reading|implementations?|protocol|moteur|germes?|scénarios?|registre|paramètres?|"
    r"implémentations?|protocole|lecture par défaut)\b|\b(?:players?|joueurs?) \d(?![.\d])", re.I)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_players_copy_prints_nothing_for_implementers(built: dict[tuple[str, str], Built], ruleset: str,
                                                          lang: str) -> None:
    found = [(n, m.group(0)) for n, text in enumerate(pdf_text(built[ruleset, lang]), 1)
             for m in IMPLEMENTERS.finditer(" ".join(text.split()))]
    assert not found, f"page and word: {found[:8]}"


def test_the_implementers_pattern_finds_what_it_is_for() -> None:
    for text in ("brouc.play.follow", "AMB-05", "the engine's greedy bots", "seed 181", "Player 0 leads",
                 "le joueur 2", "un germe", "scénario", "the default reading",
                 "the card that did best over the hands he imagined", "les mains qu'il a imaginées", "12 worlds"):
        assert IMPLEMENTERS.search(text), text
    for text in ("South leads", "the dealer's right", "Ouest entame", "the players' hands", "a seedless grape"):
        assert not IMPLEMENTERS.search(text), text


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_page_is_blank_and_the_blank_sheet_ends_the_booklet(built: dict[tuple[str, str], Built], ruleset: str,
                                                               lang: str) -> None:
    b = built[ruleset, lang]
    assert b.pdf is not None
    texts = pdf_text(b)
    # a page with nothing but its running head (the game, the part) and its number
    blank = [n + 1 for n, t in enumerate(texts) if len(re.sub(r"[\s\d]", "", t)) < 60]
    assert not blank
    # the last pages are the sheets, one for each number of players, each with its title drawn
    # on it and the notes of its call-outs under it
    forms = sheet_forms(Rules.load(ruleset))
    where = destinations(b.pdf)
    assert where[f"{SHEET_PAGE_ID}{ruleset}"] == len(texts) - len(forms)
    for n, form in enumerate(forms):
        if n:
            assert where[f"{SHEET_PAGE_ID}{ruleset}-{form.params['form']}"] == len(texts) - len(forms) + n
        text = " ".join(texts[len(texts) - len(forms) + n].split())
        assert sheet_title(form, lang).lower().replace("'", "\u2019") in text.lower()
        first_note = sheet_legend(form, lang)[0].replace("'", "\u2019")
        assert " ".join(first_note.split()[:6]) in text


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_open_point_is_pointed_to_under_its_first_rule(
        built: dict[tuple[str, str], Built], ruleset: str, lang: str) -> None:
    """Under the rule that first leaves a point open, its number in the list "Agree before you
    play"; the point itself is said there only, once."""
    rules, data = Rules.load(ruleset), booklet.load_booklet(ruleset)
    source = page(built[ruleset, lang], "rules")
    blocks = dict(re.findall(r'<div class="booklet-rule[^"]*" id="([^"]+)">(.*?)</div>', source, re.S))
    points = booklet.agree_points(data, rules, lang)
    pointers = {cid: [int(n) for n in re.findall(r"\d+", re.search(
                    r"(?:nos?\.|n\u1d52\u02e2?)\s([\d, andet]+) ", plain(block)).group(1))]  # type: ignore[union-attr]
                for cid, block in blocks.items() if "rule-open" in block}
    assert pointers == {cid: [n for n, item in enumerate(points, 1) if item.cid == cid]
                        for cid in {item.cid for item in points if item.cid}}
    for item in points:  # the point is not repeated under the rules
        assert plain(item.point)[:40] not in plain(source)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_list_agree_before_you_play_is_the_registers(built: dict[tuple[str, str], Built], ruleset: str,
                                                         lang: str) -> None:
    """One numbered list gathers the open points: every entry of spec/ambiguities.yaml for the
    game (a default for the ruleset) that the booklet does not keep quiet, each with the reading
    this copy plays and, each in its own item, the others."""
    rules, data = Rules.load(ruleset), booklet.load_booklet(ruleset)
    register = load_register()
    expected = [e.id for e in register.entries if ruleset in e.defaults
                and "quiet" not in data.data["open_points"][e.id]]
    source = page(built[ruleset, lang], "table")
    listed = re.search(r'<div class="agree-list[^"]*">\s*<ol[^>]*>(.*)</ol>\s*</div>', source, re.S)
    assert listed
    items = top_items(listed.group(1))
    assert len(items) == len(expected)
    texts = [plain(item) for item in items]
    for amb in expected:
        item = data.data["open_points"][amb]
        played = booklet.option_in_force(register.entry(amb), rules)
        point = plain(html.escape(item["point"][lang]))[:50]
        found = [t for t in texts if point in t]
        assert len(found) == 1, amb
        assert plain(html.escape(item["readings"][played][lang]))[1:40] in found[0]
        for name, reading in item["readings"].items():
            assert plain(html.escape(reading[lang]))[1:40] in found[0], (amb, name)
    for block in items:  # two or more other readings: one list item each, never run together
        assert len(re.findall(r"<li>", block)) != 1


def top_items(fragment: str) -> list[str]:
    """The items of a list's HTML (`fragment`, what is inside its <ol>), nested lists kept
    inside their item."""
    items, depth, start = [], 0, 0
    for tag in re.finditer(r"<(/?)li\b[^>]*>", fragment):
        if not tag.group(1):
            if depth == 0:
                start = tag.end()
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                items.append(fragment[start:tag.start()])
    return items


TERMS = {
    "brouc": {"en": ["coche", "dehors", "la cape", "marriage", "30 et 1"], "fr": ["coche", "dehors", "la cape", "mariage"]},
    "homme-de-brou-1802": {"en": ["coup", "partie", "vole", "marque", "marriage"], "fr": ["coup", "partie", "vole", "marque"]},
    "brusquembille-1718": {"en": ["brusquembille", "stock", "pool", "fiche", "jeton", "round"],
                           "fr": ["brusquembille", "talon", "enjeu", "fiche", "jeton", "tour", "cave"]},
    "homme-d-auvergne": {"en": ["homme", "réjouissance", "talon", "deal"], "fr": ["homme", "réjouissance", "talon", "coup"]},
    "hombre": {"en": ["coup", "remise", "codille", "matadors", "hombre", "tiers", "vole"],
               "fr": ["coup", "remise", "codille", "matadors", "hombre", "tiers", "vole"]},
}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_words_of_the_game_are_defined(built: dict[tuple[str, str], Built], ruleset: str, lang: str) -> None:
    """A short list of terms (issue 61: "coup" was never defined in the English L'Hombre), and
    the equipment and who settles a question, in the part before play."""
    source = page(built[ruleset, lang], "table")
    terms = re.search(r'<div class="table-terms[^"]*">(.*?)</div>', source, re.S)
    assert terms
    defined = [plain(t) for t in re.findall(r"<strong>(.*?)</strong>", terms.group(1), re.S)]
    for word in TERMS[ruleset][lang]:
        assert any(word.lower() in d.lower() for d in defined), word
    text = plain(source)
    data = booklet.load_booklet(ruleset).data
    assert plain(html.escape(data["authority"][lang]))[:60] in text
    for item in data["equipment"]:
        assert plain(html.escape(item["text"][lang]))[:60] in text


@pytest.mark.parametrize("lang", LANGS)
def test_hombre_says_which_hand_for_which_bid(built: dict[tuple[str, str], Built], lang: str) -> None:
    text = plain(page(built["hombre", lang], "table"))
    assert ("Which hand for which bid" if lang == "en" else "Quel jeu pour quelle enchère") in text
    assert ("A guide, not a rule." if lang == "en" else "Un guide, non une règle.") in text.replace("\u00a0", " ")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_first_page_carries_no_software_stamp(built: dict[tuple[str, str], Built], ruleset: str,
                                                  lang: str) -> None:
    from brou import __version__

    first = " ".join(pdf_text(built[ruleset, lang])[0].split())
    for stamp in ("Specification", "Spécification", f"Brou {__version__}", __version__):
        assert stamp not in first


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_page_holds_a_few_lines_spilled_from_the_page_before(built: dict[tuple[str, str], Built], ruleset: str,
                                                                lang: str) -> None:
    """A table copy has no page nearly empty (issue 61): every page, its running head and foot
    aside, holds at least a short paragraph's worth of text; the line that dates the rules is
    in the foot of the page, where it cannot spill onto a page of its own."""
    edition = "This copy gives the rules" if lang == "en" else "Ce livret donne les règles"
    pages = pdf_text(built[ruleset, lang])
    heads = {line for text in pages[1:] for line in text.splitlines()[-2:]}  # the running head and foot lines
    thin = [(n, len(body)) for n, text in enumerate(pages, 1)
            if len(body := " ".join(line for line in text.splitlines() if line not in heads and edition not in line)) < 300]
    assert not thin
    assert any(edition in text for text in pages)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_straight_apostrophe_on_any_page(built: dict[tuple[str, str], Built], ruleset: str, lang: str) -> None:
    """The score sheets, the flowcharts and the table plan are SVG and raw HTML, which no smart
    quotes reach: they set the typographic apostrophe themselves, so no page has a straight one."""
    found = [(n, text[max(0, text.index("'") - 20):text.index("'") + 20])
             for n, text in enumerate(pdf_text(built[ruleset, lang]), 1) if "'" in text]
    assert not found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_french_ordinals_are_raised(built: dict[tuple[str, str], Built], ruleset: str) -> None:
    """5\u1d49, 1\u02b3\u1d49: never "5e" or "1re" on the line (issue 61)."""
    found = [(n, m.group(0)) for n, text in enumerate(pdf_text(built[ruleset, "fr"]), 1)
             for m in re.finditer(r"\b\d+(?:e|re|er|ème)\b", text)]
    assert not found


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_sheet_for_every_number_of_players(ruleset: str, lang: str) -> None:
    """Brusquembille from two to five (four alone or in pairs), L'Homme d'Auvergne from two to
    five, L'Hombre for three and for four at the table (40 coups); 1802 and Brouc, four."""
    forms = sheet_forms(Rules.load(ruleset))
    counts = sorted(f.table_size for f in forms)
    expected = {"brusquembille-1718": [2, 3, 4, 4, 5], "homme-d-auvergne": [2, 3, 4, 5], "hombre": [3, 4]}
    assert counts == expected.get(ruleset, [4])
    for form in forms if len(forms) > 1 else ():  # the marque and the slate name no player count
        svg = empty_sheet_svg(form, lang)
        assert (f"{form.table_size} players" if lang == "en" else f"{form.table_size} joueurs") in svg \
            or (f"{form.table_size} at the table" if lang == "en" else f"{form.table_size} à la table") in svg


def test_the_irregularities_cite_rules_by_number_or_mark_the_suggestion(built: dict[tuple[str, str], Built]) -> None:
    source = page(built["brouc", "fr"], "rules")
    assert re.search(r'href="#brouc\.game\.dehors-wrong"[^>]*>8\.4</a>', source)
    text = plain(source)
    assert "Usage conseillé, non une règle :" in text


BOOKLET_PRINT_CSS = Path(booklet.__file__).resolve().parents[3] / "docs" / "booklet" / "_static" / "print.css"


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_text_runs_into_the_running_head_or_the_page_number(built: dict[tuple[str, str], Built], ruleset: str,
                                                               lang: str) -> None:
    pdf = built[ruleset, lang].pdf
    assert pdf is not None
    assert band_intrusions(pdf, *page_margins(BOOKLET_PRINT_CSS)) == {}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_page_is_under_a_sixth_full_but_a_parts_last(built: dict[tuple[str, str], Built], ruleset: str,
                                                         lang: str) -> None:
    """The quick start, the rules, the card, the deal and the sheet: a part's last page may be
    short, no other (pdf_checks.sparse_pages, at 15 %)."""
    pdf = built[ruleset, lang].pdf
    assert pdf is not None
    assert sparse_pages(pdf, *page_margins(BOOKLET_PRINT_CSS)) == []


def test_the_work_folder_holds_the_written_pages(built: dict[tuple[str, str], Built]) -> None:
    b = built["hombre", "fr"]
    src = b.html.parent.parent / "booklet-hombre.work" / "src"
    assert sorted(p.stem for p in src.glob("*.rst")) == sorted(("index", *booklet.DOCS))


# -- the command line ---------------------------------------------------------------------------


def test_book_option_names_the_edition_rulesets_or_all_booklets() -> None:
    from brou.book.build import _books

    assert _books("edition,brouc") == ["edition", "brouc"]
    assert _books("booklets") == RULESETS


def test_an_unknown_book_is_bad_usage_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from brou.book.build import EXIT_USAGE, main

    assert main(["--book", "nope", "--no-pdf"]) == EXIT_USAGE
    err = capsys.readouterr().err.strip().splitlines()
    assert err and "unknown book 'nope'" in err[-1]


def test_the_html_title_page_links_to_the_pdf(built: dict[tuple[str, str], Built]) -> None:
    b = built["hombre", "fr"]
    link = re.search(r'<p class="booklet-pdf"><a [^>]*href="([^"]+)"', page(b, "index"))
    assert link and b.pdf is not None and (b.html.parent / link.group(1)).resolve() == b.pdf.resolve()

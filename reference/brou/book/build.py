"""Build the rulebook: HTML and PDF, in English and French (make rulebook).

    python -m brou.book                       # both languages, HTML and PDF, into build/rulebook/
    python -m brou.book --lang fr --no-pdf    # the French HTML only
    python -m brou.book --png 1,7,20          # also render those PDF pages as PNG, to look at
    python -m brou.book --book brouc,hombre   # only these players' booklets (`edition`: the comparative edition)
    python -m brou.book --jobs 1              # one book at a time (default: one per core)

The books: the comparative edition and a players' booklet per ruleset (brou.book.booklet).
Each language of the edition is a Sphinx build of docs/rulebook/<lang>/ with
docs/rulebook/conf.py, with warnings as errors: the HTML site (`html`), then one single page
(`singlehtml`) that WeasyPrint lays out as an A4 book with docs/rulebook/_static/print.css.
Out: build/rulebook/<lang>/html/index.html and build/rulebook/rulebook-<lang>.pdf.  A
booklet is built the same way from pages it writes (into build/rulebook/<lang>/booklet-<ruleset>.work/)
with docs/booklet/conf.py and docs/booklet/_static/print.css: build/rulebook/<lang>/booklet-<ruleset>/index.html
and build/rulebook/booklet-<ruleset>-<lang>.pdf.

Exit status: 0 built; 1 the build found a problem (the first one in one line, all of them
in build/rulebook/<lang>/warnings.txt); 2 bad usage.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import os
import re
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import subjects

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "docs" / "rulebook"
OUT = ROOT / "build" / "rulebook"
BOOKLET_SOURCE = ROOT / "docs" / "booklet"
LANGS = ("en", "fr")
EDITION = "edition"  # the comparative edition; any other book is a ruleset's players' booklet
ALL_PAGES = (0,)  # --png all: every page of each PDF

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class BuildFailed(Exception):
    """A build step found a problem; the message is one line."""


@dataclass
class Built:
    lang: str
    html: Path
    book: str = EDITION
    pdf: Path | None = None
    pages: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    pngs: list[Path] = field(default_factory=list)


def sphinx(lang: str, builder: str, out: Path, source: Path = SOURCE, fresh: bool = True, *,
           pages: Path | None = None, target: Path | None = None, work: Path | None = None,
           name: str = "rulebook", define: Mapping[str, str] | None = None) -> Path:
    """One Sphinx build of `lang`, warnings as errors; the output folder.  BuildFailed names
    the first warning and where all of them are written.  `fresh` reads every page again:
    what the pages show comes from the spec, the corpus and the engine, which Sphinx does
    not watch, so a saved environment is only reused right after it was made.  The pages are
    `source/lang` and the output `out/lang/builder`, with the doctrees and warnings in
    `out/lang`, unless `pages`, `target` and `work` say otherwise (a booklet); `define` sets
    configuration values (-D)."""
    from sphinx.cmd.build import build_main

    target = target or out / lang / builder
    work = work or out / lang
    warnings = work / "warnings.txt"
    warnings.parent.mkdir(parents=True, exist_ok=True)
    defines = [x for key, value in (define or {}).items() for x in ("-D", f"{key}={value}")]
    argv = ["-b", builder, "-c", str(source), "-D", f"language={lang}", *defines, "-d", str(work / "doctrees"),
            "-q", "-W", "--keep-going", "-w", str(warnings), *(["-E"] if fresh else []), str(pages or source / lang),
            str(target)]
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        status = build_main(argv)
    if status != 0:
        lines = [line for line in warnings.read_text(encoding="utf-8").splitlines() if line.strip()] if warnings.exists() else []
        lines = lines or [line for line in stderr.getvalue().splitlines() if line.strip()]
        first = lines[0] if lines else f"sphinx-build exited with {status}"
        raise BuildFailed(f"the {lang} {name} ({builder}) has {max(len(lines), 1)} problem(s); first: {first} "
                          f"(all in {warnings})")
    return target


_CAPTION = re.compile(r'<p class="caption"[^>]*><span class="caption-text">(.*?)</span></p>', re.S)
_CHAPTER = re.compile(r'<li class="toctree-l1"><a class="reference internal" href="([^"#]+)\.html">(.*?)</a>', re.S)
_TAG = re.compile(r"<[^>]+>")


def contents(html_index: str, title: str) -> str:
    """The contents page of the PDF: the toctrees of the HTML site's index (their captions
    and chapters, in order), linked to the chapters of the single page, whose page
    numbers print.css adds."""
    out = [f'<nav class="book-contents"><p class="contents-title">{title}</p>']
    for wrapper in html_index.split('<div class="toctree-wrapper compound">')[1:]:
        block = wrapper.split("</div>", 1)[0]  # the toctree only, not the page after it
        caption = _CAPTION.search(block)
        if caption:
            out.append(f'<p class="contents-part">{caption.group(1)}</p>')
        out.append("<ul>")
        for doc, label in _CHAPTER.findall(block):
            out.append(f'<li><a href="#document-{doc}">{_TAG.sub("", label).strip()}</a></li>')
        out.append("</ul>")
    return "".join(out) + "</nav>"


def with_contents(single_html: str, nav: str) -> str:
    """The single page with the contents put before its first chapter."""
    at = single_html.find('<div class="toctree-wrapper compound">')
    if at < 0:
        raise BuildFailed("the single-page rulebook has no chapters (no toctree found)")
    return single_html[:at] + nav + single_html[at:]


_CODE = re.compile(r'<span class="pre">([^<]+)</span>')
_PRE = re.compile(r"(<pre[^>]*>)(.*?)(</pre>)", re.S)
_HYPHENATED = re.compile(r"[\w.]+(?:-[\w.]+)+")
_REGISTER_ID = re.compile(r"\bAMB-\d+\b|(?<![\w.-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w-])"
                          r"|(?<![\w.-])(?:hdb|brouc|brus|auv|hom)(?:\.[\w-]+)+")  # and a clause id in prose
_DOTTED = re.compile(r"(?<![\w.-])\w[\w-]*(?:[./]\w[\w-]*)+")  # a site, a file, a dotted name in prose
_NOT_TEXT = re.compile(r"(<(style|script|svg)\b.*?</\2>)", re.S)
_BREAK_AFTER = re.compile(r"(?<=[._])(?=[^._])")
_OTHER_BREAK = re.compile(r"[^\w.]")  # a piece where a line could break but for nowrap: "void-free"
ZWSP = "\u200b"  # a line may break here; Pango draws nothing for it, so the PDF's text has no trace of it


def unbreakable(page: str) -> str:
    """The single page made ready for print so that no identifier is hyphenated or broken
    inside a word (issue 21, part 2): in every piece of code (`<span class="pre">`, the clause
    ids, scenario ids, parameters and functions) a zero-width space follows each dot and
    underscore (its span then `segmented`, which print.css lets break there), and a part
    with a hyphen between two of them is kept whole (`nobr`): a line may break after a dot
    or an underscore and nowhere else, and the PDF's text gets no character (Pango draws
    nothing for the zero-width space; before, each part was an inline block, which took a
    fifth of WeasyPrint's time); in code blocks a word with hyphens is kept on one line (`nobr`), and so is
    a register id (`AMB-05`), a parameter (`sevens_removed`) or a clause id anywhere in the prose; a
    dotted word of the prose (`salondesjeux.fr`) is not hyphenated (`nohyph`).  What is not
    text of the page is left as it is: a `<style>` (the reference card's), a `<script>`, an
    inline `<svg>` picture."""

    def segments(match: re.Match[str]) -> str:
        pieces = _BREAK_AFTER.split(match.group(1))
        if len(pieces) == 1:
            return match.group(0)
        return '<span class="pre segmented">' + ZWSP.join(
            f'<span class="nobr">{x}</span>' if _OTHER_BREAK.search(x) else x for x in pieces) + "</span>"

    def nobr(text: str, pattern: re.Pattern[str], klass: str = "nobr") -> str:
        """`pattern` wrapped in a span of class `klass`, in the text between the tags of `text`."""
        return re.sub(r"(?<=>)[^<]+", lambda t: pattern.sub(lambda m: f'<span class="{klass}">{m.group(0)}</span>',
                                                                    t.group(0)), text)

    def pre(match: re.Match[str]) -> str:
        return match.group(1) + nobr(match.group(2), _HYPHENATED) + match.group(3)

    def text(part: str) -> str:
        return _PRE.sub(pre, nobr(nobr(_CODE.sub(segments, part), _REGISTER_ID), _DOTTED, "nohyph"))

    start = page.index(">", page.index("<body")) + 1
    parts = _NOT_TEXT.split(page[start:])  # text, then (a whole element not to touch, its tag, text) ...
    body = [text(parts[0])]
    for n in range(1, len(parts), 3):
        body += [parts[n], text(parts[n + 2])]
    return page[:start] + "".join(body)


def pdf(lang: str, single: Path, html: Path, out: Path, source: Path = SOURCE, target: Path | None = None
        ) -> tuple[Path, int]:
    """The single-page HTML, with a contents page, identifiers made unbreakable
    (`unbreakable`) and the spaces before emphasis moved inside it (linebreaks.glue_spaces),
    laid out by WeasyPrint as an A4 book, into `target` (default out/rulebook-<lang>.pdf);
    (the PDF, its page count).  BuildFailed if WeasyPrint logs an error or a line ends too
    early (linebreaks.early_breaks)."""
    from weasyprint import CSS, HTML

    from .linebreaks import early_breaks, glue_spaces
    from .text import words

    target = target or out / f"rulebook-{lang}.pdf"
    page = glue_spaces(unbreakable(with_contents(
        (single / "index.html").read_text(encoding="utf-8"),
        contents((html / "index.html").read_text(encoding="utf-8"), words(lang)["contents"]))))
    problems: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            problems.append(record.getMessage())

    log = logging.getLogger("weasyprint")
    handler = Collect(level=logging.ERROR)
    log.addHandler(handler)
    stylesheets = [CSS(filename=str(source / "_static" / "print.css"))]
    try:
        document = HTML(string=page, base_url=str(single / "index.html")).render(stylesheets=stylesheets)
        document = with_subject_index(document, page, lang, stylesheets)
        document.write_pdf(str(target))
    finally:
        log.removeHandler(handler)
    if problems:
        raise BuildFailed(f"{target.name} has {len(problems)} layout error(s); first: {problems[0]}")
    early = early_breaks(document)
    if early:
        raise BuildFailed(f"{target.name} has {len(early)} line(s) ended too early (brou.book.linebreaks); "
                          f"first: {early[0]}")
    return target, len(document.pages)


_SUBJECT_HEAD = re.compile(rf'<span id="document-{subjects.DOC}"></span>.*?(?=<div class="{subjects.PLACEHOLDER}\b)', re.S)
_BOOK_TITLE = re.compile(r"<h1>(.*?)<a", re.S)


def with_subject_index(document: Any, page: str, lang: str, stylesheets: list[Any]) -> Any:
    """The document with its subject index (brou.book.subjects): the entries found on the
    pages of the reading part (up to the implementer's appendices), with their pages, laid
    out on their own from the page where the index's heading stands, and put in place of the
    book's pages from there.  A book without the index is returned as it is."""
    from weasyprint import CSS, HTML

    where = {name: n for n, p in enumerate(document.pages) for name in p.anchors}
    start = where.get(f"document-{subjects.DOC}")
    head = _SUBJECT_HEAD.search(page)
    if start is None or head is None:
        return document
    end = min([where[f"document-{d}"] for d in subjects.APPARATUS_DOCS if f"document-{d}" in where] + [start])
    texts = dict(enumerate(subjects.page_texts(document), 1))
    found = subjects.found_in({n: t for n, t in texts.items() if n <= end}, lang)
    title = _BOOK_TITLE.search(page)
    book_title = _TAG.sub("", title.group(1)).strip().replace('"', "'") if title else ""
    numbering = CSS(string=f'@page:first {{ counter-reset: page {start + 1}; @top-left {{ content: "{book_title}" }} '
                           '@top-right { content: string(chapter) } @bottom-center { content: counter(page) } } '
                           f'@page {{ @top-left {{ content: "{book_title}" }} }}')
    body = f'<html lang="{lang}"><body><div class="body">{head.group(0)}{subjects.index_html(found, lang)}</div></body></html>'
    index = HTML(string=body).render(stylesheets=[*stylesheets, numbering])
    return document.copy(document.pages[:start] + index.pages)


def pngs(pdf_file: Path, pages: Sequence[int], out: Path, scale: float = 1.4) -> list[Path]:
    """Render the given pages (1-based; ALL_PAGES: every page) of a PDF as PNG files beside it."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf_file))
    written = []
    try:
        for number in range(1, len(document) + 1) if 0 in pages else pages:
            if not 1 <= number <= len(document):
                raise BuildFailed(f"{pdf_file.name} has {len(document)} pages, no page {number}")
            image = document[number - 1].render(scale=scale).to_pil()
            path = out / f"{pdf_file.stem}-p{number:03d}.png"
            image.save(path)
            written.append(path)
    finally:
        document.close()
    return written


def booklet(ruleset: str, lang: str, out: Path = OUT, with_pdf: bool = True, png_pages: Sequence[int] = (),
            source: Path = BOOKLET_SOURCE) -> Built:
    """Build the players' booklet of `ruleset` in `lang` (brou.book.booklet): its pages written
    into out/<lang>/booklet-<ruleset>.work/src, the HTML site out/<lang>/booklet-<ruleset>/, then
    (with_pdf) out/booklet-<ruleset>-<lang>.pdf and any PNG pages."""
    from ..errors import SpecError
    from .booklet import booklet_title, pdf_name, write_pages

    clock = time.perf_counter()
    work = out / lang / f"booklet-{ruleset}.work"
    try:
        src = write_pages(ruleset, lang, work / "src")
        title = booklet_title(ruleset, lang)
    except SpecError as exc:
        raise BuildFailed(f"the {ruleset} booklet: {exc}") from None
    name, define = f"booklet {ruleset}", {"html_title": title, "project": title}
    html = sphinx(lang, "html", out, source, pages=src, target=out / lang / f"booklet-{ruleset}", work=work,
                  name=name, define=define)
    built = Built(lang, html / "index.html", book=ruleset, seconds={"html": time.perf_counter() - clock})
    if with_pdf:
        clock = time.perf_counter()
        single = sphinx(lang, "singlehtml", out, source, fresh=False, pages=src, target=work / "singlehtml", work=work,
                        name=name, define=define)
        built.pdf, built.pages = pdf(lang, single, html, out, source, target=out / pdf_name(ruleset, lang))
        built.seconds["pdf"] = time.perf_counter() - clock
        if png_pages:
            built.pngs = pngs(built.pdf, png_pages, out)
    return built


def books() -> list[str]:
    """Every book: the comparative edition, then a booklet for each ruleset of the spec."""
    from ..spec import available_rulesets

    return [EDITION, *available_rulesets()]


def edition(lang: str, out: Path = OUT, with_pdf: bool = True, png_pages: Sequence[int] = (),
            source: Path = SOURCE, booklets: Sequence[str] = ()) -> Built:
    """Build the comparative edition in `lang`: the HTML site, then (with_pdf) the PDF and any
    PNG pages.  Its first page links the players' booklets of `booklets` (built in the same
    run) and any already beside it."""
    define = {"brou_booklets": ",".join(booklets)} if booklets else None
    clock = time.perf_counter()
    html = sphinx(lang, "html", out, source, define=define)
    built = Built(lang, html / "index.html", seconds={"html": time.perf_counter() - clock})
    if with_pdf:
        clock = time.perf_counter()
        single = sphinx(lang, "singlehtml", out, source, fresh=False, define=define)
        built.pdf, built.pages = pdf(lang, single, html, out, source)
        built.seconds["pdf"] = time.perf_counter() - clock
        if png_pages:
            built.pngs = pngs(built.pdf, png_pages, out)
    return built


def _booklets(rulesets: Sequence[str], lang: str, out: Path, with_pdf: bool, png_pages: Sequence[int]) -> list[Built]:
    """The booklets of `rulesets` in `lang`, one after another in one process: the engine,
    Sphinx and WeasyPrint are loaded once for them all."""
    return [booklet(ruleset, lang, out, with_pdf, png_pages) for ruleset in rulesets]


def build(langs: Sequence[str] = LANGS, out: Path = OUT, with_pdf: bool = True, png_pages: Sequence[int] = (),
          source: Path = SOURCE, which: Sequence[str] = (EDITION,), jobs: int | None = None) -> list[Built]:
    """Build each book of `which` (EDITION, or a ruleset id for its booklet) in each language:
    HTML, then (with_pdf) the PDF and any PNG pages; the list in the order of `which`, then
    of `langs`.  Each language of the edition is built in a process of its own, and so are
    the booklets of each language (Sphinx keeps the translations of the first language it
    builds for the life of a process), at most `jobs` at once (default: one per core), the
    editions first, being the longest.  The first problem is raised as BuildFailed."""
    import multiprocessing

    booklets = [r for r in which if r != EDITION]
    editions = list(langs) if EDITION in which else []
    groups = list(langs) if booklets else []
    workers = max(1, min(jobs or os.cpu_count() or 1, len(editions) + len(groups)))
    out.mkdir(parents=True, exist_ok=True)
    results: dict[tuple[str, str], Built] = {}
    with multiprocessing.get_context("spawn").Pool(workers, maxtasksperchild=1) as pool:
        pending = [pool.apply_async(edition, (lang, out, with_pdf, png_pages, source, booklets)) for lang in editions]
        grouped = [pool.apply_async(_booklets, (booklets, lang, out, with_pdf, png_pages)) for lang in groups]
        for done in pending:
            built = done.get()
            results[EDITION, built.lang] = built
        for group in grouped:
            results.update({(built.book, built.lang): built for built in group.get()})
    return [results[book, lang] for book in which for lang in langs]


def _pages(text: str) -> list[int]:
    if text.strip() == "all":
        return list(ALL_PAGES)
    try:
        pages = [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"pages are numbers separated by commas, not '{text}'") from None
    if not pages or min(pages) < 1:
        raise argparse.ArgumentTypeError(f"pages are numbered from 1, not '{text}'")
    return pages


def _langs(text: str) -> list[str]:
    langs = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [x for x in langs if x not in LANGS]
    if unknown or not langs:
        raise argparse.ArgumentTypeError(f"unknown language '{','.join(unknown) or text}' (known: {', '.join(LANGS)})")
    return langs


def _jobs(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"jobs is a whole number from 1, not '{text}'")
    return int(text)


def _books(text: str) -> list[str]:
    known = books()
    wanted: list[str] = []
    for name in (x.strip() for x in text.split(",") if x.strip()):
        for book in known[1:] if name == "booklets" else [name]:
            if book not in known:
                raise argparse.ArgumentTypeError(f"unknown book '{book}' (known: {', '.join(known)}, booklets)")
            if book not in wanted:
                wanted.append(book)
    if not wanted:
        raise argparse.ArgumentTypeError(f"no book in '{text}'")
    return wanted


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m brou.book",
                                     description="Build the rulebook and the players' booklets: HTML and PDF, "
                                                 "English and French.")
    parser.add_argument("--lang", type=_langs, default=list(LANGS), help="languages, comma-separated (default: en,fr)")
    parser.add_argument("--book", type=_books, default=None, metavar="BOOKS",
                        help="books, comma-separated: edition (the comparative edition), a ruleset id (its "
                             "booklet), booklets (all of them); default: every book")
    parser.add_argument("--out", type=Path, default=OUT, help=f"output folder (default: {OUT.relative_to(ROOT)})")
    parser.add_argument("--no-pdf", action="store_true", help="the HTML only")
    parser.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                        help="books built at once, each in a process of its own (default: one per core)")
    parser.add_argument("--png", type=_pages, default=[], metavar="PAGES",
                        help="render these pages of each PDF as PNG, e.g. 1,7,20, or all")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_OK if exc.code == 0 else EXIT_USAGE
    if args.no_pdf and args.png:
        print("python -m brou.book: --png needs the PDF; drop --no-pdf", file=sys.stderr)
        return EXIT_USAGE
    try:
        built = build(args.lang, args.out, not args.no_pdf, args.png, which=args.book or books(), jobs=args.jobs)
    except BuildFailed as exc:
        print(f"python -m brou.book: {exc}", file=sys.stderr)
        return EXIT_FAILED
    for b in built:
        times = ", ".join(f"{k} {v:.1f} s" for k, v in b.seconds.items())
        print(f"{b.book} {b.lang}: {b.html}" + (f"; {b.pdf} ({b.pages} pages)" if b.pdf else "") + f"  [{times}]")
        for png in b.pngs:
            print(f"    {png}")
    return EXIT_OK

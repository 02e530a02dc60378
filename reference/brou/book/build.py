"""Build the rulebook: HTML and PDF, in English and French (make rulebook).

    python -m brou.book                       # both languages, HTML and PDF, into build/rulebook/
    python -m brou.book --lang fr --no-pdf    # the French HTML only
    python -m brou.book --png 1,7,20          # also render those PDF pages as PNG, to look at

Each language is a Sphinx build of docs/rulebook/<lang>/ with docs/rulebook/conf.py, with
warnings as errors: the HTML site (`html`), then one single page (`singlehtml`) that
WeasyPrint lays out as an A4 book with docs/rulebook/_static/print.css.  Out:
build/rulebook/<lang>/html/index.html and build/rulebook/rulebook-<lang>.pdf.

Exit status: 0 built; 1 the build found a problem (the first one in one line, all of them
in build/rulebook/<lang>/warnings.txt); 2 bad usage.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "docs" / "rulebook"
OUT = ROOT / "build" / "rulebook"
LANGS = ("en", "fr")

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


class BuildFailed(Exception):
    """A build step found a problem; the message is one line."""


@dataclass
class Built:
    lang: str
    html: Path
    pdf: Path | None = None
    pages: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    pngs: list[Path] = field(default_factory=list)


def sphinx(lang: str, builder: str, out: Path, source: Path = SOURCE, fresh: bool = True) -> Path:
    """One Sphinx build of `lang`, warnings as errors; the output folder.  BuildFailed names
    the first warning and where all of them are written.  `fresh` reads every page again:
    what the pages show comes from the spec, the corpus and the engine, which Sphinx does
    not watch, so a saved environment is only reused right after it was made."""
    from sphinx.cmd.build import build_main

    target = out / lang / builder
    warnings = out / lang / "warnings.txt"
    warnings.parent.mkdir(parents=True, exist_ok=True)
    argv = ["-b", builder, "-c", str(source), "-D", f"language={lang}", "-d", str(out / lang / "doctrees"),
            "-q", "-W", "--keep-going", "-w", str(warnings), *(["-E"] if fresh else []), str(source / lang), str(target)]
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        status = build_main(argv)
    if status != 0:
        lines = [line for line in warnings.read_text(encoding="utf-8").splitlines() if line.strip()] if warnings.exists() else []
        lines = lines or [line for line in stderr.getvalue().splitlines() if line.strip()]
        first = lines[0] if lines else f"sphinx-build exited with {status}"
        raise BuildFailed(f"the {lang} rulebook ({builder}) has {max(len(lines), 1)} problem(s); first: {first} "
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
_BREAK_AFTER = re.compile(r"(?<=[._])(?=[^._])")


def unbreakable(page: str) -> str:
    """The single page made ready for print so that no identifier is hyphenated or broken
    inside a word (issue 21, part 2): every piece of code (`<span class="pre">`, the clause
    ids, scenario ids, parameters and functions) is cut after each dot and underscore into
    `<span class="seg">` pieces (its span then `segmented`), which print.css sets as inline
    blocks: a line may break between two pieces and nowhere else, and no character is added
    to the text; in code blocks a word with hyphens is kept on one line (`nobr`), and so is
    a register id (`AMB-05`), a parameter (`sevens_removed`) or a clause id anywhere in the prose; a
    dotted word of the prose (`salondesjeux.fr`) is not hyphenated (`nohyph`)."""

    def segments(match: re.Match[str]) -> str:
        pieces = _BREAK_AFTER.split(match.group(1))
        if len(pieces) == 1:
            return match.group(0)
        return '<span class="pre segmented">' + "".join(f'<span class="seg">{x}</span>' for x in pieces) + "</span>"

    def nobr(text: str, pattern: re.Pattern[str], klass: str = "nobr") -> str:
        """`pattern` wrapped in a span of class `klass`, in the text between the tags of `text`."""
        return re.sub(r"(?<=>)[^<]+", lambda t: pattern.sub(lambda m: f'<span class="{klass}">{m.group(0)}</span>',
                                                                    t.group(0)), text)

    def pre(match: re.Match[str]) -> str:
        return match.group(1) + nobr(match.group(2), _HYPHENATED) + match.group(3)

    start = page.index(">", page.index("<body")) + 1
    body = nobr(nobr(_CODE.sub(segments, page[start:]), _REGISTER_ID), _DOTTED, "nohyph")
    return page[:start] + _PRE.sub(pre, body)


def pdf(lang: str, single: Path, html: Path, out: Path, source: Path = SOURCE) -> tuple[Path, int]:
    """The single-page HTML, with a contents page, identifiers made unbreakable
    (`unbreakable`), laid out by WeasyPrint as an A4 book; (the PDF, its page count)."""
    from weasyprint import CSS, HTML

    from .text import words

    target = out / f"rulebook-{lang}.pdf"
    page = unbreakable(with_contents((single / "index.html").read_text(encoding="utf-8"),
                                     contents((html / "index.html").read_text(encoding="utf-8"),
                                              words(lang)["contents"])))
    problems: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            problems.append(record.getMessage())

    log = logging.getLogger("weasyprint")
    handler = Collect(level=logging.ERROR)
    log.addHandler(handler)
    try:
        document = HTML(string=page, base_url=str(single / "index.html")).render(
            stylesheets=[CSS(filename=str(source / "_static" / "print.css"))])
        document.write_pdf(str(target))
    finally:
        log.removeHandler(handler)
    if problems:
        raise BuildFailed(f"the {lang} PDF has {len(problems)} layout error(s); first: {problems[0]}")
    return target, len(document.pages)


def pngs(pdf_file: Path, pages: Sequence[int], out: Path, scale: float = 1.4) -> list[Path]:
    """Render the given pages (1-based) of a PDF as PNG files beside it."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf_file))
    written = []
    try:
        for number in pages:
            if not 1 <= number <= len(document):
                raise BuildFailed(f"{pdf_file.name} has {len(document)} pages, no page {number}")
            image = document[number - 1].render(scale=scale).to_pil()
            path = out / f"{pdf_file.stem}-p{number:03d}.png"
            image.save(path)
            written.append(path)
    finally:
        document.close()
    return written


def build(langs: Sequence[str] = LANGS, out: Path = OUT, with_pdf: bool = True, png_pages: Sequence[int] = (),
          source: Path = SOURCE) -> list[Built]:
    """Build each language: HTML, then (with_pdf) the PDF and any PNG pages."""
    done = []
    for lang in langs:
        clock = time.perf_counter()
        html = sphinx(lang, "html", out, source)
        built = Built(lang, html / "index.html", seconds={"html": time.perf_counter() - clock})
        if with_pdf:
            clock = time.perf_counter()
            single = sphinx(lang, "singlehtml", out, source, fresh=False)
            built.pdf, built.pages = pdf(lang, single, html, out, source)
            built.seconds["pdf"] = time.perf_counter() - clock
            if png_pages:
                built.pngs = pngs(built.pdf, png_pages, out)
        done.append(built)
    return done


def _pages(text: str) -> list[int]:
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m brou.book",
                                     description="Build the rulebook: HTML and PDF, English and French.")
    parser.add_argument("--lang", type=_langs, default=list(LANGS), help="languages, comma-separated (default: en,fr)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"output folder (default: {OUT.relative_to(ROOT)})")
    parser.add_argument("--no-pdf", action="store_true", help="the HTML only")
    parser.add_argument("--png", type=_pages, default=[], metavar="PAGES", help="render these PDF pages as PNG, e.g. 1,7,20")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_OK if exc.code == 0 else EXIT_USAGE
    if args.no_pdf and args.png:
        print("python -m brou.book: --png needs the PDF; drop --no-pdf", file=sys.stderr)
        return EXIT_USAGE
    try:
        built = build(args.lang, args.out, not args.no_pdf, args.png)
    except BuildFailed as exc:
        print(f"python -m brou.book: {exc}", file=sys.stderr)
        return EXIT_FAILED
    for b in built:
        times = ", ".join(f"{k} {v:.1f} s" for k, v in b.seconds.items())
        print(f"{b.lang}: {b.html}" + (f"; {b.pdf} ({b.pages} pages)" if b.pdf else "") + f"  [{times}]")
        for png in b.pngs:
            print(f"    {png}")
    return EXIT_OK

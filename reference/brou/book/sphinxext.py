"""The Sphinx extension that splices the spec into the rulebook (docs/rulebook/).

The `brou` domain holds the book's link targets, each with a stable anchor that never
changes: a clause's anchor is its id (`#brouc.play.overtrump`), an ambiguity's its id
(`#AMB-05`); then `param-NAME`, `fact-ID`, `source-S1`, `example-SCENARIO`,
`scenario-SCENARIO`, `sheet-NAME` and `trace-ID`, a clause's row in the implementer's
apparatus (its parameters, function and scenarios: issue 61, out of the reading text).  Its roles (`:brou:clause:`, `:brou:amb:`,
`:brou:param:`, `:brou:fact:`, `:brou:source:`, `:brou:example:`, `:brou:scenario:`,
`:brou:sheet:`, `:brou:trace:`) link to them, and `:brou:page:` is an empty link to a clause or a register
entry that the PDF prints as its page number (print.css); a link to a target the book lacks is a warning, and the
book is built with warnings as errors.  A `:brou:scenario:` link to a scenario the book
does not show is printed as its id, unlinked.

Directives:

- ``.. brou-rules:: CHAPTER`` every clause of a chapter of the rules (brou.book.text.rules);
- ``.. brou-clause:: ID`` one clause, with its anchor;
- ``.. brou-generated:: WHAT`` a generated table or appendix (cards, marriages, parameters,
  ambiguities, facts, clause-index);
- ``.. brou-example:: SCENARIO`` a corpus scenario drawn as a picture, a numbered figure
  (`numfig`: "Example 4.2"); options ``:upto: N`` (actions replayed), ``:trick: N``,
  ``:hide-hands:``; the content is the caption, in the book's language;
- ``.. brou-sheet:: RULESET`` a score sheet in the book's language, blank (``:empty:``, any
  ruleset: the caption, what its call-outs mean, the sheet on a page of its own) or filled
  with a seeded match (``:seed: N``, ``:deals: N``); the content is the caption;
- ``.. brou-source:: S1`` a source: the hand-written content says what it contributes,
  the extension adds its author, title, address and the clauses that cite it;
- ``.. brou-object:: TYPE NAME`` any other target, its content inside;
- ``.. brou-scenarios::`` the appendix listing every scenario shown as an example, as tables;
- ``.. brou-subject-index::`` the subject index (brou.book.subjects): on the HTML site each
  entry links to its chapters; on the PDF's single page an empty block that the PDF's build
  fills with page numbers.

On the HTML site a dotted identifier may break after its dots only (`BreakIdentifiers`).

When all pages are read, the extension checks that every clause, ambiguity, parameter
and source of the spec has its place in the book.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from ..engine.bots import BOTS
from ..engine.session import Session
from ..engine.sheet_blank import empty_sheet_svg
from ..engine.sheet_page import PRINT_WIDTH_MM
from ..engine.sheet_svg import sheet_svg
from ..errors import BrouError
from ..spec.rules import Rules
from . import subjects, text
from .model import ALL_RULESETS, RULESETS, Book
from .pictures import load_scenario, scenario_picture
from .sheets import PAGE_STYLE, SHEET_PAGE_ID, legend_lines, page_svg

logger = logging.getLogger(__name__)

TYPES = ("clause", "amb", "param", "fact", "source", "example", "scenario", "sheet", "trace")
SCENARIO_DOC = "scenarios"  # the page that lists the scenarios shown as examples
BLANK_SHEET_MM = 150  # the width of a blank sheet on its page, its caption under it


def refnode(builder: Builder, fromdoc: str, todoc: str, target: str, child: nodes.Node, title: str | None = None
            ) -> nodes.reference:
    """A link to `target` in `todoc`; on the single page of the PDF's build, every target is on
    the same page (Sphinx 9's singlehtml would write `#document-page#target`)."""
    if builder.name == "singlehtml":
        fromdoc = todoc
    return make_refnode(builder, fromdoc, todoc, target, child, title)


def anchor(typ: str, name: str) -> str:
    """The stable anchor of a target: clauses and ambiguities by their id, the rest prefixed."""
    return name if typ in ("clause", "amb") else f"{typ}-{name}"


@lru_cache(maxsize=1)
def book() -> Book:
    return Book()


class BrouDomain(Domain):
    """The rulebook's link targets (see the module docstring)."""

    name = "brou"
    label = "Brou rulebook"
    object_types: ClassVar[dict[str, ObjType]] = {t: ObjType(t, t) for t in TYPES}
    # identifiers are code; a source, an entry of the register or a sheet reads as text
    roles: ClassVar[dict[str, Any]] = {
        **{t: XRefRole(innernodeclass=nodes.inline) if t in ("source", "amb", "sheet") else XRefRole() for t in TYPES},
        "page": XRefRole(innernodeclass=nodes.inline),
    }
    initial_data: ClassVar[dict[str, Any]] = {"objects": {}}

    @property
    def objects(self) -> dict[tuple[str, str], tuple[str, str]]:
        data: dict[tuple[str, str], tuple[str, str]] = self.data.setdefault("objects", {})
        return data

    def note(self, typ: str, name: str, docname: str, location: Any = None) -> str:
        """Record target (typ, name) in `docname`; a warning if it is already elsewhere."""
        key = (typ, name)
        if key in self.objects and self.objects[key][0] != docname:
            logger.warning(f"{typ} '{name}' appears twice in the book (also in {self.objects[key][0]})", location=location)
        self.objects[key] = (docname, anchor(typ, name))
        return anchor(typ, name)

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _) in list(self.objects.items()):
            if doc == docname:
                del self.objects[key]

    def merge_domaindata(self, docnames: Any, otherdata: dict[str, Any]) -> None:
        for key, (doc, target) in otherdata["objects"].items():
            if doc in docnames:
                self.objects[key] = (doc, target)

    def resolve_xref(self, env: BuildEnvironment, fromdocname: str, builder: Builder, typ: str, target: str,
                     node: pending_xref, contnode: nodes.Element) -> nodes.reference | None:
        if typ == "page":
            return self.page_ref(builder, fromdocname, target)
        found = self.objects.get((typ, target))
        if found is None:
            return None  # a warning, but for a scenario (unlinked_scenario)
        return refnode(builder, fromdocname, found[0], found[1], contnode, f"{typ} {target}")

    def page_ref(self, builder: Builder, fromdocname: str, target: str) -> nodes.reference | None:
        """`:brou:page:`: an empty link to a clause or a register entry, class `page-ref`, which
        the PDF fills with the target's page number (issue 21, part 2: the clause index)."""
        found = self.objects.get(("clause", target)) or self.objects.get(("amb", target))
        if found is None:
            return None
        ref = refnode(builder, fromdocname, found[0], found[1], nodes.inline("", ""), f"page {target}")
        ref["classes"].append("page-ref")
        return ref

    def resolve_any_xref(self, env: BuildEnvironment, fromdocname: str, builder: Builder, target: str,
                         node: pending_xref, contnode: nodes.Element) -> list[tuple[str, nodes.reference]]:
        return []

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for (typ, name), (doc, target) in self.objects.items():
            yield name, name, typ, doc, target, 1


def unlinked_scenario(app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.Element
                      ) -> nodes.Element | None:
    """A scenario the book does not show is named, not linked, and is no warning."""
    if node.get("refdomain") == "brou" and node.get("reftype") == "scenario":
        return contnode
    return None


def _domain(env: BuildEnvironment) -> BrouDomain:
    domain = env.get_domain("brou")
    assert isinstance(domain, BrouDomain)
    return domain


class _Directive(SphinxDirective):
    @property
    def lang(self) -> str:
        return str(self.config.language or "en")

    def parse_lines(self, lines: list[str], into: nodes.Element) -> nodes.Element:
        source, _line = self.get_source_info()
        self.state.nested_parse(StringList(lines, source=f"{source} (generated)"), self.content_offset, into)
        return into

    def target(self, typ: str, name: str, classes: list[str]) -> nodes.container:
        node = nodes.container(classes=classes)
        node["ids"] = [_domain(self.env).note(typ, name, self.env.docname, self.get_location())]
        return node


class ClauseDirective(_Directive):
    """One clause of the spec, its statement in the book's language, with its anchor."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        cid = self.arguments[0]
        if cid not in book().clauses:
            raise self.error(f"no clause '{cid}' in the spec")
        node = self.target("clause", cid, ["brou-clause", f"brou-{'-'.join(book().clauses[cid].rulesets)}"])
        return [self.parse_lines(text.clause_body(book(), cid, self.lang), node)]


class RulesDirective(_Directive):
    """Every clause of a chapter, the rulesets side by side where they differ."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        try:
            lines = text.rules(book(), self.arguments[0], self.lang)
        except KeyError as exc:
            raise self.error(str(exc.args[0])) from None
        return list(self.parse_lines(lines, nodes.container(classes=["brou-rules"])).children)


class GeneratedDirective(_Directive):
    """A generated table or appendix (brou.book.text.GENERATED)."""

    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        try:
            lines = text.generated(book(), self.arguments[0], self.lang)
        except (KeyError, ValueError) as exc:
            raise self.error(str(exc.args[0])) from None
        made = self.parse_lines(lines, nodes.container())
        if self.arguments[0] == "clause-index":
            self.trace_rows(made)
        return list(made.children)

    def trace_rows(self, made: nodes.Element) -> None:
        """Each row of the apparatus is the target `trace-ID` of its clause, which the clause's
        head in the text links to."""
        domain = _domain(self.env)
        for body in made.findall(nodes.tbody):
            for row in body.children:
                ref = next(iter(row.findall(pending_xref)), None)
                if isinstance(row, nodes.row) and ref is not None and ref.get("reftype") == "clause":
                    row["ids"] = [domain.note("trace", ref["reftarget"], self.env.docname, self.get_location())]


class ObjectDirective(_Directive):
    """``.. brou-object:: TYPE NAME``: a link target whose content is the directive's content."""

    required_arguments = 2
    has_content = True

    def run(self) -> list[nodes.Node]:
        typ, name = self.arguments
        if typ not in TYPES:
            raise self.error(f"no target type '{typ}' (known: {', '.join(TYPES)})")
        node = self.target(typ, name, [f"brou-{typ}"])
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


class SourceDirective(_Directive):
    """A source of the spec: what it contributes (the content), its author, title, address and citing clauses."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        sid = self.arguments[0]
        if sid not in book().sources:
            raise self.error(f"no source '{sid}' in the spec (known: {', '.join(book().sources)})")
        node = self.target("source", sid, ["brou-source"])
        self.state.nested_parse(self.content, self.content_offset, node)
        return [self.parse_lines(text.source_lines(book(), sid, self.lang), node)]


def _svg(svg: str, classes: str = "brou-picture") -> str:
    """An SVG picture as an HTML image holding it (a data URI), so that its own style sheet
    stays its own; the picture's title is the image's text alternative."""
    title = re.search(r"<title>(.*?)</title>", svg, re.S)
    alt = html.escape(html.unescape(title.group(1)) if title else "", quote=True)
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img class="{classes}" alt="{alt}" src="data:image/svg+xml;base64,{data}">'


class _Figure(_Directive):
    has_content = True

    def figure(self, svg: str, extra: list[str], ids: list[str] | None = None) -> nodes.figure:
        """A figure: the picture, the first paragraph of the content as caption, the rest
        and `extra` (reStructuredText) as legend."""
        figure = nodes.figure(classes=["brou-figure"])
        if ids:
            figure["ids"] = ids
        figure += nodes.raw("", _svg(svg), format="html")
        body = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, body)
        children = list(body.children)
        if not children or not isinstance(children[0], nodes.paragraph):
            raise self.error("a picture needs a caption: the first paragraph of its content")
        first = children.pop(0)
        assert isinstance(first, nodes.paragraph)
        figure += nodes.caption(first.rawsource, "", *first.children)
        legend = nodes.legend()
        legend.extend(children)
        self.parse_lines(extra, legend)
        figure += legend
        return figure


class ExampleDirective(_Figure):
    """A scenario of the corpus drawn as a table seen from above, numbered, linked to its listing."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "upto": directives.nonnegative_int, "trick": directives.positive_int, "hide-hands": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        sid = self.arguments[0]
        try:
            scenario = load_scenario(sid)
            svg = scenario_picture(scenario, lang="fr" if self.lang == "fr" else "en", upto=self.options.get("upto"),
                                   trick=self.options.get("trick"), show_hands="hide-hands" not in self.options)
        except BrouError as exc:
            raise self.error(str(exc)) from None
        domain = _domain(self.env)
        ids = [domain.note("example", sid, self.env.docname, self.get_location())]
        domain.note("scenario", sid, SCENARIO_DOC, self.get_location())
        # the scenario and the clauses it checks are in the appendix of scenarios (issue 61)
        return [self.figure(svg, [], ids)]


class SheetDirective(_Directive):
    """A score sheet of a ruleset in the book's language (part 3 of issue 21): blank, on a page of
    its own after its caption and the explanation of its numbered call-outs (any ruleset), or
    filled with a match played by the bots from a seed (1802 and Brouc)."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "empty": directives.flag, "seed": directives.nonnegative_int, "deals": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        ruleset = self.arguments[0]
        lang = "fr" if self.lang == "fr" else "en"
        empty = "empty" in self.options
        known = ALL_RULESETS if empty else RULESETS
        if ruleset not in known:
            raise self.error(f"no ruleset '{ruleset}' (known: {', '.join(known)})")
        if empty:
            name = f"{ruleset}-empty"
        elif "seed" in self.options:
            seed = self.options["seed"]
            svg, name = sheet_svg(played_match(ruleset, seed), self.options.get("deals"), lang), f"{ruleset}-seed-{seed}"
        else:
            raise self.error("a sheet is either :empty: or played from a :seed:")
        body = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, body)
        if not body.children or not isinstance(body.children[0], nodes.paragraph):
            raise self.error("a sheet needs a caption: the first paragraph of its content")
        body.children[0]["classes"].append("sheet-caption")
        if empty:
            # what the call-outs mean, in the flow of the text; then the sheet on a page of its
            # own with its caption under it (issue 61: a caption is not parted from its picture)
            rules = Rules.load(ruleset)
            legend = self.target("sheet", name, ["brou-sheet-legend"])
            legend += nodes.paragraph("", text.words(lang)["callouts"], classes=["sheet-callouts"])
            self.parse_lines(legend_lines(rules, lang), legend)
            # drawn a little narrower than a filled sheet, so that the caption fits under it
            sheet = page_svg(empty_sheet_svg(rules, lang), BLANK_SHEET_MM).strip()
            opening = f'<div class="sheet-page" id="{SHEET_PAGE_ID}{rules.id}" style="{PAGE_STYLE}">{sheet}'
            return [legend, nodes.raw("", opening, format="html"), *body.children, nodes.raw("", "</div>", format="html")]
        # a block, not a figure (figures are the numbered examples): a picture printed 165 mm
        # wide, whatever the style sheet's limits for pictures
        wrapper = self.target("sheet", name, ["brou-sheet"])
        img = _svg(svg).replace("<img ", f'<img style="width: {PRINT_WIDTH_MM:g}mm; max-width: 100%; '
                                'max-height: none; height: auto" ', 1)
        wrapper += nodes.raw("", img, format="html")
        wrapper.extend(body.children)
        return [wrapper]


@lru_cache(maxsize=8)
def played_match(ruleset: str, seed: int) -> dict[str, Any]:
    """The record of a whole match, greedy bot (Nous) against random bot (Eux), as `brou match` plays it."""
    import random

    rules = Rules.load(ruleset)
    match = Session(rules, seed)
    match.play((BOTS["greedy"], BOTS["random"]), random.Random(seed))
    return match.record()


class scenario_listing(nodes.General, nodes.Element):
    """Placeholder for the listing of the scenarios shown as examples, filled once all pages are read."""


class ScenariosDirective(_Directive):
    def run(self) -> list[nodes.Node]:
        if self.env.docname != SCENARIO_DOC:
            raise self.error(f"the scenario listing belongs on the page '{SCENARIO_DOC}'")
        return [scenario_listing()]


def fill_scenario_listing(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Replace the placeholder with every scenario shown as an example: its file, a link back
    to the example, and the scenario as tables that read as text (issue 21, part 2: no raw
    YAML): its setup, then each step, what is played and what an implementation must answer."""
    domain = _domain(app.env)
    lang = str(app.config.language or "en")
    w = text.labels(lang)
    builder = app.builder
    for placeholder in list(doctree.findall(scenario_listing)):
        shown = sorted((name, where) for (typ, name), where in domain.objects.items() if typ == "example")
        out: list[nodes.Node] = []
        for sid, (doc, target) in shown:
            scenario = load_scenario(sid)
            box = nodes.container(classes=["brou-scenario"])
            box["ids"] = [anchor("scenario", sid)]
            head = nodes.paragraph(classes=["scenario-head"])
            head += nodes.literal(sid, sid)
            head += nodes.Text(f" \u2014 {scenario.file}:{scenario.line} \u2014 ")
            back = refnode(builder, docname, doc, target, nodes.Text(w["shown-in"]))
            head += back
            head += nodes.Text(f" \u2014 {w['clauses']}{text._colon(lang)} ")
            for n, cid in enumerate(scenario.clauses):
                head += nodes.Text(", " if n else "")
                head += refnode(builder, docname, *domain.objects[("clause", cid)], nodes.literal(cid, cid)) \
                    if ("clause", cid) in domain.objects else nodes.literal(cid, cid)
            box += head
            description = scenario.description if lang == "en" else example_caption(app.env, doc, target)
            box += nodes.paragraph("", description, classes=["scenario-description"])
            box += _table([w["field"], w["value"]], text.scenario_setup(scenario.data, lang), ["scenario-setup"])
            box += _table([w["step"], w["action"], w["answer"]], text.scenario_steps(scenario.data, lang),
                          ["scenario-steps"])
            out.append(box)
        placeholder.replace_self(out)


class subject_listing(nodes.General, nodes.Element):
    """Placeholder for the subject index, filled once every page is read."""


class SubjectIndexDirective(_Directive):
    def run(self) -> list[nodes.Node]:
        if self.env.docname != subjects.DOC:
            raise self.error(f"the subject index belongs on the page '{subjects.DOC}'")
        return [subject_listing()]


def _reading_order(env: BuildEnvironment, doc: str) -> list[str]:
    """The pages in the order the book's toctrees give, depth first from `doc`."""
    out = [doc]
    for child in env.toctree_includes.get(doc, []):
        if child not in out:
            out += [d for d in _reading_order(env, child) if d not in out]
    return out


def fill_subject_index(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """The subject index: on the single page of the PDF an empty block (build.py fills it with
    pages); on the HTML site, each entry under its kind with links to the chapters of the
    reading part where it occurs (the implementer's appendices aside)."""
    lang = "fr" if app.config.language == "fr" else "en"
    for placeholder in list(doctree.findall(subject_listing)):
        if app.builder.name == "singlehtml":
            placeholder.replace_self(nodes.container(classes=[subjects.PLACEHOLDER]))
            continue
        env = app.env
        docs = [d for d in env.found_docs if d not in subjects.APPARATUS_DOCS and d != subjects.DOC]
        order = {d: n for n, d in enumerate(_reading_order(env, app.config.root_doc))}
        texts = {d: env.get_doctree(d).astext() for d in sorted(docs, key=lambda d: order.get(d, -1))}
        found = subjects.found_in(texts, lang)
        out: list[nodes.Node] = []
        for kind in subjects.KINDS:
            rows = [s for s in subjects.sorted_subjects(kind, lang) if s in found]
            out.append(nodes.rubric("", subjects.TITLES[lang][kind]))
            items = nodes.bullet_list(classes=["subjects"])
            for subject in rows:
                para = nodes.paragraph()
                para += nodes.strong("", subject.heading[lang])
                para += nodes.Text(" \u2014 ")
                for n, doc in enumerate(found[subject]):
                    para += nodes.Text(", " if n else "")
                    title = env.titles[doc].astext() if doc in env.titles else doc
                    ref = nodes.reference("", title, internal=True,
                                          refuri=app.builder.get_relative_uri(docname, doc))
                    para += ref
                items += nodes.list_item("", para)
            out.append(items)
        placeholder.replace_self(out)


def _table(header: list[str], rows: list[list[str]], classes: list[str]) -> nodes.table:
    """A table of plain text cells, one header row."""
    table = nodes.table(classes=["docutils", *classes])
    group = nodes.tgroup(cols=len(header))
    table += group
    for _ in header:
        group += nodes.colspec(colwidth=1)

    def row(cells: list[str]) -> nodes.row:
        line = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(cell, cell)
            line += entry
        return line

    group += nodes.thead("", row(header))
    body = nodes.tbody()
    for cells in rows:
        body += row(cells)
    group += body
    return table


_IDENTIFIER = re.compile(r"[\w-]+(?:\.[\w-]+)+")


class BreakIdentifiers(SphinxPostTransform):
    """On the HTML site, a dotted identifier (a clause, scenario or fact id) may break after each
    dot and nowhere else: a `<wbr>` there, which adds no character to what is copied (issue 21,
    part 5: long scenario ids kept inside their column)."""

    default_priority = 900
    builders = ("html",)  # not the PDF's single page: its identifiers are print.css's

    def run(self, **kwargs: Any) -> None:
        for literal in list(self.document.findall(nodes.literal)):
            if len(literal.children) != 1 or not isinstance(literal.children[0], nodes.Text):
                continue
            name = literal.astext()
            if not _IDENTIFIER.fullmatch(name):
                continue
            parts = name.split(".")
            pieces: list[nodes.Node] = []
            for n, part in enumerate(parts):
                last = n == len(parts) - 1
                pieces.append(nodes.Text(part if last else part + "."))
                if not last:
                    pieces.append(nodes.raw("", "<wbr>", format="html"))
            literal.children = []
            literal.extend(pieces)


def example_caption(env: BuildEnvironment, doc: str, target: str) -> str:
    """The caption of the example `target` on page `doc`, as text: the scenario's description
    in the book's language (the corpus's descriptions are in English; issue 21, part 4)."""
    for figure in env.get_doctree(doc).findall(nodes.figure):
        if target in figure["ids"]:
            caption = next(iter(figure.findall(nodes.caption)), None)
            if caption is not None:
                return caption.astext()
    raise BrouError(f"the example {target} on page {doc} has no caption")


def check_complete(app: Sphinx, env: BuildEnvironment) -> None:
    """Every clause, ambiguity, parameter and source of the spec has its place in the book."""
    objects = _domain(env).objects
    wanted = [("clause", c) for c in book().clauses]
    wanted += [("amb", e.id) for e in text.register().entries]
    wanted += [("trace", c) for c in book().clauses]
    wanted += [("param", p) for p in book().parameters()]
    wanted += [("source", s) for s in book().sources]
    missing = [f"{typ} {name}" for typ, name in wanted if (typ, name) not in objects]
    if missing:
        logger.warning(f"the book leaves out {len(missing)} target(s) of the spec: {', '.join(missing[:8])}"
                       + (" ..." if len(missing) > 8 else ""))
    if any(t == "example" for t, _ in objects) and SCENARIO_DOC not in env.all_docs:
        logger.warning(f"examples are shown but there is no page '{SCENARIO_DOC}' to list their scenarios")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("brou.book.typography")  # French pages: French spaces (issue 21, part 4)
    app.add_domain(BrouDomain)
    app.add_directive("brou-clause", ClauseDirective)
    app.add_directive("brou-rules", RulesDirective)
    app.add_directive("brou-generated", GeneratedDirective)
    app.add_directive("brou-object", ObjectDirective)
    app.add_directive("brou-source", SourceDirective)
    app.add_directive("brou-example", ExampleDirective)
    app.add_directive("brou-sheet", SheetDirective)
    app.add_directive("brou-scenarios", ScenariosDirective)
    app.add_directive("brou-subject-index", SubjectIndexDirective)
    app.add_post_transform(BreakIdentifiers)
    app.connect("doctree-resolved", fill_scenario_listing)
    app.connect("doctree-resolved", fill_subject_index)
    app.connect("missing-reference", unlinked_scenario)
    app.connect("env-check-consistency", check_complete)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}

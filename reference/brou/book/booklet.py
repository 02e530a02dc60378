"""The players' booklet of a ruleset, the table copy (issues 21, 36 and 61), in English or French.

A booklet is made from the spec, the ambiguity register and one data file,
spec/booklets/<ruleset>.yaml (spec/schema/booklet.schema.json): its title, the quick start, the
chapter titles, the open points in players' words, the equipment, who settles a question, the
words of the game, the irregularities and the seed of the commented deal.  So a ruleset added
later gets its booklet from data alone.  `pages()` writes the booklet as reStructuredText
pages, in this order: the title block and the quick start on the first page, the rules
(chapters in the order of play, brou.spec.chapters, numbered 1, 2 ...; each clause once,
numbered 4.1, 4.2 ..., its statement at the ruleset's defaults, under the first rule that
leaves a point open the number of that point in the list "Agree before you play"), the
irregularities, "Before you play" (brou.book.beforeplay: that list, the register's entries for
the ruleset, `agree_points`), the reference card (brou.book.refcard), a deal commented
(brou.book.walkthrough) and the blank score sheets (brou.book.sheets).  Nothing printed names a
clause, a register entry or the engine: the clause id is only each rule's HTML anchor.
`brou.book.build` builds the pages with docs/booklet/conf.py, whose one extension is this
module (`setup`: the `booklet-rule` directive).
"""

from __future__ import annotations

import datetime
import html
import json
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ..errors import SpecError
from ..spec import SCHEMA_DIR, SPEC_DIR, Document, path_text, read_yaml
from ..spec.ambiguities import Entry
from ..spec.chapters import booklet_chapters, booklet_numbers, chapter_of
from ..spec.rules import Rules
from .beforeplay import Agree, before_play
from .refcard import Step, reference_card
from .seats import PLAN_WORDS, table_svg
from .text import esc, register

BOOKLET_DIR = SPEC_DIR / "booklets"
SCHEMA_FILE = SCHEMA_DIR / "booklet.schema.json"
DOCS = ("rules", "table", "card", "deal", "sheets")  # the pages after the first (title and quick start), in order
CARD_END = "card-end"  # the anchor at the end of the reference card

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "booklet": "The table copy", "project": "The Brou project",
        "edition": "This copy gives the rules as they stood on {date}.", "quick-start": "Quick start", "rules": "The rules",
        "irregularities": "Irregularities", "card": "Reference card", "deal": "A deal, commented",
        "sheets": "The score sheet", "table": "Before you play", "open": "Open point", "open-plural": "Open points",
        "open-ref": "no. {n} of the list \u201cAgree before you play\u201d.",
        "open-refs": "nos. {n} of the list \u201cAgree before you play\u201d.", "and": "and", "here": "This booklet:",
        "elsewhere": "Some tables:", "elsewhere-many": "Other tables play one of these:",
        "see": "Rule", "see-plural": "Rules", "silent": "The rules say nothing of it.",
        "no-remedy": "The rules give no remedy.",
        "suggestion": "Suggested practice, not a rule:",
        "irregularities-intro": "Where the rules above settle a mishap, they are cited by number; where they "
                                "say nothing, a practice is suggested: agree on it before play.",
        "contents": "Contents", "pdf": "The booklet to print: PDF, A4",
        "print": "Print these pages as they are: the quick start, the rules, what to agree on before you play "
                 "and the words of the game, the reference card, a deal commented card by card and a blank score "
                 "sheet for each number of players.",
    },
    "fr": {
        "booklet": "L'exemplaire de table", "project": "Le projet Brou",
        "edition": "Ce livret donne les règles telles qu'elles étaient arrêtées le {date}.",
        "quick-start": "Pour commencer", "rules": "Les règles",
        "irregularities": "Irrégularités", "card": "Aide-mémoire", "deal": "Une donne commentée",
        "sheets": "La feuille de marque", "table": "Avant de jouer", "open": "Point ouvert",
        "open-plural": "Points ouverts", "open-ref": "n\u1d52\u00a0{n} de la liste «\u00a0À convenir avant de jouer\u00a0».",
        "open-refs": "n\u1d52\u02e2\u00a0{n} de la liste «\u00a0À convenir avant de jouer\u00a0».", "and": "et",
        "here": "Ce livret\u00a0:",
        "elsewhere": "Certaines tables\u00a0:", "elsewhere-many": "D'autres tables jouent l'une de ces règles\u00a0:",
        "see": "Règle", "see-plural": "Règles", "silent": "Les règles n'en disent rien.",
        "no-remedy": "Les règles ne prévoient pas de remède.",
        "suggestion": "Usage conseillé, non une règle\u00a0:",
        "irregularities-intro": "Les règles qui règlent un incident sont citées par leur numéro\u202f; là où "
                                "elles se taisent, un usage est proposé\u00a0: convenez-en avant de jouer.",
        "contents": "Sommaire", "pdf": "Le livret à imprimer\u00a0: PDF, A4",
        "print": "Ces pages s'impriment telles quelles\u00a0: pour commencer, les règles, ce dont il faut convenir "
                 "avant de jouer et les mots du jeu, l'aide-mémoire, une donne commentée carte par carte et une "
                 "feuille de marque vierge pour chaque nombre de joueurs.",
    },
}

MONTHS = {
    "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"),
    "fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
           "novembre", "décembre"),
}


@dataclass(frozen=True)
class Booklet:
    """A booklet's data file, checked: spec/booklets/<ruleset>.yaml."""

    ruleset: str
    doc: Document

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.doc.data)

    def error(self, message: str, path: tuple[str | int, ...]) -> SpecError:
        return SpecError(message, self.doc.file, self.doc.line_of(path), path_text(path))


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    """The booklet schema's validator (the schema itself is checked by the tests, not at each run)."""
    return Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def booklet_file(ruleset: str, folder: Path = BOOKLET_DIR) -> Path:
    return folder / f"{ruleset}.yaml"


def load_booklet(ruleset: str, folder: Path = BOOKLET_DIR) -> Booklet:
    """The data file of `ruleset`'s booklet, checked against spec/schema/booklet.schema.json and
    against the ruleset (its clauses, its chapters); SpecError, one line naming file, line and field."""
    doc = read_yaml(booklet_file(ruleset, folder))
    booklet = Booklet(ruleset, doc)
    errors = list(_validator().iter_errors(doc.data))
    if errors:
        error = best_match(errors)
        path: tuple[str | int, ...] = tuple(error.absolute_path)
        if error.validator == "required" and isinstance(error.instance, dict):
            missing = [p for p in error.validator_value if p not in error.instance]
            path += tuple(missing[:1])
        elif error.validator == "additionalProperties" and isinstance(error.instance, dict):
            known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
            path += tuple(sorted(set(error.instance) - set(known))[:1])
        message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
        raise booklet.error(message, path)
    if doc.data["ruleset"] != ruleset:
        raise booklet.error(f"names ruleset '{doc.data['ruleset']}', not '{ruleset}'", ("ruleset",))
    rules = Rules.load(ruleset)
    clauses = rules.data["clauses"]
    for part in ("card_steps", "irregularities"):
        for n, item in enumerate(doc.data[part]):
            for k, cid in enumerate(item.get("clauses", [])):
                if cid not in clauses:
                    raise booklet.error(f"no clause '{cid}' in ruleset {ruleset}", (part, n, "clauses", k))
    titled = doc.data["chapters"]
    for cid in clauses:
        if chapter_of(cid) not in titled:
            raise booklet.error(f"no title for chapter '{chapter_of(cid)}' (clause {cid})", ("chapters",))
    _check_open_points(booklet, rules)
    return booklet


def _check_open_points(booklet: Booklet, rules: Rules) -> None:
    """Every register entry of the ruleset (spec/ambiguities.yaml: those with a default for it)
    has its open point, so the list "Agree before you play" is the register's; every entry a
    rule of the ruleset names is one of them; and the readings are the entry's options for
    the ruleset (or its default), the one the booklet plays among them."""
    written = booklet.doc.data["open_points"]
    wanted = register_entries(rules)
    for cid in rules.data["clauses"]:
        for amb in open_entries(rules, cid):
            if amb not in wanted:
                raise booklet.error(f"{amb}, which rule {cid} leaves open, has no default for {booklet.ruleset} in the "
                                    "register", ("open_points",))
    for amb in wanted:
        if amb not in written:
            raise booklet.error(f"no open point for {amb}, an entry of the register for {booklet.ruleset}",
                                ("open_points",))
    for amb, item in written.items():
        if amb not in wanted:
            raise booklet.error(f"{amb} is not an entry of the register for {booklet.ruleset}", ("open_points", amb))
        if "quiet" in item:
            continue
        entry = register().entry(amb)
        names = [o.name for o in entry.options
                 if booklet.ruleset in o.overrides or o.name == entry.defaults[rules.id]["option"]]
        for name in item["readings"]:
            if name not in names:
                raise booklet.error(f"{amb} has no option '{name}' for {booklet.ruleset} (options: {', '.join(names)})",
                                    ("open_points", amb, "readings", name))
        played = option_in_force(entry, rules)
        if played not in item["readings"]:
            raise booklet.error(f"no reading for '{played}', the option of {amb} this booklet plays",
                                ("open_points", amb, "readings"))


def register_entries(rules: Rules) -> list[str]:
    """The ids of the register's entries for the ruleset: those that give it a default."""
    return [e.id for e in register().entries if rules.id in e.defaults]


def option_in_force(entry: Entry, rules: Rules) -> str:
    """The option of a register entry that the ruleset, at its parameter values, plays: the first
    whose overrides it matches, else the register's default for the ruleset."""
    for option in entry.options:
        overrides = option.overrides.get(rules.id)
        if overrides and all(rules.params.get(k) == v for k, v in overrides.items()):
            return option.name
    return str(entry.defaults[rules.id]["option"])


def open_entries(rules: Rules, cid: str) -> list[str]:
    """The register entries the clause's parameters name: where the sources are open."""
    out: list[str] = []
    parameters = rules.data["parameters"]
    for name in rules.data["clauses"][cid].get("params", []):
        for amb in (parameters.get(name) or {}).get("ambiguity", []):
            if amb not in out:
                out.append(amb)
    return sorted(out)


def spec_date(root: Path = SPEC_DIR) -> datetime.date | None:
    """The date of the spec's last commit (git), or None outside a checkout."""
    try:
        done = subprocess.run(["git", "log", "-1", "--format=%cs", "--", "."], cwd=root, capture_output=True,
                              text=True, timeout=20, check=False)
        return datetime.date.fromisoformat(done.stdout.strip())
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def date_text(date: datetime.date, lang: str) -> str:
    day = "1\u1d49\u02b3" if lang == "fr" and date.day == 1 else str(date.day)  # 1ᵉʳ, raised
    return f"{day}\u00a0{MONTHS[lang][date.month - 1]} {date.year}"


def _heading(title: str, char: str) -> list[str]:
    return [title, char * (len(title) + 2), ""]


def _bi(value: Mapping[str, str], lang: str) -> str:
    return esc(str(value[lang]))


def title_page(booklet: Booklet, rules: Rules, lang: str) -> list[str]:
    """The first page: the game, "the table copy", the subtitle and the project in a small
    block (no date nor version: the edition's date closes the part "Before you play"), then
    the quick start (hand-written, in the data file); then the toctree of the other pages (the
    HTML site's contents; on paper each part is titled instead)."""
    w, data = WORDS[lang], booklet.data
    lines = _heading(_bi(data["title"], lang), "=")
    lines += [".. rst-class:: booklet-kind", "", f"{esc(w['booklet'])} \u2014 {_bi(data['subtitle'], lang)}", ""]
    lines += [".. rst-class:: booklet-date", "", esc(w["project"]), ""]
    lines += [".. rst-class:: booklet-print", "", esc(w["print"]), ""]
    # the HTML site's link to the PDF beside it (brou.book.build puts both there); not printed
    lines += [".. rst-class:: booklet-pdf", "", f"`{esc(w['pdf'])} <../../{pdf_name(booklet.ruleset, lang)}>`__", ""]
    # a rubric, not a section: the parts after it are the title's sections, not the quick start's
    lines += [f".. rubric:: {esc(w['quick-start'])}", "   :class: quick-start-title", ""]
    lines += table_plan(rules, lang)
    lines += [".. container:: quick-start", ""]
    for item in data["quick_start"]:
        lines += [f"   **{_bi(item['head'], lang)}** {_bi(item['text'], lang)}", ""]
    lines += [".. toctree::", "   :maxdepth: 1", f"   :caption: {w['contents']}", "", *(f"   {d}" for d in DOCS), ""]
    return lines


def table_plan(rules: Rules, lang: str) -> list[str]:
    """The seats round the table and the way play goes, beside the quick start (a raw block:
    the picture of `brou.book.seats.table_svg` and its caption)."""
    svg = [line for line in table_svg(rules, lang).splitlines() if line.strip()]
    caption = html.escape(PLAN_WORDS[lang][0], quote=False)
    return [".. raw:: html", "", '   <div class="table-plan">', *(f"   {line}" for line in svg),
            f'   <p class="table-plan-caption">{caption}</p>', "   </div>", ""]


def agree_points(booklet: Booklet, rules: Rules, lang: str) -> list[Agree]:
    """The list "Agree before you play": every register entry of the ruleset (register_entries)
    but the quiet ones, in the order of the rules that first leave them open; an entry no rule
    names comes last.  Its text is the data file's `open_points`, in `lang`."""
    titled = booklet.data["chapters"]
    numbers = booklet_numbers(rules, titled)
    first: dict[str, str] = {}
    for _, ids in booklet_chapters(rules, titled):
        for cid in ids:
            for amb in open_entries(rules, cid):
                first.setdefault(amb, cid)
    place = {cid: n for n, cid in enumerate(cid for _, ids in booklet_chapters(rules, titled) for cid in ids)}
    out: list[Agree] = []
    entries = register_entries(rules)
    for amb in sorted(entries, key=lambda a: (place.get(first.get(a, ""), len(place)), entries.index(a))):
        item = booklet.data["open_points"][amb]
        if "quiet" in item:
            continue
        readings = item["readings"]
        played = option_in_force(register().entry(amb), rules)
        cid = first.get(amb, "")
        out.append(Agree(amb, cid, numbers[cid] if cid else "", _bi(item["point"], lang), _bi(readings[played], lang),
                         tuple(_bi(readings[name], lang) for name in readings if name != played)))
    return out


def open_point_note(numbers: list[int], lang: str) -> str:
    """Under the rule that first leaves points open: their numbers in the list "Agree before
    you play", where each point and its readings are said once; "" for none."""
    if not numbers:
        return ""
    w = WORDS[lang]
    if len(numbers) == 1:
        return f"**{esc(w['open'])}** {esc(w['open-ref'].format(n=numbers[0]))}"
    listed = ", ".join(str(n) for n in numbers[:-1]) + f" {w['and']} {numbers[-1]}"
    return f"**{esc(w['open-plural'])}** {esc(w['open-refs'].format(n=listed))}"


def rules_page(booklet: Booklet, rules: Rules, lang: str) -> list[str]:
    """The rules, chapter by chapter in the order of play, every clause once and numbered, each
    open point pointed to under the first rule that leaves it open; then the irregularities,
    which cite the rules by number."""
    w, titled = WORDS[lang], booklet.data["chapters"]
    numbers = booklet_numbers(rules, titled)
    lines = _heading(esc(w["rules"]), "=") + [".. container:: booklet-rules", ""]
    listed = list(enumerate(agree_points(booklet, rules, lang), 1))
    for c, (chapter, ids) in enumerate(booklet_chapters(rules, titled), 1):
        lines += ["   .. rubric:: " + f"{c}. {_bi(titled[chapter], lang)}", "      :class: rules-chapter", ""]
        for cid in ids:
            lines += [f"   .. booklet-rule:: {cid}", f"      :number: {numbers[cid]}", "",
                      f"      {esc(str(rules.data['clauses'][cid][lang]))}", ""]
            note = open_point_note([n for n, item in listed if item.cid == cid], lang)
            if note:
                lines += ["      .. rst-class:: rule-open", "", f"      {note}", ""]
    return lines + irregularities(booklet, numbers, lang)


def irregularities(booklet: Booklet, numbers: Mapping[str, str], lang: str) -> list[str]:
    """The irregularities: for each topic, the rules that settle it (by number, linked) or the
    rules' silence, and the project's suggested practice, marked as not a rule of the game."""
    w = WORDS[lang]
    lines = ["   .. rubric:: " + esc(w["irregularities"]), "      :class: rules-chapter", "",
             "   .. rst-class:: irregularities-intro", "", f"   {esc(w['irregularities-intro'])}", ""]
    for item in booklet.data["irregularities"]:
        body = [f"**{_bi(item['topic'], lang)}**"]
        ids = item.get("clauses", [])
        if ids:
            refs = ", ".join(f"`{numbers[cid]} <#{cid}>`__" for cid in ids)
            body.append(f"{w['see-plural'] if len(ids) > 1 else w['see']} {refs}.")
        if "text" in item:
            body.append(_bi(item["text"], lang))
        if not ids:
            body.append(esc(w["silent"]))
        elif "suggestion" in item:
            body.append(esc(w["no-remedy"]))
        if "suggestion" in item:
            body.append(f"*{esc(w['suggestion'])}* {_bi(item['suggestion'], lang)}")
        lines += ["   .. rst-class:: irregularity", "", "   " + " ".join(body), ""]
    return lines


def card_steps(booklet: Booklet, rules: Rules, lang: str) -> list[Step]:
    """The phases of a deal for the reference card (the data file's `card_steps`), each with
    the numbers its rules have in this booklet."""
    numbers = booklet_numbers(rules, booklet.data["chapters"])
    return [Step(str(item["head"][lang]), str(item["text"][lang]), tuple(numbers[c] for c in item["clauses"]))
            for item in booklet.data["card_steps"]]


def contributed(part: str, booklet: Booklet, rules: Rules, lang: str) -> list[str]:
    """The part before play, the reference card, the commented deal (its rules cited by their
    numbers here) or the score sheets, from their own modules."""
    from .sheets import sheet_pages
    from .walkthrough import commented_deal

    if part == "table":
        date = spec_date()
        edition = WORDS[lang]["edition"].format(date=date_text(date, lang)) if date else ""
        return before_play(booklet.data, agree_points(booklet, rules, lang), lang, edition)
    if part == "card":
        return reference_card(rules, lang, card_steps(booklet, rules, lang))
    if part == "deal":
        numbers = booklet_numbers(rules, booklet.data["chapters"])
        return commented_deal(rules, int(booklet.data["deal_seed"]), lang, numbers)
    return sheet_pages(rules, lang, WORDS[lang]["sheets"])


def pages(ruleset: str, lang: str) -> dict[str, str]:
    """The booklet of `ruleset` in `lang` as reStructuredText pages: page name -> text."""
    if lang not in WORDS:
        raise ValueError(f"no language '{lang}' (known: {', '.join(WORDS)})")
    booklet = load_booklet(ruleset)
    rules = Rules.load(ruleset)
    out = {"index": title_page(booklet, rules, lang), "rules": rules_page(booklet, rules, lang)}
    for part in ("table", "card", "deal", "sheets"):
        body = [".. container:: booklet-" + part, ""] + [f"   {x}" if x else "" for x in contributed(part, booklet, rules, lang)]
        if part == "card":  # where the card ends: the PDF's test finds it on the card's page
            body += ["", "   .. raw:: html", "", f'      <p id="{CARD_END}" class="card-end"></p>', ""]
        # the part's class on its section: print.css hides the sheet's heading, for room
        out[part] = [f".. rst-class:: booklet-part-{part}", ""] + _heading(esc(WORDS[lang][part]), "=") + body + [""]
    return {name: "\n".join(lines) + "\n" for name, lines in out.items()}


def write_pages(ruleset: str, lang: str, folder: Path) -> Path:
    """Write the booklet's pages into `folder` (emptied of old pages first); the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.rst"):
        old.unlink()
    for name, text in pages(ruleset, lang).items():
        (folder / f"{name}.rst").write_text(text, encoding="utf-8")
    return folder


def pdf_name(ruleset: str, lang: str) -> str:
    """The file name of the booklet's PDF, in build/rulebook/."""
    return f"booklet-{ruleset}-{lang}.pdf"


def booklet_title(ruleset: str, lang: str) -> str:
    """The title of the HTML pages: the game and "players' booklet"."""
    return f"{load_booklet(ruleset).data['title'][lang]} \u2014 {WORDS[lang]['booklet']}"


class RuleDirective(SphinxDirective):
    """``.. booklet-rule:: CLAUSE`` with ``:number: 4.2``: one rule, its number before its
    statement; the rule's HTML anchor is the clause id (the traceability of the site), which
    the printed page never shows."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"number": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        cid = self.arguments[0]
        box = nodes.container(classes=["booklet-rule"])
        box["ids"] = [cid]
        self.state.nested_parse(self.content, self.content_offset, box)
        first = box.children[0] if box.children else None
        if not isinstance(first, nodes.paragraph):
            raise self.error("a rule needs its statement as first paragraph")
        first.insert(0, nodes.Text(" "))
        first.insert(0, nodes.inline(self.options.get("number", ""), self.options.get("number", ""),
                                     classes=["rule-number"]))
        return [box]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("booklet-rule", RuleDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

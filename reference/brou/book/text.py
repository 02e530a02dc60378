"""The generated parts of the rulebook, written as reStructuredText in English or French.

Each function takes the `Book` (brou.book.model) and a language and returns lines of
reStructuredText that `brou.book.sphinxext` parses in place: the rules of a chapter
(`rules`), the cards and marriage tables, the parameters, the ambiguity register, the
proved facts, the clause index.  Links are the `brou` domain's roles (`:brou:clause:`,
`:brou:amb:`...), so a link to something the book does not hold fails the build.
Text that comes from the spec is escaped (`esc`): the spec is data, not markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..ambiguities import Entry, Register, in_lang, load_register
from ..prove import FactResult, run_all
from ..spec import citation
from .model import (
    ALL_RULESETS,
    AUV,
    BRUS,
    CHAPTERS,
    HOM,
    NEW,
    OLD,
    PART_CHAPTERS,
    RULESETS,
    SHORT,
    Block,
    Book,
    Clause,
    chapter_page,
)

LANGS = ("en", "fr")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "both": "1802 and Brouc", "old-only": "1802 only", "new-only": "Brouc only",
        "no-counterpart-new": "Brouc has no such rule.", "no-counterpart-old": "1802 has no such rule.",
        "sources": "Sources", "params": "Parameters", "replaces": "Replaces", "engine": "Engine",
        "scenarios": "Scenarios", "hand-written": "hand-written", "more": "more", "none": "none",
        "rank": "Card", "name": "Name", "points": "Points", "suit": "Suit", "order": "Order",
        "marriage": "Marriage", "cards": "Cards", "plain": "In a plain suit", "trumps": "In trumps",
        "simple": "simple", "grand": "grand", "announced": "Announced", "table": "On the table",
        "credited": "credited", "immediately": "at once", "end-of-deal": "at the end of the deal",
        "others-lose": "the other team loses as much", "others-keep": "the other team loses nothing",
        "times": "times its value", "question": "Question", "options": "Options", "default": "Default",
        "why": "Why", "ruleset": "Ruleset", "bends": "Clauses it bends", "register": "Register",
        "what-sources-say": "What the sources say", "witness": "Witness", "defaults": "Defaults",
        "found": "found", "not-playable": "not playable", "status": "Status", "expected": "expected",
        "proved": "proved", "refuted": "refuted", "details": "How it was checked",
        "counterexample": "Counterexample", "rulesets": "Rulesets", "clauses": "Clauses",
        "clause": "Clause", "chapter": "Chapter", "function": "Engine function", "statement": "Statement",
        "section": "section", "cited-by": "Cited by", "citation": "Reference", "note": "Note",
        "file": "File", "ok": "as the project asserts", "not-ok": "NOT as the project asserts",
        "option": "option", "choice": "a choice made before play", "shown-in": "shown as an example",
        "contents": "Contents",
        "witness-found": "found", "witness-partly-found": "found for some pairs of options",
        "witness-not-modelled": "none (not modelled)", "witness-not-playable": "none (an option cannot be played)",
        "witness-single-option": "none (a single option)",
        "witness-not-observable": "none (the options differ only in what players see)",
        "paragraph": "Paragraph", "says": "What it says", "encoded-by": "Clauses, or why none",
        "heading": "a heading", "history": "history", "example": "an example", "stakes": "stakes",
        "etiquette": "etiquette", "equipment": "equipment", "cross-reference": "a cross-reference",
        "commentary": "commentary", "not modelled": "not modelled yet",
        "brus": "Brusquembille", "auv": "L'Homme d'Auvergne", "hom": "L'Hombre",
        "amb-pending": "not yet in the register",
    },
    "fr": {
        "both": "1802 et Brouc", "old-only": "1802 seulement", "new-only": "Brouc seulement",
        "no-counterpart-new": "Le Brouc n'a pas cette règle.", "no-counterpart-old": "Le texte de 1802 n'a pas cette règle.",
        "sources": "Sources", "params": "Paramètres", "replaces": "Remplace", "engine": "Moteur",
        "scenarios": "Scénarios", "hand-written": "écrits à la main", "more": "de plus", "none": "aucun",
        "rank": "Carte", "name": "Nom", "points": "Points", "suit": "Couleur", "order": "Rang",
        "marriage": "Mariage", "cards": "Cartes", "plain": "Couleur ordinaire", "trumps": "En atout",
        "simple": "simple", "grand": "grand", "announced": "Annoncé", "table": "Sur table",
        "credited": "compté", "immediately": "aussitôt", "end-of-deal": "en fin de donne",
        "others-lose": "l'autre équipe perd autant", "others-keep": "l'autre équipe ne perd rien",
        "times": "fois sa valeur", "question": "Question", "options": "Options", "default": "Par défaut",
        "why": "Pourquoi", "ruleset": "Règle", "bends": "Clauses concernées", "register": "Registre",
        "what-sources-say": "Ce que disent les sources", "witness": "Témoin", "defaults": "Choix par défaut",
        "found": "trouvé", "not-playable": "non jouable", "status": "Statut", "expected": "attendu",
        "proved": "démontré", "refuted": "réfuté", "details": "Vérification",
        "counterexample": "Contre-exemple", "rulesets": "Règles", "clauses": "Clauses",
        "clause": "Clause", "chapter": "Chapitre", "function": "Fonction du moteur", "statement": "Énoncé",
        "section": "section", "cited-by": "Citée par", "citation": "Référence", "note": "Remarque",
        "file": "Fichier", "ok": "conforme à ce qu'affirme le projet", "not-ok": "CONTRAIRE à ce qu'affirme le projet",
        "option": "option", "choice": "un choix fait avant de jouer", "shown-in": "montré en exemple",
        "contents": "Table des matières",
        "witness-found": "trouvé", "witness-partly-found": "trouvé pour certaines paires d'options",
        "witness-not-modelled": "aucun (non modélisé)", "witness-not-playable": "aucun (une option n'est pas jouable)",
        "witness-single-option": "aucun (une seule option)",
        "witness-not-observable": "aucun (les options ne diffèrent que par ce que voient les joueurs)",
        "paragraph": "Paragraphe", "says": "Ce qu'il dit (en anglais)", "encoded-by": "Clauses, ou pourquoi aucune",
        "heading": "un titre", "history": "histoire", "example": "un exemple", "stakes": "enjeux",
        "etiquette": "usages", "equipment": "matériel", "cross-reference": "un renvoi",
        "commentary": "commentaire", "not modelled": "pas encore modélisé",
        "brus": "Brusquembille", "auv": "L'Homme d'Auvergne", "hom": "L'Hombre",
        "amb-pending": "pas encore au registre",
    },
}

def words(lang: str) -> Mapping[str, str]:
    if lang not in WORDS:
        raise ValueError(f"no language '{lang}' (known: {', '.join(LANGS)})")
    return WORDS[lang]


_SPECIAL = re.compile(r"([\\*`_|])")


def esc(text: str) -> str:
    """`text` with the characters reStructuredText reads as markup escaped."""
    return _SPECIAL.sub(r"\\\1", text)


def indent(lines: Iterable[str], by: str = "   ") -> list[str]:
    return [by + line if line else "" for line in lines]


def source_cite(source: Mapping[str, str], lang: str) -> str:
    """`S1 §7.1`, `S2 "Spiel der Karten"` or `B1 ¶6` (a source cited by paragraph), linked to
    the source in the appendix."""
    from ..sources import cited_by_paragraph

    sid = source["source"]
    section = source.get("section")
    if not section:
        label = sid
    elif sid in cited_by_paragraph():
        label = f"{sid} \u00b6\u00a0{section}" if lang == "fr" else f"{sid} \u00b6{section}"
    elif re.fullmatch(r"[0-9.]+", section):
        label = f"{sid} §\u00a0{section}" if lang == "fr" else f"{sid} §{section}"
    else:
        label = f"{sid} « {section} »" if lang == "fr" else f"{sid} \u201c{section}\u201d"
    return f":brou:source:`{_role_text(label)} <{sid}>`"


def _role_text(text: str) -> str:
    """Text for the title part of a role: backquotes and angle brackets cannot appear."""
    return text.replace("`", "'").replace("<", "(").replace(">", ")")


def tags(clause: Clause, lang: str) -> str:
    w = words(lang)
    if clause.rulesets == (BRUS,):
        return w["brus"]
    if clause.rulesets == (AUV,):
        return w["auv"]
    if clause.rulesets == (HOM,):
        return w["hom"]
    if clause.rulesets == RULESETS:
        return w["both"]
    return w["old-only"] if clause.rulesets == (OLD,) else w["new-only"]


def clause_body(book: Book, cid: str, lang: str, max_scenarios: int = 3) -> list[str]:
    """The inside of one clause's block: its id (a link to itself) and rulesets, its
    statement, then where it comes from and what links to it."""
    w = words(lang)
    clause = book.clauses[cid]
    out = [".. rst-class:: clause-head", "", f":brou:clause:`{cid}` \u00b7 {tags(clause, lang)}", "",
           esc(clause.statement(lang)), ""]
    variants = clause.data.get("variants")  # under other parameter values; booklets leave it out (issue 21)
    if variants:
        out += [".. rst-class:: clause-variants", "", esc(str(variants[lang])), ""]
    out += [".. rst-class:: clause-meta", ""]
    fields: list[tuple[str, str]] = [(w["sources"], ", ".join(source_cite(s, lang) for s in clause.sources))]
    if clause.params:
        fields.append((w["params"], ", ".join(f":brou:param:`{p}`" for p in clause.params)))
    if clause.replaces:
        fields.append((w["replaces"], ", ".join(f":brou:clause:`{r}`" for r in clause.replaces)))
    function = book.implemented_by.get(cid)
    fields.append((w["engine"], f"``{function}``" if function else w["none"]))
    scenarios = sorted(book.scenarios.get(cid, []), key=lambda s: _closeness(cid, s))
    shown = ", ".join(f":brou:scenario:`{s.id}`" for s in scenarios[:max_scenarios])
    more = len(scenarios) - max_scenarios
    fields.append((w["scenarios"], f"{len(scenarios)} {w['hand-written']}"
                   + (f": {shown}" if shown else "") + (f", {more} {w['more']}" if more > 0 else "")))
    out += [f":{name}: {value}" for name, value in fields]
    return out + [""]


def _closeness(cid: str, scenario: Any) -> int:
    """The order in which a clause's scenarios are named: those written for the clause, then
    others of its topic, then witnesses, mutation and perft scenarios (stable otherwise)."""
    if scenario.id.startswith(cid + "."):
        return 0
    if scenario.ambiguity or ".perft." in scenario.id or "/mutation/" in scenario.file:
        return 2
    return 1


def block_lines(block: Block, lang: str) -> list[str]:
    """One block of a chapter: clause directives, two columns when the rulesets differ."""
    w = words(lang)
    if block.kind == "alone":
        return [line for cid in block.clauses for line in (f".. brou-clause:: {cid}", "")]
    if block.kind in ("both", "old-only", "new-only") and not (block.left and block.right):
        lines: list[str] = []
        for cid in block.clauses:
            lines += [f".. brou-clause:: {cid}", ""]
        if block.kind == "old-only":
            lines += [".. rst-class:: no-counterpart", "", w["no-counterpart-new"], ""]
        elif block.kind == "new-only":
            lines += [".. rst-class:: no-counterpart", "", w["no-counterpart-old"], ""]
        return lines
    lines = [".. list-table::", "   :class: side-by-side", "   :header-rows: 1", "   :widths: 50 50", "",
             f"   * - {esc(_title(OLD))}", f"     - {esc(_title(NEW))}"]
    for n, side in enumerate((block.left, block.right)):
        lines.append("   * - " if n == 0 else "     - ")
        for cid in side:
            lines += ["", f"       .. brou-clause:: {cid}"]
        lines.append("")
    return lines


def _title(ruleset: str) -> str:
    return "L'Homme de Brou (1802)" if ruleset == OLD else "Brouc (L'Etivaz)"


def rules(book: Book, chapter: str, lang: str) -> list[str]:
    """Every clause of `chapter`: for 1802 and Brouc both rulesets, side by side where they
    differ; for a chapter of a game with a part of its own (`brus.talon`, `auv.king`), its
    clauses in order."""
    if chapter not in CHAPTERS + PART_CHAPTERS:
        raise KeyError(f"no chapter '{chapter}' in the spec (known: {', '.join(CHAPTERS + PART_CHAPTERS)})")
    out: list[str] = []
    for block in book.blocks(chapter):
        out += block_lines(block, lang)
    return out


def _list_table(header: Sequence[str], rows: Iterable[Sequence[str]], widths: Sequence[int] | None = None,
                klass: str | None = None) -> list[str]:
    out = [".. list-table::", "   :header-rows: 1"]
    if widths:
        out.append("   :widths: " + " ".join(str(x) for x in widths))
    if klass:
        out.append(f"   :class: {klass}")
    out.append("")
    for row in [header, *rows]:
        for n, cell in enumerate(row):
            out.append(("   * - " if n == 0 else "     - ") + (cell or "\u2014"))
    return out + [""]


def cards(book: Book, lang: str, ruleset: str = "") -> list[str]:
    """The ranks strongest first, with their names and card points; the suits.  Without
    `ruleset`, the one deck of 1802 and Brouc; with it, that ruleset's deck in its default
    plain order (`orders.plain`)."""
    w = words(lang)
    if ruleset:
        if ruleset not in book.rules:
            raise KeyError(f"no ruleset '{ruleset}' in the book (known: {', '.join(book.rules)})")
        deck = book.rules[ruleset].data["deck"]
        order = book.rules[ruleset].data.get("orders", {}).get("plain")
        by_symbol = {r["symbol"]: r for r in deck["ranks"]}
        ranks = [by_symbol[x] for x in order] if order else list(deck["ranks"])
    else:
        decks = [book.rules[r].data["deck"] for r in RULESETS]
        if decks[0] != decks[1]:
            raise ValueError("the two rulesets have different decks: the cards table shows one deck")
        deck = decks[0]
        ranks = list(deck["ranks"])
    rows = [[str(n), f"``{r['symbol']}``", esc(r[lang]), str(r["points"])] for n, r in enumerate(ranks, 1)]
    out = _list_table([w["order"], w["rank"], w["name"], w["points"]], rows, [10, 15, 45, 15], "cards")
    suits = [[f"``{s['symbol']}``", esc(s[lang])] for s in deck["suits"]]
    return out + _list_table([w["suit"], w["name"]], suits, [20, 60], "suits")


def marriages(book: Book, lang: str) -> list[str]:
    """The marriage kinds and their values, then how each ruleset scores them."""
    w = words(lang)
    data = {r: book.rules[r].data["marriages"] for r in RULESETS}
    if data[OLD]["kinds"] != data[NEW]["kinds"] or data[OLD]["trump_factor"] != data[NEW]["trump_factor"]:
        raise ValueError("the two rulesets have different marriage kinds: the table shows one set")
    factor = data[OLD]["trump_factor"]
    rows = [[esc(w.get(name, name)), " ".join(f"``{r}``" for r in kind["ranks"]), str(kind["value"]),
             str(kind["value"] * factor)] for name, kind in data[OLD]["kinds"].items()]
    out = _list_table([w["marriage"], w["cards"], w["plain"], w["trumps"]], rows, [20, 25, 20, 20], "marriages")
    scoring = []
    for ruleset in RULESETS:
        a, t = data[ruleset]["announced"], data[ruleset]["table"]
        announced = f"+1 \u00d7, {w[a['credited']]}; " + w["others-lose" if a["deducted_from_others"] else "others-keep"]
        table = f"+{t['factor']} \u00d7, {w[t['credited']]}; " + w["others-lose" if t["deducted_from_others"] else "others-keep"]
        scoring.append([SHORT[ruleset], esc(announced), esc(table)])
    return out + _list_table([w["ruleset"], w["announced"], w["table"]], scoring, [15, 40, 40], "marriage-scoring")


@lru_cache(maxsize=1)
def register() -> Register:
    return load_register()


def parameter_entry(name: str) -> tuple[Entry | None, Mapping[str, Any] | None]:
    """The register's entry for parameter `name` (the first whose options set it), or its choice."""
    reg = register()
    for entry in reg.entries:
        if any(name in entry.params(r) for r in entry.rulesets):
            return entry, None
    return None, reg.choices.get(name)


def parameters(book: Book, lang: str) -> list[str]:
    """Every parameter of either ruleset: the question, and per ruleset its options and default."""
    w = words(lang)
    out: list[str] = []
    bends: dict[str, list[str]] = {}
    for clause in book.clauses.values():
        for p in clause.params:
            bends.setdefault(p, []).append(clause.id)
    for name, per_ruleset in sorted(book.parameters().items()):
        entry, choice = parameter_entry(name)
        if entry is not None:
            question = entry.text("question", lang)
        elif choice is not None:
            question = in_lang(choice, "why", lang)
        else:
            question = str(next(iter(per_ruleset.values()))["question"])
        body = [".. rst-class:: param-head", "", f"``{name}``", "", esc(question), ""]
        fields = []
        named = sorted({a for spec in per_ruleset.values() for a in spec.get("ambiguity") or []})
        known = {e.id for e in register().entries}
        # the entry whose options set it, then any other entry a ruleset names (a parameter of
        # two games may have an entry for each); one not (yet) in the register is only named
        regs = [entry.id] if entry is not None else []
        regs += [a for a in named if a not in regs]
        if regs:
            fields.append((w["register"], ", ".join(f":brou:amb:`{a}`" if a in known else f"{a} ({w['amb-pending']})"
                                                     for a in regs)))
        else:
            fields.append((w["register"], esc(w["choice"])))
        if bends.get(name):
            fields.append((w["bends"], ", ".join(f":brou:clause:`{c}`" for c in bends[name])))
        body += [".. rst-class:: clause-meta", ""] + [f":{k}: {v}" for k, v in fields] + [""]
        rows = []
        for ruleset in ALL_RULESETS:
            if ruleset not in per_ruleset:
                continue
            spec = per_ruleset[ruleset]
            if entry is not None and ruleset in entry.defaults:
                why = entry.text("default", lang, ruleset)
            elif lang == "en" or choice is None:
                why = str(spec["why"])
            else:
                why = in_lang(choice, "why", lang)
            rows.append([SHORT[ruleset], ", ".join(f"``{_value(o)}``" for o in spec["options"]),
                         f"``{_value(spec['default'])}``", esc(why)])
        body += _list_table([w["ruleset"], w["options"], w["default"], w["why"]], rows, [12, 30, 18, 40], "params")
        out += [f".. brou-object:: param {name}", ""] + indent(body)
    return out


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "-".join(str(x) for x in v)
    return str(v)


def ambiguities(book: Book, lang: str) -> list[str]:
    """The register: each open question, what each source says, the options, the defaults, the witnesses."""
    w = words(lang)
    out: list[str] = []
    for entry in register().entries:
        body = [".. rst-class:: amb-head", "", f"**{entry.id}** \u00b7 {esc(entry.text('question', lang))}", ""]
        body += [".. rst-class:: amb-label", "", w["what-sources-say"], ""]
        for n, source in enumerate(entry.sources):
            body.append(f"- {source_cite(source, lang)}: {esc(entry.text('says', lang, n))}")
        body += ["", ".. rst-class:: amb-label", "", w["options"], ""]
        for option in entry.options:
            params = sorted({p for o in option.overrides.values() for p in o})
            set_ = ", ".join(f":brou:param:`{p}`" for p in params if p in book.parameters())
            line = f"- ``{option.name}``" + (f" ({set_})" if set_ else "")
            if not option.playable:
                line += f" \u2014 {w['not-playable']}: {esc(option.text(lang))}"
            body.append(line)
        body += ["", ".. rst-class:: amb-label", "", w["defaults"], ""]
        for ruleset, default in entry.defaults.items():
            body.append(f"- {SHORT[ruleset]}: ``{default['option']}`` \u2014 {esc(entry.text('default', lang, ruleset))}")
        body += ["", ".. rst-class:: amb-label", "", w["witness"], ""]
        for ruleset, witness in entry.witness.items():
            status = str(witness.get("status", ""))
            line = f"- {SHORT[ruleset]}: {esc(w.get('witness-' + status, status))}"
            ids = [s.id for s in book.scenarios_of_ambiguity(entry.id, ruleset)]
            if ids:
                line += ", " + ", ".join(f":brou:scenario:`{sid}`" for sid in ids)
            why = in_lang(witness, "why", lang)  # written in English only by tools/find-witnesses
            if why:
                line += f" \u2014 {esc(why)}"
            body.append(line)
        out += [f".. brou-object:: amb {entry.id}", ""] + indent(body + [""])
    return out


@lru_cache(maxsize=1)
def facts() -> tuple[FactResult, ...]:
    """Every z3 fact, checked now (brou.prove, seed 1802): the book shows what holds today."""
    return tuple(run_all())


def fact_lines(book: Book, lang: str, results: Sequence[FactResult] | None = None) -> list[str]:
    """The proved facts with their status, checked when the book is built."""
    w = words(lang)
    out: list[str] = []
    for result in facts() if results is None else results:
        verdict = w["proved"] if result.status == "proved" else w["refuted"]
        agreed = w["ok"] if result.ok else w["not-ok"]
        body = [".. rst-class:: fact-head", "", f"``{result.id}``", "", esc(result.text(lang)), "",
                ".. rst-class:: clause-meta", "",
                f":{w['status']}: **{verdict}**, {agreed}",
                f":{w['rulesets']}: " + ", ".join(SHORT[r] for r in result.rulesets)]
        linked = [c for c in result.clauses if c in book.clauses]
        if linked:
            body.append(f":{w['clauses']}: " + ", ".join(f":brou:clause:`{c}`" for c in linked))
        body += ["", ".. rst-class:: fact-details", "", f"{w['details']}:", "", "::", ""]
        body += indent(_wrap(result.details)) + [""]
        out += [f".. brou-object:: fact {result.id}", ""] + indent(body)
    return out


def _wrap(text: str, width: int = 88) -> list[str]:
    import textwrap

    lines: list[str] = []
    for para in text.splitlines() or [""]:
        lines += textwrap.wrap(para, width) or [""]
    return lines


def clause_index(book: Book, lang: str) -> list[str]:
    """Every clause by id: its rulesets, the chapter that states it, the function that runs it."""
    w = words(lang)
    rows = [[f":brou:clause:`{c.id}`", tags(c, lang), f":doc:`{chapter_page(c.chapter)}`",
             f"``{book.implemented_by.get(c.id, w['none'])}``"] for c in sorted(book.clauses.values(), key=lambda c: c.id)]
    return _list_table([w["clause"], w["rulesets"], w["chapter"], w["function"]], rows, [34, 14, 20, 32], "clause-index")


def source_lines(book: Book, sid: str, lang: str) -> list[str]:
    """A source as a reader can find it (brou.spec.citation), and the clauses that cite it."""
    w = words(lang)
    source = book.sources[sid]
    citing = [c.id for c in book.clauses.values() if any(s["source"] == sid for s in c.sources)]
    lines = [".. rst-class:: clause-meta", "", f":{w['citation']}: {esc(citation(source, lang))}"]
    if "note" in source:
        lines.append(f":{w['note']}: {esc(str(source['note'][lang]))}")
    cited = ", ".join(f":brou:clause:`{c}`" for c in citing)
    return [*lines, f":{w['cited-by']}: {len(citing)} {w['clauses'].lower()}: {cited}", ""]


def concordance(book: Book, lang: str) -> list[str]:
    """The source concordance (brou.sources): for each source, every paragraph (or recorded
    fact), what it says, and the clauses that encode it or the kind of note that says why none
    does (the note itself in the English book)."""
    from ..sources import entries, load_concordance, note_kind

    w = words(lang)
    out: list[str] = []
    for sid in load_concordance()["sources"]:
        title = f"{sid}: {citation(book.sources[sid], lang)}" if sid in book.sources else sid
        out += [f".. rubric:: {esc(title)}", ""]
        rows = []
        for e in entries(sid):
            if e.clauses:
                right = ", ".join(f":brou:clause:`{c}`" for c in e.clauses)
            else:
                kind = note_kind(e.note) or ""
                right = esc(e.note or "") if lang == "en" else esc(w.get(kind, kind))
            rows.append([esc(e.place), esc(e.about), right])
        out += _list_table([w["paragraph"], w["says"], w["encoded-by"]], rows, [12, 48, 40], "concordance")
    return out


GENERATED = ("cards", "marriages", "parameters", "ambiguities", "facts", "clause-index", "concordance")


def generated(book: Book, what: str, lang: str) -> list[str]:
    """The generated part named `what` (one of GENERATED, `rules CHAPTER`, or `cards RULESET`)."""
    name, _, arg = what.partition(" ")
    if name == "rules":
        return rules(book, arg.strip(), lang)
    if name == "cards":
        return cards(book, lang, arg.strip())
    makers = {"cards": cards, "marriages": marriages, "parameters": parameters, "ambiguities": ambiguities,
              "facts": fact_lines, "clause-index": clause_index, "concordance": concordance}
    if name not in makers:
        raise KeyError(f"nothing generated is called '{what}' (known: rules CHAPTER, {', '.join(GENERATED)})")
    return makers[name](book, lang)

"""The generated parts of the rulebook, written as reStructuredText in English or French.

Each function takes the `Book` (brou.book.model) and a language and returns lines of
reStructuredText that `brou.book.sphinxext` parses in place: the rules of a chapter
(`rules`), the cards and marriage tables, the parameters, the ambiguity register, the
proved facts, the clause index.  Links are the `brou` domain's roles (`:brou:clause:`,
`:brou:amb:`...), so a link to something the book does not hold fails the build.
Text that comes from the spec is escaped (`esc`): the spec is data, not markup.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import SpecError
from ..prove import FactResult, record_results
from ..spec import citation, source_field
from ..spec.ambiguities import Entry, Register, in_lang, load_register
from ..study.output import REPLAYED_FILE, headlines, load_figures
from . import typography
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
)

if TYPE_CHECKING:
    from ..spec.sources import Entry as SourceEntry

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
        "immediately": "at once", "end-of-deal": "at the end of the deal",
        "question": "Question", "options": "Options", "default": "Default",
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
        "brus": "Brusquembille", "auv": "L'Homme d'Auvergne", "hom": "L'Hombre",
        "amb-pending": "not yet in the register",
        "study": "What the readings change",
        "study-none": "not studied: fewer than two of its options can be played",
        "after": "After", "page": "Page",
        "callouts": "The numbers in rings on the blank sheet that follows:", "bent": "Parameters; replaces",
    },
    "fr": {
        "both": "1802 et Brouc", "old-only": "1802 seulement", "new-only": "Brouc seulement",
        "no-counterpart-new": "Le Brouc n'a pas cette règle.", "no-counterpart-old": "Le texte de 1802 n'a pas cette règle.",
        "sources": "Sources", "params": "Paramètres", "replaces": "Remplace", "engine": "Moteur",
        "scenarios": "Scénarios", "hand-written": "écrits à la main", "more": "de plus", "none": "aucun",
        "rank": "Carte", "name": "Nom", "points": "Points", "suit": "Couleur", "order": "Rang",
        "marriage": "Mariage", "cards": "Cartes", "plain": "Couleur ordinaire", "trumps": "En atout",
        "simple": "simple", "grand": "grand", "announced": "Annoncé", "table": "Sur table",
        "immediately": "aussitôt", "end-of-deal": "en fin de donne",
        "question": "Question", "options": "Options", "default": "Par défaut",
        "why": "Pourquoi", "ruleset": "Jeu", "bends": "Clauses concernées", "register": "Registre",
        "what-sources-say": "Ce que disent les sources", "witness": "Témoin", "defaults": "Choix par défaut",
        "found": "trouvé", "not-playable": "non jouable", "status": "Statut", "expected": "attendu",
        "proved": "démontré", "refuted": "réfuté", "details": "Vérification (journal du programme, en anglais)",
        "counterexample": "Contre-exemple", "rulesets": "Jeux", "clauses": "Clauses",
        "clause": "Clause", "chapter": "Chapitre", "function": "Fonction du moteur", "statement": "Énoncé",
        "section": "section", "cited-by": "Citée par", "citation": "Référence", "note": "Remarque",
        "file": "Fichier", "ok": "conforme à ce qu'affirme le projet", "not-ok": "CONTRAIRE à ce qu'affirme le projet",
        "option": "option", "choice": "un choix fait avant de jouer", "shown-in": "montré en exemple",
        "contents": "Table des matières",
        "witness-found": "trouvé", "witness-partly-found": "trouvé pour certaines paires d'options",
        "witness-not-modelled": "aucun (non modélisé)", "witness-not-playable": "aucun (une option n'est pas jouable)",
        "witness-single-option": "aucun (une seule option)",
        "witness-not-observable": "aucun (les options ne diffèrent que par ce que voient les joueurs)",
        "paragraph": "Paragraphe", "says": "Ce qu'il dit", "encoded-by": "Clauses, ou pourquoi aucune",
        "brus": "Brusquembille", "auv": "L'Homme d'Auvergne", "hom": "L'Hombre",
        "amb-pending": "pas encore au registre",
        "study": "Ce que changent les lectures",
        "study-none": "non étudié : moins de deux de ses options sont jouables",
        "after": "D'après", "page": "Page",
        "callouts": "Les numéros cerclés de la feuille vierge qui suit\u00a0:", "bent": "Paramètres ; remplace",
    },
}

WORDS["fr"] = {key: typography.fr(label) for key, label in WORDS["fr"].items()}  # French spaces


def words(lang: str) -> Mapping[str, str]:
    """The book's labels in `lang` (the French ones set by brou.book.typography.fr)."""
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
    the source in the appendix, where its author, title and address are."""
    return f":brou:source:`{_role_text(_cite_label(source, lang))} <{source['source']}>`"


def _cite_label(source: Mapping[str, str], lang: str) -> str:
    from ..spec.sources import cited_by_paragraph

    sid = source["source"]
    section = typography.section(source["section"], lang) if source.get("section") else None
    if not section:
        return sid
    if sid in cited_by_paragraph():
        return f"{sid} \u00b6\u00a0{section}" if lang == "fr" else f"{sid} \u00b6{section}"
    if re.fullmatch(r"[0-9.]+", section):
        return f"{sid} §\u00a0{section}" if lang == "fr" else f"{sid} §{section}"
    return f"{sid} «\u00a0{section}\u00a0»" if lang == "fr" else f"{sid} \u201c{section}\u201d"


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


def clause_body(book: Book, cid: str, lang: str) -> list[str]:
    """The inside of one clause's block as the reading edition prints it (issue 61): a small
    head, the clause's id (a link to its row of the implementer's apparatus, `clause_index`)
    and rulesets; its statement and its variants; then the sources it rests on.  The
    parameters, the clauses it replaces, the engine's function and the scenarios are in that
    apparatus, not in the text."""
    clause = book.clauses[cid]
    out = [".. rst-class:: clause-head", "", f":brou:trace:`{cid}` \u00b7 {tags(clause, lang)}", "",
           statement(book, clause.statement(lang)), ""]
    variants = clause.data.get("variants")  # under other parameter values; booklets leave it out (issue 21)
    if variants:
        out += [".. rst-class:: clause-variants", "", statement(book, str(variants[lang])), ""]
    if clause.sources:
        cites = "; ".join(source_cite(s, lang) for s in clause.sources)
        out += [".. rst-class:: clause-sources", "", f"{words(lang)['after']} {cites}", ""]
    return out


def apparatus(book: Book, cid: str, lang: str, max_scenarios: int = 2) -> list[str]:
    """The implementer's cells of a clause (issue 61: out of the reading text): its parameters
    and the clauses it replaces, the engine's function, its hand-written scenarios (the
    closest `max_scenarios` named)."""
    w = words(lang)
    clause = book.clauses[cid]
    bent = ", ".join(f":brou:param:`{p}`" for p in clause.params)
    if clause.replaces:
        bent += ("; " if bent else "") + f"{w['replaces']} " + ", ".join(f":brou:clause:`{r}`" for r in clause.replaces)
    function = book.implemented_by.get(cid)
    scenarios = sorted(book.scenarios.get(cid, []), key=lambda s: _closeness(cid, s))
    shown = ", ".join(f":brou:scenario:`{s.id}`" for s in scenarios[:max_scenarios])
    more = len(scenarios) - max_scenarios
    listed = (f"{len(scenarios)}" + (f": {shown}" if shown else "") + (f", {more} {w['more']}" if more > 0 else ""))
    return [bent, f"``{function}``" if function else w["none"], listed]


_TOKEN = re.compile(r"[A-Za-z0-9][\w.-]*(?:\w|\.\*)")
_PREFIXES = ("hdb.", "brouc.", "brus.", "auv.", "hom.")


def statement(book: Book, text: str) -> str:
    """A clause's statement (or its variants), escaped, with the identifiers it names (a parameter such as
    `undertrump_when_void`, an option such as `any-trump-play`, a clause or a family of
    clauses such as `brouc.play.*`) set as code, which the PDF never hyphenates or breaks
    inside a word (issue 21, part 2)."""
    known = _identifiers(book)
    out, at = [], 0
    for match in _TOKEN.finditer(text):
        word = match.group()
        if word in known or ("." in word and word.startswith(_PREFIXES)):
            out += [esc(text[at:match.start()]), f"\\ ``{word}``\\ "]
            at = match.end()
    return "".join(out) + esc(text[at:])


def _identifiers(book: Book) -> frozenset[str]:
    """Names a statement may use that are identifiers rather than words: parameters and the
    options they take, when they hold a `_`, `-` or `.` (`form` or `rounding` read as words)."""
    names = set(book.parameters())
    for per_ruleset in book.parameters().values():
        names.update(o for spec in per_ruleset.values() for o in spec["options"] if isinstance(o, str))
    return frozenset(n for n in names if re.search(r"[-_.]", n))


def _closeness(cid: str, scenario: Any) -> int:
    """The order in which a clause's scenarios are named: those written for the clause, then
    others of its topic, then witnesses, mutation and perft scenarios (stable otherwise)."""
    if scenario.id.startswith(cid + "."):
        return 0
    if scenario.ambiguity or ".perft." in scenario.id or "/mutation/" in scenario.file:
        return 2
    return 1


def block_lines(block: Block, lang: str) -> list[str]:
    """One block of a chapter: clause directives; where the rulesets differ, a table whose
    rows set each 1802 clause beside the Brouc clauses that replace it (issue 21, part 2),
    and a clause with no counterpart across the page, with a note saying so."""
    if block.kind == "alone":
        return [line for cid in block.clauses for line in (f".. brou-clause:: {cid}", "")]
    if block.kind in ("both", "old-only", "new-only") and not (block.left and block.right):
        return _full_width(block.clauses, block.kind, lang)
    lines: list[str] = []
    pairs: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for left, right in [*(block.rows or ((block.left, block.right),)), ((), ())]:
        if left and right:
            pairs.append((left, right))
            continue
        if pairs:  # the rows that face each other so far, as one table
            lines += _side_by_side(pairs)
            pairs = []
        if left or right:
            lines += _full_width(left or right, "old-only" if left else "new-only", lang)
    return lines


def _full_width(cids: Sequence[str], kind: str, lang: str) -> list[str]:
    """Clauses across the page; for one ruleset's clauses, the note that the other has none."""
    lines = [line for cid in cids for line in (f".. brou-clause:: {cid}", "")]
    if kind in ("old-only", "new-only"):
        note = words(lang)["no-counterpart-new" if kind == "old-only" else "no-counterpart-old"]
        lines += [".. rst-class:: no-counterpart", "", note, ""]
    return lines


def _side_by_side(pairs: Sequence[tuple[Sequence[str], Sequence[str]]]) -> list[str]:
    """A table headed by the two rulesets, one row per pair: 1802's clauses, the Brouc ones."""
    lines = [".. list-table::", "   :class: side-by-side", "   :header-rows: 1", "   :widths: 50 50", "",
             f"   * - {esc(_title(OLD))}", f"     - {esc(_title(NEW))}"]
    for pair in pairs:
        for n, side in enumerate(pair):
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
                klass: str | None = None, title: str = "") -> list[str]:
    """A list-table with one header row; `title` is its caption."""
    out = [".. list-table::" + (f" {title}" if title else ""), "   :header-rows: 1"]
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
    rows = [[str(n), f"``{typography.rank(r['symbol'], lang)}``", esc(r[lang]), str(r["points"])]
            for n, r in enumerate(ranks, 1)]
    out = _list_table([w["order"], w["rank"], w["name"], w["points"]], rows, [10, 15, 45, 15], "cards")
    suits = [[f"``{typography.suit(s['symbol'], lang)}``", esc(s[lang])] for s in deck["suits"]]
    return out + _list_table([w["suit"], w["name"]], suits, [20, 60], "suits")


# Labels of the tables written by this part of the module (issue 21, part 2): the marriage
# tables, the facts, the parameters and the sources.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "marriages-title": "The marriages and their value in points",
        "marriage-scores-title": "What a marriage scores, in points, in each game",
        "marriage-when-title": "When marriages are scored",
        "game": "Game", "way": "Who scores",
        "announcer": "Announced: the announcing team",
        "table-winners": "On the table: the team that wins the trick",
        "table-others": "On the table: the other team",
        "announce-others": "Announced: the other team",
        "in-plain": "in a plain suit", "in-trumps": "in trumps",
        "when-announced": "An announced marriage", "when-table": "A marriage on the table",
        "fact": "Fact", "result": "Result", "covers": "What was checked", "record": "Full record",
        "record-text": "This build's record", "z3-values": "the values of z3's model",
        "facts-title": "The facts and their results in this build",
        "param": "Parameter", "entry": "Register entry",
        "author": "Author", "title": "Title", "published": "Published in", "original": "After",
        "address": "Address", "date": "Date", "cites": "Cited as",
        "field": "Setup", "value": "Value", "step": "Step", "action": "Played", "answer": "Expected answer",
        "game-ruleset": "Game", "params-set": "Parameters set", "dealer": "Dealer", "turnup": "Turned card",
        "hand": "Hand of player", "player": "player", "refused": "refused", "source-of": "Source",
        "scores": "Game so far", "yes": "yes", "no": "no",
    },
    "fr": {
        "marriages-title": "Les mariages et leur valeur en points",
        "marriage-scores-title": "Ce que rapporte un mariage, en points, dans chaque jeu",
        "marriage-when-title": "Quand les mariages sont comptés",
        "game": "Jeu", "way": "Qui marque",
        "announcer": "Annoncé\u00a0: l'équipe qui annonce",
        "table-winners": "Sur table\u00a0: l'équipe qui gagne la levée",
        "table-others": "Sur table\u00a0: l'autre équipe",
        "announce-others": "Annoncé\u00a0: l'autre équipe",
        "in-plain": "hors atout", "in-trumps": "en atout",
        "when-announced": "Un mariage annoncé", "when-table": "Un mariage sur table",
        "fact": "Fait", "result": "Résultat", "covers": "Ce qui a été vérifié", "record": "Détail complet",
        "z3-values": "les valeurs du modèle de z3",
        "facts-title": "Les faits et leur résultat lors de cette construction",
        "param": "Paramètre", "entry": "Entrée du registre",
        "author": "Auteur", "title": "Titre", "published": "Publié dans", "original": "D'après",
        "address": "Adresse", "date": "Date", "cites": "Cité sous la forme",
        "field": "Mise en place", "value": "Valeur", "step": "Étape", "action": "Joué",
        "answer": "Réponse attendue", "game-ruleset": "Jeu", "params-set": "Paramètres choisis",
        "dealer": "Donneur", "turnup": "Retourne", "hand": "Main du joueur", "player": "joueur",
        "refused": "refusé", "source-of": "Source", "scores": "Partie en cours", "yes": "oui", "no": "non",
    },
}


def labels(lang: str) -> Mapping[str, str]:
    """The words of `words(lang)` and the labels of the marriage, fact, parameter and source tables."""
    return {**words(lang), **LABELS[lang]}


def _points(n: int, lang: str) -> str:
    """A number of points as printed: a true minus sign, and a thin space in thousands."""
    return ("\u2212" if n < 0 else "") + f"{abs(n):,}".replace(",", "\u202f")


def marriages(book: Book, lang: str) -> list[str]:
    """The marriage tables (issue 21, part 2): the kinds with their cards and values, then what
    each game scores for each of them, every value a number, then when it is scored."""
    w = labels(lang)
    rules = {r: book.rules[r] for r in RULESETS}
    old, new = rules[OLD], rules[NEW]
    if [(k.name, k.ranks, k.value) for k in old.kinds] != [(k.name, k.ranks, k.value) for k in new.kinds] \
            or old.trump_factor != new.trump_factor:
        raise ValueError("the two rulesets have different marriage kinds: the table shows one set")
    names = {r["symbol"]: r[lang] for r in old.data["deck"]["ranks"]}
    kinds = old.kinds
    rows = [[esc(w.get(k.name, k.name)), esc(", ".join(names[r] for r in k.ranks)), _points(k.value, lang),
             _points(k.value * old.trump_factor, lang)] for k in kinds]
    out = _list_table([w["marriage"], w["cards"], w["plain"], w["trumps"]], rows, [20, 30, 20, 20], "marriages",
                      w["marriages-title"])
    header = [w["game"], w["way"]] + [f"{w.get(k.name, k.name).capitalize()}, {w[suit]}" for k in kinds
                                      for suit in ("in-plain", "in-trumps")]

    def amounts(r: Any, factor: int, sign: int) -> list[str]:
        return [_points(sign * k.value * f * factor, lang) for k in kinds for f in (1, r.trump_factor)]

    scores = []
    for ruleset in RULESETS:
        r = rules[ruleset]
        scores.append([SHORT[ruleset], esc(w["announcer"]), *amounts(r, 1, 1)])
        if r.announce_deducted:
            scores.append([SHORT[ruleset], esc(w["announce-others"]), *amounts(r, 1, -1)])
        scores.append([SHORT[ruleset], esc(w["table-winners"]), *amounts(r, r.table_factor, 1)])
        scores.append([SHORT[ruleset], esc(w["table-others"]), *amounts(r, r.table_factor, -1 if r.table_deducted else 0)])
    width = 60 // (2 * len(kinds))
    out += _list_table(header, scores, [12, 28] + [width] * (2 * len(kinds)), "marriage-scores",
                       w["marriage-scores-title"])
    when = [[SHORT[r], esc(w[rules[r].announce_credited]), esc(w[rules[r].data["marriages"]["table"]["credited"]])]
            for r in RULESETS]
    return out + _list_table([w["game"], w["when-announced"], w["when-table"]], when, [20, 40, 40],
                             "marriage-scoring", w["marriage-when-title"])


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
            # the register entry that gives this ruleset's default (a parameter of two games
            # may have an entry for each), so that its reason is in the book's language
            owner = next((e for e in register().entries if e.id in regs and ruleset in e.defaults), None)
            if owner is not None:
                why = owner.text("default", lang, ruleset)
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
    """The register: each open question, what each source says, the options, the defaults and
    what the readings change (its witnesses are the implementer's: `witnesses`)."""
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
        body += study_lines(entry, lang)
        out += [f".. brou-object:: amb {entry.id}", ""] + indent(body + [""])
    return out


def witnesses(book: Book, lang: str, max_scenarios: int = 2) -> list[str]:
    """The witnesses of the register, for implementers (issue 61: out of the register's text):
    per entry and ruleset, whether a pair of scenarios tells its readings apart, how many
    scenarios do, the first `max_scenarios` named."""
    w = words(lang)
    rows = []
    for entry in register().entries:
        for ruleset, witness in entry.witness.items():
            status = str(witness.get("status", ""))
            ids = [s.id for s in book.scenarios_of_ambiguity(entry.id, ruleset)]
            why = in_lang(witness, "why", lang)  # written in English only by tools/find-witnesses
            cell = esc(w.get("witness-" + status, status)) + (f" \u2014 {esc(why)}" if why else "")
            named = ", ".join(f":brou:scenario:`{sid}`" for sid in ids[:max_scenarios])
            more = len(ids) - max_scenarios
            rows.append([f":brou:amb:`{entry.id}`", SHORT[ruleset], cell,
                         f"{len(ids)}" + (f": {named}" if named else "") + (f", {more} {w['more']}" if more > 0 else "")])
    return _list_table([w["register"], w["ruleset"], w["witness"], w["scenarios"]], rows, [11, 13, 30, 46],
                       "witnesses")


def study_lines(entry: Entry, lang: str) -> list[str]:
    """What each reading of `entry` changes, per ruleset, from docs/studies/figures.json (`brou
    study --all`): the headline figures, or why it was not studied; nothing without the file."""
    figures = load_figures()
    if not figures["studies"]:
        return []
    w = words(lang)
    lines = ["", ".. rst-class:: amb-label", "", w["study"], ""]
    for ruleset in entry.rulesets:
        found = headlines(entry.id, ruleset, lang, figures, load_figures(REPLAYED_FILE))
        if found is None:
            lines.append(f"- {SHORT[ruleset]}: {esc(w['study-none'])}")
            continue
        about, parts = found  # each option on a line of its own: its name starts the line
        lines += [f"- {SHORT[ruleset]} ({esc(about)}):", ""] + [f"  - {esc(part)}" for part in parts] + [""]
    return lines


FACTS_RECORD = Path(__file__).resolve().parents[3] / "docs" / "rulebook" / "facts.json"


@cache
def facts() -> tuple[FactResult, ...]:
    """Every z3 fact as the record of their last run shows it (brou.prove.record_data, written by
    `brou prove --record docs/rulebook/facts.json`): the book is laid out from data, and
    tests/test_prove.py holds the record to a fresh run of every fact, so that the book
    shows what holds for the rules and engine of its commit."""
    try:
        data = json.loads(FACTS_RECORD.read_text(encoding="utf-8"))
        return tuple(record_results(data))
    except (OSError, ValueError) as exc:
        raise SpecError(f"docs/rulebook/facts.json: {exc}; write it with "
                        "`brou prove --record docs/rulebook/facts.json`") from None


def fact_lines(book: Book, lang: str, results: Sequence[FactResult] | None = None) -> list[str]:
    """The proved facts, as their record shows them (`facts`; issue 21, part 2: tables, not z3 logs):
    a table of every fact and its result, then each fact with its statement, result, rulesets,
    clauses and what the check covered, in words; the English book adds the checker's own record
    as text, and both name the command that prints it."""
    w = labels(lang)
    results = list(facts() if results is None else results)
    rows = [[f":brou:fact:`{r.id}`", _verdict(r, lang), ", ".join(SHORT[x] for x in r.rulesets)] for r in results]
    out = _list_table([w["fact"], w["result"], w["rulesets"]], rows, [60, 18, 22], "facts", w["facts-title"])
    for result in results:
        fields = [(w["result"], _verdict(result, lang, strong=True)),
                  (w["rulesets"], ", ".join(SHORT[r] for r in result.rulesets))]
        linked = [c for c in result.clauses if c in book.clauses]
        if linked:
            fields.append((w["clauses"], ", ".join(f":brou:clause:`{c}`" for c in linked)))
        fields.append((w["covers"], esc(_covers(result, lang))))
        fields.append((w["record"], f"``brou prove --fact {result.id}``"))
        body = [".. rst-class:: fact-head", "", f"``{result.id}``", "", esc(result.text(lang)), "",
                ".. rst-class:: clause-meta", ""] + [f":{k}: {v}" for k, v in fields] + [""]
        if lang == "en":
            body += [".. rst-class:: fact-details", "", f"{w['record-text']}: " + esc(_sentence(result.details)), ""]
            if result.counterexample and result.counterexample.strip() != result.details.strip():
                body += [".. rst-class:: fact-details", "",
                         f"{w['counterexample']}: " + esc(" ".join(result.counterexample.split())), ""]
        elif result.counterexample:
            values = _model_values(result.counterexample)
            if values:
                body += [".. rst-class:: fact-details", "", f"{w['counterexample']} ({w['z3-values']}){_colon(lang)} "
                         + ", ".join(f"``{name}`` = {_points(value, lang)}" for name, value in values), ""]
        out += [f".. brou-object:: fact {result.id}", ""] + indent(body)
    return out


def _model_values(counterexample: str) -> list[tuple[str, int]]:
    """The values of the z3 model that a counterexample starts with (`cards_team0 = 5, ...`)."""
    model = re.match(r"\s*z3 model[^:]*:(.*?)(?:\sengine:|;|$)", counterexample, re.S)
    if not model:
        return []
    return [(name.strip().replace(" ", "_"), int(value))
            for name, value in re.findall(r"([A-Za-z_][\w ]*?) = (-?\d+)", model.group(1))]


def _verdict(result: FactResult, lang: str, strong: bool = False) -> str:
    """`proved` or `refuted`; in full (`strong`), with whether the project asserts it; short, only
    when it does not."""
    w = labels(lang)
    verdict = w["proved"] if result.status == "proved" else w["refuted"]
    if strong:
        return f"**{verdict}**, " + (w["ok"] if result.ok else w["not-ok"])
    return verdict if result.ok else f"{verdict}, {w['not-ok']}"


def _sentence(details: str) -> str:
    """The checker's record as one line of text."""
    return " ".join(details.split())


_COVERS = {
    "en": {"z3": "z3 finds no case that contradicts the statement", "z3-bound": "z3 finds the bound and no case beyond it",
           "z3-refuted": "z3 finds a case that contradicts the statement: the project keeps it to show that case",
           "engine": "the reference engine answers as the encoding does on every position tried",
           "crosscheck": "the reference engine and the z3 encoding give the same answers on every case tried",
           "over": "checked over"},
    "fr": {"z3": "z3 ne trouve aucun cas qui contredise l'énoncé",
           "z3-bound": "z3 trouve la borne et aucun cas au-delà",
           "z3-refuted": "z3 trouve un cas qui contredit l'énoncé\u00a0: le projet le garde pour montrer ce cas",
           "engine": "le moteur de référence répond comme l'encodage sur toutes les positions essayées",
           "crosscheck": "le moteur de référence et l'encodage pour z3 donnent les mêmes réponses sur tous les cas essayés",
           "over": "vérifié sur"},
}


def _clause_of(text: str) -> str:
    """`text` up to its first ';' or ':' outside brackets: the scope of a check's record, whole
    even where it explains a term in brackets ("tricks (demande: the nolo flag) and ...")."""
    depth = 0
    for at, char in enumerate(text):
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(char, 0)
        if depth <= 0 and char in ";:":
            return text[:at].strip()
    return text.strip()


def _covers(result: FactResult, lang: str) -> str:
    """What a fact's check covered, in the book's language: how it was checked (z3, the
    engine against the encoding) and, in English, over what."""
    c = _COVERS[lang]
    details = result.details
    parts = []
    if details.startswith("engine"):
        parts.append(c["crosscheck"])
    elif result.status != "proved":
        parts.append(c["z3-refuted"])
    elif re.search(r"\b(least|largest|optimal|optimum)\b", details):
        parts.append(c["z3-bound"])
    elif "z3" in details:
        parts.append(c["z3"])
    if "engine" in details and not details.startswith("engine"):
        parts.append(c["engine"])
    scope = re.match(r"z3: unsat (over|for|whoever) ", details)
    if scope and lang == "en":
        over = _clause_of(details[scope.end():])
        parts.append(f"{c['over']} {over}" if scope.group(1) == "over" else f"{scope.group(1)} {over}")
    line = "; ".join(parts)
    return (line if line.startswith("z3") else line[:1].upper() + line[1:]) + "." if line else "\u2014"


def clause_index(book: Book, lang: str) -> list[str]:
    """The implementer's apparatus (issue 61): every clause by id, linked to where the book
    states it (and in the PDF its page: an empty `:brou:page:` link that print.css fills), its
    parameters and the clauses it replaces, the function that runs it and the scenarios that
    check it.  Each row is the target of the clause's head in the text (`trace-ID`)."""
    w = words(lang)
    rows = [[f":brou:clause:`{c.id}`\\ :brou:page:`{c.id}`", *apparatus(book, c.id, lang)]
            for c in sorted(book.clauses.values(), key=lambda c: c.id)]
    return _list_table([w["clause"], w["bent"], w["function"], w["scenarios"]], rows, [26, 13, 32, 29],
                       "clause-index")


def source_lines(book: Book, sid: str, lang: str) -> list[str]:
    """A source as a reader finds it (issue 21, part 2): author, title, where and when it
    appeared, the work it renders, its address, how the clauses cite it, and which do."""
    w = labels(lang)
    source = book.sources[sid]
    citing = [c.id for c in book.clauses.values() if any(s["source"] == sid for s in c.sources)]
    fields = [(w[label], esc(source_field(source, key, lang))) for key, label in
              (("author", "author"), ("title", "title"), ("in", "published"), ("date", "date"), ("original", "original"))
              if source.get(key)]
    if source.get("url"):
        fields.append((w["address"], f"`{_link_text(str(source['url']))} <{source['url']}>`__"))
    if "note" in source:
        fields.append((w["note"], esc(str(source["note"][lang]))))
    fields.append((w["cites"], _cited_as(book, sid, lang)))
    lines = [".. rst-class:: clause-meta source-fields", ""] + [f":{k}: {v}" for k, v in fields]
    cited = ", ".join(f":brou:clause:`{c}`" for c in citing)
    # a list of its own (class cited-by), which the PDF breaks only between its items
    return [*lines, "", ".. rst-class:: clause-meta cited-by", "",
            f":{w['cited-by']}: {len(citing)} {w['clause' if len(citing) == 1 else 'clauses'].lower()}"
            + (f"{_colon(lang)} {cited}" if cited else ""), ""]


def _link_text(url: str) -> str:
    """An address as the text of its link (no markup characters)."""
    return _role_text(url).replace("_", "\\_").replace("*", "\\*")


def _cited_as(book: Book, sid: str, lang: str) -> str:
    """How the clauses cite a source, by the first citation with a section: `S1 §7.1`."""
    for clause in book.clauses.values():
        for source in clause.sources:
            if source["source"] == sid and source.get("section"):
                return esc(_cite_label(source, lang))
    return sid


# the kinds of a concordance note (brou.spec.sources.NOTE_KINDS), as the French book names them
NOTE_KINDS_FR = {"heading": "titre", "history": "histoire", "example": "exemple", "stakes": "enjeux",
                 "etiquette": "usages", "equipment": "matériel", "cross-reference": "renvoi",
                 "commentary": "commentaire", "not modelled": "pas encore modélisé", "slip": "erreur de la source"}


def concordance_cells(entry: SourceEntry, lang: str) -> tuple[str, str, str | None]:
    """An entry of the concordance as the book in `lang` prints it, as plain text: its place in
    the source, what it says, and why no clause encodes it (None when clauses do).  The English
    book prints the note as written (`heading: the page's title`); the French one `about_fr`,
    and the note's kind in French before `note_fr` (`titre : le titre de la page`)."""
    from ..spec.sources import note_kind

    place = typography.section(entry.place, lang)
    if entry.clauses:
        return place, entry.about_fr if lang == "fr" else entry.about, None
    if lang != "fr":
        return place, entry.about, entry.note or ""
    kind = note_kind(entry.note) or ""
    return place, entry.about_fr, typography.fr(f"{NOTE_KINDS_FR.get(kind, kind)} : {entry.note_fr}")


def concordance(book: Book, lang: str) -> list[str]:
    """The source concordance (brou.spec.sources): for each source, every paragraph (or recorded
    fact), what it says, and the clauses that encode it or the note that says why none does,
    in the book's language (`concordance_cells`)."""
    from ..spec.sources import entries, load_concordance

    w = words(lang)
    out: list[str] = []
    for sid in load_concordance()["sources"]:
        title = f"{sid}: {citation(book.sources[sid], lang)}" if sid in book.sources else sid
        out += [f".. rubric:: {esc(title)}", ""]
        rows = []
        for e in entries(sid):
            place, says, why = concordance_cells(e, lang)
            right = ", ".join(f":brou:clause:`{c}`" for c in e.clauses) if why is None else esc(why)
            rows.append([esc(place), esc(says), right])
        out += _list_table([w["paragraph"], w["says"], w["encoded-by"]], rows, [12, 48, 40], "concordance")
    return out


def _nb(lang: str) -> str:
    """The space French sets before : ; ! ? (none in English)."""
    return "\u00a0" if lang == "fr" else ""


def _colon(lang: str) -> str:
    return _nb(lang) + ":"


def _plain(value: Any, lang: str) -> str:
    """A value of a scenario as text: lists spaced, mappings as `key value`, nothing as a dash."""
    w = labels(lang)
    if value is None:
        return "\u2014"
    if isinstance(value, bool):
        return w["yes"] if value else w["no"]
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_plain(v, lang)}" for k, v in value.items())
    if isinstance(value, list):
        if any(isinstance(v, (Mapping, list)) for v in value):
            return f"{_nb(lang)}; ".join(f"({n}) {_plain(v, lang)}" for n, v in enumerate(value))
        return " ".join(_plain(v, lang) for v in value)
    return str(value)


def scenario_setup(data: Mapping[str, Any], lang: str) -> list[list[str]]:
    """A scenario's setup as rows of a table (label, value): its game, source, parameters,
    dealer, turned card and hands (issue 21, part 2: the scenario listing without YAML)."""
    w = labels(lang)
    setup = data["setup"]
    rows = [[w["game-ruleset"], SHORT.get(data["ruleset"], data["ruleset"])]]
    if data.get("source"):
        rows.append([w["source-of"], str(data["source"])])
    if data.get("params"):
        rows.append([w["params-set"], ", ".join(f"{k} = {_plain(v, lang)}" for k, v in data["params"].items())])
    if "dealer" in setup:
        rows.append([w["dealer"], f"{w['player']} {setup['dealer']}"])
    if "turnup" in setup:
        rows.append([w["turnup"], str(setup["turnup"])])
    for n, hand in enumerate(setup.get("hands") or []):
        rows.append([f"{w['hand']} {n}", _plain(hand, lang)])
    for key, value in setup.items():
        if key not in ("dealer", "turnup", "hands"):
            rows.append([w["scores"] if key == "game" else key, _plain(value, lang)])
    return rows


def scenario_steps(data: Mapping[str, Any], lang: str) -> list[list[str]]:
    """A scenario's steps as rows (number, what is played, what must be answered): an
    expectation shares the row of the actions it follows."""
    w = labels(lang)
    rows: list[list[str]] = []
    for step in data["steps"]:
        if "do" in step:
            who = f"{w['player']} {step['player']}{_colon(lang)} " if "player" in step else ""
            rows.append([str(len(rows) + 1), who + _plain(step["do"], lang), ""])
        elif "reject" in step:
            rows.append([str(len(rows) + 1), f"{_plain(step['reject'], lang)} ({w['refused']})", str(step.get("code", ""))])
        elif "expect" in step:
            answer = f"{_nb(lang)}; ".join(f"{k}{_colon(lang)} {_plain(v, lang)}" for k, v in step["expect"].items())
            if rows and not rows[-1][2]:
                rows[-1][2] = answer
            else:
                rows.append([str(len(rows) + 1), "\u2014", answer])
    return [[n, action, answer or "\u2014"] for n, action, answer in rows]


GENERATED = ("cards", "marriages", "parameters", "ambiguities", "facts", "clause-index", "concordance", "witnesses")


def generated(book: Book, what: str, lang: str) -> list[str]:
    """The generated part named `what` (one of GENERATED, `rules CHAPTER`, or `cards RULESET`)."""
    name, _, arg = what.partition(" ")
    if name == "rules":
        return rules(book, arg.strip(), lang)
    if name == "cards":
        return cards(book, lang, arg.strip())
    makers = {"cards": cards, "marriages": marriages, "parameters": parameters, "ambiguities": ambiguities,
              "facts": fact_lines, "clause-index": clause_index, "concordance": concordance,
              "witnesses": witnesses}
    if name not in makers:
        raise KeyError(f"nothing generated is called '{what}' (known: rules CHAPTER, {', '.join(GENERATED)})")
    return makers[name](book, lang)

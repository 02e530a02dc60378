"""French typography (issue 21, part 4): the spaces French readers expect, in one place.

The convention is the Imprimerie nationale's (docs/rulebook.md, "French"): a narrow
no-break space (U+202F) before ``; ! ?``, a no-break space (U+00A0) before ``:`` and
inside guillemets, ``« dehors »``.  So a mark never starts a line and a guillemet never
strands at a line's end.

- `fr(text)` sets a plain French string (a label, a statement of the spec); it is
  idempotent and touches only the spaces around those marks.
- `french_doctree(doctree)` sets every text of a docutils document, markup included: a
  mark after a link or a code name gets its space, code and raw HTML are left alone, field
  names get the no-break space the writer's colon needs, and an elided word's apostrophe
  that the smart quotes took for a closing quote (`l'*hombre*`) is an apostrophe again.
- `FrenchTypography`, a docutils transform, and `setup`, a Sphinx extension, apply it to
  every French page (`brou.book.sphinxext` loads it), generated parts included.

`decimal(x, lang)` writes a number with the decimal comma in French.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.transforms import Transform

NBSP = "\u00a0"  # before ":" and inside « »
NNBSP = "\u202f"  # before ; ! ?
_SPACE = "[ \t\n\u00a0\u202f\u2009\u2007]"  # any space a French mark may have before it, normalised
_AFTER = "(?=\\s|$|[»)\\]\u201d\u2019.,\u2026])"  # a mark ends a phrase: a space, the end, or closing punctuation
_OPENERS = "\\s(\\[«/"  # no space is added after these: "(?)", "«?", a path

_RULES = (
    (re.compile(rf"(?<=[^{_OPENERS}:;!?]){_SPACE}*([;!?]+){_AFTER}"), NNBSP + r"\1"),
    (re.compile(rf"^{_SPACE}+([;!?]+){_AFTER}"), NNBSP + r"\1"),
    (re.compile(rf"(?<=[^{_OPENERS}:;!?]){_SPACE}*:(?=\s|$)"), NBSP + ":"),
    (re.compile(rf"^{_SPACE}+:(?=\s|$)"), NBSP + ":"),
    (re.compile(rf"«{_SPACE}*"), "«" + NBSP),
    (re.compile(rf"(?<=\S){_SPACE}*»"), NBSP + "»"),
    (re.compile(rf"^{_SPACE}+»"), NBSP + "»"),
)
_LEADING = re.compile(rf"^(?:([;!?]+){_AFTER}|(:)(?=\s|$)|(»))")
APOSTROPHE = "\u2019"
# an elided word (l', d', qu' ...) whose apostrophe was taken for a closing quote: the smart
# quotes see `l'` at the end of a text, before markup (`l'*hombre*`), and close a quote there
_ELIDED = r"(?<![^\W\d_])(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu)"
_ELISION_END = re.compile(rf"(?i){_ELIDED}['\u201d\u2019]$")
_ELISION_IN = re.compile(rf"(?i)({_ELIDED})\u201d(?=[^\W\d_])")


def fr(text: str) -> str:
    """`text` with French spaces: U+202F before ; ! ?, U+00A0 before : and inside « »."""
    for pattern, repl in _RULES:
        text = pattern.sub(repl, text)
    return text


def in_lang(text: str, lang: str) -> str:
    """`text` set for `lang`: French typography in French, unchanged otherwise."""
    return fr(text) if lang == "fr" else text


def decimal(value: float | str, lang: str) -> str:
    """A decimal number as `lang` writes it: `30.4` in English, `30,4` in French."""
    text = str(value)
    return text.replace(".", ",") if lang == "fr" else text


# -- documents -------------------------------------------------------------------------

# text that is code or markup for another reader, never set
_OPAQUE = (nodes.literal, nodes.literal_block, nodes.raw, nodes.math, nodes.math_block, nodes.comment,
           nodes.doctest_block, nodes.option_string, nodes.target)


def _runs(node: nodes.Element) -> list[nodes.Text | str]:
    """The texts of a block in order: Text nodes to set, code (as a plain string) as context."""
    out: list[nodes.Text | str] = []
    for child in node.children:
        if isinstance(child, nodes.Text):
            out.append(child)
        elif isinstance(child, _OPAQUE):
            out.append(child.astext())
        elif isinstance(child, nodes.Element):
            out += _runs(child)
    return out


def _elisions(texts: list[str], editable: list[bool]) -> list[str]:
    """The apostrophe of an elided word put back where it was printed as a quote: `l”Académie`
    (the smart quotes close a quote at the end of a text before markup) gets U+2019 again, in
    a text or where an editable text ends before one that starts with a letter."""
    texts = [_ELISION_IN.sub(r"\1" + APOSTROPHE, t) if e else t for t, e in zip(texts, editable, strict=True)]
    for i in range(len(texts) - 1):
        after = next((t for t in texts[i + 1:] if t), "")
        if editable[i] and after[:1].isalpha() and _ELISION_END.search(texts[i]):
            texts[i] = texts[i][:-1] + APOSTROPHE
    return texts


def _set_runs(texts: list[str], editable: list[bool]) -> list[str]:
    """Set a run of texts (a paragraph cut by its inline markup): each editable text by `fr`,
    an elided word's apostrophe that was taken for a quote put back (`_elisions`), then the
    marks that start a text after markup (code, a link) get their space, taken from the text
    before it if that one ends with an ordinary space."""
    texts = _elisions([fr(t) if e else t for t, e in zip(texts, editable, strict=True)], editable)
    for i in range(1, len(texts)):
        lead = _LEADING.match(texts[i]) if editable[i] else None
        filled = [k for k in range(i) if texts[k]]
        if not lead or not filled:
            continue
        j = filled[-1]
        last = texts[j][-1]
        if last in "([«/" or last in NBSP + NNBSP:
            continue
        if last.isspace():
            if not editable[j]:
                continue  # a space that belongs to code stays
            texts[j] = texts[j].rstrip(" \t\n")
        texts[i] = (NNBSP if lead.group(1) else NBSP) + texts[i]
    return texts


def _set_block(block: nodes.Element) -> None:
    """Set the texts of one block (a paragraph, title, caption...) across its inline markup."""
    runs = _runs(block)
    texts = _set_runs([str(r) for r in runs], [isinstance(r, nodes.Text) for r in runs])
    for run, new in zip(runs, texts, strict=True):
        if isinstance(run, nodes.Text) and new != str(run):
            _replace(run, new)


def _replace(old: nodes.Text, new: str) -> None:
    """Put a Text node with `new` in place of `old` (found by identity: Text nodes that are
    equal strings are not the same node)."""
    parent = old.parent
    if parent is None:
        return
    at = next(k for k, child in enumerate(parent.children) if child is old)
    node = nodes.Text(new)
    node.parent = parent
    parent.children[at] = node


def _blocks(doctree: nodes.Node) -> list[nodes.Element]:
    """The outermost text elements that are not code: each is set as one run of text."""
    out: list[nodes.Element] = []

    def walk(node: nodes.Node) -> None:
        if isinstance(node, _OPAQUE):
            return
        if isinstance(node, nodes.TextElement):
            out.append(node)
            return
        if isinstance(node, nodes.Element):
            for child in node.children:
                walk(child)

    walk(doctree)
    return out


def french_doctree(doctree: nodes.Node) -> None:
    """Set every French text of `doctree` in place (idempotent); a field name ends with the
    no-break space the colon the HTML writer adds after it needs."""
    for block in _blocks(doctree):
        _set_block(block)
        if isinstance(block, nodes.field_name):
            texts = [t for t in block.findall(nodes.Text)]
            if texts and not str(texts[-1]).endswith(NBSP):
                _replace(texts[-1], str(texts[-1]).rstrip() + NBSP)
    for node in doctree.findall(nodes.Element):
        if isinstance(node.get("caption"), str):  # a toctree's caption is an attribute
            node["caption"] = fr(node["caption"])


def is_french(document: nodes.document) -> bool:
    return str(getattr(document.settings, "language_code", "") or "").startswith("fr")


class FrenchTypography(Transform):
    """French typography on every text of a French document (after smart quotes, 750)."""

    default_priority = 760

    def apply(self, **kwargs: Any) -> None:
        if is_french(self.document):
            french_doctree(self.document)


def _resolved(app: Any, doctree: nodes.document, docname: str) -> None:
    """Again once the document is resolved: parts added late (a listing, the toctrees)."""
    if str(app.config.language or "").startswith("fr"):
        french_doctree(doctree)


def setup(app: Any) -> dict[str, Any]:
    """The Sphinx extension: French typography on French pages, when read and when written."""
    app.add_transform(FrenchTypography)
    app.connect("doctree-resolved", _resolved, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


# -- the sources: the spec's French strings and the French pages ------------------------


class NotFixable(ValueError):
    """A French string the fixer cannot rewrite as text (it names the file and line)."""


def is_french_key(key: object) -> bool:
    """`fr` and `*_fr` (`why_fr`, `says_fr`...) hold the spec's French strings."""
    return isinstance(key, str) and (key == "fr" or key.endswith("_fr"))


def _french_scalars(node: Any) -> list[Any]:
    """Every scalar node of a composed YAML document that is the value of a French key."""
    import yaml

    out: list[Any] = []
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and is_french_key(key.value) and isinstance(value, yaml.ScalarNode):
                out.append(value)
            out += _french_scalars(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            out += _french_scalars(item)
    return out


def _with_french_set(data: Any) -> Any:
    """The loaded data with every French string passed through `fr` (what a fixed file loads as)."""
    if isinstance(data, dict):
        return {k: fr(v) if is_french_key(k) and isinstance(v, str) else _with_french_set(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_with_french_set(x) for x in data]
    return data


def fix_yaml(text: str, name: str = "<yaml>") -> str:
    """`text` (a YAML file of the spec) with its French strings set by `fr`, edited as text:
    every byte outside those strings stays.  A string is rewritten in its own style (plain
    or quoted, on one line); NotFixable for any other, or if the result would not load as
    the same data with the French set."""
    import yaml

    scalars = _french_scalars(yaml.compose(text))
    out = text
    for node in sorted(scalars, key=lambda n: n.start_mark.index, reverse=True):
        start, end = node.start_mark.index, node.end_mark.index
        raw = text[start:end]
        if "\n" in raw or node.style not in (None, '"', "'"):
            raise NotFixable(f"{name}:{node.start_mark.line + 1}: a French string on several lines or in a block "
                             "style; write it on one line, plain or quoted")
        inner = raw if node.style is None else raw[1:-1]
        fixed = fr(inner)
        if fixed != inner:
            out = out[:start] + (fixed if node.style is None else raw[0] + fixed + raw[-1]) + out[end:]
    if out != text and yaml.safe_load(out) != _with_french_set(yaml.safe_load(text)):
        raise NotFixable(f"{name}: the French strings could not be set as text without changing the data")
    return out


_RST_SKIP = re.compile(r"^\s*(?:$|\.\.(?:\s|$)|:[\w-]+:(?:\s|$)|([=\-~^\"'`#*+])\1{2,}\s*$)")
_RST_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+])\1{2,}\s*$")
# inline markup whose text is not French prose: literals, roles, links, URLs
_RST_PROTECTED = re.compile(r"``.+?``|(?::[\w-]+)+:`[^`]*`|`[^`]*`_{1,2}|https?://\S+", re.S)
# an elided word before inline markup (`l'*hombre*`, `d'``x```): the typographic apostrophe,
# which the smart quotes leave alone (a ' there would print as a closing quote)
_RST_ELISION = re.compile(rf"(?i)({_ELIDED})'(?=\*|`|(?::[\w-]+)+:`)")


def fix_rst(text: str) -> str:
    """`text` (a French page of the rulebook) with its prose set by `fr`: each paragraph as
    one text (a mark at a line's start joins the line before), literals, roles and links
    left alone; directives and their options are not prose; an elided word before inline
    markup gets the typographic apostrophe, U+2019 (`l'*hombre*` would print `l”hombre`).  A
    title's underline grows with its title."""
    lines = text.split("\n")
    out: list[str] = []
    chunk: list[str] = []

    def flush() -> None:
        if not chunk:
            return
        joined = _RST_ELISION.sub(r"\1" + APOSTROPHE, "\n".join(chunk))
        parts: list[str] = []
        editable: list[bool] = []
        at = 0
        for m in _RST_PROTECTED.finditer(joined):
            parts += [joined[at:m.start()], m.group(0)]
            editable += [True, False]
            at = m.end()
        parts.append(joined[at:])
        editable.append(True)
        out.extend("".join(_set_runs(parts, editable)).split("\n"))
        chunk.clear()

    for line in lines:
        if _RST_SKIP.match(line):
            flush()
            if _RST_UNDERLINE.match(line) and out and out[-1].strip() and not _RST_SKIP.match(out[-1]):
                line = line.rstrip()
                line = line + line[0] * max(0, len(out[-1]) - len(line))
            out.append(line)
        else:
            chunk.append(line)
    flush()
    return "\n".join(out)


# -- French words for the sources' English labels --------------------------------------

RANKS_FR = {"K": "R", "Q": "D", "J": "V", "T": "10"}  # roi, dame, valet; the ten as 10
SUITS_FR = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}  # signs: D is the dame's letter

# the project's English names for parts of a source (H1's parts, the dossiers' facts, S2's
# exceptions): a German or French heading of the source itself is its own title and stays
SECTIONS_FR = {
    "last paragraph": "dernier paragraphe", "first exception": "première exception",
    "second exception": "deuxième exception", "third exception": "troisième exception",
    "four players": "quatre joueurs", "history": "histoire", "cards": "cartes", "trumps": "atouts",
    "seats": "places", "deal": "donne", "play": "jeu", "results": "résultats", "contracts": "contrats",
    "auction": "enchères", "names": "noms", "facts": "faits",
}
_SECTION_WORDS = re.compile(r"\b(" + "|".join(sorted(map(re.escape, SECTIONS_FR), key=len, reverse=True)) + r")\b")


def rank(symbol: str, lang: str) -> str:
    """A rank's letter as `lang` prints it: K Q J in English, R D V (and 10) in French."""
    return RANKS_FR.get(symbol, symbol) if lang == "fr" else symbol


def suit(symbol: str, lang: str) -> str:
    """A suit as `lang` prints it in a table: S H D C in English, its sign in French (where
    D would read as the dame)."""
    return SUITS_FR.get(symbol, symbol) if lang == "fr" else symbol


def section(name: str, lang: str) -> str:
    """A source's section as `lang` names it: the project's English names of a source's
    parts in French (`contracts` → `contrats`); the source's own headings unchanged."""
    return _SECTION_WORDS.sub(lambda m: SECTIONS_FR[m.group(1)], name) if lang == "fr" else name

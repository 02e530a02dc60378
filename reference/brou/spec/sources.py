"""The source concordance (spec/concordance.yaml): every paragraph of the transcribed sources
(S1, S2, B1) and every fact a dossier records of the others (S3, S4 in the rules dossier; B3,
B4, B5 in the family dossier), mapped to the clauses that encode it or to a note saying why
none does.

The sources themselves are not shipped (they are not ours to publish); the concordance holds,
for each paragraph, its number, a digest of its text, a summary in the project's own words,
and its clauses or its note.  Where the source files are at hand (`shared_folder()`), the
paragraphs are read again and each must have its entry, with the same digest: a paragraph
added, removed or changed shows at once.

A paragraph of a transcription is a line that is not blank; a fact of a dossier is one item
of its list "Facts from S3" (or S4), continuation lines joined, or, for a source the dossier
has no such list of, one part of what its Sources table says after "not shipped:", the parts
cut at semicolons (the family dossier's B3, B4, B5).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .. import spec

CONCORDANCE = "concordance.yaml"


@dataclass(frozen=True)
class Entry:
    """One paragraph (or fact) of a source and what the spec makes of it."""

    source: str  # S1, S2, ...
    number: int  # from 1, in the order of the source
    section: str  # as the clauses cite it
    digest: str
    about: str  # what it says, in the project's words
    clauses: tuple[str, ...]
    note: str | None  # why no clause encodes it: its kind, then the reason ("heading: the page's title")
    about_fr: str  # `about` in French
    note_fr: str | None  # the note's reason in French, without its kind (where there is a note)

    @property
    def place(self) -> str:
        """`§7.4 ¶78` (a numbered section), `Karten ¶12` (a heading), `facts ¶2`, `¶6` (a
        source cited by paragraph, B1: its section is the paragraph's number)."""
        if self.section == str(self.number):
            return f"¶{self.number}"
        section = f"§{self.section}" if self.section[:1].isdigit() else self.section
        return f"{section} ¶{self.number}"

    @property
    def ref(self) -> str:
        return f"{self.source} {self.place}"


def normalized(text: str) -> str:
    """A paragraph's text as compared: whitespace runs made one space, ends stripped."""
    return " ".join(text.split())


def digest(text: str) -> str:
    """The first 12 hex digits of the SHA-256 of a paragraph's normalized text."""
    return hashlib.sha256(normalized(text).encode("utf-8")).hexdigest()[:12]


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a transcription: its lines that are not blank, in order."""
    return [normalized(line) for line in text.splitlines() if line.strip()]


def facts(dossier: str, source: str) -> list[str]:
    """The facts a dossier records of a source: the items of its list "Facts from <source>",
    continuation lines joined; without such a list, the row of its Sources table
    (`table_facts`)."""
    out: list[str] = []
    inside = False
    for line in dossier.splitlines():
        if line.startswith(f"Facts from {source} "):
            inside = True
            continue
        if not inside:
            continue
        if line.startswith("- "):
            out.append(line[2:])
        elif line.startswith("  ") and out:
            out[-1] += " " + line.strip()
        elif line.strip() or out:
            break
    if not inside:
        return table_facts(dossier, source)
    return [normalized(f) for f in out]


def table_facts(dossier: str, source: str) -> list[str]:
    """The facts of a source in a dossier's Sources table (`| B3 | title | not shipped: a; b |`):
    what its last cell says after "not shipped:", cut at semicolons; none for a source that
    is shipped (its paragraphs are read instead) or not in the table."""
    for line in dossier.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0] == source and line.lstrip().startswith("|"):
            _, found, said = cells[-1].partition("not shipped:")
            return [normalized(f) for f in said.split(";") if f.strip()] if found else []
    return []


def shared_folder() -> Path | None:
    """The folder of the sources and the dossier (BROU_SHARED, else ../shared beside the
    repository), or None where it is not at hand (an installed package, a bare clone)."""
    given = os.environ.get("BROU_SHARED")
    candidates = [Path(given)] if given else [spec.DATA_ROOT.parent / "shared"]
    for folder in candidates:
        if (folder / "sources").is_dir():
            return folder.resolve()
    return None


@cache
def load_concordance() -> dict[str, Any]:
    """spec/concordance.yaml, read (and checked against its schema by `check_concordance`)."""
    data: dict[str, Any] = yaml.safe_load((spec.SPEC_DIR / CONCORDANCE).read_text(encoding="utf-8"))
    return data


def schema_problems(data: Any) -> list[str]:
    """The concordance against spec/schema/concordance.schema.json, one line per error."""
    import jsonschema

    schema = json.loads((spec.SCHEMA_DIR / "concordance.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{CONCORDANCE} at {'/'.join(map(str, e.absolute_path)) or 'top'}: {e.message}"
            for e in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]


def entries(source: str | None = None) -> Iterator[Entry]:
    """Every entry of the concordance (of one source), in order."""
    for sid, block in load_concordance()["sources"].items():
        if source is not None and sid != source:
            continue
        for e in block["entries"]:
            yield Entry(sid, int(e["n"]), str(e["section"]), str(e["digest"]), str(e["about"]),
                        tuple(e.get("clauses") or ()), e.get("note"), str(e["about_fr"]), e.get("note_fr"))


def source_texts(folder: Path, source: str) -> list[str]:
    """The paragraphs (or facts) of a source as read from the shared folder."""
    block = load_concordance()["sources"][source]
    text = (folder / block["file"]).read_text(encoding="utf-8")
    return facts(text, source) if block["kind"] == "facts" else paragraphs(text)


def problems(folder: Path | None = None) -> list[str]:
    """What is wrong with the concordance, one line each: an entry with neither clause nor
    note, a clause no ruleset has, numbers out of order, a clause citing a source section
    that no entry maps to it; and with the sources at hand, a paragraph without its entry or
    with another digest."""
    from .rules import Rules

    data = load_concordance()
    out = schema_problems(data)
    if out:
        return out
    known: dict[str, set[str]] = {}
    for ruleset in spec.available_rulesets():
        known[ruleset] = set(Rules.load(ruleset).data["clauses"])
    mapped: dict[tuple[str, str], set[str]] = {}
    for sid, block in data["sources"].items():
        ruleset = block["ruleset"]
        numbers = [int(e["n"]) for e in block["entries"]]
        if numbers != list(range(1, len(numbers) + 1)):
            out.append(f"{sid}: the entries are not numbered 1 to {len(numbers)} in order")
        for e in entries(sid):
            if not e.clauses and not e.note:
                out.append(f"{e.ref}: neither a clause nor a note")
            for c in e.clauses:  # a clause of its ruleset, or of another that the source also informs
                if not any(c in k for k in known.values()):
                    out.append(f"{e.ref}: no clause {c} in {ruleset} or any ruleset")
                mapped.setdefault((sid, c), set()).add(e.section)
    for ruleset, clauses in known.items():
        rules = Rules.load(ruleset)
        for cid in clauses:
            for cited in rules.data["clauses"][cid].get("sources", []):
                sid = cited["source"]
                if sid in data["sources"] and not mapped.get((sid, cid)):
                    out.append(f"{cid} cites {sid} {cited.get('section', '')} but no paragraph of {sid} maps to it")
    if folder is not None:
        for sid in data["sources"]:
            texts = source_texts(folder, sid)
            listed = list(entries(sid))
            for number, text in enumerate(texts, 1):
                if number > len(listed):
                    out.append(f"{sid} ¶{number}: a paragraph with no entry ({text[:60]}...)")
                elif listed[number - 1].digest != digest(text):
                    out.append(f"{listed[number - 1].ref}: the paragraph's text is not the one the entry was made for")
            if len(listed) > len(texts):
                out.append(f"{sid}: {len(listed) - len(texts)} entries past the last paragraph")
    return out


def outline(folder: Path, source: str, file: str, kind: str) -> str:
    """A starting point for a source's entries: each paragraph's number, digest and first
    words (for the one writing the concordance; never shipped)."""
    text = (folder / file).read_text(encoding="utf-8")
    items = facts(text, source) if kind == "facts" else paragraphs(text)
    return "\n".join(f"{n:3d} {digest(p)} {p[:90]}" for n, p in enumerate(items, 1))


@cache
def cited_by_paragraph() -> frozenset[str]:
    """The sources the clauses cite by paragraph (B1): each entry's section is its own number."""
    return frozenset(sid for sid, block in load_concordance()["sources"].items()
                     if block["kind"] == "paragraphs" and all(str(e["section"]) == str(e["n"]) for e in block["entries"]))


NOTE_KINDS = ("heading", "history", "example", "stakes", "etiquette", "equipment", "cross-reference", "commentary",
              "not modelled", "slip")


def note_kind(note: str | None) -> str | None:
    """The kind a note starts with (NOTE_KINDS)."""
    return note.split(":", 1)[0] if note else None


def concordance_rows(source: str | None = None) -> list[dict[str, Any]]:
    """The concordance as rows for `brou sources` (and its --json)."""
    return [{"ref": e.ref, "source": e.source, "n": e.number, "section": e.section, "about": e.about,
             "clauses": list(e.clauses), "note": e.note, "about_fr": e.about_fr, "note_fr": e.note_fr}
            for e in entries(source)]

"""What the rulebook says, read from the spec: the clauses of both partnership rulesets
chapter by chapter, set side by side where Brouc replaces 1802, then the clauses of each other
game in a part of its own (Brusquembille's chapters `brus.players` ..., L'Homme d'Auvergne's
`auv.players` ..., L'Hombre's `hom.players` ...), with what each clause links to.

No Sphinx here: `brou.book.sphinxext` turns this model into pages.  A clause appears
once in the book, whatever the number of rulesets that have it; its anchor is its id.

- `blocks(chapter)` cuts a chapter into `Block`s: a clause both rulesets share, a group
  of 1802 clauses and the Brouc clauses that replace them (`replaces:` in brouc.yaml,
  joined into one group when they overlap; a Brouc clause with no `replaces` goes with
  the Brouc clause before it in the same chapter), or a clause one ruleset alone has.
- A side-by-side block is cut into `rows` (issue 21, part 2): each 1802 clause faces the
  Brouc clauses that replace it (one row per connected set of replacements), and a Brouc
  clause that replaces nothing has a row of its own, after the Brouc clause it follows.
- `Book.implemented_by` names the engine function of each clause (brou.spec.clauses) and
  `Book.scenarios` the hand-written conformance scenarios that check it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from ..spec.chapters import AUV_CHAPTERS as AUV_CHAPTERS
from ..spec.chapters import BRUS_CHAPTERS as BRUS_CHAPTERS
from ..spec.chapters import CHAPTER_DOC as CHAPTER_DOC
from ..spec.chapters import CHAPTERS as CHAPTERS
from ..spec.chapters import HOM_CHAPTERS as HOM_CHAPTERS
from ..spec.chapters import PART_CHAPTERS as PART_CHAPTERS
from ..spec.chapters import chapter_of
from ..spec.chapters import chapter_page as chapter_page
from ..spec.chapters import rulebook_page as rulebook_page
from ..spec.clauses import all_implementations
from ..spec.rules import Rules

OLD, NEW = "homme-de-brou-1802", "brouc"
RULESETS = (OLD, NEW)  # the partnership games, set side by side
BRUS = "brusquembille-1718"
AUV = "homme-d-auvergne"
HOM = "hombre"
ALONE = (BRUS, AUV, HOM)  # the games with a part of their own (brou.spec.chapters.PARTS), in the book's order
ALL_RULESETS = (*RULESETS, *ALONE)  # every ruleset the book states
SHORT = {OLD: "1802", NEW: "Brouc", BRUS: "Brusquembille", AUV: "Auvergne", HOM: "Hombre"}

Row = tuple[tuple[str, ...], tuple[str, ...]]  # (1802 clauses, the Brouc clauses that replace them)

# "alone": a clause of a ruleset the book sets beside no other (Brusquembille, L'Homme d'Auvergne,
# L'Hombre)
BlockKind = Literal["both", "side-by-side", "old-only", "new-only", "alone"]


@dataclass(frozen=True)
class Clause:
    """One clause as the book prints it: its data (statement, sources, parameters) from the
    first ruleset that has it, and the rulesets it belongs to."""

    id: str
    rulesets: tuple[str, ...]
    data: Mapping[str, Any] = field(repr=False)

    @property
    def chapter(self) -> str:
        """`play` (1802, Brouc), `brus.play` (Brusquembille) or `auv.play` (L'Homme d'Auvergne):
        brou.spec.chapters.chapter_of."""
        return chapter_of(self.id)

    @property
    def page(self) -> str:
        """The page of the rulebook that states it."""
        return chapter_page(self.chapter)

    def statement(self, lang: str) -> str:
        return str(self.data[lang])

    @property
    def sources(self) -> list[Mapping[str, str]]:
        return list(self.data.get("sources", []))

    @property
    def params(self) -> list[str]:
        return list(self.data.get("params", []))

    @property
    def replaces(self) -> list[str]:
        return list(self.data.get("replaces", []))


@dataclass(frozen=True)
class Block:
    """A piece of a chapter: one shared clause, one ruleset's clause alone, or 1802's clauses
    (left) beside the Brouc clauses that replace them (right)."""

    kind: BlockKind
    left: tuple[str, ...]
    right: tuple[str, ...]
    rows: tuple[Row, ...] = ()

    @property
    def clauses(self) -> tuple[str, ...]:
        return self.left + self.right


def pair_rows(left: tuple[str, ...], right: tuple[str, ...], replaces: Mapping[str, list[str]]) -> tuple[Row, ...]:
    """A side-by-side block cut into rows that face each other (issue 21, part 2): the 1802
    clauses of `left` joined with the Brouc clauses of `right` that replace them (`replaces`,
    Brouc id -> 1802 ids), one row per connected set, in 1802's order; a Brouc clause that
    replaces nothing in `left` is a row of its own (no 1802 side) right after the row of the
    Brouc clause before it, and an 1802 clause nothing replaces a row with no Brouc side."""
    parent = {cid: cid for cid in left + right}

    def find(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x

    for cid in right:
        for old in replaces.get(cid, []):
            if old in parent:
                parent[find(cid)] = find(old)
    roots: list[str] = []
    for cid in left + right:
        if find(cid) not in roots:
            roots.append(find(cid))
    members = {root: [c for c in left + right if find(c) == root] for root in roots}
    paired = [root for root in roots if any(c in left for c in members[root])]
    order = list(paired)
    for n, cid in enumerate(right):  # a Brouc clause alone goes after the row of the one before it
        root = find(cid)
        if root in paired:
            continue
        at = order.index(find(right[n - 1])) + 1 if n else len(order)
        order.insert(at, root)
    return tuple((tuple(c for c in members[r] if c in left), tuple(c for c in members[r] if c in right)) for r in order)


class Book:
    """The spec as the rulebook reads it (every ruleset at its defaults)."""

    def __init__(self) -> None:
        self.rules = {r: Rules.load(r) for r in ALL_RULESETS}

    @cached_property
    def clauses(self) -> dict[str, Clause]:
        """Every clause of every ruleset, 1802's order first, then Brouc's own, then Brusquembille's,
        then L'Homme d'Auvergne's, then L'Hombre's."""
        out: dict[str, Clause] = {}
        for ruleset in ALL_RULESETS:
            for cid, data in self.rules[ruleset].data["clauses"].items():
                have = out.get(cid)
                out[cid] = Clause(cid, (*have.rulesets, ruleset) if have else (ruleset,), have.data if have else data)
        return out

    def in_chapter(self, chapter: str) -> list[Clause]:
        return [c for c in self.clauses.values() if c.chapter == chapter]

    def blocks(self, chapter: str) -> list[Block]:
        """The chapter cut into blocks, in 1802's order, Brouc's additions where they belong;
        a chapter of a game with a part of its own, one block per clause in the ruleset's order."""
        clauses = self.in_chapter(chapter)
        if chapter in PART_CHAPTERS:
            return [Block("alone", (c.id,), ()) for c in clauses]
        new_own = [c for c in clauses if c.rulesets == (NEW,)]
        # union-find over the replacement relation, so overlapping replacements make one group
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            while parent.setdefault(x, x) != x:
                x = parent[x]
            return x

        previous: str | None = None
        for c in new_own:
            for old in c.replaces:
                parent[find(c.id)] = find(old)
            if not c.replaces and previous is not None:
                parent[find(c.id)] = find(previous)
            previous = c.id
        groups: dict[str, list[Clause]] = {}
        for c in clauses:
            if c.id in parent:
                groups.setdefault(find(c.id), []).append(c)
        out: list[Block] = []
        done: set[str] = set()
        for c in clauses:
            if c.id in done:
                continue
            if c.id in parent:
                group = groups[find(c.id)]
                left = tuple(g.id for g in group if g.rulesets == (OLD,))
                right = tuple(g.id for g in group if g.rulesets == (NEW,))
                kind: BlockKind = "side-by-side" if left and right else ("old-only" if left else "new-only")
                rows = pair_rows(left, right, {g.id: g.replaces for g in group}) if kind == "side-by-side" else ()
                out.append(Block(kind, left, right, rows))
                done.update(g.id for g in group)
            elif c.rulesets == RULESETS:
                out.append(Block("both", (c.id,), ()))
            elif c.rulesets == (OLD,):
                out.append(Block("old-only", (c.id,), ()))
            else:
                out.append(Block("new-only", (), (c.id,)))
            done.add(c.id)
        return out

    @cached_property
    def implemented_by(self) -> dict[str, str]:
        """clause id -> the dotted name of the engine function that implements it."""
        return all_implementations()

    @cached_property
    def scenarios(self) -> dict[str, list[Any]]:
        """clause id -> the hand-written conformance scenarios that check it, in corpus order."""
        from .pictures import hand_written

        out: dict[str, list[Any]] = {}
        for scenario in hand_written().values():
            for cid in scenario.clauses:
                out.setdefault(cid, []).append(scenario)
        return out

    def scenarios_of_ambiguity(self, amb_id: str, ruleset: str) -> list[Any]:
        """The witness scenarios of register entry `amb_id` for `ruleset`, one per option."""
        from .pictures import hand_written

        return [s for s in hand_written().values() if s.ambiguity == amb_id and s.ruleset == ruleset]

    @cached_property
    def sources(self) -> dict[str, Mapping[str, Any]]:
        """S1..S4, B1..B5, A1, A2: every source a ruleset cites, with its file (if shipped) and title."""
        out: dict[str, Mapping[str, str]] = {}
        for ruleset in ALL_RULESETS:
            out.update(self.rules[ruleset].data["sources"])
        return out

    def parameters(self) -> dict[str, dict[str, Mapping[str, Any]]]:
        """parameter name -> ruleset -> its entry (question, options, default, why, ambiguity)."""
        out: dict[str, dict[str, Mapping[str, Any]]] = {}
        for ruleset in ALL_RULESETS:
            for name, entry in self.rules[ruleset].data["parameters"].items():
                out.setdefault(name, {})[ruleset] = entry
        return out

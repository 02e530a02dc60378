"""L'Hombre's part of the rulebook prints three tables written out by hand (the contracts, a plain
suit's order, the trumps): each must say what the spec says, in both languages, so that the book
cannot drift from the ruleset it states (hom.contract.table, hom.deck.plain-order,
hom.deck.trump-order, hom.deck.nolo-order)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from brou.laws.contracts import contracts
from brou.spec.rules import Rules, card_order

BOOK = Path(__file__).resolve().parents[1] / "docs" / "rulebook"
RANK_WORDS = {
    "en": {"king": "K", "queen": "Q", "jack": "J", "ace": "A", "seven": "7", "six": "6", "five": "5", "four": "4",
           "three": "3", "two": "2", "ace of spades": "AS", "ace of clubs": "AC"},
    "fr": {"roi": "K", "dame": "Q", "valet": "J", "as": "A", "sept": "7", "six": "6", "cinq": "5", "quatre": "4",
           "trois": "3", "deux": "2", "as de pique": "AS", "as de trèfle": "AC"},
}


def table_rows(path: Path, caption_start: str) -> list[list[str]]:
    """The body rows of the list-table whose caption starts with `caption_start`, cells as text
    (a dash: no card at that place)."""
    text = path.read_text(encoding="utf-8")
    start = next(m.end() for m in re.finditer(r"^\.\. list-table:: (.*)$", text, re.M)
                 if m.group(1).startswith(caption_start))
    body = re.split(r"\n\n(?=\S)", text[start:], maxsplit=1)[0]
    rows: list[list[str]] = []
    for line in body.splitlines():
        found = re.match(r"^   (\*| ) - ?(.*)$", line)
        if found is None:
            continue
        if found.group(1) == "*":
            rows.append([])
        rows[-1].append(found.group(2).strip())
    return rows[1:]  # the header row


def card_name(cell: str, lang: str) -> str:
    """A cell's card: its rank word (or the ace's name), without the italic name after it."""
    word = cell.split(",")[0].strip()
    return RANK_WORDS[lang][word]


@pytest.mark.clause("hom.contract.table")
@pytest.mark.parametrize(("lang", "caption"), [("en", "The nine contracts"), ("fr", "Les neuf contrats")])
def test_the_contract_table_is_the_spec(lang: str, caption: str) -> None:
    rows = table_rows(BOOK / lang / "hom-contracts.rst", caption)
    spec = [(c.rank, c.won, c.codille) for c in contracts(Rules.load("hombre"))]
    assert [(int(r[0]), int(r[4]), int(r[5])) for r in rows] == spec


@pytest.mark.clause("hom.deck.trump-order")
@pytest.mark.parametrize(("lang", "caption"), [("en", "The trumps"), ("fr", "Les atouts")])
def test_the_trump_table_is_the_spec(lang: str, caption: str) -> None:
    rules = Rules.load("hombre")
    rows = table_rows(BOOK / lang / "hom-table.rst", caption)
    for column, suit in ((1, "H"), (2, "S")):
        trump = rules.suits.index(suit)
        order = card_order(rules, trump)
        spec = [rules.card_text(c) for c in sorted((c for c in rules.pack_cards if order.class_of[c] == trump),
                                                   key=lambda c: order.place[c])]
        printed = [card_name(r[column], lang) for r in rows if r[column] not in ("", "—")]
        assert [p if len(p) == 2 else p + suit for p in printed] == spec


@pytest.mark.clause("hom.deck.plain-order", "hom.deck.nolo-order")
@pytest.mark.parametrize(("lang", "caption"), [("en", "A suit that is not trump"), ("fr", "Une couleur qui n'est pas")])
def test_the_plain_order_table_is_the_spec(lang: str, caption: str) -> None:
    rules = Rules.load("hombre")
    rows = table_rows(BOOK / lang / "hom-table.rst", caption)
    diamonds = rules.suits.index("D")
    cases = ((1, card_order(rules, diamonds), "H"), (2, card_order(rules, diamonds), "S"), (3, card_order(rules, None), "S"))
    for column, order, suit in cases:
        cls = rules.suits.index(suit)
        spec = [rules.card_text(c) for c in sorted((c for c in rules.pack_cards if order.class_of[c] == cls),
                                                   key=lambda c: order.place[c])]
        printed = [card_name(r[column], lang) + suit for r in rows if r[column] not in ("", "—")]
        assert printed == spec, (lang, column)

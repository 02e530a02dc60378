"""Packs with cards left out (`deck.omit`) and orders as data (`orders`), compiled per trump.

The two rulesets of the standard have neither, and must compile to exactly the tables they
had before packs and orders were data; the fixtures in tests/fixtures/packs (not rulesets of
the standard) exercise Brusquembille's 30 cards, L'Homme d'Auvergne's 28, and L'Hombre's
orders with permanent and promoted trumps."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from brou import spec
from brou.cards.deal import DealError, deal_from_cards, deal_from_seed
from brou.cards.shuffle import shuffled
from brou.errors import SpecError
from brou.laws.play import beating_cards, beats
from brou.spec.rules import Rules, card_order, compile_rules

PACKS = Path(__file__).parent / "fixtures" / "packs"
RULESETS = ("homme-de-brou-1802", "brouc")


def _readings(rid: str) -> list[dict[str, Any]]:
    """The defaults, then every option of every parameter on its own."""
    params = spec.load_document(rid).data["parameters"]
    out: list[dict[str, Any]] = [{}]
    for name, p in params.items():
        out += [{name: option} for option in p["options"] if option != p["default"]]
    return out


def _loadable(rid: str) -> list[Rules]:
    rules = []
    for reading in _readings(rid):
        try:
            rules.append(Rules.load(rid, **reading))
        except Exception:  # a reading the engine does not play yet
            continue
    return rules


@pytest.mark.parametrize("rid", RULESETS)
@pytest.mark.clause("hdb.deck.cards", "hdb.deck.order", "hdb.play.trick-winner")
def test_the_existing_rulesets_compile_to_the_tables_of_before(rid: str) -> None:
    """The formulas of before packs and orders were data: 32 cards, suit = index // 8,
    a lower index of the same suit is stronger, and a card beats the best so far if it is of
    the same suit and stronger, or a trump on a plain card."""
    for rules in _loadable(rid):
        n = 32
        assert (rules.n_cards, rules.n_indices, rules.pack) == (n, n, (1 << n) - 1)
        assert rules.pack_cards == tuple(range(n))
        assert rules.suit_of == tuple(c // 8 for c in range(n))
        assert rules.suit_mask == tuple(0xFF << (8 * s) for s in range(4))
        assert rules.stronger == tuple(((1 << c) - 1) & (0xFF << (8 * (c // 8))) for c in range(n))
        for trump in range(4):
            old = tuple(
                sum(1 << c for c in range(n) if (c // 8 == b // 8 and c < b) or (c // 8 != b // 8 and c // 8 == trump))
                for b in range(n)
            )
            assert beating_cards(rules, trump) == old
            order = card_order(rules, trump)
            assert order.class_of == rules.suit_of
            assert order.stronger == rules.stronger


def _same_rules(a: Rules, b: Rules) -> None:
    probes = (0, (1 << 32) - 1, 0x0F0F0F0F, 0xA5A5A5A5, 0x18, 0x0E0E0E0E)
    for field in a.__dataclass_fields__:
        if field in ("data", "overrides"):
            continue
        x, y = getattr(a, field), getattr(b, field)
        if callable(x):
            assert [x(m) for m in probes] == [y(m) for m in probes], field
        else:
            assert x == y, field
    for trump in (None, 0, 1, 2, 3):
        assert card_order(a, trump) == card_order(b, trump)
        assert beating_cards(a, trump) == beating_cards(b, trump)


@pytest.mark.parametrize("rid", RULESETS)
def test_natural_orders_written_out_give_the_same_rules(rid: str) -> None:
    """Writing today's pack and orders out as data (no card omitted, every order the deck's
    ranks) changes no field of the compiled rules, for every reading."""
    for rules in _loadable(rid):
        body = copy.deepcopy(rules.data)
        ranks = [r["symbol"] for r in body["deck"]["ranks"]]
        body["deck"]["omit"] = []
        body["orders"] = {
            "plain": ranks,
            "trump": {"order": {"red": ranks, "black": ranks}},
            "none": {"S": ranks, "H": ranks, "D": ranks, "C": ranks},
        }
        _same_rules(rules, compile_rules(body, rules.params, rules.overrides))


def _load(name: str, **params: Any) -> Rules:
    return Rules.load(str(PACKS / f"{name}.yaml"), **params)


def _winner(rules: Rules, trick: str, trump: str | None) -> str:
    """The card that wins `trick` (cards in play order) with `trump` a suit or None."""
    t = None if trump is None else rules.suits.index(trump)
    cards = [rules.card(c) for c in trick.split()]
    best = cards[0]
    for c in cards[1:]:
        assert beats(rules, c, best, t) == bool(beating_cards(rules, t)[best] >> c & 1)  # the table agrees
        if beats(rules, c, best, t):
            best = c
    return rules.card_text(best)


@pytest.mark.clause("hdb.deck.cards", "hdb.play.trick-winner")
def test_thirty_cards_without_the_red_sevens() -> None:
    rules = _load("thirty")
    assert rules.n_cards == 30 and rules.n_indices == 32
    assert set(rules.cards_text((1 << 32) - 1 & ~rules.pack)) == {"7H", "7D"}
    black = _load("thirty", sevens_out=["7S", "7C"])
    assert set(black.cards_text((1 << 32) - 1 & ~black.pack)) == {"7S", "7C"}
    assert _winner(rules, "KH TH AS", "S") == "AS"
    assert _winner(rules, "KH TH 9H", "S") == "TH"  # the ten next to the ace by default
    with pytest.raises(DealError, match="not in the pack"):
        deal_from_cards(rules, [["7H", "AS", "TS", "KS", "QS", "JS", "9S"]] + [[]] * 3, "AS")


@pytest.mark.clause("hdb.deck.order", "hdb.play.trick-winner")
def test_the_ten_between_the_jack_and_the_nine() -> None:
    rules = _load("thirty", ten=["A", "K", "Q", "J", "T", "9", "8", "7"])
    assert _winner(rules, "TH JH 9H", "S") == "JH"
    assert _winner(rules, "TH 9H 8H", "S") == "TH"
    assert _winner(rules, "KH TH AH", "S") == "AH"
    assert _winner(rules, "QS TS", "S") == "QS"  # in trumps too
    assert rules.stronger[rules.card("TH")] == rules.mask(["AH", "KH", "QH", "JH"])


@pytest.mark.clause("hdb.deck.cards")
def test_seeded_deals_of_thirty_cards_deal_every_card_once() -> None:
    for sevens in (["7H", "7D"], ["7S", "7C"]):
        rules = _load("thirty", sevens_out=sevens)
        for seed in range(300):
            deal = deal_from_seed(rules, seed)
            cards = [*deal.hands, deal.talon]
            assert sum(m.bit_count() for m in cards) == 30
            union = 0
            for m in cards:
                assert union & m == 0
                union |= m
            assert union == rules.pack
            assert all(h.bit_count() == 7 for h in deal.hands) and deal.talon.bit_count() == 2


def test_the_shuffle_of_a_short_pack_lands_on_the_packs_cards_in_index_order() -> None:
    """docs/shuffle.md's reference value: seed 7, 30 cards without the red sevens."""
    rules = _load("thirty")
    positions = shuffled(30, 7)
    assert positions[:6] == [19, 23, 13, 2, 22, 29]
    pack = [rules.pack_cards[k] for k in positions]
    assert [rules.card_text(c) for c in pack[:6]] == ["JD", "TC", "9H", "KS", "AC", "7C"]
    deal = deal_from_seed(rules, 7)
    assert rules.cards_text(deal.hands[0]) == ["7S", "9H", "QD", "JD", "9D", "TC", "8C"]


def test_a_full_pack_deals_as_before() -> None:
    rules = Rules.load("brouc")
    deal = deal_from_seed(rules, 7)
    assert rules.cards_text(deal.hands[0]) == ["QS", "7S", "8H", "KD", "QD", "9D", "TC", "9C"]


@pytest.mark.clause("hdb.deck.cards", "hdb.deck.order", "hdb.play.trick-winner")
def test_twenty_eight_cards_king_first() -> None:
    rules = _load("twenty-eight")
    assert rules.n_cards == 28
    assert not rules.pack & rules.mask(["7S", "7H", "7D", "7C"])
    assert _winner(rules, "AH KH", "S") == "KH"
    assert _winner(rules, "AH JH TH", "S") == "JH"
    assert _winner(rules, "KH 8S", "S") == "8S"
    assert _winner(rules, "KH AC", "S") == "KH"
    for seed in range(50):
        deal = deal_from_seed(rules, seed)
        assert sum(deal.hands) == rules.pack


@pytest.mark.clause("hdb.deck.order", "hdb.play.trick-winner")
def test_hombre_trumps() -> None:
    rules = _load("hombre")
    assert rules.n_cards == 40
    assert _winner(rules, "KD AC", "D") == "AC"  # the baste beats the king of trumps
    assert _winner(rules, "7D AC", "D") == "7D"  # the manille beats the baste
    assert _winner(rules, "KH 7H AS AC", "H") == "AS"  # the espadille beats everything
    assert _winner(rules, "KC 2C AC", "C") == "2C"  # the black manille
    assert _winner(rules, "2S AS", "S") == "AS"
    for trump in "SHDC":
        t = rules.suits.index(trump)
        order = card_order(rules, t)
        espadille, baste = rules.card("AS"), rules.card("AC")
        assert order.class_of[espadille] == order.class_of[baste] == t  # trumps in every suit
        assert order.place[espadille] == 0 and order.place[baste] == 2
        red = trump in "HD"
        manille = rules.card(("7" if red else "2") + trump)
        assert order.place[manille] == 1
        if red:
            assert order.place[rules.card("A" + trump)] == 3  # the ponte, fourth
        assert order.class_mask[t].bit_count() == (12 if red else 11)
        for s in "SC":
            assert order.class_of[rules.card("A" + s)] == t  # a black ace is never a plain card
        assert _winner(rules, "KS AC", trump) == "AC"
    assert _winner(rules, "7H KH AH", "H") == "7H"  # with hearts trump, the 7H is second
    assert _winner(rules, "KH 7H", "H") == "7H"
    assert _winner(rules, "AH 7H", "H") == "7H"
    assert _winner(rules, "KH AH", "H") == "AH"  # the ponte above the king
    assert _winner(rules, "AH KH", "D") == "KH"  # red plain: K Q J A
    assert _winner(rules, "AD 2D", "S") == "AD"  # red plain: A above 2
    assert _winner(rules, "2D 7D", "S") == "2D"  # red plain: 2 above 7
    assert _winner(rules, "7C 2C", "H") == "7C"  # black plain: 7 above 2
    assert _winner(rules, "2C 7C AC", "H") == "AC"  # the baste ruffs a club lead
    assert _winner(rules, "3H 2H 7H", "S") == "2H"


@pytest.mark.clause("hdb.deck.order", "hdb.play.trick-winner")
def test_hombre_without_trump() -> None:
    rules = _load("hombre")
    order = card_order(rules, None)
    assert order.class_of == rules.suit_of
    assert _winner(rules, "2S AS", None) == "2S"  # a nolo: the black ace is the lowest spade
    assert _winner(rules, "AS 2S KS", None) == "KS"
    assert _winner(rules, "KH AS AH", None) == "KH"
    assert _winner(rules, "AH 2H 7H", None) == "AH"
    assert beating_cards(rules, None)[rules.card("KS")] == 0


def test_an_order_that_leaves_a_card_out_is_refused(tmp_path: Path) -> None:
    text = (PACKS / "hombre.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    nolo = "black: [K, Q, J, '7', '6', '5', '4', '3', '2', A]"
    broken.write_text(text.replace(nolo, nolo.replace(", A]", "]")), encoding="utf-8")
    with pytest.raises(SpecError, match="AS has no place in the orders without trump"):
        Rules.load(str(broken))


def test_an_omitted_card_must_be_a_card_of_the_deck(tmp_path: Path) -> None:
    text = (PACKS / "twenty-eight.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text(text.replace("omit: [7S, 7H, 7D, 7C]", "omit: [7S, 7H, 7D, 6C]"), encoding="utf-8")
    with pytest.raises(SpecError, match="'6C' is not a card of the deck"):
        Rules.load(str(broken))

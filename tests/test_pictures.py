"""The rulebook's pictures: deals drawn from the engine and the corpus, blank score sheets."""

from __future__ import annotations

import hashlib
import random
import xml.etree.ElementTree as ET

import pytest

from brou.book.pictures import card_label, deal_picture, load_scenario, scenario_picture
from brou.engine.bots import BOTS
from brou.engine.homme import HommeDeal
from brou.engine.session import Session
from brou.engine.sheet_blank import empty_sheet_svg
from brou.engine.sheet_svg import sheet_svg
from brou.errors import BrouError
from brou.spec.rules import Rules

NS = "{http://www.w3.org/2000/svg}"
# what PyMuPDF, which makes the printed book, cannot draw or draws wrong
UNSAFE = ("<style", "class=", "filter", "<mask", "<marker", "textPath", "foreignObject", "url(#")


def _root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def _texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(NS + "text")]


def _hand_labels(root: ET.Element) -> dict[int, list[str]]:
    """Per player, the labels of the face-up cards in his hand."""
    out: dict[int, list[str]] = {}
    for g in root.iter(NS + "g"):
        if "data-card" in g.attrib and "data-order" not in g.attrib:
            out.setdefault(int(g.attrib["data-player"]), []).append(g.attrib["data-label"])
    return out


def _trick(root: ET.Element) -> list[tuple[int, int, str]]:
    """The trick in the middle: (order, player, card) in the order of play."""
    cards = [(int(g.attrib["data-order"]), int(g.attrib["data-player"]), g.attrib["data-card"])
             for g in root.iter(NS + "g") if "data-order" in g.attrib]
    return sorted(cards)


def _winner_marks(root: ET.Element) -> list[str]:
    return [t.attrib["data-winner"] for t in root.iter(NS + "text") if "data-winner" in t.attrib]


def _labels(rules: Rules, cards: list[str], lang: str = "en") -> list[str]:
    return sorted(card_label(rules, rules.card(c), "fr" if lang == "fr" else "en") for c in cards)


# -- deals from the corpus ------------------------------------------------------------


def test_complete_trick_with_its_winner() -> None:
    scenario = load_scenario("brouc.play.trick-winner.highest-of-suit-led")
    svg = scenario_picture(scenario)
    assert not any(bad in svg for bad in UNSAFE)
    root = _root(svg)
    rules = Rules.load("brouc")
    assert _trick(root) == [(1, 0, "9S"), (2, 1, "7S"), (3, 2, "AD"), (4, 3, "JS")]
    hands = _hand_labels(root)
    setup = scenario.data["setup"]["hands"]
    played = {"9S", "7S", "AD", "JS"}
    for p in range(4):
        assert sorted(hands[p]) == _labels(rules, [c for c in setup[p] if c not in played])
        assert len(hands[p]) == len(set(hands[p])) == 7
    assert sorted(_winner_marks(root)) == ["label", "star"]
    texts = _texts(root)
    assert "\u2605 Player 3 wins the trick" in texts
    assert "dealer" in texts and "to play" in texts  # player 3 dealt, won, and leads next
    assert "Trump:" in texts and "7\u2665" in texts  # the turn-up
    assert "10" in texts and "T" not in texts


def test_trick_in_progress_has_no_winner() -> None:
    root = _root(scenario_picture("hdb.play.lead.dealer-1-player-2-leads"))
    assert _trick(root) == [(1, 2, "KC")]
    assert _winner_marks(root) == []
    hands = _hand_labels(root)
    assert len(hands[2]) == 7 and "K\u2663" not in hands[2]
    assert [len(hands[p]) for p in (0, 1, 3)] == [8, 8, 8]
    texts = _texts(root)
    assert "Player 1" in texts and "Player 3" in texts
    assert not any("wins the trick" in t for t in texts)


def test_dealer_other_than_three_and_the_tricks_count() -> None:
    root = _root(scenario_picture("hdb.play.next-lead.dealer-wins-and-leads", lang="fr"))
    rules = Rules.load("homme-de-brou-1802")
    assert _trick(root) == [(1, 1, "TC"), (2, 2, "9C"), (3, 3, "7C"), (4, 0, "AC")]
    assert sorted(_hand_labels(root)[0]) == _labels(rules, ["JS", "QH", "AD", "KD", "9D", "7D", "8C"], "fr")
    texts = _texts(root)
    assert "\u2605 Le joueur 0 remporte la levée" in texts
    counts = {int(t.attrib["data-tricks"]): "".join(t.itertext()) for t in root.iter(NS + "text") if "data-tricks" in t.attrib}
    assert counts == {0: "1", 1: "0"}  # team 0+2 took the trick


def test_seeded_setup() -> None:
    root = _root(scenario_picture("hdb.deal.packets.dealer-1"))
    rules = Rules.load("homme-de-brou-1802")
    expected = [["TS", "JS", "9S", "8S", "9H", "JD", "9C", "7C"], ["QS", "8H", "7H", "TD", "KD", "KC", "QC", "JC"],
                ["KS", "AH", "TH", "QH", "JH", "9D", "7D", "AC"], ["AS", "7S", "KH", "AD", "QD", "8D", "TC", "8C"]]
    hands = _hand_labels(root)
    for p in range(4):
        assert sorted(hands[p]) == _labels(rules, expected[p])
    assert _trick(root) == []
    assert "K\u2666" in _texts(root)  # the turn-up


def test_an_earlier_trick_and_upto() -> None:
    scenario = load_scenario("hdb.play.next-lead.leader-keeps-lead")
    first = _root(scenario_picture(scenario, trick=0))
    assert [c for _, _, c in _trick(first)] == ["AC", "TC", "9C", "7C"]
    assert sum(len(h) for h in _hand_labels(first).values()) == 28  # the second trick's cards are back in hand
    second = _root(scenario_picture(scenario))
    assert [c for _, _, c in _trick(second)] == ["AD", "8S", "8D", "JC"]
    assert sum(len(h) for h in _hand_labels(second).values()) == 24
    partial = _root(scenario_picture(scenario, upto=8))  # four cards, two passes, two cards
    assert [c for _, _, c in _trick(partial)] == ["AD", "8S"]
    assert _winner_marks(partial) == []
    with pytest.raises(BrouError, match="trick 5"):
        scenario_picture(scenario, trick=5)


def test_french_labels_and_ranks() -> None:
    svg = scenario_picture("brouc.play.trick-winner.lone-ruff", lang="fr", title="Une coupe")
    texts = _texts(_root(svg))
    for word in ("Joueur 1", "donneur", "à jouer", "Atout\u00a0:", "retourne\u00a0:", "Levées", "équipe 0+2", "équipe 1+3",
                 "Levée 1 sur 8", "Une coupe"):
        assert word in texts, word
    assert "D\u2665" in texts  # the turn-up, the queen of hearts
    assert "R" in texts and "V" in texts and "K" not in texts and "J" not in texts
    assert not any(w in " ".join(texts) for w in ("Player", "dealer", "Trump", "tricks"))


def test_engine_state_face_down_and_bad_language() -> None:
    rules = Rules.load("brouc")
    state = HommeDeal.from_seed(rules, 5)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    svg = deal_picture(rules, state, show_hands=False)
    root = _root(svg)
    assert _hand_labels(root) == {}
    assert len(_trick(root)) == len(state.trick)
    with pytest.raises(BrouError, match="lang"):
        deal_picture(rules, state, lang="de")  # type: ignore[arg-type]


def test_unknown_scenario() -> None:
    with pytest.raises(KeyError, match="no-such-scenario"):
        load_scenario("no-such-scenario")
    with pytest.raises(BrouError, match="no-such-scenario"):
        scenario_picture("no-such-scenario")


# -- score sheets ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("ruleset", ["homme-de-brou-1802", "brouc"])
def test_empty_sheets_are_blank_and_print_safe(ruleset: str, lang: str) -> None:
    """A blank sheet is drawn for a plain renderer and holds no value: no dash for a missing
    one, no count of tokens or coches (tests/test_sheet.py checks the printed page)."""
    svg = empty_sheet_svg(ruleset, lang)
    assert not any(bad in svg for bad in UNSAFE)
    texts = _texts(_root(svg))
    assert "Nous" in texts and "Eux" in texts
    assert not any(t in ("\u2014", "(0)") or t.startswith(("+", "\u2212")) for t in texts)


# sha256 of sheet_svg for bot matches (greedy,random as `brou match`): a played sheet must
# not change by one byte.  Taken when the marque became a line per coup and the slate's
# letters grew to 8 pt at print size (issue 21), in French, the default language; taken again
# when the French ordinals were raised (1ʳᵉ partie, la 5ᵉ perd) and the apostrophes made typographic (issue 61)
PLAYED_SHEETS = {
    ("brouc", 3, None): "0f9d8c4aaac2d94170e8ff6bd8335df1ed0dd56688a088b2691f941374316a54",
    ("brouc", 3, 2): "d23759f117b8427a61470003bf82c315f53f5fa176faeb91328627ccba0328a8",
    ("brouc", 7, None): "fb2c49509b3647ac70c396cd8c6f5d69df3fe8eb225d243adb05c506265f9542",
    ("homme-de-brou-1802", 3, None): "b9bd00fcc404ac371c99c6d2fdbc090a1c947177cee826ab790a9b6c4fcc51d8",
    ("homme-de-brou-1802", 3, 2): "dd22b1d9e6e61e5e3b14f516e06fb526a4da6d588bd039c536bcea70ab7d2187",
    ("homme-de-brou-1802", 7, None): "5c61a569cd6f73a905e3effb1581c5d9b116e1054dc19f6b302f9d915f2cd21e",
}


@pytest.mark.parametrize(("ruleset", "seed", "upto"), list(PLAYED_SHEETS))
def test_played_sheets_unchanged(ruleset: str, seed: int, upto: int | None) -> None:
    match = Session(Rules.load(ruleset), seed)
    match.play((BOTS["greedy"], BOTS["random"]), random.Random(seed))
    svg = sheet_svg(match.record(), upto_deal=upto)
    assert hashlib.sha256(svg.encode()).hexdigest() == PLAYED_SHEETS[(ruleset, seed, upto)]

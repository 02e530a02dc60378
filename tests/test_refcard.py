"""The reference card of a players' booklet (brou.book.refcard, brou.book.flowchart; issue 21):
built from the ruleset's data alone, in English and French, one A4 page each.

The page counts share one session fixture: ten cards (five rulesets, two languages) laid
out by docutils and WeasyPrint, about 10 s on one core."""

from __future__ import annotations

import copy
import html
import re
from collections.abc import Callable
from typing import Any

import pytest

from brou.book.flowchart import following_chart
from brou.book.refcard import reference_card, standalone_html
from brou.spec.rules import Rules, compile_rules

RULESETS = ("homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre")
LANGS = ("en", "fr")


def changed(name: str, change: Callable[[dict[str, Any]], None]) -> Rules:
    """Ruleset `name` at its defaults, its data changed by `change` and compiled again (the
    cached Rules is left as it was)."""
    rules = Rules.load(name)
    body = copy.deepcopy(rules.data)
    change(body)
    return compile_rules(body, dict(rules.params), dict(rules.overrides))


def text_of(lines: list[str]) -> str:
    """What a reader sees of a card: its HTML text, SVG labels included, without markup."""
    from docutils.core import publish_parts

    body = publish_parts("\n".join(lines), writer="html5", settings_overrides={"report_level": 2})["body"]
    body = re.sub(r"<(title|style)>.*?</\1>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def rows(lines: list[str]) -> list[list[str]]:
    """The rows of the card's list-tables, as lists of cells (a red suit's sign as a sign)."""
    out: list[list[str]] = []
    for line in lines:
        cell = re.sub(r"(\\ )?:refcard-red:`([^`]*)`", r"\2", line.strip())
        if cell.startswith("* - "):
            out.append([cell[4:]])
        elif cell.startswith("- ") and out and line.startswith("        - "):
            out[-1].append(cell[2:])
    return out


# -- built from data ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_marriage_values_follow_the_data(lang: str) -> None:
    def change(body: dict[str, Any]) -> None:
        body["marriages"]["kinds"]["simple"]["value"] = 25

    card = rows(reference_card(changed("homme-de-brou-1802", change), lang))
    simple = next(r for r in card if r[0] == "simple")
    assert simple[2:] == ["25", "50", "50", "100"]  # announced, announced in trumps, table (x2), table in trumps


def test_table_marriages_of_1802_are_printed_as_numbers() -> None:
    card = rows(reference_card(Rules.load("homme-de-brou-1802"), "en"))
    values = {r[0]: r[2:] for r in card if r[0] in ("simple", "grand")}
    assert values == {"simple": ["20", "40", "40", "80"], "grand": ["30", "60", "60", "120"]}


def test_brouc_table_marriages_count_once() -> None:
    card = rows(reference_card(Rules.load("brouc"), "en"))
    assert next(r for r in card if r[0] == "grand")[2:] == ["30", "60", "30", "60"]


@pytest.mark.parametrize("lang", LANGS)
def test_card_points_follow_the_data(lang: str) -> None:
    def change(body: dict[str, Any]) -> None:
        body["deck"]["ranks"][2]["points"] = 5  # the king: 4 -> 5

    card = reference_card(changed("homme-de-brou-1802", change), lang)
    points = next(r for r in rows(card) if r[0] == "Points")
    assert points[1:] == ["11", "10", "5", "3", "2", "0", "0", "0"]
    assert any("124" in line for line in card)  # the pack's total, four kings one point more


@pytest.mark.parametrize("lang", LANGS)
def test_contract_values_follow_the_data(lang: str) -> None:
    def change(body: dict[str, Any]) -> None:
        body["auction"]["contracts"][-1]["won"] = 9

    card = rows(reference_card(changed("hombre", change), lang))
    last = next(r for r in card if r[0] == ("open nolo" if lang == "en" else "nolo ouvert"))
    assert last[4:] == ["9", "7"]
    assert len([r for r in card if len(r) == 6 and r[1].isdigit()]) == 9  # the nine contracts


def test_game_values_follow_the_data() -> None:
    def change(body: dict[str, Any]) -> None:
        body["game"]["value"][0] = {"below": 120, "value": 3}

    card = rows(reference_card(changed("brouc", change), "en"))
    assert ["losers' count below 120", "3"] in card
    assert ["losers' count 120 or more", "1"] in card


def test_parties_of_1802_and_coches_of_brouc() -> None:
    old = " ".join(reference_card(Rules.load("homme-de-brou-1802"), "en"))
    new = " ".join(reference_card(Rules.load("brouc"), "en"))
    assert "in parties, marked by the winners" in old and "coches" not in old
    assert "in coches, marked by the losers" in new and "loses the match" in new


@pytest.mark.parametrize(("name", "term"), [("brouc", "la cape"), ("homme-de-brou-1802", "vole")])
@pytest.mark.parametrize("lang", LANGS)
def test_taking_every_trick_is_not_in_the_table_of_what_a_game_is_worth(name: str, term: str, lang: str) -> None:
    """A deal where one team takes every trick ends no game (brouc.game.cape, hdb.game.vole):
    the card says it under the table of what a game is worth, and that the game goes on."""
    card = reference_card(Rules.load(name), lang)
    assert not any("every trick" in row[0] or "toutes les levées" in row[0] for row in rows(card))
    text = " ".join(text_of(card).split())
    assert term in text and ("the game goes on" if lang == "en" else "la partie continue") in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_match_of_1802_is_an_agreed_number_of_parties(lang: str) -> None:
    """hdb.match.target leaves the number of parties to the players (10, 12 or 14): the card
    names the three and the one this copy plays, never "10" alone."""
    text = " ".join(text_of(reference_card(Rules.load("homme-de-brou-1802"), lang)).split())
    assert ("10, 12 or 14" if lang == "en" else "10, 12 ou 14") in text
    assert "first team to mark 10 parties" not in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_length_of_a_game_of_hombre_at_each_table(lang: str) -> None:
    """hom.match.coups: thirty coups with three, forty with four; the card of either form gives both."""
    three = " ".join(text_of(reference_card(Rules.load("hombre"), lang)).split())
    four = " ".join(text_of(reference_card(Rules.load("hombre", form="four"), lang)).split())
    if lang == "en":
        assert "30 coups (40 with four at the table)" in three and "40 coups (30 with three at the table)" in four
    else:
        assert "30 coups (40 à quatre joueurs)" in three and "40 coups (30 à trois joueurs)" in four


def test_hombre_names_its_matadors_and_ponte() -> None:
    card = rows(reference_card(Rules.load("hombre"), "fr"))
    red = next(r for r in card if r[0] == "Atout ♥ ♦")
    assert red[1].startswith("**A♠** **7** **A♣** A R D V")
    assert red[2] == "A♠ espadille, 7 manille, A♣ baste, A ponte"


def test_a_part_the_ruleset_lacks_is_left_out() -> None:
    text = text_of(reference_card(Rules.load("homme-d-auvergne"), "en"))
    assert "Marriage" not in text and "Points" not in text.split("Scoring")[0]


def test_brusquembille_shows_its_jetons_and_the_sevens_out() -> None:
    card = reference_card(Rules.load("brusquembille-1718"), "en")
    assert next(r for r in rows(card) if r[0] == "Jetons")[1:3] == ["2", "1"]
    assert any("Out of the pack: 7♠ 7♣." in line for line in card)


# -- the flowchart -------------------------------------------------------------------------------


def svg_text(svg: str) -> str:
    """The labels of a picture, one line after another."""
    return html.unescape(" ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg)))


def primitives_drawn(svg: str) -> set[str]:
    return set(re.findall(r'data-primitive="([a-z-]+)"', svg))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", RULESETS)
def test_a_node_for_each_primitive(name: str, lang: str) -> None:
    rules = Rules.load(name)
    used = {p for p, _ in rules.following_primitives + rules.following_after_talon}
    assert used and primitives_drawn(following_chart(rules, lang)) == used


def test_the_chart_follows_a_changed_list() -> None:
    def change(body: dict[str, Any]) -> None:
        body["play"]["following"] = ["follow-suit", "trump-if-void", "overtrump"]

    assert primitives_drawn(following_chart(changed("hombre", change), "en")) == {
        "follow-suit", "trump-if-void", "overtrump"}


def test_the_stock_phase_is_drawn_from_data() -> None:
    svg = following_chart(Rules.load("brusquembille-1718", following_after_talon="follow-suit"), "en")
    assert "While the stock lasts" in svg_text(svg) and "Once the stock is gone" in svg_text(svg)
    assert primitives_drawn(svg) == {"free", "follow-suit"}


def test_one_rule_throughout_is_one_chart() -> None:
    """Brusquembille played free to the end (its default): one chart, no phases that say the same."""
    text = svg_text(following_chart(Rules.load("brusquembille-1718"), "en"))
    assert "While the stock lasts" not in text and "Once the stock is gone" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_matador_exemption_is_asked_before_the_duty_to_follow(lang: str) -> None:
    """hom.play.matador-privilege lifts the duty of hom.play.follow: a reader meets the
    exemption first, and its answer ends the chart (no "then" back to following suit)."""
    svg = following_chart(Rules.load("hombre"), lang)
    order = re.findall(r'data-primitive="([^"]+)"', svg)
    assert order.index("matador-privilege") < order.index("follow-suit")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", RULESETS)
def test_no_straight_apostrophe_in_a_chart(name: str, lang: str) -> None:
    assert "'" not in svg_text(following_chart(Rules.load(name), lang))


def test_the_option_of_a_primitive_changes_its_words() -> None:
    plain = following_chart(Rules.load("brouc"), "en")
    lifted = following_chart(Rules.load("brouc", undertrump_when_void=True), "en")
    assert "Do not undertrump" in svg_text(plain) and "Do not undertrump" not in svg_text(lifted)


@pytest.mark.parametrize("lang", LANGS)
def test_whist_is_one_question(lang: str) -> None:
    svg = following_chart(Rules.load("homme-de-brou-1802"), lang)
    assert svg.count("data-primitive") == 1
    assert ("Play any card: a trump or a card of another suit" if lang == "en"
            else "Jouez n\u2019importe quelle carte\u00a0: un atout ou une autre couleur") in svg_text(svg)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", RULESETS)
def test_labels_are_at_least_8_points(name: str, lang: str) -> None:
    svg = following_chart(Rules.load(name), lang)
    width = float(re.search(r'<svg[^>]* width="([0-9.]+)"', svg).group(1))  # type: ignore[union-attr]
    sizes = [float(s) for s in re.findall(r'font-size="([0-9.]+)"', svg)]
    assert width <= 630  # printed at its size in the 168 mm of the page: 1 px = 0.75 pt
    assert min(sizes) * 0.75 >= 8


# -- French ---------------------------------------------------------------------------------------

ENGLISH = {"the", "and", "of", "trick", "tricks", "trump", "trumps", "suit", "card", "cards", "play", "any", "your",
           "you", "with", "when", "must", "wins", "game", "marriage", "each", "player", "worth", "yes", "no", "then",
           "plain", "order", "strongest", "pack", "points in all", "announced", "scoring", "king", "queen", "jack"}


@pytest.mark.parametrize("name", RULESETS)
def test_no_english_in_the_french_card(name: str) -> None:
    text = text_of(reference_card(Rules.load(name), "fr"))
    found = sorted(w for w in set(re.findall(r"[A-Za-z]+", text.lower())) if w in ENGLISH)
    assert not found


@pytest.mark.parametrize("name", RULESETS)
def test_french_spacing(name: str) -> None:
    text = text_of(reference_card(Rules.load(name), "fr"))
    assert not re.search(r"[^\s][:;?!»]|«[^\u00a0\u202f]", text)  # a (narrow) no-break space inside
    assert not re.search(r" [:;?!»]|« ", text)  # never a breaking one


@pytest.mark.parametrize("name", RULESETS)
def test_french_cards_are_r_d_v(name: str) -> None:
    card = rows(reference_card(Rules.load(name), "fr"))
    orders = " ".join(" ".join(r[1:]) for r in card if r[0].startswith(("Couleur", "Atout", "Carte", "Ordre")))
    assert "R" in orders.split() and "D" in orders.split() and "V" in orders.split()
    assert not {"K", "Q", "J"} & set(orders.split())


# -- one A4 page ------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def pages() -> dict[tuple[str, str], int]:
    """The number of A4 pages of each card laid out alone, with the steps of a deal its booklet
    gives it (ten WeasyPrint layouts, about 10 s)."""
    from weasyprint import HTML

    from brou.book.booklet import card_steps, load_booklet

    def count(name: str, lang: str) -> int:
        rules = Rules.load(name)
        steps = card_steps(load_booklet(name), rules, lang)
        return len(HTML(string=standalone_html(rules, lang, steps)).render().pages)

    return {(name, lang): count(name, lang) for name in RULESETS for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", RULESETS)
def test_the_card_fits_one_page(pages: dict[tuple[str, str], int], name: str, lang: str) -> None:
    assert pages[name, lang] == 1


def test_the_steps_of_a_deal_come_after_the_cards_with_their_rule_numbers() -> None:
    from brou.book.booklet import card_steps, load_booklet

    rules = Rules.load("hombre")
    steps = card_steps(load_booklet("hombre"), rules, "en")
    text = "\n".join(reference_card(rules, "en", steps))
    assert text.index("The cards") < text.index("A deal, step by step") < text.index("What you may play")
    assert "**The auction** (rules 4.1\u20134.4, 5.2). The first hand speaks first" in text
    assert "A deal, step by step" not in "\n".join(reference_card(rules, "en"))


@pytest.mark.parametrize(("numbers", "cited"), [(["3.2"], "3.2"), (["3.3", "3.2"], "3.2\u20133.3"),
                                                (["4.1", "4.2", "4.4", "5.2"], "4.1\u20134.2, 4.4, 5.2"),
                                                (["9.9", "9.10", "10.1"], "9.9\u20139.10, 10.1")])
def test_rule_numbers_are_cited_as_runs(numbers: list[str], cited: str) -> None:
    from brou.book.refcard import rule_span

    assert rule_span(numbers) == cited


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        reference_card(Rules.load("brouc"), "de")


@pytest.mark.parametrize("name", RULESETS)
def test_every_reading_gets_a_card(name: str) -> None:
    """Each option of each parameter (forms included) gives a card in both languages, its
    flowchart drawing every primitive of that reading."""
    from brou import spec

    for param, choice in (spec.load_document(name).data.get("parameters") or {}).items():
        for option in (choice or {}).get("options", []):
            try:
                rules = Rules.load(name, **{param: option})
            except Exception:  # a reading the engine refuses (brou.spec.rules.NOT_EXECUTABLE_YET)
                continue
            used = {p for p, _ in rules.following_primitives + rules.following_after_talon}
            for lang in LANGS:
                card = "\n".join(reference_card(rules, lang))
                assert primitives_drawn(card) == used, (param, option)


def test_the_declarations_floor_where_the_rules_ask_for_it() -> None:
    brouc = rows(reference_card(Rules.load("brouc"), "en"))
    old = rows(reference_card(Rules.load("homme-de-brou-1802"), "en"))
    strict = rows(reference_card(Rules.load("homme-de-brou-1802", partie_et_vole_190="precondition"), "en"))
    assert ["*la cape et dehors*, declared at 190 or more and made", "3"] in brouc
    assert any(r[0] == "*partie et vole*, declared and made" for r in old)
    assert any(r[0] == "*partie et vole*, declared at 190 or more and made" for r in strict)


def test_red_suits_are_red() -> None:
    text = "\n".join(reference_card(Rules.load("hombre"), "en"))
    page = standalone_html(Rules.load("hombre"), "en")
    assert ":refcard-red:`\u2665`" in text and ":refcard-red:`\u2660`" not in text
    assert '<span class="refcard-red">\u2666</span>' in page

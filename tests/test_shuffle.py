"""The documented shuffle (brou.cards.shuffle, docs/shuffle.md): reference values for other languages."""

from __future__ import annotations

from collections import Counter
from math import factorial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brou import Rules, deal_from_seed
from brou.cards import shuffle
from brou.cards.shuffle import MAX_SEED, shuffled, splitmix64


def test_splitmix64_matches_the_published_reference_outputs() -> None:
    state, outputs = 1234567, []
    for _ in range(5):
        state, z = splitmix64(state)
        outputs.append(z)
    assert outputs == [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821]
    assert splitmix64(0)[1] == 0xE220A8397B1DCDAF


# Reference permutations: position 0 is the top of the pack; values are canonical card indices.
REFERENCE = {
    0: [19, 26, 4, 27, 22, 21, 8, 16, 15, 17, 10, 9, 24, 0, 29, 18, 28, 30, 11, 25, 1, 2, 7, 5, 14, 23, 6, 3, 31, 12, 13, 20],
    1: [3, 31, 29, 25, 6, 11, 8, 12, 27, 0, 21, 19, 28, 16, 9, 13, 17, 20, 14, 10, 22, 15, 4, 2, 1, 30, 18, 24, 23, 5, 26, 7],
    7: [14, 2, 13, 24, 29, 3, 21, 31, 20, 16, 22, 30, 27, 6, 1, 26, 19, 7, 18, 25, 15, 9, 17, 11, 5, 23, 12, 10, 8, 0, 4, 28],
    MAX_SEED: [30, 8, 0, 15, 7, 27, 19, 31, 14, 23, 26, 10, 12, 29, 21, 22,
               11, 13, 2, 25, 5, 18, 6, 20, 3, 28, 17, 1, 16, 4, 24, 9],
}


@pytest.mark.parametrize("seed", sorted(REFERENCE))
def test_reference_permutations(seed: int) -> None:
    assert shuffled(32, seed) == REFERENCE[seed]


@pytest.mark.clause("hdb.deal.packets", "brouc.deal.packets", "hdb.deal.turnup")
def test_reference_deals() -> None:
    brouc, hdb = Rules.load("brouc"), Rules.load("homme-de-brou-1802")
    d = deal_from_seed(brouc, 7)
    assert [" ".join(brouc.cards_text(h)) for h in d.hands] == [
        "QS 7S 8H KD QD 9D TC 9C", "KS TH QH 7H AD TD JD 7C", "9S KH JH 9H 8D 7D QC 8C", "AS TS JS 8S AH AC KC JC"]
    assert brouc.card_text(d.turnup) == "JC"
    d = deal_from_seed(hdb, 7)
    assert [" ".join(hdb.cards_text(h)) for h in d.hands] == [
        "TS KS 9S 8S 9H 8H 7D QC", "QS 7S KH JH QD AC KC 9C", "AS AH 7H KD JD 9D TC 7C", "JS TH QH AD TD 8D JC 8C"]
    assert hdb.card_text(d.turnup) == "JC"


def test_every_seed_gives_a_permutation() -> None:
    for seed in range(2000):
        assert sorted(shuffled(32, seed)) == list(range(32))


def test_positions_are_spread_evenly() -> None:
    # 20,000 shuffles: each card lands on the top about 625 times; a chi-square bound at a far tail.
    n = 20_000
    tops = Counter(shuffled(32, seed)[0] for seed in range(n))
    expected = n / 32
    chi2 = sum((tops[c] - expected) ** 2 / expected for c in range(32))
    assert len(tops) == 32
    assert chi2 < 80  # 31 degrees of freedom: p < 1e-5 beyond 70


def _words(seed: int, count: int) -> list[int]:
    state, out = seed, []
    for _ in range(count):
        state, z = splitmix64(state)
        out.append(z)
    return out


def _fisher_yates_digits(x: int) -> list[int]:
    deck = list(range(32))
    for i in range(31, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_a_rejected_draw_is_replaced_by_the_next_two_words() -> None:
    limit = (1 << 128) // factorial(32) * factorial(32)
    seed = next(s for s in range(100_000) if (lambda w: (w[0] << 64 | w[1]) >= limit)(_words(s, 2)))
    w = _words(seed, 4)
    assert (w[2] << 64 | w[3]) < limit
    assert shuffled(32, seed) == _fisher_yates_digits(w[2] << 64 | w[3])
    ok = next(s for s in range(100) if (lambda w: (w[0] << 64 | w[1]) < limit)(_words(s, 2)))
    w = _words(ok, 2)
    assert shuffled(32, ok) == _fisher_yates_digits(w[0] << 64 | w[1])


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1])
def test_seed_out_of_range(seed: int) -> None:
    with pytest.raises(ValueError, match="seed must be"):
        shuffled(32, seed)


@pytest.mark.parametrize(("form", "seed", "word", "rounds"), [
    ("three", 0, 16294208416658607535, [["JC", "KC", "QH"]]),
    ("four", 0, 16294208416658607535, [["QH", None, "JC", "KC"]]),
    ("three", 1, 10451216379200822465, [["QC", "JH", "KS"]]),
    ("four", 1, 10451216379200822465, [["JH", "KS", "QC", None]]),
])
def test_hombre_seat_draw_reference_values(form: str, seed: int, word: int, rounds: list[list[str | None]]) -> None:
    """docs/shuffle.md, "The first dealer", L'Hombre: one word w; the first king, queen and jack
    of the pack shuffled with w; the king to player w mod t, who deals; the queen on his right,
    the jack on his left; with four the player opposite draws nothing."""
    from brou.laws.first_dealer import draw_first_dealer

    rules = Rules.load("hombre", form=form)
    assert splitmix64(seed)[1] == word
    drawn = draw_first_dealer(rules, seed)
    t = rules.table_size
    assert drawn.dealer == word % t
    assert drawn.data(rules)["rounds"] == rounds
    ranks = [None if card is None else card[0] for card in rounds[0]]
    assert (ranks[drawn.dealer], ranks[(drawn.dealer + 1) % t], ranks[(drawn.dealer - 1) % t]) == ("K", "Q", "J")


def test_hombre_seeded_deal_with_four_reference_values() -> None:
    """docs/shuffle.md, L'Hombre with four: the three seats of the three-player deal go to players
    d + 1, d + 3 and d; the default dealer is 3; player d + 2 receives nothing."""
    from brou.conformance.protocol.table import Table

    three = Table(Rules.load("hombre"), {"seed": 7}).observe("deal")["hands"]  # seats 0, 1, 2 = players 0, 1, 2
    four = Rules.load("hombre", form="four")
    table = Table(four, {"seed": 7})
    assert table.dealer == 3
    assert table.observe("deal")["hands"] == [three[0], [], three[1], three[2]]
    table = Table(four, {"seed": 7, "dealer": 0})
    assert table.observe("deal")["hands"] == [three[2], three[0], [], three[1]]
    assert sorted(three[0]) == sorted(["JD", "4C", "JH", "QH", "4D", "QS", "2S", "6S", "6H"])


@pytest.mark.parametrize(("ruleset", "params", "seed", "dealer", "rounds"), [
    ("brusquembille-1718", {}, 0, 1, [["9D", "AS", "QC"]]),
    ("brusquembille-1718", {}, 1, 2, [["QH", "9H", "QD"], ["7D", None, "QD"]]),
    ("brusquembille-1718", {"form": "four-partners"}, 1, 1, [[None, "JC", None, "JS"], [None, "QH", None, "9H"]]),
    ("homme-d-auvergne", {}, 0, 3, [["TS", "9D", "8S", "KC"]]),
    ("homme-d-auvergne", {}, 1, 2, [["TC", "TS", "KS", "AD"]]),
])
def test_first_dealer_draw_reference_values_of_the_talon_games(ruleset: str, params: dict[str, str], seed: int,
                                                                dealer: int, rounds: list[list[str | None]]) -> None:
    """docs/shuffle.md, "The first dealer": the values the page gives for Brusquembille and
    L'Homme d'Auvergne (the highest card deals; tied players draw again)."""
    from brou.laws.first_dealer import draw_first_dealer

    rules = Rules.load(ruleset, **params)
    drawn = draw_first_dealer(rules, seed)
    assert (drawn.dealer, drawn.data(rules)["rounds"]) == (dealer, rounds)


@given(st.integers(min_value=2, max_value=64), st.integers(min_value=0, max_value=MAX_SEED))
def test_the_swaps_worked_a_word_at_a_time_are_the_plain_division_s(n: int, seed: int) -> None:
    """`swaps` and `shuffled` take X's digits a machine word at a time; the plain walk of the
    steps (X divided by i + 1 for i from n - 1 down to 1) gives the same."""
    x = shuffle._number(n, seed)
    plain = []
    for i in range(n - 1, 0, -1):
        x, j = divmod(x, i + 1)
        plain.append(j)
    assert shuffle.swaps(n, seed) == plain
    assert shuffle.shuffled(n, seed) == shuffle.permuted(n, plain)

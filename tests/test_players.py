"""The careful player (brou.players.careful, issue 36): it plays every ruleset legally and the
same way twice, gives a known reason for every action that fits what it did, chooses from what
its seat sees alone, and plays better than the engine's plain bots."""

from __future__ import annotations

import random

import pytest

from brou.engine.bots import bots_of
from brou.engine.deals import new_deal
from brou.engine.homme import HommeDeal
from brou.engine.phases import PhaseDeal
from brou.engine.session import Session
from brou.laws.ledger import balances
from brou.laws.play import beats
from brou.players import PLAYER_NAMES, players_of
from brou.players.careful import REASONS, Choice, choose, side_of
from brou.spec import available_rulesets
from brou.spec.rules import Rules

RULESETS = available_rulesets()
FORMS: list[tuple[str, dict[str, object]]] = [(r, {}) for r in RULESETS] + [
    ("brusquembille-1718", {"form": "four-partners"}), ("homme-d-auvergne", {"form": "five"}),
    ("hombre", {"form": "four"}), ("brouc", {"table_marking": "players"}),
    ("homme-de-brou-1802", {"following": "brouc"}),
]


def played(rules: Rules, seed: int) -> list[tuple[PhaseDeal, Choice]]:
    """Every choice of a session's first deal played by careful players, with the state it was made in."""
    session = Session(rules, seed)
    deal = session.deal
    out = []
    while not deal.is_over:
        choice = choose(deal)
        out.append((deal.copy(), choice))
        session.apply(choice.action)
    return out


@pytest.mark.parametrize(("ruleset", "params"), FORMS)
def test_every_choice_is_legal_with_a_known_reason(ruleset: str, params: dict[str, object]) -> None:
    rules = Rules.load(ruleset, **params)
    for seed in range(12):
        for state, choice in played(rules, seed):
            legal = state.legal_actions()
            assert choice.action in legal and choice.reason in REASONS
            if choice.reason == "only":
                assert [a for a in legal if a < rules.n_indices] == [choice.action]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_same_deal_gets_the_same_choices(ruleset: str) -> None:
    rules = Rules.load(ruleset)
    assert [c for _, c in played(rules, 7)] == [c for _, c in played(rules, 7)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_reasons_say_what_the_card_did(ruleset: str) -> None:
    """A card played to a trick: `only` when no other was legal; `smear` and `partner` onto a
    partner's trick; `win`, `win-master` and `ruff` take the trick so far, `duck` and `keep` do
    not; `ruff` trumps a plain suit led."""
    rules = Rules.load(ruleset)
    seen: set[str] = set()
    for seed in range(30):
        for state, choice in played(rules, seed):
            card = choice.action
            if state.phase != "play" or not 0 <= card < rules.n_indices or not state.trick:
                continue
            seen.add(choice.reason)
            best, n = state.best_card(), rules.n_players
            top = (state.leader + state.trick.index(best)) % n
            takes = beats(rules, card, best, state.trump)
            if choice.reason == "only":
                assert [a for a in state.legal_actions() if a < rules.n_indices] == [card]
            if choice.reason in ("smear", "partner", "table-marriage"):
                assert side_of(state, top) == side_of(state, state.to_act) and top != state.to_act
            if choice.reason in ("win", "win-master", "ruff"):
                assert takes
            if choice.reason in ("duck", "keep"):
                assert not takes
            if choice.reason == "ruff":
                order_led = rules.suit_of[state.trick[0]]
                assert state.trump is not None and order_led != state.trump
    assert {"win", "duck"} <= seen


def test_the_choice_depends_only_on_what_the_seat_sees() -> None:
    """Swap the cards of the other hands among themselves (and with the stock): the careful
    player's choice does not change, since he cannot see them."""
    rng = random.Random(5)
    for ruleset in RULESETS:
        rules = Rules.load(ruleset)
        for seed in range(6):
            for state, choice in played(rules, seed)[::3]:
                if isinstance(state, HommeDeal) or state.phase != "play":
                    continue
                me = state.to_act
                others = [s for s in range(rules.n_players) if s != me]
                pool = [c for s in others for c in rules.mask_to_list(state.hands[s])] + list(state.stock)
                rng.shuffle(pool)
                other = state.copy()
                for s in others:
                    k = state.hands[s].bit_count()
                    other.hands[s] = sum(1 << c for c in pool[:k])
                    pool = pool[k:]
                other.stock = pool
                assert choose(other) == choice


def test_every_ruleset_offers_every_player_by_name() -> None:
    for ruleset in RULESETS:
        rules = Rules.load(ruleset)
        assert tuple(players_of(rules)) == PLAYER_NAMES
        assert all(players_of(rules)[name] is bot for name, bot in bots_of(rules).items())


@pytest.mark.parametrize("ruleset", ["brouc", "homme-de-brou-1802"])
def test_careful_beats_the_greedy_players_of_the_partnership_games(ruleset: str) -> None:
    """Forty seeded matches, the careful team changing sides each time: it wins nearly all."""
    rules = Rules.load(ruleset)
    players = players_of(rules)
    won = 0
    for seed in range(40):
        careful = seed % 2
        bots = [players["greedy"], players["greedy"]]
        bots[careful] = players["careful"]
        session = Session(rules, seed)
        session.play(bots, random.Random(seed))
        won += session.winner == careful
    assert won >= 34


@pytest.mark.parametrize("ruleset", ["brusquembille-1718", "homme-d-auvergne", "hombre"])
def test_careful_gains_against_the_greedy_players_of_the_other_games(ruleset: str) -> None:
    """Deals dealt alike, played once with a careful player in one seat and once with a greedy
    one there (the others greedy), each seat in turn: over 150 deals a seat, the careful seat
    ends with more (jetons, points or marks)."""
    rules = Rules.load(ruleset)
    greedy = bots_of(rules)["greedy"]
    totals = [0, 0]
    for seat in range(rules.n_players):
        for seed in range(150):
            for k, careful in enumerate((True, False)):
                deal = new_deal(rules, Session(rules, seed).deal.deal)
                rng = random.Random(seed)
                while not deal.is_over:
                    deal.apply(choose(deal).action if careful and deal.to_act == seat else greedy(deal, rng))
                totals[k] += balances(deal.ledger, rules.n_players)[seat]
    assert totals[0] > totals[1]

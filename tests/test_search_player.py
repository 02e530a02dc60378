"""The search player (brou.players.search): it decides every phase by search (the auction, the
naming, the exchange, the offer, the speech, the game's claims), its worlds weigh what the others
said, its exchange follows one plan, it is deterministic for a seed, `seconds` bounds its worlds,
and it takes the best action where the worlds leave no doubt."""

from __future__ import annotations

import random

import pytest
from test_pimc import dealt

from brou.engine.hombre import HombreDeal
from brou.engine.homme import CLAIM_ACTION, HommeDeal
from brou.engine.phases import PhaseDeal
from brou.engine.session import Session
from brou.laws.auction import words
from brou.laws.exchange import discard_bounds
from brou.players import Pimc, Search, careful_bot, parse_player, players_of
from brou.players.pimc import alone
from brou.players.search import (
    GAME_BEFORE,
    GAME_WORLDS,
    SURPRISE,
    WORLDS,
    exchange_plans,
    own_plans,
    principal_variation,
    settled,
    surprise_weight,
)
from brou.solve import solve
from brou.solve.solution import light
from brou.spec.rules import Rules, card_order

QUICK = Search(worlds=2, early=1)  # a cheap strength: the tests check what it does, not how well


def careful_until(deal: PhaseDeal, stop: str, seat_is_not: int | None = None) -> PhaseDeal:
    """`deal` played by the careful player until its phase is `stop` with a real choice."""
    rng = random.Random(0)
    while not deal.is_over:
        if deal.phase == stop and len(deal.legal_actions()) > 1 and deal.to_act != seat_is_not:
            return deal
        deal.apply(careful_bot(deal, rng))
    raise AssertionError(f"the deal ended before a choice in its {stop}")


def hombre_with_an_hombre(seed: int = 0) -> HombreDeal:
    """A seeded L'Hombre deal whose auction the careful players win (someone plays)."""
    for s in range(seed, seed + 200):
        deal = dealt("hombre", s)
        assert isinstance(deal, HombreDeal)
        rng = random.Random(0)
        probe = deal.copy()
        while not probe.is_over and probe.phase == "auction":
            probe.apply(careful_bot(probe, rng))
        if not probe.is_over and probe.hombre is not None:
            return deal
    raise AssertionError("no deal with an hombre")


# -- inference ------------------------------------------------------------------------------------


def test_a_history_the_careful_player_would_have_said_weighs_one() -> None:
    deal = careful_until(hombre_with_an_hombre(), "exchange")
    for seat in range(deal.rules.n_players):
        assert surprise_weight(deal, seat) == 1.0


def test_a_word_the_careful_player_would_not_have_said_weighs_the_surprise() -> None:
    deal = dealt("hombre", 3)
    assert isinstance(deal, HombreDeal)
    rules = deal.rules
    speaker = deal.to_act
    model = careful_bot(deal, random.Random(0))
    other = next(a for a in deal.legal_actions() if a != model and a >= rules.n_indices)
    deal.apply(other)
    # the speaker's own word is not weighed from his seat; from another seat it is a surprise
    assert surprise_weight(deal, speaker) == 1.0
    assert surprise_weight(deal, (speaker + 1) % rules.n_players) == pytest.approx(SURPRISE)
    assert surprise_weight(deal, (speaker + 1) % rules.n_players, surprise=0.5) == pytest.approx(0.5)


def test_which_card_was_played_is_not_weighed() -> None:
    deal = careful_until(dealt("brusquembille-1718", 1), "play")
    rng = random.Random(3)
    for _ in range(6):  # cards unlike the careful player's: still weight one
        legal = deal.legal_actions()
        model = careful_bot(deal, rng)
        deal.apply(next((a for a in legal if a != model), model))
    assert all(surprise_weight(deal, seat) == 1.0 for seat in range(deal.rules.n_players))


# -- every phase decided by search ------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "phase"), [("hombre", "auction"), ("homme-d-auvergne", "speech"),
                                                ("homme-d-auvergne", "turn-offer")])
def test_a_decision_before_the_card_play_is_searched(ruleset: str, phase: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import brou.players.search as search

    solved: list[int] = []
    real = search.share

    def counted(state: PhaseDeal, seat: int) -> float:
        solved.append(seat)
        return real(state, seat)

    monkeypatch.setattr(search, "share", counted)
    deal = careful_until(dealt(ruleset, 2) if ruleset != "hombre" else hombre_with_an_hombre(2), phase)
    legal = deal.legal_actions()
    found = QUICK.values(deal, random.Random(1))
    assert found.worlds == 2 and set(found.actions) == set(legal)
    assert found.best() in legal
    assert solved and set(solved) == {deal.to_act}  # each action played on and solved for the seat


def a_king_to_show() -> PhaseDeal:
    """A seeded deal of L'Homme d'Auvergne, played by the careful player, at a word of the speech
    where the seat may show the king of the turned suit."""
    for seed in range(300):
        deal = dealt("homme-d-auvergne", seed)
        rng = random.Random(0)
        while not deal.is_over and deal.phase != "play":
            if deal.phase == "speech" and any(deal.action_text(a) == "show" for a in deal.legal_actions()):
                return deal
            deal.apply(careful_bot(deal, rng))
    raise AssertionError("no king to show in 300 deals")


def test_a_king_shown_is_valued_by_the_seats_best_next_word_not_the_careful_players() -> None:
    """Showing a king, the seat is asked again at once (play or pass, auv.king.show): `show` is
    valued by its best plan, show-then-play or show-then-pass, where it was valued by the careful
    player's next word (he plays), and passing without showing kept the king's mark away."""
    deal = a_king_to_show()
    legal = deal.legal_actions()
    plans = own_plans(deal, legal)
    text = {tuple(deal.action_text(a) for a in plan) for plan in plans}
    assert {("show", "play"), ("show", "pass")} <= text and ("show",) not in text
    assert {p[0] for p in plans} == set(legal) and all(len(p) == 1 for p in plans if deal.action_text(p[0]) != "show")
    found = QUICK.values(deal, random.Random(1))
    assert set(found.actions) == set(legal)
    offer = careful_until(dealt("homme-d-auvergne", 2), "turn-offer")  # a card turned next: nothing followed
    assert own_plans(offer, offer.legal_actions()) == [(a,) for a in offer.legal_actions()]
    auction = careful_until(hombre_with_an_hombre(2), "auction")
    assert own_plans(auction, auction.legal_actions()) == [(a,) for a in auction.legal_actions()]


def test_the_exchange_follows_one_plan_to_the_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plans and how they are followed; each position valued by a cheap stand-in for the
    solver (the trumps the seat holds), which the pure engine would take minutes over."""
    import brou.players.search as search

    def trumps(state: PhaseDeal, seat: int) -> float:
        trump = state.trump
        assert trump is not None
        return float((state.hands[seat] & card_order(state.rules, trump).class_mask[trump]).bit_count())

    monkeypatch.setattr(search, "share", trumps)
    deal = careful_until(hombre_with_an_hombre(), "exchange")
    assert isinstance(deal, HombreDeal)
    seat = deal.to_act
    rules = deal.rules
    plans = exchange_plans(deal)
    assert deal.contract is not None and deal.hombre is not None
    least, most = discard_bounds(rules, deal.contract, seat, deal.hombre, len(deal.stock))
    draw = rules.n_indices + words(rules).index("draw")
    assert plans and all(plan[-1] == draw and least <= len(plan) - 1 <= most for plan in plans)
    order = card_order(rules, deal.trump)
    keep_from = 1 if seat == deal.hombre else 2
    longest = max(plans, key=len)[:-1]
    kept = [order.class_of[c] == deal.trump or order.place[c] < keep_from for c in longest]
    assert kept == sorted(kept)  # the plain cards below the king (the queen) go first, trumps and kings last
    rng = random.Random(5)
    first = QUICK.values(deal, rng)
    assert first.worlds == 2
    steps = 0
    while deal.phase == "exchange" and deal.to_act == seat:
        found = QUICK.values(deal, rng)
        if steps:
            assert found.worlds == 0  # the plan's next step, without search
        deal.apply(found.best())
        steps += 1
    assert steps >= 1


def test_a_search_player_taking_over_in_the_middle_of_an_exchange_follows_its_own_plan(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat that has discarded a card already (by another player's hand: a study's replay
    plays on from where two readings part) makes its plan there, and each later step is the
    plan's next card, counted from that card, not from the exchange's start (an IndexError, or
    another card, until 2026-11-29)."""
    import brou.players.search as search

    def trumps(state: PhaseDeal, seat: int) -> float:
        trump = state.trump
        assert trump is not None
        return float((state.hands[seat] & card_order(state.rules, trump).class_mask[trump]).bit_count())

    monkeypatch.setattr(search, "share", trumps)
    for seed in range(28, 60):
        deal = careful_until(hombre_with_an_hombre(seed), "exchange")
        assert isinstance(deal, HombreDeal)
        seat = deal.to_act
        first = [a for a in deal.legal_actions() if a < deal.rules.n_indices]
        if len(exchange_plans(deal)) < 3 or not first:
            continue
        deal.apply(first[0])  # one card discarded by someone else's choice
        search._PLANS.clear()
        rng = random.Random(seed)
        plan = exchange_plans(deal)
        steps = []
        while deal.phase == "exchange" and deal.to_act == seat:
            action = QUICK.values(deal, rng).best()
            assert action in deal.legal_actions()
            steps.append(action)
            deal.apply(action)
        assert tuple(steps) in {tuple(p) for p in plan}, (steps, plan)
        if len(steps) >= 2:  # a plan followed past its first step
            return
    raise AssertionError("no plan of two steps or more taken over in 32 deals")


def test_a_claim_is_made_when_the_deal_is_searched_for_the_game() -> None:
    """A deal of Brouc inside a game, played by the careful players to its last tricks: the
    search player's values come from the game's exact search, and where it claims the solver
    agrees that claiming is best."""
    rules = Rules.load("brouc")
    for seed in range(40):
        session = Session(rules, seed)
        rng = random.Random(seed)
        while not session.is_over:
            deal = session.deal
            legal = deal.legal_actions()
            claim = rules.pass_action + CLAIM_ACTION
            if (isinstance(deal, HommeDeal) and claim in legal and sum(h.bit_count() for h in deal.hands) <= 8
                    and len(legal) > 1):
                found = QUICK.values(deal, random.Random(0))
                assert found.game == {} and claim in found.actions  # exact: one table for every action
                truth = solve(deal, seat=deal.to_act)
                if found.best() == claim:
                    assert claim in truth.best
                    return
            session.apply(careful_bot(deal, rng))
    pytest.fail("no claim found in 40 sessions")


# -- determinism and time -----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["homme-d-auvergne", "brusquembille-1718"])
def test_the_same_seed_gives_the_same_choice(ruleset: str) -> None:
    deal = careful_until(dealt(ruleset, 4), "play")
    rng = random.Random(4)
    while ruleset == "brusquembille-1718" and sum(h.bit_count() for h in deal.hands) + len(deal.stock) > 9:
        deal.apply(careful_bot(deal, rng))  # late: the pure solver is quick there
    assert QUICK(deal, random.Random(9)) == QUICK(deal.copy(), random.Random(9))


def test_seconds_bounds_the_worlds() -> None:
    deal = careful_until(dealt("homme-d-auvergne", 4), "play")
    assert Search(worlds=50, seconds=0.0).values(deal, random.Random(0)).worlds == 1


def test_before_sets_the_worlds_before_the_card_play_only() -> None:
    player = Search(worlds=2, early=1, before=3)
    speech = careful_until(dealt("homme-d-auvergne", 2), "speech")
    assert player.values(speech, random.Random(0)).worlds == 3
    play = careful_until(dealt("homme-d-auvergne", 4), "play")
    assert player.values(play, random.Random(0)).worlds == 2
    assert parse_player("search:worlds=2:early=1:before=3").bot(Rules.load("hombre")) == player


def test_unset_worlds_are_the_games_own() -> None:
    """docs/players.md, "More worlds in L'Homme d'Auvergne": 48 worlds a decision and 64 before
    the card play there where neither is set, 12 elsewhere; a `worlds` set holds before the card
    play too, as it always did."""
    speech = careful_until(dealt("homme-d-auvergne", 2), "speech")
    play = careful_until(dealt("homme-d-auvergne", 4), "play")
    default = Search()
    assert (default.count(play), default.count_before(speech)) == (GAME_WORLDS["speech"], GAME_BEFORE["speech"])
    assert (GAME_WORLDS["speech"], GAME_BEFORE["speech"]) == (48, 64)
    assert (Search(worlds=8).count(play), Search(worlds=8).count_before(speech)) == (8, 8)
    assert Search(before=32).count_before(speech) == 32 and Search(before=32).count(play) == 48
    hombre = careful_until(hombre_with_an_hombre(2), "play")
    assert (default.count(hombre), default.count_before(hombre)) == (WORLDS, WORLDS)
    assert parse_player("search").bot(Rules.load("homme-d-auvergne")) == default
    twelve = parse_player("search:worlds=12").bot(Rules.load("homme-d-auvergne"))
    assert isinstance(twelve, Search) and twelve.count_before(speech) == 12


def test_search_is_a_player_of_every_ruleset() -> None:
    for ruleset in ("homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre"):
        assert "search" in players_of(Rules.load(ruleset))


def test_a_whole_deal_of_l_homme_d_auvergne_is_played_legally() -> None:
    deal = dealt("homme-d-auvergne", 6)
    rng = random.Random(6)
    while not deal.is_over:
        action = QUICK(deal, rng) if deal.to_act == 0 else careful_bot(deal, rng)
        assert action in deal.legal_actions()
        deal.apply(action)


def _in_a_game_and_alone(seed: int) -> tuple[PhaseDeal, PhaseDeal]:
    """The first deal of a seeded game of L'Homme d'Auvergne, played by the careful player to a
    card play with a choice, and the same deal at the same moment dealt on its own (no marks)."""
    rules = Rules.load("homme-d-auvergne")
    for s in range(seed, seed + 50):
        game = careful_until(Session(rules, s).deal.copy(), "play")
        if not game.is_over:
            break
    assert game.marks is not None
    return game, alone(game)


def test_a_deal_of_a_game_of_l_homme_d_auvergne_is_searched_as_a_deal_on_its_own() -> None:
    # The game's marks end a deal the moment someone reaches the target; far from it, the worlds
    # are the deal alone, and the solver's light state takes the card play (pimc.alone).
    game, single = _in_a_game_and_alone(3)
    assert single.marks is None and single._steps() == game._steps() and single.hands == game.hands
    assert light(single) and not light(game) and light(game, alone=True)
    for player in (Search(worlds=3), Pimc(samples=3)):
        assert player(game, random.Random(5)) == player(single, random.Random(5))
    mine = Search(worlds=3).values(game, random.Random(5))
    assert mine.actions == Search(worlds=3).values(single, random.Random(5)).actions
    assert len(set(mine.actions.values())) > 1 or len(mine.actions) == 1


def test_the_line_played_double_dummy_is_the_solvers_step_by_step() -> None:
    # principal_variation moves one light state per side along the line (its table kept); the
    # line is the one solving the position again at every step gives (ties to the lowest id).
    rules = Rules.load("homme-d-auvergne")
    checked = 0
    for seed in range(40, 44):
        state = settled(alone(Session(rules, seed).deal.copy()))
        rng = random.Random(seed)
        while not state.is_over:
            step = state.copy()
            while not step.is_over:
                step.apply(min(solve(step, seat=step.to_act).best))
            assert principal_variation(state)._steps() == step._steps()
            checked += 1
            for _ in range(2):  # two cards on, at random
                if not state.is_over:
                    state.apply(rng.choice(state.legal_actions()))
    assert checked >= 20

"""Property tests of Brusquembille on the phase engine (brou.engine.phases), over random deals.

Each example is one deal from a hypothesis-drawn seed (and cut), in one form and parameter set,
played to the end by random legal cards.  At every step:

- every card of the pack is in exactly one place: a hand, the stock, the trick on the table or
  the cards a seat has won (brus.deck.cards, brus.talon.draw);
- while the stock lasts every hand holds three cards, less the one its player has put on the
  trick in progress (brus.talon.draw);
- while the stock lasts, `free` allows the whole hand (brus.play.free); once it is gone, under
  following_after_talon=follow-suit, the cards of the suit led if the player holds one, else
  the whole hand;
- an action the engine does not offer (a card not held, a card the following rule refuses, an
  id out of range, a text that names nothing, the right card for the wrong seat) is refused with
  a code of ACTION_CODES and leaves the state exactly as it was;
- the ledger sums to zero over every account (seats, pool, bank), and each trick's brusquembille
  payments sum to zero over the seats (brus.pay.brusquembille);
- each player's view shows his own hand and, in two pairs, his partner's, and no card of any
  other hand except the turned card, which is public (brus.info.*).

At the end: seat 0 led the first trick and each winner the next, each trick taken by the
highest trump, else the highest card of the suit led (the order rewritten from brus.deck.order
for each ten_rank); 120 card points in all (brus.deck.points), the pool given out to nobody but the
sides with the most points, nothing left in it (brus.count.winner), and the deal replayed from
its record is the same deal.

These tests drive the reference engine directly, as tests/test_properties.py does: the
conformance protocol does not carry the phase games yet.  Deterministic (derandomize, no
example database).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brou import ACTION_CODES, IllegalAction
from brou.cards.shuffle import MAX_SEED
from brou.engine.phases import PhaseDeal
from brou.engine.view import view
from brou.laws.ledger import BANK, POOL, account_balance, balances
from brou.laws.talon import talon_deal_from_cards, talon_deal_from_seed
from brou.spec.rules import Rules, cards_of
from helpers import own_attributes

BRUS = "brusquembille-1718"
FORMS = ("three", "two", "four", "four-partners", "five")
CONFIGS: list[dict[str, Any]] = [{"form": f} for f in FORMS] + [
    {"form": f, "following_after_talon": "follow-suit"} for f in FORMS] + [
    {"form": "three", "ten_rank": "after-jack", "sevens_removed": "red", "deal_packets": "all-at-once"},
    {"form": "five", "odd_jetons": "bank"},
    {"form": "three", "scoring": "points"},
]
IDS = ["-".join(f"{k}={v}" for k, v in c.items()) for c in CONFIGS]
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


COMPILED = {"_follow", "_after_talon"}  # the following rules composed for the deal: functions, made anew by each deal
# worked out on demand (the legal cards and words of the state): two equal deals may differ in
# what they have worked out so far, and asking changes nothing
CACHES = {"_legal", "_legal_at", "_words", "_words_at"}


def snapshot(deal: PhaseDeal, compiled: bool = True) -> tuple[Any, ...]:
    """Every slot of the deal but the caches (and the composed following functions, if asked),
    lists turned to tuples, for exact comparison."""
    names = [n for n in own_attributes(PhaseDeal) if n not in CACHES and (compiled or n not in COMPILED)]
    return tuple(tuple(v) if isinstance(v, list) else v for v in (getattr(deal, name) for name in names))


def replay(rules: Rules, record: dict[str, Any]) -> PhaseDeal:
    """The deal rebuilt from its record: the cards dealt, then each card played as text."""
    d = record["deal"]
    deal = PhaseDeal(rules, talon_deal_from_cards(rules, d["hands"], d["talon"], d["turnup"]))
    for text in record["actions"]:
        deal.apply_text(text)
    return deal


def check_places(deal: PhaseDeal) -> None:
    """Each card of the pack in exactly one place: a hand, the stock, the trick, won cards."""
    rules = deal.rules
    assert len(set(deal.stock)) == len(deal.stock)
    places = [*deal.hands, sum(1 << c for c in deal.stock), sum(1 << c for c in deal.trick), *deal.won]
    union = 0
    for mask in places:
        assert not union & mask, "a card is in two places"
        union |= mask
    assert union == rules.pack, "a card of the pack is nowhere, or a card outside it somewhere"


def check_hands(deal: PhaseDeal) -> None:
    """While the stock lasts every hand is full, less the card its player has on the trick."""
    rules, n = deal.rules, deal.rules.n_players
    if not deal.stock:
        return
    played = {(deal.leader + i) % n for i in range(len(deal.trick))}
    for seat in range(n):
        assert deal.hands[seat].bit_count() == rules.hand_size - (seat in played), (seat, deal.hands)


def check_legal(deal: PhaseDeal, legal: list[int]) -> None:
    rules = deal.rules
    hand = deal.hands[deal.to_act]
    assert legal, "the player to act has no legal card"
    assert set(legal) <= set(cards_of(hand))
    led_cards = hand & rules.suit_mask[rules.suit_of[deal.trick[0]]] if deal.trick else 0
    follow = not deal.stock and deal.trick and rules.following_after_talon == (("follow-suit", None),)
    want = cards_of(led_cards or hand) if follow else cards_of(hand)
    assert legal == want, (rules.cards_text(hand), [rules.card_text(c) for c in deal.trick], len(deal.stock))


WORTH = {"A": 2, "T": 1}  # brus.pay.brusquembille, read from the clause: an ace 2 jetons, a ten 1


def trick_nets(rules: Rules, leader: int, cards: tuple[int, ...], winner: int) -> list[int]:
    """What each seat wins or loses on one trick's brusquembilles, from the clause: the winner's
    is paid him by each other player, anyone else's costs him its worth to each other player."""
    n = rules.n_players
    nets = [0] * n
    for i, card in enumerate(cards):
        seat, worth = (leader + i) % n, WORTH.get(rules.card_text(card)[0], 0)
        for other in range(n):
            if other != seat:
                sign = 1 if seat == winner else -1
                nets[seat] += sign * worth
                nets[other] -= sign * worth
    return nets


def check_ledger(deal: PhaseDeal) -> None:
    rules, n = deal.rules, deal.rules.n_players
    accounts = [*range(n), POOL, BANK]
    assert sum(account_balance(deal.ledger, a) for a in accounts) == 0
    assert all(e.jetons > 0 and e.giver != e.taker for e in deal.ledger)
    for number, (leader, cards, winner) in enumerate(deal.tricks, 1):
        paid = [e for e in deal.ledger if e.clause == "brus.pay.brusquembille" and e.trick == number]
        assert all(0 <= e.giver < n and 0 <= e.taker < n for e in paid)
        assert sum(balances(paid, n)) == 0
        # brus.pay.when: paid by three, four each for himself and five, in the game for the pool
        paid_here = n > 2 and len(rules.teams) == n and rules.data["session"]["kind"] == "pool"
        assert rules.pays_brusquembilles == paid_here
        want = trick_nets(rules, leader, cards, winner) if paid_here else [0] * n
        assert balances(paid, n) == want, (number, rules.cards_text(sum(1 << c for c in cards)), winner)
    if not deal.rules.pays_brusquembilles:
        assert not any(e.clause == "brus.pay.brusquembille" for e in deal.ledger)


def strings(value: Any) -> set[str]:
    """Every string anywhere in a view (card texts among them)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def check_views(deal: PhaseDeal, offset: int) -> None:
    rules, n = deal.rules, deal.rules.n_players
    turnup = rules.card_text(deal.deal.turnup)
    for seat in range(n):
        seen = view(deal, seat, offset)
        assert seen["player"] == (seat + offset) % n
        assert seen["hand"] == rules.cards_text(deal.hands[seat])
        partners = [s for s in rules.teams[rules.team_of[seat]] if s != seat]
        if rules.partners_see_hands:
            assert seen["partner_hand"] == rules.cards_text(deal.hands[partners[0]])
        else:
            assert seen["partner_hand"] is None
        shown = strings(seen)
        for other in range(n):
            if other == seat or (rules.partners_see_hands and other in partners):
                continue
            hidden = set(rules.cards_text(deal.hands[other])) - {turnup}
            assert not shown & hidden, f"seat {seat} sees {shown & hidden} of seat {other}'s hand"
        assert seen["held"] == [deal.hands[(p - offset) % n].bit_count() for p in range(n)]
        assert seen["trick"] == [{"player": (deal.leader + i + offset) % n, "card": rules.card_text(c)}
                                 for i, c in enumerate(deal.trick)]
        assert seen["tricks"] == [(w + offset) % n for _, _, w in deal.tricks]
        assert seen["turnup"] == turnup
        assert seen["talon"] == len(deal.stock)


def check_refusals(deal: PhaseDeal, legal: list[int], rng: random.Random) -> None:
    """Actions that are not offered are refused with a documented code; nothing changes."""
    rules = deal.rules
    before, record = snapshot(deal), deal.record()
    tries: list[tuple[Any, int | None]] = []
    refused = [c for c in range(rules.n_indices) if c not in legal]
    if refused:
        tries.append((rng.choice(refused), None))
    in_hand_refused = [c for c in cards_of(deal.hands[deal.to_act]) if c not in legal]
    if in_hand_refused:
        tries.append((rng.choice(in_hand_refused), None))
    tries += [(rules.n_indices, None), (-1, None), ("XX", None), ("AS AH", None)]
    if rules.n_players > 1:
        tries.append((legal[0], (deal.to_act + 1) % rules.n_players))
    for action, seat in tries:
        with pytest.raises(IllegalAction) as caught:
            if isinstance(action, str):
                deal.apply_text(action, seat)
            else:
                deal.apply(action, seat)
        assert caught.value.code in ACTION_CODES, caught.value.code
        assert snapshot(deal) == before and deal.record() == record, f"refusing {action!r} changed the deal"
    if in_hand_refused:
        with pytest.raises(IllegalAction) as caught:
            deal.apply(in_hand_refused[0])
        assert caught.value.code == "must-follow-suit"


def play_checked(rules: Rules, seed: int, cut: int | None, rng: random.Random) -> PhaseDeal:
    deal = PhaseDeal(rules, talon_deal_from_seed(rules, seed, cut))
    offset = rng.randrange(rules.n_players)
    while not deal.is_over:
        check_places(deal)
        check_hands(deal)
        check_ledger(deal)
        legal = deal.legal_actions()
        check_legal(deal, legal)
        if rng.random() < 0.3:
            check_refusals(deal, legal, rng)
        if rng.random() < 0.3 or not deal.stock:
            check_views(deal, offset)
        for card in legal:
            deal.copy().apply(card)
        deal.apply(rng.choice(legal))
    check_places(deal)
    check_ledger(deal)
    check_views(deal, offset)
    assert deal.legal_actions() == [] and all(h == 0 for h in deal.hands) and not deal.stock
    with pytest.raises(IllegalAction) as caught:
        deal.apply(0)
    assert caught.value.code == "deal-over"
    check_end(deal)
    return deal


ORDERS = {"after-ace": "ATKQJ987", "after-jack": "AKQJT987"}  # brus.deck.order, strongest first, per ten_rank
PLAYERS = {"three": 3, "two": 2, "four": 4, "four-partners": 4, "five": 5}  # brus.players.count, brus.players.forms


def trick_winner(rules: Rules, leader: int, cards: tuple[int, ...], trump: str) -> int:
    """The seat taking a trick, from the clause: the highest trump, else the highest card of the
    suit led, in the order of brus.deck.order (ten_rank)."""
    order = ORDERS[rules.overrides.get("ten_rank", "after-ace")]
    texts = [rules.card_text(c) for c in cards]
    suit = trump if any(t[1] == trump for t in texts) else texts[0][1]
    best = min((order.index(t[0]), i) for i, t in enumerate(texts) if t[1] == suit)[1]
    return (leader + best) % rules.n_players


def check_tricks(deal: PhaseDeal) -> None:
    """Seat 0 leads the first trick, each trick's winner leads the next, and each is taken as
    the clause says; the turned card is the stock's last and its suit trump."""
    rules = deal.rules
    assert rules.n_players == PLAYERS[rules.overrides.get("form", "three")]
    assert deal.deal.stock[-1] == deal.deal.turnup and deal.trump == rules.suit_of[deal.deal.turnup]
    assert all(h.bit_count() == rules.hand_size for h in deal.deal.hands)
    leader = 0
    for first, cards, winner in deal.tricks:
        assert first == leader
        assert winner == trick_winner(rules, first, cards, rules.suits[deal.trump]), rules.cards_text(
            sum(1 << c for c in cards))
        leader = winner
    assert deal.leader == leader


def check_end(deal: PhaseDeal) -> None:
    rules = deal.rules
    check_tricks(deal)
    result = deal.seat_results()
    assert sum(r.card_points for r in result) == sum(deal.side_points()) == 120
    assert sum(r.tricks for r in result) == len(deal.tricks) == rules.pack.bit_count() // rules.n_players
    assert account_balance(deal.ledger, POOL) == 0, "jetons left in the pool"
    winners = deal.winners()
    assert winners is not None and winners
    sharing = {seat for side in winners for seat in rules.teams[side]}
    shares = [e for e in deal.ledger if e.clause == "brus.count.winner"]
    assert all(e.taker in sharing or e.taker == BANK for e in shares)
    assert sum(e.jetons for e in shares) == sum(e.jetons for e in deal.ledger if e.taker == POOL)
    assert snapshot(replay(rules, deal.record()), compiled=False) == snapshot(deal, compiled=False)


@pytest.mark.clause("brus.deck.cards", "brus.deck.points", "brus.talon.draw", "brus.play.free", "brus.pay.brusquembille",
                    "brus.count.winner", "brus.info.own-hand", "brus.info.partners", "brus.info.turned",
                    "brus.info.trick-open", "brus.play.lead", "brus.play.next-lead", "brus.play.trick-winner",
                    "brus.deck.order", "brus.deal.turned", "brus.players.count", "brus.players.forms")
@pytest.mark.parametrize("params", CONFIGS, ids=IDS)
def test_random_deals(params: dict[str, Any]) -> None:
    rules = Rules.load(BRUS, **params)

    @SETTINGS
    @given(seed=st.integers(0, MAX_SEED), cut=st.none() | st.integers(1, rules.pack.bit_count() - 1),
           play_seed=st.integers(0, 2**32))
    def deal(seed: int, cut: int | None, play_seed: int) -> None:
        play_checked(rules, seed, cut, random.Random(play_seed))

    deal()


def test_follow_suit_after_the_talon_is_reached_and_binds() -> None:
    """The follow-suit branch of the properties is exercised: in random deals there are many
    positions after the stock where the player holds the suit led and others, and the engine
    then refuses his other cards."""
    rules = Rules.load(BRUS, following_after_talon="follow-suit")
    bound = 0
    for seed in range(40):
        deal, rng = PhaseDeal(rules, talon_deal_from_seed(rules, seed)), random.Random(seed)
        while not deal.is_over:
            hand = deal.hands[deal.to_act]
            if not deal.stock and deal.trick:
                led = rules.suit_mask[rules.suit_of[deal.trick[0]]]
                if hand & led and hand & ~led:
                    bound += 1
                    with pytest.raises(IllegalAction):
                        deal.copy().apply(cards_of(hand & ~led)[0])
            deal.apply(rng.choice(deal.legal_actions()))
    assert bound > 20

"""Other worlds a player cannot tell from a state (`BrouState.resample`, ISMCTS's
`resample_from_infostate`): the cards he has not seen moved among the places he has not seen,
and the same actions taken.

On the phase engine, and in any game while chance deals, the hidden cards are relabelled at
random among themselves (`relabelled`), each action replayed (a hidden card discarded by its new
label), and a world kept when every action is legal there by the same player and the player's
information state is the same.  A deal of 1802 or Brouc is redealt under what the public
actions tell (`partnership_world`): a card played or announced was its player's, the 1802
turn-up the dealer's, a player who did not follow a suit holds none of it; the engine then
refuses a world where an action would be illegal (the Brouc duty to overtrump, for instance).
"""

from __future__ import annotations

import random
from typing import Any

from ..cards.deal import Deal
from ..engine.homme import HommeDeal
from ..errors import IllegalAction

BrouState = Any  # `brou.openspiel.game.BrouState`, which imports this module


def resample(state: BrouState, player: int, rng: random.Random, attempts: int = 10_000) -> BrouState:
    """A state `player` cannot tell from `state` (the module's docstring); RuntimeError when
    none is found in `attempts` draws."""
    if state.deal is not None and not state.rules.on_phases:
        return partnership_world(state, player, rng, attempts)
    return relabelled(state, player, rng, attempts)


def relabelled(state: BrouState, player: int, rng: random.Random, attempts: int) -> BrouState:
    """The hidden cards relabelled at random, the actions replayed (the module's docstring)."""
    game = state.get_game()
    seen = game.sight.seen(state, player)
    hidden = [c for c in state.dealt if not seen >> c & 1]
    deal = state.deal
    actions = [] if deal is None else list(deal.history)
    n_indices = state.rules.n_indices
    known = state.information_state_string(player)
    for _ in range(attempts):
        moved = hidden[:]
        rng.shuffle(moved)
        to = dict(zip(hidden, moved, strict=True))
        world: BrouState = game.new_initial_state()
        for card in state.dealt:
            world.apply_action(to.get(card, card))
        there = world.deal
        fits = True
        for action, seat in zip(actions, state.actors, strict=True):
            action = to.get(action, action) if action < n_indices else action
            if there.to_act != seat or action not in there.legal_actions():
                fits = False
                break
            world.apply_action(action)
        if fits and world.information_state_string(player) == known:
            return world
    raise RuntimeError(f"no consistent world found in {attempts} attempts")  # pragma: no cover


def partnership_world(state: BrouState, player: int, rng: random.Random, attempts: int) -> BrouState:
    """A deal of 1802 or Brouc redealt under what the public actions tell (the module's
    docstring), the other hands dealt with `rng`."""
    game = state.get_game()
    rules = state.rules
    deal = state.deal
    n = rules.n_players
    fixed = [0] * n
    fixed[player] = deal.deal.hands[player]
    void = [0] * n  # per seat, a mask of the suits it has shown out of
    probe = HommeDeal(rules, deal.deal, game.context)
    for seat, action in zip(state.actors, deal.history, strict=True):
        if action < rules.n_indices:
            fixed[seat] |= 1 << action
            led = probe._led
            if led >= 0 and rules.suit_of[action] != led:
                void[seat] |= rules.suit_mask[led]
        elif action < rules.pass_action:
            suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
            fixed[seat] |= rules.kinds[kind].masks[suit]
        probe.apply(action)
    exposed = rules.turnup_exposed != "none"
    if exposed:
        fixed[rules.dealer] |= 1 << deal.turnup
    placed = 0
    for mask in fixed:
        placed |= mask
    unknown = [c for c in rules.pack_cards if not placed >> c & 1]
    room = [rules.hand_size - fixed[s].bit_count() for s in range(n)]
    for _ in range(attempts):
        hands = _assign(unknown, fixed, room, void, player, rng)
        if hands is None:
            continue
        if exposed or player == rules.dealer:
            turnup = deal.turnup
        else:  # Brouc: any trump the dealer was dealt may be the card turned
            trumps = rules.mask_to_list(hands[rules.dealer] & rules.suit_mask[deal.trump])
            if not trumps:
                continue
            turnup = rng.choice(trumps)
        world = _world(state, hands, turnup, player, rng)
        if world is not None:
            return world
    raise RuntimeError(f"no consistent world found in {attempts} attempts")  # pragma: no cover


def _assign(unknown: list[int], fixed: list[int], room: list[int], void: list[int], player: int,
            rng: random.Random) -> list[int] | None:
    """The unknown cards dealt at random to the seats with room that have not shown out of
    their suit; None if a card finds no seat."""
    hands = list(fixed)
    left = list(room)
    cards = unknown[:]
    rng.shuffle(cards)
    for c in cards:
        bit = 1 << c
        seats = [s for s in range(len(hands)) if s != player and left[s] > 0 and not void[s] & bit]
        if not seats:
            return None
        s = rng.choices(seats, weights=[left[t] for t in seats])[0]
        hands[s] |= bit
        left[s] -= 1
    return hands


def _world(state: BrouState, hands: list[int], turnup: int, player: int, rng: random.Random) -> BrouState | None:
    """The state dealt `hands` (the turn-up at the dealer's last position, the player's own
    cards where they were), with the state's player actions; None if one is illegal."""
    game = state.get_game()
    rules = state.rules
    deal = state.deal
    world = HommeDeal(rules, Deal(tuple(hands), turnup), game.context)
    try:
        for action in deal.history:
            world.apply(action)
    except IllegalAction:
        return None
    pools: list[list[int]] = []
    for s, h in enumerate(hands):
        cards = [c for c in rules.mask_to_list(h) if not (s == rules.dealer and c == turnup)]
        rng.shuffle(cards)
        pools.append(cards)
    out: BrouState = game.new_initial_state()
    for position, seat in enumerate(game.receiver):
        if seat == player:
            card = state.dealt[position]
            if card in pools[seat]:
                pools[seat].remove(card)
        elif position == game.turnup_position:
            card = turnup
        else:
            card = pools[seat].pop()
        out.apply_action(card)
    for action in deal.history:
        out.apply_action(action)
    return out

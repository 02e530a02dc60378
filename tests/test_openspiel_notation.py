"""The notation read into OpenSpiel and written back (brou.openspiel.notation): the canonical
pack deals exactly its deal (1,000 seeded deals per ruleset), 200 seeded positions of each
ruleset come back from their line as the same engine state inside the OpenSpiel state, with
the same line, and what OpenSpiel cannot hold is refused in one line naming the field."""

from __future__ import annotations

import doctest
import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import brou.openspiel.notation as bon  # noqa: E402  (registers the five games)
from brou.cards.deal import deal_from_pack, deal_from_seed, packet_positions  # noqa: E402
from brou.engine.homme import HommeDeal  # noqa: E402
from brou.engine.notation import NotationError, position_notation  # noqa: E402
from brou.engine.phases import PhaseDeal  # noqa: E402
from brou.laws.game import GameContext  # noqa: E402
from brou.laws.talon import deal_with_talon, talon_deal_from_seed  # noqa: E402
from brou.spec import available_rulesets  # noqa: E402
from brou.spec.rules import Rules  # noqa: E402
from helpers import seeded_deal  # noqa: E402

RULESETS = available_rulesets()
PACKS_PER_RULESET = 1000
POSITIONS_PER_RULESET = 200
DOC = Path(__file__).resolve().parents[1] / "docs" / "notation.md"


def _random_rules(ruleset: str, rng: random.Random) -> Rules:
    """The ruleset with some of the parameters its OpenSpiel game exposes set to another
    option than the default (the defaults if the ruleset refuses the combination)."""
    base = Rules.load(ruleset)
    spec = bon.exposed_parameters(bon.GAMES[ruleset])
    chosen = {name: rng.choice([o for o in entry["options"] if o != entry["default"]])
              for name, entry in base.data["parameters"].items()
              if name in spec and len(entry["options"]) > 1 and rng.random() < 0.3}
    try:
        return Rules.load(ruleset, **chosen)
    except Exception:  # an option the engine does not play yet, or a combination it refuses
        return base


def _random_context(rules: Rules, rng: random.Random) -> GameContext | None:
    """A game context for 1802 and Brouc (marriages carried now and then in Brouc), None for the others."""
    if rules.on_phases:
        return None
    scores = (rng.randrange(-200, 330, 10), rng.randrange(-200, 330, 10))
    carried = (rng.randrange(0, 60, 10), rng.randrange(0, 60, 10)) if rules.id == "brouc" and rng.random() < 0.3 else ()
    return GameContext(scores, carried if any(carried) else ())  # as the OpenSpiel game holds it: () for none


def _random_action(state: PhaseDeal, rng: random.Random) -> int:
    """A random legal action; in 1802 and Brouc mostly a card, an announcement or a pass (a
    claim or a declaration drawn as often would end most deals at their first trick)."""
    legal = state.legal_actions()
    quiet = [a for a in legal if a <= state.rules.pass_action]
    return rng.choice(quiet if isinstance(state, HommeDeal) and quiet and rng.random() < 0.95 else legal)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_canonical_pack_deals_its_deal(ruleset: str) -> None:
    rng = random.Random(f"pack {ruleset}")
    for seed in range(PACKS_PER_RULESET):
        rules = _random_rules(ruleset, rng)
        seats, _ = packet_positions(rules)
        deal = talon_deal_from_seed(rules, seed) if rules.on_phases else deal_from_seed(rules, seed)
        pack = bon.canonical_pack(rules, deal)
        assert sorted(pack) == sorted(rules.pack_cards)
        if rules.on_phases:
            assert deal_with_talon(rules, pack) == deal, seed
        else:
            assert deal_from_pack(rules, pack) == deal, seed
            assert pack[seats[rules.dealer][-1]] == deal.turnup
        for seat, positions in enumerate(seats):  # each hand in ascending id (the 1802 turn-up apart)
            held = [pack[p] for p in positions if rules.on_phases or (seat, pack[p]) != (rules.dealer, deal.turnup)]
            assert held == sorted(held)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seeded_positions_come_back_from_their_line_in_openspiel(ruleset: str) -> None:
    """Seeded deals, some exposed parameters and (1802, Brouc) a game context drawn at random,
    each played to a random point: the OpenSpiel state of the position's line holds the same
    engine state (deal, history, context, legal actions, player to act), was dealt the
    canonical pack, and writes the same line."""
    rng = random.Random(f"openspiel notation {ruleset}")
    over = 0
    for seed in range(POSITIONS_PER_RULESET):
        rules = _random_rules(ruleset, rng)
        state: PhaseDeal = seeded_deal(rules, seed, _random_context(rules, rng))
        play = random.Random(seed)
        for _ in range(play.randrange(0, 70)):
            if state.is_over:
                break
            state.apply(_random_action(state, play))
        dealer = rng.randrange(rules.n_players)
        line = position_notation(state, dealer)
        spiel = bon.openspiel_state(line)
        engine = spiel.deal
        assert engine == state, line  # rules, deal, context, history
        assert spiel.history() == bon.canonical_pack(rules, state.deal) + state.history
        if state.is_over:
            over += 1
            assert spiel.is_terminal()
        else:
            assert spiel.current_player() == state.to_act
            assert spiel.legal_actions() == sorted(state.legal_actions())
        assert bon.openspiel_notation(spiel, dealer) == line
    assert over > 0


def _line(ruleset: str, seed: int, actions: int, dealer: int = 0) -> str:
    rules = Rules.load(ruleset)
    state = seeded_deal(rules, seed, None if rules.on_phases else GameContext((200, 200)))
    for _ in range(actions):
        state.apply(sorted(state.legal_actions())[0])
    return position_notation(state, dealer)


def _refused(line: str, game: Any = None) -> str:
    with pytest.raises(NotationError) as caught:
        bon.openspiel_state(line, game)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_an_action_out_of_turn_is_refused() -> None:
    state = HommeDeal.from_seed(Rules.load("brouc"), 3, GameContext((320, 100)))  # above 300: dehors at any moment
    outside: list[tuple[int, int]] = []
    while not outside:
        state.apply(sorted(state.legal_actions())[0])
        outside = [(seat, a) for seat in range(4) for a in state.out_of_turn_actions(seat)]
    seat, action = outside[0]
    state.apply(action, seat)
    line = position_notation(state)
    assert "@" in line
    message = _refused(line)
    assert message.startswith(f"action {len(state.history)}: ") and "on turn only" in message


@pytest.mark.parametrize(("ruleset", "params", "field"), [
    ("brusquembille-1718", "rounds=3", "parameters: python_brusquembille does not expose rounds"),
    ("homme-d-auvergne", "target=7", "parameters: python_homme_d_auvergne does not expose target"),
    ("hombre", "direction=clockwise", "parameters: python_hombre does not expose direction"),
])
def test_a_parameter_the_game_does_not_expose_is_refused(ruleset: str, params: str, field: str) -> None:
    line = _line(ruleset, 5, 2, 1)
    first, rest = line.split(" ", 1)
    assert _refused(f"{first}[{params}] {rest}").startswith(field)


def test_an_illegal_action_is_refused() -> None:
    line = _line("hombre", 5, 3, 2)
    state = bon.openspiel_state(line)
    illegal = next(t for t in ("demande", "pass", "AS", "7C") if not state.deal.is_legal(t))
    assert _refused(f"{line} {illegal}").startswith(f"action 4: '{illegal}' [")
    assert _refused(f"{_line('brouc', 5, 0)} : claim claim").startswith("action ")


@pytest.mark.parametrize(("suffix", "field"), [
    ("", "scores: python_brouc plays a deal inside a game"),
    (" scores=1200,0", "scores: 1200 is outside what python_brouc takes"),
    (" scores=0,0 carried=0,600", "carried: 600 is outside"),
])
def test_a_game_context_openspiel_cannot_hold_is_refused(suffix: str, field: str) -> None:
    line = _line("brouc", 2, 0).replace(" scores=200,200", "") + suffix
    assert _refused(line).startswith(field)
    ours = _line("homme-de-brou-1802", 2, 0) + " carried=10,0"
    assert _refused(ours).startswith("carried: python_homme_de_brou_1802 carries no marriages")


def test_a_given_game_must_be_the_lines() -> None:
    line = _line("brouc", 4, 5, 2)
    game = pyspiel.load_game("python_brouc(utility=points)")
    assert bon.openspiel_notation(bon.openspiel_state(line, game), 2) == line  # the utility is the game's
    assert _refused(line, pyspiel.load_game("python_brouc(score0=100)")).startswith("scores: ")
    assert _refused(line, pyspiel.load_game("python_brouc(rounding=total-half-up)")).startswith("parameters: ")
    assert _refused(line, pyspiel.load_game("python_homme_de_brou_1802")).startswith("ruleset: ")


def test_a_state_still_dealing_has_no_line() -> None:
    game = pyspiel.load_game("python_hombre")
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(NotationError, match=r"^state: still dealing \(1 of 40 cards dealt\)"):
        bon.openspiel_notation(state)
    with pytest.raises(NotationError, match=r"^state: "):
        bon.openspiel_notation(pyspiel.load_game("tic_tac_toe").new_initial_state())


def test_the_example_of_the_documentation_runs() -> None:
    """The doctest of docs/notation.md's last section, "OpenSpiel"."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("\n## OpenSpiel\n"):]
    assert "\n## " not in section[1:], "the OpenSpiel section is the page's last"
    test = doctest.DocTestParser().get_doctest(section, {}, "notation.md#OpenSpiel", str(DOC), 0)
    assert len(test.examples) >= 4
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0

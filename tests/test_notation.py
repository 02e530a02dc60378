"""The one-line notation of deals and positions (brou.engine.notation, docs/notation.md): it
round-trips every deal of the corpus and 1,000 seeded positions of each ruleset, every line it
writes follows the grammar of docs/notation.md, and a line that is not the notation is
refused in one line that names the field."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from brou.conformance.protocol.table import Table
from brou.conformance.scenarios.corpus import CorpusError, load_file, scenario_files
from brou.engine import notation
from brou.engine.homme import HommeDeal
from brou.engine.notation import NotationError, parse_deal, plays_to_marks, position_notation
from brou.engine.phases import PhaseDeal
from brou.engine.positions import parse_position, position_from
from brou.spec import available_rulesets
from brou.spec.rules import Rules
from helpers import random_params, seeded_deal

RULESETS = available_rulesets()
SEEDS_PER_RULESET = 1000

# the grammar of docs/notation.md, as a regular expression (kept beside the ABNF: a change to
# one is a change to the other)
_CARD = r"[A-Z0-9][A-Z]"
_HAND = r"[A-Z0-9]*(?:\.[A-Z0-9]*){3}"
_VALUE = r"[a-z0-9+-]+"
GRAMMAR = re.compile(
    rf"(?P<ruleset>[a-z0-9-]+(?:\[[a-z0-9_]+={_VALUE}(?:,[a-z0-9_]+={_VALUE})*\])?)"
    rf" (?P<dealer>0|[1-9][0-9]*)"
    rf" (?P<hands>{_HAND}(?:/{_HAND})+)"
    rf" (?P<turnup>{_CARD}|-)"
    rf" (?P<talon>(?:{_CARD})+|-)"
    rf"(?P<context>(?: scores=-?[0-9]+(?:,-?[0-9]+)*)(?: carried=-?[0-9]+(?:,-?[0-9]+)*)?| marks=-?[0-9]+(?:,-?[0-9]+)*)?"
    rf"(?: : (?P<actions>[a-zA-Z0-9_-]+(?:@(?:0|[1-9][0-9]*))?(?: [a-zA-Z0-9_-]+(?:@(?:0|[1-9][0-9]*))?)*))?\Z")


def _dealer(table: Any) -> int | None:
    """The table's dealer as the notation's, when the deal's players are the table's."""
    n = table.rules.n_players
    dealer = int(table.dealer)
    return dealer if dealer < n and getattr(getattr(table, "seating", None), "table", 0) in (0, n) else None


def corpus_setups() -> Iterator[tuple[str, Rules, dict[str, Any]]]:
    """Each distinct (ruleset, parameters, setup) of the shipped corpus."""
    seen: set[str] = set()
    for path in scenario_files():
        for scenario in load_file(path, check_schema=False):
            key = json.dumps([scenario.ruleset, scenario.params, scenario.data["setup"]], sort_keys=True, default=str)
            if key not in seen:
                seen.add(key)
                yield scenario.id, Rules.load(scenario.ruleset, **dict(scenario.params)), dict(scenario.data["setup"])


def test_every_deal_of_the_corpus_round_trips() -> None:
    count = 0
    for sid, rules, setup in corpus_setups():
        table = Table(rules, setup)
        state, dealer = table.state, _dealer(table)
        line = position_notation(state, dealer)
        assert GRAMMAR.match(line), (sid, line)
        parsed = parse_deal(line)
        # the same hands, turned card and stock (a HommeDeal keeps its `Deal` as a TalonDeal with no stock)
        assert (parsed.deal.hands, parsed.deal.turnup, getattr(parsed.deal, "stock", ())) == \
            (state.deal.hands, state.deal.turnup, getattr(state.deal, "stock", ())) and parsed.rules.id == rules.id, sid
        assert parsed.rules.overrides == rules.overrides, sid
        assert parsed.dealer == (rules.n_players - 1 if dealer is None else dealer), sid
        assert getattr(state, "context", None) == parsed.context, sid
        marks = getattr(state, "marks", None)
        assert (None if marks is None else tuple(marks)) == parsed.marks, sid
        assert position_notation(position_from(parsed), dealer) == line, sid
        count += 1
    assert count > 3000  # the corpus's distinct setups, of every ruleset


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seeded_positions_round_trip(ruleset: str) -> None:
    """1,000 seeded deals of the ruleset, some parameters chosen at random, each played to a
    random point (sometimes an announcement out of turn): the position's line gives back the
    same state, and the same line."""
    rng = random.Random(f"notation {ruleset}")
    base = Rules.load(ruleset)
    out_of_turn = 0
    for seed in range(SEEDS_PER_RULESET):
        try:
            rules = Rules.load(ruleset, **random_params(base, rng, 0.3))
        except Exception:  # some combinations of options the ruleset refuses: then the defaults
            rules = base
        marks = None
        if plays_to_marks(rules) and rng.random() < 0.5:  # a deal inside a game to a number of marks
            target = rules.data["session"]["target"]
            marks = [rng.randrange(target) for _ in range(rules.n_players)]
        state = seeded_deal(rules, seed, marks=marks)
        stop = rng.randrange(0, 60)
        for _ in range(stop):
            if state.is_over:
                break
            if isinstance(state, HommeDeal) and rng.random() < 0.1:
                seat = rng.randrange(rules.n_players)
                others = state.out_of_turn_actions(seat)
                if others:
                    state.apply(rng.choice(others), seat)
                    out_of_turn += 1
                    continue
            state.apply(rng.choice(state.legal_actions()))
        dealer = rng.randrange(rules.n_players)
        line = position_notation(state, dealer)
        assert GRAMMAR.match(line), line
        back = parse_position(line)
        assert back.record() == state.record(), line
        assert position_notation(back, dealer) == line
    if ruleset in ("brouc", "homme-de-brou-1802"):
        assert out_of_turn > 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_repr_of_a_state_is_its_line(ruleset: str) -> None:
    state = seeded_deal(Rules.load(ruleset), 11)
    for action in state.legal_actions()[:1]:
        state.apply(action)
    shown = repr(state)
    assert shown == f"<{type(state).__name__} {position_notation(state)}>"
    assert parse_position(shown[len(type(state).__name__) + 2:-1]) == state


def test_a_deal_in_a_game_keeps_its_scores_in_the_table_teams() -> None:
    line = "brouc 0 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 AS - scores=250,120 carried=0,20"
    parsed = parse_deal(line)
    # dealer 0: seat 0 is player 1, so the engine's team 0 (seats 0, 2) is the table's team 1
    assert parsed.context is not None and parsed.context.scores == (120, 250) and parsed.context.carried == (20, 0)
    assert position_notation(position_from(parsed), 0) == line


AUVERGNE = "homme-d-auvergne 1 T8..7.Q7/QA..T.A8/.Q7.J9.9/K7.AT.K. - 9SJCADTC8H9HJSKHJH8DQDKC"


def test_a_deal_in_a_game_to_a_number_of_marks_keeps_each_players_marks() -> None:
    """L'Homme d'Auvergne's deal inside a game to 5 marks: marks= by player, kept by seat."""
    state = parse_position(AUVERGNE + " marks=3,4,1,2")
    assert isinstance(state, PhaseDeal) and state.marks == [1, 2, 3, 4]  # dealer 1: seat 0 is player 2
    assert position_notation(state, 1) == AUVERGNE + " marks=3,4,1,2"
    alone = parse_position(AUVERGNE)
    assert isinstance(alone, PhaseDeal) and alone.marks is None  # a deal on its own


@pytest.mark.parametrize(("tail", "field"), [
    (" marks=1,2,3", "marks: 3 values; homme-d-auvergne deals to 4 players"),
    (" marks=0,5,1,2", "marks: '0,5,1,2': the game is already won (target 5)"),
    (" scores=1,2", "scores: homme-d-auvergne plays a deal without the scores"),
    (" marks=0,1,1,2 marks=0,1,1,2", "marks: given twice"),
])
def test_marks_that_cannot_be_are_refused(tail: str, field: str) -> None:
    with pytest.raises(NotationError) as refused:
        parse_position(AUVERGNE + tail)
    assert field in str(refused.value), refused.value


def test_the_worked_example_of_the_documentation() -> None:
    """docs/notation.md's first example: player 3 deals, the four opening cards of the first trick."""
    state = parse_position("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS KS QS JS")
    assert isinstance(state, HommeDeal) and len(state.tricks) == 1 and state.tricks[0][2] == 0


def test_parameters_are_written_in_the_rulesets_order_and_read_by_type() -> None:
    rules = Rules.load("homme-de-brou-1802", packets=[2, 3, 3], undertrump_when_void=True, match_target=12)
    state = HommeDeal.from_seed(rules, 3)
    line = position_notation(state)
    assert line.startswith("homme-de-brou-1802[match_target=12,packets=2+3+3,undertrump_when_void=true] 3 ")
    assert parse_position(line).rules.overrides == rules.overrides


@pytest.mark.parametrize(("line", "field"), [
    ("", "five fields"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7", "five fields"),
    ("bruc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -", "ruleset: no ruleset 'bruc'"),
    ("brouc[colour=red] 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -", "parameters: brouc has no parameter"),
    ("brouc[undertrump_when_void=yes] 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -", "parameters: undertrump"),
    ("brouc[rounding=upwards] 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -", "parameters:"),
    ("brouc 4 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -", "dealer: '4'"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8 JS -", "hands: 3 hands"),
    ("brouc 3 AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -", "hands: player 0"),
    ("brouc 3 AT.AT.AT.AX/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -", "hands: player 0: 'X' is no rank"),
    ("brouc 3 AA.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -", "deal: player 0: AS is twice"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 AS -", "deal: turn-up AS is not in the dealer's hand"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 - -", "turn-up:"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS 7C", "talon:"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - scores=1", "scores: 1 values"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS scores=1,2", "talon: 'scores=1,2' stands where"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - carried=1,2", "carried: carried= needs"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - marks=1,2", "marks: brouc plays no game to a number"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - won=1,2", "deal: 'won=1,2' after the talon"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS QS",
     "action 2: 'QS' [not-in-hand]: QS is not in the hand"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - : AS@7", "action 1: 'AS@7'"),
    ("brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS - :", "actions: ' : ' is followed by no action"),
    ("hombre 2 .73.A7.QA763/K743.4.K62.J/Q62.QJ6.J4.4 - KHKCAH2C5C2HQD5DAS3D5S5HJ", "talon: 'KHKC"),
    ("hombre 2 .73.A7.QA763/K743.4.K62.J/Q62.QJ6.J4.4 - KHKCAH2C5C2HQD5DAS3D5S5HJS : demande@1",
     "action 1: 'demande@1': hombre has no action out of turn"),
])
def test_what_is_not_the_notation_is_refused_in_one_line_naming_the_field(line: str, field: str) -> None:
    with pytest.raises(NotationError) as refused:
        parse_position(line)
    message = str(refused.value)
    assert field in message and "\n" not in message, message


def test_a_text_that_is_not_text_is_refused() -> None:
    with pytest.raises(NotationError, match="is text, not int"):
        parse_deal(7)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="one line"):
        parse_deal("brouc 3\nAT")


def test_value_text_and_action_tokens() -> None:
    assert notation.value_text(True) == "true" and notation.value_text([3, 3, 2]) == "3+3+2"
    assert notation.action_token("announce KQH") == "announce_KQH" and notation.action_token("AS", 2) == "AS@2"


def test_every_example_of_the_documentation_reads_and_writes_back() -> None:
    text = (Path(__file__).resolve().parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    examples = [line.strip() for line in text.splitlines()
                if line.startswith("    ") and line.split()[0].split("[")[0] in RULESETS]
    assert len(examples) >= 6
    for line in examples:
        parsed = parse_deal(line)
        assert GRAMMAR.match(line), line
        assert position_notation(position_from(parsed), parsed.dealer) == line


# -- scenarios that give their deal in the notation (setup.deal) ------------------------

NOTATION_FILES = sorted(Path(__file__).resolve().parents[1].glob("conformance/scenarios/*/notation.yaml"))


def test_a_deal_in_the_notation_is_written_out_as_the_setup_it_stands_for() -> None:
    """Each scenario of the notation.yaml files is a twin of a scenario elsewhere in the corpus:
    its deal, written out by the loader, is the twin's deal, dealer and game."""
    by_id: dict[str, Any] = {}
    for path in scenario_files():
        for scenario in load_file(path, check_schema=False):
            by_id[scenario.id] = scenario
    twins = [s for s in by_id.values() if s.id.endswith(".in-notation")]
    assert len(twins) >= len(RULESETS) and len(NOTATION_FILES) == len(RULESETS)
    for scenario in twins:
        original = by_id[scenario.id.removesuffix(".in-notation")]
        rules = Rules.load(scenario.ruleset, **dict(scenario.params))
        setup = scenario.data["setup"]
        assert "deal" not in setup and "hands" in setup
        mine, theirs = Table(rules, setup), Table(rules, original.data["setup"])
        assert mine.state.deal == theirs.state.deal and mine.dealer == theirs.dealer, scenario.id
        assert getattr(mine.state, "context", None) == getattr(theirs.state, "context", None), scenario.id
        assert getattr(mine.state, "marks", None) == getattr(theirs.state, "marks", None), scenario.id


def _file(tmp_path: Path, setup: str, ruleset: str = "brouc", params: str = "") -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(f"""format: brou-scenarios/1
scenarios:
  - id: test.notation.one
    description: a deal in the notation
    clauses: [brouc.play.follow]
    ruleset: {ruleset}
{params}    setup:
{setup}
    steps:
      - expect: {{to_act: 0}}
""", encoding="utf-8")
    return path


DEAL = "brouc 3 AT.AT.AT.AT/K9.K9.K9.K9/Q8.Q8.Q8.Q8/J7.J7.J7.J7 JS -"


@pytest.mark.parametrize(("setup", "says"), [
    ("      deal: bruc 3 AT", "setup.deal a deal has five fields"),
    (f"      deal: {DEAL.replace('brouc', 'homme-de-brou-1802')}", "the deal is one of homme-de-brou-1802"),
    (f"      deal: {DEAL} scores=10,20\n      game: {{scores: [10, 20]}}", "no setup.game beside it"),
    (f"      deal: {DEAL}\n      match: {{marks: [1, 0]}}", "a setup with a match needs the game's scores"),
    (f"      deal: '{DEAL} : AS'", "setup.deal a setup's deal has no actions"),
    (f"      deal: {DEAL}\n      dealer: 2", "at scenarios[0].setup "),
    (f"      deal: {AUVERGNE} marks=0,1,1,2\n      session: {{marks: [0, 1, 1, 2]}}",
     "no setup.session.marks beside it"),
])
def test_a_deal_in_the_notation_that_is_wrong_is_refused_with_file_and_line(tmp_path: Path, setup: str,
                                                                           says: str) -> None:
    with pytest.raises(CorpusError) as refused:
        load_file(_file(tmp_path, setup, ruleset="homme-d-auvergne" if AUVERGNE in setup else "brouc"))
    message = str(refused.value)
    assert says in message and "s.yaml:" in message and "\n" not in message, message


def test_a_deal_in_the_notation_with_its_parameters_loads(tmp_path: Path) -> None:
    line = DEAL.replace("brouc", "brouc[undertrump_when_void=true]")
    (scenario,) = load_file(_file(tmp_path, f"      deal: {line} scores=10,20",
                                  params="    params: {undertrump_when_void: true}\n"))
    setup = scenario.data["setup"]
    assert setup["dealer"] == 3 and setup["turnup"] == "JS" and setup["game"] == {"scores": [10, 20]}
    assert setup["hands"][0] == ["AS", "TS", "AH", "TH", "AD", "TD", "AC", "TC"]


def test_the_pages_cite_only_clauses_that_exist() -> None:
    """Every clause a page names as such ("clause `auv.count.debt`", "clauses `a`, `b`") is a
    clause of some ruleset (docs/notation.md once cited one that did not exist); a pattern with
    `*` names a chapter and is not checked."""
    from brou import spec

    known: set[str] = set()
    for ruleset in spec.available_rulesets():
        known |= set(spec.load_document(ruleset).data["clauses"])
    root = Path(__file__).resolve().parents[1]
    pages = sorted((root / "docs").glob("*.md")) + sorted((root / "conformance").glob("*.md")) + [root / "README.md"]
    cited, unknown = 0, []
    citing = re.compile(r"\bclauses? ((?:`[a-z]+\.[a-z0-9.*-]+`(?:,? (?:and |or )?)?)+)")
    for page in pages:
        for match in citing.finditer(page.read_text(encoding="utf-8")):
            for clause in re.findall(r"`([^`]+)`", match.group(1)):
                cited += 1
                if "*" not in clause and clause not in known:
                    unknown.append(f"{page.relative_to(root)}: {clause}")
    assert cited > 20 and not unknown, unknown

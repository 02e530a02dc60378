"""The booklets' commented deals as recorded (brou.book.played, spec/booklets/deals.json): one
record a booklet, for its seed, played by the search player; its actions are the first deal of
the session, legal one by one; each solver note names a card that was legal where it stands and
is worth more than the card played; the commentary tells the largest of them.  Playing a record
again gives it back (slow: the search player and the solver, deal by deal; tools/booklet-deals
--check does them all)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from brou.book.booklet import booklet_file, load_booklet
from brou.book.played import (
    PLAYER,
    SOLVER_NOTES,
    Note,
    Recorded,
    load_records,
    play,
    play_deal,
    recorded,
    solver_notes,
    write_records,
)
from brou.book.walkthrough import commented_deal
from brou.engine.session import Session
from brou.solve import solve
from brou.spec import available_rulesets
from brou.spec.chapters import booklet_numbers
from brou.spec.rules import Rules

BOOKLETS = [r for r in available_rulesets() if booklet_file(r).is_file()]
RECORDS = load_records()
BETTER = {"en": re.compile(r"With every hand"), "fr": re.compile(r"À jeu découvert")}


def _seed(ruleset: str) -> int:
    return int(load_booklet(ruleset).data["deal_seed"])


@pytest.mark.parametrize("ruleset", BOOKLETS)
def test_every_booklet_has_its_deal_recorded(ruleset: str) -> None:
    record = RECORDS.get(ruleset)
    assert record is not None, f"no record: run tools/booklet-deals {ruleset}"
    assert (record.ruleset, record.seed, record.player) == (ruleset, _seed(ruleset), PLAYER)
    assert recorded(Rules.load(ruleset), _seed(ruleset)) == record


@pytest.mark.parametrize("ruleset", sorted(RECORDS))
def test_a_record_is_the_first_deal_played_to_its_end(ruleset: str) -> None:
    record = RECORDS[ruleset]
    rules = Rules.load(ruleset)
    session = Session(rules, record.seed)
    deal = session.deal
    for index, action in enumerate(record.actions):
        assert not deal.is_over, f"action {index} after the deal's end"
        assert action in deal.legal_actions(), f"action {index} ({action}) is not legal"
        session.apply(action)
    assert deal.is_over


@pytest.mark.parametrize("ruleset", sorted(RECORDS))
def test_each_note_names_a_better_legal_card(ruleset: str) -> None:
    record = RECORDS[ruleset]
    rules = Rules.load(ruleset)
    at = {note.index: note for note in record.notes}
    session = Session(rules, record.seed)
    deal = session.deal
    for index, action in enumerate(record.actions):
        note = at.get(index)
        if note is not None:
            legal = deal.legal_actions()
            assert note.best in legal and action in legal and note.best != action
            assert note.best_value > note.played_value and note.gain > 0
        session.apply(action)


def test_a_note_is_where_the_solver_finds_more() -> None:
    """solver_notes on a deal of L'Homme d'Auvergne played badly on purpose: the highest card
    thrown away is noted wherever the solver values the play."""
    rules = Rules.load("homme-d-auvergne")
    record = RECORDS["homme-d-auvergne"]
    session = Session(rules, record.seed)
    deal = session.deal
    actions: list[int] = []
    while not deal.is_over:
        legal = deal.legal_actions()
        cards = [a for a in legal if a < rules.n_indices]
        action = cards[0] if cards else legal[0]
        actions.append(action)
        session.apply(action)
    notes = solver_notes(rules, record.seed, tuple(actions))
    replay = Session(rules, record.seed)
    found = 0
    for index, action in enumerate(actions):
        state = replay.deal
        if state.phase == "play" and len(state.legal_actions()) > 1:
            solution = solve(state, seat=state.to_act)
            worse = dict(solution.actions)[action] < solution.value
            assert worse == any(n.index == index for n in notes)
            found += worse
        replay.apply(action)
    assert len(notes) == found


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_commentary_tells_the_largest_notes(lang: str) -> None:
    ruleset = max(RECORDS, key=lambda r: len(RECORDS[r].notes))
    rules = Rules.load(ruleset)
    played = play_deal(rules, _seed(ruleset))
    assert played.player == PLAYER and played.notes == RECORDS[ruleset].notes
    text = "\n".join(commented_deal(rules, _seed(ruleset), lang,
                                    booklet_numbers(rules, load_booklet(ruleset).data["chapters"])))
    told = len(BETTER[lang].findall(text))
    assert told == min(SOLVER_NOTES, len(played.notes))


def test_a_ruleset_with_other_parameters_is_not_the_record() -> None:
    ruleset = "brouc"
    assert recorded(Rules.load(ruleset, next_dealer="left"), _seed(ruleset)) is None
    assert recorded(Rules.load(ruleset), _seed(ruleset) + 1) is None


def test_a_record_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "deals.json"
    record = Recorded("hombre", 3, PLAYER, (1, 2, 3), (Note(1, 4, 0, 5, "score"),))
    write_records({"hombre": record}, path)
    assert load_records(path) == {"hombre": record}


@pytest.mark.parametrize("ruleset", ["homme-d-auvergne"])  # the quickest to play again (the search player)
def test_playing_a_record_again_gives_it_back(ruleset: str) -> None:
    assert play(Rules.load(ruleset), _seed(ruleset)) == RECORDS[ruleset]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_better_card_says_what_it_would_have_won(lang: str) -> None:
    """Each note told says what the better card would have won (issue 61), found by playing
    the deal out double dummy after each card (Note.played_line, Note.best_line): where the
    lines part for the player's side, the better card's line is his side's."""
    from brou.book.lessons import difference
    from brou.book.walkthrough import _Writer
    from brou.solve.solution import side_of

    said = 0
    for ruleset, record in RECORDS.items():
        rules = Rules.load(ruleset)
        played = play_deal(rules, _seed(ruleset))
        writer = _Writer(played, lang, {})
        text = "\n".join(writer.write())
        for note in sorted(record.notes, key=lambda n: (-n.gain, n.index))[:SOLVER_NOTES]:
            assert note.played_line and note.best_line
            assert note.played_line[0] != note.best_line[0] == note.best
            start = writer.position(note.index)
            found = difference(start, note.played_line, note.best_line)
            side = side_of(start, start.to_act)
            if found.kind in ("take", "marriage", "later"):
                line = start.copy()
                for action in note.best_line:
                    line.apply(action)
                assert line.tricks[found.trick - 1][2] in side
            why = writer.would(found, start, None)
            if why:
                said += 1
                assert why.replace("\u00a0", " ")[:25] in text.replace("\u00a0", " ")
    assert said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_better_card_of_hombre_names_remise_and_codille(lang: str) -> None:
    """L'Hombre's notes say how the coup would have ended (brou.book.lessons.difference, `ended`):
    where the better card turns a remise into codille or back, the note names both."""
    from brou.book.lessons import difference
    from brou.book.walkthrough import _Writer

    rules = Rules.load("hombre")
    writer = _Writer(play_deal(rules, _seed("hombre")), lang, {})
    text = " ".join("\n".join(writer.write()).replace("\u00a0", " ").split())
    ends = {"en": {"remise": "a remise", "codille": "codille", "won": "the hombre's win", "surrender": "a surrender"},
            "fr": {"remise": "une remise", "codille": "la codille", "won": "le gain de l'hombre", "surrender": "un abandon"}}
    named = 0
    for note in sorted(RECORDS["hombre"].notes, key=lambda n: (-n.gain, n.index))[:SOLVER_NOTES]:
        found = difference(writer.position(note.index), note.played_line, note.best_line)
        if found.ended is not None:
            better, played = (ends[lang][e] for e in found.ended)
            said = (f"ended in {better}, not {played}" if lang == "en" else f"soldé par {better}, et non par {played}")
            assert said in text.replace("\u2019", "'")
            named += 1
    assert named

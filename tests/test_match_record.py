"""The game record (brou.engine.record, docs/notation.md "The game record"): seeded matches of
every ruleset written, read back and replayed; comments and a hand-written record; and every
way a record can be wrong refused in one line naming the line and the deal.

`BROU_RECORD_MATCHES` sets the number of seeded matches per ruleset (default 100; the issue's
measure is 1,000: `BROU_RECORD_MATCHES=1000 .venv/bin/python -m pytest -n 2 tests/test_match_record.py`).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from brou.engine.bots import BOTS, chaos_bot
from brou.engine.notation import position_notation
from brou.engine.positions import parse_position
from brou.engine.record import (
    UNFINISHED,
    Record,
    RecordedDeal,
    RecordError,
    deal_result,
    final_result,
    parse_record,
    record_of,
    record_text,
    replay,
)
from brou.engine.session import Session
from brou.spec import available_rulesets
from brou.spec.rules import Rules
from helpers import random_params

RULESETS = available_rulesets()
MATCHES = int(os.environ.get("BROU_RECORD_MATCHES", "100"))


def played(ruleset: str, seed: int, params: dict[str, Any] | None = None) -> Session:
    """The seeded match of `ruleset` played to its end by bots chosen from the seed."""
    rng = random.Random(f"record {ruleset} {seed}")
    rules = Rules.load(ruleset, **(params or {}))
    if rules.on_phases:
        session = Session(rules, seed)
        session.play((chaos_bot,), rng)
        return session
    match = Session(rules, seed)
    bots = list(BOTS.values())
    match.play((rng.choice(bots), rng.choice(bots)), rng)
    return match


def _match_with_random_params(ruleset: str, seed: int, rng: random.Random) -> Session:
    base = Rules.load(ruleset)
    params = random_params(base, rng, 0.2)
    try:
        Rules.load(ruleset, **params)
    except Exception:  # a combination of options the ruleset refuses: the defaults
        params = {}
    return played(ruleset, seed, params)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seeded_matches_are_written_read_and_replayed(ruleset: str) -> None:
    """MATCHES seeded matches (some parameters at random): the record's text reads back to the
    same record and writes back to the same text, each deal's line gives back its position, and
    the replay gives the same deals, the same results and the same end."""
    rng = random.Random(f"records {ruleset}")
    deals = 0
    for seed in range(MATCHES):
        game = _match_with_random_params(ruleset, seed, rng)
        record = record_of(game, {"Event": f"seed {seed}"})
        text = record_text(record)
        back = parse_record(text)
        assert back == record, (ruleset, seed)
        assert record_text(back) == text
        again = replay(back)
        assert again.is_over and final_result(again) == record.tags["Result"] != UNFINISHED
        assert [d["notation"] for d in again.deals] == [d["notation"] for d in game.deals]
        assert [deal_result(again, k) for k in range(len(game.deals))] == [d.result for d in record.deals]
        for entry in game.deals:  # each deal's line on its own
            dealer = None if game.rules.table_size != game.rules.n_players else entry["dealer"]
            assert position_notation(parse_position(entry["notation"]), dealer) == entry["notation"]
        deals += len(record.deals)
    assert deals >= MATCHES


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_record_of_a_match_under_way_ends_unfinished(ruleset: str) -> None:
    """A record taken in the middle of a deal: Result `*`, its last deal not over, and it replays."""
    game = played(ruleset, 5)
    record = record_of(game)
    fields, _, actions = record.deals[2].line.partition(" : ")
    half = actions.split()[:max(1, len(actions.split()) // 2)]
    cut = Record(dict(record.tags), [*record.deals[:2], RecordedDeal(3, f"{fields} : {' '.join(half)}")])
    cut.tags["Result"] = UNFINISHED
    again = replay(parse_record(record_text(cut)))
    assert not again.is_over and len(again.deals) == 2 and again.deal.history
    assert record_of(again).deals == cut.deals  # the deal under way is in the record, without a result


def test_the_four_handed_form_of_l_hombre_gives_its_first_dealer() -> None:
    """At a table of four the lines give the deal's three players; FirstDealer places them."""
    game = played("hombre", 3, {"form": "four"})
    record = record_of(game)
    assert all(d.line.split()[1] == "2" for d in record.deals)  # dealer: the deal's last player
    assert {d["dealer"] for d in game.deals} == {0, 1, 2, 3}  # the table's dealer goes round
    assert final_result(replay(record)) == record.tags["Result"]
    del record.tags["FirstDealer"]
    with pytest.raises(RecordError, match=r'with 4 at the table of hombre a record gives its first dealer: \[FirstDealer "0"\]'):
        replay(record)


def _first_deals(ruleset: str = "brouc", seed: int = 7, count: int = 3) -> tuple[Record, Session]:
    game = played(ruleset, seed)
    record = record_of(game, {"Event": "brou match"})
    return Record(dict(record.tags), record.deals[:count]), game


def test_comments_and_free_layout_are_read_and_kept() -> None:
    record, _ = _first_deals()
    one, two = record.deals[0], record.deals[1]
    fields, _, actions = one.line.partition(" : ")
    acts = actions.split()
    k = min(4, len(acts))
    text = "\n".join([
        '[Event "Soirée du jeudi"]', '[Players "Anna; Beat; Chris; Dora"]',
        '[Annotator "a \\"quoted\\" name"]', f'[Ruleset "{record.tags["Ruleset"]}"]',
        "", "1.   " + fields.replace(" ", "\n  ", 2),
        ": " + " ".join(acts[:k]) + " {Anna leads from strength}", "  " + " ".join(acts[k:]),
        "= " + " ".join(f"{k}={','.join(map(str, v))}" for k, v in one.result.items()),
        "{a quiet deal;", "it ends level}",
        f"2. {two.line}",
    ])
    back = parse_record(text)
    assert back.tags["Annotator"] == 'a "quoted" name' and back.tags["Players"] == "Anna; Beat; Chris; Dora"
    assert back.deals[0].line == one.line and back.deals[0].result == one.result
    assert back.deals[0].comments == [(k, "Anna leads from strength"), (None, "a quiet deal; it ends level")]
    assert back.deals[0].at == 6 and back.deals[1].at == 14
    assert parse_record(record_text(back)) == back  # comments written where they stood
    assert '[Annotator "a \\"quoted\\" name"]' in record_text(back)
    game = replay(back)  # no Result tag, no result for deal 2: nothing to hold them to
    assert len(game.deals) == 2


def test_the_scores_and_results_may_be_left_out_and_are_checked_when_given() -> None:
    record, _ = _first_deals()
    bare = Record({"Ruleset": record.tags["Ruleset"]},
                  [RecordedDeal(d.number, d.line.replace(" scores=", " :scores=").split(" :scores=")[0]
                                + (" : " + d.line.partition(" : ")[2] if " : " in d.line else ""))
                   for d in record.deals])
    assert all("scores=" not in d.line for d in bare.deals)
    game = replay(bare)
    assert [d["notation"] for d in game.deals] == [d.line for d in record.deals]


def _tamper(record: Record, k: int, old: str, new: str) -> str:
    deals = list(record.deals)
    assert old in deals[k].line, (old, deals[k].line)
    deals[k] = RecordedDeal(deals[k].number, deals[k].line.replace(old, new, 1), dict(deals[k].result))
    return record_text(Record(dict(record.tags), deals))


def test_each_way_a_record_can_be_wrong_is_refused_in_one_line() -> None:
    record, game = _first_deals()
    text = record_text(record)
    lines = text.splitlines()
    one, two = record.deals[0], record.deals[1]
    dealer_two = two.line.split()[1]
    scores_two = two.line.split()[5]
    first_action = one.line.partition(" : ")[2].split()[0]
    wrong: list[tuple[str, str]] = [
        ("".join(f"{line}\n" for line in lines if not line.startswith("[Ruleset")), "names its ruleset"),
        (text.replace('[Event "', '[Event "x" "'), 'line 1: \'[Event "x" "brou match'),
        (text.replace("[Ruleset", '[Event "again"]\n[Ruleset'), "line 2: the tag Event is given twice"),
        (text.replace("\n2. ", "\n3. "), "deal number 3, where deal 2 comes next"),
        (text.replace("\n1. ", "\nsome words\n1. "), "'some' before the first deal"),
        (text.replace("\n1. ", "\n1. {never closed "), "a comment '{' is never closed"),
        (text.replace("\n1. ", "\n{a note}\n1. "), "a comment before the first deal: a record's own notes go in a tag"),
        ('[Ruleset "brouc"]\n', "at least one deal"),
        (text.replace('[Ruleset "brouc"]', '[Ruleset "bruc"]'), "tag Ruleset: ruleset: no ruleset 'bruc'"),
        (text.replace("\n1. brouc ", "\n1. brouc[undertrump_when_void=true] "),
         "deal 1: a deal of brouc[undertrump_when_void=true] in a record of brouc"),
        (text.replace("= marks=", "= marks=x", 1), "'marks=x"),
        (_tamper(record, 1, f"brouc {dealer_two} ", f"brouc {(int(dealer_two) + 1) % 4} "), "deal 2: "),
        (_tamper(record, 1, scores_two, "scores=999,0"), "deal 2: the line says scores=999,0; after the deals before"),
        (_tamper(record, 0, f": {first_action} ", f": {first_action} {first_action} "), "deal 1: action 2: "),
        (_tamper(record, 0, one.line.partition(" : ")[2], one.line.partition(" : ")[2].rsplit(" ", 1)[0]),
         "deal 1: the deal is not over after its"),
    ]
    if one.result:
        key = next(iter(one.result))
        made = ",".join(str(v + 1) for v in one.result[key])
        wrong.append((record_text(Record(record.tags, [RecordedDeal(1, one.line, {key: tuple(v + 1 for v in one.result[key])}),
                                                       *record.deals[1:]])),
                      f"deal 1: the record says {key}={made}; the deal gives"))
    full = record_of(game)
    wrong.append((record_text(Record({**full.tags, "Result": "winner=1 marks=9,9"}, full.deals)),
                  'tag Result: the record says "winner=1 marks=9,9"; its deals give "winner='))
    wrong.append((record_text(Record(full.tags, [*full.deals, RecordedDeal(len(full.deals) + 1, full.deals[0].line)])),
                  f"deal {len(full.deals)}: the deal ends the match"))
    for bad, says in wrong:
        with pytest.raises(RecordError) as refused:
            replay(parse_record(bad))
        message = str(refused.value)
        assert says in message and "\n" not in message, (says, message)


def test_the_marks_of_l_homme_d_auvergne_are_held_to_the_deals_before() -> None:
    record, _ = _first_deals("homme-d-auvergne", 4, 3)
    two = record.deals[1]
    assert " marks=" in two.line
    marks = two.line.split(" marks=")[1].split()[0]
    wrong = ",".join(str(int(m) + 1 if k == 0 else int(m)) for k, m in enumerate(marks.split(",")))
    bad = _tamper(record, 1, f"marks={marks}", f"marks={wrong}")
    with pytest.raises(RecordError, match=rf"deal 2: the line says marks={wrong}; the deals before it give marks={marks}"):
        replay(parse_record(bad))


def test_what_is_not_text_is_refused() -> None:
    with pytest.raises(RecordError, match="is text, not bytes"):
        parse_record(b"[Ruleset]")  # type: ignore[arg-type]


# -- the command line ------------------------------------------------------------------------


def brou(*args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "brou", *args], input=stdin, capture_output=True, text=True,
                          timeout=300, cwd=cwd, check=False)


def test_brou_match_writes_its_record_and_reads_it_back(tmp_path: Path) -> None:
    path = tmp_path / "match.brou"
    played_out = brou("match", "--ruleset", "homme-de-brou-1802", "--seed", "5", "--record", str(path))
    assert played_out.returncode == 0, played_out.stderr
    text = path.read_text(encoding="utf-8")
    assert text.startswith('[Event "brou match --ruleset homme-de-brou-1802 --seed 5"]\n'
                           '[Players "greedy bot; random bot; greedy bot; random bot"]\n')
    assert '[Seed "5"]' in text and "\n1. homme-de-brou-1802 " in text
    assert not list(tmp_path.glob(".*partial"))
    again = brou("match", "--from", str(path))
    assert again.returncode == 0, again.stderr
    assert "every one following from the one before; the match is over. Result: winner=" in again.stdout
    sheet = played_out.stdout.split("\n\nNous (players")[0].split("\n", 1)[1]  # after the first dealer's line
    assert sheet.strip() in again.stdout  # the same score sheet
    from_stdin = brou("match", "--from", "-", "--json", stdin=text)
    assert from_stdin.returncode == 0, from_stdin.stderr
    data = json.loads(from_stdin.stdout)
    assert data["from"] == "-" and data["seed"] is None and data["result"].startswith("winner=")


@pytest.mark.parametrize(("args", "says"), [
    (("--from", "nowhere.brou"), "brou match: cannot read nowhere.brou: No such file or directory"),
    (("--from", "x.brou", "--seed", "3"), "brou match: --from gives the ruleset and every deal; drop --seed"),
    (("--seed", "3"), "brou match: needs --ruleset, or --from FILE"),
    (("--ruleset", "brouc", "--seed", "3", "--record", "no/such/folder/m.brou"), "cannot write no/such/folder/m.brou"),
])
def test_brou_match_refuses_in_one_line(tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    done = brou("match", *args, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert says in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_a_bad_record_is_named_with_its_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "bad.brou").write_text('[Ruleset "brouc"]\n\n1. brouc 3 AT\n', encoding="utf-8")
    (tmp_path / "latin1.brou").write_bytes("[Event \"Soir\xe9e\"]\n".encode("latin-1"))
    done = brou("match", "--from", "bad.brou", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("brou match: bad.brou: line 3: deal 1: a deal has five fields"), done.stderr
    done = brou("match", "--from", "latin1.brou", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == "brou match: latin1.brou is not UTF-8 text (line 1: byte 0xe9)\n"


def test_the_record_of_the_documentation_replays() -> None:
    """docs/notation.md's game record: a match under way, its comments kept."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    block = page[page.index('    [Event "Soirée du jeudi"]'):]
    block = block[:block.index("\n\n", block.index("\n2. ") if "\n2. " in block else block.index("    2. "))]
    record = parse_record("\n".join(line.removeprefix("    ") for line in block.splitlines()))
    assert record.tags["Site"] == "L'Etivaz" and record.tags["Result"] == UNFINISHED
    assert record.deals[0].comments == [(16, "Beat keeps his ace")]
    assert record.deals[1].comments == [(8, "the game stopped here for the night")]
    game = replay(record)
    assert not game.is_over and len(game.deals) == 1 and len(game.deal.tricks) == 2


def test_a_deal_that_ends_as_it_is_dealt_is_counted_and_recorded() -> None:
    """L'Homme d'Auvergne with the dealer turning: deal 6 of this session ends as it is dealt
    (the dealer turns the king of diamonds, his fifth mark).  The session counts it at once
    (it once stopped there, a deal over and never closed), and the record gives it no actions."""
    params = {"packets": "three-two", "turner": "dealer", "taken_king": "owner-pays"}
    game = played("homme-d-auvergne", 165, params)
    assert game.is_over and len(game.deals) == 6 and game.deals[5]["how"] == "target"
    record = record_of(game)
    six = record.deals[5]
    assert " : " not in six.line and six.result == {"marks": (0, 1, 0, 0)}
    assert record.tags["Result"] == "winners=1 marks=2,5,0,3"
    assert final_result(replay(parse_record(record_text(record)))) == record.tags["Result"]
    with pytest.raises(RecordError, match=r"deal 6: the deal ended as it was dealt \(target\), yet the record gives it"):
        replay(Record(record.tags, [*record.deals[:5], RecordedDeal(6, six.line + " : play")]))

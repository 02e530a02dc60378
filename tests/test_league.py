"""The league (`brou league`, `brou.league`): the duplicate seatings, the rows of each session
and seat, the same table whatever the number of processes, the pairs' gains against a hand
count, the ratings, and the command's output and errors."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from brou.cli import main
from brou.errors import UsageError
from brou.league import League, Played, Row, pairs, patterns, play, ratings, summary, tables
from brou.league.figures import ORDERS, rating_orders, seed_gains, session_results
from brou.league.play import CHUNK, check_league, rows_of
from brou.study.play import Summary, play_sessions
from brou.study.stats import student, t_quantile
from helpers import ctrl_c_as_at_a_terminal

ROOT = Path(__file__).resolve().parents[1]
DONE = re.compile(r"sessions \([0-9]+ %\), ([0-9,]+) seeds done")


# -- the seatings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("sides", [2, 3, 4, 5, 6])
def test_each_side_holds_each_of_a_pair_as_often(sides: int) -> None:
    found = patterns(sides)
    assert len(set(found)) == len(found) == (2 if sides % 2 == 0 else 2 * sides)
    for side in range(sides):
        assert Counter(p[side] for p in found) == {0: len(found) // 2, 1: len(found) // 2}
    assert sum(map(sum, found)) * 2 == sides * len(found)  # as many places to each over the tables


@pytest.mark.parametrize(("sides", "per_pair"), [
    ([[0, 2], [1, 3]], 2),  # 1802, Brouc: a team each, then the other way round
    ([[0], [1], [2]], 6),  # L'Hombre, Brusquembille by three
    ([[0], [1], [2], [3]], 2),  # L'Homme d'Auvergne by four
    ([[0], [1], [2], [3], [4]], 10),
])
def test_every_player_of_a_pair_sits_in_every_seat_for_a_seed(sides: list[list[int]], per_pair: int) -> None:
    seats = sum(len(s) for s in sides)
    found = tables(4, sides)
    assert len(found) == 6 * per_pair  # the six pairs of four players
    for a, b in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]:
        mine = [t for t in found if t.pair == (a, b)]
        assert len(mine) == per_pair and all(set(t.seats) == {a, b} for t in mine)
        for seat in range(seats):
            held = Counter(t.seats[seat] for t in mine)
            assert held[a] == held[b] >= 1, (seat, held)
        for side in sides:  # a team is one player's
            assert all(len({t.seats[p] for p in side}) == 1 for t in mine)


def test_a_league_seats_1802_by_teams() -> None:
    league = League("homme-de-brou-1802", {}, ("greedy", "careful"), 0, 1)
    assert [t.seats for t in league.tables()] == [(0, 1, 0, 1), (1, 0, 1, 0)]


# -- the rows of a session ------------------------------------------------------------------------


def test_a_seat_has_its_sides_score_and_place() -> None:
    summary = Summary(7, "", "", "", (1,), 0, ((3.0, 5.0, -8.0), (1.0, 1.0, -2.0)), (0, 1), (1, 2), (None, None),
                      ((0,), (1,), (2,)))
    table = tables(2, [[0], [1], [2]])[1]
    rows = rows_of(summary, 1, table)
    assert [(r.seat, r.player, r.opponent, r.score, r.deals, r.won, r.place) for r in rows] == [
        (0, table.seats[0], 1 - table.seats[0], 4.0, 2, False, 2),
        (1, table.seats[1], 1 - table.seats[1], 6.0, 2, True, 1),
        (2, table.seats[2], 1 - table.seats[2], -10.0, 2, False, 3)]
    # with no winner (a session cut short), the places follow the scores, and equal scores share one
    cut = Summary(7, "", "", "", (), 0, ((2.0, 2.0, -4.0),), (0,), (1,), (None,), ((0,), (1,), (2,)))
    assert [r.place for r in rows_of(cut, 0, table)] == [1, 1, 3]


# -- the same table whatever the processes --------------------------------------------------------


def _figures(played: Played) -> dict[str, object]:
    data = summary(played.league, played)
    return {k: v for k, v in data.items() if k != "seconds"}


def test_one_process_and_two_give_the_same_league() -> None:
    league = League("brusquembille-1718", {}, ("random", "greedy", "careful"), 11, CHUNK + 2)
    one, two = play(league, jobs=1), play(league, jobs=2)
    assert one.complete == two.complete == league.seeds
    assert one.kept() == two.kept() and len(one.kept()) == league.seeds * 18 * 3
    assert _figures(one) == _figures(two)


# -- the figures ----------------------------------------------------------------------------------


def test_a_player_against_itself_gains_nothing_and_rates_the_same() -> None:
    league = League("brusquembille-1718", {}, ("random", "random"), 0, 6)
    played = play(league, jobs=1)
    rows = played.kept()
    assert seed_gains(rows, 0, 1) == [0.0] * 6  # the same play on the same cards, the seats turned
    (pair,) = pairs(rows, league.labels())
    assert (pair["a"], pair["b"]) == ("random", "random#2")
    assert pair["gain"]["low"] <= 0 <= pair["gain"]["high"] and pair["even"] == 6
    first, second = ratings(rows, league.labels())
    assert first["won"] == first["lost"] == second["won"] == second["lost"]  # each session's mirror is played
    assert abs(first["mu"] - second["mu"]) < 0.2 * first["sigma"]  # the order of the updates alone


def _hand_gain(ruleset: str, seed: int, a: str, b: str) -> float:
    """A's score per deal less B's on one seed of 1802 or Brouc, counted from the two sessions
    themselves: A at team 0 then at team 1."""
    first, = play_sessions(ruleset, {}, [a, b, a, b], [seed])
    second, = play_sessions(ruleset, {}, [b, a, b, a], [seed])
    a_total = sum(d[0] for d in first.scores) + sum(d[1] for d in second.scores)
    b_total = sum(d[1] for d in first.scores) + sum(d[0] for d in second.scores)
    deals = len(first.scores) + len(second.scores)
    return (a_total - b_total) / deals


def test_the_gains_in_brouc_are_those_counted_by_hand() -> None:
    league = League("brouc", {}, ("random", "greedy", "careful"), 100, 8)
    played = play(league, jobs=2)
    rows = played.kept()
    for a, b in [(1, 0), (2, 0), (2, 1)]:
        names = league.players[a], league.players[b]
        assert seed_gains(rows, a, b) == pytest.approx([_hand_gain("brouc", seed, *names) for seed in range(100, 108)])
    found = {(p["a"], p["b"]): p for p in pairs(rows, league.labels())}
    assert found["random", "greedy"]["gain"]["value"] == pytest.approx(-(student(seed_gains(rows, 1, 0)).value or 0))
    careful = found["random", "careful"]
    assert careful["gain"]["high"] < 0 and careful["b_better"]["k"] == 8  # careful wins on every seed
    # greedy claims the game as soon as it is right, random never does: greedy wins the matches,
    # by few points a deal
    assert found["random", "greedy"]["sessions"] == {"a_won": 0, "drawn": 0, "b_won": 16}
    assert [r["player"] for r in ratings(rows, league.labels())] == ["careful", "greedy", "random"]


def test_the_ratings_are_the_mean_over_the_orders_of_the_sessions() -> None:
    """One update a session, A and B ranked by their seats' mean place (openskill), the sessions
    rated in each order of `rating_orders` and mu and sigma averaged."""
    from openskill.models import PlackettLuce

    rows = [Row(0, 0, 0, 0, 1, 0, 1, 5.0, True, 1), Row(0, 0, 1, 1, 0, 1, 1, -5.0, False, 2),
            Row(0, 1, 0, 1, 0, 0, 1, 1.0, False, 1), Row(0, 1, 1, 0, 1, 1, 1, 1.0, False, 1),
            Row(1, 0, 0, 0, 1, 0, 1, -2.0, False, 2), Row(1, 0, 1, 1, 0, 1, 1, 2.0, True, 1)]
    assert [r for *_, r in session_results(rows)] == [1, 0, -1]
    orders = rating_orders(3)
    assert len(orders) == ORDERS and orders[0] == [0, 1, 2] and all(sorted(o) == [0, 1, 2] for o in orders)
    assert len({tuple(o) for o in orders}) > 1
    model = PlackettLuce()
    mu_x = sigma_x = mu_y = 0.0
    for order in orders:
        a, b = model.rating(), model.rating()
        for k in order:
            [[a], [b]] = model.rate([[a], [b]], ranks=([1.0, 2.0], [1.0, 1.0], [2.0, 1.0])[k])
        mu_x, sigma_x, mu_y = mu_x + a.mu / ORDERS, sigma_x + a.sigma / ORDERS, mu_y + b.mu / ORDERS
    found = {r["player"]: r for r in ratings(rows, ["x", "y"])}
    assert (found["x"]["mu"], found["x"]["sigma"], found["y"]["mu"]) == pytest.approx((mu_x, sigma_x, mu_y))
    assert found["x"]["ordinal"] == pytest.approx(found["x"]["mu"] - 3 * found["x"]["sigma"])
    assert (found["x"]["won"], found["x"]["drawn"], found["x"]["lost"]) == (1, 1, 1)


def test_a_late_run_of_wins_does_not_reverse_equal_results() -> None:
    """Forty sessions won by x, then forty by y: rated in that order alone y would come out well
    ahead; over the orders the two are level."""
    rows = []
    for seed in range(80):
        x_wins = seed < 40
        rows += [Row(seed, 0, 0, 0, 1, 0, 1, 1.0 if x_wins else -1.0, x_wins, 1 if x_wins else 2),
                 Row(seed, 0, 1, 1, 0, 1, 1, -1.0 if x_wins else 1.0, not x_wins, 2 if x_wins else 1)]
    single = {r["player"]: r["mu"] for r in ratings(rows, ["x", "y"], orders=1)}
    assert single["y"] - single["x"] > 1.0
    found = {r["player"]: r["mu"] for r in ratings(rows, ["x", "y"])}
    assert abs(found["y"] - found["x"]) < 0.3 * abs(single["y"] - single["x"])


def test_student_quantiles() -> None:
    assert [round(t_quantile(df), 3) for df in (1, 2, 3, 5, 10, 30, 100)] == [12.706, 4.303, 3.182, 2.571, 2.228,
                                                                             2.042, 1.984]
    assert round(t_quantile(5000), 4) == 1.9604
    m = student([1.0, 2.0, 3.0])
    half = 4.302653 / 3 ** 0.5  # the standard deviation is 1
    assert (m.value, round(m.low or 0, 4), round(m.high or 0, 4)) == (2.0, round(2 - half, 4), round(2 + half, 4))


def test_an_interrupted_league_keeps_the_seeds_whose_every_table_was_played() -> None:
    league = League("homme-d-auvergne", {}, ("random", "greedy"), 0, 3 * CHUNK)
    played = Played(league)
    calls = []

    def stop(done: Played, total: int) -> None:
        calls.append(done.sessions)
        if len(calls) == 3:  # a table and a half of chunks
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play(league, jobs=1, progress=stop, played=played)
    assert played.complete == CHUNK and {r.seed for r in played.kept()} == set(range(CHUNK))
    assert len(played.rows) > len(played.kept())


# -- the command ----------------------------------------------------------------------------------


def test_the_command_prints_the_table_and_writes_the_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "league"
    assert main(["league", "--ruleset", "homme-d-auvergne", "--players", "random,greedy,careful", "--deals", "5",
                 "--seed", "3", "--out", str(out), "--json"]) == 0
    std = capsys.readouterr()
    data = json.loads(std.out)
    assert "5 seeds done" in std.err.splitlines()[-1]
    assert data == json.loads((out / "league.json").read_text(encoding="utf-8"))
    assert (data["seeds"], data["sessions"], data["players"]) == (5, 5 * 6, ["random", "greedy", "careful"])
    assert [p["a"] + "-" + p["b"] for p in data["pairs"]] == ["random-greedy", "random-careful", "greedy-careful"]
    with open(out / "sessions.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 5 * 6 * 4 and rows[0].keys() == {"seed", "table", "seat", "player", "opponent", "side", "deals",
                                                         "score", "score_per_deal", "won", "place"}
    assert sum(int(r["deals"]) for r in rows if r["seat"] == "0") == data["deals"]
    page = (out / "league.md").read_text(encoding="utf-8")
    assert page.startswith("**L'Homme d'Auvergne (1665)**: players `random`, `greedy`, `careful`; seeds 3 to 7 (5)")
    assert sum(line.startswith("|") for line in page.splitlines()) == 2 * 2 + 3 + 3  # a row per player, per pair
    text = (out / "league.txt").read_text(encoding="utf-8")
    assert text.startswith("L'Homme d'Auvergne") and "Ratings (openskill" in text and "random  greedy" in text
    assert main(["league", "--ruleset", "homme-d-auvergne", "--players", "random,greedy,careful", "--deals", "5",
                 "--seed", "3", "--no-progress"]) == 0
    std = capsys.readouterr()
    assert std.err == "" and std.out.split("\n", 1)[1] == text.split("\n", 1)[1]


def test_session_deals_cuts_each_session(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["league", "--ruleset", "brouc", "--players", "random,greedy", "--deals", "3", "--session-deals", "1",
                 "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["sessions"], data["deals"], data["session_deals"]) == (6, 6, 1)
    assert main(["league", "--ruleset", "brouc", "--players", "random,greedy", "--deals", "2", "--session-deals", "1",
                 "--no-progress"]) == 0
    assert "4 matches cut at their first deal, 4 deals" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "says"), [
    (["--players", "greedy,nobody"], "argument --players: no player 'nobody'"),
    (["--players", "greedy,pimc:samples=x"], "player pimc: samples is a whole number from 1 to 1000, not 'x'"),
    (["--players", "greedy"], "a league compares 2 to 8 players, not 1"),
    (["--players", ",".join(["random"] * 9)], "a league compares 2 to 8 players, not 9"),
    (["--deals", "0"], "argument --deals: a whole number of 1 or more, not 0"),
    (["--deals", str(10**24)], "--deals is a number of seeds from 1 to 100,000"),
    (["--deals", "100001"], "--deals is a number of seeds from 1 to 100,000"),
    (["--deals", "20000", "--players", "random,greedy,careful,pimc,chaos"], "a league plays at most 200,000"),
    (["--seed", str(2**64 - 3), "--deals", "5"], "go past the last seed"),
    (["--session-deals", "0"], "argument --session-deals"),
    (["--session-deals", "10001"], "--session-deals is a number of deals from 1 to 10,000"),
    (["--param", "nothing=1"], "nothing"),
    (["--ruleset", "nope"], "unknown ruleset 'nope'"),
    (["--out", "/proc/brou-league"], "cannot write into /proc/brou-league"),
    (["--jobs", "0"], "argument --jobs"),
])
def test_bad_input_is_one_line_and_exit_2_before_any_session(args: list[str], says: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    base = {"--ruleset": "hombre", "--players": "random,greedy", "--deals": "3"}
    for i in range(0, len(args) - 1, 2):
        base.pop(args[i], None)
    argv = ["league", *[x for kv in base.items() for x in kv], *args, "--no-progress"]
    start = time.monotonic()
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("brou league: ") and err.count("\n") == 1 and says in err, err
    assert time.monotonic() - start < 5


def test_a_file_as_out_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    assert main(["league", "--ruleset", "hombre", "--players", "random,greedy", "--out", str(tmp_path / "file")]) == 2
    assert "not a folder" in capsys.readouterr().err
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "league.json").mkdir()
    assert main(["league", "--ruleset", "hombre", "--players", "random,greedy", "--out", str(tmp_path / "out")]) == 2
    assert "league.json: it is a folder" in capsys.readouterr().err


def test_the_command_checks_the_league_before_playing() -> None:
    with pytest.raises(UsageError, match="2 to 8 players"):
        check_league(League("brouc", {}, ("random",), 0, 1))


def test_ctrl_c_keeps_the_seeds_played(tmp_path: Path) -> None:
    """A league stopped by Ctrl-C prints what it finished and writes it, one line, exit 130."""
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "reference")}
    child = subprocess.Popen([sys.executable, "-m", "brou", "league", "--ruleset", "brusquembille-1718", "--players",
                              "random,greedy", "--deals", "30000", "--out", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                             preexec_fn=ctrl_c_as_at_a_terminal)
    assert child.stderr is not None
    seen: list[str] = []
    while not any(int(m.group(1).replace(",", "")) for m in map(DONE.search, seen) if m):  # a line every 10 s
        seen.append(child.stderr.readline())
        assert seen[-1], "the league ended before it was interrupted"
    child.send_signal(signal.SIGINT)
    stdout, rest = child.communicate(timeout=60)
    stderr = "".join(seen) + rest
    assert child.returncode == 130, stderr
    last = stderr.strip().splitlines()[-1]
    assert last.startswith("brou league: interrupted after ") and f"written to {out}" in last, stderr
    assert "Traceback" not in stderr
    data = json.loads((out / "league.json").read_text(encoding="utf-8"))
    assert data["seeds"] > 0 and data["asked"] == 30_000 and f"({data['seeds']:,} seeds of 30,000 asked)" in stdout


# -- a league in several runs (brou.league.store) -------------------------------------------------


def _league_files(out: Path) -> tuple[list[dict[str, str]], dict[str, object]]:
    with open(out / "sessions.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    data = json.loads((out / "league.json").read_text(encoding="utf-8"))
    return rows, {k: v for k, v in data.items() if k not in ("seconds", "held", "asked")}


def test_a_league_split_by_seed_into_one_folder_is_the_league_played_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["league", "--ruleset", "homme-d-auvergne", "--players", "random,greedy,careful", "--jobs", "1"]
    assert main([*base, "--deals", "6", "--seed", "10", "--out", str(tmp_path / "once"), "--no-progress"]) == 0
    assert main([*base, "--deals", "2", "--seed", "14", "--out", str(tmp_path / "parts"), "--no-progress"]) == 0
    assert main([*base, "--deals", "4", "--seed", "10", "--out", str(tmp_path / "parts")]) == 0
    std = capsys.readouterr()
    assert f"{tmp_path / 'parts'} holds 2 seeds of this league, not played again; 4 to play" in std.err
    assert "seeds 10 to 15 (6 seeds)" in std.out
    assert _league_files(tmp_path / "parts") == _league_files(tmp_path / "once")
    data = json.loads((tmp_path / "parts" / "league.json").read_text(encoding="utf-8"))
    assert (data["held"], data["seeds"], data["asked"], data["ranges"]) == (2, 6, 6, [[10, 15]])
    # run again: nothing to play, the same table
    assert main([*base, "--deals", "6", "--seed", "10", "--out", str(tmp_path / "parts"), "--no-progress"]) == 0
    assert "seeds 10 to 15 (6 seeds)" in capsys.readouterr().out
    assert _league_files(tmp_path / "parts") == _league_files(tmp_path / "once")


def test_a_folder_with_seeds_apart_counts_them_all_and_says_which(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    base = ["league", "--ruleset", "homme-d-auvergne", "--players", "random,greedy", "--jobs", "1", "--no-progress",
            "--out", str(tmp_path)]
    assert main([*base, "--deals", "2", "--seed", "0"]) == 0
    capsys.readouterr()
    assert main([*base, "--deals", "1", "--seed", "7"]) == 0
    assert "seeds 0 to 1, 7 (3 seeds)" in capsys.readouterr().out.splitlines()[0]
    assert "seeds 0 to 1, 7 (3)" in (tmp_path / "league.md").read_text(encoding="utf-8")


def test_a_seed_with_a_table_missing_is_played_again(tmp_path: Path) -> None:
    league = League("homme-d-auvergne", {}, ("random", "greedy"), 0, 3)
    played = play(league, jobs=1)
    data = summary(league, played)
    from brou.league.output import write_all
    from brou.league.store import held
    rows = [r for r in played.kept() if not (r.seed == 1 and r.table == 1)]
    write_all(data, rows, "", "t", tmp_path)
    back, _ = held(league, tmp_path)
    assert {r.seed for r in back} == {0, 2} and back == [r for r in played.kept() if r.seed != 1]
    again = Played(league)
    again.hold(back, 0.0)
    play(league, jobs=1, played=again)
    assert again.kept() == played.kept() and again.sessions == len(league.tables())


@pytest.mark.parametrize(("change", "says"), [
    (["--players", "random,careful"], "holds another league (players random,greedy there, random,careful here)"),
    (["--session-deals", "1"], "(--session-deals none there, 1 here)"),
    (["--ruleset", "hombre"], "(ruleset homme-d-auvergne there, hombre here"),
])
def test_a_folder_holding_another_league_is_refused_before_playing(
        change: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = {"--ruleset": "homme-d-auvergne", "--players": "random,greedy", "--deals": "1"}
    assert main(["league", *[x for kv in args.items() for x in kv], "--no-progress", "--out", str(tmp_path)]) == 0
    before = (tmp_path / "sessions.csv").read_bytes()
    capsys.readouterr()
    args.update(dict(zip(change[::2], change[1::2], strict=True)))
    assert main(["league", *[x for kv in args.items() for x in kv], "--no-progress", "--out", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and says in err and "give another --out" in err, err
    assert (tmp_path / "sessions.csv").read_bytes() == before


@pytest.mark.parametrize(("damage", "says"), [
    (lambda p: (p / "league.json").write_text("{", encoding="utf-8"), "league.json is not a league's summary"),
    (lambda p: (p / "league.json").write_text('{"format": "other"}', encoding="utf-8"), "no format brou-league/1"),
    (lambda p: (p / "sessions.csv").write_text("a,b\n1,2\n", encoding="utf-8"), "sessions.csv: its columns are not"),
    (lambda p: (p / "sessions.csv").write_text(
        (p / "sessions.csv").read_text(encoding="utf-8").replace(",greedy,", ",nobody,", 1), encoding="utf-8"),
     "sessions.csv: line 2: not a row of this league"),
    (lambda p: (p / "sessions.csv").write_bytes(b"\xff\xfe"), "sessions.csv: "),
])
def test_a_folder_whose_files_are_not_a_leagues_is_one_line_and_exit_2(
        damage: object, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["league", "--ruleset", "homme-d-auvergne", "--players", "random,greedy", "--deals", "1", "--no-progress",
            "--out", str(tmp_path)]
    assert main(argv) == 0
    damage(tmp_path)  # type: ignore[operator]
    capsys.readouterr()
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and says in err and "Traceback" not in err, err


def test_the_folder_is_written_again_as_the_league_plays(tmp_path: Path) -> None:
    from brou.league.store import EVERY, Checkpoint
    league = League("homme-d-auvergne", {}, ("random", "greedy"), 0, 4)
    now = [0.0]
    checkpoint = Checkpoint(league, tmp_path, "t", clock=lambda: now[0])
    seen: list[int] = []

    def tick(played: Played, total: int) -> None:
        now[0] += EVERY / 3  # a chunk every third of the interval
        checkpoint(played)
        if (tmp_path / "league.json").exists():
            seen.append(json.loads((tmp_path / "league.json").read_text(encoding="utf-8"))["seeds"])

    play(league, jobs=1, progress=tick)
    assert seen and seen[0] >= 1 and seen == sorted(seen) and len(set(seen)) >= 2
    rows, _ = __import__("brou.league.store", fromlist=["held"]).held(league, tmp_path)
    assert {r.seed for r in rows} == set(range(seen[-1]))

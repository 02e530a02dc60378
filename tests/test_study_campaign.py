"""A study's campaign (brou.study.campaign): its chunks (brou.study.chunk), the Parquet store
that keeps each as it finishes (brou.study.store), Dask's local cluster of one worker or two and
a given scheduler (brou.study.cluster) giving the same figures as one process, a run stopped
and started again giving the same figures as one run without a stop, no session counted twice,
and the command's errors (an unreachable scheduler, a foreign store)."""

from __future__ import annotations

import json
import logging
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from brou.cli.main import main
from brou.errors import UsageError
from brou.spec.ambiguities import load_register
from brou.spec.rules import Rules
from brou.study import campaign
from brou.study.arising import Replay
from brou.study.campaign import run
from brou.study.chunk import CHUNK, Chunk, chunks_of, play_chunk
from brou.study.play import Plan, Standing, begun, plans
from brou.study.store import MARKER, Store
from brou.study.targeted import aim_of
from helpers import ctrl_c_as_at_a_terminal

REGISTER = load_register()
(PLAN,) = plans(REGISTER.entry("AMB-55"))  # L'Homme d'Auvergne, five or seven marks: quick games
PLAYERS = ("careful",)


def _plan() -> Plan:
    return PLAN


def test_chunks_keep_to_their_blocks_of_seeds_whatever_the_bounds() -> None:
    spans = [(c.start, c.stop) for c in chunks_of(PLAN, PLAYERS, range(20, 60))]
    assert spans == [(20, CHUNK), (CHUNK, 2 * CHUNK), (2 * CHUNK, 60)] if CHUNK == 25 else spans
    assert all(c.start // CHUNK == (c.stop - 1) // CHUNK for c in chunks_of(PLAN, PLAYERS, range(0, 3 * CHUNK + 7)))
    gaps = chunks_of(PLAN, PLAYERS, [1, 2, 3, 7, 8])
    assert [(c.start, c.stop) for c in gaps] == [(1, 4), (7, 9)]


def test_a_chunks_rows_are_one_per_session_with_the_arising_fields() -> None:
    rows = play_chunk(Chunk(PLAN, PLAYERS, 3, 5))
    assert [(r["option"], r["seed"]) for r in rows] == [("five", 3), ("five", 4), ("seven", 3), ("seven", 4)]
    for r in rows:
        assert r["entry"] == "AMB-55" and r["players"] == "careful" and r["deals"] == len(r["scores"])
        if r["default"]:
            assert r["arising"] == [] and r["arose"] == 0
        else:
            assert r["arose"] == sum(1 for s in r["arising"] if s >= 0) == len(r["changed"]) == len(r["delta"])


def test_the_store_keeps_chunks_whole_and_refuses_a_folder_that_is_not_one(tmp_path: Path) -> None:
    store = Store(tmp_path / "sessions").open()
    chunk = Chunk(PLAN, PLAYERS, 0, 2)
    rows = play_chunk(chunk)
    store.write(chunk, rows)
    assert store.done(chunk.key, range(0, 10)) == {0, 1} and store.done(chunk.key, range(1, 10)) == {1}
    back = store.rows(chunk.key, range(0, 2), ["five", "seven"])
    assert back["five"] == [r for r in rows if r["option"] == "five"]
    assert not [p for p in (tmp_path / "sessions").iterdir() if p.name.startswith(".")]  # no temporary file left
    # a copy of a chunk under another name counts each session once
    shutil.copy(next((tmp_path / "sessions").glob("*.parquet")),
                tmp_path / "sessions" / f"AMB-55.homme-d-auvergne.{chunk.key}.1.2.parquet")
    assert [r["seed"] for r in store.rows(chunk.key, range(0, 2), ["five"])["five"]] == [0, 1]
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    with pytest.raises(UsageError, match="not a study's results store"):
        Store(foreign).open()
    other = tmp_path / "other"
    other.mkdir()
    (other / MARKER).write_text(json.dumps({"format": "someone-else/3"}))
    with pytest.raises(UsageError, match="of another kind"):
        Store(other).open()


def test_a_chunk_with_a_replay_plays_again_at_most_its_deals_and_is_kept_apart(tmp_path: Path) -> None:
    """With a replay, the sessions and the arising are the session players' own, at most the
    replay's deals of a chunk are played again (by its players), the rows say by whom, and they
    are kept under another key than the same study's without a replay."""
    plain = Chunk(PLAN, PLAYERS, 0, 6)
    replayed = Chunk(PLAN, PLAYERS, 0, 6, Replay(("random",), 3))
    assert plain.key != replayed.key
    rows, again = play_chunk(plain), play_chunk(replayed)
    for r, a in zip(rows, again, strict=True):
        assert (r["seed"], r["option"], r["every"], r["arising"]) == (a["seed"], a["option"], a["every"], a["arising"])
        assert a["replayed_by"] == ("" if a["default"] else "random, the first 3 deals of each 25 seeds where it arises") \
            or a["default"]
    other = [a for a in again if not a["default"]]
    arose = sum(a["arose"] for a in other)
    assert arose > 3  # seven marks against five parts every game: more deals than the replay's budget
    assert sum(len(a["changed"]) for a in other) == sum(len(a["noise"]) for a in other) == 3
    store = Store(tmp_path / "sessions").open()
    store.write(replayed, again)
    assert store.done(plain.key, range(0, 6)) == set() and store.done(replayed.key, range(0, 6)) == set(range(6))
    assert store.rows(replayed.key, range(0, 6), ["seven"])["seven"] == other
    figures = campaign.arising_figures(other, [a for a in again if a["default"]])
    assert figures["replayed"] == 3 and figures["winner_changed"] is None and figures["by_chance"]["n"] == 3


def test_the_registers_headline_gives_what_the_deals_played_again_say() -> None:
    """The register's headline of an option (brou.study.output.headlines) adds, from a study
    with a replay, how many deals were played again, by whom, and how often the result changed
    there against chance alone; a study without a replay adds nothing."""
    from brou.study.output import headlines

    plain = {"studies": run([PLAN], 6, 0, PLAYERS)}
    again = {"studies": run([PLAN], 6, 0, PLAYERS, replay=Replay(("random",), 3))}
    assert again["studies"][0]["replay"]["players"] == ["random"]
    found = headlines("AMB-55", "homme-d-auvergne", "en", plain, again)
    assert found is not None
    (part,) = found[1]
    assert "played again by random players in 3 deals where it arises, the result changes in" in part
    assert "by the players' chance alone in" in part
    fr = headlines("AMB-55", "homme-d-auvergne", "fr", plain, again)
    assert fr is not None and "dans 3 donnes où le cas se présente, rejouées par des joueurs au hasard" in fr[1][0]
    assert headlines("AMB-55", "homme-d-auvergne", "en", plain, plain) == headlines("AMB-55", "homme-d-auvergne",
                                                                                     "en", plain)
    alone = headlines("AMB-55", "homme-d-auvergne", "en", again)  # the replayed figures as the study's own
    assert alone is not None and "the deal's result (played again by random players) changes in" in alone[1][0]
    fr_alone = headlines("AMB-55", "homme-d-auvergne", "fr", again)
    assert fr_alone is not None and "(rejouée par des joueurs au hasard) y change" in fr_alone[1][0]


def test_a_steered_study_meets_the_case_its_players_never_meet_and_is_kept_apart() -> None:
    """AMB-07 (a marriage extended to the grand): careful players never announce so that the
    question comes up; steered toward announcing (brou.study.options.TARGETS), they do, in the
    same seeds, and the study is kept under its own key with its rows saying so."""
    (plan,) = [p for p in plans(REGISTER.entry("AMB-07")) if p.ruleset == "brouc"]
    aim = aim_of(plan)
    assert aim is not None and dict(aim.steer) == {"announce": 0.95} and aim.standing is None
    assert aim_of(PLAN) is None  # AMB-55 has no aim
    replay = Replay(("careful",), 2)
    plain, steered = Chunk(plan, PLAYERS, 0, 6, replay), Chunk(plan, PLAYERS, 0, 6, replay, aim)
    assert plain.key != steered.key
    assert sum(r["arose"] for r in play_chunk(plain)) == 0
    rows = play_chunk(steered)
    assert sum(r["arose"] for r in rows) > 0 and sum(len(r["changed"]) for r in rows) == 2
    assert {r["players"] for r in rows} == {"careful (steered: announce 0.95)"}


def test_a_study_aimed_inside_a_game_meets_a_case_plain_play_never_meets() -> None:
    """AMB-15 (both teams past 301 at the end of one coup): plain careful matches never meet it;
    aimed (brou.study.targeted.AIMS: the first game's scores drawn near 301, players who never
    claim on their own) they do, every reading of a seed starts from the same standing, and the
    rows say how the sessions were aimed."""
    (plan,) = plans(REGISTER.entry("AMB-15"))
    aim = aim_of(plan)
    assert aim is not None and aim.standing is not None and aim.players == ("random",)
    rows = play_chunk(Chunk(plan, aim.players, 0, 8, Replay(("careful",), 2), aim))
    assert sum(r["arose"] for r in rows) > 0
    assert {r["players"] for r in rows} == {f"random (from {aim.standing.text()})"}
    for seed in range(3):
        scores, _, _ = aim.standing.drawn(seed)
        assert all(260 <= s <= 300 and s % 10 == 0 for s in scores)
        sessions = [begun(Rules.load(plan.ruleset, **r.params), seed, aim.standing) for r in plan.readings]
        assert {tuple(s.scores) for s in sessions} == {tuple(scores)}
        assert len({str(s.deal.deal) for s in sessions}) == 1  # the same cards under every reading


def test_a_standing_is_for_a_match_of_games_only() -> None:
    with pytest.raises(ValueError, match="a match of games"):
        begun(Rules.load("hombre"), 0, Standing(((0, 10), (0, 10))))


def test_a_store_written_before_replays_is_read_as_it_was(tmp_path: Path) -> None:
    """Files of the store written before the replay's columns existed are read, those columns
    empty: a campaign under way is not lost."""
    import pyarrow.parquet as pq

    store = Store(tmp_path / "sessions").open()
    chunk = Chunk(PLAN, PLAYERS, 0, 2)
    rows = play_chunk(chunk)
    path = store.write(chunk, rows)
    pq.write_table(pq.read_table(path).drop_columns(["replayed_by", "noise"]), path)
    assert store.rows(chunk.key, range(0, 2), ["seven"])["seven"] == [r for r in rows if r["option"] == "seven"]


@pytest.mark.parametrize(("args", "says"), [
    (["--replay-deals", "2"], "give both"),
    (["--replay-players", "nobody"], "nobody"),
    (["--replay-players", "careful", "--replay-deals", "0"], "--replay-deals"),
    (["--steer"], "--steer needs --replay-players"),
    (["--steer", "--replay-players", "careful"], "AMB-55 has no aim"),
])
def test_a_replay_asked_wrong_is_one_line_and_exit_2(args: list[str], says: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study", "AMB-55", "--deals", "2", "--no-progress", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brou study") and says in err and err.count("\n") == 1, err


def test_a_study_run_in_parts_has_the_figures_of_one_run_and_plays_no_seed_twice(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    whole = run([PLAN], 6, 10, PLAYERS)
    played: list[tuple[int, int]] = []
    real = campaign.play  # type: ignore[attr-defined]

    def counted(chunks: Any, jobs: int, scheduler: str | None) -> Any:
        played.extend((c.start, c.stop) for c in chunks)
        return real(chunks, jobs, scheduler)

    monkeypatch.setattr(campaign, "play", counted)
    out = tmp_path / "out"
    part = run([PLAN], 4, 10, PLAYERS, out=out)  # seeds 10..13, then stopped
    assert part != whole
    again = run([PLAN], 6, 10, PLAYERS, out=out)  # the same study to 15: only 14 and 15 are played
    assert again == whole
    assert played == [(10, 14), (14, 16)]
    assert run([PLAN], 6, 10, PLAYERS, out=out) == whole and played == [(10, 14), (14, 16)]  # read from the store
    assert len(_chunk_files(out)) == 2


def test_one_worker_two_workers_and_a_given_scheduler_give_the_same_figures() -> None:
    from dask.distributed import LocalCluster

    first = CHUNK - 2  # five seeds over two chunks
    here = run([PLAN], 5, first, PLAYERS, jobs=0)
    assert run([PLAN], 5, first, PLAYERS, jobs=1) == here
    assert run([PLAN], 5, first, PLAYERS, jobs=2) == here
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False,  # type: ignore[no-untyped-call]
                           dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
    with cluster:
        assert run([PLAN], 5, first, PLAYERS, scheduler=cluster.scheduler_address) == here


@pytest.mark.parametrize(("args", "says"), [
    (["--scheduler", "not an address"], "is not a scheduler's address"),
    (["--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler"),
    (["--scheduler", "tcp://127.0.0.1:8786", "--jobs", "2"], "a --scheduler has its own"),
])
def test_a_scheduler_that_cannot_be_used_is_one_line_and_exit_2(args: list[str], says: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    assert main(["study", "AMB-55", "--deals", "2", "--no-progress", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brou study: ") and says in err and err.count("\n") == 1, err
    assert time.monotonic() - started < 30


def test_a_foreign_store_is_refused_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sessions").mkdir()
    (tmp_path / "sessions" / "data.parquet").write_bytes(b"PAR1")
    assert main(["study", "AMB-55", "--deals", "2", "--out", str(tmp_path), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "not a study's results store" in err and err.count("\n") == 1


def test_a_study_stopped_and_run_again_goes_on_and_ends_with_the_figures_of_one_run(tmp_path: Path) -> None:
    """Ctrl-C on a campaign on two workers once a chunk is in the store, then the same command
    again: it plays only what is missing, and its figures are those of one run without a stop."""
    out = tmp_path / "out"
    command = [sys.executable, "-m", "brou", "study", "AMB-55", "--deals", str(3 * CHUNK), "--jobs", "2",
               "--out", str(out)]
    child = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True, preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        deadline = time.monotonic() + 240
        while not _chunk_files(out):
            assert child.poll() is None and time.monotonic() < deadline, "no chunk finished"
            time.sleep(0.1)
        child.send_signal(signal.SIGINT)
        _, stderr = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            import os

            os.killpg(child.pid, signal.SIGKILL)
    err = stderr.decode()
    assert child.returncode == 130 and "Traceback" not in err, err
    kept = len(_chunk_files(out))
    assert 1 <= kept < 3, kept
    again = subprocess.run(command, cwd=tmp_path, capture_output=True, check=False, timeout=300)
    assert again.returncode == 0, again.stderr.decode()
    assert f"{kept * CHUNK * 2:,} of {3 * CHUNK * 2:,} sessions are in the store already" in again.stderr.decode()
    assert len(_chunk_files(out)) == 3
    figures = json.loads((out / "figures.json").read_text(encoding="utf-8"))
    (whole,) = run([PLAN], 3 * CHUNK, 0, PLAYERS, jobs=0)
    assert figures["studies"] == [json.loads(json.dumps(whole))]


def _chunk_files(out: Path) -> list[Path]:
    """The chunks written whole in the store under `out` (not a temporary file being written)."""
    return [p for p in (out / "sessions").glob("*.parquet") if not p.name.startswith(".")]


def _workers_of(pid: int) -> list[int]:
    """The Dask worker processes a command started (spawned Python processes, its children)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[1]) == pid and b"spawn_main" in command:
            out.append(int(entry.name))
    return out


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="no /proc")
def test_a_killed_worker_then_a_killed_scheduler_lose_nothing_finished(tmp_path: Path) -> None:
    """A worker killed mid-campaign (its chunk is played again), then the command and the
    scheduler it runs killed outright (SIGKILL, no clean-up): the same command run again ends
    with the figures of one run without a stop."""
    import os

    out = tmp_path / "out"
    command = [sys.executable, "-m", "brou", "study", "AMB-55", "--deals", str(4 * CHUNK), "--jobs", "2",
               "--out", str(out)]
    child = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while not _chunk_files(out):  # the workers are at work
            assert child.poll() is None and time.monotonic() < deadline, "no chunk finished"
            time.sleep(0.1)
        os.kill(_workers_of(child.pid)[0], signal.SIGKILL)
        while len(_chunk_files(out)) < 2:
            assert child.poll() is None and time.monotonic() < deadline, "no chunk finished after a worker was killed"
            time.sleep(0.1)
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    kept = len(_chunk_files(out))
    assert 2 <= kept < 4, kept
    again = subprocess.run(command, cwd=tmp_path, capture_output=True, check=False, timeout=300)
    assert again.returncode == 0, again.stderr.decode()
    assert len(_chunk_files(out)) == 4
    figures = json.loads((out / "figures.json").read_text(encoding="utf-8"))
    (whole,) = run([PLAN], 4 * CHUNK, 0, PLAYERS, jobs=0)
    assert figures["studies"] == [json.loads(json.dumps(whole))]

"""Where a study's chunks are played (brou.study.chunk): on Dask (`dask.distributed`), a local
cluster of worker processes on this machine's cores (`--jobs` of them) or the cluster whose
scheduler `--scheduler ADDRESS` names; or, for the library's small studies, in this process.

A few chunks per worker are in flight at a time, and each finished chunk is handed back at once
(`finished`), so that a run stopped at any moment loses only the chunks in flight.  A worker
that dies has its chunk played again by another (Dask's own retries); a chunk's rows depend
only on the chunk, so the figures are the same whatever the workers and their number."""

from __future__ import annotations

import logging
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from ..errors import UsageError
from .chunk import Chunk, play_chunk
from .play import processes

__all__ = ["CONNECT_SECONDS", "Progress", "play", "processes", "request_stop"]

_STOP: list[int] = []  # the exit status of a stop asked by a signal (request_stop), once asked


def request_stop(status: int) -> None:
    """A signal asked the command to stop (its handler calls this, then raises KeyboardInterrupt).
    The exception can be swallowed where Python ignores exceptions (a garbage collector's
    callback, such as Dask's); `play` checks this too, so that the command still stops."""
    _STOP.append(status)


def _stop_asked() -> None:
    """Raise KeyboardInterrupt with the status asked if a signal asked to stop (and clear it)."""
    if _STOP:
        status = _STOP[-1]
        _STOP.clear()
        raise KeyboardInterrupt(status)


CONNECT_SECONDS = 5  # an unreachable scheduler is said at once, not after Dask's default of minutes
IN_FLIGHT = 2  # chunks per worker given at a time


class Progress:
    """Sessions done, their rate and the time left, on standard error, every few seconds."""

    def __init__(self, total: int, already: int = 0, every: float = 2.0,
                 say: Callable[[str], None] | None = None) -> None:
        self.total, self.done, self.every = total, already, every
        self.already = already
        self.started = self.last = time.monotonic()
        self.say = say or (lambda line: print(line, file=sys.stderr, flush=True))
        if already:
            self.say(f"brou study: {already:,} of {total:,} sessions are in the store already"
                     + ("; playing the rest" if already < total else ": the figures are read from it"))

    def add(self, sessions: int, force: bool = False) -> None:
        self.done += sessions
        now = time.monotonic()
        if not force and now - self.last < self.every and self.done < self.total:
            return
        self.last = now
        played, spent = self.done - self.already, now - self.started
        rate = played / spent if spent > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else None
        share = 100 * self.done / self.total if self.total else 100.0
        self.say(f"brou study: {self.done:,} of {self.total:,} sessions ({share:.1f} %), {rate:.1f} sessions/s, "
                 + (f"about {duration(left)} left" if left is not None else "time left not known yet"))


def duration(seconds: float) -> str:
    """A time as the progress lines say it: '42 s', '3 min 07 s', '1 h 05 min'."""
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


@contextmanager
def _without_ctrl_c() -> Iterator[None]:
    """Processes started in the block ignore Ctrl-C (a Ctrl-C at the terminal reaches every
    process of the group: the command stops its workers itself, none prints a traceback)."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _client(jobs: int, scheduler: str | None) -> tuple[Any, Any]:
    """A Dask client, and the local cluster it runs on (None for a given scheduler)."""
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            return Client(scheduler, timeout=CONNECT_SECONDS, set_as_default=False), None
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise UsageError(f"brou study: cannot reach the Dask scheduler {scheduler!r}: {why}") from None
    for attempt in (1, 2):  # a worker killed as it starts fails the cluster's start: tried once more
        try:
            with _without_ctrl_c():
                cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
            break
        except (RuntimeError, OSError, TimeoutError) as exc:
            if attempt == 2:
                why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise UsageError(f"brou study: the local Dask cluster of {jobs} workers did not start: {why}") from None
    return Client(cluster, set_as_default=False), cluster


def play(chunks: Sequence[Chunk], jobs: int, scheduler: str | None) -> Generator[tuple[Chunk, list[dict[str, Any]]]]:
    """Play every chunk and yield each with its rows as it finishes (in the order they finish):
    on Dask unless `jobs` is 0 and there is no scheduler (then here, in order).  The cluster is
    closed when the generator is (its workers ended: nothing is left running)."""
    if not chunks:
        return
    _STOP.clear()  # a stop asked of an earlier study of this process is over
    if jobs == 0 and scheduler is None:
        for chunk in chunks:
            yield chunk, play_chunk(chunk)
        return
    from dask.distributed import as_completed

    for name in ("distributed", "distributed.client", "distributed.worker", "distributed.nanny",
                 "distributed.scheduler", "distributed.core", "distributed.comm"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    client, cluster = _client(jobs, scheduler)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})) if scheduler else jobs)
        waiting = iter(chunks)
        given: dict[str, Chunk] = {}

        def give() -> Any:
            chunk = next(waiting, None)
            if chunk is None:
                return None
            future = client.submit(play_chunk, chunk, pure=False)
            given[future.key] = chunk
            return future

        first = [f for f in (give() for _ in range(IN_FLIGHT * workers)) if f is not None]
        running = as_completed(first, loop=client.loop)
        while not running.is_empty():  # looked at in short steps, so that a stop asked by a signal is seen at once
            _stop_asked()
            if not running.has_ready():
                time.sleep(0.1)
                continue
            for future in running.next_batch(block=False):
                rows = future.result()
                yield given.pop(future.key), rows
                _stop_asked()
                more = give()
                if more is not None:
                    running.add(more)
    finally:
        with _without_ctrl_c():
            client.close(timeout=10)
            if cluster is not None:
                cluster.close(timeout=10)
                _stop_resource_tracker()


def _stop_resource_tracker() -> None:
    """End the helper process multiprocessing started beside the local cluster's workers (it
    would otherwise outlive the command for a moment, a process left behind)."""
    from multiprocessing import resource_tracker

    stop = getattr(getattr(resource_tracker, "_resource_tracker", None), "_stop", None)
    if callable(stop):
        with suppress(OSError, RuntimeError):
            stop()

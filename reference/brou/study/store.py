"""The results store of `brou study --out DIR`: DIR/sessions/, a folder of Parquet files, one per
finished chunk of work (brou.study.chunk), one row per session: the entry, the ruleset, the
option, the seed, the players, the outcome (winners, each deal's result digest, the scores per
deal and in total by side, the dealers, the contracts) and the arising fields (in each deal of
the default's session, the step where the option's reading parts from it, and where it does,
whether the deal's result and scores change).  Any Parquet reader opens it
(`pandas.read_parquet("DIR/sessions")`, DuckDB's `read_parquet('DIR/sessions/*.parquet')`).

A chunk's file is written whole or not at all (a temporary file renamed), so a run stopped at
any moment keeps every chunk finished; a file's name says which study (`study_key`) and which
seeds it holds, so the same command run again plays only the seeds no file holds, and a row
read twice is counted once."""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..errors import UsageError
from .chunk import Chunk

__all__ = ["FORMAT", "MARKER", "Store"]

FORMAT = "brou-study-sessions/1"
MARKER = "STORE.json"
_NAME = re.compile(r"^(AMB-\d+)\.([a-z0-9-]+)\.([0-9a-f]{16})\.(\d+)\.(\d+)\.parquet$")


def _schema() -> Any:
    import pyarrow as pa

    ints, floats = pa.list_(pa.int32()), pa.list_(pa.float64())
    return pa.schema([
        ("entry", pa.string()), ("ruleset", pa.string()), ("key", pa.string()), ("option", pa.string()),
        ("default", pa.bool_()), ("players", pa.string()), ("seed", pa.uint64()), ("deals", pa.int32()),
        ("winners", ints), ("first", pa.string()), ("every", pa.string()), ("cards", pa.string()),
        ("first_dealer", pa.int32()), ("scores", pa.list_(floats)), ("totals", floats), ("dealer", ints),
        ("eldest", ints), ("contract", pa.list_(pa.bool_())), ("sides", pa.list_(ints)), ("arising", ints),
        ("arose", pa.int32()), ("first_arising", pa.int32()), ("changed", pa.list_(pa.bool_())),
        ("delta", pa.list_(floats)), ("replayed_by", pa.string()), ("noise", pa.list_(pa.bool_())),
    ])


class Store:
    """The sessions of the studies written under `folder` (DIR/sessions)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def open(self) -> Store:
        """The store, made if there is none; UsageError for a folder that is not one (files in
        it and no marker, or a marker of another format)."""
        marker = self.folder / MARKER
        shown = f"brou study: {self.folder}"
        if self.folder.exists() and not self.folder.is_dir():
            raise UsageError(f"{shown} is not a folder of results")
        if marker.is_file():
            try:
                found = json.loads(marker.read_text(encoding="utf-8")).get("format")
            except (OSError, ValueError, AttributeError):
                found = None
            if found != FORMAT:
                raise UsageError(f"{shown} is a results store of another kind ({found!r}, not {FORMAT})")
            return self
        if self.folder.is_dir() and any(self.folder.iterdir()):
            raise UsageError(f"{shown} holds files that are not a study's results store (no {MARKER})")
        self.folder.mkdir(parents=True, exist_ok=True)
        _written(marker, json.dumps({"format": FORMAT, "rows": "one per session (brou.study.store)"}).encode())
        return self

    def _files(self, key: str) -> list[tuple[int, int, Path]]:
        out = []
        for path in self.folder.glob(f"*.{key}.*.parquet"):
            found = _NAME.match(path.name)
            if found and found.group(3) == key:
                out.append((int(found.group(4)), int(found.group(5)), path))
        return sorted(out)

    def done(self, key: str, seeds: range) -> set[int]:
        """The seeds of `seeds` whose sessions of study `key` are in the store."""
        out: set[int] = set()
        for start, stop, _ in self._files(key):
            low, high = max(start, seeds.start), min(stop, seeds.stop)
            if low < high:
                out.update(range(low, high))
        return out

    def write(self, chunk: Chunk, rows: Sequence[dict[str, Any]]) -> Path:
        """A finished chunk's rows as one file, written whole."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        path = self.folder / f"{chunk.plan.entry}.{chunk.plan.ruleset}.{chunk.key}.{chunk.start}.{chunk.stop}.parquet"
        table = pa.Table.from_pylist(list(rows), schema=_schema())
        fd, temporary = tempfile.mkstemp(dir=self.folder, prefix=".chunk.", suffix=".parquet")
        os.close(fd)
        try:
            pq.write_table(table, temporary)
            os.replace(temporary, path)
        finally:
            if os.path.lexists(temporary):
                os.unlink(temporary)
        return path

    def rows(self, key: str, seeds: range, options: Iterable[str]) -> dict[str, list[dict[str, Any]]]:
        """The rows of study `key` for `seeds`, by option (each in seed order, each session once);
        UsageError for a file that cannot be read as the store's."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        wanted = {o: {} for o in options}  # type: dict[str, dict[int, dict[str, Any]]]
        for start, stop, path in self._files(key):
            if stop <= seeds.start or start >= seeds.stop:
                continue
            try:
                table = pq.read_table(path)
                if "replayed_by" not in table.column_names:  # written before replays: the same rows otherwise
                    table = table.append_column("replayed_by", pa.array([""] * table.num_rows, pa.string()))
                    table = table.append_column("noise", pa.array([[]] * table.num_rows, pa.list_(pa.bool_())))
                table = table.select(_schema().names).cast(_schema())
            except (OSError, ValueError, KeyError) as exc:
                raise UsageError(f"brou study: {path} is not a file of the results store: "
                                 f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
            for row in table.to_pylist():
                seed = row["seed"]
                if row["key"] == key and row["option"] in wanted and seeds.start <= seed < seeds.stop:
                    wanted[row["option"]].setdefault(seed, row)
        return {o: [by_seed[s] for s in sorted(by_seed)] for o, by_seed in wanted.items()}


def _written(path: Path, data: bytes) -> None:
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=path.suffix)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)
    os.replace(temporary, path)

"""What the commands read and write, checked before the work and bounded.

A command that reads a record or a position takes it from a regular file of bounded size, or
from standard input up to the same bound (`read_text`, `read_line`): a device, a FIFO or a
folder is refused at once, and so is anything longer than the bound, without reading it
whole.  A command that writes files checks them for real before it starts (`writable_file`,
`writable_folder`: the folder created, a file created and removed in it, each target opened),
so that no work is done for a file that cannot be written.  Every refusal is a UsageError: one line, exit 2 (docs/robustness.md,
"The newer commands")."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from ..errors import UsageError, one_line

MAX_RECORD_BYTES = 8 << 20  # a game record (a long random Brouc match: about 23 KB)


def _reason(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__


def _name(path: str | Path) -> str:
    """A path as a message shows it: as given, on one line, cut at 200 characters."""
    text = one_line(str(path))
    return text if len(text) <= 200 else f"{text[:200]}... ({len(text):,} characters)"


def read_bytes(command: str, name: str, limit: int, what: str) -> bytes:
    """The bytes of `name`, a regular file of at most `limit` bytes, or standard input for `-`
    (at most `limit` bytes read; more is refused without reading further)."""
    if name == "-":
        stream = sys.stdin
        if stream is None:
            raise UsageError(f"brou {command}: {what} from standard input, but standard input is closed")
        raw = getattr(stream, "buffer", None)
        data = raw.read(limit + 1) if raw is not None else stream.read(limit + 1).encode("utf-8")
        if len(data) > limit:
            raise UsageError(f"brou {command}: {what} on standard input is longer than {limit:,} bytes")
        return bytes(data)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO opens at once, and is refused below
    except OSError as exc:
        raise UsageError(f"brou {command}: cannot read {_name(name)}: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UsageError(f"brou {command}: cannot read {_name(name)}: it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"brou {command}: cannot read {_name(name)}: not a regular file (a device, a FIFO "
                             f"or a socket); give a file, or - for standard input")
        if info.st_size > limit:
            raise UsageError(f"brou {command}: {_name(name)} has {info.st_size:,} bytes; {what} is at most {limit:,}")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"brou {command}: cannot read {_name(name)}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UsageError(f"brou {command}: {_name(name)} has more than {limit:,} bytes; {what} is at most {limit:,}")
    return data


def read_text(command: str, name: str, limit: int, what: str) -> str:
    """`read_bytes` as UTF-8 text (a leading byte order mark dropped)."""
    data = read_bytes(command, name, limit, what)
    where = "standard input" if name == "-" else _name(name)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise UsageError(f"brou {command}: {where} is not UTF-8 text (line {line}: byte 0x{data[exc.start]:02x})") from None
    return text.removeprefix("\ufeff")


def read_line(command: str, limit: int, what: str) -> str:
    """One line from standard input, at most `limit` bytes (without reading beyond them)."""
    stream = sys.stdin
    if stream is None:
        raise UsageError(f"brou {command}: {what} from standard input, but standard input is closed")
    raw = getattr(stream, "buffer", None)
    data = raw.readline(limit + 1) if raw is not None else stream.readline(limit + 1).encode("utf-8")
    if len(data) > limit:
        raise UsageError(f"brou {command}: {what} on standard input is longer than {limit:,} bytes")
    try:
        return bytes(data).decode("utf-8").removeprefix("\ufeff").strip()
    except UnicodeDecodeError:
        raise UsageError(f"brou {command}: {what} on standard input is not UTF-8 text") from None


def writable_file(command: str, path: str | Path) -> None:
    """UsageError unless `path` can be written: checked for real, by opening it for writing
    without changing it (a file made for the check is removed)."""
    try:
        _check_file(command, Path(path))
    except OSError as exc:  # a name too long, a loop of links
        raise UsageError(f"brou {command}: cannot write {_name(path)}: {_reason(exc)}") from None


def _check_file(command: str, target: Path) -> None:
    if target.is_dir():
        raise UsageError(f"brou {command}: cannot write {_name(target)}: it is a folder")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"brou {command}: cannot write {_name(target)}: no folder {_name(folder)}")
    existed = os.path.lexists(target)
    os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK, 0o666))
    if not existed:
        target.unlink(missing_ok=True)


def writable_folder(command: str, folder: Path, names: Iterable[str] = ()) -> None:
    """UsageError unless files can be written into `folder` (created if need be, in a folder
    that exists) and each of `names` in it can be written: checked for real, a file made in it
    and removed."""
    try:
        _check_folder(command, folder, names)
    except OSError as exc:
        raise UsageError(f"brou {command}: cannot write into {_name(folder)}: {_reason(exc)}") from None


def _check_folder(command: str, folder: Path, names: Iterable[str]) -> None:
    parent = folder.parent if str(folder.parent) else Path(".")
    if not folder.is_dir() and not parent.is_dir():
        raise UsageError(f"brou {command}: cannot write into {_name(folder)}: no folder {_name(parent)}")
    try:
        folder.mkdir(exist_ok=True)
    except FileExistsError:
        raise UsageError(f"brou {command}: cannot write into {_name(folder)}: it is not a folder") from None
    if not folder.is_dir():
        raise UsageError(f"brou {command}: cannot write into {_name(folder)}: it is not a folder")
    fd, probe = tempfile.mkstemp(dir=folder, prefix=".brou-check-")
    os.close(fd)
    os.unlink(probe)
    for name in names:
        target = folder / name
        if target.is_dir():
            raise UsageError(f"brou {command}: cannot write {_name(target)}: it is a folder")
        if os.path.lexists(target):
            try:
                os.close(os.open(target, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK))
            except OSError as exc:
                raise UsageError(f"brou {command}: cannot write {_name(target)}: {_reason(exc)}") from None

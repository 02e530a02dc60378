"""Talking to an implementation: in this process, or as a program over the protocol.

`Subprocess` starts the program without a shell in a session of its own, sends one
JSON line per request and reads one line back, each within a time limit.  Whatever
the program does (hang, crash, stop reading, print garbage or megabytes, answer out of
turn or twice, speak another protocol version) becomes an `ImplementationError` with a
kind and a one-line detail; the program's whole process group is then killed and the
program started afresh for the next scenario, so a run always completes
(docs/robustness.md).
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
import re
import selectors
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Protocol, cast, runtime_checkable

from .bounds import (
    MAX_CONTAINERS,
    MAX_DEPTH,
    MAX_KNOWN_FAILURES,
    MAX_KNOWN_GLOBS,
    MAX_LINE,
    MAX_PATTERN,
    MAX_SHOWN,
    MAX_STDERR,
    PROTOCOL_VERSION,
    as_text,
    cut,
)
from .server import Reference

MAX_TIMEOUT = 86_400.0  # seconds: the longest time limit that can be given (a day)
STOP_GRACE = 0.5  # seconds a program has to exit after the stop message before it is killed
READ_CHUNK = 1 << 16
STDERR_READS = 64  # reads of what a program wrote to stderr before it was found out (at most 4 MiB)
EXIT_POLL = 0.1  # seconds between checks that the program is still alive while waiting for it


class Implementation(Protocol):
    """A program under test, or the reference engine: `Subprocess`, `InProcess`."""

    name: str

    def start(self) -> dict[str, Any]: ...

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]: ...

    def finish(self) -> str | None:
        """Stop the implementation; what it wrote after its last answer, if anything."""

    def close(self) -> None: ...


@runtime_checkable
class Ahead(Protocol):
    """An implementation that can be sent a request before the answer is wanted (`Subprocess`),
    the request given as text if need be, and that tells an answer that is exactly the results
    `passing` (None) without decoding it."""

    def send(self, request: Mapping[str, Any] | None, text: bytes | None = None) -> None: ...

    def receive(self, timeout: float, passing: bytes | None = None) -> dict[str, Any] | None: ...


class ImplementationError(Exception):
    """The implementation misbehaved.  kind: start, version, hang, crash, malformed,
    wrong-seq, huge-output, extra-output; `fatal`: restarting cannot help (the run
    stops asking); `previous`: the fault belongs to the scenario answered before (an
    answer given twice), not to the one being run."""

    def __init__(self, kind: str, detail: str, fatal: bool = False, previous: bool = False) -> None:
        self.kind = kind
        self.detail = detail
        self.fatal = fatal
        self.previous = previous
        super().__init__(f"{kind}: {detail}")


class _InputClosed(Exception):
    """The program no longer reads its input: it closed it, or exited."""


def _handshake_error(detail: str) -> ImplementationError:
    return ImplementationError("malformed", detail, fatal=True)


def check_hello(answer: Any) -> dict[str, Any]:
    """The handshake answer, checked (protocol version, rulesets, features, known
    failures) and reduced to the fields of the protocol."""
    if not isinstance(answer, dict):
        raise ImplementationError("malformed", "the handshake answer is not a JSON object")
    version = answer.get("brou")
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise ImplementationError("version", f"the implementation speaks protocol version {as_text(version, 40)}, "
                                  f"this harness speaks {PROTOCOL_VERSION}", fatal=True)
    rulesets = answer.get("rulesets")
    if not isinstance(rulesets, dict) or not all(isinstance(v, dict) for v in rulesets.values()):
        raise _handshake_error("the handshake needs 'rulesets': {ruleset: {\"params\": {...}}}")
    for name, ruleset in rulesets.items():
        params = ruleset.get("params") or {}
        if not isinstance(params, dict) or not all(isinstance(v, list) for v in params.values()):
            raise _handshake_error(f"the handshake's 'rulesets.{cut(name, MAX_SHOWN)}.params' must be an object: "
                                   "{parameter: [values]}")
        if name not in _shipped():  # never a path: the program does not choose what the harness reads
            ruleset.pop("plays", None)
            ruleset.pop("readings", None)
            continue
        plays = _reading(name, ruleset)
        if plays:
            ruleset["plays"] = plays
    features = answer.get("features", [])
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        raise _handshake_error("the handshake's 'features' must be a list of names")
    known = answer.get("known_failures", [])
    if not isinstance(known, list) or not all(isinstance(k, str) for k in known):
        raise _handshake_error("the handshake's 'known_failures' must be a list of scenario ids")
    if len(known) > MAX_KNOWN_FAILURES:
        raise _handshake_error(f"the handshake declares {len(known):,} known failures, more than the "
                               f"{MAX_KNOWN_FAILURES:,} allowed")
    if any(len(k) > MAX_PATTERN for k in known):
        raise _handshake_error(f"a known failure of the handshake is longer than {MAX_PATTERN} characters")
    globs = sum(1 for k in known if is_glob(k))
    if globs > MAX_KNOWN_GLOBS:
        raise _handshake_error(f"the handshake declares {globs:,} glob patterns as known failures, more than the "
                               f"{MAX_KNOWN_GLOBS} allowed")
    who = answer.get("implementation")
    implementation = ({k: as_text(who[k], MAX_SHOWN) for k in ("name", "version", "language") if k in who}
                      if isinstance(who, dict) else {})
    return {"brou": version, "implementation": implementation, "rulesets": rulesets, "features": features,
            "known_failures": known}


@functools.cache
def _shipped() -> frozenset[str]:
    """The ids of the shipped rulesets: the only rulesets whose `plays` and `readings` a
    handshake can declare (a scenario names no other)."""
    from ...spec import available_rulesets

    return frozenset(available_rulesets())


def _reading(ruleset: str, declared: dict[str, Any]) -> dict[str, Any]:
    """The parameter values an implementation plays by default where they differ from the
    spec's defaults: its `plays` ({parameter: value}) and its `readings` ({register entry:
    option name}), checked against the spec and the register; a handshake error otherwise."""
    from ...errors import BrouError
    from ...spec.ambiguities import load_register
    from ...spec.rules import Rules

    plays = declared.get("plays") or {}
    readings = declared.get("readings") or {}
    if not plays and not readings:
        return {}
    if not isinstance(plays, dict) or not isinstance(readings, dict):
        raise _handshake_error(f"'rulesets.{cut(ruleset, MAX_SHOWN)}': 'plays' is an object {{parameter: value}}, "
                               "'readings' an object {register entry: option}")
    out = dict(plays)
    if readings:
        register = load_register()
        for amb, option in readings.items():
            try:
                entry = register.entry(str(amb))
                overrides = entry.option(str(option)).overrides.get(ruleset)
            except (BrouError, StopIteration):
                raise _handshake_error(f"'rulesets.{cut(ruleset, MAX_SHOWN)}.readings': no option "
                                       f"{as_text(option, 40)} of {as_text(amb, 20)} in the register") from None
            if overrides is None:
                raise _handshake_error(f"'rulesets.{cut(ruleset, MAX_SHOWN)}.readings': {entry.id} has no parameter "
                                       f"for {cut(ruleset, MAX_SHOWN)}")
            out.update(overrides)
    try:
        Rules.load(ruleset, **out)
    except BrouError as exc:
        raise _handshake_error(f"'rulesets.{cut(ruleset, MAX_SHOWN)}': the reading it plays: {as_text(str(exc), 200)}") from None
    return {k: v for k, v in out.items() if v != Rules.load(ruleset).params.get(k)}


def is_time_limit(seconds: float) -> bool:
    """Whether a number of seconds can be a time limit: more than 0, at most MAX_TIMEOUT
    (not NaN, not infinite)."""
    return math.isfinite(seconds) and 0 < seconds <= MAX_TIMEOUT


def is_glob(pattern: str) -> bool:
    """Whether a scenario id pattern has glob characters."""
    return any(c in pattern for c in "*?[")


class InProcess:
    """The reference engine called directly: no process, no JSON (`brou check --in-process`)."""

    name = "reference engine (in process)"

    def __init__(self) -> None:
        self.reference = Reference()

    def start(self) -> dict[str, Any]:
        return check_hello(self.reference.hello())

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        return self.reference.run(request, timeout)

    def finish(self) -> str | None:
        return None

    def close(self) -> None:
        pass


def reference_command() -> list[str]:
    """The built-in reference engine as a program speaking the protocol."""
    return [sys.executable, "-m", "brou", "serve"]


def _refuse_constant(name: str) -> Any:
    """NaN, Infinity and -Infinity, which Python's decoder accepts, are not JSON."""
    raise ValueError(name)


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent, refused if too large for a double (1e400)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


_STRING = re.compile(rb'"(?:[^"\\]++|\\.)*+"')
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'[]{}"\\/bfnrtu')
_INNERMOST = re.compile(rb"\[\]|\{\}")


def _shape_problem(raw: bytes) -> str | None:
    """What is wrong with the arrays and objects of a line, found before anything is
    decoded: more than MAX_CONTAINERS of them (brackets inside strings counted too), or
    nested more than MAX_DEPTH deep (from the brackets outside strings, stripped of
    their innermost pairs one level at a time)."""
    if raw.count(b"[") + raw.count(b"{") > MAX_CONTAINERS:
        return f"more than {MAX_CONTAINERS:,} arrays and objects"
    structure = raw.translate(None, _NOT_STRUCTURE)  # brackets, strings and their escapes
    brackets = _STRING.sub(b"", structure).translate(None, _NOT_BRACKET)
    for _ in range(MAX_DEPTH):
        if not brackets:
            return None
        inner = _INNERMOST.sub(b"", brackets)
        if len(inner) == len(brackets):  # unbalanced: a few (a pretty-printed first line, `{`) are for the decoder
            return f"nested more than {MAX_DEPTH} deep" if len(brackets) > MAX_DEPTH else None
        brackets = inner
    return f"nested more than {MAX_DEPTH} deep" if brackets else None


def decode(raw: bytes) -> Any:
    """One answer line as JSON: UTF-8, standard JSON (no NaN or Infinity, numbers that
    fit), with at most MAX_CONTAINERS arrays and objects nested at most MAX_DEPTH deep;
    ValueError says what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}") from None
    problem = _shape_problem(raw)
    if problem is not None:
        raise ValueError(f"not JSON: {problem}")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except (ValueError, RecursionError):  # (RecursionError: should the bracket count above ever be fooled)
        raise ValueError(f"not JSON: {text[:80]!r}") from None


class Subprocess:
    """An implementation as a program: one JSON line in, one JSON line out."""

    def __init__(self, command: str | Sequence[str], start_timeout: float = 20.0, env: Mapping[str, str] | None = None) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise ValueError("empty implementation command")
        self.name = " ".join(shlex.quote(a) for a in self.argv)
        self.start_timeout = start_timeout
        self.env = dict(env) if env is not None else None
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = bytearray()
        self.stderr = bytearray()  # the last MAX_STDERR bytes
        self.seq = 0
        self.answered: tuple[int, bool] | None = None  # (seq, a scenario?) of the last answer taken
        self.hello: dict[str, Any] | None = None
        self.restarts = -1
        # the request `send` wrote, for `receive`: (message, its text if given, seq, what is left to
        # write; None: its input was closed), or what went wrong
        self._sent: tuple[dict[str, Any], bytes | None, int, memoryview | None] | ImplementationError | None = None

    # -- the process ------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        self.close()
        self._sent = None
        self.restarts += 1
        self.buffer = bytearray()
        self.stderr = bytearray()
        self.answered = None
        try:
            guard = SignalGuard.active
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                         env=self.env, start_new_session=True,
                                         preexec_fn=guard.unblock_in_child if guard is not None else None)
            if guard is not None:
                guard.programs.add(self.proc.pid)
        except (OSError, ValueError) as exc:
            detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise ImplementationError("start", f"cannot start {cut(self.argv[0], MAX_SHOWN)}: {detail}", fatal=True) from None
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            assert stream is not None
            os.set_blocking(stream.fileno(), False)
        try:
            answer = self._exchange({"cmd": "hello", "brou": PROTOCOL_VERSION}, self.start_timeout, during="the handshake") or {}
        except _InputClosed:
            raise self._exited("the handshake", "closed its input") from None
        try:
            self.hello = check_hello(answer)
        except ImplementationError as exc:
            raise self._fail(exc.kind, exc.detail, exc.fatal) from None
        return self.hello

    def finish(self) -> str | None:
        """Stop the program (stop message, then its whole process group killed); what it
        wrote after its last answer to a scenario, if anything, is that scenario's fault."""
        extra = self._stop()
        if extra and self.answered is not None and self.answered[1]:
            return f"the implementation wrote more after its answer: {as_text(extra, 80)}"
        return None

    def close(self) -> None:
        self._stop()

    def _stop(self) -> str:
        """Send stop, give the program STOP_GRACE seconds to exit while reading what it
        still writes (what it wrote already is read in any case), then kill its process
        group whatever happened; the non-blank output read (at most a line's worth)."""
        proc = self.proc
        self.proc = None
        if proc is None:
            return ""
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        grace = STOP_GRACE
        try:
            os.write(proc.stdin.fileno(), b'{"seq":0,"cmd":"stop"}\n')
        except (OSError, ValueError):
            grace = 0.0  # it does not read: no use waiting for it
        with contextlib.suppress(OSError):
            proc.stdin.close()
        deadline = time.monotonic() + grace
        open_fds = {proc.stdout.fileno(), proc.stderr.fileno()}
        with selectors.PollSelector() as selector:
            for fd in open_fds:
                selector.register(fd, selectors.EVENT_READ)
            while open_fds and len(self.buffer) <= MAX_LINE and time.monotonic() < deadline + 0.1:
                events = selector.select(min(max(0.0, deadline - time.monotonic()), 0.05))
                _guard_drain()
                for key, _ in events:
                    if self._drain(int(key.fd), proc) < 0:
                        selector.unregister(key.fd)
                        open_fds.discard(int(key.fd))
                if not events and (time.monotonic() >= deadline or proc.poll() is not None):
                    break  # what was written is read: it has exited, or its time is up
        self._kill(proc)
        for stream in (proc.stdout, proc.stderr):
            with contextlib.suppress(OSError):
                stream.close()
        extra = bytes(self.buffer).strip()
        self.buffer = bytearray()
        return extra.decode("utf-8", "replace")

    @staticmethod
    def _kill(proc: subprocess.Popen[bytes]) -> None:
        """Kill the program's session (every process it started that did not call setsid:
        its process group, and the groups its children made with setpgid), even if the
        program itself has exited, and reap it."""
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            proc.kill()
        end_session(proc.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)

    def _drain(self, fd: int, proc: subprocess.Popen[bytes]) -> int:
        """Read what is there on the program's stdout (into the buffer) or stderr (its
        tail kept): the number of bytes read, 0 if none is there yet, -1 at the end."""
        try:
            chunk = os.read(fd, READ_CHUNK)
        except BlockingIOError:
            return 0
        except OSError:
            return -1
        if not chunk:
            return -1
        assert proc.stdout is not None
        if fd == proc.stdout.fileno():
            self.buffer += chunk
        else:
            self.stderr += chunk
            del self.stderr[:-MAX_STDERR]
        return len(chunk)

    def _fail(self, kind: str, detail: str, fatal: bool = False, previous: bool = False) -> ImplementationError:
        """Kill the program (it is out of step with us) and describe what happened."""
        proc = self.proc
        if proc is not None:
            self._kill(proc)
            assert proc.stderr is not None
            for _ in range(STDERR_READS):  # what it wrote last
                if self._drain(proc.stderr.fileno(), proc) <= 0:
                    break
        tail = self._stderr_tail()
        if tail:
            detail += f" (stderr: {tail})"
        self.buffer = bytearray()
        self.close()
        return ImplementationError(kind, detail, fatal, previous)

    def _stderr_tail(self) -> str:
        """The last line the program wrote to stderr, or its last 200 characters."""
        lines = bytes(self.stderr).decode("utf-8", "replace").strip().splitlines()
        last = lines[-1] if lines else ""
        return last if len(last) <= 200 else "..." + last[-200:]

    # -- one exchange ------------------------------------------------------------------

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        self.send(request)
        answer = self.receive(timeout)
        assert answer is not None  # (decoded: no `passing` results given)
        return answer

    def send(self, request: Mapping[str, Any] | None, text: bytes | None = None) -> None:
        """Write a scenario's request now, its answer taken by `receive` (`run` is the two):
        the caller may do its own work meanwhile, the exchange is the same.  `text`: the
        request already written as compact JSON (ASCII), sent as it is (`request` unused).
        What goes wrong here is raised by `receive`."""
        message = {"cmd": "run", "scenario": request}
        try:
            if self.proc is None or self.proc.poll() is not None:
                self._restart()  # not started, or it exited after its last answer: start afresh
            try:
                self._sent = (message, text, *self._request(message, "the scenario", text))
            except _InputClosed:
                self._sent = (message, text, 0, None)
        except ImplementationError as exc:
            self._sent = exc

    def receive(self, timeout: float, passing: bytes | None = None) -> dict[str, Any] | None:
        """The answer to the request `send` wrote, within `timeout` seconds from now; None
        (nothing decoded) if its results are exactly `passing` (compact JSON, ASCII)."""
        sent, self._sent = self._sent, None
        if sent is None:
            raise ValueError("receive without send")
        if isinstance(sent, ImplementationError):
            raise sent
        message, text, seq, pending = sent
        if pending is not None:
            try:
                return self._answer(message, seq, pending, timeout, "the scenario", passing)
            except _InputClosed:
                pass
        # it stopped reading (closed its input, or exited) after its last answer: ask a new one
        self._restart()
        try:
            return self._exchange(message, timeout, "the scenario", text, passing)
        except _InputClosed:
            raise self._exited("the scenario", "closed its input") from None

    def _restart(self) -> None:
        """Stop the program and start it again; what it wrote after its last answer is
        the fault of the scenario it answered."""
        extra = self.finish()
        if extra:
            raise ImplementationError("extra-output", extra, previous=True)
        self.start()

    def _exchange(self, message: dict[str, Any], timeout: float, during: str, text: bytes | None = None,
                  passing: bytes | None = None) -> dict[str, Any] | None:
        seq, pending = self._request(message, during, text)
        return self._answer(message, seq, pending, timeout, during, passing)

    def _request(self, message: dict[str, Any], during: str, text: bytes | None = None) -> tuple[int, memoryview]:
        """Number the message and write what the pipe takes of it now: (its seq, what is left).
        `text`: a run's scenario already written as compact JSON (ASCII)."""
        self.seq += 1
        seq = self.seq
        if text is None:
            line = json.dumps({"seq": seq} | message, separators=(",", ":")).encode() + b"\n"
        else:  # the same bytes json.dumps writes for {"seq": seq, "cmd": "run", "scenario": ...}
            line = b'{"seq":%d,"cmd":"run","scenario":%s}\n' % (seq, text)
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        return seq, self._write(proc.stdin.fileno(), memoryview(line), during)  # most requests fit in the pipe at once

    def _answer(self, message: dict[str, Any], seq: int, pending: memoryview, timeout: float, during: str,
                passing: bytes | None = None) -> dict[str, Any] | None:
        """The answer to message `seq` (what is left of it written first), checked; None if
        it is exactly the results `passing` (as `Reference` writes them: nothing to decode)."""
        raw = self._talk(pending, time.monotonic() + timeout, timeout, during)
        answer: Any = None
        if passing is None or raw != b'{"seq":%d,"results":%s}' % (seq, passing):
            try:
                answer = decode(raw)
            except ValueError as exc:
                raise self._fail("malformed", f"answer to {during} is {exc}") from None
            if not isinstance(answer, dict):
                raise self._fail("malformed", f"answer to {during} is not a JSON object: {as_text(answer, 80)}")
            got = answer.get("seq")
            if self.answered is not None and type(got) is int and got == self.answered[0]:
                what = "twice (the second answer came during the next scenario)" if self.answered[1] else "the handshake twice"
                raise self._fail("extra-output", f"the implementation answered {what}, seq {got}", previous=self.answered[1])
            if type(got) is not int or got != seq:
                raise self._fail("wrong-seq", f"answer carries seq {as_text(got, 40)}, expected {seq}")
        self._poll()
        if self.buffer.strip():
            raise self._fail("extra-output", f"the implementation wrote more after its answer to {during}: "
                                             f"{as_text(bytes(self.buffer[:80]).decode('utf-8', 'replace'))}")
        self.answered = (seq, message["cmd"] == "run")
        return cast(dict[str, Any] | None, answer)

    def _poll(self) -> None:
        """Read what the program has already written, without waiting."""
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        while len(self.buffer) <= MAX_LINE and self._drain(proc.stdout.fileno(), proc) > 0:
            pass

    def _talk(self, pending: memoryview, deadline: float, timeout: float, during: str) -> bytes:
        """Write the rest of the request (`pending`) and read one non-blank answer line, both
        before the deadline, reading the program's stderr all along so that it never blocks on it."""
        proc = self.proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        out_fd, err_fd, in_fd = proc.stdout.fileno(), proc.stderr.fileno(), proc.stdin.fileno()
        scanned = 0
        with selectors.PollSelector() as selector:  # no kernel object: cheap to make for each exchange
            selector.register(out_fd, selectors.EVENT_READ)
            selector.register(err_fd, selectors.EVENT_READ)
            if pending:
                selector.register(in_fd, selectors.EVENT_WRITE)
            while True:
                if not pending:
                    if self.buffer[:1].isspace():  # blank lines are skipped, all at once
                        blank = self.buffer.rfind(b"\n", 0, len(self.buffer) - len(self.buffer.lstrip())) + 1
                        del self.buffer[:blank]
                        scanned = 0
                    end = self.buffer.find(b"\n", scanned)
                    if end >= 0:
                        raw = bytes(self.buffer[:end])
                        del self.buffer[:end + 1]
                        if len(raw) > MAX_LINE:
                            raise self._fail("huge-output", f"an answer of {len(raw):,} bytes during {during} "
                                                            f"(the limit is {MAX_LINE:,})")
                        return raw
                    scanned = len(self.buffer)
                if len(self.buffer) > MAX_LINE:
                    what = "before reading the request" if pending else "without a line end"
                    raise self._fail("huge-output", f"more than {MAX_LINE:,} bytes {what} during {during}")
                left = deadline - time.monotonic()
                if left <= 0:
                    what = "the request was not read" if pending else "no answer"
                    raise self._fail("hang", f"{what} within {timeout:g} s during {during}")
                events = selector.select(min(left, EXIT_POLL))
                _guard_drain()
                if not events and proc.poll() is not None:  # exited, though a process it started may hold the pipe
                    raise self._exited(during, "exited")
                for key, _ in events:
                    fd = int(key.fd)
                    if fd == in_fd:
                        pending = self._write(in_fd, pending, during)
                        if not pending:
                            selector.unregister(in_fd)
                    elif self._drain(fd, proc) < 0:
                        if fd == out_fd:
                            raise self._exited(during, "closed its output")
                        selector.unregister(fd)

    def _write(self, fd: int, data: memoryview, during: str) -> memoryview:
        """Write what the pipe takes now; what is left to write."""
        try:
            return data[os.write(fd, data):]
        except BlockingIOError:
            return data
        except OSError:
            if self.buffer.strip():
                raise self._fail("malformed", f"the implementation wrote before reading the request during {during}") from None
            raise _InputClosed from None

    def _exited(self, during: str, otherwise: str) -> ImplementationError:
        proc = self.proc
        status = None
        if proc is not None:
            try:
                status = proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                status = None
        if status is None:
            how = otherwise
        elif status >= 0:
            how = f"exited with status {status}"
        else:
            how = f"was killed by signal {-status} ({_signal_name(-status)})"
        return self._fail("crash", f"the implementation {how} during {during}")


def session_members(sids: Collection[int]) -> list[int]:
    """The live processes (not zombies) of the sessions `sids`, read from /proc; none where
    there is no /proc.  A program runs in a session of its own (its id is the program's process
    id), which its children keep even when they move to a process group of their own."""
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    found = []
    wanted = {b"%d" % sid for sid in sids}
    for name in names:
        if not name.isdigit():
            continue
        try:
            fd = os.open(f"/proc/{name}/stat", os.O_RDONLY)
        except OSError:
            continue
        try:
            data = os.read(fd, 512)
        except OSError:
            continue
        finally:
            os.close(fd)
        fields = data[data.rfind(b")") + 2:].split(b" ", 5)  # state, ppid, pgrp, session, ...
        if len(fields) > 4 and fields[3] in wanted and fields[0] != b"Z":
            found.append(int(name))
    return found


SESSION_ROUNDS = 20  # sweeps of a session: a process forking as it is killed is caught within them


def end_session(*sids: int) -> None:
    """SIGKILL every process still in the sessions `sids`, again until none is found (a process
    killed is a zombie, or gone, within a moment; one that forked meanwhile is found in the
    next sweep).  Linux does not give a session's number to a new process while a member
    lives, so no other program's process can be hit."""
    own = os.getsid(0)
    wanted = {sid for sid in sids if sid > 1 and sid != own}
    if not wanted:
        return
    for _ in range(SESSION_ROUNDS):
        members = session_members(wanted)
        if not members:
            return
        for pid in members:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.001)


GUARDED = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM)


class SignalGuard:
    """While a run talks to programs (`with SignalGuard():`, around `brou check`), the
    signals that would end the harness (GUARDED) are held back and read with their sender:
    one sent by a program under test, or by a process of its session, is dropped (a program
    cannot end the run that judges it by signalling its parent); any other (the user's
    Ctrl-C, a `kill`, a CI runner's time limit) ends the programs' sessions, then acts as it
    would have without the guard.  The programs started meanwhile get the signal mask the
    harness had before.  A sender that has exited when the signal is read, and was not a
    program the harness started, counts as outside (a `kill` command exits at once)."""

    active: SignalGuard | None = None

    def __init__(self) -> None:
        self.saved: set[int | signal.Signals] = set()
        self.programs: set[int] = set()  # process ids of the programs started (each leads its session)
        self.dropped = 0

    def __enter__(self) -> SignalGuard:
        if not hasattr(signal, "sigtimedwait"):  # (macOS): no sender to read, so no guard
            return self
        self.saved = signal.pthread_sigmask(signal.SIG_BLOCK, GUARDED)
        SignalGuard.active = self
        return self

    def __exit__(self, *exc: object) -> None:
        if SignalGuard.active is not self:
            return
        try:
            self.drain()
        finally:
            SignalGuard.active = None
            signal.pthread_sigmask(signal.SIG_SETMASK, self.saved)

    def unblock_in_child(self) -> None:
        """Run in the child between fork and exec: the program starts with the mask the
        harness had (not with GUARDED blocked)."""
        signal.pthread_sigmask(signal.SIG_SETMASK, self.saved)

    def _from_program(self, pid: int) -> bool:
        if pid in self.programs:
            return True
        try:
            return os.getsid(pid) in self.programs
        except OSError:  # gone already
            return False

    def drain(self) -> None:
        """Read the held-back signals: drop those of programs, act on the others."""
        while (info := signal.sigtimedwait(GUARDED, 0)) is not None:
            if info.si_pid > 0 and self._from_program(info.si_pid):
                self.dropped += 1
                continue
            end_session(*self.programs)
            SignalGuard.active = None
            signal.pthread_sigmask(signal.SIG_SETMASK, self.saved)
            signal.raise_signal(info.si_signo)  # SIGINT: KeyboardInterrupt; SIGTERM: the harness ends


def _guard_drain() -> None:
    if SignalGuard.active is not None:
        SignalGuard.active.drain()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return "unknown"


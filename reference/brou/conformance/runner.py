"""Talking to an implementation: in this process, or as a program over the protocol.

`Subprocess` starts the program without a shell, sends one JSON line per request and
reads one line back within a time limit.  Whatever the program does (hang, crash,
print garbage or megabytes, answer out of turn, speak another protocol version)
becomes an `ImplementationError` with a kind and a one-line detail; the process is
then killed and started afresh for the next scenario, so a run always completes.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from typing import IO, Any

from .protocol import MAX_LINE, PROTOCOL_VERSION
from .server import Reference


class ImplementationError(Exception):
    """The implementation misbehaved.  kind: start, version, hang, crash, malformed,
    wrong-seq, huge-output; `fatal`: restarting cannot help (the run stops asking)."""

    def __init__(self, kind: str, detail: str, fatal: bool = False) -> None:
        self.kind = kind
        self.detail = detail
        self.fatal = fatal
        super().__init__(f"{kind}: {detail}")


def check_hello(answer: Any) -> dict[str, Any]:
    """The handshake answer, checked: protocol version, rulesets, features."""
    if not isinstance(answer, dict):
        raise ImplementationError("malformed", "the handshake answer is not a JSON object")
    version = answer.get("brou")
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise ImplementationError("version", f"the implementation speaks protocol version {version!r}, "
                                  f"this harness speaks {PROTOCOL_VERSION}", fatal=True)
    rulesets = answer.get("rulesets")
    if not isinstance(rulesets, dict) or not all(isinstance(v, dict) for v in rulesets.values()):
        raise ImplementationError("malformed", "the handshake needs 'rulesets': {ruleset: {\"params\": {...}}}", fatal=True)
    for name, ruleset in rulesets.items():
        params = ruleset.get("params") or {}
        if not isinstance(params, dict) or not all(isinstance(v, list) for v in params.values()):
            raise ImplementationError("malformed", f"the handshake's 'rulesets.{name}.params' must be an object: "
                                      "{parameter: [values]}", fatal=True)
    features = answer.get("features", [])
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        raise ImplementationError("malformed", "the handshake's 'features' must be a list of names", fatal=True)
    known = answer.get("known_failures", [])
    if not isinstance(known, list) or not all(isinstance(k, str) for k in known):
        raise ImplementationError("malformed", "the handshake's 'known_failures' must be a list of scenario ids", fatal=True)
    return answer


class InProcess:
    """The reference engine called directly: no process, no JSON (`brou check --in-process`)."""

    name = "reference engine (in process)"

    def __init__(self) -> None:
        self.reference = Reference()

    def start(self) -> dict[str, Any]:
        return check_hello(self.reference.hello())

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        return self.reference.run(request, timeout)

    def close(self) -> None:
        pass


def reference_command() -> list[str]:
    """The built-in reference engine as a program speaking the protocol."""
    return [sys.executable, "-m", "brou", "serve"]


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
        self.stderr: IO[bytes] | None = None
        self.buffer = b""
        self.seq = 0
        self.hello: dict[str, Any] | None = None
        self.restarts = -1

    # -- the process ------------------------------------------------------------

    def start(self) -> dict[str, Any]:
        self.close()
        self.restarts += 1
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept open for the process's life, closed in close()
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                         env=self.env, start_new_session=True)
        except OSError as exc:
            raise ImplementationError("start", f"cannot start {self.argv[0]}: {exc.strerror or exc}", fatal=True) from None
        self.buffer = b""
        assert self.proc.stdout is not None
        os.set_blocking(self.proc.stdout.fileno(), False)
        answer = self._exchange({"cmd": "hello", "brou": PROTOCOL_VERSION}, self.start_timeout, during="the handshake")
        self.hello = check_hello(answer)
        return self.hello

    def close(self) -> None:
        proc = self.proc
        self.proc = None
        if proc is not None:
            if proc.poll() is None:
                with contextlib.suppress(OSError):
                    assert proc.stdin is not None
                    proc.stdin.write(b'{"seq": 0, "cmd": "stop"}\n')
                    proc.stdin.flush()
                try:
                    proc.wait(timeout=0.5)
                except subprocess.TimeoutExpired:
                    self._kill(proc)
            for stream in (proc.stdin, proc.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
        if self.stderr is not None:
            self.stderr.close()
            self.stderr = None

    @staticmethod
    def _kill(proc: subprocess.Popen[bytes]) -> None:
        try:
            os.killpg(proc.pid, 9)
        except OSError:
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)

    def _fail(self, kind: str, detail: str, fatal: bool = False) -> ImplementationError:
        """Kill the process (it is out of step with us) and describe what happened."""
        proc = self.proc
        if proc is not None and proc.poll() is None:
            self._kill(proc)
        tail = self._stderr_tail()
        if tail:
            detail += f" (stderr: {tail})"
        self.close()
        return ImplementationError(kind, detail, fatal)

    def _stderr_tail(self) -> str:
        if self.stderr is None:
            return ""
        try:
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - 400))
            lines = self.stderr.read().decode("utf-8", "replace").strip().splitlines()
        except OSError:
            return ""
        return lines[-1][:200] if lines else ""

    # -- one exchange ------------------------------------------------------------------

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        if self.proc is None or self.proc.poll() is not None:
            # not started, or it exited after its last answer: that scenario was answered, start afresh
            self.start()
        return self._exchange({"cmd": "run", "scenario": request}, timeout, during="the scenario")

    def _exchange(self, message: dict[str, Any], timeout: float, during: str) -> dict[str, Any]:
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        self.seq += 1
        seq = self.seq
        line = json.dumps({"seq": seq} | message, separators=(",", ":")).encode() + b"\n"
        try:
            proc.stdin.write(line)
            proc.stdin.flush()
        except OSError:
            raise self._exited(during) from None
        raw = self._read_line(timeout, during)
        try:
            answer = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, an integer too long, nesting too deep
            shown = raw[:80].decode("utf-8", "replace")
            raise self._fail("malformed", f"answer to {during} is not JSON: {shown!r}") from None
        if not isinstance(answer, dict):
            raise self._fail("malformed", f"answer to {during} is not a JSON object")
        if type(answer.get("seq")) is not int or answer.get("seq") != seq:
            raise self._fail("wrong-seq", f"answer carries seq {answer.get('seq')!r}, expected {seq}")
        return answer

    def _exited(self, during: str) -> ImplementationError:
        proc = self.proc
        status = None
        if proc is not None:
            try:
                status = proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                status = None
        how = f"exited with status {status}" if status is not None and status >= 0 else (
            f"was killed by signal {-status}" if status is not None else "closed its output")
        return self._fail("crash", f"the implementation {how} during {during}")

    def _read_line(self, timeout: float, during: str) -> bytes:
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while True:
                end = self.buffer.find(b"\n")
                if end >= 0:
                    line, self.buffer = self.buffer[:end], self.buffer[end + 1:]
                    if len(line) > MAX_LINE:
                        raise self._fail("huge-output", f"an answer of {len(line):,} bytes (the limit is {MAX_LINE:,})")
                    if line.strip():
                        return line
                    continue
                if len(self.buffer) > MAX_LINE:
                    raise self._fail("huge-output", f"more than {MAX_LINE:,} bytes without a line end during {during}")
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise self._fail("hang", f"no answer within {timeout:g} s during {during}")
                try:
                    chunk = os.read(fd, 1 << 16)
                except BlockingIOError:
                    continue
                if not chunk:
                    raise self._exited(during)
                self.buffer += chunk

"""Expected failures: the list given with `--xfail FILE` and the `known_failures` of a
handshake.  A failure declared in advance is xfailed (only a wrong answer can be excused, never
a crash or a broken protocol); a declared failure that passed is xpassed (the list is out of
date, which counts as a failure); a pattern that matches no scenario is stale."""

from __future__ import annotations

import bisect
import fnmatch
import itertools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from ...errors import BrouError
from ..protocol.bounds import MAX_KNOWN_FAILURES, MAX_KNOWN_GLOBS, MAX_PATTERN, cut
from ..protocol.runner import is_glob
from .compare import FAILED, PASSED, Verdict
from .verdict import Outcome

XFAILED, XPASSED = "xfailed", "xpassed"


class XfailError(BrouError):
    """An expected-failure list that cannot be read."""


def read_xfail(path: Path) -> dict[str, str]:
    """An expected-failure list: one scenario id (or glob) per line, optionally followed
    by a reason; '#' starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise XfailError(f"{path}: cannot read the expected-failure list: {getattr(exc, 'strerror', None) or exc}") from None
    out: dict[str, str] = {}
    globs = itertools.count(1)
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        ident, _, reason = line.partition(" ")
        if ident in out:
            raise XfailError(f"{path}:{number}: '{ident}' is listed twice")
        if len(ident) > MAX_PATTERN or len(out) == MAX_KNOWN_FAILURES or (is_glob(ident) and next(globs) > MAX_KNOWN_GLOBS):
            raise XfailError(f"{path}:{number}: an expected-failure list holds at most {MAX_KNOWN_FAILURES:,} entries, "
                             f"{MAX_KNOWN_GLOBS} of them globs, each of at most {MAX_PATTERN} characters (as a handshake)")
        out[ident] = reason.strip()
    return out


class Expected:
    """Expected-failure patterns (pattern -> reason), matched fast: exact ids in a dict,
    each glob compiled once, with one regex of them all to say whether any matches."""

    def __init__(self, declared: Mapping[str, str]) -> None:
        self.reasons = dict(declared)
        self.exact = {p for p in declared if not is_glob(p)}
        self.globs = [(p, re.compile(fnmatch.translate(p))) for p in declared if is_glob(p)]
        self.any_glob = re.compile("|".join(f"(?:{rx.pattern})" for _, rx in self.globs)) if self.globs else None

    def match(self, ident: str) -> str | None:
        """The pattern an id matches (an exact id first), or None."""
        if ident in self.exact:
            return ident
        if self.any_glob is None or not self.any_glob.match(ident):
            return None
        return next(p for p, rx in self.globs if rx.match(ident))

    def stale(self, ids: Iterable[str]) -> list[str]:
        """The patterns that match none of these ids, in the order declared."""
        known = sorted(set(ids))
        stale = self.exact.difference(known)
        for p, rx in self.globs:
            prefix = re.split(r"[*?[]", p, maxsplit=1)[0]  # only ids that start with it can match
            if not any(rx.match(i) for i in _starting_with(known, prefix)):
                stale.add(p)
        return [p for p in self.reasons if p in stale]


def _starting_with(ordered: list[str], prefix: str) -> Iterator[str]:
    """The strings of a sorted list that start with the prefix."""
    for i in itertools.islice(ordered, bisect.bisect_left(ordered, prefix), None):
        if not i.startswith(prefix):
            return
        yield i


def apply_xfail(outcomes: Sequence[Outcome], declared: Mapping[str, str], all_ids: Iterable[str] | None) -> list[str]:
    """Declared failures: a failure becomes xfailed, a pass xpassed; an error stays an
    error (only a wrong answer can be excused).  The stale patterns, in the order declared."""
    expected = Expected(declared)
    for o in outcomes:
        hit = expected.match(o.scenario.id)
        if hit is None:
            continue
        reason = declared[hit]
        if o.status == FAILED:
            o.verdict = o.verdict._replace(status=XFAILED, detail=cut(f"expected ({reason or 'listed'}): {o.verdict.detail}"))
        elif o.status == PASSED:
            o.verdict = Verdict(XPASSED, f"listed as an expected failure ({cut(reason or 'no reason given', 300)}) but passed: "
                                         "remove it from the list")
    ids = list(all_ids) if all_ids is not None else []
    return expected.stale(ids + [o.scenario.id for o in outcomes])

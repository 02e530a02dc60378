"""Errors the engine and the command line report, each with a stable code.

Two families: `SpecError` for a spec file that cannot be used (it names the file,
the line and the path inside the document) and `IllegalAction` for an action the
rules forbid (it carries one of the codes in `ACTION_CODES`, which are part of the
public interface and never renamed; see docs/errors.md).
"""

from __future__ import annotations

# code -> what it means.  Codes are stable: add new ones, never rename or reuse.
ACTION_CODES: dict[str, str] = {
    "malformed-action": "the action is not written in the notation (a card such as TH, 'pass', or 'announce KQ H')",
    "unknown-card": "the text names no card of this ruleset's deck",
    "deal-over": "the deal is finished; no action can be taken",
    "wrong-seat": "the action was sent for a seat that is not the one to act, and is not one the rules let him take out of turn",
    "not-in-hand": "the player to act does not hold that card",
    "must-follow-suit": "the player holds a card of the suit led and must play one",
    "must-overtrump": "the player plays a trump but holds a higher one that he must play instead",
    "no-undertrump": "after a ruffed plain lead the player may not play a lower trump while he holds another card",
    "play-in-window": "the announcement window is open: announce or pass before anyone plays",
    "announce-not-now": "no announcement may be made at this point of the deal",
    "announce-needs-trick": "the announcer's team has not yet won a trick in this deal",
    "marriage-not-held": "the announcer does not hold every card of that marriage",
    "marriage-reused": "a card of that marriage already counts in an earlier announcement",
    "pass-not-allowed": "there is nothing to pass: the player must play a card",
    "not-in-a-game": "a claim, declaration or concession needs a deal played inside a game",
    "claim-not-now": "the player may not claim at this moment (parameters claim_moment, escape_commitment)",
    "declaration-not-allowed": "the team may not declare now (it lost a trick, it is too late, or its score is too low)",
    "concession-not-open": "a concession may only be offered when the engine asks for it, before the 2nd, 3rd or 4th trick",
    "concession-pending": "a concession is being asked or answered; nothing else may happen until it is",
    "no-concession": "there is no concession to accept or refuse",
    "dehors-round": "a player asked in a round of claims (Brouc before the first card, or after the last card) "
                    "may only claim (dehors) or pass",
    "mark-pending": "the winner of a trick holding a table marriage is asked to mark it or pass (table_marking: players)",
    "marked-by-engine": "'mark' is an action only with table_marking: players; otherwise the engine marks every table marriage",
    "nothing-to-mark": "no table marriage is waiting for its trick's winner to mark it",
    "must-trump": "the player cannot follow the plain suit led and holds a trump, so he must play one",
    "cards-not-yet": "no card is played before the speech has named the homme: turn or leave, play or pass",
    "word-not-now": "that word (turn, leave, play, pass, show) is not one the player asked may say at this moment",
    "no-king-to-show": "the player holds no king of the turned suit that has not scored yet",
    "bid-too-low": "the bid does not outrank the standing one as the priority asks (equal for the earlier "
                   "speaker, higher for the later)",
    "cannot-name": "the player may not name this contract or trump (grand tourné without espadille and baste, "
                   "a contract the bid won does not open, spades in sans prendre)",
    "too-few-discards": "draw before discarding the fewest cards the contract asks (one; two in a tourné)",
    "too-many-discards": "a discard beyond what the talon can replace (nine at most)",
}


def one_line(text: str) -> str:
    """`text` as one printable line: control characters (a newline in a file name) and
    undecodable bytes are escaped as in Python (`\\n`, `\\udcff`)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii") for c in text)


MAX_MESSAGE = 1_000  # characters of a one-line error message as printed: the rest is cut, its length said


def quoted(text: str, limit: int = 60) -> str:
    """A text the user gave, quoted in a message: in single quotes, cut to `limit` characters
    with its length said (a 10 MB line is not echoed back whole)."""
    if len(text) <= limit:
        return f"'{text}'"
    return f"'{text[:limit]}...' ({len(text):,} characters)"


def message_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """An error message as printed: one line (`one_line`), cut to `limit` characters with its
    length said, whatever a message quotes of what it was given."""
    if len(text) > limit:
        text = f"{text[:limit]}... (cut: {len(text):,} characters in all)"
    return one_line(text)


def brief(value: object) -> str:
    """A value a caller passed, shown short in a message: an int far out of any range is
    "out of range" (Python cannot even write one of more than 4,300 digits), anything else
    its repr, cut at 40 characters."""
    if type(value) is int and not -10**9 < value < 10**9:
        return "out of range"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class BrouError(Exception):
    """Base class: every error the package reports on purpose."""


class SpecError(BrouError):
    """A spec file that cannot be used; `str()` is one line naming file, line and path."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None, path: str = "") -> None:
        self.message = message
        self.file = file
        self.line = line
        self.path = path
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file or "<spec>"
        if self.line is not None:
            where += f":{self.line}"
        at = f" at {self.path}" if self.path else ""
        return one_line(f"{where}:{at} {self.message}" if at else f"{where}: {self.message}")


class UsageError(BrouError):
    """A command line that cannot be carried out; `str()` is the whole one-line message."""


class ParameterError(BrouError):
    """An unknown parameter or a value outside its options."""


class IllegalAction(BrouError):
    """An action the rules forbid; the state it was offered to is unchanged."""

    def __init__(self, code: str, message: str) -> None:
        assert code in ACTION_CODES, code
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class NothingToUndo(BrouError, IndexError):
    """`undo()` on a deal where no action has been taken yet."""


class TimeLimit(BrouError):
    """A computation (perft, a scenario of the reference engine) past the time it was given."""

"""The game record: a whole match or session written down deal after deal, as PGN is for a game
of chess (docs/notation.md, "The game record").

    [Event "Club de L'Etivaz, soirée du jeudi"]
    [Players "Anna; Beat; Chris; Dora"]
    [Ruleset "brouc"]
    [FirstDealer "3"]
    [Result "winner=1 marks=1,7"]

    1. brouc 3 AK7.Q.K8.97/8.7.AT.AKQ8/J9.AJ8.J97./TQ.TK9.Q.TJ TS - scores=0,0
       : 7C 8C 7D TC pass pass QD KD AD 9D {Dora keeps her trumps} ...
       = marks=0,1
    2. brouc 2 ...

Tag pairs first, one to a line (`[Name "value"]`, `\\"` and `\\\\` inside the value).  Then the
deals in order, each from its number (`1.`) at the start of a line to the next: the deal's line
of notation (`brou.engine.notation`), with its game (`scores=`, `marks=`) and its actions, and after
` = ` what the deal gave (`marks=` by team in 1802 and Brouc, `jetons=` or `marks=` by player in
the others).  Whitespace between tokens, line ends included, is one space; a comment is `{...}`
between two tokens after the deal's fields.

`parse_record` reads the text (RecordError names the line and the deal), `record_text` writes it
(parse(write(r)) == r), `record_of` takes it from a `brou.engine.session.Session`,
and `replay` plays it again in one, checking that each deal follows from the one before (dealer,
scores, marks), that each result and the final one are what the actions give.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from ..cards.deal import Deal
from ..errors import BrouError, IllegalAction
from ..laws.talon import TalonDeal
from ..spec.rules import Rules
from .notation import DealText, NotationError, parse_deal, parse_rules, position_notation, ruleset_text, table_context
from .session import GAMES_AND_MARKS, Session

UNFINISHED = "*"  # the Result of a record whose match is not over
# the tags in the order a writer puts them (others follow, in their order)
TAG_ORDER = ("Event", "Site", "Date", "Round", "Players", "Ruleset", "FirstDealer", "Seed", "Result")
WIDTH = 96  # a record's lines are wrapped at this width

_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]\Z')
_NUMBER = re.compile(r"([1-9][0-9]*)\.\Z")
_FIELD = re.compile(r"([a-z]+)=(-?[0-9]+(?:,-?[0-9]+)*)\Z")


class RecordError(BrouError):
    """A text that is not a game record, or whose deals do not follow from one another: the
    message names the line of the text and the deal."""


@dataclass
class RecordedDeal:
    """One deal of a record: its number, its line of notation (a position: the deal and its
    actions), what it gave (`marks`/`jetons` by team or player; empty if not written) and its
    comments, each with the number of actions before it (None: after the result)."""

    number: int
    line: str
    result: dict[str, tuple[int, ...]] = field(default_factory=dict)
    comments: list[tuple[int | None, str]] = field(default_factory=list)
    at: int = field(default=0, compare=False)  # the line of the text where it starts (0: not read)


@dataclass
class Record:
    """A game record: its tag pairs in order, and its deals."""

    tags: dict[str, str]
    deals: list[RecordedDeal]


# -- reading ---------------------------------------------------------------------------


def _tokens(text: str, first: int) -> Iterator[tuple[str, bool, int]]:
    """The tokens of the deals' text: (text, is a comment, line), from line `first`."""
    i, line, n = 0, first, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif c == "{":
            end = text.find("}", i)
            if end < 0:
                raise RecordError(f"line {line}: a comment '{{' is never closed by '}}'")
            yield " ".join(text[i + 1:end].split()), True, line  # its whitespace, line ends included, one space
            line += text.count("\n", i, end)
            i = end + 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] != "{":
                j += 1
            yield text[i:j], False, line
            i = j


def _result(token: str, line: int, number: int) -> tuple[str, tuple[int, ...]]:
    match = _FIELD.match(token)
    if not match:
        raise RecordError(f"line {line}: deal {number}: '{token}' after ' = ' is not name=integers (marks=0,2)")
    return match.group(1), tuple(int(v) for v in match.group(2).split(","))


def parse_record(text: str) -> Record:
    """A record from its text; RecordError (naming the line) if it is not one.  Only the form
    is read here: `replay` plays the deals."""
    if not isinstance(text, str):
        raise RecordError(f"a game record is text, not {type(text).__name__}")
    lines = text.removeprefix("\ufeff").split("\n")
    tags: dict[str, str] = {}
    k = 0
    while k < len(lines) and (not lines[k].strip() or lines[k].lstrip().startswith("[")):
        stripped = lines[k].strip()
        if stripped:
            match = _TAG.match(stripped)
            if not match:
                raise RecordError(f'line {k + 1}: \'{stripped[:40]}\' is not a tag pair [Name "value"]')
            name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
            if name in tags:
                raise RecordError(f"line {k + 1}: the tag {name} is given twice")
            tags[name] = value
        k += 1
    deals: list[RecordedDeal] = []
    part = "deal"
    fields: list[str] = []
    actions: list[str] = []
    current: RecordedDeal | None = None

    def close() -> None:
        if current is None:
            return
        if not fields:
            raise RecordError(f"line {current.at}: deal {current.number} has no deal after its number")
        if part == "actions" and not actions:
            raise RecordError(f"line {current.at}: deal {current.number}: ' : ' is followed by no action")
        current.line = " ".join(fields) + (f" : {' '.join(actions)}" if actions else "")
        deals.append(current)

    for token, comment, line in _tokens("\n".join(lines[k:]), k + 1):
        number = _NUMBER.match(token) if not comment else None
        if number:
            close()
            expected = len(deals) + 1
            if int(number.group(1)) != expected:
                raise RecordError(f"line {line}: deal number {number.group(1)}, where deal {expected} comes next")
            current, part, fields, actions = RecordedDeal(expected, "", at=line), "deal", [], []
        elif current is None:
            if comment:
                raise RecordError(f"line {line}: a comment before the first deal: a record's own notes go in a tag "
                                  '([Annotator "..."]), a deal\'s after its fields')
            raise RecordError(f"line {line}: '{token[:40]}' before the first deal ('1.')")
        elif comment:
            if "{" in token:
                raise RecordError(f"line {line}: deal {current.number}: a comment holds no '{{'")
            if part == "deal" and not fields:
                raise RecordError(f"line {line}: deal {current.number}: a comment before the deal's fields")
            current.comments.append((None if part == "result" else len(actions), token))
        elif token == ":" and part == "deal":
            part = "actions"
        elif token == "=" and part in ("deal", "actions"):
            part = "result"
        elif part == "result":
            name, values = _result(token, line, current.number)
            if name in current.result:
                raise RecordError(f"line {line}: deal {current.number}: {name}= is given twice")
            current.result[name] = values
        elif part == "actions":
            actions.append(token)
        elif token in (":", "="):
            raise RecordError(f"line {line}: deal {current.number}: '{token}' out of place")
        else:
            fields.append(token)
    close()
    if not deals:
        raise RecordError("a game record has at least one deal ('1.' and its line), after its tags")
    return Record(tags, deals)


# -- writing ---------------------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _wrap(tokens: Sequence[str], first: str, rest: str) -> list[str]:
    """Tokens in lines of at most WIDTH characters (a longer token alone on its line)."""
    out: list[str] = []
    line = first
    for token in tokens:
        if line.strip() and line.strip() != first.strip() and len(line) + 1 + len(token) > WIDTH:
            out.append(line)
            line = rest
        line = f"{line}{'' if line.endswith(' ') else ' '}{token}"
    out.append(line)
    return out


def _fields(values: Mapping[str, Sequence[int]]) -> str:
    return " ".join(f"{name}={','.join(str(v) for v in vs)}" for name, vs in values.items())


def record_text(record: Record) -> str:
    """The record as text: its tags (those of TAG_ORDER first), a blank line, then its deals."""
    for name, value in record.tags.items():
        if "\n" in value or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            raise RecordError(f"tag {name!r}: a tag's name is a word and its value one line")
    order = [n for n in TAG_ORDER if n in record.tags] + [n for n in record.tags if n not in TAG_ORDER]
    out = [f'[{name} "{_escape(record.tags[name])}"]' for name in order]
    out.append("")
    for deal in record.deals:
        if any("}" in c or "{" in c for _, c in deal.comments):
            raise RecordError(f"deal {deal.number}: a comment holds no '{{' or '}}'")
        fields, _, acts = deal.line.partition(" : ")
        out.append(f"{deal.number}. {fields}")
        actions = acts.split()
        tokens: list[str] = []
        for k, action in enumerate([*actions, None]):
            tokens += [f"{{{' '.join(c.split())}}}" for at, c in deal.comments if at == k]
            if action is not None:
                tokens.append(action)
        if actions or tokens:
            out += _wrap(tokens, "   :" if actions else "  ", "     ")
        if deal.result:
            out.append(f"   = {_fields(deal.result)}")
        out += _wrap([f"{{{' '.join(c.split())}}}" for at, c in deal.comments if at is None], "  ", "   ") if any(
            at is None for at, _ in deal.comments) else []
    return "\n".join(out) + "\n"


def deal_result(game: Session, index: int) -> dict[str, tuple[int, ...]]:
    """What deal `index` (from 0) of a match gave: `marks=` by team in 1802 and Brouc; `jetons=`
    by player, or `marks=` in a game to a number of marks."""
    entry = game.deals[index]
    if game.kind == GAMES_AND_MARKS:
        return {"marks": tuple(entry["marks"])}
    return {"marks" if game.by_marks else "jetons": tuple(entry["jetons"])}


def final_result(game: Session) -> str:
    """The record's Result: `*` while the match goes on; else who won (`winner=` a team,
    `winners=` players) and the totals (`marks=` by team, or `jetons=`/`marks=` by player)."""
    if not game.is_over:
        return UNFINISHED
    if game.kind == GAMES_AND_MARKS:
        return f"winner={game.winner} " + _fields({"marks": game.marks})
    assert game.winners is not None
    totals = {"marks": game.marks} if game.by_marks else {"jetons": game.jetons}
    return _fields({"winners": game.winners, **totals})


def record_of(game: Session, tags: Mapping[str, str] | None = None) -> Record:
    """The record of a match or session as it stands: `tags` (Event, Site, Date, Players...),
    then Ruleset, FirstDealer, Seed when its deals came from a seed, and Result; the deals
    played, and the one being played if it has begun."""
    rules = game.rules
    first = game.deals[0]["dealer"] if game.deals else game.dealer
    out = dict(tags or {})
    out |= {"Ruleset": ruleset_text(rules), "FirstDealer": str(first)}
    if game.seeded:
        out["Seed"] = str(game.seed)
    out["Result"] = final_result(game)
    deals = [RecordedDeal(k + 1, d["notation"], deal_result(game, k)) for k, d in enumerate(game.deals)]
    if not game.is_over and game.deal.history:
        dealer = game.dealer if rules.table_size == rules.n_players else None  # L'Hombre with four: the deal's players
        deals.append(RecordedDeal(len(deals) + 1, position_notation(game.deal, dealer)))
    return Record(out, deals)


# -- replaying -------------------------------------------------------------------------


class _Ends(Exception):
    """The record has no deal left where the match would deal the next."""


def _where(deal: RecordedDeal) -> str:
    return f"line {deal.at}: deal {deal.number}" if deal.at else f"deal {deal.number}"


def _rules(record: Record) -> Rules:
    if "Ruleset" not in record.tags:
        raise RecordError('a game record names its ruleset: [Ruleset "brouc"]')
    try:
        return parse_rules(record.tags["Ruleset"])
    except NotationError as exc:
        raise RecordError(f"tag Ruleset: {exc}") from None


def _parsed(record: Record, rules: Rules) -> list[DealText]:
    out = []
    for deal in record.deals:
        try:
            parsed = parse_deal(deal.line)
        except NotationError as exc:
            raise RecordError(f"{_where(deal)}: {exc}") from None
        if ruleset_text(parsed.rules) != ruleset_text(rules):
            raise RecordError(f"{_where(deal)}: a deal of {ruleset_text(parsed.rules)} in a record of "
                              f"{ruleset_text(rules)}")
        out.append(parsed)
    return out


def _first_dealer(record: Record, rules: Rules, first: DealText) -> int:
    given = record.tags.get("FirstDealer")
    at_table = rules.table_size
    if given is None:
        if at_table != rules.n_players:
            raise RecordError(f"with {at_table} at the table of {rules.id} a record gives its first dealer: "
                              '[FirstDealer "0"]')
        return first.dealer
    if not re.fullmatch(r"0|[1-9][0-9]*", given) or int(given) >= at_table:
        raise RecordError(f"tag FirstDealer: '{given}' is not a player of the table (0 to {at_table - 1})")
    return int(given)


def replay(record: Record) -> Session:
    """Play the record's deals again in a Session, and
    return it; RecordError, naming the deal, where a deal does not follow from the one before
    (its dealer, its scores or marks), an action is not legal, a deal stops before its end
    with more to come, a result is not what the actions give, or the Result is not the match's."""
    rules = _rules(record)
    parsed = _parsed(record, rules)
    n, at_table = rules.n_players, rules.table_size
    first = _first_dealer(record, rules, parsed[0])
    if at_table == n and parsed[0].dealer != first:
        raise RecordError(f"{_where(record.deals[0])}: dealt by player {parsed[0].dealer}; FirstDealer is {first}")
    fed: list[int] = []  # the record's deals handed to the match so far

    def next_deal(game: Session) -> Deal | TalonDeal:
        """The record's next deal, once its line agrees with where the match stands: the dealer
        it has reached, and the game (scores, marks) the deals before it leave."""
        k = len(fed)
        if k == len(parsed):
            raise _Ends
        deal, text = record.deals[k], parsed[k]
        if at_table == n and text.dealer != game.dealer:
            raise RecordError(f"{_where(deal)}: dealt by player {text.dealer}, where the deal passes to player "
                              f"{game.dealer}")
        if at_table != n and text.dealer != n - 1:
            raise RecordError(f"{_where(deal)}: with {at_table} at the table, a deal's line gives the players of the "
                              f"deal (dealer {n - 1}), not the table's")
        _check_game(game, deal, text)
        fed.append(k)
        return text.deal

    game = Session(rules, 0, first, next_deal)
    for k, (deal, text) in enumerate(zip(record.deals, parsed, strict=True)):
        if k < len(game.deals):  # over as soon as it was dealt, and counted then
            if text.actions:
                raise RecordError(f"{_where(deal)}: the deal ended as it was dealt ({game.deals[k].get('how')}), "
                                  "yet the record gives it actions")
        else:
            _play(game, deal, text, last=k == len(parsed) - 1)
            if k == len(game.deals):  # not counted: the record's last deal, under way
                continue
        given, made = deal.result, deal_result(game, k)
        if given and given != made:
            raise RecordError(f"{_where(deal)}: the record says {_fields(given)}; the deal gives {_fields(made)}")
        if game.is_over and k < len(parsed) - 1 and k == len(game.deals) - 1:
            raise RecordError(f"{_where(deal)}: the deal ends the match ({final_result(game)}), "
                              f"yet deal {deal.number + 1} follows")
    stated, made_text = record.tags.get("Result"), final_result(game)
    if stated is not None and stated.split() != made_text.split():
        raise RecordError(f'tag Result: the record says "{stated}"; its deals give "{made_text}"')
    return game


def _play(game: Session, deal: RecordedDeal, text: DealText, last: bool) -> None:
    """Apply a deal's actions to the match's deal under way; RecordError for an action that is
    not legal, or a deal not over with more deals after it."""
    state, n = game.deal, game.rules.n_players
    for a, (word, player) in enumerate(text.actions, 1):
        seat = None if player is None else (player - text.offset) % n
        try:
            game.apply(state.parse_action(word), seat)
        except IllegalAction as exc:
            token = word.replace(" ", "_") + ("" if player is None else f"@{player}")
            raise RecordError(f"{_where(deal)}: action {a}: '{token}' [{exc.code}]: {exc.message}") from None
        except _Ends:  # the record's last deal is over and the match is not: the record stops there
            pass
    if not state.is_over:
        if not last:
            raise RecordError(f"{_where(deal)}: the deal is not over after its {len(text.actions)} actions, "
                              f"yet deal {deal.number + 1} follows")
        if deal.result:
            raise RecordError(f"{_where(deal)}: a result (' = ') for a deal that is not over")


def _check_game(game: Session, deal: RecordedDeal, text: DealText) -> None:
    """The game a deal's line states (scores=, carried=, marks=), if it states one, against
    where the deals before it leave the match (by the table's teams or players)."""
    rules = game.rules
    if game.kind == GAMES_AND_MARKS:
        if text.marks is not None:
            raise RecordError(f"{_where(deal)}: marks= in a match of {rules.id}")
        if text.context is not None:
            said = table_context(rules, text.offset, text.context)
            stands = {"scores": game.scores} | ({"carried": game.carried} if any(game.carried) else {})
            if said != stands:
                raise RecordError(f"{_where(deal)}: the line says {_fields(said)}; after the deals before it the "
                                  f"game stands at {_fields(stands)}")
        return
    if text.marks is not None:
        n = rules.n_players
        given = [text.marks[(p - text.offset) % n] for p in range(n)]
        if not game.by_marks or given != game.marks:
            raise RecordError(f"{_where(deal)}: the line says marks={','.join(map(str, given))}; the deals before it "
                              f"give {'no marks' if not game.by_marks else 'marks=' + ','.join(map(str, game.marks))}")

"""A whole deal commented trick by trick, for a ruleset's players' booklet (brou.book.booklet;
issue 36: "a short commented deal ... says why each notable card was played, in a player's
words").

The deal is the first of a session (`brou.engine.session.Session`: a match of 1802 or Brouc, or
another game's session) played from a seed by the careful player (`brou.players.careful`) in
every seat.  `play_deal` (brou.book.played) plays it and keeps each action's reason;
`commented_deal` replays the actions one by one and says who led and followed, what the rules
left each player (the primitives of `brou.laws.following` that narrowed or widened his choice),
why he played the card he did (the careful player's reason), who won each trick, what was
announced, drawn, paid, bid and exchanged, then the count, the standings and who deals next.
Players are named by their seats (`brou.book.seats`), never numbered; a rule is cited by its
number in the booklet (`numbers`, from `brou.spec.chapters.booklet_numbers`), never by its
clause id.  Nothing here knows a ruleset by name: only the two kinds of deal (the partnership
`HommeDeal`, the phase deals of `brou.engine.deals.new_deal`), so a ruleset added later gets its
commented deal with no new code.  Clause ids are found in the ruleset by their ending
(`play.trick-winner`) or on the engine's functions, then turned into rule numbers.

The words are in `brou.book.phrases`; `brou.book.narrator` names the players, cards and rules
and tells the deal as dealt and each trick; `brou.book.events` tells what is said between the
cards (announcements, the speech, the auction, the exchange, draws and payments); this module
tells the count and puts the commentary together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal
from ..engine.phases import PhaseDeal
from ..engine.sheet import TEAMS
from ..engine.sheet_svg import sheet_svg
from ..laws.ledger import Entry, balances
from ..laws.results import deal_winner
from ..spec.rules import Rules
from .events import EventNarrator
from .narrator import LANGS, clause_by_ending, img_html, indented
from .phrases import HOW, LEDGER_WORDS, tricks_alone, tricks_taken
from .played import PlayedDeal, play_deal


class _Writer(EventNarrator):
    """The commented deal of one PlayedDeal in one language; `numbers` gives each clause's rule
    number in the booklet (a clause not in it is not cited)."""

    # the whole

    def write(self) -> list[str]:
        played = self.played
        self.para(self.w("intro" if self.played.player == "careful" else "intro-searched"))
        self.deal_paragraph()
        self.lines += self.hands_lines(played.deal.deal.hands, self.w("hands-caption"), dealt=True)
        events = self.partnership_events() if isinstance(played.deal, HommeDeal) else self.phase_events()
        if played.deal.tricks:
            self.para(self.w("how-to-read"))
        blocks: list[str] = []
        for number, (leader, cards, winner) in enumerate(played.deal.tricks, 1):
            blocks += self.trick_block(number, leader, list(cards), winner, events.get(number, ([], [])))
        if blocks:
            self.lines += [".. container:: deal-tricks", ""] + indented(blocks)
        last = len(played.deal.tricks) + 1  # what was said in a trick the deal did not finish (a claim)
        said = [text for (number, _), texts in sorted(self._inline.items()) if number == last for text in texts]
        self.para(" ".join(events.get(last, ([], []))[0] + said))
        count: list[str] = [f".. rubric:: {self.w('count')}", "", ".. container:: deal-count", ""]
        body = self.partnership_count() if isinstance(played.deal, HommeDeal) else self.phase_count()
        self.lines += count + indented(body)
        return self.lines

    # -- the count ------------------------------------------------------------------------------------

    def _next_dealer(self, out: list[str]) -> None:
        following = self.played.next_dealer
        if following is not None:
            self.para(self.w("next-dealer", P=self.name(following),
                             cite=self.cite(clause_by_ending(self.rules, "match.next-dealer", "session.next-dealer",
                                                    "deal.next-dealer", "match.dealer"))), out)

    def partnership_table(self) -> tuple[list[str], list[list[str]]]:
        """The count of a partnership deal: a column per team, a row per line of the count."""
        rules = self.rules
        state = self.played.deal
        assert isinstance(state, HommeDeal)
        result = state.result()
        teams = self.team_order()
        header = [""] + [self.team_words(t) for t in teams]
        rows = [[self.w("tricks")] + [str(result.teams[t].tricks) for t in teams],
                [self.w("card-points")] + [str(result.teams[t].card_points) for t in teams],
                [self.w("rounded", cite=self.cite(clause_by_ending(rules, "count.rounding")))]
                + [str(result.teams[t].rounded_cards) for t in teams],
                [self.w("announced")] + [_signed(result.teams[t].announced) for t in teams],
                [self.w("table")] + [_signed(result.teams[t].table) for t in teams],
                [self.w("total")] + [_number(result.teams[t].total) for t in teams]]
        return header, rows

    def partnership_said(self) -> list[str]:
        """What a partnership deal came to (the game goes on, is won, a claim right or wrong...)
        and who deals next, as paragraphs; nothing for a deal played outside a game."""
        rules = self.rules
        state = self.played.deal
        assert isinstance(state, HommeDeal)
        result = state.result()
        teams = self.team_order()
        outcome = state.outcome
        if outcome is None:
            return []
        unit_name = str(rules.data["match"]["unit"])
        target = rules.data["game"]["target"]

        def marks_text() -> str:
            marked = [t for t in teams if outcome.marks[t]]
            if not marked:
                return ""
            t = marked[0]
            k = outcome.marks[t]
            unit = unit_name if k != 1 else unit_name.rstrip("s")
            if outcome.winner == t:
                return self.w("marks-winner", k=k, unit=unit)
            return self.w("marks-loser", team=self.team_words(t), k=k, unit=unit)

        scores = outcome.scores
        first, second = self.team_order()
        a, b = self.team_words(first), self.team_words(second)
        how = outcome.how
        if how == "all-tricks":
            t = result.all_tricks if result.all_tricks is not None else 0
            name = rules.data["game"]["all_tricks"]["name"]
            text = self.w("all-tricks", team=self.team_words(t), name=f"« {name} »" if self.lang == "fr" else
                          f'"{name}"', marks=marks_text(), cite=self.cite(clause_by_ending(rules, "game.cape", "game.vole")))
        elif how == "replay":
            text = self.w("replay", cite=self.cite(clause_by_ending(rules, "game.last-coup")))
        elif outcome.winner is None:
            text = self.w("game-on", target=target, a=a, b=b, x=_number(scores[first]), y=_number(scores[second]),
                          cite=self.cite(clause_by_ending(rules, "game.target")))
        elif how == "played-out":
            w = outcome.winner
            text = self.w("game-won", team=self.team_words(w), target=target, x=scores[w], y=scores[1 - w],
                          marks=marks_text(), cite=self.cite(clause_by_ending(rules, "game.last-coup", "game.value")))
        elif how in ("claim-right", "claim-wrong"):
            w = outcome.winner
            text = self.w(how, team=self.team_words(w), x=scores[w], y=scores[1 - w], marks=marks_text(),
                          cite=self.cite(clause_by_ending(rules, "game.dehors-wrong" if how == "claim-wrong" else "game.dehors",
                                                 "game.claim-right", "game.claim-wrong")))
        else:
            text = self.w("game-end", how=HOW.get(how, (how, how))[self.i], team=self.team_words(outcome.winner),
                          marks=marks_text())
        said: list[str] = []
        self.para(text, said)
        self._next_dealer(said)
        return said

    def partnership_count(self) -> list[str]:
        rules = self.rules
        header, rows = self.partnership_table()
        out = [".. container:: count-table", ""] + indented(self.table(header, rows))
        said = self.partnership_said()
        sides = len(rules.teams)  # the sheet's columns are the match's teams: team m holds players m, m + 2 ...
        names = [self.listed([self.name(p) for p in range(rules.n_players) if p % sides == m]) for m in range(sides)]
        self.para(self.w("nous-eux", a=names[0], b=names[1], nous=TEAMS[0], eux=TEAMS[1]), said)
        svg = _sheet(self.played.record, self.played.number, self.lang)
        return out + said + img_html(svg, "deal-sheet")

    def phase_table(self) -> tuple[list[str], list[list[str]]]:
        """The count of a deal of the phase games: a column per seat (in the order of play), a
        row for tricks, card points, each clause that made entries in the ledger, and the net."""
        played, rules = self.played, self.rules
        deal = played.deal
        assert isinstance(deal, PhaseDeal)
        n = rules.n_players
        seats = sorted(range(n), key=lambda s: played.players[s])
        header = [""] + [self.p(s) for s in seats]
        result = deal.seat_results()
        rows = [[self.w("tricks")] + [str(result[s].tricks) for s in seats]]
        if any(rules.points):
            rows.append([self.w("card-points")] + [str(result[s].card_points) for s in seats])
        kind = rules.data["session"]["kind"]
        unit = "jetons" if kind == "pool" else "points"
        by_clause: dict[str, list[Entry]] = {}
        for e in deal.ledger:
            by_clause.setdefault(e.clause, []).append(e)
        for clause, entries in by_clause.items():
            net = balances(entries, n)
            label = next((words[self.i] for ending, words in LEDGER_WORDS.items() if clause.endswith("." + ending)), "")
            rows.append([label + self.cite(clause)] + [_signed(net[s]) for s in seats])
        net = balances(deal.ledger, n)
        rows.append([f"{self.w('net')} ({self.w(unit)})"] + [_signed(net[s]) for s in seats])
        return header, rows

    def phase_said(self) -> list[str]:
        """Who won a deal of the phase games and who deals next, as paragraphs."""
        deal = self.played.deal
        assert isinstance(deal, PhaseDeal)
        said: list[str] = []
        self.para(self.phase_result(deal, deal.seat_results()), said)
        self._next_dealer(said)
        return said

    def phase_count(self) -> list[str]:
        played, rules = self.played, self.rules
        header, rows = self.phase_table()
        out = [".. container:: count-table", ""] + indented(self.table(header, rows))
        said = self.phase_said()
        kind = rules.data["session"]["kind"]
        record = played.record
        table = rules.table_size
        if kind == "pool":
            label = self.w("standing-pool", cave=record["cave"])
            values = [str(record["cave"] + j) for j in record["jetons"]]
        elif kind == "marks":
            label = self.w("standing-marks")
            values = [str(m) for m in record["marks"]]
        elif kind == "coups":
            label = self.w("standing-coups")
            values = [_signed(j) for j in record["jetons"]]
        else:
            label = self.w("standing-points")
            values = [str(t) for t in record["totals"]]
        standing = [f".. rubric:: {self.w('standings')}", "", ".. container:: count-table", ""]
        standing += indented(self.table([""] + [self.name(p) for p in range(table)], [[label] + values]))
        return out + said + standing

    def phase_result(self, deal: PhaseDeal, result: Sequence[Any]) -> str:
        rules = self.rules
        n = rules.n_players
        kind = rules.data["result"]["kind"]
        if deal.ended in ("not-turned", "all-passed"):
            return ""
        if isinstance(deal, HombreDeal) and deal.hombre is not None and deal.contract is not None:
            h = deal.hombre
            tricks = [sum(1 for _, _, w in deal.tricks if w == s) for s in range(n)]
            others = self.listed([tricks_alone(tricks[s], self.lang) for s in range(n) if s != h])
            net = balances(deal.ledger, n)[h]
            unit = self.w("point" if abs(net) == 1 else "points")
            key = {"won": "hombre-won", "remise": "hombre-remise", "codille": "hombre-codille",
                   "surrender": "hombre-surrender"}[deal.outcome or "won"]
            cite = self.cite(clause_by_ending(rules, "count.nolo" if deal.contract.nolo else "count.result"))
            return self.w(key, P=self.P(h), took=tricks_taken(tricks[h], self.lang), t=others,
                          b=self._contract_name(deal.contract.name), v=abs(net), unit=unit, cite=cite)
        if kind == "most-tricks" and deal.homme is not None:
            winner = deal_winner(n, [w for _, _, w in deal.tricks])
            if winner == deal.homme:
                return self.w("homme-won", P=self.P(deal.homme), cite=self.cite(clause_by_ending(rules, "count.won"), True))
            return self.w("homme-lost", P=self.P(deal.homme), w=self.p(winner),
                          cite=self.cite(clause_by_ending(rules, "count.lost"), True))
        winners = deal.winners() or []
        seats = sorted(s for side in winners for s in rules.teams[side])
        if not seats:
            return ""
        top = max(r.card_points for r in result) if len(rules.teams) == n else deal.side_points()[winners[0]]
        cite = self.cite(clause_by_ending(rules, "count.winner"))
        if len(winners) == 1 and len(seats) == 1:
            return self.w("most-points", P=self.P(seats[0]), k=top, cite=cite)
        return self.w("tie-points", ps=self.listed([self.p(s) for s in seats]), k=top, cite=cite)


def _number(value: int) -> str:
    """A number as the book prints it, with a true minus sign."""
    return str(value).replace("-", "\u2212")


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212") if value else "0"


def _sheet(record: dict[str, Any], upto_deal: int, lang: str) -> str:
    """The match's sheet after deal `upto_deal`, in `lang`."""
    return sheet_svg(record, upto_deal=upto_deal, lang=lang)


def comment(played: PlayedDeal, lang: str, numbers: Mapping[str, str] | None = None) -> list[str]:
    """reStructuredText lines: a finished deal commented trick by trick, with its count;
    `numbers` gives the rule number of each clause the commentary may cite (none: no rule is
    cited)."""
    if lang not in LANGS:
        raise ValueError(f"no language '{lang}' (known: {', '.join(LANGS)})")
    return _Writer(played, lang, numbers or {}).write()


@dataclass(frozen=True)
class Count:
    """The count of a finished deal in one language, as the booklet's commented deal gives it:
    the table (`header`, a column per team or seat; `rows`) and what the deal came to and who
    deals next (`said`, a paragraph each)."""

    header: list[str]
    rows: list[list[str]]
    said: list[str]


def deal_count(played: PlayedDeal, lang: str, numbers: Mapping[str, str] | None = None,
               names: Sequence[str] | None = None) -> Count:
    """The count of `played` in `lang` (brou web's end of a deal): rules cited by their
    `numbers` in the booklet, the table players called by `names` (default: their seats')."""
    if lang not in LANGS:
        raise ValueError(f"no language '{lang}' (known: {', '.join(LANGS)})")
    writer = _Writer(played, lang, numbers or {}, names)
    if isinstance(played.deal, HommeDeal):
        header, rows = writer.partnership_table()
        said = writer.partnership_said()
    else:
        header, rows = writer.phase_table()
        said = writer.phase_said()
    return Count(header, rows, [s for s in said if s])


def commented_deal(rules: Rules, seed: int, lang: str, numbers: Mapping[str, str] | None = None) -> list[str]:
    """reStructuredText lines: one deal of `rules` played from `seed` by careful players,
    commented trick by trick with pictures, ending with its count, in `lang`; rules cited by
    their `numbers` in the booklet."""
    if lang not in LANGS:
        raise ValueError(f"no language '{lang}' (known: {', '.join(LANGS)})")
    return comment(play_deal(rules, seed), lang, numbers)

"""Which rule a failure breaks: one clause for each failed scenario.

A hand-written scenario (ambiguity witnesses and mutation scenarios included) checks one
behaviour: its purpose, the first clause it lists; so does a boundary scenario
(brou.conformance.cases.boundary), written for one side of one clause's edge.  A generated scenario checks a whole deal
and lists every clause it touches; its failure is laid on the clause that decides the first
step that went wrong, found by playing the scenario with the reference engine up to that
step: for an action or a set of legal actions, the rule that makes the first action in
question legal or not (the lead, following suit, overtrumping and its exceptions, an
announcement, a claim...); for an observation, the rule that produces it (the trick's
winner, card points, rounding, table marriages, the game's outcome...).

The report (brou.conformance.reporting.report.shown_failures) groups failures by the clause they
name: the groups of the run's verdict (brou.conformance.diagnosis.localise) first, then the most named,
and on equal numbers by the order of the chapters (CHAPTERS).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, partial
from pathlib import Path
from typing import Any, Final

from ...cards.deal import cut_pack, packet_positions, shuffled_pack
from ...cards.shuffle import shuffled
from ...engine.homme import REFUSE_ACTION, parse_action
from ...engine.phases import PLAY as PHASE_PLAY
from ...engine.view import clause_of, view_clauses
from ...errors import ACTION_CODES, BrouError
from ...laws.auction import standing
from ...laws.auction import words as auction_words
from ...laws.contracts import contracts as contract_rows
from ...laws.contracts import has_auction, may_name
from ...laws.following import matadors_of
from ...laws.game import count_so_far, game_value, reaches_target
from ...laws.kings import scored_kings
from ...laws.marriages import marriage_in, value_of
from ...laws.payments import brusquembille_payments
from ...laws.results import SURRENDER, homme_entries
from ...laws.speech import PASS, SHOW, TURN, has_speech
from ...laws.talon import deal_with_talon
from ...spec.chapters import CHAPTERS
from ...spec.clauses import FUNCTIONS
from ...spec.rules import Rules, card_order, cards_of, in_ruleset
from ..judging.compare import FAILED, Verdict, bounded_values
from ..protocol.table import Table
from ..scenarios.corpus import Scenario, rules_for

# origins whose scenarios check one behaviour, their purpose
PURPOSEFUL = ("hand-written", "boundary")

# observables and the rule that produces them, by 1802 id (a ruleset that replaces the
# clause, Brouc, names its own: see brou.spec.rules.in_ruleset)
_OBSERVED = {"tricks": "hdb.play.trick-winner", "trick": "hdb.play.trick-winner", "to_act": "hdb.play.next-lead",
             "trump": "hdb.deal.turnup", "announcements": "hdb.marriage.announce-score", "table": "hdb.marriage.table",
             "match": "hdb.match.target", "sheet": "hdb.sheet.marque", "deal": "hdb.deal.packets"}
# observables whose difference names its rule whatever the scenario was written for
_PRECISE = ("result", "outcome", "table", "announcements", "tricks", "match", "sheet", "view")
_RESULT = {"tricks": "hdb.play.trick-winner", "card_points": "hdb.count.card-points", "marriages": "hdb.marriage.table",
           "rounded": "hdb.count.rounding", "total": "hdb.count.rounding"}
_OUTCOME = {"played-out": "hdb.game.last-coup", "replay": "hdb.game.last-coup", "all-tricks": "hdb.game.vole",
            "claim-right": "hdb.game.claim-right", "claim-wrong": "hdb.game.claim-wrong",
            "declaration-made": "hdb.game.partie-et-vole-success", "declaration-failed": "hdb.game.partie-et-vole-failure",
            "concession-accepted": "hdb.game.concession-answer"}
# games on the phase engine (Brusquembille): the rule behind each observable, and each field of `result`
_PHASE_OBSERVED = {"tricks": "brus.play.trick-winner", "trick": "brus.play.trick-winner", "to_act": "brus.play.next-lead",
                   "trump": "brus.deal.turned", "talon": "brus.talon.draw", "events": "brus.talon.draw",
                   "ledger": "brus.pay.brusquembille", "outcome": "brus.count.winner", "deal": "brus.deal.packets",
                   "legal": "brus.play.free", "speakers": "brus.play.free", "session": "brus.match.rounds"}
_PHASE_RESULT = {"tricks": "brus.play.trick-winner", "card_points": "brus.count.points", "jetons": "brus.pay.brusquembille"}
# ends of a deal whose marks are the game's value read on a count (the others have their own)
_VALUED_BY_GAME_VALUE = ("played-out", "claim-right", "claim-wrong", "concession-accepted")
_GAME_ACTIONS = {"claim": "hdb.game.claim", "declare": "hdb.game.partie-et-vole",
                 "declare-double": "brouc.game.cape-pas-dedouble", "concede": "hdb.game.concession",
                 "accept": "hdb.game.concession-answer", "refuse": "hdb.game.concession-answer"}


def chapter_rank(clause: str) -> int:
    """The position of a clause's chapter in the order of play (unknown chapters last)."""
    parts = clause.split(".")
    chapter = parts[1] if len(parts) > 2 else ""
    return CHAPTERS.index(chapter) if chapter in CHAPTERS else len(CHAPTERS)


def with_clause(s: Scenario, verdict: Verdict, whole: bool = False) -> Verdict:
    """A scenario's verdict with its failure laid on the clause it breaks (`failed_clause`),
    read from the values that differ whole (`judge(whole=True)`), which are then cut short
    (`bounded_values`) unless `whole`; a protocol failure (an answer not of the protocol's
    shape) breaks no rule, and any other verdict is as it was."""
    if verdict.status == FAILED and not verdict.protocol:
        verdict = verdict._replace(clause=failed_clause(s, verdict))
    return bounded_values(verdict) if verdict.status == FAILED and not whole else verdict


def failed_clause(s: Scenario, verdict: Verdict) -> str:
    """The one clause a failed scenario breaks (see the module's docstring): the clause that
    decides the failing step; for a hand-written or boundary scenario, whose actions and legal sets are
    about its purpose, that clause only if the step is a count or a record or the clause is
    one the scenario lists, its purpose otherwise."""
    purpose = s.clauses[0]
    if verdict.step is None:
        return purpose
    try:
        found = _diagnosed(s, verdict)
    except (BrouError, KeyError, ValueError, TypeError, IndexError):
        return purpose  # a scenario the reference cannot replay: its purpose stands
    if found is None:
        return purpose
    clause, precise = found
    if s.origin in PURPOSEFUL and not precise and clause not in s.clauses and not on_the_way(s, verdict):
        return purpose
    return clause


# the observables that are, or hold, lists of one entry per player, by his place (not records naming him)
_BY_PLAYER = frozenset({"result", "outcome", "session", "speakers"})


def _sized_for_another_table(rules: Rules, verdict: Verdict) -> bool:
    """Whether what differs is a list of one entry per player (the result's rows, the outcome's
    marks, `speakers`) holding more or fewer entries than play, the entries they share the
    reference's and any more blank (0, or rows of 0, or no actions): the lists of a table of
    another number of players."""
    if verdict.observed not in _BY_PLAYER:
        return False
    found = re.search(r": (?:list|(\w+)) has (\d+) entries, expected (\d+)", verdict.detail) \
        or re.search(r": ()(\d+) players given, expected (\d+)", verdict.detail)
    if found is None or int(found.group(3)) != rules.n_players or found.group(2) == found.group(3):
        return False
    want, got = verdict.expected, verdict.got
    if found.group(1) and isinstance(want, dict) and isinstance(got, dict):  # a field of a record: its list
        want, got = want.get(found.group(1)), got.get(found.group(1))
    if not isinstance(want, list) or not isinstance(got, list) or len(want) != rules.n_players:
        return False
    shared = min(len(want), len(got))

    def blank(entry: Any) -> bool:
        return entry in (0, None, []) or (isinstance(entry, dict) and all(v in (0, None) for v in entry.values()))
    return want[:shared] == got[:shared] and all(blank(e) for e in got[shared:])


def on_the_way(s: Scenario, verdict: Verdict) -> bool:
    """Whether the failure is an action of a `do` step refused where the reference takes it, with
    steps after it that check what the scenario is for: a move made on the way there, which the
    scenario takes for granted, refused with a code of when such a move may come (a word out of
    its phase, an announcement's moment), whose own rule, not the scenario's purpose, refused
    it. Not a refusal that says the program's deal went another way before it (another player
    to act, a card or a marriage not in the hand, the deal over), weighs the trick's cards by
    their order (following), or applies a rule of its own (a dehors round, a concession pending): the
    scenario's rule, played earlier in it, is the likelier cause."""
    steps = s.data.get("steps", [])
    number = verdict.step
    said = str(verdict.got)
    return (number is not None and 0 < number < len(steps) and "do" in steps[number - 1]
            and verdict.expected == "accepted" and said.removeprefix("refused: ") in _WHEN_CODES)


# the codes of when a move may come: the phase's, the moment's
_WHEN_CODES = frozenset({"word-not-now", "cards-not-yet", "announce-not-now", "announce-needs-trick", "claim-not-now",
                         "declaration-not-allowed", "concession-not-open", "pass-not-allowed", "play-in-window",
                         "bid-too-low", "cannot-name", "too-few-discards", "too-many-discards"})


def symptom_clause(s: Scenario, verdict: Verdict) -> str | None:
    """The clause that decides the failing step, whatever the scenario was written for (None
    when the reference cannot tell): where the failure shows."""
    if verdict.step is None:
        return None
    try:
        found = _diagnosed(s, verdict)
    except (BrouError, KeyError, ValueError, TypeError, IndexError):
        return None
    return None if found is None else found[0]


def _diagnosed(s: Scenario, verdict: Verdict) -> tuple[str, bool] | None:
    """(the clause, whether it was read off a count or a record rather than a legal set or
    an action), or None."""
    rules = rules_for(s)
    if _first_asked_after_a_draw(s, verdict):  # who deals (the draw's rule), then who is asked first
        drawn = in_ruleset(rules, f"{rules.data['clause_prefix']}.match.first-dealer")
        if drawn is not None:
            return drawn, True
    if _sized_for_another_table(rules, verdict) and (count := in_ruleset(rules, f"{rules.data['clause_prefix']}.players.count")):
        return count, True  # a list of the players with an entry too many or too few: how many play
    if has_auction(rules):
        return _diagnosed_hombre(rules, s, verdict)
    if has_speech(rules):
        return _diagnosed_speech(rules, s, verdict)
    if rules.on_phases:
        return _diagnosed_phase(rules, s, verdict)
    table = Table(rules, s.data["setup"])
    step, action = _replayed(table, s, verdict)
    if _turn_moved_on(table, verdict, action):
        return in_ruleset(rules, "hdb.marriage.announce-window") or "hdb.marriage.announce-window", False
    if _ended_at_target(table, step, verdict) and (played_out := in_ruleset(rules, "hdb.game.last-coup")):
        return played_out, True  # the coup stopped where a team reached the target: it is played out
    if action is not None:
        said = str(verdict.got)  # "refused: CODE" (the program refuses it), or "accepted"
        exposed = _turnup_in_question(table, [action]) and (
            "not-in-hand" in said if len(action) == 2 else "marriage-not-held" in said or said == "accepted")
        if not exposed and len(action) == 2 and (led := _lead_restricted(rules, table.state, verdict, action)):
            return led, True  # the program's own code names the check it made, at a lead where none applies
        held = _held(table, step.get("player"))
        short = held is not None and held < rules.smallest_marriage  # fewer cards than any marriage
        earlier = (_earlier_check(action, verdict, short) or _refused_by(rules, table.state, verdict, action)
                   or _open_only_by(verdict)
                   or (_overtrump_measured_otherwise(rules, table.state, [action], None)
                       if verdict.expected == "accepted" and "must-overtrump" in str(verdict.got) else None))
        clause = in_ruleset(rules, "hdb.deal.turnup-exposed" if exposed else earlier or action_clause(table, action))
        return None if clause is None else (clause, False)
    if "perft" in step:
        clause = in_ruleset(rules, "hdb.play.follow")
        return None if clause is None else (clause, False)
    if verdict.observed == "trick" and _last_trick_kept(table, step["expect"].get("trick"), verdict.got) \
            and (kept := in_ruleset(rules, "hdb.info.trick-open")) is not None:
        return kept, True  # the trick finished still on show: how long it lies open, not who won it
    want = step["expect"].get(verdict.observed or "")
    if verdict.observed == "tricks" and _one_teams_pile(want, verdict.got) \
            and (piles := in_ruleset(rules, "hdb.info.trick-piles")) is not None:
        return piles, True  # one team's tricks listed, the other's left out: the piles, not who won each
    if verdict.observed in _RECORDS and isinstance(want, list) and isinstance(verdict.got, list) \
            and _record_rewritten(table, verdict.observed, want, verdict.got) \
            and (record := in_ruleset(rules, _RECORDS[verdict.observed])) is not None:
        return record, True  # the same entries written otherwise: what the record shows, whatever the scenario is for
    clause = in_ruleset(rules, _observed_clause(table, step["expect"], verdict))
    # the deal's fields are records: a turned card apart while the hands agree is the turn-up's (as in every game)
    return None if clause is None else (clause, verdict.observed in _PRECISE or verdict.observed == "deal")


def _one_teams_pile(want: Any, got: Any) -> bool:
    """Whether the winners of the tricks given are the reference's with some left out, those
    kept all of one team and those left out all of the other (a team is players 0 and 2, or 1
    and 3): the tricks of one team's pile only."""
    if not isinstance(want, list) or not isinstance(got, list) or not got or len(got) >= len(want):
        return False
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in (*want, *got)):
        return False
    kept = {p % 2 for p in got}
    left = [p for p in want if p % 2 not in kept]
    return len(kept) == 1 and [p for p in want if p % 2 in kept] == got and len(left) == len(want) - len(got)


def _ended_at_target(table: Table, step: Mapping[str, Any], verdict: Verdict) -> bool:
    """Whether the program ends a deal inside a game (an action refused `deal-over`, nothing
    legal, nobody to act, `over`) that the reference plays on, once a team's count has reached
    the target: a coup that takes a team there is played out (hdb.game.last-coup), not ended."""
    state = table.state
    if getattr(state, "context", None) is None or state.is_over:
        return False
    name, got, want = verdict.observed, verdict.got, step.get("expect", {}).get(verdict.observed or "")
    ended = (name is None and isinstance(got, str) and "deal-over" in got and verdict.expected != "deal-over") \
        or (name == "legal" and got == [] and want) or (name == "to_act" and got is None and want is not None) \
        or (name == "over" and got is True)
    return bool(ended) and any(reaches_target(state.rules, count_so_far(state, t)) for t in range(2))


def _valued_on_winners(rules: Rules, want: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """Whether the program's marks are the game's value read on the winners' count where the
    reference reads it on the losers' (an outcome giving both teams' scores)."""
    winner, scores, marks = want.get("winner"), want.get("scores"), got.get("marks")
    if winner not in (0, 1) or not isinstance(scores, list) or len(scores) != 2 or not isinstance(marks, list) \
            or len(marks) != 2 or not all(isinstance(x, int) for x in scores):
        return False
    return bool(marks[winner] == game_value(rules, scores[winner]) != game_value(rules, scores[1 - winner]))


def _view_plays_on(verdict: Verdict) -> bool:
    """Whether a view asks someone to act where the reference's deal is over, or nobody where
    it plays on; or gives its phase as over where the reference's goes on, or the other way."""
    found = re.search(
        r'\]\.((to_act) is (\d+, expected null|null, expected \d+)|(phase) is ("over", expected "\w+"|"\w+", expected "over"))',
        verdict.detail)
    return verdict.observed == "view" and found is not None and not _shown_to_some(
        verdict.expected, verdict.got, found.group(2) or found.group(4))


def _shown_to_some(want: Any, got: Any, field: str) -> bool:
    """Whether the program's views give `field` as the reference's do to some players and withhold
    it (null, or left out) from the others, where every view of the reference's gives it alike:
    a fact open to all shown to some players only (what each may see), not the deal gone
    otherwise."""
    if not isinstance(want, list) or not isinstance(got, list) or len(want) != len(got) or len(got) < 2:
        return False
    wanted = [w.get(field, _UNSEEN) for w in want if isinstance(w, dict)]
    given = [g.get(field, _UNSEEN) for g in got if isinstance(g, dict)]
    if len(wanted) != len(given) or len(given) != len(got) or len(set(map(repr, wanted))) != 1 \
            or wanted[0] is _UNSEEN or wanted[0] is None:
        return False
    return wanted[0] in given and any(g is None or g is _UNSEEN for g in given)


_UNSEEN = object()  # a view that does not give the field


def _turn_moved_on(table: Table, verdict: Verdict, action: str | None) -> bool:
    """Whether, right after a player's announcement, with the reference still waiting for his
    card, the program has another player act: asks another (`to_act`), offers another's cards
    (`legal`) or refuses the announcer's card as not in hand. What an announcement does to the
    turn is the announcement window's (it leaves the turn with the announcer), not who leads."""
    state = table.state
    if not state.history or not state.announcements \
            or not state.rules.n_indices <= state.history[-1] < state.rules.pass_action:
        return False
    announcer = state.announcements[-1][0]
    if state.to_act != announcer:
        return False
    cards = {state.rules.card_text(c) for c in cards_of(state.hands[announcer])}
    if action is not None:
        return "not-in-hand" in str(verdict.got) and verdict.expected == "accepted" and str(action) in cards
    name, got = verdict.observed, verdict.got
    if name == "to_act":
        return isinstance(got, int) and not isinstance(got, bool) and _seat_of(table, got) != announcer
    if name == "legal" and isinstance(got, list):
        given = [a for a in got if isinstance(a, str) and len(a) == 2]
        return bool(given) and not cards & set(given)
    return False


# an announcement is checked in this order (docs/errors.md, "When several rules refuse one action"): the
# moment (the window; Brouc's trick for the team) before the hand (the cards held, not reused)
_ANNOUNCE_MOMENT_CODES = {"announce-not-now": "hdb.marriage.announce-window",
                          "announce-needs-trick": "hdb.marriage.announce-window"}
_ANNOUNCE_HAND_CODES = frozenset({"marriage-not-held", "marriage-reused"})


# the pack of each game: which cards there are (`unknown-card`, checked right after the text, docs/errors.md).
# It is named for that one refusal alone: every other fault of the pack (a card's rank, its points)
# shows in the rules that read it, so it stays out of `nameable` and keeps that evidence
PACK_RULES: Final = ("hdb.deck.cards", "brus.deck.cards", "auv.deck.cards", "hom.deck.cards")
# the rule whose check gives a refusal code, by game (docs/errors.md): the first clause of the ruleset
_CODE_RULES = {"must-follow-suit": ("brouc.play.follow", "hdb.play.follow", "auv.play.follow", "hom.play.follow",
                                     "brus.play.free"),  # (Brusquembille: its reading following_after_talon)
               # an announcement's moment (the window; Brouc's trick for the team), checked before the hand
               **{code: ("brouc.marriage.announce-window", "hdb.marriage.announce-window")
                  for code in _ANNOUNCE_MOMENT_CODES},
               "must-overtrump": ("brouc.play.overtrump",), "no-undertrump": ("brouc.play.no-undertrump",),
               "must-trump": ("auv.play.trump-if-void",),
               "deal-over": ("brus.talon.last-tricks",),  # Brusquembille: how long play lasts
               "concession-pending": ("hdb.game.concession",),  # a concession open: its answer first
               "unknown-card": PACK_RULES}
# a card before play, or a word the phase does not take: the rule of the phase the deal is in
_NOT_YET_RULES = {"turn-offer": "auv.turn.offer", "speech": "auv.speech.round", "showing": "auv.king.show",
                  "auction": "hom.auction.order", "declare": "hom.contract.demande", "exchange": "hom.exchange.hombre"}


# how a deal can end in each phase, where the program ends it and the reference goes on: the auction
# passed out, the card left by all, every word a pass, Brusquembille's last tricks
_PHASE_ENDS = {"auction": "hom.auction.all-pass", "turn-offer": "auv.turn.nobody", "speech": "auv.speech.rejouissance",
               "play": "brus.talon.last-tricks"}


# how the reference's deal ended unplayed, where the program goes on with it
_UNPLAYED_ENDS = {"not-turned": ("auv.turn.nobody",), "all-passed": ("auv.speech.rejouissance", "hom.auction.all-pass")}


def _ended_unplayed(rules: Rules, state: Any, verdict: Verdict) -> str | None:
    """The other way round from `_ended_early`: the reference's deal is over unplayed (nobody
    turned the card, every word a pass, the auction passed out) and the program goes on (an
    action refused with another code than `deal-over`, or a player asked where the reference asks
    nobody): the rule that ended it (`_UNPLAYED_ENDS`); None otherwise."""
    rule = _UNPLAYED_ENDS.get(str(getattr(state, "ended", "")))
    got = verdict.got
    going_on = (verdict.observed is None and verdict.expected == "deal-over" and isinstance(got, str)
                and "deal-over" not in got) or (verdict.observed == "to_act" and verdict.expected is None and got is not None)
    return next((c for c in rule if in_ruleset(rules, c) == c), None) if rule and going_on else None


def _ended_apart(rules: Rules, state: Any, verdict: Verdict) -> str | None:
    """Where the program and the reference disagree on whether the deal is over: the rule of how
    it ends (`_ended_early`, `_ended_unplayed`); None otherwise."""
    return _ended_early(rules, state, verdict) or _ended_unplayed(rules, state, verdict)


def _ended_early(rules: Rules, state: Any, verdict: Verdict) -> str | None:
    """Where the program ends the deal and the reference goes on (an action the reference takes
    refused `deal-over`, or nobody asked where the reference asks a player): the rule of how a
    deal ends in the phase it is in (`_PHASE_ENDS`); None otherwise."""
    got = verdict.got
    ended = (verdict.observed is None and isinstance(got, str) and "deal-over" in got and verdict.expected != "deal-over") \
        or (verdict.observed == "to_act" and got is None and verdict.expected is not None)
    if ended and getattr(state, "phase", "") == "speech" and _suit_come_again(rules, state):
        return in_ruleset(rules, "auv.speech.trump")  # a suit turned again ends nothing: it may be played now
    return in_ruleset(rules, _PHASE_ENDS.get(str(getattr(state, "phase", "")), "")) if ended else None


def _suit_come_again(rules: Rules, state: Any) -> bool:
    """Whether the card turned last (a réjouissance's) is of a suit turned before in this deal."""
    turned = [rules.suit_of[c] for _, c in getattr(state, "turned", ())]
    return len(turned) > 1 and turned[-1] in turned[:-1]


def _nolo_black_aces(table: Table, name: str | None, want: Any, got: Any) -> str | None:
    """In a nolo (no trump), where what differs turns on a card that is a matador whatever the
    trump (the espadille and the baste), the rule it breaks: the legal cards apart holding one, or
    the first trick apart won by one as a trump (of another suit than the one led, or above the
    king, queen or jack of its own), is `hom.contract.nolo` (in a nolo they are cards of their
    suits); the first trick apart turning on one within its suit otherwise is its rank there,
    `hom.deck.nolo-order`. None where no such card is in question."""
    rules, state = table.rules, table.state
    if state.contract is None or not state.contract.nolo or name not in ("legal", "tricks"):
        return None
    always = sum(1 << c for c in rules.pack_cards)
    for suit in range(len(rules.suits)):
        always &= matadors_of(rules, suit)
    if not always:
        return None
    if name == "legal":
        apart = {str(c) for c in (want if isinstance(want, list) else [])} ^ {
            str(c) for c in (got if isinstance(got, list) else [])}
        return "hom.contract.nolo" if any(_is_card(rules, c) and always >> rules.card(c) & 1 for c in apart) else None
    if not isinstance(want, list) or not isinstance(got, list):
        return None
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        if w == g:
            continue
        if i >= len(state.tricks) or not any(always >> c & 1 for c in state.tricks[i][1]):
            return None
        leader, cards, _ = state.tricks[i]
        seat = _seat_of(table, g)
        if not isinstance(seat, int) or not 0 <= (seat - leader) % rules.n_players < len(cards):
            return "hom.contract.nolo"
        won = cards[(seat - leader) % rules.n_players]
        led = rules.suit_of[cards[0]]
        if not always >> won & 1:
            return "hom.deck.nolo-order"
        honours = any(rules.suit_of[c] == led and rules.ranks[c % len(rules.ranks)] in "KQJ" for c in cards)
        return "hom.contract.nolo" if rules.suit_of[won] != led or honours else "hom.deck.nolo-order"
    return None


def _refused_by(rules: Rules, state: Any, verdict: Verdict, action: str | None = None) -> str | None:
    """An action both refuse, the program with another code than the reference's: the rule whose
    check gives the reference's code (following suit, overtrumping, not undertrumping, trumping
    when void; an announcement's moment; an open concession; a card before play or a word out of
    its phase, the phase's rule; a card after Brusquembille's last trick, how long play lasts; a
    card of no pack, the pack's) is the one the program applied otherwise. A card the reference
    knows refused `unknown-card`, whether the reference refuses it too or takes it, is the pack's
    rule too: the program's pack lacks it (not a word
    that names no card, `action`, refused so: that is no card of any pack). None for any other
    code, or where both give the same."""
    want, got = verdict.expected, verdict.got
    if want == "accepted" and got == "refused: unknown-card" and action is not None and _card_name(action.strip()):
        if _whole_pack_form(rules, action.strip()):
            return "brus.players.forms"  # a seven taken out with two or four, who play with the whole pack
        return next((c for c in PACK_RULES if in_ruleset(rules, c) == c), None)  # a card its pack lacks
    if not isinstance(want, str) or not isinstance(got, str) or want == got or got not in ACTION_CODES:
        return None
    if got == "unknown-card" and want in ACTION_CODES:
        if action is not None and not _card_name(action.strip()):
            return None
        return next((c for c in PACK_RULES if in_ruleset(rules, c) == c), None)
    if want in ("cards-not-yet", "word-not-now"):  # a card, or a word, the phase does not take now
        return in_ruleset(rules, _NOT_YET_RULES.get(str(getattr(state, "phase", "")), ""))
    return next((c for c in _CODE_RULES.get(want, ()) if in_ruleset(rules, c) == c), None)


def _whole_pack_form(rules: Rules, card: str) -> bool:
    """Whether, in Brusquembille played by two or by four (brus.players.forms: the whole 32-card
    pack), `card` is a seven, one of those the pack of three or five leaves out."""
    return (in_ruleset(rules, "brus.players.forms") == "brus.players.forms" and rules.n_players in (2, 4)
            and len(card) == 2 and card[0] == "7")


def _overtrump_measured_otherwise(rules: Rules, state: Any, refused: Sequence[str], demanded: Sequence[str] | None) -> str | None:
    """Trumps the reference allows, refused by the program (as `must-overtrump`, or left out of its
    legal set, which holds only trumps above another trump of the trick, `demanded`), from a player
    who cannot beat the best trump in the trick but holds one above another trump of it: the program
    measures the overtrump against that other trump (the first, the last), and the rule of what
    "higher" means is broken (brouc.play.overtrump), not the exception that lets the card be played."""
    if rules.following != "brouc" or not state.trick or state.trump is None or state.trump < 0 or not refused:
        return None
    cards = [rules.card(c) for c in (*refused, *(demanded or ())) if len(c) == 2]
    if len(cards) != len(refused) + len(demanded or ()) or any(rules.suit_of[c] != state.trump for c in cards):
        return None
    below = cards[: len(refused)]
    trumps = state.hands[state.to_act] & rules.suit_mask[state.trump]
    best = state.best_card()
    others = [c for c in state.trick if rules.suit_of[c] == state.trump and c != best]
    if rules.suit_of[best] != state.trump or trumps & rules.stronger[best] or not others:
        return None
    above = [c for c in others if trumps & rules.stronger[c] and not any(rules.stronger[c] >> r & 1 for r in below)]
    if not above:
        return None
    if demanded is not None:  # its legal set: exactly the trumps above one of those others
        given = sum(1 << rules.card(c) for c in demanded)
        if not any(given == trumps & rules.stronger[o] for o in above):
            return None
    return "brouc.play.overtrump"


_FOLLOWING_CODES = frozenset({"must-follow-suit", "must-trump", "must-overtrump", "no-undertrump"})
_WHAT_MAY_BE_PLAYED = ("brouc.play.follow", "hdb.play.follow", "auv.play.follow", "hom.play.follow", "brus.play.free")


def _lead_restricted(rules: Rules, state: Any, verdict: Verdict, action: str | None) -> str | None:
    """A lead the reference allows and the program does not, from the player the reference asks:
    a card refused with a code of following (there is no card to follow), or a legal set that is
    only a part of his cards: the program restricts what may be led, which the rule of what may be
    played decides (L'Homme d'Auvergne's says a trump may be led); not who leads (`*.play.lead`:
    the program would then ask another player). None otherwise."""
    if getattr(state, "phase", "play") != "play" or state.trick or state.to_act is None:
        return None
    if action is not None:
        said = str(verdict.got)
        refused = verdict.expected == "accepted" and said.startswith("refused") and any(c in said for c in _FOLLOWING_CODES)
    else:
        want, got = verdict.expected, verdict.got
        if verdict.observed != "legal" or not isinstance(want, list) or not isinstance(got, list):
            return None
        cards = [c for c in want if isinstance(c, str) and _is_card(rules, c)]
        given = {c for c in got if isinstance(c, str)}
        refused = bool(given) and given < set(cards) and all(_is_card(rules, c) for c in given)
    return next((c for c in _WHAT_MAY_BE_PLAYED if in_ruleset(rules, c) == c), None) if refused else None


# refusals that say a state is open that only one rule opens: where the reference takes the
# action, the program opened that state where the rule does not let it be opened
_OPENED_BY = {"concession-pending": "hdb.game.concession"}


def _open_only_by(verdict: Verdict) -> str | None:
    """An action the reference takes, refused by the program with the code of a state one rule
    alone opens (a concession waiting for its answer): that rule (when a concession may be
    offered), not the action's own."""
    if verdict.expected != "accepted" or not isinstance(verdict.got, str):
        return None
    return _OPENED_BY.get(verdict.got.removeprefix("refused: "))


def _earlier_check(action: str, verdict: Verdict, short: bool = False) -> str | None:
    """An announcement refused, by the program, with the code of another check than the one the
    reference refuses it by: where the program's check is made first (the moment's, where the
    reference found the moment right and the hand wrong), it fired where it should not have,
    and its rule is the one broken; where the program's is made after (the hand's, where the
    reference refuses the moment), the program made it first: the hand's rule, out of its order
    (docs/errors.md); None otherwise. But an announcer holding fewer cards than any marriage has
    (`short`) is refused by the moment (docs/errors.md, `announce-not-now`): a program refusing him only as
    not holding the marriage left that out of the moment's rule (the window's)."""
    if not action.startswith("announce") or not isinstance(verdict.expected, str) or not isinstance(verdict.got, str):
        return None
    if verdict.expected in _ANNOUNCE_HAND_CODES:
        return _ANNOUNCE_MOMENT_CODES.get(verdict.got)
    if verdict.expected in _ANNOUNCE_MOMENT_CODES and verdict.got in _ANNOUNCE_HAND_CODES:
        if verdict.expected == "announce-not-now" and short:
            return "hdb.marriage.announce-window"
        return "hdb.marriage.announce-in-hand"
    return None


def _held(table: Table, player: Any) -> int | None:
    """How many cards the player acting holds (the `player` a step names, else the one to act),
    or None where the deal has no hands to count."""
    state = table.state
    seat = _seat_of(table, player) if player is not None else getattr(state, "to_act", None)
    hands = getattr(state, "hands", None)
    if not isinstance(seat, int) or not isinstance(hands, (list, tuple)) or not 0 <= seat < len(hands):
        return None
    hand = hands[seat]
    return hand.bit_count() if isinstance(hand, int) else len(hand)


def _session_carried_in(session: Any, want: Any, got: Any, field: str) -> bool:
    """Whether a deal's result per player (`field` of each row) is the reference's plus what the
    deals before it left (`setup.session`): the game's running totals given as one deal's."""
    before = session.get(field) if isinstance(session, dict) else None
    if not (isinstance(before, list) and any(before) and isinstance(want, list) and isinstance(got, list)
            and len(want) == len(got) == len(before)):
        return False
    return all(isinstance(w, dict) and isinstance(g, dict) and isinstance(w.get(field), int) and isinstance(b, int)
               and g.get(field) == w[field] + b for w, g, b in zip(want, got, before, strict=True))


def _diagnosed_phase(rules: Rules, s: Scenario, verdict: Verdict) -> tuple[str, bool] | None:
    """`_diagnosed` for a game on the phase engine: its actions are cards, whose rule is
    `brus.play.free` (with `following_after_talon` its follow-suit reading); an observable
    names its rule, a field of `result` or of `view` its own."""
    number = verdict.step
    assert number is not None
    step = s.data["steps"][number - 1]
    if "expect" not in step or verdict.observed in ("legal", "speakers"):
        table = Table(rules, s.data["setup"])
        _, action = _replayed(table, s, verdict)
        clause = (_hand_clause(table, verdict, "brus") or _ended_early(rules, table.state, verdict)
                  or _refused_by(rules, table.state, verdict, action))
        return _in_ruleset_pair(rules, clause or "brus.play.free", False)
    name, got = verdict.observed, verdict.got
    over_apart = name == "over" and isinstance(got, bool) and got != step["expect"].get("over")
    if over_apart or (name == "to_act" and (got is None) != (step["expect"].get("to_act") is None)) \
            or _view_plays_on(verdict):
        # the program ends the deal where the reference plays on, or plays on (someone asked to
        # act) where the reference has ended it: the rule of how long play lasts
        ended = _in_ruleset_pair(rules, "brus.talon.last-tricks", True)
        if ended is not None:
            return ended
    if name == "to_act" and isinstance(got, int):
        table = Table(rules, s.data["setup"])
        _replayed(table, s, verdict)
        state = table.state
        if state.tricks and not state.trick and state.phase == PHASE_PLAY:
            asked = _seat_of(table, got)
            return _in_ruleset_pair(rules, _brus_next_lead(state, asked), False)
    if name == "result" and isinstance(got, list):
        want = step["expect"].get("result", [])
        for field, clause in _PHASE_RESULT.items():
            if any(isinstance(g, dict) and field in w and w[field] != g.get(field) for w, g in zip(want, got, strict=False)):
                if field == "tricks" and _totals_apart(want, got, field):
                    # more (or fewer) tricks than were played: what is counted, not who won each
                    return _in_ruleset_pair(rules, "brus.count.points", True)
                played = _played_to(rules, s, verdict) if field == "card_points" else None
                if played is not None and _last_trick_apart(played, want, got, played.player):
                    return _in_ruleset_pair(rules, "brus.count.points", True)  # what the last trick earns
                if field == "card_points" and played is not None and _none_counted_yet(played.state, want, got):
                    return _in_ruleset_pair(rules, "brus.count.points", True)  # none counted yet mid-deal: when
                if field == "card_points" and _total(got, field) != _total(want, field) \
                        and (played is None or _ranks_worth_otherwise(played, want, got)):
                    return _in_ruleset_pair(rules, "brus.deck.points", True)  # the cards count otherwise
                if field == "jetons" and _paid_where_none_are(rules, _played_to(rules, s, verdict).state, want, got):
                    return _in_ruleset_pair(rules, "brus.pay.when", True)  # paid in a form or game that pays none
                if field == "jetons" and _stake_apart(rules, want, got):
                    return _in_ruleset_pair(rules, "brus.stakes.pool", True)  # each one's fiche in the pool, or not
                if field == "jetons" and _session_carried_in(s.data["setup"].get("session"), want, got, field):
                    return _in_ruleset_pair(rules, "brus.match.rounds", True)  # the deals before added to this one's
                return _in_ruleset_pair(rules, clause, True)
        return None
    if name == "view":
        found = re.search(r"\[(\d+)\]\.(\w+)", verdict.detail)
        if found and _shown_to_some(step["expect"].get("view"), got, found.group(2)):
            # open to all, shown to some: what the field's rule of what is public says, else what each may see
            shown = clause_of(rules, found.group(2)) or ""
            return _in_ruleset_pair(rules, shown if ".info." in shown else "brus.info.own-hand", True)
        if found and found.group(2) == "turnup_drawn_by" and isinstance(got, list):
            view = got[int(found.group(1))] if int(found.group(1)) < len(got) else None
            if isinstance(view, dict) and isinstance(view.get("turnup_drawn_by"), int):
                return _in_ruleset_pair(rules, "brus.talon.last-draw", True)  # shown, to another drawer
        return _in_ruleset_pair(rules, clause_of(rules, found.group(2)) if found else None, True)
    if name == "events" and isinstance(got, list):
        table = Table(rules, s.data["setup"])
        _replayed(table, s, verdict)
        if _turnup_drawn_apart(table, step["expect"].get("events"), got):
            return _in_ruleset_pair(rules, "brus.talon.last-draw", True)
    if name == "session":
        dealt = _session_field(verdict)
        if dealt is not None:
            return _in_ruleset_pair(rules, dealt, True)
        if _jetons_shifted(step["expect"].get("session"), got):
            return _in_ruleset_pair(rules, "brus.stakes.pool", True)  # every player's jetons off by one sum: the stake held
        if rules.data["session"]["kind"] == "points" or _session_apart(verdict) == "totals":
            # the card points added up deal after deal, in the game for points or not
            return _in_ruleset_pair(rules, "brus.match.points", True)
    if name == "ledger":
        want = step["expect"].get("ledger")
        if _another_form(rules, _pool_payees(want), _pool_payees(got)):
            return _in_ruleset_pair(rules, "brus.players.forms", True)  # the pool paid to the sides of another form
        table = Table(rules, s.data["setup"])
        _replayed(table, s, verdict)
        if _last_tricks_unpaid(table.state, want, got):
            return _in_ruleset_pair(rules, "brus.talon.last-tricks", True)  # the tricks without a draw not played alike
        return _in_ruleset_pair(rules, _ledger_clause(rules, want, got), True)
    if (name == "outcome" and isinstance(got, dict) and isinstance(want := step["expect"].get("outcome"), dict)
            and _another_form(rules, _players_in(want.get("winners")), _players_in(got.get("winners")))):
        return _in_ruleset_pair(rules, "brus.players.forms", True)  # the winners are a side of another form
    if (name == "outcome" and isinstance(got, dict) and isinstance(want := step["expect"].get("outcome"), dict)
            and _partners_apart(rules, want, got)):
        return _in_ruleset_pair(rules, "brus.count.points", True)  # each his own tricks' points: partners add theirs
    if name == "deal":
        return _in_ruleset_pair(rules, _deal_field(rules, verdict, "brus.deal.packets", s), True)
    if name == "events" and _withheld(step["expect"].get("events"), got):
        return _in_ruleset_pair(rules, "brus.info.turned", True)  # cards drawn as the rules say, not shown: what is public
    if name == "trick":
        table = Table(rules, s.data["setup"])
        _replayed(table, s, verdict)
        shown = step["expect"].get("trick")
        if _last_trick_kept(table, shown, got) or _reordered(shown, got):
            return _in_ruleset_pair(rules, "brus.info.trick-open", True)  # a finished trick on show, or its cards reordered
    if name == "tricks":
        table = Table(rules, s.data["setup"])
        _replayed(table, s, verdict)
        order = _tricks_clause(table, verdict, step["expect"].get("tricks"))
        return _in_ruleset_pair(rules, order or "brus.play.trick-winner", True)
    return _in_ruleset_pair(rules, _PHASE_OBSERVED.get(name or ""), name in _PRECISE or name in ("events", "ledger"))


def _last_tricks_unpaid(state: Any, want: Any, got: Any) -> bool:
    """Brusquembille: whether the ledger given is the one expected without the brusquembilles of
    the tricks played once the stock is gone, and only those: the last tricks not played "in the
    same way" as the others (brus.talon.last-tricks), the payments themselves right."""
    drawn = _drawing_tricks(state)
    if not isinstance(want, list) or not isinstance(got, list) or not drawn:
        return False
    kept = [e for e in want if not (isinstance(e, dict) and e.get("clause") == "brus.pay.brusquembille"
                                    and isinstance(e.get("trick"), int) and e["trick"] > drawn)]
    return len(kept) < len(want) and got == kept


def _jetons_shifted(want: Any, got: Any) -> bool:
    """Whether a session's `jetons` give every player the reference's net jetons plus one same
    sum (the jetons each holds from the start counted in): what a player starts with, the stake
    (brus.stakes.pool), not what the deals moved."""
    w = want.get("jetons") if isinstance(want, dict) else None
    g = got.get("jetons") if isinstance(got, dict) else None
    if not (isinstance(w, list) and isinstance(g, list) and len(w) == len(g) > 1
            and all(isinstance(x, int) for x in (*w, *g))):
        return False
    shifts = {y - x for x, y in zip(w, g, strict=True)}
    return len(shifts) == 1 and shifts != {0}


def _pool_payees(entries: Any) -> set[int]:
    """The players a ledger pays from the pool."""
    return {e["to"] for e in entries if isinstance(e, dict) and e.get("from") == "pool" and isinstance(e.get("to"), int)} \
        if isinstance(entries, list) else set()


def _players_in(players: Any) -> set[int]:
    return {p for p in players if isinstance(p, int)} if isinstance(players, list) else set()


@cache
def _other_forms(ruleset: str, teams: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The sides of each other form of the game (parameter `form`) for as many players."""
    n = sum(len(t) for t in teams)
    out = []
    for option in Rules.load(ruleset).data["parameters"].get("form", {}).get("options", []):
        other = tuple(tuple(t) for t in Rules.load(ruleset, form=option).data["players"]["teams"])
        if other != teams and sum(len(t) for t in other) == n:
            out.append(other)
    return tuple(out)


@cache
def _other_pairings(teams: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The other ways to seat the same players in sides of two (the partners of four in two
    pairs read as the other neighbours, or as the players opposite); none where a side is not
    a pair."""
    if not teams or any(len(t) != 2 for t in teams):
        return ()
    players = sorted(p for t in teams for p in t)

    def pairings(rest: list[int]) -> list[tuple[tuple[int, ...], ...]]:
        if not rest:
            return [()]
        first, others = rest[0], rest[1:]
        return [((first, mate), *more) for mate in others for more in pairings([p for p in others if p != mate])]

    ours = {frozenset(t) for t in teams}
    return tuple(p for p in pairings(players) if {frozenset(t) for t in p} != ours)


def _partners_apart(rules: Rules, want: dict[str, Any], got: dict[str, Any]) -> bool:
    """Whether the outcome's points give each player of a pair the card points of his own
    tricks, where the reference gives each the pair's total (brus.count.points)."""
    teams = [tuple(t) for t in rules.data["players"]["teams"]]
    w, g = want.get("points"), got.get("points")
    if not (isinstance(w, list) and isinstance(g, list) and len(w) == len(g) and w != g
            and all(isinstance(x, int) for x in (*w, *g)) and any(len(t) > 1 for t in teams)):
        return False
    try:
        return all(w[p] == sum(g[q] for q in t) for t in teams for p in t)
    except (IndexError, TypeError):
        return False


def _another_form(rules: Rules, wanted: set[int], given: set[int]) -> bool:
    """Whether the players the program names (the deal's winners, or those paid from the pool)
    are whole sides of another form of the game for as many players, or of another pairing of
    its pairs, where the reference's are not (four in two pairs for four each for himself; the
    partners read as the other neighbours): the form's rule (brus.players.forms). The other way
    round (each for himself where the form has pairs) is not told apart from a pair's share
    paid to one of its players, and is not named here."""
    if not given or given == wanted:
        return False
    ours = tuple(tuple(t) for t in rules.data["players"]["teams"])

    def whole(players: set[int], sides: tuple[tuple[int, ...], ...]) -> bool:
        return all(set(t) <= players or not set(t) & players for t in sides)

    return any(whole(given, other) and not whole(wanted, other)
               for other in (*_other_forms(str(rules.data["id"]), ours), *_other_pairings(ours)))


def _stake_apart(rules: Rules, want: Any, got: Any) -> bool:
    """Whether every player's jetons differ from the reference's by one fiche, the same way for
    all: the stake each puts in the pool left out of his count, or counted twice
    (`brus.stakes.pool`), not what any payment moves (a payment takes from one, gives another)."""
    fiche = rules.data.get("stakes", {}).get("fiche")
    if not isinstance(fiche, int) or not fiche or not isinstance(want, list) or not isinstance(got, list) \
            or len(want) != len(got) or len(want) < 2:
        return False
    apart = {g["jetons"] - w["jetons"] if isinstance(w, dict) and isinstance(g, dict) and isinstance(w.get("jetons"), int)
             and isinstance(g.get("jetons"), int) else None for w, g in zip(want, got, strict=True)}
    return apart in ({fiche}, {-fiche})


def _paid_where_none_are(rules: Rules, state: Any, want: Any, got: Any) -> bool:
    """Whether the program pays brusquembilles where the form or the game pays none
    (`brus.pay.when`): each player's jetons differ from the reference's by exactly what the
    brusquembilles of the tricks played would have paid (`brus.pay.brusquembille`)."""
    n = rules.n_players
    if (rules.pays_brusquembilles or not any(rules.jetons) or not isinstance(want, list) or not isinstance(got, list)
            or len(want) != n or len(got) != n):
        return False
    extra = [0] * n
    for leader, cards, winner in state.tricks:
        for e in brusquembille_payments(rules, [((leader + i) % n, c) for i, c in enumerate(cards)], winner, 1):
            extra[e.giver] -= e.jetons
            extra[e.taker] += e.jetons
    apart = [g["jetons"] - w["jetons"] if isinstance(w, dict) and isinstance(g, dict) and isinstance(w.get("jetons"), int)
             and isinstance(g.get("jetons"), int) else None for w, g in zip(want, got, strict=True)]
    return any(extra) and apart == extra


def _turnup_drawn_apart(table: Any, want: Any, got: list[Any]) -> bool:
    """Whether the first event that differs is the draw of the turned card, as expected or as
    given (brus.talon.last-draw: who draws it)."""
    turnup = table.state.deal.turnup
    if turnup < 0 or not isinstance(want, list):
        return False
    text = table.rules.card_text(turnup)
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else None
        g = got[i] if i < len(got) else None
        if w != g:
            return any(isinstance(e, dict) and e.get("draw") == text for e in (w, g))
    return False


def _deal_given(s: Scenario, verdict: Verdict) -> Any:
    """What the failing step's deal was dealt from: the last `deal` step before it (a later
    deal of the session), else the setup."""
    steps = s.data.get("steps", [])
    return next((st["deal"] for st in reversed(steps[: (verdict.step or 1) - 1]) if isinstance(st, dict) and "deal" in st),
                s.data.get("setup", {}))


def _seeded_pack(rules: Rules, s: Scenario, verdict: Verdict, *, cut_first: bool = False) -> tuple[Table, list[int]] | None:
    """The reference's table for the failing step's seeded deal (`_deal_given`) and its pack, top
    first: shuffled, then cut where a cut is given (docs/shuffle.md); `cut_first`, the pack cut
    before it is shuffled. None where the deal is not seeded (or, cutting first, not cut), or the
    program gave no deal."""
    given = _deal_given(s, verdict)
    if not isinstance(given, dict) or "seed" not in given or not isinstance(verdict.got, dict):
        return None
    cut = given.get("cut")
    if cut_first and cut is None:
        return None
    table = Table(rules, {**s.data.get("setup", {}), **given})
    if cut_first:
        listing = cut_pack(table.rules.pack_cards, cut)
        return table, [listing[k] for k in shuffled(table.rules.n_cards, int(given["seed"]))]
    pack = shuffled_pack(table.rules, int(given["seed"]))
    return table, pack if cut is None else cut_pack(pack, cut)


def _holds(table: Table, seats: Sequence[Iterable[int]], hands: list[Any]) -> bool:
    """Whether the program's hands (by player) are these cards, seat by seat, each as a set."""
    for seat, cards in enumerate(seats):
        held = hands[table.seating.player(seat)]
        if not isinstance(held, list) or {table.rules.card_text(c) for c in cards} != set(map(str, held)):
            return False
    return True


def _talon_from_the_top(rules: Rules, s: Scenario, verdict: Verdict) -> bool:
    """Whether the program's hands are the reference's deal of the same seeded pack with the
    talon laid off its top instead of left at its bottom (`*.deal.talon`: the cards left after
    the hands form the talon): a seeded deal of a game dealt with a talon, every hand as a set."""
    seeded = _seeded_pack(rules, s, verdict) if rules.on_phases else None
    if seeded is None:
        return False
    table, pack = seeded
    hands = verdict.got.get("hands")
    talon = len(packet_positions(table.rules)[1])
    if not talon or not isinstance(hands, list) or len(hands) != table.rules.table_size:
        return False
    other = deal_with_talon(table.rules, [*pack[talon:], *pack[:talon]])
    return _holds(table, [cards_of(mask) for mask in other.hands], hands)


def _cut_otherwise(rules: Rules, s: Scenario, verdict: Verdict) -> bool:
    """Whether the program's deal is the reference's deal of the same seeded pack cut at
    another card (one more or one fewer lifted, or none): the cut's rule, not the packets'. Where
    the hands differ, their being that deal's hands is enough (the cut made on what is left
    once they are dealt, or not at all)."""
    steps = s.data.get("steps", [])
    number = verdict.step or 1
    if number > len(steps) or "deal" in steps[number - 1]:
        return False  # (a later deal's own step: `next_deal`, not the setup)
    setup = s.data.get("setup", {})
    if not isinstance(setup, dict) or "seed" not in setup or not isinstance(verdict.got, dict):
        return False
    cut = setup.get("cut")
    if cut is not None and (isinstance(cut, bool) or not isinstance(cut, int)):
        return False
    near = {k for k in (cut - 1, cut + 1) if 1 <= k < rules.n_cards} if cut is not None else set()
    for other in sorted({None, *near} - {cut}, key=lambda k: -1 if k is None else k):
        given = {k: v for k, v in setup.items() if k != "cut"} | ({} if other is None else {"cut": other})
        try:
            dealt = Table(rules, given).observe("deal")
        except (BrouError, KeyError, ValueError, TypeError):
            continue
        if isinstance(dealt, dict) and _same_deal(dealt, verdict.got, re.search(r"deal: hands\b", verdict.detail) is not None):
            return True
    return False


def _cut_before_the_shuffle(rules: Rules, s: Scenario, verdict: Verdict) -> bool:
    """Whether the program's hands of a seeded deal are the reference's packets dealt off the
    pack cut before it is shuffled (the cut's rule, `*.deal.cut`: shuffled, then cut;
    docs/shuffle.md, "The cut"), each hand as a set."""
    try:
        seeded = _seeded_pack(rules, s, verdict, cut_first=True)
    except (BrouError, KeyError, TypeError, ValueError):
        return False
    if seeded is None or not isinstance(hands := verdict.got.get("hands"), list):
        return False
    table, pack = seeded
    seats, _ = packet_positions(table.rules)
    return len(hands) == len(seats) and _holds(table, [[pack[p] for p in positions] for positions in seats], hands)


def _cut_another_way(rules: Rules, s: Scenario, verdict: Verdict) -> bool:
    """Whether the program's hands of a seeded deal are the reference's shuffled pack cut
    another way, each hand as a set: from the bottom, by one card more or fewer, not at all, or
    with the packet lifted put under the rest turned over (the cut's rule, `*.deal.cut`, not the
    packets')."""
    given = _deal_given(s, verdict)
    if not isinstance(given, dict) or "cut" not in given or not isinstance(hands := verdict.got.get("hands"), list):
        return False
    try:
        seeded = _seeded_pack(rules, s, verdict)
        if seeded is None or isinstance(given["cut"], bool):
            return False
        table, _ = seeded
        pack = shuffled_pack(table.rules, int(given["seed"]))
        cut = int(given["cut"])
        seats, _ = packet_positions(table.rules)
    except (BrouError, KeyError, TypeError, ValueError):
        return False
    if len(hands) != len(seats):
        return False
    # (not any card: with one packet each, a pack moved by a packet's length is the deal begun at
    # another seat, which is the packets')
    others = [pack[k:] + pack[:k] for k in sorted({0, cut - 1, cut + 1, len(pack) - cut} - {cut}) if 0 <= k < len(pack)]
    others.append(pack[cut:] + pack[:cut][::-1])
    return any(_holds(table, [[other[p] for p in positions] for positions in seats], hands) for other in others)


def _pack_listed_otherwise(rules: Rules, s: Scenario, verdict: Verdict) -> bool:
    """Whether the program's hands of a seeded deal, of the pack's very cards, are not dealt off
    the reference's pack at all: read along that pack (shuffled and cut as docs/shuffle.md says),
    the holders of its cards do not come round packet after packet, each player once a round, as
    any way of dealing it in packets would give (a round going the other way round the table
    is still a deal in packets: the packets' rule). The shuffle's positions then land on other cards: the pack
    is listed in another order (`*.deck.cards`), where no cut explains it (`_cut_otherwise`,
    `_cut_before_the_shuffle`)."""
    try:
        seeded = _seeded_pack(rules, s, verdict)
    except (BrouError, KeyError, TypeError, ValueError):
        return False
    got = verdict.got
    if seeded is None or not isinstance(hands := got.get("hands"), list) or not all(isinstance(h, list) for h in hands):
        return False
    table, pack = seeded
    texts = [table.rules.card_text(c) for c in pack]
    holder = {str(card): player for player, held in enumerate(hands) for card in held}
    talon = got.get("talon")
    dealt = {*holder, *(map(str, talon) if isinstance(talon, list) else ()), *([str(got["turnup"])] if got.get("turnup") else ())}
    if dealt != set(texts) or len(holder) != sum(len(h) for h in hands):
        return False  # another pack, or a card dealt twice: not a matter of the pack's order
    along = [holder[text] for text in texts if text in holder]
    turns = [p for i, p in enumerate(along) if not i or along[i - 1] != p]  # the packets, by holder
    n = len(set(turns))
    rounds = [turns[i:i + n] for i in range(0, len(turns), n)]
    return n > 1 and any(len(set(r)) < len(r) for r in rounds)


def _turnup_apart(want: Any, got: Any) -> bool:
    """Whether two `deal` observables differ only by the turned card in one hand: in the
    reference's and not in the program's, or the other way round."""
    if not isinstance(want, dict) or not isinstance(got, dict) or not want.get("turnup"):
        return False
    turnup = str(want["turnup"])
    mine, theirs = want.get("hands"), got.get("hands")
    if not isinstance(mine, list) or not isinstance(theirs, list) or len(mine) != len(theirs):
        return False
    apart = [(set(map(str, m)) ^ set(map(str, t))) if isinstance(m, list) and isinstance(t, list) else None
             for m, t in zip(mine, theirs, strict=True)]
    return None not in apart and [a for a in apart if a] == [{turnup}]


def _same_deal(one: Mapping[str, Any], other: Mapping[str, Any], hands_only: bool = False) -> bool:
    """Whether two `deal` observables hold the same hands (each as a set of cards: a hand's
    order is the order received or sorted), the same talon and the same turned card (or, with
    `hands_only`, the same hands, whatever is left undealt)."""
    def hands(deal: Mapping[str, Any]) -> list[frozenset[str]] | None:
        given = deal.get("hands")
        if not isinstance(given, list) or not all(isinstance(h, list) for h in given):
            return None
        return [frozenset(str(c) for c in h) for h in given]

    return hands(one) is not None and hands(one) == hands(other) and (hands_only or all(
        one.get(k) == other.get(k) for k in ("talon", "turnup") if k in one or k in other))


def _deal_field(rules: Rules, verdict: Verdict, packets: str, s: Scenario | None = None) -> str | None:
    """The rule behind a field of the `deal` observable that differs: the turned card; a hand
    that should be empty (the player who sits out); the talon, where the hands are those of a
    talon laid off the top of the pack; else the packets."""
    prefix = packets.split(".")[0]
    clauses: Mapping[str, Any] = rules.data["clauses"]
    if s is not None and f"{prefix}.deal.cut" in clauses and _cut_otherwise(rules, s, verdict):
        return f"{prefix}.deal.cut"
    if s is not None and re.search(r"deal: hands\b", verdict.detail) and f"{prefix}.deal.talon" in clauses \
            and _talon_from_the_top(rules, s, verdict):
        return f"{prefix}.deal.talon"
    if s is not None and f"{prefix}.deal.cut" in clauses and re.search(r"deal: hands\b", verdict.detail) is not None \
            and (_cut_before_the_shuffle(rules, s, verdict) or _cut_another_way(rules, s, verdict)):
        return f"{prefix}.deal.cut"
    if s is not None and re.search(r"deal: hands\b", verdict.detail) and _pack_listed_otherwise(rules, s, verdict):
        return next((c for c in PACK_RULES if in_ruleset(rules, c) == c), packets)
    if re.search(r"deal: hands\b", verdict.detail) and _turnup_apart(verdict.expected, verdict.got) \
            and (held := in_ruleset(rules, "hdb.deal.turnup-exposed")) is not None:
        return held  # the dealer's hand with or without the turned card: where the turned card lies
    if re.search(r"deal: turnup\b", verdict.detail):
        return next((c for c in (f"{prefix}.deal.turnup", f"{prefix}.deal.turned") if c in clauses), packets)
    if f"{prefix}.players.four" in clauses and (
            re.search(r"deal: hands(\[\d+\] has \d+ entries, expected 0| has \d+ entries)\b", verdict.detail)
            or _sitting_out_dealt(verdict.expected, verdict.got)
            or (rules.table_size > rules.n_players
                and re.search(r"deal: hands\[\d+\] has 0 entries, expected [1-9]", verdict.detail))):
        return f"{prefix}.players.four"  # the one who sits out (a hand for him, or none for another), or a hand for each
    if re.search(r"deal: talon\b", verdict.detail):  # the hands right: what is left, less a card turned from it
        return next((c for c in (f"{prefix}.deal.turned", f"{prefix}.deal.talon") if c in clauses), packets)
    return packets


def _sitting_out_dealt(want: Any, got: Any) -> bool:
    """Whether the program's deal gives cards to a player whose hand the reference's leaves empty
    (the one sitting out), or none to one it deals to: who plays this deal, not the packets."""
    mine = want.get("hands") if isinstance(want, dict) else None
    theirs = got.get("hands") if isinstance(got, dict) else None
    if not isinstance(mine, list) or not isinstance(theirs, list) or len(mine) != len(theirs) \
            or not all(isinstance(h, list) for h in (*mine, *theirs)):
        return False
    return any((not w) != (not g) for w, g in zip(mine, theirs, strict=True))


def _total(rows: Any, field: str) -> int | None:
    """The sum of a field over the rows of `result` (None if one is not a number)."""
    values = [r.get(field) for r in rows if isinstance(r, dict)] if isinstance(rows, list) else []
    numbers = [v for v in values if isinstance(v, int)]
    return sum(numbers) if numbers and len(numbers) == len(values) else None


def _totals_apart(want: Any, got: Any, field: str) -> bool:
    """Whether the program's rows of `result` add up to another number than the reference's in
    `field` (both numbers): for tricks, more or fewer than were played."""
    given, wanted = _total(got, field), _total(want, field)
    return given is not None and wanted is not None and given != wanted


def _none_counted_yet(state: Any, want: Any, got: Any) -> bool:
    """Whether, cards still in the hands, the program's `result` has no card points at all where
    the reference's has some: when the count is made, not what the cards are worth."""
    return _total(got, "card_points") == 0 != _total(want, "card_points") and any(state.hands)


def _session_apart(verdict: Verdict) -> str | None:
    """The first field of the `session` observable that differs, as the failure names it."""
    found = re.search(r"session: (\w+)", verdict.detail)
    return found.group(1) if found else None


def _session_field(verdict: Verdict) -> str | None:
    """The rule behind a field of the `session` observable that differs, when it has its own: who deals next."""
    if _session_apart(verdict) in ("next_dealer", "dealer"):
        return "brus.match.next-dealer"
    return None


def _ledger_clause(rules: Rules, want: Any, got: Any) -> str | None:
    """The rule behind a ledger that differs: the clause of the first entry that differs (an
    entry names its clause); payments of a kind the ruleset makes none of here, or of a kind it
    makes and the program makes none of at all: the rule saying when they are made."""
    want = want if isinstance(want, list) else []
    got = got if isinstance(got, list) else []
    clauses: Mapping[str, Any] = rules.data["clauses"]
    expected = {e.get("clause") for e in want if isinstance(e, dict)}
    given = {e.get("clause") for e in got if isinstance(e, dict)}
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else None
        g = got[i] if i < len(got) else None
        if w == g:
            continue
        entry = w if isinstance(w, dict) else g if isinstance(g, dict) else None
        clause = entry.get("clause") if isinstance(entry, dict) else None
        if isinstance(w, dict) and isinstance(g, dict) and _only_clause_apart(w, g):
            return clause if isinstance(clause, str) else None  # the same payment cited by another rule: its own
        for made, by in ((g, expected), (w, given)):
            if isinstance(made, dict) and made.get("clause") not in by:
                when = str(made.get("clause", "")).rsplit(".", 1)[0] + ".when"
                if when in clauses:
                    return when  # payments one side makes and the other makes none of, of that kind
        if isinstance(w, dict) and isinstance(g, dict) and w.get("clause") != g.get("clause"):
            decides = _decides_between(clauses, w.get("clause"), g.get("clause"))
            if decides is not None:
                return decides  # one kind of payment for the other: the rule that chooses between them
        return clause if isinstance(clause, str) else None
    return None


def _only_clause_apart(want: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """Whether two ledger entries are the same payment (every other field equal, a field the
    program adds with no value aside) cited by another clause: the rule that makes the payment
    is the one the program cites wrongly, not the one it cites."""
    others = (set(want) | set(got)) - {"clause"}
    return want.get("clause") != got.get("clause") and all(
        want.get(k) == got.get(k) for k in others if k in want or got.get(k) is not None)


def _decides_between(clauses: Mapping[str, Any], one: Any, other: Any) -> str | None:
    """The one clause both payment clauses read directly, where there is one: the rule that says
    which of the two is paid (a won deal's payment and a lost deal's both read who won it)."""
    if not (isinstance(one, str) and isinstance(other, str) and one in clauses and other in clauses):
        return None
    common = set((clauses[one] or {}).get("uses", [])) & set((clauses[other] or {}).get("uses", []))
    return common.pop() if len(common) == 1 else None


def _replayed(table: Any, s: Scenario, verdict: Verdict) -> tuple[dict[str, Any], str | None]:
    """Play the scenario on the reference table up to its failing step, and in a `do` step up to
    the failing action: the failing step, and the action in question (of a `do` or `reject`
    step; None for another step)."""
    steps = s.data["steps"]
    number = verdict.step
    assert number is not None
    for step in steps[: number - 1]:
        if "do" in step:
            for action in [step["do"]] if isinstance(step["do"], str) else step["do"]:
                table.act(action, step.get("player"))
        elif "deal" in step:
            table.next_deal(step["deal"])
    step = steps[number - 1]
    if "do" not in step and "reject" not in step:
        return step, None
    actions = [step["do"]] if isinstance(step.get("do"), str) else step.get("do") or [step["reject"]]
    index = _action_index(verdict.detail) if "do" in step else 1
    for action in actions[: index - 1]:
        table.act(action, step.get("player"))
    return step, actions[index - 1]


PERFT_NODES = 4096  # the positions a perft's reading walks at the most


def _perft_clause(state: Any, depth: int, node_clause: Callable[[Any], str]) -> str | None:
    """The rule a perft count that differs at `depth` (and agreed at the depths before it, the
    scenario's earlier steps) points to: the legal sets first counted at this depth are those of
    the positions `depth - 1` actions deep, so the rule that decides what may be done there
    (`node_clause`), where they all have one, or the one rule none of the shallower positions
    has (the phase first reached at that depth: the dealer's word once all have passed, the first
    lead). None where they have several, or the tree is too large to walk."""
    levels: list[list[Any]] = [[state]]
    walked = 1
    for _ in range(depth - 1):
        below = []
        for node in levels[-1]:
            if node.is_over:
                continue
            for action in node.legal_actions():
                child = node.copy()
                child.apply(action)
                below.append(child)
        walked += len(below)
        if walked > PERFT_NODES:
            return None
        levels.append(below)
    first = {node_clause(n) for n in levels[-1] if not n.is_over}
    before = {node_clause(n) for level in levels[:-1] for n in level if not n.is_over}
    new = first - before
    return next(iter(first)) if len(first) == 1 else next(iter(new)) if len(new) == 1 else None


def _hombre_node_clause(state: Any) -> str:
    """L'Hombre: the rule that decides the legal set of the player asked at `state`: the phase's
    before play, what may be played in it."""
    return _HOMBRE_PHASE.get(state.phase, "hom.play.follow")


def _brus_next_lead(state: Any, asked: Any) -> str:
    """Brusquembille, between two tricks, another player asked to lead: who leads next
    (brus.play.next-lead); but once the stock is gone, the player after the last trick's leader
    (the lead passed round in turn, which no rule of the game does) breaks how play goes on
    (brus.talon.last-tricks: as before, without drawing), since a lead passed on so from the
    start would have shown at the second trick."""
    leader = state.tricks[-1][0]
    if not state.stock and len(state.tricks) > 1 and asked == (leader + 1) % len(state.hands):
        return "brus.talon.last-tricks"
    return "brus.play.next-lead"


def _hand_clause(table: Any, verdict: Verdict, prefix: str) -> str | None:
    """In play, on a game of the phase engine: the rule behind a card refused as not in hand, or a
    set of legal cards that is another player's hand or the right player's hand with other cards:
    who leads (the first trick, or the winner's next) or who plays next (the order of play); the
    draws from the stock, in Brusquembille, when the hands have changed since the deal."""
    state, rules = table.state, table.rules
    if state.phase != PHASE_PLAY or state.to_act is None:
        return None
    lead = f"{prefix}.play.lead"
    got = verdict.got
    who = lead
    if prefix == "brus" and state.tricks and not state.trick:  # after a trick: who leads, the seat holding the cards
        holder = next((seat for seat in range(len(state.hands)) if got and isinstance(got, list)
                       and all(isinstance(c, str) and _is_card(rules, c) and state.hands[seat] >> rules.card(c) & 1
                               for c in got)), None)
        who = _brus_next_lead(state, holder)
    if verdict.observed is None:  # an action: refused as not in hand, the player asked is not the one the rules ask
        # (unless the reference refuses it too, by a rule of following: its player holds the card, and
        # that rule's check is the one the program made otherwise, `_refused_by`)
        if not isinstance(got, str) or "not-in-hand" not in got or verdict.expected in _FOLLOWING_CODES:
            return None
        return _drawn_elsewhere(table, verdict) or who
    offered = {rules.card(c) for c in (got if isinstance(got, list) else []) if isinstance(c, str) and _is_card(rules, c)}
    if not offered:
        return None
    mine = state.hands[state.to_act]
    others = [seat for seat in range(len(state.hands))
              if seat != state.to_act and all(state.hands[seat] >> c & 1 for c in offered)]
    if others:  # another player's cards: the rules ask someone else (after a trick: who won it, or who leads)
        if state.tricks and not state.trick:
            return _given_otherwise(rules, state.tricks, len(state.tricks) - 1, others[0], state.trump) or who
        return who
    if prefix == "brus" and state.tricks and any(not mine >> c & 1 for c in offered):
        turnup = state.deal.turnup
        if turnup >= 0 and (turnup in offered) != bool(mine >> turnup & 1):
            return "brus.talon.last-draw"  # the turned trump in another hand: who draws it last
        return "brus.talon.draw"  # the right player, other cards: what he drew
    return None


def _action_of(verdict: Verdict) -> str | None:
    """The action a failure says was refused (`...: JD was refused (not-in-hand), it is legal`)."""
    found = re.search(r": (\S+) was refused", verdict.detail)
    return found.group(1) if found else None


def _drawn_elsewhere(table: Any, verdict: Verdict) -> str | None:
    """Brusquembille: a card refused as not in hand, in a trick already led (the player asked is
    not in question, as he is at a lead), that the player holds on the reference only because he
    drew it from the stock (not dealt to him): the draws gave it to another (`brus.talon.draw`;
    the turned trump, `brus.talon.last-draw`)."""
    state, rules = table.state, table.rules
    deal = getattr(state, "deal", None)
    action = _action_of(verdict)
    if deal is None or not hasattr(deal, "hands") or not state.trick or action is None or not _is_card(rules, action):
        return None
    card = rules.card(action)
    seat = state.to_act
    if not state.hands[seat] >> card & 1 or deal.hands[seat] >> card & 1:
        return None
    return "brus.talon.last-draw" if card == deal.turnup else "brus.talon.draw"


# the clause of each game's order of the cards in a plain suit
_PLAIN_ORDER = {"hdb": "hdb.deck.order", "brouc": "hdb.deck.order", "brus": "brus.deck.order", "auv": "auv.deck.order",
                "hom": "hom.deck.plain-order"}


def _plain_order(rules: Rules, trick: tuple[int, Any, int], seat: int, trump: int | None) -> str | None:
    """When another seat than the trick's winner is taken to have won it: the order of the cards
    if both its card and the winner's are of the suit led, not trumps (the highest card of the
    suit led wins); None otherwise, and None where that seat's card is the last above the card
    led, played after the best: the trick's rule read as each card against the lead alone."""
    leader, cards, winner = trick
    n = len(cards)
    if not 0 <= seat < n or seat == winner:
        return None
    order = card_order(rules, trump)
    classes = order.class_of
    led = classes[cards[0]]
    mine, best = cards[(seat - leader) % n], cards[(winner - leader) % n]
    prefix = rules.data["clause_prefix"]
    if classes[mine] == classes[best] == led and (trump is None or led != trump):
        above_led = [i for i, c in enumerate(cards) if classes[c] == led and order.place[c] < order.place[cards[0]]]
        if above_led and above_led[-1] == (seat - leader) % n > (winner - leader) % n:
            return None  # the last card above the card led, after the best one: each card read against the lead
        of_led = [c for c in cards if classes[c] == led]
        if len(of_led) >= 3 and order.place[mine] == max(order.place[c] for c in of_led):
            # the lowest card of three or more taken to win: the trick's rule read the other way
            # (the highest wins), not two cards' places
            return _TRICK_WINNER.get(prefix)
        return "hom.deck.nolo-order" if prefix == "hom" and trump is None else _PLAIN_ORDER.get(prefix)
    return None


# the clause of each game's rule of who wins a trick
_TRICK_WINNER = {"hdb": "hdb.play.trick-winner", "brouc": "hdb.play.trick-winner", "brus": "brus.play.trick-winner",
                 "auv": "auv.play.trick-winner", "hom": "hom.play.trick-winner"}


# the clause whose outcome is the trump suit, by game (L'Hombre's trump is the contract's: not here)
_TRUMP_SUIT = {"hdb": "hdb.deal.turnup", "brouc": "hdb.deal.turnup", "brus": "brus.deal.turned", "auv": "auv.speech.trump"}


def _could_not_win(rules: Rules, trick: tuple[int, Any, int], seat: Any, trump: int | None) -> bool:
    """Whether `seat` played to the finished `trick` a card no reading of the cards' order makes
    win it (neither of the suit led nor a trump), so that a program asking him to lead next
    has another rule of who leads, not another winner; False for a seat not in the trick."""
    leader, cards, _ = trick
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(cards):
        return False
    order = card_order(rules, trump)
    card = cards[(seat - leader) % len(cards)]
    return (seat - leader) % len(cards) != 0 and order.class_of[card] not in (order.class_of[cards[0]], trump)


def _winner_under(rules: Rules, trick: tuple[int, Any, int], trump: int | None) -> int:
    """The seat that wins a trick's cards with `trump` for trump (the highest trump, else the
    highest card of the suit led; None: no trump)."""
    leader, cards, _ = trick
    order = card_order(rules, trump)
    best = 0
    for i, card in enumerate(cards[1:], 1):
        mine, top = order.class_of[card], order.class_of[cards[best]]
        if (mine == top and order.place[card] < order.place[cards[best]]) or (mine == trump != top):
            best = i
    return (leader + best) % len(cards)


def _another_trump(rules: Rules, tricks: Sequence[tuple[int, Any, int]], index: int, seat: int,
                   trump: int | None) -> str | None:
    """When another seat than a trick's winner is taken to have won it: the rule of the trump
    suit, if that seat wins it with another suit for trump, under which every trick before it
    goes as it went (the program plays another trump throughout); None otherwise."""
    clause = _TRUMP_SUIT.get(rules.data["clause_prefix"])
    if clause is None or trump is None or not 0 <= index < len(tricks) or seat == tricks[index][2]:
        return None
    for other in range(len(rules.suits)):
        if other != trump and _winner_under(rules, tricks[index], other) == seat \
                and all(_winner_under(rules, t, other) == t[2] for t in tricks[:index]):
            return clause
    return None


def _no_trump(rules: Rules, tricks: Sequence[tuple[int, Any, int]], index: int, seat: int,
              trump: int | None, since: int = 0) -> str | None:
    """When another seat than a trick's winner is taken to have won it, the winner by a trump:
    the rule of the trump suit, if that seat wins the trick's cards with no trump at all and
    every trick before it from `since` (played as it is, with or without a stock) goes as it
    went with none (the program has no trump there; a ruff that won then says the program has
    one, and weighs it otherwise); None otherwise."""
    clause = _TRUMP_SUIT.get(rules.data["clause_prefix"])
    if clause is None or trump is None or not 0 <= index < len(tricks):
        return None
    leader, cards, winner = trick = tricks[index]
    if seat == winner or any(_winner_under(rules, t, None) != t[2] for t in tricks[since:index]):
        return None
    classes = card_order(rules, trump).class_of
    if classes[cards[(winner - leader) % len(cards)]] != trump or classes[cards[0]] == trump:
        return None
    return clause if _winner_under(rules, trick, None) == seat else None


def _given_otherwise(rules: Rules, tricks: Sequence[tuple[int, Any, int]], index: int, seat: int, trump: int | None,
                     *, orders: bool = False, since: int = 0) -> str | None:
    """When `seat`, not its winner, is taken to have won trick `index`: the rule read otherwise,
    the first that fits of the plain order of the cards, (`orders`: with the whole list of winners,
    two trumps ordered otherwise,) another suit for trump, no trump at all (`_no_trump`, from
    trick `since`); None if none fits."""
    return (_plain_order(rules, tricks[index], seat, trump)
            or (_trumps_ordered_otherwise(rules, tricks, index, seat, trump) if orders else None)
            or _another_trump(rules, tricks, index, seat, trump)
            or _no_trump(rules, tricks, index, seat, trump, since))


def _stock_phase_start(state: Any, index: int) -> int:
    """The first trick played as trick `index` is, with a stock to draw from or without (a game
    dealt with one: after the tricks that empty it, play goes on without): where the tricks
    alike begin; 0 for a game without a stock."""
    drawn = _drawing_tricks(state)
    return drawn if drawn and index >= drawn else 0


def _drawing_tricks(state: Any) -> int:
    """How many tricks of a deal dealt with a stock are each followed by a draw (its stock shared
    out among the players, a card each); 0 for a deal without one."""
    stock = getattr(getattr(state, "deal", None), "stock", None)
    return len(stock) // len(state.hands) if isinstance(stock, tuple) else 0


def _tricks_clause(table: Any, verdict: Verdict, want: Any) -> str | None:
    """The rule behind a list of trick winners that differs: the plain order of the cards where
    the first trick given to another player was decided within the suit led; the trump suit
    where that player wins it with another trump (`_another_trump`)."""
    got = verdict.got
    if not isinstance(want, list) or not isinstance(got, list):
        return None
    if (piles := in_ruleset(table.rules, "hdb.info.trick-piles")) is not None and _piles_for_winners(table, want, got):
        return piles  # the team's pile each went to, not its winner
    state = table.state
    record = in_ruleset(table.rules, _TRICKS_RECORD.get(table.rules.data["clause_prefix"], ""))
    leaders = record is not None and _leaders_for_winners(table, want, got)
    if leaders and len(want) >= 2:
        return record  # who led each trick: the record is wrong, the play went on right
    if record is not None and len(want) >= 2 and got == want[::-1] != want:
        return record  # the winners newest first, as the pile lies: the record's order
    if record is not None and len(want) >= 3 and got != want and sorted(map(str, got)) == sorted(map(str, want)):
        return record  # every trick's winner, listed in another order (by pile, by player): the record's order
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        if w != g:
            if i < len(state.tricks) and isinstance(g, int) and 0 <= g < len(state.hands):
                seat = table.seat(g)
                return _given_otherwise(table.rules, state.tricks, i, seat, state.trump, orders=True,
                                        since=_stock_phase_start(state, i)) \
                    or (record if leaders else None)  # a single trick's leader no reading of its winner gives
            return None
    return None


# the clause of `tricks` (PROTOCOL.md), by clause prefix (Brouc keeps 1802's)
_TRICKS_RECORD = {"hdb": "hdb.info.trick-piles", "brouc": "hdb.info.trick-piles", "brus": "brus.info.trick-open"}


def _last_trick_kept(table: Any, want: Any, got: Any) -> bool:
    """Whether, between two tricks (the reference's `trick` empty), the program still gives the
    cards of the trick just finished, in the order played."""
    state = table.state
    if want != [] or not isinstance(got, list) or not state.tricks or state.trick:
        return False
    return got == [state.rules.card_text(c) for c in state.tricks[-1][1]]


def _reordered(want: Any, got: Any) -> bool:
    """Whether the cards of the trick in progress are those expected in another order: played
    as the rules say, shown otherwise (by seat, say) and not as they lie on the table."""
    return isinstance(want, list) and isinstance(got, list) and got != want and sorted(map(str, got)) == sorted(map(str, want))


def _leaders_for_winners(table: Any, want: list[Any], got: list[Any]) -> bool:
    """Whether the program gives, for every finished trick, the player who led it where the
    reference gives the one who won it, and they differ on a trick: the record is wrong while
    the winners, who lead next, were right (a wrong winner would have led the next trick)."""
    tricks = table.state.tricks
    if len(want) != len(got) or want == got or len(tricks) != len(want):
        return False
    try:
        return got == [table.player(leader) for leader, _, _ in tricks]
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return False


def _piles_for_winners(table: Any, want: list[Any], got: list[Any]) -> bool:
    """Whether the program gives, for every trick, the team of the reference's winner (its
    pile) where the reference gives the player who won it."""
    if len(want) != len(got) or want == got or not all(isinstance(w, int) and 0 <= w < 4 for w in want):
        return False
    try:
        piles = [table.team(table.rules.team_of[table.seat(w)]) for w in want]
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return False
    return got == piles


def _trumps_ordered_otherwise(rules: Rules, tricks: Sequence[tuple[int, Any, int]], index: int, seat: int,
                              trump: int | None) -> str | None:
    """When another seat than a trick's winner is taken to have won it, both their cards trumps
    that rank between themselves as in the plain suits: the order of the cards, where the trick's
    rule read otherwise (the first trump played winning, or the last) does not fit the program's
    winner, or the tricks before it, on which the program agrees, refute it (one had two trumps
    or more and was won by another than that reading's); None otherwise (L'Hombre's trumps have
    an order of their own)."""
    prefix = rules.data["clause_prefix"]
    if trump is None or prefix == "hom":
        return None
    leader, cards, winner = tricks[index]
    n = len(cards)
    classes = card_order(rules, trump).class_of
    mine, best = cards[(seat - leader) % n], cards[(winner - leader) % n]
    if not classes[mine] == classes[best] == trump or not _ranked_as_plain(rules, trump, mine, best):
        return None

    def refuted(pick: int) -> bool:
        for first, played, won in tricks[:index]:
            trumps = [k for k, c in enumerate(played) if classes[c] == trump]
            if len(trumps) >= 2 and (first + trumps[pick]) % n != won:
                return True
        return False

    trumps = [k for k, c in enumerate(cards) if classes[c] == trump]
    readings = [pick for pick in (0, -1) if trumps[pick] == (seat - leader) % n]  # those the program's winner fits
    return _PLAIN_ORDER.get(prefix) if all(refuted(pick) for pick in readings) else None


def _ranked_as_plain(rules: Rules, trump: int, one: int, other: int) -> bool:
    """Whether two trumps rank between themselves as their ranks do in the other suits (their
    order is then the order of the cards, not a rule of the trumps' own: a seven or a two
    raised in trumps)."""
    order = card_order(rules, trump)
    rank = {c: rules.card_text(c)[0] for c in range(rules.n_cards)}
    higher = order.place[one] < order.place[other]
    plain = [order.place[a] < order.place[b] for a in range(rules.n_cards) for b in range(rules.n_cards)
             if rank[a] == rank[one] and rank[b] == rank[other] and rules.suit_of[a] == rules.suit_of[b] != trump]
    return bool(plain) and all(h == higher for h in plain)


def _card_name(text: str) -> bool:
    """Whether a text names a card of some pack (a rank and a suit: `6S` too, of no pack here)."""
    return len(text) == 2 and text[0] in "AKQJT98765432" and text[1] in "SHDC"


def _is_card(rules: Rules, text: str) -> bool:
    try:
        rules.card(text)
    except (BrouError, ValueError, IndexError):
        return False
    return True


# games with a speech (L'Homme d'Auvergne): the rule behind each observable
_SPEECH_OBSERVED = {"tricks": "auv.play.trick-winner", "trick": "auv.play.trick-winner", "trump": "auv.speech.trump",
                    "talon": "auv.deal.talon", "homme": "auv.speech.round", "words": "auv.speech.round",
                    "deal": "auv.deal.packets", "session": "auv.match.target", "result": "auv.count.homme-wins"}
_SPEECH_OUTCOME = {"played-out": "auv.count.homme-wins", "not-turned": "auv.turn.nobody",
                   "all-passed": "auv.speech.rejouissance", "target": "auv.match.target"}
# a word one legal set has and the other lacks: the rule of the phase it belongs to
_SPEECH_WORD = {"show": "auv.king.show", "turn": "auv.turn.offer", "leave": "auv.turn.offer", "play": "auv.speech.round"}
# the phase of the deal and the rule that says who is asked, and what he may say, in it
_SPEECH_PHASE = {"turn-offer": "auv.turn.offer", "speech": "auv.speech.round", "showing": "auv.king.show"}


def _seat_of(table: Table, player: Any) -> Any:
    """The deal seat of a player as the protocol numbers him (an answer's `to_act`); the answer
    as it is where it names no player of the deal."""
    if not isinstance(player, int) or isinstance(player, bool):
        return player
    try:
        return table.seat(player)
    except ValueError:
        return player


def _may_show(table: Table, player: Any) -> bool:
    """Whether the player (as the protocol numbers him) holds the king of the suit turned last,
    unshown and not yet scored (the deal's `showable`): one the program may be asking to show it
    (auv.king.show) where the reference has begun play."""
    seat = _seat_of(table, player)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.state.hands):
        return False
    return table.state.showable(seat) is not None


def _diagnosed_speech(rules: Rules, s: Scenario, verdict: Verdict) -> tuple[str, bool] | None:
    """`_diagnosed` for a game with a speech: the scenario is played on the reference table up
    to the failing step; an action is judged by the phase it came in (the turn-offer, the
    speech, the showing of a king, or play: following suit or trumping when void), an
    observable by the rule that produces it (a ledger entry or an outcome by its own)."""
    table = Table(rules, s.data["setup"])
    step, action = _replayed(table, s, verdict)
    state = table.state
    name, want = verdict.observed, step.get("expect", {}).get(verdict.observed or "")
    if _word_after_show(state, name, want, verdict.got, action):
        return _in_ruleset_pair(rules, "auv.king.show", False)
    if action is not None:
        clause = _hand_clause(table, verdict, "auv") if "do" in step else None
        if clause is None and _is_card(rules, action) and (led := _lead_restricted(rules, state, verdict, action)):
            return _in_ruleset_pair(rules, led, True)  # the program's own code names the check it made
        clause = clause or _ended_apart(rules, state, verdict) or _refused_by(rules, state, verdict, action)
        if clause is None and action.strip() == "play" and _passed_on_this_suit(rules, state):
            clause = "auv.speech.trump"  # a suit passed may be played when it comes again
        return _in_ruleset_pair(rules, clause or _speech_action_clause(table, action), False)
    if "perft" in step:
        return _in_ruleset_pair(rules, _perft_clause(state, int(step["perft"]), partial(_speech_node_clause, rules))
                                or _SPEECH_PHASE.get(state.phase, "auv.play.follow"), False)
    if name in ("legal", "speakers"):
        words = _hombre_words_apart(want, verdict.got)
        if "play" in words and _passed_on_this_suit(table.rules, state):
            return _in_ruleset_pair(rules, "auv.speech.trump", False)  # a suit passed may be played when it comes again
        said = _SPEECH_WORD.get(next((w for w in ("show", "turn", "leave", "play") if w in words), ""))
        if said == "auv.king.show":
            said = _show_clause(state)
        if said == "auv.turn.offer" and state.phase == "turn-offer" and state.turned:
            said = "auv.speech.rejouissance"  # the offer of a card after one was turned: a réjouissance's
        restricted = _lead_restricted(rules, state, verdict, None) if name == "legal" else None
        return _in_ruleset_pair(rules, said or restricted or _hand_clause(table, verdict, "auv") or _speech_play_clause(table),
                                False)
    if name == "to_act" and (ended := _ended_apart(rules, state, verdict)):
        return _in_ruleset_pair(rules, ended, False)
    if _turned_one_below(state, name, want, verdict.got):
        return _in_ruleset_pair(rules, "auv.speech.rejouissance", True)  # a card set aside: the réjouissance's card
    if name == "to_act" and state.phase == PHASE_PLAY and not state.tricks and not state.trick \
            and _may_show(table, verdict.got):
        return _in_ruleset_pair(rules, "auv.king.show", False)  # play begun, and the program asks one to show
    if name == "to_act":
        asked = _seat_of(table, verdict.got)
        clause = _SPEECH_PHASE.get(state.phase) or ("auv.play.lead" if not state.tricks and not state.trick
                                                     else "auv.play.lead" if not state.trick
                                                     and _could_not_win(rules, state.tricks[-1], asked, state.trump)
                                                     else "auv.play.trick-winner")
        return _in_ruleset_pair(rules, clause, False)
    if name == "outcome" and isinstance(want, dict):
        return _in_ruleset_pair(rules, _SPEECH_OUTCOME.get(str(want.get("how"))), True)
    if name == "words" and _only_the_last(want, verdict.got):
        return _in_ruleset_pair(rules, "auv.info.turned", True)  # the words said so far, not all of them: what is public
    if name == "ledger" and _counted_before_the_end(state, want, verdict.got):
        return _in_ruleset_pair(rules, "auv.count.homme-wins", True)  # the deal counted with tricks still to play
    if name == "over" and state.phase == PHASE_PLAY and verdict.got is True and not state.is_over:
        return _in_ruleset_pair(rules, "auv.count.homme-wins", False)  # play stopped before its last trick
    if name == "ledger" and _kings_struck(state, want, verdict.got):
        return _in_ruleset_pair(rules, "auv.king.once", True)  # kings scored struck off: they stay scored
    if name == "talon" and _turned_put_back(state, want, verdict.got):
        return _in_ruleset_pair(rules, "auv.speech.rejouissance", True)  # each card turned put back under the talon
    if name == "ledger":
        return _in_ruleset_pair(rules, _ledger_clause(rules, want, verdict.got), True)
    if name == "session" and _session_field(verdict) is not None:
        return _in_ruleset_pair(rules, "auv.match.next-dealer", True)
    if name == "session" and _session_apart(verdict) == "deals" and state.ended in ("not-turned", "all-passed"):
        return _in_ruleset_pair(rules, _SPEECH_OUTCOME[state.ended], True)  # the rule that left it unplayed
    if name == "events" and _turned_king_shown(want, verdict.got):
        return _in_ruleset_pair(rules, "auv.king.turned", True)  # a king turned, shown too: how a turned king scores
    if name == "events" and (_left_out(want, verdict.got) or _withheld(want, verdict.got)):
        return _in_ruleset_pair(rules, "auv.info.turned", True)  # cards turned or kings shown, as played, not made public
    if name == "events" and isinstance(want, list):
        shows = any(isinstance(e, dict) and "show" in e for e in want)
        return _in_ruleset_pair(rules, "auv.king.show" if shows else "auv.turn.offer", True)
    if name == "view":
        found = re.search(r"\[\d+\]\.(\w+)", verdict.detail)
        return _in_ruleset_pair(rules, clause_of(rules, found.group(1)) if found else None, True)
    if name == "deal":
        return _in_ruleset_pair(rules, _deal_field(rules, verdict, "auv.deal.packets", s), True)
    if name == "tricks":
        return _in_ruleset_pair(rules, _tricks_clause(table, verdict, want) or "auv.play.trick-winner", True)
    return _in_ruleset_pair(rules, _SPEECH_OBSERVED.get(name or ""), name in _PRECISE)


def _turned_king_shown(want: Any, got: Any) -> bool:
    """Whether the program's events are the reference's with a `show` of a king added, or left
    out, where that king is a card turned in the deal: a turned king is scored by the turning
    itself (auv.king.turned), not shown."""
    if not isinstance(want, list) or not isinstance(got, list):
        return False
    turned = {e.get("turn") for e in (*want, *got) if isinstance(e, dict) and "turn" in e}
    more, fewer = ([e for e in got if e not in want], [e for e in want if e not in got])
    apart = more + fewer
    return bool(apart) and all(isinstance(e, dict) and set(e) - {"trick", "player"} == {"show"} and e["show"] in turned
                               for e in apart) and not (more and fewer)


# the clauses of the ledger entries the count of a deal played writes (what the homme wins or loses)
_DEAL_RESULT = frozenset(cid for cid, func in FUNCTIONS.items() if func is homme_entries)


def _counted_before_the_end(state: Any, want: Any, got: Any) -> bool:
    """Whether, in play with tricks still to come, the program's ledger has the deal's result
    written (what the homme loses or wins) where the reference's has none yet: the deal judged
    before all its tricks are played (auv.count.homme-wins), not the result's value."""
    if state.phase != PHASE_PLAY or state.is_over or not isinstance(want, list) or not isinstance(got, list):
        return False
    added = [e for e in got if e not in want]
    return bool(added) and all(isinstance(e, dict) and e.get("clause") in _DEAL_RESULT for e in added) \
        and not any(isinstance(e, dict) and e.get("clause") in _DEAL_RESULT for e in want)


def _left_out(want: Any, got: Any) -> bool:
    """Whether a public record the program gives is the reference's with entries left out, the
    rest as they are and in order: what the players did (their actions were accepted) not all
    made public, rather than done otherwise. (Not where the record's entries are the rules' own
    doing, as L'Hombre's matadors shown for a grand tourné: one left out is that rule's.)"""
    if not (isinstance(want, list) and isinstance(got, list) and len(got) < len(want)):
        return False
    rest = iter(want)
    return all(any(entry == kept for kept in rest) for entry in got)


def _turned_one_below(state: Any, name: str | None, want: Any, got: Any) -> bool:
    """Whether, once a réjouissance has turned a card of another suit than the first card's, the
    program turned instead the card under it in the talon, one set aside for each réjouissance
    (its suit for trump, its card in the record from the first réjouissance on): the
    réjouissance's card read otherwise (a suit turned again is the rule on a suit coming back,
    not this; a talon a card short may be a card missing from the pack)."""
    rules = state.rules
    if len(state.turned) < 2 or want == got:
        return False
    turned = [c for _, c in state.turned]
    if rules.suit_of[turned[1]] == rules.suit_of[turned[0]]:
        return False
    talon = turned + list(state.stock)  # the talon as dealt: each card turned came from its top
    set_aside = [talon[2 * k] if 2 * k < len(talon) else None for k in range(len(turned))]  # what the program turned
    if name == "trump":
        last = set_aside[-1]
        return last is not None and got == rules.card_text(last)[1]
    if name == "events" and isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        apart = next(((w, g) for w, g in zip(want, got, strict=True) if w != g), None)
        if apart is None or not all(isinstance(e, dict) and "turn" in e for e in apart):
            return False
        try:
            k = turned.index(rules.parse_card(apart[0]["turn"]))
        except (BrouError, ValueError, KeyError, TypeError):
            return False
        return k == 1 and set_aside[k] is not None and apart[1] == {**apart[0], "turn": rules.card_text(set_aside[k])}
    return False


def _withheld(want: Any, got: Any) -> bool:
    """Whether a record the program gives is the reference's with values withheld (`null` where
    the reference gives a card), the rest as it is: cards drawn or turned as played, not shown."""
    def same_but_nulls(w: Any, g: Any) -> bool:
        if g is None and isinstance(w, str):
            return True
        if isinstance(w, list) and isinstance(g, list):
            return len(w) == len(g) and all(same_but_nulls(x, y) for x, y in zip(w, g, strict=True))
        if isinstance(w, dict) and isinstance(g, dict):
            return w.keys() == g.keys() and all(same_but_nulls(w[k], g[k]) for k in w)
        return bool(w == g)
    return want != got and same_but_nulls(want, got)


def _only_the_last(want: Any, got: Any) -> bool:
    """Whether a record the program gives is only the end of the reference's, the words said
    since some moment: the record is kept from the wrong moment, not each word judged otherwise."""
    return isinstance(want, list) and isinstance(got, list) and len(got) < len(want) and want[len(want) - len(got):] == got


def _passed_on_this_suit(rules: Rules, state: Any) -> bool:
    """Whether the player asked in the speech passed earlier in this deal on a card of the suit
    turned now (a suit come up again in a réjouissance: auv.speech.trump lets him play on it)."""
    if state.phase != "speech" or state.to_act is None or not state.turned:
        return False
    suit_of, turned = rules.suit_of, iter(state.turned)
    now = suit_of[state.turned[-1][1]]
    suit = None
    earlier = False
    for seat, word in state.words:
        if word == TURN:
            suit = suit_of[next(turned)[1]]
        elif word == PASS and seat == state.to_act and suit == now:
            earlier = True
    return earlier and sum(1 for _, w in state.words if w == TURN) > 1


def _word_after_show(state: Any, name: str | None, want: Any, got: Any, action: str | None) -> bool:
    """Whether a speech goes apart where a king was just shown (`auv.king.show`: the player who
    shows a king still says his word): the player asked right after his show is not the one
    the program asks (an action refused, or another player to act), or the homme the reference
    names showed a king in this speech and the program names another."""
    words = state.words
    if not words:
        return False
    if words[-1][1] == SHOW and (action is not None or name in ("to_act", "legal")):
        return True
    showers = {seat for seat, word in words if word == SHOW}
    return name == "homme" and isinstance(want, int) and want in showers and got != want


def _kings_struck(state: Any, want: Any, got: Any) -> bool:
    """L'Homme d'Auvergne: whether, once a réjouissance was offered (more than one card turned),
    the program's ledger is the reference's less some of the kings scored in an earlier round
    of the speech (of a suit turned before the last): kings that scored struck off, where they
    stay scored (auv.king.once), not the king of the suit just turned scoring or not."""
    turned: Sequence[Any] = getattr(state, "turned", ())
    if len(turned) < 2 or not isinstance(want, list) or not isinstance(got, list):
        return False
    now = state.rules.suit_of[turned[-1][1]]
    rest = [e for e in want if e not in got]
    scored = {"held", "turned"}  # the kings' own entries (auv.king.*), not one taken in a trick
    return bool(rest) and len(got) + len(rest) == len(want) and all(
        isinstance(e, dict) and str(e.get("clause")).removeprefix("auv.king.") in scored
        and isinstance(e.get("card"), str) and _is_card(state.rules, e["card"])
        and state.rules.suit_of[state.rules.card(e["card"])] != now for e in rest)


def _turned_put_back(state: Any, want: Any, got: Any) -> bool:
    """L'Homme d'Auvergne: whether the talon the program counts is larger than the reference's by
    the cards turned for réjouissances (each turned card put back under the talon)."""
    again = len(getattr(state, "turned", ())) - 1
    return isinstance(want, int) and isinstance(got, int) and again > 0 and got - want == again


def _speech_action_clause(table: Table, text: str) -> str:
    """The rule that decides whether `text` is legal for the player asked in a game with a
    speech: showing a king, in any phase; the rule of the phase for another word, or a card
    before play; following suit or trumping when void for a card in play."""
    if text.strip() == "show":  # in the speech or after it (in play, a show is never open): the king's rule
        return _show_clause(table.state)
    return _speech_play_clause(table)


def _show_clause(state: Any) -> str:
    """The rule that decides whether the player asked may show a king: showing
    (auv.king.show), or, for one a king of whose has scored in this deal already, what scores
    only once (auv.king.once: a show offered again, or withheld from his other king)."""
    if state.to_act in scored_kings(state.ledger).values():
        return "auv.king.once"
    return "auv.king.show"


def _speech_play_clause(table: Table) -> str:
    """The rule that decides what the player asked may do now: the rule of the phase before
    play; in play, the lead, following suit, or trumping when void in a plain suit led."""
    return _speech_node_clause(table.rules, table.state, "auv.play.lead")


def _speech_node_clause(rules: Rules, state: Any, lead: str = "auv.play.follow") -> str:
    """`_speech_play_clause` at `state`, a lead laid on `lead`: what may be led (a perft's count:
    who leads does not change how many cards may be led), or who leads (an action refused)."""
    if state.phase in _SPEECH_PHASE:
        return _SPEECH_PHASE[state.phase]
    if not state.trick:
        return lead
    led = rules.suit_of[state.trick[0]]
    hand = state.hands[state.to_act]
    if hand & rules.suit_mask[led] or led == state.trump:
        return "auv.play.follow"
    return "auv.play.trump-if-void"


# games with an auction (L'Hombre): the rule behind each observable, each way a deal ends, each phase
_HOMBRE_OBSERVED = {"tricks": "hom.play.trick-winner", "trick": "hom.play.trick-winner", "trump": "hom.contract.a-pique",
                    "talon": "hom.deal.talon", "hombre": "hom.auction.order", "auction": "hom.auction.order",
                    "contract": "hom.contract.demande", "exchange": "hom.exchange.tiers", "deal": "hom.deal.packets",
                    "session": "hom.match.coups", "result": "hom.count.result"}
_HOMBRE_OUTCOME = {"surrender": "hom.exchange.surrender", "stopped": "hom.count.vole", "all-passed": "hom.auction.all-pass",
                   "codille": "hom.count.nolo"}
_HOMBRE_PHASE = {"auction": "hom.auction.priority", "declare": "hom.contract.demande", "exchange": "hom.exchange.hombre"}


def _exchanges_apart(want: Any, got: Any) -> set[Any]:
    """The players whose entries of the `exchange` observable (who discarded how many) differ,
    one list taken as a set of entries against the other: a player left out or added, or his
    number otherwise, wherever in the list."""
    if not isinstance(want, list) or not isinstance(got, list):
        return set()
    wanted = {json.dumps(e, sort_keys=True) for e in want}
    given = {json.dumps(e, sort_keys=True) for e in got}
    return {e.get("player") if isinstance(e, dict) else None for e in (*want, *got)
            if json.dumps(e, sort_keys=True) in wanted ^ given}


def _auction_reopened(state: Any, want: Any, got: Any) -> bool:
    """Whether the program still offers the auction's words (a pass among them) once the
    reference's auction is over: the auction ends when every player but one has passed, so
    whoever is asked has passed, and a pass is final (hom.auction.pass-final). A pass offered
    beside the exchange's own words, as the reference offers them, is the exchange's."""
    return (state.phase != "auction" and any(bid is None for _, bid in state.said)
            and isinstance(got, list) and "pass" in got and isinstance(want, list) and "pass" not in want
            and not ("draw" in want and "draw" in got))


def _diagnosed_hombre(rules: Rules, s: Scenario, verdict: Verdict) -> tuple[str, bool] | None:
    """`_diagnosed` for a game with an auction: the scenario is played on the reference table
    up to the failing step; an action is judged by the phase it came in (the auction, the
    declaration, the exchange, or play: the lead, following, the matador's privilege, giving up,
    the vole), an observable by the rule that produces it (a ledger entry by its own clause, an
    outcome by how the deal ended)."""
    table = Table(rules, s.data["setup"])
    step, action = _replayed(table, s, verdict)
    state = table.state
    if action is not None:
        clause = _hand_clause(table, verdict, "hom") if "do" in step else None
        if clause == "hom.play.lead" and isinstance(verdict.got, str) and "not-in-hand" in verdict.got:
            clause = _hombre_first_to_act(state, None)  # another seat asked: still exchanging, or another leader
        clause = clause or _ended_apart(rules, state, verdict) or _refused_by(rules, state, verdict, action)
        return _in_ruleset_pair(rules, clause or _hombre_action_clause(table, action), False)
    if "perft" in step:
        return _in_ruleset_pair(rules, _perft_clause(state, int(step["perft"]), _hombre_node_clause)
                                or _HOMBRE_PHASE.get(state.phase, "hom.play.follow"), False)
    name, want = verdict.observed, step["expect"].get(verdict.observed or "")
    if black := _nolo_black_aces(table, name, want, verdict.got):
        return _in_ruleset_pair(rules, black, name == "tricks")
    if name == "to_act" and _names_one_out(table, name, want, verdict.got):
        return _in_ruleset_pair(rules, "hom.players.four", False)  # a player asked who sits this deal out
    if name == "to_act" and (ended := _ended_apart(rules, state, verdict)):
        return _in_ruleset_pair(rules, ended, False)
    if name == "legal" and _auction_reopened(state, want, verdict.got):
        return _in_ruleset_pair(rules, "hom.auction.all-pass" if _bid_alone(state) else "hom.auction.pass-final", False)
    if name in ("legal", "speakers"):
        words = _hombre_words_apart(want, verdict.got)
        clause = _hombre_word_clause(table, words) or _hand_clause(table, verdict, "hom")
        apart = sorted({a for a in (*want, *verdict.got) if isinstance(a, str)} - (set(want) & set(verdict.got)),
                       key=_action_order) if name == "legal" and isinstance(want, list) and isinstance(verdict.got, list) \
            else []
        return _in_ruleset_pair(rules, clause or _hombre_action_clause(table, apart[0] if apart else ""), False)
    if name == "to_act":
        # after a trick, a seat whose card could not have won it asked to lead: who leads, not who won
        asked = _seat_of(table, verdict.got)
        clause = _HOMBRE_PHASE.get(state.phase) or (_hombre_first_to_act(state, asked)
                                                     if not state.tricks and not state.trick else "hom.play.lead"
                                                     if not state.trick and _could_not_win(rules, state.tricks[-1],
                                                                                            asked, state.trump)
                                                     else "hom.play.trick-winner")
        return _in_ruleset_pair(rules, clause, False)
    if name == "outcome" and isinstance(want, dict):
        how = str(want.get("how"))
        nolo = state.contract is not None and state.contract.nolo
        differs = _fields_apart(want, verdict.got)
        if differs and "vole" in differs and not differs & {"how", "result", "hombre", "contract"}:
            return _in_ruleset_pair(rules, "hom.count.vole", True)
        if differs == {"points"}:  # the same end, other points: what the result scores
            return _in_ruleset_pair(rules, "hom.count.score", True)
        return _in_ruleset_pair(rules, _HOMBRE_OUTCOME.get(how) or ("hom.count.nolo" if nolo else "hom.count.result"),
                                True)
    if _deal_players_only(rules, name, want, verdict) or _names_one_out(table, name, want, verdict.got):
        return _in_ruleset_pair(rules, "hom.players.four", True)
    if name == "result" and isinstance(want, list) and isinstance(verdict.got, list):
        rows = [_fields_apart(w, g) for w, g in zip(want, verdict.got, strict=False)]
        if any(rows) and all(r <= {"points"} for r in rows):  # the same tricks, other points: a number the
            points = [(w.get("points"), g.get("points")) for w, g, r in zip(want, verdict.got, rows, strict=False) if r]
            return _in_ruleset_pair(rules, "hom.contract.table" if _off_the_table(state, points)  # row has not,
                                    else "hom.count.result" if _negated(want, verdict.got)  # who won,
                                    else "hom.count.score", True)  # or what they score
        if _pooled(want, verdict.got, "tricks"):  # two players' tricks counted together: who plays with whom
            return _in_ruleset_pair(rules, "hom.players.count", True)
    if name == "ledger":
        return _in_ruleset_pair(rules, _hombre_ledger_clause(rules, state, want, verdict.got), True)
    if name == "hombre" and want is None and isinstance(verdict.got, int) and state.phase == "auction":
        return _in_ruleset_pair(rules, "hom.auction.order", True)  # a hombre named before the auction is won
    if name == "contract" and _another_bid_stands(state, want, verdict.got):
        return _in_ruleset_pair(rules, "hom.auction.order", True)  # a bid of the auction other than the one that won
    if _turned_trump_apart(state, name, want, verdict.got):
        return _in_ruleset_pair(rules, "hom.exchange.tourne", True)
    if name == "session" and _session_field(verdict) is not None:
        return _in_ruleset_pair(rules, "hom.match.next-dealer", True)
    if name == "session" and _fields_apart(want, verdict.got) == {"points"}:  # the coups counted right, other points
        return _in_ruleset_pair(rules, "hom.count.result" if _negated(want, verdict.got) else "hom.count.score", True)
    if name == "events" and isinstance(want, list):
        shows = any(isinstance(e, dict) and "show" in e for e in want)
        turns = any(isinstance(e, dict) and "turn" in e for e in want)
        clause = "hom.contract.grand-tourne" if shows else "hom.exchange.tourne" if turns else "hom.exchange.hombre"
        return _in_ruleset_pair(rules, clause, True)
    if name in ("talon", "view") and _discards_to_talon(state, verdict):
        return _in_ruleset_pair(rules, "hom.exchange.hombre", True)  # the cards discarded put back in the talon
    if name == "exchange" and state.hombre is not None and (exchanged := _exchanges_apart(want, verdict.got)):
        if exchanged == {table.player(state.hombre)}:
            return _in_ruleset_pair(rules, "hom.exchange.hombre", True)  # the hombre's exchange alone: his rule
        if table.player(state.hombre) not in exchanged and state.contract is not None and state.contract.nolo:
            return _in_ruleset_pair(rules, "hom.exchange.nolo", True)  # the tiers' in a nolo, where they take none
    if name == "view":
        found = re.search(r"\[\d+\]\.(\w+)", verdict.detail)
        return _in_ruleset_pair(rules, clause_of(rules, found.group(1)) if found else None, True)
    if name == "deal":
        return _in_ruleset_pair(rules, _deal_field(rules, verdict, "hom.deal.packets", s), True)
    if name == "tricks":
        return _in_ruleset_pair(rules, _tricks_clause(table, verdict, want) or "hom.play.trick-winner", True)
    return _in_ruleset_pair(rules, _HOMBRE_OBSERVED.get(name or ""), name in _PRECISE)


def _discards_to_talon(state: Any, verdict: Verdict) -> bool:
    """L'Hombre: whether the talon the program counts (the observable, or a view's) is the one
    expected and every card discarded so far: the discards put under the talon, to be drawn
    again, where the exchange sets them aside (hom.exchange.hombre)."""
    if verdict.observed == "view":
        found = re.search(r"\[\d+\]\.talon is (\d+), expected (\d+)", verdict.detail)
        got, want = (int(found.group(1)), int(found.group(2))) if found else (None, None)
    else:
        got, want = verdict.got, verdict.expected
    discarded = sum(int(d).bit_count() for d in getattr(state, "discards", ()))
    return isinstance(got, int) and isinstance(want, int) and discarded > 0 and got - want == discarded


def _another_bid_stands(state: Any, want: Any, got: Any) -> bool:
    """Whether the contract the program plays is another one than the reference's, named as a
    bid in this deal's auction: the rule of which bid stands (the auction's order), not the
    contract's."""
    if not isinstance(want, dict) or not isinstance(got, dict) or got.get("name") == want.get("name"):
        return False
    names, start = auction_words(state.rules), state.rules.n_indices
    said = {names[a - start] for a in state.history if start <= a < start + len(names)}
    return got.get("name") in said


def _deal_players_only(rules: Rules, name: str | None, want: Any, verdict: Verdict) -> bool:
    """Whether, at a table with more players than a deal has, the program gives a list of a row
    per player (the result, a view's points) a row per player of the deal only: the rule of the
    player who sits out (L'Hombre with four), not what each row holds."""
    if rules.table_size <= rules.n_players:
        return False
    if name == "view":
        found = re.search(r"\[\d+\]\.\w+ has (\d+) entries, expected (\d+)", verdict.detail)
        return found is not None and (int(found.group(1)), int(found.group(2))) == (rules.n_players, rules.table_size)
    return (isinstance(want, list) and isinstance(verdict.got, list)
            and (len(verdict.got), len(want)) == (rules.n_players, rules.table_size))


def _names_one_out(table: Table, name: str | None, want: Any, got: Any) -> bool:
    """Whether the program's auction gives a bid to a player who sits this deal out on the
    reference, where the reference's gives none to him, or asks him to act: who sits out
    (L'Hombre with four), not the order of the bids."""
    out = set(table.seating.sitting_out())
    if name == "to_act" and out and isinstance(want, int) and want not in out:
        return isinstance(got, int) and not isinstance(got, bool) and got in out  # asked, though he sits out
    if name != "auction" or not out or not isinstance(got, list) or not isinstance(want, list):
        return False
    players = {row.get("player") for row in got if isinstance(row, dict)}
    return bool(players & out) and not {row.get("player") for row in want if isinstance(row, dict)} & out


def _pooled(want: Sequence[Any], got: Sequence[Any], field: str) -> bool:
    """Whether the rows of a result differ in `field` only where the program gives a player his own
    count and another player's together (players who each play for themselves taken as partners);
    False where no row differs."""
    counts: list[int] = []
    for w in want:
        count = w.get(field) if isinstance(w, dict) else None
        if not isinstance(count, int):
            return False
        counts.append(count)
    if len(want) != len(got):
        return False
    apart = [i for i, (w, g) in enumerate(zip(want, got, strict=True))
             if not isinstance(g, dict) or g.get(field) != w.get(field)]
    return bool(apart) and all(
        isinstance(got[i], dict) and any(got[i].get(field) == counts[i] + counts[j] for j in range(len(counts)) if j != i)
        for i in apart)


def _turned_trump_apart(state: Any, name: str | None, want: Any, got: Any) -> bool:
    """Whether only the trump differs in a contract whose trump is the card turned from the talon
    (tourné, grand tourné): which card is turned and what it makes trump is hom.exchange.tourne's,
    not the contract's."""
    if state.contract is None or state.contract.trump != "turned":
        return False
    return name == "trump" or (name == "contract" and _fields_apart(want, got) == {"trump"})


def _hombre_first_to_act(state: Any, got: Any) -> str:
    """Who is asked when the reference has finished the exchange and waits for the first card:
    where the program asks a seat the contract did not let exchange (the hombre of a nolo or of
    sans prendre, a tier of a nolo, a tier the talon could no longer serve), it is still
    exchanging: the rule of who exchanges (hom.exchange.nolo for a nolo, hom.exchange.tiers
    otherwise), not who leads (hom.play.lead).  `got` None: the program refused the first card
    as not in hand, asking another seat; where a seat did not exchange that a wider reading of
    the contract would let, that is the likelier cause."""
    contract, hombre = state.contract, state.hombre
    if contract is None or hombre is None or state.tricks or state.trick:
        return "hom.play.lead"
    exchanged = {seat for seat, _ in state.exchanges}
    if got is None:  # a card refused as not in hand: some seat is asked, which one is not said
        if len(exchanged) == state.rules.n_players:
            return "hom.play.lead"
        return "hom.exchange.nolo" if contract.nolo else "hom.exchange.tiers" if exchanged or not contract.hombre_exchanges \
            else "hom.play.lead"
    if not isinstance(got, int) or isinstance(got, bool) or got in exchanged or not 0 <= got < state.rules.n_players:
        return "hom.play.lead"
    if contract.nolo:
        return "hom.exchange.nolo"
    return "hom.exchange.tiers" if got != hombre or not contract.hombre_exchanges else "hom.play.lead"


def _negated(want: Any, got: Any) -> bool:
    """Whether every number that differs between the two answers (records and lists, to any
    depth) is the other's with its sign changed: the same value won instead of lost, or lost
    instead of won (who won, not what it is worth)."""
    pairs: list[tuple[int, int]] = []

    def walk(w: Any, g: Any) -> bool:
        if isinstance(w, dict) and isinstance(g, dict):
            return w.keys() == g.keys() and all(walk(w[k], g[k]) for k in w)
        if isinstance(w, list) and isinstance(g, list):
            return len(w) == len(g) and all(walk(a, b) for a, b in zip(w, g, strict=True))
        if isinstance(w, int) and isinstance(g, int) and not isinstance(w, bool) and not isinstance(g, bool):
            if w != g:
                pairs.append((w, g))
            return True
        return bool(w == g)

    return walk(want, got) and bool(pairs) and all(g == -w for w, g in pairs)


# the hombre's tricks where a reading of who won can part from the rules' (five win, four may
# tie): the result is judged there, and nowhere else can it be misjudged won for a remise
_CLOSE_RESULT = frozenset({4, 5})


def _hombre_ledger_clause(rules: Rules, state: Any, want: Any, got: Any) -> str | None:
    """The rule behind a L'Hombre ledger that differs: the same payments made the other way
    (the hombre paying the sheet what the sheet should pay him, or the other way round) are the
    result judged otherwise, won for lost (hom.count.result), where the hombre's tricks are
    near the line between them; after a surrender, or tricks far from it, they are the payments
    written the other way (hom.count.score); else the entry's clause (`_ledger_clause`)."""
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        apart = [(w, g) for w, g in zip(want, got, strict=True) if w != g]
        if apart and all(isinstance(w, dict) and isinstance(g, dict) and _fields_apart(w, g) == {"from", "to"}
                         and (w.get("from"), w.get("to")) == (g.get("to"), g.get("from")) for w, g in apart):
            taken = sum(1 for _, _, winner in state.tricks if winner == state.hombre)
            plain = state.contract is not None and not state.contract.nolo
            if state.outcome == SURRENDER or (plain and taken not in _CLOSE_RESULT):
                return "hom.count.score"
            return "hom.count.result"
        if apart and all(isinstance(w, dict) and isinstance(g, dict) and _fields_apart(w, g) == {"points"}
                         and w.get("clause") == "hom.count.score" for w, g in apart) \
                and _off_the_table(state, [(w.get("points"), g.get("points")) for w, g in apart]):
            return "hom.contract.table"
    return _ledger_clause(rules, want, got)


def _off_the_table(state: Any, points: Sequence[tuple[Any, Any]]) -> bool:
    """Whether the hombre's points the program writes (reference's, program's) are, where the
    reference's are the contract's win or codille, that number moved by one to one the row does
    not have: a number of the table wrong (hom.contract.table), not which of its two is scored,
    its sign, or a count made otherwise (doubled: hom.count.score)."""
    row = state.contract
    if row is None or not points:
        return False
    values = {row.won, row.codille}
    return all(isinstance(w, int) and isinstance(g, int) and abs(w) in values and abs(g) not in values
               and abs(abs(g) - abs(w)) == 1 and (g > 0) == (w > 0) for w, g in points)


def _fields_apart(want: Any, got: Any) -> set[str]:
    """The fields of a record the scenario gives that the answer gives otherwise (every field
    given, when the answer is no record)."""
    if not isinstance(want, dict):
        return set()
    if not isinstance(got, dict):
        return set(want)
    return {k for k, v in want.items() if got.get(k) != v}


def _bid_alone(state: Any) -> bool:
    """Whether the auction ended with the third hand's bid after the first two passed: his
    contract is his at once (hom.auction.all-pass), so an auction the program holds open
    beyond it breaks that rule, not the finality of a pass."""
    passes = [i for i, (_, bid) in enumerate(state.said) if bid is None]
    bids = [i for i, (_, bid) in enumerate(state.said) if bid is not None]
    return len(passes) == 2 and bool(bids) and max(passes) < min(bids)


def _pass_alone_unasked(table: Table) -> bool:
    """Whether the player the reference asks in the auction has no word left but `pass` (a
    program that does not offer it has not asked him: it said his pass for him, or skipped him,
    which is the auction's order of speaking, hom.auction.order)."""
    state = table.state
    return [state.action_text(a) for a in state.legal_actions()] == ["pass"]


def _hombre_words_apart(want: Any, got: Any) -> set[str]:
    """The words (not cards) one legal set has and the other lacks."""
    def flat(x: Any) -> set[str]:
        if isinstance(x, list):
            return {str(a) for item in x for a in (item if isinstance(item, list) else [item])}
        return set()
    return {w for w in flat(want) ^ flat(got) if len(w) != 2}


def _bids_as_if_none_stood(table: Table, words: set[str]) -> bool:
    """Whether, in the auction with a bid standing, the bids one side offers and the other does
    not are those the player could name if none stood (lower ones among them): the program
    reckons with no bid, or another one, where the reference has one standing (the duel started
    afresh: the auction's order), not the priority within a rank."""
    state, rules = table.state, table.rules
    if state.phase != "auction" or not words:
        return False
    now = standing(rules, state.said)
    if now.bid is None or now.to_speak is None:
        return False
    hand = state.hands[now.to_speak]
    free = {row.name for row in contract_rows(rules) if may_name(rules, row, hand)}
    rank = {row.name: row.rank for row in contract_rows(rules)}
    lower = {name for name in free if rank[name] < rank[now.bid]}
    return bool(lower) and lower <= words <= free


def _hombre_word_clause(table: Table, words: set[str]) -> str | None:
    """The rule a legal set that differs by a word breaks: `surrender` (giving up, unless `draw`
    differs too: one side exchanging, the other playing), `stop` (the vole, which a nolo has
    not), `draw` (the exchange: who exchanges, once the reference is playing; else how many a
    player discards)."""
    state = table.state
    if _bids_as_if_none_stood(table, words):  # the bid standing forgotten: which bid stands, the auction's order
        return "hom.auction.order"
    if words == {"pass"} and state.phase == "auction":  # passing refused or offered: after two passes, the third's right
        if len(standing(table.rules, state.said).passed) == 2:
            return "hom.auction.all-pass"
        if _pass_alone_unasked(table):
            return "hom.auction.order"
        return "hom.auction.pass-final"
    if ("surrender" in words or "play-on" in words) and "draw" not in words:
        return "hom.exchange.surrender"
    if "grand-tourne" in words:  # in the auction, who may name it; once a demande is won, what it opens
        return "hom.contract.grand-tourne" if state.phase == "auction" else "hom.contract.demande"
    contracts = {c["name"] for c in table.rules.data.get("auction", {}).get("contracts", []) if isinstance(c, dict)}
    if state.bid is not None and (any(w.startswith("trump ") for w in words)  # naming a trump, or not
                                  or (words & contracts and state.phase != "declare")):  # choosing a contract, or not
        return ("hom.contract.a-pique" if state.bid.endswith("a-pique")
                else "hom.contract.sans-prendre" if state.bid == "sans-prendre" else "hom.contract.demande")
    if "spil" in words:
        return "hom.auction.order"
    if "stop" in words:  # the vole; in a nolo there is none (its own count's rule says so)
        return "hom.count.nolo" if state.contract is not None and state.contract.nolo else "hom.count.vole"
    if "draw" in words:
        if state.phase == "play" and state.contract is not None:
            return "hom.exchange.nolo" if state.contract.exchange == "hombre" else "hom.exchange.tiers"
        if state.phase == "exchange" and state.to_act == state.hombre and state.contract is not None:
            return "hom.exchange.tourne" if state.contract.trump == "turned" else "hom.exchange.hombre"
        return "hom.exchange.tiers"
    return None


def _hombre_action_clause(table: Table, text: str) -> str:
    """The rule that decides whether `text` (or, with "", anything) is open to the player asked
    in L'Hombre: the auction's priority (grand tourné: its matadors), the contract a bid opens,
    the exchange (a tourné's minimum), giving up, the vole, or in play the lead, following and
    the matador's privilege."""
    state, rules = table.state, table.rules
    word = " ".join(text.split())
    if state.phase == "auction":
        if word == "pass" and _pass_alone_unasked(table):
            return "hom.auction.order"  # his only word refused: the program did not ask him
        return "hom.contract.grand-tourne" if word == "grand-tourne" else "hom.auction.priority"
    if state.phase == "declare":
        if word.startswith("trump "):
            return "hom.contract.sans-prendre" if state.bid == "sans-prendre" else "hom.contract.demande"
        return "hom.contract.sans-prendre" if state.bid == "sans-prendre" else "hom.contract.demande"
    if state.phase == "exchange":
        if state.contract is not None and state.contract.trump == "turned" and state.to_act == state.hombre:
            return "hom.exchange.tourne"
        return "hom.exchange.hombre" if state.to_act == state.hombre else "hom.exchange.tiers"
    if word in ("surrender", "play-on"):
        return "hom.exchange.surrender"
    if word == "stop" or state.may_stop():
        return "hom.count.vole"
    if not state.trick:
        return "hom.play.lead"
    order = card_order(rules, state.trump)
    led = order.class_of[state.trick[0]]
    hand = state.hands[state.to_act]
    trumps = hand & order.class_mask[led] if state.trump is not None and led == state.trump else 0
    if trumps and state.trump is not None and not trumps & ~matadors_of(rules, state.trump):
        return "hom.play.matador-privilege"
    card = rules.card(word) if _is_card(rules, word) else None
    if trumps & matadors_of(rules, state.trump or 0) and card is not None and not trumps >> card & 1:
        return "hom.play.matador-privilege"  # a card off the trumps to one holding a matador: whom the privilege frees
    return "hom.play.follow"


def _first_asked_after_a_draw(s: Scenario, verdict: Verdict) -> bool:
    """Whether the failure is who is asked first, before any action, in a deal whose dealer the
    players draw (the setup's `draw`): the seat asked is the drawn dealer's neighbour, and a
    program that asks another has drawn another dealer (the rule of the first dealer), where
    the rule of who is asked after the dealer is checked by every other deal."""
    if verdict.observed != "to_act" or "draw" not in s.data.get("setup", {}) or verdict.step is None:
        return False
    return not any("do" in step for step in s.data["steps"][: verdict.step - 1])


def _in_ruleset_pair(rules: Rules, clause: str | None, precise: bool) -> tuple[str, bool] | None:
    found = in_ruleset(rules, clause)
    return None if found is None else (found, precise)


def _action_index(detail: str) -> int:
    found = re.search(r"action (\d+) of \d+", detail)
    return int(found.group(1)) if found else 1


def _observed_clause(table: Table, expected: Mapping[str, Any], verdict: Verdict) -> str | None:
    name = verdict.observed
    if name is None or name not in expected:
        return None
    want, got = expected[name], verdict.got
    if name == "legal":
        given = set(got if isinstance(got, list) else [])
        state = table.state
        strangers = [a for a in given if len(a) == 2 and not state.hands[state.to_act] >> state.rules.card(a) & 1]
        if strangers and state.tricks and not state.trick and state.phase == "play":
            # another player leads: who leads after a trick (its winner) differs; decided within the suit led, the order
            seats = [p for p in range(len(state.hands)) if all(state.hands[p] >> state.rules.card(a) & 1 for a in strangers)]
            last = len(state.tricks) - 1
            if seats and seats[0] == (state.tricks[last][2] + 1) % len(state.hands):
                return "hdb.play.next-lead"  # the player after the winner: the lead passed on, the winner known
            order = _given_otherwise(state.rules, state.tricks, last, seats[0], state.trump) if seats else None
            return order or "hdb.play.next-lead"
        differing = sorted(set(want) ^ given, key=_action_order)
        if _turnup_in_question(table, differing) or _legal_without_turnup(table, given) \
                or _turnup_alone(table, given, want):
            return "hdb.deal.turnup-exposed"  # the turned card while it lies on show: the dealer's, or not yet
        if (restricted := _lead_restricted(state.rules, state, verdict, None)) is not None:
            return restricted
        measured = _overtrump_measured_otherwise(state.rules, state, sorted(set(want) - given), sorted(given)) \
            if given <= set(want) and state.phase == "play" else None
        if measured:
            return measured
        return action_clause(table, differing[0]) if differing else None
    if name == "speakers" and isinstance(got, list):
        return _speakers_clause(table, want, got)
    if name == "start" and isinstance(got, dict) and isinstance(want, dict):
        # what the deal started from: the dealer moved, the marks, the scores and Brouc's carried
        # marriages passed on from the deal before (the first field that differs)
        differs = [k for k in ("dealer", "marks", "scores", "carried") if k in want and got.get(k) != want[k]]
        return _START.get(differs[0]) if differs else None
    if name == "to_act" and table.state.phase == "mark":
        return "hdb.marriage.table-marked"  # the winner of a trick holding a table marriage was not asked to mark it
    if name == "to_act" and table.state.phase == "respond" and _partner_asked(table, want, got):
        return "hdb.game.concession-answer"  # the team that answers asked, by its other player: who answers
    if name == "to_act" and table.state.phase in ("concede", "respond", "round"):
        # the question the rules open here (a concession, Brouc's round of dehors) was not asked
        return _round_clause(table.state) if table.state.phase == "round" else "hdb.game.concession"
    if name == "sheet" and in_ruleset(table.rules, "brouc.marriage.table-marked") and _table_left_out(table, want, got):
        return "brouc.marriage.table-marked"  # the table marriages left off the slate's score: read as not counted
    if name == "sheet" and _struck_out_written(want, got) and table.state.outcome is not None \
            and table.state.outcome.how == "declaration-failed":
        return "hdb.game.partie-et-vole-failure"  # the broken trick's marriage written: it counts for nothing
    if name in ("result", "outcome") and _carried_left_out(table, name, want, got):
        return "brouc.game.cape"  # the marriages a cape carried in, not counted in this deal
    if name == "result" and isinstance(got, list):
        for field, clause in _RESULT.items():  # the first field that differs, in the order of counting
            if any(isinstance(g, dict) and field in w and w[field] != g.get(field) for w, g in zip(want, got, strict=False)):
                if field in ("tricks", "card_points") and _teams_otherwise(table.state, want, got, field):
                    return "hdb.players.teams"  # the tricks of other pairs of players counted together
                if field == "card_points" and _rest_of_the_pack(table.rules, want, got):
                    return "hdb.count.card-points"  # a team given the rest of the pack, not its tricks' points
                if field == "marriages" and in_ruleset(table.rules, "brouc.marriage.unannounced") \
                        and _piles_marriages_counted(table, got):
                    return "brouc.marriage.unannounced"  # the marriages a team's tricks hold, never announced
                if field == "marriages":  # announced or on the table; when the count cannot tell, their values
                    return _marriage_clause(table, got) or "hdb.marriage.kinds"
                if field == "card_points" and _last_trick_apart(table, want, got,
                                                                 lambda seat: table.team(table.rules.team_of[seat])):
                    return "hdb.count.card-points"  # the last trick's winners alone count otherwise: a bonus for it
                if field == "card_points" and _none_counted_yet(table.state, want, got):
                    return "hdb.count.card-points"  # none counted yet mid-deal: when the count is made
                if field == "card_points" and _cards_credited_otherwise(table, got):
                    return "hdb.count.card-points"  # whose count a trick's cards go to
                if field == "card_points" and _total(got, field) != _total(want, field):
                    return "hdb.deck.points"  # not shared out otherwise: the cards themselves count otherwise
                return clause
        return "hdb.count.rounding"
    if name == "outcome" and isinstance(want, dict):
        how = str(want.get("how"))
        # the same end and the same winner: only the value read on a count can make the marks differ
        same_end = isinstance(got, dict) and got.get("how") == how and got.get("winner") == want.get("winner")
        if same_end and got.get("marks") != want.get("marks") and how in _VALUED_BY_GAME_VALUE:
            # a wrong claim's rule says whose count its marks are read on (Brouc: the coches the
            # other side would have marked), and so does an accepted concession's, counted at once
            # (read on the team that accepts, the winners); the others read the game's value on the
            # losers' count
            if how == "concession-accepted" and _valued_on_winners(table.rules, want, got):
                return "hdb.game.concession-answer"
            return "hdb.game.claim-wrong" if how == "claim-wrong" else "hdb.game.value"
        if isinstance(got, dict) and {how, got.get("how")} == {"claim-right", "claim-wrong"}:
            return "hdb.game.claim"  # right taken for wrong: what the claim counts towards 301 (Brouc: the dehors)
        declared = table.state.declared
        if how.startswith("declaration") and declared is not None and declared[1]:  # Brouc's pas dédoublé: its stake
            return "brouc.game.cape-pas-dedouble"
        return _OUTCOME.get(how)
    if name == "match" and isinstance(want, dict) and isinstance(got, dict):
        # the field that differs: who deals next, the marriages a cape carries, else the marks and the winner
        differs = [k for k in ("next_dealer", "carried", "marks", "winner") if k in want and got.get(k) != want[k]]
        return _MATCH.get(differs[0], "hdb.match.target") if differs else "hdb.match.target"
    if name in ("announcements", "table") and isinstance(want, list) and isinstance(got, list):
        if _written_otherwise(table.rules, want, got):  # the same entries, their marriage or speaker written otherwise
            return "hdb.info.spoken" if name == "announcements" else "hdb.info.table-marriage-shown"
        # the same marriages with other points: their values (kinds, doubled in trumps)
        same = len(want) == len(got) and all(isinstance(w, dict) and isinstance(g, dict)
                                             and w.get("marriage") == g.get("marriage") for w, g in zip(want, got, strict=True))
        if same and any(w.get("points") != g.get("points") for w, g in zip(want, got, strict=True)):
            if name == "table" and _one_factor(want, got):
                return "hdb.marriage.table"  # every table marriage by one factor: the table's, not the kinds'
            wrong = [i for i, (w, g) in enumerate(zip(want, got, strict=True)) if w.get("points") != g.get("points")]
            if all(_raised(want, i) for i in wrong):
                return "hdb.marriage.announce-window"  # a marriage raised to the grand: what the raise earns
            return "hdb.marriage.kinds"
    if name == "view":  # the field that differs, as compare names it: [player].field
        found = re.search(r"\[\d+\]\.(\w+)", verdict.detail)
        return clause_of(table.rules, found.group(1)) if found else None
    if name == "deal":
        return _deal_field(table.rules, verdict, "hdb.deal.packets")
    if name == "tricks":
        return _tricks_clause(table, verdict, want) or "hdb.play.trick-winner"
    return _OBSERVED.get(name)


def _since_the_last_trick_only(want: list[Any], got: list[Any], made: list[Any], last: int) -> bool:
    """Whether the program's record (`table`, `announcements`) is the reference's less every
    entry made before the last trick finished (`made`: the tricks finished when each entry was
    made; `last`: how many are now), some being so: the record kept from the wrong moment."""
    if len(made) != len(want) or all(t == last for t in made):
        return False
    return got == [e for e, t in zip(want, made, strict=True) if t == last]


def _words_among_marriages(rules: Rules, want: list[Any], got: list[Any]) -> bool:
    """Whether the announcements given are the reference's with entries added that name no
    marriage (a declaration's word): other words said aloud listed among the marriages."""
    marriages = {"".join(k.ranks) + suit for k in rules.kinds for suit in rules.suits}
    added = [e for e in got if e not in want]
    return bool(added) and [e for e in got if e in want] == want and all(
        isinstance(e, dict) and e.get("marriage") not in marriages for e in added)


def _running_totals(table: Table, want: list[Any], got: list[Any]) -> bool:
    """Whether the announcements given are the reference's, each with the points its team has
    announced so far in place of its own (the record showing a total, not what was said)."""
    if len(want) != len(got) or len(want) < 2 or not all(isinstance(e, dict) for e in (*want, *got)):
        return False
    so_far: Counter[int] = Counter()
    suits: set[tuple[int, str]] = set()
    summed = False  # an entry apart that raises no marriage of its team (a raise in full gives the total too)
    for w, g in zip(want, got, strict=True):
        player = w.get("player")
        if not isinstance(player, int) or not isinstance(w.get("points"), int):
            return False
        team = table.rules.team_of[table.seat(player) % table.rules.n_players]
        so_far[team] += w["points"]
        if {k: v for k, v in g.items() if k != "points"} != {k: v for k, v in w.items() if k != "points"} \
                or g.get("points") != so_far[team]:
            return False
        suit = (team, str(w.get("marriage"))[-1:])
        summed = summed or (g != w and suit not in suits)
        suits.add(suit)
    return summed


def _sub_list(part: list[Any], whole: list[Any]) -> bool:
    """Whether `part` is `whole` with some of its items left out, the rest in their order."""
    rest = iter(whole)
    return all(any(item == other for other in rest) for item in part)


# 1802's records of what was played and said (PROTOCOL.md): the clause of what each shows
_RECORDS = {"trick": "hdb.info.trick-open", "tricks": "hdb.info.trick-piles", "announcements": "hdb.info.spoken",
            "table": "hdb.info.table-marriage-shown"}


def _record_rewritten(table: Table, name: str, want: list[Any], got: list[Any]) -> bool:
    """Whether a record of the game (`_RECORDS`) holds the reference's very entries written
    otherwise: all of them in another order (newest first, by pile), or each with its trick
    numbered by one same offset (from 0, not 1), or none at all while the deal goes on (the
    finished tricks kept face down), or some of the trick in progress's cards only (its last card
    alone), or each announcement's points as its team's total so far, or other words said (a
    declaration) listed among the announced marriages, or one field of every entry
    held back (0 or null) while it goes on, or kept only since the last trick (the table's older
    piles turned down, the words of earlier windows forgotten), or the announcements with the
    table's marriages among them: what the record shows, not what was played or counted."""
    def key(entry: Any) -> str:
        return json.dumps(entry, sort_keys=True)
    if got != want and len(want) >= 2 and sorted(map(key, got)) == sorted(map(key, want)):
        return True
    if name in ("table", "announcements"):
        made = [e.get("trick") if isinstance(e, dict) else None for e in want] if name == "table" \
            else [a[5] for a in table.state.announcements]
        if _since_the_last_trick_only(want, got, made, len(table.state.tricks)):
            return True
    going_on = not table.state.is_over
    if name == "tricks" and not got and want and going_on:
        return True
    if name == "announcements" and (_running_totals(table, want, got) or _words_among_marriages(table.rules, want, got)):
        return True
    if name == "trick" and going_on and 0 < len(got) < len(want) and _sub_list(got, want):
        return True  # the trick in progress with some of its cards held back (the last card alone)
    if name == "announcements" and len(got) > len(want) and _with_the_table(table, want, got):
        return True
    if going_on and len(got) == len(want) and want and all(isinstance(e, dict) for e in (*want, *got)):
        apart = {k for w, g in zip(want, got, strict=True) for k in w if g.get(k) != w[k]}
        if len(apart) == 1 and all(g.get(k) in (0, None) for g in got for k in apart):
            return True
    if len(got) != len(want) or not want or not all(isinstance(e, dict) and isinstance(e.get("trick"), int)
                                                    for e in (*want, *got)):
        return False
    offsets = {g["trick"] - w["trick"] for w, g in zip(want, got, strict=True)}
    rest = all({k: v for k, v in w.items() if k != "trick"} == {k: v for k, v in g.items() if k != "trick"}
               for w, g in zip(want, got, strict=True))
    return rest and len(offsets) == 1 and offsets != {0}


def _with_the_table(table: Table, want: list[Any], got: list[Any]) -> bool:
    """Whether the announcements given are the reference's with, among them in order, an entry
    for each table marriage made so far (its marriage and points): two records run together."""
    made = [(e.get("marriage"), e.get("points")) for e in table.observe("table")]
    rest = iter(want)
    extra = []
    expected = next(rest, None)
    for entry in got:
        if entry == expected:
            expected = next(rest, None)
        elif isinstance(entry, dict):
            extra.append((entry.get("marriage"), entry.get("points")))
        else:
            return False
    return expected is None and bool(extra) and sorted(map(str, extra)) == sorted(map(str, made))


def _raised(entries: list[Any], i: int) -> bool:
    """Whether announcement `i` raises a marriage the same player announced before it to the
    grand one (its cards hold the earlier one's): its points are the raise's
    (extend_to_grand, hdb.marriage.announce-window), not a marriage's value."""
    entry = entries[i]
    marriage = str(entry.get("marriage", ""))
    return any(isinstance(e, dict) and e.get("player") == entry.get("player") and isinstance(e.get("marriage"), str)
               and len(e["marriage"]) < len(marriage) and set(e["marriage"]) <= set(marriage)
               for e in entries[:i])


def _teams_otherwise(state: Any, want: Any, got: Any, field: str) -> bool:
    """Whether the teams' tricks (or card points) the program gives are those of another pairing
    of the four players (partners side by side, or the teams numbered from another player), from
    what each player's tricks hold, and not the reference's (hdb.players.teams)."""
    if len(state.hands) != 4 or not isinstance(want, list) or not isinstance(got, list) or len(got) != 2:
        return False
    given = [g.get(field) if isinstance(g, dict) else None for g in got]
    if given == [w.get(field) if isinstance(w, dict) else None for w in want] or not all(isinstance(t, int) for t in given):
        return False
    won = [0] * 4
    for _, cards, winner in state.tricks:
        won[winner] += 1 if field == "tricks" else sum(state.rules.points[c] for c in cards)
    extra = 0 if field == "tricks" else (_total(want, field) or 0) - sum(won)  # the last trick's points
    last = state.tricks[-1][2] if state.tricks else -1
    for partner in (1, 2, 3):
        pair = (0, partner)
        counts = [sum(won[p] for p in pair) + (extra if last in pair else 0),
                  sum(won[p] for p in range(4) if p not in pair) + (0 if last in pair else extra)]
        if given in (counts, counts[::-1]):
            return True
    return False


def _cards_credited_otherwise(table: Table, got: Any) -> bool:
    """Whether the teams' card points are what another way of crediting a trick's cards gives,
    every card worth what it is: each card to the team that played it, a trick's cards to the
    team that led it, or to the team that won it only the cards the other team played into it
    (or only its own). Whose count the cards go to (`hdb.count.card-points`), not what they are
    worth; the caller has the program's count differ from the reference's."""
    rules, state = table.rules, table.state
    if not isinstance(got, list) or not state.tricks:
        return False
    given = [g.get("card_points") if isinstance(g, dict) else None for g in got]
    ways: dict[str, list[int]] = {way: [0] * len(given) for way in ("played", "led", "captured", "kept")}

    def row(seat: int) -> int:
        return table.team(rules.team_of[seat % rules.n_players])
    for leader, cards, winner in state.tricks:
        won = row(winner)
        for k, card in enumerate(cards):
            by, worth = row(leader + k), rules.points[card]
            if not (0 <= by < len(given) and 0 <= won < len(given)):
                return False
            ways["played"][by] += worth
            ways["led"][row(leader)] += worth
            ways["kept" if by == won else "captured"][won] += worth
    return any(counts == given for counts in ways.values())


def _rest_of_the_pack(rules: Rules, want: Any, got: Any) -> bool:
    """Whether the teams' card points the program gives add up to the whole pack's where the
    reference's do not (part of the deal played), one team's right: the other is given the rest
    of the pack, not the points of its own tricks (the count's rule, not the cards' points)."""
    whole, given, wanted = sum(rules.points), _total(got, "card_points"), _total(want, "card_points")
    return given == whole != wanted and any(
        isinstance(w, dict) and isinstance(g, dict) and w.get("card_points") == g.get("card_points")
        for w, g in zip(want, got, strict=False))


def _struck_out_written(want: Any, got: Any) -> bool:
    """Whether the program's marque is the reference's with a marriage written as made
    (`marriage`) where the reference strikes it out (`annulled`), the same numbers. After a
    broken partie et vole that is the failure's rule (the trick that broke it counts for nothing,
    marriages included); after a vole or a replayed coup it stays the marque's, which strikes out
    what was written (a tuning fault's writer read it so)."""
    if not (isinstance(want, list) and isinstance(got, list) and len(want) == len(got)) or want == got:
        return False
    for w, g in zip(want, got, strict=True):
        if w == g:
            continue
        if not (isinstance(w, dict) and isinstance(g, dict) and w.get("kind") == "annulled"
                and g == {**w, "kind": "marriage"}):
            return False
    return True


def _table_left_out(table: Table, want: Any, got: Any) -> bool:
    """Whether the program's slate (Brouc's `sheet`) has the reference's rows but a last score
    row without the deal's table marriages, for a team or both: what is not written on the
    slate (brouc.marriage.table-marked) taken as not counted."""
    points = getattr(table.state, "table_points", None)
    if not points or not any(points) or not (isinstance(want, list) and isinstance(got, list)) or len(want) != len(got):
        return False
    scores = [(w, g) for w, g in zip(want, got, strict=True)
              if isinstance(w, dict) and isinstance(g, dict) and w.get("kind") == g.get("kind") == "score"]
    if not scores or any(w.get("kind") != g.get("kind") for w, g in zip(want, got, strict=True)
                         if isinstance(w, dict) and isinstance(g, dict)):
        return False
    w, g = scores[-1]
    return _short_by(table, points, [(w.get(k), g.get(k)) for k in ("nous", "eux")])


def _carried_left_out(table: Table, name: str, want: Any, got: Any) -> bool:
    """Whether the program's count of a Brouc deal that began with marriages carried in from a
    cape (brouc.game.cape) is the reference's less them, for a team or both: the marriages in
    `result`, or the scores in `outcome`."""
    context = getattr(table.state, "context", None)
    if context is None or not any(context.carried):
        return False
    if name == "result" and isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        pairs = [(w.get("marriages"), g.get("marriages")) if isinstance(w, dict) and isinstance(g, dict) else (None, None)
                 for w, g in zip(want, got, strict=True)]
    elif name == "outcome" and isinstance(want, dict) and isinstance(got, dict) and want.get("how") == got.get("how"):
        w, g = want.get("scores"), got.get("scores")
        pairs = list(zip(w, g, strict=True)) if isinstance(w, list) and isinstance(g, list) and len(w) == len(g) else []
    else:
        return False
    return _short_by(table, context.carried, pairs)


def _short_by(table: Table, by_deal_team: Sequence[int], pairs: Sequence[tuple[Any, Any]]) -> bool:
    """Whether the program's numbers, one (reference's, program's) pair per table team, are each
    the reference's or the reference's less that team's amount (`by_deal_team`, by deal team),
    and one at least is short: an amount left out of a count."""
    if len(pairs) != 2 or not all(isinstance(w, int) and isinstance(g, int) for w, g in pairs):
        return False
    amounts = [0, 0]
    for t, value in enumerate(by_deal_team):
        amounts[table.team(t)] = value
    apart = [w - g for w, g in pairs]
    return any(apart) and all(a in (0, c) for a, c in zip(apart, amounts, strict=True))


def _partner_asked(table: Table, want: Any, got: Any) -> bool:
    """Whether the program asks the partner of the player the reference asks."""
    players = range(len(table.state.hands))
    if not (isinstance(want, int) and isinstance(got, int) and want != got and want in players and got in players):
        return False
    team_of = table.rules.team_of
    return bool(team_of[table.seat(want)] == team_of[table.seat(got)])


def _turnup_in_question(table: Table, actions: list[str]) -> bool:
    """Whether the actions that differ are the dealer's use of the turned card (hdb.deal.turnup-exposed,
    brouc.deal.turnup-in-hand): the turned card alone, in the first trick, or after it where he
    takes it up once that trick is over (1802) and still holds it; announcements of marriages it
    belongs to, every one, while it lies on show (1802's first window) or he still holds it (taken
    up in 1802; in his hand from the start in Brouc); not once he has played it (then the hand's
    rule: hdb.marriage.announce-in-hand)."""
    state = table.state
    rules = state.rules
    if not actions or state.to_act != rules.dealer:
        return False
    turnup = state.turnup
    if not state.tricks:
        return actions == [rules.card_text(turnup)]
    if (len(state.tricks) > 1 or any(turnup in cards for _, cards, _ in state.tricks)) \
            and not state.hands[rules.dealer] >> turnup & 1:
        return False  # taken up and played: a card no longer held, not one on show
    if actions == [rules.card_text(turnup)]:
        return bool(rules.turnup_exposed == "first-trick")
    for text in actions:
        if not text.startswith("announce"):
            return False
        try:
            action = parse_action(rules, text)
        except (BrouError, ValueError, IndexError):
            return False
        suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
        if not (0 <= suit < len(rules.suits) and rules.kinds[kind].masks[suit] >> turnup & 1):
            return False
    return True


def _legal_without_turnup(table: Table, given: set[str]) -> bool:
    """Whether the cards offered are those the dealer could play without the turned card in his
    hand: in the first trick (it taken to lie apart while on show), or after it where he takes it
    up once that trick is over (1802: it never taken up)."""
    state = table.state
    rules = state.rules
    if state.to_act != rules.dealer or not state.hands[state.to_act] >> state.turnup & 1:
        return False
    if state.tricks and rules.turnup_exposed != "first-trick":
        return False
    apart = state.copy()
    apart.hands[apart.to_act] &= ~(1 << state.turnup)
    mask = apart.legal_cards()
    cards = {a for a in given if len(a) == 2}
    return cards == {rules.card_text(c) for c in range(mask.bit_length()) if mask >> c & 1}


def _turnup_alone(table: Table, given: set[str], want: Sequence[Any]) -> bool:
    """Whether the dealer, holding the turned card in the first trick, is offered it alone
    where the reference offers it among other cards: the turned card made a card he must play
    (what becomes of it while it lies on show), not the rule of following."""
    state = table.state
    rules = state.rules
    if state.tricks or state.to_act != rules.dealer or not state.hands[state.to_act] >> state.turnup & 1:
        return False
    turnup = rules.card_text(state.turnup)
    return {a for a in given if len(a) == 2} == {turnup} and turnup in want \
        and any(isinstance(a, str) and len(a) == 2 and a != turnup for a in want)


def _played_to(rules: Rules, s: Scenario, verdict: Verdict) -> Table:
    """The reference table with the scenario played up to its failing step."""
    table = Table(rules, s.data["setup"])
    _replayed(table, s, verdict)
    return table


def _last_trick_apart(table: Any, want: Any, got: Any, row: Callable[[int], int]) -> bool:
    """Whether, every trick played, the card points of the row (`row`: a seat's team or player)
    that won the last trick alone differ: what the last trick earns, not what the cards are worth."""
    state = table.state
    if not state.tricks or any(state.hands) or not isinstance(want, list) or not isinstance(got, list):
        return False
    apart = {i for i, (w, g) in enumerate(zip(want, got, strict=False))
             if isinstance(w, dict) and isinstance(g, dict) and "card_points" in w and w["card_points"] != g.get("card_points")}
    return apart == {row(state.tricks[-1][2])}


def _ranks_worth_otherwise(table: Table, want: Any, got: Any) -> bool:
    """Whether each player's card points apart are what his tricks hold when one rank is worth
    another number, or two ranks' numbers are swapped (`brus.deck.points`: what the cards are
    worth), and not some other way of counting them (which cards count, for whom)."""
    rules, state = table.rules, table.state
    if not isinstance(want, list) or not isinstance(got, list) or len(want) != len(got):
        return False
    apart: list[int] = []
    for w, g in zip(want, got, strict=True):
        was, now = (w.get("card_points"), g.get("card_points")) if isinstance(w, dict) and isinstance(g, dict) else (None, None)
        if not isinstance(was, int) or not isinstance(now, int):
            return False
        apart.append(now - was)
    n_ranks = len(rules.points) // len(rules.suits)
    held = [[0] * n_ranks for _ in apart]  # by row: the cards of each rank in the tricks it took
    for _, cards, winner in state.tricks:
        row = table.player(winner)
        if not 0 <= row < len(held):
            return False
        for card in cards:
            held[row][card % n_ranks] += 1
    worth = rules.points[:n_ranks]
    for r in range(n_ranks):
        for other in (None, *range(n_ranks)):
            if other == r:
                continue
            # one rank worth `delta` more (or less); or two ranks' numbers swapped
            if other is None:
                steps = {d // n for d, counts in zip(apart, held, strict=True) if (n := counts[r]) and d % n == 0}
                delta = next(iter(steps)) if len(steps) == 1 else 0
                found = [delta * counts[r] for counts in held]
            else:
                found = [(worth[other] - worth[r]) * (counts[r] - counts[other]) for counts in held]
            if any(found) and found == apart:
                return True
    return False


def _written_otherwise(rules: Rules, want: list[Any], got: list[Any]) -> bool:
    """Whether the marriages announced (or counted on the table) are those expected, with the
    same points, only written otherwise: a marriage by part of its name (its suit left out, its
    lowest card) or its cards in another order, its speaker by his team, or its team by a player
    of it (the trick's winner). What is shown of them (hdb.info.spoken,
    hdb.info.table-marriage-shown), not what they are worth nor who may speak."""
    if len(want) != len(got) or not want or not all(isinstance(e, dict) for e in want + got):
        return False
    teams = {p: i for i, t in enumerate(rules.data["players"]["teams"]) for p in t}
    speakers: dict[int, Any] = {}
    differs = False
    for w, g in zip(want, got, strict=True):
        if any(g.get(k) != w[k] for k in w if k not in ("marriage", "player", "team")) or set(g) != set(w):
            return False
        if g.get("team") != w.get("team"):
            if not isinstance(g.get("team"), int) or teams.get(g["team"]) != w.get("team"):
                return False
            differs = True
        named, written = str(w.get("marriage")), str(g.get("marriage"))
        if written != named:
            if not written or not (set(written) < set(named) or sorted(written) == sorted(named)):
                return False
            differs = True
        if g.get("player") != w.get("player"):
            team = teams.get(w["player"]) if isinstance(w.get("player"), int) else None
            if team is None or speakers.setdefault(team, g.get("player")) != g.get("player"):
                return False
            differs = True
    return differs and len(set(speakers.values())) == len(speakers)


def _one_factor(want: list[Any], got: list[Any]) -> bool:
    """Whether every marriage's points are its expected points times one factor other than 1
    (the table's factor, the same for every kind, in trumps or not)."""
    ratios = {g.get("points") / w["points"] for w, g in zip(want, got, strict=True)
              if isinstance(w.get("points"), int) and w["points"] and isinstance(g.get("points"), (int, float))}
    return len(ratios) == 1 and ratios != {1}


def _speakers_clause(table: Table, want: list[Any], got: list[Any]) -> str | None:
    """The rule behind the first player's list of `speakers` that differs: the player to act's
    is his `legal`; another's, what he may do out of turn (a claim, dehors in Brouc, or an
    announcement under announce_window any-time-once-team-has-trick)."""
    state = table.state
    for player, expected in enumerate(want):
        given = got[player] if player < len(got) and isinstance(got[player], list) else []
        differing = sorted(set(expected) ^ {a for a in given if isinstance(a, str)}, key=_action_order)
        if not differing:
            continue
        if not state.is_over and table.seat(player) == state.to_act:
            return action_clause(table, differing[0])
        return "hdb.game.claim" if differing[0] in _GAME_ACTIONS else "hdb.marriage.announce-window"
    return None


# the `match` observable, field by field
_MATCH = {"next_dealer": "hdb.match.next-dealer", "carried": "brouc.game.cape", "marks": "hdb.match.target",
          "winner": "hdb.match.target"}

# what a deal of a match started from (observable `start`), field by field
_START = {"dealer": "hdb.match.next-dealer", "marks": "hdb.match.target", "scores": "hdb.game.target",
          "carried": "brouc.game.cape"}


def _marriage_clause(table: Table, got: list[Any]) -> str | None:
    """The rule behind a team's marriage points: announcements or table marriages, whichever
    the deal has had; when it has had both, the one whose points the answer lacks, or gives
    where there are none, for some team (None when the count cannot tell)."""
    state = table.state
    announced, on_table = bool(state.announcements), bool(state.table)
    if announced != on_table:
        return "hdb.marriage.announce-score" if announced else "hdb.marriage.table"
    if not announced:
        return None
    for deal_team in range(2):
        given = got[table.team(deal_team)] if table.team(deal_team) < len(got) else None
        value = given.get("marriages") if isinstance(given, dict) else None
        if not isinstance(value, int):
            continue
        ann, tab = state.announced_points[deal_team], state.table_points[deal_team]
        if value != ann + tab:
            if tab and value in (ann, ann - tab):
                return "hdb.marriage.table"  # the table's points left out, or counted the wrong way
            if ann and value in (tab, tab - ann):
                return "hdb.marriage.announce-score"
    return None


def _piles_marriages_counted(table: Table, got: list[Any]) -> bool:
    """Whether, the deal over, each team's marriage points given are the reference's and the
    value of the marriages whose cards lie in its tricks, neither announced nor made on the
    table, some team's being more: marriages counted that were never announced (Brouc: they earn
    nothing)."""
    rules, state = table.rules, table.state
    if not state.is_over or any(state.hands) or len(got) < 2:
        return False
    made = {(a[1], a[2]) for a in state.announcements} | {(t[1], t[2]) for t in state.table}
    suits_made = {suit for suit, _ in made}
    more = False
    for deal_team in range(2):
        row = table.team(deal_team)
        given = got[row].get("marriages") if row < len(got) and isinstance(got[row], dict) else None
        if not isinstance(given, int):
            return False
        counted = state.announced_points[deal_team] + state.table_points[deal_team]
        piles = 0
        for suit in range(len(rules.suits)):
            kind = marriage_in(rules, suit, state.won[deal_team])
            if kind >= 0 and suit not in suits_made:
                piles += value_of(rules, kind, suit, state.trump_suit)
        if given not in (counted, counted + piles):
            return False
        more = more or (piles > 0 and given == counted + piles)
    return more


def _action_order(text: str) -> tuple[int, str]:
    """The action whose rule a difference in legal sets is laid on: a word of a question or a
    window (`concede`, `pass`: the two sides are not at the same moment), before a claim or a
    declaration (offered at every turn of play, they say only that one side is not playing),
    before an announcement, before a card."""
    if len(text) == 2:
        return 3, text
    return (2 if text.startswith("announce") else 1 if text in _STANDING else 0), text


# the game actions a side may take at any turn of play
_STANDING = frozenset({"claim", "declare", "declare-double"})


def action_clause(table: Table, text: str) -> str:
    """The rule that decides whether `text` is legal for the player to act at this table."""
    state = table.state
    rules = state.rules
    if text in _GAME_ACTIONS:
        if text in ("claim", "declare", "declare-double") and rules.pass_action + REFUSE_ACTION in state.history:
            return "hdb.game.concession-answer"  # a refusal binds its team: what it may claim or declare after
        if in_ruleset(rules, _GAME_ACTIONS[text]) is None:
            return "hdb.game.partie-et-vole"  # a form of declaring the ruleset lacks (1802's declare-double): its declaration
        return _GAME_ACTIONS[text]
    if state.phase == "round":
        return _round_clause(state)
    if text == "mark" or state.phase == "mark":
        return "hdb.marriage.table-marked"  # (table_marking=players: the winner marks, or passes)
    if state.phase in ("concede", "respond"):
        return "hdb.game.concession"
    if text == "pass" or text.startswith("announce"):
        if text.startswith("announce"):
            action = parse_action(rules, text)
            suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
            mask = rules.kinds[kind].masks[suit]
            if state.hands[state.to_act] & mask != mask:
                return "hdb.marriage.announce-in-hand"
        return "hdb.marriage.announce-window"
    if state.phase == "window":
        return "hdb.marriage.announce-window"
    if not state.trick:  # a lead: to the first trick, or after one (its winner leads)
        return "hdb.play.next-lead" if state.tricks else "hdb.play.lead"
    card = parse_action(rules, text)
    return following_clause(rules, state.hands[state.to_act], card, state.trick, state.trump, state.best_card())


def following_clause(rules: Rules, hand: int, card: int, trick: list[int], trump: int, best: int) -> str:
    """Which following rule decides a card played to a trick (brouc.play.* or hdb.play.*)."""
    led = rules.suit_of[trick[0]]
    holds_led = bool(hand & rules.suit_mask[led])
    if rules.following != "brouc":
        return "hdb.play.follow" if holds_led else "hdb.play.void-free"
    trumps = hand & rules.suit_mask[trump]
    higher = trumps & rules.stronger[best] if rules.suit_of[best] == trump else trumps
    if rules.suit_of[card] != trump:
        if holds_led and led == trump and not higher:
            return "brouc.play.trump-led-lower"  # a trump led he cannot beat: still a trump, any one
        return "brouc.play.follow"
    if holds_led and led == trump:
        if higher and not higher >> card & 1 and rules.honours[trump] >> card & 1:
            return "brouc.play.marriage-exception"  # a lower honour: only the exception can allow it
        return "brouc.play.overtrump" if higher else "brouc.play.trump-led-lower"
    if holds_led and rules.honours[trump] >> card & 1 and any(rules.honours[trump] >> c & 1 for c in trick):
        return "brouc.play.marriage-exception"  # an honour that would make a trump marriage in the trick: the exception
    if holds_led:
        return "brouc.play.follow"
    if not hand & ~trumps and not higher:
        return "brouc.play.only-trumps"
    if higher >> card & 1:
        return "brouc.play.overtrump"
    if rules.honours[trump] >> card & 1:
        return "brouc.play.marriage-exception"
    if not hand & ~trumps:
        return "brouc.play.only-trumps"  # nothing but trumps, a lower one: the exception that speaks of him
    return "brouc.play.overtrump" if higher else "brouc.play.no-undertrump"


def _round_clause(state: Any) -> str:
    """The clause of a round of claims: Brouc's dehors (before the first card, or after the last),
    or 1802's claim (after the last card, parameter after_last_trick)."""
    return "hdb.game.claim" if "hdb.game.claim" in state.rules.data["clauses"] else "brouc.game.dehors"


_CLAUSE_ID = re.compile(r'"([a-z]+(?:\.[a-z0-9]+(?:-[a-z0-9]+)*){2,})"')


@cache
def nameable() -> frozenset[str]:
    """Every clause a failure can be laid on by the rules of this module (the clauses its tables
    and functions name, and the fields of the view), besides a scenario's own purpose and the
    clause of a ledger entry. A fault in any other clause (the order of the cards, their
    points...) can only show in the rules that read it.  The packs (`PACK_RULES`) are left out:
    they are named only where a card is refused as not of the pack (`unknown-card`), and their
    other faults show in the rules that read them."""
    try:
        found = set(_CLAUSE_ID.findall(Path(__file__).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):  # no source beside the module: the constants of its code
        found = {c for c in _constants() if _CLAUSE_ID.fullmatch(f'"{c}"') and not c.startswith("brou.")}
    return frozenset((found | view_clauses()) - set(PACK_RULES))


def _constants() -> set[str]:
    """The strings among this module's tables and its functions' constants."""
    found: set[str] = set()
    codes = []
    for value in list(globals().values()):
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):  # (a table's value: a clause, or the clauses of each game)
            for v in value.values():
                found |= {v} if isinstance(v, str) else {x for x in v if isinstance(x, str)} if isinstance(v, tuple) else set()
        elif callable(value) and getattr(value, "__module__", None) == __name__ and hasattr(value, "__code__"):
            codes.append(value.__code__)
    while codes:
        code = codes.pop()
        for const in code.co_consts:
            if isinstance(const, str):
                found.add(const)
            elif hasattr(const, "co_consts"):
                codes.append(const)
    return found

"""Every option used when it pays (issue 58; docs/option-situations.md): for each register entry
whose readings differ in what a player may do, positions where one reading lets the player to
act (or, out of turn, another player) take an action that another reading does not allow, and
the double-dummy solver says that action is the best by a clear margin in the true deal.

A situation is found (`find`) by playing seeded deals under the option, the players taking the
entry's kind of action now and then (`Target.steer`) so that its moments arise, and stopping at
each decision where an action of the entry's kind (`Target.kinds`) is legal; the same position
is then loaded under every other reading of the entry (`status_under`): there the action is
refused (`illegal`), or the position cannot arise at all (`impossible`: where the reading itself
makes the moment, a window, a round, a question), or, for the few entries whose readings differ
in what an action is worth rather than in whether it is allowed (`Target.worth`), the action is
allowed but no longer pays (`no-gain`).  Where it is, the action is valued in the true deal,
every card known (`truth`): by `brou.solve.solve` for the card play and a deal of a game; before
the card play of L'Hombre and L'Homme d'Auvergne, each action played on by the careful player
until the card play begins and solved there (`rolled`, as the search player's `Search._rolled`
does; L'Homme d'Auvergne counted as the race, every mark the deal gives included); for
an action out of turn, the position solved after it against the position solved without it.  It
pays when it is the unique best by at least the game's margin (`MARGINS`).  Of the situations
met, the one kept is refused by the most other readings, then the best in the most of the worlds
the seat could be in (`best_in_worlds`), then the latest in its deal (the fewer cards the seat
cannot see, the less the worlds the player deals can hide what pays).

The situations are chosen by the solver alone; whether the search player then takes the action
is what tests/test_search_options.py asks (`chosen_by`).  tools/find-option-situations writes
them, with the entries and options that have none and why (`WHY`, `WHY_OPTION`, `NEVER_PAYS`), to
tests/fixtures/option-situations.json.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..cards.deal import deal_from_seed
from ..engine.bots import bots_of
from ..engine.deals import deal_kind, new_deal
from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal
from ..engine.notation import NotationError, position_notation, ruleset_text
from ..engine.phases import PhaseDeal
from ..engine.positions import parse_position
from ..errors import BrouError, IllegalAction
from ..laws.game import GameContext, reaches_target
from ..laws.talon import talon_deal_from_seed
from ..players.careful import careful_bot
from ..players.pimc import Worlds
from ..players.search import Search, settled, share
from ..solve import solve
from ..spec.ambiguities import Entry, Register
from ..spec.rules import Rules

__all__ = ["FORMAT", "MARGINS", "NEVER_PAYS", "OVER", "PLAYER", "TARGETS", "WHY", "WHY_OPTION", "WORLDS", "Found", "Target",
           "best_in_worlds", "chosen_by", "document", "entry_record", "find", "kind_of", "load", "margin_of",
           "option_record", "option_rules", "pays", "readings", "rolled", "searched_options", "status_under",
           "truth", "under", "unseen", "why_option"]

FORMAT: Final = "brou-option-situations/1"
# a clear margin, in the units the values are in: the count's difference (1802, Brouc; a party or coche
# of a game is 1000), card points (Brusquembille), marks (L'Homme d'Auvergne), the hombre's points
# shared among his side (L'Hombre)
MARGINS: Final = {"partnership": 10.0, "talon": 4.0, "speech": 1.0, "auction": 1.0}
# the search player the situations are put to, and the seed of its generator
PLAYER: Final = {"worlds": 8, "early": 4, "seed": 0}
WORLDS: Final = 8  # worlds dealt from a situation's seat to see whether they could hide what pays
OVER: Final = "(go on)"  # in the values of an action out of turn: the position's value without it

HDB, BROUC, BRUS, AUV, HOM = "homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre"
NEAR: Final = ((220, 300), (220, 300))
DEALS: Final = 2000  # the deals an option is searched in, by default


@dataclass(frozen=True)
class Target:
    """How an entry is searched in its rulesets: the kinds of action it is about (`kind_of`),
    whether deals are played inside a game (`scores` drawn from the two ranges), parameters every
    option is played with (`base`), whether a position the other reading cannot reach counts
    (`impossible`: the reading makes the moment itself), whether actions out of turn are looked
    at, whether the readings differ in what an action is worth rather than in what is allowed
    (`worth`), how often the players take an action of each kind when they may (`steer`), the
    most cards in the hands at which a position is valued (the solver's cost), whether only the
    players of a team already written at the target are looked at (Brouc's dehors above 300), and
    how many seeded deals an option is searched in at most (`deals`).  The players who play the
    deals are the engine's `random` or the `careful` player, or `careful+random`: the careful
    player at the even seats (1802's team 0), random at the others, so that one team takes the
    first tricks more often."""

    rulesets: tuple[str, ...]
    kinds: tuple[str, ...]
    game: bool = False
    scores: tuple[tuple[int, int], tuple[int, int]] = ((0, 300), (0, 300))
    base: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    impossible: tuple[str, ...] = ()
    out_of_turn: bool = False
    worth: bool = False
    steer: Mapping[str, float] = field(default_factory=dict)
    most_cards: int = 32
    players: str = "random"
    above_target: bool = False  # only the actions of a player whose team is written at the target already
    deals: int = DEALS


BOTH = (HDB, BROUC)
TARGETS: Final[dict[str, Target]] = {
    # which cards may be played
    "AMB-03": Target((HDB,), ("card",), steer={"announce": 0.5}),
    "AMB-04": Target(BOTH, ("card",), base={HDB: {"following": "brouc"}}, steer={"announce": 0.0}),
    "AMB-05": Target(BOTH, ("card",), base={HDB: {"following": "brouc"}}),
    "AMB-45": Target((BRUS,), ("card",)),
    # announcing marriages
    "AMB-06": Target(BOTH, ("announce",), impossible=("play", "window"), out_of_turn=True, steer={"announce": 0.3}),
    "AMB-07": Target(BOTH, ("announce",), steer={"announce": 0.95}),
    "AMB-08": Target(BOTH, ("announce",), steer={"announce": 0.95}),
    "AMB-09": Target((HDB,), ("announce",), steer={"announce": 0.3}, deals=4000),
    "AMB-41": Target((HDB,), ("mark",), base={HDB: {"table_marking": "players"}}, worth=True),
    # claims, declarations and concessions inside a game
    "AMB-14": Target(BOTH, ("claim",), game=True, scores=((150, 300), (150, 300)), out_of_turn=True, most_cards=16),
    # a partie et vole pays only against a team written below zero: any other team ends the game by a
    # wrong claim for less than the declaration (docs/option-situations.md)
    "AMB-18": Target((HDB,), ("declare",), game=True, scores=((150, 189), (-60, -1)), most_cards=20,
                     players="careful+random", deals=200),
    "AMB-19": Target((HDB,), ("declare",), game=True, scores=((150, 300), (0, 300)), most_cards=20),
    "AMB-20": Target((HDB,), ("concede",), game=True, scores=NEAR, impossible=("concede",), most_cards=20,
                     deals=40),
    "AMB-21": Target((BROUC,), ("declare", "declare-double"), game=True, scores=((190, 290), (0, 290)), most_cards=20),
    "AMB-28": Target(BOTH, ("claim",), game=True, scores=NEAR, impossible=("round",), most_cards=20),
    "AMB-29": Target(BOTH, ("claim",), game=True, scores=((150, 300), (0, 300)), steer={"declare": 0.9},
                     most_cards=20),
    "AMB-30": Target((HDB,), ("declare",), game=True, scores=((150, 300), (0, 300)), most_cards=20, deals=150),
    "AMB-31": Target((BROUC,), ("claim",), game=True, scores=((301, 340), (200, 300)), impossible=("round", "play"),
                     out_of_turn=True, most_cards=8, above_target=True, deals=300),
    "AMB-32": Target((HDB,), ("concede",), game=True, scores=((240, 300), (0, 300)), impossible=("concede",),
                     steer={"declare": 0.9}, most_cards=20),
    "AMB-34": Target((HDB,), ("concede",), game=True, scores=((260, 300), (0, 300)), impossible=("concede",),
                     most_cards=20),
    "AMB-35": Target((HDB,), ("declare",), game=True, scores=((0, 150), (-60, -1)), worth=True, most_cards=20,
                     players="careful+random", deals=200),
    "AMB-36": Target((HDB,), ("declare",), game=True, scores=((150, 300), (0, 300)), most_cards=20, deals=200),
    "AMB-37": Target((HDB,), ("declare",), game=True, scores=((150, 189), (-60, -1)),
                     base={HDB: {"partie_et_vole_190": "precondition"}}, most_cards=20, players="careful+random",
                     deals=200),
    # L'Homme d'Auvergne: who turns, showing a king
    "AMB-49": Target((AUV,), ("turn", "leave"), impossible=("turn-offer",), deals=60),
    "AMB-51": Target((AUV,), ("show", "pass@showing"), impossible=("speech", "showing"), deals=150),
    # L'Hombre: the auction, the naming of trump, the exchange, the surrender
    "AMB-59": Target((HOM,), ("bid",), deals=200),
    "AMB-60": Target((HOM,), ("trump",), players="careful", steer={"bid": 0.5},
                     deals=18_000),
    "AMB-62": Target((HOM,), ("surrender", "play-on"), impossible=("play",), players="careful", deals=150),
    "AMB-65": Target((HOM,), ("bid", "spil"), players="careful", deals=20),
    "AMB-66": Target((HOM,), ("draw",), players="careful", deals=150),
}

# the entries whose readings do not differ in what a player may do, and why
WHY: Final[dict[str, str]] = {
    "AMB-01": "Who deals next: nobody chooses it, and every deal offers the same actions under either reading.",
    "AMB-02": "The draw for the first dealer is settled by the cards drawn; no player acts in it.",
    "AMB-10": "Whether a trick's second table marriage counts: the count differs, the cards a player may play do "
              "not.",
    "AMB-11": "How much a table marriage moves: the count differs, no action does.",
    "AMB-12": "How a deal's points are rounded: the count differs, no action does.",
    "AMB-13": "How a deal's points are rounded: the count differs, no action does.",
    "AMB-15": "Who wins when both teams pass 301 at the end of a coup: the outcome differs, the actions before it "
              "do not.",
    "AMB-16": "What a wrong claim costs: the same claim is allowed under both readings; only its outcome differs.",
    "AMB-17": "What a wrong claim costs: the same claim is allowed under both readings; only its outcome differs.",
    "AMB-22": "Whether the fifth coche loses or wins the match: a match's result, read after the deals; every deal "
              "offers the same actions.",
    "AMB-23": "Which marriages a cape carries into the next deal: the next deal's count differs, no action does.",
    "AMB-24": "What a loser on exactly zero pays: the game's value differs, no action does.",
    "AMB-25": "One reading only (what a player may look at): there is no other reading to compare.",
    "AMB-26": "The losers' count after a right claim: the claim is the same under each reading; only what it is "
              "worth differs.",
    "AMB-27": "When the two-coche test is read: the same dehors is allowed under both readings; only its value "
              "differs.",
    "AMB-33": "Whether the last coup's losers' count is rounded: the game's value differs, no action does.",
    "AMB-38": "Whether carried marriages count towards dehors: a claim is allowed on the same turns under both "
              "readings; only whether it is right differs.",
    "AMB-39": "What is written when a game ends by dehors: the sheet differs, no action does.",
    "AMB-40": "Whether Brouc's turned card lies face up through the first trick: what the players see differs "
              "(and so what the worlds a player deals may hold), not what they may do; the card is in the "
              "dealer's hand under both readings.",
    "AMB-42": "Which two sevens leave the pack: the deal differs, no player chooses anything.",
    "AMB-43": "Where the ten ranks: which card wins a trick differs, but a player may play the same cards.",
    "AMB-44": "How the hands are dealt: the deal differs, no player acts in it.",
    "AMB-46": "Where the odd jetons go: the payment differs, no action does.",
    "AMB-47": "Who wins a tie at the top of a game for points: the session's end differs, no action does.",
    "AMB-48": "Which pack four players take: the deal differs, no player chooses anything.",
    "AMB-50": "Which kings score: a king scores more or less, but the words a player may say (turn, leave, play, "
              "pass, show) are the same under each reading.",
    "AMB-52": "Where a taken king's point goes: the count differs, no action does.",
    "AMB-53": "Who scores when the homme loses: the count differs, no action does.",
    "AMB-54": "Whether a point a player does not have is owed: the marks differ, no action does.",
    "AMB-55": "Whether the game is to five or seven: when the session ends differs, no action does.",
    "AMB-56": "Who wins when a lost deal brings several to the target: the session's end differs, no action does.",
    "AMB-57": "The draw for the first dealer: settled by the cards drawn; no player acts in it.",
    "AMB-58": "Which way the deal and play go: the engine numbers the seats in the order of play either way, so "
              "the positions and their actions are the same.",
    "AMB-61": "Whether the talon's rest is shown after the exchange: what the players see differs (and so the "
              "worlds a player deals), not what they may do.",
    "AMB-63": "Whether a nolo stops at codille: the stop takes decisions away (the last tricks, which can no longer "
              "change the result) and adds none; no reading lets a player do something the other forbids.",
    "AMB-64": "Which suit a turned espadille or baste makes trump: a card of the talon that nobody chooses or sees "
              "before the bid; the bids, the exchange and the play offer the same actions under both readings, "
              "only the trump they are played in differs.",
    "AMB-67": "When the open nolo's hand is laid down: what the tiers see during the first trick differs, not what "
              "anyone may do.",
    "AMB-68": "Only one reading can be played: several nolo players in one deal is a house rule no source "
              "describes (the register's option is not playable).",
    "AMB-69": "How many deals a round of two pairs lasts: the session's length differs, no action does.",
    "AMB-70": "Whether a game for points is also played for a pool: the payments differ, no action does.",
    "AMB-71": "What three or more players tied at the top take: the payment differs, no action does.",
}

# options of a searched entry that allow nothing another reading forbids, and why (not searched)
WHY_OPTION: Final[dict[tuple[str, str], str]] = {
    ("AMB-03", "brouc"): "Allows nothing whist does not: its rules only narrow whist's (follow suit; then trump, "
                         "overtrump, no undertrump), so every card it allows whist allows.",
    ("AMB-04", "must-trump-only"): "Allows nothing the other reading does not: the exception covers fewer players, so "
                                   "fewer marriage cards are let off overtrumping.",
    ("AMB-05", "undertrump-false"): "Allows nothing the other reading does not: it only refuses the lower trump.",
    ("AMB-07", "never"): "Allows nothing the other reading does not: it only refuses the jack that would extend an "
                         "announced marriage.",
    ("AMB-07", "new-announcement"): "Not playable (the register says why).",
    ("AMB-08", "no-reuse"): "Allows nothing the other reading does not: it only refuses a card already counted.",
    ("AMB-09", "turnup-not-in-hand"): "Allows nothing the other reading does not: it only keeps the turned card out of "
                                      "the dealer's first window.",
    ("AMB-14", "between-tricks"): "Allows nothing own-turn does not: a claim between tricks is a claim on one's own "
                                  "turn, before the trick's first card.",
    ("AMB-18", "precondition"): "Allows nothing the other reading does not: it only refuses a declaration below 190.",
    ("AMB-19", "before-first-trick"): "Not searched, and never the unique best: a declaration pays only for a team "
                                      "that takes every trick, and such a team, having taken the first, is on lead "
                                      "before the second, where every reading lets it declare for the same value "
                                      "(the concession asked meanwhile changes nothing: refused, it binds the team as "
                                      "a declaration does).  Nor could the solver value a deal of a game with all 32 "
                                      "cards in the hands in any time a search can give.",
    ("AMB-19", "not-before-first-trick"): "Allows nothing the other reading does not: it only refuses a declaration "
                                          "before the first trick.",
    ("AMB-35", "declaration-fails"): "Allows nothing the other readings do not, and a declaration is worth no more under "
                                     "it: a team that takes every trick but stays under 301 fails.",
    ("AMB-35", "vole-only"): "Allows nothing the other readings do not, and a declaration is worth no more under it: "
                             "a team that takes every trick but stays under 301 marks the vole it would have marked "
                             "without declaring.",
    ("AMB-20", "other-team-has-all-tricks"): "Allows nothing the other reading does not: the concession is offered "
                                             "in fewer positions.",
    ("AMB-21", "all-tricks-so-far"): "Allows nothing the other reading does not: it only refuses a declaration once "
                                     "a trick is lost.",
    ("AMB-28", "automatic-result-first"): "Allows nothing the other readings do not: the deal is counted at its last "
                                          "card, with nobody asked.",
    ("AMB-28", "no-claim"): "Allows nothing the other readings do not: nobody claims once the last card is played.",
    ("AMB-29", "no-escape"): "Allows nothing the other reading does not: it only refuses a claim to a bound team.",
    ("AMB-30", "player-on-lead"): "Allows nothing the other reading does not: only the player on lead declares.",
    ("AMB-31", "before-first-card"): "Adds a moment, not an option: in the round before the first card a player of "
                                     "a team written above 300 may declare dehors, which wins the game at once; the "
                                     "other readings let him declare it at his first turn (own-turn) or at any "
                                     "moment (any-moment) for the same game.  (Nor could the solver value the "
                                     "round's positions, all 32 cards in the hands of a deal of a game, in any time "
                                     "a search can give.)",
    ("AMB-32", "not-after-declaration"): "Allows nothing the other reading does not: no concession while a "
                                         "declaration binds.",
    ("AMB-34", "before-tricks-2-to-4"): "Allows nothing the other reading does not: no concession before the fifth "
                                        "trick.",
    ("AMB-36", "winner-only"): "Allows nothing the other reading does not: only the trick's winner declares in the "
                               "window.",
    ("AMB-37", "score-and-marriages"): "Allows nothing the other reading does not: the card points do not count "
                                       "towards 190.",
    ("AMB-41", "counted-anyway"): "Allows nothing the other reading does not, and marking is worth nothing under it: "
                                  "an unmarked table marriage counts all the same, so mark and pass are worth the same.",
    ("AMB-45", "follow-suit"): "Allows nothing the other reading does not: once the talon is out, its legal cards "
                               "are a part of the free reading's.",
    ("AMB-49", "dealer"): "Allows nothing the other reading does not: the dealer turns without a choice, nobody is "
                          "asked.",
    ("AMB-51", "automatic"): "Allows nothing the other reading does not: a king scores of itself, nobody is asked "
                             "to show it.",
    ("AMB-59", "higher-rank"): "Allows nothing the other reading does not: the later bidder must go higher.",
    ("AMB-60", "not-spades"): "Allows nothing the other reading does not: it only refuses spades in a sans prendre.",
    ("AMB-66", "tiers-at-least-one"): "Allows nothing the other reading does not: a tier must discard at least one "
                                      "card.",
}

# options of a searched entry that allow what another reading does not, but where it never pays by
# a clear margin, and why (their deals are searched all the same: the file says how many)
NEVER_PAYS: Final[dict[tuple[str, str], str]] = {
    ("AMB-18", "none"): "Never the unique best: where a team under 190 can take every trick, playing them out was "
                        "worth what declaring was (4,000 and 4,000 in the positions met), and where it cannot, the "
                        "declaration loses the game.",
    ("AMB-66", "tiers-may-keep"): "Never the unique best: a tier's value moves by whole results (half the hombre's "
                                  "points won or lost, his side's share), and keeping every card was never the one "
                                  "way to beat the hombre in the positions met: worth what the best discard was, or "
                                  "less.",
    ("AMB-20", "any"): "Never the unique best: where the team at the target has lost a trick it can make no vole, and "
                       "it may claim on its first turn, before any trick is finished, for what an accepted concession "
                       "gives (a refused one binds it to every trick, already lost); conceding is worth what playing "
                       "on is.",
    ("AMB-30", "any-player-of-team"): "Never the unique best: a declaration pays only for a team that takes every "
                                      "trick, so its player is on lead before each trick up to the fifth, where the "
                                      "default reading lets him declare for the same value; declaring in the middle "
                                      "of a trick comes earlier, never for more.",
    ("AMB-32", "after-declaration"): "Never the unique best: once a declaration binds the team at the target, a "
                                     "concession only lets it choose between the game now (accept) and the "
                                     "declaration it has (refuse), so conceding can only help it.",
    ("AMB-34", "also-before-trick-5"): "Never the unique best: before the fifth trick the team at the target with "
                                       "every trick may still claim or declare at its lead, which is what accepting "
                                       "or refusing the concession gives it.",
    ("AMB-36", "partner-too"): "Never the unique best: a declaration pays only for a team that takes every trick, and "
                               "the trick's winner, who leads next, may declare at his lead for the same value.",
    ("AMB-37", "with-card-points"): "Never the unique best: the teams their card points lift to 190 could not take "
                                    "every trick in the positions met, and declaring lost the game (-7,000 against "
                                    "-40 to -120 playing on); where a team can take every trick, playing them out "
                                    "is worth what declaring is, as under AMB-18's `none`.",
}


def option_rules(entry: Entry, ruleset: str, option: str) -> Rules:
    """The ruleset under an option of an entry, with the target's base parameters."""
    target = TARGETS.get(entry.id)
    base = dict(target.base.get(ruleset, {})) if target else {}
    return Rules.load(ruleset, **base, **entry.option(option).overrides.get(ruleset, {}))


def readings(entry: Entry, ruleset: str) -> list[str]:
    """The playable options of an entry that set something in `ruleset`."""
    return [o.name for o in entry.options if o.playable and ruleset in o.overrides]


def kind_of(state: PhaseDeal, action: int) -> str:
    """What kind of action an action is: `card` (a card played, or discarded in L'Hombre's
    exchange: `discard`), `announce`, `trump` (L'Hombre's naming of trump), `bid` (a contract
    named in L'Hombre's auction), or the word itself (`pass`, `claim`, `declare`, `concede`,
    `mark`, `turn`, `show`, `draw`, `surrender`, `play-on`, `spil` ...)."""
    if action < state.rules.n_indices:
        return "discard" if state.phase == "exchange" else "card"
    text = state.action_text(action)
    if text.startswith("announce "):
        return "announce"
    if text.startswith("trump "):
        return "trump"
    if isinstance(state, HombreDeal) and state.phase == "auction" and text not in ("pass", "spil"):
        return "bid"
    return text


def is_of(target: Target, state: PhaseDeal, action: int) -> bool:
    """Whether an action is of the target's kinds: its kind (`kind_of`), or its kind at this
    phase (`pass@showing`: L'Homme d'Auvergne's king left unshown)."""
    kind = kind_of(state, action)
    return kind in target.kinds or f"{kind}@{state.phase}" in target.kinds


def under(line: str, rules: Rules) -> str:
    """A line of notation with its ruleset field written for `rules` (another reading)."""
    return f"{ruleset_text(rules)} {line.partition(' ')[2]}"


def unseen(state: PhaseDeal, seat: int) -> int:
    """The cards `seat` cannot see in `state` (in the hands of others, the talon, the discards)."""
    return len(Worlds(state, seat).cards)


def best_in_worlds(state: PhaseDeal, seat: int, action: int, worlds: int, seed: int = 0) -> int:
    """In how many of `worlds` deals `seat` cannot tell from `state` (dealt as the search player
    deals them, `brou.players.pimc.Worlds`, from `seed`) `action` is worth at least as much as
    every other action, valued as in the true deal (`truth`): where it is in all, no world the
    player deals can hide what pays."""
    sampler = Worlds(state, seat)
    rng = random.Random(seed)
    text = state.action_text(action)
    count = 0
    for _ in range(worlds):
        world = sampler.world(rng)
        _, values = truth(world, seat, world.parse_action(text))
        count += margin_of(values, text) >= 0
    return count


def _value_of(state: PhaseDeal, seat: int) -> float:
    return float(solve(state, seat=seat, each=False).value)


def rolled(state: PhaseDeal, action: int, seat: int) -> float:
    """A decision before the card play valued in the true deal: `action` taken, the deal played
    on by the careful player until the card play begins (`brou.players.search.settled`), then
    valued as the search player values it (`brou.players.search.share`): for L'Hombre the seat's
    share of his side's value, for L'Homme d'Auvergne the race, every mark the deal gives counted
    (the kings' too) at the end of the play double dummy."""
    after = state.copy()
    after.apply(action)
    settled(after)
    return share(after, seat)


def truth(state: PhaseDeal, seat: int, action: int | None = None) -> tuple[str, dict[str, float]]:
    """How the actions of `seat` are valued in the true deal, and each one's value by its text
    (the module's docstring): `solved` (the solver's value of every legal action), `rolled`
    (before the card play of L'Hombre and L'Homme d'Auvergne: `rolled`), or `out-of-turn`
    (`action`, taken by `seat` out of turn, against the position going on without it: OVER)."""
    if seat != state.to_act:
        assert action is not None
        after = state.copy()
        after.apply(action, seat)
        return "out-of-turn", {state.action_text(action): _value_of(after, seat), OVER: _value_of(state, seat)}
    if not isinstance(state, HommeDeal) and state.phase != "play":
        return "rolled", {state.action_text(a): rolled(state, a, seat) for a in state.legal_actions()}
    solution = solve(state, seat=seat)
    return "solved", {state.action_text(a): float(v) for a, v in solution.actions}


def margin_of(values: Mapping[str, float], action: str) -> float:
    """How far `action` is above the best of the others (negative: below one)."""
    others = [v for a, v in values.items() if a != action]
    return values[action] - max(others) if others else 0.0


def pays(rules: Rules, values: Mapping[str, float], action: str) -> bool:
    """Whether `action` is the unique best by at least the game's clear margin (`MARGINS`)."""
    return margin_of(values, action) >= MARGINS[deal_kind(rules)]


def load(line: str) -> PhaseDeal:
    """The engine's state of a situation's line (`brou.engine.positions.parse_position`)."""
    return parse_position(line)


def status_under(line: str, rules: Rules, seat: int, action: str, worth: bool = False) -> tuple[str, str]:
    """What another reading (`rules`) makes of a situation: `impossible` (the position cannot be
    reached: the reason), `illegal` (the action is refused there), `legal`, or for an entry of
    `worth`, `pays` or `no-gain` (the action allowed, and the unique best or not)."""
    try:
        state = load(under(line, rules))
    except (NotationError, IllegalAction) as exc:
        return "impossible", str(exc)
    if state.is_over:
        return "impossible", "the deal is over there"
    try:
        wanted = state.parse_action(action)
    except IllegalAction as exc:
        return "illegal", exc.message
    legal = state.legal_actions() if seat == state.to_act else state.legal_actions(seat)
    if wanted not in legal:
        return "illegal", f"seat {seat} may not take it there"
    if not worth:
        return "legal", ""
    _, values = truth(state, seat, wanted)
    return ("pays", "") if pays(rules, values, action) else ("no-gain", f"margin {margin_of(values, action):g}")


def chosen_by(line: str, seat: int, player: Search | None = None, seed: int | None = None) -> str | None:
    """The action the search player takes in a situation, as text: on its turn, its choice; out
    of turn, what it takes when asked (`Search.out_of_turn`), None if it lets the deal go on."""
    state = load(line)
    player = player or Search(worlds=PLAYER["worlds"], early=PLAYER["early"])
    rng = random.Random(PLAYER["seed"] if seed is None else seed)
    if seat != state.to_act:
        action = player.out_of_turn(state.copy(), seat, rng)
        return None if action is None else state.action_text(action)
    return state.action_text(player(state.copy(), rng))


# -- the search ------------------------------------------------------------------------------


@dataclass
class Found:
    """A situation: the position, who acts (`out_of_turn` if not the player to act), the action,
    how it was valued and the values, its margin, what every other reading makes of it, the cards
    the seat cannot see, and how it was found."""

    entry: str
    ruleset: str
    option: str
    position: str
    seat: int
    out_of_turn: bool
    action: str
    phase: str
    cards: int
    unseen: int
    valued: str
    values: dict[str, float]
    margin: float
    others: dict[str, dict[str, str]]
    how: dict[str, Any]
    worlds: tuple[int, int] = (0, 0)  # worlds dealt from the seat's view, and those where the action is best too

    def rank(self) -> tuple[float, ...]:
        """The order of preference: refused by every other reading first (the fewest that allow
        it), then best in every world the seat cannot tell from the true deal (the fewest where it
        is not), then the fewest unseen cards, then the widest margin."""
        allowing = sum(1 for o in self.others.values() if o["status"] in ("legal", "pays"))
        return (allowing, self.worlds[0] - self.worlds[1], self.unseen, -self.margin)

    def data(self) -> dict[str, Any]:
        return {"position": self.position, "seat": self.seat, "out_of_turn": self.out_of_turn, "action": self.action,
                "phase": self.phase, "cards": self.cards, "unseen": self.unseen, "valued": self.valued,
                "values": self.values, "margin": self.margin, "others": self.others,
                "worlds": {"dealt": self.worlds[0], "best": self.worlds[1]}, "found": self.how}


def _context(target: Target, rng: random.Random) -> GameContext | None:
    if not target.game:
        return None
    return GameContext(tuple(rng.randint(lo, hi) for lo, hi in target.scores))


def _dealt(rules: Rules, seed: int, context: GameContext | None) -> PhaseDeal:
    if rules.on_phases:
        return new_deal(rules, talon_deal_from_seed(rules, seed))
    return new_deal(rules, deal_from_seed(rules, seed), None, context)


def _walk(target: Target, rules: Rules, seed: int) -> Iterator[PhaseDeal]:
    """A seeded deal played under `rules` (inside a game where the target asks it), yielding the
    state at each decision; the players are the target's, each taking an action of a steered
    kind with its probability when he may."""
    rng = random.Random(seed)
    state = _dealt(rules, seed, _context(target, rng))
    names = target.players.split("+")
    bots = [careful_bot if name == "careful" else bots_of(rules)["random"] for name in names]
    while not state.is_over:
        yield state
        legal = state.legal_actions()
        steered = [a for a in legal if rng.random() < target.steer.get(kind_of(state, a), 0.0)]
        state.apply(rng.choice(steered) if steered else bots[state.to_act % len(bots)](state, rng))


def _cards_in(state: PhaseDeal) -> int:
    return sum(h.bit_count() for h in state.hands) + len(getattr(state, "stock", ()))


def candidates(target: Target, state: PhaseDeal) -> list[tuple[int, int]]:
    """The (seat, action) pairs of a decision that are of the target's kinds: the player to
    act's, and where the target looks at them, the others' out of turn."""
    out: list[tuple[int, int]] = []
    if target.above_target:
        context = getattr(state, "context", None)
        if context is None:
            return []
        return [(seat, a) for seat, a in candidates(replace(target, above_target=False), state)
                if reaches_target(state.rules, context.scores[state.rules.team_of[seat]])]
    legal = state.legal_actions()
    if len(legal) > 1:
        out += [(state.to_act, a) for a in legal if is_of(target, state, a)]
    if target.out_of_turn and isinstance(state, HommeDeal):
        for seat in range(state.rules.n_players):
            if seat != state.to_act:
                out += [(seat, a) for a in state.legal_actions(seat) if is_of(target, state, a)]
    return out


def find(register: Register, entry_id: str, ruleset: str, option: str, seed: int, deals: int | None = None,
         enough: int = 8, seconds: float | None = None, log: Any = None) -> tuple[Found | None, dict[str, Any]]:
    """Search the seeded deals seed, seed+1, ... under `option` for a situation (the module's
    docstring), at most `deals` of them (default: the target's `Target.deals`), stopping once
    one is found that every other reading refuses, that is the best action in every world its
    seat could be in, and whose seat sees all but `enough` cards; the best of them by
    `Found.rank` is kept.  The deals are judged whole and in order, so the result depends on
    the seed and the count alone; `seconds`, a safety bound checked between deals, makes it
    depend on the machine's speed too, and the record says so (`cut`).  Returns the situation
    (None if none) and what was searched."""
    entry = register.entry(entry_id)
    target = TARGETS[entry.id]
    rules = option_rules(entry, ruleset, option)
    others = {name: option_rules(entry, ruleset, name) for name in readings(entry, ruleset) if name != option}
    limit = target.deals if deals is None else deals
    started = time.monotonic()
    best: Found | None = None
    played = 0
    cut = False
    for k in range(limit):
        if best is not None and best.rank()[:3] <= (0, 0, enough):
            break
        if seconds is not None and time.monotonic() - started >= seconds:
            cut = True
            break
        played += 1
        for state in _walk(target, rules, seed + k):
            if _cards_in(state) > target.most_cards + (len(getattr(state, "stock", ())) if rules.on_phases else 0):
                continue
            for seat, action in candidates(target, state):
                found = _judge(target, entry_id, ruleset, option, others, state, seat, action,
                               {"seed": seed + k, "players": target.players, "steer": dict(target.steer)}, best)
                if found is not None and (best is None or found.rank() < best.rank()):
                    best = found
                    if log is not None:
                        log(f"{entry_id} {ruleset} {option}: seed {seed + k}, {found.unseen} unseen, "
                            f"{found.action} by {found.margin:g}")
    searched: dict[str, Any] = {"seed": seed, "deals": played, "players": target.players}
    if cut:
        searched["cut"] = f"after {seconds:g} s"
    return best, searched


def _judge(target: Target, entry_id: str, ruleset: str, option: str, others: Mapping[str, Rules],
           state: PhaseDeal, seat: int, action: int, how: dict[str, Any], best: Found | None) -> Found | None:
    """The situation of `seat` taking `action` in `state`, if another reading would not allow it
    (or, for an entry of `worth`, it would not pay there) and the solver says it pays here; else
    None.  A position another reading cannot reach counts only at a moment the reading makes
    itself (`Target.impossible`) or for an action out of turn."""
    line = position_notation(state)
    text = state.action_text(action)
    statuses = {name: status_under(line, rules, seat, text) for name, rules in others.items()}
    moment = "asking" if isinstance(state, HombreDeal) and state.asking else state.phase
    differ = {"illegal"}
    if moment in target.impossible or seat != state.to_act:
        differ.add("impossible")
    if not target.worth and not any(s in differ for s, _ in statuses.values()):
        return None
    try:
        valued, values = truth(state, seat, action)
    except BrouError:
        return None
    if not pays(state.rules, values, text):
        return None
    if target.worth:
        statuses = {name: status_under(line, rules, seat, text, worth=True) for name, rules in others.items()}
        if not any(s in differ | {"no-gain"} for s, _ in statuses.values()):
            return None
    found = Found(entry_id, ruleset, option, line, seat, seat != state.to_act, text, state.phase, _cards_in(state),
                  unseen(state, seat), valued, values, margin_of(values, text),
                  {name: {"status": s, "why": why} for name, (s, why) in statuses.items()}, how)
    if best is not None and (found.rank()[0], 0, *found.rank()[2:]) >= best.rank():
        return None  # below the best so far even if best in every world: not worth dealing worlds for
    found.worlds = (WORLDS, best_in_worlds(state, seat, action, WORLDS))
    return found


# -- the data file ---------------------------------------------------------------------------------


def why_option(entry_id: str, option: str, ruleset: str) -> str | None:
    """The written reason an option has no situation (for the ruleset, or for every ruleset):
    it allows nothing another reading forbids (`WHY_OPTION`), or what it allows never pays
    (`NEVER_PAYS`)."""
    for reasons in (WHY_OPTION, NEVER_PAYS):
        why = reasons.get((entry_id, f"{option}@{ruleset}")) or reasons.get((entry_id, option))
        if why:
            return why
    return None


def option_record(entry_id: str, ruleset: str, option: str, found: Found | None, searched: dict[str, Any]) -> dict[str, Any]:
    """What the data file holds for one option: its situation and what was searched, or what was
    searched and the written reason nothing can be found (if there is one: `why_option`)."""
    if found is not None:
        return {"situations": [found.data()], "searched": searched}
    record: dict[str, Any] = {"searched": searched}
    why = why_option(entry_id, option, ruleset)
    if why:
        record["why"] = why
    return record


def entry_record(register: Register, entry_id: str, options: Mapping[tuple[str, str], dict[str, Any]]) -> dict[str, Any]:
    """An entry's record: for an entry not searched, why (WHY); else, per ruleset and option (the
    playable options that set something in the ruleset, and the unplayable ones), the option's
    record (`option_record`, given in `options`), with its written reason where it has no
    situation and one is written (`why_option`)."""
    entry = register.entry(entry_id)
    if entry.id not in TARGETS:
        return {"id": entry.id, "why": WHY[entry.id]}
    rulesets: dict[str, dict[str, Any]] = {}
    for ruleset in TARGETS[entry.id].rulesets:
        rulesets[ruleset] = {}
        for option in entry.options:
            if ruleset not in option.overrides and option.playable:
                continue
            record = dict(options.get((ruleset, option.name), {}))
            why = why_option(entry.id, option.name, ruleset)
            if not record.get("situations") and why:
                record["why"] = why
            rulesets[ruleset][option.name] = record
    return {"id": entry.id, "rulesets": rulesets}


def searched_options(register: Register, entry_id: str) -> list[tuple[str, str]]:
    """The (ruleset, option) pairs of an entry that are searched: every playable option of a
    target's rulesets that has no written reason."""
    entry = register.entry(entry_id)
    out: list[tuple[str, str]] = []
    for ruleset in TARGETS[entry.id].rulesets:
        out += [(ruleset, name) for name in readings(entry, ruleset)
                if (entry.id, name) not in WHY_OPTION and (entry.id, f"{name}@{ruleset}") not in WHY_OPTION]
    return out


def document(register: Register, records: Mapping[str, dict[str, Any]]) -> dict[str, Any]:
    """The whole data file: the register's entries in order, each its record (`records`, or the
    written reason of an entry not searched)."""
    entries = []
    for entry in register.entries:
        if entry.id in records:
            entries.append(records[entry.id])
        elif entry.id in WHY:
            entries.append({"id": entry.id, "why": WHY[entry.id]})
        else:
            entries.append({"id": entry.id})
    return {"format": FORMAT,
            "about": "Situations where a reading of the ambiguity register lets a player do what another reading "
                     "does not, and the double-dummy solver says it pays (brou.study.options; "
                     "docs/option-situations.md). Written by tools/find-option-situations.",
            "margins": dict(MARGINS), "player": dict(PLAYER), "entries": entries}

"""What each ruleset's OpenSpiel game says of itself: its names, its players, the parameters it
takes, its utilities, its utility bounds and its longest episode (`RULESETS`, `sizes`).

Bounds are true bounds from the rules (the contract table, the pool, the marks), not
necessarily reached; lengths are upper bounds on the actions of a deal, chance nodes included.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.phases import words_of
from ..laws.auction import spil_bidding
from ..laws.contracts import contracts
from ..laws.game import GameContext, game_rules
from ..laws.results import pool_entries, pool_shares
from ..laws.speech import turn_askers
from ..spec.rules import Rules

UTILITIES = ("marks-and-points", "marks", "points")  # 1802 and Brouc
DEFAULT_SCORE = 200
SCORE_RANGE = (-1000, 1000)
CARRIED_RANGE = (0, 500)
N_GAME_ACTIONS = 7  # 1802 and Brouc: pass, then claim, declare, declare-double, concede, accept, refuse


@dataclass(frozen=True)
class Kind:
    """A registered game: its short name, ruleset, long name, players, the ruleset's parameters
    it takes (None: all of them), its utilities (the first the default), whether it plays a
    deal inside a game (`score0`, `score1`: 1802, Brouc) and whether its type is zero-sum."""

    short_name: str
    ruleset: str
    long_name: str
    players: tuple[int, int]
    parameters: tuple[str, ...] | None
    utilities: tuple[str, ...]
    in_a_game: bool = False
    zero_sum: bool = False


@dataclass(frozen=True)
class Sizes:
    """What OpenSpiel's GameInfo needs that the rules decide."""

    n_actions: int
    low: float
    high: float
    length: int
    zero_sum: bool


RULESETS: dict[str, Kind] = {kind.ruleset: kind for kind in (
    Kind("python_brouc", "brouc", "Brouc (L'Etivaz)", (4, 4), None, UTILITIES, True, True),
    Kind("python_homme_de_brou_1802", "homme-de-brou-1802", "L'Homme de Brou (Academie universelle des jeux, 1802)",
         (4, 4), None, UTILITIES, True, True),
    # rounds, points_target and points_tie belong to the session (brou.engine.session)
    Kind("python_brusquembille", "brusquembille-1718", "La Brusquembille (Academie universelle des jeux, 1718)", (2, 5),
         ("form", "sevens_removed", "ten_rank", "deal_packets", "following_after_talon", "odd_jetons", "scoring"),
         ("stakes", "card-points"), zero_sum=True),
    # target, target_tie, debts and first_dealer_tie belong to the session (brou.engine.marks)
    Kind("python_homme_d_auvergne", "homme-d-auvergne", "L'Homme d'Auvergne (La Maison des jeux academiques, 1665)",
         (2, 5), ("form", "packets", "pack_with_four", "turner", "king_scoring", "king_showing", "taken_king",
                  "loser_pays"), ()),
    # form and direction only seat the players and name the ways round the table
    Kind("python_hombre", "hombre", "L'Hombre (the Danish contracts)", (3, 3),
         ("equal_rank", "bids", "sans_prendre_trump", "talon_rest", "surrender_moment", "nolo_codille",
          "turned_black_ace", "tier_discard", "open_hand"), ()),
)}
GAMES: dict[str, str] = {kind.short_name: kind.ruleset for kind in RULESETS.values()}  # short name -> ruleset


def sizes(rules: Rules, utility: str, context: GameContext | None) -> Sizes:
    """The game's sizes under these rules, utility and (1802, Brouc) game context."""
    if not rules.on_phases:
        assert context is not None
        low, high, length = partnership_bounds(rules, utility, context)
        return Sizes(n_actions(rules), low, high, length, True)
    if rules.id == "hombre":
        low, high = hombre_bounds(rules)
        return Sizes(rules.n_indices + len(words_of(rules)), low, high, hombre_length(rules), False)
    if rules.id == "homme-d-auvergne":
        low, high = homme_bounds(rules)
        return Sizes(rules.n_indices + len(words_of(rules)), low, high, homme_length(rules), False)
    low, high = brusquembille_bounds(rules, utility)
    return Sizes(rules.n_indices, low, high, 2 * rules.n_cards, zero_sum(rules, utility))


# -- 1802 and Brouc ------------------------------------------------------------------


def n_actions(rules: Rules) -> int:
    """Distinct action ids of 1802 and Brouc: cards, announcements, pass and the six game
    actions, then `mark` where the trick's winner marks table marriages himself."""
    return rules.pass_action + N_GAME_ACTIONS + (1 if rules.table_marking == "players" else 0)


def partnership_bounds(rules: Rules, utility: str, context: GameContext) -> tuple[float, float, int]:
    """(min utility, max utility, longest episode) of 1802 and Brouc, generous but safe."""
    g = game_rules(rules)
    decl = g.get("declaration") or {}
    marks = max(int(s["value"]) for s in g["value"])
    marks += max(int(decl.get("value", 0)), int((decl.get("double") or {}).get("value", 0)), int(g["all_tricks"]["value"]))
    card_total = sum(rules.points) + rules.last_trick_bonus + 10  # + rounding
    marriage_total = sum(k.value for k in rules.kinds) * len(rules.suits) * max(1, rules.trump_factor)
    # announced (deducted from the others too) and on the table (each way, factor), carried in
    points = card_total + 2 * marriage_total * (1 + max(1, rules.table_factor)) + sum(context.carried)
    target = int(g["target"])
    bound = {"marks": float(2 * marks), "points": float(2 * points), "marks-and-points": 2 * marks + 2 * points / target}[utility]
    n_marriages = len(rules.suits) * len(rules.kinds)
    # after_last_trick=one-round-in-seat-order: one claim or pass each once the last card is played
    last_round = rules.n_players if rules.params.get("after_last_trick") == "one-round-in-seat-order" else 0
    length = (rules.n_cards  # chance nodes
              + rules.n_cards  # plays
              + rules.n_players * n_marriages  # announcements
              + (rules.n_tricks - 1) * rules.n_players  # passes in the windows
              + 2 + 2 * rules.n_tricks  # claim, declaration, concessions asked and answered
              + (rules.n_tricks if rules.table_marking == "players" else 0)  # a mark or a pass per trick
              + last_round)
    return -bound, bound, length


# -- Brusquembille ---------------------------------------------------------------------


def pays_jetons(rules: Rules, utility: str) -> bool:
    """Whether the returns are the ledger's (jetons, marks, points), not card points: all but
    Brusquembille's `card-points`, and its `stakes` under scoring=points."""
    if rules.id != "brusquembille-1718":
        return True
    return utility == "stakes" and rules.data["session"]["kind"] == "pool"


def pool_extremes(rules: Rules) -> tuple[int, int]:
    """(least, most) a seat's pool can net him in a deal: his fiche lost, or his share of the
    pool less his fiche, over every set of sides that may tie for the most card points
    (`brou.laws.results.pool_shares` itself, odd jetons included)."""
    pool = sum(e.jetons for e in pool_entries(rules))
    if not pool:
        return 0, 0
    put = pool // rules.n_players
    n_sides = len(rules.teams)
    low, high = 0, 0
    for subset in range(1, 1 << n_sides):
        points = [subset >> side & 1 for side in range(n_sides)]
        got = [0] * rules.n_players
        for e in pool_shares(rules, points, pool, 0):
            if e.taker >= 0:
                got[e.taker] += e.jetons
        low, high = min(low, min(got) - put), max(high, max(got) - put)
    return low, high


def brusquembille_extreme(rules: Rules) -> int:
    """The most jetons brusquembilles can move to or from one seat in a deal: a brusquembille
    he plays moves its worth once per other player, one another plays moves it once to or from
    him, and he plays one card per trick, so at most the sum of all worths plus (n - 2) times
    the sum of the n_tricks largest (brus.pay.brusquembille)."""
    if not rules.pays_brusquembilles:
        return 0
    worths = sorted((rules.jetons[c] for c in rules.pack_cards if rules.jetons[c]), reverse=True)
    return sum(worths) + (rules.n_players - 2) * sum(worths[:rules.n_tricks])


def brusquembille_bounds(rules: Rules, utility: str) -> tuple[float, float]:
    """(min utility, max utility) of Brusquembille: jetons, or card points less a share."""
    if pays_jetons(rules, utility):
        low, high = pool_extremes(rules)
        brus = brusquembille_extreme(rules)
        return float(low - brus), float(high + brus)
    total = sum(rules.points[c] for c in rules.pack_cards)
    share = total / len(rules.teams)
    return -share, total - share


def zero_sum(rules: Rules, utility: str) -> bool:
    """Whether every deal's returns sum to zero: not when the jetons are the returns and the odd
    jetons of a shared pool may go to the bank (odd_jetons=bank, four or five each for himself)."""
    if not pays_jetons(rules, utility) or rules.data["result"].get("odd_jetons") != "bank":
        return True
    pool = sum(e.jetons for e in pool_entries(rules))
    n_sides = len(rules.teams)
    for subset in range(1, 1 << n_sides):
        points = [subset >> side & 1 for side in range(n_sides)]
        if any(e.taker < 0 for e in pool_shares(rules, points, pool, 0)):
            return False
    return True


# -- L'Homme d'Auvergne ------------------------------------------------------------------


def n_turns(rules: Rules) -> int:
    """The most cards turned in a deal: the first and up to `speech.rejouissances` more, as
    far as the talon goes."""
    return min(1 + int(rules.data["speech"]["rejouissances"]), rules.talon_size)


def homme_length(rules: Rules) -> int:
    """An upper bound on the actions of a deal: every card dealt; for each card turned, a
    turn-offer (at most one word per player: the leaves and the turn, none when the dealer
    turns) and a round of speech (at most one word per player, one show and, after `play`,
    one player asked to show: the turned suit has one king); every card of the hands played."""
    n = rules.n_players
    offer = len(turn_askers(rules))
    return rules.n_cards + n_turns(rules) * (offer + n + 1) + n * rules.hand_size


def homme_bounds(rules: Rules) -> tuple[float, float]:
    """(min utility, max utility): marks only come from the score sheet in the speech (a king
    scores once: at most the four kings, one under king_scoring=trump-only); a taken king moves
    its point from its owner, who had scored it, to the taker (or to the sheet), so a seat's
    kings net between 0 and the kings that can score; the count gives the homme +1 or -1, an
    opponent 0 or +1."""
    kings = 1 if rules.data["speech"]["kings"] == "trump-only" else len(rules.suits)
    return -1.0, float(kings + 1)


# -- L'Hombre -----------------------------------------------------------------------------


def max_bids(rules: Rules) -> int:
    """An upper bound on the words of an auction: two duels, in each of which at most three bids
    fall on one rank (the later speaker reaches it or, under equal_rank=other-contract, answers
    the earlier's contract with the other one of that rank; the earlier equals it; the later must
    then go higher), then a final pass; and one pass to open the second duel."""
    ranks = len({row.rank for row in contracts(rules)})
    spil = 1 if spil_bidding(rules) else 0  # bids=spil-until-overbid: a spil opens each duel
    return 2 * (3 * ranks + 1 + spil) + 1


def hombre_length(rules: Rules) -> int:
    """An upper bound on the actions of a deal: every card dealt; the auction; the contract
    chosen and trump named; the exchange (at most the talon's cards discarded, and one `draw`
    per player); every card of the hands played, one `surrender` and one `stop` (and one
    `play-on` under surrender_moment=before-the-lead)."""
    asked = 1 if rules.data["exchange"]["surrender"] == "before-the-lead" else 0  # `play-on` (AMB-62)
    return (rules.n_cards + max_bids(rules) + 2 + rules.talon_size + rules.n_players + rules.n_players * rules.hand_size + 2
            + asked)


def hombre_bounds(rules: Rules) -> tuple[float, float]:
    """(min utility, max utility) from the contract table: the most a hombre can lose is a
    codille's value (a surrender or a remise loses the smaller first value, and a missed vole
    comes after a win); the most he can gain is a win with a vole made, in a contract with
    trump (a nolo has no vole).  A tier's return is 0."""
    vole = int(rules.data["play"]["vole"]["value"])
    rows = contracts(rules)
    low = max(row.codille for row in rows)
    high = max(row.won + (0 if row.nolo else vole) for row in rows)
    return -float(low), float(high)

"""What a deal's count decides, for the games of the phase engine (brou.engine.phases).

Result kind `most-card-points` (Brusquembille): each side's card points (brus.count.points),
and the pool to the side with the most, shared by sides tied for the most
(brus.count.winner).  The pool itself is made at the start of the deal (brus.stakes.pool).

Result kind `most-tricks` (L'Homme d'Auvergne): the deal's winner is the player with the most
tricks, ties parted by who got there first (auv.count.homme-wins); the homme scores or loses a
mark (auv.count.won, auv.count.lost).

Result kind `hombre` (L'Hombre): won, remise or codille from the hombre's tricks against the
better tier's, or from his tricks alone in a nolo (hom.count.result, hom.count.nolo), a vole
made or missed (hom.count.vole), and the points of the contract's row, which only the hombre
scores or loses (hom.count.score).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..spec.clauses import implements_clauses
from ..spec.rules import Rules
from .contracts import Contract
from .ledger import BANK, POOL, SHEET, Entry


def stakes(rules: Rules) -> dict[str, int]:
    """The ruleset's `stakes` (a fiche in jetons, fiches per round, loose jetons, fiches put in
    the pool per deal)."""
    found: dict[str, int] = rules.data.get("stakes") or {"fiche": 0, "fiches_per_round": 0, "jetons": 0,
                                                         "pool_per_coup": 0}
    return found


def pool_entries(rules: Rules) -> list[Entry]:
    """At the start of a deal played for the pool, every player puts his fiches in it (in
    jetons); nothing in the game for points, unless each of its deals is still played for the
    pool (parameter points_pool `pool`, AMB-70)."""
    session = rules.data.get("session", {})  # (1802 and Brouc have none: their deals pay nothing)
    if session.get("kind") != "pool" and not (session.get("kind") == "points" and session.get("points_pool") == "pool"):
        return []
    s = stakes(rules)
    worth = s["pool_per_coup"] * s["fiche"]
    return [Entry(seat, POOL, worth, "brus.stakes.pool", 0) for seat in range(rules.n_players) if worth]


implements_clauses(pool_entries, "brus.stakes.pool")


def side_points(rules: Rules, won: Sequence[int]) -> list[int]:
    """Card points of each side (`rules.teams`, in seats), from the cards each seat won (summed
    suit by suit from `rules.suit_points`, the points of every set of a suit's ranks)."""
    n = len(rules.ranks)
    full = (1 << n) - 1
    per_seat = []
    for mask in won:
        total = 0
        for table in rules.suit_points:
            total += table[mask & full]
            mask >>= n
        per_seat.append(total)
    return [sum(per_seat[s] for s in side) for side in rules.teams]


implements_clauses(side_points, "brus.count.points")


def best_sides(points: Sequence[int]) -> list[int]:
    """The sides with the most card points, in side order."""
    top = max(points)
    return [i for i, p in enumerate(points) if p == top]


def pool_shares(rules: Rules, points: Sequence[int], pool: int, trick_count: int) -> list[Entry]:
    """The pool (`pool` jetons) to the side with the most card points; sides tied for the most
    share it equally, and within a side its players share equally.  Jetons that do not divide
    go (parameter odd_jetons) one each to the players concerned in the order of play from the
    first leader (seat 0), or to the bank.  Three sides or more tied for the most (parameter
    many_tied, AMB-71): shared among them the same way, or (`returned`) each player takes back
    an equal part of the pool, what he put in it."""
    if pool <= 0:
        return []
    if len(best_sides(points)) >= 3 and rules.data["result"].get("many_tied", "shared") == "returned":
        back = pool // rules.n_players
        return [Entry(POOL, seat, back, "brus.count.winner", trick_count) for seat in range(rules.n_players) if back]
    winners = [seat for side in best_sides(points) for seat in sorted(rules.teams[side])]
    by_side = {seat: len(rules.teams[rules.team_of[seat]]) for seat in winners}
    k = len(best_sides(points))
    out: list[Entry] = []
    odd = 0
    for seat in winners:
        side_share = pool // k
        share = side_share // by_side[seat]
        out.append(Entry(POOL, seat, share, "brus.count.winner", trick_count))
    odd = pool - sum(e.jetons for e in out)
    if odd:
        if rules.data["result"].get("odd_jetons", "first-in-order") == "bank":
            out.append(Entry(POOL, BANK, odd, "brus.count.winner", trick_count))
        else:
            for i in range(odd):
                seat = winners[i % len(winners)]
                out.append(Entry(POOL, seat, 1, "brus.count.winner", trick_count))
    return [e for e in out if e.jetons]


implements_clauses(pool_shares, "brus.count.winner")


# -- result kind most-tricks (L'Homme d'Auvergne) --------------------------------------


def deal_winner(n: int, trick_winners: Sequence[int]) -> int:
    """The player who wins a deal of five tricks: the one with the most tricks; players level
    at the top are parted by who reached that number first (two each at 2-2-1, one each when
    five players take one trick each: the first trick's winner)."""
    counts = [0] * n
    for w in trick_winners:
        counts[w] += 1
    top = max(counts)
    seen = [0] * n
    for w in trick_winners:
        seen[w] += 1
        if seen[w] == top:
            return w
    raise ValueError("a deal without tricks has no winner")


def homme_wins(n: int, homme: int, trick_winners: Sequence[int]) -> bool:
    """Whether the homme wins the deal: he takes more tricks than each other player, or, level
    at the top, he reached that number first (`deal_winner`)."""
    counts = [trick_winners.count(seat) for seat in range(n)]
    if counts[homme] < max(counts):
        return False
    return deal_winner(n, trick_winners) == homme


implements_clauses(homme_wins, "auv.count.homme-wins")


def homme_entries(rules: Rules, homme: int, trick_winners: Sequence[int]) -> list[Entry]:
    """The count of a deal played: the homme who wins it scores a point; one who loses it loses
    a point, and each opponent scores one (loser_pays: each-opponent) or only the player who
    won the deal (the-winner)."""
    n = rules.n_players
    trick = len(trick_winners)
    if homme_wins(n, homme, trick_winners):
        return [Entry(SHEET, homme, 1, "auv.count.won", trick)]
    each = rules.data["result"]["loser_pays"] == "each-opponent"
    gainers = [s for s in range(n) if s != homme] if each else [deal_winner(n, trick_winners)]
    return [Entry(homme, SHEET, 1, "auv.count.lost", trick)] + [Entry(SHEET, s, 1, "auv.count.lost", trick)
                                                                  for s in gainers]


implements_clauses(homme_entries, "auv.count.won", "auv.count.lost")


WON: Final = "won"
REMISE: Final = "remise"
CODILLE: Final = "codille"
SURRENDER: Final = "surrender"


def hombre_outcome(row: Contract, hombre: int, trick_winners: Sequence[int], n: int = 3) -> str:
    """The hombre's result from the tricks taken: in a contract to take tricks, won with more
    than each tier, remise with as many as the better one, codille when a tier has more; in a
    nolo, as `nolo_outcome` says."""
    counts = [0] * n
    for w in trick_winners:
        counts[w] += 1
    mine = counts[hombre]
    if row.nolo:
        return nolo_outcome(mine)
    best_tier = max(c for seat, c in enumerate(counts) if seat != hombre)
    return WON if mine > best_tier else REMISE if mine == best_tier else CODILLE


implements_clauses(hombre_outcome, "hom.count.result")


def nolo_outcome(taken: int) -> str:
    """The hombre's result in a nolo from the tricks he took: won with none, remise with one,
    codille with two or more."""
    return WON if taken == 0 else REMISE if taken == 1 else CODILLE


implements_clauses(nolo_outcome, "hom.count.nolo")


def hombre_entries(rules: Rules, row: Contract, hombre: int, outcome: str, vole: str | None, trick: int) -> list[Entry]:
    """The hombre's points on the score sheet (`SHEET`), nobody else's: the contract's first
    value gained for a win and lost for a remise or a surrender, its second lost for a codille;
    a vole engaged (`vole`: made or missed) adds or takes the vole's value, the win standing."""
    clause = "hom.count.score"
    if outcome == WON:
        points = row.won
    elif outcome == CODILLE:
        points = -row.codille
    else:
        points = -row.won
    entries = [_sheet_entry(hombre, points, clause, trick)] if points else []
    if vole is not None:
        value = rules.data["play"]["vole"]["value"]
        entries += [_sheet_entry(hombre, value if vole == "made" else -value, "hom.count.vole", trick)] if value else []
    return entries


implements_clauses(hombre_entries, "hom.count.score", "hom.count.vole")


def _sheet_entry(seat: int, points: int, clause: str, trick: int) -> Entry:
    return Entry(SHEET, seat, points, clause, trick) if points > 0 else Entry(seat, SHEET, -points, clause, trick)

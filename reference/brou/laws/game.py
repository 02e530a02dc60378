"""Winning a game: claims, all-trick deals, declarations, concessions, game values.

A deal played inside a game carries a `GameContext` (each team's score before the
deal, and for Brouc the announced marriages carried over from a cape).  The deal
then offers the game actions (`claim`, `declare`, `declare-double`, `concede`,
`accept`, `refuse`) exactly when the ruleset allows them, and ends with an
`Outcome`: who, if anyone, has won the game, how, and what is marked.

Teams here are the deal's teams (team 0 holds seats 0 and 2).  `brou.engine.session`
maps them to the match's fixed teams, deal after deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..spec.clauses import implements_clauses
from .counting import CountedDeal, DealResult, card_points, half_up

if TYPE_CHECKING:
    from ..spec.rules import Rules


class GameContext(NamedTuple):
    """What a deal inside a game needs to know: scores before it, marriages carried into it."""

    scores: tuple[int, ...]
    carried: tuple[int, ...] = ()


class Outcome(NamedTuple):
    """How a deal ended for the game.

    how: "played-out", "all-tricks", "claim-right", "claim-wrong", "declaration-made",
         "declaration-failed", "concession-accepted", "replay";
    winner: the team that won the game in this deal, or None (the game goes on);
    marks: per team, what it marks now (parties to the winner in 1802, coches to the
           loser in Brouc, and the parties of a vole);
    scores: per team, the score after the deal (the game's count when it ended).
    """

    how: str
    winner: int | None
    marks: tuple[int, ...]
    scores: tuple[int, ...]


class DealInGame(CountedDeal, Protocol):
    """What the game's rules read from a deal in progress (a `brou.engine.homme.HommeDeal`, which this
    module does not import, since it calls these functions): what counting reads, and more."""

    @property
    def context(self) -> GameContext | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_act(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def trick(self) -> Sequence[int]: ...
    @property
    def declared(self) -> tuple[int, bool] | None: ...
    @property
    def frozen(self) -> tuple[int, ...] | None: ...
    @property
    def first_reached(self) -> int: ...
    @property
    def conceding(self) -> int: ...
    def result(self) -> DealResult: ...


def other(team: int) -> int:
    return 1 - team


def game_rules(rules: Rules) -> dict[str, Any]:
    result: dict[str, Any] = rules.data["game"]
    return result


def count_so_far(state: DealInGame, team: int) -> int:
    """A team's count at this moment: score before the deal, marriages, card points in its tricks."""
    ctx = state.context
    assert ctx is not None
    return ctx.scores[team] + state.announced_points[team] + state.table_points[team] + card_points(state.rules, state.won[team])


def game_value(rules: Rules, loser_count: int) -> int:
    """Parties (1802, to the winner) or coches (Brouc, to the loser) that a game is worth,
    read on the loser's count: the first step whose `below` the count is under (in 1802 the
    quadruple step's `below` is the parameter quadruple_below: 0, or 1 so that 0 counts too)."""
    for step in game_rules(rules)["value"]:
        if "below" not in step or loser_count < step["below"]:
            return int(step["value"])
    raise AssertionError("the last step of game.value has no threshold")


implements_clauses(game_value, "hdb.game.value", "brouc.game.coches")


def _marks(rules: Rules, winner: int, amount: int) -> tuple[int, ...]:
    """Who marks `amount`: the winner (parties) or the loser (coches)."""
    if game_rules(rules)["marked_by"] == "winner":
        return tuple(amount if t == winner else 0 for t in range(2))
    return tuple(amount if t != winner else 0 for t in range(2))


def reaches_target(rules: Rules, count: int) -> bool:
    """Whether a count wins the game: 301 or more (Brouc says more than 300)."""
    return count >= int(game_rules(rules)["target"])


implements_clauses(reaches_target, "hdb.game.target", "brouc.game.target")


# -- claims ("dehors" in Brouc) ------------------------------------------------


def _above_300_moment(state: DealInGame, team: int) -> str | None:
    """Brouc: parameter dehors_above_300 when `team` is already written above 300, else None."""
    ctx = state.context
    moment = state.rules.params.get("dehors_above_300")
    if moment is None or ctx is None or not reaches_target(state.rules, ctx.scores[team]):
        return None
    return str(moment)


def claims_out_of_turn(state: DealInGame, seat: int) -> bool:
    """Whether `seat` may claim (declare dehors) when he is not the player to act: with
    claim_moment=any-moment, or in Brouc for a team already written above 300 with
    dehors_above_300=any-moment (where that parameter decides for such a team)."""
    moment = _above_300_moment(state, state.rules.team_of[seat])
    if moment is not None:
        return moment == "any-moment"
    return state.rules.params.get("claim_moment") == "any-moment"


def may_claim(state: DealInGame, seat: int) -> bool:
    """A player may claim for his team on his own turn (parameter claim_moment: or only
    before a trick's first card, or at any moment, out of turn too), unless his team is
    bound by a declaration and the ruleset does not let it escape (parameter
    escape_commitment); in Brouc a team already written above 300 may claim at any moment,
    out of turn too, or be limited to its own turns or to the deal's start (parameter
    dehors_above_300).  Once the last card is played nobody claims, unless parameter
    after_last_trick=one-round-in-seat-order asks each player once (`last_round`)."""
    rules = state.rules
    params = rules.params
    team = rules.team_of[seat]
    if state.phase == "round" and len(state.tricks) == rules.n_tricks:
        # after_last_trick=one-round-in-seat-order: after the last card, only the player asked speaks
        return seat == state.to_act
    if state.declared is not None and state.declared[0] == team and not params.get("escape_commitment", False):
        return False
    if _above_300_moment(state, team) == "before-first-card":
        # Brouc: a team already above 300 speaks only in the round before the first card, when asked
        return state.phase == "round" and seat == state.to_act
    if seat != state.to_act and not claims_out_of_turn(state, seat):
        return False
    return not (params.get("claim_moment") == "between-tricks" and state.trick)


implements_clauses(may_claim, "hdb.game.claim", "brouc.game.dehors")


def dehors_round(state: DealInGame) -> list[int]:
    """Brouc with dehors_above_300=before-first-card (brouc.game.dehors): the players asked,
    before the first card, whether they declare dehors: every player of a team whose written
    score is already above 300, in the order of play from the leader.  Empty otherwise."""
    rules = state.rules
    ctx = state.context
    if ctx is None or rules.params.get("dehors_above_300") != "before-first-card":
        return []
    n = rules.n_players
    seats = [(state.leader + i) % n for i in range(n)]
    return [s for s in seats if reaches_target(rules, ctx.scores[rules.team_of[s]])]


def last_round(state: DealInGame) -> list[int]:
    """The players asked, once the last card is played and before the count, whether they
    claim (dehors in Brouc): with parameter after_last_trick=one-round-in-seat-order, every
    player in the order of play from the last trick's winner (part of hdb.game.claim and
    brouc.game.dehors); empty otherwise, and when a declaration decides the deal."""
    rules = state.rules
    if state.context is None or state.declared is not None:
        return []
    if rules.params.get("after_last_trick", "automatic-result-first") != "one-round-in-seat-order":
        return []
    n = rules.n_players
    return [(state.leader + i) % n for i in range(n)]


def written_at_end(state: DealInGame, counts: Sequence[int]) -> tuple[int, ...]:
    """Brouc: the scores a game ended inside a deal leaves (dehors, right or wrong, or la cape et
    dehors): the exact counts at that moment, or with parameter written_at_game_end=
    slate-as-it-stood the written scores before the deal (part of brouc.game.dehors)."""
    ctx = state.context
    assert ctx is not None
    if state.rules.params.get("written_at_game_end") == "slate-as-it-stood":
        return tuple(ctx.scores)
    return tuple(counts)


def claim_outcome(state: DealInGame, team: int) -> Outcome:
    """The game ends at a claim.  Right: the claimers win, the loser's count stops now.
    Wrong: the other team wins as if it had reached the target; in 1802 the claimers count
    nothing for the coup, in Brouc they mark the coches the others would have marked."""
    rules = state.rules
    ctx = state.context
    assert ctx is not None
    counts = [count_so_far(state, t) for t in range(2)]
    if reaches_target(rules, counts[team]):
        value = game_value(rules, _value_count(state, other(team), counts))
        written = tuple(counts) if game_rules(rules)["marked_by"] == "winner" else written_at_end(state, counts)
        return Outcome("claim-right", team, _marks(rules, team, value), written)
    winner = other(team)
    scores = list(counts)
    if game_rules(rules)["marked_by"] == "winner":
        # 1802: the claimers count nothing on this coup (parameter wrong_claim_marriages)
        lost = ctx.scores[team]
        if rules.params.get("wrong_claim_marriages") == "card-points-only":
            lost += state.announced_points[team] + state.table_points[team]
        scores[team] = lost
        as_losers = rules.params.get("wrong_claim_parties", "claimers-as-losers") == "claimers-as-losers"
        basis = scores[team] if as_losers else scores[winner]
        return Outcome("claim-wrong", winner, _marks(rules, winner, game_value(rules, basis)), tuple(scores))
    # Brouc: the declarers mark what the other side would have marked
    value = game_value(rules, _value_count(state, winner, counts))
    return Outcome("claim-wrong", winner, tuple(value if t == team else 0 for t in range(2)), written_at_end(state, scores))


implements_clauses(claim_outcome, "hdb.game.claim-right", "hdb.game.claim-wrong", "brouc.game.dehors-wrong")


def _value_count(state: DealInGame, loser: int, counts: list[int]) -> int:
    """The count that sets the game's value at a claim: the loser's count now (1802, with
    parameter claim_frozen_count), or his written score before the deal (Brouc, parameter
    coches_threshold)."""
    rules = state.rules
    ctx = state.context
    assert ctx is not None
    if game_rules(rules)["marked_by"] == "loser":
        return ctx.scores[loser] if rules.params.get("coches_threshold", "before-deal") == "before-deal" else counts[loser]
    frozen = rules.params.get("claim_frozen_count", "cards-so-far-unrounded")
    if frozen == "cards-so-far-unrounded":
        return counts[loser]
    marriages = ctx.scores[loser] + state.announced_points[loser] + state.table_points[loser]
    if frozen == "marriages-only":
        return marriages
    return marriages + half_up(card_points(rules, state.won[loser]))


# -- declarations: partie et vole, la cape et dehors (et pas dedouble) -------------


def may_declare(state: DealInGame, seat: int, double: bool) -> bool:
    """Whether the player to act may declare that his team takes every trick and the game.
    1802: the player on lead (parameter partie_et_vole_declarer; partie_et_vole_window lets the
    winner's partner declare in the window after a trick), before the fifth trick, with 190
    marked where partie_et_vole_190 asks it (read as partie_et_vole_190_counts says)."""
    rules = state.rules
    decl = game_rules(rules)["declaration"]
    if state.declared is not None or (double and "double" not in decl):
        return False
    if not state.context:
        return False
    team = rules.team_of[seat]
    lost_a_trick = any(rules.team_of[winner] != team for _, _, winner in state.tricks)
    if lost_a_trick and decl["needs_all_tricks_so_far"]:
        return False
    if decl["moment"] == "before-lead":
        # 1802: the player on lead, before the first card of the trick, up to the given trick
        # (parameter partie_et_vole_declarer=any-player-of-team: any player of the team, on his turn)
        current = len(state.tricks) + 1  # the trick being played, or about to be led
        if current > decl["before_trick"] or (current == decl["before_trick"] and state.trick):
            return False
        # (parameter partie_et_vole_window=partner-too: in the window after a trick, the winner's partner too)
        on_lead_only = rules.params.get("partie_et_vole_declarer", "player-on-lead") == "player-on-lead"
        partner_in_window = (state.phase == "window" and rules.team_of[state.leader] == team
                             and rules.params.get("partie_et_vole_window", "winner-only") == "partner-too")
        if on_lead_only and (state.trick or (seat != state.leader and not partner_in_window)):
            return False
        if not state.tricks and not rules.params.get("partie_et_vole_first_trick", False):
            return False
        marked = state.context.scores[team] + state.announced_points[team] + state.table_points[team]
        if rules.params.get("partie_et_vole_190_counts") == "with-card-points":
            marked += card_points(rules, state.won[team])  # the card points already won, too
        too_low = marked < decl["min_score"]  # what the team has marked, marriages of this coup included
        return not (too_low and rules.params.get("partie_et_vole_190") == "precondition")
    # Brouc: any own turn while the declarer holds at least two cards
    if state.hands[seat].bit_count() < 2:
        return False
    scores = state.context.scores
    if scores[team] < decl["min_score"]:
        return False
    return not (double and scores[other(team)] > decl["double"]["max_other_score"])


implements_clauses(may_declare, "hdb.game.partie-et-vole", "brouc.game.cape-et-dehors", "brouc.game.cape-pas-dedouble")


def declaration_value(rules: Rules, double: bool) -> int:
    decl = game_rules(rules)["declaration"]
    return int(decl["double"]["value"] if double else decl["value"])


def declaration_failed(state: DealInGame, team: int, double: bool) -> Outcome:
    """A declared team lost a trick (or, in 1802, took them all without reaching 301): the
    other team wins and marks what the declarers would have marked; its count stops
    before that trick (1802)."""
    rules = state.rules
    winner = other(team)
    ctx = state.context
    assert ctx is not None
    frozen = state.frozen if state.frozen is not None else tuple(count_so_far(state, t) for t in range(2))
    if game_rules(rules)["marked_by"] == "winner":
        amount = declaration_value(rules, double) + game_value(rules, frozen[winner])
        return Outcome("declaration-failed", winner, _marks(rules, winner, amount), frozen)
    return Outcome("declaration-failed", winner, _marks(rules, winner, declaration_value(rules, double)),
                   written_at_end(state, frozen))


implements_clauses(declaration_failed, "hdb.game.partie-et-vole-failure")


def declaration_made(state: DealInGame, team: int, double: bool) -> Outcome:
    """The declared team took every trick from its declaration on: 3 parties and the game's
    value (1802), or 3 coches (4 with pas dedouble) for the losers (Brouc).  In 1802 a team that
    took them all but stays under 301 fails, marks a plain vole, or wins all the same (parameter
    declared_vole_short_of_target, AMB-35)."""
    rules = state.rules
    counts = [count_so_far(state, t) for t in range(2)]
    loser = other(team)
    # every trick since the declaration was taken (the first one lost ends the deal at once),
    # and every one before it where the ruleset asks for that (needs_all_tricks_so_far)
    if game_rules(rules)["marked_by"] == "winner":
        short = rules.params.get("declared_vole_short_of_target", "declaration-fails")
        if not reaches_target(rules, counts[team]) and short != "declaration-made":
            # every trick but short of 301: a failure, or with parameter
            # declared_vole_short_of_target=vole-only a plain vole, and the game goes on;
            # with declaration-made the vole it committed to is made, and it wins as below
            if short == "vole-only":
                return all_tricks_outcome(state, team)
            return declaration_failed(state, team, double)
        amount = declaration_value(rules, double) + game_value(rules, counts[loser])
        return Outcome("declaration-made", team, _marks(rules, team, amount), tuple(counts))
    return Outcome("declaration-made", team, _marks(rules, team, declaration_value(rules, double)),
                   written_at_end(state, counts))


implements_clauses(declaration_made, "hdb.game.partie-et-vole-success")


# -- concession (1802) -------------------------------------------------------------


def concession_open(state: DealInGame) -> int | None:
    """Before the second, third or fourth trick (and the fifth, with parameter
    concession_before_trick_5): the team that may concede (the other team has the target
    already, and with parameter concession, has taken every trick), or None."""
    rules = state.rules
    conc = game_rules(rules).get("concession")
    if conc is None or state.context is None or state.trick or state.phase != "play":
        return None
    before = list(conc["before_tricks"])
    if rules.params.get("concession_before_trick_5", False):
        before.append(int(game_rules(rules)["declaration"]["before_trick"]))  # the limit of partie et vole: 5
    if len(state.tricks) + 1 not in before:
        return None
    if state.declared is not None and not rules.params.get("concession_after_declaration", False):
        return None
    at_target = [t for t in range(2) if reaches_target(rules, count_so_far(state, t))]
    if len(at_target) == 2 and state.first_reached >= 0:  # both: the one that got there first is ahead
        at_target = [state.first_reached]
    for ahead in at_target:
        if rules.params.get("concession") == "other-team-has-all-tricks" and any(
            rules.team_of[t[2]] != ahead for t in state.tricks
        ):
            continue
        return other(ahead)
    return None


implements_clauses(concession_open, "hdb.game.concession")


def concession_accepted(state: DealInGame, conceding: int) -> Outcome:
    """A concession accepted (hdb.game.concession-answer, `concession_answer`): the game is
    counted now; the team at the target wins, valued on the conceding team's count."""
    rules = state.rules
    winner = other(conceding)
    counts = [count_so_far(state, t) for t in range(2)]
    return Outcome("concession-accepted", winner, _marks(rules, winner, game_value(rules, counts[conceding])), tuple(counts))


def concession_answer(state: DealInGame, team: int, accepted: bool) -> tuple[tuple[int, bool] | None, Outcome | None]:
    """Team `team`, at the target, answers the concession of `state.conceding`: accepted, the
    game is counted now (`concession_accepted`); refused, that team is bound as if it had
    declared partie et vole, and loses at once if it has already lost a trick (possible with
    parameter concession=any).  Returns the declaration binding the deal now, and the outcome
    if the game ends here (None: play goes on)."""
    declared = state.declared
    if accepted:
        return declared, concession_accepted(state, state.conceding)
    declared = (team, False)
    if any(state.rules.team_of[winner] != team for _, _, winner in state.tricks):
        return declared, declaration_failed(state, team, False)
    return declared, None


implements_clauses(concession_answer, "hdb.game.concession-answer")


# -- the end of a deal ----------------------------------------------------------


def all_tricks_outcome(state: DealInGame, team: int) -> Outcome:
    """A team took every trick without a declaration: 3 parties to it (1802) or 2 coches
    to the losers (Brouc); the deal's points do not count, and the game goes on.
    (Brouc's announced marriages of that deal are carried into the next one by the match.)"""
    rules = state.rules
    ctx = state.context
    assert ctx is not None
    value = int(game_rules(rules)["all_tricks"]["value"])
    return Outcome("all-tricks", None, _marks(rules, team, value), ctx.scores)


implements_clauses(all_tricks_outcome, "hdb.game.vole", "brouc.game.cape")


def end_of_deal_outcome(state: DealInGame) -> Outcome:
    """A deal played to its end with no claim: 1802 counts it without rounding when a team
    reaches 301 (it wins; both at once: the higher count, a tie is replayed); otherwise, as
    in Brouc, each team adds its rounded points and the game goes on."""
    rules = state.rules
    ctx = state.context
    assert ctx is not None
    result = state.result()
    if result.all_tricks is not None:
        return all_tricks_outcome(state, result.all_tricks)
    exact = [count_so_far(state, t) for t in range(2)]
    if game_rules(rules).get("last_coup") == "rounded":  # a reading where the last coup is rounded like the others
        exact = [ctx.scores[t] + result.teams[t].total for t in range(2)]
    if game_rules(rules)["win"] == "at-end-of-coup":
        reached = [t for t in range(2) if reaches_target(rules, exact[t])]
        if len(reached) == 2:
            policy = rules.params.get("both_reach_target", "higher-total")
            if policy == "first-during-play" and state.first_reached >= 0:
                reached = [state.first_reached]
            elif policy == "replay" or exact[0] == exact[1]:
                return Outcome("replay", None, (0, 0), ctx.scores)
            else:
                reached = [max(range(2), key=lambda t: exact[t])]
        if reached:
            winner = reached[0]
            loser = other(winner)
            loser_count = exact[loser]
            if rules.params.get("loser_count_last_coup") == "rounded":
                loser_count = ctx.scores[loser] + result.teams[loser].total
            return Outcome("played-out", winner, _marks(rules, winner, game_value(rules, loser_count)), tuple(exact))
    scores = tuple(ctx.scores[t] + result.teams[t].total for t in range(2))
    return Outcome("played-out", None, (0, 0), scores)


implements_clauses(end_of_deal_outcome, "hdb.game.last-coup")

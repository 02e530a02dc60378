"""The facts of L'Homme de Brou (1802) and Brouc about the count: the rounding of card points
and its four policies, what rounding decides about reaching 301, the declarations from 190,
the largest and smallest result of a deal, the encodings of the rounding cross-checked
against the engine; and the list of the two games' facts (those of the following rules,
brou.prove.following, among them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import reduce
from math import gcd
from typing import Any

import z3  # type: ignore[import-untyped]

from ..engine.homme import HommeDeal
from ..laws.counting import card_points, rounded
from ..laws.game import GameContext
from ..spec.rules import Rules
from .following import BROUC, HDB, fact_crosscheck_following, fact_never_stuck
from .logic import PY_ARITH, Z3_ARITH, Arith, model_text, prove, satisfiable
from .results import Check, Fact, ReplayMismatch
from .witness import PLAIN_PLAY, grand_deal, offers_declaration, search, witness_text

ROUNDINGS = ("cards-half-up", "total-half-up", "total-half-away-from-zero", "complement-of-smaller")


def half_up_f(ar: Arith, p: Any) -> Any:
    return ar.div(p + 5, 10) * 10


def rounding_f(ar: Arith, policy: str, cards: Sequence[Any], marriages: Sequence[Any]) -> list[Any]:
    """Each team's total for the deal (rounded card points plus marriages) under `policy`,
    read from the clause statements and docs (brou.laws.counting): the definition both backends use."""
    c0, c1 = cards
    x0, x1 = marriages
    if policy == "cards-half-up":
        return [half_up_f(ar, c0) + x0, half_up_f(ar, c1) + x1]
    if policy == "total-half-up":
        return [half_up_f(ar, c0 + x0), half_up_f(ar, c1 + x1)]
    if policy == "total-half-away-from-zero":
        return [ar.ite(c + x >= 0, half_up_f(ar, c + x), -half_up_f(ar, -(c + x))) for c, x in ((c0, x0), (c1, x1))]
    if policy == "complement-of-smaller":
        # the team with the most card points (team 0 on a tie) gets the pack's rounded points less the other's
        top0 = c0 >= c1
        pack = half_up_f(ar, c0 + c1)
        m0 = ar.ite(top0, pack - half_up_f(ar, c1), half_up_f(ar, c0))
        m1 = ar.ite(top0, half_up_f(ar, c1), pack - half_up_f(ar, c0))
        return [m0 + x0, m1 + x1]
    raise ValueError(f"unknown rounding policy {policy}")


# -- the rounded card points of a deal sum to 120 or 130 --------------------------------


def marriage_premises(x0: Any, x1: Any) -> list[Any]:
    """Marriage points of a deal: whole tens (every kind value, trump and table factor, and
    difference is a multiple of ten in both rulesets, checked in `marriage_unit`); the two
    teams' sum is what was announced, never below zero (table marriages move points from one
    team to the other); bounded by the most a deal can hold."""
    return [x0 % 10 == 0, x1 % 10 == 0, x0 + x1 >= 0, x0 >= -300, x1 >= -300, x0 <= 300, x1 <= 300]


def marriage_unit(rules: Rules) -> int:
    """The greatest common divisor of every marriage amount the ruleset can score."""
    amounts = [k.value * f * t for k in rules.kinds for f in (1, rules.trump_factor) for t in (1, rules.table_factor)]
    amounts += [a.value - b.value for a in rules.kinds for b in rules.kinds if a.value > b.value]
    return reduce(gcd, amounts)


def card_split(c0: Any) -> list[Any]:
    return [c0 >= 0, c0 <= 120]


def _rounding_vars() -> tuple[Any, Any, Any, Any]:
    return z3.Int("cards_team0"), z3.Int("cards_team1"), z3.Int("marriages_team0"), z3.Int("marriages_team1")


def _rounded_cards(policy: str, c0: Any, c1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
    """What the rounding gives each team's cards: its deal total less its marriages."""
    t0, t1 = rounding_f(Z3_ARITH, policy, (c0, c1), (x0, x1))
    return t0 - x0, t1 - x1


def fact_rounding_sum(policy: str) -> Callable[[int], Check]:
    def check(seed: int) -> Check:
        for name in (HDB, BROUC):
            unit = marriage_unit(Rules.load(name))
            if unit % 10:
                return Check(False, f"{name}: marriage amounts are multiples of {unit}, not of ten")
        c0, c1, x0, x1 = _rounding_vars()
        r0, r1 = _rounded_cards(policy, c0, c1, x0, x1)
        premises = [*card_split(c0), c1 == 120 - c0, *marriage_premises(x0, x1)]
        ok, model = prove(z3.Or(r0 + r1 == 120, r0 + r1 == 130), *premises)
        if ok:
            both = satisfiable(*premises, r0 + r1 == 130)
            note = "130 attained" if both is not None else "130 never attained"
            return Check(True, f"z3: unsat over card points 0..120 and marriage points in tens; {note}")
        return Check(False, "z3 model: " + model_text(model, [c0, c1, x0, x1, ("rounded sum", r0 + r1)]))
    return check


def fact_rounding_fives(policy: str) -> Callable[[int], Check]:
    def check(seed: int) -> Check:
        c0, c1, x0, x1 = _rounding_vars()
        r0, r1 = _rounded_cards(policy, c0, c1, x0, x1)
        premises = [*card_split(c0), c1 == 120 - c0, *marriage_premises(x0, x1)]
        claim = (r0 + r1 == 130) == z3.And(c0 % 10 == 5, c1 % 10 == 5)
        ok, model = prove(claim, *premises)
        if ok:
            return Check(True, "z3: unsat over card points 0..120 and marriage points in tens")
        text = "z3 model: " + model_text(model, [c0, c1, x0, x1, ("rounded sum", r0 + r1)])
        # a concrete deal of the same kind (both teams' card points ending in 5, sum not 130)
        rules = Rules.load(HDB, rounding=policy)

        def violates(state: HommeDeal) -> bool:
            cards = [card_points(rules, w) for w in state.won]
            marr = [a + t for a, t in zip(state.announced_points, state.table_points, strict=True)]
            totals = rounding_f(PY_ARITH, policy, cards, marr)
            return bool((sum(totals) - sum(marr) == 130) != (cards[0] % 10 == 5))

        state = search(rules, seed, violates)
        result = state.result()
        cards = [t.card_points for t in result.teams]
        marr = [t.announced + t.table for t in result.teams]
        engine = [t.total for t in result.teams]
        if rounded(rules, cards, marr)[1] != engine or not violates(state):
            raise ReplayMismatch("the engine's count does not show the counterexample")
        shown = (f"engine: card points {cards}, marriages {marr}, deal totals {engine}, "
                 f"rounded card points {[e - m for e, m in zip(engine, marr, strict=True)]} "
                 f"(sum {sum(engine) - sum(marr)}); deal: {witness_text(state)}")
        return Check(False, text, text + "\n" + shown, state.record())
    return check


# -- in 1802, what rounding decides about reaching 301 ----------------------------------


def _target_vars() -> tuple[Any, Any, Any, Any]:
    return z3.Int("score_before"), z3.Int("cards_team"), z3.Int("marriages_team"), z3.Int("marriages_other")


def _target_setup(policy: str) -> tuple[list[Any], Any, Any, list[Any]]:
    """Premises, exact count, rounded count of a team (team 0 of the rounding formula; which team
    has the most card points is left free by the card split)."""
    s, c, x, y = _target_vars()
    exact = s + c + x
    total0, _ = rounding_f(Z3_ARITH, policy, (c, 120 - c), (x, y))
    premises = [s % 10 == 0, s <= 300, *card_split(c), *marriage_premises(x, y)]
    return premises, exact, s + total0, [s, c, x, y]


def fact_naive_301(seed: int) -> Check:
    premises, exact, rnd, names = _target_setup("cards-half-up")
    counts = [("exact", exact), ("rounded", rnd)]
    s, _, x, _ = names
    ok, model = prove((exact >= 301) == (rnd >= 301), *premises, s == 230, x == 0)
    if ok:
        return Check(True, "z3: unsat")
    text = "z3 model (with the clause's case, 230 and no marriage): " + model_text(model, [*names, *counts])
    rules = Rules.load(HDB)
    context = GameContext((230, 0))

    def shows(state: HommeDeal) -> bool:
        out = state.outcome
        return (out is not None and out.how == "played-out" and out.winner == 0 and 301 <= out.scores[0] <= 304
                and 230 + state.result().teams[0].total < 301)

    state = search(rules, seed, shows, context)
    out = state.outcome
    assert out is not None
    team = state.result().teams[0]
    shown = (f"engine: team 0 from 230 takes {team.card_points} card points, marriages {team.announced + team.table}: "
             f"exact count {out.scores[0]} reaches 301 and wins ({out.how}, winner {out.winner}), "
             f"rounded it would be 230 + {team.total} = {230 + team.total}; deal: {witness_text(state)}")
    return Check(False, text, text + "\n" + shown, state.record())


def fact_rounding_window(policy: str) -> Callable[[int], Check]:
    top = 305 if policy == "complement-of-smaller" else 304

    def check(seed: int) -> Check:
        premises, exact, rnd, names = _target_setup(policy)
        counts = [("exact", exact), ("rounded", rnd)]
        never_more = z3.Implies(rnd >= 301, exact >= 301)
        ok, model = prove(never_more, *premises)
        if not ok:
            return Check(False, "rounded reaches 301, exact does not: " + model_text(model, [*names, *counts]))
        decides = z3.And(exact >= 301, rnd < 301)
        ok, model = prove(z3.Implies(decides, z3.And(exact >= 301, exact <= top)), *premises)
        if not ok:
            return Check(False, "rounding decides outside the window: " + model_text(model, [*names, *counts]))
        attained = [v for v in range(301, top + 1) if satisfiable(*premises, decides, exact == v) is not None]
        if attained != list(range(301, top + 1)):
            return Check(False, f"window not tight: only {attained} attained")
        return Check(True, f"z3: both implications unsat; each exact count 301..{top} has a case where rounding decides")
    return check


# -- declarations from 190; the largest and smallest result of a deal -------------------


def marriage_options(rules: Rules, trump: bool, sweep: bool) -> list[int]:
    """What one suit's marriages can add to a team's count in one deal: nothing; an announcement
    by the team (one kind; with card_reuse every kind); a table marriage in a trick it wins; or,
    unless the team took every trick (`sweep`), one in a trick the others win.  A suit gives
    at most one of these: an announcement needs the king and queen in one hand, a table
    marriage needs them played by two players into one trick."""
    factor = rules.trump_factor if trump else 1
    values = [k.value * factor for k in rules.kinds]
    announced = [sum(values)] if rules.card_reuse else values
    options = {0, *announced, *[v * rules.table_factor for v in values]}
    if not sweep and rules.table_deducted:
        options |= {-v * rules.table_factor for v in values}
    return sorted(options)


def marriage_sum(rules: Rules, prefix: str, sweep: bool) -> tuple[Any, list[Any]]:
    ms = [z3.Int(f"{prefix}_{rules.suits[s]}") for s in range(len(rules.suits))]
    cons = [z3.Or([m == v for v in marriage_options(rules, s == 0, sweep)]) for s, m in enumerate(ms)]
    return z3.Sum(ms), cons


def fact_declaration_threshold(name: str) -> Callable[[int], Check]:
    """190 + 120 card points reach the target; 180 + 120 do not (marriages of the coup so far included)."""
    def check(seed: int) -> Check:
        rules = Rules.load(name)
        target = int(rules.data["game"].get("target", 301))
        least = int(rules.data["game"]["declaration"]["min_score"])
        if least != 190:
            return Check(False, f"{name}: the ruleset's declaration threshold is {least}, not 190")
        m = z3.Int("count_at_declaration")
        ok, model = prove((m + 120 >= target) == (m >= least), m % 10 == 0)
        if not ok:
            return Check(False, model_text(model, [m]))
        # marriages never lower the count of a team that takes every trick
        x, cons = marriage_sum(rules, "marriage", sweep=True)
        ok, model = prove(m + 120 + x >= target, m % 10 == 0, m >= least, *cons)
        if not ok:
            return Check(False, model_text(model, [m, ("marriages", x)]))
        shown, record = _declaration_replays(rules, least)
        return Check(True, f"z3: for a count M in tens, M + 120 >= {target} iff M >= {least}, and marriages only add "
                           f"to a team that takes every trick; {shown}", None, record)
    return check


def _declaration_replays(rules: Rules, least: int) -> tuple[str, dict[str, Any]]:
    """The engine, on GRAND_DEAL swept by team 0 with no marriage (PLAIN_PLAY): declared from
    `least` the sweep is made, from `least - 10` (1802) it falls one point short and fails; the
    precondition reading (1802 partie_et_vole_190, Brouc always) offers the declaration from
    `least` and not below."""
    if rules.id == HDB:
        made = grand_deal(rules, GameContext((least, 0)), declare_before=2, play=PLAIN_PLAY)
        short = grand_deal(rules, GameContext((least - 10, 0)), declare_before=2, play=PLAIN_PLAY)
        if made.outcome is None or made.outcome.how != "declaration-made":
            raise ReplayMismatch(f"1802: expected a made declaration from {least}, got {made.outcome}")
        if short.outcome is None or short.outcome.how != "declaration-failed" or short.outcome.scores[0] != least - 10 + 120:
            raise ReplayMismatch(f"1802: expected a failed declaration from {least - 10}, got {short.outcome}")
        strict = Rules.load(HDB, partie_et_vole_190="precondition")
        if not offers_declaration(strict, least, 2) or offers_declaration(strict, least - 10, 2):
            raise ReplayMismatch(f"1802: partie_et_vole_190=precondition does not draw the line at {least}")
        return (f"engine: partie et vole with no marriage made from {least} (count {made.outcome.scores[0]}), "
                f"failed from {least - 10} (count {short.outcome.scores[0]}); with partie_et_vole_190=precondition "
                f"offered from {least}, not from {least - 10}; deal: {witness_text(made)}", made.record())
    made = grand_deal(rules, GameContext((least, 0)), declare_before=1, play=PLAIN_PLAY)
    if made.outcome is None or made.outcome.how != "declaration-made":
        raise ReplayMismatch(f"brouc: expected a made declaration from {least}, got {made.outcome}")
    count = least + made.result().teams[0].total
    if count <= 300 or not offers_declaration(rules, least, 1) or offers_declaration(rules, least - 10, 1):
        raise ReplayMismatch(f"brouc: the declaration is not offered from {least} only, or the sweep counts {count}")
    return (f"engine: la cape et dehors with no marriage declared and made from {least} (count {count}); "
            f"not offered from {least - 10}; deal: {witness_text(made)}", made.record())


def fact_sweep_least_score(name: str, claimed: int) -> Callable[[int], Check]:
    """The least score before the coup from which a team that takes every trick reaches the target,
    counting the most its marriages of the deal can add; the fact states it is `claimed`."""
    def check(seed: int) -> Check:
        rules = Rules.load(name)
        target = int(rules.data["game"].get("target", 301))
        s = z3.Int("score_before")
        x, cons = marriage_sum(rules, "marriage", sweep=True)
        opt = z3.Optimize()
        opt.add(s % 10 == 0, s + 120 + x >= target, *cons)
        opt.minimize(s)
        if opt.check() != z3.sat:
            return Check(False, "no score reaches the target")
        least = opt.model().eval(s).as_long()
        if least != claimed:
            return Check(False, f"z3: the least score is {least}, not {claimed}")
        ok, model = prove(s + 120 + x < target, s % 10 == 0, s < least, *cons)
        if not ok:
            return Check(False, "lower: " + model_text(model, [s, ("marriages", x)]))
        most = 120 + opt.model().eval(x).as_long()
        state = grand_deal(rules, GameContext((least, 0)), declare_before=2 if name == HDB else None)
        out = state.outcome
        assert out is not None
        if name == HDB:
            if out.how != "declaration-made" or out.scores[0] < target:
                raise ReplayMismatch(f"expected partie et vole made from {least}, got {out}")
            under = grand_deal(rules, GameContext((least - 10, 0)), declare_before=2).outcome
            if under is None or under.how != "declaration-failed":
                raise ReplayMismatch(f"expected partie et vole failed from {least - 10}, got {under}")
            shown = (f"engine: partie et vole declared before trick 2 and made from {least} (count {out.scores[0]}); "
                     f"from {least - 10} the same play fails ({under.how})")
        else:
            count = least + state.result().teams[0].total
            if out.how != "all-tricks" or count <= 300 or offers_declaration(rules, least, 1):
                raise ReplayMismatch(f"expected a plain cape from {least} with count above 300, got {out}, {count}")
            shown = (f"engine: from {least} the sweep counts {count} (> 300) but la cape et dehors is not offered "
                     f"below 190, and the plain cape does not count ({out.how})")
        return Check(True, f"z3: least {least} (a sweep is worth at most {most}); {shown}; deal: {witness_text(state)}",
                     None, state.record())
    return check


def fact_deal_extremes(name: str, claimed: tuple[int, int]) -> Callable[[int], Check]:
    def check(seed: int) -> Check:
        rules = Rules.load(name)
        c = z3.Int("cards_team")
        x, cons = marriage_sum(rules, "marriage", sweep=False)
        total = rounding_f(Z3_ARITH, rules.rounding, (c, 120 - c), (x, z3.IntVal(0)))[0]
        premises = [*card_split(c), *cons]
        bounds = []
        for sense in ("max", "min"):
            opt = z3.Optimize()
            opt.add(*premises)
            (opt.maximize if sense == "max" else opt.minimize)(total)
            if opt.check() != z3.sat:
                return Check(False, "no model")
            bound = opt.model().eval(total).as_long()
            beyond = total > bound if sense == "max" else total < bound
            ok, model = prove(z3.Not(beyond), *premises)
            if not ok:
                return Check(False, f"{sense}: " + model_text(model, [c, ("marriages", x), ("total", total)]))
            bounds.append(bound)
        if tuple(bounds) != claimed:
            return Check(False, f"z3: the bounds are {bounds}, not {list(claimed)}")
        state = grand_deal(rules)
        engine = [t.total for t in state.result().teams]
        if engine != bounds:
            raise ReplayMismatch(f"the witness deal gives {engine}, the bounds are {bounds}")
        return Check(True, f"z3: largest {bounds[0]}, smallest {bounds[1]} (optimum, and unsat beyond); "
                           f"engine: the deal gives team 0 {engine[0]}, team 1 {engine[1]}; deal: {witness_text(state)}",
                     None, state.record())
    return check


# -- the rounding encodings agree with the engine --------------------------------------


def fact_crosscheck_rounding(seed: int) -> Check:
    count = 0
    for policy in ROUNDINGS:
        rules = Rules.load(HDB, rounding=policy)
        for c0 in range(121):
            for x0 in range(-300, 301, 10):
                for x1 in {-x0, -x0 + 20, -x0 + 150, -x0 + 300} & set(range(-300, 301, 10)):
                    cards, marr = [c0, 120 - c0], [x0, x1]
                    want = rounded(rules, cards, marr)[1]
                    got = rounding_f(PY_ARITH, policy, cards, marr)
                    if got != want:
                        text = f"{policy}: cards {cards}, marriages {marr}: encoding {got}, engine {want}"
                        return Check(False, text, text)
                    count += 1
        c0v, c1v, x0v, x1v = _rounding_vars()
        zt = rounding_f(Z3_ARITH, policy, (c0v, c1v), (x0v, x1v))
        for c0, x0, x1 in ((0, 0, 0), (35, -40, 40), (65, 20, -20), (75, 0, 0), (5, -80, 80), (55, 0, 40)):
            subs = [(c0v, z3.IntVal(c0)), (c1v, z3.IntVal(120 - c0)), (x0v, z3.IntVal(x0)), (x1v, z3.IntVal(x1))]
            got = [z3.simplify(z3.substitute(t, *subs)).as_long() for t in zt]
            want = rounded(rules, [c0, 120 - c0], [x0, x1])[1]
            if got != want:
                text = f"{policy}: z3 term gives {got}, engine {want} at cards {c0}, marriages {x0}, {x1}"
                return Check(False, text, text)
    return Check(True, f"engine (brou.laws.counting.rounded) = encoding on {count} cases: every card split, team 0's marriage "
                       "points in tens from -300 to 300 with team 1's making a sum of 0, 20, 150 or 300, for the four "
                       "policies; the z3 terms agree on sample points")


# -- the list -------------------------------------------------------------------------


def _facts() -> list[Fact]:
    both = (HDB, BROUC)
    rounding_clauses = ("hdb.count.rounding", "brouc.count.rounding")
    facts = [
        Fact("crosscheck.following",
             "The encodings of the following rules (Whist in 1802; Brouc under each choice of marriage_exception and "
             "undertrump_when_void) give exactly the engine's legal cards on 100,000 seeded random positions, "
             "so the proofs below are about the engine's rules.",
             both, ("hdb.play.follow", "hdb.play.void-free", "brouc.play.follow", "brouc.play.overtrump",
                    "brouc.play.trump-led-lower", "brouc.play.only-trumps", "brouc.play.marriage-exception",
                    "brouc.play.no-undertrump"), True, fact_crosscheck_following,
             statement_fr="Les encodages des règles du jeu de la carte (le whist en 1802 ; le Brouc pour chaque choix de "
             "marriage_exception et de undertrump_when_void) donnent exactement les cartes que le moteur permet sur "
             "100 000 positions aléatoires à germe fixe : les preuves qui suivent portent donc bien sur les règles du "
             "moteur."),
        Fact("crosscheck.rounding",
             "The encodings of the four rounding policies give exactly the engine's deal totals for every split of "
             "the 120 card points and marriage points in tens.",
             both, rounding_clauses, True, fact_crosscheck_rounding,
             statement_fr="Les encodages des quatre modes d'arrondi donnent exactement les totaux de donne du moteur pour "
             "toute répartition des 120 points de cartes et des points de mariage en dizaines."),
    ]
    for policy in ROUNDINGS:
        facts.append(Fact(
            f"rounding.sum-120-or-130.{policy}",
            f"With rounding={policy}, the card points of a deal, once rounded, add up to 120 or 130 for the two "
            "teams together (a team's rounded card points: its deal total less its marriages).",
            both, rounding_clauses, True, fact_rounding_sum(policy),
            statement_fr=f"Avec rounding={policy}, les points de cartes d'une donne, une fois arrondis, font 120 ou 130 "
            "pour les deux équipes ensemble (les points de cartes arrondis d'une équipe : son total de la donne moins "
            "ses mariages)."))
    for policy in ROUNDINGS:
        holds = policy in ("cards-half-up", "total-half-up")
        facts.append(Fact(
            f"rounding.130-iff-both-end-in-5.{policy}",
            f"With rounding={policy}, the rounded card points add up to 130 exactly when both teams' card points "
            "end in 5.",
            both, rounding_clauses, holds, fact_rounding_fives(policy),
            statement_fr=f"Avec rounding={policy}, les points de cartes arrondis font 130 exactement quand les points de "
            "cartes des deux équipes finissent par 5."))
    facts.append(Fact(
        "hdb.301.naive",
        "Naive: in 1802, with scores before a coup in tens, a team's exact count (score, marriages, card points) "
        "reaches 301 if and only if its rounded count does.",
        (HDB,), ("hdb.game.last-coup", "hdb.count.rounding"), False, fact_naive_301,
        statement_fr="Naïf : en 1802, les scores d'avant le coup étant en dizaines, le compte exact d'une équipe (score, "
        "mariages, points de cartes) atteint 301 si et seulement si son compte arrondi l'atteint."))
    for policy in ROUNDINGS:
        top = 305 if policy == "complement-of-smaller" else 304
        facts.append(Fact(
            f"hdb.301.rounding-decides-only-301-{top}.{policy}",
            f"In 1802 with rounding={policy}, for a score before the coup in tens and at most 300: a team whose "
            f"rounded count reaches 301 also reaches it exactly (so written scores stay at most 300), and rounding "
            f"changes the verdict only when the exact count is 301 to {top}, each of which happens.",
            (HDB,), ("hdb.game.last-coup", "hdb.count.rounding"), True, fact_rounding_window(policy),
            statement_fr=f"En 1802 avec rounding={policy}, pour un score d'avant le coup en dizaines et d'au plus 300 : "
            f"une équipe dont le compte arrondi atteint 301 l'atteint aussi en compte exact (les scores écrits restent "
            f"donc d'au plus 300), et l'arrondi ne change le verdict que si le compte exact vaut de 301 à {top}, "
            "et chacun de ces cas se présente."))
    for policy in ("whist", "brouc"):
        facts.append(Fact(
            f"play.never-stuck.{policy}",
            f"Under the {policy} following rule, every hand facing a partial trick has at least one legal card"
            + (" (all three exceptions, both parameters, any choice of trump)." if policy == "brouc" else "."),
            both if policy == "brouc" else (HDB,),
            ("hdb.play.follow", "hdb.play.void-free") if policy == "whist" else
            ("brouc.play.follow", "brouc.play.overtrump", "brouc.play.trump-led-lower", "brouc.play.only-trumps",
             "brouc.play.marriage-exception", "brouc.play.no-undertrump"),
            True, fact_never_stuck(policy),
            statement_fr=f"Avec la règle {policy} du jeu de la carte, toute main qui fait face à une levée entamée a au "
            "moins une carte permise"
            + (" (les trois exceptions, les deux paramètres, n'importe quel atout)." if policy == "brouc" else ".")))
    facts += [
        Fact("hdb.partie-et-vole.190",
             "1802: a team whose count (score and the coup's marriages so far, in tens) is M reaches 301 by taking "
             "every trick (120 card points) with no further marriage if and only if M >= 190.",
             (HDB,), ("hdb.game.partie-et-vole", "hdb.game.partie-et-vole-success"), True,
             fact_declaration_threshold(HDB),
             statement_fr="1802 : une équipe dont le compte (score et mariages du coup jusque-là, en dizaines) vaut M "
             "atteint 301 en faisant toutes les levées (120 points de cartes) sans autre mariage si et seulement si "
             "M >= 190."),
        Fact("brouc.cape-et-dehors.190",
             "Brouc: a team written at s (in tens) passes 300 by taking every trick with no marriage if and only if "
             "s >= 190; marriages never take anything from a team that takes every trick.",
             (BROUC,), ("brouc.game.cape-et-dehors",), True, fact_declaration_threshold(BROUC),
             statement_fr="Brouc : une équipe inscrite à s (en dizaines) dépasse 300 en faisant toutes les levées sans "
             "mariage si et seulement si s >= 190 ; les mariages n'enlèvent jamais rien à une équipe qui fait toutes "
             "les levées."),
        Fact("hdb.partie-et-vole.least-score",
             "1802: counting the marriages of the coup, the least score before the coup from which a team that "
             "takes every trick reaches 301 is -110 (the sweep is worth at most 420).",
             (HDB,), ("hdb.game.partie-et-vole", "hdb.marriage.table"), True, fact_sweep_least_score(HDB, -110),
             statement_fr="1802 : en comptant les mariages du coup, le plus petit score d'avant le coup à partir duquel "
             "une équipe qui fait toutes les levées atteint 301 est -110 (faire toutes les levées rapporte au plus "
             "420)."),
        Fact("brouc.cape-et-dehors.least-score",
             "Brouc: counting the marriages of the deal, the least written score from which a team that takes every "
             "trick passes 300 is 40 (the sweep is worth at most 270); the declaration still needs 190.",
             (BROUC,), ("brouc.game.cape-et-dehors", "brouc.marriage.table"), True, fact_sweep_least_score(BROUC, 40),
             statement_fr="Brouc : en comptant les mariages de la donne, le plus petit score écrit à partir duquel "
             "une équipe qui fait toutes les levées dépasse 300 est 40 (faire toutes les levées rapporte au plus 270) ; "
             "la déclaration exige tout de même 190."),
        Fact("hdb.deal.extremes",
             "1802: a team's result for one deal (rounded card points, announced and table marriages, trump doubling, "
             "deductions) lies between -300 and 420, and both are attained.",
             (HDB,), ("hdb.count.card-points", "hdb.marriage.kinds", "hdb.marriage.table"), True,
             fact_deal_extremes(HDB, (420, -300)),
             statement_fr="1802 : le résultat d'une équipe sur un coup (points de cartes arrondis, mariages annoncés et "
             "sur table, doublement à l'atout, déductions) est compris entre -300 et 420, et les deux bornes sont "
             "atteintes."),
        Fact("brouc.deal.extremes",
             "Brouc: a team's result for one deal lies between -150 and 270, and both are attained.",
             (BROUC,), ("brouc.marriage.table", "brouc.marriage.announce-score"), True, fact_deal_extremes(BROUC, (270, -150)),
             statement_fr="Brouc : le résultat d'une équipe sur une donne est compris entre -150 et 270, et les deux "
             "bornes sont atteintes."),
    ]
    return facts


FACTS: list[Fact] = _facts()

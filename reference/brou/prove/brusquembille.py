"""The facts of Brusquembille: the brusquembilles' payments move jetons between players only
and within their bounds, the pool is shared out whole, the draw hands each card of the stock
to one player, and the pack's points add up to 120, in every form; each encoding
cross-checked against the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

import z3  # type: ignore[import-untyped]

from ..engine import phases
from ..laws import payments, results, talon
from ..laws.ledger import BANK, POOL, balances
from ..spec.rules import Rules, cards_of
from .logic import N_Z3_POSITIONS, PY_ARITH, Z3_ARITH, Arith, model_text, prove, satisfiable, seat_f
from .results import Check, Fact, ReplayMismatch

BRUS = "brusquembille-1718"
BRUS_FORMS = ("three", "two", "four", "four-partners", "five")
N_BRUS_SAMPLES = 5_000  # random tricks and point vectors per form, besides the exhaustive patterns
N_BRUS_DEALS = 60  # random deals per form whose draws and payments are compared with the encoding
N_Z3_DEALS = 5  # of which the first are also evaluated through the z3 terms
N_SPLITS = 20  # random splits of the pack per form whose side points are compared with the z3 terms


# eliminating the equations first takes the five-player bounds from about 20 s to 4 (a loaded machine)
def lia() -> Any:
    """The tactic for the linear integer sums of the payments (made in the fact's own context)."""
    return z3.Then("simplify", "propagate-values", "solve-eqs", "smt")


def brus_rules(form: str, **params: Any) -> Rules:
    return Rules.load(BRUS, form=form, **params)


def worth_f(ar: Arith, rules: Rules, card: Any) -> Any:
    """The jetons `card` is worth as a brusquembille, from the table the engine uses (`rules.jetons`)."""
    return sum((ar.ite(card == c, w, 0) for c, w in enumerate(rules.jetons) if w and rules.pack >> c & 1), 0)



def trick_payments_f(ar: Arith, n: int, seats: Sequence[Any], worths: Sequence[Any], winner: Any, paid: Any) -> list[Any]:
    """Each seat's net jetons from one finished trick, read from brus.pay.brusquembille (and
    brus.pay.when: nothing unless `paid`): a brusquembille played by the trick's winner is paid
    its worth by each of the n - 1 others; one played by anyone else costs its player its worth
    to each of the n - 1 others."""
    nets = []
    for p in range(n):
        total: Any = 0
        for seat, worth in zip(seats, worths, strict=True):
            mine = seat == p
            total = total + ar.ite(seat == winner, ar.ite(mine, (n - 1) * worth, -worth),
                                   ar.ite(mine, -(n - 1) * worth, worth))
        nets.append(ar.ite(paid, total, 0))
    return nets


def _trick_vars(rules: Rules) -> tuple[list[Any], Any, Any, Any, list[Any]]:
    """z3 variables of one trick: the cards in the order played, the leader, the winner, whether
    brusquembilles are paid; and the premises (cards of the pack, all different; seats in range)."""
    n = rules.n_players
    cards = [z3.Int(f"card_{i}") for i in range(n)]
    leader, winner, paid = z3.Int("leader"), z3.Int("winner"), z3.Bool("paid")
    premises = [z3.Or([c == d for d in cards_of(rules.pack)]) for c in cards]
    premises += [z3.Distinct(*cards)] if n > 1 else []
    premises += [leader >= 0, leader < n, winner >= 0, winner < n]
    return cards, leader, winner, paid, premises


def _trick_nets_z3(rules: Rules, cards: Sequence[Any], leader: Any, winner: Any, paid: Any) -> list[Any]:
    n = rules.n_players
    seats = [seat_f(Z3_ARITH, leader, i, n) for i in range(n)]
    return trick_payments_f(Z3_ARITH, n, seats, [worth_f(Z3_ARITH, rules, c) for c in cards], winner, paid)


def trick_cases(rules: Rules, seed: int, samples: int) -> list[tuple[list[int], int, int]]:
    """Tricks (cards in the order played, leader, winner): every pattern of brusquembilles
    (ace, ten, none) over the n plays that the pack can hold, for every leader and winner; then
    `samples` random tricks of the pack's cards."""
    n = rules.n_players
    pack = cards_of(rules.pack)
    by_worth: dict[int, list[int]] = {}
    for c in pack:
        by_worth.setdefault(rules.jetons[c], []).append(c)
    cases: list[tuple[list[int], int, int]] = []
    for pattern in product(sorted(by_worth), repeat=n):
        if any(pattern.count(v) > len(cs) for v, cs in by_worth.items()):
            continue
        used = dict.fromkeys(by_worth, 0)
        cards = []
        for v in pattern:
            cards.append(by_worth[v][used[v]])
            used[v] += 1
        cases += [(cards, leader, winner) for leader in range(n) for winner in range(n)]
    rng = random.Random(seed)
    cases += [(rng.sample(pack, n), rng.randrange(n), rng.randrange(n)) for _ in range(samples)]
    return cases


def crosscheck_payments(rules: Rules, cases: Sequence[tuple[list[int], int, int]], n_z3: int) -> str | None:
    """None if brou.laws.payments.brusquembille_payments gives, on every case, entries that each move
    jetons from one seat to another and net balances equal to the encoding's (Python and, on the
    first `n_z3` cases, the z3 terms); else the first disagreement."""
    n = rules.n_players
    cards_v, leader_v, winner_v, paid_v, _ = _trick_vars(rules)
    terms = _trick_nets_z3(rules, cards_v, leader_v, winner_v, paid_v)
    for i, (cards, leader, winner) in enumerate(cases):
        plays = [((leader + j) % n, c) for j, c in enumerate(cards)]
        entries = payments.brusquembille_payments(rules, plays, winner, 1)
        where = f"{rules.cards_text(sum(1 << c for c in cards))} led by seat {leader}, won by seat {winner}"
        odd = [e for e in entries if not (0 <= e.giver < n and 0 <= e.taker < n and e.giver != e.taker and e.jetons > 0)]
        if odd:
            return f"{where}: the engine's entry {odd[0]} does not move jetons from one seat to another"
        engine = balances(entries, n)
        seats = [seat_f(PY_ARITH, leader, j, n) for j in range(n)]
        want = trick_payments_f(PY_ARITH, n, seats, [worth_f(PY_ARITH, rules, c) for c in cards], winner, True)
        if engine != want:
            return f"{where}: encoding {want}, engine {engine}"
        if i < n_z3:
            subs = [(v, z3.IntVal(c)) for v, c in zip(cards_v, cards, strict=True)]
            subs += [(leader_v, z3.IntVal(leader)), (winner_v, z3.IntVal(winner)), (paid_v, z3.BoolVal(True))]
            got = [z3.simplify(z3.substitute(t, *subs)).as_long() for t in terms]
            if got != engine:
                return f"{where}: z3 term {got}, engine {engine}"
    return None


def crosscheck_paid_in_play(rules: Rules, rng: random.Random, deals: int) -> str | None:
    """None if, on `deals` random deals played out on the engine (brou.engine.phases), the brusquembille
    entries of the ledger after each trick net, seat by seat, what the encoding gives for that
    trick's cards, leader and winner (nothing when the form does not pay them); else the first
    disagreement."""
    n = rules.n_players
    paid = payments.pays_brusquembilles(rules)
    for _ in range(deals):
        deal = phases.PhaseDeal(rules, talon.talon_deal_from_seed(rules, rng.getrandbits(63)))
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        for number, (leader, cards, winner) in enumerate(deal.tricks, 1):
            entries = [e for e in deal.ledger if e.clause == "brus.pay.brusquembille" and e.trick == number]
            seats = [seat_f(PY_ARITH, leader, j, n) for j in range(n)]
            want = trick_payments_f(PY_ARITH, n, seats, [worth_f(PY_ARITH, rules, c) for c in cards], winner, paid)
            if balances(entries, n) != want:
                return f"deal {deal.record()}, trick {number}: encoding {want}, ledger {balances(entries, n)}"
    return None


PAID_WHEN = {("three", "pool"): True, ("four", "pool"): True, ("five", "pool"): True}  # brus.pay.when; else never


def fact_brus_payments_zero_sum(seed: int) -> Check:
    lines = []
    for form in BRUS_FORMS:
        for scoring in ("pool", "points"):
            paid = payments.pays_brusquembilles(brus_rules(form, scoring=scoring))
            if paid != PAID_WHEN.get((form, scoring), False):
                text = f"form {form}, scoring {scoring}: the engine pays brusquembilles: {paid}; brus.pay.when says otherwise"
                return Check(False, text, text)
        rules = brus_rules(form)
        cases = trick_cases(rules, seed, N_BRUS_SAMPLES)
        bad = crosscheck_payments(rules, cases, N_Z3_POSITIONS) or crosscheck_paid_in_play(rules, random.Random(seed),
                                                                                            N_BRUS_DEALS)
        if bad is not None:
            return Check(False, f"form {form}: {bad}", f"form {form}: {bad}")
        cards, leader, winner, paid_v, premises = _trick_vars(rules)
        nets = _trick_nets_z3(rules, cards, leader, winner, paid_v)
        ok, model = prove(z3.Sum(nets) == 0, *premises)
        if not ok:
            text = f"form {form}: z3 model: " + model_text(model, [*cards, leader, winner, paid_v,
                                                                     *[(f"net_{p}", t) for p, t in enumerate(nets)]])
            return Check(False, text, text)
        lines.append(f"{form} ({len(cases)} tricks)")
    return Check(True, "z3: unsat for n = 2..5, any cards of the pack, leader and winner, paid or not; engine "
                       "(brou.laws.payments.brusquembille_payments, every entry from one seat to another) = encoding on every "
                       f"pattern of aces, tens and other cards, every leader and winner, and {N_BRUS_SAMPLES} random tricks, "
                       f"the z3 terms on the first {N_Z3_POSITIONS}, and the ledger of each trick of {N_BRUS_DEALS} random "
                       "deals played out: " + ", ".join(lines)
                       + "; brou.laws.payments.pays_brusquembilles as brus.pay.when says for every form and scoring")


def fact_brus_trick_extremes(claimed: dict[str, tuple[int, int]]) -> Callable[[int], Check]:
    """The most a seat can win and lose on one trick's brusquembilles, per form that pays them:
    z3 optimises over the encoding, and the engine's payments on z3's trick give the same."""
    def check(seed: int) -> Check:
        lines = []
        for form, (most, least) in claimed.items():
            rules = brus_rules(form)
            n = rules.n_players
            cards, leader, winner, _, premises = _trick_vars(rules)
            net0 = _trick_nets_z3(rules, cards, leader, winner, True)[0]
            for goal, bound in ((most, True), (least, False)):
                ok, model = prove(net0 <= goal if bound else net0 >= goal, *premises, tactic=lia())
                if not ok:
                    text = (f"form {form}: seat 0 can get {model.eval(net0)} on one trick: "
                            + model_text(model, [*cards, leader, winner]))
                    return Check(False, text, text)
                model = satisfiable(*premises, net0 == goal)
                if model is None:
                    text = f"form {form}: {goal} jetons for one seat is never reached"
                    return Check(False, text, text)
                trick, (first, won) = ([model.eval(v, model_completion=True).as_long() for v in vs]
                                       for vs in (cards, (leader, winner)))
                plays = [((first + i) % n, c) for i, c in enumerate(trick)]
                engine = balances(payments.brusquembille_payments(rules, plays, won, 1), n)[0]
                if engine != goal:
                    raise ReplayMismatch(f"form {form}: the engine gives seat 0 {engine} on z3's trick, not {goal}")
                lines.append(f"{form} {'most' if bound else 'least'} {goal}: {rules.cards_text(sum(1 << c for c in trick))}"
                             f" led by seat {first}, won by seat {won}")
        return Check(True, "z3: optimal; the engine pays the same on the tricks that reach them: " + "; ".join(lines))
    return check


# -- the pool --------------------------------------------------------------------------


def pool_shares_f(ar: Arith, rules: Rules, points: Sequence[Any], pool: Any, to_bank: bool) -> tuple[list[Any], Any]:
    """What the pool gives each seat and the bank, read from brus.count.winner: the sides with
    the most card points share it equally, each side's players equally, in whole jetons; what
    does not divide goes one jeton each to the players concerned in order from seat 0 (the
    sides in their order, each side's seats in order), or to the bank (parameter odd_jetons)."""
    m, n = len(rules.teams), rules.n_players
    top = [sum((ar.ite(points[t] > points[s], 1, 0) for t in range(m)), 0) == 0 for s in range(m)]
    k = sum((ar.ite(t, 1, 0) for t in top), 0)
    side_share = sum((ar.ite(k == kk, ar.div(pool, kk), 0) for kk in range(1, m + 1)), 0)
    order = [(s, seat) for s in range(m) for seat in sorted(rules.teams[s])]
    share = {seat: ar.ite(top[s], ar.div(side_share, len(rules.teams[s])), 0) for s, seat in order}
    odd = pool - sum((share[seat] for _, seat in order), 0)
    got: list[Any] = [0] * n
    before: Any = 0  # players sharing the pool who come earlier in the order
    for s, seat in order:
        extra = 0 if to_bank else ar.ite(top[s], ar.ite(before < odd, 1, 0), 0)
        got[seat] = share[seat] + extra
        before = before + ar.ite(top[s], 1, 0)
    return got, (odd if to_bank else 0)


def engine_pool(rules: Rules, points: Sequence[int], pool: int) -> tuple[list[int], int] | str:
    """What brou.laws.results.pool_shares gives each seat and the bank, or what is wrong with its entries."""
    got, bank = [0] * rules.n_players, 0
    for e in results.pool_shares(rules, points, pool, 0):
        if e.giver != POOL or e.jetons <= 0:
            return f"entry {e} does not move jetons out of the pool"
        if e.taker == BANK:
            bank += e.jetons
        elif 0 <= e.taker < rules.n_players:
            got[e.taker] += e.jetons
        else:
            return f"entry {e} goes to no seat and not to the bank"
    return got, bank


def fact_brus_pool_shared_out(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for form in BRUS_FORMS:
        for odd_jetons in ("first-in-order", "bank"):
            rules = brus_rules(form, odd_jetons=odd_jetons)
            m, to_bank = len(rules.teams), odd_jetons == "bank"
            cases = [(list(v), pool) for v in product(range(3), repeat=m) for pool in [*range(1, 65), 100, 101, 999, 12345]]
            cases += [([rng.randrange(121) for _ in range(m)], rng.randrange(1, 500)) for _ in range(N_BRUS_SAMPLES // 10)]
            for pts, pool in cases:
                engine = engine_pool(rules, pts, pool)
                want = pool_shares_f(PY_ARITH, rules, pts, pool, to_bank)
                if isinstance(engine, str) or engine != (list(want[0]), want[1]):
                    text = f"form {form}, odd_jetons {odd_jetons}, points {pts}, pool {pool}: encoding {want}, engine {engine}"
                    return Check(False, text, text)
            points = [z3.Int(f"points_side_{s}") for s in range(m)]
            pool_v = z3.Int("pool")
            got, bank = pool_shares_f(Z3_ARITH, rules, points, pool_v, to_bank)
            for pts, pool in cases[:: max(1, len(cases) // N_Z3_POSITIONS)][:N_Z3_POSITIONS]:
                subs = [(v, z3.IntVal(x)) for v, x in zip(points, pts, strict=True)] + [(pool_v, z3.IntVal(pool))]
                z = [z3.simplify(z3.substitute(z3.IntVal(0) + t, *subs)).as_long() for t in [*got, bank]]
                engine = engine_pool(rules, pts, pool)
                if isinstance(engine, str) or z != [*engine[0], engine[1]]:
                    text = f"form {form}, odd_jetons {odd_jetons}, points {pts}, pool {pool}: z3 term {z}"
                    return Check(False, text, text)
            top = [z3.And([points[t] <= points[s] for t in range(m)]) for s in range(m)]
            sharing = [(seat, top[s]) for s in range(m) for seat in rules.teams[s]]
            claim = [z3.Sum(got) + bank == pool_v]
            claim += [bank == 0] if not to_bank else [bank < z3.Sum([z3.If(t, 1, 0) for _, t in sharing])]
            claim += [z3.Implies(z3.Not(t), got[seat] == 0) for seat, t in sharing]
            spread = 0 if to_bank else 1
            claim += [z3.Implies(z3.And(ti, tj), got[i] - got[j] <= spread) for i, ti in sharing for j, tj in sharing]
            premises = [pool_v >= 1, *[z3.And(p >= 0, p <= 120) for p in points]]
            ok, model = prove(z3.And(claim), *premises)
            if not ok:
                text = f"form {form}, odd_jetons {odd_jetons}: z3 model: " + model_text(model, [*points, pool_v, *got, bank])
                return Check(False, text, text)
            lines.append(f"{form} {odd_jetons} ({len(cases)} cases)")
    return Check(True, "z3: unsat for any pool of at least 1 jeton and any card points 0..120 per side; engine "
                       "(brou.laws.results.pool_shares) = encoding on every vector of 0, 1, 2 points per side (every tie) with "
                       "pools 1..64 and four larger ones, and random vectors: " + ", ".join(lines))


# -- the draw --------------------------------------------------------------------------


def draw_rounds(rules: Rules, winners: Sequence[Any]) -> list[list[tuple[Any, Any]]]:
    """The draws after each trick while the stock lasts, by brou.laws.talon.draws itself (called on
    symbolic winners for z3), the stock as positions 0 .. talon-1 (the turned card last) and
    shortened by one card a player after each trick, as brou.engine.phases does."""
    n = rules.n_players
    stock = list(range(rules.talon_size))
    out = []
    for w in winners:
        out.append(list(talon.draws(n, w, stock)))
        del stock[:n]
    return out


def fact_brus_draws(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for form in BRUS_FORMS:
        rules = brus_rules(form)
        n, size, talon_n = rules.n_players, rules.hand_size, rules.talon_size
        pack_n = rules.pack.bit_count()
        if talon_n % n or n * size + talon_n != pack_n:
            text = f"form {form}: {n} hands of {size} and a talon of {talon_n} do not make the {pack_n} cards in rounds"
            return Check(False, text, text)
        rounds = talon_n // n
        ws = [z3.Int(f"winner_trick_{r + 1}") for r in range(rounds)]
        drawn = draw_rounds(rules, ws)
        if talon.draws(n, 0, list(range(talon_n))[rounds * n:]) != []:
            return Check(False, f"form {form}: cards drawn once the stock is gone")
        flat = [d for r in drawn for d in r]
        claim = [z3.Sum([z3.If(card == j, 1, 0) for _, card in flat]) == 1 for j in range(talon_n)]
        # full hands, by induction over the tricks with a draw: a player who held `size` cards
        # before a trick plays one to it and draws; he holds `size` again (held[r]: before trick r + 1)
        held = [[z3.Int(f"held_before_trick_{r + 1}_seat_{p}") for p in range(n)] for r in range(rounds)]
        for got, before in zip(drawn, held, strict=True):
            counts = [z3.Sum([z3.If(seat == p, 1, 0) for seat, _ in got]) for p in range(n)]
            claim += [c == 1 for c in counts]
            claim += [h - 1 + c == size for h, c in zip(before, counts, strict=True)]
        # the turned card, last in the stock, goes to the player before the last round's winner
        claim += [z3.Implies(card == talon_n - 1, seat == (ws[-1] + n - 1) % n) for seat, card in flat]
        premises = [z3.And(w >= 0, w < n) for w in ws] + [h == size for before in held for h in before]
        ok, model = prove(z3.And(claim), *premises)
        if not ok:
            text = f"form {form}: z3 model: " + model_text(model, ws)
            return Check(False, text, text)
        # the engine's draws in play are the encoding's at the winners of its tricks
        for i in range(N_BRUS_DEALS):
            deal = phases.PhaseDeal(rules, talon.talon_deal_from_seed(rules, rng.getrandbits(63)))
            while not deal.is_over:
                deal.apply(rng.choice(deal.legal_actions()))
            winners = [w for _, _, w in deal.tricks[:rounds]]
            want = [(seat, deal.deal.stock[j]) for seat, j in (d for r in draw_rounds(rules, winners) for d in r)]
            subs = [(w, z3.IntVal(x)) for w, x in zip(ws, winners, strict=True)]
            via_z3 = want if i >= N_Z3_DEALS else [
                (z3.simplify(z3.substitute(z3.IntVal(0) + s, *subs)).as_long(), deal.deal.stock[j]) for s, j in flat]
            engine = [(e.seat, e.card) for e in deal.events if e.kind == "draw"]
            if engine != want or via_z3 != want or deal.events[-1].seat != (winners[-1] + n - 1) % n:
                text = f"form {form}: deal {deal.record()}: the engine drew {engine}, the encoding says {want}"
                return Check(False, text, text)
        lines.append(f"{form} ({rounds} rounds of {n})")
    return Check(True, "z3: unsat over every sequence of trick winners, brou.laws.talon.draws called on symbolic winners; "
                       f"the engine's draw events = the encoding on {N_BRUS_DEALS} random deals per form (the z3 terms on "
                       f"the first {N_Z3_DEALS}): " + ", ".join(lines))


# -- the pack's points -----------------------------------------------------------------


def side_points_z3(rules: Rules, teams: Sequence[Sequence[int]]) -> tuple[dict[int, Any], list[Any], list[Any]]:
    """z3 terms: who takes each card of the pack (a seat), each side's card points (brus.count.points,
    from `rules.points`, the sides `teams`), and the premises.  Bit-vectors, which z3 bit-blasts
    (over integers it times out): a taker of 3 bits, points of 9 bits, which cannot wrap as the
    whole pack is worth less than 512."""
    owner = {c: z3.BitVec(f"taker_{rules.card_text(c)}", 3) for c in cards_of(rules.pack)}
    sides = [z3.Sum([z3.If(z3.Or([o == s for s in side]), z3.BitVecVal(rules.points[c], 9), z3.BitVecVal(0, 9))
                     for c, o in owner.items()]) for side in teams]
    return owner, sides, [z3.ULT(o, rules.n_players) for o in owner.values()]


def fact_brus_points_120(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for form in BRUS_FORMS:
        for sevens in ("black", "red"):
            rules = brus_rules(form, sevens_removed=sevens)
            n, pack = rules.n_players, cards_of(rules.pack)
            owner, sides, premises = side_points_z3(rules, rules.teams)
            ok, model = prove(z3.Sum(sides) == 120, *premises)
            if not ok:
                text = f"form {form}, sevens {sevens}: z3 model: " + model_text(model, [("sides", z3.Sum(sides))])
                return Check(False, text, text)
            for _ in range(N_SPLITS):
                takers = {c: rng.randrange(n) for c in pack}
                won = [sum(1 << c for c in pack if takers[c] == s) for s in range(n)]
                subs = [(owner[c], z3.BitVecVal(t, 3)) for c, t in takers.items()]
                want = [z3.simplify(z3.substitute(t, *subs)).as_long() for t in sides]
                if results.side_points(rules, won) != want:
                    text = f"form {form}: side points {results.side_points(rules, won)}, encoding {want}"
                    return Check(False, text, text)
            lines.append(f"{form} {sevens} ({len(pack)} cards)")
    return Check(True, f"z3: unsat whoever takes each card; brou.laws.results.side_points = the z3 terms on {N_SPLITS} random "
                       "splits each: " + ", ".join(lines))


# -- the list ---------------------------------------------------------------------------


def _facts() -> list[Fact]:
    brus = (BRUS,)
    return [
        Fact("brus.pay.zero-sum",
             "Brusquembille, every form (2 to 5 players): the brusquembilles of any trick (any cards of the pack, any "
             "leader and winner, paid or not) move jetons between players only, so each player's gain is what the "
             "others lose and the balances add up to 0; the encoding gives exactly the engine's payments.",
             brus, ("brus.pay.brusquembille", "brus.pay.when"), True, fact_brus_payments_zero_sum,
             statement_fr="Brusquembille, toutes les formes (de 2 à 5 joueurs) : les brusquembilles d'une levée "
             "quelconque (n'importe quelles cartes du jeu, n'importe quel premier à jouer et gagnant, payées ou non) ne "
             "font passer des jetons que d'un joueur à un autre, si bien que le gain de chacun est ce que perdent les "
             "autres et que les soldes font 0 ; l'encodage donne exactement les paiements du moteur."),
        Fact("brus.pay.trick-extremes",
             "Brusquembille: on one trick's brusquembilles a player wins at most 8 jetons and loses at most 6 with "
             "three players, 12 and 8 with four each for himself, 15 and 10 with five; each is reached.",
             brus, ("brus.pay.brusquembille",), True,
             fact_brus_trick_extremes({"three": (8, -6), "four": (12, -8), "five": (15, -10)}),
             statement_fr="Brusquembille : sur les brusquembilles d'une levée, un joueur gagne au plus 8 jetons et en "
             "perd au plus 6 à trois, 12 et 8 à quatre chacun pour soi, 15 et 10 à cinq ; chaque borne est atteinte."),
        Fact("brus.pool.shared-out",
             "Brusquembille, every form and both choices of odd_jetons: for any card points of the sides and any pool, "
             "the count gives out the whole pool, only to the players of the sides with the most points, in shares "
             "that differ by at most one jeton (first-in-order) or are equal with the rest, less than one jeton per "
             "player sharing, to the bank (bank); the encoding gives exactly the engine's shares.",
             brus, ("brus.count.winner", "brus.stakes.pool"), True, fact_brus_pool_shared_out,
             statement_fr="Brusquembille, toutes les formes et les deux choix de odd_jetons : quels que soient les points "
             "de cartes des camps et l'enjeu, le compte distribue tout l'enjeu, aux seuls joueurs des camps qui ont le "
             "plus de points, en parts qui diffèrent d'au plus un jeton (first-in-order) ou sont égales, le reste, moins "
             "d'un jeton par joueur qui partage, allant à la banque (bank) ; l'encodage donne exactement les parts du "
             "moteur."),
        Fact("brus.talon.each-card-once",
             "Brusquembille, every form: whoever wins each trick, the draw hands each card of the stock to exactly one "
             "player, one card to each player after each trick while the stock lasts, so that every hand is full "
             "again; and the turned card goes to the last to draw after the trick that leaves as many cards in the "
             "stock as there are players, the player just before that trick's winner in the order of play.",
             brus, ("brus.talon.draw", "brus.talon.last-draw", "brus.deal.talon", "brus.talon.last-tricks"), True,
             fact_brus_draws,
             statement_fr="Brusquembille, toutes les formes : quel que soit le gagnant de chaque levée, la pioche donne "
             "chaque carte du talon à un seul joueur, une carte à chacun après chaque levée tant que dure le talon, si "
             "bien que chaque main est de nouveau complète ; et la carte retournée revient au dernier à piocher après la "
             "levée qui laisse au talon autant de cartes qu'il y a de joueurs, le joueur qui précède le gagnant de cette "
             "levée dans l'ordre du jeu."),
        Fact("brus.deck.points-120",
             "Brusquembille, every form and both choices of sevens_removed: whoever takes each card, the card points "
             "of the sides add up to 120.",
             brus, ("brus.deck.points", "brus.deck.cards", "brus.count.points", "brus.players.forms"), True,
             fact_brus_points_120,
             statement_fr="Brusquembille, toutes les formes et les deux choix de sevens_removed : quel que soit celui qui "
             "prend chaque carte, les points de cartes des camps font 120."),
    ]


FACTS: list[Fact] = _facts()

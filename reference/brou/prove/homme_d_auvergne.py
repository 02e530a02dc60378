"""The facts of L'Homme d'Auvergne: one winner of the deal, the kings of the speech and those
taken in a trick, the count of a lost deal; each encoding cross-checked against the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

import z3  # type: ignore[import-untyped]

from ..engine import phases
from ..laws import kings as kings_mod
from ..laws import results, speech, talon
from ..laws.ledger import SHEET, account_balance
from ..spec.rules import Rules, cards_of
from .logic import N_Z3_POSITIONS, PY_ARITH, Z3_ARITH, Arith, engine_table, model_text, prove, satisfiable, seat_f
from .results import Check, Fact

AUV = "homme-d-auvergne"
AUV_FORMS = ("two", "three", "four", "five")
N_AUV_TRICKS = 5  # auv.deal.packets: five cards each, so five tricks
N_AUV_DEALS = 40  # random deals per form and parameter choice compared with the encodings
N_AUV_REJOUISSANCES = 3  # auv.speech.rejouissance: at most three, so at most four cards turned


def auv_rules(form: str, **params: Any) -> Rules:
    return Rules.load(AUV, form=form, **params)



def tricks_so_far(ws: Sequence[Any], p: int, i: int) -> Any:
    """How many of the first i + 1 tricks player p took."""
    return z3.Sum([z3.If(w == p, 1, 0) for w in ws[:i + 1]])


def homme_wins_f(ws: Sequence[Any], n: int, p: int, first_to_two: bool = True) -> Any:
    """auv.count.homme-wins as A1 section 5 states it, for player p and the winners `ws` of the
    five tricks: three tricks or more win; with two, only if nobody has three and he reached two
    first; with one, only if nobody has more than one and he took the first trick.  With
    `first_to_two` False, a mutated rule: at two each, the one who took the earlier first trick."""
    count = [tricks_so_far(ws, q, len(ws) - 1) for q in range(n)]
    last = len(ws) - 1

    def before(q: int) -> Any:  # p reached two tricks before q did
        if first_to_two:
            return z3.Or([z3.And(tricks_so_far(ws, p, i) == 2, tricks_so_far(ws, q, i) < 2) for i in range(last + 1)])
        return z3.Or([z3.And(tricks_so_far(ws, p, i) == 1, tricks_so_far(ws, q, i) < 1) for i in range(last + 1)])
    two = z3.And(count[p] == 2, *[c <= 2 for c in count], *[z3.Implies(count[q] == 2, before(q)) for q in range(n) if q != p])
    one = z3.And(count[p] == 1, *[c <= 1 for c in count], ws[0] == p)
    return z3.Or(count[p] >= 3, two, one)


def _auv_winners(n: int) -> tuple[list[Any], list[Any]]:
    ws = [z3.Int(f"winner_trick_{i + 1}") for i in range(N_AUV_TRICKS)]
    return ws, [z3.And(w >= 0, w < n) for w in ws]


def fact_auv_homme_wins(seed: int) -> Check:
    lines = []
    for form in AUV_FORMS:
        rules = auv_rules(form)
        n = rules.n_players
        ws, premises = _auv_winners(n)
        wins = [homme_wins_f(ws, n, p) for p in range(n)]
        engine = engine_table(n, ws, _winner_of(n))
        claim = [z3.Sum([z3.If(w, 1, 0) for w in wins]) == 1, z3.And(engine >= 0, engine < n)]
        claim += [z3.Implies(engine == p, wins[p]) for p in range(n)]
        for h in range(n):  # the engine's count: exactly one of won and lost, won iff the statement says so
            won = engine_table(n, ws, _count_says(rules, h, "auv.count.won"))
            lost = engine_table(n, ws, _count_says(rules, h, "auv.count.lost"))
            says = engine_table(n, ws, _homme_wins(n, h))  # the clause's own function
            claim += [says == wins[h], won == wins[h], lost == z3.Not(wins[h]),
                      z3.Xor(wins[h], z3.Or([wins[q] for q in range(n) if q != h]))]
        ok, model = prove(z3.And(claim), *premises)
        if not ok:
            text = f"form {form}: z3 model: " + model_text(model, [*ws, ("engine's winner", engine)])
            return Check(False, text, text)
        # the query can fail: the tie at two parted by the earlier first trick is refuted
        mutated = [homme_wins_f(ws, n, p, first_to_two=False) for p in range(n)]
        ok, model = prove(z3.And([z3.Implies(engine == p, mutated[p]) for p in range(n)]), *premises)
        if n > 2 and ok:
            text = f"form {form}: z3 cannot tell the engine from a tie parted by the first trick: the query is vacuous"
            return Check(False, text, text)
        mutant = "" if ok else " (the tie at two parted by the earlier first trick refuted: " + model_text(model, ws) + ")"
        lines.append(f"{form} ({n ** N_AUV_TRICKS} sequences){mutant}")
    return Check(True, "z3: unsat over every sequence of five trick winners, brou.laws.results.homme_wins, deal_winner "
                       "and homme_entries tabulated over all of them: " + "; ".join(lines))


def fact_auv_count_lost(seed: int) -> Check:
    lines = []
    for form in AUV_FORMS:
        rules = auv_rules(form, loser_pays="each-opponent")
        n = rules.n_players
        ws, premises = _auv_winners(n)
        for h in range(n):
            table = engine_table(n, ws, _count_code(rules, h))
            nets = [(table / 4 ** a) % 4 - 1 for a in range(n)]
            sheet = table / 4 ** n - n
            wins = homme_wins_f(ws, n, h)
            lost = z3.And(nets[h] == -1, *[nets[q] == 1 for q in range(n) if q != h],
                          z3.Sum([nets[q] for q in range(n) if q != h]) == n - 1)
            won = z3.And(nets[h] == 1, *[nets[q] == 0 for q in range(n) if q != h])
            ok, model = prove(z3.And(table >= 0, z3.If(wins, won, lost), z3.Sum(nets) + sheet == 0), *premises)
            if not ok:
                text = f"form {form}, homme {h}: z3 model: " + model_text(model, ws)
                return Check(False, text, text)
        lines.append(f"{form} ({n} hommes x {n ** N_AUV_TRICKS} sequences)")
    # the query can fail: a count where the homme who loses keeps his mark is refuted
    rules = auv_rules("three")
    ws, premises = _auv_winners(3)
    keeps = engine_table(3, ws, lambda seq: ledger_account([e for e in results.homme_entries(rules, 0, seq)
                                                             if e.giver != 0], 0))
    ok, model = prove(z3.Implies(z3.Not(homme_wins_f(ws, 3, 0)), keeps == -1), *premises)
    if ok:
        return Check(False, "a homme who keeps his mark is not refuted: the query is vacuous")
    return Check(True, "z3: unsat over every sequence of five trick winners and every homme, brou.laws.results.homme_entries "
                       "(loser_pays each-opponent) tabulated over all of them, seats and score sheet: " + ", ".join(lines)
                 + "; a count where the losing homme keeps his mark refuted: " + model_text(model, ws))


def _winner_of(n: int) -> Callable[[tuple[int, ...]], int]:
    return lambda seq: results.deal_winner(n, seq)


def _homme_wins(n: int, homme: int) -> Callable[[tuple[int, ...]], bool]:
    return lambda seq: results.homme_wins(n, homme, seq)


def _count_says(rules: Rules, homme: int, clause: str) -> Callable[[tuple[int, ...]], bool]:
    """Whether brou.laws.results.homme_entries writes an entry of `clause` for the winners `seq`."""
    return lambda seq: any(e.clause == clause for e in results.homme_entries(rules, homme, seq))


def _count_code(rules: Rules, homme: int) -> Callable[[tuple[int, ...]], int]:
    """The whole count brou.laws.results.homme_entries writes for the winners `seq`, as one integer
    (one table per homme then suffices): seat a's net marks plus one as the base-4 digit a, the
    score sheet's net plus n as the top digit; -1 for a count outside these digits."""
    n = rules.n_players

    def code(seq: tuple[int, ...]) -> int:
        entries = results.homme_entries(rules, homme, seq)
        nets = [ledger_account(entries, a) + 1 for a in range(n)]
        sheet = ledger_account(entries, SHEET) + n
        if not all(0 <= x < 4 for x in nets) or sheet < 0:
            return -1
        return sum(x << 2 * a for a, x in enumerate(nets)) + (sheet << 2 * n)
    return code


def ledger_account(entries: Sequence[Any], account: int) -> int:
    return account_balance(list(entries), account)


# -- a king taken in a trick -----------------------------------------------------------


def taken_king_f(ar: Arith, n: int, seats: Sequence[Any], scored: Sequence[Any], winner: Any, moves: bool,
                 owner_loses: bool = True) -> tuple[list[Any], Any]:
    """Each seat's and the score sheet's net marks from the kings of one trick, read from
    auv.king.taken: each card that is a king that scored for its player in the speech (`scored`),
    won by another player, costs its player the point, which goes to the trick's winner
    (taken_king: moves) or back to the sheet (owner-pays).  `owner_loses` False: a mutated rule
    where the winner scores it without its owner losing it."""
    nets: list[Any] = [0] * n
    sheet: Any = 0
    for seat, king in zip(seats, scored, strict=True):
        taken = ar.ite(king, ar.ite(seat == winner, 0, 1), 0)
        for p in range(n):
            nets[p] = nets[p] + (ar.ite(seat == p, -taken, 0) if owner_loses else 0) + (
                ar.ite(winner == p, taken, 0) if moves else 0)
        sheet = sheet + (0 if moves else taken) - (0 if owner_loses else taken)
    return nets, sheet


def _king_trick_cases(rules: Rules) -> list[tuple[list[int], int, int, dict[int, int]]]:
    """Every pattern of scored king, unscored king and other card over the n plays (at most four
    kings), every leader and winner: (cards in order, leader, winner, scored kings -> seat)."""
    n = rules.n_players
    kings = [kings_mod.king_of(rules, s) for s in range(len(rules.suits))]
    others = [c for c in cards_of(rules.pack) if c not in kings]
    cases = []
    for pattern in product((0, 1, 2), repeat=n):  # 0 another card, 1 a king that scored, 2 a king that did not
        if sum(1 for x in pattern if x) > len(kings):
            continue
        for leader in range(n):
            cards, scored, k = [], {}, 0
            for i, x in enumerate(pattern):
                if x:
                    cards.append(kings[k])
                    if x == 1:
                        scored[kings[k]] = (leader + i) % n
                    k += 1
                else:
                    cards.append(others[i])
            cases += [(cards, leader, winner, scored) for winner in range(n)]
    return cases


def fact_auv_king_taken(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for form in AUV_FORMS:
        for taken_king in ("moves", "owner-pays"):
            rules = auv_rules(form, taken_king=taken_king)
            n, moves = rules.n_players, taken_king == "moves"
            leader, winner = z3.Int("leader"), z3.Int("winner")
            scored = [z3.Bool(f"scored_king_{i}") for i in range(n)]
            seats = [seat_f(Z3_ARITH, leader, i, n) for i in range(n)]
            nets, sheet = taken_king_f(Z3_ARITH, n, seats, scored, winner, moves)
            cases = _king_trick_cases(rules)
            for i, (cards, first, won, sc) in enumerate(cases):
                plays = [((first + j) % n, c) for j, c in enumerate(cards)]
                entries = kings_mod.taken_king_entries(rules, plays, won, sc, 1)
                engine = [ledger_account(entries, p) for p in range(n)], ledger_account(entries, SHEET)
                flags = [sc.get(c) == s for s, c in plays]
                py = taken_king_f(PY_ARITH, n, [seat_f(PY_ARITH, first, j, n) for j in range(n)], flags, won, moves)
                if engine != (list(py[0]), py[1]) or any(e.jetons != 1 or e.giver == e.taker for e in entries):
                    text = (f"form {form}, taken_king {taken_king}: {rules.cards_text(sum(1 << c for c in cards))} led by "
                            f"seat {first}, won by seat {won}, scored {sc}: encoding {py}, engine {engine}")
                    return Check(False, text, text)
                if i < N_Z3_POSITIONS:
                    subs = [(leader, z3.IntVal(first)), (winner, z3.IntVal(won))]
                    subs += [(v, z3.BoolVal(f)) for v, f in zip(scored, flags, strict=True)]
                    got = [z3.simplify(z3.substitute(z3.IntVal(0) + t, *subs)).as_long() for t in [*nets, sheet]]
                    if got != [*engine[0], engine[1]]:
                        text = f"form {form}, taken_king {taken_king}: z3 term {got}, engine {engine}"
                        return Check(False, text, text)
            bad = _taken_in_play(rules, rng, N_AUV_DEALS)
            if bad is not None:
                return Check(False, f"form {form}, taken_king {taken_king}: {bad}", f"form {form}: {bad}")
            taken = [z3.And(k, s != winner) for k, s in zip(scored, seats, strict=True)]
            n_taken = z3.Sum([z3.If(t, 1, 0) for t in taken])
            premises = [leader >= 0, leader < n, winner >= 0, winner < n, z3.Sum([z3.If(k, 1, 0) for k in scored]) <= 4]
            claim = [z3.Sum(nets) == (0 if moves else -n_taken), z3.Sum(nets) + sheet == 0]
            # each king on its own: its owner loses exactly one mark, which goes to the winner or the sheet
            for i in range(n):
                alone = [z3.And(scored[i], *[z3.Not(k) for j, k in enumerate(scored) if j != i])]
                one_nets, one_sheet = taken_king_f(Z3_ARITH, n, seats, [z3.BoolVal(j == i) for j in range(n)], winner, moves)
                moved = z3.And(*[one_nets[p] == z3.If(seats[i] == p, -1, 0) + (z3.If(winner == p, 1, 0) if moves else 0)
                                 for p in range(n)], one_sheet == (0 if moves else 1))
                claim.append(z3.Implies(z3.And(*alone, taken[i]), moved))
            ok, model = prove(z3.And(claim), *premises)
            if not ok:
                text = f"form {form}, taken_king {taken_king}: z3 model: " + model_text(model, [leader, winner, *scored])
                return Check(False, text, text)
            lines.append(f"{form} {taken_king} ({len(cases)} tricks)")
    # the query can fail: the winner scoring a taken king without its owner losing it is refuted
    n = 4
    leader, winner = z3.Int("leader"), z3.Int("winner")
    scored = [z3.Bool(f"scored_king_{i}") for i in range(n)]
    seats = [seat_f(Z3_ARITH, leader, i, n) for i in range(n)]
    nets, sheet = taken_king_f(Z3_ARITH, n, seats, scored, winner, True, owner_loses=False)
    ok, model = prove(z3.Sum(nets) == 0, leader >= 0, leader < n, winner >= 0, winner < n)
    if ok:
        return Check(False, "a taken king scored without its owner losing it is not refuted: the query is vacuous")
    return Check(True, "z3: unsat for any leader, winner and kings that scored, n = 2..5; engine "
                       "(brou.laws.kings.taken_king_entries) = encoding on every pattern of scored king, other king and other "
                       f"card, every leader and winner, the z3 terms on the first {N_Z3_POSITIONS}, and the ledger of each "
                       f"trick of {N_AUV_DEALS} random deals played out: " + ", ".join(lines)
                 + "; the winner scoring without the owner losing refuted: " + model_text(model, [leader, winner, *scored]))


def random_auv_deal(rules: Rules, rng: random.Random, keep_talking: bool = False) -> phases.PhaseDeal:
    """A seeded deal on the phase engine, played to its end by random actions (with
    `keep_talking`: turning whenever asked, showing whenever he can, passing otherwise, so that
    the speech goes through every réjouissance)."""
    deal = phases.PhaseDeal(rules, talon.talon_deal_from_seed(rules, rng.getrandbits(63)))
    words = {w: speech.word_action(rules, i) for i, w in enumerate(speech.WORDS)}
    while not deal.is_over:
        legal = deal.legal_actions()
        if keep_talking and deal.phase != phases.PLAY:
            pick = next(words[w] for w in ("turn", "show", "pass", "play") if words[w] in legal)
            deal.apply(pick)
        else:
            deal.apply(rng.choice(legal))
    return deal


def _taken_in_play(rules: Rules, rng: random.Random, deals: int) -> str | None:
    n, moves = rules.n_players, rules.data["play"]["taken_king"] == "moves"
    for _ in range(deals):
        deal = random_auv_deal(rules, rng)
        scored = kings_mod.scored_kings(deal.ledger)
        for number, (first, cards, won) in enumerate(deal.tricks, 1):
            entries = [e for e in deal.ledger if e.clause == "auv.king.taken" and e.trick == number]
            plays = [((first + j) % n, c) for j, c in enumerate(cards)]
            want = taken_king_f(PY_ARITH, n, [s for s, _ in plays], [scored.get(c) == s for s, c in plays], won, moves)
            got = [ledger_account(entries, p) for p in range(n)], ledger_account(entries, SHEET)
            if got != (list(want[0]), want[1]):
                return f"deal {deal.record()}, trick {number}: encoding {want}, ledger {got}"
    return None


# -- the kings of the speech -----------------------------------------------------------


def speech_kings_f(n: int, mode: str, once: bool = True) -> tuple[dict[str, Any], list[Any], list[Any], list[Any]]:
    """z3 terms for the kings that score in the speech of one deal, read from auv.king.turned,
    auv.king.held, auv.king.show and auv.king.once: rounds 0..3 (the card turned, then up to three
    réjouissances), each played or not; the suit of each turned card and whether it is that suit's
    king; where each king was dealt (-1: the talon, else the seat holding it); whether its holder
    shows the king of the suit turned in that round; whether the deal is played (someone said play in
    the last round).  Returns the variables, the premises, each round's scoring (king suit -> Bool
    per round) as a list of terms counting entries per king, and the per-king counts.  With `once`
    False, a mutated rule where a king in hand scores every time its holder shows it."""
    rounds = 1 + N_AUV_REJOUISSANCES
    v: dict[str, Any] = {
        "active": [z3.Bool(f"round_{r}_turned") for r in range(rounds)],
        "suit": [z3.Int(f"round_{r}_suit") for r in range(rounds)],
        "king": [z3.Bool(f"round_{r}_turns_a_king") for r in range(rounds)],
        "shown": [z3.Bool(f"round_{r}_king_shown") for r in range(rounds)],
        "loc": [z3.Int(f"king_{s}_dealt_to") for s in range(4)],
        "played": z3.Bool("deal_played"),
    }
    act, suit, king, shown, loc = v["active"], v["suit"], v["king"], v["shown"], v["loc"]
    premises = [act[0], *[z3.Implies(act[r], act[r - 1]) for r in range(1, rounds)]]
    premises += [z3.And(s >= 0, s < 4) for s in suit] + [z3.And(x >= -1, x < n) for x in loc]
    premises += [z3.Implies(king[r], z3.Or([z3.And(suit[r] == s, loc[s] == -1) for s in range(4)])) for r in range(rounds)]
    premises += [z3.Not(z3.And(king[r], king[t], suit[r] == suit[t])) for r in range(rounds) for t in range(r)]
    per_king: list[Any] = [0] * 4
    scored = [z3.BoolVal(False)] * 4  # has king s scored by now (held or turned)
    for r in range(rounds):
        got = []
        for s in range(4):
            this = z3.And(act[r], suit[r] == s)
            turned = z3.And(this, king[r])
            held = z3.And(this, z3.Not(king[r]), loc[s] >= 0, shown[r])
            if mode == "trump-only":
                last = z3.And(act[r], *([z3.Not(act[r + 1])] if r + 1 < rounds else []), v["played"])
                got.append(z3.And(last, z3.Or(z3.And(this, king[r]), held)))
                continue
            if mode == "trump-and-others":  # the other kings in the hand of the one who shows
                held = z3.Or(held, z3.Or([z3.And(act[r], z3.Not(king[r]), suit[r] == t, loc[t] >= 0, shown[r],
                                                 loc[s] == loc[t], *([z3.Not(scored[t])] if once else []))
                                          for t in range(4) if t != s]))
            held = z3.And(held, z3.Not(scored[s])) if once else held
            got.append(z3.Or(turned, held))
        per_king = [k + z3.If(g, 1, 0) for k, g in zip(per_king, got, strict=True)]
        scored = [z3.Or(sc, g) for sc, g in zip(scored, got, strict=True)]
    return v, premises, per_king, scored


def engine_speech_values(deal: phases.PhaseDeal) -> list[tuple[Any, Any]]:
    """The values of speech_kings_f's variables that a deal played on the engine took."""
    rules = deal.rules
    rounds = 1 + N_AUV_REJOUISSANCES
    kings = [kings_mod.king_of(rules, s) for s in range(4)]
    turns = [i for i, e in enumerate(deal.events) if e.kind == "turn"]
    shows = []
    for r, start in enumerate(turns):
        end = turns[r + 1] if r + 1 < len(turns) else len(deal.events)
        suit = rules.suit_of[deal.events[start].card]
        shows.append(any(e.kind == "show" and e.card == kings[suit] for e in deal.events[start:end]))
    if rules.data["speech"]["showing"] == "automatic":
        shows = [True] * len(turns)
    out: list[tuple[Any, Any]] = []
    for r in range(rounds):
        here = r < len(turns)
        card = deal.events[turns[r]].card if here else kings[0]
        out += [(z3.Bool(f"round_{r}_turned"), z3.BoolVal(here)), (z3.Int(f"round_{r}_suit"), z3.IntVal(rules.suit_of[card])),
                (z3.Bool(f"round_{r}_turns_a_king"), z3.BoolVal(here and card in kings)),
                (z3.Bool(f"round_{r}_king_shown"), z3.BoolVal(here and shows[r]))]
    for s, k in enumerate(kings):
        holder = next((seat for seat, hand in enumerate(deal.deal.hands) if hand >> k & 1), -1)
        out.append((z3.Int(f"king_{s}_dealt_to"), z3.IntVal(holder)))
    out.append((z3.Bool("deal_played"), z3.BoolVal(deal.homme is not None)))
    return out


KING_BOUNDS = {"turned-suit": 4, "trump-and-others": 4, "trump-only": 1}

# Built for trump-only, which random play seldom reaches: the king of hearts turned first, the seven
# of diamonds and the eight of hearts turned after it, play on hearts (the trump king, turned in an
# earlier round, scores for nobody); and the king turned last, after the seven and the eight.
_AUV_HANDS = (("AS", "TS", "QH", "9D", "KC"), ("KS", "8S", "JH", "AD", "7C"), ("QS", "9S", "TH", "KD", "QC"),
              ("JS", "7S", "9H", "JD", "TC"))
_AUV_REST = ("8D", "AH", "QD", "JC", "AC", "9C", "8C", "TD", "7H")
_AUV_BUILT = {("KH", "7D", "8H"): 0, ("7D", "8H", "KH"): 1}  # the three cards turned -> kings that score


def _auv_earlier_trump_king() -> str | None:
    """The engine's king entries = the encoding's on the built deals of `_AUV_BUILT`, under
    trump-only with four players; None when they agree."""
    rules = auv_rules("four", king_scoring="trump-only")
    _, _, per_king, _ = speech_kings_f(rules.n_players, "trump-only")
    total = z3.Sum(per_king)
    for turned, kings in _AUV_BUILT.items():
        deal = phases.PhaseDeal(rules, talon.talon_deal_from_cards(rules, _AUV_HANDS, turned + _AUV_REST, None))
        for word in ("turn", *["pass"] * 4, "turn", *["pass"] * 4, "turn", "play"):
            deal.apply(speech.word_action(rules, speech.WORDS.index(word)))
        engine = sum(1 for e in deal.ledger if e.clause in ("auv.king.turned", "auv.king.held"))
        want = z3.simplify(z3.substitute(total, *engine_speech_values(deal))).as_long()
        if (engine, want) != (kings, kings):
            return f"trump-only, cards turned {' '.join(turned)}: engine {engine} kings, encoding {want}, expected {kings}"
    return None


def fact_auv_speech_kings(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for mode, bound in KING_BOUNDS.items():
        for form in AUV_FORMS:
            rules = auv_rules(form, king_scoring=mode)
            n = rules.n_players
            v, premises, per_king, _ = speech_kings_f(n, mode)
            total = z3.Sum(per_king)
            ok, model = prove(z3.And(total <= bound, *[k <= 1 for k in per_king]), *premises)
            if not ok:
                text = f"{mode}, form {form}: z3 model: " + model_text(model, [("kings scored", total), *v["suit"], *v["loc"]])
                return Check(False, text, text)
            if satisfiable(*premises, total == bound) is None:
                text = f"{mode}, form {form}: {bound} kings never score"
                return Check(False, text, text)
            # four kings under turned-suit need all three réjouissances; under trump-and-others one card turned will do
            if mode == "turned-suit":
                ok, model = prove(z3.Implies(total == bound, v["active"][-1]), *premises)
                if not ok:
                    return Check(False, f"form {form}: four kings with fewer than four cards turned", "")
            if mode == "trump-and-others" and satisfiable(*premises, total == bound, z3.Not(v["active"][1])) is None:
                return Check(False, f"form {form}: four kings need a réjouissance under trump-and-others", "")
            for showing in ("shown", "automatic"):  # the engine's king entries = the encoding's, deal by deal
                r2 = auv_rules(form, king_scoring=mode, king_showing=showing)
                for i in range(N_AUV_DEALS):
                    deal = random_auv_deal(r2, rng, keep_talking=i % 2 == 0)
                    engine = sum(1 for e in deal.ledger if e.clause in ("auv.king.turned", "auv.king.held"))
                    want = z3.simplify(z3.substitute(total, *engine_speech_values(deal))).as_long()
                    if engine != want:
                        text = f"{mode}, {showing}, form {form}: deal {deal.record()}: engine {engine} kings, encoding {want}"
                        return Check(False, text, text)
            lines.append(f"{mode} {form}")
    built = _auv_earlier_trump_king()
    if built is not None:
        return Check(False, built, built)
    # the query can fail: a bound of three under turned-suit, and kings scoring again without auv.king.once
    v, premises, per_king, _ = speech_kings_f(4, "turned-suit")
    ok, model = prove(z3.Sum(per_king) <= 3, *premises)
    if ok:
        return Check(False, "a bound of three kings under turned-suit is not refuted: the query is vacuous")
    _, premises2, per_king2, _ = speech_kings_f(4, "trump-and-others", once=False)
    ok2, _ = prove(z3.Sum(per_king2) <= 4, *premises2)
    if ok2:
        return Check(False, "kings scoring again without auv.king.once are not refuted: the query is vacuous")
    return Check(True, "z3: unsat over every speech of one to four rounds, any suits turned and kings dealt anywhere, "
                       "any showing; the bound is reached (under turned-suit only with all three réjouissances, under "
                       "trump-and-others with one card turned); the engine's king entries = the encoding on "
                       f"{N_AUV_DEALS} random deals per form, mode and showing: " + ", ".join(lines)
                 + "; and on built trump-only deals (a trump king turned in an earlier round scores for nobody, "
                   "turned as the last card for its turner)"
                 + "; a bound of 3 under turned-suit refuted (" + model_text(model, v["suit"]) + "), and without "
                   "auv.king.once trump-and-others goes beyond 4")


# -- the list ---------------------------------------------------------------------------


def _facts() -> list[Fact]:
    auv = (AUV,)
    return [
        Fact("auv.count.homme-wins",
             "L'Homme d'Auvergne, 2 to 5 players: for every sequence of 5 trick winners, the engine's winner of the deal "
             "is the one player the source's rule names: 3 tricks or more win; with 2, only if nobody has 3 and he reached "
             "2 first; with 1, only if nobody has more than 1 and he took the first trick; so for every homme exactly one "
             "of won and lost holds, and the engine's count says which.",
             auv, ("auv.count.homme-wins", "auv.count.won", "auv.count.lost"), True, fact_auv_homme_wins,
             statement_fr="L'Homme d'Auvergne, de 2 à 5 joueurs : pour toute suite de 5 gagnants de levée, le gagnant du "
             "coup selon le moteur est le seul joueur que nomme la règle de la source : 3 levées ou plus gagnent ; avec 2, "
             "seulement si personne n'en a 3 et qu'il a atteint 2 le premier ; avec 1, seulement si personne n'en a plus "
             "de 1 et qu'il a fait la première levée ; pour tout homme, exactement l'un de gagné et perdu a donc lieu, et "
             "le compte du moteur dit lequel."),
        Fact("auv.king.taken.moves-one-mark",
             "L'Homme d'Auvergne, 2 to 5 players: each king that scored in the speech and is won in a trick by another "
             "player moves exactly 1 mark from its owner, to the trick's winner under taken_king=moves, leaving the "
             "players' total unchanged, or to the score sheet under owner-pays, lowering it by 1; the encoding gives "
             "exactly the engine's entries.",
             auv, ("auv.king.taken",), True, fact_auv_king_taken,
             statement_fr="L'Homme d'Auvergne, de 2 à 5 joueurs : chaque roi qui a compté pendant la parole et que prend "
             "un autre joueur dans une levée fait passer exactement 1 marque de son porteur au gagnant de la levée avec "
             "taken_king=moves, le total des joueurs restant inchangé, ou à la feuille de marque avec owner-pays, ce qui "
             "le diminue de 1 ; l'encodage donne exactement les écritures du moteur."),
        Fact("auv.king.at-most-four",
             "L'Homme d'Auvergne: in the speech of one deal (1 card turned and up to 3 réjouissances) each king scores at "
             "most once and at most 4 kings score under king_scoring=turned-suit (4 only when all 3 réjouissances are "
             "turned), at most 4 under trump-and-others (already with 1 card turned) and at most 1 under trump-only; each "
             "bound is reached and the encoding gives exactly the engine's king entries.",
             auv, ("auv.king.turned", "auv.king.held", "auv.king.show", "auv.king.once", "auv.speech.rejouissance"), True,
             fact_auv_speech_kings,
             statement_fr="L'Homme d'Auvergne : pendant la parole d'un coup (1 carte retournée et jusqu'à 3 réjouissances) "
             "chaque roi compte au plus une fois et au plus 4 rois comptent avec king_scoring=turned-suit (4 seulement "
             "quand les 3 réjouissances sont retournées), au plus 4 avec trump-and-others (dès 1 carte retournée) et au "
             "plus 1 avec trump-only ; chaque borne est atteinte et l'encodage donne exactement les écritures de rois du "
             "moteur."),
        Fact("auv.count.lost.each-opponent",
             "L'Homme d'Auvergne, n = 2 to 5 players, loser_pays=each-opponent: the count of a deal the homme loses takes "
             "1 mark from him and gives 1 to each opponent, n - 1 in all, and that of a deal he wins gives him 1; the "
             "ledger with the score sheet sums to 0.",
             auv, ("auv.count.lost", "auv.count.won"), True, fact_auv_count_lost,
             statement_fr="L'Homme d'Auvergne, n = de 2 à 5 joueurs, loser_pays=each-opponent : le compte d'un coup que "
             "l'homme perd lui retire 1 marque et en donne 1 à chaque adversaire, n - 1 en tout, et celui d'un coup qu'il "
             "gagne lui en donne 1 ; le registre avec la feuille de marque fait 0."),
    ]


FACTS: list[Fact] = _facts()

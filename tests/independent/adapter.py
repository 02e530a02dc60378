"""Adapter of the independent engine to the Brou conformance protocol (conformance/PROTOCOL.md), stdlib only."""

from __future__ import annotations

import json
import sys
from typing import Any

# run as a script, this file's folder is first on sys.path
import indep_engine
from indep_engine import DEFAULTS, SUPPORTED, Deal, Refused, perft, seeded_deal

FEATURES = ["game", "match", "sheet", "seeded-deal", "perft", "error-codes"]


def hello(seq: int) -> dict[str, Any]:
    """The handshake answer: both rulesets, default parameters only."""
    return {"seq": seq, "brou": 1,
            "implementation": {"name": "brou-independent", "version": "0.1.0", "language": "python"},
            "rulesets": {ruleset: {"params": values} for ruleset, values in SUPPORTED.items()},
            "features": FEATURES}


def match_view(deal: Deal, marks: list[int]) -> dict[str, Any]:
    """The `match` observable after the deal."""
    out = deal.outcome
    total = [marks[t] + (out.marks[t] if out else 0) for t in (0, 1)]
    if indep_engine.fault("match-marks-deal-only") and not deal.brouc:
        total = [out.marks[t] if out else 0 for t in (0, 1)]
    if indep_engine.fault("match-counts-games") and deal.brouc:
        total = [marks[t] + (1 if out and out.marks[t] else 0) for t in (0, 1)]
    if indep_engine.fault("match-coches-to-winners") and deal.brouc:
        total = [marks[t] + (out.marks[1 - t] if out else 0) for t in (0, 1)]
    if indep_engine.fault("cape-coches-not-in-match") and deal.brouc and out is not None and out.how == "all-tricks":
        total = list(marks)
    if deal.brouc:
        needed = 6 if indep_engine.fault("match-sixth-coche") else 5
    else:
        agreed = 10 if indep_engine.fault("match-target-always-ten") else deal.param("match_target")
        needed = agreed + (1 if indep_engine.fault("match-needs-more") else 0)
    reached = [t for t in (0, 1) if total[t] >= needed]
    if indep_engine.fault("match-exactly-five") and deal.brouc:
        reached = [t for t in (0, 1) if total[t] == needed]
    if indep_engine.fault("match-five-coches-in-all") and deal.brouc and not reached and sum(total) >= needed:
        reached = [0 if total[0] >= total[1] else 1]
    if indep_engine.fault("match-won-a-deal-late") and not deal.brouc:
        reached = [t for t in (0, 1) if marks[t] >= needed]
    winner: int | None = None
    if reached and indep_engine.fault("match-checked-at-game-end") and not deal.brouc and (out is None or out.winner is None):
        reached = []
    if reached:
        fifth = "loses" if indep_engine.fault("fifth-coche-always-loses") or not deal.brouc else deal.param("match_fifth_coche")
        loses = deal.brouc and fifth == "loses" and not indep_engine.fault("fifth-coche-wins")
        winner = 1 - reached[0] if loses else reached[0]
    carried = [0, 0]
    if deal.brouc and out is not None and out.how == "all-tricks" and not indep_engine.fault("cape-carries-nothing"):
        before = [0, 0] if indep_engine.fault("cape-drops-old-carried") else deal.carried
        carried = [before[t] + sum(p for pl, _, p in deal.announcements if indep_engine.team(pl) == t) for t in (0, 1)]
        if indep_engine.fault("cape-carries-table"):
            carried = [carried[t] + deal.table_points(t) for t in (0, 1)]
        if indep_engine.fault("cape-carried-to-takers"):
            taken = 0 if deal.tricks_of(0) == 8 else 1
            carried = [sum(carried) if u == taken else 0 for u in (0, 1)]
        if deal.param("cape_carry_over") == "cape-side-only":
            taker = 0 if deal.tricks_of(0) == 8 else 1
            carried[taker if indep_engine.fault("carry-over-losers-side") else 1 - taker] = 0
    if indep_engine.fault("cape-announced-into-score") and deal.brouc and out is not None and out.how == "all-tricks":
        carried = [0, 0]
    if indep_engine.fault("carried-kept-without-cape") and deal.brouc and not (out is not None and out.how == "all-tricks"):
        carried = list(deal.carried)
    right = deal.param("next_dealer") == "right" or (indep_engine.fault("next-dealer-always-right") and deal.brouc)
    step = 1 if right and not indep_engine.fault("next-dealer-left") else 3
    if indep_engine.fault("replay-same-dealer") and out is not None and out.how == "replay":
        step = 0
    if indep_engine.fault("deal-moves-only-with-game") and not deal.brouc and out is not None and out.winner is None:
        step = 0
    if indep_engine.fault("cape-same-dealer") and deal.brouc and out is not None and out.how == "all-tricks":
        step = 0
    dealer = 3 if indep_engine.fault("next-dealer-always-0") and not deal.brouc else deal.dealer
    if indep_engine.fault("match-won-dealer-kept") and not deal.brouc and winner is not None:
        step = 0
    next_dealer: int | None = (dealer + step) % 4
    if indep_engine.fault("next-dealer-named-as-leader") and deal.brouc and next_dealer is not None:
        next_dealer = (next_dealer + 1) % 4
    if indep_engine.fault("new-game-dealer-drawn") and not deal.brouc and out is not None and out.winner is not None:
        next_dealer = None
    if indep_engine.fault("match-carried-left-out") and not deal.brouc:
        return {"marks": total, "winner": winner, "next_dealer": next_dealer}
    return {"marks": total, "winner": winner, "next_dealer": next_dealer, "carried": carried}


def observe(deal: Deal, name: str, marks: list[int], dealt: dict[str, Any]) -> Any:
    """One observable of the protocol."""
    if name == "to_act":
        if indep_engine.fault("to-act-minus-one-when-over") and deal.brouc and deal.to_act is None:
            return -1
        return deal.to_act
    if name == "legal":
        return deal.legal()
    if name == "trick":
        if indep_engine.fault("discards-face-down") and deal.brouc and deal.trick:
            led = deal.trick[0][1][1]
            return [c for _, c in deal.trick if c[1] in (led, deal.trump)]
        if indep_engine.fault("trick-as-records"):
            return [{"player": p, "card": c} for p, c in deal.trick]
        if indep_engine.fault("trick-shows-last-card") and not deal.brouc:
            return [c for _, c in deal.trick[-1:]]
        if indep_engine.fault("trick-newest-first") and not deal.brouc:
            return [c for _, c in reversed(deal.trick)]
        if indep_engine.fault("trick-in-seat-order") and deal.brouc:
            return [c for _, c in sorted(deal.trick)]
        if indep_engine.fault("trick-shown-until-next-lead") and not deal.brouc and not deal.trick and deal.tricks:
            return list(deal.tricks[-1][1])
        return [c for _, c in deal.trick]
    if name == "tricks":
        if indep_engine.fault("tricks-as-card-lists") and not deal.brouc:
            return [list(cs) for _, cs in deal.tricks]
        if indep_engine.fault("tricks-own-team-only") and deal.brouc and deal.to_act is not None:
            return [w for w, _ in deal.tricks if indep_engine.team(w) == indep_engine.team(deal.to_act)]
        if indep_engine.fault("tricks-by-leader") and not deal.brouc:
            return [deal.leader_of(i) for i in range(len(deal.tricks))]
        if indep_engine.fault("tricks-by-team") and not deal.brouc:
            return [indep_engine.team(w) for w, _ in deal.tricks]
        if indep_engine.fault("tricks-by-pile-keeper") and not deal.brouc:
            keepers: dict[int, int] = {}
            for w, _ in deal.tricks:
                keepers.setdefault(indep_engine.team(w), w)
            return [keepers[indep_engine.team(w)] for w, _ in deal.tricks]
        if indep_engine.fault("tricks-hidden-until-end") and deal.brouc and deal.phase != "over":
            return []
        if indep_engine.fault("tricks-grouped-by-pile") and deal.brouc:
            return [w for t in (0, 1) for w, _ in deal.tricks if indep_engine.team(w) == t]
        if indep_engine.fault("tricks-newest-first") and not deal.brouc:
            return [w for w, _ in reversed(deal.tricks)]
        if indep_engine.fault("tricks-listed-after-window") and not deal.brouc and deal.phase == "window":
            return [w for w, _ in deal.tricks[:-1]]
        return [w for w, _ in deal.tricks]
    if name == "trump":
        if indep_engine.fault("trump-observable-card") and not deal.brouc:
            return deal.turnup
        return deal.trump
    if name == "over":
        return deal.phase == "over"
    if name == "announcements":
        o = deal.outcome
        if indep_engine.fault("wrong-claim-announcements-struck") and not deal.brouc and o is not None \
                and o.how == "claim-wrong" and o.winner is not None and deal.param("wrong_claim_marriages") == "all":
            return [{"player": p, "marriage": m, "points": v}
                    for p, m, v in deal.announcements if indep_engine.team(p) == o.winner]
        if indep_engine.fault("announcement-view-plain-value") and deal.brouc:
            return [{"player": p, "marriage": m, "points": v // 2 if m[-1] == deal.trump else v}
                    for p, m, v in deal.announcements]
        if indep_engine.fault("announcements-cumulative-points") and not deal.brouc:
            so_far = [0, 0]
            out: list[dict[str, Any]] = []
            for p, m, v in deal.announcements:
                so_far[indep_engine.team(p)] += v
                out.append({"player": p, "marriage": m, "points": so_far[indep_engine.team(p)]})
            return out
        if indep_engine.fault("announcements-by-team") and not deal.brouc:
            return [{"player": indep_engine.team(p), "marriage": m, "points": v} for p, m, v in deal.announcements]
        if indep_engine.fault("trump-marriage-named-without-suit") and deal.brouc:
            return [{"player": p, "marriage": m[:-1] if m[-1] == deal.trump else m, "points": v}
                    for p, m, v in deal.announcements]
        if indep_engine.fault("announcements-last-window-only") and not deal.brouc:
            return [{"player": p, "marriage": m, "points": v}
                    for (p, m, v), at in zip(deal.announcements, deal.spoken_at, strict=True) if at == len(deal.tricks)]
        if indep_engine.fault("announced-points-hidden-until-end") and deal.brouc and deal.phase != "over":
            return [{"player": p, "marriage": m, "points": 0} for p, m, v in deal.announcements]
        if indep_engine.fault("announcements-with-table") and not deal.brouc:
            spoken = [((at, 1), {"player": p, "marriage": m, "points": v})
                      for (p, m, v), at in zip(deal.announcements, deal.spoken_at, strict=True)]
            spoken += [((n, 0), {"player": deal.tricks[n - 1][0], "marriage": m, "points": v}) for n, m, _, v in deal.table]
            return [entry for _, entry in sorted(spoken, key=lambda e: e[0])]
        if indep_engine.fault("announcements-grouped-by-team") and deal.brouc:
            return [{"player": p, "marriage": m, "points": v}
                    for t in (0, 1) for p, m, v in deal.announcements if indep_engine.team(p) == t]
        if indep_engine.fault("raise-shown-at-full-value") and deal.brouc:
            return [{"player": p, "marriage": m, "points": deal.marriage_value(m)} for p, m, v in deal.announcements]
        if indep_engine.fault("announcements-newest-first") and deal.brouc:
            return [{"player": p, "marriage": m, "points": v} for p, m, v in reversed(deal.announcements)]
        said: list[dict[str, Any]] = [{"player": p, "marriage": m, "points": v} for p, m, v in deal.announcements]
        declared_at = getattr(deal, "declared_at", None)
        if indep_engine.fault("declaration-listed-as-spoken") and not deal.brouc and declared_at is not None:
            said.insert(declared_at[1], {"player": declared_at[0], "marriage": "declare", "points": 0})
        return said
    if name == "table":
        if indep_engine.fault("table-view-at-end") and deal.brouc and deal.phase != "over":
            return []
        if indep_engine.fault("table-team-of-lowest-card") and deal.brouc:
            return [{"trick": n, "marriage": m, "points": v,
                     "team": indep_engine.team((deal.leader_of(n - 1) + deal.tricks[n - 1][1].index(m[-2:])) % 4)}
                    for n, m, t, v in deal.table]
        if indep_engine.fault("table-named-in-play-order") and deal.brouc:
            return [{"trick": n, "marriage": "".join(c[0] for c in deal.tricks[n - 1][1] if c[0] in m[:-1] and c[1] == m[-1])
                     + m[-1], "team": t, "points": v} for n, m, t, v in deal.table]
        if indep_engine.fault("table-trick-from-zero") and deal.brouc:
            return [{"trick": n - 1, "marriage": m, "team": t, "points": v} for n, m, t, v in deal.table]
        if indep_engine.fault("table-view-single-value") and not deal.brouc:
            return [{"trick": n, "marriage": m, "team": t, "points": v // deal.param("table_factor")}
                    for n, m, t, v in deal.table]
        if indep_engine.fault("table-team-as-winner") and not deal.brouc:
            return [{"trick": n, "marriage": m, "team": deal.tricks[n - 1][0], "points": v} for n, m, t, v in deal.table]
        if indep_engine.fault("table-shown-by-lowest-card") and not deal.brouc:
            return [{"trick": n, "marriage": m[-2:], "team": t, "points": v} for n, m, t, v in deal.table]
        if indep_engine.fault("table-shown-last-trick-only") and not deal.brouc:
            return [{"trick": n, "marriage": m, "team": t, "points": v} for n, m, t, v in deal.table
                    if n == len(deal.tricks)]
        if indep_engine.fault("table-points-signed-for-nous") and not deal.brouc:
            return [{"trick": n, "marriage": m, "team": t, "points": v if t == 0 else -v} for n, m, t, v in deal.table]
        if indep_engine.fault("table-newest-first") and not deal.brouc:
            return [{"trick": n, "marriage": m, "team": t, "points": v} for n, m, t, v in reversed(deal.table)]
        return [{"trick": n, "marriage": m, "team": t, "points": v} for n, m, t, v in deal.table]
    if name == "result":
        return deal.result()
    if name == "outcome":
        o = deal.outcome
        if o is not None and o.how == "all-tricks" and deal.brouc and indep_engine.fault("cape-names-winner"):
            return {"how": o.how, "winner": 0 if deal.tricks_of(0) == 8 else 1, "marks": o.marks, "scores": o.scores}
        if o is not None and indep_engine.fault("outcome-nous-eux-records") and not deal.brouc:
            return {"how": o.how, "winner": o.winner, "marks": {"nous": o.marks[0], "eux": o.marks[1]},
                    "scores": {"nous": o.scores[0], "eux": o.scores[1]}}
        return None if o is None else {"how": o.how, "winner": o.winner, "marks": o.marks, "scores": o.scores}
    if name == "match":
        return match_view(deal, marks)
    if name == "deal":
        return dealt
    if name == "sheet":
        rows = deal.sheet
        if indep_engine.fault("slate-coches-running") and deal.brouc:
            rows = [(kind, ((nous or 0) + marks[0]) or None, ((eux or 0) + marks[1]) or None) if kind in ("game", "cape")
                    else (kind, nous, eux) for kind, nous, eux in rows]
        if indep_engine.fault("marque-nous-dealers-team") and not deal.brouc and indep_engine.team(deal.dealer) == 1:
            rows = [(kind, eux, nous) for kind, nous, eux in rows]
        if indep_engine.fault("sheet-rows-as-lists") and deal.brouc:
            return [[kind, nous, eux] for kind, nous, eux in rows]
        return [{"kind": kind, "nous": nous, "eux": eux} for kind, nous, eux in rows]
    raise ValueError(f"unknown observable {name}")


def run(scenario: dict[str, Any]) -> dict[str, Any]:
    """Run a scenario's steps; the answer without its seq."""
    ruleset, params = scenario["ruleset"], scenario.get("params", {})
    for name, value in params.items():
        if value != DEFAULTS[ruleset].get(name) and value not in SUPPORTED[ruleset].get(name, []):
            return {"skip": f"parameter {name}={value} is not played"}
    setup = scenario["setup"]
    dealer = setup.get("dealer", 3)
    if "seed" in setup:
        hands, turnup = seeded_deal(ruleset, setup["seed"], dealer, params)
    else:
        hands, turnup = setup["hands"], setup["turnup"]
    game = setup.get("game")
    deal = Deal(ruleset, hands, turnup, dealer, params,
                scores=list(game["scores"]) if game else None,
                carried=list(game.get("carried", [0, 0])) if game else [0, 0])
    marks = list(setup.get("match", {}).get("marks", [0, 0]))
    dealt = {"hands": [list(h) for h in hands], "turnup": turnup}
    if indep_engine.fault("deal-turnup-set-aside") and ruleset == indep_engine.BROUC:
        dealt = {"hands": [[c for c in h if c != turnup or p != dealer] for p, h in enumerate(hands)], "turnup": turnup}
    results: list[dict[str, Any]] = []
    for step in scenario["steps"]:
        if "act" in step:
            try:
                deal.apply(step["act"])
                results.append({"ok": True})
            except Refused as r:
                results.append({"ok": False, "code": r.code, "message": r.message})
        elif "observe" in step:
            results.append({n: observe(deal, n, marks, dealt) for n in step["observe"]})
        else:
            key = "perft" if indep_engine.fault("perft-result-keyed-perft") and ruleset == indep_engine.BROUC else "count"
            results.append({key: perft(deal, step["perft"])})
    return {"results": results}


def main() -> None:
    """Answer requests, one JSON line each, until stop or the end of input.

    `--list-faults` prints the faults this engine can plant (JSON) and exits; `--fault NAME` plays
    with one planted (the diagnosis benchmark, tools/bench)."""
    args = sys.argv[1:]
    if args == ["--list-faults"]:
        print(json.dumps(indep_engine.FAULTS, indent=1))
        return
    if len(args) == 2 and args[0] == "--fault":
        if args[1] not in {f["name"] for f in indep_engine.FAULTS}:
            sys.exit(f"adapter.py: unknown fault {args[1]!r} (--list-faults lists them)")
        indep_engine.FAULT = args[1]
    elif args:
        sys.exit("usage: adapter.py [--list-faults | --fault NAME]")
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        if req["cmd"] == "stop":
            return
        if req["cmd"] == "hello":
            answer = hello(req["seq"])
        else:
            try:
                answer = {"seq": req["seq"], **run(req["scenario"])}
            except Exception as e:  # an engine bug: report it, keep serving
                answer = {"seq": req["seq"], "error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

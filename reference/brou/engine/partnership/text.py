"""A played deal as a person reads it (text) and as data (JSON-ready dicts)."""

from __future__ import annotations

from typing import Any

from ...laws.counting import card_points
from ...laws.marriages import value_of
from ...spec.rules import Rules
from ..homme import HommeDeal, marriage_text
from ..position import hand_text, result_table, team_name

__all__ = ["deal_to_data", "deal_to_text", "hand_text", "team_name"]  # hand_text, team_name: brou.engine.position's


def _marriage_words(rules: Rules, suit: int, kind: int, trump: int) -> str:
    trump_word = ", trumps" if suit == trump else ""
    return f"{' '.join(rules.kinds[kind].ranks)} of {rules.data['deck']['suits'][suit]['en']}{trump_word}"


def deal_to_text(state: HommeDeal, title: str = "") -> str:
    """The whole deal: hands and turn-up, then trick by trick, then the count."""
    rules = state.rules
    trump_name = rules.data["deck"]["suits"][state.trump]["en"]
    lines = []
    if title:
        lines += [title, ""]
    exposed = " (face up through the first trick)" if rules.turnup_exposed == "first-trick" else ""
    lines.append(f"Trump: {trump_name}. Turn-up {rules.card_text(state.turnup)}, the dealer's last card{exposed}.")
    lines.append(f"Seat 0 leads; the dealer is seat {rules.dealer}. Teams: {team_name(rules, 0)} against {team_name(rules, 1)}.")
    lines.append("")
    for seat, hand in enumerate(state.deal.hands):
        role = " (dealer)" if seat == rules.dealer else ""
        lines.append(f"  seat {seat}{role:<9} {hand_text(rules, hand)}")
    lines.append("")
    n_teams = len(rules.teams)
    card_total = [0] * n_teams
    marriages = [0] * n_teams
    announcements_by_trick: dict[int, list[str]] = {}
    announced_by_trick: dict[int, list[tuple[int, int]]] = {}
    for seat, suit, kind, extends, points, after in state.announcements:
        announced_by_trick.setdefault(after, []).append((rules.team_of[seat], points))
        raised = " (raising an earlier one)" if extends >= 0 else ""
        words = _marriage_words(rules, suit, kind, state.trump)
        text = f"seat {seat} announces {marriage_text(rules, suit, kind)}: {words}, +{points}{raised}"
        announcements_by_trick.setdefault(after, []).append(text)
    for index, (leader, cards, winner) in enumerate(state.tricks):
        for text in announcements_by_trick.get(index, []):
            lines.append(f"  {text}")
        for team, points in announced_by_trick.get(index, []):
            marriages[team] += points
        plays = "  ".join(f"{(leader + i) % rules.n_players}:{rules.card_text(c)}" for i, c in enumerate(cards))
        mask = sum(1 << c for c in cards)
        pts = card_points(rules, mask)
        team = rules.team_of[winner]
        card_total[team] += pts
        lines.append(f"Trick {index + 1}  {plays}   -> seat {winner} wins {pts} ({team_name(rules, team)})")
        for t_index, suit, kind, t_team, points in state.table:
            if t_index == index:
                for t in range(n_teams):
                    marriages[t] += points if t == t_team else (-points if rules.table_deducted else 0)
                lines.append(f"  marriage on the table: {_marriage_words(rules, suit, kind, state.trump)}, "
                             f"+{points} to {team_name(rules, t_team)}"
                             + (", the same taken from the other team" if rules.table_deducted else ""))
        lines.append("  so far: " + ";  ".join(
            f"{team_name(rules, t)} cards {card_total[t]}, marriages {marriages[t]:+d}" for t in range(n_teams)))
    for text in announcements_by_trick.get(len(state.tricks), []):
        lines.append(f"  {text}")
    if state.is_over:
        lines += ["", *result_table(rules, state.result())]
    return "\n".join(lines)


def deal_to_data(state: HommeDeal) -> dict[str, Any]:
    """The deal as JSON-ready data: setup, every action, every trick, the count."""
    rules = state.rules
    record = state.record()
    tricks = []
    for index, (leader, cards, winner) in enumerate(state.tricks):
        tricks.append({
            "leader": leader,
            "cards": [{"seat": (leader + i) % rules.n_players, "card": rules.card_text(c)} for i, c in enumerate(cards)],
            "winner": winner,
            "points": card_points(rules, sum(1 << c for c in cards)),
            "table_marriages": [
                {"marriage": marriage_text(rules, suit, kind), "team": team, "points": points}
                for t_index, suit, kind, team, points in state.table if t_index == index
            ],
        })
    out: dict[str, Any] = {
        "ruleset": rules.id,
        "params": rules.params,
        "deal": record["deal"] | {"trump": rules.suits[state.trump]},
        "actions": record["actions"],
        "announcements": [
            {"seat": seat, "marriage": marriage_text(rules, suit, kind), "points": points,
             "value": value_of(rules, kind, suit, state.trump), "after_trick": after}
            for seat, suit, kind, extends, points, after in state.announcements
        ],
        "tricks": tricks,
    }
    if state.is_over:
        result = state.result()
        out["result"] = {
            "teams": [dict(r._asdict(), seats=list(rules.teams[t])) for t, r in enumerate(result.teams)],
            "all_tricks": result.all_tricks,
        }
    return out


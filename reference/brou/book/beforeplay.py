"""The table copy's part "Before you play" (issue 61), after the rules: what the table needs,
the points to agree on before the first deal, a guide that is no rule where the booklet has
one (L'Hombre: which hand for which bid), who settles a question, the words of the game,
and the date of the rules this copy gives.

The points to agree on are the register's entries for the ruleset (brou.book.booklet,
`agree_points`), numbered in the order of the rules that leave them open; each rule points to
its number.  The rest is the booklet's data file (spec/booklets/<ruleset>.yaml: `equipment`,
`authority`, `terms`, `advice`), written in the project's own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .text import esc

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "need": "What you need", "agree": "Agree before you play",
        "agree-intro": "The rules leave these points open, or the sources differ on them. Settle each one before "
                       "the first deal; this copy plays the reading after \u201cThis booklet\u201d.",
        "rule": "Rule {n}.", "no-rule": "No rule.", "here": "This booklet:", "other": "Some tables:",
        "others": "Other tables play one of these:",
        "authority": "Who settles a question", "terms": "The words of the game", "not-a-rule": "A guide, not a rule.",
    },
    "fr": {
        "need": "Ce qu'il faut", "agree": "À convenir avant de jouer",
        "agree-intro": "Les règles laissent ces points ouverts, ou les sources divergent. Réglez chacun avant la "
                       "première donne\u00a0; ce livret joue la lecture qui suit «\u00a0Ce livret\u00a0».",
        "rule": "Règle {n}.", "no-rule": "Hors des règles.", "here": "Ce livret\u00a0:", "other": "Certaines tables\u00a0:",
        "others": "D'autres tables jouent l'une de ces règles\u00a0:",
        "authority": "Qui tranche une question", "terms": "Les mots du jeu", "not-a-rule": "Un guide, non une règle.",
    },
}


@dataclass(frozen=True)
class Agree:
    """A point to agree on before play: a register entry the booklet does not keep quiet, the
    rule that first leaves it open (`cid`, its `number` in the booklet; "" when no rule names
    it), the point in players' words, the reading this booklet plays and the others."""

    amb: str
    cid: str
    number: str
    point: str
    played: str
    others: tuple[str, ...]


def _bi(value: Mapping[str, str], lang: str) -> str:
    return esc(str(value[lang]))


def _cap(text: str) -> str:
    """A reading set on a line of its own starts with a capital."""
    return text[:1].upper() + text[1:]


def _rubric(title: str) -> list[str]:
    return [f".. rubric:: {esc(title)}", "   :class: table-part-head", ""]


def agree_lines(points: Sequence[Agree], lang: str) -> list[str]:
    """The numbered list of the points to agree on: the rule that leaves each open, the point,
    the reading this booklet plays and, each on a line of its own, the others."""
    w = WORDS[lang]
    lines = [".. rst-class:: agree-intro", "", esc(w["agree-intro"]), "", ".. container:: agree-list", ""]
    for item in points:
        rule = w["rule"].format(n=item.number) if item.number else w["no-rule"]
        lines += [f"   #. **{esc(rule)}** {item.point} *{esc(w['here'])}* {item.played}", ""]
        if len(item.others) == 1:
            lines += [f"      *{esc(w['other'])}* {item.others[0]}", ""]
        elif item.others:
            lines += [f"      *{esc(w['others'])}*", ""]
            lines += [x for other in item.others for x in (f"      - {_cap(other)}", "")]
    return lines


def before_play(data: Mapping[str, Any], points: Sequence[Agree], lang: str, edition: str) -> list[str]:
    """reStructuredText lines of the part, after its heading: what you need, agree before you
    play, the booklet's guide (if any), who settles a question, the words of the game and
    `edition`, the line that dates the rules."""
    w = WORDS[lang]
    lines = _rubric(w["need"]) + [".. container:: table-need", ""]
    for item in data["equipment"]:
        lines += [f"   **{_bi(item['head'], lang)}** {_bi(item['text'], lang)}", ""]
    lines += _rubric(w["agree"]) + agree_lines(points, lang)
    advice = data.get("advice")
    if advice:
        lines += _rubric(_bi(advice["title"], lang)) + [".. container:: table-advice", "",
                                                         f"   *{esc(w['not-a-rule'])}* {_bi(advice['intro'], lang)}", ""]
        for item in advice["items"]:
            lines += [f"   - **{_bi(item['head'], lang)}** \u2013 {_bi(item['text'], lang)}", ""]
    lines += _rubric(w["authority"]) + [".. container:: table-need", "", f"   {_bi(data['authority'], lang)}", ""]
    lines += _rubric(w["terms"]) + [".. container:: table-terms", ""]
    for item in data["terms"]:
        lines += [f"   **{_bi(item['term'], lang)}** \u2014 {_bi(item['text'], lang)}", ""]
    if edition:
        lines += [".. rst-class:: booklet-edition", "", esc(edition), ""]
    return lines

"""Why the rules refuse an action, in the players' booklet's words: the rule's number in the
booklet of the ruleset (`brou.spec.chapters.booklet_numbers`, its chapters titled by
spec/booklets/<ruleset>.yaml), its statement in English and French as the booklet prints it, and
the clause behind it.

The clause is found from the refusal's stable code (docs/errors.md) and the moment of the deal:
in 1802 and Brouc by the conformance layer's own reading of which rule decides an action
(`brou.conformance.diagnosis.diagnose.action_clause`), which tells the overtrump from the marriage
exception; in the games on the phase engine from the code and the phase, as the diagnosis of a
failed step reads them (the auction's priority, the contract a bid opens, the exchange, the
offer and the speech, following and trumping).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import spec
from ..engine.deals import deal_kind
from ..engine.hombre import HombreDeal
from ..engine.phases import PhaseDeal
from ..errors import BrouError, SpecError
from ..spec.chapters import booklet_numbers, chapter_of
from ..spec.rules import Rules, in_ruleset

LANGS = ("en", "fr")


@dataclass(frozen=True)
class Rule:
    """A rule of a players' booklet: its number (`4.3`), its clause, its statement and its
    chapter's title by language."""

    number: str
    clause: str
    text: Mapping[str, str]
    chapter: Mapping[str, str]

    def data(self, lang: str) -> dict[str, Any]:
        return {"number": self.number, "clause": self.clause, "text": self.text.get(lang, self.text.get("en", "")),
                "chapter": self.chapter.get(lang, "")}


@cache
def chapter_titles(ruleset: str) -> dict[str, dict[str, str]]:
    """The booklet's chapter titles (spec/booklets/<ruleset>.yaml), by chapter; {} if none."""
    path = spec.SPEC_DIR / "booklets" / f"{ruleset}.yaml"
    try:
        data = spec.read_yaml(path).data if path.is_file() else {}
    except SpecError:
        return {}
    titled = data.get("chapters") or {}
    return {str(k): {lang: str(v.get(lang, "")) for lang in LANGS} for k, v in titled.items() if isinstance(v, dict)}


@cache
def rule_numbers(rules: Rules) -> dict[str, str]:
    """Each clause's rule number in the ruleset's players' booklet."""
    return booklet_numbers(rules, chapter_titles(rules.id) or None)


def rule_of(rules: Rules, clause: str) -> Rule | None:
    """The booklet's rule stating `clause` for these rules, None if the ruleset has no such clause."""
    cid = in_ruleset(rules, clause)
    if cid is None:
        return None
    data = rules.data["clauses"][cid]
    titles = chapter_titles(rules.id).get(chapter_of(cid), {})
    return Rule(rule_numbers(rules).get(cid, ""), cid, {lang: str(data.get(lang, "")) for lang in LANGS}, titles)


class _At:
    """What `diagnose.action_clause` reads of a table: its deal."""

    def __init__(self, state: PhaseDeal) -> None:
        self.state = state
        self.rules = state.rules


def refusal_clause(deal: PhaseDeal, text: str, code: str, seat: int | None) -> str | None:
    """The clause that refuses `text` with `code` at this moment of `deal` (None: no rule of
    the game does, as for a text that is no action or a seat that is not asked)."""
    if code in ("malformed-action", "unknown-card", "deal-over"):
        return None
    kind = deal_kind(deal.rules)
    if kind == "partnership":
        if code == "wrong-seat":
            return "hdb.play.next-lead" if deal.tricks else "hdb.play.lead"
        from ..conformance.diagnosis.diagnose import action_clause

        try:
            return action_clause(_At(deal), text)  # type: ignore[arg-type]
        except (BrouError, ValueError, IndexError, KeyError, TypeError, AssertionError):
            return None
    if kind == "auction":
        assert isinstance(deal, HombreDeal)
        return _hombre_clause(deal, text, code)
    if kind == "speech":
        return _speech_clause(deal, code)
    return {"must-follow-suit": "brus.play.free", "wrong-seat": "brus.play.next-lead"}.get(code, "brus.play.free")


_SPEECH_PHASE = {"turn-offer": "auv.turn.offer", "speech": "auv.speech.round", "showing": "auv.king.show"}


def _speech_clause(deal: PhaseDeal, code: str) -> str:
    """L'Homme d'Auvergne: the rule of the phase for a word or a card before play; following
    suit or trumping when void in play."""
    if code == "no-king-to-show":
        return "auv.king.show"
    if code == "must-trump":
        return "auv.play.trump-if-void"
    if code == "must-follow-suit":
        return "auv.play.follow"
    if code == "wrong-seat":
        return "auv.play.lead"
    return _SPEECH_PHASE.get(deal.phase, "auv.play.follow")


def _hombre_clause(deal: HombreDeal, text: str, code: str) -> str:
    """L'Hombre: the auction's priority (grand tourné: its matadors), the contract a bid opens,
    the exchange (a tourné's minimum, what the talon can replace), or in play following and the
    matador's privilege."""
    word = " ".join(text.split())
    phase = deal.phase
    if code == "bid-too-low":
        return "hom.auction.priority"
    if code == "cannot-name":
        if word == "grand-tourne" and phase == "auction":
            return "hom.contract.grand-tourne"
        return "hom.contract.sans-prendre" if deal.bid == "sans-prendre" else "hom.contract.demande"
    if code in ("too-few-discards", "too-many-discards"):
        hombre = deal.to_act == deal.hombre
        if hombre and deal.contract is not None and deal.contract.trump == "turned" and code == "too-few-discards":
            return "hom.exchange.tourne"
        return "hom.exchange.hombre" if hombre else "hom.exchange.tiers"
    if code == "must-follow-suit":
        return "hom.play.follow"
    if code == "cards-not-yet":
        return "hom.auction.order" if phase == "auction" else "hom.contract.demande" if phase == "declare" else \
            "hom.exchange.hombre"
    if code == "word-not-now":
        if word in ("surrender", "play-on"):
            return "hom.exchange.surrender"
        if word == "stop":
            return "hom.count.vole"
        return {"auction": "hom.auction.priority", "declare": "hom.contract.demande",
                "exchange": "hom.exchange.hombre"}.get(phase, "hom.play.follow")
    return "hom.play.lead" if code == "wrong-seat" else "hom.play.follow"


def refusal_rule(deal: PhaseDeal, text: str, code: str, seat: int | None) -> Rule | None:
    """The booklet's rule that refuses `text` (`code`) at this moment of `deal`, or None."""
    clause = refusal_clause(deal, text, code, seat)
    return None if clause is None else rule_of(deal.rules, clause)

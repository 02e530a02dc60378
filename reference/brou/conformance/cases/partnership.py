"""The cases of `brou fuzz` for the partnership games (1802 and Brouc: `brou.engine.homme`):
the bytes' layout after LIMIT and RULESET (`case`), the implementation's reading with up to three
parameters set otherwise (VARIANT, PARAMS), the setting (a deal alone, inside a game, inside a
match), the dealer, the scores near every threshold of the game, Brouc's carried marriages, the
marks, the deal (seeded, or shuffled from DIGITS, perhaps lopsided: the strong cards moved to
one team), the players' style, then one byte per action: a card, an announcement, a pass, a
claim, a declaration or a concession (wide bands when it is the natural action), or about one
in sixteen refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards.deal import Deal, deal_from_pack, deal_from_seed
from ...cards.shuffle import permuted, swaps
from ...engine.homme import (
    CLAIM_ACTION,
    CONCEDE_ACTION,
    DECLARE_ACTION,
    DECLARE_DOUBLE_ACTION,
    MARK_ACTION,
    HommeDeal,
    action_text,
)
from ...errors import BrouError
from ...laws.game import count_so_far, game_rules, reaches_target
from ...spec.rules import Rules, cards_of
from ..protocol.table import Table
from .case import (
    CARRIED,
    CLOSE,
    DEALER,
    ILLEGAL,
    LOPSIDED,
    LOPSIDED_AT,
    MARKS,
    PARAMS,
    SCORES,
    SEEDED,
    SEEDED_AT,
    SETTING,
    STYLE,
    VARIANT,
    VARIANT_AT,
    Choices,
    Fresh,
    Layout,
    Offer,
    digits_of,
    observe,
    rules_of,
    seed_of,
)
from .generate import RULESETS, clauses_touched

GAME_AT, MATCH_AT = 96, 200  # a SETTING byte: below GAME_AT a deal alone, from MATCH_AT up inside a match
CLOSE_AT = 192  # a CLOSE byte from here up: both teams start the deal just under the target (a close finish)
PATIENT_AT = 128  # a STYLE byte from here up: the players do not hurry to claim when they may (so both teams pass 301)

# scores before the deal (setup.game.scores), around each threshold of the game: the target,
# the declarations' 190 (Brouc's "19") and 140 ("14"), the game values' 100 and 150, zero
SCORE_BASES = {"brouc": (0, 140, 150, 190, 230, 250, 270, 280, 290, 300, 320, -30),
               "homme-de-brou-1802": (0, 100, 150, 190, 230, 250, 270, 280, 290, 300, 290, 50, -30)}
SCORE_STEPS = {"brouc": (0, -10, 10, -20, 20, -30, 30),  # the slate writes tens
               "homme-de-brou-1802": (0, -1, 1, -5, 5, -10, 10, -4, 4, -9, 9)}  # the marque writes points
MAX_SCORE = {"brouc": 400, "homme-de-brou-1802": 300}  # 1802 ends the game at 301

JUNK = ("XS", "1H", "AHS", "announce", "announce KQ", "announce KXH", "bid", "play AS")

PER_TRICK = ("tricks", "result", "table", "announcements")
AT_START = ("to_act", "legal", "trump")
AT_END = ("over", "tricks", "trick", "announcements", "table", "result")


def _params(c: Choices, ruleset: str, offer: Offer) -> tuple[dict[str, Any], Rules]:
    """The implementation's own reading, and with a VARIANT byte high enough one to three of
    the parameters it supports set to another of their values."""
    params = dict(offer.plays.get(ruleset, {}))
    options = offer.options.get(ruleset, ())
    v = c.at(VARIANT)
    changed = 0 if v < VARIANT_AT or not options else 1 + v % 3
    for k in range(changed):
        name, values = options[c.below(PARAMS + 2 * k, len(options))]
        params[name] = values[c.below(PARAMS + 2 * k + 1, len(values))]
    try:
        return params, rules_of(ruleset, params)
    except BrouError:  # options that do not go together: the implementation's own reading
        params = dict(offer.plays.get(ruleset, {}))
        return params, rules_of(ruleset, params)


def _deal(c: Choices, rules: Rules, seeded: bool) -> tuple[Deal, int | None]:
    """The deal: from its seed (SEED bytes) if `seeded`, else the pack the DIGITS bytes
    shuffle (each the j of one swap, docs/shuffle.md step 4), possibly made lopsided; and
    the seed whose deal it is, if any."""
    seed = seed_of(c)
    if seeded:
        return deal_from_seed(rules, seed), seed
    n = rules.n_cards
    js = digits_of(c, n)
    deal = deal_from_pack(rules, [rules.pack_cards[k] for k in permuted(n, js)])
    lop = c.at(LOPSIDED)
    if lop >= LOPSIDED_AT:
        return _lopsided(rules, deal, lop & 1, 2 + (lop >> 1) % 7), None
    return deal, (seed if js == swaps(n, seed) else None)


def _lopsided(rules: Rules, deal: Deal, team: int, moves: int) -> Deal:
    """The deal with up to `moves` strongest cards of the other team (trumps first, then by
    points) swapped for the weakest of `team` (the turn-up stays with the dealer)."""
    trump = rules.suit_of[deal.turnup]

    def strength(card: int) -> int:
        return (100 if rules.suit_of[card] == trump else 0) + rules.points[card] * 4 + (7 - card % 8)

    hands = list(deal.hands)
    for _ in range(moves):
        inside = [(strength(x), s, x) for s in range(rules.n_players) if rules.team_of[s] == team
                  for x in cards_of(hands[s]) if x != deal.turnup]
        outside = [(strength(x), s, x) for s in range(rules.n_players) if rules.team_of[s] != team
                   for x in cards_of(hands[s]) if x != deal.turnup]
        weak, strong = min(inside), max(outside)
        if strong[0] <= weak[0]:
            break
        hands[weak[1]] ^= (1 << weak[2]) | (1 << strong[2])
        hands[strong[1]] ^= (1 << weak[2]) | (1 << strong[2])
    return deal._replace(hands=tuple(hands))


def _setting(c: Choices, ruleset: str, rules: Rules, offer: Offer) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The game (scores near the thresholds, Brouc's carried marriages) and the match, or None."""
    b = c.at(SETTING)
    if b < GAME_AT or "game" not in offer.features:
        return None, None
    bases, steps = SCORE_BASES[ruleset], SCORE_STEPS[ruleset]
    if c.at(CLOSE) >= CLOSE_AT:  # each team 1 to 40 points under the target
        unit = 10 if ruleset == "brouc" else 1
        last = int(game_rules(rules)["target"]) - 1
        scores = [last - unit * (c.below(SCORES + 2 * t, 40 // unit)) for t in range(2)]
    else:
        scores = [min(MAX_SCORE[ruleset], bases[c.below(SCORES + 2 * t, len(bases))]
                      + steps[c.below(SCORES + 2 * t + 1, len(steps))]) for t in range(2)]
    game: dict[str, Any] = {"scores": scores}
    carried = c.at(CARRIED)
    if ruleset == "brouc" and carried >= 224:
        game["carried"] = [20 * (carried % 3), 20 * (carried // 3 % 3)]
    match = None
    if b >= MATCH_AT and "match" in offer.features:
        target = int(rules.data["match"]["target"])
        match = {"marks": [c.below(MARKS + t, target) for t in range(2)]}
    return game, match


def _illegal(state: HommeDeal, legal_now: list[int], b: int) -> str:
    """An action the rules forbid now: a card of the hand that may not be played, another
    action id, or a text that is no action."""
    rules = state.rules
    legal = set(legal_now)
    pick = b - (256 - ILLEGAL)
    if pick < 8:
        hand = [x for x in cards_of(state.hands[state.to_act]) if x not in legal]
        if hand:
            return rules.card_text(hand[pick % len(hand)])
    if pick < 13:
        others = [a for a in range(rules.pass_action + len(_GAME_KINDS) + 1) if a not in legal]
        if others:
            return action_text(rules, others[(b * 7) % len(others)])
    return JUNK[pick % len(JUNK)]


_GAME_KINDS = (CLAIM_ACTION, DECLARE_ACTION, DECLARE_DOUBLE_ACTION, CONCEDE_ACTION, 5, 6)


def _pick(state: HommeDeal, legal: list[int], b: int, patient: bool) -> str:
    """The action a byte chooses: an illegal one from 256 - ILLEGAL up; else a game action
    (claim, declaration, concession and its answer) in a band below that, wide when the
    action is the natural one (a claim that is right, a concession asked for), narrow
    otherwise (a right claim too, for `patient` players); else a card, an announcement or a
    pass (0: the first legal action)."""
    rules = state.rules
    if b >= 256 - ILLEGAL:
        return _illegal(state, legal, b)
    base = rules.pass_action
    quiet = [a for a in legal if a <= base]
    special = [a for a in legal if a > base]
    if not special:
        return action_text(rules, quiet[b % len(quiet)])
    if not quiet:
        return action_text(rules, special[b % len(special)])
    tempt = 1
    if base + CLAIM_ACTION in special and not patient and state.context is not None \
            and reaches_target(rules, count_so_far(state, rules.team_of[state.to_act])):
        tempt = 120
    elif base + CONCEDE_ACTION in special:
        tempt = 100
    elif base + MARK_ACTION in special:
        tempt = 160  # a trick's winner mostly marks his table marriage (table_marking=players)
    elif base + DECLARE_ACTION in special or base + DECLARE_DOUBLE_ACTION in special:
        tempt = 12
    if b >= 256 - ILLEGAL - tempt:
        return action_text(rules, special[b % len(special)])
    return action_text(rules, quiet[b % len(quiet)])


class Partnership(Layout):
    """A case of 1802 or Brouc (the layout above)."""

    def __init__(self, c: Choices, table: Table, setup: Mapping[str, Any], offer: Offer, seeded: bool) -> None:
        super().__init__(c, table, setup, offer, seeded)
        self.game, self.match = setup.get("game"), setup.get("match")
        self.series = self.match is not None
        self.patient = c.at(STYLE) >= PATIENT_AT
        self.sheet = self.game is not None and "sheet" in offer.features
        self.prefix = RULESETS[table.rules.id]
        self.legal = table.state.legal_actions()
        self.touched: list[str] = []

    @staticmethod
    def fresh(c: Choices, ruleset: str, offer: Offer) -> Fresh:
        params, rules = _params(c, ruleset, offer)
        game, match = _setting(c, ruleset, rules, offer)
        n = rules.n_players
        dealer = (n - 1 + c.at(DEALER)) % n
        seeded = c.at(SEEDED) >= SEEDED_AT and "seeded-deal" in offer.features
        deal, seed = _deal(c, rules, seeded)
        offset = (dealer + 1) % n
        setup: dict[str, Any] = {"dealer": dealer}
        if seeded:
            setup["seed"] = seed
        else:
            setup["hands"] = [rules.cards_text(deal.hands[(p - offset) % n]) for p in range(n)]
            setup["turnup"] = rules.card_text(deal.turnup)
        if game is not None:
            setup["game"] = game
        if match is not None:
            setup["match"] = match
        return params, rules, setup, seeded, seed

    def at_start(self) -> tuple[str, ...]:
        return AT_START + (("deal",) if self.seeded else ())

    def pick(self, b: int) -> str:
        return _pick(self.table.state, self.legal, b, self.patient)

    def before(self) -> int:
        return len(self.table.state.tricks)

    def seen(self, before: int, ok: bool) -> dict[str, Any]:
        table = self.table
        state = table.state
        if ok:
            self.legal = state.legal_actions()
        # after a trick, its winner and the count come first: a wrong winner is named as such,
        # not as the wrong player to lead that follows from it; then the legal actions, which
        # say more than who acts (a question asked or not, a window open or not)
        seen = observe(table, PER_TRICK) if len(state.tricks) > before else {}
        return seen | {"legal": [action_text(table.rules, a) for a in self.legal], "to_act": table.observe("to_act"),
                       "trick": table.observe("trick")}

    def ending(self) -> str:
        state = self.table.state
        return "cut" if not state.is_over else (state.outcome.how if state.outcome is not None else "played-out")

    def deal_played(self) -> None:
        self.touched += clauses_touched(self.prefix, self.table, self.game is not None, self.sheet, self.match is not None)

    def won(self) -> bool:
        return bool(self.table.observe("match")["winner"] is not None)

    def at_end(self) -> tuple[str, ...]:
        return AT_END + (("outcome",) if self.game is not None else ()) + (("match",) if self.match is not None else ()) \
            + (("sheet",) if self.sheet else ())

    def at_next(self) -> tuple[str, ...]:
        return AT_START + ("start",) + (("deal",) if self.seeded else ())

    def dealt(self) -> None:
        self.legal = self.table.state.legal_actions()

    def setting(self) -> str:
        return "alone" if self.game is None else "game" if self.match is None else "match"

    def clauses(self, dealt_on: bool) -> list[str]:
        clauses = list(self.touched)
        if dealt_on:
            clauses.append("hdb.match.next-dealer")  # both rulesets have it (Brouc takes it from 1802)
        return list(dict.fromkeys(clauses))

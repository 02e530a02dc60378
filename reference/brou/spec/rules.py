"""A ruleset compiled for play: the spec's data turned into small tables.

`Rules.load("brouc", undertrump_when_void=True)` reads, checks and resolves the
spec (see `brou.spec`) and precomputes what the engine needs on every move:
cards as bit positions, suit masks, "stronger card of the same suit" masks, card
points, marriage masks.  A card's index is `suit * n_ranks + rank`, ranks in the deck's
order (strongest first); the pack is a mask (`deck.omit` may leave cards out).  Which card
beats which is `orders` data compiled per trump suit (`card_order`); without `orders`, a
lower index is a stronger card of its suit, and the trump suit's cards are the trumps.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import or_
from typing import Any

from .. import spec
from ..errors import IllegalAction, ParameterError, SpecError, one_line
from .clauses import implements_clauses


def exact_text(text: str) -> str:
    """An action's text as the notation writes it (docs/notation.md): its words with one space
    between them and none around them.  IllegalAction `malformed-action` for any other spacing
    (`"pass "`, `" TS"`, `"announce  KQH"`, a tab, a line end), in every ruleset."""
    if text != " ".join(text.split()) or not text:
        shown = text.encode("unicode_escape").decode("ascii")
        raise IllegalAction("malformed-action", f"cannot read action '{shown}': an action is written without spaces "
                            "around it and with one space between its words")
    return text


@dataclass(frozen=True)
class MarriageKind:
    """A marriage kind (`simple`, `grand`): its ranks and its plain-suit value."""

    name: str
    ranks: tuple[str, ...]
    value: int
    masks: tuple[int, ...]  # per suit: the bits of its cards


def submasks(mask: int) -> list[int]:
    """Every subset of the bits of `mask`, the empty one included."""
    out, sub = [], mask
    while True:
        out.append(sub)
        if not sub:
            return out
        sub = (sub - 1) & mask


def _level(kinds: Sequence[MarriageKind], suit: int, cards: int) -> int:
    return max((k.value for k in kinds if cards & k.masks[suit] == k.masks[suit]), default=0)


def exception_tables(kinds: Sequence[MarriageKind], n_suits: int) -> tuple[tuple[int, ...], tuple[dict[int, int], ...]]:
    """Per suit: the mask of its marriage ranks, and for each subset of it lying in a
    trick, the cards whose play would make or enlarge a marriage (brouc.play.marriage-exception)."""
    honours = tuple(reduce(or_, (k.masks[s] for k in kinds), 0) for s in range(n_suits))
    tables = []
    for s in range(n_suits):
        table = {}
        for sub in submasks(honours[s]):
            base = _level(kinds, s, sub)
            allowed = 0
            for bit in submasks(honours[s]):
                if bit and bit & (bit - 1) == 0 and not sub & bit and _level(kinds, s, sub | bit) > base:
                    allowed |= bit
            table[sub] = allowed
        tables.append(table)
    return honours, tuple(tables)


@dataclass(frozen=True, eq=False)
class Rules:
    """One ruleset with its parameters chosen, ready for the engine."""

    id: str
    params: dict[str, Any]
    overrides: dict[str, Any]
    data: dict[str, Any]
    n_players: int
    teams: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...]
    dealer: int
    first_lead: int
    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    n_cards: int  # the cards in the pack (fewer than n_indices when deck.omit leaves some out)
    n_indices: int  # card indices 0 .. n_indices-1 (suit * n_ranks + rank); action ids for cards
    pack: int  # the mask of the pack's cards
    pack_cards: tuple[int, ...]  # the pack's cards in index order (where the shuffle's positions land)
    points: tuple[int, ...]
    suit_of: tuple[int, ...]
    suit_mask: tuple[int, ...]
    stronger: tuple[int, ...]
    hand_size: int
    packets: tuple[int, ...]
    first_receiver: int
    turnup_exposed: str
    following: str
    marriage_exception: str
    undertrump_when_void: bool
    following_primitives: tuple[tuple[str, Any], ...]  # (primitive, its option or None), in order (brou.laws.following)
    kinds: tuple[MarriageKind, ...]
    honours: tuple[int, ...]
    honours_all: int
    smallest_marriage: int
    exception_table: tuple[dict[int, int], ...]
    trump_factor: int
    in_one_trick: str
    window: str
    windows_after_tricks: bool  # whether `window` ever opens after a trick (else only on a player's turn)
    announce_credited: str
    announce_deducted: bool
    extend_to_grand: str
    card_reuse: bool
    turnup_in_first_window: bool
    table_factor: int
    table_deducted: bool
    rounding: str
    last_trick_bonus: int
    pass_action: int
    mask_to_list: Callable[[int], list[int]]
    suit_points: tuple[tuple[int, ...], ...]
    marriage_probe: Callable[[int], bool]
    marriage_probe_shape: tuple[int, tuple[int, ...]] | None  # what the probe tests (`probe_shape`)
    table_marking: str = "engine"  # who marks a table marriage: the engine, or the trick's winner (action `mark`)
    # The phase engine (brou.engine.phases; docs/design.md, "The family"): empty for a partnership game.
    phases: tuple[str, ...] = ()
    after_trick: tuple[str, ...] = ()  # the steps after each trick: draw, pay-brusquembilles
    talon_size: int = 0
    following_after_talon: tuple[tuple[str, Any], ...] = ()  # primitives once the talon is gone ((): as before)
    partners_see_hands: bool = False
    jetons: tuple[int, ...] = ()  # per card index: what it is worth in jetons as a brusquembille (0: none)
    pays_brusquembilles: bool = False
    permanent_trumps: int = 0  # the mask of cards that are trumps whatever the trump suit (L'Hombre's black aces)

    @property
    def on_phases(self) -> bool:
        """Whether the ruleset runs on the phase engine (`brou.engine.phases`), not `brou.engine.homme.HommeDeal`."""
        return bool(self.phases)

    @property
    def n_tricks(self) -> int:
        """Tricks in a deal played out, n_players to a trick: every card of the pack where the
        hands hold it all or are refilled from the talon (8 in 1802 and Brouc; 10 in
        Brusquembille with three); only the hands where the talon is not drawn (5 in L'Homme
        d'Auvergne, whose talon only gives the cards turned in the speech)."""
        if self.talon_size and "draw" not in self.after_trick:
            return self.hand_size
        return self.n_cards // self.n_players

    @property
    def table_size(self) -> int:
        """How many sit at the table: the deal's players, or more where one sits each deal out
        (L'Hombre with four, `session.table`)."""
        return int(self.data.get("session", {}).get("table", self.n_players))

    @staticmethod
    def load(name: str, /, **overrides: Any) -> Rules:
        """Load ruleset `name` (an id or a file) with parameter overrides (a parameter may be
        called `name`: the ruleset is positional only, so that is an unknown parameter)."""
        # the value's type is part of the key: `true` and `1` are equal in Python, not as options
        return _load(name, tuple(sorted((k, type(v).__name__, _freeze(v, k)) for k, v in overrides.items())))

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        """Pickled as its ruleset id and parameter overrides (the compiled tables hold functions)."""
        return _unpickle_rules, (self.id, dict(self.overrides))

    def card(self, text: str) -> int:
        """Index of a card written as rank + suit (`TH`); ValueError if none."""
        if len(text) != 2 or text[0] not in self.ranks or text[1] not in self.suits:
            raise ValueError(f"unknown card '{text}'")
        return self.suits.index(text[1]) * len(self.ranks) + self.ranks.index(text[0])

    def parse_card(self, text: object) -> int:
        """The card a text names, rank then suit (`TS`: the ten of spades), for every game.
        IllegalAction `malformed-action` for anything but such a text (spaces around it
        included: the notation writes a card one way), `unknown-card` for a rank or suit of no
        card of this ruleset or a card left out of its pack.  (`card` is the older, bare
        reader: ValueError, no pack check.)"""
        if type(text) is not str:
            raise IllegalAction("malformed-action", f"an action's text is a str, not {type(text).__name__}")
        word = exact_text(text)  # '- ' or ' S' is two characters but no card's text
        if len(word) != 2:
            raise IllegalAction("malformed-action", f"cannot read action '{text}': a card is a rank and a suit (TS)")
        try:
            card = self.card(word)
        except ValueError:
            raise IllegalAction("unknown-card", f"'{word}' is no card of this ruleset") from None
        if not self.pack >> card & 1:
            raise IllegalAction("unknown-card", f"{word} is not in the pack of this deal")
        return card

    def card_text(self, card: int) -> str:
        """A card as text, rank then suit: `TS`."""
        n = len(self.ranks)
        return self.ranks[card % n] + self.suits[card // n]

    def cards_text(self, mask: int) -> list[str]:
        """The cards of a mask as text, in index order (by suit, strongest first)."""
        return [self.card_text(c) for c in cards_of(mask)]

    def mask(self, cards: list[str] | tuple[str, ...]) -> int:
        out = 0
        for text in cards:
            out |= 1 << self.card(text)
        return out


def _unpickle_rules(name: str, overrides: dict[str, Any]) -> Rules:
    return Rules.load(name, **overrides)


def _freeze(value: Any, name: str = "") -> Any:
    """A parameter value as a cache key; ParameterError for a value no option can be (a
    mapping, a list of lists)."""
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(v, (str, int, float)) or v is None for v in items):
        raise ParameterError(f"parameter {name}: a value is a word, a number, true, false or a list of them, "
                             f"not {one_line(repr(value))[:60]}")
    return tuple(value) if isinstance(value, list) else value


# Options that the register records but the engine cannot play yet: choosing one is an error.
NOT_EXECUTABLE_YET: set[tuple[str, Any]] = set()


@lru_cache(maxsize=1024)
def _load(name: str, overrides: tuple[tuple[str, str, Any], ...]) -> Rules:
    merged = _checked_document(name)
    plain = {k: list(v) if isinstance(v, tuple) else v for k, _, v in overrides}
    body, params = spec.resolve(merged.data, plain)
    for name, value in plain.items():
        if (name, _freeze(value)) in NOT_EXECUTABLE_YET:
            raise ParameterError(f"parameter {name}={value} is a recorded reading that the engine does not play yet")
    return compile_rules(body, params, plain)


def _checked_document(name: str) -> spec.MergedDocument:
    """The ruleset's merged and checked document, read once per version of its file."""
    path = spec.ruleset_file(name)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = None
    return _checked(name, stamp)


@lru_cache(maxsize=16)
def _checked(name: str, stamp: int | None) -> spec.MergedDocument:
    merged = spec.load_document(name)
    spec.check_document(merged)
    return merged


# For byte k of a mask (k < 8), the card indices of each of its 256 values (`cards_of`).
_BYTE_CARDS = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(8))


def cards_of(mask: int) -> list[int]:
    """Card indices in a mask, strongest suit-first order."""
    out: list[int] = []
    if mask.bit_count() > 4 and not mask >> 64:  # many cards: a byte at a time
        k = 0
        while mask:
            out += _BYTE_CARDS[k][mask & 255]
            mask >>= 8
            k += 1
        return out
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def compile_players(players: dict[str, Any]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Teams as seat tuples, and each seat's team: two pairs (1802, Brouc), one side per
    player or two pairs side by side (Brusquembille; a form other than three players is the
    merge patch of parameter `form`, `brou.spec.with_form`)."""
    teams = tuple(tuple(team) for team in players["teams"])
    team_of = [0] * players["count"]
    for t, team in enumerate(teams):
        for seat in team:
            team_of[seat] = t
    return teams, tuple(team_of)


implements_clauses(compile_players,
                   "hdb.players.teams", "brus.players.count", "brus.players.forms", "auv.players.count",
                   "hom.players.count")


COLOURS = {"S": "black", "C": "black", "H": "red", "D": "red"}  # a suit's colour, for orders given per colour


def _card_index(deck: dict[str, Any], text: str) -> int:
    suits = [s["symbol"] for s in deck["suits"]]
    ranks = [r["symbol"] for r in deck["ranks"]]
    if len(text) != 2 or text[0] not in ranks or text[1] not in suits:
        raise SpecError(f"deck: unknown card '{text}'")
    return suits.index(text[1]) * len(ranks) + ranks.index(text[0])


def compile_pack(deck: dict[str, Any]) -> int:
    """The pack as a mask: every suit in every rank, less the cards `deck.omit` leaves out."""
    pack = (1 << (len(deck["suits"]) * len(deck["ranks"]))) - 1
    for text in deck.get("omit", []):
        pack &= ~(1 << _card_index(deck, text))
    return pack


implements_clauses(compile_pack, "hdb.deck.cards", "brus.deck.cards", "auv.deck.cards", "hom.deck.cards")


def compile_deck(deck: dict[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per card: points and suit; per suit: the mask of its cards in the pack."""
    n_suits, n_ranks = len(deck["suits"]), len(deck["ranks"])
    pack = compile_pack(deck)
    points = tuple(r["points"] for _ in range(n_suits) for r in deck["ranks"])
    suit_of = tuple(c // n_ranks for c in range(n_suits * n_ranks))
    suit_mask = tuple(((1 << n_ranks) - 1) << (s * n_ranks) & pack for s in range(n_suits))
    return points, suit_of, suit_mask


implements_clauses(compile_deck, "hdb.deck.points", "brus.deck.points")


@dataclass(frozen=True)
class Order:
    """An order compiled for one trump suit (or none): per card index its class and its place,
    and the tables made from them (the trick's winner is `brou.laws.play.beats` over them, and
    `brou.laws.play.beating_cards` its table per best card).

    A card's class is its suit, or the trump suit for every trump (a permanent trump is in the
    trump class whatever its suit); -1 for a card not in the pack.  Its place is its strength
    within its class, 0 the strongest."""

    trump: int | None
    class_of: tuple[int, ...]
    place: tuple[int, ...]
    class_mask: tuple[int, ...]  # per suit: the cards of that class
    stronger: tuple[int, ...]  # per card: the cards of its class that are stronger


def _per_suit(section: Any, symbol: str) -> list[str] | None:
    """The list an `orders` section gives suit `symbol`: a list for every suit, or a mapping
    by suit symbol or by colour (`red`, `black`); None when it gives none."""
    if section is None:
        return None
    if isinstance(section, list):
        return section
    found = section.get(symbol, section.get(COLOURS.get(symbol, "")))
    return list(found) if found is not None else None


def compile_order(
    deck: dict[str, Any], orders: dict[str, Any] | None, trump: int | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card index: its class and its place (0 the strongest of its class), under trump suit
    `trump` (None: a contract without trump).

    The trump class is `orders.trump.order` for the trump suit (entries are ranks of the trump
    suit, or names of `orders.trump.permanent` cards, trumps whatever the trump suit); every
    other suit is a plain class ordered by `orders.plain` (without trump: `orders.none`, else
    `orders.plain`).  Each falls back on the next: trump on plain, plain on the deck's ranks
    (strongest first).  A card out of the pack is skipped; a card already a trump is skipped
    in the plain orders; every card of the pack must get one place."""
    orders = orders or {}
    suits: list[str] = [s["symbol"] for s in deck["suits"]]
    ranks: list[str] = [r["symbol"] for r in deck["ranks"]]
    n_ranks, n = len(ranks), len(suits) * len(ranks)
    pack = compile_pack(deck)
    class_of, place = [-1] * n, [0] * n

    def rank_card(suit: int, rank: str) -> int:
        if rank not in ranks:
            raise SpecError(f"orders: '{rank}' is not a rank of the deck")
        return suit * n_ranks + ranks.index(rank)

    def lay(cls: int, cards: list[int], what: str) -> None:
        k = 0
        for c in cards:
            if not pack >> c & 1:
                continue
            if class_of[c] == cls:
                raise SpecError(f"orders: {_text(c)} appears twice in {what}")
            if class_of[c] != -1:
                continue  # a permanent trump, in the trump class already
            class_of[c], place[c] = cls, k
            k += 1

    def _text(c: int) -> str:
        return ranks[c % n_ranks] + suits[c // n_ranks]

    if trump is not None:
        section = orders.get("trump", {})
        permanent = {name: _card_index(deck, text) for name, text in section.get("permanent", {}).items()}
        entries = _per_suit(section.get("order"), suits[trump]) or _per_suit(orders.get("plain"), suits[trump]) or ranks
        cards = [permanent[e] if e in permanent else rank_card(trump, e) for e in entries]
        missing = [name for name, c in permanent.items() if c not in cards and pack >> c & 1]
        if missing:
            raise SpecError(f"orders: permanent trump {missing[0]} has no place in the trump order of {suits[trump]}")
        lay(trump, cards, f"the trump order of {suits[trump]}")
    plain = orders.get("none") if trump is None and "none" in orders else orders.get("plain")
    for s, symbol in enumerate(suits):
        if s != trump:
            lay(s, [rank_card(s, e) for e in _per_suit(plain, symbol) or ranks], f"the order of {symbol}")
    for c in range(n):
        if pack >> c & 1 and class_of[c] == -1:
            where = "without trump" if trump is None else f"with {suits[trump]} trump"
            raise SpecError(f"orders: {_text(c)} has no place in the orders {where}")
    return tuple(class_of), tuple(place)


implements_clauses(compile_order,
                   "hdb.deck.order", "brus.deck.order", "auv.deck.order", "hom.deck.plain-order",
                   "hom.deck.trump-order", "hom.deck.nolo-order")


def order_tables(deck: dict[str, Any], orders: dict[str, Any] | None, trump: int | None) -> Order:
    """`compile_order` and the tables made from it (see `Order`), made once per content: the
    rulesets that differ only in parameters that leave the deck and the orders alone (most of a
    fuzzed run's readings) share one `Order` per trump."""
    return _order_tables(json.dumps(deck, sort_keys=True), json.dumps(orders, sort_keys=True), trump)


@lru_cache(maxsize=256)
def _order_tables(deck_text: str, orders_text: str, trump: int | None) -> Order:
    deck, orders = json.loads(deck_text), json.loads(orders_text)
    class_of, place = compile_order(deck, orders, trump)
    n = len(class_of)
    class_mask = tuple(sum(1 << c for c in range(n) if class_of[c] == s) for s in range(len(deck["suits"])))
    stronger = tuple(
        sum(1 << d for d in range(n) if class_of[d] == class_of[c] and place[d] < place[c]) if class_of[c] >= 0 else 0
        for c in range(n)
    )
    return Order(trump, class_of, place, class_mask, stronger)


@lru_cache(maxsize=256)
def card_order(rules: Rules, trump: int | None) -> Order:
    """The ruleset's order compiled for trump suit `trump` (None: without trump), made once."""
    return order_tables(rules.data["deck"], rules.data.get("orders"), trump)


# The following presets: a name for a list of primitives (brou.laws.following, docs/spec.md).
FOLLOWING_PRESETS: dict[str, tuple[str, ...]] = {
    "whist": ("follow-suit",),
    "brouc": ("follow-suit", "overtrump", "no-undertrump", "marriage-exception"),
}
_FOLLOWING_OPTIONS = {"no-undertrump": ("undertrump_when_void", False),
                      "marriage-exception": ("marriage_exception", "must-trump-only")}


def compile_following(following: dict[str, Any] | list[Any]) -> tuple[str, str, bool, tuple[tuple[str, Any], ...]]:
    """`play.following` as (policy, marriage_exception, undertrump_when_void, primitives): a
    preset is expanded to its list, with the options of its primitives; a list is named by the
    preset it equals, else `custom` (the engine then calls the composed function)."""
    if isinstance(following, dict):
        options = {name: following.get(key, default) for name, (key, default) in _FOLLOWING_OPTIONS.items()}
        items: list[Any] = [{"primitive": name, _FOLLOWING_OPTIONS[name][0]: options[name]} if name in options else name
                            for name in FOLLOWING_PRESETS[following["policy"]]]
    else:
        items = following
    primitives = []
    for item in items:
        name = item if isinstance(item, str) else item["primitive"]
        key, default = _FOLLOWING_OPTIONS.get(name, ("", None))
        primitives.append((name, item.get(key, default) if isinstance(item, dict) else default))
    found = tuple(primitives)
    marriage_exception = dict(found).get("marriage-exception") or "must-trump-only"
    undertrump_when_void = bool(dict(found).get("no-undertrump"))
    policy = following["policy"] if isinstance(following, dict) else next(
        (name for name, names in FOLLOWING_PRESETS.items()
         if tuple(n for n, _ in found) == names), "custom")
    return policy, marriage_exception, undertrump_when_void, found


# A game without marriages (Brusquembille): the marriage tables are empty.
NO_MARRIAGES: dict[str, Any] = {
    "kinds": {}, "trump_factor": 1, "in_one_trick": "none",
    "announced": {"window": "never", "credited": "never", "deducted_from_others": False, "extend_to_grand": "never",
                  "card_reuse": False, "turnup_in_first_window": False},
    "table": {"factor": 0, "deducted_from_others": False},
}


def compile_rules(body: dict[str, Any], params: dict[str, Any], overrides: dict[str, Any]) -> Rules:
    players, deck, deal = body["players"], body["deck"], body["deal"]
    teams, team_of = compile_players(players)
    points, suit_of, suit_mask = compile_deck(deck)
    pack = compile_pack(deck)
    for trump in range(len(deck["suits"])):
        order_tables(deck, body.get("orders"), trump)  # every order places every card once, or SpecError now
    stronger = order_tables(deck, body.get("orders"), None).stronger  # within a suit, without trump
    suits = tuple(s["symbol"] for s in deck["suits"])
    ranks = tuple(r["symbol"] for r in deck["ranks"])
    n_ranks = len(ranks)
    marriages = body.get("marriages") or NO_MARRIAGES
    kinds = tuple(
        MarriageKind(
            name,
            tuple(k["ranks"]),
            k["value"],
            tuple(sum(1 << (s * n_ranks + ranks.index(r)) for r in k["ranks"]) for s in range(len(suits))),
        )
        for name, k in sorted(marriages["kinds"].items(), key=lambda item: len(item[1]["ranks"]))
    )
    honours, exception_table = exception_tables(kinds, len(suits))
    policy, marriage_exception, undertrump_when_void, primitives = compile_following(body["play"]["following"])
    after_talon = body["play"].get("following_after_talon")
    payments = body.get("payments") or {"brusquembilles": {}, "paid": "never"}
    jetons = tuple(payments["brusquembilles"].get(ranks[c % n_ranks], 0) if pack >> c & 1 else 0
                   for c in range(len(suits) * n_ranks))
    shape = probe_shape(kinds, ranks, len(suits))
    return Rules(
        id=body["id"],
        params=params,
        overrides=overrides,
        data=body,
        n_players=players["count"],
        teams=teams,
        team_of=team_of,
        dealer=players["dealer"],
        first_lead=players["first_lead"],
        suits=suits,
        ranks=ranks,
        n_cards=pack.bit_count(),
        n_indices=len(suits) * n_ranks,
        pack=pack,
        pack_cards=tuple(cards_of(pack)),
        points=points,
        suit_of=suit_of,
        suit_mask=suit_mask,
        stronger=stronger,
        hand_size=deal["hand_size"],
        packets=tuple(deal["packets"]),
        first_receiver=deal["first_receiver"],
        turnup_exposed=deal["turnup_exposed"],
        following=policy,
        marriage_exception=marriage_exception,
        undertrump_when_void=undertrump_when_void,
        following_primitives=primitives,
        kinds=kinds,
        honours=honours,
        honours_all=sum(honours),
        smallest_marriage=len(kinds[0].ranks) if kinds else 0,
        exception_table=exception_table,
        trump_factor=marriages["trump_factor"],
        in_one_trick=marriages["in_one_trick"],
        window=marriages["announced"]["window"],
        windows_after_tricks=marriages["announced"]["window"] in ("after-won-trick", "team-first-trick"),
        announce_credited=marriages["announced"]["credited"],
        announce_deducted=marriages["announced"]["deducted_from_others"],
        extend_to_grand=marriages["announced"]["extend_to_grand"],
        card_reuse=bool(marriages["announced"]["card_reuse"]),
        turnup_in_first_window=bool(marriages["announced"]["turnup_in_first_window"]),
        table_factor=marriages["table"]["factor"],
        table_deducted=marriages["table"]["deducted_from_others"],
        rounding=body.get("counting", {}).get("rounding", "none"),
        last_trick_bonus=body["play"]["last_trick_bonus"],
        pass_action=len(suits) * n_ranks + len(suits) * len(kinds),
        mask_to_list=_mask_lister(len(suits), n_ranks),
        suit_points=_suit_points(tuple(points), len(suits), n_ranks),
        marriage_probe=_probe(shape),
        marriage_probe_shape=shape,
        table_marking=marriages["table"].get("marked_by", "engine"),
        phases=tuple(body.get("phases", ())),
        after_trick=tuple(body["play"].get("after_trick", ())),
        talon_size=pack.bit_count() - players["count"] * deal["hand_size"] if deal["talon"] == "rest" else deal["talon"],
        following_after_talon=compile_following(after_talon)[3] if after_talon is not None else (),
        partners_see_hands=bool(players.get("partners_see_hands", False)),
        jetons=jetons,
        pays_brusquembilles=payments["paid"] == "pool" and "pay-brusquembilles" in body["play"].get("after_trick", ()),
        permanent_trumps=sum(1 << _card_index(deck, text)
                             for text in body.get("orders", {}).get("trump", {}).get("permanent", {}).values()),
    )


@lru_cache(maxsize=16)
def _suit_points(points: tuple[int, ...], n_suits: int, n_ranks: int) -> tuple[tuple[int, ...], ...]:
    """Per suit, the card points of every set of its ranks (a mask of n_ranks bits); the
    same for every reading of a ruleset, so made once."""
    return tuple(
        tuple(sum(points[s * n_ranks + r] for r in range(n_ranks) if bits >> r & 1) for bits in range(1 << n_ranks))
        for s in range(n_suits)
    )


@lru_cache(maxsize=16)
def _mask_lister(n_suits: int, n_ranks: int) -> Callable[[int], list[int]]:
    """A function giving the card indices of a mask in index order, through per-suit tables."""
    tables = [
        tuple(tuple(s * n_ranks + r for r in range(n_ranks) if bits >> r & 1) for bits in range(1 << n_ranks))
        for s in range(n_suits)
    ]
    full = (1 << n_ranks) - 1
    if n_suits == 4:
        t0, t1, t2, t3 = tables
        s1, s2, s3 = n_ranks, 2 * n_ranks, 3 * n_ranks

        def four(mask: int) -> list[int]:
            return [*t0[mask & full], *t1[mask >> s1 & full], *t2[mask >> s2 & full], *t3[mask >> s3 & full]]

        return four

    def any_suits(mask: int) -> list[int]:
        out: list[int] = []
        for s, table in enumerate(tables):
            out += table[mask >> (s * n_ranks) & full]
        return out

    return any_suits


def probe_shape(kinds: tuple[MarriageKind, ...], ranks: tuple[str, ...], n_suits: int,
                ) -> tuple[int, tuple[int, ...]] | None:
    """What `Rules.marriage_probe` tests: (base, shifts), the lowest of the smallest kind's
    ranks in every suit and how far above it its other ranks lie; cards hold that kind in some
    suit when `cards & base`, and-ed with `cards >> d` for every shift d, leaves a card.  (0, ())
    when there are no marriages, None when some kind does not contain the smallest (everything
    passes)."""
    if not kinds:
        return 0, ()
    smallest = set(kinds[0].ranks)
    if not all(smallest <= set(k.ranks) for k in kinds):
        return None
    positions = sorted(ranks.index(r) for r in smallest)
    base = sum(1 << (s * len(ranks) + positions[0]) for s in range(n_suits))
    return base, tuple(p - positions[0] for p in positions[1:])


def _probe(shape: tuple[int, tuple[int, ...]] | None) -> Callable[[int], bool]:
    """`Rules.marriage_probe(cards)`: False only when `cards` hold no marriage at all.

    A fast filter, not a rule: it looks for the smallest kind's ranks in one suit
    with shifts (`probe_shape`).  Valid when every kind contains the smallest one;
    otherwise it lets everything through."""
    if shape is None:
        return lambda cards: True
    base, shifts = shape
    if not base:
        return lambda cards: False
    if len(shifts) == 1:
        shift = shifts[0]
        return lambda cards: cards & base & (cards >> shift) != 0

    def probe(cards: int) -> bool:
        x = cards & base
        for d in shifts:
            x &= cards >> d
        return x != 0

    return probe


def in_ruleset(rules: Rules, clause: str | None) -> str | None:
    """The clause as the ruleset names it: itself, or the clause of the ruleset that replaces it
    (None if neither; 1802 played with following=brouc answers with hdb.play.void-free, the
    clause whose parameter that is)."""
    if clause is None:
        return None
    clauses = rules.data["clauses"]
    if clause in clauses:
        return clause
    found = next((cid for cid, c in clauses.items() if clause in c.get("replaces", [])), None)
    if found is None and clause.startswith("brouc.play.") and "hdb.play.void-free" in clauses:
        return "hdb.play.void-free"
    return found

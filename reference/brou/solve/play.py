"""The card play of a deal as a light state, and its double-dummy search (docs/solve.md).

`Play` holds what the play of a deal needs from its first card on: the hands as bit masks,
the trick on the table, the leader, the talon still to be drawn, and what each game keeps
besides (1802's and Brouc's announcements, windows and marks; L'Hombre's surrender, stop and
vole; L'Homme d'Auvergne's kings).  It is made from an engine state (`Play.of`) and never
decides a rule itself: the cards a player may play come from the engine's following function
for the ruleset (`brou.laws.following`), the trick's winner from its beating table
(`brou.laws.play.beating_cards`), the marriages, the payments, the kings and the count from the
clauses' functions of `brou.laws`.  What it adds is only the order of the moments, as the
deal classes sequence them (`brou.engine.homme`, `phases`, `hombre`); tests/test_solve.py checks
at every node of its searches that it offers exactly the engine's legal actions.

`search(alpha, beta)` is a fail-soft alpha-beta over the actions of the player to act, for
the side `side` against the others together: its value is what the rest of the deal adds to
that side's value (docs/solve.md says what the value is, game by game).  At the lead of each
trick a transposition table keyed on the hands, the leader, the talon's place and whatever
else the rest depends on holds bounds of that value; cards that touch in the order of their
class in one hand and are worth the same are searched once; the move ordering tries the
table's best card first, then cheap winners, then cheap discards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..engine.hombre import HombreDeal
from ..engine.homme import HommeDeal
from ..engine.phases import PhaseDeal
from ..laws.auction import PLAY_ON, STOP, SURRENDER, word_index
from ..laws.contracts import Contract
from ..laws.following import compose, following_function, is_free, matadors_of
from ..laws.kings import king_of, scored_kings, taken_king_entries
from ..laws.ledger import Entry
from ..laws.marriages import announceable, announcement_value, announcing_seats, table_marriage_counts, table_marriages, value_of
from ..laws.payments import brusquembille_payments
from ..laws.play import beating_cards, legal_brouc, legal_whist
from ..laws.results import hombre_entries, hombre_outcome, homme_entries
from ..spec.rules import Rules, card_order
from .native import append, i64, vec
from .table import MISSING, Table

# the kinds of deal (brou.engine.deals.deal_kind)
PARTNERSHIP: Final = 0  # 1802, Brouc
TALON: Final = 1  # Brusquembille
SPEECH: Final = 2  # L'Homme d'Auvergne
AUCTION: Final = 3  # L'Hombre
KINDS: Final = {"partnership": PARTNERSHIP, "talon": TALON, "speech": SPEECH, "auction": AUCTION}

# what is counted (docs/solve.md): the count's difference between the teams (1802, Brouc), card
# points or brusquembille jetons of a side (Brusquembille), marks (L'Homme d'Auvergne), the
# hombre's score (L'Hombre)
COUNT: Final = "count"
POINTS: Final = "points"
JETONS: Final = "jetons"
MARKS: Final = "marks"
SCORE: Final = "score"
GOALS: Final = {PARTNERSHIP: (COUNT,), TALON: (POINTS, JETONS), SPEECH: (MARKS,), AUCTION: (SCORE,)}

# the moments of the light state
PLAYING: Final = 0  # a card (and on one's turn the words the game allows)
WINDOW: Final = 1  # 1802: the window after a trick, announce or pass
MARKING: Final = 2  # table_marking=players: the trick's winner marks its marriages or not
OVER: Final = 3

# how a deal of L'Hombre ended (brou.engine.hombre)
HOW_PLAYED: Final = 0
HOW_STOPPED: Final = 1
HOW_CODILLE: Final = 2
HOW_SURRENDER: Final = 3

FUSED_WHIST: Final[i64] = 1  # `Play.fused`: brou.laws.play.legal_whist
FUSED_BROUC: Final[i64] = 2  # brou.laws.play.legal_brouc
NO_WORDS: Final[list[int]] = []  # `words`: none (never changed)
NO_MARRIAGES: Final[list[tuple[int, int, int]]] = []  # `_announceable`: none (never changed)
MARK_ACTION: Final = 7  # pass_action + 7 (brou.engine.homme.MARK_ACTION)
INFINITE: Final[i64] = 1_099_511_627_776  # 1 << 40 (written out: mypyc 2.4 shifts a constant 1 in 32 bits)
WORD: Final = 1 << 20  # `relative`: a word kept as the table's best action
# what an entry of the undo stack holds back: a card that ends a trick (or engages a vole), a pass in
# a window, any other word, a card inside a trick
CARD: Final[i64] = 0
PASS: Final[i64] = 1
WORD_DONE: Final[i64] = 2
INSIDE: Final[i64] = 3
SAVED: Final[i64] = 11  # `_save`: the integers an entry other than a card inside a trick or a pass keeps
HELD: Final[i64] = 4  # and the lists it holds by reference
NO_KEY: Final = vec[i64]()
ENDGAME_TRICKS: Final[i64] = 6  # `_endgame` takes over this many tricks before the end
END_FIRST: Final[i64] = 1 << 10  # `_endgame`'s table: one entry a slot, the newest kept; its slots at first
END_SLOTS: Final[i64] = 1 << 18  # and at most
EMPTY_END: Final[i64] = -1
FOLLOW_SLOTS: Final[i64] = 1 << 14  # `_following`'s kept answers
TOTAL_SLOTS: Final[i64] = 1 << 12  # `_table_total`'s
ANNOUNCE_SLOTS: Final[i64] = 1 << 10  # `_announceable`'s
NO_QUICK: Final[i64] = INFINITE + 1  # `_last_cards`: the last trick needs the full play


def _pext_table() -> list[int]:
    """For each set of places `a` (8 bits) and cards `h`, at index a * 256 + h: the cards of `h`
    among `a` packed to the low bits in order (the `pext` instruction)."""
    out = []
    for a in range(256):
        for h in range(256):
            packed = 0
            k = 0
            for r in range(8):
                if a >> r & 1:
                    if h >> r & 1:
                        packed |= 1 << k
                    k += 1
            out.append(packed)
    return out


PEXT: Final = vec[i64](_pext_table())
BIT: Final = vec[i64]([1 << k for k in range(63)])  # BIT[k] is 1 << k: mypyc 2.4 shifts a constant 1 in 32 bits
POP: Final = vec[i64]([k.bit_count() for k in range(1 << 16)])  # the bits set in 16 bits
LOW: Final = vec[i64]([(k & -k).bit_length() - 1 for k in range(1 << 16)])  # the lowest bit set in 16 bits (-1: none)


def popcount(mask: i64) -> i64:
    """The cards in a mask (below 1 << 48), by 16 bits at a time: a native int has no
    `bit_count` (the search's ints are `i64`, mypyc's machine integers)."""
    return POP[mask & 0xFFFF] + POP[mask >> 16 & 0xFFFF] + POP[mask >> 32 & 0xFFFF]


def lowest(mask: i64) -> i64:
    """The index of the lowest card of a mask that is not empty (below 1 << 48)."""
    if mask & 0xFFFF:
        return LOW[mask & 0xFFFF]
    if mask >> 16 & 0xFFFF:
        return 16 + LOW[mask >> 16 & 0xFFFF]
    return 32 + LOW[mask >> 32 & 0xFFFF]


def slot_of(word: i64, size: i64) -> i64:
    """The slot of a word (below 1 << 62) in a table of `size` slots (a power of two, at most
    1 << 39): the word folded into 31 bits, then a multiplicative hash (below 1 << 63)."""
    return (((word ^ word >> 29) & 0x7FFFFFFF) * 0x9E3779B1) >> 24 & (size - 1)


def end_slot(cards: i64, words: vec[i64], base: i64, count: i64, size: i64) -> i64:
    """The slot of `_endgame`'s table of `size` slots for a position: the cards in the hands and
    the leader (`cards`), and the `count` hands from `words[base]` on, mixed in one by one as
    `slot_of` mixes one word."""
    mixed = cards
    for k in range(count):
        mixed = ((mixed ^ mixed >> 29) & 0x7FFFFFFF) * 0x9E3779B1 ^ words[base + k]
    return slot_of(mixed, size)


def depth_row(rows: list[vec[i64]], ply: i64, width: i64) -> vec[i64]:
    """`rows[ply]`, the row a node `ply` calls deep into writes (its actions, its key), made of
    `width` zeros the first time it is asked for and kept for every later node that deep."""
    while len(rows) <= ply:
        rows.append(vec[i64]([0] * width))
    return rows[ply]


def narrowed(low: int, high: int, value: int, alpha: int, beta: int) -> tuple[int, int]:
    """A transposition entry's bounds (low, high) after a search of (alpha, beta) found `value`:
    an upper bound when it failed low, a lower bound when it failed high, else exact."""
    if value <= alpha:
        return low, min(high, value)
    if value >= beta:
        return max(low, value), high
    return value, value


class Play:
    """The play of one deal, from a position in it, for one side (see the module's docstring).

    `side[s]` says whether seat s plays for the side whose value is searched; the others play
    against it together.  The search moves the state and puts it back: after `search` it is
    as it was."""

    def __init__(self, rules: Rules, kind: int, goal: str, side: list[bool]) -> None:
        self.rules = rules
        self.kind = kind
        self.goal = goal
        self.points_goal = goal == POINTS
        self.words_in_play = kind in (PARTNERSHIP, AUCTION)  # whether words may come with the cards
        self.side = side
        self.mine = vec[i64]([1 if on else 0 for on in side])  # `side` as machine integers
        # per team, +1 for the side's, -1 for the other (`_sign`)
        self.signs = vec[i64]([1 if side[team[0]] else -1 for team in rules.teams])
        # per suit and marriage kind (suit * kinds + kind), its cards
        self.kind_masks = vec[i64]([kind.masks[suit] for suit in range(len(rules.suits)) for kind in rules.kinds])
        self.kind_values = vec[i64]([kind.value for kind in rules.kinds])
        self.marriages = len(rules.kinds) > 0
        self.announce_values = vec[i64]()  # (`_set_trump`)
        self.table_values = vec[i64]()
        self.kind_cards: i64 = 0  # every card of a marriage (`_announceable`)
        for mask in self.kind_masks:
            self.kind_cards |= mask
        # `_announceable`'s answers (one slot each, the newest kept): per slot its key, the hand's
        # and the used marriage cards and the marriages made (-1: none), then the answer
        self.announce_keys = vec[i64]([-1] * (3 * ANNOUNCE_SLOTS))
        self.announce_found: list[list[tuple[int, int, int]]] = [NO_MARRIAGES] * ANNOUNCE_SLOTS
        n = rules.n_players
        self.n: i64 = n
        self.trump: i64 = -1
        self.trump_arg: int | None = None
        self.follow: Callable[..., int] = following_function(rules)
        # the preset's fused function called natively where it is one of them (`legal_cards`)
        self.fused: i64 = FUSED_WHIST if self.follow is legal_whist else FUSED_BROUC if self.follow is legal_brouc else 0
        self.after_talon: Callable[..., int] = self.follow
        # `_following`'s answers kept by their arguments (one slot each, the newest kept)
        self.follow_memo = vec[i64]([-1] * (3 * FOLLOW_SLOTS))  # per slot: its key's two words, the answer
        self.free = False  # whether `follow` lets every card through, so is not called (brou.laws.following.is_free)
        self.free_after_talon = False  # the same for `after_talon`
        self.class_of = vec[i64]()
        self.place = vec[i64]()
        self.stronger = vec[i64]()
        self.beating = vec[i64]()
        self.by_strength = vec[i64]()
        self.by_points = vec[i64](sorted(rules.pack_cards, key=lambda c: rules.points[c]))  # `_cheapest`
        self.least_points: i64 = min(rules.points[c] for c in rules.pack_cards)  # and the cards worth least
        self.least_mask: i64 = sum(1 << c for c in rules.pack_cards if rules.points[c] == self.least_points)
        self.points = vec[i64](rules.points)
        # `_card_points`: rules.suit_points, the table of brou.laws.counting.card_points, in one row
        self.suit_points = vec[i64]([p for row in rules.suit_points for p in row])
        self.trumps = vec[i64]()  # the trump class, the strongest first
        self.trump_cards: i64 = 0  # and as a mask (none without a trump)
        self.value = vec[i64]([0] * rules.n_indices)  # per card: what it is worth to the trick's winner (ordering)
        self.eq_key = vec[i64]([0] * rules.n_indices)  # cards of equal key may be merged when they touch
        self.eq_code = vec[i64]([0] * rules.n_indices)  # the key as a small number (`key`)
        self.eq_mask = vec[i64]([0] * rules.n_indices)  # per card, the others of its class of equal key
        self.owner = vec[i64]([0] * rules.n_indices)  # scratch for `key`
        self.width: i64 = len(rules.ranks)
        self.n_suits: i64 = len(rules.suits)
        self.by_suit = False  # whether every class is a suit ordered as its cards' indices (`_suit_keys`)
        self.codes = vec[i64]()  # per suit and set of its places (suit << width | places): a number for its cards' keys
        self.stock_masks = vec[i64]()  # the talon still to draw, by the number of tricks played
        self.stock = vec[i64]()
        self.draws = False
        self.hands = vec[i64]([0] * n)
        self.leader: i64 = 0
        self.npos: i64 = 0  # cards on the table in the trick being played
        self.done: i64 = 0  # tricks finished in the deal
        self.first_done: i64 = 0  # tricks finished at the root
        self.stock_pos: i64 = 0
        self.gone: i64 = 0  # cards out of play: finished tricks, discards, a talon never drawn
        self.phase: i64 = PLAYING
        self.n_tricks: i64 = rules.n_tricks
        slots = (self.n_tricks + 1) * n
        self.tcards = vec[i64]([0] * slots)  # the trick's cards, at done * n + position
        self.ttop = vec[i64]([0] * slots)  # the card winning it after each card
        self.tseat = vec[i64]([0] * slots)  # and its seat
        self.tmask = vec[i64]([0] * slots)  # the trick's cards so far, as a mask
        # the winner of each trick finished, from the first of the deal (`done` of them)
        self.winners = vec[i64]([0] * self.n_tricks)
        self.counts = vec[i64]([0] * n)  # tricks won by each seat
        # 1802 and Brouc
        self.team_tricks = vec[i64]([0] * len(rules.teams))
        self.team_of = vec[i64](rules.team_of)  # `rules.team_of` as machine integers
        self.made: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.used: list[int] = [0] * n
        self.window: tuple[int, ...] = ()  # 1802: the seats of the window after a trick
        self.window_at: i64 = 0  # the one of them to act (those before have passed)
        self.marking: list[tuple[int, int, int, int, int]] = []
        self.turnup = -1
        self.announce_factor = 2 if rules.announce_deducted else 1
        self.table_factor = 2 if rules.table_deducted else 1
        # rules.marriage_probe as what it tests, on machine integers (`_probe`)
        shape = rules.marriage_probe_shape
        self.probe_all = shape is None
        self.probe_base: i64 = 0 if shape is None else shape[0]
        self.probe_shifts = vec[i64]([] if shape is None else shape[1])
        self.after_seats: list[tuple[int, ...] | None] = [None] * (6 * n)  # `_after_trick_seats`
        # `_marriages_of`: the table marriages of a trick by its cards, where their order cannot matter
        self.marriages_memo: dict[int, list[tuple[int, int, int]]] | None = (
            None if rules.in_one_trick == "first-only" else {})
        self.marked_by_engine = rules.table_marking != "players"
        self.total_cards = vec[i64]([0] * TOTAL_SLOTS)  # `_table_total`: the tricks' cards (0: none)
        self.total_values = vec[i64]([0] * TOTAL_SLOTS)
        # L'Homme d'Auvergne
        self.homme = -1
        self.scored: dict[int, int] = {}
        self.scored_mask = 0
        self.jeton_mask = sum(1 << c for c in rules.pack_cards if rules.jetons[c])
        self.homme_values: dict[tuple[int, ...], int] = {}
        # L'Hombre
        self.contract: Contract | None = None
        self.hombre = -1
        self.asking = False
        self.vole = 0  # 1: engaged
        self.how = HOW_PLAYED
        self.surrender_id = -1
        self.play_on_id = -1
        self.stop_id = -1
        self.vole_after = 0
        self.hombre_values: dict[tuple[int, int, int, int], int] = {}
        self.ranges: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}
        # the search
        self.table = Table()
        self.nodes = 0
        # `_endgame`'s table, made at its first use: per slot, the hands but the last, then the
        # cards in the hands and the leader (EMPTY_END: no entry), then the entry's lower and upper
        # bounds, n + 2 words side by side (one probe reads one stretch of memory)
        self.end_words = vec[i64]()
        self.end_size: i64 = 0  # its slots
        self.end_stored: i64 = 2  # entries stored since it was made (2: make it at the first)
        self.endgame_tricks: i64 = ENDGAME_TRICKS  # `_endgame` searches the last tricks of a deal of cards alone
        self.end_points: i64 = 0  # `_endgame`: the card points still in the hands
        # the undo stack (`apply`, `undo`): per action its integers, then its kind on top; the
        # lists an action other than a card inside a trick may replace, kept by reference
        self.stack = vec[i64]()
        self.top: i64 = 0
        self.held: list[Any] = []
        self.held_top: i64 = 0
        self.ply: i64 = 0  # the depth of the search's node: its row in `rows`
        self.rows: list[vec[i64]] = []  # per depth, the actions to search (`_order`)
        self.key_rows: list[vec[i64]] = []  # per depth, the node's key (`key`)
        self.history: list[int] = []  # the actions taken from the root, kept while `visit` is set
        self.visit: Callable[[list[int], list[int]], None] | None = None  # tests: each node's actions

    # -- made from an engine state ---------------------------------------------------------

    @staticmethod
    def of(state: PhaseDeal, kind: str, goal: str, side: list[bool]) -> Play:
        """The light state of an engine state in play (`brou.engine.homme.HommeDeal`,
        `phases.PhaseDeal`, `hombre.HombreDeal`); `kind` is `brou.engine.deals.deal_kind`."""
        rules = state.rules
        play = Play(rules, KINDS[kind], goal, side)
        play._set_trump(state.trump)
        n = rules.n_players
        if play.kind != PARTNERSHIP:
            after = rules.following_after_talon or rules.following_primitives
            play.follow = compose(rules.following_primitives)
            play.after_talon = compose(after)
            play.free = is_free(rules.following_primitives)
            play.free_after_talon = is_free(after)
        play.hands = vec[i64](state.hands)
        play.leader = state.leader
        for t, (_, _, w) in enumerate(state.tricks):
            play.winners[t] = w
        play.done = play.first_done = len(state.tricks)
        for t in range(play.done):
            play.counts[play.winners[t]] += 1
        play.draws = "draw" in rules.after_trick
        play.stock = vec[i64](state.stock if play.draws else [])
        trick = list(state.trick)
        base = play.done * n
        for i, card in enumerate(trick):
            play._place(base, i, (state.leader + i) % n, card)
        play.npos = len(trick)
        alive = play.hands_mask() | (play.tmask[base + play.npos - 1] if trick else 0)
        for card in play.stock:
            alive |= BIT[card]
        play.gone = rules.pack & ~alive
        if isinstance(state, HommeDeal):
            play._of_homme(state)
        elif isinstance(state, HombreDeal):
            play._of_hombre(state)
        elif play.kind == SPEECH:
            play._of_speech(state)
        play._keys()
        return play

    def _set_trump(self, trump: int | None) -> None:
        rules = self.rules
        self.trump_arg = trump
        self.trump = -1 if trump is None else trump
        order = card_order(rules, trump)
        self.class_of = vec[i64](order.class_of)
        self.place = vec[i64](order.place)
        self.stronger = vec[i64](order.stronger)
        self.beating = vec[i64](beating_cards(rules, trump))
        self.by_strength = vec[i64](sorted(rules.pack_cards, key=lambda c: (order.class_of[c], order.place[c])))
        self.trumps = vec[i64]([c for c in self.by_strength if self.class_of[c] == self.trump])
        self.trump_cards = sum(1 << c for c in self.trumps)
        # per suit and marriage kind, what announcing it and taking it in a trick are worth to the
        # count's difference (`_announce_bound`, `_table_bound`), from the marriage's value
        worth = [value_of(rules, kind, suit, self.trump) for suit in range(len(rules.suits))
                 for kind in range(len(rules.kinds))]
        self.announce_values = vec[i64]([value * self.announce_factor for value in worth])
        self.table_values = vec[i64]([value * rules.table_factor * self.table_factor for value in worth])

    def _of_homme(self, state: HommeDeal) -> None:
        self.team_tricks = vec[i64](state.team_tricks)
        self.made = [list(m) for m in state.made]
        self.used = list(state.used)
        self.turnup = state.deal.turnup
        phase = state.phase
        if phase == "window":
            self.phase, self.window, self.window_at = WINDOW, tuple(state.window), 0
        elif phase == "mark":
            self.phase, self.marking = MARKING, list(state.marking)
        elif phase != "play":
            raise ValueError(f"the light play does not start in phase {phase}")

    def _of_speech(self, state: PhaseDeal) -> None:
        assert state.homme is not None
        self.homme = state.homme
        self.scored = scored_kings(state.ledger)
        for card in self.scored:
            self.scored_mask |= 1 << card

    def _of_hombre(self, state: HombreDeal) -> None:
        rules = self.rules
        assert state.hombre is not None
        self.contract = state.contract
        self.hombre = state.hombre
        self.asking = state.asking
        self.vole = 1 if state.vole == "engaged" else 0
        index = word_index(rules)
        base = rules.n_indices
        self.surrender_id = base + index[SURRENDER]
        self.stop_id = base + index[STOP]
        self.play_on_id = base + index[PLAY_ON] if PLAY_ON in index else -1
        self.vole_after = int(rules.data["play"]["vole"]["after"])

    def _keys(self) -> None:
        """Each card's worth (for the move ordering) and its key of equivalence: cards that play
        a part of their own (a marriage's, a king's, a matador's) have a key no other card has."""
        rules = self.rules
        special = 0
        if self.kind == PARTNERSHIP:
            special = rules.honours_all
        elif self.kind == SPEECH:
            special = sum(1 << king_of(rules, s) for s in range(len(rules.suits)))
        elif self.kind == AUCTION and self.trump >= 0:
            special = matadors_of(rules, self.trump)
        for c in rules.pack_cards:
            worth = rules.points[c] * 8 + rules.jetons[c]
            self.value[c] = worth
            self.eq_key[c] = -1 - c if special >> c & 1 else worth
        self.eq_mask = vec[i64]([sum(1 << d for d in rules.pack_cards if self.class_of[d] == self.class_of[c]
                                     and self.eq_key[d] == self.eq_key[c] and d != c) for c in range(rules.n_indices)])
        codes = sorted(set(self.eq_key[c] for c in rules.pack_cards))
        for c in rules.pack_cards:
            self.eq_code[c] = codes.index(self.eq_key[c])
        width = self.width
        self.by_suit = width <= 8 and all(
            self.class_of[c] == rules.suit_of[c] and self.stronger[c] == ((1 << c) - 1) & rules.suit_mask[rules.suit_of[c]]
            for c in rules.pack_cards)
        if self.by_suit:
            numbers: dict[tuple[int, ...], int] = {}
            numbered = vec[i64]()
            for suit in range(self.n_suits):
                for places in range(1 << width):
                    held = tuple(self.eq_code[suit * width + r] for r in range(width) if places >> r & 1)
                    numbered = append(numbered, numbers.setdefault(held, len(numbers)))
            self.codes = numbered
        left = 0
        for card in self.stock:
            left |= BIT[card]
        n = self.n
        self.stock_masks = vec[i64]([0] * (self.rules.n_tricks + 1))
        for done in range(self.first_done, self.rules.n_tricks + 1):
            self.stock_masks[done] = left
            drawn = (done - self.first_done) * n
            for k in range(drawn, min(drawn + n, len(self.stock))):
                left &= ~BIT[self.stock[k]]

    def _place(self, base: i64, pos: i64, seat: i64, card: i64) -> None:
        """Card `card` of `seat` is the trick's card at `pos`: the best card so far after it."""
        i = base + pos
        self.tcards[i] = card
        ttop = self.ttop
        tseat = self.tseat
        tmask = self.tmask
        if pos == 0:
            ttop[i], tseat[i], tmask[i] = card, seat, BIT[card]
            return
        top, top_seat = ttop[i - 1], tseat[i - 1]
        if self.beating[top] >> card & 1:
            top, top_seat = card, seat
        ttop[i], tseat[i], tmask[i] = top, top_seat, tmask[i - 1] | BIT[card]

    def hands_mask(self) -> i64:
        out: i64 = 0
        for hand in self.hands:
            out |= hand
        return out

    # -- what may be done --------------------------------------------------------------------

    def _seat(self) -> i64:
        """The seat whose card is next in the trick."""
        seat = self.leader + self.npos
        return seat - self.n if seat >= self.n else seat

    def to_act(self) -> i64:
        if self.phase == WINDOW:
            return self.window[self.window_at]
        if self.phase == MARKING:
            return self.leader
        if self.asking:
            return self.hombre
        return self._seat()

    def legal_cards(self) -> i64:
        """The cards the player to act may play now (as the engine's `legal_cards`)."""
        if self.phase != PLAYING or self.asking:
            return 0
        seat = self._seat()
        hand = self.hands[seat]
        if self.npos == 0:
            return hand
        i = self.done * self.n + self.npos - 1
        first = self.done * self.n
        led = self.class_of[self.tcards[first]]
        if self.kind == PARTNERSHIP:
            return self._following(hand, led, self.ttop[i], self.tmask[i])
        if self.stock_pos < len(self.stock):
            if self.free:
                return hand
            follow = self.follow
        else:
            if self.free_after_talon:
                return hand
            follow = self.after_talon
        return follow(self.rules, hand, led, self.trump_arg, self.ttop[i], self.tmask[i], self.tcards[first])

    def _following(self, hand: i64, led: i64, top: i64, table: i64) -> i64:
        """The cards of `hand` that may follow in 1802 or Brouc, the trick led in class `led`, its
        best card `top` and its cards `table` (the ruleset's following function)."""
        held = hand << 10 | top << 4 | led + 1  # (a card below 64, a class below 15)
        slot = slot_of(held ^ table ^ table >> 31, FOLLOW_SLOTS)
        memo = self.follow_memo
        at = 3 * slot
        if memo[at] == held and memo[at + 1] == table:
            return memo[at + 2]
        if self.fused == FUSED_WHIST:
            legal = legal_whist(self.rules, hand, led, self.trump, top, table)
        elif self.fused == FUSED_BROUC:
            legal = legal_brouc(self.rules, hand, led, self.trump, top, table)
        else:
            legal = self.follow(self.rules, hand, led, self.trump, top, table)
        memo[at] = held
        memo[at + 1] = table
        memo[at + 2] = legal
        return legal

    def words(self) -> list[int]:
        """The actions besides cards the player to act may take now, in the engine's order."""
        rules = self.rules
        phase = self.phase
        if phase == WINDOW:
            return [*self._announcements(self.window[self.window_at], True), rules.pass_action]
        if phase == MARKING:
            return [rules.pass_action + MARK_ACTION, rules.pass_action]
        if phase != PLAYING:
            return NO_WORDS
        if self.kind == PARTNERSHIP:
            seat = self._seat()
            if not rules.windows_after_tricks and self._probe(self.hands[seat]) and self._may_announce_on_turn(seat):
                return self._announcements(seat, False)
            return NO_WORDS
        if self.kind == AUCTION:
            out = []
            if self._may_surrender():
                out.append(self.surrender_id)
            if self.asking:
                out.append(self.play_on_id)
            if self._may_stop():
                out.append(self.stop_id)
            return out
        return NO_WORDS

    def _probe(self, cards: i64) -> bool:
        """`rules.marriage_probe(cards)` (`brou.spec.rules.probe_shape`): False only when the
        cards hold no marriage at all."""
        if self.probe_all:
            return True
        x = cards & self.probe_base
        shifts = self.probe_shifts
        for k in range(len(shifts)):
            x &= cards >> shifts[k]
        return x != 0

    def legal_actions(self) -> list[int]:
        """Every legal action of the player to act, in the engine's order (`legal_actions()`)."""
        if self.phase == OVER:
            return []
        return self.rules.mask_to_list(self.legal_cards()) + self.words()

    def _may_announce_on_turn(self, seat: int) -> bool:
        return seat in announcing_seats(self.rules, "own-turn", seat, list(self.team_tricks), popcount(self.hands[seat]))

    def _announcements(self, seat: int, window: bool) -> list[int]:
        """Announcement ids the seat's hand allows (`HommeDeal._announcement_ids`)."""
        rules = self.rules
        hand = self.hands[seat]
        if not self._probe(hand):
            return NO_WORDS
        if window and self.done == 1 and seat == rules.dealer and not rules.turnup_in_first_window:
            hand &= ~BIT[self.turnup]
        found = self._announceable(seat, hand)
        if not found:
            return NO_WORDS
        base, n_kinds = rules.n_indices, len(rules.kinds)
        return [base + suit * n_kinds + kind for suit, kind, _ in found]

    def _announceable(self, seat: int, hand: i64) -> list[tuple[int, int, int]]:
        """`announceable` for the seat holding `hand` (hdb.marriage.announce-in-hand), kept by
        what its answer depends on: the marriage cards of the hand and of the seat's earlier
        announcements, and which marriages he made.  The list is shared: never changed."""
        cards = self.kind_cards
        n_kinds = len(self.kind_values)
        made: i64 = 0
        for suit, kind in self.made[seat]:
            made |= BIT[suit * n_kinds + kind]
        held = hand & cards
        used: i64 = self.used[seat] & cards
        slot = slot_of(held ^ used << 1 ^ made, ANNOUNCE_SLOTS)
        keys = self.announce_keys
        if keys[3 * slot] == held and keys[3 * slot + 1] == used and keys[3 * slot + 2] == made:
            return self.announce_found[slot]
        found = announceable(self.rules, hand, self.used[seat], self.made[seat])
        keys[3 * slot], keys[3 * slot + 1], keys[3 * slot + 2] = held, used, made
        self.announce_found[slot] = found
        return found

    def _may_surrender(self) -> bool:
        """`HombreDeal._may_surrender`: asked before the lead, or at his first card of the deal."""
        if self.asking:
            return True
        if self.done or self._seat() != self.hombre:
            return False
        if self.npos and self.rules.data["exchange"]["surrender"] == "before-the-lead":
            return False
        assert self.contract is not None
        return self.contract.surrender

    def _may_stop(self) -> bool:
        """`HombreDeal.may_stop`: the hombre leads the trick after the first five, all his."""
        if self.npos or self.leader != self.hombre or self.vole or self.done != self.vole_after:
            return False
        assert self.contract is not None
        return not self.contract.nolo and self.counts[self.hombre] == self.done

    # -- doing it ------------------------------------------------------------------------------

    def _push(self, word: i64) -> None:
        """One integer onto the undo stack."""
        if self.top == len(self.stack):
            self.stack = append(self.stack, word)
        else:
            self.stack[self.top] = word
        self.top += 1

    def _save(self, tag: i64) -> None:
        """What an action other than a card inside a trick may change, kept for `undo`: the
        integers on the stack, the lists by reference, since every change to them is made on a
        copy (`_announce`, `_after_trick`) or undone in turn (the hands, a window's passes, the
        trick counts, the teams' tricks)."""
        top = self.top
        while top + SAVED > len(self.stack):
            self.stack = append(self.stack, 0)
        stack = self.stack
        stack[top] = self.leader
        stack[top + 1] = self.npos
        stack[top + 2] = self.done
        stack[top + 3] = self.stock_pos
        stack[top + 4] = self.gone
        stack[top + 5] = self.phase
        stack[top + 6] = i64(1) if self.asking else i64(0)
        stack[top + 7] = self.vole
        stack[top + 8] = self.how
        stack[top + 9] = self.window_at
        stack[top + 10] = tag
        self.top = top + SAVED
        at = self.held_top
        held = self.held
        if at == len(held):
            held.extend([None] * HELD)
        held[at] = self.made
        held[at + 1] = self.used
        held[at + 2] = self.window
        held[at + 3] = self.marking
        self.held_top = at + HELD

    def apply(self, action: i64) -> i64:
        """Take a legal action; what it adds to the side's value now.  `undo` takes it back."""
        if self.visit is not None:
            self.history.append(action)
        rules = self.rules
        if action < rules.n_indices and self.phase == PLAYING:
            n = self.n
            if self.npos + 1 < n and not (self.npos == 0 and self.kind == AUCTION and self._may_stop()):
                seat = self._seat()
                self.hands[seat] ^= BIT[action]
                self._place(self.done * n, self.npos, seat, action)
                self.npos += 1
                self._push(INSIDE)
                return 0
            self._save(CARD)
            return self._card(action)
        if self.phase == WINDOW and action == rules.pass_action:
            self.window_at += 1
            self._push(PASS)
            if self.window_at == len(self.window):
                self.phase = PLAYING
            return 0
        self._save(WORD_DONE)
        if self.phase == MARKING:
            return self._close_marking(action != rules.pass_action)
        if self.kind == AUCTION:
            return self._hombre_word(action)
        return self._announce(action)

    def undo(self) -> None:
        """Take the last action back."""
        if self.visit is not None:
            self.history.pop()
        stack = self.stack
        top = self.top - 1
        tag = stack[top]
        n = self.n
        if tag == INSIDE:
            self.top = top
            self.npos -= 1
            self.hands[self._seat()] ^= BIT[self.tcards[self.done * n + self.npos]]
            return
        if tag == PASS:
            self.top = top
            self.window_at -= 1
            self.phase = WINDOW
            return
        stock_pos = self.stock_pos
        done = self.done
        top -= SAVED - 1
        self.top = top
        self.leader = stack[top]
        self.npos = stack[top + 1]
        self.done = stack[top + 2]
        self.stock_pos = stack[top + 3]
        self.gone = stack[top + 4]
        self.phase = stack[top + 5]
        self.asking = stack[top + 6] == 1
        self.vole = stack[top + 7]
        self.how = stack[top + 8]
        self.window_at = stack[top + 9]
        at = self.held_top - HELD
        self.held_top = at
        held = self.held
        self.made = held[at]
        self.used = held[at + 1]
        self.window = held[at + 2]
        self.marking = held[at + 3]
        for t in range(self.done, done):
            self.counts[self.winners[t]] -= 1
        if tag == CARD:
            slot = self.done * n + self.npos
            self.hands[self._seat()] ^= BIT[self.tcards[slot]]
            if done > self.done:
                winner = self.tseat[self.done * n + n - 1]
                if self.kind == PARTNERSHIP:
                    self.team_tricks[self.team_of[winner]] -= 1
                if stock_pos > self.stock_pos:  # the draws after the trick
                    for k in range(n):
                        self.hands[(winner + k) % n] ^= BIT[self.stock[self.stock_pos + k]]

    def _card(self, card: i64) -> i64:
        """A card that may end the trick or begin L'Hombre's vole (the state saved before)."""
        n = self.n
        if self.npos == 0 and self.kind == AUCTION and self._may_stop():
            self.vole = 1  # a card led after the first five tricks undertakes the vole
        seat = self._seat()
        self.hands[seat] ^= BIT[card]
        self._place(self.done * n, self.npos, seat, card)
        self.npos += 1
        if self.npos < n:
            return 0
        return self._finish_trick()

    def _finish_trick(self) -> i64:
        """The full trick to its winner, then what follows it in the game (`_finish_trick` of the
        deal classes); what it adds to the side's value."""
        rules = self.rules
        n = self.n
        i = self.done * n + n - 1
        leader = self.leader
        winner, mask = self.tseat[i], self.tmask[i]
        self.gone |= mask
        self.winners[self.done] = winner
        self.counts[winner] += 1
        self.done += 1
        self.leader = winner
        self.npos = 0
        gain: i64 = 0
        kind = self.kind
        if kind == PARTNERSHIP:
            return self._finish_homme(winner, mask)
        if kind == TALON:
            if self.points_goal:
                if self.mine[winner]:
                    gain = self._card_points(mask)
            elif rules.pays_brusquembilles and mask & self.jeton_mask:
                gain = self._net(brusquembille_payments(rules, self._plays(leader, i - n + 1), winner, self.done))
            if self.stock_pos < len(self.stock):
                for k in range(n):
                    self.hands[(winner + k) % n] |= BIT[self.stock[self.stock_pos + k]]
                self.stock_pos += n
        elif kind == SPEECH:
            if mask & self.scored_mask:
                gain = self._net(taken_king_entries(rules, self._plays(leader, i - n + 1), winner, self.scored, self.done))
        elif kind == AUCTION:
            assert self.contract is not None
            if (self.contract.nolo and self.counts[self.hombre] >= 2
                    and rules.data["play"]["nolo_codille"] == "stop-at-codille" and self.hands_mask()):
                self.how, self.phase = HOW_CODILLE, OVER
                return 0
        if not self.hands_mask():
            self.phase = OVER
        return gain

    def _plays(self, leader: int, first: int) -> list[tuple[int, int]]:
        """The finished trick's (seat, card) in the order played, `leader` first."""
        n = self.n
        return [((leader + k) % n, self.tcards[first + k]) for k in range(n)]

    def _card_points(self, mask: i64) -> i64:
        """`brou.laws.counting.card_points` (hdb.count.card-points) on the search's native ints:
        the same table, suit by suit."""
        width = self.width
        full = BIT[width] - 1
        size = BIT[width]
        total: i64 = 0
        for suit in range(self.n_suits):
            total += self.suit_points[suit * size + (mask >> suit * width & full)]
        return total

    def _net(self, entries: list[Entry]) -> int:
        """The side's net jetons (or marks) over ledger entries."""
        side = self.side
        total = 0
        for giver, taker, jetons, _, _, _ in entries:
            if giver >= 0 and side[giver]:
                total -= jetons
            if taker >= 0 and side[taker]:
                total += jetons
        return total

    # -- 1802 and Brouc ------------------------------------------------------------------------

    def _sign(self, team: i64) -> i64:
        """+1 for the side's team, -1 for the other: the value is the difference of the counts."""
        return self.signs[team]

    def _finish_homme(self, winner: i64, mask: i64) -> i64:
        rules = self.rules
        team = self.team_of[winner]
        self.team_tricks[team] += 1  # (taken back by `undo`)
        points = self._card_points(mask)
        last = self.done == self.n_tricks
        if last:
            points += rules.last_trick_bonus
        gain = self._sign(team) * points
        if self._probe(mask):
            found = self._marriages_of(mask)
            if found is None:
                first = (self.done - 1) * self.n
                found = table_marriages(rules, [self.tcards[first + k] for k in range(self.n)], self.trump)
            for suit, kind, value in found:
                if self.marked_by_engine:
                    gain += self._table_gain(team, value)
                else:
                    self.marking = [*self.marking, (self.done - 1, suit, kind, team, value)]
        if self.marking:
            self.phase = MARKING
            return gain
        return gain + self._after_trick()

    def _marriages_of(self, mask: i64) -> list[tuple[int, int, int]] | None:
        """`table_marriages` of a finished trick whose cards are `mask`, kept by its cards; None
        where the order they were played in may matter (marriages_in_one_trick=first-only)."""
        memo = self.marriages_memo
        if memo is None:
            return None
        found = memo.get(mask)
        if found is None:
            found = table_marriages(self.rules, self.rules.mask_to_list(mask), self.trump)
            memo[mask] = found
        return found

    def _table_gain(self, team: i64, value: i64) -> i64:
        """What a table marriage worth `value` taken by `team` moves the side's value."""
        return self._sign(team) * value * self.table_factor

    def _after_trick(self) -> i64:
        """`HommeDeal._after_trick` of a deal alone: the end, a window, or the next lead."""
        rules = self.rules
        if self.done == self.n_tricks:
            self.phase = OVER
            return 0
        seats = self._after_trick_seats() if rules.windows_after_tricks else ()
        if seats:
            self.phase, self.window, self.window_at = WINDOW, seats, 0
        else:
            self.phase = PLAYING
        return 0

    def _after_trick_seats(self) -> tuple[int, ...]:
        """Who may announce in the window after the trick the leader has just won
        (`announcing_seats`), kept by what it depends on: the winner, whether his team's tricks
        are none, one or more, and whether the hands are still large enough for a marriage."""
        rules = self.rules
        winner = self.leader
        tricks = self.team_tricks[self.team_of[winner]]
        left = rules.hand_size - self.done
        key = (winner * 3 + min(tricks, 2)) * 2
        if left < rules.smallest_marriage:
            key += 1
        found = self.after_seats[key]
        if found is None:
            found = announcing_seats(rules, "after-trick", winner, list(self.team_tricks), left)
            self.after_seats[key] = found
        return found

    def _close_marking(self, marked: bool) -> i64:
        gain = 0
        if table_marriage_counts(self.rules, marked):
            for entry in self.marking:
                gain += self._table_gain(entry[3], entry[4])
        self.marking = []
        return gain + self._after_trick()

    def _announce(self, action: i64) -> i64:
        rules = self.rules
        seat = self.to_act()
        suit, kind = divmod(action - rules.n_indices, len(rules.kinds))
        hand = self.hands[seat]
        if self.phase == WINDOW and self.done == 1 and seat == rules.dealer and not rules.turnup_in_first_window:
            hand &= ~BIT[self.turnup]
        extends = next(e for s, k, e in self._announceable(seat, hand) if (s, k) == (suit, kind))
        self.made = [*self.made[:seat], [*self.made[seat], (suit, kind)], *self.made[seat + 1:]]
        self.used = self.used[:]
        self.used[seat] |= rules.kinds[kind].masks[suit]
        points = announcement_value(rules, suit, kind, extends, self.trump)
        return self._sign(self.team_of[seat]) * points * self.announce_factor

    # -- L'Hombre ----------------------------------------------------------------------------------

    def _hombre_word(self, action: i64) -> i64:
        if action == self.surrender_id:
            self.asking = False
            self.how, self.phase = HOW_SURRENDER, OVER
        elif action == self.play_on_id:
            self.asking = False
        else:
            self.how, self.phase = HOW_STOPPED, OVER
        return 0

    def _hombre_value(self) -> int:
        """The hombre's points for the deal as it ended (`brou.laws.results`), for the side."""
        counts = self.counts
        best = max(c for s, c in enumerate(counts) if s != self.hombre)
        found = self._points(self.how, self.vole, counts[self.hombre], best)
        return found if self.side[self.hombre] else -found

    def _points(self, how: int, vole: int, taken: int, best: int) -> int:
        """The hombre's points when he took `taken` tricks and the better tier `best`, a vole
        engaged or not (`brou.laws.results.hombre_outcome` and `hombre_entries`)."""
        key = (how, vole, taken, best)
        found = self.hombre_values.get(key)
        if found is None:
            assert self.contract is not None
            rules = self.rules
            other = (self.hombre + 1) % self.n
            winners = [self.hombre] * taken + [other] * best
            outcome = "surrender" if how == HOW_SURRENDER else hombre_outcome(self.contract, self.hombre, winners, self.n)
            made = None
            if vole:
                made = "made" if taken == rules.n_tricks else "missed"
            found = sum(e.jetons if e.taker == self.hombre else -e.jetons
                        for e in hombre_entries(rules, self.contract, self.hombre, outcome, made, taken + best))
            self.hombre_values[key] = found
        return found

    # -- the end ------------------------------------------------------------------------------------

    def terminal(self) -> i64:
        """What the end of the deal adds to the side's value (the count of L'Homme d'Auvergne,
        the hombre's points; nothing more in the games counted trick by trick)."""
        if self.kind == AUCTION:
            return self._hombre_value()
        if self.kind == SPEECH and self.homme >= 0:
            winners = [self.winners[t] for t in range(self.done)]
            key = tuple(winners)
            found = self.homme_values.get(key)
            if found is None:
                found = self._net(homme_entries(self.rules, self.homme, winners))
                self.homme_values[key] = found
            return found
        return 0

    def outcome_name(self) -> str:
        """L'Hombre, once over: won, remise, codille or surrender."""
        assert self.contract is not None
        if self.how == HOW_SURRENDER:
            return "surrender"
        winners = [s for s in range(self.n) for _ in range(self.counts[s])]
        return str(hombre_outcome(self.contract, self.hombre, winners, self.n))

    # -- the search -----------------------------------------------------------------------------

    def key(self, row: vec[i64]) -> i64:
        """The transposition table's key at the lead of a trick, written into `row` (`key_rows`);
        its length: everything the rest of the deal depends on.  The cards are given by their
        places, not their names (as DDS's relative ranks): class by class from the strongest,
        each card still in play as its holder (a seat, or its place in the talon) and its key of
        equivalence, so that positions that differ only in which of the cards worth the same are
        still out share their entry."""
        count = self._suit_keys(row) if self.by_suit else self._class_keys(row)
        kind = self.kind
        if kind == PARTNERSHIP:
            teams: i64 = 0  # a bit per team that has a trick
            for team in range(len(self.team_tricks)):
                if self.team_tricks[team]:
                    teams |= BIT[team]
            row[count] = teams
            count += 1
            n_kinds: i64 = len(self.kind_values)
            for seat in range(self.n):
                hand = self.hands[seat]
                bits: i64 = 0  # the marriages he announced still whole in his hand, above his cards used
                for suit, kind_ in self.made[seat]:
                    mask = self.kind_masks[suit * n_kinds + kind_]
                    if hand & mask == mask:
                        bits |= BIT[suit * n_kinds + kind_]
                row[count] = bits << 48 | self.used[seat] & hand
                count += 1
        elif kind == SPEECH:
            for t in range(self.done):
                row[count] = self.winners[t]
                count += 1
        elif kind == AUCTION:
            for seat in range(self.n):
                row[count] = self.counts[seat]
                count += 1
            row[count] = self.vole
            count += 1
        return count

    def _suit_keys(self, row: vec[i64]) -> i64:
        """`key`'s cards where each class is a suit in the order of the cards' indices: per suit,
        the keys of equivalence of its cards still in play (a number, `codes`), then each hand's
        and the talon's cards of the suit among them, as bits of their places (`PEXT`)."""
        width = self.width
        full = BIT[width] - 1
        alive = self.rules.pack & ~self.gone
        stock = self.stock_masks[self.done] if len(self.stock) else i64(0)
        row[0] = self.leader
        row[1] = self.done
        hands = self.hands
        for suit in range(self.n_suits):
            shift = suit * width
            places = alive >> shift & full
            k = self.codes[suit << width | places]
            bits = places << 8
            for seat in range(self.n):
                k = k << width | PEXT[bits | hands[seat] >> shift & full]
            if stock:
                k = k << width | PEXT[bits | stock >> shift & full]
            row[2 + suit] = k
        return 2 + self.n_suits

    def _class_keys(self, row: vec[i64]) -> i64:
        """`key`'s cards in any order of the classes (L'Hombre's): each card still in play, class
        by class from the strongest, as its holder and its key of equivalence."""
        n = self.n
        row[0] = self.leader
        row[1] = self.done
        count: i64 = 2
        owner = self.owner
        for seat in range(n):
            hand = self.hands[seat]
            while hand:
                low = lowest(hand)
                owner[low] = seat
                hand ^= BIT[low]
        for k in range(self.stock_pos, len(self.stock)):
            owner[self.stock[k]] = n + k - self.stock_pos
        gone = self.gone
        cls: i64 = -1
        class_of = self.class_of
        for card in self.by_strength:
            if gone >> card & 1:
                continue
            if class_of[card] != cls:
                cls = class_of[card]
                row[count] = -1 - cls
                count += 1
            row[count] = owner[card] * 64 + self.eq_code[card]
            count += 1
        return count

    def bounds(self) -> tuple[i64, i64]:
        """Bounds on what the rest of the deal can add, cheaply, at the lead of a trick: the
        points still in play, less those one side surely takes (`_sure`), and what marriages can
        still move (`_announce_bound`, `_table_bound`); L'Hombre's points from the tricks each
        can still take."""
        kind = self.kind
        if kind == PARTNERSHIP:
            alive = self.hands_mask()
            low, high = self._end_bounds(alive, self._card_points(alive))
            mine, others = self._announce_bound(alive)
            return low - others, high + mine
        if kind == TALON and self.points_goal:
            alive = self.hands_mask() | self.stock_masks[self.done]
            run, holder, run_points = self._top_run(alive)
            ours, theirs = self._sure(run, holder, run_points)
            return ours, self._card_points(alive) - theirs
        if kind == AUCTION and self.done:
            return self._hombre_range()
        return -INFINITE, INFINITE

    def loose_bounds(self) -> tuple[int, int]:
        """Bounds at any moment (a trick half played, a window, a mark): the points still in play
        or on the table, every marriage whose cards are still there, the marks pending."""
        kind = self.kind
        alive = self.hands_mask() | (self.tmask[self.done * self.n + self.npos - 1] if self.npos else 0)
        if kind == PARTNERSHIP:
            rules = self.rules
            spread = self._card_points(alive) + rules.last_trick_bonus
            for entry in self.marking:
                spread += abs(entry[4]) * self.table_factor
            for suit in range(len(rules.suits)):
                if rules.kinds and alive & rules.kinds[0].masks[suit] == rules.kinds[0].masks[suit]:
                    factor = rules.trump_factor if suit == self.trump else 1
                    spread += sum(k.value for k in rules.kinds) * factor * self.announce_factor
                    spread += max(k.value for k in rules.kinds) * factor * rules.table_factor * self.table_factor
            return -spread, spread
        if kind == TALON and self.points_goal:
            return 0, self._card_points(alive | self.stock_masks[self.done])
        if kind == AUCTION and self.done:
            return self._hombre_range()
        return -INFINITE, INFINITE

    def _top_run(self, alive: i64) -> tuple[i64, i64, i64]:
        """The top trumps still in play that one side holds, each of them above every trump the
        other side holds or the talon still hides (each takes the trick it falls in for that
        side, whatever happens), as a mask, that side (1 the side searched, 0 the others, -1
        none) and their card points."""
        alive &= self.trump_cards
        if not alive:
            return 0, -1, 0
        ours: i64 = 0  # the cards of the side's hands, and of the others'
        theirs: i64 = 0
        hands = self.hands
        sides = self.mine
        for seat in range(self.n):
            if sides[seat]:
                ours |= hands[seat]
            else:
                theirs |= hands[seat]
        holder: i64 = -1
        run: i64 = 0
        points: i64 = 0
        worth = self.points
        for card in self.trumps:
            bit = BIT[card]
            if not alive & bit:
                continue
            if ours & bit:
                mine: i64 = 1
            elif theirs & bit:
                mine = 0
            else:
                break  # in the talon
            if holder >= 0 and mine != holder:
                break
            holder = mine
            run |= bit
            points += worth[card]
        return run, holder, points

    def _sure(self, run: i64, holder: i64, points: i64) -> tuple[i64, i64]:
        """The points a side surely takes: its top trumps (`_top_run`) and, once nothing is left
        to draw, the cards the others must give to the tricks they fall in: the player holding
        most of them wins as many tricks with them, and every other player who holds none plays
        one card to each (his cheapest, at least): (the side's, the others'); `points` are the
        top trumps' own."""
        if holder < 0:
            return 0, 0
        if self.stock_pos >= len(self.stock):
            tricks: i64 = 1  # the tricks those trumps fall in, at least: those of its player holding most
            hands = self.hands
            mine = self.mine
            if run & (run - 1):
                for hand in hands:
                    tricks = max(tricks, popcount(hand & run))
            for s in range(self.n):
                hand = hands[s]
                if mine[s] != holder or hand & run == 0:
                    points += self._cheapest(hand, tricks)
        if holder == 1:
            return points, 0
        return 0, points

    def _cheapest(self, hand: i64, count: i64) -> i64:
        """The points of the `count` cheapest cards of a hand."""
        least = hand & self.least_mask  # the cards worth least: enough of them is the answer
        if least and (count == 1 or popcount(least) >= count):
            return count * self.least_points
        total: i64 = 0
        points = self.points
        for card in self.by_points:
            if count == 0:
                break
            if hand >> card & 1:
                total += points[card]
                count -= 1
        return total

    def _announce_bound(self, alive: i64) -> tuple[i64, i64]:
        """At most what announcements can still move the value: per suit, each kind one of the
        side's hands holds whole and has not announced, and the same for the others: (mine,
        others')."""
        if not self.marriages or not self._probe(alive):
            return 0, 0
        mine: i64 = 0
        others: i64 = 0
        hands = self.hands
        n_kinds: i64 = len(self.kind_values)
        for i in range(len(self.kind_masks)):
            mask = self.kind_masks[i]
            if alive & mask != mask:
                continue  # a card of it gone: no hand can announce it
            for seat in range(self.n):
                if hands[seat] & mask == mask and (i // n_kinds, i % n_kinds) not in self.made[seat]:
                    if self.mine[seat]:
                        mine += self.announce_values[i]
                    else:
                        others += self.announce_values[i]
        return mine, others

    def _table_bound(self, alive: i64, run: i64, holder: i64) -> tuple[i64, i64]:
        """At most what table marriages can still move the value: per suit, the largest kind whose
        cards lie one in each of as many hands as it has cards (they can fall in one trick; two
        in one hand cannot), up and down, or only for the side of the top trumps (`_top_run`,
        holder) when one of them is among its cards (the trick it falls in is that side's):
        (up, down)."""
        if not self.marriages or not self._probe(alive):
            return 0, 0
        up_total: i64 = 0
        down_total: i64 = 0
        hands = self.hands
        masks = self.kind_masks
        n = self.n
        n_kinds: i64 = len(self.kind_values)
        i: i64 = 0
        for _suit in range(self.n_suits):
            up: i64 = 0
            down: i64 = 0
            for _kind in range(n_kinds):  # (names of their own: one `_` for both would be a boxed int)
                mask = masks[i]
                if alive & mask == mask:  # (a card of it gone or in the talon: no trick takes it whole)
                    split = True  # no hand holds two of its cards (one card a trick)
                    for seat in range(n):
                        part = hands[seat] & mask
                        if part & (part - 1):
                            split = False
                            break
                    if split:
                        value = self.table_values[i]
                        if holder != 0 or not mask & run:
                            up = max(up, value)
                        if holder != 1 or not mask & run:
                            down = max(down, value)
                i += 1
            up_total += up
            down_total += down
        return up_total, down_total

    def _hombre_range(self) -> tuple[int, int]:
        """The least and the most the hombre's points can still be, from the tricks taken and
        those left (every split of them), a vole made or missed where one may still be played."""
        counts = self.counts
        hombre = self.hombre
        tiers = [counts[s] for s in range(self.n) if s != hombre]
        left = self.n_tricks - self.done
        may_vole = self.vole == 0 and counts[hombre] == self.done and self.done <= self.vole_after
        key = (counts[hombre], tiers[0], tiers[1] if len(tiers) > 1 else 0, left, self.vole, 1 if may_vole else 0)
        found = self.ranges.get(key)
        if found is None:
            values = []
            voles = [self.vole] + ([1] if may_vole else [])
            for k in range(left + 1):
                for j in range(left - k + 1):
                    best = max(tiers[0] + j, (tiers[1] if len(tiers) > 1 else 0) + left - k - j)
                    for vole in voles:
                        values.append(self._points(HOW_PLAYED, vole, counts[hombre] + k, best))
            if may_vole:
                values.append(self._points(HOW_STOPPED, 0, self.vole_after, 0))
            found = (min(values), max(values))
            self.ranges[key] = found
        if self.side[hombre]:
            return found
        return -found[1], -found[0]

    def relative(self, action: i64) -> i64:
        """An action as the table keeps it: a card by its class and how many cards of that class
        still in play are stronger (so that it names the same card in every position of the
        entry, `key`), a word by its id above the cards."""
        if action >= self.rules.n_indices:
            return WORD + action
        return self.class_of[action] * 64 + popcount(self.stronger[action] & ~self.gone)

    def _order(self, best: i64, ply: i64) -> i64:
        """The actions to search here, best first, written into `rows[ply]`; how many: the legal
        ones, cards that are worth the same and touch in their class's order merged into the
        strongest; the table's best action, then a guess.  In 1802 and Brouc, a player who may
        announce a marriage announces before he plays or passes, and the winner of a trick with
        a table marriage marks it: each adds to his side's count and takes nothing from what he
        may do after (docs/solve.md), so the other actions there can only be worth as much or
        less."""
        row = depth_row(self.rows, ply, self.rules.pass_action + 16)  # every card and word, at most
        words = self.words() if self.words_in_play or self.phase != PLAYING else NO_WORDS
        legal = self.legal_cards()
        if self.visit is not None:
            self.visit(self.history, self.rules.mask_to_list(legal) + words)
        count: i64 = 0
        if self.kind == PARTNERSHIP and words:
            if self.phase == MARKING:
                row[0] = words[0]  # mark: the marriages count for the winner's side
                return 1
            for word in words:
                if word < self.rules.pass_action:
                    row[count] = word
                    count += 1
            if count:
                return count
        if not legal:
            for word in words:
                row[count] = word
                count += 1
            return count
        if not words and legal & (legal - 1) == 0:
            row[0] = lowest(legal)  # one card: nothing to order
            return 1
        n = self.n
        seat = self._seat()
        # each card after its guess, as one number: -guess * 64 + card, in order
        gone = self.gone
        stronger = self.stronger
        class_of = self.class_of
        eq_key = self.eq_key
        prev: i64 = -1
        npos = self.npos
        i = self.done * n + npos - 1
        top: i64 = self.ttop[i] if npos else i64(-1)
        ours = npos > 0 and self.mine[self.tseat[i]] == self.mine[seat]
        beating: i64 = self.beating[top] if npos else i64(0)
        order: i64 = legal if self.by_suit else i64(0)  # the strength order is the cards' order: lowest bit first
        walk: i64 = 0
        card: i64 = 0
        guess: i64 = 0
        strength = self.by_strength
        by_suit = self.by_suit
        values = self.value
        place = self.place
        hand = self.hands[seat]
        while True:
            if by_suit:
                if not order:
                    break
                card = lowest(order)
                order ^= BIT[card]
            else:
                if walk == len(strength):
                    break
                card = strength[walk]
                walk += 1
                if not legal >> card & 1:
                    continue
            if (prev >= 0 and class_of[prev] == class_of[card] and eq_key[prev] == eq_key[card]
                    and stronger[card] & ~stronger[prev] & ~BIT[prev] & ~gone == 0):
                prev = card
                continue
            prev = card
            worth: i64 = values[card]
            if best >= 0 and best == class_of[card] * 64 + popcount(stronger[card] & ~gone):
                guess = 1 << 20
            elif npos == 0:
                top_of_class = stronger[card] & ~gone & ~hand == 0
                guess = (1000 + worth) if top_of_class else -worth - place[card]
            elif ours:
                guess = worth - (i64(500) if beating >> card & 1 else i64(0))
            elif beating >> card & 1:
                guess = 600 + place[card] * 4 - worth
            else:
                guess = -worth * 4 - (8 - place[card])
            item: i64 = -guess * 64 + card
            k = count
            while k > 0 and row[k - 1] > item:  # a few cards: an insertion sort
                row[k] = row[k - 1]
                k -= 1
            row[k] = item
            count += 1
        for k in range(count):
            row[k] &= 63
        for word in words:
            row[count] = word
            count += 1
        return count

    def groups(self, legal: int) -> dict[int, int]:
        """The legal cards `_order` merges into another, each with the card searched for it."""
        out: dict[int, int] = {}
        rep = prev = -1
        for card in self.by_strength:
            if not legal >> card & 1:
                continue
            if (prev >= 0 and self.class_of[prev] == self.class_of[card] and self.eq_key[prev] == self.eq_key[card]
                    and self.stronger[card] & ~self.stronger[prev] & ~BIT[prev] & ~self.gone == 0):
                out[card] = rep
            else:
                rep = card
            prev = card
        return out

    def last_trick(self) -> i64:
        """The last trick, every hand down to one card: played out, its marriages marked, and
        counted, without a search."""
        if self.visit is None and self.phase == PLAYING:
            kind = self.kind
            if kind == PARTNERSHIP or (kind == TALON and self.points_goal):
                quick = self._last_cards()
                if quick != NO_QUICK:
                    return quick
        total = 0
        taken = 0
        while self.phase != OVER:
            if self.visit is not None:
                self.visit(self.history, self.legal_actions())
            if self.phase == MARKING:
                action = self.rules.pass_action + MARK_ACTION
            else:
                hand = self.hands[self._seat()]
                action = lowest(hand)
            total += self.apply(action)
            taken += 1
        total += self.terminal()
        for _ in range(taken):
            self.undo()
        return total

    def _last_cards(self) -> i64:
        """`last_trick` where the trick adds only its card points (1802 and Brouc with the last
        trick's bonus and its table marriages, Brusquembille's points): the one card of each
        hand, the winner from the beating table, no move made; NO_QUICK where a table marriage
        in it is marked by its winner (table_marking=players) or depends on the order of the
        cards (`_marriages_of`): the full play counts those."""
        n = self.n
        leader = self.leader
        hands = self.hands
        worth = self.points
        top = lowest(hands[leader])
        winner = leader
        mask = hands[leader]
        points = worth[top]
        for k in range(1, n):
            seat = (leader + k) % n
            card = hands[seat]
            mask |= card
            c = lowest(card)
            points += worth[c]
            if self.beating[top] & card:
                top, winner = c, seat
        if self.kind == TALON:
            return points if self.mine[winner] else i64(0)
        return self._counted(self.team_of[winner], mask, points, True)

    def _counted(self, team: i64, mask: i64, points: i64, last: bool) -> i64:
        """What a trick of 1802 or Brouc with the cards `mask` (worth `points`), taken by `team`,
        adds to the side's value (as `_finish_homme` counts it): its card points, the last
        trick's bonus where `last`, its table marriages; NO_QUICK where one of them is marked by
        its winner (table_marking=players) or depends on the order of the cards
        (`_marriages_of`)."""
        if last:
            points += self.rules.last_trick_bonus
        sign = self.signs[team]  # (`_sign`, `_table_gain`)
        gain = sign * points
        if self._probe(mask):
            if not self.marked_by_engine or self.marriages_memo is None:
                return NO_QUICK
            gain += sign * self._table_total(mask) * self.table_factor
        return gain

    def _table_total(self, mask: i64) -> i64:
        """What the table marriages of a finished trick whose cards are `mask` are worth together
        (`_marriages_of`, which must not be None), kept by the cards in a small table of machine
        integers (one slot each, the newest kept)."""
        slot = slot_of(mask, TOTAL_SLOTS)
        if self.total_cards[slot] == mask:
            return self.total_values[slot]
        found = self._marriages_of(mask)
        assert found is not None
        total: i64 = 0
        for _, _, value in found:
            total += value
        self.total_cards[slot] = mask
        self.total_values[slot] = total
        return total

    def _pass_window(self) -> i64:
        """1802's window after a trick: each seat in it that has nothing to announce passes, the
        one move he has, without a node of the search; how many passed (`undo` each)."""
        passed = 0
        pass_action = self.rules.pass_action
        while self.phase == WINDOW and not self._announcements(self.window[self.window_at], True):
            if self.visit is not None:
                self.visit(self.history, [pass_action])
            self.apply(pass_action)
            passed += 1
        return passed

    # -- the last tricks of 1802 and Brouc ----------------------------------------------------

    def _cards_only(self) -> bool:
        """Whether the rest of a deal of 1802 or Brouc is cards alone: no hand may announce a
        marriage (`announceable` is empty, with a cheap `_probe` first), so nobody will (a hand
        only loses cards, and what fewer cards allow is part of what more allowed) and every
        window is passed; what was announced before no longer moves the value; the table
        marriages are counted by the engine and their value does not depend on the order of
        the trick's cards (`_marriages_of`).  Then `_endgame` searches it."""
        if (self.kind != PARTNERSHIP or self.probe_all or not self.marked_by_engine or self.marriages_memo is None
                or self.visit is not None):
            return False
        for seat in range(self.n):
            hand = self.hands[seat]
            if self._probe(hand) and self._announceable(seat, hand):
                return False
        return True

    def _endgame(self, alpha: i64, beta: i64, own_entry: bool) -> i64:
        """`search` at the lead of a trick of a deal that is cards alone (`_cards_only`), near its
        end: the same value, by an alpha-beta over the hands alone, without the words, the undo
        stack and the general key, each trick counted where it is finished (as `_finish_homme`
        and `_last_cards` count it).  Its own table holds bounds by the hands and the leader
        (`own_entry`: not at the position the general search handed over, which the general
        table keeps); a position it has no entry for starts from `_end_bounds`."""
        self.nodes += 1
        if self.done + 1 == self.n_tricks:
            return self._last_cards()
        n = self.n
        alive = self.hands_mask()
        cards = alive | self.leader << self.rules.n_indices  # and who leads
        low, high = -INFINITE, INFINITE
        base: i64 = 0
        if own_entry:
            size = self.end_size
            if 8 * self.end_stored >= size and size < END_SLOTS:
                self._end_table(max(END_FIRST, 4 * size))
                size = self.end_size
            hands = self.hands
            words = self.end_words
            base = end_slot(cards, hands, 0, n - 1, size) * (n + 2)
            same = words[base + n - 1] == cards
            if same:
                for seat in range(n - 1):
                    if words[base + seat] != hands[seat]:
                        same = False
                        break
            if same:
                low, high = words[base + n], words[base + n + 1]
            else:
                low, high = self._end_bounds(alive, self.end_points)
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        value = self._end_card(0, -1, -1, self.leader, 0, 0, alpha, beta)
        if own_entry:
            low, high = narrowed(low, high, value, alpha, beta)
            self.end_stored += 1
            words = self.end_words
            hands = self.hands
            for seat in range(n - 1):
                words[base + seat] = hands[seat]
            words[base + n - 1] = cards
            words[base + n] = low
            words[base + n + 1] = high
        return value

    def _end_bounds(self, alive: i64, points: i64) -> tuple[i64, i64]:
        """`bounds` of 1802 and Brouc but the announcements to come, the hands' cards `alive`
        worth `points`: all of them in `_endgame`, where nothing can be announced any more
        (`_cards_only`) and the points are carried (`end_points`)."""
        run, holder, run_points = self._top_run(alive)
        ours, theirs = self._sure(run, holder, run_points)
        spread = points + self.rules.last_trick_bonus
        up, down = self._table_bound(alive, run, holder)
        return 2 * ours - spread - down, spread - 2 * theirs + up

    def _end_table(self, size: i64) -> None:
        """`_endgame`'s table made anew with `size` slots (a power of two), its entries moved into
        it: it grows as the search meets more positions, so that a small search makes only a
        small one."""
        n = self.n
        stride = n + 2
        words = self.end_words
        self.end_words = vec[i64]([EMPTY_END] * (size * stride))
        self.end_stored = 0
        for k in range(self.end_size):
            base = k * stride
            cards = words[base + n - 1]
            if cards != EMPTY_END:
                at = end_slot(cards, words, base, n - 1, size) * stride
                for j in range(stride):
                    self.end_words[at + j] = words[base + j]
        self.end_size = size

    def _end_card(self, npos: i64, led: i64, top: i64, top_seat: i64, table: i64, points: i64, alpha: i64,
                  beta: i64) -> i64:
        """`_endgame` at the card `npos` of the trick; after the lead, the trick led in class
        `led`, its best card `top` (of `top_seat`), its cards `table` and their `points`."""
        if npos:
            self.nodes += 1
        n = self.n
        seat = self.leader + npos
        if seat >= n:
            seat -= n
        hands = self.hands
        legal = self._following(hands[seat], led, top, table) if npos else hands[seat]
        maximising = self.mine[seat] == 1
        ours = self.mine[top_seat] == self.mine[seat]
        value = -INFINITE if maximising else INFINITE
        beating = self.beating[top] if npos else i64(-1)  # (the lead takes the trick so far)
        values = self.value
        place = self.place
        stronger = self.stronger
        gone = self.gone
        eq_mask = self.eq_mask
        while legal:
            # leading, the strongest card left of its class first, the ones worth most first, then
            # the cheapest; following, points onto a trick one's side holds, a cheap winner onto
            # the other's, else a cheap card
            card: i64 = -1
            score: i64 = -INFINITE
            rest = legal
            while rest:
                part = rest & 0xFFFF  # `lowest`, written out: the loop is the search's hottest
                if part:
                    c = LOW[part]
                else:
                    part = rest >> 16 & 0xFFFF
                    c = 16 + LOW[part] if part else 32 + LOW[rest >> 32 & 0xFFFF]
                rest &= rest - 1
                worth = values[c]
                if npos == 0:
                    s = (1000 + worth) if stronger[c] & ~gone & ~hands[seat] == 0 else -worth
                elif ours:
                    s = worth - (i64(500) if beating >> c & 1 else i64(0))
                elif beating >> c & 1:
                    s = 600 - place[c] * 4 - worth
                else:
                    s = -worth * 4 + place[c]
                if s > score:
                    card, score = c, s
            legal ^= BIT[card]
            if legal & eq_mask[card]:
                legal &= ~self._equivalent(card, legal)
            hands[seat] ^= BIT[card]
            wins = beating >> card & 1 == 1
            if npos + 1 < n:
                found = self._end_card(npos + 1, led if npos else self.class_of[card], card if wins else top,
                                       seat if wins else top_seat, table | BIT[card], points + self.points[card],
                                       alpha, beta)
            else:
                found = self._end_trick(seat if wins else top_seat, table | BIT[card], points + self.points[card],
                                        alpha, beta)
            hands[seat] ^= BIT[card]
            if maximising:
                if found > value:
                    value = found
                    if value > alpha:
                        alpha = value
            elif found < value:
                value = found
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return value

    def _equivalent(self, card: i64, legal: i64) -> i64:
        """The cards of `legal` that are worth the same as `card` and touch it in their class's
        order, through cards out of play or of the same kind (as `_order` merges them)."""
        same = legal & self.eq_mask[card]
        if not same:
            return 0
        allowed = same | self.gone
        stronger = self.stronger
        found: i64 = 0
        rest = same
        while rest:
            c = lowest(rest)
            rest ^= BIT[c]
            if (stronger[c] ^ stronger[card]) & ~BIT[c] & ~BIT[card] & ~allowed == 0:
                found |= BIT[c]
        return found

    def _end_trick(self, winner: i64, mask: i64, points: i64, alpha: i64, beta: i64) -> i64:
        """`_endgame` once a trick's last card is down: what the trick adds (as `_finish_homme`
        counts it), and the rest of the deal from its winner's lead."""
        done = self.done + 1
        gain = self._counted(self.team_of[winner], mask, points, done == self.n_tricks)
        assert gain != NO_QUICK  # (`_cards_only`)
        if done == self.n_tricks:
            return gain
        leader, gone = self.leader, self.gone
        self.leader, self.done, self.gone = winner, done, gone | mask
        self.end_points -= points
        rest = self._endgame(alpha - gain, beta - gain, True)
        self.end_points += points
        self.leader, self.done, self.gone = leader, done - 1, gone
        return gain + rest

    def search(self, alpha: i64, beta: i64) -> i64:
        """What the rest of the deal adds to the side's value, fail-soft within (alpha, beta)."""
        if self.phase == WINDOW:
            passed = self._pass_window()
            if passed:
                found = self.search(alpha, beta)
                for _ in range(passed):
                    self.undo()
                return found
        self.nodes += 1
        if self.phase == OVER:
            return self.terminal()
        keyed = self.phase == PLAYING and self.npos == 0 and not self.asking
        if keyed and self.done + 1 == self.n_tricks:
            return self.last_trick()
        row = NO_KEY
        length: i64 = 0
        best: i64 = -1
        low = -INFINITE
        high = INFINITE
        at = MISSING
        hashed: i64 = 0
        table = self.table
        emptied = table.emptied
        if keyed:
            # as long as the longest key: every card, a class mark before each, what the games add
            row = depth_row(self.key_rows, self.ply, 4 + 2 * self.rules.n_indices + 4 * self.n + self.n_tricks)
            length = self.key(row)
            at = table.find(row, length)
            hashed = table.hashed
            if at == MISSING:
                low, high = self.bounds()  # once per entry: the entry starts from them
            else:
                pool = table.pool
                low, high, best = pool[at + 1 + length], pool[at + 2 + length], pool[at + 3 + length]
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        if keyed and self.done + self.endgame_tricks >= self.n_tricks and self._cards_only():
            self.end_points = self._card_points(self.hands_mask())
            value = self._endgame(alpha, beta, False)  # (its entry is the table's)
            low, high = narrowed(low, high, value, alpha, beta)
            table.store(row, length, hashed, at if table.emptied == emptied else MISSING, low, high, i64(-1))
            return value
        maximising = self.mine[self.to_act()] == 1
        value = -INFINITE if maximising else INFINITE
        a, b = alpha, beta
        chosen: i64 = -1
        ply = self.ply
        count = self._order(best, ply)
        actions = self.rows[ply]
        self.ply = ply + 1
        for k in range(count):
            action = actions[k]
            gain = self.apply(action)
            found = gain + self.search(a - gain, b - gain)
            self.undo()
            if maximising:
                if found > value:
                    value, chosen = found, action
                    if value > a:
                        a = value
            elif found < value:
                value, chosen = found, action
                if value < b:
                    b = value
            if a >= b:
                break
        self.ply = ply
        if keyed:  # (the key's tricks played and announcements keep this position out of its own subtree)
            low, high = narrowed(low, high, value, alpha, beta)
            table.store(row, length, hashed, at if table.emptied == emptied else MISSING, low, high,
                        self.relative(chosen) if chosen >= 0 else i64(-1))
        return value

    def playout(self) -> int:
        """What the rest of the deal adds if every player takes the action `_order` tries first:
        a cheap guess of the value, for the first of the null-window searches (`solve`)."""
        total = 0
        taken = 0
        visit, self.visit = self.visit, None
        while self.phase != OVER:
            self._order(-1, self.ply)
            total += self.apply(self.rows[self.ply][0])
            taken += 1
        total += self.terminal()
        for _ in range(taken):
            self.undo()
        self.visit = visit
        return total

    def parity(self) -> int:
        """The parity every value of the rest of the deal has, or -1 where none is known: in 1802
        and Brouc each trick moves its card points from one side of the difference to the other
        and every marriage moves an even number, so the value has the parity of the points still
        to count (and of the last trick's bonus, still to come)."""
        rules = self.rules
        if self.kind != PARTNERSHIP or any(k.value % 2 for k in rules.kinds):
            return -1
        alive = self.hands_mask() | (self.tmask[self.done * self.n + self.npos - 1] if self.npos else 0)
        bonus = rules.last_trick_bonus if self.done < self.n_tricks else 0
        return (self._card_points(alive) + bonus) % 2

    def solve(self, guess: int = 0) -> int:
        """The exact value of what the rest of the deal adds: null-window searches that close in
        on it, the table kept between them, first at `guess`, then from the last answer in its
        direction by steps that double, until answers lie on both sides of the value, then
        halving the interval they leave (values of the wrong parity left out, `parity`)."""
        low, high = -INFINITE, INFINITE
        if self.phase == PLAYING and self.npos == 0 and not self.asking:
            low, high = self.bounds()
        elif self.phase != OVER:
            low, high = self.loose_bounds()
        parity = self.parity()
        step = 1 if parity < 0 else 2
        if parity >= 0:
            low += (low - parity) % 2
            high -= (high - parity) % 2
        value = min(max(guess, low + step), high)
        if parity >= 0:
            value -= (value - parity) % 2
        bar = value
        jump = step
        below = above = False  # whether a search has answered below its bar, or at or above it
        while low < high:
            value = self.search(bar - 1, bar)
            if value < bar:
                high = value if parity < 0 else value - (value - parity) % 2
                below = True
                bar = min(high, bar - jump)
            else:
                low = value if parity < 0 else value + (value - parity) % 2
                above = True
                bar = max(low + step, bar + jump)
            jump *= 2
            if (below and above) or not low < bar <= high:
                bar = low + step * (((high - low) // step + 1) // 2)
        return low

"""A deal of L'Hombre on the phase engine (docs/design.md, "The auction and the exchange").

`HombreDeal` is `PhaseDeal` with the phases before play that the auction games have, each a
module with its clauses: `auction` (`brou.laws.auction`: bids with priority, a pass final), `declare`
(the winner of a demande or a sans prendre chooses the contract he plays, and names trump where
the contract lets him: `brou.laws.contracts`), `exchange` (`brou.laws.exchange`: the hombre, then the
tiers, discard card by card and draw as many), then `play` (following with the matador's
privilege, `brou.laws.following`; the hombre may give up before his first card, and stop or play for
the vole after the first five tricks) and the count (`brou.laws.results.hombre_outcome`,
`hombre_entries`: only the hombre scores, in points, on the score sheet).

Actions are card ids (a card played, or discarded in the exchange) and then the words of
`brou.laws.auction.words` (`demande` ... `nolo-ouvert`, `pass`, `trump S`, `draw`, `surrender`,
`stop`; `play-on` and `spil` under the readings of AMB-62 and AMB-65 that have them).  The
readings of register entries AMB-62 to AMB-67 are parameters read where their clause is played:
`surrender_moment` (`_may_surrender`, `_ask_before_lead`), `bids` (`brou.laws.auction.bid_words`),
`nolo_codille` (`_codille_settled`), `turned_black_ace` (`_turn_for_trump`), `tier_discard`
(`brou.laws.exchange.tier_least`), `open_hand` (`hand_laid_open`).  As in `PhaseDeal`, `apply`
checks before it changes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..errors import IllegalAction, brief
from ..laws.auction import (
    DRAW,
    PASS,
    PLAY_ON,
    STOP,
    SURRENDER,
    bid_choices,
    bid_words,
    outcome,
    spil_bidding,
    standing,
    trump_word,
    word_index,
    words,
)
from ..laws.contracts import TURNED, Contract, contract, contracts, shown_cards, trump_choices
from ..laws.exchange import discard_bounds, exchangers
from ..laws.results import SURRENDER as SURRENDERED
from ..laws.results import WON, hombre_entries, hombre_outcome
from ..laws.talon import TalonDeal
from ..spec.clauses import implements_clauses
from ..spec.rules import Rules
from .phases import ALL_PASSED, DONE, PLAY, PLAYED, Event, PhaseDeal

AUCTION: Final = "auction"
DECLARE: Final = "declare"
EXCHANGE: Final = "exchange"
# how a deal ended, besides played-out and all-passed
STOPPED: Final = "stopped"
GIVEN_UP: Final = "surrender"
CODILLE_STOP: Final = "codille"  # a nolo ended at the hombre's second trick (nolo_codille=stop-at-codille, AMB-63)


class HombreDeal(PhaseDeal):
    """One deal of L'Hombre: three seats in the order of speech and play, seat 0 the first hand."""

    __slots__ = ("said", "bid", "contract", "hombre", "exchanging", "discarding", "discards", "exchanges", "vole",
                 "outcome", "asking")

    def __init__(self, rules: Rules, deal: TalonDeal, marks: Sequence[int] | None = None, *,
                 copy_of: PhaseDeal | None = None) -> None:
        """A deal of `rules` dealt as `deal`; `marks` is taken for `PhaseDeal`'s signature and
        ignored: L'Hombre's game is a number of coups, with no target to stop a deal at."""
        super().__init__(rules, deal, None, copy_of=copy_of)

    def _begin(self) -> None:
        self.said: list[tuple[int, str | None]] = []  # the auction: (seat, contract name), None a pass
        self.bid: str | None = None  # the winning bid
        self.contract: Contract | None = None  # the contract played
        self.hombre: int | None = None
        self.exchanging: list[int] = []  # the seats still to exchange, the one exchanging first
        self.discarding: list[int] = []  # the cards the player exchanging has discarded so far
        self.discards = [0] * self.rules.n_players  # per seat: the cards he discarded
        self.exchanges: list[tuple[int, int]] = []  # (seat, cards changed) of each exchange done, in order
        self.vole: str | None = None  # engaged, then made or missed
        self.outcome: str | None = None  # won, remise, codille, surrender
        self.asking = False  # surrender_moment=before-the-lead: the hombre is asked, before the lead, whether he plays
        self.phase, self.to_act = AUCTION, 0

    # -- what may be done ------------------------------------------------------------

    def legal_words(self) -> list[int]:
        """The words (indices into `brou.laws.auction.words`) the player to act may say now."""
        rules, phase = self.rules, self.phase
        if phase == PLAY:
            out = []
            if self._may_surrender():
                out.append(word_index(rules)[SURRENDER])
            if self.asking:
                out.append(word_index(rules)[PLAY_ON])
            if self.may_stop():
                out.append(word_index(rules)[STOP])
            return out
        index, hand = word_index(rules), self.hands[self.to_act]
        if phase == AUCTION:
            return [index[name] for name in bid_words(rules, self.said, hand)] + [index[PASS]]
        if phase == DECLARE:
            if self.contract is None:
                assert self.bid is not None
                return [index[row.name] for row in bid_choices(rules, self.bid, hand)]
            assert self.contract is not None
            return [index[trump_word(rules, s)] for s in trump_choices(rules, self.contract)]
        if phase == EXCHANGE:
            least, _ = self._bounds()
            return [index[DRAW]] if len(self.discarding) >= least else []
        return []

    def legal_cards(self) -> int:
        """The cards the player to act may play (in play) or discard (in the exchange, while he
        may discard more)."""
        if self.phase == EXCHANGE:
            _, most = self._bounds()
            return self.hands[self.to_act] if len(self.discarding) < most else 0
        if self.asking:
            return 0
        return PhaseDeal.legal_cards(self)

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """The player to act's legal actions: card ids (played, or discarded), then words."""
        if self.phase == DONE or (seat is not None and seat != self.to_act):
            return []
        at = len(self.history)
        if self._legal_at != at:  # `_legal_cards()` and `_legal_words()`, inline
            self._legal = self.legal_cards()
            self._legal_at = at
        if self._words_at != at:
            self._words = self.legal_words()
            self._words_at = at
        rules = self.rules
        out = rules.mask_to_list(self._legal)
        if self._words:
            base = rules.n_indices
            out += [base + w for w in self._words]
        return out

    def _bounds(self) -> tuple[int, int]:
        assert self.contract is not None and self.hombre is not None
        return discard_bounds(self.rules, self.contract, self.to_act, self.hombre, len(self.stock))

    def _may_surrender(self) -> bool:
        """The hombre of a contract with exchange but nolo with exchange may give up after his
        exchange, when he is to play his first card (surrender_moment `at-his-first-card`); under
        `before-the-lead` (AMB-62) only before the first card of the deal: asked once the
        exchanges are over (`asking`), or at his lead if he is the first hand."""
        if self.asking:
            return True
        if self.tricks or self.to_act != self.hombre:
            return False
        if self.trick and self.rules.data["exchange"]["surrender"] == "before-the-lead":
            return False
        return self.contract is not None and self.contract.surrender and not self._has_played(self.to_act)

    def _ask_before_lead(self) -> bool:
        """hom.exchange.surrender under surrender_moment=before-the-lead (AMB-62): whether the hombre is asked, once the
        exchanges are over and before the first hand leads, to give up or play on: when his
        contract may be given up and he is not the first hand (the first hand is asked at his
        lead, which comes before any card)."""
        return (self.rules.data["exchange"]["surrender"] == "before-the-lead" and self.contract is not None
                and self.contract.surrender and self.hombre not in (None, 0))

    def _has_played(self, seat: int) -> bool:
        n = self.rules.n_players
        return bool(self.tricks) or any((self.leader + i) % n == seat for i in range(len(self.trick)))

    def may_stop(self) -> bool:
        """The hombre leads the sixth trick having taken the first five (hom.count.vole)."""
        if self.trick or self.to_act != self.hombre or self.vole is not None:
            return False
        after = self.rules.data["play"]["vole"]["after"]
        return (len(self.tricks) == after and self.contract is not None and not self.contract.nolo
                and all(w == self.hombre for _, _, w in self.tricks))

    # -- doing it --------------------------------------------------------------------

    def _apply_checked(self, action: object, seat: object) -> None:
        """`apply` for any action: every check, then the action."""
        rules = self.rules
        if type(action) is not int:
            raise IllegalAction("malformed-action", f"an action is an action id (int), not {type(action).__name__}")
        if self.phase == DONE:  # before the seat: deal-over comes first (docs/errors.md)
            raise IllegalAction("deal-over", "the deal is finished")
        if seat is not None:
            if type(seat) is not int or not 0 <= seat < rules.n_players:
                raise IllegalAction("wrong-seat", f"there is no seat {brief(seat)}")
            if seat != self.to_act:
                raise IllegalAction("wrong-seat", f"seat {seat} may not act now; seat {self.to_act} is to act")
        if not 0 <= action < rules.n_indices:
            names = words(rules)
            index = action - rules.n_indices
            if not 0 <= index < len(names):
                raise IllegalAction("malformed-action", f"no action has id {brief(action)}: the actions of {rules.id} are cards "
                                    f"and the words {', '.join(names)}")
            self._say(index)
            return
        phase = self.phase
        if phase in (AUCTION, DECLARE):
            raise IllegalAction("cards-not-yet", "no card is played or discarded before the contract is settled; "
                                f"the player asked may say {self._now()}")
        if self.asking:
            raise IllegalAction("cards-not-yet", "no card is led before the hombre says whether he plays; he may say "
                                f"{self._now()}")
        if not self.hands[self.to_act] >> action & 1:
            raise IllegalAction("not-in-hand", f"{rules.card_text(action)} is not in the hand of the player to act")
        legal = self._legal if self._legal_at == len(self.history) else self._legal_cards()
        if phase == EXCHANGE:
            if not legal:
                raise IllegalAction("too-many-discards", f"{len(self.discarding)} cards discarded is as many as the "
                                    "talon can replace here; the player must say draw")
            self.history.append(action)
            self._discard(action)
            return
        if not legal >> action & 1:
            code = self._refusal(action)
            raise IllegalAction(code, f"{rules.card_text(action)} is refused here ({code})")
        self.history.append(action)
        self._play(action)

    def _play(self, card: int) -> None:
        if not self.trick and self.may_stop():
            self.vole = "engaged"  # a sixth card led after the first five tricks undertakes the vole
        super()._play(card)

    def _unit(self) -> str:
        return "points"

    def _head(self) -> list[str]:
        rules = self.rules
        lines = super()._head()
        if self.said:
            lines.append("Auction: " + "; ".join(f"seat {seat} {bid or 'pass'}" for seat, bid in self.said))
        if self.contract is not None and self.hombre is not None:
            lines.append(f"Hombre: seat {self.hombre}, {self.contract.en}"
                         + (f"; exchanged {', '.join(f'seat {s} {k}' for s, k in self.exchanges)}" if self.exchanges
                            else ""))
        if self.discarding:
            lines.append("Discarding: " + " ".join(rules.card_text(c) for c in self.discarding))
        return lines

    def _now(self) -> str:
        names = words(self.rules)
        return " or ".join(names[w] for w in self.legal_words()) or "a card"

    def _say(self, index: int) -> None:
        """A word, checked, then done."""
        rules, names = self.rules, words(self.rules)
        word = names[index]
        if index not in self._legal_words():
            raise IllegalAction(self._word_refusal(word), f"'{word}' is not taken now; the player asked may say "
                                f"{self._now()}")
        seat = self.to_act
        self.history.append(rules.n_indices + index)
        if self.phase == AUCTION:
            self._bid(seat, None if word == PASS else word)
        elif self.phase == DECLARE:
            if self.contract is None:
                self._declare(contract(rules, word))
            else:
                self._name_trump(rules.suits.index(word.split()[1]))
        elif self.phase == EXCHANGE:
            self._draw(seat)
        elif word == SURRENDER:
            self.asking = False
            self.outcome = SURRENDERED
            self._finish(GIVEN_UP)
        elif word == PLAY_ON:
            self.asking = False
            self.to_act = self.leader
        else:  # stop
            self._finish(STOPPED)

    def _word_refusal(self, word: str) -> str:
        """The refusal code of a word not taken now: a bid too low for the priority, a contract
        or a trump the player may not name, or a word of another moment."""
        contract_names = {row.name for row in contracts(self.rules)}
        if self.phase == AUCTION and word in contract_names:
            if spil_bidding(self.rules) and standing(self.rules, self.said).bid is None:
                return "word-not-now"  # spil-until-overbid: the opening bid is spil, no contract named
            row = contract(self.rules, word)
            if self.hands[self.to_act] & row.needs != row.needs:
                return "cannot-name"
            return "bid-too-low"
        if self.phase == DECLARE and (word in contract_names or word.startswith("trump ")):
            return "cannot-name"
        if self.phase == EXCHANGE and word == DRAW:
            return "too-few-discards"
        return "word-not-now"

    # -- the auction and the declaration ------------------------------------------------

    def _bid(self, seat: int, name: str | None) -> None:
        self.said.append((seat, name))
        now = standing(self.rules, self.said)
        if now.to_speak is not None:
            self.to_act = now.to_speak
            return
        won = outcome(self.rules, self.said)
        if won is None:
            self._all_passed()
            return
        self.hombre, self.bid = won
        self.homme = self.hombre  # the one who plays alone, as the views and texts of the phase engine name him
        self.to_act = self.hombre
        choices = bid_choices(self.rules, self.bid, self.hands[self.hombre])
        if len(choices) == 1:
            self._declare(choices[0])
        else:
            self.phase = DECLARE

    def _all_passed(self) -> None:
        """All three passed: the deal is not played (it counts as a coup, `brou.engine.session`)."""
        self.phase, self.ended = DONE, ALL_PASSED

    def _declare(self, row: Contract) -> None:
        """The contract played is `row`: its trump named if the hombre names one, else set."""
        self.contract = row
        for card in shown_cards(self.rules, row):
            self.events.append(Event("show", 0, self.to_act, card))
        choices = trump_choices(self.rules, row)
        if len(choices) > 1:
            self.phase = DECLARE
            return
        if choices:
            self._set_trump(choices[0])
        elif row.nolo:
            self._set_trump(None)
        self._start_exchange()

    def _name_trump(self, suit: int) -> None:
        self._set_trump(suit)
        self._start_exchange()

    # -- the exchange -------------------------------------------------------------------

    def _start_exchange(self) -> None:
        assert self.contract is not None and self.hombre is not None
        self.phase = EXCHANGE
        self.exchanging = list(exchangers(self.rules, self.contract, self.hombre))
        if self.contract.trump == TURNED:
            self._turn_for_trump()
        self._next_exchanger()

    def _turn_for_trump(self) -> None:
        """Tourné: the hombre turns the talon's top card; its suit is trump, and it stays on the
        talon, face up, as the first card he draws.  Under turned_black_ace=turn-the-next (AMB-64)
        an espadille or a baste turned names no suit: it stays face up on the talon, shown, and
        the card below it is turned in its turn."""
        seat = self.hombre if self.hombre is not None else 0
        passed = self._black_aces() if self.rules.data["exchange"]["turned_black_ace"] == "turn-the-next" else 0
        at = 0
        while passed >> self.stock[at] & 1 and at + 1 < len(self.stock):
            self.events.append(Event("show", 0, seat, self.stock[at]))
            at += 1
        card = self.stock[at]
        self.turned.append((seat, card))
        self.events.append(Event("turn", 0, seat, card))
        self._set_trump(self.rules.suit_of[card])

    def _black_aces(self) -> int:
        """The espadille and the baste, trumps whatever the suit (`orders.trump.permanent`)."""
        return self.rules.mask(list(self.rules.data["orders"]["trump"]["permanent"].values()))

    def _next_exchanger(self) -> None:
        """The next seat to exchange, passing over those the talon can no longer serve; play
        when none is left."""
        self.discarding = []
        while self.exchanging:
            seat = self.exchanging[0]
            if self.stock:
                self.to_act = seat
                return
            self.exchanging.pop(0)
        self.phase = PLAY
        self.to_act = self.leader = 0
        if self._ask_before_lead():
            assert self.hombre is not None
            self.asking, self.to_act = True, self.hombre

    def _discard(self, card: int) -> None:
        self.hands[self.to_act] &= ~(1 << card)
        self.discards[self.to_act] |= 1 << card
        self.discarding.append(card)
        self.events.append(Event("discard", 0, self.to_act, card))

    def _draw(self, seat: int) -> None:
        """`seat` has discarded: he draws as many from the top of the talon."""
        for card in self.stock[:len(self.discarding)]:
            self.hands[seat] |= 1 << card
            self.events.append(Event("draw", 0, seat, card))
        del self.stock[:len(self.discarding)]
        self.exchanges.append((seat, len(self.discarding)))
        self.exchanging.pop(0)
        self._next_exchanger()

    # -- the count ----------------------------------------------------------------------

    def _finish_trick(self) -> None:
        super()._finish_trick()
        if self.phase != DONE and self._codille_settled():
            self._finish(CODILLE_STOP)

    def _codille_settled(self) -> bool:
        """hom.count.nolo under nolo_codille=stop-at-codille (AMB-63): whether a nolo ends now: its hombre has
        taken a second trick, so the codille is settled and the tricks left are not played;
        under `play-out` every nolo goes on to the ninth trick."""
        if self.rules.data["play"]["nolo_codille"] != "stop-at-codille" or self.contract is None:
            return False
        return self.contract.nolo and sum(w == self.hombre for _, _, w in self.tricks) >= 2

    def hand_laid_open(self) -> bool:
        """hom.contract.nolo-ouvert: whether the hombre's hand lies face up now, in open nolo, from the first card of play
        (open_hand `before-the-lead`), or once the first trick is gathered (`after-the-first-trick`,
        AMB-67); to the end of the deal."""
        row = self.contract
        if row is None or not row.open or self.hombre is None or self.phase not in (PLAY, DONE):
            return False
        return self.rules.data["play"]["open_hand"] == "before-the-lead" or bool(self.tricks)

    def _count(self) -> None:
        """All nine tricks played."""
        self._finish(PLAYED)

    def _finish(self, how: str) -> None:
        """The deal is over (played out, stopped after five, given up): the hombre's result and
        his points."""
        assert self.contract is not None and self.hombre is not None
        self.phase, self.ended = DONE, how
        winners = [w for _, _, w in self.tricks]
        if how != GIVEN_UP:
            self.outcome = hombre_outcome(self.contract, self.hombre, winners, self.rules.n_players)
        if self.vole == "engaged":
            made = len(winners) == self.rules.n_tricks and all(w == self.hombre for w in winners)
            self.vole = "made" if made else "missed"
        assert self.outcome is not None
        self.ledger += hombre_entries(self.rules, self.contract, self.hombre, self.outcome, self.vole,
                                      len(self.tricks))

    def winners(self) -> list[int] | None:
        """Once the deal is over (None before): the hombre's side if he won; the two tiers'
        sides if he lost (remise, codille, a surrender); nobody if the deal was not played."""
        if self.phase != DONE:
            return None
        if self.hombre is None:
            return []
        team_of = self.rules.team_of
        if self.outcome == WON:
            return [team_of[self.hombre]]
        return sorted(team_of[s] for s in range(self.rules.n_players) if s != self.hombre)

    def _copy_from(self, other: PhaseDeal) -> None:
        assert isinstance(other, HombreDeal)
        super()._copy_from(other)
        self.said = other.said[:]
        self.bid = other.bid
        self.contract = other.contract
        self.hombre = other.hombre
        self.exchanging = other.exchanging[:]
        self.discarding = other.discarding[:]
        self.discards = other.discards[:]
        self.exchanges = other.exchanges[:]
        self.vole = other.vole
        self.outcome = other.outcome
        self.asking = other.asking


implements_clauses(HombreDeal._may_surrender, "hom.exchange.surrender")
implements_clauses(HombreDeal._turn_for_trump, "hom.exchange.tourne")

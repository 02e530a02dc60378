"""What happens in a commented deal besides the cards (brou.book.walkthrough), told as the
actions are replayed: in 1802 and Brouc the announcements, table marriages and claims; in the
phase games the speech, the auction and the contract, the exchange, the draws and the
payments after each trick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.deals import new_deal
from ..engine.hombre import HombreDeal
from ..engine.homme import CLAIM_ACTION, HommeDeal
from ..engine.phases import PhaseDeal
from ..laws.contracts import contract as contract_row
from ..laws.ledger import Entry
from ..laws.speech import LEAVE, PASS, PLAY, action_word
from ..players.careful import Choice
from ..spec.rules import Rules, card_order
from .narrator import Narrator, clause_by_ending
from .phrases import KIND_WORDS, NUMBERS, counted


class EventNarrator(Narrator):
    """The narrator, with what is said before and after each trick."""

    # -- the partnership games: replaying the actions ----------------------------------------------

    def partnership_events(self) -> dict[int, tuple[list[str], list[str]]]:
        """Replay the deal's actions on a fresh HommeDeal: the hand each card came from, and the
        sentences before and after each trick (announcements, table marriages, claims)."""
        played, rules = self.played, self.rules
        state = played.deal
        assert isinstance(state, HommeDeal)
        replay = HommeDeal(rules, state.deal, state.context)
        out_of_turn = dict(state.out_of_turn)
        events: dict[int, tuple[list[str], list[str]]] = {}
        said: set[int] = set()  # the tricks whose table marriages are told
        base = rules.pass_action
        for index, action in enumerate(state.history):
            seat = out_of_turn.get(index, replay.to_act)
            number = len(replay.tricks) + 1
            context = self._trick_context.setdefault(number, (replay.trump, [], [], [], []))
            before, _after = events.setdefault(number, ([], []))
            previous = events.setdefault(number - 1, ([], []))[1] if number > 1 else before
            if 0 <= action < rules.n_indices:
                context[1].append(replay.hands[seat])
                context[2].append(rules.following_primitives)
                context[3].append(index)
                context[4].append(self.legal_cards(replay))
            elif rules.n_indices <= action < base:
                in_window = replay.phase == "window"
                inline = self._inline.setdefault((number, len(replay.trick)), [])
                replay.apply(action, seat if index in out_of_turn else None)
                self._announcement(replay, seat, previous if in_window else inline, in_window)
                continue
            elif action == base + CLAIM_ACTION:
                claim = self.w("claim", P=self.P(seat), team=self.team_words(rules.team_of[seat]),
                               cite=self.cite(clause_by_ending(rules, "game.dehors", "game.claim")))
                self._inline.setdefault((number, len(replay.trick)), []).append(claim)
            elif base < action:
                self._game_word(action - base, seat, before)
            replay.apply(action, seat if index in out_of_turn else None)
            last = len(replay.tricks) - 1
            if last >= 0 and replay.phase != "mark" and last not in said:  # once marked, if they wait for it
                said.add(last)
                self._table_marriages(replay, last, events.setdefault(last + 1, ([], []))[1])
        return events

    def _announcement(self, replay: HommeDeal, seat: int, into: list[str], after_trick: bool) -> None:
        rules = self.rules
        _, suit, kind, _, points, _ = replay.announcements[-1]
        text = self.marriage_words(suit, kind, points, rules.team_of[seat], replay.trump_suit)
        if rules.announce_credited == "end-of-deal":
            text += self.w("counted-end")
        cite = self.cite(clause_by_ending(rules, "marriage.announce-window"))
        key = "announces-after" if after_trick else "announces-before" if self._announced else "announces-first"
        self._announced = True
        if after_trick:
            if self._window == len(replay.tricks):
                key = "announces-then"
            self._window = len(replay.tricks)
        into.append(self.w(key, p=self.p(seat), m=text, cite=cite))

    def marriage_words(self, suit: int, kind: int, points: int, team: int, trump: int) -> str:
        rules = self.rules
        mk = rules.kinds[kind]
        kind_word = KIND_WORDS.get(mk.name, (mk.name, mk.name))[self.i]
        text = self.w("marriage", cards=self.marriage_cards(suit, kind), kind=kind_word, v=points,
                      team=self.team_words(team))
        if suit == trump and rules.trump_factor != 1:
            text += self.w("in-trumps")
        return text

    def _table_marriages(self, replay: HommeDeal, index: int, into: list[str]) -> None:
        rules = self.rules
        for t_index, suit, kind, team, points in replay.table:
            if t_index != index:
                continue
            mk = rules.kinds[kind]
            kind_word = KIND_WORDS.get(mk.name, (mk.name, mk.name))[self.i]
            others = [t for t in range(len(rules.teams)) if t != team]
            off = self.w("table-off", team=self.team_words(others[0])) if rules.table_deducted and others else ""
            when = self.w("counted-end") if rules.data["marriages"]["table"].get("credited") == "end-of-deal" else ""
            into.append(self.w("table-marriage", cards=self.marriage_cards(suit, kind), kind=kind_word, v=points,
                               team=self.team_words(team), off=off, when=when,
                               cite=self.cite(clause_by_ending(rules, "marriage.table"))))
            marked = clause_by_ending(rules, "marriage.table-marked")
            if marked is not None and marked in rules.data["clauses"] and self.numbers.get(marked) is not None:
                pair = [rules.card(r + rules.suits[suit]) for r in mk.ranks]
                lowest = min(pair, key=lambda c: (rules.points[c], -pair.index(c)))
                into.append(self.w("table-marked", P=self.P(replay.tricks[index][2]), c=self.card(lowest),
                                   cite=self.cite(marked)))
        for t_index, _suit, kind, _team, _points in replay.unmarked:
            if t_index == index:
                kind_word = KIND_WORDS.get(rules.kinds[kind].name, ("marriage", "mariage"))[self.i]
                into.append(self.w("unmarked", kind=kind_word, cite=self.cite(clause_by_ending(rules, "marriage.table-marked"))))

    def _game_word(self, kind: int, seat: int, into: list[str]) -> None:
        rules = self.rules
        team = self.team_words(rules.team_of[seat])
        declaration = rules.data["game"].get("declaration") or {}
        if kind in (2, 3):
            name = declaration.get("double", {}).get("name") if kind == 3 else declaration.get("name")
            into.append(self.w("declare", P=self.P(seat), name=f"« {name} »" if self.lang == "fr" else f'"{name}"',
                               team=team, cite=self.cite(clause_by_ending(rules, "game.partie-et-vole", "game.cape-et-dehors"))))
        elif kind == 4:
            into.append(self.w("concede", team=team, cite=self.cite(clause_by_ending(rules, "game.concession"))))
        elif kind in (5, 6):
            into.append(self.w("accept" if kind == 5 else "refuse", team=team))

    # -- the phase games: replaying the actions -----------------------------------------------------

    def phase_events(self) -> dict[int, tuple[list[str], list[str]]]:
        """Replay the deal's actions on a fresh phase deal: the speech, the auction and the exchange
        before play (said in paragraphs here), the hand each card came from, and after each trick
        the draws, the payments and the kings taken."""
        played, rules = self.played, self.rules
        deal = played.deal
        assert isinstance(deal, PhaseDeal)
        replay = new_deal(rules, deal.deal, deal.marks)
        events: dict[int, tuple[list[str], list[str]]] = {}
        self._trick_context = {}
        before_play: list[str] = []
        seen_events, seen_ledger = len(replay.events), len(replay.ledger)
        for index, action in enumerate(deal.history):
            phase = replay.phase
            number = len(replay.tricks) + 1
            seat = replay.to_act
            if phase == "play" and 0 <= action < rules.n_indices:
                context = self._trick_context.setdefault(number, (replay.trump, [], [], [], []))
                context[1].append(replay.hands[seat])
                context[2].append(replay.rules.following_primitives if replay.stock or not
                                  rules.following_after_talon else rules.following_after_talon)
                context[3].append(index)
                context[4].append(self.legal_cards(replay))
            said = len(getattr(replay, "said", []))
            replay.apply(action)
            new_events = replay.events[seen_events:]
            new_ledger = replay.ledger[seen_ledger:]
            seen_events, seen_ledger = len(replay.events), len(replay.ledger)
            choice = self._choice(index)
            if phase in ("turn-offer", "speech", "showing"):
                self._speech(replay, seat, action, phase, new_events, new_ledger, before_play, choice)
            elif (isinstance(replay, HombreDeal) and phase in ("auction", "declare", "exchange")) or (
                    isinstance(replay, HombreDeal) and phase == "play" and action >= rules.n_indices):
                self._hombre_step(replay, seat, action, phase, said, before_play, events, number)
            elif phase == "play" and len(replay.tricks) == number:
                self._after_phase_trick(replay, number, new_events, new_ledger, events.setdefault(number, ([], []))[1])
            if replay.phase == "play" and phase != "play" and before_play:
                self.paras(before_play)
                before_play = []
                if isinstance(replay, HombreDeal):
                    drawn = frozenset(e.card for e in replay.events if e.kind == "draw")
                    self.lines += self.hands_lines(replay.hands, self.w("hands-after"), dealt=False, ringed=drawn)
        if before_play:
            self.paras(before_play)
        if replay.phase == "done" and replay.ended in ("not-turned", "all-passed"):
            cite = self.cite(clause_by_ending(rules, "turn.nobody", "auction.all-pass", "speech.rejouissance"))
            self.para(self.w("all-passed" if isinstance(replay, HombreDeal) else "not-played", cite=cite))
        return events

    def _speech(self, replay: PhaseDeal, seat: int, action: int, phase: str, new_events: Sequence[Any],
                new_ledger: Sequence[Entry], into: list[str], choice: Choice | None) -> None:
        """The words of the turn-offer and the speech, with the cards turned and the kings shown,
        passes in a row said together."""
        rules = self.rules
        word = action_word(rules, action)
        if word == PASS and phase == "showing":
            into.append(self.w("no-show", P=self.P(seat)))
            return
        if word == PASS:
            self._passing.append(seat)
            if replay.phase == "speech" and replay.to_act > seat:
                return
        if self._passing:
            if len(self._passing) == 1:
                into.append(self.w("pass", P=self.P(self._passing[0])))
            else:
                into.append(self.w("passes", ps=self.listed([self.p(s) for s in self._passing])))
            self._passing = []
        if word == LEAVE:
            into.append(self.w("leave", P=self.P(seat)))
        elif word == PLAY:
            trump = replay.trump
            trumps = (replay.hands[seat] & card_order(rules, trump).class_mask[trump]).bit_count() \
                if trump is not None else choice.number if choice is not None else 0
            into.append(self.w("homme", P=self.P(seat), k=counted(trumps, "trump", self.lang),
                               cite=self.cite(clause_by_ending(rules, "speech.round"))))
        for event in new_events:
            if event.kind == "turn":
                s = self.suit(rules.suit_of[event.card])
                if len(replay.turned) > 1:
                    into.append(self.w("turn-again", p=self.p(event.seat), c=self.card(event.card), s=s,
                                       cite=self.cite(clause_by_ending(rules, "speech.rejouissance"))))
                else:
                    into.append(self.w("turn", P=self.P(event.seat), c=self.card(event.card), s=s,
                                       cite=self.cite(clause_by_ending(rules, "turn.offer"))))
            elif event.kind == "show":
                into.append(self.w("show", P=self.P(event.seat), c=self.card(event.card),
                                   cite=self.cite(clause_by_ending(rules, "king.show"))))
            for entry in new_ledger:
                if entry.card == event.card and entry.taker >= 0:
                    text = self.w("scores", p=self.p(entry.taker), cite=self.cite(entry.clause))
                    into[-1] = into[-1][:-1] + "." + text if into[-1].endswith(".") else into[-1] + text

    def _hombre_step(self, replay: PhaseDeal, seat: int, action: int, phase: str, said: int, into: list[str],
                     events: dict[int, tuple[list[str], list[str]]], number: int) -> None:
        assert isinstance(replay, HombreDeal)
        rules = self.rules
        if phase == "auction" and (replay.phase != "auction"):
            # the auction is over: say it whole, then the contract
            bids = []
            at = len(replay.history) - len(replay.said)  # the history's index of the first word of the auction
            for k, (s, name) in enumerate(replay.said):
                if name is None:
                    bids.append(self.w("bid-pass", p=self.p(s)))
                else:
                    self._choice(at + k)
                    bids.append(self.w("bid", p=self.p(s), b=self._contract_name(name),
                                       k=NUMBERS[self.lang][self._longest(replay.deal.hands[s])]))
            text = self.w("auction", said=self.semi().join(bids), cite=self.cite(clause_by_ending(rules, "auction.order")))
            into.append(text)
        if replay.phase in ("exchange", "play", "done") and phase in ("auction", "declare") and replay.contract:
            self._contract_sentence(replay, into)
        if phase == "exchange" and replay.exchanges and (len(replay.exchanges) > len(self._exchanges_said)):
            s, k = replay.exchanges[-1]
            self._exchanges_said.append(s)
            discarded = [e.card for e in replay.events if e.kind == "discard" and e.seat == s]
            drawn = [e.card for e in replay.events if e.kind == "draw" and e.seat == s]
            cite = self.cite(clause_by_ending(rules, "exchange.hombre" if s == replay.hombre else "exchange.tiers"))
            if len(self._exchanges_said) == 1:
                into.append("")  # the exchange in a paragraph of its own
            if k == 0:
                into.append(self.w("exchange-none", P=self.P(s), cite=cite))
            else:
                key = "exchange" if k > 1 else "exchange-one"
                into.append(self.w(key, P=self.P(s), k=NUMBERS[self.lang][k], cards=self.cards_list(discarded, replay.trump),
                                   drawn=self.cards_list(drawn, replay.trump), cite=cite))
        if phase == "play":
            word = auction_word(rules, action)
            before = events.setdefault(number, ([], []))[0]
            if word == "surrender":
                before.append(self.w("surrender", P=self.P(seat), cite=self.cite(clause_by_ending(rules, "exchange.surrender"))))
            elif word == "stop":
                before.append(self.w("stop", P=self.P(seat), cite=self.cite(clause_by_ending(rules, "count.vole"))))

    def _longest(self, hand: int) -> int:
        """The cards of a hand that would be trumps in its best suit (the black aces, trumps in
        every suit of L'Hombre, counted): said of a bid before any trump is named."""
        rules = self.rules
        return max((hand & card_order(rules, t).class_mask[t]).bit_count() for t in range(len(rules.suits)))

    def _contract_name(self, name: str, article: bool = True) -> str:
        """A contract in a sentence: `demande`, `la demande`, `le tourné`."""
        row = contract_row(self.rules, name)
        if self.lang == "fr":
            return self.the(row.fr) if article else row.fr
        return row.en

    def _contract_sentence(self, replay: HombreDeal, into: list[str]) -> None:
        if self._contract_said or replay.contract is None or replay.hombre is None:
            return
        if replay.phase == "declare":
            return
        self._contract_said = True
        rules = self.rules
        trump = self.w("no-trump") if replay.trump is None else self.w("trump-named", s=self.suit(replay.trump))
        turned = [e for e in replay.events if e.kind == "turn"]
        if turned:
            trump = ""
        name = self._contract_name(replay.contract.name)
        if replay.bid is not None and replay.bid != replay.contract.name:
            into.append(self.w("hombre-chooses", bid=self._contract_name(replay.bid), P=self.P(replay.hombre),
                               b=name, trump=trump, cite=self.cite(clause_by_ending(rules, "contract.demande"))))
        else:
            into.append(self.w("hombre", P=self.P(replay.hombre), b=name, trump=trump,
                               cite=self.cite(clause_by_ending(rules, "players.count"))))
        shown = [e.card for e in replay.events if e.kind == "show"]
        if shown:
            into.append(self.w("shows-cards", cards=self.cards_list(shown, replay.trump),
                               cite=self.cite(clause_by_ending(rules, "contract.grand-tourne"))))
        for e in turned:
            into.append(self.w("turns-trump", c=self.card(e.card), s=self.suit(rules.suit_of[e.card]),
                               cite=self.cite(clause_by_ending(rules, "exchange.tourne"))))

    def _after_phase_trick(self, replay: PhaseDeal, number: int, new_events: Sequence[Any],
                           new_ledger: Sequence[Entry], into: list[str]) -> None:
        rules = self.rules
        vole = rules.data.get("play", {}).get("vole")
        if isinstance(replay, HombreDeal) and replay.vole and vole and number == vole["after"] + 1 \
                and replay.hombre is not None:
            into.append(self.w("vole", P=self.P(replay.hombre), cite=self.cite(clause_by_ending(rules, "count.vole"))))
        for card in dict.fromkeys(e.card for e in new_ledger if e.card is not None):
            paid = [e for e in new_ledger if e.card == card]
            clause = paid[0].clause
            k = paid[0].jetons
            unit = self.w("jeton" if k == 1 else "jetons")
            if clause.endswith("king.taken"):
                e = paid[0]
                if e.taker >= 0:
                    into.append(self.w("king-moves", P=self.P(e.taker), c=self.card(card),
                                       q=self.p(e.giver), cite=self.cite(clause)))
                else:
                    into.append(self.w("king-lost", P=self.P(e.giver), c=self.card(card), cite=self.cite(clause)))
            elif all(e.taker == paid[0].taker for e in paid) and paid[0].taker >= 0:
                into.append(self.w("paid-won", P=self.P(paid[0].taker), c=self.card(card, short=True),
                                   c_bare=self.card(card, bare=True), k=k, unit=unit, cite=self.cite(clause)))
            elif all(e.giver == paid[0].giver for e in paid) and paid[0].giver >= 0:
                into.append(self.w("paid-lost", P=self.P(paid[0].giver), c=self.card(card, short=True),
                                   c_bare=self.card(card, bare=True), k=k, unit=unit, cite=self.cite(clause)))
        drawn = [e for e in new_events if e.kind == "draw"]
        if drawn:
            cite = self.cite(clause_by_ending(rules, "talon.draw"))
            shown = [e for e in drawn if not (replay.deal.turnup >= 0 and e.card == replay.deal.turnup)]
            cards = self.listed([self.w("draw-one", p=self.p(e.seat), c=self.card(e.card)) for e in shown])
            if not self._draws_told:  # how the draw goes the first time; every card drawn is shown
                self._draws_told = True
                into.append(self.w("draws", cards=cards, cite=cite))
            elif shown:
                into.append(self.w("draws-again", cards=cards, cite=cite))
            if not replay.stock:
                last = drawn[-1]
                if replay.deal.turnup >= 0 and last.card == replay.deal.turnup:
                    into.append(self.w("draw-last", c=self.card(last.card), p=self.p(last.seat),
                                       cite=self.cite(clause_by_ending(rules, "talon.last-draw"))))
                into.append(self.w("stock-gone", cite=self.cite(clause_by_ending(rules, "talon.last-tricks"))).strip())


def auction_word(rules: Rules, action: int) -> str | None:
    """The auction word of an action id (None for a card)."""
    from ..laws.auction import words

    index = action - rules.n_indices
    names = words(rules)
    return names[index] if 0 <= index < len(names) else None

"""The narrator of a commented deal (brou.book.walkthrough): players named by their seats,
cards and suits in the booklet's words, rules cited by their numbers, paragraphs and pictures;
the deal as dealt; and each trick told: who led and followed, what the rules left each player,
why he played the card he did, who won it."""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine.homme import HommeDeal
from ..engine.phases import PhaseDeal
from ..engine.session import Session
from ..laws.following import PRIMITIVES
from ..laws.play import beats
from ..players.careful import Choice
from ..solve.solution import side_of
from ..spec.rules import Rules, card_order, cards_of
from .lessons import Difference, Effect, TrickSeen, difference, partners, trick_effects
from .phrases import FEMININE, NOTABLE, NUMBERS, PHRASES, counted, french, tricks_alone
from .pictures import TEAM_COLOURS, Lang
from .played import SOLVER_NOTES, WEIGHED, Note, PlayedDeal
from .refcard import trump_names
from .seats import next_side, seat_name
from .trickpics import NEUTRAL, HandRow, Play, Talon, hands_picture, trick_picture

LANGS = ("en", "fr")


def clause_by_ending(rules: Rules, *endings: str) -> str | None:
    """The ruleset's clause whose id ends with one of `endings` (its own prefix first)."""
    ids = rules.data["clauses"]
    prefix = rules.data.get("clause_prefix", "")
    for ending in endings:
        if f"{prefix}.{ending}" in ids:
            return f"{prefix}.{ending}"
        found: str | None = next((str(cid) for cid in ids if str(cid).endswith("." + ending)), None)
        if found is not None:
            return found
    return None


def _function_clause(rules: Rules, func: Callable[..., Any], index: int | None = None) -> str | None:
    """The clause of the ruleset that an engine function implements (its `index`-th one, if given)."""
    clauses: tuple[str, ...] = getattr(func, "clauses", ())
    if index is not None:
        clauses = clauses[index:index + 1]
    return next((cid for cid in clauses if cid in rules.data["clauses"]), None)


TRICK_SCALE = 0.66  # a trick's picture beside its words, in a column of the page
HANDS_SCALE = 0.8  # the hands as dealt, across the page


def _scaled(svg: str, factor: float) -> str:
    """The picture drawn `factor` times its size (its viewBox kept: the drawing scales)."""
    def size(m: re.Match[str]) -> str:
        return f'{m.group(1)}="{float(m.group(2)) * factor:.1f}"'

    head, rest = svg.split(">", 1)
    return re.sub(r'\b(width|height)="([0-9.]+)"', size, head, count=2) + ">" + rest


def _svg_html(svg: str, classes: str) -> list[str]:
    """`.. raw:: html` lines holding an SVG picture inline, in a block of class `classes`
    (docutils refuses lines longer than 10,000 characters, so no data URI; WeasyPrint draws
    inline SVG; the style sheets size the picture by its class)."""
    body = [line for line in svg.splitlines() if line.strip()]
    return ["", ".. raw:: html", "", f'   <div class="{classes}">', *(f"   {line}" for line in body), "   </div>", ""]


def img_html(svg: str, classes: str) -> list[str]:
    """`.. raw:: html` lines holding an SVG picture as an image (a data URI over several lines,
    which a URL may span), for a picture with a style sheet of its own (the filled sheets of
    brou.engine.sheet), which inline it would impose on the whole page."""
    title = re.search(r"<title>(.*?)</title>", svg, re.S)
    alt = (title.group(1) if title else "").replace('"', "&quot;")
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    chunks = [data[i:i + 76] for i in range(0, len(data), 76)]
    return ["", ".. raw:: html", "", f'   <img alt="{alt}" class="{classes}" src="data:image/svg+xml;base64,',
            *(f"   {chunk}" for chunk in chunks), '   ">', ""]


def indented(lines: Sequence[str], by: str = "   ") -> list[str]:
    return [f"{by}{line}" if line else "" for line in lines]


class Narrator:
    """The commented deal of one PlayedDeal in one language; `numbers` gives each clause's rule
    number in the booklet (a clause not in it is not cited)."""

    def __init__(self, played: PlayedDeal, lang: str, numbers: Mapping[str, str],
                 names: Sequence[str] | None = None) -> None:
        self.played = played
        self.names = names  # the table players' names, where they are not named by their seats
        self.rules = played.rules
        self.lang = lang
        self.i = LANGS.index(lang)
        self.numbers = numbers
        self.cited: set[str] = set()
        self.lines: list[str] = []
        self._passing: list[int] = []  # players whose passes in the speech are not said yet
        self._exchanges_said: list[int] = []
        self._contract_said = False
        # by trick: the trump, then for each card the hand it came from, the following rules, its
        # index in the history and the cards the rules left its player
        self._trick_context: dict[int, tuple[int | None, list[int], list[Sequence[tuple[str, Any]]], list[int],
                                             list[int]]] = {}
        self._lessons: set[str] = set()  # the principles told (each once)
        self._inline: dict[tuple[int, int], list[str]] = {}  # (trick, cards down) -> what was said then
        self._named: set[int] = set()  # the permanent trumps named once with their plain names
        self._announced = False  # the first announcement says why
        self._window = -1  # the trick after which the last announcement out of play was made
        self._draws_told = False  # the first draw is told card by card, the others in short
        self._free_told = False  # Brusquembille's free play while the stock lasts, said once

    # words

    def w(self, key: str, **fields: Any) -> str:
        text = PHRASES[key][self.i].format(**fields)
        return french(text) if self.lang == "fr" else text

    def cite(self, cid: str | None, always: bool = False) -> str:
        """The rule that decided, by its number in the booklet: ` (rule 4.3)`, the first time
        only unless `always`; nothing for a clause the booklet does not number."""
        if cid is None or cid not in self.numbers or (cid in self.cited and not always):
            return ""
        self.cited.add(cid)
        return self.w("rule", n=self.numbers[cid])

    def name(self, player: int) -> str:
        """A table player by his seat's name (or by the name given him)."""
        if self.names is not None:
            return self.names[player]
        return seat_name(self.rules, player, self.lang, self.rules.table_size)

    def p(self, seat: int) -> str:
        return self.name(self.played.players[seat])

    def P(self, seat: int) -> str:
        return self.p(seat)

    def suit(self, suit: int) -> str:
        return str(self.rules.data["deck"]["suits"][suit][self.lang])

    def _special(self, card: int, trump: int | None) -> str | None:
        """A trump's own name under `trump` (the espadille, the manille, the ponte), if it has one."""
        if trump is None:
            return None
        return trump_names(self.rules, trump).get(card)

    def card(self, card: int, trump: int | None = None, prep: str = "", short: bool = False, bare: bool = False,
             explain: bool | None = None) -> str:
        """A card in a sentence: `the king of hearts`, `le roi de cœur`, `du huit de trèfle` (prep
        `de`), `avec l'as` (prep `avec`), `the seven` (short), `seven` (bare); a permanent trump
        by its name, `the espadille (ace of spades)`."""
        rules = self.rules
        special = self._special(card, trump)
        rank = str(rules.data["deck"]["ranks"][card % len(rules.ranks)][self.lang])
        suit = self.suit(rules.suit_of[card])
        if bare:
            return rank
        if special:
            if explain is None:
                explain = card not in self._named
                self._named.add(card)
            plain = f"{rank} of {suit}" if self.lang == "en" else f"{rank} de {suit}"
            return f"{self.the(special, prep)} ({plain})" if explain else self.the(special, prep)
        text = self.the(rank, prep)
        if short:
            return text
        return f"{text} of {suit}" if self.lang == "en" else f"{text} de {suit}"

    def owned(self, player: int, card: int, trump: int | None = None) -> str:
        """A card with its player: `North's queen of clubs`, `la dame de trèfle de Nord`."""
        text = self.card(card, trump)
        if self.lang == "en":
            return f"{self.p(player)}'s {text.removeprefix('the ')}"
        name = self.p(player)
        return f"{text} d'{name}" if name[0] in "AEIOUÉaeiou" else f"{text} de {name}"

    def the(self, noun: str, prep: str = "") -> str:
        """`noun` with its definite article, in French with the preposition `prep` (de, avec, à) folded in."""
        if self.lang == "en":
            return f"the {noun}"
        if noun[0] in "aeiouéè":
            article = {"": "l'", "de": "de l'", "avec": "avec l'", "à": "à l'"}[prep]
        elif noun.split()[0] in FEMININE:
            article = {"": "la ", "de": "de la ", "avec": "avec la ", "à": "à la "}[prep]
        else:
            article = {"": "le ", "de": "du ", "avec": "avec le ", "à": "au "}[prep]
        return article + noun

    def marriage_cards(self, suit: int, kind: int) -> str:
        """The cards of a marriage: `the king and queen of clubs`, `le roi et la dame de trèfle`."""
        rules = self.rules
        cards = [rules.card(r + rules.suits[suit]) for r in rules.kinds[kind].ranks]
        if self.lang == "en":
            return f"the {self.listed([self.card(c, bare=True) for c in cards])} of {self.suit(suit)}"
        return f"{self.listed([self.card(c, short=True) for c in cards])} de {self.suit(suit)}"

    def cards_list(self, cards: Sequence[int], trump: int | None) -> str:
        return self.listed([self.card(c, trump) for c in cards])

    def team_words(self, team: int) -> str:
        """A team by its players' names, in the order of play: `South and North`."""
        players = sorted(self.played.players[s] for s in self.rules.teams[team])
        return self.listed([self.name(p) for p in players])

    def team_order(self) -> list[int]:
        """The deal's teams, the one of the first player in the order of play first."""
        teams = self.rules.teams
        return sorted(range(len(teams)), key=lambda t: min(self.played.players[s] for s in teams[t]))

    def colour(self, seat: int) -> str:
        rules = self.rules
        team = rules.team_of[seat]
        if len(rules.teams[team]) < 2:
            return NEUTRAL
        return TEAM_COLOURS[self.team_order().index(team) % 2]

    def paras(self, sentences: Sequence[str]) -> None:
        """Sentences as paragraphs, a new one at each empty string."""
        paragraph: list[str] = []
        for sentence in [*sentences, ""]:
            if sentence:
                paragraph.append(sentence)
            elif paragraph:
                self.para(" ".join(paragraph))
                paragraph = []

    def para(self, text: str, into: list[str] | None = None) -> None:
        text = french(text) if self.lang == "fr" else text
        if text.strip():
            (self.lines if into is None else into).extend([text.strip(), ""])

    def deal_paragraph(self) -> None:
        rules, deal = self.rules, self.played.deal
        n = rules.n_players
        if any(len(team) > 1 for team in rules.teams):
            pairs = [self.team_words(t) for t in self.team_order()]
            first = self.w("teams", a=pairs[0], b=pairs[1])
        else:
            names = self.listed([self.p(s) for s in sorted(range(n), key=lambda s: self.played.players[s])])
            count = NUMBERS[self.lang][n].capitalize() if self.lang == "en" else NUMBERS["fr"][n]
            first = self.w("alone", n=count, names=names)
        size = rules.hand_size
        text = self.w("deals", p=self.P(rules.dealer), k=NUMBERS[self.lang][size] if size < 13 else size)
        packets = sorted(set(rules.packets))
        if packets != [1]:
            text += self.w("packets", packets="-".join(str(k) for k in rules.packets))
        text += self.cite(clause_by_ending(rules, "deal.packets"))
        if isinstance(deal, HommeDeal):
            turnup = deal.turnup
            text += self.w("turnup-own", c=self.card(turnup), s=self.suit(rules.suit_of[turnup]),
                           cite=self.cite(clause_by_ending(rules, "deal.turnup")))
            if rules.turnup_exposed == "first-trick":
                text += self.w("turnup-shown", cite=self.cite(clause_by_ending(rules, "deal.turnup-exposed")))
            else:
                text += self.w("turnup-hand", cite=self.cite(clause_by_ending(rules, "deal.turnup-in-hand")))
        else:
            stock = len(deal.deal.stock)
            if deal.deal.turnup >= 0:
                turnup = deal.deal.turnup
                text += self.w("talon-turned", k=stock, c=self.card(turnup), s=self.suit(rules.suit_of[turnup]),
                               cite=self.cite(clause_by_ending(rules, "deal.turned")))
            else:
                text += self.w("talon-down", k=stock, cite=self.cite(clause_by_ending(rules, "deal.talon")))
        self.para(first + " " + text)

    def hands_lines(self, hands: Sequence[int], caption: str, dealt: bool, ringed: frozenset[int] = frozenset()
                    ) -> list[str]:
        """The hands picture and its caption: as dealt (the turn-up and the talon shown), or as
        play begins (`ringed`: the cards drawn in the exchange)."""
        rules, deal = self.rules, self.played.deal
        rows = []
        turnup = deal.deal.turnup if isinstance(deal, HommeDeal) else -1
        for seat in range(rules.n_players):
            note = self.w("dealer") if seat == rules.dealer else ""
            cards = cards_of(hands[seat])
            rows.append(HandRow(self.p(seat), self.colour(seat), note, cards,
                                frozenset([turnup]) if dealt and turnup in cards else ringed))
        talon = None
        if dealt and isinstance(deal, PhaseDeal) and deal.deal.stock:
            turned = deal.deal.turnup if deal.deal.turnup >= 0 else None
            down = len(deal.deal.stock) - (1 if turned is not None else 0)
            # named as the text names it: the stock under a turned trump, else the talon
            talon = Talon(self.w("stock" if turned is not None else "talon").capitalize(), down, turned)
        svg = hands_picture(rules, rows, self._lang(), caption, talon)
        return _svg_html(_scaled(svg, HANDS_SCALE), "deal-hands") + [".. rst-class:: deal-caption", "", f"*{caption}*", ""]

    def _lang(self) -> Lang:
        return "fr" if self.lang == "fr" else "en"

    # -- playing a card: what the rules let the player do, and why he did what he did --------------

    def tail(self, choice: Choice | None, kind: str, hand: int, trump: int | None, wins: bool, last: bool,
             effect: Effect | None = None) -> str:
        """The player's reason, as the end of his sentence ("" when it says nothing new); `wins`:
        whether his card takes the trick so far, `last` whether it is the trick's last card; where
        the careful player would have played another card, what the card did (`effect`)."""
        if choice is None:
            return ""
        if choice.reason == WEIGHED:
            return self.did(effect)
        rules = self.rules
        counts = any(rules.points) or any(rules.jetons)
        reason, k = choice.reason, choice.number
        if reason in ("win", "win-master"):
            if reason == "win":
                return self.w("tail-win-last")
            is_trump = trump is not None and card_order(rules, trump).class_of[choice.action] == trump
            return self.w("tail-win-trump" if is_trump else "tail-win-master")
        if reason == "ruff":  # the trick's points are all there when he plays last
            return self.w("tail-ruff-points", k=k) if k and last else self.w("tail-ruff")
        if reason == "smear":
            return self.w("tail-smear", k=k)
        if reason == "table-marriage":
            return self.w("tail-table-marriage")
        if reason == "over":
            return self.w("tail-under")
        if reason == "keep":
            trumps = trump is not None and hand & card_order(rules, trump).class_mask[trump]
            return self.w("tail-keep-trumps" if kind in ("throws-keeps", "throws") and trumps else "tail-keep")
        if reason == "partner" and kind != "plays" and not wins:
            return self.w("tail-partner")
        if reason == "duck" and kind != "plays":
            if not counts:
                return self.w("tail-spare")
            return self.w("tail-nothing" if not rules.points[choice.action] and not rules.jetons[choice.action]
                          else "tail-least")
        return ""

    def play_phrase(self, seat: int, card: int, hand: int, trick: list[int], trump: int | None,
                    primitives: Sequence[tuple[str, Any]], choice: Choice | None,
                    effect: Effect | None = None) -> tuple[str, str]:
        """What a card played to a trick that has begun (`trick`: the cards before it) says:
        ("follow", the card) for a plain follow of no note, else ("", the words).  The primitives
        of `brou.laws.following` are run on the player's hand: one that narrowed his choice to the
        card he played, or widened it to take it in, is the rule that decided; the careful
        player's reason says why he chose that card among those the rules left him."""
        rules = self.rules
        order = card_order(rules, trump)
        cls = order.class_of
        lead = trick[0]
        led = cls[lead]
        best = trick[0]
        for c in trick[1:]:
            if beats(rules, c, best, trump):
                best = c
        mask = sum(1 << c for c in trick)
        allowed, narrowed, widened, opened = hand, [], [], []
        for name, option in primitives:
            after = PRIMITIVES[name](rules, option, hand, allowed, led, trump, best, mask, lead) or allowed
            if after & ~allowed:
                opened.append(name)
            if after >> card & 1 and not allowed >> card & 1:
                widened.append(name)
            elif allowed & ~after:
                narrowed.append(name)
            allowed = after
        names = [name for name, _ in primitives]
        fn = PRIMITIVES
        explain = card not in self._named
        fields: dict[str, str] = {"p": self.p(seat), "c": self.card(card, trump, explain=explain),
                                  "c_de": self.card(card, trump, "de", explain=explain),
                                  "c_avec": self.card(card, trump, "avec", explain=explain)}
        self._named.add(card)
        led_trump = trump is not None and led == trump
        if led_trump:
            fields["no"] = "no trump" if self.lang == "en" else "pas d'atout"
            fields["has"] = "trumps" if self.lang == "en" else "de l'atout"
        else:
            fields["no"] = f"no {self.suit(led)}" if self.lang == "en" else f"pas de {self.suit(led)}"
            fields["has"] = self.suit(led) if self.lang == "en" else f"du {self.suit(led)}"
        trumps = order.class_mask[trump] if trump is not None else 0
        holds_led = bool(hand & order.class_mask[led])
        is_trump = trump is not None and cls[card] == trump
        trumped_before = trump is not None and not led_trump and any(cls[x] == trump for x in trick)

        wins = beats(rules, card, best, trump)

        def say(key: str, cite: str | None = None, always: bool = False) -> tuple[str, str]:
            tail = self.tail(choice, key, hand, trump, wins, len(trick) == rules.n_players - 1, effect)
            return "", self.w(key, cite=self.cite(cite, always), tail=tail, **fields)

        if "matador-privilege" in widened:
            cid = _function_clause(rules, fn["matador-privilege"])
            return say("privilege-again" if cid in self.cited else "privilege", cid)
        if "marriage-exception" in widened:
            return say("marriage-card", _function_clause(rules, fn["marriage-exception"]))
        if cls[card] == led:
            plain = rules.suit_of[card] == rules.suit_of[lead] and not self._special(card, trump)
            fields["c"] = self.card(card, trump, short=plain, explain=explain)
            if led_trump and "matador-privilege" in names and "matador-privilege" not in opened and trump is not None \
                    and hand & ~trumps and not hand & trumps & ~self._matadors(trump):
                return say("forced-matador", _function_clause(rules, fn["matador-privilege"]))
            if led_trump and "overtrump" in narrowed:
                return say("must-over", _function_clause(rules, fn["overtrump"], 0))
            if led_trump and "overtrump" in names and not beats(rules, card, best, trump) \
                    and len(cards_of(hand & trumps)) > 1:
                return say("any-trump", clause_by_ending(rules, "play.trump-led-lower"))
            if choice is not None and (choice.reason in NOTABLE or (choice.reason == WEIGHED and self.did(effect))):
                return say("plays")
            return "follow", fields["c"]
        if is_trump:
            if holds_led:
                return self._free(say("ruffs-free", self._free_clause()))
            if not trumped_before:
                if "trump-if-void" in narrowed:
                    return say("must-trump", _function_clause(rules, fn["trump-if-void"]))
                return say("ruffs", self._void_clause())
            if beats(rules, card, best, trump):
                if "overtrump" in narrowed:
                    return say("must-overruff", _function_clause(rules, fn["overtrump"], 0))
                return say("overruffs")
            if "no-undertrump" in names and not hand & ~trumps:
                return say("only-trumps", clause_by_ending(rules, "play.only-trumps"))
            return say("underruffs")
        if holds_led:
            return self._free(say("throws-free", self._free_clause()))
        if "no-undertrump" in narrowed:
            return say("no-undertrump", _function_clause(rules, fn["no-undertrump"], 0))
        if trump is not None and hand & trumps and not led_trump:
            return say("throws-keeps", self._void_clause())
        if "trump-if-void" in names:  # the rule that asks for a trump lets him throw when he has none
            return say("throws", _function_clause(rules, fn["trump-if-void"]))
        return say("throws", self._void_clause())

    def _free(self, said: tuple[str, str]) -> tuple[str, str]:
        """A card played although its player could follow (free play while the stock lasts):
        the first time, the sentence says so."""
        if self._free_told:
            return said
        self._free_told = True
        kind, text = said
        return kind, text + self.w("tail-free")

    def _matadors(self, trump: int) -> int:
        from ..laws.following import matadors_of

        return matadors_of(self.rules, trump)

    def _void_clause(self) -> str | None:
        """What lets a player who cannot follow play as he did: the Whist rule, or the following
        clause of the ruleset."""
        return clause_by_ending(self.rules, "play.void-free", "play.follow", "play.free")

    def _free_clause(self) -> str | None:
        return clause_by_ending(self.rules, "play.free", "play.void-free")

    def lead_phrase(self, seat: int, card: int, trump: int | None, number: int, choice: Choice | None,
                    effect: Effect | None = None) -> str:
        rules = self.rules
        order = card_order(rules, trump)
        c = self.card(card, trump)
        if trump is not None and order.class_of[card] == trump:
            c = self.w("a-trump", c=c)
        why = ""
        if choice is not None and choice.reason in ("lead-master", "lead-trumps", "lead-low", "lead-nolo"):
            key = choice.reason
            suit_size = order.class_mask[order.class_of[card]].bit_count()
            if key == "lead-low" and (rules.points[card] or rules.jetons[card] or 2 * order.place[card] < suit_size):
                key = "lead-held"  # a high card or one with points: not small, led from a suit still out
            why = self.w(f"why-{key}", s=self.suit(rules.suit_of[card]))
        elif choice is not None and choice.reason == WEIGHED:
            why = self.did(effect)
        if number == 1 and seat == rules.first_lead:
            return self.w("lead-first", P=self.P(seat), c=c, why=why, side=next_side(rules, self.lang),
                          cite=self.cite(clause_by_ending(rules, "play.lead")))
        if number == 2:
            return self.w("lead-next", P=self.P(seat), c=c, why=why, cite=self.cite(clause_by_ending(rules, "play.next-lead")))
        return self.w("lead", P=self.P(seat), c=c, why=why)

    def winner_phrase(self, cards: list[int], leader: int, winner: int, trump: int | None) -> str:
        rules = self.rules
        order = card_order(rules, trump)
        cls = order.class_of
        n = rules.n_players
        won = cards[(winner - leader) % n]
        cite = self.cite(clause_by_ending(rules, "play.trick-winner"))
        if trump is not None and cls[won] == trump:
            key = "wins-only-trump" if sum(1 for c in cards if cls[c] == trump) == 1 and cls[cards[0]] != trump \
                else "wins-trump"
            return self.w(key, P=self.P(winner), cite=cite)
        return self.w("wins-suit", P=self.P(winner), cite=cite)

    def trick_block(self, number: int, leader: int, cards: list[int], winner: int,
                    notes: tuple[list[str], list[str]]) -> list[str]:
        """One trick: its picture, then what was said before it, each card and why, who won it
        and what followed; a block of its own (the style sheets keep it whole)."""
        rules = self.rules
        n = rules.n_players
        trump, hands, primitives, choice_at, _legal = self._trick_context[number]
        choices = self.played.choices
        effects = trick_effects(self.played.deal, self.seen_tricks(), number)
        before, after = notes
        parts = list(before) + self._inline.get((number, 0), [])
        parts.append(self.lead_phrase(leader, cards[0], trump, number, self._choice(choice_at[0]), effects[0]))
        pieces: list[str] = []
        run: list[str] = []

        def flush() -> None:
            if run:
                pieces.append(self.listed(run))
                run.clear()
            if pieces:
                text = self.semi().join(pieces) + "."
                parts.append(text[0].upper() + text[1:])
                pieces.clear()

        for i in range(1, len(cards)):
            seat = (leader + i) % n
            if (number, i) in self._inline:  # said on his turn, before his card
                flush()
                parts += self._inline[(number, i)]
            choice = self._choice(choice_at[i]) if i < len(choice_at) and choices else None
            kind, text = self.play_phrase(seat, cards[i], hands[i], cards[:i], trump, primitives[i], choice,
                                          effects[i])
            if kind == "follow":
                run.append(self.w("follows-too" if run else "follows", p=self.p(seat), c=text))
                continue
            if run:
                pieces.append(self.listed(run))
                run.clear()
            pieces.append(text)
        flush()
        parts.append(self.winner_phrase(cards, leader, winner, trump))
        if any(rules.points):
            points = sum(rules.points[c] for c in cards)
            parts[-1] += self.w("worth", k=points) if points else self.w("worth-none")
        parts += after
        told = self._told_notes()
        parts += [self.better(told[index], (leader + i) % n, trump) for i, index in enumerate(choice_at[:len(cards)])
                  if index in told]
        lesson = self.lesson(effects, leader, cards, winner, trump)
        if lesson:
            parts.append(lesson)
        plays = [Play(self.p((leader + i) % n), self.colour((leader + i) % n), c) for i, c in enumerate(cards)]
        heading = self.w("trick", n=number)
        svg = trick_picture(rules, plays, (winner - leader) % n, self._lang(), heading)
        text = f"**{heading}.** " + " ".join(parts)
        block = [".. container:: deal-trick", ""] + indented(_svg_html(_scaled(svg, TRICK_SCALE), "trick-picture"))
        para: list[str] = []
        self.para(text, para)
        return block + indented(para) + [""]

    def _told_notes(self) -> dict[int, Note]:
        """The solver's notes the commentary tells, by history index: the largest gains, at most
        SOLVER_NOTES of them."""
        notes = sorted(self.played.notes, key=lambda note: (-note.gain, note.index))[:SOLVER_NOTES]
        return {note.index: note for note in notes}

    def better(self, note: Note, seat: int, trump: int | None) -> str:
        """Where the card played at `note.index` would have done better with every hand in view:
        the better card, what it would have won (brou.book.lessons.difference) and by how much."""
        rules = self.rules
        alone = len(rules.teams[rules.team_of[seat]]) == 1 if rules.teams else True
        k = note.gain
        plural = "" if k == 1 else "s"
        unit = {"count": "unit-point", "points": "unit-card-point"}.get(note.goal, "unit-point")
        unit = unit.replace("point", "points") if plural else unit
        stock = self.w("better-stock") if note.goal == "points" else ""
        why = ""
        if note.played_line and note.best_line:
            start = self.position(note.index)
            diff = difference(start, note.played_line, note.best_line)
            why = self.would(diff, start, trump)
            if diff.ended is not None:
                ended = self.w("would-end", x=self.w("end-" + diff.ended[0]), y=self.w("end-" + diff.ended[1]))
                why = why + self.semi() + ended if why else ended
        why = why + self.semi() if why else ""
        return self.w("better", stock=stock, p=self.p(seat), c=self.card(note.best, trump), k=k, unit=self.w(unit),
                      who=self.w("better-he" if alone else "better-side"), why=why)

    def position(self, index: int) -> PhaseDeal:
        """The deal as it stood before the action at `index` of its history, replayed."""
        session = Session(self.rules, self.played.seed)
        for choice in self.played.choices[:index]:
            assert choice is not None
            session.apply(choice.action)
        return session.deal

    def side_words(self, seats: Sequence[int]) -> str:
        """A side by its players' names, in the order of play."""
        return self.listed([self.p(s) for s in sorted(seats, key=lambda s: self.played.players[s])])

    def would(self, diff: Difference, start: PhaseDeal, trump: int | None) -> str:
        """What the better card would have won, as the middle of the solver's sentence."""
        seat = start.to_act
        side = side_of(start, seat)
        us = self.side_words(side)
        if diff.kind in ("take", "marriage"):
            text = self.w("would-take", side=us, c=self.card(diff.card, trump), h=self.p(diff.holder),
                          pts=self.w("pts", k=diff.points) if diff.points else "")
            if diff.marriage is not None:
                text += self.w("would-marriage", cards=self.marriage_cards(*diff.marriage))
            return text
        if diff.kind == "no-marriage" and diff.marriage is not None:
            them = self.side_words([s for s in range(self.rules.n_players) if s not in side])
            return self.w("would-no-marriage", them=them, cards=self.marriage_cards(*diff.marriage), v=diff.points)
        if diff.kind == "later":
            if diff.holder == seat and start.hands[seat] >> diff.card & 1:
                return self.w("would-keep", c=self.card(diff.card, trump), m=diff.trick)
            return self.w("would-later", side=us, c=self.card(diff.card, trump), h=self.p(diff.holder), m=diff.trick)
        rules = self.rules
        who = self.w("better-he" if len(side) == 1 else "better-side")
        if diff.kind == "tricks":
            return self.w("would-tricks", who=who, x=NUMBERS[self.lang][diff.count], y=NUMBERS[self.lang][diff.other])
        if diff.kind == "seat-tricks":
            key = "would-seat-tricks" if diff.count else "would-seat-none"
            return self.w(key, h=self.p(diff.holder), x=counted(diff.count, "trick", self.lang),
                          y=tricks_alone(diff.other, self.lang))
        if diff.kind == "points" and any(rules.points):
            return self.w("would-points", who=who, x=diff.count, y=diff.other)
        return ""

    # -- what a card did, and the principle it shows (brou.book.lessons) ------------------------------

    @staticmethod
    def legal_cards(deal: PhaseDeal) -> int:
        """The cards the player to act may play, as a mask."""
        n = deal.rules.n_indices
        mask = 0
        for action in deal.legal_actions():
            if 0 <= action < n:
                mask |= 1 << action
        return mask

    def seen_tricks(self) -> list[TrickSeen]:
        """The deal's tricks with what the replay kept of each card (its hand, the cards the
        rules left its player)."""
        seen = []
        for number, (leader, cards, winner) in enumerate(self.played.deal.tricks, 1):
            trump, hands, _, _, legal = self._trick_context[number]
            seen.append(TrickSeen(leader, tuple(cards), winner, trump, tuple(hands), tuple(legal)))
        return seen

    def did(self, effect: Effect | None) -> str:
        """What a card did, as the end of its player's sentence ("" where it did nothing of note)."""
        if effect is None or effect.kind in ("spares",):
            return ""
        trump = None
        fields: dict[str, Any] = {"k": effect.points, "n": NUMBERS[self.lang][effect.count]
                                  if effect.count < len(NUMBERS[self.lang]) else effect.count, "m": effect.trick}
        if effect.card >= 0:
            fields["c"] = self.card(effect.card, trump)
        if effect.holder >= 0:
            fields["h"] = self.p(effect.holder)
            if effect.card >= 0:
                fields["hc"] = self.owned(effect.holder, effect.card, trump)
            side = partners(self.played.deal, effect.holder)
            fields["side"] = self.w("him") if len(side) == 1 else self.w("his-side")
        key = f"did-{effect.kind}"
        if effect.kind == "draws-trumps" and effect.count == 1:
            key = "did-draws-trump"
        return self.w(key, **fields)

    def lesson(self, effects: Sequence[Effect | None], leader: int, cards: Sequence[int], winner: int,
               trump: int | None) -> str:
        """The principle the trick shows, from its most instructive card (brou.book.lessons.KINDS),
        each principle once in the deal ("" for none)."""
        from .lessons import KINDS

        n = self.rules.n_players
        self._lessons.add("")  # an effect with no principle of its own
        found = [(KINDS.index(e.kind), i, e) for i, e in enumerate(effects)  # a card forced shows no principle
                 if e is not None and e.choices > 1 and self._lesson_key(e, (leader + i) % n) not in self._lessons]
        if not found:
            return ""
        _, i, effect = min(found, key=lambda f: f[:2])
        seat = (leader + i) % n
        key = self._lesson_key(effect, seat)
        self._lessons.add(key)
        fields: dict[str, Any] = {"p": self.p(seat), "c": self.card(cards[i], trump), "k": effect.points,
                                  "w": self.p(winner), "b": self.card(cards[(winner - leader) % n], trump),
                                  "n": NUMBERS[self.lang][effect.count] if effect.count < 13 else effect.count,
                                  "m": effect.trick}
        if effect.card >= 0:
            fields["o"] = self.card(effect.card, trump)
        if effect.holder >= 0:
            fields["h"] = self.p(effect.holder)
            if effect.card >= 0:
                fields["ho"] = self.owned(effect.holder, effect.card, trump)
        fields["pc"] = self.owned(seat, cards[i], trump)
        fields["side"] = self.team_words(self.rules.team_of[winner]) if self.rules.teams and \
            len(self.rules.teams[self.rules.team_of[winner]]) > 1 else self.p(winner)
        return self.w(key, **fields)

    def _lesson_key(self, effect: Effect, seat: int) -> str:
        """The phrase of the principle an effect shows ("" where it shows none worth saying)."""
        key = f"lesson-{effect.kind}"
        if "marriage" in effect.kind:
            partner = effect.holder >= 0 and effect.holder != seat and \
                self.rules.team_of[effect.holder] == self.rules.team_of[seat]
            key = "lesson-gives-marriage-partner" if partner and effect.kind == "gives-marriage" else "lesson-marriage"
        return key if key in PHRASES else ""

    def _choice(self, index: int) -> Choice | None:
        choices = self.played.choices
        return choices[index] if 0 <= index < len(choices) else None

    @staticmethod
    def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
        lines = ["", ".. list-table::", "   :header-rows: 1", ""]
        for row in [header, *rows]:
            lines.append(f"   * - {row[0] or ' '}")
            lines += [f"     - {cell}" for cell in row[1:]]
        return lines + [""]

    def semi(self) -> str:
        return "\u00a0; " if self.lang == "fr" else "; "

    def listed(self, names: Sequence[str]) -> str:
        if len(names) < 2:
            return "".join(names)
        return ", ".join(names[:-1]) + f" {self.w('and')} " + names[-1]

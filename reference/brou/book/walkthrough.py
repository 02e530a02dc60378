"""A whole deal commented trick by trick, for a ruleset's players' booklet (brou.book.booklet;
issue 36: "a short commented deal ... says why each notable card was played, in a player's
words").

The deal is the first of a session (`brou.engine.session.Session`: a match of 1802 or Brouc, or
another game's session) played from a seed by the careful player (`brou.players.careful`) in
every seat.  `play_deal` plays it and keeps each action's reason; `commented_deal` replays the
actions one by one and says who led and followed, what the rules left each player (the
primitives of `brou.laws.following` that narrowed or widened his choice), why he played the
card he did (the careful player's reason), who won each trick, what was announced, drawn, paid,
bid and exchanged, then the count, the standings and who deals next.  Players are named by
their seats (`brou.book.seats`), never numbered; a rule is cited by its number in the booklet
(`numbers`, from `brou.spec.chapters.booklet_numbers`), never by its clause id.  Nothing here
knows a ruleset by name: only the two kinds of deal (the partnership `HommeDeal`, the phase
deals of `brou.engine.deals.new_deal`), so a ruleset added later gets its commented deal with
no new code.  Clause ids are found in the ruleset by their ending (`play.trick-winner`) or on
the engine's functions, then turned into rule numbers.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..engine.deals import new_deal
from ..engine.hombre import HombreDeal
from ..engine.homme import CLAIM_ACTION, HommeDeal
from ..engine.phases import PhaseDeal
from ..engine.session import Session
from ..engine.sheet import TEAMS
from ..engine.sheet_svg import sheet_svg
from ..laws.contracts import contract as contract_row
from ..laws.following import PRIMITIVES
from ..laws.ledger import Entry, balances
from ..laws.play import beats
from ..laws.results import deal_winner
from ..laws.speech import LEAVE, PASS, PLAY, action_word
from ..players.careful import Choice, choose
from ..spec.rules import Rules, card_order, cards_of
from .pictures import TEAM_COLOURS, Lang
from .played import Note, recorded
from .refcard import trump_names
from .seats import next_side, seat_name
from .trickpics import NEUTRAL, HandRow, Play, Talon, hands_picture, trick_picture

LANGS = ("en", "fr")

# -- the deal, as the careful players play it ---------------------------------------------------


@dataclass(frozen=True)
class PlayedDeal:
    """A finished deal: the engine's state, the table player of each deal seat, the record of
    the match or session after it (what its score sheet is drawn from), the deal's number in
    it, the careful player's choice behind each action of the deal's history (None where the
    deal was not played by it; reason "weighed" where the sampling player chose otherwise), the
    player who deals next (None: the session is over), who played (`player`: "careful", or the
    sampling player of a recorded deal) and the solver's notes on the cards played
    (brou.book.played)."""

    rules: Rules
    seed: int
    deal: PhaseDeal
    players: tuple[int, ...]
    record: dict[str, Any]
    number: int = 1
    choices: tuple[Choice | None, ...] = ()
    next_dealer: int | None = None
    player: str = "careful"
    notes: tuple[Note, ...] = ()

    @property
    def tricks(self) -> list[tuple[int, Sequence[int], int]]:
        return list(self.deal.tricks)

    @property
    def winners(self) -> list[int]:
        """The table player who won each trick."""
        return [self.players[w] for _, _, w in self.deal.tricks]

    @property
    def dealer(self) -> int:
        return self.players[self.rules.dealer]


@lru_cache(maxsize=32)
def play_deal(rules: Rules, seed: int) -> PlayedDeal:
    """The first deal of a match (or session) of `rules` from `seed`: as recorded for the booklet
    (brou.book.played: the sampling player in every seat, with the solver's notes), else every
    player careful.  Each action keeps the careful player's reason where he would have played
    it too."""
    record = recorded(rules, seed)
    session = Session(rules, seed)
    deal, seating = session.deal, session.seating
    choices: list[Choice] = []
    planned = iter(record.actions) if record is not None else None
    while not deal.is_over:
        choice = choose(deal)
        if planned is not None:
            action = next(planned)
            if action != choice.action:
                choice = Choice(action, WEIGHED)
        choices.append(choice)
        session.apply(choice.action)
    players = tuple(seating.player(s) for s in range(rules.n_players))
    following = None if session.is_over else session.seating.player(rules.dealer)
    if record is None:
        return PlayedDeal(rules, seed, deal, players, session.record(), choices=tuple(choices), next_dealer=following)
    return PlayedDeal(rules, seed, deal, players, session.record(), choices=tuple(choices), next_dealer=following,
                      player=record.player, notes=record.notes)


WEIGHED = "weighed"  # the sampling player's card where the careful player would have played another
SOLVER_NOTES = 3  # the solver's notes a commented deal tells at most: the largest gains


# -- words --------------------------------------------------------------------------------------

# Each phrase in English and French.  {P} or {p} is a player by his seat's name ("South", "Albert"),
# {c} a card; {cite} the rule that decided, by its number in the booklet, the first time; {tail}
# the player's reason, where the phrase has one.
PHRASES: dict[str, tuple[str, str]] = {
    "trick": ("Trick {n}", "Levée {n}"),
    "dealer": ("dealer", "donneur"),
    "talon": ("talon", "talon"),
    "stock": ("stock", "talon"),
    "rule": (" (rule {n})", " (règle {n})"),
    "intro": ("The players of this deal play carefully: each sees only his own cards and what has been "
              "played. The comments say what each notable card was for and, by number, the rule that allowed "
              "or forced it.",
              "Les joueurs de cette donne jouent avec soin : chacun ne voit que ses cartes et ce qui a été joué. "
              "Les commentaires disent à quoi servait chaque carte notable et, par son numéro, la règle qui l'a "
              "permise ou imposée."),
    "intro-sampled": ("Each player of this deal sees only his own cards and what has been played. Before each "
                      "card he imagines many ways the unseen cards may lie, each fitting all he has seen, plays each "
                      "of them out, and chooses the card that does best on average. The comments say what each "
                      "notable card was for and, by number, the rule that allowed or forced it; where a card would "
                      "have done better with every hand in view, they say which.",
                      "Chaque joueur de cette donne ne voit que ses cartes et ce qui a été joué. Avant chaque carte, "
                      "il imagine bien des façons dont les cartes cachées peuvent être réparties, chacune conforme à "
                      "tout ce qu'il a vu, les joue toutes jusqu'au bout et choisit la carte qui réussit le mieux en "
                      "moyenne. Les commentaires disent à quoi servait chaque carte notable et, par son numéro, la "
                      "règle qui l'a permise ou imposée ; quand une carte aurait mieux valu en voyant toutes les "
                      "mains, ils disent laquelle."),
    "teams": ("{a} play together against {b}.", "{a} jouent ensemble contre {b}."),
    "alone": ("{n} play, each for himself: {names}.", "On joue à {n}, chacun pour soi : {names}."),
    "deals": ("{p} deals {k} cards to each player", "{p} donne {k} cartes à chacun"),
    "packets": (" in packets of {packets}", " par paquets de {packets}"),
    "turnup-own": ("; the last one, his own, he turns face up: {c}, so {s} are trumps{cite}.",
                   " ; il retourne la dernière, la sienne : {c}, si bien que {s} est l'atout{cite}."),
    "turnup-shown": (" It stays on show through the first trick{cite}.",
                     " Elle reste visible pendant toute la première levée{cite}."),
    "turnup-hand": (" It is part of his hand from the start{cite}.", " Elle fait partie de sa main dès le départ{cite}."),
    "talon-turned": ("; the other {k} cards make the stock, whose top card is turned: {c}, so {s} are trumps; it "
                     "lies under the stock and is drawn last{cite}.",
                     " ; les {k} autres cartes forment le talon, dont la carte du dessus est retournée : {c}, si "
                     "bien que {s} est l'atout ; elle reste sous le talon et sera piochée la dernière{cite}."),
    "talon-down": ("; the other {k} cards stay face down as the talon{cite}.",
                   " ; les {k} autres cartes restent faces cachées et forment le talon{cite}."),
    "how-to-read": ("In each trick the cards are drawn in the order played, each under its player; the star "
                    "marks the card that takes the trick.",
                    "Dans chaque levée, les cartes sont dessinées dans l'ordre où elles ont été jouées, chacune "
                    "sous son joueur ; l'étoile marque la carte qui remporte la levée."),
    "hands-caption": ("The hands as dealt.", "Les mains telles qu'elles ont été données."),
    "hands-after": ("The hands as play begins, the cards drawn in the exchange ringed.",
                    "Les mains au début du jeu de la carte ; les cartes prises au talon sont entourées."),
    # leading
    "lead-first": ("{P}, on the dealer's {side}, leads first{cite}: {c}{why}.",
                   "{P}, à {side} du donneur, entame{cite} : {c}{why}."),
    "lead-next": ("{P}, who took the last trick, leads the next{cite}: {c}{why}.",
                  "{P}, qui a fait la levée, entame la suivante{cite} : {c}{why}."),
    "lead": ("{P} leads {c}{why}.", "{P} entame {c}{why}."),
    "a-trump": ("a trump, {c}", "atout, {c}"),
    "why-lead-master": (", the best card left in {s}", ", la plus forte qui reste à {s}"),
    "why-lead-trumps": (", to draw the other side's trumps: he holds the best of those left",
                        ", pour faire tomber les atouts adverses : il a le plus fort de ceux qui restent"),
    "why-lead-low": (", a small card that gives nothing away", ", une petite carte qui ne donne rien"),
    "why-lead-held": (", from a suit the others still hold", ", dans une couleur que les autres ont encore"),
    "why-lead-weighed": (", the card that did best over the hands he imagined",
                         ", la carte qui a le mieux réussi sur les mains qu'il a imaginées"),
    "why-lead-nolo": (", his weakest card: he wants no trick", ", sa carte la plus faible : il ne veut aucune levée"),
    # following: a plain card of the suit led
    "follows": ("{p} follows with {c}", "{p} fournit {c}"),
    "follows-too": ("{p} with {c}", "{p} {c}"),
    "plays": ("{p} plays {c}{tail}", "{p} joue {c}{tail}"),
    # following: what the rules left him
    "must-over": ("{p} must beat it and plays {c}{tail}{cite}", "{p}, tenu de monter, joue {c}{tail}{cite}"),
    "any-trump": ("{p}, with no trump above it, may play any: {c}{tail}{cite}",
                  "{p}, sans atout plus fort, fournit celui qu'il veut : {c}{tail}{cite}"),
    "ruffs": ("{p}, who has {no}, trumps with {c}{tail}{cite}", "{p}, qui n'a {no}, coupe {c_de}{tail}{cite}"),
    "ruffs-free": ("{p} trumps with {c} although he holds {has}{tail}{cite}",
                   "{p} coupe {c_de} alors qu'il a {has}{tail}{cite}"),
    "must-trump": ("{p}, who has {no}, must trump and plays {c}{tail}{cite}",
                   "{p}, qui n'a {no}, est tenu de couper et joue {c}{tail}{cite}"),
    "overruffs": ("{p}, void too, overtrumps with {c}{tail}{cite}",
                  "{p}, qui n'en a pas non plus, surcoupe {c_de}{tail}{cite}"),
    "must-overruff": ("{p}, void too, must overtrump and does so with {c}{tail}{cite}",
                      "{p}, qui n'en a pas non plus, est tenu de surcouper et le fait {c_avec}{tail}{cite}"),
    "underruffs": ("{p}, void too, trumps lower with {c}{tail}{cite}",
                   "{p}, qui n'en a pas non plus, sous-coupe {c_de}{tail}{cite}"),
    "only-trumps": ("{p}, holding nothing but lower trumps, plays {c}{tail}{cite}",
                    "{p}, qui n'a plus que des atouts trop faibles, joue {c}{tail}{cite}"),
    "marriage-card": ("{p} plays {c} instead of going over, since it makes a marriage in the trick{cite}",
                      "{p} joue {c} au lieu de monter, car elle fait un mariage dans la levée{cite}"),
    "throws": ("{p}, who has {no}, throws {c}{tail}{cite}", "{p}, qui n'a {no}, se défausse {c_de}{tail}{cite}"),
    "throws-keeps": ("{p}, who has {no}, keeps his trumps and throws {c}{tail}{cite}",
                     "{p}, qui n'a {no}, garde ses atouts et se défausse {c_de}{tail}{cite}"),
    "throws-free": ("{p} plays {c} although he holds {has}{tail}{cite}", "{p} joue {c} alors qu'il a {has}{tail}{cite}"),
    "no-undertrump": ("{p}, who has {no} and cannot beat the trump, may not trump lower and throws {c}{tail}{cite}",
                      "{p}, qui n'a {no} et ne peut pas monter sur la coupe, ne doit pas sous-couper et se "
                      "défausse {c_de}{tail}{cite}"),
    "privilege-again": ("{p} again keeps his matador back and plays {c}{tail}",
                        "{p} garde encore son matador et joue {c}{tail}"),
    "privilege": ("{p} keeps his matador back and plays {c}{tail}, as the matador's privilege lets him{cite}",
                  "{p} garde son matador et joue {c}{tail}, comme le privilège des matadors le lui permet{cite}"),
    "forced-matador": ("{p}, whose only trumps are matadors, is forced by the higher matador led and plays {c}{cite}",
                       "{p}, qui n'a que des matadors pour atouts, est forcé par le matador plus fort entamé et "
                       "joue {c}{cite}"),
    # following: why he played that card (the careful player's reason)
    "tail-win-last": (", the cheapest card that takes the trick", ", la plus petite carte qui prend la levée"),
    "tail-win-master": (", the highest card left in its suit", ", la plus forte qui reste dans sa couleur"),
    "tail-win-trump": (", the highest trump left", ", le plus fort atout qui reste"),
    "tail-ruff-points": (" to take its {k} points", " pour en prendre les {k} points"),
    "tail-ruff": (" to take the trick", " pour prendre la levée"),
    "tail-smear": (": {k} more points on his partner's trick", " : {k} points de plus sur la levée de son partenaire"),
    "tail-partner": (", leaving the trick to his partner", ", laissant la levée à son partenaire"),
    "tail-table-marriage": (", which makes a marriage on the table for his side",
                            ", qui fait un mariage sur table pour son camp"),
    "tail-nothing": (", a card worth nothing", ", une carte sans valeur"),
    "tail-least": (", the card that costs him least", ", la carte qui lui coûte le moins"),
    "tail-spare": (", a card he can spare", ", une carte dont il peut se passer"),
    "tail-keep-trumps": (": the trick is not worth a trump", " : la levée ne vaut pas un atout"),
    "tail-keep": (", keeping his higher cards for later", ", gardant ses cartes hautes pour plus tard"),
    "tail-under": (", the highest card that stays under the trick", ", la plus forte carte qui reste sous la levée"),
    "tail-weighed": (", the card that did best over the hands he imagined",
                     ", la carte qui a le mieux réussi sur les mains qu'il a imaginées"),
    "tail-free": (": while the stock lasts nobody need follow", " : tant que dure le talon, nul n'est tenu de fournir"),
    # where a card would have done better with every hand in view (brou.book.played)
    "better": ("Seeing every hand{stock}, {p} would have done better to play {c}: {who} would have ended the deal "
               "{k} {unit} better off.",
               "En voyant toutes les mains{stock}, {p} aurait mieux fait de jouer {c} : {who} aurait terminé la donne "
               "avec {k} {unit} de mieux."),
    "better-stock": (" and the order of the stock", " et l'ordre du talon"),
    "better-he": ("he", "il"),
    "better-side": ("his side", "son camp"),
    "unit-points": ("points", "points"),
    "unit-point": ("point", "point"),
    "unit-card-points": ("card points", "points de cartes"),
    "unit-card-point": ("card point", "point de carte"),
    # the trick's end
    "wins-only-trump": ("{P} wins the trick with the only trump{cite}.", "{P} remporte la levée avec le seul atout{cite}."),
    "wins-trump": ("{P} wins the trick with the highest trump{cite}.", "{P} remporte la levée avec le plus fort atout{cite}."),
    "wins-suit": ("{P} wins the trick with the highest card of the suit led{cite}.",
                  "{P} remporte la levée avec la plus forte carte de la couleur entamée{cite}."),
    "worth": (" It holds {k} card points.", " Elle contient {k} points."),
    "worth-none": (" It holds no card points.", " Elle ne contient aucun point."),
    # marriages and the game (the partnership games)
    "announces-before": ("Before playing, {p} announces {m}{cite}.", "Avant de jouer, {p} annonce {m}{cite}."),
    "announces-first": ("Before playing, {p} announces {m}, as soon as the rules let him{cite}.",
                        "Avant de jouer, {p} annonce {m}, dès que les règles le lui permettent{cite}."),
    "announces-after": ("After the trick, {p} announces {m}{cite}.", "Après la levée, {p} annonce {m}{cite}."),
    "announces-then": ("Then {p} announces {m}{cite}.", "Puis {p} annonce {m}{cite}."),
    "marriage": ("{cards}, a {kind}: {v} points for {team}", "{cards}, un {kind} : {v} points pour {team}"),
    "in-trumps": (" (trumps, so worth double)", " (en atout, il vaut double)"),
    "counted-end": (", counted at the end of the deal", ", comptés en fin de donne"),
    "table-marriage": ("The trick holds {cards}, a {kind} on the table: {v} points to {team}{off}{when}{cite}.",
                       "La levée contient {cards}, un {kind} sur table : {v} points pour {team}{off}{when}{cite}."),
    "table-off": (" and as many off {team}", " et autant en moins pour {team}"),
    "unmarked": ("The winner of the trick does not mark the {kind} it holds: it counts for nobody{cite}.",
                 "Le gagnant de la levée ne marque pas le {kind} qu'elle contient : il ne compte pour personne{cite}."),
    "claim": ("{P} counts his side's points and declares that {team} have reached the target{cite}.",
              "{P} compte les points de son camp et déclare que {team} ont atteint le but{cite}."),
    "declare": ("{P} declares {name} for {team}{cite}.", "{P} annonce {name} pour {team}{cite}."),
    "concede": ("{team} offer to concede the game{cite}.", "{team} proposent d'abandonner la partie{cite}."),
    "accept": ("{team} accept.", "{team} acceptent."),
    "refuse": ("{team} refuse, and are bound to take every trick.",
               "{team} refusent et s'engagent à faire toutes les levées."),
    # drawing and paying (Brusquembille)
    "draws": ("Then {p} draws first ({c}), then {rest}{cite}.", "Puis {p} pioche le premier ({c}), puis {rest}{cite}."),
    "draws-short": ("Each draws a card, {p} first{cite}.", "Chacun pioche une carte, {p} le premier{cite}."),
    "draw-one": ("{p} ({c})", "{p} ({c})"),
    "draw-last": ("The turned card, {c}, goes to {p}, who draws last{cite}.",
                  "La retourne, {c}, revient à {p}, qui pioche le dernier{cite}."),
    "stock-gone": (" The stock is now empty: the cards left in hand are played out without drawing{cite}.",
                   " Le talon est épuisé : on joue les cartes qui restent en main, sans piocher{cite}."),
    "paid-won": ("{P} took the trick with his own {c_bare}, a brusquembille: each other player pays him {k} {unit}{cite}.",
                 "{P} a fait la levée avec sa brusquembille, {c} : chacun des autres lui paie {k} {unit}{cite}."),
    "paid-lost": ("{P} lost his {c_bare}, a brusquembille: he pays {k} {unit} to each other player{cite}.",
                  "{P} a perdu sa brusquembille, {c} : il paie {k} {unit} à chacun des autres{cite}."),
    # the speech and the kings (L'Homme d'Auvergne)
    "leave": ("{P} leaves the top card of the talon.", "{P} laisse la carte du dessus du talon."),
    "turn": ("{P} turns the top card of the talon: {c}, so {s} are trumps{cite}.",
             "{P} retourne la carte du dessus du talon : {c}, si bien que {s} est l'atout{cite}."),
    "turn-again": ("Everybody passed, so a réjouissance follows{cite}: {p} turns the next card, {c}, and {s} are "
                   "trumps.",
                   "Tous ont passé, d'où une réjouissance{cite} : {p} retourne la carte suivante, {c}, et {s} est "
                   "l'atout."),
    "show": ("{P} shows {c}{cite}.", "{P} montre {c}{cite}."),
    "pass": ("{P} passes.", "{P} passe."),
    "no-show": ("{P} does not show his king.", "{P} ne montre pas son roi."),
    "passes": ("{ps} pass.", "{ps} passent."),
    "homme": ("{P}, holding {k} trumps, says he plays: he is the homme, alone against all the others{cite}.",
              "{P}, qui a {k} atouts, dit qu'il joue : il est l'homme, seul contre tous les autres{cite}."),
    "scores": (" This scores a point for {p}{cite}.", " Cela rapporte un point à {p}{cite}."),
    "king-moves": ("{P} takes {c}, which had scored for {q}: the point goes with it{cite}.",
                   "{P} prend {c}, qui avait marqué pour {q} : le point le suit{cite}."),
    "king-lost": ("{P} loses {c}, which had scored for him: he gives the point back{cite}.",
                  "{P} perd {c}, qui avait marqué pour lui : il rend le point{cite}."),
    "not-played": ("The deal is not played{cite}.", "La donne n'est pas jouée{cite}."),
    # the auction and the exchange (L'Hombre)
    "bid": ("{p}, with {k} trumps in his best suit, bids {b}", "{p}, qui a {k} atouts dans sa meilleure couleur, nomme {b}"),
    "bid-pass": ("{p} passes", "{p} passe"),
    "auction": ("The auction{cite}: {said}.", "Les enchères{cite} : {said}."),
    "hombre": ("{P} is the hombre and plays {b}{trump}, alone against the two tiers{cite}.",
               "{P} est l'hombre et joue {b}{trump}, seul contre les deux tiers{cite}."),
    "hombre-chooses": ("Having won the auction with {bid}, {P} chooses to play {b}{trump}{cite}.",
                       "Vainqueur des enchères avec {bid}, {P} choisit de jouer {b}{trump}{cite}."),
    "trump-named": (", with {s} as trumps, his longest suit", ", avec {s} pour atout, sa plus longue couleur"),
    "no-trump": (", without trumps", ", sans atout"),
    "turns-trump": ("He turns the top card of the talon, {c}: {s} are trumps{cite}.",
                    "Il retourne la carte du dessus du talon, {c} : {s} est l'atout{cite}."),
    "shows-cards": ("He shows {cards}{cite}.", "Il montre {cards}{cite}."),
    "exchange": ("{P} discards {k} weak cards ({cards}) and draws {drawn}{cite}.",
                 "{P} écarte {k} cartes faibles ({cards}) et prend au talon {drawn}{cite}."),
    "exchange-one": ("{P} discards {cards}, a weak card, and draws {drawn}{cite}.",
                     "{P} écarte {cards}, une carte faible, et prend au talon {drawn}{cite}."),
    "exchange-none": ("{P} keeps his hand{cite}.", "{P} garde sa main{cite}."),
    "surrender": ("{P} gives up before his first card{cite}.", "{P} abandonne avant de jouer sa première carte{cite}."),
    "stop": ("{P} has taken the first five tricks and stops there rather than risk the vole{cite}.",
             "{P} a fait les cinq premières levées et s'arrête là plutôt que de risquer la vole{cite}."),
    "vole": ("{P} has taken the first five tricks and plays on for the vole{cite}.",
             "{P} a fait les cinq premières levées et continue pour la vole{cite}."),
    "all-passed": ("Nobody bid: the deal is not played{cite}.", "Personne n'a enchéri : ce coup n'est pas joué{cite}."),
    # the count
    "count": ("The count", "Le compte"),
    "sheet": ("The score sheet after the deal", "La feuille de marque après la donne"),
    "nous-eux": ("On the sheet, {a} are “{nous}” and {b} “{eux}”.",
                 "Sur la feuille, {a} sont « {nous} » et {b} « {eux} »."),
    "standings": ("The standings after the deal", "Les comptes après la donne"),
    "next-dealer": ("{P} deals the next deal{cite}.", "{P} donne la donne suivante{cite}."),
    "tricks": ("Tricks", "Levées"),
    "card-points": ("Card points", "Points de cartes"),
    "rounded": ("Rounded to tens{cite}", "Arrondis à la dizaine{cite}"),
    "announced": ("Marriages announced", "Mariages annoncés"),
    "table": ("Marriages on the table", "Mariages sur table"),
    "total": ("Total for the deal", "Total de la donne"),
    "net": ("For the deal", "Pour la donne"),
    "game-on": ("Neither team has reached {target}: the game goes on, {a} at {x} and {b} at {y}{cite}.",
                "Aucune équipe n'atteint {target} : la partie continue, {a} à {x} et {b} à {y}{cite}."),
    "game-won": ("{team} reach {target} and win the game, {x} to {y}; {marks}{cite}.",
                 "{team} atteignent {target} et gagnent la partie, {x} à {y} ; {marks}{cite}."),
    "all-tricks": ("{team} took every trick, {name}: {marks}; the points of the deal do not count{cite}.",
                   "{team} ont fait toutes les levées, {name} : {marks} ; les points de la donne ne comptent pas{cite}."),
    "claim-right": ("The claim is right: {team} win the game, {x} to {y}; {marks}{cite}.",
                    "L'annonce est juste : {team} gagnent la partie, {x} à {y} ; {marks}{cite}."),
    "claim-wrong": ("The claim is wrong: {team} win the game; {marks}{cite}.",
                    "L'annonce est fausse : {team} gagnent la partie ; {marks}{cite}."),
    "game-end": ("The game ends ({how}): {team} win it; {marks}.", "La partie s'achève ({how}) : {team} la gagnent ; {marks}."),
    "replay": ("Both teams reach the target with the same count: the coup is played again{cite}.",
               "Les deux équipes atteignent le but avec le même compte : le coup se rejoue{cite}."),
    "marks-winner": ("they mark {k} {unit}", "ils marquent {k} {unit}"),
    "marks-loser": ("{team} mark {k} {unit}", "{team} marquent {k} {unit}"),
    "most-points": ("{P} has the most card points, {k}, and takes the pool{cite}.",
                    "{P} a le plus de points, {k}, et prend l'enjeu{cite}."),
    "tie-points": ("{ps} tie for the most card points, {k}, and share the pool{cite}.",
                   "{ps} sont à égalité en tête avec {k} points et partagent l'enjeu{cite}."),
    "homme-won": ("{P}, the homme, took the most tricks first: he wins the deal and scores a point{cite}.",
                  "{P}, l'homme, a fait le plus de levées le premier : il gagne la donne et marque un point{cite}."),
    "homme-lost": ("{P}, the homme, did not take the most tricks ({w} did): he loses a point{cite}.",
                   "{P}, l'homme, n'a pas fait le plus de levées ({w} si) : il perd un point{cite}."),
    "hombre-won": ("{P}, the hombre, took {k} tricks against {t}: he wins his {b} and scores {v} {unit}{cite}.",
                   "{P}, l'hombre, a fait {k} levées contre {t} : il gagne {b} et marque {v} {unit}{cite}."),
    "hombre-remise": ("{P}, the hombre, took {k} tricks against {t}: remise, he loses {v} {unit}{cite}.",
                      "{P}, l'hombre, a fait {k} levées contre {t} : il fait remise et perd {v} {unit}{cite}."),
    "hombre-codille": ("{P}, the hombre, took {k} tricks against {t}: codille, he loses {v} {unit}{cite}.",
                       "{P}, l'hombre, a fait {k} levées contre {t} : il fait codille et perd {v} {unit}{cite}."),
    "hombre-surrender": ("{P}, the hombre, gave up: he loses {v} {unit}{cite}.",
                         "{P}, l'hombre, a abandonné : il perd {v} {unit}{cite}."),
    "jetons": ("jetons", "jetons"),
    "jeton": ("jeton", "jeton"),
    "points": ("points", "points"),
    "point": ("point", "point"),
    "standing-pool": ("Jetons held (each started with {cave})", "Jetons en main (chacun en avait {cave})"),
    "standing-marks": ("Points", "Points"),
    "standing-coups": ("Points", "Points"),
    "standing-points": ("Card points", "Points de cartes"),
    "and": ("and", "et"),
}
# how a game ended within a deal (brou.laws.game.Outcome.how), in words
HOW = {"declaration-made": ("the declaration made", "déclaration tenue"),
       "declaration-failed": ("the declaration failed", "déclaration manquée"),
       "concession-accepted": ("a concession accepted", "abandon accepté")}
NUMBERS = {"en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                  "twelve"),
           "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze")}
FEMININE = {"dame", "espadille", "baste", "manille", "ponte", "demande"}
# what a ledger row of the count is, by the ending of the clause that made its entries
LEDGER_WORDS = {
    "stakes.pool": ("Stake in the pool", "Mise dans l'enjeu"), "pay.brusquembille": ("Brusquembilles", "Brusquembilles"),
    "count.winner": ("The pool", "L'enjeu"), "king.turned": ("Kings turned", "Rois retournés"),
    "king.held": ("Kings shown", "Rois montrés"), "king.taken": ("Kings taken", "Rois pris"),
    "count.won": ("The deal won", "Donne gagnée"), "count.lost": ("The deal lost", "Donne perdue"),
    "count.score": ("The contract", "Le contrat"), "count.vole": ("The vole", "La vole"),
}
KIND_WORDS = {"simple": ("simple marriage", "mariage simple"), "grand": ("grand marriage", "grand mariage")}
# the careful player's reasons that make a card played to a trick worth a word of its own
NOTABLE = {"win", "win-master", "ruff", "smear", "table-marriage", "over"}


def french(text: str) -> str:
    """French typography: a non-breaking space before : ; ! ? and inside « » (issue 21, part 4)."""
    text = re.sub(r" ([:;!?»])", "\u00a0\\1", text)
    return re.sub(r"« ", "«\u00a0", text)


def _clause(rules: Rules, *endings: str) -> str | None:
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


def _img_html(svg: str, classes: str) -> list[str]:
    """`.. raw:: html` lines holding an SVG picture as an image (a data URI over several lines,
    which a URL may span), for a picture with a style sheet of its own (the filled sheets of
    brou.engine.sheet_svg), which inline it would impose on the whole page."""
    title = re.search(r"<title>(.*?)</title>", svg, re.S)
    alt = (title.group(1) if title else "").replace('"', "&quot;")
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    chunks = [data[i:i + 76] for i in range(0, len(data), 76)]
    return ["", ".. raw:: html", "", f'   <img alt="{alt}" class="{classes}" src="data:image/svg+xml;base64,',
            *(f"   {chunk}" for chunk in chunks), '   ">', ""]


def _indent(lines: Sequence[str], by: str = "   ") -> list[str]:
    return [f"{by}{line}" if line else "" for line in lines]


# -- the commentary -------------------------------------------------------------------------------


class _Writer:
    """The commented deal of one PlayedDeal in one language; `numbers` gives each clause's rule
    number in the booklet (a clause not in it is not cited)."""

    def __init__(self, played: PlayedDeal, lang: str, numbers: Mapping[str, str]) -> None:
        self.played = played
        self.rules = played.rules
        self.lang = lang
        self.i = LANGS.index(lang)
        self.numbers = numbers
        self.cited: set[str] = set()
        self.lines: list[str] = []
        self._passing: list[int] = []  # players whose passes in the speech are not said yet
        self._exchanges_said: list[int] = []
        self._contract_said = False
        self._trick_context: dict[int, tuple[int | None, list[int], list[Sequence[tuple[str, Any]]], list[int]]] = {}
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
        """A table player by his seat's name."""
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

    # the whole

    def write(self) -> list[str]:
        played = self.played
        self.para(self.w("intro" if self.played.player == "careful" else "intro-sampled"))
        self.deal_paragraph()
        self.lines += self.hands_lines(played.deal.deal.hands, self.w("hands-caption"), dealt=True)
        events = self.partnership_events() if isinstance(played.deal, HommeDeal) else self.phase_events()
        if played.deal.tricks:
            self.para(self.w("how-to-read"))
        blocks: list[str] = []
        for number, (leader, cards, winner) in enumerate(played.deal.tricks, 1):
            blocks += self.trick_block(number, leader, list(cards), winner, events.get(number, ([], [])))
        if blocks:
            self.lines += [".. container:: deal-tricks", ""] + _indent(blocks)
        last = len(played.deal.tricks) + 1  # what was said in a trick the deal did not finish (a claim)
        said = [text for (number, _), texts in sorted(self._inline.items()) if number == last for text in texts]
        self.para(" ".join(events.get(last, ([], []))[0] + said))
        count: list[str] = [f".. rubric:: {self.w('count')}", "", ".. container:: deal-count", ""]
        body = self.partnership_count() if isinstance(played.deal, HommeDeal) else self.phase_count()
        self.lines += count + _indent(body)
        return self.lines

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
        text += self.cite(_clause(rules, "deal.packets"))
        if isinstance(deal, HommeDeal):
            turnup = deal.turnup
            text += self.w("turnup-own", c=self.card(turnup), s=self.suit(rules.suit_of[turnup]),
                           cite=self.cite(_clause(rules, "deal.turnup")))
            if rules.turnup_exposed == "first-trick":
                text += self.w("turnup-shown", cite=self.cite(_clause(rules, "deal.turnup-exposed")))
            else:
                text += self.w("turnup-hand", cite=self.cite(_clause(rules, "deal.turnup-in-hand")))
        else:
            stock = len(deal.deal.stock)
            if deal.deal.turnup >= 0:
                turnup = deal.deal.turnup
                text += self.w("talon-turned", k=stock, c=self.card(turnup), s=self.suit(rules.suit_of[turnup]),
                               cite=self.cite(_clause(rules, "deal.turned")))
            else:
                text += self.w("talon-down", k=stock, cite=self.cite(_clause(rules, "deal.talon")))
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

    def tail(self, choice: Choice | None, kind: str, hand: int, trump: int | None, wins: bool, last: bool) -> str:
        """The player's reason, as the end of his sentence ("" when it says nothing new); `wins`:
        whether his card takes the trick so far, `last` whether it is the trick's last card."""
        if choice is None:
            return ""
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
        if reason == WEIGHED:
            return self.w("tail-weighed")
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
                    primitives: Sequence[tuple[str, Any]], choice: Choice | None) -> tuple[str, str]:
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
            tail = self.tail(choice, key, hand, trump, wins, len(trick) == rules.n_players - 1)
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
                return say("any-trump", _clause(rules, "play.trump-led-lower"))
            if choice is not None and choice.reason in NOTABLE:
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
                return say("only-trumps", _clause(rules, "play.only-trumps"))
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
        return _clause(self.rules, "play.void-free", "play.follow", "play.free")

    def _free_clause(self) -> str | None:
        return _clause(self.rules, "play.free", "play.void-free")

    def lead_phrase(self, seat: int, card: int, trump: int | None, number: int, choice: Choice | None) -> str:
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
            why = self.w("why-lead-weighed")
        if number == 1 and seat == rules.first_lead:
            return self.w("lead-first", P=self.P(seat), c=c, why=why, side=next_side(rules, self.lang),
                          cite=self.cite(_clause(rules, "play.lead")))
        if number == 2:
            return self.w("lead-next", P=self.P(seat), c=c, why=why, cite=self.cite(_clause(rules, "play.next-lead")))
        return self.w("lead", P=self.P(seat), c=c, why=why)

    def winner_phrase(self, cards: list[int], leader: int, winner: int, trump: int | None) -> str:
        rules = self.rules
        order = card_order(rules, trump)
        cls = order.class_of
        n = rules.n_players
        won = cards[(winner - leader) % n]
        cite = self.cite(_clause(rules, "play.trick-winner"))
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
        trump, hands, primitives, choice_at = self._trick_context[number]
        choices = self.played.choices
        before, after = notes
        parts = list(before) + self._inline.get((number, 0), [])
        parts.append(self.lead_phrase(leader, cards[0], trump, number, self._choice(choice_at[0])))
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
            kind, text = self.play_phrase(seat, cards[i], hands[i], cards[:i], trump, primitives[i], choice)
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
        told = self._told_notes()
        parts += [self.better(told[index], (leader + i) % n, trump) for i, index in enumerate(choice_at[:len(cards)])
                  if index in told]
        parts += after
        plays = [Play(self.p((leader + i) % n), self.colour((leader + i) % n), c) for i, c in enumerate(cards)]
        heading = self.w("trick", n=number)
        svg = trick_picture(rules, plays, (winner - leader) % n, self._lang(), heading)
        text = f"**{heading}.** " + " ".join(parts)
        block = [".. container:: deal-trick", ""] + _indent(_svg_html(_scaled(svg, TRICK_SCALE), "trick-picture"))
        para: list[str] = []
        self.para(text, para)
        return block + _indent(para) + [""]

    def _told_notes(self) -> dict[int, Note]:
        """The solver's notes the commentary tells, by history index: the largest gains, at most
        SOLVER_NOTES of them."""
        notes = sorted(self.played.notes, key=lambda note: (-note.gain, note.index))[:SOLVER_NOTES]
        return {note.index: note for note in notes}

    def better(self, note: Note, seat: int, trump: int | None) -> str:
        """Where the card played at `note.index` would have done better with every hand in view."""
        rules = self.rules
        alone = len(rules.teams[rules.team_of[seat]]) == 1 if rules.teams else True
        k = note.gain
        plural = "" if k == 1 else "s"
        unit = {"count": "unit-point", "points": "unit-card-point"}.get(note.goal, "unit-point")
        unit = unit.replace("point", "points") if plural else unit
        stock = self.w("better-stock") if note.goal == "points" else ""
        return self.w("better", stock=stock, p=self.p(seat), c=self.card(note.best, trump), k=k, unit=self.w(unit),
                      who=self.w("better-he" if alone else "better-side"))

    def _choice(self, index: int) -> Choice | None:
        choices = self.played.choices
        return choices[index] if 0 <= index < len(choices) else None

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
            context = self._trick_context.setdefault(number, (replay.trump, [], [], []))
            before, _after = events.setdefault(number, ([], []))
            previous = events.setdefault(number - 1, ([], []))[1] if number > 1 else before
            if 0 <= action < rules.n_indices:
                context[1].append(replay.hands[seat])
                context[2].append(rules.following_primitives)
                context[3].append(index)
            elif rules.n_indices <= action < base:
                in_window = replay.phase == "window"
                inline = self._inline.setdefault((number, len(replay.trick)), [])
                replay.apply(action, seat if index in out_of_turn else None)
                self._announcement(replay, seat, previous if in_window else inline, in_window)
                continue
            elif action == base + CLAIM_ACTION:
                claim = self.w("claim", P=self.P(seat), team=self.team_words(rules.team_of[seat]),
                               cite=self.cite(_clause(rules, "game.dehors", "game.claim")))
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
        cite = self.cite(_clause(rules, "marriage.announce-window"))
        key = "announces-after" if after_trick else "announces-before" if self._announced else "announces-first"
        self._announced = True
        if after_trick:
            if self._window == len(replay.tricks):
                key = "announces-then"
            self._window = len(replay.tricks)
        into.append(self.w(key, p=self.p(seat), m=text, cite=cite))

    def marriage_cards(self, suit: int, kind: int) -> str:
        """The cards of a marriage: `the king and queen of clubs`, `le roi et la dame de trèfle`."""
        rules = self.rules
        cards = [rules.card(r + rules.suits[suit]) for r in rules.kinds[kind].ranks]
        if self.lang == "en":
            return f"the {self.listed([self.card(c, bare=True) for c in cards])} of {self.suit(suit)}"
        return f"{self.listed([self.card(c, short=True) for c in cards])} de {self.suit(suit)}"

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
                               cite=self.cite(_clause(rules, "marriage.table"))))
        for t_index, _suit, kind, _team, _points in replay.unmarked:
            if t_index == index:
                kind_word = KIND_WORDS.get(rules.kinds[kind].name, ("marriage", "mariage"))[self.i]
                into.append(self.w("unmarked", kind=kind_word, cite=self.cite(_clause(rules, "marriage.table-marked"))))

    def _game_word(self, kind: int, seat: int, into: list[str]) -> None:
        rules = self.rules
        team = self.team_words(rules.team_of[seat])
        declaration = rules.data["game"].get("declaration") or {}
        if kind in (2, 3):
            name = declaration.get("double", {}).get("name") if kind == 3 else declaration.get("name")
            into.append(self.w("declare", P=self.P(seat), name=f"« {name} »" if self.lang == "fr" else f'"{name}"',
                               team=team, cite=self.cite(_clause(rules, "game.partie-et-vole", "game.cape-et-dehors"))))
        elif kind == 4:
            into.append(self.w("concede", team=team, cite=self.cite(_clause(rules, "game.concession"))))
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
                context = self._trick_context.setdefault(number, (replay.trump, [], [], []))
                context[1].append(replay.hands[seat])
                context[2].append(replay.rules.following_primitives if replay.stock or not
                                  rules.following_after_talon else rules.following_after_talon)
                context[3].append(index)
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
            cite = self.cite(_clause(rules, "turn.nobody", "auction.all-pass", "speech.rejouissance"))
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
            trumps = choice.number if choice is not None else 0
            into.append(self.w("homme", P=self.P(seat), k=NUMBERS[self.lang][trumps],
                               cite=self.cite(_clause(rules, "speech.round"))))
        for event in new_events:
            if event.kind == "turn":
                s = self.suit(rules.suit_of[event.card])
                if len(replay.turned) > 1:
                    into.append(self.w("turn-again", p=self.p(event.seat), c=self.card(event.card), s=s,
                                       cite=self.cite(_clause(rules, "speech.rejouissance"))))
                else:
                    into.append(self.w("turn", P=self.P(event.seat), c=self.card(event.card), s=s,
                                       cite=self.cite(_clause(rules, "turn.offer"))))
            elif event.kind == "show":
                into.append(self.w("show", P=self.P(event.seat), c=self.card(event.card),
                                   cite=self.cite(_clause(rules, "king.show"))))
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
                    choice = self._choice(at + k)
                    bids.append(self.w("bid", p=self.p(s), b=self._contract_name(name),
                                       k=NUMBERS[self.lang][choice.number if choice is not None else 0]))
            text = self.w("auction", said=self.semi().join(bids), cite=self.cite(_clause(rules, "auction.order")))
            into.append(text)
        if replay.phase in ("exchange", "play", "done") and phase in ("auction", "declare") and replay.contract:
            self._contract_sentence(replay, into)
        if phase == "exchange" and replay.exchanges and (len(replay.exchanges) > len(self._exchanges_said)):
            s, k = replay.exchanges[-1]
            self._exchanges_said.append(s)
            discarded = [e.card for e in replay.events if e.kind == "discard" and e.seat == s]
            drawn = [e.card for e in replay.events if e.kind == "draw" and e.seat == s]
            cite = self.cite(_clause(rules, "exchange.hombre" if s == replay.hombre else "exchange.tiers"))
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
                before.append(self.w("surrender", P=self.P(seat), cite=self.cite(_clause(rules, "exchange.surrender"))))
            elif word == "stop":
                before.append(self.w("stop", P=self.P(seat), cite=self.cite(_clause(rules, "count.vole"))))

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
                               b=name, trump=trump, cite=self.cite(_clause(rules, "contract.demande"))))
        else:
            into.append(self.w("hombre", P=self.P(replay.hombre), b=name, trump=trump,
                               cite=self.cite(_clause(rules, "players.count"))))
        shown = [e.card for e in replay.events if e.kind == "show"]
        if shown:
            into.append(self.w("shows-cards", cards=self.cards_list(shown, replay.trump),
                               cite=self.cite(_clause(rules, "contract.grand-tourne"))))
        for e in turned:
            into.append(self.w("turns-trump", c=self.card(e.card), s=self.suit(rules.suit_of[e.card]),
                               cite=self.cite(_clause(rules, "exchange.tourne"))))

    def _after_phase_trick(self, replay: PhaseDeal, number: int, new_events: Sequence[Any],
                           new_ledger: Sequence[Entry], into: list[str]) -> None:
        rules = self.rules
        vole = rules.data.get("play", {}).get("vole")
        if isinstance(replay, HombreDeal) and replay.vole and vole and number == vole["after"] + 1 \
                and replay.hombre is not None:
            into.append(self.w("vole", P=self.P(replay.hombre), cite=self.cite(_clause(rules, "count.vole"))))
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
            first, rest = drawn[0], drawn[1:]
            cite = self.cite(_clause(rules, "talon.draw"))
            if not self._draws_told:  # the first draw card by card, then in short
                self._draws_told = True
                others = [self.w("draw-one", p=self.p(e.seat), c=self.card(e.card)) for e in rest]
                into.append(self.w("draws", p=self.p(first.seat), c=self.card(first.card), rest=self.listed(others),
                                   cite=cite))
            elif not replay.stock:
                into.append(self.w("draws-short", p=self.p(first.seat), cite=cite))
            if not replay.stock:
                last = drawn[-1]
                if replay.deal.turnup >= 0 and last.card == replay.deal.turnup:
                    into.append(self.w("draw-last", c=self.card(last.card), p=self.p(last.seat),
                                       cite=self.cite(_clause(rules, "talon.last-draw"))))
                into.append(self.w("stock-gone", cite=self.cite(_clause(rules, "talon.last-tricks"))).strip())

    # -- the count ------------------------------------------------------------------------------------

    @staticmethod
    def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
        lines = ["", ".. list-table::", "   :header-rows: 1", ""]
        for row in [header, *rows]:
            lines.append(f"   * - {row[0] or ' '}")
            lines += [f"     - {cell}" for cell in row[1:]]
        return lines + [""]

    def _next_dealer(self, out: list[str]) -> None:
        following = self.played.next_dealer
        if following is not None:
            self.para(self.w("next-dealer", P=self.name(following),
                             cite=self.cite(_clause(self.rules, "match.next-dealer", "session.next-dealer",
                                                    "deal.next-dealer", "match.dealer"))), out)

    def partnership_count(self) -> list[str]:
        played, rules = self.played, self.rules
        state = played.deal
        assert isinstance(state, HommeDeal)
        result = state.result()
        teams = self.team_order()
        header = [""] + [self.team_words(t) for t in teams]
        rows = [[self.w("tricks")] + [str(result.teams[t].tricks) for t in teams],
                [self.w("card-points")] + [str(result.teams[t].card_points) for t in teams],
                [self.w("rounded", cite=self.cite(_clause(rules, "count.rounding")))]
                + [str(result.teams[t].rounded_cards) for t in teams],
                [self.w("announced")] + [_signed(result.teams[t].announced) for t in teams],
                [self.w("table")] + [_signed(result.teams[t].table) for t in teams],
                [self.w("total")] + [_number(result.teams[t].total) for t in teams]]
        out = [".. container:: count-table", ""] + _indent(self.table(header, rows))
        outcome = state.outcome
        assert outcome is not None
        unit_name = str(rules.data["match"]["unit"])
        target = rules.data["game"]["target"]

        def marks_text() -> str:
            marked = [t for t in teams if outcome.marks[t]]
            if not marked:
                return ""
            t = marked[0]
            k = outcome.marks[t]
            unit = unit_name if k != 1 else unit_name.rstrip("s")
            if outcome.winner == t:
                return self.w("marks-winner", k=k, unit=unit)
            return self.w("marks-loser", team=self.team_words(t), k=k, unit=unit)

        scores = outcome.scores
        first, second = self.team_order()
        a, b = self.team_words(first), self.team_words(second)
        how = outcome.how
        if how == "all-tricks":
            t = result.all_tricks if result.all_tricks is not None else 0
            name = rules.data["game"]["all_tricks"]["name"]
            text = self.w("all-tricks", team=self.team_words(t), name=f"« {name} »" if self.lang == "fr" else
                          f'"{name}"', marks=marks_text(), cite=self.cite(_clause(rules, "game.cape", "game.vole")))
        elif how == "replay":
            text = self.w("replay", cite=self.cite(_clause(rules, "game.last-coup")))
        elif outcome.winner is None:
            text = self.w("game-on", target=target, a=a, b=b, x=_number(scores[first]), y=_number(scores[second]),
                          cite=self.cite(_clause(rules, "game.target")))
        elif how == "played-out":
            w = outcome.winner
            text = self.w("game-won", team=self.team_words(w), target=target, x=scores[w], y=scores[1 - w],
                          marks=marks_text(), cite=self.cite(_clause(rules, "game.last-coup", "game.value")))
        elif how in ("claim-right", "claim-wrong"):
            w = outcome.winner
            text = self.w(how, team=self.team_words(w), x=scores[w], y=scores[1 - w], marks=marks_text(),
                          cite=self.cite(_clause(rules, "game.dehors-wrong" if how == "claim-wrong" else "game.dehors",
                                                 "game.claim-right", "game.claim-wrong")))
        else:
            text = self.w("game-end", how=HOW.get(how, (how, how))[self.i], team=self.team_words(outcome.winner),
                          marks=marks_text())
        said: list[str] = []
        self.para(text, said)
        self._next_dealer(said)
        sides = len(rules.teams)  # the sheet's columns are the match's teams: team m holds players m, m + 2 ...
        names = [self.listed([self.name(p) for p in range(rules.n_players) if p % sides == m]) for m in range(sides)]
        self.para(self.w("nous-eux", a=names[0], b=names[1], nous=TEAMS[0], eux=TEAMS[1]), said)
        svg = _sheet(played.record, played.number, self.lang)
        return out + said + _img_html(svg, "deal-sheet")

    def phase_count(self) -> list[str]:
        played, rules = self.played, self.rules
        deal = played.deal
        assert isinstance(deal, PhaseDeal)
        n = rules.n_players
        seats = sorted(range(n), key=lambda s: played.players[s])
        header = [""] + [self.p(s) for s in seats]
        result = deal.seat_results()
        rows = [[self.w("tricks")] + [str(result[s].tricks) for s in seats]]
        if any(rules.points):
            rows.append([self.w("card-points")] + [str(result[s].card_points) for s in seats])
        kind = rules.data["session"]["kind"]
        unit = "jetons" if kind == "pool" else "points"
        by_clause: dict[str, list[Entry]] = {}
        for e in deal.ledger:
            by_clause.setdefault(e.clause, []).append(e)
        for clause, entries in by_clause.items():
            net = balances(entries, n)
            label = next((words[self.i] for ending, words in LEDGER_WORDS.items() if clause.endswith("." + ending)), "")
            rows.append([label + self.cite(clause)] + [_signed(net[s]) for s in seats])
        net = balances(deal.ledger, n)
        rows.append([f"{self.w('net')} ({self.w(unit)})"] + [_signed(net[s]) for s in seats])
        out = [".. container:: count-table", ""] + _indent(self.table(header, rows))
        said: list[str] = []
        self.para(self.phase_result(deal, result), said)
        self._next_dealer(said)
        record = played.record
        table = rules.table_size
        if kind == "pool":
            label = self.w("standing-pool", cave=record["cave"])
            values = [str(record["cave"] + j) for j in record["jetons"]]
        elif kind == "marks":
            label = self.w("standing-marks")
            values = [str(m) for m in record["marks"]]
        elif kind == "coups":
            label = self.w("standing-coups")
            values = [_signed(j) for j in record["jetons"]]
        else:
            label = self.w("standing-points")
            values = [str(t) for t in record["totals"]]
        standing = [f".. rubric:: {self.w('standings')}", "", ".. container:: count-table", ""]
        standing += _indent(self.table([""] + [self.name(p) for p in range(table)], [[label] + values]))
        return out + said + standing

    def phase_result(self, deal: PhaseDeal, result: Sequence[Any]) -> str:
        rules = self.rules
        n = rules.n_players
        kind = rules.data["result"]["kind"]
        if deal.ended in ("not-turned", "all-passed"):
            return ""
        if isinstance(deal, HombreDeal) and deal.hombre is not None and deal.contract is not None:
            h = deal.hombre
            tricks = [sum(1 for _, _, w in deal.tricks if w == s) for s in range(n)]
            others = self.listed([NUMBERS[self.lang][tricks[s]] for s in range(n) if s != h])
            net = balances(deal.ledger, n)[h]
            unit = self.w("point" if abs(net) == 1 else "points")
            key = {"won": "hombre-won", "remise": "hombre-remise", "codille": "hombre-codille",
                   "surrender": "hombre-surrender"}[deal.outcome or "won"]
            cite = self.cite(_clause(rules, "count.nolo" if deal.contract.nolo else "count.result"))
            return self.w(key, P=self.P(h), k=NUMBERS[self.lang][tricks[h]], t=others, b=self._contract_name(deal.contract.name),
                          v=abs(net), unit=unit, cite=cite)
        if kind == "most-tricks" and deal.homme is not None:
            winner = deal_winner(n, [w for _, _, w in deal.tricks])
            if winner == deal.homme:
                return self.w("homme-won", P=self.P(deal.homme), cite=self.cite(_clause(rules, "count.won"), True))
            return self.w("homme-lost", P=self.P(deal.homme), w=self.p(winner),
                          cite=self.cite(_clause(rules, "count.lost"), True))
        winners = deal.winners() or []
        seats = sorted(s for side in winners for s in rules.teams[side])
        if not seats:
            return ""
        top = max(r.card_points for r in result) if len(rules.teams) == n else deal.side_points()[winners[0]]
        cite = self.cite(_clause(rules, "count.winner"))
        if len(winners) == 1 and len(seats) == 1:
            return self.w("most-points", P=self.P(seats[0]), k=top, cite=cite)
        return self.w("tie-points", ps=self.listed([self.p(s) for s in seats]), k=top, cite=cite)

    def semi(self) -> str:
        return "\u00a0; " if self.lang == "fr" else "; "

    def listed(self, names: Sequence[str]) -> str:
        if len(names) < 2:
            return "".join(names)
        return ", ".join(names[:-1]) + f" {self.w('and')} " + names[-1]


def auction_word(rules: Rules, action: int) -> str | None:
    """The auction word of an action id (None for a card)."""
    from ..laws.auction import words

    index = action - rules.n_indices
    names = words(rules)
    return names[index] if 0 <= index < len(names) else None


def _number(value: int) -> str:
    """A number as the book prints it, with a true minus sign."""
    return str(value).replace("-", "\u2212")


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "\u2212") if value else "0"


def _sheet(record: dict[str, Any], upto_deal: int, lang: str) -> str:
    """The match's sheet after deal `upto_deal`, in `lang`."""
    return sheet_svg(record, upto_deal=upto_deal, lang=lang)


def comment(played: PlayedDeal, lang: str, numbers: Mapping[str, str] | None = None) -> list[str]:
    """reStructuredText lines: a finished deal commented trick by trick, with its count;
    `numbers` gives the rule number of each clause the commentary may cite (none: no rule is
    cited)."""
    if lang not in LANGS:
        raise ValueError(f"no language '{lang}' (known: {', '.join(LANGS)})")
    return _Writer(played, lang, numbers or {}).write()


def commented_deal(rules: Rules, seed: int, lang: str, numbers: Mapping[str, str] | None = None) -> list[str]:
    """reStructuredText lines: one deal of `rules` played from `seed` by careful players,
    commented trick by trick with pictures, ending with its count, in `lang`; rules cited by
    their `numbers` in the booklet."""
    if lang not in LANGS:
        raise ValueError(f"no language '{lang}' (known: {', '.join(LANGS)})")
    return comment(play_deal(rules, seed), lang, numbers)

"""The words of a commented deal (brou.book.walkthrough), in English and French: each phrase
with its fields, how a game ended, the numbers in words, the rows of the count, and French
typography."""

from __future__ import annotations

import re

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
    "intro-searched": ("Each player sees only his own cards and what has been played and said. The comments say "
                       "what each notable card did and the principle it shows, with the rule that allowed or forced "
                       "it; where a player seeing every hand would have played another card, which one and what it "
                       "would have won.",
                       "Chaque joueur ne voit que ses cartes et ce qui a été joué et dit. Les commentaires disent ce "
                       "qu'a fait chaque carte notable et le principe qu'elle montre, avec la règle qui l'a permise "
                       "ou imposée ; quand un joueur voyant toutes les mains aurait joué une autre carte, laquelle "
                       "et ce qu'elle aurait gagné."),
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
    # what a card did (brou.book.lessons.card_effect), where the careful player would have played another
    "did-gives-marriage": (": it falls in one trick with {hc}, and the other side takes both, a table "
                           "marriage for them ({k} points)",
                           " : elle tombe dans la même levée que {hc}, et l'autre camp prend les deux, un "
                           "mariage sur table pour lui ({k} points)"),
    "did-makes-marriage": (": with {hc} it makes a table marriage for his side ({k} points)",
                           " : avec {hc}, elle fait un mariage sur table pour son camp ({k} points)"),
    "did-draws-trumps": (", drawing trumps: {n} of the other side's fall to it",
                         ", pour faire tomber les atouts : {n} atouts adverses y passent"),
    "did-draws-trump": (", drawing trumps: one of the other side's falls to it",
                        ", pour faire tomber les atouts : un atout adverse y passe"),
    "did-saves": (", keeping back {c}, which goes to {side} in trick {m}",
                        ", et garde {c}, qui revient à {side} à la levée {m}"),
    "did-ruffs": (", and the trump takes the trick", ", et l'atout fait la levée"),
    "did-overruffs": (", and takes the trick", ", et fait la levée"),
    "did-gives-points": (": {k} points to {h}, where {c} would have given less",
                         " : {k} points pour {h}, quand {c} aurait donné moins"),
    "did-smears": (", giving {k} points to his partner's trick", ", qui donne {k} points à la levée de son partenaire"),
    "did-cashes": (", which holds the trick", ", qui fait la levée"),
    "did-takes": (", which takes the trick", ", qui fait la levée"),
    "did-partner-takes": (", and {h}, his partner, takes the trick", ", et {h}, son partenaire, fait la levée"),
    # the principle a trick shows (brou.book.narrator.lesson), each once in a deal
    "lesson-marriage": ("The lesson: the two cards of a marriage in one trick are a table marriage for whoever "
                        "takes it: {k} points here for {side}.",
                        "À retenir : les deux cartes d'un mariage dans une même levée font un mariage sur table "
                        "pour qui la remporte : {k} points ici pour {side}."),
    "lesson-gives-marriage-partner": ("The lesson: do not drop {c} on a trick the other side may take while your "
                                      "partner may have to put {o} in it: a table marriage for them ({k} points).",
                                      "À retenir : ne lâchez pas {c} sur une levée que l'autre camp peut prendre "
                                      "quand votre partenaire risque d'y mettre {o} : un mariage sur table pour lui "
                                      "({k} points)."),
    "lesson-draws-trumps": ("The lesson: leading trumps draws the other side's, so your high cards are not trumped "
                            "later.",
                            "À retenir : entamer atout fait tomber ceux de l'autre camp, et vos cartes maîtresses ne "
                            "seront plus coupées."),
    "lesson-saves": ("The lesson: on a trick you cannot take, keep the cards that count ({p} kept {o}).",
                     "À retenir : sur une levée que vous ne pouvez pas prendre, gardez les cartes qui comptent ({p} "
                     "a gardé {o})."),
    "lesson-ruffs": ("The lesson: a suit you hold none of lets you trump its tricks.",
                     "À retenir : une couleur qui vous manque vous permet d'en couper les levées."),
    "lesson-gives-points": ("The lesson: on a trick another takes, give the least you can.",
                            "À retenir : sur une levée qu'un autre prend, donnez le moins possible."),
    "lesson-smears": ("The lesson: on your partner's trick, put the cards that count.",
                      "À retenir : sur la levée de votre partenaire, mettez les cartes qui comptent."),
    "tail-free": (": while the stock lasts nobody need follow", " : tant que dure le talon, nul n'est tenu de fournir"),
    # where a card would have done better with every hand in view (brou.book.played)
    "better": ("With every hand{stock} in view, {p} would have done better to play {c}: {why}{who} would have "
               "ended the deal {k} {unit} better off.",
               "À jeu découvert{stock}, {p} aurait mieux fait de jouer {c} : {why}{who} aurait terminé la donne "
               "avec {k} {unit} de mieux."),
    "better-stock": (" and the order of the stock", ", l'ordre du talon connu"),
    # what the better card would have won (brou.book.lessons.difference), before "; he would have ended..."
    "pts": (" ({k} card points)", " ({k} points)"),
    "would-take": ("with it the trick goes to {side}{pts}", "avec elle, la levée revient à {side}{pts}"),
    "would-marriage": (", and with it the table marriage of {cards}", ", et avec elle le mariage sur table ({cards})"),
    "would-no-marriage": ("{them} would not have had the table marriage of {cards} ({v} points)",
                          "{them} n'auraient pas eu le mariage sur table ({cards}, {v} points)"),
    "would-keep": ("he would have kept {c} to take trick {m}", "il aurait gardé {c} pour faire la levée {m}"),
    "would-later": ("{h} would then have taken trick {m} with {c}", "{h} aurait ensuite fait la levée {m} avec {c}"),
    "would-tricks": ("{who} would have taken {x} of the tricks left, not {y}",
                     "{who} aurait fait {x} des levées restantes, et non {y}"),
    "would-seat-none": ("{h} would have ended with {x}, not {y}", "{h} n'aurait fait aucune levée, et non {y}"),
    "would-seat-tricks": ("{h} would have ended with {x}, not {y}", "{h} aurait fini avec {x}, et non {y}"),
    "would-points": ("{who} would have taken {x} card points in the rest of the deal, not {y}",
                     "{who} aurait pris {x} points dans la suite de la donne, et non {y}"),
    "would-end": ("the coup would have ended in {x}, not {y}", "le coup se serait soldé par {x}, et non par {y}"),
    "end-won": ("the hombre's win", "le gain de l'hombre"), "end-remise": ("a remise", "une remise"),
    "end-codille": ("codille", "la codille"), "end-surrender": ("a surrender", "un abandon"),
    "better-he": ("he", "il"),
    "him": ("him", "lui"),
    "his-side": ("his side", "son camp"),
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
    "table-marked": ("{P} leaves {c} face up to mark it{cite}; unmarked, it would not count.",
                     "{P} laisse {c} visible pour le marquer{cite} ; sans cela, il ne compterait pas."),
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
    "draws": ("Each player draws a card from the stock, the winner of the trick first{cite}: {cards}.",
              "Chacun pioche une carte au talon, celui qui a fait la levée le premier{cite} : {cards}."),
    "draws-again": ("They draw: {cards}{cite}.", "Pioche : {cards}{cite}."),
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
    "homme": ("{P}, holding {k}, says he plays: he is the homme, alone against all the others{cite}.",
              "{P}, qui a {k}, dit qu'il joue : il est l'homme, seul contre tous les autres{cite}."),
    "scores": (" This scores a point for {p}{cite}.", " Cela rapporte un point à {p}{cite}."),
    "king-moves": ("{P} takes {c}, which had scored for {q}: the point goes with it{cite}.",
                   "{P} prend {c}, qui avait marqué pour {q} : le point le suit{cite}."),
    "king-lost": ("{P} loses {c}, which had scored for him: he gives the point back{cite}.",
                  "{P} perd {c}, qui avait marqué pour lui : il rend le point{cite}."),
    "not-played": ("The deal is not played{cite}.", "La donne n'est pas jouée{cite}."),
    # the auction and the exchange (L'Hombre)
    "bid": ("{p}, whose longest suit, the black aces counted, makes {k} cards, bids {b}",
            "{p}, dont la plus longue couleur, les as noirs comptés, fait {k} cartes, nomme {b}"),
    "bid-pass": ("{p} passes", "{p} passe"),
    "auction": ("The auction{cite}: {said}.", "Les enchères{cite} : {said}."),
    "hombre": ("{P} is the hombre and plays {b}{trump}, alone against the two tiers{cite}.",
               "{P} est l'hombre et joue {b}{trump}, seul contre les deux tiers{cite}."),
    "hombre-chooses": ("Having won the auction with {bid}, {P} chooses to play {b}{trump}{cite}.",
                       "Vainqueur des enchères avec {bid}, {P} choisit de jouer {b}{trump}{cite}."),
    "trump-named": (", with {s} as trumps", ", avec {s} pour atout"),
    "no-trump": (", without trumps", ", sans atout"),
    "turns-trump": ("He turns the top card of the talon, {c}: {s} are trumps{cite}.",
                    "Il retourne la carte du dessus du talon, {c} : {s} est l'atout{cite}."),
    "shows-cards": ("He shows {cards}{cite}.", "Il montre {cards}{cite}."),
    "exchange": ("{P} discards {k} cards ({cards}) and draws {drawn}{cite}.",
                 "{P} écarte {k} cartes ({cards}) et prend au talon {drawn}{cite}."),
    "exchange-one": ("{P} discards {cards} and draws {drawn}{cite}.",
                     "{P} écarte {cards} et prend au talon {drawn}{cite}."),
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
    "next-dealer": ("{P} deals next{cite}.", "C'est à {P} de donner au coup suivant{cite}."),
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
                   "{P}, l'homme, n'a pas fait le plus de levées (c'est {w} qui les a faites) : il perd un point{cite}."),
    "hombre-won": ("{P}, the hombre, {took} against {t}: he wins his {b} and scores {v} {unit}{cite}.",
                   "{P}, l'hombre, {took} contre {t} : il gagne {b} et marque {v} {unit}{cite}."),
    "hombre-remise": ("{P}, the hombre, {took} against {t}: remise, he loses {v} {unit}{cite}.",
                      "{P}, l'hombre, {took} contre {t} : il fait remise et perd {v} {unit}{cite}."),
    "hombre-codille": ("{P}, the hombre, {took} against {t}: codille, he loses {v} {unit}{cite}.",
                       "{P}, l'hombre, {took} contre {t} : il fait codille et perd {v} {unit}{cite}."),
    # how many tricks a player took: the verb agrees with none (French: n'a fait aucune levée)
    "took": ("took {tricks}", "a fait {tricks}"),
    "took-none": ("took {tricks}", "n'a fait {tricks}"),
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
       "concession-accepted": ("a concession accepted", "abandon accepté"),
       "played-out": ("played out", "donne jouée jusqu'au bout"),
       "all-tricks": ("every trick taken", "toutes les levées faites"),
       "claim-right": ("the claim right", "annonce juste"), "claim-wrong": ("the claim wrong", "annonce fausse"),
       "replay": ("the coup played again", "coup à rejouer")}
# the words of the notation as a person says them (brou web's buttons, what was said): the
# marriages, claims and declarations of 1802 and Brouc, L'Homme d'Auvergne's speech, L'Hombre's
# auction and exchange (its bids are its contracts' names, brou.laws.contracts); {cards} a
# marriage's cards, {name} a declaration's, {s} a suit
WORD_PHRASES: dict[str, tuple[str, str]] = {
    "announce": ("announce {cards}, a {kind}", "annoncer {cards}, {kind}"),
    "claim": ("claim the target reached", "déclarer le but atteint"),
    "declare": ("declare {name}", "annoncer {name}"), "declare-double": ("declare {name}", "annoncer {name}"),
    "concede": ("offer to concede", "proposer d'abandonner"), "accept": ("accept", "accepter"),
    "refuse": ("refuse", "refuser"), "mark": ("mark", "marquer"), "pass": ("pass", "passer"),
    "turn": ("turn", "retourner"), "leave": ("leave", "laisser"), "play": ("play", "jouer"), "show": ("show", "montrer"),
    "trump": ("{s} trumps", "atout {s}"), "draw": ("draw", "prendre au talon"), "surrender": ("give up", "abandonner"),
    "stop": ("stop", "s'arrêter"), "play-on": ("play on", "garder le contrat"),
    "spil": ("bid without naming", "enchérir sans nommer"),
}
# what a player is shown of the deal beyond the cards (brou.engine.view's fields), by field
VIEW_WORDS: dict[str, tuple[str, str]] = {
    "announcements": ("Announcements", "Annonces"), "declared": ("Declared", "Déclaré"),
    "table": ("Table marriages", "Mariages sur table"), "scores": ("Scores before the deal", "Points avant la donne"),
    "carried": ("Marriages carried", "Mariages reportés"), "outcome": ("Outcome", "Résultat"),
    "jetons": ("Jetons", "Jetons"), "marks": ("Marks", "Marques"), "points": ("Points", "Points"),
    "auction": ("Auction", "Enchères"), "hombre": ("Hombre", "Hombre"), "contract": ("Contract", "Contrat"),
    "exchange": ("Exchange", "Écart"), "turned": ("Turned", "Retournées"), "words": ("Words", "Paroles"),
    "shown": ("Shown", "Montrées"), "homme": ("Homme", "Homme"), "open_hand": ("Open hand", "Main ouverte"),
    "discards": ("Your discards", "Vos écarts"), "talon_rest": ("Rest of the talon", "Reste du talon"),
    "partner_hand": ("Partner's hand", "Main du partenaire"),
    "turnup_drawn_by": ("Turned card drawn by", "Retourne tirée par"), "own_tricks": ("Your tricks", "Vos levées"),
    "discarded": ("discarded {k}", "a écarté {k}"), "for-team": ("for {team}", "pour {team}"),
    "won-by": ("game won by {team}", "partie gagnée par {team}"),
    "marks-of": ("marks {marks}", "marques {marks}"), "scores-of": ("scores {scores}", "points {scores}"),
    "double": (" (double)", " (double)"),
}
NUMBERS = {"en": ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                  "twelve"),
           "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze")}
# a count in words with its noun agreeing, for none, one and more (`{n}` the number in words)
COUNTED = {"trick": (("no tricks", "one trick", "{n} tricks"), ("aucune levée", "une levée", "{n} levées")),
           "trump": (("no trumps", "one trump", "{n} trumps"), ("aucun atout", "un atout", "{n} atouts"))}
# a count of tricks alone, the noun understood, where it is not NUMBERS' ("against five and none",
# "contre huit et une")
TRICKS_ALONE = {"en": {0: "none"}, "fr": {1: "une"}}
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


def counted(k: int, noun: str, lang: str) -> str:
    """`k` of `noun` (a key of COUNTED) in words, the noun agreeing: `aucune levée`, `une levée`, `deux levées`."""
    forms = COUNTED[noun][0 if lang == "en" else 1]
    return forms[min(k, 2)].format(n=NUMBERS[lang][k] if k < len(NUMBERS[lang]) else k)


def tricks_taken(k: int, lang: str) -> str:
    """`took no tricks`, `n'a fait aucune levée`, `a fait une levée`, `a fait deux levées`."""
    return PHRASES["took-none" if k == 0 else "took"][0 if lang == "en" else 1].format(tricks=counted(k, "trick", lang))


def tricks_alone(k: int, lang: str) -> str:
    """A count of tricks, the noun understood: `none`, `une`, `deux`."""
    return TRICKS_ALONE[lang].get(k) or (NUMBERS[lang][k] if k < len(NUMBERS[lang]) else str(k))


def french(text: str) -> str:
    """French typography: a non-breaking space before : ; ! ? and inside « » (issue 21, part 4)."""
    text = re.sub(r" ([:;!?»])", "\u00a0\\1", text)
    return re.sub(r"« ", "«\u00a0", text)

#!/usr/bin/env python3
"""An independent L'Homme d'Auvergne (1665) for the Brou conformance protocol, stdlib only.

Written from the published pages (conformance/PROTOCOL.md, docs/*.md, the ruleset's YAML and the
scenarios), not from the reference engine.  `--fault NAME` plants one deliberate mistake (a single
rule broken) for the diagnosis benchmark; `--list-faults` prints them as JSON.
"""

from __future__ import annotations

import copy
import json
import sys
from typing import Any

SUITS = "SHDC"
RANKS = "KQJAT987"  # strongest first (auv.deck.order)
WORDS = ("turn", "leave", "play", "pass", "show")
FORMS = {"two": 2, "three": 3, "four": 4, "five": 5}
TARGETS = list(range(1, 100))

# name -> (clause contradicted, what the faulty engine does)
FAULTS: dict[str, tuple[str, str]] = {
    "ace-high": ("auv.deck.order", "ranks the ace above the king in every suit (the Piquet order)"),
    "ace-low": ("auv.deck.order", "ranks the ace lowest in every suit (K Q J T 9 8 7 A)"),
    "deal-two-three": ("auv.deal.packets", "deals the packets two then three instead of three then two"),
    "deal-from-dealer": ("auv.deal.packets", "gives the first packet to the dealer instead of the player on his right"),
    "cut-one-more": ("auv.deal.cut", "the cut lifts one card more than asked"),
    "turn-bottom-card": ("auv.turn.offer", "the card turned is the talon's bottom card, not its top"),
    "offer-from-dealer": ("auv.turn.offer", "the turn is offered first to the dealer, then round from his right"),
    "unturned-same-dealer": ("auv.match.next-dealer", "after a deal nobody turned, the same dealer deals again"),
    "speech-from-turner": ("auv.speech.round", "the speech begins with the player who turned the card"),
    "two-rejouissances": ("auv.speech.rejouissance", "allows only two réjouissances instead of three"),
    "trump-first-turned": ("auv.speech.trump", "trump stays the suit of the first card turned"),
    "turned-king-free": ("auv.king.turned", "turning a king scores nothing"),
    "showing-asks-all": ("auv.king.show",
                         "after play, every other holder of the turned king is asked to show it, even one who spoke before"),
    "king-scores-again": ("auv.king.once", "a king shown may be shown again when its suit comes up again"),
    "unscored-king-moves": ("auv.king.taken", "any king won by another player moves a mark, scored or not"),
    "homme-leads": ("auv.play.lead", "the homme leads the first trick"),
    "trump-for-suit": ("auv.play.follow", "a player holding the suit led may trump instead of following"),
    "no-must-trump": ("auv.play.trump-if-void", "a player void in the suit led may discard though he holds a trump"),
    "last-trump-wins": ("auv.play.trick-winner", "the last trump played wins the trick, not the highest"),
    "homme-wins-ties": ("auv.count.homme-wins", "the homme level at the top always wins, whoever got there first"),
    "won-two-marks": ("auv.count.won", "a homme who wins the deal scores two marks"),
    "lost-opponents-nothing": ("auv.count.lost", "a homme who loses loses his mark, and the opponents score nothing"),
    "debts-forgiven": ("auv.count.debt", "a player without marks who loses one stays at zero"),
    "target-exceeded": ("auv.match.target", "the game is won only by going past the target, not by reaching it"),
    "next-dealer-left": ("auv.match.next-dealer", "the deal passes to the dealer's left"),
    "first-dealer-lowest": ("auv.match.first-dealer", "the lowest card drawn deals first"),
}
# the faults written for issue 63, after the diagnosis had been tuned on those above: tools/diagnosis-bench
# holds part of them out of its tuning (docs/conformance.md, "The verdict")
BATCHES: dict[str, str] = {}  # fault name -> the batch of issue 63 it was written in (tools/diagnosis-bench)


def _batch(batch: str, faults: dict[str, tuple[str, str]]) -> None:
    """Declare one batch of faults written for issue 63: FAULTS gains them, BATCHES says when they were written."""
    FAULTS.update(faults)
    BATCHES.update(dict.fromkeys(faults, batch))


_batch("issue-63", {
    "unplayed-kings-cancelled": ("auv.king.once", "the kings scored in a deal that is not played are struck off"),
    "ten-above-ace": ("auv.deck.order", "ranks the ten above the ace (K Q J T A 9 8 7)"),
    "void-must-overtrump": ("auv.play.trump-if-void", "a player void in the suit led must beat a trump already played if he can"),
    "follow-must-head": ("auv.play.follow", "a player following suit must beat the best card of the suit led if he can"),
    "speech-from-dealer": ("auv.speech.round", "the speech begins with the dealer"),
    "homme-needs-three": ("auv.count.homme-wins", "the homme wins the deal only with three tricks or more"),
    "turned-king-to-dealer": ("auv.king.turned", "a king turned scores for the dealer, not for the player who turned it"),
    "no-showing-after-play": ("auv.king.show",
                              "once a player says he plays, the later holders of the turned king are not asked to show it"),
    "lost-pays-each": ("auv.count.lost", "a homme who loses pays a point to each opponent, not one to the sheet"),
    "rejouissance-from-last-turner": ("auv.turn.offer",
                                      "a réjouissance is offered first to the player after the one who turned last"),
    "target-after-deal": ("auv.match.target", "the target is checked only once the deal is over"),
})
# the second batch of issue 63, written blind to the diagnosis (which never saw them): the held-out set
_batch("issue-63-b", {
    "three-keep-sevens": ("auv.deck.cards", "with three players the sevens stay in the pack (32 cards)"),
    "four-rejouissances": ("auv.speech.rejouissance", "allows a fourth réjouissance after three"),
    "taken-king-to-sheet": ("auv.king.taken", "a scored king won by another player costs its holder the point, "
                            "which goes to nobody"),
    "lead-passes-round": ("auv.play.lead", "each trick after the first is led by the player after the last leader, "
                          "not by the winner"),
    "won-paid-by-each": ("auv.count.won", "a homme who wins is paid a point by each opponent, not one from the sheet"),
    "first-dealer-piquet-order": ("auv.match.first-dealer", "the draw for the first dealer ranks the cards as at "
                                  "Piquet, ace highest"),
    "must-trump-code-follow": ("auv.play.trump-if-void", "a void player who does not trump is refused must-follow-suit, "
                               "not must-trump"),
    "card-in-offer-word-not-now": ("auv.turn.offer", "a card played during the turn-offer is refused word-not-now, "
                                   "not cards-not-yet"),
    "target-tie-first-wins": ("auv.match.target", "two players reaching the target together: the first in the order of "
                              "play wins, instead of play going on"),
})
# the third batch of issue 63, written blind to the diagnosis too: a second held-out set
_batch("issue-63-c", {
    "each-opponent-under-winner": ("auv.count.lost", "a homme who loses gives a point to each opponent even when "
                                   "loser_pays is the-winner"),
    "four-always-thirty-two": ("auv.deck.cards", "four players use the 32-card pack even when pack_with_four is "
                               "twenty-eight"),
    "show-refused-word-not-now": ("auv.king.show", "show in the speech without a king to show is refused word-not-now, "
                                  "not no-king-to-show"),
    "dealer-must-turn": ("auv.turn.offer", "when every other player has left the card, the dealer may not leave it "
                         "and must turn"),
    "target-always-five": ("auv.match.target", "the game is won at five points whatever target was agreed"),
    "show-ends-word": ("auv.king.show", "a player who shows his king in the speech has used his word: it passes to "
                       "the next player"),
    "view-last-turned-only": ("auv.info.turned", "the view lists only the last card turned, not those of earlier "
                              "réjouissances"),
    "unplayed-deal-not-counted": ("auv.turn.nobody", "a deal that is not played is not counted among the session's "
                                  "deals"),
})
# the fourth batch of issue 63, written blind to the diagnosis too: a third held-out set
_batch("issue-63-d", {
    "show-entry-names-turned": ("auv.king.held", "the ledger entry of a king shown names the card turned, not the "
                                "king"),
    "talon-counts-turned": ("auv.deal.talon", "the talon's count still includes the cards turned from it"),
    "passed-suit-barred": ("auv.speech.trump", "a player who passed on a suit may not play on it when it is turned "
                           "again in a réjouissance"),
    "not-turned-as-all-passed": ("auv.turn.nobody", "a deal in which nobody turns the card ends as all-passed, not "
                                 "not-turned"),
    "speech-card-not-in-hand": ("auv.speech.round", "a card the player does not hold, played before play begins, is "
                                "refused not-in-hand, not cards-not-yet"),
    "shown-kings-private": ("auv.info.turned", "a player's view lists only the kings he showed himself, not those "
                            "the others showed"),
    "trump-lead-forbidden": ("auv.play.follow", "a player may not lead a trump while he holds a card of another "
                             "suit"),
    "turner-leads": ("auv.play.lead", "the player who turned the last card leads the first trick, not the dealer's "
                     "right-hand neighbour"),
})
# the fifth batch of issue 63, written blind to the diagnosis too: a fourth held-out set
_batch("issue-63-e", {
    "view-talon-hidden": ("auv.info.own-hand", "a player's view gives the talon as null, the talon lying face "
                          "down, instead of how many cards are left in it"),
    "cut-from-bottom": ("auv.deal.cut", "the cut moves K cards from the bottom of the pack to the top, not from "
                        "the top to the bottom"),
    "tie-last-reacher-wins": ("auv.count.homme-wins", "players level at the top for tricks: the one who reached "
                              "that number last wins the deal, not the first"),
    "off-suit-highest-wins": ("auv.play.trick-winner", "without a trump in the trick the highest card wins "
                              "whatever its suit, not the highest of the suit led"),
    "debt-wiped-on-score": ("auv.count.debt", "a player who owes marks and scores one has his debt wiped: he "
                            "stands at the mark he scored"),
    "five-without-sevens": ("auv.deck.cards", "with five players the sevens are taken out too (28 cards), as "
                            "with two or three"),
    "deal-talon-bottom-first": ("auv.deal.talon", "the `deal` observable lists the talon from its bottom card, "
                                "not from its top"),
    "unplayed-over-cards-not-yet": ("auv.turn.nobody", "a card offered after a deal that was not played is "
                                    "refused cards-not-yet, not deal-over"),
})
# the sixth batch of issue 63, written blind to the diagnosis too: a fifth held-out set
_batch("issue-63-f", {
    "jack-above-queen": ("auv.deck.order", "ranks the jack above the queen in every suit (K J Q A T 9 8 7)"),
    "deal-clockwise": ("auv.deal.packets", "the packets are dealt from the dealer's left going clockwise, not from "
                       "his right going counterclockwise"),
    "taken-king-trumped-only": ("auv.king.taken", "a scored king won by another player moves only when the trick is "
                                "won by a trump"),
    "trumped-trick-frees-discard": ("auv.play.trump-if-void", "a player void in the plain suit led need not trump "
                                    "once someone has trumped before him"),
    "draw-tie-first-deals": ("auv.match.first-dealer", "players tied for the highest card at the draw do not draw "
                             "again: the first of them in seat order deals"),
    "view-held-own-only": ("auv.info.own-hand", "a player's view gives only his own number of cards in `held`, the "
                           "others' as null"),
    "words-in-play-malformed": ("auv.play.follow", "a word said during play is refused malformed-action, not "
                                "word-not-now"),
    "target-seven-default": ("auv.match.target", "with no target agreed the game is played to seven points, as in "
                             "the prints from 1718, not to five"),
})
# the seventh batch of issue 63, written blind to the diagnosis too: a sixth held-out set
_batch("issue-63-g", {
    "cut-ignored": ("auv.deal.cut", "a seeded deal ignores the cut: the pack is dealt as shuffled"),
    "show-in-offer-no-king": ("auv.turn.offer", "show during the turn-offer is refused no-king-to-show, not "
                              "word-not-now"),
    "trump-named-by-homme": ("auv.speech.trump", "trump is null through the turn-offer and the speech, and becomes "
                             "the suit of the last card turned only once the homme says play"),
    "showing-scores-nothing": ("auv.king.show", "a king shown in the showing, after another player said play, is "
                               "shown but scores nothing"),
    "trump-lead-free": ("auv.play.follow", "a trump led need not be followed: a player holding a trump may play "
                        "any card on it"),
    "tie-first-in-order-wins": ("auv.count.homme-wins", "players level at the top for tricks: the first of them in "
                                "the order of play from the dealer's right wins the deal, not the first to reach "
                                "that number"),
    "next-dealer-self-until-over": ("auv.match.next-dealer", "the session's next_dealer is the dealer himself while "
                                    "the deal is played, the player on his right only once it is over"),
    "view-words-speech-only": ("auv.info.turned", "a view's `words` lists only play and pass, leaving out turn, "
                               "leave and show"),
})
# the eighth batch of issue 63, written blind to the diagnosis too: a seventh held-out set
_batch("issue-63-h", {
    "lost-points-seat-order": ("auv.count.lost", "when the homme loses, his opponents' points are written in "
                               "seat order from player 0, not in the order of play from the dealer's right"),
    "hand-checked-after-suit": ("auv.play.follow", "a card the player does not hold is refused must-follow-suit "
                                "(or must-trump) when it would not follow, the suit being checked before the hand"),
    "rejouissance-king-free": ("auv.king.turned", "only a king turned as the first card scores; a king turned in a "
                               "réjouissance scores nothing"),
    "all-leave-next-offered": ("auv.turn.nobody", "when every player leaves the card, the next card of the talon is "
                               "offered as in a réjouissance; the deal is not played only after four offers"),
    "later-speaker-overplays": ("auv.speech.round", "the speech goes on round the table after a player says play, "
                                "and a later speaker who also plays takes his place: the last to play is the homme"),
    "words-cleared-on-rejouissance": ("auv.info.turned", "the words (observable and view) list only those said since "
                                      "the last réjouissance was offered, not every word of the deal"),
    "packets-whole-hand": ("auv.deal.packets", "each player receives his packet of three and his packet of two one "
                           "after the other, five cards in a row, before the next player is dealt"),
    "draw-winner-speaks-first": ("auv.match.first-dealer", "the player who draws the highest card is made the first "
                                 "to speak, the player on his left dealing, instead of dealing himself"),
})
# the ninth batch of issue 63, written blind to the diagnosis too: an eighth held-out set
_batch("issue-63-i", {
    "show-scores-every-king": ("auv.king.held", "a show scores the king of the suit just turned and also every "
                               "other unscored king in the shower's hand (the 1718 reading taken as the rule)"),
    "seat-before-deal-over": ("auv.turn.nobody", "an action given for a player who is not to act is refused "
                              "wrong-seat even once the deal is over, the seat being checked before the deal-over"),
    "taken-kings-at-count": ("auv.king.taken", "the marks of scored kings won by another player move only at the "
                             "end of play, after the fifth trick, not after the trick that took them"),
    "homme-right-leads": ("auv.play.lead", "the player on the homme's right (after him in the order of play) "
                          "leads the first trick, not the player on the dealer's right"),
    "speech-round-of-four": ("auv.players.count", "a round of speech is four words whatever the number of players "
                             "(the game as described for four): with five the dealer never speaks, with two or "
                             "three the word goes round again"),
    "hands-gathered-unplayed": ("auv.info.own-hand", "once a deal that is not played is over the cards are "
                                "gathered: every view's hand is empty and `held` is all zeros"),
    "session-marks-after-deal": ("auv.match.target", "the session's marks leave out this deal's entries until the "
                                 "deal is over (as Brusquembille's session does), instead of counting each mark "
                                 "as soon as it is written"),
    "trump-cleared-for-rejouissance": ("auv.speech.trump", "when all pass and a réjouissance is offered, trump is "
                                       "null until its card is turned, not the suit of the last card turned"),
})
# the tenth batch of issue 63, written blind to the diagnosis too: a ninth held-out set
_batch("issue-63-j", {
    "unknown-card-not-yet": ("auv.deck.cards", "before play begins a two-character text naming no card of the pack "
                             "(a seven taken out, 1H) is refused cards-not-yet, the moment being checked before the "
                             "card, not unknown-card"),
    "talon-before-hands": ("auv.deal.talon", "a seeded deal takes the talon off the top of the pack and deals the "
                           "hands from the cards under it, instead of the talon being the cards left after the hands"),
    "rejouissance-turned-at-once": ("auv.speech.rejouissance", "when all pass, the talon's next card is turned at "
                                    "once by the player on the dealer's right, without being offered (no turn or "
                                    "leave)"),
    "show-any-turned-suit": ("auv.king.show", "a player may show the king of any suit turned earlier in the deal, "
                             "not only the king of the suit just turned"),
    "own-king-moves": ("auv.king.taken", "a scored king won back in a trick by its own holder still writes a "
                       "king-taken entry, from the holder to himself"),
    "dealer-leads": ("auv.play.lead", "the dealer leads the first trick, not the player on his right"),
    "no-next-dealer-after-win": ("auv.match.next-dealer", "once a player has won the game the session's next_dealer "
                                 "is null, no deal following, instead of the player on the dealer's right"),
    "view-showing-as-speech": ("auv.info.turned", "the view's phase stays speech while the later holders of the "
                               "turned king are asked to show it, instead of showing"),
})
# the eleventh batch of issue 63, written blind to the diagnosis too: a tenth held-out set
_batch("issue-63-k", {
    "four-pack-default-28": ("auv.deck.cards", "with four players and no pack_with_four given the pack is the "
                             "28-card one, the sevens out, instead of the 32-card default"),
    "packets-param-ignored": ("auv.deal.packets", "a seeded deal always deals three then two, even when packets "
                              "is two-three"),
    "pass-in-offer-is-leave": ("auv.turn.offer", "pass said during the turn-offer is taken as leave, instead of "
                               "being refused word-not-now"),
    "speech-skips-turner": ("auv.speech.round", "the player who turned the card is not asked in the speech, "
                            "having had his say by turning"),
    "turner-not-reoffered": ("auv.speech.rejouissance", "in a réjouissance the card is not offered to the player "
                             "who turned the previous one"),
    "first-trump-wins": ("auv.play.trick-winner", "the first trump played wins the trick, not the highest"),
    "target-tie-both-win": ("auv.match.target", "two players reaching the target together both win the game, "
                            "instead of play going on"),
    "view-hand-dealt": ("auv.info.own-hand", "a player's view shows his hand as dealt, never updated as he plays "
                        "his cards"),
})
# the twelfth batch of issue 63, written blind to the diagnosis too: an eleventh held-out set
_batch("issue-63-l", {
    "pack-listed-ace-ten": ("auv.deal.packets", "the pack a seed shuffles lists each suit in the shuffle's common "
                            "order A T K Q J 9 8 7, not in the game's own K Q J A T 9 8 7, so a seed deals (and "
                            "draws) other cards"),
    "last-beater-wins": ("auv.play.trick-winner", "without a trump in the trick, the last card of the suit led that "
                         "beats the card led wins, not the highest card of the suit led"),
    "level-homme-loses": ("auv.count.homme-wins", "the homme level at the top for tricks never wins the deal (as a "
                          "remise): the first of the others to reach that number wins it, even if the homme got "
                          "there first"),
    "view-homme-at-play": ("auv.speech.round", "the view's homme stays null while the later holders of the turned "
                           "king are asked to show it, and is named only once play begins"),
    "stripped-action": ("auv.turn.offer", "an action written with spaces before or after it is read with them "
                        "stripped and taken, instead of being refused malformed-action"),
    "marks-not-carried": ("auv.match.target", "a deal step starts the next deal from the marks written in the deal "
                          "just played, leaving out the marks each player had before it"),
    "winner-reading-homme-keeps-mark": ("auv.count.lost", "under loser_pays the-winner a homme who loses keeps his "
                                        "mark: only the deal's winner scores one, nothing goes from the homme to "
                                        "the sheet"),
    "kings-score-unshown": ("auv.king.show", "the holder of the king of a suit just turned scores it at once, "
                            "without showing it (as under king_showing automatic), so nobody is asked to show"),
})
# the thirteenth batch of issue 63, written blind to the diagnosis too: a twelfth held-out set
_batch("issue-63-m", {
    "trick-winner-by-position": ("auv.play.trick-winner", "the trick's winner is taken as the place of the winning "
                                 "card in the trick (0 for the card led), not the player who played it"),
    "dealer-turns-first-card": ("auv.deal.talon", "once the cards are dealt the dealer turns the talon's top card "
                                "himself, without a word (as Brusquembille's dealer turns the trump), and the speech "
                                "begins; the first card is never offered"),
    "held-counts-trick-card": ("auv.info.own-hand", "a view's `held` still counts the card a player has put in the "
                               "trick in progress"),
    "debt-floored-in-marks": ("auv.count.debt", "the session's marks never show less than zero: a mark owed is kept "
                              "aside and paid back from the next marks, but the marks show 0, not the debt"),
    "dealer-three-every-form": ("auv.players.count", "when the setup names no dealer player 3 deals in every form, "
                                "the dealer of the game for four (counted round the table: player 0 with three), not "
                                "the last player"),
    "winner-paid-by-homme": ("auv.count.lost", "under loser_pays the-winner the homme's lost mark is written as one "
                             "entry from the homme to the deal's winner, not as a mark lost to the sheet and one "
                             "scored from it"),
    "talon-card-unknown": ("auv.deck.cards", "a card of the pack that is in no player's hand (in the talon, turned or "
                           "played) is refused unknown-card, not not-in-hand"),
    "play-needs-the-suit": ("auv.speech.round", "a player may say he plays only if he holds a card of the suit "
                            "turned; without one, play is refused word-not-now"),
})
# the fourteenth batch of issue 63, written blind to the diagnosis too: a thirteenth held-out set
_batch("issue-63-n", {
    "offer-skips-dealer": ("auv.turn.offer", "the dealer is never offered the card: when the others have all left "
                           "it, the deal is not played"),
    "third-rejouissance-not-turned": ("auv.speech.rejouissance", "when all pass after the third réjouissance the deal "
                                      "ends as not-turned, not all-passed"),
    "trump-led-code-must-trump": ("auv.play.follow", "a player who does not follow a trump led though he holds one is "
                                  "refused must-trump, not must-follow-suit"),
    "draw-tie-all-redraw": ("auv.match.first-dealer", "at a seeded draw for the first dealer, a tie for the highest "
                            "card has every player draw again, not only the tied ones"),
    "taken-king-trick-from-zero": ("auv.king.taken", "the ledger entry of a king taken numbers the trick from 0 (the "
                                   "first trick is 0), not from 1"),
    "show-not-in-events": ("auv.info.turned", "a king shown is scored but not recorded among the events"),
    "won-entry-trick-zero": ("auv.count.won", "the homme's won mark is written at trick 0, like the marks of the "
                             "speech, not at trick 5"),
    "deal-from-bottom": ("auv.deal.packets", "a seeded deal gives the packets from the bottom of the shuffled pack, "
                         "the talon being the cards left on top"),
})
# the fifteenth batch of issue 63, written blind to the diagnosis too: a fourteenth held-out set
_batch("issue-63-o", {
    "cut-before-shuffle": ("auv.deal.cut", "a seeded deal cuts the pack before it is shuffled, not the shuffled "
                           "pack before the deal"),
    "show-entry-clause-turned": ("auv.king.held", "the ledger entry of a king shown is written under the clause of "
                                 "a king turned (auv.king.turned), not auv.king.held"),
    "won-by-tricks": ("auv.count.won", "a homme who wins the deal scores one point for each trick he took, not one "
                      "point"),
    "follow-winning-suit": ("auv.play.follow", "a player must follow the suit of the card winning the trick so far "
                            "(a trump once the trick is trumped), not the suit led"),
    "turned-king-entry-no-card": ("auv.king.turned", "the ledger entry of a king turned names no card (card null), "
                                  "not the king"),
    "draw-from-bottom": ("auv.match.first-dealer", "at a seeded draw for the first dealer the players take their "
                         "cards from the bottom of the shuffled pack, not from its top"),
    "target-on-deal-marks": ("auv.match.target", "the target is checked against the marks of the deal in progress "
                             "alone, leaving out the marks each player had before it"),
    "leave-not-in-words": ("auv.info.turned", "the word leave is not recorded among the words (observable and view), "
                           "as if leaving the card were said to nobody"),
})
# the sixteenth batch of issue 63, written blind to the diagnosis too: a fifteenth held-out set
_batch("issue-63-p", {
    "trumps-never-cut": ("auv.play.trick-winner", "a trump wins a trick only when trump was led: on a plain suit led "
                         "the highest card of that suit wins, trumps played to it included"),
    "turned-king-two-marks": ("auv.king.turned", "a player who turns a king scores two points, not one"),
    "lost-skips-trickless": ("auv.count.lost", "when the homme loses, only the opponents who took a trick score a "
                             "point, not each of them"),
    "view-words-own-only": ("auv.info.turned", "a player's view lists only the words he said himself, not those of "
                            "the whole table"),
    "sevens-known-without": ("auv.deck.cards", "with the 28-card pack a seven is still taken for a card of the pack, "
                             "refused not-in-hand (or cards-not-yet), not unknown-card"),
    "eight-above-nine": ("auv.deck.order", "ranks the eight above the nine in every suit (K Q J A T 8 9 7)"),
    "showing-includes-homme": ("auv.king.show", "when a player says he plays, he is asked himself first to show the "
                               "king of the suit turned if he holds it unshown, before the later holders"),
    "offer-clockwise": ("auv.turn.offer", "after the player on the dealer's right the card is offered going to the "
                        "left (clockwise), the dealer next, not on round to the right"),
})
# the seventeenth batch of issue 63, written blind to the diagnosis too: a sixteenth held-out set
_batch("issue-63-q", {
    "taken-king-two-entries": ("auv.king.taken", "a scored king won by another player is written as two entries, "
                               "a mark lost by its holder to the sheet and one scored by the trick's winner from it, "
                               "not as one entry from the holder to the winner"),
    "speech-skips-dealer": ("auv.speech.round", "the dealer has no word in the speech: once the others have passed, "
                            "all have passed"),
    "nine-above-ten": ("auv.deck.order", "ranks the nine above the ten in every suit (K Q J A 9 T 8 7)"),
    "talon-less-offered": ("auv.deal.talon", "while a card is offered for turning the talon's count leaves it out, "
                           "as if it were already lifted"),
    "turn-event-trick-one": ("auv.info.turned", "the event of a card turned is recorded at trick 1, the trick to "
                             "come, not at trick 0 with the speech"),
    "trumping-code-must-trump": ("auv.play.follow", "a player holding the plain suit led who plays a trump is "
                                 "refused must-trump, not must-follow-suit"),
    "showing-must-show": ("auv.king.show", "a holder asked in the showing must show his king: pass is refused "
                          "word-not-now"),
    "level-first-trick-wins": ("auv.count.homme-wins", "players level at the top for tricks: the one who took the "
                               "earliest trick wins the deal, not the first to reach that number"),
})
# the eighteenth batch of issue 63, written blind to the diagnosis too: a seventeenth held-out set
_batch("issue-63-r", {
    "queen-above-king": ("auv.deck.order", "ranks the queen above the king in every suit (Q K J A T 9 8 7)"),
    "must-trump-only-overcut": ("auv.play.trump-if-void", "a player void in the plain suit led must trump only once "
                                "someone has trumped before him; before that he may discard"),
    "view-shown-this-round": ("auv.info.turned", "a player's view lists only the kings shown in the current round of "
                              "speech (none once play begins, and none from before the last card turned), not every "
                              "king shown in the deal"),
    "taken-entry-names-winning-card": ("auv.king.taken", "the ledger entry of a king taken names the card that won "
                                       "the trick, not the king"),
    "won-entry-clause-homme-wins": ("auv.count.won", "the homme's won mark is written under the clause "
                                    "auv.count.homme-wins, not auv.count.won"),
    "debt-cleared-at-next-deal": ("auv.count.debt", "every deal starts with the marks owed wiped out (marks below "
                                  "zero brought into the deal taken as zero), instead of the debt being carried"),
    "rejouissance-burns-card": ("auv.speech.rejouissance", "when all pass and a réjouissance is offered, the "
                                "talon's top card is set aside and the card under it is offered"),
    "draw-tie-by-suit": ("auv.match.first-dealer", "players tied for the highest card at the draw do not draw "
                         "again: the tie is broken by suit, spades before hearts, diamonds and clubs"),
})
# the nineteenth batch of issue 63, written blind to the diagnosis too: an eighteenth held-out set
_batch("issue-63-s", {
    "deal-one-at-a-time": ("auv.deal.packets", "a seeded deal gives the cards one at a time round the table, five "
                           "rounds, not in a packet of three then one of two"),
    "same-suit-skipped": ("auv.speech.trump", "a card turned of a suit already turned in the deal is set aside and the "
                          "talon's next card is turned in its place, as if a suit could not come up again"),
    "lost-homme-written-last": ("auv.count.lost", "when the homme loses, the opponents' points are written before the "
                                "homme's lost point, not after it"),
    "next-dealer-from-deal-count": ("auv.match.next-dealer", "the next dealer is counted from the number of deals "
                                    "played (the last player dealing the first deal), not as the player on the "
                                    "dealer's right"),
    "level-last-trick-wins": ("auv.count.homme-wins", "players level at the top for tricks: the one who took the "
                              "last trick wins the deal, not the first to reach that number"),
    "show-entry-trick-one": ("auv.king.held", "the ledger entry of a king shown is written at trick 1, not at trick 0 "
                             "with the other marks of the speech"),
    "lowest-trump-wins": ("auv.play.trick-winner", "of several trumps in a trick the lowest wins, not the highest"),
    "turned-seen-by-turner-only": ("auv.info.turned", "a player's view names the cards turned only for those he "
                                   "turned himself; the others' turned cards are given as null"),
})
# the twentieth batch of issue 63, written blind to the diagnosis too: a nineteenth held-out set
_batch("issue-63-t", {
    "second-round-from-dealer": ("auv.deal.packets", "a seeded deal gives the second packets starting with the "
                                 "dealer, not with the player on his right"),
    "short-pack-without-eights": ("auv.deck.cards", "the 28-card pack is made by taking out the four eights, not "
                                  "the four sevens"),
    "unshown-king-lost": ("auv.king.show", "a king not shown in the round of its suit can never be shown again, "
                          "even when its suit is turned again in a réjouissance"),
    "led-king-not-taken": ("auv.king.taken", "a scored king its holder leads and loses in the trick keeps its "
                           "point: only a king played to another's lead moves"),
    "winner-reading-next-paid": ("auv.count.lost", "under loser_pays the-winner the point goes to the player after "
                                 "the homme in the order of play, not to the deal's winner"),
    "won-entry-names-last-card": ("auv.count.won", "the homme's won mark names the card that won the last trick, "
                                  "not no card"),
    "out-of-turn-offer-word-not-now": ("auv.turn.offer", "an action given for a player who is not to act during "
                                       "the turn-offer is refused word-not-now, not wrong-seat"),
    "turned-king-clause-held": ("auv.king.turned", "the ledger entry of a king turned is written under the clause "
                                "auv.king.held, not auv.king.turned"),
})
# the twenty-first batch of issue 63, written blind to the diagnosis too: a twentieth held-out set
_batch("issue-63-u", {
    "ace-above-jack": ("auv.deck.order", "ranks the ace above the jack in every suit (K Q A J T 9 8 7)"),
    "first-receiver-seat-zero": ("auv.deal.packets", "a seeded deal gives the first packet to player 0 whoever "
                                 "deals (reading deal.first_receiver as a seat), not to the player on the dealer's "
                                 "right"),
    "first-lead-seat-zero": ("auv.play.lead", "player 0 leads the first trick whoever deals (reading "
                             "players.first_lead as a seat), not the player on the dealer's right"),
    "next-dealer-after-homme": ("auv.match.next-dealer", "after a deal with a homme the deal passes to the player on "
                                "the homme's right, not on the dealer's right"),
    "speech-round-twice": ("auv.speech.round", "when every player passes, the word goes round the table a second "
                           "time before the deal goes on to a réjouissance or ends"),
    "talon-empty-in-play": ("auv.deal.talon", "once play begins the talon is taken as set aside: its count is 0, "
                            "not the cards left face down"),
    "lost-entry-trick-zero": ("auv.count.lost", "the homme's lost point is written at trick 0, like the marks of "
                              "the speech, not at trick 5"),
    "taken-king-opponents-kept": ("auv.king.taken", "a scored king won by another opponent of the homme (both "
                                  "playing against him) keeps its point: only a king passing to or from the homme "
                                  "moves"),
})
# the twenty-second batch of issue 63, written blind to the diagnosis too: a twenty-first held-out set
_batch("issue-63-v", {
    "seven-above-eight": ("auv.deck.order", "ranks the seven above the eight in every suit (K Q J A T 9 7 8)"),
    "second-round-clockwise": ("auv.deal.packets", "a seeded deal gives the second packets going clockwise from the "
                               "dealer's left, not counterclockwise from his right like the first"),
    "play-in-offer-cards-not-yet": ("auv.turn.offer", "play said during the turn-offer is refused cards-not-yet, "
                                    "not word-not-now"),
    "show-two-marks": ("auv.king.held", "a king shown scores two points for its holder, not one"),
    "king-once-per-player": ("auv.king.once", "a player who has scored a king may score no other in the deal: "
                             "each player scores a king only once"),
    "rejouissance-show-barred": ("auv.king.show", "no king may be shown in the speech of a réjouissance: kings are "
                                 "shown only after the first card turned"),
    "beaten-trump-frees-discard": ("auv.play.trump-if-void", "a player void in the plain suit led whose trumps are "
                                   "all lower than a trump already in the trick may discard instead of trumping"),
    "speech-clockwise": ("auv.speech.round", "after the player on the dealer's right the word goes to the left "
                         "(clockwise), the dealer next, not on round to the right"),
})
# the twenty-third batch of issue 63, written blind to the diagnosis too: a twenty-second held-out set
_batch("issue-63-w", {
    "homme-two-enough": ("auv.count.homme-wins", "a homme who takes two tricks wins the deal, even when another "
                         "player took three"),
    "same-suit-ends-deal": ("auv.speech.trump", "a réjouissance card of a suit already turned in the deal ends it "
                            "as all-passed, the suit having been refused, instead of opening a new round of speech"),
    "lead-after-winner": ("auv.play.lead", "the player after the trick's winner in the order of play leads the next "
                          "trick, not the winner himself"),
    "taken-king-reversed": ("auv.king.taken", "the mark of a scored king won by another player is written from the "
                            "trick's winner to the king's holder, not from the holder to the winner"),
    "leave-in-speech-as-pass": ("auv.speech.round", "leave said in the speech is taken as pass, instead of being "
                                "refused word-not-now"),
    "turn-out-of-turn-taken": ("auv.turn.offer", "during the turn-offer any player may turn the card out of turn, "
                               "the first to turn it ending the offer, instead of being refused wrong-seat"),
    "target-not-checked-in-play": ("auv.match.target", "the target is not checked after a trick whose king moved a "
                                   "mark: a player reaching it in play wins only at the count"),
    "won-opponents-lose": ("auv.count.won", "a homme who wins the deal scores one point and each of his opponents "
                           "loses one, as when he loses"),
})
# the twenty-fourth batch of issue 63, written blind to the diagnosis too: a twenty-third held-out set
_batch("issue-63-x", {
    "next-dealer-deal-winner": ("auv.match.next-dealer", "after a deal played out the player who won it on tricks "
                                "deals next, not the player on the dealer's right"),
    "draw-tie-same-pack": ("auv.match.first-dealer", "at a seeded draw for the first dealer the tied players draw "
                           "again from the cards left in the same shuffled pack, not from a new shuffle"),
    "show-paid-by-turner": ("auv.king.held", "the mark of a king shown is paid by the player who turned the card "
                            "(an entry from him to the shower), not taken from the sheet"),
    "lost-two-marks": ("auv.count.lost", "a homme who loses the deal loses two points, not one"),
    "void-no-overtrump": ("auv.play.trump-if-void", "a player void in the plain suit led may not beat a trump already "
                          "played when he holds a lower trump: he must play under (read as 'without overtrumping')"),
    "turned-king-at-round-end": ("auv.king.turned", "the point of a king turned is written only when the round of "
                                 "speech that follows ends (a homme named or all passed), not at once"),
    "view-turned-in-hand": ("auv.info.own-hand", "a player's view lists the cards he turned from the talon in his "
                            "hand, as a dealer's turned card is his in other games"),
    "show-commits-play": ("auv.king.show", "a player who shows his king in the speech has declared himself: he may "
                          "then only play, pass being refused word-not-now"),
})
# the twenty-fifth batch of issue 63, written blind to the diagnosis too: a twenty-fourth held-out set
_batch("issue-63-y", {
    "follow-previous-card": ("auv.play.follow", "a player must follow the suit of the card played just before his, "
                             "not the suit of the card led"),
    "won-entry-on-homme-last-trick": ("auv.count.won", "the homme's won mark is written at the number of the last "
                                      "trick he took, not at trick 5"),
    "speech-starts-after-turner": ("auv.speech.round", "the speech begins with the player after the one who turned "
                                   "the card, not with the player on the dealer's right"),
    "offer-starts-left": ("auv.turn.offer", "the card is offered first to the player on the dealer's left, then on "
                          "round to the right (the dealer next), not first to the player on his right"),
    "turned-king-paid-by-dealer": ("auv.king.turned", "the mark of a king turned is paid by the dealer (an entry from "
                                   "him to the turner), not taken from the sheet"),
    "target-tie-deal-winner-wins": ("auv.match.target", "two players reaching the target together: the one who won "
                                    "the deal on tricks wins the game, instead of play going on"),
    "turn-not-in-events": ("auv.info.turned", "a card turned is not recorded among the events (only in the words "
                           "and the turned cards)"),
    "void-must-trump-highest": ("auv.play.trump-if-void", "a player void in the plain suit led must trump with his "
                                "highest trump, not with any trump"),
})
# the twenty-sixth batch of issue 63, written blind to the diagnosis too: a twenty-fifth held-out set
_batch("issue-63-z", {
    "ranks-read-ascending": ("auv.deck.order", "reads the ranks as listed weakest first: the seven is highest and the "
                             "king lowest in every suit (7 8 9 T A J Q K, strongest first)"),
    "dealer-sees-talon": ("auv.info.own-hand", "the dealer's view lists the talon's face-down cards in his hand, as "
                          "if the undealt cards were his"),
    "kings-struck-at-rejouissance": ("auv.king.once", "when all pass and a réjouissance is offered, the kings scored "
                                     "so far in the deal are struck off the sheet"),
    "turned-card-under-talon": ("auv.speech.rejouissance", "when all pass and a réjouissance is offered, the card "
                                "turned is put back under the talon (its count one more) before the next is offered"),
    "trump-ranks-with-led": ("auv.play.trick-winner", "on a plain suit led a trump wins only if it outranks the best "
                             "card of the suit led (the rank decides, the trump only breaking a tie of rank)"),
    "turned-king-needs-homme": ("auv.king.turned", "the point of a king turned is written only once a player says "
                                "he plays; when all pass after it the king scores nothing"),
    "next-dealer-four-seats": ("auv.match.next-dealer", "the next dealer is counted round four seats whatever the "
                               "number of players (the game as described for four)"),
    "show-during-play": ("auv.king.show", "the holder of the unscored king of the suit turned may still show it and "
                         "score on his turn during play, instead of show being refused word-not-now"),
})
# the twenty-seventh batch of issue 63, written blind to the diagnosis too: a twenty-sixth held-out set
_batch("issue-63-aa", {
    "king-taken-last-trick-kept": ("auv.king.taken", "a scored king won by another player in the fifth trick keeps "
                                   "its point, the deal being counted instead; only kings taken in tricks one to "
                                   "four move"),
    "debt-homme-only": ("auv.count.debt", "only the homme owes a point he does not have: a player at zero whose "
                        "scored king is taken stays at zero (the 'homme without points' of A1 read as the only "
                        "debtor)"),
    "target-tie-any-reaching": ("auv.match.target", "two or more players at or past the target at once: play goes "
                                "on even when one of them stands higher than the others, the tie taken as reaching "
                                "the target together, not as being level at the top"),
    "view-tricks-own-only": ("auv.info.own-hand", "a player's view lists only the tricks he won himself, the "
                             "others' tricks lying face down being taken as private"),
    "dealer-must-play": ("auv.speech.round", "when every other player has passed, the dealer may not pass and must "
                         "play"),
    "turned-king-shown": ("auv.king.turned", "a king turned is also recorded as shown by its turner: a show event "
                          "and an entry in the view's shown kings"),
    "first-lead-trump": ("auv.play.follow", "the first trick must be led with a trump when the leader holds one "
                         "('trump may be led' read as a duty on the opening lead)"),
    "deal-stops-at-three": ("auv.count.homme-wins", "the deal ends and is counted as soon as a player takes three "
                            "tricks, the tricks left not being played"),
})
# the twenty-eighth batch of issue 63, written blind to the diagnosis too: a twenty-seventh held-out set
_batch("issue-63-ab", {
    "turner-must-play": ("auv.speech.round", "the player who turned the card may not pass on it in the round of "
                         "speech that follows: having turned it, he must play"),
    "words-in-events": ("auv.info.turned", "every word said aloud (leave, play, pass) is recorded among the events "
                        "too, not only the cards turned and the kings shown"),
    "show-first-suit-only": ("auv.king.held", "only the king of the suit of the first card turned in the deal may be "
                             "shown, not the king of the suit just turned in a réjouissance"),
    "taken-king-trump-suit-only": ("auv.king.taken", "only a scored king of the trump suit moves when another player "
                                   "wins it in a trick (A2's 'trumped king' read as the trump king)"),
    "show-out-of-turn-taken": ("auv.king.show", "in the speech the holder of the king of the suit turned may show it "
                               "at any moment, out of turn, instead of being refused wrong-seat"),
    "opponents-entry-clause-won": ("auv.count.lost", "when the homme loses, the opponents' points are written under "
                                   "the clause auv.count.won, not auv.count.lost"),
    "show-always-legal": ("auv.king.show", "in the speech show is listed among the legal actions of every speaker, "
                          "whether or not he holds the king of the suit turned"),
    "bad-rank-malformed": ("auv.deck.cards", "a two-character text whose rank or suit is no symbol of the pack (1H) "
                           "is refused malformed-action, not unknown-card"),
})
# the twenty-ninth batch of issue 63, written blind to the diagnosis too: a twenty-eighth held-out set
_batch("issue-63-ac", {
    "deal-lists-of-four": ("auv.players.count", "the deal's per-player lists (result, outcome.marks, the view's "
                           "marks) always have four entries, the game as described for four: with two or three the "
                           "missing players are given 0, with five the fifth player is left out"),
    "deal-talon-without-top": ("auv.deal.talon", "the `deal` observable lists the talon without its top card, as if "
                               "the dealer had set that card apart like Brusquembille's turned card (the cards "
                               "offered and turned are unchanged)"),
    "lead-from-first-dealer": ("auv.play.lead", "the first trick of every deal is led by the player on the right of "
                               "the dealer of the scenario's first deal (the first leader fixed once for the "
                               "session), not of the deal's own dealer"),
    "ledger-points-field": ("protocol", "each ledger entry gives its amount in a field `points` (L'Hombre's name), "
                            "not `marks`"),
    "turner-king-unshowable": ("auv.king.held", "the player who turned the card may not show the king of its suit "
                               "(his turning it taken as his choice of the suit): only the other players' kings of "
                               "the suit turned score"),
    "unturned-to-act-kept": ("auv.turn.nobody", "when every player leaves the card the deal ends not played, but "
                             "to_act still names the player on the dealer's right, the offer going round to him "
                             "again, instead of null"),
    "redraw-card-by-seat": ("auv.match.first-dealer", "at a seeded draw for the first dealer, the tied players who "
                            "draw again each take the card at their own seat's place in the new shuffle (player p "
                            "the (p+1)th card), not the top cards one each in player order"),
    "debt-left-out-of-deal": ("auv.count.debt", "a mark lost by a player who has none is only owed in the session: "
                              "the deal's net marks (result, outcome.marks, the view's marks) leave that loss out, "
                              "though the session's marks go below zero"),
})
# the thirtieth batch of issue 63, written blind to the diagnosis too: a twenty-ninth held-out set
_batch("issue-63-ad", {
    "trick-of-four": ("auv.players.count", "a trick is complete at four cards whatever the number of players (the "
                      "game as described for four): with two or three the leader plays again into it, with five the "
                      "fifth card is never asked"),
    "talon-listed": ("protocol", "the observable `talon` lists the cards left face down, top first (as setup.talon "
                     "does), not how many there are"),
    "held-from-viewer": ("auv.info.own-hand", "a view's `held` is counted round the table from the viewer himself "
                         "(his own count first), not by player from player 0"),
    "cut-packet-reversed": ("auv.deal.cut", "the K cards lifted by the cut go under the rest in reverse order, as if "
                            "lifted one by one onto a pile, not as one packet"),
    "unplayed-outcome-zero": ("auv.king.once", "the outcome of a deal not played gives every player 0 marks, the "
                              "kings scored in it being kept only in the ledger, result and session"),
    "lead-dealer-left": ("auv.play.lead", "the player on the dealer's left (before him in the order of play) leads "
                         "the first trick, not the player on his right"),
    "vole-two-marks": ("auv.count.won", "a homme who takes all five tricks scores two points (a vole), not one"),
    "rejouissance-first-leave-ends": ("auv.speech.rejouissance", "a réjouissance card left by the first player asked "
                                      "ends the deal, not played, instead of being offered round to the others"),
})
# the thirty-first batch of issue 63, written blind to the diagnosis too: a thirtieth held-out set
_batch("issue-63-ae", {
    "trick-as-records": ("protocol", "the observable `trick` lists the trick in progress as records "
                         "{player, card}, as the view's `trick` does, not as the cards in the order played"),
    "trump-as-card": ("auv.speech.trump", "the observable `trump` (and the view's) names the last card turned "
                      "(7D), taking the turned card for the trump, not its suit (D)"),
    "debt-entry-clause-debt": ("auv.count.debt", "a mark lost by a player who has none (the homme at zero losing, "
                               "a scored king taken from a player at zero) is written under the clause "
                               "auv.count.debt, not under the clause that takes it"),
    "hands-laid-down-when-over": ("auv.info.own-hand", "once the deal is over every player's view lists in `hand` "
                                  "all the cards still held at the table, the hands being laid down, not only "
                                  "his own"),
    "unturned-outcome-null": ("auv.turn.nobody", "a deal in which nobody turns the card has no outcome (null), as "
                              "a deal that never was, instead of {how: not-turned, ...}"),
    "draw-first-round-on-draw-seed": ("auv.match.first-dealer", "at a seeded draw for the first dealer the first "
                                      "round shuffles with the draw seed itself, not with the first output of "
                                      "SplitMix64 started at it (later rounds one output behind)"),
    "taken-king-to-first-ruffer": ("auv.king.taken", "a scored king ruffed by another player moves its mark to the "
                                   "first player who trumped it, even when a later player overruffs and wins the "
                                   "trick"),
    "next-dealer-as-seat": ("auv.match.next-dealer", "the session's next_dealer is given as a seat counted from "
                            "the player on the dealer's right (seat 0, as in docs/shuffle.md), so always 0, not as "
                            "the player number"),
})
FAULT = ""
SEVENS = True  # parameter pack_with_four (AMB-48): False plays four with 28 cards
LOSER_PAYS = "each-opponent"  # parameter loser_pays (AMB-53)
FIRST_DEALER = 0  # the dealer of the scenario's first deal (fault lead-from-first-dealer)


def fault(name: str) -> bool:
    """Whether fault NAME is planted in this run."""
    return name == FAULT


def log(text: str) -> None:
    """A line to standard error."""
    print(text, file=sys.stderr, flush=True)


class Refused(Exception):
    """An action the rules forbid, with its code (docs/errors.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class CannotRun(Exception):
    """A scenario this engine does not play: answered with skip."""


def rank_order() -> str:
    """The ranks, strongest first, as this engine reads auv.deck.order."""
    if fault("ace-high"):
        return "AKQJT987"
    if fault("ace-low"):
        return "KQJT987A"
    if fault("ten-above-ace"):
        return "KQJTA987"
    if fault("jack-above-queen"):
        return "KJQAT987"
    if fault("eight-above-nine"):
        return "KQJAT897"
    if fault("nine-above-ten"):
        return "KQJA9T87"
    if fault("queen-above-king"):
        return "QKJAT987"
    if fault("ace-above-jack"):
        return "KQAJT987"
    if fault("seven-above-eight"):
        return "KQJAT978"
    if fault("ranks-read-ascending"):
        return RANKS[::-1]
    return RANKS


def strength(card: str) -> int:
    """Higher is stronger within a suit."""
    return 8 - rank_order().index(card[0])


def pack(n: int) -> list[str]:
    """The pack in canonical order (suits S H D C, ranks K..7); no sevens with two or three."""
    five = n == 5 and not fault("five-without-sevens")
    listed = "ATKQJ987" if fault("pack-listed-ace-ten") else RANKS
    short = listed.replace("8", "") if fault("short-pack-without-eights") else listed[:-1]
    ranks = listed if five or (n == 4 and SEVENS) or (n == 3 and fault("three-keep-sevens")) else short
    return [r + s for s in SUITS for r in ranks]


# --- the shuffle (docs/shuffle.md) --------------------------------------------------------------

MASK = (1 << 64) - 1


class SplitMix64:
    """The generator of docs/shuffle.md, section 1."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def shuffled(cards: list[str], seed: int) -> list[str]:
    """The pack shuffled from a seed, top first (docs/shuffle.md, section 2)."""
    n = len(cards)
    fact = 1
    for i in range(2, n + 1):
        fact *= i
    k = 1
    while (1 << (64 * k)) < fact:
        k += 1
    limit = fact * ((1 << (64 * k)) // fact)
    rng = SplitMix64(seed)
    while True:
        x = 0
        for _ in range(k):
            x = (x << 64) | rng.next()
        if x < limit:
            break
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = x % (i + 1)
        x //= i + 1
        order[i], order[j] = order[j], order[i]
    return [cards[p] for p in order]


def seeded_deal(n: int, seed: int, dealer: int, cut: int | None, packets: list[int]) -> tuple[list[list[str]], list[str]]:
    """Hands by player and the talon (top first) that a seed deals."""
    cards = shuffled(pack(n), seed)
    if fault("cut-before-shuffle") and cut is not None:
        cards = shuffled(pack(n)[cut:] + pack(n)[:cut], seed)
    elif cut is not None and not fault("cut-ignored"):
        k = cut + 1 if fault("cut-one-more") else cut
        cards = cards[-k:] + cards[:-k] if fault("cut-from-bottom") else cards[k:] + cards[:k]
        if fault("cut-packet-reversed"):
            cards = cards[:len(cards) - k] + cards[len(cards) - k:][::-1]
    if fault("deal-from-bottom"):
        rest = len(cards) - n * sum(packets)
        cards = cards[rest:][::-1] + cards[:rest]
    hands: list[list[str]] = [[] for _ in range(n)]
    pos = 0
    if fault("talon-before-hands"):
        pos = len(cards) - n * sum(packets)
        cards = cards[pos:] + cards[:pos]
        pos = 0
    first = dealer if fault("deal-from-dealer") else dealer + 1
    if fault("first-receiver-seat-zero"):
        first = 0
    step = 1
    if fault("deal-clockwise"):
        first, step = dealer - 1, -1
    if fault("packets-whole-hand"):
        for seat in range(n):
            for size in packets:
                hands[(first + step * seat) % n].extend(cards[pos:pos + size])
                pos += size
        return hands, cards[pos:]
    if fault("deal-one-at-a-time"):
        packets = [1] * sum(packets)
    for rnd, size in enumerate(packets):
        start = dealer if fault("second-round-from-dealer") and rnd == 1 else first
        way = step
        if fault("second-round-clockwise") and rnd == 1:
            start, way = dealer - 1, -1
        for seat in range(n):
            hands[(start + way * seat) % n].extend(cards[pos:pos + size])
            pos += size
    return hands, cards[pos:]


def first_dealer(draw: dict[str, Any], n: int) -> int:
    """The dealer the draw for the first deal names (auv.match.first-dealer; ties: the tied redraw)."""
    winner = drawn_highest(draw, n)
    return (winner - 1) % n if fault("draw-winner-speaks-first") else winner


def drawn_highest(draw: dict[str, Any], n: int) -> int:
    """The player who draws the highest card."""
    if "cards" in draw:
        rounds: list[list[str | None]] = draw["cards"]
        drawing = list(range(n))
        for rnd in rounds:
            if sorted(p for p in range(n) if rnd[p] is not None) != drawing:
                raise ValueError("the draw does not match the players still drawing")
            drawing = best_of(rnd, drawing)
            if len(drawing) == 1:
                if rnd is not rounds[-1] and not fault("draw-tie-by-suit"):
                    raise ValueError("the draw goes on after it is over")
                return drawing[0]
        raise ValueError("the draw is not over")
    rng = SplitMix64(draw["seed"])
    drawing = list(range(n))
    cards: list[str] = []
    first_round = True
    while True:
        same = fault("draw-tie-same-pack") and len(cards) >= 2 * n
        if same:
            cards = cards[n:]
        else:
            word = draw["seed"] if fault("draw-first-round-on-draw-seed") and first_round else rng.next()
            cards = shuffled(pack(n), word)
        first_round = False
        if fault("draw-from-bottom"):
            cards = cards[::-1]
        drawn: list[str | None] = [None] * n
        for i, p in enumerate(drawing):
            drawn[p] = cards[p] if fault("redraw-card-by-seat") else cards[i]
        drawing = best_of(drawn, drawing)
        if len(drawing) == 1:
            return drawing[0]
        if fault("draw-tie-all-redraw"):
            drawing = list(range(n))


def best_of(rnd: list[str | None], drawing: list[int]) -> list[int]:
    """The players who drew the best card of a round, in the order of play (auv.match.first-dealer)."""
    order = "AKQJT987" if fault("first-dealer-piquet-order") else rank_order()
    values = {p: 8 - order.index((rnd[p] or "7S")[0]) for p in drawing}
    top = min(values.values()) if fault("first-dealer-lowest") else max(values.values())
    if fault("draw-tie-first-deals"):
        return [next(p for p in drawing if values[p] == top)]
    if fault("draw-tie-by-suit"):
        tied = [p for p in drawing if values[p] == top]
        return [min(tied, key=lambda p: SUITS.index((rnd[p] or "7S")[1]))]
    return [p for p in drawing if values[p] == top]


# --- the deal ---------------------------------------------------------------------------------


class Deal:
    """One deal: the turn-offer, the speech, the showing, play and the count."""

    def __init__(self, n: int, dealer: int, hands: list[list[str]], talon: list[str],
                 before: list[int], deals: int, target: int) -> None:
        self.n = n
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.dealt_hands = [list(h) for h in hands]  # fault view-hand-dealt
        self.talon = list(talon)
        self.before = list(before)  # each player's marks before this deal
        self.deals = deals
        self.target = target
        self.cards = set(pack(n))
        if fault("sevens-known-without"):
            self.cards |= {"7" + s for s in SUITS}
        self.phase = "turn-offer"
        self.to_act: int | None = self.first_asked()
        self.asked = 0  # players asked in this offer / speakers in this round
        self.turned: list[tuple[int, str]] = []
        self.words: list[tuple[int, str]] = []
        self.events: list[dict[str, Any]] = []
        self.ledger: list[dict[str, Any]] = []
        self.shown: list[tuple[int, str]] = []
        self.shown_since = 0  # shown kings before the last card turned (fault view-shown-this-round)
        self.scored: dict[str, int] = {}  # king -> the holder it scored for
        self.shown_this_round: set[int] = set()
        self.missed: set[str] = set()  # kings not shown in their round (fault unshown-king-lost)
        self.last_won_card: str | None = None  # the card that won the last trick (fault won-entry-names-last-card)
        self.passed_suits: set[tuple[int, str | None]] = set()  # (player, suit) he passed on in the speech
        self.left_offers = 0  # offers every player left (fault all-leave-next-offered)
        self.deferred: list[tuple[int, int | str, str]] = []  # king marks moved at the count (fault taken-kings-at-count)
        self.pending: list[tuple[int, str]] = []  # kings turned not yet written (fault turned-king-at-round-end)
        self.homme: int | None = None
        self.showing: list[int] = []
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[int] = []
        self.how: str | None = None
        self.winner: int | None = None
        if fault("dealer-turns-first-card") and self.talon:
            self.say_turn(dealer)

    # -- helpers
    def first_asked(self) -> int:
        """The first player asked whether to turn."""
        if fault("offer-starts-left"):
            return (self.dealer - 1) % self.n
        return self.dealer if fault("offer-from-dealer") else (self.dealer + 1) % self.n

    def after(self, p: int) -> int:
        """The next player in the order of play."""
        return (p + 1) % self.n

    def talon_count(self) -> int:
        """The cards left face down in the talon (auv.deal.talon)."""
        if fault("talon-less-offered") and self.phase == "turn-offer" and self.talon:
            return len(self.talon) - 1
        if fault("talon-empty-in-play") and (self.phase == "play" or (self.phase == "over" and self.homme is not None)):
            return 0
        return len(self.talon) + (len(self.turned) if fault("talon-counts-turned") else 0)

    def trump(self) -> str | None:
        """The suit of the last card turned (auv.speech.trump)."""
        if not self.turned or (fault("trump-named-by-homme") and self.homme is None):
            return None
        if fault("trump-cleared-for-rejouissance") and self.phase == "turn-offer":
            return None
        return self.turned[0 if fault("trump-first-turned") else -1][1][1]

    def shown_trump(self) -> str | None:
        """Trump as the observables report it."""
        trump = self.trump()
        if trump is not None and fault("trump-as-card"):
            return self.turned[-1][1]
        return trump

    def net(self) -> list[int]:
        """Each player's net marks of this deal so far."""
        out = [0] * self.n
        for e in self.ledger:
            if e["from"] != "sheet":
                out[e["from"]] -= e["marks"]
            if e["to"] != "sheet":
                out[e["to"]] += e["marks"]
        return out

    def shown_net(self) -> list[int]:
        """The deal's net marks as the observables report them."""
        if not fault("debt-left-out-of-deal"):
            return self.net()
        out = [0] * self.n
        running = list(self.before)
        for e in self.ledger:
            if e["from"] != "sheet":
                had = max(0, running[e["from"]])
                out[e["from"]] -= min(had, e["marks"])
                running[e["from"]] -= e["marks"]
            if e["to"] != "sheet":
                out[e["to"]] += e["marks"]
                running[e["to"]] += e["marks"]
        return out

    def by_player(self, values: list[Any], blank: Any) -> list[Any]:
        """A per-player list of the deal, as the observables give it."""
        if fault("deal-lists-of-four"):
            return (list(values) + [copy.deepcopy(blank) for _ in range(4)])[:4]
        return list(values)

    def totals(self) -> list[int]:
        """Each player's marks in the game, this deal's entries included (auv.count.debt)."""
        total = list(self.before)
        debts = fault("debts-forgiven")
        for e in self.ledger:
            if e["from"] != "sheet":
                prior = total[e["from"]]
                total[e["from"]] -= e["marks"]
                if debts and total[e["from"]] < 0:
                    total[e["from"]] = 0
                if fault("debt-homme-only") and e["from"] != self.homme and total[e["from"]] < 0:
                    total[e["from"]] = min(prior, 0)
            if e["to"] != "sheet":
                if fault("debt-wiped-on-score") and total[e["to"]] < 0:
                    total[e["to"]] = 0
                total[e["to"]] += e["marks"]
        return total

    def winners(self) -> list[int] | None:
        """The player alone at the top at or above the target, else None."""
        total = self.net() if fault("target-on-deal-marks") else self.totals()
        top = max(total)
        reached = top > self.target if fault("target-exceeded") else top >= self.target
        if fault("target-after-deal") and self.phase != "over":
            return None
        best = [p for p in range(self.n) if total[p] == top]
        if fault("target-tie-any-reaching") and sum(1 for t in total if t >= self.target) > 1:
            return None
        if fault("target-tie-both-win") and reached:
            return best
        if fault("target-tie-deal-winner-wins") and reached and len(best) > 1 and self.winner in best:
            return [self.winner] if self.winner is not None else None
        if fault("target-tie-first-wins") and reached and len(best) > 1:
            return [next(p for p in ((self.dealer + 1 + i) % self.n for i in range(self.n)) if p in best)]
        return best if reached and len(best) == 1 else None

    def flush_turned(self) -> None:
        """Write the kings turned held back to the end of the round (fault turned-king-at-round-end)."""
        for scorer, card in self.pending:
            self.write(0, "sheet", scorer, card, "auv.king.turned")
        self.pending = []

    def write(self, trick: int, frm: int | str, to: int | str, card: str | None, clause: str, marks: int = 1) -> None:
        """One ledger entry."""
        if fault("debt-entry-clause-debt") and isinstance(frm, int) and self.totals()[frm] < marks:
            clause = "auv.count.debt"
        self.ledger.append({"trick": trick, "from": frm, "to": to, "marks": marks, "card": card, "clause": clause})

    def end(self, how: str) -> None:
        """The deal is over."""
        self.phase = "over"
        self.how = how
        self.to_act = None
        if fault("hands-gathered-unplayed") and how in ("not-turned", "all-passed"):
            self.hands = [[] for _ in range(self.n)]
        if fault("unplayed-kings-cancelled") and how in ("not-turned", "all-passed"):
            self.ledger = [e for e in self.ledger if e["clause"] not in ("auv.king.turned", "auv.king.held")]

    def check_target(self) -> None:
        """After an action: a player alone at the target ends the game at once (auv.match.target)."""
        if self.phase != "over" and self.winners() is not None and not fault("target-after-deal"):
            self.end("target")

    def king_to_show(self, p: int) -> str | None:
        """The king of the suit just turned, held by p and not scored yet."""
        if not self.turned:
            return None
        king = "K" + self.turned[0 if fault("show-first-suit-only") else -1][1][1]
        if fault("king-once-per-player") and p in self.scored.values():
            return None
        if fault("turner-king-unshowable") and self.turned[-1][0] == p:
            return None
        if fault("rejouissance-show-barred") and len(self.turned) > 1:
            return None
        if fault("unshown-king-lost") and king in self.missed:
            return None
        if fault("show-any-turned-suit"):
            for _, card in reversed(self.turned):
                other = "K" + card[1]
                if other in self.hands[p] and other not in self.scored:
                    return other
        if king in self.hands[p] and (king not in self.scored or fault("king-scores-again")):
            if fault("king-scores-again") and p in self.shown_this_round:
                return None
            return king
        return None

    # -- what may be done
    def legal(self) -> list[str]:
        """Every action of the player to act."""
        p = self.to_act
        if p is None or self.phase == "over":
            return []
        if self.phase == "turn-offer":
            if fault("dealer-must-turn") and p == self.dealer and self.asked == self.n - 1:
                return ["turn"]
            return ["turn", "leave"]
        if self.phase == "speech":
            barred = fault("passed-suit-barred") and (p, self.trump()) in self.passed_suits
            if fault("play-needs-the-suit") and not any(c[1] == self.trump() for c in self.hands[p]):
                barred = True
            if fault("dealer-must-play") and p == self.dealer and self.asked == self.n - 1:
                return ["play"] + (["show"] if self.king_to_show(p) else [])
            if fault("show-commits-play") and p in self.shown_this_round:
                return ["play"] + (["show"] if self.king_to_show(p) else [])
            if fault("turner-must-play") and self.turned and p == self.turned[-1][0]:
                return ["play"] + (["show"] if self.king_to_show(p) else [])
            if fault("show-always-legal"):
                return (["pass"] if barred else ["play", "pass"]) + ["show"]
            return (["pass"] if barred else ["play", "pass"]) + (["show"] if self.king_to_show(p) else [])
        if self.phase == "showing":
            return ["show"] if fault("showing-must-show") else ["show", "pass"]
        return [c for c in self.hands[p] if self.card_error(p, c) is None]

    def card_error(self, p: int, card: str) -> tuple[str, str] | None:
        """Why p may not play card now, or None."""
        hand = self.hands[p]
        if card not in hand and fault("hand-checked-after-suit") and self.trick:
            led = self.trick[0][1][1]
            trump = self.trump()
            if card[1] != led and any(c[1] == led for c in hand):
                return "must-follow-suit", f"player {p} holds {led} and must follow"
            if (card[1] != led and led != trump and card[1] != trump and not any(c[1] == led for c in hand)
                    and any(c[1] == trump for c in hand)):
                return "must-trump", f"player {p} is void in {led} and holds a trump"
        if card not in hand:
            return "not-in-hand", f"{card} is not in player {p}'s hand"
        if not self.trick:
            if (fault("first-lead-trump") and not self.tricks and card[1] != self.trump()
                    and any(c[1] == self.trump() for c in hand)):
                return "must-trump", f"player {p} holds a trump and must lead it to the first trick"
            if fault("trump-lead-forbidden") and card[1] == self.trump() and any(c[1] != card[1] for c in hand):
                return "must-follow-suit", f"player {p} holds a plain card and may not lead a trump"
            return None
        led = self.trick[0][1][1]
        trump = self.trump()
        if fault("follow-winning-suit"):
            led = dict(self.trick)[self.trick_winner()][1]
        if fault("follow-previous-card"):
            led = self.trick[-1][1][1]
        if card[1] == led:
            if fault("follow-must-head") and not any(c[1] == trump for _, c in self.trick):
                best = max(strength(c) for _, c in self.trick if c[1] == led)
                if strength(card) < best and any(c[1] == led and strength(c) > best for c in hand):
                    return "must-follow-suit", f"player {p} holds a higher {led} and must beat the trick"
            return None
        has_led = any(c[1] == led for c in hand)
        if has_led and not (fault("trump-for-suit") and card[1] == trump) and not (fault("trump-lead-free") and led == trump):
            if fault("trumping-code-must-trump") and card[1] == trump and led != trump:
                return "must-trump", f"player {p} holds {led} and may not trump"
            if fault("trump-led-code-must-trump") and led == trump:
                return "must-trump", f"player {p} holds a trump and must play it on the trump led"
            return "must-follow-suit", f"player {p} holds {led} and must follow"
        if has_led:
            return None
        freed = fault("trumped-trick-frees-discard") and any(c[1] == trump for _, c in self.trick)
        if fault("beaten-trump-frees-discard") and any(c[1] == trump for _, c in self.trick):
            high = max(strength(c) for _, c in self.trick if c[1] == trump)
            freed = all(strength(c) < high for c in hand if c[1] == trump)
        if fault("must-trump-only-overcut") and not any(c[1] == trump for _, c in self.trick):
            freed = True
        if (led != trump and card[1] != trump and any(c[1] == trump for c in hand) and not fault("no-must-trump")
                and not freed):
            code = "must-follow-suit" if fault("must-trump-code-follow") else "must-trump"
            return code, f"player {p} is void in {led} and holds a trump"
        if (fault("void-must-trump-highest") and led != trump and card[1] == trump
                and any(c[1] == trump and strength(c) > strength(card) for c in hand)):
            return "must-trump", f"player {p} is void in {led} and must trump with his highest trump"
        if fault("void-no-overtrump") and led != trump and card[1] == trump:
            top = max((strength(c) for _, c in self.trick if c[1] == trump), default=None)
            if top is not None and strength(card) > top and any(c[1] == trump and strength(c) < top for c in hand):
                return "must-trump", f"player {p} holds a lower trump and may not overtrump"
        if fault("void-must-overtrump") and led != trump and card[1] == trump:
            top = max((strength(c) for _, c in self.trick if c[1] == trump), default=None)
            if top is not None and strength(card) < top and any(c[1] == trump and strength(c) > top for c in hand):
                return "must-trump", f"player {p} holds a trump that beats the trick"
        return None

    # -- actions
    def apply(self, action: str, player: int | None = None) -> None:
        """Take an action of the player to act, or raise Refused leaving the state unchanged."""
        if fault("stripped-action"):
            action = action.strip()
        is_card = action not in WORDS
        if is_card:
            if len(action) != 2 or action != action.strip() or " " in action:
                raise Refused("malformed-action", f"{action!r} is not an action of this game")
            if fault("bad-rank-malformed") and (action[0] not in RANKS or action[1] not in SUITS):
                raise Refused("malformed-action", f"{action!r} names no rank and suit of this game")
            if action not in self.cards and fault("unknown-card-not-yet") and self.phase in ("turn-offer", "speech", "showing"):
                raise Refused("cards-not-yet", "no card is played before the speech names the homme")
            if action not in self.cards:
                raise Refused("unknown-card", f"{action!r} is no card of this pack")
            if fault("talon-card-unknown") and not any(action in h for h in self.hands):
                raise Refused("unknown-card", f"{action!r} is in no player's hand")
        if fault("seat-before-deal-over") and player is not None and player != self.to_act:
            raise Refused("wrong-seat", f"player {player} is not to act")
        if self.phase == "over":
            if fault("unplayed-over-cards-not-yet") and is_card and self.how in ("not-turned", "all-passed"):
                raise Refused("cards-not-yet", "no card was played in this deal")
            raise Refused("deal-over", "the deal is over")
        p = self.to_act
        assert p is not None
        if fault("turn-out-of-turn-taken") and self.phase == "turn-offer" and action == "turn" and player is not None:
            self.to_act = p = player
        if (fault("show-out-of-turn-taken") and action == "show" and self.phase == "speech" and player is not None
                and player != p and self.king_to_show(player)):
            self.words.append((player, action))
            self.say_show(player)
            self.check_target()
            return
        if player is not None and player != p:
            if fault("out-of-turn-offer-word-not-now") and self.phase == "turn-offer":
                raise Refused("word-not-now", f"player {player} is not asked whether to turn")
            raise Refused("wrong-seat", f"player {player} is not to act and may not act out of turn")
        if not is_card and self.phase == "play" and fault("words-in-play-malformed"):
            raise Refused("malformed-action", f"{action!r} is not a card, the only action of play")
        if is_card:
            if self.phase != "play" and fault("speech-card-not-in-hand") and action not in self.hands[p]:
                raise Refused("not-in-hand", f"{action} is not in player {p}'s hand")
            if self.phase != "play":
                code = "word-not-now" if fault("card-in-offer-word-not-now") and self.phase == "turn-offer" else "cards-not-yet"
                raise Refused(code, "no card is played before the speech names the homme")
            error = self.card_error(p, action)
            if error:
                raise Refused(*error)
            self.play_card(p, action)
            return
        if action == "show" and fault("show-in-offer-no-king") and self.phase == "turn-offer" and not self.king_to_show(p):
            raise Refused("no-king-to-show", f"player {p} holds no king of the suit turned to show")
        if action == "show" and self.phase == "speech" and not self.king_to_show(p) and not fault("show-refused-word-not-now"):
            raise Refused("no-king-to-show", f"player {p} holds no king of the suit turned to show")
        if action == "play" and self.phase == "turn-offer" and fault("play-in-offer-cards-not-yet"):
            raise Refused("cards-not-yet", "nothing is played before a card is turned and the speech names the homme")
        if action == "pass" and self.phase == "turn-offer" and fault("pass-in-offer-is-leave"):
            action = "leave"
        if action == "leave" and self.phase == "speech" and fault("leave-in-speech-as-pass"):
            action = "pass"
        if fault("show-during-play") and action == "show" and self.phase == "play" and self.king_to_show(p):
            self.words.append((p, action))
            self.say_show(p)
            self.check_target()
            return
        if action not in self.legal():
            raise Refused("word-not-now", f"{action} is not said now")
        if not (fault("leave-not-in-words") and action == "leave"):
            self.words.append((p, action))
        if fault("words-in-events") and action in ("leave", "play", "pass"):
            self.events.append({"trick": 0, "player": p, "word": action})
        getattr(self, "say_" + action)(p)
        self.check_target()

    def say_turn(self, p: int) -> None:
        """Turn the talon's top card (auv.turn.offer)."""
        if fault("unshown-king-lost") and self.turned and "K" + self.turned[-1][1][1] not in self.scored:
            self.missed.add("K" + self.turned[-1][1][1])
        card = self.talon.pop(-1 if fault("turn-bottom-card") else 0)
        while fault("same-suit-skipped") and self.talon and any(c[1] == card[1] for _, c in self.turned):
            card = self.talon.pop(0)
        self.turned.append((p, card))
        self.shown_since = len(self.shown)
        if not fault("turn-not-in-events"):
            self.events.append({"trick": 1 if fault("turn-event-trick-one") else 0, "player": p, "turn": card})
        if card[0] == "K" and not fault("turned-king-free") and not (fault("rejouissance-king-free") and len(self.turned) > 1):
            scorer = self.dealer if fault("turned-king-to-dealer") else p
            self.scored[card] = scorer
            if fault("turned-king-shown"):
                self.shown.append((p, card))
                self.events.append({"trick": 0, "player": p, "show": card})
            if fault("turned-king-at-round-end") or fault("turned-king-needs-homme"):
                self.pending.append((scorer, card))
            else:
                    self.write(0, self.dealer if fault("turned-king-paid-by-dealer") else "sheet", scorer,
                           None if fault("turned-king-entry-no-card") else card,
                           "auv.king.held" if fault("turned-king-clause-held") else "auv.king.turned",
                           2 if fault("turned-king-two-marks") else 1)
        if fault("kings-score-unshown"):
            for i in range(self.n):
                q = (self.dealer + 1 + i) % self.n
                king = "K" + card[1]
                if king in self.hands[q] and king not in self.scored:
                    self.scored[king] = q
                    self.shown.append((q, king))
                    self.events.append({"trick": 0, "player": q, "show": king})
                    self.write(0, "sheet", q, king, "auv.king.held")
        if fault("same-suit-ends-deal") and any(c[1] == card[1] for _, c in self.turned[:-1]):
            self.end("all-passed")
            return
        self.phase = "speech"
        self.asked = 0
        self.shown_this_round = set()
        self.to_act = p if fault("speech-from-turner") else (self.dealer + 1) % self.n
        if fault("speech-skips-turner") and self.to_act == p:
            self.asked = 1
            self.to_act = self.after(p)
        if fault("speech-from-dealer"):
            self.to_act = self.dealer
        if fault("speech-starts-after-turner"):
            self.to_act = self.after(p)

    def say_leave(self, p: int) -> None:
        """Leave the card to the next player; all leaving, the deal is not played (auv.turn.nobody)."""
        self.asked += 1
        if fault("rejouissance-first-leave-ends") and self.turned:
            self.end("not-turned")
            return
        if fault("offer-skips-dealer") and self.after(p) == self.dealer:
            self.asked = self.n
        offers = len(self.turned) + self.left_offers + 1  # this one included
        if self.asked == self.n and fault("all-leave-next-offered") and offers < 4 and len(self.talon) > 1:
            self.left_offers += 1
            self.talon.pop(0)  # the card left is set aside, and the next one offered
            self.asked = 0
            self.to_act = self.first_asked()
        elif self.asked == self.n:
            self.end("all-passed" if fault("not-turned-as-all-passed") else "not-turned")
            if fault("unturned-to-act-kept"):
                self.to_act = self.after(p)
        elif fault("turner-not-reoffered") and self.turned and self.after(p) == self.turned[-1][0]:
            self.asked += 1
            if self.asked == self.n:
                self.end("not-turned")
            else:
                self.to_act = self.after(self.after(p))
        elif fault("offer-clockwise"):
            self.to_act = (p - 1) % self.n
        else:
            self.to_act = self.after(p)

    def say_show(self, p: int) -> None:
        """Show the king of the suit turned and score it (auv.king.held)."""
        king = self.king_to_show(p)
        assert king is not None
        if fault("showing-scores-nothing") and self.phase == "showing":
            self.shown.append((p, king))
            self.events.append({"trick": 0, "player": p, "show": king})
            self.next_in_showing()
            return
        self.scored[king] = p
        self.shown_this_round.add(p)
        self.shown.append((p, king))
        if not fault("show-not-in-events"):
            self.events.append({"trick": 0, "player": p, "show": king})
        clause = "auv.king.turned" if fault("show-entry-clause-turned") else "auv.king.held"
        self.write(1 if fault("show-entry-trick-one") else 0,
                   self.turned[-1][0] if fault("show-paid-by-turner") else "sheet", p,
                   self.turned[-1][1] if fault("show-entry-names-turned") else king, clause,
                   2 if fault("show-two-marks") else 1)
        if fault("show-scores-every-king"):
            for other in ("K" + s for s in SUITS):
                if other != king and other in self.hands[p] and other not in self.scored:
                    self.scored[other] = p
                    self.shown.append((p, other))
                    self.events.append({"trick": 0, "player": p, "show": other})
                    self.write(0, "sheet", p, other, "auv.king.held")
        if self.phase == "showing":
            self.next_in_showing()
        elif fault("show-ends-word"):
            self.say_pass(p)

    def say_pass(self, p: int) -> None:
        """Pass in the speech (all passing: a réjouissance or the end), or leave the king unshown."""
        if self.phase == "showing":
            self.next_in_showing()
            return
        self.passed_suits.add((p, self.trump()))
        self.asked += 1
        following = (p - 1) % self.n if fault("speech-clockwise") else self.after(p)
        if fault("speech-skips-turner") and following == self.turned[-1][0] and self.asked < self.n:
            self.asked += 1
            following = self.after(following)
        if fault("speech-skips-dealer") and following == self.dealer:
            self.asked = self.n
        if self.asked < (4 if fault("speech-round-of-four") else 2 * self.n if fault("speech-round-twice") else self.n):
            self.to_act = following
            return
        if fault("turned-king-needs-homme"):
            self.pending = []
        self.flush_turned()
        if fault("later-speaker-overplays") and self.homme is not None:
            self.begin_showing(self.homme)
            return
        most = 3 if fault("two-rejouissances") else 5 if fault("four-rejouissances") else 4
        if len(self.turned) + self.left_offers >= most or not self.talon:
            limit = len(self.turned) + self.left_offers >= most
            self.end("not-turned" if fault("third-rejouissance-not-turned") and limit else "all-passed")
            return
        if fault("kings-struck-at-rejouissance"):
            self.ledger = [e for e in self.ledger if e["clause"] not in ("auv.king.turned", "auv.king.held")]
        if fault("turned-card-under-talon"):
            self.talon.append(self.turned[-1][1])
        if fault("rejouissance-burns-card") and len(self.talon) > 1:
            self.talon.pop(0)
        self.phase = "turn-offer"
        self.asked = 0
        self.to_act = self.first_asked()
        if fault("turner-not-reoffered") and self.to_act == self.turned[-1][0]:
            self.asked = 1
            self.to_act = self.after(self.to_act)
        if fault("words-cleared-on-rejouissance"):
            self.words = []
        if fault("rejouissance-from-last-turner"):
            self.to_act = self.after(self.turned[-1][0])
        if fault("rejouissance-turned-at-once"):
            self.say_turn(self.to_act)

    def say_play(self, p: int) -> None:
        """He is the homme; later holders of the turned king are asked to show it (auv.king.show)."""
        if fault("later-speaker-overplays"):
            self.homme = p
            self.asked += 1
            if self.asked < self.n:
                self.to_act = self.after(p)
            else:
                self.begin_showing(p)
            return
        self.begin_showing(p)

    def begin_showing(self, p: int) -> None:
        """The homme is named: the later holders of the turned king are asked to show it."""
        self.homme = p
        self.flush_turned()
        order = [(self.dealer + 1 + i) % self.n for i in range(self.n)]
        later = order[order.index(p) + (0 if fault("showing-includes-homme") else 1):]
        if fault("showing-asks-all"):
            later = [q for q in order if q != p]
        self.showing = [q for q in later if self.king_to_show(q)] if not fault("no-showing-after-play") else []
        self.phase = "showing"
        self.next_in_showing()

    def next_in_showing(self) -> None:
        """Ask the next holder, or begin play."""
        if self.showing:
            self.to_act = self.showing.pop(0)
            return
        self.phase = "play"
        if fault("view-shown-this-round"):
            self.shown_since = len(self.shown)
        self.to_act = self.homme if fault("homme-leads") else (self.dealer + 1) % self.n
        if fault("dealer-leads"):
            self.to_act = self.dealer
        if fault("homme-right-leads") and self.homme is not None:
            self.to_act = self.after(self.homme)
        if fault("turner-leads"):
            self.to_act = self.turned[-1][0]
        if fault("first-lead-seat-zero"):
            self.to_act = 0
        if fault("lead-dealer-left"):
            self.to_act = (self.dealer - 1) % self.n
        if fault("lead-from-first-dealer"):
            self.to_act = (FIRST_DEALER + 1) % self.n

    def play_card(self, p: int, card: str) -> None:
        """Play a card; a full trick is won, its kings move, the target is checked, the count made."""
        self.hands[p].remove(card)
        self.trick.append((p, card))
        if len(self.trick) < (4 if fault("trick-of-four") else self.n):
            self.to_act = self.after(p)
            return
        win = self.trick_winner()
        if fault("trick-winner-by-position"):
            win = [q for q, _ in self.trick].index(win)
        leader = self.trick[0][0]
        number = len(self.tricks) + 1
        self.tricks.append(win)
        self.last_won_card = dict(self.trick)[win]
        won_by_trump = dict(self.trick)[win][1] == self.trump()
        for q, c in self.trick:
            if c[0] != "K" or (q == win and not fault("own-king-moves")):
                continue
            if fault("taken-king-trumped-only") and not won_by_trump:
                continue
            if fault("led-king-not-taken") and q == leader:
                continue
            if fault("king-taken-last-trick-kept") and number == 5:
                continue
            if fault("taken-king-trump-suit-only") and c[1] != self.trump():
                continue
            if fault("taken-king-opponents-kept") and self.homme not in (q, win):
                continue
            if self.scored.get(c) == q or (fault("unscored-king-moves") and c not in self.scored):
                to: int | str = "sheet" if fault("taken-king-to-sheet") else win
                ruffers = [r for r, t in self.trick if t[1] == self.trump() != c[1]]
                if fault("taken-king-to-first-ruffer") and ruffers:
                    to = ruffers[0]
                if fault("taken-kings-at-count"):
                    self.deferred.append((q, to, c))
                    continue
                if fault("taken-king-two-entries"):
                    self.write(number, q, "sheet", c, "auv.king.taken")
                    self.write(number, "sheet", to, c, "auv.king.taken")
                    continue
                named = dict(self.trick)[win] if fault("taken-entry-names-winning-card") else c
                if fault("taken-king-reversed"):
                    q, to = win, q
                self.write(number - 1 if fault("taken-king-trick-from-zero") else number, q, to, named, "auv.king.taken")
        self.trick = []
        self.to_act = self.after(leader) if fault("lead-passes-round") else win
        if fault("lead-after-winner"):
            self.to_act = self.after(win)
        if fault("taken-kings-at-count") and len(self.tricks) == 5:
            for q, to, c in self.deferred:
                self.write(number, q, to, c, "auv.king.taken")
        if not fault("target-not-checked-in-play"):
            self.check_target()
        three = fault("deal-stops-at-three") and max(self.tricks.count(q) for q in self.tricks) >= 3
        if self.phase != "over" and (len(self.tricks) == 5 or three):
            self.count()

    def trick_winner(self) -> int:
        """The highest trump, else the highest card of the suit led (auv.play.trick-winner)."""
        trump = self.trump()
        trumps = [(q, c) for q, c in self.trick if c[1] == trump]
        if fault("trump-ranks-with-led") and self.trick[0][1][1] != trump and trumps:
            led = self.trick[0][1][1]
            best = max(((q, c) for q, c in self.trick if c[1] in (led, trump)),
                       key=lambda t: (strength(t[1]), t[1][1] == trump))
            return best[0]
        if fault("trumps-never-cut") and self.trick[0][1][1] != trump:
            trumps = []
        if trumps:
            if fault("last-trump-wins"):
                return trumps[-1][0]
            if fault("first-trump-wins"):
                return trumps[0][0]
            if fault("lowest-trump-wins"):
                return min(trumps, key=lambda t: strength(t[1]))[0]
            return max(trumps, key=lambda t: strength(t[1]))[0]
        led = self.trick[0][1][1]
        if fault("last-beater-wins"):
            beaters = [q for q, c in self.trick[1:] if c[1] == led and strength(c) > strength(self.trick[0][1])]
            return beaters[-1] if beaters else self.trick[0][0]
        if fault("off-suit-highest-wins"):
            return max(self.trick, key=lambda t: strength(t[1]))[0]
        return max(((q, c) for q, c in self.trick if c[1] == led), key=lambda t: strength(t[1]))[0]

    def deal_winner(self) -> int:
        """Most tricks; level at the top, the first to reach that number."""
        counts = [self.tricks.count(p) for p in range(self.n)]
        top = max(counts)
        if fault("homme-two-enough") and self.homme is not None and counts[self.homme] >= 2:
            return self.homme
        if fault("homme-needs-three") and self.homme is not None and counts[self.homme] < 3:
            counts[self.homme] = -1
            top = max(counts)
        level = [p for p in range(self.n) if counts[p] == top]
        if fault("level-homme-loses") and self.homme in level and len(level) > 1:
            level = [p for p in level if p != self.homme]
        if fault("tie-first-in-order-wins"):
            return next(q for q in ((self.dealer + 1 + i) % self.n for i in range(self.n)) if q in level)
        if fault("homme-wins-ties") and self.homme in level:
            return self.homme
        if fault("level-first-trick-wins") and len(level) > 1:
            return next(w for w in self.tricks if w in level)
        if fault("level-last-trick-wins") and len(level) > 1:
            return next(w for w in reversed(self.tricks) if w in level)
        seen = [0] * self.n
        if fault("tie-last-reacher-wins") and len(level) > 1:
            reached: list[int] = []
            for w in self.tricks:
                seen[w] += 1
                if w in level and seen[w] == top:
                    reached.append(w)
            return reached[-1]
        for w in self.tricks:
            seen[w] += 1
            if w in level and seen[w] == top:
                return w
        return level[0]

    def count(self) -> None:
        """The count after the fifth trick (auv.count.*)."""
        homme = self.homme
        assert homme is not None
        self.winner = self.deal_winner()
        if self.winner == homme and fault("won-paid-by-each"):
            for i in range(self.n):
                q = (self.dealer + 1 + i) % self.n
                if q != homme:
                    self.write(5, q, homme, None, "auv.count.won")
        elif self.winner == homme:
            last = max(i + 1 for i, w in enumerate(self.tricks) if w == homme)
            self.write(0 if fault("won-entry-trick-zero") else last if fault("won-entry-on-homme-last-trick") else 5,
                       "sheet", homme,
                       self.last_won_card if fault("won-entry-names-last-card") else None,
                       "auv.count.homme-wins" if fault("won-entry-clause-homme-wins") else "auv.count.won",
                       2 if fault("won-two-marks") or (fault("vole-two-marks") and self.tricks.count(homme) == 5)
                       else self.tricks.count(homme) if fault("won-by-tricks") else 1)
            if fault("won-opponents-lose"):
                for i in range(self.n):
                    q = (self.dealer + 1 + i) % self.n
                    if q != homme:
                        self.write(5, q, "sheet", None, "auv.count.won")
        elif fault("lost-pays-each"):
            for i in range(self.n):
                q = (self.dealer + 1 + i) % self.n
                if q != homme:
                    self.write(5, homme, q, None, "auv.count.lost")
        elif fault("winner-paid-by-homme") and LOSER_PAYS == "the-winner":
            self.write(5, homme, self.winner, None, "auv.count.lost")
        else:
            if (not (fault("winner-reading-homme-keeps-mark") and LOSER_PAYS == "the-winner")
                    and not fault("lost-homme-written-last")):
                self.write(0 if fault("lost-entry-trick-zero") else 5, homme, "sheet", None, "auv.count.lost",
                           2 if fault("lost-two-marks") else 1)
            if not fault("lost-opponents-nothing"):
                for i in range(self.n):
                    q = i if fault("lost-points-seat-order") else (self.dealer + 1 + i) % self.n
                    if fault("lost-skips-trickless") and q not in self.tricks:
                        continue
                    paid = self.after(homme) if fault("winner-reading-next-paid") else self.winner
                    if q != homme and (LOSER_PAYS == "each-opponent" or q == paid):
                        self.write(5, "sheet", q, None,
                                   "auv.count.won" if fault("opponents-entry-clause-won") else "auv.count.lost")
            if fault("lost-homme-written-last"):
                self.write(5, homme, "sheet", None, "auv.count.lost")
        self.end("played-out")

    # -- observables
    def next_dealer(self) -> int:
        """Who deals next (auv.match.next-dealer, auv.turn.nobody)."""
        if fault("next-dealer-left"):
            return (self.dealer - 1) % self.n
        if fault("next-dealer-four-seats"):
            return (self.dealer + 1) % 4
        if fault("unturned-same-dealer") and self.how == "not-turned":
            return self.dealer
        if fault("next-dealer-self-until-over") and self.phase != "over":
            return self.dealer
        if fault("next-dealer-after-homme") and self.homme is not None:
            return (self.homme + 1) % self.n
        if fault("next-dealer-deal-winner") and self.winner is not None:
            return self.winner
        if fault("next-dealer-from-deal-count"):
            return (self.n - 1 + self.deals + 1) % self.n
        return (self.dealer + 1) % self.n

    def observe(self, name: str) -> Any:
        """One observable of the protocol."""
        over = self.phase == "over"
        if name == "to_act":
            return self.to_act
        if name == "legal":
            return self.legal()
        if name == "speakers":
            return [self.legal() if p == self.to_act else [] for p in range(self.n)]
        if name == "trick":
            if fault("trick-as-records"):
                return [{"player": q, "card": c} for q, c in self.trick]
            return [c for _, c in self.trick]
        if name == "tricks":
            return list(self.tricks)
        if name == "trump":
            return self.shown_trump()
        if name == "over":
            return over
        if name == "talon":
            if fault("talon-listed"):
                return list(self.talon)
            return self.talon_count()
        if name == "homme":
            return self.homme
        if name == "words":
            return [{"player": p, "word": w} for p, w in self.words]
        if name == "events":
            return copy.deepcopy(self.events)
        if name == "ledger":
            if fault("ledger-points-field"):
                return [{("points" if k == "marks" else k): v for k, v in e.items()} for e in self.ledger]
            return copy.deepcopy(self.ledger)
        if name == "result":
            net = self.shown_net()
            return self.by_player([{"tricks": self.tricks.count(p), "marks": net[p]} for p in range(self.n)],
                                  {"tricks": 0, "marks": 0})
        if name == "outcome":
            if not over or (fault("unturned-outcome-null") and self.how == "not-turned"):
                return None
            marks = self.by_player(self.shown_net(), 0)
            if fault("unplayed-outcome-zero") and self.how in ("not-turned", "all-passed"):
                marks = [0] * len(marks)
            return {"how": self.how, "homme": self.homme, "winner": self.winner, "marks": marks}
        if name == "session":
            counted = over and not (fault("unplayed-deal-not-counted") and self.how in ("not-turned", "all-passed"))
            marks = self.before if fault("session-marks-after-deal") and not over else self.totals()
            if fault("debt-floored-in-marks"):
                marks = [max(0, m) for m in marks]
            won = self.winners()
            following = None if fault("no-next-dealer-after-win") and won is not None else self.next_dealer()
            if fault("next-dealer-as-seat") and following is not None:
                following = (following - self.dealer - 1) % self.n
            return {"deals": self.deals + (1 if counted else 0), "marks": list(marks),
                    "winners": won, "next_dealer": following}
        if name == "view":
            return [self.view(p) for p in range(self.n)]
        raise CannotRun(f"observable {name} is not implemented")

    def view(self, p: int) -> dict[str, Any]:
        """What player p may see now."""
        phase = "speech" if fault("view-showing-as-speech") and self.phase == "showing" else self.phase
        return {"player": p, "phase": phase, "to_act": self.to_act, "trump": self.shown_trump(),
                "hand": list((self.dealt_hands if fault("view-hand-dealt") else self.hands)[p]
                             if not (fault("hands-laid-down-when-over") and self.phase == "over")
                             else [c for h in self.hands for c in h])
                + (list(self.talon) if fault("dealer-sees-talon") and p == self.dealer else [])
                + ([c for q, c in self.turned if q == p] if fault("view-turned-in-hand") else []),
                "held": [len(h) + (sum(1 for r, _ in self.trick if r == q) if fault("held-counts-trick-card") else 0)
                         if q == p or not fault("view-held-own-only") else None
                         for q, h in enumerate(self.hands)],
                **({"held": [len(self.hands[(p + i) % self.n]) for i in range(self.n)]}
                   if fault("held-from-viewer") else {}),
                "talon": None if fault("view-talon-hidden") else self.talon_count(),
                "turned": [{"player": q, "card": c if q == p or not fault("turned-seen-by-turner-only") else None}
                           for q, c in self.turned[-1 if fault("view-last-turned-only") else 0:]],
                "words": [{"player": q, "word": w} for q, w in self.words
                          if (not fault("view-words-speech-only") or w in ("play", "pass"))
                          and (q == p or not fault("view-words-own-only"))],
                "shown": [{"player": q, "card": c}
                          for q, c in self.shown[self.shown_since if fault("view-shown-this-round") else 0:]
                          if q == p or not fault("shown-kings-private")],
                "homme": None if fault("view-homme-at-play") and self.phase == "showing" else self.homme,
                "trick": [{"player": q, "card": c} for q, c in self.trick],
                "tricks": [w for w in self.tricks if w == p or not fault("view-tricks-own-only")],
                "marks": self.by_player(self.shown_net(), 0)}


def perft(deal: Deal, depth: int) -> int:
    """The number of legal action sequences of this length (a finished deal counts once)."""
    if depth == 0 or deal.phase == "over":
        return 1
    total = 0
    for action in deal.legal():
        child = copy.deepcopy(deal)
        child.apply(action)
        total += perft(child, depth - 1)
    return total


# --- the protocol -----------------------------------------------------------------------------

FEATURES = ["seeded-deal", "perft", "error-codes", "view", "deals", "draw", "cut", "out-of-turn", "session"]
PARAMS: dict[str, list[Any]] = {"form": ["two", "three", "five"], "packets": ["two-three"], "target": TARGETS,
                                 "pack_with_four": ["twenty-eight"], "loser_pays": ["the-winner"]}
DEFAULTS: dict[str, Any] = {
    "form": "four", "packets": "three-two", "pack_with_four": "thirty-two", "turner": "any-in-turn",
    "king_scoring": "turned-suit", "king_showing": "shown", "taken_king": "moves", "loser_pays": "each-opponent",
    "debts": "owed", "target": 5, "target_tie": "play-on", "first_dealer_tie": "redraw"}


def hello(seq: int) -> dict[str, Any]:
    """The handshake answer."""
    return {"seq": seq, "brou": 1,
            "implementation": {"name": "brou-independent-auvergne", "version": "0.1.0", "language": "python"},
            "rulesets": {"homme-d-auvergne": {"params": PARAMS}}, "features": FEATURES}


def packets(params: dict[str, Any]) -> list[int]:
    """The packet sizes (auv.deal.packets)."""
    two_three = params.get("packets") == "two-three" and not fault("packets-param-ignored")
    if fault("deal-two-three"):
        two_three = not two_three
    return [2, 3] if two_three else [3, 2]


def make_deal(n: int, dealer: int, source: dict[str, Any], params: dict[str, Any],
              before: list[int], deals: int) -> tuple[Deal, dict[str, Any]]:
    """A deal from hands and talon, or from a seed; with what was dealt."""
    if "seed" in source:
        hands, talon = seeded_deal(n, source["seed"], dealer, source.get("cut"), packets(params))
    else:
        hands, talon = source["hands"], source["talon"]
    agreed = params.get("target", 7 if fault("target-seven-default") else 5)
    if fault("debt-cleared-at-next-deal"):
        before = [max(0, m) for m in before]
    deal = Deal(n, dealer, hands, talon, before, deals, 5 if fault("target-always-five") else agreed)
    shown_talon = list(reversed(talon)) if fault("deal-talon-bottom-first") else list(talon)
    if fault("deal-talon-without-top"):
        shown_talon = shown_talon[1:]
    return deal, {"hands": [list(h) for h in hands], "talon": shown_talon}


def run(scenario: dict[str, Any]) -> dict[str, Any]:
    """Play a scenario's steps; the answer without its seq."""
    if scenario.get("ruleset") != "homme-d-auvergne":
        return {"skip": "only homme-d-auvergne is played"}
    params = scenario.get("params", {})
    for name, value in params.items():
        if value != DEFAULTS.get(name) and value not in PARAMS.get(name, []):
            return {"skip": f"parameter {name}={value} is not played"}
    global SEVENS, LOSER_PAYS, FIRST_DEALER
    n = FORMS[params.get("form", "four")]
    pack_default = "twenty-eight" if fault("four-pack-default-28") else "thirty-two"
    SEVENS = params.get("pack_with_four", pack_default) == "thirty-two" or fault("four-always-thirty-two")
    LOSER_PAYS = "each-opponent" if fault("each-opponent-under-winner") else params.get("loser_pays", "each-opponent")
    setup = scenario["setup"]
    if "turnup" in setup:
        return {"error": "a deal of this game turns nothing up"}
    dealer = setup.get("dealer", 3 % n if fault("dealer-three-every-form") else n - 1)
    if "draw" in setup:
        dealer = first_dealer(setup["draw"], n)
    FIRST_DEALER = dealer
    session = setup.get("session", {})
    before = list(session.get("marks", [0] * n))
    deals = session.get("deals", 0)
    deal, dealt = make_deal(n, dealer, setup, params, before, deals)
    results: list[dict[str, Any]] = []
    for step in scenario["steps"]:
        try:
            if "act" in step:
                deal.apply(step["act"], step.get("player"))
                results.append({"ok": True})
            elif "observe" in step:
                results.append({name: dealt if name == "deal" else deal.observe(name) for name in step["observe"]})
            elif "perft" in step:
                results.append({"count": perft(deal, step["perft"])})
            elif "deal" in step:
                if deal.phase != "over" or deal.winners() is not None:
                    return {"error": "a deal step before the deal is over or after the game is won"}
                carried = deal.net() if fault("marks-not-carried") else deal.totals()
                deal, dealt = make_deal(n, deal.next_dealer(), step["deal"], params, carried, deal.deals + 1)
                results.append({"ok": True})
            else:
                raise CannotRun(f"unknown step {sorted(step)}")
        except Refused as r:
            results.append({"ok": False, "code": r.code, "message": r.message})
    return {"results": results}


def main() -> None:
    """Answer requests, one JSON line each, until stop or the end of input."""
    global FAULT
    args = sys.argv[1:]
    if args == ["--list-faults"]:
        print(json.dumps([{"name": k, "clause": c, "description": d, **({"batch": BATCHES[k]} if k in BATCHES else {})}
                          for k, (c, d) in FAULTS.items()], ensure_ascii=False))
        return
    if len(args) == 2 and args[0] == "--fault":
        if args[1] not in FAULTS:
            log(f"unknown fault {args[1]}")
            sys.exit(2)
        FAULT = args[1]
    elif args:
        log("usage: homme_d_auvergne.py [--fault NAME | --list-faults]")
        sys.exit(2)
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8")
        if not line.strip():
            continue
        req = json.loads(line)
        if req.get("cmd") == "stop":
            return
        if req.get("cmd") == "hello":
            answer = hello(req["seq"])
        elif req.get("cmd") == "run":
            try:
                answer = {"seq": req["seq"], **run(req["scenario"])}
            except CannotRun as why:
                answer = {"seq": req["seq"], "skip": str(why)}
            except Exception as bug:  # an engine bug: reported, and the program keeps serving
                log(f"{req['scenario'].get('id')}: {type(bug).__name__}: {bug}")
                answer = {"seq": req["seq"], "error": f"{type(bug).__name__}: {bug}"}
        else:
            answer = {"seq": req.get("seq", 0), "error": f"unknown command {req.get('cmd')!r}"}
        sys.stdout.buffer.write((json.dumps(answer, ensure_ascii=False) + "\n").encode("utf-8"))
        sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""An independent Brusquembille (brusquembille-1718) for the Brou conformance protocol, stdlib only.

Written from the published pages (conformance/PROTOCOL.md, docs/, spec/rulesets/brusquembille-1718.yaml)
and the corpus's expectations, without the reference engine. Correct by default; `--fault NAME`
plants one deliberate mistake (a test program for the diagnosis of `brou check`), and
`--list-faults` prints the faults as JSON.

Run it:  brou check --impl "python3 tests/independent/brusquembille.py" --ruleset brusquembille-1718
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

RULESET = "brusquembille-1718"
SUITS = "SHDC"
INDEX_RANKS = "ATKQJ987"  # the shuffle's canonical order (docs/shuffle.md)
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
BRUSQUEMBILLES = {"A": 2, "T": 1}
FICHE = 20
PIQUET = "AKQJT987"
PARAMS: dict[str, list[Any]] = {
    "form": ["three", "two", "four", "four-partners", "five"],
    "sevens_removed": ["black", "red"],
    "ten_rank": ["after-ace", "after-jack"],
    "deal_packets": ["one-by-one", "all-at-once"],
    "following_after_talon": ["free", "follow-suit"],
    "odd_jetons": ["first-in-order", "bank"],
    "scoring": ["pool", "points"],
    "rounds": [2, 1, 3, 4, 5],
    "pairs_round": ["players", "dealers"],
    "points_target": [300, 500],
    "points_pool": ["none", "pool"],
    "many_tied": ["shared", "returned"],
    "points_tie": ["play-on", "shared"],
}
FEATURES = ["seeded-deal", "perft", "error-codes", "view", "deals", "draw", "cut", "out-of-turn", "session"]

# name -> (clause, description): each one plausible mistake, planted by --fault NAME
FAULTS: dict[str, tuple[str, str]] = {
    "ten-below-king": ("brus.deck.order", "ranks the ten between the king and the queen (A K T Q J 9 8 7) in play"),
    "king-counts-three": ("brus.deck.points", "counts a king 3 card points instead of 4"),
    "red-sevens-out": ("brus.deck.cards", "takes the red sevens out of the pack instead of the black ones"),
    "deal-from-dealer": ("brus.deal.packets", "deals the first card to the dealer instead of the player on his right"),
    "turnup-from-bottom": ("brus.deal.turned", "turns the bottom card of the pack instead of the talon's top card"),
    "cut-from-bottom": ("brus.deal.cut", "the cut moves K cards from the bottom to the top, not from the top to the bottom"),
    "talon-count-without-turnup": ("brus.deal.talon", "the talon's count leaves out the turned card lying under it"),
    "clockwise": ("brus.play.lead", "play goes round clockwise (to the dealer's side) instead of counterclockwise"),
    "must-follow": ("brus.play.free", "a player holding the suit led must follow it, even while the stock lasts"),
    "follows-after-talon": ("brus.play.free", "once the stock is gone a player holding the suit led must follow it"),
    "trump-of-talon-top": ("brus.deal.turned", "takes trump from the first card to draw instead of the turned card"),
    "first-trump-wins": ("brus.play.trick-winner", "the first trump played wins the trick, not the highest"),
    "lead-passes-round": ("brus.play.next-lead", "the lead passes to the next player instead of the trick's winner"),
    "leader-draws-first": ("brus.talon.draw", "the trick's leader draws first instead of its winner"),
    "turnup-to-first-drawer": ("brus.talon.last-draw", "the turned trump goes to the first drawer of the last round"),
    "one-trick-short": ("brus.talon.last-tricks", "the deal ends once each player has one card left, a trick too early"),
    "partners-not-added": ("brus.count.points", "two partners do not add their card points together"),
    "tie-first-takes-all": ("brus.count.winner", "tied players do not share: the first in the order of play takes the pool"),
    "lost-pays-winner-only": ("brus.pay.brusquembille", "a brusquembille lost is paid to the trick's winner only"),
    "ten-worth-two": ("brus.pay.brusquembille", "a ten is worth 2 jetons, like an ace"),
    "paid-with-two": ("brus.pay.when", "brusquembilles are paid in the game for two players too"),
    "stake-ten-jetons": ("brus.stakes.pool", "each player puts 10 jetons in the pool, half a fiche"),
    "next-dealer-left": ("brus.match.next-dealer", "the deal passes to the left, to the dealer's previous player"),
    "round-is-one-deal": ("brus.match.rounds", "a round is counted as one deal instead of one deal by each player"),
    "draw-play-order": ("brus.match.first-dealer", "the draw for the first dealer ranks the ten second, as in play"),
    "drawn-by-hidden": ("brus.info.turned", "the view never says who drew the turned trump"),
}
# the faults written for issue 63, after the diagnosis had been tuned on those above: tools/diagnosis-bench
# holds part of them out of its tuning (docs/conformance.md, "The verdict")
BATCHES: dict[str, str] = {}  # fault name -> the batch of issue 63 it was written in (tools/diagnosis-bench)


def _batch(batch: str, faults: dict[str, tuple[str, str]]) -> None:
    """Declare one batch of faults written for issue 63: FAULTS gains them, BATCHES says when they were written."""
    FAULTS.update(faults)
    BATCHES.update(dict.fromkeys(faults, batch))


_batch("issue-63", {
    "queen-jack-points-swapped": ("brus.deck.points", "counts a queen 2 card points and a jack 3"),
    "ace-worth-ten": ("brus.deck.points", "counts an ace 10 card points instead of 11"),
    "beats-led-not-best": ("brus.play.trick-winner",
                           "without a trump, the last card of the suit led that beats the card led wins, not the highest"),
    "turned-to-dealer": ("brus.talon.last-draw", "the turned trump goes to the dealer in the last round of drawing"),
    "draw-from-bottom": ("brus.talon.draw", "the cards are drawn from the bottom of the stock instead of its top"),
    "ace-brusquembille-three": ("brus.pay.brusquembille", "an ace is a brusquembille worth 3 jetons"),
    "won-brusquembille-unpaid": ("brus.pay.brusquembille", "a brusquembille that wins its trick is not paid for"),
    "five-keeps-sevens": ("brus.deck.cards", "with five players no sevens are taken out"),
    "two-tied-returned": ("brus.count.winner", "when two tie for the most, every player takes his stake back"),
    "points-target-exceeded": ("brus.match.points", "the game for points ends only once a total goes past the target"),
    "partners-opposite": ("brus.players.forms", "in two pairs the partners sit opposite (0 and 2, 1 and 3)"),
    "dealer-leads": ("brus.play.lead", "the dealer leads to the first trick"),
})
# the second batch of issue 63, written blind to the diagnosis (which never saw them): the held-out set
_batch("issue-63-b", {
    "two-removes-sevens": ("brus.players.forms", "with two players two sevens are taken out too, as with three"),
    "pairs-deal-passes-right": ("brus.match.next-dealer", "with two pairs the deal passes to the right as in the other "
                                "forms, not between the rightmost players of the pairs"),
    "paid-in-pairs": ("brus.pay.when", "brusquembilles are paid with two pairs too"),
    "odd-jetons-to-last": ("brus.count.winner", "the odd jetons of a shared pool go to the last tied players in the order "
                           "of play, not the first"),
    "last-trick-ten": ("brus.count.points", "the winner of the last trick counts 10 card points more"),
    "trump-lead-followed": ("brus.play.free", "a trump led must be followed by a player holding a trump"),
    "pack-seven-not-in-hand": ("brus.deck.cards", "a seven the pack leaves out is refused not-in-hand, not unknown-card"),
    "draw-winner-last": ("brus.talon.draw", "after a trick the player after its winner draws first, and the winner "
                         "last"),
    "points-first-reacher-wins": ("brus.match.points", "in the game for points the first player in the order of play to "
                                  "reach the target wins, not the highest total"),
})
# the third batch of issue 63, written blind to the diagnosis too: a second held-out set
_batch("issue-63-c", {
    "odd-jetons-bank-ignored": ("brus.count.winner", "the odd jetons of a shared pool go to the first tied players even "
                                "when odd_jetons is bank"),
    "all-at-once-one-by-one": ("brus.deal.packets", "the cards are dealt one at a time even when deal_packets is "
                               "all-at-once"),
    "ten-second-after-jack": ("brus.deck.order", "the ten ranks second in play even when ten_rank is after-jack"),
    "pairs-round-four-deals": ("brus.match.rounds", "with two pairs a round is four deals even when pairs_round is "
                               "dealers"),
    "points-tie-plays-on": ("brus.match.points", "a tie at the points target is played on even when points_tie is "
                            "shared"),
    "partner-hand-hidden": ("brus.info.partners", "in two pairs a player's view does not show his partner's hand"),
    "points-game-no-stakes": ("brus.stakes.pool", "in the game for points nobody puts in a stake even when points_pool "
                              "is pool"),
    "session-jetons-of-deal": ("brus.match.rounds", "the session's jetons are those of the last deal only, not added "
                               "up over the session"),
})
# the fourth batch of issue 63, written blind to the diagnosis too: a third held-out set
_batch("issue-63-d", {
    "held-others-hidden": ("brus.info.own-hand", "a player's view gives only his own number of cards in `held`, the "
                           "others' as null"),
    "next-dealer-last-leader": ("brus.match.next-dealer", "the next deal goes to the player who led the deal's last "
                                "trick, not to the one who led its first"),
    "session-won-on-card-points": ("brus.match.rounds", "after the agreed rounds the players with the most card points "
                                   "over the session win, not those with the most jetons"),
    "points-pool-pays-brusquembilles": ("brus.pay.when", "in the game for points played with a pool (points_pool is "
                                        "pool) the brusquembilles are paid too"),
    "deal-over-not-in-hand": ("brus.talon.last-tricks", "a card played once the last trick is over is refused "
                              "not-in-hand, not deal-over"),
    "deal-talon-with-turnup": ("brus.deal.talon", "the `deal` observable's talon ends with the turned card lying under "
                               "it"),
    "turnup-hidden-once-drawn": ("brus.info.turned", "the view's turnup is null once the turned card has been drawn"),
    "follow-suit-must-trump": ("brus.play.free", "under following_after_talon follow-suit a player void in the suit "
                               "led must trump if he can"),
})
# the fifth batch of issue 63, written blind to the diagnosis too: a fourth held-out set
_batch("issue-63-e", {
    "pairs-totals-own-points": ("brus.match.points", "in two pairs each player's session total adds up the card "
                                "points of his own tricks, not his side's"),
    "view-trick-kept": ("brus.info.trick-open", "a view's trick still shows the last finished trick until the next "
                        "card is led"),
    "cut-one-fewer": ("brus.deal.cut", "a cut of K lifts K-1 cards off the top, the K-th card being where the pack "
                      "is cut"),
    "leader-keeps-lead": ("brus.play.next-lead", "the leader of a trick leads the next one too, whoever wins it"),
    "four-shows-neighbour-hand": ("brus.info.partners", "with four each for himself a view shows his neighbour's "
                                  "hand as partner_hand, as in two pairs"),
    "stakes-from-seat-zero": ("brus.stakes.pool", "the stakes are written in the ledger from player 0, not in the "
                              "order of play from the first leader"),
    "result-side-points": ("brus.count.points", "in two pairs the result's card_points of a player is his side's "
                           "total, not the points of his own tricks"),
    "wrong-seat-after-hand": ("brus.play.lead", "a card offered for a player who is not to act is refused "
                              "not-in-hand when the player to act does not hold it, not wrong-seat"),
})
# the sixth batch of issue 63, written blind to the diagnosis too: a fifth held-out set
_batch("issue-63-f", {
    "jack-counts-one": ("brus.deck.points", "counts a jack 1 card point instead of 2"),
    "deal-from-left-clockwise": ("brus.deal.packets", "the cards are dealt from the dealer's left going clockwise, "
                                 "not from his right going counterclockwise"),
    "off-suit-card-wins": ("brus.play.trick-winner", "without a trump in the trick the highest card wins whatever its "
                           "suit, not the highest of the suit led"),
    "four-not-paid": ("brus.pay.when", "brusquembilles are not paid with four each for himself, as with two"),
    "returned-ignored": ("brus.count.winner", "three or more sides tied for the most share the pool even when "
                         "many_tied is returned"),
    "draw-tie-first-deals": ("brus.match.first-dealer", "players tied for the highest card at the draw do not draw "
                             "again: the first of them in seat order deals"),
    "view-talon-null": ("brus.info.own-hand", "a player's view gives the talon as null, the stock lying face down, "
                        "instead of how many cards are left in it"),
    "follow-refused-not-in-hand": ("brus.play.free", "under following_after_talon follow-suit a card that does not "
                                   "follow the suit led is refused not-in-hand, not must-follow-suit"),
})
# the seventh batch of issue 63, written blind to the diagnosis too: a sixth held-out set
_batch("issue-63-g", {
    "rank-by-points": ("brus.deck.order", "ranks the cards by their card points, so that a nine, an eight and a "
                       "seven tie and the first of them played wins"),
    "turned-before-deal": ("brus.deal.turned", "a seeded deal turns the pack's top card before dealing the hands, "
                           "not the first card left after them"),
    "draw-others-in-seat-order": ("brus.talon.draw", "after a trick its winner draws first, then the others in "
                                  "seat order from player 0, not in the order of play from him"),
    "pair-share-to-first": ("brus.count.winner", "a pair's share of the pool is not split: it goes whole to the "
                            "first player of the pair in the order of play"),
    "pay-order-from-trick-leader": ("brus.pay.brusquembille", "the entries of a brusquembille's payment go round "
                                    "in the order of play from the trick's leader, not from the deal's first leader"),
    "word-unknown-card": ("brus.play.free", "a text that is no card (pass, claim) is refused unknown-card, not "
                          "malformed-action"),
    "points-target-always-300": ("brus.match.points", "the game for points ends once a total reaches 300, whatever "
                                 "points_target was agreed"),
    "held-counts-trick-card": ("brus.info.own-hand", "a view's `held` still counts the card a player has put in the "
                               "trick in progress"),
})
# the eighth batch of issue 63, written blind to the diagnosis too: a seventh held-out set
_batch("issue-63-h", {
    "four-plays-in-pairs": ("brus.players.forms", "with four each for himself players 0 and 1, 2 and 3 count "
                            "their card points together and share the pool as two pairs (\"toujours deux contre "
                            "deux\")"),
    "ten-after-nine": ("brus.deck.order", "with ten_rank after-jack the ten ranks below the nine (A K Q J 9 T 8 7), "
                       "not between the jack and the nine"),
    "rounds-always-two": ("brus.match.rounds", "the session ends after two rounds whatever number of rounds was "
                          "agreed"),
    "pairs-all-draw": ("brus.match.first-dealer", "in two pairs all four players draw for the first dealer, not "
                       "only the rightmost player of each pair"),
    "winner-stake-not-returned": ("brus.count.winner", "the player with the most card points is paid only the "
                                  "others' stakes from the pool; his own stake is not given back"),
    "follow-suit-one-trick-early": ("brus.play.free", "under following_after_talon follow-suit a player must "
                                    "follow the suit led already in the last trick before the stock runs out"),
    "deal-talon-bottom-first": ("brus.deal.talon", "the `deal` observable lists the talon from its bottom card, "
                                "next to the turned card, not from its top"),
    "partner-hand-as-dealt": ("brus.info.partners", "in two pairs the view's partner_hand is the partner's hand "
                              "as dealt, never updated once he plays or draws"),
})
# the ninth batch of issue 63, written blind to the diagnosis too: an eighth held-out set
_batch("issue-63-i", {
    "ten-after-jack-plain-only": ("brus.deck.order", "with ten_rank after-jack the ten moves between the jack and "
                                  "the nine in the plain suits only (the ruleset's `orders: plain`); in trumps it "
                                  "still ranks second, after the ace"),
    "seed-seat-zero-is-player-zero": ("brus.deal.packets", "a seeded deal gives its first cards to player 0 "
                                      "whoever deals (docs/shuffle.md's seat 0 taken as player 0), not to the "
                                      "player on the dealer's right"),
    "no-trump-once-drawn": ("brus.deal.turned", "once the turned card has been drawn the last tricks are played "
                            "without trump (trump is null), instead of its suit staying trump for the whole deal"),
    "card-points-at-end-only": ("brus.count.points", "the result's card_points stay 0 until every card has been "
                                "played, instead of counting the tricks won so far"),
    "stake-once-a-session": ("brus.stakes.pool", "the fiche is put in the pool only in the first deal of a "
                             "session (the starting stake), not at the start of every deal"),
    "draw-tie-all-redraw": ("brus.match.first-dealer", "when players tie for the highest card at the draw, every "
                            "player draws again, not only the tied ones"),
    "view-tricks-on-turn-only": ("brus.info.trick-open", "a view's `tricks` is null unless the player is to play "
                                 "(as 1802's last_trick), instead of the winners of the finished tricks for all"),
    "trump-brusquembilles-only": ("brus.pay.brusquembille", "only the ace and the ten of trumps are brusquembilles "
                                  "and paid for; the aces and tens of the plain suits pay nothing"),
})
# the tenth batch of issue 63, written blind to the diagnosis too: a ninth held-out set
_batch("issue-63-j", {
    "five-sevens-always-black": ("brus.deck.cards", "with five players the black sevens are taken out whatever "
                                 "sevens_removed says; the parameter is read for three players only"),
    "follow-suit-must-head": ("brus.play.free", "under following_after_talon follow-suit a player holding the suit "
                              "led must also beat its best card in the trick if he can, not merely follow"),
    "winner-most-tricks": ("brus.count.winner", "the pool goes to the player (or pair) who won the most tricks, not "
                           "to the one with the most card points"),
    "brusquembilles-paid-at-end": ("brus.pay.brusquembille", "the brusquembilles are settled all together once "
                                   "the last trick is played, not after each trick"),
    "pairs-stake-per-side": ("brus.stakes.pool", "in two pairs each pair puts one fiche in the pool (its first "
                             "player in the order of play), not one fiche a player"),
    "session-ends-a-deal-late": ("brus.match.rounds", "the agreed rounds are checked against the deals played "
                                 "before this one, so the session ends one deal after the last round"),
    "no-partner-empty-list": ("brus.info.partners", "a player without a partner (every form but two pairs) has "
                              "partner_hand [] in his view, not null"),
    "speakers-every-hand": ("brus.players.count", "the speakers observable lists every player's hand, as if each "
                            "could play now, instead of the legal cards of the player to act and nothing for the "
                            "others"),
})
# the eleventh batch of issue 63, written blind to the diagnosis too: a tenth held-out set
_batch("issue-63-k", {
    "ten-rank-default-after-jack": ("brus.deck.order", "when the scenario does not set ten_rank the ten ranks "
                                    "between the jack and the nine (the 1718 text's order), not after the ace"),
    "cut-ignored": ("brus.deal.cut", "a seeded deal's cut is not made: the cards are dealt from the shuffled pack "
                    "as it lies"),
    "talon-counts-drawn-turnup": ("brus.deal.talon", "the talon's count still includes the turned card once it "
                                  "has been drawn (the talon observable and the view say 1 where none is left)"),
    "deal-ends-with-talon": ("brus.talon.last-tricks", "the deal ends as soon as the last cards of the stock are "
                             "drawn; the last tricks are never played out"),
    "draw-lowest-deals": ("brus.match.first-dealer", "at the draw for the first dealer the lowest card deals, not "
                          "the highest"),
    "renounce-trump-ignored": ("brus.play.trick-winner", "a trump played by a player who still holds the suit led "
                               "counts as a discard and cannot win the trick"),
    "points-winners-reaching-target": ("brus.match.points", "when the game for points ends every player whose "
                                       "total reached the target wins, not only the highest total"),
    "last-trick-not-counted": ("brus.count.points", "the cards of the last trick are not counted: the deal is "
                               "scored before its last trick is gathered to its winner"),
})
# replaced in this batch after failing no scenario: "seat-before-text" (brus.play.lead: an action for a player
# who is not to act refused wrong-seat before its text is read) -- no scenario offers a malformed or unknown
# card for a player who is not to act; and "view-hand-sorted" (brus.info.own-hand: the view's hand sorted by
# suit and rank) -- no scenario compares the order of a hand in a view
# the twelfth batch of issue 63, written blind to the diagnosis too: an eleventh held-out set
_batch("issue-63-l", {
    "trump-order-piquet": ("brus.deck.order", "the trumps rank in the Piquet order of the draw (A K Q J T 9 8 7), "
                           "the ruleset giving an order for the plain suits only; the plain suits follow ten_rank"),
    "shuffle-read-bottom-first": ("brus.deal.packets", "a seeded deal takes the shuffled list as the pack from its "
                                  "bottom card up: the first cards dealt are the list's last"),
    "next-lead-after-winner": ("brus.play.next-lead", "the player after the trick's winner in the order of play "
                               "leads the next trick, not the winner himself"),
    "left-of-dealer-leads": ("brus.play.lead", "the player on the dealer's left (the one before him in the order "
                             "of play) leads the first trick; play still goes round counterclockwise"),
    "lost-brusquembille-to-pool": ("brus.pay.brusquembille", "a brusquembille lost is paid into the pool (its "
                                   "worth for each other player, in one entry), not to each other player"),
    "dealers-round-every-form": ("brus.match.rounds", "under pairs_round dealers a round is two deals whatever "
                                 "the form, not only in two pairs where two players deal"),
    "drawn-by-trick-winner": ("brus.info.turned", "the view's turnup_drawn_by names the winner of the trick after "
                              "which the turned card was drawn, not the player who drew it"),
    "card-in-no-hand-unknown": ("brus.deck.cards", "a card of the pack that is in no player's hand (in the talon, "
                                "the turned card, already played) is refused unknown-card, not not-in-hand"),
})
# the thirteenth batch of issue 63, written blind to the diagnosis too: a twelfth held-out set
_batch("issue-63-m", {
    "trick-winner-by-position": ("brus.play.trick-winner", "the trick's winner is taken as the place of the winning "
                                 "card in the trick (0 for the card led), not the player who played it"),
    "turnup-drawn-first": ("brus.deal.turned", "the turned card is laid on top of the stock, not half under it: the "
                           "winner of the first trick draws it first, and the stock's last card is drawn last"),
    "view-hand-of-player-to-act": ("brus.info.own-hand", "every view's hand is the hand of the player to act (his "
                                   "own once the deal is over), not the viewing player's own"),
    "tie-broken-by-tricks": ("brus.count.winner", "players tied for the most card points do not share the pool: "
                             "the one (or the pair) with more tricks takes it, and they share only if their tricks "
                             "tie too"),
    "next-dealer-deal-winner": ("brus.match.next-dealer", "the next deal is dealt by the winner of the deal (the "
                                "first of them in the order of play when tied), not by the player on the dealer's "
                                "right"),
    "stake-three-fiches": ("brus.stakes.pool", "each player puts three fiches (60 jetons) in the pool at the start "
                           "of every deal, the three fiches a round read as the stake of each deal"),
    "captured-brusquembilles-paid": ("brus.pay.brusquembille", "the trick's winner is paid every brusquembille in "
                                     "the trick by each other player, whoever played it; losing one costs its "
                                     "player nothing more"),
    "lead-carried-to-next-deal": ("brus.play.lead", "after a `deal` step the first trick of the new deal is led by "
                                  "the winner of the last trick of the deal before, not by the player on the new "
                                  "dealer's right"),
})
# the fourteenth batch of issue 63, written blind to the diagnosis too: a thirteenth held-out set
_batch("issue-63-n", {
    "draw-ace-low": ("brus.match.first-dealer", "at the draw for the first dealer the ace ranks lowest, below the "
                     "seven (K Q J T 9 8 7 A), as in many draws for the deal"),
    "paid-to-neighbours": ("brus.pay.brusquembille", "with four each for himself or five a brusquembille is paid to "
                           "or by the two players next to its player only, as with three, not by every other player"),
    "dealer-antes-all": ("brus.stakes.pool", "the dealer alone puts the pool in at the start of each deal, one fiche "
                         "for each player, instead of each player one fiche"),
    "deal-counted-when-dealt": ("brus.match.rounds", "the session's `deals` counts the deal in progress from the "
                                "moment it is dealt, not once it is over"),
    "partner-hand-next-seat": ("brus.info.partners", "in two pairs the view's partner_hand is the hand of the next "
                               "player in the order of play, the partners sitting next to each other, not his "
                               "partner's"),
    "draw-others-reversed": ("brus.talon.draw", "after a trick its winner draws first, then the others in the "
                             "reverse of the order of play (clockwise from him)"),
    "odd-jetons-from-seat-zero": ("brus.count.winner", "the odd jetons of a shared pool go one each to the tied "
                                  "players counted from player 0 in seat order, not from the first leader in the "
                                  "order of play"),
    "view-tricks-leaders": ("brus.info.trick-open", "a view's `tricks` lists the player who led each finished trick, "
                            "not the one who won it and turned it face down"),
})
# dropped from this batch after failing no scenario: "session-winners-in-profit" (brus.match.rounds: at the end
# of the session every player holding more jetons than he started with has won) -- in every session scenario
# the players ahead are exactly those with the most jetons
# the fifteenth batch of issue 63, written blind to the diagnosis too: a fourteenth held-out set
_batch("issue-63-o", {
    "shuffle-then-omit": ("brus.deck.cards", "a seeded deal shuffles the whole 32-card pack and only then takes "
                          "the two sevens out, instead of shuffling the 30-card pack"),
    "first-lead-player-zero": ("brus.play.lead", "player 0 leads the first trick whoever deals (the ruleset's "
                               "`first_lead: 0` read as a fixed seat), not the player on the dealer's right"),
    "pay-trick-from-zero": ("brus.pay.brusquembille", "the ledger entries of a trick's brusquembilles give the "
                            "trick's number counted from 0, not from 1"),
    "stake-trick-one": ("brus.stakes.pool", "the stakes are written in the ledger as trick 1, not trick 0 before "
                        "any trick"),
    "turned-card-not-counted": ("brus.count.points", "the turned trump counts no card points in the tricks of "
                                "whoever wins it, being no card of the stock"),
    "view-trick-own-card-only": ("brus.info.trick-open", "a view's trick shows only the viewing player's own card; "
                                 "the cards of the others are null"),
    "draw-events-next-trick": ("brus.talon.draw", "the draw events after a trick are numbered as the next trick, "
                               "the one the drawn cards are for, not the trick just finished"),
    "points-totals-not-carried": ("brus.match.points", "in the game for points each total is the card points of "
                                  "the last deal only, not added up deal after deal"),
})
# dropped from this batch after failing no scenario: "four-deal-passes-two" (brus.match.next-dealer: with four
# each for himself the deal passes two places) -- no scenario follows the deal from one dealer to the next with
# four each for himself
# the sixteenth batch of issue 63, written blind to the diagnosis too: a fifteenth held-out set
_batch("issue-63-p", {
    "follow-suit-ignored": ("brus.play.free", "play stays free once the stock is gone even when "
                            "following_after_talon is follow-suit"),
    "pairs-other-neighbours": ("brus.players.forms", "in two pairs the partners are the other neighbours: players "
                               "1 and 2 play together, and players 3 and 0"),
    "draw-from-full-pack": ("brus.match.first-dealer", "a seeded draw for the first dealer shuffles the whole "
                            "32-card pack, not the game's own pack without the two sevens"),
    "two-no-pool": ("brus.stakes.pool", "with two players nobody puts a fiche in the pool, no jetons changing "
                    "hands in that form"),
    "own-cards-in-tricks": ("brus.count.points", "a player counts only the points of the cards he played himself "
                            "in the tricks he won, not every card of those tricks"),
    "session-tie-first-wins": ("brus.match.rounds", "at the end of the session players tied for the most jetons "
                               "do not all win: the first of them in seat order alone wins"),
    "turnup-draw-unlogged": ("brus.talon.last-draw", "the draw of the turned trump writes no draw event, the card "
                             "being known to all"),
    "sevens-unknown-every-form": ("brus.deck.cards", "a card text is checked against the 30-card pack of three "
                                  "players in every form, so a black seven is refused unknown-card with two or "
                                  "four"),
})
# the seventeenth batch of issue 63, written blind to the diagnosis too: a sixteenth held-out set
_batch("issue-63-q", {
    "cut-before-shuffle": ("brus.deal.cut", "a seeded deal cuts the pack in index order first and only then "
                           "shuffles it, instead of cutting the shuffled pack"),
    "ledger-card-null": ("brus.pay.brusquembille", "the ledger entries of a brusquembille's payment give the card "
                         "as null, as the stakes' do, not the ace or ten paid for"),
    "draw-stops-round-early": ("brus.talon.draw", "the players draw after a trick only while the stock holds more "
                               "cards than there are players, so its last round is never drawn"),
    "view-tricks-counted": ("brus.info.trick-open", "a view's `tricks` gives how many tricks each player has won, "
                            "not the winner of each finished trick in turn"),
    "to-act-after-deal": ("brus.talon.last-tricks", "once the last trick is played the winner of it stays to act "
                          "(to_act names him) instead of nobody"),
    "redraw-same-shuffle": ("brus.match.first-dealer", "a seeded draw's tied players draw again from the same "
                            "shuffled pack, taking its next cards, not from a new shuffle with the next seed word"),
    "next-dealer-null-during-deal": ("brus.match.next-dealer", "the session's next_dealer is null while the deal "
                                     "is played, named only once it is over"),
    "outcome-bank-zero": ("brus.count.winner", "the outcome's bank stays 0 when odd_jetons is bank, though the odd "
                          "jetons are paid to the bank in the ledger"),
})
# replaced in this batch after failing no scenario: "points-partners-tie-plays-on" (brus.match.points: in the game
# for points the tie at the target checked by player, not by side, so two partners level at the top play on) -- no
# scenario plays the game for points in two pairs; and "bad-text-malformed" (brus.deck.cards: a two-character text
# naming no card, 1H or TX, refused malformed-action, not unknown-card) -- no scenario offers such a text
# the eighteenth batch of issue 63, written blind to the diagnosis too: a seventeenth held-out set
_batch("issue-63-r", {
    "draw-tie-by-suit": ("brus.match.first-dealer", "players tied for the highest card at the draw do not draw "
                         "again: the tie is broken by suit, spades above hearts above diamonds above clubs"),
    "brusquembille-worths-swapped": ("brus.pay.brusquembille", "an ace is a brusquembille worth 1 jeton and a ten "
                                     "one worth 2, the two worths read the other way round"),
    "odd-jetons-dropped": ("brus.count.winner", "the jetons of a shared pool that do not divide are paid to nobody "
                           "under odd_jetons first-in-order: each tied player takes only his share rounded down"),
    "draw-events-card-hidden": ("brus.info.turned", "the draw events give the card drawn as null, every card but "
                                "the turned one being drawn without showing it"),
    "stake-clause-count-winner": ("brus.stakes.pool", "the stakes' ledger entries cite brus.count.winner, the "
                                  "clause of the pool's winner, not brus.stakes.pool"),
    "view-tricks-last-only": ("brus.info.trick-open", "a view's `tricks` names only the winner of the last finished "
                              "trick, the earlier ones lying face down, not the winner of every finished trick"),
    "draw-order-fixed-from-first": ("brus.talon.draw", "after each trick the players draw in the order of play from "
                                    "the deal's first leader, not from the trick's winner"),
    "outcome-points-own": ("brus.count.points", "in two pairs the outcome's points give each player the card points "
                           "of his own tricks, not his side's total"),
})
# the nineteenth batch of issue 63, written blind to the diagnosis too: an eighteenth held-out set
_batch("issue-63-s", {
    "low-cards-reversed": ("brus.deck.order", "the three cards without points rank the other way round: the seven "
                           "above the eight, the eight above the nine (A T K Q J 7 8 9)"),
    "turnup-to-second-last": ("brus.talon.last-draw", "in the last round of drawing the turned trump goes to the "
                              "next-to-last player to draw, and the last one takes the stock's last card"),
    "last-tricks-lead-passes": ("brus.talon.last-tricks", "once the stock is gone the lead passes to the next "
                                "player after the trick's leader, not to the trick's winner"),
    "trump-brusquembille-double": ("brus.pay.brusquembille", "an ace or ten of trumps is worth twice as much as a "
                                   "brusquembille of a plain suit"),
    "session-tie-plays-on": ("brus.match.rounds", "when players tie for the most jetons after the agreed rounds, "
                             "the session goes on (no winners) instead of all of them winning"),
    "outcome-shares-net": ("brus.count.winner", "the outcome's shares give each player's gain from the pool net of "
                           "his own stake, not the jetons he takes from it"),
    "session-jetons-start-twenty": ("brus.stakes.pool", "a session begun without jetons starts each player at the "
                                    "20 jetons of his stake, not at 0 won or lost"),
    "view-held-from-viewer": ("brus.info.own-hand", "a view's `held` lists the counts from the viewing player round "
                              "in the order of play, not by player number"),
})
# replaced in this batch after failing no scenario: "deal-talon-live" (brus.deal.talon: the `deal` observable's
# talon is the stock as it is now, shrinking as cards are drawn) -- no scenario observes `deal` after a draw
# the twentieth batch of issue 63, written blind to the diagnosis too: a nineteenth held-out set
_batch("issue-63-t", {
    "queen-above-king": ("brus.deck.order", "the queen ranks above the king in every suit (A T Q K J 9 8 7), the two "
                         "court cards read the other way round"),
    "deal-right-then-clockwise": ("brus.deal.packets", "the deal starts with the player on the dealer's right but "
                                  "goes round clockwise from him, to the dealer next"),
    "trump-only-when-void": ("brus.play.free", "a player holding the suit led may play any card of his hand but a "
                             "trump: he may trump only when void in the suit led"),
    "ten-not-brusquembille": ("brus.pay.brusquembille", "only the aces are brusquembilles and paid for; a ten pays "
                              "nothing"),
    "draw-highest-leads": ("brus.match.first-dealer", "the highest card at the draw leads the first deal, so the "
                           "player before him in the order of play deals, not the drawer of the highest card himself"),
    "stake-dealer-exempt": ("brus.stakes.pool", "the dealer puts no fiche in the pool; only the other players stake "
                            "at the start of a deal"),
    "points-of-cards-played": ("brus.count.points", "each player counts the card points of the cards he played "
                               "himself in the finished tricks, whoever won them, not the cards of the tricks he won"),
    "odd-jetons-all-to-first": ("brus.count.winner", "the odd jetons of a shared pool all go to the first tied "
                                "player in the order of play, not one each to the tied players from the first"),
})
# the twenty-first batch of issue 63, written blind to the diagnosis too: a twentieth held-out set
_batch("issue-63-u", {
    "last-tricks-unpaid": ("brus.talon.last-tricks", "once the stock is gone the last tricks are played without the "
                           "after-trick settling: their brusquembilles are not paid, as nothing is drawn"),
    "totals-points-game-only": ("brus.match.points", "the session's card point totals are kept only in the game for "
                                "points; in the game for the pool they stay as they were before the deal"),
    "trick-in-seat-order": ("brus.info.trick-open", "the cards of the trick in progress are listed by player number "
                            "(the trick observable and the views), not in the order they were played"),
    "turnup-brusquembille-unpaid": ("brus.pay.brusquembille", "an ace or ten that was the turned trump is paid for "
                                    "by nobody when played, being known to all since the deal"),
    "returned-all-tied-only": ("brus.count.winner", "under many_tied returned the stakes are handed back only when "
                               "every side ties for the most; three tied among five share the pool"),
    "trump-must-outrank": ("brus.play.trick-winner", "a trump on a plain suit led wins only if its rank is above the "
                           "best card of the suit led; otherwise that card wins"),
    "stake-one-jeton": ("brus.stakes.pool", "each player puts one jeton in the pool at the start of a deal "
                        "(pool_per_coup 1 read as jetons), not one fiche of 20"),
    "follow-suit-not-trumps": ("brus.play.free", "under following_after_talon follow-suit a trump led need not be "
                               "followed: only a plain suit led must be"),
})
# the twenty-second batch of issue 63, written blind to the diagnosis too: a twenty-first held-out set
_batch("issue-63-v", {
    "deal-packets-default-all-at-once": ("brus.deal.packets", "when the scenario does not set deal_packets the "
                                         "three cards are dealt all at once (B3's reading), not one at a time"),
    "one-brusquembille-a-trick": ("brus.pay.brusquembille", "only the first brusquembille played in a trick is "
                                  "settled; a second ace or ten in the same trick pays nothing"),
    "returned-to-bank": ("brus.count.winner", "under many_tied returned the pool of a deal tied three ways or more "
                         "goes to the bank, not back to each player who put it in"),
    "points-tie-shared-first-only": ("brus.match.points", "under points_tie shared a tie at the target is won by the "
                                     "first of the tied players in seat order alone, not by all of them"),
    "next-lead-best-of-led": ("brus.play.next-lead", "the next trick is led by the player of the best card of the "
                              "suit led, even when a trump won the trick"),
    "stakes-after-first-trick": ("brus.stakes.pool", "the fiches are put in the pool only once the first trick is "
                                 "played, just before its payments, not at the start of the deal"),
    "drawn-by-own-view-only": ("brus.info.turned", "a view's turnup_drawn_by names who drew the turned trump only in "
                               "that player's own view; the others' views give null"),
    "draw-cards-reverse-order": ("brus.match.first-dealer", "a seeded draw for the first dealer gives the shuffled "
                                 "pack's top cards to the drawing players from the last in player order down, not "
                                 "from the first"),
})
# dropped from this batch after failing no scenario: "speakers-null-others" (brus.players.count: the speakers
# observable gives null, not an empty list, for the players not to act) -- it only made two scenarios error
# the twenty-third batch of issue 63, written blind to the diagnosis too: a twenty-second held-out set
_batch("issue-63-w", {
    "ten-counts-eleven": ("brus.deck.points", "counts a ten 11 card points, as an ace, instead of 10"),
    "follow-suit-of-last-card": ("brus.play.free", "under following_after_talon follow-suit a player must follow "
                                 "the suit of the card played just before his, not the suit led"),
    "aces-paid-before-tens": ("brus.pay.brusquembille", "a trick's brusquembilles are settled aces first, then tens, "
                              "not card by card in the order played"),
    "result-jetons-without-stake": ("brus.stakes.pool", "the result's jetons leave out the fiche each player put in "
                                    "the pool, counting only the brusquembilles and his share of the pool"),
    "draw-round-cards-reversed": ("brus.talon.draw", "in each round of drawing the trick's winner takes the last of "
                                  "the round's cards and the others the ones above it, not the winner the top card"),
    "pool-shares-trick-zero": ("brus.count.winner", "the ledger entries sharing out the pool give trick 0, as the "
                               "stakes do, not the last trick's number"),
    "next-dealer-by-deal-count": ("brus.match.next-dealer", "the next dealer is counted from the deals played (the "
                                  "first deal dealt by the last player), not the player to the right of this "
                                  "deal's dealer"),
    "view-jetons-own-only": ("brus.pay.brusquembille", "a view's jetons give only the viewing player's own net "
                             "jetons, the others' as null"),
})
# the twenty-fourth batch of issue 63, written blind to the diagnosis too: a twenty-third held-out set
_batch("issue-63-x", {
    "queen-counts-four": ("brus.deck.points", "counts a queen 4 card points, as a king, instead of 3"),
    "draw-seed-used-directly": ("brus.match.first-dealer", "a seeded draw for the first dealer shuffles each round "
                                "with SplitMix64's state before its step (the draw seed itself in the first round), "
                                "not with the output word of the step"),
    "stakes-from-dealer": ("brus.stakes.pool", "the stakes are written in the ledger in the order of play from the "
                           "dealer, who puts his fiche in first, not from the first leader"),
    "partner-hand-on-turn-only": ("brus.info.partners", "in two pairs a view shows the partner's hand only to the "
                                  "player to act, who may be advised, and partner_hand is null in the others' views"),
    "winner-needs-sixty-one": ("brus.count.winner", "the pool is won only with more than half the card points "
                               "(61 of 120); when the most card points are 60 or fewer nobody wins and every "
                               "stake is handed back"),
    "must-follow-before-held": ("brus.play.free", "under following_after_talon follow-suit, once the stock is "
                                "gone, a card the player may not play is refused must-follow-suit even when he "
                                "does not hold it, not not-in-hand"),
    "turnup-one-card-down": ("brus.deal.turned", "a seeded deal turns the second card left after the hands "
                             "(position 3n + 1) instead of the first (3n); the first stays on top of the talon"),
    "draw-event-player-is-winner": ("brus.talon.draw", "every draw event after a trick names the trick's winner "
                                    "as the player drawing, not each player who takes a card in turn"),
})
# the twenty-fifth batch of issue 63, written blind to the diagnosis too: a twenty-fourth held-out set
_batch("issue-63-y", {
    "ten-above-ace": ("brus.deck.order", "the ten ranks above the ace in every suit (T A K Q J 9 8 7), the two "
                      "highest cards read the other way round"),
    "lost-brusquembille-free": ("brus.pay.brusquembille", "a brusquembille that loses its trick costs its player "
                                "nothing; only one that wins is paid for, by every other player"),
    "points-deal-winner-scores-only": ("brus.match.points", "in the game for points only the deal's winner (or "
                                       "winners) add their card points to their totals; the others add nothing"),
    "view-tricks-own-only": ("brus.info.trick-open", "a view's `tricks` names the winner only of the tricks the "
                             "viewing player won, the others being null, each trick lying face down by its winner"),
    "draw-others-from-leader": ("brus.talon.draw", "after a trick its winner draws first, then the others in the "
                                "order of play from the trick's leader, not from the player after the winner"),
    "draw-from-pack-bottom": ("brus.match.first-dealer", "a seeded draw for the first dealer gives the drawing "
                              "players the shuffled pack's bottom cards, not its top cards"),
    "over-wrong-seat": ("brus.talon.last-tricks", "once the last trick is played a card is refused wrong-seat, "
                        "nobody being to act, not deal-over"),
    "stakes-to-dealer": ("brus.stakes.pool", "each player's fiche is paid to the dealer, who keeps the pool before "
                         "him, not into the pool"),
})
# the twenty-sixth batch of issue 63, written blind to the diagnosis too: a twenty-fifth held-out set
_batch("issue-63-z", {
    "after-jack-above-jack": ("brus.deck.order", "with ten_rank after-jack the ten ranks between the queen and the "
                              "jack (A K Q T J 9 8 7), not between the jack and the nine"),
    "session-deals-this-deal-only": ("brus.match.rounds", "the session's deals counts only the deal just played, "
                                     "not the deals played before it in the session"),
    "lost-paid-when-trumped-only": ("brus.pay.brusquembille", "a brusquembille that loses its trick is paid for only "
                                    "when a trump beat it; lost to a higher card of its own suit it costs nothing"),
    "shares-in-seat-order": ("brus.count.winner", "the ledger entries sharing out the pool go in seat order from "
                             "player 0, not in the order of play from the first leader"),
    "draw-events-trick-from-zero": ("brus.talon.draw", "the draw events after a trick give the trick's number "
                                    "counted from 0, not from 1"),
    "points-end-deal-late": ("brus.match.points", "the game for points ends after the deal following the one in "
                             "which a total reached the target, the totals being checked before the deal's points"),
    "view-talon-without-turnup": ("brus.info.own-hand", "a view's talon leaves out the turned card lying under the "
                                  "stock, though the talon observable counts it"),
    "pairs-dealer-stays": ("brus.match.next-dealer", "with two pairs the same player deals again, the deal never "
                           "passing to the other pair's rightmost player"),
})
# the twenty-seventh batch of issue 63, written blind to the diagnosis too: a twenty-sixth held-out set
_batch("issue-63-aa", {
    "four-removes-sevens": ("brus.players.forms", "with four each for himself two sevens are taken out of the pack, "
                            "as with five, instead of playing with the whole 32-card pack"),
    "cut-talon-only": ("brus.deal.cut", "a seeded deal's cut is made after the hands are dealt, on the undealt "
                       "cards only, not on the whole pack before dealing"),
    "points-pool-ignored": ("brus.stakes.pool", "in the game for points every player puts a fiche in the pool even "
                            "when points_pool is none"),
    "turnup-seen-by-dealer-only": ("brus.info.turned", "a view shows the turned trump only to the dealer who turned "
                                   "it; the other players' views give turnup as null"),
    "last-drawer-leads": ("brus.play.next-lead", "while the stock lasts the player who draws last after a trick "
                          "leads the next one, not the trick's winner"),
    "held-own-null": ("brus.info.own-hand", "a view's `held` gives the viewing player's own count as null, his hand "
                      "showing it, and only the others' counts"),
    "padded-card-accepted": ("brus.play.free", "a card written with a space before or after it (\" TS\", \"TS \") is "
                             "read as the card and played, not refused malformed-action"),
    "pool-shared-before-last-payments": ("brus.count.winner", "after the last trick the pool is shared out before that "
                                         "trick's brusquembilles are settled, not once every card has been played "
                                         "and paid for"),
})
# the twenty-eighth batch of issue 63, written blind to the diagnosis too: a twenty-seventh held-out set
_batch("issue-63-ab", {
    "result-tricks-cards-won": ("brus.count.points", "the result's tricks of a player give how many cards he has "
                                "won in his tricks, not how many tricks"),
    "brusquembille-clause-pay-when": ("brus.pay.brusquembille", "the ledger entries of a brusquembille's payment "
                                      "cite brus.pay.when, not brus.pay.brusquembille"),
    "trump-observable-card": ("brus.deal.turned", "the trump observable and a view's trump give the turned card "
                              "itself, not its suit"),
    "pairs-winners-first-of-side": ("brus.count.winner", "in two pairs the outcome's winners name only the first "
                                    "player of the winning pair, not both partners"),
    "view-phase-play-when-over": ("brus.talon.last-tricks", "a view's phase stays play once the last trick is "
                                  "played, instead of over"),
    "follow-suit-trump-allowed": ("brus.play.free", "under following_after_talon follow-suit a player holding the "
                                  "suit led may trump instead of following it"),
    "pack-listed-rank-by-rank": ("brus.deck.cards", "a seeded deal shuffles the pack listed rank by rank (AS AH AD AC "
                                 "TS ...), not suit by suit in the shuffle's index order (AS TS KS ... 7C)"),
    "view-to-act-own-only": ("brus.info.own-hand", "a view's to_act names the player to act only in his own view; "
                             "the others' views give null"),
})
# dropped from this batch after failing no scenario: "index-order-follows-ten-rank" (brus.deck.order: with
# ten_rank after-jack a seeded deal shuffles the pack listed in the play order A K Q J T 9 8 7) -- no scenario
# deals from a seed with ten_rank after-jack
# the twenty-ninth batch of issue 63, written blind to the diagnosis too: a twenty-eighth held-out set
_batch("issue-63-ac", {
    "turnup-event-first": ("brus.talon.last-draw", "in the last round of drawing the turned trump's draw event is "
                           "written first, as it is lifted from under the stock, though it goes to the last drawer "
                           "and the others' draws follow it"),
    "form-dealer-two": ("brus.players.forms", "a setup naming no dealer has player 2 deal in every form (the "
                        "ruleset's players.dealer read without the form's patch), not the last player n-1"),
    "dealer-holds-turnup": ("brus.info.own-hand", "the dealer's view shows the turned card in his hand while it lies "
                            "under the stock, as the dealer's turned card is his in 1802's view"),
    "view-trick-bare-cards": ("brus.info.trick-open", "a view's trick lists the cards played, as the trick "
                              "observable does, not [{player, card}] records"),
    "turnup-shown-first-trick-only": ("brus.info.turned", "a view's turnup is null once the first trick is complete "
                                      "(1802's window for the turned card), not shown until someone draws it"),
    "talon-observable-cards": ("brus.deal.talon", "the talon observable lists the cards still to draw (the turned "
                               "card last), as setup.talon does, not how many there are"),
    "unpaid-zero-entries": ("brus.pay.when", "where brusquembilles are not paid (two, two pairs, the game for "
                            "points) the ledger still gets each one's entries, of 0 jetons"),
    "holder-wrong-seat": ("brus.play.free", "a card the player to act does not hold but another player does is "
                          "refused wrong-seat, taken as offered by its holder out of turn, not not-in-hand"),
})
# the thirtieth batch of issue 63, written blind to the diagnosis too: a twenty-ninth held-out set
_batch("issue-63-ad", {
    "speakers-by-player-map": ("protocol", "the speakers observable is an object keyed by player number (\"0\", "
                               "\"1\", ...), not a list of one list per player"),
    "setup-talon-ends-with-turnup": ("brus.deal.talon", "a setup's talon is read as ending with the turned card, "
                                     "so its last card is dropped as the turnup's copy and the stock holds one "
                                     "card too few"),
    "act-with-player-out-of-turn": ("brus.play.lead", "an act step naming its player is taken as an action out of "
                                    "turn and refused wrong-seat, even when that player is the one to act"),
    "partner-hand-without-draws": ("brus.info.partners", "in two pairs the view's partner_hand leaves out the "
                                   "cards the partner drew from the talon, a drawn card being seen by its drawer "
                                   "only"),
    "turnup-to-last-of-trick": ("brus.talon.last-draw", "in the last round of drawing the turned trump goes to the "
                                "player who played last to the trick, not to the last player to draw from its "
                                "winner"),
    "points-follow-order": ("brus.deck.points", "the card points follow the ranks' order, 11 10 4 3 2 from the top, "
                            "so with ten_rank after-jack a king counts 10 and a ten 2"),
    "view-to-act-trick-leader": ("brus.play.next-lead", "a view's to_act names the player who led the trick in "
                                 "progress (who has the lead), not the player to act now"),
    "trumps-never-cut": ("brus.play.trick-winner", "a trump played on a plain suit led does not take the trick: "
                         "the highest card of the suit led wins every trick"),
})
# the thirty-first batch of issue 63, written blind to the diagnosis too: a thirtieth held-out set
_batch("issue-63-ae", {
    "speakers-four-lists": ("brus.players.count", "the speakers observable always gives four lists, as the "
                            "protocol's table for 1802 says (\"a list of four lists\"): with three players a fourth, "
                            "empty list is added, with two two of them, and with five the last player's list is left "
                            "out"),
    "draw-event-card-field": ("protocol", "the draw events give the card drawn under `card`, as the ledger's entries "
                              "do ({trick, player, card}), not under `draw`"),
    "seeded-talon-twenty-one": ("brus.deal.talon", "a seeded deal lays out a talon of 21 cards, the turned card and "
                                "20 to draw, in every form (the ruleset's deal.talon read without the form's patch): "
                                "with two players the pack's last five cards are never dealt and the talon counts 21, "
                                "not 26"),
    "result-jetons-with-session": ("brus.match.rounds", "the result's jetons and a view's jetons add the jetons each "
                                   "player brought into the deal from the session (what he holds now), not only his "
                                   "net jetons in this deal"),
    "next-dealer-null-at-end": ("brus.match.next-dealer", "once the session is won (its winners named) the session's "
                                "next_dealer is null, no deal following, instead of the player to the dealer's right"),
    "drawn-by-while-held": ("brus.info.turned", "a view's turnup_drawn_by names the player who drew the turned trump "
                            "only while he still holds it; once he has played it, it is null again"),
    "turnup-out-of-drawer-hand": ("brus.info.own-hand", "the view of the player who drew the turned trump leaves it "
                                  "out of his hand, the card being shown to all as turnup, though he holds it and may "
                                  "play it"),
    "view-trick-player-by-seat": ("brus.info.trick-open", "a view's trick names the player of each card by his seat in "
                                  "the deal (0 for the player after the dealer, docs/shuffle.md), not by his player "
                                  "number"),
})
FAULT = ""


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
    """The scenario cannot be played: answered with `error`."""


# ---- the shuffle (docs/shuffle.md) ----

def splitmix(state: int) -> tuple[int, int]:
    """One SplitMix64 step: the new state and the output."""
    mask = (1 << 64) - 1
    state = (state + 0x9E3779B97F4A7C15) & mask
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return state, z ^ (z >> 31)


def shuffle(cards: list[str], seed: int) -> list[str]:
    """The pack shuffled from a seed, top first; `cards` in index order."""
    n = len(cards)
    fact = math.factorial(n)
    k = 1
    while (1 << (64 * k)) < fact:
        k += 1
    limit = fact * ((1 << (64 * k)) // fact)
    state = seed
    while True:
        x = 0
        for _ in range(k):
            state, word = splitmix(state)
            x = (x << 64) | word
        if x < limit:
            break
    pos = list(range(n))
    for i in range(n - 1, 0, -1):
        x, j = divmod(x, i + 1)
        pos[i], pos[j] = pos[j], pos[i]
    return [cards[p] for p in pos]


# ---- the rules ----

class Rules:
    """The parameters of one scenario and what they fix: players, pack, orders, payments."""

    def __init__(self, params: dict[str, Any]) -> None:
        """Read the parameters (each defaults to the ruleset's default)."""
        self.p = {name: params.get(name, opts[0]) for name, opts in PARAMS.items()}
        if FAULT == "ten-rank-default-after-jack" and "ten_rank" not in params:
            self.p["ten_rank"] = "after-jack"
        if FAULT == "deal-packets-default-all-at-once" and "deal_packets" not in params:
            self.p["deal_packets"] = "all-at-once"
        form = self.p["form"]
        self.form = form
        self.n = {"three": 3, "two": 2, "four": 4, "four-partners": 4, "five": 5}[form]
        self.pairs = form == "four-partners"
        omit: list[str] = []
        sevens_out = form == "three" or (form == "five" and FAULT != "five-keeps-sevens")
        if FAULT == "four-removes-sevens" and form == "four":
            sevens_out = True
        if sevens_out or (form == "two" and FAULT == "two-removes-sevens"):
            red = self.p["sevens_removed"] == "red"
            if FAULT == "five-sevens-always-black" and form == "five":
                red = False
            if FAULT == "red-sevens-out":
                red = not red
            omit = ["7H", "7D"] if red else ["7S", "7C"]
        self.pack = [r + s for s in SUITS for r in INDEX_RANKS if r + s not in omit]
        if FAULT == "pack-listed-rank-by-rank":
            self.pack = [r + s for r in INDEX_RANKS for s in SUITS if r + s not in omit]
        order = "AKQJT987" if self.p["ten_rank"] == "after-jack" and FAULT != "ten-second-after-jack" else "ATKQJ987"
        if FAULT == "ten-below-king":
            order = "AKTQJ987"
        if FAULT == "queen-above-king":
            order = order.replace("KQ", "QK")
        if FAULT == "ten-above-ace":
            order = "T" + order.replace("T", "")
        if FAULT == "low-cards-reversed":
            order = order[:5] + order[5:][::-1]
        if FAULT == "ten-after-nine" and self.p["ten_rank"] == "after-jack":
            order = "AKQJ9T87"
        if FAULT == "after-jack-above-jack" and self.p["ten_rank"] == "after-jack":
            order = "AKQTJ987"
        self.strength = {r: 8 - i for i, r in enumerate(order)}
        self.points = dict(POINTS)
        if FAULT == "king-counts-three":
            self.points["K"] = 3
        if FAULT == "queen-jack-points-swapped":
            self.points["Q"], self.points["J"] = 2, 3
        if FAULT == "ace-worth-ten":
            self.points["A"] = 10
        if FAULT == "jack-counts-one":
            self.points["J"] = 1
        if FAULT == "ten-counts-eleven":
            self.points["T"] = 11
        if FAULT == "queen-counts-four":
            self.points["Q"] = 4
        if FAULT == "points-follow-order":
            self.points = dict(zip(order, [11, 10, 4, 3, 2, 0, 0, 0], strict=False))
        if FAULT == "rank-by-points":
            self.strength = dict(self.points)
        self.trump_strength = dict(self.strength)
        if FAULT == "trump-order-piquet":
            self.trump_strength = {r: 8 - i for i, r in enumerate(PIQUET)}
        if FAULT == "ten-after-jack-plain-only" and self.p["ten_rank"] == "after-jack":
            self.trump_strength = {r: 8 - i for i, r in enumerate("ATKQJ987")}
        self.paid = self.p["scoring"] == "pool" and form not in ("two", "four-partners")
        if FAULT == "four-not-paid" and form == "four":
            self.paid = False
        if FAULT == "paid-with-two" and form == "two" and self.p["scoring"] == "pool":
            self.paid = True
        if FAULT == "paid-in-pairs" and form == "four-partners" and self.p["scoring"] == "pool":
            self.paid = True
        if (FAULT == "points-pool-pays-brusquembilles" and self.p["scoring"] == "points"
                and self.p["points_pool"] == "pool" and form not in ("two", "four-partners")):
            self.paid = True
        self.pool = self.p["scoring"] == "pool" or (self.p["points_pool"] == "pool" and FAULT != "points-game-no-stakes")
        if FAULT == "points-pool-ignored":
            self.pool = True
        if FAULT == "two-no-pool" and form == "two":
            self.pool = False

    def side(self, player: int) -> list[int]:
        """The players of a player's side."""
        if self.pairs or (FAULT == "four-plays-in-pairs" and self.form == "four"):
            if FAULT == "partners-opposite":
                return [player % 2, player % 2 + 2]
            if FAULT == "pairs-other-neighbours":
                return [1, 2] if player in (1, 2) else [3, 0]
            return [0, 1] if player < 2 else [2, 3]
        return [player]

    def next(self, player: int) -> int:
        """The next player in the order of play."""
        return (player - 1) % self.n if FAULT == "clockwise" else (player + 1) % self.n

    def round_from(self, first: int) -> list[int]:
        """Every player in the order of play from `first`."""
        out = [first]
        while len(out) < self.n:
            out.append(self.next(out[-1]))
        return out


def first_dealer(rules: Rules, draw: dict[str, Any]) -> int:
    """The dealer the draw for the first deal chooses (highest card at Piquet, ties draw again)."""
    order = "ATKQJ987" if FAULT == "draw-play-order" else PIQUET
    if FAULT == "draw-ace-low":
        order = "KQJT987A"
    drawing = [1, 3] if rules.pairs and FAULT != "pairs-all-draw" else list(range(rules.n))
    everyone = list(drawing)
    rounds: list[list[str | None]]
    if "cards" in draw:
        rounds = draw["cards"]
        for i, row in enumerate(rounds):
            if len(drawing) <= 1:
                raise CannotRun("the draw goes on after it is over")
            if len(row) != rules.n or [p for p, c in enumerate(row) if c is not None] != drawing:
                raise CannotRun(f"round {i + 1} of the draw does not list exactly the players drawing")
            drawing = best(drawing, row, order)
            if FAULT == "draw-tie-all-redraw" and len(drawing) > 1:
                drawing = everyone
        if len(drawing) > 1:
            raise CannotRun("the draw is not over")
        if FAULT == "draw-highest-leads" and not rules.pairs:
            return (drawing[0] - 1) % rules.n
        return drawing[0]
    state = int(draw["seed"])
    taken = 0
    top: list[str] = []
    while len(drawing) > 1:
        if FAULT == "redraw-same-shuffle" and top:
            top = top[taken:]
            taken = 0
            cards: list[str | None] = [None] * rules.n
            for i, p in enumerate(drawing):
                cards[p] = top[i]
            taken = len(drawing)
            drawing = best(drawing, cards, order)
            continue
        taken = len(drawing)
        before = state
        state, word = splitmix(state)
        if FAULT == "draw-seed-used-directly":
            word = before
        top = shuffle([r + s for s in SUITS for r in INDEX_RANKS] if FAULT == "draw-from-full-pack" else rules.pack,
                      word)
        if FAULT == "draw-from-pack-bottom":
            top = top[::-1]
        cards = [None] * rules.n
        for i, p in enumerate(reversed(drawing) if FAULT == "draw-cards-reverse-order" else drawing):
            cards[p] = top[i]
        drawing = best(drawing, cards, order)
        if FAULT == "draw-tie-all-redraw" and len(drawing) > 1:
            drawing = everyone
    if FAULT == "draw-highest-leads" and not rules.pairs:
        return (drawing[0] - 1) % rules.n
    return drawing[0]


def best(drawing: list[int], row: list[str | None], order: str) -> list[int]:
    """The players of a round of the draw holding its highest card."""
    rank = {p: order.index(str(row[p])[0]) for p in drawing}
    top = min(rank.values())
    if FAULT == "draw-lowest-deals":
        top = max(rank.values())
    if FAULT == "draw-tie-first-deals":
        return [next(p for p in drawing if rank[p] == top)]
    if FAULT == "draw-tie-by-suit":
        tied = [p for p in drawing if rank[p] == top]
        return [min(tied, key=lambda p: SUITS.index(str(row[p])[1]))]
    return [p for p in drawing if rank[p] == top]


class Deal:
    """One deal: hands, talon, trick, payments; and the session around it."""

    def __init__(self, rules: Rules, dealer: int, deal: dict[str, Any], session: dict[str, Any]) -> None:
        """Deal from hands/talon/turnup or from a seed (and cut)."""
        self.rules = rules
        n = rules.n
        if rules.pairs and dealer not in (1, 3) and FAULT != "pairs-deal-passes-right":
            raise CannotRun("in two pairs the dealer is 1 or 3")
        if not 0 <= dealer < n:
            raise CannotRun(f"no player {dealer}")
        self.dealer = dealer
        self.first = dealer if FAULT == "dealer-leads" else (dealer + 1) % n
        if FAULT == "left-of-dealer-leads":
            self.first = (dealer - 1) % n
        if FAULT == "first-lead-player-zero":
            self.first = 0
        if "seed" in deal:
            hands, talon, turnup = self.seeded(int(deal["seed"]), deal.get("cut"))
        else:
            hands = [list(h) for h in deal["hands"]]
            talon = list(deal["talon"])
            turnup = deal["turnup"]
            if FAULT == "setup-talon-ends-with-turnup" and talon:
                talon = talon[:-1]  # taken for the turned card lying under the stock
        if len(hands) != n:
            raise CannotRun(f"{len(hands)} hands for {n} players")
        self.dealt: dict[str, Any] = {"hands": [list(h) for h in hands], "talon": list(talon), "turnup": turnup}
        if FAULT == "deal-talon-with-turnup":
            self.dealt["talon"] = list(talon) + [turnup]
        if FAULT == "deal-talon-bottom-first":
            self.dealt["talon"] = list(reversed(talon))
        self.hands = hands
        self.talon = talon
        self.turnup = turnup
        self.trump = talon[0][1] if FAULT == "trump-of-talon-top" and talon else turnup[1]
        self.drawn_by: int | None = None
        self.drawn_after_win: int | None = None  # fault drawn-by-trick-winner
        self.last_leader: int | None = None
        self.last_trick: list[tuple[int, str]] = []
        self.unpaid: list[tuple[int, list[tuple[int, str]], int, int]] = []  # fault brusquembilles-paid-at-end
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[int] = []
        self.leaders: list[int] = []  # fault view-tricks-leaders
        self.player_of: dict[str, int] = {}  # fault own-cards-in-tricks
        self.won: list[list[str]] = [[] for _ in range(n)]
        self.drew_cards: list[list[str]] = [[] for _ in range(n)]  # fault partner-hand-without-draws
        self.to_act: int | None = self.first
        self.events: list[dict[str, Any]] = []
        self.ledger: list[dict[str, Any]] = []
        self.outcome: dict[str, Any] | None = None
        self.session = {"deals": session.get("deals", 0),
                        "jetons": list(session.get("jetons", [FICHE if FAULT == "session-jetons-start-twenty" else 0] * n)),
                        "totals": list(session.get("totals", [0] * n))}
        if FAULT != "stakes-after-first-trick":
            self.put_stakes()

    def put_stakes(self) -> None:
        """Each player's fiche into the pool (brus.stakes.pool)."""
        rules = self.rules
        n = rules.n
        dealer = self.dealer
        if rules.pool and (FAULT != "stake-once-a-session" or self.session["deals"] == 0):
            stake = 10 if FAULT == "stake-ten-jetons" else FICHE
            if FAULT == "stake-three-fiches":
                stake = 3 * FICHE
            if FAULT == "stake-one-jeton":
                stake = 1
            payers = list(range(n)) if FAULT == "stakes-from-seat-zero" else rules.round_from(self.first)
            if FAULT == "stakes-from-dealer":
                payers = rules.round_from(dealer)
            if FAULT == "stake-dealer-exempt":
                payers = [p for p in payers if p != dealer]
            if FAULT == "pairs-stake-per-side" and rules.pairs:
                payers = [p for i, p in enumerate(payers) if not any(q in rules.side(p) for q in payers[:i])]
            if FAULT == "dealer-antes-all":
                self.pay(0, dealer, "pool", stake * len(payers), None, "brus.stakes.pool")
                payers = []
            for p in payers:
                self.pay(1 if FAULT == "stake-trick-one" else 0, p, dealer if FAULT == "stakes-to-dealer" else "pool",
                         stake, None,
                         "brus.count.winner" if FAULT == "stake-clause-count-winner" else "brus.stakes.pool")

    def seeded(self, seed: int, cut: Any) -> tuple[list[list[str]], list[str], str]:
        """Hands, talon and turned card from a seed (docs/shuffle.md, "Games with a talon")."""
        rules = self.rules
        pack = shuffle(rules.pack, seed)
        if FAULT == "cut-before-shuffle" and cut is not None and 1 <= int(cut) <= len(pack) - 1:
            pack = shuffle(rules.pack[int(cut):] + rules.pack[:int(cut)], seed)
            cut = None
        if FAULT == "shuffle-then-omit":
            pack = [c for c in shuffle([r + s for s in SUITS for r in INDEX_RANKS], seed) if c in rules.pack]
        if FAULT == "shuffle-read-bottom-first":
            pack.reverse()
        if cut is not None:
            k = int(cut)
            if not 1 <= k <= len(pack) - 1:
                raise CannotRun(f"a cut lifts 1 to {len(pack) - 1} cards, not {k}")
            if FAULT == "cut-one-fewer":
                k -= 1
            if FAULT == "cut-ignored":
                k = 0
            pack = pack[-k:] + pack[:-k] if FAULT == "cut-from-bottom" else pack[k:] + pack[:k]
        n = rules.n
        if FAULT == "cut-talon-only" and cut is not None:
            pack = pack[len(pack) - int(cut):] + pack[:len(pack) - int(cut)]  # undo the cut of the whole pack
            rest = pack[3 * n:]
            k = int(cut) % len(rest)
            pack = pack[:3 * n] + rest[k:] + rest[:k]
        seats = [(self.dealer + 1 + s) % n for s in range(n)]
        if FAULT == "deal-from-dealer":
            seats = [(self.dealer + s) % n for s in range(n)]
        if FAULT == "deal-from-left-clockwise":
            seats = [(self.dealer - 1 - s) % n for s in range(n)]
        if FAULT == "seed-seat-zero-is-player-zero":
            seats = list(range(n))
        if FAULT == "deal-right-then-clockwise":
            seats = [(self.dealer + 1 - s) % n for s in range(n)]
        at_once = rules.p["deal_packets"] == "all-at-once" and FAULT != "all-at-once-one-by-one"
        packets = [3] if at_once else [1, 1, 1]
        hands: list[list[str]] = [[] for _ in range(n)]
        pos = 0
        if FAULT == "turned-before-deal":
            pack = pack[1:3 * n + 1] + pack[:1] + pack[3 * n + 1:]
        for size in packets:
            for p in seats:
                hands[p].extend(pack[pos:pos + size])
                pos += size
        if FAULT == "turnup-from-bottom":
            return hands, pack[3 * n:-1], pack[-1]
        if FAULT == "turnup-one-card-down":
            return hands, pack[3 * n:3 * n + 1] + pack[3 * n + 2:], pack[3 * n + 1]
        if FAULT == "seeded-talon-twenty-one":
            return hands, pack[3 * n + 1:3 * n + 21], pack[3 * n]
        return hands, pack[3 * n + 1:], pack[3 * n]

    def clone(self) -> Deal:
        """A copy to explore (perft), sharing nothing mutable that play changes."""
        other = object.__new__(Deal)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.talon = list(self.talon)
        other.trick = list(self.trick)
        other.unpaid = list(self.unpaid)
        other.tricks = list(self.tricks)
        other.leaders = list(self.leaders)
        other.won = [list(w) for w in self.won]
        other.drew_cards = [list(d) for d in self.drew_cards]
        other.events = list(self.events)
        other.ledger = list(self.ledger)
        return other

    # ---- state ----

    def pay(self, trick: int, payer: int | str, payee: int | str, jetons: int, card: str | None, clause: str) -> None:
        """Write one ledger entry (never one of 0)."""
        if FAULT == "ledger-card-null" and clause == "brus.pay.brusquembille":
            card = None
        if FAULT == "brusquembille-clause-pay-when" and clause == "brus.pay.brusquembille":
            clause = "brus.pay.when"
        if jetons:
            self.ledger.append({"trick": trick, "from": payer, "to": payee, "jetons": jetons, "card": card,
                                "clause": clause})

    def talon_count(self) -> int:
        """Cards left to draw, the turned one included while under the talon."""
        extra = 0 if FAULT == "talon-count-without-turnup" else 1
        if FAULT == "talon-counts-drawn-turnup":
            return len(self.talon) + 1
        return len(self.talon) + (extra if self.drawn_by is None else 0)

    def over(self) -> bool:
        """Whether the deal is played out."""
        return self.outcome is not None

    def legal(self) -> list[str]:
        """The cards the player to act may play."""
        if self.to_act is None:
            return []
        hand = self.hands[self.to_act]
        follow = self.rules.p["following_after_talon"] == "follow-suit" and self.talon_count() == 0
        if FAULT == "follow-suit-ignored":
            follow = False
        if FAULT == "follow-suit-not-trumps" and self.trick and self.trick[0][1][1] == self.trump:
            follow = False
        if FAULT == "follow-suit-one-trick-early" and self.rules.p["following_after_talon"] == "follow-suit":
            follow = self.talon_count() <= self.rules.n
        if FAULT == "must-follow" or (FAULT == "follows-after-talon" and self.talon_count_true() == 0):
            follow = True
        if FAULT == "trump-lead-followed" and self.trick and self.trick[0][1][1] == self.trump:
            follow = True
        led_held = bool(self.trick) and any(c[1] == self.trick[0][1][1] for c in hand)
        if FAULT == "trump-only-when-void" and led_held and self.trick[0][1][1] != self.trump:
            return [c for c in hand if c[1] != self.trump]
        if follow and self.trick:
            led = self.trick[-1 if FAULT == "follow-suit-of-last-card" else 0][1][1]
            suited = [c for c in hand if c[1] == led]
            if suited and FAULT == "follow-suit-must-head" and self.rules.p["following_after_talon"] == "follow-suit":
                order = self.rules.trump_strength if led == self.trump else self.rules.strength
                best = max(order[c[0]] for _, c in self.trick if c[1] == led)
                heading = [c for c in suited if order[c[0]] > best]
                if heading:
                    return heading
            if suited and FAULT == "follow-suit-trump-allowed" and self.rules.p["following_after_talon"] == "follow-suit":
                return [c for c in hand if c[1] in (led, self.trump)]
            if suited:
                return suited
            trumps = [c for c in hand if c[1] == self.trump]
            if FAULT == "follow-suit-must-trump" and self.rules.p["following_after_talon"] == "follow-suit" and trumps:
                return trumps
        return list(hand)

    def jetons(self) -> list[int]:
        """Each player's net jetons in this deal's ledger."""
        net = [0] * self.rules.n
        for e in self.ledger:
            if isinstance(e["from"], int):
                net[e["from"]] -= e["jetons"]
            if isinstance(e["to"], int):
                net[e["to"]] += e["jetons"]
        return net

    def card_points(self, player: int) -> int:
        """The card points in a player's own tricks."""
        bonus = 0
        if FAULT == "own-cards-in-tricks":
            bonus -= sum(self.rules.points[c[0]] for c in self.won[player] if self.player_of.get(c) != player)
        if FAULT == "last-trick-ten" and self.tricks and self.tricks[-1] == player and not any(self.hands):
            bonus = 10
        if FAULT == "turned-card-not-counted":
            bonus -= sum(self.rules.points[c[0]] for c in self.won[player] if c == self.turnup)
        if FAULT == "points-of-cards-played":
            return sum(self.rules.points[c[0]] for won in self.won for c in won if self.player_of.get(c) == player)
        return sum(self.rules.points[c[0]] for c in self.won[player]) + bonus

    def side_points(self) -> list[int]:
        """Each player's side's card points, by player."""
        own = [self.card_points(p) for p in range(self.rules.n)]
        if FAULT == "partners-not-added":
            return own
        return [sum(own[q] for q in self.rules.side(p)) for p in range(self.rules.n)]

    # ---- play ----

    def act(self, text: str, player: int | None) -> None:
        """Play a card for the player to act, or refuse it changing nothing."""
        rules = self.rules
        if FAULT == "padded-card-accepted":
            text = text.strip()
        if len(text) != 2 or any(ch.isspace() for ch in text):
            if FAULT == "word-unknown-card" and text.strip():
                raise Refused("unknown-card", f"{text!r} is no card of this pack")
            raise Refused("malformed-action", f"{text!r} is not a card")
        if FAULT == "sevens-unknown-every-form" and text in ("7S", "7C") and rules.form in ("two", "four", "four-partners"):
            raise Refused("unknown-card", f"{text} is not a card of this pack")
        if text not in rules.pack and not (FAULT == "pack-seven-not-in-hand" and text[0] in INDEX_RANKS and text[1] in SUITS):
            raise Refused("unknown-card", f"{text} is not a card of this pack")
        if FAULT == "card-in-no-hand-unknown" and not any(text in h for h in self.hands):
            raise Refused("unknown-card", f"{text} is not a card in play")
        if self.to_act is None:
            if FAULT == "over-wrong-seat":
                raise Refused("wrong-seat", "nobody is to act")
            if FAULT == "deal-over-not-in-hand":
                raise Refused("not-in-hand", f"{text} is not in hand")
            raise Refused("deal-over", "the deal is over")
        if FAULT == "wrong-seat-after-hand" and text not in self.hands[self.to_act]:
            raise Refused("not-in-hand", f"player {self.to_act} does not hold {text}")
        if FAULT == "act-with-player-out-of-turn" and player is not None:
            raise Refused("wrong-seat", f"no action is taken out of turn here (player {player})")
        if player is not None and player != self.to_act:
            raise Refused("wrong-seat", f"player {self.to_act} is to act, not player {player}")
        if (FAULT == "must-follow-before-held" and rules.p["following_after_talon"] == "follow-suit"
                and self.talon_count() == 0 and text not in self.legal()):
            raise Refused("must-follow-suit", f"{text} does not follow the suit led")
        if FAULT == "holder-wrong-seat" and text not in self.hands[self.to_act]:
            holder = next((q for q, h in enumerate(self.hands) if text in h), None)
            if holder is not None:
                raise Refused("wrong-seat", f"player {self.to_act} is to act, not player {holder}")
        if text not in self.hands[self.to_act]:
            raise Refused("not-in-hand", f"player {self.to_act} does not hold {text}")
        if text not in self.legal():
            code = "not-in-hand" if FAULT == "follow-refused-not-in-hand" else "must-follow-suit"
            raise Refused(code, f"{text} does not follow the suit led")
        self.play(text)

    def play(self, card: str) -> None:
        """Play a legal card of the player to act."""
        rules = self.rules
        assert self.to_act is not None
        self.hands[self.to_act].remove(card)
        self.player_of[card] = self.to_act  # fault own-cards-in-tricks (a card is only ever played by its holder)
        self.trick.append((self.to_act, card))
        if len(self.trick) < rules.n:
            self.to_act = rules.next(self.to_act)
            return
        self.finish_trick()

    def winner(self) -> int:
        """The player who wins the complete trick."""
        win = self.winning_player()
        if FAULT == "trick-winner-by-position":
            return [p for p, _ in self.trick].index(win)
        return win

    def winning_player(self) -> int:
        """The player who played the trick's winning card."""
        strength = self.rules.strength
        led = self.trick[0][1][1]
        trumps = [(p, c) for p, c in self.trick if c[1] == self.trump_now()]
        if FAULT == "trumps-never-cut" and led != self.trump_now():
            trumps = []
        if FAULT == "renounce-trump-ignored" and led != self.trump_now():
            trumps = [(p, c) for p, c in trumps if not any(h[1] == led for h in self.hands[p])]
        if trumps and FAULT == "trump-must-outrank" and led != self.trump_now():
            top_led = max(((p, c) for p, c in self.trick if c[1] == led), key=lambda pc: strength[pc[1][0]])
            top_trump = max(trumps, key=lambda pc: self.rules.trump_strength[pc[1][0]])
            if self.rules.trump_strength[top_trump[1][0]] <= strength[top_led[1][0]]:
                return top_led[0]
        if trumps:
            if FAULT == "first-trump-wins":
                return trumps[0][0]
            trump_strength = self.rules.trump_strength
            return max(trumps, key=lambda pc: trump_strength[pc[1][0]])[0]
        if FAULT == "beats-led-not-best":
            beaters = [p for p, c in self.trick[1:] if c[1] == led and strength[c[0]] > strength[self.trick[0][1][0]]]
            return beaters[-1] if beaters else self.trick[0][0]
        if FAULT == "off-suit-card-wins":
            return max(self.trick, key=lambda pc: strength[pc[1][0]])[0]
        return max(((p, c) for p, c in self.trick if c[1] == led), key=lambda pc: strength[pc[1][0]])[0]

    def finish_trick(self) -> None:
        """Gather the trick, draw, pay the brusquembilles, and end the deal when no card is left."""
        rules = self.rules
        win = self.winner()
        number = len(self.tricks) + 1
        leader = self.trick[0][0]
        self.last_leader = leader
        self.leaders.append(leader)
        self.last_trick = list(self.trick)
        self.tricks.append(win)
        self.won[win].extend(c for _, c in self.trick)
        stock_gone = self.talon_count_true() == 0
        last_drawer: int | None = None  # fault last-drawer-leads
        if self.talon_count_true() > (rules.n if FAULT == "draw-stops-round-early" else 0):
            order = rules.round_from(leader if FAULT == "leader-draws-first" else win)
            if FAULT == "draw-winner-last":
                order = order[1:] + order[:1]
            if FAULT == "draw-order-fixed-from-first":
                order = rules.round_from(self.first)
            if FAULT == "draw-others-in-seat-order":
                order = [win] + [p for p in range(rules.n) if p != win]
            if FAULT == "draw-others-from-leader":
                order = [win] + [p for p in rules.round_from(leader) if p != win]
            if FAULT == "draw-others-reversed":
                order = order[:1] + order[:0:-1]
            last_round = self.talon_count_true() == rules.n
            if FAULT == "draw-round-cards-reversed":
                self.talon[:len(order)] = self.talon[:len(order)][::-1]
            turnup_event_at = len(self.events)  # fault turnup-event-first
            for i, p in enumerate(order):
                if FAULT in ("setup-talon-ends-with-turnup", "seeded-talon-twenty-one") and not self.talon \
                        and self.drawn_by is not None:
                    break  # nothing left to draw
                if FAULT == "turnup-drawn-first" and self.drawn_by is None and i == 0:
                    card = self.turnup
                elif last_round and FAULT == "turnup-to-last-of-trick":
                    card = self.turnup if p == self.last_trick[-1][0] else self.talon.pop(0)
                elif last_round and FAULT == "turnup-to-first-drawer":
                    card = self.turnup if i == 0 else self.talon.pop(0)
                elif last_round and FAULT == "turnup-to-second-last":
                    card = self.turnup if i == len(order) - 2 else self.talon.pop(0)
                elif last_round and FAULT == "turned-to-dealer":
                    card = self.turnup if p == self.dealer else self.talon.pop(0)
                elif self.talon:
                    card = self.talon.pop(-1 if FAULT == "draw-from-bottom" else 0)
                else:
                    card = self.turnup
                if card == self.turnup:
                    self.drawn_by = p
                    self.drawn_after_win = win
                self.hands[p].append(card)
                self.drew_cards[p].append(card)
                last_drawer = p
                drew_for = number + 1 if FAULT == "draw-events-next-trick" else number
                if FAULT == "draw-events-trick-from-zero":
                    drew_for = number - 1
                if FAULT == "turnup-draw-unlogged" and card == self.turnup:
                    continue
                shown = None if FAULT == "draw-events-card-hidden" and card != self.turnup else card
                drawer = win if FAULT == "draw-event-player-is-winner" else p
                if FAULT == "turnup-event-first" and card == self.turnup:
                    self.events.insert(turnup_event_at, {"trick": drew_for, "player": drawer, "draw": shown})
                    continue
                self.events.append({"trick": drew_for, "player": drawer, "draw": shown})
        if FAULT == "stakes-after-first-trick" and number == 1:
            self.put_stakes()
        if not rules.paid and FAULT == "unpaid-zero-entries":
            everyone = rules.round_from(self.first)
            for p, c in self.trick:
                if c[0] in BRUSQUEMBILLES:
                    for q in everyone:
                        if q != p:
                            self.ledger.append({"trick": number, "from": q if p == win else p,
                                                "to": p if p == win else q, "jetons": 0, "card": c,
                                                "clause": "brus.pay.brusquembille"})
        if rules.paid and FAULT == "brusquembilles-paid-at-end":
            self.unpaid.append((number, list(self.trick), win, leader))
        elif rules.paid and not (FAULT == "last-tricks-unpaid" and stock_gone) and not (
                FAULT == "pool-shared-before-last-payments" and not any(self.hands)):
            self.pay_brusquembilles(number, list(self.trick), win, leader)
        self.trick = []
        next_lead = rules.next(leader) if FAULT == "lead-passes-round" else win
        if FAULT == "leader-keeps-lead":
            next_lead = leader
        if FAULT == "next-lead-after-winner":
            next_lead = rules.next(win)
        if FAULT == "next-lead-best-of-led":
            led = self.last_trick[0][1][1]
            next_lead = max((pc for pc in self.last_trick if pc[1][1] == led),
                            key=lambda pc: rules.trump_strength[pc[1][0]] if led == self.trump else rules.strength[pc[1][0]])[0]
        if FAULT == "last-drawer-leads" and last_drawer is not None:
            next_lead = last_drawer
        if FAULT == "last-tricks-lead-passes" and self.talon_count_true() == 0:
            next_lead = rules.next(leader)
        left = min(len(h) for h in self.hands)
        if FAULT == "deal-ends-with-talon" and self.talon_count_true() == 0:
            left = 0
        if all(not h for h in self.hands) or (FAULT == "one-trick-short" and left == 1 and self.talon_count_true() == 0) \
                or (FAULT == "deal-ends-with-talon" and left == 0):
            for paid_number, paid_trick, paid_win, paid_leader in self.unpaid:
                self.pay_brusquembilles(paid_number, paid_trick, paid_win, paid_leader)
            self.unpaid = []
            if FAULT == "last-trick-not-counted":
                for _, c in self.last_trick:
                    self.won[win].remove(c)
            self.to_act = None
            self.end(number)
            if FAULT == "pool-shared-before-last-payments" and rules.paid:
                self.pay_brusquembilles(number, list(self.last_trick), win, leader)
            if FAULT == "to-act-after-deal":
                self.to_act = win
        else:
            self.to_act = next_lead

    def pay_brusquembilles(self, number: int, trick: list[tuple[int, str]], win: int, leader: int) -> None:
        """Settle the brusquembilles of one finished trick (brus.pay.brusquembille)."""
        rules = self.rules
        everyone = rules.round_from(leader if FAULT == "pay-order-from-trick-leader" else self.first)
        if FAULT == "pay-trick-from-zero":
            number -= 1
        if FAULT == "one-brusquembille-a-trick":
            trick = [pc for pc in trick if pc[1][0] in BRUSQUEMBILLES][:1]
        if FAULT == "aces-paid-before-tens":
            trick = sorted(trick, key=lambda pc: pc[1][0] != "A")
        for p, c in trick:
            worth = BRUSQUEMBILLES.get(c[0], 0)
            if FAULT == "ten-worth-two" and c[0] == "T":
                worth = 2
            if FAULT == "brusquembille-worths-swapped":
                worth = {"A": 1, "T": 2}.get(c[0], 0)
            if FAULT == "ten-not-brusquembille" and c[0] == "T":
                worth = 0
            if FAULT == "ace-brusquembille-three" and c[0] == "A":
                worth = 3
            if FAULT == "trump-brusquembilles-only" and c[1] != self.trump:
                worth = 0
            if FAULT == "trump-brusquembille-double" and c[1] == self.trump:
                worth *= 2
            if FAULT == "turnup-brusquembille-unpaid" and c == self.turnup:
                worth = 0
            if not worth:
                continue
            if FAULT == "captured-brusquembilles-paid":
                for q in everyone:
                    if q != win:
                        self.pay(number, q, win, worth, c, "brus.pay.brusquembille")
                continue
            if FAULT == "lost-brusquembille-to-pool" and p != win:
                self.pay(number, p, "pool", worth * (rules.n - 1), c, "brus.pay.brusquembille")
                continue
            for q in everyone:
                if q == p:
                    continue
                if FAULT == "paid-to-neighbours" and rules.form in ("four", "five") and q not in (
                        rules.next(p), (p - 1) % rules.n):
                    continue
                if p == win:
                    if FAULT != "won-brusquembille-unpaid":
                        self.pay(number, q, p, worth, c, "brus.pay.brusquembille")
                elif FAULT == "lost-brusquembille-free" or (
                        FAULT == "lost-paid-when-trumped-only" and dict(trick)[win][1] == c[1]):
                    continue
                elif FAULT != "lost-pays-winner-only" or q == win:
                    self.pay(number, p, q, worth, c, "brus.pay.brusquembille")

    def trump_now(self) -> str | None:
        """The trump suit now (the turned card's suit, for the whole deal)."""
        if FAULT == "no-trump-once-drawn" and self.drawn_by is not None:
            return None
        return self.trump

    def talon_count_true(self) -> int:
        """Cards left to draw, for the engine's own use."""
        return len(self.talon) + (1 if self.drawn_by is None else 0)

    def end(self, number: int) -> None:
        """Share the pool and write the outcome."""
        rules = self.rules
        n = rules.n
        at = 0 if FAULT == "pool-shares-trick-zero" else number
        points = self.side_points()
        ranking = points
        if FAULT == "winner-most-tricks":
            ranking = [sum(self.tricks.count(q) for q in rules.side(p)) for p in range(n)]
        top = max(ranking)
        winners = [p for p in range(n) if ranking[p] == top]
        below_half = FAULT == "winner-needs-sixty-one" and 2 * top <= sum(rules.points[c[0]] for c in rules.pack)
        if below_half:
            winners = []
        if FAULT == "tie-broken-by-tricks" and len({tuple(rules.side(p)) for p in winners}) > 1:
            won = {p: sum(self.tricks.count(q) for q in rules.side(p)) for p in winners}
            winners = [p for p in winners if won[p] == max(won.values())]
        shares = [0] * n
        bank = 0
        sides = {tuple(rules.side(p)) for p in winners}
        if rules.pool:
            pool = sum(e["jetons"] for e in self.ledger if e["to"] == "pool")
            order = [p for p in rules.round_from(self.first)]
            returned = len(sides) >= 3 and rules.p["many_tied"] == "returned" and FAULT != "returned-ignored"
            returned = returned or below_half
            if FAULT == "returned-all-tied-only":
                returned = returned and len(sides) == len({tuple(rules.side(p)) for p in range(n)})
            if returned and FAULT == "returned-to-bank":
                bank = pool
                self.pay(at, "pool", "bank", pool, None, "brus.count.winner")
            elif returned or (FAULT == "two-tied-returned" and len(sides) == 2):
                for p in order:
                    back = sum(e["jetons"] for e in self.ledger if e["to"] == "pool" and e["from"] == p)
                    shares[p] = back
                    self.pay(at, "pool", p, back, None, "brus.count.winner")
            else:
                takers = [p for p in (range(n) if FAULT == "shares-in-seat-order" else order) if p in winners]
                if FAULT == "winner-stake-not-returned":
                    pool -= sum(e["jetons"] for e in self.ledger if e["to"] == "pool" and e["from"] in takers)
                if FAULT == "tie-first-takes-all":
                    takers = [p for p in order if p in rules.side(takers[0])]
                if FAULT == "pair-share-to-first" and rules.pairs:
                    takers = [p for i, p in enumerate(takers) if not any(q in rules.side(p) for q in takers[:i])]
                each, odd = divmod(pool, len(takers))
                for p in takers:
                    shares[p] = each
                    self.pay(at, "pool", p, each, None, "brus.count.winner")
                if rules.p["odd_jetons"] == "bank" and FAULT != "odd-jetons-bank-ignored":
                    bank = 0 if FAULT == "outcome-bank-zero" else odd
                    self.pay(at, "pool", "bank", odd, None, "brus.count.winner")
                else:
                    if FAULT == "odd-jetons-from-seat-zero":
                        takers = sorted(takers)
                    if FAULT == "odd-jetons-dropped":
                        odd = 0
                    if FAULT == "odd-jetons-all-to-first" and odd:
                        shares[takers[0]] += odd
                        self.pay(at, "pool", takers[0], odd, None, "brus.count.winner")
                        odd = 0
                    for p in (takers[len(takers) - odd:] if FAULT == "odd-jetons-to-last" else takers[:odd]):
                        shares[p] += 1
                        self.pay(at, "pool", p, 1, None, "brus.count.winner")
        if FAULT == "outcome-points-own":
            points = [self.card_points(p) for p in range(n)]
        if FAULT == "outcome-shares-net" and rules.pool:
            shares = [shares[p] - sum(e["jetons"] for e in self.ledger if e["to"] == "pool" and e["from"] == p)
                      for p in range(n)]
        if FAULT == "pairs-winners-first-of-side" and rules.pairs:
            winners = [p for i, p in enumerate(winners) if not any(q in rules.side(p) for q in winners[:i])]
        self.outcome = {"how": "played-out", "winners": winners, "points": points, "shares": shares, "bank": bank}

    # ---- the session ----

    def next_dealer(self) -> int:
        """Who deals the next deal."""
        if self.rules.pairs and FAULT == "pairs-dealer-stays":
            return self.dealer
        if self.rules.pairs and FAULT != "pairs-deal-passes-right":
            return 3 if self.dealer == 1 else 1
        if FAULT == "next-dealer-left":
            return (self.dealer - 1) % self.rules.n
        if FAULT == "next-dealer-by-deal-count":
            return int(self.session["deals"]) % self.rules.n
        if FAULT == "next-dealer-deal-winner" and self.outcome is not None:
            return next(p for p in self.rules.round_from(self.first) if p in self.outcome["winners"])
        if FAULT == "next-dealer-last-leader" and self.last_leader is not None:
            return self.last_leader
        return (self.dealer + 1) % self.rules.n

    def points_target(self) -> int:
        """The total that ends the game for points."""
        return 300 if FAULT == "points-target-always-300" else int(self.rules.p["points_target"])

    def session_now(self) -> dict[str, Any]:
        """The session observable: this deal counted once it is over."""
        rules = self.rules
        s = self.session
        if self.outcome is None:
            return {"deals": s["deals"] + (1 if FAULT == "deal-counted-when-dealt" else 0), "jetons": list(s["jetons"]),
                    "totals": list(s["totals"]), "winners": None,
                    "next_dealer": None if FAULT == "next-dealer-null-during-deal" else self.next_dealer()}
        deals = 1 if FAULT == "session-deals-this-deal-only" else s["deals"] + 1
        jetons = [a + b for a, b in zip(s["jetons"], self.jetons(), strict=True)]
        if FAULT == "session-jetons-of-deal":
            jetons = self.jetons()
        counted_points = self.outcome["points"]
        if FAULT == "outcome-points-own":
            counted_points = self.side_points()  # the mistake is in the outcome's field only
        if FAULT == "pairs-totals-own-points":
            counted_points = [self.card_points(p) for p in range(rules.n)]
        if FAULT == "points-deal-winner-scores-only" and rules.p["scoring"] == "points":
            counted_points = [c if p in self.outcome["winners"] else 0 for p, c in enumerate(counted_points)]
        totals = [a + b for a, b in zip(s["totals"], counted_points, strict=True)]
        if FAULT == "totals-points-game-only" and rules.p["scoring"] == "pool":
            totals = list(s["totals"])
        if FAULT == "points-totals-not-carried" and rules.p["scoring"] == "points":
            totals = list(counted_points)
        winners: list[int] | None = None
        if rules.p["scoring"] == "pool":
            dealers = rules.p["pairs_round"] == "dealers" and FAULT != "pairs-round-four-deals"
            per_round = 2 if rules.pairs and dealers else rules.n
            if FAULT == "dealers-round-every-form" and rules.p["pairs_round"] == "dealers":
                per_round = 2
            if FAULT == "round-is-one-deal":
                per_round = 1
            agreed = 2 if FAULT == "rounds-always-two" else int(rules.p["rounds"])
            played = s["deals"] if FAULT == "session-ends-a-deal-late" else deals
            if played >= agreed * per_round:
                counted = totals if FAULT == "session-won-on-card-points" else jetons
                top = max(counted)
                winners = [p for p in range(rules.n) if counted[p] == top]
                if FAULT == "session-tie-first-wins":
                    winners = winners[:1]
                if FAULT == "session-tie-plays-on" and len(winners) > 1:
                    winners = None
        elif max(list(s["totals"]) if FAULT == "points-end-deal-late" else totals) >= \
                self.points_target() + (1 if FAULT == "points-target-exceeded" else 0):
            top = max(totals)
            winners = [p for p in range(rules.n) if totals[p] == top]
            if FAULT == "points-winners-reaching-target":
                winners = [p for p in range(rules.n) if totals[p] >= self.points_target()]
            if FAULT == "points-first-reacher-wins":
                target = self.points_target()
                winners = [next(p for p in rules.round_from(self.first) if totals[p] >= target)]
            play_on = rules.p["points_tie"] == "play-on" or FAULT == "points-tie-plays-on"
            if len({tuple(rules.side(p)) for p in winners}) > 1 and play_on:
                winners = None
            elif FAULT == "points-tie-shared-first-only" and winners:
                winners = winners[:1]
        next_dealer: int | None = self.next_dealer()
        if FAULT == "next-dealer-null-at-end" and winners is not None:
            next_dealer = None
        return {"deals": deals, "jetons": jetons, "totals": totals, "winners": winners,
                "next_dealer": next_dealer}

    # ---- observables ----

    def view(self, player: int) -> dict[str, Any]:
        """What one player may see now."""
        partner = None
        if self.rules.pairs and FAULT != "partner-hand-hidden":
            partner = list(self.hands[player ^ 1])
            if FAULT == "pairs-other-neighbours":
                partner = list(self.hands[next(q for q in self.rules.side(player) if q != player)])
            if FAULT == "partner-hand-next-seat":
                partner = list(self.hands[self.rules.next(player)])
        if FAULT == "four-shows-neighbour-hand" and self.rules.form == "four":
            partner = list(self.hands[player ^ 1])
        if FAULT == "no-partner-empty-list" and not self.rules.pairs:
            partner = []
        if FAULT == "partner-hand-as-dealt" and partner is not None:
            partner = list(self.dealt["hands"][player ^ 1])
        if FAULT == "partner-hand-on-turn-only" and self.to_act != player:
            partner = None
        if FAULT == "partner-hand-without-draws" and partner is not None:
            partner = [c for c in partner if c not in self.drew_cards[player ^ 1]]
        trick: list[tuple[int, str | None]] = list(self.trick)
        if FAULT == "trick-in-seat-order":
            trick = sorted(trick, key=lambda pc: pc[0])
        if FAULT == "view-trick-own-card-only":
            trick = [(p, c if p == player else None) for p, c in trick]
        if FAULT == "view-trick-kept" and not trick and self.last_trick:
            trick = list(self.last_trick)
        counts = [len(h) for h in self.hands]
        if FAULT == "held-counts-trick-card":
            counts = [c + sum(1 for q, _ in self.trick if q == p) for p, c in enumerate(counts)]
        held: list[int | None] = list(counts)
        if FAULT == "view-held-from-viewer":
            held = [held[q] for q in self.rules.round_from(player)]
        if FAULT == "held-others-hidden":
            held = [c if p == player else None for p, c in enumerate(held)]
        turnup = None if FAULT == "turnup-hidden-once-drawn" and self.drawn_by is not None else self.turnup
        if FAULT == "turnup-seen-by-dealer-only" and player != self.dealer:
            turnup = None
        if FAULT == "turnup-shown-first-trick-only" and self.tricks:
            turnup = None
        if FAULT == "held-own-null":
            held[player] = None
        drawn_by = self.drawn_after_win if FAULT == "drawn-by-trick-winner" else self.drawn_by
        if FAULT == "drawn-by-while-held" and drawn_by is not None and self.turnup not in self.hands[drawn_by]:
            drawn_by = None
        if FAULT == "drawn-by-own-view-only" and drawn_by != player:
            drawn_by = None
        tricks: list[int | None] | None = list(self.tricks)
        if FAULT == "view-tricks-leaders":
            tricks = list(self.leaders)
        if FAULT == "view-tricks-last-only":
            tricks = list(self.tricks[-1:])
        if FAULT == "view-tricks-counted":
            tricks = [self.tricks.count(p) for p in range(self.rules.n)]
        if FAULT == "view-tricks-own-only":
            tricks = [w if w == player else None for w in self.tricks]
        if FAULT == "view-tricks-on-turn-only" and (self.over() or self.to_act != player):
            tricks = None
        jetons: list[int | None] = list(self.jetons())
        if FAULT == "result-jetons-with-session":
            jetons = [(j or 0) + int(s) for j, s in zip(jetons, self.session["jetons"], strict=True)]
        if FAULT == "view-jetons-own-only":
            jetons = [j if p == player else None for p, j in enumerate(jetons)]
        phase = "over" if self.over() and FAULT != "view-phase-play-when-over" else "play"
        to_act = None if FAULT == "view-to-act-own-only" and self.to_act != player else self.to_act
        if FAULT == "view-to-act-trick-leader" and self.trick:
            to_act = self.trick[0][0]
        hand = list(self.hands[player if FAULT != "view-hand-of-player-to-act" or self.to_act is None
                               else self.to_act])
        if FAULT == "turnup-out-of-drawer-hand" and self.drawn_by == player:
            hand = [c for c in hand if c != self.turnup]
        if FAULT == "dealer-holds-turnup" and player == self.dealer and self.drawn_by is None:
            hand.append(self.turnup)
        shown_trick: list[Any] = [{"player": p, "card": c} for p, c in trick]
        if FAULT == "view-trick-player-by-seat":
            shown_trick = [{"player": (p - self.dealer - 1) % self.rules.n, "card": c} for p, c in trick]
        if FAULT == "view-trick-bare-cards":
            shown_trick = [c for _, c in trick]
        return {"player": player, "phase": phase, "to_act": to_act,
                "trump": self.turnup if FAULT == "trump-observable-card" else self.trump_now(), "turnup": turnup,
                "turnup_drawn_by": None if FAULT == "drawn-by-hidden" else drawn_by,
                "hand": hand, "held": held,
                "talon": None if FAULT == "view-talon-null" else self.talon_count() - (
                    1 if FAULT == "view-talon-without-turnup" and self.drawn_by is None else 0),
                "partner_hand": partner, "trick": shown_trick,
                "tricks": tricks, "jetons": jetons}

    def observe(self, name: str) -> Any:
        """One observable (PROTOCOL.md, "Games with a talon")."""
        n = self.rules.n
        if name == "to_act":
            return self.to_act
        if name == "legal":
            return self.legal()
        if name == "speakers":
            if FAULT == "speakers-by-player-map":
                return {str(p): (self.legal() if p == self.to_act else []) for p in range(n)}
            if FAULT == "speakers-four-lists":
                return [self.legal() if p == self.to_act else [] for p in range(4)]
            if FAULT == "speakers-every-hand":
                return [self.legal() if p == self.to_act else list(self.hands[p]) for p in range(n)]
            return [self.legal() if p == self.to_act else [] for p in range(n)]
        if name == "trick":
            if FAULT == "trick-in-seat-order":
                return [c for _, c in sorted(self.trick)]
            return [c for _, c in self.trick]
        if name == "tricks":
            return list(self.tricks)
        if name == "trump":
            return self.turnup if FAULT == "trump-observable-card" else self.trump_now()
        if name == "over":
            return self.over()
        if name == "talon":
            if FAULT == "talon-observable-cards":
                return list(self.talon) + ([self.turnup] if self.drawn_by is None else [])
            return self.talon_count()
        if name == "result":
            jet = self.jetons()
            if FAULT == "result-jetons-with-session":
                jet = [j + int(s) for j, s in zip(jet, self.session["jetons"], strict=True)]
            if FAULT == "result-jetons-without-stake":
                jet = [j + sum(e["jetons"] for e in self.ledger if e["to"] == "pool" and e["from"] == p)
                       for p, j in enumerate(jet)]
            shown = self.side_points() if FAULT == "result-side-points" else [self.card_points(p) for p in range(n)]
            if FAULT == "card-points-at-end-only" and not self.over():
                shown = [0] * n
            won = [len(self.won[p]) if FAULT == "result-tricks-cards-won" else self.tricks.count(p) for p in range(n)]
            return [{"tricks": won[p], "card_points": shown[p], "jetons": jet[p]}
                    for p in range(n)]
        if name == "outcome":
            return self.outcome
        if name == "events":
            if FAULT == "draw-event-card-field":
                return [{"trick": e["trick"], "player": e["player"], "card": e["draw"]} for e in self.events]
            return list(self.events)
        if name == "ledger":
            return list(self.ledger)
        if name == "deal":
            return self.dealt
        if name == "session":
            return self.session_now()
        if name == "view":
            return [self.view(p) for p in range(n)]
        raise CannotRun(f"unknown observable {name}")

    def perft(self, depth: int) -> int:
        """Legal card sequences of this length from here (a finished deal counts once)."""
        if depth == 0 or self.over():
            return 1
        moves = self.legal()
        if depth == 1:
            return len(moves)
        total = 0
        for card in moves:
            other = self.clone()
            other.play(card)
            total += other.perft(depth - 1)
        return total


def start(scenario: dict[str, Any]) -> Deal:
    """The deal a scenario's setup describes."""
    if scenario.get("ruleset") != RULESET:
        raise CannotRun(f"ruleset {scenario.get('ruleset')} is not played here")
    rules = Rules(scenario.get("params", {}))
    setup = scenario["setup"]
    dealer = first_dealer(rules, setup["draw"]) if "draw" in setup else setup.get(
        "dealer", 2 if FAULT == "form-dealer-two" else rules.n - 1)
    return Deal(rules, dealer, setup, setup.get("session", {}))


def run(seq: int, scenario: dict[str, Any]) -> dict[str, Any]:
    """Play a scenario: one result per step, or `error`."""
    try:
        deal = start(scenario)
        results: list[dict[str, Any]] = []
        for step in scenario["steps"]:
            if "act" in step:
                try:
                    deal.act(step["act"], step.get("player"))  # a player who is not to act (or none such): wrong-seat
                    results.append({"ok": True})
                except Refused as refusal:
                    results.append({"ok": False, "code": refusal.code, "message": refusal.message})
            elif "observe" in step:
                results.append({name: deal.observe(name) for name in step["observe"]})
            elif "perft" in step:
                results.append({"count": deal.perft(int(step["perft"]))})
            elif "deal" in step:
                if not deal.over() or deal.session_now()["winners"] is not None:
                    raise CannotRun("no next deal now")
                s = deal.session_now()
                last_winner = deal.tricks[-1] if deal.tricks else None
                deal = Deal(deal.rules, s["next_dealer"], step["deal"], s)
                if FAULT == "lead-carried-to-next-deal" and last_winner is not None:
                    deal.to_act = last_winner
                results.append({"ok": True})
            else:
                raise CannotRun(f"unknown step {sorted(step)}")
        return {"seq": seq, "results": results}
    except CannotRun as why:
        return {"seq": seq, "error": str(why)}
    except Exception as bug:  # a bug: errored, and the program keeps serving
        log(f"scenario {scenario.get('id')}: {type(bug).__name__}: {bug}")
        return {"seq": seq, "error": f"{type(bug).__name__}: {bug}"}


def send(message: dict[str, Any]) -> None:
    """One answer line, UTF-8, flushed."""
    sys.stdout.buffer.write((json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))
    sys.stdout.buffer.flush()


def main(argv: list[str]) -> int:
    """Serve the protocol on stdin/stdout, or list the faults."""
    global FAULT
    if "--list-faults" in argv:
        print(json.dumps([{"name": k, "clause": c, "description": d, **({"batch": BATCHES[k]} if k in BATCHES else {})}
                          for k, (c, d) in FAULTS.items()], indent=1))
        return 0
    if "--fault" in argv:
        FAULT = argv[argv.index("--fault") + 1]
        if FAULT not in FAULTS:
            log(f"no fault {FAULT!r}; --list-faults lists them")
            return 2
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8")
        if not line.strip():
            continue
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "hello":
            send({"seq": request["seq"], "brou": 1,
                  "implementation": {"name": "indep-brusquembille" + (f"+{FAULT}" if FAULT else ""),
                                     "version": "1", "language": "python"},
                  "rulesets": {RULESET: {"params": {k: v[1:] for k, v in PARAMS.items()}}},
                  "features": FEATURES})
        elif cmd == "run":
            send(run(request["seq"], request["scenario"]))
        elif cmd == "stop":
            return 0
        else:
            send({"seq": request.get("seq", 0), "error": f"unknown command {cmd!r}"})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

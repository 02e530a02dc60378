"""The phases before play of L'Homme d'Auvergne: `turn-offer` (who turns the talon's top card)
and `speech` (who plays on the suit turned), with up to three réjouissances (clauses
auv.turn.*, auv.speech.*; kings: `brou.laws.kings`).

Their actions come after the cards: `WORDS[i]` has action id `rules.n_indices + i`, written in
the text notation as the word itself.  In the turn-offer the player asked says `turn` or
`leave`; in the speech he says `play` (he is the homme) or `pass`, and, holding the king of
the suit just turned, may first `show` it; once somebody has said `play`, each later player
holding that king is asked to `show` it or `pass`.
"""

from __future__ import annotations

from typing import Final

from ..spec.clauses import implements_clauses
from ..spec.rules import Rules

WORDS: tuple[str, ...] = ("turn", "leave", "play", "pass", "show")
TURN: Final = 0  # the index of each word in WORDS
LEAVE: Final = 1
PLAY: Final = 2
PASS: Final = 3
SHOW: Final = 4


def word_action(rules: Rules, word: int) -> int:
    """The action id of word `word` (an index into WORDS)."""
    return rules.n_indices + word


def action_word(rules: Rules, action: int) -> int | None:
    """The word (an index into WORDS) an action id stands for; None for a card or nothing."""
    word = action - rules.n_indices
    return word if 0 <= word < len(WORDS) else None


def has_speech(rules: Rules) -> bool:
    """Whether the ruleset has the phases before play (`speech` in its data)."""
    return "speech" in rules.phases


def turn_askers(rules: Rules) -> tuple[int, ...]:
    """The players asked, in order, whether to turn the talon's top card (auv.turn.offer, played
    by `PhaseDeal._answer_offer`): each from the dealer's right (seat 0) round to the dealer
    (turner: any-in-turn); nobody under `dealer`, where the dealer turns it himself without a
    choice."""
    if rules.data["speech"]["turner"] == "dealer":
        return ()
    return tuple(range(rules.n_players))


def next_speaker(rules: Rules, seat: int) -> int | None:
    """Who speaks after `seat` in a round of speech: the next player from the dealer's right,
    the dealer last; None once the dealer has spoken (all passed)."""
    return seat + 1 if seat + 1 < rules.n_players else None


implements_clauses(next_speaker, "auv.speech.round")


def may_turn_again(rules: Rules, turned: int) -> bool:
    """After a round in which all passed, with `turned` cards turned so far: whether one more
    card may be turned (a réjouissance, at most `speech.rejouissances` of them)."""
    return turned < 1 + int(rules.data["speech"]["rejouissances"])


implements_clauses(may_turn_again, "auv.speech.rejouissance")


def trump_of(rules: Rules, turned: list[tuple[int, int]]) -> int | None:
    """Trump: the suit of the last card turned (None before any)."""
    return rules.suit_of[turned[-1][1]] if turned else None


implements_clauses(trump_of, "auv.speech.trump")

"""Marriages: kinds and values, when and from what they are announced, what they score,
marriages on the table, and the parameters that settle the open questions (AMB-06 to AMB-11).

Seats 0..3 in the order of play; seat 3 deals and holds the turn-up, seat 0 leads;
teams {0, 2} and {1, 3}.  In 1802 a window opens after each trick (while the players
hold two cards or more) for the winner, then his partner; in Brouc a player announces
on his own turn once his team has won a trick.
"""

from __future__ import annotations

import random

import pytest

from brou import HommeDeal, IllegalAction
from helpers import deal, finish, legal_texts, load, play, random_deal

HDB = "homme-de-brou-1802"
BROUC = "brouc"

# Trump diamonds (turn-up 9D, or QD where the turn-up must belong to the dealer's marriage).
# Each marriage lies in one hand: seat 0 KQJ of spades and KQ of hearts, seat 2 KQJ of
# clubs, seat 3 KQJ of diamonds (trumps).  No marriage can ever come together in a trick.
P = [
    "KS QS JS KH QH AC 7C 8C",
    "AS 7S 8S 9S TC 9C 7D 8D",
    "TS AH TH 9H KC QC JC AD",
    "JH 8H 7H TD KD QD JD 9D",
]
P_SEAT0_WINS = "AC TC JC 7H"  # trick 1 to seat 0
P_SEAT3_WINS = "7C 9C KC 9D"  # trick 1 to seat 3, who trumps with 9D

# Trump clubs (turn-up 7C); marriages split between hands, for the table.
T = [
    "KS 7S KC 7H 8H 9H 7D 8D",
    "QS 8S QC TH JH 9D TD JD",
    "AS 9S JC AH KH QH AD KD",
    "TS JS AC TC 9C 8C 7C QD",
]


def code_of(state: HommeDeal, actions: str) -> str:
    """The IllegalAction code `actions` raise; the state must be left as it was."""
    before = state.record()
    with pytest.raises(IllegalAction) as err:
        play(state, actions)
    assert state.record() == before
    return err.value.code




def table_by_rule(state: HommeDeal) -> list[int]:
    """Table points per team, recomputed from the tricks and the clause texts (both marriages of
    a trick count): K-Q (20) or K-Q-J (30) of one suit, doubled in trumps, `table_factor`
    times to the trick's winners and as much from the others."""
    rules = state.rules
    trump = rules.suits[state.trump_suit]
    out = [0, 0]
    for _, cards, winner in state.tricks:
        texts = {rules.card_text(c) for c in cards}
        for suit in rules.suits:
            if {"K" + suit, "Q" + suit, "J" + suit} <= texts:
                value = 30
            elif {"K" + suit, "Q" + suit} <= texts:
                value = 20
            else:
                continue
            points = value * (2 if suit == trump else 1) * rules.table_factor
            team = rules.team_of[winner]
            out[team] += points
            out[1 - team] -= points
    return out


# -- kinds ------------------------------------------------------------------


@pytest.mark.clause("hdb.marriage.kinds")
@pytest.mark.parametrize("name", [HDB, BROUC])
def test_marriage_kinds_in_the_spec(name: str) -> None:
    rules = load(name)
    kinds = {k.name: (set(k.ranks), k.value) for k in rules.kinds}
    assert kinds == {"simple": ({"K", "Q"}, 20), "grand": ({"K", "Q", "J"}, 30)}
    assert rules.trump_factor == 2


# (first trick, marriage announced by its winner, his team, value); diamonds are trumps (turn-up 9D)
ANNOUNCED_VALUES = [
    (P_SEAT0_WINS, "KQS", 0, 20),
    (P_SEAT0_WINS, "KQJS", 0, 30),
    (P_SEAT3_WINS, "KQD", 1, 40),
    (P_SEAT3_WINS, "KQJD", 1, 60),
]


@pytest.mark.clause("hdb.marriage.kinds", "hdb.marriage.announce-score")
@pytest.mark.parametrize(
    ("trick", "marriage", "team", "value"),
    ANNOUNCED_VALUES,
)
def test_announced_marriage_values_1802(trick: str, marriage: str, team: int, value: int) -> None:
    state = play(deal(load(HDB), P, "9D"), trick)
    play(state, f"announce {marriage}")
    assert state.announced_points[team] == value
    assert state.announced_points[1 - team] == 0


@pytest.mark.clause("hdb.marriage.kinds", "brouc.marriage.announce-score")
@pytest.mark.parametrize(
    ("trick", "marriage", "team", "value"),
    ANNOUNCED_VALUES,
)
def test_announced_marriage_values_brouc(trick: str, marriage: str, team: int, value: int) -> None:
    state = play(deal(load(BROUC), P, "9D"), trick)  # the winner leads next and announces first
    play(state, f"announce {marriage}")
    assert finish(state).result().teams[team].announced == value
    assert state.result().teams[1 - team].announced == 0


@pytest.mark.clause("hdb.marriage.kinds")
def test_grand_marriage_offers_the_simple_one_too() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS)
    assert {"announce KQS", "announce KQJS"} <= legal_texts(state)


# -- 1802: the window after a trick -----------------------------------------


@pytest.mark.clause("hdb.marriage.announce-window")
def test_window_asks_the_winner_then_his_partner() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS)
    assert state.phase == "window"
    assert state.to_act == 0
    play(state, "pass")
    assert state.phase == "window"
    assert state.to_act == 2
    play(state, "pass")
    assert state.phase == "play"
    assert state.to_act == 0  # then the winner leads


@pytest.mark.clause("hdb.marriage.announce-window")
def test_window_when_the_winners_partner_is_seat_0() -> None:
    state = play(deal(load(HDB), P, "9D"), "7C 9C KC 7H")  # seat 2 wins with KC
    assert state.tricks[0][2] == 2
    assert state.window == [2, 0]
    assert state.to_act == 2
    play(state, "pass pass")
    assert state.to_act == 2


@pytest.mark.clause("hdb.marriage.announce-window")
def test_window_for_the_dealers_team() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT3_WINS)
    assert state.window == [3, 1]
    play(state, "announce KQJD pass")
    assert state.to_act == 1
    play(state, "pass")
    assert state.phase == "play"
    assert state.to_act == 3


@pytest.mark.clause("hdb.marriage.announce-window")
def test_opponents_are_never_asked_in_the_window() -> None:
    # Seat 3 holds KQJ of trumps, but seat 0 won the trick: seat 3 cannot announce.
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS)
    announce = state.rules.n_cards + state.rules.suits.index("D") * len(state.rules.kinds)
    with pytest.raises(IllegalAction) as err:
        state.apply(announce, seat=3)
    assert err.value.code == "wrong-seat"
    play(state, "pass pass")
    assert state.announced_points == [0, 0]


@pytest.mark.clause("hdb.marriage.announce-window")
@pytest.mark.parametrize("seed", range(40))
def test_every_window_is_the_last_winner_then_his_partner(seed: int) -> None:
    rules = load(HDB)
    state = HommeDeal.from_seed(rules, seed)
    rng = random.Random(seed)
    tricks = 0
    while not state.is_over:
        if len(state.tricks) > tricks:
            tricks = len(state.tricks)
            winner = state.tricks[-1][2]
            if tricks <= 6:  # the players still hold two cards or more
                assert state.phase == "window"
                assert state.window == [winner, (winner + 2) % 4]
            else:
                assert state.phase == "play"
        if state.phase == "window":
            assert rules.team_of[state.to_act] == rules.team_of[state.tricks[-1][2]]
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.clause("hdb.marriage.announce-window")
def test_windows_after_tricks_1_to_6_only() -> None:
    state = deal(load(HDB), P, "9D")
    windows = []
    while not state.is_over:
        if state.phase == "window":
            windows.append(len(state.tricks))
            play(state, "pass")
        else:
            state.apply(state.rules.mask_to_list(state.legal_play_mask())[0])
    assert sorted(set(windows)) == [1, 2, 3, 4, 5, 6]


@pytest.mark.clause("hdb.marriage.announce-window")
def test_no_window_when_hands_hold_fewer_than_two_cards() -> None:
    state = deal(load(HDB), P, "9D")
    while len(state.tricks) < 7:
        if state.phase == "window":
            play(state, "pass")
        else:
            state.apply(state.rules.mask_to_list(state.legal_play_mask())[0])
    assert all(h.bit_count() == 1 for h in state.hands)
    assert state.phase == "play"
    assert state.to_act == state.tricks[-1][2]


@pytest.mark.clause("hdb.marriage.announce-window")
def test_no_window_after_the_last_trick() -> None:
    state = finish(deal(load(HDB), P, "9D"))
    assert len(state.tricks) == 8
    assert state.phase == "done"
    assert state.legal_actions() == []
    assert code_of(state, "pass") == "deal-over"


@pytest.mark.clause("hdb.marriage.announce-window")
def test_window_offers_the_players_marriages_and_pass() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS)
    assert legal_texts(state) == {"announce KQS", "announce KQJS", "announce KQH", "pass"}


@pytest.mark.clause("hdb.marriage.announce-window")
def test_window_without_a_marriage_offers_only_pass() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT3_WINS + " pass")
    assert state.to_act == 1
    assert legal_texts(state) == {"pass"}


@pytest.mark.clause("hdb.marriage.announce-window")
def test_several_announcements_in_one_window() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS + " announce KQJS announce KQH")
    assert state.to_act == 0
    assert legal_texts(state) == {"pass"}
    assert state.announced_points == [50, 0]


@pytest.mark.clause("hdb.marriage.announce-window")
def test_playing_a_card_in_the_window_is_rejected() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS)
    assert code_of(state, "KS") == "play-in-window"


@pytest.mark.clause("hdb.marriage.announce-window")
def test_pass_during_play_is_rejected() -> None:
    state = deal(load(HDB), P, "9D")
    assert code_of(state, "pass") == "pass-not-allowed"
    play(state, P_SEAT0_WINS + " pass pass")
    assert code_of(state, "pass") == "pass-not-allowed"


@pytest.mark.clause("hdb.marriage.announce-window")
def test_announcing_during_play_is_rejected_1802() -> None:
    state = deal(load(HDB), P, "9D")
    assert code_of(state, "announce KQS") == "announce-not-now"
    assert not any(t.startswith("announce") for t in legal_texts(state))
    play(state, P_SEAT0_WINS + " pass pass")  # seat 0's team has a trick, but the window is closed
    assert code_of(state, "announce KQS") == "announce-not-now"


# -- the cards must be in the announcer's hand ------------------------------


@pytest.mark.clause("hdb.marriage.announce-in-hand")
def test_announcing_a_marriage_not_held() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS)
    assert code_of(state, "announce KQC") == "marriage-not-held"  # seat 2 holds it, not seat 0


@pytest.mark.clause("hdb.marriage.announce-in-hand")
def test_marriage_split_between_partners_cannot_be_announced() -> None:
    hands = list(P)
    hands[0] = "KS QS JS KH 9H AC 7C 8C"  # KH here, QH with the partner
    hands[2] = "TS AH TH QH KC QC JC AD"
    state = play(deal(load(HDB), hands, "9D"), P_SEAT0_WINS)
    assert "announce KQH" not in legal_texts(state)
    assert code_of(state, "announce KQH") == "marriage-not-held"


@pytest.mark.clause("hdb.marriage.announce-in-hand")
def test_card_played_in_this_trick_cannot_be_announced() -> None:
    # Seat 0 leads KH, seat 2 wins with AH: in the window seat 0 no longer holds KH.
    state = play(deal(load(HDB), P, "9D"), "KH 9S AH 7H")
    assert state.window == [2, 0]
    play(state, "pass")
    assert "announce KQH" not in legal_texts(state)
    assert code_of(state, "announce KQH") == "marriage-not-held"


@pytest.mark.clause("hdb.marriage.announce-in-hand")
def test_card_played_in_an_earlier_trick_cannot_be_announced() -> None:
    state = play(deal(load(HDB), P, "9D"), "KH 9S 9H 7H pass pass")  # seat 0 wins with KH
    play(state, "AC TC JC 8H")  # seat 0 wins again
    assert state.to_act == 0 and state.phase == "window"
    assert code_of(state, "announce KQH") == "marriage-not-held"
    assert legal_texts(state) == {"announce KQS", "announce KQJS", "pass"}


@pytest.mark.clause("hdb.marriage.announce-in-hand")
def test_brouc_card_already_played_cannot_be_announced() -> None:
    state = play(deal(load(BROUC), P, "9D"), "KH 9S 9H 7H")  # seat 0 wins with KH
    assert state.to_act == 0
    assert code_of(state, "announce KQH") == "marriage-not-held"
    assert "announce KQS" in legal_texts(state)


# -- 1802: what an announcement scores --------------------------------------


@pytest.mark.clause("hdb.marriage.announce-score")
def test_1802_announcement_scores_at_once() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS + " announce KQJS")
    assert state.announced_points == [30, 0]
    teams = state.result().teams
    assert teams[0].announced == 30
    assert teams[0].total == teams[0].rounded_cards + 30


@pytest.mark.clause("hdb.marriage.announce-score")
def test_1802_announcement_costs_the_other_team_nothing() -> None:
    quiet = finish(play(deal(load(HDB), P, "9D"), P_SEAT0_WINS))
    loud = finish(play(deal(load(HDB), P, "9D"), P_SEAT0_WINS + " announce KQJS announce KQH"))
    assert loud.result().teams[1] == quiet.result().teams[1]
    assert loud.result().teams[0].total == quiet.result().teams[0].total + 50
    assert loud.result().teams[0].announced == 50


# -- 1802: marriages on the table -------------------------------------------


@pytest.mark.clause("hdb.marriage.table")
def test_1802_table_marriage_scores_twice_its_value_at_once() -> None:
    # KS (seat 0) and QS (seat 1) fall in a trick seat 2 wins with AS.
    state = play(deal(load(HDB), T, "7C"), "KS QS AS TS")
    assert state.tricks[0][2] == 2
    assert state.table_points == [40, -40]
    assert [t.table for t in state.result().teams] == [40, -40]


@pytest.mark.clause("hdb.marriage.table")
def test_1802_table_marriage_of_the_losers_cards_goes_to_the_winners() -> None:
    hands = list(T)
    hands[1] = "AS 8S QC TH JH 9D TD JD"
    hands[2] = "QS 9S JC AH KH QH AD KD"
    # Seat 0 plays KS and his partner QS; seat 1 wins the trick with AS.
    state = play(deal(load(HDB), hands, "7C"), "KS AS QS JS")
    assert state.tricks[0][2] == 1
    assert state.table_points == [-60, 60]  # K, Q and J of spades: a grand marriage, 30 x 2


@pytest.mark.clause("hdb.marriage.table")
def test_1802_table_marriage_split_between_teams() -> None:
    hands = list(T)
    hands[1] = "AS 8S QC TH JH 9D TD JD"
    hands[2] = "QS 9S JC AH KH QH AD KD"
    state = play(deal(load(HDB), hands, "7C"), "KS AS QS TS")  # seat 1 wins, team 0 gave K and Q
    assert state.table_points == [-40, 40]


@pytest.mark.clause("hdb.marriage.table", "hdb.marriage.kinds")
def test_1802_trump_grand_marriage_on_the_table_is_120() -> None:
    state = play(deal(load(HDB), T, "7C"), "KC QC JC 7C")  # seat 0 wins with KC
    assert state.tricks[0][2] == 0
    assert state.table_points == [120, -120]


@pytest.mark.clause("hdb.marriage.table", "hdb.marriage.kinds")
def test_1802_trump_simple_marriage_on_the_table_is_80() -> None:
    hands = list(T)
    hands[2] = "AS 9S QD AH KH QH AD KD"  # no club: seat 2 discards
    hands[3] = "TS JS AC TC 9C 8C 7C JC"
    state = play(deal(load(HDB), hands, "7C"), "KC QC AH 7C")
    assert state.tricks[0][2] == 0
    assert state.table_points == [80, -80]


@pytest.mark.clause("hdb.marriage.table", "hdb.marriage.kinds")
def test_1802_plain_grand_marriage_on_the_table_is_60() -> None:
    hands = [
        "KH 7S 8S 9S 7D 8D 9D TD",
        "QH AS TS KS QS JS AD KD",
        "JH TH 9H 8H 7H QD JD AC",
        "AH KC QC JC TC 9C 8C 7C",
    ]
    state = play(deal(load(HDB), hands, "7C"), "KH QH JH AH")
    assert state.tricks[0][2] == 3
    assert state.table_points == [-60, 60]


@pytest.mark.clause("hdb.marriage.table")
def test_1802_a_team_count_can_fall_below_zero() -> None:
    state = play(deal(load(HDB), T, "7C"), "KC QC JC 7C")
    team1 = state.result().teams[1]
    assert team1.card_points == 0
    assert team1.total == -120


@pytest.mark.clause("hdb.marriage.table")
@pytest.mark.parametrize("seed", range(60))
def test_1802_table_points_match_the_tricks(seed: int) -> None:
    state = random_deal(load(HDB), seed)
    assert [t.table for t in state.result().teams] == table_by_rule(state)


# -- Brouc: announcing on one's turn ----------------------------------------


@pytest.mark.clause("brouc.marriage.announce-window")
def test_brouc_no_announcement_before_the_team_has_a_trick() -> None:
    state = deal(load(BROUC), P, "9D")
    assert not any(t.startswith("announce") for t in legal_texts(state))
    assert code_of(state, "announce KQS") == "announce-needs-trick"


@pytest.mark.clause("brouc.marriage.announce-window")
def test_brouc_no_window_after_a_trick() -> None:
    state = play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS)
    assert state.phase == "play"
    assert state.to_act == 0
    assert code_of(state, "pass") == "pass-not-allowed"


@pytest.mark.clause("brouc.marriage.announce-window")
def test_brouc_announce_on_own_turn_once_the_team_has_a_trick() -> None:
    state = play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS)
    texts = legal_texts(state)
    assert {"announce KQS", "announce KQJS", "announce KQH"} <= texts
    assert "KS" in texts  # he may also just play


@pytest.mark.clause("brouc.marriage.announce-window")
def test_brouc_after_announcing_the_same_player_plays() -> None:
    state = play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS)
    cards = state.legal_play_mask()
    play(state, "announce KQJS")
    assert state.to_act == 0
    assert state.phase == "play"
    assert state.legal_play_mask() == cards
    assert "announce KQH" in legal_texts(state)
    play(state, "7C")
    assert state.to_act == 1
    assert state.trick == [state.rules.card("7C")]


@pytest.mark.clause("brouc.marriage.announce-window")
def test_brouc_partner_announces_on_his_turn_in_the_trick() -> None:
    state = play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS + " 7C 9C")
    assert state.to_act == 2
    assert "announce KQC" in legal_texts(state)  # KC and QC still held (JC went in trick 1)
    play(state, "announce KQC")
    assert state.announced_points == [20, 0]
    assert state.to_act == 2


@pytest.mark.clause("brouc.marriage.announce-window")
def test_brouc_opponents_without_a_trick_cannot_announce() -> None:
    state = play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS + " 7C 9C KC")
    assert state.to_act == 3
    assert not any(t.startswith("announce") for t in legal_texts(state))
    assert code_of(state, "announce KQJD") == "announce-needs-trick"


@pytest.mark.clause("brouc.marriage.announce-window")
def test_brouc_no_announcing_out_of_turn() -> None:
    state = play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS)
    announce = state.rules.n_cards + state.rules.suits.index("C") * len(state.rules.kinds)  # KQC
    with pytest.raises(IllegalAction) as err:
        state.apply(announce, seat=2)
    assert err.value.code == "wrong-seat"


@pytest.mark.clause("brouc.marriage.announce-score")
def test_brouc_announcement_only_for_the_announcers_team() -> None:
    quiet = finish(play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS))
    loud = finish(play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS + " announce KQJS"))
    assert loud.result().teams[0].announced == 30
    assert loud.result().teams[0].total == quiet.result().teams[0].total + 30
    assert loud.result().teams[1] == quiet.result().teams[1]
    assert loud.result().teams[1].announced == 0


@pytest.mark.clause("brouc.marriage.unannounced")
def test_brouc_marriage_held_but_not_announced_scores_nothing() -> None:
    state = finish(deal(load(BROUC), P, "9D"))
    result = state.result()
    assert result.teams[0].tricks > 0 and result.teams[1].tricks > 0  # both could have announced
    for team in result.teams:
        assert team.announced == 0
        assert team.table == 0
        assert team.total == team.rounded_cards


@pytest.mark.clause("brouc.marriage.unannounced")
def test_brouc_marriage_held_to_the_end_scores_nothing() -> None:
    # Seat 0 keeps KH and QH in hand; they never meet in a trick.
    state = play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS)
    finish(state)
    assert all(t.announced == 0 for t in state.result().teams)


@pytest.mark.clause("brouc.marriage.table")
def test_brouc_table_marriage_moves_its_value_once_each_way() -> None:
    state = play(deal(load(BROUC), T, "7C"), "KS QS AS TS")
    finish(state)
    teams = state.result().teams
    assert [t.table for t in teams] == table_by_rule(state)
    assert state.table[0][1:] == (state.rules.suits.index("S"), 0, 0, 20)  # trick 1: KQ of spades to team 0, 20


@pytest.mark.clause("brouc.marriage.table")
def test_brouc_table_plain_simple_marriage_20() -> None:
    state = play(deal(load(BROUC), T, "7C"), "KS QS AS TS")
    assert state.table_points == [20, -20]


@pytest.mark.clause("brouc.marriage.table", "hdb.marriage.kinds")
def test_brouc_table_trump_grand_marriage_60() -> None:
    # Trump led: seat 1 and seat 2 follow low, the dealer must overtrump KC with AC or TC.
    state = play(deal(load(BROUC), T, "7C"), "KC QC JC")
    assert legal_texts(state) == {"AC", "TC"}
    play(state, "AC")
    assert state.table_points == [-60, 60]


@pytest.mark.clause("brouc.marriage.table")
@pytest.mark.parametrize("seed", range(60))
def test_brouc_table_points_match_the_tricks(seed: int) -> None:
    state = random_deal(load(BROUC), seed)
    assert [t.table for t in state.result().teams] == table_by_rule(state)


@pytest.mark.clause("brouc.marriage.announce-score", "hdb.marriage.announce-score")
@pytest.mark.parametrize("name", [HDB, BROUC])
@pytest.mark.parametrize("seed", range(30))
def test_announced_points_are_the_announcements_of_the_team(name: str, seed: int) -> None:
    state = random_deal(load(name), seed)
    rules = state.rules
    by_team = [0, 0]
    for seat, suit, kind, _, _, _ in state.announcements:
        value = rules.kinds[kind].value * (2 if suit == state.trump else 1)
        by_team[rules.team_of[seat]] += value
    assert [t.announced for t in state.result().teams] == by_team


# -- AMB-06: announce_window ------------------------------------------------


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb06_default_windows() -> None:
    assert load(HDB).window == "after-won-trick"
    assert load(BROUC).window == "own-turn-once-team-has-trick"


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb06_team_first_trick_opens_one_window_per_team() -> None:
    state = play(deal(load(HDB, announce_window="team-first-trick"), P, "9D"), P_SEAT0_WINS)
    assert state.window == [0, 2]
    play(state, "pass pass 7C 9C KC 8H")  # team 0's second trick: no window
    assert state.phase == "play"
    assert state.to_act == 2
    play(state, "TS 9D JS 7S")  # team 1's first trick: its window
    assert state.tricks[-1][2] == 3
    assert state.window == [3, 1]


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb06_own_turn_on_1802() -> None:
    state = deal(load(HDB, announce_window="own-turn-once-team-has-trick"), P, "9D")
    assert code_of(state, "announce KQS") == "announce-needs-trick"
    play(state, P_SEAT0_WINS)
    assert state.phase == "play"  # no window
    play(state, "announce KQJS")
    assert state.announced_points == [30, 0]  # scored at once, the 1802 way
    assert state.to_act == 0
    play(state, "7C 9C KC")
    assert code_of(state, "announce KQJD") == "announce-needs-trick"


@pytest.mark.clause("brouc.marriage.announce-window")
def test_amb06_after_won_trick_on_brouc() -> None:
    state = play(deal(load(BROUC, announce_window="after-won-trick"), P, "9D"), P_SEAT0_WINS)
    assert state.phase == "window"
    assert state.window == [0, 2]
    play(state, "announce KQS pass pass")
    assert state.phase == "play"
    assert code_of(state, "announce KQH") == "announce-not-now"
    assert state.announced_points == [20, 0]


# -- AMB-07 / AMB-08: extending and reusing ---------------------------------


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb07_default_never_extends() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS + " announce KQS")
    assert "announce KQJS" not in legal_texts(state)
    assert code_of(state, "announce KQJS") == "marriage-reused"
    assert state.announced_points == [20, 0]


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb07_difference_raises_a_plain_marriage_by_10() -> None:
    state = deal(load(HDB, extend_to_grand="difference"), P, "9D")
    play(state, P_SEAT0_WINS + " announce KQS pass pass")
    play(state, "7C 9C KC 8H")  # seat 2 wins: window 2 then 0
    play(state, "pass")
    assert "announce KQJS" in legal_texts(state)
    play(state, "announce KQJS")
    assert state.announced_points == [30, 0]
    assert [a[4] for a in state.announcements] == [20, 10]


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb07_difference_raises_a_trump_marriage_by_20() -> None:
    state = deal(load(HDB, extend_to_grand="difference"), P, "9D")
    play(state, P_SEAT3_WINS + " announce KQD pass pass")
    assert state.announced_points == [0, 40]
    play(state, "JH QH 7D 9H")  # seat 1 trumps: window 1 then 3
    assert state.window == [1, 3]
    play(state, "pass announce KQJD")
    assert state.announced_points == [0, 60]


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb07_difference_does_not_shrink_a_grand_marriage() -> None:
    state = play(deal(load(HDB, extend_to_grand="difference"), P, "9D"), P_SEAT0_WINS + " announce KQJS")
    assert code_of(state, "announce KQS") == "marriage-reused"


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb08_card_reuse_counts_both_announcements() -> None:
    state = play(deal(load(HDB, card_reuse=True), P, "9D"), P_SEAT0_WINS + " announce KQS announce KQJS")
    assert state.announced_points == [50, 0]


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb08_default_no_card_in_two_announcements() -> None:
    state = play(deal(load(HDB), P, "9D"), P_SEAT0_WINS + " announce KQJS")
    assert code_of(state, "announce KQS") == "marriage-reused"


@pytest.mark.clause("hdb.marriage.announce-window")
def test_amb08_same_marriage_never_announced_twice() -> None:
    state = play(deal(load(HDB, card_reuse=True), P, "9D"), P_SEAT0_WINS + " announce KQS")
    assert code_of(state, "announce KQS") == "marriage-reused"


@pytest.mark.clause("brouc.marriage.announce-window")
def test_amb08_card_reuse_on_brouc() -> None:
    state = play(deal(load(BROUC, card_reuse=True), P, "9D"), P_SEAT0_WINS + " announce KQS announce KQJS")
    assert state.announced_points == [50, 0]
    state = play(deal(load(BROUC), P, "9D"), P_SEAT0_WINS + " announce KQS")
    assert code_of(state, "announce KQJS") == "marriage-reused"


# -- AMB-09: the turn-up in the window after trick 1 ------------------------


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_amb09_default_dealer_announces_with_the_turnup() -> None:
    # Seat 3 turned QD (trumps) and holds KD and JD; he wins trick 1 with 9D.
    state = play(deal(load(HDB), P, "QD"), P_SEAT3_WINS)
    assert state.to_act == 3
    assert {"announce KQD", "announce KQJD"} <= legal_texts(state)
    play(state, "announce KQJD")
    assert state.announced_points == [0, 60]


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_amb09_false_turnup_not_in_hand_in_the_first_window() -> None:
    state = play(deal(load(HDB, turnup_in_first_window=False), P, "QD"), P_SEAT3_WINS)
    assert state.to_act == 3
    assert legal_texts(state) == {"pass"}
    assert code_of(state, "announce KQD") == "marriage-not-held"


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_amb09_false_turnup_in_hand_from_the_second_window() -> None:
    state = play(deal(load(HDB, turnup_in_first_window=False), P, "QD"), P_SEAT3_WINS + " pass pass")
    play(state, "JH QH 7D 9H")  # seat 1 trumps: window 1 then 3
    play(state, "pass")
    assert state.to_act == 3
    play(state, "announce KQJD")
    assert state.announced_points == [0, 60]


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_amb09_false_other_marriages_of_the_dealer_unaffected() -> None:
    # The turn-up is JD: the dealer may announce KQ of trumps, not the KQJ that needs JD.
    state = play(deal(load(HDB, turnup_in_first_window=False), P, "JD"), "7C 9C KC 9D")
    assert "announce KQD" in legal_texts(state)
    assert "announce KQJD" not in legal_texts(state)


@pytest.mark.clause("hdb.deal.turnup-exposed")
def test_amb09_false_partner_of_the_dealer_unaffected() -> None:
    hands = list(P)
    # Seats 1 and 3 swap diamonds: the dealer's partner holds KQ of trumps.
    hands[1] = "AS 7S 8S 9S TC 9C KD QD"
    hands[3] = "JH 8H 7H TD 7D 8D JD 9D"
    state = play(deal(load(HDB, turnup_in_first_window=False), hands, "9D"), "7C 9C KC 8D pass")
    assert state.to_act == 1
    assert "announce KQD" in legal_texts(state)


# -- AMB-10: two marriages in one trick -------------------------------------

TWO_LED_SPADES = [
    "KS AS TS 7D 8D 9D TD AD",
    "QS JS 9S 8S 7S 7H 8H 9H",
    "KH AH TH JH KD QD JD AC",
    "QH TC KC QC JC 9C 8C 7C",
]
TWO_LED_HEARTS = [
    "KH AH TH 7D 8D 9D TD AD",
    "KS AS TS JS 9S 8S 7S KD",
    "QS QD JD AC TC KC 8C 9C",
    "QH JH 9H 8H 7H QC JC 7C",
]


@pytest.mark.clause("hdb.marriage.table")
def test_amb10_default_both_marriages_count() -> None:
    state = play(deal(load(HDB), TWO_LED_SPADES, "7C"), "KS QS KH QH")
    assert state.tricks[0][2] == 0
    assert state.table_points == [80, -80]


@pytest.mark.clause("hdb.marriage.table")
def test_amb10_first_only_counts_one() -> None:
    state = play(deal(load(HDB, marriages_in_one_trick="first-only"), TWO_LED_SPADES, "7C"), "KS QS KH QH")
    assert state.table_points == [40, -40]
    assert state.rules.suits[state.table[0][1]] == "S"


@pytest.mark.clause("hdb.marriage.table")
def test_amb10_first_only_is_the_first_to_come_together() -> None:
    # Hearts led, but the spade marriage is complete at the third card, hearts at the fourth.
    state = play(deal(load(HDB, marriages_in_one_trick="first-only"), TWO_LED_HEARTS, "7C"), "KH KS QS QH")
    assert state.tricks[0][2] == 0
    assert len(state.table) == 1
    assert state.rules.suits[state.table[0][1]] == "S"
    assert state.table_points == [40, -40]


@pytest.mark.clause("brouc.marriage.table")
def test_amb10_both_on_brouc() -> None:
    state = play(deal(load(BROUC), TWO_LED_SPADES, "7C"), "KS QS KH QH")
    assert state.table_points == [40, -40]
    state = play(deal(load(BROUC, marriages_in_one_trick="first-only"), TWO_LED_SPADES, "7C"), "KS QS KH QH")
    assert state.table_points == [20, -20]


# -- AMB-11: table_factor ---------------------------------------------------


@pytest.mark.clause("hdb.marriage.table")
def test_amb11_defaults() -> None:
    assert load(HDB).table_factor == 2
    assert load(BROUC).table_factor == 1


@pytest.mark.clause("hdb.marriage.table")
def test_amb11_factor_1_on_1802() -> None:
    state = play(deal(load(HDB, table_factor=1), T, "7C"), "KS QS AS TS")
    assert state.table_points == [20, -20]
    state = play(deal(load(HDB, table_factor=1), T, "7C"), "KC QC JC 7C")
    assert state.table_points == [60, -60]


@pytest.mark.clause("brouc.marriage.table")
def test_amb11_factor_2_on_brouc() -> None:
    state = play(deal(load(BROUC, table_factor=2), T, "7C"), "KS QS AS TS")
    assert state.table_points == [40, -40]

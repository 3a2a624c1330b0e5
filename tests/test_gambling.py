"""c. Gambling, at a club and at a bawdyhouse."""

from __future__ import annotations

import pytest

from engarde.tables import Tables
from engarde.calendar import GameMonth
from engarde.codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from engarde.rules.bawdyhouse.codes import EV_FOOTPADS
from engarde.rules.gambling.codes import EV_GAMBLING
from engarde.dice import DiceExhausted, ScriptedDice
from engarde.rules.gambling.orders import Gambling
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.rules.clubs.orders import VisitClub
from engarde.records import Character
from engarde.rules.bawdyhouse import rules as bawdyhouse
from engarde.rules.clubs import rules as clubs
from engarde.rules.gambling import rules as gambling
from engarde.turn import Turn

APRIL = GameMonth(1607, 4)


def make_turn(*chars: Character, rolls=(), settings: Tables | None = None) -> Turn:
    return Turn(APRIL, {c.name: c for c in chars}, ScriptedDice(rolls), settings or Tables())


def codes(turn: Turn, code: str):
    return [e for e in turn.events if e.code == code]


def crowns(turn: Turn):
    return [e.delta for e in turn.ledger if e.field == "crowns"]


def points(turn: Turn):
    return [e.delta for e in turn.ledger if e.field == "status_points"]


# -- at a club ----------------------------------------------------------------------------------


def test_aramis_four_bets_of_50_at_red_phillips():
    """The rulebook's example: "Aramis decides to wager four bets of 50 crowns each at the Red
    Phillips Club": house 2 / Aramis 3 wins; 4 / 1 loses; 6 / cuts (loses half); 5 / 5 loses.
    "+50 -50 -25 -50 = -75 crowns; win = 1 Status Point, 2 losses and 1 cut = -3 Status Points,
    +1 Status Point for wagering at least 150 crowns gives -1 Status Points"."""
    aramis = Character("Aramis", social_level=6, club="Red Phillips", crowns=300)
    turn = make_turn(aramis, rolls=[2, 3, 4, 1, 6, 5, 5])
    order = VisitClub("Red Phillips", gamble=Gambling(bets=4, stake=50, cut_at=6))
    assert clubs.visit(turn, aramis, order, 1) is True
    assert aramis.crowns == 225 and aramis.status_points == -1
    assert crowns(turn) == [50, -50, -25, -50]
    assert points(turn) == [1, -1, -1, -1, 1]
    assert [(e.reason, e.rule) for e in turn.ledger][-1] == (
        "175 crowns staked at Red Phillips this week ÷ 150 (gambling divisor)", "c. Gambling")
    assert turn.ledger[0].reason == "bet 1 of 4, 50 crowns at Red Phillips: the house rolled 2, he rolled 3: won"
    assert turn.ledger[4].reason == "bet 3 of 4, 50 crowns at Red Phillips: the house rolled 6, he cut and lost half"
    assert turn.ledger[6].reason == (
        "bet 4 of 4, 50 crowns at Red Phillips: the house rolled 5, he rolled 5: lost (ties go to the house)")
    (ev,) = codes(turn, EV_GAMBLING)
    assert ev.data == {"where": "Red Phillips", "bets": 4, "stake": 50, "wins": 1, "losses": 2, "cuts": 1,
                       "staked": 175, "net": -75, "status": -1, "notes": []}
    assert not ev.public  # 75 crowns is not of note
    # the cut: the croupier's die only; every other bet: two dice, each logged with its reason
    assert [r.values for r in turn.dice.log] == [(2,), (3,), (4,), (1,), (6,), (5,), (5,)]
    assert "croupier" in turn.dice.log[0].reason and "Aramis's die" in turn.dice.log[1].reason


def test_ties_go_to_the_house():
    """"Ties and rolls lower than the croupier's are won by the house"."""
    ch = Character("Porthos", social_level=9, club="Hunter's", crowns=100)
    turn = make_turn(ch, rolls=[4, 4])
    session = gambling.gamble(turn, ch, Gambling(1, 20), 1, "Hunter's", house_limit=200, divisor=300)
    assert [b.outcome for b in session.bets] == ["loss"]
    assert ch.crowns == 80 and ch.status_points == -1


def test_no_cut_rule_means_he_always_rolls():
    """The cut is the player's choice: with no cut rule he rolls even against a 6 (and loses)."""
    ch = Character("Porthos", social_level=9, club="Hunter's", crowns=100)
    turn = make_turn(ch, rolls=[6, 6])
    session = gambling.gamble(turn, ch, Gambling(1, 20, cut_at=None), 1, "Hunter's", house_limit=200, divisor=300)
    assert session.bets[0].roll == 6 and session.bets[0].outcome == "loss"
    assert ch.crowns == 80


def test_cut_of_an_odd_stake_drops_the_fraction():
    """"a loss of half the amount bet"; Choice: half of an odd stake drops the fraction of a crown,
    and the cut counts the same half toward the total staked."""
    ch = Character("Porthos", social_level=9, club="Hunter's", crowns=100)
    turn = make_turn(ch, rolls=[5])
    session = gambling.gamble(turn, ch, Gambling(1, 25, cut_at=5), 1, "Hunter's", house_limit=200, divisor=300)
    assert ch.crowns == 88 and session.staked == 12 and session.status == -1


def test_status_for_the_total_staked_divided_by_the_divisor():
    """"divides it by the gambling divisor of the club he is in, dropping fractions": three bets of
    200 at Hunter's (divisor 300) is 600 staked, +2 status points besides the wins and losses."""
    ch = Character("Porthos", social_level=9, club="Hunter's", crowns=1000)
    turn = make_turn(ch, rolls=[1, 2, 1, 2, 6, 1])
    session = gambling.gamble(turn, ch, Gambling(3, 200), 1, "Hunter's", house_limit=200, divisor=300)
    assert session.staked == 600 and session.divisor_points == 2
    assert ch.crowns == 1200 and ch.status_points == 1 + 1 - 1 + 2


def test_at_most_nine_bets_a_week():
    """"A character may place only nine bets in any one week.\""""
    ch = Character("Porthos", social_level=9, club="Hunter's", crowns=1000)
    turn = make_turn(ch, rolls=[6] * 9)
    session = gambling.gamble(turn, ch, Gambling(12, 10, cut_at=6), 1, "Hunter's", house_limit=200, divisor=300)
    assert len(session.bets) == 9 and turn.dice.remaining == 0
    assert codes(turn, EV_GAMBLING)[0].data["notes"] == ["only 9 bets a week"]


def test_stake_above_the_house_limit_is_placed_at_the_limit():
    """"This amount cannot exceed the house limit of the club" (Red Phillips: 50). Choice: a
    larger stake is placed at the limit."""
    ch = Character("Jacques", social_level=4, club="Red Phillips", crowns=200)
    turn = make_turn(ch, rolls=[1, 2])
    clubs.visit(turn, ch, VisitClub(gamble=Gambling(1, 80)), 1)
    assert ch.crowns == 250
    (ev,) = codes(turn, EV_GAMBLING)
    assert ev.data["stake"] == 50 and ev.data["notes"] == ["stakes cut to the house limit of 50 crowns"]


def test_bothwells_has_no_limit_but_a_minimum_of_100():
    """Clubs Table: Bothwell's house limit "None; min of 100". 1000 is accepted; Choice: 50 is
    refused (not raised to 100)."""
    ch = Character("Cyrano", social_level=14, club="Bothwell's", crowns=2000)
    turn = make_turn(ch, rolls=[3, 4])
    clubs.visit(turn, ch, VisitClub(gamble=Gambling(1, 1000)), 1)
    assert ch.crowns == 3000 and ch.status_points == 1 + 2  # 1000 // 500
    turn = make_turn(ch)
    assert clubs.visit(turn, ch, VisitClub(gamble=Gambling(2, 50)), 2) is True
    assert ch.crowns == 3000 and codes(turn, EV_GAMBLING) == []
    assert codes(turn, EV_ORDER_REFUSED)[0].data["reason"] == "the smallest stake at Bothwell's is 100 crowns"


def test_no_credit_a_bet_he_cannot_cover_is_not_placed():
    """Gambling money comes from his crowns: with 120 crowns and three bets of 50, two losses
    leave 20, and the third bet is not placed."""
    ch = Character("Jacques", social_level=4, club="Red Phillips", crowns=120)
    turn = make_turn(ch, rolls=[5, 1, 5, 1])
    session = gambling.gamble(turn, ch, Gambling(3, 50), 1, "Red Phillips", house_limit=50, divisor=150)
    assert len(session.bets) == 2 and ch.crowns == 20
    (cant,) = codes(turn, EV_CANNOT_AFFORD)
    assert cant.data == {"what": "bet 3 of 3 at Red Phillips", "cost": 50, "had": 20}


def test_winnings_can_be_staked_again():
    """No credit, but what he wins he has: 50 crowns, bets of 50: win, then he can cover two more."""
    ch = Character("Jacques", social_level=4, club="Red Phillips", crowns=50)
    turn = make_turn(ch, rolls=[1, 2, 6, 1, 6, 1])
    session = gambling.gamble(turn, ch, Gambling(3, 50), 1, "Red Phillips", house_limit=50, divisor=150)
    assert [b.outcome for b in session.bets] == ["win", "loss", "loss"] and ch.crowns == 0


def test_gambling_of_note_is_public():
    """The gazette prints gambling wins and losses of note (house value: 100 crowns net)."""
    ch = Character("Athos", social_level=10, club="Hunter's", crowns=1000)
    turn = make_turn(ch, rolls=[1, 2])
    gambling.gamble(turn, ch, Gambling(1, 100), 1, "Hunter's", house_limit=200, divisor=300)
    assert codes(turn, EV_GAMBLING)[0].public


# -- at a bawdyhouse ----------------------------------------------------------------------------------


def test_bawdyhouse_gambling_has_no_limit_and_no_divisor():
    """"Gambling is as outlined in the gambling rule, but without house limit or house divisor. One
    Status Point is gained per win, and one lost per loss or cut, but no points are gained for the
    total amount bet."  Two bets of 500 (above any club's limit), one won, one lost."""
    ch = Character("Falstaff", social_level=4, crowns=1100)
    turn = make_turn(ch, rolls=[1, 2, 3, 2, 5])  # bet 1, bet 2, footpads
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(purse=1008, gamble=Gambling(2, 500)), 2)
    assert ch.crowns == 1100 - 8  # refreshment 4 + companionship 4; +500 -500
    assert ch.status_points == 1 + 1 - 1  # carousing, a win, a loss; nothing for the 1000 staked
    (ev,) = codes(turn, EV_GAMBLING)
    assert ev.data["where"] == "a bawdyhouse" and ev.data["status"] == 0
    assert {e.rule for e in turn.ledger if "bet" in e.reason} == {"d. Bawdyhouses (c. Gambling)"}


def test_bawdyhouse_bets_come_from_the_purse_no_credit():
    """"all characters must state the number of crowns they are bringing with them. Credit is not
    allowed." A purse of 60: 8 for the evening, 52 left: one bet of 50, not a second."""
    ch = Character("Falstaff", social_level=4, crowns=500)
    turn = make_turn(ch, rolls=[5, 1, 2])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(purse=60, gamble=Gambling(2, 50)), 2)
    assert ch.crowns == 500 - 8 - 50
    assert codes(turn, EV_CANNOT_AFFORD)[0].data == {"what": "bet 2 of 2 at a bawdyhouse", "cost": 50, "had": 2}


def test_footpads_take_the_winnings_in_his_purse():
    """"relieved of his money": he loses what is left of the purse, winnings included."""
    ch = Character("Falstaff", social_level=4, crowns=100)
    turn = make_turn(ch, rolls=[1, 6, 6])
    bawdyhouse.visit(turn, ch, VisitBawdyhouse(purse=58, gamble=Gambling(1, 50)), 2)
    assert codes(turn, EV_FOOTPADS)[0].data == {"lost": 100}  # 58 - 8 + 50
    assert ch.crowns == 100 - 8 + 50 - 100


def test_default_purse_holds_the_stakes():
    """Choice: with no purse stated (campaign default "cost") a gambler brings the evening's cost
    and the stakes of the bets he ordered."""
    ch = Character("Falstaff", social_level=4, crowns=500)
    order = VisitBawdyhouse(gamble=Gambling(3, 20))
    assert bawdyhouse.purse_for(make_turn(ch), ch, order) == 8 + 60


def test_dice_run_out_if_the_rules_ask_for_more():
    """ScriptedDice fail loudly: the footpads roll follows the gambling at a bawdyhouse."""
    ch = Character("Falstaff", social_level=4, crowns=100)
    turn = make_turn(ch, rolls=[1, 2])
    with pytest.raises(DiceExhausted, match="footpads"):
        bawdyhouse.visit(turn, ch, VisitBawdyhouse(purse=58, gamble=Gambling(1, 50)), 2)


def test_the_gazette_prints_gambling_of_note():
    """The gazette prints gambling wins and losses of note; a report gives every bet's tally."""
    from test_gazette import campaign

    from engarde.rules.gambling.codes import EV_GAMBLING as CODE
    from engarde.gazette import GazetteData, render_html, render_report
    from engarde.records import Event

    data = dict(where="Hunter's", bets=3, stake=100, wins=0, losses=3, cuts=0, staked=300, net=-300, status=-2,
                notes=[])
    events = [Event(APRIL, 1, CODE, ("Athos",), True, data),
              Event(APRIL, 2, CODE, ("Athos",), False, dict(data, net=-20))]
    gz = GazetteData(campaign(), APRIL, [Character("Athos", social_level=10)], events)
    html = render_html(gz)
    assert "left 300 crowns upon the tables of Hunter&#39;s" in html and "20 crowns" not in html
    report = render_report(gz, "Athos", [])
    assert "You placed 3 bets of 100 crowns at Hunter&#39;s: 0 won, 3 lost, 0 cut; -300 crowns and -2 status" in report

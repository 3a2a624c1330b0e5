"""c. Gambling: the refusals and the bets' own lines, each pinned by a month played (mutation
testing: docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

from engarde.calendar import GameMonth
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.clubs.orders import VisitClub
from engarde.rules.gambling.orders import Gambling

APRIL = GameMonth(1607, 4)


def _week(club: str, gamble: Gambling, dice: list[int], sl: int = 9, crowns: int = 1000):
    ch = Character("Aramis", social_level=sl, crowns=crowns, club=club)
    sheet = OrderSheet("a", ch.name, month=APRIL, weeks={1: VisitClub(club, gamble=gamble)})
    return resolve_month(APRIL, [ch], {ch.name: sheet}, ScriptedDice(dice))


def _refused(result):
    return [(e.week, e.characters, e.public, e.data) for e in result.events if e.code == "order-refused"]


def test_no_bets_or_no_stake_is_no_gambling():
    """"The character announces the amount he is betting": no bets, or a stake of nothing, places nothing,
    and he is told (a stake of one crown is a bet)."""
    for gamble in (Gambling(bets=0, stake=50), Gambling(bets=2, stake=0)):
        result = _week("Hunter's", gamble, [])
        assert _refused(result) == [(1, ("Aramis",), False, {"order": gamble.describe(),
                                                            "reason": "no bet to place"})]
        assert not [e for e in result.events if e.code == "gambling"]
    one = _week("Hunter's", Gambling(bets=1, stake=1), [1, 6])
    assert [(e.data["stake"], e.data["net"]) for e in one.events if e.code == "gambling"] == [(1, 1)]


def test_a_stake_below_bothwells_minimum_is_refused_and_said():
    """Bothwell's: "None; min of 100": a stake of 99 is refused (not raised), and he is told why."""
    gamble = Gambling(bets=1, stake=99)
    result = _week("Bothwell's", gamble, [], sl=12)
    assert _refused(result) == [(1, ("Aramis",), False, {"order": gamble.describe(),
                                                        "reason": "the smallest stake at Bothwell's is 100 crowns"})]


def test_nine_bets_are_all_placed_and_the_dice_and_lines_say_each():
    """"A character may place only nine bets in any one week": nine are placed whole (no note); each bet's
    dice and ledger line name it ("bet 3 of 9"); "Ties and rolls lower than the croupier's are won by the
    house": a lower roll is "lost", a tie "lost (ties go to the house)"."""
    dice = [4, 2, 4, 4] + [1, 6] * 7
    result = _week("Hunter's", Gambling(bets=9, stake=10), dice)
    (ev,) = [e for e in result.events if e.code == "gambling"]
    assert (ev.data["bets"], ev.data["notes"], ev.data["losses"], ev.data["wins"]) == (9, [], 2, 7)
    lines = [e.reason for e in result.ledger if e.field == "crowns" and e.week == 1]
    assert lines[:2] == ["bet 1 of 9, 10 crowns at Hunter's: the house rolled 4, he rolled 2: lost",
                         "bet 2 of 9, 10 crowns at Hunter's: the house rolled 4, he rolled 4: lost (ties go to the "
                         "house)"]
    assert [r.reason for r in result.rolls[4:6]] == [
        "gambling: the croupier's die against Aramis, bet 3 of 9 at Hunter's",
        "gambling: Aramis's die, bet 3 of 9 at Hunter's (must beat 1)"]


def test_a_bet_he_cannot_cover_is_his_own_affair():
    """"Credit is not allowed": the bet he cannot cover is not placed; he is told, privately, in its week."""
    result = _week("Red Phillips", Gambling(bets=2, stake=50), [1, 1], sl=4, crowns=60)
    (short,) = [e for e in result.events if e.code == "cannot-afford"]
    assert (short.week, short.public, short.data) == (1, False, {"what": "bet 2 of 2 at Red Phillips", "cost": 50,
                                                                 "had": 10})

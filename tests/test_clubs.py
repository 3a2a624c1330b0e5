"""c. Clubs and c. Carousing."""

from __future__ import annotations

import pytest

from helpers import rules_registry, tables

from engarde.config import Campaign
from engarde.gazette import GazetteData, render_html
from engarde.parse import parse_action, parse_sheet
from engarde.records import Event
from engarde.registry import Registry, RegistryError
from engarde.rules.clubs.codes import E_UNKNOWN_CLUB
from engarde.tables import Tables
from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from engarde.rules.clubs.codes import (
    EV_CLUB_DUES_PAID,
    EV_CLUB_JOINED,
    EV_CLUB_LAPSED,
    EV_CLUB_REFUSED,
    EV_CLUB_RESIGNED,
    EV_CLUB_TURNED_AWAY,
    EV_CLUB_VISIT,
)
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.rules.clubs.orders import ClubOrders, VisitClub
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.clubs import rules as clubs
from engarde.turn import Turn

APRIL = GameMonth(1607, 4)


def make_turn(*chars: Character, month: GameMonth = APRIL) -> Turn:
    return Turn(month, {c.name: c for c in chars}, ScriptedDice([]), Tables())


def codes(turn: Turn, code: str):
    return [e for e in turn.events if e.code == code]


# -- joining and resigning -------------------------------------------------------------------


def test_join_with_the_social_level_required():
    """"Characters who meet the requirements of a club are automatically made members on
    applying." (Hunter's: SL of 9+)"""
    ch = Character("Falstaff", social_level=9)
    turn = make_turn(ch)
    assert clubs.join(turn, ch, "Hunter's") is True
    assert ch.club == "Hunter's"
    (entry,) = turn.ledger
    assert (entry.field, entry.value, entry.week, entry.rule) == ("club", "Hunter's", MONTH_START, "c. Clubs")
    (ev,) = codes(turn, EV_CLUB_JOINED)
    assert ev.data == {"club": "Hunter's"} and ev.public


def test_join_refused_below_the_minimum_social_level():
    """"The main requirement is a minimum Social Level" (Hunter's: SL of 9+)."""
    ch = Character("Jacques", social_level=8)
    turn = make_turn(ch)
    assert clubs.join(turn, ch, "hunters") is False
    assert ch.club is None and turn.ledger == []
    (ev,) = codes(turn, EV_CLUB_REFUSED)
    assert ev.data == {"club": "Hunter's", "reason": "requires SL of 9+; SL 8 is too low"} and not ev.public


def test_horse_guards_needs_an_officer_of_the_brigade():
    """Clubs Table: "3 The Horse Guards  Officer of Horse Guards Brigade" (no regiments yet)."""
    ch = Character("Cyrano", social_level=14)
    turn = make_turn(ch)
    assert clubs.join(turn, ch, "The Horse Guards") is False
    assert codes(turn, EV_CLUB_REFUSED)[0].data == {
        "club": "The Horse Guards", "reason": "requires an officer of the Horse Guards Brigade"}


def test_one_club_at_a_time():
    """"A character may belong to only one club at a time"."""
    ch = Character("Cyrano", social_level=14, club="Hunter's")
    turn = make_turn(ch)
    assert clubs.join(turn, ch, "Bothwell's") is False
    assert ch.club == "Hunter's"
    assert codes(turn, EV_CLUB_REFUSED)[0].data["reason"] == (
        "already a member of Hunter's (one club at a time: resign first)")


def test_resign_then_join_another_at_once():
    """"Upon resigning, a player ... may immediately try to join a different one."
    A sheet with both resigns first."""
    ch = Character("Cyrano", social_level=14, club="Hunter's", crowns=100)
    sheet = OrderSheet("cyrano.eml", "Cyrano")
    sheet.monthly.edit(ClubOrders).resign_club = True
    sheet.monthly.edit(ClubOrders).join_club = "Bothwell's"
    result = resolve_month(APRIL, [ch], {"Cyrano": sheet}, ScriptedDice([]))
    after = result.characters[0]
    assert after.club == "Bothwell's"
    assert [e.code for e in result.events if e.week == MONTH_START] == [EV_CLUB_RESIGNED, EV_CLUB_JOINED]
    clubs_entries = [(e.field, e.value, e.delta) for e in result.ledger if e.field.startswith("club")]
    assert clubs_entries[:3] == [("club", None, None), ("club_barred.2", None, 3), ("club", "Bothwell's", None)]
    # Bothwell's dues, not Hunter's, at month end; 8 status points a month.
    assert [(e.delta, e.reason) for e in result.ledger if e.field == "crowns"] == [
        (-28, "support for the month (2 × SL 14)"), (-30, "Bothwell's dues for the month")]


def test_may_not_rejoin_for_three_months():
    """"Upon resigning, a player may not rejoin that club for three months." Resigned at the start
    of April: refused in April, May and June, a member again in July."""
    ch = Character("Porthos", social_level=10, club="Hunter's", crowns=1000)
    month = APRIL
    turn = make_turn(ch, month=month)
    assert clubs.resign(turn, ch) is True
    assert ch.club is None and ch.counters == {"club_barred.2": 3}
    assert codes(turn, EV_CLUB_RESIGNED)[0].data == {"club": "Hunter's"}
    assert clubs.join(turn, ch, "Hunter's") is False
    clubs.count_down_bars(turn, ch)
    for expected_left in (2, 1):  # May, June
        month = month.next()
        turn = make_turn(ch, month=month)
        assert clubs.join(turn, ch, "Hunter's") is False
        assert codes(turn, EV_CLUB_REFUSED)[0].data["reason"] == (
            "resigned from Hunter's within the last 3 months")
        assert ch.counters == {"club_barred.2": expected_left}
        clubs.count_down_bars(turn, ch)
    month = month.next()
    assert month == GameMonth(1607, 7)
    turn = make_turn(ch, month=month)
    assert ch.counters == {}
    assert clubs.join(turn, ch, "Hunter's") is True


def test_resigning_member_owes_no_dues_and_gets_no_status():
    """"A character may resign from a club at any time without penalty, except for the loss of the
    remainder of that month's dues": dues fall due at month end, so he pays none, gets no points."""
    ch = Character("Aramis", social_level=7, club="The Blue Gables", crowns=100)
    turn = make_turn(ch)
    clubs.resign(turn, ch)
    assert clubs.pay_dues(turn, ch) is False
    assert clubs.monthly_status(turn, ch) == 0
    assert ch.crowns == 100 and ch.status_points == 0


# -- month end: dues and status ----------------------------------------------------------------------


def test_dues_paid_and_monthly_status_points():
    """"Characters need not visit a club during a month to gain Status Points from belonging, but
    must pay their dues": Hunter's, dues 20, 6 status points a month."""
    ch = Character("Falstaff", social_level=9, club="Hunter's", crowns=100)
    turn = make_turn(ch)
    assert clubs.pay_dues(turn, ch) is True
    assert clubs.monthly_status(turn, ch) == 6
    assert ch.crowns == 80 and ch.status_points == 6
    assert [(e.field, e.delta, e.reason, e.rule, e.week) for e in turn.ledger] == [
        ("crowns", -20, "Hunter's dues for the month", "c. Clubs", MONTH_END),
        ("status_points", 6, "member of Hunter's (6 status points a month)", "c. Clubs", MONTH_END),
    ]
    (ev,) = codes(turn, EV_CLUB_DUES_PAID)
    assert ev.data == {"club": "Hunter's", "dues": 20} and not ev.public


def test_member_who_joined_this_month_pays_this_months_dues():
    """Dues "must be paid each month in order to remain a member": a new member pays at month end."""
    ch = Character("Jacques", social_level=4, crowns=50)
    turn = make_turn(ch)
    clubs.join(turn, ch, "Red Phillips")
    clubs.pay_dues(turn, ch)
    clubs.monthly_status(turn, ch)
    assert ch.club == "Red Phillips" and ch.crowns == 45 and ch.status_points == 2


def test_unpaid_dues_membership_lapses():
    """"must pay their dues in order to retain membership in good standing": unpaid, he is out,
    and gets no status points for the month."""
    ch = Character("Falstaff", social_level=9, club="Hunter's", crowns=15)
    turn = make_turn(ch)
    assert clubs.pay_dues(turn, ch) is False
    assert clubs.monthly_status(turn, ch) == 0
    assert ch.club is None and ch.crowns == 15 and ch.status_points == 0
    (entry,) = turn.ledger
    assert (entry.field, entry.value, entry.reason) == (
        "club", None, "membership of Hunter's lapsed: dues of 20 unpaid")
    (ev,) = codes(turn, EV_CLUB_LAPSED)
    assert ev.data == {"club": "Hunter's", "dues": 20, "had": 15} and ev.public
    # A lapse is not a resignation: no bar on rejoining.
    assert ch.counters == {}


# -- visits and carousing --------------------------------------------------------------------------------


def test_visit_his_own_club():
    """"Visiting a club counts as an action": VisitClub with no club named means his own."""
    ch = Character("Falstaff", social_level=9, club="Hunter's", crowns=100)
    turn = make_turn(ch)
    assert clubs.visit(turn, ch, VisitClub(), 1) is True
    assert turn.ledger == []
    (ev,) = codes(turn, EV_CLUB_VISIT)
    assert ev.data == {"club": "Hunter's", "caroused": False, "companions": []} and ev.public


def test_carousing_costs_social_level_and_gains_a_status_point():
    """"Liquid refreshment costs Crowns equal in number to the Social Level of the character."
    Cyrano (SL 14) at Bothwell's "receives 1 for carousing (at a cost of 14 crowns)"."""
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=100)
    turn = make_turn(cyrano)
    assert clubs.visit(turn, cyrano, VisitClub("Bothwell's", carouse=True, companions=("Jacques",)), 2)
    assert cyrano.crowns == 86 and cyrano.status_points == 1
    assert [(e.field, e.delta, e.reason, e.rule, e.week) for e in turn.ledger] == [
        ("crowns", -14, "caroused at Bothwell's (SL 14 crowns)", "c. Carousing", 2),
        ("status_points", 1, "caroused at Bothwell's", "c. Carousing", 2),
    ]
    (ev,) = codes(turn, EV_CLUB_VISIT)
    assert ev.data == {"club": "Bothwell's", "caroused": True, "companions": ["Jacques"]}


def test_carousing_he_cannot_afford():
    """Carousing must be paid for (no credit): without SL crowns, no refreshment, no point."""
    ch = Character("Falstaff", social_level=9, club="Hunter's", crowns=8)
    turn = make_turn(ch)
    assert clubs.visit(turn, ch, VisitClub(carouse=True), 3) is True
    assert ch.crowns == 8 and ch.status_points == 0 and turn.ledger == []
    (cant,) = codes(turn, EV_CANNOT_AFFORD)
    assert cant.data == {"what": "carousing", "cost": 9, "had": 8}
    assert codes(turn, EV_CLUB_VISIT)[0].data["caroused"] is False


def test_non_member_is_turned_away():
    """"[A character may not] visit a club unless he is a member of that club or a guest of a
    member (see Toadying)": a non-member who goes with no member is turned away, the week wasted
    (guests: tests/test_toadying.py)."""
    ch = Character("Jacques", social_level=4, club="Red Phillips", crowns=100)
    turn = make_turn(ch)
    assert clubs.visit(turn, ch, VisitClub("Bothwell's", carouse=True), 1) is False
    assert turn.ledger == [] and codes(turn, EV_CLUB_VISIT) == []
    (ev,) = codes(turn, EV_CLUB_TURNED_AWAY)
    assert ev.data == {"club": "Bothwell's", "reason": "not a member of Bothwell's"}
    assert not ev.public


def test_own_club_visit_without_a_club_is_refused():
    """A visit to "his club" by a man who belongs to none: the order is refused, the week wasted."""
    ch = Character("Nobody", social_level=4, crowns=100)
    turn = make_turn(ch)
    assert clubs.visit(turn, ch, VisitClub(), 1) is False
    assert turn.ledger == [] and codes(turn, EV_CLUB_TURNED_AWAY) == []
    assert codes(turn, EV_ORDER_REFUSED)[0].data == {"order": "Visit own club", "reason": "not a member of any club"}


def test_a_visit_records_where_he_was():
    """Whereabouts: a member's visit puts him at "club:<name>" that week (toadying, rival suitors and
    duels read it); a man turned away is nowhere."""
    falstaff = Character("Falstaff", social_level=9, club="Hunter's", crowns=100)
    jacques = Character("Jacques", social_level=4, club="Red Phillips", crowns=100)
    turn = make_turn(falstaff, jacques)
    clubs.visit(turn, falstaff, VisitClub(), 2)
    clubs.visit(turn, jacques, VisitClub("Hunter's"), 2)
    assert turn.whereabouts == {2: {"club:Hunter's": ["Falstaff"]}}


# -- a campaign's tables ---------------------------------------------------------------------------


def test_a_campaigns_clubs_table_reaches_the_rules():
    """A campaign's Clubs Table is the one its members pay and gain by: "the dues which must be
    paid each month in order to remain a member and the number of Status Points a character
    receives each month for being a member of that club" (Hunter's at 25 and 7 instead of 20 and
    6); "Upon resigning, a player may not rejoin that club for three months" (here one)."""
    t = tables({"clubs": {"clubs": {"Hunter's": {"dues": 25, "status_per_month": 7}}, "rejoin_bar_months": 1}})
    athos = Character("Athos", social_level=9, club="Hunter's", crowns=100)
    porthos = Character("Porthos", social_level=10, club="Hunter's", crowns=100)
    turn = Turn(APRIL, {c.name: c for c in (athos, porthos)}, ScriptedDice([]), t)
    assert clubs.pay_dues(turn, athos) is True and athos.crowns == 75
    assert clubs.monthly_status(turn, athos) == 7
    assert clubs.resign(turn, porthos) is True and porthos.counters == {"club_barred.2": 1}
    assert clubs.join(turn, porthos, "Hunter's") is False
    assert codes(turn, EV_CLUB_REFUSED)[0].data["reason"] == "resigned from Hunter's within the last 1 months"
    clubs.count_down_bars(turn, porthos)
    may = Turn(APRIL.next(), {"Porthos": porthos}, ScriptedDice([]), t)
    assert clubs.join(may, porthos, "Hunter's") is True


def test_a_campaigns_price_of_carousing_reaches_the_rule():
    """"Liquid refreshment costs Crowns equal in number to the Social Level of the character"
    and "he gains a Status Point": a campaign charging twice the Social Level for 2 points.  A
    guest of a higher host pays "a carousing cost equal to that of his host", at the same rate."""
    t = tables({"clubs": {"carousing_per_sl": 2, "carousing_status": 2}})
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=100)
    jacques = Character("Jacques", social_level=4, crowns=100)
    turn = Turn(APRIL, {c.name: c for c in (cyrano, jacques)}, ScriptedDice([]), t)
    assert clubs.visit(turn, cyrano, VisitClub(carouse=True, companions=("Jacques",)), 2)
    assert clubs.visit(turn, jacques, VisitClub("Bothwell's", carouse=True, guest_of="Cyrano"), 2)
    assert (cyrano.crowns, cyrano.status_points) == (72, 2)
    assert (jacques.crowns, jacques.status_points) == (72, 2)
    assert [e.reason for e in turn.ledger if e.field == "crowns"] == [
        "caroused at Bothwell's (2 × SL 14 crowns)",
        "caroused at Bothwell's as the guest of Cyrano (his host's 2 × SL 14 crowns)"]


def test_a_campaigns_club_spellings_reach_the_parser():
    """The club a player names is found in his campaign's Clubs Table: a campaign that calls
    Hunter's "La Chasse" reads "Visit La Chasse" and "Join: La Chasse" (a week's verb and a
    monthly line), and suggests it for a near miss; the book's table does not know it."""
    registry = rules_registry({"clubs": {"clubs": {"Hunter's": {"aliases": ["hunters", "la chasse"]}}}})
    assert parse_action("Visit La Chasse and carouse", registry=registry) == VisitClub("Hunter's", carouse=True)
    sheet = parse_sheet("Character: Athos\nJoin: La Chasse\nResign from La Chasse", "athos.txt", registry=registry)
    assert sheet.ok, sheet.errors
    assert (sheet.monthly.of(ClubOrders).join_club, sheet.monthly.of(ClubOrders).resign_club) == ("Hunter's", True)
    notes: list[str] = []
    assert parse_action("Visit La Chase", notes, registry=registry) == VisitClub("Hunter's")  # a slip, read
    assert notes == ["read 'La Chase' as 'Hunter's'"]
    near = parse_action("Visit La Chasseresse", registry=registry)
    assert near.code == E_UNKNOWN_CLUB and near.suggestion == "did you mean Hunter's?"
    assert parse_action("Visit La Chasse").code == E_UNKNOWN_CLUB


def test_the_gazette_prints_the_clubs_in_the_campaigns_order():
    """The week's visits are printed club by club in the order of the Clubs Table ("Club rankings
    are found on the Club Table"): the book's puts Hunter's (2) before the Blue Gables (4); a
    campaign that ranks Hunter's fifth prints the Blue Gables first."""
    def first(registry):
        html = render_html(GazetteData(Campaign(id="demo", name="Demo", newspaper="La Gazette",
                                                first_month=APRIL, seed="demo", database="sqlite:///:memory:"),
                                       APRIL, [], visits, registry=registry))
        return "Hunter" if html.index("Hunter&#39;s</b>") < html.index("Blue Gables</b>") else "Blue Gables"

    visits = [Event(APRIL, 1, EV_CLUB_VISIT, (who,), True, {"club": club, "caroused": False, "companions": []})
              for who, club in (("Athos", "Hunter's"), ("Aramis", "The Blue Gables"))]
    assert first(rules_registry()) == "Hunter"
    assert first(rules_registry({"clubs": {"clubs": {"Hunter's": {"rank": 5}}}})) == "Blue Gables"


def test_a_bad_clubs_table_is_refused_with_the_key_named():
    """A campaign's Clubs Table is checked: negative dues, a gambling divisor of 0 (the rules
    divide by it), a club the table lacks are refused, the key named."""
    for bad, key in (({"clubs": {"Hunter's": {"dues": -5}}}, "tables.clubs.clubs.\"Hunter's\".dues"),
                     ({"clubs": {"Red Phillips": {"gambling_divisor": 0}}},
                      'tables.clubs.clubs."Red Phillips".gambling_divisor'),
                     ({"clubs": {"White's": {"dues": 5}}}, "tables.clubs.clubs.\"White's\""),
                     ({"rejoin_bar_months": "three"}, "tables.clubs.rejoin_bar_months")):
        with pytest.raises(RegistryError) as refused:
            Registry.build((), tables={"clubs": bad})
        assert key in str(refused.value)

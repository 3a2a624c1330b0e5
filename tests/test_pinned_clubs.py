"""c. Clubs: every number of the Clubs Table and the boundaries of its rules, each pinned by a
month played (mutation testing found rows and comparisons that could change unnoticed:
docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

import pytest

from engarde.calendar import MONTH_END, GameMonth
from engarde.dice import ScriptedDice, SeededDice
from engarde.orders import OrderSheet, Parts
from engarde.records import Character, Event
from engarde.resolve import resolve_month
from engarde.rules.clubs.codes import EV_CLUB_JOINED, EV_CLUB_REFUSED, EV_CLUB_VISIT
from engarde.rules.clubs.gazette import club_visits
from engarde.rules.clubs.orders import ClubOrders, VisitClub
from engarde.rules.gambling.codes import EV_GAMBLING
from engarde.rules.gambling.orders import Gambling
from engarde.rules.loans.orders import Borrow, Lend, LoanOrders
from engarde.tables import Tables

APRIL = GameMonth(1607, 4)

# Clubs Table: "Rank and name", "Requirements", "Dues", "Status/month", "House limit", "Gambling divisor"
ROWS = {
    "Bothwell's": (12, 30, 8, None, 500),
    "Hunter's": (9, 20, 6, 200, 300),
    "The Horse Guards": (None, 20, 4, 250, 300),
    "The Blue Gables": (7, 15, 4, 150, 200),
    "The Frog & Peach": (5, 10, 3, 100, 150),
    "Red Phillips": (3, 5, 2, 50, 150),
}


def _member(club: str, sl: int) -> Character:
    if club == "The Horse Guards":  # "Officer of Horse Guards Brigade"
        return Character("Aramis", social_level=sl, crowns=5000, club=club, regiment="Dragoon Guards",
                         rank="Captain", counters={"regiment.horses": 1})
    return Character("Aramis", social_level=sl, crowns=5000, club=club)


def _month(ch: Character, weeks: dict, dice=None, monthly=None):
    sheet = OrderSheet("a", ch.name, month=APRIL, weeks=weeks)
    if monthly is not None:
        sheet.monthly.edit(ClubOrders).join_club = monthly
    return resolve_month(APRIL, [ch], {ch.name: sheet}, dice or SeededDice(f"pinned:{ch.club}"))


@pytest.mark.parametrize("club", sorted(ROWS))
def test_each_row_of_the_clubs_table_in_a_month(club):
    """Clubs Table, each row: a member visits and places three bets above the house limit ("This amount
    cannot exceed the house limit of the club at which he is gambling"; Bothwell's: "None"), then "divides
    it by the gambling divisor of the club he is in, dropping fractions"; at month end he pays the dues
    and gains the status "for being a member of that club"."""
    sl, dues, status, limit, divisor = ROWS[club]
    ch = _member(club, sl or 9)
    stake = (limit or 600) + 50
    result = _month(ch, {1: VisitClub(club, gamble=Gambling(bets=3, stake=stake))})
    (ev,) = [e for e in result.events if e.code == EV_GAMBLING]
    placed = limit if limit is not None else stake
    assert ev.data["stake"] == placed and ev.data["staked"] == 3 * placed and ev.data["cuts"] == 0
    mine = [(e.field, e.delta, e.reason) for e in result.ledger if e.character == "Aramis"]
    points = 3 * placed // divisor
    assert ("status_points", points, f"{3 * placed} crowns staked at {club} this week ÷ {divisor} (gambling "
                                     "divisor)") in mine
    assert ("crowns", -dues, f"{club} dues for the month") in mine
    assert ("status_points", status, f"member of {club} ({status} status points a month)") in mine
    assert [e.week for e in result.ledger if e.reason == f"{club} dues for the month"] == [MONTH_END]


@pytest.mark.parametrize("club", [c for c in sorted(ROWS) if ROWS[c][0] is not None])
def test_an_sl_equal_to_the_clubs_requirement_joins_and_one_below_does_not(club):
    """"The main requirement is a minimum Social Level": "SL of N+" takes SL N (and not N - 1);
    "Characters who meet the requirements of a club are automatically made members on applying"."""
    sl = ROWS[club][0]
    joined = _month(Character("Aramis", social_level=sl, crowns=500), {}, monthly=club)
    assert [e.data["club"] for e in joined.events if e.code == EV_CLUB_JOINED] == [club]
    refused = _month(Character("Aramis", social_level=sl - 1, crowns=500), {}, monthly=club)
    assert not [e for e in refused.events if e.code == EV_CLUB_JOINED]
    (why,) = [e.data["reason"] for e in refused.events if e.code == EV_CLUB_REFUSED]
    assert f"SL {sl - 1} is too low" in why


def test_a_stake_equal_to_bothwells_minimum_is_placed():
    """Bothwell's house limit: "None; min of 100": a stake of 100 is placed, one of 99 is not."""
    ch = _member("Bothwell's", 12)
    at = _month(ch, {1: VisitClub("Bothwell's", gamble=Gambling(bets=1, stake=100))}, ScriptedDice([1, 6]))
    (ev,) = [e for e in at.events if e.code == EV_GAMBLING]
    assert (ev.data["stake"], ev.data["wins"], ev.data["net"]) == (100, 1, 100)
    below = _month(ch, {1: VisitClub("Bothwell's", gamble=Gambling(bets=1, stake=99))}, ScriptedDice([]))
    assert not [e for e in below.events if e.code == EV_GAMBLING]


def test_a_stake_equal_to_the_house_limit_is_placed_whole():
    """"This amount cannot exceed the house limit": a stake equal to Hunter's limit (200) is the stake
    written, not a stake cut (the confirmation's note is for a stake above it)."""
    ch = _member("Hunter's", 9)
    result = _month(ch, {1: VisitClub("Hunter's", gamble=Gambling(bets=1, stake=200))}, ScriptedDice([1, 6]))
    (ev,) = [e for e in result.events if e.code == EV_GAMBLING]
    assert (ev.data["stake"], ev.data["notes"]) == (200, [])
    assert [e for e in result.events if e.code == EV_CLUB_VISIT]


def test_no_bet_affordable_places_none():
    """"Credit is not allowed" (gambling money comes from his crowns): with 30 crowns he cannot cover a
    first bet of 50 at Red Phillips: no bet, no status, no gambling to print; the visit stands."""
    ch = Character("Aramis", social_level=6, crowns=30, club="Red Phillips")
    result = _month(ch, {1: VisitClub("Red Phillips", gamble=Gambling(bets=3, stake=50))}, ScriptedDice([]))
    assert not [e for e in result.events if e.code == EV_GAMBLING]
    (short,) = [e for e in result.events if e.code == "cannot-afford"]
    assert (short.data["cost"], short.data["had"]) == (50, 30) and "bet 1 of 3" in short.data["what"]
    assert not [e for e in result.ledger if e.rule == "c. Gambling"]
    assert [e.data["club"] for e in result.events if e.code == EV_CLUB_VISIT] == ["Red Phillips"]


def test_several_clubs_in_use_in_one_week():
    """"divides it by the gambling divisor of the club he is in": three members gamble at three clubs in
    the same week, each at his own club's limit and divisor (Red Phillips 50 / 150, Hunter's 200 / 300, the
    Blue Gables 150 / 200), and each visit is recorded at his own club."""
    men = [Character("Aramis", social_level=4, crowns=900, club="Red Phillips"),
           Character("Athos", social_level=9, crowns=900, club="Hunter's"),
           Character("Porthos", social_level=7, crowns=900, club="The Blue Gables")]
    sheets = {ch.name: OrderSheet(ch.name, ch.name, month=APRIL,
                                  weeks={1: VisitClub(ch.club, gamble=Gambling(bets=3, stake=500))}) for ch in men}
    result = resolve_month(APRIL, men, sheets, SeededDice("several clubs"))
    gambled = {e.characters[0]: (e.data["where"], e.data["stake"], e.data["staked"])
               for e in result.events if e.code == EV_GAMBLING}
    assert gambled == {"Aramis": ("Red Phillips", 50, 150), "Athos": ("Hunter's", 200, 600),
                       "Porthos": ("The Blue Gables", 150, 450)}
    divided = {e.character: (e.delta, e.reason.split(" ÷ ")[1]) for e in result.ledger if "÷" in e.reason}
    assert divided == {"Aramis": (1, "150 (gambling divisor)"), "Athos": (2, "300 (gambling divisor)"),
                       "Porthos": (2, "200 (gambling divisor)")}
    assert {e.characters[0]: e.data["club"] for e in result.events if e.code == EV_CLUB_VISIT} == {
        "Aramis": "Red Phillips", "Athos": "Hunter's", "Porthos": "The Blue Gables"}


def _told(result, *codes_):
    return [(e.code, e.week, e.characters, e.public, e.data) for e in result.events if e.code in codes_]


def test_the_clubs_month_line_by_line():
    """c. Clubs, each step of a month with its ledger lines and what each man is told:
    "A character may resign from a club at any time, with the loss of the remainder of that month's dues.
    Upon resigning, a player may not rejoin that club for three months" (Porthos resigns: the bar, counted
    down a month at the month's end); "A character may belong to only one club at a time" (Athos, of
    Hunter's, asks to join Red Phillips); Aramis resigns from no club, asks for a club that does not
    exist, visits a club that does not exist, his own club (he has none), and goes as the guest of
    Porthos, who is at no club that week; Jacques cannot pay his dues: his membership lapses, news."""
    men = [Character("Porthos", social_level=9, crowns=500, club="Hunter's"),
           Character("Athos", social_level=9, crowns=500, club="Hunter's"),
           Character("Aramis", social_level=9, crowns=500),
           Character("Jacques", social_level=4, crowns=3, club="Red Phillips")]
    sheets = {n: OrderSheet(n, n, month=APRIL) for n in ("Porthos", "Athos", "Aramis")}
    sheets["Porthos"].monthly.edit(ClubOrders).resign_club = True
    sheets["Athos"].monthly.edit(ClubOrders).join_club = "Red Phillips"
    sheets["Aramis"].monthly.edit(ClubOrders).resign_club = True
    sheets["Aramis"].monthly.edit(ClubOrders).join_club = "White's"
    sheets["Aramis"].weeks = {1: VisitClub("White's"), 2: VisitClub(""), 3: VisitClub("", guest_of="Porthos")}
    result = resolve_month(APRIL, men, sheets, ScriptedDice([]))
    lines = [(e.character, e.field, e.delta, e.value, e.week, e.reason, e.rule) for e in result.ledger
             if e.rule == "c. Clubs" and e.field not in ("crowns", "status_points")]
    assert lines == [
        ("Porthos", "club", None, None, 0, "resigned from Hunter's", "c. Clubs"),
        ("Porthos", "club_barred.2", 3, None, 0, "may not rejoin Hunter's for 3 months after resigning", "c. Clubs"),
        ("Jacques", "club", None, None, MONTH_END, "membership of Red Phillips lapsed: dues of 5 unpaid", "c. Clubs"),
        ("Porthos", "club_barred.2", -1, None, MONTH_END, "a month passed since resigning from Hunter's", "c. Clubs"),
    ]
    assert _told(result, "order-refused", EV_CLUB_REFUSED, "club-resigned", "club-membership-lapsed") == [
        ("order-refused", 0, ("Aramis",), False, {"order": "resign from club", "reason": "not a member of any club"}),
        (EV_CLUB_REFUSED, 0, ("Aramis",), False, {"club": "White's", "reason": "no such club"}),
        (EV_CLUB_REFUSED, 0, ("Athos",), False, {"club": "Red Phillips", "reason": "already a member of Hunter's "
                                                  "(one club at a time: resign first)"}),
        ("club-resigned", 0, ("Porthos",), True, {"club": "Hunter's"}),
        ("order-refused", 1, ("Aramis",), False, {"order": VisitClub("White's").describe(),
                                                  "reason": "no club called \"White's\""}),
        ("order-refused", 2, ("Aramis",), False, {"order": "Visit own club", "reason": "not a member of any club"}),
        ("order-refused", 3, ("Aramis",), False, {"order": VisitClub("", guest_of="Porthos").describe(),
                                                  "reason": "Porthos was at no club that week"}),
        ("club-membership-lapsed", MONTH_END, ("Jacques",), True, {"club": "Red Phillips", "dues": 5, "had": 3}),
    ]


def test_a_member_already_of_that_club_is_told_so():
    """"Characters who meet the requirements of a club are automatically made members on applying": one who
    is a member already is told so (and pays no more)."""
    ch = Character("Athos", social_level=9, crowns=500, club="Hunter's")
    result = _month(ch, {}, ScriptedDice([]), monthly="hunters")
    assert [e.data for e in result.events if e.code == EV_CLUB_REFUSED] == [
        {"club": "Hunter's", "reason": "already a member of Hunter's"}]


def test_a_club_the_table_lacks_is_reported_once_to_the_gm():
    """"Six clubs are listed in the Clubs Table": a sheet that records a club the campaign's table lacks
    (a row renamed since) is one error for the GM, however often the month asks for his club (dues, the
    month's status, a visit to his own club), and he is a member of nothing."""
    ch = Character("Athos", social_level=9, crowns=500, club="White's")
    result = _month(ch, {1: VisitClub("")}, ScriptedDice([]))
    assert [(e.source, e.line, e.code, e.message, e.suggestion) for e in result.errors] == [
        ("Athos", 0, "unknown-club", "Athos is recorded as a member of \"White's\", which is not in the Clubs Table",
         "correct the character's club")]
    assert not [e for e in result.ledger if e.rule == "c. Clubs"]


def test_what_a_member_and_a_stranger_are_told_privately():
    """"Characters need not visit a club during a month to gain Status Points from belonging, but must pay
    their dues" (the payment his own affair); "may not visit a club unless he is a member of that club or a
    guest of a member" (turned away: his own affair); carousing "costs Crowns equal to the Social Level of
    the character" (one he cannot pay: he is told, in its week)."""
    members = [Character("Athos", social_level=9, crowns=60, club="Hunter's"),
               Character("Aramis", social_level=9, crowns=500)]
    sheets = {"Athos": OrderSheet("t", "Athos", month=APRIL, weeks={2: VisitClub("Hunter's", carouse=True)}),
              "Aramis": OrderSheet("a", "Aramis", month=APRIL, weeks={1: VisitClub("Hunter's")})}
    athos_spends = resolve_month(APRIL, members, sheets, ScriptedDice([]))
    told = _told(athos_spends, "club-dues-paid", "club-turned-away", "cannot-afford")
    assert [(c, w, who, p) for c, w, who, p, _ in told] == [
        ("club-turned-away", 1, ("Aramis",), False), ("club-dues-paid", MONTH_END, ("Athos",), False)]
    members[0].crowns = 5
    short = resolve_month(APRIL, members, sheets, ScriptedDice([]))
    assert [(c, w, p, d) for c, w, _, p, d in _told(short, "cannot-afford")] == [
        ("cannot-afford", 2, False, {"what": "carousing", "cost": 9, "had": 5})]


def test_a_stranger_no_member_takes_in_is_turned_away_with_the_reason():
    """"may not visit a club unless he is a member of that club or a guest of a member": Aramis comes to
    Hunter's naming no one while Athos, a member, is there with no guests of his own; Jacques comes naming
    Porthos and Falstaff, neither of them a member there: each is turned away, told why."""
    men = [Character("Athos", social_level=9, crowns=500, club="Hunter's"),
           Character("Aramis", social_level=9, crowns=500), Character("Jacques", social_level=9, crowns=500),
           Character("Porthos", social_level=9, crowns=500), Character("Falstaff", social_level=9, crowns=500)]
    sheets = {"Athos": OrderSheet("t", "Athos", month=APRIL, weeks={1: VisitClub("Hunter's")}),
              "Aramis": OrderSheet("a", "Aramis", month=APRIL, weeks={1: VisitClub("Hunter's")}),
              "Jacques": OrderSheet("j", "Jacques", month=APRIL,
                                    weeks={1: VisitClub("Hunter's", companions=("Porthos", "Falstaff"))})}
    result = resolve_month(APRIL, men, sheets, ScriptedDice([]))
    assert [(e.characters, e.data["reason"]) for e in result.events if e.code == "club-turned-away"] == [
        (("Aramis",), "not a member of Hunter's"),
        (("Jacques",), "not a member of Hunter's, and no member there took him in as a guest (Porthos, Falstaff)")]
    joined = _month(Character("Aramis", social_level=9, crowns=500), {}, ScriptedDice([]), monthly="Hunter's")
    assert [(e.field, e.value, e.reason) for e in joined.ledger if e.field == "club"] == [
        ("club", "Hunter's", "joined Hunter's (SL of 9+; SL 9)")]


def test_guests_found_through_a_host_named_loosely_and_a_members_companions():
    """"A character may not visit a club unless he is a member of that club or a guest of a member"; "A
    character carousing as the guest of a character of higher Social Level must pay a carousing cost equal
    to that of his host."  In week 1 Red Phillips and Hunter's are both in use.  Aramis goes "as the guest of
    rodney  bergerac" (no club named, the name written loosely): he is taken to Hunter's, where Rodney
    Bergerac is, and carouses at his own cost (his host is of his own level, not higher); D'Artagnan goes to
    Red Phillips naming no host: Planchet, a member there, does not name him, Porthos, who goes "with
    D'Artagnan", takes him in."""
    men = [Character("Rodney Bergerac", social_level=9, crowns=500, club="Hunter's"),
           Character("Planchet", social_level=9, crowns=500, club="Red Phillips"),
           Character("Porthos", social_level=9, crowns=500, club="Red Phillips"),
           Character("Aramis", social_level=9, crowns=500),
           Character("D'Artagnan", social_level=6, crowns=500)]
    sheets = {"Rodney Bergerac": OrderSheet("r", "Rodney Bergerac", weeks={1: VisitClub()}),
              "Planchet": OrderSheet("pl", "Planchet", weeks={1: VisitClub()}),
              "Porthos": OrderSheet("p", "Porthos", weeks={1: VisitClub(companions=("D'Artagnan",))}),
              "Aramis": OrderSheet("a", "Aramis", weeks={1: VisitClub(guest_of="rodney  bergerac", carouse=True)}),
              "D'Artagnan": OrderSheet("d", "D'Artagnan", weeks={1: VisitClub("Red Phillips")})}
    result = resolve_month(APRIL, men, sheets, SeededDice("guests"))
    visits = {e.characters[0]: (e.data["club"], e.data.get("guest_of")) for e in result.events
              if e.code == EV_CLUB_VISIT and e.week == 1}
    assert visits == {"Rodney Bergerac": ("Hunter's", None), "Planchet": ("Red Phillips", None),
                      "Porthos": ("Red Phillips", None), "Aramis": ("Hunter's", "Rodney Bergerac"),
                      "D'Artagnan": ("Red Phillips", "Porthos")}
    assert [(e.character, e.field, e.delta, e.reason) for e in result.ledger
            if e.week == 1 and e.character == "Aramis"] == [
        ("Aramis", "crowns", -9, "caroused at Hunter's (SL 9 crowns)"),
        ("Aramis", "status_points", 1, "caroused at Hunter's"),
    ]


def test_a_member_arriving_with_the_guests_takes_one_in_and_the_weeks_order():
    """"A character may not visit a club unless he is a member of that club or a guest of a member"; b. Time
    Sequence: each week's actions in name order (engarde's choice), a guest's after the members' (he needs
    his host there).  In week 1 Planchet, a member of Red Phillips, goes "as the guest of Porthos" (another
    member) and so arrives with the guests, after Aramis, Porthos's guest; Treville, naming no host, is taken
    in by Planchet, who goes "with Treville", though Aramis, no member, arrived between them.  Bazin's
    borrowing, no club visit, is done in its name order, before Porthos's carousing: Porthos's offer of 100
    is taken whole and his 5 crowns left cannot pay his carousing (9)."""
    men = [Character("Porthos", social_level=9, crowns=105, club="Red Phillips"),
           Character("Planchet", social_level=9, crowns=500, club="Red Phillips"),
           Character("Aramis", social_level=9, crowns=500),
           Character("Treville", social_level=9, crowns=500),
           Character("Bazin", social_level=3, crowns=0)]
    sheets = {"Porthos": OrderSheet("p", "Porthos", weeks={1: VisitClub(carouse=True)},
                                    monthly=Parts([LoanOrders(lend=(Lend(100, "Bazin"),))])),
              "Planchet": OrderSheet("pl", "Planchet",
                                     weeks={1: VisitClub(guest_of="Porthos", companions=("Treville",))}),
              "Aramis": OrderSheet("a", "Aramis", weeks={1: VisitClub(guest_of="Porthos")}),
              "Treville": OrderSheet("t", "Treville", weeks={1: VisitClub("Red Phillips")}),
              "Bazin": OrderSheet("b", "Bazin", weeks={1: Borrow(100, "Porthos")})}
    result = resolve_month(APRIL, men, sheets, SeededDice("arrivals"))
    assert [(e.characters[0], e.data.get("guest_of")) for e in result.events
            if e.code == EV_CLUB_VISIT and e.week == 1] == [
        ("Porthos", None), ("Aramis", "Porthos"), ("Planchet", None), ("Treville", "Planchet")]
    assert [(e.character, e.field, e.delta) for e in result.ledger
            if e.week == 1 and e.character in ("Porthos", "Bazin") and e.field == "crowns"] == [
        ("Porthos", "crowns", -100), ("Bazin", "crowns", 100)]
    assert [e.data["what"] for e in result.events if e.code == "cannot-afford" and e.characters == ("Porthos",)] \
        == ["carousing"]


def test_the_gazettes_clubs_in_the_tables_order_and_a_club_it_lacks_last():
    """The gazette's club column: the clubs in the order of the Clubs Table, a club the campaign's table lacks
    (a visit recorded under an older table) after them all, as "No club" ranks."""
    tables = Tables().clubs
    events = [Event(APRIL, 1, EV_CLUB_VISIT, (name,), True, {"club": club, "caroused": False, "companions": []})
              for name, club in (("Athos", "The Old Club"), ("Porthos", "Red Phillips"), ("Aramis", "Hunter's"))]
    assert [(v.club, v.visitors) for v in club_visits(tables, events)] == [
        ("Hunter's", ["Aramis"]), ("Red Phillips", ["Porthos"]), ("The Old Club", ["Athos"])]


def test_hosts_are_found_among_that_weeks_crowd_at_that_club():
    """"A character may not visit a club unless he is a member of that club or a guest of a member": his host
    must be at that club that week.  Week 1: Aramis goes as the guest of Rodney Bergerac, at Hunter's; week 2:
    D'Artagnan goes to Red Phillips, where Porthos, a member who came "with D'Artagnan", takes him in; week 3:
    Aramis asks for Rodney again, who is at no club that week, and is refused, and D'Artagnan for "Cyrano",
    whom no one is called; week 4: Aramis names Rodney at Hunter's, where only Planchet, a member who named
    no one, is."""
    men = [Character("Rodney Bergerac", social_level=9, crowns=500, club="Hunter's"),
           Character("Planchet", social_level=9, crowns=500, club="Hunter's"),
           Character("Porthos", social_level=9, crowns=500, club="Red Phillips"),
           Character("Aramis", social_level=9, crowns=500),
           Character("D'Artagnan", social_level=6, crowns=500)]
    sheets = {"Rodney Bergerac": OrderSheet("r", "Rodney Bergerac", weeks={1: VisitClub()}),
              "Planchet": OrderSheet("pl", "Planchet", weeks={4: VisitClub()}),
              "Porthos": OrderSheet("p", "Porthos", weeks={2: VisitClub(companions=("D'Artagnan",))}),
              "Aramis": OrderSheet("a", "Aramis", weeks={1: VisitClub(guest_of="Rodney Bergerac"),
                                                        3: VisitClub(guest_of="Rodney Bergerac"),
                                                        4: VisitClub("Hunter's", guest_of="Rodney Bergerac")}),
              "D'Artagnan": OrderSheet("d", "D'Artagnan", weeks={2: VisitClub("Red Phillips"),
                                                                3: VisitClub(guest_of="Cyrano")})}
    result = resolve_month(APRIL, men, sheets, SeededDice("crowds"))
    assert [(e.week, e.characters[0], e.data["club"], e.data.get("guest_of")) for e in result.events
            if e.code == EV_CLUB_VISIT] == [
        (1, "Rodney Bergerac", "Hunter's", None), (1, "Aramis", "Hunter's", "Rodney Bergerac"),
        (2, "Porthos", "Red Phillips", None), (2, "D'Artagnan", "Red Phillips", "Porthos"),
        (4, "Planchet", "Hunter's", None)]
    refused = [(e.week, e.code, e.data.get("reason")) for e in result.events
               if e.characters == ("Aramis",) and e.week in (3, 4) and e.code != EV_CLUB_VISIT]
    assert refused == [
        (3, "order-refused", "Rodney Bergerac was at no club that week"),
        (4, "club-turned-away", "not a member of Hunter's, and no member there took him in as a guest "
                                "(Rodney Bergerac)")], refused
    assert [(e.week, e.code, e.data.get("reason")) for e in result.events
            if e.characters == ("D'Artagnan",) and e.week == 3] == [
        (3, "order-refused", "Cyrano was at no club that week")]

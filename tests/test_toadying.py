"""c. Toadying: guests at a club, their hosts, and the Toady Table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import rules_registry, tables

from engarde.registry import Registry, RegistryError
from engarde.tables import Tables
from engarde.calendar import GameMonth
from engarde.rules.clubs.codes import EV_CLUB_TURNED_AWAY, EV_CLUB_VISIT
from engarde.rules.toadying.codes import EV_TOADY_COMPANY, EV_TOADYING
from engarde.dice import Dice, ScriptedDice, SeededDice
from engarde.orders import OrderSheet, Rest
from engarde.rules.clubs.orders import VisitClub
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.toadying import rules as toadying
from engarde.rules.clubs.tables import ClubsTables
from engarde.rules.toadying.tables import ToadyingTables

APRIL = GameMonth(1607, 4)


def week_one(characters: list[Character], orders: dict[str, object], registry: Registry | None = None,
             dice: Dice | None = None):
    """Resolve April with these week-1 orders; return the result and week 1's ledger and events."""
    sheets = {name: OrderSheet(f"{name}.eml", name, weeks={1: order}) for name, order in orders.items()}
    result = resolve_month(APRIL, characters, sheets, dice or ScriptedDice([]), registry=registry)
    return result, [e for e in result.ledger if e.week == 1], [e for e in result.events if e.week == 1]


def gained(ledger, name: str, fieldname: str = "status_points") -> int:
    return sum(e.delta for e in ledger if e.character == name and e.field == fieldname)


def test_jacques_and_cyrano_at_bothwells():
    """The rulebook's example: "Jacques, Social Level 4, accompanies Cyrano, Social Level 14, to
    Bothwell's. He receives 5 Status Points for being at Bothwell's ... (6 – 1 = 5). He receives 5
    more points for being Cyrano's guest (14 – 4 = 10 / 2 = 5), and 1 more for carousing (at a cost
    of 14 crowns), for a grand total that week of 11 Status Points. Cyrano loses 2 Status Points for
    being seen in public with Jacques, but receives 1 for carousing (at a cost of 14 crowns)"."""
    jacques = Character("Jacques", social_level=4, club="Red Phillips", crowns=100)
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=500)
    result, ledger, events = week_one([jacques, cyrano], {
        "Jacques": VisitClub("Bothwell's", carouse=True, guest_of="Cyrano"),
        "Cyrano": VisitClub("Bothwell's", carouse=True, companions=("Jacques",)),
    })
    assert gained(ledger, "Jacques") == 11 and gained(ledger, "Jacques", "crowns") == -14
    assert gained(ledger, "Cyrano") == -1 and gained(ledger, "Cyrano", "crowns") == -14
    assert [(e.character, e.delta, e.reason, e.rule) for e in ledger if e.rule == "c. Toadying"] == [
        ("Jacques", 5, "guest of Cyrano at Bothwell's (rank 1); the best club open to him is Red Phillips (rank 6)",
         "c. Toadying"),
        ("Jacques", 5, "seen at Bothwell's with Cyrano, SL 14: half of 14 - 4", "c. Toadying"),
        ("Cyrano", -2, "seen at Bothwell's with Jacques, SL 4 (Toady Table, difference 10)", "c. Toadying"),
    ]
    assert [e.reason for e in ledger if e.character == "Jacques" and e.field == "crowns"] == [
        "caroused at Bothwell's as the guest of Cyrano (his host's SL 14 crowns)"]
    (toady,) = [e for e in events if e.code == EV_TOADYING]
    assert toady.characters == ("Jacques", "Cyrano") and not toady.public
    assert toady.data == {"club": "Bothwell's", "guest": "Jacques", "host": "Cyrano", "guest_points": 10,
                          "host_points": -2, "club_ranks": 5}
    visit = [e for e in events if e.code == EV_CLUB_VISIT and e.characters == ("Jacques",)][0]
    assert visit.data["guest_of"] == "Cyrano"


@pytest.mark.parametrize("difference, points", [
    (0, 1), (3, 1), (4, 0), (6, 0), (7, -1), (8, -1), (9, -2), (10, -2), (11, -3), (15, -3)])
def test_toady_table(difference, points):
    """Toady Table: "0-3 +1, 4-6 0, 7-8 -1, 9-10 -2, 11+ -3"."""
    assert ToadyingTables().toady_points(difference) == points


def test_only_members_or_guests_of_a_member_there_may_enter():
    """"may not visit a club unless he is a member of that club or a guest of a member": Jacques
    names Cyrano, but Cyrano is not at Bothwell's that week: Jacques is turned away."""
    jacques = Character("Jacques", social_level=4, club="Red Phillips", crowns=100)
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=500)
    result, ledger, events = week_one([jacques, cyrano], {
        "Jacques": VisitClub("Bothwell's", carouse=True, guest_of="Cyrano"), "Cyrano": Rest()})
    assert ledger == []
    (away,) = [e for e in events if e.code == EV_CLUB_TURNED_AWAY]
    assert away.data == {"club": "Bothwell's",
                         "reason": "not a member of Bothwell's, and no member there took him in as a guest (Cyrano)"}


def test_a_host_who_names_his_guest_takes_him_in():
    """"If a character is taken as a guest to a club": the host names him ("Go to Hunter's with
    Falstaff"), the guest only the club; the guest comes in after the members, whatever the name order."""
    albert = Character("Albert", social_level=6, crowns=100)
    zorro = Character("Zorro", social_level=9, club="Hunter's", crowns=100)
    result, ledger, events = week_one([albert, zorro], {
        "Albert": VisitClub("Hunter's"), "Zorro": VisitClub("Hunter's", companions=("albert",))})
    visits = [(e.characters, e.data.get("guest_of")) for e in events if e.code == EV_CLUB_VISIT]
    assert visits == [(("Zorro",), None), (("Albert",), "Zorro")]
    # Albert (SL 6) could join the Frog & Peach (rank 5): Hunter's (rank 2) gives 3, half of 3 gives 1;
    # Zorro +1 from the Toady Table (difference 3).
    assert gained(ledger, "Albert") == 3 + 1 and gained(ledger, "Zorro") == 1


def test_a_guest_goes_to_his_hosts_club_when_he_names_none():
    """"Visit his host's club as the guest of Cyrano": the club is wherever his host is that week."""
    jacques = Character("Jacques", social_level=4, crowns=100)
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=500)
    result, ledger, events = week_one([jacques, cyrano], {
        "Jacques": VisitClub("", guest_of="Cyrano"), "Cyrano": VisitClub()})
    visit = [e for e in events if e.code == EV_CLUB_VISIT and e.characters == ("Jacques",)][0]
    assert visit.data["club"] == "Bothwell's" and visit.data["guest_of"] == "Cyrano"


def test_club_rank_points_are_never_negative():
    """"the difference in rank between the highest club he is able to join ... and the one he is
    guest at". Choice: a guest who could join a better club than his host's gains no rank points.
    Bergerac (SL 12, Bothwell's open to him) as Porthos's guest at Hunter's gains none; Porthos,
    the lower, gains half the difference (3 // 2 = 1); Bergerac the Toady Table's +1."""
    bergerac = Character("Bergerac", social_level=12, crowns=100)
    porthos = Character("Porthos", social_level=9, club="Hunter's", crowns=100)
    result, ledger, events = week_one([bergerac, porthos], {
        "Bergerac": VisitClub("Hunter's", guest_of="Porthos"), "Porthos": VisitClub()})
    assert gained(ledger, "Bergerac") == 1 and gained(ledger, "Porthos") == 1
    (toady,) = [e for e in events if e.code == EV_TOADYING]
    assert toady.data["club_ranks"] == 0 and toady.data["guest_points"] == 1 and toady.data["host_points"] == 1


def test_the_horse_guards_count_among_the_clubs_he_is_able_to_join():
    """"he receives Status Points equal to the difference in rank between the highest club he is
    able to join (not necessarily the highest he has joined) and the one he is guest at"; the Clubs
    Table: "3 The Horse Guards  Officer of Horse Guards Brigade".  An SL 6 Captain of the Dragoon
    Guards (Horse Guards Brigade) could join the Horse Guards (rank 3), not only the Frog & Peach
    (rank 5): as a guest at Hunter's (rank 2) he gains 3 - 2 = 1 for the club, and half of 9 - 6
    = 1 for his host; a private of the same regiment, who may not join it, gains 5 - 2 = 3."""
    captain = Character("Captain", social_level=6, crowns=100, regiment="Dragoon Guards", rank="Captain")
    private = Character("Private", social_level=6, crowns=100, regiment="Dragoon Guards", rank="Private")
    host = Character("Host", social_level=9, club="Hunter's", crowns=100)
    result, ledger, events = week_one([captain, private, host], {
        "Captain": VisitClub("Hunter's", guest_of="Host"), "Private": VisitClub("Hunter's", guest_of="Host"),
        "Host": VisitClub()}, dice=SeededDice("regiment rolls"))  # the regiment's officers are rolled
    assert [(e.character, e.delta, e.reason) for e in ledger if e.reason.startswith("guest of")] == [
        ("Captain", 1, "guest of Host at Hunter's (rank 2); the best club open to him is The Horse Guards (rank 3)"),
        ("Private", 3, "guest of Host at Hunter's (rank 2); the best club open to him is The Frog & Peach (rank 5)"),
    ]
    assert gained(ledger, "Captain") == 1 + 1 and gained(ledger, "Private") == 3 + 1
    assert {e.data["guest"]: e.data["club_ranks"] for e in events if e.code == EV_TOADYING} == {
        "Captain": 1, "Private": 3}


def test_half_the_difference_drops_fractions():
    """"one half the difference in their Social Levels": 14 - 9 = 5, half is 2 (fractions dropped).
    A guest with no club open to him ranks as "7 No club"."""
    guest = Character("Guest", social_level=2, crowns=100)
    assert toadying.rank_points(Tables(), guest, ClubsTables().clubs[0]) == 6
    d = Character("D", social_level=9, crowns=100)
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=500)
    result, ledger, events = week_one([d, cyrano], {
        "D": VisitClub("Bothwell's", guest_of="Cyrano"), "Cyrano": VisitClub()})
    # Hunter's (rank 2) is the best open to SL 9: 2 - 1 = 1, and 5 // 2 = 2
    assert gained(ledger, "D") == 1 + 2 and gained(ledger, "Cyrano") == 0  # difference 5: Toady Table 0


def test_points_are_determined_for_each_guest_separately():
    """"Points are determined for each guest separately": Cyrano (SL 14) with Jacques (SL 4, -2)
    and Aramis (SL 12, +1) loses 1 in all."""
    jacques = Character("Jacques", social_level=4, crowns=100)
    aramis = Character("Aramis", social_level=12, crowns=100)
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=500)
    result, ledger, events = week_one([jacques, aramis, cyrano], {
        "Jacques": VisitClub("Bothwell's", guest_of="Cyrano"), "Aramis": VisitClub("Bothwell's", guest_of="Cyrano"),
        "Cyrano": VisitClub()})
    assert gained(ledger, "Cyrano") == -2 + 1
    assert [e.data["guest"] for e in events if e.code == EV_TOADYING] == ["Aramis", "Jacques"]


def test_equal_social_level_the_host_gets_the_toady_tables_plus_one():
    """Choice: at equal Social Level (the table's "0") the host gets +1, the guest no half difference."""
    guest = Character("Guest", social_level=9, crowns=100)
    host = Character("Host", social_level=9, club="Hunter's", crowns=100)
    result, ledger, events = week_one([guest, host], {
        "Guest": VisitClub("Hunter's", guest_of="Host"), "Host": VisitClub()})
    assert gained(ledger, "Guest") == 0 and gained(ledger, "Host") == 1


def test_a_guest_of_a_lower_host_pays_his_own_carousing():
    """"A character carousing as the guest of a character of higher Social Level must pay a carousing
    cost equal to that of his host": a guest of a lower host pays his own SL."""
    guest = Character("Guest", social_level=12, crowns=100)
    host = Character("Host", social_level=9, club="Hunter's", crowns=100)
    result, ledger, events = week_one([guest, host], {
        "Guest": VisitClub("Hunter's", carouse=True, guest_of="Host"), "Host": VisitClub()})
    assert gained(ledger, "Guest", "crowns") == -12


def test_a_visit_to_a_club_with_a_character_of_higher_social_level():
    """"If a character visits a club with a character of a higher Social Level, he receives Status
    Points equal to one half the difference in their Social Levels. The higher level character
    receives (or loses) Status Points based upon the difference in Social Level between himself and
    his guest; consult the Toady Table."  The book's reading (the default): every man at the club
    that week, not only a named host.  Porthos (SL 12) and Falstaff (SL 9), both members of Hunter's,
    go each on his own: Falstaff gains half of 3 = 1, Porthos the Toady Table's +1 (difference 3);
    Bardolph (SL 9) is seen with Porthos too (+1 more for Porthos) but with Falstaff, of his own
    level, gains nothing.  Red Phillips the same week is another club: Nym there gains nothing."""
    porthos = Character("Porthos", social_level=12, club="Hunter's", crowns=100)
    falstaff = Character("Falstaff", social_level=9, club="Hunter's", crowns=100)
    bardolph = Character("Bardolph", social_level=9, club="Hunter's", crowns=100)
    nym = Character("Nym", social_level=3, club="Red Phillips", crowns=100)
    result, ledger, events = week_one([porthos, falstaff, bardolph, nym], {
        "Porthos": VisitClub(), "Falstaff": VisitClub("Hunter's"), "Bardolph": VisitClub(),
        "Nym": VisitClub()})
    assert [(e.character, e.delta, e.reason) for e in ledger if e.rule == "c. Toadying"] == [
        ("Bardolph", 1, "seen at Hunter's with Porthos, SL 12: half of 12 - 9"),
        ("Falstaff", 1, "seen at Hunter's with Porthos, SL 12: half of 12 - 9"),
        ("Porthos", 2, "seen at Hunter's with Bardolph and Falstaff, SL 9 (difference 3: +1 each) (Toady Table)"),
    ]
    assert gained(ledger, "Nym") == 0
    company = {e.characters: (e.data, e.public) for e in events if e.code == EV_TOADY_COMPANY}
    assert company[("Porthos",)] == ({"club": "Hunter's", "betters": [], "better_points": 0, "inferior_points": 2,
                                      "inferiors": [{"level": 9, "count": 2, "names": ["Bardolph", "Falstaff"],
                                                     "each": 1}]}, False)
    assert company[("Falstaff",)][0]["betters"] == [{"level": 12, "count": 1, "names": ["Porthos"], "each": 1}]
    assert len(company) == 3 and not [e for e in events if e.code == EV_TOADYING]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(3, 14), min_size=2, max_size=60), st.integers(0, 3))
def test_a_crowded_club_gives_each_man_the_sum_of_every_pair(levels, guests):
    """"If a character visits a club with a character of a higher Social Level, he receives
    Status Points equal to one half the difference in their Social Levels. The higher level
    character receives (or loses) Status Points based upon the difference ...; consult the Toady
    Table."  A club of up to sixty men (a large campaign has hundreds) is counted by Social
    Level: each man gains exactly what the pairs, one by one, would give him (his host and
    guests apart, settled as such), written in at most two entries."""
    men = [Character(f"Man {i:02d}", social_level=sl, club="Red Phillips", crowns=500) for i, sl in enumerate(levels)]
    orders = {m.name: VisitClub("Red Phillips") for m in men}
    hosts = {}
    for g in range(min(guests, len(men) // 2)):  # the last men come as guests of the first
        guest, host = men[-1 - g], men[g]
        guest.club = None
        orders[guest.name] = VisitClub("Red Phillips", guest_of=host.name)
        orders[host.name] = VisitClub("Red Phillips", companions=(guest.name,))
        hosts[guest.name] = host.name
    result, ledger, events = week_one(men, orders)
    table = ToadyingTables()
    for m in men:
        expected = 0
        for other in men:
            if other is m or hosts.get(m.name) == other.name or hosts.get(other.name) == m.name:
                continue
            if other.social_level > m.social_level:
                expected += (other.social_level - m.social_level) // 2
            elif other.social_level < m.social_level:
                expected += table.toady_points(m.social_level - other.social_level)
        told = [e.data for e in events if e.code == EV_TOADY_COMPANY and e.characters == (m.name,)]
        assert sum(d["better_points"] + d["inferior_points"] for d in told) == expected and len(told) <= 1
        if m.name not in hosts and m.name not in hosts.values():  # his only toadying is the company's
            entries = [e for e in ledger if e.character == m.name and e.rule == "c. Toadying"]
            assert sum(e.delta for e in entries) == expected and len(entries) <= 2


def test_a_guest_among_the_company_gains_from_each_better():
    """"Points are determined for each guest separately": Jacques (SL 4), Cyrano's guest at
    Bothwell's (SL 14: 5 for the club's rank, half of 10 = 5, Cyrano -2) finds Aramis (SL 12) there
    as well: half of 8 = 4 more, and Aramis loses 1 (Toady Table, 7-8)."""
    jacques = Character("Jacques", social_level=4, crowns=100)
    aramis = Character("Aramis", social_level=12, club="Bothwell's", crowns=100)
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=500)
    result, ledger, events = week_one([jacques, aramis, cyrano], {
        "Jacques": VisitClub("Bothwell's", guest_of="Cyrano"), "Aramis": VisitClub(), "Cyrano": VisitClub()})
    assert gained(ledger, "Jacques") == 5 + 5 + 4
    assert gained(ledger, "Aramis") == -1 + 1  # and half of 14 - 12 from being seen with Cyrano
    assert gained(ledger, "Cyrano") == -2 + 1


def test_two_members_together_are_not_host_and_guest_with_the_host_setting():
    """The campaign setting ``toadying_company = "host"``: toadying is between a guest and "his
    guest"'s host only; Porthos and Falstaff, both members of Hunter's, going together gain nothing
    by it (under the book's reading Falstaff would gain half of 1 = 0 and Porthos +1)."""
    porthos = Character("Porthos", social_level=10, club="Hunter's", crowns=100)
    falstaff = Character("Falstaff", social_level=9, club="Hunter's", crowns=100)
    orders = {"Porthos": VisitClub("Hunter's", companions=("Falstaff",)),
              "Falstaff": VisitClub("Hunter's", companions=("Porthos",))}
    result, ledger, events = week_one([porthos, falstaff], orders, rules_registry(toadying_company="host"))
    assert ledger == [] and not [e for e in events if e.code in (EV_TOADYING, EV_TOADY_COMPANY)]
    result, ledger, events = week_one([porthos, falstaff], orders)
    assert gained(ledger, "Porthos") == 1 and gained(ledger, "Falstaff") == 0


def test_the_toadying_company_setting_is_checked():
    """A campaign's ``[rules] toadying_company`` is "present" or "host"; anything else is refused."""
    assert tables(toadying_company="host").toadying.toadying_company == "host"
    with pytest.raises(RegistryError) as refused:
        Registry.build((), settings={"toadying_company": "everyone"})
    assert "toadying_company" in str(refused.value)


def test_every_visit_records_where_he_was():
    """Whereabouts: members and guests are recorded at "club:<name>" for the week."""
    from engarde.rules.clubs import rules as clubs
    from engarde.turn import Turn

    jacques = Character("Jacques", social_level=4, crowns=100)
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=500)
    turn = Turn(APRIL, {"Jacques": jacques, "Cyrano": cyrano}, ScriptedDice([]), Tables())
    clubs.visit(turn, cyrano, VisitClub(), 3)
    clubs.visit(turn, jacques, VisitClub("Bothwell's", guest_of="Cyrano"), 3)
    assert turn.present(3, "club:Bothwell's") == ["Cyrano", "Jacques"]
    toadying.after_week(turn, 3)
    assert jacques.status_points == 10 and cyrano.status_points == -2


# -- a campaign's tables ---------------------------------------------------------------------------


def test_a_campaigns_toady_table_reaches_the_rule():
    """The rulebook's example under a campaign's tables.  "Cyrano loses 2 Status Points for being
    seen in public with Jacques" (Toady Table, 9-10: -2): 5 where the 9-10 column is -5.  "He
    receives 5 more points for being Cyrano's guest (14 – 4 = 10 / 2 = 5)": 3 where a guest gets
    a third of the difference.  "He receives 5 Status Points for being at Bothwell's ... 6 – 1 =
    5": 10 where each rank is worth 2."""
    registry = rules_registry({"toadying": {"toady_table": {"9": {"points": -5}}, "social_level_divisor": 3,
                                            "points_per_club_rank": 2}})
    jacques = Character("Jacques", social_level=4, club="Red Phillips", crowns=100)
    cyrano = Character("Cyrano", social_level=14, club="Bothwell's", crowns=500)
    result, ledger, events = week_one([jacques, cyrano], {
        "Jacques": VisitClub("Bothwell's", carouse=True, guest_of="Cyrano"),
        "Cyrano": VisitClub("Bothwell's", carouse=True, companions=("Jacques",)),
    }, registry)
    assert [(e.character, e.delta, e.reason) for e in ledger if e.rule == "c. Toadying"] == [
        ("Jacques", 10, "guest of Cyrano at Bothwell's (rank 1); the best club open to him is Red Phillips (rank 6)"),
        ("Jacques", 3, "seen at Bothwell's with Cyrano, SL 14: 1/3 of 14 - 4"),
        ("Cyrano", -5, "seen at Bothwell's with Jacques, SL 4 (Toady Table, difference 10)"),
    ]
    assert gained(ledger, "Jacques") == 10 + 3 + 1 and gained(ledger, "Cyrano") == -5 + 1


def test_the_toady_tables_last_column_is_a_row_too():
    """Toady Table: "11+ -3" is a row a campaign may change like the others (from 11 on, no end);
    a difference that no row spans (here 3, once the first row ends at 2) gives no points."""
    toadying_tables = tables({"toadying": {"toady_table": {"11": {"points": -4}, "0": {"high": 2}}}}).toadying
    assert [toadying_tables.toady_points(d) for d in (2, 3, 11, 40)] == [1, 0, -4, -4]


def test_a_bad_toady_table_is_refused_with_the_key_named():
    """A campaign's Toady Table is checked: points out of range, a row the table lacks, a divisor
    of 0 ("one half the difference": the rules divide by it) are refused, the key named."""
    for bad, key in (({"toady_table": {"11": {"points": 500}}}, "tables.toadying.toady_table.11.points"),
                     ({"toady_table": {"12": {"points": -3}}}, "tables.toadying.toady_table.12"),
                     ({"social_level_divisor": 0}, "tables.toadying.social_level_divisor")):
        with pytest.raises(RegistryError) as refused:
            Registry.build((), tables={"toadying": bad})
        assert key in str(refused.value)


def test_a_crowd_of_betters_is_named_three_at_a_level_and_counted():
    """"he receives Status Points equal to one half the difference in their Social Levels" from
    each better, and each better the Toady Table for him (0-3: +1, 4-6: 0).  At Hunter's: four
    men of SL 12, Duke (14), Bardolph and Pistol (10), Nym (9).  Each man's entry names three of
    a level and counts the rest; a level that brings him nothing is left out."""
    men = [Character(f"Gentleman {i}", social_level=12, club="Hunter's", crowns=100) for i in range(1, 5)]
    others = [Character("Duke", social_level=14, club="Hunter's", crowns=100),
              Character("Bardolph", social_level=10, club="Hunter's", crowns=100),
              Character("Pistol", social_level=10, club="Hunter's", crowns=100),
              Character("Nym", social_level=9, club="Hunter's", crowns=100)]
    result, ledger, events = week_one([*men, *others], {m.name: VisitClub() for m in [*men, *others]})

    def entries(name):
        return [(e.delta, e.reason) for e in ledger if e.character == name and e.rule == "c. Toadying"]

    four = "Gentleman 1, Gentleman 2, Gentleman 3 and 1 other"
    assert entries("Nym") == [  # the two of SL 10 bring him half of 1: nothing
        (6, f"seen at Hunter's with Duke, SL 14 (half of 14 - 9 = 2); {four}, SL 12 (half of 12 - 9 = 1 each)")]
    assert entries("Duke") == [  # the two of SL 10 (difference 4) and Nym (5): the Toady Table's 0
        (4, f"seen at Hunter's with {four}, SL 12 (difference 2: +1 each) (Toady Table)")]
    assert entries("Bardolph") == [
        (6, f"seen at Hunter's with Duke, SL 14 (half of 14 - 10 = 2); {four}, SL 12 (half of 12 - 10 = 1 each)"),
        (1, "seen at Hunter's with Nym, SL 9 (Toady Table, difference 1)")]
    assert entries("Gentleman 1") == [
        (1, "seen at Hunter's with Duke, SL 14: half of 14 - 12"),
        (3, "seen at Hunter's with Bardolph and Pistol, SL 10 (difference 2: +1 each); Nym, SL 9 (difference 3: +1) "
            "(Toady Table)")]
    (told,) = [e.data for e in events if e.code == EV_TOADY_COMPANY and e.characters == ("Duke",)]
    assert told == {"club": "Hunter's", "betters": [], "better_points": 0, "inferior_points": 4,
                    "inferiors": [{"level": 12, "count": 4, "names": ["Gentleman 1", "Gentleman 2", "Gentleman 3"],
                                   "each": 1}]}


def test_a_crowd_of_betters_under_a_campaigns_own_divisor():
    """"one half the difference", a campaign's ``social_level_divisor`` = 3: Nym (SL 4) seen with
    Cyrano (14), Aramis and Athos (12) at Red Phillips gains 10 // 3 + 2 x (8 // 3) = 7, written so."""
    men = [Character("Nym", social_level=4, club="Red Phillips", crowns=100),
           Character("Cyrano", social_level=14, club="Red Phillips", crowns=500),
           Character("Aramis", social_level=12, club="Red Phillips", crowns=500),
           Character("Athos", social_level=12, club="Red Phillips", crowns=500)]
    result, ledger, events = week_one(men, {m.name: VisitClub() for m in men},
                                      rules_registry({"toadying": {"social_level_divisor": 3}}))
    assert [(e.delta, e.reason) for e in ledger if e.character == "Nym" and e.rule == "c. Toadying"] == [
        (7, "seen at Red Phillips with Cyrano, SL 14 (1/3 of 14 - 4 = 3); Aramis and Athos, SL 12 (1/3 of 12 - 4 = "
            "2 each)")]


@pytest.mark.parametrize("count, written", [
    (1, "Athos"), (3, "Athos, Aramis and Porthos"), (4, "Athos, Aramis, Porthos and 1 other"),
    (5, "Athos, Aramis, Porthos and 2 others")])
def test_a_level_of_the_company_names_three_and_counts_the_rest(count, written):
    """How a ledger line and a report name the men of one Social Level a man was seen with."""
    names = ("Athos", "Aramis", "Porthos")[:count]
    assert toadying.Company(12, count, names, 1).who() == written
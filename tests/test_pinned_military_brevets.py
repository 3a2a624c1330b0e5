"""Brevet ranks, the roster and the month end's own steps, line by line (mutation testing:
docs/rules-coverage.md, "Mutation testing"): a brevet granted, its year running month by month,
confirmed, extended and reverted, the regiment's roster following each change; the price of
poltroonery at the month end; the titles a battle result earns."""

from __future__ import annotations

from engarde.calendar import MONTH_END
from engarde.records import Character
from engarde.rules.military import rules as mil
from engarde.rules.regiments.brevet import C_BREVET_MONTHS, C_BREVET_RANK, C_BREVET_SL
from engarde.rules.regiments.state import Officer, Regiment
from engarde.rules.regiments.tables import REGIMENT_ESTABLISHMENT
from engarde.rules.titles import rules as titles
from engarde.world import World
from test_military_campaign import AUGUST, SEPTEMBER, turn_for

REG = "69th Arquebusiers"
BREVET = "i. Brevet Rank"


def ledger(turn) -> list[tuple]:
    return [(e.character, e.week, e.field, e.delta, e.value, e.reason, e.rule) for e in turn.ledger]


def events(turn) -> list[tuple]:
    return [(e.code, e.week, e.characters, e.public, e.data) for e in turn.events]


def roster_without_majors() -> Regiment:
    """The 69th: a Colonel (MA 3), a Lieutenant-Colonel, both Majorities vacant, six NPC Captains."""
    officers = [Officer("NPC 0", ma=3), Officer("NPC 1"), Officer(), Officer()]
    officers += [Officer(f"NPC {i}") for i in range(4, len(REGIMENT_ESTABLISHMENT))]
    return Regiment(REG, officers, organised="1607-04")


def test_a_brevet_for_want_of_social_level_line_by_line():
    """i. Brevet Rank: "If a character is promoted to a rank for which his Social Level is too
    low, he receives a brevet rank ... He then has one year from the date of his promotion to raise
    his Social Level to the required minimum. Immediately upon doing so, his brevet rank becomes his
    permanent rank."  "players occupy both their brevet and permanent ranks"; "Upon achieving the
    rank of Captain or above a player becomes the junior officer holding that rank".

    Cap, a Captain of Social Level 2 (the 69th's Majors need 3) whom the roster has no Captaincy
    for, is brevetted Major in August: the brevet's rank, its year and its kind by the ledger, the
    first vacant Majority his (a player's); August's own month end does not run the year.  A Major
    joins meanwhile.  In September, at Social Level 3, a month of the year runs and the brevet is
    made permanent (public): the ledger ends the brevet, and he becomes the junior Major."""
    cap = Character("Cap", social_level=2, regiment=REG, rank="Captain", military_ability=3)
    august = turn_for(AUGUST, cap, world=World(regiments=[roster_without_majors()]))
    mil._set_brevet(august, cap, "Major", True)
    mil.sync_roster(august, cap)
    mil.month_end(august, home=["Cap"])
    major = august.tables.military.place_of_rank("Major")
    assert ledger(august) == [
        ("Cap", MONTH_END, C_BREVET_RANK, major, None, "brevet Major", BREVET),
        ("Cap", MONTH_END, C_BREVET_MONTHS, 12, None, "one year from the date of his promotion", BREVET),
        ("Cap", MONTH_END, C_BREVET_SL, 1, None, "a brevet for want of Social Level", BREVET),
    ]
    roster = august.world.regiment(REG)
    assert roster.officers[2:4] == [Officer("Cap", player=True), Officer()]
    assert [o.name for o in roster.officers[4:]] == [f"NPC {i}" for i in range(4, 10)]

    roster.officers[3] = Officer("Newcomer")
    cap.social_level = 3
    september = turn_for(SEPTEMBER, cap, world=august.world)
    mil.month_end(september, home=["Cap"])
    assert ledger(september) == [
        ("Cap", MONTH_END, C_BREVET_MONTHS, -1, None, "brevet Major: a month of its year", BREVET),
        ("Cap", MONTH_END, "rank", None, "Major", "brevet Major made permanent: Social Level 3", BREVET),
        ("Cap", MONTH_END, C_BREVET_RANK, -major, None, "brevet rank ends", BREVET),
        ("Cap", MONTH_END, C_BREVET_MONTHS, -11, None, "brevet rank ends", BREVET),
        ("Cap", MONTH_END, C_BREVET_SL, -1, None, "not a brevet for want of Social Level", BREVET),
    ]
    assert events(september) == [("brevet-confirmed", MONTH_END, ("Cap",), True, {"rank": "Major"})]
    assert roster.officers[2:4] == [Officer("Newcomer"), Officer("Cap", player=True)]
    assert cap.rank == "Major" and cap.counters == {}


def test_a_brevets_year_kept_extended_and_reverted_line_by_line():
    """i. Brevet Rank: "If, at the end of that year, he has not done so, he reverts to his former
    permanent rank"; a general officer's brevet: "His brevet rank lasts for one year ... If, at the
    end of the year, the player receives an appointment that requires the rank for the next year, his
    brevet rank commission is extended for that additional year."  i. Poltroonery: "he loses twice as
    many Status Points as the modification he took on his death die roll every month thereafter".

    At September's month end: Keep (a brevet Major for want of Social Level, two months left) keeps
    it with one month left; Lapse (one month left, his Social Level still short) reverts to Captain
    (public); Col (a brevet Brigadier-General in his last month, the Brigadier) has it extended a
    year (his own news); Conf (five months left), at the Social Level his Majority needs, is made
    Major though the 69th's roster, full, has no post for him; Old (the same, with no appointment) reverts to Colonel (public) and his
    Colonelcy, which he held detached while serving as a general, is his again.  Dead, a poltroon
    killed since, pays nothing; Run, at home, pays his 4 status points."""
    keep = Character("Keep", social_level=2, regiment=REG, rank="Captain", military_ability=3)
    lapse = Character("Lapse", social_level=2, regiment=REG, rank="Captain", military_ability=3)
    col = Character("Col", social_level=9, regiment="Gascon Regiment", rank="Colonel", military_ability=3,
                    appointment="Brigadier (Brigade Commander)")
    old = Character("Old", social_level=9, regiment="Gascon Regiment", rank="Colonel", military_ability=3)
    dead = Character("Dead", social_level=5, state=mil.STATE_DEAD, counters={mil.C_POLTROON: 4})
    run = Character("Run", social_level=5, counters={mil.C_POLTROON: 4})
    conf = Character("Conf", social_level=3, regiment=REG, rank="Captain", military_ability=3)
    august = turn_for(AUGUST, keep, lapse, col, old, dead, run, conf)
    place = august.tables.military.place_of_rank
    for ch, brevet, months, for_sl in ((keep, "Major", 2, True), (lapse, "Major", 1, True),
                                       (col, "Brigadier-General", 1, False), (old, "Brigadier-General", 1, False), (conf, "Major", 5, True)):
        ch.counters.update({C_BREVET_RANK: place(brevet), C_BREVET_MONTHS: months})
        if for_sl:
            ch.counters[C_BREVET_SL] = 1
    gascons = [Officer("Old", player=True, detached="brevet Brigadier-General")]
    gascons += [Officer(f"NPC {i}", ma=2 if i == 1 else None) for i in range(1, len(REGIMENT_ESTABLISHMENT))]
    full = [Officer(f"NPC {i}", ma=3 if i == 0 else None) for i in range(len(REGIMENT_ESTABLISHMENT))]
    world = World(regiments=[Regiment("Gascon Regiment", gascons, organised="1607-04"),
                             Regiment(REG, list(full), organised="1607-04")])

    september = turn_for(SEPTEMBER, keep, lapse, col, old, dead, run, conf, world=world)
    mil.month_end(september, home=["Dead", "Run"])
    general = place("Brigadier-General")
    assert ledger(september) == [
        ("Run", MONTH_END, "status_points", -4, None, "seen to run: the price of his poltroonery",
         "i. Poltroonery"),
        ("Col", MONTH_END, C_BREVET_MONTHS, -1, None, "brevet Brigadier-General: a month of its year", BREVET),
        ("Col", MONTH_END, C_BREVET_MONTHS, 12, None,
         "brevet Brigadier-General extended a year: his appointment requires it", BREVET),
        ("Conf", MONTH_END, C_BREVET_MONTHS, -1, None, "brevet Major: a month of its year", BREVET),
        ("Conf", MONTH_END, "rank", None, "Major", "brevet Major made permanent: Social Level 3", BREVET),
        ("Conf", MONTH_END, C_BREVET_RANK, -place("Major"), None, "brevet rank ends", BREVET),
        ("Conf", MONTH_END, C_BREVET_MONTHS, -4, None, "brevet rank ends", BREVET),
        ("Conf", MONTH_END, C_BREVET_SL, -1, None, "not a brevet for want of Social Level", BREVET),
        ("Keep", MONTH_END, C_BREVET_MONTHS, -1, None, "brevet Major: a month of its year", BREVET),
        ("Lapse", MONTH_END, C_BREVET_MONTHS, -1, None, "brevet Major: a month of its year", BREVET),
        ("Lapse", MONTH_END, C_BREVET_RANK, -place("Major"), None, "brevet rank ends", BREVET),
        ("Lapse", MONTH_END, C_BREVET_SL, -1, None, "not a brevet for want of Social Level", BREVET),
        ("Old", MONTH_END, C_BREVET_MONTHS, -1, None, "brevet Brigadier-General: a month of its year", BREVET),
        ("Old", MONTH_END, C_BREVET_RANK, -general, None, "brevet rank ends", BREVET),
    ]
    assert events(september) == [
        ("poltroon-penalty", MONTH_END, ("Run",), False, {"lost": 4}),
        ("brevet-extended", MONTH_END, ("Col",), False, {"brevet": "Brigadier-General"}),
        ("brevet-confirmed", MONTH_END, ("Conf",), True, {"rank": "Major"}),
        ("brevet-reverted", MONTH_END, ("Lapse",), True, {"brevet": "Major", "rank": "Captain"}),
        ("brevet-reverted", MONTH_END, ("Old",), True, {"brevet": "Brigadier-General", "rank": "Colonel"}),
    ]
    assert (keep.counters[C_BREVET_MONTHS], col.counters[C_BREVET_MONTHS]) == (1, 12)
    assert (lapse.rank, old.rank, mil.brevet_of(september.tables.military, old)) == ("Captain", "Colonel", None)
    assert world.regiment("Gascon Regiment").officers[0] == Officer("Old", player=True)
    assert world.regiment(REG).officers == full  # Conf, a Major now, holds no post: none is vacant


def test_titles_won_by_a_battle_result_line_by_line():
    """Titles (en-garde-tables.md): "a character qualifies by ... a battle result of 1 while commanding
    a unit, or a result 3 or more better than his immediate superior".  A Colonel's result of 2 against
    his superior's 5 (exactly 3 better) qualifies once; a battalion commander's 1 under no superior
    once; a 3 against a 5 (2 better) not at all."""
    col = Character("Col", social_level=9, regiment=REG, rank="Colonel")
    august = turn_for(AUGUST, col)
    mil._title_qualifications(august, col, own=2, superior=5, role="regiment")
    mil._title_qualifications(august, col, own=1, superior=None, role="battalion")
    mil._title_qualifications(august, col, own=3, superior=5, role="regiment")
    rule = "Titles (en-garde-tables.md)"
    assert ledger(august) == [
        ("Col", MONTH_END, titles.QUALIFICATIONS, 1, None,
         "qualifies for a title: a battle result of 2, 3 better than his immediate superior's 5", rule),
        ("Col", MONTH_END, titles.QUALIFICATIONS, 1, None,
         "qualifies for a title: a battle result of 1 commanding his battalion", rule),
    ]

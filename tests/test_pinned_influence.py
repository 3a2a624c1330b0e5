"""f. Influence: favours received, spent, combined and kept, and the decisions they move, line by line in
a month played (mutation testing: docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

from engarde.calendar import MONTH_END, GameMonth
from engarde.dice import ScriptedDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.influence.codes import (
    EV_FAVOUR_RECEIVED,
    EV_FAVOURS_COMBINED,
    EV_FAVOURS_EXPIRED,
    EV_INFLUENCE_PLEDGED,
    EV_INFLUENCE_UNUSED,
    EV_INFLUENCE_USED,
)
from engarde.rules.influence.orders import InfluenceOrders, UseInfluence
from engarde.rules.regiments.orders import ApplyRegiment
from engarde.rules.regiments.state import Officer, Regiment
from engarde.world import World

JUNE = GameMonth(1607, 6)
MAY = GameMonth(1607, 5)
CODES = (EV_FAVOUR_RECEIVED, EV_FAVOURS_COMBINED, EV_FAVOURS_EXPIRED, EV_INFLUENCE_PLEDGED, EV_INFLUENCE_UNUSED,
         EV_INFLUENCE_USED)


def _dragoons():
    return Regiment("Dragoon Guards", [Officer("NPC", ma=3)] + [Officer(f"N{i}") for i in range(9)])


def _played(month, men, sheets, dice):
    result = resolve_month(month, men, sheets, ScriptedDice(dice), world=World(regiments=[_dragoons()]))
    ledger = [(e.character, e.field, e.delta, e.week, e.reason, e.rule) for e in result.ledger
              if e.rule.startswith("f. Influence")]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events if e.code in CODES]
    return result, ledger, events


def test_decisions_moved_by_influence_line_by_line():
    """"Influence Table B lists the class of favour needed to obtain a die roll modification of one ...
    A favour of a higher class than that listed will have a greater effect: one additional die roll
    modification for each level the favour is above the minimum necessary."  "two favours may be combined
    to produce one favour of the next highest level".  "The die roll modification may be either additive
    or subtractive".  "it is impossible to roll a 7 on a six-sided die".  "Once used to influence a
    decision, a favour is expended."  "Favours for Social Level and appointment are received once each
    season" (Influence Table A: "8 or 9: 1"; nothing below 8).
    In June (a season's first month) four men apply to the Dragoon Guards (a Colonel: class 3 needed):
    Athos (SL 8, needs 4) is helped by Aramis's two class 3 favours made one class 4 (two: needs 2, rolls 2);
    Porthos (SL 6, needs 5) by Bazin's class 6 (four) and Cavois's four class 1s made one class 3 (one:
    needs 0, no die); Grimaud (SL 6, needs 5) is hindered
    by D'Artagnan's class 4 (two: needs 7, no die); Mousqueton (SL 5, needs 5) by Planchet's class 3 (one:
    needs 6, rolls 6), naming no class: his highest.  Treville holds no favour, Rochefort only a class 1 (too
    weak for a Colonel: kept), Jussac one class 3 where he names a class 5, Cahusac a "class 10"; Biscarat's
    pledge in week 4 for a man who makes no decision, and Boisrenard's on a line of its own with a Minister
    who decides nothing, keep their favours to the month's end.  Using influence on a week line is that
    week's action ("influence-pledged")."""
    men = [
        Character("Athos", social_level=8, crowns=300),
        Character("Aramis", social_level=7, crowns=100,
                  counters={"appointment_bar.Inspector-General of Cavalry": 2, "favour.npc.class3": 2}),
        Character("Porthos", social_level=6, crowns=300),
        Character("Bazin", social_level=5, crowns=10, counters={"favour.npc.class6": 1}),
        Character("Grimaud", social_level=6, crowns=300),
        Character("D'Artagnan", social_level=6, crowns=10, counters={"favour.npc.class4": 1}),
        Character("Mousqueton", social_level=5, crowns=300),
        Character("Planchet", social_level=3, crowns=10, counters={"favour.npc.class3": 1, "favour.npc.class1": 1}),
        Character("Treville", social_level=4, crowns=10),
        Character("Rochefort", social_level=4, crowns=10, counters={"favour.npc.class1": 1}),
        Character("Jussac", social_level=4, crowns=10, counters={"favour.npc.class3": 1}),
        Character("Cahusac", social_level=4, crowns=10, counters={"favour.npc.class9": 1}),
        Character("Biscarat", social_level=4, crowns=10, counters={"favour.npc.class1": 1}),
        Character("Boisrenard", social_level=4, crowns=10, counters={"favour.npc.class7": 1}),
        Character("Cavois", social_level=4, crowns=10, counters={"favour.npc.class1": 4}),
    ]


    sheets = {
        "Athos": OrderSheet("a", "Athos", weeks={1: ApplyRegiment("Dragoon Guards")}),
        "Porthos": OrderSheet("p", "Porthos", weeks={2: ApplyRegiment("Dragoon Guards")}),
        "Grimaud": OrderSheet("g", "Grimaud", weeks={2: ApplyRegiment("Dragoon Guards")}),
        "Mousqueton": OrderSheet("m", "Mousqueton", weeks={3: ApplyRegiment("Dragoon Guards")}),
        "Aramis": OrderSheet("ar", "Aramis", weeks={1: UseInfluence("class 4", "Dragoon Guards", "Athos")}),
        "Bazin": OrderSheet("b", "Bazin", weeks={1: UseInfluence("6", "", "Porthos")}),
        "D'Artagnan": OrderSheet("d", "D'Artagnan",
                                 weeks={1: UseInfluence("4", "his regiment", "Grimaud", against=True)}),
        "Planchet": OrderSheet("pl", "Planchet", weeks={2: UseInfluence("", "", "Mousqueton", against=True)}),
        "Treville": OrderSheet("t", "Treville", weeks={1: UseInfluence("", "", "Athos")}),
        "Rochefort": OrderSheet("r", "Rochefort", weeks={1: UseInfluence("1", "", "Athos")}),
        "Jussac": OrderSheet("j", "Jussac", weeks={1: UseInfluence("class 5", "", "Athos")}),
        "Cahusac": OrderSheet("c", "Cahusac", weeks={1: UseInfluence("class 10", "", "Athos")}),
        "Biscarat": OrderSheet("bi", "Biscarat", weeks={4: UseInfluence("1", "", "Jussac")}),
        "Boisrenard": OrderSheet("bo", "Boisrenard"),
        "Cavois": OrderSheet("ca", "Cavois", weeks={1: UseInfluence("class 3", "", "Porthos")}),
    }
    # on a line of its own (no week): for Athos with the Minister of War, who makes no decision this month
    sheets["Boisrenard"].monthly.edit(InfluenceOrders).pledges = (UseInfluence("class 7", "Minister of War", "Athos"),)
    result, ledger, events = _played(JUNE, men, sheets, [2, 6])
    combined = ("combined (2 favours) into a class 4 favour, used for Athos on application to the Dragoon Guards "
                "(Colonel): two favours make one of the next class")
    four = ("combined (4 favours) into a class 3 favour, used for Porthos on application to the Dragoon Guards "
            "(Colonel): two favours make one of the next class")
    used = "a class {} favour used {} on application to the Dragoon Guards (Colonel)"
    assert ledger == [
        ("Athos", "favour.season.class1", 1, 0, "the summer favour of Social Level 8 (class 1)",
         "f. Influence Table A"),
        ("Aramis", "favour.npc.class3", -1, 1, combined, "f. Influence"),
        ("Aramis", "favour.npc.class3", -1, 1, combined, "f. Influence"),
        ("D'Artagnan", "favour.npc.class4", -1, 2, used.format(4, "against Grimaud"), "f. Influence"),
        ("Bazin", "favour.npc.class6", -1, 2, used.format(6, "for Porthos"), "f. Influence"),
        *[("Cavois", "favour.npc.class1", -1, 2, four, "f. Influence")] * 4,
        ("Planchet", "favour.npc.class3", -1, 3, used.format(3, "against Mousqueton"), "f. Influence"),
    ]

    def use(by, subject, klass, against, amount):
        return {"by": by, "subject": subject, "what": "application to the Dragoon Guards", "position": "Colonel",
                "klass": klass, "against": against, "amount": amount}

    def unused(order, reason):
        return {"order": order, "reason": reason}

    def pledged(by, order):
        return (EV_INFLUENCE_PLEDGED, 1, (by,), False, {"order": order})

    kept = "no such decision was made this month; the favour is kept"
    assert events == [
        (EV_FAVOUR_RECEIVED, 0, ("Athos",), False,
         {"klass": 1, "source": "season", "reason": "the summer favour of Social Level 8 (class 1)"}),
        pledged("Aramis", "Use influence for Athos on Dragoon Guards with a class 4 favour"),
        (EV_FAVOURS_COMBINED, 1, ("Aramis",), False, {"klass": 4, "used": 2}),
        (EV_INFLUENCE_USED, 1, ("Aramis", "Athos"), False, use("Aramis", "Athos", 4, False, 2)),
        (EV_INFLUENCE_UNUSED, 1, ("Cahusac",), False,
         unused("Use influence for Athos with a class 10 favour", "he holds no favour")),
        (EV_INFLUENCE_UNUSED, 1, ("Jussac",), False,
         unused("Use influence for Athos with a class 5 favour",
                "he holds no class 5 favour, nor two of the class below")),
        (EV_INFLUENCE_UNUSED, 1, ("Rochefort",), False,
         unused("Use influence for Athos with the favour 1",
                "a class 1 favour cannot move a Colonel (class 3 is needed); it is kept")),
        (EV_INFLUENCE_UNUSED, 1, ("Treville",), False, unused("Use influence for Athos", "he holds no favour")),
        pledged("Bazin", "Use influence for Porthos with the favour 6"),
        pledged("Cahusac", "Use influence for Athos with a class 10 favour"),
        pledged("Cavois", "Use influence for Porthos with a class 3 favour"),
        pledged("D'Artagnan", "Use influence against Grimaud on his regiment with the favour 4"),
        pledged("Jussac", "Use influence for Athos with a class 5 favour"),
        pledged("Rochefort", "Use influence for Athos with the favour 1"),
        pledged("Treville", "Use influence for Athos"),
        (EV_INFLUENCE_USED, 2, ("D'Artagnan", "Grimaud"), False, use("D'Artagnan", "Grimaud", 4, True, 2)),
        (EV_INFLUENCE_PLEDGED, 2, ("Planchet",), False, {"order": "Use influence against Mousqueton"}),
        (EV_INFLUENCE_USED, 2, ("Bazin", "Porthos"), False, use("Bazin", "Porthos", 6, False, 4)),
        (EV_FAVOURS_COMBINED, 2, ("Cavois",), False, {"klass": 3, "used": 4}),
        (EV_INFLUENCE_USED, 2, ("Cavois", "Porthos"), False, use("Cavois", "Porthos", 3, False, 1)),
        (EV_INFLUENCE_USED, 3, ("Planchet", "Mousqueton"), False, use("Planchet", "Mousqueton", 3, True, 1)),
        (EV_INFLUENCE_PLEDGED, 4, ("Biscarat",), False, {"order": "Use influence for Jussac with the favour 1"}),
        (EV_INFLUENCE_UNUSED, 5, ("Boisrenard",), False,
         unused("Use influence for Athos on Minister of War with a class 7 favour", kept)),
        (EV_INFLUENCE_UNUSED, 5, ("Biscarat",), False, unused("Use influence for Jussac with the favour 1", kept)),
    ]
    # a die only where 2 to 6 is needed: Porthos's 1 and Grimaud's 7 are decided without one
    assert [(r.values, r.reason) for r in result.rolls] == [
        ((2,), "Colonel decides application to the Dragoon Guards for Athos: 2+ needed"),
        ((6,), "Colonel decides application to the Dragoon Guards for Mousqueton: 6+ needed"),
    ]
    after = {c.name: c for c in result.characters}
    assert [n for n, c in after.items() if c.regiment] == ["Athos", "Porthos", "Mousqueton"]
    assert after["Grimaud"].counters == {"regiment.rejections": 1}
    held = {n: after[n].counters for n in ("Planchet", "Treville", "Rochefort", "Jussac", "Cahusac",
                                           "Biscarat", "Boisrenard")}
    assert after["Aramis"].counters == {"appointment_bar.Inspector-General of Cavalry": 1}
    assert held == {"Planchet": {"favour.npc.class1": 1}, "Treville": {},
                    "Rochefort": {"favour.npc.class1": 1}, "Jussac": {"favour.npc.class3": 1},
                    "Cahusac": {"favour.npc.class9": 1}, "Biscarat": {"favour.npc.class1": 1},
                    "Boisrenard": {"favour.npc.class7": 1}}


def test_the_seasons_favours_received_and_lapsing_month_by_month():
    """"Favours for Social Level and appointment are received once each season."  "Players may save favours
    received from non-player characters indefinitely, and those received from mistresses for the duration
    of the affair. All others may not be saved beyond the season in which they are received."  Influence
    Table A: "10 or 11: 2".  Athos (SL 11, Inspector-General of Cavalry) holds two favours of the spring and
    one of each other kind: at the end of May (spring's last month) the two lapse (and at the month's
    settlement he falls to SL 10); at the start of June (summer's first) he receives SL 10's class 2 and his
    post's class 5; July and August bring nothing, and at the end of August they lapse."""
    athos = Character("Athos", social_level=11, rank="Lieutenant-General", military_ability=4, crowns=5000,
                      appointment="Inspector-General of Cavalry",
                      counters={"appointment.months": 12, "favour.season.class3": 2, "favour.npc.class1": 1,
                                "mistress_favour.1607.class4": 1})
    lapse = "favours for Social Level and appointment may not be saved beyond the {}"
    lines, seen = [], []
    for month in (MAY, JUNE, GameMonth(1607, 7), GameMonth(1607, 8)):
        result = resolve_month(month, [athos], {"Athos": OrderSheet("a", "Athos")}, ScriptedDice([]))
        athos = result.characters[0]
        lines += [(month.month, e.field, e.delta, e.week, e.reason, e.rule) for e in result.ledger
                  if e.rule.startswith("f. Influence")]
        seen += [(month.month, e.code, e.week, e.public, e.data) for e in result.events if e.code in CODES]
    assert lines == [
        (5, "favour.season.class3", -2, MONTH_END, lapse.format("spring"), "f. Influence"),
        (6, "favour.season.class2", 1, 0, "the summer favour of Social Level 10 (class 2)", "f. Influence Table A"),
        (6, "favour.season.class5", 1, 0, "the summer favour of the post of Inspector-General of Cavalry (class 5)",
         "f. Influence (Appointments Tables)"),
        (8, "favour.season.class2", -1, MONTH_END, lapse.format("summer"), "f. Influence"),
        (8, "favour.season.class5", -1, MONTH_END, lapse.format("summer"), "f. Influence"),
    ]
    assert seen == [
        (5, EV_FAVOURS_EXPIRED, MONTH_END, False, {"count": 2}),
        (6, EV_FAVOUR_RECEIVED, 0, False,
         {"klass": 2, "source": "season", "reason": "the summer favour of Social Level 10 (class 2)"}),
        (6, EV_FAVOUR_RECEIVED, 0, False, {"klass": 5, "source": "season", "reason":
                                           "the summer favour of the post of Inspector-General of Cavalry (class 5)"}),
        (8, EV_FAVOURS_EXPIRED, MONTH_END, False, {"count": 2}),
    ]
    assert athos.counters["favour.npc.class1"] == 1 and athos.counters["mistress_favour.1607.class4"] == 1

"""Appointments: applying for a post, its term, status and end, line by line in a month played (mutation
testing: docs/rules-coverage.md, "Mutation testing")."""

from __future__ import annotations

from engarde.calendar import MONTH_END, MONTH_START, GameMonth
from engarde.dice import ScriptedDice, SeededDice
from engarde.orders import OrderSheet
from engarde.records import Character
from engarde.resolve import resolve_month
from engarde.rules.appointments.codes import (
    EV_APPOINTED,
    EV_APPOINTMENT_AWAITS,
    EV_APPOINTMENT_ENDED,
    EV_APPOINTMENT_REFUSED,
    EV_APPOINTMENT_STATUS,
    EV_BRIGADE_COMMAND,
)
from engarde.rules.appointments.orders import SeekAppointment
from engarde.rules.influence.codes import EV_INFLUENCE_USED
from engarde.rules.influence.orders import UseInfluence
from engarde.rules.regiments.state import BrigadeRecord, Officer, Regiment
from engarde.rules.appointments.rules import RULE_APPOINTMENTS
from engarde.rules import decisions
from engarde.world import World

APRIL = GameMonth(1607, 4)
CODES = (EV_APPOINTED, EV_APPOINTMENT_ENDED, EV_APPOINTMENT_REFUSED, EV_APPOINTMENT_STATUS)
IGC = "Inspector-General of Cavalry"
IGI = "Inspector-General of Infantry"


def _man(name, rank, sl, ma=4, **kw):
    return Character(name, social_level=sl, rank=rank, military_ability=ma, crowns=5000, **kw)


def _regiment(name, officers):
    """A regiment organised before the month: its ten posts (Colonel, Lieutenant-Colonel, two Majors, six
    Captains), those not given vacant."""
    return Regiment(name, [officers.get(i, Officer(None)) for i in range(10)], organised="1607-01")


def test_applications_terms_and_status_line_by_line():
    """Appointments (en-garde-tables.md): "die roll needed on one die (influence applies; MA 1: +1, 2-5: 0,
    6-7: -1, 8+: -2; -1 for every 3 SL above the minimum). Military posts need exactly the rank; government
    posts the rank or higher."  "Posts usually run for twelve months; a failed application cannot be
    repeated for three months."  The rules' example: the Inspector-General of Cavalry, "a Lieutenant-General,
    appointed by the Minister of War, roll 6".  In April, week 1: Abel names no post; Basile the Brigade
    Major (the yearly roll); Cesar his own post with two months left, Emile another while he holds one,
    Fabien one he failed a month ago, Gaston (a Captain) a Lieutenant-General's post, Henri (a
    Lieutenant-Colonel) a General's government post, Ignace a post one SL above him, Karl a post its one
    holder (Cesar) fills: each is refused, saying why.  Denis, in his term's last month, is reappointed on
    6 - 2 (MA 8), SL 12 two above the minimum taking nothing; Jules (MA 0: as MA 1, +1) fails at SL exactly
    the minimum on a 5 and is barred for three months; Louis (SL 16, the minimum) becomes Minister of War on
    a 6; Noel (SL 17, five above: one) Army Commander on 6 - 1.  At the month's end each post pays its status
    and runs a month; Marcel's last month ends his term; a bar runs a month."""
    men = [
        _man("Abel", "Lieutenant-General", 10),
        _man("Basile", "Major", 8),
        _man("Cesar", "Lieutenant-General", 10, appointment=IGC, counters={"appointment.months": 2}),
        _man("Denis", "Lieutenant-General", 12, ma=8, appointment=IGI, counters={"appointment.months": 1}),
        _man("Emile", "Lieutenant-General", 10, appointment="Division Commander", counters={"appointment.months": 5}),
        _man("Fabien", "Lieutenant-General", 10, counters={"appointment_bar.inspector-general-of-cavalry": 1}),
        _man("Gaston", "Captain", 10),
        _man("Henri", "Lieutenant-Colonel", 18),
        _man("Ignace", "Lieutenant-General", 9),
        _man("Jules", "Lieutenant-General", 10, ma=0),
        _man("Karl", "Lieutenant-General", 13, ma=6),
        _man("Louis", "General", 16, ma=2),
        _man("Marcel", "General", 12, appointment="Army Commander", counters={"appointment.months": 1}),
        _man("Noel", "General", 17),
    ]
    seeks = {"Abel": "Inspector General of Horse", "Basile": "Brigade Major", "Cesar": IGC, "Denis": IGI,
             "Emile": IGC, "Fabien": IGC, "Gaston": IGC, "Henri": "Minister of War", "Ignace": "Division Commander",
             "Jules": "Division Commander", "Karl": IGC, "Louis": "Minister of War", "Noel": "Army Commander"}
    sheets = {n: OrderSheet(n[0], n, weeks={1: SeekAppointment(post)}) for n, post in seeks.items()}
    sheets["Marcel"] = OrderSheet("m", "Marcel")
    result = resolve_month(APRIL, men, sheets, ScriptedDice([4, 5, 6, 5, 1]), world=World())
    ledger = [(e.character, e.field, e.delta, e.value, e.week, e.reason) for e in result.ledger
              if e.rule == RULE_APPOINTMENTS]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events if e.code in CODES]
    term = "a month of his term as {}"
    bar = "a month passed since a failed application"
    assert ledger == [
        ("Denis", "appointment.months", 12, None, 1, f"reappointed {IGI} for another term"),
        ("Jules", "appointment_bar.division-commander", 3, None, 1,
         "refused the post of Division Commander: not again for 3 months"),
        ("Louis", "appointment", None, "Minister of War", 1, "appointed Minister of War"),
        ("Louis", "appointment.months", 12, None, 1, "a term of 12 months"),
        ("Noel", "appointment", None, "Army Commander", 1, "appointed Army Commander"),
        ("Noel", "appointment.months", 12, None, 1, "a term of 12 months"),
        ("Cesar", "status_points", 6, None, MONTH_END, f"the post of {IGC}"),
        ("Cesar", "appointment.months", -1, None, MONTH_END, term.format(IGC)),
        ("Denis", "status_points", 6, None, MONTH_END, f"the post of {IGI}"),
        ("Denis", "appointment.months", -1, None, MONTH_END, term.format(IGI)),
        ("Emile", "status_points", 6, None, MONTH_END, "the post of Division Commander"),
        ("Emile", "appointment.months", -1, None, MONTH_END, term.format("Division Commander")),
        ("Fabien", "appointment_bar.inspector-general-of-cavalry", -1, None, MONTH_END, bar),
        ("Jules", "appointment_bar.division-commander", -1, None, MONTH_END, bar),
        ("Louis", "status_points", 10, None, MONTH_END, "the post of Minister of War"),
        ("Louis", "appointment.months", -1, None, MONTH_END, term.format("Minister of War")),
        ("Marcel", "status_points", 8, None, MONTH_END, "the post of Army Commander"),
        ("Marcel", "appointment.months", -1, None, MONTH_END, term.format("Army Commander")),
        ("Marcel", "appointment", None, None, MONTH_END, "his term as Army Commander ended"),
        ("Noel", "status_points", 8, None, MONTH_END, "the post of Army Commander"),
        ("Noel", "appointment.months", -1, None, MONTH_END, term.format("Army Commander")),
    ]

    def refused(name, post, reason, **data):
        return (EV_APPOINTMENT_REFUSED, 1, (name,), False, {"post": post, "reason": reason, **data})

    def roll(needed, base, value, adjustments):
        return {"needed": needed, "base": base, "roll": value, "influence": 0, "adjustments": adjustments}

    def status(name, post, points):
        return (EV_APPOINTMENT_STATUS, MONTH_END, (name,), False, {"post": post, "status": points})

    posts = ("Regimental Adjutant, Aide to a Brigadier-General, Brigade Major, Division Adjutant, Army Adjutant, "
             "Brigadier (Brigade Commander), Division Commander, Inspector-General of Cavalry, Inspector-General "
             "of Infantry, Army Commander, Minister of War, Minister of State, Minister of Justice")
    assert events == [
        refused("Abel", "Inspector General of Horse",
                f"no post called 'Inspector General of Horse'; the posts are {posts}"),
        refused("Basile", "Brigade Major", "the Brigade Major is chosen by the yearly roll, not by application"),
        refused("Cesar", IGC, "he holds the post for 2 months more; seek reappointment in its last month"),
        (EV_APPOINTED, 1, ("Denis",), True,
         {"post": IGI, "reappointed": True, **roll(4, 6, 4, [["MA 8", -2]])}),
        refused("Emile", IGC, "he holds the post of Division Commander: one post at a time"),
        refused("Fabien", IGC, "a failed application cannot be repeated for 3 months"),
        refused("Gaston", IGC, f"the post of {IGC} needs a Lieutenant-General"),
        refused("Henri", "Minister of War", "the post of Minister of War needs a General or higher"),
        refused("Ignace", "Division Commander", "the post of Division Commander needs Social Level 10"),
        refused("Jules", "Division Commander", "the decision went against him", **roll(6, 5, 5, [["MA 0", 1]])),
        refused("Karl", IGC, f"every post of {IGC} (1) is held, by Cesar"),
        (EV_APPOINTED, 1, ("Louis",), True,
         {"post": "Minister of War", "reappointed": False, **roll(6, 6, 6, [])}),
        (EV_APPOINTED, 1, ("Noel",), True,
         {"post": "Army Commander", "reappointed": False,
          **roll(5, 6, 5, [["SL 17, 3 above the minimum", -1]])}),
        status("Cesar", IGC, 6),
        status("Denis", IGI, 6),
        status("Emile", "Division Commander", 6),
        status("Louis", "Minister of War", 10),
        status("Marcel", "Army Commander", 8),
        (EV_APPOINTMENT_ENDED, MONTH_END, ("Marcel",), True, {"post": "Army Commander"}),
        status("Noel", "Army Commander", 8),
    ]
    assert [(r.values, r.reason) for r in result.rolls] == [
        ((4,), f"Minister decides the post of {IGI} for Denis: 4+ needed"),
        ((5,), "Minister decides the post of Division Commander for Jules: 6+ needed"),
        ((6,), "King decides the post of Minister of War for Louis: 6+ needed"),
        ((5,), "King decides the post of Army Commander for Noel: 5+ needed"),
        ((1,), "King decides the title of Knight for Louis: 3+ needed"),  # a Minister qualifies for a title
    ]
    after = {c.name: c for c in result.characters}
    assert {n: (after[n].appointment, after[n].get("appointment.months")) for n in ("Denis", "Louis", "Marcel")} \
        == {"Denis": (IGI, 12), "Louis": ("Minister of War", 11), "Marcel": (None, 0)}


def test_a_player_ministers_answers_carried_out_line_by_line():
    """"he must go to the Minister of War who appoints that position (it is assumed that no player holds the
    post)": Richelieu, a player, holds it, so Athos's, Aramis's (both the Inspector-General of Cavalry, "a
    Lieutenant-General, appointed by the Minister of War") and Porthos's (of Infantry) applications wait
    for his answers, which the GM records and May's start carries out: Athos is appointed; Aramis, accepted
    too, finds the one post taken; Porthos is refused: "a failed application cannot be repeated for three
    months"."""
    minister = _man("Richelieu", "General", 16, appointment="Minister of War", counters={"appointment.months": 6})
    men = [_man("Athos", "Lieutenant-General", 12), _man("Aramis", "Lieutenant-General", 12),
           _man("Porthos", "Lieutenant-General", 12), minister]
    sheets = {"Athos": OrderSheet("a", "Athos", weeks={1: SeekAppointment(IGC)}),
              "Aramis": OrderSheet("ar", "Aramis", weeks={2: SeekAppointment(IGC)}),
              "Porthos": OrderSheet("p", "Porthos", weeks={1: SeekAppointment(IGI)}),
              "Richelieu": OrderSheet("r", "Richelieu")}
    april = resolve_month(APRIL, men, sheets, ScriptedDice([]), world=World())
    world = april.world.copy()
    decisions.record(world.appointments_pending, "Athos", True, "1607-05")
    decisions.record(world.appointments_pending, "Aramis", True, "1607-05")
    decisions.record(world.appointments_pending, "Porthos", False, "1607-05")
    may = resolve_month(GameMonth(1607, 5), april.characters, {}, ScriptedDice([]), world=world)
    ledger = [(e.character, e.field, e.delta, e.value, e.week, e.reason) for e in may.ledger
              if e.rule == RULE_APPOINTMENTS and e.week == MONTH_START]
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in may.events
              if e.code in CODES and e.week == MONTH_START]
    assert ledger == [
        ("Athos", "appointment", None, IGC, MONTH_START, f"appointed {IGC} by Richelieu"),
        ("Athos", "appointment.months", 12, None, MONTH_START, "a term of 12 months"),
        ("Porthos", "appointment_bar.inspector-general-of-infantry", 3, None, MONTH_START,
         f"refused the post of {IGI} by Richelieu: not again for 3 months"),
    ]
    assert events == [
        (EV_APPOINTED, MONTH_START, ("Athos",), True,
         {"post": IGC, "reappointed": False, "appointed_by": "Richelieu", "decision": "accept"}),
        (EV_APPOINTMENT_REFUSED, MONTH_START, ("Porthos",), False,
         {"post": IGI, "reason": "Richelieu, who appoints to it, refused him", "appointer": "Richelieu",
          "decision": "refuse"}),
        (EV_APPOINTMENT_REFUSED, MONTH_START, ("Aramis",), False,
         {"post": IGC, "reason": f"Richelieu accepted him, but every post of {IGC} (1) is held, by Athos",
          "appointer": "Richelieu", "decision": "accept"}),
    ]
    assert may.rolls == [] and may.world.appointments_pending == []


def test_a_brigadier_takes_his_own_regiments_brigade_and_gives_it_up():
    """"Status points for positions ... are awarded to the Brigade commander": the Brigadier (Brigade
    Commander) commands his own regiment's brigade (engarde's choice).  Beaufort, of the Dragoon Guards,
    becomes Brigadier in week 1 (SL 12, twelve above the minimum: four off the 5 needed, so no die) and takes
    the Horse Guards Brigade; in week 2 Vendome, of the Queen's Own Carabiniers (the same brigade), is
    refused: Beaufort commands it; Conde, of no regiment, has no brigade to command.  Guise's last month as
    Brigadier ends at the month's end and with it his command of the Heavy Brigade."""
    men = [_man("Beaufort", "Brigadier-General", 12, regiment="Dragoon Guards"),
           _man("Vendome", "Brigadier-General", 12, regiment="Queen's Own Carabiniers"),
           _man("Conde", "Brigadier-General", 12),
           _man("Guise", "Brigadier-General", 12, regiment="Crown Prince Cuirassiers",
                appointment="Brigadier (Brigade Commander)", counters={"appointment.months": 1})]
    brigadier = "Brigadier (Brigade Commander)"
    sheets = {"Beaufort": OrderSheet("b", "Beaufort", weeks={1: SeekAppointment("brigadier")}),
              "Vendome": OrderSheet("v", "Vendome", weeks={2: SeekAppointment("brigade commander")}),
              "Conde": OrderSheet("c", "Conde", weeks={1: SeekAppointment(brigadier)}),
              "Guise": OrderSheet("g", "Guise")}
    world = World(brigades=[BrigadeRecord("Heavy Brigade", commander="Guise")])
    result = resolve_month(APRIL, men, sheets, SeededDice("brigadier"), world=world)
    events = [(e.code, e.week, e.characters, e.public, e.data) for e in result.events
              if e.code in (*CODES, EV_BRIGADE_COMMAND) and e.code != EV_APPOINTMENT_STATUS]
    assert events == [
        (EV_BRIGADE_COMMAND, 1, ("Beaufort",), True, {"brigade": "Horse Guards Brigade", "taken": True}),
        (EV_APPOINTED, 1, ("Beaufort",), True,
         {"post": brigadier, "reappointed": False, "needed": 1, "base": 5, "roll": None, "influence": 0,
          "adjustments": [["SL 12, 12 above the minimum", -4]]}),
        (EV_APPOINTMENT_REFUSED, 1, ("Conde",), False,
         {"post": brigadier, "reason": "a Brigadier commands his own regiment's brigade; he has none"}),
        (EV_APPOINTMENT_REFUSED, 2, ("Vendome",), False,
         {"post": brigadier, "reason": "the Horse Guards Brigade is commanded by Beaufort"}),
        (EV_BRIGADE_COMMAND, MONTH_END, ("Guise",), True, {"brigade": "Heavy Brigade", "taken": False}),
        (EV_APPOINTMENT_ENDED, MONTH_END, ("Guise",), True, {"post": brigadier}),
    ]
    assert [(b.name, b.commander) for b in result.world.brigades] == [
        ("Heavy Brigade", None), ("Horse Guards Brigade", "Beaufort")]


def test_the_player_who_appoints_each_post_line_by_line():
    """Appointments (en-garde-tables.md): "rank, min SL, post, number allowed, who appoints"; the rules' example:
    "he must go to the Minister of War who appoints that position (it is assumed that no player holds the
    post)" -- a player holding the appointing position decides, no roll.  In April, week 1: Bazin's
    application to be Regimental Adjutant waits for Athos, his regiment's Colonel and a player; Planchet,
    who commands the Gascon Regiment himself, and Grimaud, whose Colonel is no player, roll; Felton's to be
    Aide to a Brigadier-General waits for Conde, commanding his brigade, while Winter's brigade commander is
    no character and he rolls (his Colonel, Athos, appoints only the Regimental Adjutant); Aramis's (Division
    Adjutant) waits for Rochefort, the player Division Commander, Porthos's (Army Adjutant) for Marcel, the
    first by name of the two player Army Commanders (engarde's choice); D'Artagnan's to be Inspector-General
    of Cavalry is rolled, the Minister of War being dead.  Jussac's influence "on the appointment" for Grimaud
    lowers his 4 to 3; Vendome fails the Brigadier's roll (barred from "brigadier-brigade-
    commander"), Winter the Aide's; Louis, seeking the Army Commander's post, finds both held
    and is told by whom."""
    dg, gascon, marines = "Dragoon Guards", "Gascon Regiment", "Royal Marines"
    men = [
        _man("Athos", "Colonel", 12, regiment=dg),
        _man("Bazin", "Captain", 2, regiment=dg),
        _man("Planchet", "Captain", 2, regiment=gascon),
        _man("Grimaud", "Captain", 2, regiment=marines),
        _man("Conde", "Brigadier-General", 12, regiment="Crown Prince Cuirassiers",
             appointment="Brigadier (Brigade Commander)", counters={"appointment.months": 6}),
        _man("Felton", "Captain", 6, regiment="Archduke Leopold Cuirassiers"),
        _man("Winter", "Captain", 6, regiment=dg),
        _man("Rochefort", "Lieutenant-General", 12, appointment="Division Commander",
             counters={"appointment.months": 6}),
        _man("Aramis", "Major", 8),
        _man("Turenne", "General", 14, appointment="Army Commander", counters={"appointment.months": 6}),
        _man("Marcel", "General", 12, appointment="Army Commander", counters={"appointment.months": 6}),
        _man("Porthos", "Lieutenant-Colonel", 9),
        _man("Richelieu", "General", 16, appointment="Minister of War", counters={"appointment.months": 6},
             state="dead"),
        _man("D'Artagnan", "Lieutenant-General", 10),
        _man("Louis", "General", 12),
        _man("Vendome", "Brigadier-General", 1, regiment=marines),
        _man("Jussac", "Captain", 4, counters={"favour.npc.class3": 1}),
    ]
    seeks = {"Bazin": "Regimental Adjutant", "Planchet": "Regimental Adjutant", "Grimaud": "Regimental Adjutant",
             "Felton": "Aide to a Brigadier-General", "Winter": "Aide to a Brigadier-General",
             "Aramis": "Division Adjutant", "Porthos": "Army Adjutant", "D'Artagnan": IGC, "Louis": "Army Commander",
             "Vendome": "Brigadier"}
    sheets = {n: OrderSheet(n[0], n, weeks={1: SeekAppointment(post)}) for n, post in seeks.items()}
    sheets["Jussac"] = OrderSheet("j", "Jussac", weeks={1: UseInfluence("3", "the appointment", "Grimaud")})
    # Every regiment of theirs already organised (no dice for its officers): ten posts, those not named vacant.
    world = World(regiments=[_regiment(dg, {0: Officer("Athos", player=True)}),
                             _regiment(gascon, {4: Officer("Planchet", player=True)}),
                             _regiment(marines, {0: Officer("Treville")}),
                             _regiment("Crown Prince Cuirassiers", {}), _regiment("Archduke Leopold Cuirassiers", {}),
                             ],
                  brigades=[BrigadeRecord("Heavy Brigade", commander="Conde"),
                            BrigadeRecord("Horse Guards Brigade", commander="Mordaunt")])
    result = resolve_month(APRIL, men, sheets, ScriptedDice([6, 3, 4, 4, 3]), world=world)
    events = [(e.code, e.characters, e.data) for e in result.events
              if e.code in (EV_APPOINTED, EV_APPOINTMENT_AWAITS, EV_APPOINTMENT_REFUSED) and e.week == 1]

    def awaits(name, post, appointer):
        return (EV_APPOINTMENT_AWAITS, (name, appointer), {"post": post, "appointer": appointer, "applicant": name})

    def rolled(name, post, needed, value, **more):
        return {"post": post, "needed": needed, "base": needed, "roll": value, "influence": 0, "adjustments": [],
                **more}

    assert events == [
        awaits("Aramis", "Division Adjutant", "Rochefort"),
        awaits("Bazin", "Regimental Adjutant", "Athos"),
        (EV_APPOINTED, ("D'Artagnan",), {"reappointed": False, **rolled("D'Artagnan", IGC, 6, 6)}),
        awaits("Felton", "Aide to a Brigadier-General", "Conde"),
        (EV_APPOINTED, ("Grimaud",), {"reappointed": False, **rolled("Grimaud", "Regimental Adjutant", 4, 3),
                                      "needed": 3, "influence": -1}),
        (EV_APPOINTMENT_REFUSED, ("Louis",),
         {"post": "Army Commander", "reason": "every post of Army Commander (2) is held, by Marcel, Turenne"}),
        (EV_APPOINTED, ("Planchet",), {"reappointed": False, **rolled("Planchet", "Regimental Adjutant", 4, 4)}),
        awaits("Porthos", "Army Adjutant", "Marcel"),
        (EV_APPOINTMENT_REFUSED, ("Vendome",),
         {"post": "Brigadier (Brigade Commander)", "reason": "the decision went against him",
          **{k: v for k, v in rolled("Vendome", "", 5, 4).items() if k != "post"}}),
        (EV_APPOINTMENT_REFUSED, ("Winter",),
         {"post": "Aide to a Brigadier-General", "reason": "the decision went against him",
          **{k: v for k, v in rolled("Winter", "", 4, 3).items() if k != "post"}}),
    ]
    assert [(p["character"], p["post"], p["appointer"], p["week"]) for p in result.world.appointments_pending] == [
        ("Aramis", "Division Adjutant", "Rochefort", 1), ("Bazin", "Regimental Adjutant", "Athos", 1),
        ("Felton", "Aide to a Brigadier-General", "Conde", 1), ("Porthos", "Army Adjutant", "Marcel", 1)]
    assert [r.reason for r in result.rolls] == [
        f"Minister decides the post of {IGC} for D'Artagnan: 6+ needed",
        "Colonel decides the post of Regimental Adjutant for Grimaud: 3+ needed",
        "Colonel decides the post of Regimental Adjutant for Planchet: 4+ needed",
        "Minister decides the post of Brigadier (Brigade Commander) for Vendome: 5+ needed",
        "Brigadier-General decides the post of Aide to a Brigadier-General for Winter: 4+ needed"]
    assert [(e.character, e.field) for e in result.ledger if e.field.startswith("appointment_bar.") and e.week == 1] \
        == [("Vendome", "appointment_bar.brigadier-brigade-commander"),
            ("Winter", "appointment_bar.aide-to-a-brigadier-general")]
    assert [(e.code, e.week, e.data["what"]) for e in result.events if e.code == EV_INFLUENCE_USED] == [
        (EV_INFLUENCE_USED, 1, "the post of Regimental Adjutant")]
    assert [e.message for e in result.errors if e.source == "Bazin"] == [
        "Bazin seeks the post of Regimental Adjutant; Athos, a player, appoints to it (no roll): the application "
        "waits for his answer"]


def test_a_player_ministers_answers_when_things_have_changed_line_by_line():
    """"he must go to the Minister of War who appoints that position (it is assumed that no player holds the
    post)"; "a failed application cannot be repeated for three months".  In April Richelieu, a player, is
    Minister of War in his term's last month; these applications wait for him: Aramis's (Inspector-General
    of Infantry), Beaufort's and Vendome's (Brigadier: both of the Horse Guards Brigade), Felton's (of
    Cavalry), Hugo's, Ivo's and, in week 2, Jules's (Division Commander: two of the four posts held), and
    Porthos's.  In week 2 Aramis becomes Minister of Justice by the King's roll; Porthos dies after the
    month.  At May's start Richelieu's answers, all accepting: Aramis holds another post; Beaufort takes the
    brigade, so Vendome, accepted too, no longer qualifies; Hugo and Ivo fill the posts, so Jules finds all
    four held and is told by whom; Porthos is dead.  Felton's waits: in May, with no player Minister, he
    applies again and fails the roll (barred three months, two at the month's end); Richelieu's refusal,
    carried out at June's start, bars him three months from then, no more."""
    dg, qoc = "Dragoon Guards", "Queen's Own Carabiniers"
    men = [
        _man("Richelieu", "General", 16, appointment="Minister of War", counters={"appointment.months": 1}),
        _man("Aramis", "Lieutenant-General", 16),
        _man("Beaufort", "Brigadier-General", 12, regiment=dg),
        _man("Vendome", "Brigadier-General", 12, regiment=qoc),
        _man("Felton", "Lieutenant-General", 11),
        _man("Hugo", "Lieutenant-General", 11),
        _man("Ivo", "Lieutenant-General", 11),
        _man("Jules", "Lieutenant-General", 11),
        _man("Kurt", "Lieutenant-General", 11, appointment="Division Commander", counters={"appointment.months": 6}),
        _man("Leon", "Lieutenant-General", 11, appointment="Division Commander", counters={"appointment.months": 6}),
        _man("Porthos", "Lieutenant-General", 11),
    ]
    seeks = {"Aramis": IGI, "Beaufort": "Brigadier", "Vendome": "Brigadier", "Felton": IGC,
             "Hugo": "Division Commander", "Ivo": "Division Commander", "Porthos": IGC}
    sheets = {n: OrderSheet(n[0], n, weeks={1: SeekAppointment(post)}) for n, post in seeks.items()}
    sheets["Aramis"].weeks[2] = SeekAppointment("Minister of Justice")
    sheets["Jules"] = OrderSheet("j", "Jules", weeks={2: SeekAppointment("Division Commander")})
    world = World(regiments=[_regiment(dg, {}), _regiment(qoc, {})])
    april = resolve_month(APRIL, men, sheets, ScriptedDice([6, 1]), world=world)
    assert [(p["character"], p["post"], p["week"]) for p in april.world.appointments_pending] == [
        ("Aramis", IGI, 1), ("Beaufort", "Brigadier (Brigade Commander)", 1), ("Felton", IGC, 1),
        ("Hugo", "Division Commander", 1), ("Ivo", "Division Commander", 1), ("Porthos", IGC, 1),
        ("Vendome", "Brigadier (Brigade Commander)", 1), ("Jules", "Division Commander", 2)]
    world = april.world.copy()
    for name in ("Aramis", "Beaufort", "Hugo", "Ivo", "Jules", "Porthos", "Vendome"):
        decisions.record(world.appointments_pending, name, True, "1607-05")
    may_men = april.characters
    next(c for c in may_men if c.name == "Porthos").state = "dead"
    felton_again = {"Felton": OrderSheet("f", "Felton", weeks={1: SeekAppointment(IGC)})}
    may = resolve_month(GameMonth(1607, 5), may_men, felton_again, ScriptedDice([1]), world=world)

    def accepted_but(name, post, why):
        return (EV_APPOINTMENT_REFUSED, (name,), {"post": post, "reason": f"Richelieu accepted him, but {why}",
                                                  "appointer": "Richelieu", "decision": "accept"})

    def appointed(name, post):
        return (EV_APPOINTED, (name,), {"post": post, "reappointed": False, "appointed_by": "Richelieu",
                                        "decision": "accept"})

    brigadier = "Brigadier (Brigade Commander)"
    assert [(e.code, e.characters, e.data) for e in may.events
            if e.code in (EV_APPOINTED, EV_APPOINTMENT_REFUSED) and e.week == MONTH_START] == [
        accepted_but("Aramis", IGI, "he holds the post of Minister of Justice: one post at a time"),
        appointed("Beaufort", brigadier),
        appointed("Hugo", "Division Commander"),
        appointed("Ivo", "Division Commander"),
        accepted_but("Porthos", IGC, "dead"),
        accepted_but("Vendome", brigadier, "the Horse Guards Brigade is commanded by Beaufort"),
        accepted_but("Jules", "Division Commander",
                     "every post of Division Commander (4) is held, by Hugo, Ivo, Kurt, Leon"),
    ]
    assert [p["character"] for p in may.world.appointments_pending] == ["Felton"]
    bar = "appointment_bar.inspector-general-of-cavalry"
    felton = next(c for c in may.characters if c.name == "Felton")
    assert felton.get(bar) == 2
    world = may.world.copy()
    decisions.record(world.appointments_pending, "Felton", False, "1607-06")
    june = resolve_month(GameMonth(1607, 6), may.characters, {}, SeededDice("june"), world=world)  # the summer's dice
    assert [(e.character, e.field, e.delta, e.week, e.reason) for e in june.ledger if e.field == bar] == [
        ("Felton", bar, 1, MONTH_START, f"refused the post of {IGC} by Richelieu: not again for 3 months"),
        ("Felton", bar, -1, MONTH_END, "a month passed since a failed application"),
    ]


def test_a_player_ministers_acceptance_for_the_post_he_already_holds():
    """"Posts usually run for twelve months"; reappointment is applying for his own post in the last month of
    its term (engarde's choice).  Two applications have waited for Richelieu, the player Minister of War,
    since before their applicants were given those posts by the roll (while no player was Minister):
    accepted, carried out at April's start, Athos, in his term's last month, is reappointed for another term
    (12 months more, 12 left at the month's end); Aramis, with two months left, is not given a second term
    on top of his first (he is told to seek it in its last month)."""
    minister = _man("Richelieu", "General", 16, appointment="Minister of War", counters={"appointment.months": 6})
    men = [_man("Athos", "Lieutenant-General", 12, appointment=IGC, counters={"appointment.months": 1}),
           _man("Aramis", "Lieutenant-General", 12, appointment=IGI, counters={"appointment.months": 2}),
           minister]
    waiting = [{"character": "Athos", "post": IGC, "appointer": "Richelieu", "month": "1606-05", "week": 1},
               {"character": "Aramis", "post": IGI, "appointer": "Richelieu", "month": "1606-09", "week": 2}]
    world = World(appointments_pending=waiting)
    for name in ("Athos", "Aramis"):
        decisions.record(world.appointments_pending, name, True, "1607-04")
    result = resolve_month(APRIL, men, {}, ScriptedDice([]), world=world)
    ledger = [(e.character, e.field, e.delta, e.value, e.week, e.reason) for e in result.ledger
              if e.rule == RULE_APPOINTMENTS and e.field != "status_points"]
    assert ledger == [
        ("Athos", "appointment.months", 12, None, MONTH_START, f"reappointed {IGC} by Richelieu for another term"),
        ("Aramis", "appointment.months", -1, None, MONTH_END, f"a month of his term as {IGI}"),
        ("Athos", "appointment.months", -1, None, MONTH_END, f"a month of his term as {IGC}"),
        ("Richelieu", "appointment.months", -1, None, MONTH_END, "a month of his term as Minister of War"),
    ]
    assert [(e.code, e.characters, e.public, e.data) for e in result.events
            if e.code in (EV_APPOINTED, EV_APPOINTMENT_REFUSED)] == [
        (EV_APPOINTED, ("Athos",), True,
         {"post": IGC, "reappointed": True, "appointed_by": "Richelieu", "decision": "accept"}),
        (EV_APPOINTMENT_REFUSED, ("Aramis",), False,
         {"post": IGI, "reason": "Richelieu accepted him, but he holds the post for 2 months more; seek "
                                 "reappointment in its last month", "appointer": "Richelieu", "decision": "accept"}),
    ]
    after = {c.name: c.get("appointment.months") for c in result.characters}
    assert (after["Athos"], after["Aramis"]) == (12, 1)

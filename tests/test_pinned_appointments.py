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
    EV_APPOINTMENT_ENDED,
    EV_APPOINTMENT_REFUSED,
    EV_APPOINTMENT_STATUS,
    EV_BRIGADE_COMMAND,
)
from engarde.rules.appointments.orders import SeekAppointment
from engarde.rules.regiments.state import BrigadeRecord
from engarde.rules.appointments.rules import RULE_APPOINTMENTS
from engarde.rules import decisions
from engarde.world import World

APRIL = GameMonth(1607, 4)
CODES = (EV_APPOINTED, EV_APPOINTMENT_ENDED, EV_APPOINTMENT_REFUSED, EV_APPOINTMENT_STATUS)
IGC = "Inspector-General of Cavalry"
IGI = "Inspector-General of Infantry"


def _man(name, rank, sl, ma=4, **kw):
    return Character(name, social_level=sl, rank=rank, military_ability=ma, crowns=5000, **kw)


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

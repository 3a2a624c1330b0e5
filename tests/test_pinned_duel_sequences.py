"""Duelling Table A's rules of sequence, pinned message by message (mutation testing:
docs/rules-coverage.md, "Mutation testing"): what a player is told of an illegal written sequence, and
which routines a legal one is read as."""

from __future__ import annotations

from engarde.rules.duel import rules
from engarde.rules.duel.codes import EV_DUEL
from engarde.rules.duel.orders import Challenge
from engarde.rules.duel.tables import DuelTables
from test_duel_month import LUNGER, YIELDS, events, gent, orders, run, sheets
from test_duel_tables import duel_tables

BOOK = DuelTables()
ACTIONS = "X L S C K JB CL R T P B Sur OP1 OP2 OB1 OB2"


def check(text: str, weapon: str = "rapier", opponent_weapon: str | None = None) -> list[str]:
    return rules.check_sequence(BOOK, text, weapon, opponent_weapon)


def reading(text: str, weapon: str = "rapier", opponent_weapon: str | None = None) -> list[tuple]:
    routines, problems = rules.plan_sequence(BOOK, text, weapon, opponent_weapon)
    assert problems == []
    return [(r.name, r.start, r.written, " ".join(r.form.pattern)) for r in routines]


def test_brackets_as_written_line_by_line():
    """"a parenthetical reminder is also shown that the first action of the next sequence must be a rest":
    brackets are one action each, never nested, always closed."""
    assert check("((X))") == ["brackets inside brackets"]
    assert check("X ) L") == ["a closing bracket ')' without an opening one"]
    assert check("X L X )") == ["a closing bracket ')' without an opening one"]
    assert check("(X L X") == ["an opening bracket '(' is never closed"]
    assert check("X L X (Q)") == [f"turn 4: '(Q)' is not an action of Duelling Table A (actions: {ACTIONS})"]
    assert check("X L X", weapon="axe") == [
        "no weapon called 'axe' (weapons: rapier, dagger, foil, sabre, cutlass, two-handed sword)"
    ]
    assert check(" - ") == ["no actions are written"]


def test_the_routine_in_progress_and_what_it_needed_line_by_line():
    """"All actions in a routine must be performed in the exact order given on the table, and no routine may
    be begun before the previous routine is completed": the player is told the turn, the action, and what
    each routine it might have been needed there (Duelling Table A's own spelling)."""
    assert check("X L K") == [
        "turn 3: K cannot come here: the Lunge -X-L-X- needs X here; the Furious Lunge -L-X-X-C-X-X-X- needs X here"
    ]
    assert check("X (L) X") == [
        "turn 2: (L) cannot come here: the Lunge -X-L-X- needs L here; the Slash -(X)-X-S- needs X here; "
        "the Furious Slash -X-S-X-C-X-X-X- needs S here"
    ]
    assert check("P P X T") == [
        "turn 4: T cannot come here: T begins no routine (it comes within: Throw); the Lunge -X-L-X- needs L "
        "here; the Slash -(X)-X-S- needs X here; the Furious Slash -X-S-X-C-X-X-X- needs S here"
    ]
    assert check("S") == ["turn 1: S cannot come here: S begins no routine (it comes within: Furious Slash, Slash)"]
    assert check("R") == ["turn 1: R cannot come here: R begins no routine (it comes within: Parry)"]
    assert check("CL K X X X R") == ["turn 6: R cannot come here: R begins no routine (it comes within: Parry)"]
    assert check("CL K X X X C") == [
        "turn 6: C cannot come here: C begins no routine (it comes within: Furious Lunge, Furious Slash)"
    ]
    assert check("P X S P") == [
        "turn 4: P cannot come here: the Furious Slash -X-S-X-C-X-X-X- needs X here; the slash may be shortened "
        "to X-S only straight after a routine that ended in a rest (write X X S)"
    ]
    assert check("X S P") == [
        "turn 3: P cannot come here: the Furious Slash -X-S-X-C-X-X-X- needs X here; the slash may be shortened "
        "to X-S only straight after a routine that ended in a rest (write X X S)"
    ]
    assert check("P (X) P") == [
        "turn 3: P cannot come here: the Slash -(X)-X-S- needs X here"
    ]
    assert check("P (R) P (X) P") == [
        "turn 5: P cannot come here: the Slash -(X)-X-S- needs X here"
    ]


def test_the_reminder_after_the_last_turn_line_by_line():
    """"Thus, only the first action of the jump back routine is recorded in this sequence.  Once the routine
    has been started, however, it must be completed ... a parenthetical reminder is also shown that the first
    action of the next sequence must be a rest, the completion of the jump back routine."""
    assert check("(X)") == [
        "the reminder after the last turn: (X) cannot come here: a reminder in brackets after the last turn may "
        "only finish the routine left unfinished"
    ]
    assert check("P (R) (X)") == [
        "the reminder after the last turn: (X) cannot come here: a reminder in brackets after the last turn may "
        "only finish the routine left unfinished"
    ]
    assert check("JB (T)") == [
        "the reminder after the last turn: (T) cannot come here: the reminder must finish the Jump Back -JB-X- "
        "with X; the reminder must finish the Throw -JB-X-T- with X T"
    ]
    assert check("JB (X) (X)") == [
        "the reminder after the last turn: (X) cannot come here: the reminder must finish the Jump Back -JB-X- "
        "with X; the reminder must finish the Throw -JB-X-T- with X T"
    ]
    assert check("X L X (X)") == [
        "the reminder after the last turn: (X) cannot come here: a reminder in brackets after the last turn may "
        "only finish the routine left unfinished; the reminder must finish the Furious Lunge -L-X-X-C-X-X-X- "
        "with X C X X X"
    ]
    assert check("CL K (X)") == [
        "the reminder after the last turn: (X) cannot come here: the reminder must finish the Kick -CL-K-X-X-X- "
        "with X X X"
    ]
    assert check("CL K (X X X)") == []
    assert reading("JB (X) (T)") == [("Throw", 0, 1, "JB X T")]
    assert reading("CL K X (X X)") == [("Kick", 0, 3, "CL K X X X")]
    assert reading("P (R)") == [("Parry", 0, 2, "P (R)")]
    assert reading("X L X CL K X X X X S P JB (X)")[-1] == ("Jump Back", 11, 1, "JB X")
    assert check("(C) (R)") == [
        "the reminder after the last turn: (C) cannot come here: a reminder in brackets after the last turn may "
        "only finish the routine left unfinished"
    ]
    assert check("(C) CL") == [
        "turn 1: (C) cannot come here: brackets mark only the optional X of a slash (X) X S, the optional riposte "
        "P (R), or a reminder after the last turn"
    ]


def test_the_reading_chosen_line_by_line():
    """"If the previous routine ended in a rest (X), the slash routine may be abbreviated to X-S": a written
    sequence that reads several ways is read with the most rests that could be mandatory ones, then the
    fewest routines; a routine left unfinished only when nothing else reads."""
    assert reading("X X S") == [("Slash", 0, 3, "X X S")]
    assert reading("X X X S") == [("Rest", 0, 1, "X"), ("Slash", 1, 3, "X X S")]
    assert reading("X L X X S") == [("Lunge", 0, 3, "X L X"), ("Slash", 3, 2, "X S")]
    assert reading("X L X X X S") == [("Lunge", 0, 3, "X L X"), ("Slash", 3, 3, "X X S")]
    assert reading("X L X X X X S") == [("Lunge", 0, 3, "X L X"), ("Rest", 3, 1, "X"), ("Slash", 4, 3, "X X S")]
    assert reading("X S") == [("Furious Slash", 0, 2, "X S X C X X X")]
    # a routine left unfinished: the reading with a rest that could be a mandatory one
    assert reading("CL X L") == [("Close", 0, 1, "CL"), ("Rest", 1, 1, "X"), ("Furious Lunge", 2, 1, "L X X C X X X")]
    assert reading("X L X L") == [("Lunge", 0, 3, "X L X"), ("Furious Lunge", 3, 1, "L X X C X X X")]
    # the rapier is the weapon when none is named
    routines, problems = rules.plan_sequence(BOOK, "X L X")
    assert ([r.name for r in routines], problems) == (["Lunge"], [])
    assert rules.check_sequence(BOOK, "X L X") == []
    assert reading("X X") == [("Rest", 0, 1, "X"), ("Rest", 1, 1, "X")]
    assert reading("X X L X") == [("Rest", 0, 1, "X"), ("Lunge", 1, 3, "X L X")]
    assert reading("P X X S") == [("Parry", 0, 1, "P"), ("Slash", 1, 3, "X X S")]
    assert reading("P (X) X S") == [("Parry", 0, 1, "P"), ("Slash", 1, 3, "(X) X S")]
    assert reading("P R X") == [("Parry", 0, 2, "P R"), ("Rest", 2, 1, "X")]
    assert reading("X S X X X", "cutlass") == [("Slash", 0, 5, "X S X X X")]
    assert reading("X X S", "Cutlass") == [("Rest", 0, 1, "X"), ("Slash", 1, 2, "X S X X X")]
    assert check("X S P", weapon="cutlass") == [
        "turn 3: P cannot come here: the Slash -X-S-X-X-X- needs X here; the Furious Slash -X-S-X-C-X-X-X- needs "
        "X here"
    ]


def test_the_daggers_closes_line_by_line():
    """"Daggers: When a character is duelling with a dagger as a weapon, he must precede all attacks (except
    throw) with a close routine.  If duelling against a two-handed sword, he must precede all attacks with two
    close routines."""
    assert check("X L X", weapon="dagger") == [
        "turn 1: with a dagger the Lunge must come straight after a close routine (CL)"
    ]
    assert check("CL X L X X X S", weapon="Dagger") == [
        "turn 5: with a dagger the Slash must come straight after a close routine (CL)"
    ]
    assert check("CL X L X", weapon="dagger", opponent_weapon="Two-Handed Sword") == [
        "turn 2: with a dagger against a two-handed sword the Lunge must come straight after two close "
        "routines (CL CL)"
    ]
    assert check("CL CL CL X L X", weapon="dagger", opponent_weapon="two-handed sword") == []
    assert check("CL CL CL X L X P X L X", weapon="dagger", opponent_weapon="two-handed sword") == [
        "turn 8: with a dagger against a two-handed sword the Lunge must come straight after two close "
        "routines (CL CL)"
    ]
    assert check("CL X L X", weapon="dagger", opponent_weapon="") == []
    assert check("CL X L X", weapon="dagger", opponent_weapon="rapier") == []
    assert check("X L X", weapon="rapier", opponent_weapon="two-handed sword") == []
    assert check("P R X", weapon="dagger") == [
        "turn 1: with a dagger the Parry must come straight after a close routine (CL)"
    ]
    assert check("CL P R X CL P", weapon="dagger") == []
    assert check("JB X T", weapon="dagger") == []
    # with a dagger the unfinished reading that keeps the close straight before the attack
    assert reading("CL X L", "dagger") == [("Close", 0, 1, "CL"), ("Lunge", 1, 2, "X L X")]
    # the dagger's routines are read all the same
    routines, problems = rules.plan_sequence(BOOK, "CL X L X X X S", "dagger")
    assert [r.name for r in routines] == ["Close", "Lunge", "Slash"] and len(problems) == 1


def test_every_reading_of_the_words_explained_under_a_campaigns_own_table_a():
    """Duelling Table A: "Players must perform routines in the exact sequence shown"; a campaign may write
    the routines its own way (``[tables.duel] duelling_table_a_routines``).  With a Furious Slash begun by
    its slash, as the Furious Lunge is by its lunge (-S-X-X-C-X-X-X-), X X S is a slash, a rest and a
    shortened slash, or two rests and the S that begins the Furious Slash: the player is told of the C what
    every one of them needed, the two readings that come to the same place after the S counted once."""
    own = duel_tables(duelling_table_a_routines={"Furious Slash": ["S", "X", "X", "C", "X", "X", "X"]})
    assert rules.check_sequence(own, "X X S C") == [
        "turn 4: C cannot come here: C begins no routine (it comes within: Furious Lunge, Furious Slash); "
        "the Furious Slash -S-X-X-C-X-X-X- needs X here"
    ]
    assert check("X X S C") == [  # the book's: a rest and the Furious Slash -X-S-X-C-X-X-X-
        "turn 4: C cannot come here: C begins no routine (it comes within: Furious Lunge, Furious Slash); "
        "the Furious Slash -X-S-X-C-X-X-X- needs X here"
    ]
    assert reading("X X S") == [("Slash", 0, 3, "X X S")]
    assert rules.plan_sequence(own, "X X S X X C X X X")[1] == []


def test_the_forms_of_table_a():
    """Duelling Table A as the rules print it: "Slash = -(X)-X-S-", "Parry = -P-(R)-"; "Cutlass: The slash
    routine for a cutlass is -X-S-X-X-X-, not -(X)-X-S-."""
    forms = rules.routine_forms(BOOK)
    slashes = [(f.pattern, f.short, f.flexible, f.book(BOOK)) for f in forms if f.name == "Slash"]
    assert slashes == [(("X", "X", "S"), False, False, "-(X)-X-S-"), (("X", "S"), True, False, "-(X)-X-S-"),
                       (("(X)", "X", "S"), False, True, "-(X)-X-S-")]
    parries = [(f.pattern, f.attack, f.book(BOOK)) for f in forms if f.name == "Parry"]
    assert parries == [(("P",), False, "-P-(R)-"), (("P", "R"), True, "-P-(R)-"), (("P", "(R)"), True, "-P-(R)-")]
    cutlass = [(f.pattern, f.book(BOOK)) for f in rules.routine_forms(BOOK, "Cutlass") if f.name == "Slash"]
    assert cutlass == [(("X", "S", "X", "X", "X"), "-X-S-X-X-X-")]
    assert rules.RoutineForm("Lunge", ("X", "L", "X")).book(BOOK) == "-X-L-X-"
    assert rules.RoutineForm("Nothing", ("X", "Q")).book(BOOK) == "-X-Q-"


def test_a_challenge_named_loosely_and_a_standing_weapon_not_on_table_c():
    """"Duelling Table C" lists the weapons a duel is fought with (rapier, dagger, foil, sabre, cutlass,
    two-handed sword); "A character may challenge another character to a duel".  Porthos challenges "falstaff
    LE   gros" (another case, another spacing): it is Falstaff le Gros he meets.  Falstaff's standing duel
    weapon is an axe, on no table: he fights with the rapier, at his Expertise with the rapier (12, not his
    base 10)."""
    porthos = gent("Porthos", exp=12)
    falstaff = gent("Falstaff le Gros", exp=10, counters={"expertise.rapier": 2})
    standing_ = {"Porthos": orders(duel_sequence=LUNGER, duel_conditions=YIELDS),
                 "Falstaff le Gros": orders(duel_weapon="axe", duel_sequence=LUNGER, duel_conditions=YIELDS)}
    result = run([porthos, falstaff], sheets(Porthos={1: Challenge("falstaff LE   gros", "he trod on my cloak",
                                                                     "rapier")}), standing_)
    (ev,) = events(result, EV_DUEL)
    assert ev.characters == ("Porthos", "Falstaff le Gros")
    assert (ev.data["weapons"], ev.data["expertise"]) == (["rapier", "rapier"], [12, 12])

"""The duel's fight, turn by turn with the dice asked for (mutation testing: docs/rules-coverage.md,
"Mutation testing"): throws, breakage, mandatory rests, a dagger's closes, the advantage's short
sequence, optional routines and the seconds' turn limit."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from engarde.dice import ScriptedDice
from engarde.rules.duel.rules import Condition, damage, fight, normalise_weapon, parse_condition
from test_duel_fight import BOOK, D


def turn_by_turn(a, b, dice, limit, tables=BOOK):
    """The fight's turns as (actions, damage, notes, seen), the dice's reasons, and the record."""
    rolled = ScriptedDice(dice)
    record = fight(tables, a, b, rolled, turn_limit=limit)
    turns = [(t["actions"], t["damage"], t["notes"], t["seen"]) for t in record.turns]
    return turns, [r.reason for r in rolled.log], record


def test_a_thrown_sabre_missing_on_a_three_and_hitting_on_a_two():
    """Table B's note: "When a weapon is thrown, roll a die. On a 1 or 2, the throw is successful and the
    opponent takes damage. Any other result and the thrower has missed while the opponent is unharmed."  A
    sabre thrown for a 3 misses (the line said to both); for a 2 it hits for 4 x 10 x 1/2 = 20, the thrower
    seeing the sum and the man hit only the damage (not his opponent's Strength)."""
    lunge = D("B", "X L X", endurance=100)
    turns, reasons, record = turn_by_turn(D("A", "JB X T", "sabre"), lunge, [3], 3)
    assert turns[2] == (["T", "X"], [0, 0], ["A throws (3) and misses"],
                        [["A throws (3) and misses"], ["A throws (3) and misses"]])
    assert reasons == ["duel A v B, turn 3: A throws his sabre: hits on 1-2"]
    assert (record.killed, record.end, record.loss, record.disarmed) == ([], "parted", [20, 0], [True, False])
    turns, reasons, record = turn_by_turn(D("A", "JB X T", "sabre"), lunge, [2], 3)
    assert turns[2] == (["T", "X"], [0, 20], ["A throws (2) and hits: 4 x 10 x 1/2 = 20"],
                        [["A throws (2) and hits: 4 x 10 x 1/2 = 20"], ["A throws (2) and hits: 20"]])
    assert (record.killed, record.end, record.loss) == ([], "parted", [20, 20])


def side(record, i: int) -> tuple[str, list[str]]:
    """One man's actions turn by turn (as the rules write a sequence) and the routines they were of."""
    return " ".join(t["actions"][i] for t in record.turns), [t["routines"][i] for t in record.turns]


def test_surrender_and_optional_routines_by_condition_turn_by_turn():
    """Optional Routines: "The surrender routine may be performed at any time"; an optional parry or block is
    performed on its written condition.  "Surrender if endurance below 20" is not met at exactly 20 (Bardolph
    fights on and is killed); "below half" is met at 498 of 1000 and not at 500, and is followed in the
    middle of a lunge (no rests to make up); the rest of the written routine is cancelled, a shorter optional
    routine made up with rests: an optional parry in a slash's first rest (none), at a lunge's start (1
    rest); a surrender at a lunge's start (2 rests), lunged at (a surrender is met as a rest).  A condition
    the fight cannot read is noted and not followed."""
    _, _, record = turn_by_turn(D("A", "X L X"), D("B", "X X X", endurance=60,
                                                   conditions=("surrender if endurance below 20",)), [], 9)
    assert (side(record, 1)[0], record.notes[1], record.end, record.killed) == (
        "X X X X X X X X", [], "killed", ["B"])
    assert [t["endurance"][1] for t in record.turns] == [60, 40, 40, 40, 20, 20, 20, 0]

    _, _, record = turn_by_turn(D("A", "X L X", strength=1), D("B", "X L X", endurance=502, original=1000,
                                                               conditions=("surrender if endurance below half",)),
                                [], 12)
    assert side(record, 1) == ("X L X X L Sur", ["Lunge"] * 5 + ["Optional Surrender"])
    assert [t["endurance"][1] for t in record.turns] == [502, 500, 500, 500, 498, 498]
    assert record.notes[1] == ["turn 6: by his condition 'surrender if endurance below half': Optional Surrender (Sur)"]
    assert (record.end, record.surrendered, record.winner) == ("surrender", ["B"], "A")

    parry = ("optional parry if opponent L",)
    _, _, record = turn_by_turn(D("A", "X L X"), D("B", "X X X S", conditions=parry), [], 5)
    assert side(record, 1) == ("X X OP1 OP2 X", ["Rest", "Slash", "Optional Parry", "Optional Parry", "Rest"])
    assert record.notes[1] == ["turn 3: by his condition 'optional parry if opponent L': Optional Parry (OP1 OP2)"]
    _, _, record = turn_by_turn(D("A", "X L X"), D("B", "X X X L X", conditions=parry), [], 5)
    assert side(record, 1) == ("X X OP1 OP2 X", ["Rest", "Rest"] + ["Optional Parry"] * 3)
    assert record.notes[1] == ["turn 3: by his condition 'optional parry if opponent L': Optional Parry (OP1 OP2), "
                               "made up with 1 rest"]

    turns, _, record = turn_by_turn(D("A", "X X S L X X C X X X"), D(
        "B", "X X X X L X", endurance=100, conditions=("surrender if endurance below 95", "dance if raining")), [], 6)
    assert turns[3][:3] == (["L", "Sur"], [0, 20], ["A: L v X = 2 x 10 x 1 = 20",
                                                    "B: turn 4: by his condition 'surrender if endurance below 95': "
                                                    "Optional Surrender (Sur), made up with 2 rests"])
    assert record.notes[1] == [
        "condition not followed: 'dance if raining': a condition names an optional routine (riposte, optional parry, "
        "optional block, surrender) and when: e.g. 'surrender if endurance below 10'",
        "turn 4: by his condition 'surrender if endurance below 95': Optional Surrender (Sur), made up with 2 rests"]
    assert (record.end, record.loss) == ("surrender", [0, 30])


def test_a_daggers_closes_and_ripostes_turn_by_turn():
    """Daggers: "he must precede all attacks (except throw) with a close routine ... If duelling against a
    two-handed sword, he must precede all attacks with two close routines"; "The riposte may only be used if
    the riposting player parried his opponent's lunge in the previous turn"; Weapons Breakage: "A broken
    weapon is treated as a dagger in all respects except for throwing."  Against a two-handed sword a dagger
    with no close written has two put in before his lunge, with one written one more; against a rapier one,
    before each lunge (his sequence read ahead for a mandatory rest or not); a rapier broken on a block closes before the lunge after; a dagger that closed
    once before parrying a lunge ripostes (1 x 10); a rapier broken on the parry (a cutlass's lunge stopped:
    3 - 1 - 1 = 1, rolled 1) is a dagger that had not closed, and does not riposte."""
    _, _, record = turn_by_turn(D("A", "X L X", "dagger"), D("B", "X", "two-handed sword"), [], 5)
    assert side(record, 0) == ("CL CL X L X", ["Close", "Close", "Lunge", "Lunge", "Lunge"])
    assert record.notes[0] == ["turn 1: with a dagger against a two-handed sword he must close before each attack: "
                               "2 close routines put in before his Lunge"]
    _, _, record = turn_by_turn(D("A", "CL X L X", "dagger"), D("B", "X", "two-handed sword"), [], 5)
    assert side(record, 0) == ("CL CL X L X", ["Close", "Close", "Lunge", "Lunge", "Lunge"])
    assert record.notes[0] == ["turn 2: with a dagger against a two-handed sword he must close before each attack: "
                               "1 close routine put in before his Lunge"]

    _, _, record = turn_by_turn(D("A", "X L X X", "dagger"), D("B", "X"), [], 10)
    assert side(record, 0)[0] == "CL X L X X CL X L X X"
    assert record.notes[0] == [f"turn {t}: with a dagger he must close before each attack: 1 close routine put in "
                               "before his Lunge" for t in (1, 6)]
    _, _, record = turn_by_turn(D("A", "X L X X", "dagger"), D("B", "X", expertise=13), [], 8)
    assert side(record, 0)[0] == "CL X L X X CL X L"
    _, reasons, record = turn_by_turn(D("A", "X S X X X", "cutlass"), D("B", "X B X L X"), [1], 6)
    assert (reasons, side(record, 1)[0], record.broken) == (
        ["duel A v B, turn 2: does B's rapier break? (2 or less)"], "X B CL X L X", [False, True])
    assert record.notes[1] == ["turn 3: with his broken blade (fought as a dagger) he must close before each attack: "
                               "1 close routine put in before his Lunge"]

    turns, _, record = turn_by_turn(D("A", "X L X"), D("B", "CL P R X", "dagger"), [], 4)
    assert side(record, 1) == ("CL P R X", ["Close", "Parry", "Parry", "Rest"])
    assert turns[2][:3] == (["X", "R"], [10, 0], ["B: R v X = 1 x 10 x 1 = 10"])
    assert record.notes == [[], []]

    turns, reasons, record = turn_by_turn(D("A", "X L X", "cutlass"), D("B", "X P R X"), [1], 4)
    assert reasons == ["duel A v B, turn 2: does B's rapier break? (1 or less)"]
    assert side(record, 1) == ("X P X X", ["Rest", "Parry", "Parry", "Rest"])
    assert turns[1][2] == ["B's rapier breaks (1): he fights on with the stump as a dagger"]
    assert record.notes[1] == ["turn 3: no riposte (only straight after parrying a lunge): he recovers (X)"]
    assert (record.broken, record.disarmed) == ([False, True], [False, False])


REST_NOTE = ("turns {}: he owed {} mandatory rest routine{} ({}) and his sequence had 0: {} put in from turn {}, "
             "and the rest of his sequence moved on")


def test_mandatory_rests_put_in_turn_by_turn():
    """Swordsmanship: "if the difference in Expertise is 3 or 4, the player with lower Expertise must add one
    mandatory rest routine into every sequence; if the difference is 5 or 6, he must add two rests"; "If a
    player's Endurance goes below half its original level, he must add one mandatory rest routine into every
    sequence"; "A sequence is twelve turns long."  Rests missing from a sequence are put in at its first
    routine boundary (the tables' ``illegal_sequence = "insert_rests"``).  A rest written to begin at turn 13
    is not in turns 1-12 (one is put in at turn 1); a sequence beginning in the middle of a jump back has its
    rest put in when it ends (turn 14); Endurance of exactly half owes none; two rests for a gap of 5 (one put
    in beside the one written), and one more with a campaign's ``wounded_rests_below`` of 1/3."""
    cases = [
        (D("B", "L X X C X X X X L X JB X X"), 13, BOOK, 14,
         ("X L X X C X X X X L X JB X X", ["Rest"] + ["Furious Lunge"] * 7 + ["Lunge"] * 3 + ["Jump Back"] * 2
          + ["Rest"]),
         [REST_NOTE.format("1-12", 1, "", "1 for Expertise 10 against 13", "1 rest was", 1)]),
        (D("B", "X L X X C X X X X L X JB X L X X C X X X X L X JB X"), 13, BOOK, 15,
         ("X L X X C X X X X L X JB X X L", ["Rest"] + ["Furious Lunge"] * 7 + ["Lunge"] * 3 + ["Jump Back"] * 2
          + ["Rest", "Furious Lunge"]),
         [REST_NOTE.format("13-24", 1, "", "1 for Expertise 10 against 13", "1 rest was", 14)]),
        (D("B", "X L X", endurance=500, original=1000), 10, BOOK, 3, ("X L X", ["Lunge"] * 3), []),
        (D("B", "L X X C X X X X"), 15, BOOK, 10,
         ("X L X X C X X X X L", ["Rest"] + ["Furious Lunge"] * 7 + ["Rest", "Furious Lunge"]),
         [REST_NOTE.format("1-12", 2, "s", "2 for Expertise 10 against 15", "1 rest was", 1).replace(
             "had 0", "had 1")]),
        (D("B", "X L X"), 15, BOOK, 4, ("X X X L", ["Rest", "Rest", "Lunge", "Lunge"]),
         [REST_NOTE.format("1-12", 2, "s", "2 for Expertise 10 against 15", "2 rests were", 1)]),
        (D("B", "X L X", endurance=300, original=1000), 15, replace(BOOK, wounded_rests_below=Fraction(1, 3)), 4,
         ("X X X X", ["Rest", "Rest", "Rest", "Lunge"]),
         [REST_NOTE.format("1-12", 3, "s", "2 for Expertise 10 against 15; 1 for Endurance 300, below 1/3 of 1000",
                           "3 rests were", 1)]),
    ]
    for b, a_expertise, tables, limit, actions, notes in cases:
        _, _, record = turn_by_turn(D("A", "X", expertise=a_expertise), b, [], limit, tables)
        assert (side(record, 1), record.notes[1]) == (actions, notes)


def test_a_slash_shortened_only_straight_after_a_rest_turn_by_turn():
    """Duelling Table A: "If the previous routine ended in a rest (X), the slash routine may be abbreviated to
    X-S. ... This does not apply if the previous routine was a mandatory rest (see Swordsmanship)."  The
    book's (X) X S after a lunge is X-S, after his written rest made mandatory X-X-S; an X-S written after a
    routine that ended in a rest, when a mandatory rest was put in before it (turn 14) or an optional parry cut
    in (OP1 OP2), is X-X-S, and said."""
    _, _, record = turn_by_turn(D("A", "X L X (X) X S"), D("B", "X"), [], 5)
    assert (side(record, 0), record.notes[0]) == (("X L X X S", ["Lunge"] * 3 + ["Slash"] * 2), [])
    _, _, record = turn_by_turn(D("A", "X", expertise=13), D("B", "X (X) X S X L X"), [], 5)
    assert (side(record, 1), record.notes[1]) == (("X X X S X", ["Rest"] + ["Slash"] * 3 + ["Lunge"]), [])
    _, _, record = turn_by_turn(D("A", "X", expertise=13),
                                D("B", "X L X X C X X X JB X X L X X S L X X C X X X JB X"), [], 17)
    assert side(record, 1)[0] == "X L X X C X X X JB X X L X X X X S"
    assert record.notes[1] == [REST_NOTE.format("13-24", 1, "", "1 for Expertise 10 against 13", "1 rest was", 14),
                               "turn 15: a slash may not be shortened to X-S after a mandatory rest: he slashed X-X-S"]
    _, _, record = turn_by_turn(D("A", "L X X C X X X"),
                                D("B", "X JB X X S", conditions=("optional parry if opponent L",)), [], 6)
    assert side(record, 1) == ("X OP1 OP2 X X S", ["Rest", "Optional Parry", "Optional Parry", "Slash", "Slash",
                                                   "Slash"])
    assert record.notes[1] == [
        "turn 2: by his condition 'optional parry if opponent L': Optional Parry (OP1 OP2)",
        "turn 4: a slash may not be shortened to X-S except straight after a routine that ended in a rest: he "
        "slashed X-X-S"]


def test_mandatory_rests_replacing_routines_turn_by_turn():
    """Swordsmanship's mandatory rests, with a campaign's ``illegal_sequence = "replace_routines"``: the first
    routines of the sequence are replaced, turn for turn, by rests, the rests owed being mandatory and the
    others not.  A lunge replaced for one rest owed (X mandatory, X X not: his X-S slash after it stands); a
    parry replaced for one (mandatory: the book's (X) X S after it is X-X-S); a jump back replaced for one
    (X mandatory, X not: the book's (X) X S after it is X-S); a jump back replaced for two,
    and a parry and a block for two (both mandatory: X-X-S after them)."""
    owed = "turns 1-12: he owed {} mandatory rest routine{} ({}) and his sequence had 0: the rules' rests replaced {}"
    one, two = (1, "", "1 for Expertise 10 against 13"), (2, "s", "2 for Expertise 10 against 15")
    cases = [
        (13, "X L X X S", 5, ("X X X X S", ["Rest"] * 3 + ["Slash"] * 2), owed.format(*one, "Lunge (X L X)")),
        (13, "P (X) X S X L X", 4, ("X X X S", ["Rest"] + ["Slash"] * 3), owed.format(*one, "Parry (P)")),
        (13, "JB X (X) X S X L X", 5, ("X X X S X", ["Rest"] * 2 + ["Slash"] * 2 + ["Lunge"]),
         owed.format(*one, "Jump Back (JB X)")),
        (15, "JB X (X) X S X L X", 5, ("X X X X S", ["Rest"] * 2 + ["Slash"] * 3),
         owed.format(*two, "Jump Back (JB X)")),
        (15, "P B (X) X S X L X", 5, ("X X X X S", ["Rest"] * 2 + ["Slash"] * 3),
         owed.format(*two, "Parry (P), Block (B)")),
    ]
    tables = replace(BOOK, illegal_sequence="replace_routines")
    for a_expertise, sequence, limit, actions, note in cases:
        _, _, record = turn_by_turn(D("A", "X", expertise=a_expertise), D("B", sequence), [], limit, tables)
        assert (side(record, 1), record.notes[1]) == (actions, [note])


def test_a_sequence_or_weapon_that_cannot_be_fought_turn_by_turn():
    """Not in the rules (the sheet's mistakes, each said in his report): a sequence that cannot be fought as
    written is replaced by the default sequence for his weapon (the cutlass's slashes X-S-X-X-X), every
    problem named; a weapon that does not exist is fought as the rapier, and no sequence written is the
    rapier's default."""
    _, _, record = turn_by_turn(D("A", "Q Z", "cutlass"), D("B", None, "pike"), [], 3)
    actions = "(actions: X L S C K JB CL R T P B Sur OP1 OP2 OB1 OB2)"
    assert record.notes == [
        [f"his sequence could not be fought as written (turn 1: 'Q' is not an action of Duelling Table A {actions}; "
         f"turn 2: 'Z' is not an action of Duelling Table A {actions}), so he fought the default sequence for the "
         "cutlass: X S X X X P X S X X X B"],
        ["there is no weapon called 'pike': he fought with the rapier",
         "he wrote no duelling sequence, so he fought the default sequence for the rapier: X L X P X X S B X L X X"]]
    assert (side(record, 0)[0], side(record, 1)[0]) == ("X S X", "X L X")
    assert (record.sequences, record.default_sequence, record.weapons) == (
        ["X S X X X P X S X X X B", "X L X P X X S B X L X X"], [True, True], ["cutlass", "rapier"])


def test_breakage_by_the_second_man_turn_by_turn():
    """Weapons Breakage: "Subtract the defender's weapon number from the attacker's ... If the defender
    parried, subtract one from this number.  If the defender rolls this number or less on one die, the weapon
    is broken. ... A broken weapon is treated as a dagger in all respects except for throwing."  The
    challenged man's cutlass (3) against the challenger's rapier (1): a lunge parried, 3 - 1 - 1 = 1, holds on
    a 2 (both see it); a slash blocked, 3 - 1 = 2, breaks the rapier on a 1 and the stump on a 2 (he is
    disarmed); a dagger blocking breaks on a 1 (disarmed).  No roll after a jump back, nor when the chance
    is below 1 (rapier against rapier, parried)."""
    turns, reasons, record = turn_by_turn(D("A", "X P X"), D("B", "X L X", "cutlass"), [2], 3)
    assert reasons == ["duel B v A, turn 2: does A's rapier break? (1 or less)"]
    held = "A's blade holds (2; broke on 1 or less)"
    assert turns[1] == (["P", "L"], [0, 0], [held], [[held], [held]])
    assert (record.broken, record.disarmed) == ([False, False], [False, False])

    turns, reasons, record = turn_by_turn(D("A", "X B X X X X B"), D("B", "X S X X X X S X X X", "cutlass"), [1, 2], 7)
    assert reasons == ["duel B v A, turn 2: does A's rapier break? (2 or less)",
                       "duel B v A, turn 7: does A's broken blade break? (2 or less)"]
    assert [t[2] for t in turns if t[2]] == [["A's rapier breaks (1): he fights on with the stump as a dagger"],
                                             ["A's broken blade breaks (2): he is disarmed"]]
    assert (record.broken, record.disarmed) == ([True, False], [True, False])

    turns, reasons, record = turn_by_turn(D("A", "X X B", "dagger"), D("B", "X X S", "cutlass"), [1], 3)
    assert reasons == ["duel B v A, turn 3: does A's dagger break? (2 or less)"]
    assert turns[2][2] == ["A's dagger breaks (1): he is disarmed"]
    assert (record.broken, record.disarmed) == ([False, False], [True, False])

    for a, b in ((D("A", "X X JB X"), D("B", "X X S", "cutlass")), (D("A", "X P X"), D("B", "X L X"))):
        turns, reasons, record = turn_by_turn(a, b, [], 4)
        assert (reasons, [t[2] for t in turns], record.loss) == ([], [[]] * 4, [0, 0])


def test_the_fights_end_and_what_is_said_turn_by_turn():
    """"If a player's Endurance reaches zero or below, he is dead": at 1 he fights on (the seconds part them
    at the turn limit).  A thrower "is now unarmed": a second throw written is a rest, and said.  Optional
    Routines: "The riposte may only be used if the riposting player parried his opponent's lunge in the
    previous turn": a riposte written as a condition follows a parry of a lunge (and not a parry by a blade
    broken on it, a dagger that had not closed); an optional routine's condition is not followed in the
    middle of a routine already begun with an attack, nor in a mandatory rest (turn 14).  A campaign's
    ``illegal_sequence`` must be one of its two choices."""
    _, _, record = turn_by_turn(D("A", "X L X"), D("B", "X", endurance=21), [], 4)
    assert ([t["endurance"][1] for t in record.turns], record.end, record.killed) == ([21, 1, 1, 1], "parted", [])

    turns, _, record = turn_by_turn(D("A", "JB X T JB X T", "sabre"), D("B", "X"), [5], 6)
    assert side(record, 0)[0] == "JB X T JB X X"
    assert turns[5][2:] == (["A: turn 6: nothing left to throw: he rests (X)"],
                            [["A: turn 6: nothing left to throw: he rests (X)"], []])

    riposte = ("riposte", "surrender if opponent K")
    turns, _, record = turn_by_turn(D("A", "X L X"), D("B", "X P X X", conditions=riposte), [], 4)
    assert side(record, 1) == ("X P R X", ["Rest", "Parry", "Riposte", "Rest"])
    assert turns[2][2] == ["B: R v X = 1 x 10 x 1 = 10",
                           "B: turn 3: he parried a lunge, and ripostes by his condition: Riposte (R)"]
    _, _, record = turn_by_turn(D("A", "X L X", "cutlass"), D("B", "X P X X", conditions=("riposte",)), [1], 4)
    assert (side(record, 1)[0], record.notes[1], record.broken) == ("X P X X", [], [False, True])

    _, _, record = turn_by_turn(D("A", "X L X"), D("B", "X L X", conditions=("optional parry if opponent L",)), [], 4)
    assert (side(record, 1)[0], record.notes[1]) == ("X L X X", [])
    _, _, record = turn_by_turn(D("A", " ".join(["X"] * 12 + ["CL"] + ["X"] * 12), expertise=13),
                                D("B", "X L X X C X X X JB X X L X X S L X X C X X X JB X",
                                  conditions=("optional block if opponent CL",)), [], 17)
    assert side(record, 1)[0] == "X L X X C X X X JB X X L X X X X S"

    # A riposte or a surrender is met as a rest: Duelling Table B has no column for either.
    assert (damage(BOOK, "L", "R", 10), damage(BOOK, "S", "Sur", 10, "cutlass")) == (20, 40)

    with pytest.raises(ValueError, match=r"illegal_sequence must be one of \('insert_rests', 'replace_routines'\)"):
        fight(replace(BOOK, illegal_sequence="anything"), D("A", "X"), D("B", "X"), ScriptedDice([]))


def test_a_disarmed_mans_jump_back_and_close_turn_by_turn():
    """Table B's note: "In either case the thrower is now unarmed."  Unarmed, he can still jump back, close and
    kick (the actions that need no blade): a lunge at his jump back is Table B's 0, at his close 3 x 10 = 30,
    not a lunge at a rest (20); his kick lands (3 x 10 x 1)."""
    turns, reasons, record = turn_by_turn(D("A", "JB X T X JB X X CL K X X X", "sabre"),
                                          D("B", "X L X", endurance=100), [5], 9)
    assert reasons == ["duel A v B, turn 3: A throws his sabre: hits on 1-2"]
    assert [t[:3] for t in turns[4:]] == [
        (["JB", "L"], [0, 0], []),
        (["X", "X"], [0, 0], []),
        (["X", "X"], [0, 0], []),
        (["CL", "L"], [30, 0], ["B: L v CL = 3 x 10 x 1 = 30"]),
        (["K", "X"], [0, 30], ["A: K v X = 3 x 10 x 1 = 30"]),
    ]
    assert (record.disarmed, record.loss) == ([True, False], [50, 30])


def test_written_conditions_for_the_optional_routines_read_line_by_line():
    """Optional Routines: "Under some conditions a player may, at the beginning of a turn, substitute an optional
    routine for the one previously recorded. ... There are four optional routines, as listed on Duelling Table
    A."  By post the conditions are written: each form read, and each mistake named with the condition ("if
    possible" is a riposte's way of saying "whenever allowed", not a surrender's)."""
    surrender, parry, block = "Optional Surrender", "Optional Parry", "Optional Block"
    read = [
        ("riposte", Condition("Riposte", "always", text="riposte")),
        ("R", Condition("Riposte", "always", text="R")),
        ("Riposte whenever I parry a lunge", Condition("Riposte", "always", text="Riposte whenever I parry a lunge")),
        ("Yield if endurance below 25%", Condition(surrender, "endurance%", 25, text="Yield if endurance below 25%")),
        ("sur when my endurance falls below half",
         Condition(surrender, "endurance%", 50, text="sur when my endurance falls below half")),
        ("surrender if endurance under 10",
         Condition(surrender, "endurance", 10, text="surrender if endurance under 10")),
        ("OP if opponent X", Condition(parry, "opponent", action="X", text="OP if opponent X")),
        ("optional block on opponent's last action was CL",
         Condition(block, "opponent", action="CL", text="optional block on opponent's last action was CL")),
        ("parry if opponent (X)", Condition(parry, "opponent", action="X", text="parry if opponent (X)")),
    ]
    assert [parse_condition(BOOK, text) for text, _ in read] == [(condition, None) for _, condition in read]
    names = "a condition names an optional routine (riposte, optional parry, optional block, surrender) and when: " \
            "e.g. 'surrender if endurance below 10'"
    understood = "is not understood (use 'endurance below N', 'endurance below N%', 'endurance below half' or " \
                 "'opponent <action>')"
    assert [parse_condition(BOOK, text)[1] for text in ("surrender", "block if opponent ZZ", "surrender if raining",
                                                        "surrender if possible", "dance", None)] == [
        "'surrender': say when: e.g. 'surrender if endurance below 10' or 'if opponent CL'",
        "'block if opponent ZZ': 'ZZ' is not an action of Duelling Table A",
        f"'surrender if raining': the condition 'raining' {understood}",
        f"'surrender if possible': the condition 'possible' {understood}",
        f"'dance': {names}",
        f"None: {names}",
    ]


def test_a_weapons_name_as_the_fight_reads_it():
    """Duelling Table C's weapons (rapier, dagger, foil, sabre, cutlass, two-handed sword), named as players
    write them: any case and spacing, an underscore, "saber", "sword" for the rapier, "greatsword" and
    "two handed" or "2-handed" for the two-handed sword; none named, the rapier."""
    written = [None, "", "Two_Handed  Sword", "two handed sword", "2-handed sword", "Greatsword", "SWORD", "Saber",
               " Cutlass "]
    assert [normalise_weapon(w) for w in written] == [
        "rapier", "rapier", "two-handed sword", "two-handed sword", "two-handed sword", "two-handed sword", "rapier",
        "sabre", "cutlass"]

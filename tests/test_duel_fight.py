"""e. Duelling: the fight (engarde.rules.duel.fight), turn by turn, with scripted dice where dice matter."""

from __future__ import annotations

import json

import pytest

from engarde.dice import ScriptedDice
from engarde.rules.duel.rules import Duellist, damage, fight
from engarde.rules.duel.tables import DuelTables
from helpers import tables

BOOK = DuelTables()


def D(name: str, sequence: str | None, weapon: str = "rapier", strength: int = 10, expertise: int = 10,
      endurance: int = 1000, original: int | None = None, conditions: tuple[str, ...] = ()) -> Duellist:
    return Duellist(name, weapon, strength, expertise, endurance, endurance if original is None else original,
                    sequence, conditions)


def actions(record, side: int) -> list[str]:
    return [t["actions"][side] for t in record.turns]


def test_porthos_lunges_with_a_sabre_while_cyrano_rests():
    """"Porthos lunges with a sabre while Cyrano rests. Porthos's Strength is 10; Duelling Table B gives a
    multiplier of two and Table C gives a multiplier of 1/2; therefore, Cyrano must subtract 10 from his
    Endurance (10 x 2 x 1/2 = 10)." """
    assert damage(BOOK, "L", "X", 10, "sabre") == 10
    record = fight(BOOK, D("Porthos", "X L X", "sabre"), D("Cyrano", "X", endurance=50), ScriptedDice([]), turn_limit=3)
    assert record.turns[1]["actions"] == ["L", "X"]
    assert record.turns[1]["damage"] == [0, 10]
    assert record.turns[1]["endurance"] == [1000, 40]


def test_damage_is_table_b_times_strength_times_table_c():
    """"cross-index the attacker's action with the defender's on Duelling Table B. Multiply the result by the
    attacker's Strength" ... "multiply the result by the number on Duelling Table C"; fractions dropped."""
    assert damage(BOOK, "S", "X", 10, "cutlass") == 40  # 1 x 10 x 4
    assert damage(BOOK, "K", "CL", 7) == 21  # 3 x 7 x 1
    assert damage(BOOK, "C", "X", 9, "dagger") == 9  # 2 x 9 x 1/2
    assert damage(BOOK, "S", "X", 7, "dagger") == 3  # 1 x 7 x 1/2 = 3.5: the half point is dropped
    assert damage(BOOK, "L", "JB", 10) == 0
    assert damage(BOOK, "L", "X", 10, "cutlass") == 0  # Table C: the cutlass does not lunge
    assert damage(BOOK, "R", "X", 12) == 12
    assert damage(BOOK, "R", "L", 12) == 0  # "-": a riposte meets only a rest
    assert damage(BOOK, "T", "JB", 10, "dagger") == 80  # 4 x 10 x 2


def test_damage_is_sustained_by_both_at_once():
    """"Note that both players may be attacker and defender in the same turn ... Damage is sustained by both
    players simultaneously." """
    record = fight(BOOK, D("A", "X L X", strength=10, endurance=20), D("B", "X L X", strength=12, endurance=24),
                   ScriptedDice([]))
    assert record.turns[1]["actions"] == ["L", "L"]
    assert record.turns[1]["damage"] == [24, 20]  # 2 x 12 and 2 x 10
    assert record.turns[1]["endurance"] == [-4, 4]
    assert record.killed == ["A"] and record.winner == "B" and record.end == "killed"


def test_both_killed_in_the_same_turn():
    """"If a player's Endurance reaches zero or below, he is dead." Both can die in one turn: no winner."""
    record = fight(BOOK, D("A", "X L X", endurance=20), D("B", "X L X", endurance=20), ScriptedDice([]))
    assert record.killed == ["A", "B"] and record.winner is None and record.loser is None


def test_advantage_and_the_overlapping_sequences():
    """"At the start of the duel, the player with the advantage writes his actions for a short sequence of
    6 turns, while his opponent writes a full sequence of 12 turns. After turn 6, the player with the
    advantage writes a full 12 turn sequence, and after turn 12, his opponent writes another full
    sequence." Both below half their Endurance owe a rest in every sequence: A at turns 1, 7, 19; B at 1, 13, 25."""
    record = fight(BOOK, D("A", "P", expertise=12, endurance=10, original=40),
                   D("B", "B", expertise=11, endurance=10, original=40), ScriptedDice([]), turn_limit=30)
    assert record.advantage == "A"
    assert [i + 1 for i, a in enumerate(actions(record, 0)) if a == "X"] == [1, 7, 19]
    assert [i + 1 for i, a in enumerate(actions(record, 1)) if a == "X"] == [1, 13, 25]
    assert [n.split(":")[0] for n in record.notes[0]] == ["turns 1-6", "turns 7-18", "turns 19-30"]
    assert [n.split(":")[0] for n in record.notes[1]] == ["turns 1-12", "turns 13-24", "turns 25-36"]


def test_equal_expertise_no_advantage():
    """The advantage goes to "the player with the higher Expertise": with equal Expertise, neither has it
    (both write 12-turn sequences)."""
    record = fight(BOOK, D("A", "P"), D("B", "B"), ScriptedDice([]), turn_limit=2)
    assert record.advantage is None


@pytest.mark.parametrize("gap,rests", [(0, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (12, 3)])
def test_mandatory_rests_by_expertise_gap(gap, rests):
    """"if the difference in Expertise is 3 or 4, the player with lower Expertise must add one mandatory rest
    routine into every sequence; if the difference is 5 or 6, he must add two rests, and if the difference
    is 7 or more, he must add 3 rests." """
    assert BOOK.gap_rests(gap) == rests
    record = fight(BOOK, D("A", "P", expertise=10 + gap), D("B", "B", expertise=10), ScriptedDice([]), turn_limit=24)
    b = actions(record, 1)
    assert b[:12].count("X") == rests and b[12:].count("X") == rests
    assert "X" not in actions(record, 0)


def test_written_mandatory_rests_are_counted_not_added():
    """A sequence that already has its mandatory rest routines is fought as written."""
    record = fight(BOOK, D("A", "P", expertise=13), D("B", "X B B B B B B B B B B B", expertise=10), ScriptedDice([]),
                   turn_limit=12)
    assert actions(record, 1) == ["X"] + ["B"] * 11
    assert record.notes[1] == []


def test_illegal_sequence_corrected_by_inserting_rests():
    """Swordsmanship, enforced: a sequence without the mandatory rests it owes has them put in (campaign
    setting illegal_sequence = "insert_rests"), the rest of it moving on; the player is told."""
    record = fight(BOOK, D("A", "P", expertise=13), D("B", "X L X P P P P P P P P P", expertise=10), ScriptedDice([]),
                   turn_limit=12)
    assert actions(record, 1)[:5] == ["X", "X", "L", "X", "P"]
    assert record.notes[1][0].startswith("turns 1-12: he owed 1 mandatory rest routine (1 for Expertise 10 "
                                         "against 13) and his sequence had 0: 1 rest was put in from turn 1")


def test_illegal_sequence_corrected_by_replacing_routines():
    """illegal_sequence = "replace_routines": his first routines are replaced, turn for turn, by rests."""
    replacing = tables(illegal_sequence="replace_routines").duel
    record = fight(replacing, D("A", "P", expertise=13), D("B", "X L X P P P P P P P P P", expertise=10),
                   ScriptedDice([]), turn_limit=12)
    assert actions(record, 1)[:5] == ["X", "X", "X", "P", "P"]
    assert "the rules' rests replaced Lunge (X L X)" in record.notes[1][0]


def test_no_short_slash_after_a_mandatory_rest():
    """"If the previous routine ended in a rest (X), the slash routine may be abbreviated to X-S ... This does
    not apply if the previous routine was a mandatory rest." The rest owed in turns 13-24 goes in after his
    furious lunge, straight before his short slash, which must then be X-X-S."""
    b_seq = "P P P P P P P P P P L X X C X X X X S"
    record = fight(BOOK, D("A", "P", expertise=13), D("B", b_seq, expertise=10), ScriptedDice([]), turn_limit=22)
    b = actions(record, 1)
    assert b[0] == "X" and b[11:18] == ["L", "X", "X", "C", "X", "X", "X"]
    assert b[18:22] == ["X", "X", "X", "S"]  # the mandatory rest, then X-X-S
    assert any("may not be shortened to X-S after a mandatory rest" in n for n in record.notes[1])


def test_a_throw_hits_on_one_or_two_and_leaves_the_thrower_unarmed():
    """"When a weapon is thrown, roll a die. On a 1 or 2, the throw is successful ... In either case the
    thrower is now unarmed." """
    record = fight(BOOK, D("A", "JB X T"), D("B", "X", endurance=100), ScriptedDice([2]), turn_limit=6)
    assert record.turns[2]["actions"] == ["T", "X"] and record.turns[2]["damage"] == [0, 40]  # 4 x 10 x 1
    assert actions(record, 0)[3:6] == ["JB", "X", "X"]  # nothing left to throw
    assert record.disarmed == [True, False]
    missed = fight(BOOK, D("A", "JB X T"), D("B", "X", endurance=100), ScriptedDice([3]), turn_limit=3)
    assert missed.turns[2]["damage"] == [0, 0] and missed.disarmed[0]


def test_a_dagger_thrown_hits_on_one_two_or_three():
    """"When daggers are thrown, they hit on a roll of 1, 2 or 3." (Table C: the dagger's throw x 2.)"""
    record = fight(BOOK, D("A", "JB X T", "dagger"), D("B", "X", endurance=100), ScriptedDice([3]), turn_limit=3)
    assert record.turns[2]["damage"] == [0, 80]


@pytest.mark.parametrize("weapon", ["cutlass", "two-handed sword"])
def test_cutlass_and_two_handed_sword_thrown_kill_on_a_two(weapon):
    """"Two-handed swords and cutlasses may be thrown ... Roll two dice: on a roll of 2 the opponent has been
    hit and is immediately killed. Any other result and the thrower is unarmed with no effect." """
    record = fight(BOOK, D("A", "JB X T", weapon), D("B", "X", endurance=500), ScriptedDice([1, 1]))
    assert record.killed == ["B"] and record.turns[2]["endurance"][1] == 0 and record.winner == "A"
    missed = fight(BOOK, D("A", "JB X T", weapon), D("B", "X", endurance=500), ScriptedDice([1, 2]), turn_limit=3)
    assert missed.killed == [] and missed.turns[2]["damage"] == [0, 0] and missed.disarmed[0]


def test_weapon_breakage_and_a_broken_weapon_fights_as_a_dagger():
    """"Subtract the defender's weapon number from the attacker's ... If the defender rolls this number or
    less on one die, the weapon is broken." Cutlass (3) slashes, rapier (1) blocks: 0 on Table B; 2 or less
    breaks it.  "A broken weapon is treated as a dagger in all respects": he must close before his lunge."""
    record = fight(BOOK, D("A", "X S X X X", "cutlass"), D("B", "X B X L X"), ScriptedDice([2]), turn_limit=6)
    assert record.turns[1]["actions"] == ["S", "B"] and record.turns[1]["damage"] == [0, 0]
    assert "B's rapier breaks (2)" in record.turns[1]["notes"][0]
    assert actions(record, 1)[2:6] == ["CL", "X", "L", "X"]  # the close put in before the lunge
    assert record.turns[4]["damage"][0] == 20  # the stump lunges as a dagger: 2 x 10 x 1
    assert record.broken == [False, True]
    held = fight(BOOK, D("A", "X S X X X", "cutlass"), D("B", "X B X L X"), ScriptedDice([3]), turn_limit=2)
    assert not held.broken[1]


def test_breakage_one_more_after_a_parry_and_not_after_a_jump_back():
    """"If the defender parried, subtract one more ... This rule does not apply if the defender has just
    executed a jump back action." A sabre's lunge parried by a rapier: 2 - 1 - 1 = 0, no chance; a cutlass's:
    3 - 1 - 1 = 1; a cutlass slash against a jump back: no roll at all (scripted dice would run out)."""
    fight(BOOK, D("A", "X L X", "sabre"), D("B", "X P"), ScriptedDice([]), turn_limit=2)
    broke = fight(BOOK, D("A", "X L X", "cutlass"), D("B", "X P"), ScriptedDice([1]), turn_limit=2)
    assert broke.broken == [False, True]
    fight(BOOK, D("A", "X S X X X", "cutlass"), D("B", "JB X"), ScriptedDice([]), turn_limit=2)


def test_a_broken_dagger_disarms():
    """"A character with a broken dagger is disarmed." A disarmed man's blade actions are rests."""
    record = fight(BOOK, D("A", "X S X X X", "cutlass"), D("B", "X B CL X L X", "dagger"), ScriptedDice([1]),
                   turn_limit=6)
    assert record.disarmed == [False, True]
    assert record.turns[4]["actions"][1] == "L" and record.turns[4]["damage"][0] == 0
    assert "B is disarmed" in record.turns[4]["notes"][0]


def test_the_dagger_closes_before_attacking_in_the_fight():
    """Daggers: "he must precede all attacks (except throw) with a close routine. If duelling against a
    two-handed sword, he must precede all attacks with two close routines." The fight puts them in."""
    record = fight(BOOK, D("A", "X L X", "dagger"), D("B", "P"), ScriptedDice([]), turn_limit=4)
    assert actions(record, 0) == ["CL", "X", "L", "X"]
    record = fight(BOOK, D("A", "X L X", "dagger"), D("B", "P", "two-handed sword"), ScriptedDice([]), turn_limit=5)
    assert actions(record, 0) == ["CL", "CL", "X", "L", "X"]
    assert "2 close routines put in before his Lunge" in record.notes[0][0]


def test_riposte_only_after_parrying_a_lunge():
    """"The riposte may only be used if the riposting player parried his opponent's lunge in the previous
    turn." Parry = -P-(R)-: the written riposte strikes (Table B: R against X = 1); without a lunge parried,
    he recovers instead."""
    record = fight(BOOK, D("A", "X L X"), D("B", "X P R", strength=12), ScriptedDice([]), turn_limit=3)
    assert record.turns[2]["actions"] == ["X", "R"] and record.turns[2]["damage"] == [12, 0]
    record = fight(BOOK, D("A", "X X S"), D("B", "X P R"), ScriptedDice([]), turn_limit=3)
    assert record.turns[2]["actions"][1] == "X"
    assert "no riposte" in record.notes[1][0]


def test_riposte_by_written_condition():
    """Optional Routines: the riposte taken from his written conditions after a plain parry."""
    record = fight(BOOK, D("A", "X L X X"), D("B", "X P X X", conditions=("riposte",)), ScriptedDice([]), turn_limit=4)
    assert actions(record, 1) == ["X", "P", "R", "X"]


def test_no_riposte_after_an_optional_parry():
    """"A riposte is not allowed after an optional parry." Table B: a lunge against OP2 is 0 (stopped)."""
    record = fight(BOOK, D("A", "X X L X"), D("B", "X X X X", conditions=("optional parry if opponent X", "riposte")),
                   ScriptedDice([]), turn_limit=4)
    assert actions(record, 1) == ["X", "OP1", "OP2", "X"]
    assert record.turns[2]["damage"] == [0, 0]  # the lunge met OP2


def test_optional_routine_replaces_the_rest_of_a_routine_with_rests():
    """"The remaining portion of the written routine is cancelled; if the optional routine is shorter than
    the remaining portion of the cancelled routine, the excess turns of the cancelled routine must be filled
    with rests". Only before any action other than rest has been performed in it."""
    record = fight(BOOK, D("A", "CL X X X"), D("B", "X X L X", conditions=("optional block if opponent CL",)),
                   ScriptedDice([]), turn_limit=5)
    assert actions(record, 1)[:4] == ["X", "OB1", "OB2", "X"]
    assert "made up with 1 rest" in record.notes[1][0]


def test_surrender_ends_the_duel_after_the_turn():
    """"The surrender routine may be performed at any time. After the current turn, the duel is over;
    naturally, the surrendering player has lost." """
    record = fight(BOOK, D("A", "X L X"), D("B", "X", endurance=60, conditions=("surrender if endurance below 50",)),
                   ScriptedDice([]))
    assert record.turns[-1]["actions"] == ["X", "Sur"] and len(record.turns) == 3
    assert (record.winner, record.loser, record.end, record.surrendered) == ("A", "B", "surrender", ["B"])


def test_default_sequence_when_none_is_written():
    """Not in the rules: a character who wrote no sequence fights the default for his weapon, and is told."""
    record = fight(BOOK, D("A", None), D("B", "", "cutlass"), ScriptedDice([]), turn_limit=2)
    assert record.default_sequence == [True, True]
    assert record.sequences == ["X L X P X X S B X L X X", "X S X X X P X S X X X B"]
    assert record.notes[0][0].startswith("he wrote no duelling sequence, so he fought the default sequence")


def test_a_sequence_that_cannot_be_fought_falls_back_to_the_default():
    """A written sequence that breaks Duelling Table A is replaced by the default, and the player told why."""
    record = fight(BOOK, D("A", "X L S"), D("B", "P"), ScriptedDice([]), turn_limit=1)
    assert record.default_sequence == [True, False]
    assert "turn 3: S cannot come here" in record.notes[0][0]


def test_the_seconds_part_them_after_the_turn_limit():
    """Not in the rules: two men who never hurt each other are parted after the turn limit, no winner."""
    record = fight(BOOK, D("A", "P"), D("B", "B"), ScriptedDice([]), turn_limit=20)
    assert (record.end, record.winner, len(record.turns)) == ("parted", None, 20)


def test_a_duel_checked_by_hand_turn_by_turn():
    """A whole duel a reader can check from the tables.

    Athos (rapier, Strength 10, Expertise 12, Endurance 40) writes X L X P R X X S: a lunge, a parry with
    riposte, a slash.  Bernard (sabre, Strength 9, Expertise 11, Endurance 36) writes X X S X L X JB X T:
    a slash, a lunge, a throw.  Athos has the advantage (sequences at turns 1, 7, 19; Bernard's at 1, 13);
    an Expertise gap of 1 costs no rests.

    turn 1: X / X.
    turn 2: L / X: Athos lunges, Table B L-X 2 x 10 x rapier 1 = 20: Bernard 16.
    turn 3: X / S: Bernard slashes, S-X 1 x 9 x sabre 2 = 18: Athos 22.
    turn 4: P / X: nothing to parry.
    turn 5: R / L: no lunge was parried, so no riposte: Athos recovers (X); Bernard lunges,
            L-X 2 x 9 x sabre 1/2 = 9: Athos 13.
    turn 6: X / X.
    turn 7: X / JB: Athos's second sequence begins; at 13 he is below half of 40, so he owes a rest,
            which goes in after his slash (turn 9).
    turn 8: S / X: Athos slashes, S-X 1 x 10 x 1 = 10: Bernard 6.
    turn 9: X / T: the mandatory rest; Bernard throws his sabre: a 1 (hits on 1 or 2), T-X 4 x 9 x 1/2 =
            18: Athos -5, dead.
    """
    dice = ScriptedDice([1])
    record = fight(BOOK, Duellist("Athos", "rapier", 10, 12, 40, 40, "X L X P R X X S"),
                   Duellist("Bernard", "sabre", 9, 11, 36, 36, "X X S X L X JB X T"), dice)
    assert [(t["actions"], t["damage"], t["endurance"]) for t in record.turns] == [
        (["X", "X"], [0, 0], [40, 36]),
        (["L", "X"], [0, 20], [40, 16]),
        (["X", "S"], [18, 0], [22, 16]),
        (["P", "X"], [0, 0], [22, 16]),
        (["X", "L"], [9, 0], [13, 16]),
        (["X", "X"], [0, 0], [13, 16]),
        (["X", "JB"], [0, 0], [13, 16]),
        (["S", "X"], [0, 10], [13, 6]),
        (["X", "T"], [18, 0], [-5, 6]),
    ]
    assert record.advantage == "Athos"
    assert (record.winner, record.loser, record.killed, record.end) == ("Bernard", "Athos", ["Athos"], "killed")
    assert record.loss == [45, 30]
    assert dice.remaining == 0 and "hits on 1-2" in dice.log[0].reason
    assert record.turns[6]["notes"][0].startswith("Athos: turns 7-18: he owed 1 mandatory rest routine")
    json.dumps(record.to_dict())  # an event's data: JSON-safe

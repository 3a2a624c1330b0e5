"""e. Duelling: written sequences (Duelling Table A, Recording Actions) and written conditions."""

from __future__ import annotations

from engarde.rules.duel import rules
from engarde.rules.duel.tables import DuelTables

BOOK = DuelTables()


def check_sequence(text: str, weapon: str = "rapier", opponent_weapon: str | None = None) -> list[str]:
    return rules.check_sequence(BOOK, text, weapon, opponent_weapon)


def plan_sequence(text: str, weapon: str = "rapier"):
    return rules.plan_sequence(BOOK, text, weapon)


def parse_sequence(text: str) -> list[str]:
    return rules.parse_sequence(BOOK, text)


def parse_condition(text: str):
    return rules.parse_condition(BOOK, text)


def check_conditions(conditions: list[str]) -> list[str]:
    return rules.check_conditions(BOOK, conditions)


def names(text: str, weapon: str = "rapier") -> list[str]:
    routines, problems = plan_sequence(text, weapon)
    assert problems == []
    return [r.name for r in routines]


def test_the_rules_sample_sequence_is_legal():
    """"Turns 1-3 comprise a lunge routine, turns 4-8 comprise a kick routine, turns 9-10 comprise a
    slash routine, turn 11 is a parry and turn 12 is the first action of a jump back routine ...
    a parenthetical reminder is also shown that the first action of the next sequence must be a rest"."""
    text = "X L X CL K X X X X S P JB (X)"
    assert check_sequence(text) == []
    assert names(text) == ["Lunge", "Kick", "Slash", "Parry", "Jump Back"]


def test_tokens_as_the_rules_write_them():
    """Duelling Table A's actions: X L S C K JB CL R T P B Sur OP1 OP2 OB1 OB2; brackets kept."""
    assert parse_sequence("x-l-x, sur op1 OP2 ob1 ob2 (x)") == ["X", "L", "X", "Sur", "OP1", "OP2", "OB1", "OB2",
                                                               "(X)"]
    assert parse_sequence("-X\u2011L\u2011X-") == ["X", "L", "X"]  # the rules' non-breaking hyphens
    assert parse_sequence("JB (X T)") == ["JB", "(X)", "(T)"]
    assert check_sequence("X Q") == [
        "turn 2: 'Q' is not an action of Duelling Table A (actions: X L S C K JB CL R T P B Sur OP1 OP2 OB1 OB2)"
    ]
    assert check_sequence("") == ["no actions are written"]
    assert check_sequence("X L (X") == ["an opening bracket '(' is never closed"]
    assert check_sequence("X L X", weapon="axe")[0].startswith("no weapon called 'axe'")


def test_every_routine_of_table_a_may_be_written():
    """"Each action recorded must be part of a routine as listed on Duelling Table A"."""
    text = "X  X L X  X X S  X S X C X X X  L X X C X X X  CL K X X X  JB X  JB X T  P  P R  B  CL  OB1 OB2  OP1 OP2  Sur"
    assert names(text) == ["Rest", "Lunge", "Slash", "Furious Slash", "Furious Lunge", "Kick", "Jump Back",
                           "Throw", "Parry", "Parry", "Block", "Close", "Optional Block", "Optional Parry",
                           "Optional Surrender"]


def test_actions_of_a_routine_in_the_exact_order():
    """"All actions in a routine must be performed in the exact order given on the table"."""
    assert check_sequence("X L S") == [
        "turn 3: S cannot come here: the Lunge -X-L-X- needs X here; the Furious Lunge -L-X-X-C-X-X-X- needs X here"
    ]
    assert check_sequence("X S X L X")[0].startswith("turn 4: L cannot come here: the Furious Slash")


def test_no_routine_begun_before_the_last_ends():
    """"no routine may be begun before the previous routine is completed"."""
    problems = check_sequence("CL K X P X X")
    assert problems == ["turn 4: P cannot come here: the Kick -CL-K-X-X-X- needs X here"]
    assert check_sequence("K X X")[0] == "turn 1: K cannot come here: K begins no routine (it comes within: Kick)"


def test_short_slash_only_after_a_routine_ending_in_a_rest():
    """"If the previous routine ended in a rest (X), the slash routine may be abbreviated to X-S. Thus a
    lunge followed by a slash would be X-L-X-X-S." """
    assert check_sequence("X L X X S") == []
    assert names("X L X X S") == ["Lunge", "Slash"]
    # after a parry (not a rest), or at the very start, the slash is X-X-S
    problems = check_sequence("P X S P")
    assert "the slash may be shortened to X-S only straight after a routine that ended in a rest" in problems[0]
    assert check_sequence("X S P") != []
    assert check_sequence("P X X S") == []
    # the book's own spelling: the optional X in brackets
    assert check_sequence("P (X) X S") == []


def test_cutlass_slash_is_x_s_x_x_x():
    """"Cutlass: The slash routine for a cutlass is -X-S-X-X-X-, not -(X)-X-S-." """
    assert check_sequence("X S X X X", weapon="cutlass") == []
    assert names("X S X X X", "cutlass") == ["Slash"]
    assert check_sequence("P X X S P", weapon="cutlass") != []
    # for a rapier X S X X X is not a slash routine at the start
    assert check_sequence("X S X X X") != []


def test_dagger_must_close_before_each_attack():
    """"Daggers: When a character is duelling with a dagger as a weapon, he must precede all attacks
    (except throw) with a close routine." """
    assert check_sequence("X L X", weapon="dagger") == [
        "turn 1: with a dagger the Lunge must come straight after a close routine (CL)"
    ]
    assert check_sequence("CL X L X CL X X S", weapon="dagger") == []
    assert check_sequence("JB X T", weapon="dagger") == []  # the throw is excepted
    assert check_sequence("CL X L X X X S", weapon="dagger") == [
        "turn 5: with a dagger the Slash must come straight after a close routine (CL)"
    ]


def test_dagger_closes_twice_against_a_two_handed_sword():
    """"If duelling against a two-handed sword, he must precede all attacks with two close routines."
    (It depends on the opponent: checked at ingest only when his weapon is known.)"""
    assert check_sequence("CL X L X", weapon="dagger") == []
    assert check_sequence("CL X L X", weapon="dagger", opponent_weapon="two-handed sword") == [
        "turn 2: with a dagger against a two-handed sword the Lunge must come straight after two close "
        "routines (CL CL)"
    ]
    assert check_sequence("CL CL X L X", weapon="dagger", opponent_weapon="two-handed sword") == []


def test_routines_run_across_sequence_boundaries():
    """"It is not necessary that a routine be completed within the limits of a twelve turn sequence ...
    Once the routine has been started, however, it must be completed"."""
    assert check_sequence("X L X CL K X") == []  # the kick goes on into the next sequence
    routines, _ = plan_sequence("X L X CL K X")
    assert routines[-1].name == "Kick" and routines[-1].written == 3
    assert check_sequence("JB (X T)") == []
    assert check_sequence("JB (T)")[0].startswith("the reminder after the last turn: (T) cannot come here")
    assert check_sequence("X L X (X)")[0].startswith("the reminder after the last turn")


def test_riposte_is_written_within_the_parry():
    """"Parry = -P-(R)-": the riposte, optional, follows the parry."""
    assert check_sequence("P R X") == []
    assert check_sequence("P (R) X") == []
    assert check_sequence("X R")[0].startswith("turn 2: R cannot come here")


def test_brackets_only_where_the_rules_put_them():
    """Brackets: the slash's optional X, the parry's optional riposte, a reminder after the last turn."""
    assert check_sequence("X (L) X")[0].startswith("turn 2: (L) cannot come here")


def test_the_default_sequences_are_legal():
    """Not in the rules: a character who wrote no sequence fights the default for his weapon."""
    for weapon, text in BOOK.default_sequences.items():
        assert check_sequence(text, weapon=weapon) == [], weapon
        assert len(parse_sequence(text)) == 12


def test_written_conditions_for_optional_routines():
    """Optional Routines: riposte, optional parry, optional block, surrender, taken from written conditions."""
    assert check_conditions(["riposte", "surrender if endurance below 10", "optional parry if opponent X",
                             "OB when opponent CL", "surrender when endurance below half",
                             "sur if endurance below 25%"]) == []
    cond, _ = parse_condition("surrender if endurance below 25%")
    assert (cond.routine, cond.kind, cond.value) == ("Optional Surrender", "endurance%", 25)
    cond, _ = parse_condition("optional block when opponent cl")
    assert (cond.routine, cond.kind, cond.action) == ("Optional Block", "opponent", "CL")
    assert len(check_conditions(["surrender", "dance a jig", "parry if opponent Q"])) == 3

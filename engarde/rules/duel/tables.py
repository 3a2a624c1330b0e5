"""e. Duelling: the weapons and Duelling Tables A to D.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from fractions import Fraction as _F

from ...tables import value

# -- e. Duelling: weapons (Duelling Table C; the number is the weapon number) --
WEAPONS = {
    "rapier": 1,
    "dagger": 1,
    "foil": 1,
    "sabre": 2,
    "cutlass": 3,
    "two-handed sword": 4,
}
# =============================================================================
# e. Duelling
# =============================================================================
# The Duelling Tables of section e, as the rules print them.  The duel rules
# (``engarde.rules.duel``) read only these names.

# Duelling Table A: Actions
DUELLING_TABLE_A_ACTIONS = {
    "X": "Rest/Guard/Recover",
    "L": "Lunge",
    "S": "Slash",
    "C": "Cut",
    "K": "Kick",
    "JB": "Jump Back",
    "CL": "Close",
    "R": "Riposte",
    "T": "Throw",
    "P": "Parry",
    "B": "Block",
    "Sur": "Surrender",
    "OP1": "Optional Parry 1",
    "OP2": "Optional Parry 2",
    "OB1": "Optional Block 1",
    "OB2": "Optional Block 2",
}

# Duelling Table A: Routines, written as the book writes them; a bracketed
# action may be left out: the Slash may be X-S after a routine that ended in a
# rest (not a mandatory rest); the Parry's riposte is optional.
DUELLING_TABLE_A_ROUTINES: dict[str, tuple[str, ...]] = {
    "Rest": ("X",),
    "Lunge": ("X", "L", "X"),
    "Slash": ("(X)", "X", "S"),
    "Furious Slash": ("X", "S", "X", "C", "X", "X", "X"),
    "Furious Lunge": ("L", "X", "X", "C", "X", "X", "X"),
    "Kick": ("CL", "K", "X", "X", "X"),
    "Jump Back": ("JB", "X"),
    "Throw": ("JB", "X", "T"),
    "Parry": ("P", "(R)"),
    "Block": ("B",),
    "Close": ("CL",),
    "Optional Block": ("OB1", "OB2"),
    "Optional Parry": ("OP1", "OP2"),
    "Optional Surrender": ("Sur",),
}
# "Cutlass: The slash routine for a cutlass is -X-S-X-X-X-, not -(X)-X-S-."
CUTLASS_SLASH = ("X", "S", "X", "X", "X")
# The routines a player may substitute at the start of a turn (Optional Routines).
OPTIONAL_ROUTINES = ("Parry", "Optional Block", "Optional Parry", "Optional Surrender")

# The attacks ("a lunge, slash, cut, kick, throw or riposte").
ATTACKS = ("L", "S", "C", "K", "T", "R")

# Duelling Table B: the attacker's action (row) against the defender's (column);
# None is the book's "-" (a riposte can only meet a rest).
_B_COLUMNS = ("X", "L", "S", "C", "K", "JB", "CL", "T", "P", "B", "OB1", "OB2", "OP1", "OP2")
_B_ROWS = {
    "L": (2, 2, 1, 1, 2, 0, 3, 2, 0, 2, 2, 2, 1, 0),
    "S": (1, 1, 1, 1, 1, 0, 2, 1, 1, 0, 1, 0, 1, 1),
    "C": (2, 2, 2, 2, 2, 0, 3, 2, 2, 2, 2, 2, 2, 2),
    "K": (3, 2, 2, 2, 1, 0, 3, 3, 3, 3, 3, 3, 3, 3),
    "T": (4, 4, 4, 4, 3, 4, 3, 4, 4, 4, 4, 4, 4, 4),
    "R": (1, None, None, None, None, None, None, None, None, None, None, None, None, None),
}
DUELLING_TABLE_B: dict[str, dict[str, int | None]] = {
    attack: dict(zip(_B_COLUMNS, row)) for attack, row in _B_ROWS.items()
}
# Table B's note: a throw hits on 1 or 2 on one die (a dagger on 1, 2 or 3);
# a two-handed sword or cutlass thrown kills outright on a 2 on two dice.
THROW_HITS_ON = 2
DAGGER_THROW_HITS_ON = 3
THROW_KILLS_ON_TWO_DICE = 2
# "If a player's Endurance goes below half its original level, he must add one
# mandatory rest routine into every sequence."
WOUNDED_MANDATORY_RESTS = 1

# Duelling Table C: weapon multipliers by attack; "*" (the cutlass's and the
# two-handed sword's throw) is None: see Table B's note.  Weapon numbers (the
# bracketed numbers, for breakage) are ``WEAPONS`` above.
DUELLING_TABLE_C: dict[str, dict[str, "Fraction | None"]] = {}


_HALF = _F(1, 2)
_C_ROWS = {  # L, S, C, K, T, R
    "rapier": (1, 1, 1, 1, 1, 1),
    "dagger": (1, _HALF, _HALF, 1, 2, 1),
    "foil": (1, 0, 0, 1, 1, 1),
    "sabre": (_HALF, 2, 2, 1, _HALF, _HALF),
    "cutlass": (0, 4, 0, _HALF, None, 0),
    "two-handed sword": (0, 3, 2, _HALF, None, 0),
}
DUELLING_TABLE_C.update({
    weapon: {a: (None if m is None else _F(m)) for a, m in zip(("L", "S", "C", "K", "T", "R"), row)}
    for weapon, row in _C_ROWS.items()
})
# "A broken weapon is treated as a dagger in all respects except for throwing.
# If thrown, it is treated as a sabre. A character with a broken dagger is
# disarmed."
BROKEN_WEAPON_FIGHTS_AS = "dagger"
BROKEN_WEAPON_THROWS_AS = "sabre"
# Daggers: closes needed before each attack (two against a two-handed sword).
DAGGER_CLOSES = 1
DAGGER_CLOSES_AGAINST_TWO_HANDED = 2

# Swordsmanship: mandatory rest routines per sequence by the Expertise gap.
EXPERTISE_GAP_RESTS = ((range(3, 5), 1), (range(5, 7), 2))
EXPERTISE_GAP_RESTS_7_PLUS = 3

# Sequencing: "the player with the advantage writes ... a short sequence of 6
# turns, while his opponent writes a full sequence of 12 turns".
SEQUENCE_TURNS = 12
SHORT_SEQUENCE_TURNS = 6
# Not in the rules: a duel that neither side ends (both on guard for ever) is
# stopped by the seconds after this many turns, with no winner.
DUEL_TURN_LIMIT = 120

# Not in the rules: the sequence fought by a character who wrote none (one
# legal sequence of 12 turns per weapon, repeated; the player is told).
DEFAULT_SEQUENCES = {
    "rapier": "X L X P X X S B X L X X",
    "foil": "X L X P X L X B X L X X",
    "sabre": "X X S P X S X C X X X B",
    "two-handed sword": "X X S P X S X C X X X B",
    "cutlass": "X S X X X P X S X X X B",
    "dagger": "CL X L X P CL X X S B X X",
}

# Duelling Table D: Status Point Gains and Losses from Duels
DUELLING_TABLE_D = {
    "win_friendly": -1,  # Fights a member of a friendly Regiment and wins
    "win_neutral": 2,  # ... a neutral Regiment and wins
    "win_enemy": 5,  # ... an enemy Regiment and wins
    "lose_enemy": -2,  # ... an enemy Regiment and loses
    "challenge_without_cause": -2,  # Challenges with insufficient cause
    "opponent_refused": 2,  # Meets an opponent who refuses a challenge (with cause)
    "kill": 2,  # Kills his opponent
}
# "Refuses a challenge that has cause, he loses Status Points equal to half his
# Social Level" (also: has cause and opportunity and does not fight).
REFUSAL_SL_DIVISOR = 2
WINNER_EXPERTISE = 1  # "The winner of a duel increases his Expertise by one."
WOUNDED_ACCEPTS_STATUS = 3  # under 50% Endurance and accepts: +3 SP
# Causes: "If a noble meets a non-noble who is four or more Social Levels above him."
NOBLE_AFFRONT_LEVELS = 4

# Recovery: half the loss the first week after the duel, then Constitution a week.
FIRST_WEEK_RECOVERY_DIVISOR = 2

# Practice: "subtract five from his Expertise to add one to his Strength".
EXPERTISE_PER_STRENGTH = 5


@dataclass(frozen=True)
class DuelTables:
    illegal_sequence: str = value(
        "insert_rests", choices=("insert_rests", "replace_routines"), setting=True,
        note="a sequence short of the mandatory rests it owes: the rests go in at its first routine boundary, "
             "or replace its first routines turn for turn")

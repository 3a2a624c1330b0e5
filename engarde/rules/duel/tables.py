"""e. Duelling: the weapons and Duelling Tables A to D, the trade of Expertise for Strength.

The rulebook's numbers as data, named as the book names them: one frozen dataclass,
``DuelTables``, whose defaults are the book's values and which a campaign overrides in
``[campaigns.ID.tables.duel]``.  The duel rules and the order language read it from the
turn (``turn.tables.duel``) or the sheet being read, never from an import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Mapping

from ...tables import rows, value

# -- e. Duelling: weapons (Duelling Table C; the number is the weapon number) --
_WEAPONS = {
    "rapier": 1,
    "dagger": 1,
    "foil": 1,
    "sabre": 2,
    "cutlass": 3,
    "two-handed sword": 4,
}

# Duelling Table A: Actions
_ACTIONS = {
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
_ROUTINES = {
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

# Duelling Table C: weapon multipliers by attack; "*" (the cutlass's and the
# two-handed sword's throw) is None: see Table B's note.
_HALF = Fraction(1, 2)
_C_ATTACKS = ("L", "S", "C", "K", "T", "R")
_C_ROWS = {
    "rapier": (1, 1, 1, 1, 1, 1),
    "dagger": (1, _HALF, _HALF, 1, 2, 1),
    "foil": (1, 0, 0, 1, 1, 1),
    "sabre": (_HALF, 2, 2, 1, _HALF, _HALF),
    "cutlass": (0, 4, 0, _HALF, None, 0),
    "two-handed sword": (0, 3, 2, _HALF, None, 0),
}

# Not in the rules: the sequence fought by a character who wrote none (one
# legal sequence of 12 turns per weapon, repeated; the player is told).
_DEFAULT_SEQUENCES = {
    "rapier": "X L X P X X S B X L X X",
    "foil": "X L X P X L X B X L X X",
    "sabre": "X X S P X S X C X X X B",
    "two-handed sword": "X X S P X S X C X X X B",
    "cutlass": "X S X X X P X S X X X B",
    "dagger": "CL X L X P CL X X S B X X",
}

# Duelling Table D: Status Point Gains and Losses from Duels
_TABLE_D = {
    "win_friendly": -1,  # Fights a member of a friendly Regiment and wins
    "win_neutral": 2,  # ... a neutral Regiment and wins
    "win_enemy": 5,  # ... an enemy Regiment and wins
    "lose_enemy": -2,  # ... an enemy Regiment and loses
    "challenge_without_cause": -2,  # Challenges with insufficient cause
    "opponent_refused": 2,  # Meets an opponent who refuses a challenge (with cause)
    "kill": 2,  # Kills his opponent
}

# The order language's plain variants of the weapons' names (plural, US spelling, the
# ways people write "two-handed"), beside each weapon's name and plural.  Nothing
# looser: "sword" is ambiguous.
_WEAPON_VARIANTS = {
    "saber": "sabre", "sabers": "sabre",
    "two-handed swords": "two-handed sword", "two handed sword": "two-handed sword",
    "two handed swords": "two-handed sword", "2-handed sword": "two-handed sword",
    "2 handed sword": "two-handed sword", "2-handed swords": "two-handed sword",
    "twohanded sword": "two-handed sword", "two-handed": "two-handed sword",
    "two handed": "two-handed sword", "2-handed": "two-handed sword",
    "two-hander": "two-handed sword", "two hander": "two-handed sword",
    "2-hander": "two-handed sword",
}


@dataclass(frozen=True)
class GapRests:
    """Swordsmanship: the mandatory rests the lower man adds to every sequence for an
    Expertise gap from ``low`` to ``high`` (None: or more)."""

    gap: str
    low: int = value(0, low=1, high=100, note="the smallest Expertise gap of the row")
    high: int | None = value(None, low=1, high=100, note="the largest Expertise gap of the row (none: or more)")
    rests: int = value(0, high=12, note="mandatory rest routines per sequence")

    def covers(self, gap: int) -> bool:
        return self.low <= gap and (self.high is None or gap <= self.high)


_SWORDSMANSHIP = ('"if the difference in Expertise is 3 or 4, the player with lower Expertise must add one '
                  'mandatory rest routine into every sequence; if the difference is 5 or 6, he must add two '
                  'rests, and if the difference is 7 or more, he must add 3 rests"')


@dataclass(frozen=True)
class DuelTables:
    # -- the weapons and Duelling Table A --------------------------------------------------
    weapons: Mapping[str, int] = value(
        _WEAPONS, low=0, high=6,
        note='Duelling Table C: the weapons and their numbers, for breakage: "find the number in brackets beside '
             'the name of the weapon used ... If the defender rolls this number or less on one die"')
    duelling_table_a_actions: Mapping[str, str] = value(
        _ACTIONS, note="Duelling Table A: Actions (the code each is written as, and its name)")
    duelling_table_a_routines: Mapping[str, tuple[str, ...]] = value(
        _ROUTINES, choices=(*_ACTIONS, *(f"({a})" for a in _ACTIONS)),
        note='Duelling Table A: Routines ("Players must perform routines in the exact sequence shown"); a '
             'bracketed action may be left out')
    cutlass_slash: tuple[str, ...] = value(
        ("X", "S", "X", "X", "X"), choices=tuple(_ACTIONS),
        note='"Cutlass: The slash routine for a cutlass is -X-S-X-X-X-, not -(X)-X-S-."')
    optional_routines: tuple[str, ...] = value(
        ("Parry", "Optional Block", "Optional Parry", "Optional Surrender"), choices=tuple(_ROUTINES),
        note="the routines a player may substitute at the start of a turn (Optional Routines)")
    attacks: tuple[str, ...] = value(
        ("L", "S", "C", "K", "T", "R"), choices=tuple(_ACTIONS),
        note='"an attack (a lunge, slash, cut, kick, throw or riposte)"')

    # -- Duelling Table B and its note ---------------------------------------------------------
    duelling_table_b: Mapping[str, Mapping[str, int | None]] = value(
        {attack: dict(zip(_B_COLUMNS, row)) for attack, row in _B_ROWS.items()}, low=0, high=10,
        note="Duelling Table B: the attacker's action (row) against the defender's (column), "
             'times his Strength; "-" (none) is no damage')
    throw_hits_on: int = value(2, low=0, high=6, note='"When a weapon is thrown, roll a die. On a 1 or 2, the '
                               'throw is successful"')
    dagger_throw_hits_on: int = value(3, low=0, high=6, note='"When daggers are thrown, they hit on a roll of '
                                      '1, 2 or 3."')
    throw_kills_on_two_dice: int = value(2, low=2, high=12, note='"Two-handed swords and cutlasses may be '
                                         'thrown ... Roll two dice: on a roll of 2 the opponent has been hit and '
                                         'is immediately killed."')
    wounded_mandatory_rests: int = value(1, high=12, note='"If a player\'s Endurance goes below half its original '
                                         'level, he must add one mandatory rest routine into every sequence."')
    wounded_rests_below: Fraction = value(_HALF, low=0, high=1, note='"If a player\'s Endurance goes below '
                                          'half its original level" (of his original Endurance)')

    # -- Duelling Table C, breakage, daggers --------------------------------------------------
    duelling_table_c: Mapping[str, Mapping[str, Fraction | None]] = value(
        {weapon: {a: (None if m is None else Fraction(m)) for a, m in zip(_C_ATTACKS, row)}
         for weapon, row in _C_ROWS.items()}, low=0, high=10,
        note='Duelling Table C: "multiply the result by the number on Duelling Table C which corresponds to '
             'the weapon and type of attack used" (a number: 0.5 or 1.5; "*", none: see Table B\'s note)')
    breakage_parry_less: int = value(1, high=6, note='Weapons Breakage: "If the defender parried, subtract one '
                                     'more."')
    broken_weapon_fights_as: str = value("dagger", choices=tuple(_WEAPONS), note='"A broken weapon is treated '
                                         'as a dagger in all respects except for throwing."')
    broken_weapon_throws_as: str = value("sabre", choices=tuple(_WEAPONS), note='"If thrown, it is treated as a '
                                         'sabre."')
    dagger_closes: int = value(1, high=2, note='"Daggers: ... he must precede all attacks (except throw) with a '
                               'close routine."')
    dagger_closes_against_two_handed: int = value(2, high=2, note='"If duelling against a two-handed sword, he '
                                                  'must precede all attacks with two close routines."')

    # -- Swordsmanship, Sequencing -----------------------------------------------------------
    expertise_gap_rests: tuple[GapRests, ...] = rows(
        GapRests("3-4", 3, 4, 1), GapRests("5-6", 5, 6, 2), GapRests("7+", 7, None, 3),
        key="gap", note=_SWORDSMANSHIP)
    sequence_turns: int = value(12, low=1, high=100, note='"A sequence is twelve turns long."')
    short_sequence_turns: int = value(6, low=1, high=100, note='"the player with the advantage writes his actions '
                                      'for a short sequence of 6 turns, while his opponent writes a full '
                                      'sequence of 12 turns"')
    duel_turn_limit: int = value(120, low=1, high=10_000, note="not in the rules: a duel that neither side ends "
                                 "is stopped by the seconds after this many turns, with no winner")
    default_sequences: Mapping[str, str] = value(
        _DEFAULT_SEQUENCES, note="not in the rules: the sequence fought by a character who wrote none, "
                                 "repeated (it must be legal for its weapon)")
    illegal_sequence: str = value(
        "insert_rests", choices=("insert_rests", "replace_routines"), setting=True,
        note="a sequence short of the mandatory rests it owes: the rests go in at its first routine boundary, "
             "or replace its first routines turn for turn")

    challenges: str = value(
        "same_place", choices=("same_place", "anywhere"), setting=True,
        note='where a week\'s challenge is fought: "same_place" (the book: "When two characters are in the same '
             'place (that is, performing the same activity), a duel may take place"): only if the challenged '
             'man gave that week to the affair too (his answer, or his own challenge); "anywhere": wherever he '
             'is that week')

    # -- Duelling Table D, cause, recovery, practice ------------------------------------------
    duelling_table_d: Mapping[str, int] = value(
        _TABLE_D, low=-100, high=100, note="Duelling Table D: Status Point Gains and Losses from Duels")
    refusal_sl_divisor: int = value(2, low=1, high=100, note='Table D: "Refuses a challenge that has cause, he '
                                    'loses Status Points equal to half his Social Level"')
    cause_ignored_sl_divisor: int = value(2, low=1, high=100, note='"any character who has cause and an '
                                          'opportunity to fight and does not will lose Status Points equal in '
                                          'number to half his current Social Level"')
    winner_expertise: int = value(1, high=10, note='"The winner of a duel increases his Expertise by one."')
    may_decline_below: Fraction = value(_HALF, low=0, high=1, note='"A player with less than 50% of his '
                                        'Endurance may decline a duel, regardless of cause, without loss of '
                                        'status"')
    wounded_accepts_status: int = value(3, high=100, note='"If, however, a character in such a condition accepts '
                                        'a duel, he will gain 3 Status Points immediately"')
    noble_affront_levels: int = value(4, low=1, high=30, note='cause: "If a noble meets a non-noble who is four '
                                      'or more Social Levels above him."')
    first_week_recovery_divisor: int = value(2, low=1, high=10, note='"One half of the Endurance points lost in a '
                                             'duel may be recovered the first week after the duel."')
    recovery_per_constitution: int = value(1, high=10, note='"Each week thereafter, Endurance points equal to the '
                                           'character\'s Constitution may be recovered."')
    expertise_per_strength: int = value(5, low=1, high=100, note='"a character may subtract five from his '
                                        'Expertise to add one to his Strength characteristic"')

    # -- lookups ----------------------------------------------------------------------------
    def gap_rests(self, gap: int) -> int:
        """Swordsmanship: the lower man's mandatory rests per sequence for an Expertise gap."""
        return next((row.rests for row in self.expertise_gap_rests if row.covers(gap)), 0)

    # -- names derived from the tables, built once per campaign's tables ---------------------
    @cached_property
    def action_spellings(self) -> dict[str, str]:
        """Duelling Table A's actions by their upper-case spelling ("SUR" -> "Sur")."""
        return {a.upper(): a for a in self.duelling_table_a_actions}

    @cached_property
    def weapon_spellings(self) -> dict[str, str]:
        """Each weapon of Duelling Table C by every spelling the order language reads: its name,
        its plural, and the plain variants (US spelling, the ways of writing "two-handed")."""
        spellings: dict[str, str] = {}
        for weapon in self.weapons:
            spellings[weapon] = weapon
            spellings[weapon + ("es" if weapon.endswith("s") else "s")] = weapon
        spellings.update({k: v for k, v in _WEAPON_VARIANTS.items() if v in self.weapons})
        return spellings

    @cached_property
    def weapon_words(self) -> str:
        """The spellings as a regular expression's alternatives, the longest first."""
        return "|".join(re.escape(s) for s in sorted(self.weapon_spellings, key=len, reverse=True))

    @cached_property
    def weapon_at_start(self) -> re.Pattern[str]:
        """A weapon at the start of a text, and the text after it (``tail``)."""
        return re.compile(r"(?P<weapon>" + self.weapon_words + r")\b(?P<tail>.*)", re.I)

    @cached_property
    def weapon_clause(self) -> re.Pattern[str]:
        """A clause of a challenge or an answer naming the weapon: ", with sabres", "(rapier)"."""
        return re.compile(
            r"(?:[,;(]\s*(?:(?:with|using|weapons?\s*:?)\s+)?(?:the\s+|a\s+|an\s+|my\s+)?"
            r"|\s+(?:with|using|at|by|weapons?\s*:|choosing)\s+(?:the\s+|a\s+|an\s+|my\s+)?)"
            rf"(?P<weapon>{self.weapon_words})\b\s*\)?", re.I)

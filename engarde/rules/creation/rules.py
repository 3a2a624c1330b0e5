"""Character creation: a. Characters and Character Creation.

``roll_character`` follows the Birth Tables A-D and the Initial Social Level
table with the dice it is given; ``given_character`` takes the GM's values when
an existing campaign is imported.  Both return the starting sheet; the reasons
for each starting value are returned alongside, for the sheet's history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...dice import Dice
from ...records import Character
from .tables import (
    BASTARD_PERCENT,
    BASTARD_SL,
    BIRTH_TABLE_A,
    BIRTH_TABLE_B,
    BIRTH_TABLE_C,
    BIRTH_TABLE_D,
    FIRST_SON_PERCENT,
    FIRST_SON_SL,
    INITIAL_SOCIAL_LEVEL,
    ORPHAN_NOBLE_SL,
)
from ..status.tables import StatusTables

LOWEST_SOCIAL_LEVEL = StatusTables().lowest_social_level  # (read from the campaign tables: see its issue)


class CreationError(ValueError):
    """Given values that cannot make a character."""


@dataclass
class Birth:
    """The character and the story of his birth, line by line."""

    character: Character
    story: list[str] = field(default_factory=list)


def adjust(amount: int, percent: int, rounding: str = "down") -> int:
    """Apply Birth Table B's +/-10% to crowns; fractions per the campaign's rounding."""
    exact = Fraction(amount * (100 + percent), 100)
    if rounding == "up":
        return -((-exact.numerator) // exact.denominator)
    if rounding == "nearest":
        return int(exact + Fraction(1, 2)) if exact >= 0 else round(exact)
    return exact.numerator // exact.denominator


def roll_character(name: str, dice: Dice, player: str = "", email: str = "", rounding: str = "down") -> Birth:
    """Roll a new character exactly as the Birth Tables say.

    Order of rolls (the rules' order): Strength, Constitution, Expertise (3d6
    each), Class (A), Sibling Rank (B), the orphan roll for a first son,
    Father's Position (C), Father's Title (D) for a nobleman, then MA (1d6).
    """
    story: list[str] = []
    strength = dice.roll(3, "Strength (3d6)")
    constitution = dice.roll(3, "Constitution (3d6)")
    expertise = dice.roll(3, "Expertise (3d6)")
    story.append(f"Strength {strength}, Constitution {constitution}, Expertise {expertise} (3d6 each)")

    social_class = BIRTH_TABLE_A[dice.d6("Birth Table A: Class")]
    sibling_rank = BIRTH_TABLE_B[dice.d6("Birth Table B: Sibling Rank")]
    orphan = False
    if sibling_rank == "first son":
        orphan = dice.d6("Birth Table B note 1: orphan on a 1") == 1
    position = BIRTH_TABLE_C[social_class][dice.d6(f"Birth Table C: Father's Position ({social_class})")]
    title = None
    if social_class == "nobleman":
        title = BIRTH_TABLE_D[dice.d6("Birth Table D: Father's Title")]
    military_ability = dice.d6("Military Ability (1d6)")

    ch = _birth(name, social_class, sibling_rank, orphan, position.name, title, story, rounding)
    ch.player, ch.email = player, email
    ch.strength, ch.constitution, ch.expertise = strength, constitution, expertise
    ch.endurance = strength * constitution
    ch.military_ability = military_ability
    story.append(f"Endurance {ch.endurance} (Constitution x Strength); Military Ability {military_ability}")
    return Birth(ch, story)


def _birth(
    name: str,
    social_class: str,
    sibling_rank: str,
    orphan: bool,
    position_name: str,
    father_title: str | None,
    story: list[str],
    rounding: str,
) -> Character:
    positions = {p.name: p for p in BIRTH_TABLE_C[social_class].values()}
    position = positions[position_name]
    if social_class == "nobleman":
        if father_title not in INITIAL_SOCIAL_LEVEL:
            raise CreationError(f"a nobleman's father needs a title from Birth Table D, not {father_title!r}")
        sl_row = father_title
    else:
        sl_row = position.sl_row
        father_title = None
    social_level = INITIAL_SOCIAL_LEVEL[sl_row]
    funds, allowance = position.initial_funds, position.allowance
    story.append(
        f"{social_class.capitalize()}, {sibling_rank}; father {position.name}"
        + (f", {father_title}" if father_title else "")
        + f": Social Level {social_level} (son of {sl_row}), funds {funds}, allowance {allowance}"
    )
    title = None
    if sibling_rank == "first son":
        funds = adjust(funds, FIRST_SON_PERCENT, rounding)
        allowance = adjust(allowance, FIRST_SON_PERCENT, rounding)
        social_level += FIRST_SON_SL
        story.append(f"First son: +10% funds and allowance ({funds}, {allowance}), +1 Social Level")
        if orphan:
            # The Inheritance replaces Initial Funds; the note names the +10% only
            # for Initial Funds and Allowance, so it is not applied to it.
            funds, allowance = position.inheritance, 0
            story.append(f"Orphan: inheritance {funds} instead of funds, no allowance")
            if social_class == "nobleman":
                title = father_title
                social_level += ORPHAN_NOBLE_SL
                story.append(f"Orphaned noble: inherits the title of {title}, +3 Social Level")
    elif sibling_rank == "bastard":
        funds = adjust(funds, BASTARD_PERCENT, rounding)
        allowance = adjust(allowance, BASTARD_PERCENT, rounding)
        social_level += BASTARD_SL
        story.append(f"Bastard: -10% funds and allowance ({funds}, {allowance}), -1 Social Level")
    elif orphan:
        raise CreationError("only a first son rolls for being an orphan")
    social_level = max(social_level, LOWEST_SOCIAL_LEVEL)
    story.append(f"Initial Social Level {social_level}")
    return Character(
        name=name,
        social_class=social_class,
        sibling_rank=sibling_rank,
        father_position=position.name,
        father_title=father_title,
        orphan=orphan,
        social_level=social_level,
        crowns=funds,
        allowance=allowance,
        title=title,
    )


def birth_from_tables(
    name: str,
    social_class: str,
    sibling_rank: str,
    father_position: str,
    father_title: str | None = None,
    orphan: bool = False,
    rounding: str = "down",
) -> Birth:
    """The birth from given table results (no dice), e.g. for a worked example."""
    if social_class not in BIRTH_TABLE_C:
        raise CreationError(f"class must be one of {', '.join(BIRTH_TABLE_C)}, not {social_class!r}")
    if sibling_rank not in set(BIRTH_TABLE_B.values()):
        raise CreationError(f"sibling rank must be one of {', '.join(sorted(set(BIRTH_TABLE_B.values())))}")
    names = {p.name for p in BIRTH_TABLE_C[social_class].values()}
    if father_position not in names:
        raise CreationError(f"a {social_class}'s father is one of {', '.join(sorted(names))}, not {father_position!r}")
    story: list[str] = []
    ch = _birth(name, social_class, sibling_rank, orphan, father_position, father_title, story, rounding)
    return Birth(ch, story)


def given_character(name: str, **values: object) -> Birth:
    """A character with the GM's own values (importing an existing campaign).

    Endurance defaults to Constitution x Strength when not given.
    """
    allowed = {
        "player", "email", "password", "social_level", "crowns", "strength", "constitution",
        "expertise", "endurance", "military_ability", "allowance", "club", "title",
        "social_class", "sibling_rank", "father_position", "father_title", "orphan",
    }
    unknown = set(values) - allowed
    if unknown:
        raise CreationError(f"unknown character value(s): {', '.join(sorted(unknown))}")
    ch = Character(name=name)
    for key, value in values.items():
        if value is not None:
            setattr(ch, key, value)
    for key in ("social_level", "strength", "constitution", "expertise", "military_ability"):
        if not isinstance(getattr(ch, key), int):
            raise CreationError(f"{key} must be a whole number")
    if ch.social_level < LOWEST_SOCIAL_LEVEL:
        raise CreationError(f"social_level must be at least {LOWEST_SOCIAL_LEVEL}")
    if ch.crowns < 0:
        raise CreationError("crowns cannot be negative")
    if "endurance" not in values or values["endurance"] is None:
        ch.endurance = ch.strength * ch.constitution
    return Birth(ch, ["Created by the GM with given values"])

"""Character creation: a. Characters and Character Creation.

``roll_character`` follows the Birth Tables A-D and the Initial Social Level
table with the dice it is given; ``given_character`` takes the GM's values when
an existing campaign is imported.  Both return the starting sheet; the reasons
for each starting value are returned alongside, for the sheet's history.  Each
takes the campaign's tables (``Registry.tables``: its Birth Tables, and the
lowest Social Level of b. Status).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...dice import Dice
from ...records import Character
from ...tables import Tables
from .tables import BASTARD, FIRST_SON, NOBLEMAN, SOCIAL_CLASSES, CreationTables


# The rule of every ledger entry of a character imported from a running campaign
# (engarde.rules.creation.imported): no month's play, so ``turn undo`` keeps them.
RULE_IMPORTED = "a. Characters (imported from a running campaign)"


class CreationError(ValueError):
    """Given values that cannot make a character."""


@dataclass
class Birth:
    """The character and the story of his birth, line by line."""

    character: Character
    story: list[str] = field(default_factory=list)


def adjust(amount: int, percent: int, rounding: str) -> int:
    """Apply Birth Table B's +/-10% to crowns; fractions per the campaign's rounding."""
    exact = Fraction(amount * (100 + percent), 100)
    if rounding == "up":
        return -((-exact.numerator) // exact.denominator)
    if rounding == "nearest":
        # A half goes up.  Never below 0: the tables' crowns are 0 or more and their percentages -100 or more.
        return int(exact + Fraction(1, 2))
    return exact.numerator // exact.denominator


def roll_character(tables: Tables, name: str, dice: Dice, player: str = "", email: str = "") -> Birth:
    """Roll a new character exactly as the Birth Tables say.

    Order of rolls (the rules' order): Strength, Constitution, Expertise (3d6
    each), Class (A), Sibling Rank (B), the orphan roll for a first son,
    Father's Position (C), Father's Title (D) for a nobleman, then MA (1d6).
    """
    t = tables.creation
    story: list[str] = []
    n = t.ability_dice
    strength = dice.roll(n, f"Strength ({n}d6)")
    constitution = dice.roll(n, f"Constitution ({n}d6)")
    expertise = dice.roll(n, f"Expertise ({n}d6)")
    story.append(f"Strength {strength}, Constitution {constitution}, Expertise {expertise} ({n}d6 each)")

    social_class = t.social_class(dice.d6("Birth Table A: Class"))
    sibling_rank = t.sibling_rank(dice.d6("Birth Table B: Sibling Rank"))
    orphan = False
    if sibling_rank == FIRST_SON:
        orphan = dice.d6(f"Birth Table B note 1: orphan on a {t.orphan_on}") <= t.orphan_on
    position = t.father_position(social_class, dice.d6(f"Birth Table C: Father's Position ({social_class})"))
    title = None
    if social_class == NOBLEMAN:
        title = t.father_title(dice.d6("Birth Table D: Father's Title"))
    military_ability = dice.d6("Military Ability (1d6)")

    ch = _birth(tables, name, social_class, sibling_rank, orphan, position.name, title, story)
    ch.player, ch.email = player, email
    ch.strength, ch.constitution, ch.expertise = strength, constitution, expertise
    ch.endurance = strength * constitution
    ch.military_ability = military_ability
    story.append(f"Endurance {ch.endurance} (Constitution x Strength); Military Ability {military_ability}")
    return Birth(ch, story)


def _birth(
    tables: Tables,
    name: str,
    social_class: str,
    sibling_rank: str,
    orphan: bool,
    position_name: str,
    father_title: str | None,
    story: list[str],
) -> Character:
    t = tables.creation
    rounding = t.rounding
    positions = {p.name: p for p in t.father_positions(social_class)}
    position = positions[position_name]
    if social_class == NOBLEMAN:
        if t.social_level_of(father_title) is None:
            raise CreationError(f"a nobleman's father needs a title from Birth Table D, not {father_title!r}")
        sl_row = father_title
    else:
        sl_row = position.sl_row
        father_title = None
    social_level = _initial_social_level(t, sl_row)
    funds, allowance = position.initial_funds, position.allowance
    story.append(
        f"{social_class.capitalize()}, {sibling_rank}; father {position.name}"
        + (f", {father_title}" if father_title else "")
        + f": Social Level {social_level} (son of {sl_row}), funds {funds}, allowance {allowance}"
    )
    title = None
    if sibling_rank == FIRST_SON:
        funds = adjust(funds, t.first_son_percent, rounding)
        allowance = adjust(allowance, t.first_son_percent, rounding)
        social_level += t.first_son_sl
        story.append(f"First son: {t.first_son_percent:+d}% funds and allowance ({funds}, {allowance}), "
                     f"{t.first_son_sl:+d} Social Level")
        if orphan:
            # The Inheritance replaces Initial Funds; the note names the +10% only
            # for Initial Funds and Allowance, so it is not applied to it.
            funds, allowance = position.inheritance, 0
            story.append(f"Orphan: inheritance {funds} instead of funds, no allowance")
            if social_class == NOBLEMAN:
                title = father_title
                social_level += t.orphan_noble_sl
                story.append(f"Orphaned noble: inherits the title of {title}, {t.orphan_noble_sl:+d} Social Level")
    elif sibling_rank == BASTARD:
        funds = adjust(funds, t.bastard_percent, rounding)
        allowance = adjust(allowance, t.bastard_percent, rounding)
        social_level += t.bastard_sl
        story.append(f"Bastard: {t.bastard_percent:+d}% funds and allowance ({funds}, {allowance}), "
                     f"{t.bastard_sl:+d} Social Level")
    elif orphan:
        raise CreationError("only a first son rolls for being an orphan")
    social_level = max(social_level, tables.status.lowest_social_level)
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


def _initial_social_level(t: CreationTables, son_of: str) -> int:
    level = t.social_level_of(son_of)
    if level is None:
        raise CreationError(f"the Initial Social Level table has no row for the son of {son_of!r}")
    return level


def birth_from_tables(
    tables: Tables,
    name: str,
    social_class: str,
    sibling_rank: str,
    father_position: str,
    father_title: str | None = None,
    orphan: bool = False,
) -> Birth:
    """The birth from given table results (no dice), e.g. for a worked example."""
    t = tables.creation
    if social_class not in SOCIAL_CLASSES:
        raise CreationError(f"class must be one of {', '.join(SOCIAL_CLASSES)}, not {social_class!r}")
    ranks = t.sibling_ranks()
    if sibling_rank not in ranks:
        raise CreationError(f"sibling rank must be one of {', '.join(sorted(ranks))}")
    names = {p.name for p in t.father_positions(social_class)}
    if father_position not in names:
        raise CreationError(f"a {social_class}'s father is one of {', '.join(sorted(names))}, not {father_position!r}")
    story: list[str] = []
    ch = _birth(tables, name, social_class, sibling_rank, orphan, father_position, father_title, story)
    return Birth(ch, story)


def given_character(tables: Tables, name: str, **values: object) -> Birth:
    """A character with the GM's own values (importing an existing campaign).

    Endurance defaults to Constitution x Strength when not given.
    """
    allowed = {
        "player", "email", "social_level", "crowns", "strength", "constitution",
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
    lowest = tables.status.lowest_social_level
    if ch.social_level < lowest:
        raise CreationError(f"social_level must be at least {lowest}")
    if ch.crowns < 0:
        raise CreationError("crowns cannot be negative")
    if "endurance" not in values or values["endurance"] is None:
        ch.endurance = ch.strength * ch.constitution
    return Birth(ch, ["Created by the GM with given values"])

"""Appointments (en-garde-tables.md; house values where the book's tables are lost).

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...text import normalise_name

# ==============================================================================
# Appointments (en-garde-tables.md "Appointments"; owned by engarde.rules.appointments)
#
# HOUSE VALUES.  The Military and Government Appointments Tables are lost.  Only
# the columns, the Inspector-General of Cavalry (a Lieutenant-General, appointed
# by the Minister of War, roll 6), the Brigade Major and the brigade status are
# known; every other number below is engarde's house value, to be replaced or
# extended by the GM.
# ==============================================================================


@dataclass(frozen=True)
class Post:
    name: str
    rank: str | None  # None: no rank needed (government posts held by civilians)
    min_social_level: int
    requirement: str
    number: int  # how many may hold it
    appointed_by: str  # a position of Influence Table B (whose decision it is)
    status: int | None  # SP per month; None: the brigade's status (Regimental Table C)
    favour: int  # favour class each season (0: none)
    roll: int | None  # die roll needed on one die; None: not applied for (e.g. the yearly roll)
    military: bool = True  # military posts need exactly the rank; government posts the rank or higher
    term_months: int = 12
    house_value: bool = True
    aliases: tuple[str, ...] = ()


APPOINTMENTS: tuple[Post, ...] = (
    Post("Regimental Adjutant", "Captain", 0, "a Captain of the regiment", 17, "Colonel", 2, 0, 4),
    Post("Aide to a Brigadier-General", "Captain", 6, "", 8, "Brigadier-General", 3, 1, 4),
    Post("Brigade Major", "Major", 0, "a Major of the brigade (the yearly roll)", 8, "Brigadier-General",
         None, 1, None, house_value=False),
    Post("Division Adjutant", "Major", 8, "", 4, "Lieutenant-General", 4, 2, 5),
    Post("Army Adjutant", "Lieutenant-Colonel", 9, "", 2, "General", 5, 3, 5),
    Post("Brigadier (Brigade Commander)", "Brigadier-General", 0, "", 8, "Minister", None, 3, 5,
         aliases=("brigadier", "brigade commander")),
    Post("Division Commander", "Lieutenant-General", 10, "", 4, "Minister", 6, 4, 5),
    Post("Inspector-General of Cavalry", "Lieutenant-General", 10, "", 1, "Minister", 6, 5, 6,
         house_value=False, aliases=("inspector general of cavalry",)),
    Post("Inspector-General of Infantry", "Lieutenant-General", 10, "", 1, "Minister", 6, 5, 6,
         aliases=("inspector general of infantry",)),
    Post("Army Commander", "General", 12, "", 2, "King", 8, 6, 6),
    Post("Minister of War", "General", 16, "", 1, "King", 10, 7, 6, military=False),
    Post("Minister of State", None, 18, "", 1, "King", 10, 7, 6, military=False),
    Post("Minister of Justice", None, 16, "", 1, "King", 8, 7, 6, military=False),
)
APPOINTMENT_RETRY_MONTHS = 3  # "a failed application cannot be repeated for three months"
APPOINTMENT_SL_PER_BONUS = 3  # "-1 for every 3 SL above the minimum"


def appointment_ma_modifier(ma: int) -> int:
    """The change to the roll needed for a character's MA: MA 1: +1, 2-5: 0, 6-7: -1, 8+: -2."""
    if ma <= 1:
        return 1
    if ma <= 5:
        return 0
    if ma <= 7:
        return -1
    return -2


def post_by_name(name: str) -> Post | None:
    key = normalise_name(name).replace("-", " ")
    for post in APPOINTMENTS:
        names = {normalise_name(post.name).replace("-", " "), *(normalise_name(a) for a in post.aliases)}
        if key in names:
            return post
    return None

"""d. Mistresses: the Mistress Courting Table and Influence Table C.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


# -- d. Mistresses ---------------------------------------------------------------------
MISTRESS_SL_DICE = 3  # "Roll three dice to find each mistress's Social Level"
MISTRESS_ATTRIBUTE_ON = 2  # "On a roll of one or two, that mistress has that attribute."
MISTRESS_ATTRIBUTES = ("beautiful", "influential", "wealthy")
COURTING_COST_MULTIPLIER = 3  # "three times the mistress's Social Level per week"
EXTRA_PAYMENT_MULTIPLIER = 3  # "each additional amount equal to three times ... add one"
COURTING_ALWAYS_FAILS = 1  # "on a roll of 1, regardless of modifiers, the mistress rejects"
ANOTHERS_MISTRESS_MODIFIER = -1  # "an automatic die roll modifier of -1"
INDISCRETION_ON = 6  # "On a roll of 6, he has committed an indiscretion"
MISTRESS_SUPPORT_MULTIPLIER = 3  # "three times her Social Level once per month"
WEALTHY_GIFTS_MULTIPLIER = 2  # "twice the difference in their Social Levels ... if hers is higher"
MISTRESS_STATUS = 1  # "one Status Point per month for having a mistress"
BEAUTIFUL_STATUS = 1  # "Beautiful mistresses give an additional Status Point"

# Mistress Courting Table: (the lowest difference of the row, die roll needed or higher),
# the difference being his Social Level minus hers.  "-6: 6" also serves below -6.
MISTRESS_COURTING_TABLE = ((3, 2), (0, 3), (-3, 4), (-5, 5))
MISTRESS_COURTING_LOWEST = 6


def courting_roll_needed(difference: int) -> int:
    """Mistress Courting Table: the die roll needed (or higher) at this SL difference."""
    for lowest, needed in MISTRESS_COURTING_TABLE:
        if difference >= lowest:
            return needed
    return MISTRESS_COURTING_LOWEST


# Influence Table C: Influence of Mistress: her Social Level -> (normal influence,
# additionally if Influential); None is the table's "-".  Favours are once a year.
INFLUENCE_TABLE_C: dict[int, tuple[int | None, int]] = {
    18: (9, 9), 17: (8, 9), 16: (7, 8), 15: (6, 7), 14: (6, 6), 13: (5, 5), 12: (4, 5),
    11: (4, 4), 10: (3, 4), 9: (2, 3), 8: (1, 3), 7: (None, 2), 6: (None, 1), 5: (None, 1),
    4: (None, 1), 3: (None, 1),
}
MISTRESS_FAVOURS_EVERY_MONTHS = 12  # "one favour a year"


def mistress_favours(social_level: int, influential: bool) -> tuple[int, ...]:
    """The classes of the favours a mistress gives her lover once a year (Influence Table C).

    A Social Level above 18 reads the 18 row, below 3 gives nothing (the table's range).
    """
    if social_level < min(INFLUENCE_TABLE_C):
        return ()
    normal, extra = INFLUENCE_TABLE_C[min(social_level, max(INFLUENCE_TABLE_C))]
    return tuple(c for c in (normal, extra if influential else None) if c is not None)


# Period names for mistresses rolled at campaign start (the GM can rename them); number 4
# is Roxanne, as in the rulebook's sample month ("Court mistress number 4 (Roxanne)").
MISTRESS_NAMES = (
    "Ninon", "Marion", "Angélique", "Roxanne", "Madeleine", "Isabelle", "Françoise", "Henriette",
    "Geneviève", "Marguerite", "Louise", "Hélène", "Diane", "Gabrielle", "Charlotte", "Catherine",
    "Antoinette", "Julie", "Olympe", "Athénaïs", "Cécile", "Éléonore", "Sidonie", "Victoire",
)

"""f. Influence: Influence Tables A and B.

The rulebook's numbers as data, named as the book names them.
"""

from __future__ import annotations


# ==============================================================================
# f. Influence (owned by engarde.rules.influence)
# ==============================================================================

# Influence Table A: Influence of Social Level: (lowest SL, favour class), "24+": 9
INFLUENCE_TABLE_A = ((8, 1), (10, 2), (12, 3), (14, 4), (16, 5), (18, 6), (20, 7), (22, 8), (24, 9))

# Influence Table B: Influence required (the class of favour that moves a decision by one)
INFLUENCE_TABLE_B: dict[str, int] = {
    "King": 9,
    "Crown Prince": 8,
    "Cardinal": 8,
    "Minister": 7,
    "Field Marshal": 7,
    "General": 6,
    "Lieutenant-General": 5,
    "Brigadier-General": 4,
    "Colonel": 3,
    "Lieutenant-Colonel": 2,
    "Major": 1,
    "Captain": 1,
}
FAVOUR_CLASSES = range(1, 10)  # "nine classes of favours, rated ... from 1 to 9"

# Influence Table C (mistresses) is INFLUENCE_TABLE_C above, with d. Mistresses.


def influence_of_social_level(sl: int) -> int | None:
    """Influence Table A: the class of the seasonal favour of Social Level ``sl`` (None below 8)."""
    found = None
    for lowest, klass in INFLUENCE_TABLE_A:
        if sl >= lowest:
            found = klass
    return found

"""A brevet rank on a character's sheet: "Players holding a brevet rank receive all pay,
status and privileges associated with that rank".

The military module grants brevets and reviews them each month (i. Promotion and Brevet
Rank); the regiments pay them and hold them to the rank's minimum Social Level.  The
brevet is kept here, with the ranks, so that neither module imports the other's rules
for it.  It lives on the sheet as counters, moved by the ledger like every other value.
"""

from __future__ import annotations

from typing import Sequence

from ...records import Character

C_BREVET_RANK = "brevet.rank"  # his brevet rank: 1-based place in the promotion ladder (tables.military)
C_BREVET_SL = "brevet.social_level"  # 1: a brevet for want of Social Level (the first kind)
C_BREVET_MONTHS = "brevet.months"  # months left of the year
BREVET_COUNTERS = (C_BREVET_RANK, C_BREVET_SL, C_BREVET_MONTHS)


def brevet_of(ladder: Sequence[str], ch: Character) -> str | None:
    """His brevet rank, or None; ``ladder`` is the ranks in order (the campaign's
    ``tables.military.promotion_ladder``)."""
    place = ch.counters.get(C_BREVET_RANK, 0)
    return ladder[place - 1] if place else None


def effective_rank_of(ladder: Sequence[str], ch: Character) -> str | None:
    """His brevet rank if he has one, else his rank: the rank he is paid and privileged as."""
    return brevet_of(ladder, ch) or ch.rank

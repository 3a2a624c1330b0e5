"""A poltroon dismissed from his regiment, on his sheet: "On a roll of 6, his cowardice has
been particularly blatant and he is immediately dismissed from the Regiment; he may not apply
to another Regiment until he has redeemed himself by mention in despatches in a Frontier
Regiment. Under no circumstances will his old Regiment have him back." (i. Poltroonery)

The military module dismisses him and redeems him; the regiments refuse his applications and
purchases.  The record is kept here, with the regiments, so that neither module imports the
other's rules for it (as ``brevet``).  It lives on the sheet as counters, moved by the ledger.
"""

from __future__ import annotations

from ...records import Character
from .tables import FRONTIER_REGIMENT

C_DISMISSED = "campaign.dismissed"  # 1: dismissed for cowardice, until mentioned on the Frontier
C_DISMISSED_FROM = "campaign.dismissed_from."  # + a regiment's name: 1 for ever, his old regiment


def dismissed_from(regiment: str) -> str:
    """The counter that records, for ever, his dismissal from ``regiment``."""
    return C_DISMISSED_FROM + regiment


def old_regiments(ch: Character) -> list[str]:
    """Every regiment that dismissed him for cowardice."""
    return sorted(key.removeprefix(C_DISMISSED_FROM) for key, n in ch.counters.items()
                  if key.startswith(C_DISMISSED_FROM) and n)


def barred(ch: Character, regiment: str) -> str | None:
    """Why his dismissal bars him from ``regiment`` (its name in the regiments' tables), or None."""
    if ch.get(dismissed_from(regiment)):
        return (f"he was dismissed from the {regiment} for cowardice: under no circumstances will his old "
                "Regiment have him back")
    if ch.get(C_DISMISSED) and regiment != FRONTIER_REGIMENT:
        return ("he was dismissed for cowardice: he may not apply to another Regiment until he has redeemed "
                "himself by mention in despatches in a Frontier Regiment")
    return None

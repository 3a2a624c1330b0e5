"""The orders of the military module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import STANDING, Order, Part


ORDINALS = ("1st", "2nd", "3rd")  # a regiment's battalions (squadrons)


@dataclass(frozen=True)
class Volunteer(Order):
    kind: ClassVar[str] = "volunteer"
    frontier: bool = False  # True: with a Frontier regiment; else the season's campaign
    rnhb: bool = False  # on the Frontier with the Royal North Highland Borderers
    # "battalion", "squadron", "regiment", "brigade": his command goes too; or a regiment's
    # name (Regimental Table A): "any one Regiment" of the brigade he commands
    unit: str | None = None
    battalion: int | None = None  # "the 2nd battalion": which one a regiment's commander sends

    def describe(self) -> str:
        text = "Volunteer"
        if self.battalion and self.unit in ("battalion", "squadron"):
            text += f" the {ORDINALS[self.battalion - 1]} {self.unit}"
        elif self.unit in ("battalion", "squadron", "regiment", "brigade"):
            text += f" his {self.unit}"
        elif self.unit:
            text += f" the {self.unit}"
        if self.rnhb:
            return text + " for the Frontier with the RNHB"
        return text + (" for the Frontier" if self.frontier else " for the campaign")


@dataclass(frozen=True)
class Petition(Order):
    """h. Campaign: petition for a regiment's substitution."""

    kind: ClassVar[str] = "petition"
    regiment: str = ""
    replacing: str = ""

    def describe(self) -> str:
        return f"Petition for the {self.regiment} to replace the {self.replacing}"


@dataclass
class CampaignStanding(Part):
    """h./i. Poltroonery (< 0) or reckless bravery (> 0), standing until changed.

    ``bravery_rewards``: reckless bravery's modifier is used for mention in despatches,
    promotion and plunder too ("If he lives, he may use the same modifier"): None (not
    said) or True, the default; False, for the death roll only."""

    module: ClassVar[str] = "military"
    when: ClassVar[str] = STANDING
    campaign_modifier: int | None = None
    bravery_rewards: bool | None = None

    def describe(self) -> list[str]:
        m = self.campaign_modifier
        if m is None:
            return []
        if m > 0:
            return [f"Campaign: reckless bravery +{m}" + (", death only" if self.bravery_rewards is False else "")]
        return ["Campaign: none" if m == 0 else f"Campaign: poltroonery {m}"]

    @property
    def rewards(self) -> bool:
        """Is reckless bravery's modifier used for the rolls of mention, promotion and plunder?"""
        return self.bravery_rewards is not False

"""The gossip house rule's numbers and the choices it makes where the text is silent, each one a
campaign may change: ``[campaigns.ID.tables.gossip]``, the settings under ``[campaigns.ID.rules]``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from engarde.tables import value


@dataclass(frozen=True)
class GossipTables:
    hand_limit: int = value(6, low=1, high=100, note='"Hand limit is six cards"')
    raid_at: int = value(7, low=1, high=1000, note='"Every open house with seven or more pieces of evidence '
                         'is raided"')
    hushed_divisor: int = value(3, low=1, high=100, note='"move one third of its cards (rounded down) to the '
                                'safe pile"')
    # Choice: which secrets are threats (incriminating): those of an area the law punishes, worth
    # at least threat_value; the rest are idle tattle (the text's "desires or mollies").
    threat_areas: Mapping[str, bool] = value(
        {"hearts": True, "diamonds": False, "clubs": True, "spades": True},
        note="the areas whose secrets can be threats: the heart's affairs, power (intrigue) and force "
             "(duels against the edicts); money is the moneylenders' business (choice)")
    threat_value: int = value(3, high=100, note="a secret of a threat area is a threat when its card is worth "
                              "this much or more (choice; 0: every such secret)")
    hearts_at_bawdyhouse: bool = value(True, setting=True,
                                       note="a secret of the heart belongs to the bawdyhouse, not to the club "
                                            "of the man it is about (choice)")
    reputation: str = value("social_level", choices=("social_level", "status_points"), setting=True,
                            note="what ranks a house's patrons in a raid: the most reputation there (choice)")
    exposure_status: int = value(1, high=100, note="status points a man loses for each card his exposure "
                                 "puts into gossip (the text's cube; choice)")
    informer_months: int = value(6, low=1, high=1200, note="months a man stays a discovered informer after a "
                                 "threat he spread about another is printed (choice)")
    major_fine: int = value(100, high=1_000_000, note="crowns a major indictment costs (as much as he has)")
    major_status: int = value(10, high=1000, note="status points a major indictment costs")
    minor_fine: int = value(25, high=1_000_000, note="crowns a minor indictment costs (as much as he has)")
    minor_status: int = value(3, high=1000, note="status points a minor indictment costs")
    flight_to_frontier: str = value("major", choices=("never", "major", "all"), setting=True,
                                    note="which indictments send a man fleeing to the Frontier Regiment, "
                                         "as a Private (choice)")

"""What a sheet may name, read from the campaign's database (``engarde.known.Known``): its
characters, the living and the dead, and its mistresses by number and name."""

from __future__ import annotations

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from .. import queries, store
from ..config import Campaign
from ..errors import CampaignError
from ..known import Known, known_mistresses
from ..world import World


def known_in(s: Session, campaign: Campaign) -> Known:
    """The campaign's names as they stand in ``s``'s transaction: each man's name and state, and
    the mistresses' record of the world (not every sheet and the whole world read and made)."""
    camp = queries.campaign_row(s, campaign)
    living, dead = queries.names_living_and_dead(s, campaign.id)
    return Known.of(living, dead, known_mistresses(World.mistresses_in(camp.world)))


def known_names(campaign: Campaign | None) -> Known:
    """The campaign's names for ``engarde orders check``, read without waiting for anyone's
    lock; with no campaign, or a database that cannot be read (not set up yet, of another
    version), nothing is known and the check says why its names were not checked."""
    if campaign is None:
        return Known()
    try:
        with store.reading(campaign.database) as s:
            return known_in(s, campaign)
    except (CampaignError, SQLAlchemyError) as exc:  # a sheet is still checked, its names unchecked
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return Known(why=f"the campaign's database cannot be read: {reason}")

"""The welcome text a new player is sent: his character, how to send orders, his password.

Rendered from ``welcome.txt.j2`` through the campaign's Jinja environment, so a campaign's
``templates`` folder may hold its own.  The password is in it only when the caller has it as
written (at creation, or just after the GM reset it): only its hash is kept.
"""

from __future__ import annotations

import jinja2

from .. import passwords, queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..deadlines import describe
from ..errors import CampaignError
from ..gazette import environment
from .intake import schedule

WELCOME_TEMPLATE = "welcome.txt.j2"


def welcome_text(campaign: Campaign, name: str, password: str | None = None) -> str:
    """The welcome text for ``name``'s player; ``password``, if given, must be his order
    password (it is checked against the hash on record) and is written into it."""
    with store.reading(campaign.database) as s:
        camp = queries.campaign_row(s, campaign)
        row = queries.find_character(s, campaign, name)
        if password is not None and not passwords.check_password(password, row.password):
            raise CampaignError(f"that is not {row.name}'s order password (only its hash is kept; give him a new one "
                                f"with 'engarde character password \"{row.name}\" --generate')")
        character = store.character_from_row(row)
        email = row.email or ""
        month = GameMonth.parse(camp.current_month)
        deadline = schedule(campaign, camp).deadline(month)
    try:
        template = environment(campaign).get_template(WELCOME_TEMPLATE)
        return template.render(campaign=campaign, character=character, email=email, password=password, month=month,
                               deadline=describe(deadline, campaign.timezone) if deadline is not None else None)
    except jinja2.TemplateError as exc:  # a campaign's own welcome.txt.j2 with a mistake in it
        where = getattr(exc, "filename", None) or (campaign.templates / WELCOME_TEMPLATE if campaign.templates
                                                   else WELCOME_TEMPLATE)
        line = getattr(exc, "lineno", None)
        raise CampaignError(f"{where}{f':{line}' if line else ''}: {exc.message or exc}") from None

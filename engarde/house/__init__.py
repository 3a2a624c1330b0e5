"""The house rules: optional modules a campaign switches on with ``house_rules`` in campaigns.toml.

Each is a package built on the same seam as the core's modules (``engarde.modules``);
none of them is edited into the core.
"""

from __future__ import annotations

from ..tables import Tables
from ..world import World
from .gossip import MODULE as GOSSIP
from .secrets import MODULE as SECRETS
from .social_conflict import MODULE as SOCIAL_CONFLICT

HOUSE_MODULES: tuple = (SECRETS, GOSSIP, SOCIAL_CONFLICT)
World.register(HOUSE_MODULES)
Tables.register(HOUSE_MODULES)

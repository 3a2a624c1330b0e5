"""The house rules: optional modules a campaign switches on with ``house_rules`` in campaigns.toml.

Each is a package built on the same seam as the core's modules (``engarde.modules``);
none of them is edited into the core.
"""

from __future__ import annotations

from ..tables import Tables
from ..world import World
from .gala import MODULE as GALA
from .secrets import MODULE as SECRETS

HOUSE_MODULES: tuple = (SECRETS, GALA)
World.register(HOUSE_MODULES)
Tables.register(HOUSE_MODULES)

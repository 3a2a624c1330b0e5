"""What every ``engarde`` command is written with, the core's and the modules' alike.

``Context`` is the command's view of the campaign it works on: its
campaigns.toml entry and its modules' tables (the CLI, ``engarde.cli``, says how
they are loaded and checked, so that a module's commands import nothing above
the core).  ``fail`` prints one line and exits; ``echo_json`` prints records.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable

import click

from .config import Campaign
from .tables import Tables

# How long a command that writes waits for another working on the same campaign (engarde.lock),
# and where the CLI's --wait is kept for it (click's Context.meta).
DEFAULT_WAIT = 10.0  # seconds: a turn is resolved in well under that
WAIT_KEY = "engarde.lock.wait"


class Context:
    """The campaign a command works on (``--config``, ``--campaign``)."""

    def __init__(self, config: str, campaign_id: str | None,
                 load: Callable[[str, str | None], Campaign] | None = None,
                 tables_of: Callable[[Campaign], Tables] | None = None) -> None:
        self.config = config
        self.campaign_id = campaign_id
        self._load = load
        self._tables_of = tables_of
        self.loaded: Campaign | None = None  # the campaign last read (its database names a driver's error)

    def campaign(self) -> Campaign:
        """The campaign, read from campaigns.toml and checked against its modules."""
        assert self._load is not None, "the CLI gives the context its loader"
        self.loaded = self._load(self.config, self.campaign_id)
        return self.loaded

    def tables(self, campaign: Campaign | None = None) -> Tables:
        """The campaign's tables: each module's numbers, with the campaign's overrides."""
        assert self._tables_of is not None, "the CLI gives the context its tables"
        return self._tables_of(campaign or self.campaign())


pass_ctx = click.make_pass_decorator(Context)


def fail(message: str, code: int = 2) -> None:
    click.echo(f"engarde: {message}", err=True)
    sys.exit(code)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))

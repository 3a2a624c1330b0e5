"""The database's schema version: checked before any command reads or writes, moved on by
``engarde db upgrade``.

A campaign's database is at one revision of engarde/migrations (Alembic's
``alembic_version`` table says which).  A command meets one of:

- an empty database: ``engarde init`` builds it from the revisions (so a new campaign and
  an upgraded old one have the very same tables); any other command says to run init;
- the revision this engarde's code needs (``HEAD``): it goes ahead;
- an older revision: it refuses, naming ``engarde db upgrade``;
- a revision this engarde does not know (made by a newer engarde): it refuses;
- engarde's tables with no version (made before engarde kept a schema history): the
  baseline's, so ``engarde db upgrade`` marks them as the baseline and carries them on;
- tables that are not engarde's: it refuses, and never writes into such a database.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from .errors import CampaignError

# Every revision of engarde/migrations, oldest first; the last is the one this code needs.
# Kept here so that checking a database costs one query, not Alembic's import (a third of a
# second on every command); tests/test_schema.py checks it against the revisions' files.
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006")
HEAD = REVISIONS[-1]
BASELINE = "0001"
# The tables of the baseline revision: a database holding them and no version table was
# made by engarde before it kept a schema history.
BASELINE_TABLES = frozenset({"campaign", "character", "ledger", "event", "roll", "order_sheet", "turn",
                             "cause_ruling"})
VERSION_TABLE = "alembic_version"


def alembic_config(connection: Connection | None = None) -> Any:
    """Alembic's configuration for engarde/migrations (no alembic.ini), on ``connection``."""
    from alembic.config import Config  # only init and db upgrade need Alembic (slow to import)

    config = Config()
    config.set_main_option("script_location", str(resources.files("engarde") / "migrations"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head() -> str:
    """The revision this engarde's code is written for."""
    return HEAD


@dataclass(frozen=True)
class State:
    """What a database holds: ``kind`` is "empty", "current", "old", "unversioned", "newer"
    or "foreign"; ``revision`` the version it is at (if any); ``tables`` its tables."""

    kind: str
    revision: str | None
    tables: frozenset[str]


def state_of(connection: Connection) -> State:
    tables = frozenset(inspect(connection).get_table_names())
    if VERSION_TABLE in tables:
        revision = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()
        if revision == HEAD:
            kind = "current"
        elif revision in REVISIONS:
            kind = "old"
        else:
            kind = "newer"
        return State(kind, revision, tables)
    if not tables:
        return State("empty", None, tables)
    if tables == BASELINE_TABLES:
        return State("unversioned", None, tables)
    return State("foreign", None, tables)


def check(connection: Connection, where: str, *, creating: bool = False) -> State:
    """Refuse a database this engarde cannot use as it stands, with the command that fixes it.
    ``where`` names the database in the message; ``creating``: the caller (``engarde init``)
    may build an empty database."""
    state = state_of(connection)
    if state.kind == "current" or (state.kind == "empty" and creating):
        return state
    if state.kind == "empty":
        raise CampaignError(f"{where} holds no campaign yet: run 'engarde init' first")
    if state.kind in ("old", "unversioned"):
        at = f"schema version {state.revision}" if state.revision else "the schema from before engarde kept versions"
        raise CampaignError(f"{where} is at {at}; this engarde needs version {head()}: back it up, then run "
                            "'engarde db upgrade'")
    if state.kind == "newer":
        raise CampaignError(f"{where} is at schema version {state.revision}, which this engarde does not know "
                            "(it was made by a newer engarde): upgrade engarde")
    shown = ", ".join(sorted(state.tables)[:6]) + (" ..." if len(state.tables) > 6 else "")
    raise CampaignError(f"{where} is not an engarde database (it has the tables {shown}); engarde will not "
                        "write into it: give the campaign a database of its own")


def create(connection: Connection) -> None:
    """Build an empty database from the revisions."""
    from alembic import command  # only init and db upgrade need Alembic (slow to import)

    command.upgrade(alembic_config(connection), "head")


def upgrade(connection: Connection, where: str) -> tuple[str | None, str]:
    """Carry the database to ``HEAD`` in the transaction ``connection`` is in (the campaign's lock
    held: engarde.lock.connected); returns (from, to).  Tables of engarde without a version are
    first marked as the baseline."""
    state = state_of(connection)
    if state.kind in ("foreign", "newer", "empty"):
        check(connection, where)
    from alembic import command  # only init and db upgrade need Alembic (slow to import)

    config = alembic_config(connection)
    if state.kind == "unversioned":
        command.stamp(config, BASELINE)
    command.upgrade(config, "head")
    return state.revision, head()

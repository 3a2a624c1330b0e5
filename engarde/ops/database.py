"""The campaign's database itself: its schema version, and carrying it to this engarde's."""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from .. import lock, schema, store
from ..config import Campaign
from ..errors import CampaignError


@dataclass(frozen=True)
class DatabaseStatus:
    where: str
    kind: str  # engarde.schema.State.kind
    revision: str | None
    head: str

    def __str__(self) -> str:
        at = {"empty": "holds no campaign yet (run 'engarde init')",
              "current": f"is at schema version {self.revision}: up to date",
              "old": f"is at schema version {self.revision}: run 'engarde db upgrade'",
              "unversioned": "is at the schema from before engarde kept versions: run 'engarde db upgrade'",
              "newer": f"is at schema version {self.revision}, made by a newer engarde",
              "foreign": "is not an engarde database"}[self.kind]
        return f"{self.where} {at} (this engarde: version {self.head})"


def _sqlite_file(url: str) -> Path | None:
    path = make_url(url).database if url.startswith("sqlite") else None
    return Path(path) if path and path != ":memory:" else None


def status(campaign: Campaign) -> DatabaseStatus:
    """Where the campaign's database stands, without changing it."""
    url, where = campaign.database, store.described(campaign.database)
    file = _sqlite_file(url)
    if file is not None and not file.exists():
        return DatabaseStatus(where, "empty", None, schema.head())
    engine = store.new_engine(url)
    try:
        with engine.connect() as connection:
            state = schema.state_of(connection)
    except SQLAlchemyError as exc:
        raise CampaignError(f"{where} cannot be read: {str(exc.orig if hasattr(exc, 'orig') else exc).strip()}") from None
    finally:
        engine.dispose()
    return DatabaseStatus(where, state.kind, state.revision, schema.head())


@dataclass(frozen=True)
class Upgrade:
    before: str | None  # None: the schema from before versions
    after: str
    backup: Path | None  # the copy of an SQLite file taken first


def upgrade(campaign: Campaign) -> Upgrade | None:
    """Carry the campaign's database to this engarde's schema, in one transaction; an SQLite
    file is copied first (FILE.before-VERSION-YYYYmmddHHMMSS).  None: it was up to date."""
    found = status(campaign)
    if found.kind == "current":
        return None
    url = campaign.database
    if found.kind == "empty":
        raise CampaignError(f"{found.where} holds no campaign yet: run 'engarde init' first")
    if found.kind in ("newer", "foreign"):
        engine = store.new_engine(url)
        try:
            with engine.connect() as connection:
                schema.check(connection, found.where)  # raises, saying why
        finally:
            engine.dispose()
    store.forget_engine(url)
    backup = None
    file = _sqlite_file(url)
    engine = store.new_engine(url)
    try:
        # Under the campaign's lock: no engarde command writes while the file is copied and upgraded.
        with lock.connected(campaign, "db-upgrade", engine) as connection:
            if schema.state_of(connection).kind == "current":
                return None  # upgraded by another command while this one waited for it
            if file is not None:
                stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%d%H%M%S")
                backup = file.with_name(f"{file.name}.before-{found.revision or 'versions'}-{stamp}")
                _copy_sqlite(file, backup)
            before, after = schema.upgrade(connection, found.where)
    finally:
        engine.dispose()
    return Upgrade(before, after, backup)


def _copy_sqlite(file: Path, copy: Path) -> None:
    """A copy of the database as committed: through SQLite, which reads what its write-ahead log
    holds too (a copy of the file alone could lack the last commits)."""
    source, target = sqlite3.connect(file), sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()

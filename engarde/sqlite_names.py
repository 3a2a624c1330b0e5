"""The names a sheet may use and the month to resolve, read from a campaign's SQLite file with the
standard library's ``sqlite3``, for ``engarde orders check``.

Importing SQLAlchemy and SQLModel is most of the start of a check made in a campaign's folder (a
GM checking a player's mail at the deadline); the check needs three small queries.  Anything this
reader does not expect (another database, a file of another schema revision, a campaign not set
up, any SQLite error) answers None, and the check reads through the database layer as every other
command does, which says what is wrong.  tests/test_sqlite_names.py holds the two readings equal.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from . import json_columns
from .calendar import GameMonth
from .config import Campaign
from .known import Known, known_mistresses
from .records import DEAD
from .revisions import HEAD
from .world import World

_PREFIX = "sqlite:///"


def database_file(url: str) -> Path | None:
    """The file of a plain ``sqlite:///PATH`` URL (no query options), else None."""
    if not url.startswith(_PREFIX) or "?" in url or url == _PREFIX:
        return None
    return Path(unquote(url[len(_PREFIX):]))


def read(campaign: Campaign) -> tuple[Known, GameMonth] | None:
    """(the campaign's names, its current month), or None where the database layer must read them."""
    path = database_file(campaign.database)
    if path is None or not path.is_file():
        return None
    try:
        # Read-only, and one transaction, so the three queries see one moment of the file.
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error:
        return None
    try:
        con.execute("BEGIN")
        if con.execute("SELECT version_num FROM alembic_version").fetchall() != [(HEAD,)]:
            return None
        row = con.execute("SELECT current_month, world FROM campaign WHERE id = ?", (campaign.id,)).fetchone()
        if row is None:
            return None
        month, mistresses = GameMonth.parse(row[0]), known_mistresses(World.mistresses_in(_json(row[1])))
        living: list[str] = []
        dead: list[str] = []
        # his state read by SQLite (its JSON functions), not each whole sheet parsed here: a
        # campaign of 10,000 men made that most of the check
        for name, state in con.execute(
                """SELECT name, json_extract("current", '$.state') FROM character WHERE campaign_id = ? ORDER BY id""",
                (campaign.id,)):
            (dead if state == DEAD else living).append(name)
    except (sqlite3.Error, ValueError, TypeError, AttributeError, KeyError):
        return None
    finally:
        con.close()
    return Known.of(living, dead, mistresses), month


def _json(value: Any) -> Any:
    # (read as the database layer reads it: a large campaign's world is megabytes of JSON)
    return json_columns.loads(value) if isinstance(value, (str, bytes)) else value

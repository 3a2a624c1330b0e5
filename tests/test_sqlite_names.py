"""`engarde orders check` in a campaign's folder reads the names a sheet may use from an SQLite file
with the standard library (engarde.sqlite_names), so it starts without SQLAlchemy; what it reads must
be what the database layer reads (engarde.ops.names), and anything unexpected falls back to it."""

from __future__ import annotations

import json
import sqlite3

import pytest
from sqlmodel import select

from engarde import ops, sqlite_names, store
from engarde.config import load_one
from engarde.ops.views import current_month
from engarde.records import DEAD
from engarde.store import CharacterRow
from helpers import named_in_orders, resolved_campaign


@pytest.fixture
def campaign(tmp_path):
    config = resolved_campaign(tmp_path)
    camp = load_one(config, "test")
    named_in_orders(camp, characters=("Aramis", "D'Artagnan"), mistresses=("Ninon", "Marion"))
    with store.transaction(camp.database) as s:  # Aramis dead, as a month would leave him
        row = s.exec(select(CharacterRow).where(CharacterRow.name == "Aramis")).one()
        row.current = {**row.current, "state": DEAD}
        s.add(row)
    return camp


def _fields(known):
    return known.checked, known.characters, known.dead, known.mistresses, known.why


def test_the_quick_reading_is_the_database_layers(campaign):
    """The living, the dead, the mistresses (number, name, lover) and the month, as ops.names reads them."""
    quick = sqlite_names.read(campaign)
    assert quick is not None
    known, month = quick
    assert _fields(known) == _fields(ops.known_names(campaign))
    assert month == current_month(campaign)
    assert known.dead == ("Aramis",) and [m.name for m in known.mistresses] == ["Ninon", "Marion"]


def test_anything_unexpected_is_left_to_the_database_layer(campaign, tmp_path):
    """Another revision of the schema, a campaign not set up in the file, a file that is not SQLite, a
    URL with options or of another database: None, and the check reads through the database layer,
    which says what is wrong."""
    def like(**changes):
        return type(campaign)(**{**vars(campaign), **changes})

    path = sqlite_names.database_file(campaign.database)
    assert sqlite_names.read(like(id="other")) is None  # set up in no file
    con = sqlite3.connect(path)
    with con:
        con.execute("UPDATE alembic_version SET version_num = '0001'")
    con.close()
    assert sqlite_names.read(campaign) is None
    for url in (f"sqlite:///{tmp_path / 'none.sqlite'}", f"sqlite:///{path}?mode=ro",
                "postgresql+psycopg://gm@localhost/engarde"):
        assert sqlite_names.read(like(database=url)) is None
    (tmp_path / "not.sqlite").write_text("not a database")
    assert sqlite_names.read(like(database=f"sqlite:///{tmp_path / 'not.sqlite'}")) is None


def test_the_mistresses_are_read_from_their_own_record_and_an_older_world_made_whole(campaign):
    """Her number, name and lover as the database layer reads them, from the world as this engarde
    writes it (the mistresses module's own record) and from a world of the older, flat shape."""
    path = sqlite_names.database_file(campaign.database)
    con = sqlite3.connect(path)
    with con:
        world = json.loads(con.execute("SELECT world FROM campaign WHERE id = ?", (campaign.id,)).fetchone()[0])
        world["mistresses"]["mistresses"][1]["lover"] = "D'Artagnan"
        con.execute("UPDATE campaign SET world = ? WHERE id = ?", (json.dumps(world), campaign.id))
    known, _ = sqlite_names.read(campaign)
    assert [(m.name, m.lover) for m in known.mistresses] == [("Ninon", None), ("Marion", "D'Artagnan")]
    assert _fields(known) == _fields(ops.known_names(campaign))
    with con:  # the older shape: the mistresses' list at the top of the world
        flat = {**world, "mistresses": world["mistresses"]["mistresses"]}
        con.execute("UPDATE campaign SET world = ? WHERE id = ?", (json.dumps(flat), campaign.id))
    con.close()
    known, _ = sqlite_names.read(campaign)
    assert _fields(known) == _fields(ops.known_names(campaign))
    assert [(m.name, m.lover) for m in known.mistresses] == [("Ninon", None), ("Marion", "D'Artagnan")]

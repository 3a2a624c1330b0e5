"""The database outlives an upgrade: its schema has a version, engarde refuses a database of
another version with the command to run, `engarde db upgrade` carries an old one on with its
rows, and the revisions build exactly the tables the models declare."""

from __future__ import annotations

import json
import sqlite3

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine
from sqlmodel import SQLModel

from engarde import passwords, schema, store
from helpers import cli, write_campaign


def campaign(tmp_path, database: str | None = None):
    keys = {"database": database} if database else {}
    run = cli(write_campaign(tmp_path, **keys))
    run.db = tmp_path / "test.sqlite"
    return run


def no_differences(url: str) -> list:
    engine = create_engine(url)
    with engine.connect() as connection:
        found = compare_metadata(MigrationContext.configure(connection, opts={"compare_type": True}),
                                 SQLModel.metadata)
    engine.dispose()
    return found


def test_the_revisions_build_the_tables_the_models_declare(tmp_path):
    """Autogenerate finds no difference between a database built by the revisions and the models:
    a change to engarde/store.py without its revision fails here."""
    run = campaign(tmp_path)
    run("init")
    assert no_differences(f"sqlite:///{run.db}") == []


def test_the_revisions_agree_with_the_models_on_postgresql(tmp_path, postgres_url):
    store.forget_engine(postgres_url)
    engine = create_engine(postgres_url)
    with engine.begin() as connection:
        SQLModel.metadata.drop_all(connection)
        connection.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    engine.dispose()
    run = campaign(tmp_path, postgres_url)
    run("init")
    assert no_differences(postgres_url) == []
    assert "up to date" in run("db", "status")


def test_the_revisions_are_one_line_and_listed():
    """engarde.schema.REVISIONS names every revision file, oldest first (it is what a database is
    checked against without importing Alembic); two revisions written on two branches and merged
    without a merge revision would leave two heads."""
    scripts = ScriptDirectory.from_config(schema.alembic_config())
    assert scripts.get_heads() == [schema.HEAD]
    assert [s.revision for s in reversed(list(scripts.walk_revisions()))] == list(schema.REVISIONS)


BASELINE_ROWS = [
    "INSERT INTO campaign (id, current_month, seed, world, created_at) "
    "VALUES ('test', '1607-05', 'test', '{}', '2026-01-01 12:00:00')",
    "INSERT INTO character (id, campaign_id, name, player, email, password, social_level, start, current, standing, "
    "birth_story, birth_rolls, created_at) VALUES (1, 'test', 'Athos', 'Anne', 'anne@example.org', 'comte-de-la-fere', "
    "8, '{\"name\": \"Athos\", \"password\": \"comte-de-la-fere\", \"social_level\": 8, \"crowns\": 100}', "
    "'{\"name\": \"Athos\", \"password\": \"comte-de-la-fere\", \"social_level\": 8, \"crowns\": 90}', "
    "'{}', '[]', '[]', '2026-01-01 12:00:00')",
    "INSERT INTO order_sheet (campaign_id, month, character_id, source, sender, digest, raw, text, parsed, errors, "
    "status, reason, confirmation, received_at, message_id, size, received_by) VALUES ('test', '1607-05', 1, "
    "'athos.txt', '', 'd1', CAST('Character: Athos' || char(10) || 'Password: comte-de-la-fere' || char(10) || "
    "'Week 1: rest' AS BLOB), 'Character: Athos' || char(10) || 'Password: comte-de-la-fere' || char(10) || "
    "'Week 1: rest', '{\"source\": \"athos.txt\", \"character\": \"Athos\", \"month\": \"1607-05\", \"weeks\": {\"1\": "
    "{\"kind\": \"rest\", \"reason\": \"\"}}}', '[]', 'accepted', '', 'Orders of Athos', "
    "'2026-01-01 12:00:00', '', 60, 'its arrival time')",
    "INSERT INTO ledger (campaign_id, character_id, month, week, field, delta, value, reason, rule) "
    "VALUES ('test', 1, '1607-04', 5, 'crowns', -10, NULL, 'support (SL 8 x 2, less 6)', 'b. Support')",
]


def baseline_database(run) -> None:
    """A campaign's database as engarde made it at the baseline revision, with a month in it."""
    engine = create_engine(f"sqlite:///{run.db}")
    with engine.begin() as connection:
        command.upgrade(schema.alembic_config(connection), schema.BASELINE)
        for sql in BASELINE_ROWS:
            connection.exec_driver_sql(sql)
    engine.dispose()


def test_an_old_database_is_refused_until_upgraded_and_keeps_its_rows(tmp_path):
    """A database made by an earlier engarde is refused with the command to run; `engarde db
    upgrade` copies the file, carries it to this engarde's version, and every row is still there."""
    run = campaign(tmp_path)
    baseline_database(run)
    if schema.head() != schema.BASELINE:
        out = run("status", code=2)
        assert f"is at schema version {schema.BASELINE}; this engarde needs version {schema.head()}" in out
        assert "engarde db upgrade" in out
    out = run("db", "upgrade")
    if schema.head() != schema.BASELINE:
        assert f"Upgraded the database from version {schema.BASELINE} to version {schema.head()}" in out
        copies = list(tmp_path.glob("test.sqlite.before-*"))
        assert len(copies) == 1 and sqlite3.connect(copies[0]).execute(
            "select version_num from alembic_version").fetchone() == (schema.BASELINE,)
    assert "up to date" in run("db", "status")
    sheet = json.loads(run("sheet", "Athos", "--json"))
    assert sheet["crowns"] == 90 and [e["reason"] for e in sheet["ledger"]] == ["support (SL 8 x 2, less 6)"]
    assert "May 1607" in run("status")
    assert no_differences(f"sqlite:///{run.db}") == []
    # Revision 0002: the password is a hash now, and is nowhere else in the database.
    everything = "\n".join(sqlite3.connect(run.db).iterdump())
    assert "comte-de-la-fere" not in everything
    stored = sqlite3.connect(run.db).execute("select password from character").fetchone()[0]
    assert passwords.check_password("comte-de-la-fere", stored)


def test_a_database_from_before_versions_is_upgraded(tmp_path):
    """engarde's tables without a version (made before engarde kept a schema history) are the
    baseline's: refused, then upgraded with their rows."""
    run = campaign(tmp_path)
    baseline_database(run)
    connection = sqlite3.connect(run.db)
    connection.execute("DROP TABLE alembic_version")
    connection.commit()
    connection.close()
    assert "the schema from before engarde kept versions" in run("status", code=2)
    assert "Upgraded the database from the schema from before versions" in run("db", "upgrade")
    assert json.loads(run("sheet", "Athos", "--json"))["crowns"] == 90


def test_a_foreign_database_is_never_written(tmp_path):
    """A file that is some other program's SQLite database is refused, by every command, and left
    byte for byte as it was (no engarde table is created in it)."""
    run = campaign(tmp_path)
    connection = sqlite3.connect(run.db)
    connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    connection.execute("INSERT INTO notes (body) VALUES ('my shopping list')")
    connection.commit()
    connection.close()
    before = run.db.read_bytes()
    for args in (("init",), ("status",), ("db", "upgrade"), ("character", "list")):
        out = run(*args, code=2)
        assert "is not an engarde database (it has the tables notes)" in out, args
    assert run.db.read_bytes() == before
    assert "is not an engarde database" in run("db", "status")


def test_a_database_of_a_newer_engarde_is_refused(tmp_path):
    run = campaign(tmp_path)
    run("init")
    connection = sqlite3.connect(run.db)
    connection.execute("UPDATE alembic_version SET version_num = '9999'")
    connection.commit()
    connection.close()
    store.forget_engine(f"sqlite:///{run.db}")
    out = run("status", code=2)
    assert "is at schema version 9999, which this engarde does not know (it was made by a newer engarde)" in out
    assert "newer engarde" in run("db", "upgrade", code=2)


@pytest.mark.parametrize("args", [("status",), ("character", "list"), ("audit",)])
def test_no_database_yet_says_init_and_creates_nothing(tmp_path, args):
    """A command other than init, on a campaign never set up, says to run init and leaves no
    empty database file behind."""
    run = campaign(tmp_path)
    out = run(*args, code=2)
    assert "run 'engarde init' first" in out
    assert not run.db.exists()
    assert "holds no campaign yet" in run("db", "status")


def test_a_schema_change_is_all_or_nothing_on_sqlite(tmp_path):
    """Python's sqlite3 commits a CREATE or ALTER on its own; engarde's SQLite transactions hold
    them, so an upgrade that fails half way leaves the database as it was."""
    engine = store.new_engine(f"sqlite:///{tmp_path / 'x.sqlite'}")
    with pytest.raises(RuntimeError):
        with engine.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE half_done (x INTEGER)")
            raise RuntimeError("the upgrade fails here")
    with engine.connect() as connection:
        assert schema.state_of(connection).kind == "empty"
    engine.dispose()


def test_revision_0005_records_the_months_already_mailed(tmp_path):
    """turn.mailed_at, filled in by the upgrade for the months whose report and gazette messages
    were all sent (at the last one's time); a month with a failed message or none stays empty."""
    run = campaign(tmp_path)
    engine = create_engine(f"sqlite:///{run.db}")
    with engine.begin() as connection:
        command.upgrade(schema.alembic_config(connection), "0004")
        connection.exec_driver_sql(BASELINE_ROWS[0])
        for month in ("1607-04", "1607-05", "1607-06"):
            connection.exec_driver_sql(
                "INSERT INTO turn (campaign_id, month, seed, snapshot, errors, resolved_at) "
                f"VALUES ('test', '{month}', 's', '{{}}', '[]', '2026-01-01 12:00:00')")
        for month, kind, key, status, at in (
                ("1607-04", "report", "1607-04 Athos", "sent", "2026-02-01 10:00:00"),
                ("1607-04", "gazette", "1607-04 r@example.org", "sent", "2026-02-01 11:00:00"),
                ("1607-04", "reminder", "1607-04 Porthos", "failed", "2026-02-01 12:00:00"),  # not a publication's
                ("1607-05", "report", "1607-05 Athos", "sent", "2026-03-01 10:00:00"),
                ("1607-05", "report", "1607-05 Porthos", "failed", "2026-03-01 10:00:00")):
            connection.exec_driver_sql(
                "INSERT INTO sent_mail (campaign_id, kind, key, month, address, subject, message_id, status, error, "
                f"attempts, sent_at) VALUES ('test', '{kind}', '{key}', '{month}', 'a@example.org', '', '', "
                f"'{status}', '', 1, '{at}')")
    engine.dispose()
    assert "Upgraded the database from version 0004" in run("db", "upgrade")
    rows = sqlite3.connect(run.db).execute("select month, mailed_at from turn order by month").fetchall()
    assert [(m, (at or "")[:19]) for m, at in rows] == [
        ("1607-04", "2026-02-01 11:00:00"), ("1607-05", ""), ("1607-06", "")]
    assert no_differences(f"sqlite:///{run.db}") == []

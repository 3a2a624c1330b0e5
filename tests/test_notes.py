"""The GM's notes for a month's gazette (issue 14, Points Arising): ``engarde notes add``,
``list``, ``remove``; kept per campaign and month in the table gm_note (migration 0006), which an
undone month keeps, and printed under Points Arising, escaped, in the order added."""

from __future__ import annotations

import sqlite3

from alembic import command
from sqlalchemy import create_engine

from engarde import schema
from engarde.config import load_one
from engarde.ops import notes as gm_notes
from helpers import cli, refused, resolved_campaign, write_campaign


def test_a_note_goes_to_the_next_gazette_and_is_listed_and_removed(tmp_path):
    config = write_campaign(tmp_path)
    run = cli(config)
    run("init")
    # before any month is resolved: the month to resolve
    assert run("notes", "add", "The  Gala is   in June.") == "note 1 added to the gazette of April 1607\n"
    run("character", "create", "Athos", "--given", "--sl", "6", "--crowns", "100", "--strength", "12",
        "--constitution", "12", "--expertise", "10", "--ma", "3")
    run("turn", "run", "--force")
    # April resolved, its publication not mailed: April's gazette is the next
    assert run("notes", "add", "Duels in the garden count.") == "note 2 added to the gazette of April 1607\n"
    assert run("notes", "add", "For later.", "--month", "June 1607") == "note 3 added to the gazette of June 1607\n"
    assert run("notes", "list") == "1. April 1607: The Gala is in June.\n2. April 1607: Duels in the garden count.\n"
    assert run("notes", "list", "--month", "June 1607") == "3. June 1607: For later.\n"
    assert run("notes", "list", "--month", "May 1607") == "No notes for the gazette of May 1607.\n"
    assert len(run("notes", "list", "--all").splitlines()) == 3
    assert run("notes", "remove", "1") == "removed note 1 of April 1607: The Gala is in June.\n"
    assert "no note 1 in test" in refused(config, "notes", "remove", "1")
    assert "no note 10000000000000000000000 in test" in refused(config, "notes", "remove", "10000000000000000000000")
    assert "no note -1 in test" in refused(config, "notes", "remove", "--", "-1")
    run("gazette", "--no-pdf")
    html = (tmp_path / "newsletters" / "test" / "1607-04.html").read_text(encoding="utf-8")
    assert '<p class="gm-note">Duels in the garden count.</p>' in html
    assert "The Gala" not in html and "For later" not in html


def test_after_the_publication_is_mailed_notes_go_to_the_month_to_resolve(tmp_path):
    config = resolved_campaign(tmp_path)
    camp = load_one(config, "test")
    with sqlite3.connect(tmp_path / "test.sqlite") as db:
        db.execute("update turn set mailed_at = '2026-02-01 10:00:00'")
    assert gm_notes.add_note(camp, "May's news.").month.key == "1607-05"


def test_an_empty_or_long_note_is_refused(tmp_path):
    config = write_campaign(tmp_path)
    cli(config)("init")
    assert "a note needs some text" in refused(config, "notes", "add", "   ")
    assert "at most 2000 characters" in refused(config, "notes", "add", "x" * 2001)
    assert "cannot read 'Smarch 1607' as a game month" in refused(config, "notes", "add", "x", "--month", "Smarch 1607")


def test_an_undone_month_keeps_its_notes(tmp_path):
    config = resolved_campaign(tmp_path)
    run = cli(config)
    run("notes", "add", "A ruling.")
    run("turn", "undo")
    assert run("notes", "list", "--all") == "1. April 1607: A ruling.\n"


def test_revision_0006_adds_the_notes_table_and_keeps_the_rows(tmp_path):
    config = write_campaign(tmp_path)
    run = cli(config)
    db = tmp_path / "test.sqlite"
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        command.upgrade(schema.alembic_config(connection), "0005")
        connection.exec_driver_sql("INSERT INTO campaign (id, current_month, seed, world, created_at) "
                                   "VALUES ('test', '1607-04', 'test', '{}', '2026-01-01 12:00:00')")
    engine.dispose()
    assert "needs version 0006" in refused(config, "notes", "list")
    assert "Upgraded the database from version 0005" in run("db", "upgrade")
    run("notes", "add", "After the upgrade.")
    assert run("notes", "list") == "1. April 1607: After the upgrade.\n"

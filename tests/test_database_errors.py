"""A campaign's database that cannot be used is refused in one line naming the file (or the URL,
its password hidden), with exit status 2: never a traceback, never a hang."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from engarde import store
from helpers import cli, one_line, refused, run_engarde, write_campaign


def _campaign(tmp_path: Path, database: str = "sqlite:///c.sqlite") -> Path:
    return write_campaign(tmp_path, "c", database=database)


def test_a_corrupt_database_file(tmp_path):
    """Random bytes where the database should be."""
    config = _campaign(tmp_path)
    (tmp_path / "c.sqlite").write_bytes(os.urandom(8192))
    line = refused(config, "status")
    assert f"{tmp_path / 'c.sqlite'}: not an SQLite database" in line, line


def test_a_text_file_given_as_the_database(tmp_path):
    config = _campaign(tmp_path, "sqlite:///notes.txt")
    (tmp_path / "notes.txt").write_text("Porthos owes me 50 crowns.\n" * 100)
    line = refused(config, "character", "list")
    assert "notes.txt: not an SQLite database" in line, line


def test_a_folder_in_place_of_the_database(tmp_path):
    config = _campaign(tmp_path)
    (tmp_path / "c.sqlite").mkdir()
    line = refused(config, "status")
    assert f"{tmp_path / 'c.sqlite'}: is a folder, not a database file" in line, line


def test_a_database_in_a_folder_that_does_not_exist(tmp_path):
    config = _campaign(tmp_path, "sqlite:///gone/c.sqlite")
    line = refused(config, "init")
    assert f"{tmp_path / 'gone' / 'c.sqlite'}: cannot open the database: the folder" in line, line
    assert "does not exist" in line, line


def test_an_empty_database_file_is_a_campaign_not_set_up(tmp_path):
    config = _campaign(tmp_path)
    (tmp_path / "c.sqlite").write_bytes(b"")
    line = refused(config, "status")
    assert "engarde init" in line, line


def test_a_database_locked_by_another_program(tmp_path):
    """Another program holds an exclusive lock on the file (an open sqlite3 shell, a backup
    tool): engarde waits (--wait seconds), then says so (engarde.lock's words)."""
    config = _campaign(tmp_path)
    cli(config)("init")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys\n"
         f"c = sqlite3.connect({str(tmp_path / 'c.sqlite')!r}, isolation_level=None)\n"
         "c.execute('BEGIN EXCLUSIVE'); print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        line = refused(config, "--wait", "1", "character", "create", "Athos")
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    assert str(tmp_path / "c.sqlite") in line and "by another program" in line, line


@pytest.fixture
def open_folder():
    """A folder anyone may use (the tests that drop root run there)."""
    folder = Path(tempfile.mkdtemp(prefix="engarde-"))
    folder.chmod(0o777)
    yield folder
    os.system(f"chmod -R u+rwx '{folder}'; rm -rf '{folder}'")  # noqa: S605  (the folder made above)


def test_a_read_only_database_refuses_a_command_that_writes(open_folder):
    config = _campaign(open_folder)
    cli(config)("init")
    (open_folder / "c.sqlite").chmod(0o444)
    line = one_line(run_engarde(open_folder, "character", "create", "Athos", unprivileged=True))
    assert "c.sqlite: the database is read-only" in line, line


def test_a_read_only_database_can_still_be_read(open_folder):
    """Choice: a GM may look at a campaign he cannot change (an archive copy)."""
    config = _campaign(open_folder)
    cli(config)("init")
    (open_folder / "c.sqlite").chmod(0o444)
    result = run_engarde(open_folder, "status", unprivileged=True)
    assert result.returncode == 0, result.stderr


def test_an_unreadable_database(open_folder):
    config = _campaign(open_folder)
    cli(config)("init")
    (open_folder / "c.sqlite").chmod(0o000)
    line = one_line(run_engarde(open_folder, "status", unprivileged=True))
    assert "c.sqlite: cannot open the database: permission denied" in line, line


def test_postgresql_refusing_the_connection(tmp_path):
    """Nothing listens where the URL says: the URL is named, its password hidden."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # free now, and nothing will listen on it
    config = _campaign(tmp_path, f"postgresql+psycopg://gm:secret@127.0.0.1:{port}/engarde")
    line = refused(config, "status")
    assert f"postgresql+psycopg://gm:***@127.0.0.1:{port}/engarde: cannot connect" in line, line
    assert "secret" not in line


def test_postgresql_that_never_answers_gives_up_after_its_timeout(tmp_path):
    """A server that accepts the connection and says nothing (a firewall, a hung host): engarde
    gives up after the connection timeout (the URL's connect_timeout, else engarde's default)
    instead of waiting for ever."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    accepted: list[socket.socket] = []
    threading.Thread(target=lambda: accepted.append(listener.accept()[0]), daemon=True).start()
    port = listener.getsockname()[1]
    try:
        config = _campaign(tmp_path, f"postgresql+psycopg://gm@127.0.0.1:{port}/engarde?connect_timeout=1")
        line = one_line(run_engarde(tmp_path, "--config", str(config), "status", timeout=60))
    finally:
        listener.close()
        for s in accepted:
            s.close()
    assert f"127.0.0.1:{port}/engarde" in line and "cannot connect" in line, line


def test_postgresql_gets_a_connection_timeout_unless_the_url_gives_one():
    assert store.connect_args("postgresql+psycopg://gm@db.example.org/engarde") == {"connect_timeout": 10}
    assert store.connect_args("postgresql+psycopg://gm@db.example.org/engarde?connect_timeout=3") == {}


@pytest.fixture(scope="module")
def password_postgres():
    """A throwaway PostgreSQL that asks for a password, or a skip with the reason."""
    try:
        import psycopg  # noqa: F401  (only to skip without the postgres extra)
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[postgres]')")
    from postgres import Server, Unavailable  # noqa: PLC0415  (as conftest's postgres_url: only when PostgreSQL is wanted)

    try:
        server = Server(password="the-right-one", port=54331)
    except Unavailable as exc:
        pytest.skip(str(exc))
    try:
        yield server
    finally:
        server.stop()


def test_postgresql_with_a_wrong_password(tmp_path, password_postgres):
    url = password_postgres.url.replace("the-right-one", "a-wrong-one")
    config = _campaign(tmp_path, url)
    line = refused(config, "status")
    assert "cannot connect" in line and "password authentication failed" in line, line
    assert "a-wrong-one" not in line
    good = _campaign(tmp_path, password_postgres.url)
    said = cli(good)("init")
    assert "c: created (postgresql+psycopg://postgres:***@" in said, said  # the right one works, unprinted

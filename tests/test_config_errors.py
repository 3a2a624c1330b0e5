"""A campaigns file engarde cannot use is refused in one line naming the file, the line or the
key, with exit status 2: never a traceback, never a hang."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from engarde.cli import main
from engarde.config import load_one
from helpers import one_line, refused, run_engarde, write_campaign

GOOD = '[campaigns.c]\nname = "Café de Paris"\nfirst_month = "April 1607"\n'


@pytest.fixture
def open_folder():
    """A folder anyone may use (the tests that drop root run there)."""
    folder = Path(tempfile.mkdtemp(prefix="engarde-"))
    folder.chmod(0o777)
    yield folder
    for path in sorted(folder.rglob("*"), reverse=True):
        path.chmod(0o700) if path.is_dir() else None
    os.system(f"rm -rf '{folder}'")  # noqa: S605  (a folder of our own, made just above)


def test_a_campaigns_file_not_in_utf8_names_the_line_and_column(tmp_path):
    """Saved as Latin-1 by an old editor: 'é' is the byte 0xe9, which UTF-8 cannot read."""
    config = tmp_path / "campaigns.toml"
    config.write_bytes(GOOD.encode("latin-1"))
    line = refused(config, "status")
    assert str(config) in line and "line 2, column 12" in line and "UTF-8" in line, line


def test_a_campaigns_file_in_utf16_is_named_as_such(tmp_path):
    """Windows Notepad's "Unicode": UTF-16, which TOML is not."""
    config = tmp_path / "campaigns.toml"
    config.write_bytes(GOOD.encode("utf-16"))
    line = refused(config, "status")
    assert str(config) in line and "UTF-16" in line and "UTF-8" in line, line


def test_a_campaigns_file_with_a_byte_order_mark_is_read(tmp_path):
    """Choice: UTF-8 with a byte-order mark (as some Windows editors save it) is UTF-8."""
    config = tmp_path / "campaigns.toml"
    config.write_bytes(b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    result = run_engarde(tmp_path, "--config", str(config), "tables", "status")
    assert result.returncode == 0, result.stderr


def test_a_folder_in_place_of_the_campaigns_file(tmp_path):
    (tmp_path / "campaigns.toml").mkdir()
    line = refused(tmp_path / "campaigns.toml", "status")
    assert "campaigns.toml: is a folder, not a campaigns file" in line, line


def test_a_missing_campaigns_file_says_where_to_read_how_to_write_one(tmp_path):
    """It does not send the GM to 'engarde init', which needs the file to exist."""
    line = refused(tmp_path / "campaigns.toml", "status")
    assert "campaigns.toml: no such file" in line and "engarde init" not in line, line


def test_an_empty_config_option_is_not_read_as_the_current_folder(tmp_path):
    """`--config ""` (an unset variable in a script) named the folder "."."""
    result = CliRunner().invoke(main, ["--config", "", "status"])
    assert result.exit_code == 2 and result.output.strip() == "engarde: --config: no campaigns file given (an empty name)"


def test_an_unreadable_campaigns_file(open_folder):
    config = write_campaign(open_folder, "c")
    config.chmod(0o000)
    line = one_line(run_engarde(open_folder, "status", unprivileged=True))
    assert "campaigns.toml: cannot be read (permission denied)" in line, line


def test_a_fifo_in_place_of_the_campaigns_file_is_refused_not_waited_on(tmp_path):
    """Opening a FIFO waits for a writer: forever.  It is refused before it is opened."""
    os.mkfifo(tmp_path / "campaigns.toml")
    line = one_line(run_engarde(tmp_path, "status", timeout=60))
    assert "campaigns.toml: not a regular file" in line, line


def test_a_device_in_place_of_the_campaigns_file_is_refused(tmp_path):
    """A link to /dev/zero would be read for ever."""
    (tmp_path / "campaigns.toml").symlink_to("/dev/zero")
    line = one_line(run_engarde(tmp_path, "status", timeout=60))
    assert "campaigns.toml: not a regular file" in line, line


def test_a_huge_campaigns_file_is_refused_unread(tmp_path):
    config = tmp_path / "campaigns.toml"
    config.write_text(GOOD + "# " + "x" * 2_000_000 + "\n")
    line = refused(config, "status")
    assert "campaigns.toml: too large" in line, line


def test_toml_errors_name_the_line_and_the_column(tmp_path):
    config = tmp_path / "campaigns.toml"
    config.write_text(GOOD + 'seed = "unclosed\n')
    line = refused(config, "status")
    assert "campaigns.toml: not valid TOML" in line and "line 4, column" in line, line


@pytest.mark.parametrize("key", ["newsletters", "orders", "templates", "database"])
def test_a_nul_character_in_a_path_is_named(tmp_path, key):
    """TOML may write a NUL as \\u0000; no file name can hold one."""
    config = tmp_path / "campaigns.toml"
    value = "sqlite:///a\\u0000b" if key == "database" else "a\\u0000b"
    config.write_text(GOOD + f'{key} = "{value}"\n')
    line = refused(config, "status")
    assert f"campaigns.c.{key}" in line, line


@pytest.mark.parametrize("url, said", [
    ("mysql://gm@localhost/engarde", "unknown database scheme 'mysql'"),
    ("foo://bar/baz", "unknown database scheme 'foo'"),
    ("not a url", "not a database URL"),
])
def test_a_database_url_of_an_unknown_scheme_is_named(tmp_path, url, said):
    """engarde keeps a campaign in SQLite or PostgreSQL; any other URL is refused when the file
    is read, not when a driver fails to import."""
    config = write_campaign(tmp_path, "c", database=url)
    line = refused(config, "status")
    assert "campaigns.c.database" in line and said in line, line


def test_a_plain_postgresql_url_uses_the_driver_engarde_installs(tmp_path):
    """DESIGN.md's `postgresql://...` works: it is read as postgresql+psycopg (the postgres
    extra), not SQLAlchemy's default psycopg2, which engarde does not install."""
    camp = load_one(write_campaign(tmp_path, "c", database="postgresql://gm:secret@db.example.org/engarde"), "c")
    assert camp.database == "postgresql+psycopg://gm:secret@db.example.org/engarde"

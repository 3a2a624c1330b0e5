"""Where the gazette goes and what it is made with, when they cannot be used: the newsletters
folder, the orders folder and the campaign's templates are refused in one line naming the key,
the file and (for a template) its line, with exit status 2, and nothing half published."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from helpers import one_line, refused, resolved_campaign, run_engarde


@pytest.fixture
def campaign(tmp_path):
    return resolved_campaign(tmp_path, "c", newsletters="news", orders="mail")


def test_a_newsletters_path_that_is_a_file(tmp_path, campaign):
    (tmp_path / "news").write_text("not a folder")
    line = refused(campaign, "gazette", "--no-pdf")
    assert "campaigns.c.newsletters" in line and "is a file, not a folder" in line, line


def test_a_file_in_place_of_the_campaigns_own_newsletters_folder(tmp_path, campaign):
    (tmp_path / "news").mkdir()
    (tmp_path / "news" / "c").write_text("not a folder")
    line = refused(campaign, "gazette", "--no-pdf")
    assert "campaigns.c.newsletters" in line and f"{tmp_path / 'news' / 'c'}" in line, line


def test_a_folder_in_place_of_the_gazette_file(tmp_path, campaign):
    (tmp_path / "news" / "c" / "1607-04.html").mkdir(parents=True)
    line = refused(campaign, "gazette", "--no-pdf")
    assert "1607-04.html" in line and "is a folder" in line, line


def test_a_newsletters_folder_engarde_may_not_write_to():
    """The GM's folder is read-only to the user engarde runs as."""
    folder = Path(tempfile.mkdtemp(prefix="engarde-"))
    try:
        folder.chmod(0o777)
        config = resolved_campaign(folder, "c", newsletters="news")
        for path in folder.rglob("*"):  # the database and the files SQLite and the lock keep beside it
            path.chmod(0o777 if path.is_dir() else 0o666)
        (folder / "news").mkdir(mode=0o555)
        (folder / "news").chmod(0o555)
        line = one_line(run_engarde(folder, "--config", str(config), "gazette", "--no-pdf", unprivileged=True))
        assert "campaigns.c.newsletters" in line and "permission denied" in line, line
    finally:
        (folder / "news").chmod(0o755)
        os.system(f"rm -rf '{folder}'")  # noqa: S605  (the folder made above)


def test_an_orders_folder_that_is_a_file(tmp_path, campaign):
    (tmp_path / "mail").write_text("From nobody\n")
    line = refused(campaign, "orders", "ingest")
    assert "campaigns.c.orders" in line and "is a file, not a folder" in line, line


def test_a_missing_orders_folder_is_named_by_its_key(tmp_path, campaign):
    line = refused(campaign, "orders", "ingest")
    assert "campaigns.c.orders" in line and "no such folder" in line, line


def _templates(config: Path, folder: str = "own") -> Path:
    """The campaign's ``templates`` key set once the campaign is made (creating a character
    renders his welcome text through the campaign's templates)."""
    config.write_text(config.read_text() + f'templates = "{folder}"\n')
    return config


def test_a_templates_folder_that_is_a_file(tmp_path):
    config = _templates(resolved_campaign(tmp_path, "c"))
    (tmp_path / "own").write_text("not a folder")
    line = refused(config, "gazette", "--no-pdf")
    assert "campaigns.c.templates" in line and "is a file, not a folder" in line, line


def test_a_missing_templates_folder(tmp_path):
    """A templates folder named but not there: the GM's own templates would be silently unused."""
    config = _templates(resolved_campaign(tmp_path, "c"))
    line = refused(config, "gazette", "--no-pdf")
    assert "campaigns.c.templates" in line and "no such folder" in line, line


def _with_template(tmp_path: Path, name: str, text: str | bytes) -> Path:
    config = _templates(resolved_campaign(tmp_path, "c", newsletters="news"))
    path = tmp_path / "own" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return config


def test_a_template_with_a_syntax_error_is_named_with_its_line(tmp_path):
    config = _with_template(tmp_path, "gazette.html.j2",
                            '{% extends "base.html.j2" %}\n{% block body %}\n{% if precedence %}\n<p>x</p>\n'
                            "{% endblock %}\n")
    line = refused(config, "gazette", "--no-pdf")
    assert "own/gazette.html.j2, line 5:" in line, line


def test_a_template_calling_an_undefined_macro(tmp_path):
    config = _with_template(tmp_path, "gazette.html.j2",
                            '{% extends "base.html.j2" %}\n{% block body %}\n\n{{ nosuch.line(1) }}\n'
                            "{% endblock %}\n")
    line = refused(config, "gazette", "--no-pdf")
    assert "own/gazette.html.j2, line 4:" in line and "'nosuch' is undefined" in line, line


def test_a_template_that_raises(tmp_path):
    config = _with_template(tmp_path, "report.html.j2",
                            '{% extends "base.html.j2" %}\n{% block body %}\n{{ character.name / 2 }}\n'
                            "{% endblock %}\n")
    line = refused(config, "gazette", "--no-pdf")
    assert "own/report.html.j2, line 3:" in line and "unsupported operand" in line, line


def test_a_template_extending_one_that_does_not_exist(tmp_path):
    config = _with_template(tmp_path, "report.html.j2", '\n{% extends "nosuch.html.j2" %}\n')
    line = refused(config, "gazette", "--no-pdf")
    assert "own/report.html.j2, line 2:" in line and "nosuch.html.j2" in line, line


def test_a_template_not_in_utf8(tmp_path):
    config = _with_template(tmp_path, "gazette.html.j2", "<p>Caf\u00e9</p>\n".encode("latin-1"))
    line = refused(config, "gazette", "--no-pdf")
    assert "own/gazette.html.j2" in line and "UTF-8" in line, line


def test_a_modules_template_overridden_with_a_mistake(tmp_path):
    """A GM's own duel/events.html.j2 whose macro is broken."""
    config = _with_template(tmp_path, "status/events.html.j2",
                            "{% macro news(ev, i=0) %}{% endmacro %}\n{% macro line(ev, me) %}\n"
                            "{{ ev.data.nosuch.deeper }}\n{% endmacro %}\n")
    line = refused(config, "gazette", "--no-pdf")
    assert "own/status/events.html.j2, line 3:" in line, line


def test_a_broken_report_template_writes_no_file_at_all(tmp_path):
    """Everything is rendered before anything is written: the gazette is not published without
    its reports, nor the reports of some men without the others'."""
    config = _with_template(tmp_path, "report.html.j2", "{{ character.name / 2 }}\n")
    refused(config, "gazette", "--no-pdf")
    assert not (tmp_path / "news").exists() or list((tmp_path / "news").rglob("*.html")) == []


@pytest.mark.parametrize("target", ["campaigns.toml", "c.sqlite", "c.sqlite-wal"])
def test_a_backup_is_never_written_over_the_campaigns_file_or_its_database(tmp_path, target):
    """`engarde backup campaigns.toml` (a slip of the GM's fingers) wrote the zip over the
    campaigns file, and `backup c.sqlite` over the database it was backing up."""
    config = resolved_campaign(tmp_path, "c", database="sqlite:///c.sqlite")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    line = refused(config, "backup", str(tmp_path / target))
    assert target in line and ("campaigns file" in line or "database" in line), line
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file() and p.name in before} == before


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_a_backup_to_or_from_a_fifo_or_a_device_is_refused_unopened(tmp_path, command):
    """`engarde restore /dev/zero` read for ever; a FIFO waits for a writer for ever; `backup
    /dev/null` would have put a zip in place of the device."""
    config = resolved_campaign(tmp_path, "c")
    os.mkfifo(tmp_path / "a-fifo")
    for target in (str(tmp_path / "a-fifo"), "/dev/zero" if command == "restore" else str(tmp_path / "a-fifo")):
        line = one_line(run_engarde(tmp_path, "--config", str(config), command, target, timeout=60))
        assert target in line and "not a regular file" in line, line

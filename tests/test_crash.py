"""An error engarde did not expect (a bug) reaches the GM as one line naming a details file,
with exit status 70, never as a traceback on his terminal; the file holds the traceback and no
password given on the command line."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from engarde import crash
from engarde import registry as registry_module
from engarde.cli import main
from engarde.modules import RuleModule


@click.command("explode")
@click.option("--password", default=None)
def explode(password: str | None) -> None:
    """A command with a bug in it."""
    raise ZeroDivisionError("a bug in a module")


@pytest.fixture
def buggy_module():
    module = RuleModule(name="buggy", title="A module with a bug", house=True, commands=(explode,))
    registry_module.register(module)
    yield module
    registry_module.unregister("buggy")


def test_a_bug_is_one_line_and_a_details_file(tmp_path, monkeypatch, buggy_module):
    """The GM reads what happened and where the details are; the file has the traceback, is his
    alone to read, and withholds the password he typed."""
    monkeypatch.delenv(crash.SHOW_TRACEBACK, raising=False)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", None)  # tempfile reads TMPDIR again
    result = CliRunner().invoke(main, ["explode", "--password", "sack-and-sherry"], catch_exceptions=False)
    assert result.exit_code == crash.EXIT_STATUS
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "ZeroDivisionError: a bug in a module" in lines[0], result.output
    assert "Traceback" not in result.output
    [report] = tmp_path.glob("engarde-error-*.txt")
    assert str(report) in lines[0]
    text = report.read_text()
    assert "Traceback" in text and "raise ZeroDivisionError" in text
    assert "sack-and-sherry" not in text and "--password [withheld]" in text
    assert report.stat().st_mode & 0o777 == 0o600


def test_a_developer_may_ask_for_the_traceback(monkeypatch, buggy_module):
    """ENGARDE_TRACEBACK=1 lets the error through, as it was raised."""
    monkeypatch.setenv(crash.SHOW_TRACEBACK, "1")
    with pytest.raises(ZeroDivisionError):
        CliRunner().invoke(main, ["explode"], catch_exceptions=False)


def test_clicks_own_endings_are_not_caught():
    """--help, a usage error and an unknown command keep click's exit statuses (0 and 2)."""
    runner = CliRunner()
    assert runner.invoke(main, ["--help"]).exit_code == 0
    assert runner.invoke(main, ["no-such-command"]).exit_code == 2

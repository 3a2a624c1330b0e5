"""The CLI at a terminal (issue 13): its tables drawn by rich and a progress bar for long work,
only when standard output is a terminal (a real pseudo-terminal here); piped, the same commands
print the plain lines they always have, and --json is JSON either way.  rich is never imported
by `engarde --help` nor by a command whose output is not a terminal."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
from datetime import datetime, timezone
from pathlib import Path

import pytest

from engarde.demo import run_demo
from helpers import demo_copy

ROOT = Path(__file__).parent.parent
BOX = "\u2503"  # rich's heavy vertical line, in its tables' header row
ARRIVED = datetime(2026, 1, 10, 12, 0, tzinfo=timezone.utc).timestamp()


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demo")
    camp = demo_copy(folder)
    for sheet in (folder / "orders" / "demo").iterdir():
        os.utime(sheet, (ARRIVED, ARRIVED))
    run_demo(camp, pdf=False, echo=lambda line: None)
    return folder


def environment(**more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("ENGARDE_PLAIN", "COLUMNS", "LINES")}
    return {**env, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "NO_COLOR": "1", **more}


def at_terminal(folder: Path, *args: str, **env: str) -> str:
    """engarde's output with a pseudo-terminal (160 columns) as its standard output."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 160, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "engarde", *args], cwd=folder, stdin=slave, stdout=slave,
                               stderr=slave, env=environment(**env), close_fds=True)
    os.close(slave)
    out = b""
    try:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child has closed its end
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(master)
        process.wait(timeout=120)
    return out.decode("utf-8", "replace").replace("\r\n", "\n")


def piped(folder: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "engarde", *args], cwd=folder, capture_output=True, text=True,
                          env=environment(), timeout=120)
    return done.stdout


def test_character_list_is_a_table_at_a_terminal_and_plain_lines_piped(demo):
    table = at_terminal(demo, "character", "list")
    assert BOX in table and "crowns" in table and "club" in table
    plain = piped(demo, "character", "list")
    assert BOX not in plain and "crowns" not in plain.split("\n")[0]  # no header: one line a character
    lines = plain.splitlines()
    assert len(lines) == 7 and all(" cr  " in line for line in lines)
    for name in ("Porthos", "Athos", "Rodney Bergerac"):
        assert name in table and any(name in line for line in lines)


def test_status_and_orders_list_at_a_terminal(demo):
    status = at_terminal(demo, "status")
    assert "Next month to resolve" in status and "May 1607" in status and "Orders missing from" in status
    assert "\u2502" in status or BOX in status or "\u2500" in status  # drawn, not printed as lines
    assert piped(demo, "status").splitlines()[1] == "Next month to resolve: May 1607"
    listing = at_terminal(demo, "orders", "list", "--month", "April 1607")
    assert BOX in listing and "sender" in listing and "Porthos" in listing
    assert piped(demo, "orders", "list", "--month", "April 1607").startswith("#")


def test_json_is_json_at_a_terminal(demo):
    out = at_terminal(demo, "status", "--json")
    assert json.loads(out)["month"] == "May 1607"


def test_a_progress_bar_at_a_terminal_only(demo):
    out = at_terminal(demo, "gazette", "--no-pdf", "April 1607")
    assert "Writing the gazette and the reports" in out and "wrote " in out
    plain = piped(demo, "gazette", "--no-pdf", "April 1607")
    assert "Writing the gazette" not in plain and "\x1b" not in plain
    assert all(line.startswith("wrote ") for line in plain.splitlines())


def test_engarde_plain_keeps_plain_lines_at_a_terminal(demo):
    out = at_terminal(demo, "character", "list", ENGARDE_PLAIN="1")
    assert BOX not in out and len([line for line in out.splitlines() if " cr  " in line]) == 7


def test_rich_is_not_imported_for_help_nor_for_output_that_is_not_a_terminal(demo):
    code = ("import sys\nfrom click.testing import CliRunner\nfrom engarde.cli import main\n"
            "assert CliRunner().invoke(main, ['--help']).exit_code == 0\n"
            f"r = CliRunner().invoke(main, ['--config', {str(demo / 'campaigns.toml')!r}, 'character', 'list'])\n"
            "assert r.exit_code == 0, r.output\n"
            "print(sorted(m for m in sys.modules if m == 'rich' or m.startswith('rich.')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=environment(),
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"

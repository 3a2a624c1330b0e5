"""The CLI imports a command only when it runs (issue: `engarde --help` and `engarde orders check
FILE` start without the database layer, the rules or WeasyPrint).  Its index of commands
(engarde/commands/__init__.py) must say what the commands themselves say; these tests hold it to
them, and check in a fresh interpreter what the two quick commands import.  (How fast they start
is the benchmark's to print, not a test's to time.)"""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from engarde import commands as index
from engarde.cli import main, orders
from engarde.house import HOUSE_MODULES
from engarde.rules import CORE_MODULES
from helpers import resolved_campaign, run_engarde

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("sqlalchemy", "sqlmodel", "jinja2", "weasyprint", "engarde.store", "engarde.ops", "engarde.registry")


def _short(command: click.Command) -> str:
    return command.get_short_help_str(limit=10_000)


@pytest.mark.parametrize("group, entries", [(main, index.COMMANDS), (orders, index.ORDERS)],
                         ids=["engarde", "engarde orders"])
def test_every_indexed_command_is_where_the_index_says_with_its_own_help(group, entries):
    for name, (at, help_text) in entries.items():
        command = pkgutil.resolve_name(at)
        assert isinstance(command, click.Command), (name, at)
        assert command.name == name, f"index: {name!r} is at {at}, which is the command {command.name!r}"
        assert _short(command) == help_text, (
            f"engarde/commands/__init__.py: the help of {name!r} should read {_short(command)!r}")


def test_every_modules_command_is_in_the_index_and_is_the_modules_own():
    for module in (*CORE_MODULES, *HOUSE_MODULES):
        for name in module.command_names():
            assert name in index.COMMANDS, f"engarde/commands/__init__.py: add {name!r} (the {module.name} module's)"
            assert pkgutil.resolve_name(index.COMMANDS[name][0]) is module.command(name), name


def test_no_command_of_the_core_is_missing_from_the_index():
    # The core's commands are only reached through the index: every module of engarde/commands
    # holding a click command must have each of its top-level commands indexed.
    indexed = {at for at, _ in (*index.COMMANDS.values(), *index.ORDERS.values())}
    for path in sorted((ROOT / "engarde" / "commands").glob("*.py")):
        if path.stem == "__init__":
            continue
        module = pkgutil.resolve_name(f"engarde.commands.{path.stem}")
        subcommands = {id(c) for v in vars(module).values() if isinstance(v, click.Group) for c in v.commands.values()}
        for attr, value in vars(module).items():
            if isinstance(value, click.Command) and value.__module__ == module.__name__ \
                    and id(value) not in subcommands and not attr.startswith("_"):
                assert f"engarde.commands.{path.stem}:{attr}" in indexed, f"{path.name}: {attr} is in no index"


@pytest.mark.parametrize("group", [main, orders], ids=["engarde", "engarde orders"])
def test_the_help_lists_the_commands_as_click_would_with_each_imported(group):
    ctx = click.Context(group, info_name=group.name)
    lazy, eager = click.HelpFormatter(width=100), click.HelpFormatter(width=100)
    group.format_commands(ctx, lazy)
    click.Group.format_commands(group, ctx, eager)  # click's own: imports every command for its help
    assert lazy.getvalue() == eager.getvalue()
    assert "check" in lazy.getvalue() or group is main


def _imports_after(args: list[str], cwd: Path) -> set[str]:
    """The modules of HEAVY a fresh interpreter has imported after running ``engarde ARGS``."""
    probe = ("import json, runpy, sys\n"
             f"sys.argv = ['engarde', *{args!r}]\n"
             "try:\n    runpy.run_module('engarde.cli', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             f"print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_help_imports_neither_the_database_layer_nor_the_rules(tmp_path):
    assert _imports_after(["--help"], tmp_path) == set()
    assert _imports_after(["orders", "--help"], tmp_path) == set()


def test_checking_a_sheet_without_a_campaign_imports_no_database_layer(tmp_path):
    sheet = ROOT / "orders" / "demo" / "porthos.eml"
    assert _imports_after(["orders", "check", str(sheet)], tmp_path) == {"engarde.registry"}  # its grammar


def test_checking_a_sheet_in_a_campaigns_folder_imports_no_database_layer(tmp_path):
    """In the campaign's folder the check reads its names from the SQLite file with the standard
    library (engarde.sqlite_names), and still names a character the campaign lacks."""
    resolved_campaign(tmp_path)
    sheet = tmp_path / "rochefort.txt"
    sheet.write_text("Character: Athos\nPassword: x\nWeek 1: Court Ninon\n")
    assert _imports_after(["orders", "check", str(sheet)], tmp_path) == {"engarde.registry"}
    done = run_engarde(tmp_path, "orders", "check", str(sheet))
    assert done.returncode == 1 and "Ninon" in done.stdout, done.stdout + done.stderr

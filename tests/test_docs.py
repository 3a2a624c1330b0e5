"""The documents a GM relies on are checked against the code."""

import ast
import re
import tomllib
from pathlib import Path

import click
from click.testing import CliRunner

from engarde.cli import main
from engarde.registry import Registry

ROOT = Path(__file__).parent.parent
COVERAGE = ROOT / "docs" / "rules-coverage.md"
README = ROOT / "README.md"


def functions_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def test_every_test_named_in_the_coverage_file_exists():
    text = COVERAGE.read_text()
    named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", text)
    assert len(named) > 50
    missing = []
    for file, name in named:
        path = ROOT / file
        if not path.exists() or name not in functions_in(path):
            missing.append(f"{file}::{name}")
    assert not missing, f"named in docs/rules-coverage.md but not found: {missing}"


def test_every_module_named_in_the_coverage_file_exists():
    for module in set(re.findall(r"`(engarde/[\w/]+\.py)`", COVERAGE.read_text())):
        assert (ROOT / module).exists(), module


def test_every_rules_section_is_in_the_coverage_file():
    rules = (ROOT.parent / "shared" / "rules" / "en-garde-rules.txt")
    text = COVERAGE.read_text()
    sections = ["a. Characters and Character Creation", "b. Time Sequence and Social Status", "c. Clubs",
                "d. Female Companionship and Loans", "e. Duelling", "f. Influence", "g. MA and Regiments",
                "h. Campaign and Volunteers", "i. Campaign Outcome"]
    if rules.exists():
        for s in sections:
            assert s in rules.read_text()
    for s in sections:
        assert f"## {s}" in text


def test_readme_names_the_two_commands_and_ci_runs_the_second():
    readme = README.read_text()
    assert "python3 scripts/dev.py demo" in readme
    assert "python3 scripts/dev.py test" in readme
    assert "python3 scripts/dev.py test" in (ROOT / ".ci" / "run").read_text()


def test_readme_tours_every_cli_command():
    readme = README.read_text()
    runner = CliRunner()

    def walk(group, prefix):  # the core's commands and every module's, as ``engarde --help`` lists them
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            cmd = group.get_command(ctx, name)
            if hasattr(cmd, "commands"):
                yield from walk(cmd, prefix + [name])
            else:
                yield prefix + [name]

    for path in walk(main, []):
        assert "engarde " + " ".join(path) in readme, path
        assert runner.invoke(main, [*path, "--help"]).exit_code == 0


def test_the_readme_table_overrides_are_accepted():
    """The TOML examples of "Configuring a campaign" are what campaigns.toml accepts."""
    blocks = re.findall(r"```toml\n(.*?)```", README.read_text(), re.S)
    assert blocks
    for block in blocks:
        tables = tomllib.loads(block)["campaigns"]["demo"]["tables"]
        built = Registry.build((), tables=tables).tables
        for module, values in tables.items():
            assert getattr(built, module) != type(getattr(built, module))(), module

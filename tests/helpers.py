"""Shared test helpers: a throwaway campaign file and the CLI run against it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner

from engarde import ops
from engarde.cli import main
from engarde.config import Campaign, load_one
from engarde.registry import Registry
from engarde.rules.creation.rules import given_character
from engarde.rules.mistresses.commands import add_mistress
from engarde.tables import Tables


def write_campaign(folder: Path, campaign_id: str = "test", **keys: str) -> Path:
    """A campaigns.toml in ``folder`` with one campaign; ``keys`` are its TOML values (strings)."""
    values = {"name": "Test", "first_month": "April 1607", "seed": campaign_id, **keys}
    body = "".join(f'{key} = "{value}"\n' for key, value in values.items())
    path = folder / "campaigns.toml"
    path.write_text(f"[campaigns.{campaign_id}]\n{body}")
    return path


def cli(config: Path) -> Callable[..., str]:
    """``run(*args, code=0)``: the engarde command on ``config``, asserting its exit status."""
    runner = CliRunner()

    def run(*args: str, code: int = 0) -> str:
        result = runner.invoke(main, ["--config", str(config), *args], catch_exceptions=False)
        assert result.exit_code == code, result.output
        return result.output

    return run


def tables(overrides: dict | None = None, **settings: object) -> Tables:
    """The core's tables with a campaign's ``[tables.MODULE]`` overrides and ``[rules]`` settings,
    checked as campaigns.toml's would be."""
    return Registry.build((), tables=overrides, settings=settings).tables


def rules_registry(overrides: dict | None = None, **settings: object) -> Registry:
    """The core's modules with a campaign's table overrides and ``[rules]`` settings (for resolve_month)."""
    return Registry.build((), tables=overrides, settings=settings)


def refused(config: Path, *args: str, code: int = 2) -> str:
    """The engarde command on ``config`` refusing: exit status ``code`` and one line
    ``engarde: ...``, never a traceback.  Returns that line."""
    result = CliRunner().invoke(main, ["--config", str(config), *args])
    assert isinstance(result.exception, SystemExit), (result.output, result.exception)
    assert result.exit_code == code, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("engarde: "), result.output
    return lines[0]


def run_engarde(folder: Path, *args: str, timeout: float = 60, unprivileged: bool = False,
                ) -> subprocess.CompletedProcess:
    """engarde in a real process (a hang shows as a timeout), from ``folder``; ``unprivileged``
    runs it as 'nobody' when the tests run as root (root reads and writes any file)."""
    prefix: list[str] = []
    if unprivileged and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root and setpriv (util-linux) is not installed to drop root")
        prefix = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent), "HOME": str(folder)}
    return subprocess.run([*prefix, sys.executable, "-m", "engarde.cli", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=timeout)


def one_line(result: subprocess.CompletedProcess, code: int = 2) -> str:
    """A real engarde process's refusal: exit status ``code`` and one line ``engarde: ...``."""
    output = (result.stdout + result.stderr).strip()
    assert "Traceback" not in output, output
    assert result.returncode == code, output
    assert len(output.splitlines()) == 1 and output.startswith("engarde: "), output
    return output


def resolved_campaign(folder: Path, campaign_id: str = "test", **keys: str) -> Path:
    """A campaign (``keys`` as for write_campaign) with Athos and Porthos and April 1607 resolved."""
    config = write_campaign(folder, campaign_id, **keys)
    run = cli(config)
    run("init")
    for name in ("Athos", "Porthos"):
        run("character", "create", name, "--given", "--sl", "6", "--crowns", "100", "--strength", "12",
            "--constitution", "12", "--expertise", "10", "--ma", "3")
    run("turn", "run", "--force")
    return config


def named_in_orders(campaign: Campaign, characters: tuple[str, ...] = (), mistresses: tuple[str, ...] = ()) -> None:
    """Add to ``campaign`` the characters and mistresses (numbered 1, 2, ... in this order) that
    the order sheets of a test name but that play no part in it: a sheet's names are read
    against the campaign (issue 11), so a name no one has is an error."""
    for name in characters:
        ops.add_character(campaign, given_character(Tables(), name, social_level=6, crowns=100, strength=10,
                                                    constitution=10, expertise=10, military_ability=3),
                          password=f"{name.lower()}-secret")
    for name in mistresses:
        add_mistress(campaign, name, 10)


def assert_golden(path: Path, got: str) -> None:
    """``got`` is the golden file ``path`` (tests/golden/...); with ENGARDE_UPDATE_GOLDEN=1 it is
    written there first, for the diff to be read before it is committed."""
    if os.environ.get("ENGARDE_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert path.exists(), f"{path} is missing; run with ENGARDE_UPDATE_GOLDEN=1 to create it"
    assert got == path.read_text(encoding="utf-8"), (
        f"{path} differs from what was rendered; if that is meant, rerun with ENGARDE_UPDATE_GOLDEN=1 and "
        "review the diff")


def demo_copy(folder: Path) -> Campaign:
    """The repository's demo campaign (campaigns.toml and its sample mail, orders/demo) copied into
    ``folder``, not yet played."""
    root = Path(__file__).parent.parent
    shutil.copy(root / "campaigns.toml", folder / "campaigns.toml")
    shutil.copytree(root / "orders" / "demo", folder / "orders" / "demo")
    return load_one(folder / "campaigns.toml", "demo")

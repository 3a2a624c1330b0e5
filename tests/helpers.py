"""Shared test helpers: a throwaway campaign file and the CLI run against it."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from click.testing import CliRunner

from engarde.cli import main


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

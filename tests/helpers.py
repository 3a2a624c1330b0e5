"""Shared test helpers: a throwaway campaign file and the CLI run against it."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from click.testing import CliRunner

from engarde import ops
from engarde.cli import main
from engarde.config import Campaign
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

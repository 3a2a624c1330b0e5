"""d. Mistresses for the GM: roll them at the campaign's start, list, rename, add."""

from __future__ import annotations

from dataclasses import asdict

import click

from ... import lock, queries, store, terminal
from ...clikit import Context, echo_json, pass_ctx
from ...config import Campaign
from ...dice import Roll, SeededDice
from ...errors import CampaignError
from ...tables import Tables
from ...world import World
from . import rules
from .state import Mistress


def roll_mistresses(campaign: Campaign, tables: Tables,
                    seed: str | None = None) -> tuple[list[Mistress], list[Roll]]:
    """d. Mistresses at campaign start: "as many mistresses rolled for as there are players",
    SL on 3d6, Beauty / Influence / Wealth each on a 1-2, named from a list of period names
    (the campaign's ``tables``).

    Seeded (default: the campaign seed + ":mistresses") and returned with every roll and its
    reason.  Refused once the campaign has mistresses (add more with ``add_mistress``).
    """
    with lock.writing(campaign, "mistress-roll") as s:
        camp, world = queries.load_world(s, campaign)
        if world.mistresses:
            raise CampaignError(f"{campaign.id} already has {len(world.mistresses)} mistresses: "
                                "add more with 'engarde mistress add'")
        count = len(queries.characters(s, campaign.id))
        if not count:
            raise CampaignError("the campaign has no characters yet: one mistress is rolled for each")
        dice = SeededDice(seed or f"{campaign.seed}:mistresses")
        world.mistresses = rules.roll_mistresses(tables.mistresses, dice, count)
        queries.save_world(s, camp, world)
        return list(world.mistresses), list(dice.log)


def list_mistresses(campaign: Campaign) -> list[Mistress]:
    with store.reading(campaign.database) as s:
        return sorted(queries.load_world(s, campaign)[1].mistresses, key=lambda m: m.number)


def _check_mistress_name(world: World, name: str, number: int | None = None) -> str:
    name = " ".join(name.split())
    if not name:
        raise CampaignError("a mistress needs a name")
    if name.isdigit() or name.casefold().startswith(("number", "no.")):
        raise CampaignError(f"{name!r} would read as a number in orders: choose a name")
    for m in world.mistresses:
        if m.number != number and m.name.casefold() == name.casefold():
            raise CampaignError(f"mistress {m.number} is already called {m.name!r}")
    return name


def rename_mistress(campaign: Campaign, number: int, name: str) -> Mistress:
    """Give mistress ``number`` a new name.  Refused while a character keeps her (his
    sheet carries her name by ledger)."""
    with lock.writing(campaign, "mistress-rename") as s:
        camp, world = queries.load_world(s, campaign)
        m = next((x for x in world.mistresses if x.number == number), None)
        if m is None:
            raise CampaignError(f"no mistress number {number} (see 'engarde mistress list')")
        if m.lover:
            raise CampaignError(f"{m.name} is kept by {m.lover}, whose sheet names her: rename her when she is free")
        m.name = _check_mistress_name(world, name, number)
        queries.save_world(s, camp, world)
        return m


def add_mistress(campaign: Campaign, name: str, social_level: int, beautiful: bool = False,
                 influential: bool = False, wealthy: bool = False) -> Mistress:
    """A GM's own mistress, numbered after the others."""
    if social_level < 1:
        raise CampaignError("a mistress's Social Level is 1 or more (rolled ones are 3 to 18)")
    with lock.writing(campaign, "mistress-add") as s:
        camp, world = queries.load_world(s, campaign)
        m = Mistress(world.next_mistress_number(), _check_mistress_name(world, name), social_level,
                     beautiful=beautiful, influential=influential, wealthy=wealthy)
        world.mistresses.append(m)
        queries.save_world(s, camp, world)
        return m


def _mistress_line(m) -> str:
    attrs = ", ".join(m.attributes()) or "-"
    kept = f"kept by {m.lover}" if m.lover else "free"
    return f"{m.number:>3}  {m.name:<16} SL {m.social_level:>2}  {attrs:<30} {kept}"


@click.group()
def mistress() -> None:
    """The campaign's mistresses: roll them at the start, list, rename, add."""


@mistress.command("roll")
@click.option("--seed", default=None, help="Dice seed (default: from the campaign seed).")
@pass_ctx
def mistress_roll(c: Context, seed: str | None) -> None:
    """Roll the mistresses at campaign start: one for each character.

    Social Level on three dice; Beauty, Influence and Wealth each on a 1 or 2;
    named from a list of period names (rename them with 'mistress rename').
    Every die is printed with its reason.

    \b
    Example:
      engarde mistress roll
    """
    camp = c.campaign()
    rolled, rolls = roll_mistresses(camp, c.tables(camp), seed)
    for r in rolls:
        click.echo(f"  rolled {'+'.join(map(str, r.values))}: {r.reason}")
    for m in rolled:
        click.echo(_mistress_line(m))


@mistress.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def mistress_list(c: Context, as_json: bool) -> None:
    """List the mistresses: number, name, Social Level, attributes, lover.

    \b
    Example:
      engarde mistress list
    """
    found = list_mistresses(c.campaign())
    if as_json:
        echo_json([asdict(m) for m in found])
        return
    if not found:
        click.echo("No mistresses yet: roll them with 'engarde mistress roll'.")
        return
    terminal.table(("#", "name", "SL", "beautiful, influential, wealthy", "lover"),
                   [(m.number, m.name, m.social_level, ", ".join(m.attributes()) or "-",
                     f"kept by {m.lover}" if m.lover else "free") for m in found],
                   [_mistress_line(m) for m in found], right=("#", "SL"))


@mistress.command("rename")
@click.argument("number", type=int)
@click.argument("name")
@pass_ctx
def mistress_rename(c: Context, number: int, name: str) -> None:
    """Rename mistress NUMBER (not while a character keeps her).

    \b
    Example:
      engarde mistress rename 4 Roxanne
    """
    m = rename_mistress(c.campaign(), number, name)
    click.echo(_mistress_line(m))


@mistress.command("add")
@click.argument("name")
@click.option("--sl", "--social-level", "social_level", type=int, required=True, help="Her Social Level.")
@click.option("--beautiful", is_flag=True, help="Exceptionally beautiful (+1 status point to her lover).")
@click.option("--influential", is_flag=True, help="Influential (more favours, Influence Table C).")
@click.option("--wealthy", is_flag=True, help="Wealthy (needs no support; may give gifts).")
@pass_ctx
def mistress_add(c: Context, name: str, social_level: int, beautiful: bool, influential: bool,
                 wealthy: bool) -> None:
    """Add a mistress of the GM's own, numbered after the others.

    \b
    Example:
      engarde mistress add "Milady de Winter" --sl 14 --beautiful --influential
    """
    m = add_mistress(c.campaign(), name, social_level, beautiful, influential, wealthy)
    click.echo(_mistress_line(m))


COMMANDS = (mistress,)

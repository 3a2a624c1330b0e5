"""g. Regiments for the GM: a regiment's roster, and a player colonel's answer to an application."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import click

from ... import queries, store, terminal
from ...calendar import GameMonth
from ...clikit import Context, echo_json, pass_ctx
from ...config import Campaign
from ...errors import CampaignError
from ...tables import Tables
from ...world import World
from .. import answers, decisions
from . import rules


@dataclass
class RegimentView:
    """One regiment for the GM: its table facts and, once organised, its roster."""

    name: str
    brigade: str | None
    cavalry: bool
    weapon: str
    organised: bool
    roster: list[dict[str, Any]] = field(default_factory=list)
    brigade_major: str | None = None
    pending: list[dict[str, Any]] = field(default_factory=list)


def regiments(campaign: Campaign, tables: Tables, name: str | None = None) -> list[RegimentView]:
    """Every regiment of Regimental Table A (or the one called ``name``), with its roster."""
    book = tables.regiments
    if name is not None:
        info = book.regiment(name)
        if info is None:
            raise CampaignError(f"no regiment called {name!r} (see 'engarde regiment list')")
        infos = [info]
    else:
        infos = list(book.regiments)
    with store.reading(campaign.database) as s:
        _, world = queries.load_world(s, campaign)
        chars = queries.sheets_now(s, campaign.id)
    views = []
    for info in infos:
        reg = world.regiment(info.name)
        record = world.brigade(info.brigade) if info.brigade else None
        views.append(RegimentView(
            info.name, info.brigade, info.cavalry, info.weapon, reg is not None,
            rules.roster(book, world, info.name, chars),
            record.brigade_major if record and record.brigade_major_regiment == info.name else None,
            list(reg.pending) if reg else [],
        ))
    return views


def decide_application(campaign: Campaign, tables: Tables, regiment: str, applicant: str,
                       accept: bool) -> dict[str, Any]:
    """Record a player colonel's answer to an application waiting for him ("If the
    Regiment is commanded by a player, no roll is required: the Commander decides who
    is accepted").  The answer is kept with the application in the campaign's world
    and carried out at the start of the next month resolved
    (``engarde.rules.regiments.rules.settle_decisions``), through the ledger like every
    other change, so the audit stays exact and undoing that month restores it.
    Returns the application as recorded."""
    info = tables.regiments.regiment(regiment)
    if info is None:
        raise CampaignError(f"no regiment called {regiment!r} (see 'engarde regiment list')")

    def queue(world: World) -> list[dict[str, Any]]:
        reg = world.regiment(info.name)
        return reg.pending if reg is not None else []

    entry = answers.record_answer(campaign, queue, applicant, accept,
                                    f"no application from {applicant!r} waits for the {info.name}'s commander")
    return dict(entry, regiment=info.name)


def pending(world: World) -> list[dict[str, Any]]:
    """Applications to a regiment a player commands, waiting for his answer."""
    return [decisions.request("regiment", p, f"joins the {reg.name} as {p['rank']}", p.get("colonel"),
                              f'engarde regiment decide "{reg.name}" "{p["character"]}" --accept|--refuse')
            for reg in sorted(world.regiments, key=lambda r: r.name) for p in reg.pending]


@click.command()
@click.argument("name", default="list")
@click.argument("more", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the roster as JSON.")
@click.option("--accept/--refuse", "accept", default=None,
              help="With 'decide': the player colonel's answer to the application.")
@pass_ctx
def regiment(c: Context, name: str, more: tuple[str, ...], as_json: bool, accept: bool | None) -> None:
    """Show a regiment's roster: its ten officers above Subaltern, by rank and
    seniority (vacancies at the bottom of their rank), who commands what (acting or
    not), the Colonel's MA, and the characters serving below Captain.  NAME "list"
    lists every regiment.

    "engarde regiment decide REGIMENT APPLICANT --accept|--refuse" records a player
    colonel's answer to an application waiting for him (a player-commanded regiment
    decides without a roll); it is carried out, through the ledger, at the start of
    the next month resolved.

    \b
    Examples:
      engarde regiment list
      engarde regiment "Dragoon Guards"
      engarde regiment "King's Musketeers" --json
      engarde regiment decide "Dragoon Guards" "D'Artagnan" --accept
    """
    camp = c.campaign()
    if name.lower() == "decide":
        if len(more) != 2 or accept is None:
            raise click.UsageError("usage: engarde regiment decide REGIMENT APPLICANT --accept|--refuse")
        p = decide_application(camp, c.tables(camp), more[0], more[1], accept)
        click.echo(f"{p['character']}'s application to the {p['regiment']} as {p['rank']}: "
                   f"{'accepted' if accept else 'refused'} by its commander; carried out at the start of "
                   f"{GameMonth.parse(p['decided_for'])}")
        return
    if more or accept is not None:
        raise click.UsageError("extra arguments are only for 'engarde regiment decide REGIMENT APPLICANT'")
    views = regiments(camp, c.tables(camp), None if name.lower() == "list" else name)
    if as_json:
        echo_json([asdict(v) for v in views])
        return
    if name.lower() == "list":
        plain, rows = [], []
        for v in views:
            players = [r["name"] for r in v.roster if r["player"]]
            arm, organised = "cavalry" if v.cavalry else "foot", "organised" if v.organised else "not yet organised"
            plain.append(f"{v.name:<34} {v.brigade or '-':<22} {arm:<8}{v.weapon:<8} {organised}"
                         + (f"; {', '.join(players)}" if players else ""))
            rows.append((v.name, v.brigade or "-", arm, v.weapon, organised, ", ".join(players)))
        terminal.table(("regiment", "brigade", "arm", "weapon", "", "players serving"), rows, plain)
        return
    v = views[0]
    click.echo(f"{v.name} ({v.brigade or 'no brigade'}; {'cavalry' if v.cavalry else 'foot'}; {v.weapon})")
    if not v.organised:
        click.echo("  Not yet organised: its officers and Colonel's MA are rolled when first needed.")
        return
    plain, rows = [], []
    for row in v.roster:
        who = row["name"] or "vacant"
        if row["player"]:
            who += " (player)"
        extra = [x for x in (row["command"], row["detached"]) if x]
        ma = f" (MA {row['ma']})" if row["ma"] is not None else ""
        plain.append(f"  {row['rank']:<19} {who:<28}{' - ' + ', '.join(extra) if extra else ''}{ma}")
        rows.append((row["rank"], who, ", ".join(extra), "" if row["ma"] is None else row["ma"]))
    terminal.table(("rank", "officer", "command, detached", "MA"), rows, plain, right=("MA",))
    for p in v.pending:
        answer = f"; answered: {p['decision']}" if p.get("decision") else ""
        click.echo(f"  awaiting the colonel: {p['character']} applied as {p['rank']} ({p['month']}, week {p['week']})"
                   + answer)


COMMANDS = (regiment,)

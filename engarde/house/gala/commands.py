"""The gala for the GM: schedule a gala (its month, week, host and the rooms of the house with
what lies in each), list and cancel them, and set a man's gala attributes."""

from __future__ import annotations

import json

import click

from engarde import lock, queries, store
from engarde.calendar import GameMonth
from engarde.clikit import Context, echo_json, pass_ctx
from engarde.config import Campaign
from engarde.errors import CampaignError
from engarde.house.secrets.state import AREAS

from .engine import Item, Room
from .state import Gala, GalaState

KINDS = ("letter", "overheard", "purse")


def parse_item(text: str) -> tuple[str, Item]:
    """A room and a thing placed in it, as the GM writes it:
    ``ROOM=purse:30`` or ``ROOM=letter:ABOUT:AREA:VALUE:TEXT`` (``overheard`` alike)."""
    room, sep, rest = text.partition("=")
    if not sep or not room.strip():
        raise CampaignError(f"--item {text!r}: write ROOM=purse:CROWNS or ROOM=letter:ABOUT:AREA:VALUE:TEXT")
    kind, _, rest = rest.partition(":")
    kind = kind.strip().lower()
    if kind == "purse":
        if not rest.strip().isdigit() or not 0 < int(rest) <= 100_000:
            raise CampaignError(f"--item {text!r}: a purse holds 1 to 100000 crowns, as a number")
        return room.strip(), Item("purse", int(rest))
    if kind not in KINDS:
        raise CampaignError(f"--item {text!r}: a room holds a letter, two guests overheard or a purse "
                            f"(kinds: {', '.join(KINDS)})")
    parts = rest.split(":", 3)
    if len(parts) != 4 or not all(p.strip() for p in parts):
        raise CampaignError(f"--item {text!r}: write ROOM={kind}:ABOUT:AREA:VALUE:TEXT")
    about, area, value, words = (p.strip() for p in parts)
    if area.lower() not in AREAS:
        raise CampaignError(f"--item {text!r}: the area is one of {', '.join(AREAS)}")
    if not value.isdigit() or not 1 <= int(value) <= 20:
        raise CampaignError(f"--item {text!r}: a secret's value is 1 to 20")
    return room.strip(), Item(kind, int(value), about, area.lower(), words)


def schedule(campaign: Campaign, month: str, week: int, host: str, rooms: tuple[str, ...],
             items: tuple[str, ...]) -> Gala:
    """A gala scheduled (refused in a month already past, in a week outside 1-4, by a host who is
    a dead character or, without --npc, no character at all, or where the host already gives one)."""
    if not 1 <= week <= 4:
        raise CampaignError(f"--week {week}: a gala is given in week 1 to 4")
    try:
        when = GameMonth.parse(month)
    except ValueError as why:
        raise CampaignError(f"{month!r}: not a game month ({why})") from None
    placed: dict[str, list[Item]] = {r.strip(): [] for r in rooms if r.strip()}
    for text in items:
        room, item = parse_item(text)
        key = next((r for r in placed if r.casefold() == room.casefold()), None)
        if key is None:
            raise CampaignError(f"--item {text!r}: the house has no room {room!r} (rooms: {', '.join(placed) or 'none'})")
        placed[key].append(item)
    with lock.writing(campaign, "gala-schedule") as s:
        camp, world = queries.load_world(s, campaign)
        now = queries.current_month(s, campaign)
        if when.key < now.key:
            raise CampaignError(f"{when} is past: the campaign's month is {now}")
        return _add(s, campaign, camp, world, when, week, host, placed)


def _add(s, campaign: Campaign, camp, world, when: GameMonth, week: int, host: str,
         placed: dict[str, list[Item]]) -> Gala:
    row = queries.character_named(s, campaign.id, host)
    if row is not None and queries.is_dead(row):
        raise CampaignError(f"{host} is dead and gives no galas")
    state: GalaState = world.part("gala")
    if any(g.host.casefold() == host.casefold() for g in state.galas_in(when.key, week)):
        raise CampaignError(f"{host} already gives a gala in {when}, week {week}")
    gala = Gala(when.key, week, row.name if row is not None else host,
                [Room(name, items) for name, items in placed.items()])
    state.galas.append(gala)
    queries.save_world(s, camp, world)
    return gala


def galas(campaign: Campaign) -> GalaState:
    with store.reading(campaign.database) as s:
        return queries.load_world(s, campaign)[1].part("gala")


def cancel(campaign: Campaign, month: str, week: int, host: str) -> Gala:
    with lock.writing(campaign, "gala-cancel") as s:
        camp, world = queries.load_world(s, campaign)
        state: GalaState = world.part("gala")
        key = GameMonth.parse(month).key
        found = next((g for g in state.galas if g.month == key and g.week == week
                      and g.host.casefold() == host.casefold()), None)
        if found is None:
            raise CampaignError(f"no gala of {host}'s in {month}, week {week} (see 'engarde gala list')")
        if found.held:
            raise CampaignError(f"{found.title} of {month} has been given: it cannot be cancelled")
        state.galas.remove(found)
        queries.save_world(s, camp, world)
        return found


def set_attributes(campaign: Campaign, name: str, values: dict[str, int]) -> dict[str, int]:
    """The GM sets a man's gala attributes: posted through the ledger at the next month's start."""
    with lock.writing(campaign, "gala-set") as s:
        row = queries.find_character(s, campaign, name)
        camp, world = queries.load_world(s, campaign)
        state: GalaState = world.part("gala")
        state.pending[row.name] = {**state.pending.get(row.name, {}), **values}
        queries.save_world(s, camp, world)
        return state.pending[row.name]


def sheet_view(world, name: str, tables) -> tuple[dict, list[str]]:
    """His part of ``engarde sheet``: whom he is engaged to, and gala attributes the GM set that
    wait for the next month's start (his attributes themselves are ledger counters, gala.*)."""
    state: GalaState = world.part("gala")
    engaged = state.betrothed().get(name)
    waiting = state.pending.get(name, {})
    lines = [f"Engaged to: {engaged or 'no one'}"]
    if waiting:
        lines.append("Gala attributes set by the GM, posted next month: "
                     + ", ".join(f"{k} {v}" for k, v in sorted(waiting.items())))
    return {"engaged_to": engaged, "gala_attributes_waiting": dict(waiting)}, lines


def _rooms_line(gala: Gala) -> str:
    rooms = [f"{r.name} ({'; '.join(i.describe() for i in r.items) or 'nothing'})" for r in gala.rooms]
    return ", ".join(rooms) or "no rooms to explore"


@click.group()
def gala() -> None:
    """The Gala (house rule): schedule galas, list and cancel them, set gala attributes.

    \b
    Examples:
      engarde gala schedule "May 1607" --week 2 --host "Duchesse de Chevreuse" --npc \\
          --room library --room terrace --item "library=letter:Athos:hearts:3:Athos writes to a nun" \\
          --item "terrace=purse:40"
      engarde gala list
      engarde gala cancel "May 1607" --week 2 --host "Duchesse de Chevreuse"
      engarde gala set Athos --charm 12 --wit 9
    """


@gala.command("schedule")
@click.argument("month")
@click.option("--week", type=int, required=True, help="The week of the month (1-4).")
@click.option("--host", required=True, help="Who gives it: a character, or a non-player with --npc.")
@click.option("--npc", is_flag=True, help="The host is a non-player (no character of that name).")
@click.option("--room", "rooms", multiple=True, help="A room of the house (repeat for each).")
@click.option("--item", "items", multiple=True,
              help="A thing placed in a room: ROOM=purse:CROWNS, ROOM=letter:ABOUT:AREA:VALUE:TEXT or "
                   "ROOM=overheard:ABOUT:AREA:VALUE:TEXT.")
@pass_ctx
def gala_schedule(c: Context, month: str, week: int, host: str, npc: bool, rooms: tuple[str, ...],
                  items: tuple[str, ...]) -> None:
    """Schedule a gala: its month, week, host and the rooms of the house with what lies in each.

    \b
    Example:
      engarde gala schedule "May 1607" --week 2 --host Athos --room library \\
          --item "library=letter:Porthos:diamonds:3:Porthos owes his tailor 300 crowns"
    """
    campaign = c.campaign()
    with store.reading(campaign.database) as s:
        known = queries.character_named(s, campaign.id, host) is not None
    if not known and not npc:
        raise CampaignError(f"{host!r} is no character of {campaign.id}: a non-player host needs --npc")
    found = schedule(campaign, month, week, host, rooms, items)
    click.echo(f"{found.title}: {GameMonth.parse(found.month)}, week {found.week}; {_rooms_line(found)}")


@gala.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@pass_ctx
def gala_list(c: Context, as_json: bool) -> None:
    """List the galas scheduled and given, and the engagements that stand.

    \b
    Example:
      engarde gala list
    """
    state = galas(c.campaign())
    if as_json:
        echo_json(json.loads(json.dumps(state.to_dict())))
        return
    if not state.galas:
        click.echo("No galas scheduled: 'engarde gala schedule' gives one.")
    for g in sorted(state.galas, key=lambda g: (g.month, g.week, g.host)):
        click.echo(f"{GameMonth.parse(g.month)}, week {g.week}: {g.title}{' (given)' if g.held else ''}; "
                   f"{_rooms_line(g)}")
    for a, b in state.engagements:
        click.echo(f"engaged: {a} and {b}")


@gala.command("cancel")
@click.argument("month")
@click.option("--week", type=int, required=True, help="The week of the month (1-4).")
@click.option("--host", required=True, help="Whose gala.")
@pass_ctx
def gala_cancel(c: Context, month: str, week: int, host: str) -> None:
    """Cancel a gala not yet given.

    \b
    Example:
      engarde gala cancel "May 1607" --week 2 --host Athos
    """
    found = cancel(c.campaign(), month, week, host)
    click.echo(f"cancelled: {found.title}, {GameMonth.parse(found.month)}, week {found.week}")


@gala.command("set")
@click.argument("name")
@click.option("--charm", type=click.IntRange(0, 30), help="His Charm.")
@click.option("--wit", type=click.IntRange(0, 30), help="His Wit.")
@click.option("--accomplishment", type=click.IntRange(0, 30), help="His Accomplishment.")
@click.option("--dancing/--no-dancing", default=None, help="Accomplished in dancing, or not.")
@pass_ctx
def gala_set(c: Context, name: str, charm: int | None, wit: int | None, accomplishment: int | None,
             dancing: bool | None) -> None:
    """Set a man's gala attributes (posted through the ledger at the next month's start).

    \b
    Example:
      engarde gala set Athos --charm 12 --wit 9 --dancing
    """
    values = {k: v for k, v in (("charm", charm), ("wit", wit), ("accomplishment", accomplishment)) if v is not None}
    if dancing is not None:
        values["dancing"] = int(dancing)
    if not values:
        raise CampaignError("nothing to set: give --charm, --wit, --accomplishment or --dancing")
    pending = set_attributes(c.campaign(), name, values)
    click.echo(f"{name}: " + ", ".join(f"{k} {v}" for k, v in sorted(pending.items()))
               + " (posted at the next month's start)")


COMMANDS = (gala,)

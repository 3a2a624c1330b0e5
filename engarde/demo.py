"""The demo campaign: one complete turn from a fresh start."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Callable

from . import files, ops
from .config import Campaign
from .dberrors import where
from .registry import for_campaign
from .rules.creation.rules import given_character
from .house.gala.commands import schedule, set_attributes
from .house.secrets.commands import add_secret
from .rules.mistresses.commands import roll_mistresses


def roster() -> list[dict]:
    text = resources.files("engarde").joinpath("data/demo_roster.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)["character"]


DEMO_ID = "demo"
# The second demo campaign, the salon: the Gala house rule on.  Its campaigns file is its own
# (salon.toml beside the first's campaigns.toml, so that a command at the repository's root still
# finds one campaign in campaigns.toml); its guests and gala are engarde/data/salon_roster.toml,
# its sheets engarde/data/demo/salon/.  `engarde demo` plays it after the first, which stays as it is.
SALON_ID = "salon"
SALON_FILE = "salon.toml"
SALON_ORDERS = "salon"
# What `engarde demo` writes where no campaigns file with a demo campaign is at hand.
FOLDER = Path("demo")


def unpack(folder: Path = FOLDER) -> Path:
    """The demo campaign in ``folder`` (made if need be): its campaigns file, written once,
    and the sample order mail, written afresh each time (the demo starts over).  Returns the
    campaigns file.  A folder of that name holding anything else is not touched."""
    data = resources.files("engarde").joinpath("data/demo")
    config = folder / "campaigns.toml"
    shipped = data.joinpath("campaigns.toml").read_text(encoding="utf-8")
    if folder.exists() and not folder.is_dir():
        raise ops.CampaignError(f"{folder}: not a folder; the demo is written into a folder of that name")
    if config.exists() and config.read_text(encoding="utf-8", errors="replace") != shipped:
        raise ops.CampaignError(f"{config}: not the demo's campaigns file; the demo leaves it alone "
                                "(run engarde demo in another folder)")
    (folder / "orders").mkdir(parents=True, exist_ok=True)
    if not config.exists():
        files.write_text(config, shipped)
    for mail in data.joinpath("orders").iterdir():
        files.write_bytes(folder / "orders" / mail.name, mail.read_bytes())
    salon_config = folder / SALON_FILE
    shipped = data.joinpath(SALON_FILE).read_text(encoding="utf-8")
    if salon_config.exists() and salon_config.read_text(encoding="utf-8", errors="replace") != shipped:
        raise ops.CampaignError(f"{salon_config}: not the salon demo's campaigns file; the demo leaves it alone "
                                "(run engarde demo in another folder)")
    if not salon_config.exists():
        files.write_text(salon_config, shipped)
    (folder / SALON_ORDERS).mkdir(parents=True, exist_ok=True)
    for mail in data.joinpath("salon").iterdir():
        files.write_bytes(folder / SALON_ORDERS / mail.name, mail.read_bytes())
    return config


def run_demo(camp: Campaign, pdf: bool = True, echo: Callable[[str], None] = print) -> ops.TurnReport:
    if camp.orders is None:
        raise ops.CampaignError(f"campaign {camp.id!r} has no 'orders' folder for the demo")
    orders = camp.orders_folder()  # before anything is reset
    echo(f"Starting {camp.name} afresh ({where(camp.database)})")
    ops.reset(camp)
    ops.init(camp)
    tables = for_campaign(camp).tables
    for values in roster():
        values = dict(values)
        password = values.pop("password")
        ch = ops.add_character(camp, given_character(tables, values.pop("name"), **values), password=password).character
        echo(f"  created {ch.name} (Social Level {ch.social_level})")
    # d. Mistresses: "At the beginning of the game someone should roll dice to determine the
    # various mistresses' Social Levels and special attributes": one per character.
    mistresses, _ = roll_mistresses(camp, tables)
    echo("  mistresses: " + ", ".join(
        f"{m.number} {m.name} (SL {m.social_level}{''.join(', ' + a for a in m.attributes())})" for m in mistresses))
    return _play_month(camp, orders, pdf, echo)


def salon() -> dict:
    text = resources.files("engarde").joinpath("data/salon_roster.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def run_salon(camp: Campaign, pdf: bool = True, echo: Callable[[str], None] = print) -> ops.TurnReport:
    """The salon's first month afresh: its six guests (with the gala attributes the GM gives
    them), the secrets the GM puts into play, the Duchesse de Chevreuse's gala scheduled with its rooms furnished, the sample
    sheets ingested, April 1607 resolved, the gazette and the reports written."""
    if camp.orders is None:
        raise ops.CampaignError(f"campaign {camp.id!r} has no 'orders' folder for the demo")
    orders = camp.orders_folder()
    data = salon()
    echo(f"Starting {camp.name} afresh ({where(camp.database)})")
    ops.reset(camp)
    ops.init(camp)
    tables = for_campaign(camp).tables
    for values in data["character"]:
        values = dict(values)
        password = values.pop("password")
        attributes = values.pop("gala")
        ch = ops.add_character(camp, given_character(tables, values.pop("name"), **values), password=password).character
        set_attributes(camp, ch.name, {k: int(v) for k, v in attributes.items()})
        echo(f"  created {ch.name} (Social Level {ch.social_level}; Charm {attributes['charm']}, "
             f"Wit {attributes['wit']}, Accomplishment {attributes['accomplishment']})")
    for secret in data.get("secret", ()):
        card = add_secret(camp, secret["about"], secret["area"], int(secret["value"]), secret["text"], secret["to"])
        echo(f"  secret No. {card.id}: about {secret['about']} ({secret['area']}, {secret['value']}), "
             f"to {secret['to']}")
    g = data["gala"]
    gala = schedule(camp, g["month"], g["week"], g["host"], tuple(g["rooms"]), tuple(g["items"]))
    echo(f"  {gala.title}: week {gala.week}, rooms {', '.join(r.name for r in gala.rooms)}")
    return _play_month(camp, orders, pdf, echo)


def _play_month(camp: Campaign, orders: Path, pdf: bool, echo: Callable[[str], None]) -> ops.TurnReport:
    """A demo campaign's month once it is set up: its sample mail ingested, the month resolved
    and audited, the gazette and the reports written, each step told."""
    echo(f"Ingesting the orders in {orders}")
    for r in ops.ingest(camp, orders):
        echo(f"  {r.status:<9} {r.source}: {r.character or '?'}")
        for e in r.errors:
            echo(f"            {e}")
    echo("Resolving the month")
    report = ops.run_turn(camp)
    echo(f"  {report.month}: {len(report.events)} events, {len(report.ledger)} ledger entries, {report.rolls} dice")
    count, findings = ops.audit(camp)
    echo(f"  audit: {count} sheets, {len(findings)} disagreements")
    for path in ops.publish(camp, report.month, pdf=pdf, reports=True):
        echo(f"  wrote {path}")
    return report

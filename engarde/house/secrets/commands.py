"""The GM's command for secrets: ``engarde secrets list``, ``add`` and ``give``.

A secret the GM puts into play (found by a house's servants, told by a spy of his own) goes
through the same functions as the rules' (``hands.py``), so its copies know where they came
from; every write is under the campaign's lock.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import click

from engarde import lock, queries, store
from engarde.clikit import Context, echo_json, pass_ctx
from engarde.config import Campaign
from engarde.errors import CampaignError

from .hands import SecretsError, give, new_secret, trail
from .state import AREAS, GM_GIVE, GM_HOW, GOSSIP, PILES, SAFE, Copy, SecretsState
_PILE_WORDS = {"gossip": GOSSIP, GOSSIP: GOSSIP, "safe": SAFE, SAFE: SAFE}


def _holder(s: Any, campaign: Campaign, written: str) -> str:
    """A character of the campaign (his name as the campaign spells it) or a pile ("gossip", "safe")."""
    pile = _PILE_WORDS.get(written.strip().lower())
    if pile is not None:
        return pile
    row = queries.character_named(s, campaign.id, written.strip())
    if row is None:
        raise CampaignError(f"{written!r} is no character of {campaign.id} and no pile (gossip, safe)")
    return row.name


def add_secret(campaign: Campaign, about: str, area: str, value: int, text: str, to: str) -> Copy:
    """A secret the GM puts into play, its original card to ``to`` (a character or a pile)."""
    with lock.writing(campaign, "secrets-add") as s:
        camp, world = queries.load_world(s, campaign)
        who = queries.character_named(s, campaign.id, about.strip())
        if who is None:
            raise CampaignError(f"{about!r} is no character of {campaign.id}: a secret is about one of them")
        if area.lower() not in AREAS:
            raise CampaignError(f"a secret's area is one of {', '.join(AREAS)}, not {area!r}")
        if not text.strip():
            raise CampaignError("a secret needs its text, as the gazette would print it")
        holder = _holder(s, campaign, to)
        month = queries.current_month(s, campaign).key
        try:
            card = new_secret(world.part("secrets"), who.name, area.lower(), value, " ".join(text.split()),
                              holder=holder, how=GM_HOW, month=month)
        except SecretsError as exc:
            raise CampaignError(str(exc)) from None
        queries.save_world(s, camp, world)
        return card


def give_copy(campaign: Campaign, copy_id: int, to: str) -> Copy:
    """The card ``copy_id`` itself passes to ``to`` (a character or a pile)."""
    with lock.writing(campaign, "secrets-give") as s:
        camp, world = queries.load_world(s, campaign)
        state: SecretsState = world.part("secrets")
        card = state.copies.get(copy_id)
        if card is None:
            raise CampaignError(f"no secret No. {copy_id} is held by anyone (see 'engarde secrets list')")
        holder = _holder(s, campaign, to)
        if holder == card.holder:
            raise CampaignError(f"No. {copy_id} is already held by {card.holder}")
        try:
            moved = give(state, card, holder, how=GM_GIVE, month=queries.current_month(s, campaign).key)
        except SecretsError as exc:
            raise CampaignError(str(exc)) from None
        queries.save_world(s, camp, world)
        return moved


def secrets_listed(campaign: Campaign, character: str | None = None) -> list[dict[str, Any]]:
    """Every secret with its copies (each with its trail, back to the original card), oldest
    first; with ``character``, those about him or of which he holds a copy."""
    with store.reading(campaign.database) as s:
        state: SecretsState = queries.load_world(s, campaign)[1].part("secrets")
        name = None
        if character is not None:
            row = queries.character_named(s, campaign.id, character.strip())
            if row is None:
                raise CampaignError(f"{character!r} is no character of {campaign.id}")
            name = row.name
    found = []
    for secret in state.secrets.values():
        copies = [c for c in state.copies.values() if c.secret == secret.id]
        if name is not None and secret.about != name and all(c.holder != name for c in copies):
            continue
        found.append({**asdict(secret), "copies": [{**asdict(c), "trail": [t.id for t in trail(state, c)]}
                                                   for c in copies]})
    return found


def _holder_text(holder: str) -> str:
    return {GOSSIP: "the gossip pile", SAFE: "the safe pile"}.get(holder, holder)


@click.group()
def secrets() -> None:
    """The campaign's secrets: list them and where each copy is, put one into play, give a copy."""


@secrets.command("list")
@click.option("--character", "character", default=None, metavar="NAME",
              help="Only the secrets about NAME or of which he holds a copy.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def secrets_list(c: Context, character: str | None, as_json: bool) -> None:
    """List every secret: whom it is about, its area and value, and where each copy is, with
    its trail back to the original card (No. 7 <- No. 3 <- No. 1).

    \b
    Examples:
      engarde secrets list
      engarde secrets list --character Porthos --json
    """
    found = secrets_listed(c.campaign(), character)
    if as_json:
        echo_json(found)
        return
    if not found:
        click.echo("No secrets" + (f" of {character}." if character else " yet: put one into play with "
                                   "'engarde secrets add'."))
        return
    for secret in found:
        told = f", told to all in {secret['revealed']}" if secret["revealed"] else ""
        made = "" if secret["true"] else f", a rumour made up by {secret['author'] or 'someone'}"
        click.echo(f"Secret {secret['id']}: {secret['about']}, {secret['area']}, worth {secret['value']}{made}{told}:"
                   f" {secret['text']} ({secret['origin']}, {secret['month']})")
        for copy in secret["copies"]:
            came = copy["how"] + (f" from {_holder_text(copy['given_by'])}" if copy["given_by"] else "")
            back = " <- ".join(f"No. {n}" for n in copy["trail"])
            click.echo(f"  No. {copy['id']}: {_holder_text(copy['holder'])}, worth {copy['value']}, {came} "
                       f"({copy['month']}); trail {back}")


@secrets.command("add")
@click.argument("about")
@click.argument("area", type=click.Choice(tuple(AREAS), case_sensitive=False))
@click.argument("value", type=click.IntRange(min=0))
@click.argument("text")
@click.option("--to", "to", required=True, metavar="HOLDER",
              help="Who holds its original card: a character, or the pile 'gossip' or 'safe'.")
@pass_ctx
def secrets_add(c: Context, about: str, area: str, value: int, text: str, to: str) -> None:
    """Put a secret into play: about ABOUT, in AREA (hearts, diamonds, clubs, spades), worth
    VALUE, saying TEXT (as the gazette would print it); its original card goes to HOLDER.

    \b
    Examples:
      engarde secrets add Porthos diamonds 5 "Porthos owes his tailor 300 crowns" --to Aramis
      engarde secrets add Athos hearts 4 "Athos was seen at the Molly House" --to gossip
    """
    card = add_secret(c.campaign(), about, area, value, text, to)
    click.echo(f"Secret {card.secret} about {about} put into play: its card No. {card.id} "
               f"(worth {card.value}) held by {_holder_text(card.holder)}.")


@secrets.command("give")
@click.argument("copy_id", type=int, metavar="COPY")
@click.argument("to")
@pass_ctx
def secrets_give(c: Context, copy_id: int, to: str) -> None:
    """Give the card No. COPY itself to TO: a character, or the pile 'gossip' or 'safe' (face
    down: no one is exposed).  It keeps its value and remembers who held it.

    \b
    Examples:
      engarde secrets give 7 Athos
      engarde secrets give 7 safe
    """
    card = give_copy(c.campaign(), copy_id, to)
    click.echo(f"No. {card.id} now held by {_holder_text(card.holder)} (from {_holder_text(card.given_by or '')}).")


COMMANDS = (secrets,)
__all__ = ["COMMANDS", "PILES", "add_secret", "give_copy", "secrets_listed"]

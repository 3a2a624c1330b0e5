"""The characters' commands: creating them, their passwords, welcome texts and addresses
(``character``), a sheet and where each value came from (``sheet``), and the audit (``audit``)."""

from __future__ import annotations

import re
import sys

import click

from .. import json_views, ops, terminal
from ..clikit import Context, echo_json, fail, pass_ctx
from ..dice import SeededDice
from ..ops import mailing
from ..postman import settings_of
from ..registry import for_campaign
from ..rules.creation.imported import Debt, Imported
from ..rules.creation.rules import given_character, roll_character
from .mail import report as mail_report


@click.group()
def character() -> None:
    """Create and list characters; their order passwords, welcome texts and addresses."""


@character.command("create")
@click.argument("name")
@click.option("--player", default="", help="The player's name.")
@click.option("--email", default="", help="The player's address on record: his mail must come from it "
              "(none: his sheets must come as text files the GM puts in the orders folder).")
@click.option("--password", default=None,
              help="His order password (default: a generated one, shown once; only its hash is kept).")
@click.option("--roll/--given", "rolled", default=True,
              help="Roll on the Birth Tables (default), or take the values given below.")
@click.option("--seed", default=None, help="Dice seed for --roll (default: from the campaign seed and name).")
@click.option("--social-level", "--sl", type=int, help="Given Social Level.")
@click.option("--crowns", type=int, help="Given crowns.")
@click.option("--allowance", type=int, help="Given monthly allowance.")
@click.option("--strength", type=int)
@click.option("--constitution", type=int)
@click.option("--expertise", type=int)
@click.option("--endurance", type=int, help="Default: Constitution x Strength.")
@click.option("--military-ability", "--ma", type=int)
@click.option("--club", default=None, help="Given club membership (its requirements are checked).")
@click.option("--title", default=None)
@click.option("--status-points", "--sp", type=int, help="Importing: his status points this month.")
@click.option("--regiment", default=None, help="Importing: his regiment (with --rank).")
@click.option("--rank", default=None, help="Importing: his rank in it (Private ... Colonel).")
@click.option("--horses", type=int, help="Importing: the horses he keeps (default: those his rank must keep).")
@click.option("--mistress", default=None, help="Importing: his mistress, by name or number (engarde mistress list).")
@click.option("--debt", "debts", multiple=True, metavar="LENDER:CROWNS[:MONTH]",
              help="Importing: what he owes a lender now (a character or 'moneylender'), and the month the loan "
                   "was taken (default: this month); repeat for each loan.")
@click.option("--send", is_flag=True, help="Then mail him his welcome text with his password "
                                           "('engarde mail welcome NAME --password P').")
@pass_ctx
def character_create(c: Context, name: str, player: str, email: str, password: str | None, rolled: bool,
                     seed: str | None, debts: tuple[str, ...], send: bool, **given: object) -> None:
    """Create a character: rolled on the Birth Tables, or with given values.

    Every character has an order password: --password, else a generated one.  It is
    printed this once, with the welcome text for his player (only its hash is kept;
    'engarde character password' sets a new one).

    Importing a running campaign, --given also takes his status points this month, regiment
    and rank, horses, club, mistress and debts: each goes through the ledger ("imported: ...")
    and is refused, with the rule it breaks, when it contradicts the rules (a rank the regiment
    does not have, a club above his Social Level, a mistress another man keeps ...).

    \b
    Examples:
      engarde character create "Rodney Bergerac" --player Cyril --email cyril@example.org
      engarde character create Cyrano --email cyrano@example.org --send
      engarde character create Athos --given --sl 10 --crowns 500 --strength 14 \\
          --constitution 12 --expertise 14 --ma 6 --club "Hunter's"
      engarde character create Aramis --given --sl 9 --crowns 300 --strength 11 \\
          --constitution 12 --expertise 13 --ma 4 --sp 5 --regiment "Dragoon Guards" \\
          --rank Captain --mistress Roxanne --debt moneylender:110:1607-02 --debt Porthos:50
    """
    camp = c.campaign()
    if send:
        settings_of(camp)  # no SMTP settings: said before he is created, not after
        if not email:
            fail("--send needs --email: the welcome goes to his address on record")
    if rolled and (debts or any(v is not None for v in given.values())):
        fail("values were given: add --given to use them instead of rolling")
    if rolled:
        dice = SeededDice(seed or f"{camp.seed}:birth:{name}")
        birth = roll_character(for_campaign(camp).tables, name, dice, player=player, email=email)
        new = ops.add_character(camp, birth, dice.log, password=password)
    else:
        missing = [k for k in ("social_level", "crowns", "strength", "constitution", "expertise", "military_ability")
                   if given.get(k) is None]
        if missing:
            fail("--given needs " + ", ".join("--" + m.replace("_", "-") for m in missing))
        imported = Imported(
            status_points=given.pop("status_points"), regiment=given.pop("regiment"), rank=given.pop("rank"),
            horses=given.pop("horses"), club=given.pop("club"), mistress=given.pop("mistress"),
            debts=tuple(_debt(text) for text in debts))
        birth = given_character(for_campaign(camp).tables, name, player=player, email=email, **given)
        new = ops.add_character(camp, birth, password=password, imported=imported)
    ch = new.character
    for line in birth.story:
        click.echo(f"  {line}")
    click.echo(f"Created {ch.name}: Social Level {ch.social_level}, {ch.crowns} crowns, "
               f"allowance {ch.allowance}.")
    _echo_password(new)
    if not ch.email:
        click.echo(f"No address on record: {ch.name}'s sheets must come as text files you put in the orders folder "
                   f"(mail for him is refused until you give one: engarde character email \"{ch.name}\" ADDRESS).")
    if send:
        mail_report(mailing.send_welcomes(camp, (ch.name,), new.password))
        return
    click.echo(f"\n--- welcome text for {ch.name}'s player (it holds his password) ---")
    click.echo(ops.welcome_text(camp, ch.name, new.password), nl=False)


def _debt(text: str) -> Debt:
    """--debt LENDER:CROWNS[:MONTH] ("moneylender:110:1607-02", "Porthos:50")."""
    parts = [p.strip() for p in text.split(":")]
    taken = parts.pop() if len(parts) >= 3 and re.fullmatch(r"\d{4}-\d{1,2}", parts[-1]) else None
    amount = parts.pop() if len(parts) >= 2 else ""
    lender = ":".join(parts)
    if not lender or not amount.isdigit():
        fail(f"--debt {text!r}: write LENDER:CROWNS[:MONTH], e.g. --debt moneylender:110:1607-02 or --debt Porthos:50")
    return Debt(lender, int(amount), taken)


def _echo_password(new: ops.NewCharacter) -> None:
    if new.generated:
        click.echo(f"Order password of {new.character.name}: {new.password} (generated; shown this once: only its "
                   "hash is kept)")
    else:
        click.echo(f"Order password of {new.character.name}: as given (only its hash is kept)")


@character.command("password")
@click.argument("name")
@click.option("--set", "new_password", metavar="PASSWORD", help="The new order password.")
@click.option("--generate", is_flag=True, help="Generate a new order password and print it.")
@pass_ctx
def character_password(c: Context, name: str, new_password: str | None, generate: bool) -> None:
    """Give a character a new order password (the GM's reset: the old one stops working).

    Only a hash of the password is kept, so the GM cannot read one back: a player who
    lost his gets a new one.  A player changes his own with a 'New password:' line on a
    sheet sent from his address on record, carrying his present password.

    \b
    Examples:
      engarde character password Porthos --generate
      engarde character password Porthos --set "musketeer-1607"
    """
    if (new_password is None) == (not generate):
        fail("give --set PASSWORD or --generate (one of them)")
    new = ops.set_password(c.campaign(), name, None if generate else new_password)
    if new.generated:
        click.echo(f"New order password of {new.character.name}: {new.password} (shown this once: only its hash "
                   "is kept)")
    else:
        click.echo(f"{new.character.name}'s order password is changed (only its hash is kept).")
    click.echo(f"His welcome text with it: engarde character welcome \"{new.character.name}\" --password ...")


@character.command("welcome")
@click.argument("name")
@click.option("--password", default=None,
              help="His order password, to write into the text (checked against the one on record).")
@pass_ctx
def character_welcome(c: Context, name: str, password: str | None) -> None:
    """Print the welcome text for a character's player: his sheet, how and from which
    address to send orders, the first deadline, and (with --password) his password.

    Only a hash of the password is kept, so it is written in only when given; a
    campaign's own welcome.txt.j2 in its templates folder replaces engarde's.

    \b
    Examples:
      engarde character welcome Porthos
      engarde character welcome Porthos --password k7dm4-qz2xa
    """
    click.echo(ops.welcome_text(c.campaign(), name, password), nl=False)


@character.command("email")
@click.argument("name")
@click.argument("address")
@pass_ctx
def character_email(c: Context, name: str, address: str) -> None:
    """Put a player's mail address on record: his character's orders must come from it.

    With "" there is none, and his sheets must come as text files the GM puts in the
    orders folder (mail for him is refused: anyone could have sent it).

    \b
    Examples:
      engarde character email Porthos paul@example.org
      engarde character email Jacques ""
    """
    ch = ops.set_email(c.campaign(), name, address)
    click.echo(f"{ch.name}: orders by mail from {ch.email}" if ch.email else
               f"{ch.name}: no address on record; his sheets must come as text files in the orders folder")


@character.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def character_list(c: Context, as_json: bool) -> None:
    """List the campaign's characters by precedence (the dead last, marked "dead").

    \b
    Example:
      engarde character list --json
    """
    chars = sorted(ops.list_characters(c.campaign()), key=lambda ch: (ch.dead, -ch.social_level, ch.name))
    if as_json:
        echo_json([
            {"name": ch.name, "player": ch.player, "social_level": ch.social_level, "crowns": ch.crowns,
             "club": ch.club, "title": ch.title, "state": ch.state, "dead": ch.dead}
            for ch in chars
        ])
        return
    if not chars:
        click.echo("No characters yet.")
        return
    plain = []
    for ch in chars:
        mark = "  \u2020 dead" if ch.dead else (f"  ({ch.state})" if ch.state else "")
        plain.append(f"{ch.social_level:>3}  {ch.name:<24} {ch.crowns:>6} cr  {ch.club or '-':<18} {ch.player}{mark}")
    terminal.table(("SL", "name", "crowns", "club", "player", "state"),
                   [(ch.social_level, ch.name, ch.crowns, ch.club or "-", ch.player,
                     "\u2020 dead" if ch.dead else ch.state or "") for ch in chars], plain, right=("SL", "crowns"))



@click.command()
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the sheet and its ledger as JSON.")
@pass_ctx
def sheet(c: Context, name: str, as_json: bool) -> None:
    """Show a character sheet and where every value came from.

    \b
    Examples:
      engarde sheet Porthos
      engarde sheet "Rodney Bergerac" --json
    """
    view = ops.sheet(c.campaign(), name)
    if as_json:
        echo_json(view.to_dict())
        return
    ch = view.character
    click.echo(f"{ch.name}" + (f" ({ch.title})" if ch.title else "") + (f", played by {ch.player}" if ch.player else ""))
    click.echo(f"  Social Level {ch.social_level}   Status Points {ch.status_points}   Crowns {ch.crowns}"
               f"   Allowance {ch.allowance}")
    click.echo(f"  Strength {ch.strength}   Constitution {ch.constitution}   Expertise {ch.expertise}"
               f"   Endurance {ch.endurance}/{ch.max_endurance}   MA {ch.military_ability}")
    click.echo(f"  Club {ch.club or '-'}" + "".join(f"   {w} {x}" for w, x in ch.weapons().items()))
    click.echo(f"  Mistress {ch.mistress or '-'}   Regiment {ch.regiment or '-'}   Rank {ch.rank or '-'}"
               f"   Appointment {ch.appointment or '-'}   State {ch.state or 'about town'}")
    click.echo("  Birth: " + "; ".join(view.birth_story))
    for line in view.lines:
        click.echo(f"  {line}")
    click.echo("  Standing orders on file:" + ("" if view.standing_text else " none (the rules' defaults apply)"))
    for line in view.standing_text:
        click.echo(f"    {line}")
    click.echo("  Ledger:")
    if not view.ledger:
        click.echo("    (no entries yet: the sheet is as created)")
    for entry in view.ledger:
        click.echo(f"    {entry.describe()}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@pass_ctx
def audit(c: Context, as_json: bool) -> None:
    """Recompute every sheet from its ledger.  Exit status 1 on any disagreement.

    \b
    Examples:
      engarde audit
      engarde audit --json
    """
    count, findings = ops.audit(c.campaign())
    if as_json:
        echo_json(json_views.audit(count, findings))
        sys.exit(1 if findings else 0)
    if findings:
        total = f"{len(findings)} disagreement(s) in {count} sheet(s)."
        terminal.table(("character", "value", "on the sheet", "from the ledger"),
                       [(f.character, f.field, f.recorded, f.recomputed) for f in findings],
                       [*map(str, findings), total], footer=total)
        sys.exit(1)
    click.echo(f"All {count} sheet(s) agree with their ledgers.")

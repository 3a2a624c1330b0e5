"""e. Duelling for the GM: his rulings on cause (the players' vote), checking a sequence, a month's fights."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from pathlib import Path

import click
from sqlmodel import Session

from ... import lock, queries, store, terminal
from ...calendar import GameMonth, week_label
from ...clikit import Context, echo_json, fail, pass_ctx
from ...config import Campaign
from ...errors import CampaignError
from ...store import RulingRow
from .codes import EV_DUEL
from .rules import cause_by_vote, check_sequence, describe_routines, plan_sequence
from .tables import DuelTables


@dataclass
class CauseRuling:
    month: GameMonth
    first: str
    second: str
    cause: bool
    note: str = ""

    def __str__(self) -> str:
        verdict = "cause" if self.cause else "no cause"
        return f"{self.month}: {self.first} and {self.second}: {verdict}" + (f" ({self.note})" if self.note else "")


def rule_on_cause(campaign: Campaign, first: str, second: str, cause: bool, note: str = "",
                  month: GameMonth | None = None) -> CauseRuling:
    """Record the GM's ruling on cause for a duel between two characters.

    "Judgement of whether or not there was cause is up to all the players who
    do not belong to the same Regiments as the two estranged parties ... a
    unanimous vote of all players not involved being required to decide that
    there is no cause."  The GM records the outcome; it applies to the month
    given (default: the month to resolve next), and the latest ruling for a
    pair and month stands.  Without one, a stated cause stands.
    """
    with lock.writing(campaign, "duel-cause") as s:
        month = month or queries.current_month(s, campaign)
        a, b = queries.find_character(s, campaign, first).name, queries.find_character(s, campaign, second).name
        if a == b:
            raise CampaignError("a ruling on cause needs two different characters")
        s.add(RulingRow(campaign_id=campaign.id, month=month.key, first=a, second=b, cause=cause, note=note))
    return CauseRuling(month, a, b, cause, note)


def cause_rulings(campaign: Campaign, month: GameMonth | None = None) -> list[CauseRuling]:
    """The GM's rulings on cause, in the order made (one month's, or all)."""
    with store.reading(campaign.database) as s:
        queries.campaign_row(s, campaign)
        return [CauseRuling(GameMonth.parse(r.month), r.first, r.second, r.cause, r.note)
                for r in queries.rulings(s, campaign.id, month)]


def rulings_for(s: Session, campaign_id: str, month: GameMonth) -> dict[frozenset, bool]:
    """The duel's input for a month (``RuleModule.inputs``): the GM's rulings on cause, by the
    pair's names, the latest standing."""
    return {frozenset((r.first, r.second)): r.cause for r in queries.rulings(s, campaign_id, month)}


@click.group()
def duel() -> None:
    """Duels: the GM's rulings on cause, checking a sequence, a month's fights."""


def read_votes(text: str) -> list[bool]:
    """ "yes,yes,no" (or spaces between): each player's vote, yes for cause."""
    words = text.replace(",", " ").split()
    if not words or any(w.lower() not in ("yes", "no") for w in words):
        raise CampaignError(f"--votes {text!r}: write each player's vote as yes (cause) or no (no cause), "
                            "e.g. --votes yes,yes,no")
    return [w.lower() == "yes" for w in words]


def vote_note(votes: list[bool]) -> str:
    """The vote as the ruling keeps it: every vote, and what it decided."""
    yes = sum(votes)
    said = "unanimous for no cause" if not yes else f"{yes} for cause, and no cause needs every vote"
    return f"the players voted {', '.join('yes' if v else 'no' for v in votes)}: {said}"


@duel.command("cause")
@click.argument("first")
@click.argument("second")
@click.option("--ruling", type=click.Choice(["yes", "no"]),
              help="yes: there is cause for a duel between them; no: there is none.")
@click.option("--votes", "votes_text", help="The players' votes, yes (cause) or no, e.g. yes,yes,no: there is "
              "no cause only if every vote is no.")
@click.option("--month", "month_text", help="The month it applies to (default: the month to resolve).")
@click.option("--note", default="", help="Why (the vote, the GM's reasons), kept with the ruling.")
@pass_ctx
def duel_cause(c: Context, first: str, second: str, ruling: str | None, votes_text: str | None,
               month_text: str | None, note: str) -> None:
    """Record the GM's ruling on cause between two characters (the rules' vote), or the
    players' vote itself, which makes the ruling.

    Without a ruling a challenge's stated cause stands ("a unanimous vote of all
    players not involved being required to decide that there is no cause"): with
    --votes there is no cause only when every vote is no.

    \b
    Examples:
      engarde duel cause Porthos Falstaff --ruling no --note "the players voted 4-0"
      engarde duel cause Porthos Falstaff --votes yes,yes,no
    """
    if (ruling is None) == (votes_text is None):
        fail("give the ruling (--ruling yes|no) or the players' votes (--votes yes,yes,no), one of them")
    if votes_text is not None:
        votes = read_votes(votes_text)
        cause = cause_by_vote(votes)
        note = vote_note(votes) + (f"; {note}" if note else "")
    else:
        cause = ruling == "yes"
    month = GameMonth.parse(month_text) if month_text else None
    r = rule_on_cause(c.campaign(), first, second, cause, note, month)
    click.echo(f"ruled: {r}")


@duel.command("rulings")
@click.option("--month", "month_text", help="Only this month's.")
@pass_ctx
def duel_rulings(c: Context, month_text: str | None) -> None:
    """List the GM's rulings on cause, in the order made (the latest for a pair stands).

    \b
    Example:
      engarde duel rulings --month 1607-04
    """
    found = cause_rulings(c.campaign(), GameMonth.parse(month_text) if month_text else None)
    if not found:
        click.echo("No rulings on cause.")
    for r in found:
        click.echo(str(r))


@duel.command("check")
@click.argument("sequence")
@click.option("--weapon", default="rapier", show_default=True, help="His weapon.")
@click.option("--against", "opponent_weapon", default=None, help="His opponent's weapon, if known.")
@pass_ctx
def duel_check(c: Context, sequence: str, weapon: str, opponent_weapon: str | None) -> None:
    """Check a written duel sequence against Duelling Table A (exit 1 if illegal): the
    campaign's, or the book's where there is no campaigns file.

    \b
    Example:
      engarde duel check "X L X CL K X X X X S P JB (X)"
    """
    tables = c.tables().duel if Path(c.config).exists() else DuelTables()
    problems = check_sequence(tables, sequence, weapon, opponent_weapon)
    if problems:
        for p in problems:
            click.echo(f"illegal: {p}")
        sys.exit(1)
    click.echo("legal: " + describe_routines(plan_sequence(tables, sequence, weapon, opponent_weapon)[0]))


@duel.command("show")
@click.argument("month", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the duels' records as JSON.")
@pass_ctx
def duel_show(c: Context, month: str | None, as_json: bool) -> None:
    """Print every duel of a resolved month, turn by turn (default: the last resolved).

    \b
    Example:
      engarde duel show 1607-04
    """
    camp = c.campaign()
    with store.reading(camp.database) as s:
        if month:
            when = GameMonth.parse(month)
        else:
            done = queries.turns(s, camp.id)
            if not done:
                fail("no month has been resolved yet")
            when = GameMonth.parse(done[-1].month)
        duels = [e for e in queries.month_events(s, camp.id, when) if e.code == EV_DUEL]
    if as_json:
        echo_json([{"week": e.week, **e.data} for e in duels])
        return
    if not duels:
        click.echo(f"No duels in {when}.")
    for e in duels:
        d = e.data
        a, b = d["names"]
        click.echo(f"{when} {week_label(e.week)}: {a} ({d['weapons'][0]}) v {b} ({d['weapons'][1]}), "
                   f"{d['place']}; cause: {d['cause']}")
        plain = [f"  {'turn':>4}  {a[:12]:>12} {b[:12]:>12}  {'damage':>9}  {'endurance':>11}"]
        rows = []
        for t in d["turns"]:
            acts, dmg, end = t["actions"], t["damage"], t["endurance"]
            plain.append(f"  {t['turn']:>4}  {acts[0]:>12} {acts[1]:>12}  {dmg[0]:>4} {dmg[1]:>4}  "
                         f"{end[0]:>5} {end[1]:>5}" + (f"  {'; '.join(t['notes'])}" if t["notes"] else ""))
            rows.append((t["turn"], acts[0], acts[1], dmg[0], dmg[1], end[0], end[1], "; ".join(t["notes"])))
        numbers = (f"damage {a[:12]}", f"damage {b[:12]}", f"endurance {a[:12]}", f"endurance {b[:12]}")
        terminal.table(("turn", a, b, *numbers, "notes"), rows, plain, right=("turn", *numbers))
        outcome = {"killed": "killed: " + ", ".join(d["killed"]), "surrender": "surrendered: "
                   + ", ".join(d["surrendered"]), "parted": "parted by the seconds"}[d["end"]]
        click.echo(f"  winner: {d['winner'] or 'none'} ({outcome})")


COMMANDS = (duel,)

"""d. Loans for the GM: every loan outstanding, and each man's debts on his sheet."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import click

from ... import queries, store, terminal
from ...calendar import GameMonth
from ...clikit import Context, echo_json, pass_ctx
from ...config import Campaign
from ...tables import Tables
from ...world import World
from .rules import first_call
from .state import Loan
from .tables import LoansTables

def list_loans(campaign: Campaign) -> list[Loan]:
    """Every loan outstanding, by number."""
    with store.reading(campaign.database) as s:
        return sorted(queries.load_world(s, campaign)[1].loans, key=lambda x: x.number)


def describe(tables: LoansTables, x: Loan, owed: bool) -> str:
    """One loan on a sheet: what he owes (``owed``) or what is owed to him."""
    taken = GameMonth.parse(x.taken)
    if x.from_moneylender:
        text = (f"loan {x.number}: {x.amount} crowns to a moneylender ({x.principal} lent in {taken}, "
                f"+{x.interest_percent}%), due at the end of {GameMonth.parse(x.due)}")
    else:
        whom = f"to {x.lender}" if owed else f"from {x.borrower}"
        text = f"loan {x.number}: {x.amount} crowns {whom} (lent in {taken}, no interest), "
        text += f"called in {GameMonth.parse(x.called)}" if x.called else f"callable from {first_call(tables, x)}"
    if x.defaulted:
        text += f"; unpaid since {GameMonth.parse(x.defaulted)}"
    return text


def sheet_view(world: World, name: str, tables: Tables) -> tuple[dict[str, Any], list[str]]:
    """His loans on his sheet (``engarde sheet``): those he owes and those owed to him."""
    loans = sorted(world.loans, key=lambda x: x.number)
    debts = [x for x in loans if x.borrower == name]
    lent = [x for x in loans if x.lender == name]
    own = tables.loans
    lines = ["Debts:" + ("" if debts else " none")] + [f"  {describe(own, x, owed=True)}" for x in debts]
    lines += ["Lent:" + ("" if lent else " nothing")] + [f"  {describe(own, x, owed=False)}" for x in lent]
    return {"debts": [asdict(x) for x in debts], "lent": [asdict(x) for x in lent]}, lines


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON records.")
@pass_ctx
def loans(c: Context, as_json: bool) -> None:
    """List the loans outstanding: who owes whom, how much, and when it falls due.

    \b
    Example:
      engarde loans
    """
    camp = c.campaign()
    tables = c.tables(camp).loans
    found = list_loans(camp)
    if as_json:
        echo_json([asdict(x) for x in found])
        return
    if not found:
        click.echo("No loans outstanding.")
        return
    plain, rows = [], []
    for x in found:
        taken = GameMonth.parse(x.taken)
        if x.from_moneylender:
            text = (f"{x.borrower} owes a moneylender {x.amount} crowns ({x.principal} lent in {taken}, "
                    f"+{x.interest_percent}%), due at the end of {GameMonth.parse(x.due)}")
        else:
            text = f"{x.borrower} owes {x.lender} {x.amount} crowns (lent in {taken}, no interest), "
            text += (f"called in {GameMonth.parse(x.called)}" if x.called
                     else f"callable from {first_call(tables, x)}")
        if x.defaulted:
            text += f"; unpaid since {GameMonth.parse(x.defaulted)}: {x.borrower} is disgraced"
        plain.append(f"{x.number:>3}  {text}")
        rows.append((x.number, text))
    terminal.table(("#", "loan"), rows, plain, right=("#",))


COMMANDS = (loans,)

"""One writer per campaign: two commands made to meet at a known point (engarde.pause), on SQLite
and on the real PostgreSQL.

The first command (A) is a real process held at a point; the second (B) runs against it twice:
once told not to wait (``ENGARDE_WAIT=0``), when it must be refused with who holds the campaign
(exit status 2), and once waiting (the default), when it must go on as if it had come after A.
Then A is released, and the campaign is checked: one month, the ledger once, each mail once,
the audit agreeing.  A holder killed with SIGKILL at its point lets the next command go on at
once, the campaign exactly as before.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import text
from sqlmodel import SQLModel

from engarde import ops, store
from engarde.cli import main
from engarde.demo import roster
from engarde.registry import for_campaign, load_campaign
from engarde.rules.creation.rules import given_character
from engarde.rules.mistresses.commands import roll_mistresses
from racing import Command

ROOT = Path(__file__).parent.parent
BUSY = re.compile(r"^engarde: another engarde command is working on this campaign "
                  r"\(pid (\d+), `(engarde [a-z ]+)`, since \d\d:\d\d:\d\d\)", re.M)
IDS = itertools.count(1)


class GM:
    """A campaign of the demo's seven gentlemen (no orders stored yet), on one backend."""

    def __init__(self, folder: Path, database: str) -> None:
        self.folder = folder
        self.id = f"race{next(IDS)}"
        shutil.copytree(ROOT / "orders" / "demo", folder / "orders")
        self.later = str(folder / "later")  # a later sheet of Aramis's for April, which rests in week 2
        (folder / "later").mkdir()
        aramis = (ROOT / "orders" / "demo" / "aramis.txt").read_text()
        assert "Week 2: Practise foil" in aramis
        (folder / "later" / "aramis-again.txt").write_text(aramis.replace("Week 2: Practise foil", "Week 2: Rest"))
        self.config = folder / "campaigns.toml"
        self.config.write_text(
            f'[campaigns.{self.id}]\nname = "Race"\nfirst_month = "April 1607"\nseed = "demo-1607"\n'
            f'orders = "orders"\n' + (f'database = "{database}"\n' if database else ""))
        self.camp = load_campaign(self.config, self.id)
        ops.reset(self.camp)
        ops.init(self.camp)
        tables = for_campaign(self.camp).tables
        for values in roster():
            values = dict(values)
            ops.add_character(self.camp, given_character(tables, values.pop("name"), **values))
        roll_mistresses(self.camp, tables)

    def cli(self, *args: str, code: int | None = 0, wait: str | None = None) -> str:
        """The command in this process; ``wait``: its ENGARDE_WAIT.  Output and error output."""
        env = {"ENGARDE_WAIT": wait} if wait is not None else {}
        result = CliRunner().invoke(main, ["--config", str(self.config), *args], env=env, catch_exceptions=False)
        if code is not None:
            assert result.exit_code == code, result.output
        return result.output

    def command(self, *args: str, **kw: str) -> Command:
        return Command(self.config, *args, **kw)

    def state(self) -> dict[str, list[tuple]]:
        """Every row the campaign has, table by table, in order: to compare before and after."""
        found = {}
        with store.transaction(self.camp.database) as s:
            for table in SQLModel.metadata.sorted_tables:
                column = "id" if table.name == "campaign" else "campaign_id"
                rows = s.connection().execute(
                    text(f'SELECT * FROM "{table.name}" WHERE {column} = :id ORDER BY id'), {"id": self.id}).all()
                found[table.name] = [tuple(map(str, row)) for row in rows]
        return found

    def check_april_resolved_once(self) -> None:
        state = self.state()
        assert [row[2] for row in state["turn"]] == ["1607-04"]
        assert json.loads(json.dumps(state["campaign"][0][1])) == "1607-05"
        self.cli("audit")

    def sheets(self) -> list[tuple[str, str, str]]:
        """(file, month, status) of every stored sheet, in the order stored."""
        with store.transaction(self.camp.database) as s:
            rows = s.connection().execute(text(
                "SELECT source, month, status FROM order_sheet WHERE campaign_id = :id ORDER BY id"),
                {"id": self.id}).all()
        return [(Path(source).name, month, status) for source, month, status in rows]


@pytest.fixture(params=["sqlite", "postgresql"])
def gm(request, tmp_path) -> GM:
    database = request.getfixturevalue("postgres_url") if request.param == "postgresql" else ""
    return GM(tmp_path, database)


def refused(gm: GM, holder: Command, out: str, command: str) -> None:
    found = BUSY.search(out)
    assert found, out
    assert (int(found.group(1)), found.group(2)) == (holder.process.pid, command)
    assert "Traceback" not in out


# -- races --------------------------------------------------------------------------------------


def test_run_and_run(gm):
    """Two `turn run` at once: the second is refused while the first holds the campaign; the one
    that waits for it is then refused too (the month it was asked to resolve has been), and April
    is resolved once (one turn, the ledger once, the audit agreeing)."""
    gm.cli("orders", "ingest", code=1)
    a = gm.command("turn", "run", pause="turn-run:before-commit").paused()
    refused(gm, a, gm.cli("turn", "run", code=2, wait="0"), "engarde turn run")
    b = gm.command("turn", "run", mark="turn-run:waiting").reached()
    code, out, err = a.release().finish()
    assert code == 0, out + err
    code, out, err = b.finish()
    assert code == 2 and out == "", out + err
    assert err.startswith("engarde: April 1607 was resolved by another command while this one waited"), err
    gm.check_april_resolved_once()


def test_run_and_ingest(gm):
    """An ingest during a turn: refused while the turn holds the campaign; the one that waits
    reads the mail after the month is resolved, so Aramis's later sheet for April is not taken
    for the month just resolved."""
    gm.cli("orders", "ingest", code=1)
    a = gm.command("turn", "run", pause="turn-run:before-commit").paused()
    refused(gm, a, gm.cli("orders", "ingest", gm.later, code=2, wait="0"), "engarde turn run")
    b = gm.command("orders", "ingest", gm.later, mark="orders-ingest:waiting").reached()
    assert a.release().finish()[0] == 0
    b.finish()
    later = [x for x in gm.sheets() if x[0] == "aramis-again.txt"]
    assert len(later) == 1 and later[0][1:] != ("1607-04", "accepted"), later
    assert ("aramis.txt", "1607-04", "accepted") in gm.sheets()
    gm.check_april_resolved_once()


def test_ingest_and_ingest(gm):
    """Two ingests of the same mail at once: the second is refused while the first holds the
    campaign; the one that waits finds every message already read.  Each message is stored once."""
    a = gm.command("orders", "ingest", pause="orders-ingest:before-commit").paused()
    refused(gm, a, gm.cli("orders", "ingest", code=2, wait="0"), "engarde orders ingest")
    b = gm.command("orders", "ingest", mark="orders-ingest:waiting").reached()
    assert a.release().finish()[0] == 1  # Jacques's sheet has its deliberate mistake
    code, out, err = b.finish()
    assert code == 0 and "7 message(s): 0 accepted" in out, out + err
    files = [x[0] for x in gm.sheets()]
    assert sorted(files) == sorted(p.name for p in (ROOT / "orders" / "demo").iterdir())


def test_undo_and_run(gm):
    """A `turn run` while `turn undo` holds the campaign: refused; the one that waits is refused
    too (it was asked to resolve May, and April is the month to resolve again).  April stays undone."""
    gm.cli("orders", "ingest", code=1)
    gm.cli("turn", "run")
    a = gm.command("turn", "undo", pause="turn-undo:before-commit").paused()
    refused(gm, a, gm.cli("turn", "run", code=2, wait="0"), "engarde turn undo")
    b = gm.command("turn", "run", mark="turn-run:waiting").reached()
    assert a.release().finish()[0] == 0
    code, out, err = b.finish()
    assert code == 2 and err.startswith("engarde: April 1607 was undone by another command while this one"), err
    state = gm.state()
    assert state["turn"] == [] and state["ledger"] == [] and "1607-04" in state["campaign"][0]
    gm.cli("audit")


def test_ingest_and_run(gm):
    """A `turn run` while an ingest holds the campaign: refused; the one that waits resolves April
    with the sheet the ingest stored (Aramis's later one, which rests in week 2)."""
    gm.cli("orders", "ingest", code=1)
    a = gm.command("orders", "ingest", gm.later, pause="orders-ingest:before-commit").paused()
    refused(gm, a, gm.cli("turn", "run", code=2, wait="0"), "engarde orders ingest")
    b = gm.command("turn", "run", mark="turn-run:waiting").reached()
    assert a.release().finish()[0] == 0
    code, out, err = b.finish()
    assert code == 0 and "Resolved April 1607" in out, out + err
    assert ("aramis-again.txt", "1607-04", "accepted") in gm.sheets()
    assert ("aramis.txt", "1607-04", "superseded") in gm.sheets()
    gm.check_april_resolved_once()


# -- kills ----------------------------------------------------------------------------------------

KILLS = [
    ("turn-run:locked", ("turn", "run"), True),
    ("turn-run:before-commit", ("turn", "run"), True),
    ("turn-undo:before-commit", ("turn", "undo"), True),
    ("orders-ingest:before-commit", ("orders", "ingest"), False),
]


@pytest.mark.parametrize("point,args,ingested", KILLS, ids=[k[0] for k in KILLS])
def test_a_holder_killed_lets_go_at_once(gm, point, args, ingested):
    """SIGKILL to the command holding the campaign at its point: the campaign is exactly as before,
    and the same command, run again without waiting at all, goes on."""
    if ingested:
        gm.cli("orders", "ingest", code=1)
    if args == ("turn", "undo"):
        gm.cli("turn", "run")
    before = gm.state()
    gm.command(*args, pause=point).paused().kill()
    assert gm.state() == before
    assert "working on this campaign" not in gm.cli("status")
    gm.cli(*args, code=1 if args == ("orders", "ingest") else 0, wait="0")


# -- readers ---------------------------------------------------------------------------------------


def test_a_reader_never_sees_half_a_month(gm):
    """`audit` reads the sheets, then (held) their ledgers: a month resolved and committed
    meanwhile is not half seen (the sheets of before with the ledger of after); the turn is not
    held up by the reader either."""
    gm.cli("orders", "ingest", code=1)
    a = gm.command("audit", pause="audit:reading").paused()
    gm.cli("turn", "run", wait="0")
    code, out, err = a.release().finish()
    assert code == 0 and "All 7 sheet(s) agree" in out, out + err


def test_status_says_who_holds_the_campaign(gm):
    """While a turn holds the campaign, `status` still answers (it only reads), and says who holds it."""
    gm.cli("orders", "ingest", code=1)
    a = gm.command("turn", "run", pause="turn-run:before-commit").paused()
    out = gm.cli("status")
    assert "Next month to resolve: April 1607" in out
    assert f"(pid {a.process.pid}, `engarde turn run`, since " in out, out
    assert a.release().finish()[0] == 0
    assert "working on this campaign" not in gm.cli("status")

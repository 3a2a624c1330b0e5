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

import datetime as dt
import itertools
import re
import shutil
import sqlite3
from importlib import import_module
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, make_url, text
from sqlmodel import SQLModel

from engarde import lock, ops, store
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
            f'orders = "orders"\n' + (f'database = "{database}"\n' if database else "")
            # house rules with GM commands (the shared secrets', the social conflicts'), so that
            # they are raced too (they read and write the world)
            + 'house_rules = ["secrets", "social_conflict"]\n'
            # Mail out (issue 13): a server nothing listens on; a mail command is refused before it sends.
            + f'[campaigns.{self.id}.mail.smtp]\nhost = "127.0.0.1"\nport = 9\nsecurity = "none"\n'
              'from = "gm@example.org"\ntimeout = 2\n')
        self.camp = load_campaign(self.config, self.id)
        ops.reset(self.camp)
        ops.init(self.camp)
        tables = for_campaign(self.camp).tables
        for values in roster():
            values = dict(values)
            password = values.pop("password")
            ops.add_character(self.camp, given_character(tables, values.pop("name"), **values), password=password)
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
        with store.reading(self.camp.database) as s:
            for table in SQLModel.metadata.sorted_tables:
                column = "id" if table.name == "campaign" else "campaign_id"
                rows = s.connection().execute(
                    text(f'SELECT * FROM "{table.name}" WHERE {column} = :id ORDER BY id'), {"id": self.id}).all()
                found[table.name] = [tuple(map(str, row)) for row in rows]
        return found

    def check_april_resolved_once(self, ledger: int | None = None) -> None:
        """One turn, April's; May to resolve; the audit agrees; ``ledger``: April's entries, once."""
        state = self.state()
        assert [row[2] for row in state["turn"]] == ["1607-04"]
        assert state["campaign"][0][1] == "1607-05"
        if ledger is not None:
            assert len(state["ledger"]) == ledger
        self.cli("audit")

    def sheets(self) -> list[tuple[str, str, str]]:
        """(file, month, status) of every stored sheet, in the order stored."""
        with store.reading(self.camp.database) as s:
            rows = s.connection().execute(text(
                "SELECT source, month, status FROM order_sheet WHERE campaign_id = :id ORDER BY id"),
                {"id": self.id}).all()
        return [(Path(source).name, month, status) for source, month, status in rows]


def fresh_postgres(url: str, name: str) -> str:
    """A new, empty database on the server of ``url``: its URL."""
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    engine.dispose()
    return make_url(url).set(database=name).render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request) -> str:
    """"" (the default: an SQLite file beside campaigns.toml), or an empty PostgreSQL database."""
    if request.param == "postgresql":
        return fresh_postgres(request.getfixturevalue("postgres_url"), f"lock{next(IDS)}")
    return ""


@pytest.fixture
def gm(tmp_path, database) -> GM:
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
    entries = int(re.search(r"(\d+) ledger entries", out).group(1))
    code, out, err = b.finish()
    assert code == 2 and out == "", out + err
    assert err.startswith("engarde: April 1607 was resolved by another command while this one waited"), err
    gm.check_april_resolved_once(ledger=entries)


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


# -- every command ---------------------------------------------------------------------------------

# Every command of the CLI, by what it does to a campaign: one that writes is refused while another
# command holds the campaign; one that reads answers at once, without waiting.  A new command must be
# put in one of these (test_every_command_is_a_writer_or_a_reader).
WRITERS = {
    "init": ("init",),
    "character create": ("character", "create", "Cyrano", "--given", "--sl", "8", "--crowns", "100",
                         "--strength", "10", "--constitution", "10", "--expertise", "10", "--ma", "3"),
    "character password": ("character", "password", "Porthos", "--generate"),
    "character email": ("character", "email", "Porthos", "paul.marchand@example.org"),
    "orders ingest": ("orders", "ingest", "{later}"),
    "turn run": ("turn", "run"),
    "turn undo": ("turn", "undo"),
    "gazette": ("gazette", "--no-pdf"),
    "regiment": ("regiment", "decide", "Dragoon Guards", "D'Artagnan", "--accept"),
    "appointment decide": ("appointment", "decide", "Inspector-General of Cavalry", "Athos", "--accept"),
    "petition decide": ("petition", "decide", "Porthos", "--accept"),
    "mistress roll": ("mistress", "roll"),
    "mistress add": ("mistress", "add", "Milady de Winter", "--sl", "14"),
    "mistress rename": ("mistress", "rename", "1", "Roxanne"),
    "duel cause": ("duel", "cause", "Porthos", "Athos", "--ruling", "no"),
    "notes add": ("notes", "add", "A ruling."),
    "secrets add": ("secrets", "add", "Porthos", "hearts", "3", "Porthos writes verses", "--to", "Athos"),
    "secrets give": ("secrets", "give", "1", "Athos"),
    "conflict settle": ("conflict", "settle", "1", "A ruling."),
    "notes remove": ("notes", "remove", "1"),
    "demo": ("--campaign", "{id}", "demo", "--no-pdf"),
    "backup": ("backup", "{folder}/again.zip"),
    "restore": ("restore", "--replace", "{folder}/before.zip"),
    "mail confirmations": ("mail", "confirmations"),
    "mail reminders": ("mail", "reminders", "--force"),
    "mail publish": ("mail", "publish"),
    "mail welcome": ("mail", "welcome"),
    # Each of its steps takes the lock itself: the first (ingest) is refused, and nothing is done.
    "deadline": ("deadline", "--source", "{later}", "--no-mail", "--force", "--no-pdf"),
}
READERS = {
    "status": ("status",),
    "character list": ("character", "list"),
    "character welcome": ("character", "welcome", "Porthos"),
    "orders check": ("orders", "check", "{later}/aramis-again.txt"),
    "orders list": ("orders", "list"),
    "orders confirmations": ("orders", "confirmations"),
    "orders missing": ("orders", "missing"),
    "orders template": ("orders", "template", "Porthos"),
    "mail sent": ("mail", "sent"),
    "report": ("report", "Porthos"),
    "press": ("press",),
    "sheet": ("sheet", "Porthos"),
    "audit": ("audit",),
    "regiment": ("regiment", "Dragoon Guards"),
    "pending": ("pending",),
    "front": ("front",),
    "mistress list": ("mistress", "list"),
    "loans": ("loans",),
    "duel check": ("duel", "check", "X L X CL K X X X X S P JB (X)"),
    "duel rulings": ("duel", "rulings"),
    "notes list": ("notes", "list"),
    "secrets list": ("secrets", "list"),
    "conflict list": ("conflict", "list"),
    "duel show": ("duel", "show", "1607-04"),
    "tables": ("tables", "clubs"),
    "db status": ("db", "status"),
    # It reads the campaign at one moment and writes only the site's own files, never the campaign.
    "site build": ("site", "build", "{folder}/site"),
    # It writes only to a database of an older schema (then under the lock: test_upgrade_and_upgrade);
    # the campaign's is this engarde's, and it says so.
    "db upgrade": ("db", "upgrade"),
}


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[str]:
    ctx = click.Context(group)
    found = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        found += (_commands(command, prefix + (name,)) if isinstance(command, click.Group)
                  else [" ".join(prefix + (name,))])
    return found


def test_every_command_is_a_writer_or_a_reader():
    """Each command of the CLI is listed here as one that writes (it must take the campaign's lock)
    or one that only reads; a new command is put in one list or the other."""
    assert sorted(set(_commands(main)) - set(WRITERS) - set(READERS)) == []


def test_while_a_turn_holds_the_campaign_every_writer_is_refused_and_every_reader_answers(gm):
    """While `turn run` holds the campaign, every command that writes is refused at once (told
    not to wait) with who holds it, and writes nothing; every command that only reads answers."""
    gm.cli("orders", "ingest", code=1)
    gm.cli("backup", str(gm.folder / "before.zip"))
    a = gm.command("turn", "run", pause="turn-run:before-commit").paused()
    before = gm.state()
    given = {"later": gm.later, "id": gm.id, "folder": str(gm.folder)}
    for name, args in WRITERS.items():
        out = gm.cli(*(arg.format(**given) for arg in args), code=2, wait="0")
        refused(gm, a, out, "engarde turn run")
    assert gm.state() == before
    for name, args in READERS.items():
        out = gm.cli(*(arg.format(**given) for arg in args), code=None, wait="0")
        assert "Traceback" not in out and ("working on this campaign" in out) == (name == "status"), (name, out)
    assert a.release().finish()[0] == 0
    gm.check_april_resolved_once()


def test_sqlite_held_by_another_program(tmp_path):
    """An SQLite database held by a program that is not engarde (here the sqlite3 module, in a
    write transaction): a command that writes is refused, saying so; `status` names no engarde
    command; when the program lets go, the command goes on."""
    gm = GM(tmp_path, "")
    other = sqlite3.connect(tmp_path / f"{gm.id}.sqlite", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    out = gm.cli("character", "create", "Cyrano", code=2, wait="0")
    assert "is held by another program, not an engarde command; waited 0 s" in out and "Traceback" not in out
    assert "working on this campaign" not in gm.cli("status")
    other.execute("ROLLBACK")
    assert "Created Cyrano" in gm.cli("character", "create", "Cyrano", wait="0")


def test_a_write_inside_a_write_is_a_mistake_said_at_once(tmp_path):
    """engarde's own code never nests two writes on one campaign (the inner would wait for the
    outer): it is refused at once, not after the wait."""
    gm = GM(tmp_path, "")
    with lock.writing(gm.camp, "outer"):
        with pytest.raises(RuntimeError, match="already holds campaign"):
            with lock.writing(gm.camp, "inner"):
                pass


def test_init_and_init(tmp_path, database):
    """Two `engarde init` at once on an empty database: the second waits while the first builds
    the tables (then finds them built); one of them sets the campaign up, the other finds it set up."""
    config = tmp_path / "campaigns.toml"
    config.write_text('[campaigns.c]\nname = "C"\nfirst_month = "April 1607"\nseed = "c"\n'
                      + (f'database = "{database}"\n' if database else ""))
    a = Command(config, "init", pause="schema-create:before-commit").paused()
    b = Command(config, "init", mark="schema-create:begin").reached()
    done = [a.release().finish(), b.finish()]
    assert [code for code, _, _ in done] == [0, 0], done
    # either may then take the campaign's lock first and make its row: one does
    assert sorted(out.split(" (")[0] for _, out, _ in done) == ["c: already set up", "c: created"], done


def test_upgrade_and_upgrade(gm):
    """Two `db upgrade` at once on a database from before versions: the second is refused while
    the first holds the campaign; the one that waits finds it up to date and copies nothing."""
    with store.transaction(gm.camp.database) as s:
        s.connection().exec_driver_sql("DROP TABLE alembic_version")
        s.connection().exec_driver_sql("DROP TABLE sent_mail")  # a table of a later revision (0003)
        for name, _, _ in import_module("engarde.migrations.versions.0004_indexes").INDEXES:  # and 0004's indexes
            s.connection().exec_driver_sql(f"DROP INDEX {name}")
        s.connection().exec_driver_sql("ALTER TABLE turn DROP COLUMN mailed_at")  # and 0005's column
        s.connection().exec_driver_sql("DROP TABLE gm_note")  # and 0006's table
    store.forget_engine(gm.camp.database)
    assert "engarde db upgrade" in gm.cli("status", code=2)
    a = gm.command("db", "upgrade", pause="db-upgrade:before-commit").paused()
    refused(gm, a, gm.cli("db", "upgrade", code=2, wait="0"), "engarde db upgrade")
    b = gm.command("db", "upgrade", mark="db-upgrade:waiting").reached()
    code, out, err = a.release().finish()
    assert code == 0 and "Upgraded the database from the schema from before versions" in out, out + err
    code, out, err = b.finish()
    assert code == 0 and "up to date" in out, out + err
    store.forget_engine(gm.camp.database)
    assert "up to date" in gm.cli("db", "status")
    assert len(list(gm.folder.glob("*.before-*"))) == (0 if gm.camp.database.startswith("postgresql") else 1)
    gm.cli("audit")


def test_nothing_in_engarde_writes_without_the_lock():
    """engarde's code opens a transaction in two ways only: ``store.reading`` (it cannot write) or
    ``lock.writing`` / ``lock.connected`` (the campaign's lock).  ``store.transaction`` (a write
    without the lock) is the tests' own; a session or a connection is opened only by store.py,
    lock.py and the schema's check (engarde/ops/database.py reads the schema version)."""
    found = []
    for path in sorted((ROOT / "engarde").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if "store.transaction(" in line or (re.search(r"\bSession\(engine|\.begin\(\)|\.connect\(\)", line)
                                                and name not in ("engarde/store.py", "engarde/lock.py",
                                                                 "engarde/ops/database.py")):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []


def test_the_holder_named_in_postgresqls_application_name_reads_back():
    """On PostgreSQL the holder says who it is in its transaction's application_name, which keeps
    63 bytes: the pid, the moment and the command read back whole; a long host name is cut."""
    since = dt.datetime(2026, 1, 10, 17, 2, 11, tzinfo=dt.timezone.utc)
    holder = lock.Holder(4242, "engarde appointment decide", since, "a-very-long-host-name.example.org")
    name = lock._application_name(holder)
    assert len(name.encode()) <= 63
    back = lock._from_application_name(name, 99, None)
    assert (back.pid, back.command, back.since) == (4242, "engarde appointment decide", since)
    assert holder.host.startswith(back.host) and back.host
    assert str(lock._from_application_name("psql", 99, since)).startswith("PostgreSQL session 99, since ")

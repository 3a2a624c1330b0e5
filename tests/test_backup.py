"""engarde backup / restore: the whole campaign in one file and back, on SQLite and PostgreSQL."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from sqlalchemy import Boolean, create_engine, text
from sqlmodel import SQLModel

from engarde import store
from engarde.config import load_one
from engarde.demo import run_demo
from engarde.ops import backup as backups
from helpers import cli

ROOT = Path(__file__).parent.parent


def campaign_at(folder: Path, database: str | None = None, mail: bool = True):
    folder.mkdir(parents=True, exist_ok=True)
    if mail:
        shutil.copytree(ROOT / "orders" / "demo", folder / "mail")
    else:
        (folder / "mail").mkdir()
    db = f'database = "{database}"\n' if database else ""
    (folder / "campaigns.toml").write_text(
        f'[campaigns.demo]\nname = "Demo"\nfirst_month = "April 1607"\nseed = "demo-1607"\norders = "mail"\n{db}')
    run = cli(folder / "campaigns.toml")
    run.campaign = load_one(folder / "campaigns.toml", "demo")
    run.folder = folder
    return run


def _canonical(column, value):
    """A value as both databases give it back: JSON parsed, times in UTC, booleans as booleans."""
    kind = backups._kind(column)
    if value is None:
        return None
    if kind is dict:
        return json.dumps(json.loads(value) if isinstance(value, str) else value, sort_keys=True)
    if kind is dt.datetime:
        moment = dt.datetime.fromisoformat(value) if isinstance(value, str) else value
        return (moment if moment.tzinfo else moment.replace(tzinfo=dt.timezone.utc)).astimezone(dt.timezone.utc)
    if isinstance(column.type, Boolean):
        return bool(value)
    return bytes(value) if isinstance(value, memoryview) else value


def dump(url: str, campaign_id: str = "demo") -> dict[str, list]:
    """Every row of the campaign, without ids, in order: what must survive a round trip."""
    engine = create_engine(url)
    out = {}
    with engine.connect() as c:
        names = {r[0]: r[1] for r in c.execute(text("select id, name from character where campaign_id = :c"),
                                               {"c": campaign_id})}
        for table in backups.TABLES:
            key = "id" if table == "campaign" else "campaign_id"
            rows = c.execute(text(f"select * from {table} where {key} = :c order by "
                                  f"{'id' if table != 'campaign' else 'current_month'}"), {"c": campaign_id})
            found = []
            for row in rows:
                d = dict(row._mapping)
                if table != "campaign":
                    d.pop("id")
                if "character_id" in d and d["character_id"] is not None:
                    d["character_id"] = names[d["character_id"]]
                if table == "turn":
                    snap = d["snapshot"] if isinstance(d["snapshot"], dict) else json.loads(d["snapshot"])
                    d["snapshot"] = json.dumps({**snap, "characters": [{**c, "id": names[c["id"]]}
                                                                     for c in snap["characters"]],
                                                "standing": {names[int(k)]: v for k, v in snap["standing"].items()}},
                                               sort_keys=True)
                found.append({k: _canonical(SQLModel.metadata.tables[table].c[k], v) for k, v in d.items()})
            out[table] = found
    engine.dispose()
    return out


def test_every_table_of_a_campaign_is_backed_up():
    """A table added to the models is either written to a backup or named as not a campaign's own."""
    tables = set(SQLModel.metadata.tables)
    assert tables == set(backups.TABLES) | backups.NOT_BACKED_UP


def test_a_campaign_round_trips_on_sqlite(tmp_path):
    """The demo month backed up and restored into another database is the same campaign: every row,
    the audit, the gazette, and undo + run gives the same month."""
    first = campaign_at(tmp_path / "first")
    run_demo(first.campaign, pdf=False, echo=lambda line: None)
    out = first("backup", str(tmp_path / "demo.zip"))
    assert "7 characters, 1 months resolved" in out and "7 mail file(s)" in out
    second = campaign_at(tmp_path / "second", mail=False)
    out = second("restore", str(tmp_path / "demo.zip"))
    assert "7 mail file(s) put back" in out
    assert dump(first.campaign.database) == dump(second.campaign.database)
    # JSON keeps its key order (the rules iterate some of these mappings): the very same text.
    raw = ("select c.name, c.current, c.standing, t.snapshot, p.world from character c, turn t, campaign p "
           "order by c.name")
    texts = [create_engine(r.campaign.database).connect().execute(text(raw)).all() for r in (first, second)]
    assert [row[1:] for row in texts[0]] == [row[1:] for row in texts[1]]
    assert sorted(p.name for p in (second.folder / "mail").iterdir()) == sorted(
        p.name for p in (first.folder / "mail").iterdir())
    assert "agree with their ledgers" in second("audit")
    first("gazette", "--no-pdf")
    second("gazette", "--no-pdf")
    page = Path("newsletters") / "demo" / "1607-04.html"
    assert (second.folder / page).read_text() == (first.folder / page).read_text()
    ledger = json.loads(second("sheet", "Porthos", "--json"))["ledger"]
    second("turn", "undo")
    second("turn", "run")
    assert json.loads(second("sheet", "Porthos", "--json"))["ledger"] == ledger


def test_a_campaign_moves_between_sqlite_and_postgresql(tmp_path, postgres_url):
    """Backed up from SQLite, restored into PostgreSQL, backed up again and restored into SQLite:
    the same rows at every step."""
    store.forget_engine(postgres_url)
    engine = create_engine(postgres_url)
    with engine.begin() as c:
        SQLModel.metadata.drop_all(c)
        c.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    engine.dispose()
    lite = campaign_at(tmp_path / "lite")
    run_demo(lite.campaign, pdf=False, echo=lambda line: None)
    lite("backup", str(tmp_path / "a.zip"))
    pg = campaign_at(tmp_path / "pg", postgres_url, mail=False)
    pg("restore", str(tmp_path / "a.zip"))
    assert dump(postgres_url) == dump(lite.campaign.database)
    assert "agree with their ledgers" in pg("audit")
    pg("backup", str(tmp_path / "b.zip"))
    back = campaign_at(tmp_path / "back", mail=False)
    back("restore", str(tmp_path / "b.zip"))
    assert dump(back.campaign.database) == dump(lite.campaign.database)
    pg("turn", "undo")  # the restored snapshot names PostgreSQL's ids
    assert "April 1607" in pg("status")


def test_restore_refuses_a_campaign_already_there_unless_replaced(tmp_path):
    run = campaign_at(tmp_path / "c")
    run_demo(run.campaign, pdf=False, echo=lambda line: None)
    run("backup", str(tmp_path / "c.zip"))
    before = dump(run.campaign.database)
    out = run("restore", str(tmp_path / "c.zip"), code=2)
    assert "the campaign 'demo' is already in" in out and "--replace" in out
    run("turn", "undo")
    run("restore", str(tmp_path / "c.zip"), "--replace")
    assert dump(run.campaign.database) == before


def hostile(tmp_path: Path, name: str, members: dict[str, bytes | str]) -> Path:
    path = tmp_path / name
    with zipfile.ZipFile(path, "w") as z:
        for member, data in members.items():
            z.writestr(member, data)
    return path


def good_manifest(**changes) -> str:
    return json.dumps({"format": "engarde-backup", "version": 1, "campaign": "demo", "schema": backups.schema.HEAD,
                       **changes})


@pytest.mark.parametrize("name, members, message", [
    ("none.zip", None, "no such file"),
    ("text.zip", "not a zip", "is not an engarde backup"),
    ("empty.zip", {}, "is not an engarde backup (it has no manifest.json)"),
    ("other.zip", {"manifest.json": good_manifest(format="other")}, "is not an engarde backup"),
    ("camp.zip", {"manifest.json": good_manifest(campaign="athos")}, "is a backup of the campaign 'athos'"),
    ("old.zip", {"manifest.json": good_manifest(schema="0000")}, "was written at schema version 0000"),
    ("missing.zip", {"manifest.json": good_manifest()}, "tables/campaign.jsonl is missing"),
    ("bad-row.zip", {"manifest.json": good_manifest(), **{f"tables/{t}.jsonl": "" for t in backups.TABLES},
                     "tables/ledger.jsonl": "{not json\n"}, "tables/ledger.jsonl line 1"),
    ("no-camp.zip", {"manifest.json": good_manifest(), **{f"tables/{t}.jsonl": "" for t in backups.TABLES}},
     "must hold the one campaign 'demo'"),
])
def test_a_bad_backup_is_refused_with_the_reason(tmp_path, name, members, message):
    run = campaign_at(tmp_path / "c", mail=False)
    path = tmp_path / name
    if isinstance(members, str):
        path.write_text(members)
    elif members is not None:
        path = hostile(tmp_path, name, members)
    out = run("restore", str(path), code=2)
    assert message in out and "Traceback" not in out


def test_a_backup_cannot_write_outside_the_orders_folder(tmp_path):
    run = campaign_at(tmp_path / "c")
    run_demo(run.campaign, pdf=False, echo=lambda line: None)
    run("backup", str(tmp_path / "c.zip"))
    with zipfile.ZipFile(tmp_path / "c.zip") as z:
        members = {m: z.read(m) for m in z.namelist()}
    members["mail/../../escaped.txt"] = b"gotcha"
    path = hostile(tmp_path, "evil.zip", members)
    other = campaign_at(tmp_path / "other", mail=False)
    assert "would be written outside" in other("restore", str(path), code=2)
    assert not (tmp_path / "escaped.txt").exists()
